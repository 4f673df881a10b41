//! Attributes: on parameters and returns, on functions (with `#N` group references) and in
//! `attributes #N = { … }` groups.

use super::{sp, PResult, ParseError, Parser};
use crate::ir::attrs::{Attr, AttrForm, AttrKind, AttrSet, AttrSetId};
use crate::ir::module::AttrGroupSource;
use crate::text::token::{Keyword, KeywordClass, TokenKind};

/// An attribute list looked up in the set arena without boxing it first (hashes as
/// [`AttrSet`] does: the derived hash of a one-field struct is its slice's).
#[derive(Hash)]
struct AttrSlice<'a>(&'a [Attr]);

impl indexmap::Equivalent<AttrSet> for AttrSlice<'_> {
    fn equivalent(&self, key: &AttrSet) -> bool {
        *self.0 == *key.0
    }
}

/// Where attributes are being read: the forms allowed differ.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum AttrPlace {
    /// A parameter or return value (`align 8`).
    Param,
    /// After a function's parameter list (`#0`; `align N` is the function's alignment).
    Function,
    /// After a call's arguments (`#0`).
    Call,
    /// Inside `attributes #N = { … }` (`alignstack=16`, `align=8`).
    Group,
}

/// What a function-attribute list held besides attributes.
#[derive(Default)]
pub(super) struct FnAttrExtras {
    /// `#N` references, with where they were.
    pub groups: super::GroupRefs,
    /// `align N` (a function's alignment).
    pub align: Option<crate::ir::instruction::Align>,
}

