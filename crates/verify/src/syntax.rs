//! What the target's reader cannot read. nvir reads every dialect; libNVVM's LLVM 7 path reads
//! only LLVM 7.0.1 typed-pointer text, and its modern path refuses a few old forms. Each finding
//! begins with the reader's own message (`parse …`) and says the way out.

use crate::{Cx, Findings, Token};
use nvir_llvm::ir::attrs::{Attr, AttrForm};
use nvir_llvm::ir::instruction::{BinOp, CastOp};
use nvir_llvm::ir::{ConstData, Dialect, ExprOp, InstKind};

const DOWNGRADE: &str = "`nvir print --syntax llvm7` rewrites the module for libNVVM's LLVM 7 reader; or target compute_100+ (or pass --nvvm-latest)";

pub(crate) fn check(cx: &Cx, text: bool, out: &mut Findings) {
    let parsed = |out: &Findings| !out.0.iter().any(|f| f.class == crate::Class::Parse);
    if cx.llvm7() {
        check_llvm7(cx, text, out);
    } else {
        // The layout's line comes first in the text; its reader stops there.
        let layout = cx.m.data_layout.as_deref().map(String::from_utf8_lossy).unwrap_or_default();
        if let Some(message) = crate::module::layout_reader_stop(&layout, false) {
            out.parse("nvvm-datalayout", message, None);
            out.help(format!("write a layout LLVM 22 reads, such as `{}`", crate::module::EXAMPLE_LAYOUT));
            return;
        }
        // The type definitions come first in the text.
        if text {
            crate::llvmverifier::check_reader_recursive(cx, out);
        }
        if parsed(out) {
            check_modern(cx, text, out);
        }

        if parsed(out) && text {
            crate::llvmverifier::check_reader_alloca(cx, out);
        }
    }
    if parsed(out) && text {
        check_reader_types(cx, out);
    }
    if parsed(out) {
        check_reader_rules(cx, text, out);
    }
    // The debug-info nodes come last.
    if parsed(out) && text {
        crate::llvmverifier::check_reader_metadata(cx, out);
    }
    if text {
        fn_linkage_stop(cx, out);
    }
    if text && !cx.llvm7() && parsed(out) {
        undeclared_intrinsic_stop(cx, out);
    }
}

/// The modern path's reader declares an intrinsic called without a declaration when the module
/// ends (LLVM 22's `validateEndOfModule`, forward references in name order), and stops there
/// (measured, `undeclintr/`: in typed, opaque and pointer-free modules, before a bad triple or
/// function name): at a name no intrinsic has (`unknown intrinsic`), or at a call whose types
/// the intrinsic's signature refuses (the signature's words). Names LLVM 22 upgrades, overloaded
/// names with another suffix than the call's types, and other targets' names are declared.
fn undeclared_intrinsic_stop(cx: &Cx, out: &mut Findings) {
    use crate::target::Path;
    let m = cx.m;
    // Only the text reader leaves a function without the place it was declared.
    if !m.functions.iter().any(|(_, f)| f.source.start.is_some()) {
        return;
    }
    let mut undeclared: Vec<&nvir_llvm::ir::Function> = m
        .functions
        .iter()
        .map(|(_, f)| f)
        .filter(|f| f.source.start.is_none() && !f.is_definition && f.name.starts_with("llvm."))
        .collect();
    undeclared.sort_unstable_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
    for f in undeclared {
        let name = &*f.name;
        let target = name["llvm.".len()..].split('.').next().unwrap_or("");
        let unknown = if target == "nvvm" {
            crate::intrinsics::unknown_nvvm(name)
        } else {
            // Another target's name is taken as known (LLVM 22 knows them; the table lists none).
            !crate::intrinsics::TARGET_PREFIXES.contains(&target)
                && crate::intrinsics::signature(name, Path::Modern).is_none()
        };
        if unknown {
            out.parse("llvm-reader-intrinsic", format!("parse unknown intrinsic '{name}'"), None);
            out.help("LLVM 22 declares only the intrinsics it knows: check the name");
            return;
        }
        let Some(sig) = crate::intrinsics::signature(name, Path::Modern) else { continue };
        if let Some(message) = crate::intrinsics::signature_mismatch(&m.types, name, f.ty, sig, Path::Modern) {
            out.parse("llvm-reader-intrinsic", format!("parse {message}"), None);
            out.help(
                "the reader declares the intrinsic with the call's types: call it with the types of its signature",
            );
            return;
        }
    }
}

/// Both readers refuse a function's linkage in its header, before its parameters and body
/// (measured, `fnlinkage/`): `common` and `appending` on any function, `extern_weak` on a
/// definition, and on a declaration every linkage but external and `extern_weak`. LLVM 22's
/// reader refuses a DLL storage class on a local symbol (`localdll/`), LLVM 7's an
/// `available_externally` alias (`aliaslink/`). The reader stops at the first such symbol in
/// the text, unless a problem the other reader rules found comes before it there.
fn fn_linkage_stop(cx: &Cx, out: &mut Findings) {
    use nvir_llvm::ir::module::{DllStorage, GlobalProps, Linkage};
    const LOCAL_DLL: &str = "parse symbol with local linkage cannot have a DLL storage class";
    let modern = !cx.llvm7();
    let local_dll = |p: &GlobalProps| {
        modern && p.dll != DllStorage::None && matches!(p.linkage, Linkage::Internal | Linkage::Private)
    };
    let problem = |f: &nvir_llvm::ir::Function| match f.props.linkage {
        Linkage::Common | Linkage::Appending => Some("parse invalid function linkage type"),
        Linkage::ExternWeak if f.is_definition => Some("parse invalid linkage for function definition"),
        Linkage::External | Linkage::ExternalExplicit | Linkage::ExternWeak => None,
        _ if !f.is_definition => Some("parse invalid linkage for function declaration"),
        _ => local_dll(&f.props).then_some(LOCAL_DLL),
    };
    let functions = cx.m.functions.iter().filter_map(|(_, f)| {
        problem(f).map(|msg| (f.source.start.unwrap_or(u32::MAX), msg, Some(Token::Word(f.props.linkage.keyword()))))
    });
    let globals =
        cx.m.globals
            .iter()
            .filter(|(_, g)| local_dll(&g.props))
            .map(|(_, g)| (g.source.unwrap_or(u32::MAX), LOCAL_DLL, Some(Token::Word(g.props.linkage.keyword()))));
    // (Aliases and ifuncs keep no place in the text: theirs is reported after every other.)
    let aliases = cx.m.aliases.iter().filter_map(|(_, a)| {
        let msg = if local_dll(&a.props) {
            LOCAL_DLL
        } else if !modern && a.props.linkage == Linkage::AvailableExternally {
            "parse invalid linkage type for alias"
        } else {
            return None;
        };
        Some((u32::MAX, msg, None))
    });
    let ifuncs = cx.m.ifuncs.iter().filter(|(_, i)| local_dll(&i.props)).map(|_| (u32::MAX, LOCAL_DLL, None));
    let Some((at, msg, token)) = functions.chain(globals).chain(aliases).chain(ifuncs).min_by_key(|&(at, ..)| at)
    else {
        return;
    };
    let earlier = out.0.iter().any(|x| x.class == crate::Class::Parse && x.location.offset().is_some_and(|o| o < at));
    if earlier {
        return;
    }
    let Findings(found, repeats) = out;
    for x in found.iter().filter(|x| x.class == crate::Class::Parse) {
        repeats.forget(x.code);
    }
    found.retain(|x| x.class != crate::Class::Parse);
    out.parse("llvm-reader", msg, (at != u32::MAX).then_some(at));
    if let Some(token) = token {
        out.token(token);
    }
}

/// Function attributes that are not parameter attributes: both readers stop at one on a
/// parameter (LLVM 7: `invalid use of function-only attribute`; LLVM 22: `this attribute does
/// not apply to parameters`).
const FUNCTION_ONLY: &[&str] = &[
    "alignstack",
    "allocsize",
    "alwaysinline",
    "builtin",
    "cold",
    "convergent",
    "hot",
    "inaccessiblemem_or_argmemonly",
    "inaccessiblememonly",
    "inlinehint",
    "jumptable",
    "minsize",
    "mustprogress",
    "naked",
    "nobuiltin",
    "nocallback",
    "noduplicate",
    "noimplicitfloat",
    "noinline",
    "nomerge",
    "nonlazybind",
    "noprofile",
    "norecurse",
    "noredzone",
    "noreturn",
    "nosync",
    "nounwind",
    "null_pointer_is_valid",
    "optforfuzzing",
    "optnone",
    "optsize",
    "returns_twice",
    "safestack",
    "sanitize_address",
    "sanitize_hwaddress",
    "sanitize_memory",
    "sanitize_thread",
    "shadowcallstack",
    "speculatable",
    "speculative_load_hardening",
    "ssp",
    "sspreq",
    "sspstrong",
    "strictfp",
    "uwtable",
    "willreturn",
];

/// What LLVM's readers refuse in instructions and attribute lists they otherwise know, with each
/// path's message (measured with `scripts/probe/axes.py`).
/// The reader stops at the first: the first function's first, the functions checked on all cores.
fn check_reader_rules(cx: &Cx, text: bool, out: &mut Findings) {
    use rayon::prelude::*;
    let functions: Vec<&nvir_llvm::ir::Function> = cx.m.functions.iter().map(|(_, f)| f).collect();
    let first = functions
        .par_iter()
        .with_min_len(64)
        .map(|f| {
            let mut found = Findings::default();
            reader_rules(cx, f, text, &mut found);
            found
        })
        .find_first(|found| !found.0.is_empty());
    if let Some(found) = first {
        out.absorb(found);
    }
}

