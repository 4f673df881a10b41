//! The IR reader: the module block and what hangs off it. One file per block kind: types,
//! attributes, constants, metadata, function bodies.

mod attrs;
mod constants;
mod debuginfo;
mod function;
mod metadata;
#[cfg(test)]
mod old_formats;
mod order;
mod parallel;
mod summary;
mod types;

use super::bitstream::{Bits, Cursor, Entry};
use super::codes::{self, block};
use super::error::{BitcodeError, Result};
use super::{Identification, Read};
use crate::ir::attrs::AttrSetId;
use crate::ir::constant::{ConstData, ConstId};
use crate::ir::function::{Function, Param};
use crate::ir::metadata::MdId;
use crate::ir::module::{
    Alias, Comdat, DllStorage, FuncId, GlobalDef, GlobalProps, GlobalVar, GlobalVarId, IFunc, Linkage, Module,
    Preemption, Symbol, SymbolId, ThreadLocal, UnnamedAddr, Visibility,
};
use crate::ir::types::{TypeData, TypeId};
use crate::ir::value::Value;
use thin_vec::ThinVec;

/// An attribute list: return, function and per-parameter sets.
#[derive(Debug, Clone, Default)]
struct AttrList {
    ret: Option<AttrSetId>,
    func: Option<AttrSetId>,
    params: Vec<Option<AttrSetId>>,
}

/// A global value awaiting an operand that may come later in the value table.
enum Pending {
    /// A global's initializer: the global, the value id, and where its record starts.
    Init(GlobalVarId, u64, u64),
    Aliasee(crate::ir::module::AliasId, u64),
    Resolver(crate::ir::module::IFuncId, u64),
    Prefix(FuncId, u64),
    Prologue(FuncId, u64),
    Personality(FuncId, u64),
}

pub(super) struct Reader<'a> {
    c: Cursor<'a>,
    /// Value and block names read so far, shared.
    names: crate::ir::value::NameTable,
    /// Threads for function bodies.
    options: crate::ParseOptions,
    role: Role,
    /// The helpers, until the first function body.
    crew: Option<parallel::Crew<'a>>,
    m: Module,
    ident: Identification,
    version: u64,
    strtab: &'a [u8],
    /// The type table.
    types: Vec<TypeId>,
    /// Identified structs whose name is not known yet (unnamed ones are numbered at the end).
    unnamed_structs: Vec<crate::ir::types::NamedStructId>,
    /// Attribute groups by id: the index they apply to, and their attributes, interned as a set
    /// at the first list that names them (so a group named by many lists is hashed once).
    attr_groups: rustc_hash::FxHashMap<u64, (u64, attrs::AttrGroup)>,
    /// Parameter slots the attribute lists have made (bounded by the input's size).
    attr_slots: u64,
    /// Parameters of the functions read so far (bounded by the input's size).
    param_count: u64,
    attr_lists: Vec<std::sync::Arc<AttrList>>,
    sections: Vec<crate::ir::Str>,
    gc_names: Vec<crate::ir::Str>,
    /// Bytes of names the module's globals carry from ranges records share (string table
    /// names, and section, GC and comdat names each global names by id): bounded by the input's
    /// size, as each costs a record a few bits (and each is printed with its global).
    name_bytes: std::cell::Cell<u64>,
    /// The names in `m.comdats`.
    comdat_names: rustc_hash::FxHashSet<Box<str>>,
    comdats: Vec<crate::ir::Str>,
    /// The name of globals read without one (before the string table), shared.
    empty_name: crate::ir::Str,
    /// Module-level values: globals, then constants, with their types (bodies ask for them at
    /// every use, and the constants table is large and far away in memory).
    values: Vec<(ConstId, TypeId)>,
    /// Which symbol each global value (by value id) is.
    global_syms: Vec<SymbolId>,
    pending: Vec<Pending>,
    /// Functions with bodies, in the order their blocks come.
    bodies: Vec<FuncId>,
    next_body: usize,
    /// Module-level metadata by id (strings first).
    mds: Vec<Option<MdId>>,
    /// The module's metadata strings not made nodes.
    lazy_strs: metadata::LazyStrings<'a>,
    /// The metadata strings of the function being read not made nodes.
    fn_lazy_strs: metadata::LazyStrings<'a>,
    /// Placeholders for metadata referred to before its record, not yet defined.
    md_open: usize,
    /// Whether a uniqued node filled a placeholder (so equal nodes may need merging).
    md_reunique: bool,
    md_kinds: rustc_hash::FxHashMap<u64, Box<str>>,
    bundle_tags: Vec<Box<str>>,
    /// `syncscope` names by bitcode id (`""` is the system scope).
    sync_names: Vec<Box<str>>,
    /// `blockaddress` constants whose block is named once its function is read.
    block_addresses: Vec<(ConstId, u32)>,
    /// The function whose body is being read, and the function itself, taken out of the module
    /// while it is (a helper that has shed its headers builds it from `lean`).
    cur_fn: Option<FuncId>,
    func: Function,
    /// A helper's function headers by function, once it has shed the module's headers, globals
    /// and names: `None` while it holds them.
    lean: Option<Vec<parallel::Lean>>,
    /// Functions a helper has read since its last chunk was taken out.
    shipped: Vec<(FuncId, Function)>,
    body: function::Body,
    /// Identified structs first reached in each function, by function, for bodies walked as they
    /// were read (see `order::struct_list`).
    struct_lists: Vec<Option<Vec<crate::ir::types::NamedStructId>>>,
    /// Whether bodies are walked as they are read (decided at the first: not when the globals
    /// reach every identified struct), and what the walk of the current run of bodies has seen.
    walk: Option<bool>,
    seen: order::Seen,
    /// Whether forward references among metadata made nodes be uniqued again (which depends on
    /// every node read before: a copy reading bodies on another thread cannot do it).
    reuniqued: bool,
    /// Metadata a helper made as placeholders for forward references in the chunk it reads,
    /// in order (defined since).
    md_placeholders: Vec<MdId>,
    /// Globals of a weak or linkonce linkage in bitcode from before comdats (LLVM 3.5): LLVM
    /// gives each a comdat of its own name once the symbol table names it.
    implicit_comdat: rustc_hash::FxHashSet<SymbolId>,
    /// Old debug information LLVM's reader upgrades, gathered while metadata is read.
    di_upgrade: debuginfo::Upgrades,
    /// A ThinLTO summary's records, made text once the module's names are known.
    summary: summary::Summary,
}

