//! LLVM bitcode from the IR, laid out as LLVM 7.0.1's writer lays it out (what libNVVM below
//! compute_100 and LLVM 7 … 19 read): an identification block, the module block (version 2:
//! relative value ids, names in a string table) with `BLOCKINFO`, attribute groups and lists, the
//! type table, globals, constants, metadata, function bodies and the value symbol table that
//! says where each body is, then the string table.
//!
//! Records follow LLVM 7's layouts (`BitcodeWriter.cpp` of LLVM 7.0.1): explicit types where it
//! writes them (loads, GEPs, calls, global value types), the old-style records it still writes
//! (`DISubprogram` without `spFlags`, `DIGlobalVariable` version 1). What the IR holds that LLVM
//! 7 has no record for (newer instructions, attributes, constants) is written with the record
//! the LLVM that introduced it uses, which LLVM 14 and later read; what no LLVM record carries
//! is refused with an error naming it, never dropped.
//!
//! [`Layout::Modern`] writes LLVM 22's layout instead, for opaque-pointer modules (a typed module
//! is first upgraded to opaque pointers): opaque pointer types, the records LLVM 8 … 22 added
//! (`atomicrmw` with its value type, allocas with their address space, constant GEPs with their
//! flags and `inrange`, globals and functions with partitions, sanitizer and code-model fields,
//! typed `byval`/`sret`, `memory(...)` as LLVM 22 encodes it, `DISubprogram` with `spFlags`), and
//! the metadata kinds and bundle tags LLVM 22's context registers. Output is deterministic (the
//! same module gives the same bytes).

mod bitstream;
mod function;
mod metadata;
mod types;

use crate::bitcode::bitstream::AbbrevOp::{self, Array, Char6, Fixed, Literal, Vbr};
use crate::bitcode::codes::{self, block};
use crate::ir::attrs::{Attr, AttrSetId};
use crate::ir::constant::{ApInt, ConstData, ConstId, ExprOp};
use crate::ir::instruction::BinOp;
use crate::ir::module::{
    DllStorage, FuncId, GlobalDef, GlobalProps, Linkage, SymbolId, ThreadLocal, UnnamedAddr, Visibility,
};
use crate::ir::types::{FloatKind, TypeData, TypeId};
use crate::ir::{Dialect, Module, Value};
pub use bitstream::Pieces;
use bitstream::{is_char6, BitWriter};
use rustc_hash::FxHashMap;
use types::WriterTypes;

/// Why a module could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteError {
    message: String,
    offset: Option<u32>,
    over_limit: bool,
}

impl WriteError {
    pub(crate) fn new(msg: impl Into<String>) -> Self {
        WriteError { message: msg.into(), offset: None, over_limit: false }
    }
    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
    /// Where what the error names starts in the text the module was read from, when known.
    pub fn offset(&self) -> Option<u32> {
        self.offset
    }
    /// Whether the bitcode was refused for being larger than the limit the writer was given
    /// ([`write_as_limited`]).
    pub fn over_limit(&self) -> bool {
        self.over_limit
    }
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for WriteError {}

type Result<T> = std::result::Result<T, WriteError>;

/// The words every error of output over the limit ([`WriteError::over_limit`]) says, for callers
/// that pass the message on in an error of their own.
pub const OVER_LIMIT: &str = "output limit";

/// The producer string LLVM 7.0.1 writes in its identification block.
pub const PRODUCER: &str = "LLVM7.0.1";

/// The producer string of the modern layout (LLVM 22.1's writer).
pub const PRODUCER_MODERN: &str = "LLVM22.1.0";

/// Which LLVM's bitcode layout to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    /// LLVM 7.0.1's, for typed-pointer modules: what libNVVM below compute_100 and nvJitLink
    /// below sm_100 read.
    #[default]
    Llvm7,
    /// LLVM 22's, for opaque-pointer modules: what libNVVM from compute_100 on and LLVM 17 and
    /// later read.
    Modern,
}

/// Writes a typed-pointer module as LLVM 7.0.1 bitcode. The module is validated first
/// ([`crate::ir::validate`]); opaque-pointer modules are refused (use [`write_as`] with
/// [`Layout::Modern`]).
pub fn write(m: &Module) -> Result<Vec<u8>> {
    write_as(m, Layout::Llvm7)
}

/// Writes a module in `layout`. The module is validated first ([`crate::ir::validate`]).
/// [`Layout::Llvm7`] refuses opaque-pointer modules; [`Layout::Modern`] upgrades a typed-pointer
/// module to opaque pointers first ([`crate::pass::opaque::upgrade`]).
pub fn write_as(m: &Module, layout: Layout) -> Result<Vec<u8>> {
    write_as_limited(m, layout, u64::MAX).map(Pieces::into_vec)
}

/// [`write_as`], refusing bitcode of more than `max_bytes` bytes. The one construct whose bitcode
/// can be far larger than the module in memory, a wide integer constant (LLVM's record holds
/// every 64-bit word of a negative one: 131,072 for an `i8388608 -1`, which the IR holds as one),
/// is refused before it is written, naming the constant and where it is used (see
/// [`WriteError::offset`]); any other excess once the bitcode is made.
///
/// The bytes come in [`Pieces`] (large function bodies are not copied into one buffer): write
/// them out with [`Pieces::write_to`], or join them with [`Pieces::into_vec`].
pub fn write_as_limited(m: &Module, layout: Layout, max_bytes: u64) -> Result<Pieces> {
    let typed = m.types.dialect() == Some(Dialect::TypedPointers);
    match layout {
        Layout::Llvm7 if m.types.dialect() == Some(Dialect::OpaquePointers) => Err(WriteError::new(
            "an opaque-pointer module has no LLVM 7 layout (write it with the modern layout, or convert it)",
        )),
        Layout::Modern if typed => {
            crate::ir::validate(m).map_err(|e| WriteError::new(format!("invalid module: {e}")))?;
            let mut up = m.clone();
            crate::pass::opaque::upgrade(&mut up).map_err(|e| WriteError::new(e.to_string()))?;
            write_checked(&up, Layout::Modern, max_bytes)
        }
        _ => write_checked(m, layout, max_bytes),
    }
}

/// [`write_as_limited`] for a module the caller no longer needs as it is: a typed-pointer module
/// written in [`Layout::Modern`] is upgraded to opaque pointers in place rather than in a copy,
/// so that a large module is not held twice (100k functions calling each other, 5.9 MB of text:
/// 180 MB peak with the copy). `m` is left as written.
pub fn write_in_place_limited(m: &mut Module, layout: Layout, max_bytes: u64) -> Result<Pieces> {
    if layout == Layout::Modern && m.types.dialect() == Some(Dialect::TypedPointers) {
        crate::ir::validate(m).map_err(|e| WriteError::new(format!("invalid module: {e}")))?;
        crate::pass::opaque::upgrade(m).map_err(|e| WriteError::new(e.to_string()))?;
    }
    write_as_limited(m, layout, max_bytes)
}

fn write_checked(m: &Module, layout: Layout, max_bytes: u64) -> Result<Pieces> {
    crate::ir::validate(m).map_err(|e| WriteError::new(format!("invalid module: {e}")))?;
    write_limited(m, layout == Layout::Modern, max_bytes)
}

/// Writes `m` with [`Writer`], refusing more than `max_bytes` bytes.
fn write_limited(m: &Module, modern: bool, max_bytes: u64) -> Result<Pieces> {
    let bytes = Writer { max_bytes, ..Writer::new(m, modern)? }.write()?;
    if bytes.len() as u64 > max_bytes {
        return Err(WriteError {
            message: format!(
                "the bitcode would take {} bytes, over the {OVER_LIMIT} of {max_bytes} bytes",
                bytes.len()
            ),
            offset: None,
            over_limit: true,
        });
    }
    Ok(bytes)
}

/// [`write_as`] for a module the text reader ([`crate::parse`]) just made, which enforces the
/// IR's rules as it reads: the module is not validated again (on a large module that is a tenth
/// of the time). A module built or changed through the API, or read from bitcode, goes through
/// [`write_as`].
pub fn write_as_read(m: &Module, layout: Layout) -> Result<Vec<u8>> {
    write_as_read_limited(m, layout, u64::MAX).map(Pieces::into_vec)
}

/// [`write_as_read`], refusing more than `max_bytes` bytes as [`write_as_limited`] does.
pub fn write_as_read_limited(m: &Module, layout: Layout, max_bytes: u64) -> Result<Pieces> {
    match layout {
        Layout::Llvm7 if m.types.dialect() != Some(Dialect::OpaquePointers) => write_limited(m, false, max_bytes),
        Layout::Modern if m.types.dialect() != Some(Dialect::TypedPointers) => write_limited(m, true, max_bytes),
        _ => write_as_limited(m, layout, max_bytes),
    }
}

/// Value ids and the tables every block shares.
pub(super) struct Writer<'m> {
    m: &'m Module,
    /// LLVM 22's layout rather than LLVM 7's.
    pub(super) modern: bool,
    /// From how many instructions on function bodies are written on several threads.
    parallel_min: usize,
    /// The most bytes of bitcode to write.
    max_bytes: u64,
    /// Bytes the wide integer records written so far take at least (on every thread).
    wide_bytes: std::sync::atomic::AtomicU64,
    /// The datalayout's alloca address space (`A<n>`; the modern alloca record names any other).
    pub(super) alloca_space: u32,
    /// The module's types, with the few the writer needs beside them (pointers to inline
    /// assembly's and blockaddress functions' types).
    types: WriterTypes<'m>,
    /// Bitcode type id by type handle.
    type_ids: Vec<u32>,
    /// Types in table order.
    type_order: Vec<TypeId>,
    /// Bits a type id takes.
    type_bits: u32,
    /// Value id of each global value by symbol index (`u32::MAX`: a symbol with no definition).
    sym_ids: Vec<u32>,
    /// Value id of each function and global variable.
    fn_ids: Vec<u32>,
    var_ids: Vec<u32>,
    /// Operand bundle tags and sync scope names, LLVM 7's own first.
    tags: NameList,
    scopes: NameList,
    /// Module-level constants in value order, and their ids.
    mod_consts: Vec<ConstId>,
    /// Value id by constant index (`u32::MAX`: none).
    const_ids: Vec<u32>,
    /// Number of module-level values (globals, then constants).
    n_values: u32,
    /// Attribute groups: (index, set); ids are 1-based positions.
    groups: Vec<(u64, AttrSetId)>,
    group_ids: FxHashMap<(u64, AttrSetId), u64>,
    /// Attribute lists (their groups), 1-based.
    lists: Vec<Vec<u64>>,
    list_ids: FxHashMap<Vec<u64>, u64>,
    md: metadata::MdTable<'m>,
    /// Metadata kind ids by the module's kind index.
    kind_ids: Vec<u64>,
    kind_names: NameList,
    /// Bundle tags, LLVM 7's own first.
    bundle_tags: NameList,
    strtab: Vec<u8>,
    /// Where each name in `strtab` starts and how long it is, hashed by its bytes there (no
    /// second copy of every name).
    strtab_at: hashbrown::HashTable<(usize, usize)>,
    sections: NameList,
    gcs: NameList,
    comdat_ids: FxHashMap<String, u64>,
}

