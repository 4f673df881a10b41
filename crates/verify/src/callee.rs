//! What a callee's name decides, worked out once per callee ([`crate::Cx::callee`]).
//!
//! A module calls a few intrinsics from many places, and the rules ask the same questions of
//! the name at every call: the table lookups, the scans of prefix lists, the families. On a
//! 5 MB module those questions were about a fifth of the verifier's instructions; each answer
//! depends on the name and the target's path only, so it is kept with the callee's symbol.

use crate::intrinsics::{self, Family, Rule, Signature};
use crate::warnings::Needs;
use crate::Path;

/// The prefix of the special-register reads.
pub(crate) const SREG: &str = "llvm.nvvm.read.ptx.sreg.";

/// The answers for one callee name on one path (each field says which question it answers).
pub(crate) struct Callee {
    /// The name starts with `llvm.`.
    pub intrinsic: bool,
    /// [`intrinsics::lookup`].
    pub lookup: Option<(&'static str, &'static Signature)>,
    /// [`intrinsics::family`].
    pub family: Option<&'static Family>,
    /// [`intrinsics::rejected`].
    pub rejected: bool,
    /// The first of [`crate::warnings::COMPILE_GATES`] the name is under.
    pub gate: Option<Needs>,
    /// The name holds `.element.unordered.atomic`.
    pub element_atomic: bool,
    /// `llvm.preserve.array.access.index` or `llvm.preserve.struct.access.index`, or one of their
    /// overloads.
    pub access_index: bool,
    /// A special-register read the path knows: under [`SREG`], a register
    /// [`intrinsics::is_special_register`] names, and an intrinsic of the path's table.
    pub special_register: bool,
    /// Under [`SREG`], a register [`intrinsics::is_special_register`] does not name.
    pub unknown_register: bool,
    /// [`intrinsics::llvm7_ptx_intrinsic`].
    pub llvm7_ptx: Option<&'static str>,
    /// `llvm.scmp` or `llvm.ucmp`, or an overload of one.
    pub cmp: bool,
    /// An ARM or AArch64 exclusive load (its first argument needs `elementtype`).
    pub exclusive_load: bool,
    /// An ARM or AArch64 exclusive store (its second argument needs `elementtype`).
    pub exclusive_store: bool,
    /// [`intrinsics::target_immarg`], on the modern path (the one that checks it).
    pub target_immarg: Option<Box<[usize]>>,
    /// A generic shuffle or vote, whose second operand is the mode.
    pub mode_operand: bool,
    /// Another target's intrinsic, as the path's compiler tells them (the name beyond the
    /// target's prefix not empty).
    pub foreign: bool,
    /// Under `llvm.nvvm.fmin.` or `llvm.nvvm.fmax.`, naming no intrinsic nor extending one.
    pub min_max: bool,
    /// The modern compiler's unknown intrinsic (what `compile.rs` refuses as such, the
    /// fmin/fmax family and the special registers aside).
    pub unknown_compile: bool,
    /// [`intrinsics::old_shuffle`].
    pub old_shuffle: bool,
    /// A math intrinsic the verifier refuses already: the family is unsupported, or, on the
    /// modern path, `llvm.tanh*`.
    pub math_refused: bool,
    /// [`intrinsics::math_kept_failure`] by [`Callee::math_index`] of the call's shape.
    pub math: [Option<&'static str>; 8],
    /// [`intrinsics::compile_failure`] lists the name on the path.
    pub compile_listed: bool,
    /// On the modern path, a retired `llvm.nvvm.*` name the reader rewrites from each call's
    /// operands ([`intrinsics::rebuilt_by_upgrade`]).
    pub rebuilt_nvvm: bool,
}

/// What marks an element-wise unordered atomic memory intrinsic's name.
const ELEMENT_ATOMIC: &str = ".element.unordered.atomic";

/// A callee's answers as the verifier keeps them, once per callee: a name outside `llvm.*` (most
/// callees of a large module) shares one of two constant answers rather than holding its own
/// (a module of 100k functions calling each other held 24 MB of them).
pub(crate) enum Facts {
    /// [`Callee::plain`], by whether the name holds `.element.unordered.atomic`.
    Plain(bool),
    /// An `llvm.*` name's answers.
    Intrinsic(Box<Callee>),
}

static PLAIN: [Callee; 2] = [Callee::plain(false), Callee::plain(true)];

impl Facts {
    /// The answers for `name` on `path`.
    pub(crate) fn new(name: &str, path: Path) -> Facts {
        // Every table, prefix list and family names `llvm.*` only (the tests hold them to it), so
        // the answers for another name are all no but one.
        match name.starts_with("llvm.") {
            true => Facts::Intrinsic(Box::new(Callee::intrinsic(name, path))),
            false => Facts::Plain(name.contains(ELEMENT_ATOMIC)),
        }
    }

    /// The answers.
    pub(crate) fn get(&self) -> &Callee {
        match self {
            Facts::Plain(element_atomic) => &PLAIN[usize::from(*element_atomic)],
            Facts::Intrinsic(c) => c,
        }
    }
}

impl Callee {
    /// The answers for a name outside `llvm.*`, by whether it holds `.element.unordered.atomic`.
    const fn plain(element_atomic: bool) -> Callee {
        Callee {
            intrinsic: false,
            lookup: None,
            family: None,
            rejected: false,
            gate: None,
            element_atomic,
            access_index: false,
            special_register: false,
            unknown_register: false,
            llvm7_ptx: None,
            cmp: false,
            exclusive_load: false,
            exclusive_store: false,
            target_immarg: None,
            mode_operand: false,
            foreign: false,
            min_max: false,
            unknown_compile: false,
            old_shuffle: false,
            math_refused: false,
            math: [None; 8],
            compile_listed: false,
            rebuilt_nvvm: false,
        }
    }

