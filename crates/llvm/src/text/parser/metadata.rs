//! Metadata: `!N = …` definitions, `!name = !{…}`, operands, and specialized `!DI…(…)` nodes.

use super::{sp, PResult, ParseError, Parser};
use crate::ir::di::{DiKind, LlvmVersion};
use crate::ir::metadata::{ExprElem, MdField, MdId, MdNode, NamedMd};
use crate::ir::value::Value;
use crate::text::token::{Keyword, TokenKind};
use std::collections::hash_map::Entry;

impl Parser<'_> {
    /// The node for slot `!n`, a placeholder if not defined yet.
    pub(super) fn md_slot(&mut self, n: u32, at: nvir_diag::Span) -> MdId {
        if let Some(&id) = self.md_slots.get(&n) {
            return id;
        }
        self.md_uses.entry(n).or_insert(at);
        let id = self.m.metadata.placeholder(n);
        self.md_slots.insert(n, id);
        id
    }

    /// `!name = !{!0, !1}`.
    pub(super) fn named_metadata(&mut self) -> PResult<()> {
        let t = self.bump()?;
        let name = self.value_str(t)?;
        self.expect(TokenKind::Equal, "'='")?;
        self.expect(TokenKind::Exclaim, "'!' before '{' in named metadata")?;
        self.expect(TokenKind::LBrace, "'{'")?;
        let mut nodes = Vec::new();
        if !self.eat(TokenKind::RBrace)? {
            loop {
                let r = self.tok;
                match r.kind {
                    TokenKind::MetadataId(n) => {
                        self.bump()?;
                        nodes.push(self.md_slot(n, sp(r)));
                    }
                    TokenKind::MetadataVar if self.value_bytes(r).as_ref() == b"DIExpression" => {
                        let e = self.specialized(None)?;
                        nodes.push(e);
                    }
                    _ => return self.err("named metadata operands must be metadata node references (!N)"),
                }
                if self.eat(TokenKind::RBrace)? {
                    break;
                }
                self.expect(TokenKind::Comma, "',' or '}'")?;
            }
        }
        let named = &mut self.m.metadata.named;
        match self.named_md.entry(name) {
            // LLVM appends to a named node defined twice.
            Entry::Occupied(e) => named[*e.get()].nodes.extend(nodes),
            Entry::Vacant(e) => {
                let name = e.key().clone();
                e.insert(named.len());
                named.push(NamedMd { name, nodes });
            }
        }
        Ok(())
    }

    /// `!N = [distinct] !{…}` or `!N = [distinct] !DIxxx(…)`.
    pub(super) fn metadata_definition(&mut self) -> PResult<()> {
        let t = self.bump()?;
        let TokenKind::MetadataId(n) = t.kind else { unreachable!() };
        self.expect(TokenKind::Equal, "'='")?;
        let distinct = if self.eat_kw(Keyword::Distinct)? { Some(self.m.metadata.new_distinct()) } else { None };
        let node = match self.tok.kind {
            TokenKind::Exclaim => self.tuple_content(distinct)?,
            TokenKind::MetadataVar => self.specialized_content(distinct)?,
            _ => return self.err("expected '!{' or a specialized node (!DI…) after '='"),
        };
        if self.md_defined.insert(n, sp(t)).is_some() {
            // LLVM's readers' words (both of libNVVM's paths, `grammar/md_dup_*`).
            return Err(ParseError::new(sp(t), format!("Metadata id is already used: '!{n}' is defined earlier")));
        }
        match self.md_slots.get(&n) {
            Some(&id) => self.m.metadata.define(id, node),
            None => {
                let id = self.m.metadata.intern(node);
                self.md_slots.insert(n, id);
            }
        }
        Ok(())
    }

    /// `!{ … }` content (the `!` is current).
    fn tuple_content(&mut self, distinct: Option<u32>) -> PResult<MdNode> {
        self.expect(TokenKind::Exclaim, "'!'")?;
        self.expect(TokenKind::LBrace, "'{'")?;
        let mut ops = Vec::new();
        if !self.eat(TokenKind::RBrace)? {
            loop {
                ops.push(self.md_operand()?);
                if self.eat(TokenKind::RBrace)? {
                    break;
                }
                self.expect(TokenKind::Comma, "',' or '}' in a metadata tuple")?;
            }
        }
        Ok(MdNode::Tuple { distinct, ops: ops.into() })
    }

    /// One operand of a tuple: a node, a string, `null`, or a typed constant.
    pub(super) fn md_operand(&mut self) -> PResult<Option<MdId>> {
        self.enter()?;
        let r = self.md_operand_inner();
        self.leave();
        r
    }

    fn md_operand_inner(&mut self) -> PResult<Option<MdId>> {
        let t = self.tok;
        Ok(Some(match t.kind {
            TokenKind::Keyword(Keyword::Null) => {
                self.bump()?;
                return Ok(None);
            }
            TokenKind::MetadataId(n) => {
                self.bump()?;
                self.md_slot(n, sp(t))
            }
            TokenKind::MetadataString => {
                self.bump()?;
                let s = self.value_bytes(t).into_owned();
                self.m.metadata.intern(MdNode::String(s.into()))
            }
            TokenKind::Exclaim => {
                let node = self.tuple_content(None)?;
                self.m.metadata.intern(node)
            }
            TokenKind::MetadataVar => self.specialized(None)?,
            _ => {
                self.md_type_at = t.start as usize;
                let ty = self.parse_type()?;
                let at = self.span();
                let v = self.parse_val_id()?;
                let c = self.const_from(v, ty, at)?;
                self.m.metadata.intern(MdNode::Value(ty, Value::Const(c)))
            }
        }))
    }

    /// A specialized node, interned.
    pub(super) fn specialized(&mut self, distinct: Option<u32>) -> PResult<MdId> {
        let node = self.specialized_content(distinct)?;
        Ok(self.m.metadata.intern(node))
    }

    fn specialized_content(&mut self, distinct: Option<u32>) -> PResult<MdNode> {
        let t = self.bump()?;
        let name = self.value_str(t)?;
        if &*name == "DIArgList" {
            return Err(ParseError::new(sp(t), "!DIArgList is only valid as a call argument inside a function"));
        }
        let Some(kind) = DiKind::from_name(&name) else {
            return Err(ParseError::new(sp(t), format!("unknown metadata node kind '!{name}'"))
                .hint("specialized nodes are DI… kinds (DILocation, DISubprogram, …) and GenericDINode"));
        };
        let spec = kind.spec();
        self.expect(TokenKind::LParen, "'(' after a specialized node name")?;
        if &*name == "DIExpression" {
            let mut elems = Vec::new();
            if !self.eat(TokenKind::RParen)? {
                loop {
                    let e = self.tok;
                    match e.kind {
                        TokenKind::Integer => elems.push(ExprElem::Int(self.parse_u64()?)),
                        TokenKind::DebugInfo(_) | TokenKind::Word => {
                            self.bump()?;
                            elems.push(ExprElem::Op(self.text(e).into()));
                        }
                        _ => return self.err("expected a DW_OP_* operation or an integer in !DIExpression"),
                    }
                    if self.eat(TokenKind::RParen)? {
                        break;
                    }
                    self.expect(TokenKind::Comma, "',' or ')' in !DIExpression")?;
                }
            }
            if distinct.is_some() {
                return Err(ParseError::new(sp(t), "!DIExpression cannot be distinct"));
            }
            return Ok(MdNode::Expression(elems.into()));
        }
        let mut fields: Vec<(Box<str>, MdField)> = Vec::new();
        if !self.eat(TokenKind::RParen)? {
            loop {
                let f = self.tok;
                let TokenKind::Label { quoted: false } = f.kind else {
                    return self.err(format!("expected a field name (`name:`) in !{name}"));
                };
                self.bump()?;
                let fname = self.value_str(f)?;
                if spec.field(&fname).is_none() {
                    return Err(ParseError::new(sp(f), format!("invalid field '{fname}'"))
                        .hint(format!("!{name} has no field '{fname}' in LLVM 7.0.1 or LLVM 19")));
                }
                if fields.iter().any(|(n, _)| *n == fname) {
                    return Err(ParseError::new(sp(f), format!("field '{fname}' cannot be specified more than once")));
                }
                let v = if &*name == "GenericDINode" && &*fname == "operands" && self.tok.kind == TokenKind::LBrace {
                    // `operands: {!0, null, !"s"}`: a tuple written without its `!`.
                    self.bump()?;
                    let mut ops = Vec::new();
                    if !self.eat(TokenKind::RBrace)? {
                        loop {
                            ops.push(self.md_operand()?);
                            if self.eat(TokenKind::RBrace)? {
                                break;
                            }
                            self.expect(TokenKind::Comma, "',' or '}' in the operands")?;
                        }
                    }
                    MdField::Ref(self.m.metadata.intern(MdNode::Tuple { distinct: None, ops: ops.into() }))
                } else {
                    self.md_field_value()?
                };
                fields.push((fname, v));
                if self.eat(TokenKind::RParen)? {
                    break;
                }
                self.expect(TokenKind::Comma, "',' or ')'")?;
            }
        }
        // Required by both readers that know the field (LLVM 19 relaxed some of LLVM 7's).
        for f in spec.fields {
            let required =
                [LlvmVersion::Llvm7, LlvmVersion::Llvm19].iter().all(|&v| f.rules(v).is_none_or(|r| r.required));
            if required && !fields.iter().any(|(n, _)| **n == *f.name) {
                return Err(ParseError::new(sp(t), format!("missing required field '{}'", f.name)));
            }
        }
        Ok(MdNode::Special { distinct, kind: name, fields: fields.into() })
    }

    fn md_field_value(&mut self) -> PResult<MdField> {
        let t = self.tok;
        Ok(match t.kind {
            TokenKind::Keyword(Keyword::Null) => {
                self.bump()?;
                MdField::Null
            }
            TokenKind::Keyword(Keyword::True) => {
                self.bump()?;
                MdField::Bool(true)
            }
            TokenKind::Keyword(Keyword::False) => {
                self.bump()?;
                MdField::Bool(false)
            }
            TokenKind::Integer => {
                self.bump()?;
                let n: i128 = self
                    .text(t)
                    .parse()
                    .map_err(|_| ParseError::new(sp(t), "integer too large for a metadata field"))?;
                MdField::Int(n)
            }
            TokenKind::String => {
                self.bump()?;
                MdField::Str(self.value_bytes(t).into_owned().into())
            }
            TokenKind::MetadataId(_) | TokenKind::MetadataString | TokenKind::Exclaim | TokenKind::MetadataVar => {
                match self.md_operand()? {
                    Some(id) => MdField::Ref(id),
                    None => MdField::Null,
                }
            }
            // A typed constant (`value: i32 3` in a template value parameter) is metadata too.
            TokenKind::IntType(_)
            | TokenKind::LSquare
            | TokenKind::LBrace
            | TokenKind::Less
            | TokenKind::Keyword(
                Keyword::Half
                | Keyword::Bfloat
                | Keyword::Float
                | Keyword::Double
                | Keyword::X86Fp80
                | Keyword::Fp128
                | Keyword::PpcFp128
                | Keyword::Ptr,
            ) => match self.md_operand()? {
                Some(id) => MdField::Ref(id),
                None => MdField::Null,
            },
            TokenKind::DebugInfo(_) | TokenKind::Word | TokenKind::Keyword(_) => {
                // Enumerators and flag sets: `DW_TAG_member`, `DIFlagA | DIFlagB`, `FullDebug`.
                let mut text = String::from(self.text(t));
                self.bump()?;
                while self.eat(TokenKind::Bar)? {
                    let w = self.bump()?;
                    text.push_str(" | ");
                    text.push_str(self.text(w));
                }
                MdField::Word(text.into())
            }
            _ => return self.err(format!("expected a metadata field value, found {}", self.describe())),
        })
    }
}
