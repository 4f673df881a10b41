//! Module metadata: which nodes and strings get ids (every node a module or function refers to,
//! operands first; strings, then values, then distinct nodes, then uniqued ones, as LLVM orders
//! them), and their records: `METADATA_STRINGS`, tuples, values, and the `DI*` records in LLVM
//! 7.0.1's layouts.

use super::bitstream::BitWriter;
use super::{rotate, Result, WriteError, Writer};
use crate::bitcode::bitstream::AbbrevOp::{Array, Blob, Fixed, Literal, Vbr};
use crate::bitcode::codes::block;
use crate::ir::constant::ConstId;
use crate::ir::di::{self, DefaultValue, DiKind, LlvmVersion};
use crate::ir::metadata::{ExprElem, FieldName, MdField, MdId, MdNode};
use crate::ir::{Module, Value};
use rustc_hash::FxHashMap;

/// No id: a node no root reaches.
const NO_ID: u32 = u32::MAX;

/// Module metadata ids.
#[derive(Debug, Default)]
pub(super) struct MdTable<'m> {
    /// The strings, as the module holds them: the first ids.
    pub(super) strs: Vec<&'m [u8]>,
    /// The nodes, with the ids after the strings'.
    pub(super) nodes: Vec<MdId>,
    /// Each node's id, by the node's index ([`NO_ID`] for none): four bytes a node rather than a
    /// map's entry (a module may hold millions).
    node_ids: Vec<u32>,
    /// Each string's id, by its content as the module holds it (not copied).
    str_ids: FxHashMap<&'m [u8], u32>,
    /// Constants that metadata holds as values (numbered among the module's constants).
    pub(super) value_consts: Vec<ConstId>,
}

/// What a node refers to: nodes and inline strings.
enum Child<'m> {
    Node(MdId),
    Str(&'m [u8]),
}

