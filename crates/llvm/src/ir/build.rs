//! Building IR: [`Builder`] adds types, constants, globals, functions and NVVM metadata to a
//! [`Module`] under one symbol registry (the module's own), and [`FunctionBuilder`] appends blocks
//! and typed instructions to a function, computing each result's type as LLVM does.
//!
//! The builder checks names (a global name is defined once) and computes types; it does not
//! refuse an ill-typed operand — [`super::validate`] says what is wrong with a module, whoever
//! made it, and the printer and the verifier run it first.
//!
//! ```
//! use nvir_llvm::ir::build::Builder;
//! use nvir_llvm::ir::Dialect;
//!
//! let mut m = nvir_llvm::Module::new();
//! let mut b = Builder::new(&mut m, Dialect::OpaquePointers);
//! let i32t = b.int(32);
//! let fty = b.function_type(i32t, &[i32t, i32t], false);
//! let f = b.define("add", fty, &["a", "b"]).unwrap();
//! let mut fb = b.body(f);
//! let entry = fb.block("entry");
//! fb.switch_to(entry);
//! let (x, y) = (fb.param(0), fb.param(1));
//! let s = fb.add(x, y, "s");
//! fb.ret(Some(s));
//! nvir_llvm::ir::validate(&m).unwrap();
//! let text = nvir_llvm::print(&m, nvir_llvm::Syntax::Faithful).unwrap().text;
//! assert!(text.contains("%s = add i32 %a, %b"), "{text}");
//! ```

use super::attrs::AttrSetId;
use super::constant::{ApInt, ConstData, ConstId};
use super::function::{Block, BlockId, Function, Param};
use super::instruction::{
    flags, Align, BinOp, CallSite, CastOp, FastMath, FloatPredicate, InstId, InstKind, Instruction, IntPredicate,
    TailKind,
};
use super::metadata::{MdId, MdNode, NamedMd};
use super::module::{FuncId, GlobalDef, GlobalProps, GlobalVar, GlobalVarId, Linkage, Module, Symbol, SymbolId};
use super::types::{Dialect, FloatKind, StructBody, TypeData, TypeId};
use super::value::{Name, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// Why the builder refused a request.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// The global name is taken.
    #[error("@{0} is already defined")]
    Redefined(String),
    /// A function type was expected.
    #[error("{0} is not a function type")]
    NotAFunctionType(String),
    /// The parameter names do not match the type.
    #[error("{names} parameter names for a function of {params} parameters")]
    ParamCount {
        /// Names given.
        names: usize,
        /// Parameters in the type.
        params: usize,
    },
}

/// Adds to a module. Pointer types are made in the builder's dialect: typed pointers
/// (`i32 addrspace(3)*`, LLVM 7, libNVVM below compute_100) or opaque ones (`ptr addrspace(3)`).
pub struct Builder<'m> {
    m: &'m mut Module,
    /// Global names, indexed once from the module's registry ([`Module::symbols`]).
    names: FxHashMap<Box<str>, SymbolId>,
    typed: bool,
}

impl<'m> Builder<'m> {
    /// A builder adding to `m` (which may hold anything already), making pointers in `dialect`
    /// (`Undetermined` means opaque).
    pub fn new(m: &'m mut Module, dialect: Dialect) -> Self {
        let names = m.symbols.iter().map(|(id, s)| (Box::from(&*s.name), id)).collect();
        m.no_attrs();
        Builder { m, names, typed: dialect == Dialect::TypedPointers }
    }

    /// The module.
    pub fn module(&mut self) -> &mut Module {
        self.m
    }

    // ---- types ----

