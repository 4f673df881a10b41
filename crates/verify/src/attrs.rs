//! The LLVM verifier's attribute rules, which libNVVM applies before its own (both paths; its
//! LLVM 7 path prints no text for most of them). Measured with `scripts/probe/axes.py`: every
//! parameter attribute on every kind of parameter type, function attributes on definitions,
//! declarations, groups and call sites.

use crate::{Cx, Findings, Location};
use nvir_llvm::ir::attrs::{Attr, AttrForm};
use nvir_llvm::ir::{AttrSetId, Function, TypeData, TypeId};

/// How LLVM 22 prints an attribute in its messages (`align 8`, `dereferenceable(8)`,
/// `captures(none)` for the `nocapture` it upgrades, `sret(i32)`).
fn printed(types: &nvir_llvm::ir::types::Types, a: &Attr) -> String {
    match a {
        Attr::Enum(k) if k.info().name == "nocapture" => "captures(none)".into(),
        Attr::Enum(k) => k.info().name.into(),
        Attr::Int(k, n) if k.info().form == AttrForm::IntSpaced => format!("{} {n}", k.info().name),
        Attr::Int(k, n) => format!("{}({n})", k.info().name),
        Attr::Type(k, Some(t)) => {
            let mut s = format!("{}(", k.info().name);
            types.write_in(*t, &mut s, true);
            s.push(')');
            s
        }
        Attr::Type(k, None) => k.info().name.into(),
        Attr::Raw(k, Some(arg)) => format!("{}({arg})", k.info().name),
        Attr::Raw(k, None) => k.info().name.into(),
        Attr::Str(k, Some(v)) => format!("\"{k}\"=\"{v}\""),
        Attr::Str(k, None) => format!("\"{k}\""),
        _ => a.kind().map(|k| k.info().name.to_string()).unwrap_or_default(),
    }
}

fn name(a: &Attr) -> Option<&'static str> {
    a.kind().map(|k| k.info().name)
}

/// Attributes of values of integer type only.
const INT_ONLY: &[&str] = &["zeroext", "signext"];
/// Attributes of pointers only, on both paths.
const POINTER_ONLY: &[&str] = &[
    "noalias",
    "nocapture",
    "captures",
    "nest",
    "nonnull",
    "dereferenceable",
    "dereferenceable_or_null",
    "readonly",
    "readnone",
    "byval",
    "sret",
    "inalloca",
    "preallocated",
    "byref",
    "swifterror",
    "elementtype",
    "writable",
    "dead_on_unwind",
    "dead_on_return",
    "initializes",
    "allocptr",
];

/// Where LLVM 22 sorts an attribute kind within a set, and so which of several that do not apply
/// it names: keywords first, then those with an integer, with a type, with a range, with a list
/// of ranges (its kinds' classes in `Attributes.td`); by name within a class.
fn kind_order(a: &Attr) -> (u8, &'static str) {
    let Some(k) = a.kind() else { return (5, "") };
    let n = k.info().name;
    let class = match n {
        "align"
        | "alignstack"
        | "allockind"
        | "allocsize"
        | "captures"
        | "nocapture"
        | "dereferenceable"
        | "dereferenceable_or_null"
        | "memory"
        | "nofpclass"
        | "uwtable"
        | "vscale_range" => 1,
        "byref" | "byval" | "elementtype" | "inalloca" | "preallocated" | "sret" => 2,
        "range" => 3,
        "initializes" => 4,
        _ => 0,
    };
    // `nocapture` is read as `captures(none)`.
    (class, if n == "nocapture" { "captures" } else { n })
}

/// Whether `nofpclass` applies to a type: floating point, or vectors and arrays of it.
fn fp_class_type(types: &nvir_llvm::ir::types::Types, ty: TypeId) -> bool {
    match types.get(ty) {
        TypeData::Vector { elem, .. } | TypeData::Array { elem, .. } => fp_class_type(types, *elem),
        TypeData::Float(_) => true,
        _ => false,
    }
}

