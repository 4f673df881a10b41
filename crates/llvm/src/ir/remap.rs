//! Moving what a copy of a module added into the module it was copied from.
//!
//! Readers that work on several threads give each thread a copy of the module as it stood at a
//! cut (its [`Base`]: the size of every table). What a copy adds to a table gets handles above
//! the base; [`Additions`] lists those entries, and [`Remap`] looks each up or adds it in the
//! original, in the order the copy added it, and keeps where each went. Replaying additions in
//! reading order gives the original the handles a sequential read gives, handle for handle. A
//! copy that goes on reading after one merge keeps its `Remap`: the next additions continue it.

use super::attrs::{Attr, AttrSet, AttrSetId};
use super::constant::{ConstData, ConstId};
use super::function::{Function, LocalMd};
use super::instruction::{Atomic, CallSite, InstKind, ScopeId};
use super::metadata::{MdAttachment, MdField, MdId, MdKind, MdNode};
use super::module::{AsmId, InlineAsm, Module, SymbolId};
use super::types::{NamedStructId, StructBody, TypeData, TypeId};
use super::value::Value;

/// Table sizes at a cut: handles below them mean the same in every copy of the module.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Base {
    pub(crate) types: usize,
    pub(crate) named: usize,
    pub(crate) consts: usize,
    pub(crate) attrs: usize,
    pub(crate) asms: usize,
    pub(crate) md: usize,
    pub(crate) md_kinds: usize,
    pub(crate) symbols: usize,
    pub(crate) functions: usize,
    pub(crate) scopes: usize,
    pub(crate) distinct: u32,
    pub(crate) globals: usize,
    pub(crate) aliases: usize,
    pub(crate) ifuncs: usize,
}

impl Base {
    /// A base above every handle: a map from it changes nothing (set one table's base to 0 to
    /// map that table whole).
    pub(crate) fn identity() -> Base {
        let all = usize::MAX;
        Base {
            types: all,
            named: all,
            consts: all,
            attrs: all,
            asms: all,
            md: all,
            md_kinds: all,
            symbols: all,
            functions: all,
            scopes: all,
            distinct: 0,
            globals: all,
            aliases: all,
            ifuncs: all,
        }
    }

    /// The sizes of `m`'s tables now.
    pub(crate) fn of(m: &Module) -> Base {
        Base {
            types: m.types.len(),
            named: m.types.named_structs().len(),
            consts: m.consts.len(),
            attrs: m.attrs.len(),
            asms: m.asms.len(),
            md: m.metadata.len(),
            md_kinds: m.metadata.kinds_len(),
            symbols: m.symbols.len(),
            functions: m.functions.len(),
            scopes: m.sync_scopes.len(),
            distinct: m.metadata.distinct_count(),
            globals: m.globals.len(),
            aliases: m.aliases.len(),
            ifuncs: m.ifuncs.len(),
        }
    }
}

/// The table entries a copy added after `base`, taken out so that the copy may go on.
#[derive(Debug, Default)]
pub(crate) struct Additions {
    /// The copy's table sizes where these entries start.
    pub(crate) base: Base,
    /// Names of identified structs added.
    named: Vec<Box<str>>,
    types: Vec<TypeData>,
    consts: Vec<ConstData>,
    attrs: Vec<AttrSet>,
    asms: Vec<InlineAsm>,
    kinds: Vec<Box<str>>,
    scopes: Vec<Box<str>>,
    md: Vec<MdNode>,
    /// The copy's count of `distinct` numbers after these entries.
    distinct_end: u32,
    /// Metadata entries (by index in the copy, ascending) that were made as placeholders for
    /// forward references and defined later: the original adds them without uniquing, as a
    /// sequential read does, then registers the uniqued ones (see [`Remap::absorb_rest`]).
    pub(crate) raw_md: Vec<usize>,
}

impl Additions {
    /// What `m` added to its tables since `base` (a cut of `m` itself).
    pub(crate) fn since(m: &Module, base: Base) -> Additions {
        Additions::since_with(m, base, true)
    }

    /// [`Additions::since_with`] of a copy that is done: its constants move out rather than
    /// being copied (a copy that read many globals' initializers held them twice while its
    /// additions were taken).
    pub(crate) fn take_with(m: &mut Module, base: Base, metadata: bool) -> Additions {
        let consts = m.consts.take_from(base.consts);
        let mut adds = Additions::since_with(m, base, metadata);
        adds.consts = consts;
        adds
    }

