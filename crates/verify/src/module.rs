//! Module-level rules: the IR version, triple and data layout, global variables, and the names and
//! linkage of global values.

use crate::{Cx, Findings, Location};
use nvir_llvm::ir::constant::{ApInt, ConstData, ExprOp};
use nvir_llvm::ir::instruction::CastOp;
use nvir_llvm::ir::module::SymbolId;
use nvir_llvm::ir::module::{FuncId, GlobalDef, GlobalProps, Linkage};
use nvir_llvm::ir::{ConstId, Function, InstId, InstKind, MdId, MdNode, Module, TypeData, Value};
use rustc_hash::{FxHashMap, FxHashSet};
use std::ops::ControlFlow;

/// Every property of an `!nvvm.annotations` entry that names a global: (global, property name,
/// value operand). Properties come in (name, value) pairs after the global.
pub fn annotation_properties(m: &Module) -> Vec<(&str, &[u8], Option<MdId>)> {
    properties(m).collect()
}

/// [`annotation_properties`], one at a time (a module may hold millions: the rules that look at
/// each once need no list of them).
pub(crate) fn properties(m: &Module) -> impl Iterator<Item = (&str, &[u8], Option<MdId>)> + '_ {
    m.metadata
        .named
        .iter()
        .filter(|n| &*n.name == "nvvm.annotations")
        .flat_map(|nm| nm.nodes.iter())
        .filter_map(move |&node| {
            let MdNode::Tuple { ops, .. } = m.metadata.get(node) else { return None };
            let Some(Some(first)) = ops.first() else { return None };
            let MdNode::Value(_, Value::Const(c)) = m.metadata.get(*first) else { return None };
            Some((global_of(m, *c)?, &ops[1..]))
        })
        .flat_map(move |(global, ops)| {
            ops.chunks(2).filter_map(move |pair| {
                let Some(Some(key)) = pair.first() else { return None };
                let MdNode::String(key) = m.metadata.get(*key) else { return None };
                Some((global, &**key, pair.get(1).copied().flatten()))
            })
        })
}

