//! The compiler's verdict: what `nvvmCompileProgram` (same arch, default options) does with a
//! module, next to what `nvvmVerifyProgram` does.
//!
//! libNVVM's compiler does not run its verifier: it compiles many modules the verifier rejects
//! (unsupported function attributes, intrinsics, address-space casts, …) and rejects some the
//! verifier accepts. Both halves are measured (`scripts/probe/compile_stage.py`, recorded in
//! `corpus/probes/compile_stage.jsonl`, and the compile results of `corpus/verifier/`):
//!
//! - each verify-stage error gets [`Finding::fails_compile`]: whether the compiler fails on it too;
//! - what only the compiler rejects becomes a compile-stage error ([`crate::Class::Compile`]):
//!   a data layout the modern path's target does not take, aliases of kernels and variables,
//!   static-initializer expressions, reserved or non-constant `membar` operands, inline-asm
//!   constraints, `blocksareclusters` without its companions (with the intrinsic gates and i128
//!   atomics of [`crate::warnings`]).

use crate::module::{check_layout_of, global_of};
use crate::{Class, Cx, Finding, Findings, Location, Path, Severity};
use nvir_llvm::ir::attrs::Attr;
use nvir_llvm::ir::constant::{ConstData, ExprOp};
use nvir_llvm::ir::instruction::BinOp;
use nvir_llvm::ir::module::GlobalDef;
use nvir_llvm::ir::{ConstId, Function, InstKind, TypeData, Value};
use nvir_llvm::Module;

/// libNVVM's own data layout (64-bit), the one its compute_100+ target takes.
pub(crate) const LIBNVVM_LAYOUT: &str = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64";

/// Every compile-side judgement, after the verifier's findings are all in.
pub(crate) fn check(cx: &Cx, out: &mut Findings) {
    let layout_error = out.0.iter().any(|f| f.code == "nvvm-datalayout");
    for i in 0..out.0.len() {
        let f = &out.0[i];
        if f.severity == Severity::Error && f.class != Class::Compile {
            let fails = verify_error_fails_compile(cx, f);
            out.0[i].fails_compile = fails;
        }
    }
    if !layout_error {
        layout(cx, out);
    }
    module_crashes(cx, out);
    aliases(cx, out);
    static_initializers(cx, out);
    for (_, f) in cx.m.functions.iter() {
        if f.is_definition && !f.name.starts_with("llvm.") {
            if cx.kernels.contains(&*f.name) {
                cluster_attrs(cx, f, out);
            }
            signature(cx, f, out);
            bodies(cx, f, out);
        }
    }
}

/// The help of a finding where libNVVM's compiler crashes rather than reports.
const CRASH_HELP: &str = "nvvmCompileProgram crashes the process on this (measured with libNVVM 13.5): leave it out";

/// Whole-module constructs the compiler crashes or stops on though the verifier takes them.
fn module_crashes(cx: &Cx, out: &mut Findings) {
    let m = cx.m;
    let triple = m.triple.as_deref().map(String::from_utf8_lossy).unwrap_or_default();
    if !cx.llvm7() && triple.starts_with("nvgpu-") {
        out.compile_error(
            "nvvm-compile-crash",
            format!("libNVVM's compute_100+ compiler crashes on the triple {triple}"),
            Location::Module,
        );
        out.help("use `target triple = \"nvptx64-nvidia-cuda\"`");
    }
    // LLVM 7's NVPTX printer refuses destructors (constructors compile).
    if cx.llvm7() {
        for (_, g) in m.globals.iter() {
            let what = match &*g.name {
                "llvm.global_dtors" => "dtor",
                _ => continue,
            };
            let nontrivial = g.init.is_some_and(|c| match &m.consts[c] {
                ConstData::Array { elems, .. } => !elems.is_empty(),
                ConstData::Zero(_) | ConstData::Undef(_) | ConstData::Poison(_) => false,
                _ => true,
            });
            if nontrivial {
                out.compile_error(
                    "nvvm-global-ctors",
                    format!("Module has a nontrivial global {what}, which NVPTX does not support."),
                    Location::Global { name: g.name.to_string(), offset: g.source },
                );
                out.help("call the initialization from the host, or from the kernel itself");
            }
        }
    }
    // An annotation property without its value.
    let props = crate::module::annotation_properties(m);
    if let Some((global, key, _)) = props.iter().find(|(_, _, v)| v.is_none()) {
        out.compile_error(
            "nvvm-compile-crash",
            format!(
                "!nvvm.annotations property \"{}\" of @{global} has no value: libNVVM's compiler crashes on it",
                String::from_utf8_lossy(key)
            ),
            Location::Module,
        );
        out.help("give the property its value (`!\"maxntidx\", i32 128`), or drop it");
    }
    for (_, g) in m.globals.iter() {
        if !cx.llvm7() && g.init.is_some_and(|c| holds(m, c, |d| matches!(d, ConstData::DsoLocalEquivalent { .. }))) {
            out.compile_error(
                "nvvm-compile-crash",
                "dso_local_equivalent: libNVVM's compute_100+ compiler crashes on it",
                Location::Global { name: g.name.to_string(), offset: g.source },
            );
            out.help("use the function itself");
        }
    }
}