/// Reads `data` (starting with the magic). Should reading on several threads fail, the input is
/// read again on one, so that the error (or the module) is exactly the sequential one.
pub(super) fn read(data: &[u8], options: crate::ParseOptions) -> Result<Read> {
    match read_once(data, options) {
        Err(_) if options.threads > 1 => {
            read_once(data, crate::ParseOptions::SEQUENTIAL).map(|r| Read { reread: true, ..r })
        }
        r => r,
    }
}

/// What a reader is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Reads the module.
    Main,
    /// A helper reading chunks of bodies, from a copy of the main reader at the first body (see
    /// `parallel`).
    Copy,
}

fn read_once(data: &[u8], options: crate::ParseOptions) -> Result<Read> {
    let helpers = if options.threads > 1 && options.min_chunk <= 1 {
        options.threads - 1
    } else if options.threads > 1 && data.len() / options.min_chunk >= 2 {
        helpers_worth(data, options.threads - 1)
    } else {
        0
    };
    if helpers == 0 {
        return read_main(data, options, None);
    }
    std::thread::scope(|scope| {
        let (done_tx, done) = std::sync::mpsc::channel();
        let mut plans = Vec::with_capacity(helpers);
        for id in 0..helpers {
            let (tx, plan) = std::sync::mpsc::channel();
            plans.push(tx);
            let post = parallel::Post { id, plan, done: done_tx.clone() };
            // Should no thread be had, the main reader reads that helper's chunks itself.
            let _ = std::thread::Builder::new().spawn_scoped(scope, move || parallel::help(post));
        }
        drop(done_tx);
        read_main(data, options, Some(parallel::Crew { plans, done }))
    })
}

/// How many of `most` helpers are worth their memory. Each holds a copy of the module's metadata
/// and value tables (types, constants and attribute sets are shared) and what it adds to them for
/// the whole read, to read a share of the function
/// bodies: that pays where the bodies others than the largest (a body is read by one thread)
/// outweigh the tables [`TABLE_SHARE`] times per helper. A module of tables alone (globals,
/// attribute groups, annotations) or of one function gets none, which would otherwise double
/// its memory for nothing. Found by skipping the module block's sub-blocks by their lengths; an
/// input that cannot be walked so gets none (the main reader reports what is wrong with it).
fn helpers_worth(data: &[u8], most: usize) -> usize {
    let Some(Shares { tables, bodies, largest }) = shares(data) else { return 0 };
    let spread = bodies - largest;
    let worth = spread / tables.max(1).saturating_mul(TABLE_SHARE);
    worth.min(most as u64) as usize
}

/// The function bodies a helper reads must be at least this many times the bits of the tables
/// it copies (large modules from clang have 5 to 20 times more body than table bits).
const TABLE_SHARE: u64 = 2;

/// The bits of a module block outside its function blocks (module records and table blocks),
/// in its function blocks, and in the largest of them.
struct Shares {
    tables: u64,
    bodies: u64,
    largest: u64,
}

fn shares(data: &[u8]) -> Option<Shares> {
    let mut bits = Bits::new(data);
    bits.seek(32).ok()?;
    let mut c = Cursor::new(bits);
    loop {
        match c.advance().ok()? {
            Entry::Block(block::MODULE) => break,
            Entry::Block(_) => c.skip().ok()?,
            _ => return None,
        }
    }
    let (start, end) = c.pending_span()?;
    c.enter().ok()?;
    let (mut bodies, mut largest) = (0u64, 0u64);
    loop {
        match c.advance().ok()? {
            Entry::End => break,
            Entry::Block(id) => {
                let (at, till) = c.pending_span()?;
                if id == block::FUNCTION {
                    bodies += till - at;
                    largest = largest.max(till - at);
                }
                c.skip().ok()?;
            }
            Entry::Record(_) => {}
            Entry::Eof => return None,
        }
    }
    Some(Shares { tables: (end - start).saturating_sub(bodies), bodies, largest })
}

fn read_main<'a>(data: &'a [u8], options: crate::ParseOptions, crew: Option<parallel::Crew<'a>>) -> Result<Read> {
    let mut r = start(data, options, Role::Main)?;
    r.crew = crew;
    let producer = r.ident.producer.clone();
    r.module().map_err(|e| e.with_producer(producer.as_deref()))?;
    r.finish().map_err(|e| e.with_producer(producer.as_deref()))?;
    Ok(Read { module: r.m, ident: r.ident, reread: false })
}

/// A reader at the start of the module block.
fn start(data: &[u8], options: crate::ParseOptions, role: Role) -> Result<Reader<'_>> {
    let mut bits = Bits::new(data);
    bits.seek(32)?;
    let mut c = Cursor::new(bits);
    // First pass over the top level: where each block is. The string table follows the module.
    let mut module_at = None;
    let mut ident = Identification::default();
    let mut strtab: &[u8] = &[];
    loop {
        // Eight bytes or fewer left cannot hold another block: padding (`ar` pads archive
        // members to eight bytes) or garbage, which LLVM ignores too.
        if c.pos() / 8 + 8 >= c.len_bits() / 8 {
            break;
        }
        match c.advance()? {
            Entry::Eof => break,
            Entry::End => return Err(BitcodeError::at(c.pos(), "unexpected END_BLOCK at the top level")),
            Entry::Record(_) => return Err(BitcodeError::at(c.start, "record at the top level")),
            Entry::Block(block::IDENTIFICATION) => {
                c.enter()?;
                ident = read_identification(&mut c)?;
            }
            Entry::Block(block::MODULE) => {
                if module_at.is_none() {
                    module_at = Some(c.start);
                }
                c.skip()?;
            }
            Entry::Block(block::STRTAB) => {
                c.enter()?;
                loop {
                    match c.advance()? {
                        Entry::End => break,
                        Entry::Block(_) => c.skip()?,
                        Entry::Record(1) => strtab = c.blob.unwrap_or(&[]),
                        Entry::Record(code) => {
                            return Err(BitcodeError::at(
                                c.start,
                                format!("unknown record code {code} in STRTAB_BLOCK"),
                            ))
                        }
                        Entry::Eof => return Err(BitcodeError::at(c.pos(), "unexpected end of input")),
                    }
                }
            }
            Entry::Block(_) => c.skip()?,
        }
    }
    let Some(at) = module_at else {
        return Err(
            BitcodeError::at(c.pos(), "no module block in the bitcode").with_producer(ident.producer.as_deref())
        );
    };
    c.seek_top(at)?;
    let mut m = Module::new();
    m.consts.reserve(const_estimate(data.len()));
    let mut r = Reader {
        c,
        names: Default::default(),
        options,
        role,
        crew: None,
        m,
        ident,
        version: 0,
        strtab,
        types: Vec::new(),
        unnamed_structs: Vec::new(),
        attr_groups: Default::default(),
        attr_slots: 0,
        param_count: 0,
        attr_lists: Vec::new(),
        sections: Vec::new(),
        gc_names: Vec::new(),
        name_bytes: std::cell::Cell::new(0),
        comdat_names: Default::default(),
        comdats: Vec::new(),
        empty_name: crate::ir::Str::new(""),
        values: Vec::new(),
        global_syms: Vec::new(),
        pending: Vec::new(),
        bodies: Vec::new(),
        next_body: 0,
        mds: Vec::new(),
        lazy_strs: Default::default(),
        fn_lazy_strs: Default::default(),
        md_open: 0,
        md_reunique: false,
        md_kinds: Default::default(),
        bundle_tags: Vec::new(),
        sync_names: Vec::new(),
        block_addresses: Vec::new(),
        cur_fn: None,
        func: vacant(),
        lean: None,
        shipped: Vec::new(),
        body: function::Body::new(crate::ir::TypeId::from_index(0)),
        struct_lists: Vec::new(),
        walk: None,
        seen: Default::default(),
        reuniqued: false,
        md_placeholders: Vec::new(),
        implicit_comdat: Default::default(),
        di_upgrade: Default::default(),
        summary: Default::default(),
    };
    match r.c.advance()? {
        Entry::Block(block::MODULE) => r.c.enter()?,
        _ => return Err(BitcodeError::at(at, "module block expected").with_producer(r.ident.producer.as_deref())),
    }
    Ok(r)
}