/// `!nvvm.annotations` properties with integer (or no) values: (global, property, value).
pub(crate) fn annotations(m: &Module) -> impl Iterator<Item = (&str, std::borrow::Cow<'_, str>, Option<u64>)> + '_ {
    properties(m).map(move |(g, key, value)| (g, String::from_utf8_lossy(key), value.and_then(|v| md_int(m, v))))
}

/// `grid_constant` annotations: the function and the 1-based parameter indices listed.
pub(crate) fn grid_constants(m: &Module) -> Vec<(String, Vec<u64>)> {
    properties(m)
        .filter(|(_, key, _)| *key == b"grid_constant")
        .filter_map(|(g, _, list)| match m.metadata.get(list?) {
            MdNode::Tuple { ops, .. } => {
                Some((g.to_string(), ops.iter().flatten().filter_map(|&i| md_int(m, i)).collect()))
            }
            _ => None,
        })
        .collect()
}

/// How many casts [`global_of`] looks through (a bound on hostile chains; real ones have one or
/// two).
const MAX_CAST_CHAIN: usize = 1024;

/// The function a direct call of `c` calls when the call goes through a function type other
/// than the declared one, as the modern path (opaque pointers: a pointer is its address space)
/// sees them. LLVM 22's verifier, function by function in module order, then refuses whichever
/// it reaches first: the intrinsic's declaration, whose use is not a call's ("Invalid user of
/// intrinsic instruction!"), or the call ("Intrinsic called with incompatible signature")
/// (measured, `intruser/`), the declaration standing where its reader left it
/// ([`renamed_by_upgrade`]). None for an intrinsic whose calls the reader rebuilds from their
/// own operands ([`crate::intrinsics::rebuilt_by_upgrade`]): such a call reads as one of its own
/// type.
pub fn mistyped_callee(
    m: &Module,
    c: ConstId,
    call_ty: nvir_llvm::ir::TypeId,
) -> Option<nvir_llvm::ir::module::FuncId> {
    let ConstData::Global { global, .. } = &m.consts[c] else { return None };
    let Some(GlobalDef::Func(id)) = m.symbols[*global].def else { return None };
    let f = &m.functions[id];
    (!same_modern_type(m, f.ty, call_ty, 0) && !crate::intrinsics::rebuilt_by_upgrade(&f.name)).then_some(id)
}

/// Whether LLVM 22's reader replaces the declaration `d` by one of another name, which it makes
/// at the end of the module, after every function ([`crate::intrinsics::remangled`]).
pub fn renamed_by_upgrade(m: &Module, d: nvir_llvm::ir::module::FuncId) -> bool {
    let f = &m.functions[d];
    f.name.starts_with("llvm.")
        && crate::intrinsics::remangled(&m.types, &f.name, f.ty).is_some_and(|n| {
            // Or an overload LLVM 22 added (`llvm.stacksave` → `llvm.stacksave.p0`).
            *n != *f.name || crate::intrinsics::printed_name(&f.name, crate::Path::Modern) != *f.name
        })
}

/// Type equality with every pointer opaque (its pointee ignored).
fn same_modern_type(m: &Module, a: nvir_llvm::ir::TypeId, b: nvir_llvm::ir::TypeId, depth: u32) -> bool {
    if a == b {
        return true;
    }
    if depth > 32 {
        return false;
    }
    let same = |x: &[nvir_llvm::ir::TypeId], y: &[nvir_llvm::ir::TypeId]| {
        x.len() == y.len() && x.iter().zip(y).all(|(&x, &y)| same_modern_type(m, x, y, depth + 1))
    };
    match (m.types.get(a), m.types.get(b)) {
        (TypeData::Pointer { addr_space: x, .. }, TypeData::Pointer { addr_space: y, .. }) => x == y,
        (
            TypeData::Function { ret: r1, params: p1, vararg: v1 },
            TypeData::Function { ret: r2, params: p2, vararg: v2 },
        ) => v1 == v2 && same_modern_type(m, *r1, *r2, depth + 1) && same(p1, p2),
        (TypeData::Array { len: l1, elem: e1 }, TypeData::Array { len: l2, elem: e2 }) => {
            l1 == l2 && same_modern_type(m, *e1, *e2, depth + 1)
        }
        (
            TypeData::Vector { len: l1, elem: e1, scalable: s1 },
            TypeData::Vector { len: l2, elem: e2, scalable: s2 },
        ) => l1 == l2 && s1 == s2 && same_modern_type(m, *e1, *e2, depth + 1),
        (TypeData::Struct(x), TypeData::Struct(y)) => x.packed == y.packed && same(&x.fields, &y.fields),
        _ => false,
    }
}

/// The global a constant names, through casts.
pub fn global_of(m: &Module, c: ConstId) -> Option<&str> {
    global_symbol_of(m, c).map(|s| &*m.symbols[s].name)
}

/// [`global_of`]'s symbol.
pub(crate) fn global_symbol_of(m: &Module, mut c: ConstId) -> Option<nvir_llvm::ir::module::SymbolId> {
    for _ in 0..MAX_CAST_CHAIN {
        match &m.consts[c] {
            ConstData::Global { global, .. } => return Some(*global),
            ConstData::Expr(e) if matches!(e.op, ExprOp::Cast(_)) => c = *e.operands.first()?,
            _ => return None,
        }
    }
    None
}

/// A metadata operand's integer value (`i32 2`, `i64 0`).
pub fn md_int(m: &Module, id: MdId) -> Option<u64> {
    let MdNode::Value(_, Value::Const(c)) = m.metadata.get(id) else { return None };
    match &m.consts[*c] {
        ConstData::Int { value: ApInt::Small(v), .. } => Some(*v),
        _ => None,
    }
}

/// Whether a metadata operand is an integer constant too wide for [`md_int`].
fn md_big_int(m: &Module, id: MdId) -> bool {
    let MdNode::Value(_, Value::Const(c)) = m.metadata.get(id) else { return false };
    matches!(&m.consts[*c], ConstData::Int { .. })
}

/// `!nvvmir.version`: IR 2.0 and debug 3.0 to 3.2 (libNVVM returns 3 otherwise).
pub(crate) fn check_version(cx: &Cx, out: &mut Findings) {
    let m = cx.m;
    let Some(nm) = m.metadata.named.iter().find(|n| &*n.name == "nvvmir.version") else {
        out.version("IR version 1.0 incompatible with current version 2.0", Location::Module);
        out.help("add `!nvvmir.version = !{!0}` and `!0 = !{i32 2, i32 0}` (with the debug version, `i32 3, i32 2`, when there is debug info)");
        return;
    };
    for &node in &nm.nodes {
        let MdNode::Tuple { ops, .. } = m.metadata.get(node) else { continue };
        if ops.len() != 2 && ops.len() != 4 {
            out.version(
                format!("invalid nvvmir.version metadata: expected 2 or 4 operands, got {}", ops.len()),
                Location::Module,
            );
            return;
        }
        let ints: Vec<Option<u64>> = ops.iter().map(|o| o.and_then(|o| md_int(m, o))).collect();
        let (Some(major), Some(minor)) = (ints[0], ints[1]) else {
            out.version("invalid nvvmir.version metadata: expected integer IR major/minor versions", Location::Module);
            return;
        };
        if (major, minor) != (2, 0) {
            out.version(format!("IR version {major}.{minor} incompatible with current version 2.0"), Location::Module);
            out.help("libNVVM 13.5 reads NVVM IR 2.0: `!{i32 2, i32 0}`");
            return;
        }
        if ops.len() == 4 {
            let (Some(dmajor), Some(dminor)) = (ints[2], ints[3]) else {
                out.version(
                    "invalid nvvmir.version metadata: expected integer debug major/minor versions",
                    Location::Module,
                );
                return;
            };
            if dmajor != 3 || dminor > 2 {
                out.version(
                    format!("debug metadata version {dmajor}.{dminor} incompatible with current version 3.2"),
                    Location::Module,
                );
                return;
            }
        }
    }
}

/// A module without a triple: libNVVM reports it before every other problem but the IR
/// version's (measured, `tripleorder/missing_triple_*`: before LLVM's verifier, names, linkage,
/// variables, attributes, instructions and annotations).
pub(crate) fn check_triple_present(cx: &Cx, out: &mut Findings) {
    if cx.m.triple.as_deref().is_none_or(<[u8]>::is_empty) {
        out.error("nvvm-triple", "Module does not contain a triple, should be 'nvptx64-'", Location::Module);
        out.help("add `target triple = \"nvptx64-nvidia-cuda\"`");
    }
}

/// The data layout, then the triple's value (a missing triple came first, see
/// [`check_triple_present`]).
pub(crate) fn check_target(cx: &Cx, out: &mut Findings) {
    let m = cx.m;
    let triple = m.triple.as_deref().map(|t| String::from_utf8_lossy(t).into_owned());
    check_layout(cx, out);
    if let Some(t) = triple.filter(|t| !t.is_empty()) {
        // LLVM's triple reading: the architecture is the first component, exactly; the OS the
        // third, by its prefix (`nvptx64-nvidia-cuda11.8` and `nvptx64--cuda-gnu` are CUDA).
        let mut parts = t.split('-');
        let arch_ok = matches!(parts.next(), Some("nvptx" | "nvptx64" | "nvgpu"));
        if !arch_ok || !parts.nth(1).is_some_and(|os| os.starts_with("cuda")) {
            out.error(
                "nvvm-triple",
                format!(
                    "Invalid target triple ({t}), must be one of: 32-bit: nvptx-*-cuda, 64-bit: nvptx64-*-cuda, nvgpu-*-cuda"
                ),
                Location::Module,
            );
            out.help("use `target triple = \"nvptx64-nvidia-cuda\"`");
        }
    }
}

/// The layout's alloca address space (`A5`), 0 when it names none.
pub(crate) fn alloca_space(m: &Module) -> u32 {
    let layout = m.data_layout.as_deref().map(String::from_utf8_lossy).unwrap_or_default();
    layout.split('-').find_map(|s| s.strip_prefix('A')).and_then(|n| n.parse().ok()).unwrap_or(0)
}

/// The layout libNVVM suggests.
pub(crate) const EXAMPLE_LAYOUT: &str = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64";

fn check_layout(cx: &Cx, out: &mut Findings) {
    let layout = cx.m.data_layout.as_deref().map(|l| String::from_utf8_lossy(l).into_owned()).unwrap_or_default();
    // What LLVM 22's reader refuses in the layout was its stop (`crate::syntax`).
    if !cx.llvm7() && layout_reader_stop(&layout, false).is_some() {
        return;
    }
    check_layout_of(cx, &layout, out);
}

/// What the target's reader refuses in a data layout, where it reads it (the `target datalayout`
/// line, before the rest of the module: measured on the held-out draws and `layoutstop/`, a
/// `z0` or an `i8:16` layout beside another problem): a specifier it does not know (LLVM 7's
/// path aborts on one, LLVM 22's reader refuses it), on the modern path an `i8` of another
/// alignment; the first in the string.
pub(crate) fn layout_reader_stop(layout: &str, llvm7: bool) -> Option<String> {
    for spec in layout.split('-').filter(|_| !layout.is_empty()) {
        let (head, rest) = layout_spec(spec);
        match head {
            "i" if !llvm7 => {
                let nums: Vec<u32> = rest.split(':').filter_map(|n| n.parse().ok()).collect();
                if let [8, abi, ..] = nums[..] {
                    if abi != 8 {
                        return Some("parse i8 must be 8-bit aligned".into());
                    }
                }
            }
            "i" | "E" | "m" | "ni" | "A" | "G" | "P" | "f" | "p" | "n" | "e" | "s" | "a" | "v" | "S" | "Fi" | "Fn"
            | "" => {}
            _ => return Some(format!("parse unknown specifier '{}'", head.chars().next().unwrap_or(' '))),
        }
    }
    None
}

/// A layout specifier's letters and the numbers after them.
fn layout_spec(spec: &str) -> (&str, &str) {
    spec.split_at(spec.find(|c: char| c.is_ascii_digit() || c == ':').unwrap_or(spec.len()))
}

/// The verifier's layout rules on a layout string.
pub(crate) fn check_layout_of(cx: &Cx, layout: &str, out: &mut Findings) {
    if layout.is_empty() {
        if cx.llvm7() {
            out.error("nvvm-datalayout", "Empty target data layout, must exist", Location::Module);
        } else {
            // libNVVM's modern path crashes here; say what it needs.
            out.error(
                "nvvm-datalayout",
                "Empty target data layout, must exist (libNVVM's compute_100+ path crashes on this module)",
                Location::Module,
            );
        }
        out.help(format!("add `target datalayout = \"{EXAMPLE_LAYOUT}\"`"));
        return;
    }
    if let Some(message) = layout_reader_stop(layout, cx.llvm7()) {
        out.parse("nvvm-datalayout", message, None);
        return;
    }
    let bad = |out: &mut Findings, what: &str| {
        out.error("nvvm-datalayout", format!("DataLayoutError: {what}"), Location::Module);
        out.help(format!("Example valid data layout: {EXAMPLE_LAYOUT}"));
    };
    const INT_ALIGN: &str =
        "Unsupported integer alignment [Supported: -i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128].";
    // LLVM's defaults, then what the layout sets: (width, abi, preferred).
    let mut ints: Vec<(u32, u32, u32)> = vec![(1, 8, 8), (8, 8, 8), (16, 16, 16), (32, 32, 32), (64, 32, 64)];
    let mut native: Vec<u32> = Vec::new();
    for spec in layout.split('-') {
        let (head, rest) = layout_spec(spec);
        match head {
            "E" => return bad(out, "Endianness must be little endian [Supported: -e]."),
            "m" => return bad(out, "No mangling mode supported."),
            "ni" => return bad(out, "Non integral address spaces not supported."),
            "A" if rest != "0" => return bad(out, "Alloca address space must be 0 [Supported: -A:0]."),
            "G" if rest != "0" => return bad(out, "Default global address space must be 0 [Supported: -G:0]."),
            "P" if rest != "0" => return bad(out, "Program address space must be 0 [Supported: -P:0]."),
            "f" => {
                let nums: Vec<u32> = rest.split(':').filter_map(|n| n.parse().ok()).collect();
                if let [w @ (32 | 64), abi, ref pref @ ..] = nums[..] {
                    if abi != w || pref.first().is_some_and(|&p| p != w) {
                        return bad(out, "Unsupported floating-point alignment [Supported: -f32:32:32-f64:64:64].");
                    }
                }
            }
            // Pointers of every address space are 32 or 64 bits (measured: `p:64:32` and
            // `p3:64:64` pass, `p3:16:16` does not).
            "p" => {
                if let Some(size) = rest.split(':').nth(1).and_then(|n| n.parse::<u32>().ok()) {
                    if !matches!(size, 32 | 64) {
                        return bad(
                            out,
                            "Unsupported pointer alignment [Supported: 64-bit: -p:64:64:64, 32-bit (deprecated): -p:32:32:32].",
                        );
                    }
                }
            }
            "i" => {
                let nums: Vec<u32> = rest.split(':').filter_map(|n| n.parse().ok()).collect();
                if let [w, abi, ref pref @ ..] = nums[..] {
                    let pref = pref.first().copied().unwrap_or(abi);
                    ints.retain(|&(width, _, _)| width != w);
                    ints.push((w, abi, pref));
                }
            }
            "n" => native = rest.split(':').filter_map(|n| n.parse().ok()).collect(),
            // (The others are known: an unknown one was the reader's stop, above.)
            _ => {}
        }
    }
    // Native widths before integer alignments (measured: `e` alone gets the native message).
    if !native.contains(&16) || !native.contains(&64) {
        return bad(out, "Require 16 and 64 bit native integer widths [Supported: -n:16:32:64].");
    }
    let supported = [(1, 8, 8), (8, 8, 8), (16, 16, 16), (32, 32, 32), (64, 64, 64), (128, 128, 128)];
    for want in supported {
        if !ints.contains(&want) {
            return bad(out, INT_ALIGN);
        }
    }
    // Other widths (`i256:256:256`, as LLVM 21+ writes) are taken as they are.
    if ints.iter().any(|i| supported.iter().any(|s| s.0 == i.0) && !supported.contains(i)) {
        bad(out, INT_ALIGN);
    }
}

/// LLVM's verifier on variables, before libNVVM's own checks: a `common` variable has a zero
/// initializer and is not constant (the LLVM 7 path prints an empty log; measured).
pub(crate) fn check_llvm_globals(cx: &Cx, out: &mut Findings) {
    let m = cx.m;
    for (id, g) in m.globals.iter() {
        if scalable(m, g.ty) && !cx.global_dropped(id) {
            let at = Location::Global { name: g.name.to_string(), offset: g.source };
            out.error("llvm-global-type", "Globals cannot contain scalable types", at);
            out.help("a variable needs a size known when compiling: use a fixed-length vector");
            continue;
        }
        if g.props.linkage != Linkage::Common || cx.global_dropped(id) {
            continue;
        }
        let Some(init) = g.init else { continue };
        let at = || Location::Global { name: g.name.to_string(), offset: g.source };
        let zero = match &m.consts[init] {
            ConstData::Zero(_) | ConstData::Null(_) => true,
            ConstData::Int { value, .. } => value.is_zero(),
            ConstData::Float { bits, .. } => *bits == Default::default(),
            _ => false,
        };
        if !zero {
            out.error("llvm-common", "'common' global must have a zero initializer!", at());
        } else if g.is_constant {
            out.error("llvm-common", "'common' global may not be marked constant!", at());
        } else {
            continue;
        }
        out.help("`common` variables are zero-initialized and writable: use another linkage");
    }
}

/// Whether a type holds a scalable vector (LLVM's verifier refuses it in a variable).
fn scalable(m: &Module, ty: nvir_llvm::ir::TypeId) -> bool {
    use nvir_llvm::ir::TypeData;
    match m.types.get(ty) {
        TypeData::Vector { scalable, .. } => *scalable,
        TypeData::Array { elem, .. } => scalable(m, *elem),
        TypeData::Struct(body) => body.fields.iter().any(|&f| scalable(m, f)),
        _ => false,
    }
}

/// Global variables, in file order, every rule on one before the next.
pub(crate) fn check_globals(cx: &Cx, out: &mut Findings) {
    let m = cx.m;
    let mut contents = Contents::default();
    for (id, g) in m.globals.iter() {
        let at = || Location::Global { name: g.name.to_string(), offset: g.source };
        let name = &*g.name;
        if cx.global_dropped(id) {
            continue;
        }
        // Variables in the `llvm.metadata` section are not checked at all (measured: a bad name,
        // address space, linkage or shared initializer passes on both paths).
        if g.props.section().map(|s| s.as_str()) == Some("llvm.metadata") {
            continue;
        }
        if name == "llvm.global_ctors" || name == "llvm.global_dtors" {
            out.warning("nvvm-global-ctors", format!("{name} is not supported."), at());
        }
        // One variable's rules in libNVVM's order (measured on every pair of problems on one
        // variable): section, address space, texture or surface, initializer address space, shared
        // initializer, name and linkage, type.
        let space = g.props.addr_space;
        check_section(space, g.props.section().map(|s| s.as_str()), out, &at);
        if !matches!(space, 0 | 1 | 3 | 4) {
            out.error("nvvm-global-addrspace", "Invalid address space for global variable", at());
            out.help("globals live in the generic (0), global (1), shared (3) or constant (4) address space");
        }
        // A texture or surface variable's own rules come next (measured, the `texsurf/` axis: before
        // the shared-initializer rule and the name's).
        if cx.texsurf.contains(name) {
            if !matches!(space, 0 | 1) {
                out.error("nvvm-texsurf", "Texture/surface variables must be global address space", at());
            }
            if cx.m.types.int_width(g.ty) != Some(64) {
                out.error("nvvm-texsurf", "Texture and surface variables must be type i64*", at());
            }
        }
        // A pointer outside the generic, global and constant spaces, or taken out of the shared
        // space, as the whole initializer (measured, the `initspace/` axis: inside an aggregate
        // either passes), before the shared-initializer rule.
        if let Some(init) = g.init {
            let from_shared = match &m.consts[init] {
                ConstData::Expr(e) if e.op == ExprOp::Cast(CastOp::AddrSpaceCast) => {
                    e.operands.first().is_some_and(|&o| pointer_space(m, m.const_ty(o)) == 3)
                }
                _ => false,
            };
            let pointer = matches!(m.types.get(g.ty), TypeData::Pointer { .. });
            if from_shared || (pointer && !matches!(pointer_space(m, g.ty), 0 | 1 | 4)) {
                out.error("nvvm-initializer-addrspace", "Invalid address space for global constant initializer", at());
                out.help("initialize the pointer with the address of a generic, global or constant variable");
            }
        }
        if space == 3 {
            if let Some(init) = g.init {
                if !matches!(m.consts[init], ConstData::Undef(_) | ConstData::Poison(_)) {
                    out.error("nvvm-shared-init", "Shared variables can't be initialized", at());
                    out.help("shared memory has no initial value: use `undef` and store at run time");
                }
            }
        }
        check_name_and_linkage(name, &g.props, g.source, out);
        if let Some(t) = unsupported_type_on(cx, g.ty) {
            let code = if unsupported_type_in(m, g.ty, false).is_some() { "nvvm-type" } else { "nvvm-pointee-type" };
            out.error(code, format!("{t} type is not supported"), at());
        }
        if let Some(init) = g.init {
            let found = contents.of(m, init);
            if found & BLOCK_ADDRESS != 0 {
                out.error("nvvm-blockaddress", "blockaddress is not supported", at());
            }
        }
    }
}

/// A variable's section: in the constant address space, the constant banks (`.nv.constantN`)
/// pass and other names get their own message (measured).
fn check_section(space: u32, section: Option<&str>, out: &mut Findings, at: &dyn Fn() -> Location) {
    let Some(s) = section.filter(|s| *s != "llvm.metadata") else { return };
    let bank = s.strip_prefix(".nv.constant").is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    if space == 4 && !bank {
        out.error("nvvm-global-section", "Explicit section on constant is not constant bank", at());
    } else if space != 4 {
        out.error("nvvm-global-section", "Explicit section marker other than llvm.metadata is not allowed", at());
    }
}

/// LLVM's verifier on a `!DIExpression` (`DIExpression::isValid`): every element an
/// operation the path's LLVM takes there, with its operands, `DW_OP_LLVM_fragment` last and
/// `DW_OP_stack_value` last or before it. Which operations each path takes is LLVM's table
/// (`nvir_llvm::ir::di::expr_op`, LLVM 7 and 19) as measured on libNVVM (the `diwords/` axis:
/// every operation name alone in an expression on both paths), with what the measurement adds.
pub(crate) fn expression_valid(cx: &Cx, elems: &[nvir_llvm::ir::metadata::ExprElem]) -> bool {
    use nvir_llvm::ir::di::{expr_op, LlvmVersion};
    use nvir_llvm::ir::metadata::ExprElem;
    let version = if cx.llvm7() { LlvmVersion::Llvm7 } else { LlvmVersion::Llvm19 };
    // (operation, operands) beyond LLVM's table: `DW_OP_lit1`…`lit31` on both paths,
    // `DW_OP_deref_size` on LLVM 7's, `DW_OP_rot`, `abs` and `neg` on the modern one.
    let measured = |op: u32| -> Option<usize> {
        match op {
            0x31..=0x4f => Some(0),
            0x94 => Some(1),
            0x17 | 0x19 | 0x1f if !cx.llvm7() => Some(0),
            _ => None,
        }
    };
    let mut i = 0;
    while i < elems.len() {
        let ExprElem::Op(name) = &elems[i] else { return false };
        if name.is_encoding() {
            return false;
        }
        let op = name.value();
        let Some(args) = expr_op(op, version).map(|s| usize::from(s.args)).or_else(|| measured(op)) else {
            return false;
        };
        let end = i + 1 + args;
        let valid = end <= elems.len()
            && match op {
                // `DW_OP_swap` needs a second element on the stack.
                0x16 => elems.len() > 1,
                // `DW_OP_LLVM_fragment` ends the expression.
                0x1000 => end == elems.len(),
                // `DW_OP_stack_value` ends it or comes before the fragment.
                0x9f => {
                    end == elems.len() || matches!(&elems[end], ExprElem::Op(n) if n.name() == "DW_OP_LLVM_fragment")
                }
                // `DW_OP_LLVM_entry_value, 1` first, or right after `DW_OP_LLVM_arg, 0`
                // (`dirules/expr_entry_*`).
                0x1003 => {
                    let after_arg0 = i == 2
                        && matches!(&elems[0], ExprElem::Op(n) if n.name() == "DW_OP_LLVM_arg")
                        && matches!(elems[1], ExprElem::Int(0));
                    (i == 0 || after_arg0) && matches!(elems[i + 1], ExprElem::Int(1))
                }
                _ => true,
            };
        if !valid {
            return false;
        }
        // From LLVM 19 a register operation ends the check.
        if !cx.llvm7() && matches!(op, 0x50..=0x92) {
            return true;
        }
        i = end;
    }
    true
}

/// `!llvm.module.flags`, as LLVM's verifier checks them: three operands, a known behavior
/// (LLVM 7 knows 1–7, LLVM 22 adds 8, `min`), and the value `require` and `append` need.
pub(crate) fn check_module_flags(cx: &Cx, out: &mut Findings) {
    let m = cx.m;
    let Some(nm) = m.metadata.named.iter().find(|n| &*n.name == "llvm.module.flags") else { return };
    let max = if cx.llvm7() { 7 } else { 8 };
    let mut seen: FxHashSet<&[u8]> = FxHashSet::default();
    for &node in &nm.nodes {
        let MdNode::Tuple { ops, .. } = m.metadata.get(node) else { continue };
        if ops.len() != 3 {
            out.error("llvm-module-flag", "incorrect number of operands in module flag", Location::Module);
            return;
        }
        let behavior = ops[0].and_then(|o| md_int(m, o));
        if !behavior.is_some_and(|b| (1..=max).contains(&b)) {
            out.error(
                "llvm-module-flag",
                "invalid behavior operand in module flag (unexpected constant)",
                Location::Module,
            );
            return;
        }
        if !ops[1].is_some_and(|o| matches!(m.metadata.get(o), MdNode::String(_))) {
            out.error(
                "llvm-module-flag",
                "invalid ID operand in module flag (expected metadata string)",
                Location::Module,
            );
            return;
        }
        let value = ops[2].map(|o| m.metadata.get(o));
        match behavior {
            Some(3) if !matches!(value, Some(MdNode::Tuple { ops, .. }) if ops.len() == 2) => {
                out.error(
                    "llvm-module-flag",
                    "invalid value for 'require' module flag (expected metadata pair)",
                    Location::Module,
                );
                return;
            }
            Some(5 | 6) if !matches!(value, Some(MdNode::Tuple { .. })) => {
                out.error(
                    "llvm-module-flag",
                    "invalid value for 'append'-type module flag (expected a metadata node)",
                    Location::Module,
                );
                return;
            }
            // Measured (`mdrules/flag_pic_float`): behavior 7 wants an integer on LLVM 7's
            // path (`max`), a non-negative one on the modern path, whose message names `min`.
            Some(7) => {
                let int = ops[2].and_then(|o| match m.metadata.get(o) {
                    MdNode::Value(t, nvir_llvm::ir::Value::Const(c)) => match (&m.types.get(*t), &m.consts[*c]) {
                        (nvir_llvm::ir::TypeData::Int(w), ConstData::Int { value: ApInt::Small(v), .. }) => {
                            Some(*w == 0 || (v >> (w.min(&64) - 1)) & 1 == 0)
                        }
                        (_, ConstData::Int { .. }) => Some(false),
                        _ => None,
                    },
                    _ => None,
                });
                let message = match (cx.llvm7(), int) {
                    (true, None) => "invalid value for 'max' module flag (expected constant integer)",
                    (false, None | Some(false)) => {
                        "invalid value for 'min' module flag (expected constant non-negative integer)"
                    }
                    _ => "",
                };
                if !message.is_empty() {
                    out.error("llvm-module-flag", message, Location::Module);
                    return;
                }
            }
            _ => {}
        }
        // LLVM's `visitModuleFlag` after the value's shape (`mdrules/flag_*`): a unique
        // identifier unless `require`, then the values of the flags it knows.
        let id = ops[1].map(|o| match m.metadata.get(o) {
            MdNode::String(s) => &s[..],
            _ => &b""[..],
        });
        if behavior != Some(3) && !seen.insert(id.unwrap_or_default()) {
            out.error(
                "llvm-module-flag",
                "module flag identifiers must be unique (or of 'require' type)",
                Location::Module,
            );
            return;
        }
        let constant_int = || ops[2].is_some_and(|o| md_int(m, o).is_some() || md_big_int(m, o));
        let message = match id.unwrap_or_default() {
            b"wchar_size" if !constant_int() => "wchar_size metadata requires constant integer argument",
            b"Linker Options" if !m.metadata.named.iter().any(|n| &*n.name == "llvm.linker.options") => {
                "'Linker Options' named metadata no longer supported"
            }
            b"SemanticInterposition" if !cx.llvm7() && !constant_int() => {
                "SemanticInterposition metadata requires constant integer argument"
            }
            _ => "",
        };
        if !message.is_empty() {
            out.error("llvm-module-flag", message, Location::Module);
            if cx.llvm7() {
                out.help("libNVVM's LLVM 7 path prints nothing for this (measured)");
            }
            return;
        }
        let is_cg_profile =
            ops[1].is_some_and(|o| matches!(m.metadata.get(o), MdNode::String(s) if &**s == b"CG Profile"));
        if let (true, Some(MdNode::Tuple { ops: entries, .. })) = (is_cg_profile, value) {
            if let Some(message) = entries.iter().find_map(|&e| cg_profile_problem(cx, e)) {
                out.error("llvm-module-flag", message, Location::Module);
                return;
            }
        }
    }
}

/// LLVM's verifier on a "CG Profile" entry (`llvmverifier/cgprofile_*`, both paths): a triple of
/// two functions (or nulls) and an integer; the modern path also takes a variable.
fn cg_profile_problem(cx: &Cx, entry: Option<MdId>) -> Option<&'static str> {
    use nvir_llvm::ir::module::GlobalDef;
    let m = cx.m;
    let Some(MdNode::Tuple { ops, .. }) = entry.map(|e| m.metadata.get(e)) else {
        return Some("expected a MDNode triple");
    };
    if ops.len() != 3 {
        return Some("expected a MDNode triple");
    }
    let function_or_null = |op: Option<MdId>| {
        let Some(op) = op else { return true };
        let MdNode::Value(_, Value::Const(c)) = m.metadata.get(op) else { return false };
        // Through casts, as `global_of`.
        let mut c = *c;
        for _ in 0..MAX_CAST_CHAIN {
            match &m.consts[c] {
                ConstData::Expr(e) if matches!(e.op, ExprOp::Cast(_)) && !e.operands.is_empty() => c = e.operands[0],
                _ => break,
            }
        }
        let ConstData::Global { global, .. } = &m.consts[c] else { return false };
        match m.symbols[*global].def {
            Some(GlobalDef::Func(_)) => true,
            // Measured once (`cgprofile_global`): the modern path takes a variable here.
            Some(GlobalDef::Var(_)) => !cx.llvm7(),
            _ => false,
        }
    };
    if !function_or_null(ops[0]) || !function_or_null(ops[1]) {
        return Some("expected a Function or null");
    }
    let integer = ops[2].is_some_and(|o| {
        matches!(m.metadata.get(o), MdNode::Value(t, Value::Const(_))
        if matches!(m.types.get(*t), nvir_llvm::ir::TypeData::Int(_)))
    });
    (!integer).then_some("expected an integer constant")
}