/// From how many instructions a module's tables and function bodies are made on several threads.
const PARALLEL_MIN: usize = 200_000;

/// Metadata kinds LLVM 7's context registers, in id order.
const FIXED_KINDS: &[&str] = &[
    "dbg",
    "tbaa",
    "prof",
    "fpmath",
    "range",
    "tbaa.struct",
    "invariant.load",
    "alias.scope",
    "noalias",
    "nontemporal",
    "llvm.mem.parallel_loop_access",
    "nonnull",
    "dereferenceable",
    "dereferenceable_or_null",
    "make.implicit",
    "unpredictable",
    "invariant.group",
    "align",
    "llvm.loop",
    "type",
    "section_prefix",
    "absolute_symbol",
    "associated",
    "callees",
    "irr_loop",
];

/// Metadata kinds LLVM 22's context registers, after LLVM 7's.
const FIXED_KINDS_MODERN: &[&str] = &[
    "llvm.access.group",
    "callback",
    "llvm.preserve.access.index",
    "vcall_visibility",
    "noundef",
    "annotation",
    "nosanitize",
    "func_sanitize",
    "exclude",
    "memprof",
    "callsite",
    "kcfi_type",
    "pcsections",
    "DIAssignID",
    "coro.outside.frame",
    "mmra",
    "noalias.addrspace",
    "callee_type",
    "nofree",
    "captures",
    "alloc_token",
    "implicit.ref",
];

/// Operand bundle tags LLVM 7's context registers.
const FIXED_BUNDLES: &[&str] = &["deopt", "funclet", "gc-transition"];

/// Operand bundle tags LLVM 22's context registers, after LLVM 7's.
const FIXED_BUNDLES_MODERN: &[&str] = &[
    "cfguardtarget",
    "preallocated",
    "gc-live",
    "clang.arc.attachedcall",
    "ptrauth",
    "kcfi",
    "convergencectrl",
    "align",
    "deactivation-symbol",
];

fn log2_ceil(n: u64) -> u32 {
    if n <= 1 {
        0
    } else {
        64 - (n - 1).leading_zeros()
    }
}

fn encode_align(a: Option<u64>) -> u64 {
    a.map_or(0, |b| u64::from(b.trailing_zeros()) + 1)
}

fn linkage_code(l: Linkage) -> u64 {
    match l {
        Linkage::External | Linkage::ExternalExplicit => 0,
        Linkage::Weak => 16,
        Linkage::Appending => 2,
        Linkage::Internal => 3,
        Linkage::LinkOnce => 18,
        Linkage::ExternWeak => 7,
        Linkage::Common => 8,
        Linkage::Private => 9,
        Linkage::WeakOdr => 17,
        Linkage::LinkOnceOdr => 19,
        Linkage::AvailableExternally => 12,
    }
}

fn visibility_code(p: &GlobalProps) -> u64 {
    match p.visibility {
        Visibility::Default => 0,
        Visibility::Hidden => 1,
        Visibility::Protected => 2,
    }
}

fn dll_code(p: &GlobalProps) -> u64 {
    match p.dll {
        DllStorage::None => 0,
        DllStorage::Import => 1,
        DllStorage::Export => 2,
    }
}

fn tls_code(p: &GlobalProps) -> u64 {
    match p.thread_local {
        ThreadLocal::None => 0,
        ThreadLocal::GeneralDynamic => 1,
        ThreadLocal::LocalDynamic => 2,
        ThreadLocal::InitialExec => 3,
        ThreadLocal::LocalExec => 4,
    }
}

fn unnamed_addr_code(p: &GlobalProps) -> u64 {
    match p.unnamed_addr {
        UnnamedAddr::None => 0,
        UnnamedAddr::Global => 1,
        UnnamedAddr::Local => 2,
    }
}

/// `dso_local` as LLVM holds it: written, or implied by local linkage or a visibility.
fn dso_local(p: &GlobalProps) -> u64 {
    let implied = matches!(p.linkage, Linkage::Internal | Linkage::Private)
        || (p.visibility != Visibility::Default && p.linkage != Linkage::ExternWeak);
    u64::from(p.preemption == crate::ir::module::Preemption::DsoLocal || implied)
}

/// A global's `code_model` in bitcode: LLVM's code model numbering plus one, 0 for none.
fn code_model_code(cm: Option<&str>) -> Result<u64> {
    Ok(match cm {
        None => 0,
        Some("tiny") => 1,
        Some("small") => 2,
        Some("kernel") => 3,
        Some("medium") => 4,
        Some("large") => 5,
        Some(other) => return Err(WriteError::new(format!("unknown code model \"{other}\""))),
    })
}

/// Whether a global's name is a number (`@0`): such globals are unnamed in bitcode.
fn is_numbered(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit())
}

/// The sign-rotated encoding of a signed 64-bit value.
pub(super) fn rotate(v: i64) -> u64 {
    if v >= 0 {
        (v as u64) << 1
    } else {
        ((v as u64).wrapping_neg() << 1) | 1
    }
}

/// Binary opcodes in bitcode numbering.
pub(super) fn binop_code(op: BinOp) -> u64 {
    use BinOp::*;
    match op {
        Add | FAdd => 0,
        Sub | FSub => 1,
        Mul | FMul => 2,
        UDiv => 3,
        SDiv | FDiv => 4,
        URem => 5,
        SRem | FRem => 6,
        Shl => 7,
        LShr => 8,
        AShr => 9,
        And => 10,
        Or => 11,
        Xor => 12,
    }
}

/// Wrap/exact/disjoint flags in bitcode bits.
pub(super) fn wrap_bits(op: BinOp, flags: u8) -> u64 {
    use crate::ir::instruction::flags as f;
    use BinOp::*;
    match op {
        Add | Sub | Mul | Shl => u64::from(flags & f::NUW != 0) | (u64::from(flags & f::NSW != 0) << 1),
        UDiv | SDiv | LShr | AShr => u64::from(flags & f::EXACT != 0),
        Or => u64::from(flags & f::DISJOINT != 0),
        _ => 0,
    }
}

/// A GEP's flags in bitcode bits (LLVM 19+): inbounds 1 (which implies nusw 2), nuw 4.
pub(super) fn gep_flags(fl: u8) -> u64 {
    use crate::ir::instruction::flags;
    let inbounds = fl & flags::INBOUNDS != 0;
    u64::from(inbounds) | u64::from(inbounds || fl & flags::GEP_NUSW != 0) << 1 | u64::from(fl & flags::NUW != 0) << 2
}

/// Fast-math flags in bitcode bits (LLVM 6+: no "unsafe algebra" bit).
pub(super) fn fmf_bits(fm: crate::ir::instruction::FastMath) -> u64 {
    u64::from(fm.0 & 0x7F) << 1
}

pub(super) fn cast_code(op: crate::ir::instruction::CastOp) -> u64 {
    codes::CASTS.iter().position(|&c| c == op).unwrap_or(0) as u64
}

/// `nofpclass(…)`'s words (or a number) as LLVM's floating-point class mask: signaling and
/// quiet NaN, then negative infinity, normal, subnormal and zero, then positive zero,
/// subnormal, normal and infinity, one bit each from the lowest.
fn nofpclass_bits(s: &str) -> Option<u64> {
    let s = s.trim();
    if let Ok(n) = s.parse::<u64>() {
        return (n != 0 && n <= 0x3FF).then_some(n);
    }
    let mut mask = 0;
    for word in s.split_whitespace() {
        mask |= match word {
            "all" => 0x3FF,
            "nan" => 0x3,
            "snan" => 0x1,
            "qnan" => 0x2,
            "inf" => 0x204,
            "ninf" => 0x4,
            "pinf" => 0x200,
            "norm" => 0x108,
            "nnorm" => 0x8,
            "pnorm" => 0x100,
            "sub" => 0x90,
            "nsub" => 0x10,
            "psub" => 0x80,
            "zero" => 0x60,
            "nzero" => 0x20,
            "pzero" => 0x40,
            _ => return None,
        };
    }
    (mask != 0).then_some(mask)
}

/// `allockind("…")`'s comma-separated kinds as LLVM's bits: alloc, realloc, free,
/// uninitialized, zeroed, aligned, one bit each from the lowest.
fn allockind_bits(s: &str) -> Option<u64> {
    let inner = s.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut bits = 0;
    for kind in inner.split(',') {
        bits |= match kind {
            "alloc" => 1,
            "realloc" => 2,
            "free" => 4,
            "uninitialized" => 8,
            "zeroed" => 16,
            "aligned" => 32,
            _ => return None,
        };
    }
    Some(bits)
}

/// The `A<n>` of a datalayout string: the address space allocas live in (0 without one).
fn alloca_space(layout: Option<&[u8]>) -> u32 {
    let Some(l) = layout else { return 0 };
    l.split(|&b| b == b'-')
        .find_map(|part| part.strip_prefix(b"A").and_then(|n| std::str::from_utf8(n).ok()?.parse().ok()))
        .unwrap_or(0)
}

/// Names in first-seen order with a hashed index: the writer looks one up for each use (a
/// section per global, a tag per bundle), so a list scan would be quadratic in the module.
#[derive(Clone, Default)]
pub(super) struct NameList {
    names: Vec<String>,
    index: hashbrown::HashTable<usize>,
}

impl NameList {
    fn hash(name: &str) -> u64 {
        use std::hash::BuildHasher;
        rustc_hash::FxBuildHasher.hash_one(name)
    }

    /// Where `name` is.
    pub(super) fn position(&self, name: &str) -> Option<usize> {
        self.index.find(Self::hash(name), |&i| self.names[i] == name).copied()
    }

    /// Where `name` is, adding it at the end first if it is new (then `.1` is true).
    pub(super) fn insert(&mut self, name: &str) -> (usize, bool) {
        if let Some(i) = self.position(name) {
            return (i, false);
        }
        let i = self.names.len();
        let names = &self.names;
        self.index.insert_unique(Self::hash(name), i, |&j| Self::hash(&names[j]));
        self.names.push(name.to_string());
        (i, true)
    }

    pub(super) fn len(&self) -> usize {
        self.names.len()
    }

    pub(super) fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub(super) fn iter(&self) -> std::slice::Iter<'_, String> {
        self.names.iter()
    }
}

