//! Constants and value references. A value is first read as a [`ValId`] (what was written) and
//! then resolved against the type its context gives, as LLVM's reader does: `i8 -1`, `float 1.0`
//! and `[2 x i8] c"ab"` mean different bits depending on the type.

use super::{sp, PResult, ParseError, Parser, SPLAT_ELEMS_FREE};
use crate::ir::constant::{ApInt, ConstData, ConstExpr, ConstId, ExprOp};
use crate::ir::instruction::{flags, BinOp, CastOp, FloatPredicate, IntPredicate};
use crate::ir::module::{BlockName, FirstWritten, SymbolId};
use crate::ir::types::{FloatKind, TypeData, TypeId};
use crate::text::token::{HexFloatKind, Keyword, Token, TokenKind};
use nvir_diag::Span;

/// A value as written, before its type is applied.
#[derive(Debug, Clone)]
pub(super) enum ValId {
    /// `%x` / `%3`.
    Local(Token),
    /// `@x`.
    Global(SymbolId),
    /// A decimal integer.
    Int(Token),
    /// `s0x…` / `u0x…`.
    HexInt(Token, bool),
    /// A decimal float.
    Float(Token),
    /// A hexadecimal float.
    HexFloat(HexFloatKind, Token),
    /// `true` / `false`.
    Bool(bool),
    /// `null`.
    Null,
    /// `undef`.
    Undef,
    /// `poison`.
    Poison,
    /// `zeroinitializer`.
    Zero,
    /// `none`.
    NoneToken,
    /// `c"…"`.
    CString(Token),
    /// `[ … ]`.
    Array(Vec<ConstId>),
    /// `< … >`.
    Vector(Vec<ConstId>),
    /// `{ … }` / `<{ … }>`.
    Struct(Vec<ConstId>, bool),
    /// A constant expression (already typed).
    Const(ConstId),
    /// `blockaddress(@f, %bb)`.
    BlockAddress(SymbolId, BlockName),
    /// `dso_local_equivalent @f`.
    DsoLocalEquivalent(SymbolId),
    /// `no_cfi @f`.
    NoCfi(SymbolId),
    /// `splat (T v)` (LLVM 19): a vector of copies of `v`.
    Splat(ConstId),
    /// Inline assembly.
    Asm { side_effect: bool, align_stack: bool, intel: bool, unwind: bool, asm: Box<[u8]>, constraints: Box<[u8]> },
}

/// Entries in the small-integer constant cache (a power of two).
pub(super) const INT_CACHE: usize = 4096;

/// The most significant decimal digits a literal may have (past leading zeros, and of those that
/// matter at its width: 10^w is a multiple of 2^w, so only the last `w` digits do). Converting
/// decimal to binary takes time quadratic in the digits; this keeps one literal under a second.
pub(super) const MAX_DECIMAL_DIGITS: usize = 100_000;