/// Linkages whose global values LLVM may discard when nothing refers to them.
pub(crate) fn discardable(linkage: Linkage) -> bool {
    matches!(
        linkage,
        Linkage::Internal | Linkage::Private | Linkage::LinkOnce | Linkage::LinkOnceOdr | Linkage::AvailableExternally
    )
}

/// Each global value's symbol, by its handle: built once, so that the sets below are kept and
/// asked by handle (on a large module, looking a name up in a set of names missed the cache each
/// time).
#[derive(Default)]
pub(crate) struct Symbols {
    vars: Vec<Option<SymbolId>>,
    funcs: Vec<Option<SymbolId>>,
    aliases: Vec<Option<SymbolId>>,
    ifuncs: Vec<Option<SymbolId>>,
}

impl Symbols {
    pub(crate) fn new(m: &Module) -> Self {
        let mut s = Symbols {
            vars: vec![None; m.globals.len()],
            funcs: vec![None; m.functions.len()],
            aliases: vec![None; m.aliases.len()],
            ifuncs: vec![None; m.ifuncs.len()],
        };
        for (id, sym) in m.symbols.iter() {
            let (table, i) = match sym.def {
                Some(GlobalDef::Var(d)) => (&mut s.vars, d.index()),
                Some(GlobalDef::Func(d)) => (&mut s.funcs, d.index()),
                Some(GlobalDef::Alias(d)) => (&mut s.aliases, d.index()),
                Some(GlobalDef::IFunc(d)) => (&mut s.ifuncs, d.index()),
                _ => continue,
            };
            if let Some(slot) = table.get_mut(i) {
                *slot = Some(id);
            }
        }
        s
    }

