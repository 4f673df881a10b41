//! Tokens of the LLVM IR text form, and the keyword table.
//!
//! The set is the union of what the LLVM 7.0.1 reader and the modern (LLVM 19 and later) reader accept, so one
//! lexer serves both dialects; which words a dialect actually allows is the parser's business. A token is a kind
//! plus a byte span into the source: nothing is copied, and the helpers here give a token's text and its value
//! (unescaped only when it holds an escape).

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

/// Widest integer type the LLVM 7.0.1 reader accepts (`i16777215`).
pub const MAX_INT_BITS_LLVM7: u32 = (1 << 24) - 1;

/// Widest integer type the modern reader accepts (`i8388608`). The lexer lets through everything up to
/// [`MAX_INT_BITS_LLVM7`]; the parser applies this tighter limit to the opaque-pointer dialect.
pub const MAX_INT_BITS: u32 = 1 << 23;

/// One token: what it is and where it is (byte offsets into the source, `start..end`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// Offset of its first byte.
    pub start: u32,
    /// Offset one past its last byte.
    pub end: u32,
}

/// Equal kinds: the same variant with the same payload. Written out (not derived) so that it
/// inlines: the parser compares the current token's kind with a constant on most tokens.
impl PartialEq for TokenKind {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        use TokenKind as K;
        // Exhaustive over `self`, so that a new variant has to be placed here.
        match *self {
            K::Error(a) => matches!(*other, K::Error(b) if a == b),
            K::Keyword(a) => matches!(*other, K::Keyword(b) if a == b),
            K::DebugInfo(a) => matches!(*other, K::DebugInfo(b) if a == b),
            K::HexFloat(a) => matches!(*other, K::HexFloat(b) if a == b),
            K::IntType(a) => matches!(*other, K::IntType(b) if a == b),
            K::LocalId(a) => matches!(*other, K::LocalId(b) if a == b),
            K::GlobalId(a) => matches!(*other, K::GlobalId(b) if a == b),
            K::MetadataId(a) => matches!(*other, K::MetadataId(b) if a == b),
            K::AttrGroupId(a) => matches!(*other, K::AttrGroupId(b) if a == b),
            K::SummaryId(a) => matches!(*other, K::SummaryId(b) if a == b),
            K::LabelId(a) => matches!(*other, K::LabelId(b) if a == b),
            K::LocalVar { quoted: a } => matches!(*other, K::LocalVar { quoted: b } if a == b),
            K::GlobalVar { quoted: a } => matches!(*other, K::GlobalVar { quoted: b } if a == b),
            K::ComdatVar { quoted: a } => matches!(*other, K::ComdatVar { quoted: b } if a == b),
            K::Label { quoted: a } => matches!(*other, K::Label { quoted: b } if a == b),
            K::HexInt { signed: a } => matches!(*other, K::HexInt { signed: b } if a == b),
            K::Eof
            | K::Equal
            | K::Comma
            | K::Star
            | K::LSquare
            | K::RSquare
            | K::LBrace
            | K::RBrace
            | K::LParen
            | K::RParen
            | K::Less
            | K::Greater
            | K::Exclaim
            | K::Bar
            | K::Colon
            | K::Hash
            | K::DotDotDot
            | K::Word
            | K::MetadataVar
            | K::MetadataString
            | K::String
            | K::CString
            | K::Integer
            | K::Float => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }
}

/// The kinds of token.
///
/// Sigilled forms are single tokens: `%x`, `@"x"`, `!foo`, `!42`, `!"text"`, `#3`, `^0`. Where a form has a name
/// that may be quoted, `quoted` says which spelling was used; [`Token::value`] strips the quotes and unescapes.
#[derive(Clone, Copy, Eq, Debug)]
#[non_exhaustive]
pub enum TokenKind {
    /// End of input. Asking again gives `Eof` again.
    Eof,
    /// Something that is not a token; lexing goes on after it.
    Error(LexError),

    /// `=`
    Equal,
    /// `,`
    Comma,
    /// `*`
    Star,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `!` not followed by a name, number or string (as in `!{`).
    Exclaim,
    /// `|`
    Bar,
    /// `:`
    Colon,
    /// `#` not followed by a digit (as in `#dbg_value`).
    Hash,
    /// `...`
    DotDotDot,

    /// A known keyword.
    Keyword(Keyword),
    /// An integer type `iN`, carrying N (1 ..= [`MAX_INT_BITS_LLVM7`]).
    IntType(u32),
    /// A bare word that is no keyword (`[A-Za-z_][-A-Za-z$._0-9]*`); kept whole so the parser can name it.
    Word,
    /// A debug-info enumerator such as `DW_TAG_member` or `DIFlagPrototyped`.
    DebugInfo(DebugInfoWord),

    /// `%name` or `%"name"`.
    LocalVar {
        /// Spelled `%"…"`.
        quoted: bool,
    },
    /// `%42`.
    LocalId(u32),
    /// `@name` or `@"name"`.
    GlobalVar {
        /// Spelled `@"…"`.
        quoted: bool,
    },
    /// `@42`.
    GlobalId(u32),
    /// `$name` or `$"name"` (a comdat).
    ComdatVar {
        /// Spelled `$"…"`.
        quoted: bool,
    },
    /// `!name` (named metadata or a specialized node such as `!DILocation`); may hold `\XX` escapes.
    MetadataVar,
    /// `!42`, a metadata node reference.
    MetadataId(u32),
    /// `!"text"`, a metadata string.
    MetadataString,
    /// `#42`, an attribute group reference.
    AttrGroupId(u32),
    /// `^42`, a summary entry reference.
    SummaryId(u32),
    /// A label `name:` or `"name":`.
    Label {
        /// Spelled `"…":`.
        quoted: bool,
    },
    /// A numbered label `42:` (printed by LLVM 8 and later).
    LabelId(u32),

    /// `"text"`, with `\XX` and `\\` escapes.
    String,
    /// `c"text"`, an array-of-bytes constant.
    CString,
    /// A decimal integer, optionally negative: `-?[0-9]+`.
    Integer,
    /// `s0x…` / `u0x…`, a hexadecimal integer with explicit signedness.
    HexInt {
        /// `s0x` rather than `u0x`.
        signed: bool,
    },
    /// A decimal floating-point constant: `[-+]?[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?`.
    Float,
    /// A hexadecimal floating-point constant: `0x…`, `0xK…`, `0xL…`, `0xM…`, `0xH…`, `0xR…`.
    HexFloat(HexFloatKind),
}

