//! Validation: whether a [`Module`] is well formed, whoever made it — a reader, a pass or a
//! program building IR through the API.
//!
//! [`validate`] checks, in two layers (as naga's `valid` does: handles first, then meaning):
//! 1. **handles**: every handle held anywhere names an entity of its arena (types, constants,
//!    attribute sets, metadata, symbols, blocks, instructions, parameters, inline assembly,
//!    sync scopes); type and constant components come before what holds them, so no walk over
//!    them can loop; every symbol names a defined entity of its own name;
//! 2. **types**: every type, constant and instruction is typed as LLVM's rules require — operand
//!    and result types of each instruction, casts, `getelementptr` and aggregate indices, call
//!    signatures, returns; every block ends with its only terminator; branch targets are blocks
//!    of the function; an instruction is placed once and only placed instructions are used; no
//!    two of a function's parameters, blocks and results share a name.
//!
//! A module that validates can be printed and written without a panic. Rules about *where*
//! values may be used (dominance, PHI placement and predecessors) and NVVM's own rules are the
//! verifier's (`nvir-verify`), which runs this first.

use super::attrs::Attr;
use super::constant::{ConstData, ConstId, ExprOp};
use super::function::{BlockId, Function, LocalMd};
use super::instruction::{CallSite, CastOp, InstId, InstKind, Instruction};
use super::metadata::{MdAttachment, MdId, MdNode};
use super::module::{FuncId, GlobalDef, GlobalVarId, Module, SymbolId};
use super::types::{TypeData, TypeId, Types};
use super::value::Value;
use std::fmt;
use std::hash::BuildHasher;

/// Where a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Place {
    /// The module as a whole.
    Module,
    /// A type.
    Type(TypeId),
    /// A constant.
    Constant(ConstId),
    /// A metadata node.
    Metadata(MdId),
    /// A named metadata list, by index.
    NamedMetadata(usize),
    /// A global name.
    Symbol(SymbolId),
    /// A global variable.
    Global(GlobalVarId),
    /// An alias, by index.
    Alias(usize),
    /// An ifunc, by index.
    IFunc(usize),
    /// A function (its header, parameters or block list).
    Function(FuncId),
    /// An instruction of a function.
    Instruction(FuncId, InstId),
}

/// One problem: where, and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidationError {
    /// The entity.
    pub place: Place,
    /// The entity as a person reads it (`@f, instruction 3 (%x = add)`).
    pub location: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.message)
    }
}

/// The problems of a module, at most [`ValidationErrors::KEPT`] of them, with a count of the rest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidationErrors {
    /// The problems found, in module order.
    pub errors: Vec<ValidationError>,
    /// How many more were found and not kept.
    pub more: usize,
}

impl ValidationErrors {
    /// How many problems are kept.
    pub const KEPT: usize = 100;
}

impl fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        if self.more > 0 {
            write!(f, "\n… and {} more", self.more)?;
        }
        Ok(())
    }
}

impl std::error::Error for ValidationErrors {}

/// Checks that a module is well formed (see the [module docs](self)).
pub fn validate(m: &Module) -> Result<(), ValidationErrors> {
    validate_checking(m, true)
}

/// [`validate`] for typed-pointer IR taken as opaque-pointer IR, as a reader that upgrades typed
/// pointers does (libNVVM's compute_100+ path, [`crate::parse_bytes_as_opaque`]): a pointer used
/// with another pointee type than its own is not a problem. Everything else is checked.
pub fn validate_as_opaque(m: &Module) -> Result<(), ValidationErrors> {
    validate_checking(m, false)
}

/// [`validate`], then the rules of SSA form LLVM's verifier applies to every module: each
/// instruction's value is used only where its definition dominates the use (a phi's incoming
/// value at the end of its incoming block; an `invoke`'s result past its normal edge), a phi only
/// at the top of its block with one entry per predecessor edge, and no branch back to the entry
/// block. Readers accept modules that break these rules (so does LLVM's parser; its verifier
/// then refuses them), so the printer and writers do not require them; passes keep them.
pub fn validate_ssa(m: &Module) -> Result<(), ValidationErrors> {
    validate(m)?;
    ssa_rules(m)
}

/// [`validate_ssa`]'s own rules, for a module already validated.
pub(crate) fn ssa_rules(m: &Module) -> Result<(), ValidationErrors> {
    let mut v = Validator { m, pointees: true, names: Default::default(), errors: Vec::new(), more: 0 };
    for (fid, f) in m.functions.iter() {
        v.ssa(fid, f);
    }
    if v.errors.is_empty() {
        Ok(())
    } else {
        Err(ValidationErrors { errors: v.errors, more: v.more })
    }
}

fn validate_checking(m: &Module, pointees: bool) -> Result<(), ValidationErrors> {
    let mut v = Validator { m, pointees, names: Default::default(), errors: Vec::new(), more: 0 };
    v.handles();
    if !v.errors.is_empty() {
        return Err(ValidationErrors { errors: v.errors, more: v.more });
    }
    v.meaning();
    // Functions are independent: a large module's are checked on several threads, in runs of
    // about equal size, and their problems kept in function order.
    let funcs: Vec<(FuncId, &Function)> = m.functions.iter().collect();
    let total: usize = funcs.iter().map(|(_, f)| f.insts.len()).sum();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
    if threads < 2 || total < PARALLEL_FROM {
        funcs.iter().for_each(|&(id, f)| v.whole_function(id, f));
    } else {
        let per = total.div_ceil(threads);
        let mut runs: Vec<&[(FuncId, &Function)]> = Vec::new();
        let (mut start, mut size) = (0, 0);
        for (i, (_, f)) in funcs.iter().enumerate() {
            size += f.insts.len();
            if size >= per {
                runs.push(&funcs[start..=i]);
                (start, size) = (i + 1, 0);
            }
        }
        runs.push(&funcs[start..]);
        let found: Vec<(Vec<ValidationError>, usize)> = std::thread::scope(|s| {
            let handles: Vec<_> = runs
                .iter()
                .map(|run| {
                    s.spawn(move || {
                        let mut w = Validator { m, pointees, names: Default::default(), errors: Vec::new(), more: 0 };
                        run.iter().for_each(|&(id, f)| w.whole_function(id, f));
                        (w.errors, w.more)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))).collect()
        });
        for (errors, more) in found {
            for e in errors {
                if v.errors.len() < ValidationErrors::KEPT {
                    v.errors.push(e);
                } else {
                    v.more += 1;
                }
            }
            v.more += more;
        }
    }
    if v.errors.is_empty() {
        Ok(())
    } else {
        Err(ValidationErrors { errors: v.errors, more: v.more })
    }
}

/// From how many instructions a module's functions are checked on several threads.
const PARALLEL_FROM: usize = 200_000;

impl Module {
    /// The type of `value` used in function `f`; `None` when a handle is out of range, or for
    /// inline assembly whose pointer type the module does not hold. Metadata operands have the
    /// `metadata` type.
    pub fn type_of(&self, f: &Function, value: Value) -> Option<TypeId> {
        match value {
            Value::Const(c) => self.consts.get(c).map(ConstData::ty),
            Value::Arg(i) => f.params.get(i as usize).map(|p| p.ty),
            Value::Inst(i) => f.insts.get(i).map(|x| x.ty),
            Value::Md(_) | Value::LocalMd(_) => self.types.find(&TypeData::Metadata),
            Value::Asm(a) => {
                let asm = self.asms.get(a)?;
                let pointee = (self.types.dialect() != Some(super::Dialect::OpaquePointers)).then_some(asm.ty);
                self.types
                    .find(&TypeData::Pointer { addr_space: 0, pointee })
                    .or_else(|| self.types.find(&TypeData::Pointer { addr_space: 0, pointee: None }))
            }
        }
    }
}

struct Validator<'m> {
    m: &'m Module,
    /// Whether typed pointers' pointee types must agree with their uses.
    pointees: bool,
    /// The names of the function being checked, by number (kept to reuse its table).
    names: hashbrown::HashTable<u32>,
    errors: Vec<ValidationError>,
    more: usize,
}

/// A value's type as a rule sees it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum VTy {
    Ty(TypeId),
    Metadata,
    Asm(TypeId),
}