/// [`check_reader_rules`] of one function: its first problem.
/// `text`: read from text (the rules of LLVM's text reader apply; bitcode has its own).
fn reader_rules(cx: &Cx, f: &nvir_llvm::ir::Function, text: bool, out: &mut Findings) {
    use nvir_llvm::ir::instruction::{Ordering, RmwOp};
    use nvir_llvm::ir::TypeData;
    let m = cx.m;
    let llvm7 = cx.llvm7();
    {
        // LLVM 22 takes an identified struct without a body for no first-class type
        // (`readermodern/arg_opaque*`: a declaration's parameter too).
        if !llvm7
            && f.params.iter().any(|p| matches!(m.types.get(p.ty), TypeData::Label) || (text && opaque_struct(m, p.ty)))
        {
            out.parse("llvm-reader", "parse invalid type for function argument", f.source.start);
            return;
        }
        if let Some(msg) = return_attr_problem(m, f.ret_attrs, llvm7).filter(|_| text) {
            out.parse("llvm-attr-position", msg, f.source.start);
            return;
        }
        if llvm7 && text {
            let sets = std::iter::once(f.ret_attrs).chain(f.params.iter().map(|p| p.attrs));
            if let Some(msg) = sets.into_iter().find_map(|set| llvm7_set_align_problem(m, set)) {
                out.parse("llvm-reader", msg, f.source.start);
                out.token(Token::After("align"));
                return;
            }
        }
        for p in f.params.iter() {
            if let Some(msg) = initializes_problem(m, p.attrs).filter(|_| text) {
                out.parse("llvm-reader", msg, f.source.start);
                out.token(Token::Word("initializes"));
                return;
            }
        }
        let lists = std::iter::once((f.ret_attrs, false)).chain(f.params.iter().map(|p| (p.attrs, true)));
        for (set, param) in lists {
            // LLVM 22 reads `alignstack(N)` as a parameter attribute too (measured, `paramsmodern/`).
            let function_only = |n: &str| FUNCTION_ONLY.contains(&n) && !(n == "alignstack" && param && !llvm7);
            if let Some(a) = m.attrs[set].0.iter().find(|a| a.kind().is_some_and(|k| function_only(k.info().name))) {
                let msg = if llvm7 {
                    "parse invalid use of function-only attribute"
                } else {
                    "parse this attribute does not apply to parameters"
                };
                out.parse("llvm-attr-position", msg, f.source.start);
                if let Some(k) = a.kind() {
                    out.token(Token::Word(k.info().name));
                }
                return;
            }
        }
        if allocsize_same(m, f.fn_attrs) {
            out.parse("llvm-reader", ALLOCSIZE_SAME, f.source.start);
            out.token(Token::Word("allocsize"));
            return;
        }
        for (i, inst) in f.insts.iter() {
            let at = f.inst_offset(i);
            if let InstKind::Call { call, .. } | InstKind::Invoke { call, .. } = &inst.kind {
                if allocsize_same(m, call.fn_attrs) {
                    out.parse("llvm-reader", ALLOCSIZE_SAME, at);
                    return;
                }
                let problem = return_attr_problem(m, call.ret_attrs, llvm7)
                    .or_else(|| call.args.iter().find_map(|a| initializes_problem(m, a.attrs)))
                    .or_else(|| {
                        let sets = std::iter::once(call.ret_attrs).chain(call.args.iter().map(|a| a.attrs));
                        sets.into_iter().filter(|_| llvm7).find_map(|set| llvm7_set_align_problem(m, set))
                    });
                if let Some(msg) = problem.filter(|_| text) {
                    out.parse("llvm-reader", msg, at);
                    return;
                }
            }
            if let Some(msg) = instruction_types(m, inst, llvm7).filter(|_| text) {
                out.parse("llvm-reader", msg, at);
                return;
            }
            // The readers' operand types: integer (vector) operators, floating-point (vector)
            // ones, and comparisons (pointers compare as integers).
            let scalar = |t| match m.types.get(t) {
                TypeData::Vector { elem, .. } => m.types.get(*elem),
                d => d,
            };
            let msg: Option<String> = match &inst.kind {
                InstKind::Binary { op, .. } => {
                    let fp_op = op.keyword().starts_with('f');
                    let ok = match scalar(inst.ty) {
                        TypeData::Int(_) => !fp_op,
                        TypeData::Float(_) => fp_op,
                        _ => false,
                    };
                    (!ok).then(|| "parse invalid operand type for instruction".into())
                }
                InstKind::ICmp { ty, .. } => (!matches!(scalar(*ty), TypeData::Int(_) | TypeData::Pointer { .. }))
                    .then(|| "parse icmp requires integer operands".into()),
                InstKind::FCmp { ty, .. } => (!matches!(scalar(*ty), TypeData::Float(_)))
                    .then(|| "parse fcmp requires floating point operands".into()),
                InstKind::Fence(a) if matches!(a.ordering, Ordering::Unordered | Ordering::Monotonic) => {
                    Some(format!("parse fence cannot be {}", a.ordering.keyword()))
                }
                InstKind::CmpXchg(x) => {
                    let (s, fail) = (x.success.ordering, x.failure);
                    let stronger = |a: Ordering, b: Ordering| {
                        // LLVM's lattice: unordered < monotonic < acquire, release < acq_rel < seq_cst.
                        let rank = |o: Ordering| match o {
                            Ordering::Unordered => 0,
                            Ordering::Monotonic => 1,
                            Ordering::Acquire | Ordering::Release => 2,
                            Ordering::AcqRel => 3,
                            _ => 4,
                        };
                        rank(a) > rank(b)
                    };
                    if s == Ordering::Unordered || fail == Ordering::Unordered {
                        Some(if llvm7 {
                            "parse cmpxchg cannot be unordered".into()
                        } else if s == Ordering::Unordered {
                            "parse invalid cmpxchg success ordering".into()
                        } else {
                            "parse invalid cmpxchg failure ordering".into()
                        })
                    } else if llvm7 && stronger(fail, s) {
                        Some("parse cmpxchg failure argument shall be no stronger than the success argument".into())
                    } else if matches!(fail, Ordering::Release | Ordering::AcqRel) {
                        Some(if llvm7 {
                            "parse cmpxchg failure ordering cannot include release semantics".into()
                        } else {
                            "parse invalid cmpxchg failure ordering".into()
                        })
                    } else {
                        None
                    }
                }
                InstKind::AtomicRmw { op, ty, .. } if !llvm7 => {
                    let t = m.types.get(*ty);
                    let is_fp = matches!(t, TypeData::Float(_))
                        || matches!(t, TypeData::Vector { elem, .. } if matches!(m.types.get(*elem), TypeData::Float(_)));
                    let fp_op = op.is_float();
                    let k = op.keyword();
                    if *op == RmwOp::Xchg {
                        (!matches!(t, TypeData::Int(_) | TypeData::Float(_) | TypeData::Pointer { .. })).then(|| {
                            format!("parse atomicrmw {k} operand must be an integer, floating point, or pointer type")
                        })
                    } else if fp_op {
                        (!is_fp).then(|| format!("parse atomicrmw {k} operand must be a floating point type"))
                    } else {
                        (!matches!(t, TypeData::Int(_)))
                            .then(|| format!("parse atomicrmw {k} operand must be an integer"))
                    }
                    .or_else(|| {
                        // The size stored, in whole bytes (measured: `i24` and `x86_fp80` stop
                        // here, `i1`, stored as a byte, passes to the verifier).
                        let bytes = crate::function::atomic_bits(m, *ty)?.div_ceil(8);
                        (!bytes.is_power_of_two())
                            .then(|| "parse atomicrmw operand must have a power-of-two byte size".into())
                    })
                }
                // The readers' check of an inline asm's type against its constraints: as many
                // results as direct outputs (`=r`, not `=*m`).
                InstKind::Call { call, .. } if matches!(call.callee, nvir_llvm::ir::Value::Asm(_)) => {
                    let nvir_llvm::ir::Value::Asm(a) = call.callee else { unreachable!() };
                    let constraints = String::from_utf8_lossy(&m.asms[a].constraints).into_owned();
                    // An output after an input (other than an indirect output) or a clobber
                    // (LLVM's `InlineAsm::verify`; measured, `asmindirect/*_second_*`).
                    let (mut inputs, mut late_output) = (0usize, false);
                    for c in constraints.split(',') {
                        if c.starts_with("=*") {
                            late_output |= inputs > 0;
                        } else if c.starts_with('=') {
                            late_output |= inputs > 0;
                            continue;
                        }
                        inputs += 1;
                    }
                    let outputs = constraints.split(',').filter(|c| c.starts_with('=') && !c.starts_with("=*")).count();
                    let ty = m.types.get(inst.ty);
                    let fields = match ty {
                        TypeData::Struct(body) => Some(body.fields.len()),
                        TypeData::Named(_) => Some(usize::MAX),
                        _ => None,
                    };
                    let bad = match outputs {
                        0 => !matches!(ty, TypeData::Void),
                        1 => fields.is_some(),
                        n => fields.is_some_and(|f| f != n && f != usize::MAX) || fields.is_none(),
                    };
                    if late_output {
                        Some(if llvm7 {
                            "parse invalid type for inline asm constraint string".into()
                        } else {
                            "parse output constraint occurs after input, clobber or label constraint".into()
                        })
                    } else {
                        bad.then(|| {
                            if !llvm7 && outputs == 1 {
                                "parse inline asm with one output cannot return struct".into()
                            } else {
                                "parse invalid type for inline asm constraint string".into()
                            }
                        })
                    }
                }
                InstKind::Call { call, .. } | InstKind::Invoke { call, .. } if llvm7 => {
                    // LLVM 7's reader ends the call at an attribute it does not know and takes the
                    // word for the next instruction.
                    m.attrs[call.fn_attrs]
                        .0
                        .iter()
                        .any(|a| a.kind().is_some_and(|k| !k.info().llvm7))
                        .then(|| "parse expected instruction opcode".into())
                }
                _ => None,
            };
            if let Some(msg) = msg {
                out.parse("llvm-reader", msg, at);
                return;
            }
        }
    }
}

/// Whether `t` is an identified struct without a body (LLVM 22 reads it as no first-class type).
fn opaque_struct(m: &nvir_llvm::Module, t: nvir_llvm::ir::TypeId) -> bool {
    matches!(m.types.get(t), nvir_llvm::ir::TypeData::Named(id) if m.types.named(*id).body.is_none())
}

/// Whether `t` holds a scalable vector, looking into structs (LLVM's `isScalableTy`).
fn holds_scalable(m: &nvir_llvm::Module, t: nvir_llvm::ir::TypeId, depth: u32) -> bool {
    use nvir_llvm::ir::TypeData;
    if depth > 64 {
        return false;
    }
    match m.types.get(t) {
        TypeData::Vector { scalable, .. } => *scalable,
        TypeData::Struct(body) => body.fields.iter().any(|&f| holds_scalable(m, f, depth + 1)),
        TypeData::Named(id) => {
            m.types.named(*id).body.as_ref().is_some_and(|b| b.fields.iter().any(|&f| holds_scalable(m, f, depth + 1)))
        }
        TypeData::Array { elem, .. } => holds_scalable(m, *elem, depth + 1),
        _ => false,
    }
}

