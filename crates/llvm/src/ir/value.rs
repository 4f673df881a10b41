//! Operands.

use super::constant::ConstId;
use super::function::LocalMdId;
use super::instruction::InstId;
use super::metadata::MdId;
use super::module::AsmId;
use std::hash::BuildHasher;
use triomphe::ThinArc;

/// An operand of an instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Value {
    /// A constant (globals' addresses included).
    Const(ConstId),
    /// The function's N-th parameter.
    Arg(u32),
    /// An instruction's result.
    Inst(InstId),
    /// Module-level metadata as an argument (`metadata !5`).
    Md(MdId),
    /// Function-local metadata (`metadata i32 %x`, `!DIArgList(…)`).
    LocalMd(LocalMdId),
    /// Inline assembly as a callee.
    Asm(AsmId),
}

/// The name of a value or block: `None` for unnamed ones, numbered when printed. One pointer
/// wide, and shared: readers give equal names of one input one allocation ([`NameTable`]), as
/// real modules repeat the same few names (`%entry`, `%call`, `%arrayidx`) in every function.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Name(Option<Text>);

impl Name {
    /// An unnamed value.
    pub const NONE: Name = Name(None);
    /// A named value.
    pub fn new(s: &str) -> Self {
        Name(Some(Text::new(s)))
    }
    /// The name, if any.
    pub fn as_str(&self) -> Option<&str> {
        self.0.as_ref().map(Text::as_str)
    }
    /// The name's bytes (UTF-8), if any, without checking them again.
    pub fn as_bytes(&self) -> Option<&[u8]> {
        self.0.as_ref().map(|t| &t.0.slice[..])
    }
    /// Whether it is unnamed.
    pub fn is_none(&self) -> bool {
        self.0.is_none()
    }
}

impl From<Box<str>> for Name {
    fn from(s: Box<str>) -> Name {
        Name::new(&s)
    }
}

/// Shared text in one allocation (a count, the length, the bytes) behind one pointer.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Text(ThinArc<(), u8>);

impl Text {
    fn new(s: &str) -> Text {
        Text(ThinArc::from_header_and_slice((), s.as_bytes()))
    }
    fn as_str(&self) -> &str {
        // Made from a `&str` only.
        std::str::from_utf8(&self.0.slice).unwrap_or_default()
    }
}

impl std::fmt::Debug for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

/// A string behind one pointer (its length and bytes in one shared allocation): what a global's
/// rarely written strings (`section`, `partition`, `comdat`, `code_model`) are held in, so that
/// `None` costs eight bytes rather than a `Box<str>`'s sixteen. Reads as a `str`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Str(Text);

impl Str {
    /// The string `s`.
    pub fn new(s: &str) -> Str {
        Str(Text::new(s))
    }
    /// The string.
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
    /// The string's bytes (UTF-8), without checking them again.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0 .0.slice
    }
}

impl std::ops::Deref for Str {
    type Target = str;
    fn deref(&self) -> &str {
        self.0.as_str()
    }
}

/// By bytes, without reading the string as text (a check of its UTF-8).
impl PartialEq<str> for Str {
    fn eq(&self, other: &str) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl From<&str> for Str {
    fn from(s: &str) -> Str {
        Str::new(s)
    }
}

impl From<String> for Str {
    fn from(s: String) -> Str {
        Str::new(&s)
    }
}

impl From<std::borrow::Cow<'_, str>> for Str {
    fn from(s: std::borrow::Cow<'_, str>) -> Str {
        Str::new(&s)
    }
}

impl From<Box<str>> for Str {
    fn from(s: Box<str>) -> Str {
        Str::new(&s)
    }
}

impl std::fmt::Debug for Str {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl std::fmt::Display for Str {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Names made so far, by text: [`NameTable::name`] gives an equal name the same allocation.
///
/// The table keeps the first [`NameTable::KEPT`] distinct names: real modules repeat a few
/// hundred names across their functions, while a module whose names are all distinct (one huge
/// function) would only pay for a table that never finds anything.
#[derive(Debug, Clone, Default)]
pub struct NameTable {
    names: hashbrown::HashTable<Text>,
}

impl NameTable {
    /// How many distinct names the table keeps.
    pub const KEPT: usize = 1 << 15;

