//! Metadata: strings, tuples (uniqued or `distinct`), values as metadata and specialized nodes
//! (`!DILocation(…)`, `!DIExpression(…)`).
//!
//! Nodes live in one arena; uniqued nodes are hash-consed by [`Metadata::intern`] and, after a
//! parse with forward references, by [`Metadata::unique_all`]. Distinct nodes are never merged.

use super::arena::{Arena, Handle};
use super::di;
use super::types::TypeId;
use super::value::Value;
use hashbrown::HashTable;
use indexmap::IndexSet;
use rustc_hash::FxBuildHasher;
use std::hash::BuildHasher;
use std::num::NonZeroU32;
use thin_vec::ThinVec;

/// A metadata node.
pub type MdId = Handle<MdNode>;

/// A field value of a specialized node. 16 bytes: an integer outside `i64` and a string or
/// keyword are held behind one pointer (a module may hold millions of fields; with the
/// [`FieldName`] beside it a field is 24 bytes).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MdField {
    /// `null`.
    Null,
    /// A node or string reference.
    Ref(MdId),
    /// An integer (signed or unsigned as the field says) in the range of `i64`; make one with
    /// [`MdField::int`], read one with [`MdField::as_int`].
    Int(i64),
    /// An integer outside the range of `i64` (an unsigned 64-bit value past `i64::MAX`, a wide
    /// enumerator); [`MdField::int`] makes it only for such values.
    WideInt(Box<i128>),
    /// `true` / `false`.
    Bool(bool),
    /// A keyword or `|`-joined flags, as written (`DW_TAG_member`, `DIFlagPrototyped | DIFlagPublic`).
    Word(Box<Box<str>>),
    /// A string (MDString fields such as `name:`), kept inline.
    Str(ThinVec<u8>),
}

impl MdField {
    /// The field for the integer `v`: [`MdField::Int`] when it fits, else [`MdField::WideInt`]
    /// (so that equal values make equal fields).
    pub fn int(v: i128) -> MdField {
        i64::try_from(v).map_or_else(|_| MdField::WideInt(Box::new(v)), MdField::Int)
    }

    /// The integer, if the field is one.
    pub fn as_int(&self) -> Option<i128> {
        match self {
            MdField::Int(v) => Some(i128::from(*v)),
            MdField::WideInt(v) => Some(**v),
            _ => None,
        }
    }

    /// The field for a keyword or flags, as written.
    pub fn word(w: &str) -> MdField {
        MdField::Word(Box::new(w.into()))
    }

    /// The field for a string.
    pub fn str(s: &[u8]) -> MdField {
        MdField::Str(s.into())
    }
}

/// The name of a specialized node's field: a thin reference to the name in the field table
/// ([`di::FieldSpec::name`]), 8 bytes. Compares, hashes and derefs as the name.
#[derive(Clone, Copy)]
pub struct FieldName(&'static &'static str);

impl FieldName {
    /// The name `name` refers to (`FieldName::new(&spec.name)`, `FieldName::new(&"line")`).
    pub const fn new(name: &'static &'static str) -> FieldName {
        FieldName(name)
    }

    /// The name.
    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl std::ops::Deref for FieldName {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

impl PartialEq for FieldName {
    fn eq(&self, other: &FieldName) -> bool {
        std::ptr::eq(self.0, other.0) || *self.0 == *other.0
    }
}

impl Eq for FieldName {}

impl PartialEq<str> for FieldName {
    fn eq(&self, other: &str) -> bool {
        *self.0 == other
    }
}

impl PartialEq<&str> for FieldName {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == *other
    }
}

impl std::hash::Hash for FieldName {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl std::fmt::Debug for FieldName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.0, f)
    }
}

impl std::fmt::Display for FieldName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

/// A specialized node's kind (`DILocation`, `GenericDINode`): one byte, a row of the kind table
/// (a module may hold millions of nodes). Derefs to, and compares with strings as, the name
/// written after `!`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct KindName(di::DiKind);

impl KindName {
    /// The kind `kind`.
    pub const fn of(kind: di::DiKind) -> KindName {
        KindName(kind)
    }

    /// The kind.
    pub const fn kind(self) -> di::DiKind {
        self.0
    }

    /// The name written after `!`.
    pub fn as_str(self) -> &'static str {
        self.0.name()
    }
}

impl std::ops::Deref for KindName {
    type Target = str;
    fn deref(&self) -> &str {
        self.0.name()
    }
}