impl<'m> Validator<'m> {
    fn types(&self) -> &'m Types {
        &self.m.types
    }

    fn error(&mut self, place: Place, message: impl Into<String>) {
        if self.errors.len() >= ValidationErrors::KEPT {
            self.more += 1;
            return;
        }
        let location = self.describe(place);
        self.errors.push(ValidationError { place, location, message: message.into() });
    }

    fn describe(&self, place: Place) -> String {
        let m = self.m;
        let func = |f: FuncId| {
            m.functions.get(f).map_or_else(|| format!("function #{}", f.index()), |f| format!("@{}", f.name))
        };
        match place {
            Place::Module => "module".into(),
            Place::Type(t) => format!("type #{}", t.index()),
            Place::Constant(c) => format!("constant #{}", c.index()),
            Place::Metadata(n) => format!("metadata node #{}", n.index()),
            Place::NamedMetadata(i) => {
                m.metadata.named.get(i).map_or_else(|| format!("named metadata #{i}"), |n| format!("!{}", n.name))
            }
            Place::Symbol(s) => {
                m.symbols.get(s).map_or_else(|| format!("symbol #{}", s.index()), |s| format!("@{}", s.name))
            }
            Place::Global(g) => {
                m.globals.get(g).map_or_else(|| format!("global #{}", g.index()), |g| format!("@{}", g.name))
            }
            Place::Alias(i) => format!("alias #{i}"),
            Place::IFunc(i) => format!("ifunc #{i}"),
            Place::Function(f) => func(f),
            Place::Instruction(f, i) => {
                let inst = m.functions.get(f).and_then(|func| func.insts.get(i).map(|x| (func.inst_name(i), x)));
                let what = inst.map_or(String::new(), |(name, x)| {
                    let name = name.as_str().map_or(String::new(), |n| format!("%{n} = "));
                    format!(" ({name}{})", x.opcode())
                });
                format!("{}, instruction #{}{what}", func(f), i.index())
            }
        }
    }

    // ---- layer 1: handles ----

    fn handles(&mut self) {
        let m = self.m;
        let nt = m.types.len();
        let named = m.types.named_structs().len();
        for (id, t) in m.types.iter() {
            let mut bad = false;
            let mut earlier = |c: TypeId| bad |= c.index() >= id.index();
            match t {
                TypeData::Pointer { pointee: Some(p), .. } => earlier(*p),
                TypeData::Function { ret, params, .. } => {
                    earlier(*ret);
                    params.iter().copied().for_each(earlier);
                }
                TypeData::Struct(body) => body.fields.iter().copied().for_each(earlier),
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => earlier(*elem),
                TypeData::TargetExt(t) => t.types.iter().copied().for_each(earlier),
                TypeData::Named(n) => bad |= n.index() >= named,
                _ => {}
            }
            if bad {
                self.error(Place::Type(id), "a component type is not an earlier type of the module");
            }
        }
        for (_, s) in m.types.named_structs() {
            if s.body.as_ref().is_some_and(|b| b.fields.iter().any(|f| f.index() >= nt)) {
                self.error(Place::Module, format!("struct %{}: a field type is out of range", s.name));
            }
        }
        for (id, set) in m.attrs.iter() {
            if set.0.iter().any(|a| matches!(a, Attr::Type(_, Some(t)) if t.index() >= nt)) {
                self.error(Place::Module, format!("attribute set #{}: a type is out of range", id.index()));
            }
        }
        for (_, a) in m.asms.iter() {
            if a.ty.index() >= nt {
                self.error(Place::Module, "inline assembly: its type is out of range");
            }
        }
        self.constant_handles();
        self.metadata_handles();
        self.symbol_handles();
        for (g, var) in m.globals.iter() {
            let place = Place::Global(g);
            self.ty_handle(place, var.ty);
            self.attrs_handle(place, var.attrs);
            if var.init.is_some_and(|c| c.index() >= m.consts.len()) {
                self.error(place, "its initializer is out of range");
            }
            self.attachments(place, var.props.metadata());
        }
        for (i, a) in m.aliases.iter() {
            let place = Place::Alias(i.index());
            self.ty_handle(place, a.ty);
            self.const_handle(place, a.aliasee);
            self.attachments(place, a.props.metadata());
        }
        for (i, a) in m.ifuncs.iter() {
            let place = Place::IFunc(i.index());
            self.ty_handle(place, a.ty);
            self.const_handle(place, a.resolver);
            self.attachments(place, a.props.metadata());
        }
        for (fid, f) in m.functions.iter() {
            self.ty_handle(Place::Function(fid), f.ty);
        }
    }

    fn ty_handle(&mut self, place: Place, t: TypeId) {
        if t.index() >= self.m.types.len() {
            self.error(place, format!("type #{} is out of range", t.index()));
        }
    }

    fn const_handle(&mut self, place: Place, c: ConstId) {
        if c.index() >= self.m.consts.len() {
            self.error(place, format!("constant #{} is out of range", c.index()));
        }
    }

    fn attrs_handle(&mut self, place: Place, a: super::AttrSetId) {
        if a.index() >= self.m.attrs.len() {
            self.error(place, format!("attribute set #{} is out of range", a.index()));
        }
    }

    fn md_handle(&mut self, place: Place, n: MdId) {
        if n.index() >= self.m.metadata.len() {
            self.error(place, format!("metadata node #{} is out of range", n.index()));
        }
    }

    fn attachments(&mut self, place: Place, list: &[MdAttachment]) {
        for a in list {
            self.md_handle(place, a.node);
            if a.kind.0 as usize >= self.m.metadata.kinds_len() {
                self.error(place, format!("metadata kind #{} is out of range", a.kind.0));
            }
        }
    }

    fn constant_handles(&mut self) {
        let m = self.m;
        let (nt, nsym) = (m.types.len(), m.symbols.len());
        for (id, c) in m.consts.iter() {
            let place = Place::Constant(id);
            let mut bad_ty = c.ty().index() >= nt;
            let mut later = false;
            let mut bad_sym = false;
            let mut parts = |cs: &[ConstId]| later |= cs.iter().any(|p| p.index() >= id.index());
            match c {
                ConstData::Array { elems, .. } | ConstData::Vector { elems, .. } => parts(elems),
                ConstData::Struct { fields, .. } => parts(fields),
                ConstData::Expr(e) => {
                    parts(&e.operands);
                    bad_ty |= e.source_ty.is_some_and(|t| t.index() >= nt);
                }
                ConstData::Global { global, .. }
                | ConstData::BlockAddress { func: global, .. }
                | ConstData::DsoLocalEquivalent { global, .. }
                | ConstData::NoCfi { global, .. } => bad_sym = global.index() >= nsym,
                _ => {}
            }
            if bad_ty {
                self.error(place, "a type is out of range");
            }
            if later {
                self.error(place, "an element is not an earlier constant of the module");
            }
            if bad_sym {
                self.error(place, "its global is out of range");
            }
        }
    }

    fn metadata_handles(&mut self) {
        let m = self.m;
        let n = m.metadata.len();
        for (id, node) in m.metadata.iter() {
            let place = Place::Metadata(id);
            if node.refs().iter().any(|r| r.index() >= n) {
                self.error(place, "a node reference is out of range");
            }
            match node {
                MdNode::Value(t, v) => {
                    self.ty_handle(place, *t);
                    match v {
                        Value::Const(c) => self.const_handle(place, *c),
                        Value::Md(r) => self.md_handle(place, *r),
                        _ => self.error(place, "a module-level metadata value must be a constant"),
                    }
                }
                MdNode::Placeholder(slot) => self.error(place, format!("metadata !{slot} is used but never defined")),
                _ => {}
            }
        }
        for (i, named) in m.metadata.named.iter().enumerate() {
            if named.nodes.iter().any(|r| r.index() >= n) {
                self.error(Place::NamedMetadata(i), "a node reference is out of range");
            }
        }
    }

    fn symbol_handles(&mut self) {
        let m = self.m;
        let mut seen: rustc_hash::FxHashMap<&str, SymbolId> = Default::default();
        let mut named = [
            vec![false; m.globals.len()],
            vec![false; m.functions.len()],
            vec![false; m.aliases.len()],
            vec![false; m.ifuncs.len()],
        ];
        for (id, s) in m.symbols.iter() {
            let place = Place::Symbol(id);
            if seen.insert(&s.name, id).is_some() {
                self.error(place, "the name is defined twice");
            }
            let (kind, index, name) = match s.def {
                None => {
                    self.error(place, "it is used but never defined");
                    continue;
                }
                Some(GlobalDef::Var(g)) => (0, g.index(), m.globals.get(g).map(|x| &*x.name)),
                Some(GlobalDef::Func(f)) => (1, f.index(), m.functions.get(f).map(|x| &*x.name)),
                Some(GlobalDef::Alias(a)) => (2, a.index(), m.aliases.get(a).map(|x| &*x.name)),
                Some(GlobalDef::IFunc(i)) => (3, i.index(), m.ifuncs.get(i).map(|x| &*x.name)),
            };
            match name {
                None => self.error(place, "it names an entity out of range"),
                Some(n) if n != &*s.name => self.error(place, format!("it names an entity called @{n}")),
                Some(_) => named[kind][index] = true,
            }
        }
        let kinds = ["global variable", "function", "alias", "ifunc"];
        for (k, flags) in named.iter().enumerate() {
            if let Some(i) = flags.iter().position(|&x| !x) {
                let place = match k {
                    0 => Place::Global(GlobalVarId::from_index(i)),
                    1 => Place::Function(FuncId::from_index(i)),
                    2 => Place::Alias(i),
                    _ => Place::IFunc(i),
                };
                self.error(place, format!("this {} has no symbol naming it", kinds[k]));
            }
        }
    }

    fn value_handle(&mut self, place: Place, f: &Function, v: Value) {
        let m = self.m;
        let ok = match v {
            Value::Const(c) => c.index() < m.consts.len(),
            Value::Arg(i) => (i as usize) < f.params.len(),
            Value::Inst(i) => i.index() < f.insts.len(),
            Value::Md(n) => n.index() < m.metadata.len(),
            Value::LocalMd(l) => l.index() < f.local_md.len(),
            Value::Asm(a) => a.index() < m.asms.len(),
        };
        if !ok {
            let what = match v {
                Value::Const(c) => format!("constant #{}", c.index()),
                Value::Arg(i) => format!("argument #{i} (the function has {})", f.params.len()),
                Value::Inst(i) => format!("instruction #{}", i.index()),
                Value::Md(n) => format!("metadata node #{}", n.index()),
                Value::LocalMd(l) => format!("local metadata #{}", l.index()),
                Value::Asm(a) => format!("inline assembly #{}", a.index()),
            };
            self.error(place, format!("operand {what} is out of range"));
        }
    }

    fn function_handles(&mut self, fid: FuncId, f: &Function) {
        let m = self.m;
        let place = Place::Function(fid);
        self.ty_handle(place, f.ty);
        self.attrs_handle(place, f.ret_attrs);
        self.attrs_handle(place, f.fn_attrs);
        for p in &f.params {
            self.ty_handle(place, p.ty);
            self.attrs_handle(place, p.attrs);
        }
        for (t, v) in [f.prefix(), f.prologue(), f.personality()].into_iter().flatten() {
            self.ty_handle(place, t);
            match v {
                Value::Const(c) => self.const_handle(place, c),
                _ => self.error(place, "prefix, prologue and personality must be constants"),
            }
        }
        self.attachments(place, f.props.metadata());
        for &b in &f.layout {
            if b.index() >= f.blocks.len() {
                self.error(place, format!("block #{} is out of range", b.index()));
            }
        }
        for (_, b) in f.blocks.iter() {
            for &i in &b.insts {
                if i.index() >= f.insts.len() {
                    self.error(place, format!("instruction #{} is out of range", i.index()));
                }
            }
        }
        for (_, l) in f.local_md.iter() {
            match l {
                LocalMd::Value(t, v) => {
                    self.ty_handle(place, *t);
                    self.value_handle(place, f, *v);
                }
                LocalMd::ArgList(items) => {
                    for (t, v) in items {
                        self.ty_handle(place, *t);
                        self.value_handle(place, f, *v);
                    }
                }
            }
        }
        for (i, r) in &f.debug_records {
            if i.index() >= f.insts.len() {
                self.error(place, format!("a debug record is before instruction #{}, out of range", i.index()));
            }
            for &v in &r.operands {
                self.value_handle(place, f, v);
            }
        }
        // Result types first: an instruction's checks read its operands' types.
        let nt = m.types.len();
        if let Some((iid, inst)) = f.insts.iter().find(|(_, i)| i.ty.index() >= nt) {
            let place = Place::Instruction(fid, iid);
            self.ty_handle(place, inst.ty);
        }
    }

    /// The handles one instruction holds (its result type was checked with the function's);
    /// whether all are in range.
    fn inst_handles(&mut self, fid: FuncId, f: &Function, iid: InstId, inst: &Instruction) -> bool {
        let m = self.m;
        let before = self.errors.len() + self.more;
        let place = Place::Instruction(fid, iid);
        if let Some(l) = inst.metadata.filter(|l| l.index() >= f.attachments.len()) {
            self.error(place, format!("attachment list #{} is out of range", l.index()));
        }
        self.attachments(place, f.metadata_of(inst));
        inst.kind.for_each_operand(|v| self.value_handle(place, f, v));
        let nb = f.blocks.len();
        let mut bad_block = false;
        inst.kind.for_each_successor(|b| bad_block |= b.index() >= nb);
        if let InstKind::Phi { incoming, .. } = &inst.kind {
            bad_block |= incoming.iter().any(|(_, b)| b.index() >= nb);
        }
        if bad_block {
            self.error(place, "a block operand is out of range");
        }
        let (nt, nc, na, ns) = (m.types.len(), m.consts.len(), m.attrs.len(), m.sync_scopes.len());
        let mut bad = false;
        inst_parts(&inst.kind, &mut |p| {
            bad |= match p {
                Part::Ty(t) => t.index() >= nt,
                Part::Const(c) => c.index() >= nc,
                Part::Attrs(a) => a.index() >= na,
                Part::Scope(s) => s.index() as usize >= ns,
            }
        });
        if bad {
            self.error(place, "a type, constant, attribute set or sync scope is out of range");
        }
        self.errors.len() + self.more == before
    }

    // ---- layer 2: meaning ----

    fn meaning(&mut self) {
        let m = self.m;
        for (id, t) in m.types.iter() {
            if let Some(why) = self.bad_type(t) {
                self.error(Place::Type(id), why);
            }
        }
        for (_, s) in m.types.named_structs() {
            if let Some(body) = &s.body {
                if let Some(f) = body.fields.iter().find(|&&f| !self.element_type(f)) {
                    let msg = format!("struct %{}: invalid field type {}", s.name, self.ts(*f));
                    self.error(Place::Module, msg);
                }
            }
        }
        for (id, c) in m.consts.iter() {
            if let Some(why) = self.bad_constant(c) {
                self.error(Place::Constant(id), why);
            }
        }
        for (g, var) in m.globals.iter() {
            if let Some(init) = var.init {
                if m.consts[init].ty() != var.ty {
                    let msg = format!(
                        "initializer of type {} for a global of type {}",
                        self.ts(m.consts[init].ty()),
                        self.ts(var.ty)
                    );
                    self.error(Place::Global(g), msg);
                }
            }
            if matches!(
                m.types.get(var.ty),
                TypeData::Void | TypeData::Label | TypeData::Function { .. } | TypeData::Metadata | TypeData::Token
            ) {
                let msg = format!("invalid type {} for a global variable", self.ts(var.ty));
                self.error(Place::Global(g), msg);
            }
        }
        for (i, a) in m.aliases.iter() {
            if !matches!(m.types.get(m.consts[a.aliasee].ty()), TypeData::Pointer { .. }) {
                self.error(Place::Alias(i.index()), "the aliasee must be a pointer");
            }
        }
    }

    /// One function: its handles, then, if they hold, its types.
    /// [`validate_ssa`]'s rules for one (valid) function.
    fn ssa(&mut self, fid: FuncId, f: &'m Function) {
        let Some(&entry) = f.layout.first() else { return };
        let at = |i: InstId| Place::Instruction(fid, i);
        // Where each instruction is (block, position), and each block's predecessor edges.
        // (Eight bytes an instruction: a body of a million instructions holds this beside them.)
        let mut place: Vec<(BlockId, u32)> = vec![(entry, u32::MAX); f.insts.len()];
        let mut preds: Vec<Vec<BlockId>> = vec![Vec::new(); f.blocks.len()];
        for &b in &f.layout {
            for (pos, &i) in f.blocks[b].insts.iter().enumerate() {
                place[i.index()] = (b, pos as u32);
            }
            if let Some(&last) = f.blocks[b].insts.last() {
                f.insts[last].kind.for_each_successor(|s| preds[s.index()].push(b));
            }
        }
        if let Some(&p) = preds[entry.index()].first() {
            let last = *f.blocks[p].insts.last().expect("a block with a successor has a terminator");
            self.error(at(last), "Entry block to function must not have predecessors!");
        }
        let dom = super::dom::Dominators::new(f);
        // Whether the value of `d` is available at the start of block `b` (`pos` None) or
        // before its instruction `pos`.
        let available = |d: InstId, b: BlockId, pos: Option<usize>| -> bool {
            let (db, dpos) = place[d.index()];
            if !dom.reachable(b) {
                return true;
            }
            let edge = match &f.insts[d].kind {
                InstKind::Invoke { normal, .. } => Some(*normal),
                InstKind::CallBr { default, .. } => Some(*default),
                _ => None,
            };
            match edge {
                // An invoke's value exists past its normal edge only: the edge dominates `b`
                // when its target does and every other way into the target comes through it.
                Some(to) => {
                    let mut into = preds[to.index()].iter();
                    let once = into.clone().filter(|&&p| p == db).count() == 1;
                    once && dom.dominates(to, b) && into.all(|&p| p == db || dom.dominates(to, p))
                }
                None if db == b => pos.is_some_and(|pos| (dpos as usize) < pos),
                None => dom.dominates(db, b),
            }
        };
        for &b in &f.layout {
            let mut past_phis = false;
            for (pos, &i) in f.blocks[b].insts.iter().enumerate() {
                let kind = &f.insts[i].kind;
                if let InstKind::Phi { incoming, .. } = kind {
                    if past_phis {
                        self.error(at(i), "PHI nodes not grouped at top of basic block!");
                    }
                    let mut from: Vec<BlockId> = incoming.iter().map(|&(_, b)| b).collect();
                    let mut want = preds[b.index()].clone();
                    if from.len() != want.len() {
                        self.error(
                            at(i),
                            "PHINode should have one entry for each predecessor of its parent basic block!",
                        );
                        continue;
                    }
                    from.sort_unstable_by_key(|b| b.index());
                    want.sort_unstable_by_key(|b| b.index());
                    if from != want {
                        self.error(at(i), "PHI node entries do not match predecessors!");
                        continue;
                    }
                    let mut seen: rustc_hash::FxHashMap<BlockId, Value> = Default::default();
                    for &(v, p) in incoming.iter() {
                        if *seen.entry(p).or_insert(v) != v {
                            self.error(
                                at(i),
                                "PHI node has multiple entries for the same basic block with different incoming values!",
                            );
                        }
                        if let Value::Inst(d) = v {
                            // At the end of the incoming block: after everything in it.
                            if dom.reachable(p) && !available(d, p, Some(usize::MAX)) {
                                self.error(at(i), "Instruction does not dominate all uses!");
                            }
                        }
                    }
                    continue;
                }
                past_phis = true;
                let mut bad = false;
                let mut own = false;
                kind.for_each_operand(|v| {
                    if let Value::Inst(d) = v {
                        own |= d == i;
                        bad |= d != i && !available(d, b, Some(pos));
                    }
                });
                // (LLVM allows it in a block no path reaches, as libNVVM's verdicts show.)
                if own && dom.reachable(b) {
                    self.error(at(i), "Only PHI nodes may reference their own value!");
                } else if bad {
                    self.error(at(i), "Instruction does not dominate all uses!");
                }
            }
        }
    }

    fn whole_function(&mut self, fid: FuncId, f: &'m Function) {
        let before = self.errors.len() + self.more;
        self.function_handles(fid, f);
        if self.errors.len() + self.more == before {
            self.function(fid, f);
        }
    }

    fn ts(&self, t: TypeId) -> String {
        let mut s = String::new();
        self.types().write(t, &mut s);
        if s.len() > 200 {
            let mut cut = 200;
            while !s.is_char_boundary(cut) {
                cut -= 1;
            }
            s.truncate(cut);
            s.push('…');
        }
        s
    }

    /// Types that may be array, struct and pointer elements.
    fn element_type(&self, t: TypeId) -> bool {
        !matches!(
            self.types().get(t),
            TypeData::Void | TypeData::Label | TypeData::Metadata | TypeData::Function { .. } | TypeData::Token
        )
    }

    fn bad_type(&self, t: &TypeData) -> Option<String> {
        let types = self.types();
        match t {
            // LLVM 7.0.1 reads up to 2^24 - 1 bits; LLVM 17 and later up to 2^23.
            TypeData::Int(n) if *n == 0 || *n > crate::text::token::MAX_INT_BITS_LLVM7 => {
                Some(format!("integer width {n} out of 1 … {}", crate::text::token::MAX_INT_BITS_LLVM7))
            }
            TypeData::Pointer { pointee: Some(p), .. }
                if matches!(types.get(*p), TypeData::Void | TypeData::Label | TypeData::Metadata | TypeData::Token) =>
            {
                Some(format!("pointer to {}", self.ts(*p)))
            }
            TypeData::Function { ret, params, .. } => {
                if matches!(types.get(*ret), TypeData::Function { .. } | TypeData::Label | TypeData::Metadata) {
                    return Some(format!("invalid return type {}", self.ts(*ret)));
                }
                params
                    .iter()
                    .find(|&&p| matches!(types.get(p), TypeData::Void | TypeData::Function { .. }))
                    .map(|p| format!("invalid parameter type {}", self.ts(*p)))
            }
            TypeData::Struct(body) => body
                .fields
                .iter()
                .find(|&&f| !self.element_type(f))
                .map(|f| format!("invalid struct field type {}", self.ts(*f))),
            TypeData::Array { elem, .. } => (!self.element_type(*elem)
                || matches!(types.get(*elem), TypeData::Vector { scalable: true, .. }))
            .then(|| format!("invalid array element type {}", self.ts(*elem))),
            TypeData::Vector { len, elem, .. } => {
                if *len == 0 {
                    return Some("a vector needs at least one element".into());
                }
                (!matches!(types.get(*elem), TypeData::Int(_) | TypeData::Float(_) | TypeData::Pointer { .. }))
                    .then(|| format!("invalid vector element type {}", self.ts(*elem)))
            }
            _ => None,
        }
    }

    /// Element count and element type of a vector type.
    fn vector(&self, t: TypeId) -> Option<(u32, TypeId)> {
        Shapes(self.types()).vector(t)
    }

    /// The element type of a vector, or the type itself.
    fn scalar(&self, t: TypeId) -> TypeId {
        Shapes(self.types()).scalar(t)
    }

    fn same_shape(&self, a: TypeId, b: TypeId) -> bool {
        Shapes(self.types()).same_shape(a, b)
    }

    fn is_int(&self, t: TypeId) -> bool {
        matches!(self.types().get(self.scalar(t)), TypeData::Int(_))
    }
    fn is_float(&self, t: TypeId) -> bool {
        matches!(self.types().get(self.scalar(t)), TypeData::Float(_))
    }
    fn is_ptr(&self, t: TypeId) -> bool {
        matches!(self.types().get(self.scalar(t)), TypeData::Pointer { .. })
    }
    fn is_bool(&self, t: TypeId) -> bool {
        matches!(self.types().get(self.scalar(t)), TypeData::Int(1))
    }

    /// Whether a pointer's pointee (typed dialect) is `want`, where pointees are checked.
    fn pointee_is(&self, pointee: Option<TypeId>, want: TypeId) -> bool {
        !self.pointees || pointee.is_none_or(|p| p == want)
    }

    /// Address space and pointee (typed dialect) of a pointer (or vector of pointers).
    fn ptr(&self, t: TypeId) -> Option<(u32, Option<TypeId>)> {
        Shapes(self.types()).ptr(t)
    }

    /// Whether `op` casts `from` to `to`.
    fn cast_ok(&self, op: CastOp, from: TypeId, to: TypeId) -> bool {
        cast_is_valid(self.types(), op, from, to)
    }

    /// The integer value of an index constant (a splat vector counts), if constant.
    fn const_index(&self, c: ConstId) -> Option<u64> {
        match &self.m.consts[c] {
            ConstData::Int { value, .. } => value.as_u64(),
            ConstData::Zero(_) => Some(0),
            ConstData::Vector { elems, .. } => {
                let first = self.const_index(*elems.first()?)?;
                elems.iter().all(|&e| self.const_index(e) == Some(first)).then_some(first)
            }
            _ => None,
        }
    }

    /// The type `indices` select in `agg` (extractvalue/insertvalue rules).
    fn aggregate_index(&self, mut agg: TypeId, indices: impl IntoIterator<Item = u64>) -> Result<TypeId, String> {
        for i in indices {
            agg = match self.types().get(agg) {
                TypeData::Array { len, elem } if i < *len => *elem,
                TypeData::Struct(b) if (i as usize) < b.fields.len() => b.fields[i as usize],
                TypeData::Named(n) => match &self.types().named(*n).body {
                    Some(b) if (i as usize) < b.fields.len() => b.fields[i as usize],
                    _ => return Err(format!("index {i} is out of range of {}", self.ts(agg))),
                },
                _ => return Err(format!("index {i} is out of range of {}", self.ts(agg))),
            };
        }
        Ok(agg)
    }

    /// Checks a `getelementptr` (instruction or constant): the source element type, the base,
    /// the indices (`index_consts[k]`: the k-th index's constant, if it is one) and the result.
    fn gep(
        &self,
        source: TypeId,
        base: TypeId,
        indices: impl Iterator<Item = (TypeId, Option<ConstId>)>,
        result: TypeId,
    ) -> Option<String> {
        let Some((space, pointee)) = self.ptr(base) else {
            return Some(format!("the base of getelementptr must be a pointer, not {}", self.ts(base)));
        };
        if !self.pointee_is(pointee, source) {
            return Some(format!(
                "explicit pointee type {} does not match the base's type {}",
                self.ts(source),
                self.ts(base)
            ));
        }
        let mut lanes = self.vector(base).map(|(n, _)| n);
        let mut ty = source;
        for (k, (it, c)) in indices.enumerate() {
            if !self.is_int(it) {
                return Some(format!("getelementptr index {} must be an integer, not {}", k, self.ts(it)));
            }
            if let Some((n, _)) = self.vector(it) {
                if lanes.is_some_and(|l| l != n) {
                    return Some("getelementptr vector operands must have one length".into());
                }
                lanes = Some(n);
            }
            if k == 0 {
                continue;
            }
            ty = match self.types().get(ty) {
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
                TypeData::Struct(_) | TypeData::Named(_) => {
                    let Some(i) = c.and_then(|c| self.const_index(c)) else {
                        return Some("a struct index of getelementptr must be a constant".into());
                    };
                    match self.aggregate_index(ty, [i]) {
                        Ok(t) => t,
                        Err(e) => return Some(format!("invalid getelementptr index: {e}")),
                    }
                }
                _ => return Some(format!("getelementptr cannot index into {}", self.ts(ty))),
            };
        }
        let scalar_ok = match self.types().get(self.scalar(result)) {
            TypeData::Pointer { addr_space, pointee: p } => {
                *addr_space == space && (!self.pointees || *p == pointee.map(|_| ty))
            }
            _ => false,
        };
        let lanes_ok = match (lanes, self.vector(result)) {
            (None, None) => true,
            (Some(n), Some((m, _))) => n == m,
            _ => false,
        };
        (!scalar_ok || !lanes_ok)
            .then(|| format!("getelementptr result type {} is not what it indexes", self.ts(result)))
    }

    fn bad_constant(&self, c: &ConstData) -> Option<String> {
        let m = self.m;
        let types = self.types();
        let cty = |c: ConstId| m.consts[c].ty();
        let need = |ok: bool, what: &str, t: TypeId| (!ok).then(|| format!("{what} constant of type {}", self.ts(t)));
        match c {
            ConstData::Int { ty, .. } => need(matches!(types.get(*ty), TypeData::Int(_)), "an integer", *ty),
            ConstData::Float { ty, .. } => need(matches!(types.get(*ty), TypeData::Float(_)), "a floating-point", *ty),
            ConstData::Null(ty) => {
                need(matches!(types.get(*ty), TypeData::Pointer { .. } | TypeData::TargetExt(_)), "a null", *ty)
            }
            ConstData::NoneToken(ty) => need(matches!(types.get(*ty), TypeData::Token), "a none", *ty),
            ConstData::Undef(ty) | ConstData::Poison(ty) | ConstData::Zero(ty) => need(
                !matches!(types.get(*ty), TypeData::Void | TypeData::Label | TypeData::Function { .. }),
                "an undef, poison or zero",
                *ty,
            ),
            ConstData::Array { ty, elems } => match types.get(*ty) {
                TypeData::Array { len, elem } if *len == elems.len() as u64 => elems
                    .iter()
                    .find(|&&e| cty(e) != *elem)
                    .map(|e| format!("an element of type {} in an array of {}", self.ts(cty(*e)), self.ts(*elem))),
                _ => Some(format!("an array of {} elements of type {}", elems.len(), self.ts(*ty))),
            },
            ConstData::Vector { ty, elems } => match types.get(*ty) {
                TypeData::Vector { len, elem, scalable: false } if *len as usize == elems.len() => elems
                    .iter()
                    .find(|&&e| cty(e) != *elem)
                    .map(|e| format!("an element of type {} in a vector of {}", self.ts(cty(*e)), self.ts(*elem))),
                _ => Some(format!("a vector of {} elements of type {}", elems.len(), self.ts(*ty))),
            },
            ConstData::Struct { ty, fields } => {
                let body = match types.get(*ty) {
                    TypeData::Struct(b) => Some(b),
                    TypeData::Named(n) => types.named(*n).body.as_ref(),
                    _ => None,
                };
                match body {
                    Some(b) if b.fields.len() == fields.len() => {
                        b.fields.iter().zip(fields.iter()).find(|(&t, &f)| cty(f) != t).map(|(t, f)| {
                            format!("a field of type {} where the struct has {}", self.ts(cty(*f)), self.ts(*t))
                        })
                    }
                    _ => Some(format!("a struct of {} fields of type {}", fields.len(), self.ts(*ty))),
                }
            }
            ConstData::Bytes { ty, bytes } => match types.get(*ty) {
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. }
                    if matches!(types.get(*elem), TypeData::Int(8))
                        && self.aggregate_len(*ty) == Some(bytes.len() as u64) =>
                {
                    None
                }
                _ => Some(format!("{} bytes of type {}", bytes.len(), self.ts(*ty))),
            },
            ConstData::Global { ty, global } => {
                let def = m.symbols[*global].def?;
                let (space, value_ty) = match def {
                    GlobalDef::Var(g) => (m.globals[g].props.addr_space, m.globals[g].ty),
                    GlobalDef::Func(f) => (m.functions[f].props.addr_space, m.functions[f].ty),
                    // An alias or ifunc is in its aliasee's or resolver's address space.
                    GlobalDef::Alias(a) => (self.ptr(cty(m.aliases[a].aliasee)).map_or(0, |p| p.0), m.aliases[a].ty),
                    GlobalDef::IFunc(i) => (m.ifuncs[i].props.addr_space, m.ifuncs[i].ty),
                };
                match types.get(*ty) {
                    TypeData::Pointer { addr_space, pointee }
                        if *addr_space == space && self.pointee_is(*pointee, value_ty) =>
                    {
                        None
                    }
                    _ => Some(format!(
                        "@{} of type {} in address space {space} has a pointer type {}",
                        m.symbols[*global].name,
                        self.ts(value_ty),
                        self.ts(*ty)
                    )),
                }
            }
            ConstData::BlockAddress { ty, func, .. } => {
                if !matches!(m.symbols[*func].def, Some(GlobalDef::Func(_))) {
                    return Some("blockaddress names a global that is not a function".into());
                }
                need(matches!(types.get(*ty), TypeData::Pointer { .. }), "a blockaddress", *ty)
            }
            ConstData::DsoLocalEquivalent { ty, .. } | ConstData::NoCfi { ty, .. } => {
                need(matches!(types.get(*ty), TypeData::Pointer { .. }), "a function address", *ty)
            }
            ConstData::Expr(e) => {
                // Operand types (only the first three are ever compared).
                let mut ops = [TypeId::from_index(0); 3];
                e.operands.iter().zip(ops.iter_mut()).for_each(|(&o, t)| *t = cty(o));
                let ops = &ops[..e.operands.len().min(3)];
                let arity =
                    |n: usize| (e.operands.len() != n).then(|| format!("{} operands, expected {n}", e.operands.len()));
                match e.op {
                    ExprOp::Binary(op) => arity(2).or_else(|| {
                        let kind_ok = if op.is_float() { self.is_float(e.ty) } else { self.is_int(e.ty) };
                        (!kind_ok || ops[0] != e.ty || ops[1] != e.ty).then(|| {
                            format!(
                                "{} of {} and {} to {}",
                                op.keyword(),
                                self.ts(ops[0]),
                                self.ts(ops[1]),
                                self.ts(e.ty)
                            )
                        })
                    }),
                    ExprOp::FNeg => arity(1).or_else(|| {
                        (!self.is_float(e.ty) || ops[0] != e.ty).then(|| format!("fneg of {}", self.ts(ops[0])))
                    }),
                    ExprOp::Cast(op) => arity(1).or_else(|| {
                        (!self.cast_ok(op, ops[0], e.ty)).then(|| {
                            format!("invalid cast {} from {} to {}", op.keyword(), self.ts(ops[0]), self.ts(e.ty))
                        })
                    }),
                    ExprOp::GetElementPtr => {
                        let Some(source) = e.source_ty else {
                            return Some("getelementptr without a source type".into());
                        };
                        if ops.is_empty() {
                            return Some("getelementptr without a base".into());
                        }
                        self.gep(source, ops[0], e.operands[1..].iter().map(|&o| (cty(o), Some(o))), e.ty)
                    }
                    ExprOp::ICmp(_) | ExprOp::FCmp(_) => arity(2).or_else(|| {
                        let float = matches!(e.op, ExprOp::FCmp(_));
                        let kind_ok =
                            if float { self.is_float(ops[0]) } else { self.is_int(ops[0]) || self.is_ptr(ops[0]) };
                        (!kind_ok || ops[0] != ops[1] || !self.is_bool(e.ty) || !self.same_shape(ops[0], e.ty)).then(
                            || {
                                format!(
                                    "comparison of {} and {} to {}",
                                    self.ts(ops[0]),
                                    self.ts(ops[1]),
                                    self.ts(e.ty)
                                )
                            },
                        )
                    }),
                    ExprOp::Select => arity(3).or_else(|| {
                        (!self.is_bool(ops[0]) || ops[1] != e.ty || ops[2] != e.ty).then(|| {
                            format!("select of {} between {} and {}", self.ts(ops[0]), self.ts(ops[1]), self.ts(ops[2]))
                        })
                    }),
                    ExprOp::ExtractElement => arity(2).or_else(|| match self.vector(ops[0]) {
                        Some((_, elem)) if elem == e.ty && self.is_int(ops[1]) => None,
                        _ => Some(format!("extractelement of {} to {}", self.ts(ops[0]), self.ts(e.ty))),
                    }),
                    ExprOp::InsertElement => arity(3).or_else(|| match self.vector(ops[0]) {
                        Some((_, elem)) if elem == ops[1] && ops[0] == e.ty && self.is_int(ops[2]) => None,
                        _ => Some(format!("insertelement of {} into {}", self.ts(ops[1]), self.ts(ops[0]))),
                    }),
                    ExprOp::ShuffleVector => {
                        if ops.len() < 2 || ops[0] != ops[1] {
                            return Some("shufflevector of two operands of one vector type".into());
                        }
                        match (self.vector(ops[0]), self.vector(e.ty)) {
                            (Some((_, a)), Some((_, b))) if a == b => None,
                            _ => Some(format!("shufflevector of {} to {}", self.ts(ops[0]), self.ts(e.ty))),
                        }
                    }
                    ExprOp::ExtractValue => {
                        arity(1).or_else(|| match self.aggregate_index(ops[0], e.indices.iter().map(|&i| i as u64)) {
                            Ok(t) if t == e.ty => None,
                            Ok(t) => Some(format!("extractvalue gives {}, not {}", self.ts(t), self.ts(e.ty))),
                            Err(err) => Some(err),
                        })
                    }
                    ExprOp::InsertValue => {
                        arity(2).or_else(|| match self.aggregate_index(ops[0], e.indices.iter().map(|&i| i as u64)) {
                            Ok(t) if t == ops[1] && ops[0] == e.ty => None,
                            Ok(t) => Some(format!("insertvalue of {} where {} goes", self.ts(ops[1]), self.ts(t))),
                            Err(err) => Some(err),
                        })
                    }
                }
            }
        }
    }

    fn aggregate_len(&self, t: TypeId) -> Option<u64> {
        match self.types().get(t) {
            TypeData::Array { len, .. } => Some(*len),
            TypeData::Vector { len, .. } => Some(u64::from(*len)),
            _ => None,
        }
    }

    fn vty(&self, f: &Function, v: Value) -> VTy {
        match v {
            Value::Const(c) => VTy::Ty(self.m.consts[c].ty()),
            Value::Arg(i) => VTy::Ty(f.params[i as usize].ty),
            Value::Inst(i) => VTy::Ty(f.insts[i].ty),
            Value::Md(_) | Value::LocalMd(_) => VTy::Metadata,
            Value::Asm(a) => VTy::Asm(self.m.asms[a].ty),
        }
    }

    fn function(&mut self, fid: FuncId, f: &'m Function) {
        let m = self.m;
        let place = Place::Function(fid);
        let TypeData::Function { ret, params, .. } = m.types.get(f.ty) else {
            self.error(place, format!("its type {} is not a function type", self.ts(f.ty)));
            return;
        };
        if params.len() != f.params.len() || params.iter().zip(f.params.iter()).any(|(&t, p)| t != p.ty) {
            self.error(place, "its parameters do not match its type");
            return;
        }
        if !f.is_definition {
            if !f.layout.is_empty() {
                self.error(place, "a declaration has no blocks");
            }
            return;
        }
        if f.layout.is_empty() {
            self.error(place, "a definition needs an entry block");
            return;
        }
        // Each block placed once, each instruction in one block.
        let mut placed_block = vec![false; f.blocks.len()];
        let mut placed_inst = vec![false; f.insts.len()];
        for &b in &f.layout {
            if std::mem::replace(&mut placed_block[b.index()], true) {
                self.error(place, format!("block #{} is placed twice", b.index()));
            }
            let insts = &f.blocks[b].insts;
            let Some((&last, body)) = insts.split_last() else {
                self.error(place, format!("block #{} is empty; a block ends with a terminator", b.index()));
                continue;
            };
            for &i in insts {
                if std::mem::replace(&mut placed_inst[i.index()], true) {
                    self.error(Place::Instruction(fid, i), "the instruction is placed twice");
                }
            }
            if !f.insts[last].is_terminator() {
                self.error(Place::Instruction(fid, last), "a block must end with a terminator");
            }
            if let Some(&t) = body.iter().find(|&&i| f.insts[i].is_terminator()) {
                self.error(Place::Instruction(fid, t), "a terminator in the middle of a block");
            }
        }
        // Parameters, blocks and instructions share the function's names. The table holds each
        // name as a number (a parameter's, then a block's, then an instruction's index), five
        // bytes a slot: a body of a million names would take 17 a slot as a set of slices.
        let (np, nb) = (f.params.len(), f.blocks.len());
        let name_of = |id: u32| -> &[u8] {
            let id = id as usize;
            let name = match id.checked_sub(np) {
                None => &f.params[id].name,
                Some(b) if b < nb => &f.blocks[BlockId::from_index(b)].name,
                Some(b) => f.inst_name(InstId::from_index(b - nb)),
            };
            name.as_bytes().unwrap_or_default()
        };
        let hash = |n: &[u8]| rustc_hash::FxBuildHasher.hash_one(n);
        let params_named = f.params.iter().enumerate().filter(|(_, p)| !p.name.is_none()).map(|(i, _)| i);
        let blocks_named = f.layout.iter().filter(|&&b| !f.blocks[b].name.is_none()).map(|&b| np + b.index());
        let insts_named = f.layout.iter().flat_map(|&b| &f.blocks[b].insts);
        let insts_named = insts_named.filter(|&&i| !f.inst_name(i).is_none()).map(|&i| np + nb + i.index());
        let named = || params_named.clone().chain(blocks_named.clone()).chain(insts_named.clone());
        let mut names = std::mem::take(&mut self.names);
        names.clear();
        names.reserve(named().count(), |&o| hash(name_of(o)));
        let dup = named().filter_map(|id| u32::try_from(id).ok()).find_map(|id| {
            let (n, h) = (name_of(id), hash(name_of(id)));
            if names.find(h, |&o| name_of(o) == n).is_some() {
                return Some(n);
            }
            names.insert_unique(h, id, |&o| hash(name_of(o)));
            None
        });
        if let Some(dup) = dup {
            let msg = format!("the name %{} is given to two values or blocks", String::from_utf8_lossy(dup));
            self.error(place, msg);
        }
        self.names = names;
        for &b in &f.layout {
            for &i in &f.blocks[b].insts {
                let inst = &f.insts[i];
                let place = Place::Instruction(fid, i);
                if !self.inst_handles(fid, f, i, inst) {
                    continue;
                }
                let mut dangling = None;
                inst.kind.for_each_operand(|v| {
                    if let Value::Inst(o) = v {
                        if !placed_inst[o.index()] {
                            dangling = Some(o);
                        }
                    }
                });
                let mut bad_target = None;
                inst.kind.for_each_successor(|t| {
                    if !placed_block[t.index()] {
                        bad_target = Some(t);
                    }
                });
                if let InstKind::Phi { incoming, .. } = &inst.kind {
                    bad_target = bad_target.or(incoming.iter().map(|(_, b)| *b).find(|b| !placed_block[b.index()]));
                }
                if let Some(o) = dangling {
                    self.error(place, format!("operand instruction #{} is in no block", o.index()));
                } else if let Some(t) = bad_target {
                    self.error(place, format!("block #{} is not in the function's block list", t.index()));
                } else if let Some(why) = self.bad_instruction(f, i, inst, *ret) {
                    self.error(place, why);
                }
            }
        }
    }

    /// What is wrong with an instruction's types, if anything.
    fn bad_instruction(&self, f: &Function, i: InstId, inst: &Instruction, ret: TypeId) -> Option<String> {
        let types = self.types();
        let ty = |v: Value| self.vty(f, v);
        let is = |v: Value, t: TypeId| ty(v) == VTy::Ty(t);
        let void = matches!(types.get(inst.ty), TypeData::Void);
        let ts = |t| self.ts(t);
        let vs = |v: Value| match ty(v) {
            VTy::Ty(t) => self.ts(t),
            VTy::Metadata => "metadata".into(),
            VTy::Asm(_) => "inline assembly".into(),
        };
        if void && !f.inst_name(i).is_none() {
            return Some("a void result cannot be named".into());
        }
        let result = |t: TypeId| (inst.ty != t).then(|| format!("result type {} should be {}", ts(inst.ty), ts(t)));
        let no_result = || (!void).then(|| format!("it has no result, but its type is {}", ts(inst.ty)));
        match &inst.kind {
            InstKind::Ret(v) => {
                let ok = match v {
                    None => matches!(types.get(ret), TypeData::Void),
                    Some(v) => is(*v, ret),
                };
                if !ok {
                    let got = v.map_or("void".into(), vs);
                    return Some(format!("returns {got} from a function returning {}", ts(ret)));
                }
                no_result()
            }
            InstKind::Br(_) | InstKind::Unreachable => no_result(),
            InstKind::CondBr { cond, .. } => {
                if !matches!(ty(*cond), VTy::Ty(t) if matches!(types.get(t), TypeData::Int(1))) {
                    return Some(format!("branch condition must be i1, not {}", vs(*cond)));
                }
                no_result()
            }
            InstKind::Switch { ty: t, cond, cases, .. } => {
                if !matches!(types.get(*t), TypeData::Int(_)) || !is(*cond, *t) {
                    return Some(format!("switch on {} of type {}", vs(*cond), ts(*t)));
                }
                if let Some((c, _)) =
                    cases.iter().find(|(c, _)| !matches!(&self.m.consts[*c], ConstData::Int { ty, .. } if ty == t))
                {
                    return Some(format!("switch case of type {} on {}", ts(self.m.consts[*c].ty()), ts(*t)));
                }
                no_result()
            }
            InstKind::IndirectBr { ty: t, addr, .. } => {
                if self.ptr(*t).is_none() || !is(*addr, *t) {
                    return Some(format!("indirectbr address {} must be a pointer", vs(*addr)));
                }
                no_result()
            }
            InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } | InstKind::Call { call, .. } => {
                self.call(f, inst, call)
            }
            InstKind::Resume(t, v) => {
                (!is(*v, *t)).then(|| format!("resume of {} typed {}", vs(*v), ts(*t))).or_else(no_result)
            }
            InstKind::CleanupRet { .. } | InstKind::CatchRet { .. } => no_result(),
            InstKind::CatchSwitch { .. } | InstKind::CatchPad { .. } | InstKind::CleanupPad { .. } => {
                (!matches!(types.get(inst.ty), TypeData::Token))
                    .then(|| format!("a pad's result is a token, not {}", ts(inst.ty)))
            }
            InstKind::LandingPad { clauses, .. } => clauses
                .iter()
                .find(|(_, t, v)| !is(*v, *t))
                .map(|(_, t, v)| format!("landingpad clause {} typed {}", vs(*v), ts(*t))),
            InstKind::FNeg { op, .. } => (!self.is_float(inst.ty) || !is(*op, inst.ty))
                .then(|| format!("fneg of {} to {}", vs(*op), ts(inst.ty))),
            InstKind::Binary { op, lhs, rhs, .. } => {
                let kind_ok = if op.is_float() { self.is_float(inst.ty) } else { self.is_int(inst.ty) };
                if !is(*lhs, inst.ty) || !is(*rhs, inst.ty) {
                    return Some(format!(
                        "{} operands {} and {} must both be {}",
                        op.keyword(),
                        vs(*lhs),
                        vs(*rhs),
                        ts(inst.ty)
                    ));
                }
                (!kind_ok).then(|| format!("{} of {}", op.keyword(), ts(inst.ty)))
            }
            InstKind::Alloca { ty: t, count, addr_space, .. } => {
                if !self.element_type(*t) {
                    return Some(format!("alloca of {}", ts(*t)));
                }
                if let Some((ct, cv)) = count {
                    if !matches!(types.get(*ct), TypeData::Int(_)) || !is(*cv, *ct) {
                        return Some(format!("alloca count {} must be an integer", vs(*cv)));
                    }
                }
                match types.get(inst.ty) {
                    TypeData::Pointer { addr_space: a, pointee }
                        if self.pointee_is(*pointee, *t) && addr_space.is_none_or(|s| s == *a) =>
                    {
                        None
                    }
                    _ => Some(format!("alloca of {} gives {}", ts(*t), ts(inst.ty))),
                }
            }
            InstKind::Load { ty: t, ptr_ty, ptr, .. } => self.memory(*ptr_ty, *ptr, *t, &ty).or_else(|| result(*t)),
            InstKind::Store { ty: t, value, ptr_ty, ptr, .. } => {
                if !is(*value, *t) {
                    return Some(format!("stored value {} typed {}", vs(*value), ts(*t)));
                }
                self.memory(*ptr_ty, *ptr, *t, &ty).or_else(no_result)
            }
            InstKind::Fence(_) => no_result(),
            InstKind::CmpXchg(x) => {
                if !is(x.cmp, x.ty) || !is(x.new, x.ty) {
                    return Some(format!("cmpxchg operands {} and {} must both be {}", vs(x.cmp), vs(x.new), ts(x.ty)));
                }
                if let Some(e) = self.memory(x.ptr_ty, x.ptr, x.ty, &ty) {
                    return Some(e);
                }
                let pair = match types.get(inst.ty) {
                    TypeData::Struct(b) => {
                        b.fields.len() == 2 && b.fields[0] == x.ty && matches!(types.get(b.fields[1]), TypeData::Int(1))
                    }
                    _ => false,
                };
                (!pair).then(|| format!("cmpxchg gives {{ {}, i1 }}, not {}", ts(x.ty), ts(inst.ty)))
            }
            InstKind::AtomicRmw { ptr_ty, ptr, ty: t, value, .. } => {
                if !is(*value, *t) {
                    return Some(format!("atomicrmw operand {} typed {}", vs(*value), ts(*t)));
                }
                self.memory(*ptr_ty, *ptr, *t, &ty).or_else(|| result(*t))
            }
            InstKind::GetElementPtr { source_ty, operands, .. } => {
                let Some(&(base_ty, _)) = operands.first() else {
                    return Some("getelementptr without a base".into());
                };
                if let Some((t, v)) = operands.iter().find(|(t, v)| !is(*v, *t)) {
                    return Some(format!("getelementptr operand {} typed {}", vs(*v), ts(*t)));
                }
                let idx = operands[1..].iter().map(|&(t, v)| (t, if let Value::Const(c) = v { Some(c) } else { None }));
                self.gep(*source_ty, base_ty, idx, inst.ty)
            }
            InstKind::Cast { op, from, value, .. } => {
                if !is(*value, *from) {
                    return Some(format!("cast operand {} typed {}", vs(*value), ts(*from)));
                }
                (!self.cast_ok(*op, *from, inst.ty))
                    .then(|| format!("invalid cast {} from {} to {}", op.keyword(), ts(*from), ts(inst.ty)))
            }
            InstKind::ICmp { ty: t, lhs, rhs, .. } | InstKind::FCmp { ty: t, lhs, rhs, .. } => {
                let float = matches!(inst.kind, InstKind::FCmp { .. });
                let kind_ok = if float { self.is_float(*t) } else { self.is_int(*t) || self.is_ptr(*t) };
                if !is(*lhs, *t) || !is(*rhs, *t) || !kind_ok {
                    return Some(format!("comparison of {} and {} typed {}", vs(*lhs), vs(*rhs), ts(*t)));
                }
                (!self.is_bool(inst.ty) || !self.same_shape(*t, inst.ty))
                    .then(|| format!("comparison of {} gives {}", ts(*t), ts(inst.ty)))
            }
            InstKind::Phi { incoming, .. } => {
                if !self.types().is_first_class(inst.ty) {
                    return Some(format!("phi of {}", ts(inst.ty)));
                }
                incoming
                    .iter()
                    .find(|(v, _)| !is(*v, inst.ty))
                    .map(|(v, _)| format!("phi of {} has an incoming {}", ts(inst.ty), vs(*v)))
            }
            InstKind::Select { cond_ty, cond, then_v, else_v, .. } => {
                if !is(*cond, *cond_ty) || !self.is_bool(*cond_ty) {
                    return Some(format!("select condition {} must be i1 or a vector of i1", vs(*cond)));
                }
                if self.vector(*cond_ty).is_some() && !self.same_shape(*cond_ty, inst.ty) {
                    return Some("select condition and values must have one length".into());
                }
                (!is(*then_v, inst.ty) || !is(*else_v, inst.ty))
                    .then(|| format!("select between {} and {} to {}", vs(*then_v), vs(*else_v), ts(inst.ty)))
            }
            InstKind::Freeze(v) => {
                result_of(ty(*v), inst.ty).then(|| format!("freeze of {} to {}", vs(*v), ts(inst.ty)))
            }
            InstKind::VaArg { list_ty, list } => {
                (!is(*list, *list_ty)).then(|| format!("va_arg list {} typed {}", vs(*list), ts(*list_ty)))
            }
            InstKind::ExtractElement { vec_ty, vec, idx_ty, idx } => {
                if !is(*vec, *vec_ty) || !is(*idx, *idx_ty) || !self.is_int(*idx_ty) || self.vector(*idx_ty).is_some() {
                    return Some(format!("extractelement from {} at {}", vs(*vec), vs(*idx)));
                }
                match self.vector(*vec_ty) {
                    Some((_, e)) => result(e),
                    None => Some(format!("extractelement from {}", ts(*vec_ty))),
                }
            }
            InstKind::InsertElement(boxed) => {
                let crate::ir::instruction::InsertElement { vec_ty, vec, elt_ty, elt, idx_ty, idx } = &**boxed;
                if !is(*vec, *vec_ty) || !is(*elt, *elt_ty) || !is(*idx, *idx_ty) || !self.is_int(*idx_ty) {
                    return Some(format!("insertelement of {} into {} at {}", vs(*elt), vs(*vec), vs(*idx)));
                }
                match self.vector(*vec_ty) {
                    Some((_, e)) if e == *elt_ty => result(*vec_ty),
                    _ => Some(format!("insertelement of {} into {}", ts(*elt_ty), ts(*vec_ty))),
                }
            }
            InstKind::ShuffleVector(boxed) => {
                let crate::ir::instruction::ShuffleVector { vec_ty, a, b, mask_ty, mask } = &**boxed;
                if !is(*a, *vec_ty) || !is(*b, *vec_ty) || !is(*mask, *mask_ty) {
                    return Some(format!("shufflevector of {} and {}", vs(*a), vs(*b)));
                }
                match (self.vector(*vec_ty), self.vector(*mask_ty), self.vector(inst.ty)) {
                    (Some((_, e)), Some((n, mi)), Some((rn, re)))
                        if matches!(types.get(mi), TypeData::Int(32)) && rn == n && re == e =>
                    {
                        None
                    }
                    _ => {
                        Some(format!("shufflevector of {} with mask {} to {}", ts(*vec_ty), ts(*mask_ty), ts(inst.ty)))
                    }
                }
            }
            InstKind::ExtractValue { agg_ty, agg, indices } => {
                if !is(*agg, *agg_ty) || indices.is_empty() {
                    return Some(format!("extractvalue from {}", vs(*agg)));
                }
                match self.aggregate_index(*agg_ty, indices.iter().map(|&i| u64::from(i))) {
                    Ok(t) => result(t),
                    Err(e) => Some(e),
                }
            }
            InstKind::InsertValue(boxed) => {
                let crate::ir::instruction::InsertValue { agg_ty, agg, elt_ty, elt, indices } = &**boxed;
                if !is(*agg, *agg_ty) || !is(*elt, *elt_ty) || indices.is_empty() {
                    return Some(format!("insertvalue of {} into {}", vs(*elt), vs(*agg)));
                }
                match self.aggregate_index(*agg_ty, indices.iter().map(|&i| u64::from(i))) {
                    Ok(t) if t == *elt_ty => result(*agg_ty),
                    Ok(t) => Some(format!("insertvalue of {} where {} goes", ts(*elt_ty), ts(t))),
                    Err(e) => Some(e),
                }
            }
        }
    }

    /// A memory access of a `ty` through `ptr` (typed `ptr_ty`).
    fn memory(&self, ptr_ty: TypeId, ptr: Value, ty: TypeId, vty: &dyn Fn(Value) -> VTy) -> Option<String> {
        if vty(ptr) != VTy::Ty(ptr_ty) {
            return Some(format!("the pointer operand is not of type {}", self.ts(ptr_ty)));
        }
        match self.types().get(ptr_ty) {
            TypeData::Pointer { pointee, .. } if self.pointee_is(*pointee, ty) => {
                (!self.types().is_first_class(ty)).then(|| format!("memory access of {}", self.ts(ty)))
            }
            _ => Some(format!("{} is not a pointer to {}", self.ts(ptr_ty), self.ts(ty))),
        }
    }

    fn call(&self, f: &Function, inst: &Instruction, call: &CallSite) -> Option<String> {
        let types = self.types();
        let TypeData::Function { ret, params, vararg } = types.get(call.fn_ty) else {
            return Some(format!("called with type {}, not a function type", self.ts(call.fn_ty)));
        };
        let callee_ok = match self.vty(f, call.callee) {
            VTy::Asm(t) => t == call.fn_ty,
            VTy::Ty(t) => match types.get(t) {
                TypeData::Pointer { pointee, .. } => self.pointee_is(*pointee, call.fn_ty),
                _ => false,
            },
            VTy::Metadata => false,
        };
        if !callee_ok {
            return Some(format!("the callee is not a pointer to {}", self.ts(call.fn_ty)));
        }
        let n = call.args.len();
        if n < params.len() || (n > params.len() && !vararg) {
            return Some(format!("{n} arguments to a function of {} parameters", params.len()));
        }
        for (k, a) in call.args.iter().enumerate() {
            if params.get(k).is_some_and(|&p| p != a.ty) {
                return Some(format!("argument {k} is typed {}, the parameter {}", self.ts(a.ty), self.ts(params[k])));
            }
            let ok = match self.vty(f, a.value) {
                VTy::Ty(t) => t == a.ty,
                VTy::Metadata => matches!(types.get(a.ty), TypeData::Metadata),
                VTy::Asm(_) => false,
            };
            if !ok {
                return Some(format!("argument {k} is not a value of type {}", self.ts(a.ty)));
            }
        }
        for b in &call.bundles {
            if let Some((t, _)) = b
                .inputs
                .iter()
                .find(|(t, v)| self.vty(f, *v) != VTy::Ty(*t) && !matches!(types.get(*t), TypeData::Metadata))
            {
                return Some(format!("an operand bundle input is not of type {}", self.ts(*t)));
            }
        }
        (inst.ty != *ret)
            .then(|| format!("the call gives {}, the function returns {}", self.ts(inst.ty), self.ts(*ret)))
    }
}

