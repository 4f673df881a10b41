//! Metadata: `!N = …` definitions, `!name = !{…}`, operands, and specialized `!DI…(…)` nodes.

use super::{sp, PResult, ParseError, Parser};
use crate::ir::di::{DiKind, LlvmVersion};
use crate::ir::metadata::{ExprElem, FieldName, KindName, MdField, MdId, MdNode, NamedMd};
use crate::ir::remap::Remap;
use crate::ir::value::Value;
use crate::ir::{ConstId, TypeId};
use crate::text::token::{Keyword, Token, TokenKind};
use nvir_diag::Span;
use std::collections::hash_map::Entry;

/// One step of reading the module's trailing metadata, as a worker that read it ahead logs it
/// (its own handles), for the main reader to take in its place (see `parallel.rs`): what the
/// main reader's module gains at each step depends on what the function bodies before it made
/// (which slots they referred to, which nodes exist), which the worker did not see.
#[derive(Debug, Clone, Copy)]
pub(super) enum MdOp {
    /// A `null` operand.
    Null,
    /// An operand `!N`.
    Slot(u32, Span),
    /// An operand `!"…"` (its token).
    Str(Token),
    /// An operand `T v` (the worker's handles).
    Typed(TypeId, ConstId),
    /// An operand `!{…}` of that many operands (the last ones read).
    Tuple(usize),
    /// `!N = !{…}` (the `!N` token) of that many operands.
    Def(Token, usize),
    /// `!name = !{…}` (the name token) of that many nodes.
    Named(Token, usize),
}

/// Why a worker reading trailing metadata stops: what it does not log (the main reader reads it).
const TAIL_UNSUPPORTED: &str = "not read ahead";

/// Whether the top-level entity at `at` is one a worker reading the trailing metadata logs:
/// `!N = !{…}` or `!name = !{…}` whose line shows no `distinct` or specialized node (one that
/// does comes back as [`TAIL_UNSUPPORTED`] when read).
pub(super) fn loggable_entity(src: &[u8], at: usize) -> bool {
    let Some(line) = src.get(at..) else { return false };
    let line = &line[..line.iter().position(|&b| b == b'\n').unwrap_or(line.len())];
    let Some(eq) = line.iter().position(|&b| b == b'=') else { return false };
    let rest = line[eq + 1..].trim_ascii_start();
    rest.starts_with(b"!{") && !rest.windows(2).any(|w| w[0] == b'!' && !matches!(w[1], b'{' | b'"' | b'0'..=b'9'))
}

