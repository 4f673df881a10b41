//! Function and instruction rules, function by function in module order: a function's own
//! properties first, then its instructions in layout order (libNVVM's reporting order).

use crate::intrinsics::{self, Rule};
use crate::module::{global_of, pointer_space, unsupported_type_in};
use crate::{Cx, Findings, Location, Path};
use nvir_llvm::ir::attrs::Attr;
use nvir_llvm::ir::instruction::{CastOp, RmwOp};
use nvir_llvm::ir::module::FuncId;
use nvir_llvm::ir::{FloatKind, Function, InstKind, TypeData, TypeId, Value};

/// Function attributes libNVVM refuses, in the order it checks them.
const REFUSED_ATTRS: &[&str] = &[
    "jumptable",
    // libNVVM's order, both paths: every pair on one function in both spelling orders, and in
    // an attribute group, reports the earlier in this list (measured, `attrorder/`).
    "nonlazybind",
    "naked",
    "noimplicitfloat",
    "noredzone",
    "returns_twice",
    "ssp",
    "sspreq",
    "sspstrong",
    "uwtable",
    "nobuiltin",
    "sanitize_address",
    "sanitize_memory",
    "sanitize_thread",
    "alignstack",
    "safestack",
];

/// Whether the path verifies the function ([`Cx::dropped`]).
fn verified(cx: &Cx, f: FuncId) -> bool {
    !cx.function_dropped(f)
}

/// What [`check_llvm_first`] reads besides each function.
pub(crate) struct LlvmFirst {
    stack: u32,
    invariant_group: Option<nvir_llvm::ir::MdKind>,
}

impl LlvmFirst {
    pub(crate) fn new(cx: &Cx) -> LlvmFirst {
        LlvmFirst {
            stack: crate::module::alloca_space(cx.m),
            invariant_group: cx.m.metadata.find_kind("invariant.group").filter(|_| !cx.llvm7()),
        }
    }
}

/// The rules of LLVM's own verifier that libNVVM runs before any of its own, function by
/// function (measured by putting two problems in one module, in both orders): attributes, and
/// on the LLVM 7 path allocas outside the stack address space. One function's; all functions'
/// with the other per-function passes, [`check_each_function`].
fn check_llvm_first(cx: &Cx, first: &LlvmFirst, id: FuncId, f: &Function, out: &mut Findings) {
    let LlvmFirst { stack, invariant_group } = *first;
    {
        if !verified(cx, id) {
            return;
        }
        // The modern path's reader turns `grid_constant` annotations into parameter attributes,
        // which LLVM's verifier checks first (measured, `nameorder/grid_constant_*`), of a
        // function it keeps whatever its uses: not of a local, `linkonce` or
        // `available_externally` one (`gridlink/`).
        if cx.target.path == Path::Modern && !crate::module::discardable(f.props.linkage) {
            let last = f.params.len() as u64;
            if cx.grid_constants.iter().any(|(k, idx)| **k == *f.name && idx.iter().any(|&i| i > last)) {
                let at = Location::Function { name: f.name.to_string(), offset: f.source.start };
                out.error("llvm-attr-position", "Attribute after last parameter!", at);
                out.help(format!("grid_constant lists parameters by 1-based index; @{} has {last}", f.name));
            }
        }
        crate::attrs::check_function(cx, f, out);
        if !f.is_definition {
            return;
        }
        // LLVM 22's verifier: a `naked` function's parameters have no uses, after its attributes
        // and before its instructions (measured, the `naked/` axis: every kind of use refused on
        // the modern path, none on the LLVM 7 one, which refuses `naked` itself later).
        if !cx.llvm7() && !f.params.is_empty() && naked(cx, f) && uses_a_parameter(f) {
            let at = Location::Function { name: f.name.to_string(), offset: f.source.start };
            out.error("llvm-naked-argument", "cannot use argument of naked function", at);
            out.help("a naked function's body cannot read its parameters: drop `naked`, or read them in inline asm");
        }
        // LLVM's verifier, before the instructions; so before every name, layout and triple
        // problem (measured on the modern path, `tripleorder/*intrinsic_defined*`; the LLVM 7
        // path prints nothing for it).
        if f.name.starts_with("llvm.") {
            let at = Location::Function { name: f.name.to_string(), offset: f.source.start };
            out.error("nvvm-intrinsic-definition", "llvm intrinsics cannot be defined!", at);
            out.help("names starting with `llvm.` are reserved for intrinsics: rename the function");
        }
        for &b in &f.layout {
            for &i in &f.blocks[b].insts {
                let at = || Location::instruction(f, b, i);
                // LLVM 22's verifier (`calls/invariant_group_*`; LLVM 7 had no such rule).
                if let Some(k) = invariant_group {
                    let kind = &f.insts[i].kind;
                    if !matches!(kind, InstKind::Load { .. } | InstKind::Store { .. })
                        && f.metadata_of(&f.insts[i]).iter().any(|a| a.kind == k)
                    {
                        out.error("llvm-inst-md", "invariant.group metadata is only for loads and stores", at());
                    }
                }
                match &f.insts[i].kind {
                    InstKind::Alloca { addr_space, .. } if cx.llvm7() && addr_space.unwrap_or(0) != stack => {
                        out.error(
                            "nvvm-alloca-addrspace",
                            "Allocation instruction pointer not in the stack address space!",
                            at(),
                        );
                    }
                    InstKind::Load { ty, atomic: Some(_), .. } | InstKind::Store { ty, atomic: Some(_), .. } => {
                        let what = if matches!(f.insts[i].kind, InstKind::Load { .. }) { "load" } else { "store" };
                        atomic_access(cx, *ty, what, out, &at);
                    }
                    // LLVM's verifier (both paths): an index into a type with no size (the
                    // readers refuse one with indices themselves).
                    InstKind::GetElementPtr { source_ty, .. } if crate::syntax::modern_unsized(cx.m, *source_ty, 0) => {
                        out.error("llvm-gep-unsized", "GEP into unsized type!", at());
                    }
                    InstKind::CmpXchg(x)
                        if !matches!(cx.m.types.get(x.ty), TypeData::Int(_) | TypeData::Pointer { .. }) =>
                    {
                        out.error("llvm-cmpxchg-type", "cmpxchg operand must have integer or pointer type", at());
                        out.help("compare and swap the value's bits: bitcast it to an integer of its width");
                    }
                    InstKind::CmpXchg(x) => atomic_size(atomic_bits(cx.m, x.ty), out, &at),
                    // Sizes the readers let through (`i1`: a byte stored).
                    InstKind::AtomicRmw { ty, .. } => atomic_size(atomic_bits(cx.m, *ty), out, &at),
                    InstKind::Call { call, tail, .. } => {
                        if let Some(message) = asm_elementtype_problem(cx, call) {
                            out.error("llvm-asm-elementtype", message, at());
                            out.help("give each indirect operand (`*m`, `=*m`) an `elementtype(T)` attribute, and no other operand one; `nvir print --syntax modern` adds them to typed text");
                        }
                        if mistyped_intrinsic_call(cx, id, call) {
                            out.error("llvm-intrinsic-signature", "Intrinsic called with incompatible signature", at());
                            out.help("call the intrinsic through the type it is declared with");
                        } else if let Some(msg) = modern_signature_problem(cx, call) {
                            out.error("llvm-intrinsic-signature", msg, at());
                        }
                        crate::attrs::check_call_types(cx, call, f.insts[i].ty, out, &at);
                        if inalloca_mismatch(cx, f, call) {
                            out.error("llvm-inalloca", "inalloca argument for call has mismatched alloca", at());
                        }
                        if let Some(message) = swifterror_arg_problem(cx, f, call) {
                            out.error("llvm-swifterror", message, at());
                        }
                        if *tail == nvir_llvm::ir::instruction::TailKind::MustTail {
                            if let Some(message) = musttail_problem(cx, f, b, i, call) {
                                out.error("llvm-musttail", message, at());
                            }
                        }
                    }
                    InstKind::Invoke { call, .. } => crate::attrs::check_call_types(cx, call, f.insts[i].ty, out, &at),
                    _ => {}
                }
            }
        }
    }
}

/// LLVM 22's verifier on an inline-asm call's operands (measured, `asmindirect/`): each indirect
/// operand (`*m`, `=*m`, `*r`, …) has an `elementtype`, in typed text (whose upgrade gives it
/// none) and opaque text alike, and no direct operand has one; with the instructions, so before
/// every name, layout and triple problem and an earlier function's NVVM problems.
fn asm_elementtype_problem(cx: &Cx, call: &nvir_llvm::ir::instruction::CallSite) -> Option<&'static str> {
    let Value::Asm(a) = call.callee else { return None };
    if cx.llvm7() {
        return None;
    }
    let m = cx.m;
    let constraints = String::from_utf8_lossy(&m.asms[a].constraints);
    // The arguments go, in order, to indirect outputs (`=*m`) and inputs; direct outputs (`=r`)
    // are the result and clobbers (`~{…}`) take nothing.
    let takes_arg = |c: &&str| c.starts_with("=*") || !(c.starts_with('=') || c.starts_with('~'));
    for (c, arg) in constraints.split(',').filter(takes_arg).zip(&call.args) {
        let typed = m.attrs[arg.attrs].0.iter().any(|a| a.kind().is_some_and(|k| k.info().name == "elementtype"));
        let indirect = c.starts_with('*') || c.starts_with("=*");
        if indirect && !typed {
            return Some("Operand for indirect constraint must have elementtype attribute");
        }
        if !indirect && typed {
            return Some("Elementtype attribute can only be applied for indirect constraints");
        }
    }
    None
}