    /// The symbol naming a definition.
    pub(crate) fn of(&self, def: GlobalDef) -> Option<SymbolId> {
        let (table, i) = match def {
            GlobalDef::Var(d) => (&self.vars, d.index()),
            GlobalDef::Func(d) => (&self.funcs, d.index()),
            GlobalDef::Alias(d) => (&self.aliases, d.index()),
            GlobalDef::IFunc(d) => (&self.ifuncs, d.index()),
            _ => return None,
        };
        table.get(i).copied().flatten()
    }
}

/// A set of global values, by symbol.
#[derive(Default)]
pub(crate) struct GlobalSet(Vec<bool>);

impl GlobalSet {
    fn new(m: &Module) -> Self {
        GlobalSet(vec![false; m.symbols.len()])
    }

    /// Adds a symbol; whether it was not in the set.
    fn insert(&mut self, s: SymbolId) -> bool {
        match self.0.get_mut(s.index()) {
            Some(slot) => !std::mem::replace(slot, true),
            None => false,
        }
    }

    pub(crate) fn contains(&self, s: SymbolId) -> bool {
        self.0.get(s.index()).copied().unwrap_or(false)
    }

    /// Whether the set holds a definition (through its symbol).
    pub(crate) fn contains_def(&self, symbols: &Symbols, def: GlobalDef) -> bool {
        symbols.of(def).is_some_and(|s| self.contains(s))
    }
}