/// Decimal digits to a `width`-bit two's-complement integer (silently truncated, as LLVM does).
/// `None`: malformed, or more than [`MAX_DECIMAL_DIGITS`] significant digits.
fn decimal_apint(text: &str, width: u32) -> Option<ApInt> {
    let (neg, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if width <= 64 && digits.len() <= 19 {
        // The common case: nineteen digits fit in 64 bits, no big-number arithmetic.
        let v = digits.bytes().fold(0u64, |v, d| v * 10 + u64::from(d - b'0'));
        let v = if neg { v.wrapping_neg() } else { v };
        let mask = if width == 64 { u64::MAX } else { (1u64 << width) - 1 };
        return Some(ApInt::Small(v & mask));
    }
    // Digits above the last `width` add multiples of 2^width: they do not change the value.
    let digits = &digits.as_bytes()[digits.len().saturating_sub(width.max(1) as usize)..];
    let first = digits.iter().position(|&b| b != b'0').unwrap_or(digits.len());
    let digits = &digits[first..];
    if digits.len() > MAX_DECIMAL_DIGITS {
        return None;
    }
    // Horner's rule nineteen digits at a time, in as many words as the digits need (at most as
    // many as the width needs, plus one): a literal's cost follows its digits, not its type.
    let nwords = ((width as usize).div_ceil(64) + 1).min(digits.len() / 19 + 2);
    let mut words = Vec::with_capacity(nwords);
    let head = digits.len() % 19;
    let chunks = std::iter::once(&digits[..head]).chain(digits[head..].chunks(19));
    for chunk in chunks.filter(|c| !c.is_empty()) {
        let scale = 10u128.pow(chunk.len() as u32);
        let mut carry = chunk.iter().fold(0u128, |v, d| v * 10 + u128::from(d - b'0'));
        for w in words.iter_mut() {
            let v = u128::from(*w) * scale + carry;
            *w = v as u64;
            carry = v >> 64;
        }
        if carry != 0 && words.len() < nwords {
            words.push(carry as u64);
        }
    }
    if neg && words.iter().any(|&w| w != 0) {
        // Two's complement: the words negated, and every bit above them set.
        let mut carry = true;
        for w in words.iter_mut() {
            let (v, c) = (!*w).overflowing_add(u64::from(carry));
            *w = v;
            carry = c;
        }
        return Some(ApInt::from_words_filled(words, true, width));
    }
    Some(ApInt::from_words(words, width))
}

/// Hexadecimal digits (`u0x…`, `s0x…`) to a `width`-bit integer, read from the last digit up
/// (linear in the digits). As in LLVM, `s0x` sign-extends from the top set bit written.
fn hex_apint(digits: &str, width: u32, signed: bool) -> Option<ApInt> {
    let significant = digits.trim_start_matches('0');
    let nwords = (width as usize).div_ceil(64).max(1).min(significant.len().div_ceil(16) + 1);
    let mut words = vec![0u64; nwords];
    for (i, c) in significant.bytes().rev().enumerate() {
        let d = u64::from(crate::text::token::hex_digit(c)?);
        if let Some(w) = words.get_mut(i / 16) {
            *w |= d << (4 * (i % 16));
        }
    }
    let Some(top) = words.iter().rposition(|&w| w != 0) else { return Some(ApInt::Small(0)) };
    if signed && significant.len().div_ceil(16) <= nwords {
        // Every bit above the top set one is a copy of it.
        words.truncate(top + 1);
        let bit = 63 - words[top].leading_zeros();
        words[top] |= !0u64 << bit;
        return Some(ApInt::from_words_filled(words, true, width));
    }
    Some(ApInt::from_words(words, width))
}

impl Parser<'_> {
    /// Reads a value as written.
    pub(super) fn parse_val_id(&mut self) -> PResult<ValId> {
        self.enter()?;
        let r = self.parse_val_id_inner();
        self.leave();
        r
    }

    fn parse_val_id_inner(&mut self) -> PResult<ValId> {
        let t = self.tok;
        let v = match t.kind {
            TokenKind::LocalVar { .. } | TokenKind::LocalId(_) => {
                self.bump()?;
                ValId::Local(t)
            }
            TokenKind::GlobalVar { .. } | TokenKind::GlobalId(_) => {
                self.bump()?;
                ValId::Global(self.global_token_symbol(t)?)
            }
            TokenKind::Integer => {
                self.bump()?;
                ValId::Int(t)
            }
            TokenKind::HexInt { signed } => {
                self.bump()?;
                ValId::HexInt(t, signed)
            }
            TokenKind::Float => {
                self.bump()?;
                ValId::Float(t)
            }
            TokenKind::HexFloat(k) => {
                self.bump()?;
                ValId::HexFloat(k, t)
            }
            TokenKind::CString => {
                self.bump()?;
                ValId::CString(t)
            }
            TokenKind::LSquare => {
                self.bump()?;
                ValId::Array(self.const_list(TokenKind::RSquare, "']'")?)
            }
            TokenKind::LBrace => {
                self.bump()?;
                ValId::Struct(self.const_list(TokenKind::RBrace, "'}'")?, false)
            }
            TokenKind::Less => {
                self.bump()?;
                if self.eat(TokenKind::LBrace)? {
                    let fields = self.const_list(TokenKind::RBrace, "'}'")?;
                    self.expect(TokenKind::Greater, "'>' after a packed struct constant")?;
                    ValId::Struct(fields, true)
                } else {
                    ValId::Vector(self.const_list(TokenKind::Greater, "'>'")?)
                }
            }
            TokenKind::Keyword(kw) => match kw {
                Keyword::True => {
                    self.bump()?;
                    ValId::Bool(true)
                }
                Keyword::False => {
                    self.bump()?;
                    ValId::Bool(false)
                }
                Keyword::Null => {
                    self.bump()?;
                    ValId::Null
                }
                Keyword::Undef => {
                    self.bump()?;
                    ValId::Undef
                }
                Keyword::Poison => {
                    FirstWritten::note(&mut self.m.first_written.poison, self.tok.start);
                    self.bump()?;
                    ValId::Poison
                }
                Keyword::Zeroinitializer => {
                    self.bump()?;
                    ValId::Zero
                }
                Keyword::None => {
                    self.bump()?;
                    ValId::NoneToken
                }
                Keyword::Blockaddress => self.block_address()?,
                Keyword::DsoLocalEquivalent | Keyword::NoCfi => {
                    if kw == Keyword::NoCfi {
                        FirstWritten::note(&mut self.m.first_written.no_cfi, self.tok.start);
                    }
                    self.bump()?;
                    let g = self.tok;
                    if !matches!(g.kind, TokenKind::GlobalVar { .. } | TokenKind::GlobalId(_)) {
                        return self.err("expected a global value");
                    }
                    self.bump()?;
                    let s = self.global_token_symbol(g)?;
                    if kw == Keyword::NoCfi {
                        ValId::NoCfi(s)
                    } else {
                        ValId::DsoLocalEquivalent(s)
                    }
                }
                Keyword::Asm => self.inline_asm()?,
                Keyword::Splat => {
                    FirstWritten::note(&mut self.m.first_written.splat, self.tok.start);
                    self.bump()?;
                    self.expect(TokenKind::LParen, "'(' after 'splat'")?;
                    let c = self.parse_typed_const()?;
                    self.expect(TokenKind::RParen, "')' after the splat value")?;
                    ValId::Splat(c)
                }
                _ => ValId::Const(self.const_expr()?),
            },
            _ => return self.err(format!("expected value token, found {}", self.describe())),
        };
        Ok(v)
    }

    /// `T v, T v` up to `close`.
    fn const_list(&mut self, close: TokenKind, what: &str) -> PResult<Vec<ConstId>> {
        let mut out = Vec::new();
        if self.eat(close)? {
            return Ok(out);
        }
        loop {
            out.push(self.parse_typed_const()?);
            if self.eat(close)? {
                return Ok(out);
            }
            if self.tok.kind != TokenKind::Comma {
                return self.err(format!("expected ',' or {what}, found {}", self.describe()));
            }
            self.bump()?;
        }
    }

    fn block_address(&mut self) -> PResult<ValId> {
        self.bump()?;
        self.expect(TokenKind::LParen, "'(' after blockaddress")?;
        let g = self.tok;
        if !matches!(g.kind, TokenKind::GlobalVar { .. } | TokenKind::GlobalId(_)) {
            return self.err("expected a function name in blockaddress");
        }
        self.bump()?;
        let f = self.global_token_symbol(g)?;
        self.expect(TokenKind::Comma, "','")?;
        let b = self.bump()?;
        let block = match b.kind {
            TokenKind::LocalId(n) => BlockName::Numbered(n),
            TokenKind::LocalVar { .. } => BlockName::Named(self.value_str(b)?),
            _ => return Err(ParseError::new(sp(b), "expected a block name in blockaddress")),
        };
        self.expect(TokenKind::RParen, "')'")?;
        Ok(ValId::BlockAddress(f, block))
    }

    fn inline_asm(&mut self) -> PResult<ValId> {
        self.expect_kw(Keyword::Asm)?;
        let side_effect = self.eat_kw(Keyword::Sideeffect)?;
        let align_stack = self.eat_kw(Keyword::Alignstack)?;
        let intel = self.eat_kw(Keyword::Inteldialect)?;
        let unwind = self.eat_kw(Keyword::Unwind)?;
        let asm = self.parse_string()?;
        self.expect(TokenKind::Comma, "',' after the assembly string")?;
        let constraints = self.parse_string()?;
        Ok(ValId::Asm { side_effect, align_stack, intel, unwind, asm, constraints })
    }

    /// `T v` in a constant context.
    pub(super) fn parse_typed_const(&mut self) -> PResult<ConstId> {
        let ty = self.parse_type()?;
        let at = self.span();
        let v = self.parse_val_id()?;
        self.const_from(v, ty, at)
    }

    fn int_const(&mut self, ty: TypeId, value: ApInt) -> ConstId {
        // Small integers (GEP indices, flags, sizes) recur constantly: a direct-mapped cache
        // answers most of them without hashing a ConstData.
        let ApInt::Small(v) = value else { return self.m.constant(ConstData::Int { ty, value }) };
        let slot = (v as usize ^ ty.index().wrapping_mul(0x9E37)) & (INT_CACHE - 1);
        if let Some((t, x, c)) = self.common.ints_const[slot] {
            if t == ty && x == v {
                return c;
            }
        }
        let c = self.m.constant(ConstData::Int { ty, value });
        self.common.ints_const[slot] = Some((ty, v, c));
        c
    }

    fn float_kind(&self, ty: TypeId) -> Option<FloatKind> {
        match self.m.types.get(ty) {
            TypeData::Float(k) => Some(*k),
            _ => None,
        }
    }

    fn type_name(&self, ty: TypeId) -> String {
        // A reader that upgrades typed pointers names them as it holds them: `ptr addrspace(N)`.
        let mut s = String::new();
        self.m.types.write_in(ty, &mut s, !self.check_pointees);
        s
    }

    /// LLVM's error for a cast its opcode cannot make, at the opcode.
    pub(super) fn invalid_cast(&self, at: Span, from: TypeId, to: TypeId) -> ParseError {
        ParseError::new(
            at,
            format!("invalid cast opcode for cast from '{}' to '{}'", self.type_name(from), self.type_name(to)),
        )
    }

    /// Applies a type to a value as written, in a constant context.
    pub(super) fn const_from(&mut self, v: ValId, ty: TypeId, at: Span) -> PResult<ConstId> {
        let bad = |p: &Self, what: &str| {
            Err(ParseError::new(at, format!("{what} is invalid for type '{}'", p.type_name(ty))))
        };
        Ok(match v {
            ValId::Int(t) => {
                let Some(w) = self.m.types.int_width(ty) else {
                    return bad(self, "an integer constant");
                };
                let value = decimal_apint(self.text(t), w).ok_or_else(|| {
                    ParseError::new(
                        sp(t),
                        format!("integer constant has more than {MAX_DECIMAL_DIGITS} significant decimal digits"),
                    )
                })?;
                self.int_const(ty, value)
            }
            ValId::HexInt(t, signed) => {
                let Some(w) = self.m.types.int_width(ty) else {
                    return bad(self, "an integer constant");
                };
                let digits = &self.text(t)[3..];
                let value = hex_apint(digits, w, signed).ok_or_else(|| ParseError::new(sp(t), "malformed integer"))?;
                self.int_const(ty, value)
            }
            ValId::Bool(b) => {
                if self.m.types.int_width(ty) != Some(1) {
                    return bad(self, "true/false");
                }
                self.int_const(ty, ApInt::Small(u64::from(b)))
            }
            ValId::Float(t) => {
                let Some(k) = self.float_kind(ty) else {
                    return bad(self, "a floating-point constant");
                };
                let d: f64 =
                    self.text(t).parse().map_err(|_| ParseError::new(sp(t), "malformed floating-point constant"))?;
                let bits = crate::ir::float::from_f64(k, d).ok_or_else(|| {
                    ParseError::new(sp(t), format!("floating point constant invalid for type '{}'", self.type_name(ty)))
                })?;
                self.m.constant(ConstData::Float { ty, bits: bits.into() })
            }
            ValId::HexFloat(kind, t) => {
                let Some(k) = self.float_kind(ty) else {
                    return bad(self, "a floating-point constant");
                };
                let digits = &t.bytes(self.src)[kind.prefix_len()..];
                let raw = kind
                    .bits(digits)
                    .ok_or_else(|| ParseError::new(sp(t), "malformed hexadecimal floating-point constant"))?;
                let bits = match (kind, k) {
                    (HexFloatKind::Double, _) => crate::ir::float::from_f64(k, f64::from_bits(raw as u64)),
                    (HexFloatKind::X87, FloatKind::X86Fp80)
                    | (HexFloatKind::Quad, FloatKind::Fp128)
                    | (HexFloatKind::PpcDoubleDouble, FloatKind::PpcFp128)
                    | (HexFloatKind::Half, FloatKind::Half)
                    | (HexFloatKind::BFloat, FloatKind::BFloat) => Some(raw),
                    _ => None,
                };
                let bits = bits.ok_or_else(|| {
                    ParseError::new(sp(t), format!("floating point constant invalid for type '{}'", self.type_name(ty)))
                })?;
                self.m.constant(ConstData::Float { ty, bits: bits.into() })
            }
            ValId::Null => {
                if !matches!(self.m.types.get(ty), TypeData::Pointer { .. } | TypeData::TargetExt(_)) {
                    return bad(self, "null");
                }
                self.m.constant(ConstData::Null(ty))
            }
            ValId::Undef | ValId::Poison | ValId::Zero => {
                if matches!(
                    self.m.types.get(ty),
                    TypeData::Void | TypeData::Label | TypeData::Function { .. } | TypeData::Metadata
                ) {
                    return bad(self, "this constant");
                }
                self.m.constant(match v {
                    ValId::Undef => ConstData::Undef(ty),
                    ValId::Poison => ConstData::Poison(ty),
                    _ => ConstData::Zero(ty),
                })
            }
            ValId::NoneToken => {
                if !matches!(self.m.types.get(ty), TypeData::Token) {
                    return bad(self, "none");
                }
                self.m.constant(ConstData::NoneToken(ty))
            }
            ValId::CString(t) => {
                let bytes = self.value_bytes(t).into_owned();
                match self.m.types.get(ty) {
                    TypeData::Array { len, elem }
                        if *len == bytes.len() as u64 && self.m.types.int_width(*elem) == Some(8) => {}
                    _ => {
                        return Err(ParseError::new(
                            at,
                            format!(
                                "constant string of {} bytes is invalid for type '{}'",
                                bytes.len(),
                                self.type_name(ty)
                            ),
                        ))
                    }
                }
                self.m.constant(ConstData::Bytes { ty, bytes: bytes.into() })
            }
            ValId::Array(elems) => {
                let &TypeData::Array { len, elem } = self.m.types.get(ty) else {
                    return bad(self, "an array constant");
                };
                if len != elems.len() as u64 {
                    return Err(ParseError::new(
                        at,
                        format!(
                            "array constant has {} elements, type '{}' needs {len}",
                            elems.len(),
                            self.type_name(ty)
                        ),
                    ));
                }
                self.check_elems(&elems, &[elem], at)?;
                self.m.constant(ConstData::Array { ty, elems: elems.into() })
            }
            ValId::Vector(elems) => {
                let &TypeData::Vector { len, elem, .. } = self.m.types.get(ty) else {
                    return bad(self, "a vector constant");
                };
                if len as usize != elems.len() {
                    return Err(ParseError::new(
                        at,
                        format!(
                            "vector constant has {} elements, type '{}' needs {len}",
                            elems.len(),
                            self.type_name(ty)
                        ),
                    ));
                }
                self.check_elems(&elems, &[elem], at)?;
                self.m.constant(ConstData::Vector { ty, elems: elems.into() })
            }
            ValId::Struct(fields, packed) => {
                let body = match self.m.types.get(ty) {
                    TypeData::Struct(b) => Some(b.clone()),
                    TypeData::Named(id) => self.m.types.named(*id).body.clone(),
                    _ => None,
                };
                let Some(body) = body.filter(|b| b.packed == packed && b.fields.len() == fields.len()) else {
                    return bad(self, "this struct constant");
                };
                // LLVM's words (both of libNVVM's readers, measured on the held-out draws).
                if let Some(i) = fields.iter().zip(&body.fields).position(|(&e, &w)| self.m.const_ty(e) != w) {
                    return Err(ParseError::new(
                        at,
                        format!("element {i} of struct initializer doesn't match struct element type"),
                    ));
                }
                self.m.constant(ConstData::Struct { ty, fields: fields.into() })
            }
            ValId::Const(c) => {
                if self.m.const_ty(c) != ty {
                    self.note_pointee_blind();
                    return Err(ParseError::new(
                        at,
                        format!(
                            "constant expression has type '{}', expected '{}'",
                            self.type_name(self.m.const_ty(c)),
                            self.type_name(ty)
                        ),
                    ));
                }
                c
            }
            ValId::Global(s) => {
                // The same global is referenced with the same type again and again (every call of
                // a function): remember its constant per symbol.
                if let Some(Some((t, c))) = self.sym_consts.get(s.index()) {
                    if *t == ty {
                        return Ok(*c);
                    }
                }
                if !matches!(self.m.types.get(ty), TypeData::Pointer { .. }) {
                    return Err(ParseError::new(
                        at,
                        format!("global variable reference must have pointer type, not '{}'", self.type_name(ty)),
                    ));
                }
                self.use_symbol(s, ty, at)?;
                let c = self.m.constant(ConstData::Global { ty, global: s });
                if self.sym_consts.len() <= s.index() {
                    self.sym_consts.resize(s.index() + 1, None);
                }
                self.sym_consts[s.index()] = Some((ty, c));
                c
            }
            ValId::BlockAddress(func, block) => self.m.constant(ConstData::BlockAddress { ty, func, block }),
            ValId::DsoLocalEquivalent(global) => self.m.constant(ConstData::DsoLocalEquivalent { ty, global }),
            ValId::NoCfi(global) => self.m.constant(ConstData::NoCfi { ty, global }),
            ValId::Splat(c) => {
                let &TypeData::Vector { len, elem, scalable } = self.m.types.get(ty) else {
                    return Err(ParseError::new(at, "splat must have a vector type"));
                };
                if elem != self.m.const_ty(c) {
                    return Err(ParseError::new(at, "splat value has the wrong type"));
                }
                let zero = match &self.m.consts[c] {
                    ConstData::Zero(_) | ConstData::Null(_) => true,
                    ConstData::Float { bits, .. } => bits.get() == 0,
                    _ => self.const_index(c) == Some(0),
                };
                // LLVM makes a splat of zero `zeroinitializer`, and one of undef or poison the
                // vector's undef or poison (`ConstantVector::get`): nothing to copy.
                if zero {
                    return Ok(self.m.constant(ConstData::Zero(ty)));
                }
                match self.m.consts[c] {
                    ConstData::Undef(_) => return Ok(self.m.constant(ConstData::Undef(ty))),
                    ConstData::Poison(_) => return Ok(self.m.constant(ConstData::Poison(ty))),
                    _ => {}
                }
                if scalable {
                    // LLVM makes a scalable splat of any other value
                    // `shufflevector (insertelement (poison, v, i64 0), poison, zeroinitializer)`.
                    let poison = self.m.constant(ConstData::Poison(ty));
                    let i64_ty = self.m.types.int(64);
                    let index = self.m.constant(ConstData::Int { ty: i64_ty, value: ApInt::Small(0) });
                    let first = self.expr(ExprOp::InsertElement, ty, 0, vec![poison, c, index], None, vec![]);
                    let i32_ty = self.m.types.int(32);
                    let mask_ty = self.m.types.intern(TypeData::Vector { len, elem: i32_ty, scalable: true });
                    let mask = self.m.constant(ConstData::Zero(mask_ty));
                    self.expr(ExprOp::ShuffleVector, ty, 0, vec![first, poison, mask], None, vec![])
                } else {
                    // Each splat is a vector of copies: a few bytes of text make up to 2^32 of
                    // them, so the copies of a whole input are bounded by its size.
                    self.splat_elems += u64::from(len);
                    if self.splat_elems > (SPLAT_ELEMS_FREE).max(self.src.len() as u64) {
                        return Err(ParseError::new(
                            at,
                            format!(
                                "splat of {len} elements: the input's splats copy more elements than \
                                 {} (one per input byte, at least {SPLAT_ELEMS_FREE})",
                                SPLAT_ELEMS_FREE.max(self.src.len() as u64)
                            ),
                        ));
                    }
                    self.m.constant(ConstData::Vector { ty, elems: vec![c; len as usize].into() })
                }
            }
            ValId::Local(t) => return Err(ParseError::new(sp(t), "local values cannot be used in a constant")),
            ValId::Asm { .. } => return Err(ParseError::new(at, "inline assembly is not a constant")),
        })
    }

    /// Checks a global's use type against its definition (or records it for the definition).
    pub(super) fn use_symbol(&mut self, s: SymbolId, ty: TypeId, at: Span) -> PResult<()> {
        match self.m.symbols[s].def {
            Some(def) => {
                let (vty, addr_space) = self.global_value_type(def);
                // A reader that upgrades typed pointers checks the address space only (measured,
                // `pointeemix/*_global_*`).
                let fits = if self.check_pointees {
                    self.ptr_type_fits(ty, vty, addr_space)
                } else {
                    self.ptr_space_fits(ty, addr_space)
                };
                if !fits {
                    // LLVM's words, with the global's pointer type as its dialect writes it.
                    let space = if addr_space == 0 { String::new() } else { format!(" addrspace({addr_space})") };
                    let defined = match self.dialect {
                        _ if !self.check_pointees => format!("ptr{space}"),
                        crate::ir::types::Dialect::OpaquePointers => format!("ptr{space}"),
                        _ => format!("{}{space}*", self.type_name(vty)),
                    };
                    return Err(ParseError::new(
                        at,
                        format!(
                            "'@{}' defined with type '{defined}' but expected '{}'",
                            self.m.symbols[s].name,
                            self.type_name(ty)
                        ),
                    ));
                }
            }
            None => match self.sym_uses.get(&s) {
                // Every use of a global not yet defined has the type of the first, as LLVM's
                // reader requires of its placeholder.
                Some(&(_, first)) if first != ty && self.check_pointees => {
                    return Err(ParseError::new(
                        at,
                        format!(
                            "'@{}' defined with type '{}' but expected '{}'",
                            self.m.symbols[s].name,
                            self.type_name(first),
                            self.type_name(ty)
                        ),
                    ));
                }
                Some(_) => {}
                None => {
                    self.sym_uses.insert(s, (at, ty));
                }
            },
        }
        Ok(())
    }

    fn check_elems(&self, elems: &[ConstId], want: &[TypeId], at: Span) -> PResult<()> {
        for (i, &e) in elems.iter().enumerate() {
            let w = if want.len() == 1 { want[0] } else { want[i] };
            if self.m.const_ty(e) != w {
                return Err(ParseError::new(
                    at,
                    format!(
                        "element {i} has type '{}', expected '{}'",
                        self.type_name(self.m.const_ty(e)),
                        self.type_name(w)
                    ),
                ));
            }
        }
        Ok(())
    }

    // ---- constant expressions ----

    fn const_expr(&mut self) -> PResult<ConstId> {
        let at = self.span();
        let TokenKind::Keyword(kw) = self.tok.kind else { unreachable!() };
        let name = kw.as_str();
        if let Some(op) = CastOp::from_keyword(name) {
            if op == CastOp::PtrToAddr {
                FirstWritten::note(&mut self.m.first_written.ptrtoaddr, self.tok.start);
            }
            self.bump()?;
            self.expect(TokenKind::LParen, "'('")?;
            let v = self.parse_typed_const()?;
            self.expect_kw(Keyword::To)?;
            let to = self.parse_type()?;
            self.expect(TokenKind::RParen, "')'")?;
            let from = self.m.const_ty(v);
            if !crate::ir::valid::cast_is_valid(&self.m.types, op, from, to) {
                return Err(self.invalid_cast(at, from, to));
            }
            return Ok(self.expr(ExprOp::Cast(op), to, 0, vec![v], None, vec![]));
        }
        if let Some(op) = BinOp::from_keyword(name) {
            self.bump()?;
            let fl = self.wrap_flags()?;
            self.expect(TokenKind::LParen, "'('")?;
            let a = self.parse_typed_const()?;
            self.expect(TokenKind::Comma, "','")?;
            let b = self.parse_typed_const()?;
            self.expect(TokenKind::RParen, "')'")?;
            let ty = self.m.const_ty(a);
            return Ok(self.expr(ExprOp::Binary(op), ty, fl, vec![a, b], None, vec![]));
        }
        match kw {
            Keyword::Getelementptr => self.gep_expr(),
            Keyword::Icmp | Keyword::Fcmp => {
                self.bump()?;
                let pt = self.bump()?;
                let ptext = self.text(pt);
                let op = if kw == Keyword::Icmp {
                    IntPredicate::from_keyword(ptext).map(ExprOp::ICmp)
                } else {
                    FloatPredicate::from_keyword(ptext).map(ExprOp::FCmp)
                };
                let op = op.ok_or_else(|| ParseError::new(sp(pt), "expected a comparison predicate"))?;
                self.expect(TokenKind::LParen, "'('")?;
                let a = self.parse_typed_const()?;
                self.expect(TokenKind::Comma, "','")?;
                let b = self.parse_typed_const()?;
                self.expect(TokenKind::RParen, "')'")?;
                let ty = self.cmp_result_type(self.m.const_ty(a));
                Ok(self.expr(op, ty, 0, vec![a, b], None, vec![]))
            }
            Keyword::Select
            | Keyword::Extractelement
            | Keyword::Insertelement
            | Keyword::Shufflevector
            | Keyword::Fneg => {
                if kw == Keyword::Fneg {
                    FirstWritten::note(&mut self.m.first_written.fneg, self.tok.start);
                }
                self.bump()?;
                self.expect(TokenKind::LParen, "'('")?;
                let mut ops = vec![self.parse_typed_const()?];
                while self.eat(TokenKind::Comma)? {
                    ops.push(self.parse_typed_const()?);
                }
                self.expect(TokenKind::RParen, "')'")?;
                let (op, n) = match kw {
                    Keyword::Select => (ExprOp::Select, 3),
                    Keyword::Extractelement => (ExprOp::ExtractElement, 2),
                    Keyword::Insertelement => (ExprOp::InsertElement, 3),
                    Keyword::Shufflevector => (ExprOp::ShuffleVector, 3),
                    _ => (ExprOp::FNeg, 1),
                };
                if ops.len() != n {
                    return Err(ParseError::new(at, format!("'{name}' takes {n} operands")));
                }
                let t0 = self.m.const_ty(ops[0]);
                let ty = match op {
                    ExprOp::Select => self.m.const_ty(ops[1]),
                    ExprOp::ExtractElement => match self.m.types.get(t0) {
                        TypeData::Vector { elem, .. } => *elem,
                        _ => return Err(ParseError::new(at, "invalid extractelement operands")),
                    },
                    ExprOp::ShuffleVector => {
                        let (TypeData::Vector { elem, scalable, .. }, TypeData::Vector { len, .. }) =
                            (self.m.types.get(t0).clone(), self.m.types.get(self.m.const_ty(ops[2])).clone())
                        else {
                            return Err(ParseError::new(at, "shufflevector needs vectors"));
                        };
                        self.m.types.intern(TypeData::Vector { len, elem, scalable })
                    }
                    _ => t0,
                };
                Ok(self.expr(op, ty, 0, ops, None, vec![]))
            }
            Keyword::Extractvalue | Keyword::Insertvalue => {
                self.bump()?;
                self.expect(TokenKind::LParen, "'('")?;
                let agg = self.parse_typed_const()?;
                let mut ops = vec![agg];
                if kw == Keyword::Insertvalue {
                    self.expect(TokenKind::Comma, "','")?;
                    ops.push(self.parse_typed_const()?);
                }
                let mut idx = Vec::new();
                while self.eat(TokenKind::Comma)? {
                    idx.push(i64::from(self.parse_u32()?));
                }
                self.expect(TokenKind::RParen, "')'")?;
                let agg_ty = self.m.const_ty(agg);
                let ty = if kw == Keyword::Insertvalue {
                    agg_ty
                } else {
                    let idx32: Vec<u32> = idx.iter().map(|&i| i as u32).collect();
                    self.indexed_type(agg_ty, &idx32)
                        .ok_or_else(|| ParseError::new(at, "invalid indices for extractvalue"))?
                };
                let op = if kw == Keyword::Insertvalue { ExprOp::InsertValue } else { ExprOp::ExtractValue };
                Ok(self.expr(op, ty, 0, ops, None, idx))
            }
            Keyword::Ptrauth => self.err(super::PTRAUTH_REFUSED),
            _ => self.err(format!("expected value token, found {}", self.describe())),
        }
    }

    fn expr(
        &mut self,
        op: ExprOp,
        ty: TypeId,
        fl: u8,
        ops: Vec<ConstId>,
        source_ty: Option<TypeId>,
        indices: Vec<i64>,
    ) -> ConstId {
        self.m.constant(ConstData::Expr(Box::new(ConstExpr {
            op,
            ty,
            flags: fl,
            operands: ops.into(),
            source_ty,
            indices: indices.into(),
            inrange: None,
        })))
    }

    /// `nuw`, `nsw`, `exact`, `disjoint` in any order.
    pub(super) fn wrap_flags(&mut self) -> PResult<u8> {
        let mut f = 0;
        loop {
            f |= match self.tok.kind {
                TokenKind::Keyword(Keyword::Nuw) => flags::NUW,
                TokenKind::Keyword(Keyword::Nsw) => flags::NSW,
                TokenKind::Keyword(Keyword::Exact) => flags::EXACT,
                TokenKind::Keyword(Keyword::Disjoint) => flags::DISJOINT,
                _ => return Ok(f),
            };
            self.bump()?;
        }
    }

    /// `inbounds`, `nusw`, `nuw` after `getelementptr`.
    pub(super) fn gep_flags(&mut self) -> PResult<u8> {
        let mut f = 0;
        loop {
            f |= match self.tok.kind {
                TokenKind::Keyword(Keyword::Inbounds) => flags::INBOUNDS,
                TokenKind::Keyword(Keyword::Nusw) => flags::GEP_NUSW,
                TokenKind::Keyword(Keyword::Nuw) => flags::NUW,
                _ => return Ok(f),
            };
            self.bump()?;
        }
    }

    fn gep_expr(&mut self) -> PResult<ConstId> {
        let at = self.span();
        self.bump()?;
        let fl = self.gep_flags()?;
        let range = if self.eat_kw(Keyword::Inrange)? {
            // LLVM 19: `inrange(start, end)` before the operand list.
            self.expect(TokenKind::LParen, "'(' after inrange")?;
            let a = self.signed_i64()?;
            self.expect(TokenKind::Comma, "','")?;
            let b = self.signed_i64()?;
            self.expect(TokenKind::RParen, "')'")?;
            if a > b {
                return self.err("expected end to be larger than start");
            }
            Some((a, b))
        } else {
            None
        };
        self.expect(TokenKind::LParen, "'('")?;
        let source_ty = self.parse_type()?;
        self.expect(TokenKind::Comma, "','")?;
        let mut ops = Vec::new();
        let mut inrange = Vec::new();
        loop {
            if self.eat_kw(Keyword::Inrange)? {
                inrange.push(ops.len() as i64);
            }
            ops.push(self.parse_typed_const()?);
            if !self.eat(TokenKind::Comma)? {
                break;
            }
        }
        self.expect(TokenKind::RParen, "')'")?;
        let tys: Vec<TypeId> = ops.iter().map(|&c| self.m.const_ty(c)).collect();
        let idx_consts: Vec<Option<u64>> = ops[1..].iter().map(|&c| self.const_index(c)).collect();
        let ty = self.gep_result_type(source_ty, &tys, &idx_consts, at)?;
        Ok(self.m.constant(ConstData::Expr(Box::new(ConstExpr {
            op: ExprOp::GetElementPtr,
            ty,
            flags: fl,
            operands: ops.into(),
            source_ty: Some(source_ty),
            indices: inrange.into(),
            inrange: range,
        }))))
    }

    fn signed_i64(&mut self) -> PResult<i64> {
        if self.tok.kind != TokenKind::Integer {
            return self.err(format!("expected an integer, found {}", self.describe()));
        }
        let t = self.bump()?;
        self.text(t).parse().map_err(|_| ParseError::new(sp(t), "expected a 64-bit signed integer"))
    }

    /// The type a GEP yields: a pointer (or vector of pointers) in the base's address space, to the
    /// indexed type in the typed dialect.
    pub(super) fn gep_result_type(
        &mut self,
        source_ty: TypeId,
        tys: &[TypeId],
        idx: &[Option<u64>],
        at: Span,
    ) -> PResult<TypeId> {
        let base = tys.first().copied().ok_or_else(|| ParseError::new(at, "getelementptr needs a base pointer"))?;
        // Every vector among the base and the indices has one length (LLVM's message).
        let mut lanes = None;
        for &t in tys {
            if let TypeData::Vector { len, scalable, .. } = self.m.types.get(t) {
                if lanes.is_some_and(|l| l != (*len, *scalable)) {
                    return Err(ParseError::new(at, "getelementptr vector index has a wrong number of elements"));
                }
                lanes = Some((*len, *scalable));
            }
        }
        let base_ptr = match self.m.types.get(base) {
            TypeData::Vector { elem, .. } => *elem,
            _ => base,
        };
        let &TypeData::Pointer { addr_space, pointee } = self.m.types.get(base_ptr) else {
            return Err(ParseError::new(at, "base of getelementptr must be a pointer"));
        };
        if let Some(p) = pointee {
            if p != source_ty && self.check_pointees {
                return Err(ParseError::new(
                    at,
                    format!(
                        "explicit pointee type '{}' does not match the base pointer type '{}'",
                        self.type_name(source_ty),
                        self.type_name(base)
                    ),
                ));
            }
        }
        let mut cur = source_ty;
        for i in 2..tys.len() {
            cur = match self.m.types.get(cur) {
                TypeData::Struct(b) => Self::field(&b.fields, idx[i - 1])
                    .ok_or_else(|| ParseError::new(at, "invalid getelementptr indices"))?,
                TypeData::Named(id) => {
                    let b = self.m.types.named(*id).body.as_ref();
                    let b = b.ok_or_else(|| ParseError::new(at, "getelementptr into an opaque struct"))?;
                    Self::field(&b.fields, idx[i - 1])
                        .ok_or_else(|| ParseError::new(at, "invalid getelementptr indices"))?
                }
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
                _ => return Err(ParseError::new(at, "invalid getelementptr indices")),
            };
        }
        let ptr = match pointee {
            Some(_) => self.typed_ptr_type(cur, addr_space),
            None => self.opaque_ptr_type(addr_space),
        };
        // A vector base or index makes a vector of pointers, of the one length checked above.
        Ok(match lanes {
            Some((len, scalable)) => self.m.types.intern(TypeData::Vector { len, elem: ptr, scalable }),
            None => ptr,
        })
    }

    /// A constant GEP index's value: an integer, or a vector splatting one (LLVM takes a splat as
    /// a struct index), or zeroinitializer.
    pub(super) fn const_index(&self, c: ConstId) -> Option<u64> {
        match &self.m.consts[c] {
            ConstData::Int { value, .. } => value.as_u64(),
            ConstData::Zero(_) => Some(0),
            ConstData::Vector { elems, .. } => {
                let first = self.const_index(*elems.first()?)?;
                elems.iter().all(|&e| self.const_index(e) == Some(first)).then_some(first)
            }
            _ => None,
        }
    }

    fn field(fields: &[TypeId], idx: Option<u64>) -> Option<TypeId> {
        fields.get(usize::try_from(idx?).ok()?).copied()
    }

    /// The type `extractvalue` indices lead to.
    pub(super) fn indexed_type(&self, mut t: TypeId, idx: &[u32]) -> Option<TypeId> {
        for &i in idx {
            t = match self.m.types.get(t) {
                TypeData::Struct(b) => *b.fields.get(i as usize)?,
                TypeData::Named(id) => *self.m.types.named(*id).body.as_ref()?.fields.get(i as usize)?,
                TypeData::Array { len, elem } if u64::from(i) < *len => *elem,
                _ => return None,
            };
        }
        Some(t)
    }

    /// `i1`, or `<N x i1>` for vector operands.
    pub(super) fn cmp_result_type(&mut self, operand: TypeId) -> TypeId {
        let i1 = self.m.types.int(1);
        match *self.m.types.get(operand) {
            TypeData::Vector { len, scalable, .. } => self.m.types.intern(TypeData::Vector { len, elem: i1, scalable }),
            _ => i1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_literals_truncate_like_llvm() {
        assert_eq!(decimal_apint("255", 8), Some(ApInt::Small(255)));
        assert_eq!(decimal_apint("-1", 8), Some(ApInt::Small(255)));
        assert_eq!(decimal_apint("256", 8), Some(ApInt::Small(0)));
        assert_eq!(decimal_apint("-1", 128), Some(ApInt::Big(vec![u64::MAX].into())));
        assert_eq!(decimal_apint("-1", 1 << 23), Some(ApInt::Big(vec![u64::MAX].into())));
        assert_eq!(decimal_apint("-18446744073709551616", 256), Some(ApInt::Big(vec![0, u64::MAX].into())));
        assert_eq!(decimal_apint("18446744073709551616", 128), Some(ApInt::Big(vec![0, 1].into())));
        assert_eq!(decimal_apint("", 8), None);
        assert_eq!(hex_apint("FF", 8, false), Some(ApInt::Small(255)));
        assert_eq!(hex_apint("1FFFFFFFFFFFFFFFF", 128, false), Some(ApInt::Big(vec![u64::MAX, 1].into())));
        // s0x: sign-extended from the top set bit written (s0x0F is -1), as LLVM's lexer reads it.
        assert_eq!(hex_apint("0F", 32, true), Some(ApInt::Small(0xFFFF_FFFF)));
        assert_eq!(hex_apint("8", 256, true), Some(ApInt::Big(vec![u64::MAX - 7].into())));
        assert_eq!(hex_apint("0", 256, true), Some(ApInt::Small(0)));
    }

    #[test]
    fn long_decimal_literals_are_exact_and_bounded() {
        // 10^40 - 1 at 256 bits, through the chunked path (and a leading zero run).
        let nines = "9".repeat(40);
        let expect = {
            // 10^40 - 1 = 0x1D_6329F1C35CA4BFAB_B9F560FFFFFFFFFF.
            ApInt::from_words(vec![0xB9F5_60FF_FFFF_FFFF, 0x6329_F1C3_5CA4_BFAB, 0x1D], 256)
        };
        assert_eq!(decimal_apint(&format!("000{nines}"), 256), Some(expect.clone()));
        // Digits above the width's last `w` change nothing: 10^8 * k + 255 at i8 is 255.
        assert_eq!(decimal_apint(&format!("{}00000255", "7".repeat(200_000)), 8), Some(ApInt::Small(255)));
        // Past the bound at a width that keeps every digit: refused, not slow.
        assert_eq!(decimal_apint(&"9".repeat(MAX_DECIMAL_DIGITS + 1), 1 << 23), None);
        assert!(decimal_apint(&"9".repeat(MAX_DECIMAL_DIGITS), 1 << 23).is_some());
    }
}