/// LLVM 22's verifier on a call of an intrinsic through another function type than its
/// declaration's, declared after the caller (one declared before is refused as a use of the
/// declaration first, [`crate::module::mistyped_callee`]; measured, `intruser/`).
fn mistyped_intrinsic_call(cx: &Cx, caller: FuncId, call: &nvir_llvm::ir::instruction::CallSite) -> bool {
    let Value::Const(c) = call.callee else { return false };
    cx.target.path == Path::Modern
        && crate::module::mistyped_callee(cx.m, c, call.fn_ty).is_some_and(|d| {
            cx.m.functions[d].name.starts_with("llvm.")
                && (d.index() > caller.index() || crate::module::renamed_by_upgrade(cx.m, d))
        })
}

/// LLVM 22's check of an intrinsic call's declaration against the intrinsic's signature, which
/// libNVVM's modern path runs before its own name, layout and triple rules (measured,
/// `intruser/*_badname_*`); the LLVM 7 path checks it with the instructions ([`check_call`]).
fn modern_signature_problem(cx: &Cx, call: &nvir_llvm::ir::instruction::CallSite) -> Option<String> {
    let Value::Const(c) = call.callee else { return None };
    if cx.llvm7() || crate::module::mistyped_callee(cx.m, c, call.fn_ty).is_some() {
        return None;
    }
    // A retired NVVM name the reader rewrites is checked by what it becomes ([`check_call`]).
    let (name, callee) = cx.callee(c).filter(|(_, k)| k.intrinsic && !k.rebuilt_nvvm)?;
    let sig = callee.lookup?.1;
    cx.signature_mismatch(name, call.fn_ty, sig)
}

/// LLVM's verifier on a call whose last argument is `inalloca` (at the call or on the callee):
/// an `alloca` passed there is itself `inalloca` (`calls/inalloca_mismatch*`, both paths).
fn inalloca_mismatch(cx: &Cx, f: &Function, call: &nvir_llvm::ir::instruction::CallSite) -> bool {
    let Some(last) = call.args.last() else { return false };
    let callee = match call.callee {
        // By the callee's symbol: a search of the functions by name for every call made this
        // rule quadratic in the module (380 M of 1,029 M instructions on a 5 MB module).
        Value::Const(c) => crate::module::symbol_of(cx.m, c).and_then(|s| match cx.m.symbols[s].def {
            Some(nvir_llvm::ir::module::GlobalDef::Func(id)) => Some((id, &cx.m.functions[id])),
            _ => None,
        }),
        _ => None,
    };
    let marked = crate::attrs::has(cx, last.attrs, "inalloca")
        || callee
            .and_then(|(_, g)| g.params.get(call.args.len() - 1))
            .is_some_and(|p| crate::attrs::has(cx, p.attrs, "inalloca"));
    if !marked {
        return false;
    }
    let mut v = last.value;
    for _ in 0..8 {
        let Value::Inst(i) = v else { return false };
        match &f.insts[i].kind {
            InstKind::Alloca { inalloca, .. } => return !inalloca,
            InstKind::Cast { op: CastOp::BitCast, value, .. } => v = *value,
            _ => return false,
        }
    }
    false
}

/// LLVM's verifier on an argument passed `swifterror` (at the call or on the callee; measured,
/// `llvm7/musttail_*_swifterror`, both paths): a `swifterror` alloca or parameter of the caller.
fn swifterror_arg_problem(cx: &Cx, f: &Function, call: &nvir_llvm::ir::instruction::CallSite) -> Option<&'static str> {
    if !cx.swifterror {
        return None;
    }
    // Only a caller or callee that has `swifterror` somewhere needs the callee looked up: most
    // calls pass no attribute at all.
    let marked_here = call.args.iter().any(|a| crate::attrs::has(cx, a.attrs, "swifterror"));
    let callee = match call.callee {
        Value::Const(c) => crate::module::symbol_of(cx.m, c).and_then(|s| match cx.m.symbols[s].def {
            Some(nvir_llvm::ir::module::GlobalDef::Func(id)) => Some(&cx.m.functions[id]),
            _ => None,
        }),
        _ => None,
    };
    for (j, a) in call.args.iter().enumerate() {
        let marked = (marked_here && crate::attrs::has(cx, a.attrs, "swifterror"))
            || callee.and_then(|g| g.params.get(j)).is_some_and(|p| crate::attrs::has(cx, p.attrs, "swifterror"));
        if !marked {
            continue;
        }
        let mut v = a.value;
        for _ in 0..8 {
            match v {
                Value::Inst(i) => match &f.insts[i].kind {
                    InstKind::Cast { op: CastOp::BitCast, value, .. } => v = *value,
                    InstKind::Alloca { swifterror, .. } => {
                        return (!swifterror).then_some("swifterror argument for call has mismatched alloca");
                    }
                    _ => return Some("swifterror argument should come from an alloca or parameter"),
                },
                Value::Arg(k) => {
                    let ok = f.params.get(k as usize).is_some_and(|p| crate::attrs::has(cx, p.attrs, "swifterror"));
                    return (!ok).then_some("swifterror argument for call has mismatched parameter");
                }
                _ => return Some("swifterror argument should come from an alloca or parameter"),
            }
        }
    }
    None
}

/// Whether two types are the same for a `musttail` call: equal, or pointers (of any pointee)
/// in one address space.
fn congruent(cx: &Cx, a: TypeId, b: TypeId) -> bool {
    a == b
        || matches!((cx.m.types.get(a), cx.m.types.get(b)),
            (TypeData::Pointer { addr_space: x, .. }, TypeData::Pointer { addr_space: y, .. }) if x == y)
}

/// The attributes of a parameter that change how it is passed (LLVM's
/// `getParameterABIAttributes`), as names.
fn abi_attrs(cx: &Cx, set: nvir_llvm::ir::AttrSetId) -> Vec<String> {
    const ABI: &[&str] = &[
        "sret",
        "byval",
        "inalloca",
        "inreg",
        "alignstack",
        "swiftself",
        "swiftasync",
        "swifterror",
        "preallocated",
        "byref",
    ];
    // LLVM 7's list (measured, `llvm7/musttail_*`): `returned` too, and an alignment whatever
    // else the parameter has.
    const ABI7: &[&str] = &["sret", "byval", "inalloca", "inreg", "returned", "swiftself", "swifterror", "align"];
    let attrs = &cx.m.attrs[set].0;
    let byval = attrs.iter().any(|a| attr_name(a) == Some("byval"));
    let llvm7 = cx.llvm7();
    let mut v: Vec<String> = attrs
        .iter()
        .filter(|a| {
            attr_name(a).is_some_and(|n| {
                if llvm7 {
                    ABI7.contains(&n)
                } else {
                    ABI.contains(&n) || (byval && n == "align")
                }
            })
        })
        .map(|a| format!("{a:?}"))
        .collect();
    v.sort();
    v
}

/// LLVM's verifier on a `musttail` call (`calls/musttail_*`, both paths): the caller's and the
/// callee's prototypes, calling conventions and ABI attributes agree, and the call is returned
/// at once; `tailcc` and `swifttailcc` callers and callees pass nothing `inalloca`, `inreg`,
/// `swifterror`, `preallocated` or `byref`.
fn musttail_problem(
    cx: &Cx,
    f: &Function,
    b: nvir_llvm::ir::BlockId,
    i: nvir_llvm::ir::InstId,
    call: &nvir_llvm::ir::instruction::CallSite,
) -> Option<String> {
    let m = cx.m;
    if matches!(call.callee, Value::Asm(_)) {
        return Some("cannot use musttail call with inline asm".into());
    }
    let (
        TypeData::Function { ret: caller_ret, params: caller_params, vararg: caller_va },
        TypeData::Function { ret: callee_ret, params: callee_params, vararg: callee_va },
    ) = (m.types.get(f.ty), m.types.get(call.fn_ty))
    else {
        return None;
    };
    if caller_va != callee_va {
        return Some("cannot guarantee tail call due to mismatched varargs".into());
    }
    if !congruent(cx, *caller_ret, *callee_ret) {
        return Some("cannot guarantee tail call due to mismatched return types".into());
    }
    if f.cc != call.cc {
        return Some("cannot guarantee tail call due to mismatched calling conv".into());
    }
    // The next instruction: a `ret` (of the call's value, or nothing), or a bitcast of the
    // value and then that.
    let insts = &f.blocks[b].insts;
    let pos = insts.iter().position(|&x| x == i)?;
    let mut next = insts.get(pos + 1).copied();
    let mut value = Value::Inst(i);
    if let Some(n) = next {
        if let InstKind::Cast { op: nvir_llvm::ir::instruction::CastOp::BitCast, value: v, .. } = &f.insts[n].kind {
            if *v == value {
                value = Value::Inst(n);
                next = insts.get(pos + 2).copied();
            }
        }
    }
    match next.map(|n| &f.insts[n].kind) {
        Some(InstKind::Ret(v)) => {
            let undef = |v: Value| matches!(v, Value::Const(c) if matches!(m.consts[c], nvir_llvm::ir::ConstData::Undef(_) | nvir_llvm::ir::ConstData::Poison(_)));
            if v.is_some_and(|v| v != value && !undef(v)) {
                return Some("musttail call result must be returned".into());
            }
        }
        _ => return Some("musttail call must precede a ret with an optional bitcast".into()),
    }
    if matches!(call.cc, 18 | 20) {
        let name = if call.cc == 18 { "tailcc" } else { "swifttailcc" };
        let bad = |set: nvir_llvm::ir::AttrSetId| {
            ["inalloca", "inreg", "swifterror", "preallocated", "byref"]
                .into_iter()
                .find(|n| m.attrs[set].0.iter().any(|a| attr_name(a) == Some(n)))
        };
        for p in f.params.iter() {
            if let Some(n) = bad(p.attrs) {
                return Some(format!("{n} attribute not allowed in {name} musttail caller"));
            }
        }
        for a in call.args.iter() {
            if let Some(n) = bad(a.attrs) {
                return Some(format!("{n} attribute not allowed in {name} musttail callee"));
            }
        }
        if *caller_va {
            return Some(format!("cannot guarantee {name} tail call for varargs function"));
        }
        return None;
    }
    if caller_params.len() != callee_params.len() {
        return Some("cannot guarantee tail call due to mismatched parameter counts".into());
    }
    if caller_params.iter().zip(callee_params.iter()).any(|(&a, &b)| !congruent(cx, a, b)) {
        return Some("cannot guarantee tail call due to mismatched parameter types".into());
    }
    for (p, a) in f.params.iter().zip(call.args.iter()) {
        if abi_attrs(cx, p.attrs) != abi_attrs(cx, a.attrs) {
            return Some("cannot guarantee tail call due to mismatched ABI impacting function attributes".into());
        }
    }
    None
}