impl<'m> Writer<'m> {
    fn new(m: &'m Module, modern: bool) -> Result<Self> {
        let mut kind_names = NameList::default();
        let mut bundle_tags = NameList::default();
        for k in FIXED_KINDS.iter().chain(if modern { FIXED_KINDS_MODERN } else { &[] }) {
            kind_names.insert(k);
        }
        for t in FIXED_BUNDLES.iter().chain(if modern { FIXED_BUNDLES_MODERN } else { &[] }) {
            bundle_tags.insert(t);
        }
        let mut w = Writer {
            m,
            modern,
            parallel_min: PARALLEL_MIN,
            max_bytes: u64::MAX,
            wide_bytes: std::sync::atomic::AtomicU64::new(0),
            alloca_space: alloca_space(m.data_layout.as_deref()),
            types: WriterTypes::new(&m.types),
            type_ids: Vec::new(),
            type_order: Vec::new(),
            type_bits: 1,
            sym_ids: Vec::new(),
            fn_ids: Vec::new(),
            var_ids: Vec::new(),
            tags: NameList::default(),
            scopes: NameList::default(),
            mod_consts: Vec::new(),
            const_ids: Vec::new(),
            n_values: 0,
            groups: Vec::new(),
            group_ids: FxHashMap::default(),
            lists: Vec::new(),
            list_ids: FxHashMap::default(),
            md: metadata::MdTable::default(),
            kind_ids: Vec::new(),
            kind_names,
            bundle_tags,
            strtab: Vec::new(),
            strtab_at: hashbrown::HashTable::new(),
            sections: NameList::default(),
            gcs: NameList::default(),
            comdat_ids: FxHashMap::default(),
        };
        let insts: usize = m.functions.iter().map(|(_, f)| f.insts.len()).sum();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let tables = |w: &mut Writer<'m>| -> Result<()> {
            w.extra_types();
            w.enumerate_types();
            w.enumerate_globals()?;
            w.enumerate_attrs()
        };
        // The metadata table and the other tables each walk every instruction: on a large
        // module, the metadata's walk runs alongside. (The first error is the one a sequential
        // walk meets first.)
        if threads >= 2 && insts >= PARALLEL_MIN {
            let (r, md) = std::thread::scope(|sc| {
                let md = sc.spawn(|| metadata::MdTable::build(m, modern));
                let r = tables(&mut w);
                (r, md.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            });
            r?;
            w.md = md?;
        } else {
            tables(&mut w)?;
            w.md = metadata::MdTable::build(m, modern)?;
        }
        w.enumerate_module_consts()?;
        w.enumerate_kinds();
        w.tags = w.all_bundle_tags();
        w.scopes = w.sync_scope_names();
        Ok(w)
    }

    /// Types the records need that the module may not hold: pointers to inline assembly's and
    /// to functions named by `blockaddress`.
    fn extra_types(&mut self) {
        if self.modern {
            // Opaque pointers of every address space a global, a function or inline assembly
            // is in.
            self.types.opaque_ptr(0);
            for (_, f) in self.m.functions.iter() {
                self.types.opaque_ptr(f.props.addr_space);
            }
            for (_, g) in self.m.globals.iter() {
                self.types.opaque_ptr(g.props.addr_space);
            }
            self.types.int(32);
            // A typed pointer left in the module (one no `ptr` spelling reached) is written as
            // the opaque pointer of its address space.
            let spaces: Vec<u32> = self
                .types
                .iter()
                .filter_map(|(_, t)| match t {
                    TypeData::Pointer { addr_space, pointee: Some(_) } => Some(*addr_space),
                    _ => None,
                })
                .collect();
            for a in spaces {
                self.types.opaque_ptr(a);
            }
            return;
        }
        let asm_tys: Vec<TypeId> = self.m.asms.iter().map(|(_, a)| a.ty).collect();
        for t in asm_tys {
            self.types.typed_ptr(t, 0);
        }
        for (_, f) in self.m.functions.iter() {
            self.types.typed_ptr(f.ty, f.props.addr_space);
        }
        for (_, g) in self.m.globals.iter() {
            self.types.typed_ptr(g.ty, g.props.addr_space);
        }
        self.types.int(32);
    }

    /// Type ids: every type after the types it is made of, except that an identified struct
    /// may be referred to before its record (what breaks cycles, and all LLVM's reader allows).
    fn enumerate_types(&mut self) {
        let n = self.types.len();
        self.type_ids = vec![u32::MAX; n];
        let mut visiting = vec![false; n];
        let all: Vec<TypeId> = self.types.iter().map(|(t, _)| t).collect();
        for root in all {
            let mut stack = vec![(root, false)];
            while let Some((t, expanded)) = stack.pop() {
                if self.type_ids[t.index()] != u32::MAX || (!expanded && visiting[t.index()]) {
                    continue;
                }
                if expanded {
                    self.type_ids[t.index()] = self.type_order.len() as u32;
                    self.type_order.push(t);
                    continue;
                }
                if let (true, TypeData::Pointer { addr_space, pointee: Some(_) }) = (self.modern, self.types.get(t)) {
                    let o = self.types.find(&TypeData::Pointer { addr_space: *addr_space, pointee: None });
                    let o = o.expect("interned up front");
                    if self.type_ids[o.index()] == u32::MAX {
                        self.type_ids[o.index()] = self.type_order.len() as u32;
                        self.type_order.push(o);
                    }
                    self.type_ids[t.index()] = self.type_ids[o.index()];
                    continue;
                }
                // Only identified structs stop a walk that reaches them again: every cycle goes
                // through one, and any other type is entered again where it is reached.
                if matches!(self.types.get(t), TypeData::Named(_)) {
                    visiting[t.index()] = true;
                }
                let children: Vec<TypeId> = match self.types.get(t) {
                    TypeData::Pointer { pointee: Some(p), .. } => vec![*p],
                    TypeData::Function { ret, params, .. } => {
                        std::iter::once(*ret).chain(params.iter().copied()).collect()
                    }
                    TypeData::Struct(b) => b.fields.to_vec(),
                    TypeData::Named(id) => {
                        self.types.named(*id).body.as_ref().map_or(Vec::new(), |b| b.fields.to_vec())
                    }
                    TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => vec![*elem],
                    TypeData::TargetExt(t) => t.types.to_vec(),
                    _ => Vec::new(),
                };
                stack.push((t, true));
                for c in children.into_iter().rev() {
                    stack.push((c, false));
                }
            }
        }
        self.type_bits = log2_ceil(self.type_order.len() as u64 + 1).max(1);
    }

    pub(super) fn ty(&self, t: TypeId) -> u64 {
        u64::from(self.type_ids[t.index()])
    }

    /// The type id of a pointer to `t` (interned before the table was made).
    pub(super) fn ptr_ty(&self, t: TypeId, addr_space: u32) -> u64 {
        let pointee = (!self.modern).then_some(t);
        let p = self.types.find(&TypeData::Pointer { addr_space, pointee }).expect("interned up front");
        self.ty(p)
    }

    fn enumerate_globals(&mut self) -> Result<()> {
        let m = self.m;
        let mut next = 0u32;
        let mut by_def: FxHashMap<GlobalDef, u32> = FxHashMap::default();
        for (g, _) in m.globals.iter() {
            by_def.insert(GlobalDef::Var(g), next);
            next += 1;
        }
        for (f, _) in m.functions.iter() {
            by_def.insert(GlobalDef::Func(f), next);
            next += 1;
        }
        for (a, _) in m.aliases.iter() {
            by_def.insert(GlobalDef::Alias(a), next);
            next += 1;
        }
        for (i, _) in m.ifuncs.iter() {
            by_def.insert(GlobalDef::IFunc(i), next);
            next += 1;
        }
        self.sym_ids = vec![u32::MAX; m.symbols.len()];
        for (s, sym) in m.symbols.iter() {
            if let Some(d) = sym.def {
                if let Some(&id) = by_def.get(&d) {
                    self.sym_ids[s.index()] = id;
                }
            }
        }
        self.fn_ids = m.functions.iter().map(|(f, _)| by_def[&GlobalDef::Func(f)]).collect();
        self.var_ids = m.globals.iter().map(|(g, _)| by_def[&GlobalDef::Var(g)]).collect();
        self.n_values = next;
        Ok(())
    }

    fn group(&mut self, index: u64, set: AttrSetId) -> Option<u64> {
        if self.m.attrs[set].is_empty() {
            return None;
        }
        let key = (index, set);
        if let Some(&g) = self.group_ids.get(&key) {
            return Some(g);
        }
        self.groups.push(key);
        let id = self.groups.len() as u64;
        self.group_ids.insert(key, id);
        Some(id)
    }

    /// The id of the attribute list (function, return, parameters), 0 when empty.
    pub(super) fn list(&self, func: AttrSetId, ret: AttrSetId, params: impl Iterator<Item = AttrSetId>) -> u64 {
        // Most call sites have no attributes at all: no key to build or look up.
        let mut key: Vec<u64> = Vec::new();
        self.list_key(func, ret, params, &mut key);
        if key.is_empty() {
            return 0;
        }
        self.list_ids.get(key.as_slice()).copied().unwrap_or(0)
    }

    /// The groups of an attribute list, in `key` (empty sets have no group).
    fn list_key(&self, func: AttrSetId, ret: AttrSetId, params: impl Iterator<Item = AttrSetId>, key: &mut Vec<u64>) {
        let mut add = |i: u64, s: AttrSetId| {
            if self.m.attrs[s].is_empty() {
                return;
            }
            if let Some(&g) = self.group_ids.get(&(i, s)) {
                key.push(g);
            }
        };
        add(0xFFFF_FFFF, func);
        add(0, ret);
        for (i, p) in params.enumerate() {
            add(i as u64 + 1, p);
        }
    }

    fn add_list(&mut self, func: AttrSetId, ret: AttrSetId, params: impl Iterator<Item = AttrSetId> + Clone) {
        self.group(0xFFFF_FFFF, func);
        self.group(0, ret);
        for (i, p) in params.clone().enumerate() {
            self.group(i as u64 + 1, p);
        }
        let mut key = Vec::new();
        self.list_key(func, ret, params, &mut key);
        if key.is_empty() || self.list_ids.contains_key(&key) {
            return;
        }
        self.lists.push(key.clone());
        self.list_ids.insert(key, self.lists.len() as u64);
    }

