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

use crate::module::{check_layout_of, global_of, symbol_of, ConstSet, GlobalSet};
use crate::{Class, Cx, Finding, Findings, Location, Path, Severity};
use nvir_llvm::ir::attrs::Attr;
use nvir_llvm::ir::constant::{ConstData, ExprOp};
use nvir_llvm::ir::instruction::BinOp;
use nvir_llvm::ir::module::{FuncId, GlobalDef, Linkage};
use nvir_llvm::ir::{ConstId, Function, InstKind, TypeData, Value};
use nvir_llvm::Module;
use std::ops::ControlFlow;

/// libNVVM's own data layout (64-bit), the one its compute_100+ target takes.
pub(crate) const LIBNVVM_LAYOUT: &str = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64";

/// What the compiler keeps, and global values by name, each built when first asked for (most
/// modules never need the names).
struct Lookup<'m> {
    m: &'m Module,
    symbols: &'m crate::module::Symbols,
    defs: std::cell::OnceCell<rustc_hash::FxHashMap<&'m str, GlobalDef>>,
    used: std::cell::OnceCell<GlobalSet>,
    kept: &'m GlobalSet,
    inlined: std::cell::OnceCell<Vec<bool>>,
}

impl<'m> Lookup<'m> {
    fn new(m: &'m Module, symbols: &'m crate::module::Symbols, kept: &'m GlobalSet) -> Self {
        Lookup {
            m,
            symbols,
            defs: std::cell::OnceCell::new(),
            used: std::cell::OnceCell::new(),
            kept,
            inlined: std::cell::OnceCell::new(),
        }
    }

    fn def(&self, name: &str) -> Option<GlobalDef> {
        let defs =
            self.defs.get_or_init(|| self.m.symbols.iter().filter_map(|(_, s)| Some((&*s.name, s.def?))).collect());
        defs.get(name).copied()
    }

    /// A global value's linkage.
    fn linkage(&self, name: &str) -> Option<Linkage> {
        Some(match self.def(name)? {
            GlobalDef::Var(id) => self.m.globals[id].props.linkage,
            GlobalDef::Func(id) => self.m.functions[id].props.linkage,
            GlobalDef::Alias(id) => self.m.aliases[id].props.linkage,
            GlobalDef::IFunc(id) => self.m.ifuncs[id].props.linkage,
            _ => return None,
        })
    }

    /// Whether an initializer or a body refers to a global value, as the compiler keeps them (a
    /// load whose value goes unused does not count).
    fn referenced(&self, name: &str) -> bool {
        let used = self.used.get_or_init(|| crate::module::referenced(self.m));
        self.def(name).is_some_and(|d| used.contains_def(self.symbols, d))
    }

    /// Whether the compiler keeps (compiles) a global value ([`crate::module::kept_sets`]).
    fn kept_def(&self, def: GlobalDef) -> bool {
        self.kept_set().contains_def(self.symbols, def)
    }

    fn kept_set(&self) -> &'m GlobalSet {
        self.kept
    }

    /// Whether LLVM 7's compiler inlines a function into every caller and removes it
    /// ([`crate::module::inlined_away`]).
    fn inlined(&self, name: &str) -> bool {
        let Some(GlobalDef::Func(id)) = self.def(name) else { return false };
        self.inlined
            .get_or_init(|| crate::module::inlined_away(self.m, self.symbols, self.kept_set()))
            .get(id.index())
            .copied()
            .unwrap_or(false)
    }

    /// Whether a finding is on a function or variable the compiler drops before any check.
    fn dropped_at(&self, at: &Location) -> bool {
        let name = match at {
            Location::Function { name, .. } | Location::Global { name, .. } => name,
            Location::Instruction { function, .. } => function,
            _ => return false,
        };
        self.def(name).is_some_and(|d| !self.kept_def(d))
    }

    fn var(&self, name: &str) -> Option<&'m nvir_llvm::ir::module::GlobalVar> {
        match self.def(name)? {
            GlobalDef::Var(id) => Some(&self.m.globals[id]),
            _ => None,
        }
    }

    fn function(&self, name: &str) -> Option<&'m Function> {
        match self.def(name)? {
            GlobalDef::Func(id) => Some(&self.m.functions[id]),
            _ => None,
        }
    }
}

/// Every compile-side judgement, after the verifier's findings are all in; `functions`: the
/// per-function rules' findings ([`function_rules`], worked out with the other per-function
/// passes, [`crate::function::check_each_function`]).
pub(crate) fn check(cx: &Cx, out: &mut Findings, functions: Findings) {
    let names = Lookup::new(cx.m, &cx.symbols, &cx.compile_kept);
    let layout_error = out.0.iter().any(|f| f.code == "nvvm-datalayout");
    for i in 0..out.0.len() {
        let f = &out.0[i];
        if f.severity == Severity::Error && f.class != Class::Compile {
            let fails = verify_error_fails_compile(cx, &names, f);
            out.0[i].fails_compile = fails;
        }
    }
    if !layout_error {
        layout(cx, &names, out);
    }
    module_crashes(cx, &names, out);
    aliases(cx, &names, out);
    static_initializers(cx, &names, out);
    out.absorb(functions);
}

/// What the per-function rules read besides each function.
pub(crate) struct Prepared {
    /// The modern path reads cluster properties from `!nvvm.annotations` too: once for all kernels.
    annotated: rustc_hash::FxHashMap<String, [bool; 3]>,
    /// LLVM 7's backend never sees a function inlined into every caller, nor an
    /// `available_externally` body (measured, `dropped/`).
    inlined: Vec<bool>,
}

impl Prepared {
    pub(crate) fn new(cx: &Cx) -> Prepared {
        let mut annotated: rustc_hash::FxHashMap<String, [bool; 3]> = Default::default();
        if !cx.llvm7() {
            for (name, prop, _) in crate::module::annotations(cx.m) {
                let which = match &*prop {
                    "blocksareclusters" => 0,
                    "reqntidx" | "reqntidy" | "reqntidz" => 1,
                    "cluster_dim_x" | "cluster_dim_y" | "cluster_dim_z" => 2,
                    _ => continue,
                };
                annotated.entry(name.to_string()).or_default()[which] = true;
            }
        }
        let inlined = match cx.llvm7() {
            true => crate::module::inlined_away(cx.m, &cx.symbols, &cx.compile_kept),
            false => Vec::new(),
        };
        Prepared { annotated, inlined }
    }
}