/// Room for the constants a module of `bytes` bytes is likely to have, made before the first:
/// growing the table means copying every entry and rehashing (more than 10 ms on a large module,
/// on the critical path of a threaded read), while room never used costs address space only.
/// Large modules written by clang hold about one constant per 120 bytes, debug information makes
/// for fewer; much more room spreads the hash index over more memory than lookups like.
fn const_estimate(bytes: usize) -> usize {
    (bytes / 128).min(1 << 22)
}

fn read_identification(c: &mut Cursor<'_>) -> Result<Identification> {
    let mut id = Identification::default();
    loop {
        match c.advance()? {
            Entry::End => return Ok(id),
            Entry::Block(_) => c.skip()?,
            Entry::Record(1) => id.producer = Some(c.ops.iter().map(|&b| char::from(b as u8)).collect()),
            Entry::Record(2) => id.epoch = c.ops.first().copied(),
            Entry::Record(code) => {
                let msg = format!("unknown record code {code} in IDENTIFICATION_BLOCK");
                return Err(BitcodeError::at(c.start, msg).in_record(code));
            }
            Entry::Eof => return Err(BitcodeError::at(c.pos(), "unexpected end of input")),
        }
    }
}

/// A function with nothing in it: what stands in the module for one whose body is being read.
fn vacant() -> Function {
    Function::declaration(Box::default(), TypeId::from_index(0), ThinVec::new(), AttrSetId::from_index(0))
}

/// The bytes of a record's operands taken as characters.
fn chars(ops: &[u64]) -> Vec<u8> {
    ops.iter().map(|&b| b as u8).collect()
}

fn string(ops: &[u64]) -> Box<str> {
    String::from_utf8_lossy(&chars(ops)).into()
}

impl<'a> Reader<'a> {
    #[cold]
    fn err(&self, msg: impl Into<String>) -> BitcodeError {
        BitcodeError::at(self.c.start, msg).in_block(self.c.block()).in_record(self.c.code)
    }

    #[cold]
    fn unknown(&self, code: u32) -> BitcodeError {
        let block = self.c.block().map_or_else(|| "the top level".into(), codes::block_name);
        self.err(format!("unknown record code {code} in {block}"))
    }

    /// `ops[i]`, or an error naming the short record.
    fn op(&self, i: usize) -> Result<u64> {
        self.c.ops.get(i).copied().ok_or_else(|| self.err(format!("record too short (operand {i} missing)")))
    }

    fn ty(&self, id: u64) -> Result<TypeId> {
        self.types.get(id as usize).copied().ok_or_else(|| self.err(format!("type id {id} out of range")))
    }

    fn module(&mut self) -> Result<()> {
        loop {
            match self.c.advance()? {
                Entry::End => {
                    // A definition whose body never comes: LLVM cannot materialize it either.
                    if let Some(&f) = self.bodies.get(self.next_body) {
                        let name = &self.m.functions[f].name;
                        let shown: String = name.chars().take(64).collect();
                        return Err(self.err(format!(
                            "function @{shown}{} is a definition but has no function block ({} blocks for {} definitions)",
                            if shown.len() < name.len() { "…" } else { "" },
                            self.next_body,
                            self.bodies.len()
                        )));
                    }
                    return Ok(());
                }
                Entry::Eof => return Err(self.err("unexpected end of input in the module block")),
                Entry::Block(id) => match id {
                    block::PARAMATTR_GROUP => {
                        self.c.enter()?;
                        self.attr_group_block()?;
                    }
                    block::PARAMATTR => {
                        self.c.enter()?;
                        self.attr_block()?;
                    }
                    block::TYPE_NEW => {
                        self.c.enter()?;
                        self.type_block()?;
                    }
                    block::CONSTANTS => {
                        self.c.enter()?;
                        let start = self.values.len() as u64;
                        for (v, ty) in self.constants_block(start)? {
                            let Value::Const(c) = v else {
                                return Err(self.err("inline assembly among module constants"));
                            };
                            self.values.push((c, ty));
                        }
                    }
                    block::METADATA => {
                        self.c.enter()?;
                        self.metadata_block(false)?;
                    }
                    block::METADATA_KIND => {
                        self.c.enter()?;
                        self.metadata_kind_block()?;
                    }
                    block::FUNCTION => {
                        self.resolve_pending()?;
                        if self.walk.is_none() {
                            self.walk = Some(!order::globals_reach_all(&self.m));
                        }
                        if self.next_body == 0 && self.bodies_in_parallel()? {
                            continue;
                        }
                        let Some(&f) = self.bodies.get(self.next_body) else {
                            return Err(self.err("more function bodies than defined functions"));
                        };
                        self.next_body += 1;
                        self.c.enter()?;
                        self.function_block(f)?;
                    }
                    block::VALUE_SYMTAB => {
                        self.c.enter()?;
                        self.module_vst()?;
                    }
                    block::OPERAND_BUNDLE_TAGS => {
                        self.c.enter()?;
                        self.bundle_tags_block()?;
                    }
                    block::SYNC_SCOPE_NAMES => {
                        self.c.enter()?;
                        self.sync_scope_block()?;
                    }
                    block::GLOBALVAL_SUMMARY if self.role == Role::Main => {
                        self.c.enter()?;
                        self.summary_block(false)?;
                    }
                    block::MODULE_STRTAB if self.role == Role::Main => {
                        self.c.enter()?;
                        self.summary_block(true)?;
                    }
                    // Use lists only order uses; full LTO summaries and the rest are not IR.
                    _ => self.c.skip()?,
                },
                Entry::Record(code) => self.module_record(code).map_err(|e| e.in_record(code))?,
            }
        }
    }

