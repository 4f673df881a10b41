//! The tag table (data, in `tag_table.rs`) and the enums whose values tags carry.

/// How a tag's value is to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum TagKind {
    /// A 32-bit integer (or an enum, see [`tag_enum`]).
    Int32,
    /// One bit of a packed flags byte.
    Bit,
    /// A two-bit field of a packed flags byte.
    TwoBit,
    /// A boolean byte.
    Bool,
    /// A byte.
    Byte,
    /// Tag 99: the blob offset of the 4-byte payload key.
    Key,
    /// The value is a byte offset into the blob region; the blob has this shape there.
    Blob(BlobShape),
}

impl TagKind {
    /// Lower-case name for listings and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            TagKind::Int32 => "int32",
            TagKind::Bit => "bit",
            TagKind::TwoBit => "2-bit",
            TagKind::Bool => "bool",
            TagKind::Byte => "byte",
            TagKind::Key => "key-offset",
            TagKind::Blob(_) => "blob-offset",
        }
    }
}

/// The layout of a blob that a blob tag points at, per the seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BlobShape {
    /// A fixed number of bytes (read as little-endian u32 words, or one u64 when 8).
    Fixed(u32),
    /// A NUL-terminated string.
    CString,
    /// A count (`count` bytes wide), then that many `entry`-byte items.
    Counted {
        /// Width of the count field (4 or 8).
        count: u32,
        /// Bytes per item (4 or 8).
        entry: u32,
    },
    /// A u32 length, then that many bytes.
    LengthPrefixed,
    /// A `header`-byte header whose first u32 is the entry count, then `entry`-byte items;
    /// `when = Some((tag, value))`: decoded only when that tag has that value.
    Table {
        /// Header bytes.
        header: u32,
        /// Bytes per entry.
        entry: u32,
        /// The condition, if any.
        when: Option<(u16, u32)>,
    },
}

/// One row of the tag table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TagInfo {
    /// The tag number in the stream.
    pub id: u16,
    /// How its value is read.
    pub kind: TagKind,
    /// Our name (the measured meaning where one is known).
    pub name: &'static str,
    /// The seed's name (differs for tags 1-4 and 99).
    pub seed_name: &'static str,
    /// What it is.
    pub description: &'static str,
}

macro_rules! tag_table {
    ($($id:literal, $kind:ident $(($($shape:tt)*))?, $name:literal, $seed:literal, $desc:literal;)*) => {
        /// Every tag the seed names, sorted by id.
        pub static TAGS: &[TagInfo] = &[
            $(TagInfo { id: $id, kind: TagKind::$kind $(($($shape)*))?, name: $name, seed_name: $seed, description: $desc },)*
        ];
    };
}

include!("tag_table.rs");

/// The table row of a tag, if the seed names it.
pub fn tag_info(id: u16) -> Option<&'static TagInfo> {
    TAGS.binary_search_by_key(&id, |t| t.id).ok().map(|i| &TAGS[i])
}

/// The tag with this name (ours or the seed's), case-sensitive.
pub fn tag_by_name(name: &str) -> Option<&'static TagInfo> {
    // Hashed: the XML reader looks up a name for every element of `<Options>`.
    static BY_NAME: std::sync::OnceLock<std::collections::HashMap<&'static str, &'static TagInfo>> =
        std::sync::OnceLock::new();
    let map = BY_NAME.get_or_init(|| {
        let mut m = std::collections::HashMap::with_capacity(TAGS.len() * 2);
        // The first row that has the name, ours or the seed's, wins.
        for t in TAGS {
            m.entry(t.name).or_insert(t);
            m.entry(t.seed_name).or_insert(t);
        }
        m
    });
    map.get(name).copied()
}

/// Tag numbers with a measured meaning.
pub mod id {
    /// Target architecture.
    pub const ARCH_VARIANT: u16 = 1;
    /// Compile mode.
    pub const COMPILE_MODE: u16 = 2;
    /// Optimization level.
    pub const OPT_LEVEL: u16 = 3;
    /// Debug info level.
    pub const DEBUG_INFO: u16 = 4;
    /// Flush denormals to zero.
    pub const FTZ: u16 = 13;
    /// Approximate square root.
    pub const FAST_SQRT: u16 = 14;
    /// FMA contraction allowed.
    pub const FMAD: u16 = 15;
    /// Division mode.
    pub const DIVIDE: u16 = 18;
    /// Architecture-specific (`a`) target.
    pub const ARCH_SPECIFIC: u16 = 32;
    /// Blob offset of the payload key; present means encoded payload.
    pub const PAYLOAD_KEY: u16 = 99;
}

/// A named enumeration: `(value, full name)` pairs.
pub type EnumTable = &'static [(u32, &'static str)];

/// IR level, the u16 at 0x0E.
pub static IR_LEVELS: EnumTable =
    &[(0, "NVVM_IR_LEVEL_UNIFIED_AFTER_DCI"), (1, "NVVM_IR_LEVEL_LTO"), (2, "NVVM_IR_LEVEL_OPTIX")];

