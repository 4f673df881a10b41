//! The data behind [`super`]: one row per specialized node kind and per field, and the name
//! tables of the enumerations those fields take.
//!
//! Facts were read from LLParser.cpp (`parseDI*`: the `REQUIRED`/`OPTIONAL` field lists),
//! AsmWriter.cpp (`writeDI*`: field order and when a field is left out), DebugInfoMetadata.h/.cpp,
//! DebugInfoFlags.def, Dwarf.def and Dwarf.h of LLVM 7.0 and LLVM 19.1.
//!
//! Fields are listed in the order LLVM's writer prints them. Where LLVM 7 and LLVM 19 print
//! different sets, the LLVM 7-only fields sit where LLVM 7 prints them, so each version's own
//! order is the table order restricted to that version.

use super::{
    DefaultValue, DiKind, Distinct, ExprOpSpec, FieldRules, FieldSpec, FlagGroup, KindSpec, NameTable, NamedValue,
    NodeSyntax, Print, ValueKind, Versions,
};

const B: Versions = Versions::BOTH;
const V7: Versions = Versions::LLVM7_ONLY;
const V19: Versions = Versions::LLVM19_ONLY;

const REQ: bool = true;
const OPT: bool = false;

const MD: ValueKind = ValueKind::MdRef { nullable: true };
const MD_NONNULL: ValueKind = ValueKind::MdRef { nullable: false };
const STR: ValueKind = ValueKind::MdString { allow_empty: true };
const BOOL: ValueKind = ValueKind::Bool;
/// `LineField`: an unsigned line number.
const LINE: ValueKind = ValueKind::Unsigned { max: u32::MAX as u64 };
/// `ColumnField`: an unsigned column number.
const COLUMN: ValueKind = ValueKind::Unsigned { max: u16::MAX as u64 };
const U16: ValueKind = ValueKind::Unsigned { max: u16::MAX as u64 };
const U32: ValueKind = ValueKind::Unsigned { max: u32::MAX as u64 };
const U64: ValueKind = ValueKind::Unsigned { max: u64::MAX };
const I32: ValueKind = ValueKind::Signed { min: i32::MIN as i64, max: i32::MAX as i64 };
const TAG: ValueKind = ValueKind::DwarfTag;
const ATE: ValueKind = ValueKind::DwarfAttEncoding;
const LANG: ValueKind = ValueKind::DwarfLang;
const FLAGS: ValueKind = ValueKind::DiFlags;
/// A bound of a subrange: a signed integer or a metadata reference (or `null`).
const BOUND: ValueKind = ValueKind::SignedOrMdRef { min: i64::MIN, max: i64::MAX, nullable: true };

const NO_DEFAULT: DefaultValue = DefaultValue::None;
const NULL: DefaultValue = DefaultValue::Null;
const ZERO: DefaultValue = DefaultValue::Unsigned(0);
const SIGNED_ZERO: DefaultValue = DefaultValue::Signed(0);
const FALSE: DefaultValue = DefaultValue::Bool(false);
const TRUE: DefaultValue = DefaultValue::Bool(true);

const ALWAYS: Print = Print::Always;
const EMPTY: Print = Print::OmitIfEmpty;
const DEFAULT: Print = Print::OmitIfDefault;
const NEVER: Print = Print::Never;
const COND: Print = Print::Conditional;

/// A field whose rules are the same in every version it exists in.
const fn f(
    name: &'static str,
    versions: Versions,
    kind: ValueKind,
    required: bool,
    default: DefaultValue,
    print: Print,
) -> FieldSpec {
    let rules = FieldRules { kind, required, default, print };
    FieldSpec { name, versions, llvm7: rules, llvm19: rules, note: "" }
}

impl FieldSpec {
    /// Replaces the LLVM 7 rules of a field that LLVM 7 reads or prints differently.
    const fn llvm7(mut self, kind: ValueKind, required: bool, default: DefaultValue, print: Print) -> Self {
        self.llvm7 = FieldRules { kind, required, default, print };
        self
    }

    const fn note(mut self, note: &'static str) -> Self {
        self.note = note;
        self
    }
}

/// Byte-wise `a < b`, the order `str::cmp` uses.
const fn str_less(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut i = 0;
    while i < a.len() && i < b.len() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
        i += 1;
    }
    a.len() < b.len()
}

/// Indices of `fields` sorted by field name (insertion sort, run by the compiler).
const fn field_order<const N: usize>(fields: &[FieldSpec]) -> [u8; N] {
    let mut order = [0u8; N];
    let mut i = 0;
    while i < N {
        let mut j = i;
        while j > 0 && str_less(fields[i].name, fields[order[j - 1] as usize].name) {
            order[j] = order[j - 1];
            j -= 1;
        }
        order[j] = i as u8;
        i += 1;
    }
    order
}

/// Indices of `entries` sorted by name (insertion sort, run by the compiler).
const fn name_order<const N: usize>(entries: &[NamedValue]) -> [u16; N] {
    let mut order = [0u16; N];
    let mut i = 0;
    while i < N {
        let mut j = i;
        while j > 0 && str_less(entries[i].name, entries[order[j - 1] as usize].name) {
            order[j] = order[j - 1];
            j -= 1;
        }
        order[j] = i as u16;
        i += 1;
    }
    order
}

macro_rules! kind {
    ($kind:ident, $name:literal, $versions:expr, $syntax:ident, $distinct:ident; [$($field:expr),* $(,)?]) => {{
        const FIELDS: &[FieldSpec] = &[$($field),*];
        const ORDER: [u8; FIELDS.len()] = field_order(FIELDS);
        KindSpec {
            kind: DiKind::$kind,
            name: $name,
            versions: $versions,
            syntax: NodeSyntax::$syntax,
            distinct: Distinct::$distinct,
            fields: FIELDS,
            by_name: &ORDER,
        }
    }};
}

macro_rules! names {
    ($what:literal, $groups:expr; [$($entry:expr),* $(,)?]) => {{
        const ENTRIES: &[NamedValue] = &[$($entry),*];
        const ORDER: [u16; ENTRIES.len()] = name_order(ENTRIES);
        NameTable { what: $what, entries: ENTRIES, by_name: &ORDER, groups: $groups }
    }};
}

const fn nv(name: &'static str, value: u32, versions: Versions) -> NamedValue {
    NamedValue { name, value, versions }
}

const fn op(first: u32, last: u32, args: u8, versions: Versions) -> ExprOpSpec {
    ExprOpSpec { first, last, args, versions }
}