    fn module_record(&mut self, code: u32) -> Result<()> {
        let ops = &self.c.ops;
        match code {
            1 => self.version = self.op(0)?,
            2 => self.m.triple = Some(chars(ops).into()),
            3 => self.m.data_layout = Some(chars(ops).into()),
            4 => {
                let text = chars(ops);
                self.m.module_asm = text.split(|&b| b == b'\n').map(Into::into).collect();
                if text.is_empty() {
                    self.m.module_asm.clear();
                }
            }
            5 => self.sections.push(string(ops).into()),
            6 => {} // DEPLIB: obsolete
            11 => self.gc_names.push(string(ops).into()),
            12 => self.comdat_record()?,
            7 => self.global_var_record()?,
            8 => self.function_record()?,
            9 | 14 | 18 => self.indirect_symbol_record(code)?,
            // VSTOFFSET: where the symbol table is, for lazy readers (and whether LLVM's reader
            // upgrades old `llvm.dbg.declare` expressions).
            13 => self.di_upgrade.vst_offset = true,
            15 => {} // METADATA_VALUES_UNUSED
            16 => self.m.source_filename = Some(chars(ops).into()),
            17 => {
                let mut h = [0; 5];
                for (h, &o) in h.iter_mut().zip(ops) {
                    *h = o & 0xffff_ffff;
                }
                self.summary.module_hash = Some(h);
            }
            _ => return Err(self.unknown(code)),
        }
        Ok(())
    }

    /// Uses a string table name (version 2) and returns the remaining operands' start. A name
    /// equal to one of the first names met is shared with it ([`NameTable::str`]): records that
    /// all name one range of the table hold one name, not a copy each.
    ///
    /// [`NameTable::str`]: crate::ir::value::NameTable::str
    fn strtab_name(&mut self) -> Result<(Option<crate::ir::Str>, usize)> {
        if self.version < 2 {
            return Ok((None, 0));
        }
        let (off, len) = (self.op(0)?, self.op(1)?);
        let end = off.checked_add(len).filter(|&e| e <= self.strtab.len() as u64);
        let Some(end) = end else {
            return Err(self.err(format!("name at {off}+{len} is outside the string table")));
        };
        self.copy_name(len)?;
        let bytes = &self.strtab[off as usize..end as usize];
        Ok((Some(self.names.str(&String::from_utf8_lossy(bytes))), 2))
    }

    fn comdat_record(&mut self) -> Result<()> {
        let (name, k) = self.strtab_name()?;
        let kind = codes::comdat_kind(self.op(k)?).ok_or_else(|| self.err("unknown comdat selection kind"))?;
        let name: Box<str> = match name {
            Some(n) => n.as_str().into(),
            None => {
                let n = self.op(k + 1)? as usize;
                let ops = &self.c.ops[k + 2..];
                if n > ops.len() {
                    return Err(self.err("comdat name runs past the record"));
                }
                string(&ops[..n])
            }
        };
        self.comdats.push(crate::ir::Str::new(&name));
        self.comdat_names.insert(name.clone());
        self.m.comdats.push(Comdat { name, kind: kind.into() });
        Ok(())
    }

    /// Counts `len` bytes of a name copied from a shared range (see `name_bytes`).
    fn copy_name(&self, len: u64) -> Result<()> {
        /// Name bytes any input may copy; larger inputs four per byte.
        const FREE: u64 = 16 << 20;
        let total = self.name_bytes.get().saturating_add(len);
        self.name_bytes.set(total);
        let bound = FREE.max(self.c.len_bits() / 8 * 4);
        if total > bound {
            return Err(self.err(format!(
                "names copied from shared string ranges add up to more than {bound} bytes (4 per input byte)"
            )));
        }
        Ok(())
    }

    /// A name from a table of names records refer to by id, copied.
    fn shared_name<T: Clone + std::ops::Deref<Target = str>>(
        &self,
        table: &[T],
        raw: u64,
        what: &str,
    ) -> Result<Option<T>> {
        if raw == 0 {
            return Ok(None);
        }
        let name = table.get(raw as usize - 1).ok_or_else(|| self.err(format!("{what} id out of range")))?;
        self.copy_name(name.len() as u64)?;
        Ok(Some(name.clone()))
    }

    fn section(&self, raw: u64) -> Result<Option<crate::ir::Str>> {
        self.shared_name(&self.sections, raw, "section")
    }

    fn comdat(&self, raw: u64) -> Result<Option<crate::ir::Str>> {
        self.shared_name(&self.comdats, raw, "comdat")
    }

    fn align(&self, raw: u64) -> Result<Option<u64>> {
        match raw {
            0 => Ok(None),
            1..=33 => Ok(Some(1u64 << (raw - 1))),
            _ => Err(self.err(format!("alignment exponent {} too large", raw - 1))),
        }
    }

    fn pointer_to(&mut self, pointee: TypeId, addr_space: u32) -> TypeId {
        if self.m.types.dialect() == Some(crate::ir::Dialect::OpaquePointers) || self.opaque() {
            self.m.types.opaque_ptr(addr_space)
        } else {
            self.m.types.typed_ptr(pointee, addr_space)
        }
    }

    /// Whether the type table uses opaque pointers.
    fn opaque(&self) -> bool {
        matches!(self.m.types.dialect(), Some(crate::ir::Dialect::OpaquePointers))
    }

    /// Registers a global value: a symbol and its address as a constant.
    fn add_global(&mut self, name: Option<crate::ir::Str>, def: GlobalDef, ptr_ty: TypeId) -> SymbolId {
        let name = name.unwrap_or_else(|| self.empty_name.clone());
        let sym = self.m.symbols.push(Symbol { name, def: Some(def) });
        let c = self.m.constant(ConstData::Global { ty: ptr_ty, global: sym });
        self.values.push((c, ptr_ty));
        self.global_syms.push(sym);
        sym
    }

