//! Metadata blocks: strings, values, tuples, named metadata, kinds and attachments. Nodes may
//! refer to later ones; those get placeholders, defined when their record comes, and uniqued
//! once the block is read.

use super::{Reader, Result};
use crate::bitcode::bitstream::{Bits, Entry};
use crate::ir::metadata::{MdAttachment, MdId, MdNode, NamedMd};
use crate::ir::value::Value;

impl<'a> Reader<'a> {
    /// The node for metadata id `id` (module level), creating a placeholder for a forward reference.
    /// The error for forward references to metadata still open where they must be resolved
    /// (`body`: at the end of that function's body).
    #[cold]
    pub(super) fn md_undefined(&self, body: Option<&str>) -> crate::bitcode::error::BitcodeError {
        let undefined =
            self.mds.iter().position(|m| m.is_some_and(|m| matches!(self.m.metadata.get(m), MdNode::Placeholder(_))));
        let id = undefined.unwrap_or(0);
        match body {
            // Where the body ends (the function block is left already: no record to name).
            Some(name) => crate::bitcode::error::BitcodeError::at(
                self.c.pos(),
                format!("metadata id {id} used in the body of @{name:?} but never defined"),
            )
            .in_block(Some(crate::bitcode::codes::block::FUNCTION)),
            None => self.err(format!("metadata id {id} used but never defined")),
        }
    }

    pub(super) fn md_ref(&mut self, id: u64) -> Result<MdId> {
        let i = usize::try_from(id).map_err(|_| self.err("metadata id too large"))?;
        if i >= self.mds.len() {
            // Forward references are bounded by the records that can still come, each one id in
            // at least three bits (an abbreviated record in a block whose ids take three bits; two
            // bits leave room for unabbreviated records only, of 14 bits or more).
            let left = self.c.len_bits().saturating_sub(self.c.pos()) / 3;
            if i - self.mds.len() >= usize::try_from(left).unwrap_or(usize::MAX) {
                return Err(self.err(format!("metadata id {id} out of range")));
            }
            self.mds.resize(i + 1, None);
        }
        if let Some(m) = self.mds[i] {
            return Ok(m);
        }
        if let Some(s) = self.lazy_str(i) {
            let id = self.m.metadata.intern(MdNode::String(s.into()));
            self.mds[i] = Some(id);
            return Ok(id);
        }
        let p = self.m.metadata.placeholder(i as u32);
        self.mds[i] = Some(p);
        self.md_open += 1;
        if self.role == super::Role::Copy {
            self.md_placeholders.push(p);
        }
        Ok(p)
    }

    /// Records a node as metadata id `next`, filling a placeholder made for it.
    pub(super) fn md_define(&mut self, next: &mut usize, node: MdNode) -> Result<()> {
        let i = *next;
        *next += 1;
        if i < self.mds.len() {
            if let Some(p) = self.mds[i] {
                if matches!(self.m.metadata.get(p), MdNode::Placeholder(_)) {
                    if node.is_distinct() {
                        self.m.metadata.define(p, node);
                    } else if self.m.metadata.define_uniqued(p, node).is_some() {
                        // Equal to a node read before: the two are merged at the end.
                        self.md_reunique = true;
                    }
                    self.md_open -= 1;
                    return Ok(());
                }
                return Err(self.err(format!("metadata id {i} defined twice")));
            }
        } else {
            self.mds.resize(i + 1, None);
        }
        let id = self.m.metadata.intern(node);
        self.mds[i] = Some(id);
        Ok(())
    }