impl Parser<'_> {
    /// The attribute kind of the current token, if it is an attribute word (a table from keyword
    /// to kind, built once: this runs at every parameter and call argument).
    fn attr_kind_here(&self) -> Option<AttrKind> {
        static BY_KEYWORD: std::sync::OnceLock<Vec<Option<AttrKind>>> = std::sync::OnceLock::new();
        match self.tok.kind {
            TokenKind::Keyword(k) if k.class() == KeywordClass::Attribute => {
                let table =
                    BY_KEYWORD.get_or_init(|| Keyword::ALL.iter().map(|k| AttrKind::from_name(k.as_str())).collect());
                table[k as usize]
            }
            _ => None,
        }
    }

    /// Reads attributes while they last.
    pub(super) fn parse_attrs(&mut self, place: AttrPlace, extras: &mut FnAttrExtras) -> PResult<Vec<Attr>> {
        // The buffer `attr_set` hands back: most lists are found interned already.
        let mut out = std::mem::take(&mut self.attr_scratch);
        out.clear();
        loop {
            match self.tok.kind {
                TokenKind::String => {
                    let key = self.parse_string_utf8()?;
                    let val = if self.eat(TokenKind::Equal)? { Some(self.parse_string_utf8()?) } else { None };
                    out.push(Attr::Str(key, val));
                }
                TokenKind::AttrGroupId(n) if matches!(place, AttrPlace::Function | AttrPlace::Call) => {
                    extras.groups.push(n, self.span());
                    self.bump()?;
                }
                TokenKind::Keyword(Keyword::Align) if place == AttrPlace::Function => {
                    self.bump()?;
                    extras.align = Some(self.parse_align()?);
                }
                _ => {
                    let Some(kind) = self.attr_kind_here() else {
                        if let TokenKind::Keyword(k) = self.tok.kind {
                            if k.class() == KeywordClass::Attribute {
                                return self.err(format!("'{k}' is not an attribute here"));
                            }
                        }
                        return Ok(out);
                    };
                    out.push(self.one_attr(kind, place)?);
                }
            }
        }
    }

    fn one_attr(&mut self, kind: AttrKind, place: AttrPlace) -> PResult<Attr> {
        let at = self.span();
        let info = kind.info();
        if place == AttrPlace::Function && info.name == "builtin" {
            return self.err("'builtin' attribute not valid on function");
        }
        self.bump()?;
        Ok(match info.form {
            AttrForm::Flag => Attr::Enum(kind),
            AttrForm::IntSpaced => {
                if place == AttrPlace::Group {
                    self.expect(TokenKind::Equal, "'=' after align in an attribute group")?;
                    Attr::Int(kind, self.parse_align_value()?)
                } else if self.eat(TokenKind::LParen)? {
                    let v = self.parse_align_value()?;
                    self.expect(TokenKind::RParen, "')'")?;
                    Attr::Int(kind, v)
                } else {
                    Attr::Int(kind, self.parse_align_value()?)
                }
            }
            AttrForm::IntParen => {
                // In a group LLVM's readers take `alignstack=N` only (measured,
                // `fnattr/group_alignstack_16`: `alignstack(16)` there is refused).
                if place == AttrPlace::Group && info.name == "alignstack" && self.tok.kind != TokenKind::Equal {
                    return self.err("expected '=' here");
                }
                let v = if self.eat(TokenKind::Equal)? {
                    self.parse_u64()?
                } else {
                    if self.tok.kind != TokenKind::LParen {
                        return self.err(format!("expected '(' after {}, found {}", info.name, self.describe()));
                    }
                    self.bump()?;
                    let v = self.parse_u64()?;
                    self.expect(TokenKind::RParen, "')'")?;
                    v
                };
                Attr::Int(kind, v)
            }
            AttrForm::Type => {
                if self.eat(TokenKind::LParen)? {
                    let t = self.parse_type()?;
                    self.expect(TokenKind::RParen, "')'")?;
                    Attr::Type(kind, Some(t))
                } else {
                    Attr::Type(kind, None)
                }
            }
            AttrForm::Raw => {
                if self.tok.kind == TokenKind::LParen {
                    let arg = self.raw_parens()?;
                    // `dead_on_return(N)` (LLVM 22): N bytes, not none (bare, the whole object).
                    if info.name == "dead_on_return" && arg.trim().parse::<u64>().ok() == Some(0) {
                        return Err(ParseError::new(at, "byte count specified must be non-zero"));
                    }
                    Attr::Raw(kind, Some(arg))
                } else if matches!(info.name, "uwtable" | "dead_on_return") {
                    Attr::Raw(kind, None)
                } else {
                    return Err(ParseError::new(at, format!("expected '(' after {}", info.name)));
                }
            }
            #[allow(unreachable_patterns)]
            _ => Attr::Enum(kind),
        })
    }

    /// The text between balanced parentheses (the opening one is current), as written.
    fn raw_parens(&mut self) -> PResult<Box<str>> {
        // Rebuilt from the tokens, not sliced from the source: a comment inside must not survive.
        let open = self.bump()?;
        let mut text = String::new();
        let mut depth = 1usize;
        loop {
            match self.tok.kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen => {
                    depth -= 1;
                    if depth == 0 {
                        self.bump()?;
                        return Ok(text.into());
                    }
                }
                // What attribute arguments are made of: numbers, words, types, strings, `a: b`.
                TokenKind::Integer
                | TokenKind::Keyword(_)
                | TokenKind::Word
                | TokenKind::IntType(_)
                | TokenKind::Comma
                | TokenKind::Colon
                | TokenKind::Label { quoted: false }
                | TokenKind::String
                | TokenKind::Bar => {}
                TokenKind::Eof => return Err(ParseError::new(sp(open), "unbalanced '(' in an attribute")),
                _ => return self.err(format!("unexpected {} in an attribute argument", self.describe())),
            }
            let tight = matches!(self.tok.kind, TokenKind::Comma | TokenKind::Colon | TokenKind::RParen);
            if !text.is_empty() && !text.ends_with('(') && !tight {
                text.push(' ');
            }
            if self.tok.kind == TokenKind::String {
                // Strings are written back escaped, whatever bytes they hold.
                crate::ir::write_quoted(&self.value_bytes(self.tok), &mut text);
            } else {
                text.push_str(self.text(self.tok));
            }
            self.bump()?;
        }
    }

    /// Interns a list of attributes.
    pub(super) fn attr_set(&mut self, mut attrs: Vec<Attr>) -> AttrSetId {
        let id = if attrs.is_empty() {
            // Most positions carry no attributes; the empty set is the arena's first entry.
            AttrSetId::from_index(0)
        } else if let Some(id) = self.m.attrs.find_by(&AttrSlice(&attrs)) {
            id
        } else {
            self.m.attrs.insert(AttrSet(attrs.drain(..).collect()))
        };
        self.attr_scratch = attrs;
        id
    }

    /// Parameter or return attributes.
    pub(super) fn param_attrs(&mut self) -> PResult<AttrSetId> {
        let attrs = self.parse_attrs(AttrPlace::Param, &mut FnAttrExtras::default())?;
        Ok(self.attr_set(attrs))
    }

    /// `attributes #N = { … }`.
    pub(super) fn attribute_group(&mut self) -> PResult<()> {
        let at = self.tok.start;
        self.expect_kw(Keyword::Attributes)?;
        let t = self.tok;
        let TokenKind::AttrGroupId(n) = t.kind else {
            return self.err("expected an attribute group id (#N)");
        };
        self.bump()?;
        self.expect(TokenKind::Equal, "'='")?;
        self.expect(TokenKind::LBrace, "'{'")?;
        let attrs = self.parse_attrs(AttrPlace::Group, &mut FnAttrExtras::default())?;
        self.expect(TokenKind::RBrace, "'}' at the end of an attribute group")?;
        // As libNVVM's readers (both paths, measured by `scripts/probe/axes.py`'s `attrgroup`
        // group): an empty group is an error, a group defined again takes its last definition.
        if attrs.is_empty() {
            return Err(ParseError::new(sp(t), "attribute group has no attributes"));
        }
        self.m.attr_group_sources.push(AttrGroupSource { at, attrs: attrs.clone().into() });
        self.attr_groups.insert(n, attrs);
        Ok(())
    }
}