    /// [`Additions::since`], less the metadata nodes when `metadata` is false (a reader that
    /// takes in the copy's metadata by itself).
    pub(crate) fn since_with(m: &Module, base: Base, metadata: bool) -> Additions {
        let md_end = if metadata { m.metadata.len() } else { base.md };
        Additions {
            base,
            named: m.types.named_structs().skip(base.named).map(|(_, n)| n.name.clone()).collect(),
            types: (base.types..m.types.len()).map(|i| m.types.get(TypeId::from_index(i)).clone()).collect(),
            consts: (base.consts..m.consts.len()).map(|i| m.consts[ConstId::from_index(i)].clone()).collect(),
            attrs: (base.attrs..m.attrs.len()).map(|i| m.attrs[AttrSetId::from_index(i)].clone()).collect(),
            asms: (base.asms..m.asms.len()).map(|i| m.asms[AsmId::from_index(i)].clone()).collect(),
            kinds: (base.md_kinds..m.metadata.kinds_len())
                .map(|i| m.metadata.kind_name(MdKind(i as u32)).into())
                .collect(),
            scopes: m.sync_scopes.iter().skip(base.scopes).map(Box::from).collect(),
            md: (base.md..md_end).map(|i| m.metadata.get(MdId::from_index(i)).clone()).collect(),
            distinct_end: m.metadata.distinct_count(),
            raw_md: Vec::new(),
        }
    }
}

impl Remap {
    /// A map for a copy cut at `base`.
    pub(crate) fn new(base: Base) -> Remap {
        Remap { base, ..Remap::default() }
    }

    /// Types first (the rest refer to them), identified structs looked up by name. `Err`: the
    /// additions do not continue what this map has seen.
    pub(crate) fn absorb_types(&mut self, main: &mut Module, adds: &Additions) -> Result<(), ()> {
        if adds.base.types != self.base.types + self.types.len()
            || adds.base.named != self.base.named + self.named.len()
        {
            return Err(());
        }
        for t in &adds.types {
            let t = match t {
                TypeData::Named(n) if n.index() >= self.base.named => {
                    let name = adds.named.get(n.index() - adds.base.named).ok_or(())?;
                    let (id, t) = main.types.named_struct(name);
                    let slot = n.index() - self.base.named;
                    if self.named.len() <= slot {
                        self.named.resize(slot + 1, id);
                    }
                    self.named[slot] = id;
                    self.types.push(t);
                    continue;
                }
                t => self.type_data(t.clone()),
            };
            self.types.push(main.types.intern(t));
        }
        Ok(())
    }

    /// Where an identified struct went.
    pub(crate) fn named_struct(&self, n: NamedStructId) -> Option<NamedStructId> {
        if n.index() < self.base.named {
            Some(n)
        } else {
            self.named.get(n.index() - self.base.named).copied()
        }
    }

