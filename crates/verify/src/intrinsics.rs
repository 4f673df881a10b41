//! Intrinsic rules as data: one row per family, matched on the name.

use crate::Path;
use nvir_llvm::ir::{TypeData, TypeId, Types};

/// What libNVVM requires of a family.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Rule {
    /// `Unsupported intrinsic: <name>`.
    Unsupported,
    /// The overload type (the first argument's) must be an integer of one of these widths, or a
    /// vector of them when `vectors`.
    IntWidths { widths: &'static [u32], vectors: bool, message: &'static str },
    /// The destination pointer (first argument) must not be in the constant address space.
    NotToConstant { message: &'static str },
    /// libNVVM's LLVM 7 path refuses NVVM's own address-space conversion intrinsics.
    AddrSpaceConversion,
}

/// A family: the name (`llvm.fabs` matches `llvm.fabs` and `llvm.fabs.*`), the rule and the
/// paths it applies on.
pub(crate) struct Family {
    pub name: &'static str,
    pub rule: Rule,
    pub llvm7: bool,
    pub modern: bool,
    /// Not overloaded in LLVM 7: a suffixed name (`llvm.frameaddress.p0i8`) is no intrinsic there.
    pub exact7: bool,
}

const fn both(name: &'static str, rule: Rule) -> Family {
    Family { name, rule, llvm7: true, modern: true, exact7: false }
}

/// Overloaded only in later LLVMs (measured: the suffixed name verifies on the LLVM 7 path).
const fn both_exact7(name: &'static str, rule: Rule) -> Family {
    Family { name, rule, llvm7: true, modern: true, exact7: true }
}

const fn llvm7_only(name: &'static str, rule: Rule) -> Family {
    Family { name, rule, llvm7: true, modern: false, exact7: false }
}

const OVERFLOW: Rule = Rule::IntWidths {
    widths: &[16, 32, 64],
    vectors: false,
    message: "Invalid type for arithmetic overflow intrinsic, need i16, i32, or i64",
};
const BITCOUNT: Rule = Rule::IntWidths {
    widths: &[8, 16, 32, 64],
    vectors: true,
    message: "Invalid type for ctpop/ctlz/cttz, need i8, i16, i32, i64, or vector of these",
};

/// libNVVM 13.5's intrinsic rules (measured; `docs/libnvvm-verifier-facts.md` §2.1).
pub(crate) static FAMILIES: &[Family] = &[
    both("llvm.sin", Rule::Unsupported),
    both("llvm.cos", Rule::Unsupported),
    both("llvm.pow", Rule::Unsupported),
    both("llvm.powi", Rule::Unsupported),
    both("llvm.exp", Rule::Unsupported),
    both("llvm.exp2", Rule::Unsupported),
    both("llvm.log", Rule::Unsupported),
    both("llvm.log10", Rule::Unsupported),
    both("llvm.log2", Rule::Unsupported),
    both("llvm.fabs", Rule::Unsupported),
    both("llvm.rint", Rule::Unsupported),
    both("llvm.nearbyint", Rule::Unsupported),
    both("llvm.round", Rule::Unsupported),
    both("llvm.objectsize", Rule::Unsupported),
    both_exact7("llvm.stacksave", Rule::Unsupported),
    both_exact7("llvm.stackrestore", Rule::Unsupported),
    both_exact7("llvm.frameaddress", Rule::Unsupported),
    both_exact7("llvm.returnaddress", Rule::Unsupported),
    both_exact7("llvm.prefetch", Rule::Unsupported),
    both("llvm.readcyclecounter", Rule::Unsupported),
    both("llvm.eh.typeid.for", Rule::Unsupported),
    // Measured by the intrinsic probes (`corpus/probes/intrinsics.jsonl`).
    both("llvm.adjust.trampoline", Rule::Unsupported),
    both("llvm.eh.sjlj.callsite", Rule::Unsupported),
    both("llvm.eh.sjlj.longjmp", Rule::Unsupported),
    both("llvm.eh.sjlj.lsda", Rule::Unsupported),
    both("llvm.eh.sjlj.setjmp", Rule::Unsupported),
    both("llvm.pcmarker", Rule::Unsupported),
    both("llvm.stackguard", Rule::Unsupported),
    both(
        "llvm.bswap",
        Rule::IntWidths {
            widths: &[16, 32, 64],
            vectors: false,
            message: "Invalid type for bswap, need i16, i32, or i64",
        },
    ),
    both("llvm.ctpop", BITCOUNT),
    both("llvm.ctlz", BITCOUNT),
    both("llvm.cttz", BITCOUNT),
    both("llvm.sadd.with.overflow", OVERFLOW),
    both("llvm.uadd.with.overflow", OVERFLOW),
    both("llvm.ssub.with.overflow", OVERFLOW),
    both("llvm.usub.with.overflow", OVERFLOW),
    both("llvm.smul.with.overflow", OVERFLOW),
    both("llvm.umul.with.overflow", OVERFLOW),
    both("llvm.memcpy", Rule::NotToConstant { message: "memmove/memcpy cannot target constant address space" }),
    both("llvm.memmove", Rule::NotToConstant { message: "memmove/memcpy cannot target constant address space" }),
    both("llvm.memset", Rule::NotToConstant { message: "memset cannot point to constant address space" }),
    // To and from the generic space only: `llvm.nvvm.ptr.gen.to.param` is taken (measured).
    llvm7_only("llvm.nvvm.ptr.gen.to.global", Rule::AddrSpaceConversion),
    llvm7_only("llvm.nvvm.ptr.gen.to.shared", Rule::AddrSpaceConversion),
    llvm7_only("llvm.nvvm.ptr.gen.to.constant", Rule::AddrSpaceConversion),
    llvm7_only("llvm.nvvm.ptr.gen.to.local", Rule::AddrSpaceConversion),
    llvm7_only("llvm.nvvm.ptr.global.to.gen", Rule::AddrSpaceConversion),
    llvm7_only("llvm.nvvm.ptr.shared.to.gen", Rule::AddrSpaceConversion),
    llvm7_only("llvm.nvvm.ptr.constant.to.gen", Rule::AddrSpaceConversion),
    llvm7_only("llvm.nvvm.ptr.local.to.gen", Rule::AddrSpaceConversion),
];

/// Special registers LLVM knows as intrinsics (`llvm.nvvm.read.ptx.sreg.<name>`); `.x/.y/.z`
/// forms are listed by their base. Other names are ordinary declarations to it, which libNVVM takes.
static SPECIAL_REGISTERS: &[&str] = &[
    "warpsize",
    "laneid",
    "warpid",
    "nwarpid",
    "smid",
    "nsmid",
    "gridid",
    "clock",
    "clock64",
    "globaltimer",
    "lanemask.eq",
    "lanemask.le",
    "lanemask.lt",
    "lanemask.ge",
    "lanemask.gt",
    "pm0",
    "pm1",
    "pm2",
    "pm3",
    "cluster.ctarank",
    "cluster.nctarank",
];
static SPECIAL_REGISTERS_XYZ: &[&str] =
    &["tid", "ntid", "ctaid", "nctaid", "clusterid", "nclusterid", "cluster.ctaid", "cluster.nctaid"];

/// Whether `name` (after `llvm.nvvm.read.ptx.sreg.`) is a special register LLVM knows.
pub(crate) fn is_special_register(name: &str) -> bool {
    SPECIAL_REGISTERS.contains(&name)
        || name
            .rsplit_once('.')
            .is_some_and(|(base, axis)| matches!(axis, "x" | "y" | "z") && SPECIAL_REGISTERS_XYZ.contains(&base))
}

/// The family a name belongs to on a path, if any.
pub(crate) fn family(name: &str, path: Path) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| {
        let applies = match path {
            Path::Llvm7 => f.llvm7,
            Path::Modern => f.modern,
        };
        applies && (name == f.name || (!(f.exact7 && path == Path::Llvm7) && is_overload_of(name, f.name)))
    })
}

/// The name libNVVM prints for an unsupported intrinsic: its modern path upgrades typed-pointer
/// declarations first, which renames some (`llvm.stacksave` → `llvm.stacksave.p0`,
/// `llvm.powi.f32` → `llvm.powi.f32.i32`).
pub(crate) fn printed_name(name: &str, path: Path) -> String {
    if path == Path::Llvm7 {
        return name.to_string();
    }
    let pointer_suffixed = [
        "llvm.stacksave",
        "llvm.stackrestore",
        "llvm.frameaddress",
        "llvm.returnaddress",
        "llvm.eh.typeid.for",
        "llvm.prefetch",
    ];
    if pointer_suffixed.contains(&name) {
        return format!("{name}.p0");
    }
    if let Some(ty) = name.strip_prefix("llvm.powi.") {
        if !ty.contains('.') {
            return format!("{name}.i32");
        }
    }
    name.to_string()
}

/// Known intrinsics and their signatures per path, as measured (`intrinsics.tsv`, generated by
/// `scripts/probe/gen_table.py` from the probe answers in `corpus/probes/intrinsics.jsonl`): a
/// name is listed for a path when libNVVM rejected a wrongly declared call of it there, and its
/// signature is checked when libNVVM accepted the call declared as LLVM's `Intrinsics.td` says.
static TABLE_TSV: &str = include_str!("intrinsics.tsv");

/// Other targets' intrinsics with `immarg` arguments (`immarg_targets.tsv`, from LLVM's
/// `Intrinsics*.td`): libNVVM's modern path knows every target's intrinsics, and LLVM's verifier
/// wants a constant in each such argument whatever the target.
static TARGETS_IMMARG_TSV: &str = include_str!("immarg_targets.tsv");

/// The `immarg` arguments of another target's intrinsic that `name` calls: the longest name of
/// the table that is `name`, or that `name` extends by `.suffix` where it is overloaded.
pub(crate) fn target_immarg(name: &str) -> Option<Vec<usize>> {
    if !name.starts_with("llvm.") || name.starts_with("llvm.nvvm.") {
        return None;
    }
    static TABLE: std::sync::OnceLock<rustc_hash::FxHashMap<&'static str, (bool, &'static str)>> =
        std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        TARGETS_IMMARG_TSV
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                let mut f = tab_fields(l);
                Some((f.next()?, (f.next()? == "1", f.next().unwrap_or(""))))
            })
            .collect()
    });
    // The name itself, then each shorter dotted prefix that is overloaded.
    let mut candidate = name;
    let mut exact = true;
    loop {
        if let Some(&(overloaded, immarg)) = table.get(candidate) {
            if exact || overloaded {
                let v: Vec<usize> = immarg.split(',').filter_map(|i| i.parse().ok()).collect();
                return (!v.is_empty()).then_some(v);
            }
            return None;
        }
        let cut = candidate.rfind('.')?;
        candidate = &candidate[..cut];
        exact = false;
        if candidate.matches('.').count() < 2 {
            return None;
        }
    }
}

