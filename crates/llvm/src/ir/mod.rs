//! The in-memory IR: a [`Module`] owns arenas of types, constants, attribute sets and metadata
//! (hash-consed: equal ones share a handle), global variables and functions; functions own their
//! blocks and instructions. Entities are named by small `Copy` handles.

/// An enum of keywords as data: the variants, their spellings, `ALL`, and lookups both ways.
/// `Name: Variant { … }` also makes `Variant` the default.
macro_rules! keyword_enum {
    ($(#[$m:meta])* $name:ident $(: $default:ident)? { $($(#[$vm:meta])* $variant:ident = $kw:literal,)* }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum $name { $($(#[$vm])* $variant,)* }
        impl $name {
            /// Every value, in table order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];
            /// The keyword (empty for an unwritten default).
            pub fn keyword(self) -> &'static str {
                match self { $($name::$variant => $kw,)* }
            }
            /// The value spelled `kw`.
            pub fn from_keyword(kw: &str) -> Option<Self> {
                match kw { $($kw if !$kw.is_empty() => Some($name::$variant),)* _ => None }
            }
        }
        $(impl Default for $name {
            fn default() -> Self {
                $name::$default
            }
        })?
    };
}

pub mod arena;
pub mod attrs;
pub mod build;
pub mod constant;
pub mod di;
pub mod dom;
pub mod float;
pub mod function;
pub mod instruction;
pub mod metadata;
pub mod module;
pub(crate) mod remap;
pub mod types;
pub mod upgrade;
pub mod valid;
pub mod value;

pub use arena::{Arena, Handle, UniqueArena};
pub use attrs::{Attr, AttrKind, AttrSet, AttrSetId};
pub use constant::{ApInt, ConstData, ConstExpr, ConstId, ExprOp};
pub use function::{
    Block, BlockId, Body, FnBody, FnRare, FnSource, Function, InstNames, LocalMd, LocalMdId, MdLists, Param,
};
pub use instruction::{InstId, InstKind, Instruction, MdListId};
pub use metadata::{FieldName, KindName, MdAttachment, MdField, MdId, MdKind, MdNode, Metadata, NamedMd};
pub use module::{
    FirstWritten, GlobalDef, GlobalProps, GlobalRare, GlobalVar, Misnumbered, Module, Stats, Symbol, SymbolId,
};
pub use types::{Dialect, FloatKind, TargetExtType, TypeData, TypeId, Types};
pub use valid::{validate, validate_as_opaque, validate_ssa, Place, ValidationError, ValidationErrors};
pub use value::{Name, Str, Value};

/// Whether an identifier can be written without quotes: `[-a-zA-Z$._][-a-zA-Z$._0-9]*`, or all
/// digits (a numbered value).
pub fn is_plain_ident(s: &str) -> bool {
    let b = s.as_bytes();
    let ok = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'$' | b'.' | b'_');
    !b.is_empty() && (b.iter().all(u8::is_ascii_digit) || (!b[0].is_ascii_digit() && b.iter().all(|&c| ok(c))))
}

/// Writes an identifier (without its sigil), quoting and escaping it when needed.
pub fn write_ident(s: &str, out: &mut String) {
    if is_plain_ident(s) {
        out.push_str(s);
    } else {
        write_quoted(s.as_bytes(), out);
    }
}

/// Writes a global's name (without its `@`): as [`write_ident`], but a name of digits that is not
/// a numbered global (`numeric`: it was written `@"3"`) is quoted, as LLVM writes it.
pub fn write_global_ident(s: &str, numeric: bool, out: &mut String) {
    if numeric {
        write_quoted(s.as_bytes(), out);
    } else {
        write_ident(s, out);
    }
}

/// Writes a local value's or block's name (without its sigil): as [`write_ident`], but a name of
/// digits is quoted (`%"2"`), since unquoted it would be a numbered value, as LLVM writes it.
pub fn write_local_ident(s: &str, out: &mut String) {
    if !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()) {
        write_quoted(s.as_bytes(), out);
    } else {
        write_ident(s, out);
    }
}

/// Writes a metadata name (`!name`, without the `!`): never quoted; bytes outside
/// `[-a-zA-Z$._0-9]` are written as `\XX`, as LLVM does.
pub fn write_md_name(s: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for (i, &c) in s.as_bytes().iter().enumerate() {
        let plain = c.is_ascii_alphabetic() || matches!(c, b'-' | b'$' | b'.' | b'_') || (i > 0 && c.is_ascii_digit());
        if plain {
            out.push(c as char);
        } else {
            out.push('\\');
            out.push(HEX[(c >> 4) as usize] as char);
            out.push(HEX[(c & 15) as usize] as char);
        }
    }
}

/// Writes `"…"` with `\\`, `\"` and non-printable bytes as `\XX`, as LLVM prints strings.
pub fn write_quoted(bytes: &[u8], out: &mut String) {
    out.push('"');
    for &c in bytes {
        if c == b'\\' || c == b'"' || !(0x20..0x7F).contains(&c) {
            const HEX: &[u8; 16] = b"0123456789ABCDEF";
            out.push('\\');
            out.push(HEX[(c >> 4) as usize] as char);
            out.push(HEX[(c & 15) as usize] as char);
        } else {
            out.push(c as char);
        }
    }
    out.push('"');
}

/// A thin vector of exactly the items' number (a thin vector's own growth starts at four
/// elements, which most of the IR's short lists never reach).
pub(crate) fn thin_exact<T>(items: impl IntoIterator<Item = T>) -> thin_vec::ThinVec<T> {
    let items = items.into_iter();
    let mut v = thin_vec::ThinVec::with_capacity(items.size_hint().0);
    v.extend(items);
    v
}

/// Appends to a thin vector, keeping it at exactly its length.
pub(crate) fn push_exact<T>(v: &mut thin_vec::ThinVec<T>, items: impl IntoIterator<Item = T>) {
    let old = std::mem::take(v);
    *v = thin_exact(old.into_iter().chain(items));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thin_lists_are_kept_at_their_length() {
        let mut v = thin_exact(vec![1u64]);
        assert_eq!((v.len(), v.capacity()), (1, 1));
        push_exact(&mut v, [2, 3]);
        assert_eq!((&v[..], v.capacity()), (&[1, 2, 3][..], 3));
        assert_eq!(thin_exact(Vec::<u64>::new()).capacity(), 0);
    }

    #[test]
    fn identifiers_quote_when_needed() {
        let mut s = String::new();
        write_ident("struct.S", &mut s);
        s.push(' ');
        write_ident("12", &mut s);
        s.push(' ');
        write_ident("1x", &mut s);
        s.push(' ');
        write_ident("a b\"\n", &mut s);
        assert_eq!(s, "struct.S 12 \"1x\" \"a b\\22\\0A\"");
    }
}