    /// Everything after types and symbols: constants, attribute sets, inline assembly, attachment
    /// kinds, sync scopes and metadata. `placeholder` stands for a forward reference the copy
    /// could not resolve (its slot). `Err`: the additions do not continue what this map has seen.
    pub(crate) fn absorb_rest(
        &mut self,
        main: &mut Module,
        adds: Additions,
        placeholder: &mut dyn FnMut(&mut Module, u32) -> MdId,
    ) -> Result<(), ()> {
        let b = &adds.base;
        if b.consts != self.base.consts + self.consts.len()
            || b.attrs != self.base.attrs + self.attrs.len()
            || b.asms != self.base.asms + self.asms.len()
            || b.md_kinds != self.base.md_kinds + self.kinds.len()
            || b.scopes != self.base.scopes + self.scopes.len()
            || b.md != self.base.md + self.md.len()
        {
            return Err(());
        }
        for c in adds.consts {
            let c = self.const_data(c);
            self.consts.push(main.constant(c));
        }
        for set in &adds.attrs {
            let set = self.attr_set(set);
            self.attrs.push(main.attrs.insert(set));
        }
        for a in adds.asms {
            let a = InlineAsm { ty: self.ty(a.ty), ..a };
            self.asms.push(main.asms.insert(a));
        }
        for k in &adds.kinds {
            self.kinds.push(main.metadata.kind(k));
        }
        for s in &adds.scopes {
            self.scopes.push(main.sync_scope(s).ok_or(())?.index());
        }
        // Distinct nodes keep the numbers the copy gave them, moved to follow this module's:
        // numbers go in reading order, which the arena order is not (a node referred to before
        // its record holds the place of its first reference).
        let shift = main.metadata.distinct_count().wrapping_sub(adds.base.distinct);
        let moved = |d: std::num::NonZeroU32| {
            std::num::NonZeroU32::new(d.get().wrapping_add(shift)).unwrap_or(std::num::NonZeroU32::MIN)
        };
        let renumber = |n: MdNode| match n {
            MdNode::Tuple { distinct: Some(d), ops } => MdNode::Tuple { distinct: Some(moved(d)), ops },
            MdNode::Special { distinct: Some(d), kind, fields } => {
                MdNode::Special { distinct: Some(moved(d)), kind, fields }
            }
            n => n,
        };
        // Nodes made as placeholders are added as they were made, without uniquing; uniqued
        // ones are registered once defined, and must not equal a node already here (the copy
        // checked its own nodes; one read elsewhere would have the sequential read merge them).
        // Nodes that refer to later ones (only such nodes do) hold their place until the rest
        // is in.
        let mut later: Vec<(MdId, MdNode)> = Vec::new();
        let first = self.base.md + self.md.len();
        let mut raw = adds.raw_md.iter().copied().peekable();
        for (k, n) in adds.md.into_iter().enumerate() {
            let at = first + k;
            let made_raw = raw.next_if(|&r| r == at).is_some();
            if refers_at_or_after(&n, at) {
                let id = main.metadata.placeholder(0);
                self.md.push(id);
                later.push((id, n));
                continue;
            }
            let node = renumber(self.md_node(n));
            let id = match node {
                MdNode::Placeholder(slot) => placeholder(main, slot),
                node if made_raw => {
                    let uniqued = !node.is_distinct();
                    let id = main.metadata.push_raw(node);
                    if uniqued {
                        main.metadata.register(id).map_err(|_| ())?;
                    }
                    id
                }
                node => main.metadata.intern(node),
            };
            self.md.push(id);
        }
        for (id, n) in later {
            let n = renumber(self.md_node(n));
            let uniqued = !n.is_distinct();
            main.metadata.define(id, n);
            if uniqued {
                main.metadata.register(id).map_err(|_| ())?;
            }
        }
        main.metadata.skip_distinct(adds.distinct_end.wrapping_sub(adds.base.distinct));
        Ok(())
    }
}

/// Where a worker's handles go in the merged module: entries below the base are shared, the
/// rest are looked up by offset from it.
#[derive(Default)]
pub(crate) struct Remap {
    base: Base,
    /// Identified structs the copy added, by index from the base.
    named: Vec<NamedStructId>,
    types: Vec<TypeId>,
    consts: Vec<ConstId>,
    attrs: Vec<AttrSetId>,
    asms: Vec<AsmId>,
    md: Vec<MdId>,
    kinds: Vec<MdKind>,
    scopes: Vec<u32>,
    /// Symbols the copy added (the reader that made them maps them).
    pub(crate) syms: Vec<SymbolId>,
}

/// Whether `n` refers to a node at index `at` or later.
fn refers_at_or_after(n: &MdNode, at: usize) -> bool {
    match n {
        MdNode::Tuple { ops, .. } => ops.iter().flatten().any(|r| r.index() >= at),
        MdNode::Special { fields, .. } => fields.iter().any(|(_, f)| matches!(f, MdField::Ref(r) if r.index() >= at)),
        _ => false,
    }
}

/// A handle below `base` is kept; one above is looked up (it was added before it is used).
fn map<T: Copy>(h: T, index: usize, base: usize, table: &[T]) -> T {
    if index < base {
        h
    } else {
        table[index - base]
    }
}