/// Every specialized node kind, in [`DiKind`] order (LLVM's Metadata.def order, `DIArgList` last).
pub(super) static KINDS: [KindSpec; DiKind::COUNT] = [
    kind!(Location, "DILocation", B, Fields, Allowed; [
        f("line", B, LINE, OPT, ZERO, ALWAYS),
        f("column", B, COLUMN, OPT, ZERO, EMPTY),
        f("scope", B, MD_NONNULL, REQ, NO_DEFAULT, ALWAYS),
        f("inlinedAt", B, MD, OPT, NULL, EMPTY),
        f("isImplicitCode", V19, BOOL, OPT, FALSE, DEFAULT).note("added in LLVM 8"),
        f("atomGroup", V19, U64, OPT, ZERO, EMPTY).note("added in LLVM 21; libNVVM's modern path reads it (LLVM 22; measured: difields/ of scripts/probe/axes.py)"),
        f("atomRank", V19, ValueKind::Unsigned { max: u8::MAX as u64 }, OPT, ZERO, EMPTY).note("added in LLVM 21; libNVVM's modern path reads it (LLVM 22; measured: difields/ of scripts/probe/axes.py)"),
    ]),
    kind!(Expression, "DIExpression", B, Expression, Allowed; []),
    kind!(GlobalVariableExpression, "DIGlobalVariableExpression", B, Fields, Allowed; [
        f("var", B, MD, REQ, NO_DEFAULT, EMPTY),
        f("expr", B, MD, REQ, NO_DEFAULT, EMPTY),
    ]),
    kind!(GenericDINode, "GenericDINode", B, Fields, Allowed; [
        f("tag", B, TAG, REQ, NO_DEFAULT, ALWAYS),
        f("header", B, STR, OPT, NULL, EMPTY),
        f("operands", B, ValueKind::MdTuple, OPT, DefaultValue::EmptyTuple, EMPTY),
    ]),
    kind!(Subrange, "DISubrange", B, Fields, Allowed; [
        f("count", B, ValueKind::SignedOrMdRef { min: -1, max: i64::MAX, nullable: false }, OPT, NULL, EMPTY)
            .llvm7(ValueKind::SignedOrMdRef { min: -1, max: i64::MAX, nullable: false }, REQ, NO_DEFAULT, ALWAYS)
            .note("optional since LLVM 11; an integer count is always printed, a reference only when set"),
        f("lowerBound", B, BOUND, OPT, NULL, EMPTY)
            .llvm7(ValueKind::Signed { min: i64::MIN, max: i64::MAX }, OPT, SIGNED_ZERO, EMPTY)
            .note("LLVM 7 takes only an integer; LLVM 19 prints an integer bound even when 0"),
        f("upperBound", V19, BOUND, OPT, NULL, EMPTY),
        f("stride", V19, BOUND, OPT, NULL, EMPTY),
    ]),
    kind!(Enumerator, "DIEnumerator", B, Fields, Allowed; [
        f("name", B, STR, REQ, NO_DEFAULT, ALWAYS),
        f("value", B, ValueKind::AnyInt, REQ, NO_DEFAULT, ALWAYS).llvm7(ValueKind::Int64, REQ, NO_DEFAULT, ALWAYS),
        f("isUnsigned", B, BOOL, OPT, FALSE, DEFAULT)
            .note("a negative `value` with `isUnsigned: true` is rejected; printed only when true"),
    ]),
    kind!(BasicType, "DIBasicType", B, Fields, Allowed; [
        f("tag", B, TAG, OPT, DefaultValue::Unsigned(0x24), DEFAULT).note("default DW_TAG_base_type"),
        f("name", B, STR, OPT, NULL, EMPTY),
        f("size", B, U64, OPT, ZERO, EMPTY),
        f("align", B, U32, OPT, ZERO, EMPTY),
        f("encoding", B, ATE, OPT, ZERO, EMPTY),
        f("flags", V19, FLAGS, OPT, ZERO, EMPTY).note("added in LLVM 8"),
        f("num_extra_inhabitants", V19, U32, OPT, ZERO, EMPTY).note("added in LLVM 20; libNVVM's modern path reads it (LLVM 22; measured: difields/ of scripts/probe/axes.py)"),
        f("dataSize", V19, U32, OPT, ZERO, EMPTY).note("added in LLVM 21; libNVVM's modern path reads it (LLVM 22; measured: difields/ of scripts/probe/axes.py)"),
    ]),
    kind!(DerivedType, "DIDerivedType", B, Fields, Allowed; [
        f("tag", B, TAG, REQ, NO_DEFAULT, ALWAYS),
        f("name", B, STR, OPT, NULL, EMPTY),
        f("scope", B, MD, OPT, NULL, EMPTY),
        f("file", B, MD, OPT, NULL, EMPTY),
        f("line", B, LINE, OPT, ZERO, EMPTY),
        f("baseType", B, MD, REQ, NO_DEFAULT, ALWAYS),
        f("size", B, U64, OPT, ZERO, EMPTY),
        f("align", B, U32, OPT, ZERO, EMPTY),
        f("offset", B, U64, OPT, ZERO, EMPTY),
        f("flags", B, FLAGS, OPT, ZERO, EMPTY),
        f("extraData", B, MD, OPT, NULL, EMPTY),
        f("dwarfAddressSpace", B, U32, OPT, DefaultValue::Unsigned(u32::MAX as u64), COND)
            .note("the default u32::MAX means none; any other value is printed, 0 included"),
        f("annotations", V19, MD, OPT, NULL, EMPTY),
        f("ptrAuthKey", V19, ValueKind::Unsigned { max: 7 }, OPT, ZERO, COND)
            .note("a non-zero key makes the pointer-authentication data; the ptrAuth* fields are printed only then"),
        f("ptrAuthIsAddressDiscriminated", V19, BOOL, OPT, FALSE, COND)
            .note("printed, true or false, when ptrAuthKey is non-zero"),
        f("ptrAuthExtraDiscriminator", V19, U16, OPT, ZERO, COND).note("printed when ptrAuthKey and it are non-zero"),
        f("ptrAuthIsaPointer", V19, BOOL, OPT, FALSE, COND).note("printed, true or false, when ptrAuthKey is non-zero"),
        f("ptrAuthAuthenticatesNullValues", V19, BOOL, OPT, FALSE, COND)
            .note("printed, true or false, when ptrAuthKey is non-zero"),
    ]),
    kind!(CompositeType, "DICompositeType", B, Fields, Allowed; [
        f("tag", B, TAG, REQ, NO_DEFAULT, ALWAYS),
        f("name", B, STR, OPT, NULL, EMPTY),
        f("scope", B, MD, OPT, NULL, EMPTY),
        f("file", B, MD, OPT, NULL, EMPTY),
        f("line", B, LINE, OPT, ZERO, EMPTY),
        f("baseType", B, MD, OPT, NULL, EMPTY),
        f("size", B, U64, OPT, ZERO, EMPTY),
        f("align", B, U32, OPT, ZERO, EMPTY),
        f("offset", B, U64, OPT, ZERO, EMPTY),
        f("flags", B, FLAGS, OPT, ZERO, EMPTY),
        f("elements", B, MD, OPT, NULL, EMPTY),
        f("runtimeLang", B, LANG, OPT, ZERO, EMPTY),
        f("vtableHolder", B, MD, OPT, NULL, EMPTY),
        f("templateParams", B, MD, OPT, NULL, EMPTY),
        f("identifier", B, STR, OPT, NULL, EMPTY).note("a non-empty identifier makes the type an ODR-uniqued type"),
        f("discriminator", B, MD, OPT, NULL, EMPTY),
        f("dataLocation", V19, MD, OPT, NULL, EMPTY),
        f("associated", V19, MD, OPT, NULL, EMPTY),
        f("allocated", V19, MD, OPT, NULL, EMPTY),
        f("rank", V19, BOUND, OPT, NULL, EMPTY).note("an integer rank is printed even when 0"),
        f("annotations", V19, MD, OPT, NULL, EMPTY),
        f("num_extra_inhabitants", V19, U32, OPT, ZERO, EMPTY).note("added in LLVM 20; libNVVM's modern path reads it (LLVM 22; measured: difields/ of scripts/probe/axes.py)"),
        f("specification", V19, MD, OPT, NULL, EMPTY).note("added in LLVM 20; libNVVM's modern path reads it (LLVM 22; measured: difields/ of scripts/probe/axes.py)"),
        f("enumKind", V19, U32, OPT, ZERO, EMPTY).note("added in LLVM 21, as a number here; libNVVM's modern path reads it (LLVM 22; measured: difields/ of scripts/probe/axes.py)"),
        f("bitStride", V19, BOUND, OPT, NULL, EMPTY).note("added in LLVM 21; libNVVM's modern path reads it (LLVM 22; measured: difields/ of scripts/probe/axes.py)"),
    ]),
    kind!(SubroutineType, "DISubroutineType", B, Fields, Allowed; [
        f("flags", B, FLAGS, OPT, ZERO, EMPTY),
        f("cc", B, ValueKind::DwarfCc, OPT, ZERO, EMPTY),
        f("types", B, MD, REQ, NO_DEFAULT, ALWAYS),
    ]),
    kind!(File, "DIFile", B, Fields, Allowed; [
        f("filename", B, STR, REQ, NO_DEFAULT, ALWAYS),
        f("directory", B, STR, REQ, NO_DEFAULT, ALWAYS),
        f("checksumkind", B, ValueKind::ChecksumKind, OPT, NO_DEFAULT, COND)
            .note("given together with checksum or not at all; printed when the file has a checksum"),
        f("checksum", B, STR, OPT, NULL, COND)
            .note("given together with checksumkind or not at all; printed when the file has a checksum"),
        f("source", B, STR, OPT, NULL, EMPTY),
    ]),
    kind!(CompileUnit, "DICompileUnit", B, Fields, Required; [
        f("language", B, LANG, OPT, NO_DEFAULT, ALWAYS)
            .llvm7(LANG, REQ, NO_DEFAULT, ALWAYS)
            .note("LLVM's writer leaves out a language of 0; LLVM 22 requires it or sourceLanguageName, not both"),
        f("sourceLanguageName", V19, ValueKind::DwarfSourceLangName, OPT, NO_DEFAULT, ALWAYS).note(
            "added in LLVM 22, printed in language's place; libNVVM's modern path reads it (measured: dilang/ of scripts/probe/axes.py)",
        ),
        f("sourceLanguageVersion", V19, U32, OPT, ZERO, EMPTY).note("added in LLVM 22, only beside sourceLanguageName"),
        f("file", B, MD_NONNULL, REQ, NO_DEFAULT, ALWAYS),
        f("producer", B, STR, OPT, NULL, EMPTY),
        f("isOptimized", B, BOOL, OPT, FALSE, ALWAYS),
        f("flags", B, STR, OPT, NULL, EMPTY).note("the command-line flags string, not DIFlags"),
        f("runtimeVersion", B, U32, OPT, ZERO, ALWAYS),
        f("splitDebugFilename", B, STR, OPT, NULL, EMPTY),
        f("emissionKind", B, ValueKind::EmissionKind, OPT, ZERO, ALWAYS),
        f("enums", B, MD, OPT, NULL, EMPTY),
        f("retainedTypes", B, MD, OPT, NULL, EMPTY),
        f("globals", B, MD, OPT, NULL, EMPTY),
        f("imports", B, MD, OPT, NULL, EMPTY),
        f("macros", B, MD, OPT, NULL, EMPTY),
        f("dwoId", B, U64, OPT, ZERO, EMPTY),
        f("splitDebugInlining", B, BOOL, OPT, TRUE, DEFAULT),
        f("debugInfoForProfiling", B, BOOL, OPT, FALSE, DEFAULT),
        f("gnuPubnames", V7, BOOL, OPT, FALSE, DEFAULT).note("replaced by nameTableKind in LLVM 8"),
        f("nameTableKind", V19, ValueKind::NameTableKind, OPT, ZERO, EMPTY).note("added in LLVM 8"),
        f("rangesBaseAddress", V19, BOOL, OPT, FALSE, DEFAULT),
        f("sysroot", V19, STR, OPT, NULL, EMPTY),
        f("sdk", V19, STR, OPT, NULL, EMPTY),
    ]),
    kind!(Subprogram, "DISubprogram", B, Fields, RequiredForDefinition; [
        f("name", B, STR, OPT, NULL, EMPTY),
        f("linkageName", B, STR, OPT, NULL, EMPTY),
        f("scope", B, MD, OPT, NULL, ALWAYS),
        f("file", B, MD, OPT, NULL, EMPTY),
        f("line", B, LINE, OPT, ZERO, EMPTY),
        f("type", B, MD, OPT, NULL, EMPTY),
        f("isLocal", B, BOOL, OPT, FALSE, NEVER)
            .llvm7(BOOL, OPT, FALSE, ALWAYS)
            .note("LLVM 19 reads it only when spFlags is absent (DISPFlagLocalToUnit)"),
        f("isDefinition", B, BOOL, OPT, TRUE, NEVER)
            .llvm7(BOOL, OPT, TRUE, ALWAYS)
            .note("LLVM 19 reads it only when spFlags is absent (DISPFlagDefinition)"),
        f("scopeLine", B, LINE, OPT, ZERO, EMPTY),
        f("containingType", B, MD, OPT, NULL, EMPTY),
        f("virtuality", B, ValueKind::DwarfVirtuality, OPT, ZERO, NEVER)
            .llvm7(ValueKind::DwarfVirtuality, OPT, ZERO, EMPTY)
            .note("LLVM 19 reads it only when spFlags is absent (DISPFlagVirtual, DISPFlagPureVirtual)"),
        f("virtualIndex", B, U32, OPT, ZERO, COND).note("printed when virtuality is set or the index is non-zero"),
        f("thisAdjustment", B, I32, OPT, SIGNED_ZERO, EMPTY),
        f("flags", B, FLAGS, OPT, ZERO, EMPTY),
        f("spFlags", V19, ValueKind::DiSpFlags, OPT, ZERO, ALWAYS)
            .note("added in LLVM 8; always printed, as 0 when empty, since its absence means isDefinition: true"),
        f("isOptimized", B, BOOL, OPT, FALSE, NEVER)
            .llvm7(BOOL, OPT, FALSE, ALWAYS)
            .note("LLVM 19 reads it only when spFlags is absent (DISPFlagOptimized)"),
        f("unit", B, MD, OPT, NULL, EMPTY),
        f("templateParams", B, MD, OPT, NULL, EMPTY),
        f("declaration", B, MD, OPT, NULL, EMPTY),
        f("retainedNodes", B, MD, OPT, NULL, EMPTY),
        f("thrownTypes", B, MD, OPT, NULL, EMPTY),
        f("annotations", V19, MD, OPT, NULL, EMPTY),
        f("targetFuncName", V19, STR, OPT, NULL, EMPTY),
        f("keyInstructions", V19, BOOL, OPT, FALSE, DEFAULT).note("added in LLVM 21; libNVVM's modern path reads it (LLVM 22; measured: difields/ of scripts/probe/axes.py)"),
    ]),
    kind!(LexicalBlock, "DILexicalBlock", B, Fields, Allowed; [
        f("scope", B, MD_NONNULL, REQ, NO_DEFAULT, ALWAYS),
        f("file", B, MD, OPT, NULL, EMPTY),
        f("line", B, LINE, OPT, ZERO, EMPTY),
        f("column", B, COLUMN, OPT, ZERO, EMPTY),
    ]),
    kind!(LexicalBlockFile, "DILexicalBlockFile", B, Fields, Allowed; [
        f("scope", B, MD_NONNULL, REQ, NO_DEFAULT, ALWAYS),
        f("file", B, MD, OPT, NULL, EMPTY),
        f("discriminator", B, U32, REQ, NO_DEFAULT, ALWAYS),
    ]),
    kind!(Namespace, "DINamespace", B, Fields, Allowed; [
        f("name", B, STR, OPT, NULL, EMPTY),
        f("scope", B, MD, REQ, NO_DEFAULT, ALWAYS),
        f("exportSymbols", B, BOOL, OPT, FALSE, DEFAULT),
    ]),
    kind!(Module, "DIModule", B, Fields, Allowed; [
        f("scope", B, MD, REQ, NO_DEFAULT, ALWAYS),
        f("name", B, STR, REQ, NO_DEFAULT, EMPTY),
        f("configMacros", B, STR, OPT, NULL, EMPTY),
        f("includePath", B, STR, OPT, NULL, EMPTY),
        f("isysroot", V7, STR, OPT, NULL, EMPTY).note("moved to DICompileUnit's sysroot in LLVM 11"),
        f("apinotes", V19, STR, OPT, NULL, EMPTY),
        f("file", V19, MD, OPT, NULL, EMPTY),
        f("line", V19, LINE, OPT, ZERO, EMPTY),
        f("isDecl", V19, BOOL, OPT, FALSE, DEFAULT),
    ]),
    kind!(TemplateTypeParameter, "DITemplateTypeParameter", B, Fields, Allowed; [
        f("name", B, STR, OPT, NULL, EMPTY),
        f("type", B, MD, REQ, NO_DEFAULT, ALWAYS),
        f("defaulted", V19, BOOL, OPT, FALSE, DEFAULT),
    ]),
    kind!(TemplateValueParameter, "DITemplateValueParameter", B, Fields, Allowed; [
        f("tag", B, TAG, OPT, DefaultValue::Unsigned(0x30), DEFAULT).note("default DW_TAG_template_value_parameter"),
        f("name", B, STR, OPT, NULL, EMPTY),
        f("type", B, MD, OPT, NULL, EMPTY),
        f("defaulted", V19, BOOL, OPT, FALSE, DEFAULT),
        f("value", B, MD, REQ, NO_DEFAULT, ALWAYS),
    ]),
    kind!(GlobalVariable, "DIGlobalVariable", B, Fields, Allowed; [
        f("name", B, ValueKind::MdString { allow_empty: false }, OPT, NULL, EMPTY)
            .llvm7(ValueKind::MdString { allow_empty: false }, REQ, NO_DEFAULT, EMPTY)
            .note("required in LLVM 7; never empty"),
        f("linkageName", B, STR, OPT, NULL, EMPTY),
        f("scope", B, MD, OPT, NULL, ALWAYS),
        f("file", B, MD, OPT, NULL, EMPTY),
        f("line", B, LINE, OPT, ZERO, EMPTY),
        f("type", B, MD, OPT, NULL, EMPTY),
        f("isLocal", B, BOOL, OPT, FALSE, ALWAYS),
        f("isDefinition", B, BOOL, OPT, TRUE, ALWAYS),
        f("declaration", B, MD, OPT, NULL, EMPTY),
        f("templateParams", V19, MD, OPT, NULL, EMPTY),
        f("align", B, U32, OPT, ZERO, EMPTY),
        f("annotations", V19, MD, OPT, NULL, EMPTY),
    ]),
    kind!(LocalVariable, "DILocalVariable", B, Fields, Allowed; [
        f("name", B, STR, OPT, NULL, EMPTY),
        f("arg", B, U16, OPT, ZERO, EMPTY),
        f("scope", B, MD_NONNULL, REQ, NO_DEFAULT, ALWAYS),
        f("file", B, MD, OPT, NULL, EMPTY),
        f("line", B, LINE, OPT, ZERO, EMPTY),
        f("type", B, MD, OPT, NULL, EMPTY),
        f("flags", B, FLAGS, OPT, ZERO, EMPTY),
        f("align", B, U32, OPT, ZERO, EMPTY),
        f("annotations", V19, MD, OPT, NULL, EMPTY),
    ]),
    kind!(Label, "DILabel", B, Fields, Allowed; [
        f("scope", B, MD_NONNULL, REQ, NO_DEFAULT, ALWAYS),
        f("name", B, STR, REQ, NO_DEFAULT, EMPTY),
        f("file", B, MD, REQ, NO_DEFAULT, EMPTY),
        f("line", B, LINE, REQ, NO_DEFAULT, EMPTY),
        f("column", V19, COLUMN, OPT, ZERO, EMPTY).note("added in LLVM 21; libNVVM's modern path reads it (LLVM 22; measured: difields/ of scripts/probe/axes.py)"),
        f("isArtificial", V19, BOOL, OPT, FALSE, DEFAULT).note("added in LLVM 21; libNVVM's modern path reads it (LLVM 22; measured: difields/ of scripts/probe/axes.py)"),
        f("coroSuspendIdx", V19, U32, OPT, ZERO, EMPTY).note("added in LLVM 21; libNVVM's modern path reads it (LLVM 22; measured: difields/ of scripts/probe/axes.py)"),
    ]),
    kind!(ObjCProperty, "DIObjCProperty", B, Fields, Allowed; [
        f("name", B, STR, OPT, NULL, EMPTY),
        f("file", B, MD, OPT, NULL, EMPTY),
        f("line", B, LINE, OPT, ZERO, EMPTY),
        f("setter", B, STR, OPT, NULL, EMPTY),
        f("getter", B, STR, OPT, NULL, EMPTY),
        f("attributes", B, U32, OPT, ZERO, EMPTY),
        f("type", B, MD, OPT, NULL, EMPTY),
    ]),
    kind!(ImportedEntity, "DIImportedEntity", B, Fields, Allowed; [
        f("tag", B, TAG, REQ, NO_DEFAULT, ALWAYS),
        f("name", B, STR, OPT, NULL, EMPTY),
        f("scope", B, MD, REQ, NO_DEFAULT, ALWAYS),
        f("entity", B, MD, OPT, NULL, EMPTY),
        f("file", B, MD, OPT, NULL, EMPTY),
        f("line", B, LINE, OPT, ZERO, EMPTY),
        f("elements", V19, MD, OPT, NULL, EMPTY),
    ]),
    kind!(AssignId, "DIAssignID", V19, Empty, Required; []),
    kind!(Macro, "DIMacro", B, Fields, Allowed; [
        f("type", B, ValueKind::DwarfMacinfo, REQ, NO_DEFAULT, ALWAYS),
        f("line", B, LINE, OPT, ZERO, EMPTY),
        f("name", B, STR, REQ, NO_DEFAULT, EMPTY),
        f("value", B, STR, OPT, NULL, EMPTY),
    ]),
    kind!(MacroFile, "DIMacroFile", B, Fields, Allowed; [
        f("type", B, ValueKind::DwarfMacinfo, OPT, DefaultValue::Unsigned(3), NEVER)
            .note("default DW_MACINFO_start_file; LLVM's writer never prints it"),
        f("line", B, LINE, OPT, ZERO, EMPTY),
        f("file", B, MD, REQ, NO_DEFAULT, ALWAYS),
        f("nodes", B, MD, OPT, NULL, EMPTY),
    ]),
    kind!(CommonBlock, "DICommonBlock", V19, Fields, Allowed; [
        f("scope", V19, MD, REQ, NO_DEFAULT, ALWAYS),
        f("declaration", V19, MD, OPT, NULL, ALWAYS),
        f("name", V19, STR, OPT, NULL, EMPTY),
        f("file", V19, MD, OPT, NULL, EMPTY),
        f("line", V19, LINE, OPT, ZERO, EMPTY),
    ]),
    kind!(StringType, "DIStringType", V19, Fields, Allowed; [
        f("tag", V19, TAG, OPT, DefaultValue::Unsigned(0x12), DEFAULT).note("default DW_TAG_string_type"),
        f("name", V19, STR, OPT, NULL, EMPTY),
        f("stringLength", V19, MD, OPT, NULL, EMPTY),
        f("stringLengthExpression", V19, MD, OPT, NULL, EMPTY),
        f("stringLocationExpression", V19, MD, OPT, NULL, EMPTY),
        f("size", V19, U64, OPT, ZERO, EMPTY),
        f("align", V19, U32, OPT, ZERO, EMPTY),
        f("encoding", V19, ATE, OPT, ZERO, EMPTY),
    ]),
    kind!(GenericSubrange, "DIGenericSubrange", V19, Fields, Allowed; [
        f("count", V19, BOUND, OPT, NULL, EMPTY).note("an integer is kept as !DIExpression(DW_OP_consts, N)"),
        f("lowerBound", V19, BOUND, OPT, NULL, EMPTY).note("an integer is kept as !DIExpression(DW_OP_consts, N)"),
        f("upperBound", V19, BOUND, OPT, NULL, EMPTY).note("an integer is kept as !DIExpression(DW_OP_consts, N)"),
        f("stride", V19, BOUND, OPT, NULL, EMPTY).note("an integer is kept as !DIExpression(DW_OP_consts, N)"),
    ]),
    kind!(ArgList, "DIArgList", V19, ArgList, Allowed; []),
];

