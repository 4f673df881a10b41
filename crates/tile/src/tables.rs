//! The data that drives reader, writer, printer and validator: versions, the opcode table with
//! each op's field layout, type tags, attribute tags and enum spellings.

use std::fmt;
use std::sync::OnceLock;

/// A bytecode version `major.minor` (header bytes 8 and 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version {
    /// Major version (13).
    pub major: u8,
    /// Minor version.
    pub minor: u8,
}

impl Version {
    /// 13.1, the oldest version.
    pub const V13_1: Version = Version { major: 13, minor: 1 };
    /// 13.2.
    pub const V13_2: Version = Version { major: 13, minor: 2 };
    /// 13.3: unified optional-field flags, producer section, global visibility.
    pub const V13_3: Version = Version { major: 13, minor: 3 };
    /// 13.4: pointer/view flags, type tag 130.
    pub const V13_4: Version = Version { major: 13, minor: 4 };
    /// 13.5, the newest version.
    pub const V13_5: Version = Version { major: 13, minor: 5 };
    /// Every version this crate reads and writes.
    pub const ALL: [Version; 5] = [Self::V13_1, Self::V13_2, Self::V13_3, Self::V13_4, Self::V13_5];

    /// Whether this crate reads and writes the version.
    pub fn is_supported(self) -> bool {
        Self::ALL.contains(&self)
    }

    /// The largest opcode available in this version (availability is a range check).
    pub fn max_opcode(self) -> u64 {
        match self.minor {
            0 | 1 => 0x6D,
            2 => 0x6E,
            3 => 0x75,
            4 => 0x7A,
            _ => 0x7D,
        }
    }

    const fn from_code(code: u16) -> Version {
        Version { major: (code / 10) as u8, minor: (code % 10) as u8 }
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

impl std::str::FromStr for Version {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let (a, b) = s.split_once('.').ok_or_else(|| format!("version '{s}' is not MAJOR.MINOR"))?;
        let v = Version {
            major: a.parse().map_err(|_| format!("bad major version in '{s}'"))?,
            minor: b.parse().map_err(|_| format!("bad minor version in '{s}'"))?,
        };
        if !v.is_supported() {
            return Err(format!("unsupported version {v}; supported are 13.1 to 13.5"));
        }
        Ok(v)
    }
}

/// How an op attribute is encoded inline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum AttrKind {
    /// Enum value, varint.
    Enum,
    /// Native integer, varint.
    Int,
    /// String table index.
    Str,
    /// One raw byte (bool).
    Byte,
    /// Constant table index (dense elements of the result type).
    Const,
    /// Type table index.
    Type,
    /// Varint count + i32 LE elements.
    I32s,
    /// Varint count + one byte per element.
    Bools,
    /// Varint count + self-contained attributes.
    Array,
    /// One self-contained attribute.
    Tagged,
    /// Untagged dictionary (optimization hints).
    Hints,
}