/// Why a piece of input is not a token.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum LexError {
    /// A character that starts no token (or a sigil with nothing valid after it).
    UnexpectedChar,
    /// A string or quoted name with no closing `"`.
    UnterminatedString,
    /// A `/*` comment with no closing `*/`.
    UnterminatedComment,
    /// A quoted name that contains a NUL byte.
    NulInName,
    /// `iN` with N = 0 or N above [`MAX_INT_BITS_LLVM7`].
    IntTypeWidth,
    /// A numbered value, label or reference above `u32::MAX`.
    IdTooLarge,
    /// `0x`, `0xK`, `s0x`, … without valid hex digits.
    BadHexConstant,
    /// A hex float constant with more digits than its format holds.
    HexConstantTooLarge,
    /// The input is longer than 4 GiB, which token offsets cannot address.
    InputTooLarge,
}

impl LexError {
    /// A one-line description.
    pub const fn message(self) -> &'static str {
        match self {
            LexError::UnexpectedChar => "unexpected character",
            LexError::UnterminatedString => "end of file in string constant",
            LexError::UnterminatedComment => "unterminated comment",
            LexError::NulInName => "null bytes are not allowed in names",
            LexError::IntTypeWidth => "bitwidth for integer type out of range",
            LexError::IdTooLarge => "invalid value number (too large)",
            LexError::BadHexConstant => "invalid hexadecimal constant",
            LexError::HexConstantTooLarge => "hexadecimal constant too large for its type",
            LexError::InputTooLarge => "input larger than 4 GiB",
        }
    }
}

impl fmt::Display for LexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for LexError {}

/// The format a hexadecimal floating-point constant is written in (the letter after `0x`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum HexFloatKind {
    /// `0x` + up to 16 digits: an IEEE double's bits (also used for `float` and `half` values).
    Double,
    /// `0xK`: x87 80-bit extended, 20 digits (sign/exponent first).
    X87,
    /// `0xL`: IEEE quad, 32 digits (low 64 bits first).
    Quad,
    /// `0xM`: PowerPC double-double, 32 digits (low 64 bits first).
    PpcDoubleDouble,
    /// `0xH`: IEEE half, 4 digits.
    Half,
    /// `0xR`: bfloat, 4 digits.
    BFloat,
}

impl HexFloatKind {
    /// Length of the prefix before the digits (`0x` or `0xK`).
    pub const fn prefix_len(self) -> usize {
        match self {
            HexFloatKind::Double => 2,
            _ => 3,
        }
    }

    /// The constant's bits. `digits` are the hex digits after the prefix, as the lexer accepted them. The
    /// layouts follow the LLVM reader: `0xK` is 4 digits of sign and exponent then 16 of significand; `0xL` and
    /// `0xM` hold the low 64 bits in their first 16 digits when there are at least 16; `0xH`/`0xR` keep the low
    /// 16 bits. `None` if a digit is not hex or the value does not fit.
    pub fn bits(self, digits: &[u8]) -> Option<u128> {
        fn fold(digits: &[u8]) -> Option<u128> {
            let mut v: u128 = 0;
            for &d in digits {
                v = v.checked_mul(16)? | u128::from(hex_digit(d)?);
            }
            Some(v)
        }
        match self {
            HexFloatKind::Double | HexFloatKind::Half | HexFloatKind::BFloat => {
                let v = fold(digits)?;
                if v > u128::from(u64::MAX) {
                    return None;
                }
                Some(if self == HexFloatKind::Double { v } else { v & 0xffff })
            }
            HexFloatKind::X87 => {
                if digits.len() > 20 {
                    return None;
                }
                let (hi, lo) = digits.split_at(digits.len().min(4));
                Some(fold(hi)? << 64 | fold(lo)?)
            }
            HexFloatKind::Quad | HexFloatKind::PpcDoubleDouble => {
                if digits.len() > 32 {
                    return None;
                }
                if digits.len() >= 16 {
                    let (lo, hi) = digits.split_at(16);
                    Some(fold(hi)? << 64 | fold(lo)?)
                } else {
                    Some(fold(digits)? << 64)
                }
            }
        }
    }
}

/// The families of debug-info enumerators the reader knows by prefix.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum DebugInfoWord {
    /// `DW_TAG_*`
    DwarfTag,
    /// `DW_ATE_*`
    DwarfAttEncoding,
    /// `DW_VIRTUALITY_*`
    DwarfVirtuality,
    /// `DW_LANG_*`
    DwarfLang,
    /// `DW_CC_*`
    DwarfCc,
    /// `DW_OP_*`
    DwarfOp,
    /// `DW_MACINFO_*`
    DwarfMacinfo,
    /// `DW_MSPACE_LLVM_*`
    DwarfMemorySpace,
    /// `DW_APPLE_ENUM_KIND_*`
    DwarfEnumKind,
    /// `DIFlag*`
    DiFlag,
    /// `DISPFlag*`
    DiSpFlag,
    /// `CSK_*`
    ChecksumKind,
    /// `NoDebug`, `FullDebug`, `LineTablesOnly`, `DebugDirectivesOnly`
    EmissionKind,
    /// `GNU`, `Apple`, `None`, `Default`
    NameTableKind,
    /// `dbg_value`, `dbg_declare`, `dbg_assign`, `dbg_label` (after `#`)
    DbgRecordType,
}

impl DebugInfoWord {
    /// Classifies a bare word; `None` if it belongs to no family.
    pub fn classify(word: &[u8]) -> Option<DebugInfoWord> {
        const PREFIXES: &[(&[u8], DebugInfoWord)] = &[
            (b"DW_TAG_", DebugInfoWord::DwarfTag),
            (b"DW_ATE_", DebugInfoWord::DwarfAttEncoding),
            (b"DW_VIRTUALITY_", DebugInfoWord::DwarfVirtuality),
            (b"DW_LANG_", DebugInfoWord::DwarfLang),
            (b"DW_CC_", DebugInfoWord::DwarfCc),
            (b"DW_OP_", DebugInfoWord::DwarfOp),
            (b"DW_MACINFO_", DebugInfoWord::DwarfMacinfo),
            (b"DW_MSPACE_LLVM_", DebugInfoWord::DwarfMemorySpace),
            (b"DW_APPLE_ENUM_KIND_", DebugInfoWord::DwarfEnumKind),
            (b"DIFlag", DebugInfoWord::DiFlag),
            (b"DISPFlag", DebugInfoWord::DiSpFlag),
            (b"CSK_", DebugInfoWord::ChecksumKind),
        ];
        match word.first()? {
            b'D' | b'C' => PREFIXES.iter().find(|(p, _)| word.starts_with(p)).map(|&(_, w)| w).or(match word {
                b"DebugDirectivesOnly" => Some(DebugInfoWord::EmissionKind),
                b"Default" => Some(DebugInfoWord::NameTableKind),
                _ => None,
            }),
            _ => match word {
                b"NoDebug" | b"FullDebug" | b"LineTablesOnly" => Some(DebugInfoWord::EmissionKind),
                b"GNU" | b"Apple" | b"None" => Some(DebugInfoWord::NameTableKind),
                b"dbg_value" | b"dbg_declare" | b"dbg_assign" | b"dbg_label" => Some(DebugInfoWord::DbgRecordType),
                _ => None,
            },
        }
    }
}