/// `DW_TAG_*`: DWARF tags (`DwarfTagField`; names from Dwarf.def).
pub static DW_TAG: NameTable = names!("DWARF tag", &[]; [
    nv("DW_TAG_null", 0x0, B),
    nv("DW_TAG_array_type", 0x1, B),
    nv("DW_TAG_class_type", 0x2, B),
    nv("DW_TAG_entry_point", 0x3, B),
    nv("DW_TAG_enumeration_type", 0x4, B),
    nv("DW_TAG_formal_parameter", 0x5, B),
    nv("DW_TAG_imported_declaration", 0x8, B),
    nv("DW_TAG_label", 0xa, B),
    nv("DW_TAG_lexical_block", 0xb, B),
    nv("DW_TAG_member", 0xd, B),
    nv("DW_TAG_pointer_type", 0xf, B),
    nv("DW_TAG_reference_type", 0x10, B),
    nv("DW_TAG_compile_unit", 0x11, B),
    nv("DW_TAG_string_type", 0x12, B),
    nv("DW_TAG_structure_type", 0x13, B),
    nv("DW_TAG_subroutine_type", 0x15, B),
    nv("DW_TAG_typedef", 0x16, B),
    nv("DW_TAG_union_type", 0x17, B),
    nv("DW_TAG_unspecified_parameters", 0x18, B),
    nv("DW_TAG_variant", 0x19, B),
    nv("DW_TAG_common_block", 0x1a, B),
    nv("DW_TAG_common_inclusion", 0x1b, B),
    nv("DW_TAG_inheritance", 0x1c, B),
    nv("DW_TAG_inlined_subroutine", 0x1d, B),
    nv("DW_TAG_module", 0x1e, B),
    nv("DW_TAG_ptr_to_member_type", 0x1f, B),
    nv("DW_TAG_set_type", 0x20, B),
    nv("DW_TAG_subrange_type", 0x21, B),
    nv("DW_TAG_with_stmt", 0x22, B),
    nv("DW_TAG_access_declaration", 0x23, B),
    nv("DW_TAG_base_type", 0x24, B),
    nv("DW_TAG_catch_block", 0x25, B),
    nv("DW_TAG_const_type", 0x26, B),
    nv("DW_TAG_constant", 0x27, B),
    nv("DW_TAG_enumerator", 0x28, B),
    nv("DW_TAG_file_type", 0x29, B),
    nv("DW_TAG_friend", 0x2a, B),
    nv("DW_TAG_namelist", 0x2b, B),
    nv("DW_TAG_namelist_item", 0x2c, B),
    nv("DW_TAG_packed_type", 0x2d, B),
    nv("DW_TAG_subprogram", 0x2e, B),
    nv("DW_TAG_template_type_parameter", 0x2f, B),
    nv("DW_TAG_template_value_parameter", 0x30, B),
    nv("DW_TAG_thrown_type", 0x31, B),
    nv("DW_TAG_try_block", 0x32, B),
    nv("DW_TAG_variant_part", 0x33, B),
    nv("DW_TAG_variable", 0x34, B),
    nv("DW_TAG_volatile_type", 0x35, B),
    nv("DW_TAG_dwarf_procedure", 0x36, B),
    nv("DW_TAG_restrict_type", 0x37, B),
    nv("DW_TAG_interface_type", 0x38, B),
    nv("DW_TAG_namespace", 0x39, B),
    nv("DW_TAG_imported_module", 0x3a, B),
    nv("DW_TAG_unspecified_type", 0x3b, B),
    nv("DW_TAG_partial_unit", 0x3c, B),
    nv("DW_TAG_imported_unit", 0x3d, B),
    nv("DW_TAG_condition", 0x3f, B),
    nv("DW_TAG_shared_type", 0x40, B),
    nv("DW_TAG_type_unit", 0x41, B),
    nv("DW_TAG_rvalue_reference_type", 0x42, B),
    nv("DW_TAG_template_alias", 0x43, B),
    nv("DW_TAG_coarray_type", 0x44, B),
    nv("DW_TAG_generic_subrange", 0x45, B),
    nv("DW_TAG_dynamic_type", 0x46, B),
    nv("DW_TAG_atomic_type", 0x47, B),
    nv("DW_TAG_call_site", 0x48, B),
    nv("DW_TAG_call_site_parameter", 0x49, B),
    nv("DW_TAG_skeleton_unit", 0x4a, B),
    nv("DW_TAG_immutable_type", 0x4b, B),
    nv("DW_TAG_MIPS_loop", 0x4081, B),
    nv("DW_TAG_format_label", 0x4101, B),
    nv("DW_TAG_function_template", 0x4102, B),
    nv("DW_TAG_class_template", 0x4103, B),
    nv("DW_TAG_GNU_BINCL", 0x4104, V19),
    nv("DW_TAG_GNU_EINCL", 0x4105, V19),
    nv("DW_TAG_GNU_template_template_param", 0x4106, B),
    nv("DW_TAG_GNU_template_parameter_pack", 0x4107, B),
    nv("DW_TAG_GNU_formal_parameter_pack", 0x4108, B),
    nv("DW_TAG_GNU_call_site", 0x4109, B),
    nv("DW_TAG_GNU_call_site_parameter", 0x410a, B),
    nv("DW_TAG_APPLE_property", 0x4200, B),
    nv("DW_TAG_SUN_function_template", 0x4201, V19),
    nv("DW_TAG_SUN_class_template", 0x4202, V19),
    nv("DW_TAG_SUN_struct_template", 0x4203, V19),
    nv("DW_TAG_SUN_union_template", 0x4204, V19),
    nv("DW_TAG_SUN_indirect_inheritance", 0x4205, V19),
    nv("DW_TAG_SUN_codeflags", 0x4206, V19),
    nv("DW_TAG_SUN_memop_info", 0x4207, V19),
    nv("DW_TAG_SUN_omp_child_func", 0x4208, V19),
    nv("DW_TAG_SUN_rtti_descriptor", 0x4209, V19),
    nv("DW_TAG_SUN_dtor_info", 0x420a, V19),
    nv("DW_TAG_SUN_dtor", 0x420b, V19),
    nv("DW_TAG_SUN_f90_interface", 0x420c, V19),
    nv("DW_TAG_SUN_fortran_vax_structure", 0x420d, V19),
    nv("DW_TAG_SUN_hi", 0x42ff, V19),
    nv("DW_TAG_LLVM_ptrauth_type", 0x4300, V19),
    nv("DW_TAG_ALTIUM_circ_type", 0x5101, V19),
    nv("DW_TAG_ALTIUM_mwa_circ_type", 0x5102, V19),
    nv("DW_TAG_ALTIUM_rev_carry_type", 0x5103, V19),
    nv("DW_TAG_ALTIUM_rom", 0x5111, V19),
    nv("DW_TAG_LLVM_annotation", 0x6000, V19),
    nv("DW_TAG_GHS_namespace", 0x8004, V19),
    nv("DW_TAG_GHS_using_namespace", 0x8005, V19),
    nv("DW_TAG_GHS_using_declaration", 0x8006, V19),
    nv("DW_TAG_GHS_template_templ_param", 0x8007, V19),
    nv("DW_TAG_UPC_shared_type", 0x8765, V19),
    nv("DW_TAG_UPC_strict_type", 0x8766, V19),
    nv("DW_TAG_UPC_relaxed", 0x8767, V19),
    nv("DW_TAG_PGI_kanji_type", 0xa000, V19),
    nv("DW_TAG_PGI_interface_block", 0xa020, V19),
    nv("DW_TAG_BORLAND_property", 0xb000, B),
    nv("DW_TAG_BORLAND_Delphi_string", 0xb001, B),
    nv("DW_TAG_BORLAND_Delphi_dynamic_array", 0xb002, B),
    nv("DW_TAG_BORLAND_Delphi_set", 0xb003, B),
    nv("DW_TAG_BORLAND_Delphi_variant", 0xb004, B),
]);