/// One element of an op's field layout.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Item {
    /// One result type.
    Result,
    /// Varint count + result types.
    Results,
    /// The flags varint, with the name of each bit.
    Flags(Vec<&'static str>),
    /// Items present only from a version on.
    Since(Version, Vec<Item>),
    /// Items present only when a flag bit is set.
    IfFlag(&'static str, Vec<Item>),
    /// An inline attribute.
    Attr(&'static str, AttrKind),
    /// Varint total count + every operand index; the operand names as written (`x...` and `x?`
    /// take what the fixed ones leave).
    AllOperands(Vec<&'static str>),
    /// One operand index.
    Operand(&'static str),
    /// One operand index, present when its flag bit is set.
    OptOperand(&'static str),
    /// Varint count + operand indices.
    Operands(&'static str),
    /// Varint region count + regions.
    Regions(u8),
}

/// What the table knows of one opcode.
#[derive(Debug)]
pub struct OpInfo {
    /// The opcode.
    pub code: u16,
    /// The short mnemonic (`addf`).
    pub name: &'static str,
    /// The first version that has it.
    pub since: Version,
    /// The layout as written in the table.
    pub layout_text: &'static str,
}

macro_rules! opcode_table {
    ($($code:literal $name:literal $major:literal $minor:literal $layout:literal;)*) => {
        /// Every opcode, sorted by code.
        pub static OPCODES: &[OpInfo] = &[
            $(OpInfo { code: $code, name: $name, since: Version { major: $major, minor: $minor }, layout_text: $layout },)*
        ];
    };
}

include!("opcodes.in");

/// The op with this opcode, if any.
pub fn op_info(code: u64) -> Option<&'static OpInfo> {
    let code = u16::try_from(code).ok()?;
    OPCODES.binary_search_by_key(&code, |o| o.code).ok().map(|i| &OPCODES[i])
}

/// The op with this mnemonic.
pub fn op_by_name(name: &str) -> Option<&'static OpInfo> {
    OPCODES.iter().find(|o| o.name == name)
}

/// An op's parsed layout and how many results, fields and operands it usually has.
struct Parsed {
    items: Vec<Item>,
    sizes: (usize, usize, usize),
}

fn parsed() -> &'static [Parsed] {
    static LAYOUTS: OnceLock<Vec<Parsed>> = OnceLock::new();
    LAYOUTS.get_or_init(|| {
        OPCODES
            .iter()
            .map(|o| {
                let items = parse_layout(o.layout_text);
                let mut sizes = (0, 0, 0);
                count(&items, &mut sizes);
                Parsed { items, sizes }
            })
            .collect()
    })
}

fn count(items: &[Item], sizes: &mut (usize, usize, usize)) {
    for i in items {
        match i {
            Item::Result => sizes.0 += 1,
            Item::Results => sizes.0 += 2,
            Item::Attr(..) => sizes.1 += 1,
            Item::AllOperands(_) | Item::Operands(_) => {
                sizes.1 += 1;
                sizes.2 += 2;
            }
            Item::Operand(_) | Item::OptOperand(_) => sizes.2 += 1,
            Item::Since(_, inner) | Item::IfFlag(_, inner) => count(inner, sizes),
            _ => {}
        }
    }
}

fn position(code: u16) -> usize {
    // Opcodes below 128 are looked up directly; the few above by search.
    static DIRECT: OnceLock<[u8; 128]> = OnceLock::new();
    let direct = DIRECT.get_or_init(|| {
        let mut t = [u8::MAX; 128];
        for (i, o) in OPCODES.iter().enumerate() {
            if o.code < 128 {
                t[o.code as usize] = i as u8;
            }
        }
        t
    });
    match direct.get(code as usize) {
        Some(&i) if i != u8::MAX => i as usize,
        _ => OPCODES.binary_search_by_key(&code, |o| o.code).unwrap_or(0),
    }
}

/// The parsed layout of an op (parsed once from the table).
pub fn layout(info: &OpInfo) -> &'static [Item] {
    &parsed()[position(info.code)].items
}

/// Typical (results, fields, operands) counts of an op, for sizing its vectors.
pub fn layout_sizes(info: &OpInfo) -> (usize, usize, usize) {
    parsed()[position(info.code)].sizes
}

fn parse_layout(text: &'static str) -> Vec<Item> {
    let mut words: Vec<&'static str> = Vec::new();
    // Split on blanks but keep brackets as their own words.
    let mut start = None;
    for (i, c) in text.char_indices() {
        match c {
            ' ' => {
                if let Some(s) = start.take() {
                    words.push(&text[s..i]);
                }
            }
            // `i32[]`/`bool[]` are kinds, not brackets.
            '[' | ']' if !(start.is_some() && (c == '[' || text.as_bytes()[i - 1] == b'[')) => {
                if let Some(s) = start.take() {
                    words.push(&text[s..i]);
                }
                words.push(&text[i..i + 1]);
            }
            _ => {
                if start.is_none() {
                    start = Some(i);
                }
            }
        }
    }
    if let Some(s) = start {
        words.push(&text[s..]);
    }
    let mut pos = 0;
    parse_items(&words, &mut pos)
}

fn parse_items(words: &[&'static str], pos: &mut usize) -> Vec<Item> {
    let mut items = Vec::new();
    let mut after_all = false;
    while *pos < words.len() {
        let w = words[*pos];
        *pos += 1;
        match w {
            "]" => break,
            "[" => {
                let head = words[*pos];
                *pos += 1;
                let inner = parse_items(words, pos);
                if let Some(v) = head.strip_prefix(">=").and_then(|v| v.strip_suffix(':')) {
                    let code: u16 = v.replace('.', "").parse().unwrap_or(131);
                    items.push(Item::Since(Version::from_code(code), inner));
                } else {
                    items.push(Item::IfFlag(head.trim_end_matches('?'), inner));
                }
            }
            "T" => items.push(Item::Result),
            "nT" => items.push(Item::Results),
            "N" => {
                items.push(Item::AllOperands(Vec::new()));
                after_all = true;
            }
            _ if w.starts_with("F{") => {
                let body = &w[2..w.len() - 1];
                items.push(Item::Flags(body.split(',').map(|b| b.split_once(':').map_or(b, |p| p.1)).collect()));
            }
            _ if w.starts_with('R') => items.push(Item::Regions(w[1..].parse().unwrap_or(1))),
            _ if after_all && w.starts_with('%') => {
                if let Some(Item::AllOperands(names)) =
                    items.iter_mut().rev().find(|i| matches!(i, Item::AllOperands(_)))
                {
                    names.push(&w[1..]);
                }
            }
            _ if w.starts_with("n%") => items.push(Item::Operands(&w[2..])),
            _ if w.starts_with('%') && w.ends_with('?') => items.push(Item::OptOperand(&w[1..w.len() - 1])),
            _ if w.starts_with('%') => items.push(Item::Operand(&w[1..])),
            _ => {
                let (name, kind) = w.split_once(':').unwrap_or((w, "int"));
                let kind = match kind {
                    "enum" => AttrKind::Enum,
                    "str" => AttrKind::Str,
                    "u8" => AttrKind::Byte,
                    "const" => AttrKind::Const,
                    "type" => AttrKind::Type,
                    "i32[]" => AttrKind::I32s,
                    "bool[]" => AttrKind::Bools,
                    "arr" => AttrKind::Array,
                    "tagged" => AttrKind::Tagged,
                    "hints" => AttrKind::Hints,
                    _ => AttrKind::Int,
                };
                items.push(Item::Attr(name, kind));
            }
        }
    }
    items
}

/// Section ids.
pub mod section {
    /// End of bytecode.
    pub const END: u8 = 0;
    /// String table.
    pub const STRING: u8 = 1;
    /// Function table.
    pub const FUNC: u8 = 2;
    /// Debug info.
    pub const DEBUG: u8 = 3;
    /// Constant table.
    pub const CONSTANT: u8 = 4;
    /// Type table.
    pub const TYPE: u8 = 5;
    /// Globals.
    pub const GLOBAL: u8 = 6;
    /// Producer string (13.3+).
    pub const PRODUCER: u8 = 7;

    /// The section's name.
    pub fn name(id: u8) -> &'static str {
        ["end", "string", "func", "debug", "constant", "type", "global", "producer"]
            .get(id as usize)
            .copied()
            .unwrap_or("unknown")
    }
}

/// Scalar type tags: (tag, printed name, since).
pub static SCALAR_TYPES: &[(u64, &str, Version)] = &[
    (0, "i1", Version::V13_1),
    (1, "i8", Version::V13_1),
    (2, "i16", Version::V13_1),
    (3, "i32", Version::V13_1),
    (4, "i64", Version::V13_1),
    (5, "f16", Version::V13_1),
    (6, "bf16", Version::V13_1),
    (7, "f32", Version::V13_1),
    (8, "tf32", Version::V13_1),
    (9, "f64", Version::V13_1),
    (10, "f8E4M3FN", Version::V13_1),
    (11, "f8E5M2", Version::V13_1),
    (17, "token", Version::V13_1),
    (18, "f8E8M0FNU", Version::V13_2),
    (19, "f4E2M1FN", Version::V13_3),
    (22, "i4", Version::V13_3),
    (130, "fnv8E5M3FNU", Version::V13_4),
];

/// Compound type tags.
pub mod type_tag {
    /// `ptr<T>`.
    pub const POINTER: u64 = 12;
    /// `tile<shape x T>`.
    pub const TILE: u64 = 13;
    /// `tensor_view<…>`.
    pub const TENSOR_VIEW: u64 = 14;
    /// `partition_view<…>`.
    pub const PARTITION_VIEW: u64 = 15;
    /// Function type.
    pub const FUNCTION: u64 = 16;
    /// `gather_scatter_view<…>` (13.3).
    pub const GATHER_SCATTER_VIEW: u64 = 20;
    /// `strided_view<…>` (13.3).
    pub const STRIDED_VIEW: u64 = 21;
}

/// The names of an enum attribute's values, by attribute name in the layout.
pub fn enum_values(attr: &str) -> &'static [&'static str] {
    match attr {
        "rounding_mode" | "rounding" => &[
            "nearest_even",
            "zero",
            "negative_inf",
            "positive_inf",
            "approx",
            "full",
            "nearest_int_to_zero",
            "nearest_away",
        ],
        "overflow" => &["none", "no_signed_wrap", "no_unsigned_wrap", "no_wrap"],
        "signedness" | "signedness_lhs" | "signedness_rhs" => &["unsigned", "signed"],
        "comparison_predicate" => {
            &["equal", "not_equal", "less_than", "less_than_or_equal", "greater_than", "greater_than_or_equal"]
        }
        "comparison_ordering" => &["unordered", "ordered"],
        "mode" | "reduction" => &["and", "or", "xor", "add", "addf", "max", "min", "umax", "umin", "xchg"],
        "memory_scope" => &["tl_blk", "device", "sys"],
        "memory_ordering_semantics" => &["weak", "relaxed", "acquire", "release", "acq_rel"],
        "symbol_visibility" => &["public", "private"],
        _ => &[],
    }
}

/// Padding values of views.
pub static PADDING_VALUES: &[&str] = &["zero", "neg_zero", "nan", "pos_inf", "neg_inf"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_parse() {
        let info = op_by_name("load_view_tko").unwrap();
        let l = layout(info);
        assert_eq!(l.len(), 9, "{l:?}");
    }
}
