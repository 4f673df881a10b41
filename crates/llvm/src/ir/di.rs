//! Debug-info metadata as data: LLVM's specialized metadata nodes (`!DILocation(...)`,
//! `!DISubprogram(...)`, `!DIExpression(...)`, `!GenericDINode(...)`, …) and the enumerations
//! their fields take (`DW_TAG_*`, `DW_OP_*`, `DIFlag*`, …).
//!
//! A node is its [`DiKind`] plus an ordered list of (field, value). [`KindSpec`] says, per kind,
//! how it is written ([`NodeSyntax`]), whether it must be `distinct`, and its fields in the
//! order LLVM's writer prints them. [`FieldSpec`] says, per field and per [`LlvmVersion`], what
//! value it takes ([`ValueKind`]), whether it is required, what the parser assumes when it is
//! absent ([`DefaultValue`]) and when the writer leaves it out ([`Print`]). Every kind, field and
//! enumeration name carries the [`Versions`] that read it, so a printer aiming at LLVM 7 can
//! drop or report what LLVM 7 lacks, and a parser can tell that a field is LLVM 19 syntax.
//!
//! The tables cover what the text readers of LLVM 7.0.1 and LLVM 19 accept; the data itself lives
//! in `di_table.rs`. Lookups allocate nothing: kinds are found with a `match`,
//! fields and enumeration names by binary search over orders the compiler sorts.

use std::fmt;

#[path = "di_table.rs"]
mod table;

pub use table::{
    CHECKSUM_KINDS, DISP_FLAGS, DI_FLAGS, DW_ATE, DW_CC, DW_LANG, DW_LNAME, DW_MACINFO, DW_OP, DW_TAG, DW_VIRTUALITY,
    EMISSION_KINDS, EXPR_OPS, NAME_TABLE_KINDS,
};

/// An LLVM release whose text IR this crate reads and writes.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LlvmVersion {
    /// LLVM 7.0.1, the typed-pointer dialect of libNVVM (compute_75 … compute_90a).
    Llvm7,
    /// LLVM 19, the opaque-pointer dialect of libNVVM (compute_100 and later).
    Llvm19,
}

impl LlvmVersion {
    /// Every version, oldest first.
    pub const ALL: [LlvmVersion; 2] = [LlvmVersion::Llvm7, LlvmVersion::Llvm19];

    /// The release as people write it: `"LLVM 7.0.1"`, `"LLVM 19"`.
    pub const fn name(self) -> &'static str {
        match self {
            LlvmVersion::Llvm7 => "LLVM 7.0.1",
            LlvmVersion::Llvm19 => "LLVM 19",
        }
    }

    const fn bit(self) -> u8 {
        match self {
            LlvmVersion::Llvm7 => 1,
            LlvmVersion::Llvm19 => 2,
        }
    }
}

impl fmt::Display for LlvmVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The set of [`LlvmVersion`]s in which a kind, field or name exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Versions(u8);

impl Versions {
    /// Only LLVM 7.0.1 reads it (LLVM 19 dropped or renamed it).
    pub const LLVM7_ONLY: Versions = Versions(1);
    /// Only LLVM 19 reads it (it is newer than LLVM 7.0.1).
    pub const LLVM19_ONLY: Versions = Versions(2);
    /// Both LLVM 7.0.1 and LLVM 19 read it.
    pub const BOTH: Versions = Versions(3);

    /// Whether `version` is in the set.
    pub const fn contains(self, version: LlvmVersion) -> bool {
        self.0 & version.bit() != 0
    }

    /// The set in words, for messages: `"LLVM 19 only"`, …
    pub const fn describe(self) -> &'static str {
        match self.0 {
            1 => "LLVM 7.0.1 only",
            2 => "LLVM 19 only",
            _ => "LLVM 7.0.1 and LLVM 19",
        }
    }
}

impl fmt::Display for Versions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// A specialized metadata node kind, named after its LLVM class (`DILocation` → [`DiKind::Location`]).
///
/// The order is LLVM's Metadata.def order, with `DIArgList` (not an `MDNode`) last.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum DiKind {
    /// `!DILocation(line: 2, column: 3, scope: !4)`: a source location.
    Location,
    /// `!DIExpression(DW_OP_plus_uconst, 8)`: a DWARF expression.
    Expression,
    /// `!DIGlobalVariableExpression(var: !1, expr: !2)`.
    GlobalVariableExpression,
    /// `!GenericDINode(tag: …, header: "…", operands: {…})`: a node of any other tag.
    GenericDINode,
    /// `!DISubrange(count: 4)`: an array dimension.
    Subrange,
    /// `!DIEnumerator(name: "A", value: 0)`.
    Enumerator,
    /// `!DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)`.
    BasicType,
    /// `!DIDerivedType(tag: DW_TAG_pointer_type, baseType: !1)`: pointers, members, typedefs, ….
    DerivedType,
    /// `!DICompositeType(tag: DW_TAG_structure_type, …)`: structs, arrays, enums, ….
    CompositeType,
    /// `!DISubroutineType(types: !1)`.
    SubroutineType,
    /// `!DIFile(filename: "a.cu", directory: "/tmp")`.
    File,
    /// `distinct !DICompileUnit(language: DW_LANG_C99, file: !1, …)`.
    CompileUnit,
    /// `!DISubprogram(name: "f", …)`.
    Subprogram,
    /// `!DILexicalBlock(scope: !1, line: 3)`.
    LexicalBlock,
    /// `!DILexicalBlockFile(scope: !1, discriminator: 2)`.
    LexicalBlockFile,
    /// `!DINamespace(name: "n", scope: null)`.
    Namespace,
    /// `!DIModule(scope: null, name: "M")`.
    Module,
    /// `!DITemplateTypeParameter(name: "T", type: !1)`.
    TemplateTypeParameter,
    /// `!DITemplateValueParameter(name: "N", type: !1, value: i32 3)`.
    TemplateValueParameter,
    /// `!DIGlobalVariable(name: "g", …)`.
    GlobalVariable,
    /// `!DILocalVariable(name: "x", arg: 1, scope: !1, …)`.
    LocalVariable,
    /// `!DILabel(scope: !1, name: "L", file: !2, line: 7)`.
    Label,
    /// `!DIObjCProperty(name: "p", …)`.
    ObjCProperty,
    /// `!DIImportedEntity(tag: DW_TAG_imported_module, scope: !1, entity: !2)`.
    ImportedEntity,
    /// `distinct !DIAssignID()`: an assignment-tracking identity (LLVM 19).
    AssignId,
    /// `!DIMacro(type: DW_MACINFO_define, name: "N", value: "1")`.
    Macro,
    /// `!DIMacroFile(file: !1, nodes: !2)`.
    MacroFile,
    /// `!DICommonBlock(scope: !1, declaration: null, name: "c")`: a Fortran common block (LLVM 19).
    CommonBlock,
    /// `!DIStringType(name: "character(4)", size: 32)`: a Fortran string type (LLVM 19).
    StringType,
    /// `!DIGenericSubrange(lowerBound: !1, upperBound: !2)`: a Fortran assumed-rank bound (LLVM 19).
    GenericSubrange,
    /// `!DIArgList(i32 %a, i32 %b)`: the arguments of a variadic debug value (LLVM 19).
    ArgList,
}