/// `DW_ATE_*`: DWARF base-type attribute encodings (`DwarfAttEncodingField`).
pub static DW_ATE: NameTable = names!("DWARF attribute encoding", &[]; [
    nv("DW_ATE_address", 0x1, B),
    nv("DW_ATE_boolean", 0x2, B),
    nv("DW_ATE_complex_float", 0x3, B),
    nv("DW_ATE_float", 0x4, B),
    nv("DW_ATE_signed", 0x5, B),
    nv("DW_ATE_signed_char", 0x6, B),
    nv("DW_ATE_unsigned", 0x7, B),
    nv("DW_ATE_unsigned_char", 0x8, B),
    nv("DW_ATE_imaginary_float", 0x9, B),
    nv("DW_ATE_packed_decimal", 0xa, B),
    nv("DW_ATE_numeric_string", 0xb, B),
    nv("DW_ATE_edited", 0xc, B),
    nv("DW_ATE_signed_fixed", 0xd, B),
    nv("DW_ATE_unsigned_fixed", 0xe, B),
    nv("DW_ATE_decimal_float", 0xf, B),
    nv("DW_ATE_UTF", 0x10, B),
    nv("DW_ATE_UCS", 0x11, B),
    nv("DW_ATE_ASCII", 0x12, B),
    nv("DW_ATE_HP_complex_float", 0x81, V19),
    nv("DW_ATE_HP_float128", 0x82, V19),
    nv("DW_ATE_HP_complex_float128", 0x83, V19),
    nv("DW_ATE_HP_floathpintel", 0x84, V19),
    nv("DW_ATE_HP_imaginary_float90", 0x85, V19),
    nv("DW_ATE_HP_imaginary_float128", 0x86, V19),
]);