impl Token {
    /// The token's byte range in the source.
    pub fn span(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// The token's bytes.
    pub fn bytes<'a>(&self, src: &'a [u8]) -> &'a [u8] {
        src.get(self.span()).unwrap_or_default()
    }

    /// The token's text. Token boundaries always fall on character boundaries of a `&str` source.
    pub fn text<'a>(&self, src: &'a str) -> &'a str {
        src.get(self.span()).unwrap_or_default()
    }

    /// The token's payload without sigils, quotes or trailing colon, still escaped: the name of `%x`, `@"x"`,
    /// `$x`, `!x`, `x:` and `"x":`; the contents of `"…"`, `c"…"` and `!"…"`; the digits of `%42`, `!42`, `42:`
    /// and the like. Other tokens give their whole text.
    pub fn raw_value<'a>(&self, src: &'a [u8]) -> &'a [u8] {
        let t = self.bytes(src);
        let (head, tail) = match self.kind {
            TokenKind::LocalVar { quoted: true }
            | TokenKind::GlobalVar { quoted: true }
            | TokenKind::ComdatVar { quoted: true }
            | TokenKind::MetadataString
            | TokenKind::CString => (2, 1),
            TokenKind::LocalVar { quoted: false }
            | TokenKind::GlobalVar { quoted: false }
            | TokenKind::ComdatVar { quoted: false }
            | TokenKind::MetadataVar
            | TokenKind::LocalId(_)
            | TokenKind::GlobalId(_)
            | TokenKind::MetadataId(_)
            | TokenKind::AttrGroupId(_)
            | TokenKind::SummaryId(_) => (1, 0),
            TokenKind::Label { quoted: true } => (1, 2),
            TokenKind::Label { quoted: false } | TokenKind::LabelId(_) => (0, 1),
            TokenKind::String => (1, 1),
            _ => (0, 0),
        };
        t.get(head..t.len().saturating_sub(tail)).unwrap_or_default()
    }

    /// [`Token::raw_value`] with `\XX` and `\\` escapes resolved; borrowed unless there was an escape.
    pub fn value<'a>(&self, src: &'a [u8]) -> Cow<'a, [u8]> {
        let raw = self.raw_value(src);
        if raw.contains(&b'\\') {
            Cow::Owned(unescape(raw))
        } else {
            Cow::Borrowed(raw)
        }
    }
}

/// The value of a hex digit.
pub(crate) const fn hex_digit(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// Resolves the escapes of a string or quoted name as the LLVM reader does: `\\` is one backslash, `\` and two
/// hex digits is that byte, and any other backslash stays as it is.
pub fn unescape(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    unescape_into(raw, &mut out);
    out
}

/// [`unescape`] appending to `out`, to reuse a buffer.
pub fn unescape_into(raw: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while let Some(off) = raw[i..].iter().position(|&c| c == b'\\') {
        out.extend_from_slice(&raw[i..i + off]);
        i += off;
        match (raw.get(i + 1).copied(), raw.get(i + 2).and_then(|&c| hex_digit(c))) {
            (Some(b'\\'), _) => {
                out.push(b'\\');
                i += 2;
            }
            (Some(h), Some(l)) if hex_digit(h).is_some() => {
                out.push(hex_digit(h).unwrap_or(0) << 4 | l);
                i += 3;
            }
            _ => {
                out.push(b'\\');
                i += 1;
            }
        }
    }
    out.extend_from_slice(&raw[i..]);
}

/// Whether an escaped name would hold a NUL byte once unescaped.
pub(crate) fn escaped_has_nul(raw: &[u8]) -> bool {
    let mut i = 0;
    while i < raw.len() {
        match raw[i] {
            0 => return true,
            b'\\' if raw.get(i + 1) == Some(&b'\\') => i += 2,
            b'\\' if raw.get(i + 1..i + 3) == Some(b"00") => return true,
            _ => i += 1,
        }
    }
    false
}

/// What a keyword is mainly used for; a word used in several places (`none`, `weak`, `and`) is listed under one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum KeywordClass {
    /// Module-level syntax and other structure words (`define`, `attributes`, `type`, `to`, `x`, …).
    Syntax,
    /// Constants (`true`, `null`, `undef`, `poison`, `zeroinitializer`, `none`).
    Constant,
    /// Primitive types other than `iN` (`void`, `float`, `ptr`, `label`, `metadata`, …).
    Type,
    /// Instruction opcodes.
    Opcode,
    /// Instruction modifiers (`tail`, `volatile`, `inbounds`, `nuw`, `syncscope`, …).
    InstFlag,
    /// Fast-math flags.
    FastMath,
    /// Atomic orderings.
    Ordering,
    /// `icmp`/`fcmp` predicates.
    Predicate,
    /// `atomicrmw` operations that are not also opcodes.
    RmwOp,
    /// Linkage types.
    Linkage,
    /// Visibility, DLL storage, preemption, thread-local and other global flags.
    GlobalFlag,
    /// Comdat selection kinds.
    ComdatKind,
    /// Calling conventions.
    CallingConv,
    /// Function, parameter and return attributes, including legacy spellings.
    Attribute,
    /// Words inside `memory(…)`, `captures(…)` and `nofpclass(…)`.
    AttributeArg,
    /// Module summary words.
    Summary,
}