impl DiKind {
    /// How many kinds there are.
    pub const COUNT: usize = 31;

    /// Every kind, in table order.
    pub const ALL: [DiKind; DiKind::COUNT] = [
        DiKind::Location,
        DiKind::Expression,
        DiKind::GlobalVariableExpression,
        DiKind::GenericDINode,
        DiKind::Subrange,
        DiKind::Enumerator,
        DiKind::BasicType,
        DiKind::DerivedType,
        DiKind::CompositeType,
        DiKind::SubroutineType,
        DiKind::File,
        DiKind::CompileUnit,
        DiKind::Subprogram,
        DiKind::LexicalBlock,
        DiKind::LexicalBlockFile,
        DiKind::Namespace,
        DiKind::Module,
        DiKind::TemplateTypeParameter,
        DiKind::TemplateValueParameter,
        DiKind::GlobalVariable,
        DiKind::LocalVariable,
        DiKind::Label,
        DiKind::ObjCProperty,
        DiKind::ImportedEntity,
        DiKind::AssignId,
        DiKind::Macro,
        DiKind::MacroFile,
        DiKind::CommonBlock,
        DiKind::StringType,
        DiKind::GenericSubrange,
        DiKind::ArgList,
    ];

    /// The kind written after `!` in text (`"DILocation"`, `"GenericDINode"`), if `name` is one.
    pub fn from_name(name: &str) -> Option<DiKind> {
        Some(match name {
            "DILocation" => DiKind::Location,
            "DIExpression" => DiKind::Expression,
            "DIGlobalVariableExpression" => DiKind::GlobalVariableExpression,
            "GenericDINode" => DiKind::GenericDINode,
            "DISubrange" => DiKind::Subrange,
            "DIEnumerator" => DiKind::Enumerator,
            "DIBasicType" => DiKind::BasicType,
            "DIDerivedType" => DiKind::DerivedType,
            "DICompositeType" => DiKind::CompositeType,
            "DISubroutineType" => DiKind::SubroutineType,
            "DIFile" => DiKind::File,
            "DICompileUnit" => DiKind::CompileUnit,
            "DISubprogram" => DiKind::Subprogram,
            "DILexicalBlock" => DiKind::LexicalBlock,
            "DILexicalBlockFile" => DiKind::LexicalBlockFile,
            "DINamespace" => DiKind::Namespace,
            "DIModule" => DiKind::Module,
            "DITemplateTypeParameter" => DiKind::TemplateTypeParameter,
            "DITemplateValueParameter" => DiKind::TemplateValueParameter,
            "DIGlobalVariable" => DiKind::GlobalVariable,
            "DILocalVariable" => DiKind::LocalVariable,
            "DILabel" => DiKind::Label,
            "DIObjCProperty" => DiKind::ObjCProperty,
            "DIImportedEntity" => DiKind::ImportedEntity,
            "DIAssignID" => DiKind::AssignId,
            "DIMacro" => DiKind::Macro,
            "DIMacroFile" => DiKind::MacroFile,
            "DICommonBlock" => DiKind::CommonBlock,
            "DIStringType" => DiKind::StringType,
            "DIGenericSubrange" => DiKind::GenericSubrange,
            "DIArgList" => DiKind::ArgList,
            _ => return None,
        })
    }

    /// This kind's row of the table.
    pub fn spec(self) -> &'static KindSpec {
        &table::KINDS[self as usize]
    }

    /// The name written after `!` in text.
    pub fn name(self) -> &'static str {
        self.spec().name
    }
}

impl fmt::Display for DiKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a node kind is written between its parentheses.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeSyntax {
    /// `name: value` pairs separated by commas, in any order, each at most once.
    Fields,
    /// `!DIExpression(...)`: no field names, a comma-separated list of `DW_OP_*` names and unsigned
    /// integers (LLVM 19 also takes `DW_ATE_*` names, the encoding operand of
    /// `DW_OP_LLVM_convert`). See [`DW_OP`] and [`EXPR_OPS`]. LLVM writes it inline, never as a
    /// numbered node of its own.
    Expression,
    /// `!DIArgList(...)`: typed values (`i32 %x`, `i64 7`). Only inline, as a call argument inside a
    /// function.
    ArgList,
    /// `()`: nothing.
    Empty,
}

/// Whether a node must be written `distinct !DI…(…)`.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distinct {
    /// Either form is read.
    Allowed,
    /// Always `distinct` (`DICompileUnit`, `DIAssignID`).
    Required,
    /// `distinct` when the node is a definition: in LLVM 7 when `isDefinition` is true (its default),
    /// in LLVM 19 when `spFlags` has `DISPFlagDefinition` or, with no `spFlags`, when `isDefinition`
    /// is true.
    RequiredForDefinition,
}

/// One row of the node table.
#[derive(Debug)]
pub struct KindSpec {
    /// The kind.
    pub kind: DiKind,
    /// The name written after `!`.
    pub name: &'static str,
    /// The versions that read this kind.
    pub versions: Versions,
    /// How it is written.
    pub syntax: NodeSyntax,
    /// Whether it must be `distinct`.
    pub distinct: Distinct,
    /// Its fields (empty unless `syntax` is [`NodeSyntax::Fields`]), in the order LLVM's writer
    /// prints them.
    pub fields: &'static [FieldSpec],
    /// Indices into `fields`, sorted by field name.
    by_name: &'static [u8],
}

impl KindSpec {
    /// Whether `version` reads this kind.
    pub const fn available_in(&self, version: LlvmVersion) -> bool {
        self.versions.contains(version)
    }

    /// The position in [`KindSpec::fields`] of the field called `name`, in any version.
    pub fn field_index(&self, name: &str) -> Option<usize> {
        let found = self.by_name.binary_search_by(|&i| self.fields[i as usize].name.cmp(name)).ok()?;
        Some(self.by_name[found] as usize)
    }

    /// The field called `name`, in any version; check [`FieldSpec::available_in`] for a given one.
    pub fn field(&self, name: &str) -> Option<&'static FieldSpec> {
        let fields: &'static [FieldSpec] = self.fields;
        self.field_index(name).map(|i| &fields[i])
    }

    /// The fields `version` reads, in printing order.
    pub fn fields_in(&self, version: LlvmVersion) -> impl Iterator<Item = &'static FieldSpec> {
        let fields: &'static [FieldSpec] = self.fields;
        fields.iter().filter(move |f| f.available_in(version))
    }
}

/// The kind written after `!` (`"DISubprogram"`), if `name` is one.
pub fn kind_by_name(name: &str) -> Option<&'static KindSpec> {
    DiKind::from_name(name).map(DiKind::spec)
}

/// The field `field` of `kind`, in any version.
pub fn field_by_name(kind: DiKind, field: &str) -> Option<&'static FieldSpec> {
    kind.spec().field(field)
}

/// One field of a node kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldSpec {
    /// The name written before `:`.
    pub name: &'static str,
    /// The versions that read this field.
    pub versions: Versions,
    /// How LLVM 7.0.1 reads and prints it (meaningless unless `versions` has LLVM 7).
    pub llvm7: FieldRules,
    /// How LLVM 19 reads and prints it (meaningless unless `versions` has LLVM 19).
    pub llvm19: FieldRules,
    /// What else to know, in a few words; empty for most fields.
    pub note: &'static str,
}