impl PartialEq<str> for KindName {
    fn eq(&self, other: &str) -> bool {
        self.0.name() == other
    }
}

impl PartialEq<&str> for KindName {
    fn eq(&self, other: &&str) -> bool {
        self.0.name() == *other
    }
}

impl std::fmt::Debug for KindName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.0.name(), f)
    }
}

impl std::fmt::Display for KindName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.name())
    }
}

/// One element of a `!DIExpression(…)`: an operation keyword or an integer. 16 bytes, with
/// nothing on the heap for a keyword of the `DW_OP` / `DW_ATE` tables (an expression may hold
/// millions of elements).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ExprElem {
    /// `DW_OP_plus_uconst`, `DW_OP_LLVM_fragment`, … (and `DW_ATE_*`, `DW_OP_LLVM_convert`'s
    /// encoding): a name of the tables, in any version.
    Op(ExprOp),
    /// An integer operand.
    Int(u64),
    /// A word neither table names, as written (readers keep it for the verifier to report).
    Word(Box<Box<str>>),
}

impl ExprElem {
    /// The element for a keyword: [`ExprElem::Op`] when the tables name it, else [`ExprElem::Word`].
    pub fn word(name: &str) -> ExprElem {
        ExprOp::from_name(name).map_or_else(|| ExprElem::Word(Box::new(name.into())), ExprElem::Op)
    }

    /// The keyword, if the element is one (a table name or a word).
    pub fn keyword(&self) -> Option<&str> {
        match self {
            ExprElem::Op(op) => Some(op.name()),
            ExprElem::Word(w) => Some(w),
            ExprElem::Int(_) => None,
        }
    }
}

/// A `!DIExpression` keyword: a row of [`di::DW_OP`] or, for `DW_OP_LLVM_convert`'s encoding,
/// of [`di::DW_ATE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExprOp(u16);

impl ExprOp {
    const ATE: u16 = 1 << 15;

    /// The keyword called `name` (`"DW_OP_deref"`, `"DW_ATE_signed"`), in any version.
    pub fn from_name(name: &str) -> Option<ExprOp> {
        if let Some(i) = di::DW_OP.index_of(name) {
            return Some(ExprOp(i as u16));
        }
        di::DW_ATE.index_of(name).map(|i| ExprOp(i as u16 | Self::ATE))
    }

    /// The operation `version` prints for the number `op`, if it names it.
    pub fn operation(op: u32, version: di::LlvmVersion) -> Option<ExprOp> {
        di::DW_OP.index_by_value(op, version).map(|i| ExprOp(i as u16))
    }

    /// The encoding `version` prints for the number `ate`, if it names it.
    pub fn encoding(ate: u32, version: di::LlvmVersion) -> Option<ExprOp> {
        di::DW_ATE.index_by_value(ate, version).map(|i| ExprOp(i as u16 | Self::ATE))
    }

    /// Whether it is a `DW_ATE_*` encoding, not a `DW_OP_*` operation.
    pub fn is_encoding(self) -> bool {
        self.0 & Self::ATE != 0
    }

    fn entry(self) -> &'static di::NamedValue {
        if self.is_encoding() {
            &di::DW_ATE.entries()[usize::from(self.0 & !Self::ATE)]
        } else {
            &di::DW_OP.entries()[usize::from(self.0)]
        }
    }

    /// The keyword as written.
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// The number it stands for.
    pub fn value(self) -> u32 {
        self.entry().value
    }
}

/// A metadata node's content.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MdNode {
    /// `!"text"`.
    String(Box<[u8]>),
    /// A module-level value as metadata: `i32 1`, `ptr @g`.
    Value(TypeId, Value),
    /// `!{…}` or `distinct !{…}`; `None` operands are `null`.
    Tuple {
        /// `distinct`: never merged with an equal node. The number keeps distinct nodes apart.
        distinct: Option<NonZeroU32>,
        /// Operands.
        ops: Box<[Option<MdId>]>,
    },
    /// `!DIxxx(field: value, …)` or `!GenericDINode(…)`, fields in written order.
    Special {
        /// `distinct`, as for tuples.
        distinct: Option<NonZeroU32>,
        /// The node kind (`DILocation`).
        kind: KindName,
        /// `(field name, value)` pairs.
        fields: Box<[(FieldName, MdField)]>,
    },
    /// `!DIExpression(…)`.
    Expression(Box<[ExprElem]>),
    /// A forward reference not defined (yet); the parser reports one left at the end.
    Placeholder(u32),
}