/// `DW_LNAME_*`: DWARF 6 source language names (`DwarfSourceLangNameField`, LLVM 22's
/// `sourceLanguageName:`). Measured: each number LLVM 22.1 (llvmlite 0.50) prints as a name.
pub static DW_LNAME: NameTable = names!("DWARF source language name", &[]; [
    nv("DW_LNAME_Ada", 0x1, V19),
    nv("DW_LNAME_BLISS", 0x2, V19),
    nv("DW_LNAME_C", 0x3, V19),
    nv("DW_LNAME_C_plus_plus", 0x4, V19),
    nv("DW_LNAME_Cobol", 0x5, V19),
    nv("DW_LNAME_Crystal", 0x6, V19),
    nv("DW_LNAME_D", 0x7, V19),
    nv("DW_LNAME_Dylan", 0x8, V19),
    nv("DW_LNAME_Fortran", 0x9, V19),
    nv("DW_LNAME_Go", 0xa, V19),
    nv("DW_LNAME_Haskell", 0xb, V19),
    nv("DW_LNAME_Java", 0xc, V19),
    nv("DW_LNAME_Julia", 0xd, V19),
    nv("DW_LNAME_Kotlin", 0xe, V19),
    nv("DW_LNAME_Modula2", 0xf, V19),
    nv("DW_LNAME_Modula3", 0x10, V19),
    nv("DW_LNAME_ObjC", 0x11, V19),
    nv("DW_LNAME_ObjC_plus_plus", 0x12, V19),
    nv("DW_LNAME_OCaml", 0x13, V19),
    nv("DW_LNAME_OpenCL_C", 0x14, V19),
    nv("DW_LNAME_Pascal", 0x15, V19),
    nv("DW_LNAME_PLI", 0x16, V19),
    nv("DW_LNAME_Python", 0x17, V19),
    nv("DW_LNAME_RenderScript", 0x18, V19),
    nv("DW_LNAME_Rust", 0x19, V19),
    nv("DW_LNAME_Swift", 0x1a, V19),
    nv("DW_LNAME_UPC", 0x1b, V19),
    nv("DW_LNAME_Zig", 0x1c, V19),
    nv("DW_LNAME_Assembly", 0x1d, V19),
    nv("DW_LNAME_C_sharp", 0x1e, V19),
    nv("DW_LNAME_Mojo", 0x1f, V19),
    nv("DW_LNAME_GLSL", 0x20, V19),
    nv("DW_LNAME_GLSL_ES", 0x21, V19),
    nv("DW_LNAME_HLSL", 0x22, V19),
    nv("DW_LNAME_OpenCL_CPP", 0x23, V19),
    nv("DW_LNAME_CPP_for_OpenCL", 0x24, V19),
    nv("DW_LNAME_SYCL", 0x25, V19),
    nv("DW_LNAME_Ruby", 0x26, V19),
    nv("DW_LNAME_Move", 0x27, V19),
    nv("DW_LNAME_Hylo", 0x28, V19),
    nv("DW_LNAME_Metal", 0x2c, V19),
]);