/// Whether a constant holds one that `pred` picks.
fn holds(m: &Module, root: ConstId, pred: impl Fn(&ConstData) -> bool) -> bool {
    let mut work = vec![root];
    let mut seen = rustc_hash::FxHashSet::default();
    while let Some(c) = work.pop() {
        if !seen.insert(c) {
            continue;
        }
        let d = &m.consts[c];
        if pred(d) {
            return true;
        }
        match d {
            ConstData::Expr(e) => work.extend(e.operands.iter().copied()),
            ConstData::Array { elems, .. } | ConstData::Vector { elems, .. } => work.extend(elems.iter().copied()),
            ConstData::Struct { fields, .. } => work.extend(fields.iter().copied()),
            _ => {}
        }
    }
    false
}

/// LLVM 7's backend crashes on a defined function with three or more parameters of which two or
/// more are fp128, ppc_fp128 or i256 (measured over every combination of half, fp128, x86_fp80,
/// ppc_fp128, i128 and i256: 62 of 63 follow this; one or two such parameters compile).
fn signature(cx: &Cx, f: &Function, out: &mut Findings) {
    if !cx.llvm7() {
        return;
    }
    let m = cx.m;
    let TypeData::Function { params, .. } = m.types.get(f.ty) else { return };
    let wide = |t: &nvir_llvm::ir::TypeId| match m.types.get(*t) {
        TypeData::Float(k) => matches!(k, nvir_llvm::ir::FloatKind::Fp128 | nvir_llvm::ir::FloatKind::PpcFp128),
        TypeData::Int(w) => *w == 256,
        _ => false,
    };
    if params.len() >= 3 && params.iter().filter(|t| wide(t)).count() >= 2 {
        out.compile_error(
            "nvvm-compile-crash",
            "parameters of types fp128, ppc_fp128 or i256: libNVVM's LLVM 7 compiler crashes on this function",
            Location::Function { name: f.name.to_string(), offset: f.source.start },
        );
        out.help("pass such values through memory (a pointer), or target compute_100+");
    }
}