/// One type slot of a signature (LLVM's type descriptors).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Desc {
    /// A fixed type, as the path prints it (`float`, `<2 x half>`, `i8 addrspace(3)*`, `ptr`).
    Fixed(&'static str),
    AnyInt,
    AnyFloat,
    AnyVector,
    AnyPtr,
    Any,
    /// The type of overload slot N.
    Match(usize),
    /// The element type of vector overload N.
    VectorElement(usize),
    /// `elt`, or a vector of `elt` as long as overload N.
    ScalarOrSameWidth(usize, &'static str),
    /// A vector of pointers as long as vector overload N, itself the next overload
    /// (`LLVMVectorOfAnyPointersToElt`, the addresses of a gather or scatter).
    PointersToElements(usize),
    /// A form this table does not model: anything is accepted.
    Other,
}

/// One intrinsic on one path.
#[derive(Debug)]
pub(crate) struct Signature {
    ret: Vec<Desc>,
    args: Vec<Desc>,
    vararg: bool,
    checked: Checked,
    immarg: Vec<usize>,
    immarg_message: &'static str,
}

/// Which kinds of wrong declaration libNVVM rejects (an upgrade makes it accept some).
#[derive(Debug, Clone, Copy)]
struct Checked {
    extra: bool,
    missing: bool,
    ret: bool,
    args: bool,
    /// The signature changed since typed pointers: the modern path upgrades a typed-pointer
    /// module's old form, so such a module's declaration is not checked.
    typed_upgraded: bool,
    /// The path refuses every call of the name, whatever its declaration (measured: no
    /// declaration the probes tried was taken).
    rejected: bool,
    /// LLVM 7 path: the compiler keeps a call of it whose value goes unused, so a wrong
    /// declaration stops it too (measured: `Broken function found` on a wrongly declared call).
    kept: bool,
}

impl Signature {
    fn overloaded(&self) -> bool {
        self.ret
            .iter()
            .chain(&self.args)
            .any(|d| matches!(d, Desc::AnyInt | Desc::AnyFloat | Desc::AnyVector | Desc::AnyPtr | Desc::Any))
    }
}

fn parse_desc(s: &'static str) -> Desc {
    match s {
        "anyint" => Desc::AnyInt,
        "anyfloat" => Desc::AnyFloat,
        "anyvector" => Desc::AnyVector,
        "anyptr" => Desc::AnyPtr,
        "any" => Desc::Any,
        "other" => Desc::Other,
        _ => {
            let Some(rest) = s.strip_prefix("match") else { return Desc::Fixed(s) };
            let mut parts = rest.split(':');
            let Some(n) = parts.next().and_then(|n| n.parse().ok()) else { return Desc::Other };
            match (parts.next(), parts.next()) {
                (None, _) => Desc::Match(n),
                (Some("LLVMVectorElementType"), _) => Desc::VectorElement(n),
                (Some("LLVMScalarOrSameVectorWidth"), Some(elt)) => Desc::ScalarOrSameWidth(n, elt),
                // The modern table leaves the element out: every use of the form in the tree is a
                // mask or a predicate, `i1`.
                (Some("LLVMScalarOrSameVectorWidth"), None) => Desc::ScalarOrSameWidth(n, "i1"),
                (Some("LLVMVectorOfAnyPointersToElt"), _) => Desc::PointersToElements(n),
                _ => Desc::Other,
            }
        }
    }
}

type Table = rustc_hash::FxHashMap<&'static str, Row>;

/// A row of the table: its signature is read from the row's fields when first asked for (a
/// module calls a few of the thousands of intrinsics listed; reading them all was most of the
/// table's cost, paid while the other threads wait for the table).
pub(crate) struct Row {
    /// `ret`, `args`, `checked`, `immarg` and `immarg message`, as the TSV writes them.
    fields: [&'static str; 5],
    sig: std::sync::OnceLock<Signature>,
}

impl Row {
    fn sig(&'static self) -> &'static Signature {
        self.sig.get_or_init(|| {
            let [ret, args, checked, immarg, immarg_message] = self.fields;
            let slots = |s: &'static str| -> Vec<&'static str> { s.split(';').filter(|d| !d.is_empty()).collect() };
            let mut args = slots(args);
            let vararg = args.last() == Some(&"...");
            if vararg {
                args.pop();
            }
            Signature {
                ret: slots(ret).into_iter().map(parse_desc).collect(),
                args: args.into_iter().map(parse_desc).collect(),
                vararg,
                checked: Checked {
                    extra: checked.contains("extra-arg"),
                    missing: checked.contains("missing-arg"),
                    ret: checked.contains("ret-type"),
                    args: checked.contains("arg0-type"),
                    typed_upgraded: checked.contains("typed-upgraded"),
                    rejected: checked.split(',').any(|c| c == "rejected"),
                    kept: checked.split(',').any(|c| c == "kept"),
                },
                immarg: immarg.split(',').filter_map(|i| i.parse().ok()).collect(),
                immarg_message,
            }
        })
    }
}

/// Names a path refuses outright, beside the table's `rejected` entries: exact overload names
/// (`rejected-overload`) and dotted prefixes (`llvm.nvvm.mma.*`), per path.
#[derive(Default)]
struct Refused {
    names: rustc_hash::FxHashSet<&'static str>,
    prefixes: Vec<&'static str>,
}

/// Path `i`'s table (0: llvm7, 1: modern) and the names it refuses, read from the TSV in one
/// pass when the path first asks (a run verifies for one path).
#[derive(Default)]
struct PathTable {
    table: Table,
    refused: Refused,
    /// The table's names in the order they were added (the TSV lists them sorted, so that
    /// [`search`]'s sort of them is a merge of a sorted run and a short tail).
    order: Vec<&'static str>,
}

fn path_table(i: usize) -> &'static PathTable {
    static TABLES: [std::sync::OnceLock<PathTable>; 2] = [const { std::sync::OnceLock::new() }; 2];
    TABLES[i].get_or_init(|| {
        let mut t = PathTable::default();
        let mine = |l: &&str| !l.starts_with('#') && !l.is_empty() && usize::from(l.starts_with("modern\t")) == i;
        for line in TABLE_TSV.lines().filter(mine) {
            let mut f = tab_fields(line);
            let (Some(_), Some(name), Some(ret), Some(args), Some(checked)) =
                (f.next(), f.next(), f.next(), f.next(), f.next())
            else {
                continue;
            };
            if let Some(prefix) = name.strip_suffix(".*") {
                t.refused.prefixes.push(prefix);
                continue;
            }
            if checked == "rejected-overload" {
                t.refused.names.insert(name);
                continue;
            }
            let (Some(immarg), Some(immarg_message), None) = (f.next(), f.next(), f.next()) else { continue };
            t.table.insert(name, Row { fields: [ret, args, checked, immarg, immarg_message], sig: Default::default() });
            t.order.push(name);
        }
        let masked: &[(&str, &[&str], &[&str])] = if i == 1 { &MODERN_MASKED } else { &LLVM7_GATHER_SCATTER };
        {
            for (name, ret, args) in masked {
                let all = Checked {
                    extra: true,
                    missing: true,
                    ret: true,
                    args: true,
                    typed_upgraded: false,
                    kept: false,
                    rejected: false,
                };
                let sig = Signature {
                    ret: ret.iter().map(|d| parse_desc(d)).collect(),
                    args: args.iter().map(|d| parse_desc(d)).collect(),
                    vararg: false,
                    checked: all,
                    immarg: Vec::new(),
                    immarg_message: "",
                };
                t.table.insert(name, Row { fields: [""; 5], sig: sig.into() });
                t.order.push(name);
            }
        }
        t
    })
}

/// LLVM 22's masked memory intrinsics, which lost their alignment argument to an `align`
/// attribute on the address (the table's rows come from an older tree's four-argument form).
/// Measured on the modern path (`axes.py`'s `masked/` group): the three-argument form is checked
/// in full; the four-argument form is upgraded first ([`masked_upgrade`]).
const MODERN_MASKED: [(&str, &[&str], &[&str]); 4] = [
    ("llvm.masked.load", &["anyvector"], &["anyptr", "match0:LLVMScalarOrSameVectorWidth:i1", "match0"]),
    ("llvm.masked.store", &[], &["anyvector", "anyptr", "match0:LLVMScalarOrSameVectorWidth:i1"]),
    (
        "llvm.masked.gather",
        &["anyvector"],
        &["match0:LLVMVectorOfAnyPointersToElt", "match0:LLVMScalarOrSameVectorWidth:i1", "match0"],
    ),
    (
        "llvm.masked.scatter",
        &[],
        &["anyvector", "match0:LLVMVectorOfAnyPointersToElt", "match0:LLVMScalarOrSameVectorWidth:i1"],
    ),
];

/// LLVM 7's gather and scatter, which the table lacks (measured on the LLVM 7 path: `masked/`'s
/// typed-pointer forms; a declaration of another form is refused with an empty log).
const LLVM7_GATHER_SCATTER: [(&str, &[&str], &[&str]); 2] = [
    (
        "llvm.masked.gather",
        &["anyvector"],
        &["match0:LLVMVectorOfAnyPointersToElt", "i32", "match0:LLVMScalarOrSameVectorWidth:i1", "match0"],
    ),
    (
        "llvm.masked.scatter",
        &[],
        &["anyvector", "match0:LLVMVectorOfAnyPointersToElt", "i32", "match0:LLVMScalarOrSameVectorWidth:i1"],
    ),
];

/// Which of LLVM 22's masked memory intrinsics `name` calls, with the argument its old form's
/// alignment took and the argument the address is: `(base, alignment index, address index)`.
pub(crate) fn masked_memory(name: &str) -> Option<(&'static str, usize, usize)> {
    let rest = name.strip_prefix("llvm.masked.")?;
    let (base, align, addr) = if rest.starts_with("load") {
        ("llvm.masked.load", 1, 0)
    } else if rest.starts_with("store") {
        ("llvm.masked.store", 2, 1)
    } else if rest.starts_with("gather") {
        ("llvm.masked.gather", 1, 0)
    } else if rest.starts_with("scatter") {
        ("llvm.masked.scatter", 2, 1)
    } else {
        return None;
    };
    let tail = &name[base.len()..];
    (tail.is_empty() || tail.starts_with('.')).then_some((base, align, addr))
}

/// LLVM 22's reader upgrades a masked load, store, gather or scatter declared in the old form
/// (four parameters, the alignment one of them): the new declaration takes the overloaded types
/// from the old one (the loaded or stored vector and the address), derives the mask (and a load's
/// pass-through) from them, and the call passes the old arguments less the alignment. An argument
/// of another type than the new declaration's is LLVM's call mismatch; otherwise the new
/// declaration is checked as usual. None when `params` is not the old form.
fn masked_upgrade(
    types: &Types,
    name: &str,
    ret: TypeId,
    params: &[TypeId],
    sig: &Signature,
) -> Option<Result<(), String>> {
    let (base, align, _) = masked_memory(name)?;
    if params.len() != 4 {
        return None;
    }
    let rest: Vec<TypeId> = params.iter().enumerate().filter(|&(i, _)| i != align).map(|(_, &t)| t).collect();
    // The data vector: the result of a load or gather, the stored value of a store or scatter.
    let loads = align == 1;
    let data = if loads { ret } else { rest[0] };
    let (mask, pass) = if loads { (rest[1], Some(rest[2])) } else { (rest[2], None) };
    let shape = |t: TypeId| match types.get(t) {
        TypeData::Vector { len, scalable, elem } => (Some((*len, *scalable)), *elem),
        _ => (None, t),
    };
    let (want, _) = shape(data);
    let (got, elem) = shape(mask);
    let mismatch = want != got || !matches!(types.get(elem), TypeData::Int(1)) || pass.is_some_and(|p| p != ret);
    if mismatch {
        return Some(Err("Call parameter type does not match function signature!".to_string()));
    }
    let _ = base;
    Some(match_signature(types, ret, &rest, false, sig, Path::Modern, false))
}

/// `line.split('\t')`, a byte at a time: the tables are read on every run, and on their short
/// fields the char searcher's set-up was most of the reading.
fn tab_fields(line: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(line);
    std::iter::from_fn(move || {
        let r = rest?;
        match r.bytes().position(|b| b == b'\t') {
            Some(i) => {
                rest = r.get(i + 1..);
                r.get(..i)
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// What path `i` refuses.
fn refused(i: usize) -> &'static Refused {
    &path_table(i).refused
}

/// The table of path `i`.
fn table(i: usize) -> &'static Table {
    &path_table(i).table
}

/// The `llvm.nvvm.*` names libNVVM's modern path knows beyond the signature table
/// (`nvvm_names.txt`, made by `scripts/probe/nvvm_names.py`).
fn extra_nvvm_names() -> &'static rustc_hash::FxHashSet<&'static str> {
    static NAMES: std::sync::OnceLock<rustc_hash::FxHashSet<&'static str>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        include_str!("nvvm_names.txt").lines().filter(|l| !l.is_empty() && !l.starts_with('#')).collect()
    })
}

/// Whether the modern path's backend meets `name` as an unknown intrinsic (measured,
/// `unknownintr/`: libNVVM verifies the call and `nvvmCompileProgram` stops at it): an
/// `llvm.nvvm.*` name that is no intrinsic of the table (as LLVM looks names up) and neither is
/// nor extends one of [`extra_nvvm_names`] (whose overloads the list does not say, so any
/// extension counts as known), nor is one the reader rewrites ([`rebuilt_by_upgrade`]).
pub(crate) fn unknown_nvvm(name: &str) -> bool {
    // A retired name the reader rewrites never reaches the backend (`retype/`: `llvm.nvvm.brev32`).
    if !name.starts_with("llvm.nvvm.") || lookup(name, Path::Modern).is_some() || rebuilt_by_upgrade(name) {
        return false;
    }
    !listed_or_extends(extra_nvvm_names(), name, "llvm.nvvm")
}

/// Whether `name`, or a dotted prefix of it longer than `stem`, is one of `names` (lists of names
/// whose overloads they do not say, so any extension of a listed name counts as it).
fn listed_or_extends(names: &rustc_hash::FxHashSet<&'static str>, name: &str, stem: &str) -> bool {
    let mut n = name;
    loop {
        if names.contains(n) {
            return true;
        }
        match n.rfind('.') {
            Some(k) if k > stem.len() => n = &n[..k],
            _ => return false,
        }
    }
}

/// LLVM 22's target prefixes: `llvm.<target>.*` names are that target's intrinsics.
pub(crate) const TARGET_PREFIXES: &[&str] = &[
    "aarch64",
    "amdgcn",
    "arm",
    "bpf",
    "dx",
    "hexagon",
    "loongarch",
    "mips",
    "nvvm",
    "ppc",
    "r600",
    "riscv",
    "s390",
    "spv",
    "ve",
    "wasm",
    "x86",
    "xcore",
];

/// LLVM 7's target prefixes (its `Intrinsics*.td`).
pub(crate) const LLVM7_TARGET_PREFIXES: &[&str] =
    &["aarch64", "amdgcn", "arm", "bpf", "hexagon", "mips", "ppc", "r600", "s390", "wasm", "x86", "xcore"];

/// LLVM 22's target-independent intrinsic names beyond the table, libNVVM's modern path knows
/// (`llvm_names.txt`, made by `scripts/probe/llvm_names.py`).
fn extra_llvm_names() -> &'static rustc_hash::FxHashSet<&'static str> {
    static NAMES: std::sync::OnceLock<rustc_hash::FxHashSet<&'static str>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        include_str!("llvm_names.txt").lines().filter(|l| !l.is_empty() && !l.starts_with('#')).collect()
    })
}

/// Whether the modern path's backend meets a target-independent `llvm.*` name as an unknown
/// intrinsic (measured, `unknownllvm/`: libNVVM verifies the call and `nvvmCompileProgram` stops
/// at it, its result used or not): a name under no target's prefix that is no intrinsic of the
/// table and neither is nor extends one of [`extra_llvm_names`] (LLVM 3's `llvm.ptx.*`,
/// misspellings, made-up names).
pub(crate) fn unknown_llvm(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("llvm.") else { return false };
    if TARGET_PREFIXES.contains(&rest.split('.').next().unwrap_or("")) || lookup(name, Path::Modern).is_some() {
        return false;
    }
    !listed_or_extends(extra_llvm_names(), name, "llvm")
}

/// The special-register reads and barrier of LLVM 3's PTX target (`llvm.ptx.read.tid.x`, …,
/// `llvm.ptx.bar.sync`), with the function type they were declared with: libNVVM's LLVM 7 path
/// knows them (another declaration fails its verifier with an empty log) and its compiler does
/// not lower a kept call (measured, `unknownllvm/ptx_*`).
pub(crate) fn llvm7_ptx_intrinsic(name: &str) -> Option<&'static str> {
    let rest = name.strip_prefix("llvm.ptx.")?;
    if rest == "bar.sync" {
        return Some("void (i32)");
    }
    let reg = rest.strip_prefix("read.")?;
    let xyzw = |r: &str| {
        ["tid.", "ntid.", "ctaid.", "nctaid."]
            .iter()
            .any(|p| r.strip_prefix(p).is_some_and(|c| matches!(c, "x" | "y" | "z" | "w")))
    };
    let other = [
        "laneid",
        "warpid",
        "nwarpid",
        "smid",
        "nsmid",
        "gridid",
        "lanemask.eq",
        "lanemask.le",
        "lanemask.lt",
        "lanemask.ge",
        "lanemask.gt",
        "clock",
        "pm0",
        "pm1",
        "pm2",
        "pm3",
    ];
    match reg {
        "clock64" => Some("i64 ()"),
        r if xyzw(r) || other.contains(&r) => Some("i32 ()"),
        _ => None,
    }
}