/// Whether `op` casts `from` to `to` (LLVM's `CastInst::castIsValid`): what readers and the
/// validator both hold casts to.
pub fn cast_is_valid(types: &Types, op: CastOp, from: TypeId, to: TypeId) -> bool {
    let v = Shapes(types);
    if op == CastOp::BitCast {
        return match (v.ptr(from), v.ptr(to)) {
            // A vector of pointers casts to one of as many (or a pointer, from one of one).
            (Some((a, _)), Some((b, _))) => {
                let lanes = |t| v.vector(t).map_or(1, |(n, _)| n);
                a == b && lanes(from) == lanes(to)
            }
            (None, None) => {
                let (a, b) = (v.bits(from), v.bits(to));
                a.is_some() && a == b
            }
            _ => false,
        };
    }
    if !v.same_shape(from, to) {
        return false;
    }
    let (fs, ts) = (v.scalar(from), v.scalar(to));
    let ty = |t| types.get(t);
    let width = |t| match ty(t) {
        TypeData::Int(n) => Some(*n),
        _ => None,
    };
    let fwidth = |t| match ty(t) {
        TypeData::Float(k) => Some(k.bits()),
        _ => None,
    };
    match op {
        CastOp::Trunc => matches!((width(fs), width(ts)), (Some(a), Some(b)) if a > b),
        CastOp::ZExt | CastOp::SExt => matches!((width(fs), width(ts)), (Some(a), Some(b)) if a < b),
        CastOp::FPTrunc => matches!((fwidth(fs), fwidth(ts)), (Some(a), Some(b)) if a > b),
        CastOp::FPExt => matches!((fwidth(fs), fwidth(ts)), (Some(a), Some(b)) if a < b),
        CastOp::UIToFP | CastOp::SIToFP => width(fs).is_some() && fwidth(ts).is_some(),
        CastOp::FPToUI | CastOp::FPToSI => fwidth(fs).is_some() && width(ts).is_some(),
        CastOp::PtrToInt | CastOp::PtrToAddr => v.ptr(fs).is_some() && width(ts).is_some(),
        CastOp::IntToPtr => width(fs).is_some() && v.ptr(ts).is_some(),
        CastOp::AddrSpaceCast => {
            matches!((v.ptr(fs), v.ptr(ts)), (Some((a, _)), Some((b, _))) if a != b)
        }
        CastOp::BitCast => false, // handled above
    }
}