/// The fields of a struct type (literal or identified), when it has a body.
fn struct_fields(m: &nvir_llvm::Module, t: nvir_llvm::ir::TypeId) -> Option<&[nvir_llvm::ir::TypeId]> {
    use nvir_llvm::ir::TypeData;
    match m.types.get(t) {
        TypeData::Struct(body) => Some(&body.fields),
        TypeData::Named(id) => m.types.named(*id).body.as_ref().map(|b| &*b.fields),
        _ => None,
    }
}

/// Whether LLVM 22 gives `t` no size for the reader's checks: a struct with scalable vectors
/// among other fields (one of a single scalable vector type repeated is sized, LLVM 19+), or
/// one that holds an unsized type (an identified struct without a body, a function, ...).
pub(crate) fn modern_unsized(m: &nvir_llvm::Module, t: nvir_llvm::ir::TypeId, depth: u32) -> bool {
    use nvir_llvm::ir::TypeData;
    if depth > 64 {
        return false;
    }
    match m.types.get(t) {
        TypeData::Void | TypeData::Label | TypeData::Metadata | TypeData::Token | TypeData::Function { .. } => true,
        TypeData::Named(id) if m.types.named(*id).body.is_none() => true,
        TypeData::Struct(_) | TypeData::Named(_) => {
            let fields = struct_fields(m, t).unwrap_or(&[]);
            if fields.iter().any(|&f| holds_scalable(m, f, depth + 1)) {
                let first = fields[0];
                return !(matches!(m.types.get(first), TypeData::Vector { scalable: true, .. })
                    && fields.iter().all(|&f| f == first));
            }
            fields.iter().any(|&f| modern_unsized(m, f, depth + 1))
        }
        TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => modern_unsized(m, *elem, depth + 1),
        _ => false,
    }
}

/// The modern reader's rules on the types instructions name (`readermodern/` of
/// `scripts/probe/axes.py`; `select` of tokens on both paths): `x86_amx` is no type to
/// allocate, an unsized or bodiless type none to load, store or index, and a token none to
/// select.
fn instruction_types(m: &nvir_llvm::Module, inst: &nvir_llvm::ir::Instruction, llvm7: bool) -> Option<&'static str> {
    use nvir_llvm::ir::TypeData;
    if let InstKind::Select { .. } = &inst.kind {
        return matches!(m.types.get(inst.ty), TypeData::Token).then_some("parse select values cannot have token type");
    }
    if let InstKind::GetElementPtr { source_ty, operands, .. } = &inst.kind {
        // The base pointer is the first operand; the indices follow.
        if operands.len() > 1 && modern_unsized(m, *source_ty, 0) {
            return Some("parse base element of getelementptr must be sized");
        }
    }
    if llvm7 {
        // LLVM 7 reads alignments up to 2^29, and numbers of 32 bits (`readermodern/align_*`).
        let align = match &inst.kind {
            InstKind::Alloca { align, .. } | InstKind::Load { align, .. } | InstKind::Store { align, .. } => *align,
            _ => None,
        };
        return align.and_then(|a| llvm7_align_problem(a.bytes()));
    }
    match &inst.kind {
        InstKind::Alloca { ty, .. } if matches!(m.types.get(*ty), TypeData::X86Amx) => {
            Some("parse invalid type for alloca")
        }
        InstKind::Alloca { ty, .. } if modern_unsized(m, *ty, 0) => Some("parse Cannot allocate unsized type"),
        InstKind::Load { ty, .. } if opaque_struct(m, *ty) => {
            Some("parse load operand must be a pointer to a first class type")
        }
        InstKind::Load { ty, .. } if modern_unsized(m, *ty, 0) => Some("parse loading unsized types is not allowed"),
        InstKind::Store { ty, .. } if modern_unsized(m, *ty, 0) => Some("parse storing unsized types is not allowed"),
        InstKind::GetElementPtr { source_ty, .. } => (struct_fields(m, *source_ty).is_some()
            && holds_scalable(m, *source_ty, 0))
        .then_some("parse getelementptr cannot target structure that contains scalable vector type"),
        _ => None,
    }
}

/// LLVM 7's reader on a `bitcast` of a vector of pointers to a pointer, which its
/// `CastInst::castIsValid` refuses whatever the vector's length (LLVM 22 takes one of one);
/// measured, `llvm7/bitcast_*`: a pointer to a vector of pointers it takes.
fn llvm7_bitcast(m: &nvir_llvm::Module, from: nvir_llvm::ir::TypeId, to: nvir_llvm::ir::TypeId) -> Option<String> {
    use nvir_llvm::ir::TypeData;
    let TypeData::Vector { elem, .. } = m.types.get(from) else { return None };
    if !matches!(m.types.get(*elem), TypeData::Pointer { .. }) || !matches!(m.types.get(to), TypeData::Pointer { .. }) {
        return None;
    }
    let (mut a, mut b) = (String::new(), String::new());
    m.types.write_in(from, &mut a, false);
    m.types.write_in(to, &mut b, false);
    Some(format!("parse invalid cast opcode for cast from '{a}' to '{b}'"))
}

/// LLVM 7's reader on an alignment: at most 2^29, and a number of 32 bits.
fn llvm7_align_problem(bytes: u64) -> Option<&'static str> {
    if bytes > u64::from(u32::MAX) {
        Some("parse expected 32-bit integer (too large)")
    } else if bytes > 1 << 29 {
        Some("parse huge alignments are not supported yet")
    } else {
        None
    }
}

/// [`llvm7_align_problem`] of an attribute set's `align`.
fn llvm7_set_align_problem(m: &nvir_llvm::Module, set: nvir_llvm::ir::attrs::AttrSetId) -> Option<&'static str> {
    m.attrs[set].0.iter().find_map(|a| match a {
        Attr::Int(k, n) if k.info().name == "align" => llvm7_align_problem(*n),
        _ => None,
    })
}

/// LLVM 22's return attributes (`RetAttr` in its `Attributes.td`), and `nocapture`, which its
/// reader takes there (measured).
const RETURN_ATTRS: &[&str] = &[
    "align",
    "alignstack",
    "dereferenceable",
    "dereferenceable_or_null",
    "inreg",
    "noalias",
    "nocapture",
    "noext",
    "nofpclass",
    "nonnull",
    "noundef",
    "range",
    "signext",
    "zeroext",
];

/// An attribute the reader takes on a parameter but not on a return value (`readermodern/
/// ret_*`): LLVM 22 refuses every one its `Attributes.td` does not mark `RetAttr`; LLVM 7
/// lists the parameter-only ones, and `readonly`/`readnone`, itself.
fn return_attr_problem(
    m: &nvir_llvm::Module,
    set: nvir_llvm::ir::attrs::AttrSetId,
    llvm7: bool,
) -> Option<&'static str> {
    for a in m.attrs[set].0.iter() {
        let Some(k) = a.kind() else { continue };
        let n = k.info().name;
        if llvm7 {
            if matches!(
                n,
                "byval" | "inalloca" | "nest" | "nocapture" | "returned" | "sret" | "swifterror" | "swiftself"
            ) {
                return Some("parse invalid use of parameter-only attribute");
            }
            if matches!(n, "readnone" | "readonly") {
                return Some("parse invalid use of attribute on return type");
            }
            // Its return list ends at an attribute it does not take there, and a type is due.
            if n == "writeonly" {
                return Some("parse expected type");
            }
        } else if !RETURN_ATTRS.contains(&n) && !FUNCTION_ONLY.contains(&n) {
            return Some("parse this attribute does not apply to return values");
        }
    }
    None
}

/// `initializes((a, b), ...)`: LLVM 22's reader wants each range non-empty and the ranges in
/// order, apart and not touching (`ConstantRangeList::isOrderedRanges`).
fn initializes_problem(m: &nvir_llvm::Module, set: nvir_llvm::ir::attrs::AttrSetId) -> Option<&'static str> {
    let arg = m.attrs[set].0.iter().find_map(|a| match a {
        Attr::Raw(k, Some(arg)) if k.info().name == "initializes" => Some(arg),
        _ => None,
    })?;
    let nums: Vec<i128> = arg
        .split(|c: char| c == '(' || c == ')' || c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse::<i128>())
        .collect::<Result<_, _>>()
        .ok()?;
    if !nums.len().is_multiple_of(2) {
        return None;
    }
    let ranges: Vec<(i128, i128)> = nums.chunks(2).map(|c| (c[0], c[1])).collect();
    if ranges.iter().any(|(lo, hi)| lo == hi) {
        return Some("parse the range should not represent the full or empty set!");
    }
    let ordered = ranges.iter().all(|(lo, hi)| lo < hi) && ranges.windows(2).all(|w| w[1].0 > w[0].1);
    (!ordered).then_some("parse Invalid (unordered or overlapping) range list")
}

/// The readers' rules on the types a module names (`readermodern/`): a token is no element of
/// an array or a vector (both paths), nor is `x86_amx`, which is no variable's type either
/// (the modern path; LLVM 7 has no `x86_amx`).
fn check_reader_types(cx: &Cx, out: &mut Findings) {
    use nvir_llvm::ir::TypeData;
    let m = cx.m;
    let llvm7 = cx.llvm7();
    let bad = |t: nvir_llvm::ir::TypeId| match m.types.get(t) {
        TypeData::Token => Some("token"),
        TypeData::X86Amx if !llvm7 => Some("x86_amx"),
        _ => None,
    };
    for (_, t) in m.types.iter() {
        let (msg, word) = match t {
            TypeData::Array { elem, .. } => match bad(*elem) {
                Some(w) => ("parse invalid array element type", w),
                None => continue,
            },
            TypeData::Vector { elem, .. } => match bad(*elem) {
                Some(w) => ("parse invalid vector element type", w),
                None => continue,
            },
            _ => continue,
        };
        out.parse("llvm-reader-type", msg, None);
        out.token(Token::Word(word));
        return;
    }
    for (_, g) in m.globals.iter() {
        if !llvm7 && matches!(m.types.get(g.ty), TypeData::X86Amx) {
            out.parse("llvm-reader", "parse invalid type for global variable", g.source);
            return;
        }
    }
}

/// Calling conventions whose keywords are newer than LLVM 7's reader, which stops at one
/// expecting a type (`calls/cc_newer_*`; written `cc N` it takes them, which nvir does not tell
/// apart).
fn newer_cc(cc: u32) -> Option<&'static str> {
    Some(match cc {
        18 => "tailcc",
        19 => "cfguard_checkcc",
        20 => "swifttailcc",
        21 => "preserve_nonecc",
        97 => "aarch64_vector_pcs",
        98 => "aarch64_sve_vector_pcs",
        100 => "amdgpu_gfx",
        102 => "aarch64_sme_preservemost_from_x0",
        103 => "aarch64_sme_preservemost_from_x2",
        104 => "amdgpu_cs_chain",
        105 => "amdgpu_cs_chain_preserve",
        106 => "m68k_rtdcc",
        107 => "graalcc",
        110 => "riscv_vector_cc",
        111 => "aarch64_sme_preservemost_from_x1",
        _ => return None,
    })
}