/// The compiler's message for a kept call (its result used) of one of LLVM's math intrinsics it
/// does not lower, on `path` (measured, `mathintr/`: each on half, float, double and
/// `<2 x float>`, with and without `afn`; a call whose result goes unused is removed first, and
/// LLVM 7 knows none of the names newer than it). `f64`: the element type is double.
pub(crate) fn math_kept_failure(name: &str, path: Path, f64: bool, vector: bool, afn: bool) -> Option<&'static str> {
    const UNSUPPORTED: &str = "unsupported operation";
    const NO_LIBCALL: &str = "no libcall available";
    let base = name.strip_prefix("llvm.")?.split('.').next()?;
    match path {
        Path::Llvm7 => {
            matches!(base, "sin" | "cos" | "pow" | "powi" | "exp" | "exp2" | "log" | "log10" | "log2" | "canonicalize")
                .then_some(UNSUPPORTED)
        }
        Path::Modern => match base {
            // `afn` lets the backend approximate these in single and half precision.
            "sin" | "cos" | "tanh" if afn && !f64 => None,
            "sincos" if afn && !f64 && !vector => None,
            "sin" | "cos" | "pow" | "powi" | "sincos" => Some(UNSUPPORTED),
            "tanh" if !f64 => Some(UNSUPPORTED),
            "exp2" if !f64 => None,
            "exp" | "exp2" | "exp10" | "log" | "log10" | "log2" | "tan" | "asin" | "acos" | "atan" | "atan2"
            | "sinh" | "cosh" | "tanh" => Some(NO_LIBCALL),
            "canonicalize" if vector => Some(UNSUPPORTED),
            _ => None,
        },
    }
}

/// A call result's floating-point shape for [`math_kept_failure`]: whether its element type is
/// double and whether it is a vector (a struct's first field for `llvm.sincos`).
pub(crate) fn fp_shape(types: &Types, t: TypeId) -> (bool, bool) {
    let t = match types.get(t) {
        TypeData::Struct(body) => body.fields.first().copied().unwrap_or(t),
        _ => t,
    };
    match types.get(t) {
        TypeData::Vector { elem, .. } => {
            (matches!(types.get(*elem), TypeData::Float(nvir_llvm::ir::FloatKind::Double)), true)
        }
        TypeData::Float(k) => (*k == nvir_llvm::ir::FloatKind::Double, false),
        _ => (false, false),
    }
}

/// Whether a call of this result type may carry fast-math flags, as each reader decides
/// (measured, `fmfcall/`): LLVM 7 a floating-point scalar or vector only; LLVM 22 also arrays of
/// them (nested) and literal structs whose fields are all one such type.
pub(crate) fn fmf_call_type(types: &Types, t: TypeId, path: Path) -> bool {
    let fp = |t: TypeId| match types.get(t) {
        TypeData::Float(_) => true,
        TypeData::Vector { elem, .. } => matches!(types.get(*elem), TypeData::Float(_)),
        _ => false,
    };
    if fp(t) || path == Path::Llvm7 {
        return fp(t);
    }
    match types.get(t) {
        TypeData::Struct(body) => body.fields.first().is_some_and(|&f| fp(f) && body.fields.iter().all(|&g| g == f)),
        TypeData::Array { .. } => {
            let mut e = t;
            while let TypeData::Array { elem, .. } = types.get(e) {
                e = *elem;
            }
            fp(e)
        }
        _ => false,
    }
}

/// The non-`.sync` shuffles (`llvm.nvvm.shfl.{idx,bfly,down,up}.{i32,f32}`): libNVVM's modern
/// compiler does not lower a kept call of them, its LLVM 7 one does (measured, `oldwarp/`; the
/// non-`.sync` votes compile on both).
pub(crate) fn old_shuffle(name: &str) -> bool {
    name.strip_prefix("llvm.nvvm.shfl.").is_some_and(|r| {
        matches!(r, "idx.i32" | "bfly.i32" | "down.i32" | "up.i32" | "idx.f32" | "bfly.f32" | "down.f32" | "up.f32")
    })
}

/// Whether a shorter dotted prefix of an `llvm.nvvm.*` name is an intrinsic of the modern table
/// (`llvm.nvvm.fmin.f.extra` extends `llvm.nvvm.fmin.f`).
pub(crate) fn extends_intrinsic(name: &str) -> bool {
    let mut n = name;
    while let Some(k) = n.rfind('.').filter(|&k| k > "llvm.nvvm".len()) {
        n = &n[..k];
        if lookup(n, Path::Modern).is_some() {
            return true;
        }
    }
    false
}

/// Whether the path refuses every call of `name` (libNVVM's LLVM 7 path, with an empty log).
pub(crate) fn rejected(name: &str, path: Path) -> bool {
    let r = refused(usize::from(path == Path::Modern));
    r.names.contains(name)
        || r.prefixes.iter().any(|p| name.strip_prefix(p).is_some_and(|rest| rest.starts_with('.')))
        || signature(name, path).is_some_and(|s| s.checked.rejected)
}

/// The intrinsic a name calls on a path, as LLVM looks it up: the sorted name table is narrowed
/// one dotted component at a time, and the first name of the last non-empty range is the
/// candidate; the name must be it, or extend an overloaded one by `.suffix`. (So on the LLVM 7
/// path `llvm.expect.with.probabilityy.i32` is `llvm.expect`, on the modern path, which knows
/// `llvm.expect.with.probability`, no intrinsic.)
/// The compiler's first message for a call of the intrinsic `name` (exactly, overload suffixes
/// included) declared with the function type `fn_type` writes (as typed text, blanks aside) that
/// libNVVM's verifier takes and its compiler on `path` does not ("crash" where it crashed):
/// measured, the probes' calls declared as LLVM's tree declares them (`compile_fails.tsv`,
/// generated by `scripts/probe/gen_table.py`). The type is written only for a listed name (a
/// module calls intrinsics on most of its lines, and few are listed).
pub(crate) fn compile_failure(name: &str, fn_type: impl FnOnce() -> String, path: Path) -> Option<&'static str> {
    let listed = compile_fails().get(&(path == Path::Modern, name))?;
    let want = squeeze(&fn_type());
    listed.iter().find(|(t, _)| *t == want).map(|&(_, msg)| msg)
}

/// Whether [`compile_failure`] lists `name` on `path` (for some declaration).
pub(crate) fn compile_failure_listed(name: &str, path: Path) -> bool {
    compile_fails().contains_key(&(path == Path::Modern, name))
}

/// A type's text without blanks.
fn squeeze(t: &str) -> String {
    t.chars().filter(|c| !c.is_whitespace()).collect()
}

type Fails = rustc_hash::FxHashMap<(bool, &'static str), Vec<(String, &'static str)>>;

/// [`compile_failure`]'s table: by path (modern or not) and name, each declaration's type (as
/// [`squeeze`] writes it) and message.
fn compile_fails() -> &'static Fails {
    static FAILS: std::sync::OnceLock<Fails> = std::sync::OnceLock::new();
    FAILS.get_or_init(|| {
        let mut fails = Fails::default();
        for line in include_str!("compile_fails.tsv").lines().filter(|l| !l.starts_with('#')) {
            let mut f = tab_fields(line);
            if let (Some(p), Some(n), Some(t), Some(msg)) = (f.next(), f.next(), f.next(), f.next()) {
                fails.entry((p == "modern", n)).or_default().push((squeeze(t), msg));
            }
        }
        fails
    })
}

/// Whether libNVVM's LLVM 7 compiler keeps a call of `name` whose value goes unused (measured per
/// intrinsic: a wrongly declared one stops it with `Broken function found`); a name the table
/// does not have is taken to be removed, as the pure intrinsics are.
pub(crate) fn kept_unused_llvm7(name: &str) -> bool {
    signature(name, Path::Llvm7).is_some_and(|sig| sig.checked.kept)
}

pub(crate) fn signature(name: &str, path: Path) -> Option<&'static Signature> {
    lookup(name, path).map(|(_, sig)| sig)
}

/// The intrinsic a name calls on a path (as [`signature`]), with the name it is listed under.
pub(crate) fn lookup(name: &str, path: Path) -> Option<(&'static str, &'static Signature)> {
    if !name.starts_with("llvm.") {
        return None;
    }
    let i = usize::from(path == Path::Modern);
    // A listed name is its own intrinsic: every narrowed range holds it, and it sorts first in
    // the last one (the others extend it). One hash probe instead of the search.
    if let Some((&found, row)) = table(i).get_key_value(name) {
        return Some((found, row.sig()));
    }
    // Other names (overloads such as `llvm.fma.f32`) are searched once per thread: a module
    // calls few distinct intrinsics many times, and each call asks several times.
    type Memo = rustc_hash::FxHashMap<Box<str>, Option<(&'static str, &'static Signature)>>;
    thread_local! {
        static MEMO: std::cell::RefCell<[Memo; 2]> = Default::default();
    }
    /// Bounds on the memo (a hostile module may call a million long names).
    const MEMO_NAMES: usize = 4096;
    const MEMO_NAME_LEN: usize = 256;
    if let Some(hit) = MEMO.with_borrow(|memo| memo[i].get(name).copied()) {
        return hit;
    }
    let found = search(name, i);
    if name.len() <= MEMO_NAME_LEN {
        MEMO.with_borrow_mut(|memo| {
            if memo[i].len() < MEMO_NAMES {
                memo[i].insert(name.into(), found);
            }
        });
    }
    found
}