/// `DW_LANG_*`: DWARF source languages (`DwarfLangField`); `DW_LANG_Metal` is LLVM 22's.
pub static DW_LANG: NameTable = names!("DWARF language", &[]; [
    nv("DW_LANG_C89", 0x1, B),
    nv("DW_LANG_C", 0x2, B),
    nv("DW_LANG_Ada83", 0x3, B),
    nv("DW_LANG_C_plus_plus", 0x4, B),
    nv("DW_LANG_Cobol74", 0x5, B),
    nv("DW_LANG_Cobol85", 0x6, B),
    nv("DW_LANG_Fortran77", 0x7, B),
    nv("DW_LANG_Fortran90", 0x8, B),
    nv("DW_LANG_Pascal83", 0x9, B),
    nv("DW_LANG_Modula2", 0xa, B),
    nv("DW_LANG_Java", 0xb, B),
    nv("DW_LANG_C99", 0xc, B),
    nv("DW_LANG_Ada95", 0xd, B),
    nv("DW_LANG_Fortran95", 0xe, B),
    nv("DW_LANG_PLI", 0xf, B),
    nv("DW_LANG_ObjC", 0x10, B),
    nv("DW_LANG_ObjC_plus_plus", 0x11, B),
    nv("DW_LANG_UPC", 0x12, B),
    nv("DW_LANG_D", 0x13, B),
    nv("DW_LANG_Python", 0x14, B),
    nv("DW_LANG_OpenCL", 0x15, B),
    nv("DW_LANG_Go", 0x16, B),
    nv("DW_LANG_Modula3", 0x17, B),
    nv("DW_LANG_Haskell", 0x18, B),
    nv("DW_LANG_C_plus_plus_03", 0x19, B),
    nv("DW_LANG_C_plus_plus_11", 0x1a, B),
    nv("DW_LANG_OCaml", 0x1b, B),
    nv("DW_LANG_Rust", 0x1c, B),
    nv("DW_LANG_C11", 0x1d, B),
    nv("DW_LANG_Swift", 0x1e, B),
    nv("DW_LANG_Julia", 0x1f, B),
    nv("DW_LANG_Dylan", 0x20, B),
    nv("DW_LANG_C_plus_plus_14", 0x21, B),
    nv("DW_LANG_Fortran03", 0x22, B),
    nv("DW_LANG_Fortran08", 0x23, B),
    nv("DW_LANG_RenderScript", 0x24, B),
    nv("DW_LANG_BLISS", 0x25, B),
    nv("DW_LANG_Kotlin", 0x26, V19),
    nv("DW_LANG_Zig", 0x27, V19),
    nv("DW_LANG_Crystal", 0x28, V19),
    nv("DW_LANG_C_plus_plus_17", 0x2a, V19),
    nv("DW_LANG_C_plus_plus_20", 0x2b, V19),
    nv("DW_LANG_C17", 0x2c, V19),
    nv("DW_LANG_Fortran18", 0x2d, V19),
    nv("DW_LANG_Ada2005", 0x2e, V19),
    nv("DW_LANG_Ada2012", 0x2f, V19),
    nv("DW_LANG_HIP", 0x30, V19),
    nv("DW_LANG_Assembly", 0x31, V19),
    nv("DW_LANG_C_sharp", 0x32, V19),
    nv("DW_LANG_Mojo", 0x33, V19),
    // libNVVM's LLVM 7 reader takes these three (measured, `dilang/language_*`).
    nv("DW_LANG_GLSL", 0x34, B),
    nv("DW_LANG_GLSL_ES", 0x35, B),
    nv("DW_LANG_HLSL", 0x36, B),
    nv("DW_LANG_OpenCL_CPP", 0x37, V19),
    nv("DW_LANG_CPP_for_OpenCL", 0x38, V19),
    nv("DW_LANG_SYCL", 0x39, V19),
    nv("DW_LANG_Metal", 0x3d, V19),
    nv("DW_LANG_Ruby", 0x40, V19),
    nv("DW_LANG_Move", 0x41, V19),
    nv("DW_LANG_Hylo", 0x42, V19),
    nv("DW_LANG_Mips_Assembler", 0x8001, B),
    nv("DW_LANG_GOOGLE_RenderScript", 0x8e57, B),
    nv("DW_LANG_BORLAND_Delphi", 0xb000, B),
]);

/// `DW_OP_*`: DWARF expression operations, with LLVM's own `DW_OP_LLVM_*` (0x1000 and up), as
/// `!DIExpression(...)` takes them.
pub static DW_OP: NameTable = names!("DWARF operation", &[]; [
    nv("DW_OP_addr", 0x3, B),
    nv("DW_OP_deref", 0x6, B),
    nv("DW_OP_const1u", 0x8, B),
    nv("DW_OP_const1s", 0x9, B),
    nv("DW_OP_const2u", 0xa, B),
    nv("DW_OP_const2s", 0xb, B),
    nv("DW_OP_const4u", 0xc, B),
    nv("DW_OP_const4s", 0xd, B),
    nv("DW_OP_const8u", 0xe, B),
    nv("DW_OP_const8s", 0xf, B),
    nv("DW_OP_constu", 0x10, B),
    nv("DW_OP_consts", 0x11, B),
    nv("DW_OP_dup", 0x12, B),
    nv("DW_OP_drop", 0x13, B),
    nv("DW_OP_over", 0x14, B),
    nv("DW_OP_pick", 0x15, B),
    nv("DW_OP_swap", 0x16, B),
    nv("DW_OP_rot", 0x17, B),
    nv("DW_OP_xderef", 0x18, B),
    nv("DW_OP_abs", 0x19, B),
    nv("DW_OP_and", 0x1a, B),
    nv("DW_OP_div", 0x1b, B),
    nv("DW_OP_minus", 0x1c, B),
    nv("DW_OP_mod", 0x1d, B),
    nv("DW_OP_mul", 0x1e, B),
    nv("DW_OP_neg", 0x1f, B),
    nv("DW_OP_not", 0x20, B),
    nv("DW_OP_or", 0x21, B),
    nv("DW_OP_plus", 0x22, B),
    nv("DW_OP_plus_uconst", 0x23, B),
    nv("DW_OP_shl", 0x24, B),
    nv("DW_OP_shr", 0x25, B),
    nv("DW_OP_shra", 0x26, B),
    nv("DW_OP_xor", 0x27, B),
    nv("DW_OP_bra", 0x28, B),
    nv("DW_OP_eq", 0x29, B),
    nv("DW_OP_ge", 0x2a, B),
    nv("DW_OP_gt", 0x2b, B),
    nv("DW_OP_le", 0x2c, B),
    nv("DW_OP_lt", 0x2d, B),
    nv("DW_OP_ne", 0x2e, B),
    nv("DW_OP_skip", 0x2f, B),
    nv("DW_OP_lit0", 0x30, B),
    nv("DW_OP_lit1", 0x31, B),
    nv("DW_OP_lit2", 0x32, B),
    nv("DW_OP_lit3", 0x33, B),
    nv("DW_OP_lit4", 0x34, B),
    nv("DW_OP_lit5", 0x35, B),
    nv("DW_OP_lit6", 0x36, B),
    nv("DW_OP_lit7", 0x37, B),
    nv("DW_OP_lit8", 0x38, B),
    nv("DW_OP_lit9", 0x39, B),
    nv("DW_OP_lit10", 0x3a, B),
    nv("DW_OP_lit11", 0x3b, B),
    nv("DW_OP_lit12", 0x3c, B),
    nv("DW_OP_lit13", 0x3d, B),
    nv("DW_OP_lit14", 0x3e, B),
    nv("DW_OP_lit15", 0x3f, B),
    nv("DW_OP_lit16", 0x40, B),
    nv("DW_OP_lit17", 0x41, B),
    nv("DW_OP_lit18", 0x42, B),
    nv("DW_OP_lit19", 0x43, B),
    nv("DW_OP_lit20", 0x44, B),
    nv("DW_OP_lit21", 0x45, B),
    nv("DW_OP_lit22", 0x46, B),
    nv("DW_OP_lit23", 0x47, B),
    nv("DW_OP_lit24", 0x48, B),
    nv("DW_OP_lit25", 0x49, B),
    nv("DW_OP_lit26", 0x4a, B),
    nv("DW_OP_lit27", 0x4b, B),
    nv("DW_OP_lit28", 0x4c, B),
    nv("DW_OP_lit29", 0x4d, B),
    nv("DW_OP_lit30", 0x4e, B),
    nv("DW_OP_lit31", 0x4f, B),
    nv("DW_OP_reg0", 0x50, B),
    nv("DW_OP_reg1", 0x51, B),
    nv("DW_OP_reg2", 0x52, B),
    nv("DW_OP_reg3", 0x53, B),
    nv("DW_OP_reg4", 0x54, B),
    nv("DW_OP_reg5", 0x55, B),
    nv("DW_OP_reg6", 0x56, B),
    nv("DW_OP_reg7", 0x57, B),
    nv("DW_OP_reg8", 0x58, B),
    nv("DW_OP_reg9", 0x59, B),
    nv("DW_OP_reg10", 0x5a, B),
    nv("DW_OP_reg11", 0x5b, B),
    nv("DW_OP_reg12", 0x5c, B),
    nv("DW_OP_reg13", 0x5d, B),
    nv("DW_OP_reg14", 0x5e, B),
    nv("DW_OP_reg15", 0x5f, B),
    nv("DW_OP_reg16", 0x60, B),
    nv("DW_OP_reg17", 0x61, B),
    nv("DW_OP_reg18", 0x62, B),
    nv("DW_OP_reg19", 0x63, B),
    nv("DW_OP_reg20", 0x64, B),
    nv("DW_OP_reg21", 0x65, B),
    nv("DW_OP_reg22", 0x66, B),
    nv("DW_OP_reg23", 0x67, B),
    nv("DW_OP_reg24", 0x68, B),
    nv("DW_OP_reg25", 0x69, B),
    nv("DW_OP_reg26", 0x6a, B),
    nv("DW_OP_reg27", 0x6b, B),
    nv("DW_OP_reg28", 0x6c, B),
    nv("DW_OP_reg29", 0x6d, B),
    nv("DW_OP_reg30", 0x6e, B),
    nv("DW_OP_reg31", 0x6f, B),
    nv("DW_OP_breg0", 0x70, B),
    nv("DW_OP_breg1", 0x71, B),
    nv("DW_OP_breg2", 0x72, B),
    nv("DW_OP_breg3", 0x73, B),
    nv("DW_OP_breg4", 0x74, B),
    nv("DW_OP_breg5", 0x75, B),
    nv("DW_OP_breg6", 0x76, B),
    nv("DW_OP_breg7", 0x77, B),
    nv("DW_OP_breg8", 0x78, B),
    nv("DW_OP_breg9", 0x79, B),
    nv("DW_OP_breg10", 0x7a, B),
    nv("DW_OP_breg11", 0x7b, B),
    nv("DW_OP_breg12", 0x7c, B),
    nv("DW_OP_breg13", 0x7d, B),
    nv("DW_OP_breg14", 0x7e, B),
    nv("DW_OP_breg15", 0x7f, B),
    nv("DW_OP_breg16", 0x80, B),
    nv("DW_OP_breg17", 0x81, B),
    nv("DW_OP_breg18", 0x82, B),
    nv("DW_OP_breg19", 0x83, B),
    nv("DW_OP_breg20", 0x84, B),
    nv("DW_OP_breg21", 0x85, B),
    nv("DW_OP_breg22", 0x86, B),
    nv("DW_OP_breg23", 0x87, B),
    nv("DW_OP_breg24", 0x88, B),
    nv("DW_OP_breg25", 0x89, B),
    nv("DW_OP_breg26", 0x8a, B),
    nv("DW_OP_breg27", 0x8b, B),
    nv("DW_OP_breg28", 0x8c, B),
    nv("DW_OP_breg29", 0x8d, B),
    nv("DW_OP_breg30", 0x8e, B),
    nv("DW_OP_breg31", 0x8f, B),
    nv("DW_OP_regx", 0x90, B),
    nv("DW_OP_fbreg", 0x91, B),
    nv("DW_OP_bregx", 0x92, B),
    nv("DW_OP_piece", 0x93, B),
    nv("DW_OP_deref_size", 0x94, B),
    nv("DW_OP_xderef_size", 0x95, B),
    nv("DW_OP_nop", 0x96, B),
    nv("DW_OP_push_object_address", 0x97, B),
    nv("DW_OP_call2", 0x98, B),
    nv("DW_OP_call4", 0x99, B),
    nv("DW_OP_call_ref", 0x9a, B),
    nv("DW_OP_form_tls_address", 0x9b, B),
    nv("DW_OP_call_frame_cfa", 0x9c, B),
    nv("DW_OP_bit_piece", 0x9d, B),
    nv("DW_OP_implicit_value", 0x9e, B),
    nv("DW_OP_stack_value", 0x9f, B),
    nv("DW_OP_implicit_pointer", 0xa0, B),
    nv("DW_OP_addrx", 0xa1, B),
    nv("DW_OP_constx", 0xa2, B),
    nv("DW_OP_entry_value", 0xa3, B),
    nv("DW_OP_const_type", 0xa4, B),
    nv("DW_OP_regval_type", 0xa5, B),
    nv("DW_OP_deref_type", 0xa6, B),
    nv("DW_OP_xderef_type", 0xa7, B),
    nv("DW_OP_convert", 0xa8, B),
    nv("DW_OP_reinterpret", 0xa9, B),
    nv("DW_OP_GNU_push_tls_address", 0xe0, B),
    nv("DW_OP_HP_is_value", 0xe1, V19),
    nv("DW_OP_HP_fltconst4", 0xe2, V19),
    nv("DW_OP_HP_fltconst8", 0xe3, V19),
    nv("DW_OP_HP_mod_range", 0xe4, V19),
    nv("DW_OP_HP_unmod_range", 0xe5, V19),
    nv("DW_OP_HP_tls", 0xe6, V19),
    nv("DW_OP_INTEL_bit_piece", 0xe8, V19),
    nv("DW_OP_LLVM_user", 0xe9, V19),
    nv("DW_OP_WASM_location", 0xed, V19),
    nv("DW_OP_WASM_location_int", 0xee, V19),
    nv("DW_OP_APPLE_uninit", 0xf0, V19),
    nv("DW_OP_GNU_entry_value", 0xf3, V19),
    nv("DW_OP_PGI_omp_thread_num", 0xf8, V19),
    nv("DW_OP_GNU_addr_index", 0xfb, B),
    nv("DW_OP_GNU_const_index", 0xfc, B),
    nv("DW_OP_LLVM_fragment", 0x1000, B),
    nv("DW_OP_LLVM_convert", 0x1001, V19),
    nv("DW_OP_LLVM_tag_offset", 0x1002, V19),
    nv("DW_OP_LLVM_entry_value", 0x1003, V19),
    nv("DW_OP_LLVM_implicit_pointer", 0x1004, V19),
    nv("DW_OP_LLVM_arg", 0x1005, V19),
    nv("DW_OP_LLVM_extract_bits_sext", 0x1006, V19),
    nv("DW_OP_LLVM_extract_bits_zext", 0x1007, V19),
]);