    /// A metadata block: the module's, or a function's (`in_fn`: its ids follow the module's
    /// and end with the body; `VALUE` records may name the function's own values).
    pub(super) fn metadata_block(&mut self, in_fn: bool) -> Result<()> {
        // Placeholders made by earlier forward references keep their slots.
        let mut next = if in_fn {
            self.mds.len()
        } else {
            self.mds
                .iter()
                .rposition(|m| m.is_some_and(|m| !matches!(self.m.metadata.get(m), MdNode::Placeholder(_))))
                .map_or(0, |p| p + 1)
                .max(self.lazy_strs.end())
        };
        let mut name: Option<Box<str>> = None;
        loop {
            let code = match self.c.advance()? {
                Entry::End => break,
                Entry::Eof => return Err(self.err("unexpected end of input")),
                Entry::Block(_) => {
                    self.c.skip()?;
                    continue;
                }
                Entry::Record(code) => code,
            };
            if in_fn && code == 46 {
                // DIArgList: the function's values as metadata, by metadata id.
                let ops = self.c.ops.clone();
                let mut args = Vec::with_capacity(ops.len());
                for id in ops {
                    let i = usize::try_from(id).unwrap_or(usize::MAX);
                    let arg = match (self.body.local_md.get(&i), self.mds.get(i)) {
                        (Some(Value::LocalMd(l)), _) => match &self.func.local_md[*l] {
                            crate::ir::function::LocalMd::Value(t, v) => Some((*t, *v)),
                            _ => None,
                        },
                        (_, Some(Some(m))) => match self.m.metadata.get(*m) {
                            MdNode::Value(t, v) => Some((*t, *v)),
                            _ => None,
                        },
                        _ => None,
                    };
                    args.push(arg.ok_or_else(|| self.err(format!("DIArgList operand {id} is not a value")))?);
                }
                let l = self.func.local_md.push(crate::ir::function::LocalMd::ArgList(args));
                self.body.local_md.insert(next, Value::LocalMd(l));
                next += 1;
                if self.mds.len() < next {
                    self.mds.resize(next, None);
                }
                continue;
            }
            if code == 8 {
                // OLD_NODE (before LLVM 3.6): [type, value]… pairs; a metadata type names a node,
                // void is null, others a value.
                let ops = self.c.ops.clone();
                if !ops.len().is_multiple_of(2) {
                    return Err(self.err("old metadata node with an odd number of operands"));
                }
                let mut refs = Vec::with_capacity(ops.len() / 2);
                for p in ops.chunks(2) {
                    let ty = self.ty(p[0])?;
                    refs.push(match self.m.types.get(ty) {
                        crate::ir::types::TypeData::Metadata => Some(self.md_ref(p[1])?),
                        crate::ir::types::TypeData::Void => None,
                        _ => {
                            let v = self.old_md_value(in_fn, ty, p[1])?;
                            Some(self.m.metadata.intern(MdNode::Value(ty, v)))
                        }
                    });
                }
                self.md_define(&mut next, MdNode::Tuple { distinct: None, ops: refs.into() })?;
                continue;
            }
            if code == 9 {
                // OLD_FN_NODE: a function-local value as metadata; anything else was dropped
                // (LLVM reads an empty node in its place).
                let ops = self.c.ops.clone();
                let ty = if ops.len() == 2 { Some(self.ty(ops[0])?) } else { None };
                let value_ty = ty.filter(|&t| {
                    !matches!(
                        self.m.types.get(t),
                        crate::ir::types::TypeData::Metadata | crate::ir::types::TypeData::Void
                    )
                });
                let Some(ty) = value_ty else {
                    self.md_define(&mut next, MdNode::Tuple { distinct: None, ops: Box::new([]) })?;
                    continue;
                };
                match self.old_md_value(in_fn, ty, ops[1])? {
                    Value::Const(c) => self.md_define(&mut next, MdNode::Value(ty, Value::Const(c)))?,
                    v => {
                        let l = self.func.local_md.push(crate::ir::function::LocalMd::Value(ty, v));
                        self.body.local_md.insert(next, Value::LocalMd(l));
                        next += 1;
                        if self.mds.len() < next {
                            self.mds.resize(next, None);
                        }
                    }
                }
                continue;
            }
            if in_fn && code == 2 {
                let ty = self.ty(self.op(0)?)?;
                let (v, _) = self.value_abs(self.op(1)?, Some(ty))?;
                match v {
                    Value::Const(_) => self.md_define(&mut next, MdNode::Value(ty, v))?,
                    v => {
                        let l = self.func.local_md.push(crate::ir::function::LocalMd::Value(ty, v));
                        self.body.local_md.insert(next, Value::LocalMd(l));
                        next += 1;
                        if self.mds.len() < next {
                            self.mds.resize(next, None);
                        }
                    }
                }
                continue;
            }
            match code {
                1 => {
                    let s = super::chars(&self.c.ops);
                    if s.starts_with(b"llvm.vectorizer.") {
                        self.di_upgrade.old_loop_tags = true;
                    }
                    self.md_define(&mut next, MdNode::String(s.into()))?;
                }
                35 => self.md_strings(&mut next, in_fn)?,
                2 => {
                    let ty = self.ty(self.op(0)?)?;
                    let id = self.op(1)?;
                    let Some(&(c, _)) = self.values.get(id as usize) else {
                        return Err(self.err(format!("metadata value {id} is not a module-level value")));
                    };
                    self.md_define(&mut next, MdNode::Value(ty, Value::Const(c)))?;
                }
                3 | 5 => {
                    let ops = self.c.ops.clone();
                    let refs = ops
                        .iter()
                        .map(|&o| if o == 0 { Ok(None) } else { self.md_ref(o - 1).map(Some) })
                        .collect::<Result<Vec<_>>>()?;
                    let distinct = (code == 5).then(|| self.m.metadata.new_distinct());
                    self.md_define(&mut next, MdNode::Tuple { distinct, ops: refs.into() })?;
                }
                4 => name = Some(super::string(&self.c.ops)),
                10 => {
                    let name = name.take().ok_or_else(|| self.err("named metadata without a name"))?;
                    let ops = self.c.ops.clone();
                    let nodes = ops.iter().map(|&o| self.md_ref(o)).collect::<Result<Vec<_>>>()?;
                    self.m.metadata.named.push(NamedMd { name, nodes });
                }
                6 => self.md_kind_record()?,
                36 => self.global_attachment()?,
                38 | 39 => {} // the index only speeds up lazy loading
                27 if self.c.ops.first().is_some_and(|h| h >> 1 == 0) => self.old_global_variable(&mut next)?,
                7 | 12..=34 | 37 | 40..=47 => match self.debug_info_node(code)? {
                    Some(node) => {
                        self.md_define(&mut next, node)?;
                        self.note_upgrades(code, next - 1)?;
                    }
                    None => return Err(self.err(format!("debug-info metadata record {code} is not supported yet"))),
                },
                c => return Err(self.unknown(c)),
            }
        }
        if self.md_open > 0 {
            return Err(self.md_undefined(None));
        }
        if !in_fn {
            self.upgrade_debug_info()?;
        }
        if std::mem::take(&mut self.md_reunique) {
            self.reuniqued = true;
            let map = self.m.metadata.unique_all();
            for m in self.mds.iter_mut().flatten() {
                *m = map[m.index()];
            }
            if in_fn {
                self.remap_attachments(&map);
            }
        }
        Ok(())
    }

