//! The `.ll` reader: a recursive-descent parser over the lexer, building the uniqued IR.
//!
//! Forward references cost no second pass: a global name becomes a [`Symbol`] at its first use
//! and is defined later; a local value or block becomes a placeholder in its function's arena
//! that its definition fills in; metadata slots are placeholders until defined, and uniqued
//! nodes are merged once all are known. Attribute groups (`#0`, usually defined at the end) are
//! merged into the sets that name them when the module is complete.

mod attrs;
mod function;
mod metadata;
mod parallel;
mod types;
mod values;

use super::lexer::Lexer;
use super::token::{Keyword, Token, TokenKind};
use crate::ir::attrs::{Attr, AttrSet, AttrSetId};
use crate::ir::metadata::MdId;
use crate::ir::module::{Comdat, Module, Symbol, SymbolId};
use crate::ir::types::{Dialect, TypeId};
use hashbrown::HashTable;
use nvir_diag::{Diagnostic, Span};
use rustc_hash::{FxBuildHasher, FxHashMap, FxHashSet};
use std::borrow::Cow;
use std::hash::BuildHasher;

/// Why a `ptrauth (…)` constant is refused (the bitcode reader says the same).
pub(crate) const PTRAUTH_REFUSED: &str =
    "ptrauth constants (pointer authentication, arm64e) cannot reach a GPU: NVPTX has no signed pointers";

pub use parallel::ParseOptions;

/// A syntax or semantic error in `.ll` text, located by byte range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError(Box<ParseErrorInner>);

#[derive(Debug, Clone, PartialEq, Eq)]
struct ParseErrorInner {
    span: Span,
    message: String,
    hint: Option<String>,
    label: Option<(Span, String)>,
}

impl ParseError {
    #[cold]
    fn new(span: Span, message: impl Into<String>) -> Self {
        ParseError(Box::new(ParseErrorInner { span, message: message.into(), hint: None, label: None }))
    }
    #[cold]
    fn hint(mut self, hint: impl Into<String>) -> Self {
        self.0.hint = Some(hint.into());
        self
    }
    #[cold]
    fn label(mut self, span: Span, message: impl Into<String>) -> Self {
        self.0.label = Some((span, message.into()));
        self
    }
    /// Where.
    pub fn span(&self) -> Span {
        self.0.span
    }
    /// What.
    pub fn message(&self) -> &str {
        &self.0.message
    }
    /// As a diagnostic (render it against the source text for `file:line:col`).
    pub fn to_diagnostic(&self) -> Diagnostic {
        let mut d = Diagnostic::error(&self.0.message).with_code("ll-parse").with_span(self.0.span);
        if let Some((span, msg)) = &self.0.label {
            d = d.with_label(*span, msg.clone());
        }
        if let Some(h) = &self.0.hint {
            d = d.with_help(h.clone());
        }
        d
    }
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (at byte {})", self.0.message, self.0.span.start)
    }
}

impl std::error::Error for ParseError {}

type PResult<T> = Result<T, ParseError>;

/// How deep types, constants and metadata may nest before the input is refused (the parser
/// recurses on nesting; this keeps the stack bounded).
const MAX_DEPTH: u32 = 256;

/// Elements the splats of any input may copy in all (more for larger inputs: one per byte).
const SPLAT_ELEMS_FREE: u64 = 1 << 20;

/// Where attribute-group references must be merged in once the groups are known.
#[derive(Debug, Clone, Copy)]
enum AttrTarget {
    Function(crate::ir::module::FuncId),
    Global(crate::ir::module::GlobalVarId),
    Call(crate::ir::module::FuncId, crate::ir::InstId),
}

/// `#N` references with where they were written. Nearly every site names one group, which is
/// kept inline (a call site costs no allocation).
#[derive(Debug, Clone, Default)]
pub(super) struct GroupRefs {
    first: Option<(u32, Span)>,
    rest: Vec<(u32, Span)>,
}

impl GroupRefs {
    fn push(&mut self, group: u32, at: Span) {
        match self.first {
            None => self.first = Some((group, at)),
            Some(_) => self.rest.push((group, at)),
        }
    }
    fn is_empty(&self) -> bool {
        self.first.is_none()
    }
    fn iter(&self) -> impl Iterator<Item = (u32, Span)> + '_ {
        self.first.iter().chain(self.rest.iter()).copied()
    }
    /// The group, when there is exactly one.
    fn single(&self) -> Option<u32> {
        match (self.first, self.rest.is_empty()) {
            (Some((g, _)), true) => Some(g),
            _ => None,
        }
    }
}

/// Parses a module from `.ll` text.
pub fn parse_module(src: &str) -> Result<Module, ParseError> {
    parse_module_str_with(src, ParseOptions::default())
}

/// [`parse_module_with`] of text already known to be UTF-8: the reader then does not check the
/// whole input again (on a large input, a pass over it on one thread before any other work).
pub fn parse_module_str_with(src: &str, options: ParseOptions) -> Result<Module, ParseError> {
    parse_module_checking(src.as_bytes(), Some(src), options, true)
}

/// [`parse_module_as_opaque`] of text already known to be UTF-8 (see [`parse_module_str_with`]).
pub fn parse_module_str_as_opaque(src: &str, options: ParseOptions) -> Result<Module, ParseError> {
    parse_module_checking(src.as_bytes(), Some(src), options, false)
}

/// Parses a module from `.ll` bytes (strings and quoted names may hold any bytes), reading
/// function bodies of large inputs on several threads ([`ParseOptions::default`]).
pub fn parse_module_bytes(src: &[u8]) -> Result<Module, ParseError> {
    parse_module_with(src, ParseOptions::default())
}

/// Parses a module from `.ll` bytes with the given threading. The result does not depend on
/// the options: a parallel read builds the module a sequential one does, handle for handle.
pub fn parse_module_with(src: &[u8], options: ParseOptions) -> Result<Module, ParseError> {
    parse_module_checking(src, None, options, true)
}