/// [`lookup`]'s search of the sorted names of table `i`.
fn search(name: &str, i: usize) -> Option<(&'static str, &'static Signature)> {
    let table = table(i);
    static NAMES: [std::sync::OnceLock<Vec<&'static str>>; 2] = [const { std::sync::OnceLock::new() }; 2];
    let names = NAMES[i].get_or_init(|| {
        // The table's keys, sorted: from the order they were listed in, which is mostly sorted
        // already (a stable sort merges the runs), rather than the map's.
        let mut v: Vec<&'static str> = path_table(i).order.clone();
        v.sort();
        v.dedup();
        debug_assert_eq!(v.len(), table.len());
        v
    });
    let bytes = name.as_bytes();
    let (mut lo, mut hi, mut last_lo, mut end) = (0, names.len(), 0, 4);
    while end < bytes.len() && hi > lo {
        let start = end;
        end = name[start + 1..].find('.').map_or(bytes.len(), |k| start + 1 + k);
        let target = &bytes[..end];
        let key = |n: &&'static str| -> &'static [u8] { &n.as_bytes()[..end.min(n.len())] };
        last_lo = lo;
        let range = &names[lo..hi];
        let (a, b) = (range.partition_point(|n| key(n) < target), range.partition_point(|n| key(n) <= target));
        (lo, hi) = (lo + a, lo + b);
    }
    if hi > lo {
        last_lo = lo;
    }
    let found = *names.get(last_lo)?;
    let sig = table.get(found)?.sig();
    let prefix = name.len() > found.len() && name.starts_with(found) && bytes[found.len()] == b'.';
    (name == found || (prefix && sig.overloaded())).then_some((found, sig))
}

/// `llvm.memcpy`, `llvm.memmove` or `llvm.memset` (any overload; not `.inline` or the
/// element-wise atomic forms, which are intrinsics of their own).
pub(crate) fn is_memory_transfer_or_set(name: &str) -> bool {
    ["llvm.memcpy", "llvm.memmove", "llvm.memset"].iter().any(|&f| name == f || is_overload_of(name, f))
}

/// Whether `name` is `base` with overload suffixes (`llvm.memcpy.p0.p0.i64`). `.inline` and
/// `.element…` are no suffixes: `llvm.memcpy.inline` and `llvm.memcpy.element.unordered.atomic`
/// are intrinsics of their own, not overloads of `llvm.memcpy`.
fn is_overload_of(name: &str, base: &str) -> bool {
    name.strip_prefix(base)
        .is_some_and(|rest| rest.starts_with('.') && !rest.starts_with(".inline") && !rest.starts_with(".element"))
}

/// How a path prints a type in its messages (the modern path prints pointers opaque).
fn type_str(types: &Types, t: TypeId, path: Path) -> String {
    let mut s = String::new();
    types.write_in(t, &mut s, path == Path::Modern);
    s
}

/// The first way a declared function type differs from the intrinsic's signature, in the modern
/// path's words (`intrinsic argument 1 type expected float, but got i32`).
pub(crate) fn signature_mismatch(
    types: &Types,
    name: &str,
    fn_ty: TypeId,
    sig: &Signature,
    path: Path,
) -> Option<String> {
    let TypeData::Function { ret, params, vararg } = types.get(fn_ty) else { return None };
    // Both readers take a memory intrinsic with one argument more for LLVM 6's form, with the
    // alignment fourth, and upgrade it: the new declaration takes its overloaded types from the
    // first three and the call passes the fifth as the volatile flag, which must then be an i1
    // (measured, `memold/`).
    if is_memory_transfer_or_set(name) && params.len() == sig.args.len() + 1 && params.len() == 5 {
        if !matches!(types.get(params[4]), TypeData::Int(1)) {
            return Some("Call parameter type does not match function signature!".to_string());
        }
        let upgraded = [params[0], params[1], params[2], params[4]];
        return match_signature(types, *ret, &upgraded, *vararg, sig, path, false).err();
    }
    // The element-wise and inline forms with more arguments fail the same way (measured on the
    // intrinsic probes).
    let memory = ["llvm.memcpy.", "llvm.memmove.", "llvm.memset."].iter().any(|f| name.starts_with(f));
    if memory && !is_memory_transfer_or_set(name) && params.len() > sig.args.len() {
        return Some("Call parameter type does not match function signature!".to_string());
    }
    if path == Path::Modern {
        if let Some(found) = masked_upgrade(types, name, *ret, params, sig) {
            return found.err();
        }
    }
    // LLVM 22's reader upgrades the plain name's form before LLVM 16 (no annotation-attribute
    // argument) into a call of the new one, the missing argument a null `ptr` (measured,
    // `annotforms/`: the mangled name's is refused).
    if path == Path::Modern && name == "llvm.var.annotation" && params.len() == 4 && !*vararg {
        let ptr0 = |t: TypeId| matches!(types.get(t), TypeData::Pointer { addr_space: 0, .. });
        if params[2] != params[1] || !matches!(types.get(params[3]), TypeData::Int(32)) || !ptr0(params[1]) {
            return Some(PARAM_MISMATCH.to_string());
        }
        let mut m = Matcher { types, path, overloads: Vec::new(), deferred: Vec::new() };
        return match_return(&mut m, *ret, sig)
            .and_then(|()| m.slot("intrinsic argument 0 type", &sig.args[0], params[0]))
            .and_then(|()| m.slot("intrinsic argument 1 type", &sig.args[1], params[1]))
            .err();
    }
    if sig.checked.typed_upgraded && types.dialect() == Some(nvir_llvm::ir::Dialect::TypedPointers) {
        // The old form (the LLVM 7 path's signature) is upgraded; anything else is checked.
        let old = signature(name, Path::Llvm7);
        if old.is_none_or(|old| match_signature(types, *ret, params, *vararg, old, Path::Llvm7, false).is_ok()) {
            return None;
        }
    }
    match_signature(types, *ret, params, *vararg, sig, path, name.starts_with("llvm.nvvm.hmma.")).err()
}

/// The name LLVM 22's reader gives a declaration of the intrinsic `name` of type `fn_ty`: the
/// intrinsic's name with its overloaded types mangled as LLVM 22 mangles them (a pointer by its
/// address space alone), when the type fits the intrinsic's signature (None otherwise, and for a
/// name the modern table does not know). A declaration whose name differs (a typed-pointer
/// mangling, `llvm.memcpy.p0i8.p0i8.i64`; a type other than its name says, `llvm.memset.p4.i64`
/// declared with an `i32` length; an overload a later LLVM added, `llvm.stacksave`) is replaced
/// by a new one at the end of the module (measured, `retype/`, `declorder/`).
pub(crate) fn remangled(types: &Types, name: &str, fn_ty: TypeId) -> Option<String> {
    let (listed, sig) = lookup(name, Path::Modern)?;
    let TypeData::Function { ret, params, vararg } = types.get(fn_ty) else { return None };
    if params.len() != sig.args.len() || (*vararg && !sig.vararg) {
        return None;
    }
    let mut m = Matcher { types, path: Path::Modern, overloads: Vec::new(), deferred: Vec::new() };
    match_return(&mut m, *ret, sig).ok()?;
    for (d, &t) in sig.args.iter().zip(params.iter()) {
        m.slot("", d, t).ok()?;
    }
    for (what, d, t) in std::mem::take(&mut m.deferred) {
        m.slot(&what, &d, t).ok()?;
    }
    fn mangle(types: &Types, t: TypeId) -> String {
        match types.get(t) {
            TypeData::Pointer { addr_space, .. } => format!("p{addr_space}"),
            TypeData::Vector { len, elem, scalable } => {
                format!("{}v{len}{}", if *scalable { "nx" } else { "" }, mangle(types, *elem))
            }
            _ => nvir_llvm::pass::pointers::mangle(types, t),
        }
    }
    let mut out = listed.to_string();
    for &o in &m.overloads {
        out.push('.');
        out.push_str(&mangle(types, o));
    }
    Some(out)
}

/// Matches a declaration's type against a signature; `any_pointer_first` takes any pointer as
/// the first argument (NVIDIA's `hmma` loads and stores: measured, `ptrarg/`).
fn match_signature(
    types: &Types,
    ret: TypeId,
    params: &[TypeId],
    vararg: bool,
    sig: &Signature,
    path: Path,
    any_pointer_first: bool,
) -> Result<(), String> {
    let mut m = Matcher { types, path, overloads: Vec::new(), deferred: Vec::new() };
    let ret_result = match_return(&mut m, ret, sig);
    if sig.checked.ret {
        ret_result?;
    }
    let fewer = params.len() < sig.args.len();
    if (params.len() != sig.args.len() || (vararg && !sig.vararg))
        && (if fewer { sig.checked.missing } else { sig.checked.extra })
    {
        return Err(format!(
            "intrinsic has incorrect number of args. Expected {}, but got {}",
            sig.args.len(),
            params.len()
        ));
    }
    if sig.checked.args {
        for (i, (d, &t)) in sig.args.iter().zip(params.iter()).enumerate() {
            if i == 0 && any_pointer_first && matches!(types.get(t), TypeData::Pointer { .. }) {
                continue;
            }
            m.slot(&format!("intrinsic argument {i} type"), d, t)?;
        }
    }
    // Slots that refer to an overload bound later (a return type that is the element of an
    // overloaded argument) are checked once every overload is known.
    for (what, d, t) in std::mem::take(&mut m.deferred) {
        if m.overloads.len() > d.overload().unwrap_or(0) {
            m.slot(&what, &d, t)?;
        }
    }
    Ok(())
}

fn match_return(m: &mut Matcher, ret: TypeId, sig: &Signature) -> Result<(), String> {
    let (types, path) = (m.types, m.path);
    match sig.ret.len() {
        0 => {
            if !matches!(types.get(ret), TypeData::Void) {
                return Err(format!("intrinsic return type expected void, but got {}", type_str(types, ret, path)));
            }
        }
        1 => m.slot("intrinsic return type", &sig.ret[0], ret)?,
        n => {
            let fields = match types.get(ret) {
                TypeData::Struct(body) if !body.packed && body.fields.len() == n => body.fields.clone(),
                _ => {
                    return Err(format!(
                        "intrinsic return type expected literal non-packed struct with {n} elements, but got {}",
                        type_str(types, ret, path)
                    ))
                }
            };
            for (k, (d, &t)) in sig.ret.iter().zip(fields.iter()).enumerate() {
                m.slot(&format!("intrinsic return struct element {k} type"), d, t)?;
            }
        }
    }
    Ok(())
}

/// Which argument must be an immediate and is not, with the path's message.
pub(crate) fn immarg_violation(sig: &Signature, is_immediate: impl Fn(usize) -> bool) -> Option<&'static str> {
    sig.immarg.iter().any(|&i| !is_immediate(i)).then_some(sig.immarg_message)
}

struct Matcher<'a> {
    types: &'a Types,
    path: Path,
    overloads: Vec<TypeId>,
    deferred: Vec<(String, Desc, TypeId)>,
}

impl Desc {
    /// The overload slot a derived type refers to.
    fn overload(&self) -> Option<usize> {
        match self {
            Desc::Match(j) | Desc::VectorElement(j) | Desc::ScalarOrSameWidth(j, _) | Desc::PointersToElements(j) => {
                Some(*j)
            }
            _ => None,
        }
    }
}