impl Remap {
    pub(crate) fn ty(&self, t: TypeId) -> TypeId {
        map(t, t.index(), self.base.types, &self.types)
    }
    pub(crate) fn cnst(&self, c: ConstId) -> ConstId {
        map(c, c.index(), self.base.consts, &self.consts)
    }
    pub(crate) fn attr(&self, a: AttrSetId) -> AttrSetId {
        map(a, a.index(), self.base.attrs, &self.attrs)
    }
    pub(crate) fn md_id(&self, m: MdId) -> MdId {
        map(m, m.index(), self.base.md, &self.md)
    }
    pub(crate) fn sym(&self, s: SymbolId) -> SymbolId {
        map(s, s.index(), self.base.symbols, &self.syms)
    }
    pub(crate) fn kind(&self, k: MdKind) -> MdKind {
        map(k, k.0 as usize, self.base.md_kinds, &self.kinds)
    }
    pub(crate) fn scope(&self, s: u32) -> u32 {
        map(s, s as usize, self.base.scopes, &self.scopes)
    }
    pub(crate) fn value(&self, v: Value) -> Value {
        match v {
            Value::Const(c) => Value::Const(self.cnst(c)),
            Value::Md(m) => Value::Md(self.md_id(m)),
            Value::Asm(a) => Value::Asm(map(a, a.index(), self.base.asms, &self.asms)),
            local => local,
        }
    }

    fn types(&self, ts: &mut [TypeId]) {
        ts.iter_mut().for_each(|t| *t = self.ty(*t));
    }

    pub(crate) fn type_data(&self, t: TypeData) -> TypeData {
        match t {
            TypeData::Pointer { addr_space, pointee } => {
                TypeData::Pointer { addr_space, pointee: pointee.map(|p| self.ty(p)) }
            }
            TypeData::Function { ret, mut params, vararg } => {
                self.types(&mut params);
                TypeData::Function { ret: self.ty(ret), params, vararg }
            }
            TypeData::Struct(StructBody { mut fields, packed }) => {
                self.types(&mut fields);
                TypeData::Struct(StructBody { fields, packed })
            }
            TypeData::Array { len, elem } => TypeData::Array { len, elem: self.ty(elem) },
            TypeData::Vector { len, elem, scalable } => TypeData::Vector { len, elem: self.ty(elem), scalable },
            TypeData::TargetExt(mut t) => {
                self.types(&mut t.types);
                TypeData::TargetExt(t)
            }
            other => other,
        }
    }

    pub(crate) fn const_data(&self, c: ConstData) -> ConstData {
        let consts = |cs: &mut [ConstId]| cs.iter_mut().for_each(|c| *c = self.cnst(*c));
        match c {
            ConstData::Int { ty, value } => ConstData::Int { ty: self.ty(ty), value },
            ConstData::Float { ty, bits } => ConstData::Float { ty: self.ty(ty), bits },
            ConstData::Null(ty) => ConstData::Null(self.ty(ty)),
            ConstData::Undef(ty) => ConstData::Undef(self.ty(ty)),
            ConstData::Poison(ty) => ConstData::Poison(self.ty(ty)),
            ConstData::Zero(ty) => ConstData::Zero(self.ty(ty)),
            ConstData::NoneToken(ty) => ConstData::NoneToken(self.ty(ty)),
            ConstData::Array { ty, mut elems } => {
                consts(&mut elems);
                ConstData::Array { ty: self.ty(ty), elems }
            }
            ConstData::Vector { ty, mut elems } => {
                consts(&mut elems);
                ConstData::Vector { ty: self.ty(ty), elems }
            }
            ConstData::Struct { ty, mut fields } => {
                consts(&mut fields);
                ConstData::Struct { ty: self.ty(ty), fields }
            }
            ConstData::Bytes { ty, bytes } => ConstData::Bytes { ty: self.ty(ty), bytes },
            ConstData::Global { ty, global } => ConstData::Global { ty: self.ty(ty), global: self.sym(global) },
            ConstData::BlockAddress { ty, func, block } => {
                ConstData::BlockAddress { ty: self.ty(ty), func: self.sym(func), block }
            }
            ConstData::DsoLocalEquivalent { ty, global } => {
                ConstData::DsoLocalEquivalent { ty: self.ty(ty), global: self.sym(global) }
            }
            ConstData::NoCfi { ty, global } => ConstData::NoCfi { ty: self.ty(ty), global: self.sym(global) },
            ConstData::Expr(mut e) => {
                e.ty = self.ty(e.ty);
                e.source_ty = e.source_ty.map(|t| self.ty(t));
                consts(&mut e.operands);
                ConstData::Expr(e)
            }
        }
    }

    pub(crate) fn attr_set(&self, set: &AttrSet) -> AttrSet {
        AttrSet(
            set.0
                .iter()
                .map(|a| match a {
                    Attr::Type(k, t) => Attr::Type(*k, t.map(|t| self.ty(t))),
                    other => other.clone(),
                })
                .collect(),
        )
    }