/// Whether `nvvmCompileProgram` fails on a module for the same reason `nvvmVerifyProgram` rejects
/// it (measured rule by rule; most of libNVVM's own rules are not checked by its compiler).
fn verify_error_fails_compile(cx: &Cx, f: &Finding) -> bool {
    if matches!(f.class, Class::Parse | Class::Version) {
        return true;
    }
    let llvm7 = cx.llvm7();
    let m = cx.m;
    match f.code {
        // The compiler runs its own layout check, which takes a layout without i128; the modern
        // path then needs the layout its target has.
        "nvvm-datalayout" => {
            let layout = layout_text(m);
            let patched = with_i128(&layout);
            // The LLVM 7 compiler takes a mangling mode, which the verifier refuses.
            let checked: String = match llvm7 {
                true => patched.split('-').filter(|s| !s.starts_with("m:")).collect::<Vec<_>>().join("-"),
                false => patched.clone(),
            };
            let mut hard = Findings::default();
            check_layout_of(cx, &checked, &mut hard);
            !hard.0.is_empty() || (!llvm7 && has_definitions(m) && !modern_layout_compatible(&patched, m))
        }
        // Another vendor or OS compiles; another architecture (or none) does not.
        "nvvm-triple" => {
            let triple = m.triple.as_deref().map(String::from_utf8_lossy).unwrap_or_default();
            !matches!(triple.split('-').next(), Some("nvptx" | "nvptx64"))
        }
        // The PTX printer knows the local space; other spaces stop it.
        "nvvm-global-addrspace" => global_space(cx, &f.location) != Some(5),
        // The backend renames `.`; other characters it cannot write in PTX (`@` only on the
        // modern path).
        "nvvm-identifier" => match &f.location {
            Location::Global { name, .. } => name
                .chars()
                .any(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.') || (llvm7 && c == '@'))),
            _ => true,
        },
        "nvvm-linkage" => false,
        "nvvm-fence" | "nvvm-atomic-op" => llvm7,
        "nvvm-atomic-load-store" => llvm7 && atomic_access_fails(cx, &f.location),
        // i8/i16, floating-point and i128 read-modify-write atomics stop the LLVM 7 backend
        // (pointers do not); the modern one lowers them all.
        "nvvm-atomic-type" => llvm7 && !atomic_operand_is_pointer(cx, &f.location),
        "nvvm-atomic-addrspace" => atomic_space(cx, &f.location) != Some(4),
        // The LLVM 7 backend crashes on these types; the modern one lowers them.
        "nvvm-type" => llvm7,
        // A store to tensor memory crashes the compiler; a load compiles.
        "nvvm-tensor-memory" => inst_is_store(cx, &f.location),
        // The modern path refuses a shared variable's initial value unless it is zero.
        "nvvm-shared-init" => !llvm7 && shared_init_nonzero(cx, &f.location),
        "nvvm-intrinsic-arg" | "nvvm-intrinsic-definition" => true,
        // The LLVM 7 compiler refuses a blockaddress; the modern one crashes on it.
        "nvvm-blockaddress" => true,
        // The LLVM 7 compiler does not run LLVM's verifier on these.
        "llvm-dominance" | "llvm-intrinsic-signature" if llvm7 => false,
        // LLVM's own verifier runs in the compiler.
        code if code.starts_with("llvm-") => true,
        _ => false,
    }
}

fn layout_text(m: &Module) -> String {
    m.data_layout.as_deref().map(|l| String::from_utf8_lossy(l).into_owned()).unwrap_or_default()
}

/// The layout with libNVVM's i128 entry added when it has none (libNVVM adds it when compiling).
fn with_i128(layout: &str) -> String {
    if layout.is_empty() || layout.split('-').any(|s| s.starts_with("i128:")) {
        layout.to_string()
    } else {
        format!("{layout}-i128:128:128")
    }
}

fn has_definitions(m: &Module) -> bool {
    m.functions.iter().any(|(_, f)| f.is_definition)
}

/// A layout's entries as the modern compiler compares them: kind and width → numbers, after
/// LLVM's defaults for what the layout leaves out and the entries libNVVM adds when compiling.
fn layout_entries(layout: &str) -> std::collections::BTreeMap<String, Vec<u32>> {
    let mut map = std::collections::BTreeMap::new();
    for spec in layout.split('-').filter(|s| !s.is_empty()) {
        let (key, nums) = match spec.find(':') {
            Some(i) => (&spec[..i], &spec[i + 1..]),
            None => (spec, ""),
        };
        let mut nums: Vec<u32> = nums.split(':').filter_map(|n| n.parse().ok()).collect();
        let key = if key == "p" { "p0" } else { key };
        match key.as_bytes().first() {
            // size:abi[:pref[:index]]
            Some(b'p') => {
                if let [size, abi, ..] = nums[..] {
                    nums.resize(4, 0);
                    if nums[2] == 0 {
                        nums[2] = abi;
                    }
                    if nums[3] == 0 {
                        nums[3] = size;
                    }
                }
            }
            // abi[:pref]
            Some(b'i' | b'f' | b'v' | b'a') if nums.len() == 1 => nums.push(nums[0]),
            _ => {}
        }
        map.insert(key.to_string(), nums);
    }
    // What libNVVM adds when the module has none.
    for (k, v) in [("a", vec![8, 8]), ("f128", vec![128, 128]), ("p6", vec![32, 32, 32, 32])] {
        map.entry(k.to_string()).or_insert(v);
    }
    // LLVM's defaults.
    for (k, v) in [
        ("i8", vec![8, 8]),
        ("i16", vec![16, 16]),
        ("i32", vec![32, 32]),
        ("i64", vec![32, 64]),
        ("f16", vec![16, 16]),
        ("f32", vec![32, 32]),
        ("f64", vec![64, 64]),
        ("p0", vec![64, 64, 64, 64]),
    ] {
        map.entry(k.to_string()).or_insert(v);
    }
    map
}

/// The layout the modern target has for a module: libNVVM's, with 32-bit pointers for a
/// 32-bit triple, and 32-bit shared pointers when the module asks for them (`p3:32:32:32`).
fn target_layout(m: &Module, layout: &str) -> String {
    let triple = m.triple.as_deref().map(String::from_utf8_lossy).unwrap_or_default();
    let mut want = LIBNVVM_LAYOUT.to_string();
    // The pointer size is the module's when it sets one (32 or 64 bits), else the triple's.
    let entries = layout_entries(layout);
    let p32 = match layout.split('-').any(|s| s.starts_with("p:")) {
        true => entries.get("p0") == Some(&vec![32, 32, 32, 32]),
        false => triple.starts_with("nvptx-") || triple == "nvptx",
    };
    if p32 {
        want = want.replace("p:64:64:64", "p:32:32:32");
    }
    if entries.get("p3") == Some(&vec![32, 32, 32, 32]) {
        want = want.replace("-i1:", "-p3:32:32:32-i1:");
    }
    want
}

/// Whether the modern compiler takes a (verified) layout: it must be the target's, entry for entry.
fn modern_layout_compatible(layout: &str, m: &Module) -> bool {
    layout_entries(layout) == layout_entries(&target_layout(m, layout))
}

/// The modern path's target refuses a layout that is not its own, though the verifier accepts it
/// (clang's and rustc's default NVPTX layout among them).
fn layout(cx: &Cx, out: &mut Findings) {
    let m = cx.m;
    if cx.llvm7() || !has_definitions(m) {
        return;
    }
    let layout = layout_text(m);
    if layout.is_empty() || modern_layout_compatible(&with_i128(&layout), m) {
        return;
    }
    let want = target_layout(m, &layout);
    out.compile_error(
        "nvvm-datalayout-target",
        format!(
            "Can't create a MachineFunction using a Module with a Target-incompatible DataLayout attached: {} takes libNVVM's own layout only",
            cx.target
        ),
        Location::Module,
    );
    out.help(format!("use `target datalayout = \"{want}\"`"));
}

/// The global a location names, if it is a variable: its address space.
fn global_space(cx: &Cx, at: &Location) -> Option<u32> {
    let Location::Global { name, .. } = at else { return None };
    cx.m.globals.iter().find(|(_, g)| &*g.name == name.as_str()).map(|(_, g)| g.props.addr_space)
}

fn instruction<'m>(cx: &Cx<'m>, at: &Location) -> Option<&'m nvir_llvm::ir::Instruction> {
    let Location::Instruction { function, inst, .. } = at else { return None };
    let (_, f) = cx.m.functions.iter().find(|(_, f)| &*f.name == function.as_str())?;
    Some(&f.insts[*inst])
}

