//! Debug-info metadata records (`DI*` nodes, LLVM 8+ layouts) into the nodes the text reader
//! builds from what LLVM prints: each record's operands are named by a layout table, converted by
//! what the field takes (the kind table in `ir::di`) and left out where LLVM's writer leaves them
//! out.

use super::{Reader, Result};
use crate::ir::di::{self, DefaultValue, DiKind, LlvmVersion, Print, ValueKind, DISP_FLAGS, DI_FLAGS};
use crate::ir::metadata::{ExprElem, ExprOp, FieldName, KindName, MdAttachment, MdField, MdId, MdNode};
use crate::ir::value::Value;
use thin_vec::ThinVec;

/// Where a field's value is in a record.
#[derive(Clone, Copy)]
enum Src {
    /// The operand as a number.
    R(usize),
    /// A node, 1-based (0 is null).
    M(usize),
    /// A node, 0-based.
    M0(usize),
    /// A string node, 1-based (0 is none).
    S(usize),
}

use Src::{M, M0, R, S};

/// Record code, kind, and where each field is (fields not listed take their default).
type Layout = (u32, DiKind, &'static [(&'static str, Src)]);

static LAYOUTS: &[Layout] = &[
    (
        7,
        DiKind::Location,
        &[("line", R(1)), ("column", R(2)), ("scope", M0(3)), ("inlinedAt", M(4)), ("isImplicitCode", R(5))],
    ),
    (
        16,
        DiKind::File,
        &[("filename", S(1)), ("directory", S(2)), ("checksumkind", R(3)), ("checksum", S(4)), ("source", S(5))],
    ),
    (
        20,
        DiKind::CompileUnit,
        &[
            ("language", R(1)),
            ("file", M(2)),
            ("producer", S(3)),
            ("isOptimized", R(4)),
            ("flags", S(5)),
            ("runtimeVersion", R(6)),
            ("splitDebugFilename", S(7)),
            ("emissionKind", R(8)),
            ("enums", M(9)),
            ("retainedTypes", M(10)),
            ("globals", M(12)),
            ("imports", M(13)),
            ("dwoId", R(14)),
            ("macros", M(15)),
            ("splitDebugInlining", R(16)),
            ("debugInfoForProfiling", R(17)),
            ("nameTableKind", R(18)),
            ("rangesBaseAddress", R(19)),
            ("sysroot", S(20)),
            ("sdk", S(21)),
        ],
    ),
    (
        21,
        DiKind::Subprogram,
        &[
            ("scope", M(1)),
            ("name", S(2)),
            ("linkageName", S(3)),
            ("file", M(4)),
            ("line", R(5)),
            ("type", M(6)),
            ("scopeLine", R(7)),
            ("containingType", M(8)),
            ("spFlags", R(9)),
            ("virtualIndex", R(10)),
            ("flags", R(11)),
            ("unit", M(12)),
            ("templateParams", M(13)),
            ("declaration", M(14)),
            ("retainedNodes", M(15)),
            ("thisAdjustment", R(16)),
            ("thrownTypes", M(17)),
            ("annotations", M(18)),
            ("targetFuncName", S(19)),
        ],
    ),
    (19, DiKind::SubroutineType, &[("flags", R(1)), ("types", M(2)), ("cc", R(3))]),
    (
        15,
        DiKind::BasicType,
        &[("tag", R(1)), ("name", S(2)), ("size", R(3)), ("align", R(4)), ("encoding", R(5)), ("flags", R(6))],
    ),
    (
        17,
        DiKind::DerivedType,
        &[
            ("tag", R(1)),
            ("name", S(2)),
            ("file", M(3)),
            ("line", R(4)),
            ("scope", M(5)),
            ("baseType", M(6)),
            ("size", R(7)),
            ("align", R(8)),
            ("offset", R(9)),
            ("flags", R(10)),
            ("extraData", M(11)),
            ("dwarfAddressSpace", R(12)),
            ("annotations", M(13)),
        ],
    ),
    (
        18,
        DiKind::CompositeType,
        &[
            ("tag", R(1)),
            ("name", S(2)),
            ("file", M(3)),
            ("line", R(4)),
            ("scope", M(5)),
            ("baseType", M(6)),
            ("size", R(7)),
            ("align", R(8)),
            ("offset", R(9)),
            ("flags", R(10)),
            ("elements", M(11)),
            ("runtimeLang", R(12)),
            ("vtableHolder", M(13)),
            ("templateParams", M(14)),
            ("identifier", S(15)),
            ("discriminator", M(16)),
            ("dataLocation", M(17)),
            ("associated", M(18)),
            ("allocated", M(19)),
            ("rank", M(20)),
            ("annotations", M(21)),
        ],
    ),
    (
        28,
        DiKind::LocalVariable,
        &[
            ("scope", M(1)),
            ("name", S(2)),
            ("file", M(3)),
            ("line", R(4)),
            ("type", M(5)),
            ("arg", R(6)),
            ("flags", R(7)),
            ("align", R(8)),
            ("annotations", M(9)),
        ],
    ),
    (22, DiKind::LexicalBlock, &[("scope", M(1)), ("file", M(2)), ("line", R(3)), ("column", R(4))]),
    (23, DiKind::LexicalBlockFile, &[("scope", M(1)), ("file", M(2)), ("discriminator", R(3))]),
    (
        27,
        DiKind::GlobalVariable,
        &[
            ("scope", M(1)),
            ("name", S(2)),
            ("linkageName", S(3)),
            ("file", M(4)),
            ("line", R(5)),
            ("type", M(6)),
            ("isLocal", R(7)),
            ("isDefinition", R(8)),
            ("declaration", M(9)),
            ("templateParams", M(10)),
            ("align", R(11)),
            ("annotations", M(12)),
        ],
    ),
    (37, DiKind::GlobalVariableExpression, &[("var", M(1)), ("expr", M(2))]),
    (40, DiKind::Label, &[("scope", M(1)), ("name", S(2)), ("file", M(3)), ("line", R(4))]),
    (24, DiKind::Namespace, &[("scope", M(1)), ("name", S(2)), ("exportSymbols", R(99))]),
    (33, DiKind::Macro, &[("type", R(1)), ("line", R(2)), ("name", S(3)), ("value", S(4))]),
    (34, DiKind::MacroFile, &[("type", R(1)), ("line", R(2)), ("file", M(3)), ("nodes", M(4))]),
    (
        44,
        DiKind::CommonBlock,
        &[("scope", M(1)), ("declaration", M(2)), ("name", S(3)), ("file", M(4)), ("line", R(5))],
    ),
    (
        32,
        DiKind::Module,
        &[
            ("file", M(1)),
            ("scope", M(2)),
            ("name", S(3)),
            ("configMacros", S(4)),
            ("includePath", S(5)),
            ("apinotes", S(6)),
            ("line", R(7)),
            ("isDecl", R(8)),
        ],
    ),
    (
        30,
        DiKind::ObjCProperty,
        &[
            ("name", S(1)),
            ("file", M(2)),
            ("line", R(3)),
            ("getter", S(4)),
            ("setter", S(5)),
            ("attributes", R(6)),
            ("type", M(7)),
        ],
    ),
    (
        41,
        DiKind::StringType,
        &[
            ("tag", R(1)),
            ("name", S(2)),
            ("stringLength", M(3)),
            ("stringLengthExpression", M(4)),
            ("stringLocationExpression", M(5)),
            ("size", R(6)),
            ("align", R(7)),
            ("encoding", R(8)),
        ],
    ),
    (45, DiKind::GenericSubrange, &[("count", M(1)), ("lowerBound", M(2)), ("upperBound", M(3)), ("stride", M(4))]),
    (
        26,
        DiKind::TemplateValueParameter,
        &[("tag", R(1)), ("name", S(2)), ("type", M(3)), ("defaulted", R(4)), ("value", M(5))],
    ),
    (25, DiKind::TemplateTypeParameter, &[("name", S(1)), ("type", M(2)), ("defaulted", R(3))]),
    (
        31,
        DiKind::ImportedEntity,
        &[
            ("tag", R(1)),
            ("scope", M(2)),
            ("entity", M(3)),
            ("line", R(4)),
            ("name", S(5)),
            ("file", M(6)),
            ("elements", M(7)),
        ],
    ),
];