impl Matcher<'_> {
    /// Matches one slot, binding overloaded types in order; the message on a mismatch.
    fn slot(&mut self, what: &str, d: &Desc, t: TypeId) -> Result<(), String> {
        if d.overload().is_some_and(|j| j >= self.overloads.len()) {
            self.deferred.push((what.to_string(), d.clone(), t));
            return Ok(());
        }
        let (types, path) = (self.types, self.path);
        let got = || type_str(types, t, path);
        let elem = |t: TypeId| match types.get(t) {
            TypeData::Vector { elem, .. } => *elem,
            _ => t,
        };
        let any = |ok: bool, what_kind: &str, this: &mut Self| {
            let j = this.overloads.len();
            this.overloads.push(t);
            if ok {
                Ok(())
            } else {
                Err(format!("{what} (overload type {j}) expected {what_kind}, but got {}", got()))
            }
        };
        match d {
            Desc::Fixed(s) => {
                if got() == *s {
                    return Ok(());
                }
                // A vector type is compared by length first, then by element.
                if let Some((n, e)) =
                    s.strip_prefix('<').and_then(|v| v.strip_suffix('>')).and_then(|v| v.split_once(" x "))
                {
                    return match types.get(t) {
                        TypeData::Vector { len, elem, .. } if len.to_string() == n => {
                            let what = what.strip_suffix(" type").unwrap_or(what);
                            Err(format!(
                                "{what} vector element type expected {e}, but got {}",
                                type_str(types, *elem, path)
                            ))
                        }
                        _ => Err(format!("{what} expected vector with {n} elements, but got {}", got())),
                    };
                }
                Err(format!("{what} expected {s}, but got {}", got()))
            }
            Desc::AnyInt => any(matches!(types.get(elem(t)), TypeData::Int(_)), "any integer or integer vector", self),
            Desc::AnyFloat => any(matches!(types.get(elem(t)), TypeData::Float(_)), "any fp or fp vector", self),
            Desc::AnyPtr => {
                any(matches!(types.get(elem(t)), TypeData::Pointer { .. }), "any pointer or pointer vector", self)
            }
            Desc::AnyVector => any(matches!(types.get(t), TypeData::Vector { .. }), "any vector type", self),
            Desc::Any => any(true, "", self),
            // The modern path holds typed pointers as `ptr`: pointers whose pointees differ match
            // there (measured, `pointeemix/*_intrinsic_arg`).
            Desc::Match(j) => match self.overloads.get(*j) {
                Some(&o) if o != t && (path != Path::Modern || type_str(types, o, path) != got()) => Err(format!(
                    "{what} (matching overload type {j}) expected {}, but got {}",
                    type_str(types, o, path),
                    got()
                )),
                _ => Ok(()),
            },
            Desc::VectorElement(j) => match self.overloads.get(*j) {
                Some(&o) if elem(o) != t => Err(format!(
                    "{what} (vector element of overload type {j}) expected {} (overload type {j} is {}), but got {}",
                    type_str(types, elem(o), path),
                    type_str(types, o, path),
                    got()
                )),
                _ => Ok(()),
            },
            Desc::ScalarOrSameWidth(j, elt) => {
                let Some(&o) = self.overloads.get(*j) else { return Ok(()) };
                let want_len = match types.get(o) {
                    TypeData::Vector { len, scalable, .. } => Some((*len, *scalable)),
                    _ => None,
                };
                let (got_len, got_elem) = match types.get(t) {
                    TypeData::Vector { len, elem, scalable } => (Some((*len, *scalable)), *elem),
                    _ => (None, t),
                };
                if path == Path::Modern && want_len != got_len {
                    // LLVM 22's words (measured: `masked/`).
                    let want = match (want_len, got_len) {
                        (None, _) => "scalar".to_string(),
                        (Some(_), None) => "vector".to_string(),
                        (Some((n, s)), Some(_)) => {
                            format!("vector with {}{n} elements", if s { "vscale x " } else { "" })
                        }
                    };
                    return Err(format!(
                        "{what} (same vector width of overload type {j}) expected {want} (overload type {j} is {}), but got {}",
                        type_str(types, o, path),
                        got()
                    ));
                }
                if want_len.map(|w| w.0) != got_len.map(|g| g.0) {
                    let want = want_len.map_or(elt.to_string(), |(n, _)| format!("<{n} x {elt}>"));
                    return Err(format!("{what} expected {want}, but got {}", got()));
                }
                let e = type_str(types, got_elem, path);
                if e == *elt {
                    Ok(())
                } else if got_len.is_some() {
                    let what = what.strip_suffix(" type").unwrap_or(what);
                    Err(format!("{what} vector element type expected {elt}, but got {e}"))
                } else {
                    Err(format!("{what} expected {elt}, but got {e}"))
                }
            }
            Desc::PointersToElements(j) => {
                let Some(&o) = self.overloads.get(*j) else { return Ok(()) };
                self.overloads.push(t);
                let TypeData::Vector { len, scalable, .. } = *types.get(o) else { return Ok(()) };
                let want = match types.get(t) {
                    TypeData::Vector { len: l, scalable: s, elem }
                        if (*l, *s) == (len, scalable) && matches!(types.get(*elem), TypeData::Pointer { .. }) =>
                    {
                        return Ok(())
                    }
                    TypeData::Vector { .. } => {
                        format!("vector of pointers with {}{len} elements", if scalable { "vscale x " } else { "" })
                    }
                    _ => "vector".to_string(),
                };
                Err(format!(
                    "{what} (vector of pointers to elements of overload type {j}) expected {want} (overload type {j} is {}), but got {}",
                    type_str(types, o, path),
                    got()
                ))
            }
            Desc::Other => Ok(()),
        }
    }
}

/// What a call's operands are, as far as the upgrade rules below look.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Operand {
    pub pointer: bool,
    pub int: bool,
    /// Floating-point, or a vector of it.
    pub float: bool,
    /// An integer constant.
    pub const_int: bool,
    /// The width in bits of a scalar or vector of scalars (0 for anything else).
    pub bits: u32,
    /// An integer or a vector of integers.
    pub int_like: bool,
    /// The type itself (None: the callee standing in for a missing operand).
    pub ty: Option<TypeId>,
}

/// Whether a name suffix is a list of mangled types (`f32.p0i8`, `p1`, `v2i32`).
fn mangled_types(suffix: &str) -> bool {
    fn one(t: &str) -> bool {
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if let Some(rest) = t.strip_prefix('p') {
            let n = rest.bytes().take_while(u8::is_ascii_digit).count();
            return n > 0 && (rest.len() == n || one(&rest[n..]));
        }
        if let Some(rest) = t.strip_prefix('v') {
            let n = rest.bytes().take_while(u8::is_ascii_digit).count();
            return n > 0 && one(&rest[n..]);
        }
        matches!(t, "f16" | "bf16" | "f32" | "f64" | "f128") || t.strip_prefix('i').is_some_and(digits)
    }
    suffix.split('.').all(one)
}

/// libNVVM's modern path upgrades NVVM's retired intrinsics when it reads a module (LLVM's
/// `AutoUpgrade`), and its LLVM verifier then checks what they became: the scoped atomics
/// (`llvm.nvvm.atomic.add.gen.f.cta.*`, `atomic.load.inc.32.*`) become `atomicrmw`/`cmpxchg`
/// on the first operand with the second (or, when it is missing, the callee, a pointer) as value,
/// `llvm.nvvm.ldg.global.*` a load from an address-space cast of the first operand aligned as the
/// second says (read as a constant whatever it is: not one is a huge alignment), and the generic
/// address-space conversions an `addrspacecast`. The first message the upgraded call fails with
/// (measured by the intrinsic probes), or None.
///
/// `text` writes an operand's type (`Some(i)`: the call's `i`th operand, the callee's `ptr` past
/// the last; `None`: the result's) for the messages that name one.
pub(crate) fn modern_upgrade_error(
    name: &str,
    args: &[Operand],
    ret: Operand,
    text: &dyn Fn(Option<usize>) -> String,
) -> Option<String> {
    let rest = name.strip_prefix("llvm.nvvm.")?;
    // The callee stands in for an operand the call lacks: a pointer.
    let callee = Operand { pointer: true, ..Operand::default() };
    let arg = |i: usize| args.get(i).copied().unwrap_or(callee);
    if ["ldg.global.i", "ldg.global.f", "ldg.global.p"]
        .iter()
        .any(|k| rest.strip_prefix(k).is_some_and(|r| r.is_empty() || r.starts_with('.')))
    {
        if !arg(0).pointer {
            return Some("AddrSpaceCast source must be a pointer".into());
        }
        if !arg(1).const_int {
            return Some("huge alignment values are unsupported".into());
        }
        return None;
    }
    if let Some(suffixed) = address_conversion(rest) {
        // A constant operand is cast by folding: no instruction is made to refuse (measured,
        // `declorder/gen_to_global_call_*`: `i32 0` accepted).
        if suffixed && !arg(0).const_int {
            if !arg(0).pointer {
                return Some("AddrSpaceCast source must be a pointer".into());
            }
            if !ret.pointer {
                return Some("AddrSpaceCast result must be a pointer".into());
            }
        }
        return None;
    }
    if let Some(rebuild) = rebuilt_nvvm(rest) {
        return rebuilt_error(rebuild, &arg, ret, text);
    }
    let op = upgraded_atomic(rest)?;
    // LLVM's verifier looks at an `atomicrmw`'s value before its pointer (measured, `mistyped/`:
    // a call of one `i32` operand, the callee standing in as the value).
    let value = match op {
        "fadd" if !arg(1).float => {
            Some("atomicrmw fadd operand must have floating-point or fixed vector of floating-point type!".into())
        }
        "cmpxchg" | "xchg" | "fadd" => None,
        _ if !arg(1).int => Some(format!("atomicrmw {op} operand must have integer type!")),
        _ => None,
    };
    if value.is_some() {
        return value;
    }
    if !arg(0).pointer {
        let inst = if op == "cmpxchg" { "cmpxchg" } else { "atomicrmw" };
        return Some(format!("{inst} pointer operand not a pointer?"));
    }
    // The new value is the callee when the call has two operands: no atomic type.
    (op == "cmpxchg" && !(arg(1).int && arg(2).int))
        .then(|| "Atomic operations on non-i32/i64/i128 types are not supported".into())
}

/// Whether the name after `llvm.nvvm.` is a retired generic address-space conversion
/// (`ptr.gen.to.global`, `ptr.shared.to.gen.p0i8.p3i8`), and whether it has a suffix of mangled
/// types (the upgrade casts only those; the bare name is accepted whatever its call).
fn address_conversion(rest: &str) -> Option<bool> {
    let conv = rest.strip_prefix("ptr.")?;
    let spaces = ["global", "shared", "constant", "local", "param"];
    let (base, suffix) = match conv.match_indices('.').nth(2) {
        Some((i, _)) => (&conv[..i], &conv[i + 1..]),
        None => (conv, ""),
    };
    let known = base.strip_prefix("gen.to.").is_some_and(|s| spaces.contains(&s))
        || base.strip_suffix(".to.gen").is_some_and(|s| spaces.contains(&s));
    (known && (suffix.is_empty() || mangled_types(suffix))).then_some(!suffix.is_empty())
}

/// What LLVM 22's reader makes of a call of a retired NVVM name it rebuilds from the call's
/// operands, as far as the verifier then refuses it (measured, `retype/*_twin` and `mistyped/`:
/// each called with operands of another type).
#[derive(Clone, Copy)]
enum Rebuild {
    /// Nothing it makes is refused (`cluster.barrier`, `shfl.sync.i32`).
    Any,
    /// A bit cast of the operand to a type of this many bits (0: the result's).
    Bitcast(u32),
    /// A call whose first `n` parameters are integers of `bits` (the aligned CTA barrier,
    /// `llvm.bitreverse`/`ctlz`/`ctpop` of the name's width).
    IntParams { n: usize, bits: u32 },
    /// `llvm.bitreverse`, `llvm.ctlz`, `llvm.ctpop` overloaded on the result, called with the
    /// operand as it is.
    OnResult,
    /// `llvm.smax` and its kin overloaded on the result, called with both operands; with
    /// `llvm7`, LLVM 7's reader rebuilds the name too (a compare of the operands and a select).
    SameInts { llvm7: bool },
    /// `llvm.convert.from.fp16` of the operand, to `float` (LLVM 22: a bit cast to `half`
    /// first).
    HalfToFloat,
    /// `llvm.abs` of the operand (overloaded on it).
    Abs,
    /// `llvm.ctlz`/`llvm.ctpop` of the operand (overloaded on it) truncated to `i32`.
    Truncated,
    /// The operand compared with `i32 0`.
    CompareI32,
    /// A funnel shift of the first operand by the second, of this many bits (the 64-bit rotates
    /// zero-extend the amount; the swap shifts by 32).
    Funnel { bits: u32, shift: FunnelShift },
    /// `llvm.fabs`/`llvm.exp2` overloaded on the result.
    FpResult,
    /// `llvm.exp2` overloaded on the operand.
    FpOperand,
}

#[derive(Clone, Copy, PartialEq)]
enum FunnelShift {
    /// The second operand, as it is.
    Operand,
    /// The second operand zero-extended.
    Zext,
    /// A constant.
    Constant,
}