/// Parses typed-pointer text as a reader that upgrades it to opaque pointers does (libNVVM's
/// compute_100+ reader): a pointer whose pointee differs from the type it is used with is not an
/// error (a load or store of another type through it, a global used with another pointer type,
/// a call of a function through another function type). Other input reads as with
/// [`parse_module_with`].
pub fn parse_module_as_opaque(src: &[u8], options: ParseOptions) -> Result<Module, ParseError> {
    parse_module_checking(src, None, options, false)
}

/// `text`: `src` as text, when the caller has checked it is UTF-8.
fn parse_module_checking(
    src: &[u8],
    text: Option<&str>,
    options: ParseOptions,
    pointees: bool,
) -> Result<Module, ParseError> {
    if u32::try_from(src.len()).is_err() {
        return Err(ParseError::new(Span::at(0, 0), "input of 4 GiB or more is not supported"));
    }
    match parse_in(src, text, options, pointees, None) {
        // A reader that upgrades typed pointers reads `ptr` after a typed pointer as it reads
        // every pointer (libNVVM's compute_100+ reader takes the mix, measured: `mixdialect/`),
        // and a typed pointer used with another pointee as the `ptr` it holds (`pointeemix/`):
        // read again with every pointer opaque.
        Err(failed) if !pointees && failed.mixed_opaque => {
            parse_in(src, text, options, pointees, Some(Dialect::OpaquePointers)).map_err(|f| f.error)
        }
        read => read.map_err(|f| f.error),
    }
}

/// A data layout's program address space: its last `P<n>` component (0 when none or unreadable).
fn program_space_of(layout: &[u8]) -> u32 {
    layout
        .split(|&b| b == b'-')
        .filter_map(|c| c.strip_prefix(b"P"))
        .filter_map(|n| std::str::from_utf8(n).ok()?.parse::<u32>().ok())
        .next_back()
        .unwrap_or(0)
}

/// The start of the message for `ptr` in a module whose first pointer is typed.
const MIXED_OPAQUE: &str = "an opaque pointer (`ptr`) in a module that uses typed pointers";

/// Why a read failed.
struct Failed {
    error: ParseError,
    /// The read is to be done again with every pointer opaque ([`Parser::mixed_opaque`]).
    mixed_opaque: bool,
}

/// Reads with `addrspace(N)` lexed as one token ([`Lexer::fuse_addrspace`]); should that read
/// fail where a fused token was lexed, reads again without, so that the error (its place, its
/// quoting of the token) is the one of the tokens as written.
fn parse_in(
    src: &[u8],
    text: Option<&str>,
    options: ParseOptions,
    pointees: bool,
    dialect: Option<Dialect>,
) -> Result<Module, Failed> {
    match parse_once(src, text, options, pointees, dialect, true) {
        Err((_, true)) => parse_once(src, text, options, pointees, dialect, false).map_err(|(f, _)| f),
        read => read.map_err(|(f, _)| f),
    }
}

/// One read; a failure says whether a fused `addrspace(N)` was lexed.
fn parse_once(
    src: &[u8],
    text: Option<&str>,
    options: ParseOptions,
    pointees: bool,
    dialect: Option<Dialect>,
    fuse: bool,
) -> Result<Module, (Failed, bool)> {
    let mut p = Parser::new(src, text, options, fuse);
    p.check_pointees = pointees;
    if let Some(d) = dialect {
        p.dialect = d;
    }
    let read = p.module();
    if p.fell_back {
        drop(p);
        p = Parser::new(src, text, ParseOptions::SEQUENTIAL, fuse);
        p.check_pointees = pointees;
        if let Some(d) = dialect {
            p.dialect = d;
        }
        let read = p.module();
        return p.end(read);
    }
    p.end(read)
}

pub(crate) struct Parser<'a> {
    src: &'a [u8],
    /// The source as text, when it is valid UTF-8 (checked once), so token text needs no check.
    src_str: Option<&'a str>,
    lex: Lexer<'a>,
    tok: Token,
    m: Module,
    /// Value and block names read so far, shared.
    names: crate::ir::value::NameTable,
    depth: u32,
    /// Elements copied by the splats read so far (see [`SPLAT_ELEMS_FREE`]).
    splat_elems: u64,
    /// Symbols by name: handles hashed by their name in `m.symbols` (no second copy of names).
    symbols: HashTable<SymbolId>,
    /// First use of each not-yet-defined symbol, and the pointer type it was used with.
    sym_uses: FxHashMap<SymbolId, (Span, TypeId)>,
    next_global_num: u32,
    /// The first numbered global defined (`@N = …`), if any.
    first_global_num: Option<u32>,
    /// A parallel worker does not know how many numbered globals come before its chunk.
    global_num_unknown: bool,
    types_defined: FxHashMap<crate::ir::types::NamedStructId, bool>,
    /// `%T = type [8 x i8]`: names of types that are not structs.
    type_aliases: FxHashMap<Box<str>, TypeId>,
    type_uses: FxHashMap<crate::ir::types::NamedStructId, Span>,
    md_slots: FxHashMap<u32, MdId>,
    /// Named metadata read so far, by name: where it is in `m.metadata.named`.
    named_md: FxHashMap<Box<str>, usize>,
    /// The slots `!N = …` defined so far (a second definition is an error).
    md_defined: FxHashSet<u32>,
    /// Where each slot was first referred to before its definition, `(start, end)`: 12 bytes
    /// an entry rather than 24 with a [`Span`] (a module may refer ahead to a million nodes).
    md_uses: FxHashMap<u32, (u32, u32)>,
    attr_groups: FxHashMap<u32, Vec<Attr>>,
    /// Comdat names defined so far (a redefinition is an error).
    comdat_names: FxHashSet<Box<str>>,
    attr_fixups: Vec<(AttrTarget, AttrSetId, GroupRefs)>,
    /// The first pointer type's dialect and place, and whether it is a metadata operand's type.
    dialect_span: Option<(Dialect, Span, bool)>,
    /// Where the type of the metadata operand being read starts (see `dialect_span`).
    md_type_at: usize,
    /// The dialect, from the first pointer type in the input (found by a look ahead that stops
    /// there), so that pointer types the parser makes itself agree with the written ones.
    dialect: Dialect,
    /// Types every module needs, interned once.
    common: Common,
    /// The address constant last made for each symbol, with its pointer type.
    sym_consts: Vec<Option<(TypeId, crate::ir::ConstId)>>,
    /// The function type last built for a call to each global, by symbol.
    call_fn_tys: Vec<Option<TypeId>>,
    /// Parameter types of the function type being read (kept for its capacity).
    type_params: Vec<TypeId>,
    /// The buffer attribute lists are read into, reused.
    attr_scratch: Vec<Attr>,
    /// The state function bodies are read with, reused from body to body.
    fn_scratch: Option<function::FnState>,
    /// Top-level reading stops at an entity that starts at or after this offset.
    limit: u32,
    /// Top-level reading stops at an entity that is not a function (a parallel worker).
    functions_only: bool,
    /// Threading for function bodies; sequential once used.
    options: ParseOptions,
    /// Whether typed pointers must be used with their pointee type (LLVM 7's reader); false
    /// reads as an opaque-pointer upgrade does.
    check_pointees: bool,
    /// The data layout's program address space (`P<n>`) as far as read, where functions live for
    /// a reader that upgrades typed pointers (libNVVM's compute_100+ reader, LLVM 22; measured,
    /// `progspace/`: a function named through a pointer of another space is the reader's type
    /// error, before the layout's own check). 0 for LLVM 7's reader, which ignores it.
    program_space: u32,
    /// Set when a parallel read gave up: the input is to be read again sequentially.
    fell_back: bool,
    /// A worker reading the trailing metadata ahead logs its steps here, and stops at any other
    /// entity (see `parallel.rs`); `None` for every other reader.
    md_log: Option<Vec<metadata::MdOp>>,
    /// Whether the lexer fuses `addrspace(N)` into one token ([`Lexer::fuse_addrspace`]).
    fuse: bool,
    /// Whether a lexer this parser read with before its current one fused an `addrspace(N)`.
    fused: bool,
    /// Set where the read of typed text as an opaque-pointer upgrade reads it fails on what only
    /// an all-opaque read takes: the [`MIXED_OPAQUE`] error, or a value written with a pointer
    /// type of another pointee ([`Parser::note_pointee_blind`]).
    mixed_opaque: bool,
}