fn naked(cx: &Cx, f: &Function) -> bool {
    cx.m.attrs[f.fn_attrs].0.iter().any(|a| attr_name(a) == Some("naked"))
}

/// Whether an instruction of `f` uses one of its parameters.
fn uses_a_parameter(f: &Function) -> bool {
    f.insts.iter().any(|(_, inst)| {
        let mut used = false;
        inst.kind.for_each_operand(|v| used |= matches!(v, Value::Arg(_)));
        used
    })
}

/// The width in bits of a value an atomic instruction accesses: an integer, floating-point or
/// pointer value, or a vector of them; `None` for other types.
pub(crate) fn atomic_bits(m: &nvir_llvm::Module, ty: TypeId) -> Option<u64> {
    match m.types.get(ty) {
        TypeData::Int(w) => Some(u64::from(*w)),
        TypeData::Pointer { .. } => Some(64),
        TypeData::Float(k) => Some(u64::from(k.bits())),
        TypeData::Vector { len, elem, scalable: false } => match m.types.get(*elem) {
            TypeData::Vector { .. } => None,
            _ => atomic_bits(m, *elem).map(|b| b * u64::from(*len)),
        },
        _ => None,
    }
}

/// LLVM's verifier on an atomic load or store: an integer, pointer or floating-point value (the
/// modern path: or a vector of them) of a power-of-two size of at least a byte (measured, the
/// `atomictypes/` axis: the modern path names a byte type too).
fn atomic_access(cx: &Cx, ty: TypeId, what: &str, out: &mut Findings, at: &dyn Fn() -> Location) {
    let vector = matches!(cx.m.types.get(ty), TypeData::Vector { .. });
    let bits = atomic_bits(cx.m, ty).filter(|_| !(vector && cx.llvm7()));
    let Some(bits) = bits else {
        let kinds = if cx.llvm7() {
            "integer, pointer, or floating point"
        } else {
            "integer, byte, pointer, floating point, or vector"
        };
        out.error("llvm-atomic-type", format!("atomic {what} operand must have {kinds} type!"), at());
        out.help("load or store the value's bits as an integer of its width");
        return;
    };
    atomic_size(Some(bits), out, at);
}

/// LLVM's verifier on the size an atomic instruction accesses.
fn atomic_size(bits: Option<u64>, out: &mut Findings, at: &dyn Fn() -> Location) {
    let Some(bits) = bits else { return };
    if bits < 8 {
        out.error("llvm-atomic-type", "atomic memory access' size must be byte-sized", at());
    } else if !bits.is_power_of_two() {
        out.error("llvm-atomic-type", "atomic memory access' operand must have a power-of-two size", at());
    } else {
        return;
    }
    out.help("atomics access 8, 16, 32, 64 or 128 bits");
}

/// A function's own rules and instructions (with the other per-function passes,
/// [`check_each_function`]).
fn check_functions(cx: &Cx, id: FuncId, f: &Function, out: &mut Findings, llvm: &mut Findings) {
    if !verified(cx, id) {
        return;
    }
    check_function(cx, f, out);
    if f.is_definition {
        crate::structural::check(f, out);
        check_body(cx, f, out, llvm);
    }
}

/// LLVM's verifier's rules for an intrinsic's call (its declaration, immediate arguments and
/// argument rules, what an upgrade made of it): reported with LLVM's verifier, before libNVVM's
/// names and rules (measured, `nameorder/`: on both paths, before a badly named function
/// earlier or later in the module).
fn llvm_call_rule(code: &str) -> bool {
    matches!(
        code,
        "llvm-intrinsic-signature"
            | "llvm-memory-align"
            | "llvm-immarg"
            | "llvm-intrinsic-arg"
            | "llvm-assume-bundle"
            | "llvm-constrained-fp"
            | "llvm-intrinsic-upgrade"
            | "llvm-upgrade-value-type"
            | "llvm-attr-type"
    )
}

/// The per-function passes' findings, each pass's kept apart in module order
/// ([`check_each_function`]).
pub(crate) struct PerFunction {
    /// [`check_llvm_first`]'s.
    pub llvm_first: Findings,
    /// [`crate::llvmverifier::check_functions`]' first function's first problem.
    pub llvm: Option<Findings>,
    /// [`check_functions`]'.
    pub own: Findings,
    /// [`crate::compile::check`]'s per-function rules'.
    pub compile: Findings,
}

/// The per-function passes in one walk of the functions, on all cores: each function is read
/// once while it is in the cache, where four passes each read the whole module (on a 50 MB
/// module every pass missed the cache all the way). Each pass's findings are its own, in
/// module order, so they go where that pass's would ([`crate::verify`]); each function's are
/// its own (their per-code caps count in it; `cap_repeats` caps the whole), taken in a run of
/// functions' as they are made (a `Findings` kept per function until the end held 17.6 MB for
/// 200k declarations).
pub(crate) fn check_each_function(cx: &Cx) -> PerFunction {
    use rayon::prelude::*;
    let first = LlvmFirst::new(cx);
    let llvm = crate::llvmverifier::Prepared::new(cx);
    let compile = crate::compile::Prepared::new(cx);
    let functions: Vec<(FuncId, &Function)> = cx.m.functions.iter().collect();
    let runs: Vec<PerFunction> = functions
        .par_chunks(64)
        .map(|run| {
            let mut found = PerFunction {
                llvm_first: Findings::default(),
                llvm: None,
                own: Findings::default(),
                compile: Findings::default(),
            };
            for &(id, f) in run {
                let mut own = Findings::default();
                check_llvm_first(cx, &first, id, f, &mut own);
                found.llvm_first.absorb(own);
                if found.llvm.is_none() {
                    let mut own = Findings::default();
                    crate::llvmverifier::check_functions(cx, &llvm, id, f, &mut own);
                    found.llvm = (!own.0.is_empty()).then_some(own);
                }
                let mut own = Findings::default();
                let mut llvm_calls = Findings::default();
                check_functions(cx, id, f, &mut own, &mut llvm_calls);
                found.llvm_first.absorb(llvm_calls);
                found.own.absorb(own);
                let mut own = Findings::default();
                crate::compile::function_rules(cx, &compile, id, f, &mut own);
                found.compile.absorb(own);
            }
            found
        })
        .collect();
    let mut all = PerFunction {
        llvm_first: Findings::default(),
        llvm: None,
        own: Findings::default(),
        compile: Findings::default(),
    };
    for run in runs {
        all.llvm_first.absorb(run.llvm_first);
        if all.llvm.is_none() {
            all.llvm = run.llvm;
        }
        all.own.absorb(run.own);
        all.compile.absorb(run.compile);
    }
    all
}

fn check_function(cx: &Cx, f: &Function, out: &mut Findings) {
    let m = cx.m;
    let at = || Location::Function { name: f.name.to_string(), offset: f.source.start };
    let attrs = &m.attrs[f.fn_attrs].0;
    if f.prefix().is_some() {
        out.error("nvvm-fn-prefix", "Prefix data is not allowed.", at());
    }
    if f.prologue().is_some() {
        out.error("nvvm-fn-prologue", "Prologue data is not allowed.", at());
    }
    if f.personality().is_some() {
        out.error("nvvm-fn-personality", "Personality function is not allowed.", at());
        out.help("NVVM has no exception handling: no personality, invoke, landingpad or resume");
    }
    if f.gc().is_some() {
        out.error("nvvm-fn-gc", "GC names are not supported.", at());
    }
    if f.props.align.is_some() {
        out.error("nvvm-fn-align", "Explicit alignment is not allowed.", at());
    }
    // The function's attributes after its properties (measured, `fnproporder/`).
    for &refused in REFUSED_ATTRS.iter().filter(|_| !takes_intrinsic_attrs(cx, f)) {
        if attrs.iter().any(|a| attr_name(a) == Some(refused)) {
            out.error("nvvm-fn-attr", format!("{refused} function attribute is not supported."), at());
            out.help(format!("remove `{refused}` from the function (or its attribute group)"));
        }
    }
    if let Some(s) = f.props.section() {
        out.error("nvvm-fn-section", format!("Explicit section marker {s}is not allowed."), at());
    }
    if cx.llvm7() {
        let has = |n: &str| attrs.iter().any(|a| attr_name(a) == Some(n));
        if has("readnone") && has("inaccessiblememonly") {
            out.error("llvm-attr-conflict", "Attributes 'readnone and inaccessiblememonly' are incompatible!", at());
        }
    }
    if cx.kernels.contains(&*f.name) {
        if let TypeData::Function { ret, .. } = m.types.get(f.ty) {
            if !matches!(m.types.get(*ret), TypeData::Void) {
                out.error("nvvm-kernel-return", "non-void entry function.", at());
                out.help("kernels return void; pass results through a pointer parameter");
            }
        }
    }
    crate::warnings::function(cx, f, out);
}