    fn props_common(&self, linkage: Linkage, vis: u64) -> GlobalProps {
        let local = matches!(linkage, Linkage::Internal | Linkage::Private);
        GlobalProps {
            linkage,
            visibility: if local {
                Visibility::Default
            } else {
                match vis {
                    1 => Visibility::Hidden,
                    2 => Visibility::Protected,
                    _ => Visibility::Default,
                }
            },
            ..GlobalProps::default()
        }
    }

    fn dll(raw: u64) -> DllStorage {
        match raw {
            1 => DllStorage::Import,
            2 => DllStorage::Export,
            _ => DllStorage::None,
        }
    }

    fn unnamed_addr(raw: u64) -> UnnamedAddr {
        match raw {
            1 => UnnamedAddr::Global,
            2 => UnnamedAddr::Local,
            _ => UnnamedAddr::None,
        }
    }

    fn thread_local(raw: u64) -> ThreadLocal {
        match raw {
            1 => ThreadLocal::GeneralDynamic,
            2 => ThreadLocal::LocalDynamic,
            3 => ThreadLocal::InitialExec,
            4 => ThreadLocal::LocalExec,
            _ => ThreadLocal::None,
        }
    }

    /// `dso_local` as LLVM prints it: not for what it implies anyway.
    fn preemption(props: &GlobalProps, dso_local: bool) -> Preemption {
        let implied = matches!(props.linkage, Linkage::Internal | Linkage::Private)
            || (props.visibility != Visibility::Default && props.linkage != Linkage::ExternWeak);
        if dso_local && !implied {
            Preemption::DsoLocal
        } else {
            Preemption::Unspecified
        }
    }

    fn global_var_record(&mut self) -> Result<()> {
        let (name, k) = self.strtab_name()?;
        let r: Vec<u64> = self.c.ops[k..].to_vec();
        let get = |i: usize| r.get(i).copied();
        if r.len() < 6 {
            return Err(self.err("global variable record too short"));
        }
        let mut ty = self.ty(r[0])?;
        let is_constant = r[1] & 1 != 0;
        let addr_space;
        if r[1] & 2 != 0 {
            addr_space = u32::try_from(r[1] >> 2).map_err(|_| self.err("address space too large"))?;
        } else {
            match self.m.types.get(ty) {
                TypeData::Pointer { addr_space: a, pointee: Some(p) } => {
                    addr_space = *a;
                    ty = *p;
                }
                _ => return Err(self.err("old-style global variable without a typed pointer type")),
            }
        }
        let linkage = codes::linkage(r[3]).ok_or_else(|| self.err(format!("unknown linkage {}", r[3])))?;
        let mut props = self.props_common(linkage, get(6).unwrap_or(0));
        props.align = self.align(r[4])?.and_then(crate::ir::instruction::Align::new);
        props.set_section(self.section(r[5])?);
        props.thread_local = Self::thread_local(get(7).unwrap_or(0));
        props.unnamed_addr = Self::unnamed_addr(get(8).unwrap_or(0));
        let externally_initialized = get(9).unwrap_or(0) != 0;
        if !matches!(linkage, Linkage::Internal | Linkage::Private) {
            // Before LLVM 3.5 dllimport and dllexport were linkages (5 and 6).
            props.dll = Self::dll(get(10).unwrap_or(match r[3] {
                5 => 1,
                6 => 2,
                _ => 0,
            }));
        }
        props.set_comdat(self.comdat(get(11).unwrap_or(0))?);
        let attrs = match get(12) {
            Some(a) if a > 0 => self.attr_list(a)?.func.unwrap_or(AttrSetId::from_index(0)),
            _ => AttrSetId::from_index(0),
        };
        props.preemption = Self::preemption(&props, get(13).unwrap_or(0) != 0);
        props.addr_space = addr_space;
        if let (Some(off), Some(len)) = (get(14), get(15)) {
            if len > 0 {
                let end = off.checked_add(len).filter(|&e| e <= self.strtab.len() as u64);
                let end = end.ok_or_else(|| self.err("partition name outside the string table"))?;
                props.set_partition(Some(String::from_utf8_lossy(&self.strtab[off as usize..end as usize]).into()));
            }
        }
        let code_model = match get(17) {
            None | Some(0) => None,
            Some(1) => Some("tiny"),
            Some(2) => Some("small"),
            Some(3) => Some("kernel"),
            Some(4) => Some("medium"),
            Some(5) => Some("large"),
            Some(_) => return Err(self.err("unknown code model")),
        };
        if r[2] == 0 && linkage == Linkage::External {
            props.linkage = Linkage::ExternalExplicit;
        }
        props.set_code_model(code_model.map(Into::into));
        let gv = GlobalVar {
            name: name.clone().unwrap_or_else(|| self.empty_name.clone()),
            props,
            externally_initialized,
            is_constant,
            ty,
            init: None,
            attrs,
            // LLVM 15+: no_address | no_hwaddress << 1 | memtag << 2 | dyn_init << 3.
            sanitizer: (get(16).unwrap_or(0) & 15) as u8,
            source: None,
        };
        let id = self.m.globals.push(gv);
        let pty = self.pointer_to(ty, addr_space);
        let sym = self.add_global(name, GlobalDef::Var(id), pty);
        if r.len() <= 11 && codes::implicit_comdat(r[3]) {
            self.implicit_comdat.insert(sym);
        }
        if r[2] != 0 {
            self.pending.push(Pending::Init(id, r[2] - 1, self.c.start));
        }
        Ok(())
    }