const ALLOCSIZE_SAME: &str = "parse 'allocsize' indices can't refer to the same parameter";

/// Whether an attribute set has `allocsize(N, N)`, which both readers refuse wherever they read
/// it: on a function, in an attribute group, at a call (`grammar/allocsize_*`).
fn allocsize_same(m: &nvir_llvm::Module, set: nvir_llvm::ir::attrs::AttrSetId) -> bool {
    m.attrs[set].0.iter().any(|a| match a {
        Attr::Raw(k, Some(arg)) if k.info().name == "allocsize" => {
            let mut indices = arg.split(',').map(|i| i.trim().parse::<u64>().ok());
            matches!((indices.next(), indices.next()), (Some(Some(a)), Some(Some(b))) if a == b)
        }
        _ => false,
    })
}

/// For the first numbered label (at `label_at`): its number and where the first unnamed value
/// after it is defined, as LLVM 7's reader meets them.
fn llvm7_misnumbered(m: &nvir_llvm::Module, f: &nvir_llvm::ir::Function, label_at: u32) -> Option<(u32, u32)> {
    let starts = &f.source.insts;
    let unnamed_value = |i: nvir_llvm::ir::InstId| {
        f.inst_name(i).is_none() && !matches!(m.types.get(f.insts[i].ty), nvir_llvm::ir::TypeData::Void)
    };
    let mut next = f.params.iter().filter(|p| p.name.is_none()).count() as u32;
    let mut label = None;
    for &b in &f.layout {
        let block = &f.blocks[b];
        let first_at = block.insts.first().and_then(|i| starts.get(i.index())).copied();
        if block.name.is_none() {
            if label.is_none() && first_at.is_some_and(|s| s > label_at) {
                label = Some(next);
            }
            next += 1;
        }
        for &i in &block.insts {
            if unnamed_value(i) {
                if let Some(n) = label {
                    return Some((n, *starts.get(i.index())?));
                }
                next += 1;
            }
        }
    }
    None
}