impl MdNode {
    /// Whether the node is `distinct`.
    pub fn is_distinct(&self) -> bool {
        matches!(self, MdNode::Tuple { distinct: Some(_), .. } | MdNode::Special { distinct: Some(_), .. })
    }

    /// Node references in it, in order.
    pub fn refs(&self) -> Vec<MdId> {
        match self {
            MdNode::Tuple { ops, .. } => ops.iter().flatten().copied().collect(),
            MdNode::Special { fields, .. } => {
                fields.iter().filter_map(|(_, f)| if let MdField::Ref(r) = f { Some(*r) } else { None }).collect()
            }
            _ => Vec::new(),
        }
    }

    fn remap(&mut self, map: &[MdId]) {
        match self {
            MdNode::Tuple { ops, .. } => {
                for r in ops.iter_mut().flatten() {
                    *r = map[r.index()];
                }
            }
            MdNode::Special { fields, .. } => {
                for (_, f) in fields.iter_mut() {
                    if let MdField::Ref(r) = f {
                        *r = map[r.index()];
                    }
                }
            }
            _ => {}
        }
    }
}

fn hash_of(node: &MdNode) -> u64 {
    FxBuildHasher.hash_one(node)
}

/// `!dbg !5`: an attachment kind and node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MdAttachment {
    /// The kind (an index into the module's kinds, [`Metadata::kind_name`]).
    pub kind: MdKind,
    /// The node.
    pub node: MdId,
}

/// An attachment kind (`dbg`, `tbaa`, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MdKind(pub u32);

/// `!name = !{!0, !1}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedMd {
    /// The name without `!`.
    pub name: Box<str>,
    /// The nodes.
    pub nodes: Vec<MdId>,
}

/// The module's metadata.
#[derive(Debug, Clone, Default)]
pub struct Metadata {
    nodes: Arena<MdNode>,
    /// Uniqued nodes by hash, as handles into `nodes` (each node is stored once).
    uniq: HashTable<MdId>,
    kinds: IndexSet<Box<str>, FxBuildHasher>,
    next_distinct: u32,
    /// `!name = …`, in written order.
    pub named: Vec<NamedMd>,
}

/// Equal when every handle names an equal node and the kinds, names and `distinct` numbering
/// agree (the uniquing table follows from the nodes).
impl PartialEq for Metadata {
    fn eq(&self, other: &Self) -> bool {
        self.nodes == other.nodes
            && self.kinds.iter().eq(other.kinds.iter())
            && self.next_distinct == other.next_distinct
            && self.named == other.named
    }
}