impl Parser<'_> {
    /// The node for slot `!n`, a placeholder if not defined yet.
    pub(super) fn md_slot(&mut self, n: u32, at: nvir_diag::Span) -> MdId {
        if let Some(&id) = self.md_slots.get(&n) {
            return id;
        }
        self.md_uses.entry(n).or_insert((at.start as u32, at.end as u32));
        let id = self.m.metadata.placeholder(n);
        self.md_slots.insert(n, id);
        id
    }

    /// Logs a step of reading trailing metadata ahead (nothing when not doing so).
    #[inline]
    fn log(&mut self, op: MdOp) {
        if let Some(log) = &mut self.md_log {
            log.push(op);
        }
    }

    /// Takes in the trailing metadata a worker read ahead: its steps, done here in order as the
    /// sequential read does them, with `r` mapping the worker's types and constants (merged
    /// already). `Ok(false)`: the log does not add up (nothing is left consistent: read again).
    pub(super) fn replay_md(&mut self, log: &[MdOp], r: &Remap) -> PResult<bool> {
        let mut ops: Vec<Option<MdId>> = Vec::new();
        for &op in log {
            match op {
                MdOp::Null => ops.push(None),
                MdOp::Slot(n, at) => {
                    let id = self.md_slot(n, at);
                    ops.push(Some(id));
                }
                MdOp::Str(t) => {
                    let s = self.value_bytes(t).into_owned();
                    ops.push(Some(self.m.metadata.intern(MdNode::String(s.into()))));
                }
                MdOp::Typed(ty, c) => {
                    let node = MdNode::Value(r.ty(ty), Value::Const(r.cnst(c)));
                    ops.push(Some(self.m.metadata.intern(node)));
                }
                MdOp::Tuple(k) | MdOp::Def(_, k) | MdOp::Named(_, k) => {
                    let Some(from) = ops.len().checked_sub(k) else { return Ok(false) };
                    let last: Vec<Option<MdId>> = ops.drain(from..).collect();
                    match op {
                        MdOp::Tuple(_) => {
                            let id = self.m.metadata.intern(MdNode::Tuple { distinct: None, ops: last.into() });
                            ops.push(Some(id));
                        }
                        MdOp::Def(t, _) => {
                            if !matches!(t.kind, TokenKind::MetadataId(_)) {
                                return Ok(false);
                            }
                            self.define_slot(t, MdNode::Tuple { distinct: None, ops: last.into() })?;
                        }
                        _ => {
                            let MdOp::Named(t, _) = op else { unreachable!() };
                            let Some(nodes) = last.into_iter().collect::<Option<Vec<MdId>>>() else { return Ok(false) };
                            let name = self.value_str(t)?;
                            self.add_named(name, nodes);
                        }
                    }
                }
            }
        }
        Ok(ops.is_empty())
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
                        self.log(MdOp::Slot(n, sp(r)));
                    }
                    TokenKind::MetadataVar if self.md_log.is_some() => return self.err(TAIL_UNSUPPORTED),
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
        self.log(MdOp::Named(t, nodes.len()));
        self.add_named(name, nodes);
        Ok(())
    }

    /// Adds `nodes` to the named metadata `name`.
    fn add_named(&mut self, name: Box<str>, nodes: Vec<MdId>) {
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
    }

    /// `!N = [distinct] !{…}` or `!N = [distinct] !DIxxx(…)`.
    pub(super) fn metadata_definition(&mut self) -> PResult<()> {
        let t = self.bump()?;
        self.expect(TokenKind::Equal, "'='")?;
        let distinct = if self.eat_kw(Keyword::Distinct)? { Some(self.m.metadata.new_distinct()) } else { None };
        if self.md_log.is_some() && (distinct.is_some() || self.tok.kind != TokenKind::Exclaim) {
            return self.err(TAIL_UNSUPPORTED);
        }
        let node = match self.tok.kind {
            TokenKind::Exclaim => self.tuple_content(distinct)?,
            TokenKind::MetadataVar => self.specialized_content(distinct)?,
            _ => return self.err("expected '!{' or a specialized node (!DI…) after '='"),
        };
        if let MdNode::Tuple { ops, .. } = &node {
            self.log(MdOp::Def(t, ops.len()));
        }
        self.define_slot(t, node)
    }

    /// Gives slot `!N` (the token `t`) its node.
    fn define_slot(&mut self, t: Token, node: MdNode) -> PResult<()> {
        let TokenKind::MetadataId(n) = t.kind else { unreachable!() };
        if !self.md_defined.insert(n) {
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
    fn tuple_content(&mut self, distinct: Option<std::num::NonZeroU32>) -> PResult<MdNode> {
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
                self.log(MdOp::Null);
                return Ok(None);
            }
            TokenKind::MetadataId(n) => {
                self.bump()?;
                self.log(MdOp::Slot(n, sp(t)));
                self.md_slot(n, sp(t))
            }
            TokenKind::MetadataString => {
                self.bump()?;
                self.log(MdOp::Str(t));
                let s = self.value_bytes(t).into_owned();
                self.m.metadata.intern(MdNode::String(s.into()))
            }
            TokenKind::Exclaim => {
                let node = self.tuple_content(None)?;
                if let MdNode::Tuple { ops, .. } = &node {
                    self.log(MdOp::Tuple(ops.len()));
                }
                self.m.metadata.intern(node)
            }
            TokenKind::MetadataVar if self.md_log.is_some() => return self.err(TAIL_UNSUPPORTED),
            TokenKind::MetadataVar => self.specialized(None)?,
            _ => {
                self.md_type_at = t.start as usize;
                let ty = self.parse_type()?;
                let at = self.span();
                let v = self.parse_val_id()?;
                let c = self.const_from(v, ty, at)?;
                self.log(MdOp::Typed(ty, c));
                self.m.metadata.intern(MdNode::Value(ty, Value::Const(c)))
            }
        }))
    }

    /// A specialized node, interned.
    pub(super) fn specialized(&mut self, distinct: Option<std::num::NonZeroU32>) -> PResult<MdId> {
        let node = self.specialized_content(distinct)?;
        Ok(self.m.metadata.intern(node))
    }

    fn specialized_content(&mut self, distinct: Option<std::num::NonZeroU32>) -> PResult<MdNode> {
        let t = self.bump()?;
        let name = self.name_cow(t)?;
        if &*name == "DIArgList" {
            // LLVM's readers know no such node outside a call's argument (LLVM 22's takes it
            // there only; LLVM 7's nowhere): both say so in these words.
            return Err(ParseError::new(sp(t), "expected metadata type")
                .hint("!DIArgList is only valid as a call argument inside a function"));
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
                            elems.push(ExprElem::word(self.text(e)));
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
        let mut fields: Vec<(FieldName, MdField)> = Vec::new();
        if !self.eat(TokenKind::RParen)? {
            loop {
                let f = self.tok;
                let TokenKind::Label { quoted: false } = f.kind else {
                    return self.err(format!("expected a field name (`name:`) in !{name}"));
                };
                self.bump()?;
                let fname = self.name_cow(f)?;
                let Some(fspec) = spec.field(&fname) else {
                    return Err(ParseError::new(sp(f), format!("invalid field '{fname}'"))
                        .hint(format!("!{name} has no field '{fname}' in LLVM 7.0.1 or LLVM 19")));
                };
                // The spec table's name: no allocation per field of every node.
                let fname = FieldName::new(&fspec.name);
                if fields.iter().any(|(n, _)| *n == fname) {
                    return Err(ParseError::new(sp(f), format!("field '{fname}' cannot be specified more than once")));
                }
                let v = if &*name == "GenericDINode" && fname == "operands" && self.tok.kind == TokenKind::LBrace {
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
            if required && !fields.iter().any(|(n, _)| *n == f.name) {
                return Err(ParseError::new(sp(t), format!("missing required field '{}'", f.name)));
            }
        }
        // Exactly as long as it is (a shrunk vector may keep its allocation's size class).
        let fields: Box<[_]> = fields.drain(..).collect();
        Ok(MdNode::Special { distinct, kind: KindName::of(kind), fields })
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
                MdField::int(n)
            }
            TokenKind::String => {
                self.bump()?;
                MdField::str(&self.value_bytes(t))
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
                MdField::word(&text)
            }
            _ => return self.err(format!("expected a metadata field value, found {}", self.describe())),
        })
    }
}