/// Constants seen by a walk, by handle.
pub(crate) struct ConstSet(Vec<bool>);

impl ConstSet {
    pub(crate) fn new(m: &Module) -> Self {
        ConstSet(vec![false; m.consts.len()])
    }

    fn insert(&mut self, c: ConstId) -> bool {
        match self.0.get_mut(c.index()) {
            Some(slot) => !std::mem::replace(slot, true),
            None => false,
        }
    }

    fn contains(&self, c: ConstId) -> bool {
        self.0.get(c.index()).copied().unwrap_or(true)
    }
}

/// The symbol a constant names, through casts (as [`global_of`]).
pub(crate) fn symbol_of(m: &Module, mut c: ConstId) -> Option<SymbolId> {
    for _ in 0..MAX_CAST_CHAIN {
        match &m.consts[c] {
            ConstData::Global { global, .. } => return Some(*global),
            ConstData::Expr(e) if matches!(e.op, ExprOp::Cast(_)) => c = *e.operands.first()?,
            _ => return None,
        }
    }
    None
}

/// The constants of `f`'s body, in one walk of its instructions: those an instruction refers to
/// (what the modern path's keeping follows, [`kept_sets`]; only when `modern`), and among them
/// the `watched` ones ([`crate::llvmverifier::watched_consts`]) used other than as a call's direct
/// callee; and those the compiler keeps ([`live_consts`]). Each list sorted, without repeats
/// (but the misused ones, in body order).
///
/// One walk instead of three (the constants, the used values, the kept constants): on a 50 MB
/// module each walk of every instruction missed the cache all the way.
fn body_consts(
    m: &Module,
    id: nvir_llvm::ir::module::FuncId,
    f: &Function,
    watched: &[bool],
    modern: bool,
    folded: impl Fn(ConstId) -> bool,
) -> (Vec<ConstId>, Vec<ConstId>, Vec<ConstId>) {
    // Sized by the instructions (most name a constant or two): grown from nothing, the lists
    // were reallocated several times in every body.
    let mut consts = Vec::with_capacity(if modern { f.insts.len() } else { 0 });
    let mut live = Vec::with_capacity(f.insts.len());
    let mut used = vec![false; f.insts.len()];
    // Plain loads, whose constants the compiler keeps only when their value is used (known once
    // every instruction is read).
    let mut loads: Vec<(InstId, Value)> = Vec::new();
    // A call through another type than the callee's declared one is a use of the declaration
    // other than a call's when the declaration comes first; otherwise the call is refused first.
    let misuse_call = |c: ConstId, ty: nvir_llvm::ir::TypeId| {
        mistyped_callee(m, c, ty).is_some_and(|d| d.index() < id.index() && !renamed_by_upgrade(m, d))
    };
    // A call's direct callee is the one use of a watched function allowed: when the body names
    // watched constants more often than it calls them directly, its instructions are read again
    // for which (rare: only a module that breaks the rule pays).
    let mut direct_calls = 0usize;
    for (iid, inst) in f.insts.iter() {
        // What `live_consts` keeps of this instruction: all its constants, a folded variable's
        // stored value only, a plain load's later.
        let keep = match &inst.kind {
            InstKind::Load { volatile: false, ptr, .. } => {
                loads.push((iid, *ptr));
                false
            }
            InstKind::Store { volatile: false, ptr: Value::Const(c), value, .. } if folded(*c) => {
                if let Value::Const(v) = value {
                    live.push(*v);
                }
                false
            }
            _ => true,
        };
        inst.kind.for_each_operand(|v| match v {
            Value::Const(c) => {
                if modern {
                    consts.push(c);
                }
                if keep {
                    live.push(c);
                }
            }
            Value::Inst(i) => {
                if let Some(u) = used.get_mut(i.index()) {
                    *u = true;
                }
            }
            _ => {}
        });
        if !modern {
            continue;
        }
        if let InstKind::Call { call, .. } | InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } = &inst.kind
        {
            if let Value::Const(c) = call.callee {
                direct_calls += usize::from(watched.get(c.index()) == Some(&true) && !misuse_call(c, call.fn_ty));
            }
        }
    }
    for (iid, ptr) in loads {
        if !used.get(iid.index()).copied().unwrap_or(false) {
            continue;
        }
        match ptr {
            Value::Const(c) if folded(c) => {}
            Value::Const(c) => live.push(c),
            _ => {}
        }
    }
    let mut misused = Vec::new();
    if modern
        && !watched.is_empty()
        && consts.iter().filter(|c| watched.get(c.index()) == Some(&true)).count() != direct_calls
    {
        for (_, inst) in f.insts.iter() {
            let mut operands = Vec::new();
            inst.kind.for_each_operand(|v| {
                if let Value::Const(c) = v {
                    operands.push(c)
                }
            });
            // A call names its callee last.
            for (k, &c) in operands.iter().enumerate() {
                if watched.get(c.index()) != Some(&true) {
                    continue;
                }
                let direct_callee = k + 1 == operands.len()
                    && matches!(&inst.kind,
                        InstKind::Call { call, .. } | InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. }
                            if call.callee == Value::Const(c) && matches!(m.consts[c], ConstData::Global { .. })
                                && !misuse_call(c, call.fn_ty));
                if !direct_callee {
                    misused.push(c);
                }
            }
        }
    }
    (sorted(consts), misused, sorted(live))
}