/// The attribute of `set` that does not apply to a value of type `ty` and that LLVM names.
fn incompatible(cx: &Cx, set: AttrSetId, ty: TypeId) -> Option<String> {
    let m = cx.m;
    let data = m.types.get(ty);
    let is_int = matches!(data, TypeData::Int(_));
    let is_ptr = matches!(data, TypeData::Pointer { .. });
    let is_ptr_vec = is_ptr
        || matches!(data, TypeData::Vector { elem, .. } if matches!(m.types.get(*elem), TypeData::Pointer { .. }));
    let scalar_int = match data {
        TypeData::Int(w) => Some(*w),
        TypeData::Vector { elem, .. } => m.types.int_width(*elem),
        _ => None,
    };
    let bad = |a: &&Attr| {
        let Some(n) = name(a) else { return false };
        (INT_ONLY.contains(&n) && !is_int)
            // (LLVM 7 has its own message for `swifterror`: [`check_function`].)
            || (POINTER_ONLY.contains(&n) && !is_ptr && !(n == "swifterror" && cx.llvm7()))
            // LLVM 7 takes `align` on any parameter; LLVM 22 on pointers only.
            || (n == "align" && !cx.llvm7() && !is_ptr_vec)
            // LLVM 22's (measured, the `paramsmodern/` axis): `allocalign` on integers, `range`
            // on integers (or vectors of them) of its width, `nofpclass` on floating point.
            || (n == "allocalign" && !is_int)
            || (n == "range" && {
                let width = match a {
                    Attr::Raw(_, Some(arg)) => arg.split_whitespace().next().and_then(|t| t.strip_prefix('i')?.parse().ok()),
                    _ => None,
                };
                scalar_int.is_none() || width.is_some_and(|w: u32| Some(w) != scalar_int)
            })
            || (n == "nofpclass" && !fp_class_type(&m.types, ty))
            // LLVM 22: no value is `void` (`calls/noundef_void_*`).
            || (n == "noundef" && matches!(data, TypeData::Void))
    };
    let set = &m.attrs[set].0;
    let first = if cx.llvm7() { set.iter().find(bad) } else { set.iter().filter(bad).min_by_key(|a| kind_order(a)) };
    first.map(|a| printed(&m.types, a))
}

pub(crate) fn has(cx: &Cx, set: AttrSetId, n: &str) -> bool {
    cx.m.attrs[set].0.iter().any(|a| name(a) == Some(n))
}

/// A function's own attributes and its parameters' and return's, as LLVM's verifier checks
/// them when it visits the function.
pub(crate) fn check_function(cx: &Cx, f: &Function, out: &mut Findings) {
    let m = cx.m;
    let at = || Location::Function { name: f.name.to_string(), offset: f.source.start };
    let TypeData::Function { ret, .. } = m.types.get(f.ty) else { return };
    let ret = *ret;
    let intrinsic = f.name.starts_with("llvm.");
    if !cx.llvm7() && has(cx, f.ret_attrs, "nocapture") {
        out.error("llvm-attr-position", NOCAPTURE_RETURN, at());
        return;
    }
    if let Some(a) = incompatible(cx, f.ret_attrs, ret) {
        out.error("llvm-attr-type", wrong_type_message(cx, &a, ret), at());
        return;
    }
    let mut swifterror = false;
    let mut seen = Seen::default();
    if let Some(k) = f.params.iter().position(|p| has(cx, p.attrs, "inalloca")) {
        if k + 1 != f.params.len() {
            // (Checked with its parameter, after that one's and the earlier ones' own attributes:
            // a problem of those wins, one of a later parameter does not; measured,
            // `inallocapos/`. On a parameter the words are "parameter", on a variable argument
            // "argument".)
            let earlier = f.params[..=k]
                .iter()
                .any(|p| incompatible(cx, p.attrs, p.ty).is_some() || memory_type_problem(cx, p.attrs).is_some());
            if !earlier {
                out.error("llvm-attr-inalloca", "inalloca isn't on the last parameter!", at());
                return;
            }
        }
    }
    for (k, p) in f.params.iter().enumerate() {
        // (Measured, `paramsmodern/`: before the attribute's type is looked at.)
        if !intrinsic && !cx.llvm7() && has(cx, p.attrs, "elementtype") {
            out.error(
                "llvm-attr-position",
                "Attribute 'elementtype' can only be applied to intrinsics and inline asm.",
                at(),
            );
            return;
        }
        if let Some(message) = combination_problem(cx, p.attrs) {
            out.error("llvm-attr-conflict", message, at());
            return;
        }
        if let Some(a) = incompatible(cx, p.attrs, p.ty) {
            out.error("llvm-attr-type", wrong_type_message(cx, &a, p.ty), at());
            out.help("this attribute describes pointers (or, for zeroext/signext, integers): remove it");
            return;
        }
        if let Some(message) = memory_type_problem(cx, p.attrs) {
            out.error("llvm-attr-type", message, at());
            return;
        }
        if cx.llvm7() && has(cx, p.attrs, "swifterror") {
            let message = if !matches!(m.types.get(p.ty), TypeData::Pointer { .. }) {
                Some("Attribute 'swifterror' only applies to parameters with pointer type!")
            } else if !pointer_to_pointer(cx, p.ty) {
                Some("Attribute 'swifterror' only applies to parameters with pointer to pointer type!")
            } else {
                None
            };
            if let Some(message) = message {
                out.error("llvm-attr-type", message, at());
                return;
            }
        }
        if let Some(message) = seen.add(cx, p.attrs, k) {
            out.error("llvm-attr-once", message, at());
            return;
        }
        // (LLVM 7's path prints no text for it; measured, `swifterror/two_params`.)
        if has(cx, p.attrs, "swifterror") {
            if swifterror {
                out.error("llvm-attr-swifterror", "Cannot have multiple 'swifterror' parameters!", at());
                return;
            }
            swifterror = true;
        }
        if !intrinsic && !cx.llvm7() && has(cx, p.attrs, "immarg") {
            out.error("llvm-attr-immarg", "immarg attribute only applies to intrinsics", at());
            return;
        }
        if has(cx, p.attrs, "returned") && !lossless(cx, p.ty, ret) {
            out.error("llvm-attr-returned", "Incompatible argument and return types for 'returned' attribute", at());
            return;
        }
        if !intrinsic {
            let kind = match m.types.get(p.ty) {
                TypeData::Metadata => Some("metadata"),
                _ => intrinsic_only(m, p.ty),
            };
            if let Some(kind) = kind {
                out.error("llvm-param-type", format!("Function takes {kind} but isn't an intrinsic"), at());
                return;
            }
        }
        if !cx.llvm7() && p_byval_type(cx, p.attrs).is_some_and(|t| huge(cx, t)) {
            out.error("llvm-attr-byval", "huge 'byval' arguments are unsupported", at());
            return;
        }
    }
    if cx.llvm7() {
        if let Some(message) = fn_combination_problem(cx, f.fn_attrs) {
            out.error("llvm-attr-conflict", message, at());
            return;
        }
    }
    if let Some(message) = calling_convention_problem(cx, f, ret) {
        out.error("llvm-call-conv", message, at());
        return;
    }
    if !intrinsic {
        if let Some(kind) = intrinsic_only(m, ret) {
            out.error("llvm-param-type", format!("Function returns a {kind} but isn't an intrinsic"), at());
            return;
        }
    }
    if has(cx, f.fn_attrs, "builtin") {
        out.error("llvm-attr-position", "Attribute 'builtin' can only be applied to a callsite.", at());
        return;
    }
    if has(cx, f.fn_attrs, "jumptable")
        && f.props.unnamed_addr == nvir_llvm::ir::module::UnnamedAddr::None
        && !crate::function::takes_intrinsic_attrs(cx, f)
    {
        out.error("llvm-attr-jumptable", "Attribute 'jumptable' requires 'unnamed_addr'", at());
        return;
    }
    if let Some(msg) = allocsize_problem(cx, f) {
        out.error("llvm-attr-allocsize", msg, at());
        out.help("`allocsize(N)` names an integer parameter by its index from 0");
        return;
    }
    for (k, p) in f.params.iter().enumerate() {
        if has(cx, p.attrs, "swifterror") {
            if let Some(message) = swifterror_use(cx, f, k) {
                out.error("llvm-swifterror", message, at());
                out.help("a swifterror value is only loaded, stored through, or passed as a swifterror argument");
                return;
            }
        }
    }
}

