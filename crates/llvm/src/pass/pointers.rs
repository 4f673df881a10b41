//! Opaque pointers to LLVM 7's typed pointers.
//!
//! Every opaque `ptr addrspace(N)` in a type becomes `i8 addrspace(N)*`, the type LLVM itself
//! gives a pointer whose pointee nothing fixes. Values whose definition fixes a pointee get it:
//! a global `@g` of type `T` is a `T*`, a function a pointer to its type, an `alloca T` a `T*`,
//! a `getelementptr` a pointer to what it indexes, a `byval(T)`/`sret(T)` parameter a `T*`.
//! Each use that needs another pointee (the pointer of a `load T` must be a `T*`, a call's
//! arguments must be its parameters' types, …) gets a `bitcast` (a constant expression for
//! constants, an instruction before the use otherwise; for a phi, at the end of the incoming
//! block). Intrinsic declarations are renamed to LLVM 7's mangling (`llvm.memcpy.p0.p0.i64` →
//! `llvm.memcpy.p0i8.p0i8.i64`).
//!
//! The casts are what a typed-pointer producer would write; libNVVM's optimizer folds them.

use super::{Note, PassError};
use crate::ir::attrs::Attr;
use crate::ir::constant::{ConstData, ConstExpr, ConstId, ExprOp};
use crate::ir::function::{BlockId, Function, LocalMd};
use crate::ir::instruction::{CastOp, InstId, InstKind, Instruction};
use crate::ir::metadata::{MdId, MdNode};
use crate::ir::module::{FuncId, GlobalDef, Module, SymbolId};
use crate::ir::types::{Dialect, TypeData, TypeId, Types};
use crate::ir::value::Value;
use rustc_hash::FxHashMap;

/// Rewrites an opaque-pointer module into typed pointers. A typed module is left as it is; a
/// module that mixes the two is refused.
pub fn type_pointers(m: &mut Module) -> Result<Vec<Note>, PassError> {
    match m.types.dialect() {
        Some(Dialect::OpaquePointers) => {}
        Some(_) => return Ok(Vec::new()),
        None => return Err(PassError::module("the module mixes typed and opaque pointers")),
    }
    retype(m)?;
    let mut cx = Cx { m, fixed: Vec::new(), md_fixed: Vec::new(), notes: Vec::new() };
    cx.signatures();
    cx.constants()?;
    cx.module_level()?;
    for i in 0..cx.m.functions.len() {
        cx.body(FuncId::from_index(i))?;
    }
    cx.intrinsic_names()?;
    let notes = cx.notes;
    crate::ir::remap::compact_consts(m);
    Ok(notes)
}

/// Gives the module new types: each opaque pointer becomes `i8 addrspace(N)*`.
fn retype(m: &mut Module) -> Result<(), PassError> {
    let i8_pointee = |new: &mut Types, addr_space, pointee: Option<TypeId>| TypeData::Pointer {
        addr_space,
        pointee: Some(pointee.unwrap_or_else(|| new.int(8))),
    };
    let (new, table) = super::retyped(&m.types, i8_pointee, false)?;
    crate::ir::remap::retype_module(m, new, table).map_err(PassError::module)
}

/// The parameter attributes whose type is the parameter's pointee.
const POINTEE_ATTRS: &[&str] = &["byval", "sret", "byref", "inalloca", "preallocated"];

struct Cx<'m> {
    m: &'m mut Module,
    /// The rewritten form of each constant the module held before the pass, while
    /// [`Cx::constants`] makes them (empty after: every reference outside metadata has moved).
    fixed: Vec<ConstId>,
    /// The same, for metadata's references, which [`Cx::module_level`] moves.
    md_fixed: Vec<ConstId>,
    notes: Vec<Note>,
}