/// What the modern path keeps, and what `nvvmCompileProgram` keeps, from one pass over the
/// bodies on all cores; the two walks then run at once.
///
/// The first set: the global values the modern path keeps (measured: it drops declarations and
/// discardable definitions nothing kept refers to before it verifies, transitively: a linkonce
/// function used only by an unused internal one goes too; so does one only metadata names, a
/// kernel annotation among them). Roots are the other definitions and aliases; a kept
/// function's body and a kept variable's initializer
/// keep what they refer to. Empty on LLVM 7's path (`modern` false), which drops nothing before
/// it verifies.
///
/// The second: the global values `nvvmCompileProgram` keeps and compiles, on both paths
/// (measured, the `dropped/` axis): as the first, but what only a load whose value goes unused
/// reaches is dropped, and an `internal` or `private` variable only loaded from and stored to
/// (its address taken nowhere) is folded away; nothing the compiler drops stops it, whatever the
/// verifier says of it.
///
/// The third: on the modern path, each function's operands that refer to a value only a call
/// may use (`watched`, [`crate::llvmverifier::watched_consts`]) other than as a call's direct
/// callee, with the function's name.
pub(crate) fn kept_sets<'m>(
    m: &'m Module,
    symbols: &Symbols,
    modern: bool,
    watched: &[bool],
) -> (GlobalSet, GlobalSet, Vec<(&'m str, ConstId)>) {
    use rayon::prelude::*;
    let local_var = compile_local_var(m);
    // Only functions with instructions have constants here: 200k declarations hold no list
    // (three empty lists each were 24 MB).
    let functions: Vec<(FuncId, &'m Function)> = m.functions.iter().filter(|(_, f)| !f.insts.is_empty()).collect();
    let per_function: Vec<(Vec<ConstId>, Vec<ConstId>, Vec<ConstId>)> = functions
        .par_iter()
        .with_min_len(64)
        .map(|&(id, f)| body_consts(m, id, f, watched, modern, &local_var))
        .collect();
    let mut all = BodyConsts(Vec::with_capacity(per_function.len()));
    let mut live = BodyConsts(Vec::with_capacity(per_function.len()));
    let mut misused = Vec::new();
    for ((fid, f), (a, bad, l)) in functions.iter().zip(per_function) {
        all.0.push((*fid, a));
        live.0.push((*fid, l));
        misused.extend(bad.into_iter().map(|c| (f.name.as_ref(), c)));
    }
    // Each walk frees its own lists (one per function) where it runs, not on the caller's thread.
    let kept = move || if modern { reached(m, symbols, &all) } else { GlobalSet::default() };
    let (kept, compiled) = rayon::join(kept, move || reached(m, symbols, &live));
    (kept, compiled, misused)
}

/// The constants each function's instructions name, for the functions that have instructions,
/// in function order.
struct BodyConsts(Vec<(FuncId, Vec<ConstId>)>);

impl BodyConsts {
    fn of(&self, f: FuncId) -> &[ConstId] {
        self.0.binary_search_by_key(&f, |(g, _)| *g).map_or(&[], |i| &self.0[i].1)
    }
}

fn sorted(mut consts: Vec<ConstId>) -> Vec<ConstId> {
    consts.sort_unstable();
    consts.dedup();
    consts
}

/// The instructions of a function whose value another of its instructions uses, by handle.
pub(crate) struct UsedInsts(Vec<bool>);

impl UsedInsts {
    /// Whether something uses `i`'s value.
    pub(crate) fn contains(&self, i: InstId) -> bool {
        self.0.get(i.index()).copied().unwrap_or(false)
    }
}

/// [`UsedInsts`] of `f`: a plain load (or a call) whose value goes unused is one the compiler
/// removes.
pub(crate) fn used_insts(f: &Function) -> UsedInsts {
    let mut used = vec![false; f.insts.len()];
    for (_, inst) in f.insts.iter() {
        inst.kind.for_each_operand(|v| {
            if let Value::Inst(i) = v {
                if let Some(u) = used.get_mut(i.index()) {
                    *u = true;
                }
            }
        });
    }
    UsedInsts(used)
}

/// The constants of `f`'s body the compiler keeps: what a load whose value goes unused
/// reaches is not, nor (`folded`) an `internal` or `private` variable only loaded from and
/// stored to, though the value stored is.
fn live_consts(f: &Function, folded: impl Fn(ConstId) -> bool) -> Vec<ConstId> {
    let used = used_insts(f);
    let mut consts = Vec::new();
    for (iid, inst) in f.insts.iter() {
        match &inst.kind {
            InstKind::Load { volatile: false, .. } if !used.contains(iid) => continue,
            InstKind::Load { volatile: false, ptr: Value::Const(c), .. } if folded(*c) => continue,
            InstKind::Store { volatile: false, ptr: Value::Const(c), value, .. } if folded(*c) => {
                if let Value::Const(v) = value {
                    consts.push(*v);
                }
                continue;
            }
            _ => {}
        }
        inst.kind.for_each_operand(|v| {
            if let Value::Const(c) = v {
                consts.push(c)
            }
        });
    }
    consts
}

/// Whether a constant is an `internal` or `private` variable (what the compiler folds away when
/// it is only loaded from and stored to, [`kept_sets`]).
fn compile_local_var(m: &Module) -> impl Fn(ConstId) -> bool + Sync + '_ {
    move |c: ConstId| match &m.consts[c] {
        ConstData::Global { global, .. } => matches!(m.symbols[*global].def, Some(GlobalDef::Var(id))
            if matches!(m.globals[id].props.linkage, Linkage::Internal | Linkage::Private)),
        _ => false,
    }
}

/// Walks the constants on `work` and their constant operands, each once (`seen` holds those
/// visited, across calls), in depth-first order, handing each to `visit`; stops where `visit`
/// breaks, leaving the rest on `work`.
pub(crate) fn const_closure<B>(
    m: &Module,
    work: &mut Vec<ConstId>,
    seen: &mut ConstSet,
    mut visit: impl FnMut(&ConstData) -> ControlFlow<B>,
) -> ControlFlow<B> {
    while let Some(c) = work.pop() {
        if !seen.insert(c) {
            continue;
        }
        let data = &m.consts[c];
        visit(data)?;
        work.extend(operands(data).iter().copied().filter(|&o| !seen.contains(o)));
    }
    ControlFlow::Continue(())
}

/// The global values reached from the roots both kinds of keeping share (variables with an
/// initializer and function definitions of a linkage that may not be discarded, aliases),
/// where a reached function's body reaches the constants
/// `body_consts` lists for it (by handle) and a reached variable its initializer. The lists are
/// made on all cores, once per function: bodies are most of a module, and the walk then visits
/// only these short lists, one per reached function.
fn reached(m: &Module, symbols: &Symbols, body_consts: &BodyConsts) -> GlobalSet {
    let mut out = GlobalSet::new(m);
    let mut seen = ConstSet::new(m);
    let mut work: Vec<ConstId> = Vec::new();
    let mut pending: Vec<GlobalDef> = Vec::new();
    let root = |out: &mut GlobalSet, def: GlobalDef| {
        if let Some(s) = symbols.of(def) {
            out.insert(s);
        }
    };
    for (id, g) in m.globals.iter() {
        if g.init.is_some() && !discardable(g.props.linkage) {
            root(&mut out, GlobalDef::Var(id));
            pending.push(GlobalDef::Var(id));
        }
    }
    for (id, f) in m.functions.iter() {
        if f.is_definition && !discardable(f.props.linkage) {
            root(&mut out, GlobalDef::Func(id));
            pending.push(GlobalDef::Func(id));
        }
    }
    for (id, a) in m.aliases.iter() {
        root(&mut out, GlobalDef::Alias(id));
        work.push(a.aliasee);
    }
    // (What metadata names is no root: a discardable function only an annotation or another
    // node names is dropped, on the modern path before it verifies and by both compilers;
    // measured, `kernellink/`.)
    loop {
        while let Some(def) = pending.pop() {
            match def {
                GlobalDef::Var(id) => work.extend(m.globals[id].init),
                GlobalDef::Func(id) => work.extend(body_consts.of(id).iter().copied()),
                _ => {}
            }
        }
        if work.is_empty() {
            break;
        }
        let _ = const_closure::<()>(m, &mut work, &mut seen, |c| {
            if let ConstData::Global { global, .. } = c {
                if out.insert(*global) {
                    pending.extend(m.symbols[*global].def);
                }
            }
            ControlFlow::Continue(())
        });
    }
    out
}

/// The constants metadata names (`!{ptr @f}`).
fn metadata_consts(m: &Module) -> impl Iterator<Item = ConstId> + '_ {
    m.metadata.iter().filter_map(|(_, node)| match node {
        MdNode::Value(_, Value::Const(c)) => Some(*c),
        _ => None,
    })
}