/// Whether `f` declares an intrinsic the path's reader knows, which then has the intrinsic's
/// own attributes whatever the declaration says (measured, `intrattr/`: each refused attribute
/// on an NVVM and an LLVM intrinsic is taken on both paths, on a name no intrinsic has refused).
pub(crate) fn takes_intrinsic_attrs(cx: &Cx, f: &Function) -> bool {
    !f.is_definition && f.name.starts_with("llvm.") && intrinsics::lookup(&f.name, cx.target.path).is_some()
}

fn attr_name(a: &Attr) -> Option<&'static str> {
    a.kind().map(|k| k.info().name)
}

fn check_body(cx: &Cx, f: &Function, out: &mut Findings, llvm: &mut Findings) {
    let m = cx.m;
    for &b in &f.layout {
        let block = &f.blocks[b];
        for &i in &block.insts {
            let inst = &f.insts[i];
            let at = || Location::instruction(f, b, i);
            let space = |t: TypeId| pointer_space(m, t);
            // A use of a rebuilt NVVM call whose value has another type than the call's
            // (measured, `nvvmrebuild/*_used`; the LLVM 7 path's stores are typed).
            let use_of = match &inst.kind {
                InstKind::Ret(Some(v)) => {
                    Some((*v, "Function return type does not match operand type of return inst!"))
                }
                InstKind::Store { value, .. } if cx.llvm7() => {
                    Some((*value, "Stored value type does not match pointer operand type!"))
                }
                _ => None,
            };
            if let Some((v, msg)) = use_of {
                if rebuilt_value_retyped(cx, f, v) {
                    llvm.error("llvm-upgrade-value-type", msg, at());
                    llvm.help(
                        "the retired NVVM intrinsic is rewritten into IR whose value has another type than the call's",
                    );
                }
            }
            match &inst.kind {
                InstKind::Fence(_) if cx.llvm7() => {
                    out.error("nvvm-fence", "Illegal instruction: fence", at());
                    out.help("use a fence intrinsic such as llvm.nvvm.membar.gl, or target compute_100+ (or --nvvm-latest), whose reader accepts fence");
                }
                InstKind::IndirectBr { .. } => out.error("nvvm-indirectbr", "Illegal instruction: indirectbr", at()),
                InstKind::Load { ptr_ty, atomic, .. } | InstKind::Store { ptr_ty, atomic, .. } => {
                    if atomic.is_some() {
                        out.error("nvvm-atomic-load-store", "Atomic loads/stores are not supported", at());
                        out.help("use atomicrmw/cmpxchg, or a volatile access with a fence");
                    }
                    if cx.target.path == Path::Modern && space(*ptr_ty) == 6 {
                        out.error("nvvm-tensor-memory", "Tensor Memory loads/stores are not supported", at());
                    }
                }
                InstKind::AtomicRmw { op, .. }
                    if !cx.llvm7()
                        && matches!(
                            op,
                            RmwOp::USubCond
                                | RmwOp::USubSat
                                | RmwOp::FMaximum
                                | RmwOp::FMinimum
                                | RmwOp::FMaximumNum
                                | RmwOp::FMinimumNum
                        ) =>
                {
                    // Measured: the modern path lowers every other operation LLVM 22 has.
                    let k = op.keyword();
                    out.error("nvvm-atomic-op", format!("atomicrmw does not support operation: '{k}'."), at());
                    out.help("write the operation as a cmpxchg loop");
                }
                InstKind::AtomicRmw { op, ptr_ty, ty, .. } => {
                    // The LLVM 7 path refuses `nand` after the type's width, before i128's rule.
                    let nand = *op == RmwOp::Nand && cx.llvm7();
                    let mut typed = Findings::default();
                    let mut width_first = false;
                    if nand && matches!(m.types.get(*ty), TypeData::Int(32 | 64 | 128) | TypeData::Float(_)) {
                        typed.error("nvvm-atomic-op", "atomicrmw does not support operation.", at());
                    } else {
                        width_first = atomic_type(cx, *ty, Some(*op), &mut typed, &at) == AtomicType::BadWidth;
                        if nand {
                            typed.error("nvvm-atomic-op", "atomicrmw does not support operation.", at());
                        }
                    }
                    // A width other than 32, 64 or 128 bits first, then the address space, then
                    // i128's and `nand`'s rules (measured, `atomicorder/`: each operation × type ×
                    // address space, on both paths).
                    let space_ok = atomic_space(space(*ptr_ty));
                    if width_first {
                        out.absorb(std::mem::take(&mut typed));
                    }
                    if !space_ok {
                        out.error(
                            "nvvm-atomic-addrspace",
                            "atomicrmw pointer operand must point to generic, global, or shared address space",
                            at(),
                        );
                    }
                    out.absorb(typed);
                }
                InstKind::CmpXchg(x) => {
                    if !matches!(m.types.get(x.ty), TypeData::Int(_) | TypeData::Pointer { .. }) {
                        // The LLVM verifier's rule, reported with LLVM's ([`check_llvm_first`]).
                        continue;
                    }
                    atomic_type(cx, x.ty, None, out, &at);
                    if !atomic_space(space(x.ptr_ty)) {
                        out.error(
                            "nvvm-atomic-addrspace",
                            "cmpxchg pointer operand must point to generic, global, or shared address space",
                            at(),
                        );
                    }
                }
                InstKind::Cast { op: CastOp::AddrSpaceCast, from, .. } => {
                    // Measured over every pair of 0–9, 25, 101 and 1000 on both paths: the
                    // target is checked first, then the source, then the pair; shared (3) and
                    // the cluster's shared window (7) convert both ways.
                    let (src, dst) = (space(*from), space(inst.ty));
                    let castable = |s: u32| matches!(s, 0 | 1 | 3 | 4 | 5 | 7);
                    if !castable(dst) {
                        out.error("nvvm-addrspacecast", "Invalid target address space", at());
                    } else if !castable(src) {
                        out.error("nvvm-addrspacecast", "Invalid source address space", at());
                    } else if src != 0 && dst != 0 && src != dst && !matches!((src, dst), (3, 7) | (7, 3)) {
                        out.error(
                            "nvvm-addrspacecast",
                            "Cannot cast non-generic pointer to different non-generic pointer",
                            at(),
                        );
                        out.help("cast through the generic address space");
                    }
                }
                InstKind::Alloca { align, addr_space, .. } => {
                    // (The LLVM 7 path's rule is LLVM's, checked first: `check_llvm_first`.)
                    if !cx.llvm7() && addr_space.is_some_and(|s| s != 0) {
                        out.error(
                            "nvvm-alloca-addrspace",
                            "Allocas are not supported on address spaces except Generic",
                            at(),
                        );
                    }
                    if align.is_some_and(|a| a.bytes() > 1 << 23) {
                        out.error("nvvm-alloca-align", "alloca align must be <= 2^23", at());
                    }
                }
                InstKind::Call { call, .. } | InstKind::Invoke { call, .. } => {
                    // LLVM 22's verifier: kernels (ptx_kernel, spir_kernel, amdgpu_kernel) are
                    // not called.
                    // (Measured, `calls/cc_call_*`: the AMD GPU shader and chain conventions too.)
                    if !cx.llvm7() && matches!(call.cc, 71 | 76 | 87..=91 | 93 | 95 | 96 | 104 | 105) {
                        out.error("llvm-call-cc", "calling convention does not permit calls", at());
                    }
                    crate::attrs::check_call_site(cx, call.fn_attrs, out, &at);
                    crate::attrs::check_call_args(cx, call, out, &at);
                    let mut found = Findings::default();
                    check_call(cx, f, call, Some(inst.ty), &mut found, &at);
                    // Most calls find nothing: nothing to split.
                    if !found.counted_none() {
                        llvm.absorb(found.take_codes(llvm_call_rule));
                        out.absorb(found);
                    }
                }
                _ => {}
            }
            for a in f.metadata_of(inst) {
                let kind = m.metadata.kind_name(a.kind);
                // LLVM's TBAA verifier: a tag only on memory accesses and calls
                // (`mdrules/tbaa_*`, both paths).
                let accesses = matches!(
                    inst.kind,
                    InstKind::Load { .. }
                        | InstKind::Store { .. }
                        | InstKind::Call { .. }
                        | InstKind::VaArg { .. }
                        | InstKind::AtomicRmw { .. }
                        | InstKind::CmpXchg(_)
                );
                if kind == "tbaa" && !accesses {
                    out.error("llvm-tbaa", "This instruction shall not have a TBAA access tag!", at());
                } else if kind == "tbaa" {
                    if let Some(message) = crate::tbaa::check_tag(m, a.node) {
                        out.error("llvm-tbaa", message, at());
                    }
                }
                if kind == "callalign" && !md_all_ints(m, a.node) {
                    out.error("nvvm-callalign", "callalign metadata operands not integer literals", at());
                }
                // LLVM's verifier on load metadata (both paths), and, on the modern path, on
                // scope lists and profile data.
                let pointer = matches!(m.types.get(inst.ty), TypeData::Pointer { .. });
                let ops = match m.metadata.get(a.node) {
                    nvir_llvm::ir::MdNode::Tuple { ops, .. } => &ops[..],
                    _ => &[],
                };
                let is_load = matches!(inst.kind, InstKind::Load { .. });
                if is_load && kind == "nonnull" && !pointer {
                    out.error("llvm-metadata", "nonnull applies only to pointer types", at());
                } else if is_load && matches!(kind, "dereferenceable" | "dereferenceable_or_null") && !pointer {
                    out.error(
                        "llvm-metadata",
                        "dereferenceable, dereferenceable_or_null apply only to pointer types",
                        at(),
                    );
                } else if !cx.llvm7() && matches!(kind, "alias.scope" | "noalias") {
                    let nodes = ops
                        .iter()
                        .all(|o| o.is_some_and(|o| matches!(m.metadata.get(o), nvir_llvm::ir::MdNode::Tuple { .. })));
                    if !nodes {
                        out.error("llvm-metadata", "scope list must consist of MDNodes", at());
                    }
                } else if !cx.llvm7() && kind == "prof" {
                    let named = ops
                        .first()
                        .copied()
                        .flatten()
                        .is_some_and(|o| matches!(m.metadata.get(o), nvir_llvm::ir::MdNode::String(_)));
                    if !named {
                        out.error("llvm-metadata", "expected string with name of the !prof annotation", at());
                    }
                }
            }
            // Types are walked only where the module has a type libNVVM refuses.
            if cx.unsupported_types {
                // `pointees`: looking through typed pointers (LLVM 7's verifier does; its
                // compiler lowers such a pointer wherever it is, `fpbehind/`).
                let refused = |pointees: bool| -> Option<&'static str> {
                    let on = |t| unsupported_type_in(m, t, pointees && cx.llvm7());
                    if let InstKind::Call { call, .. } = &inst.kind {
                        // A call's result, then its arguments, as any instruction's (measured,
                        // the `fpcalls/` axis); inline asm and intrinsics have their own rules.
                        let intrinsic = match call.callee {
                            // Inline asm checks its operands itself ("Invalid type in inline
                            // assembly"), not its result (`asmwide/out_*`: an `fp128`,
                            // `x86_fp80` or `ppc_fp128` result, or an aggregate of them).
                            Value::Asm(_) => return on(inst.ty),
                            Value::Const(c) => global_of(m, c).is_some_and(|n| n.starts_with("llvm.")),
                            _ => false,
                        };
                        if intrinsic {
                            return None;
                        }
                        return on(inst.ty).or_else(|| call.args.iter().find_map(|a| on(a.ty)));
                    }
                    // The result, what an alloca allocates or a getelementptr steps over (on both
                    // paths, `fpbehind/gep_*`), then the operands (a comparison or conversion of
                    // an fp128 is refused as its arithmetic is).
                    let mut refused = on(inst.ty);
                    if let InstKind::Alloca { ty, .. } | InstKind::GetElementPtr { source_ty: ty, .. } = &inst.kind {
                        refused = refused.or_else(|| on(*ty));
                    }
                    if refused.is_none() {
                        inst.kind.for_each_operand(|v| {
                            if refused.is_none() {
                                refused = value_type(m, f, v).and_then(on);
                            }
                        });
                    }
                    refused
                };
                if let Some(t) = refused(true) {
                    let asm = matches!(&inst.kind, InstKind::Call { call, .. } if matches!(call.callee, Value::Asm(_)));
                    let code = match refused(false) {
                        Some(_) if asm => "nvvm-asm-result-type",
                        Some(_) => "nvvm-type",
                        None => "nvvm-pointee-type",
                    };
                    out.error(code, format!("{t} type is not supported"), at());
                }
            }
            let mut block_address = false;
            inst.kind.for_each_operand(|v| {
                if let Value::Const(c) = v {
                    block_address |= matches!(m.consts[c], nvir_llvm::ir::ConstData::BlockAddress { .. });
                }
            });
            if block_address {
                out.error("nvvm-blockaddress", "blockaddress is not supported", at());
            }
        }
    }
}