    /// A value named by an old metadata record (absolute id): a module-level one, or in a
    /// function's metadata block one of the function's values.
    fn old_md_value(&mut self, in_fn: bool, ty: crate::ir::types::TypeId, id: u64) -> Result<Value> {
        if in_fn {
            return Ok(self.value_abs(id, Some(ty))?.0);
        }
        match self.values.get(id as usize) {
            Some(&(c, _)) => Ok(Value::Const(c)),
            None => Err(self.err(format!("metadata value {id} is not a module-level value"))),
        }
    }

    /// `METADATA_STRINGS`: [count, offset] and a blob of VBR6 lengths, then the characters.
    ///
    /// The module's strings stay in the input ([`LazyStrings`]) when their ids are new: a
    /// debug-info field copies its string, and only a string something refers to as a node
    /// becomes one (a module of 200k variables names each once, in its field).
    fn md_strings(&mut self, next: &mut usize, in_fn: bool) -> Result<()> {
        let (count, offset) = (self.op(0)?, self.op(1)?);
        let blob = self.c.blob.ok_or_else(|| self.err("metadata strings without a blob"))?;
        if offset > blob.len() as u64 || count > blob.len() as u64 * 8 / 6 {
            return Err(self.err("metadata strings record does not fit its blob"));
        }
        let (lens, chars) = blob.split_at(offset as usize);
        let mut bits = Bits::new(lens);
        let mut at = 0usize;
        let table_free = if in_fn { &self.fn_lazy_strs } else { &self.lazy_strs }.ends.is_empty();
        let lazy = table_free && *next >= self.mds.len() && chars.len() < 1 << 32;
        let mut ends = Vec::new();
        if lazy {
            // Bounded by the blob's size (checked above).
            ends.reserve_exact(count as usize);
        }
        for _ in 0..count {
            let n = bits.vbr(6).map_err(|_| self.err("metadata string lengths run past their blob"))? as usize;
            let s =
                chars.get(at..at.saturating_add(n)).ok_or_else(|| self.err("metadata string runs past its blob"))?;
            at += n;
            if lazy {
                ends.push(at as u32);
            } else {
                self.md_define(next, MdNode::String(s.into()))?;
            }
        }
        if lazy && !ends.is_empty() {
            self.mds.resize(*next + ends.len(), None);
            let table = LazyStrings { base: *next, chars, ends };
            *next = table.end();
            *if in_fn { &mut self.fn_lazy_strs } else { &mut self.lazy_strs } = table;
        }
        Ok(())
    }