impl FieldSpec {
    /// Whether `version` reads this field.
    pub const fn available_in(&self, version: LlvmVersion) -> bool {
        self.versions.contains(version)
    }

    /// How `version` reads and prints this field, if it reads it at all.
    pub const fn rules(&self, version: LlvmVersion) -> Option<&FieldRules> {
        if !self.available_in(version) {
            return None;
        }
        match version {
            LlvmVersion::Llvm7 => Some(&self.llvm7),
            LlvmVersion::Llvm19 => Some(&self.llvm19),
        }
    }
}

/// How one version reads and prints a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldRules {
    /// What value it takes.
    pub kind: ValueKind,
    /// Whether the parser reports a node without it.
    pub required: bool,
    /// What the parser assumes when it is absent.
    pub default: DefaultValue,
    /// When the writer prints it.
    pub print: Print,
}

/// The value a field takes.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// A metadata operand (`!5`, `!{…}`, `!"s"`, an inline `!DIExpression(…)`, `i32 7`), or
    /// `null` when `nullable`.
    MdRef {
        /// Whether `null` is accepted.
        nullable: bool,
    },
    /// A string constant; `""` stands for no string (null). With `allow_empty: false` the parser
    /// rejects `""`.
    MdString {
        /// Whether `""` is accepted.
        allow_empty: bool,
    },
    /// An unsigned integer no larger than `max` (line numbers: `u32`, columns: `u16`).
    Unsigned {
        /// The largest value accepted.
        max: u64,
    },
    /// A signed integer in `min..=max`.
    Signed {
        /// The smallest value accepted.
        min: i64,
        /// The largest value accepted.
        max: i64,
    },
    /// `true` or `false`.
    Bool,
    /// A `DW_TAG_*` name ([`DW_TAG`]) or an unsigned integer up to 0xffff.
    DwarfTag,
    /// A `DW_ATE_*` name ([`DW_ATE`]) or an unsigned integer up to 0xff.
    DwarfAttEncoding,
    /// A `DW_LANG_*` name ([`DW_LANG`]) or an unsigned integer up to 0xffff.
    DwarfLang,
    /// A `DW_LNAME_*` name ([`DW_LNAME`]) or an unsigned 32-bit integer (LLVM 22 keeps its low
    /// 16 bits).
    DwarfSourceLangName,
    /// A `DW_VIRTUALITY_*` name ([`DW_VIRTUALITY`]) or an unsigned integer up to 2.
    DwarfVirtuality,
    /// A `DW_MACINFO_*` name ([`DW_MACINFO`]) or an unsigned integer up to 0xff.
    DwarfMacinfo,
    /// A `DW_CC_*` name ([`DW_CC`]) or an unsigned integer up to 0xff.
    DwarfCc,
    /// An emission kind name ([`EMISSION_KINDS`]) or an unsigned integer up to the last kind.
    EmissionKind,
    /// A name-table kind name ([`NAME_TABLE_KINDS`]) or an unsigned integer up to 3.
    NameTableKind,
    /// A checksum kind name ([`CHECKSUM_KINDS`]); no integers.
    ChecksumKind,
    /// `DIFlag*` names ([`DI_FLAGS`]) and unsigned 32-bit integers joined by `|`.
    DiFlags,
    /// `DISPFlag*` names ([`DISP_FLAGS`]) and unsigned 32-bit integers joined by `|`.
    DiSpFlags,
    /// An integer of 64 bits: a negative literal is read as `i64`, any other as `u64`
    /// (LLVM 7's enumerator value).
    Int64,
    /// An integer literal of any width (LLVM 19's enumerator value; with `isUnsigned: false` an
    /// unsigned literal whose top bit is set gains a bit so it stays positive).
    AnyInt,
    /// A signed integer in `min..=max`, or a metadata operand (`null` when `nullable`).
    SignedOrMdRef {
        /// The smallest integer accepted.
        min: i64,
        /// The largest integer accepted.
        max: i64,
        /// Whether `null` is accepted.
        nullable: bool,
    },
    /// `{` metadata operands, `null` among them, separated by commas `}` (`GenericDINode`'s
    /// `operands`).
    MdTuple,
}

impl ValueKind {
    /// The table of names this kind takes, if it takes names.
    pub fn names(self) -> Option<&'static NameTable> {
        Some(match self {
            ValueKind::DwarfTag => &DW_TAG,
            ValueKind::DwarfAttEncoding => &DW_ATE,
            ValueKind::DwarfLang => &DW_LANG,
            ValueKind::DwarfSourceLangName => &DW_LNAME,
            ValueKind::DwarfVirtuality => &DW_VIRTUALITY,
            ValueKind::DwarfMacinfo => &DW_MACINFO,
            ValueKind::DwarfCc => &DW_CC,
            ValueKind::EmissionKind => &EMISSION_KINDS,
            ValueKind::NameTableKind => &NAME_TABLE_KINDS,
            ValueKind::ChecksumKind => &CHECKSUM_KINDS,
            ValueKind::DiFlags => &DI_FLAGS,
            ValueKind::DiSpFlags => &DISP_FLAGS,
            _ => return None,
        })
    }

    /// The largest unsigned integer `version` accepts where this kind is written as a number
    /// (for flags: each `|`-joined number); `None` where no unsigned number is accepted or the
    /// bound is not a plain maximum (signed kinds: see their `min`/`max`).
    pub fn max_unsigned(self, version: LlvmVersion) -> Option<u64> {
        Some(match self {
            ValueKind::Unsigned { max } => max,
            ValueKind::DwarfTag | ValueKind::DwarfLang => 0xffff,
            ValueKind::DwarfAttEncoding | ValueKind::DwarfMacinfo | ValueKind::DwarfCc => 0xff,
            ValueKind::DwarfVirtuality => 2,
            ValueKind::EmissionKind => match version {
                LlvmVersion::Llvm7 => 2,
                LlvmVersion::Llvm19 => 3,
            },
            ValueKind::NameTableKind => 3,
            ValueKind::DiFlags | ValueKind::DiSpFlags | ValueKind::DwarfSourceLangName => u32::MAX as u64,
            _ => return None,
        })
    }
}

/// What the parser assumes for a field that is absent.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefaultValue {
    /// Nothing: the field is required, or its absence is a state of its own (a `DIFile` without
    /// checksum).
    None,
    /// No reference, no string.
    Null,
    /// This unsigned number (for names: the number they stand for; for flags: no flags when 0).
    Unsigned(u64),
    /// This signed number.
    Signed(i64),
    /// This boolean.
    Bool(bool),
    /// `{}`.
    EmptyTuple,
}

/// When LLVM's writer prints a field.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Print {
    /// Always, whatever its value.
    Always,
    /// Unless it is empty: null, `""`, 0, no flags or `false`. For a field that takes an integer
    /// or a reference ([`ValueKind::SignedOrMdRef`]) only null is empty; its integers are printed.
    OmitIfEmpty,
    /// Unless it equals the field's [`DefaultValue`].
    OmitIfDefault,
    /// Never: the parser reads it, the writer folds it into another field.
    Never,
    /// Under a rule given in the `note` of its [`FieldSpec`].
    Conditional,
}