/// The global values the constants on `work` reach (themselves included).
fn globals_reached(m: &Module, mut work: Vec<ConstId>) -> GlobalSet {
    let mut out = GlobalSet::new(m);
    let _ = const_closure::<()>(m, &mut work, &mut ConstSet::new(m), |c| {
        if let ConstData::Global { global, .. } = c {
            out.insert(*global);
        }
        ControlFlow::Continue(())
    });
    out
}

/// Of the functions the compiler keeps ([`kept_sets`]), those LLVM 7's compiler inlines into
/// every caller and removes before its verifier and backend see them (measured, the `dropped/`
/// axis): a definition of a linkage no other module may replace (`internal`, `private`,
/// `linkonce_odr`, `available_externally`) that kept code only calls, never takes the address of.
/// By function handle.
pub(crate) fn inlined_away(m: &Module, symbols: &Symbols, kept: &GlobalSet) -> Vec<bool> {
    let mut called = GlobalSet::new(m);
    let mut work: Vec<ConstId> = Vec::new();
    for (id, f) in m.functions.iter() {
        if !f.is_definition || !kept.contains_def(symbols, GlobalDef::Func(id)) {
            continue;
        }
        for (_, inst) in f.insts.iter() {
            let callee = match &inst.kind {
                InstKind::Call { call, .. } => Some(call.callee),
                _ => None,
            };
            inst.kind.for_each_operand(|v| {
                let Value::Const(c) = v else { return };
                if Some(v) == callee {
                    if let ConstData::Global { global, .. } = &m.consts[c] {
                        called.insert(*global);
                        return;
                    }
                }
                work.push(c);
            });
        }
    }
    for (id, g) in m.globals.iter() {
        if kept.contains_def(symbols, GlobalDef::Var(id)) {
            work.extend(g.init);
        }
    }
    for (_, a) in m.aliases.iter() {
        work.push(a.aliasee);
    }
    work.extend(metadata_consts(m));
    let taken = globals_reached(m, work);
    m.functions
        .iter()
        .map(|(id, f)| {
            f.is_definition
                && matches!(
                    f.props.linkage,
                    Linkage::Internal | Linkage::Private | Linkage::LinkOnceOdr | Linkage::AvailableExternally
                )
                && called.contains_def(symbols, GlobalDef::Func(id))
                && !taken.contains_def(symbols, GlobalDef::Func(id))
        })
        .collect()
}