/// A value operand's type (metadata and inline asm have none here).
fn value_type(m: &nvir_llvm::Module, f: &Function, v: Value) -> Option<TypeId> {
    match v {
        Value::Const(c) => Some(m.const_ty(c)),
        Value::Arg(a) => f.params.get(a as usize).map(|p| p.ty),
        Value::Inst(i) => f.insts.get(i).map(|i| i.ty),
        _ => None,
    }
}

/// The address spaces atomics may point to: generic, global, shared and the cluster's shared
/// window (measured: 2, 4, 5, 6 and 101 are refused on both paths).
fn atomic_space(s: u32) -> bool {
    matches!(s, 0 | 1 | 3 | 7)
}

/// Atomic operand types: i32, i64 and (xchg only, for atomicrmw) i128; floats go to the
/// floating-point atomics.
/// What [`atomic_type`] found: the order of the atomic rules depends on whether the type's width
/// was the problem.
#[derive(Clone, Copy, PartialEq, Eq)]
enum AtomicType {
    /// Taken, or refused for the operation on it (i128's and fp128's rules).
    Checked,
    /// Refused for its width: not 32, 64 or 128 bits.
    BadWidth,
}

fn atomic_type(cx: &Cx, ty: TypeId, op: Option<RmwOp>, out: &mut Findings, at: &dyn Fn() -> Location) -> AtomicType {
    use nvir_llvm::ir::FloatKind;
    let fp_op = op.is_some_and(RmwOp::is_float);
    match cx.m.types.get(ty) {
        // Measured on the modern path (`atomictypes/`): `xchg` of a pointer, the floating-point
        // operations on vectors of floats.
        TypeData::Pointer { .. } if op == Some(RmwOp::Xchg) && !cx.llvm7() => {}
        // A 16-byte vector is refused `fadd` as fp128 is (measured, `atomicsizes/`).
        TypeData::Vector { elem, len, scalable: false }
            if op == Some(RmwOp::FAdd)
                && !cx.llvm7()
                && matches!(cx.m.types.get(*elem), TypeData::Float(k) if k.bits() * len > 64) =>
        {
            out.error("nvvm-atomic-op", "atomicrmw does not support operation: 'fadd'.", at());
        }
        TypeData::Vector { .. } if fp_op && !cx.llvm7() => {}
        TypeData::Float(FloatKind::Fp128) if op == Some(RmwOp::FAdd) => {
            out.error("nvvm-atomic-op", "atomicrmw does not support operation: 'fadd'.", at());
        }
        TypeData::Float(FloatKind::Fp128) if op.is_some_and(|o| o != RmwOp::Xchg) => {
            out.error("nvvm-atomic-type", "Atomic operations on i128 types are only supported for xchg operation", at())
        }
        TypeData::Int(32 | 64) | TypeData::Float(_) => {}
        TypeData::Int(128) => {
            if op.is_some_and(|o| o != RmwOp::Xchg) {
                out.error(
                    "nvvm-atomic-type",
                    "Atomic operations on i128 types are only supported for xchg operation",
                    at(),
                );
            } else {
                crate::warnings::i128_atomic(cx, out, at);
            }
        }
        _ => {
            out.error("nvvm-atomic-type", "Atomic operations on non-i32/i64/i128 types are not supported", at());
            return AtomicType::BadWidth;
        }
    }
    AtomicType::Checked
}

/// LLVM 22's masked load, store, gather and scatter take their alignment as an `align`
/// attribute on the address, which LLVM's verifier checks before the intrinsic's signature: an
/// address that is not a pointer (or a vector of them) with such an attribute — written, or put
/// there by the reader's upgrade of the old form's alignment argument — is refused for the
/// attribute (measured: `axes.py`'s `masked/` group).
fn masked_address_problem(cx: &Cx, name: &str, call: &nvir_llvm::ir::instruction::CallSite) -> Option<String> {
    let (_, align, addr) = intrinsics::masked_memory(name)?;
    let a = call.args.get(addr)?;
    let pointers = match cx.m.types.get(a.ty) {
        TypeData::Pointer { .. } => true,
        TypeData::Vector { elem, .. } => matches!(cx.m.types.get(*elem), TypeData::Pointer { .. }),
        _ => false,
    };
    if pointers {
        return None;
    }
    if call.args.len() == 4 {
        let n = call.args.get(align).and_then(|v| const_arg(cx.m, v.value))?;
        return Some(format!("Attribute 'align {n}' applied to incompatible type!"));
    }
    let align = cx.m.attrs[a.attrs].0.iter().find_map(|x| match x {
        nvir_llvm::ir::attrs::Attr::Int(k, n) if k.info().name == "align" => Some(*n),
        _ => None,
    })?;
    Some(format!("Attribute 'align {align}' applied to incompatible type!"))
}

/// LLVM 22's verifier on `llvm.assume`'s operand bundles, each in order (measured: `assume/`):
/// the tag is `ignore` (anything), `separate_storage` (two pointers), or one of the attributes
/// an assumption can carry, each with its operands — `align` a pointer and one or two integers
/// of at most 64 bits, `dereferenceable` and `dereferenceable_or_null` a pointer and one,
/// `nonnull` a pointer, `noundef` one value, `cold` none; any other tag, attribute or not, is
/// refused.
fn assume_bundle_problem(cx: &Cx, call: &nvir_llvm::ir::instruction::CallSite) -> Option<&'static str> {
    let types = &cx.m.types;
    let pointer = |t: TypeId| matches!(types.get(t), TypeData::Pointer { .. });
    let int64 = |t: TypeId| types.int_width(t).is_some_and(|w| w <= 64);
    for b in call.bundles.iter() {
        let ops: Vec<TypeId> = b.inputs.iter().map(|(t, _)| *t).collect();
        let n = ops.len();
        match &*b.tag {
            "ignore" => {}
            "separate_storage" => {
                if n != 2 {
                    return Some("separate_storage assumptions should have 2 arguments");
                }
                if !(pointer(ops[0]) && pointer(ops[1])) {
                    return Some("arguments to separate_storage assumptions should be pointers");
                }
            }
            "align" => {
                if !(2..=3).contains(&n) {
                    return Some("alignment assumptions should have 2 or 3 arguments");
                }
                if !pointer(ops[0]) {
                    return Some("first argument should be a pointer");
                }
                if !int64(ops[1]) {
                    return Some("second argument should be an integer with a maximum width of 64 bits");
                }
                if n == 3 && !int64(ops[2]) {
                    return Some("third argument should be an integer with a maximum width of 64 bits if present");
                }
            }
            "dereferenceable" | "dereferenceable_or_null" => {
                if n != 2 {
                    return Some("dereferenceable assumptions should have 2 arguments");
                }
                if !pointer(ops[0]) {
                    return Some("first argument should be a pointer");
                }
                if !int64(ops[1]) {
                    return Some("second argument should be an integer with a maximum width of 64 bits");
                }
            }
            "nonnull" => {
                if n != 1 {
                    return Some("nonnull assumptions should have 1 argument");
                }
                if !pointer(ops[0]) {
                    return Some("first argument should be a pointer");
                }
            }
            "noundef" if n != 1 => return Some("noundef assumptions should have 1 argument"),
            "noundef" => {}
            "cold" if n != 0 => return Some("cold assumptions should have no arguments"),
            "cold" => {}
            _ => return Some("tags must be valid attribute names"),
        }
    }
    None
}