/// The compile-side rules of one function the compiler keeps.
pub(crate) fn function_rules(cx: &Cx, prepared: &Prepared, id: FuncId, f: &Function, out: &mut Findings) {
    let kept = &cx.compile_kept;
    if f.is_definition && !f.name.starts_with("llvm.") && kept.contains_def(&cx.symbols, GlobalDef::Func(id)) {
        if cx.kernels.contains(&*f.name) {
            cluster_attrs(cx, f, prepared.annotated.get(&*f.name).copied().unwrap_or_default(), out);
        }
        if !(prepared.inlined.get(id.index()).copied().unwrap_or(false)
            || cx.llvm7() && f.props.linkage == Linkage::AvailableExternally)
        {
            signature(cx, f, out);
        }
        bodies(cx, f, kept, out);
    }
}

/// The help of a finding where libNVVM's compiler crashes rather than reports.
const CRASH_HELP: &str = "nvvmCompileProgram crashes the process on this (measured with libNVVM 13.5): leave it out";

/// Whole-module constructs the compiler crashes or stops on though the verifier takes them.
fn module_crashes(cx: &Cx, names: &Lookup, out: &mut Findings) {
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
    // LLVM 7's NVPTX printer refuses destructors (constructors compile), of a variable its
    // compiler keeps: not a local, `linkonce` or `available_externally` one (`introlink/`).
    if cx.llvm7() {
        for (_, g) in m.globals.iter().filter(|(_, g)| !crate::module::discardable(g.props.linkage)) {
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
    // An annotation property without its value (looked for one at a time: a list of 300k
    // annotations' properties was 42 MB, half the verifier's peak).
    if let Some((global, key, _)) = crate::module::properties(m).find(|(_, _, v)| v.is_none()) {
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
    for (id, g) in m.globals.iter() {
        if !cx.llvm7()
            && g.init.is_some()
            && matches!(m.types.get(g.ty), TypeData::Float(nvir_llvm::ir::FloatKind::Half))
            && names.kept_def(GlobalDef::Var(id))
        {
            out.compile_error(
                "nvvm-compile-crash",
                format!("`@{}` is a half with an initial value: libNVVM's compute_100+ compiler crashes on it", g.name),
                Location::Global { name: g.name.to_string(), offset: g.source },
            );
            out.help("store it as an i16 with the same bits, and bitcast where it is read");
        }
    }
    let mut seen = ConstSet::new(m);
    for (_, g) in m.globals.iter() {
        if cx.llvm7() {
            break;
        }
        if g.init.is_some_and(|c| holds(m, c, &mut seen, |d| matches!(d, ConstData::DsoLocalEquivalent { .. }))) {
            out.compile_error(
                "nvvm-compile-crash",
                "dso_local_equivalent: libNVVM's compute_100+ compiler crashes on it",
                Location::Global { name: g.name.to_string(), offset: g.source },
            );
            out.help("use the function itself");
        }
    }
}

/// Whether a constant holds one that `pred` picks, among those not `seen` before.
fn holds(m: &Module, root: ConstId, seen: &mut ConstSet, pred: impl Fn(&ConstData) -> bool) -> bool {
    crate::module::const_closure(m, &mut vec![root], seen, |d| match pred(d) {
        true => ControlFlow::Break(()),
        false => ControlFlow::Continue(()),
    })
    .is_break()
}

/// LLVM 7's compiler infers `readnone` for a function that touches no memory, and for a
/// parameter it never uses, then its verifier refuses that next to a memory attribute (measured on
/// empty bodies: writeonly, inaccessiblememonly, inaccessiblemem_or_argmemonly on the function,
/// writeonly on a pointer parameter).
fn memory_attrs(cx: &Cx, f: &Function, out: &mut Findings) {
    let m = cx.m;
    let has = |set, name: &str| m.attrs[set].0.iter().any(|a| a.kind().is_some_and(|k| k.info().name == name));
    let memory_attrs = ["writeonly", "inaccessiblememonly", "inaccessiblemem_or_argmemonly"];
    if !memory_attrs.iter().any(|a| has(f.fn_attrs, a)) && !f.params.iter().any(|p| has(p.attrs, "writeonly")) {
        return;
    }
    let (touches_memory, used_args) = f.memory_and_used_params();
    let refused = memory_attrs.into_iter().find(|a| !touches_memory && has(f.fn_attrs, a)).or_else(|| {
        f.params
            .iter()
            .enumerate()
            .any(|(i, p)| {
                has(p.attrs, "writeonly")
                    && matches!(m.types.get(p.ty), TypeData::Pointer { .. })
                    && !used_args.contains(&(i as u32))
            })
            .then_some("writeonly")
    });
    if let Some(attr) = refused {
        out.compile_error(
            "nvvm-compile-attr",
            format!(
                "Broken function found, compilation aborted! (`{attr}` where LLVM 7 infers `readnone`: the function or parameter touches no memory)"
            ),
            Location::Function { name: f.name.to_string(), offset: f.source.start },
        );
        out.help(format!("remove `{attr}`, or target compute_100+"));
    }
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
    if params.iter().any(|t| matches!(m.types.get(*t), TypeData::Label | TypeData::Metadata | TypeData::Token)) {
        out.compile_error(
            "nvvm-compile-crash",
            "a label, metadata or token parameter: libNVVM's LLVM 7 compiler crashes on this function",
            Location::Function { name: f.name.to_string(), offset: f.source.start },
        );
        out.help("pass a value instead");
    }
    memory_attrs(cx, f, out);
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
fn verify_error_fails_compile(cx: &Cx, names: &Lookup, f: &Finding) -> bool {
    if matches!(f.class, Class::Parse | Class::Version) {
        return true;
    }
    // An ifunc's linkage stops the modern compiler, used or not (`aliaslink/*_ifunc`).
    if f.code == "llvm-ifunc" && f.message.starts_with("IFunc should have") {
        return true;
    }
    // The compiler first drops what nothing it keeps reaches (measured, the `dropped/` axis).
    if names.dropped_at(&f.location) {
        return false;
    }
    let llvm7 = cx.llvm7();
    // LLVM 7's compiler inlines a function kept code only calls, and removes it, before its
    // verifier: the function's own attributes and signature go with it, and a load whose value
    // goes unused in the caller; what else its body holds is checked in the caller. An
    // `available_externally` body reaches the backend only that way (measured, `dropped/`).
    if llvm7 {
        match &f.location {
            Location::Function { name, .. } | Location::Global { name, .. } if names.inlined(name) => return false,
            Location::Instruction { function, .. }
                if names.inlined(function)
                    && matches!(
                        instruction(names, &f.location).map(|i| &i.kind),
                        Some(InstKind::Load { volatile: false, .. })
                    )
                    && !inst_value_used(names, &f.location) =>
            {
                return false
            }
            // An atomic load of an aggregate whose value goes unused is dropped first (measured,
            // `atomictypes/`, `atomicsizes/`).
            Location::Instruction { .. }
                if matches!(f.code, "llvm-atomic-type" | "nvvm-atomic-load-store")
                    && matches!(
                        instruction(names, &f.location).map(|i| (&i.kind, names.m.types.get(i.ty))),
                        Some((InstKind::Load { .. }, TypeData::Struct(_) | TypeData::Array { .. }))
                    )
                    && !inst_value_used(names, &f.location) =>
            {
                return false
            }
            Location::Instruction { function, .. }
                if !f.code.starts_with("llvm-")
                    && !names.inlined(function)
                    && names.function(function).is_some_and(|g| g.props.linkage == Linkage::AvailableExternally) =>
            {
                return false
            }
            _ => {}
        }
    }
    let m = cx.m;
    match f.code {
        // The compiler runs its own layout check, which takes a layout without i128; the modern
        // path then needs the layout its target has.
        "nvvm-datalayout" => {
            let layout = layout_text(m);
            let patched = with_i128(&layout);
            !compiler_takes_layout(cx, &patched)
                || (!llvm7 && has_definitions(m) && !modern_layout_compatible(&patched, m))
        }
        // Another vendor or OS compiles; another architecture (or none) does not.
        // The modern path needs `nvptx` or `nvptx64`; the LLVM 7 one any `nvptx…`, in any case.
        "nvvm-triple" => {
            let triple = m.triple.as_deref().map(String::from_utf8_lossy).unwrap_or_default();
            let arch = triple.split('-').next().unwrap_or("");
            match llvm7 {
                true => !arch.to_ascii_lowercase().starts_with("nvptx"),
                false => !matches!(arch, "nvptx" | "nvptx64"),
            }
        }
        // The PTX printer stops at a variable it keeps in a space other than local (a definition
        // of a linkage it keeps, or one kept code refers to: not dropped, above); the modern path
        // also refuses a local one's non-zero value.
        "nvvm-global-addrspace" => match global_of_location(names, &f.location) {
            Some(g) => g.props.addr_space != 5 || (!llvm7 && nonzero(m, g.init)),
            None => true,
        },
        // The backend renames `.`; other characters it cannot write in PTX (`@` only on the
        // modern path).
        "nvvm-identifier" => match &f.location {
            Location::Global { name, .. } => name
                .chars()
                .any(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.') || (llvm7 && c == '@'))),
            _ => true,
        },
        "nvvm-linkage" => false,
        // An inline asm's result of a type the verifier refuses: the modern compiler takes it;
        // LLVM 7's crashes on most (`r` and `l` results), takes a few (measured, `asmwide/out_*`).
        "nvvm-asm-result-type" => llvm7,
        // An inline-asm operand of a type the verifier refuses: the modern compiler takes most;
        // LLVM 7's crashes on an `fp128` or `ppc_fp128` (alone, in a vector or an aggregate) and
        // an integer wider than 128 bits (measured, `asmwide/in_*`; vectors and aggregates of
        // other types compile, `inline_asm/`; `x86_fp80` and `i128` crash only sometimes or under
        // some constraints).
        "nvvm-asm" if llvm7 => instruction(names, &f.location).is_some_and(|i| {
            let InstKind::Call { call, .. } = &i.kind else { return false };
            call.args.iter().any(|a| asm_operand_crashes_llvm7(m, a.ty, 0))
        }),
        // Measured (`dibroken/`): the modern path's compiler takes a compile unit missing from
        // `!llvm.dbg.cu`; LLVM 7's compiler a debug intrinsic whose address is not a value.
        "llvm-di-unlisted-unit" => llvm7,
        "llvm-di-dbg-address" => false,
        "nvvm-fence" => llvm7,
        // Through a constant (4) or local (5) pointer the LLVM 7 backend lowers every width and
        // operation (measured, `atomicorder/`: i8, i16, i128 and `nand` there compile).
        "nvvm-atomic-op" => llvm7 && !matches!(atomic_space(cx, names, &f.location), Some(4 | 5)),
        "nvvm-atomic-load-store" => llvm7 && atomic_access_fails(cx, names, &f.location),
        // i8/i16, floating-point and i128 read-modify-write atomics stop the LLVM 7 backend
        // (pointers do not); the modern one lowers them all.
        "nvvm-atomic-type" => {
            llvm7
                && !atomic_operand_is_pointer(cx, names, &f.location)
                && !matches!(atomic_space(cx, names, &f.location), Some(4 | 5))
        }
        // Measured: spaces 2 and 6 stop both compilers, 101 the LLVM 7 one; local (5) and
        // constant (4) compile.
        "nvvm-atomic-addrspace" => match atomic_space(cx, names, &f.location) {
            Some(2 | 6) => true,
            Some(101) => llvm7,
            Some(_) => false,
            None => true,
        },
        // Both compilers lower fp128, x86_fp80 and ppc_fp128 operations (the LLVM 7 one crashes on
        // some parameter lists: [`signature`]); the LLVM 7 one not a return of such a value, nor
        // one passed to or returned by a function it has no body of (measured, `fpcalls/`).
        "nvvm-type" => {
            llvm7
                && instruction(names, &f.location).is_some_and(|i| match &i.kind {
                    InstKind::Ret(_) => true,
                    InstKind::Call { call, .. } => match call.callee {
                        Value::Const(c) => match &m.consts[c] {
                            ConstData::Global { global, .. } => match m.symbols[*global].def {
                                Some(nvir_llvm::ir::module::GlobalDef::Func(id)) => !m.functions[id].is_definition,
                                _ => true,
                            },
                            _ => true,
                        },
                        _ => true,
                    },
                    _ => false,
                })
        }
        // A pointer to such a type (LLVM 7's verifier looks through it) compiles wherever it is,
        // returned and passed to a declared function too (measured, `fpbehind/`).
        "nvvm-pointee-type" => false,
        // LLVM 7's compiler does not check return attributes' types.
        "llvm-attr-type" if llvm7 => !is_return_attr(cx, names, f),
        // The LLVM 7 compiler drops a load before LLVM's verifier sees its tag (measured).
        "llvm-tbaa" if llvm7 => inst_has_effect(names, &f.location),
        // A store to tensor memory, or a volatile load, crashes the compiler; a load compiles.
        "nvvm-tensor-memory" => inst_has_effect(names, &f.location) && !access_folded(names, &f.location),
        // A `resume` crashes both compilers; a personality alone (with `invoke`) compiles.
        "nvvm-fn-personality" => function_of_location(names, &f.location)
            .is_none_or(|func| func.insts.iter().any(|(_, i)| matches!(i.kind, InstKind::Resume(..)))),
        // The modern path refuses a shared variable's initial value unless it is zero.
        "nvvm-shared-init" => !llvm7 && shared_init_nonzero(cx, names, &f.location) && emitted(names, &f.location),
        "nvvm-initializer-addrspace" => {
            global_of_location(names, &f.location).is_some_and(|g| unsupported_space_cast(m, g))
        }
        "nvvm-intrinsic-arg" | "nvvm-intrinsic-definition" => true,
        // A math intrinsic the verifier refuses (`llvm.cos`, …, and `llvm.tanh` without `afn`):
        // the compiler removes a call whose result goes unused and fails on the others it does
        // not lower (measured, `mathintr/`: `llvm.fabs`, `llvm.rint`, … it lowers).
        "nvvm-intrinsic" => instruction(names, &f.location).is_some_and(|i| {
            let InstKind::Call { call, .. } = &i.kind else { return false };
            math_call_fails(cx, call) && inst_value_used(names, &f.location) && !folded(m, call)
        }),
        // On a call site, LLVM 7's compiler lets `jumptable` pass.
        "llvm-attr-jumptable" if llvm7 => !matches!(f.location, Location::Instruction { .. }),
        // A GC strategy LLVM does not have stops the compiler (`unsupported GC: x`); its own
        // (`shadow-stack`, …) compile (measured, `fnprops/gc`, `fnproporder/gc_*`,
        // `instructions/gc`).
        "nvvm-fn-gc" => function_of_location(names, &f.location)
            .and_then(|g| g.gc())
            .is_some_and(|gc| !matches!(&**gc, "shadow-stack" | "erlang" | "ocaml" | "statepoint-example" | "coreclr")),
        // The LLVM 7 compiler refuses a blockaddress; the modern one crashes on it.
        "nvvm-blockaddress" => true,
        // The LLVM 7 compiler removes a call whose value goes unused, of an intrinsic without
        // effects, before its verifier; the others (the call is used, or the intrinsic is one it
        // keeps: measured per intrinsic, `intrinsics.tsv`'s `kept`) stop it.
        "llvm-intrinsic-signature" if llvm7 => match instruction(names, &f.location).map(|i| &i.kind) {
            Some(InstKind::Call { call, .. }) => {
                inst_value_used(names, &f.location)
                    || matches!(call.callee, Value::Const(c) if global_of(m, c).is_some_and(crate::intrinsics::kept_unused_llvm7))
            }
            _ => false,
        },
        // The LLVM 7 compiler does not run LLVM's verifier on these (nor its check of an old
        // memory intrinsic's alignment: `memold/`).
        "llvm-dominance" | "llvm-memory-align" if llvm7 => false,
        // A retired NVVM intrinsic LLVM 7's reader rebuilt: the compiler drops what it made
        // while its value goes unused (measured, `nvvmrebuild/`).
        "llvm-intrinsic-upgrade" if llvm7 => inst_value_used(names, &f.location),
        // The LLVM 7 compiler fails on a `common` variable in a comdat, on a used `dllimport`
        // one of another visibility and on a constructor list of another type, not on the rest
        // of these (measured, `llvmverifier/`).
        // The LLVM 7 compiler drops an alloca it cannot size (measured, `llvmverifier/unsized_*`).
        "llvm-unsized-alloca" if llvm7 => false,
        // LLVM 7's compiler drops an instruction whose value goes unused before its verifier
        // sees the metadata (measured).
        "llvm-inst-md" if llvm7 => inst_has_effect(names, &f.location) || is_call(names, &f.location),
        "llvm-comdat" if llvm7 => f.message.starts_with("'common'"),
        // A `dllimport` definition stops LLVM 7's compiler unless its linkage lets it drop the
        // definition first (`localdll/`); the other DLL rules only where it is referenced.
        "llvm-dll" if llvm7 => match &f.location {
            Location::Global { name, .. } if f.message.starts_with("Global is marked as dllimport") => {
                !names.linkage(name).is_some_and(crate::module::discardable)
            }
            Location::Global { name, .. } => names.referenced(name),
            _ => true,
        },
        // (A member that is no named global fails it too: `usedlists/`.)
        "llvm-intrinsic-global" if llvm7 && (f.message.contains(" member") || f.message.starts_with("members of")) => {
            true
        }
        "llvm-intrinsic-global" if llvm7 => {
            !f.message.starts_with("wrong initializer")
                && !matches!(&f.location, Location::Global { name, .. } if name.starts_with("llvm.used") || name.starts_with("llvm.compiler.used"))
        }
        // LLVM's own verifier runs in the compiler.
        code if code.starts_with("llvm-") => true,
        _ => false,
    }
}

/// Whether the compiler folds a math intrinsic's call: every operand a floating-point literal
/// or a vector of them (measured, `remangle/*_kept` against `*_kept_arg`: `llvm.cos`, `sin`,
/// `pow`, `exp2`, `log` of constants compile on both paths).
fn folded(m: &nvir_llvm::Module, call: &nvir_llvm::ir::instruction::CallSite) -> bool {
    let literal = |c: nvir_llvm::ir::ConstId| match &m.consts[c] {
        ConstData::Float { .. } | ConstData::Zero(_) => true,
        ConstData::Vector { elems, .. } => {
            elems.iter().all(|&e| matches!(m.consts[e], ConstData::Float { .. } | ConstData::Zero(_)))
        }
        _ => false,
    };
    !call.args.is_empty() && call.args.iter().all(|a| matches!(a.value, Value::Const(c) if literal(c)))
}

/// Whether the compiler fails on a kept call of one of LLVM's math intrinsics
/// ([`crate::intrinsics::math_kept_failure`]).
fn math_call_fails(cx: &Cx, call: &nvir_llvm::ir::instruction::CallSite) -> bool {
    math_call_failure(cx, call).is_some()
}

fn math_call_failure(cx: &Cx, call: &nvir_llvm::ir::instruction::CallSite) -> Option<&'static str> {
    let Value::Const(c) = call.callee else { return None };
    let (_, callee) = cx.callee(c)?;
    math_failure_of(cx, callee, call)
}

/// [`math_call_failure`] of a call of `callee`.
fn math_failure_of(
    cx: &Cx,
    callee: &crate::callee::Callee,
    call: &nvir_llvm::ir::instruction::CallSite,
) -> Option<&'static str> {
    let m = cx.m;
    let TypeData::Function { ret, .. } = m.types.get(call.fn_ty) else { return None };
    let (f64, vector) = crate::intrinsics::fp_shape(&m.types, *ret);
    let afn = call.fmf.0 & 32 != 0;
    callee.math[crate::callee::Callee::math_index(f64, vector, afn)]
}

/// An inline-asm operand type LLVM 7's backend crashes on (see `nvvm-asm` above).
fn asm_operand_crashes_llvm7(m: &nvir_llvm::Module, t: nvir_llvm::ir::TypeId, depth: u32) -> bool {
    use nvir_llvm::ir::FloatKind;
    match m.types.get(t) {
        TypeData::Float(k) => matches!(k, FloatKind::Fp128 | FloatKind::PpcFp128),
        TypeData::Int(bits) => *bits > 128,
        TypeData::Vector { elem, .. } | TypeData::Array { elem, .. } => {
            depth < 8 && asm_operand_crashes_llvm7(m, *elem, depth + 1)
        }
        TypeData::Struct(body) => depth < 8 && body.fields.iter().any(|&f| asm_operand_crashes_llvm7(m, f, depth + 1)),
        _ => false,
    }
}

/// The compiler's own layout check (measured; it differs from the verifier's): it takes a layout
/// without i128 (libNVVM adds it), native widths that include 32 (the verifier wants 16 and 64),
/// and on the LLVM 7 path a mangling mode, but not a specifier LLVM 7 does not know (`F`).
fn compiler_takes_layout(cx: &Cx, layout: &str) -> bool {
    let llvm7 = cx.llvm7();
    let mut specs: Vec<String> = Vec::new();
    for spec in layout.split('-') {
        if llvm7 && spec.starts_with('F') {
            return false;
        }
        if spec.starts_with('n') && !spec.starts_with("ni") {
            if !spec[1..].split(':').any(|w| w == "32") {
                return false;
            }
            specs.push("n16:32:64".into());
        } else if !(llvm7 && spec.starts_with("m:")) {
            specs.push(spec.into());
        }
    }
    let mut hard = Findings::default();
    check_layout_of(cx, &specs.join("-"), &mut hard);
    hard.0.is_empty()
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
    // A 64-bit triple takes 64-bit pointers only; a 32-bit one also 64-bit ones (measured).
    let entries = layout_entries(layout);
    let p32 = (triple.starts_with("nvptx-") || triple == "nvptx")
        && (entries.get("p0") == Some(&vec![32, 32, 32, 32]) || !layout.split('-').any(|s| s.starts_with("p:")));
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
fn layout(cx: &Cx, names: &Lookup, out: &mut Findings) {
    let m = cx.m;
    let layout = layout_text(m);
    if cx.llvm7() {
        if !layout.is_empty() && !compiler_takes_layout(cx, &with_i128(&layout)) {
            out.compile_error("nvvm-datalayout-target", "Unknown specifier in datalayout string", Location::Module);
            out.help(format!("use `target datalayout = \"{LIBNVVM_LAYOUT}\"`"));
        }
        return;
    }
    // The target's layout check runs for each function it compiles: one the compiler keeps
    // (an `available_externally` body is never compiled; measured, the `dropped/` axis).
    let compiled = m.functions.iter().any(|(id, f)| {
        f.is_definition && f.props.linkage != Linkage::AvailableExternally && names.kept_def(GlobalDef::Func(id))
    });
    if !compiled {
        return;
    }
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
fn global_of_location<'m>(names: &Lookup<'m>, at: &Location) -> Option<&'m nvir_llvm::ir::module::GlobalVar> {
    let Location::Global { name, .. } = at else { return None };
    names.var(name)
}

/// Whether an initializer is something other than zero, `undef` or `poison`. In an aggregate,
/// an address does not count (measured, the `initspace/` axis: `{ i32 0, ptr @h }` in the shared
/// space compiles, `ptr @h` does not).
fn nonzero(m: &Module, init: Option<ConstId>) -> bool {
    fn value(m: &Module, c: ConstId, inner: bool, depth: u32) -> bool {
        match &m.consts[c] {
            ConstData::Zero(_) | ConstData::Undef(_) | ConstData::Poison(_) | ConstData::Null(_) => false,
            ConstData::Int { value: nvir_llvm::ir::constant::ApInt::Small(v), .. } => *v != 0,
            ConstData::Global { .. } | ConstData::Expr(_) if inner => false,
            ConstData::Struct { fields: elems, .. }
            | ConstData::Array { elems, .. }
            | ConstData::Vector { elems, .. }
                if depth < 16 =>
            {
                elems.iter().any(|&e| value(m, e, true, depth + 1))
            }
            _ => true,
        }
    }
    init.is_some_and(|c| value(m, c, false, 0))
}

/// Whether an `llvm-attr-type` finding is about the function's return (not a parameter): the
/// attribute it names (`Attribute 'noalias' applied …`) is among the return's.
fn is_return_attr(cx: &Cx, names: &Lookup, f: &Finding) -> bool {
    let Location::Function { name, .. } = &f.location else { return false };
    let Some(func) = names.function(name) else { return false };
    let Some(attr) = f.message.split('\'').nth(1) else { return false };
    cx.m.attrs[func.ret_attrs].0.iter().any(|a| a.kind().is_some_and(|k| k.info().name == attr))
}

fn function_of_location<'m>(names: &Lookup<'m>, at: &Location) -> Option<&'m Function> {
    match at {
        Location::Function { name, .. } | Location::Global { name, .. } => names.function(name),
        Location::Instruction { function, .. } => names.function(function),
        _ => None,
    }
}

fn instruction<'m>(names: &Lookup<'m>, at: &Location) -> Option<&'m nvir_llvm::ir::Instruction> {
    let Location::Instruction { function, inst, .. } = at else { return None };
    Some(&names.function(function)?.insts[*inst])
}