/// The global values a function body or a global's initializer refers to, as the compiler keeps
/// them (not a load whose value goes unused).
pub(crate) fn referenced(m: &Module) -> GlobalSet {
    let mut work: Vec<ConstId> = Vec::new();
    for (_, g) in m.globals.iter() {
        work.extend(g.init);
    }
    for (_, f) in m.functions.iter() {
        work.extend(live_consts(f, |_| false));
    }
    globals_reached(m, work)
}

/// In an initializer: a `blockaddress`.
const BLOCK_ADDRESS: u8 = 1;

/// What each constant holds, anywhere inside it ([`BLOCK_ADDRESS`]), found once per constant
/// however many initializers share it.
#[derive(Default)]
struct Contents(FxHashMap<ConstId, u8>);

impl Contents {
    fn own(_: &Module, c: &ConstData) -> u8 {
        match c {
            ConstData::BlockAddress { .. } => BLOCK_ADDRESS,
            _ => 0,
        }
    }

    /// Operands first, by an explicit stack (no recursion on deep constants).
    fn of(&mut self, m: &Module, root: ConstId) -> u8 {
        let mut work = vec![(root, false)];
        while let Some((c, ready)) = work.pop() {
            if self.0.contains_key(&c) {
                continue;
            }
            let data = &m.consts[c];
            let ops = operands(data);
            if ready {
                let found = ops.iter().fold(Self::own(m, data), |f, o| f | self.0.get(o).copied().unwrap_or(0));
                self.0.insert(c, found);
            } else {
                work.push((c, true));
                work.extend(ops.iter().filter(|o| !self.0.contains_key(o)).map(|&o| (o, false)));
            }
        }
        self.0.get(&root).copied().unwrap_or(0)
    }
}

/// A constant's constant operands (elements, fields, expression operands).
fn operands(c: &ConstData) -> &[ConstId] {
    match c {
        ConstData::Array { elems, .. } | ConstData::Vector { elems, .. } => elems,
        ConstData::Struct { fields, .. } => fields,
        ConstData::Expr(e) => &e.operands,
        _ => &[],
    }
}

/// A pointer type's address space (0 for anything else).
pub(crate) fn pointer_space(m: &Module, t: nvir_llvm::ir::TypeId) -> u32 {
    match m.types.get(t) {
        TypeData::Pointer { addr_space, .. } => *addr_space,
        TypeData::Vector { elem, .. } => pointer_space(m, *elem),
        _ => 0,
    }
}

/// The floating-point (or MMX) type libNVVM refuses, if `t` is or holds one, as the path sees
/// it: LLVM 7's verifier also looks through a typed pointer at its pointee (measured, the `fpbehind/` axis: a pointer to `fp128`, to a struct or
/// array holding one, or to a pointer to one is refused wherever an instruction or a variable
/// has it, a parameter nothing uses and a declaration's passing), where the modern path's
/// pointers are opaque.
pub(crate) fn unsupported_type_on(cx: &crate::Cx, t: nvir_llvm::ir::TypeId) -> Option<&'static str> {
    unsupported_type_in(cx.m, t, cx.llvm7())
}

/// [`unsupported_type_on`], looking through typed pointers or not.
pub(crate) fn unsupported_type_in(m: &Module, t: nvir_llvm::ir::TypeId, pointees: bool) -> Option<&'static str> {
    unsupported_type_at(m, t, pointees, 0)
}

fn unsupported_type_at(m: &Module, t: nvir_llvm::ir::TypeId, pointees: bool, depth: u32) -> Option<&'static str> {
    use nvir_llvm::ir::FloatKind;
    if depth > 64 {
        return None;
    }
    let inner = |t| unsupported_type_at(m, t, pointees, depth + 1);
    match m.types.get(t) {
        TypeData::Float(FloatKind::Fp128) => Some("fp128"),
        TypeData::Float(FloatKind::X86Fp80) => Some("x86_fp80"),
        TypeData::Float(FloatKind::PpcFp128) => Some("ppc_fp128"),
        TypeData::X86Mmx => Some("x86mmx"),
        TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => inner(*elem),
        TypeData::Struct(body) => body.fields.iter().find_map(|&f| inner(f)),
        TypeData::Pointer { pointee: Some(p), .. } if pointees => inner(*p),
        _ => None,
    }
}

/// Whether any type of the module is one [`unsupported_type_on`] names: types are interned, so a
/// type holding one is in the table only with it.
pub(crate) fn has_unsupported_types(m: &Module) -> bool {
    use nvir_llvm::ir::FloatKind;
    m.types.iter().any(|(_, t)| {
        matches!(t, TypeData::Float(FloatKind::Fp128 | FloatKind::X86Fp80 | FloatKind::PpcFp128) | TypeData::X86Mmx)
    })
}

/// Whether a name is a valid PTX identifier: `[a-zA-Z$_][a-zA-Z$_0-9]*`.
fn is_identifier(name: &str) -> bool {
    let mut bytes = name.bytes();
    matches!(bytes.next(), Some(b'a'..=b'z' | b'A'..=b'Z' | b'$' | b'_'))
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'$' || b == b'_')
}

/// Names and linkage of functions and aliases (variables have theirs checked with the rest of
/// their rules), before any function body: libNVVM reports a badly named later function before an
/// earlier function's bad instruction.
pub(crate) fn check_global_values(cx: &Cx, out: &mut Findings) {
    let m = cx.m;
    for (id, f) in m.functions.iter() {
        if cx.function_dropped(id) {
            continue;
        }
        check_name_and_linkage(&f.name, &f.props, f.source.start, out);
    }
    for (_, a) in m.aliases.iter() {
        check_name_and_linkage(&a.name, &a.props, None, out);
    }
}

fn check_name_and_linkage(name: &str, props: &GlobalProps, offset: Option<u32>, out: &mut Findings) {
    let linkage = props.linkage;
    let at = || Location::Global { name: name.to_string(), offset };
    // Measured over 25 names x 5 linkages, functions and variables: local names may also hold
    // `.` and `-` (the backend renames those); `llvm.` and `nvvm.` names are reserved ones.
    let local = matches!(linkage, Linkage::Internal | Linkage::Private);
    let reserved = name.starts_with("llvm.") || name.starts_with("nvvm.");
    // A numbered global (`@3`) has no name; `@"3"` is one, measured like the others.
    let numbered = !props.numeric_name && name.bytes().all(|b| b.is_ascii_digit());
    let valid = if local {
        matches!(name.bytes().next(), Some(b'a'..=b'z' | b'A'..=b'Z' | b'$' | b'_' | b'.' | b'-'))
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'$' | b'_' | b'.' | b'-'))
    } else {
        is_identifier(name)
    };
    if !reserved && !numbered && !valid {
        // The backend renames local symbols, so only the verifier refuses those (measured).
        out.error(
            if local { "nvvm-local-identifier" } else { "nvvm-identifier" },
            format!("Invalid identifier name: {name}  Must match [a-zA-Z$_][a-zA-Z$_0-9]*"),
            at(),
        );
        out.help("rename it (internal and private names may also hold `.` and `-`)");
    }
    // (`llvm.compiler.used` only in the `llvm.metadata` section, measured: `llvm7/used_*`.)
    if linkage == Linkage::Appending && name != "llvm.used" {
        out.error("nvvm-linkage", "appending linkage is not supported.", at());
    }
    if linkage == Linkage::ExternWeak {
        out.error("nvvm-linkage", "extern_weak linkage is not supported.", at());
    }
}