    pub(crate) fn md_node(&self, n: MdNode) -> MdNode {
        match n {
            MdNode::Value(ty, v) => MdNode::Value(self.ty(ty), self.value(v)),
            MdNode::Tuple { distinct, mut ops } => {
                ops.iter_mut().flatten().for_each(|m| *m = self.md_id(*m));
                MdNode::Tuple { distinct, ops }
            }
            MdNode::Special { distinct, kind, mut fields } => {
                for (_, f) in fields.iter_mut() {
                    if let MdField::Ref(m) = f {
                        *m = self.md_id(*m);
                    }
                }
                MdNode::Special { distinct, kind, fields }
            }
            other => other,
        }
    }

    pub(crate) fn attachments(&self, a: &mut [MdAttachment]) {
        for a in a {
            a.kind = self.kind(a.kind);
            a.node = self.md_id(a.node);
        }
    }

    pub(crate) fn typed(&self, tv: &mut (TypeId, Value)) {
        tv.0 = self.ty(tv.0);
        tv.1 = self.value(tv.1);
    }

    pub(crate) fn atomic(&self, a: &mut Atomic) {
        // A scope the merge mapped is one the main module holds: below the limit.
        a.scope = a.scope.and_then(|s| ScopeId::new(self.scope(s.index())));
    }

    pub(crate) fn call(&self, c: &mut CallSite) {
        c.ret_attrs = self.attr(c.ret_attrs);
        c.fn_ty = self.ty(c.fn_ty);
        c.callee = self.value(c.callee);
        c.fn_attrs = self.attr(c.fn_attrs);
        for a in &mut c.args {
            a.ty = self.ty(a.ty);
            a.value = self.value(a.value);
            a.attrs = self.attr(a.attrs);
        }
        for b in &mut c.bundles {
            b.inputs.iter_mut().for_each(|tv| self.typed(tv));
        }
    }

