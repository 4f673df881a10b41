//! Intrinsic rules as data: one row per family, matched on the name.

use crate::Path;

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
}

const fn both(name: &'static str, rule: Rule) -> Family {
    Family { name, rule, llvm7: true, modern: true }
}

const fn llvm7_only(name: &'static str, rule: Rule) -> Family {
    Family { name, rule, llvm7: true, modern: false }
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
    both("llvm.stacksave", Rule::Unsupported),
    both("llvm.frameaddress", Rule::Unsupported),
    both("llvm.prefetch", Rule::Unsupported),
    both("llvm.readcyclecounter", Rule::Unsupported),
    both("llvm.eh.typeid.for", Rule::Unsupported),
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
    llvm7_only("llvm.nvvm.ptr.gen.to", Rule::AddrSpaceConversion),
    llvm7_only("llvm.nvvm.ptr.global.to", Rule::AddrSpaceConversion),
    llvm7_only("llvm.nvvm.ptr.shared.to", Rule::AddrSpaceConversion),
    llvm7_only("llvm.nvvm.ptr.constant.to", Rule::AddrSpaceConversion),
    llvm7_only("llvm.nvvm.ptr.local.to", Rule::AddrSpaceConversion),
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
        applies && (name == f.name || name.strip_prefix(f.name).is_some_and(|rest| rest.starts_with('.')))
    })
}

/// The name libNVVM prints for an unsupported intrinsic: its modern path upgrades typed-pointer
/// declarations first, which renames some (`llvm.stacksave` → `llvm.stacksave.p0`,
/// `llvm.powi.f32` → `llvm.powi.f32.i32`).
pub(crate) fn printed_name(name: &str, path: Path) -> String {
    if path == Path::Llvm7 {
        return name.to_string();
    }
    let pointer_suffixed = ["llvm.stacksave", "llvm.frameaddress", "llvm.eh.typeid.for", "llvm.prefetch"];
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_match_whole_name_segments() {
        assert!(family("llvm.exp.f32", Path::Llvm7).is_some_and(|f| f.name == "llvm.exp"));
        assert!(family("llvm.exp2.f32", Path::Llvm7).is_some_and(|f| f.name == "llvm.exp2"));
        assert!(family("llvm.roundeven.f32", Path::Llvm7).is_none());
        assert!(family("llvm.nvvm.ptr.gen.to.global.p1i8.p0i8", Path::Llvm7).is_some());
        assert!(family("llvm.nvvm.ptr.gen.to.global.p1i8.p0i8", Path::Modern).is_none());
        assert_eq!(printed_name("llvm.powi.f32", Path::Modern), "llvm.powi.f32.i32");
        assert_eq!(printed_name("llvm.stacksave", Path::Llvm7), "llvm.stacksave");
        assert!(is_special_register("tid.x") && is_special_register("cluster.ctaid.z"));
        assert!(is_special_register("clock64") && !is_special_register("tid.x.i64") && !is_special_register("tid.w"));
    }
}