    fn function_record(&mut self) -> Result<()> {
        /// Parameters the functions of any input may have in all (more for inputs over 4 MiB:
        /// one per 4 bytes).
        const MAX_PARAMS: u64 = 1 << 20;
        let (name, k) = self.strtab_name()?;
        let r: Vec<u64> = self.c.ops[k..].to_vec();
        let get = |i: usize| r.get(i).copied();
        if r.len() < 8 {
            return Err(self.err("function record too short"));
        }
        let mut fty = self.ty(r[0])?;
        if let TypeData::Pointer { pointee: Some(p), .. } = self.m.types.get(fty) {
            fty = *p;
        }
        let TypeData::Function { params, .. } = self.m.types.get(fty) else {
            return Err(self.err("function record without a function type"));
        };
        // Every function's parameters are made here, so a few bytes of records naming a type
        // with many parameters could ask for any amount: their total is bounded by the input.
        self.param_count += params.len() as u64;
        if self.param_count > MAX_PARAMS.max(self.c.len_bits() / 32) {
            return Err(self.err(format!(
                "the functions declared so far have {} parameters in all, more than nvir reads from an input \
                 of this size",
                self.param_count
            )));
        }
        let cc = u32::try_from(r[1])
            .ok()
            .filter(|&c| c <= 1023)
            .ok_or_else(|| self.err("calling convention out of range"))?;
        let is_proto = r[2] != 0;
        let linkage = codes::linkage(r[3]).ok_or_else(|| self.err(format!("unknown linkage {}", r[3])))?;
        let list = self.attr_list(r[4])?;
        let mut props = self.props_common(linkage, r[7]);
        props.align = self.align(r[5])?.and_then(crate::ir::instruction::Align::new);
        props.set_section(self.section(r[6])?);
        let gc = self.shared_name(&self.gc_names, get(8).unwrap_or(0), "gc")?;
        props.unnamed_addr = Self::unnamed_addr(get(9).unwrap_or(0));
        if !matches!(linkage, Linkage::Internal | Linkage::Private) {
            props.dll = Self::dll(get(11).unwrap_or(match r[3] {
                5 => 1,
                6 => 2,
                _ => 0,
            }));
        }
        props.set_comdat(self.comdat(get(12).unwrap_or(0))?);
        props.preemption = Self::preemption(&props, get(15).unwrap_or(0) != 0);
        let addr_space = u32::try_from(get(16).unwrap_or(0)).map_err(|_| self.err("address space too large"))?;
        props.addr_space = addr_space;
        if let (Some(off), Some(len)) = (get(17), get(18)) {
            if len > 0 && off.checked_add(len).is_some_and(|e| e <= self.strtab.len() as u64) {
                props.set_partition(Some(
                    String::from_utf8_lossy(&self.strtab[off as usize..(off + len) as usize]).into(),
                ));
            }
        }
        let empty = AttrSetId::from_index(0);
        let TypeData::Function { params, .. } = self.m.types.get(fty) else {
            return Err(self.err("function record without a function type"));
        };
        let params: Vec<(TypeId, AttrSetId)> = params
            .iter()
            .enumerate()
            .map(|(i, &ty)| (ty, list.params.get(i).copied().flatten().unwrap_or(empty)))
            .collect();
        let params: Vec<Param> = params
            .into_iter()
            .map(|(ty, attrs)| Param {
                ty,
                name: crate::ir::value::Name::NONE,
                attrs: self.typed_param_attrs(attrs, ty),
            })
            .collect();
        let f = Function {
            name: name.as_deref().unwrap_or_default().into(),
            props,
            cc,
            ty: fty,
            ret_attrs: list.ret.unwrap_or(empty),
            params: crate::ir::thin_exact(params),
            fn_attrs: list.func.unwrap_or(empty),
            rare: gc.map(|gc| Box::new(crate::ir::FnRare { gc: Some(gc), ..Default::default() })),
            is_definition: !is_proto,
            body: Default::default(),
            source: Default::default(),
        };
        let id = self.m.functions.push(f);
        let pty = self.pointer_to(fty, addr_space);
        let sym = self.add_global(name, GlobalDef::Func(id), pty);
        if r.len() <= 12 && codes::implicit_comdat(r[3]) {
            self.implicit_comdat.insert(sym);
        }
        for (i, p) in [(10, 0u8), (13, 1), (14, 2)] {
            if let Some(v) = get(i).filter(|&v| v > 0) {
                self.pending.push(match p {
                    0 => Pending::Prologue(id, v - 1),
                    1 => Pending::Prefix(id, v - 1),
                    _ => Pending::Personality(id, v - 1),
                });
            }
        }
        if !is_proto {
            self.bodies.push(id);
        }
        Ok(())
    }

    fn indirect_symbol_record(&mut self, code: u32) -> Result<()> {
        let (name, k) = self.strtab_name()?;
        let r: Vec<u64> = self.c.ops[k..].to_vec();
        let new = code != 9;
        if r.len() < 3 + usize::from(new) {
            return Err(self.err("alias record too short"));
        }
        let mut i = 0;
        let mut ty = self.ty(r[i])?;
        i += 1;
        let addr_space = if new {
            let a = r[i];
            i += 1;
            u32::try_from(a).map_err(|_| self.err("address space too large"))?
        } else {
            match self.m.types.get(ty) {
                TypeData::Pointer { addr_space, pointee } => {
                    let a = *addr_space;
                    if let Some(p) = pointee {
                        ty = *p;
                    }
                    a
                }
                _ => return Err(self.err("old-style alias without a pointer type")),
            }
        };
        let target = r[i];
        let linkage = codes::linkage(r[i + 1]).ok_or_else(|| self.err("unknown linkage"))?;
        i += 2;
        let mut props = self.props_common(linkage, r.get(i).copied().unwrap_or(0));
        i += 1;
        let local = matches!(linkage, Linkage::Internal | Linkage::Private);
        if code != 18 {
            if let Some(&d) = r.get(i) {
                if !local {
                    props.dll = Self::dll(d);
                }
                i += 1;
            }
            if let Some(&t) = r.get(i) {
                props.thread_local = Self::thread_local(t);
                i += 1;
            }
            if let Some(&u) = r.get(i) {
                props.unnamed_addr = Self::unnamed_addr(u);
                i += 1;
            }
        }
        let dso = r.get(i).copied().unwrap_or(0) != 0;
        props.preemption = Self::preemption(&props, dso);
        props.addr_space = addr_space;
        // The partition (LLVM 9+): an offset and size in the string table.
        if let (Some(&off), Some(&len)) = (r.get(i + 1), r.get(i + 2)) {
            if len > 0 {
                let end = off.checked_add(len).filter(|&e| e <= self.strtab.len() as u64);
                let end = end.ok_or_else(|| self.err("partition name outside the string table"))?;
                props.set_partition(Some(String::from_utf8_lossy(&self.strtab[off as usize..end as usize]).into()));
            }
        }
        let pty = self.pointer_to(ty, addr_space);
        let placeholder = self.m.constant(ConstData::Undef(pty));
        if code == 18 {
            let id = self.m.ifuncs.push(IFunc {
                name: name.clone().unwrap_or_else(|| self.empty_name.clone()),
                props,
                ty,
                resolver: placeholder,
            });
            self.add_global(name, GlobalDef::IFunc(id), pty);
            self.pending.push(Pending::Resolver(id, target));
        } else {
            let id = self.m.aliases.push(Alias {
                name: name.clone().unwrap_or_else(|| self.empty_name.clone()),
                props,
                ty,
                aliasee: placeholder,
            });
            self.add_global(name, GlobalDef::Alias(id), pty);
            self.pending.push(Pending::Aliasee(id, target));
        }
        Ok(())
    }