/// Attributes LLVM's verifier lets one parameter carry only one of, or not together
/// (`verifyParameterAttrs`; measured, `llvm7/params_*`: LLVM 7's path prints nothing for them,
/// on declarations too; the modern path keeps only the definitions to verify).
fn combination_problem(cx: &Cx, set: AttrSetId) -> Option<&'static str> {
    let attrs = &cx.m.attrs[set].0;
    if attrs.is_empty() {
        return None;
    }
    let has = |n: &str| attrs.iter().any(|a| name(a) == Some(n));
    let count = ["byval", "inalloca", "preallocated", "nest", "byref"].into_iter().filter(|n| has(n)).count()
        + usize::from(has("sret") || has("inreg"));
    if count > 1 {
        return Some(if cx.llvm7() {
            "Attributes 'byval', 'inalloca', 'inreg', 'nest', and 'sret' are incompatible!"
        } else {
            "Attributes 'byval', 'inalloca', 'preallocated', 'inreg', 'nest', 'byref', and 'sret' are incompatible!"
        });
    }
    [
        ("inalloca", "readonly", "Attributes 'inalloca and readonly' are incompatible!"),
        ("sret", "returned", "Attributes 'sret and returned' are incompatible!"),
        ("zeroext", "signext", "Attributes 'zeroext and signext' are incompatible!"),
        ("readnone", "readonly", "Attributes 'readnone and readonly' are incompatible!"),
        ("readnone", "writeonly", "Attributes 'readnone and writeonly' are incompatible!"),
        ("readonly", "writeonly", "Attributes 'readonly and writeonly' are incompatible!"),
        ("noinline", "alwaysinline", "Attributes 'noinline and alwaysinline' are incompatible!"),
    ]
    .into_iter()
    .find(|(a, b, _)| has(a) && has(b))
    .map(|(_, _, m)| m)
}