/// LLVM 7's backend lowers relaxed atomic loads and stores; an acquiring load only through a
/// pointer it knows to be global (a kernel's parameter or the global space), a releasing store
/// not at all (measured).
fn atomic_access_fails(cx: &Cx, names: &Lookup, at: &Location) -> bool {
    use nvir_llvm::ir::instruction::Ordering;
    let Location::Instruction { function, .. } = at else { return true };
    let kernel = cx.kernels.contains(function.as_str());
    let inst = instruction(names, at);
    // An access aligned below its size stops the backend (measured, `atomicsizes/`).
    let unaligned = |ty: &nvir_llvm::ir::TypeId, align: &Option<nvir_llvm::ir::instruction::Align>| matches!((atomic_bytes(cx.m, *ty), align), (Some(n), Some(a)) if a.bytes() < n);
    if let Some(InstKind::Load { ty, align, .. } | InstKind::Store { ty, align, .. }) = inst.map(|i| &i.kind) {
        if unaligned(ty, align) {
            return true;
        }
    }
    // i128 accesses are expanded and compile.
    if inst.is_some_and(|i| matches!(&i.kind, InstKind::Load { .. } if cx.m.types.int_width(i.ty) == Some(128))) {
        return false;
    }
    match inst.map(|i| &i.kind) {
        Some(InstKind::Load { atomic: Some(a), ptr_ty, .. }) => {
            let space = crate::module::pointer_space(cx.m, *ptr_ty);
            matches!(a.ordering, Ordering::Acquire | Ordering::SeqCst) && (space == 3 || !kernel)
        }
        Some(InstKind::Store { atomic: Some(a), ty, .. }) => {
            matches!(a.ordering, Ordering::Release | Ordering::SeqCst) && cx.m.types.int_width(*ty) != Some(128)
        }
        _ => true,
    }
}