impl Cx<'_> {
    fn ts(&self, t: TypeId) -> String {
        self.m.types.to_string(t)
    }

    /// (address space, pointee) of a pointer type.
    fn ptr(&self, t: TypeId) -> Option<(u32, Option<TypeId>)> {
        match self.m.types.get(t) {
            TypeData::Pointer { addr_space, pointee } => Some((*addr_space, *pointee)),
            _ => None,
        }
    }

    /// Whether two types agree but for their pointers' pointees.
    fn agree(&self, a: TypeId, b: TypeId) -> bool {
        a == b || matches!((self.ptr(a), self.ptr(b)), (Some((x, _)), Some((y, _))) if x == y)
    }

    fn ptr_to(&mut self, pointee: TypeId, addr_space: u32) -> TypeId {
        self.m.types.typed_ptr(pointee, addr_space)
    }

    fn fn_parts(&self, t: TypeId) -> Option<(TypeId, Vec<TypeId>, bool)> {
        match self.m.types.get(t) {
            TypeData::Function { ret, params, vararg } => Some((*ret, params.to_vec(), *vararg)),
            _ => None,
        }
    }

    /// The pointee a parameter's attributes give it (`byval(T)` and the like).
    fn attr_pointee(&self, attrs: crate::ir::attrs::AttrSetId) -> Option<TypeId> {
        self.m.attrs[attrs].0.iter().find_map(|a| match a {
            Attr::Type(k, Some(t)) if POINTEE_ATTRS.contains(&k.info().name) => Some(*t),
            _ => None,
        })
    }

    /// Parameters with `byval(T)`-like attributes become `T*`, in the function's type too; so
    /// does the pointer of `llvm.nvvm.ldg.global.*`/`ldu.global.*`, whose LLVM 7 form loads the
    /// pointer's pointee (libNVVM reads `T (i8*)` as a load of `i8`).
    fn signatures(&mut self) {
        for i in 0..self.m.functions.len() {
            let fid = FuncId::from_index(i);
            let mut changed = false;
            if let Some(ret) = self.loaded_pointee(fid) {
                if let Some((space, _)) = self.m.functions[fid].params.first().and_then(|p| self.ptr(p.ty)) {
                    self.m.functions[fid].params[0].ty = self.ptr_to(ret, space);
                    changed = true;
                }
            }
            for p in 0..self.m.functions[fid].params.len() {
                let (ty, attrs) = (self.m.functions[fid].params[p].ty, self.m.functions[fid].params[p].attrs);
                if let (Some(t), Some((space, _))) = (self.attr_pointee(attrs), self.ptr(ty)) {
                    let new = self.ptr_to(t, space);
                    if new != ty {
                        self.m.functions[fid].params[p].ty = new;
                        changed = true;
                    }
                }
            }
            if changed {
                let f = &self.m.functions[fid];
                let Some((ret, _, vararg)) = self.fn_parts(f.ty) else { continue };
                let params: Vec<TypeId> = f.params.iter().map(|p| p.ty).collect();
                let ty = self.m.types.function(ret, params, vararg);
                self.m.functions[fid].ty = ty;
            }
        }
    }

    /// The pointer type of a global's address: a pointer to its value type.
    fn global_ptr(&mut self, s: SymbolId) -> Result<TypeId, String> {
        let (ty, space) = match self.m.symbols[s].def {
            Some(GlobalDef::Var(g)) => (self.m.globals[g].ty, self.m.globals[g].props.addr_space),
            Some(GlobalDef::Func(f)) => (self.m.functions[f].ty, self.m.functions[f].props.addr_space),
            Some(GlobalDef::Alias(a)) => (self.m.aliases[a].ty, self.m.aliases[a].props.addr_space),
            Some(GlobalDef::IFunc(i)) => (self.m.ifuncs[i].ty, self.m.ifuncs[i].props.addr_space),
            None => return Err(format!("@{} is used but never defined", self.m.symbols[s].name)),
        };
        Ok(self.ptr_to(ty, space))
    }

    /// The rewritten form of a constant of the input while [`Cx::constants`] runs; after it, `c`
    /// (references have moved).
    fn fx(&self, c: ConstId) -> ConstId {
        self.fixed.get(c.index()).copied().unwrap_or(c)
    }

    /// Constant `c` with type `want`: itself, the same null/undef/zero at `want`, or a cast.
    fn coerce(&mut self, c: ConstId, want: TypeId) -> Result<ConstId, String> {
        let have = self.m.const_ty(c);
        if have == want {
            return Ok(c);
        }
        let retyped = match self.m.consts[c] {
            ConstData::Null(_) => Some(ConstData::Null(want)),
            ConstData::Undef(_) => Some(ConstData::Undef(want)),
            ConstData::Poison(_) => Some(ConstData::Poison(want)),
            ConstData::Zero(_) => Some(ConstData::Zero(want)),
            _ => None,
        };
        if let Some(d) = retyped {
            return Ok(self.m.constant(d));
        }
        match (self.ptr(have), self.ptr(want)) {
            (Some((a, _)), Some((b, _))) => {
                let op = if a == b { CastOp::BitCast } else { CastOp::AddrSpaceCast };
                Ok(self.m.constant(ConstData::Expr(Box::new(ConstExpr {
                    op: ExprOp::Cast(op),
                    ty: want,
                    flags: 0,
                    operands: Box::new([c]),
                    source_ty: None,
                    indices: Box::new([]),
                    inrange: None,
                }))))
            }
            _ => Err(format!("a constant of type {} is used as {}", self.ts(have), self.ts(want))),
        }
    }

    /// The element type at `idx` of an aggregate or vector type.
    fn elem_at(&self, agg: TypeId, idx: u64) -> Option<TypeId> {
        match self.m.types.get(agg) {
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => Some(*elem),
            TypeData::Struct(b) => b.fields.get(idx as usize).copied(),
            TypeData::Named(n) => self.m.types.named(*n).body.as_ref()?.fields.get(idx as usize).copied(),
            _ => None,
        }
    }

    fn const_index(&self, c: ConstId) -> Option<u64> {
        match &self.m.consts[c] {
            ConstData::Int { value, .. } => value.as_u64(),
            ConstData::Zero(_) => Some(0),
            _ => None,
        }
    }

    /// What a `getelementptr` from `source` with these indices (after the first) points at.
    fn indexed(&self, source: TypeId, indices: &[Option<u64>]) -> Result<TypeId, String> {
        let mut t = source;
        for &i in indices {
            let is_struct = matches!(self.m.types.get(t), TypeData::Struct(_) | TypeData::Named(_));
            let idx = match i {
                Some(i) => i,
                None if !is_struct => 0,
                None => return Err("a struct index of getelementptr must be a constant".into()),
            };
            t = self.elem_at(t, idx).ok_or_else(|| format!("getelementptr cannot index into {}", self.ts(t)))?;
        }
        Ok(t)
    }

    /// Every constant rewritten into a new table, and every reference outside metadata moved to
    /// it. The old table goes as soon as the new one is made: rewritten forms added to it, then the
    /// live ones copied out while it is held, took 3 times its size (200k globals whose
    /// initializers chain through aggregates: 73 MB added, then 37 MB copied).
    fn constants(&mut self) -> Result<(), PassError> {
        let old = std::mem::take(&mut self.m.consts);
        let n = old.len();
        self.fixed.reserve_exact(n);
        for i in 0..n {
            let c = old[ConstId::from_index(i)].clone();
            let new = self.fix_const(c).map_err(|e| PassError::module(format!("in a constant: {e}")))?;
            self.fixed.push(new);
        }
        drop(old);
        self.md_fixed = std::mem::take(&mut self.fixed);
        crate::ir::remap::renumber_outside_metadata(self.m, self.md_fixed.clone());
        Ok(())
    }

    fn fix_const(&mut self, c: ConstData) -> Result<ConstId, String> {
        let c = match c {
            ConstData::Global { global, .. } => ConstData::Global { ty: self.global_ptr(global)?, global },
            ConstData::DsoLocalEquivalent { global, .. } => {
                ConstData::DsoLocalEquivalent { ty: self.global_ptr(global)?, global }
            }
            ConstData::NoCfi { global, .. } => ConstData::NoCfi { ty: self.global_ptr(global)?, global },
            ConstData::Array { ty, elems } => ConstData::Array { ty, elems: self.fix_elems(ty, &elems)? },
            ConstData::Vector { ty, elems } => ConstData::Vector { ty, elems: self.fix_elems(ty, &elems)? },
            ConstData::Struct { ty, fields } => ConstData::Struct { ty, fields: self.fix_elems(ty, &fields)? },
            ConstData::Expr(e) => return self.fix_expr(e),
            other => other,
        };
        Ok(self.m.constant(c))
    }

    fn fix_elems(&mut self, ty: TypeId, elems: &[ConstId]) -> Result<Box<[ConstId]>, String> {
        let mut out = Vec::with_capacity(elems.len());
        for (i, &e) in elems.iter().enumerate() {
            let want = self.elem_at(ty, i as u64).ok_or("an aggregate constant has more elements than its type")?;
            let e = self.fx(e);
            out.push(self.coerce(e, want)?);
        }
        Ok(out.into())
    }

    fn fix_expr(&mut self, mut e: Box<ConstExpr>) -> Result<ConstId, String> {
        let mut ops: Vec<ConstId> = e.operands.iter().map(|&o| self.fx(o)).collect();
        let ty_of = |cx: &Self, c: ConstId| cx.m.const_ty(c);
        match e.op {
            ExprOp::GetElementPtr => {
                let source = e.source_ty.ok_or("getelementptr without a source type")?;
                let base = *ops.first().ok_or("getelementptr without a base")?;
                let (space, _) =
                    self.ptr(ty_of(self, base)).ok_or("a vector getelementptr has no typed-pointer form here")?;
                let want = self.ptr_to(source, space);
                ops[0] = self.coerce(base, want)?;
                let idx: Vec<Option<u64>> = ops.iter().skip(2).map(|&c| self.const_index(c)).collect();
                let elem = self.indexed(source, &idx)?;
                e.ty = self.ptr_to(elem, space);
            }
            ExprOp::Cast(CastOp::BitCast) if self.ptr(e.ty).is_some() && self.ptr(ty_of(self, ops[0])).is_some() => {
                // A no-op between opaque pointers: the operand, typed as it is.
                return Ok(ops[0]);
            }
            ExprOp::Cast(CastOp::AddrSpaceCast) => {
                if let (Some((_, Some(p))), Some((space, _))) = (self.ptr(ty_of(self, ops[0])), self.ptr(e.ty)) {
                    e.ty = self.ptr_to(p, space);
                }
            }
            ExprOp::ICmp(_) if ops.len() == 2 => {
                let want = ty_of(self, ops[0]);
                ops[1] = self.coerce(ops[1], want)?;
            }
            ExprOp::Select if ops.len() == 3 => {
                ops[1] = self.coerce(ops[1], e.ty)?;
                ops[2] = self.coerce(ops[2], e.ty)?;
            }
            ExprOp::InsertElement if ops.len() == 3 => {
                let want = self.elem_at(e.ty, 0).ok_or("insertelement into a non-vector")?;
                ops[1] = self.coerce(ops[1], want)?;
            }
            ExprOp::InsertValue if ops.len() == 2 => {
                let mut want = e.ty;
                for &i in e.indices.iter() {
                    want = self.elem_at(want, i as u64).ok_or("insertvalue index out of range")?;
                }
                ops[1] = self.coerce(ops[1], want)?;
            }
            _ => {}
        }
        e.operands = ops.into();
        Ok(self.m.constant(ConstData::Expr(e)))
    }

    /// Initializers, aliasees, resolvers, function constants and metadata values.
    fn module_level(&mut self) -> Result<(), PassError> {
        let before = self.m.metadata.unique_all();
        let err = |e: String| PassError::module(e);
        for i in 0..self.m.globals.len() {
            let g = crate::ir::module::GlobalVarId::from_index(i);
            if let Some(init) = self.m.globals[g].init {
                let (init, ty) = (self.fx(init), self.m.globals[g].ty);
                let init = self.coerce(init, ty).map_err(|e| err(format!("@{}: {e}", self.m.globals[g].name)))?;
                self.m.globals[g].init = Some(init);
            }
        }
        for i in 0..self.m.aliases.len() {
            let a = crate::ir::module::AliasId::from_index(i);
            let (ty, space, aliasee) =
                (self.m.aliases[a].ty, self.m.aliases[a].props.addr_space, self.m.aliases[a].aliasee);
            let want = self.ptr_to(ty, space);
            let aliasee = self.fx(aliasee);
            self.m.aliases[a].aliasee = self.coerce(aliasee, want).map_err(err)?;
        }
        for i in 0..self.m.ifuncs.len() {
            let x = crate::ir::module::IFuncId::from_index(i);
            self.m.ifuncs[x].resolver = self.fx(self.m.ifuncs[x].resolver);
        }
        for i in 0..self.m.functions.len() {
            let fid = FuncId::from_index(i);
            let Some(mut rare) = self.m.functions[fid].rare.take() else { continue };
            for tv in [&mut rare.personality, &mut rare.prefix, &mut rare.prologue].into_iter().flatten() {
                if let Value::Const(c) = tv.1 {
                    let c = self.fx(c);
                    tv.1 = Value::Const(self.coerce(c, tv.0).map_err(err)?);
                }
            }
            self.m.functions[fid].rare = Some(rare);
        }
        for i in 0..self.m.metadata.len() {
            let id = MdId::from_index(i);
            if let MdNode::Value(_, Value::Const(c)) = self.m.metadata.get(id) {
                let c = self.md_fixed.get(c.index()).copied().unwrap_or(*c);
                let ty = self.m.const_ty(c);
                self.m.metadata.define(id, MdNode::Value(ty, Value::Const(c)));
            }
        }
        let merged = self.m.metadata.unique_all();
        if crate::ir::Metadata::merges_beyond(&before, &merged) {
            return Err(PassError::module("two metadata nodes became one when their pointers were typed"));
        }
        Ok(())
    }

    fn body(&mut self, fid: FuncId) -> Result<(), PassError> {
        if !self.m.functions[fid].is_definition {
            return Ok(());
        }
        let mut f = self.m.functions[fid].clone();
        let names = super::FreshNames::of(&f);
        let result = Body { cx: self, phi_casts: FxHashMap::default(), pending: Vec::new(), names }.run(&mut f);
        self.m.functions[fid] = f;
        result
    }

    /// Renames intrinsic declarations to LLVM 7's mangling of their (now typed) pointer types.
    fn intrinsic_names(&mut self) -> Result<(), PassError> {
        for i in 0..self.m.functions.len() {
            let fid = FuncId::from_index(i);
            let name = self.m.functions[fid].name.clone();
            if !name.starts_with("llvm.") {
                continue;
            }
            let Some(new) = self.llvm7_name(fid) else { continue };
            if new == *name {
                continue;
            }
            if self.m.symbols.iter().any(|(_, s)| *s.name == *new) {
                return Err(PassError::module(format!("@{name} and @{new} are one intrinsic with typed pointers")));
            }
            let sym = self.m.symbols.iter().find(|(_, s)| *s.name == *name).map(|(id, _)| id);
            if let Some(sym) = sym {
                self.m.symbols[sym].name = new.clone().into();
            }
            self.m.functions[fid].name = new.into();
        }
        Ok(())
    }

    /// The type `llvm.nvvm.ldg.global.*`/`llvm.nvvm.ldu.global.*` loads (its result type), for
    /// those intrinsics.
    fn loaded_pointee(&self, fid: FuncId) -> Option<TypeId> {
        let f = &self.m.functions[fid];
        let rest =
            f.name.strip_prefix("llvm.nvvm.ldg.global.").or_else(|| f.name.strip_prefix("llvm.nvvm.ldu.global."))?;
        if !(rest.starts_with("i.") || rest.starts_with("f.") || rest.starts_with("p.")) {
            return None;
        }
        self.fn_parts(f.ty).map(|(ret, _, _)| ret)
    }

    /// LLVM 7's name for an intrinsic: each opaque pointer's mangling `pN` becomes the typed
    /// pointer's (`pNi8`, or `pNf32` where the parameter points at the overloaded type).
    /// `llvm.nvvm.ldg.global.K.T.pN` names both overloads (`….i.i32.p1i32`, `….p.p0i8.p1p0i8`).
    fn llvm7_name(&self, fid: FuncId) -> Option<String> {
        let f = &self.m.functions[fid];
        // Overloaded on their pointer only after LLVM 7: LLVM 7 names them bare.
        const BARE7: &[&str] = &[
            "llvm.va_start",
            "llvm.va_end",
            "llvm.va_copy",
            "llvm.stacksave",
            "llvm.stackrestore",
            "llvm.prefetch",
            "llvm.frameaddress",
        ];
        if let Some(bare) = BARE7.iter().find(|b| f.name.strip_prefix(**b).is_some_and(|r| r.starts_with('.'))) {
            return Some(bare.to_string());
        }
        let (ret, params, _) = self.fn_parts(f.ty)?;
        if self.loaded_pointee(fid).is_some() {
            let (space, _) = self.ptr(*params.first()?)?;
            let family = f.name.get(..f.name.find(".global.")? + ".global.K".len())?;
            let t = mangle(&self.m.types, ret);
            return Some(format!("{family}.{t}.p{space}{t}"));
        }
        let mut ptr_params = params.iter().filter_map(|&p| self.ptr(p));
        let mut out = String::new();
        for (k, part) in f.name.split('.').enumerate() {
            if k > 0 {
                out.push('.');
            }
            let opaque_mangling =
                part.len() > 1 && part.starts_with('p') && part[1..].bytes().all(|b| b.is_ascii_digit());
            if opaque_mangling && k >= 2 {
                let space: u32 = part[1..].parse().ok()?;
                // The pointer parameters in order; the mangled ones are among them.
                let pointee = loop {
                    match ptr_params.next() {
                        Some((s, Some(p))) if s == space => break p,
                        Some(_) => continue,
                        None => break self.m.types.find(&TypeData::Int(8))?,
                    }
                };
                out.push_str(part);
                out.push_str(&mangle(&self.m.types, pointee));
            } else {
                out.push_str(part);
            }
        }
        Some(out)
    }
}

