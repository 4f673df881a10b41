//! Types and type definitions.

use super::{sp, PResult, ParseError, Parser};
use crate::ir::types::{Dialect, FloatKind, StructBody, TargetExtType, TypeData, TypeId};
use crate::text::token::{Keyword, TokenKind};

impl Parser<'_> {
    /// `%name = type { … }` / `%N = type opaque`.
    pub(super) fn type_definition(&mut self) -> PResult<()> {
        let t = self.bump()?;
        let name: Box<str> = match t.kind {
            TokenKind::LocalId(n) => n.to_string().into(),
            _ => self.value_str(t)?,
        };
        self.expect(TokenKind::Equal, "'='")?;
        self.expect_kw(Keyword::Type)?;
        if self.type_aliases.contains_key(&name) {
            return Err(ParseError::new(sp(t), format!("redefinition of type '%{name}'")));
        }
        let is_struct = match self.tok.kind {
            TokenKind::Keyword(Keyword::Opaque) | TokenKind::LBrace => true,
            TokenKind::Less => self.lex.peek().kind == TokenKind::LBrace,
            _ => false,
        };
        if !is_struct {
            // `%T = type [8 x i8]`: another name for a type, not a type of its own (its uses are
            // the type itself). It cannot have been used before, nor refer to itself.
            let body = self.parse_type()?;
            if self.m.types.find_named(&name).is_some() {
                return Err(ParseError::new(sp(t), format!("non-struct type '%{name}' may not be recursive")));
            }
            self.type_aliases.insert(name, body);
            return Ok(());
        }
        let (id, _) = self.m.types.named_struct(&name);
        if self.types_defined.insert(id, true) == Some(true) {
            return Err(ParseError::new(sp(t), format!("redefinition of type '%{name}'")));
        }
        if self.eat_kw(Keyword::Opaque)? {
            return Ok(());
        }
        let packed = self.tok.kind == TokenKind::Less;
        if packed {
            self.bump()?;
        }
        if self.tok.kind != TokenKind::LBrace {
            return self.err(format!("expected a struct body or 'opaque' in the definition of '%{name}'"));
        }
        let fields = self.struct_fields()?;
        if packed {
            self.expect(TokenKind::Greater, "'>' after a packed struct")?;
        }
        self.m.types.set_body(id, Some(StructBody { fields: fields.into(), packed }));
        Ok(())
    }

    /// `{ T, T }` (the opening brace is current).
    fn struct_fields(&mut self) -> PResult<Vec<TypeId>> {
        self.expect(TokenKind::LBrace, "'{'")?;
        let mut fields = Vec::new();
        if self.eat(TokenKind::RBrace)? {
            return Ok(fields);
        }
        loop {
            fields.push(self.parse_type()?);
            if self.eat(TokenKind::RBrace)? {
                return Ok(fields);
            }
            self.expect(TokenKind::Comma, "',' or '}' in a struct type")?;
        }
    }

    /// A type, with any `*`, `addrspace(N)*` and `(params)` suffixes.
    pub(super) fn parse_type(&mut self) -> PResult<TypeId> {
        self.enter()?;
        let r = self.parse_type_inner();
        self.leave();
        r
    }

    fn parse_type_inner(&mut self) -> PResult<TypeId> {
        let start = self.span();
        let mut ty = match self.tok.kind {
            TokenKind::IntType(n) => {
                self.bump()?;
                self.int_type(n)
            }
            TokenKind::Keyword(k)
                if k != Keyword::Ptr && self.common.kw_types.get(k as usize).is_some_and(Option::is_some) =>
            {
                self.bump()?;
                self.common.kw_types[k as usize].unwrap_or(self.common.void)
            }
            TokenKind::Keyword(k) => {
                let data = match k {
                    Keyword::Void => TypeData::Void,
                    Keyword::Half => TypeData::Float(FloatKind::Half),
                    Keyword::Bfloat => TypeData::Float(FloatKind::BFloat),
                    Keyword::Float => TypeData::Float(FloatKind::Float),
                    Keyword::Double => TypeData::Float(FloatKind::Double),
                    Keyword::X86Fp80 => TypeData::Float(FloatKind::X86Fp80),
                    Keyword::Fp128 => TypeData::Float(FloatKind::Fp128),
                    Keyword::PpcFp128 => TypeData::Float(FloatKind::PpcFp128),
                    Keyword::Label => TypeData::Label,
                    Keyword::Metadata => TypeData::Metadata,
                    Keyword::X86Mmx => TypeData::X86Mmx,
                    Keyword::X86Amx => TypeData::X86Amx,
                    Keyword::Token => TypeData::Token,
                    Keyword::Ptr => {
                        self.note_dialect(Dialect::OpaquePointers, start)?;
                        self.bump()?;
                        let addr_space = if self.is_kw(Keyword::Addrspace) { self.parse_addrspace()? } else { 0 };
                        if self.tok.kind == TokenKind::Star {
                            return self.err("'ptr*' is invalid; use 'ptr' instead");
                        }
                        let p = self.opaque_ptr_type(addr_space);
                        return self.type_suffixes(p);
                    }
                    Keyword::Target => return self.target_ext_type(),
                    _ => return self.err(format!("expected a type, found {}", self.describe())),
                };
                self.bump()?;
                let t = self.m.types.intern(data);
                if let Some(slot) = self.common.kw_types.get_mut(k as usize) {
                    *slot = Some(t);
                }
                t
            }
            TokenKind::LocalVar { .. } | TokenKind::LocalId(_) => {
                let t = self.bump()?;
                let name = match t.kind {
                    TokenKind::LocalId(n) => std::borrow::Cow::Owned(n.to_string()),
                    _ => self.name_cow(t)?,
                };
                if let Some(&ty) = self.type_aliases.get(name.as_ref()) {
                    ty
                } else {
                    let (id, ty) = self.m.types.named_struct(&name);
                    self.type_uses.entry(id).or_insert(sp(t));
                    ty
                }
            }
            TokenKind::LBrace => {
                let fields = self.struct_fields()?;
                self.m.types.intern(TypeData::Struct(StructBody { fields: fields.into(), packed: false }))
            }
            TokenKind::LSquare => {
                self.bump()?;
                let len = self.parse_u64()?;
                self.expect_kw(Keyword::X)?;
                let elem = self.parse_type()?;
                self.expect(TokenKind::RSquare, "']' after an array type")?;
                self.m.types.intern(TypeData::Array { len, elem })
            }
            TokenKind::Less => {
                self.bump()?;
                if self.tok.kind == TokenKind::LBrace {
                    let fields = self.struct_fields()?;
                    self.expect(TokenKind::Greater, "'>' after a packed struct")?;
                    self.m.types.intern(TypeData::Struct(StructBody { fields: fields.into(), packed: true }))
                } else {
                    let scalable = self.eat_kw(Keyword::Vscale)?;
                    if scalable {
                        self.expect_kw(Keyword::X)?;
                    }
                    let len = self.parse_u32()?;
                    if len == 0 {
                        return self.err("zero-element vector is invalid");
                    }
                    self.expect_kw(Keyword::X)?;
                    let elem_at = self.span();
                    let elem = self.parse_type()?;
                    // LLVM 22's reader: no target type in a vector (measured, `llvm22syntax/target_vector_*`).
                    if matches!(self.m.types.get(elem), TypeData::TargetExt(_)) {
                        return Err(ParseError::new(elem_at, "invalid vector element type"));
                    }
                    self.expect(TokenKind::Greater, "'>' after a vector type")?;
                    self.m.types.intern(TypeData::Vector { len, elem, scalable })
                }
            }
            _ => return self.err(format!("expected a type, found {}", self.describe())),
        };
        ty = self.type_suffixes(ty)?;
        Ok(ty)
    }

    fn type_suffixes(&mut self, mut ty: TypeId) -> PResult<TypeId> {
        loop {
            if self.m.types.too_deep(ty) {
                return self.err(format!("type nested more than {} levels deep", crate::ir::types::MAX_TYPE_DEPTH));
            }
            match self.tok.kind {
                TokenKind::Star => {
                    let at = self.span();
                    ty = self.pointer_to(ty, 0, at)?;
                    self.bump()?;
                }
                TokenKind::Keyword(Keyword::Addrspace) => {
                    let at = self.span();
                    let n = self.parse_addrspace()?;
                    if self.tok.kind != TokenKind::Star {
                        return self.err("expected '*' after addrspace(N) in a typed pointer");
                    }
                    ty = self.pointer_to(ty, n, at)?;
                    self.bump()?;
                }
                TokenKind::LParen => {
                    // A buffer kept across types (a nested function type finds it taken and
                    // uses a fresh one).
                    let mut params = std::mem::take(&mut self.type_params);
                    params.clear();
                    let vararg = self.function_type_params(&mut params)?;
                    if matches!(self.m.types.get(ty), TypeData::Label | TypeData::Metadata) {
                        return self.err("invalid function return type");
                    }
                    ty = self.m.types.function_of(ty, &params, vararg);
                    self.type_params = params;
                }
                _ => return Ok(ty),
            }
        }
    }

    /// `T*` / `T addrspace(N)*`: a typed pointer, or in a module that uses opaque pointers `ptr`
    /// (`ptr addrspace(N)`), as LLVM 17 and later read typed pointer syntax (they have no other).
    fn pointer_to(&mut self, ty: TypeId, addr_space: u32, at: nvir_diag::Span) -> PResult<TypeId> {
        if self.dialect == Dialect::OpaquePointers {
            self.check_pointee_type(ty, at)?;
            return Ok(self.opaque_ptr_type(addr_space));
        }
        self.note_dialect(Dialect::TypedPointers, at)?;
        self.check_pointee_type(ty, at)?;
        Ok(self.typed_ptr_type(ty, addr_space))
    }

    fn check_pointee_type(&mut self, ty: TypeId, at: nvir_diag::Span) -> PResult<()> {
        match self.m.types.get(ty) {
            TypeData::Void => Err(ParseError::new(at, "pointers to void are invalid; use i8* instead")),
            TypeData::Label => Err(ParseError::new(at, "pointers to labels are invalid")),
            TypeData::Metadata => Err(ParseError::new(at, "pointers to metadata are invalid")),
            TypeData::Token => Err(ParseError::new(at, "pointers to tokens are invalid")),
            _ => Ok(()),
        }
    }

    /// `(T, T, ...)` in a function type.
    fn function_type_params(&mut self, params: &mut Vec<TypeId>) -> PResult<bool> {
        self.expect(TokenKind::LParen, "'('")?;
        if self.eat(TokenKind::RParen)? {
            return Ok(false);
        }
        loop {
            if self.eat(TokenKind::DotDotDot)? {
                self.expect(TokenKind::RParen, "')' after '...'")?;
                return Ok(true);
            }
            params.push(self.parse_type()?);
            // Attributes are allowed (and dropped) on function-type parameters.
            while let TokenKind::Keyword(k) = self.tok.kind {
                if k.class() != crate::text::token::KeywordClass::Attribute {
                    break;
                }
                self.bump()?;
            }
            if self.eat(TokenKind::RParen)? {
                return Ok(false);
            }
            self.expect(TokenKind::Comma, "',' or ')' in a function type")?;
        }
    }

    /// `target("name", T…, N…)`.
    fn target_ext_type(&mut self) -> PResult<TypeId> {
        self.expect_kw(Keyword::Target)?;
        self.expect(TokenKind::LParen, "'(' after target")?;
        let name = self.parse_string_utf8()?;
        let mut types = Vec::new();
        let mut ints = Vec::new();
        while self.eat(TokenKind::Comma)? {
            if self.tok.kind == TokenKind::Integer {
                ints.push(self.parse_u32()?);
            } else if ints.is_empty() {
                types.push(self.parse_type()?);
            } else {
                return self.err("target extension type parameters: types first, then integers");
            }
        }
        self.expect(TokenKind::RParen, "')'")?;
        let t = self.m.types.intern(TypeData::TargetExt(Box::new(TargetExtType {
            name,
            types: types.into(),
            ints: ints.into(),
        })));
        self.type_suffixes(t)
    }
}