/// The retired NVVM names (after `llvm.nvvm.`) LLVM 22's reader rebuilds from each call's operands
/// besides the atomics, `ldg` and the address conversions, which [`modern_upgrade_error`] reads
/// from the name (measured, `retype/`: a call through another type answers as its twin declared
/// with the call's type; `mistyped/`).
static REBUILT_NVVM: &[(&str, Rebuild)] = {
    use Rebuild::*;
    const I32: Rebuild = IntParams { n: 1, bits: 32 };
    &[
        ("abs.bf16", Bitcast(16)),
        ("abs.bf16x2", Bitcast(32)),
        ("abs.i", Abs),
        ("abs.ll", Abs),
        ("bar.sync", I32),
        ("barrier.n", I32),
        ("barrier.sync", I32),
        ("barrier.sync.cnt", IntParams { n: 2, bits: 32 }),
        ("barrier0.and", CompareI32),
        ("barrier0.or", CompareI32),
        ("barrier0.popc", CompareI32),
        ("bitcast.d2ll", Bitcast(0)),
        ("bitcast.f2i", Bitcast(0)),
        ("bitcast.i2f", Bitcast(0)),
        ("bitcast.ll2d", Bitcast(0)),
        ("brev32", OnResult),
        ("brev64", OnResult),
        ("clz.i", OnResult),
        ("clz.ll", Truncated),
        ("cluster.barrier", Any),
        ("ex2.approx.d", FpResult),
        ("ex2.approx.f", FpResult),
        ("ex2.approx.f16x2", FpOperand),
        ("ex2.approx.ftz.f", FpResult),
        ("fabs.d", FpResult),
        ("fabs.f", FpResult),
        ("fabs.ftz.f", FpResult),
        ("h2f", HalfToFloat),
        ("max.i", SameInts { llvm7: true }),
        ("max.ll", SameInts { llvm7: true }),
        ("max.s", SameInts { llvm7: false }),
        ("max.ui", SameInts { llvm7: true }),
        ("max.ull", SameInts { llvm7: true }),
        ("max.us", SameInts { llvm7: false }),
        ("min.i", SameInts { llvm7: true }),
        ("min.ll", SameInts { llvm7: true }),
        ("min.s", SameInts { llvm7: false }),
        ("min.ui", SameInts { llvm7: true }),
        ("min.ull", SameInts { llvm7: true }),
        ("min.us", SameInts { llvm7: false }),
        ("popc.i", OnResult),
        ("popc.ll", Truncated),
        ("rotate.b32", Funnel { bits: 32, shift: FunnelShift::Operand }),
        ("rotate.b64", Funnel { bits: 64, shift: FunnelShift::Zext }),
        ("rotate.right.b64", Funnel { bits: 64, shift: FunnelShift::Zext }),
        ("shfl.sync.i32", Any),
        ("swap.lo.hi.b64", Funnel { bits: 64, shift: FunnelShift::Constant }),
    ]
};

fn rebuilt_nvvm(rest: &str) -> Option<Rebuild> {
    REBUILT_NVVM.iter().find(|(n, _)| *n == rest).map(|&(_, r)| r)
}

/// The first message the call of a [`REBUILT_NVVM`] name fails with once rebuilt, or None;
/// `text` as [`modern_upgrade_error`]'s.
fn rebuilt_error(
    rebuild: Rebuild,
    arg: &dyn Fn(usize) -> Operand,
    ret: Operand,
    text: &dyn Fn(Option<usize>) -> String,
) -> Option<String> {
    let int_of = |i: usize, bits: u32| arg(i).int && arg(i).bits == bits;
    let mismatch = |slot: usize, operand: usize, want: &str| {
        let got = text(Some(operand));
        (want != got).then(|| {
            format!("intrinsic argument {slot} type (matching overload type 0) expected {want}, but got {got}")
        })
    };
    let not_int = |what: Option<usize>| {
        format!(
            "intrinsic return type (overload type 0) expected any integer or integer vector, but got {}",
            text(what)
        )
    };
    let not_fp = |what: Option<usize>| {
        format!("intrinsic return type (overload type 0) expected any fp or fp vector, but got {}", text(what))
    };
    match rebuild {
        Rebuild::Any => None,
        Rebuild::Bitcast(_) | Rebuild::HalfToFloat => {
            let bits = match rebuild {
                Rebuild::Bitcast(bits) => bits,
                _ => 16,
            };
            let to = if bits == 0 { ret.bits } else { bits };
            (arg(0).bits == 0 || arg(0).bits != to).then(|| "Invalid bitcast".into())
        }
        Rebuild::IntParams { n, bits } => (0..n).any(|i| !int_of(i, bits)).then(|| PARAM_MISMATCH.into()),
        Rebuild::OnResult => match (arg(0).ty, ret.ty) {
            (a, r) if a != r => Some(PARAM_MISMATCH.into()),
            _ => (!ret.int_like).then(|| not_int(None)),
        },
        Rebuild::SameInts { .. } => match arg(0).ty != ret.ty || arg(1).ty != ret.ty {
            true => Some("Intrinsic called with incompatible signature".into()),
            false => (!ret.int_like).then(|| not_int(None)),
        },
        Rebuild::Abs => (!arg(0).int_like).then(|| not_int(Some(0))),
        Rebuild::Truncated => truncated_error(arg(0)).map(|m| m.map_or_else(|| not_int(Some(0)), String::from)),
        Rebuild::CompareI32 => {
            (!int_of(0, 32)).then(|| "Both operands to ICmp instruction are not of the same type!".into())
        }
        Rebuild::Funnel { bits, shift } => {
            let want = format!("i{bits}");
            if shift == FunnelShift::Zext && !arg(1).int {
                return Some("ZExt only operates on integer".into());
            }
            mismatch(0, 0, &want).or_else(|| if shift == FunnelShift::Operand { mismatch(2, 1, &want) } else { None })
        }
        Rebuild::FpResult => (!ret.float).then(|| not_fp(None)),
        Rebuild::FpOperand => (!arg(0).float).then(|| not_fp(Some(0))),
    }
}

/// The first message LLVM 7's verifier gives a call of a retired NVVM name (after `llvm.nvvm.`)
/// once LLVM 7's reader has rebuilt it from the call, or None; `Some("")` where libNVVM's log is
/// empty. On that path the call's type is its declaration's (the reader refuses any other). Its
/// set is smaller than LLVM 22's: `brev32`/`brev64`, `clz.i`, `popc.i` become `llvm.bitreverse`,
/// `llvm.ctlz`, `llvm.ctpop` overloaded on the result and called with the operand as it is;
/// `h2f` becomes `llvm.convert.from.fp16` of an `i16`; `clz.ll`, `popc.ll` the intrinsic of the
/// operand's type truncated to `i32`; `abs.i`, `abs.ll` a negation, a compare and a select;
/// `max`/`min` of `i`, `ll`, `ui`, `ull` a compare of the two operands and a select. The 16-bit
/// `max`/`min` are not rebuilt, `max.s` held to one integer type (measured, `nvvmrebuild/`: every name with results of `i32`,
/// `i64`, `float` and operands of `i16`, `i32`, `i64`, `float`, `<2 x i32>`; `retype/`).
/// Only the verifier sees what the rebuild makes: the compiler takes it while the result goes
/// unused (`compile.rs`).
pub(crate) fn llvm7_rebuilt_error(name: &str, args: &[Operand], ret: Operand) -> Option<&'static str> {
    let rest = name.strip_prefix("llvm.nvvm.")?;
    // Not rebuilt: libNVVM takes it with one integer type throughout (measured: `i16`, `i64`),
    // and refuses any other declaration with an empty log.
    if let ("max.s", [a, b]) = (rest, args) {
        return (!(a.int && a.ty == ret.ty && b.ty == ret.ty)).then_some("");
    }
    match (rebuilt_nvvm(rest)?, args) {
        (Rebuild::OnResult, [a]) => match a.ty == ret.ty {
            true => (!ret.int_like).then_some(""),
            false => Some(PARAM_MISMATCH),
        },
        (Rebuild::HalfToFloat, [a]) => (!(a.int && a.bits == 16)).then_some(PARAM_MISMATCH),
        (Rebuild::Truncated, [a]) => truncated_error(*a).map(|m| m.unwrap_or("Intrinsic has incorrect return type!")),
        (Rebuild::Abs, [a]) => (!a.int_like).then_some("Integer arithmetic operators only work with integral types!"),
        (Rebuild::SameInts { llvm7: true }, [a, b]) => {
            if a.ty != b.ty {
                Some("Both operands to ICmp instruction are not of the same type!")
            } else {
                (!a.int_like && !a.pointer).then_some("Invalid operand types for ICmp instruction")
            }
        }
        _ => None,
    }
}

const PARAM_MISMATCH: &str = "Call parameter type does not match function signature!";

/// What truncating `llvm.ctlz`/`llvm.ctpop` of `a` to `i32` is refused for: `Some(None)` where
/// the intrinsic takes no such type (each path words that its own way).
fn truncated_error(a: Operand) -> Option<Option<&'static str>> {
    match (a.int, a.int_like) {
        (true, _) => (a.bits < 32).then_some(Some("DestTy too big for Trunc")),
        (false, true) => Some(Some("trunc source and destination must both be a vector or neither")),
        (false, false) => Some(None),
    }
}

/// The type the value of a rebuilt call of a retired NVVM name has, where it is not the call's
/// own (measured, `nvvmrebuild/*_used`: a `ret` of it fails as the rebuilt value's type says).
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum RebuiltValue {
    /// The first operand's (`abs`; LLVM 7's compare and select of `max`/`min`).
    Operand,
    /// `float` (`h2f`).
    Float,
    /// `i32` (the truncated `clz.ll`, `popc.ll`).
    I32,
}

/// [`RebuiltValue`] of a call of `name` on `path`; None where the value keeps the call's type
/// (or the name is not rebuilt there).
pub(crate) fn rebuilt_value(path: Path, name: &str) -> Option<RebuiltValue> {
    match rebuilt_nvvm(name.strip_prefix("llvm.nvvm.")?)? {
        Rebuild::HalfToFloat => Some(RebuiltValue::Float),
        Rebuild::Truncated => Some(RebuiltValue::I32),
        Rebuild::Abs => Some(RebuiltValue::Operand),
        Rebuild::SameInts { llvm7: true } if path == Path::Llvm7 => Some(RebuiltValue::Operand),
        _ => None,
    }
}

/// The `atomicrmw` operation (or `cmpxchg`) a retired scoped or 32-bit wrapping NVVM atomic
/// (`atomic.add.gen.f.cta.f32.p1`, `atomic.load.inc.32.p0`: the name after `llvm.nvvm.`)
/// becomes.
fn upgraded_atomic(rest: &str) -> Option<&str> {
    let atomic = rest.strip_prefix("atomic.")?;
    // (operation, the name's suffix after it)
    let (op, suffix) = if let Some(s) = atomic.strip_prefix("load.inc.32") {
        ("uinc_wrap", s)
    } else if let Some(s) = atomic.strip_prefix("load.add.f32").or_else(|| atomic.strip_prefix("load.add.f64")) {
        ("fadd", s)
    } else if let Some(s) = atomic.strip_prefix("load.dec.32") {
        ("udec_wrap", s)
    } else {
        let (op, tail) = atomic.split_once(".gen.")?;
        let (kind, tail) = tail.split_once('.')?;
        let (scope, s) = tail.split_once('.').unwrap_or((tail, ""));
        if !matches!(scope, "cta" | "sys") {
            return None;
        }
        let op = match (op, kind) {
            ("add", "i") => "add",
            ("add", "f") => "fadd",
            ("and" | "or" | "xor" | "max" | "min", "i") => op,
            ("exch", "i") => "xchg",
            ("inc", "i") => "uinc_wrap",
            ("dec", "i") => "udec_wrap",
            ("cas", "i") => "cmpxchg",
            _ => return None,
        };
        (op, if s.is_empty() { s } else { &tail[scope.len()..] })
    };
    let suffix = suffix.strip_prefix('.').unwrap_or(suffix);
    if !suffix.is_empty() && !mangled_types(suffix) {
        return None;
    }
    Some(op)
}