    /// `void`.
    pub fn void(&mut self) -> TypeId {
        self.m.types.void()
    }
    /// `iN`.
    pub fn int(&mut self, bits: u32) -> TypeId {
        self.m.types.int(bits)
    }
    /// A floating-point type.
    pub fn float(&mut self, kind: FloatKind) -> TypeId {
        self.m.types.float(kind)
    }
    /// A pointer to `pointee` in `addr_space` (the pointee is dropped for opaque pointers).
    pub fn ptr(&mut self, pointee: TypeId, addr_space: u32) -> TypeId {
        if self.typed {
            self.m.types.typed_ptr(pointee, addr_space)
        } else {
            self.m.types.opaque_ptr(addr_space)
        }
    }
    /// `[len x elem]`.
    pub fn array(&mut self, len: u64, elem: TypeId) -> TypeId {
        self.m.types.intern(TypeData::Array { len, elem })
    }
    /// `<len x elem>`.
    pub fn vector(&mut self, len: u32, elem: TypeId) -> TypeId {
        self.m.types.intern(TypeData::Vector { len, elem, scalable: false })
    }
    /// A literal struct `{ … }`.
    pub fn struct_type(&mut self, fields: &[TypeId], packed: bool) -> TypeId {
        self.m.types.intern(TypeData::Struct(StructBody { fields: fields.into(), packed }))
    }
    /// A function type.
    pub fn function_type(&mut self, ret: TypeId, params: &[TypeId], vararg: bool) -> TypeId {
        self.m.types.function_of(ret, params, vararg)
    }

    // ---- constants ----

    /// An integer of type `ty` (`iN`), from its value's low bits.
    pub fn const_int(&mut self, ty: TypeId, value: i128) -> ConstId {
        let width = self.m.types.int_width(ty).unwrap_or(64);
        self.m.constant(ConstData::Int { ty, value: ApInt::from_i128(value, width) })
    }
    /// A `float` or `double` (other kinds take their bits with [`ConstData::Float`]).
    pub fn const_f64(&mut self, ty: TypeId, value: f64) -> ConstId {
        let bits = match self.m.types.get(ty) {
            TypeData::Float(FloatKind::Float) => u128::from((value as f32).to_bits()),
            _ => u128::from(value.to_bits()),
        };
        self.m.constant(ConstData::Float { ty, bits: bits.into() })
    }
    /// `undef`.
    pub fn undef(&mut self, ty: TypeId) -> ConstId {
        self.m.constant(ConstData::Undef(ty))
    }
    /// The zero of `ty` as LLVM holds it (its `getNullValue`): `0` of an integer, `0.0` of a
    /// floating-point type, `null` of a pointer, `zeroinitializer` of anything else. (LLVM
    /// reads `i32 zeroinitializer` as `i32 0`; a zero made here is the same after any round
    /// trip, through text or bitcode.)
    pub fn zero(&mut self, ty: TypeId) -> ConstId {
        let c = match self.m.types.get(ty) {
            TypeData::Int(width) => ConstData::Int { ty, value: ApInt::from_i128(0, *width) },
            TypeData::Float(_) => ConstData::Float { ty, bits: 0u128.into() },
            TypeData::Pointer { .. } => ConstData::Null(ty),
            _ => ConstData::Zero(ty),
        };
        self.m.constant(c)
    }
    /// `null`.
    pub fn null(&mut self, ty: TypeId) -> ConstId {
        self.m.constant(ConstData::Null(ty))
    }
    /// The address of a global variable or function (a pointer in its address space).
    pub fn address_of(&mut self, symbol: SymbolId) -> ConstId {
        let (value_ty, space) = match self.m.symbols[symbol].def {
            Some(GlobalDef::Var(g)) => (self.m.globals[g].ty, self.m.globals[g].props.addr_space),
            Some(GlobalDef::Func(f)) => (self.m.functions[f].ty, self.m.functions[f].props.addr_space),
            _ => (self.m.types.int(8), 0),
        };
        let ty = self.ptr(value_ty, space);
        self.m.constant(ConstData::Global { ty, global: symbol })
    }

    // ---- globals and functions ----

    /// The symbol named `name`, if defined.
    pub fn symbol(&self, name: &str) -> Option<SymbolId> {
        self.names.get(name).copied()
    }