macro_rules! keywords {
    ($($class:ident { $($variant:ident = $text:literal,)* })*) => {
        /// A keyword of the text form: every word the LLVM 7.0.1 or the modern reader gives a meaning to.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        #[non_exhaustive]
        #[repr(u16)]
        pub enum Keyword {
            $($(#[doc = concat!("`", $text, "`")] $variant,)*)*
        }

        impl Keyword {
            /// Every keyword, in declaration order.
            pub const ALL: &'static [Keyword] = &[$($(Keyword::$variant,)*)*];
            const TEXT: &'static [&'static str] = &[$($($text,)*)*];

            /// What the keyword is mainly used for.
            pub const fn class(self) -> KeywordClass {
                match self {
                    $($(Keyword::$variant)|* => KeywordClass::$class,)*
                }
            }
        }
    };
}

keywords! {
    Syntax {
        Declare = "declare", Define = "define", Global = "global", Constant = "constant", Alias = "alias",
        Ifunc = "ifunc", Attributes = "attributes", Type = "type", Opaque = "opaque", Comdat = "comdat",
        Target = "target", Triple = "triple", Datalayout = "datalayout", SourceFilename = "source_filename",
        Deplibs = "deplibs",
        Module = "module", Asm = "asm", Sideeffect = "sideeffect", Inteldialect = "inteldialect",
        Section = "section", Partition = "partition", CodeModel = "code_model", Gc = "gc", Prefix = "prefix",
        Prologue = "prologue", Personality = "personality", Addrspace = "addrspace", Distinct = "distinct",
        Uselistorder = "uselistorder", UselistorderBb = "uselistorder_bb", C = "c", X = "x", Vscale = "vscale",
        Splat = "splat", To = "to", Caller = "caller", Within = "within", From = "from", Unwind = "unwind",
        Cleanup = "cleanup", Catch = "catch", Filter = "filter", Blockaddress = "blockaddress",
        DsoLocalEquivalent = "dso_local_equivalent", NoCfi = "no_cfi", Ptrauth = "ptrauth",
    }
    Constant {
        True = "true", False = "false", Null = "null", Undef = "undef", Poison = "poison",
        Zeroinitializer = "zeroinitializer", None = "none",
    }
    Type {
        Void = "void", Half = "half", Bfloat = "bfloat", Float = "float", Double = "double", X86Fp80 = "x86_fp80",
        Fp128 = "fp128", PpcFp128 = "ppc_fp128", Label = "label", Metadata = "metadata", X86Mmx = "x86_mmx",
        X86Amx = "x86_amx", Token = "token", Ptr = "ptr",
    }
    Opcode {
        Fneg = "fneg", Add = "add", Fadd = "fadd", Sub = "sub", Fsub = "fsub", Mul = "mul", Fmul = "fmul",
        Udiv = "udiv", Sdiv = "sdiv", Fdiv = "fdiv", Urem = "urem", Srem = "srem", Frem = "frem", Shl = "shl",
        Lshr = "lshr", Ashr = "ashr", And = "and", Or = "or", Xor = "xor", Icmp = "icmp", Fcmp = "fcmp",
        Phi = "phi", Call = "call", Trunc = "trunc", Zext = "zext", Sext = "sext", Fptrunc = "fptrunc",
        Fpext = "fpext", Uitofp = "uitofp", Sitofp = "sitofp", Fptoui = "fptoui", Fptosi = "fptosi",
        Inttoptr = "inttoptr", Ptrtoint = "ptrtoint", Ptrtoaddr = "ptrtoaddr", Bitcast = "bitcast",
        Addrspacecast = "addrspacecast", Select = "select", VaArg = "va_arg", Ret = "ret", Br = "br",
        Switch = "switch", Indirectbr = "indirectbr", Invoke = "invoke", Resume = "resume",
        Unreachable = "unreachable", Callbr = "callbr", Cleanupret = "cleanupret", Catchret = "catchret",
        Catchswitch = "catchswitch", Catchpad = "catchpad", Cleanuppad = "cleanuppad", Landingpad = "landingpad",
        Alloca = "alloca", Load = "load", Store = "store", Cmpxchg = "cmpxchg", Atomicrmw = "atomicrmw",
        Fence = "fence", Getelementptr = "getelementptr", Extractelement = "extractelement",
        Insertelement = "insertelement", Shufflevector = "shufflevector", Extractvalue = "extractvalue",
        Insertvalue = "insertvalue", Freeze = "freeze",
    }
    InstFlag {
        Tail = "tail", Musttail = "musttail", Notail = "notail", Volatile = "volatile", Atomic = "atomic",
        Syncscope = "syncscope", Inbounds = "inbounds", Inrange = "inrange", Nuw = "nuw", Nsw = "nsw",
        Nusw = "nusw", Exact = "exact", Disjoint = "disjoint", Nneg = "nneg", Samesign = "samesign",
    }
    FastMath {
        Nnan = "nnan", Ninf = "ninf", Nsz = "nsz", Arcp = "arcp", Contract = "contract", Reassoc = "reassoc",
        Afn = "afn", Fast = "fast",
    }
    Ordering {
        Unordered = "unordered", Monotonic = "monotonic", Acquire = "acquire", Release = "release",
        AcqRel = "acq_rel", SeqCst = "seq_cst",
    }
    Predicate {
        Eq = "eq", Ne = "ne", Slt = "slt", Sgt = "sgt", Sle = "sle", Sge = "sge", Ult = "ult", Ugt = "ugt",
        Ule = "ule", Uge = "uge", Oeq = "oeq", One = "one", Olt = "olt", Ogt = "ogt", Ole = "ole", Oge = "oge",
        Ord = "ord", Uno = "uno", Ueq = "ueq", Une = "une",
    }
    RmwOp {
        Xchg = "xchg", Nand = "nand", Max = "max", Min = "min", Umax = "umax", Umin = "umin", Fmax = "fmax",
        Fmin = "fmin", Fmaximum = "fmaximum", Fminimum = "fminimum", UincWrap = "uinc_wrap",
        UdecWrap = "udec_wrap", UsubCond = "usub_cond", UsubSat = "usub_sat",
    }
    Linkage {
        Private = "private", Internal = "internal", AvailableExternally = "available_externally",
        Linkonce = "linkonce", LinkonceOdr = "linkonce_odr", Weak = "weak", WeakOdr = "weak_odr",
        Appending = "appending", Common = "common", ExternWeak = "extern_weak", External = "external",
    }
    GlobalFlag {
        Default = "default", Hidden = "hidden", Protected = "protected", Dllimport = "dllimport",
        Dllexport = "dllexport", DsoLocal = "dso_local", DsoPreemptable = "dso_preemptable",
        UnnamedAddr = "unnamed_addr", LocalUnnamedAddr = "local_unnamed_addr",
        ExternallyInitialized = "externally_initialized", ThreadLocal = "thread_local",
        Localdynamic = "localdynamic", Initialexec = "initialexec", Localexec = "localexec",
        NoSanitizeAddress = "no_sanitize_address", NoSanitizeHwaddress = "no_sanitize_hwaddress",
        SanitizeAddressDyninit = "sanitize_address_dyninit",
    }
    ComdatKind {
        Any = "any", Exactmatch = "exactmatch", Largest = "largest", Nodeduplicate = "nodeduplicate",
        Noduplicates = "noduplicates", Samesize = "samesize",
    }
    CallingConv {
        Cc = "cc", Ccc = "ccc", Fastcc = "fastcc", Coldcc = "coldcc", Tailcc = "tailcc",
        CfguardCheckcc = "cfguard_checkcc", X86Stdcallcc = "x86_stdcallcc", X86Fastcallcc = "x86_fastcallcc",
        X86Thiscallcc = "x86_thiscallcc", X86Vectorcallcc = "x86_vectorcallcc", X86Regcallcc = "x86_regcallcc",
        X86Intrcc = "x86_intrcc", X8664Sysvcc = "x86_64_sysvcc", Win64cc = "win64cc", ArmApcscc = "arm_apcscc",
        ArmAapcscc = "arm_aapcscc", ArmAapcsVfpcc = "arm_aapcs_vfpcc", Aarch64VectorPcs = "aarch64_vector_pcs",
        Aarch64SveVectorPcs = "aarch64_sve_vector_pcs",
        Aarch64SmePreservemostFromX0 = "aarch64_sme_preservemost_from_x0",
        Aarch64SmePreservemostFromX1 = "aarch64_sme_preservemost_from_x1",
        Aarch64SmePreservemostFromX2 = "aarch64_sme_preservemost_from_x2", Msp430Intrcc = "msp430_intrcc",
        AvrIntrcc = "avr_intrcc", AvrSignalcc = "avr_signalcc", PtxKernel = "ptx_kernel",
        PtxDevice = "ptx_device", SpirKernel = "spir_kernel", SpirFunc = "spir_func",
        IntelOclBicc = "intel_ocl_bicc", WebkitJscc = "webkit_jscc", Anyregcc = "anyregcc", Swiftcc = "swiftcc",
        Swifttailcc = "swifttailcc", PreserveMostcc = "preserve_mostcc", PreserveAllcc = "preserve_allcc",
        PreserveNonecc = "preserve_nonecc", Ghccc = "ghccc", Hhvmcc = "hhvmcc", HhvmCcc = "hhvm_ccc",
        CxxFastTlscc = "cxx_fast_tlscc", AmdgpuVs = "amdgpu_vs", AmdgpuLs = "amdgpu_ls", AmdgpuHs = "amdgpu_hs",
        AmdgpuEs = "amdgpu_es", AmdgpuGs = "amdgpu_gs", AmdgpuPs = "amdgpu_ps", AmdgpuCs = "amdgpu_cs",
        AmdgpuCsChain = "amdgpu_cs_chain", AmdgpuCsChainPreserve = "amdgpu_cs_chain_preserve",
        AmdgpuKernel = "amdgpu_kernel", AmdgpuGfx = "amdgpu_gfx", AmdgpuGfxWholeWave = "amdgpu_gfx_whole_wave",
        M68kRtdcc = "m68k_rtdcc", Graalcc = "graalcc", RiscvVectorCc = "riscv_vector_cc",
        RiscvVlsCc = "riscv_vls_cc",
    }
    Attribute {
        Align = "align", Allocalign = "allocalign", Allockind = "allockind", Allocptr = "allocptr",
        Allocsize = "allocsize", Alwaysinline = "alwaysinline", Builtin = "builtin", Byval = "byval",
        Byref = "byref", Noundef = "noundef", Cold = "cold", Convergent = "convergent", Hot = "hot",
        Dereferenceable = "dereferenceable", DereferenceableOrNull = "dereferenceable_or_null",
        DisableSanitizerInstrumentation = "disable_sanitizer_instrumentation", Elementtype = "elementtype",
        FnRetThunkExtern = "fn_ret_thunk_extern", HybridPatchable = "hybrid_patchable", Inalloca = "inalloca",
        Initializes = "initializes", Inlinehint = "inlinehint", Inreg = "inreg", Jumptable = "jumptable",
        Memory = "memory", Nofpclass = "nofpclass", Minsize = "minsize", Naked = "naked", Nest = "nest",
        Noalias = "noalias", Nobuiltin = "nobuiltin", Nocallback = "nocallback", Captures = "captures",
        Nocapture = "nocapture", Nocreateundeforpoison = "nocreateundeforpoison",
        Nodivergencesource = "nodivergencesource", Noduplicate = "noduplicate", Noext = "noext",
        Nofree = "nofree", DeadOnUnwind = "dead_on_unwind", DeadOnReturn = "dead_on_return",
        Noimplicitfloat = "noimplicitfloat", Noinline = "noinline", FlattenDepth = "flatten_depth",
        Nonlazybind = "nonlazybind", Nomerge = "nomerge", Nonnull = "nonnull", Norecurse = "norecurse",
        Noredzone = "noredzone", Noreturn = "noreturn", Nosync = "nosync", NocfCheck = "nocf_check",
        Noprofile = "noprofile", Skipprofile = "skipprofile", Nounwind = "nounwind",
        NosanitizeBounds = "nosanitize_bounds", NosanitizeCoverage = "nosanitize_coverage",
        NullPointerIsValid = "null_pointer_is_valid", Optdebug = "optdebug", Optforfuzzing = "optforfuzzing",
        Optsize = "optsize", Optnone = "optnone", Preallocated = "preallocated", Range = "range",
        Readnone = "readnone", Readonly = "readonly", Writeonly = "writeonly", Returned = "returned",
        Immarg = "immarg", ReturnsTwice = "returns_twice", Safestack = "safestack",
        Shadowcallstack = "shadowcallstack", Signext = "signext", Zeroext = "zeroext", Alignstack = "alignstack",
        Speculatable = "speculatable", Ssp = "ssp", Sspreq = "sspreq", Sspstrong = "sspstrong",
        Strictfp = "strictfp", Sret = "sret", SanitizeAddress = "sanitize_address",
        SanitizeThread = "sanitize_thread", SanitizeType = "sanitize_type", SanitizeMemory = "sanitize_memory",
        SanitizeHwaddress = "sanitize_hwaddress", SanitizeMemtag = "sanitize_memtag",
        SanitizeNumericalStability = "sanitize_numerical_stability", SanitizeRealtime = "sanitize_realtime",
        SanitizeRealtimeBlocking = "sanitize_realtime_blocking", SanitizeAllocToken = "sanitize_alloc_token",
        SpeculativeLoadHardening = "speculative_load_hardening", Swifterror = "swifterror",
        Swiftself = "swiftself", Swiftasync = "swiftasync", Uwtable = "uwtable", VscaleRange = "vscale_range",
        Willreturn = "willreturn", Writable = "writable", Mustprogress = "mustprogress",
        Presplitcoroutine = "presplitcoroutine", CoroOnlyDestroyWhenComplete = "coro_only_destroy_when_complete",
        CoroElideSafe = "coro_elide_safe", Argmemonly = "argmemonly", Inaccessiblememonly = "inaccessiblememonly",
        InaccessiblememOrArgmemonly = "inaccessiblemem_or_argmemonly", Sync = "sync", Async = "async",
    }
    AttributeArg {
        Read = "read", Write = "write", Readwrite = "readwrite", Argmem = "argmem",
        Inaccessiblemem = "inaccessiblemem", Errnomem = "errnomem", Address = "address",
        AddressIsNull = "address_is_null", Provenance = "provenance", ReadProvenance = "read_provenance",
        All = "all", Nan = "nan", Snan = "snan", Qnan = "qnan", Inf = "inf", Pinf = "pinf", Norm = "norm",
        Nnorm = "nnorm", Pnorm = "pnorm", Nsub = "nsub", Psub = "psub", Zero = "zero", Nzero = "nzero",
        Pzero = "pzero",
    }
    Summary {
        Path = "path", Hash = "hash", Gv = "gv", Guid = "guid", Name = "name", Summaries = "summaries",
        Flags = "flags", Blockcount = "blockcount", Linkage = "linkage", Visibility = "visibility",
        NotEligibleToImport = "notEligibleToImport", Live = "live", DsoLocalFlag = "dsoLocal",
        CanAutoHide = "canAutoHide", ImportType = "importType", Definition = "definition",
        Declaration = "declaration", Function = "function", Insts = "insts", FuncFlags = "funcFlags",
        SummaryReadNone = "readNone", SummaryReadOnly = "readOnly", SummaryNoRecurse = "noRecurse",
        ReturnDoesNotAlias = "returnDoesNotAlias", SummaryNoInline = "noInline",
        SummaryAlwaysInline = "alwaysInline", SummaryNoUnwind = "noUnwind", MayThrow = "mayThrow",
        HasUnknownCall = "hasUnknownCall", MustBeUnreachable = "mustBeUnreachable", Calls = "calls",
        Callee = "callee", Params = "params", Param = "param", Hotness = "hotness", Unknown = "unknown",
        Critical = "critical", Relbf = "relbf", Variable = "variable", VTableFuncs = "vTableFuncs",
        VirtFunc = "virtFunc", Aliasee = "aliasee", Refs = "refs", TypeIdInfo = "typeIdInfo",
        TypeTests = "typeTests", TypeTestAssumeVCalls = "typeTestAssumeVCalls",
        TypeCheckedLoadVCalls = "typeCheckedLoadVCalls", TypeTestAssumeConstVCalls = "typeTestAssumeConstVCalls",
        TypeCheckedLoadConstVCalls = "typeCheckedLoadConstVCalls", VFuncId = "vFuncId", Offset = "offset",
        Args = "args", Typeid = "typeid", TypeidCompatibleVTable = "typeidCompatibleVTable",
        SummaryKw = "summary", TypeTestRes = "typeTestRes", Kind = "kind", Unsat = "unsat",
        ByteArray = "byteArray", Inline = "inline", Single = "single", AllOnes = "allOnes",
        SizeM1BitWidth = "sizeM1BitWidth", AlignLog2 = "alignLog2", SizeM1 = "sizeM1", BitMask = "bitMask",
        InlineBits = "inlineBits", VcallVisibility = "vcall_visibility", WpdResolutions = "wpdResolutions",
        WpdRes = "wpdRes", Indir = "indir", SingleImpl = "singleImpl", BranchFunnel = "branchFunnel",
        SingleImplName = "singleImplName", ResByArg = "resByArg", ByArg = "byArg",
        UniformRetVal = "uniformRetVal", UniqueRetVal = "uniqueRetVal", VirtualConstProp = "virtualConstProp",
        Info = "info", Byte = "byte", Bit = "bit", VarFlags = "varFlags", Callsites = "callsites",
        Clones = "clones", StackIds = "stackIds", Allocs = "allocs", Versions = "versions", MemProf = "memProf",
        Notcold = "notcold",
    }
}

/// A word as two little-endian loads, its first 8 bytes and (when longer than 8) its last 8, zero-padded, plus
/// its length: for words of up to 16 bytes this is the word, so keywords compare without `memcmp`.
#[derive(Clone, Copy)]
struct Packed {
    head: u64,
    tail: u64,
    len: usize,
}

const fn load_le(bytes: &[u8], from: usize, n: usize) -> u64 {
    let mut v = 0u64;
    let mut i = 0;
    while i < n {
        v |= (bytes[from + i] as u64) << (8 * i);
        i += 1;
    }
    v
}

impl Packed {
    /// Packs `word` byte by byte (for the table, and for words near the end of the input).
    const fn of(word: &[u8]) -> Packed {
        let len = word.len();
        let head = load_le(word, 0, if len < 8 { len } else { 8 });
        let tail = if len > 8 { load_le(word, len - 8, 8) } else { 0 };
        Packed { head, tail, len }
    }

    /// Packs `src[start..end]` with two 8-byte loads where the input allows.
    #[inline(always)]
    fn of_range(src: &[u8], start: usize, end: usize) -> Packed {
        let len = end - start;
        match src.get(start..start + 8) {
            Some(bytes) => {
                let mut head = u64::from_le_bytes(bytes.try_into().unwrap_or_default());
                if len < 8 {
                    head &= (1u64 << (8 * len)) - 1;
                }
                let tail = match src.get(end.wrapping_sub(8)..end) {
                    Some(bytes) if len > 8 => u64::from_le_bytes(bytes.try_into().unwrap_or_default()),
                    _ => 0,
                };
                Packed { head, tail, len }
            }
            None => Packed::of(src.get(start..end).unwrap_or_default()),
        }
    }

    const fn hash(self) -> usize {
        let mixed = self.head ^ self.tail.rotate_left(29) ^ self.len as u64;
        (mixed.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - TABLE_BITS)) as usize
    }
}