    fn enumerate_attrs(&mut self) -> Result<()> {
        let m = self.m;
        let empty = AttrSetId::from_index(0);
        let none = m.attrs.find(&crate::ir::attrs::AttrSet::default());
        let empty = none.unwrap_or(empty);
        for (_, f) in m.functions.iter() {
            self.add_list(f.fn_attrs, f.ret_attrs, f.params.iter().map(|p| p.attrs));
        }
        for (_, g) in m.globals.iter() {
            self.add_list(g.attrs, empty, std::iter::empty());
        }
        for (_, f) in m.functions.iter() {
            for &b in &f.layout {
                for &i in &f.blocks[b].insts {
                    use crate::ir::InstKind;
                    let call = match &f.insts[i].kind {
                        InstKind::Call { call, .. } | InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } => {
                            call
                        }
                        _ => continue,
                    };
                    self.add_list(call.fn_attrs, call.ret_attrs, call.args.iter().map(|a| a.attrs));
                }
            }
        }
        // Every attribute is checked here, so that writing it later cannot fail.
        for &(_, set) in &self.groups {
            for a in m.attrs[set].0.iter() {
                self.attr_record(a)?;
            }
        }
        Ok(())
    }

    /// One attribute's operands in a group record.
    fn attr_record(&self, a: &Attr) -> Result<Vec<u64>> {
        let code = |k: crate::ir::attrs::AttrKind| -> Result<u64> {
            let name = k.info().name;
            codes::ATTR_KINDS
                .iter()
                .find(|(_, n)| *n == name)
                .map(|(c, _)| *c)
                .ok_or_else(|| WriteError::new(format!("attribute '{name}' has no bitcode encoding")))
        };
        let mut out = Vec::new();
        match a {
            Attr::Enum(k) => out.extend([0, code(*k)?]),
            Attr::Int(k, v) => out.extend([1, code(*k)?, *v]),
            Attr::Type(k, None) => out.extend([0, code(*k)?]),
            Attr::Type(k, Some(t)) => {
                // LLVM 7 knows byval, sret and inalloca without a type (the pointee is implied).
                match k.info().name {
                    "byval" | "sret" | "inalloca" if !self.modern => out.extend([0, code(*k)?]),
                    _ => out.extend([6, code(*k)?, self.ty(*t)]),
                }
            }
            Attr::Raw(k, arg) => {
                let name = k.info().name;
                let bad = || {
                    WriteError::new(format!("attribute '{name}({})' cannot be written", arg.as_deref().unwrap_or("")))
                };
                match (name, arg.as_deref()) {
                    ("uwtable", None) => out.extend([0, code(*k)?]),
                    ("uwtable", Some("sync")) => out.extend([1, code(*k)?, 1]),
                    ("uwtable", Some("async")) => out.extend([1, code(*k)?, 2]),
                    ("allocsize", Some(s)) => {
                        let nums: Vec<u64> = s
                            .split(',')
                            .map(|p| p.trim().parse::<u64>())
                            .collect::<std::result::Result<_, _>>()
                            .map_err(|_| bad())?;
                        let v = match nums[..] {
                            [e] => (e << 32) | 0xFFFF_FFFF,
                            [e, n] => (e << 32) | n,
                            _ => return Err(bad()),
                        };
                        out.extend([1, code(*k)?, v]);
                    }
                    ("range", Some(s)) => {
                        // [7, kind, width, low, high], the bounds sign-rotated (widths to 64).
                        let (ty, bounds) = s.split_once(' ').ok_or_else(bad)?;
                        let width: u64 = ty.strip_prefix('i').and_then(|w| w.parse().ok()).ok_or_else(bad)?;
                        let (lo, hi) = bounds.split_once(',').ok_or_else(bad)?;
                        let lo: i128 = lo.trim().parse().map_err(|_| bad())?;
                        let hi: i128 = hi.trim().parse().map_err(|_| bad())?;
                        if width == 0 || width > 64 {
                            return Err(WriteError::new(format!(
                                "attribute 'range({s})': widths over 64 bits are not written"
                            )));
                        }
                        let sext = |v: i128| -> u64 {
                            let sh = 128 - width as u32;
                            rotate(((v << sh) >> sh) as i64)
                        };
                        out = vec![7, code(*k)?, width, sext(lo), sext(hi)];
                    }
                    ("initializes", Some(s)) => {
                        // [8, kind, count, 64, (low, high)…], the bounds sign-rotated.
                        let mut pairs = Vec::new();
                        for part in s.split(')') {
                            let part = part.trim().trim_start_matches(',').trim().trim_start_matches('(');
                            if part.is_empty() {
                                continue;
                            }
                            let (lo, hi) = part.split_once(',').ok_or_else(bad)?;
                            pairs.push(rotate(lo.trim().parse().map_err(|_| bad())?));
                            pairs.push(rotate(hi.trim().parse().map_err(|_| bad())?));
                        }
                        out = vec![8, code(*k)?, pairs.len() as u64 / 2, 64];
                        out.extend(pairs);
                    }
                    ("memory", Some(s)) => {
                        let bits = if self.modern { memory_bits_modern(s) } else { memory_bits(s) };
                        out.extend([1, code(*k)?, bits.ok_or_else(bad)?]);
                    }
                    ("captures", Some(s)) => {
                        let bits = captures_bits(s).ok_or_else(bad)?;
                        out.extend([1, code(*k)?, bits]);
                    }
                    ("nofpclass", Some(s)) => {
                        let mask = nofpclass_bits(s).ok_or_else(bad)?;
                        out.extend([1, code(*k)?, mask]);
                    }
                    ("allockind", Some(s)) => {
                        let bits = allockind_bits(s).ok_or_else(bad)?;
                        out.extend([1, code(*k)?, bits]);
                    }
                    ("vscale_range", Some(s)) => {
                        let nums: Vec<u64> = s
                            .split(',')
                            .map(|p| p.trim().parse::<u64>())
                            .collect::<std::result::Result<_, _>>()
                            .map_err(|_| bad())?;
                        let v = match nums[..] {
                            [lo] => (lo << 32) | lo,
                            [lo, hi] => (lo << 32) | hi,
                            _ => return Err(bad()),
                        };
                        out.extend([1, code(*k)?, v]);
                    }
                    _ => return Err(bad()),
                }
            }
            Attr::Str(key, val) => {
                out.push(if val.is_some() { 4 } else { 3 });
                out.extend(key.bytes().map(u64::from));
                out.push(0);
                if let Some(v) = val {
                    out.extend(v.bytes().map(u64::from));
                    out.push(0);
                }
            }
        }
        Ok(out)
    }

    /// The index width of a pointer (or vector of pointers) type's address space, from the
    /// datalayout's `p[n]:size:abi[:pref[:index]]` (64 bits without one).
    fn gep_index_bits(&self, ptr: Option<TypeId>) -> u32 {
        let space = match ptr.map(|t| self.types.get(t)) {
            Some(TypeData::Pointer { addr_space, .. }) => *addr_space,
            Some(TypeData::Vector { elem, .. }) => match self.types.get(*elem) {
                TypeData::Pointer { addr_space, .. } => *addr_space,
                _ => 0,
            },
            _ => 0,
        };
        self.m.index_bits(space)
    }

    /// Counts the bytes the record of `c`, a `width`-bit integer `value` wider than 64 bits, takes
    /// at least (six bits a word written), and refuses it when the wide integers written so far
    /// come to more than [`Writer::max_bytes`].
    fn count_wide(&self, c: ConstId, value: &ApInt, width: u32) -> Result<()> {
        use std::sync::atomic::Ordering::Relaxed;
        // LLVM writes the active words: all of the width's for a negative value.
        let words = if value.words().last().is_some_and(|&w| (w as i64) < 0) {
            (width as u64).div_ceil(64)
        } else {
            value.words().len() as u64
        };
        let bytes = (words * 6).div_ceil(8);
        let total = self.wide_bytes.fetch_add(bytes, Relaxed).saturating_add(bytes);
        if total <= self.max_bytes {
            return Ok(());
        }
        let (user, offset) = self.const_user(c);
        Err(WriteError {
            message: format!(
                "{user} holds an i{width} constant whose bitcode record takes {words} words ({bytes} bytes or more: \
                 LLVM's record holds every word of a negative integer); the module's wide integer constants \
                 come to more than the {OVER_LIMIT} of {} bytes",
                self.max_bytes
            ),
            offset,
            over_limit: true,
        })
    }

    /// What uses constant `c` (directly or inside another constant), for an error: the first
    /// global whose initializer holds it, else the first instruction, and where that starts in
    /// the text the module was read from.
    fn const_user(&self, c: ConstId) -> (String, Option<u32>) {
        let m = self.m;
        // Whether each constant holds `c`: a walk over the constant DAG, each constant once.
        let mut holds: FxHashMap<ConstId, bool> = FxHashMap::default();
        let mut contains = |root: ConstId| -> bool {
            let mut stack = vec![(root, false)];
            while let Some((k, expanded)) = stack.pop() {
                if holds.contains_key(&k) {
                    continue;
                }
                let ops = self.const_operands(k);
                if expanded || k == c {
                    let v = k == c || ops.iter().any(|o| holds.get(o) == Some(&true));
                    holds.insert(k, v);
                } else {
                    stack.push((k, true));
                    stack.extend(ops.into_iter().filter(|o| !holds.contains_key(o)).map(|o| (o, false)));
                }
            }
            holds[&root]
        };
        for (_, g) in m.globals.iter() {
            if g.init.is_some_and(&mut contains) {
                let mut name = String::from("the initializer of @");
                crate::ir::write_global_ident(&g.name, g.props.numeric_name, &mut name);
                return (name, g.source);
            }
        }
        for (_, f) in m.functions.iter() {
            for (id, inst) in f.insts.iter() {
                let mut found = false;
                inst.kind.for_each_operand(|v| found |= matches!(v, Value::Const(k) if contains(k)));
                if found {
                    let mut name = String::from("an instruction of @");
                    crate::ir::write_global_ident(&f.name, f.props.numeric_name, &mut name);
                    let at = f.source.insts.get(id.index()).copied().or(f.source.start);
                    return (name, at);
                }
            }
        }
        ("the module".into(), None)
    }

    /// Operands of a constant that need value ids (data arrays and strings have none).
    fn const_operands(&self, c: ConstId) -> Vec<ConstId> {
        match &self.m.consts[c] {
            ConstData::Array { elems, .. } | ConstData::Vector { elems, .. } => {
                if self.is_data(c) {
                    Vec::new()
                } else {
                    elems.to_vec()
                }
            }
            ConstData::Struct { fields, .. } => fields.to_vec(),
            ConstData::Expr(e) => e.operands.to_vec(),
            _ => Vec::new(),
        }
    }

    /// Whether an array or vector is written as a `DATA` record: elements all plain integers
    /// (8, 16, 32 or 64 bits) or half/float/double values.
    pub(super) fn is_data(&self, c: ConstId) -> bool {
        let (ty, elems) = match &self.m.consts[c] {
            ConstData::Array { ty, elems } | ConstData::Vector { ty, elems } => (*ty, elems),
            _ => return false,
        };
        let elem = match self.types.get(ty) {
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
            _ => return false,
        };
        let simple = match self.types.get(elem) {
            TypeData::Int(w) => matches!(w, 8 | 16 | 32 | 64),
            TypeData::Float(k) => matches!(k, FloatKind::Half | FloatKind::Float | FloatKind::Double),
            _ => false,
        };
        simple
            && !elems.is_empty()
            && elems.iter().all(|&e| {
                matches!(self.m.consts[e], ConstData::Int { value: ApInt::Small(_), .. } | ConstData::Float { .. })
            })
    }

    /// Whether a constant has a value id without being enumerated (a global's address).
    fn is_global(&self, c: ConstId) -> bool {
        matches!(self.m.consts[c], ConstData::Global { .. })
    }

    /// Enumerates `root` and its operands (operands first) into `out`, skipping what `known`
    /// already numbers.
    pub(super) fn enumerate_const(
        &self,
        root: ConstId,
        known: &dyn Fn(ConstId) -> bool,
        out: &mut Vec<ConstId>,
        ids: &mut FxHashMap<ConstId, u32>,
        base: u32,
    ) {
        // Most roots are numbered already (or globals): no walk.
        if self.is_global(root) || known(root) || ids.contains_key(&root) {
            return;
        }
        let mut stack = vec![(root, false)];
        while let Some((c, expanded)) = stack.pop() {
            if self.is_global(c) || known(c) || ids.contains_key(&c) {
                continue;
            }
            if expanded {
                ids.insert(c, base + out.len() as u32);
                out.push(c);
                continue;
            }
            stack.push((c, true));
            for op in self.const_operands(c).into_iter().rev() {
                stack.push((op, false));
            }
        }
    }

    fn enumerate_module_consts(&mut self) -> Result<()> {
        let m = self.m;
        let mut roots: Vec<ConstId> = Vec::new();
        for (_, g) in m.globals.iter() {
            roots.extend(g.init);
        }
        for (_, a) in m.aliases.iter() {
            roots.push(a.aliasee);
        }
        for (_, i) in m.ifuncs.iter() {
            roots.push(i.resolver);
        }
        for (_, f) in m.functions.iter() {
            for (_, v) in [f.prologue(), f.prefix(), f.personality()].into_iter().flatten() {
                match v {
                    Value::Const(c) => roots.push(c),
                    _ => {
                        return Err(WriteError::new(format!(
                            "@{}: prefix, prologue or personality is not a constant",
                            f.name
                        )))
                    }
                }
            }
        }
        roots.extend(self.md.value_consts.iter().copied());
        let mut out = Vec::new();
        let mut ids = FxHashMap::default();
        let base = self.n_values;
        for r in roots {
            self.enumerate_const(r, &|_| false, &mut out, &mut ids, base);
        }
        self.n_values += out.len() as u32;
        self.mod_consts = out;
        self.const_ids = vec![u32::MAX; m.consts.len()];
        for (c, id) in ids {
            self.const_ids[c.index()] = id;
        }
        Ok(())
    }

    fn enumerate_kinds(&mut self) {
        let md = &self.m.metadata;
        for k in 0..md.kinds_len() {
            let (id, _) = self.kind_names.insert(md.kind_name(crate::ir::MdKind(k as u32)));
            self.kind_ids.push(id as u64);
        }
    }

    /// The value id of the global value `s` names, if it is defined.
    fn sym_id(&self, s: SymbolId) -> Option<u32> {
        self.sym_ids.get(s.index()).copied().filter(|&id| id != u32::MAX)
    }

    /// The value id of a module-level constant or global.
    pub(super) fn module_value(&self, c: ConstId) -> Option<u32> {
        if let ConstData::Global { global, .. } = self.m.consts[c] {
            return self.sym_id(global);
        }
        self.const_ids.get(c.index()).copied().filter(|&id| id != u32::MAX)
    }

    fn add_strtab(&mut self, s: &str) -> u64 {
        use std::hash::BuildHasher;
        let hash = rustc_hash::FxBuildHasher.hash_one(s.as_bytes());
        let table = &self.strtab;
        if let Some(&(at, _)) = self.strtab_at.find(hash, |&(at, len)| &table[at..at + len] == s.as_bytes()) {
            return at as u64;
        }
        let at = self.strtab.len();
        self.strtab.extend_from_slice(s.as_bytes());
        let table = &self.strtab;
        self.strtab_at
            .insert_unique(hash, (at, s.len()), |&(at, len)| rustc_hash::FxBuildHasher.hash_one(&table[at..at + len]));
        at as u64
    }

    /// A global's name in the string table: (offset, size); numbered globals are unnamed (a name
    /// of digits written `@"3"`, `numeric`, is a name).
    fn strtab_name(&mut self, name: &str, numeric: bool) -> (u64, u64) {
        if is_numbered(name) && !numeric {
            return (0, 0);
        }
        (self.add_strtab(name), name.len() as u64)
    }

    fn write(mut self) -> Result<Pieces> {
        let mut s = BitWriter::new();
        s.bytes(b"BC\xC0\xDE");
        let start = s.bit_pos();
        write_identification(&mut s, self.modern);
        let ident_start = start;
        s.enter_block(block::MODULE, 3);
        s.record(1, &[2], None);
        self.write_blockinfo(&mut s);
        // LLVM 7 writes attributes before types; later LLVMs write types first, as typed
        // attributes (`byval(<ty>)`) name types.
        if self.modern {
            self.write_types(&mut s)?;
        }
        self.write_attr_groups(&mut s)?;
        self.write_attr_lists(&mut s);
        if !self.modern {
            self.write_types(&mut s)?;
        }
        self.write_comdats(&mut s)?;
        let vst_patch = self.write_module_info(&mut s)?;
        // What is left of the module's tables is written while other threads write the bodies.
        let this = &self;
        let defs: Vec<FuncId> = this.m.functions.iter().filter(|(_, f)| f.is_definition).map(|(fid, _)| fid).collect();
        let bodies = this.write_bodies(&s.info_snapshot(), &defs, || -> Result<()> {
            this.write_constants(&mut s, &this.mod_consts, this.n_values - this.mod_consts.len() as u32, true, None)?;
            this.write_kinds(&mut s);
            this.write_module_metadata(&mut s)?;
            this.write_bundle_tags(&mut s);
            this.write_sync_scopes(&mut s);
            Ok(())
        })?;
        let mut offsets = Vec::with_capacity(defs.len());
        for (fid, body) in defs.iter().zip(bodies) {
            offsets.push((*fid, s.bit_pos()));
            s.splice_block(block::FUNCTION, 4, body);
        }
        // The module-level symbol table: where each body is, in words from one word before
        // the identification block.
        let vst_at = s.bit_pos() - ident_start;
        s.backpatch_u32(vst_patch, (vst_at / 32 + 1) as u32);
        s.enter_block(block::VALUE_SYMTAB, 4);
        let fn_entry = s.abbrev(vec![Literal(3), Vbr(8), Vbr(8)]);
        for (fid, at) in offsets {
            let vid = self.fn_ids[fid.index()];
            s.record(3, &[u64::from(vid), (at - ident_start) / 32 + 1], Some(fn_entry));
        }
        s.exit_block();
        s.exit_block();
        // The string table.
        s.enter_block(block::STRTAB, 3);
        let blob = s.abbrev(vec![Literal(1), AbbrevOp::Blob]);
        let strtab = std::mem::take(&mut self.strtab);
        s.record_blob(1, &[], Some(&strtab), Some(blob));
        s.exit_block();
        Ok(s.finish_pieces())
    }

    /// The function blocks of `defs`, each written alone (so that large modules write them on
    /// several threads; the bytes are the same whatever the number), to splice into the module
    /// block; `tables` (the rest of the module's tables) runs on this thread meanwhile, before
    /// it takes its share of bodies. An error of `tables` comes first, then the first body's.
    fn write_bodies(
        &self,
        info: &[(u32, Vec<Vec<AbbrevOp>>)],
        defs: &[FuncId],
        tables: impl FnOnce() -> Result<()>,
    ) -> Result<Vec<Vec<u8>>> {
        let one = |fid: FuncId| -> Result<Vec<u8>> {
            let mut w = BitWriter::with_info(info, 3);
            self.write_function(&mut w, fid)?;
            Ok(w.finish())
        };
        let insts: usize = defs.iter().map(|&f| self.m.functions[f].insts.len()).sum();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
        if threads < 2 || insts < self.parallel_min {
            tables()?;
            return defs.iter().map(|&f| one(f)).collect();
        }
        // Contiguous chunks of about equal instruction counts, several per thread, handed to
        // whichever thread is free (a thread the machine runs less often takes fewer).
        let per = insts.div_ceil(threads * 8);
        let mut chunks: Vec<&[FuncId]> = Vec::new();
        let (mut start, mut acc) = (0, 0);
        for (i, &f) in defs.iter().enumerate() {
            acc += self.m.functions[f].insts.len();
            if acc >= per {
                chunks.push(&defs[start..=i]);
                start = i + 1;
                acc = 0;
            }
        }
        if start < defs.len() {
            chunks.push(&defs[start..]);
        }
        let next = std::sync::atomic::AtomicUsize::new(0);
        let work = || -> Vec<(usize, Result<Vec<Vec<u8>>>)> {
            let mut done = Vec::new();
            loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(c) = chunks.get(k) else { return done };
                done.push((k, c.iter().map(|&f| one(f)).collect()));
            }
        };
        let (tabled, mut parts) = std::thread::scope(|sc| {
            let helpers: Vec<_> = (1..threads).map(|_| sc.spawn(work)).collect();
            let tabled = tables();
            let mut parts = work();
            for h in helpers {
                parts.extend(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
            }
            (tabled, parts)
        });
        tabled?;
        parts.sort_unstable_by_key(|(k, _)| *k);
        let mut out = Vec::with_capacity(defs.len());
        for (_, p) in parts {
            out.extend(p?);
        }
        Ok(out)
    }

    fn write_blockinfo(&self, s: &mut BitWriter) {
        let tb = self.type_bits as u8;
        s.enter_blockinfo();
        s.info_abbrev(block::VALUE_SYMTAB, vec![Fixed(3), Vbr(8), Array, Fixed(8)]);
        s.info_abbrev(block::VALUE_SYMTAB, vec![Literal(1), Vbr(8), Array, Fixed(7)]);
        s.info_abbrev(block::VALUE_SYMTAB, vec![Literal(1), Vbr(8), Array, Char6]);
        s.info_abbrev(block::VALUE_SYMTAB, vec![Literal(2), Vbr(8), Array, Char6]);
        s.info_abbrev(block::CONSTANTS, vec![Literal(1), Fixed(tb)]);
        s.info_abbrev(block::CONSTANTS, vec![Literal(4), Vbr(8)]);
        s.info_abbrev(block::CONSTANTS, vec![Literal(11), Fixed(4), Fixed(tb), Vbr(8)]);
        s.info_abbrev(block::CONSTANTS, vec![Literal(2)]);
        s.info_abbrev(block::FUNCTION, vec![Literal(20), Vbr(6), Fixed(tb), Vbr(4), Fixed(1)]);
        s.info_abbrev(block::FUNCTION, vec![Literal(2), Vbr(6), Vbr(6), Fixed(4)]);
        s.info_abbrev(block::FUNCTION, vec![Literal(2), Vbr(6), Vbr(6), Fixed(4), Fixed(8)]);
        s.info_abbrev(block::FUNCTION, vec![Literal(3), Vbr(6), Fixed(tb), Fixed(4)]);
        s.info_abbrev(block::FUNCTION, vec![Literal(10)]);
        s.info_abbrev(block::FUNCTION, vec![Literal(10), Vbr(6)]);
        s.info_abbrev(block::FUNCTION, vec![Literal(15)]);
        let gep_bits = log2_ceil(self.type_order.len() as u64 + 1) as u8;
        // The flags: LLVM 7's inbounds bit, LLVM 19+'s inbounds, nusw and nuw.
        let gep_flag_bits = if self.modern { 3 } else { 1 };
        s.info_abbrev(block::FUNCTION, vec![Literal(43), Fixed(gep_flag_bits), Fixed(gep_bits), Array, Vbr(6)]);
        s.exit_block();
    }

    fn write_attr_groups(&self, s: &mut BitWriter) -> Result<()> {
        if self.groups.is_empty() {
            return Ok(());
        }
        s.enter_block(block::PARAMATTR_GROUP, 3);
        for (i, &(index, set)) in self.groups.iter().enumerate() {
            let mut rec = vec![i as u64 + 1, index];
            for a in self.m.attrs[set].0.iter() {
                rec.extend(self.attr_record(a)?);
            }
            s.record(3, &rec, None);
        }
        s.exit_block();
        Ok(())
    }

    fn write_attr_lists(&self, s: &mut BitWriter) {
        if self.lists.is_empty() {
            return;
        }
        s.enter_block(block::PARAMATTR, 3);
        for l in &self.lists {
            s.record(2, l, None);
        }
        s.exit_block();
    }

    fn write_types(&self, s: &mut BitWriter) -> Result<()> {
        let tb = self.type_bits as u8;
        s.enter_block(block::TYPE_NEW, 4);
        let ptr = s.abbrev(vec![Literal(8), Fixed(tb), Literal(0)]);
        let func = s.abbrev(vec![Literal(21), Fixed(1), Array, Fixed(tb)]);
        let anon = s.abbrev(vec![Literal(18), Fixed(1), Array, Fixed(tb)]);
        let name_ab = s.abbrev(vec![Literal(19), Array, Char6]);
        let named = s.abbrev(vec![Literal(20), Fixed(1), Array, Fixed(tb)]);
        let array = s.abbrev(vec![Literal(11), Vbr(8), Fixed(tb)]);
        s.record(1, &[self.type_order.len() as u64], None);
        for &t in &self.type_order {
            let simple = |code: u32| (code, Vec::new(), None);
            let (code, vals, ab): (u32, Vec<u64>, Option<u32>) = match self.types.get(t) {
                TypeData::Void => simple(2),
                TypeData::Float(k) => simple(match k {
                    FloatKind::Half => 10,
                    FloatKind::BFloat => 23,
                    FloatKind::Float => 3,
                    FloatKind::Double => 4,
                    FloatKind::X86Fp80 => 13,
                    FloatKind::Fp128 => 14,
                    FloatKind::PpcFp128 => 15,
                }),
                TypeData::Label => simple(5),
                TypeData::Metadata => simple(16),
                TypeData::X86Mmx => simple(17),
                TypeData::Token => simple(22),
                TypeData::X86Amx => simple(24),
                TypeData::Int(w) => (7, vec![u64::from(*w)], None),
                TypeData::Pointer { addr_space, pointee: Some(p) } => {
                    (8, vec![self.ty(*p), u64::from(*addr_space)], (*addr_space == 0).then_some(ptr))
                }
                TypeData::Pointer { addr_space, pointee: None } => (25, vec![u64::from(*addr_space)], None),
                TypeData::Function { ret, params, vararg } => {
                    let mut v = vec![u64::from(*vararg), self.ty(*ret)];
                    v.extend(params.iter().map(|&p| self.ty(p)));
                    (21, v, Some(func))
                }
                TypeData::Struct(b) => {
                    let mut v = vec![u64::from(b.packed)];
                    v.extend(b.fields.iter().map(|&f| self.ty(f)));
                    (18, v, Some(anon))
                }
                TypeData::Named(id) => {
                    let ns = self.types.named(*id);
                    // Numbered structs (`%0`) are unnamed in bitcode.
                    if !is_numbered(&ns.name) && !ns.name.is_empty() {
                        let chars: Vec<u64> = ns.name.bytes().map(u64::from).collect();
                        let ab = ns.name.bytes().all(is_char6).then_some(name_ab);
                        s.record(19, &chars, ab);
                    }
                    match &ns.body {
                        None => (6, vec![0], None),
                        Some(b) => {
                            let mut v = vec![u64::from(b.packed)];
                            v.extend(b.fields.iter().map(|&f| self.ty(f)));
                            (20, v, Some(named))
                        }
                    }
                }
                TypeData::Array { len, elem } => (11, vec![*len, self.ty(*elem)], Some(array)),
                TypeData::Vector { len, elem, scalable } => {
                    let mut v = vec![u64::from(*len), self.ty(*elem)];
                    if *scalable {
                        v.push(1);
                    }
                    (12, v, None)
                }
                TypeData::TargetExt(t) => {
                    let crate::ir::types::TargetExtType { name, types, ints } = &**t;
                    if !self.modern {
                        return Err(WriteError::new(format!(
                            "target extension type target(\"{name}\") has no LLVM 7 encoding"
                        )));
                    }
                    // LLVM 16+: the name as a struct name, then [type count, types…, ints…].
                    let chars: Vec<u64> = name.bytes().map(u64::from).collect();
                    s.record(19, &chars, name.bytes().all(is_char6).then_some(name_ab));
                    let mut v = vec![types.len() as u64];
                    v.extend(types.iter().map(|&t| self.ty(t)));
                    v.extend(ints.iter().map(|&i| u64::from(i)));
                    (26, v, None)
                }
            };
            s.record(code, &vals, ab);
        }
        s.exit_block();
        Ok(())
    }

    fn write_comdats(&mut self, s: &mut BitWriter) -> Result<()> {
        for (i, c) in self.m.comdats.iter().enumerate() {
            let kind = match &*c.kind {
                "any" => 1,
                "exactmatch" => 2,
                "largest" => 3,
                "nodeduplicate" | "noduplicates" => 4,
                "samesize" => 5,
                k => return Err(WriteError::new(format!("unknown comdat kind '{k}'"))),
            };
            let at = self.add_strtab(&c.name);
            s.record(12, &[at, c.name.len() as u64, kind], None);
            self.comdat_ids.insert(c.name.to_string(), i as u64 + 1);
        }
        Ok(())
    }

    fn string_record(s: &mut BitWriter, code: u32, text: &[u8]) {
        s.record_bytes(code, text);
    }

    /// The fields an alias and an ifunc record begin with: [name, type, address space, target,
    /// linkage].
    fn indirect_head(&mut self, name: &str, ty: TypeId, target: ConstId, p: &GlobalProps) -> Result<Vec<u64>> {
        let (off, len) = self.strtab_name(name, p.numeric_name);
        let id = self.module_value(target).ok_or_else(|| WriteError::new(format!("@{name}: target not numbered")))?;
        Ok(vec![
            off,
            len,
            self.ty(ty),
            self.pointer_space(target, p.addr_space),
            u64::from(id),
            linkage_code(p.linkage),
        ])
    }

    /// The modern layout's partition fields at the end of an alias or ifunc record.
    fn push_partition(&mut self, v: &mut Vec<u64>, p: &GlobalProps) {
        if self.modern {
            let (off, len) = self.partition(p);
            v.extend([off, len]);
        }
    }

    /// A global's partition in the string table: (offset, size), the empty name where none.
    fn partition(&mut self, p: &GlobalProps) -> (u64, u64) {
        let name = p.partition().map_or("", |s| s.as_str());
        (self.add_strtab(name), name.len() as u64)
    }

    fn section_id(&self, p: &GlobalProps) -> u64 {
        p.section().and_then(|n| self.sections.position(n)).map_or(0, |i| i as u64 + 1)
    }

    fn comdat_id(&self, p: &GlobalProps) -> u64 {
        p.comdat().and_then(|n| self.comdat_ids.get(n.as_str()).copied()).unwrap_or(0)
    }

    /// Writes the module's description and globals; returns the bit position of the symbol
    /// table offset to patch.
    fn write_module_info(&mut self, s: &mut BitWriter) -> Result<u64> {
        let m = self.m;
        if let Some(t) = &m.triple {
            Self::string_record(s, 2, t);
        }
        if let Some(d) = &m.data_layout {
            Self::string_record(s, 3, d);
        }
        if !m.module_asm.is_empty() {
            let text = m.module_asm.join(&b'\n');
            Self::string_record(s, 4, &text);
        }
        let mut max_align = 0u64;
        let mut max_gty = 0u64;
        for (_, g) in m.globals.iter() {
            max_align = max_align.max(g.props.align.map_or(0, |a| a.bytes()));
            max_gty = max_gty.max(self.ty(g.ty));
            if let Some(sec) = g.props.section() {
                if self.sections.insert(sec).1 {
                    Self::string_record(s, 5, sec.as_bytes());
                }
            }
        }
        for (_, f) in m.functions.iter() {
            max_align = max_align.max(f.props.align.map_or(0, |a| a.bytes()));
            if let Some(sec) = f.props.section() {
                if self.sections.insert(sec).1 {
                    Self::string_record(s, 5, sec.as_bytes());
                }
            }
            if let Some(gc) = f.gc() {
                if self.gcs.insert(gc).1 {
                    Self::string_record(s, 11, gc.as_bytes());
                }
            }
        }
        let mut simple_gvar = None;
        if !m.globals.is_empty() {
            let align_op = if max_align == 0 {
                Literal(0)
            } else {
                let enc = u64::from(max_align.trailing_zeros()) + 1;
                Fixed(log2_ceil(enc + 1) as u8)
            };
            let section_op = if self.sections.is_empty() {
                Literal(0)
            } else {
                Fixed(log2_ceil(self.sections.len() as u64 + 1) as u8)
            };
            simple_gvar = Some(s.abbrev(vec![
                Literal(7),
                Vbr(8),
                Vbr(8),
                Fixed(log2_ceil(max_gty + 1) as u8),
                Vbr(6),
                Vbr(6),
                Fixed(5),
                align_op,
                section_op,
            ]));
        }
        // The source file name, with the narrowest encoding its characters allow.
        // (LLVM writes it always; a module read from text without one has none to write.)
        if let Some(name) = m.source_filename.as_deref() {
            let op = if name.iter().all(|&c| is_char6(c)) {
                Char6
            } else if name.iter().all(|&c| c < 128) {
                Fixed(7)
            } else {
                Fixed(8)
            };
            let ab = s.abbrev(vec![Literal(16), Array, op]);
            let v: Vec<u64> = name.iter().map(|&b| u64::from(b)).collect();
            s.record(16, &v, Some(ab));
        }
        for (_, g) in m.globals.iter() {
            let (off, len) = self.strtab_name(&g.name, g.props.numeric_name);
            let p = &g.props;
            let init = match g.init {
                Some(c) => {
                    u64::from(
                        self.module_value(c)
                            .ok_or_else(|| WriteError::new(format!("@{}: initializer not numbered", g.name)))?,
                    ) + 1
                }
                None => 0,
            };
            let mut v = vec![
                off,
                len,
                self.ty(g.ty),
                (u64::from(p.addr_space) << 2) | 2 | u64::from(g.is_constant),
                init,
                linkage_code(p.linkage),
                encode_align(p.align.map(|a| a.bytes())),
                self.section_id(p),
            ];
            let empty_attrs = m.attrs[g.attrs].is_empty();
            let fits_abbrev = p.align.is_none_or(|a| a.bytes() <= max_align);
            let extra = p.thread_local != ThreadLocal::None
                || p.visibility != Visibility::Default
                || p.unnamed_addr != UnnamedAddr::None
                || g.externally_initialized
                || p.dll != DllStorage::None
                || p.comdat().is_some()
                || !empty_attrs
                || dso_local(p) != 0
                || p.partition().is_some()
                || p.code_model().is_some()
                || g.sanitizer != 0;
            if extra || !fits_abbrev {
                v.extend([
                    visibility_code(p),
                    tls_code(p),
                    unnamed_addr_code(p),
                    u64::from(g.externally_initialized),
                    dll_code(p),
                    self.comdat_id(p),
                    self.list(g.attrs, AttrSetId::from_index(0), std::iter::empty()),
                    dso_local(p),
                ]);
                if self.modern {
                    let (poff, plen) = self.partition(p);
                    v.extend([
                        poff,
                        plen,
                        u64::from(g.sanitizer),
                        code_model_code(p.code_model().map(|s| s.as_str()))?,
                    ]);
                    s.record(7, &v, None);
                    continue;
                }
                if p.partition().is_some() || p.code_model().is_some() || g.sanitizer != 0 {
                    return Err(WriteError::new(format!(
                        "@{}: partition, code_model and sanitizer flags have no LLVM 7 encoding",
                        g.name
                    )));
                }
                s.record(7, &v, None);
            } else {
                s.record(7, &v, simple_gvar);
            }
        }
        for (_, f) in m.functions.iter() {
            let (off, len) = self.strtab_name(&f.name, f.props.numeric_name);
            let p = &f.props;
            let opt = |x: &Option<(TypeId, Value)>| -> Result<u64> {
                match x {
                    Some((_, Value::Const(c))) => Ok(u64::from(
                        self.module_value(*c)
                            .ok_or_else(|| WriteError::new(format!("@{}: operand not numbered", f.name)))?,
                    ) + 1),
                    _ => Ok(0),
                }
            };
            let gc = f.gc().map(|g| g.as_str()).and_then(|g| self.gcs.position(g)).map_or(0, |i| i as u64 + 1);
            let mut v = vec![
                off,
                len,
                self.ty(f.ty),
                u64::from(f.cc),
                u64::from(!f.is_definition),
                linkage_code(p.linkage),
                self.list(f.fn_attrs, f.ret_attrs, f.params.iter().map(|p| p.attrs)),
                encode_align(p.align.map(|a| a.bytes())),
                self.section_id(p),
                visibility_code(p),
                gc,
                unnamed_addr_code(p),
                opt(&f.prologue())?,
                dll_code(p),
                self.comdat_id(p),
                opt(&f.prefix())?,
                opt(&f.personality())?,
                dso_local(p),
            ];
            if self.modern {
                let (poff, plen) = self.partition(p);
                v.extend([u64::from(p.addr_space), poff, plen]);
                s.record(8, &v, None);
                continue;
            }
            if p.addr_space != 0 {
                v.push(u64::from(p.addr_space));
            }
            if p.partition().is_some() {
                return Err(WriteError::new(format!("@{}: partition has no LLVM 7 encoding", f.name)));
            }
            s.record(8, &v, None);
        }
        for (_, a) in m.aliases.iter() {
            let p = &a.props;
            let mut v = self.indirect_head(&a.name, a.ty, a.aliasee, p)?;
            v.extend([visibility_code(p), dll_code(p), tls_code(p), unnamed_addr_code(p), dso_local(p)]);
            self.push_partition(&mut v, p);
            s.record(14, &v, None);
        }
        for (_, i) in m.ifuncs.iter() {
            let p = &i.props;
            let mut v = self.indirect_head(&i.name, i.ty, i.resolver, p)?;
            v.extend([visibility_code(p), dso_local(p)]);
            self.push_partition(&mut v, p);
            s.record(18, &v, None);
        }
        // VSTOFFSET, patched once the symbol table is written.
        let ab = s.abbrev(vec![Literal(13), Fixed(32)]);
        s.record(13, &[0], Some(ab));
        Ok(s.bit_pos() - 32)
    }

    /// A constants block for `consts`, the first of which has value id `first`. `local` maps
    /// function-local values (constants, inline assembly) for function blocks.
    fn write_constants(
        &self,
        s: &mut BitWriter,
        consts: &[ConstId],
        first: u32,
        module: bool,
        local: Option<&function::Locals>,
    ) -> Result<()> {
        let asms = local.map_or(&[][..], |l| &l.asms[..]);
        if consts.is_empty() && asms.is_empty() && local.is_none_or(|l| l.one.is_none()) {
            return Ok(());
        }
        let _ = first;
        s.enter_block(block::CONSTANTS, 4);
        let (mut aggregate, mut string8, mut cstring7, mut cstring6) = (None, None, None, None);
        if module {
            let last = u64::from(self.n_values);
            aggregate = Some(s.abbrev(vec![Literal(7), Array, Fixed(log2_ceil(last + 1) as u8)]));
            string8 = Some(s.abbrev(vec![Literal(8), Array, Fixed(8)]));
            cstring7 = Some(s.abbrev(vec![Literal(9), Array, Fixed(7)]));
            cstring6 = Some(s.abbrev(vec![Literal(9), Array, Char6]));
        }
        let settype = bitstream::FIRST_ABBREV;
        let integer = settype + 1;
        let ce_cast = settype + 2;
        let null_ab = settype + 3;
        let mut last_ty: Option<TypeId> = None;
        let id = |c: ConstId| -> Result<u64> {
            if let Some(v) = self.module_value(c) {
                return Ok(u64::from(v));
            }
            if let Some(l) = local {
                if let Some(&v) = l.consts.get(&c) {
                    return Ok(u64::from(v));
                }
            }
            Err(WriteError::new("constant operand without a value id"))
        };
        // Inline assembly first (its values come first among the function's constants).
        for &(asm, _) in asms {
            let a = &self.m.asms[asm];
            let pty = self.ptr_ty(a.ty, 0);
            s.record(1, &[pty], Some(settype));
            last_ty = None;
            // The modern record (LLVM 13+) gives the function type first.
            let mut v = if self.modern { vec![self.ty(a.ty)] } else { Vec::new() };
            v.push(
                u64::from(a.side_effect)
                    | (u64::from(a.align_stack) << 1)
                    | (u64::from(a.intel) << 2)
                    | (u64::from(a.unwind) << 3),
            );
            v.push(a.asm.len() as u64);
            v.extend(a.asm.iter().map(|&b| u64::from(b)));
            v.push(a.constraints.len() as u64);
            v.extend(a.constraints.iter().map(|&b| u64::from(b)));
            let code = match (self.modern, a.unwind) {
                (true, _) => 30,
                (false, true) => 28,
                (false, false) => 23,
            };
            s.record(code, &v, None);
        }
        if let Some((i32t, _)) = local.and_then(|l| l.one) {
            s.record(1, &[self.ty(i32t)], Some(settype));
            last_ty = Some(i32t);
            s.record(4, &[rotate(1)], Some(integer));
        }
        let mut block_indexes: FxHashMap<FuncId, function::BlockIndex> = FxHashMap::default();
        for &c in consts {
            let data = &self.m.consts[c];
            let ty = data.ty();
            if last_ty != Some(ty) {
                s.record(1, &[self.ty(ty)], Some(settype));
                last_ty = Some(ty);
            }
            let (code, vals, ab): (u32, Vec<u64>, Option<u32>) = match data {
                ConstData::Int { value, .. } if value.is_zero() => (2, vec![], Some(null_ab)),
                ConstData::Float { bits, .. } if bits.get() == 0 => (2, vec![], Some(null_ab)),
                ConstData::Null(_) | ConstData::Zero(_) | ConstData::NoneToken(_) => (2, vec![], Some(null_ab)),
                ConstData::Undef(_) => (3, vec![], None),
                ConstData::Poison(_) => (26, vec![], None),
                ConstData::Int { ty, value } => {
                    let w = self.types.int_width(*ty).unwrap_or(64);
                    if w <= 64 {
                        let v = value.as_signed(w).unwrap_or(0) as i64;
                        (4, vec![rotate(v)], Some(integer))
                    } else {
                        self.count_wide(c, value, w)?;
                        let mut words = value.to_words(w);
                        // The active words: drop high zero words, as LLVM writes them.
                        while words.len() > 1 && *words.last().expect("non-empty") == 0 {
                            words.pop();
                        }
                        (5, words.iter().map(|&x| rotate(x as i64)).collect(), None)
                    }
                }
                ConstData::Float { ty, bits } => {
                    let b = bits.get();
                    let v = match self.types.get(*ty) {
                        TypeData::Float(FloatKind::X86Fp80) => {
                            let lo = b as u64;
                            let hi = (b >> 64) as u64 & 0xFFFF;
                            vec![(hi << 48) | (lo >> 16), lo & 0xFFFF]
                        }
                        TypeData::Float(FloatKind::Fp128 | FloatKind::PpcFp128) => vec![b as u64, (b >> 64) as u64],
                        _ => vec![b as u64],
                    };
                    (6, v, None)
                }
                ConstData::Bytes { bytes, .. } => {
                    let cstr = bytes.last() == Some(&0) && !bytes[..bytes.len() - 1].contains(&0);
                    if cstr {
                        let body = &bytes[..bytes.len() - 1];
                        let ab = if body.iter().all(|&b| is_char6(b)) {
                            cstring6
                        } else if body.iter().all(|&b| b < 128) {
                            cstring7
                        } else {
                            None
                        };
                        (9, body.iter().map(|&b| u64::from(b)).collect(), ab)
                    } else {
                        (8, bytes.iter().map(|&b| u64::from(b)).collect(), string8)
                    }
                }
                ConstData::Array { elems, .. } | ConstData::Vector { elems, .. } if self.is_data(c) => {
                    let v = elems
                        .iter()
                        .map(|&e| match &self.m.consts[e] {
                            ConstData::Int { value, .. } => value.as_u64().unwrap_or(0),
                            ConstData::Float { bits, .. } => bits.get() as u64,
                            _ => 0,
                        })
                        .collect();
                    (22, v, None)
                }
                ConstData::Array { elems, .. }
                | ConstData::Vector { elems, .. }
                | ConstData::Struct { fields: elems, .. } => {
                    (7, elems.iter().map(|&e| id(e)).collect::<Result<_>>()?, aggregate)
                }
                ConstData::Global { .. } => return Err(WriteError::new("a global among constants")),
                ConstData::BlockAddress { func, block: bb, .. } => {
                    let Some(GlobalDef::Func(f)) = self.m.symbols[*func].def else {
                        return Err(WriteError::new("blockaddress of a non-function"));
                    };
                    let fun = &self.m.functions[f];
                    let index =
                        block_indexes.entry(f).or_insert_with(|| function::BlockIndex::new(fun, &self.m.types)).get(bb);
                    let index = index.ok_or_else(|| {
                        WriteError::new(format!("blockaddress names a block @{} does not have", fun.name))
                    })?;
                    let fid = self.sym_id(*func).unwrap_or(0);
                    (21, vec![self.ptr_ty(fun.ty, fun.props.addr_space), u64::from(fid), index as u64], None)
                }
                ConstData::DsoLocalEquivalent { global, .. } | ConstData::NoCfi { global, .. } => {
                    let code = if matches!(data, ConstData::DsoLocalEquivalent { .. }) { 27 } else { 29 };
                    let gid = self.sym_id(*global).unwrap_or(0);
                    let gty = self.global_ptr_ty(*global);
                    (code, vec![gty, u64::from(gid)], None)
                }
                ConstData::Expr(e) => self.const_expr(c, e, &id, ce_cast)?,
            };
            s.record(code, &vals, ab);
        }
        s.exit_block();
        Ok(())
    }

    /// The address space of an alias or ifunc: its target's (what LLVM gives it).
    fn pointer_space(&self, target: ConstId, written: u32) -> u64 {
        match self.types.get(self.m.const_ty(target)) {
            TypeData::Pointer { addr_space, .. } => u64::from(*addr_space),
            _ => u64::from(written),
        }
    }

    fn global_ptr_ty(&self, sym: SymbolId) -> u64 {
        match self.m.symbols[sym].def {
            Some(GlobalDef::Func(f)) => self.ptr_ty(self.m.functions[f].ty, self.m.functions[f].props.addr_space),
            Some(GlobalDef::Var(g)) => self.ptr_ty(self.m.globals[g].ty, self.m.globals[g].props.addr_space),
            _ => 0,
        }
    }

    fn const_expr(
        &self,
        c: ConstId,
        e: &crate::ir::constant::ConstExpr,
        id: &dyn Fn(ConstId) -> Result<u64>,
        ce_cast: u32,
    ) -> Result<(u32, Vec<u64>, Option<u32>)> {
        let cty = |k: usize| self.ty(self.m.const_ty(e.operands[k]));
        let op = |k: usize| -> Result<u64> {
            e.operands
                .get(k)
                .copied()
                .ok_or_else(|| WriteError::new("constant expression without its operands"))
                .and_then(id)
        };
        let _ = c;
        Ok(match e.op {
            ExprOp::Binary(b) => {
                let mut v = vec![binop_code(b), op(0)?, op(1)?];
                let fl = wrap_bits(b, e.flags);
                if fl != 0 {
                    v.push(fl);
                }
                (10, v, None)
            }
            ExprOp::Cast(k) => (11, vec![cast_code(k), cty(0), op(0)?], Some(ce_cast)),
            ExprOp::FNeg => (25, vec![0, op(0)?], None),
            ExprOp::GetElementPtr => {
                use crate::ir::instruction::flags;
                let src = e.source_ty.ok_or_else(|| WriteError::new("getelementptr constant without a source type"))?;
                let inbounds = e.flags & flags::INBOUNDS != 0;
                if self.modern && e.indices.is_empty() {
                    // LLVM 19+: [source type, flags, (inrange: width, low, high)?, (type, value)…],
                    // the range as wide as the base pointer's index.
                    let bits = gep_flags(e.flags);
                    let mut v = vec![self.ty(src), bits];
                    let code = match e.inrange {
                        Some((lo, hi)) => {
                            let width = self.gep_index_bits(e.operands.first().map(|&b| self.m.const_ty(b)));
                            let wrap = |x: i64| if width >= 64 { x } else { (x << (64 - width)) >> (64 - width) };
                            v.extend([u64::from(width), rotate(wrap(lo)), rotate(wrap(hi))]);
                            31
                        }
                        None => 32,
                    };
                    for k in 0..e.operands.len() {
                        v.push(cty(k));
                        v.push(op(k)?);
                    }
                    return Ok((code, v, None));
                }
                if e.inrange.is_some() || e.flags & (flags::GEP_NUSW | flags::NUW) != 0 {
                    return Err(WriteError::new(if self.modern {
                        "getelementptr constant with both an inrange index and nusw, nuw or inrange(…)"
                    } else {
                        "getelementptr constant with nusw, nuw or inrange(…) has no LLVM 7 encoding"
                    }));
                }
                // LLVM 7's layout, and LLVM 4 … 18's inrange index in either layout (LLVM 19 and
                // later read the record and drop the index's inrange, as their upgrade does).
                let mut v = vec![self.ty(src)];
                let code = match e.indices.first() {
                    // `inrange` is numbered among the indices in bitcode, among the operands here.
                    Some(&i) if i >= 1 => {
                        v.push(((i as u64 - 1) << 1) | u64::from(inbounds));
                        24
                    }
                    Some(_) => return Err(WriteError::new("inrange on a getelementptr constant's base")),
                    None if inbounds => 20,
                    None => 12,
                };
                for k in 0..e.operands.len() {
                    v.push(cty(k));
                    v.push(op(k)?);
                }
                (code, v, None)
            }
            ExprOp::Select => (13, vec![op(0)?, op(1)?, op(2)?], None),
            ExprOp::ExtractElement => (14, vec![cty(0), op(0)?, cty(1), op(1)?], None),
            ExprOp::InsertElement => (15, vec![op(0)?, op(1)?, cty(2), op(2)?], None),
            ExprOp::ShuffleVector => {
                if self.m.const_ty(e.operands[0]) == e.ty {
                    (16, vec![op(0)?, op(1)?, op(2)?], None)
                } else {
                    (19, vec![cty(0), op(0)?, op(1)?, op(2)?], None)
                }
            }
            ExprOp::ICmp(p) => {
                let pred = codes::ICMP.iter().position(|&x| x == p).unwrap_or(0) as u64 + 32;
                (17, vec![cty(0), op(0)?, op(1)?, pred], None)
            }
            ExprOp::FCmp(p) => {
                let pred = codes::FCMP.iter().position(|&x| x == p).unwrap_or(0) as u64;
                (17, vec![cty(0), op(0)?, op(1)?, pred], None)
            }
            ExprOp::ExtractValue | ExprOp::InsertValue => {
                return Err(WriteError::new("extractvalue/insertvalue constant expressions have no bitcode encoding"))
            }
        })
    }

    fn write_kinds(&self, s: &mut BitWriter) {
        if self.kind_names.is_empty() {
            return;
        }
        s.enter_block(block::METADATA_KIND, 3);
        for (i, n) in self.kind_names.iter().enumerate() {
            let mut v = vec![i as u64];
            v.extend(n.bytes().map(u64::from));
            s.record(6, &v, None);
        }
        s.exit_block();
    }

    fn write_bundle_tags(&self, s: &mut BitWriter) {
        s.enter_block(block::OPERAND_BUNDLE_TAGS, 3);
        for t in self.tags.iter() {
            let v: Vec<u64> = t.bytes().map(u64::from).collect();
            s.record(1, &v, None);
        }
        s.exit_block();
    }

    /// LLVM 7's bundle tags, then the module's others in first-use order.
    fn all_bundle_tags(&self) -> NameList {
        let mut tags = self.bundle_tags.clone();
        for (_, f) in self.m.functions.iter() {
            for (_, i) in f.insts.iter() {
                use crate::ir::InstKind;
                if let InstKind::Call { call, .. } | InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } =
                    &i.kind
                {
                    for b in call.bundles.iter() {
                        tags.insert(&b.tag);
                    }
                }
            }
        }
        tags
    }

    /// Sync scope names: LLVM 7's `singlethread` and the system scope, then the module's.
    fn sync_scope_names(&self) -> NameList {
        let mut names = NameList::default();
        for n in ["singlethread", ""].into_iter().chain(self.m.sync_scopes.iter()) {
            names.insert(n);
        }
        names
    }

    fn write_sync_scopes(&self, s: &mut BitWriter) {
        s.enter_block(block::SYNC_SCOPE_NAMES, 2);
        for n in self.scopes.iter() {
            let v: Vec<u64> = n.bytes().map(u64::from).collect();
            s.record(1, &v, None);
        }
        s.exit_block();
    }
}