/// LLVM 7's verifier on a function's own attributes that exclude each other
/// (`verifyFunctionAttrs`; measured, `llvm7/fnattrs_*`, no text).
fn fn_combination_problem(cx: &Cx, set: AttrSetId) -> Option<&'static str> {
    let attrs = &cx.m.attrs[set].0;
    let has = |n: &str| attrs.iter().any(|a| name(a) == Some(n));
    [
        ("readnone", "readonly", "Attributes 'readnone and readonly' are incompatible!"),
        ("readnone", "writeonly", "Attributes 'readnone and writeonly' are incompatible!"),
        ("readonly", "writeonly", "Attributes 'readonly and writeonly' are incompatible!"),
        ("noinline", "alwaysinline", "Attributes 'noinline and alwaysinline' are incompatible!"),
    ]
    .into_iter()
    .find(|(a, b, _)| has(a) && has(b))
    .map(|(_, _, m)| m)
}

/// The parameter attributes LLVM's verifier allows once per function, as it meets them.
#[derive(Default)]
struct Seen {
    nest: bool,
    returned: bool,
    sret: bool,
    swiftself: bool,
}

impl Seen {
    fn add(&mut self, cx: &Cx, set: AttrSetId, k: usize) -> Option<&'static str> {
        if cx.m.attrs[set].0.is_empty() {
            return None;
        }
        if has(cx, set, "nest") {
            if self.nest {
                return Some("More than one parameter has attribute nest!");
            }
            self.nest = true;
        }
        if has(cx, set, "returned") {
            if self.returned {
                return Some("More than one parameter has attribute returned!");
            }
            self.returned = true;
        }
        if has(cx, set, "sret") {
            if self.sret {
                return Some("Cannot have multiple 'sret' parameters!");
            }
            if k > 1 {
                return Some("Attribute 'sret' is not on first or second parameter!");
            }
            self.sret = true;
        }
        if has(cx, set, "swiftself") {
            if self.swiftself {
                return Some("Cannot have multiple 'swiftself' parameters!");
            }
            self.swiftself = true;
        }
        None
    }
}

/// LLVM's verifier on the uses of a `swifterror` value (parameter `k`), in text order: loaded
/// from, stored through, or passed where the call marks the argument `swifterror` (measured, the
/// `swifterror/` axis, both paths).
fn swifterror_use(cx: &Cx, f: &Function, k: usize) -> Option<&'static str> {
    use nvir_llvm::ir::{InstKind, Value};
    let arg = Value::Arg(k as u32);
    for &b in &f.layout {
        for &i in &f.blocks[b].insts {
            let kind = &f.insts[i].kind;
            let mut used = false;
            kind.for_each_operand(|v| used |= v == arg);
            if !used {
                continue;
            }
            let problem = match kind {
                InstKind::Load { .. } => None,
                InstKind::Store { value, .. } if *value == arg => {
                    Some("swifterror value should be the second operand when used by stores")
                }
                InstKind::Store { .. } => None,
                InstKind::Call { call, .. } | InstKind::Invoke { call, .. } => {
                    let callee = match call.callee {
                        Value::Const(c) => crate::module::global_of(cx.m, c)
                            .and_then(|n| cx.m.functions.iter().find(|(_, g)| &*g.name == n).map(|(_, g)| g)),
                        _ => None,
                    };
                    let marked = |j: usize, a: &nvir_llvm::ir::instruction::CallArg| {
                        has(cx, a.attrs, "swifterror")
                            || callee.and_then(|g| g.params.get(j)).is_some_and(|p| has(cx, p.attrs, "swifterror"))
                    };
                    let passed_plain = call.args.iter().enumerate().any(|(j, a)| a.value == arg && !marked(j, a));
                    if call.callee == arg {
                        Some("swifterror value can only be loaded and stored from, or as a swifterror argument!")
                    } else {
                        passed_plain.then_some(
                            "swifterror value when used in a callsite should be marked with swifterror attribute",
                        )
                    }
                }
                _ => Some("swifterror value can only be loaded and stored from, or as a swifterror argument!"),
            };
            if problem.is_some() {
                return problem;
            }
        }
    }
    None
}

/// LLVM's verifier on `allocsize(E[, N])`: each index names an integer parameter (`grammar/
/// allocsize_*` of `scripts/probe/axes.py`; LLVM 7 prints no text).
fn allocsize_problem(cx: &Cx, f: &Function) -> Option<&'static str> {
    let arg = cx.m.attrs[f.fn_attrs].0.iter().find_map(|a| match a {
        Attr::Raw(k, arg) if k.info().name == "allocsize" => Some(arg.as_deref().unwrap_or("")),
        _ => None,
    })?;
    for (k, index) in arg.split(',').enumerate() {
        let what = if k == 0 { "element size" } else { "number of elements" };
        let Ok(index) = index.trim().parse::<usize>() else { continue };
        match f.params.get(index) {
            None if k == 0 => return Some("'allocsize' element size argument is out of bounds"),
            None => return Some("'allocsize' number of elements argument is out of bounds"),
            Some(p) if !matches!(cx.m.types.get(p.ty), TypeData::Int(_)) => {
                return Some(if what == "element size" {
                    "'allocsize' element size argument must refer to an integer parameter"
                } else {
                    "'allocsize' number of elements argument must refer to an integer parameter"
                })
            }
            Some(_) => {}
        }
    }
    None
}

