//! What LLVM 7 lacks, in what LLVM 7 has: `atomicrmw` operations newer than LLVM 7 become the
//! NVVM intrinsics libNVVM's LLVM 7 path reads (measured: libNVVM 13.5 verifies and compiles
//! each at compute_90).
//!
//! | LLVM 9+ / 16+ | LLVM 7 |
//! |---|---|
//! | `atomicrmw fadd float`/`double` | `llvm.nvvm.atomic.load.add.f32`/`.f64` |
//! | `atomicrmw uinc_wrap i32` | `llvm.nvvm.atomic.load.inc.32` |
//! | `atomicrmw udec_wrap i32` | `llvm.nvvm.atomic.load.dec.32` |
//!
//! `fence` becomes the `llvm.nvvm.membar.*` of its scope (libNVVM's LLVM 7 compiler refuses
//! `fence`), and `freeze` a copy of its operand.
//!
//! Integer `llvm.smax`/`smin`/`umax`/`umin`/`abs` (LLVM 12+) and `llvm.usub.sat`/`uadd.sat`
//! (LLVM 8+), which LLVM 7 would take for external functions, become `icmp` and `select` (with a
//! `sub` or `add`). Calls of optimizer hints LLVM 7 lacks (`llvm.experimental.noalias.scope.decl`,
//! …) are left out.
//!
//! The intrinsics are relaxed (`monotonic`) at the scope the PTX `atom` instruction has by
//! default; a stronger ordering or another scope is reported as a [`Note`]. The other newer
//! operations (`fsub`, `fmax`, `fmin`, …) are refused with the instruction's place.

use super::pointers::mangle;
use super::{Note, PassError};
use crate::ir::build::Builder;
use crate::ir::constant::ConstData;
use crate::ir::function::Function;
use crate::ir::instruction::{CallArg, CallSite, FastMath, InstId, InstKind, Ordering, RmwOp, TailKind};
use crate::ir::module::{FuncId, Module};
use crate::ir::types::{Dialect, FloatKind, TypeData};
use crate::ir::value::Value;
use thin_vec::ThinVec;

/// Lowers the operations above in a typed-pointer module (run
/// [`super::pointers::type_pointers`] first on an opaque one).
pub fn lower(m: &mut Module) -> Result<Vec<Note>, PassError> {
    if m.types.dialect() == Some(Dialect::OpaquePointers) {
        return Err(PassError::module("lowering atomics needs typed pointers"));
    }
    let mut notes = Vec::new();
    odd_wide_parameters(m)?;
    unspellable_names(m)?;
    kernels_returning_values(m)?;
    unsupported_operations(m)?;
    half_alignment(m, &mut notes);
    drop_select_phi_flags(m);
    for i in 0..m.functions.len() {
        let fid = FuncId::from_index(i);
        let todo: Vec<InstId> = m.functions[fid]
            .insts
            .iter()
            .filter(|(_, x)| matches!(&x.kind, InstKind::AtomicRmw { op, .. } if !op.in_llvm7()))
            .map(|(id, _)| id)
            .collect();
        for id in todo {
            lower_one(m, fid, id, &mut notes)?;
        }
    }
    lower_min_max(m);
    lower_to_asm(m);
    lower_atomic_loads_stores(m, &mut notes);
    lower_fences_and_freezes(m, &mut notes)?;
    debug_info_fields(m, &mut notes)?;
    drop_hints(m, &mut notes);
    Ok(notes)
}

/// Intrinsics newer than LLVM 7 that only inform the optimizer: their calls are left out.
const HINTS: &[&str] = &["llvm.experimental.noalias.scope.decl", "llvm.pseudoprobe", "llvm.dbg.assign"];

/// Leaves out calls of [`HINTS`] (they return nothing and change nothing), with a note.
fn drop_hints(m: &mut Module, notes: &mut Vec<Note>) {
    let hint_syms: Vec<crate::ir::module::SymbolId> =
        m.symbols.iter().filter(|(_, s)| HINTS.contains(&&*s.name)).map(|(id, _)| id).collect();
    if hint_syms.is_empty() {
        return;
    }
    let mut dropped: Vec<String> = Vec::new();
    for i in 0..m.functions.len() {
        let fid = FuncId::from_index(i);
        let f = &m.functions[fid];
        let is_hint = |id: InstId| match &f.insts[id].kind {
            InstKind::Call { call, .. } => match call.callee {
                Value::Const(c) => {
                    matches!(m.consts[c], ConstData::Global { global, .. } if hint_syms.contains(&global))
                }
                _ => false,
            },
            _ => false,
        };
        let mut gone: Vec<(crate::ir::function::BlockId, Vec<InstId>)> = Vec::new();
        for &b in f.layout.iter() {
            let insts = &f.blocks[b].insts;
            if insts.iter().any(|&id| is_hint(id)) {
                gone.push((b, insts.iter().copied().filter(|&id| !is_hint(id)).collect()));
            }
        }
        for (b, keep) in gone {
            m.functions[fid].blocks[b].insts = keep;
        }
    }
    for s in hint_syms {
        let name = m.symbols[s].name.to_string();
        if !dropped.contains(&name) {
            dropped.push(name);
        }
    }
    notes.push(Note {
        function: None,
        message: format!("left out calls of {}: optimizer hints LLVM 7 does not have", dropped.join(", ")),
    });
}

