//! Debug-info metadata records (`DI*` nodes, LLVM 8+ layouts) into the nodes the text reader
//! builds from what LLVM prints: each record's operands are named by a layout table, converted by
//! what the field takes (the kind table in `ir::di`) and left out where LLVM's writer leaves them
//! out.

use super::{Reader, Result};
use crate::ir::di::{self, DefaultValue, DiKind, LlvmVersion, Print, ValueKind, DISP_FLAGS, DI_FLAGS};
use crate::ir::metadata::{ExprElem, MdField, MdId, MdNode};
use crate::ir::value::Value;

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

/// The value of a field before the writer's rules decide whether it is printed.
enum Raw {
    Absent,
    Int(u64),
    Node(Option<MdId>),
}

impl Reader<'_> {
    /// Reads debug-info record `code` into a node, or `None` if it is not one this reader knows.
    pub(super) fn debug_info_node(&mut self, code: u32) -> Result<Option<MdNode>> {
        let ops = self.c.ops.clone();
        if code == 29 {
            return self.di_expression(&ops).map(Some);
        }
        if code == 13 {
            return self.di_subrange(&ops).map(Some);
        }
        if code == 47 {
            let d = self.m.metadata.new_distinct();
            return Ok(Some(MdNode::Special { distinct: Some(d), kind: "DIAssignID".into(), fields: Box::new([]) }));
        }
        if code == 14 {
            let head = *ops.first().ok_or_else(|| self.err("DIEnumerator record too short"))?;
            if head & 4 != 0 || ops.len() < 3 {
                return Err(self.err("wide DIEnumerator values are not supported"));
            }
            let unsigned = head & 2 != 0;
            let v = super::constants::sign_rotated(ops[1]);
            let value = if unsigned { i128::from(v as u64) } else { i128::from(v) };
            let mut fields: Vec<(Box<str>, MdField)> = Vec::new();
            fields.push(("name".into(), self.di_string(ops[2])?.unwrap_or(MdField::Str(Box::new([])))));
            fields.push(("value".into(), MdField::Int(value)));
            if unsigned {
                fields.push(("isUnsigned".into(), MdField::Bool(true)));
            }
            let distinct = (head & 1 != 0).then(|| self.m.metadata.new_distinct());
            return Ok(Some(MdNode::Special { distinct, kind: "DIEnumerator".into(), fields: fields.into() }));
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
            // Without the `defaulted` operand, the value is the fifth.
            DiKind::TemplateValueParameter if ops.len() == 5 => {
                layout = vec![("tag", R(1)), ("name", S(2)), ("type", M(3)), ("value", M(4))];
            }
            _ => {}
        }
        match kind {
            DiKind::Subprogram if head & 4 == 0 => {
                ops = self.old_subprogram(&ops)?;
            }
            DiKind::LocalVariable if head & 2 == 0 => {
                return Err(self.err("DILocalVariable records older than LLVM 5 are not supported"));
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
            _ => {}
        }
        let ops = ops;
        let get = |this: &mut Self, name: &str| -> Result<Raw> {
            let Some(&(_, src)) = layout.iter().find(|(n, _)| *n == name) else { return Ok(Raw::Absent) };
            let at = |i: usize| ops.get(i).copied();
            Ok(match src {
                R(i) => at(i).map_or(Raw::Absent, Raw::Int),
                M(i) | S(i) => match at(i) {
                    None => Raw::Absent,
                    Some(0) => Raw::Node(None),
                    Some(v) => Raw::Node(Some(this.di_ref(v - 1)?)),
                },
                M0(i) => match at(i) {
                    None => Raw::Absent,
                    Some(v) => Raw::Node(Some(this.di_ref(v)?)),
                },
            })
        };
        let spec = kind.spec();
        let mut fields: Vec<(Box<str>, MdField)> = Vec::new();
        let mut sp_flags = 0u64;
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
                    DefaultValue::Unsigned(v) => Some(MdField::Int(i128::from(v))),
                    DefaultValue::Signed(v) => Some(MdField::Int(i128::from(v))),
                    DefaultValue::Bool(b) => Some(MdField::Bool(b)),
                    _ => None,
                },
                Raw::Int(v) => Some(self.di_int(f.name, rules.kind, v)),
                Raw::Node(None) => None,
                Raw::Node(Some(id)) => Some(match (rules.kind, self.m.metadata.get(id)) {
                    (ValueKind::MdString { .. }, MdNode::String(s)) => MdField::Str(s.clone()),
                    _ => MdField::Ref(id),
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
                DefaultValue::Unsigned(v) => Some(MdField::Int(i128::from(v))),
                DefaultValue::Signed(v) => Some(MdField::Int(i128::from(v))),
                DefaultValue::Bool(b) => Some(MdField::Bool(b)),
                DefaultValue::Null => None,
                _ => None,
            };
            let print = match rules.print {
                Print::Always => true,
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
                        if let Some(MdField::Int(v)) = value.clone().filter(|v| *v != MdField::Int(0)) {
                            fields.push((f.name.into(), MdField::Int(v - 1)));
                        }
                        false
                    }
                    "checksumkind" | "checksum" | "source" => value.is_some(),
                    "virtualIndex" => sp_flags & 3 != 0,
                    _ => false,
                },
            };
            if print {
                let v = value.unwrap_or(MdField::Null);
                fields.push((f.name.into(), v));
            }
        }
        let distinct = match kind {
            DiKind::CompileUnit => true,
            DiKind::Subprogram => head & 1 != 0 || sp_flags & 8 != 0,
            _ => head & 1 != 0,
        };
        let distinct = distinct.then(|| self.m.metadata.new_distinct());
        Ok(Some(MdNode::Special { distinct, kind: spec.name.into(), fields: fields.into() }))
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
        let id = self.di_ref(raw - 1)?;
        Ok(Some(match self.m.metadata.get(id) {
            MdNode::String(s) => MdField::Str(s.clone()),
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
                MdField::Word(parts.join(" | ").into())
            }
            ValueKind::Signed { .. } => MdField::Int(i128::from(v as u32 as i32)),
            k => match k.names().and_then(|t| t.name_of(v as u32, version)) {
                Some(n) if v != 0 || matches!(name, "tag" | "emissionKind") => MdField::Word(n.into()),
                _ => MdField::Int(i128::from(v)),
            },
        }
    }

    fn di_expression(&mut self, ops: &[u64]) -> Result<MdNode> {
        let head = *ops.first().ok_or_else(|| self.err("DIExpression record too short"))?;
        if head >> 1 < 3 {
            return Err(self.err("DIExpression records older than LLVM 10 are not supported"));
        }
        let mut elems = Vec::with_capacity(ops.len() - 1);
        let mut i = 1;
        while i < ops.len() {
            let op = ops[i] as u32;
            let spec = di::expr_op(op, LlvmVersion::Llvm19);
            match di::DW_OP.name_of(op, LlvmVersion::Llvm19).filter(|_| spec.is_some()) {
                Some(name) => {
                    elems.push(ExprElem::Op(name.into()));
                    let n = usize::from(spec.map_or(0, |s| s.args));
                    for k in 0..n {
                        let a = *ops
                            .get(i + 1 + k)
                            .ok_or_else(|| self.err("DIExpression operation without its operands"))?;
                        // DW_OP_LLVM_convert's encoding prints by name.
                        let named = (op == 0x1001 && k == 1)
                            .then(|| di::DW_ATE.name_of(a as u32, LlvmVersion::Llvm19))
                            .flatten();
                        elems.push(match named {
                            Some(n) => ExprElem::Op(n.into()),
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
        let mut fields: Vec<(Box<str>, MdField)> = Vec::new();
        let bound = |this: &mut Self, raw: u64| -> Result<Option<MdField>> {
            if raw == 0 {
                return Ok(None);
            }
            let id = this.di_ref(raw - 1)?;
            Ok(Some(match this.m.metadata.get(id) {
                MdNode::Value(t, Value::Const(c)) => match (&this.m.consts[*c], this.m.types.int_width(*t)) {
                    (crate::ir::constant::ConstData::Int { value, .. }, Some(w)) => {
                        MdField::Int(value.as_signed(w).unwrap_or_default())
                    }
                    _ => MdField::Ref(id),
                },
                _ => MdField::Ref(id),
            }))
        };
        match head >> 1 {
            0 => {
                fields.push(("count".into(), MdField::Int(i128::from(ops.get(1).copied().unwrap_or(0) as i64))));
                let lb = super::constants::sign_rotated(ops.get(2).copied().unwrap_or(0));
                fields.push(("lowerBound".into(), MdField::Int(i128::from(lb))));
            }
            1 => {
                if let Some(c) = bound(self, ops.get(1).copied().unwrap_or(0))? {
                    fields.push(("count".into(), c));
                }
                let lb = super::constants::sign_rotated(ops.get(2).copied().unwrap_or(0));
                fields.push(("lowerBound".into(), MdField::Int(i128::from(lb))));
            }
            2 => {
                for (k, name) in ["count", "lowerBound", "upperBound", "stride"].iter().enumerate() {
                    if let Some(v) = bound(self, ops.get(k + 1).copied().unwrap_or(0))? {
                        fields.push(((*name).into(), v));
                    }
                }
            }
            v => return Err(self.err(format!("DISubrange record version {v} is not supported"))),
        }
        let distinct = (head & 1 != 0).then(|| self.m.metadata.new_distinct());
        Ok(MdNode::Special { distinct, kind: "DISubrange".into(), fields: fields.into() })
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