fn children(m: &Module, id: MdId) -> Vec<Child<'_>> {
    match m.metadata.get(id) {
        MdNode::Tuple { ops, .. } => ops.iter().flatten().map(|&r| Child::Node(r)).collect(),
        MdNode::Special { kind, fields, .. } if &**kind == "GenericDINode" => {
            // The operands are written in place, not as a tuple of their own.
            let mut out = Vec::new();
            for (name, f) in fields.iter() {
                match (&**name, f) {
                    ("operands", MdField::Ref(r)) => match m.metadata.get(*r) {
                        MdNode::Tuple { ops, .. } => out.extend(ops.iter().flatten().map(|&o| Child::Node(o))),
                        _ => out.push(Child::Node(*r)),
                    },
                    (_, MdField::Ref(r)) => out.push(Child::Node(*r)),
                    (_, MdField::Str(s)) if !s.is_empty() => out.push(Child::Str(&s[..])),
                    _ => {}
                }
            }
            out
        }
        MdNode::Special { fields, .. } => fields
            .iter()
            .filter_map(|(_, f)| match f {
                MdField::Ref(r) => Some(Child::Node(*r)),
                MdField::Str(s) if !s.is_empty() => Some(Child::Str(&s[..])),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

impl<'m> MdTable<'m> {
    /// Numbers every node the module refers to.
    pub(super) fn build(m: &'m Module, modern: bool) -> Result<MdTable<'m>> {
        let mut strs: Vec<&'m [u8]> = Vec::new();
        let mut nodes: Vec<MdId> = Vec::new();
        // Each node's state by its index: 0 not reached, 1 its operands being visited (a cycle
        // back to it ends there), 2 given its place.
        const VISITING: u8 = 1;
        const DONE: u8 = 2;
        let mut state: Vec<u8> = vec![0; m.metadata.len()];
        // Strings come first, in the order they are reached: a string's id is how many came
        // before it.
        let mut str_ids: FxHashMap<&'m [u8], u32> = FxHashMap::default();
        let mut add_str = |s: &'m [u8]| {
            let n = strs.len() as u32;
            if let std::collections::hash_map::Entry::Vacant(v) = str_ids.entry(s) {
                v.insert(n);
                strs.push(s);
            }
        };
        let mut visit = |root: MdId| {
            let mut stack = vec![(root, false)];
            while let Some((id, expanded)) = stack.pop() {
                let st = state[id.index()];
                if st == DONE || (!expanded && st == VISITING) {
                    continue;
                }
                if expanded {
                    state[id.index()] = DONE;
                    match m.metadata.get(id) {
                        MdNode::String(s) => add_str(s),
                        _ => nodes.push(id),
                    }
                    continue;
                }
                state[id.index()] = VISITING;
                stack.push((id, true));
                let kids = children(m, id);
                for k in kids.iter().rev() {
                    match k {
                        Child::Node(n) => stack.push((*n, false)),
                        Child::Str(_) => {}
                    }
                }
                // Inline strings come right before the node's other operands.
                for k in kids {
                    if let Child::Str(s) = k {
                        add_str(s);
                    }
                }
            }
        };
        for nm in &m.metadata.named {
            for &n in &nm.nodes {
                visit(n);
            }
        }
        for (_, g) in m.globals.iter() {
            for a in g.props.metadata().iter() {
                visit(a.node);
            }
        }
        let dbg = (0..m.metadata.kinds_len())
            .map(|k| crate::ir::MdKind(k as u32))
            .find(|&k| m.metadata.kind_name(k) == "dbg");
        for (_, f) in m.functions.iter() {
            for a in f.props.metadata().iter() {
                visit(a.node);
            }
            if !f.debug_records.is_empty() && !modern {
                return Err(WriteError::new(format!(
                    "@{}: debug records (#dbg_…) have no LLVM 7 encoding (write llvm.dbg.* calls)",
                    f.name
                )));
            }
            for (_, r) in f.debug_records.iter() {
                for &v in &r.operands {
                    if let Value::Md(id) = v {
                        visit(id);
                    }
                }
            }
            for &b in &f.layout {
                for &i in &f.blocks[b].insts {
                    let inst = &f.insts[i];
                    let mut mds = Vec::new();
                    inst.kind.for_each_operand(|v| {
                        if let Value::Md(id) = v {
                            mds.push(id);
                        }
                    });
                    for id in mds {
                        visit(id);
                    }
                    for a in f.metadata_of(inst) {
                        if Some(a.kind) == dbg {
                            // A location is a record of its own; its operands are nodes.
                            match m.metadata.get(a.node) {
                                MdNode::Special { kind, distinct: None, .. } if &**kind == "DILocation" => {
                                    for c in children(m, a.node) {
                                        if let Child::Node(n) = c {
                                            visit(n);
                                        }
                                    }
                                }
                                _ => visit(a.node),
                            }
                        } else {
                            visit(a.node);
                        }
                    }
                }
            }
        }
        // Strings first, then values, then distinct nodes, then uniqued ones (a stable sort:
        // each kind in the order reached).
        let rank = |id: &MdId| match m.metadata.get(*id) {
            MdNode::Value(..) => 1,
            n if n.is_distinct() => 2,
            _ => 3,
        };
        nodes.sort_by_key(rank);
        drop(state);
        let mut t = MdTable { node_ids: vec![NO_ID; m.metadata.len()], str_ids, ..MdTable::default() };
        for (i, id) in nodes.iter().enumerate() {
            t.node_ids[id.index()] = (strs.len() + i) as u32;
            match m.metadata.get(*id) {
                MdNode::Value(_, Value::Const(c)) => t.value_consts.push(*c),
                MdNode::Value(..) => return Err(WriteError::new("module metadata holds a function's value")),
                MdNode::Placeholder(_) => return Err(WriteError::new("undefined metadata node")),
                _ => {}
            }
        }
        // IR string nodes share their content's id.
        for (id, n) in m.metadata.iter() {
            if let MdNode::String(s) = n {
                if let Some(&i) = t.str_ids.get(&s[..]) {
                    t.node_ids[id.index()] = i;
                }
            }
        }
        t.strs = strs;
        t.nodes = nodes;
        Ok(t)
    }

    /// The 0-based id of a node.
    pub(super) fn id(&self, n: MdId) -> Result<u64> {
        match self.node_ids.get(n.index()) {
            Some(&i) if i != NO_ID => Ok(u64::from(i)),
            _ => Err(WriteError::new("metadata node without an id")),
        }
    }

    fn str_id(&self, s: &[u8]) -> Result<u64> {
        self.str_ids.get(s).map(|&i| u64::from(i)).ok_or_else(|| WriteError::new("metadata string without an id"))
    }

    /// How many ids the module's metadata takes.
    pub(super) fn len(&self) -> u32 {
        (self.strs.len() + self.nodes.len()) as u32
    }
}

/// A specialized node's fields, read as a record needs them.
struct Fields<'a> {
    kind: DiKind,
    fields: &'a [(FieldName, MdField)],
    t: &'a MdTable<'a>,
}

impl Fields<'_> {
    fn get(&self, name: &str) -> Option<&MdField> {
        self.fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    fn has(&self, name: &str) -> bool {
        !matches!(self.get(name), None | Some(MdField::Null))
    }

    fn rules(&self, name: &str) -> Option<&'static di::FieldRules> {
        let f = di::field_by_name(self.kind, name)?;
        f.rules(LlvmVersion::Llvm19).or_else(|| f.rules(LlvmVersion::Llvm7))
    }

    fn default(&self, name: &str) -> u64 {
        match self.rules(name).map(|r| r.default) {
            Some(DefaultValue::Unsigned(v)) => v,
            Some(DefaultValue::Signed(v)) => v as u64,
            Some(DefaultValue::Bool(b)) => u64::from(b),
            _ => 0,
        }
    }

    /// An integer field (names and flags as their numbers).
    fn int(&self, name: &str) -> Result<u64> {
        match self.get(name) {
            None | Some(MdField::Null) => Ok(self.default(name)),
            Some(v @ (MdField::Int(_) | MdField::WideInt(_))) => Ok(v.as_int().unwrap_or_default() as i64 as u64),
            Some(MdField::Bool(b)) => Ok(u64::from(*b)),
            Some(MdField::Word(w)) => self.word(name, w),
            Some(_) => Err(self.bad(name)),
        }
    }

    fn word(&self, name: &str, w: &str) -> Result<u64> {
        let table = self.rules(name).and_then(|r| r.kind.names());
        let mut v = 0u64;
        for part in w.split('|').map(str::trim) {
            if let Ok(n) = part.parse::<u64>() {
                v |= n;
                continue;
            }
            let e = table.and_then(|t| t.lookup(part)).ok_or_else(|| self.bad(name))?;
            v |= u64::from(e.value);
        }
        Ok(v)
    }

    /// A node or string field: its id + 1, 0 for none.
    fn md(&self, name: &str) -> Result<u64> {
        match self.get(name) {
            None | Some(MdField::Null) => Ok(0),
            Some(MdField::Ref(r)) => Ok(self.t.id(*r)? + 1),
            Some(MdField::Str(s)) if s.is_empty() => Ok(0),
            Some(MdField::Str(s)) => Ok(self.t.str_id(s)? + 1),
            Some(_) => Err(self.bad(name)),
        }
    }

    fn bad(&self, name: &str) -> WriteError {
        WriteError::new(format!("!{}: field '{name}' cannot be written", self.kind.name()))
    }

    /// Refuses an integer in a field that may be an integer or a node: LLVM writes the integer
    /// as a constant's metadata, which is not written yet.
    fn refuse_int(&self, name: &str) -> Result<()> {
        match self.get(name) {
            Some(MdField::Int(_) | MdField::WideInt(_)) => Err(WriteError::new(format!(
                "!{}: an integer '{name}' is not written yet (only a node)",
                self.kind.name()
            ))),
            _ => Ok(()),
        }
    }

    /// Fails if any of `names` is set: fields LLVM 7's record has no room for.
    fn refuse(&self, names: &[&str]) -> Result<()> {
        for n in names {
            let set = match self.get(n) {
                None | Some(MdField::Null) | Some(MdField::Bool(false)) | Some(MdField::Int(0)) => false,
                Some(MdField::Str(s)) => !s.is_empty(),
                Some(_) => true,
            };
            if set {
                return Err(WriteError::new(format!(
                    "!{}: field '{n}' has no LLVM 7 encoding (not written yet)",
                    self.kind.name()
                )));
            }
        }
        Ok(())
    }
}

impl Writer<'_> {
    pub(super) fn write_module_metadata(&self, s: &mut BitWriter) -> Result<()> {
        let m = self.m;
        let t = &self.md;
        let attached = m.globals.iter().any(|(_, g)| !g.props.metadata().is_empty())
            || m.functions.iter().any(|(_, f)| !f.is_definition && !f.props.metadata().is_empty());
        if t.len() == 0 && m.metadata.named.is_empty() && !attached {
            return Ok(());
        }
        s.enter_block(block::METADATA, 4);
        let loc_ab = s.abbrev(vec![Literal(7), Fixed(1), Vbr(6), Vbr(8), Vbr(6), Vbr(6)]);
        let _generic = s.abbrev(vec![Literal(12), Fixed(1), Vbr(6), Fixed(1), Vbr(6), Array, Vbr(6)]);
        let offset_ab = s.abbrev(vec![Literal(38), Fixed(32), Fixed(32)]);
        let index_ab = s.abbrev(vec![Literal(39), Array, Vbr(6)]);
        self.write_strings(s);
        let n_nodes = t.nodes.len();
        let indexed = n_nodes > 25;
        if indexed {
            s.record(38, &[0, 0], Some(offset_ab));
        }
        let index_base = s.bit_pos();
        let mut positions = Vec::with_capacity(n_nodes);
        for &id in &t.nodes {
            positions.push(s.bit_pos());
            self.write_node(s, id, loc_ab)?;
        }
        if indexed {
            let delta = s.bit_pos() - index_base;
            s.backpatch_u32(index_base - 64, delta as u32);
            s.backpatch_u32(index_base - 32, (delta >> 32) as u32);
            let mut prev = index_base;
            let deltas: Vec<u64> = positions
                .iter()
                .map(|&p| {
                    let d = p - prev;
                    prev = p;
                    d
                })
                .collect();
            s.record(39, &deltas, Some(index_ab));
        }
        if !m.metadata.named.is_empty() {
            let name_ab = s.abbrev(vec![Literal(4), Array, Fixed(8)]);
            for nm in &m.metadata.named {
                let v: Vec<u64> = nm.name.bytes().map(u64::from).collect();
                s.record(4, &v, Some(name_ab));
                let ids = nm.nodes.iter().map(|&n| t.id(n)).collect::<Result<Vec<_>>>()?;
                s.record(10, &ids, None);
            }
        }
        let attach = |s: &mut BitWriter, vid: u32, list: &[crate::ir::MdAttachment]| -> Result<()> {
            let mut v = vec![u64::from(vid)];
            for a in list {
                v.push(self.kind_ids[a.kind.0 as usize]);
                v.push(t.id(a.node)?);
            }
            s.record(36, &v, None);
            Ok(())
        };
        for (fid, f) in m.functions.iter() {
            if !f.is_definition && !f.props.metadata().is_empty() {
                attach(s, self.fn_ids[fid.index()], f.props.metadata())?;
            }
        }
        for (gid, g) in m.globals.iter() {
            if !g.props.metadata().is_empty() {
                attach(s, self.var_ids[gid.index()], g.props.metadata())?;
            }
        }
        s.exit_block();
        Ok(())
    }

    fn write_strings(&self, s: &mut BitWriter) {
        let t = &self.md;
        if t.strs.is_empty() {
            return;
        }
        let strs = &t.strs;
        let mut lens = BitWriter::new();
        for x in strs {
            lens.emit_vbr(x.len() as u64, 6);
        }
        lens.align32();
        let mut blob = lens.finish();
        let offset = blob.len() as u64;
        for x in strs {
            blob.extend_from_slice(x);
        }
        let ab = s.abbrev(vec![Literal(35), Vbr(6), Vbr(6), Blob]);
        s.record_blob(35, &[strs.len() as u64, offset], Some(&blob), Some(ab));
    }

    fn write_node(&self, s: &mut BitWriter, id: MdId, loc_ab: u32) -> Result<()> {
        let t = &self.md;
        let m = self.m;
        match m.metadata.get(id) {
            MdNode::String(_) => Ok(()),
            MdNode::Placeholder(_) => Err(WriteError::new("undefined metadata node")),
            MdNode::Value(ty, Value::Const(c)) => {
                let vid = self.module_value(*c).ok_or_else(|| WriteError::new("metadata value not numbered"))?;
                s.record(2, &[self.ty(*ty), u64::from(vid)], None);
                Ok(())
            }
            MdNode::Value(..) => Err(WriteError::new("module metadata holds a function's value")),
            MdNode::Tuple { distinct, ops } => {
                let v = ops.iter().map(|o| o.map_or(Ok(0), |r| t.id(r).map(|i| i + 1))).collect::<Result<Vec<_>>>()?;
                s.record(if distinct.is_some() { 5 } else { 3 }, &v, None);
                Ok(())
            }
            MdNode::Expression(elems) => {
                let mut v = vec![3 << 1];
                for e in elems.iter() {
                    v.push(match e {
                        ExprElem::Int(n) => *n,
                        ExprElem::Op(op) => u64::from(op.value()),
                        ExprElem::Word(name) => {
                            return Err(WriteError::new(format!("!DIExpression: unknown operation {name}")))
                        }
                    });
                }
                s.record(29, &v, None);
                Ok(())
            }
            MdNode::Special { distinct, kind, fields } if &**kind == "GenericDINode" => {
                // GENERIC_DEBUG: [distinct, tag, version (0), header, operands…], nodes + 1.
                let f = Fields { kind: DiKind::GenericDINode, fields, t };
                let mut v = vec![u64::from(distinct.is_some()), f.int("tag")?, 0, f.md("header")?];
                match f.get("operands") {
                    None | Some(MdField::Null) => {}
                    Some(MdField::Ref(r)) => match m.metadata.get(*r) {
                        MdNode::Tuple { ops, .. } => {
                            for o in ops.iter() {
                                v.push(o.map_or(Ok(0), |r| t.id(r).map(|i| i + 1))?);
                            }
                        }
                        _ => return Err(f.bad("operands")),
                    },
                    Some(_) => return Err(f.bad("operands")),
                }
                s.record(12, &v, None);
                Ok(())
            }
            MdNode::Special { distinct, kind, fields } => {
                let k = DiKind::from_name(kind)
                    .ok_or_else(|| WriteError::new(format!("!{kind}: unknown specialized metadata")))?;
                let f = Fields { kind: k, fields, t };
                let d = u64::from(distinct.is_some());
                let modern = if self.modern { di_record_modern(&f, d)? } else { None };
                let (code, v) = match modern {
                    Some(r) => r,
                    None => di_record(&f, d)?,
                };
                // The abbreviation has no room for `isImplicitCode`.
                let ab = (code == 7 && v.len() == 5).then_some(loc_ab);
                s.record(code, &v, ab);
                Ok(())
            }
        }
    }

    /// The function-local metadata a body uses (`metadata i32 %x`), in first-use order.
    pub(super) fn local_mds(&self, f: &crate::ir::Function) -> Result<Vec<crate::ir::LocalMdId>> {
        let mut out = Vec::new();
        let mut seen = FxHashMap::default();
        for &b in &f.layout {
            for &i in &f.blocks[b].insts {
                let mut err = None;
                f.insts[i].kind.for_each_operand(|v| {
                    if let Value::LocalMd(l) = v {
                        if let (false, crate::ir::LocalMd::ArgList(_)) = (self.modern, &f.local_md[l]) {
                            err = Some(WriteError::new(format!("@{}: !DIArgList has no LLVM 7 encoding", f.name)));
                        }
                        if seen.insert(l, ()).is_none() {
                            out.push(l);
                        }
                    }
                });
                if let Some(e) = err {
                    return Err(e);
                }
            }
        }
        for (_, r) in f.debug_records.iter() {
            for &v in &r.operands {
                if let Value::LocalMd(l) = v {
                    if let (false, crate::ir::LocalMd::ArgList(_)) = (self.modern, &f.local_md[l]) {
                        return Err(WriteError::new(format!("@{}: !DIArgList has no LLVM 7 encoding", f.name)));
                    }
                    if seen.insert(l, ()).is_none() {
                        out.push(l);
                    }
                }
            }
        }
        Ok(out)
    }
}