/// Whether libNVVM's modern path (LLVM 22's reader) rebuilds each call of `name` from the call's
/// own operands and result, whatever type the declaration has: a call through another function
/// type than the declaration's is then no misuse of the intrinsic, and reads as a call of the
/// call's type (measured, `retype/`: such a call answers as its twin declared with the call's
/// type, and a declaration of another type than its calls' is accepted; `mistyped/`). The
/// retired NVVM names the reader rewrites into instructions or other intrinsics, and LLVM's
/// `lifetime` markers and masked memory operations under a typed-pointer name (rebuilt without
/// the size, and with the alignment as an attribute). Other names stay
/// declared as they are ("Invalid user of intrinsic instruction!").
pub(crate) fn rebuilt_by_upgrade(name: &str) -> bool {
    if let Some(rest) = name.strip_prefix("llvm.nvvm.") {
        if rebuilt_nvvm(rest).is_some() {
            return true;
        }
        // The scoped atomics, and the 32-bit wrapping ones with their type suffix.
        if upgraded_atomic(rest).is_some() && !matches!(rest, "atomic.load.inc.32" | "atomic.load.dec.32") {
            return true;
        }
        let suffixed =
            |base: &str| rest.strip_prefix(base).and_then(|r| r.strip_prefix('.')).is_some_and(mangled_types);
        if ["ldg.global.i", "ldg.global.f", "ldg.global.p"].iter().any(|b| suffixed(b)) {
            return true;
        }
        return address_conversion(rest).is_some();
    }
    // A typed-pointer suffix: `p0i8`, `p1v4f32` (an address space, then a pointee).
    let typed = |t: &str| {
        t.strip_prefix('p').is_some_and(|r| {
            let n = r.bytes().take_while(u8::is_ascii_digit).count();
            n > 0 && n < r.len()
        })
    };
    ["llvm.lifetime.start.", "llvm.lifetime.end."].iter().any(|p| name.strip_prefix(p).is_some_and(typed))
        || ["llvm.masked.load.", "llvm.masked.store.", "llvm.masked.gather.", "llvm.masked.scatter."]
            .iter()
            .any(|p| name.strip_prefix(p).is_some_and(|t| t.split('.').any(typed)))
}

/// One argument of a call, as LLVM's per-intrinsic verifier rules look at it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CallArg<'a> {
    pub ty: TypeId,
    /// An integer constant: its bits (zero-extended) and width.
    pub int: Option<(u64, u32)>,
    /// A metadata string (`metadata !"round.tonearest"`).
    pub md_string: Option<&'a [u8]>,
    pub catchpad: bool,
    /// An `alloca` (through casts).
    pub alloca: bool,
    /// A global value, and whether it is thread-local.
    pub global: Option<bool>,
}

/// A call of an intrinsic and where it stands.
pub(crate) struct CallInfo<'a> {
    pub types: &'a Types,
    pub ret: TypeId,
    pub args: Vec<CallArg<'a>>,
    pub caller_vararg: bool,
    pub caller_gc: bool,
    pub deopt_bundles: usize,
}

impl CallInfo<'_> {
    fn vector(&self, t: TypeId) -> Option<(u64, TypeId)> {
        match self.types.get(t) {
            TypeData::Vector { len, elem, .. } => Some((u64::from(*len), *elem)),
            _ => None,
        }
    }
    fn scalar(&self, t: TypeId) -> TypeId {
        self.vector(t).map_or(t, |(_, e)| e)
    }
    fn is_int(&self, t: TypeId) -> bool {
        matches!(self.types.get(self.scalar(t)), TypeData::Int(_))
    }
    fn is_fp(&self, t: TypeId) -> bool {
        matches!(self.types.get(self.scalar(t)), TypeData::Float(_))
    }
    fn is_ptr(&self, t: TypeId) -> bool {
        matches!(self.types.get(self.scalar(t)), TypeData::Pointer { .. })
    }
    fn bits(&self, t: TypeId) -> Option<u32> {
        use nvir_llvm::ir::FloatKind;
        match self.types.get(self.scalar(t)) {
            TypeData::Int(w) => Some(*w),
            TypeData::Float(FloatKind::Half | FloatKind::BFloat) => Some(16),
            TypeData::Float(FloatKind::Float) => Some(32),
            TypeData::Float(FloatKind::Double) => Some(64),
            TypeData::Float(_) => Some(128),
            _ => None,
        }
    }
    fn arg(&self, i: usize) -> Option<&CallArg<'_>> {
        self.args.get(i)
    }
    fn uint(&self, i: usize) -> Option<u64> {
        self.arg(i).and_then(|a| a.int).map(|(v, _)| v)
    }
}

const FP_PREDICATES: &[&[u8]] = &[
    b"oeq", b"ogt", b"oge", b"olt", b"ole", b"one", b"ord", b"uno", b"ueq", b"ugt", b"uge", b"ult", b"ule", b"une",
    b"true", b"false",
];
const INT_PREDICATES: &[&[u8]] = &[b"eq", b"ne", b"ugt", b"uge", b"ult", b"ule", b"sgt", b"sge", b"slt", b"sle"];

/// LLVM's verifier rules for particular intrinsics (`Verifier::visitIntrinsicCall` and what it
/// calls), checked after the signature and immediate arguments; `base` is the intrinsic the name
/// calls ([`lookup`]). The first message, in the path's words (the LLVM 7 path measured for the
/// garbage-collection, exception and masked-memory rules only).
pub(crate) fn verifier_rule(base: &str, c: &CallInfo, path: Path) -> Option<String> {
    let msg = |s: &str| Some(s.to_string());
    let modern = path == Path::Modern;
    let arg_ty = |i: usize| c.arg(i).map(|a| a.ty);
    match base {
        "llvm.gcroot" | "llvm.gcread" | "llvm.gcwrite" => {
            if base == "llvm.gcroot" && !c.arg(0).is_some_and(|a| a.alloca) {
                return msg("llvm.gcroot parameter #1 must be an alloca.");
            }
            (!c.caller_gc).then(|| "Enclosing function does not use GC.".to_string())
        }
        "llvm.experimental.gc.statepoint" | "llvm.experimental.gc.result" => {
            (!c.caller_gc).then(|| "Enclosing function does not use GC.".to_string())
        }
        "llvm.experimental.gc.relocate" if modern => {
            if c.args.len() != 3 {
                return msg("wrong number of arguments");
            }
            (!c.is_ptr(c.ret)).then(|| "gc.relocate must return a pointer or a vector of pointers".to_string())
        }
        "llvm.experimental.gc.get.pointer.base" | "llvm.experimental.gc.get.pointer.offset" if modern => {
            if c.args.len() != 1 {
                return msg("wrong number of parameters");
            }
            (base.ends_with("base") && arg_ty(0) != Some(c.ret))
                .then(|| "gc.get.pointer.base operand and result must be of the same type".to_string())
        }
        "llvm.eh.exceptioncode" | "llvm.eh.exceptionpointer" => (!c.arg(0).is_some_and(|a| a.catchpad))
            .then(|| "eh.exceptionpointer argument must be a catchpad".to_string()),
        "llvm.masked.load" if !modern => {
            // LLVM 7: the pointer's element type is the loaded vector's.
            let elem = arg_ty(0).and_then(|t| match c.types.get(t) {
                TypeData::Pointer { pointee: Some(p), .. } => Some(*p),
                _ => None,
            });
            (elem.is_some() && elem != Some(c.ret)).then(|| "masked_load: return must match pointer type".to_string())
        }
        "llvm.masked.store" if !modern => {
            let elem = arg_ty(1).and_then(|t| match c.types.get(t) {
                TypeData::Pointer { pointee: Some(p), .. } => Some(*p),
                _ => None,
            });
            (elem.is_some() && elem != arg_ty(0)).then(|| "masked_store: storee must match pointer type".to_string())
        }
        _ if !modern => None,
        "llvm.matrix.multiply"
        | "llvm.matrix.transpose"
        | "llvm.matrix.column.major.load"
        | "llvm.matrix.column.major.store" => matrix_rule(base, c),
        "llvm.vector.reduce.and"
        | "llvm.vector.reduce.or"
        | "llvm.vector.reduce.xor"
        | "llvm.vector.reduce.add"
        | "llvm.vector.reduce.mul"
        | "llvm.vector.reduce.smax"
        | "llvm.vector.reduce.smin"
        | "llvm.vector.reduce.umax"
        | "llvm.vector.reduce.umin" => {
            let t = arg_ty(0)?;
            (!(c.is_int(t) && c.vector(t).is_some())).then(|| "intrinsic has incorrect argument type!".to_string())
        }
        "llvm.vector.reduce.fmax"
        | "llvm.vector.reduce.fmin"
        | "llvm.vector.reduce.fadd"
        | "llvm.vector.reduce.fmul" => {
            let t = arg_ty(usize::from(base.ends_with("fadd") || base.ends_with("fmul")))?;
            (!(c.is_fp(t) && c.vector(t).is_some())).then(|| "intrinsic has incorrect argument type!".to_string())
        }
        "llvm.get.active.lane.mask" => {
            if c.vector(c.ret).is_none() {
                return msg("get_active_lane_mask: must return a vector");
            }
            (c.types.int_width(c.scalar(c.ret)) != Some(1))
                .then(|| "get_active_lane_mask: element type is not i1".to_string())
        }
        "llvm.experimental.get.vector.length" => {
            let (v, w) = c.arg(1)?.int?;
            let negative = w > 0 && w <= 64 && (v >> (w - 1)) & 1 == 1;
            (v == 0 || negative).then(|| "get_vector_length: VF must be positive".to_string())
        }
        "llvm.fptrunc.round" => {
            let modes: &[&[u8]] =
                &[b"round.tonearest", b"round.downward", b"round.upward", b"round.towardzero", b"round.tonearestaway"];
            let md = c.arg(1)?.md_string;
            (!md.is_some_and(|m| modes.contains(&m))).then(|| "unsupported rounding mode argument".to_string())
        }
        "llvm.va_start" => (!c.caller_vararg).then(|| "va_start called in a non-varargs function".to_string()),
        "llvm.threadlocal.address" => match c.arg(0)?.global {
            None => msg("llvm.threadlocal.address first argument must be a GlobalValue"),
            Some(false) => msg("llvm.threadlocal.address operand isThreadLocal() must be true"),
            Some(true) => None,
        },
        "llvm.experimental.deoptimize" | "llvm.experimental.guard" => (c.deopt_bundles != 1).then(|| {
            let which = if base.ends_with("guard") { "experimental_guard" } else { "experimental_deoptimize" };
            format!("{which} must have exactly one \"deopt\" operand bundle")
        }),
        "llvm.ptrmask" => {
            let (t0, t1) = (arg_ty(0)?, arg_ty(1)?);
            if !c.is_ptr(t0) {
                return msg("llvm.ptrmask intrinsic first argument must be pointer or vector of pointers");
            }
            let (v0, v1) = (c.vector(t0), c.vector(t1));
            if v0.is_some() != v1.is_some() {
                return msg("llvm.ptrmask intrinsic arguments must be both scalars or both vectors");
            }
            if v0.zip(v1).is_some_and(|(a, b)| a.0 != b.0) {
                return msg("llvm.ptrmask intrinsic arguments must have the same number of elements");
            }
            // The probes' data layout makes every pointer 64 bits, its index too.
            (c.bits(t1) != Some(64)).then(|| {
                "llvm.ptrmask intrinsic second argument bitwidth must match pointer index type size of first argument"
                    .to_string()
            })
        }
        "llvm.vector.insert" | "llvm.experimental.vector.insert" => {
            let (v, sub) = (c.vector(arg_ty(0)?)?, c.vector(arg_ty(1)?)?);
            if v.1 != sub.1 {
                return msg("vector_insert parameters must have the same element type.");
            }
            let idx = c.uint(2)?;
            if sub.0 == 0 || idx % sub.0 != 0 {
                return msg(
                    "vector_insert index must be a constant multiple of the subvector's known minimum vector length.",
                );
            }
            (idx >= v.0 || idx + sub.0 > v.0)
                .then(|| "subvector operand of vector_insert would overrun the vector being inserted into.".to_string())
        }
        "llvm.vector.extract" | "llvm.experimental.vector.extract" => {
            let (r, v) = (c.vector(c.ret)?, c.vector(arg_ty(0)?)?);
            if r.1 != v.1 {
                return msg("vector_extract result must have the same element type as the input vector.");
            }
            let idx = c.uint(1)?;
            if r.0 == 0 || idx % r.0 != 0 {
                return msg("vector_extract index must be a constant multiple of the result type's known minimum vector length.");
            }
            (idx >= v.0 || idx + r.0 > v.0).then(|| "vector_extract would overrun.".to_string())
        }
        "llvm.callbr.landingpad" => msg("intrinstic requires callbr operand"),
        _ if base.starts_with("llvm.vp.") => vp_rule(base, c),
        _ if base.starts_with("llvm.experimental.constrained.") => constrained_rule(base, c),
        _ => None,
    }
}

