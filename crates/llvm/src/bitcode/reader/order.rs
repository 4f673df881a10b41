//! The order LLVM prints identified structs in: the order a walk over the module first reaches
//! them (LLVM's `TypeFinder`), numbered (unnamed) ones first. A text module lists its types in
//! that order, so a module read from bitcode is put in it too.

use crate::ir::attrs::Attr;
use crate::ir::constant::{ConstData, ConstId};
use crate::ir::function::Function;
use crate::ir::instruction::InstKind;
use crate::ir::metadata::{MdId, MdNode};
use crate::ir::module::Module;
use crate::ir::types::{NamedStructId, TypeData, TypeId};
use crate::ir::value::Value;
use rustc_hash::FxHashSet;

/// What a walk has seen, kept between the functions of a run of bodies walked one at a time,
/// each as soon as it is read (while it is still in the cache).
#[derive(Default)]
pub(super) struct Seen {
    /// Types, constants, metadata and attribute sets seen, by index (denser and faster than hash
    /// sets here).
    types: Vec<bool>,
    consts: Vec<bool>,
    mds: Vec<bool>,
    attr_sets: Vec<bool>,
    /// Distinct identified structs found.
    distinct: FxHashSet<NamedStructId>,
    /// The constant walk's stack, kept between walks.
    const_work: Vec<ConstId>,
}

impl Seen {
    /// Forgets everything: a new run starts.
    pub(super) fn clear(&mut self) {
        self.types.fill(false);
        self.consts.fill(false);
        self.mds.fill(false);
        self.attr_sets.fill(false);
        self.distinct.clear();
    }
}

struct Finder<'m> {
    m: &'m Module,
    s: Seen,
    found: Vec<NamedStructId>,
    /// How many identified structs there are: the walk stops once it has them all.
    total: usize,
}

impl Finder<'_> {
    fn done(&self) -> bool {
        self.s.distinct.len() == self.total
    }

    /// Marks `t` seen; whether it was new.
    fn first_type(&mut self, t: TypeId) -> bool {
        !std::mem::replace(&mut self.s.types[t.index()], true)
    }

    fn ty(&mut self, t: TypeId) {
        if !self.first_type(t) {
            return;
        }
        let m = self.m;
        let mut work = vec![t];
        // Pushes the unseen of `subs` so that they are taken in order.
        let push = |f: &mut Self, work: &mut Vec<TypeId>, subs: &[TypeId]| {
            for &s in subs.iter().rev() {
                if f.first_type(s) {
                    work.push(s);
                }
            }
        };
        while let Some(t) = work.pop() {
            match m.types.get(t) {
                TypeData::Named(id) => {
                    self.found.push(*id);
                    self.s.distinct.insert(*id);
                    if let Some(b) = &m.types.named(*id).body {
                        push(self, &mut work, &b.fields);
                    }
                }
                TypeData::Pointer { pointee: Some(p), .. } => push(self, &mut work, std::slice::from_ref(p)),
                TypeData::Function { ret, params, .. } => {
                    // The return type first, then the parameters.
                    push(self, &mut work, params);
                    push(self, &mut work, std::slice::from_ref(ret));
                }
                TypeData::Struct(b) => push(self, &mut work, &b.fields),
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => {
                    push(self, &mut work, std::slice::from_ref(elem))
                }
                TypeData::TargetExt(t) => push(self, &mut work, &t.types),
                _ => {}
            }
        }
    }

    fn value(&mut self, v: Value) {
        match v {
            Value::Const(c) => self.constant(c),
            Value::Md(n) => self.md(n),
            _ => {}
        }
    }

    fn constant(&mut self, c: ConstId) {
        // Most operands are constants seen before: decide that before any work. Globals are not
        // walked into, and are marked seen like the rest so that the next use of one (every
        // call's callee) is decided without looking at the constant.
        if self.s.consts[c.index()] {
            return;
        }
        if matches!(self.m.consts[c], ConstData::Global { .. }) {
            self.s.consts[c.index()] = true;
            return;
        }
        let m = self.m;
        let mut work = std::mem::take(&mut self.s.const_work);
        work.push(c);
        while let Some(c) = work.pop() {
            let data = &m.consts[c];
            if std::mem::replace(&mut self.s.consts[c.index()], true) || matches!(data, ConstData::Global { .. }) {
                continue;
            }
            self.ty(data.ty());
            // Operands in order: the stack takes them reversed.
            match data {
                ConstData::Array { elems, .. } | ConstData::Vector { elems, .. } => work.extend(elems.iter().rev()),
                ConstData::Struct { fields, .. } => work.extend(fields.iter().rev()),
                ConstData::Expr(e) => {
                    if let Some(s) = e.source_ty {
                        self.ty(s);
                    }
                    work.extend(e.operands.iter().rev());
                }
                _ => {}
            }
        }
        self.s.const_work = work;
    }

    fn md(&mut self, n: MdId) {
        if self.s.mds[n.index()] {
            return;
        }
        let mut work = vec![n];
        while let Some(n) = work.pop() {
            if std::mem::replace(&mut self.s.mds[n.index()], true) {
                continue;
            }
            match self.m.metadata.get(n) {
                MdNode::Value(_, v) => self.value(*v),
                node => {
                    for r in node.refs().into_iter().rev() {
                        match self.m.metadata.get(r) {
                            MdNode::Value(_, v) => {
                                let v = *v;
                                // Values are reached in operand order, nodes after (as LLVM's recursion).
                                self.value(v);
                            }
                            _ => work.push(r),
                        }
                    }
                }
            }
        }
    }

    fn attrs(&mut self, set: crate::ir::attrs::AttrSetId) {
        // Sets repeat (most are empty): each is looked at once.
        if std::mem::replace(&mut self.s.attr_sets[set.index()], true) {
            return;
        }
        for a in self.m.attrs[set].0.iter() {
            if let Attr::Type(_, Some(t)) = a {
                self.ty(*t);
            }
        }
    }
}