    /// Sets initializers, aliasees and function operands once the module constants are read.
    fn resolve_pending(&mut self) -> Result<()> {
        for p in std::mem::take(&mut self.pending) {
            let get = |v: u64| -> Result<ConstId> {
                self.values
                    .get(v as usize)
                    .map(|&(c, _)| c)
                    .ok_or_else(|| self.err(format!("global operand {v} out of range")))
            };
            match p {
                Pending::Init(g, v, at) => {
                    let c = get(v)?;
                    // An initializer of another type than the global's: LLVM's verifier
                    // refuses the module, and nothing here could print or write it.
                    if self.m.const_ty(c) != self.m.globals[g].ty {
                        return Err(BitcodeError::at(
                            at,
                            format!("initializer (value {v}) is not of the global's type"),
                        )
                        .in_block(Some(block::MODULE))
                        .in_record(7));
                    }
                    self.m.globals[g].init = Some(c);
                }
                Pending::Aliasee(a, v) => self.m.aliases[a].aliasee = get(v)?,
                Pending::Resolver(a, v) => self.m.ifuncs[a].resolver = get(v)?,
                Pending::Prefix(f, v) | Pending::Prologue(f, v) | Pending::Personality(f, v) => {
                    let c = get(v)?;
                    let t = (self.m.const_ty(c), Value::Const(c));
                    self.m.functions[f].edit_rare(|r| match p {
                        Pending::Prefix(..) => r.prefix = Some(t),
                        Pending::Prologue(..) => r.prologue = Some(t),
                        _ => r.personality = Some(t),
                    });
                }
            }
        }
        Ok(())
    }

    /// The module-level value symbol table: names of globals in bitcode without a string table.
    fn module_vst(&mut self) -> Result<()> {
        loop {
            match self.c.advance()? {
                Entry::End => return Ok(()),
                Entry::Eof => return Err(self.err("unexpected end of input")),
                Entry::Block(_) => self.c.skip()?,
                // ENTRY [valueid, name…] and FNENTRY [valueid, offset, name…].
                Entry::Record(code @ (1 | 3)) => {
                    let skip = if code == 1 { 1 } else { 2 };
                    let id = self.op(0)? as usize;
                    if self.c.ops.len() < skip {
                        return Err(self.err("symbol table entry too short"));
                    }
                    let name = string(&self.c.ops[skip..]);
                    if name.is_empty() {
                        // With a string table, function entries only say where bodies are.
                        continue;
                    }
                    let Some(&sym) = self.global_syms.get(id) else {
                        return Err(self.err(format!("symbol table names value {id}, which is not a global")));
                    };
                    if self.implicit_comdat.contains(&sym) && self.triple_has_comdats() {
                        self.give_comdat(sym, &name);
                    }
                    self.rename_global(sym, crate::ir::Str::new(&name));
                }
                // COMBINED_ENTRY belongs to summaries, not to the module.
                Entry::Record(5) => self.summary.combined_entry(&self.c.ops),
                Entry::Record(code) => return Err(self.unknown(code)),
            }
        }
    }

    /// Whether the target's object format has comdats (LLVM's `Triple::supportsCOMDAT`: not
    /// Mach-O, not XCOFF).
    fn triple_has_comdats(&self) -> bool {
        let t = String::from_utf8_lossy(self.m.triple.as_deref().unwrap_or_default()).to_ascii_lowercase();
        let darwin = ["darwin", "macos", "ios", "tvos", "watchos", "xros", "driverkit", "bridgeos"];
        !(t.ends_with("-macho") || t.contains("-aix") || t.split('-').any(|p| darwin.iter().any(|d| p.starts_with(d))))
    }

    /// An old weak or linkonce global's implicit comdat, `$name = comdat any`.
    fn give_comdat(&mut self, sym: SymbolId, name: &str) {
        let props = match self.m.symbols[sym].def {
            Some(GlobalDef::Var(g)) => &mut self.m.globals[g].props,
            Some(GlobalDef::Func(f)) => &mut self.m.functions[f].props,
            _ => return,
        };
        if props.comdat().is_some() {
            return;
        }
        props.set_comdat(Some(crate::ir::Str::new(name)));
        if self.comdat_names.insert(name.into()) {
            self.m.comdats.push(Comdat { name: name.into(), kind: "any".into() });
        }
    }

    fn rename_global(&mut self, sym: SymbolId, name: crate::ir::Str) {
        match self.m.symbols[sym].def {
            Some(GlobalDef::Var(g)) => self.m.globals[g].name = name.clone(),
            Some(GlobalDef::Func(f)) => self.m.functions[f].name = name.as_str().into(),
            Some(GlobalDef::Alias(a)) => self.m.aliases[a].name = name.clone(),
            Some(GlobalDef::IFunc(i)) => self.m.ifuncs[i].name = name.clone(),
            None => {}
        }
        self.m.symbols[sym].name = name;
    }

    fn bundle_tags_block(&mut self) -> Result<()> {
        loop {
            match self.c.advance()? {
                Entry::End => return Ok(()),
                Entry::Eof => return Err(self.err("unexpected end of input")),
                Entry::Block(_) => self.c.skip()?,
                Entry::Record(1) => self.bundle_tags.push(string(&self.c.ops)),
                Entry::Record(c) => return Err(self.unknown(c)),
            }
        }
    }

    /// A summary block (or, `paths`, a combined index's module paths), kept for `finish`.
    fn summary_block(&mut self, paths: bool) -> Result<()> {
        loop {
            match self.c.advance()? {
                Entry::End => return Ok(()),
                Entry::Eof => return Err(self.err("unexpected end of input")),
                Entry::Block(_) => self.c.skip()?,
                Entry::Record(code) if paths => self.summary.module_path_record(code, &self.c.ops),
                Entry::Record(code) => self.summary.record(code, &self.c.ops),
            }
        }
    }