/// `fence` (which libNVVM's LLVM 7 compiler refuses) as the NVVM memory barrier of its scope:
/// `llvm.nvvm.membar.cta` for `block`, `.gl` for `device` and `cluster`, `.sys` for the
/// system; a barrier orders everything, as strong as any ordering a fence has. `freeze`
/// (LLVM 10+) as a plain copy of its operand, with a note.
fn lower_fences_and_freezes(m: &mut Module, notes: &mut Vec<Note>) -> Result<(), PassError> {
    for i in 0..m.functions.len() {
        let fid = FuncId::from_index(i);
        let todo: Vec<InstId> = m.functions[fid]
            .insts
            .iter()
            .filter(|(_, x)| matches!(x.kind, InstKind::Fence(_) | InstKind::Freeze(_)))
            .map(|(id, _)| id)
            .collect();
        for id in todo {
            let kind = m.functions[fid].insts[id].kind.clone();
            match kind {
                InstKind::Freeze(v) => {
                    let ty = m.functions[fid].insts[id].ty;
                    if !matches!(
                        m.types.get(ty),
                        TypeData::Int(_) | TypeData::Float(_) | TypeData::Pointer { .. } | TypeData::Vector { .. }
                    ) {
                        return Err(PassError::at(
                            &m.functions[fid],
                            Some(id),
                            "freeze of an aggregate has no LLVM 7 form",
                        ));
                    }
                    m.functions[fid].insts[id].kind =
                        InstKind::Cast { op: crate::ir::instruction::CastOp::BitCast, flags: 0, from: ty, value: v };
                    let note = Note {
                        function: Some(m.functions[fid].name.clone()),
                        message: "freeze became a copy of its operand: LLVM 7 has no freeze".into(),
                    };
                    if !notes.contains(&note) {
                        notes.push(note);
                    }
                }
                InstKind::Fence(atomic) => {
                    let scope = atomic.scope.and_then(|s| m.sync_scopes.get(s.index())).unwrap_or("");
                    let name = match scope {
                        "block" | "cta" | "singlethread" => "llvm.nvvm.membar.cta",
                        "device" | "cluster" | "gpu" => "llvm.nvvm.membar.gl",
                        _ => "llvm.nvvm.membar.sys",
                    };
                    let mut b = Builder::new(m, Dialect::TypedPointers);
                    let void = b.void();
                    let fn_ty = b.function_type(void, &[], false);
                    b.intrinsic(name, fn_ty).map_err(|e| PassError::module(e.to_string()))?;
                    let sym = b.symbol(name).ok_or_else(|| PassError::module(format!("@{name} has no symbol")))?;
                    let callee = b.address_of(sym);
                    let no_attrs = m.no_attrs();
                    let call = CallSite {
                        cc: 0,
                        fmf: FastMath::default(),
                        ret_attrs: no_attrs,
                        fn_ty,
                        explicit_fn_ty: false,
                        callee: Value::Const(callee),
                        args: ThinVec::new(),
                        fn_attrs: no_attrs,
                        bundles: ThinVec::new(),
                        addr_space: None,
                    };
                    m.functions[fid].insts[id].kind = InstKind::Call { tail: TailKind::None, call: Box::new(call) };
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// Run before typing the pointers of an opaque module: each global of an integer type narrower
/// than 64 bits and not 8, 16 or 32 wide (`i1`, `i3`, `i24`, …) becomes the next of those wide,
/// zero-extended. LLVM lays `iN` out in memory in the whole bytes of that wider integer, so the
/// `iN` loads and stores through the global are unchanged. (LLVM 7's NVPTX back end declares such
/// a global `.pred` or `.uN`, which ptxas rejects; newer back ends declare whole bytes.)
pub fn widen_odd_int_globals(m: &mut Module, notes: &mut Vec<Note>) -> Result<(), PassError> {
    use crate::ir::constant::ApInt;
    if m.types.dialect() != Some(Dialect::OpaquePointers) {
        return Ok(());
    }
    let ids: Vec<_> = m
        .globals
        .iter()
        .filter_map(|(id, g)| match m.types.get(g.ty) {
            TypeData::Int(n) if *n < 64 && !matches!(n, 8 | 16 | 32) => Some((id, *n)),
            _ => None,
        })
        .collect();
    for (g, bits) in ids {
        let wide_bits = bits.next_power_of_two().max(8);
        let wide = m.types.int(wide_bits);
        let init = match m.globals[g].init.map(|c| m.consts[c].clone()) {
            None => None,
            Some(ConstData::Int { value: ApInt::Small(v), .. }) => {
                Some(m.constant(ConstData::Int { ty: wide, value: ApInt::Small(v & ((1u64 << bits) - 1)) }))
            }
            Some(ConstData::Zero(_)) => Some(m.constant(ConstData::Zero(wide))),
            Some(ConstData::Undef(_) | ConstData::Poison(_)) => Some(m.constant(ConstData::Undef(wide))),
            Some(_) => {
                return Err(PassError::module(format!(
                    "@{}: an i{bits} global whose initializer is not a plain integer has no LLVM 7 form",
                    m.globals[g].name
                )))
            }
        };
        m.globals[g].ty = wide;
        m.globals[g].init = init;
        notes.push(Note {
            function: None,
            message: format!(
                "@{} became an i{wide_bits} holding its i{bits} (LLVM 7's NVPTX back end would declare a variable ptxas rejects)",
                m.globals[g].name
            ),
        });
    }
    Ok(())
}

/// Whether an NVVM intrinsic works on `half`/`bfloat` values (`llvm.nvvm.fmin.f16`,
/// `llvm.nvvm.ex2.approx.f16x2`, …): LLVM 7 has none but the WMMA ones, and libNVVM's compute_90
/// path fails on a call of one with "unsupported operation" (measured).
fn half_intrinsic(name: &str) -> bool {
    name.starts_with("llvm.nvvm.")
        && !name.contains(".wmma.")
        && name.split('.').any(|p| matches!(p, "f16" | "f16x2" | "bf16" | "bf16x2"))
}

/// Refuses, at the instruction, what libNVVM's LLVM 7 path fails on with "unsupported
/// operation" (measured at compute_90): atomics on local memory (address space 5), and calls
/// of the `half` NVVM intrinsics LLVM 7 lacks ([`half_intrinsic`]).
fn unsupported_operations(m: &Module) -> Result<(), PassError> {
    for (_, f) in m.functions.iter() {
        for (id, inst) in f.insts.iter() {
            let ptr_ty = match &inst.kind {
                InstKind::AtomicRmw { ptr_ty, .. } => Some(*ptr_ty),
                InstKind::CmpXchg(x) => Some(x.ptr_ty),
                _ => None,
            };
            if let Some(TypeData::Pointer { addr_space: 5, .. }) = ptr_ty.map(|t| m.types.get(t)) {
                return Err(PassError::at(
                    f,
                    Some(id),
                    "an atomic operation on local memory (address space 5) has no form libNVVM's LLVM 7 path compiles",
                ));
            }
            if let InstKind::Call { call, .. } = &inst.kind {
                if let Value::Const(c) = call.callee {
                    if let ConstData::Global { global, .. } = &m.consts[c] {
                        let name = &m.symbols[*global].name;
                        if half_intrinsic(name) {
                            return Err(PassError::at(
                                f,
                                Some(id),
                                format!("@{name} works on half values, which no LLVM 7 NVVM intrinsic does"),
                            ));
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// `half` loads and stores aligned beyond two bytes get `align 2`: libNVVM's LLVM 7 optimizer
/// merges adjacent ones it can prove aligned into vector loads its back end fails on
/// ("unsupported operation", measured at compute_90). Less alignment is always correct.
fn half_alignment(m: &mut Module, notes: &mut Vec<Note>) {
    let Some(half) = m.types.find(&TypeData::Float(FloatKind::Half)) else { return };
    for i in 0..m.functions.len() {
        let f = &mut m.functions[FuncId::from_index(i)];
        let mut changed = false;
        for (_, inst) in f.insts.iter_mut() {
            if let InstKind::Load { ty, align, .. } | InstKind::Store { ty, align, .. } = &mut inst.kind {
                if *ty == half && align.is_some_and(|a| a.bytes() > 2) {
                    *align = crate::ir::instruction::Align::new(2);
                    changed = true;
                }
            }
        }
        if changed {
            notes.push(Note {
                function: Some(f.name.clone()),
                message: "half loads and stores became align 2: libNVVM's LLVM 7 path fails on the vector loads it \
                          would merge them into"
                    .into(),
            });
        }
    }
}

/// Fast-math flags on `select` and `phi` (LLVM 9+; LLVM 7's reader refuses them) are left out:
/// they only allow optimizations, so the module means the same without them.
fn drop_select_phi_flags(m: &mut Module) {
    for (_, f) in m.functions.iter_mut() {
        for (_, inst) in f.insts.iter_mut() {
            if let InstKind::Select { fmf, .. } | InstKind::Phi { fmf, .. } = &mut inst.kind {
                *fmf = FastMath::default();
            }
        }
    }
}

/// `DI*` fields LLVM 7 lacks, in its terms: `spFlags` becomes `isLocal`, `isDefinition`,
/// `isOptimized` and `virtuality` (the flags LLVM 7 has no field for are left out, with a note);
/// `emissionKind: DebugDirectivesOnly` (LLVM 8+) becomes `LineTablesOnly`, which gives PTX the
/// same line directives; every other field LLVM 7 does not read (`nameTableKind`, `sysroot`, …)
/// is left out, with a note per field name. A node kind LLVM 7 lacks is refused.
fn debug_info_fields(m: &mut Module, notes: &mut Vec<Note>) -> Result<(), PassError> {
    use crate::ir::di::{field_by_name, DiKind, LlvmVersion, DISP_FLAGS};
    use crate::ir::metadata::{MdField, MdId, MdNode};
    let v7 = LlvmVersion::Llvm7;
    let mut dropped: Vec<String> = Vec::new();
    let mut changed = false;
    for i in 0..m.metadata.len() {
        let id = MdId::from_index(i);
        let MdNode::Special { distinct, kind, fields } = m.metadata.get(id) else { continue };
        let Some(dk) = DiKind::from_name(kind) else { continue };
        if !dk.spec().versions.contains(v7) {
            return Err(PassError::module(format!("!{kind} (LLVM {}) has no LLVM 7 form", dk.spec().versions)));
        }
        let mut out: Vec<(Box<str>, MdField)> = Vec::with_capacity(fields.len());
        let mut edited = false;
        for (name, value) in fields.iter() {
            if &**name == "spFlags" {
                let bits = match value {
                    MdField::Int(n) => u32::try_from(*n).unwrap_or(0),
                    MdField::Word(w) => w
                        .split('|')
                        .filter_map(|f| DISP_FLAGS.value_of(f.trim(), LlvmVersion::Llvm19))
                        .fold(0, |a, b| a | b),
                    _ => 0,
                };
                let virtuality = match bits & 3 {
                    1 => Some("DW_VIRTUALITY_virtual"),
                    2 => Some("DW_VIRTUALITY_pure_virtual"),
                    _ => None,
                };
                if let Some(v) = virtuality {
                    out.push(("virtuality".into(), MdField::Word(v.into())));
                }
                out.push(("isLocal".into(), MdField::Bool(bits & 4 != 0)));
                out.push(("isDefinition".into(), MdField::Bool(bits & 8 != 0)));
                out.push(("isOptimized".into(), MdField::Bool(bits & 16 != 0)));
                if bits & !31 != 0 {
                    dropped
                        .push(format!("spFlags {:#x} beyond virtuality, local, definition and optimized", bits & !31));
                }
                edited = true;
                continue;
            }
            if &**name == "emissionKind" && matches!(value, MdField::Word(w) if &**w == "DebugDirectivesOnly") {
                out.push((name.clone(), MdField::Word("LineTablesOnly".into())));
                dropped.push("emissionKind: DebugDirectivesOnly (now LineTablesOnly)".into());
                edited = true;
                continue;
            }
            if field_by_name(dk, name).is_some_and(|f| !f.available_in(v7)) {
                dropped.push(format!("{kind} field {name}"));
                edited = true;
                continue;
            }
            out.push((name.clone(), value.clone()));
        }
        if edited {
            let node = MdNode::Special { distinct: *distinct, kind: kind.clone(), fields: out.into() };
            m.metadata.define(id, node);
            changed = true;
        }
    }
    if changed {
        let merged = m.metadata.unique_all();
        if merged.iter().enumerate().any(|(i, id)| id.index() != i) {
            return Err(PassError::module("two debug info nodes became one in LLVM 7's terms"));
        }
    }
    dropped.sort();
    dropped.dedup();
    for d in dropped {
        notes.push(Note { function: None, message: format!("left out {d}: LLVM 7 has no such debug info") });
    }
    Ok(())
}

/// Whether PTX can spell `name` as an identifier: a letter then letters, digits, `_` and `$`,
/// or `_`, `$` or `%` then at least one of those.
fn ptx_identifier(name: &str) -> bool {
    let b = name.as_bytes();
    let rest_ok = |r: &[u8]| r.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'$');
    match b.first() {
        Some(c) if c.is_ascii_alphabetic() => rest_ok(&b[1..]),
        Some(b'_' | b'$' | b'%') => b.len() > 1 && rest_ok(&b[1..]),
        _ => false,
    }
}

/// Refuses a global or function of external linkage whose name PTX cannot spell (`.str1`,
/// `a.b`, `c-d`): libNVVM's LLVM 7 path renames only those of internal or private linkage (and
/// the unnamed ones); for the others it refuses the module ("Symbol name with unsupported
/// characters") or writes PTX that ptxas rejects (measured at compute_90). Renaming them would
/// break what links against them. Intrinsics are left to the passes that lower them.
fn unspellable_names(m: &Module) -> Result<(), PassError> {
    use crate::ir::module::Linkage;
    let local = |l: Linkage| matches!(l, Linkage::Internal | Linkage::Private);
    let unnamed = |n: &str| n.is_empty() || n.bytes().all(|c| c.is_ascii_digit());
    let why = |n: &str| {
        format!("@{n} is not a name PTX can spell, and renaming a symbol of external linkage would break linking")
    };
    for (_, f) in m.functions.iter() {
        if !local(f.props.linkage) && !f.name.starts_with("llvm.") && !unnamed(&f.name) && !ptx_identifier(&f.name) {
            return Err(PassError::at(f, None, why(&f.name)));
        }
    }
    for (_, g) in m.globals.iter() {
        if !local(g.props.linkage) && !g.name.starts_with("llvm.") && !unnamed(&g.name) && !ptx_identifier(&g.name) {
            return Err(PassError { function: None, offset: g.source, message: why(&g.name) });
        }
    }
    Ok(())
}

/// The names `!nvvm.annotations` marks `"kernel"`.
fn annotated_kernels(m: &Module) -> Vec<Box<str>> {
    use crate::ir::metadata::MdNode;
    let mut out = Vec::new();
    for n in m.metadata.named.iter().filter(|n| &*n.name == "nvvm.annotations") {
        for &id in &n.nodes {
            let MdNode::Tuple { ops, .. } = m.metadata.get(id) else { continue };
            let kernel =
                ops.iter().flatten().any(|o| matches!(m.metadata.get(*o), MdNode::String(s) if &**s == b"kernel"));
            let Some(Some(first)) = ops.first() else { continue };
            if let (true, MdNode::Value(_, Value::Const(c))) = (kernel, m.metadata.get(*first)) {
                if let ConstData::Global { global, .. } = &m.consts[*c] {
                    out.push(m.symbols[*global].name.clone());
                }
            }
        }
    }
    out
}

/// Refuses a kernel (`ptx_kernel`, or marked in `!nvvm.annotations`) that returns a value, and
/// `@llvm.global_ctors`/`@llvm.global_dtors`: LLVM 7's NVPTX back end writes an `.entry` with a
/// return parameter, which ptxas rejects, and has no global constructors (libNVVM refuses the
/// module as broken); both measured at compute_90.
fn kernels_returning_values(m: &Module) -> Result<(), PassError> {
    for (_, g) in m.globals.iter() {
        if matches!(&*g.name, "llvm.global_ctors" | "llvm.global_dtors") {
            return Err(PassError {
                function: None,
                offset: g.source,
                message: format!("@{}: libNVVM's LLVM 7 path has no global constructors or destructors", g.name),
            });
        }
    }
    let annotated = annotated_kernels(m);
    for (_, f) in m.functions.iter() {
        let TypeData::Function { ret, .. } = m.types.get(f.ty) else { continue };
        let kernel = f.cc == 71 || annotated.contains(&f.name);
        if kernel && !matches!(m.types.get(*ret), TypeData::Void) {
            return Err(PassError::at(
                f,
                None,
                "a kernel that returns a value has no LLVM 7 NVPTX form (ptxas rejects the .entry)",
            ));
        }
    }
    Ok(())
}

/// Refuses a function whose parameters or result include an integer wider than 32 bits but for
/// `i64` and `i128`: LLVM 7's NVPTX back end declares it `.param .bN`, which ptxas rejects.
fn odd_wide_parameters(m: &Module) -> Result<(), PassError> {
    for (_, f) in m.functions.iter() {
        let TypeData::Function { ret, params, .. } = m.types.get(f.ty) else { continue };
        for t in std::iter::once(ret).chain(params.iter()) {
            if let TypeData::Int(n) = m.types.get(*t) {
                if *n > 32 && *n != 64 && *n != 128 {
                    return Err(PassError::at(
                        f,
                        None,
                        format!(
                            "an i{n} parameter or result has no LLVM 7 NVPTX form (it would be a .b{n} ptxas rejects)"
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The PTX instruction (and its operand constraints) that stands for an NVVM intrinsic libNVVM's
/// LLVM 7 path does not know (measured: libNVVM 13.5 at compute_90 compiles a call of each into a
/// call of an external function whose name PTX cannot spell, or refuses it); the CUDA headers
/// write the same instructions as inline assembly.
fn asm_for(name: &str) -> Option<(String, &'static str)> {
    match name {
        "llvm.nvvm.nanosleep" => Some(("nanosleep.u32 $0;".into(), "r")),
        "llvm.nvvm.activemask" => Some(("activemask.b32 $0;".into(), "=r")),
        _ => {
            let op = name.strip_prefix("llvm.nvvm.redux.sync.")?;
            let ty = match op {
                "add" => "u32",
                "min" | "max" => "s32",
                "umin" | "umax" => "u32",
                "and" | "or" | "xor" => "b32",
                _ => return None,
            };
            let op = op.trim_start_matches('u');
            Some((format!("redux.sync.{op}.{ty} $0, $1, $2;"), "=r,r,r"))
        }
    }
}

/// Calls of the intrinsics [`asm_for`] knows become inline assembly.
fn lower_to_asm(m: &mut Module) {
    use crate::ir::module::InlineAsm;
    let mut by_callee: Vec<(crate::ir::constant::ConstId, String, &'static str)> = Vec::new();
    for (c, data) in m.consts.iter() {
        if let ConstData::Global { global, .. } = data {
            if let Some((asm, cons)) = asm_for(&m.symbols[*global].name) {
                by_callee.push((c, asm, cons));
            }
        }
    }
    if by_callee.is_empty() {
        return;
    }
    for i in 0..m.functions.len() {
        let fid = FuncId::from_index(i);
        let ids: Vec<InstId> = m.functions[fid].insts.iter().map(|(id, _)| id).collect();
        for id in ids {
            let InstKind::Call { call, .. } = &m.functions[fid].insts[id].kind else { continue };
            let Value::Const(c) = call.callee else { continue };
            let Some((_, asm, cons)) = by_callee.iter().find(|(k, _, _)| *k == c) else { continue };
            let asm = InlineAsm {
                ty: call.fn_ty,
                asm: asm.as_bytes().into(),
                constraints: cons.as_bytes().into(),
                side_effect: true,
                align_stack: false,
                intel: false,
                unwind: false,
            };
            let a = m.asms.insert(asm);
            if let InstKind::Call { call, .. } = &mut m.functions[fid].insts[id].kind {
                call.callee = Value::Asm(a);
            }
        }
    }
}

/// `load atomic`/`store atomic` (which libNVVM's LLVM 7 path refuses: "Atomic loads/stores are
/// not supported") as `volatile` ones, which PTX gives the semantics of relaxed operations at
/// system scope; an acquire load is followed by a fence, a release store preceded by one, and a
/// `seq_cst` one has both (the fences then become `llvm.nvvm.membar.*`).
fn lower_atomic_loads_stores(m: &mut Module, notes: &mut Vec<Note>) {
    use crate::ir::instruction::Atomic;
    use crate::ir::{Instruction, Name};
    let void = m.types.void();
    for i in 0..m.functions.len() {
        let fid = FuncId::from_index(i);
        let f = &mut m.functions[fid];
        if !f.is_definition {
            continue;
        }
        let mut changed = false;
        let layout: Vec<_> = f.layout.to_vec();
        for b in layout {
            let old = std::mem::take(&mut f.blocks[b].insts);
            let mut out = Vec::with_capacity(old.len());
            for id in old {
                let (atomic, is_load) = match &mut f.insts[id].kind {
                    InstKind::Load { atomic, volatile, .. } | InstKind::Store { atomic, volatile, .. }
                        if atomic.is_some() =>
                    {
                        *volatile = true;
                        (atomic.take(), matches!(f.insts[id].kind, InstKind::Load { .. }))
                    }
                    _ => (None, false),
                };
                let Some(atomic) = atomic else {
                    out.push(id);
                    continue;
                };
                changed = true;
                let fence = |f: &mut Function| {
                    let kind = InstKind::Fence(Atomic { ordering: Ordering::SeqCst, scope: atomic.scope });
                    f.insts.push(Instruction { name: Name::NONE, ty: void, kind, metadata: ThinVec::new() })
                };
                let (before, after) = match atomic.ordering {
                    Ordering::SeqCst => (true, true),
                    Ordering::Acquire | Ordering::AcqRel => (false, is_load),
                    Ordering::Release => (!is_load, false),
                    _ => (false, false),
                };
                if before {
                    out.push(fence(f));
                }
                out.push(id);
                if after {
                    out.push(fence(f));
                }
            }
            f.blocks[b].insts = out;
        }
        if changed {
            notes.push(Note {
                function: Some(f.name.clone()),
                message: "atomic loads and stores became volatile ones (relaxed at system scope in PTX), with \
                          memory barriers where their ordering is stronger: libNVVM's LLVM 7 path has no atomic \
                          load or store"
                    .into(),
            });
        }
    }
}

/// An integer intrinsic LLVM 7 lacks, as arithmetic, compare and select.
#[derive(Clone, Copy)]
enum IntOp {
    /// `smax`, `smin`, `umax`, `umin`: `a PRED b ? a : b`.
    MinMax(crate::ir::instruction::IntPredicate),
    /// `abs`: `a < 0 ? 0 - a : a`.
    Abs,
    /// `usub.sat`: `a > b ? a - b : 0`.
    USubSat,
    /// `uadd.sat` (scalars): `a + b < a ? -1 : a + b`.
    UAddSat,
}

/// `llvm.smax.*` & co. as compare and select, in place of each call.
fn lower_min_max(m: &mut Module) {
    use crate::ir::instruction::{BinOp, IntPredicate};
    use crate::ir::Instruction;
    for i in 0..m.functions.len() {
        let fid = FuncId::from_index(i);
        if !m.functions[fid].is_definition {
            continue;
        }
        let layout: Vec<_> = m.functions[fid].layout.to_vec();
        let mut names = super::FreshNames::of(&m.functions[fid]);
        for b in layout {
            let old = std::mem::take(&mut m.functions[fid].blocks[b].insts);
            let mut out = Vec::with_capacity(old.len());
            for id in old {
                let f = &m.functions[fid];
                let lowered = match &f.insts[id].kind {
                    InstKind::Call { call, .. } if call.args.len() >= 2 => {
                        let name = match call.callee {
                            Value::Const(c) => match m.consts[c] {
                                ConstData::Global { global, .. } => m.symbols[global].name.clone(),
                                _ => "".into(),
                            },
                            _ => "".into(),
                        };
                        let scalar = matches!(m.types.get(f.insts[id].ty), TypeData::Int(_));
                        let op = match name.strip_prefix("llvm.").map(|n| n.rsplit_once('.').map_or(n, |p| p.0)) {
                            Some("smax") => Some(IntOp::MinMax(IntPredicate::Sgt)),
                            Some("smin") => Some(IntOp::MinMax(IntPredicate::Slt)),
                            Some("umax") => Some(IntOp::MinMax(IntPredicate::Ugt)),
                            Some("umin") => Some(IntOp::MinMax(IntPredicate::Ult)),
                            Some("abs") => Some(IntOp::Abs),
                            Some("usub.sat") => Some(IntOp::USubSat),
                            Some("uadd.sat") if scalar => Some(IntOp::UAddSat),
                            _ => None,
                        };
                        op.map(|op| (op, call.args[0].value, call.args[1].value))
                    }
                    _ => None,
                };
                let Some((op, a, bv)) = lowered else {
                    out.push(id);
                    continue;
                };
                let ty = m.functions[fid].insts[id].ty;
                let bool_ty = match m.types.get(ty).clone() {
                    TypeData::Vector { len, scalable, .. } => {
                        let i1 = m.types.int(1);
                        m.types.intern(TypeData::Vector { len, elem: i1, scalable })
                    }
                    _ => m.types.int(1),
                };
                let zero = Value::Const(m.constant(ConstData::Zero(ty)));
                let ones = match m.types.get(ty) {
                    TypeData::Int(w) => {
                        let w = *w;
                        let words = vec![u64::MAX; (w as usize).div_ceil(64)];
                        Value::Const(m.constant(ConstData::Int { ty, value: crate::ir::ApInt::from_words(words, w) }))
                    }
                    _ => zero,
                };
                let f = &mut m.functions[fid];
                let mut push = |f: &mut Function, ty, kind, out: &mut Vec<InstId>| {
                    let name = names.fresh("minmax");
                    let id = f.insts.push(Instruction { name, ty, kind, metadata: ThinVec::new() });
                    out.push(id);
                    Value::Inst(id)
                };
                let bin = |op, lhs, rhs| InstKind::Binary { op, flags: 0, fmf: FastMath::default(), lhs, rhs };
                let (pred, lhs, rhs, then_v, else_v) = match op {
                    IntOp::MinMax(p) => (p, a, bv, a, bv),
                    IntOp::Abs => {
                        let neg = push(f, ty, bin(BinOp::Sub, zero, a), &mut out);
                        (IntPredicate::Slt, a, zero, neg, a)
                    }
                    IntOp::USubSat => {
                        let d = push(f, ty, bin(BinOp::Sub, a, bv), &mut out);
                        (IntPredicate::Ugt, a, bv, d, zero)
                    }
                    IntOp::UAddSat => {
                        let sum = push(f, ty, bin(BinOp::Add, a, bv), &mut out);
                        (IntPredicate::Ult, sum, a, ones, sum)
                    }
                };
                let cmp = push(f, bool_ty, InstKind::ICmp { pred, flags: 0, ty, lhs, rhs }, &mut out);
                f.insts[id].kind =
                    InstKind::Select { fmf: FastMath::default(), cond_ty: bool_ty, cond: cmp, then_v, else_v };
                out.push(id);
            }
            m.functions[fid].blocks[b].insts = out;
        }
    }
}

fn lower_one(m: &mut Module, fid: FuncId, id: InstId, notes: &mut Vec<Note>) -> Result<(), PassError> {
    let f: &Function = &m.functions[fid];
    let InstKind::AtomicRmw { op, ptr_ty, ptr, ty, value, atomic, .. } = f.insts[id].kind.clone() else {
        return Ok(());
    };
    let err = |f: &Function, msg: String| PassError::at(f, Some(id), msg);
    let space = match m.types.get(ptr_ty) {
        TypeData::Pointer { addr_space, .. } => *addr_space,
        _ => return Err(err(f, "atomicrmw on a non-pointer".into())),
    };
    let family = match (op, m.types.get(ty)) {
        (RmwOp::FAdd, TypeData::Float(FloatKind::Float)) => "llvm.nvvm.atomic.load.add.f32",
        (RmwOp::FAdd, TypeData::Float(FloatKind::Double)) => "llvm.nvvm.atomic.load.add.f64",
        (RmwOp::UIncWrap, TypeData::Int(32)) => "llvm.nvvm.atomic.load.inc.32",
        (RmwOp::UDecWrap, TypeData::Int(32)) => "llvm.nvvm.atomic.load.dec.32",
        _ => {
            return Err(err(
                f,
                format!(
                    "atomicrmw {} {} has no LLVM 7 form libNVVM's compute_75..90 path reads",
                    op.keyword(),
                    m.types.to_string(ty)
                ),
            ))
        }
    };
    if atomic.ordering != Ordering::Monotonic || atomic.scope.is_some() {
        let scope = atomic.scope.and_then(|s| m.sync_scopes.get(s.index())).unwrap_or("system");
        notes.push(Note {
            function: Some(f.name.clone()),
            message: format!(
                "atomicrmw {} ({} at {scope} scope) became {family}, which is relaxed at the GPU scope",
                op.keyword(),
                atomic.ordering.keyword()
            ),
        });
    }
    let name = format!("{family}.p{space}{}", mangle(&m.types, ty));
    let mut b = Builder::new(m, Dialect::TypedPointers);
    let fn_ty = b.function_type(ty, &[ptr_ty, ty], false);
    b.intrinsic(&name, fn_ty).map_err(|e| PassError::module(e.to_string()))?;
    let sym = b.symbol(&name).ok_or_else(|| PassError::module(format!("@{name} has no symbol")))?;
    let callee = b.address_of(sym);
    let no_attrs = m.no_attrs();
    let call = CallSite {
        cc: 0,
        fmf: FastMath::default(),
        ret_attrs: no_attrs,
        fn_ty,
        explicit_fn_ty: false,
        callee: Value::Const(callee),
        args: [ptr_ty, ty]
            .into_iter()
            .zip([ptr, value])
            .map(|(ty, value)| CallArg { ty, value, attrs: no_attrs })
            .collect::<ThinVec<_>>(),
        fn_attrs: no_attrs,
        bundles: ThinVec::new(),
        addr_space: None,
    };
    debug_assert!(matches!(m.consts[callee], ConstData::Global { .. }));
    m.functions[fid].insts[id].kind = InstKind::Call { tail: TailKind::None, call: Box::new(call) };
    Ok(())
}
