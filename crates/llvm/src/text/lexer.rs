//! The lexer for LLVM IR text, as the LLVM 7.0.1 and the modern readers accept it.
//!
//! It works over the input's bytes, allocates nothing, and hands out [`Token`]s that are a kind and a byte span.
//! Bad input becomes a [`TokenKind::Error`] token covering the offending bytes, after which lexing goes on; every
//! token but [`TokenKind::Eof`] consumes at least one byte, so a caller that loops until `Eof` always ends.
//!
//! The grammar follows the LLVM reader's lexer, with these differences, all in favour of better messages:
//! `!42`, `!"…"` and `c"…"` are single tokens; an unknown bare word is a [`TokenKind::Word`] spanning the whole
//! word instead of an error; `cc` glued to digits (`cc10`, as LLVM prints numbered calling conventions) splits
//! into `cc` and the number, but other unknown words starting with `cc` stay words.

use std::borrow::Cow;

use super::token::{escaped_has_nul, hex_digit, DebugInfoWord, HexFloatKind, Keyword, LexError};
use super::token::{Token, TokenKind, MAX_INT_BITS_LLVM7};

/// `[-a-zA-Z$._0-9]`: characters of labels and unquoted names.
const LABEL: u8 = 1;
/// `[a-zA-Z0-9_]`: characters of keywords.
const KEYWORD: u8 = 2;
/// `[0-9]`
const DIGIT: u8 = 4;
/// `[0-9a-fA-F]`
const HEX: u8 = 8;
/// `[-a-zA-Z$._]`: first character of an unquoted name.
const NAME_START: u8 = 16;
/// `[-a-zA-Z$._0-9\\]`: characters of metadata names.
const META: u8 = 32;
/// `[-a-zA-Z$._\\]`: first character of a metadata name.
const META_START: u8 = 64;
/// Space, tab, newline, carriage return and NUL, which the reader all skips.
const BLANK: u8 = 128;

static CLASS: [u8; 256] = build_classes();

const fn build_classes() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let alpha = b.is_ascii_alphabetic();
        let digit = b.is_ascii_digit();
        let punct = matches!(b, b'-' | b'$' | b'.' | b'_');
        let mut k = 0;
        if alpha || digit || punct {
            k |= LABEL | META;
        }
        if alpha || digit || b == b'_' {
            k |= KEYWORD;
        }
        if digit {
            k |= DIGIT;
        }
        if b.is_ascii_hexdigit() {
            k |= HEX;
        }
        if alpha || punct {
            k |= NAME_START | META_START;
        }
        if b == b'\\' {
            k |= META | META_START;
        }
        if matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0) {
            k |= BLANK;
        }
        t[c] = k;
        c += 1;
    }
    t
}

/// Tokens lexed ahead in one go: a tight loop over a batch keeps the lexer's state in registers,
/// where lexing one token per call would save and restore it on every token.
const BATCH: usize = 32;

/// A lexer over one source text.
#[derive(Clone, Debug)]
pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    /// Tokens lexed ahead; `buf[head..len]` are not handed out yet.
    buf: [Token; BATCH],
    head: usize,
    len: usize,
    ignore_colon: bool,
    /// Whether `addrspace(N)` lexes as one token (see [`Lexer::fuse_addrspace`]).
    fuse_addrspace: bool,
    /// Whether a fused `addrspace(N)` was handed out or lexed ahead.
    fused: bool,
}