impl Metadata {
    /// The node.
    pub fn get(&self, id: MdId) -> &MdNode {
        &self.nodes[id]
    }
    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
    /// Nodes in creation order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (MdId, &MdNode)> {
        self.nodes.iter()
    }

    /// A fresh `distinct` number.
    pub fn new_distinct(&mut self) -> NonZeroU32 {
        self.next_distinct = self.next_distinct.wrapping_add(1);
        NonZeroU32::new(self.next_distinct).unwrap_or(NonZeroU32::MIN)
    }

    /// Hands out `n` numbers unused (numbers a merged copy of the module gave out).
    pub(crate) fn skip_distinct(&mut self, n: u32) {
        self.next_distinct += n;
    }

    /// The handle of a node; uniqued nodes equal to an existing one share its handle.
    pub fn intern(&mut self, node: MdNode) -> MdId {
        if node.is_distinct() || matches!(node, MdNode::Placeholder(_)) {
            return self.nodes.push(node);
        }
        let nodes = &self.nodes;
        let hash = hash_of(&node);
        if let Some(&id) = self.uniq.find(hash, |&id| nodes[id] == node) {
            return id;
        }
        let id = self.nodes.push(node);
        let nodes = &self.nodes;
        self.uniq.insert_unique(hash, id, |&id| hash_of(&nodes[id]));
        id
    }

    /// A placeholder for a node referenced before it is defined.
    pub fn placeholder(&mut self, slot: u32) -> MdId {
        self.nodes.push(MdNode::Placeholder(slot))
    }

    /// Defines a placeholder.
    pub fn define(&mut self, id: MdId, node: MdNode) {
        self.nodes[id] = node;
    }

    /// Defines a placeholder with a uniqued node and registers it for uniquing, unless an equal
    /// node exists: then that node's handle is returned and the two are left for
    /// [`Metadata::unique_all`] to merge.
    pub(crate) fn define_uniqued(&mut self, id: MdId, node: MdNode) -> Option<MdId> {
        self.nodes[id] = node;
        self.register(id).err()
    }

    /// Registers node `id` (added without uniquing) for uniquing. `Err`: an equal node is
    /// registered already (its handle).
    pub(crate) fn register(&mut self, id: MdId) -> Result<(), MdId> {
        let nodes = &self.nodes;
        let node = &nodes[id];
        let hash = hash_of(node);
        if let Some(&e) = self.uniq.find(hash, |&o| nodes[o] == *node) {
            return Err(e);
        }
        self.uniq.insert_unique(hash, id, |&o| hash_of(&nodes[o]));
        Ok(())
    }

    /// Adds a node without uniquing (one referred to before its record holds its place).
    pub(crate) fn push_raw(&mut self, node: MdNode) -> MdId {
        self.nodes.push(node)
    }

    /// The attachment kind called `name`, added if new.
    pub fn kind(&mut self, name: &str) -> MdKind {
        if let Some(i) = self.kinds.get_index_of(name) {
            return MdKind(i as u32);
        }
        MdKind(self.kinds.insert_full(name.into()).0 as u32)
    }
    /// The attachment kind of this name, if the module has one.
    pub fn find_kind(&self, name: &str) -> Option<MdKind> {
        self.kinds.get_index_of(name).map(|i| MdKind(i as u32))
    }
    /// The number of attachment kinds.
    pub fn kinds_len(&self) -> usize {
        self.kinds.len()
    }
    /// How many `distinct` numbers have been handed out.
    pub(crate) fn distinct_count(&self) -> u32 {
        self.next_distinct
    }
    /// The name of an attachment kind.
    pub fn kind_name(&self, k: MdKind) -> &str {
        &self.kinds[k.0 as usize]
    }

    /// Whether `after`, a map [`Metadata::unique_all`] returned, merges nodes that `before`, one
    /// it returned earlier, kept apart. (A reader merges equal nodes by redirecting every
    /// reference, and the merged copies stay behind: each later call maps them again.)
    pub fn merges_beyond(before: &[MdId], after: &[MdId]) -> bool {
        after.iter().enumerate().any(|(i, a)| before.get(a.index()) != before.get(i))
    }

    /// Merges uniqued nodes that became equal once forward references were resolved; returns the
    /// map from old to canonical handles (apply it to every outside reference). Repeats until
    /// nothing changes, so chains of equal nodes collapse bottom-up.
    pub fn unique_all(&mut self) -> Vec<MdId> {
        let n = self.nodes.len();
        let mut total: Vec<MdId> = (0..n).map(MdId::from_index).collect();
        loop {
            let mut seen: HashTable<MdId> = HashTable::with_capacity(self.uniq.len());
            let mut map: Vec<MdId> = (0..n).map(MdId::from_index).collect();
            let mut changed = false;
            let nodes = &self.nodes;
            for i in 0..n {
                let id = MdId::from_index(i);
                let node = &nodes[id];
                if node.is_distinct() || matches!(node, MdNode::Placeholder(_)) || total[i] != id {
                    continue;
                }
                let hash = hash_of(node);
                match seen.find(hash, |&other| nodes[other] == *node) {
                    Some(&first) => {
                        map[i] = first;
                        changed = true;
                    }
                    None => {
                        seen.insert_unique(hash, id, |&other| hash_of(&nodes[other]));
                    }
                }
            }
            if !changed {
                self.uniq = seen;
                return total;
            }
            for i in 0..n {
                self.nodes[MdId::from_index(i)].remap(&map);
                total[i] = map[total[i].index()];
            }
            for nm in &mut self.named {
                for r in &mut nm.nodes {
                    *r = map[r.index()];
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniqued_nodes_share_and_distinct_do_not() {
        let mut md = Metadata::default();
        let s = md.intern(MdNode::String(b"x".to_vec().into()));
        let t1 = md.intern(MdNode::Tuple { distinct: None, ops: vec![Some(s)].into() });
        let t2 = md.intern(MdNode::Tuple { distinct: None, ops: vec![Some(s)].into() });
        assert_eq!(t1, t2);
        let d1 = md.new_distinct();
        let d2 = md.new_distinct();
        let a = md.intern(MdNode::Tuple { distinct: Some(d1), ops: vec![Some(s)].into() });
        let b = md.intern(MdNode::Tuple { distinct: Some(d2), ops: vec![Some(s)].into() });
        assert_ne!(a, b);
    }

    #[test]
    fn expression_keywords_are_table_rows() {
        // 16 bytes an element, nothing on the heap for a known keyword.
        assert_eq!(std::mem::size_of::<ExprElem>(), 16);
        for e in di::DW_OP.entries().iter().chain(di::DW_ATE.entries()) {
            let ExprElem::Op(op) = ExprElem::word(e.name) else { panic!("{} is not a table row", e.name) };
            assert_eq!((op.name(), op.value()), (e.name, e.value));
            assert_eq!(op.is_encoding(), e.name.starts_with("DW_ATE_"));
        }
        let w = ExprElem::word("DW_OP_no_such_op");
        assert_eq!(w.keyword(), Some("DW_OP_no_such_op"));
        assert!(matches!(w, ExprElem::Word(_)));
        let plus = ExprOp::operation(0x23, di::LlvmVersion::Llvm19).map(ExprOp::name);
        assert_eq!(plus, Some("DW_OP_plus_uconst"));
        let signed = ExprOp::encoding(5, di::LlvmVersion::Llvm19).map(ExprOp::name);
        assert_eq!(signed, Some("DW_ATE_signed"));
    }

    #[test]
    fn a_node_is_24_bytes() {
        // A module may hold millions of nodes: a kind is a byte, a `distinct` number four.
        assert_eq!(std::mem::size_of::<KindName>(), 1);
        assert_eq!(std::mem::size_of::<MdNode>(), 24);
        let loc = KindName::of(di::DiKind::Location);
        assert_eq!(loc.kind(), di::DiKind::Location);
        assert!(loc == "DILocation" && &*loc == "DILocation" && loc.as_str() == "DILocation");
        assert_ne!(loc, KindName::of(di::DiKind::File));
        assert!(loc != "DIFile");
        assert_eq!(format!("{loc} {loc:?}"), "DILocation \"DILocation\"");
    }

    #[test]
    fn a_field_is_24_bytes_with_its_name() {
        // A module may hold millions of fields: a name is a thin reference, a value 16 bytes.
        assert_eq!(std::mem::size_of::<MdField>(), 16);
        assert_eq!(std::mem::size_of::<FieldName>(), 8);
        assert_eq!(std::mem::size_of::<(FieldName, MdField)>(), 24);
    }

    #[test]
    fn integers_past_i64_are_held_apart_and_equal_by_value() {
        for v in [0, -1, i128::from(i64::MIN), i128::from(i64::MAX)] {
            assert_eq!(MdField::int(v), MdField::Int(v as i64));
            assert_eq!(MdField::int(v).as_int(), Some(v));
        }
        for v in [i128::from(u64::MAX), i128::from(i64::MAX) + 1, i128::from(i64::MIN) - 1, i128::MIN, i128::MAX] {
            let f = MdField::int(v);
            assert!(matches!(f, MdField::WideInt(_)), "{v}");
            assert_eq!(f.as_int(), Some(v));
            assert_eq!(f, MdField::int(v));
        }
        assert_eq!(MdField::Bool(true).as_int(), None);
    }

    #[test]
    fn field_names_compare_by_text() {
        static LINE: &str = "line";
        let a = FieldName::new(&LINE);
        let b = FieldName::new(&"line");
        assert_eq!(a, b);
        assert_eq!(FxBuildHasher.hash_one(a), FxBuildHasher.hash_one(b));
        assert!(a == "line" && &*a == "line" && a.as_str() == "line");
        assert_ne!(a, FieldName::new(&"scope"));
        assert_eq!(format!("{a} {a:?}"), "line \"line\"");
    }

    #[test]
    fn forward_references_unique_after_resolution() {
        // !0 = !{!2}  !1 = !{!3}  !2 = !{}  !3 = !{}  → !2 == !3, then !0 == !1.
        let mut md = Metadata::default();
        let p2 = md.placeholder(2);
        let p3 = md.placeholder(3);
        let n0 = md.intern(MdNode::Tuple { distinct: None, ops: vec![Some(p2)].into() });
        let n1 = md.intern(MdNode::Tuple { distinct: None, ops: vec![Some(p3)].into() });
        assert_ne!(n0, n1);
        md.define(p2, MdNode::Tuple { distinct: None, ops: Box::new([]) });
        md.define(p3, MdNode::Tuple { distinct: None, ops: Box::new([]) });
        md.named.push(NamedMd { name: "n".into(), nodes: vec![n0, n1] });
        let map = md.unique_all();
        assert_eq!(map[p3.index()], p2);
        assert_eq!(map[n1.index()], n0);
        assert_eq!(md.named[0].nodes, vec![n0, n0]);
    }
}