/// Whether `v` is a call of a retired NVVM name the path's reader rebuilds into a value of
/// another type than the call's ([`intrinsics::rebuilt_value`]).
fn rebuilt_value_retyped(cx: &Cx, f: &Function, v: Value) -> bool {
    let Value::Inst(i) = v else { return false };
    let Some(inst) = f.insts.get(i) else { return false };
    let InstKind::Call { call, .. } = &inst.kind else { return false };
    let Value::Const(c) = call.callee else { return false };
    let Some((name, callee)) = cx.callee(c) else { return false };
    if !callee.intrinsic {
        return false;
    }
    let name: &str = name;
    let types = &cx.m.types;
    match intrinsics::rebuilt_value(cx.target.path, name) {
        Some(intrinsics::RebuiltValue::Operand) => call.args.first().is_some_and(|a| a.ty != inst.ty),
        Some(intrinsics::RebuiltValue::Float) => !matches!(types.get(inst.ty), TypeData::Float(FloatKind::Float)),
        Some(intrinsics::RebuiltValue::I32) => !matches!(types.get(inst.ty), TypeData::Int(32)),
        None => false,
    }
}

fn check_call(
    cx: &Cx,
    f: &Function,
    call: &nvir_llvm::ir::instruction::CallSite,
    ret_ty: Option<TypeId>,
    out: &mut Findings,
    at: &dyn Fn() -> Location,
) {
    let m = cx.m;
    match call.callee {
        Value::Asm(a) => {
            let asm = &m.asms[a];
            if asm.intel {
                out.error("nvvm-asm", "intel dialect not supported", at());
            }
            for arg in &call.args {
                if !asm_type_ok(cx, arg.ty) {
                    let msg = match cx.target.path {
                        Path::Llvm7 => "Invalid type in inline assembly, must be i8, i16, i32, i64, float, or double",
                        Path::Modern => {
                            "Invalid type in inline assembly, must be i1, i8, i16, i32, i64, float, or double"
                        }
                    };
                    out.error("nvvm-asm", msg, at());
                    break;
                }
            }
        }
        Value::Const(c) => {
            let Some((name, callee)) = cx.callee(c) else { return };
            if !callee.intrinsic {
                return;
            }
            let name: &str = name;
            // LLVM 22 checks no call through another type as the intrinsic's (`check_llvm_first`
            // or the declaration's use refuses it).
            if cx.target.path == Path::Modern && crate::module::mistyped_callee(m, c, call.fn_ty).is_some() {
                return;
            }
            crate::warnings::intrinsic_gate(cx, name, callee.gate, out, at);
            // LLVM 7's path takes a guard with its one `deopt` bundle, and names the rule for
            // more than one; without one it prints nothing, or, in a module that also has an
            // `invoke` of one, the rule (measured, `llvm7/guard_*`, `test/Verifier`'s
            // guard-intrinsic.ll).
            let deopts = call.bundles.iter().filter(|b| &*b.tag == "deopt").count();
            let guard = name == "llvm.experimental.guard" && cx.llvm7();
            if guard && deopts != 1 {
                out.error(
                    "llvm-intrinsic-signature",
                    "experimental_guard must have exactly one \"deopt\" operand bundle",
                    at(),
                );
                return;
            }
            if callee.rejected && !(guard && deopts == 1) {
                out.error("llvm-intrinsic-signature", format!("libNVVM's LLVM 7 path takes no call of {name}"), at());
                out.help("it rejects the call with an empty log whatever the declaration; target compute_100+ (or pass --nvvm-latest)");
                return;
            }
            let operand = |t: TypeId, v: Option<Value>| intrinsics::Operand {
                pointer: matches!(m.types.get(t), TypeData::Pointer { .. }),
                int: matches!(m.types.get(t), TypeData::Int(_)),
                float: match m.types.get(t) {
                    TypeData::Vector { elem, .. } => matches!(m.types.get(*elem), TypeData::Float(_)),
                    other => matches!(other, TypeData::Float(_)),
                },
                const_int: v.and_then(|v| const_arg(m, v)).is_some(),
                // A bit cast takes no pointer to or from another type.
                bits: match m.types.get(t) {
                    TypeData::Pointer { .. } => 0,
                    _ => atomic_bits(m, t).and_then(|b| u32::try_from(b).ok()).unwrap_or(0),
                },
                int_like: match m.types.get(t) {
                    TypeData::Vector { elem, .. } => matches!(m.types.get(*elem), TypeData::Int(_)),
                    other => matches!(other, TypeData::Int(_)),
                },
                ty: Some(t),
            };
            let nvvm = name.starts_with("llvm.nvvm.");
            let args: Vec<_> = match nvvm {
                true => call.args.iter().map(|a| operand(a.ty, Some(a.value))).collect(),
                false => Vec::new(),
            };
            // Only the retired NVVM names' rules read the operands.
            let ret = match nvvm {
                true => ret_ty.map(|t| operand(t, None)).unwrap_or_default(),
                false => Default::default(),
            };
            if cx.llvm7() && nvvm {
                if let Some(msg) = intrinsics::llvm7_rebuilt_error(name, &args, ret) {
                    let msg = match msg {
                        "" => format!("libNVVM's LLVM 7 path rejects this call of {name} (with an empty log)"),
                        msg => msg.to_string(),
                    };
                    out.error("llvm-intrinsic-upgrade", msg, at());
                    out.help("libNVVM's LLVM 7 path rewrites this retired NVVM intrinsic into plain IR first");
                    return;
                }
            }
            if cx.target.path == Path::Modern && nvvm {
                let modern = |t: TypeId| {
                    let mut s = String::new();
                    m.types.write_in(t, &mut s, true);
                    s
                };
                let text = |i: Option<usize>| match i {
                    None => ret_ty.map_or_else(|| "void".to_string(), modern),
                    Some(i) => call.args.get(i).map_or_else(|| "ptr".to_string(), |a| modern(a.ty)),
                };
                if let Some(msg) = intrinsics::modern_upgrade_error(name, &args, ret, &text) {
                    out.error("llvm-intrinsic-upgrade", msg, at());
                    out.help("libNVVM's modern path rewrites this retired NVVM intrinsic into plain IR first");
                    return;
                }
            }
            if cx.target.path == Path::Modern {
                if let Some(msg) = masked_address_problem(cx, name, call) {
                    out.error("llvm-attr-type", msg, at());
                    return;
                }
            }
            // LLVM's own checks of a known intrinsic's declaration and immediate arguments, from
            // the measured table (`intrinsics.tsv`).
            if let Some((base, sig)) = callee.lookup {
                // On the modern path reported before the names (`check_llvm_first`).
                if let Some(msg) = cx.llvm7().then(|| cx.signature_mismatch(name, call.fn_ty, sig)).flatten() {
                    out.error("llvm-intrinsic-signature", msg, at());
                    out.help("libNVVM's LLVM 7 path rejects this declaration with an empty log");
                    return;
                }
                // LLVM 6's memory intrinsics, with an alignment argument: both readers upgrade the
                // call into an `align` attribute, LLVM 7 refusing an alignment that is not 0 or a
                // power of 2 and LLVM 22 one that is not a constant (measured, `memold/`).
                if call.args.len() == 5 && intrinsics::is_memory_transfer_or_set(name) {
                    let align = const_arg(m, call.args[3].value);
                    let problem = match cx.llvm7() {
                        true => align
                            .is_none_or(|n| n != 0 && !n.is_power_of_two())
                            .then_some("alignment of arg 0 of memory intrinsic must be 0 or a power of 2"),
                        false => align.is_none().then_some("huge alignment values are unsupported"),
                    };
                    if let Some(msg) = problem {
                        out.error("llvm-memory-align", msg, at());
                        out.help(
                            "drop the alignment argument (LLVM 7 and later take `align N` on the pointer arguments)",
                        );
                        return;
                    }
                }
                let immediate = |i: usize| {
                    use nvir_llvm::ir::ConstData;
                    call.args.get(i).is_some_and(|a| {
                        matches!(a.value, Value::Const(c) if matches!(m.consts[c], ConstData::Int { .. } | ConstData::Float { .. }))
                    })
                };
                if let Some(msg) = intrinsics::immarg_violation(sig, immediate) {
                    out.error("llvm-immarg", msg, at());
                    return;
                }
                if callee.element_atomic
                    && call.args.last().and_then(|a| const_arg(m, a.value)).is_some_and(|n| !n.is_power_of_two())
                {
                    out.error(
                        "llvm-intrinsic-arg",
                        "element size of the element-wise atomic memory intrinsic must be a power of 2",
                        at(),
                    );
                    return;
                }
                let element_type = |i: usize| {
                    call.args.get(i).is_some_and(|a| {
                        m.attrs[a.attrs].0.iter().any(|x| x.kind().is_some_and(|k| k.info().name == "elementtype"))
                    })
                };
                if callee.access_index && cx.target.path == Path::Modern && !element_type(0) {
                    out.error(
                        "llvm-intrinsic-arg",
                        "Intrinsic requires elementtype attribute on first argument.",
                        at(),
                    );
                    return;
                }
                if name == "llvm.assume" && cx.target.path == Path::Modern {
                    if let Some(msg) = assume_bundle_problem(cx, call) {
                        out.error("llvm-assume-bundle", msg, at());
                        return;
                    }
                }
                if let Some(msg) = intrinsic_rule(cx, f, base, call) {
                    out.error("llvm-intrinsic-arg", msg, at());
                    return;
                }
                if let Some(msg) = constrained_fp_metadata(m, name, call, cx.target.path) {
                    out.error("llvm-constrained-fp", msg, at());
                    out.help("use one of `round.dynamic`, `round.tonearest`, … and `fpexcept.ignore`, `fpexcept.maytrap`, `fpexcept.strict`");
                    return;
                }
            }
            // The LLVM verifier's argument rules for two intrinsics libNVVM has no use for.
            let second = call.args.get(1).map(|a| a.value);
            if name == "llvm.init.trampoline" && !second.is_some_and(|v| is_function(m, v)) {
                out.error("llvm-intrinsic-arg", "llvm.init_trampoline parameter #2 must resolve to a function.", at());
                return;
            }
            let is_alloca =
                |v: Value| matches!(v, Value::Inst(i) if matches!(f.insts[i].kind, InstKind::Alloca { .. }));
            if name == "llvm.stackprotector" && !second.is_some_and(is_alloca) {
                out.error("llvm-intrinsic-arg", "llvm.stackprotector parameter #2 must resolve to an alloca.", at());
                return;
            }
            // The `.internal` form takes the variable itself, and libNVVM checks nothing of it
            // (measured: `axes.py`'s `texsurf/` group, any variable, cast or not, on both paths).
            if name.starts_with("llvm.nvvm.texsurf.handle") && !name.starts_with("llvm.nvvm.texsurf.handle.internal") {
                check_texsurf_handle(cx, call, out, at);
                return;
            }
            // Special registers the path knows (a name its LLVM lacks, such as the cluster
            // registers on the LLVM 7 path, is an ordinary declaration there).
            if let Some(sreg) = name.strip_prefix(crate::callee::SREG).filter(|_| callee.special_register) {
                let want = if matches!(sreg, "clock64" | "globaltimer") { 64 } else { 32 };
                if ret_ty.and_then(|t| m.types.int_width(t)) != Some(want) {
                    let got = ret_ty.map(|t| m.types.to_string(t)).unwrap_or_default();
                    out.error(
                        "llvm-intrinsic-signature",
                        format!("intrinsic return type expected i{want}, but got {got}"),
                        at(),
                    );
                }
                return;
            }
            if check_nvvm_signature(cx, name, call, ret_ty, out, at) {
                return;
            }
            // libNVVM's modern verifier wants `afn` on `llvm.tanh` (the backend only approximates
            // it), in half or single precision (measured, `mathintr/tanh_*`).
            if cx.target.path == Path::Modern
                && name.strip_prefix("llvm.tanh").is_some_and(|r| r.is_empty() || r.starts_with('.'))
            {
                if call.fmf.0 & 32 == 0 {
                    out.error("nvvm-intrinsic", "tanh intrinsic must use afn flag", at());
                    out.help("write `call afn` (the result is the approximation `tanh.approx`), or call libdevice's __nv_tanhf");
                } else if ret_ty.is_some_and(|t| intrinsics::fp_shape(&m.types, t).0) {
                    out.error("nvvm-intrinsic", "arg0 must be either half (vector) or float (vector)", at());
                    out.help("call libdevice's __nv_tanh for double precision");
                }
                return;
            }
            // LLVM 3's PTX intrinsics: LLVM 7's path knows them and checks their declaration,
            // refusing another with an empty log (measured, `unknownllvm/ptx_*_wrongtype`).
            if let Some(want) = callee.llvm7_ptx.filter(|_| cx.llvm7()) {
                let mut got = String::new();
                m.types.write_in(call.fn_ty, &mut got, false);
                if got.replace(' ', "") != want.replace(' ', "") {
                    out.error(
                        "llvm-intrinsic-signature",
                        format!("Intrinsic has incorrect type: {name} is `{want}`, declared `{got}`"),
                        at(),
                    );
                    out.help("libNVVM's LLVM 7 path rejects this declaration with an empty log");
                }
                return;
            }
            let Some(family) = callee.family else { return };
            let first_ty = call.args.first().map(|a| a.ty);
            match family.rule {
                Rule::Unsupported => {
                    // LLVM's readers rename a declaration whose type is not its name's (measured,
                    // `remangle/`: `double @llvm.cos.f32(double)` is `llvm.cos.f64` to libNVVM).
                    let renamed = intrinsics::remangled(&m.types, name, call.fn_ty);
                    let printed = intrinsics::printed_name(renamed.as_deref().unwrap_or(name), cx.target.path);
                    out.error("nvvm-intrinsic", format!("Unsupported intrinsic: {printed}"), at());
                    if name.starts_with("llvm.fabs") || name.starts_with("llvm.sin") || name.starts_with("llvm.cos") {
                        out.help("call libdevice (`__nv_fabsf`, `__nv_sinf`, …) instead");
                    }
                }
                Rule::IntWidths { widths, vectors, message } => {
                    let Some(ty) = first_ty else { return };
                    let elem = match m.types.get(ty) {
                        TypeData::Vector { elem, .. } if vectors => *elem,
                        _ => ty,
                    };
                    let ok = matches!(m.types.get(elem), TypeData::Int(w) if widths.contains(w));
                    if !ok {
                        let bswap_i8 = family.name == "llvm.bswap" && m.types.int_width(ty) == Some(8);
                        if bswap_i8 && cx.target.path == Path::Modern {
                            // The modern path's LLVM verifier says it first.
                            out.error("nvvm-intrinsic-type", "bswap must be an even number of bytes", at());
                        } else {
                            out.error("nvvm-intrinsic-type", message, at());
                        }
                    }
                }
                Rule::NotToConstant { message } => {
                    if first_ty.is_some_and(|t| pointer_space(m, t) == 4) {
                        out.error("nvvm-intrinsic-addrspace", message, at());
                    }
                }
                // Only the intrinsics themselves (a misspelled name is an ordinary declaration).
                Rule::AddrSpaceConversion if callee.lookup.is_some() => {
                    out.error(
                        "nvvm-intrinsic",
                        "nvvm address space conversion intrinsics are not supported.  Please use addrspacecast instruction for address space conversions",
                        Location::Module,
                    );
                }
                Rule::AddrSpaceConversion => {}
            }
        }
        _ => {}
    }
}