/// A type as LLVM mangles it in an intrinsic's name (`i8`, `f32`, `v4f32`, `p1f32`, `s_struct.Ts`).
pub fn mangle(types: &Types, t: TypeId) -> String {
    use crate::ir::types::FloatKind;
    match types.get(t) {
        TypeData::Int(n) => format!("i{n}"),
        TypeData::Float(k) => match k {
            FloatKind::Half => "f16".into(),
            FloatKind::BFloat => "bf16".into(),
            FloatKind::Float => "f32".into(),
            FloatKind::Double => "f64".into(),
            other => other.keyword().into(),
        },
        TypeData::Pointer { addr_space, pointee } => match pointee {
            Some(p) => format!("p{addr_space}{}", mangle(types, *p)),
            None => format!("p{addr_space}"),
        },
        TypeData::Vector { len, elem, scalable } => {
            format!("{}v{len}{}", if *scalable { "nx" } else { "" }, mangle(types, *elem))
        }
        TypeData::Array { len, elem } => format!("a{len}{}", mangle(types, *elem)),
        TypeData::Named(n) => format!("s_{}s", types.named(*n).name),
        TypeData::Struct(b) => {
            let mut s = String::from("sl_");
            for f in b.fields.iter() {
                s.push_str(&mangle(types, *f));
            }
            s.push('s');
            s
        }
        TypeData::Function { ret, params, vararg } => {
            let mut s = format!("f_{}", mangle(types, *ret));
            for p in params.iter() {
                s.push_str(&mangle(types, *p));
            }
            if *vararg {
                s.push_str("vararg");
            }
            s.push('f');
            s
        }
        TypeData::Void => "isVoid".into(),
        TypeData::Metadata => "Metadata".into(),
        _ => String::new(),
    }
}