/// A name with its number, and the versions that know the name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedValue {
    /// The name as written (`"DW_TAG_base_type"`, `"DIFlagPublic"`, `"FullDebug"`).
    pub name: &'static str,
    /// The number it stands for.
    pub value: u32,
    /// The versions whose parser knows the name (the number itself may be accepted more widely).
    pub versions: Versions,
}

/// How a flags table splits a value into names before it takes single bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagGroup {
    /// The bits under this mask form one named value (`DIFlagPublic` is 3, not Private|Protected).
    OneOf(u32),
    /// When every bit of this mask is set, they print as one name (`DIFlagIndirectVirtualBase`).
    AllOf(u32),
}

/// A table of names for one enumeration, sorted by value.
#[derive(Debug)]
pub struct NameTable {
    /// What the names are, for messages (`"DWARF tag"`).
    pub what: &'static str,
    entries: &'static [NamedValue],
    /// Indices into `entries`, sorted by name.
    by_name: &'static [u16],
    groups: &'static [FlagGroup],
}

impl NameTable {
    /// Every name of every version, sorted by value (names that share a value are adjacent).
    pub fn entries(&self) -> &'static [NamedValue] {
        self.entries
    }

    /// The entry for `name`, in any version; check [`NamedValue::versions`] for a given one.
    pub fn lookup(&self, name: &str) -> Option<&'static NamedValue> {
        let entries: &'static [NamedValue] = self.entries;
        let found = self.by_name.binary_search_by(|&i| entries[i as usize].name.cmp(name)).ok()?;
        Some(&entries[self.by_name[found] as usize])
    }

    /// The position in [`NameTable::entries`] of `name`, in any version.
    pub(crate) fn index_of(&self, name: &str) -> Option<usize> {
        let entries: &'static [NamedValue] = self.entries;
        let found = self.by_name.binary_search_by(|&i| entries[i as usize].name.cmp(name)).ok()?;
        Some(self.by_name[found] as usize)
    }

    /// The position in [`NameTable::entries`] of the entry `version` prints for `value`.
    pub(crate) fn index_by_value(&self, value: u32, version: LlvmVersion) -> Option<usize> {
        let start = self.entries.partition_point(|e| e.value < value);
        self.entries[start..]
            .iter()
            .take_while(|e| e.value == value)
            .position(|e| e.versions.contains(version))
            .map(|k| start + k)
    }

    /// The number `name` stands for, if `version` knows the name.
    pub fn value_of(&self, name: &str, version: LlvmVersion) -> Option<u32> {
        self.lookup(name).filter(|e| e.versions.contains(version)).map(|e| e.value)
    }

    /// The entry `version` prints for `value`, if it has a name for it.
    pub fn by_value(&self, value: u32, version: LlvmVersion) -> Option<&'static NamedValue> {
        let entries: &'static [NamedValue] = self.entries;
        let start = entries.partition_point(|e| e.value < value);
        entries[start..].iter().take_while(|e| e.value == value).find(|e| e.versions.contains(version))
    }

    /// The name `version` prints for `value`, if it has one.
    pub fn name_of(&self, value: u32, version: LlvmVersion) -> Option<&'static str> {
        self.by_value(value, version).map(|e| e.name)
    }

    /// Splits a flags value into the names `version` prints, in LLVM's order; bits without a name
    /// are left in [`FlagSplit::remainder`], which LLVM prints as a number after the names (and
    /// alone, as `0`, when there are neither names nor bits).
    pub fn split_flags(&'static self, flags: u32, version: LlvmVersion) -> FlagSplit {
        FlagSplit { table: self, version, rest: flags, group: 0, next: 0 }
    }
}

/// The names of a flags value, from [`NameTable::split_flags`].
#[derive(Clone, Debug)]
pub struct FlagSplit {
    table: &'static NameTable,
    version: LlvmVersion,
    rest: u32,
    group: usize,
    next: usize,
}

impl FlagSplit {
    /// The bits not yet named; once the iterator is done, the bits that have no name.
    pub fn remainder(&self) -> u32 {
        self.rest
    }
}

impl Iterator for FlagSplit {
    type Item = &'static NamedValue;

    fn next(&mut self) -> Option<&'static NamedValue> {
        while let Some(&group) = self.table.groups.get(self.group) {
            self.group += 1;
            let bits = match group {
                FlagGroup::OneOf(mask) => self.rest & mask,
                FlagGroup::AllOf(mask) if self.rest & mask == mask => mask,
                FlagGroup::AllOf(_) => 0,
            };
            if bits == 0 {
                continue;
            }
            if let Some(entry) = self.table.by_value(bits, self.version) {
                self.rest &= !bits;
                return Some(entry);
            }
        }
        while let Some(entry) = self.table.entries.get(self.next) {
            self.next += 1;
            let single_bit = entry.value.is_power_of_two();
            if single_bit && self.rest & entry.value != 0 && entry.versions.contains(self.version) {
                self.rest &= !entry.value;
                return Some(entry);
            }
        }
        None
    }
}

/// An operation, or a run of operations, that LLVM accepts in a valid `!DIExpression`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExprOpSpec {
    /// The first operation code of the run.
    pub first: u32,
    /// The last operation code of the run (`first` for a single operation).
    pub last: u32,
    /// How many integer operands follow the operation.
    pub args: u8,
    /// The versions that accept it.
    pub versions: Versions,
}