    pub(crate) fn inst(&self, k: &mut InstKind) {
        let v = |x: &mut Value| *x = self.value(*x);
        let t = |x: &mut TypeId| *x = self.ty(*x);
        match k {
            InstKind::Ret(x) => x.iter_mut().for_each(v),
            InstKind::Br(_) | InstKind::Unreachable => {}
            InstKind::CondBr { cond, .. } => v(cond),
            InstKind::Switch { ty, cond, cases, .. } => {
                t(ty);
                v(cond);
                cases.iter_mut().for_each(|(c, _)| *c = self.cnst(*c));
            }
            InstKind::IndirectBr { ty, addr, .. } => {
                t(ty);
                v(addr);
            }
            InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } | InstKind::Call { call, .. } => {
                self.call(call)
            }
            InstKind::Resume(ty, x) => {
                t(ty);
                v(x);
            }
            InstKind::CleanupRet { pad, .. } | InstKind::CatchRet { pad, .. } => v(pad),
            InstKind::CatchSwitch { parent, .. } => v(parent),
            InstKind::FNeg { op, .. } | InstKind::Freeze(op) => v(op),
            InstKind::Binary { lhs, rhs, .. } => {
                v(lhs);
                v(rhs);
            }
            InstKind::Alloca { ty, count, .. } => {
                t(ty);
                count.iter_mut().for_each(|tv| self.typed(tv));
            }
            InstKind::Load { ty, ptr_ty, ptr, atomic, .. } => {
                t(ty);
                t(ptr_ty);
                v(ptr);
                atomic.iter_mut().for_each(|a| self.atomic(a));
            }
            InstKind::Store { ty, value, ptr_ty, ptr, atomic, .. } => {
                t(ty);
                v(value);
                t(ptr_ty);
                v(ptr);
                atomic.iter_mut().for_each(|a| self.atomic(a));
            }
            InstKind::Fence(a) => self.atomic(a),
            InstKind::CmpXchg(x) => {
                t(&mut x.ptr_ty);
                v(&mut x.ptr);
                t(&mut x.ty);
                v(&mut x.cmp);
                v(&mut x.new);
                self.atomic(&mut x.success);
            }
            InstKind::AtomicRmw { ptr_ty, ptr, ty, value, atomic, .. } => {
                t(ptr_ty);
                v(ptr);
                t(ty);
                v(value);
                self.atomic(atomic);
            }
            InstKind::GetElementPtr { source_ty, operands, .. } => {
                t(source_ty);
                operands.iter_mut().for_each(|tv| self.typed(tv));
            }
            InstKind::Cast { from, value, .. } => {
                t(from);
                v(value);
            }
            InstKind::ICmp { ty, lhs, rhs, .. } | InstKind::FCmp { ty, lhs, rhs, .. } => {
                t(ty);
                v(lhs);
                v(rhs);
            }
            InstKind::Phi { incoming, .. } => incoming.iter_mut().for_each(|(x, _)| v(x)),
            InstKind::Select { cond_ty, cond, then_v, else_v, .. } => {
                t(cond_ty);
                v(cond);
                v(then_v);
                v(else_v);
            }
            InstKind::VaArg { list_ty, list } => {
                t(list_ty);
                v(list);
            }
            InstKind::ExtractElement { vec_ty, vec, idx_ty, idx } => {
                t(vec_ty);
                v(vec);
                t(idx_ty);
                v(idx);
            }
            InstKind::InsertElement(boxed) => {
                let crate::ir::instruction::InsertElement { vec_ty, vec, elt_ty, elt, idx_ty, idx } = &mut **boxed;
                t(vec_ty);
                v(vec);
                t(elt_ty);
                v(elt);
                t(idx_ty);
                v(idx);
            }
            InstKind::ShuffleVector(boxed) => {
                let crate::ir::instruction::ShuffleVector { vec_ty, a, b, mask_ty, mask } = &mut **boxed;
                t(vec_ty);
                v(a);
                v(b);
                t(mask_ty);
                v(mask);
            }
            InstKind::ExtractValue { agg_ty, agg, .. } => {
                t(agg_ty);
                v(agg);
            }
            InstKind::InsertValue(boxed) => {
                let crate::ir::instruction::InsertValue { agg_ty, agg, elt_ty, elt, .. } = &mut **boxed;
                t(agg_ty);
                v(agg);
                t(elt_ty);
                v(elt);
            }
            InstKind::LandingPad { clauses, .. } => {
                for (_, ty, x) in clauses {
                    t(ty);
                    v(x);
                }
            }
            InstKind::CatchPad { parent, args } | InstKind::CleanupPad { parent, args } => {
                v(parent);
                args.iter_mut().for_each(|tv| self.typed(tv));
            }
        }
    }

    pub(crate) fn function(&self, f: &mut Function) {
        f.ty = self.ty(f.ty);
        f.ret_attrs = self.attr(f.ret_attrs);
        f.fn_attrs = self.attr(f.fn_attrs);
        for p in &mut f.params {
            p.ty = self.ty(p.ty);
            p.attrs = self.attr(p.attrs);
        }
        if let Some(r) = &mut f.rare {
            for tv in [&mut r.prefix, &mut r.prologue, &mut r.personality].into_iter().flatten() {
                self.typed(tv);
            }
        }
        f.props.edit_rare(|r| self.attachments(&mut r.metadata));
        let Some(f) = f.body.get_mut() else { return };
        for (_, i) in f.insts.iter_mut() {
            i.ty = self.ty(i.ty);
            self.inst(&mut i.kind);
        }
        for (_, l) in f.attachments.iter_mut() {
            self.attachments(l);
        }
        for (_, l) in f.local_md.iter_mut() {
            match l {
                LocalMd::Value(ty, v) => {
                    *ty = self.ty(*ty);
                    *v = self.value(*v);
                }
                LocalMd::ArgList(args) => args.iter_mut().for_each(|tv| self.typed(tv)),
            }
        }
        for (_, rec) in &mut f.debug_records {
            rec.operands.iter_mut().for_each(|v| *v = self.value(*v));
        }
    }
}

