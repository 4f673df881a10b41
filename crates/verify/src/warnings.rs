//! What libNVVM's verifier accepts but its compiler treats otherwise than the IR says (measured
//! with `nvvmCompileProgram`, `docs/libnvvm-verifier-facts.md`), and the NVVM IR rules that
//! libNVVM leaves unchecked. None of them makes a module fail to verify: the intrinsic gates and
//! i128 atomics are compile-stage errors (the compiler fails), the rest warnings saying what will
//! happen at compile time.

use crate::target::Variant;
use crate::{Cx, Findings, Location};
use nvir_llvm::ir::attrs::Attr;
use nvir_llvm::ir::{Function, TypeData};

/// What an intrinsic family needs to compile on libNVVM's modern path (compute_100+): measured
/// with `nvvmCompileProgram` at compute_100, 100a, 100f and 120 (result 9 where it fails). The
/// LLVM 7 path compiles all of them.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Needs {
    /// Not compiled by the modern path at all.
    NotModern(&'static str),
    /// An architecture- or family-specific target (`compute_100a`, `compute_100f`).
    Specific,
}

/// Intrinsic families that verify on every target but do not compile on every one.
pub(crate) static COMPILE_GATES: &[(&str, Needs)] = &[
    ("llvm.nvvm.wgmma.", Needs::NotModern("wgmma is sm_90a's; Blackwell has tcgen05.mma")),
    ("llvm.nvvm.isspacep.cluster_shared", Needs::NotModern("the modern name is llvm.nvvm.isspacep.shared.cluster")),
    ("llvm.nvvm.setmaxnreg.", Needs::Specific),
    ("llvm.nvvm.tcgen05.", Needs::Specific),
];

/// A call to an intrinsic the target cannot compile.
/// `gate` is what the first of [`COMPILE_GATES`] the name is under needs.
pub(crate) fn intrinsic_gate(cx: &Cx, name: &str, gate: Option<Needs>, out: &mut Findings, at: &dyn Fn() -> Location) {
    if cx.llvm7() {
        return;
    }
    let Some(needs) = gate else { return };
    let (why, help) = match needs {
        Needs::NotModern(help) => ("libNVVM's compute_100+ compiler does not know it", help),
        Needs::Specific if cx.target.variant == Variant::Base => (
            "it needs an architecture- or family-specific target",
            "target the `a` or `f` variant of the arch (compute_100a, compute_100f)",
        ),
        Needs::Specific => return,
    };
    out.compile_error(
        "nvvm-compile-gate",
        format!("{name}: libNVVM verifies it for {}, but compiling fails: {why}", cx.target),
        at(),
    );
    out.help(help);
}

/// An i128 `cmpxchg` or `atomicrmw xchg`: it verifies everywhere but compiles only for sm_90+.
pub(crate) fn i128_atomic(cx: &Cx, out: &mut Findings, at: &dyn Fn() -> Location) {
    if cx.target.sm < 90 {
        out.compile_error(
            "nvvm-i128-atomic",
            format!(
                "Atomic operations on i128 types need sm_90 or newer; libNVVM verifies this for {}, but compiling for that target fails",
                cx.target
            ),
            at(),
        );
        out.help("split the operation into i64 atomics, or target compute_90+");
    }
}

/// Function-level warnings: narrow integers without an extension attribute, ignored parameter
/// attributes, cluster properties before Hopper.
pub(crate) fn function(cx: &Cx, f: &Function, out: &mut Findings) {
    let m = cx.m;
    if f.name.starts_with("llvm.") {
        return;
    }
    let at = || Location::Function { name: f.name.to_string(), offset: f.source.start };
    let has = |set, name: &str| m.attrs[set].0.iter().any(|a| a.kind().is_some_and(|k| k.info().name == name));
    let narrow = |t| matches!(m.types.get(t), TypeData::Int(w) if *w < 32);
    let extended = |set| has(set, "zeroext") || has(set, "signext");
    if let TypeData::Function { ret, .. } = m.types.get(f.ty) {
        if narrow(*ret) && !extended(f.ret_attrs) {
            out.warning(
                "nvvm-narrow-int",
                format!(
                    "the {} return value should be marked zeroext or signext; zeroext will be assumed",
                    m.types.to_string(*ret)
                ),
                at(),
            );
            out.help("add `signext` to the return when the value is signed");
        }
    }
    for (i, p) in f.params.iter().enumerate() {
        if narrow(p.ty) && !extended(p.attrs) {
            // Named only when warned about: a name formatted for every parameter of a large
            // module cost more than the rest of this pass.
            let name = p.name.as_str().map_or_else(|| format!("#{i}"), |n| format!("%{n}"));
            out.warning(
                "nvvm-narrow-int",
                format!(
                    "parameter {name} ({}) should be marked zeroext or signext; zeroext will be assumed",
                    m.types.to_string(p.ty)
                ),
                at(),
            );
            out.help("add `signext` to the parameter when the value is signed");
        }
        for (attr, what) in [("inreg", "InReg"), ("nest", "Nest")] {
            if has(p.attrs, attr) {
                out.warning("nvvm-ignored-attr", format!("{what} attribute on parameter will be ignored"), at());
            }
        }
    }
    let cluster_attr = m.attrs[f.fn_attrs]
        .0
        .iter()
        .any(|a| matches!(a, Attr::Str(k, _) if matches!(&**k, "nvvm.cluster_dim" | "nvvm.maxclusterrank")));
    if cx.target.sm < 90 && (cluster_attr || cx.clustered.contains(&*f.name)) {
        out.warning(
            "nvvm-cluster-pre-hopper",
            format!(
                "Cluster dimensions and cluster maximum blocks are not supported on pre-Hopper Architectures; libNVVM accepts them for {} and leaves them out of the PTX",
                cx.target
            ),
            at(),
        );
        out.help("the kernel runs without clusters; target compute_90+ for cluster launch");
    }
}