/// Open-addressing table from keyword hash to `index + 1` (0 = empty), built at compile time.
const TABLE_BITS: u32 = 11;
const TABLE_MASK: usize = (1 << TABLE_BITS) - 1;
pub(crate) const KEYWORD_COUNT: usize = Keyword::TEXT.len();
static TABLE: [u16; 1 << TABLE_BITS] = build_table();
static PACKED: [Packed; KEYWORD_COUNT] = build_packed();

const fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn build_packed() -> [Packed; KEYWORD_COUNT] {
    let mut packed = [Packed { head: 0, tail: 0, len: 0 }; KEYWORD_COUNT];
    let mut i = 0;
    while i < KEYWORD_COUNT {
        packed[i] = Packed::of(Keyword::TEXT[i].as_bytes());
        i += 1;
    }
    packed
}

const fn build_table() -> [u16; 1 << TABLE_BITS] {
    let mut table = [0u16; 1 << TABLE_BITS];
    assert!(KEYWORD_COUNT * 2 < table.len(), "keyword table too full");
    let mut i = 0;
    while i < KEYWORD_COUNT {
        let text = Keyword::TEXT[i].as_bytes();
        let mut slot = Packed::of(text).hash();
        while table[slot] != 0 {
            assert!(!bytes_eq(Keyword::TEXT[table[slot] as usize - 1].as_bytes(), text), "duplicate keyword");
            slot = (slot + 1) & TABLE_MASK;
        }
        table[slot] = (i + 1) as u16;
        i += 1;
    }
    table
}