/// `DW_CC_*`: DWARF calling conventions (`DwarfCCField`).
pub static DW_CC: NameTable = names!("DWARF calling convention", &[]; [
    nv("DW_CC_normal", 0x1, B),
    nv("DW_CC_program", 0x2, B),
    nv("DW_CC_nocall", 0x3, B),
    nv("DW_CC_pass_by_reference", 0x4, B),
    nv("DW_CC_pass_by_value", 0x5, B),
    nv("DW_CC_GNU_renesas_sh", 0x40, B),
    nv("DW_CC_GNU_borland_fastcall_i386", 0x41, B),
    nv("DW_CC_BORLAND_safecall", 0xb0, B),
    nv("DW_CC_BORLAND_stdcall", 0xb1, B),
    nv("DW_CC_BORLAND_pascal", 0xb2, B),
    nv("DW_CC_BORLAND_msfastcall", 0xb3, B),
    nv("DW_CC_BORLAND_msreturn", 0xb4, B),
    nv("DW_CC_BORLAND_thiscall", 0xb5, B),
    nv("DW_CC_BORLAND_fastcall", 0xb6, B),
    nv("DW_CC_LLVM_vectorcall", 0xc0, B),
    nv("DW_CC_LLVM_Win64", 0xc1, B),
    nv("DW_CC_LLVM_X86_64SysV", 0xc2, B),
    nv("DW_CC_LLVM_AAPCS", 0xc3, B),
    nv("DW_CC_LLVM_AAPCS_VFP", 0xc4, B),
    nv("DW_CC_LLVM_IntelOclBicc", 0xc5, B),
    nv("DW_CC_LLVM_SpirFunction", 0xc6, B),
    nv("DW_CC_LLVM_OpenCLKernel", 0xc7, B),
    nv("DW_CC_LLVM_Swift", 0xc8, B),
    nv("DW_CC_LLVM_PreserveMost", 0xc9, B),
    nv("DW_CC_LLVM_PreserveAll", 0xca, B),
    nv("DW_CC_LLVM_X86RegCall", 0xcb, B),
    nv("DW_CC_LLVM_M68kRTD", 0xcc, V19),
    nv("DW_CC_LLVM_PreserveNone", 0xcd, V19),
    nv("DW_CC_LLVM_RISCVVectorCall", 0xce, V19),
    nv("DW_CC_LLVM_SwiftTail", 0xcf, V19),
    nv("DW_CC_GDB_IBM_OpenCL", 0xff, B),
]);

/// `DW_VIRTUALITY_*`: DWARF virtualities (`DwarfVirtualityField`).
pub static DW_VIRTUALITY: NameTable = names!("DWARF virtuality", &[]; [
    nv("DW_VIRTUALITY_none", 0x0, B),
    nv("DW_VIRTUALITY_virtual", 0x1, B),
    nv("DW_VIRTUALITY_pure_virtual", 0x2, B),
]);

/// `DW_MACINFO_*`: DWARF macinfo types (`DwarfMacinfoTypeField`).
pub static DW_MACINFO: NameTable = names!("DWARF macinfo type", &[]; [
    nv("DW_MACINFO_define", 0x1, B),
    nv("DW_MACINFO_undef", 0x2, B),
    nv("DW_MACINFO_start_file", 0x3, B),
    nv("DW_MACINFO_end_file", 0x4, B),
    nv("DW_MACINFO_vendor_ext", 0xff, B),
]);

/// Accessibility (bits 0-1) and pointer-to-member representation (bits 16-17) are two-bit fields;
/// `DIFlagIndirectVirtualBase` is `DIFlagFwdDecl | DIFlagVirtual` printed as one name.
const DI_FLAG_GROUPS: &[FlagGroup] = &[FlagGroup::OneOf(0x3), FlagGroup::OneOf(0x3 << 16), FlagGroup::AllOf(0x24)];