/// Handles of types the parser asks for constantly.
#[derive(Clone)]
struct Common {
    void: TypeId,
    /// `iN` for N < 256.
    ints: Vec<Option<TypeId>>,
    /// Recently made typed pointers, direct-mapped by (pointee, address space).
    typed_ptrs: Vec<Option<(TypeId, u32, TypeId)>>,
    /// Types named by one keyword (`double`, `label`), by keyword, once made.
    kw_types: Vec<Option<TypeId>>,
    /// `ptr addrspace(N)` for small N, once made.
    opaque_ptrs: [Option<TypeId>; 16],
    /// Recently made small integer constants, direct-mapped by (type, value).
    ints_const: Vec<Option<(TypeId, u64, crate::ir::ConstId)>>,
}

fn sp(t: Token) -> Span {
    Span::new(t.start as usize, t.end as usize)
}

impl<'a> Parser<'a> {
    /// `text`: `src` as text, when already checked (otherwise it is checked here).
    fn new(src: &'a [u8], text: Option<&'a str>, options: ParseOptions, fuse: bool) -> Self {
        debug_assert!(text.is_none_or(|t| t.as_bytes() == src));
        let mut lex = Lexer::from_bytes(src);
        if fuse {
            lex.fuse_addrspace();
        }
        let dialect = {
            let mut ahead = lex.clone();
            loop {
                match ahead.next_token().kind {
                    TokenKind::Star => break Dialect::TypedPointers,
                    TokenKind::Keyword(Keyword::Ptr) => break Dialect::OpaquePointers,
                    TokenKind::Eof => break Dialect::Undetermined,
                    _ => {}
                }
            }
        };
        let tok = lex.next_token();
        Parser {
            src,
            src_str: text.or_else(|| std::str::from_utf8(src).ok()),
            lex,
            tok,
            m: Module::new(),
            names: Default::default(),
            depth: 0,
            splat_elems: 0,
            symbols: HashTable::new(),
            sym_uses: FxHashMap::default(),
            next_global_num: 0,
            first_global_num: None,
            global_num_unknown: false,
            types_defined: FxHashMap::default(),
            type_aliases: FxHashMap::default(),
            type_uses: FxHashMap::default(),
            md_slots: FxHashMap::default(),
            named_md: FxHashMap::default(),
            md_defined: FxHashSet::default(),
            md_uses: FxHashMap::default(),
            attr_groups: FxHashMap::default(),
            comdat_names: FxHashSet::default(),
            attr_fixups: Vec::new(),
            dialect_span: None,
            md_type_at: usize::MAX,
            dialect,
            sym_consts: Vec::new(),
            call_fn_tys: Vec::new(),
            type_params: Vec::new(),
            fn_scratch: None,
            attr_scratch: Vec::new(),
            limit: u32::MAX,
            functions_only: false,
            options,
            check_pointees: true,
            program_space: 0,
            fell_back: false,
            md_log: None,
            fuse,
            fused: false,
            mixed_opaque: false,
            common: Common {
                void: TypeId::from_index(0),
                ints: vec![None; 256],
                typed_ptrs: vec![None; 1024],
                kw_types: vec![None; super::token::KEYWORD_COUNT],
                opaque_ptrs: [None; 16],
                ints_const: vec![None; values::INT_CACHE],
            },
        }
        .with_common()
    }

    fn with_common(mut self) -> Self {
        self.common.void = self.m.types.void();
        self
    }

    /// The end of a read: the module, or why not (and whether a fused `addrspace(N)` was lexed).
    fn end(self, read: PResult<()>) -> Result<Module, (Failed, bool)> {
        let fused = self.fused || self.lex.fused();
        let mixed_opaque = self.mixed_opaque;
        read.and_then(|()| self.finish()).map_err(|error| (Failed { error, mixed_opaque }, fused))
    }

    // ---- tokens ----
    //
    // The token steps below are always inlined in optimized builds only: an unoptimized build
    // gives every inlined body its own stack slots, and the recursive readers (a constant
    // expression nested 100,000 deep, `tests/hostile.rs`) then overflow their thread's stack.