/// LLVM's verifier on the type a `byval`, `byref`, `inalloca` or `preallocated` names: one with
/// a size (`calls/inalloca_*`; LLVM 7's untyped forms name none).
fn memory_type_problem(cx: &Cx, set: AttrSetId) -> Option<String> {
    cx.m.attrs[set].0.iter().find_map(|a| match a {
        Attr::Type(k, Some(t))
            if matches!(k.info().name, "byval" | "byref" | "inalloca" | "preallocated")
                && crate::syntax::modern_unsized(cx.m, *t, 0) =>
        {
            Some(format!("Attribute '{}' does not support unsized types!", k.info().name))
        }
        _ => None,
    })
}

/// LLVM 22's reader takes `nocapture` on a return value as `captures(none)`, which its verifier
/// then refuses there (`readermodern/ret_nocapture_*`).
const NOCAPTURE_RETURN: &str = "Attribute 'captures(none)' does not apply to function return values";

/// The type of a `byval(T)` in a set.
fn p_byval_type(cx: &Cx, set: AttrSetId) -> Option<TypeId> {
    cx.m.attrs[set].0.iter().find_map(|a| match a {
        Attr::Type(k, Some(t)) if k.info().name == "byval" => Some(*t),
        _ => None,
    })
}

/// Whether a type takes 4 GiB or more (LLVM 22's limit on a `byval` argument; sizes as the NVPTX
/// layout gives them, each field at its natural alignment).
fn huge(cx: &Cx, t: TypeId) -> bool {
    fn size(m: &nvir_llvm::Module, t: TypeId, depth: u32) -> (u128, u128) {
        if depth > 64 {
            return (0, 1);
        }
        match m.types.get(t) {
            TypeData::Int(w) => {
                let b = u128::from(w.div_ceil(8)).next_power_of_two();
                (b, b.min(16))
            }
            TypeData::Float(k) => {
                let b = u128::from(k.bits().div_ceil(8)).next_power_of_two();
                (b, b.min(16))
            }
            TypeData::Pointer { .. } => (8, 8),
            TypeData::Array { len, elem } => {
                let (s, a) = size(m, *elem, depth + 1);
                (s.saturating_mul(u128::from(*len)), a)
            }
            TypeData::Vector { len, elem, .. } => {
                let (s, _) = size(m, *elem, depth + 1);
                let total = s.saturating_mul(u128::from(*len));
                (total.checked_next_power_of_two().unwrap_or(total), 16)
            }
            TypeData::Struct(_) | TypeData::Named(_) => {
                let fields = match m.types.get(t) {
                    TypeData::Struct(b) => Some(&b.fields),
                    TypeData::Named(id) => m.types.named(*id).body.as_ref().map(|b| &b.fields),
                    _ => None,
                };
                let (mut at, mut align) = (0u128, 1u128);
                for &f in fields.into_iter().flatten() {
                    let (s, a) = size(m, f, depth + 1);
                    at = at.div_ceil(a).saturating_mul(a).saturating_add(s);
                    align = align.max(a);
                }
                (at.div_ceil(align).saturating_mul(align), align)
            }
            _ => (0, 1),
        }
    }
    size(cx.m, t, 0).0 >= 1 << 32
}

/// LLVM's verifier on a function's calling convention (measured, `calls/cc_*`): kernels of
/// AMD GPUs and SPIR return nothing, these and the other AMD GPU shader conventions take no
/// `sret` (nor, on the modern path, `byval` or `inalloca`), and these, `fastcc`, `coldcc`,
/// `intel_ocl_bicc`, `ptx_kernel` and `ptx_device` no variable arguments; an `x86_intrcc`
/// function's first parameter is `byval` (the modern path).
fn calling_convention_problem(cx: &Cx, f: &Function, ret: TypeId) -> Option<&'static str> {
    let TypeData::Function { vararg, .. } = cx.m.types.get(f.ty) else { return None };
    let cc = f.cc;
    // amdgpu_kernel, spir_kernel, amdgpu_cs_chain, amdgpu_cs_chain_preserve.
    let kernel = matches!(cc, 91 | 76) || (!cx.llvm7() && matches!(cc, 104 | 105));
    // amdgpu_vs, amdgpu_gs, amdgpu_ps, amdgpu_cs (and amdgpu_hs, amdgpu_ls, amdgpu_es).
    let shader = kernel || matches!(cc, 87..=90 | 93 | 95 | 96);
    if kernel && !matches!(cx.m.types.get(ret), TypeData::Void) {
        return Some("Calling convention requires void return type");
    }
    if shader {
        if f.params.iter().any(|p| has(cx, p.attrs, "sret")) {
            return Some("Calling convention does not allow sret");
        }
        if !cx.llvm7() && cc != 76 {
            for p in f.params.iter() {
                if has(cx, p.attrs, "byval") {
                    return Some("Calling convention disallows byval");
                }
                if has(cx, p.attrs, "preallocated") {
                    return Some("Calling convention disallows preallocated");
                }
                if has(cx, p.attrs, "inalloca") {
                    return Some("Calling convention disallows inalloca");
                }
            }
        }
    }
    if (shader || matches!(cc, 8 | 9 | 77 | 71 | 72)) && *vararg {
        return Some("Calling convention does not support varargs or perfect forwarding!");
    }
    if !cx.llvm7() && cc == 83 && f.params.first().is_some_and(|p| !has(cx, p.attrs, "byval")) {
        return Some("Calling convention parameter requires byval");
    }
    None
}