/// One operand of a `DI*` record: an integer field (names and flags as numbers), a node or
/// string field (its id + 1, 0 for none), or a value the writer computed.
#[derive(Clone, Copy)]
enum Op {
    Int(&'static str),
    Md(&'static str),
    Lit(u64),
}
use Op::{Int, Lit, Md};

impl Fields<'_> {
    /// A record's operands: `first` (the distinct bit and version flags), then `ops`.
    fn ops(&self, first: u64, ops: &[Op]) -> Result<Vec<u64>> {
        let mut v = Vec::with_capacity(ops.len() + 1);
        v.push(first);
        self.push_ops(&mut v, ops)?;
        Ok(v)
    }

    fn push_ops(&self, v: &mut Vec<u64>, ops: &[Op]) -> Result<()> {
        for op in ops {
            v.push(match *op {
                Int(n) => self.int(n)?,
                Md(n) => self.md(n)?,
                Lit(x) => x,
            });
        }
        Ok(())
    }

    /// `retainedNodes:`, or LLVM 4 … 6's `variables:` where the text says that.
    fn retained(&self) -> Op {
        if self.get("retainedNodes").is_some() {
            Md("retainedNodes")
        } else {
            Md("variables")
        }
    }

    /// `nameTableKind:`, or LLVM 7's `gnuPubnames:` where the text says that.
    fn name_table(&self) -> Op {
        Int(if self.get("nameTableKind").is_some() { "nameTableKind" } else { "gnuPubnames" })
    }
}

/// `DICompileUnit` (code 20) after its distinct bit (always 1): LLVM 7's operands; LLVM 11+ add
/// `rangesBaseAddress`, `sysroot` and `sdk`.
const COMPILE_UNIT: [Op; 17] = [
    Int("language"),
    Md("file"),
    Md("producer"),
    Int("isOptimized"),
    Md("flags"),
    Int("runtimeVersion"),
    Md("splitDebugFilename"),
    Int("emissionKind"),
    Md("enums"),
    Md("retainedTypes"),
    Lit(0),
    Md("globals"),
    Md("imports"),
    Int("dwoId"),
    Md("macros"),
    Int("splitDebugInlining"),
    Int("debugInfoForProfiling"),
];
const COMPILE_UNIT_LATER: [Op; 3] = [Int("rangesBaseAddress"), Md("sysroot"), Md("sdk")];

/// What `DIDerivedType` (17) and `DICompositeType` (18) begin with.
const TYPE_HEAD: &[Op] = &[
    Int("tag"),
    Md("name"),
    Md("file"),
    Int("line"),
    Md("scope"),
    Md("baseType"),
    Int("size"),
    Int("align"),
    Int("offset"),
    Int("flags"),
];

/// The rest of `DICompositeType`, as LLVM 7 writes it.
const COMPOSITE_TAIL: &[Op] = &[
    Md("elements"),
    Int("runtimeLang"),
    Md("vtableHolder"),
    Md("templateParams"),
    Md("identifier"),
    Md("discriminator"),
];

/// `DILocalVariable` (28), after its flags (distinct, has an alignment); LLVM 14+ add
/// `annotations`.
const LOCAL_VARIABLE: &[Op] =
    &[Md("scope"), Md("name"), Md("file"), Int("line"), Md("type"), Int("arg"), Int("flags"), Int("align")];

/// `DIGlobalVariable` (27) up to `isDefinition`, in both versions.
const GLOBAL_VARIABLE: &[Op] = &[
    Md("scope"),
    Md("name"),
    Md("linkageName"),
    Md("file"),
    Int("line"),
    Md("type"),
    Int("isLocal"),
    Int("isDefinition"),
];

/// Records whose operands follow the distinct bit as they are: (kind, code, operands).
const PLAIN: &[(DiKind, u32, &[Op])] = &[
    (DiKind::LexicalBlock, 22, &[Md("scope"), Md("file"), Int("line"), Int("column")]),
    (DiKind::LexicalBlockFile, 23, &[Md("scope"), Md("file"), Int("discriminator")]),
    (DiKind::Label, 40, &[Md("scope"), Md("name"), Md("file"), Int("line")]),
    (DiKind::GlobalVariableExpression, 37, &[Md("var"), Md("expr")]),
    // LLVM 7 writes the setter before the getter.
    (
        DiKind::ObjCProperty,
        30,
        &[Md("name"), Md("file"), Int("line"), Md("getter"), Md("setter"), Int("attributes"), Md("type")],
    ),
    (DiKind::Macro, 33, &[Int("type"), Int("line"), Md("name"), Md("value")]),
    (DiKind::MacroFile, 34, &[Int("type"), Int("line"), Md("file"), Md("nodes")]),
];

/// A `DI*` node's record where LLVM 22's layout differs from LLVM 7's in what it carries (the
/// records LLVM 22 reads either way are written in LLVM 7's layout): `DISubprogram` with
/// `spFlags`, `DICompileUnit` with its LLVM 11+ fields, `DIGlobalVariable` version 2 and
/// `DILocalVariable` with annotations. `None` for the others.
fn di_record_modern(f: &Fields<'_>, d: u64) -> Result<Option<(u32, Vec<u64>)>> {
    Ok(Some(match f.kind {
        DiKind::Subprogram => {
            let sp = if f.get("spFlags").is_some() {
                f.int("spFlags")?
            } else {
                f.int("virtuality")? | f.int("isLocal")? << 2 | f.int("isDefinition")? << 3 | f.int("isOptimized")? << 4
            };
            let ops = [
                Md("scope"),
                Md("name"),
                Md("linkageName"),
                Md("file"),
                Int("line"),
                Md("type"),
                Int("scopeLine"),
                Md("containingType"),
                Lit(sp),
                Int("virtualIndex"),
                Int("flags"),
                Md("unit"),
                Md("templateParams"),
                Md("declaration"),
                f.retained(),
                Int("thisAdjustment"),
                Md("thrownTypes"),
                Md("annotations"),
                Md("targetFuncName"),
                Int("keyInstructions"),
            ];
            // distinct, has a unit field, has spFlags
            (21, f.ops(d | 2 | 4, &ops)?)
        }
        DiKind::CompileUnit => {
            let mut v = f.ops(1, &COMPILE_UNIT)?;
            f.push_ops(&mut v, &[f.name_table()])?;
            f.push_ops(&mut v, &COMPILE_UNIT_LATER)?;
            // LLVM 22: a DWARF 6 name takes the language's operand, 16 bits with the top bit set,
            // and its version follows `sdk` (measured: llvm-bcanalyzer on LLVM 22.1's bitcode).
            if f.get("sourceLanguageName").is_some() {
                v[1] = (f.int("sourceLanguageName")? & 0xffff) | 1 << 63;
                v.push(f.int("sourceLanguageVersion")?);
            }
            (20, v)
        }
        DiKind::GlobalVariable => {
            // version 2: no expression slot; template parameters and annotations
            let mut v = f.ops(d | 4, GLOBAL_VARIABLE)?;
            f.push_ops(&mut v, &[Md("declaration"), Md("templateParams"), Int("align"), Md("annotations")])?;
            (27, v)
        }
        DiKind::LocalVariable => {
            let mut v = f.ops(d | 2, LOCAL_VARIABLE)?;
            f.push_ops(&mut v, &[Md("annotations")])?;
            (28, v)
        }
        DiKind::CompositeType => {
            // LLVM 7's record (integer sizes, not metadata), then LLVM 11 … 14's fields: the
            // discriminator, dataLocation, associated, allocated, rank and annotations.
            f.refuse_int("rank")?;
            let mut v = f.ops(d | 2, TYPE_HEAD)?;
            f.push_ops(&mut v, COMPOSITE_TAIL)?;
            f.push_ops(
                &mut v,
                &[Md("dataLocation"), Md("associated"), Md("allocated"), Md("rank"), Md("annotations")],
            )?;
            (18, v)
        }
        DiKind::DerivedType => {
            // LLVM 7's record, then annotations and an empty pointer-authentication word.
            f.refuse(&["ptrAuthKey"])?;
            let das = match f.get("dwarfAddressSpace") {
                None | Some(MdField::Null) => 0,
                _ => f.int("dwarfAddressSpace")? + 1,
            };
            let mut v = f.ops(d, TYPE_HEAD)?;
            f.push_ops(&mut v, &[Md("extraData"), Lit(das), Md("annotations"), Lit(0)])?;
            (17, v)
        }
        // LLVM 22 writes the setter before the getter and reads them so; LLVM 7 … 19 write and
        // read the getter first.
        DiKind::ObjCProperty => {
            let ops = [Md("name"), Md("file"), Int("line"), Md("setter"), Md("getter"), Int("attributes"), Md("type")];
            (30, f.ops(d, &ops)?)
        }
        // [distinct], always distinct (LLVM 17+).
        DiKind::AssignId => (47, vec![1]),
        // [distinct, tag, name, stringLength, its expression, the location's expression, size,
        // align, encoding] (LLVM 11+; the location LLVM 12+), the size an integer.
        DiKind::StringType => (
            41,
            f.ops(
                d,
                &[
                    Int("tag"),
                    Md("name"),
                    Md("stringLength"),
                    Md("stringLengthExpression"),
                    Md("stringLocationExpression"),
                    Int("size"),
                    Int("align"),
                    Int("encoding"),
                ],
            )?,
        ),
        // [distinct, file, scope, name, configMacros, includePath, apinotes, line, isDecl]
        // (LLVM 12+; `isysroot` moved to the compile unit in LLVM 11).
        DiKind::Module => {
            f.refuse(&["isysroot"])?;
            let ops = [
                Md("file"),
                Md("scope"),
                Md("name"),
                Md("configMacros"),
                Md("includePath"),
                Md("apinotes"),
                Int("line"),
                Int("isDecl"),
            ];
            (32, f.ops(d, &ops)?)
        }
        // [distinct, tag, scope, entity, line, name, file, elements] (elements LLVM 14+).
        DiKind::ImportedEntity => {
            let ops = [Int("tag"), Md("scope"), Md("entity"), Int("line"), Md("name"), Md("file"), Md("elements")];
            (31, f.ops(d, &ops)?)
        }
        // [distinct, scope, declaration, name, file, line] (LLVM 10+).
        DiKind::CommonBlock => (44, f.ops(d, &[Md("scope"), Md("declaration"), Md("name"), Md("file"), Int("line")])?),
        // [distinct, count, lowerBound, upperBound, stride], each a node or null (LLVM 11+).
        DiKind::GenericSubrange => (45, f.ops(d, &[Md("count"), Md("lowerBound"), Md("upperBound"), Md("stride")])?),
        _ => return Ok(None),
    }))
}

/// A `DI*` node's record in LLVM 7's layout: (code, operands).
fn di_record(f: &Fields<'_>, d: u64) -> Result<(u32, Vec<u64>)> {
    if let Some((_, code, ops)) = PLAIN.iter().find(|(k, _, _)| *k == f.kind) {
        return Ok((*code, f.ops(d, ops)?));
    }
    Ok(match f.kind {
        DiKind::Location => {
            let scope = f.md("scope")?.checked_sub(1).ok_or_else(|| f.bad("scope"))?;
            let mut v = vec![d, f.int("line")?, f.int("column")?, scope, f.md("inlinedAt")?];
            if f.int("isImplicitCode")? != 0 {
                v.push(1);
            }
            (7, v)
        }
        DiKind::Subrange => {
            f.refuse(&["upperBound", "stride"])?;
            let lb = match f.get("lowerBound") {
                None | Some(MdField::Null) => 0,
                Some(v @ (MdField::Int(_) | MdField::WideInt(_))) => v.as_int().unwrap_or_default() as i64,
                Some(_) => return Err(f.bad("lowerBound")),
            };
            match f.get("count") {
                Some(MdField::Ref(_)) => (13, vec![d | 2, f.md("count")?, rotate(lb)]),
                Some(c @ (MdField::Int(_) | MdField::WideInt(_))) => {
                    (13, vec![d, c.as_int().unwrap_or_default() as i64 as u64, rotate(lb)])
                }
                None | Some(MdField::Null) => (13, vec![d | 2, 0, rotate(lb)]),
                Some(_) => return Err(f.bad("count")),
            }
        }
        DiKind::Enumerator => {
            let unsigned = f.int("isUnsigned")? != 0;
            let value = match f.get("value") {
                Some(v @ (MdField::Int(_) | MdField::WideInt(_))) => {
                    let v = &v.as_int().unwrap_or_default();
                    if *v > i128::from(u64::MAX) || *v < i128::from(i64::MIN) {
                        return Err(WriteError::new(
                            "!DIEnumerator: values wider than 64 bits have no LLVM 7 encoding",
                        ));
                    }
                    *v as u64 as i64
                }
                _ => return Err(f.bad("value")),
            };
            // LLVM's `rotateSign` for enumerators: a negative value is `!(v << 1)` (not the
            // constants' encoding).
            let rotated = if value < 0 { !((value as u64) << 1) } else { (value as u64) << 1 };
            (14, vec![(u64::from(unsigned) << 1) | d, rotated, f.md("name")?])
        }
        DiKind::BasicType => {
            let mut v = vec![d, f.int("tag")?, f.md("name")?, f.int("size")?, f.int("align")?, f.int("encoding")?];
            let flags = f.int("flags")?;
            if flags != 0 {
                v.push(flags);
            }
            (15, v)
        }
        DiKind::DerivedType => {
            f.refuse(&["annotations", "ptrAuthKey"])?;
            let das = match f.get("dwarfAddressSpace") {
                None | Some(MdField::Null) => 0,
                _ => f.int("dwarfAddressSpace")? + 1,
            };
            let mut v = f.ops(d, TYPE_HEAD)?;
            f.push_ops(&mut v, &[Md("extraData"), Lit(das)])?;
            (17, v)
        }
        DiKind::CompositeType => {
            f.refuse(&["dataLocation", "associated", "allocated", "rank", "annotations"])?;
            let mut v = f.ops(d | 2, TYPE_HEAD)?;
            f.push_ops(&mut v, COMPOSITE_TAIL)?;
            (18, v)
        }
        DiKind::SubroutineType => (19, f.ops(d | 2, &[Int("flags"), Md("types"), Int("cc")])?),
        DiKind::File => {
            let mut v = vec![d, f.md("filename")?, f.md("directory")?];
            if f.has("checksum") {
                v.push(f.int("checksumkind")?);
                v.push(f.md("checksum")?);
            } else {
                v.extend([0, 0]);
            }
            if f.has("source") {
                v.push(f.md("source")?);
            }
            (16, v)
        }
        DiKind::CompileUnit => {
            f.refuse(&["rangesBaseAddress", "sysroot", "sdk"])?;
            if f.get("sourceLanguageName").is_some() {
                return Err(WriteError::new(
                    "!DICompileUnit: sourceLanguageName (LLVM 22) has no LLVM 7 encoding; write `language: DW_LANG_*`",
                ));
            }
            let mut v = f.ops(1, &COMPILE_UNIT)?;
            f.push_ops(&mut v, &[f.name_table()])?;
            (20, v)
        }
        DiKind::Subprogram => {
            f.refuse(&["annotations", "targetFuncName"])?;
            let mut flags = f.int("flags")?;
            let (virtuality, local, definition, optimized);
            if f.get("spFlags").is_some() {
                let sp = f.int("spFlags")?;
                if sp & !(3 | 4 | 8 | 16 | 256) != 0 {
                    return Err(WriteError::new(format!(
                        "!DISubprogram: spFlags {sp:#x} has no LLVM 7 encoding (only virtuality, local, definition, optimized, main)"
                    )));
                }
                virtuality = sp & 3;
                local = (sp >> 2) & 1;
                definition = (sp >> 3) & 1;
                optimized = (sp >> 4) & 1;
                if sp & 256 != 0 {
                    flags |= 1 << 21;
                }
            } else {
                virtuality = f.int("virtuality")?;
                local = f.int("isLocal")?;
                definition = f.int("isDefinition")?;
                optimized = f.int("isOptimized")?;
            }
            let ops = [
                Md("scope"),
                Md("name"),
                Md("linkageName"),
                Md("file"),
                Int("line"),
                Md("type"),
                Lit(local),
                Lit(definition),
                Int("scopeLine"),
                Md("containingType"),
                Lit(virtuality),
                Int("virtualIndex"),
                Lit(flags),
                Lit(optimized),
                Md("unit"),
                Md("templateParams"),
                Md("declaration"),
                f.retained(),
                Int("thisAdjustment"),
                Md("thrownTypes"),
            ];
            (21, f.ops(d | 2, &ops)?)
        }
        DiKind::Namespace => (24, f.ops(d | (f.int("exportSymbols")? << 1), &[Md("scope"), Md("name")])?),
        DiKind::TemplateTypeParameter => {
            let mut v = vec![d, f.md("name")?, f.md("type")?];
            if f.int("defaulted")? != 0 {
                v.push(1);
            }
            (25, v)
        }
        DiKind::TemplateValueParameter => {
            let defaulted = f.int("defaulted")?;
            let mut v = vec![d, f.int("tag")?, f.md("name")?, f.md("type")?];
            if defaulted != 0 {
                v.push(1);
            }
            v.push(f.md("value")?);
            (26, v)
        }
        DiKind::GlobalVariable => {
            f.refuse(&["templateParams", "annotations"])?;
            // version 1 (LLVM 5 … 7): an expression slot, always empty
            let mut v = f.ops(d | 2, GLOBAL_VARIABLE)?;
            f.push_ops(&mut v, &[Lit(0), Md("declaration"), Int("align")])?;
            (27, v)
        }
        DiKind::LocalVariable => {
            f.refuse(&["annotations"])?;
            (28, f.ops(d | 2, LOCAL_VARIABLE)?)
        }
        DiKind::ImportedEntity => {
            f.refuse(&["elements"])?;
            (31, vec![d, f.int("tag")?, f.md("scope")?, f.md("entity")?, f.int("line")?, f.md("name")?, f.md("file")?])
        }
        DiKind::Module => {
            f.refuse(&["file", "line", "isDecl", "apinotes"])?;
            (32, vec![d, f.md("scope")?, f.md("name")?, f.md("configMacros")?, f.md("includePath")?, f.md("isysroot")?])
        }
        k => {
            return Err(WriteError::new(format!(
                "!{}: this kind of debug-info node is not written yet (no LLVM 7 record)",
                k.name()
            )))
        }
    })
}