/// LLVM 7's backend lowers relaxed atomic loads and stores; an acquiring load only through a
/// pointer it knows to be global (a kernel's parameter or the global space), a releasing store
/// not at all (measured).
fn atomic_access_fails(cx: &Cx, at: &Location) -> bool {
    use nvir_llvm::ir::instruction::Ordering;
    let Location::Instruction { function, .. } = at else { return true };
    let kernel = cx.kernels.contains(function.as_str());
    match instruction(cx, at).map(|i| &i.kind) {
        Some(InstKind::Load { atomic: Some(a), ptr_ty, .. }) => {
            let space = crate::module::pointer_space(cx.m, *ptr_ty);
            matches!(a.ordering, Ordering::Acquire | Ordering::SeqCst) && (space == 3 || (space == 0 && !kernel))
        }
        Some(InstKind::Store { atomic: Some(a), .. }) => matches!(a.ordering, Ordering::Release | Ordering::SeqCst),
        _ => true,
    }
}

fn atomic_operand_is_pointer(cx: &Cx, at: &Location) -> bool {
    let ty = match instruction(cx, at).map(|i| &i.kind) {
        Some(InstKind::AtomicRmw { ty, .. }) => *ty,
        Some(InstKind::CmpXchg(x)) => x.ty,
        _ => return false,
    };
    matches!(cx.m.types.get(ty), TypeData::Pointer { .. })
}