/// LLVM's rules for particular intrinsics ([`intrinsics::verifier_rule`]) on this call of the
/// intrinsic listed as `base`.
fn intrinsic_rule(cx: &Cx, f: &Function, base: &str, call: &nvir_llvm::ir::instruction::CallSite) -> Option<String> {
    use nvir_llvm::ir::{ApInt, ConstData, GlobalDef, MdNode};
    let m = cx.m;
    let TypeData::Function { ret, .. } = m.types.get(call.fn_ty) else { return None };
    let inst = |v: Value| match v {
        Value::Inst(i) => Some(&f.insts[i].kind),
        _ => None,
    };
    let args = call
        .args
        .iter()
        .map(|a| intrinsics::CallArg {
            ty: a.ty,
            int: match a.value {
                Value::Const(c) => match &m.consts[c] {
                    ConstData::Int { value: ApInt::Small(n), .. } => Some((*n, m.types.int_width(a.ty).unwrap_or(64))),
                    _ => None,
                },
                _ => None,
            },
            md_string: match a.value {
                Value::Md(id) => match m.metadata.get(id) {
                    MdNode::String(s) => Some(&s[..]),
                    _ => None,
                },
                _ => None,
            },
            catchpad: matches!(inst(a.value), Some(InstKind::CatchPad { .. })),
            alloca: matches!(inst(a.value), Some(InstKind::Alloca { .. })),
            global: match a.value {
                Value::Const(c) => crate::module::global_symbol_of(m, c).map(|s| {
                    matches!(m.symbols[s].def, Some(GlobalDef::Var(v)) if m.globals[v].props.thread_local != Default::default())
                }),
                _ => None,
            },
        })
        .collect();
    let info = intrinsics::CallInfo {
        types: &m.types,
        ret: *ret,
        args,
        caller_vararg: matches!(m.types.get(f.ty), TypeData::Function { vararg: true, .. }),
        caller_gc: f.gc().is_some(),
        deopt_bundles: call.bundles.iter().filter(|b| &*b.tag == "deopt").count(),
    };
    intrinsics::verifier_rule(base, &info, cx.target.path)
}