/// LLVM's verifier on a call's attributes and types, as it visits the call (`calls/`): each
/// argument's and the result's attributes against their types, the size of a `byval`
/// argument (the modern path), and an indirect call's result.
pub(crate) fn check_call_types(
    cx: &Cx,
    call: &nvir_llvm::ir::instruction::CallSite,
    ret: TypeId,
    out: &mut Findings,
    at: &dyn Fn() -> Location,
) {
    let m = cx.m;
    let callee = match call.callee {
        nvir_llvm::ir::Value::Const(c) => cx.callee(c),
        _ => None,
    };
    let direct = callee.is_some() || matches!(call.callee, nvir_llvm::ir::Value::Asm(_));
    if let Some((_, callee)) = callee.filter(|(_, k)| k.intrinsic) {
        if !cx.llvm7() {
            if let Some(message) = intrinsic_call_problem(cx, callee, call, ret) {
                out.error("llvm-intrinsic-arg", message, at());
            }
        }
        return;
    }
    if !cx.llvm7() && has(cx, call.ret_attrs, "nocapture") {
        out.error("llvm-attr-position", NOCAPTURE_RETURN, at());
        return;
    }
    if let Some(a) = incompatible(cx, call.ret_attrs, ret) {
        out.error("llvm-attr-type", wrong_type_message(cx, &a, ret), at());
        return;
    }
    for a in call.args.iter() {
        if let Some(name) = incompatible(cx, a.attrs, a.ty) {
            out.error("llvm-attr-type", wrong_type_message(cx, &name, a.ty), at());
            out.help("this attribute describes pointers (or, for zeroext/signext, integers): remove it");
            return;
        }
        if !cx.llvm7() && p_byval_type(cx, a.attrs).is_some_and(|t| huge(cx, t)) {
            out.error("llvm-attr-byval", "huge 'byval' arguments are unsupported", at());
            return;
        }
    }
    if !cx.llvm7() {
        if let Some(message) = crate::llvmverifier::string_attr_problem(m, call.fn_attrs) {
            out.error("llvm-fn-attr", message, at());
            return;
        }
    }
    if !direct {
        if let Some(kind) = intrinsic_only(m, ret) {
            out.error("llvm-call-type", format!("Return type cannot be {kind} for indirect call!"), at());
            return;
        }
    }
    if let Some(message) = bundle_problem(cx, call) {
        out.error("llvm-call-bundle", message, at());
        return;
    }
    // LLVM 22's verifier: no value passed to or returned from a call (of a function that is no
    // intrinsic) aligns to more than 2^32 bytes, which only a vector of over 4 GiB does
    // (`calls/align_vector_*`; LLVM 7 had no such rule).
    if !cx.llvm7() {
        if let TypeData::Function { ret, params, .. } = m.types.get(call.fn_ty) {
            if over_aligned(cx, *ret) {
                out.error("llvm-call-type", "Incorrect alignment of return type to called function!", at());
            } else if params.iter().any(|&p| over_aligned(cx, p)) {
                out.error("llvm-call-type", "Incorrect alignment of argument passed to called function!", at());
            }
        }
    }
}

/// Whether a type's ABI alignment is over 2^32: it is, or holds by value, a vector whose size,
/// rounded up to a power of two (a vector's alignment where the layout names none), is.
fn over_aligned(cx: &Cx, t: TypeId) -> bool {
    fn walk(m: &nvir_llvm::Module, t: TypeId, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        match m.types.get(t) {
            TypeData::Vector { len, elem, .. } => {
                let bits = match m.types.get(*elem) {
                    TypeData::Int(w) => u128::from(*w),
                    TypeData::Float(k) => u128::from(k.bits()),
                    TypeData::Pointer { .. } => 64,
                    _ => 0,
                };
                (bits * u128::from(*len)).div_ceil(8) > 1 << 32
            }
            TypeData::Array { elem, .. } => walk(m, *elem, depth + 1),
            TypeData::Struct(body) => body.fields.iter().any(|&f| walk(m, f, depth + 1)),
            TypeData::Named(id) => {
                m.types.named(*id).body.as_ref().is_some_and(|b| b.fields.iter().any(|&f| walk(m, f, depth + 1)))
            }
            _ => false,
        }
    }
    walk(cx.m, t, 0)
}