const NO_TOKEN: Token = Token { kind: TokenKind::Eof, start: 0, end: 0 };

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer::from_bytes(src.as_bytes())
    }

    /// A lexer over raw bytes (a `.ll` file need not be UTF-8 inside its strings). Bytes outside ASCII are only
    /// valid inside strings, quoted names and comments.
    ///
    /// Token offsets are `u32`, so an input of 4 GiB or more is refused: it lexes as one
    /// [`LexError::InputTooLarge`] error and then end of input.
    pub fn from_bytes(src: &'a [u8]) -> Lexer<'a> {
        let mut lexer = Lexer {
            src,
            pos: 0,
            buf: [NO_TOKEN; BATCH],
            head: 0,
            len: 0,
            ignore_colon: false,
            fuse_addrspace: false,
            fused: false,
        };
        if u32::try_from(src.len()).is_err() {
            lexer.src = &[];
            lexer.buf[0] = Token { kind: TokenKind::Error(LexError::InputTooLarge), start: 0, end: 0 };
            lexer.len = 1;
        }
        lexer
    }

    /// The source being lexed (empty if it was refused as too large).
    pub fn source(&self) -> &'a [u8] {
        self.src
    }

    /// Offset of the next byte the lexer will look at (past any tokens lexed ahead).
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// The bytes of a token from this lexer.
    pub fn slice(&self, tok: Token) -> &'a [u8] {
        tok.bytes(self.src)
    }

    /// The value of a token from this lexer: see [`Token::value`].
    pub fn value(&self, tok: Token) -> Cow<'a, [u8]> {
        tok.value(self.src)
    }

    /// The next token.
    #[inline]
    pub fn next_token(&mut self) -> Token {
        if self.head >= self.len {
            self.refill();
        }
        let tok = self.buf.get(self.head).copied().unwrap_or(NO_TOKEN);
        self.head += 1;
        tok
    }

    /// The next token, without consuming it.
    #[inline]
    pub fn peek(&mut self) -> Token {
        if self.head >= self.len {
            self.refill();
        }
        self.buf.get(self.head).copied().unwrap_or(NO_TOKEN)
    }

    /// Lexes the next batch (up to end of input, which ends a batch).
    #[inline(never)]
    fn refill(&mut self) {
        let mut n = 0;
        // Tokens are stored where they are made, and only the end of input (found when skipping
        // blanks) ends a batch early: no test of each token's kind.
        while let Some(tok) = self.lex() {
            self.buf[n] = tok;
            n += 1;
            if n == BATCH {
                self.head = 0;
                self.len = n;
                return;
            }
        }
        // Past the last blank is the end of input (which fits in `u32`: see `from_bytes`).
        let end = self.src.len() as u32;
        self.buf[n] = Token { kind: TokenKind::Eof, start: end, end };
        self.head = 0;
        self.len = n + 1;
    }

    /// Continues lexing at byte `pos` (which must start a token, or be whitespace before one).
    pub fn seek(&mut self, pos: usize) {
        self.pos = pos.min(self.src.len());
        self.head = 0;
        self.len = 0;
    }

    /// Whether `word:` lexes as a word followed by `:` rather than as a label, as the reader wants inside
    /// module summary entries (`module: (path: "a.o", hash: (…))`). Tokens lexed ahead are lexed again.
    pub fn set_ignore_colon_in_identifiers(&mut self, ignore: bool) {
        self.ignore_colon = ignore;
        if let Some(tok) = self.buf.get(self.head..self.len).and_then(|rest| rest.first()) {
            self.pos = tok.start as usize;
        }
        self.head = 0;
        self.len = 0;
    }

    /// Lexes `addrspace(N)` written without blanks, N a decimal address space below 2^24, as one
    /// [`Keyword::Addrspace`] token spanning all of it (the parser's form: a typed-pointer module
    /// writes it on most pointer types, and one token costs a quarter of four). Any other
    /// `addrspace` stays the keyword alone. Call before the first token is lexed.
    pub(crate) fn fuse_addrspace(&mut self) {
        self.fuse_addrspace = true;
    }

    /// Whether a fused `addrspace(N)` has been lexed (handed out or lexed ahead).
    pub(crate) fn fused(&self) -> bool {
        self.fused
    }

    /// `(N)` at `i` after `addrspace`, N below 2^24 without sign or blanks: where it ends.
    fn addrspace_suffix(&self, i: usize) -> Option<usize> {
        if self.at(i) != b'(' {
            return None;
        }
        let (end, n) = self.digits(i + 1);
        (end > i + 1 && self.at(end) == b')' && n? < 1 << 24).then_some(end + 1)
    }

    #[inline(always)]
    fn at(&self, i: usize) -> u8 {
        // Reading past the end gives 0, which is in no class but `BLANK` and so ends every other scan.
        self.src.get(i).copied().unwrap_or(0)
    }

    #[inline(always)]
    fn is(&self, i: usize, class: u8) -> bool {
        CLASS[self.at(i) as usize] & class != 0
    }

    /// First position at or after `i` not in `class`.
    #[inline(always)]
    fn run_end(&self, mut i: usize, class: u8) -> usize {
        // Names run long (`%struct.HeapTupleHeaderData`): four bytes a step while four are left,
        // which spares three of every four bound checks and loop branches.
        let src = self.src;
        while let Some([a, b, c, d]) = src.get(i..i + 4).and_then(|q| <[u8; 4]>::try_from(q).ok()) {
            if CLASS[a as usize] & class == 0 {
                return i;
            }
            if CLASS[b as usize] & class == 0 {
                return i + 1;
            }
            if CLASS[c as usize] & class == 0 {
                return i + 2;
            }
            if CLASS[d as usize] & class == 0 {
                return i + 3;
            }
            i += 4;
        }
        while self.is(i, class) {
            i += 1;
        }
        i
    }

    /// First position at or after `i` that is not blank (or the input's end).
    #[inline(always)]
    fn skip_blanks(&self, mut i: usize) -> usize {
        let src = self.src;
        while let Some(&c) = src.get(i) {
            if CLASS[c as usize] & BLANK == 0 {
                break;
            }
            i += 1;
            // Most tokens follow one blank or none; the long runs (the padding before a block's
            // `; preds = …` comment) are skipped eight spaces a step.
            if c == b' ' && src.get(i) == Some(&b' ') {
                while src.get(i..i + 8).and_then(|q| <[u8; 8]>::try_from(q).ok()) == Some([b' '; 8]) {
                    i += 8;
                }
            }
        }
        i
    }

    /// The next token, or `None` at the end of input.
    #[inline(always)]
    fn lex(&mut self) -> Option<Token> {
        let src = self.src;
        loop {
            // Blanks are a quarter of a typical file: skip them before dispatching. NUL counts as blank here,
            // so this loop checks the bound itself rather than relying on `at`.
            let start = self.skip_blanks(self.pos);
            let &c = src.get(start)?;
            self.pos = start + 1;
            let kind = match c {
                b';' => {
                    self.pos = src[start..]
                        .iter()
                        .position(|&c| c == b'\n' || c == b'\r')
                        .map_or(src.len(), |off| start + off);
                    continue;
                }
                b'/' if self.at(start + 1) == b'*' => match self.skip_block_comment(start + 2) {
                    Some(end) => {
                        self.pos = end;
                        continue;
                    }
                    None => {
                        self.pos = src.len();
                        TokenKind::Error(LexError::UnterminatedComment)
                    }
                },
                b'%' => self.lex_var(start, |quoted| TokenKind::LocalVar { quoted }, TokenKind::LocalId),
                b'@' => self.lex_var(start, |quoted| TokenKind::GlobalVar { quoted }, TokenKind::GlobalId),
                b'a'..=b'z' | b'A'..=b'Z' | b'_' => self.lex_word(start),
                b'0'..=b'9' | b'-' => self.lex_number(start),
                b',' => TokenKind::Comma,
                b'=' => TokenKind::Equal,
                b'*' => TokenKind::Star,
                b'(' => TokenKind::LParen,
                b')' => TokenKind::RParen,
                b'[' => TokenKind::LSquare,
                b']' => TokenKind::RSquare,
                b'{' => TokenKind::LBrace,
                b'}' => TokenKind::RBrace,
                b'<' => TokenKind::Less,
                b'>' => TokenKind::Greater,
                b'|' => TokenKind::Bar,
                b':' => TokenKind::Colon,
                b'!' => self.lex_exclaim(start),
                b'"' => self.lex_quote(start),
                b'#' if self.is(start + 1, DIGIT) => self.lex_id(start + 1, TokenKind::AttrGroupId),
                b'#' => TokenKind::Hash,
                b'^' if self.is(start + 1, DIGIT) => self.lex_id(start + 1, TokenKind::SummaryId),
                b'$' => self.lex_dollar(start),
                b'.' => self.lex_dot(start),
                b'+' => self.lex_positive(start),
                0x80..=0xff => {
                    // One error for the whole run of non-ASCII bytes, which keeps spans on char boundaries.
                    self.pos = src[start..].iter().position(|&c| c < 0x80).map_or(src.len(), |off| start + off);
                    TokenKind::Error(LexError::UnexpectedChar)
                }
                _ => TokenKind::Error(LexError::UnexpectedChar),
            };
            return Some(Token { kind, start: start as u32, end: self.pos as u32 });
        }
    }

    /// Skips a (nestable) `/* … */` body starting after the opening `/*`; the end offset, or `None` at EOF.
    fn skip_block_comment(&self, mut i: usize) -> Option<usize> {
        let mut depth = 1usize;
        while i < self.src.len() {
            match (self.src[i], self.at(i + 1)) {
                (b'*', b'/') => {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        return Some(i);
                    }
                }
                (b'/', b'*') => {
                    depth += 1;
                    i += 2;
                }
                _ => i += 1,
            }
        }
        None
    }

    /// Offset of the closing quote of a string whose contents start at `i`.
    #[inline]
    fn find_quote(&self, i: usize) -> Option<usize> {
        self.src.get(i..)?.iter().position(|&c| c == b'"').map(|off| i + off)
    }

    /// Digits from `i` as a numbered id: `make(n)` or an error if it exceeds `u32`.
    fn lex_id(&mut self, i: usize, make: fn(u32) -> TokenKind) -> TokenKind {
        let (end, n) = self.digits(i);
        self.pos = end;
        match n {
            Some(n) => make(n),
            None => TokenKind::Error(LexError::IdTooLarge),
        }
    }

    /// The run of decimal digits from `i`: where it ends, and its value when that fits in `u32`
    /// (one pass: ids and integer-type widths are read on every few tokens).
    #[inline(always)]
    fn digits(&self, i: usize) -> (usize, Option<u32>) {
        let run = self.src.get(i..).unwrap_or(&[]);
        let len = run.iter().take_while(|&&c| c.is_ascii_digit()).count();
        let digits = &run[..len];
        let value = if len <= 9 {
            // Nine digits cannot overflow.
            Some(digits.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0')))
        } else {
            parse_u32(digits)
        };
        (i + len, value)
    }

    /// A quoted name whose opening quote is at `quote`: `make(true)`, or an error.
    fn lex_quoted_name(&mut self, quote: usize, make: fn(bool) -> TokenKind) -> TokenKind {
        match self.find_quote(quote + 1) {
            None => {
                self.pos = self.src.len();
                TokenKind::Error(LexError::UnterminatedString)
            }
            Some(close) => {
                self.pos = close + 1;
                if escaped_has_nul(&self.src[quote + 1..close]) {
                    TokenKind::Error(LexError::NulInName)
                } else {
                    make(true)
                }
            }
        }
    }

    /// `%…` and `@…`: a name, a quoted name or a number.
    #[inline]
    fn lex_var(&mut self, start: usize, named: fn(bool) -> TokenKind, numbered: fn(u32) -> TokenKind) -> TokenKind {
        let i = start + 1;
        let c = self.at(i);
        if CLASS[c as usize] & NAME_START != 0 {
            self.pos = self.run_end(i + 1, LABEL);
            named(false)
        } else if CLASS[c as usize] & DIGIT != 0 {
            self.lex_id(i, numbered)
        } else if c == b'"' {
            self.lex_quoted_name(i, named)
        } else {
            TokenKind::Error(LexError::UnexpectedChar)
        }
    }

    /// `$…`: a label `$x:`, or a comdat name.
    fn lex_dollar(&mut self, start: usize) -> TokenKind {
        let end = self.run_end(start + 1, LABEL);
        if self.at(end) == b':' {
            self.pos = end + 1;
            return TokenKind::Label { quoted: false };
        }
        if self.at(start + 1) == b'"' {
            return self.lex_quoted_name(start + 1, |quoted| TokenKind::ComdatVar { quoted });
        }
        if self.is(start + 1, NAME_START) {
            self.pos = end;
            return TokenKind::ComdatVar { quoted: false };
        }
        TokenKind::Error(LexError::UnexpectedChar)
    }

    /// `.`: a label `.x:` or `...`.
    fn lex_dot(&mut self, start: usize) -> TokenKind {
        let end = self.run_end(start + 1, LABEL);
        if self.at(end) == b':' {
            self.pos = end + 1;
            TokenKind::Label { quoted: false }
        } else if self.at(start + 1) == b'.' && self.at(start + 2) == b'.' {
            self.pos = start + 3;
            TokenKind::DotDotDot
        } else {
            TokenKind::Error(LexError::UnexpectedChar)
        }
    }

    /// `"…"`: a string, or a quoted label `"…":`.
    fn lex_quote(&mut self, start: usize) -> TokenKind {
        let Some(close) = self.find_quote(start + 1) else {
            self.pos = self.src.len();
            return TokenKind::Error(LexError::UnterminatedString);
        };
        self.pos = close + 1;
        if self.at(close + 1) != b':' {
            return TokenKind::String;
        }
        self.pos = close + 2;
        if escaped_has_nul(&self.src[start + 1..close]) {
            TokenKind::Error(LexError::NulInName)
        } else {
            TokenKind::Label { quoted: true }
        }
    }

    /// `!…`: a metadata name, number or string, or a lone `!`.
    fn lex_exclaim(&mut self, start: usize) -> TokenKind {
        let i = start + 1;
        let c = self.at(i);
        if CLASS[c as usize] & META_START != 0 {
            self.pos = self.run_end(i + 1, META);
            TokenKind::MetadataVar
        } else if CLASS[c as usize] & DIGIT != 0 {
            self.lex_id(i, TokenKind::MetadataId)
        } else if c == b'"' {
            match self.find_quote(i + 1) {
                Some(close) => {
                    self.pos = close + 1;
                    TokenKind::MetadataString
                }
                None => {
                    self.pos = self.src.len();
                    TokenKind::Error(LexError::UnterminatedString)
                }
            }
        } else {
            TokenKind::Exclaim
        }
    }

    /// A bare word: label, integer type, keyword, debug-info word, `s0x…`/`u0x…`, `c"…"` or unknown word.
    fn lex_word(&mut self, start: usize) -> TokenKind {
        let src = self.src;
        if src[start] == b'i' && self.is(start + 1, DIGIT) {
            // `iN` is the most common word by far; settle it without scanning for a label first.
            let (digits_end, width) = self.digits(start + 1);
            let next = self.at(digits_end);
            if CLASS[next as usize] & LABEL == 0 && next != b':' {
                self.pos = digits_end;
                return match width {
                    Some(n @ 1..=MAX_INT_BITS_LLVM7) => TokenKind::IntType(n),
                    _ => TokenKind::Error(LexError::IntTypeWidth),
                };
            }
        }
        let kw_end = self.run_end(start + 1, KEYWORD);
        // Keywords end at a blank or punctuation, not inside a longer label-like word.
        let end = if self.is(kw_end, LABEL) { self.run_end(kw_end + 1, LABEL) } else { kw_end };
        if self.at(end) == b':' && !self.ignore_colon {
            self.pos = end + 1;
            return TokenKind::Label { quoted: false };
        }
        if src[start] == b'i' {
            let digits_end = self.run_end(start + 1, DIGIT);
            if digits_end > start + 1 {
                self.pos = digits_end;
                return int_type(&src[start + 1..digits_end]);
            }
        }
        let word = &src[start..kw_end];
        self.pos = kw_end;
        if self.fuse_addrspace && word == b"addrspace" {
            if let Some(end) = self.addrspace_suffix(kw_end) {
                self.pos = end;
                self.fused = true;
            }
            return TokenKind::Keyword(Keyword::Addrspace);
        }
        if let Some(kw) = Keyword::lookup_in(src, start, kw_end) {
            if kw == Keyword::C && self.at(kw_end) == b'"' {
                return match self.find_quote(kw_end + 1) {
                    Some(close) => {
                        self.pos = close + 1;
                        TokenKind::CString
                    }
                    None => {
                        self.pos = src.len();
                        TokenKind::Error(LexError::UnterminatedString)
                    }
                };
            }
            return TokenKind::Keyword(kw);
        }
        if let Some(family) = DebugInfoWord::classify(word) {
            return TokenKind::DebugInfo(family);
        }
        if let [sign @ (b's' | b'u'), b'0', b'x', digits @ ..] = word {
            if digits.first().is_some_and(|&d| hex_digit(d).is_some()) {
                return if digits.iter().all(|&d| hex_digit(d).is_some()) {
                    TokenKind::HexInt { signed: *sign == b's' }
                } else {
                    TokenKind::Error(LexError::BadHexConstant)
                };
            }
        }
        if let [b'c', b'c', digits @ ..] = word {
            if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) {
                self.pos = start + 2;
                return TokenKind::Keyword(Keyword::Cc);
            }
        }
        self.pos = end;
        TokenKind::Word
    }

    /// A token starting with a digit or `-`: integer, float, hex float, numbered label or label.
    fn lex_number(&mut self, start: usize) -> TokenKind {
        let src = self.src;
        let first_is_digit = src[start] != b'-';
        if !first_is_digit && !self.is(start + 1, DIGIT) {
            // `-` not followed by a digit can only be a label such as `-foo:`.
            let end = self.run_end(start + 1, LABEL);
            if self.at(end) == b':' {
                self.pos = end + 1;
                return TokenKind::Label { quoted: false };
            }
            return TokenKind::Error(LexError::UnexpectedChar);
        }
        let digits_end = self.run_end(start + 1, DIGIT);
        let next = self.at(digits_end);
        if next == b':' && first_is_digit {
            self.pos = digits_end + 1;
            return match parse_u32(&src[start..digits_end]) {
                Some(n) => TokenKind::LabelId(n),
                None => TokenKind::Error(LexError::IdTooLarge),
            };
        }
        if CLASS[next as usize] & LABEL != 0 || next == b':' {
            // Labels may start with digits (`1abc:`) or `-` (`-1:`).
            let end = self.run_end(digits_end, LABEL);
            if self.at(end) == b':' {
                self.pos = end + 1;
                return TokenKind::Label { quoted: false };
            }
        }
        if next == b'.' {
            return self.lex_fraction(digits_end + 1);
        }
        if src[start] == b'0' && next == b'x' && digits_end == start + 1 {
            return self.lex_hex_float(start);
        }
        self.pos = digits_end;
        TokenKind::Integer
    }

    /// The rest of a decimal float after its `.`: `[0-9]*([eE][-+]?[0-9]+)?`.
    fn lex_fraction(&mut self, i: usize) -> TokenKind {
        let mut end = self.run_end(i, DIGIT);
        if matches!(self.at(end), b'e' | b'E') {
            let sign = usize::from(matches!(self.at(end + 1), b'-' | b'+'));
            if self.is(end + 1 + sign, DIGIT) {
                end = self.run_end(end + 1 + sign, DIGIT);
            }
        }
        self.pos = end;
        TokenKind::Float
    }

    /// `0x…`, `0xK…`, `0xL…`, `0xM…`, `0xH…`, `0xR…`.
    fn lex_hex_float(&mut self, start: usize) -> TokenKind {
        let kind = match self.at(start + 2) {
            b'K' => HexFloatKind::X87,
            b'L' => HexFloatKind::Quad,
            b'M' => HexFloatKind::PpcDoubleDouble,
            b'H' => HexFloatKind::Half,
            b'R' => HexFloatKind::BFloat,
            _ => HexFloatKind::Double,
        };
        let digits = start + kind.prefix_len();
        let end = self.run_end(digits, HEX);
        if end == digits {
            self.pos = digits;
            return TokenKind::Error(LexError::BadHexConstant);
        }
        self.pos = end;
        let text = &self.src[digits..end];
        // The reader's limits: 64 bits of value for `0x`, `0xH` and `0xR`; 20 and 32 digits for the others.
        let fits = match kind {
            HexFloatKind::Double | HexFloatKind::Half | HexFloatKind::BFloat => {
                text.iter().skip_while(|&&d| d == b'0').count() <= 16
            }
            HexFloatKind::X87 => text.len() <= 20,
            HexFloatKind::Quad | HexFloatKind::PpcDoubleDouble => text.len() <= 32,
        };
        if fits {
            TokenKind::HexFloat(kind)
        } else {
            TokenKind::Error(LexError::HexConstantTooLarge)
        }
    }

    /// `+`: only a float may start with it.
    fn lex_positive(&mut self, start: usize) -> TokenKind {
        if !self.is(start + 1, DIGIT) {
            return TokenKind::Error(LexError::UnexpectedChar);
        }
        let digits_end = self.run_end(start + 1, DIGIT);
        if self.at(digits_end) == b'.' {
            self.lex_fraction(digits_end + 1)
        } else {
            self.pos = digits_end;
            TokenKind::Error(LexError::UnexpectedChar)
        }
    }
}