/// Gives every type handle in `m` its new handle `table[old]` in `types`, which replaces the
/// module's types. The map must be one-to-one (no two old types become one new type), so every
/// constant, attribute set, inline asm and metadata node keeps its handle; `Err` if not.
pub(crate) fn retype_module(m: &mut Module, types: super::types::Types, table: Vec<TypeId>) -> Result<(), String> {
    let r = Remap { base: Base { types: 0, ..Base::identity() }, types: table, ..Remap::default() };
    let before = m.metadata.unique_all();
    m.types = types;
    fn rebuild<T: Clone + Eq + std::hash::Hash>(
        arena: &mut super::arena::UniqueArena<T>,
        f: impl Fn(T) -> T,
        what: &str,
    ) -> Result<(), String> {
        let old = std::mem::take(arena);
        for (i, v) in old.into_values().enumerate() {
            if arena.insert(f(v)).index() != i {
                return Err(format!("two {what} became one when their types changed"));
            }
        }
        Ok(())
    }
    rebuild(&mut m.consts, |c| r.const_data(c), "constants")?;
    rebuild(&mut m.attrs, |a| r.attr_set(&a), "attribute sets")?;
    rebuild(
        &mut m.asms,
        |mut a| {
            a.ty = r.ty(a.ty);
            a
        },
        "inline asm values",
    )?;
    for i in 0..m.metadata.len() {
        let id = MdId::from_index(i);
        let node = r.md_node(m.metadata.get(id).clone());
        m.metadata.define(id, node);
    }
    let merged = m.metadata.unique_all();
    if super::metadata::Metadata::merges_beyond(&before, &merged) {
        return Err("two metadata nodes became one when their types changed".into());
    }
    for (_, g) in m.globals.iter_mut() {
        g.ty = r.ty(g.ty);
    }
    for (_, a) in m.aliases.iter_mut() {
        a.ty = r.ty(a.ty);
    }
    for (_, i) in m.ifuncs.iter_mut() {
        i.ty = r.ty(i.ty);
    }
    for (_, f) in m.functions.iter_mut() {
        r.function(f);
    }
    Ok(())
}

/// [`retype_module`] for a map that may make several old types one (typed pointers becoming
/// opaque): constants, attribute sets, inline asm values and metadata nodes that become equal
/// become one, and every reference moves to the one kept. A constant `bitcast` whose operand
/// now has its result type is its operand, as LLVM's constant folder makes it. What nothing
/// refers to any more is dropped.
pub(crate) fn retype_module_merging(m: &mut Module, types: super::types::Types, table: Vec<TypeId>) {
    let base = Base { types: 0, consts: 0, attrs: 0, asms: 0, ..Base::identity() };
    let mut r = Remap { base, types: table, ..Remap::default() };
    m.types = types;
    // Constants refer only to constants before them, so each is mapped after its operands.
    let old = std::mem::take(&mut m.consts);
    r.consts.reserve(old.len());
    for c in old.into_values() {
        let c = r.const_data(c);
        let folded = match &c {
            ConstData::Expr(e)
                if matches!(e.op, super::constant::ExprOp::Cast(super::instruction::CastOp::BitCast))
                    && e.operands.len() == 1
                    && m.consts[e.operands[0]].ty() == e.ty =>
            {
                Some(e.operands[0])
            }
            _ => None,
        };
        let id = folded.unwrap_or_else(|| m.consts.insert(c));
        r.consts.push(id);
    }
    let old = std::mem::take(&mut m.attrs);
    r.attrs = old.into_values().map(|a| m.attrs.insert(r.attr_set(&a))).collect();
    let old = std::mem::take(&mut m.asms);
    r.asms = old
        .into_values()
        .map(|a| {
            let a = InlineAsm { ty: r.ty(a.ty), ..a };
            m.asms.insert(a)
        })
        .collect();
    for i in 0..m.metadata.len() {
        let id = MdId::from_index(i);
        let node = r.md_node(m.metadata.get(id).clone());
        m.metadata.define(id, node);
    }
    // Nodes keep their handles until the equal ones are merged; then every reference moves.
    r.md = m.metadata.unique_all();
    r.base.md = 0;
    for (_, g) in m.globals.iter_mut() {
        g.ty = r.ty(g.ty);
        g.init = g.init.map(|c| r.cnst(c));
        g.attrs = r.attr(g.attrs);
        g.props.edit_rare(|rare| r.attachments(&mut rare.metadata));
    }
    for (_, a) in m.aliases.iter_mut() {
        a.ty = r.ty(a.ty);
        a.aliasee = r.cnst(a.aliasee);
        a.props.edit_rare(|rare| r.attachments(&mut rare.metadata));
    }
    for (_, i) in m.ifuncs.iter_mut() {
        i.ty = r.ty(i.ty);
        i.resolver = r.cnst(i.resolver);
        i.props.edit_rare(|rare| r.attachments(&mut rare.metadata));
    }
    for (_, f) in m.functions.iter_mut() {
        r.function(f);
    }
    compact_consts(m);
}