/// LLVM 22's verifier on calls of intrinsics whose rules nvir's signature table does not hold
/// (`calls/target_*`, `calls/cmp_*`): the shapes `llvm.scmp` and `llvm.ucmp` take, and, on other
/// targets' intrinsics, which libNVVM's modern path knows, each `immarg` argument (from LLVM's
/// `Intrinsics*.td`) a constant, and the exclusive loads and stores of ARM and AArch64 naming
/// the type they access with `elementtype`.
fn intrinsic_call_problem(
    cx: &Cx,
    callee: &crate::callee::Callee,
    call: &nvir_llvm::ir::instruction::CallSite,
    ret: TypeId,
) -> Option<&'static str> {
    let m = cx.m;
    if callee.cmp {
        let shape = |t: TypeId| match m.types.get(t) {
            TypeData::Vector { len, elem, scalable } => (Some((*len, *scalable)), m.types.int_width(*elem)),
            _ => (None, m.types.int_width(t)),
        };
        let (dst_len, dst_bits) = shape(ret);
        let (src_len, _) = shape(call.args.first()?.ty);
        if dst_bits.is_some_and(|b| b < 2) {
            return Some("result type must be at least 2 bits wide");
        }
        if dst_len.is_some() != src_len.is_some() {
            return Some("ucmp/scmp argument and result types must both be either vector or scalar types");
        }
        if dst_len != src_len {
            return Some("return type and arguments must have the same number of elements");
        }
        return None;
    }
    if callee.exclusive_load && !call.args.first().is_some_and(|a| has(cx, a.attrs, "elementtype")) {
        return Some("Intrinsic requires elementtype attribute on first argument.");
    }
    if callee.exclusive_store && !call.args.get(1).is_some_and(|a| has(cx, a.attrs, "elementtype")) {
        return Some("Intrinsic requires elementtype attribute on second argument.");
    }
    let immarg = callee.target_immarg.as_deref()?;
    let constant = |v: nvir_llvm::ir::Value| {
        matches!(v, nvir_llvm::ir::Value::Const(c)
            if matches!(m.consts[c], nvir_llvm::ir::ConstData::Int { .. } | nvir_llvm::ir::ConstData::Float { .. }))
    };
    immarg
        .iter()
        .any(|&i| call.args.get(i).is_some_and(|a| !constant(a.value)))
        .then_some("immarg operand has non-immediate parameter")
}

/// LLVM's verifier on a call's operand bundles (`calls/bundle_*`): at most one of each kind it
/// knows, with the operands each takes (LLVM 7 knew `deopt`, `funclet` and `gc-transition`;
/// LLVM 22 also `cfguardtarget`, `ptrauth`, `kcfi`, `preallocated` and `gc-live`).
fn bundle_problem(cx: &Cx, call: &nvir_llvm::ir::instruction::CallSite) -> Option<&'static str> {
    let m = cx.m;
    let int_const = |(t, v): &(TypeId, nvir_llvm::ir::Value), w: u32| {
        m.types.int_width(*t) == Some(w)
            && matches!(v, nvir_llvm::ir::Value::Const(c) if matches!(m.consts[*c], nvir_llvm::ir::ConstData::Int { .. }))
    };
    let mut seen: Vec<&str> = Vec::new();
    for b in call.bundles.iter() {
        let tag = &*b.tag;
        let known = matches!(tag, "deopt" | "funclet" | "gc-transition")
            || (!cx.llvm7() && matches!(tag, "cfguardtarget" | "ptrauth" | "kcfi" | "preallocated" | "gc-live"));
        if !known {
            continue;
        }
        if seen.contains(&tag) {
            return Some(match tag {
                "deopt" => "Multiple deopt operand bundles",
                "funclet" => "Multiple funclet operand bundles",
                "gc-transition" => "Multiple gc-transition operand bundles",
                "cfguardtarget" => "Multiple CFGuardTarget operand bundles",
                "ptrauth" => "Multiple ptrauth operand bundles",
                "kcfi" => "Multiple kcfi operand bundles",
                "preallocated" => "Multiple preallocated operand bundles",
                _ => "Multiple gc-live operand bundles",
            });
        }
        seen.push(tag);
        match tag {
            "ptrauth" if b.inputs.len() != 2 => return Some("Expected exactly two ptrauth bundle operands"),
            "ptrauth" if !int_const(&b.inputs[0], 32) => {
                return Some("Ptrauth bundle key operand must be an i32 constant")
            }
            "ptrauth" if m.types.int_width(b.inputs[1].0) != Some(64) => {
                return Some("Ptrauth bundle discriminator operand must be an i64")
            }
            "kcfi" if b.inputs.len() != 1 => return Some("Expected exactly one kcfi bundle operand"),
            "kcfi" if !int_const(&b.inputs[0], 32) => return Some("Kcfi bundle operand must be an i32 constant"),
            "cfguardtarget" if b.inputs.len() != 1 => return Some("Expected exactly one cfguardtarget bundle operand"),
            _ => {}
        }
    }
    None
}