fn atomic_operand_is_pointer(cx: &Cx, names: &Lookup, at: &Location) -> bool {
    let ty = match instruction(names, at).map(|i| &i.kind) {
        Some(InstKind::AtomicRmw { ty, .. }) => *ty,
        Some(InstKind::CmpXchg(x)) => x.ty,
        _ => return false,
    };
    matches!(cx.m.types.get(ty), TypeData::Pointer { .. })
}

fn atomic_space(cx: &Cx, names: &Lookup, at: &Location) -> Option<u32> {
    let ty = match instruction(names, at).map(|i| &i.kind) {
        Some(InstKind::AtomicRmw { ptr_ty, .. }) => *ptr_ty,
        Some(InstKind::CmpXchg(x)) => x.ptr_ty,
        _ => return None,
    };
    Some(crate::module::pointer_space(cx.m, ty))
}

fn is_call(names: &Lookup, at: &Location) -> bool {
    matches!(
        instruction(names, at).map(|i| &i.kind),
        Some(InstKind::Call { .. } | InstKind::Invoke { .. } | InstKind::Resume(..))
    )
}

/// What the compute_100+ backend cannot lower in an atomic instruction (measured, the
/// `atomicsizes/` and `atomictypes/` axes): more than 16 bytes, an explicit alignment below the
/// size, or floating-point arithmetic on fp128 (a library call it does not have).
fn atomic_unsupported(m: &Module, kind: &InstKind) -> Option<String> {
    let (what, ty, align) = match kind {
        InstKind::Load { ty, atomic: Some(_), align, .. } => ("atomic load", *ty, *align),
        InstKind::Store { ty, atomic: Some(_), align, .. } => ("atomic store", *ty, *align),
        InstKind::CmpXchg(x) => ("cmpxchg", x.ty, x.align),
        InstKind::AtomicRmw { op, ty, align, .. } => {
            if op.is_float() && matches!(m.types.get(*ty), TypeData::Float(nvir_llvm::ir::FloatKind::Fp128)) {
                return Some("unsupported library call operation".into());
            }
            ("atomicrmw", *ty, *align)
        }
        _ => return None,
    };
    let bytes = atomic_bytes(m, ty)?;
    if bytes > 16 {
        return Some(format!(
            "unsupported {what}: target supports atomics up to 16 bytes, but this atomic accesses {bytes} bytes"
        ));
    }
    match align {
        Some(a) if a.bytes() < bytes => Some(format!(
            "unsupported {what}: instruction alignment {} is smaller than the required {bytes}-byte alignment for this atomic operation",
            a.bytes()
        )),
        _ => None,
    }
}