    /// The answers for any name, asking every table.
    fn intrinsic(name: &str, path: Path) -> Callee {
        let lookup = intrinsics::lookup(name, path);
        let llvm7 = path == Path::Llvm7;
        let modern = path == Path::Modern;
        let base = |n: &str| name == n || name.strip_prefix(n).is_some_and(|rest| rest.starts_with('.'));
        let target = name.strip_prefix("llvm.").and_then(|r| r.split('.').next()).unwrap_or("");
        let foreign = match llvm7 {
            true => intrinsics::LLVM7_TARGET_PREFIXES.contains(&target),
            false => target != "nvvm" && intrinsics::TARGET_PREFIXES.contains(&target),
        };
        let min_max = (name.starts_with("llvm.nvvm.fmin.") || name.starts_with("llvm.nvvm.fmax."))
            && intrinsics::unknown_nvvm(name)
            && !intrinsics::extends_intrinsic(name);
        let gate = crate::warnings::COMPILE_GATES.iter().find(|(p, _)| name.starts_with(p)).map(|&(_, needs)| needs);
        let family = intrinsics::family(name, path);
        let register = name.strip_prefix(SREG);
        let mut math = [None; 8];
        for (k, slot) in math.iter_mut().enumerate() {
            *slot = intrinsics::math_kept_failure(name, path, k & 4 != 0, k & 2 != 0, k & 1 != 0);
        }
        Callee {
            intrinsic: name.starts_with("llvm."),
            lookup,
            family,
            rejected: intrinsics::rejected(name, path),
            gate,
            element_atomic: name.contains(".element.unordered.atomic"),
            access_index: ["llvm.preserve.array.access.index", "llvm.preserve.struct.access.index"]
                .iter()
                .any(|f| name.starts_with(f)),
            special_register: register.is_some_and(intrinsics::is_special_register) && lookup.is_some(),
            unknown_register: register.is_some_and(|r| !intrinsics::is_special_register(r)),
            llvm7_ptx: intrinsics::llvm7_ptx_intrinsic(name),
            cmp: base("llvm.scmp") || base("llvm.ucmp"),
            exclusive_load: ["llvm.aarch64.ldaxr", "llvm.aarch64.ldxr", "llvm.arm.ldaex", "llvm.arm.ldrex"]
                .into_iter()
                .any(base),
            exclusive_store: ["llvm.aarch64.stlxr", "llvm.aarch64.stxr", "llvm.arm.stlex", "llvm.arm.strex"]
                .into_iter()
                .any(base),
            target_immarg: modern.then(|| intrinsics::target_immarg(name)).flatten().map(Vec::into_boxed_slice),
            mode_operand: matches!(name, "llvm.nvvm.shfl.sync.i32" | "llvm.nvvm.shfl.sync.f32" | "llvm.nvvm.vote.sync"),
            foreign: foreign && name.len() > "llvm.".len() + target.len(),
            min_max,
            unknown_compile: modern
                && !min_max
                && register.is_none()
                && gate.is_none()
                && (intrinsics::unknown_nvvm(name) || intrinsics::unknown_llvm(name)),
            old_shuffle: intrinsics::old_shuffle(name),
            math_refused: family.is_some_and(|f| matches!(f.rule, Rule::Unsupported))
                || (modern && name.starts_with("llvm.tanh")),
            math,
            compile_listed: intrinsics::compile_failure_listed(name, path),
            rebuilt_nvvm: modern && name.starts_with("llvm.nvvm.") && intrinsics::rebuilt_by_upgrade(name),
        }
    }

    /// The index into [`Callee::math`] of a call's shape: whether its element type is double,
    /// whether it is a vector, whether the call has `afn`.
    pub(crate) fn math_index(f64: bool, vector: bool, afn: bool) -> usize {
        usize::from(f64) * 4 + usize::from(vector) * 2 + usize::from(afn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every answer, as text (the tables' entries by the name they are listed under).
    fn answers(c: &Callee) -> String {
        format!(
            "{} {:?} {:?} {} {:?} {} {} {} {} {:?} {} {} {} {:?} {} {} {} {} {} {} {:?} {} {}",
            c.intrinsic,
            c.lookup.map(|(n, _)| n),
            c.family.map(|f| f.name),
            c.rejected,
            c.gate,
            c.element_atomic,
            c.access_index,
            c.special_register,
            c.unknown_register,
            c.llvm7_ptx,
            c.cmp,
            c.exclusive_load,
            c.exclusive_store,
            c.target_immarg,
            c.mode_operand,
            c.foreign,
            c.min_max,
            c.unknown_compile,
            c.old_shuffle,
            c.math_refused,
            c.math,
            c.compile_listed,
            c.rebuilt_nvvm,
        )
    }

    #[test]
    fn plain_names_answer_as_the_tables_do() {
        let names = [
            "dev_a0",
            "",
            "llvm",
            "llvm_sin",
            "sin",
            "nvvm.read.ptx.sreg.tid.x",
            "x.llvm.nvvm.wgmma.fence",
            "my.element.unordered.atomic.copy",
            "llvm_.element.unordered.atomic",
        ];
        for path in [Path::Llvm7, Path::Modern] {
            for name in names {
                assert_eq!(answers(Facts::new(name, path).get()), answers(&Callee::intrinsic(name, path)), "{name}");
            }
            // The answers do differ where the tables know the name.
            let facts = Facts::new("llvm.sin.f32", path);
            let sin = facts.get();
            assert!(sin.intrinsic && sin.family.is_some());
        }
        assert!(Facts::new("f.element.unordered.atomic", Path::Modern).get().element_atomic);
        assert!(!Facts::new("f.element.atomic", Path::Modern).get().element_atomic);
    }
}