/// A call's arguments: `immarg` only on calls of intrinsics, `elementtype` only on those and on
/// inline asm (LLVM 22's verifier, `grammar/call_arg_*`; LLVM 7's reader knows neither).
pub(crate) fn check_call_args(
    cx: &Cx,
    call: &nvir_llvm::ir::instruction::CallSite,
    out: &mut Findings,
    at: &dyn Fn() -> Location,
) {
    if cx.llvm7() {
        return;
    }
    let intrinsic = || match call.callee {
        nvir_llvm::ir::Value::Const(c) => crate::module::global_of(cx.m, c).is_some_and(|n| n.starts_with("llvm.")),
        _ => false,
    };
    let asm = matches!(call.callee, nvir_llvm::ir::Value::Asm(_));
    if call.args.iter().any(|a| has(cx, a.attrs, "immarg")) && !intrinsic() {
        out.error("llvm-attr-immarg", "immarg attribute only applies to intrinsics", at());
    } else if call.args.iter().any(|a| has(cx, a.attrs, "elementtype")) && !asm && !intrinsic() {
        out.error(
            "llvm-attr-position",
            "Attribute 'elementtype' can only be applied to intrinsics and inline asm.",
            at(),
        );
    }
}

/// LLVM 22 names the attribute; LLVM 7 lists every attribute the type cannot take (measured:
/// its log shows the list when another problem is reported too, and nothing otherwise).
fn wrong_type_message(cx: &Cx, attr: &str, ty: TypeId) -> String {
    if !cx.llvm7() {
        return format!("Attribute '{attr}' applied to incompatible type!");
    }
    let data = cx.m.types.get(ty);
    let (int, ptr) = (matches!(data, TypeData::Int(_)), matches!(data, TypeData::Pointer { .. }));
    let mut list: Vec<&str> = Vec::new();
    if !ptr {
        list.extend(["byval", "inalloca", "nest", "noalias", "nocapture", "nonnull", "readnone", "readonly"]);
    }
    if !int {
        list.extend(["signext"]);
    }
    if !ptr {
        list.push("sret");
    }
    if !int {
        list.push("zeroext");
    }
    if !ptr {
        list.extend(["dereferenceable(1)", "dereferenceable_or_null(1)"]);
    }
    format!("Wrong types for attribute: {}", list.join(" "))
}

/// A call site's function attributes.
pub(crate) fn check_call_site(cx: &Cx, fn_attrs: AttrSetId, out: &mut Findings, at: &dyn Fn() -> Location) {
    if has(cx, fn_attrs, "speculatable") {
        out.error("llvm-attr-position", "speculatable attribute may not apply to call sites", at());
    } else if has(cx, fn_attrs, "jumptable") {
        out.error("llvm-attr-jumptable", "Attribute 'jumptable' requires 'unnamed_addr'", at());
    }
}

fn pointer_to_pointer(cx: &Cx, ty: TypeId) -> bool {
    match cx.m.types.get(ty) {
        TypeData::Pointer { pointee: Some(p), .. } => matches!(cx.m.types.get(*p), TypeData::Pointer { .. }),
        TypeData::Pointer { pointee: None, .. } => true,
        _ => false,
    }
}

/// Whether a `returned` argument's type converts to the return type without loss: the same
/// type, or two pointers in one address space.
fn lossless(cx: &Cx, arg: TypeId, ret: TypeId) -> bool {
    if arg == ret {
        return true;
    }
    match (cx.m.types.get(arg), cx.m.types.get(ret)) {
        (TypeData::Pointer { addr_space: a, .. }, TypeData::Pointer { addr_space: b, .. }) => a == b,
        _ => false,
    }
}

/// The types only an intrinsic may take or return, and only a direct call may return (LLVM's
/// verifier names them in its messages): `token` and `x86_amx`.
fn intrinsic_only(m: &nvir_llvm::Module, t: nvir_llvm::ir::TypeId) -> Option<&'static str> {
    match m.types.get(t) {
        TypeData::Token => Some("token"),
        TypeData::X86Amx => Some("x86_amx"),
        _ => None,
    }
}