/// `memory(…)` as LLVM encodes it: two bits (read 1, write 2) per location, argmem first,
/// then inaccessiblemem, then other memory.
fn memory_bits(text: &str) -> Option<u64> {
    let mr = memory_access;
    let mut locs = [None::<u64>; 3];
    let mut default = 0;
    for part in text.split(',') {
        match part.split_once(':') {
            None => default = mr(part)?,
            Some((loc, m)) => {
                let i = match loc.trim() {
                    "argmem" => 0,
                    "inaccessiblemem" => 1,
                    _ => return None,
                };
                locs[i] = Some(mr(m)?);
            }
        }
    }
    Some(locs.iter().enumerate().map(|(i, l)| l.unwrap_or(default) << (2 * i)).sum())
}

/// `memory(…)` as LLVM 22 encodes it: two bits (read 1, write 2) for each of argmem,
/// inaccessiblemem, errnomem, other memory, target_mem0 and target_mem1, and bit 56 set (what
/// tells LLVM 22's reader this encoding from LLVM 16 … 20's three locations).
fn memory_bits_modern(text: &str) -> Option<u64> {
    const LOCS: [&str; 6] = ["argmem", "inaccessiblemem", "errnomem", "other", "target_mem0", "target_mem1"];
    let mut locs = [None::<u64>; 6];
    let mut default = 0;
    for part in text.split(',') {
        match part.split_once(':') {
            None => default = memory_access(part)?,
            Some((loc, m)) => {
                let i = LOCS.iter().position(|l| *l == loc.trim())?;
                locs[i] = Some(memory_access(m)?);
            }
        }
    }
    Some((1 << 56) | locs.iter().enumerate().map(|(i, l)| l.unwrap_or(default) << (2 * i)).sum::<u64>())
}