    /// The name `s`, shared with an earlier equal one the table kept.
    pub fn name(&mut self, s: &str) -> Name {
        self.name_hashed(s, Self::hash(s.as_bytes()))
    }

    /// The hash [`NameTable::name_hashed`] wants: a reader that hashes a name for its own
    /// tables too hashes it once.
    #[inline]
    pub(crate) fn hash(s: &[u8]) -> u64 {
        rustc_hash::FxBuildHasher.hash_one(s)
    }

    /// [`NameTable::name`] of `s`, whose [`NameTable::hash`] is `h`.
    pub(crate) fn name_hashed(&mut self, s: &str, h: u64) -> Name {
        // By bytes: the kept texts were made from `str`s, and checking them as UTF-8 again on
        // every probe was most of the lookup.
        let hash = |b: &[u8]| Self::hash(b);
        debug_assert_eq!(h, hash(s.as_bytes()));
        if let Some(shared) = self.names.find(h, |n| n.0.slice[..] == *s.as_bytes()) {
            return Name(Some(shared.clone()));
        }
        let text = Text::new(s);
        if self.names.len() < Self::KEPT {
            self.names.insert_unique(h, text.clone(), |n| hash(&n.0.slice));
        }
        Name(Some(text))
    }

    /// The string `s` as a [`Str`], shared as [`NameTable::name`] shares names (a section, comdat,
    /// partition or GC name that many globals repeat is then held once).
    pub fn str(&mut self, s: &str) -> Str {
        match self.name(s).0 {
            Some(text) => Str(text),
            None => Str::new(s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_str_reads_as_its_text_in_one_pointer() {
        let s: Str = "llvm.metadata".into();
        assert_eq!(
            (&*s, s.len(), format!("{s}"), format!("{s:?}")),
            ("llvm.metadata", 13, s.to_string(), "\"llvm.metadata\"".into())
        );
        assert_eq!(s, Str::from(String::from("llvm.metadata")));
        assert_eq!(std::mem::size_of::<Option<Str>>(), 8);
    }

    #[test]
    fn a_name_table_shares_equal_names() {
        let mut t = NameTable::default();
        let (a, b, c) = (t.name("entry"), t.name("call"), t.name("entry"));
        assert_eq!((a.as_str(), b.as_str()), (Some("entry"), Some("call")));
        assert_eq!(a, c);
        assert_ne!(a, b);
        assert_eq!(a.0.as_ref().unwrap().0.ptr(), c.0.as_ref().unwrap().0.ptr(), "one allocation");
        assert_ne!(a.0.as_ref().unwrap().0.ptr(), Name::new("entry").0.unwrap().0.ptr());
        assert_eq!(a, Name::new("entry"));
        assert!(Name::NONE.is_none() && Name::NONE.as_str().is_none());
        // Past what the table keeps, names are still right, only not shared.
        for i in 0..NameTable::KEPT {
            t.name(&format!("v{i}"));
        }
        let (x, y) = (t.name("late"), t.name("late"));
        assert_eq!((x.as_str(), &x), (Some("late"), &y));
        assert_ne!(x.0.as_ref().unwrap().0.ptr(), y.0.as_ref().unwrap().0.ptr());
        assert_eq!(t.name("entry").0.unwrap().0.ptr(), a.0.as_ref().unwrap().0.ptr());
    }

    #[test]
    fn a_name_table_shares_equal_strs() {
        let mut t = NameTable::default();
        let (a, b, c) = (t.str(".text.x"), t.str("$c"), t.str(".text.x"));
        assert_eq!((&*a, &*b, &*c), (".text.x", "$c", ".text.x"));
        assert_eq!(a.0 .0.ptr(), c.0 .0.ptr(), "one allocation");
        assert_ne!(a.0 .0.ptr(), Str::new(".text.x").0 .0.ptr());
        assert_eq!(t.str(""), Str::new(""));
    }
}
