//! Attributes: enum, integer, type and string attributes, grouped into hash-consed sets.
//! Which attributes exist, how each is written and whether LLVM 7.0.1 knows it is a table.

use super::arena::Handle;
use super::types::TypeId;

/// A set of attributes, as written on a parameter, a return value or a function.
pub type AttrSetId = Handle<AttrSet>;

/// An attribute set (in written order).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct AttrSet(pub Box<[Attr]>);

impl AttrSet {
    /// Whether it is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// How an attribute is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AttrForm {
    /// A bare keyword: `nounwind`.
    Flag,
    /// `align 8` (space, on parameters and returns; `align=8` in groups).
    IntSpaced,
    /// `dereferenceable(8)`.
    IntParen,
    /// `byval(%T)`; LLVM 7 writes `byval` with no type (the pointee is implied).
    Type,
    /// Anything else with a parenthesised argument, kept as written: `memory(argmem: read)`,
    /// `range(i32 0, 10)`, `allocsize(0, 1)`, `uwtable(sync)`, `nofpclass(nan)`.
    Raw,
}

/// One row of the attribute table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttrInfo {
    /// The keyword.
    pub name: &'static str,
    /// How it is written.
    pub form: AttrForm,
    /// Whether LLVM 7.0.1 parses it.
    pub llvm7: bool,
}

const fn a(name: &'static str, form: AttrForm, llvm7: bool) -> AttrInfo {
    AttrInfo { name, form, llvm7 }
}

use AttrForm::{Flag, IntParen, IntSpaced, Raw, Type};

/// Every enum attribute LLVM 7.0.1 or 19 parses, sorted by name.
pub static ATTRS: &[AttrInfo] = &[
    a("align", IntSpaced, true),
    a("alignstack", IntParen, true),
    a("allocalign", Flag, false),
    a("allockind", Raw, false),
    a("allocptr", Flag, false),
    a("allocsize", Raw, true),
    a("alwaysinline", Flag, true),
    a("argmemonly", Flag, true),
    a("builtin", Flag, true),
    a("byref", Type, false),
    a("byval", Type, true),
    a("captures", Raw, false),
    a("cold", Flag, true),
    a("convergent", Flag, true),
    a("coro_elide_safe", Flag, false),
    a("coro_only_destroy_when_complete", Flag, false),
    a("dead_on_return", Raw, false),
    a("dead_on_unwind", Flag, false),
    a("dereferenceable", IntParen, true),
    a("dereferenceable_or_null", IntParen, true),
    a("disable_sanitizer_instrumentation", Flag, false),
    a("elementtype", Type, false),
    a("fn_ret_thunk_extern", Flag, false),
    a("hot", Flag, false),
    a("hybrid_patchable", Flag, false),
    a("immarg", Flag, false),
    a("inaccessiblemem_or_argmemonly", Flag, true),
    a("inaccessiblememonly", Flag, true),
    a("inalloca", Type, true),
    a("initializes", Raw, false),
    a("inlinehint", Flag, true),
    a("inreg", Flag, true),
    a("jumptable", Flag, true),
    a("memory", Raw, false),
    a("minsize", Flag, true),
    a("mustprogress", Flag, false),
    a("naked", Flag, true),
    a("nest", Flag, true),
    a("no_cfi", Flag, false),
    a("no_sanitize_address", Flag, false),
    a("no_sanitize_hwaddress", Flag, false),
    a("noalias", Flag, true),
    a("nobuiltin", Flag, true),
    a("nocallback", Flag, false),
    a("nocapture", Flag, true),
    a("nocf_check", Flag, true),
    a("nocreateundeforpoison", Flag, false),
    a("nodivergencesource", Flag, false),
    a("noduplicate", Flag, true),
    a("noext", Flag, false),
    a("nofpclass", Raw, false),
    a("nofree", Flag, false),
    a("noimplicitfloat", Flag, true),
    a("noinline", Flag, true),
    a("nomerge", Flag, false),
    a("nonlazybind", Flag, true),
    a("nonnull", Flag, true),
    a("noprofile", Flag, false),
    a("norecurse", Flag, true),
    a("noredzone", Flag, true),
    a("noreturn", Flag, true),
    a("nosanitize_bounds", Flag, false),
    a("nosanitize_coverage", Flag, false),
    a("nosync", Flag, false),
    a("noundef", Flag, false),
    a("nounwind", Flag, true),
    a("null_pointer_is_valid", Flag, false),
    a("optdebug", Flag, false),
    a("optforfuzzing", Flag, false),
    a("optnone", Flag, true),
    a("optsize", Flag, true),
    a("preallocated", Type, false),
    a("presplitcoroutine", Flag, false),
    a("range", Raw, false),
    a("readnone", Flag, true),
    a("readonly", Flag, true),
    a("returned", Flag, true),
    a("returns_twice", Flag, true),
    a("safestack", Flag, true),
    a("sanitize_address", Flag, true),
    a("sanitize_hwaddress", Flag, true),
    a("sanitize_memory", Flag, true),
    a("sanitize_memtag", Flag, false),
    a("sanitize_numerical_stability", Flag, false),
    a("sanitize_realtime", Flag, false),
    a("sanitize_realtime_blocking", Flag, false),
    a("sanitize_thread", Flag, true),
    a("sanitize_type", Flag, false),
    a("shadowcallstack", Flag, true),
    a("signext", Flag, true),
    a("skipprofile", Flag, false),
    a("speculatable", Flag, true),
    a("speculative_load_hardening", Flag, false),
    a("sret", Type, true),
    a("ssp", Flag, true),
    a("sspreq", Flag, true),
    a("sspstrong", Flag, true),
    a("strictfp", Flag, true),
    a("swiftasync", Flag, false),
    a("swifterror", Flag, true),
    a("swiftself", Flag, true),
    a("uwtable", Raw, true),
    a("vscale_range", Raw, false),
    a("willreturn", Flag, false),
    a("writable", Flag, false),
    a("writeonly", Flag, true),
    a("zeroext", Flag, true),
];

/// An attribute kind: an index into [`ATTRS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AttrKind(pub u16);

impl AttrKind {
    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<Self> {
        ATTRS.binary_search_by(|a| a.name.cmp(name)).ok().map(|i| AttrKind(i as u16))
    }
    /// Its table row.
    pub fn info(self) -> &'static AttrInfo {
        &ATTRS[self.0 as usize]
    }
}

/// One attribute.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Attr {
    /// A keyword.
    Enum(AttrKind),
    /// A keyword with an integer.
    Int(AttrKind, u64),
    /// A keyword with a type (`None`: LLVM 7's untyped `byval`/`sret`/`inalloca`).
    Type(AttrKind, Option<TypeId>),
    /// A keyword with a parenthesised argument kept as written (`uwtable` without one).
    Raw(AttrKind, Option<Box<str>>),
    /// `"key"` or `"key"="value"`.
    Str(Box<str>, Option<Box<str>>),
}

impl Attr {
    /// The kind, for non-string attributes.
    pub fn kind(&self) -> Option<AttrKind> {
        match self {
            Attr::Enum(k) | Attr::Int(k, _) | Attr::Type(k, _) | Attr::Raw(k, _) => Some(*k),
            Attr::Str(..) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sorted_and_searchable() {
        assert!(ATTRS.windows(2).all(|w| w[0].name < w[1].name), "sorted, unique");
        let k = AttrKind::from_name("noundef").unwrap();
        assert!(!k.info().llvm7);
        assert_eq!(AttrKind::from_name("byval").unwrap().info().form, AttrForm::Type);
        assert!(AttrKind::from_name("bogus").is_none());
    }
}
