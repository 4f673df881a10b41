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
//! `sub` or `add`); `llvm.vector.reduce.*` (LLVM 12+) becomes the scalar chain it stands for.
//! Calls of optimizer hints LLVM 7 lacks (`llvm.experimental.noalias.scope.decl`,
//! …) are left out.
//!
//! The intrinsics are relaxed (`monotonic`) at the scope the PTX `atom` instruction has by
//! default; a stronger ordering or another scope is reported as a [`Note`]. The other newer
//! operations on `float`/`double` (`fsub`, `fmax`, `fmin`) and on `i32`/`i64` (`uinc_wrap`,
//! `udec_wrap`, `usub_cond`, `usub_sat`) become `cmpxchg` loops, as LLVM's own atomic expansion
//! writes them (floats through their integer bits), keeping their ordering and scope; `xchg` of a
//! float becomes `xchg` of its bits. What is left (`half` operands, …) is refused with the
//! instruction's place.
//!
//! Calls of `llvm.nvvm.*` intrinsics measured not to come out of libNVVM's LLVM 7 path as PTX
//! ptxas takes (`llvm7_nvvm.tsv`, from `scripts/probe/llvm7_nvvm.py`) are refused at the call;
//! debug records become `llvm.dbg.*` calls; and module-level forms LLVM 7's NVPTX back end writes
//! PTX ptxas refuses for (local names PTX cannot spell, `extern_weak` declarations, `byval`
//! arguments of indirect calls below `align 4`, `noreturn` aliased functions, module flags of a
//! newer merge behavior) take forms it accepts, each with a note.

use super::pointers::mangle;
use super::{Note, PassError};
use crate::ir::build::Builder;
use crate::ir::constant::ConstData;
use crate::ir::function::{BlockId, Function};
use crate::ir::instruction::{CallSite, FastMath, InstId, InstKind, Ordering, RmwOp, TailKind};
use crate::ir::module::{FuncId, Module};
use crate::ir::types::{Dialect, FloatKind, TypeData};
use crate::ir::value::Value;

/// Lowers the operations above in a typed-pointer module (run
/// [`super::pointers::type_pointers`] first on an opaque one).
pub fn lower(m: &mut Module) -> Result<Vec<Note>, PassError> {
    if m.types.dialect() == Some(Dialect::OpaquePointers) {
        return Err(PassError::module("lowering atomics needs typed pointers"));
    }
    let mut notes = Vec::new();
    super::ctors::lower(m, &mut notes)?;
    odd_wide_parameters(m)?;
    packed_half_results(m)?;
    rename_unspellable_local_names(m, &mut notes);
    unspellable_names(m)?;
    aliases_ptxas_takes(m, &mut notes)?;
    extern_weak_declarations(m, &mut notes);
    indirect_byval_alignment(m, &mut notes);
    memory_attrs_llvm7_infers_away(m, &mut notes);
    kernels_returning_values(m)?;
    unsupported_operations(m)?;
    asm_operand_types(m)?;
    half_alignment(m, &mut notes);
    drop_select_phi_flags(m);
    ptrtoaddr_as_ptrtoint(m);
    for i in 0..m.functions.len() {
        let fid = FuncId::from_index(i);
        let todo: Vec<InstId> = m.functions[fid]
            .insts
            .iter()
            .filter(|(_, x)| match &x.kind {
                InstKind::AtomicRmw { op, ty, .. } => {
                    !op.in_llvm7()
                        || (*op == RmwOp::Xchg && matches!(m.types.get(*ty), TypeData::Float(_)))
                        || partword(m, *ty)
                }
                InstKind::CmpXchg(x) => partword(m, x.ty),
                _ => false,
            })
            .map(|(id, _)| id)
            .collect();
        for id in todo {
            let narrow = match &m.functions[fid].insts[id].kind {
                InstKind::AtomicRmw { ty, .. } => partword(m, *ty),
                _ => true,
            };
            if narrow {
                lower_partword(m, fid, id, &mut notes)?;
            } else {
                lower_one(m, fid, id, &mut notes)?;
            }
        }
    }
    lower_reductions(m);
    lower_min_max(m);
    lower_ptrmask(m);
    lower_to_asm(m);
    nvvm_calls_compile(m)?;
    lower_atomic_loads_stores(m, &mut notes);
    cmpxchg_success_covers_failure(m, &mut notes);
    lower_fences_and_freezes(m, &mut notes)?;
    assignment_ids(m, &mut notes);
    nameless_global_variables(m, &mut notes);
    debug_info_fields(m, &mut notes)?;
    module_flags(m, &mut notes);
    debug_records_to_calls(m, &mut notes)?;
    drop_hints(m, &mut notes);
    Ok(notes)
}