fn matrix_rule(base: &str, c: &CallInfo) -> Option<String> {
    let len = |t: TypeId| c.vector(t).map(|v| v.0);
    let elem = |t: TypeId| c.vector(t).map(|v| v.1);
    let (rows, cols, stride, result, op0, op1);
    match base {
        "llvm.matrix.multiply" => {
            let (r, n, k) = (c.uint(2)?, c.uint(3)?, c.uint(4)?);
            if len(c.arg(0)?.ty)? != r * n {
                return Some("First argument of a matrix operation does not match specified shape!".into());
            }
            if len(c.arg(1)?.ty)? != n * k {
                return Some("Second argument of a matrix operation does not match specified shape!".into());
            }
            (rows, cols, stride, result) = (r, k, None, c.ret);
            (op0, op1) = (elem(c.arg(0)?.ty), elem(c.arg(1)?.ty));
        }
        "llvm.matrix.transpose" => {
            (rows, cols, stride, result) = (c.uint(1)?, c.uint(2)?, None, c.ret);
            (op0, op1) = (elem(c.arg(0)?.ty), None);
        }
        "llvm.matrix.column.major.load" => {
            (rows, cols, stride, result) = (c.uint(3)?, c.uint(4)?, c.uint(1), c.ret);
            (op0, op1) = (None, None);
        }
        _ => {
            (rows, cols, stride, result) = (c.uint(4)?, c.uint(5)?, c.uint(2), c.arg(0)?.ty);
            (op0, op1) = (elem(c.arg(0)?.ty), None);
        }
    }
    let relem = elem(result)?;
    if !(c.is_int(relem) || c.is_fp(relem)) {
        return Some("Result type must be an integer or floating-point type!".into());
    }
    if op0.is_some_and(|e| e != relem) {
        return Some("Vector element type mismatch of the result and first operand vector!".into());
    }
    if op1.is_some_and(|e| e != relem) {
        return Some("Vector element type mismatch of the result and second operand vector!".into());
    }
    if len(result)? != rows * cols {
        return Some("Result of a matrix operation does not fit in the returned vector!".into());
    }
    stride.is_some_and(|s| s < rows).then(|| "Stride must be greater or equal than the number of rows!".into())
}

fn vp_rule(base: &str, c: &CallInfo) -> Option<String> {
    let op = base.strip_prefix("llvm.vp.")?;
    let casts =
        ["trunc", "zext", "sext", "fptoui", "fptosi", "uitofp", "sitofp", "fptrunc", "fpext", "ptrtoint", "inttoptr"];
    if casts.contains(&op) {
        let (ret, val) = (c.ret, c.arg(0)?.ty);
        if c.vector(ret)?.0 != c.vector(val)?.0 {
            return Some("VP cast intrinsic first argument and result vector lengths must be equal".into());
        }
        let (ri, vi, rf, vf) = (c.is_int(ret), c.is_int(val), c.is_fp(ret), c.is_fp(val));
        let (rb, vb) = (c.bits(ret).unwrap_or(0), c.bits(val).unwrap_or(0));
        let m = match op {
            "trunc" if !(ri && vi) => "llvm.vp.trunc intrinsic first argument and result element type must be integer",
            "trunc" if rb >= vb => "llvm.vp.trunc intrinsic the bit size of first argument must be larger than the bit size of the return type",
            "zext" | "sext" if !(ri && vi) => "llvm.vp.zext or llvm.vp.sext intrinsic first argument and result element type must be integer",
            "zext" | "sext" if rb <= vb => "llvm.vp.zext or llvm.vp.sext intrinsic the bit size of first argument must be smaller than the bit size of the return type",
            "fptoui" | "fptosi" if !(ri && vf) => "llvm.vp.fptoui, llvm.vp.fptosi, llvm.vp.lrint or llvm.vp.llrintintrinsic first argument element type must be floating-point and result element type must be integer",
            "uitofp" | "sitofp" if !(rf && vi) => "llvm.vp.uitofp or llvm.vp.sitofp intrinsic first argument element type must be integer and result element type must be floating-point",
            "fptrunc" if !(rf && vf) => "llvm.vp.fptrunc intrinsic first argument and result element type must be floating-point",
            "fptrunc" if rb >= vb => "llvm.vp.fptrunc intrinsic the bit size of first argument must be larger than the bit size of the return type",
            "fpext" if !(rf && vf) => "llvm.vp.fpext intrinsic first argument and result element type must be floating-point",
            "fpext" if rb <= vb => "llvm.vp.fpext intrinsic the bit size of first argument must be smaller than the bit size of the return type",
            "ptrtoint" if !(ri && c.is_ptr(val)) => "llvm.vp.ptrtoint intrinsic first argument element type must be pointer and result element type must be integer",
            "inttoptr" if !(c.is_ptr(ret) && vi) => "llvm.vp.inttoptr intrinsic first argument element type must be integer and result element type must be pointer",
            _ => return None,
        };
        return Some(m.into());
    }
    let pred = c.arg(2).and_then(|a| a.md_string);
    match op {
        "fcmp" if !pred.is_some_and(|p| FP_PREDICATES.contains(&p)) => {
            Some("invalid predicate for VP FP comparison intrinsic".into())
        }
        "icmp" if !pred.is_some_and(|p| INT_PREDICATES.contains(&p)) => {
            Some("invalid predicate for VP integer comparison intrinsic".into())
        }
        _ => None,
    }
}

/// The operation-specific rules of a constrained floating-point intrinsic, which the modern path
/// checks before its exception-behaviour and rounding-mode arguments.
fn constrained_rule(base: &str, c: &CallInfo) -> Option<String> {
    let op = base.strip_prefix("llvm.experimental.constrained.")?;
    let (ret, val) = (c.ret, c.arg(0)?.ty);
    let (rv, vv) = (c.vector(ret), c.vector(val));
    let m = match op {
        "lrint" | "llrint" | "lround" | "llround" if rv.is_some() || vv.is_some() => {
            "Intrinsic does not support vectors"
        }
        "fcmp" | "fcmps" => {
            let pred = c.arg(2).and_then(|a| a.md_string);
            if pred.is_some_and(|p| FP_PREDICATES.contains(&p)) {
                return None;
            }
            "invalid predicate for constrained FP comparison intrinsic"
        }
        "fptosi" | "fptoui" | "sitofp" | "uitofp" => {
            let to_int = op.starts_with("fp");
            if to_int && !c.is_fp(val) {
                "Intrinsic first argument must be floating point"
            } else if !to_int && !c.is_int(val) {
                "Intrinsic first argument must be integer"
            } else if vv.is_some() != rv.is_some() {
                "Intrinsic first argument and result disagree on vector use"
            } else if to_int && !c.is_int(ret) {
                "Intrinsic result must be an integer"
            } else if !to_int && !c.is_fp(ret) {
                "Intrinsic result must be a floating point"
            } else if rv.zip(vv).is_some_and(|(a, b)| a.0 != b.0) {
                "Intrinsic first argument and result vector lengths must be equal"
            } else {
                return None;
            }
        }
        "fptrunc" | "fpext" => {
            let (rb, vb) = (c.bits(ret).unwrap_or(0), c.bits(val).unwrap_or(0));
            if !c.is_fp(val) {
                "Intrinsic first argument must be FP or FP vector"
            } else if !c.is_fp(ret) {
                "Intrinsic result must be FP or FP vector"
            } else if vv.is_some() != rv.is_some() {
                "Intrinsic first argument and result disagree on vector use"
            } else if rv.zip(vv).is_some_and(|(a, b)| a.0 != b.0) {
                "Intrinsic first argument and result vector lengths must be equal"
            } else if op == "fptrunc" && vb <= rb {
                "Intrinsic first argument's type must be larger than result type"
            } else if op == "fpext" && vb >= rb {
                "Intrinsic first argument's type must be smaller than result type"
            } else {
                return None;
            }
        }
        _ => return None,
    };
    Some(m.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tab_fields_split_as_str_split_does() {
        for line in ["", "\t", "a", "a\t", "\ta", "a\tb\t\tc", "é\tñ\t", "modern\tllvm.x\ti32\t\t"] {
            assert_eq!(tab_fields(line).collect::<Vec<_>>(), line.split('\t').collect::<Vec<_>>(), "{line:?}");
        }
        for line in TABLE_TSV.lines().chain(include_str!("compile_fails.tsv").lines()) {
            assert_eq!(tab_fields(line).collect::<Vec<_>>(), line.split('\t').collect::<Vec<_>>());
        }
    }

    /// `Callee::new` answers all no for a name outside `llvm.*` without asking the tables, which
    /// holds while every name and prefix they list is under it.
    #[test]
    fn tables_list_llvm_names_only() {
        let llvm = |n: &str| n.starts_with("llvm.");
        for i in 0..2 {
            let p = path_table(i);
            assert!(!p.table.is_empty() && p.table.keys().all(|n| llvm(n)));
            assert!(p.refused.prefixes.iter().all(|n| llvm(n)));
            assert!(p.refused.names.iter().all(|n| llvm(n)));
            // `search` sorts the names in the order they were listed: the table's keys.
            let mut keys: Vec<&str> = p.table.keys().copied().collect();
            keys.sort_unstable();
            let mut listed = p.order.clone();
            listed.sort();
            listed.dedup();
            assert_eq!(keys, listed);
        }
        assert!(FAMILIES.iter().all(|f| llvm(f.name)));
        assert!(!compile_fails().is_empty() && compile_fails().keys().all(|(_, n)| llvm(n)));
        assert!(crate::warnings::COMPILE_GATES.iter().all(|(p, _)| llvm(p)));
        assert!(!TARGETS_IMMARG_TSV.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).any(|l| !llvm(l)));
    }

    #[test]
    fn families_match_whole_name_segments() {
        assert!(family("llvm.exp.f32", Path::Llvm7).is_some_and(|f| f.name == "llvm.exp"));
        assert!(family("llvm.exp2.f32", Path::Llvm7).is_some_and(|f| f.name == "llvm.exp2"));
        assert!(family("llvm.roundeven.f32", Path::Llvm7).is_none());
        assert!(family("llvm.nvvm.ptr.gen.to.global.p1i8.p0i8", Path::Llvm7).is_some());
        assert!(family("llvm.nvvm.ptr.gen.to.global.p1i8.p0i8", Path::Modern).is_none());
        assert!(family("llvm.nvvm.ptr.gen.to.param.p0i8.p0i8", Path::Llvm7).is_none());
        assert_eq!(printed_name("llvm.powi.f32", Path::Modern), "llvm.powi.f32.i32");
        assert_eq!(printed_name("llvm.stacksave", Path::Llvm7), "llvm.stacksave");
        assert!(is_special_register("tid.x") && is_special_register("cluster.ctaid.z"));
        assert!(is_special_register("clock64") && !is_special_register("tid.x.i64") && !is_special_register("tid.w"));
    }

    #[test]
    fn modern_upgrades() {
        let ptr = Operand { pointer: true, ..Operand::default() };
        let int = Operand { int: true, ..Operand::default() };
        let imm = Operand { int: true, const_int: true, ..Operand::default() };
        assert!(mangled_types("f32.p0i8") && mangled_types("p1") && !mangled_types("p0i8x"));
        let up = |name: &str, args: &[Operand], ret: Operand| modern_upgrade_error(name, args, ret, &|_| "i32".into());
        assert_eq!(
            up("llvm.nvvm.ldg.global.f.f32.p0i8", &[ptr, int], int).unwrap(),
            "huge alignment values are unsupported"
        );
        assert_eq!(up("llvm.nvvm.ldg.global.f.f32.p0i8", &[ptr, imm], int), None);
        assert_eq!(
            up("llvm.nvvm.ptr.gen.to.global.p1i8.p0i8", &[ptr], int).unwrap(),
            "AddrSpaceCast result must be a pointer"
        );
        assert_eq!(up("llvm.nvvm.ptr.gen.to.globall.p1i8.p0i8", &[int], int), None);
        assert_eq!(
            up("llvm.nvvm.atomic.inc.gen.i.cta.i32.p0i8", &[ptr], int).unwrap(),
            "atomicrmw uinc_wrap operand must have integer type!"
        );
        assert_eq!(
            up("llvm.nvvm.atomic.cas.gen.i.sys.i32.p0i8", &[int, int, int], int).unwrap(),
            "cmpxchg pointer operand not a pointer?"
        );
        assert_eq!(up("llvm.nvvm.atomic.add.gen.i.cta.i32.p0i8x", &[int, int], int), None);
        assert_eq!(
            up("llvm.nvvm.atomic.load.dec.32.p1i32", &[ptr], int).unwrap(),
            "atomicrmw udec_wrap operand must have integer type!"
        );
    }
}