    fn span(&self) -> Span {
        sp(self.tok)
    }

    /// Moves to the next token; the current one is returned. Inlined (it runs on every token), with the
    /// error of a token the lexer refused out of line.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn bump(&mut self) -> PResult<Token> {
        let t = self.tok;
        self.tok = self.lex.next_token();
        if let TokenKind::Error(e) = self.tok.kind {
            return Err(self.lex_error(e));
        }
        Ok(t)
    }

    #[cold]
    #[inline(never)]
    fn lex_error(&self, e: super::token::LexError) -> ParseError {
        ParseError::new(self.span(), e.to_string())
    }

    fn text(&self, t: Token) -> &'a str {
        match self.src_str {
            Some(s) => s.get(t.span()).unwrap_or(""),
            // Not UTF-8 somewhere (inside a string); tokens themselves are ASCII.
            None => std::str::from_utf8(t.bytes(self.src)).unwrap_or(""),
        }
    }

    fn value_bytes(&self, t: Token) -> Cow<'a, [u8]> {
        t.value(self.src)
    }

    /// A name without copying it when it has no escapes.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn name_cow(&self, t: Token) -> PResult<Cow<'a, str>> {
        if let (Some(s), TokenKind::LocalVar { quoted: false } | TokenKind::GlobalVar { quoted: false }) =
            (self.src_str, t.kind)
        {
            // Unquoted names have no escapes: a slice of the source, nothing to check. Inlined
            // (most names are these, one on every few tokens); the rest is out of line.
            return Ok(Cow::Borrowed(s.get(t.start as usize + 1..t.end as usize).unwrap_or("")));
        }
        self.name_cow_escaped(t)
    }

    /// `name_cow` of a quoted name, label or numbered token.
    #[inline(never)]
    fn name_cow_escaped(&self, t: Token) -> PResult<Cow<'a, str>> {
        if let (Some(s), TokenKind::Label { quoted: false }) = (self.src_str, t.kind) {
            // A block's label `name:`: label characters, no escapes (one on every block).
            return Ok(Cow::Borrowed(s.get(t.start as usize..(t.end as usize).saturating_sub(1)).unwrap_or("")));
        }
        match self.value_bytes(t) {
            Cow::Borrowed(b) => std::str::from_utf8(b).map(Cow::Borrowed).map_err(|_| ()),
            Cow::Owned(b) => String::from_utf8(b).map(Cow::Owned).map_err(|_| ()),
        }
        .map_err(|()| ParseError::new(sp(t), "names must be valid UTF-8 here"))
    }

    /// `T addrspace(N)*`, through a small cache in front of the interner.
    fn typed_ptr_type(&mut self, pointee: TypeId, addr_space: u32) -> TypeId {
        let slot = (pointee.index() ^ (addr_space as usize).wrapping_mul(31)) & 1023;
        if let Some((p, a, t)) = self.common.typed_ptrs[slot] {
            if p == pointee && a == addr_space {
                return t;
            }
        }
        let t = self.m.types.typed_ptr(pointee, addr_space);
        self.common.typed_ptrs[slot] = Some((pointee, addr_space, t));
        t
    }

    /// `ptr addrspace(N)`, interned once per small address space.
    fn opaque_ptr_type(&mut self, addr_space: u32) -> TypeId {
        match self.common.opaque_ptrs.get(addr_space as usize) {
            Some(Some(t)) => *t,
            Some(None) => {
                let t = self.m.types.opaque_ptr(addr_space);
                self.common.opaque_ptrs[addr_space as usize] = Some(t);
                t
            }
            None => self.m.types.opaque_ptr(addr_space),
        }
    }

    /// `iN`, interned once per width.
    fn int_type(&mut self, n: u32) -> TypeId {
        match self.common.ints.get(n as usize) {
            Some(Some(t)) => *t,
            Some(None) => {
                let t = self.m.types.int(n);
                self.common.ints[n as usize] = Some(t);
                t
            }
            None => self.m.types.int(n),
        }
    }

    fn value_str(&self, t: Token) -> PResult<Box<str>> {
        if let (Some(s), TokenKind::LocalVar { quoted: false } | TokenKind::GlobalVar { quoted: false }) =
            (self.src_str, t.kind)
        {
            // Unquoted names have no escapes: a slice of text already checked.
            return Ok(s.get(t.start as usize + 1..t.end as usize).unwrap_or("").into());
        }
        match self.value_bytes(t) {
            Cow::Borrowed(b) => std::str::from_utf8(b).map(Into::into),
            Cow::Owned(b) => String::from_utf8(b).map(Into::into).map_err(|e| e.utf8_error()),
        }
        .map_err(|_| ParseError::new(sp(t), "names must be valid UTF-8 here"))
    }

    fn is_kw(&self, kw: Keyword) -> bool {
        self.tok.kind == TokenKind::Keyword(kw)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn eat_kw(&mut self, kw: Keyword) -> PResult<bool> {
        if self.is_kw(kw) {
            self.bump()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn eat(&mut self, kind: TokenKind) -> PResult<bool> {
        if self.tok.kind == kind {
            self.bump()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    fn describe(&self) -> String {
        match self.tok.kind {
            TokenKind::Eof => "end of input".into(),
            _ => format!("'{}'", String::from_utf8_lossy(&shown(self.tok.bytes(self.src))).escape_debug()),
        }
    }

    fn err<T>(&self, message: impl Into<String>) -> PResult<T> {
        Err(self.error(message))
    }

    #[cold]
    fn error(&self, message: impl Into<String>) -> ParseError {
        let mut e = ParseError::new(self.span(), message);
        if let Some(h) = self.hint_for_current() {
            e = e.hint(h);
        }
        e
    }

    /// A hint when the token is syntax of the other dialect or of a newer LLVM.
    fn hint_for_current(&self) -> Option<String> {
        match self.tok.kind {
            TokenKind::Keyword(Keyword::Ptr) => {
                Some("`ptr` is opaque-pointer syntax (LLVM 15+); this module uses typed pointers (`i8*`)".into())
            }
            TokenKind::Word => Some(format!(
                "'{}' is not a keyword LLVM 7.0.1 or LLVM 19 knows",
                String::from_utf8_lossy(&shown(self.text(self.tok).as_bytes()))
            )),
            _ => None,
        }
    }

    /// The current token, which must be a `kind`, and on to the next. Inlined as [`Parser::bump`]
    /// is, with the error out of line.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn expect(&mut self, kind: TokenKind, what: &str) -> PResult<Token> {
        if self.tok.kind == kind {
            self.bump()
        } else {
            Err(self.expected(what))
        }
    }

    #[cold]
    #[inline(never)]
    fn expected(&self, what: &str) -> ParseError {
        self.error(format!("expected {what}, found {}", self.describe()))
    }

    /// [`Parser::expect`] of a keyword.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn expect_kw(&mut self, kw: Keyword) -> PResult<Token> {
        if self.is_kw(kw) {
            self.bump()
        } else {
            Err(self.expected_kw(kw))
        }
    }

    #[cold]
    #[inline(never)]
    fn expected_kw(&self, kw: Keyword) -> ParseError {
        self.error(format!("expected '{kw}', found {}", self.describe()))
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(format!("nested more than {MAX_DEPTH} levels deep"));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn parse_u64(&mut self) -> PResult<u64> {
        if self.tok.kind != TokenKind::Integer {
            return self.err(format!("expected an integer, found {}", self.describe()));
        }
        let t = self.bump()?;
        // An `Integer` token is `-?[0-9]+`: read its digits by hand (a minus is refused as a
        // non-digit), without the generic `str::parse`.
        let mut n = 0u64;
        for &b in t.bytes(self.src) {
            let digit = b.wrapping_sub(b'0');
            match n.checked_mul(10).and_then(|n| n.checked_add(u64::from(digit))) {
                Some(next) if digit < 10 => n = next,
                _ => return Err(ParseError::new(sp(t), "expected an unsigned integer that fits in 64 bits")),
            }
        }
        Ok(n)
    }

    fn parse_u32(&mut self) -> PResult<u32> {
        let at = self.span();
        let v = self.parse_u64()?;
        u32::try_from(v).map_err(|_| ParseError::new(at, "expected an unsigned integer that fits in 32 bits"))
    }

    fn parse_string(&mut self) -> PResult<Box<[u8]>> {
        if self.tok.kind != TokenKind::String {
            return self.err(format!("expected a string constant, found {}", self.describe()));
        }
        let t = self.bump()?;
        Ok(self.value_bytes(t).into_owned().into())
    }

    fn parse_string_utf8(&mut self) -> PResult<Box<str>> {
        let at = self.span();
        let b = self.parse_string()?;
        String::from_utf8(b.into_vec()).map(Into::into).map_err(|_| ParseError::new(at, "string is not valid UTF-8"))
    }

    /// `addrspace(N)`.
    fn parse_addrspace(&mut self) -> PResult<u32> {
        let t = self.tok;
        if t.kind == TokenKind::Keyword(Keyword::Addrspace) && t.end - t.start > 9 {
            // `addrspace(N)` as one token: the lexer checked the digits and their range.
            self.bump()?;
            let digits = t.bytes(self.src).get(10..).and_then(|d| d.split_last()).map_or(&[][..], |(_, d)| d);
            return Ok(digits.iter().fold(0, |n, &d| n * 10 + u32::from(d - b'0')));
        }
        self.expect_kw(Keyword::Addrspace)?;
        self.expect(TokenKind::LParen, "'(' after addrspace")?;
        let n = self.parse_u32()?;
        if n >= 1 << 24 {
            return self.err("invalid address space, must be a 24-bit integer");
        }
        self.expect(TokenKind::RParen, "')'")?;
        Ok(n)
    }

    /// `align N`, checking N is a power of two no larger than 2^32 (LLVM's
    /// `Value::MaximumAlignment`; a larger power of two is LLVM 22's `huge alignments are not
    /// supported yet`, measured wherever an alignment is written: a parameter, a call's argument,
    /// an `alloca`, a `load`).
    fn parse_align_value(&mut self) -> PResult<u64> {
        let at = self.span();
        let a = self.parse_u64()?;
        if !a.is_power_of_two() {
            return Err(ParseError::new(at, "alignment is not a power of two"));
        }
        if a > 1 << 32 {
            return Err(ParseError::new(at, "huge alignments are not supported yet"));
        }
        Ok(a)
    }

    /// [`Self::parse_align_value`] as a global's or function's alignment.
    fn parse_align(&mut self) -> PResult<crate::ir::instruction::Align> {
        let at = self.span();
        let a = self.parse_align_value()?;
        crate::ir::instruction::Align::new(a).ok_or_else(|| ParseError::new(at, "alignment is not a power of two"))
    }

    /// A value written with another type than it has, in typed text read as an opaque-pointer
    /// upgrade reads it (libNVVM's compute_100+ reader, LLVM 22): that reader holds every `T*` as
    /// `ptr`, so a pointer whose pointee (or an aggregate whose pointers' pointees) differ is no
    /// mismatch there (measured, `pointeemix/`: every kind of use, a parameter, an instruction or
    /// a forward reference; another address space stays one). The read is then done again with
    /// every pointer opaque, which settles it.
    fn note_pointee_blind(&mut self) {
        if !self.check_pointees && self.dialect == Dialect::TypedPointers {
            self.mixed_opaque = true;
        }
    }

    fn note_dialect(&mut self, d: Dialect, at: Span) -> PResult<()> {
        match self.dialect_span {
            None => {
                self.dialect_span = Some((d, at, at.start == self.md_type_at));
                Ok(())
            }
            Some((seen, ..)) if seen == d => Ok(()),
            Some((_, first, _)) => {
                self.mixed_opaque = d == Dialect::OpaquePointers;
                let message = match d {
                    Dialect::OpaquePointers => MIXED_OPAQUE.into(),
                    _ => "a typed pointer in a module that uses opaque pointers (`ptr`)".to_string(),
                };
                Err(ParseError::new(at, message)
                    .label(first, "the module's first pointer type")
                    .hint("a module is in one pointer dialect: all typed (`i8*`) or all opaque (`ptr`)"))
            }
        }
    }

    // ---- symbols ----

    fn symbol(&mut self, name: &str) -> SymbolId {
        self.symbol_shared(name, None)
    }

    /// The symbol named `name`, made with `shared` (the same text) as its name if new.
    fn symbol_shared(&mut self, name: &str, shared: Option<&crate::ir::Str>) -> SymbolId {
        let hash = FxBuildHasher.hash_one(name);
        let symbols = &self.m.symbols;
        if let Some(&s) = self.symbols.find(hash, |&s| symbols[s].name.as_bytes() == name.as_bytes()) {
            return s;
        }
        let name = shared.cloned().unwrap_or_else(|| name.into());
        let s = self.m.symbols.push(Symbol { name, def: None });
        let symbols = &self.m.symbols;
        self.symbols.insert_unique(hash, s, |&s| FxBuildHasher.hash_one(&*symbols[s].name));
        s
    }

    /// The symbol for a `@name`/`@N` token.
    fn global_token_symbol(&mut self, t: Token) -> PResult<SymbolId> {
        match t.kind {
            TokenKind::GlobalId(n) => Ok(self.symbol(&n.to_string())),
            _ => {
                let name = self.name_cow(t)?;
                Ok(self.symbol(&name))
            }
        }
    }

    /// A pointer to `pointee` in the module's dialect.
    fn ptr_to(&mut self, pointee: TypeId, addr_space: u32) -> TypeId {
        match self.dialect {
            Dialect::OpaquePointers => self.opaque_ptr_type(addr_space),
            _ => self.typed_ptr_type(pointee, addr_space),
        }
    }

    // ---- module ----

    fn module(&mut self) -> PResult<()> {
        loop {
            if self.tok.start >= self.limit && self.tok.kind != TokenKind::Eof {
                return Ok(());
            }
            if self.functions_only
                && !matches!(
                    self.tok.kind,
                    TokenKind::Keyword(Keyword::Define | Keyword::Declare)
                        | TokenKind::GlobalVar { .. }
                        | TokenKind::GlobalId(_)
                )
            {
                return Ok(());
            }
            if self.md_log.is_some()
                && !(matches!(self.tok.kind, TokenKind::MetadataId(_) | TokenKind::MetadataVar)
                    && metadata::loggable_entity(self.src, self.tok.start as usize))
            {
                return Ok(());
            }
            match self.tok.kind {
                TokenKind::Eof => return Ok(()),
                // Only the very first token reaches here unchecked (later ones pass through bump).
                TokenKind::Error(e) => return Err(ParseError::new(self.span(), e.to_string())),
                TokenKind::Keyword(Keyword::SourceFilename) => {
                    self.bump()?;
                    self.expect(TokenKind::Equal, "'='")?;
                    self.m.source_filename = Some(self.parse_string()?);
                }
                TokenKind::Keyword(Keyword::Target) => {
                    self.bump()?;
                    let which = self.bump()?;
                    self.expect(TokenKind::Equal, "'='")?;
                    let v = self.parse_string()?;
                    match which.kind {
                        TokenKind::Keyword(Keyword::Datalayout) => {
                            if !self.check_pointees {
                                self.program_space = program_space_of(&v);
                            }
                            self.m.data_layout = Some(v)
                        }
                        TokenKind::Keyword(Keyword::Triple) => self.m.triple = Some(v),
                        _ => {
                            return Err(ParseError::new(sp(which), "expected 'triple' or 'datalayout' after 'target'"))
                        }
                    }
                }
                TokenKind::Keyword(Keyword::Module) => {
                    self.bump()?;
                    self.expect_kw(Keyword::Asm)?;
                    let s = self.parse_string()?;
                    self.m.module_asm.push(s);
                }
                TokenKind::LocalVar { .. } | TokenKind::LocalId(_) => self.type_definition()?,
                TokenKind::ComdatVar { .. } => self.comdat()?,
                TokenKind::GlobalVar { .. } | TokenKind::GlobalId(_) => {
                    if self.options.threads > 1 && self.read_rest_in_parallel()? {
                        continue;
                    }
                    self.global_definition()?
                }
                TokenKind::Keyword(Keyword::Declare) => self.function(false)?,
                TokenKind::Keyword(Keyword::Define) => {
                    if self.options.threads > 1 && self.read_rest_in_parallel()? {
                        continue;
                    }
                    self.function(true)?
                }
                TokenKind::Keyword(Keyword::Attributes) => self.attribute_group()?,
                TokenKind::MetadataVar => self.named_metadata()?,
                TokenKind::MetadataId(_) => self.metadata_definition()?,
                TokenKind::SummaryId(_) => self.skip_summary_entry()?,
                TokenKind::Keyword(Keyword::Uselistorder | Keyword::UselistorderBb) => self.skip_uselistorder()?,
                _ => return self.err(format!("expected top-level entity, found {}", self.describe())),
            }
        }
    }

    fn comdat(&mut self) -> PResult<()> {
        let t = self.bump()?;
        let name = self.value_str(t)?;
        self.expect(TokenKind::Equal, "'='")?;
        self.expect_kw(Keyword::Comdat)?;
        let kind = match self.tok.kind {
            TokenKind::Keyword(k) if k.class() == super::token::KeywordClass::ComdatKind => k.as_str(),
            _ => {
                return self.err("expected a comdat selection kind (any, exactmatch, largest, nodeduplicate, samesize)")
            }
        };
        self.bump()?;
        if !self.comdat_names.insert(name.clone()) {
            return Err(ParseError::new(sp(t), format!("redefinition of comdat '${name}'")));
        }
        self.m.comdats.push(Comdat { name, kind: kind.into() });
        Ok(())
    }

    /// `^N = …`: module summary entries carry nothing the IR keeps; skip them whole.
    /// `^N = kind: (…)` or `^N = kind: value`, kept as written in [`Module::summary`].
    fn skip_summary_entry(&mut self) -> PResult<()> {
        let start = self.tok.start as usize;
        self.bump()?;
        if self.tok.kind != TokenKind::Equal {
            return self.err("expected '=' after a summary id");
        }
        self.lex.set_ignore_colon_in_identifiers(true);
        let r = self.skip_summary_body();
        self.lex.set_ignore_colon_in_identifiers(false);
        let end = self.tok.end as usize;
        self.tok = self.lex.next_token();
        r?;
        let text = self.src.get(start..end).unwrap_or_default();
        self.m.summary.push(text.into());
        Ok(())
    }

    /// After `^N =`: a kind word and `:`, then a parenthesised group or one token (the current
    /// token ends the entry).
    fn skip_summary_body(&mut self) -> PResult<()> {
        self.tok = self.lex.next_token();
        if self.tok.kind == TokenKind::Eof {
            return self.err("expected a summary entry");
        }
        self.tok = self.lex.next_token();
        if self.tok.kind != TokenKind::Colon {
            return self.err("expected ':' in a summary entry");
        }
        self.tok = self.lex.next_token();
        match self.tok.kind {
            TokenKind::LParen => self.skip_balanced(),
            TokenKind::Eof => self.err("expected a summary entry's value"),
            _ => Ok(()),
        }
    }

    /// Skips one parenthesised group (and a word before it), tolerating any tokens inside.
    fn skip_balanced(&mut self) -> PResult<()> {
        while self.tok.kind != TokenKind::LParen {
            if self.tok.kind == TokenKind::Eof {
                return self.err("expected '('");
            }
            self.tok = self.lex.next_token();
        }
        let mut depth = 0usize;
        loop {
            match self.tok.kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                TokenKind::Eof => return self.err("unterminated summary entry"),
                _ => {}
            }
            self.tok = self.lex.next_token();
        }
    }

    /// An intrinsic called but never declared: LLVM 19 and later declare it with the call's
    /// function type, after the module's functions, in name order. (LLVM names an overloaded
    /// intrinsic called by its bare name, `@llvm.umax`, by its mangled one, `@llvm.umax.i8`,
    /// from its signature table; without one the name stays as written.)
    fn declare_called_intrinsics(&mut self) -> PResult<()> {
        use crate::ir::constant::ConstData;
        use crate::ir::function::{Function, Param};
        use crate::ir::instruction::InstKind;
        use crate::ir::module::GlobalDef;
        use crate::ir::types::TypeData;
        use crate::ir::value::Value;
        let wanted: FxHashSet<SymbolId> =
            self.sym_uses.keys().copied().filter(|&s| self.m.symbols[s].name.starts_with("llvm.")).collect();
        if wanted.is_empty() {
            return Ok(());
        }
        let mut types: FxHashMap<SymbolId, TypeId> = FxHashMap::default();
        for (_, f) in self.m.functions.iter() {
            for (_, inst) in f.insts.iter() {
                let call = match &inst.kind {
                    InstKind::Call { call, .. } | InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } => call,
                    _ => continue,
                };
                let Value::Const(c) = call.callee else { continue };
                let ConstData::Global { global, .. } = self.m.consts[c] else { continue };
                if !wanted.contains(&global) {
                    continue;
                }
                let first = *types.entry(global).or_insert(call.fn_ty);
                if first != call.fn_ty {
                    let at = self.sym_uses[&global].0;
                    return Err(ParseError::new(
                        at,
                        format!(
                            "'@{}' is called with types '{}' and '{}'",
                            self.m.symbols[global].name,
                            self.m.types.to_string(first),
                            self.m.types.to_string(call.fn_ty)
                        ),
                    )
                    .hint("declare the intrinsic by its mangled name for each type"));
                }
            }
        }
        let mut called: Vec<(SymbolId, TypeId)> = types.into_iter().collect();
        called.sort_unstable_by(|a, b| self.m.symbols[a.0].name.as_bytes().cmp(self.m.symbols[b.0].name.as_bytes()));
        let attrs = self.m.no_attrs();
        for (sym, ty) in called {
            let TypeData::Function { params, .. } = self.m.types.get(ty) else { continue };
            let params = params.iter().map(|&ty| Param { ty, name: Default::default(), attrs }).collect();
            let f =
                self.m.functions.push(Function::declaration(Box::from(&*self.m.symbols[sym].name), ty, params, attrs));
            self.m.symbols[sym].def = Some(GlobalDef::Func(f));
            self.sym_uses.remove(&sym);
        }
        Ok(())
    }

    /// `uselistorder …` only orders use lists, which the IR does not model.
    fn skip_uselistorder(&mut self) -> PResult<()> {
        if self.is_kw(Keyword::UselistorderBb) {
            crate::ir::FirstWritten::note(&mut self.m.first_written.uselistorder_bb, self.tok.start);
        }
        self.bump()?;
        // `uselistorder <ty> <value>, { i, … }` or `uselistorder_bb @f, %bb, { … }`.
        while self.tok.kind != TokenKind::LBrace {
            if self.tok.kind == TokenKind::Eof {
                return self.err("expected '{' in uselistorder");
            }
            self.bump()?;
        }
        let open = self.span();
        let mut indexes = 0usize;
        while self.tok.kind != TokenKind::RBrace {
            if self.tok.kind == TokenKind::Eof {
                return self.err("expected '}' in uselistorder");
            }
            indexes += usize::from(self.tok.kind == TokenKind::Integer);
            self.bump()?;
        }
        self.bump()?;
        // An order of one use orders nothing: LLVM's readers refuse it.
        if indexes < 2 {
            return Err(ParseError::new(open, "expected >= 2 uselistorder indexes"));
        }
        Ok(())
    }

    fn finish(mut self) -> Result<Module, ParseError> {
        let first = self.dialect_span.and_then(|(_, at, md)| Some((u32::try_from(at.start).ok()?, md)));
        self.m.types.set_first_pointer_at(first.map(|(at, _)| at), first.is_some_and(|(_, md)| md));
        // A reader that upgrades typed pointers declares them in typed text too (measured,
        // `undeclintr/`).
        if (self.dialect != Dialect::TypedPointers || !self.check_pointees) && !self.sym_uses.is_empty() {
            self.declare_called_intrinsics()?;
        }
        let globals = self.sym_uses.iter().map(|(s, (at, _))| (self.m.symbols[*s].name.to_string(), *at));
        if let Some((name, at)) = function::first_undefined(globals) {
            return Err(ParseError::new(at, format!("use of undefined value '@{name}'")));
        }
        let undefined_type = self
            .type_uses
            .iter()
            .filter(|(id, _)| !self.types_defined.get(id).copied().unwrap_or(false))
            .min_by_key(|(_, at)| at.start);
        if let Some((id, at)) = undefined_type {
            return Err(ParseError::new(
                *at,
                format!("use of undefined type named '%{}'", self.m.types.named(*id).name),
            ));
        }
        if let Some((slot, at)) =
            self.md_uses.iter().filter(|(s, _)| !self.md_defined.contains(s)).min_by_key(|(s, at)| (**s, at.0))
        {
            let at = Span::new(at.0 as usize, at.1 as usize);
            return Err(ParseError::new(at, format!("use of undefined metadata '!{slot}'")));
        }
        renumber_globals(&mut self.m);
        // Merge attribute groups into the sets that name them.
        // Many sites share one (inline set, groups) combination: merge each once.
        // Most name one group: those are keyed without allocating.
        let mut merged_one: FxHashMap<(AttrSetId, u32), AttrSetId> = FxHashMap::default();
        let mut merged: FxHashMap<(AttrSetId, Vec<u32>), AttrSetId> = FxHashMap::default();
        for (target, inline, groups) in std::mem::take(&mut self.attr_fixups) {
            let ids = || groups.iter().map(|(g, _)| g).collect::<Vec<u32>>();
            let known = match groups.single() {
                Some(g) => merged_one.get(&(inline, g)).copied(),
                None => merged.get(&(inline, ids())).copied(),
            };
            let set = match known {
                Some(set) => set,
                None => {
                    let mut attrs: Vec<Attr> = self.m.attrs[inline].0.to_vec();
                    // A group named and never defined adds nothing, as in LLVM (whose writer
                    // numbers groups per use, so a module cut from another may name one it lacks).
                    for (g, _) in groups.iter() {
                        if let Some(group) = self.attr_groups.get(&g) {
                            attrs.extend(group.iter().cloned());
                        }
                    }
                    let set = self.m.attrs.insert(AttrSet(attrs.into()));
                    match groups.single() {
                        Some(g) => merged_one.insert((inline, g), set),
                        None => merged.insert((inline, ids()), set),
                    };
                    set
                }
            };
            match target {
                AttrTarget::Function(f) => self.m.functions[f].fn_attrs = set,
                AttrTarget::Global(g) => self.m.globals[g].attrs = set,
                AttrTarget::Call(f, i) => {
                    if let Some(call) = function::call_site_mut(&mut self.m.functions[f].insts[i].kind) {
                        call.fn_attrs = set;
                    }
                }
            }
        }
        // Uniqued metadata that became equal once forward references resolved.
        let map = self.m.metadata.unique_all();
        if map.iter().enumerate().any(|(i, m)| m.index() != i) {
            function::remap_metadata(&mut self.m, &map);
        }
        crate::ir::upgrade::drop_old_debug_info(&mut self.m);
        Ok(self.m)
    }
}

#[cfg(test)]
mod tests;

/// A token as an error message quotes it: its first [`SHOWN`] bytes and `…` (a token may be
/// megabytes long, and a message is copied several times on its way out).
fn shown(bytes: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if bytes.len() <= SHOWN {
        return bytes.into();
    }
    let mut cut = SHOWN;
    // Back to a character boundary (a continuation byte is 0b10xx_xxxx).
    while cut > 0 && bytes[cut] & 0xC0 == 0x80 {
        cut -= 1;
    }
    [&bytes[..cut], "…".as_bytes()].concat().into()
}

impl Parser<'_> {
    /// Notes a number written past the next one, where it comes first in the text.
    fn misnumbered(&mut self, at: u32, what: &'static str, expected: u32) {
        let m = crate::ir::module::Misnumbered { at, what, expected };
        if self.m.misnumbered.is_none_or(|old| old.at > at) {
            self.m.misnumbered = Some(m);
        }
    }
}