impl<'m> Finder<'m> {
    fn new(m: &'m Module) -> Self {
        Finder::resume(m, Seen::default())
    }

    /// A walk that goes on from `seen` (its tables grown to the module's, which only grows).
    fn resume(m: &'m Module, mut seen: Seen) -> Self {
        seen.types.resize(m.types.len(), false);
        seen.consts.resize(m.consts.len(), false);
        seen.mds.resize(m.metadata.len(), false);
        seen.attr_sets.resize(m.attrs.len(), false);
        Finder { m, s: seen, found: Vec::new(), total: m.types.named_structs().len() }
    }
}

/// The identified structs a walk reaches first in function `f`, in walk order, leaving out those
/// `seen` has (reached by an earlier function of the same run of bodies). Placed after what the
/// walk reached before the run, such lists give the order a walk of the whole module gives: a
/// struct they leave out was reached earlier anyway.
pub(super) fn struct_list(m: &Module, seen: &mut Seen, f: &Function) -> Vec<NamedStructId> {
    let mut finder = Finder::resume(m, std::mem::take(seen));
    finder.function(f);
    let found = std::mem::take(&mut finder.found);
    *seen = finder.s;
    found
}

/// Whether global variables, aliases and ifuncs reach every identified struct: then function
/// bodies decide nothing about the order, and need no walk.
pub(super) fn globals_reach_all(m: &Module) -> bool {
    let mut f = Finder::new(m);
    f.globals();
    f.done()
}

/// Names numbered structs and orders identified structs as LLVM prints them. `lists` holds, by
/// function, what [`struct_list`] found in bodies as they were read (`None`: walk it here).
pub(super) fn order_structs(m: &mut Module, unnamed: &[NamedStructId], lists: &[Option<Vec<NamedStructId>>]) {
    let mut f = Finder::new(m);
    f.walk(lists);
    let found = std::mem::take(&mut f.found);
    place(m, found, unnamed);
}