/// `captures(…)` as LLVM 21+ encodes it: `other << 4 | ret` (`ret:` components, when not written,
/// are the others).
fn captures_bits(text: &str) -> Option<u64> {
    let (mut other, mut ret, mut in_ret) = (0u64, None::<u64>, false);
    for part in text.split(',') {
        let mut w = part.trim();
        if let Some(rest) = w.strip_prefix("ret:") {
            (in_ret, w) = (true, rest.trim());
        }
        let c = match w {
            "none" => 0,
            "address_is_null" => 1,
            "address" => 3,
            "read_provenance" => 4,
            "provenance" => 12,
            _ => return None,
        };
        if in_ret {
            ret = Some(ret.unwrap_or(0) | c);
        } else {
            other |= c;
        }
    }
    Some((other << 4) | ret.unwrap_or(other))
}

fn memory_access(w: &str) -> Option<u64> {
    match w.trim() {
        "none" => Some(0),
        "read" => Some(1),
        "write" => Some(2),
        "readwrite" => Some(3),
        _ => None,
    }
}

fn write_identification(s: &mut BitWriter, modern: bool) {
    s.enter_block(block::IDENTIFICATION, 5);
    let string = s.abbrev(vec![Literal(1), Array, Char6]);
    let producer = if modern { PRODUCER_MODERN } else { PRODUCER };
    let v: Vec<u64> = producer.bytes().map(u64::from).collect();
    s.record(1, &v, Some(string));
    let epoch = s.abbrev(vec![Literal(2), Vbr(6)]);
    s.record(2, &[0], Some(epoch));
    s.exit_block();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Function bodies written on several threads give the bytes one thread gives.
    #[test]
    fn threads_do_not_change_the_bytes() {
        let mut src = String::from("target triple = \"nvptx64-nvidia-cuda\"\n@g = global i32 0\n");
        for i in 0..40 {
            src.push_str(&format!(
                "define i32 @f{i}(i32 %x) {{\nentry:\n  %a = add i32 %x, {i}\n  %b = load i32, i32* @g\n  \
                 %c = mul i32 %a, %b\n  br label %next\nnext:\n  ret i32 %c\n}}\n"
            ));
        }
        let m = crate::parse(&src).unwrap();
        for modern in [false, true] {
            let one =
                Writer { parallel_min: usize::MAX, ..Writer::new(&m, modern).unwrap() }.write().unwrap().into_vec();
            let many = Writer { parallel_min: 0, ..Writer::new(&m, modern).unwrap() }.write().unwrap().into_vec();
            assert!(one == many, "modern: {modern}");
            crate::bitcode::read(&many).unwrap();
        }
    }
}