/// Debug information of old bitcode that LLVM's reader upgrades once a module-level metadata
/// block is read (`MetadataLoader::upgradeDebugInfo`), and what it needs for that.
#[derive(Debug, Clone, Default)]
pub(super) struct Upgrades {
    /// Old compile units' `subprograms:` lists (metadata id of the unit, of the list): each
    /// listed subprogram gets `unit:` the unit (before LLVM 3.9 the unit listed them).
    cu_subprograms: Vec<(usize, u64)>,
    /// Subprograms that named their function (metadata id of each): the function gets `!dbg`.
    sp_functions: Vec<(usize, u64)>,
    /// Whether a DIGlobalVariable of LLVM 4 or older was read: variables listed by compile
    /// units and attached to globals become DIGlobalVariableExpressions.
    global_variable_expressions: bool,
    /// Composite types with an identifier that type references may name by it (LLVM 3.8 and
    /// older): (metadata id of the type, of the identifier, whether a forward declaration).
    type_refs: Vec<(usize, u64, bool)>,
    /// Subroutine types whose type list may name types by identifier.
    old_type_arrays: Vec<usize>,
    /// Whether a DIExpression of version 0 or 1 was read: `llvm.dbg.declare`s of arguments may
    /// lose a leading `DW_OP_deref` (see `upgrade_declare_expressions`).
    pub(super) declare_expressions: bool,
    /// Whether the module has a VSTOFFSET record (where its symbol table is).
    pub(super) vst_offset: bool,
    /// Whether a string of the old record (LLVM 3.8 and older) named an `llvm.vectorizer.*`
    /// loop property: only then does LLVM rename them in `!llvm.loop` attachments.
    pub(super) old_loop_tags: bool,
}

/// LLVM's `upgradeDIExpression`: a DIExpression record's operations of `version` (0 … 2) in the
/// version-3 encoding (DW_OP_bit_piece → DW_OP_LLVM_fragment, a leading DW_OP_deref moved to
/// the end, DW_OP_plus → DW_OP_plus_uconst, DW_OP_minus → DW_OP_constu, DW_OP_minus).
fn upgrade_expression(version: u64, mut e: Vec<u64>) -> Vec<u64> {
    const DEREF: u64 = 0x06;
    const CONSTU: u64 = 0x10;
    const MINUS: u64 = 0x1c;
    const PLUS: u64 = 0x22;
    const PLUS_UCONST: u64 = 0x23;
    const BIT_PIECE: u64 = 0x9d;
    const FRAGMENT: u64 = 0x1000;
    let n = e.len();
    if version == 0 && n >= 3 && e[n - 3] == BIT_PIECE {
        e[n - 3] = FRAGMENT;
    }
    if version <= 1 && e.first() == Some(&DEREF) {
        let end = if n >= 3 && e[n - 3] == FRAGMENT { n - 3 } else { n };
        e[..end].rotate_left(1);
    }
    let mut out = Vec::with_capacity(e.len() + 2);
    let mut rest = &e[..];
    while let Some(&op) = rest.first() {
        let size = match op {
            CONSTU | MINUS | PLUS => 2,
            FRAGMENT => 3,
            _ => 1,
        }
        .min(rest.len());
        let args = &rest[1..size];
        match op {
            PLUS => {
                out.push(PLUS_UCONST);
                out.extend_from_slice(args);
            }
            MINUS => {
                out.push(CONSTU);
                out.extend_from_slice(args);
                out.push(MINUS);
            }
            _ => {
                out.push(op);
                out.extend_from_slice(args);
            }
        }
        rest = &rest[size..];
    }
    out
}

/// `distinct !DIGlobalVariableExpression(var: …, expr: …)` with distinct number `d`.
fn gve_node(d: std::num::NonZeroU32, var: MdId, expr: MdId) -> MdNode {
    let fields: Vec<(FieldName, MdField)> =
        vec![(FieldName::new(&"var"), MdField::Ref(var)), (FieldName::new(&"expr"), MdField::Ref(expr))];
    MdNode::Special { distinct: Some(d), kind: KindName::of(DiKind::GlobalVariableExpression), fields: fields.into() }
}

/// The value of a field before the writer's rules decide whether it is printed.
enum Raw<'a> {
    Absent,
    Int(u64),
    Node(Option<MdId>),
    /// A string not made a node (see `LazyStrings`): its id and characters.
    Str(usize, &'a [u8]),
}