/// One function's body.
struct Body<'a, 'm> {
    cx: &'a mut Cx<'m>,
    /// Casts made for phis, by (incoming block, value, type): one per edge value.
    phi_casts: FxHashMap<(BlockId, Value, TypeId), InstId>,
    /// Phi casts to place at the end of their block.
    pending: Vec<(BlockId, InstId)>,
    /// Names for the casts.
    names: super::FreshNames,
}

impl Body<'_, '_> {
    fn run(mut self, f: &mut Function) -> Result<(), PassError> {
        self.result_types(f)?;
        let layout: Vec<BlockId> = f.layout.to_vec();
        for &b in &layout {
            let insts = std::mem::take(&mut f.blocks[b].insts);
            let mut out = Vec::with_capacity(insts.len());
            for id in insts {
                self.operands(f, id, &mut out).map_err(|e| PassError::at(f, Some(id), e))?;
                out.push(id);
            }
            f.blocks[b].insts = out;
        }
        for (b, cast) in std::mem::take(&mut self.pending) {
            let insts = &mut f.blocks[b].insts;
            let at = insts.len().saturating_sub(1);
            insts.insert(at, cast);
        }
        for i in 0..f.local_md.len() {
            let id = crate::ir::function::LocalMdId::from_index(i);
            let mut l = f.local_md[id].clone();
            match &mut l {
                LocalMd::Value(ty, v) => {
                    *v = self.map(*v);
                    *ty = self.ty_of(f, *v);
                }
                LocalMd::ArgList(args) => {
                    for (ty, v) in args.iter_mut() {
                        *v = self.map(*v);
                        *ty = self.ty_of(f, *v);
                    }
                }
            }
            f.local_md[id] = l;
        }
        let records = std::mem::take(&mut f.debug_records);
        f.debug_records = records
            .into_iter()
            .map(|(i, mut r)| {
                r.operands.iter_mut().for_each(|v| *v = self.map(*v));
                (i, r)
            })
            .collect();
        Ok(())
    }