/// Every keyword the LLVM 7.0.1 reader knows; it lexes any other word as an error, which its parser then reports
/// as whatever it expected there ("expected type" for `ptr`, "expected instruction opcode" for `freeze`).
#[rustfmt::skip]
const LLVM7_KEYWORDS: &[&str] = &[
    "true", "false", "declare", "define", "global", "constant", "dso_local", "dso_preemptable", "private", "internal",
    "available_externally", "linkonce", "linkonce_odr", "weak", "weak_odr", "appending", "dllimport", "dllexport",
    "common", "default", "hidden", "protected", "unnamed_addr", "local_unnamed_addr", "externally_initialized",
    "extern_weak", "external", "thread_local", "localdynamic", "initialexec", "localexec", "zeroinitializer", "undef",
    "null", "none", "to", "caller", "within", "from", "tail", "musttail", "notail", "target", "triple",
    "source_filename", "unwind", "deplibs", "datalayout", "volatile", "atomic", "unordered", "monotonic", "acquire",
    "release", "acq_rel", "seq_cst", "syncscope", "nnan", "ninf", "nsz", "arcp", "contract", "reassoc", "afn", "fast",
    "nuw", "nsw", "exact", "inbounds", "inrange", "align", "addrspace", "section", "alias", "ifunc", "module", "asm",
    "sideeffect", "alignstack", "inteldialect", "gc", "prefix", "prologue", "ccc", "fastcc", "coldcc",
    "x86_stdcallcc", "x86_fastcallcc", "x86_thiscallcc", "x86_vectorcallcc", "arm_apcscc", "arm_aapcscc",
    "arm_aapcs_vfpcc", "msp430_intrcc", "avr_intrcc", "avr_signalcc", "ptx_kernel", "ptx_device", "spir_kernel",
    "spir_func", "intel_ocl_bicc", "x86_64_sysvcc", "win64cc", "x86_regcallcc", "webkit_jscc", "swiftcc", "anyregcc",
    "preserve_mostcc", "preserve_allcc", "ghccc", "x86_intrcc", "hhvmcc", "hhvm_ccc", "cxx_fast_tlscc", "amdgpu_vs",
    "amdgpu_ls", "amdgpu_hs", "amdgpu_es", "amdgpu_gs", "amdgpu_ps", "amdgpu_cs", "amdgpu_kernel", "cc", "c",
    "attributes", "alwaysinline", "allocsize", "argmemonly", "builtin", "byval", "inalloca", "cold", "convergent",
    "dereferenceable", "dereferenceable_or_null", "inaccessiblememonly", "inaccessiblemem_or_argmemonly",
    "inlinehint", "inreg", "jumptable", "minsize", "naked", "nest", "noalias", "nobuiltin", "nocapture",
    "noduplicate", "noimplicitfloat", "noinline", "norecurse", "nonlazybind", "nonnull", "noredzone", "noreturn",
    "nocf_check", "nounwind", "optforfuzzing", "optnone", "optsize", "readnone", "readonly", "returned",
    "returns_twice", "signext", "speculatable", "sret", "ssp", "sspreq", "sspstrong", "strictfp", "safestack",
    "shadowcallstack", "sanitize_address", "sanitize_hwaddress", "sanitize_thread", "sanitize_memory", "swifterror",
    "swiftself", "uwtable", "writeonly", "zeroext", "type", "opaque", "comdat", "any", "exactmatch", "largest",
    "noduplicates", "samesize", "eq", "ne", "slt", "sgt", "sle", "sge", "ult", "ugt", "ule", "uge", "oeq", "one",
    "olt", "ogt", "ole", "oge", "ord", "uno", "ueq", "une", "xchg", "nand", "max", "min", "umax", "umin", "x",
    "blockaddress", "distinct", "uselistorder", "uselistorder_bb", "personality", "cleanup", "catch", "filter",
    "path", "hash", "gv", "guid", "name", "summaries", "flags", "linkage", "notEligibleToImport", "live", "dsoLocal",
    "function", "insts", "funcFlags", "readNone", "readOnly", "noRecurse", "returnDoesNotAlias", "noInline", "calls",
    "callee", "hotness", "unknown", "hot", "critical", "relbf", "variable", "aliasee", "refs", "typeIdInfo",
    "typeTests", "typeTestAssumeVCalls", "typeCheckedLoadVCalls", "typeTestAssumeConstVCalls",
    "typeCheckedLoadConstVCalls", "vFuncId", "offset", "args", "typeid", "summary", "typeTestRes", "kind", "unsat",
    "byteArray", "inline", "single", "allOnes", "sizeM1BitWidth", "alignLog2", "sizeM1", "bitMask", "inlineBits",
    "wpdResolutions", "wpdRes", "indir", "singleImpl", "branchFunnel", "singleImplName", "resByArg", "byArg",
    "uniformRetVal", "uniqueRetVal", "virtualConstProp", "info", "byte", "bit", "void", "half", "float", "double",
    "x86_fp80", "fp128", "ppc_fp128", "label", "metadata", "x86_mmx", "token", "add", "fadd", "sub", "fsub", "mul",
    "fmul", "udiv", "sdiv", "fdiv", "urem", "srem", "frem", "shl", "lshr", "ashr", "and", "or", "xor", "icmp", "fcmp",
    "phi", "call", "trunc", "zext", "sext", "fptrunc", "fpext", "uitofp", "sitofp", "fptoui", "fptosi", "inttoptr",
    "ptrtoint", "bitcast", "addrspacecast", "select", "va_arg", "ret", "br", "switch", "indirectbr", "invoke",
    "resume", "unreachable", "alloca", "load", "store", "cmpxchg", "atomicrmw", "fence", "getelementptr",
    "extractelement", "insertelement", "shufflevector", "extractvalue", "insertvalue", "landingpad", "cleanupret",
    "catchret", "catchswitch", "catchpad", "cleanuppad",
];
static IN_LLVM7: [bool; KEYWORD_COUNT] = build_llvm7();