fn atomic_space(cx: &Cx, at: &Location) -> Option<u32> {
    let ty = match instruction(cx, at).map(|i| &i.kind) {
        Some(InstKind::AtomicRmw { ptr_ty, .. }) => *ptr_ty,
        Some(InstKind::CmpXchg(x)) => x.ptr_ty,
        _ => return None,
    };
    Some(crate::module::pointer_space(cx.m, ty))
}

fn inst_is_store(cx: &Cx, at: &Location) -> bool {
    matches!(instruction(cx, at).map(|i| &i.kind), Some(InstKind::Store { .. }))
}

fn shared_init_nonzero(cx: &Cx, at: &Location) -> bool {
    let Location::Global { name, .. } = at else { return true };
    let Some((_, g)) = cx.m.globals.iter().find(|(_, g)| &*g.name == name.as_str()) else { return true };
    g.init.is_some_and(|c| match &cx.m.consts[c] {
        ConstData::Zero(_) | ConstData::Undef(_) | ConstData::Poison(_) | ConstData::Null(_) => false,
        ConstData::Int { value: nvir_llvm::ir::constant::ApInt::Small(v), .. } => *v != 0,
        _ => true,
    })
}

/// NVPTX aliases must name a non-kernel function definition (an alias of an alias too, on the
/// LLVM 7 path).
fn aliases(cx: &Cx, out: &mut Findings) {
    let m = cx.m;
    for (_, a) in m.aliases.iter() {
        let Some(target) = global_of(m, a.aliasee) else { continue };
        let def = m.symbols.iter().find(|(_, s)| &*s.name == target).and_then(|(_, s)| s.def);
        if !cx.llvm7() && cx.kernels.contains(&*a.name) {
            out.compile_error(
                "nvvm-compile-crash",
                format!(
                    "`@{}` is an alias annotated as a kernel: libNVVM's compute_100+ compiler crashes on it",
                    a.name
                ),
                Location::Global { name: a.name.to_string(), offset: None },
            );
            out.help(format!("annotate `@{target}` itself as the kernel"));
            continue;
        }
        let bad = match def {
            Some(GlobalDef::Var(_)) => Some("a variable"),
            Some(GlobalDef::Func(_)) if cx.kernels.contains(target) => Some("a kernel"),
            Some(GlobalDef::Alias(_)) if cx.llvm7() => Some("another alias"),
            _ => None,
        };
        if let Some(what) = bad {
            out.compile_error(
                "nvvm-alias",
                format!(
                    "NVPTX aliasee must be a non-kernel function definition (`@{}` aliases {what}, `@{target}`)",
                    a.name
                ),
                Location::Global { name: a.name.to_string(), offset: None },
            );
            out.help(format!("use `@{target}` itself, or alias a non-kernel function that calls it"));
        }
    }
}