fn check_llvm7(cx: &Cx, text: bool, out: &mut Findings) {
    let m = cx.m;
    // LLVM 7's reader stops at the first construct it cannot read: gather them with where they
    // are written and report them in text order, so the first is the one libNVVM prints.
    let mut found = Stops::default();
    if m.types.dialect() == Some(Dialect::OpaquePointers) {
        found.push((
            m.types.first_pointer_at(),
            "nvvm-dialect",
            format!(
                "parse expected {}: `ptr` is opaque-pointer syntax (LLVM 15+), and libNVVM reads LLVM 7 typed pointers below compute_100",
                // LLVM 7's reader reads a metadata operand's type with a message of its own.
                if m.types.first_pointer_in_metadata() { "metadata operand" } else { "type" }
            ),
            "target compute_100+ (or pass --nvvm-latest), whose reader takes opaque pointers; or downgrade the module to typed pointers",
            None,
        ));
    }
    if let Some(at) = m.first_written.splat {
        // `splat (…)` (`grammar/splat_*`): LLVM 7 wants a value there.
        found.push((
            Some(at),
            "nvvm-llvm7-syntax",
            "parse expected value token: `splat (…)` is LLVM 19+ syntax (write the vector's elements)".into(),
            DOWNGRADE,
            Some(Token::Word("splat")),
        ));
    }
    if let Some(n) = m.misnumbered {
        // LLVM 7's reader wants each numbered global and value to take exactly the next number
        // (its message writes `%` for globals too).
        found.push((
            Some(n.at),
            "nvvm-llvm7-syntax",
            format!(
                "parse {} expected to be numbered '%{}': numbers that skip are LLVM 19+ syntax",
                n.what, n.expected
            ),
            DOWNGRADE,
            None,
        ));
    }
    // The variable the first opaque pointer is written in: its type or initializer comes before
    // its alignment and properties (measured, `llvm7stops/ptr_then_huge_align*`).
    let holder = (m.types.dialect() == Some(Dialect::OpaquePointers))
        .then(|| m.types.first_pointer_at())
        .flatten()
        .and_then(|p| {
            let (start, id) =
                m.globals.iter().filter_map(|(id, g)| g.source.filter(|&s| s <= p).map(|s| (s, id))).max()?;
            let function_between = m.functions.iter().any(|(_, f)| f.source.start.is_some_and(|s| s > start && s <= p));
            (!function_between).then_some(id)
        });
    for (id, g) in m.globals.iter() {
        if Some(id) == holder {
            continue;
        }
        // Properties after the initializer newer than LLVM 7 (`grammar/global_*` of
        // `scripts/probe/axes.py`): its reader names none of them.
        let newer = if g.props.partition().is_some() {
            Some("partition")
        } else if g.props.code_model().is_some() {
            Some("code_model")
        } else {
            nvir_llvm::ir::module::sanitizer::KEYWORDS.iter().find(|(bit, _)| g.sanitizer & bit != 0).map(|(_, n)| *n)
        };
        if let Some(word) = newer {
            found.push((
                g.source,
                "nvvm-llvm7-syntax",
                format!("parse unknown global variable property!: `{word}` is newer than LLVM 7"),
                DOWNGRADE,
                Some(Token::Word(word)),
            ));
        }
        // LLVM 7's limit is 2^29, of a 32-bit number.
        if let Some(what) = g.props.align.and_then(|a| llvm7_align_problem(a.bytes())) {
            found.push((
                g.source,
                "nvvm-llvm7-syntax",
                what.into(),
                "LLVM 7 aligns to at most 2^29 bytes",
                Some(Token::After("align")),
            ));
        }
    }
    // An intrinsic called without a declaration (LLVM 19+ declares it): LLVM 7's reader finds
    // the name undefined when the module ends, after every other stop, and names the first of
    // the undefined names in byte order (its forward references are a sorted map; measured,
    // `llvm7/undeclared_*`, before the IR version is looked at).
    // (Only the text reader leaves a function without the place it was declared: bitcode gives
    // every function a record, and in a module built in code no function has a place at all.)
    let read_from_text = m.functions.iter().any(|(_, f)| f.source.start.is_some());
    let undeclared = m
        .functions
        .iter()
        .filter(|(_, f)| read_from_text && f.source.start.is_none() && !f.is_definition && f.name.starts_with("llvm."))
        .map(|(_, f)| &*f.name)
        .min_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    if let Some(name) = undeclared {
        found.push((
            None,
            "nvvm-llvm7-syntax",
            format!("parse use of undefined value '@{name}': LLVM 7 calls only declared intrinsics"),
            "declare the intrinsic (`declare … @name(…)`)",
            None,
        ));
    }
    // An ifunc's resolver and an alias's aliasee as LLVM 7's reader types them (measured,
    // `llvm7/ifunc_*`, `llvm7/alias_*`): a pointer to a function, and one to the alias's type.
    for (_, i) in m.ifuncs.iter() {
        if let nvir_llvm::ir::TypeData::Pointer { pointee: Some(p), .. } = m.types.get(m.const_ty(i.resolver)) {
            if !matches!(m.types.get(*p), nvir_llvm::ir::TypeData::Function { .. }) {
                found.push((
                    None,
                    "nvvm-llvm7-syntax",
                    "parse explicit pointee type should be a function type".into(),
                    "an ifunc's resolver is a function pointer (cast it to one)",
                    Some(Token::Word("ifunc")),
                ));
            }
        }
    }
    for (_, a) in m.aliases.iter() {
        if let nvir_llvm::ir::TypeData::Pointer { pointee: Some(p), .. } = m.types.get(m.const_ty(a.aliasee)) {
            if *p != a.ty {
                found.push((
                    None,
                    "nvvm-llvm7-syntax",
                    "parse explicit pointee type doesn't match operand's pointee type".into(),
                    "an alias's type is its aliasee's pointee type (cast the aliasee to a pointer to it)",
                    Some(Token::Word("alias")),
                ));
            }
        }
    }
    if let Some(what) = m.consts.iter().find_map(|(_, c)| match c {
        ConstData::Expr(e) if e.op == ExprOp::Cast(CastOp::BitCast) => {
            e.operands.first().and_then(|&o| llvm7_bitcast(m, m.const_ty(o), e.ty))
        }
        _ => None,
    }) {
        found.push((None, "nvvm-llvm7-syntax", what, DOWNGRADE, Some(Token::Word("bitcast"))));
    }
    if m.consts.iter().any(|(_, c)| matches!(c, ConstData::DsoLocalEquivalent { .. })) {
        found.push((
            None,
            "nvvm-llvm7-syntax",
            "parse expected value token: `dso_local_equivalent` is LLVM 12+".into(),
            DOWNGRADE,
            Some(Token::Word("dso_local_equivalent")),
        ));
    }
    for (_, f) in m.functions.iter() {
        if let Some((inst, record)) = f.debug_records.first() {
            // A debug record (LLVM 19) is where LLVM 7's reader wants an instruction
            // (`grammar/dbg_record_*`): after the instruction before it, or the header.
            let before = f
                .layout
                .iter()
                .flat_map(|&b| f.blocks[b].insts.iter().copied())
                .take_while(|i| i != inst)
                .last()
                .and_then(|i| f.inst_offset(i))
                // First in the body: after a header with an opaque pointer (which LLVM 7's
                // reader stops at first, `mdrules/dbgrecord_*`), so just before the
                // instruction it is on; else where the header starts.
                .or_else(|| f.inst_offset(*inst).filter(|_| opaque_header(m, f)).map(|at| at.saturating_sub(2)))
                .or(f.source.start);
            found.push((
                before.map(|at| at + 1),
                "nvvm-llvm7-syntax",
                format!(
                    "parse expected instruction opcode: `#{}` records are LLVM 19+ syntax (LLVM 7 calls `llvm.dbg.*`)",
                    record.kind.keyword()
                ),
                DOWNGRADE,
                Some(Token::Word(record.kind.keyword())),
            ));
        }
        if let Some(kw) = newer_cc(f.cc) {
            found.push((
                f.source.start,
                "nvvm-llvm7-syntax",
                format!("parse expected type: `{kw}` is newer than LLVM 7"),
                DOWNGRADE,
                Some(Token::Word(kw)),
            ));
        }
        if f.props.partition().is_some() {
            let expected = if f.is_definition { "expected '{' in function body" } else { "expected top-level entity" };
            found.push((
                f.source.start,
                "nvvm-llvm7-syntax",
                format!("parse {expected}: `partition` is newer than LLVM 7"),
                DOWNGRADE,
                Some(Token::Word("partition")),
            ));
        }
        if let Some(at) = f.rare.as_ref().and_then(|r| r.numbered_argument) {
            found.push((
                Some(at),
                "nvvm-llvm7-syntax",
                "parse expected ')' at end of argument list: explicitly numbered arguments (`i32 %0`) are LLVM 8+ syntax".into(),
                DOWNGRADE,
                None,
            ));
        }
        if let Some((at, used)) = f.rare.as_ref().and_then(|r| r.numbered_label) {
            // LLVM 7 reads `N:` as a block *named* "N", which takes no number: the next unnamed
            // value, numbered N+1 in the text, is where its reader stops, expecting `%N`. With no
            // unnamed value after it, the reader stops at the function's end, where the smallest
            // `%N` used as a label is still undefined; a label nothing uses passes (measured:
            // the `numbering/` axis).
            let stop = match llvm7_misnumbered(m, f, at) {
                Some((n, inst_at)) => Some((
                    Some(inst_at),
                    "nvvm-llvm7-syntax",
                    format!("parse instruction expected to be numbered '%{n}': numbered block labels (`{n}:`) are LLVM 8+ syntax"),
                    DOWNGRADE,
                    None,
                )),
                None => used.map(|label| {
                    (
                        f.source.insts.iter().copied().max().or(Some(at)),
                        "nvvm-llvm7-syntax",
                        format!(
                            "parse use of undefined value '%{label}': numbered block labels (`{label}:`) are LLVM 8+ \
                             syntax, which LLVM 7 reads as names"
                        ),
                        DOWNGRADE,
                        None,
                    )
                }),
            };
            found.extend(stop);
        }
        for (i, inst) in f.insts.iter() {
            let what = newer_instruction(m, inst).map(|newer| match newer {
                NewerInstruction::Opcode(op) => {
                    (format!("parse expected instruction opcode: `{op}` is newer than LLVM 7"), Token::Word(op))
                }
                NewerInstruction::RmwOp(op) => (
                    format!("parse expected binary operation in atomicrmw: `atomicrmw {op}` is newer than LLVM 7"),
                    Token::Word(op),
                ),
                // LLVM 9's reader stops at the value's type, after the pointer operand.
                NewerInstruction::FloatXchg => (
                    "parse atomicrmw operand must be an integer: floating-point `xchg` is LLVM 9+".into(),
                    Token::After(","),
                ),
            });
            let cc = match &inst.kind {
                InstKind::Call { call, .. } | InstKind::Invoke { call, .. } => newer_cc(call.cc),
                _ => None,
            };
            let what = what
                .or_else(|| cc.map(|kw| (format!("parse expected type: `{kw}` is newer than LLVM 7"), Token::Word(kw))))
                .or_else(|| llvm7_rmw_width(m, inst))
                .or_else(|| newer_flags(inst))
                .or_else(|| newer_operand_syntax(m, inst))
                .or_else(|| match &inst.kind {
                    InstKind::Call { call, .. } if !call.fmf.is_empty() => match m.types.get(call.fn_ty) {
                        nvir_llvm::ir::TypeData::Function { ret, .. }
                            if !crate::intrinsics::fmf_call_type(&m.types, *ret, crate::Path::Llvm7) =>
                        {
                            Some((FMF_CALL.to_string(), Token::Word("call")))
                        }
                        _ => None,
                    },
                    _ => None,
                })
                .or_else(|| match &inst.kind {
                    InstKind::Cast { op: CastOp::BitCast, from, .. } => {
                        llvm7_bitcast(m, *from, inst.ty).map(|what| (what, Token::Word("bitcast")))
                    }
                    _ => None,
                });
            if let Some((what, token)) = what {
                found.push((f.inst_offset(i), "nvvm-llvm7-syntax", what, DOWNGRADE, Some(token)));
            }
        }
    }
    // Attributes LLVM 7 does not know: its reader stops at the first, with the message of the
    // list it was reading.
    let newer = |set: nvir_llvm::ir::AttrSetId| {
        m.attrs[set].0.iter().find_map(|a| match a {
            Attr::Str(..) => None,
            a => a.kind().filter(|k| !k.info().llvm7 || typed_byval(a)).map(|k| k.info().name),
        })
    };
    // In an attribute group, the reader stops where the group is written ("unterminated
    // attribute group"), wherever it is used; a function attribute written in the header stops
    // it at the function.
    let mut grouped: Vec<&str> = Vec::new();
    for g in &m.attr_group_sources {
        let first = g.attrs.iter().find_map(|a| match a {
            Attr::Str(..) => None,
            a => a.kind().filter(|k| !k.info().llvm7 || typed_byval(a)).map(|k| k.info().name),
        });
        if let Some(name) = first {
            if grouped.is_empty() {
                found.push((
                    Some(g.at),
                    "nvvm-llvm7-syntax",
                    format!("parse unterminated attribute group: `{name}` is newer than LLVM 7, whose reader does not know it"),
                    DOWNGRADE,
                    Some(Token::Word(name)),
                ));
            }
            grouped.push(name);
        }
    }
    for (_, f) in m.functions.iter() {
        let lists = std::iter::once(f.ret_attrs).chain(f.params.iter().map(|p| p.attrs));
        let param = lists.clone().find_map(newer);
        let in_header = newer(f.fn_attrs).filter(|name| !grouped.contains(name));
        let (name, expected) = match (param, in_header) {
            // Return attributes come before the return type: LLVM 7 takes the unknown word
            // for the type.
            (Some(name), _) if newer(f.ret_attrs).is_some() => (name, "expected type"),
            (Some(name), _) => (name, "expected ')' at end of argument list"),
            (None, Some(name)) if f.is_definition => (name, "expected '{' in function body"),
            (None, Some(name)) => (name, "expected top-level entity"),
            (None, None) => continue,
        };
        // The header is read in order: return attributes, return type, then each parameter's
        // type before its attributes. An opaque pointer read before the unknown attribute (the
        // module's first, in this header) stops the reader first.
        let attr_list = lists.clone().position(|set| newer(set).is_some()).unwrap_or(f.params.len() + 1);
        let opaque = |t| matches!(m.types.get(t), nvir_llvm::ir::TypeData::Pointer { pointee: None, .. });
        let (ret, params) = match m.types.get(f.ty) {
            nvir_llvm::ir::TypeData::Function { ret, params, .. } => (*ret, &params[..]),
            _ => (f.ty, &[][..]),
        };
        let pointer_first = (attr_list > 0 && opaque(ret)) || params.iter().take(attr_list).any(|&t| opaque(t));
        let at = match (f.source.start, m.types.first_pointer_at()) {
            (Some(start), Some(ptr)) if pointer_first && ptr >= start => Some(ptr + 1),
            (start, _) => start,
        };
        found.push((
            at,
            "nvvm-llvm7-syntax",
            format!("parse {expected}: `{name}` is newer than LLVM 7, whose reader does not know it"),
            DOWNGRADE,
            (!pointer_first).then_some(Token::Word(name)),
        ));
        break;
    }
    // Debug-info fields and nodes newer than LLVM 7 (its reader: `invalid field 'X'`, `expected
    // metadata type`). Metadata follows the code, so these come after what a body holds.
    for (_, node) in m.metadata.iter() {
        if let nvir_llvm::ir::MdNode::Special { kind, fields, distinct } = node {
            // Both readers want a compile unit distinct before they read its fields.
            if &**kind == "DICompileUnit" && distinct.is_none() {
                found.push((None, "nvvm-llvm7-syntax", CU_DISTINCT.into(), CU_DISTINCT_HELP, None));
                break;
            }
            if NEWER_DI_NODES.contains(&&**kind) {
                found.push((None, "nvvm-llvm7-syntax", "parse expected metadata type".into(), DOWNGRADE, None));
                break;
            }
            if let Some((message, word)) = llvm7_di_fields(kind, fields) {
                found.push((None, "nvvm-llvm7-syntax", message, DOWNGRADE, word.map(Token::Word)));
                break;
            }
        }
        if let Some((message, word)) = unknown_di_word(node, true) {
            found.push((None, "nvvm-llvm7-syntax", message, DOWNGRADE, Some(Token::Word(word))));
            break;
        }
    }
    // `poison` (LLVM 12+) is not a value LLVM 7's reader knows; it stops where it is first
    // written, before a later opaque pointer (`grammar/poison_opaque`).
    if m.consts.iter().any(|(_, c)| matches!(c, ConstData::Poison(_))) {
        found.push((
            m.first_written.poison,
            "nvvm-llvm7-syntax",
            "parse expected value token: `poison` is LLVM 12+ (write `undef`)".into(),
            DOWNGRADE,
            Some(Token::Word("poison")),
        ));
    }
    // Constants LLVM 7's reader does not know (`grammar/const_*`): it expects a value there.
    let newer_const = m.consts.iter().find_map(|(_, c)| match c {
        ConstData::NoCfi { .. } => Some("no_cfi"),
        ConstData::Expr(e) if matches!(e.op, ExprOp::FNeg) => Some("fneg"),
        ConstData::Expr(e) if matches!(e.op, ExprOp::Cast(CastOp::PtrToAddr)) => Some("ptrtoaddr"),
        // `inrange(a, b)` before the operands is LLVM 19's; LLVM 7 takes `inrange` on an index.
        ConstData::Expr(e) if e.inrange.is_some() => Some("inrange"),
        _ => None,
    });
    if let Some(word) = newer_const {
        let message = match word {
            "inrange" => "parse expected '(' in constantexpr: `inrange(…)` before the operands is LLVM 19+".into(),
            _ => format!("parse expected value token: the constant `{word}` is newer than LLVM 7"),
        };
        let at = match word {
            "no_cfi" => m.first_written.no_cfi,
            "fneg" => m.first_written.fneg,
            "ptrtoaddr" => m.first_written.ptrtoaddr,
            _ => None,
        };
        found.push((at, "nvvm-llvm7-syntax", message, DOWNGRADE, Some(Token::Word(word))));
    }
    // Types LLVM 7 does not know.
    let newer = |t: &nvir_llvm::ir::TypeData| match t {
        nvir_llvm::ir::TypeData::Vector { scalable: true, .. } => Some("vscale"),
        nvir_llvm::ir::TypeData::Float(nvir_llvm::ir::FloatKind::BFloat) => Some("bfloat"),
        nvir_llvm::ir::TypeData::X86Amx => Some("x86_amx"),
        nvir_llvm::ir::TypeData::TargetExt(_) => Some("target"),
        _ => None,
    };
    let newer_type = m.types.iter().find_map(|(_, t)| newer(t));
    if let Some(t) = newer_type {
        // `<vscale x …>`: LLVM 7 reads `<` as the start of a vector, then wants its length.
        let expected = if t == "vscale" { "expected number in address space" } else { "expected type" };
        found.push((
            first_type_use(m, &|t| newer(t).is_some()),
            "nvvm-llvm7-syntax",
            format!("parse {expected}: `{t}` is newer than LLVM 7, whose reader does not know it"),
            DOWNGRADE,
            Some(Token::Word(t)),
        ));
    }
    let (found, unlisted) = found.finish();
    // The problems LLVM 7's reader finds in its own syntax ([`check_reader_rules`]) are read in
    // the same pass: one written before the first newer construct is where it stops (measured,
    // `llvm7order/`: an operand of the wrong type, a function-only attribute on a parameter, an
    // icmp of floats, a monotonic fence or an unordered cmpxchg before or after a newer
    // attribute, instruction or value, in one function or two; a tie in one header goes to the
    // parameter before the function attribute). Only in a typed module, against a stop with a
    // place: nvir places a header's problems at the header's start, where an opaque pointer
    // among the parameters is read first (`paramsmodern/`), and a stop without a place may be
    // anywhere (a type's definition).
    let typed = m.types.dialect() != Some(Dialect::OpaquePointers);
    let placed = found.first().filter(|(at, ..)| at.is_some()).map(stop_key);
    if let (true, true, Some(first)) = (text, typed, placed) {
        let mut reader = Findings::default();
        check_reader_types(cx, &mut reader);
        if reader.0.is_empty() {
            check_reader_rules(cx, text, &mut reader);
        }
        let at = reader.0.first().and_then(|f| f.location.offset());
        if at.is_some_and(|at| u64::from(at) * 2 < first) {
            out.absorb(reader);
            return;
        }
    }
    for (at, code, message, help, token) in found {
        out.parse(code, message, at);
        out.help(help);
        if let Some(t) = token {
            out.token(t);
        }
    }
    for (code, n) in unlisted {
        out.unlisted(code, n);
    }
}