impl<'a> Reader<'a> {
    /// Reads debug-info record `code` into a node, or `None` if it is not one this reader knows.
    /// The LLVM major version of the identification block's producer (`LLVM22.1.0` → 22), when
    /// it names one.
    fn producer_llvm_major(&self) -> Option<u32> {
        let rest = self.ident.producer.as_deref()?.strip_prefix("LLVM")?;
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        rest.get(..digits)?.parse().ok()
    }

    pub(super) fn debug_info_node(&mut self, code: u32) -> Result<Option<MdNode>> {
        if code == 29 {
            // Borrowed, not copied: an expression record may hold millions of operands.
            let ops = std::mem::take(&mut self.c.ops);
            let node = self.di_expression(&ops);
            self.c.ops = ops;
            return node.map(Some);
        }
        let ops = self.c.ops.clone();
        if code == 13 {
            return self.di_subrange(&ops).map(Some);
        }
        if code == 12 {
            // GENERIC_DEBUG: [distinct, tag, version (0), header, operands…].
            if ops.len() < 4 || ops[2] != 0 || ops[1] >= 1 << 16 {
                return Err(self.err("invalid GenericDINode record"));
            }
            let mut fields: Vec<(FieldName, MdField)> =
                vec![(FieldName::new(&"tag"), self.di_int("tag", ValueKind::DwarfTag, ops[1]))];
            if let Some(h) = self.di_string(ops[3])? {
                fields.push((FieldName::new(&"header"), h));
            }
            let refs = ops[4..]
                .iter()
                .map(|&o| if o == 0 { Ok(None) } else { self.di_ref(o - 1).map(Some) })
                .collect::<Result<Vec<_>>>()?;
            if !refs.is_empty() {
                let t = self.m.metadata.intern(MdNode::Tuple { distinct: None, ops: refs.into() });
                fields.push((FieldName::new(&"operands"), MdField::Ref(t)));
            }
            let distinct = (ops[0] != 0).then(|| self.m.metadata.new_distinct());
            return Ok(Some(MdNode::Special {
                distinct,
                kind: KindName::of(DiKind::GenericDINode),
                fields: fields.into(),
            }));
        }
        if code == 47 {
            let d = self.m.metadata.new_distinct();
            return Ok(Some(MdNode::Special {
                distinct: Some(d),
                kind: KindName::of(DiKind::AssignId),
                fields: Box::new([]),
            }));
        }
        if code == 14 {
            let head = *ops.first().ok_or_else(|| self.err("DIEnumerator record too short"))?;
            if ops.len() < 3 {
                return Err(self.err("DIEnumerator record too short"));
            }
            let unsigned = head & 2 != 0;
            let value = if head & 4 != 0 {
                // A wide value (LLVM 12+): [flags, bit width, name, words (sign-rotated)…].
                let width = ops[1];
                let words = &ops[3..];
                if width == 0 || width > 128 || words.len() > 2 {
                    return Err(self.err("DIEnumerator values wider than 128 bits are not supported"));
                }
                let mut v: u128 = 0;
                for (i, &w) in words.iter().enumerate() {
                    v |= u128::from(super::constants::sign_rotated(w) as u64) << (64 * i);
                }
                let shift = 128 - width as u32;
                if unsigned {
                    ((v << shift) >> shift) as i128
                } else {
                    ((v << shift) as i128) >> shift
                }
            } else {
                // Not the constants' encoding: a negative value is `!(v << 1)` (LLVM's
                // `rotateSign` for enumerators).
                let u = ops[1];
                let v = if u & 1 != 0 { !(u >> 1) as i64 } else { (u >> 1) as i64 };
                if unsigned {
                    i128::from(v as u64)
                } else {
                    i128::from(v)
                }
            };
            let mut fields: Vec<(FieldName, MdField)> = Vec::new();
            fields.push((FieldName::new(&"name"), self.di_string(ops[2])?.unwrap_or(MdField::Str(ThinVec::new()))));
            fields.push((FieldName::new(&"value"), MdField::int(value)));
            if unsigned {
                fields.push((FieldName::new(&"isUnsigned"), MdField::Bool(true)));
            }
            let distinct = (head & 1 != 0).then(|| self.m.metadata.new_distinct());
            return Ok(Some(MdNode::Special {
                distinct,
                kind: KindName::of(DiKind::Enumerator),
                fields: fields.into(),
            }));
        }
        let Some(&(_, kind, layout)) = LAYOUTS.iter().find(|l| l.0 == code) else { return Ok(None) };
        let head = *ops.first().ok_or_else(|| self.err("debug-info record too short"))?;
        let mut layout: Vec<(&str, Src)> = layout.to_vec();
        let mut ops = ops;
        match kind {
            // The flag lives in the first operand; give it a slot of its own.
            DiKind::Namespace => {
                if ops.len() == 5 {
                    layout = vec![("scope", M(1)), ("name", S(3))];
                }
                ops.resize(100, 0);
                ops[99] = (head >> 1) & 1;
            }
            // Before LLVM 11 there is no file, and everything moves up one.
            DiKind::Module if ops.len() < 8 => {
                let names = ["scope", "name", "configMacros", "includePath", "apinotes"];
                layout = names.iter().enumerate().map(|(k, n)| (*n, if k == 0 { M(1) } else { S(k + 1) })).collect();
            }
            // Without a location expression, size, align and encoding move up one.
            DiKind::StringType if ops.len() == 8 => {
                layout.retain(|(n, _)| *n != "stringLocationExpression");
                for (n, src) in layout.iter_mut() {
                    if let ("size" | "align" | "encoding", R(i)) = (*n, *src) {
                        *src = R(i - 1);
                    }
                }
            }
            // Before LLVM 5 there is no file, and LLVM's reader drops the line with it.
            DiKind::ImportedEntity if ops.len() < 7 => {
                layout.retain(|(n, _)| *n != "line");
            }
            // Without the `defaulted` operand, the value is the fifth.
            DiKind::TemplateValueParameter if ops.len() == 5 => {
                layout = vec![("tag", R(1)), ("name", S(2)), ("type", M(3)), ("value", M(4))];
            }
            // The text's setter is the fourth operand in what LLVM 22 writes and the fifth in what
            // LLVM 7 … 21 write (their text reader and bitcode writer both swapped the two; LLVM
            // 22 fixed both, and reads older bitcode with the names exchanged, as measured with
            // llvmlite 0.50). The producer's version says which layout a file has.
            DiKind::ObjCProperty if self.producer_llvm_major().is_some_and(|v| v >= 22) => {
                for (name, _) in layout.iter_mut() {
                    match *name {
                        "getter" => *name = "setter",
                        "setter" => *name = "getter",
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        match kind {
            DiKind::Subprogram if head & 4 == 0 => {
                ops = self.old_subprogram(&ops)?;
            }
            // Before LLVM 5 (no alignment): maybe a tag operand (`DW_TAG_arg_variable`) first.
            DiKind::LocalVariable if head & 2 == 0 => {
                if !(8..=10).contains(&ops.len()) {
                    return Err(self.err("DILocalVariable record of the wrong length"));
                }
                let t = usize::from(ops.len() > 8);
                ops = vec![
                    head & 1,
                    ops[1 + t],
                    ops[2 + t],
                    ops[3 + t],
                    ops[4 + t],
                    ops[5 + t],
                    ops[6 + t],
                    ops[7 + t],
                    0,
                ];
            }
            // LLVM 5 … 7 (version 1): an unused expression operand at 9, then the declaration
            // and the alignment; no template parameters.
            DiKind::GlobalVariable if head >> 1 == 1 && ops.len() == 12 => {
                ops = [&ops[..9], &[ops[10], 0, ops[11]]].concat();
            }
            DiKind::GlobalVariable if head >> 1 != 2 => {
                return Err(self.err("DIGlobalVariable records older than LLVM 5 are not supported"));
            }
            DiKind::File if !(ops.len() > 4 && ops[3] != 0 && ops[4] != 0) => {
                layout.retain(|(n, _)| !matches!(*n, "checksumkind" | "checksum"));
            }
            // LLVM 22: a DWARF 6 language name (`sourceLanguageName:`) sets the top bit of the
            // language's operand (the name is its low 16 bits) and its version follows `sdk`.
            DiKind::CompileUnit if ops.get(1).is_some_and(|v| v >> 63 == 1) => {
                ops[1] &= 0xffff;
                layout.retain(|(n, _)| *n != "language");
                layout.extend([("sourceLanguageName", R(1)), ("sourceLanguageVersion", R(22))]);
            }
            _ => {}
        }
        let ops = ops;
        let get = |this: &mut Self, name: &str| -> Result<Raw<'a>> {
            let Some(&(_, src)) = layout.iter().find(|(n, _)| *n == name) else { return Ok(Raw::Absent) };
            let at = |i: usize| ops.get(i).copied();
            Ok(match src {
                R(i) => at(i).map_or(Raw::Absent, Raw::Int),
                M(i) | S(i) => match at(i) {
                    None => Raw::Absent,
                    Some(0) => Raw::Node(None),
                    Some(v) => {
                        let id = usize::try_from(v - 1).unwrap_or(usize::MAX);
                        match this.lazy_string(id) {
                            Some(s) => Raw::Str(id, s),
                            None => Raw::Node(Some(this.di_ref(v - 1)?)),
                        }
                    }
                },
                M0(i) => match at(i) {
                    None => Raw::Absent,
                    Some(v) => Raw::Node(Some(this.di_ref(v)?)),
                },
            })
        };
        let spec = kind.spec();
        let mut fields: Vec<(FieldName, MdField)> = Vec::with_capacity(spec.fields.len());
        let mut sp_flags = match get(self, "spFlags")? {
            Raw::Int(v) => v,
            _ => 0,
        };
        for f in spec.fields_in(LlvmVersion::Llvm19) {
            let rules = f.rules(LlvmVersion::Llvm19).expect("fields_in gives fields of the version");
            let raw = get(self, f.name)?;
            let raw_int = if let Raw::Int(v) = raw { Some(v) } else { None };
            if f.name == "spFlags" {
                if let Raw::Int(v) = raw {
                    sp_flags = v;
                }
            }
            let value = match raw {
                Raw::Absent => match rules.default {
                    DefaultValue::Unsigned(v) => Some(MdField::int(i128::from(v))),
                    DefaultValue::Signed(v) => Some(MdField::int(i128::from(v))),
                    DefaultValue::Bool(b) => Some(MdField::Bool(b)),
                    _ => None,
                },
                Raw::Int(v) => Some(self.di_int(f.name, rules.kind, v)),
                Raw::Node(None) => None,
                Raw::Node(Some(id)) => Some(match (rules.kind, self.m.metadata.get(id)) {
                    (ValueKind::MdString { .. }, MdNode::String(s)) => MdField::str(s),
                    _ => MdField::Ref(id),
                }),
                Raw::Str(id, s) => Some(match rules.kind {
                    ValueKind::MdString { .. } => MdField::str(s),
                    _ => MdField::Ref(self.md_slot(id).expect("a string still in the input")),
                }),
            };
            let empty = match &value {
                None => true,
                Some(MdField::Int(0)) | Some(MdField::Bool(false)) => true,
                Some(MdField::Word(w)) => w.is_empty(),
                Some(MdField::Str(s)) => s.is_empty(),
                _ => false,
            };
            let default = match rules.default {
                DefaultValue::Unsigned(v) => Some(MdField::int(i128::from(v))),
                DefaultValue::Signed(v) => Some(MdField::int(i128::from(v))),
                DefaultValue::Bool(b) => Some(MdField::Bool(b)),
                DefaultValue::Null => None,
                _ => None,
            };
            let print = match rules.print {
                // A compile unit has `language:` or `sourceLanguageName:`: the one it lacks (no
                // default, not required) is not printed.
                Print::Always => value.is_some() || rules.required || rules.default != DefaultValue::None,
                Print::OmitIfEmpty => !empty,
                Print::OmitIfDefault => match (raw_int, rules.default) {
                    (Some(v), DefaultValue::Unsigned(d)) => v != d,
                    (Some(v), DefaultValue::Signed(d)) => v as i64 != d,
                    (Some(v), DefaultValue::Bool(d)) => (v != 0) != d,
                    _ => value != default,
                },
                Print::Never => false,
                Print::Conditional => match f.name {
                    // The stored value is the address space plus one; zero means none.
                    "dwarfAddressSpace" => {
                        // Absent before LLVM 5; zero for none.
                        if let Some(v) = raw_int.filter(|&v| v != 0) {
                            fields.push((FieldName::new(&f.name), MdField::int(i128::from(v) - 1)));
                        }
                        false
                    }
                    "checksumkind" | "checksum" | "source" => value.is_some(),
                    // LLVM prints it for a virtual function, or when not zero.
                    "virtualIndex" => sp_flags & 3 != 0 || raw_int.is_some_and(|v| v != 0),
                    _ => false,
                },
            };
            if print {
                let v = value.unwrap_or(MdField::Null);
                fields.push((FieldName::new(&f.name), v));
            }
        }
        let distinct = match kind {
            DiKind::CompileUnit => true,
            DiKind::Subprogram => head & 1 != 0 || sp_flags & 8 != 0,
            _ => head & 1 != 0,
        };
        let distinct = distinct.then(|| self.m.metadata.new_distinct());
        // Exactly as long as it is (a shrunk vector may keep its allocation's size class).
        let fields: Box<[_]> = fields.drain(..).collect();
        Ok(Some(MdNode::Special { distinct, kind: KindName::of(spec.kind), fields }))
    }

    /// Notes what a debug-info record just read as metadata id `id` asks of the upgrades that
    /// follow its block.
    pub(super) fn note_upgrades(&mut self, code: u32, id: usize) -> Result<()> {
        let r = &self.c.ops;
        match code {
            // An old compile unit's `subprograms:` list.
            20 => {
                if let Some(&l) = r.get(11).filter(|&&l| l != 0) {
                    self.di_upgrade.cu_subprograms.push((id, l - 1));
                }
            }
            // A composite type others may name by its identifier (not flagged as unused so).
            18 if r[0] & 2 == 0 && r.get(15).is_some_and(|&s| s != 0) => {
                self.di_upgrade.type_refs.push((id, r[15] - 1, r[10] & 4 != 0));
            }
            19 if r[0] < 2 => self.di_upgrade.old_type_arrays.push(id),
            // A subprogram of LLVM 3.8 and older naming its function (no unit; 19+ operands).
            21 if r[0] & 4 == 0 && r[0] & 2 == 0 && r.len() >= 19 && r[15] != 0 => {
                self.di_upgrade.sp_functions.push((id, r[15] - 1));
            }
            _ => {}
        }
        Ok(())
    }

    /// A DIGlobalVariable record of LLVM 4 and older (version 0): the variable named a global
    /// (now attached to it) or held a constant (now an expression), as LLVM upgrades it.
    pub(super) fn old_global_variable(&mut self, next: &mut usize) -> Result<()> {
        let r = self.c.ops.clone();
        if !(11..=13).contains(&r.len()) {
            return Err(self.err("DIGlobalVariable record of the wrong length"));
        }
        self.di_upgrade.global_variable_expressions = true;
        let align = r.get(11).copied().unwrap_or(0);
        let new = vec![(r[0] & 1) | 4, r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[10], 0, align];
        let saved = std::mem::replace(&mut self.c.ops, new);
        let node = self.debug_info_node(27);
        self.c.ops = saved;
        let var_node = node?.expect("DIGlobalVariable has a layout");
        // What the variable held.
        let held = if r[9] == 0 { None } else { Some(self.md_ref(r[9] - 1)?) };
        let (mut attach, mut expr) = (None, None);
        // Anything but a constant is the expression (LLVM 4's `expr:`, maybe not read yet).
        if let Some(h) = held.filter(|&h| !matches!(self.m.metadata.get(h), MdNode::Value(..))) {
            expr = Some(h);
        }
        if let Some(MdNode::Value(_, Value::Const(c))) = held.map(|h| self.m.metadata.get(h).clone()) {
            match &self.m.consts[c] {
                crate::ir::constant::ConstData::Global { global, .. } => {
                    if let Some(crate::ir::module::GlobalDef::Var(g)) = self.m.symbols[*global].def {
                        attach = Some(g);
                    }
                }
                crate::ir::constant::ConstData::Int { value, .. } => {
                    let v = value.as_u64().unwrap_or(0);
                    let elems =
                        vec![ExprElem::word("DW_OP_constu"), ExprElem::Int(v), ExprElem::word("DW_OP_stack_value")];
                    expr = Some(self.m.metadata.intern(MdNode::Expression(elems.into())));
                }
                _ => {}
            }
        }
        // The id names the expression when there is a constant, else the variable (defined
        // through `md_define`, so that a forward reference to it resolves).
        if let Some(e) = expr {
            let var = self.m.metadata.intern(var_node);
            let d = self.m.metadata.new_distinct();
            return self.md_define(next, gve_node(d, var, e));
        }
        self.md_define(next, var_node)?;
        if let Some(g) = attach {
            let var = self.mds[*next - 1].expect("just defined");
            let empty = self.m.metadata.intern(MdNode::Expression(Box::new([])));
            let gve = self.global_variable_expression(var, empty);
            let kind = self.m.metadata.kind("dbg");
            self.m.globals[g]
                .props
                .edit_rare(|r| crate::ir::push_exact(&mut r.metadata, [MdAttachment { kind, node: gve }]));
        }
        Ok(())
    }

    /// A new `distinct !DIGlobalVariableExpression(var: …, expr: …)`.
    fn global_variable_expression(&mut self, var: MdId, expr: MdId) -> MdId {
        let d = self.m.metadata.new_distinct();
        self.m.metadata.intern(gve_node(d, var, expr))
    }

    /// The upgrades LLVM makes at the end of a module-level metadata block.
    pub(super) fn upgrade_debug_info(&mut self) -> Result<()> {
        let node_of = |this: &Self, id: usize| this.mds.get(id).copied().flatten();
        // Subprograms listed by an old compile unit get it as their unit.
        for (cu, list) in std::mem::take(&mut self.di_upgrade.cu_subprograms) {
            let (Some(cu), Some(list)) = (node_of(self, cu), node_of(self, list as usize)) else { continue };
            let MdNode::Tuple { ops, .. } = self.m.metadata.get(list).clone() else { continue };
            for sp in ops.iter().flatten() {
                self.set_field(*sp, "DISubprogram", &"unit", MdField::Ref(cu));
            }
        }
        // Definitions get the subprogram that named them.
        for (sp, f) in std::mem::take(&mut self.di_upgrade.sp_functions) {
            let (Some(sp), Some(f)) = (node_of(self, sp), node_of(self, f as usize)) else { continue };
            let MdNode::Value(_, Value::Const(c)) = self.m.metadata.get(f) else { continue };
            let crate::ir::constant::ConstData::Global { global, .. } = &self.m.consts[*c] else { continue };
            let Some(crate::ir::module::GlobalDef::Func(func)) = self.m.symbols[*global].def else { continue };
            let kind = self.m.metadata.kind("dbg");
            let func = &mut self.m.functions[func];
            if func.is_definition && !func.props.metadata().iter().any(|a| a.kind == kind) {
                func.props.edit_rare(|r| crate::ir::push_exact(&mut r.metadata, [MdAttachment { kind, node: sp }]));
            }
        }
        if std::mem::take(&mut self.di_upgrade.global_variable_expressions) {
            self.upgrade_global_variables();
        }
        if !self.di_upgrade.type_refs.is_empty() {
            self.upgrade_type_refs();
        }
        Ok(())
    }

    /// LLVM 3.8's type references by identifier (`baseType: !"_ZTS1T"`) made references to the
    /// composite type with that identifier (its definition before a forward declaration), as
    /// LLVM's reader does; a name no type has stays a string.
    fn upgrade_type_refs(&mut self) {
        let mut by_name: std::collections::HashMap<Box<[u8]>, (MdId, bool)> = Default::default();
        for (ty, name, fwd) in std::mem::take(&mut self.di_upgrade.type_refs) {
            let (Some(ty), Some(s)) =
                (self.mds.get(ty).copied().flatten(), self.md_string(usize::try_from(name).unwrap_or(usize::MAX)))
            else {
                continue;
            };
            let e = by_name.entry(s.into()).or_insert((ty, fwd));
            if e.1 && !fwd {
                *e = (ty, fwd);
            }
        }
        let resolve = |md: &crate::ir::metadata::Metadata, r: MdId| match md.get(r) {
            MdNode::String(s) => by_name.get(s).map(|&(t, _)| t),
            _ => None,
        };
        let fields: &[(&str, &[&str])] = &[
            ("DIDerivedType", &["scope", "baseType", "extraData"]),
            ("DICompositeType", &["scope", "baseType", "vtableHolder"]),
            ("DISubprogram", &["scope", "containingType"]),
            ("DITemplateTypeParameter", &["type"]),
            ("DITemplateValueParameter", &["type"]),
            ("DIGlobalVariable", &["type"]),
            ("DILocalVariable", &["type"]),
            ("DIObjCProperty", &["type"]),
            ("DIImportedEntity", &["entity"]),
        ];
        let ids: Vec<MdId> = self.m.metadata.iter().map(|(id, _)| id).collect();
        for id in ids {
            let MdNode::Special { distinct, kind, fields: fs } = self.m.metadata.get(id) else { continue };
            let Some((_, names)) = fields.iter().find(|(k, _)| **k == **kind) else { continue };
            let mut new = fs.clone();
            let mut changed = false;
            for (name, value) in new.iter_mut() {
                if let (true, MdField::Ref(r)) = (names.contains(&&**name), &*value) {
                    if let Some(t) = resolve(&self.m.metadata, *r) {
                        *value = MdField::Ref(t);
                        changed = true;
                    }
                }
            }
            if changed {
                let node = MdNode::Special { distinct: *distinct, kind: *kind, fields: new };
                self.m.metadata.define(id, node);
            }
        }
        // Old subroutine types' type lists.
        for st in std::mem::take(&mut self.di_upgrade.old_type_arrays) {
            let Some(st) = self.mds.get(st).copied().flatten() else { continue };
            let MdNode::Special { fields, .. } = self.m.metadata.get(st) else { continue };
            let Some(MdField::Ref(list)) = fields.iter().find(|(n, _)| &**n == "types").map(|(_, f)| f.clone()) else {
                continue;
            };
            let MdNode::Tuple { distinct, ops } = self.m.metadata.get(list).clone() else { continue };
            let resolved: Box<[Option<MdId>]> =
                ops.iter().map(|o| o.map(|r| resolve(&self.m.metadata, r).unwrap_or(r))).collect();
            if resolved != ops {
                self.m.metadata.define(list, MdNode::Tuple { distinct, ops: resolved });
            }
        }
    }

    /// LLVM's `upgradeCUVariables`: variables in the `globals:` of the units `!llvm.dbg.cu`
    /// lists, and variables attached to globals, become (distinct) variable expressions.
    fn upgrade_global_variables(&mut self) {
        let is_var = |md: &crate::ir::metadata::Metadata, id: MdId| matches!(md.get(id), MdNode::Special { kind, .. } if &**kind == "DIGlobalVariable");
        let empty = self.m.metadata.intern(MdNode::Expression(Box::new([])));
        let cus: Vec<MdId> =
            self.m.metadata.named.iter().filter(|n| &*n.name == "llvm.dbg.cu").flat_map(|n| n.nodes.clone()).collect();
        for cu in cus {
            let MdNode::Special { fields, .. } = self.m.metadata.get(cu).clone() else { continue };
            let Some(MdField::Ref(list)) = fields.iter().find(|(n, _)| &**n == "globals").map(|(_, f)| f.clone())
            else {
                continue;
            };
            let MdNode::Tuple { distinct, ops } = self.m.metadata.get(list).clone() else { continue };
            if !ops.iter().flatten().any(|&v| is_var(&self.m.metadata, v)) {
                continue;
            }
            let mut new_ops = Vec::with_capacity(ops.len());
            for op in ops.iter() {
                new_ops.push(match op {
                    Some(v) if is_var(&self.m.metadata, *v) => Some(self.global_variable_expression(*v, empty)),
                    o => *o,
                });
            }
            let new_list = self.m.metadata.intern(MdNode::Tuple { distinct, ops: new_ops.into() });
            self.set_field(cu, "DICompileUnit", &"globals", MdField::Ref(new_list));
        }
        let dbg = self.m.metadata.kind("dbg");
        let globals: Vec<_> = self.m.globals.iter().map(|(g, _)| g).collect();
        for g in globals {
            let atts = self.m.globals[g].props.metadata().to_vec();
            if !atts.iter().any(|a| a.kind == dbg && is_var(&self.m.metadata, a.node)) {
                continue;
            }
            let mut new = ThinVec::with_capacity(atts.len());
            for a in atts {
                let node = if a.kind == dbg && is_var(&self.m.metadata, a.node) {
                    self.global_variable_expression(a.node, empty)
                } else {
                    a.node
                };
                new.push(MdAttachment { kind: a.kind, node });
            }
            self.m.globals[g].props.edit_rare(|r| r.metadata = new);
        }
    }

    /// LLVM's `upgradeDeclareExpressions` (for DIExpressions of version 0 or 1): a
    /// `llvm.dbg.declare` of an argument whose expression starts with `DW_OP_deref` loses it.
    /// LLVM runs it as it finishes the module's records, which it does after reading the bodies
    /// only when the symbol table came before them (a VSTOFFSET record, LLVM 3.8 on): in older
    /// files it finds no body and changes nothing.
    pub(super) fn upgrade_declare_expressions(&mut self) {
        let declare = self.m.symbols.iter().find(|(_, s)| &*s.name == "llvm.dbg.declare").map(|(id, _)| id);
        let Some(declare) = declare else { return };
        let fids: Vec<_> = self.m.functions.iter().map(|(f, _)| f).collect();
        for fid in fids {
            let iids: Vec<_> = self.m.functions[fid].insts.iter().map(|(i, _)| i).collect();
            for iid in iids {
                let f = &self.m.functions[fid];
                let crate::ir::InstKind::Call { call, .. } = &f.insts[iid].kind else { continue };
                let Value::Const(c) = call.callee else { continue };
                if !matches!(&self.m.consts[c], crate::ir::constant::ConstData::Global { global, .. } if *global == declare)
                {
                    continue;
                }
                let (Some(addr), Some(expr)) = (call.args.first(), call.args.get(2)) else { continue };
                let of_arg = match addr.value {
                    Value::LocalMd(l) => {
                        matches!(f.local_md[l], crate::ir::function::LocalMd::Value(_, Value::Arg(_)))
                    }
                    _ => false,
                };
                let Value::Md(e) = expr.value else { continue };
                let MdNode::Expression(elems) = self.m.metadata.get(e) else { continue };
                if !of_arg || !matches!(elems.first(), Some(ExprElem::Op(op)) if op.name() == "DW_OP_deref") {
                    continue;
                }
                let rest: Box<[ExprElem]> = elems[1..].into();
                let new = self.m.metadata.intern(MdNode::Expression(rest));
                if let crate::ir::InstKind::Call { call, .. } = &mut self.m.functions[fid].insts[iid].kind {
                    call.args[2].value = Value::Md(new);
                }
            }
        }
    }

    /// Sets field `name` of a `kind` node (a distinct one in place; a uniqued one too, as
    /// LLVM's `replaceOperandWith` does), placed as the kind's field list orders it.
    fn set_field(&mut self, id: MdId, kind: &str, name: &'static &'static str, value: MdField) {
        let MdNode::Special { distinct, kind: k, fields } = self.m.metadata.get(id).clone() else { return };
        if k != kind {
            return;
        }
        let mut fields: Vec<(FieldName, MdField)> = fields.into_vec();
        match fields.iter_mut().find(|(n, _)| *n == **name) {
            Some(f) => f.1 = value,
            None => {
                let spec = DiKind::from_name(kind).expect("a DI kind").spec();
                let order = |n: &str| spec.fields.iter().position(|f| f.name == n).unwrap_or(usize::MAX);
                let at = fields.iter().position(|(n, _)| order(n) > order(name)).unwrap_or(fields.len());
                fields.insert(at, (FieldName::new(name), value));
            }
        }
        self.m.metadata.define(id, MdNode::Special { distinct, kind: k, fields: fields.into() });
    }

    fn old_subprogram(&self, r: &[u64]) -> Result<Vec<u64>> {
        convert_old_subprogram(r).ok_or_else(|| self.err("DISubprogram record too short"))
    }

    /// A node id inside a debug-info record, as a node (placeholder for a forward reference).
    fn di_ref(&mut self, id: u64) -> Result<MdId> {
        self.md_ref(id)
    }

    fn di_string(&mut self, raw: u64) -> Result<Option<MdField>> {
        if raw == 0 {
            return Ok(None);
        }
        if let Some(s) = self.lazy_string(usize::try_from(raw - 1).unwrap_or(usize::MAX)) {
            return Ok(Some(MdField::str(s)));
        }
        let id = self.di_ref(raw - 1)?;
        Ok(Some(match self.m.metadata.get(id) {
            MdNode::String(s) => MdField::str(s),
            _ => MdField::Ref(id),
        }))
    }

    /// An integer field as LLVM prints it: a name where the field takes names, flags joined.
    fn di_int(&self, name: &str, kind: ValueKind, v: u64) -> MdField {
        let version = LlvmVersion::Llvm19;
        match kind {
            ValueKind::Bool => MdField::Bool(v != 0),
            ValueKind::DiFlags | ValueKind::DiSpFlags => {
                let table = if kind == ValueKind::DiFlags { &DI_FLAGS } else { &DISP_FLAGS };
                let mut split = table.split_flags(v as u32, version);
                let mut parts: Vec<String> = split.by_ref().map(|e| e.name.to_string()).collect();
                if split.remainder() != 0 || parts.is_empty() {
                    parts.push(split.remainder().to_string());
                }
                if v == 0 {
                    return MdField::Int(0);
                }
                MdField::word(&parts.join(" | "))
            }
            ValueKind::Signed { .. } => MdField::Int(v as u32 as i32 as i64),
            k => match k.names().and_then(|t| t.name_of(v as u32, version)) {
                Some(n) if v != 0 || matches!(name, "tag" | "emissionKind") => MdField::word(n),
                _ => MdField::int(i128::from(v)),
            },
        }
    }

    fn di_expression(&mut self, ops: &[u64]) -> Result<MdNode> {
        let head = *ops.first().ok_or_else(|| self.err("DIExpression record too short"))?;
        let version = head >> 1;
        if version > 3 {
            return Err(self.err(format!("DIExpression record of unknown version {version}")));
        }
        let upgraded;
        let ops = if version < 3 {
            if version < 2 {
                self.di_upgrade.declare_expressions = true;
            }
            upgraded = [&[head][..], &upgrade_expression(version, ops[1..].to_vec())].concat();
            &upgraded[..]
        } else {
            ops
        };
        let mut elems = Vec::with_capacity(ops.len() - 1);
        let mut i = 1;
        while i < ops.len() {
            let op = ops[i] as u32;
            let spec = di::expr_op(op, LlvmVersion::Llvm19);
            match ExprOp::operation(op, LlvmVersion::Llvm19).filter(|_| spec.is_some()) {
                Some(name) => {
                    elems.push(ExprElem::Op(name));
                    let n = usize::from(spec.map_or(0, |s| s.args));
                    for k in 0..n {
                        let a = *ops
                            .get(i + 1 + k)
                            .ok_or_else(|| self.err("DIExpression operation without its operands"))?;
                        // DW_OP_LLVM_convert's encoding prints by name.
                        let named =
                            (op == 0x1001 && k == 1).then(|| ExprOp::encoding(a as u32, LlvmVersion::Llvm19)).flatten();
                        elems.push(match named {
                            Some(n) => ExprElem::Op(n),
                            None => ExprElem::Int(a),
                        });
                    }
                    i += 1 + n;
                }
                None => {
                    elems.push(ExprElem::Int(u64::from(op)));
                    i += 1;
                }
            }
        }
        Ok(MdNode::Expression(elems.into()))
    }

    fn di_subrange(&mut self, ops: &[u64]) -> Result<MdNode> {
        let head = *ops.first().ok_or_else(|| self.err("DISubrange record too short"))?;
        let mut fields: Vec<(FieldName, MdField)> = Vec::new();
        let bound = |this: &mut Self, raw: u64| -> Result<Option<MdField>> {
            if raw == 0 {
                return Ok(None);
            }
            let id = this.di_ref(raw - 1)?;
            Ok(Some(match this.m.metadata.get(id) {
                MdNode::Value(t, Value::Const(c)) => match (&this.m.consts[*c], this.m.types.int_width(*t)) {
                    (crate::ir::constant::ConstData::Int { value, .. }, Some(w)) => {
                        MdField::int(value.as_signed(w).unwrap_or_default())
                    }
                    _ => MdField::Ref(id),
                },
                _ => MdField::Ref(id),
            }))
        };
        match head >> 1 {
            0 => {
                fields.push((FieldName::new(&"count"), MdField::Int(ops.get(1).copied().unwrap_or(0) as i64)));
                let lb = super::constants::sign_rotated(ops.get(2).copied().unwrap_or(0));
                fields.push((FieldName::new(&"lowerBound"), MdField::int(i128::from(lb))));
            }
            1 => {
                if let Some(c) = bound(self, ops.get(1).copied().unwrap_or(0))? {
                    fields.push((FieldName::new(&"count"), c));
                }
                let lb = super::constants::sign_rotated(ops.get(2).copied().unwrap_or(0));
                fields.push((FieldName::new(&"lowerBound"), MdField::int(i128::from(lb))));
            }
            2 => {
                for (k, name) in [&"count", &"lowerBound", &"upperBound", &"stride"].into_iter().enumerate() {
                    if let Some(v) = bound(self, ops.get(k + 1).copied().unwrap_or(0))? {
                        fields.push((FieldName::new(name), v));
                    }
                }
            }
            v => return Err(self.err(format!("DISubrange record version {v} is not supported"))),
        }
        let distinct = (head & 1 != 0).then(|| self.m.metadata.new_distinct());
        Ok(MdNode::Special { distinct, kind: KindName::of(DiKind::Subrange), fields: fields.into() })
    }
}

/// A DISubprogram record of LLVM 7 and older (no `spFlags`) in the LLVM 8+ layout: the
/// local/definition/optimized/virtuality operands become `spFlags`, as LLVM's reader does.
fn convert_old_subprogram(r: &[u64]) -> Option<Vec<u64>> {
    if r.len() < 18 {
        return None;
    }
    let has_unit = r[0] & 2 != 0;
    let ob = if r.len() >= 19 { 3 } else { 2 };
    let at = |i: usize| r.get(i).copied().unwrap_or(0);
    const MAIN: u64 = 1 << 21;
    let flags = at(13);
    let mut sp = at(11) & 3;
    if at(7) != 0 {
        sp |= 4;
    }
    if at(8) != 0 {
        sp |= 8;
    }
    if at(14) != 0 {
        sp |= 16;
    }
    if flags & MAIN != 0 {
        sp |= 256;
    }
    Some(vec![
        (r[0] & 3) | 4,
        at(1),
        at(2),
        at(3),
        at(4),
        at(5),
        at(6),
        at(9),
        at(10),
        sp,
        at(12),
        flags & !MAIN,
        if has_unit { at(12 + ob) } else { 0 },
        at(13 + ob),
        at(14 + ob),
        at(15 + ob),
        if r.len() >= 20 { at(16 + ob) } else { 0 },
        if r.len() >= 21 { at(17 + ob) } else { 0 },
    ])
}

#[cfg(test)]
mod tests {
    /// LLVM 7's DISubprogram record (unit present, 19 operands) mapped to LLVM 8's layout, as
    /// LLVM's reader maps it: scope, names, file, line, type; scopeLine and containingType move
    /// up; isLocal/isDefinition/isOptimized/virtuality become spFlags; unit and the lists follow.
    #[test]
    fn old_subprogram_layout() {
        // [distinct|hasUnit, scope, name, linkage, file, line, type, isLocal, isDefinition,
        //  scopeLine, containingType, virtuality, virtualIndex, flags, isOptimized,
        //  unit, templateParams, declaration, retainedNodes]
        let old: Vec<u64> = vec![3, 11, 12, 13, 14, 15, 16, 1, 1, 19, 20, 0, 22, 1 << 21 | 8, 1, 25, 26, 27, 28];
        let got = super::convert_old_subprogram(&old).unwrap();
        let want: Vec<u64> = vec![7, 11, 12, 13, 14, 15, 16, 19, 20, 4 | 8 | 16 | 256, 22, 8, 25, 26, 27, 28, 0, 0];
        assert_eq!(got, want);
    }
}