const fn build_llvm7() -> [bool; KEYWORD_COUNT] {
    let mut known = [false; KEYWORD_COUNT];
    let mut i = 0;
    while i < LLVM7_KEYWORDS.len() {
        let text = LLVM7_KEYWORDS[i].as_bytes();
        let mut slot = Packed::of(text).hash();
        loop {
            let entry = table_entry(slot);
            assert!(entry != 0, "LLVM 7 keyword missing from the keyword table");
            if bytes_eq(Keyword::TEXT[entry - 1].as_bytes(), text) {
                known[entry - 1] = true;
                break;
            }
            slot = (slot + 1) & TABLE_MASK;
        }
        i += 1;
    }
    known
}

const fn table_entry(slot: usize) -> usize {
    TABLE[slot] as usize
}

impl Keyword {
    /// The keyword's spelling.
    pub const fn as_str(self) -> &'static str {
        Keyword::TEXT[self as usize]
    }

    /// Whether the LLVM 7.0.1 reader knows this keyword. For the typed-pointer dialect a parser treats the others
    /// as unknown words, as that reader does.
    pub fn in_llvm7(self) -> bool {
        IN_LLVM7[self as usize]
    }

    /// The keyword spelled exactly `word`, if any (case-sensitive, no allocation).
    pub fn lookup(word: &[u8]) -> Option<Keyword> {
        Keyword::lookup_packed(Packed::of(word), word)
    }

    /// [`Keyword::lookup`] of `src[start..end]`, loading the word a machine word at a time.
    #[inline]
    pub(crate) fn lookup_in(src: &[u8], start: usize, end: usize) -> Option<Keyword> {
        Keyword::lookup_packed(Packed::of_range(src, start, end), src.get(start..end).unwrap_or_default())
    }

    #[inline(always)]
    fn lookup_packed(p: Packed, word: &[u8]) -> Option<Keyword> {
        let mut slot = p.hash();
        loop {
            let index = (TABLE[slot] as usize).checked_sub(1)?;
            let k = &PACKED[index];
            if k.head == p.head
                && k.tail == p.tail
                && k.len == p.len
                && (p.len <= 16 || Keyword::TEXT[index].as_bytes() == word)
            {
                return Keyword::ALL.get(index).copied();
            }
            slot = (slot + 1) & TABLE_MASK;
        }
    }
}