/// The rounding-mode and exception-behaviour metadata of a constrained floating-point
/// intrinsic: the last metadata argument is the exception behaviour, the one before it (not on
/// comparisons, whose first is the predicate) the rounding mode. The LLVM 7 path checks the
/// rounding mode first, the modern path the exception behaviour (measured).
fn constrained_fp_metadata(
    m: &nvir_llvm::Module,
    name: &str,
    call: &nvir_llvm::ir::instruction::CallSite,
    path: Path,
) -> Option<&'static str> {
    use nvir_llvm::ir::MdNode;
    if !name.starts_with("llvm.experimental.constrained.") {
        return None;
    }
    let strings: Vec<Option<&[u8]>> = call
        .args
        .iter()
        .filter_map(|a| match a.value {
            Value::Md(id) => Some(match m.metadata.get(id) {
                MdNode::String(s) => Some(&s[..]),
                _ => None,
            }),
            _ => None,
        })
        .collect();
    let except = strings.last()?;
    let comparison = name.contains(".fcmp");
    let rounding = (strings.len() >= 2 && !comparison).then(|| strings[strings.len() - 2]);
    let rounding_ok = |r: Option<&[u8]>| {
        let modes: &[&[u8]] =
            &[b"round.dynamic", b"round.tonearest", b"round.downward", b"round.upward", b"round.towardzero"];
        r.is_some_and(|r| modes.contains(&r) || (path == Path::Modern && r == b"round.tonearestaway"))
    };
    let except_ok =
        except.is_some_and(|e| [&b"fpexcept.ignore"[..], b"fpexcept.maytrap", b"fpexcept.strict"].contains(&e));
    let bad_rounding = rounding.is_some_and(|r| !rounding_ok(r));
    match path {
        Path::Llvm7 if bad_rounding => Some("invalid rounding mode argument"),
        _ if !except_ok => Some("invalid exception behavior argument"),
        _ if bad_rounding => Some("invalid rounding mode argument"),
        _ => None,
    }
}

/// An inline-asm input's type (measured over 17 types and 8 constraints: the constraint does not
/// matter; half, i128, vectors and aggregates are refused, pointers taken; outputs are free).
fn asm_type_ok(cx: &Cx, t: TypeId) -> bool {
    use nvir_llvm::ir::FloatKind;
    match cx.m.types.get(t) {
        TypeData::Int(8 | 16 | 32 | 64) | TypeData::Pointer { .. } => true,
        TypeData::Int(1) => cx.target.path == Path::Modern,
        TypeData::Float(FloatKind::Float | FloatKind::Double) => true,
        _ => false,
    }
}

/// Whether a value is a function (through casts).
fn is_function(m: &nvir_llvm::Module, v: Value) -> bool {
    use nvir_llvm::ir::GlobalDef;
    let Value::Const(c) = v else { return false };
    let Some(name) = global_of(m, c) else { return false };
    m.symbols.iter().any(|(_, s)| *s.name == *name && matches!(s.def, Some(GlobalDef::Func(_))))
}

/// Whether a metadata tuple holds only integer constants.
fn md_all_ints(m: &nvir_llvm::Module, node: nvir_llvm::ir::MdId) -> bool {
    use nvir_llvm::ir::{ConstData, MdNode};
    let MdNode::Tuple { ops, .. } = m.metadata.get(node) else { return false };
    ops.iter().all(|o| {
        o.is_some_and(|o| {
            matches!(m.metadata.get(o), MdNode::Value(_, Value::Const(c)) if matches!(m.consts[*c], ConstData::Int { .. }))
        })
    })
}

/// `llvm.nvvm.texsurf.handle(metadata @tex, @tex)`: the metadata wraps a texture or surface
/// variable, and the second operand is the same variable.
fn check_texsurf_handle(
    cx: &Cx,
    call: &nvir_llvm::ir::instruction::CallSite,
    out: &mut Findings,
    at: &dyn Fn() -> Location,
) {
    use nvir_llvm::ir::MdNode;
    let m = cx.m;
    let wrapped = match call.args.first().map(|a| a.value) {
        Some(Value::Md(id)) => match m.metadata.get(id) {
            MdNode::Value(_, Value::Const(c)) => global_of(m, *c),
            _ => None,
        },
        _ => None,
    };
    let Some(var) = wrapped.filter(|g| cx.texsurf.contains(*g)) else {
        out.error(
            "nvvm-texsurf-handle",
            "Op0 of nvvm.texsurf.handle must be a metadata wrapper around a tex/surf GlobalVariable (e.g. metadata i64 addrspace(1)* @tex )",
            at(),
        );
        return;
    };
    let second = match call.args.get(1).map(|a| a.value) {
        Some(Value::Const(c)) => global_of(m, c),
        _ => None,
    };
    if second != Some(var) {
        out.error("nvvm-texsurf-handle", "Op1 must be the same tex/surf GV from Op0", at());
    }
}

/// An integer constant argument's value.
fn const_arg(m: &nvir_llvm::Module, v: Value) -> Option<u64> {
    use nvir_llvm::ir::{ApInt, ConstData};
    match v {
        Value::Const(c) => match &m.consts[c] {
            ConstData::Int { value: ApInt::Small(n), .. } => Some(*n),
            _ => None,
        },
        _ => None,
    }
}

/// [`const_arg`] read as LLVM prints an `immarg` value: signed, at the constant's width.
fn const_arg_signed(m: &nvir_llvm::Module, v: Value) -> Option<i64> {
    let n = const_arg(m, v)?;
    let Value::Const(c) = v else { return None };
    let bits = match m.types.get(m.const_ty(c)) {
        TypeData::Int(bits) if (1..64).contains(bits) => *bits,
        _ => return Some(n as i64),
    };
    let shift = 64 - bits;
    Some(((n << shift) as i64) >> shift)
}

/// NVVM intrinsics whose signature or arguments one of libNVVM's paths checks (measured). `true`
/// when the call was one of them.
fn check_nvvm_signature(
    cx: &Cx,
    name: &str,
    call: &nvir_llvm::ir::instruction::CallSite,
    ret_ty: Option<TypeId>,
    out: &mut Findings,
    at: &dyn Fn() -> Location,
) -> bool {
    let m = cx.m;
    let modern = cx.target.path == Path::Modern;
    let arg = |i: usize| call.args.get(i).map(|a| a.value);
    match name {
        "llvm.nvvm.branch.if.all.convergent" if !call.args.is_empty() => {
            out.error(
                "llvm-intrinsic-signature",
                format!("intrinsic has incorrect number of args. Expected 0, but got {}", call.args.len()),
                at(),
            );
        }
        "llvm.nvvm.elect.sync" if !modern && ret_ty.is_some_and(|t| matches!(m.types.get(t), TypeData::Struct(_))) => {
            // The LLVM 7 path knows another declaration; it rejects this one with an empty log.
            out.error(
                "llvm-intrinsic-signature",
                "llvm.nvvm.elect.sync is declared with a signature libNVVM's LLVM 7 path does not know",
                at(),
            );
            out.help("target compute_100+ (or pass --nvvm-latest) for the {i32, i1} (i32) form");
        }
        "llvm.nvvm.cluster.barrier" if !modern && arg(0).and_then(|v| const_arg(m, v)).is_some_and(|mode| mode > 1) => {
            out.error("nvvm-intrinsic-arg", "unsupported operation mode", at());
        }
        "llvm.nvvm.membar" if modern && arg(0).is_some_and(|v| const_arg(m, v).is_none()) => {
            out.error("llvm-immarg", "immarg operand has non-immediate parameter", at());
        }
        n if n.starts_with("llvm.nvvm.ff2bf16x2.") && modern => {
            let vector2 = ret_ty.is_some_and(|t| matches!(m.types.get(t), TypeData::Vector { len: 2, .. }));
            if !vector2 {
                let got = ret_ty.map(|t| m.types.to_string(t)).unwrap_or_default();
                out.error(
                    "llvm-intrinsic-signature",
                    format!("intrinsic return type expected vector with 2 elements, but got {got}"),
                    at(),
                );
            }
        }
        n if modern && (n.starts_with("llvm.nvvm.getctarank") || n.starts_with("llvm.nvvm.mapa")) => {
            // libNVVM 13.5's modern path refuses these whatever the pointer size (measured).
            out.error("nvvm-intrinsic", "this intrinsic is only supported when pointer size is >= 64 bits", at());
            out.note_libnvvm();
        }
        // Signatures LLVM changed after the LLVM 19 table (measured, `nvvm22sig/`): the CTA form
        // of the bulk copy takes 9 arguments (its 6-argument LLVM 20 form is upgraded), and the
        // tensormap proxy fence's size is an `immarg` that must be 128.
        "llvm.nvvm.cp.async.bulk.global.to.shared.cta" if modern && !matches!(call.args.len(), 6 | 9) => {
            out.error(
                "llvm-intrinsic-signature",
                format!("intrinsic has incorrect number of args. Expected 9, but got {}", call.args.len()),
                at(),
            );
        }
        n if modern && n.starts_with("llvm.nvvm.fence.proxy.tensormap_generic.acquire.") => {
            match arg(1).map(|v| const_arg(m, v)) {
                Some(Some(128)) | None => {}
                Some(Some(_)) => {
                    let size = arg(1).and_then(|v| const_arg_signed(m, v)).unwrap_or_default();
                    out.error("llvm-immarg", format!("immarg value {size} out of range [128, 129)"), at());
                }
                Some(None) => out.error("llvm-immarg", "immarg operand has non-immediate parameter", at()),
            }
        }
        n if modern && n.starts_with("llvm.nvvm.setmaxnreg.") => match arg(0).and_then(|v| const_arg(m, v)) {
            Some(count) if !(24..257).contains(&count) => {
                let count = arg(0).and_then(|v| const_arg_signed(m, v)).unwrap_or_default();
                out.error("llvm-immarg", format!("immarg value {count} out of range [24, 257)"), at());
            }
            Some(count) if count % 8 != 0 => {
                out.error("llvm-intrinsic-arg", "reg_count argument to nvvm.setmaxnreg must be in multiples of 8", at())
            }
            Some(_) => {}
            None => out.error("llvm-immarg", "immarg operand has non-immediate parameter", at()),
        },
        _ => return false,
    }
    true
}