/// Static initializers: the PTX printer writes an address plus a constant, not other arithmetic on
/// addresses (`sub`, `mul`, `and`, … of a `ptrtoint`).
fn static_initializers(cx: &Cx, out: &mut Findings) {
    let m = cx.m;
    for (_, g) in m.globals.iter() {
        let Some(init) = g.init else { continue };
        if let Some(op) = unsupported_expr(m, init) {
            out.compile_error(
                "nvvm-static-init",
                format!("Unsupported expression in static initializer: {op} (in `@{}`)", g.name),
                Location::Global { name: g.name.to_string(), offset: g.source },
            );
            out.help(
                "only an address plus a constant offset can be computed at load time: compute the rest at run time",
            );
        }
    }
}

/// The first arithmetic on an address in a constant, as its opcode.
fn unsupported_expr(m: &Module, root: ConstId) -> Option<&'static str> {
    let mut work = vec![root];
    let mut seen = rustc_hash::FxHashSet::default();
    while let Some(c) = work.pop() {
        if !seen.insert(c) {
            continue;
        }
        match &m.consts[c] {
            ConstData::Expr(e) => {
                if let ExprOp::Binary(op) = e.op {
                    if op != BinOp::Add && e.operands.iter().any(|&o| holds_address(m, o)) {
                        return Some(op.keyword());
                    }
                }
                work.extend(e.operands.iter().copied());
            }
            ConstData::Array { elems, .. } | ConstData::Vector { elems, .. } => work.extend(elems.iter().copied()),
            ConstData::Struct { fields, .. } => work.extend(fields.iter().copied()),
            _ => {}
        }
    }
    None
}

/// Whether a constant is or computes from a global's address.
fn holds_address(m: &Module, c: ConstId) -> bool {
    let mut work = vec![c];
    let mut steps = 0;
    while let Some(c) = work.pop() {
        steps += 1;
        if steps > 4096 {
            return false;
        }
        match &m.consts[c] {
            ConstData::Global { .. } => return true,
            ConstData::Expr(e) => work.extend(e.operands.iter().copied()),
            _ => {}
        }
    }
    false
}

/// `nvvm.blocksareclusters` needs `nvvm.reqntid` and `nvvm.cluster_dim` (as function attributes on
/// every path; as `!nvvm.annotations` entries on the modern path, which reads them into attributes).
fn cluster_attrs(cx: &Cx, f: &Function, out: &mut Findings) {
    let m = cx.m;
    let has = |key: &str| m.attrs[f.fn_attrs].0.iter().any(|a| matches!(a, Attr::Str(k, _) if &**k == key));
    let (mut clusters, mut reqntid, mut dims) =
        (has("nvvm.blocksareclusters"), has("nvvm.reqntid"), has("nvvm.cluster_dim"));
    if !cx.llvm7() {
        for (name, prop, _) in crate::module::annotations(m) {
            if name == *f.name {
                match prop.as_str() {
                    "blocksareclusters" => clusters = true,
                    "reqntidx" | "reqntidy" | "reqntidz" => reqntid = true,
                    "cluster_dim_x" | "cluster_dim_y" | "cluster_dim_z" => dims = true,
                    _ => {}
                }
            }
        }
    }
    if clusters && !(reqntid && dims) {
        out.compile_error(
            "nvvm-blocksareclusters",
            "blocksareclusters requires reqntid and cluster_dim",
            Location::Function { name: f.name.to_string(), offset: f.source.start },
        );
        out.help("give the kernel its block size (reqntid) and cluster shape (cluster_dim) too");
    }
}