    fn claim(&mut self, name: &str, def: GlobalDef) -> Result<SymbolId, BuildError> {
        if self.names.contains_key(name) {
            return Err(BuildError::Redefined(name.to_string()));
        }
        let id = self.m.symbols.push(Symbol { name: name.into(), def: Some(def) });
        self.names.insert(name.into(), id);
        Ok(id)
    }

    /// A global variable of type `ty` in `addr_space`, with an initializer or none (a
    /// declaration). Its symbol is [`Builder::symbol`]`(name)`.
    pub fn global(
        &mut self,
        name: &str,
        ty: TypeId,
        addr_space: u32,
        init: Option<ConstId>,
    ) -> Result<GlobalVarId, BuildError> {
        if self.names.contains_key(name) {
            return Err(BuildError::Redefined(name.to_string()));
        }
        let attrs = self.m.no_attrs();
        let props = GlobalProps { addr_space, explicit_addr_space: addr_space != 0, ..GlobalProps::default() };
        let g = self.m.globals.push(GlobalVar {
            name: name.into(),
            props,
            externally_initialized: false,
            is_constant: false,
            ty,
            init,
            attrs,
            sanitizer: 0,
            source: None,
        });
        let sym = self.claim(name, GlobalDef::Var(g))?;
        // One allocation for both names.
        self.m.globals[g].name = self.m.symbols[sym].name.clone();
        Ok(g)
    }

    /// Sets a global's linkage.
    pub fn set_linkage(&mut self, symbol: SymbolId, linkage: Linkage) {
        match self.m.symbols[symbol].def {
            Some(GlobalDef::Var(g)) => self.m.globals[g].props.linkage = linkage,
            Some(GlobalDef::Func(f)) => self.m.functions[f].props.linkage = linkage,
            _ => {}
        }
    }

    fn function(&mut self, name: &str, ty: TypeId, names: Option<&[&str]>) -> Result<FuncId, BuildError> {
        if self.names.contains_key(name) {
            return Err(BuildError::Redefined(name.to_string()));
        }
        let TypeData::Function { params, .. } = self.m.types.get(ty) else {
            return Err(BuildError::NotAFunctionType(self.m.types.to_string(ty)));
        };
        let params: Vec<TypeId> = params.to_vec();
        if let Some(n) = names {
            if n.len() != params.len() {
                return Err(BuildError::ParamCount { names: n.len(), params: params.len() });
            }
        }
        let attrs = self.m.no_attrs();
        let mut seen = FxHashSet::default();
        let params = params
            .iter()
            .enumerate()
            .map(|(i, &ty)| {
                // A parameter name given twice keeps its first use only.
                let name = names.map_or(Name::NONE, |n| if seen.insert(n[i]) { name_of(n[i]) } else { Name::NONE });
                Param { ty, name, attrs }
            })
            .collect();
        let f = self
            .m
            .functions
            .push(Function { is_definition: names.is_some(), ..Function::declaration(name.into(), ty, params, attrs) });
        self.claim(name, GlobalDef::Func(f))?;
        Ok(f)
    }

    /// Declares a function of type `ty`.
    pub fn declare(&mut self, name: &str, ty: TypeId) -> Result<FuncId, BuildError> {
        self.function(name, ty, None)
    }

    /// Defines a function of type `ty` with named parameters (`""`: numbered); its body is
    /// built with [`Builder::body`].
    pub fn define(&mut self, name: &str, ty: TypeId, params: &[&str]) -> Result<FuncId, BuildError> {
        self.function(name, ty, Some(params))
    }

    /// The declaration of intrinsic `name` with type `ty`, added if the module lacks it.
    pub fn intrinsic(&mut self, name: &str, ty: TypeId) -> Result<FuncId, BuildError> {
        match self.symbol(name).and_then(|s| self.m.symbols[s].def) {
            Some(GlobalDef::Func(f)) => Ok(f),
            Some(_) => Err(BuildError::Redefined(name.to_string())),
            None => self.declare(name, ty),
        }
    }