/// How `version` reads DWARF operation `op` inside a `!DIExpression`, if it calls it valid there.
pub fn expr_op(op: u32, version: LlvmVersion) -> Option<&'static ExprOpSpec> {
    let ops: &'static [ExprOpSpec] = EXPR_OPS;
    let i = ops.partition_point(|s| s.last < op);
    ops.get(i).filter(|s| s.first <= op && s.versions.contains(version))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    const V7: LlvmVersion = LlvmVersion::Llvm7;
    const V19: LlvmVersion = LlvmVersion::Llvm19;

    const ALL_TABLES: [&NameTable; 13] = [
        &DW_TAG,
        &DW_ATE,
        &DW_LANG,
        &DW_LNAME,
        &DW_OP,
        &DW_CC,
        &DW_VIRTUALITY,
        &DW_MACINFO,
        &DI_FLAGS,
        &DISP_FLAGS,
        &EMISSION_KINDS,
        &NAME_TABLE_KINDS,
        &CHECKSUM_KINDS,
    ];

    fn field_names(kind: DiKind, version: LlvmVersion) -> Vec<&'static str> {
        kind.spec().fields_in(version).map(|f| f.name).collect()
    }

    fn rules(kind: DiKind, field: &str, version: LlvmVersion) -> FieldRules {
        *field_by_name(kind, field).unwrap().rules(version).unwrap()
    }

    #[test]
    fn kinds_are_in_enum_order_and_round_trip_by_name() {
        assert_eq!(table::KINDS.len(), DiKind::ALL.len());
        for (i, kind) in DiKind::ALL.into_iter().enumerate() {
            assert_eq!(kind as usize, i);
            assert_eq!(table::KINDS[i].kind, kind);
            assert_eq!(DiKind::from_name(kind.name()), Some(kind));
            assert_eq!(kind_by_name(kind.name()).map(|s| s.kind), Some(kind));
            let named = kind.name() == "GenericDINode" || kind.name().starts_with("DI");
            assert!(named, "{kind}");
        }
        assert_eq!(DiKind::from_name("DILocation2"), None);
        assert_eq!(DiKind::from_name("dilocation"), None);
        assert_eq!(DiKind::from_name(""), None);
    }

    #[test]
    fn fields_are_unique_and_sorted_for_lookup() {
        for kind in DiKind::ALL {
            let spec = kind.spec();
            assert_eq!(spec.by_name.len(), spec.fields.len(), "{kind}");
            let mut seen = vec![false; spec.fields.len()];
            for &i in spec.by_name {
                assert!(!std::mem::replace(&mut seen[i as usize], true), "{kind}: index {i} twice");
            }
            for pair in spec.by_name.windows(2) {
                let (a, b) = (spec.fields[pair[0] as usize].name, spec.fields[pair[1] as usize].name);
                assert!(a < b, "{kind}: field {a:?} before {b:?} (duplicate or unsorted)");
            }
            for (i, field) in spec.fields.iter().enumerate() {
                assert_eq!(spec.field_index(field.name), Some(i));
                assert!(std::ptr::eq(spec.field(field.name).unwrap(), field));
            }
            assert_eq!(spec.field("noSuchField"), None);
            assert_eq!(spec.field(""), None);
        }
    }

    #[test]
    fn field_rows_are_consistent() {
        for kind in DiKind::ALL {
            let spec = kind.spec();
            if spec.syntax != NodeSyntax::Fields {
                assert!(spec.fields.is_empty(), "{kind}");
            }
            for field in spec.fields {
                let ctx = format!("{kind}.{}", field.name);
                assert!(
                    !field.name.is_empty() && field.name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'),
                    "{ctx}"
                );
                // A field exists only where its kind does.
                for v in LlvmVersion::ALL {
                    if field.available_in(v) {
                        assert!(spec.available_in(v), "{ctx}");
                    }
                }
                for v in LlvmVersion::ALL {
                    let Some(r) = field.rules(v) else { continue };
                    if r.required {
                        assert_eq!(r.default, DefaultValue::None, "{ctx}: a required field has no default");
                    }
                    if r.print == Print::Conditional {
                        assert!(!field.note.is_empty(), "{ctx}: a conditional field says its condition");
                    }
                    let default_fits = match (r.kind, r.default) {
                        (_, DefaultValue::None) => true,
                        (ValueKind::MdRef { .. } | ValueKind::MdString { .. }, d) => d == DefaultValue::Null,
                        (ValueKind::SignedOrMdRef { .. }, d) => d == DefaultValue::Null,
                        (ValueKind::Bool, d) => matches!(d, DefaultValue::Bool(_)),
                        (ValueKind::Signed { min, max }, DefaultValue::Signed(d)) => (min..=max).contains(&d),
                        (ValueKind::MdTuple, d) => d == DefaultValue::EmptyTuple,
                        (k, DefaultValue::Unsigned(d)) => k.max_unsigned(v).is_some_and(|m| d <= m),
                        _ => false,
                    };
                    assert!(default_fits, "{ctx}: default {:?} does not fit {:?}", r.default, r.kind);
                }
            }
        }
    }

    #[test]
    fn required_fields() {
        let required = |kind: DiKind, v: LlvmVersion| -> Vec<&'static str> {
            kind.spec().fields_in(v).filter(|f| f.rules(v).unwrap().required).map(|f| f.name).collect()
        };
        // LLVM 22 takes `sourceLanguageName:` in place of `language:` (one of them is required).
        assert_eq!(required(DiKind::CompileUnit, V7), ["language", "file"]);
        assert_eq!(required(DiKind::CompileUnit, V19), ["file"]);
        for v in LlvmVersion::ALL {
            assert_eq!(required(DiKind::Location, v), ["scope"]);
            assert_eq!(required(DiKind::File, v), ["filename", "directory"]);
            assert_eq!(required(DiKind::DerivedType, v), ["tag", "baseType"]);
            assert_eq!(required(DiKind::CompositeType, v), ["tag"]);
            assert_eq!(required(DiKind::SubroutineType, v), ["types"]);
            assert_eq!(required(DiKind::Enumerator, v), ["name", "value"]);
            assert_eq!(required(DiKind::LocalVariable, v), ["scope"]);
            assert_eq!(required(DiKind::Label, v), ["scope", "name", "file", "line"]);
            assert_eq!(required(DiKind::LexicalBlockFile, v), ["scope", "discriminator"]);
            assert_eq!(required(DiKind::ImportedEntity, v), ["tag", "scope"]);
            assert_eq!(required(DiKind::Macro, v), ["type", "name"]);
            assert_eq!(required(DiKind::MacroFile, v), ["file"]);
            assert_eq!(required(DiKind::GlobalVariableExpression, v), ["var", "expr"]);
            assert_eq!(required(DiKind::GenericDINode, v), ["tag"]);
            assert!(required(DiKind::Subprogram, v).is_empty());
        }
        // LLVM 7 insists on a subrange count and a global variable name; LLVM 19 does not.
        assert_eq!(required(DiKind::Subrange, V7), ["count"]);
        assert!(required(DiKind::Subrange, V19).is_empty());
        assert_eq!(required(DiKind::GlobalVariable, V7), ["name"]);
        assert!(required(DiKind::GlobalVariable, V19).is_empty());
        assert_eq!(required(DiKind::CommonBlock, V19), ["scope"]);
    }

    #[test]
    fn kind_versions() {
        let llvm19_only =
            [DiKind::AssignId, DiKind::CommonBlock, DiKind::StringType, DiKind::GenericSubrange, DiKind::ArgList];
        for kind in DiKind::ALL {
            let expected = if llvm19_only.contains(&kind) { Versions::LLVM19_ONLY } else { Versions::BOTH };
            assert_eq!(kind.spec().versions, expected, "{kind}");
        }
        assert_eq!(DiKind::AssignId.spec().syntax, NodeSyntax::Empty);
        assert_eq!(DiKind::AssignId.spec().distinct, Distinct::Required);
        assert_eq!(DiKind::CompileUnit.spec().distinct, Distinct::Required);
        assert_eq!(DiKind::Subprogram.spec().distinct, Distinct::RequiredForDefinition);
        assert_eq!(DiKind::Expression.spec().syntax, NodeSyntax::Expression);
        assert_eq!(DiKind::ArgList.spec().syntax, NodeSyntax::ArgList);
    }

    #[test]
    fn dilocation() {
        assert_eq!(field_names(DiKind::Location, V7), ["line", "column", "scope", "inlinedAt"]);
        assert_eq!(
            field_names(DiKind::Location, V19),
            ["line", "column", "scope", "inlinedAt", "isImplicitCode", "atomGroup", "atomRank"]
        );
        let implicit = field_by_name(DiKind::Location, "isImplicitCode").unwrap();
        assert_eq!(implicit.versions, Versions::LLVM19_ONLY);
        assert_eq!(implicit.versions.describe(), "LLVM 19 only");
        assert_eq!(rules(DiKind::Location, "line", V19).kind, ValueKind::Unsigned { max: u32::MAX as u64 });
        assert_eq!(rules(DiKind::Location, "column", V7).kind, ValueKind::Unsigned { max: u16::MAX as u64 });
        assert_eq!(rules(DiKind::Location, "scope", V7).kind, ValueKind::MdRef { nullable: false });
        assert_eq!(rules(DiKind::Location, "line", V7).print, Print::Always);
        assert_eq!(rules(DiKind::Location, "column", V7).print, Print::OmitIfEmpty);
    }

    #[test]
    fn disubprogram() {
        assert_eq!(
            field_names(DiKind::Subprogram, V7),
            [
                "name",
                "linkageName",
                "scope",
                "file",
                "line",
                "type",
                "isLocal",
                "isDefinition",
                "scopeLine",
                "containingType",
                "virtuality",
                "virtualIndex",
                "thisAdjustment",
                "flags",
                "isOptimized",
                "unit",
                "templateParams",
                "declaration",
                "retainedNodes",
                "thrownTypes",
            ]
        );
        let sp_flags = field_by_name(DiKind::Subprogram, "spFlags").unwrap();
        assert_eq!(sp_flags.versions, Versions::LLVM19_ONLY);
        assert_eq!(sp_flags.llvm19.kind, ValueKind::DiSpFlags);
        assert_eq!(sp_flags.llvm19.print, Print::Always);
        // LLVM 19 still reads the LLVM 7 booleans but prints spFlags instead.
        for name in ["isLocal", "isDefinition", "isOptimized", "virtuality"] {
            assert_eq!(field_by_name(DiKind::Subprogram, name).unwrap().versions, Versions::BOTH, "{name}");
            assert_eq!(rules(DiKind::Subprogram, name, V19).print, Print::Never, "{name}");
        }
        for name in ["isLocal", "isDefinition", "isOptimized"] {
            assert_eq!(rules(DiKind::Subprogram, name, V7).print, Print::Always, "{name}");
        }
        assert_eq!(rules(DiKind::Subprogram, "isDefinition", V7).default, DefaultValue::Bool(true));
        assert_eq!(
            rules(DiKind::Subprogram, "thisAdjustment", V7).kind,
            ValueKind::Signed { min: i32::MIN as i64, max: i32::MAX as i64 }
        );
        let v19 = field_names(DiKind::Subprogram, V19);
        let printed19: Vec<_> = DiKind::Subprogram
            .spec()
            .fields_in(V19)
            .filter(|f| f.llvm19.print != Print::Never)
            .map(|f| f.name)
            .collect();
        assert_eq!(v19.len(), 24);
        assert_eq!(
            printed19,
            [
                "name",
                "linkageName",
                "scope",
                "file",
                "line",
                "type",
                "scopeLine",
                "containingType",
                "virtualIndex",
                "thisAdjustment",
                "flags",
                "spFlags",
                "unit",
                "templateParams",
                "declaration",
                "retainedNodes",
                "thrownTypes",
                "annotations",
                "targetFuncName",
                "keyInstructions",
            ]
        );
    }

    #[test]
    fn dicompileunit() {
        let common = [
            "language",
            "file",
            "producer",
            "isOptimized",
            "flags",
            "runtimeVersion",
            "splitDebugFilename",
            "emissionKind",
            "enums",
            "retainedTypes",
            "globals",
            "imports",
            "macros",
            "dwoId",
            "splitDebugInlining",
            "debugInfoForProfiling",
        ];
        let v7 = field_names(DiKind::CompileUnit, V7);
        assert_eq!(v7[..common.len()], common);
        assert_eq!(v7[common.len()..], ["gnuPubnames"]);
        // LLVM 22 prints a DWARF 6 name and its version in the language's place.
        let v19 = field_names(DiKind::CompileUnit, V19);
        assert_eq!(v19[..3], ["language", "sourceLanguageName", "sourceLanguageVersion"]);
        assert_eq!(v19[3..common.len() + 2], common[1..]);
        assert_eq!(v19[common.len() + 2..], ["nameTableKind", "rangesBaseAddress", "sysroot", "sdk"]);
        assert_eq!(rules(DiKind::CompileUnit, "sourceLanguageName", V19).kind, ValueKind::DwarfSourceLangName);
        assert_eq!(rules(DiKind::CompileUnit, "language", V7).kind, ValueKind::DwarfLang);
        assert_eq!(rules(DiKind::CompileUnit, "emissionKind", V7).kind, ValueKind::EmissionKind);
        assert_eq!(rules(DiKind::CompileUnit, "flags", V7).kind, ValueKind::MdString { allow_empty: true });
        assert_eq!(rules(DiKind::CompileUnit, "splitDebugInlining", V19).default, DefaultValue::Bool(true));
        assert_eq!(ValueKind::EmissionKind.max_unsigned(V7), Some(2));
        assert_eq!(EMISSION_KINDS.value_of("DebugDirectivesOnly", V7), None);
        assert_eq!(EMISSION_KINDS.value_of("DebugDirectivesOnly", V19), Some(3));
        assert_eq!(EMISSION_KINDS.value_of("FullDebug", V7), Some(1));
        assert_eq!(NAME_TABLE_KINDS.value_of("None", V19), Some(2));
    }

    #[test]
    fn other_version_differences() {
        assert_eq!(field_names(DiKind::Module, V7), ["scope", "name", "configMacros", "includePath", "isysroot"]);
        assert!(!field_names(DiKind::Module, V19).contains(&"isysroot"));
        assert_eq!(field_names(DiKind::Subrange, V7), ["count", "lowerBound"]);
        assert_eq!(field_names(DiKind::Subrange, V19), ["count", "lowerBound", "upperBound", "stride"]);
        assert_eq!(rules(DiKind::Subrange, "lowerBound", V7).kind, ValueKind::Signed { min: i64::MIN, max: i64::MAX });
        assert!(matches!(rules(DiKind::Subrange, "lowerBound", V19).kind, ValueKind::SignedOrMdRef { .. }));
        assert_eq!(
            rules(DiKind::Subrange, "count", V7).kind,
            ValueKind::SignedOrMdRef { min: -1, max: i64::MAX, nullable: false }
        );
        assert_eq!(rules(DiKind::Enumerator, "value", V7).kind, ValueKind::Int64);
        assert_eq!(rules(DiKind::Enumerator, "value", V19).kind, ValueKind::AnyInt);
        assert_eq!(field_names(DiKind::BasicType, V7), ["tag", "name", "size", "align", "encoding"]);
        assert_eq!(rules(DiKind::BasicType, "tag", V7).default, DefaultValue::Unsigned(0x24));
        assert_eq!(
            field_names(DiKind::DerivedType, V7),
            [
                "tag",
                "name",
                "scope",
                "file",
                "line",
                "baseType",
                "size",
                "align",
                "offset",
                "flags",
                "extraData",
                "dwarfAddressSpace"
            ]
        );
        assert_eq!(rules(DiKind::DerivedType, "dwarfAddressSpace", V7).default, DefaultValue::Unsigned(0xffff_ffff));
        assert_eq!(rules(DiKind::GlobalVariable, "name", V19).kind, ValueKind::MdString { allow_empty: false });
        assert_eq!(rules(DiKind::MacroFile, "type", V7).print, Print::Never);
    }

    #[test]
    fn name_tables_are_sorted_unique_and_round_trip() {
        for table in ALL_TABLES {
            let entries = table.entries();
            assert!(!entries.is_empty(), "{}", table.what);
            assert_eq!(table.by_name.len(), entries.len(), "{}", table.what);
            for pair in entries.windows(2) {
                assert!(pair[0].value <= pair[1].value, "{}: {} after {}", table.what, pair[1].name, pair[0].name);
                if pair[0].value == pair[1].value {
                    let both = Versions(pair[0].versions.0 & pair[1].versions.0);
                    assert_eq!(both.0, 0, "{}: two names for {:#x} in one version", table.what, pair[0].value);
                }
            }
            for pair in table.by_name.windows(2) {
                let (a, b) = (entries[pair[0] as usize].name, entries[pair[1] as usize].name);
                assert!(a < b, "{}: {a:?} before {b:?} (duplicate or unsorted)", table.what);
            }
            for entry in entries {
                assert!(std::ptr::eq(table.lookup(entry.name).unwrap(), entry));
                for v in LlvmVersion::ALL {
                    if entry.versions.contains(v) {
                        assert_eq!(table.value_of(entry.name, v), Some(entry.value));
                        assert_eq!(table.name_of(entry.value, v), Some(entry.name), "{}", entry.name);
                    } else {
                        assert_eq!(table.value_of(entry.name, v), None, "{}", entry.name);
                    }
                }
            }
            assert_eq!(table.lookup("DW_TAG_no_such_thing"), None);
            assert_eq!(table.lookup(""), None);
        }
        for (table, prefix) in [
            (&DW_TAG, "DW_TAG_"),
            (&DW_ATE, "DW_ATE_"),
            (&DW_LANG, "DW_LANG_"),
            (&DW_LNAME, "DW_LNAME_"),
            (&DW_OP, "DW_OP_"),
            (&DW_CC, "DW_CC_"),
            (&DW_VIRTUALITY, "DW_VIRTUALITY_"),
            (&DW_MACINFO, "DW_MACINFO_"),
            (&DI_FLAGS, "DIFlag"),
            (&DISP_FLAGS, "DISPFlag"),
            (&CHECKSUM_KINDS, "CSK_"),
        ] {
            assert!(table.entries().iter().all(|e| e.name.starts_with(prefix)), "{prefix}");
        }
    }

    #[test]
    fn dwarf_values() {
        let both = |t: &NameTable, name: &str| {
            let e = t.lookup(name).unwrap();
            assert_eq!(e.versions, Versions::BOTH, "{name}");
            e.value
        };
        assert_eq!(both(&DW_OP, "DW_OP_deref"), 0x06);
        assert_eq!(both(&DW_OP, "DW_OP_constu"), 0x10);
        assert_eq!(both(&DW_OP, "DW_OP_plus_uconst"), 0x23);
        assert_eq!(both(&DW_OP, "DW_OP_lit0"), 0x30);
        assert_eq!(both(&DW_OP, "DW_OP_breg31"), 0x8f);
        assert_eq!(both(&DW_OP, "DW_OP_stack_value"), 0x9f);
        assert_eq!(both(&DW_OP, "DW_OP_LLVM_fragment"), 0x1000);
        assert_eq!(DW_OP.lookup("DW_OP_LLVM_convert").unwrap().versions, Versions::LLVM19_ONLY);
        assert_eq!(DW_OP.value_of("DW_OP_LLVM_arg", V19), Some(0x1005));
        assert_eq!(DW_OP.value_of("DW_OP_LLVM_arg", V7), None);
        assert_eq!(both(&DW_TAG, "DW_TAG_array_type"), 0x01);
        assert_eq!(both(&DW_TAG, "DW_TAG_base_type"), 0x24);
        assert_eq!(both(&DW_TAG, "DW_TAG_pointer_type"), 0x0f);
        assert_eq!(both(&DW_TAG, "DW_TAG_member"), 0x0d);
        assert_eq!(both(&DW_TAG, "DW_TAG_template_value_parameter"), 0x30);
        assert_eq!(DW_TAG.lookup("DW_TAG_LLVM_ptrauth_type").unwrap().versions, Versions::LLVM19_ONLY);
        assert_eq!(both(&DW_ATE, "DW_ATE_float"), 0x04);
        assert_eq!(both(&DW_ATE, "DW_ATE_signed"), 0x05);
        assert_eq!(both(&DW_ATE, "DW_ATE_unsigned"), 0x07);
        assert_eq!(both(&DW_ATE, "DW_ATE_unsigned_char"), 0x08);
        assert_eq!(both(&DW_LANG, "DW_LANG_C_plus_plus"), 0x04);
        assert_eq!(both(&DW_LANG, "DW_LANG_C99"), 0x0c);
        assert_eq!(both(&DW_LANG, "DW_LANG_C_plus_plus_14"), 0x21);
        assert_eq!(DW_LANG.lookup("DW_LANG_C_plus_plus_17").unwrap().versions, Versions::LLVM19_ONLY);
        assert_eq!(both(&DW_CC, "DW_CC_normal"), 0x01);
        assert_eq!(both(&DW_CC, "DW_CC_LLVM_vectorcall"), 0xc0);
        assert_eq!(both(&DW_VIRTUALITY, "DW_VIRTUALITY_pure_virtual"), 2);
        assert_eq!(both(&DW_MACINFO, "DW_MACINFO_start_file"), 3);
        assert_eq!(both(&DI_FLAGS, "DIFlagPrototyped"), 1 << 8);
        assert_eq!(both(&DI_FLAGS, "DIFlagArtificial"), 1 << 6);
        assert_eq!(both(&DI_FLAGS, "DIFlagPublic"), 3);
        assert_eq!(DI_FLAGS.value_of("DIFlagZero", V7), None);
        assert_eq!(DI_FLAGS.name_of(1 << 24, V7), Some("DIFlagFixedEnum"));
        assert_eq!(DI_FLAGS.name_of(1 << 24, V19), Some("DIFlagEnumClass"));
        assert_eq!(DI_FLAGS.name_of(1 << 26, V7), Some("DIFlagTrivial"));
        assert_eq!(DI_FLAGS.name_of(1 << 26, V19), Some("DIFlagNonTrivial"));
        assert_eq!(DI_FLAGS.name_of(1 << 21, V19), None);
        assert_eq!(DISP_FLAGS.value_of("DISPFlagDefinition", V19), Some(8));
        assert_eq!(DISP_FLAGS.value_of("DISPFlagDefinition", V7), None);
        assert_eq!(CHECKSUM_KINDS.value_of("CSK_MD5", V7), Some(1));
        assert_eq!(CHECKSUM_KINDS.value_of("CSK_SHA256", V7), None);
        // Counts of names each version's parser knows.
        let count = |t: &NameTable, v| t.entries().iter().filter(|e| e.versions.contains(v)).count();
        assert_eq!((count(&DW_TAG, V7), count(&DW_TAG, V19)), (84, 115));
        assert_eq!((count(&DW_ATE, V7), count(&DW_ATE, V19)), (18, 24));
        // libNVVM's LLVM 7 reader takes GLSL, GLSL_ES and HLSL; LLVM 22 adds Metal.
        assert_eq!((count(&DW_LANG, V7), count(&DW_LANG, V19)), (43, 63));
        assert_eq!((count(&DW_LNAME, V7), count(&DW_LNAME, V19)), (0, 41));
        assert_eq!(DW_LNAME.name_of(44, V19), Some("DW_LNAME_Metal"));
        assert_eq!(DW_LNAME.value_of("DW_LNAME_C_plus_plus", V19), Some(4));
        assert_eq!((count(&DW_OP, V7), count(&DW_OP, V19)), (168, 188));
        assert_eq!((count(&DW_CC, V7), count(&DW_CC, V19)), (27, 31));
    }

    #[test]
    fn flag_splitting_follows_llvm() {
        let split = |t: &'static NameTable, flags: u32, v| {
            let mut s = t.split_flags(flags, v);
            let names: Vec<_> = s.by_ref().map(|e| e.name).collect();
            (names, s.remainder())
        };
        assert_eq!(split(&DI_FLAGS, 3 | 1 << 8, V7), (vec!["DIFlagPublic", "DIFlagPrototyped"], 0));
        assert_eq!(split(&DI_FLAGS, 2 | 1 << 17, V19), (vec!["DIFlagProtected", "DIFlagMultipleInheritance"], 0));
        assert_eq!(split(&DI_FLAGS, 0x24 | 0x40, V19), (vec!["DIFlagIndirectVirtualBase", "DIFlagArtificial"], 0));
        assert_eq!(split(&DI_FLAGS, 0x20, V19), (vec!["DIFlagVirtual"], 0));
        assert_eq!(split(&DI_FLAGS, 1 << 21 | 1 << 30, V19), (vec![], 1 << 21 | 1 << 30));
        assert_eq!(split(&DI_FLAGS, 1 << 21, V7), (vec!["DIFlagMainSubprogram"], 0));
        assert_eq!(split(&DI_FLAGS, 0, V7), (vec![], 0));
        assert_eq!(
            split(&DISP_FLAGS, 8 | 16 | 4, V19),
            (vec!["DISPFlagLocalToUnit", "DISPFlagDefinition", "DISPFlagOptimized"], 0)
        );
        assert_eq!(split(&DISP_FLAGS, 2 | 1 << 10, V19), (vec!["DISPFlagPureVirtual"], 1 << 10));
    }

    #[test]
    fn expression_operations() {
        let args = |op: &str, v| DW_OP.value_of(op, v).and_then(|code| expr_op(code, v)).map(|s| s.args);
        assert_eq!(args("DW_OP_LLVM_fragment", V7), Some(2));
        assert_eq!(args("DW_OP_plus_uconst", V7), Some(1));
        assert_eq!(args("DW_OP_constu", V19), Some(1));
        assert_eq!(args("DW_OP_deref", V7), Some(0));
        assert_eq!(args("DW_OP_stack_value", V19), Some(0));
        assert_eq!(args("DW_OP_consts", V7), None);
        assert_eq!(args("DW_OP_consts", V19), Some(1));
        assert_eq!(args("DW_OP_LLVM_convert", V19), Some(2));
        assert_eq!(args("DW_OP_breg7", V19), Some(1));
        assert_eq!(args("DW_OP_breg7", V7), None);
        assert_eq!(args("DW_OP_reg31", V19), Some(0));
        assert_eq!(args("DW_OP_addr", V19), None);
        for pair in EXPR_OPS.windows(2) {
            assert!(pair[0].last < pair[1].first);
        }
        for spec in EXPR_OPS {
            assert!(spec.first <= spec.last);
            for code in [spec.first, spec.last] {
                let named = DW_OP.by_value(code, V19).unwrap();
                assert!(Versions(named.versions.0 & spec.versions.0) == spec.versions, "{}", named.name);
            }
        }
    }

    fn corpus_files(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                corpus_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "ll") {
                out.push(path);
            }
        }
    }

    /// The `(name, value)` pairs of one field list, split at top-level commas outside strings.
    fn split_fields(body: &str) -> Vec<(&str, &str)> {
        let (mut depth, mut in_string, mut start) = (0i32, false, 0);
        let mut parts = Vec::new();
        let bytes = body.as_bytes();
        for (i, &b) in bytes.iter().enumerate() {
            match b {
                b'"' => in_string = !in_string,
                b'(' | b'{' if !in_string => depth += 1,
                b')' | b'}' if !in_string => depth -= 1,
                b',' if !in_string && depth == 0 => {
                    parts.push(&body[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&body[start..]);
        parts
            .into_iter()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .filter_map(|p| p.split_once(':').map(|(n, v)| (n.trim(), v.trim())))
            .collect()
    }

    /// The text between the `(` at `open` and its matching `)`.
    fn parenthesized(text: &str, open: usize) -> Option<&str> {
        let (mut depth, mut in_string) = (0i32, false);
        for (i, b) in text.bytes().enumerate().skip(open) {
            match b {
                b'"' => in_string = !in_string,
                b'(' if !in_string => depth += 1,
                b')' if !in_string => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(&text[open + 1..i]);
                    }
                }
                _ => {}
            }
        }
        None
    }

    #[test]
    fn corpus_nodes_and_fields_are_in_the_table() {
        let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus"));
        let mut files = Vec::new();
        corpus_files(root, &mut files);
        let (mut nodes, mut fields) = (0, 0);
        let mut problems = Vec::new();
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            let mut at = 0;
            while let Some(found) = text[at..].find('!') {
                let start = at + found + 1;
                at = start;
                let name_len = text[start..].bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'_').count();
                let name = &text[start..start + name_len];
                let is_di = name.starts_with("DI") || name == "GenericDINode";
                if !is_di || text.as_bytes().get(start + name_len) != Some(&b'(') {
                    continue;
                }
                nodes += 1;
                let Some(spec) = kind_by_name(name) else {
                    problems.push(format!("{}: unknown node !{name}", file.display()));
                    continue;
                };
                let Some(body) = parenthesized(&text, start + name_len) else {
                    problems.push(format!("{}: unclosed !{name}(", file.display()));
                    continue;
                };
                if spec.syntax != NodeSyntax::Fields {
                    continue;
                }
                for (field, value) in split_fields(body) {
                    fields += 1;
                    let Some(field_spec) = spec.field(field) else {
                        problems.push(format!("{}: !{name} has no field {field:?}", file.display()));
                        continue;
                    };
                    // Names given as values must be names the field's table knows.
                    let Some(table) = field_spec.llvm19.kind.names() else { continue };
                    for word in value.split('|').map(str::trim) {
                        let is_name = word.bytes().next().is_some_and(|b| b.is_ascii_alphabetic());
                        if is_name && table.lookup(word).is_none() {
                            problems.push(format!("{}: !{name}({field}: {word}) is no {}", file.display(), table.what));
                        }
                    }
                }
            }
        }
        assert!(problems.is_empty(), "{problems:#?}");
        if root.is_dir() {
            assert!(nodes > 0 && fields > 0, "the corpus has debug-info nodes to check");
        }
    }
}