/// `DIFlag*`: the `flags:` of types, variables and subprograms (DebugInfoFlags.def).
///
/// `DIFlagZero` is left out: LLVM rejects it in text, as it names no bit. Several bits were
/// renamed between the versions (bit 24: `DIFlagFixedEnum` → `DIFlagEnumClass`; bit 26:
/// `DIFlagTrivial` → `DIFlagNonTrivial`, whose meaning is the opposite), and bit 21
/// (`DIFlagMainSubprogram`) moved to `DISPFlagMainSubprogram` in LLVM 8.
pub static DI_FLAGS: NameTable = names!("debug info flag", DI_FLAG_GROUPS; [
    nv("DIFlagPrivate", 0x1, B),
    nv("DIFlagProtected", 0x2, B),
    nv("DIFlagPublic", 0x3, B),
    nv("DIFlagFwdDecl", 0x4, B),
    nv("DIFlagAppleBlock", 0x8, B),
    nv("DIFlagBlockByrefStruct", 0x10, V7),
    nv("DIFlagReservedBit4", 0x10, V19),
    nv("DIFlagVirtual", 0x20, B),
    nv("DIFlagIndirectVirtualBase", 0x24, B),
    nv("DIFlagArtificial", 0x40, B),
    nv("DIFlagExplicit", 0x80, B),
    nv("DIFlagPrototyped", 0x100, B),
    nv("DIFlagObjcClassComplete", 0x200, B),
    nv("DIFlagObjectPointer", 0x400, B),
    nv("DIFlagVector", 0x800, B),
    nv("DIFlagStaticMember", 0x1000, B),
    nv("DIFlagLValueReference", 0x2000, B),
    nv("DIFlagRValueReference", 0x4000, B),
    nv("DIFlagReserved", 0x8000, V7),
    nv("DIFlagExportSymbols", 0x8000, V19),
    nv("DIFlagSingleInheritance", 0x1_0000, B),
    nv("DIFlagMultipleInheritance", 0x2_0000, B),
    nv("DIFlagVirtualInheritance", 0x3_0000, B),
    nv("DIFlagIntroducedVirtual", 0x4_0000, B),
    nv("DIFlagBitField", 0x8_0000, B),
    nv("DIFlagNoReturn", 0x10_0000, B),
    nv("DIFlagMainSubprogram", 0x20_0000, V7),
    nv("DIFlagTypePassByValue", 0x40_0000, B),
    nv("DIFlagTypePassByReference", 0x80_0000, B),
    nv("DIFlagFixedEnum", 0x100_0000, V7),
    nv("DIFlagEnumClass", 0x100_0000, V19),
    nv("DIFlagThunk", 0x200_0000, B),
    nv("DIFlagTrivial", 0x400_0000, V7),
    nv("DIFlagNonTrivial", 0x400_0000, V19),
    nv("DIFlagBigEndian", 0x800_0000, V19),
    nv("DIFlagLittleEndian", 0x1000_0000, V19),
    nv("DIFlagAllCallsDescribed", 0x2000_0000, V19),
]);

/// `DISPFlag*`: the `spFlags:` of subprograms (LLVM 8 and later; `DISPFlagZero` left out).
pub static DISP_FLAGS: NameTable = names!("subprogram flag", &[]; [
    nv("DISPFlagVirtual", 0x1, V19),
    nv("DISPFlagPureVirtual", 0x2, V19),
    nv("DISPFlagLocalToUnit", 0x4, V19),
    nv("DISPFlagDefinition", 0x8, V19),
    nv("DISPFlagOptimized", 0x10, V19),
    nv("DISPFlagPure", 0x20, V19),
    nv("DISPFlagElemental", 0x40, V19),
    nv("DISPFlagRecursive", 0x80, V19),
    nv("DISPFlagMainSubprogram", 0x100, V19),
    nv("DISPFlagDeleted", 0x200, V19),
    nv("DISPFlagObjCDirect", 0x800, V19),
]);

/// `emissionKind:` of a compile unit.
pub static EMISSION_KINDS: NameTable = names!("emission kind", &[]; [
    nv("NoDebug", 0, B),
    nv("FullDebug", 1, B),
    nv("LineTablesOnly", 2, B),
    nv("DebugDirectivesOnly", 3, V19),
]);

/// `nameTableKind:` of a compile unit (LLVM 8 and later).
pub static NAME_TABLE_KINDS: NameTable = names!("nameTable kind", &[]; [
    nv("Default", 0, V19),
    nv("GNU", 1, V19),
    nv("None", 2, V19),
    nv("Apple", 3, V19),
]);

/// `checksumkind:` of a file. The value 0 was `CSK_None`, which is no longer written.
pub static CHECKSUM_KINDS: NameTable = names!("checksum kind", &[]; [
    nv("CSK_MD5", 1, B),
    nv("CSK_SHA1", 2, B),
    nv("CSK_SHA256", 3, V19),
]);

/// The operations a `!DIExpression` may hold for LLVM to call it valid (`DIExpression::isValid`),
/// with how many operands follow each (`ExprOperand::getSize() - 1`), sorted by `first`.
///
/// LLVM prints a valid expression by operation name; an invalid one as bare integers. Order
/// rules (`DW_OP_LLVM_fragment` last, `DW_OP_stack_value` last or before the fragment,
/// `DW_OP_LLVM_entry_value` first) are not in this table. In LLVM 19 a `DW_OP_reg*` or
/// `DW_OP_breg*` ends the check: whatever follows it is accepted.
pub static EXPR_OPS: &[ExprOpSpec] = &[
    op(0x06, 0x06, 0, B),       // DW_OP_deref
    op(0x10, 0x10, 1, B),       // DW_OP_constu
    op(0x11, 0x11, 1, V19),     // DW_OP_consts
    op(0x12, 0x12, 0, B),       // DW_OP_dup
    op(0x14, 0x14, 0, V19),     // DW_OP_over
    op(0x16, 0x16, 0, B),       // DW_OP_swap
    op(0x18, 0x18, 0, B),       // DW_OP_xderef
    op(0x1a, 0x1a, 0, B),       // DW_OP_and
    op(0x1b, 0x1b, 0, B),       // DW_OP_div
    op(0x1c, 0x1c, 0, B),       // DW_OP_minus
    op(0x1d, 0x1d, 0, B),       // DW_OP_mod
    op(0x1e, 0x1e, 0, B),       // DW_OP_mul
    op(0x20, 0x20, 0, B),       // DW_OP_not
    op(0x21, 0x21, 0, B),       // DW_OP_or
    op(0x22, 0x22, 0, B),       // DW_OP_plus
    op(0x23, 0x23, 1, B),       // DW_OP_plus_uconst
    op(0x24, 0x24, 0, B),       // DW_OP_shl
    op(0x25, 0x25, 0, B),       // DW_OP_shr
    op(0x26, 0x26, 0, B),       // DW_OP_shra
    op(0x27, 0x27, 0, B),       // DW_OP_xor
    op(0x29, 0x29, 0, V19),     // DW_OP_eq
    op(0x2a, 0x2a, 0, V19),     // DW_OP_ge
    op(0x2b, 0x2b, 0, V19),     // DW_OP_gt
    op(0x2c, 0x2c, 0, V19),     // DW_OP_le
    op(0x2d, 0x2d, 0, V19),     // DW_OP_lt
    op(0x2e, 0x2e, 0, V19),     // DW_OP_ne
    op(0x30, 0x30, 0, B),       // DW_OP_lit0
    op(0x50, 0x6f, 0, V19),     // DW_OP_reg0 … DW_OP_reg31
    op(0x70, 0x8f, 1, V19),     // DW_OP_breg0 … DW_OP_breg31
    op(0x90, 0x90, 1, V19),     // DW_OP_regx
    op(0x92, 0x92, 2, V19),     // DW_OP_bregx
    op(0x94, 0x94, 1, V19),     // DW_OP_deref_size
    op(0x97, 0x97, 0, V19),     // DW_OP_push_object_address
    op(0x9f, 0x9f, 0, B),       // DW_OP_stack_value
    op(0x1000, 0x1000, 2, B),   // DW_OP_LLVM_fragment
    op(0x1001, 0x1001, 2, V19), // DW_OP_LLVM_convert (bit size, DW_ATE_* encoding)
    op(0x1002, 0x1002, 1, V19), // DW_OP_LLVM_tag_offset
    op(0x1003, 0x1003, 1, V19), // DW_OP_LLVM_entry_value
    op(0x1004, 0x1004, 0, V19), // DW_OP_LLVM_implicit_pointer
    op(0x1005, 0x1005, 1, V19), // DW_OP_LLVM_arg
    op(0x1006, 0x1006, 2, V19), // DW_OP_LLVM_extract_bits_sext
    op(0x1007, 0x1007, 2, V19), // DW_OP_LLVM_extract_bits_zext
];