/// The bytes an atomic access of a scalar, pointer or vector type touches.
fn atomic_bytes(m: &Module, t: nvir_llvm::ir::TypeId) -> Option<u64> {
    let bits = |t| match m.types.get(t) {
        TypeData::Int(w) => Some(u64::from(*w)),
        TypeData::Float(k) => Some(u64::from(k.bits())),
        TypeData::Pointer { .. } => Some(64),
        _ => None,
    };
    let bits = match m.types.get(t) {
        TypeData::Vector { elem, len, scalable: false } => bits(*elem)? * u64::from(*len),
        TypeData::Vector { .. } => return None,
        _ => bits(t)?,
    };
    Some(bits.div_ceil(8))
}

/// Whether an instruction is a plain load or store of a variable the compiler folds away
/// ([`crate::module::kept_sets`]: an `internal` one only loaded and stored).
fn access_folded(names: &Lookup, at: &Location) -> bool {
    let ptr = match instruction(names, at).map(|i| &i.kind) {
        Some(InstKind::Load { ptr, volatile: false, .. } | InstKind::Store { ptr, volatile: false, .. }) => ptr,
        _ => return false,
    };
    matches!(ptr, Value::Const(c) if symbol_of(names.m, *c).is_some_and(|s| !names.kept_set().contains(s)))
}