static COMPILE_MODES: EnumTable = &[
    (0, "NVVM_COMPILE_MODE_WHOLE_PROGRAM_ABI"),
    (1, "NVVM_COMPILE_MODE_WHOLE_PROGRAM_NOABI"),
    (2, "NVVM_COMPILE_MODE_SEPARATE_ABI"),
    (3, "NVVM_COMPILE_MODE_EXTENSIBLE_WHOLE_PROGRAM_ABI"),
];

static OPT_LEVELS: EnumTable =
    &[(0, "NVVM_OPT_LEVEL_NONE"), (1, "NVVM_OPT_LEVEL_1"), (2, "NVVM_OPT_LEVEL_2"), (3, "NVVM_OPT_LEVEL_3")];

static DEBUG_INFOS: EnumTable =
    &[(0, "NVVM_DEBUG_INFO_NONE"), (1, "NVVM_DEBUG_INFO_LINE_INFO"), (2, "NVVM_DEBUG_INFO_DWARF")];

static VERTEX_MODES: EnumTable =
    &[(0, "NVVM_VERTEX_MODE_SINGLE"), (1, "NVVM_VERTEX_MODE_A"), (2, "NVVM_VERTEX_MODE_B"), (3, "NVVM_VERTEX_MODE_AB")];

static DIVIDE_MODES: EnumTable = &[
    (0, "NVVM_FAST_MATH_DIVIDE_PRECISE_NO_FTZ"),
    (1, "NVVM_FAST_MATH_DIVIDE_PRECISE_ALLOW_FTZ"),
    (2, "NVVM_FAST_MATH_DIVIDE_FULL_RANGE_APPROX"),
    (3, "NVVM_FAST_MATH_DIVIDE_FAST_APPROX"),
];

static FDL_MODES: EnumTable = &[(0, "NVVM_FDL_MODE_NONE"), (1, "NVVM_FDL_MODE_ALL"), (2, "NVVM_FDL_MODE_APP")];

/// Which tags carry an enum (tag 1, the architecture, is handled by [`arch_enum_name`]).
static TAG_ENUMS: &[(u16, EnumTable)] = &[
    (id::COMPILE_MODE, COMPILE_MODES),
    (id::OPT_LEVEL, OPT_LEVELS),
    (id::DEBUG_INFO, DEBUG_INFOS),
    (6, VERTEX_MODES),
    (id::DIVIDE, DIVIDE_MODES),
    (37, FDL_MODES),
];

/// The enum a tag's value belongs to, if any.
pub fn tag_enum(tag: u16) -> Option<EnumTable> {
    TAG_ENUMS.iter().find(|(t, _)| *t == tag).map(|(_, e)| *e)
}

/// The name of `value` in `table`.
pub fn enum_name(table: EnumTable, value: u32) -> Option<&'static str> {
    table.iter().find(|(v, _)| *v == value).map(|(_, n)| *n)
}

/// The value named `name` in `table`.
pub fn enum_value(table: EnumTable, name: &str) -> Option<u32> {
    table.iter().find(|(_, n)| *n == name).map(|(v, _)| *v)
}

/// Architectures the seed names, with their family: the enum spelling is
/// `NVVM_ARCH_<FAMILY>_<major>_<minor>`.
static ARCH_FAMILIES: &[(u32, &str)] = &[
    (30, "KEPLER"),
    (32, "KEPLER"),
    (35, "KEPLER"),
    (37, "KEPLER"),
    (50, "MAXWELL"),
    (52, "MAXWELL"),
    (53, "MAXWELL"),
    (60, "PASCAL"),
    (61, "PASCAL"),
    (62, "PASCAL"),
    (70, "VOLTA"),
    (72, "VOLTA"),
    (73, "TURING"),
    (75, "TURING"),
    (80, "AMPERE"),
    (82, "AMPERE"),
    (86, "AMPERE"),
    (87, "AMPERE"),
    (88, "AMPERE"),
    (89, "ADA"),
    (90, "HOPPER"),
    (100, "BLACKWELL"),
    (101, "BLACKWELL"),
    (103, "BLACKWELL"),
    (110, "BLACKWELL"),
    (120, "BLACKWELL"),
    (121, "BLACKWELL"),
];

/// The seed's enum name for an ArchVariant value (value = arch * 10, e.g. 900 →
/// `NVVM_ARCH_HOPPER_9_0`).
pub fn arch_enum_name(value: u32) -> Option<String> {
    if !value.is_multiple_of(10) {
        return None;
    }
    let arch = value / 10;
    let (_, family) = ARCH_FAMILIES.iter().find(|(a, _)| *a == arch)?;
    Some(format!("NVVM_ARCH_{family}_{}_{}", arch / 10, arch % 10))
}