    /// Builds the body of function `f`.
    pub fn body(&mut self, f: FuncId) -> FunctionBuilder<'_, 'm> {
        let func = &mut self.m.functions[f];
        func.is_definition = true;
        let mut names = FxHashSet::default();
        names.extend(func.params.iter().filter_map(|p| p.name.as_str()).map(Box::from));
        names.extend(func.blocks.iter().filter_map(|(_, b)| b.name.as_str()).map(Box::from));
        names.extend(func.insts.iter().filter_map(|(i, _)| func.inst_name(i).as_str()).map(Box::from));
        FunctionBuilder { b: self, f, at: None, names }
    }

    // ---- NVVM metadata ----

    /// Metadata for a constant: `T c`.
    pub(crate) fn md_const(&mut self, c: ConstId) -> MdId {
        let ty = self.m.const_ty(c);
        self.m.metadata.intern(MdNode::Value(ty, Value::Const(c)))
    }

    /// Adds `!{<f or global>, !"key", i32 value}` to `!nvvm.annotations`.
    pub fn annotate(&mut self, symbol: SymbolId, key: &str, value: i32) {
        let addr = self.address_of(symbol);
        let addr = self.md_const(addr);
        let key = self.m.metadata.intern(MdNode::String(key.as_bytes().into()));
        let i32t = self.int(32);
        let v = self.const_int(i32t, i128::from(value));
        let v = self.md_const(v);
        let node =
            self.m.metadata.intern(MdNode::Tuple { distinct: None, ops: Box::new([Some(addr), Some(key), Some(v)]) });
        self.named_md("nvvm.annotations", node);
    }

    /// Marks function `f` a kernel (`!"kernel", i32 1` in `!nvvm.annotations`).
    pub fn kernel(&mut self, f: FuncId) {
        let name = self.m.functions[f].name.clone();
        if let Some(s) = self.symbol(&name) {
            self.annotate(s, "kernel", 1);
        }
    }

    /// Sets `!nvvmir.version = !{!{i32 major, i32 minor}}` (2.0 for libNVVM 13).
    pub fn nvvmir_version(&mut self, major: i32, minor: i32) {
        let i32t = self.int(32);
        let (a, b) = (self.const_int(i32t, major.into()), self.const_int(i32t, minor.into()));
        let (a, b) = (self.md_const(a), self.md_const(b));
        let node = self.m.metadata.intern(MdNode::Tuple { distinct: None, ops: Box::new([Some(a), Some(b)]) });
        self.m.metadata.named.retain(|n| &*n.name != "nvvmir.version");
        self.named_md("nvvmir.version", node);
    }

    fn named_md(&mut self, name: &str, node: MdId) {
        match self.m.metadata.named.iter_mut().find(|n| &*n.name == name) {
            Some(n) => n.nodes.push(node),
            None => self.m.metadata.named.push(NamedMd { name: name.into(), nodes: vec![node] }),
        }
    }

    /// Sets the target triple and the data layout libNVVM's compiler takes for 64-bit NVPTX on
    /// both of its paths (compute_100+ takes no other).
    pub fn nvptx64(&mut self) {
        self.m.triple = Some((*b"nvptx64-nvidia-cuda").into());
        self.m.data_layout = Some(NVPTX64_LAYOUT.as_bytes().into());
    }
}

/// libNVVM's own data layout for 64-bit NVPTX.
pub const NVPTX64_LAYOUT: &str = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64";

fn name_of(s: &str) -> Name {
    if s.is_empty() {
        Name::NONE
    } else {
        Name::new(s)
    }
}

/// Appends blocks and instructions to one function. Value-producing methods take the result's
/// name last (`""` for a numbered value) and return the value.
pub struct FunctionBuilder<'a, 'm> {
    b: &'a mut Builder<'m>,
    f: FuncId,
    at: Option<BlockId>,
    /// The function's names so far: a name asked for twice gets a number (`x`, `x1`, …), as
    /// LLVM's symbol tables do.
    names: FxHashSet<Box<str>>,
}