impl Finder<'_> {
    /// LLVM's walk: globals, aliases, ifuncs, functions (instructions in order), named metadata.
    fn walk(&mut self, lists: &[Option<Vec<NamedStructId>>]) {
        let m = self.m;
        self.globals();
        let f = self;
        for (id, func) in m.functions.iter() {
            if f.done() {
                return;
            }
            match lists.get(id.index()) {
                Some(Some(list)) => {
                    for &s in list {
                        f.found.push(s);
                        f.s.distinct.insert(s);
                    }
                }
                _ => f.function(func),
            }
        }
        for nm in &m.metadata.named {
            for &n in &nm.nodes {
                f.md(n);
            }
        }
    }

    /// The walk's first part: global variables (types and initializers), aliases, ifuncs.
    fn globals(&mut self) {
        let m = self.m;
        for (_, g) in m.globals.iter() {
            if self.done() {
                return;
            }
            self.ty(g.ty);
            if let Some(i) = g.init {
                self.constant(i);
            }
        }
        for (_, a) in m.aliases.iter() {
            self.ty(a.ty);
            self.constant(a.aliasee);
        }
        for (_, i) in m.ifuncs.iter() {
            self.ty(i.ty);
        }
    }

    /// A function: its type, attributes and constants, then its instructions in order.
    fn function(&mut self, func: &Function) {
        let f = self;
        f.ty(func.ty);
        f.attrs(func.fn_attrs);
        f.attrs(func.ret_attrs);
        for p in &func.params {
            f.attrs(p.attrs);
        }
        for (_, v) in [func.personality(), func.prefix(), func.prologue()].into_iter().flatten() {
            f.value(v);
        }
        for &b in &func.layout {
            for &i in &func.blocks[b].insts {
                let inst = &func.insts[i];
                f.ty(inst.ty);
                inst.kind.for_each_operand(|v| match v {
                    Value::LocalMd(l) => match &func.local_md[l] {
                        crate::ir::function::LocalMd::Value(_, v) => f.value(*v),
                        crate::ir::function::LocalMd::ArgList(l) => l.iter().for_each(|(_, v)| f.value(*v)),
                    },
                    v => f.value(v),
                });
                match &inst.kind {
                    InstKind::GetElementPtr { source_ty, .. } => f.ty(*source_ty),
                    InstKind::Alloca { ty, .. } => f.ty(*ty),
                    InstKind::Call { call, .. } | InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } => {
                        f.attrs(call.fn_attrs);
                        f.attrs(call.ret_attrs);
                        for a in &call.args {
                            f.attrs(a.attrs);
                        }
                    }
                    _ => {}
                }
                for a in func.metadata_of(inst) {
                    f.md(a.node);
                }
            }
        }
    }
}

/// Orders the structs: numbered ones as found, then named ones as found, then the rest.
fn place(m: &mut Module, found: Vec<NamedStructId>, unnamed: &[NamedStructId]) {
    let mut seen = FxHashSet::default();
    let mut order: Vec<NamedStructId> = Vec::new();
    let unnamed_set: FxHashSet<NamedStructId> = unnamed.iter().copied().collect();
    let is_unnamed = |id: &NamedStructId| unnamed_set.contains(id);
    for id in found.iter().filter(|id| is_unnamed(id)).chain(found.iter().filter(|id| !is_unnamed(id))) {
        if seen.insert(*id) {
            order.push(*id);
        }
    }
    // Structs nothing refers to keep their table order, after the rest.
    for (id, _) in m.types.named_structs() {
        if seen.insert(id) {
            order.push(id);
        }
    }
    for (n, id) in order.iter().filter(|id| is_unnamed(id)).enumerate() {
        m.types.rename_named(*id, &n.to_string());
    }
    m.types.reorder_named(&order);
}