/// How much of a long token an error message quotes.
const SHOWN: usize = 80;

/// Numbered globals (`@N`) take their slot numbers, as LLVM numbers unnamed globals: variables,
/// then aliases, ifuncs and functions, each in definition order. Written numbers may skip
/// (`@5`, `@10`) or come in another order (`define @0` before `@1 = global`). Names of digits
/// written quoted (`@"3"`) are names, and keep theirs.
fn renumber_globals(m: &mut Module) {
    use crate::ir::module::GlobalDef;
    let numbered = |name: &str| !name.is_empty() && name.bytes().all(|c| c.is_ascii_digit());
    let mut syms: Vec<((u8, usize), SymbolId)> = m
        .symbols
        .iter()
        .filter(|&(id, s)| numbered(&s.name) && !m.global_props(id).is_some_and(|p| p.numeric_name))
        .filter_map(|(id, s)| {
            let key = match s.def? {
                GlobalDef::Var(g) => (0, g.index()),
                GlobalDef::Alias(a) => (1, a.index()),
                GlobalDef::IFunc(i) => (2, i.index()),
                GlobalDef::Func(f) => (3, f.index()),
            };
            Some((key, id))
        })
        .collect();
    syms.sort_unstable_by_key(|&(key, _)| key);
    if syms.iter().enumerate().all(|(n, &(_, id))| *m.symbols[id].name == *n.to_string()) {
        return;
    }
    for (n, (_, id)) in syms.into_iter().enumerate() {
        let name = crate::ir::Str::from(n.to_string());
        match m.symbols[id].def {
            Some(GlobalDef::Var(g)) => m.globals[g].name = name.clone(),
            Some(GlobalDef::Func(f)) => m.functions[f].name = name.as_str().into(),
            Some(GlobalDef::Alias(a)) => m.aliases[a].name = name.clone(),
            Some(GlobalDef::IFunc(i)) => m.ifuncs[i].name = name.clone(),
            None => {}
        }
        m.symbols[id].name = name;
    }
}