    /// A constant operand's rewritten form.
    fn map(&self, v: Value) -> Value {
        match v {
            Value::Const(c) => Value::Const(self.cx.fx(c)),
            other => other,
        }
    }

    fn ty_of(&self, f: &Function, v: Value) -> TypeId {
        match v {
            Value::Const(c) => self.cx.m.const_ty(c),
            Value::Arg(i) => f.params[i as usize].ty,
            Value::Inst(i) => f.insts[i].ty,
            _ => self.cx.m.types.find(&TypeData::Metadata).unwrap_or(TypeId::from_index(0)),
        }
    }

    /// Direct callee of a call, when it is a function of the module.
    fn direct_callee(&self, callee: Value) -> Option<FuncId> {
        let Value::Const(c) = callee else { return None };
        match self.cx.m.consts[self.cx.fx(c)] {
            ConstData::Global { global, .. } => match self.cx.m.symbols[global].def {
                Some(GlobalDef::Func(f)) => Some(f),
                _ => None,
            },
            _ => None,
        }
    }

    /// Results whose type the definition fixes: allocas, GEPs, and calls of a function whose type
    /// agrees with the call's but for pointees (the call takes the function's type).
    fn result_types(&mut self, f: &mut Function) -> Result<(), PassError> {
        let cx = &mut *self.cx;
        for (id, inst) in f.body.insts.iter_mut() {
            match &mut inst.kind {
                InstKind::Alloca { ty, .. } => {
                    let space = cx.ptr(inst.ty).map_or(0, |p| p.0);
                    inst.ty = cx.ptr_to(*ty, space);
                }
                InstKind::GetElementPtr { source_ty, operands, .. } => {
                    let Some((space, _)) = operands.first().and_then(|b| cx.ptr(b.0)) else {
                        return Err(PassError {
                            function: Some(f.name.clone()),
                            offset: f.source.insts.get(id.index()).copied(),
                            message: "a getelementptr over a vector of pointers has no typed-pointer form here".into(),
                        });
                    };
                    let idx: Vec<Option<u64>> = operands
                        .iter()
                        .skip(2)
                        .map(|(_, v)| match v {
                            Value::Const(c) => cx.const_index(cx.fx(*c)),
                            _ => None,
                        })
                        .collect();
                    let elem = cx.indexed(*source_ty, &idx).map_err(|e| PassError {
                        function: Some(f.name.clone()),
                        offset: f.source.insts.get(id.index()).copied(),
                        message: e,
                    })?;
                    inst.ty = cx.ptr_to(elem, space);
                }
                _ => {}
            }
        }
        // Calls: a second walk, as it reads the callee's type.
        let ids: Vec<InstId> = f.insts.iter().map(|(id, _)| id).collect();
        for id in ids {
            let callee = match &f.insts[id].kind {
                InstKind::Call { call, .. } | InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } => {
                    call.callee
                }
                _ => continue,
            };
            let target = self.direct_callee(callee);
            let cx = &mut *self.cx;
            let call = match &mut f.insts[id].kind {
                InstKind::Call { call, .. } | InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } => call,
                _ => continue,
            };
            let Some((ret, mut params, vararg)) = cx.fn_parts(call.fn_ty) else { continue };
            for (i, a) in call.args.iter().enumerate() {
                if let (Some(t), Some(p)) = (cx.attr_pointee(a.attrs), params.get(i).copied()) {
                    if let Some((space, _)) = cx.ptr(p) {
                        params[i] = cx.ptr_to(t, space);
                    }
                }
            }
            call.fn_ty = cx.m.types.function(ret, params.clone(), vararg);
            if let Some(t) = target {
                let fty = cx.m.functions[t].ty;
                if let Some((fret, fparams, fvararg)) = cx.fn_parts(fty) {
                    let agree = fvararg == vararg
                        && fparams.len() == params.len()
                        && cx.agree(fret, ret)
                        && fparams.iter().zip(&params).all(|(&a, &b)| cx.agree(a, b));
                    if agree {
                        call.fn_ty = fty;
                        f.insts[id].ty = fret;
                    }
                }
            }
        }
        Ok(())
    }

    /// `v` as a value of type `want`: itself, or a cast placed before the instruction being
    /// rewritten (appended to `out`).
    fn coerce(&mut self, f: &mut Function, v: Value, want: TypeId, out: &mut Vec<InstId>) -> Result<Value, String> {
        let v = self.map(v);
        match v {
            Value::Const(c) => Ok(Value::Const(self.cx.coerce(c, want)?)),
            Value::Arg(_) | Value::Inst(_) => {
                let have = self.ty_of(f, v);
                if have == want {
                    return Ok(v);
                }
                let cast = self.cast(f, v, have, want)?;
                out.push(cast);
                Ok(Value::Inst(cast))
            }
            other => Ok(other),
        }
    }

    fn cast(&mut self, f: &mut Function, v: Value, have: TypeId, want: TypeId) -> Result<InstId, String> {
        let op = match (self.cx.ptr(have), self.cx.ptr(want)) {
            (Some((a, _)), Some((b, _))) if a == b => CastOp::BitCast,
            (Some(_), Some(_)) => CastOp::AddrSpaceCast,
            _ => return Err(format!("a value of type {} is used as {}", self.cx.ts(have), self.cx.ts(want))),
        };
        let name = self.names.fresh("ptrcast");
        Ok(f.push_inst(
            Instruction {
                ty: want,
                kind: InstKind::Cast { op, flags: 0, fmf: Default::default(), from: have, value: v },
                metadata: None,
            },
            name,
        ))
    }

    /// Rewrites instruction `id`'s operands to the types its use needs.
    fn operands(&mut self, f: &mut Function, id: InstId, out: &mut Vec<InstId>) -> Result<(), String> {
        let mut kind = std::mem::replace(&mut f.insts[id].kind, InstKind::Unreachable);
        let ret_ty = self.cx.fn_parts(f.ty).map(|p| p.0);
        let inst_ty = f.insts[id].ty;
        let r = self.operands_of(f, &mut kind, inst_ty, ret_ty, out);
        f.insts[id].kind = kind;
        r
    }

    fn operands_of(
        &mut self,
        f: &mut Function,
        kind: &mut InstKind,
        inst_ty: TypeId,
        ret_ty: Option<TypeId>,
        out: &mut Vec<InstId>,
    ) -> Result<(), String> {
        match kind {
            InstKind::Ret(Some(v)) => *v = self.coerce(f, *v, ret_ty.ok_or("no return type")?, out)?,
            InstKind::Load { ty, ptr_ty, ptr, .. } => {
                let space = self.cx.ptr(*ptr_ty).map_or(0, |p| p.0);
                *ptr_ty = self.cx.ptr_to(*ty, space);
                *ptr = self.coerce(f, *ptr, *ptr_ty, out)?;
            }
            InstKind::Store { ty, value, ptr_ty, ptr, .. } => {
                *value = self.coerce(f, *value, *ty, out)?;
                let space = self.cx.ptr(*ptr_ty).map_or(0, |p| p.0);
                *ptr_ty = self.cx.ptr_to(*ty, space);
                *ptr = self.coerce(f, *ptr, *ptr_ty, out)?;
            }
            InstKind::CmpXchg(x) => {
                let space = self.cx.ptr(x.ptr_ty).map_or(0, |p| p.0);
                x.ptr_ty = self.cx.ptr_to(x.ty, space);
                x.ptr = self.coerce(f, x.ptr, x.ptr_ty, out)?;
                x.cmp = self.coerce(f, x.cmp, x.ty, out)?;
                x.new = self.coerce(f, x.new, x.ty, out)?;
            }
            InstKind::AtomicRmw { ptr_ty, ptr, ty, value, .. } => {
                let space = self.cx.ptr(*ptr_ty).map_or(0, |p| p.0);
                *ptr_ty = self.cx.ptr_to(*ty, space);
                *ptr = self.coerce(f, *ptr, *ptr_ty, out)?;
                *value = self.coerce(f, *value, *ty, out)?;
            }
            InstKind::GetElementPtr { source_ty, operands, .. } => {
                let space = self.cx.ptr(operands[0].0).map_or(0, |p| p.0);
                let want = self.cx.ptr_to(*source_ty, space);
                operands[0] = (want, self.coerce(f, operands[0].1, want, out)?);
                for o in operands.iter_mut().skip(1) {
                    o.1 = self.map(o.1);
                }
            }
            InstKind::Cast { op, from, value, .. } => {
                *value = self.map(*value);
                *from = self.ty_of(f, *value);
                if *op == CastOp::BitCast && self.cx.ptr(*from).is_some() {
                    // Between pointers of one address space: the result's type (i8*) from any.
                } else if *op == CastOp::AddrSpaceCast && self.cx.ptr(*from).is_none() {
                    return Err("addrspacecast of a vector of pointers has no typed-pointer form here".into());
                }
            }
            InstKind::ICmp { ty, lhs, rhs, .. } => {
                *lhs = self.map(*lhs);
                let want = self.ty_of(f, *lhs);
                *rhs = self.coerce(f, *rhs, want, out)?;
                *ty = want;
            }
            InstKind::Select { cond, then_v, else_v, .. } => {
                *cond = self.map(*cond);
                *then_v = self.coerce(f, *then_v, inst_ty, out)?;
                *else_v = self.coerce(f, *else_v, inst_ty, out)?;
            }
            InstKind::Phi { incoming, .. } => {
                for (v, b) in incoming.iter_mut() {
                    *v = self.phi_incoming(f, *v, *b, inst_ty)?;
                }
            }
            InstKind::Call { call, .. } | InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } => {
                let (_, params, _) = self.cx.fn_parts(call.fn_ty).ok_or("a call's type is not a function type")?;
                if !matches!(call.callee, Value::Asm(_)) {
                    let space = call.addr_space.unwrap_or(0);
                    let want = self.cx.ptr_to(call.fn_ty, space);
                    call.callee = self.coerce(f, call.callee, want, out)?;
                }
                for (i, a) in call.args.iter_mut().enumerate() {
                    match params.get(i) {
                        Some(&p) => {
                            a.value = self.coerce(f, a.value, p, out)?;
                            a.ty = p;
                        }
                        None => {
                            a.value = self.map(a.value);
                            a.ty = self.ty_of(f, a.value);
                        }
                    }
                }
                for b in call.bundles.iter_mut() {
                    for (t, v) in b.inputs.iter_mut() {
                        *v = self.map(*v);
                        *t = self.ty_of(f, *v);
                    }
                }
            }
            InstKind::InsertValue(boxed) => {
                let crate::ir::instruction::InsertValue { agg, elt_ty, elt, .. } = &mut **boxed;
                *agg = self.map(*agg);
                *elt = self.coerce(f, *elt, *elt_ty, out)?;
            }
            InstKind::InsertElement(boxed) => {
                let crate::ir::instruction::InsertElement { vec, elt_ty, elt, idx, .. } = &mut **boxed;
                *vec = self.map(*vec);
                *idx = self.map(*idx);
                *elt = self.coerce(f, *elt, *elt_ty, out)?;
            }
            InstKind::VaArg { list_ty, list } => *list = self.coerce(f, *list, *list_ty, out)?,
            InstKind::IndirectBr { ty, addr, .. } => *addr = self.coerce(f, *addr, *ty, out)?,
            InstKind::Freeze(v) => *v = self.coerce(f, *v, inst_ty, out)?,
            InstKind::Alloca { count, .. } => {
                if let Some((_, v)) = count {
                    *v = self.map(*v);
                }
            }
            InstKind::Switch { cond, cases, .. } => {
                *cond = self.map(*cond);
                for (c, _) in cases.iter_mut() {
                    *c = self.cx.fx(*c);
                }
            }
            other => map_plain_operands(other, |v| self.map(v)),
        }
        Ok(())
    }

    fn phi_incoming(&mut self, f: &mut Function, v: Value, from: BlockId, want: TypeId) -> Result<Value, String> {
        let v = self.map(v);
        if let Value::Const(c) = v {
            return Ok(Value::Const(self.cx.coerce(c, want)?));
        }
        let have = self.ty_of(f, v);
        if have == want || !matches!(v, Value::Arg(_) | Value::Inst(_)) {
            return Ok(v);
        }
        if let Some(&cast) = self.phi_casts.get(&(from, v, want)) {
            return Ok(Value::Inst(cast));
        }
        let cast = self.cast(f, v, have, want)?;
        self.phi_casts.insert((from, v, want), cast);
        self.pending.push((from, cast));
        Ok(Value::Inst(cast))
    }
}