impl<'m> FunctionBuilder<'_, 'm> {
    fn func(&mut self) -> &mut Function {
        &mut self.b.m.functions[self.f]
    }

    /// `name`, or `name` with a number if the function has it already.
    fn fresh(&mut self, name: &str) -> Name {
        if name.is_empty() {
            return Name::NONE;
        }
        let mut unique = name.to_string();
        let mut n = 0u64;
        while self.names.contains(unique.as_str()) {
            n += 1;
            unique = format!("{name}{n}");
        }
        let out = Name::new(&unique);
        self.names.insert(unique.into());
        out
    }

    /// The module builder (for types and constants while building a body).
    pub fn builder(&mut self) -> &mut Builder<'m> {
        self.b
    }

    /// A new block, placed after the others (the first is the entry).
    pub fn block(&mut self, name: &str) -> BlockId {
        let name = self.fresh(name);
        let f = self.func();
        let b = f.blocks.push(Block { name, insts: Vec::new() });
        f.layout.push(b);
        b
    }

    /// Appends the next instructions to block `b`.
    pub fn switch_to(&mut self, b: BlockId) {
        self.at = Some(b);
    }

    /// The current block.
    pub fn current_block(&self) -> Option<BlockId> {
        self.at
    }

    /// Parameter `i`.
    pub fn param(&self, i: u32) -> Value {
        Value::Arg(i)
    }

    /// A constant as an operand.
    pub fn constant(&self, c: ConstId) -> Value {
        Value::Const(c)
    }

    /// The type of a value in this function (`void` for one that has none).
    pub fn type_of(&mut self, v: Value) -> TypeId {
        let m = &*self.b.m;
        match m.type_of(&m.functions[self.f], v) {
            Some(t) => t,
            None => self.b.m.types.intern(TypeData::Metadata),
        }
    }

    /// Appends an instruction of result type `ty` to the current block.
    ///
    /// # Panics
    /// If no block was chosen with [`FunctionBuilder::switch_to`].
    pub fn push(&mut self, ty: TypeId, kind: InstKind, name: &str) -> Value {
        let at = self.at.expect("switch_to a block before adding instructions");
        let name = self.fresh(name);
        let f = self.func();
        let id: InstId = f.push_inst(Instruction { ty, kind, metadata: None }, name);
        f.blocks[at].insts.push(id);
        Value::Inst(id)
    }

    fn void(&mut self) -> TypeId {
        self.b.m.types.void()
    }

    /// A binary operator; the result has the left operand's type.
    pub fn binary(&mut self, op: BinOp, lhs: Value, rhs: Value, name: &str) -> Value {
        let ty = self.type_of(lhs);
        self.push(ty, InstKind::Binary { op, flags: 0, fmf: FastMath::default(), lhs, rhs }, name)
    }
    /// `add`.
    pub fn add(&mut self, lhs: Value, rhs: Value, name: &str) -> Value {
        self.binary(BinOp::Add, lhs, rhs, name)
    }
    /// `add nsw`.
    pub fn add_nsw(&mut self, lhs: Value, rhs: Value, name: &str) -> Value {
        let ty = self.type_of(lhs);
        self.push(ty, InstKind::Binary { op: BinOp::Add, flags: flags::NSW, fmf: FastMath::default(), lhs, rhs }, name)
    }
    /// `mul`.
    pub fn mul(&mut self, lhs: Value, rhs: Value, name: &str) -> Value {
        self.binary(BinOp::Mul, lhs, rhs, name)
    }
    /// `fadd`.
    pub fn fadd(&mut self, lhs: Value, rhs: Value, name: &str) -> Value {
        self.binary(BinOp::FAdd, lhs, rhs, name)
    }
    /// `fmul`.
    pub fn fmul(&mut self, lhs: Value, rhs: Value, name: &str) -> Value {
        self.binary(BinOp::FMul, lhs, rhs, name)
    }

    /// `icmp pred`; the result is `i1` (or a vector of as many).
    pub fn icmp(&mut self, pred: IntPredicate, lhs: Value, rhs: Value, name: &str) -> Value {
        let ty = self.type_of(lhs);
        let res = self.bool_like(ty);
        self.push(res, InstKind::ICmp { pred, flags: 0, ty, lhs, rhs }, name)
    }

    /// `fcmp pred`.
    pub fn fcmp(&mut self, pred: FloatPredicate, lhs: Value, rhs: Value, name: &str) -> Value {
        let ty = self.type_of(lhs);
        let res = self.bool_like(ty);
        self.push(res, InstKind::FCmp { pred, fmf: FastMath::default(), ty, lhs, rhs }, name)
    }

    fn bool_like(&mut self, ty: TypeId) -> TypeId {
        let i1 = self.b.m.types.int(1);
        match *self.b.m.types.get(ty) {
            TypeData::Vector { len, scalable, .. } => {
                self.b.m.types.intern(TypeData::Vector { len, elem: i1, scalable })
            }
            _ => i1,
        }
    }

    /// A cast of `value` to `to`.
    pub fn cast(&mut self, op: CastOp, value: Value, to: TypeId, name: &str) -> Value {
        let from = self.type_of(value);
        self.push(to, InstKind::Cast { op, flags: 0, fmf: FastMath::default(), from, value }, name)
    }

    /// `select`.
    pub fn select(&mut self, cond: Value, then_v: Value, else_v: Value, name: &str) -> Value {
        let (cond_ty, ty) = (self.type_of(cond), self.type_of(then_v));
        self.push(ty, InstKind::Select { fmf: FastMath::default(), cond_ty, cond, then_v, else_v }, name)
    }

    /// `phi ty [v, b], …`.
    pub fn phi(&mut self, ty: TypeId, incoming: &[(Value, BlockId)], name: &str) -> Value {
        self.push(ty, InstKind::Phi { fmf: FastMath::default(), incoming: incoming.to_vec() }, name)
    }

    /// Adds an incoming value to a phi made by [`FunctionBuilder::phi`] (a loop's back edge is
    /// known only once its body is built). Does nothing if `phi` is not a phi of this function.
    pub fn add_incoming(&mut self, phi: Value, value: Value, from: BlockId) {
        let Value::Inst(id) = phi else { return };
        if let Some(InstKind::Phi { incoming, .. }) = self.func().insts.get_mut(id).map(|i| &mut i.kind) {
            incoming.push((value, from));
        }
    }

    /// `alloca ty` in the default address space, or in `addr_space` written out (5 is NVPTX's
    /// local space).
    pub fn alloca(&mut self, ty: TypeId, addr_space: Option<u32>, name: &str) -> Value {
        let ptr = self.ptr_to(ty, addr_space.unwrap_or(0));
        let kind = InstKind::Alloca { ty, count: None, align: None, addr_space, inalloca: false, swifterror: false };
        self.push(ptr, kind, name)
    }

    /// A pointer to `pointee` in the builder's dialect.
    fn ptr_to(&mut self, pointee: TypeId, addr_space: u32) -> TypeId {
        self.b.ptr(pointee, addr_space)
    }

    /// `load ty, ptr` with an alignment in bytes (0: none written).
    pub fn load(&mut self, ty: TypeId, ptr: Value, align: u64, name: &str) -> Value {
        let ptr_ty = self.type_of(ptr);
        let kind = InstKind::Load { ty, ptr_ty, ptr, align: Align::new(align), volatile: false, atomic: None };
        self.push(ty, kind, name)
    }

    /// `store value, ptr` with an alignment in bytes (0: none written).
    pub fn store(&mut self, value: Value, ptr: Value, align: u64) {
        let (ty, ptr_ty) = (self.type_of(value), self.type_of(ptr));
        let void = self.void();
        let kind = InstKind::Store { ty, value, ptr_ty, ptr, align: Align::new(align), volatile: false, atomic: None };
        self.push(void, kind, "");
    }

    /// `getelementptr [inbounds] source, base, indices…`; the result points at what the indices
    /// select (struct indices must be constants).
    pub fn gep(&mut self, source: TypeId, base: Value, indices: &[Value], inbounds: bool, name: &str) -> Value {
        let base_ty = self.type_of(base);
        let mut operands = vec![(base_ty, base)];
        let mut ty = source;
        for (k, &i) in indices.iter().enumerate() {
            operands.push((self.type_of(i), i));
            if k == 0 {
                continue;
            }
            ty = match self.b.m.types.get(ty) {
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
                TypeData::Struct(b) => field(&b.fields, self.index_of(i)).unwrap_or(ty),
                TypeData::Named(n) => {
                    let n = *n;
                    let idx = self.index_of(i);
                    self.b.m.types.named(n).body.as_ref().and_then(|b| field(&b.fields, idx)).unwrap_or(ty)
                }
                _ => ty,
            };
        }
        let space = match self.b.m.types.get(base_ty) {
            TypeData::Pointer { addr_space, .. } => *addr_space,
            _ => 0,
        };
        let result = match self.b.m.types.get(base_ty) {
            TypeData::Pointer { pointee: Some(_), .. } => self.b.m.types.typed_ptr(ty, space),
            _ => self.b.m.types.opaque_ptr(space),
        };
        let flags = if inbounds { flags::INBOUNDS } else { 0 };
        self.push(result, InstKind::GetElementPtr { source_ty: source, flags, operands }, name)
    }

    fn index_of(&self, v: Value) -> Option<u64> {
        match v {
            Value::Const(c) => match &self.b.m.consts[c] {
                ConstData::Int { value, .. } => value.as_u64(),
                ConstData::Zero(_) => Some(0),
                _ => None,
            },
            _ => None,
        }
    }

    /// A call of function `callee` (its declared type) with `args`.
    pub fn call(&mut self, callee: FuncId, args: &[Value], name: &str) -> Value {
        let (fn_ty, fname) = (self.b.m.functions[callee].ty, self.b.m.functions[callee].name.clone());
        let ret = match self.b.m.types.get(fn_ty) {
            TypeData::Function { ret, .. } => *ret,
            _ => fn_ty,
        };
        let callee_v = match self.b.symbol(&fname) {
            Some(s) => {
                let space = self.b.m.functions[callee].props.addr_space;
                let ty = self.ptr_to(fn_ty, space);
                Value::Const(self.b.m.constant(ConstData::Global { ty, global: s }))
            }
            // A function no symbol names: the operand is left dangling for the validator to report.
            None => Value::Arg(u32::MAX),
        };
        let no_attrs: AttrSetId = self.b.m.no_attrs();
        let call = CallSite::direct(fn_ty, callee_v, args.iter().map(|&a| (self.type_of(a), a)), no_attrs);
        let name = if matches!(self.b.m.types.get(ret), TypeData::Void) { "" } else { name };
        self.push(ret, InstKind::Call { tail: TailKind::None, call: Box::new(call) }, name)
    }

    /// `br label %b`.
    pub fn br(&mut self, b: BlockId) {
        let void = self.void();
        self.push(void, InstKind::Br(b), "");
    }

    /// `br i1 cond, label %t, label %e`.
    pub fn cond_br(&mut self, cond: Value, then_bb: BlockId, else_bb: BlockId) {
        let void = self.void();
        self.push(void, InstKind::CondBr { cond, then_bb, else_bb }, "");
    }

    /// `ret` (void when `None`).
    pub fn ret(&mut self, value: Option<Value>) {
        let void = self.void();
        self.push(void, InstKind::Ret(value), "");
    }
}

fn field(fields: &[TypeId], i: Option<u64>) -> Option<TypeId> {
    fields.get(usize::try_from(i?).ok()?).copied()
}