    /// The characters of metadata string `id` while it is not a node.
    pub(super) fn lazy_string(&self, id: usize) -> Option<&'a [u8]> {
        match self.mds.get(id) {
            Some(None) => self.lazy_str(id),
            _ => None,
        }
    }

    /// The characters of string `id` of the module's or the function's strings kept in the
    /// input (callers look at its slot first).
    fn lazy_str(&self, id: usize) -> Option<&'a [u8]> {
        self.lazy_strs.get(id).or_else(|| self.fn_lazy_strs.get(id))
    }

    /// The characters of metadata string `id`, whether it is a node or still in the input.
    pub(super) fn md_string(&self, id: usize) -> Option<&[u8]> {
        match self.mds.get(id).copied().flatten() {
            Some(m) => match self.m.metadata.get(m) {
                MdNode::String(s) => Some(s),
                _ => None,
            },
            None => self.lazy_str(id),
        }
    }

    /// Metadata id `id`'s node, made now if it is a string still in the input.
    pub(super) fn md_slot(&mut self, id: usize) -> Option<MdId> {
        if let Some(m) = self.mds.get(id).copied().flatten() {
            return Some(m);
        }
        let s = self.lazy_str(id)?;
        let m = self.m.metadata.intern(MdNode::String(s.into()));
        self.mds[id] = Some(m);
        Some(m)
    }

    fn md_kind_record(&mut self) -> Result<()> {
        let id = self.op(0)?;
        let name = super::string(&self.c.ops[1..]);
        self.md_kinds.insert(id, name);
        Ok(())
    }

    pub(super) fn metadata_kind_block(&mut self) -> Result<()> {
        loop {
            match self.c.advance()? {
                Entry::End => return Ok(()),
                Entry::Eof => return Err(self.err("unexpected end of input")),
                Entry::Block(_) => self.c.skip()?,
                Entry::Record(6) => self.md_kind_record()?,
                Entry::Record(c) => return Err(self.unknown(c)),
            }
        }
    }

    /// Attachment pairs `[kind, node]…` from `ops`.
    pub(super) fn attachments(&mut self, ops: &[u64]) -> Result<Vec<MdAttachment>> {
        if !ops.len().is_multiple_of(2) {
            return Err(self.err("attachment list with an odd number of operands"));
        }
        let mut out = Vec::with_capacity(ops.len() / 2);
        for p in ops.chunks(2) {
            let name = self
                .md_kinds
                .get(&p[0])
                .cloned()
                .ok_or_else(|| self.err(format!("metadata kind {} not defined", p[0])))?;
            // An attachment of function-local metadata was legal once; LLVM drops it.
            if self.body.local_md.contains_key(&usize::try_from(p[1]).unwrap_or(usize::MAX)) {
                continue;
            }
            let kind = self.m.metadata.kind(&name);
            let mut node = self.md_node_id(p[1])?;
            if &*name == "llvm.loop" && self.di_upgrade.old_loop_tags {
                node = self.upgrade_loop_attachment(node);
            }
            out.push(MdAttachment { kind, node });
        }
        Ok(out)
    }

    /// `!llvm.loop` properties named `llvm.vectorizer.*` (before LLVM 3.5) renamed as LLVM's
    /// reader does (`upgradeInstructionLoopAttachment`): a new tuple of the renamed properties.
    fn upgrade_loop_attachment(&mut self, node: MdId) -> MdId {
        let old_tag = |md: &crate::ir::metadata::Metadata, op: Option<MdId>| -> Option<Box<[u8]>> {
            let MdNode::Tuple { ops, .. } = md.get(op?) else { return None };
            let MdNode::String(s) = md.get((*ops.first()?)?) else { return None };
            s.starts_with(b"llvm.vectorizer.").then(|| s.clone())
        };
        let MdNode::Tuple { ops, .. } = self.m.metadata.get(node) else { return node };
        let ops = ops.clone();
        if !ops.iter().any(|&op| old_tag(&self.m.metadata, op).is_some()) {
            return node;
        }
        let mut new_ops = Vec::with_capacity(ops.len());
        for op in ops.iter().copied() {
            let Some(tag) = old_tag(&self.m.metadata, op) else {
                new_ops.push(op);
                continue;
            };
            let name: Vec<u8> = if &*tag == b"llvm.vectorizer.unroll" {
                b"llvm.loop.interleave.count".to_vec()
            } else {
                [&b"llvm.loop.vectorize."[..], &tag[b"llvm.vectorizer.".len()..]].concat()
            };
            let MdNode::Tuple { ops: prop, .. } = self.m.metadata.get(op.expect("a tagged tuple")) else {
                unreachable!("old_tag found a tuple")
            };
            let rest: Vec<Option<MdId>> = prop[1..].to_vec();
            let s = self.m.metadata.intern(MdNode::String(name.into()));
            let t = MdNode::Tuple { distinct: None, ops: std::iter::once(Some(s)).chain(rest).collect() };
            new_ops.push(Some(self.m.metadata.intern(t)));
        }
        self.m.metadata.intern(MdNode::Tuple { distinct: None, ops: new_ops.into() })
    }

    /// A metadata id as a node.
    pub(super) fn md_node_id(&mut self, id: u64) -> Result<MdId> {
        match self.md_slot(usize::try_from(id).unwrap_or(usize::MAX)) {
            Some(m) => Ok(m),
            None => Err(self.err(format!("metadata id {id} is not a node"))),
        }
    }

    /// Applies a uniquing map to attachments already read.
    fn remap_attachments(&mut self, map: &[MdId]) {
        for (_, g) in self.m.globals.iter_mut() {
            g.props.edit_rare(|r| r.metadata.iter_mut().for_each(|a| a.node = map[a.node.index()]));
        }
        // The function being read is out of the module.
        for f in self.m.functions.iter_mut().map(|(_, f)| f).chain(std::iter::once(&mut self.func)) {
            f.props.edit_rare(|r| r.metadata.iter_mut().for_each(|a| a.node = map[a.node.index()]));
            let Some(f) = f.body.get_mut() else { continue };
            for (_, l) in f.attachments.iter_mut() {
                l.iter_mut().for_each(|a| a.node = map[a.node.index()]);
            }
        }
    }

    fn global_attachment(&mut self) -> Result<()> {
        let ops = self.c.ops.clone();
        let Some((&vid, rest)) = ops.split_first() else { return Err(self.err("attachment record too short")) };
        let list = self.attachments(rest)?;
        let Some(&sym) = self.global_syms.get(vid as usize) else {
            return Err(self.err(format!("attachment to value {vid}, which is not a global")));
        };
        match self.m.symbols[sym].def {
            Some(crate::ir::module::GlobalDef::Var(g)) => {
                self.m.globals[g].props.edit_rare(|r| crate::ir::push_exact(&mut r.metadata, list))
            }
            Some(crate::ir::module::GlobalDef::Func(f)) => {
                self.m.functions[f].props.edit_rare(|r| crate::ir::push_exact(&mut r.metadata, list))
            }
            _ => return Err(self.err("attachment to an alias or ifunc")),
        }
        Ok(())
    }
}

/// Metadata strings of the module, or of the function being read, that are not nodes (yet):
/// metadata ids `base..` name them, in the input's bytes. A slot of `Reader::mds` left `None` in that range is one; making it a node
/// fills the slot.
#[derive(Clone, Default)]
pub(super) struct LazyStrings<'a> {
    /// The metadata id of the first.
    base: usize,
    /// Their characters, one after another.
    chars: &'a [u8],
    /// Where each ends in `chars`.
    ends: Vec<u32>,
}

impl<'a> LazyStrings<'a> {
    /// The characters of string `id`, if it is one of these (callers look at its slot first).
    fn get(&self, id: usize) -> Option<&'a [u8]> {
        let k = id.checked_sub(self.base)?;
        let end = *self.ends.get(k)? as usize;
        let start = if k == 0 { 0 } else { self.ends[k - 1] as usize };
        self.chars.get(start..end)
    }

    /// The metadata id after the last.
    fn end(&self) -> usize {
        self.base + self.ends.len()
    }

    /// Forgets them (a function's, at the end of its body), keeping the table's room.
    pub(super) fn clear(&mut self) {
        self.base = 0;
        self.chars = &[];
        self.ends.clear();
    }
}