/// Maps the value operands of instructions that have no pointer rule.
fn map_plain_operands(k: &mut InstKind, mut m: impl FnMut(Value) -> Value) {
    let mut v = |x: &mut Value| *x = m(*x);
    match k {
        InstKind::CondBr { cond, .. } => v(cond),
        InstKind::Resume(_, x) | InstKind::FNeg { op: x, .. } => v(x),
        InstKind::CleanupRet { pad, .. } | InstKind::CatchRet { pad, .. } => v(pad),
        InstKind::CatchSwitch { parent, .. } => v(parent),
        InstKind::Binary { lhs, rhs, .. } | InstKind::FCmp { lhs, rhs, .. } => {
            v(lhs);
            v(rhs);
        }
        InstKind::ExtractElement { vec, idx, .. } => {
            v(vec);
            v(idx);
        }
        InstKind::ShuffleVector(boxed) => {
            let crate::ir::instruction::ShuffleVector { a, b, mask, .. } = &mut **boxed;
            v(a);
            v(b);
            v(mask);
        }
        InstKind::ExtractValue { agg, .. } => v(agg),
        InstKind::LandingPad { clauses, .. } => clauses.iter_mut().for_each(|(_, _, x)| v(x)),
        InstKind::CatchPad { parent, args } | InstKind::CleanupPad { parent, args } => {
            v(parent);
            args.iter_mut().for_each(|(_, x)| v(x));
        }
        _ => {}
    }
}