/// Calls the compiler cannot lower.
fn bodies(cx: &Cx, f: &Function, out: &mut Findings) {
    let m = cx.m;
    for &b in &f.layout {
        let block = &f.blocks[b];
        for &i in &block.insts {
            let InstKind::Call { call, .. } = &f.insts[i].kind else { continue };
            let at = || Location::Instruction {
                function: f.name.to_string(),
                block: block.name.as_str().unwrap_or("").to_string(),
                block_id: b,
                inst: i,
                offset: f.inst_offset(i),
            };
            if cx.llvm7() && !call.bundles.is_empty() {
                out.compile_error(
                    "nvvm-compile-crash",
                    "operand bundles: libNVVM's LLVM 7 compiler crashes on them",
                    at(),
                );
                out.help(CRASH_HELP);
            }
            match call.callee {
                Value::Asm(a) => asm_constraints(cx, &String::from_utf8_lossy(&m.asms[a].constraints), out, &at),
                Value::Const(c) => {
                    let Some(name) = global_of(m, c) else { continue };
                    if (name.starts_with("llvm.nvvm.shfl.sync.") || name == "llvm.nvvm.vote.sync")
                        && call.args.get(1).is_some_and(|a| !matches!(a.value, Value::Const(_)))
                    {
                        out.compile_error(
                            "nvvm-compile-crash",
                            format!("{name} with a mode that is not a constant: libNVVM's compiler crashes on it"),
                            at(),
                        );
                        out.help("pass the mode as a constant, or use the intrinsic of the mode (llvm.nvvm.shfl.sync.idx.i32, …)");
                    }
                    if name == "llvm.nvvm.membar" {
                        membar(cx, call.args.first().map(|a| a.value), out, &at);
                    } else if let Some(sreg) = name.strip_prefix("llvm.nvvm.read.ptx.sreg.") {
                        if cx.target.path == Path::Modern && !crate::intrinsics::is_special_register(sreg) {
                            out.compile_error(
                                "nvvm-unknown-intrinsic",
                                format!("call to unknown intrinsic '{name}' cannot be lowered by the NVPTX backend"),
                                at(),
                            );
                            out.help("use a special register LLVM knows (llvm.nvvm.read.ptx.sreg.tid.x, …), returning i32 (i64 for clock64 and globaltimer)");
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// `llvm.nvvm.membar(i32 flags)`: measured, the compiler lowers flags 0 (cta), 1 (gl), 2 (sys)
/// and 4 in their low four bits; a non-constant operand stops the LLVM 7 backend (the modern
/// verifier already refuses it).
fn membar(cx: &Cx, arg: Option<Value>, out: &mut Findings, at: &dyn Fn() -> Location) {
    let m = cx.m;
    match arg {
        Some(Value::Const(c)) => {
            if let ConstData::Int { value: nvir_llvm::ir::constant::ApInt::Small(v), .. } = m.consts[c] {
                if !matches!(v & 15, 0 | 1 | 2 | 4) {
                    out.compile_error("nvvm-membar", format!("Bad membar op ({v})"), at());
                    out.help("use 0 (cta), 1 (gl) or 2 (sys), or llvm.nvvm.membar.cta/gl/sys");
                }
            }
        }
        Some(_) if cx.llvm7() => {
            out.compile_error(
                "nvvm-membar",
                "Error: unsupported operation (a membar operand that is not a constant)",
                at(),
            );
            out.help("pass a constant: 0 (cta), 1 (gl) or 2 (sys)");
        }
        _ => {}
    }
}

/// Constraint letters the NVPTX backend knows (its register classes and LLVM's generic ones).
const ASM_LETTERS: &str = "bchrlfdqNinmoVXsEFpg";

/// Inline-asm constraints: an indirect memory operand (`*m`) stops the LLVM 7 backend; an unknown
/// letter stops the modern one.
fn asm_constraints(cx: &Cx, constraints: &str, out: &mut Findings, at: &dyn Fn() -> Location) {
    for c in constraints.split(',') {
        let c = c.trim();
        if c.starts_with('~') {
            continue;
        }
        let code = c.trim_start_matches(['=', '+', '&', '*', '%', '!']);
        if cx.llvm7() {
            if c.trim_start_matches(['=', '+', '&']).starts_with('*') {
                out.compile_error(
                    "nvvm-asm-constraint",
                    format!("Could not match memory address.  Inline asm failure! (constraint `{c}`)"),
                    at(),
                );
                out.help("pass the address in a register (`l`) and dereference it in the assembly");
                return;
            }
        } else if code.len() == 1 && !code.starts_with(|ch: char| ch.is_ascii_digit()) && !ASM_LETTERS.contains(code) {
            out.compile_error("nvvm-asm-constraint", format!("unknown asm constraint '{code}'"), at());
            out.help(
                "NVPTX constraints: r (i32), l (i64), h (i16), c (i8), f (f32), d (f64), n (immediate), m (memory)",
            );
            return;
        }
    }
}