/// `iN` from the digits of N.
fn int_type(digits: &[u8]) -> TokenKind {
    match parse_u32(digits) {
        Some(n @ 1..=MAX_INT_BITS_LLVM7) => TokenKind::IntType(n),
        _ => TokenKind::Error(LexError::IntTypeWidth),
    }
}

/// Decimal digits as a `u32`; `None` on overflow. Any number of leading zeros is fine.
fn parse_u32(digits: &[u8]) -> Option<u32> {
    let mut n: u32 = 0;
    for &d in digits {
        n = n.checked_mul(10)?.checked_add(u32::from(d.wrapping_sub(b'0')))?;
    }
    Some(n)
}

impl Iterator for Lexer<'_> {
    type Item = Token;

    /// Tokens up to, not including, [`TokenKind::Eof`].
    fn next(&mut self) -> Option<Token> {
        let tok = self.next_token();
        (tok.kind != TokenKind::Eof).then_some(tok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::token::{unescape, KeywordClass};
    use TokenKind as K;

    /// Every token of `src` with its text, up to EOF.
    fn lex(src: &str) -> Vec<(TokenKind, &str)> {
        Lexer::new(src).map(|t| (t.kind, t.text(src))).collect()
    }

    fn kinds(src: &str) -> Vec<TokenKind> {
        lex(src).into_iter().map(|(k, _)| k).collect()
    }

    fn one(src: &str) -> TokenKind {
        let toks = lex(src);
        assert_eq!(toks.len(), 1, "{src:?} gave {toks:?}");
        assert_eq!(toks[0].1, src, "{src:?} did not lex as one token");
        toks[0].0
    }

    fn kw(k: Keyword) -> TokenKind {
        K::Keyword(k)
    }

    #[test]
    fn punctuation_and_whitespace() {
        assert_eq!(
            kinds("= , * [ ] { } ( ) < > ! | : ... #"),
            [
                K::Equal,
                K::Comma,
                K::Star,
                K::LSquare,
                K::RSquare,
                K::LBrace,
                K::RBrace,
                K::LParen,
                K::RParen,
                K::Less,
                K::Greater,
                K::Exclaim,
                K::Bar,
                K::Colon,
                K::DotDotDot,
                K::Hash
            ]
        );
        assert_eq!(kinds(" \t\r\n\0 "), []);
        assert_eq!(kinds("; comment\n,; another\r,;eof"), [K::Comma, K::Comma]);
        assert_eq!(kinds("(...)"), [K::LParen, K::DotDotDot, K::RParen]);
        assert_eq!(kinds("!{}"), [K::Exclaim, K::LBrace, K::RBrace]);
        assert_eq!(kinds("/* a /* nested */ b */ ,"), [K::Comma]);
    }

    #[test]
    fn local_and_global_names() {
        assert_eq!(one("%x"), K::LocalVar { quoted: false });
        assert_eq!(one("%.str.1"), K::LocalVar { quoted: false });
        assert_eq!(one("%-a$b_c"), K::LocalVar { quoted: false });
        assert_eq!(one("%\"quoted name\""), K::LocalVar { quoted: true });
        assert_eq!(one("%42"), K::LocalId(42));
        assert_eq!(one("%0"), K::LocalId(0));
        assert_eq!(one("@main"), K::GlobalVar { quoted: false });
        assert_eq!(one("@llvm.nvvm.read.ptx.sreg.tid.x"), K::GlobalVar { quoted: false });
        assert_eq!(one("@\"\\01foo\""), K::GlobalVar { quoted: true });
        assert_eq!(one("@7"), K::GlobalId(7));
        assert_eq!(one("@4294967295"), K::GlobalId(u32::MAX));
        assert_eq!(one("@4294967296"), K::Error(LexError::IdTooLarge));
        assert_eq!(one("$comdat"), K::ComdatVar { quoted: false });
        assert_eq!(one("$\"q c\""), K::ComdatVar { quoted: true });
        // A number then a word, as in LLVM: numbered names have no letters.
        assert_eq!(kinds("%0abc"), [K::LocalId(0), K::Word]);
        assert_eq!(kinds("%12,"), [K::LocalId(12), K::Comma]);
    }

    #[test]
    fn addrspace_fuses_only_when_asked_and_only_in_its_exact_form() {
        fn fused(src: &str) -> (Vec<(TokenKind, &str)>, bool) {
            let mut lexer = Lexer::new(src);
            lexer.fuse_addrspace();
            let toks: Vec<_> = lexer.by_ref().map(|t| (t.kind, t.text(src))).collect();
            (toks, lexer.fused())
        }
        let (toks, any) = fused("i32 addrspace(3)* addrspace(16777215)");
        assert!(any);
        assert_eq!(
            toks,
            [
                (K::IntType(32), "i32"),
                (kw(Keyword::Addrspace), "addrspace(3)"),
                (K::Star, "*"),
                (kw(Keyword::Addrspace), "addrspace(16777215)")
            ]
        );
        // Anything else is the keyword alone, as without fusing: blanks, a sign, no digits, an
        // address space of 24 bits or more, a longer word.
        for src in
            ["addrspace (1)", "addrspace( 1)", "addrspace(1 )", "addrspace(-1)", "addrspace()", "addrspace(16777216)"]
        {
            let (toks, any) = fused(src);
            assert!(!any, "{src}");
            assert_eq!(toks, lex(src), "{src}");
        }
        assert_eq!(fused("addrspacecast(1)").0, lex("addrspacecast(1)"));
        // Not asked: four tokens.
        assert_eq!(kinds("addrspace(1)"), [kw(Keyword::Addrspace), K::LParen, K::Integer, K::RParen]);
    }

    #[test]
    fn sigilled_references() {
        assert_eq!(one("!name"), K::MetadataVar);
        assert_eq!(one("!llvm.module.flags"), K::MetadataVar);
        assert_eq!(one("!nvvm.annotations"), K::MetadataVar);
        assert_eq!(one("!DILocation"), K::MetadataVar);
        assert_eq!(one("!\\34x"), K::MetadataVar);
        assert_eq!(one("!42"), K::MetadataId(42));
        assert_eq!(one("!\"a string\""), K::MetadataString);
        assert_eq!(one("!\"\""), K::MetadataString);
        assert_eq!(one("#42"), K::AttrGroupId(42));
        assert_eq!(one("^3"), K::SummaryId(3));
        assert_eq!(one("^"), K::Error(LexError::UnexpectedChar));
        assert_eq!(kinds("#dbg_value("), [K::Hash, K::DebugInfo(DebugInfoWord::DbgRecordType), K::LParen]);
        assert_eq!(
            kinds("!tbaa !6, !range !{i32 0, i32 1}"),
            [
                K::MetadataVar,
                K::MetadataId(6),
                K::Comma,
                K::MetadataVar,
                K::Exclaim,
                K::LBrace,
                K::IntType(32),
                K::Integer,
                K::Comma,
                K::IntType(32),
                K::Integer,
                K::RBrace
            ]
        );
    }

    #[test]
    fn labels_and_numbered_labels() {
        assert_eq!(one("entry:"), K::Label { quoted: false });
        assert_eq!(one("bb12:"), K::Label { quoted: false });
        assert_eq!(one(".LBB0_1:"), K::Label { quoted: false });
        assert_eq!(one("$x:"), K::Label { quoted: false });
        assert_eq!(one("-1:"), K::Label { quoted: false });
        assert_eq!(one("-foo:"), K::Label { quoted: false });
        assert_eq!(one("1abc:"), K::Label { quoted: false });
        assert_eq!(one("\"quoted label\":"), K::Label { quoted: true });
        assert_eq!(one("42:"), K::LabelId(42));
        assert_eq!(one("0:"), K::LabelId(0));
        assert_eq!(one("99999999999:"), K::Error(LexError::IdTooLarge));
        // A label keyword-looking word is still a label; `i32:` too.
        assert_eq!(one("define:"), K::Label { quoted: false });
        assert_eq!(one("i32:"), K::Label { quoted: false });
        // Numbered values are not labels.
        assert_eq!(kinds("%42 = add"), [K::LocalId(42), K::Equal, kw(Keyword::Add)]);
        assert_eq!(kinds("br label %42"), [kw(Keyword::Br), kw(Keyword::Label), K::LocalId(42)]);
        // A string followed by a spaced colon is a string then a colon.
        assert_eq!(kinds("\"a\" :"), [K::String, K::Colon]);
        // Metadata fields lex as labels.
        assert_eq!(
            kinds("!DIFile(filename: \"a.cu\", directory: \"/x\")"),
            [K::MetadataVar, K::LParen, K::Label { quoted: false }, K::String, K::Comma]
                .into_iter()
                .chain([K::Label { quoted: false }, K::String, K::RParen])
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn ignoring_colons_in_summaries() {
        let src = "^0 = module: (path: \"a.o\", hash: (0, 1))";
        let mut lexer = Lexer::new(src);
        assert_eq!(lexer.next_token().kind, K::SummaryId(0));
        assert_eq!(lexer.next_token().kind, K::Equal);
        assert_eq!(lexer.peek().kind, K::Label { quoted: false });
        lexer.set_ignore_colon_in_identifiers(true);
        let rest: Vec<_> = lexer.by_ref().take(6).map(|t| t.kind).collect();
        assert_eq!(rest, [kw(Keyword::Module), K::Colon, K::LParen, kw(Keyword::Path), K::Colon, K::String]);
    }

    #[test]
    fn integer_types() {
        assert_eq!(one("i1"), K::IntType(1));
        assert_eq!(one("i32"), K::IntType(32));
        assert_eq!(one("i128"), K::IntType(128));
        assert_eq!(one("i8388608"), K::IntType(1 << 23));
        assert_eq!(one("i16777215"), K::IntType(MAX_INT_BITS_LLVM7));
        assert_eq!(one("i16777216"), K::Error(LexError::IntTypeWidth));
        assert_eq!(one("i0"), K::Error(LexError::IntTypeWidth));
        assert_eq!(one("i99999999999999999999"), K::Error(LexError::IntTypeWidth));
        assert_eq!(kinds("i8*"), [K::IntType(8), K::Star]);
        assert_eq!(kinds("i32**"), [K::IntType(32), K::Star, K::Star]);
        assert_eq!(kinds("i8x"), [K::IntType(8), kw(Keyword::X)]);
        assert_eq!(one("i"), K::Word);
        assert_eq!(one("inbounds"), kw(Keyword::Inbounds));
    }

    #[test]
    fn both_pointer_dialects() {
        assert_eq!(
            kinds("i8 addrspace(1)* %p"),
            [
                K::IntType(8),
                kw(Keyword::Addrspace),
                K::LParen,
                K::Integer,
                K::RParen,
                K::Star,
                K::LocalVar { quoted: false }
            ]
        );
        assert_eq!(
            kinds("ptr addrspace(3) %p"),
            [kw(Keyword::Ptr), kw(Keyword::Addrspace), K::LParen, K::Integer, K::RParen, K::LocalVar { quoted: false }]
        );
        assert_eq!(
            kinds("<4 x float>* %v"),
            [
                K::Less,
                K::Integer,
                kw(Keyword::X),
                kw(Keyword::Float),
                K::Greater,
                K::Star,
                K::LocalVar { quoted: false }
            ]
        );
        assert_eq!(
            kinds("getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @g, i64 0"),
            kinds("getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @g, i64 0")
        );
        assert_eq!(kinds("{ i32, ptr }* %s").len(), 7);
    }

    #[test]
    fn keywords_of_every_class() {
        for word in [
            "void",
            "half",
            "bfloat",
            "float",
            "double",
            "x86_fp80",
            "fp128",
            "ppc_fp128",
            "label",
            "metadata",
            "x86_mmx",
            "x86_amx",
            "token",
            "ptr",
            "opaque",
        ] {
            assert!(matches!(one(word), K::Keyword(_)), "{word}");
        }
        for word in ["fneg", "freeze", "callbr", "getelementptr", "addrspacecast", "cmpxchg", "atomicrmw"] {
            assert_eq!(one(word), K::Keyword(Keyword::lookup(word.as_bytes()).unwrap()));
            assert_eq!(Keyword::lookup(word.as_bytes()).unwrap().class(), KeywordClass::Opcode);
        }
        assert_eq!(one("ptx_kernel"), kw(Keyword::PtxKernel));
        assert_eq!(one("ptx_device"), kw(Keyword::PtxDevice));
        assert_eq!(kinds("cc 71"), [kw(Keyword::Cc), K::Integer]);
        assert_eq!(lex("cc10"), [(kw(Keyword::Cc), "cc"), (K::Integer, "10")]);
        assert_eq!(one("ccfoo"), K::Word);
        for word in ["noundef", "nocapture", "readonly", "mustprogress", "willreturn", "nofree", "nosync"] {
            assert_eq!(Keyword::lookup(word.as_bytes()).map(Keyword::class), Some(KeywordClass::Attribute));
        }
        assert_eq!(
            kinds("memory(argmem: readwrite, inaccessiblemem: none)"),
            [
                kw(Keyword::Memory),
                K::LParen,
                K::Label { quoted: false },
                kw(Keyword::Readwrite),
                K::Comma,
                K::Label { quoted: false },
                kw(Keyword::None),
                K::RParen
            ]
        );
        assert_eq!(
            kinds("memory(read) memory(write)")[..4],
            [kw(Keyword::Memory), K::LParen, kw(Keyword::Read), K::RParen]
        );
        assert_eq!(
            kinds("fadd nnan ninf nsz arcp contract reassoc afn fast"),
            [
                kw(Keyword::Fadd),
                kw(Keyword::Nnan),
                kw(Keyword::Ninf),
                kw(Keyword::Nsz),
                kw(Keyword::Arcp),
                kw(Keyword::Contract),
                kw(Keyword::Reassoc),
                kw(Keyword::Afn),
                kw(Keyword::Fast)
            ]
        );
        assert_eq!(
            kinds("atomicrmw add ptr %p, i32 1 syncscope(\"block\") seq_cst")[7..],
            [kw(Keyword::Syncscope), K::LParen, K::String, K::RParen, kw(Keyword::SeqCst)]
        );
        for word in ["unordered", "monotonic", "acquire", "release", "acq_rel", "seq_cst"] {
            assert_eq!(Keyword::lookup(word.as_bytes()).map(Keyword::class), Some(KeywordClass::Ordering));
        }
        for word in ["private", "internal", "linkonce_odr", "weak_odr", "common", "extern_weak", "external"] {
            assert_eq!(Keyword::lookup(word.as_bytes()).map(Keyword::class), Some(KeywordClass::Linkage));
        }
        assert_eq!(
            kinds("define dso_local void @k() local_unnamed_addr #0 {"),
            [
                kw(Keyword::Define),
                kw(Keyword::DsoLocal),
                kw(Keyword::Void),
                K::GlobalVar { quoted: false },
                K::LParen,
                K::RParen,
                kw(Keyword::LocalUnnamedAddr),
                K::AttrGroupId(0),
                K::LBrace
            ]
        );
    }

    #[test]
    fn unknown_words_lex_whole() {
        assert_eq!(lex("frobnicate"), [(K::Word, "frobnicate")]);
        assert_eq!(lex("foo.bar-baz"), [(K::Word, "foo.bar-baz")]);
        assert_eq!(lex("Foo,"), [(K::Word, "Foo"), (K::Comma, ",")]);
        // A keyword stops at the first character keywords do not contain.
        assert_eq!(
            lex("add.y"),
            [(kw(Keyword::Add), "add"), (K::Error(LexError::UnexpectedChar), "."), (K::Word, "y")]
        );
    }

    #[test]
    fn debug_info_words() {
        assert_eq!(one("DW_TAG_pointer_type"), K::DebugInfo(DebugInfoWord::DwarfTag));
        assert_eq!(one("DW_ATE_signed"), K::DebugInfo(DebugInfoWord::DwarfAttEncoding));
        assert_eq!(one("DW_LANG_C_plus_plus_14"), K::DebugInfo(DebugInfoWord::DwarfLang));
        assert_eq!(one("DW_OP_LLVM_fragment"), K::DebugInfo(DebugInfoWord::DwarfOp));
        assert_eq!(
            kinds("DIFlagPrototyped | DIFlagArtificial"),
            [K::DebugInfo(DebugInfoWord::DiFlag), K::Bar, K::DebugInfo(DebugInfoWord::DiFlag)]
        );
        assert_eq!(one("DISPFlagDefinition"), K::DebugInfo(DebugInfoWord::DiSpFlag));
        assert_eq!(one("CSK_MD5"), K::DebugInfo(DebugInfoWord::ChecksumKind));
        assert_eq!(one("FullDebug"), K::DebugInfo(DebugInfoWord::EmissionKind));
        assert_eq!(one("None"), K::DebugInfo(DebugInfoWord::NameTableKind));
        assert_eq!(one("none"), kw(Keyword::None));
    }

    #[test]
    fn integers_and_apsints() {
        assert_eq!(one("0"), K::Integer);
        assert_eq!(one("42"), K::Integer);
        assert_eq!(one("-42"), K::Integer);
        assert_eq!(one("-0"), K::Integer);
        assert_eq!(one("123456789012345678901234567890"), K::Integer);
        assert_eq!(one("s0x7FFF"), K::HexInt { signed: true });
        assert_eq!(one("u0xffffffffffffffffffffffffffffffff"), K::HexInt { signed: false });
        assert_eq!(one("u0x12g4"), K::Error(LexError::BadHexConstant));
        assert_eq!(one("s0x"), K::Word);
        assert_eq!(kinds("42abc"), [K::Integer, K::Word]);
        assert_eq!(kinds("-1,"), [K::Integer, K::Comma]);
        assert_eq!(one("-"), K::Error(LexError::UnexpectedChar));
        assert_eq!(kinds("- 1"), [K::Error(LexError::UnexpectedChar), K::Integer]);
    }

    #[test]
    fn decimal_floats() {
        for f in ["1.0", "-1.5", "+2.5", "0.", "1.0e10", "1.0E-10", "-3.25e+07", "1.5e", "12.e5"] {
            let toks = lex(f);
            if f == "1.5e" {
                // An exponent without digits is not part of the number.
                assert_eq!(toks, [(K::Float, "1.5"), (K::Word, "e")]);
            } else {
                assert_eq!(toks, [(K::Float, f)], "{f}");
            }
        }
        assert_eq!(kinds("1.0e+"), [K::Float, K::Word, K::Error(LexError::UnexpectedChar)]);
        assert_eq!(one("+2"), K::Error(LexError::UnexpectedChar));
        assert_eq!(kinds("+y"), [K::Error(LexError::UnexpectedChar), K::Word]);
        // A dotted number with a colon is a label.
        assert_eq!(one("1.5:"), K::Label { quoted: false });
    }

    #[test]
    fn hex_floats() {
        assert_eq!(one("0x3FF0000000000000"), K::HexFloat(HexFloatKind::Double));
        assert_eq!(one("0x7ff8000000000000"), K::HexFloat(HexFloatKind::Double));
        assert_eq!(one("0xK3FFF8000000000000000"), K::HexFloat(HexFloatKind::X87));
        assert_eq!(one("0xL00000000000000003FFF000000000000"), K::HexFloat(HexFloatKind::Quad));
        assert_eq!(one("0xM3FF00000000000000000000000000000"), K::HexFloat(HexFloatKind::PpcDoubleDouble));
        assert_eq!(one("0xH3C00"), K::HexFloat(HexFloatKind::Half));
        assert_eq!(one("0xR3F80"), K::HexFloat(HexFloatKind::BFloat));
        assert_eq!(one("0x00000000000000003FF0000000000000"), K::HexFloat(HexFloatKind::Double));
        assert_eq!(one("0x13FF0000000000000"), K::Error(LexError::HexConstantTooLarge));
        assert_eq!(one("0xK3FFF80000000000000000"), K::Error(LexError::HexConstantTooLarge));
        assert_eq!(lex("0x"), [(K::Error(LexError::BadHexConstant), "0x")]);
        assert_eq!(lex("0xK,"), [(K::Error(LexError::BadHexConstant), "0xK"), (K::Comma, ",")]);
        assert_eq!(lex("0x1G"), [(K::HexFloat(HexFloatKind::Double), "0x1"), (K::Word, "G")]);
        // `-0x…` is not a hex float in the reader either.
        assert_eq!(lex("-0x1"), [(K::Integer, "-0"), (K::Word, "x1")]);
        // Values come out through the kind's layout.
        let src = "0xL00000000000000003FFF000000000000";
        let tok = Lexer::new(src).next_token();
        let K::HexFloat(kind) = tok.kind else { panic!() };
        assert_eq!(kind.bits(&tok.bytes(src.as_bytes())[kind.prefix_len()..]), Some(0x3FFF << 112));
    }

    #[test]
    fn strings_and_escapes() {
        let src = r#""a\22b\\c\0A" c"hi\00" !"md""#;
        let toks: Vec<_> = Lexer::new(src).collect();
        assert_eq!(toks.iter().map(|t| t.kind).collect::<Vec<_>>(), [K::String, K::CString, K::MetadataString]);
        let bytes = src.as_bytes();
        assert_eq!(toks[0].raw_value(bytes), br"a\22b\\c\0A");
        assert_eq!(&*toks[0].value(bytes), b"a\"b\\c\n");
        assert_eq!(&*toks[1].value(bytes), b"hi\0");
        assert_eq!(&*toks[2].value(bytes), b"md");
        assert!(matches!(toks[2].value(bytes), std::borrow::Cow::Borrowed(_)));
        assert_eq!(unescape(br"\\\41"), b"\\A");
        // A detached `c` is the keyword; the string follows on its own.
        assert_eq!(kinds("c \"x\""), [kw(Keyword::C), K::String]);
        // Non-ASCII is fine inside strings and comments.
        assert_eq!(kinds("\"héllo\" ; ünïcode\n"), [K::String]);
        // Raw newlines do not end a string.
        assert_eq!(one("\"a\nb\""), K::String);
    }

    #[test]
    fn token_values() {
        let src = "%x %\"a\\20b\" @\"q\" $c !foo !7 #3 ^2 bb: \"l b\": 9: %5 c\"z\"";
        let bytes = src.as_bytes();
        let values: Vec<_> = Lexer::new(src).map(|t| String::from_utf8(t.value(bytes).into_owned()).unwrap()).collect();
        assert_eq!(values, ["x", "a b", "q", "c", "foo", "7", "3", "2", "bb", "l b", "9", "5", "z"]);
    }

    #[test]
    fn errors_are_located_and_recovered_from() {
        let src = "%x = \"unterminated";
        let toks: Vec<_> = Lexer::new(src).collect();
        assert_eq!(toks.last().unwrap().kind, K::Error(LexError::UnterminatedString));
        assert_eq!(toks.last().unwrap().span(), 5..src.len());

        assert_eq!(lex("@\"abc"), [(K::Error(LexError::UnterminatedString), "@\"abc")]);
        assert_eq!(one("c\"abc"), K::Error(LexError::UnterminatedString));
        assert_eq!(one("!\"abc"), K::Error(LexError::UnterminatedString));
        assert_eq!(one("/* open"), K::Error(LexError::UnterminatedComment));
        assert_eq!(one("%\"a\\00b\""), K::Error(LexError::NulInName));
        assert_eq!(one("\"a\\00\":"), K::Error(LexError::NulInName));
        assert_eq!(one("\"a\\00\""), K::String);
        assert_eq!(kinds("% y"), [K::Error(LexError::UnexpectedChar), K::Word]);
        assert_eq!(kinds("@ 1"), [K::Error(LexError::UnexpectedChar), K::Integer]);
        assert_eq!(
            kinds("$ $42"),
            [K::Error(LexError::UnexpectedChar), K::Error(LexError::UnexpectedChar), K::Integer]
        );
        assert_eq!(kinds("a . b"), [K::Word, K::Error(LexError::UnexpectedChar), K::Word]);
        assert_eq!(kinds("x ? y"), [kw(Keyword::X), K::Error(LexError::UnexpectedChar), K::Word]);
        assert_eq!(kinds("x / y"), [kw(Keyword::X), K::Error(LexError::UnexpectedChar), K::Word]);
        // A run of non-ASCII is one error, on char boundaries.
        assert_eq!(lex("%a é€ %b")[1], (K::Error(LexError::UnexpectedChar), "é€"));
        assert_eq!(lex("\u{7f}"), [(K::Error(LexError::UnexpectedChar), "\u{7f}")]);
    }

    #[test]
    fn tokens_stay_small() {
        // Tokens are passed by value on the hot path; keep them two words wide.
        assert!(std::mem::size_of::<Token>() <= 16);
        let src = "%x";
        assert_eq!(&*Lexer::new(src).value(Token { kind: K::LocalVar { quoted: false }, start: 0, end: 2 }), b"x");
    }

    #[test]
    fn eof_is_sticky_and_peek_does_not_consume() {
        let mut lexer = Lexer::new("add ;c");
        assert_eq!(lexer.peek().kind, kw(Keyword::Add));
        assert_eq!(lexer.peek().kind, kw(Keyword::Add));
        assert_eq!(lexer.next_token().kind, kw(Keyword::Add));
        for _ in 0..3 {
            let eof = lexer.next_token();
            assert_eq!(eof.kind, K::Eof);
            assert_eq!(eof.span(), 6..6);
        }
        assert_eq!(Lexer::new("").next_token().kind, K::Eof);
    }

    #[test]
    fn raw_bytes_input() {
        let src = b"@\"\xff\xfe\" \xff ,";
        let kinds: Vec<_> = Lexer::from_bytes(src).map(|t| t.kind).collect();
        assert_eq!(kinds, [K::GlobalVar { quoted: true }, K::Error(LexError::UnexpectedChar), K::Comma]);
    }

    #[test]
    fn arbitrary_bytes_terminate() {
        // Every token consumes input and spans stay in bounds, whatever the bytes.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let alphabet = b"%@$!#^\"c:;.-+0123456789xKLMHRiabe \n\\/*{}()<>=,|\xc3\xa9";
        for _ in 0..2000 {
            let len = (seed % 24) as usize;
            let mut buf = Vec::with_capacity(len);
            for _ in 0..len {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                buf.push(alphabet[(seed % alphabet.len() as u64) as usize]);
            }
            let mut lexer = Lexer::from_bytes(&buf);
            let mut last_end = 0;
            for _ in 0..=buf.len() + 1 {
                let tok = lexer.next_token();
                assert!(tok.start as usize >= last_end && tok.end as usize <= buf.len(), "{buf:?}");
                if tok.kind == K::Eof {
                    break;
                }
                assert!(tok.end > tok.start, "{buf:?}");
                last_end = tok.end as usize;
            }
            assert_eq!(lexer.next_token().kind, K::Eof, "{buf:?}");
        }
    }

    /// Every `.ll` file under `dir`, recursively, sorted.
    fn ll_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                ll_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "ll") {
                out.push(path);
            }
        }
        out.sort();
    }

    #[test]
    fn lexes_the_corpus() {
        let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus"));
        let mut files = Vec::new();
        for dir in ["llvm", "verifier"] {
            ll_files(&root.join(dir), &mut files);
        }
        if files.is_empty() {
            eprintln!("corpus not found at {}; skipped", root.display());
            return;
        }
        let mut failures = Vec::new();
        let mut tokens = 0usize;
        for path in &files {
            let src = std::fs::read(path).unwrap();
            for tok in Lexer::from_bytes(&src) {
                tokens += 1;
                if let K::Error(e) = tok.kind {
                    let text = String::from_utf8_lossy(tok.bytes(&src)).into_owned();
                    failures.push(format!("{}:{}: {e}: {text:?}", path.display(), tok.start));
                }
            }
        }
        assert!(tokens > 10_000, "only {tokens} tokens in {} files", files.len());
        assert!(failures.is_empty(), "lex errors in the corpus:\n{}", failures.join("\n"));
    }
}