/// Shape queries over types, for [`cast_is_valid`].
struct Shapes<'t>(&'t Types);

impl Shapes<'_> {
    fn vector(&self, t: TypeId) -> Option<(u32, TypeId)> {
        match self.0.get(t) {
            TypeData::Vector { len, elem, .. } => Some((*len, *elem)),
            _ => None,
        }
    }
    fn scalar(&self, t: TypeId) -> TypeId {
        self.vector(t).map_or(t, |(_, e)| e)
    }
    fn same_shape(&self, a: TypeId, b: TypeId) -> bool {
        match (self.0.get(a), self.0.get(b)) {
            (TypeData::Vector { len: l1, scalable: s1, .. }, TypeData::Vector { len: l2, scalable: s2, .. }) => {
                l1 == l2 && s1 == s2
            }
            (TypeData::Vector { .. }, _) | (_, TypeData::Vector { .. }) => false,
            _ => true,
        }
    }
    fn ptr(&self, t: TypeId) -> Option<(u32, Option<TypeId>)> {
        match self.0.get(self.scalar(t)) {
            TypeData::Pointer { addr_space, pointee } => Some((*addr_space, *pointee)),
            _ => None,
        }
    }
    fn bits(&self, t: TypeId) -> Option<u64> {
        match self.0.get(t) {
            TypeData::Int(n) => Some(u64::from(*n)),
            TypeData::Float(k) => Some(u64::from(k.bits())),
            TypeData::X86Mmx => Some(64),
            TypeData::Vector { len, elem, .. } => match self.0.get(*elem) {
                TypeData::Int(n) => Some(u64::from(*len) * u64::from(*n)),
                TypeData::Float(k) => Some(u64::from(*len) * u64::from(k.bits())),
                _ => None,
            },
            _ => None,
        }
    }
}