/// The ArchVariant value for a seed enum name: the virtual form (`NVVM_ARCH_HOPPER_9_0`) or the
/// hardware form (`NVVM_ARCH_HW_SM_9_0`; the seed's `HW_SM_10_4` is 1200).
pub fn arch_enum_value(name: &str) -> Option<u32> {
    let rest = name.strip_prefix("NVVM_ARCH_")?;
    if rest == "HW_SM_10_4" {
        return Some(1200);
    }
    let mut parts = rest.rsplitn(3, '_');
    let minor: u32 = parts.next()?.parse().ok()?;
    let major: u32 = parts.next()?.parse().ok()?;
    let family = parts.next()?;
    // Architectures are at most three digits; anything longer is no name (and cannot overflow).
    if minor > 9 || major > 99 {
        return None;
    }
    let arch = major * 10 + minor;
    let known = family == "HW_SM" || ARCH_FAMILIES.iter().any(|&(a, f)| a == arch && f == family);
    known.then_some(arch * 10)
}

/// The enum name of a tag's value, for tags whose values are enums.
pub fn value_name(tag: u16, value: u32) -> Option<String> {
    if tag == id::ARCH_VARIANT {
        arch_enum_name(value)
    } else {
        tag_enum(tag).and_then(|t| enum_name(t, value)).map(str::to_string)
    }
}

/// A number as written by people: decimal or `0x` hexadecimal.
pub fn parse_number(s: &str) -> Option<u64> {
    let s = s.trim();
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => s.parse().ok(),
    }
}

/// A tag given by number (1-65535) or by name (ours or the seed's).
pub fn parse_tag(s: &str) -> Option<u16> {
    match parse_number(s) {
        Some(n) => u16::try_from(n).ok().filter(|&t| t != 0),
        None => tag_by_name(s.trim()).map(|t| t.id),
    }
}

/// A tag value given as a number or, for enum tags, by its enum name.
pub fn parse_value(tag: u16, s: &str) -> Option<u32> {
    if let Some(n) = parse_number(s) {
        return u32::try_from(n).ok();
    }
    let s = s.trim();
    if tag == id::ARCH_VARIANT {
        arch_enum_value(s)
    } else {
        tag_enum(tag).and_then(|t| enum_value(t, s))
    }
}

/// The `sm_XX` an ArchVariant value names: value / 10, except that CUDA 13 writes 1010 for
/// sm_110 (the architecture formerly numbered sm_101).
pub fn arch_sm(value: u32) -> Option<u32> {
    match value {
        1010 => Some(110),
        v if v.is_multiple_of(10) && v > 0 => Some(v / 10),
        _ => None,
    }
}

/// The ArchVariant value CUDA 13.5 writes for an `sm_XX` number.
pub fn arch_variant_for_sm(sm: u32) -> u32 {
    match sm {
        110 | 101 => 1010,
        sm => sm * 10,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_unique_and_complete() {
        assert!(TAGS.windows(2).all(|w| w[0].id < w[1].id), "sorted, no duplicates");
        // The seed's six ranges: 1-39, 99, 101-173, 201-218, 301-309, 351-353, 401-402.
        let expect: Vec<u16> = (1..=39)
            .chain([99])
            .chain(101..=173)
            .chain(201..=218)
            .chain(301..=309)
            .chain(351..=353)
            .chain(401..=402)
            .collect();
        assert_eq!(TAGS.iter().map(|t| t.id).collect::<Vec<_>>(), expect);
    }

    #[test]
    fn measured_names_win_and_seed_names_remain() {
        let t = tag_info(1).unwrap();
        assert_eq!((t.name, t.seed_name), ("ArchVariant", "SmMajor"));
        assert_eq!(tag_info(4).unwrap().name, "DebugInfo");
        assert_eq!(tag_info(99).unwrap().kind, TagKind::Key);
        assert_eq!(tag_by_name("SmMinor").unwrap().id, 2);
        assert_eq!(tag_by_name("TargetFuncName").unwrap().kind, TagKind::Blob(BlobShape::CString));
        assert!(tag_info(40).is_none());
    }

    #[test]
    fn arch_names_round_trip() {
        assert_eq!(arch_enum_name(900).as_deref(), Some("NVVM_ARCH_HOPPER_9_0"));
        assert_eq!(arch_enum_name(1010).as_deref(), Some("NVVM_ARCH_BLACKWELL_10_1"));
        assert_eq!(arch_enum_name(905), None);
        for &(arch, _) in ARCH_FAMILIES {
            let name = arch_enum_name(arch * 10).unwrap();
            assert_eq!(arch_enum_value(&name), Some(arch * 10), "{name}");
        }
        assert_eq!(arch_enum_value("NVVM_ARCH_HW_SM_9_0"), Some(900));
        assert_eq!(arch_enum_value("NVVM_ARCH_HW_SM_10_4"), Some(1200));
        assert_eq!(arch_enum_value("NVVM_ARCH_HOPPER_8_9"), None);
        // Found by fuzzing: a huge major overflowed.
        assert_eq!(arch_enum_value("NVVM_ARCH_HW_SM_4294967295_0"), None);
        assert_eq!(arch_enum_value("NVVM_ARCH_HW_SM_100_0"), None);
        assert_eq!(arch_sm(1010), Some(110));
        assert_eq!(arch_variant_for_sm(110), 1010);
        assert_eq!(arch_variant_for_sm(90), 900);
    }
}