/// Where LLVM 7's reader meets a stop, in text order. Stable: constructs without a place keep
/// their order, after the placed ones. A function attribute is read after the parameter list
/// its header's place stands for.
fn stop_key((at, _, message, ..): &Stop) -> u64 {
    let late = message.starts_with("parse expected '{' in function body")
        || message.starts_with("parse expected top-level entity");
    u64::from(at.unwrap_or(u32::MAX)) * 2 + u64::from(late)
}

/// The stops [`check_llvm7`] finds, kept only as far as they can be reported: in text order,
/// the first [`crate::MAX_PER_CODE`] of each code up to the first opaque pointer (past it the
/// module needs downgrading as a whole: what follows would only repeat that), the rest counted.
/// A module that writes a newer construct on each of 200k globals made 200k messages at once
/// (57 MB, more than the module).
#[derive(Default)]
struct Stops {
    found: Vec<Stop>,
    /// Stops past the first [`crate::MAX_PER_CODE`] of their code, by code.
    unlisted: Vec<(&'static str, usize)>,
}

impl Stops {
    fn push(&mut self, stop: Stop) {
        self.found.push(stop);
        if self.found.len() >= 4 * crate::MAX_PER_CODE {
            self.prune();
        }
    }

    /// Sorted, cut at the first opaque pointer, and the stops of each code past the first
    /// [`crate::MAX_PER_CODE`] counted rather than kept.
    fn prune(&mut self) {
        self.found.sort_by_key(stop_key);
        if let Some(k) = self.found.iter().position(|(_, code, ..)| *code == "nvvm-dialect") {
            self.found.truncate(k + 1);
        }
        let mut seen: Vec<(&'static str, usize)> = Vec::new();
        let unlisted = &mut self.unlisted;
        self.found.retain(|(_, code, ..)| {
            let n = match seen.iter_mut().find(|(c, _)| c == code) {
                Some((_, n)) => n,
                None => {
                    seen.push((code, 0));
                    &mut seen.last_mut().expect("just pushed").1
                }
            };
            *n += 1;
            if *n <= crate::MAX_PER_CODE {
                return true;
            }
            match unlisted.iter_mut().find(|(c, _)| c == code) {
                Some((_, n)) => *n += 1,
                None => unlisted.push((code, 1)),
            }
            false
        });
    }

    /// The stops to report in text order, and how many more of each code there are.
    fn finish(mut self) -> (Vec<Stop>, Vec<(&'static str, usize)>) {
        self.prune();
        (self.found, self.unlisted)
    }
}

impl Extend<Stop> for Stops {
    fn extend<I: IntoIterator<Item = Stop>>(&mut self, stops: I) {
        for stop in stops {
            self.push(stop);
        }
    }
}

/// Debug-info fields libNVVM's LLVM 7 reader does not know, by node (each measured: the
/// `debuginfo/` draws of `scripts/probe/fresh.py` and one probe per field; libNVVM's reader has
/// some later nodes, `DIStringType` and `DICommonBlock`, so release notes are not enough).
const NEWER_DI_FIELDS: &[(&str, &[&str])] = &[
    (
        "DICompileUnit",
        &["sourceLanguageName", "sourceLanguageVersion", "nameTableKind", "rangesBaseAddress", "sysroot", "sdk"],
    ),
    ("DISubprogram", &["spFlags", "targetFuncName", "annotations", "keyInstructions"]),
    ("DIBasicType", &["flags", "num_extra_inhabitants", "dataSize"]),
    (
        "DIDerivedType",
        &[
            "annotations",
            "ptrAuthKey",
            "ptrAuthIsAddressDiscriminated",
            "ptrAuthExtraDiscriminator",
            "ptrAuthIsaPointer",
            "ptrAuthAuthenticatesNullValues",
        ],
    ),
    (
        "DICompositeType",
        &[
            "dataLocation",
            "associated",
            "allocated",
            "rank",
            "annotations",
            "num_extra_inhabitants",
            "specification",
            "enumKind",
            "bitStride",
        ],
    ),
    ("DIModule", &["apinotes", "file", "line", "isDecl"]),
    ("DIGlobalVariable", &["annotations", "templateParams"]),
    ("DILocalVariable", &["annotations"]),
    ("DISubrange", &["stride", "upperBound"]),
    ("DILocation", &["isImplicitCode", "atomGroup", "atomRank"]),
    ("DILabel", &["column", "isArtificial", "coroSuspendIdx"]),
    ("DITemplateTypeParameter", &["defaulted"]),
    ("DITemplateValueParameter", &["defaulted"]),
    ("DIImportedEntity", &["elements"]),
    ("DIStringType", &["stringLocationExpression"]),
];

/// What LLVM 7's reader stops at in one debug-info node, reading its fields in the order written
/// (`dirules/sr_*`, `dimissing/`): a field it does not know (`invalid field`), a metadata
/// operand where it reads only an integer (a subrange's `lowerBound: !1`: `expected signed
/// integer`), then, at the node's end, a field it requires (`missing required field`: a
/// subrange's `count`, a global variable's `name`).
fn llvm7_di_fields(
    kind: &str,
    fields: &[(nvir_llvm::ir::metadata::FieldName, nvir_llvm::ir::metadata::MdField)],
) -> Option<(String, Option<&'static str>)> {
    use nvir_llvm::ir::di::{kind_by_name, LlvmVersion, ValueKind};
    use nvir_llvm::ir::metadata::MdField;
    let newer = NEWER_DI_FIELDS.iter().find(|(k, _)| *k == kind).map_or(&[][..], |(_, names)| *names);
    let spec = kind_by_name(kind);
    for (name, value) in fields {
        if let Some(&word) = newer.iter().find(|n| **n == &**name) {
            return Some((format!("parse invalid field '{word}': LLVM 7's `{kind}` has no `{word}:`"), Some(word)));
        }
        if kind == "DICompileUnit" && &**name == "language" {
            if let Some(message) = language_problem(value, LlvmVersion::Llvm7) {
                return Some((message, Some("language")));
            }
        }
        let rules = spec.and_then(|s| s.field(name)).and_then(|f| f.rules(LlvmVersion::Llvm7));
        if matches!(rules.map(|r| r.kind), Some(ValueKind::Signed { .. }))
            && !matches!(value, MdField::Int(_) | MdField::WideInt(_))
        {
            return Some((
                format!("parse expected signed integer: LLVM 7's `{kind}` takes only an integer `{name}:`"),
                None,
            ));
        }
    }
    let spec = spec?;
    let missing = spec.fields_in(LlvmVersion::Llvm7).find(|f| {
        f.rules(LlvmVersion::Llvm7).is_some_and(|r| r.required) && !fields.iter().any(|(n, _)| &**n == f.name)
    })?;
    Some((format!("parse missing required field '{}': LLVM 7's `{kind}` requires it", missing.name), None))
}

/// Whether a function's result or a parameter is an opaque pointer.
fn opaque_header(m: &nvir_llvm::Module, f: &nvir_llvm::ir::Function) -> bool {
    use nvir_llvm::ir::TypeData;
    let opaque = |t| matches!(m.types.get(t), TypeData::Pointer { pointee: None, .. });
    match m.types.get(f.ty) {
        TypeData::Function { ret, params, .. } => opaque(*ret) || params.iter().any(|&p| opaque(p)),
        _ => false,
    }
}

/// Debug-info nodes newer than LLVM 7.
const NEWER_DI_NODES: &[&str] = &["DIGenericSubrange", "DIAssignID", "DIArgList", "DISubrangeType", "DIFixedPointType"];

/// Where LLVM 7's reader would stop: (place, code, message, help, the token it stops at).
type Stop = (Option<u32>, &'static str, String, &'static str, Option<Token>);

/// An instruction LLVM 7's readers (text and bitcode) do not know.
pub(crate) enum NewerInstruction {
    /// `fneg`, `freeze`, `callbr`.
    Opcode(&'static str),
    /// An `atomicrmw` operation newer than LLVM 7 (`fadd`, `fmax`, …).
    RmwOp(&'static str),
    /// `atomicrmw xchg` of a floating-point value (LLVM 9+).
    FloatXchg,
}

pub(crate) fn newer_instruction(m: &nvir_llvm::Module, inst: &nvir_llvm::ir::Instruction) -> Option<NewerInstruction> {
    match &inst.kind {
        InstKind::FNeg { .. }
        | InstKind::Freeze(_)
        | InstKind::CallBr { .. }
        | InstKind::Cast { op: CastOp::PtrToAddr, .. } => Some(NewerInstruction::Opcode(inst.opcode())),
        InstKind::AtomicRmw { op, .. } if !op.in_llvm7() => Some(NewerInstruction::RmwOp(op.keyword())),
        InstKind::AtomicRmw { ty, .. } if !matches!(m.types.get(*ty), nvir_llvm::ir::TypeData::Int(_)) => {
            Some(NewerInstruction::FloatXchg)
        }
        _ => None,
    }
}

/// Where a type `bad` picks out is first written, as far as the IR keeps places: a variable's
/// type, a function's signature, an instruction's result.
fn first_type_use(m: &nvir_llvm::Module, bad: &dyn Fn(&nvir_llvm::ir::TypeData) -> bool) -> Option<u32> {
    use nvir_llvm::ir::{TypeData, TypeId};
    fn holds(m: &nvir_llvm::Module, t: TypeId, bad: &dyn Fn(&TypeData) -> bool, depth: u32) -> bool {
        let d = m.types.get(t);
        if bad(d) {
            return true;
        }
        if depth > 16 {
            return false;
        }
        let inner = |t: TypeId| holds(m, t, bad, depth + 1);
        match d {
            TypeData::Pointer { pointee, .. } => pointee.is_some_and(inner),
            TypeData::Vector { elem, .. } | TypeData::Array { elem, .. } => inner(*elem),
            TypeData::Struct(body) => body.fields.iter().any(|&f| inner(f)),
            TypeData::Function { ret, params, .. } => inner(*ret) || params.iter().any(|&p| inner(p)),
            _ => false,
        }
    }
    let globals = m.globals.iter().filter(|(_, g)| holds(m, g.ty, bad, 0)).filter_map(|(_, g)| g.source);
    let functions = m.functions.iter().filter_map(|(_, f)| {
        if holds(m, f.ty, bad, 0) {
            return f.source.start;
        }
        f.insts.iter().find(|(_, i)| holds(m, i.ty, bad, 0)).and_then(|(i, _)| f.source.insts.get(i.index()).copied())
    });
    globals.chain(functions).min()
}

/// LLVM 7's reader on `atomicrmw` of an integer: a power-of-two width of at least a byte
/// (measured: the `atomictypes/` axis; its other types stop at [`newer_instruction`]).
fn llvm7_rmw_width(m: &nvir_llvm::Module, inst: &nvir_llvm::ir::Instruction) -> Option<(String, Token)> {
    let InstKind::AtomicRmw { ty, .. } = &inst.kind else { return None };
    let nvir_llvm::ir::TypeData::Int(w) = m.types.get(*ty) else { return None };
    (*w < 8 || !w.is_power_of_two())
        .then(|| ("parse atomicrmw operand must be power-of-two byte-sized integer".into(), Token::After(",")))
}

/// `byval(T)`, `sret(T)`, `inalloca(T)` with a type: LLVM 7 writes them bare.
fn typed_byval(a: &Attr) -> bool {
    matches!(a, Attr::Type(k, Some(_)) if k.info().form == AttrForm::Type && matches!(k.info().name, "byval" | "sret" | "inalloca"))
}

/// Instruction flags newer than LLVM 7, with the message its reader stops with (measured):
/// `or disjoint`, `zext`/`uitofp nneg`, `trunc nuw`/`nsw` (LLVM 18+), `icmp samesign` (LLVM 20),
/// `getelementptr nuw`/`nusw` (LLVM 19), fast-math flags on `phi` and `select` (LLVM 9+) and on
/// the casts to floating point (LLVM 22).
fn newer_flags(inst: &nvir_llvm::ir::Instruction) -> Option<(String, Token)> {
    use nvir_llvm::ir::instruction::flags;
    let (word, message) = match &inst.kind {
        InstKind::Binary { flags: fl, .. } if fl & flags::DISJOINT != 0 => ("disjoint", "parse expected type"),
        InstKind::Cast { flags: fl, .. } if fl & flags::NNEG != 0 => ("nneg", "parse expected type"),
        InstKind::Cast { flags: fl, .. } if fl & (flags::NUW | flags::NSW) != 0 => ("nuw", "parse expected type"),
        InstKind::ICmp { flags: fl, .. } if fl & flags::SAMESIGN != 0 => {
            ("samesign", "parse expected icmp predicate (e.g. 'eq')")
        }
        InstKind::GetElementPtr { flags: fl, .. }
            if fl & flags::NUW != 0 || (fl & flags::GEP_NUSW != 0 && fl & flags::INBOUNDS == 0) =>
        {
            ("nuw", "parse expected type")
        }
        InstKind::Phi { fmf, .. } | InstKind::Select { fmf, .. } | InstKind::Cast { fmf, .. } if !fmf.is_empty() => {
            ("fast-math flags", "parse expected type")
        }
        _ => return None,
    };
    let token = if word == "fast-math flags" { Token::After(inst.opcode()) } else { Token::Word(word) };
    Some((format!("{message}: `{word}` on `{}` is newer than LLVM 7", inst.opcode()), token))
}

/// What LLVM 7's reader stops at inside an instruction it knows (`grammar/` of
/// `scripts/probe/axes.py`): `align` on `atomicrmw`/`cmpxchg` (LLVM 13+; it expects metadata
/// after the comma) and a call argument's attribute it does not know (it expects the value).
fn newer_operand_syntax(m: &nvir_llvm::Module, inst: &nvir_llvm::ir::Instruction) -> Option<(String, Token)> {
    match &inst.kind {
        InstKind::AtomicRmw { align: Some(_), .. } => Some((
            "parse expected metadata after comma: `align` on `atomicrmw` is LLVM 13+".into(),
            Token::Word("align"),
        )),
        InstKind::CmpXchg(x) if x.align.is_some() => {
            Some(("parse expected metadata after comma: `align` on `cmpxchg` is LLVM 13+".into(), Token::Word("align")))
        }
        InstKind::Call { call, .. } | InstKind::Invoke { call, .. } => {
            // Return attributes come first, where LLVM 7 wants the return type.
            let ret = m.attrs[call.ret_attrs].0.iter().find_map(|a| match a {
                Attr::Str(..) => None,
                a => a.kind().filter(|k| !k.info().llvm7).map(|k| k.info().name),
            });
            if let Some(name) = ret {
                return Some((
                    format!("parse expected type: `{name}` is newer than LLVM 7, whose reader does not know it"),
                    Token::Word(name),
                ));
            }
            let (at, name) = call.args.iter().enumerate().find_map(|(i, a)| {
                m.attrs[a.attrs].0.iter().find_map(|a| match a {
                    Attr::Str(..) => None,
                    a => a.kind().filter(|k| !k.info().llvm7 || typed_byval(a)).map(|k| (i, k.info().name)),
                })
            })?;
            // An argument's type comes before its attributes: an opaque pointer there, or in the
            // result type or an earlier argument, stops the reader first (`parse expected type`,
            // the module's first pointer).
            let opaque = |t| matches!(m.types.get(t), nvir_llvm::ir::TypeData::Pointer { pointee: None, .. });
            let ret = match m.types.get(call.fn_ty) {
                nvir_llvm::ir::TypeData::Function { ret, .. } => Some(*ret),
                _ => None,
            };
            if ret.is_some_and(opaque) || call.args[..=at].iter().any(|a| opaque(a.ty)) {
                return None;
            }
            Some((
                format!("parse expected value token: `{name}` is newer than LLVM 7, whose reader does not know it"),
                Token::Word(name),
            ))
        }
        _ => None,
    }
}

fn check_modern(cx: &Cx, text: bool, out: &mut Findings) {
    // libNVVM's modern reader has no `uselistorder_bb` (`grammar/uselistorder_bb_*`).
    if let Some(at) = cx.m.first_written.uselistorder_bb {
        out.parse("nvvm-modern-syntax", USELISTORDER_BB, Some(at));
        out.help("drop the use-list order (it only orders a block's uses)");
        return;
    }
    // The code models LLVM 22 names (`grammar/global_code_model_*`).
    for (_, g) in cx.m.globals.iter() {
        if let Some(cm) = g.props.code_model() {
            if !matches!(&**cm, "tiny" | "small" | "kernel" | "medium" | "large") {
                out.parse("nvvm-modern-syntax", "parse expected global code model string", g.source);
                out.token(Token::After("code_model"));
                out.help("write one of \"tiny\", \"small\", \"kernel\", \"medium\", \"large\"");
                return;
            }
        }
    }
    // `inrange` on an index of a constant `getelementptr` is LLVM 7…18 text; LLVM 19 moved it
    // before the operands as `inrange(a, b)` (`grammar/gep_inrange_*`). Old bitcode is upgraded.
    if text && cx.m.consts.iter().any(|(_, c)| matches!(c, ConstData::Expr(e) if !e.indices.is_empty())) {
        out.parse(
            "nvvm-modern-syntax",
            "parse expected ')' in constantexpr: `inrange` on an index is LLVM 7…18 syntax",
            None,
        );
        out.token(Token::Word("inrange"));
        out.help("write `getelementptr inrange(START, END) (…)` (LLVM 19+), or drop `inrange`");
        return;
    }
    // Constant expressions newer LLVMs removed (measured: LLVM 22 keeps `add`, `sub`, `xor`,
    // `trunc`, the pointer casts, `bitcast`, `getelementptr` and the vector ones). The reader
    // stops at the first written, the outermost of a nest.
    let removed = |e: &nvir_llvm::ir::constant::ConstExpr| -> Option<&'static str> {
        match e.op {
            ExprOp::Binary(op) => (!matches!(op, BinOp::Add | BinOp::Sub | BinOp::Xor)).then(|| op.keyword()),
            ExprOp::Cast(op) => {
                (!matches!(op.keyword(), "trunc" | "bitcast" | "ptrtoint" | "inttoptr" | "addrspacecast" | "ptrtoaddr"))
                    .then(|| op.keyword())
            }
            ExprOp::ICmp(_) => Some("icmp"),
            ExprOp::FCmp(_) => Some("fcmp"),
            ExprOp::Select => Some("select"),
            ExprOp::FNeg => Some("fneg"),
            ExprOp::ExtractValue => Some("extractvalue"),
            ExprOp::InsertValue => Some("insertvalue"),
            _ => None,
        }
    };
    let mut inner: rustc_hash::FxHashSet<nvir_llvm::ir::ConstId> = Default::default();
    let mut first = None;
    for (id, c) in cx.m.consts.iter() {
        if let ConstData::Expr(e) = c {
            if removed(e).is_some() {
                inner.extend(e.operands.iter().copied());
                first.get_or_insert(id);
            }
        }
    }
    let outer = cx.m.consts.iter().find_map(|(id, c)| match c {
        ConstData::Expr(e) if !inner.contains(&id) => removed(e),
        _ => None,
    });
    if let Some(op) = outer.or_else(|| {
        first.and_then(|id| match &cx.m.consts[id] {
            ConstData::Expr(e) => removed(e),
            _ => None,
        })
    }) {
        out.parse("nvvm-modern-syntax", format!("parse {op} constexprs are no longer supported"), None);
        out.token(Token::Word(op));
        out.help("compute the value in an instruction, or fold it into the constant");
        return;
    }
    // LLVM 22 dropped `x86_mmx`.
    if cx.m.types.iter().any(|(_, t)| matches!(t, nvir_llvm::ir::TypeData::X86Mmx)) {
        out.parse("nvvm-modern-syntax", "parse expected type: `x86_mmx` is no longer an LLVM type", None);
        out.token(Token::Word("x86_mmx"));
        return;
    }
    // The modern reader requires the type on `byval`/`inalloca`/`sret`-style attributes.
    let untyped = cx.m.attrs.iter().flat_map(|(_, set)| set.0.iter()).find_map(|a| match a {
        Attr::Type(k, None) if matches!(k.info().name, "byval" | "inalloca" | "preallocated" | "sret") => {
            Some(k.info().name)
        }
        _ => None,
    });
    if let Some(name) = untyped {
        out.parse(
            "nvvm-modern-syntax",
            format!("parse expected '(': `{name}` without a type is refused by the compute_100+ reader"),
            None,
        );
        out.help(format!("write the type: `{name}(%struct.S)` (`nvir print --syntax modern` does)"));
        out.token(Token::After(name));
        return;
    }
    // Fast-math flags on a call whose result is no floating-point type LLVM 22 allows them on.
    if let Some(at) = call_fmf_misplaced(cx.m, crate::Path::Modern) {
        out.parse("nvvm-modern-syntax", FMF_CALL, at);
        out.token(Token::Word("call"));
        out.help("drop the fast-math flags on this call (they only apply to floating-point results)");
        return;
    }
    // Debug-info words LLVM 22 does not know (metadata follows the code). The fields libNVVM's
    // modern reader requires where LLVM 22's does not (the `dimissing/` and `llvmverifier/`
    // axes) are [`crate::llvmverifier::check_reader_metadata`]'s, after the code's rules.
    let problem = cx.m.metadata.iter().find_map(|(_, node)| {
        let help = "write `language: DW_LANG_*` or `sourceLanguageName: DW_LNAME_*` (LLVM 22), with \
                    `sourceLanguageVersion:` only beside the name";
        cu_language(node)
            .map(|(m, w)| (if m == CU_DISTINCT { CU_DISTINCT_HELP } else { help }, m, w))
            .map(|(h, m, w)| (m, w, h))
            .or_else(|| unknown_di_word(node, false).map(|(m, w)| (m, w, DI_WORDS_HELP)))
    });
    if let Some((message, word, help)) = problem {
        out.parse("nvvm-modern-syntax", message, None);
        out.token(Token::Word(word));
        out.help(help);
    }
}

/// The help for a debug-info word LLVM 22 does not know.
const DI_WORDS_HELP: &str = "write the flags and operations LLVM 22 knows (`nvir print --syntax modern` does)";

/// Both readers' stop at a compile unit not `distinct`, before its fields (`dilang/*_not_distinct`).
const CU_DISTINCT: &str = "parse missing 'distinct', required for !DICompileUnit";
const CU_DISTINCT_HELP: &str = "write `distinct !DICompileUnit(…)`";

/// LLVM 22's reader on a compile unit's language (`dilang/`): `sourceLanguageName:` a
/// `DW_LNAME_*` name or a 32-bit number, `sourceLanguageVersion:` a 32-bit number, in the order
/// written; then one of `language:` and `sourceLanguageName:`, and a version only beside a name.
fn cu_language(node: &nvir_llvm::ir::MdNode) -> Option<(String, &'static str)> {
    use nvir_llvm::ir::di::DW_LNAME;
    use nvir_llvm::ir::metadata::MdField;
    use nvir_llvm::ir::MdNode;
    let MdNode::Special { kind, fields, distinct } = node else { return None };
    if &**kind != "DICompileUnit" {
        return None;
    }
    if distinct.is_none() {
        return Some((CU_DISTINCT.to_string(), "DICompileUnit"));
    }
    let limit = |name: &str, value: &MdField| match value.as_int() {
        Some(n) if n < 0 => Some("parse expected unsigned integer".to_string()),
        Some(n) if n > i128::from(u32::MAX) => {
            Some(format!("parse value for '{name}' too large, limit is {}", u32::MAX))
        }
        _ => None,
    };
    for (name, value) in fields.iter() {
        let problem = match (&**name, value) {
            ("language", _) => language_problem(value, nvir_llvm::ir::di::LlvmVersion::Llvm19),
            ("sourceLanguageName", MdField::Int(_) | MdField::WideInt(_)) => limit(name, value),
            ("sourceLanguageName", MdField::Word(w)) if w.starts_with("DW_LNAME_") => {
                DW_LNAME.lookup(w).is_none().then(|| format!("parse invalid DWARF source language name '{w}'"))
            }
            ("sourceLanguageName", _) => Some("parse expected DWARF source language name".to_string()),
            ("sourceLanguageVersion", MdField::Int(_) | MdField::WideInt(_)) => limit(name, value),
            ("sourceLanguageVersion", _) => Some("parse expected unsigned integer".to_string()),
            _ => None,
        };
        if let Some(message) = problem {
            let word = if &**name == "sourceLanguageName" { "sourceLanguageName" } else { "sourceLanguageVersion" };
            return Some((message, word));
        }
    }
    let has = |n: &str| fields.iter().any(|(f, _)| &**f == n);
    let message = match (has("language"), has("sourceLanguageName"), has("sourceLanguageVersion")) {
        (false, false, _) => "parse missing one of 'language' or 'sourceLanguageName', required for !DICompileUnit",
        (true, true, _) => "parse can only specify one of 'language' and 'sourceLanguageName' on !DICompileUnit",
        (_, false, true) => {
            "parse 'sourceLanguageVersion' requires an associated 'sourceLanguageName' on !DICompileUnit"
        }
        _ => return None,
    };
    Some((message.to_string(), "DICompileUnit"))
}

/// Both readers on a compile unit's `language:` (`dilang/language_*`): a `DW_LANG_*` name the
/// path knows or a number up to 0xffff, in the same words on both paths.
fn language_problem(
    value: &nvir_llvm::ir::metadata::MdField,
    version: nvir_llvm::ir::di::LlvmVersion,
) -> Option<String> {
    use nvir_llvm::ir::metadata::MdField;
    match value {
        MdField::Int(_) | MdField::WideInt(_) => match value.as_int()? {
            n if n < 0 => Some("parse expected unsigned integer".to_string()),
            n if n > 0xffff => Some("parse value for 'language' too large, limit is 65535".to_string()),
            _ => None,
        },
        MdField::Word(w) if w.starts_with("DW_LANG_") => {
            let known = nvir_llvm::ir::di::DW_LANG.value_of(w, version).is_some();
            (!known).then(|| format!("parse invalid DWARF language '{w}'"))
        }
        _ => Some("parse expected DWARF language".to_string()),
    }
}

/// Both readers' words for fast-math flags on a call of another result type.
const FMF_CALL: &str = "parse fast-math-flags specified for call without floating-point scalar or vector return type";

/// Where the first call with fast-math flags its result type does not take is, for a path's
/// reader ([`crate::intrinsics::fmf_call_type`]; measured, `fmfcall/`): `Some(offset)`.
fn call_fmf_misplaced(m: &nvir_llvm::Module, path: crate::Path) -> Option<Option<u32>> {
    m.functions.iter().find_map(|(_, f)| {
        f.insts.iter().find_map(|(i, inst)| match &inst.kind {
            InstKind::Call { call, .. } if !call.fmf.is_empty() => match m.types.get(call.fn_ty) {
                nvir_llvm::ir::TypeData::Function { ret, .. }
                    if !crate::intrinsics::fmf_call_type(&m.types, *ret, path) =>
                {
                    Some(f.inst_offset(i))
                }
                _ => None,
            },
            _ => None,
        })
    })
}

/// The modern reader's stop at `uselistorder_bb`.
pub(crate) const USELISTORDER_BB: &str =
    "parse expected top-level entity: `uselistorder_bb` is not read by libNVVM's compute_100+ reader";

/// The first `DIFlag*` name or `DW_OP_*` operation in a debug-info node that a path's reader does
/// not know, with its reader's message (measured, the `diwords/` axis: every name of the table in
/// a flag and an expression on both paths). `DIFlagZero` is a name neither reader takes; LLVM 7's
/// reader says "flag flag".
fn unknown_di_word(node: &nvir_llvm::ir::MdNode, llvm7: bool) -> Option<(String, &'static str)> {
    use nvir_llvm::ir::di::{LlvmVersion, DI_FLAGS, DW_OP};
    use nvir_llvm::ir::metadata::{ExprElem, MdField};
    use nvir_llvm::ir::MdNode;
    let version = if llvm7 { LlvmVersion::Llvm7 } else { LlvmVersion::Llvm19 };
    match node {
        MdNode::Special { fields, .. } => fields.iter().find_map(|(_, value)| {
            let MdField::Word(w) = value else { return None };
            w.split('|').map(str::trim).find_map(|flag| {
                if !flag.starts_with("DIFlag") || (flag != "DIFlagZero" && DI_FLAGS.value_of(flag, version).is_some()) {
                    return None;
                }
                let word = DI_FLAGS.lookup(flag).map_or("DIFlagZero", |e| e.name);
                let flags = if llvm7 { "flag flag" } else { "flag" };
                Some((format!("parse invalid debug info {flags} '{flag}'"), word))
            })
        }),
        MdNode::Expression(elems) if llvm7 => elems.iter().find_map(|e| match e {
            ExprElem::Op(op) if DW_OP.value_of(op.name(), version).is_none() => {
                DW_OP.lookup(op.name()).map(|e| (format!("parse invalid DWARF op '{}'", e.name), e.name))
            }
            _ => None,
        }),
        _ => None,
    }
}