/// Whether a `freeze` gives a different type than its operand.
fn result_of(v: VTy, t: TypeId) -> bool {
    v != VTy::Ty(t)
}

/// A handle an instruction holds besides its value operands and blocks.
enum Part {
    Ty(TypeId),
    Const(ConstId),
    Attrs(super::AttrSetId),
    Scope(super::instruction::ScopeId),
}

/// Calls `f` with the types, constants, attribute sets and sync scope an instruction holds.
fn inst_parts(k: &InstKind, f: &mut impl FnMut(Part)) {
    use Part::Ty;
    let call = |c: &CallSite, f: &mut dyn FnMut(Part)| {
        f(Ty(c.fn_ty));
        f(Part::Attrs(c.ret_attrs));
        f(Part::Attrs(c.fn_attrs));
        for a in &c.args {
            f(Ty(a.ty));
            f(Part::Attrs(a.attrs));
        }
        for b in &c.bundles {
            b.inputs.iter().for_each(|(t, _)| f(Ty(*t)));
        }
    };
    let scope = |s: Option<super::instruction::ScopeId>, f: &mut dyn FnMut(Part)| {
        if let Some(s) = s {
            f(Part::Scope(s));
        }
    };
    match k {
        InstKind::Switch { ty, cases, .. } => {
            f(Ty(*ty));
            cases.iter().for_each(|(c, _)| f(Part::Const(*c)));
        }
        InstKind::IndirectBr { ty, .. } | InstKind::Resume(ty, _) => f(Ty(*ty)),
        InstKind::Invoke { call: c, .. } | InstKind::CallBr { call: c, .. } | InstKind::Call { call: c, .. } => {
            call(c, f)
        }
        InstKind::Alloca { ty, count, .. } => {
            f(Ty(*ty));
            count.iter().for_each(|(t, _)| f(Ty(*t)));
        }
        InstKind::Load { ty, ptr_ty, atomic, .. } | InstKind::Store { ty, ptr_ty, atomic, .. } => {
            f(Ty(*ty));
            f(Ty(*ptr_ty));
            scope(atomic.as_ref().and_then(|a| a.scope), f);
        }
        InstKind::Fence(a) => scope(a.scope, f),
        InstKind::CmpXchg(x) => {
            f(Ty(x.ptr_ty));
            f(Ty(x.ty));
            scope(x.success.scope, f);
        }
        InstKind::AtomicRmw { ptr_ty, ty, atomic, .. } => {
            f(Ty(*ptr_ty));
            f(Ty(*ty));
            scope(atomic.scope, f);
        }
        InstKind::GetElementPtr { source_ty, operands, .. } => {
            f(Ty(*source_ty));
            operands.iter().for_each(|(t, _)| f(Ty(*t)));
        }
        InstKind::Cast { from: t, .. }
        | InstKind::ICmp { ty: t, .. }
        | InstKind::FCmp { ty: t, .. }
        | InstKind::Select { cond_ty: t, .. }
        | InstKind::VaArg { list_ty: t, .. }
        | InstKind::ExtractValue { agg_ty: t, .. } => f(Ty(*t)),
        InstKind::ExtractElement { vec_ty, idx_ty, .. } => {
            f(Ty(*vec_ty));
            f(Ty(*idx_ty));
        }
        InstKind::InsertElement(boxed) => {
            let crate::ir::instruction::InsertElement { vec_ty, elt_ty, idx_ty, .. } = &**boxed;
            f(Ty(*vec_ty));
            f(Ty(*elt_ty));
            f(Ty(*idx_ty));
        }
        InstKind::ShuffleVector(boxed) => {
            let crate::ir::instruction::ShuffleVector { vec_ty, mask_ty, .. } = &**boxed;
            f(Ty(*vec_ty));
            f(Ty(*mask_ty));
        }
        InstKind::InsertValue(boxed) => {
            let crate::ir::instruction::InsertValue { agg_ty, elt_ty, .. } = &**boxed;
            f(Ty(*agg_ty));
            f(Ty(*elt_ty));
        }
        InstKind::LandingPad { clauses, .. } => clauses.iter().for_each(|(_, t, _)| f(Ty(*t))),
        InstKind::CatchPad { args, .. } | InstKind::CleanupPad { args, .. } => args.iter().for_each(|(t, _)| f(Ty(*t))),
        _ => {}
    }
}