/// Whether something in its function uses an instruction's value.
fn inst_value_used(names: &Lookup, at: &Location) -> bool {
    let Location::Instruction { function, inst, .. } = at else { return true };
    let Some(f) = names.function(function) else { return true };
    f.insts.iter().any(|(_, i)| {
        let mut uses = false;
        i.kind.for_each_operand(|v| uses |= v == Value::Inst(*inst));
        uses
    })
}

fn inst_has_effect(names: &Lookup, at: &Location) -> bool {
    matches!(
        instruction(names, at).map(|i| &i.kind),
        Some(InstKind::Store { .. } | InstKind::Load { volatile: true, .. })
    )
}

/// Whether the compiler emits the variable a finding is on: one it keeps
/// ([`crate::module::kept_sets`]; measured, the `initspace/` and `dropped/` axes).
fn emitted(names: &Lookup, at: &Location) -> bool {
    !names.dropped_at(at)
}

fn shared_init_nonzero(cx: &Cx, names: &Lookup, at: &Location) -> bool {
    let Location::Global { name, .. } = at else { return true };
    names.var(name).is_none_or(|g| nonzero(cx.m, g.init))
}

/// NVPTX aliases must name a non-kernel function definition (an alias of an alias too, on the
/// LLVM 7 path).
fn aliases(cx: &Cx, names: &Lookup, out: &mut Findings) {
    let m = cx.m;
    for (_, a) in m.aliases.iter() {
        let Some(target) = global_of(m, a.aliasee) else { continue };
        // An unused local, `linkonce` or `available_externally` alias is dropped first
        // (`aliaslink/`, `localdll/alias_*`).
        if crate::module::discardable(a.props.linkage) && !names.referenced(&a.name) {
            continue;
        }
        let def = names.def(target);
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
/// addresses (`sub`, `mul`, `and`, … of a `ptrtoint`), nor an address's `ptrtoaddr`.
fn static_initializers(cx: &Cx, names: &Lookup, out: &mut Findings) {
    let m = cx.m;
    // A constant shared by several initializers is looked at once (and reported on the first).
    let mut seen = ConstSet::new(m);
    for (id, g) in m.globals.iter() {
        let Some(init) = g.init else { continue };
        if !names.kept_def(GlobalDef::Var(id)) {
            continue;
        }
        let op = unsupported_space_cast(m, g).then_some("addrspacecast");
        if let Some(op) = op.or_else(|| unsupported_expr(m, init, &mut seen)) {
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

/// A variable of external linkage in the generic, global or constant space whose initializer
/// is an `addrspacecast` into a space other than the generic one (from generic into global
/// passes); inside an aggregate it passes (measured, the `initspace/` axis, both paths).
fn unsupported_space_cast(m: &Module, g: &nvir_llvm::ir::module::GlobalVar) -> bool {
    use nvir_llvm::ir::instruction::CastOp;
    if matches!(g.props.linkage, Linkage::Internal | Linkage::Private) || !matches!(g.props.addr_space, 0 | 1 | 4) {
        return false;
    }
    let Some(ConstData::Expr(e)) = g.init.map(|c| &m.consts[c]) else { return false };
    if e.op != ExprOp::Cast(CastOp::AddrSpaceCast) {
        return false;
    }
    let from = e.operands.first().map_or(0, |&o| crate::module::pointer_space(m, m.const_ty(o)));
    let to = crate::module::pointer_space(m, e.ty);
    !(to == 0 || (to == 1 && from == 0))
}

/// The first arithmetic on an address in a constant, as its opcode.
fn unsupported_expr(m: &Module, root: ConstId, seen: &mut ConstSet) -> Option<&'static str> {
    let found = crate::module::const_closure(m, &mut vec![root], seen, |d| match d {
        ConstData::Expr(e) => match e.op {
            ExprOp::Binary(op) if op != BinOp::Add && e.operands.iter().any(|&o| holds_address(m, o)) => {
                ControlFlow::Break(op.keyword())
            }
            // Nor does it write an address's `ptrtoaddr` (`llvm22syntax/ptrtoaddr_const_init_*`).
            ExprOp::Cast(nvir_llvm::ir::instruction::CastOp::PtrToAddr)
                if e.operands.iter().any(|&o| holds_address(m, o)) =>
            {
                ControlFlow::Break("ptrtoaddr")
            }
            _ => ControlFlow::Continue(()),
        },
        _ => ControlFlow::Continue(()),
    });
    match found {
        ControlFlow::Break(op) => Some(op),
        ControlFlow::Continue(()) => None,
    }
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
fn cluster_attrs(cx: &Cx, f: &Function, annotated: [bool; 3], out: &mut Findings) {
    let m = cx.m;
    let has = |key: &str| m.attrs[f.fn_attrs].0.iter().any(|a| matches!(a, Attr::Str(k, _) if &**k == key));
    let clusters = has("nvvm.blocksareclusters") || annotated[0];
    let reqntid = has("nvvm.reqntid") || annotated[1];
    let dims = has("nvvm.cluster_dim") || annotated[2];
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
fn bodies(cx: &Cx, f: &Function, kept: &GlobalSet, out: &mut Findings) {
    let m = cx.m;
    // An access to a variable the compiler folds away (an `internal` one only loaded and stored:
    // [`crate::module::kept_sets`]) is gone before the backend.
    let folded = |p: &Value| matches!(p, Value::Const(c) if symbol_of(m, *c).is_some_and(|s| !kept.contains(s)));
    // Spaces the modern backend cannot address (measured: 2, 8, 25 crash it; tensor memory (6) is
    // the verifier's for loads and stores).
    let odd = |t: nvir_llvm::ir::TypeId, calls: bool| {
        let space = crate::module::pointer_space(m, t);
        !matches!(space, 0 | 1 | 3 | 4 | 5 | 7 | 101) && (calls || space != 6)
    };
    // Values something uses: a plain load or a call whose value goes unused is one the compiler
    // removes (measured, the `memspaces/` axis).
    let used = std::cell::OnceCell::new();
    let is_used = |i: nvir_llvm::ir::InstId| used.get_or_init(|| crate::module::used_insts(f)).contains(i);
    for &b in &f.layout {
        let block = &f.blocks[b];
        for &i in &block.insts {
            let inst = &f.insts[i];
            if !cx.llvm7() {
                let space_of = match &inst.kind {
                    InstKind::Store { ptr, volatile: false, .. } | InstKind::Load { ptr, volatile: false, .. }
                        if folded(ptr) =>
                    {
                        None
                    }
                    InstKind::Store { ptr_ty, .. } if odd(*ptr_ty, false) => Some(*ptr_ty),
                    InstKind::Load { ptr_ty, volatile: true, .. } if odd(*ptr_ty, false) => Some(*ptr_ty),
                    InstKind::Load { ptr_ty, volatile: false, .. } if odd(*ptr_ty, false) && is_used(i) => {
                        Some(*ptr_ty)
                    }
                    InstKind::Call { call, .. }
                        if matches!(call.callee, Value::Const(c) if global_of(m, c).is_some_and(|n| {
                            n.starts_with("llvm.memset") || n.starts_with("llvm.memcpy") || n.starts_with("llvm.memmove")
                        })) =>
                    {
                        call.args.first().map(|a| a.ty).filter(|&t| odd(t, true))
                    }
                    _ => None,
                };
                if let Some(t) = space_of {
                    out.compile_error(
                        "nvvm-compile-crash",
                        format!(
                            "a memory access in address space {}: libNVVM's compute_100+ compiler crashes on it",
                            crate::module::pointer_space(m, t)
                        ),
                        Location::instruction(f, b, i),
                    );
                    out.help("address generic (0), global (1), shared (3), constant (4) or local (5) memory");
                }
            }
            if !cx.llvm7() {
                if let Some(msg) = atomic_unsupported(m, &inst.kind) {
                    out.compile_error("nvvm-compile-atomic", msg, Location::instruction(f, b, i));
                    out.help("atomics of up to 16 bytes, aligned to their size");
                }
            }
            let InstKind::Call { call, .. } = &inst.kind else { continue };
            let at = || Location::instruction(f, b, i);
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
                    let Some((name, callee)) = cx.callee(c) else { continue };
                    // The generic forms, whose second operand is the mode (the per-mode ones,
                    // `llvm.nvvm.shfl.sync.bfly.i32` …, take the value there).
                    if callee.mode_operand && call.args.get(1).is_some_and(|a| !matches!(a.value, Value::Const(_))) {
                        out.compile_error(
                            "nvvm-compile-crash",
                            format!("{name} with a mode that is not a constant: libNVVM's compiler crashes on it"),
                            at(),
                        );
                        out.help("pass the mode as a constant, or use the intrinsic of the mode (llvm.nvvm.shfl.sync.idx.i32, …)");
                    }
                    // Another target's intrinsic the compiler keeps (it returns nothing, or its
                    // value is used): measured on both paths, the `memspaces/intr_*` and
                    // `calls/target_*` probes; on the modern path any of LLVM 22's targets
                    // (`unknownllvm/spv_*`).
                    // (LLVM 7 knows fewer targets: there a name under `llvm.spv.` is an ordinary
                    // call, `unknownllvm/`. A made-up name under a target's prefix is one too on
                    // LLVM 7's path, and the modern compiler calls it unknown whatever its use: not
                    // told apart here, for want of every target's names.)
                    if callee.foreign
                        && (is_used(i)
                            || matches!(m.types.get(call.fn_ty), TypeData::Function { ret, .. } if matches!(m.types.get(*ret), TypeData::Void)))
                    {
                        out.compile_error(
                            "nvvm-foreign-intrinsic",
                            format!("Error: unsupported operation (a call to {name}, another target's intrinsic)"),
                            at(),
                        );
                        out.help("the NVPTX backend cannot lower other targets' intrinsics: use the llvm.nvvm.* equivalent or leave the call out");
                    }
                    // A name under `llvm.nvvm.fmin.` or `llvm.nvvm.fmax.` that names no intrinsic,
                    // nor extends one: libNVVM lowers the family itself and refuses it where the
                    // call is kept (its result used), on both paths; an unused one is dropped
                    // (measured, `nvvmfamily/`: of 44 `llvm.nvvm.` families, only these two; an
                    // extension of `llvm.nvvm.fmin.f` is an unknown intrinsic, `unknownintr/`).
                    if callee.min_max && is_used(i) {
                        out.compile_error(
                            "nvvm-unknown-intrinsic",
                            format!(
                                "Error: unsupported operation (a call to {name}, which names no fmin/fmax intrinsic)"
                            ),
                            at(),
                        );
                        out.help("call one of LLVM 22's llvm.nvvm.fmin.*/fmax.* intrinsics (llvm.nvvm.fmin.f, …)");
                    }
                    if callee.unknown_compile {
                        out.compile_error(
                            "nvvm-unknown-intrinsic",
                            format!("call to unknown intrinsic '{name}' cannot be lowered by the NVPTX backend"),
                            at(),
                        );
                        out.help(
                            "call an intrinsic LLVM 22 knows (a newer LLVM's name, an older one's it no longer upgrades, or a misspelled one, is unknown to libNVVM's compiler)",
                        );
                    }
                    // The non-`.sync` shuffles, kept: the modern compiler has no lowering left.
                    if cx.target.path == Path::Modern && callee.old_shuffle && is_used(i) {
                        out.compile_error(
                            "nvvm-compile-intrinsic",
                            format!("Error: unsupported operation (a call of {name}, which the compute_100+ compiler no longer lowers)"),
                            at(),
                        );
                        out.help("use the .sync form with a full mask: llvm.nvvm.shfl.sync.<mode>.<type>(i32 -1, …)");
                    }
                    // LLVM 3's PTX intrinsics, kept (its result used, or returning nothing): LLVM 7's
                    // compiler knows the names and lowers none (the modern one calls them unknown).
                    if cx.llvm7()
                        && callee.llvm7_ptx.is_some()
                        && (is_used(i)
                            || matches!(m.types.get(call.fn_ty), TypeData::Function { ret, .. } if matches!(m.types.get(*ret), TypeData::Void)))
                    {
                        out.compile_error(
                            "nvvm-compile-intrinsic",
                            format!("Error: unsupported operation (a call of {name}, LLVM 3's PTX intrinsic)"),
                            at(),
                        );
                        out.help("use llvm.nvvm.read.ptx.sreg.* (llvm.nvvm.barrier0 for llvm.ptx.bar.sync)");
                    }
                    // LLVM's math intrinsics the verifier takes and the compiler does not lower
                    // where the call is kept (those the verifier refuses: `verify_error_fails_compile`).
                    if !callee.math_refused && callee.math.iter().any(Option::is_some) && is_used(i) {
                        if let Some(msg) = math_failure_of(cx, callee, call) {
                            out.compile_error(
                                "nvvm-compile-intrinsic",
                                format!("{msg} (a call of {name}, which libNVVM's compiler does not lower)"),
                                at(),
                            );
                            out.help("call libdevice (`__nv_tanf`, …) instead, or leave the call out");
                        }
                    }
                    let fn_type = || {
                        let mut text = String::new();
                        m.types.write_in(call.fn_ty, &mut text, false);
                        text
                    };
                    if let Some(msg) = callee
                        .compile_listed
                        .then(|| crate::intrinsics::compile_failure(name, fn_type, cx.target.path))
                        .flatten()
                    {
                        let text = match msg {
                            "crash" => format!("a call of {name}: libNVVM's compiler crashes on it"),
                            _ => format!("{msg} (a call of {name}, which libNVVM's compiler does not lower)"),
                        };
                        out.compile_error("nvvm-compile-intrinsic", text, at());
                        out.help("leave the call out, or compute its value another way (libdevice, plain IR)");
                    }
                    if name == "llvm.nvvm.membar" {
                        membar(cx, call.args.first().map(|a| a.value), out, &at);
                    } else if callee.unknown_register && cx.target.path == Path::Modern {
                        out.compile_error(
                            "nvvm-unknown-intrinsic",
                            format!("call to unknown intrinsic '{name}' cannot be lowered by the NVPTX backend"),
                            at(),
                        );
                        out.help("use a special register LLVM knows (llvm.nvvm.read.ptx.sreg.tid.x, …), returning i32 (i64 for clock64 and globaltimer)");
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

/// Register classes of the NVPTX backend's constraint letters.
const ASM_REGISTERS: &str = "bchrlfd";

/// Inline-asm constraints: an indirect operand other than a register one (`*m`, `=*m`) stops the
/// LLVM 7 backend; an unknown letter, and an indirect register input (`*r`, `*l`), stop the
/// modern one (measured, `asmindirect/`: indirect `r` and `l` operands compile on the LLVM 7 path,
/// indirect register outputs on the modern one).
fn asm_constraints(cx: &Cx, constraints: &str, out: &mut Findings, at: &dyn Fn() -> Location) {
    for c in constraints.split(',') {
        let c = c.trim();
        if c.starts_with('~') {
            continue;
        }
        let code = c.trim_start_matches(['=', '+', '&', '*', '%', '!']);
        let register = code.len() == 1 && ASM_REGISTERS.contains(code);
        if !cx.llvm7() && register && c.trim_start_matches(['+', '&']).starts_with('*') {
            out.compile_error(
                "nvvm-asm-constraint",
                format!("cannot handle indirect register inputs yet for constraint '{code}'"),
                at(),
            );
            out.help("pass the value itself (`r`, `l`) or its address as memory (`*m`)");
            return;
        }
        if cx.llvm7() {
            if c.trim_start_matches(['=', '+', '&']).starts_with('*') && !register {
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