/// Drops the constants nothing refers to (a pass that rewrote constants leaves the old forms
/// behind), keeping the others in their order, and renumbers every reference.
pub(crate) fn compact_consts(m: &mut Module) {
    let n = m.consts.len();
    let mut live = vec![false; n];
    let mut roots: Vec<ConstId> = Vec::new();
    let value = |v: Value, roots: &mut Vec<ConstId>| {
        if let Value::Const(c) = v {
            roots.push(c);
        }
    };
    for (_, g) in m.globals.iter() {
        roots.extend(g.init);
    }
    roots.extend(m.aliases.iter().map(|(_, a)| a.aliasee));
    roots.extend(m.ifuncs.iter().map(|(_, i)| i.resolver));
    for (_, node) in m.metadata.iter() {
        if let MdNode::Value(_, v) = node {
            value(*v, &mut roots);
        }
    }
    for (_, f) in m.functions.iter() {
        for tv in [f.prefix(), f.prologue(), f.personality()].into_iter().flatten() {
            value(tv.1, &mut roots);
        }
        for (_, i) in f.insts.iter() {
            i.kind.for_each_operand(|v| value(v, &mut roots));
            if let InstKind::Switch { cases, .. } = &i.kind {
                roots.extend(cases.iter().map(|c| c.0));
            }
        }
        for (_, l) in f.local_md.iter() {
            match l {
                LocalMd::Value(_, v) => value(*v, &mut roots),
                LocalMd::ArgList(args) => args.iter().for_each(|(_, v)| value(*v, &mut roots)),
            }
        }
        for (_, rec) in f.debug_records.iter() {
            rec.operands.iter().for_each(|v| value(*v, &mut roots));
        }
    }
    while let Some(c) = roots.pop() {
        if std::mem::replace(&mut live[c.index()], true) {
            continue;
        }
        match &m.consts[c] {
            ConstData::Array { elems: cs, .. }
            | ConstData::Vector { elems: cs, .. }
            | ConstData::Struct { fields: cs, .. } => roots.extend(cs.iter().copied()),
            ConstData::Expr(e) => roots.extend(e.operands.iter().copied()),
            _ => {}
        }
    }
    if live.iter().all(|&l| l) {
        return;
    }
    let mut table = Vec::with_capacity(n);
    let mut next = 0;
    for &l in &live {
        table.push(ConstId::from_index(next));
        next += usize::from(l);
    }
    let r = Remap { base: Base { consts: 0, ..Base::identity() }, consts: table.clone(), ..Remap::default() };
    let old = std::mem::take(&mut m.consts);
    for (c, l) in old.into_values().zip(live) {
        if l {
            m.consts.insert(r.const_data(c));
        }
    }
    renumber(m, table, Vec::new());
}

/// Moves every reference to a constant or an attribute set outside the constant table through
/// `consts` or `attrs` (old handle → new; an empty table leaves that kind as it is). The tables
/// themselves are the caller's to rebuild.
pub(crate) fn renumber(m: &mut Module, consts: Vec<ConstId>, attrs: Vec<AttrSetId>) {
    renumber_in(m, consts, attrs, true);
}

/// [`renumber`] of the constants, leaving metadata's references to them as they are (a pass that
/// moves those itself checks what moving them merges).
pub(crate) fn renumber_outside_metadata(m: &mut Module, consts: Vec<ConstId>) {
    renumber_in(m, consts, Vec::new(), false);
}

fn renumber_in(m: &mut Module, consts: Vec<ConstId>, attrs: Vec<AttrSetId>, metadata: bool) {
    let base = Base {
        consts: if consts.is_empty() { usize::MAX } else { 0 },
        attrs: if attrs.is_empty() { usize::MAX } else { 0 },
        ..Base::identity()
    };
    let r = Remap { base, consts, attrs, ..Remap::default() };
    for (_, g) in m.globals.iter_mut() {
        g.init = g.init.map(|c| r.cnst(c));
        g.attrs = r.attr(g.attrs);
    }
    for (_, a) in m.aliases.iter_mut() {
        a.aliasee = r.cnst(a.aliasee);
    }
    for (_, i) in m.ifuncs.iter_mut() {
        i.resolver = r.cnst(i.resolver);
    }
    if metadata {
        for i in 0..m.metadata.len() {
            let id = MdId::from_index(i);
            if let MdNode::Value(..) = m.metadata.get(id) {
                let node = r.md_node(m.metadata.get(id).clone());
                m.metadata.define(id, node);
            }
        }
        m.metadata.unique_all();
    }
    for (_, f) in m.functions.iter_mut() {
        r.function(f);
    }
}