    fn sync_scope_block(&mut self) -> Result<()> {
        loop {
            match self.c.advance()? {
                Entry::End => return Ok(()),
                Entry::Eof => return Err(self.err("unexpected end of input")),
                Entry::Block(_) => self.c.skip()?,
                Entry::Record(1) => self.sync_names.push(string(&self.c.ops)),
                Entry::Record(c) => return Err(self.unknown(c)),
            }
        }
    }

    /// Numbers unnamed globals and structs, orders named structs as LLVM prints them.
    fn finish(&mut self) -> Result<()> {
        self.resolve_pending()?;
        // A name of digits is a name (`@"3"`), not a numbered global.
        let numeric: Vec<GlobalDef> = (self.m.symbols.iter())
            .filter(|(_, s)| !s.name.is_empty() && s.name.bytes().all(|b| b.is_ascii_digit()))
            .filter_map(|(_, s)| s.def)
            .collect();
        for d in numeric {
            match d {
                GlobalDef::Var(v) => self.m.globals[v].props.numeric_name = true,
                GlobalDef::Func(f) => self.m.functions[f].props.numeric_name = true,
                GlobalDef::Alias(a) => self.m.aliases[a].props.numeric_name = true,
                GlobalDef::IFunc(i) => self.m.ifuncs[i].props.numeric_name = true,
            }
        }
        // Unnamed globals are numbered in slot order: variables, aliases, ifuncs, functions.
        let mut unnamed: Vec<SymbolId> = Vec::new();
        let order = |d: &GlobalDef| match d {
            GlobalDef::Var(_) => 0,
            GlobalDef::Alias(_) => 1,
            GlobalDef::IFunc(_) => 2,
            GlobalDef::Func(_) => 3,
        };
        let mut syms: Vec<(u8, SymbolId)> = self
            .m
            .symbols
            .iter()
            .filter(|(_, s)| s.name.is_empty())
            .filter_map(|(id, s)| s.def.as_ref().map(|d| (order(d), id)))
            .collect();
        syms.sort_by_key(|&(o, id)| (o, id));
        unnamed.extend(syms.into_iter().map(|(_, id)| id));
        for (n, sym) in unnamed.into_iter().enumerate() {
            self.rename_global(sym, n.to_string().into());
        }
        self.name_block_addresses()?;
        if self.di_upgrade.declare_expressions && self.di_upgrade.vst_offset {
            self.upgrade_declare_expressions();
        }
        // What only reading used goes before the struct order walk: the module is at its
        // largest from here on.
        self.body = function::Body::new(self.m.types.void());
        self.values = Vec::new();
        self.mds = Vec::new();
        self.lazy_strs = Default::default();
        self.fn_lazy_strs = Default::default();
        self.types = Vec::new();
        self.attr_lists = Vec::new();
        self.names = Default::default();
        self.bodies = Vec::new();
        order::order_structs(&mut self.m, &self.unnamed_structs, &self.struct_lists);
        self.struct_lists = Vec::new();
        crate::ir::upgrade::drop_old_debug_info(&mut self.m);
        let globals: Vec<&str> = self.global_syms.iter().map(|&s| &*self.m.symbols[s].name).collect();
        let path = self.m.source_filename.as_deref().unwrap_or_default();
        if let Some(summary) = self.summary.text(&globals, path) {
            self.m.summary = summary;
        }
        Ok(())
    }

    /// Names each `blockaddress` block as the printer numbers it: a named block by its name, an
    /// unnamed one by its slot (arguments, blocks and results numbered in order).
    fn name_block_addresses(&mut self) -> Result<()> {
        use crate::ir::module::BlockName;
        // Each function's block names are made once: a module may take the address of every
        // block of a large function.
        let mut names: rustc_hash::FxHashMap<FuncId, Vec<BlockName>> = Default::default();
        for (c, bb) in std::mem::take(&mut self.block_addresses) {
            let ConstData::BlockAddress { ty, func, .. } = self.m.consts[c] else { continue };
            let Some(GlobalDef::Func(fid)) = self.m.symbols[func].def else { continue };
            let f = &self.m.functions[fid];
            let types = &self.m.types;
            let list = names.entry(fid).or_insert_with(|| {
                // Slots as the printer numbers them: unnamed arguments, blocks and results.
                let mut next = f.params.iter().filter(|p| p.name.is_none()).count() as u32;
                let mut list = Vec::with_capacity(f.layout.len());
                for &b in &f.layout {
                    let block = &f.blocks[b];
                    list.push(match block.name.as_str() {
                        Some(n) => BlockName::Named(n.into()),
                        None => BlockName::Numbered(next),
                    });
                    next += u32::from(block.name.is_none());
                    for &i in &block.insts {
                        let inst = &f.insts[i];
                        next += u32::from(f.inst_name(i).is_none() && !matches!(types.get(inst.ty), TypeData::Void));
                    }
                }
                list
            });
            let Some(block) = list.get(bb as usize).cloned() else {
                return Err(BitcodeError::at(
                    0,
                    format!("blockaddress of block {bb}, which @{} does not have", f.name),
                ));
            };
            // Replaced once per constant (equal blockaddresses share one).
            let _ = self.m.consts.replace(c, ConstData::BlockAddress { ty, func, block });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bitcode(src: &str) -> Vec<u8> {
        let m = crate::text::parser::parse_module(src).unwrap();
        crate::bitcode::write(&m).unwrap()
    }

    /// Helpers copy the tables: a module of tables alone gets none, nor does a module whose
    /// bodies are one function; bodies that outweigh the tables get them.
    #[test]
    fn helpers_only_where_bodies_pay_for_the_tables() {
        let globals: String = (0..2000).map(|i| format!("@g{i} = global i32 {i}\n")).collect();
        assert_eq!(helpers_worth(&bitcode(&globals), 7), 0);
        let body: String = (0..400).map(|i| format!("  %v{i} = add i32 %a, {i}\n")).collect();
        let one = format!("define i32 @f(i32 %a) {{\n{body}  ret i32 %a\n}}\n");
        assert_eq!(helpers_worth(&bitcode(&one), 7), 0);
        let many: String = (0..200).map(|k| format!("define i32 @f{k}(i32 %a) {{\n{body}  ret i32 %a\n}}\n")).collect();
        let data = bitcode(&many);
        let s = shares(&data).unwrap();
        assert!(s.bodies > 10 * s.tables && s.largest < s.bodies / 100, "{} {} {}", s.tables, s.bodies, s.largest);
        assert_eq!(helpers_worth(&data, 7), 7);
        assert_eq!(helpers_worth(&data[..data.len() / 2], 7), 0, "a cut input gets none");
    }
}