impl fmt::Display for Keyword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_keyword_round_trips() {
        for (i, &kw) in Keyword::ALL.iter().enumerate() {
            assert_eq!(kw as usize, i);
            assert_eq!(Keyword::lookup(kw.as_str().as_bytes()), Some(kw), "{kw}");
        }
        assert_eq!(Keyword::lookup(b"nosuchword"), None);
        assert_eq!(Keyword::lookup(b""), None);
        assert_eq!(Keyword::lookup(b"Void"), None);
        assert_eq!(Keyword::lookup(b"dereferenceable_or_nul"), None);
        assert_eq!(Keyword::lookup(b"dereferenceable_or_nulL"), None);
        assert_eq!(Keyword::lookup(b"dereferenceablX_or_null"), None);
        // The fast path, with and without room for whole-word loads after the word.
        let src = b"xx local_unnamed_addr add ptr";
        assert_eq!(Keyword::lookup_in(src, 3, 21), Some(Keyword::LocalUnnamedAddr));
        assert_eq!(Keyword::lookup_in(src, 22, 25), Some(Keyword::Add));
        assert_eq!(Keyword::lookup_in(src, 26, 29), Some(Keyword::Ptr));
        assert_eq!(Keyword::lookup_in(src, 22, 24), None);
        assert_eq!(Keyword::lookup_in(src, 0, 2), None);
        assert_eq!(Keyword::Ptr.class(), KeywordClass::Type);
        assert_eq!(Keyword::Freeze.class(), KeywordClass::Opcode);
        assert_eq!(Keyword::PtxKernel.class(), KeywordClass::CallingConv);
        assert_eq!(Keyword::Noundef.class(), KeywordClass::Attribute);
    }

    #[test]
    fn llvm7_keywords() {
        for kw in [Keyword::Define, Keyword::Getelementptr, Keyword::PtxKernel, Keyword::Nocapture, Keyword::X86Mmx] {
            assert!(kw.in_llvm7(), "{kw}");
        }
        for kw in [
            Keyword::Ptr,
            Keyword::Freeze,
            Keyword::Fneg,
            Keyword::Callbr,
            Keyword::Noundef,
            Keyword::Memory,
            Keyword::Poison,
            Keyword::Bfloat,
            Keyword::Nofree,
            Keyword::Willreturn,
            Keyword::Mustprogress,
            Keyword::DsoLocalEquivalent,
            Keyword::Nodeduplicate,
        ] {
            assert!(!kw.in_llvm7(), "{kw}");
        }
        assert_eq!(Keyword::ALL.iter().filter(|k| k.in_llvm7()).count(), LLVM7_KEYWORDS.len());
    }

    #[test]
    fn unescape_follows_the_reader() {
        assert_eq!(unescape(br"a\41b"), b"aAb");
        assert_eq!(unescape(br"\\"), b"\\");
        assert_eq!(unescape(br"\\41"), b"\\41");
        assert_eq!(unescape(br"\4"), b"\\4");
        assert_eq!(unescape(br"\zz\"), b"\\zz\\");
        assert_eq!(unescape(br"\00\FF\0a"), b"\x00\xff\n");
        assert_eq!(unescape(b"plain"), b"plain");
        assert!(escaped_has_nul(br"a\00"));
        assert!(!escaped_has_nul(br"a\\00"));
        assert!(escaped_has_nul(b"a\0b"));
        assert!(!escaped_has_nul(br"a\01"));
    }

    #[test]
    fn hex_float_layouts() {
        assert_eq!(HexFloatKind::Double.bits(b"3FF0000000000000"), Some(0x3FF0_0000_0000_0000));
        assert_eq!(HexFloatKind::Double.bits(b"00000000000000001"), Some(1));
        assert_eq!(HexFloatKind::Double.bits(b"10000000000000000"), None);
        assert_eq!(HexFloatKind::Half.bits(b"3C00"), Some(0x3C00));
        assert_eq!(HexFloatKind::BFloat.bits(b"3F80"), Some(0x3F80));
        assert_eq!(HexFloatKind::X87.bits(b"3FFF8000000000000000"), Some(0x3FFF_8000_0000_0000_0000));
        assert_eq!(
            HexFloatKind::Quad.bits(b"00000000000000003FFF000000000000"),
            Some(0x3FFF_0000_0000_0000_0000_0000_0000_0000)
        );
        assert_eq!(HexFloatKind::Quad.bits(b"1"), Some(1 << 64));
        assert_eq!(HexFloatKind::PpcDoubleDouble.bits(&[b'0'; 33]), None);
        assert_eq!(HexFloatKind::Double.bits(b"xyz"), None);
    }

    #[test]
    fn debug_info_words() {
        assert_eq!(DebugInfoWord::classify(b"DW_TAG_member"), Some(DebugInfoWord::DwarfTag));
        assert_eq!(DebugInfoWord::classify(b"DW_OP_LLVM_fragment"), Some(DebugInfoWord::DwarfOp));
        assert_eq!(DebugInfoWord::classify(b"DIFlagPrototyped"), Some(DebugInfoWord::DiFlag));
        assert_eq!(DebugInfoWord::classify(b"DISPFlagDefinition"), Some(DebugInfoWord::DiSpFlag));
        assert_eq!(DebugInfoWord::classify(b"CSK_MD5"), Some(DebugInfoWord::ChecksumKind));
        assert_eq!(DebugInfoWord::classify(b"FullDebug"), Some(DebugInfoWord::EmissionKind));
        assert_eq!(DebugInfoWord::classify(b"DebugDirectivesOnly"), Some(DebugInfoWord::EmissionKind));
        assert_eq!(DebugInfoWord::classify(b"None"), Some(DebugInfoWord::NameTableKind));
        assert_eq!(DebugInfoWord::classify(b"Default"), Some(DebugInfoWord::NameTableKind));
        assert_eq!(DebugInfoWord::classify(b"dbg_value"), Some(DebugInfoWord::DbgRecordType));
        assert_eq!(DebugInfoWord::classify(b"DW_FOO"), None);
        assert_eq!(DebugInfoWord::classify(b""), None);
    }
}