/// Debug records (`#dbg_value(…)`, LLVM 19) as the `llvm.dbg.value`/`declare`/`label` calls LLVM 7
/// writes, each before the instruction its record precedes, with the record's location as its
/// `!dbg`. `#dbg_assign` (assignment tracking, LLVM 17+) becomes the `llvm.dbg.value` of its
/// value, which is what LLVM itself makes of it without assignment tracking; a record whose
/// value is a `!DIArgList` (LLVM 13+) is left out. Both with a note.
fn debug_records_to_calls(m: &mut Module, notes: &mut Vec<Note>) -> Result<(), PassError> {
    use crate::ir::function::{DebugRecordKind, LocalMd};
    use crate::ir::metadata::MdAttachment;
    use crate::ir::Instruction;
    if m.functions.iter().all(|(_, f)| f.debug_records.is_empty()) {
        return Ok(());
    }
    let void = m.types.void();
    let md = m.types.intern(TypeData::Metadata);
    let dbg = m.metadata.kind("dbg");
    let callee = |m: &mut Module, name: &str, args: usize| -> Result<(Value, crate::ir::TypeId), PassError> {
        let mut b = Builder::new(m, Dialect::TypedPointers);
        let fn_ty = b.function_type(void, &vec![md; args], false);
        if b.symbol(name).is_none() {
            b.intrinsic(name, fn_ty).map_err(|e| PassError::module(e.to_string()))?;
        }
        let sym = b.symbol(name).ok_or_else(|| PassError::module(format!("@{name} has no symbol")))?;
        Ok((Value::Const(b.address_of(sym)), fn_ty))
    };
    let (mut arg_lists, mut assigns) = (false, false);
    for i in 0..m.functions.len() {
        let fid = FuncId::from_index(i);
        if m.functions[fid].debug_records.is_empty() {
            continue;
        }
        let records = std::mem::take(&mut m.functions[fid].debug_records);
        // (instruction, call to put before it), 8 bytes a record (a function may hold millions).
        let mut before: Vec<(InstId, InstId)> = Vec::with_capacity(records.len());
        for (at, r) in records.into_iter() {
            let f = &m.functions[fid];
            let arg_list = |v: &Value| matches!(v, Value::LocalMd(l) if matches!(f.local_md[*l], LocalMd::ArgList(_)));
            let (name, ops, loc): (&str, &[Value], Option<&Value>) = match r.kind {
                DebugRecordKind::Value | DebugRecordKind::Declare if r.operands.len() == 4 => {
                    let name = if r.kind == DebugRecordKind::Value { "llvm.dbg.value" } else { "llvm.dbg.declare" };
                    (name, &r.operands[..3], r.operands.get(3))
                }
                DebugRecordKind::Assign if r.operands.len() == 7 => {
                    assigns = true;
                    ("llvm.dbg.value", &r.operands[..3], r.operands.get(6))
                }
                DebugRecordKind::Label if r.operands.len() == 2 => {
                    ("llvm.dbg.label", &r.operands[..1], r.operands.get(1))
                }
                _ => return Err(PassError::at(f, Some(at), "a debug record of an unknown form")),
            };
            if ops.iter().any(arg_list) {
                arg_lists = true;
                continue;
            }
            let ops: Vec<Value> = ops.to_vec();
            let loc = match loc {
                Some(Value::Md(n)) => Some(*n),
                _ => None,
            };
            let (callee, fn_ty) = callee(m, name, ops.len())?;
            let no_attrs = m.no_attrs();
            let call = CallSite::direct(fn_ty, callee, ops.into_iter().map(|value| (md, value)), no_attrs);
            let kind = InstKind::Call { tail: TailKind::None, call: Box::new(call) };
            let f = &mut m.functions[fid];
            let metadata =
                loc.map(|node| f.attachments.push(crate::ir::thin_exact([MdAttachment { kind: dbg, node }])));
            let id = f.insts.push(Instruction { ty: void, kind, metadata });
            before.push((at, id));
        }
        // Stable: the calls before one instruction keep the records' order.
        before.sort_by_key(|&(at, _)| at);
        let calls_before = |i: InstId| {
            let start = before.partition_point(|&(at, _)| at < i);
            let end = start + before[start..].partition_point(|&(at, _)| at == i);
            &before[start..end]
        };
        let f = &mut m.functions[fid];
        let layout: Vec<_> = f.layout.to_vec();
        for b in layout {
            let added: usize = f.blocks[b].insts.iter().map(|&i| calls_before(i).len()).sum();
            if added == 0 {
                continue;
            }
            let old = std::mem::take(&mut f.blocks[b].insts);
            let mut out = Vec::with_capacity(old.len() + added);
            for i in old {
                out.extend(calls_before(i).iter().map(|&(_, call)| call));
                out.push(i);
            }
            f.blocks[b].insts = out;
        }
    }
    notes.push(Note { function: None, message: "debug records became llvm.dbg.* calls, as LLVM 7 writes them".into() });
    if assigns {
        notes.push(Note {
            function: None,
            message: "#dbg_assign records became llvm.dbg.value calls: LLVM 7 has no assignment tracking".into(),
        });
    }
    if arg_lists {
        notes.push(Note {
            function: None,
            message: "left out debug records of a !DIArgList: LLVM 7 has no DIArgList".into(),
        });
    }
    Ok(())
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
        let mut gone: Vec<(BlockId, Vec<InstId>)> = Vec::new();
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
                    m.functions[fid].insts[id].kind = InstKind::Cast {
                        op: crate::ir::instruction::CastOp::BitCast,
                        flags: 0,
                        fmf: FastMath::default(),
                        from: ty,
                        value: v,
                    };
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
                    let call = CallSite::direct(fn_ty, Value::Const(callee), [], no_attrs);
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

/// A `cmpxchg` whose failure ordering is stronger than its success ordering (LLVM 13+ allows
/// it; clang 19 writes `monotonic acquire`, `release seq_cst`, … for `__atomic_compare_exchange`)
/// gets the success ordering that covers both, as LLVM's own atomic expansion merges them:
/// LLVM 7's reader refuses the module otherwise. A stronger ordering only removes behaviours.
fn cmpxchg_success_covers_failure(m: &mut Module, notes: &mut Vec<Note>) {
    use crate::ir::instruction::Ordering as O;
    let mut changed = false;
    for f in m.functions.iter_mut().filter_map(|(_, f)| f.body.get_mut()) {
        for (_, i) in f.insts.iter_mut() {
            let InstKind::CmpXchg(x) = &mut i.kind else { continue };
            let merged = match (x.success.ordering, x.failure) {
                (_, O::SeqCst) => O::SeqCst,
                (O::Monotonic | O::Unordered, O::Acquire) => O::Acquire,
                (O::Release, O::Acquire) => O::AcqRel,
                (s, _) => s,
            };
            if merged != x.success.ordering {
                x.success.ordering = merged;
                changed = true;
            }
        }
    }
    if changed {
        notes.push(Note {
            function: None,
            message: "strengthened `cmpxchg` success orderings weaker than their failure ordering: LLVM 7 \
                      needs the success ordering to be at least as strong"
                .into(),
        });
    }
}

/// The inline-assembly operands libNVVM's LLVM 7 back end fails on ("scalar-to-vector conversion
/// failed, possible invalid constraint for vector type") where compute_100 compiles them: by
/// direction, constraint and type. Measured with libNVVM 13.5 at compute_90 (default options)
/// on each of `h r l f d c n` × `i1 i8 i16 i32 i64 half float double <2 x half> <2 x i16>
/// <4 x i8> <2 x float>`, inputs both constant and loaded: in an `optnone` function, which
/// LLVM 7 compiles without optimizing, this set; in any other function, [`LLVM7_ASM_FAILURES`].
/// (With `-opt=0` every function fails as an `optnone` one does.)
const LLVM7_ASM_FAILURES_OPTNONE: &[(bool, &str, &[&str])] = &[
    (false, "f", &["double", "<2 x half>"]),
    (false, "d", &["<2 x half>"]),
    (true, "f", &["i1", "i8", "i16", "i64", "<2 x half>"]),
    (true, "d", &["i1", "i8", "i16", "i32", "<2 x i16>", "<4 x i8>"]),
];

/// What [`LLVM7_ASM_FAILURES_OPTNONE`] measured for a function LLVM 7 optimizes (a `<2 x half>`
/// input fails when it is a constant, and is refused whatever it is).
const LLVM7_ASM_FAILURES: &[(bool, &str, &[&str])] =
    &[(false, "d", &["<2 x half>"]), (true, "f", &["i1", "i64"]), (true, "d", &["i1", "<2 x i16>", "<4 x i8>"])];

/// Refuses, at the call, inline assembly with an operand [`LLVM7_ASM_FAILURES`] (or, in an
/// `optnone` function, [`LLVM7_ASM_FAILURES_OPTNONE`]) lists: an `f` (`.f32` register) or `d`
/// (`.f64` register) operand whose type LLVM 7 cannot put there.
fn asm_operand_types(m: &Module) -> Result<(), PassError> {
    for (_, f) in m.functions.iter() {
        let optnone = m.attrs[f.fn_attrs].0.iter().any(|a| a.kind().is_some_and(|k| k.info().name == "optnone"));
        let table = if optnone { LLVM7_ASM_FAILURES_OPTNONE } else { LLVM7_ASM_FAILURES };
        for (id, inst) in f.insts.iter() {
            let call = match &inst.kind {
                InstKind::Call { call, .. } | InstKind::Invoke { call, .. } => call,
                _ => continue,
            };
            let Value::Asm(a) = call.callee else { continue };
            let asm = &m.asms[a];
            let TypeData::Function { ret, .. } = m.types.get(call.fn_ty) else { continue };
            let outputs: Vec<crate::ir::TypeId> = match m.types.get(*ret) {
                TypeData::Void => Vec::new(),
                TypeData::Struct(body) => body.fields.to_vec(),
                _ => vec![*ret],
            };
            let (mut out_i, mut arg_i) = (0, 0);
            for c in asm.constraints.split(|&b| b == b',') {
                if c.first() == Some(&b'~') {
                    continue;
                }
                let (output, rest) = match c.strip_prefix(b"=") {
                    Some(r) => (true, r),
                    None => (false, c),
                };
                let rest = rest.strip_prefix(b"&").unwrap_or(rest);
                let ty = if output && rest.first() != Some(&b'*') {
                    out_i += 1;
                    outputs.get(out_i - 1).copied()
                } else {
                    arg_i += 1;
                    call.args.get(arg_i - 1).map(|x| x.ty)
                };
                let Some(ty) = ty else { continue };
                let code = std::str::from_utf8(rest).unwrap_or("");
                let name = m.types.to_string(ty);
                let bad = table.iter().any(|(o, k, tys)| *o == output && *k == code && tys.contains(&name.as_str()));
                if bad {
                    let reg = if code == "f" { ".f32" } else { ".f64" };
                    return Err(PassError::at(
                        f,
                        Some(id),
                        format!(
                            "inline assembly {} a `{name}` through a `{code}` ({reg} register) operand, which \
                             libNVVM's LLVM 7 back end cannot put there (\"scalar-to-vector conversion failed\")",
                            if output { "returns" } else { "takes" }
                        ),
                    ));
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

/// Fast-math flags on `select` and `phi` (LLVM 9+), on casts (LLVM 22; LLVM 7's reader refuses them) and on calls
/// returning aggregates are left out:
/// they only allow optimizations, so the module means the same without them.
fn drop_select_phi_flags(m: &mut Module) {
    let types = &m.types;
    for f in m.functions.iter_mut().filter_map(|(_, f)| f.body.get_mut()) {
        for (_, inst) in f.insts.iter_mut() {
            match &mut inst.kind {
                InstKind::Select { fmf, .. } | InstKind::Phi { fmf, .. } | InstKind::Cast { fmf, .. } => {
                    *fmf = FastMath::default();
                }
                // And on a call returning an aggregate (LLVM 22 takes them on arrays and literal
                // structs of floating-point values; LLVM 7 on scalars and vectors only).
                InstKind::Call { call, .. } if !super::downgrade::fmf_result(types, call.fn_ty) => {
                    call.fmf = FastMath::default();
                }
                _ => {}
            }
        }
    }
}

/// `ptrtoaddr` (LLVM 22) as the `ptrtoint` LLVM 7 has: the same bits where the address is the
/// whole pointer, as on NVPTX (the verifier holds the result to the address width).
fn ptrtoaddr_as_ptrtoint(m: &mut Module) {
    use crate::ir::instruction::CastOp;
    for f in m.functions.iter_mut().filter_map(|(_, f)| f.body.get_mut()) {
        for (_, inst) in f.insts.iter_mut() {
            if let InstKind::Cast { op: op @ CastOp::PtrToAddr, .. } = &mut inst.kind {
                *op = CastOp::PtrToInt;
            }
        }
    }
}

/// `!DIAssignID` attachments (assignment tracking, LLVM 17+; clang 19 writes them on allocas
/// and stores at -O1 and above with -g) are left out, with a note: they only tie stores to
/// `llvm.dbg.assign` calls, which become nothing ([`drop_hints`]) or `llvm.dbg.value` calls.
fn assignment_ids(m: &mut Module, notes: &mut Vec<Note>) {
    let Some(kind) = m.metadata.find_kind("DIAssignID") else { return };
    let mut dropped = false;
    for f in m.functions.iter_mut().filter_map(|(_, f)| f.body.get_mut()) {
        for (_, l) in f.attachments.iter_mut() {
            let n = l.len();
            l.retain(|a| a.kind != kind);
            dropped |= l.len() != n;
        }
    }
    if dropped {
        notes.push(Note {
            function: None,
            message: "left out !DIAssignID attachments: LLVM 7 has no assignment tracking".into(),
        });
    }
}

/// A `DIGlobalVariable` without a name (clang 18+ describes string literals so) has no LLVM 7
/// text form: LLVM 7's parser requires a non-empty `name:` (measured: libNVVM at compute_90
/// refuses it missing or empty). Its `DIGlobalVariableExpression`s leave the globals' `!dbg`
/// attachments and the lists that hold them, with a note: LLVM 7-era producers described no
/// such variables.
fn nameless_global_variables(m: &mut Module, notes: &mut Vec<Note>) {
    use crate::ir::metadata::{MdField, MdId, MdNode};
    let md = &m.metadata;
    let named = |fields: &[(crate::ir::metadata::FieldName, MdField)]| {
        fields.iter().any(|(n, v)| {
            *n == "name"
                && match v {
                    MdField::Str(s) => !s.is_empty(),
                    MdField::Ref(r) => matches!(md.get(*r), MdNode::String(s) if !s.is_empty()),
                    _ => false,
                }
        })
    };
    let nameless: Vec<MdId> = md
        .iter()
        .filter(|(_, n)| matches!(n, MdNode::Special { kind, fields, .. } if &**kind == "DIGlobalVariable" && !named(fields)))
        .map(|(id, _)| id)
        .collect();
    if nameless.is_empty() {
        return;
    }
    let gone: Vec<MdId> = md
        .iter()
        .filter(|(_, n)| match n {
            MdNode::Special { kind, fields, .. } if &**kind == "DIGlobalVariableExpression" => {
                fields.iter().any(|(f, v)| &**f == "var" && matches!(v, MdField::Ref(r) if nameless.contains(r)))
            }
            _ => false,
        })
        .map(|(id, _)| id)
        .collect();
    let dbg = md.find_kind("dbg");
    for (_, g) in m.globals.iter_mut() {
        g.props.edit_rare(|r| r.metadata.retain(|a| !(Some(a.kind) == dbg && gone.contains(&a.node))));
    }
    for i in 0..m.metadata.len() {
        let id = MdId::from_index(i);
        let MdNode::Tuple { distinct, ops } = m.metadata.get(id) else { continue };
        if ops.iter().flatten().any(|o| gone.contains(o)) {
            let ops = ops.iter().filter(|o| !o.is_some_and(|o| gone.contains(&o))).copied().collect();
            m.metadata.define(id, MdNode::Tuple { distinct: *distinct, ops });
        }
    }
    notes.push(Note {
        function: None,
        message: format!(
            "left out {} nameless DIGlobalVariable(s) (string literals): LLVM 7's text form requires a name",
            nameless.len()
        ),
    });
}

/// `DI*` fields LLVM 7 lacks, in its terms: `spFlags` becomes `isLocal`, `isDefinition`,
/// `isOptimized` and `virtuality` (the flags LLVM 7 has no field for are left out, with a note);
/// `emissionKind: DebugDirectivesOnly` (LLVM 8+) becomes `LineTablesOnly`, which gives PTX the
/// same line directives; every other field LLVM 7 does not read (`nameTableKind`, `sysroot`, …)
/// is left out, with a note per field name. A node kind LLVM 7 lacks is refused.
fn debug_info_fields(m: &mut Module, notes: &mut Vec<Note>) -> Result<(), PassError> {
    use crate::ir::di::{field_by_name, DiKind, LlvmVersion, DISP_FLAGS};
    use crate::ir::metadata::{FieldName, MdField, MdId, MdNode};
    let v7 = LlvmVersion::Llvm7;
    let mut dropped: Vec<String> = Vec::new();
    let mut changed = false;
    let before = m.metadata.unique_all();
    for i in 0..m.metadata.len() {
        let id = MdId::from_index(i);
        let MdNode::Special { distinct, kind, fields } = m.metadata.get(id) else { continue };
        let Some(dk) = DiKind::from_name(kind) else { continue };
        // What [`assignment_ids`] left unreferenced; writers skip it.
        if dk == DiKind::AssignId {
            continue;
        }
        if !dk.spec().versions.contains(v7) {
            return Err(PassError::module(format!("!{kind} (LLVM {}) has no LLVM 7 form", dk.spec().versions)));
        }
        let mut out: Vec<(FieldName, MdField)> = Vec::with_capacity(fields.len());
        let mut edited = false;
        for (name, value) in fields.iter() {
            if *name == "spFlags" {
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
                    out.push((FieldName::new(&"virtuality"), MdField::word(v)));
                }
                out.push((FieldName::new(&"isLocal"), MdField::Bool(bits & 4 != 0)));
                out.push((FieldName::new(&"isDefinition"), MdField::Bool(bits & 8 != 0)));
                out.push((FieldName::new(&"isOptimized"), MdField::Bool(bits & 16 != 0)));
                if bits & !31 != 0 {
                    dropped
                        .push(format!("spFlags {:#x} beyond virtuality, local, definition and optimized", bits & !31));
                }
                edited = true;
                continue;
            }
            if *name == "sourceLanguageName" {
                let version = fields.iter().find(|(n, _)| *n == "sourceLanguageVersion");
                let version = version.and_then(|(_, v)| v.as_int()).map_or(0, |v| u32::try_from(v).unwrap_or(u32::MAX));
                let lname = match value {
                    MdField::Word(w) => crate::ir::di::DW_LNAME.value_of(w, LlvmVersion::Llvm19),
                    v => v.as_int().and_then(|v| u32::try_from(v).ok()),
                };
                let language = lname.and_then(|n| dw_lang_of(n & 0xffff, version)).unwrap_or(0);
                let written = crate::ir::di::DW_LANG.name_of(language, v7);
                out.push((FieldName::new(&"language"), written.map_or(MdField::int(language.into()), MdField::word)));
                dropped.push(format!(
                    "{kind} field sourceLanguageName (written as language: {})",
                    written.map_or_else(|| language.to_string(), str::to_string)
                ));
                edited = true;
                continue;
            }
            if *name == "emissionKind" && matches!(value, MdField::Word(w) if ***w == *"DebugDirectivesOnly") {
                out.push((*name, MdField::word("LineTablesOnly")));
                dropped.push("emissionKind: DebugDirectivesOnly (now LineTablesOnly)".into());
                edited = true;
                continue;
            }
            let spec = field_by_name(dk, name);
            if let (Some(rules), MdField::Word(w)) = (spec.and_then(|f| f.rules(v7)), value) {
                if rules.kind == crate::ir::di::ValueKind::DiFlags {
                    // `DIFlag*` names LLVM 7 lacks (`DIFlagAllCallsDescribed`, …): libNVVM's
                    // reader refuses the node (measured), and they only describe.
                    let (keep, gone): (Vec<&str>, Vec<&str>) = w
                        .split('|')
                        .map(str::trim)
                        .partition(|f| f.parse::<u32>().is_ok() || crate::ir::di::DI_FLAGS.value_of(f, v7).is_some());
                    if !gone.is_empty() {
                        dropped.extend(gone.iter().map(|f| format!("{kind} flag {f}")));
                        if !keep.is_empty() {
                            out.push((*name, MdField::word(&keep.join(" | "))));
                        }
                        edited = true;
                        continue;
                    }
                }
            }
            if spec.is_some_and(|f| !f.available_in(v7)) {
                dropped.push(format!("{kind} field {name}"));
                edited = true;
                continue;
            }
            out.push((*name, value.clone()));
        }
        if edited {
            let node = MdNode::Special { distinct: *distinct, kind: *kind, fields: out.into() };
            m.metadata.define(id, node);
            changed = true;
        }
    }
    if changed {
        let merged = m.metadata.unique_all();
        if crate::ir::Metadata::merges_beyond(&before, &merged) {
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

/// The `DW_LANG_*` number of a DWARF 6 language name and version, as LLVM 22's `toDW_LANG`
/// gives it (a version between two known ones rounds up to the later); `None` where it has none.
fn dw_lang_of(lname: u32, version: u32) -> Option<u32> {
    use crate::ir::di::{LlvmVersion, DW_LANG, DW_LNAME};
    // The names with versions: (name, [(highest version, DW_LANG)]); C++'s version 0 is C++.
    const VERSIONED: &[(&str, &[(u32, &str)])] = &[
        ("Ada", &[(1983, "Ada83"), (1995, "Ada95"), (2005, "Ada2005"), (2012, "Ada2012")]),
        ("C", &[(0, "C"), (198912, "C89"), (199901, "C99"), (201112, "C11"), (201710, "C17")]),
        (
            "C_plus_plus",
            &[
                (199711, "C_plus_plus"),
                (200310, "C_plus_plus_03"),
                (201103, "C_plus_plus_11"),
                (201402, "C_plus_plus_14"),
                (201703, "C_plus_plus_17"),
                (202002, "C_plus_plus_20"),
            ],
        ),
        ("Cobol", &[(1974, "Cobol74"), (1985, "Cobol85")]),
        (
            "Fortran",
            &[
                (1977, "Fortran77"),
                (1990, "Fortran90"),
                (1995, "Fortran95"),
                (2003, "Fortran03"),
                (2008, "Fortran08"),
                (2018, "Fortran18"),
            ],
        ),
    ];
    // Names whose DW_LANG is spelled otherwise; every other name but CPP_for_OpenCL (which has
    // none) keeps its spelling.
    const RENAMED: &[(&str, &str)] = &[("OpenCL_C", "OpenCL"), ("Pascal", "Pascal83")];
    let name = DW_LNAME.name_of(lname, LlvmVersion::Llvm19)?.strip_prefix("DW_LNAME_")?;
    let lang = match VERSIONED.iter().find(|(n, _)| *n == name) {
        Some((_, steps)) => steps.iter().find(|(upto, _)| version <= *upto).map(|&(_, lang)| lang)?,
        None if name == "CPP_for_OpenCL" => return None,
        None => RENAMED.iter().find(|(n, _)| *n == name).map_or(name, |&(_, lang)| lang),
    };
    DW_LANG.value_of(&format!("DW_LANG_{lang}"), LlvmVersion::Llvm19)
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
                    out.push(Box::from(&*m.symbols[*global].name));
                }
            }
        }
    }
    out
}

/// Refuses a kernel (`ptx_kernel`, or marked in `!nvvm.annotations`) that returns a value: LLVM
/// 7's NVPTX back end writes an `.entry` with a return parameter, which ptxas rejects (measured
/// at compute_90).
fn kernels_returning_values(m: &Module) -> Result<(), PassError> {
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
        // `llvm.readsteadycounter` (LLVM 18+) is the global timer on NVPTX.
        "llvm.nvvm.read.ptx.sreg.globaltimer" | "llvm.readsteadycounter" => {
            Some(("mov.u64 $0, %globaltimer;".into(), "=l"))
        }
        "llvm.nvvm.rsqrt.approx.ftz.d" => Some(("rsqrt.approx.ftz.f64 $0, $1;".into(), "=d,d")),
        // `llvm.roundeven` (LLVM 11+; `llvm.rint`, which does the same, libNVVM's verifier
        // refuses as unsupported).
        "llvm.roundeven.f32" => Some(("cvt.rni.f32.f32 $0, $1;".into(), "=f,f")),
        "llvm.roundeven.f64" => Some(("cvt.rni.f64.f64 $0, $1;".into(), "=d,d")),
        // Hopper's cluster barriers and fences, and grid dependency control (sm_90): the PTX
        // instruction is the name's own spelling.
        "llvm.nvvm.barrier.cluster.arrive"
        | "llvm.nvvm.barrier.cluster.arrive.aligned"
        | "llvm.nvvm.barrier.cluster.arrive.relaxed"
        | "llvm.nvvm.barrier.cluster.arrive.relaxed.aligned"
        | "llvm.nvvm.barrier.cluster.wait"
        | "llvm.nvvm.barrier.cluster.wait.aligned"
        | "llvm.nvvm.fence.sc.cluster"
        | "llvm.nvvm.griddepcontrol.wait"
        | "llvm.nvvm.griddepcontrol.launch_dependents" => {
            Some((format!("{};", name.strip_prefix("llvm.nvvm.")?), "~{memory}"))
        }
        _ if name.starts_with("llvm.nvvm.read.ptx.sreg.") => {
            // The cluster special registers (sm_90).
            let reg = match name.strip_prefix("llvm.nvvm.read.ptx.sreg.")? {
                "cluster.ctarank" => "cluster_ctarank".to_string(),
                "cluster.nctarank" => "cluster_nctarank".to_string(),
                r => {
                    let (stem, axis) = r.rsplit_once('.')?;
                    let stem = match stem {
                        "cluster.ctaid" => "cluster_ctaid",
                        "cluster.nctaid" => "cluster_nctaid",
                        "clusterid" | "nclusterid" => stem,
                        _ => return None,
                    };
                    if !matches!(axis, "x" | "y" | "z" | "w") {
                        return None;
                    }
                    format!("{stem}.{axis}")
                }
            };
            Some((format!("mov.u32 $0, %{reg};"), "=r"))
        }
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

/// What libNVVM's LLVM 7 path makes of a call of each `llvm.nvvm.*` intrinsic, measured at
/// compute_90 with ptxas for sm_90 (`scripts/probe/llvm7_nvvm.py`): name, result, detail.
const NVVM_CALLS: &str = include_str!("llvm7_nvvm.tsv");

/// The measured result and detail for `name`, if it was measured.
fn nvvm_call_result(name: &str) -> Option<(&'static str, &'static str)> {
    static TABLE: std::sync::OnceLock<rustc_hash::FxHashMap<&'static str, (&'static str, &'static str)>> =
        std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        NVVM_CALLS
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                let mut parts = l.split('\t');
                Some((parts.next()?, (parts.next()?, parts.next().unwrap_or(""))))
            })
            .collect()
    });
    table.get(name).copied()
}

/// Refuses, at the call, an `llvm.nvvm.*` intrinsic that libNVVM's LLVM 7 path does not compile
/// into PTX ptxas takes ([`NVVM_CALLS`]): one it does not know (the call becomes a call of an
/// external function PTX cannot name), one whose instruction ptxas refuses for sm_70 and later
/// (`vote` and `shfl` without `.sync`, …), one it fails on.
fn nvvm_calls_compile(m: &Module) -> Result<(), PassError> {
    for (_, f) in m.functions.iter() {
        for (id, inst) in f.insts.iter() {
            let InstKind::Call { call, .. } = &inst.kind else { continue };
            let Value::Const(c) = call.callee else { continue };
            let ConstData::Global { global, .. } = &m.consts[c] else { continue };
            let name = &m.symbols[*global].name;
            if !name.starts_with("llvm.nvvm.") {
                continue;
            }
            let why = match nvvm_call_result(name) {
                Some(("external", _)) => {
                    "libNVVM's LLVM 7 path does not know it and would compile the call into a call of \
                                          an external function of that name, which ptxas refuses"
                        .to_string()
                }
                Some(("ptxas", d)) => {
                    format!("libNVVM's LLVM 7 path compiles it into PTX ptxas refuses for sm_90 ({d})")
                }
                Some(("compile", d)) => format!("libNVVM's LLVM 7 path fails on it ({d})"),
                _ => continue,
            };
            return Err(PassError::at(f, Some(id), format!("@{name}: {why} (measured at compute_90)")));
        }
    }
    Ok(())
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
    use crate::ir::Instruction;
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
                    f.insts.push(Instruction { ty: void, kind, metadata: None })
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

/// The name of the global a call instruction calls directly, if it is one.
fn called_name<'m>(m: &'m Module, kind: &InstKind) -> Option<&'m str> {
    match kind {
        InstKind::Call { call, .. } => match call.callee {
            Value::Const(c) => match m.consts[c] {
                ConstData::Global { global, .. } => Some(&m.symbols[global].name),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// Appends a new instruction named `stem` plus a fresh suffix to `f` and to `out`, the list of
/// instructions a rewrite puts in place of the one it replaces.
fn push_fresh(
    f: &mut Function,
    names: &mut super::FreshNames,
    stem: &str,
    ty: crate::ir::TypeId,
    kind: InstKind,
    out: &mut Vec<InstId>,
) -> Value {
    let name = names.fresh(stem);
    let id = f.push_inst(crate::ir::Instruction { ty, kind, metadata: None }, name);
    out.push(id);
    Value::Inst(id)
}

/// Every instruction of every defined function, block by block, offered to `rewrite`, which
/// either leaves it (returns `false`: it stays where it was) or pushes onto `out` the
/// instructions that replace it, in order, and returns `true`. New instructions take their
/// names from the function's [`super::FreshNames`].
fn rewrite_instructions(
    m: &mut Module,
    mut rewrite: impl FnMut(&mut Module, FuncId, InstId, &mut super::FreshNames, &mut Vec<InstId>) -> bool,
) {
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
                if !rewrite(m, fid, id, &mut names, &mut out) {
                    out.push(id);
                }
            }
            m.functions[fid].blocks[b].insts = out;
        }
    }
}

/// `llvm.smax.*` & co. as compare and select, in place of each call.
fn lower_min_max(m: &mut Module) {
    use crate::ir::instruction::{BinOp, IntPredicate};
    rewrite_instructions(m, |m, fid, id, names, out| {
        let f = &m.functions[fid];
        let lowered = match &f.insts[id].kind {
            InstKind::Call { call, .. } if call.args.len() >= 2 => {
                let name = called_name(m, &f.insts[id].kind).unwrap_or("");
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
            return false;
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
        let mut push =
            |f: &mut Function, ty, kind, out: &mut Vec<InstId>| push_fresh(f, names, "minmax", ty, kind, out);
        let bin = |op, lhs, rhs| InstKind::Binary { op, flags: 0, fmf: FastMath::default(), lhs, rhs };
        let (pred, lhs, rhs, then_v, else_v) = match op {
            IntOp::MinMax(p) => (p, a, bv, a, bv),
            IntOp::Abs => {
                let neg = push(f, ty, bin(BinOp::Sub, zero, a), out);
                (IntPredicate::Slt, a, zero, neg, a)
            }
            IntOp::USubSat => {
                let d = push(f, ty, bin(BinOp::Sub, a, bv), out);
                (IntPredicate::Ugt, a, bv, d, zero)
            }
            IntOp::UAddSat => {
                let sum = push(f, ty, bin(BinOp::Add, a, bv), out);
                (IntPredicate::Ult, sum, a, ones, sum)
            }
        };
        let cmp = push(f, bool_ty, InstKind::ICmp { pred, flags: 0, ty, lhs, rhs }, out);
        f.insts[id].kind = InstKind::Select { fmf: FastMath::default(), cond_ty: bool_ty, cond: cmp, then_v, else_v };
        out.push(id);
        true
    });
}

/// Calls of `llvm.vector.reduce.*` (LLVM 12+; LLVM 7 has only `llvm.experimental.vector.reduce.*`,
/// which libNVVM's verifier does not list) on fixed vectors become the scalar operations they
/// stand for, element 0 first: `add`, `mul`, `and`, `or`, `xor`, an `icmp` and `select` for
/// `smax`, `smin`, `umax` and `umin`, and for `fadd`/`fmul` the ordered chain from the start
/// value with the call's fast-math flags (an unordered reduction may take any order, this one
/// included). `fmax`/`fmin`/`fmaximum`/`fminimum` are left to the unknown-intrinsic refusal.
fn lower_reductions(m: &mut Module) {
    use crate::ir::instruction::{BinOp, IntPredicate};
    rewrite_instructions(m, |m, fid, id, names, out| {
        let f = &m.functions[fid];
        let kind = &f.insts[id].kind;
        let found = called_name(m, kind)
            .and_then(|name| name.strip_prefix("llvm.vector.reduce."))
            .and_then(|r| r.split_once('.'))
            .zip(match kind {
                InstKind::Call { call, .. } => Some(call),
                _ => None,
            })
            .map(|((op, _), call)| (op.to_string(), call.fmf, call.args.iter().map(|a| a.value).collect::<Vec<_>>()));
        let Some((op, fmf, args)) = found else {
            return false;
        };
        enum Step {
            Bin(BinOp),
            Pick(IntPredicate),
        }
        let (step, ordered) = match op.as_str() {
            "add" => (Step::Bin(BinOp::Add), false),
            "mul" => (Step::Bin(BinOp::Mul), false),
            "and" => (Step::Bin(BinOp::And), false),
            "or" => (Step::Bin(BinOp::Or), false),
            "xor" => (Step::Bin(BinOp::Xor), false),
            "smax" => (Step::Pick(IntPredicate::Sgt), false),
            "smin" => (Step::Pick(IntPredicate::Slt), false),
            "umax" => (Step::Pick(IntPredicate::Ugt), false),
            "umin" => (Step::Pick(IntPredicate::Ult), false),
            "fadd" => (Step::Bin(BinOp::FAdd), true),
            "fmul" => (Step::Bin(BinOp::FMul), true),
            _ => return false,
        };
        let Some(&vec) = args.get(usize::from(ordered)) else {
            return false;
        };
        let ty = f.insts[id].ty;
        let Some(vec_ty) = m.type_of(f, vec) else {
            return false;
        };
        let TypeData::Vector { len, scalable: false, .. } = *m.types.get(vec_ty) else {
            return false;
        };
        if len < 2 && !ordered {
            return false;
        }
        let i32t = m.types.int(32);
        let i1 = m.types.int(1);
        let idx: Vec<Value> = (0..len)
            .map(|k| {
                Value::Const(m.constant(ConstData::Int { ty: i32t, value: crate::ir::ApInt::from_i128(k.into(), 32) }))
            })
            .collect();
        let f = &mut m.functions[fid];
        let mut push =
            |f: &mut Function, ty, kind, out: &mut Vec<InstId>| push_fresh(f, names, "reduce", ty, kind, out);
        let mut acc = if ordered { args.first().copied() } else { None };
        let step_kind = |lhs, rhs, fmf| match step {
            Step::Bin(op) => InstKind::Binary { op, flags: 0, fmf, lhs, rhs },
            Step::Pick(pred) => InstKind::ICmp { pred, flags: 0, ty, lhs, rhs },
        };
        for (k, &at) in idx.iter().enumerate() {
            let e = push(f, ty, InstKind::ExtractElement { vec_ty, vec, idx_ty: i32t, idx: at }, out);
            let last = k + 1 == idx.len();
            acc = Some(match acc {
                None => e,
                Some(a) => {
                    let (kind, then_v, else_v) = match step {
                        Step::Bin(_) => (step_kind(a, e, if ordered { fmf } else { FastMath::default() }), a, e),
                        Step::Pick(_) => (step_kind(a, e, FastMath::default()), a, e),
                    };
                    let result_kind = match step {
                        Step::Bin(_) => kind,
                        Step::Pick(_) => {
                            let cmp = push(f, i1, kind, out);
                            InstKind::Select { fmf: FastMath::default(), cond_ty: i1, cond: cmp, then_v, else_v }
                        }
                    };
                    if last {
                        f.insts[id].kind = result_kind;
                        out.push(id);
                        Value::Inst(id)
                    } else {
                        push(f, ty, result_kind, out)
                    }
                }
            });
        }
        true
    });
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
        _ if loop_op(m, op, ty).is_some() => return lower_to_cmpxchg_loop(m, fid, id, notes),
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
    let call = CallSite::direct(fn_ty, Value::Const(callee), [(ptr_ty, ptr), (ty, value)], no_attrs);
    debug_assert!(matches!(m.consts[callee], ConstData::Global { .. }));
    m.functions[fid].insts[id].kind = InstKind::Call { tail: TailKind::None, call: Box::new(call) };
    Ok(())
}

/// How the new value of a `cmpxchg` loop is made from the old one and the operand.
#[derive(Clone, Copy)]
enum LoopOp {
    /// The operand itself (`xchg` of a float, through its integer bits).
    Operand,
    /// `fsub old, v`.
    FSub,
    /// `llvm.maxnum`/`llvm.minnum` (LLVM's `fmax`/`fmin` are those).
    MinMaxNum(&'static str),
    /// `uinc_wrap`: `old >= v ? 0 : old + 1`.
    IncWrap,
    /// `udec_wrap`: `old == 0 || old > v ? v : old - 1`.
    DecWrap,
    /// `usub_cond`: `old >= v ? old - v : old`.
    SubCond,
    /// `usub_sat`: `old > v ? old - v : 0`.
    SubSat,
}

/// The loop form of an `atomicrmw` LLVM 7 lacks, for `float`/`double` and `i32`/`i64` (the
/// widths PTX's `atom.cas` has).
fn loop_op(m: &Module, op: RmwOp, ty: crate::ir::TypeId) -> Option<LoopOp> {
    let float = matches!(m.types.get(ty), TypeData::Float(FloatKind::Float | FloatKind::Double));
    let int = matches!(m.types.get(ty), TypeData::Int(32 | 64));
    match op {
        RmwOp::Xchg if float => Some(LoopOp::Operand),
        RmwOp::FSub if float => Some(LoopOp::FSub),
        RmwOp::FMax if float => Some(LoopOp::MinMaxNum("llvm.maxnum")),
        RmwOp::FMin if float => Some(LoopOp::MinMaxNum("llvm.minnum")),
        RmwOp::UIncWrap if int => Some(LoopOp::IncWrap),
        RmwOp::UDecWrap if int => Some(LoopOp::DecWrap),
        RmwOp::USubCond if int => Some(LoopOp::SubCond),
        RmwOp::USubSat if int => Some(LoopOp::SubSat),
        _ => None,
    }
}

/// An `atomicrmw` as the `cmpxchg` loop LLVM's own atomic expansion writes (floats through
/// their integer bits, as `cmpxchg` takes only integers in LLVM 7):
///
/// ```text
///   %init = load T, T* %p                     ; in the block, before a branch to the loop
/// loop:
///   %old = phi T [ %init, %block ], [ %result, %loop ]
///   %new = <op> %old, %v
///   %pair = cmpxchg iN* (bitcast %p), iN (bitcast %old), iN (bitcast %new) <ordering>
///   %result = bitcast (extractvalue %pair, 0) to T   ; the atomicrmw's own value
///   br (extractvalue %pair, 1), label %end, label %loop
/// end:                                        ; the rest of the block
/// ```
///
/// `xchg` of a float needs no loop: it becomes `atomicrmw xchg` of the integer bits.
fn lower_to_cmpxchg_loop(m: &mut Module, fid: FuncId, id: InstId, notes: &mut Vec<Note>) -> Result<(), PassError> {
    use crate::ir::function::Block;
    use crate::ir::instruction::{Atomic, BinOp, CastOp, CmpXchg, IntPredicate};
    use crate::ir::types::StructBody;
    use crate::ir::Instruction;
    let InstKind::AtomicRmw { op, ptr_ty, ptr, ty, value, atomic, volatile, align } =
        m.functions[fid].insts[id].kind.clone()
    else {
        return Ok(());
    };
    let Some(lop) = loop_op(m, op, ty) else { return Ok(()) };
    let float = matches!(m.types.get(ty), TypeData::Float(_));
    let TypeData::Pointer { addr_space, .. } = *m.types.get(ptr_ty) else {
        return Err(PassError::at(&m.functions[fid], Some(id), "atomicrmw on a non-pointer"));
    };
    let bits = match m.types.get(ty) {
        TypeData::Float(FloatKind::Float) | TypeData::Int(32) => 32,
        _ => 64,
    };
    let ity = m.types.int(bits);
    let i1 = m.types.int(1);
    let iptr = m.types.intern(TypeData::Pointer { addr_space, pointee: Some(ity) });
    let pair = m.types.intern(TypeData::Struct(StructBody { fields: [ity, i1].into(), packed: false }));
    let minmax = match lop {
        LoopOp::MinMaxNum(stem) => {
            let name = format!("{stem}.{}", mangle(&m.types, ty));
            let mut b = Builder::new(m, Dialect::TypedPointers);
            let fn_ty = b.function_type(ty, &[ty, ty], false);
            b.intrinsic(&name, fn_ty).map_err(|e| PassError::module(e.to_string()))?;
            let sym = b.symbol(&name).ok_or_else(|| PassError::module(format!("@{name} has no symbol")))?;
            Some((Value::Const(b.address_of(sym)), fn_ty))
        }
        _ => None,
    };
    // The integer operations' constants (none for floats: a module keeps every constant it holds).
    let ints = (!float).then(|| {
        let zero = m.constant(ConstData::Zero(ty));
        (Value::Const(zero), Value::Const(Builder::new(m, Dialect::TypedPointers).const_int(ty, 1)))
    });
    let (zero, one) = ints.unwrap_or((value, value));
    let no_attrs = m.no_attrs();
    let void = m.types.void();
    let failure = match atomic.ordering {
        Ordering::AcqRel => Ordering::Acquire,
        Ordering::Release => Ordering::Monotonic,
        o => o,
    };
    let f = &mut m.functions[fid];
    let mut names = super::FreshNames::of(f);
    let (loop_name, end_name) = (names.fresh("atomicrmw.loop"), names.fresh("atomicrmw.end"));
    let mut new = |f: &mut Function, ty, kind, stem: &str| {
        let name = names.fresh(stem);
        f.push_inst(Instruction { ty, kind, metadata: None }, name)
    };
    let cast = |op, from, value| InstKind::Cast { op, flags: 0, fmf: FastMath::default(), from, value };
    let Some((block, pos)) =
        f.layout.iter().find_map(|&b| f.blocks[b].insts.iter().position(|&i| i == id).map(|k| (b, k)))
    else {
        return Ok(());
    };
    let iptr_v = Value::Inst(new(f, iptr, cast(CastOp::BitCast, ptr_ty, ptr), "atomicrmw.iptr"));
    if let LoopOp::Operand = lop {
        // xchg: no loop.
        let vi = new(f, ity, cast(CastOp::BitCast, ty, value), "atomicrmw.bits");
        let kind = InstKind::AtomicRmw {
            op: RmwOp::Xchg,
            ptr_ty: iptr,
            ptr: iptr_v,
            ty: ity,
            value: Value::Inst(vi),
            atomic,
            volatile,
            align,
        };
        let xi = new(f, ity, kind, "atomicrmw.old");
        f.insts[id].kind = cast(CastOp::BitCast, ity, Value::Inst(xi));
        let Value::Inst(pi) = iptr_v else { unreachable!() };
        f.blocks[block].insts.splice(pos..pos, [pi, vi, xi]);
        notes.push(Note {
            function: Some(f.name.clone()),
            message: format!(
                "atomicrmw xchg {} became atomicrmw xchg of its integer bits",
                if bits == 32 { "float" } else { "double" }
            ),
        });
        return Ok(());
    }
    let loop_b = f.blocks.push(Block { name: loop_name, insts: Vec::new() });
    let end_b = f.blocks.push(Block { name: end_name, insts: Vec::new() });
    let rest: Vec<InstId> = f.blocks[block].insts.split_off(pos + 1);
    f.blocks[block].insts.pop();
    let init = new(f, ty, InstKind::Load { ty, ptr_ty, ptr, align, volatile, atomic: None }, "atomicrmw.init");
    let Value::Inst(pi) = iptr_v else { unreachable!() };
    let old = new(
        f,
        ty,
        InstKind::Phi {
            fmf: FastMath::default(),
            incoming: vec![(Value::Inst(init), block), (Value::Inst(id), loop_b)],
        },
        "atomicrmw.oldv",
    );
    let oldv = Value::Inst(old);
    let bin = |op, lhs, rhs| InstKind::Binary { op, flags: 0, fmf: FastMath::default(), lhs, rhs };
    let mut body: Vec<InstId> = vec![old];
    let mut push = |f: &mut Function, ty, kind, stem: &str, body: &mut Vec<InstId>| {
        let i = new(f, ty, kind, stem);
        body.push(i);
        Value::Inst(i)
    };
    let icmp = |pred, lhs, rhs| InstKind::ICmp { pred, flags: 0, ty, lhs, rhs };
    let select =
        |cond, then_v, else_v| InstKind::Select { fmf: FastMath::default(), cond_ty: i1, cond, then_v, else_v };
    let newv = match lop {
        LoopOp::Operand => value,
        LoopOp::FSub => push(f, ty, bin(BinOp::FSub, oldv, value), "atomicrmw.new", &mut body),
        LoopOp::MinMaxNum(_) => {
            let (callee, fn_ty) = minmax.ok_or_else(|| PassError::module("no min/max intrinsic"))?;
            let call = CallSite::direct(fn_ty, callee, [(ty, oldv), (ty, value)], no_attrs);
            push(f, ty, InstKind::Call { tail: TailKind::None, call: Box::new(call) }, "atomicrmw.new", &mut body)
        }
        LoopOp::IncWrap => {
            let c = push(f, i1, icmp(IntPredicate::Uge, oldv, value), "atomicrmw.wrap", &mut body);
            let inc = push(f, ty, bin(BinOp::Add, oldv, one), "atomicrmw.inc", &mut body);
            push(f, ty, select(c, zero, inc), "atomicrmw.new", &mut body)
        }
        LoopOp::DecWrap => {
            let z = push(f, i1, icmp(IntPredicate::Eq, oldv, zero), "atomicrmw.zero", &mut body);
            let a = push(f, i1, icmp(IntPredicate::Ugt, oldv, value), "atomicrmw.above", &mut body);
            let c = push(f, i1, bin(BinOp::Or, z, a), "atomicrmw.wrap", &mut body);
            let dec = push(f, ty, bin(BinOp::Sub, oldv, one), "atomicrmw.dec", &mut body);
            push(f, ty, select(c, value, dec), "atomicrmw.new", &mut body)
        }
        LoopOp::SubCond | LoopOp::SubSat => {
            let pred = if let LoopOp::SubCond = lop { IntPredicate::Uge } else { IntPredicate::Ugt };
            let c = push(f, i1, icmp(pred, oldv, value), "atomicrmw.ge", &mut body);
            let d = push(f, ty, bin(BinOp::Sub, oldv, value), "atomicrmw.diff", &mut body);
            let other = if let LoopOp::SubCond = lop { oldv } else { zero };
            push(f, ty, select(c, d, other), "atomicrmw.new", &mut body)
        }
    };
    let (old_bits, new_bits) = if float {
        (
            push(f, ity, cast(CastOp::BitCast, ty, oldv), "atomicrmw.oldbits", &mut body),
            push(f, ity, cast(CastOp::BitCast, ty, newv), "atomicrmw.newbits", &mut body),
        )
    } else {
        (oldv, newv)
    };
    let cx = CmpXchg {
        ptr_ty: iptr,
        ptr: iptr_v,
        ty: ity,
        cmp: old_bits,
        new: new_bits,
        success: Atomic { ordering: atomic.ordering, scope: atomic.scope },
        failure,
        weak: false,
        volatile,
        align,
    };
    let pair_v = push(f, pair, InstKind::CmpXchg(Box::new(cx)), "atomicrmw.pair", &mut body);
    let ext = |i| InstKind::ExtractValue { agg_ty: pair, agg: pair_v, indices: [i].into_iter().collect() };
    let ok = push(f, i1, ext(1), "atomicrmw.ok", &mut body);
    if float {
        let got = push(f, ity, ext(0), "atomicrmw.got", &mut body);
        f.insts[id].kind = cast(CastOp::BitCast, ity, got);
    } else {
        f.insts[id].kind = ext(0);
    }
    body.push(id);
    let br = InstKind::CondBr { cond: ok, then_bb: end_b, else_bb: loop_b };
    let br_id = f.insts.push(Instruction { ty: void, kind: br, metadata: None });
    body.push(br_id);
    let jump = f.insts.push(Instruction { ty: void, kind: InstKind::Br(loop_b), metadata: None });
    f.blocks[block].insts.extend([pi, init, jump]);
    f.blocks[loop_b].insts = body;
    // What followed the atomicrmw ends the new block, and its successors' phis now come from it.
    if let Some(&term) = rest.last() {
        phis_now_come_from(f, term, block, end_b);
    }
    f.blocks[end_b].insts = rest;
    let at = f.layout.iter().position(|&b| b == block).map_or(f.layout.len(), |k| k + 1);
    f.layout.insert(at, loop_b);
    f.layout.insert(at + 1, end_b);
    notes.push(Note {
        function: Some(f.name.clone()),
        message: format!("atomicrmw {} became a cmpxchg loop: LLVM 7 has no such atomicrmw", op.keyword()),
    });
    Ok(())
}

/// Whether an atomic on `ty` is narrower than the 32 bits LLVM 7's NVPTX back end has atomics
/// for (libNVVM at compute_90: "Atomic operations on non-i32/i64/i128 types are not supported").
fn partword(m: &Module, ty: crate::ir::TypeId) -> bool {
    matches!(m.types.get(ty), TypeData::Int(8 | 16))
}

/// An `i8`/`i16` `atomicrmw` or `cmpxchg` as the loop over its aligned 32-bit word that LLVM's
/// own atomic expansion writes for targets without narrow atomics (the OpenMP device runtime
/// has them; newer libNVVM expands them so). The word holding the value is `p & ~3`, the value
/// sits `(p & 3) * 8` bits up (NVPTX is little-endian):
///
/// ```text
///   %word = inttoptr (and (ptrtoint %p), -4) to i32*  ; %shift, %mask = 0xff.. << %shift
///   %init = load i32, i32* %word
/// loop:
///   %old = phi i32 [ %init, %block ], [ %got, %loop ]
///   %v = trunc (lshr %old, %shift)                    ; the atomicrmw's own value
///   %merged = or (and %old, ~%mask), (shl (zext <op> %v, %x), %shift)
///   %pair = cmpxchg i32* %word, i32 %old, i32 %merged <orderings>
///   br (extractvalue %pair, 1), label %end, label %loop
/// ```
///
/// A `cmpxchg` compares and swaps the whole word with the other bytes as last seen, and tries
/// again only while those other bytes changed (a strong one; a weak one tries once).
fn lower_partword(m: &mut Module, fid: FuncId, id: InstId, notes: &mut Vec<Note>) -> Result<(), PassError> {
    use crate::ir::function::Block;
    use crate::ir::instruction::{Atomic, BinOp, CastOp, CmpXchg, InsertValue, IntPredicate};
    use crate::ir::types::StructBody;
    use crate::ir::Instruction;
    type Push<'a> = dyn FnMut(&mut Function, &mut Vec<InstId>, crate::ir::TypeId, InstKind, &str) -> Value + 'a;
    enum Kind {
        Rmw(RmwOp, Value),
        Cas { cmp: Value, new: Value, weak: bool, failure: Ordering },
    }
    let (kind, ptr_ty, ptr, ty, atomic, volatile) = match m.functions[fid].insts[id].kind.clone() {
        InstKind::AtomicRmw { op, ptr_ty, ptr, ty, value, atomic, volatile, .. } => {
            (Kind::Rmw(op, value), ptr_ty, ptr, ty, atomic, volatile)
        }
        InstKind::CmpXchg(x) => (
            Kind::Cas { cmp: x.cmp, new: x.new, weak: x.weak, failure: x.failure },
            x.ptr_ty,
            x.ptr,
            x.ty,
            x.success,
            x.volatile,
        ),
        _ => return Ok(()),
    };
    if let Kind::Rmw(op, _) = kind {
        if op.is_float() {
            return Err(PassError::at(
                &m.functions[fid],
                Some(id),
                format!("atomicrmw {} on an integer", op.keyword()),
            ));
        }
    }
    let TypeData::Pointer { addr_space, .. } = *m.types.get(ptr_ty) else {
        return Err(PassError::at(&m.functions[fid], Some(id), "an atomic on a non-pointer"));
    };
    let TypeData::Int(width) = *m.types.get(ty) else { return Ok(()) };
    let (i1, i32t, i64t) = (m.types.int(1), m.types.int(32), m.types.int(64));
    let wptr = m.types.intern(TypeData::Pointer { addr_space, pointee: Some(i32t) });
    let pair32 = m.types.intern(TypeData::Struct(StructBody { fields: [i32t, i1].into(), packed: false }));
    let void = m.types.void();
    let mut b = Builder::new(m, Dialect::TypedPointers);
    let c64 = |b: &mut Builder, v| Value::Const(b.const_int(i64t, v));
    let (minus4, three) = (c64(&mut b, -4), c64(&mut b, 3));
    let ones = Value::Const(b.const_int(i32t, (1i128 << width) - 1));
    let all = Value::Const(b.const_int(i32t, -1));
    let zero = Value::Const(b.const_int(ty, 0));
    let one = Value::Const(b.const_int(ty, 1));
    let minus1 = Value::Const(b.const_int(ty, -1));
    let result_ty = m.functions[fid].insts[id].ty;
    let undef_pair = Value::Const(m.constant(ConstData::Undef(result_ty)));
    let f = &mut m.functions[fid];
    let Some((block, pos)) =
        f.layout.iter().find_map(|&b| f.blocks[b].insts.iter().position(|&i| i == id).map(|k| (b, k)))
    else {
        return Ok(());
    };
    let mut names = super::FreshNames::of(f);
    let (loop_name, retry_name, end_name) =
        (names.fresh("atomic.loop"), names.fresh("atomic.retry"), names.fresh("atomic.end"));
    let mut new = |f: &mut Function, ty, kind, stem: &str| {
        let name = names.fresh(stem);
        f.push_inst(Instruction { ty, kind, metadata: None }, name)
    };
    let mut push = |f: &mut Function, list: &mut Vec<InstId>, ty, kind, stem: &str| {
        let i = new(f, ty, kind, stem);
        list.push(i);
        Value::Inst(i)
    };
    let cast = |op, from, value| InstKind::Cast { op, flags: 0, fmf: FastMath::default(), from, value };
    let bin = |op, lhs, rhs| InstKind::Binary { op, flags: 0, fmf: FastMath::default(), lhs, rhs };
    let icmp = |pred, t, lhs, rhs| InstKind::ICmp { pred, flags: 0, ty: t, lhs, rhs };
    let select =
        |cond, then_v, else_v| InstKind::Select { fmf: FastMath::default(), cond_ty: i1, cond, then_v, else_v };
    let term = |f: &mut Function, kind| f.insts.push(Instruction { ty: void, kind, metadata: None });
    // The word, the shift and the masks, before the loop.
    let mut pre: Vec<InstId> = Vec::new();
    let addr = push(f, &mut pre, i64t, cast(CastOp::PtrToInt, ptr_ty, ptr), "atomic.addr");
    let waddr = push(f, &mut pre, i64t, bin(BinOp::And, addr, minus4), "atomic.waddr");
    let word = push(f, &mut pre, wptr, cast(CastOp::IntToPtr, i64t, waddr), "atomic.word");
    let low = push(f, &mut pre, i64t, bin(BinOp::And, addr, three), "atomic.low");
    let bits = push(f, &mut pre, i64t, bin(BinOp::Shl, low, three), "atomic.bits");
    let shift = push(f, &mut pre, i32t, cast(CastOp::Trunc, i64t, bits), "atomic.shift");
    let mask = push(f, &mut pre, i32t, bin(BinOp::Shl, ones, shift), "atomic.mask");
    let keep = push(f, &mut pre, i32t, bin(BinOp::Xor, mask, all), "atomic.keep");
    let place = |f: &mut Function, list: &mut Vec<InstId>, v: Value, push: &mut Push<'_>| {
        let wide = push(f, list, i32t, cast(CastOp::ZExt, ty, v), "atomic.wide");
        push(f, list, i32t, bin(BinOp::Shl, wide, shift), "atomic.placed")
    };
    let load = InstKind::Load { ty: i32t, ptr_ty: wptr, ptr: word, align: None, volatile, atomic: None };
    let init = push(f, &mut pre, i32t, load, "atomic.init");
    let loop_b = f.blocks.push(Block { name: loop_name, insts: Vec::new() });
    let end_b = f.blocks.push(Block { name: end_name, insts: Vec::new() });
    let rest: Vec<InstId> = f.blocks[block].insts.split_off(pos + 1);
    f.blocks[block].insts.pop();
    let mut body: Vec<InstId> = Vec::new();
    let mut after: Vec<InstId> = Vec::new();
    let mut retry: Option<(BlockId, Vec<InstId>)> = None;
    let scope = Atomic { ordering: atomic.ordering, scope: atomic.scope };
    // The compare-exchange of the whole word, `cmp` to `new`.
    let word_cas = |cmp, new, failure| CmpXchg {
        ptr_ty: wptr,
        ptr: word,
        ty: i32t,
        cmp,
        new,
        success: scope,
        failure,
        weak: false,
        volatile,
        align: None,
    };
    let what;
    match kind {
        Kind::Rmw(op, value) => {
            what = format!("atomicrmw {} i{width}", op.keyword());
            let old = push(
                f,
                &mut body,
                i32t,
                InstKind::Phi { fmf: FastMath::default(), incoming: Vec::new() },
                "atomic.old",
            );
            let Value::Inst(phi) = old else { unreachable!() };
            let down = push(f, &mut body, i32t, bin(BinOp::LShr, old, shift), "atomic.down");
            // The atomicrmw itself becomes the narrow old value.
            f.insts[id].kind = cast(CastOp::Trunc, i32t, down);
            body.push(id);
            let v = Value::Inst(id);
            let pick = |pred, f: &mut Function, body: &mut Vec<InstId>, push: &mut Push<'_>| {
                let c = push(f, body, i1, icmp(pred, ty, v, value), "atomic.cmp");
                push(f, body, ty, select(c, v, value), "atomic.new")
            };
            let newv = match op {
                RmwOp::Xchg => value,
                RmwOp::Add => push(f, &mut body, ty, bin(BinOp::Add, v, value), "atomic.new"),
                RmwOp::Sub => push(f, &mut body, ty, bin(BinOp::Sub, v, value), "atomic.new"),
                RmwOp::And => push(f, &mut body, ty, bin(BinOp::And, v, value), "atomic.new"),
                RmwOp::Or => push(f, &mut body, ty, bin(BinOp::Or, v, value), "atomic.new"),
                RmwOp::Xor => push(f, &mut body, ty, bin(BinOp::Xor, v, value), "atomic.new"),
                RmwOp::Nand => {
                    let a = push(f, &mut body, ty, bin(BinOp::And, v, value), "atomic.and");
                    push(f, &mut body, ty, bin(BinOp::Xor, a, minus1), "atomic.new")
                }
                RmwOp::Max => pick(IntPredicate::Sgt, f, &mut body, &mut push),
                RmwOp::Min => pick(IntPredicate::Sle, f, &mut body, &mut push),
                RmwOp::UMax => pick(IntPredicate::Ugt, f, &mut body, &mut push),
                RmwOp::UMin => pick(IntPredicate::Ule, f, &mut body, &mut push),
                RmwOp::UIncWrap => {
                    let c = push(f, &mut body, i1, icmp(IntPredicate::Uge, ty, v, value), "atomic.wrap");
                    let inc = push(f, &mut body, ty, bin(BinOp::Add, v, one), "atomic.inc");
                    push(f, &mut body, ty, select(c, zero, inc), "atomic.new")
                }
                RmwOp::UDecWrap => {
                    let z = push(f, &mut body, i1, icmp(IntPredicate::Eq, ty, v, zero), "atomic.zero");
                    let a = push(f, &mut body, i1, icmp(IntPredicate::Ugt, ty, v, value), "atomic.above");
                    let c = push(f, &mut body, i1, bin(BinOp::Or, z, a), "atomic.wrap");
                    let dec = push(f, &mut body, ty, bin(BinOp::Sub, v, one), "atomic.dec");
                    push(f, &mut body, ty, select(c, value, dec), "atomic.new")
                }
                RmwOp::USubCond | RmwOp::USubSat => {
                    let cond = op == RmwOp::USubCond;
                    let pred = if cond { IntPredicate::Uge } else { IntPredicate::Ugt };
                    let c = push(f, &mut body, i1, icmp(pred, ty, v, value), "atomic.ge");
                    let d = push(f, &mut body, ty, bin(BinOp::Sub, v, value), "atomic.diff");
                    push(f, &mut body, ty, select(c, d, if cond { v } else { zero }), "atomic.new")
                }
                _ => unreachable!("refused above: the floating-point operations"),
            };
            let placed = place(f, &mut body, newv, &mut push);
            let others = push(f, &mut body, i32t, bin(BinOp::And, old, keep), "atomic.others");
            let merged = push(f, &mut body, i32t, bin(BinOp::Or, others, placed), "atomic.merged");
            let failure = match atomic.ordering {
                Ordering::AcqRel => Ordering::Acquire,
                Ordering::Release => Ordering::Monotonic,
                o => o,
            };
            let cx = word_cas(old, merged, failure);
            let pair = push(f, &mut body, pair32, InstKind::CmpXchg(Box::new(cx)), "atomic.pair");
            let ext = |i| InstKind::ExtractValue { agg_ty: pair32, agg: pair, indices: [i].into_iter().collect() };
            let got = push(f, &mut body, i32t, ext(0), "atomic.got");
            let ok = push(f, &mut body, i1, ext(1), "atomic.ok");
            if let InstKind::Phi { incoming, .. } = &mut f.insts[phi].kind {
                incoming.extend([(init, block), (got, loop_b)]);
            }
            body.push(term(f, InstKind::CondBr { cond: ok, then_bb: end_b, else_bb: loop_b }));
        }
        Kind::Cas { cmp, new: newv, weak, failure } => {
            what = format!("cmpxchg i{width}");
            let placed_new = place(f, &mut pre, newv, &mut push);
            let placed_cmp = place(f, &mut pre, cmp, &mut push);
            let init_others = push(f, &mut pre, i32t, bin(BinOp::And, init, keep), "atomic.initothers");
            let others = push(
                f,
                &mut body,
                i32t,
                InstKind::Phi { fmf: FastMath::default(), incoming: Vec::new() },
                "atomic.others",
            );
            let Value::Inst(phi) = others else { unreachable!() };
            let full_new = push(f, &mut body, i32t, bin(BinOp::Or, others, placed_new), "atomic.fullnew");
            let full_cmp = push(f, &mut body, i32t, bin(BinOp::Or, others, placed_cmp), "atomic.fullcmp");
            let cx = word_cas(full_cmp, full_new, failure);
            let pair = push(f, &mut body, pair32, InstKind::CmpXchg(Box::new(cx)), "atomic.pair");
            let ext = |i| InstKind::ExtractValue { agg_ty: pair32, agg: pair, indices: [i].into_iter().collect() };
            let got = push(f, &mut body, i32t, ext(0), "atomic.got");
            let ok = push(f, &mut body, i1, ext(1), "atomic.ok");
            let mut incoming = vec![(init_others, block)];
            if weak {
                body.push(term(f, InstKind::Br(end_b)));
            } else {
                let retry_b = f.blocks.push(Block { name: retry_name, insts: Vec::new() });
                body.push(term(f, InstKind::CondBr { cond: ok, then_bb: end_b, else_bb: retry_b }));
                let mut r = Vec::new();
                let now = push(f, &mut r, i32t, bin(BinOp::And, got, keep), "atomic.nowothers");
                let moved = push(f, &mut r, i1, icmp(IntPredicate::Ne, i32t, now, others), "atomic.moved");
                r.push(term(f, InstKind::CondBr { cond: moved, then_bb: loop_b, else_bb: end_b }));
                incoming.push((now, retry_b));
                retry = Some((retry_b, r));
            }
            if let InstKind::Phi { incoming: inc, .. } = &mut f.insts[phi].kind {
                *inc = incoming;
            }
            let down = push(f, &mut after, i32t, bin(BinOp::LShr, got, shift), "atomic.down");
            let narrow = push(f, &mut after, ty, cast(CastOp::Trunc, i32t, down), "atomic.value");
            let pair_ty = result_ty;
            let first = InsertValue {
                agg_ty: pair_ty,
                agg: undef_pair,
                elt_ty: ty,
                elt: narrow,
                indices: [0].into_iter().collect(),
            };
            let half = push(f, &mut after, pair_ty, InstKind::InsertValue(Box::new(first)), "atomic.half");
            f.insts[id].kind = InstKind::InsertValue(Box::new(InsertValue {
                agg_ty: pair_ty,
                agg: half,
                elt_ty: i1,
                elt: ok,
                indices: [1].into_iter().collect(),
            }));
            after.push(id);
        }
    }
    let jump = term(f, InstKind::Br(loop_b));
    pre.push(jump);
    f.blocks[block].insts.extend(pre);
    f.blocks[loop_b].insts = body;
    // What followed the atomic ends the new block, and its successors' phis now come from it.
    if let Some(&last) = rest.last() {
        phis_now_come_from(f, last, block, end_b);
    }
    after.extend(rest);
    f.blocks[end_b].insts = after;
    let at = f.layout.iter().position(|&b| b == block).map_or(f.layout.len(), |k| k + 1);
    f.layout.insert(at, loop_b);
    let mut next = at + 1;
    if let Some((retry_b, r)) = retry {
        f.blocks[retry_b].insts = r;
        f.layout.insert(next, retry_b);
        next += 1;
    }
    f.layout.insert(next, end_b);
    notes.push(Note {
        function: Some(f.name.clone()),
        message: format!("{what} became a cmpxchg loop on its 32-bit word: LLVM 7's NVPTX has no narrower atomics"),
    });
    Ok(())
}

/// Internal and private symbols whose names PTX cannot spell (`<str>`, `another-str`) get names
/// it can: libNVVM's LLVM 7 path renames such a symbol only for a `.` and refuses the module for
/// the other characters ("Symbol name with unsupported characters", measured at compute_90).
/// Nothing outside the module refers to a local symbol, so renaming it changes nothing else.
fn rename_unspellable_local_names(m: &mut Module, notes: &mut Vec<Note>) {
    use crate::ir::module::{GlobalDef, Linkage};
    let spellable = |n: &str| n.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'));
    let mut taken: rustc_hash::FxHashSet<Box<str>> = m.symbols.iter().map(|(_, s)| Box::from(&*s.name)).collect();
    let ids: Vec<_> = m.symbols.iter().map(|(id, _)| id).collect();
    for sym in ids {
        let name = m.symbols[sym].name.clone();
        if name.is_empty() || name.starts_with("llvm.") || spellable(&name) {
            continue;
        }
        let linkage = match m.symbols[sym].def {
            Some(GlobalDef::Func(f)) => m.functions[f].props.linkage,
            Some(GlobalDef::Var(g)) => m.globals[g].props.linkage,
            _ => continue,
        };
        if !matches!(linkage, Linkage::Internal | Linkage::Private) {
            continue;
        }
        let stem: String =
            name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '$' { c } else { '_' }).collect();
        let stem = if stem.starts_with(|c: char| c.is_ascii_digit()) { format!("_{stem}") } else { stem };
        let mut new = stem.clone();
        let mut k = 0;
        while taken.contains(new.as_str()) {
            new = format!("{stem}_{k}");
            k += 1;
        }
        taken.insert(new.as_str().into());
        m.symbols[sym].name = new.as_str().into();
        match m.symbols[sym].def {
            Some(GlobalDef::Func(f)) => m.functions[f].name = new.as_str().into(),
            Some(GlobalDef::Var(g)) => m.globals[g].name = new.as_str().into(),
            _ => {}
        }
        notes.push(Note {
            function: None,
            message: format!("local symbol @\"{name}\" became @{new}: PTX cannot spell its name"),
        });
    }
}

/// Aliases in the form ptxas takes from LLVM 7's NVPTX back end (measured at compute_90): an
/// alias of a function whose type differs from the function's is refused ("Mismatch in prototype
/// of alias and aliasee"); `noreturn` is left out of an aliased function, as LLVM 7 writes it
/// on the alias too, where ptxas refuses it ("Invalid directive '.noreturn'").
fn aliases_ptxas_takes(m: &mut Module, notes: &mut Vec<Note>) -> Result<(), PassError> {
    use crate::ir::attrs::{AttrKind, AttrSet};
    use crate::ir::module::GlobalDef;
    let Some(noreturn) = AttrKind::from_name("noreturn") else { return Ok(()) };
    for i in 0..m.aliases.len() {
        let a = &m.aliases[crate::ir::module::AliasId::from_index(i)];
        // Typing the pointers puts a bitcast between an alias and a function of another type.
        let mut aliasee = a.aliasee;
        while let ConstData::Expr(e) = &m.consts[aliasee] {
            match (e.op, e.operands.first()) {
                (crate::ir::ExprOp::Cast(crate::ir::instruction::CastOp::BitCast), Some(&inner)) => aliasee = inner,
                _ => break,
            }
        }
        let target = match &m.consts[aliasee] {
            ConstData::Global { global, .. } => match m.symbols[*global].def {
                Some(GlobalDef::Func(f)) => Some(f),
                _ => None,
            },
            _ => None,
        };
        let Some(f) = target else { continue };
        if m.functions[f].ty != a.ty && matches!(m.types.get(a.ty), TypeData::Function { .. }) {
            return Err(PassError::module(format!(
                "@{} aliases @{} with another prototype, which ptxas refuses (measured at compute_90)",
                a.name, m.functions[f].name
            )));
        }
        let attrs = m.functions[f].fn_attrs;
        if m.attrs[attrs].0.iter().any(|x| x.kind() == Some(noreturn)) {
            let kept: Box<[_]> = m.attrs[attrs].0.iter().filter(|x| x.kind() != Some(noreturn)).cloned().collect();
            m.functions[f].fn_attrs = m.attrs.insert(AttrSet(kept));
            notes.push(Note {
                function: Some(m.functions[f].name.clone()),
                message: "left out noreturn: LLVM 7 would write it on the function's alias, where ptxas refuses it"
                    .into(),
            });
        }
    }
    Ok(())
}

/// `extern_weak` declarations become plain external ones. Of a function, LLVM 7's NVPTX back end
/// (and the modern one) writes a `.weak` declaration, which ptxas takes only with a body
/// ("Unresolved extern function", measured at compute_90): a function the link does not define is
/// then a link error rather than a null address. Of a variable, libNVVM's verifier refuses the
/// linkage below compute_100 ("extern_weak linkage is not supported", measured at compute_90),
/// while its compiler writes the same `.weak .global` definition either way; clang leaves such
/// declarations of `threadIdx` and its kin in every CUDA module it compiles without
/// optimization.
fn extern_weak_declarations(m: &mut Module, notes: &mut Vec<Note>) {
    use crate::ir::module::Linkage;
    for (_, f) in m.functions.iter_mut() {
        if !f.is_definition && f.props.linkage == Linkage::ExternWeak {
            f.props.linkage = Linkage::External;
            notes.push(Note {
                function: None,
                message: format!("extern_weak @{} became external: ptxas takes no weak declaration", f.name),
            });
        }
    }
    for (_, g) in m.globals.iter_mut() {
        if g.init.is_none() && g.props.linkage == Linkage::ExternWeak {
            g.props.linkage = Linkage::External;
            notes.push(Note {
                function: None,
                message: format!(
                    "extern_weak @{} became external: libNVVM's verifier refuses the linkage below compute_100",
                    g.name
                ),
            });
        }
    }
}

/// The alignment libNVVM's 64-bit layout gives a type.
fn abi_align(types: &crate::ir::types::Types, t: crate::ir::TypeId) -> u64 {
    match types.get(t) {
        TypeData::Int(n) => u64::from(n.div_ceil(8)).next_power_of_two().min(16),
        TypeData::Float(FloatKind::Half | FloatKind::BFloat) => 2,
        TypeData::Float(FloatKind::Float) => 4,
        TypeData::Float(_) => 8,
        TypeData::Pointer { .. } => 8,
        TypeData::Vector { len, elem, .. } => {
            let size = u64::from(*len) * abi_align(types, *elem);
            size.next_power_of_two().min(16)
        }
        TypeData::Array { elem, .. } => abi_align(types, *elem),
        TypeData::Struct(b) if b.packed => 1,
        TypeData::Struct(b) => b.fields.iter().map(|f| abi_align(types, *f)).max().unwrap_or(1),
        TypeData::Named(n) => match &types.named(*n).body {
            Some(b) if b.packed => 1,
            Some(b) => b.fields.iter().map(|f| abi_align(types, *f)).max().unwrap_or(1),
            None => 1,
        },
        _ => 1,
    }
}

/// `byval` arguments of indirect calls get at least `align 4`: LLVM 7's NVPTX back end declares
/// such an argument 4-aligned but the call's prototype at the type's own alignment, a mismatch
/// ptxas refuses ("Alignment of argument does not match formal parameter", measured at
/// compute_90); with the attribute both are 4.
fn indirect_byval_alignment(m: &mut Module, notes: &mut Vec<Note>) {
    use crate::ir::attrs::{Attr, AttrKind, AttrSet};
    let (Some(byval), Some(align)) = (AttrKind::from_name("byval"), AttrKind::from_name("align")) else { return };
    for i in 0..m.functions.len() {
        let fid = FuncId::from_index(i);
        let ids: Vec<InstId> = m.functions[fid].insts.iter().map(|(id, _)| id).collect();
        let mut changed = false;
        for id in ids {
            let InstKind::Call { call, .. } = &m.functions[fid].insts[id].kind else { continue };
            // A direct call; a call through a cast of a function is indirect to the back end.
            let direct = match call.callee {
                Value::Const(c) => matches!(m.consts[c], ConstData::Global { .. }),
                Value::Asm(_) => true,
                _ => false,
            };
            if direct {
                continue;
            }
            let mut new_attrs = Vec::new();
            for (k, a) in call.args.iter().enumerate() {
                let set = &m.attrs[a.attrs].0;
                let pointee = set.iter().find_map(|x| match x {
                    Attr::Type(kind, t) if *kind == byval => Some(t.or_else(|| match m.types.get(a.ty) {
                        TypeData::Pointer { pointee, .. } => *pointee,
                        _ => None,
                    })),
                    _ => None,
                });
                let Some(pointee) = pointee else { continue };
                let have = set.iter().find_map(|x| match x {
                    Attr::Int(kind, n) if *kind == align => Some(*n),
                    _ => None,
                });
                let natural = pointee.map_or(1, |t| abi_align(&m.types, t));
                if have.unwrap_or(natural) >= 4 {
                    continue;
                }
                let mut kept: Vec<Attr> = set.iter().filter(|x| x.kind() != Some(align)).cloned().collect();
                kept.push(Attr::Int(align, 4));
                new_attrs.push((k, AttrSet(kept.into())));
            }
            for (k, set) in new_attrs {
                let set = m.attrs.insert(set);
                if let InstKind::Call { call, .. } = &mut m.functions[fid].insts[id].kind {
                    call.args[k].attrs = set;
                    changed = true;
                }
            }
        }
        if changed {
            notes.push(Note {
                function: Some(m.functions[fid].name.clone()),
                message: "byval arguments of indirect calls became align 4, as LLVM 7 declares them".into(),
            });
        }
    }
}

/// LLVM 7's compiler infers `readnone` for a function that touches no memory and for a pointer
/// parameter it never uses, then its verifier refuses that next to `writeonly`,
/// `inaccessiblememonly` or `inaccessiblemem_or_argmemonly` ("Broken function found"; measured
/// at compute_90, and clang 19 writes `writeonly` on an unused `byval` parameter at -O2). Those
/// attributes are left out where that happens, with a note: each only narrows what the function
/// may do, and the inferred `readnone` says more.
fn memory_attrs_llvm7_infers_away(m: &mut Module, notes: &mut Vec<Note>) {
    use crate::ir::attrs::{AttrKind, AttrSet, AttrSetId};
    const FN_ATTRS: [&str; 3] = ["writeonly", "inaccessiblememonly", "inaccessiblemem_or_argmemonly"];
    let kinds: Vec<AttrKind> = FN_ATTRS.iter().filter_map(|n| AttrKind::from_name(n)).collect();
    let Some(writeonly) = AttrKind::from_name("writeonly") else { return };
    let without = |m: &mut Module, set: AttrSetId, drop: &[AttrKind]| -> Option<AttrSetId> {
        let old = &m.attrs[set].0;
        if !old.iter().any(|a| a.kind().is_some_and(|k| drop.contains(&k))) {
            return None;
        }
        let kept: Vec<_> = old.iter().filter(|a| !a.kind().is_some_and(|k| drop.contains(&k))).cloned().collect();
        Some(m.attrs.insert(AttrSet(kept.into())))
    };
    for i in 0..m.functions.len() {
        let fid = FuncId::from_index(i);
        let f = &m.functions[fid];
        let (touches_memory, used) = f.memory_and_used_params();
        let unused_pointers: Vec<usize> = (0..f.params.len())
            .filter(|&k| !used.contains(&(k as u32)) && matches!(m.types.get(f.params[k].ty), TypeData::Pointer { .. }))
            .collect();
        let mut changed = false;
        if !touches_memory {
            if let Some(set) = without(m, m.functions[fid].fn_attrs, &kinds) {
                m.functions[fid].fn_attrs = set;
                changed = true;
            }
        }
        for k in unused_pointers {
            if let Some(set) = without(m, m.functions[fid].params[k].attrs, &[writeonly]) {
                m.functions[fid].params[k].attrs = set;
                changed = true;
            }
        }
        if changed {
            notes.push(Note {
                function: Some(m.functions[fid].name.clone()),
                message: "left out writeonly/inaccessiblememonly where the function or parameter touches no memory: \
                          LLVM 7 infers readnone there and refuses both"
                    .into(),
            });
        }
    }
}

/// Module flags whose merge behavior LLVM 7 lacks (`Min`, 8, LLVM 15+) are left out: libNVVM's
/// LLVM 7 reader refuses them ("invalid behavior operand in module flag", measured at
/// compute_90), and they only say how to merge the flag when modules are linked.
fn module_flags(m: &mut Module, notes: &mut Vec<Note>) {
    use crate::ir::metadata::MdNode;
    let behavior = |m: &Module, id| -> Option<u64> {
        let MdNode::Tuple { ops, .. } = m.metadata.get(id) else { return None };
        let MdNode::Value(_, Value::Const(c)) = m.metadata.get((*ops.first()?)?) else { return None };
        match &m.consts[*c] {
            ConstData::Int { value: crate::ir::ApInt::Small(v), .. } => Some(*v),
            _ => None,
        }
    };
    let name = |m: &Module, id| -> String {
        let MdNode::Tuple { ops, .. } = m.metadata.get(id) else { return String::new() };
        match ops.get(1).copied().flatten().map(|o| m.metadata.get(o)) {
            Some(MdNode::String(s)) => String::from_utf8_lossy(s).into_owned(),
            _ => String::new(),
        }
    };
    let Some(k) = m.metadata.named.iter().position(|n| &*n.name == "llvm.module.flags") else { return };
    let nodes = m.metadata.named[k].nodes.clone();
    let (keep, gone): (Vec<_>, Vec<_>) = nodes.into_iter().partition(|&id| behavior(m, id).is_none_or(|b| b <= 7));
    for id in &gone {
        notes.push(Note {
            function: None,
            message: format!(
                "left out module flag \"{}\": its merge behavior ({}) is newer than LLVM 7",
                name(m, *id),
                behavior(m, *id).unwrap_or(0)
            ),
        });
    }
    m.metadata.named[k].nodes = keep;
}

/// The size libNVVM's 64-bit layout gives a value of a type in memory (with its padding).
fn alloc_size(types: &crate::ir::types::Types, t: crate::ir::TypeId) -> u64 {
    let fields_size = |fields: &[crate::ir::TypeId], packed: bool| {
        let mut at = 0u64;
        let mut align = 1;
        for &f in fields {
            let a = if packed { 1 } else { abi_align(types, f) };
            align = align.max(a);
            at = at.div_ceil(a) * a + alloc_size(types, f);
        }
        at.div_ceil(align) * align
    };
    match types.get(t) {
        TypeData::Int(n) => u64::from(n.div_ceil(8)).next_power_of_two(),
        TypeData::Float(FloatKind::Half | FloatKind::BFloat) => 2,
        TypeData::Float(FloatKind::Float) => 4,
        TypeData::Float(FloatKind::Double) => 8,
        TypeData::Float(_) => 16,
        TypeData::Pointer { .. } => 8,
        TypeData::Vector { len, elem, .. } => {
            let bits = match types.get(*elem) {
                TypeData::Int(n) => u64::from(*n),
                TypeData::Float(k) => u64::from(k.bits()),
                _ => 64,
            };
            let bytes = (u64::from(*len) * bits).div_ceil(8);
            bytes.div_ceil(abi_align(types, t)) * abi_align(types, t)
        }
        TypeData::Array { len, elem } => len.saturating_mul(alloc_size(types, *elem)),
        TypeData::Struct(b) => fields_size(&b.fields, b.packed),
        TypeData::Named(n) => match &types.named(*n).body {
            Some(b) => fields_size(&b.fields, b.packed),
            None => 0,
        },
        _ => 0,
    }
}

/// Whether a value of type `t` at byte `offset` holds a `half` libNVVM's LLVM 7 path cannot
/// return: inside a packed struct, a `half` at an even offset or a vector of `half` anywhere.
fn packed_half(types: &crate::ir::types::Types, t: crate::ir::TypeId, offset: u64, packed: bool, depth: u32) -> bool {
    if depth > 64 {
        return false;
    }
    let is_half = |t| matches!(types.get(t), TypeData::Float(FloatKind::Half | FloatKind::BFloat));
    let fields = |fields: &[crate::ir::TypeId], p: bool| {
        let mut at = offset;
        for &f in fields {
            if !p {
                let a = abi_align(types, f);
                at = at.div_ceil(a) * a;
            }
            if packed_half(types, f, at, packed || p, depth + 1) {
                return true;
            }
            at += alloc_size(types, f);
        }
        false
    };
    match types.get(t) {
        TypeData::Float(FloatKind::Half | FloatKind::BFloat) => packed && offset.is_multiple_of(2),
        TypeData::Vector { elem, .. } => packed && is_half(*elem),
        TypeData::Array { len, elem } => {
            let size = alloc_size(types, *elem);
            (0..(*len).min(64)).any(|k| packed_half(types, *elem, offset + k * size, packed, depth + 1))
        }
        TypeData::Struct(b) => fields(&b.fields, b.packed),
        TypeData::Named(n) => match &types.named(*n).body {
            Some(b) => fields(&b.fields, b.packed),
            None => false,
        },
        _ => false,
    }
}

/// Refuses a function that returns a packed struct holding a `half` at an even offset, or a
/// vector of `half`: libNVVM's LLVM 7 path fails on it ("unsupported operation"; measured at
/// compute_90 for `<{ half }>`, `<{ i16, half }>`, `<{ i8, <2 x half> }>`, …, while
/// `<{ i8, half }>`, `{ half, half }` and every such parameter compile).
fn packed_half_results(m: &Module) -> Result<(), PassError> {
    for (_, f) in m.functions.iter() {
        let TypeData::Function { ret, .. } = m.types.get(f.ty) else { continue };
        if packed_half(&m.types, *ret, 0, false, 0) {
            return Err(PassError::at(
                f,
                None,
                format!(
                    "returning {} (a half at an even offset, or a vector of half, in a packed struct) has no form \
                     libNVVM's LLVM 7 path compiles",
                    m.types.to_string(*ret)
                ),
            ));
        }
    }
    Ok(())
}

/// `llvm.ptrmask` (LLVM 10+) as `ptrtoint`, `and`, `inttoptr`.
fn lower_ptrmask(m: &mut Module) {
    use crate::ir::instruction::{BinOp, CastOp};
    use crate::ir::Instruction;
    rewrite_instructions(m, |m, fid, id, names, out| {
        let f = &m.functions[fid];
        let kind = &f.insts[id].kind;
        let found = match kind {
            InstKind::Call { call, .. }
                if call.args.len() == 2 && called_name(m, kind).is_some_and(|n| n.starts_with("llvm.ptrmask.")) =>
            {
                Some((call.args[0].ty, call.args[0].value, call.args[1].ty, call.args[1].value))
            }
            _ => None,
        };
        let Some((pty, p, ity, mask)) = found else {
            return false;
        };
        if !matches!(m.types.get(pty), TypeData::Pointer { .. }) || !matches!(m.types.get(ity), TypeData::Int(_)) {
            return false;
        }
        let f = &mut m.functions[fid];
        let cast = |op, from, value| InstKind::Cast { op, flags: 0, fmf: FastMath::default(), from, value };
        let name = names.fresh("ptrmask.int");
        let int = f.push_inst(Instruction { ty: ity, kind: cast(CastOp::PtrToInt, pty, p), metadata: None }, name);
        let name = names.fresh("ptrmask.and");
        let kind =
            InstKind::Binary { op: BinOp::And, flags: 0, fmf: FastMath::default(), lhs: Value::Inst(int), rhs: mask };
        let and = f.push_inst(Instruction { ty: ity, kind, metadata: None }, name);
        f.insts[id].kind = cast(CastOp::IntToPtr, ity, Value::Inst(and));
        out.extend([int, and, id]);
        true
    });
}

/// After a block is split, the phis of the successors of `term` (the terminator that moved to
/// `to`) take their incoming edges from `to` instead of `from`.
fn phis_now_come_from(f: &mut Function, term: InstId, from: BlockId, to: BlockId) {
    let mut succ = Vec::new();
    f.insts[term].kind.for_each_successor(|s| succ.push(s));
    for s in succ {
        for k in 0..f.blocks[s].insts.len() {
            let i = f.blocks[s].insts[k];
            if let InstKind::Phi { incoming, .. } = &mut f.insts[i].kind {
                for (_, b) in incoming.iter_mut() {
                    if *b == from {
                        *b = to;
                    }
                }
            }
        }
    }
}
