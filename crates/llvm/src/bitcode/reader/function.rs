//! Function bodies: relative value ids, forward references (patched once the body is read),
//! every instruction record of LLVM 3.8 through 19, names and attachments.

use super::constants::{predicate, sign_rotated};
use super::{Reader, Result};
use crate::bitcode::bitstream::Entry;
use crate::bitcode::codes::{self, block};
use crate::ir::attrs::AttrSetId;
use crate::ir::function::{Block, BlockId, LocalMd};
use crate::ir::instruction::{
    flags, Align, Atomic, Bundle, CallArg, CallSite, CmpXchg, FastMath, InsertElement, InsertValue, InstId, InstKind,
    Instruction, ShuffleVector, TailKind,
};
use crate::ir::module::FuncId;
use crate::ir::types::{TypeData, TypeId};
use crate::ir::value::{Name, Value};
use rustc_hash::FxHashMap;
use thin_vec::ThinVec;

/// Forward references are held as `Value::Arg(FORWARD | slot)` until the body is read.
const FORWARD: u32 = 1 << 31;

/// What a body needs while it is read.
pub(super) struct Body {
    /// Local values (arguments, constants, results), after the module's.
    pub(super) vals: Vec<(Value, TypeId)>,
    /// Types of forward references by slot.
    fwd: FxHashMap<u32, TypeId>,
    blocks: Vec<BlockId>,
    cur: usize,
    /// Every instruction in order (attachments count them so).
    insts: Vec<InstId>,
    bundles: Vec<Bundle>,
    /// Function-local metadata ids (after the module's) that are values.
    pub(super) local_md: FxHashMap<usize, Value>,
    /// `void`, looked up once per body rather than per instruction.
    void: TypeId,
    /// The last `!dbg` location, for `DEBUG_LOC_AGAIN`.
    last_loc: Option<crate::ir::metadata::MdId>,
    /// The current block's instructions, moved to the block at its terminator.
    block_insts: Vec<InstId>,
    /// An instruction arena with the capacity earlier bodies grew: a body is read into it and
    /// moved to an arena of its exact size at the end.
    spare_insts: crate::ir::Arena<Instruction>,
}

impl Body {
    pub(super) fn new(void: TypeId) -> Self {
        Body {
            vals: Vec::new(),
            fwd: FxHashMap::default(),
            blocks: Vec::new(),
            cur: 0,
            insts: Vec::new(),
            bundles: Vec::new(),
            local_md: FxHashMap::default(),
            void,
            last_loc: None,
            block_insts: Vec::new(),
            spare_insts: Default::default(),
        }
    }

    /// Ready for the next body, keeping what was allocated.
    fn reset(&mut self, void: TypeId) {
        self.vals.clear();
        self.fwd.clear();
        self.blocks.clear();
        self.cur = 0;
        self.insts.clear();
        self.bundles.clear();
        self.local_md.clear();
        self.void = void;
        self.last_loc = None;
        self.block_insts.clear();
    }
}

/// Fast-math flags from their bitcode bits.
fn fmf(raw: u64) -> FastMath {
    if raw & 1 != 0 {
        return FastMath(FastMath::FAST);
    }
    FastMath(((raw >> 1) & 0x7F) as u8)
}

fn patch(v: &mut Value, map: &dyn Fn(u32) -> Option<Value>) -> bool {
    if let Value::Arg(a) = *v {
        if a & FORWARD != 0 {
            match map(a & !FORWARD) {
                Some(n) => *v = n,
                None => return false,
            }
        }
    }
    true
}

/// Every value operand of an instruction, mutably.
fn for_each_value_mut(k: &mut InstKind, f: &mut dyn FnMut(&mut Value)) {
    let call = |c: &mut CallSite, f: &mut dyn FnMut(&mut Value)| {
        c.args.iter_mut().for_each(|a| f(&mut a.value));
        c.bundles.iter_mut().flat_map(|b| b.inputs.iter_mut()).for_each(|(_, v)| f(v));
        f(&mut c.callee);
    };
    match k {
        InstKind::Ret(v) => v.iter_mut().for_each(f),
        InstKind::CondBr { cond, .. } | InstKind::Switch { cond, .. } => f(cond),
        InstKind::IndirectBr { addr, .. } => f(addr),
        InstKind::Invoke { call: c, .. } | InstKind::CallBr { call: c, .. } | InstKind::Call { call: c, .. } => {
            call(c, f)
        }
        InstKind::Resume(_, v) | InstKind::FNeg { op: v, .. } | InstKind::Freeze(v) => f(v),
        InstKind::CleanupRet { pad, .. } | InstKind::CatchRet { pad, .. } => f(pad),
        InstKind::CatchSwitch { parent, .. } => f(parent),
        InstKind::Binary { lhs, rhs, .. } | InstKind::ICmp { lhs, rhs, .. } | InstKind::FCmp { lhs, rhs, .. } => {
            f(lhs);
            f(rhs);
        }
        InstKind::Alloca { count, .. } => count.iter_mut().for_each(|(_, v)| f(v)),
        InstKind::Load { ptr, .. } => f(ptr),
        InstKind::Store { value, ptr, .. } => {
            f(value);
            f(ptr);
        }
        InstKind::CmpXchg(x) => {
            f(&mut x.ptr);
            f(&mut x.cmp);
            f(&mut x.new);
        }
        InstKind::AtomicRmw { ptr, value, .. } => {
            f(ptr);
            f(value);
        }
        InstKind::GetElementPtr { operands, .. } => operands.iter_mut().for_each(|(_, v)| f(v)),
        InstKind::Cast { value, .. } => f(value),
        InstKind::Phi { incoming, .. } => incoming.iter_mut().for_each(|(v, _)| f(v)),
        InstKind::Select { cond, then_v, else_v, .. } => {
            f(cond);
            f(then_v);
            f(else_v);
        }
        InstKind::VaArg { list, .. } => f(list),
        InstKind::ExtractElement { vec, idx, .. } => {
            f(vec);
            f(idx);
        }
        InstKind::InsertElement(x) => {
            f(&mut x.vec);
            f(&mut x.elt);
            f(&mut x.idx);
        }
        InstKind::ShuffleVector(x) => {
            f(&mut x.a);
            f(&mut x.b);
            f(&mut x.mask);
        }
        InstKind::ExtractValue { agg, .. } => f(agg),
        InstKind::InsertValue(x) => {
            f(&mut x.agg);
            f(&mut x.elt);
        }
        InstKind::LandingPad { clauses, .. } => clauses.iter_mut().for_each(|(_, _, v)| f(v)),
        InstKind::CatchPad { parent, args } | InstKind::CleanupPad { parent, args } => {
            f(parent);
            args.iter_mut().for_each(|(_, v)| f(v));
        }
        _ => {}
    }
}

/// Reads operands of one record.
struct Ops<'r> {
    ops: &'r [u64],
    i: usize,
}

impl Ops<'_> {
    fn has(&self) -> bool {
        self.i < self.ops.len()
    }
    fn left(&self) -> usize {
        self.ops.len() - self.i
    }
}

impl Reader<'_> {
    fn next_op(&self, o: &mut Ops<'_>) -> Result<u64> {
        let v = o.ops.get(o.i).copied().ok_or_else(|| self.err("instruction record too short"))?;
        o.i += 1;
        Ok(v)
    }

    /// The number the next value gets.
    fn inst_num(&self) -> u64 {
        (self.values.len() + self.body.vals.len()) as u64
    }

    /// The value with absolute id `id`, or a forward reference of type `ty`.
    pub(super) fn value_abs(&mut self, id: u64, ty: Option<TypeId>) -> Result<(Value, TypeId)> {
        let base = self.values.len() as u64;
        if id < base {
            let (c, ty) = self.values[id as usize];
            return Ok((Value::Const(c), ty));
        }
        let k = id - base;
        if let Some(&v) = self.body.vals.get(k as usize) {
            return Ok(v);
        }
        let ty = ty.ok_or_else(|| self.err(format!("forward reference to value {id} without a type")))?;
        // Forward references stay within what the remaining records could define.
        if k > self.c.pos() || k >= u64::from(FORWARD) {
            return Err(self.err(format!("value {id} out of range")));
        }
        let slot = k as u32;
        if let Some(&t) = self.body.fwd.get(&slot) {
            if t != ty {
                return Err(self.err(format!("forward reference to value {id} with two types")));
            }
        }
        self.body.fwd.insert(slot, ty);
        Ok((Value::Arg(FORWARD | slot), ty))
    }

    fn rel(&self, raw: u64) -> u64 {
        if self.version >= 1 {
            // Relative ids are 32-bit: a forward reference is a negative distance.
            u64::from((self.inst_num() as u32).wrapping_sub(raw as u32))
        } else {
            raw
        }
    }

    /// `[value]` or, for a forward reference, `[value, type]`.
    fn value_type(&mut self, o: &mut Ops<'_>) -> Result<(Value, TypeId)> {
        let id = self.rel(self.next_op(o)?);
        if id < self.inst_num() {
            return self.value_abs(id, None);
        }
        let ty = self.ty(self.next_op(o)?)?;
        self.value_abs(id, Some(ty))
    }

    /// `[value]` of a known type.
    fn value_of(&mut self, o: &mut Ops<'_>, ty: TypeId) -> Result<Value> {
        let id = self.rel(self.next_op(o)?);
        Ok(self.value_abs(id, Some(ty))?.0)
    }

    fn bb(&self, raw: u64) -> Result<BlockId> {
        self.body.blocks.get(raw as usize).copied().ok_or_else(|| self.err(format!("block {raw} out of range")))
    }

    fn align_of(&self, raw: u64) -> Result<Option<Align>> {
        Ok(self.align(raw)?.and_then(Align::new))
    }

    fn atomic(&mut self, ordering: u64, ssid: u64) -> Result<Atomic> {
        let ordering = codes::ordering(ordering).ok_or_else(|| self.err("invalid atomic ordering"))?;
        let name: Box<str> = match self.sync_names.get(ssid as usize) {
            Some(n) => n.clone(),
            None if self.sync_names.is_empty() && ssid <= 1 => if ssid == 0 { "singlethread" } else { "" }.into(),
            None => return Err(self.err(format!("sync scope {ssid} not defined"))),
        };
        let scope = match name.is_empty() {
            true => None,
            false => Some(self.m.sync_scope(&name).ok_or_else(|| self.err("more sync scopes than a module may name"))?),
        };
        Ok(Atomic { ordering, scope })
    }

    fn cmp_type(&mut self, t: TypeId) -> TypeId {
        let i1 = self.m.types.int(1);
        match *self.m.types.get(t) {
            TypeData::Vector { len, scalable, .. } => self.m.types.intern(TypeData::Vector { len, elem: i1, scalable }),
            _ => i1,
        }
    }

    fn elem_of(&self, t: TypeId) -> Result<TypeId> {
        match self.m.types.get(t) {
            TypeData::Vector { elem, .. } => Ok(*elem),
            _ => Err(self.err("vector operand expected")),
        }
    }

    pub(super) fn function_block(&mut self, f: FuncId) -> Result<()> {
        let void = self.m.types.void();
        self.body.reset(void);
        self.cur_fn = Some(f);
        // The function is read out of the module (a helper that shed the module's headers makes
        // one from its parameters: what it hands over is the body).
        self.func = match &mut self.lean {
            None => std::mem::replace(&mut self.m.functions[f], super::vacant()),
            Some(lean) => lean.get_mut(f.index()).map(std::mem::take).unwrap_or_default().function(),
        };
        // Instructions go to an arena that has grown before; the body gets them at its end.
        self.func.insts = std::mem::take(&mut self.body.spare_insts);
        let module_mds = self.mds.len();
        self.fn_lazy_strs.clear();
        for (i, p) in self.func.params.iter().enumerate() {
            self.body.vals.push((Value::Arg(i as u32), p.ty));
        }
        let mut attachments: Vec<(u64, Vec<u64>)> = Vec::new();
        let mut names: Vec<(bool, u64, Name)> = Vec::new();
        loop {
            let code = match self.c.advance()? {
                Entry::End => break,
                Entry::Eof => return Err(self.err("unexpected end of input in a function body")),
                Entry::Block(id) => {
                    match id {
                        block::CONSTANTS => {
                            self.c.enter()?;
                            let start = self.inst_num();
                            let built = self.constants_block(start)?;
                            self.body.vals.extend(built);
                        }
                        block::METADATA => {
                            self.c.enter()?;
                            self.metadata_block(true)?;
                        }
                        block::METADATA_ATTACHMENT => {
                            self.c.enter()?;
                            loop {
                                match self.c.advance()? {
                                    Entry::End => break,
                                    Entry::Eof => return Err(self.err("unexpected end of input")),
                                    Entry::Block(_) => self.c.skip()?,
                                    Entry::Record(11) => {
                                        let ops = self.c.ops.clone();
                                        if ops.len() % 2 == 1 {
                                            attachments.push((ops[0], ops[1..].to_vec()));
                                        } else {
                                            attachments.push((u64::MAX, ops));
                                        }
                                    }
                                    Entry::Record(c) => return Err(self.unknown(c)),
                                }
                            }
                        }
                        block::VALUE_SYMTAB => {
                            self.c.enter()?;
                            loop {
                                match self.c.advance()? {
                                    Entry::End => break,
                                    Entry::Eof => return Err(self.err("unexpected end of input")),
                                    Entry::Block(_) => self.c.skip()?,
                                    Entry::Record(code @ (1 | 2)) => {
                                        let id = self.op(0)?;
                                        let bytes = super::chars(&self.c.ops[1..]);
                                        let name = self.names.name(&String::from_utf8_lossy(&bytes));
                                        // Named at once when what it names is read (the table
                                        // follows the instructions): a body of a million named
                                        // values holds no list of them. After one that must
                                        // wait, the rest wait too, so the last name still wins.
                                        let name = if names.is_empty() {
                                            self.name_now(code == 2, id, name)
                                        } else {
                                            Some(name)
                                        };
                                        if let Some(name) = name {
                                            names.push((code == 2, id, name));
                                        }
                                    }
                                    Entry::Record(code) => return Err(self.unknown(code)),
                                }
                            }
                        }
                        _ => self.c.skip()?,
                    }
                    continue;
                }
                Entry::Record(code) => code,
            };
            let ops = std::mem::take(&mut self.c.ops);
            let r = self.instruction(code, &ops);
            self.c.ops = ops;
            r.map_err(|e| e.in_record(code))?;
        }
        self.finish_body(attachments, names)?;
        // A body's references to metadata are resolved by its end, as LLVM requires: function
        // metadata ids are not valid after it (and whether a later body would notice must not
        // depend on which reader reads it).
        if self.md_open > 0 {
            return Err(self.md_undefined(Some(&self.func.name)));
        }
        let insts = &mut self.func.insts;
        let exact = insts.take_exact();
        self.body.spare_insts = std::mem::replace(insts, exact);
        self.func.inst_names = self.func.inst_names.take_exact();
        self.mds.truncate(module_mds);
        self.fn_lazy_strs.clear();
        self.cur_fn = None;
        if self.walk == Some(true) {
            let list = super::order::struct_list(&self.m, &mut self.seen, &self.func);
            if self.struct_lists.len() <= f.index() {
                self.struct_lists.resize(f.index() + 1, None);
            }
            self.struct_lists[f.index()] = Some(list);
        }
        let func = std::mem::replace(&mut self.func, super::vacant());
        if self.lean.is_some() {
            self.shipped.push((f, func));
        } else {
            self.m.functions[f] = func;
        }
        Ok(())
    }

    /// Names a block or a value of this body already read; gives the name back otherwise (for
    /// [`finish_body`](Self::finish_body) to apply, or to refuse, once the body is read).
    fn name_now(&mut self, is_bb: bool, id: u64, name: Name) -> Option<Name> {
        if is_bb {
            match self.body.blocks.get(id as usize) {
                Some(&b) => self.func.blocks[b].name = name,
                None => return Some(name),
            }
            return None;
        }
        let Some(k) = (id as usize).checked_sub(self.values.len()) else { return Some(name) };
        match self.body.vals.get(k) {
            Some(&(Value::Arg(a), _)) if a & FORWARD == 0 && (a as usize) < self.func.params.len() => {
                self.func.params[a as usize].name = name
            }
            Some(&(Value::Inst(i), _)) => self.func.set_inst_name(i, name),
            _ => return Some(name),
        }
        None
    }

    fn finish_body(&mut self, attachments: Vec<(u64, Vec<u64>)>, names: Vec<(bool, u64, Name)>) -> Result<()> {
        // Forward references.
        let base = self.values.len();
        let vals = std::mem::take(&mut self.body.vals);
        let fwd = std::mem::take(&mut self.body.fwd);
        for (&slot, &ty) in &fwd {
            match vals.get(slot as usize) {
                Some(&(_, t)) if t == ty => {}
                Some(_) => return Err(self.err(format!("value {} used with the wrong type", base + slot as usize))),
                None => return Err(self.err(format!("value {} used but never defined", base + slot as usize))),
            }
        }
        if !fwd.is_empty() {
            let map = |s: u32| vals.get(s as usize).map(|v| v.0);
            let func = &mut self.func;
            for (_, inst) in func.insts.iter_mut() {
                for_each_value_mut(&mut inst.kind, &mut |v| {
                    patch(v, &map);
                });
            }
            for (_, md) in func.local_md.iter_mut() {
                match md {
                    LocalMd::Value(_, v) => {
                        patch(v, &map);
                    }
                    LocalMd::ArgList(l) => l.iter_mut().for_each(|(_, v)| {
                        patch(v, &map);
                    }),
                }
            }
        }
        if self.body.cur != self.body.blocks.len() {
            return Err(self.err("function body ends inside a block (missing terminator)"));
        }
        // Names.
        for (is_bb, id, name) in names {
            if is_bb {
                let b = self.bb(id)?;
                self.func.blocks[b].name = name;
                continue;
            }
            let Some(k) = (id as usize).checked_sub(base) else {
                return Err(self.err(format!("function symbol table names module value {id}")));
            };
            match vals.get(k) {
                Some((Value::Arg(a), _)) => self.func.params[*a as usize].name = name,
                Some((Value::Inst(i), _)) => self.func.set_inst_name(*i, name),
                _ => return Err(self.err(format!("function symbol table names value {id}, which has no name"))),
            }
        }
        // Attachments.
        for (inst, list) in attachments {
            let list = self.attachments(&list)?;
            if inst == u64::MAX {
                self.func.props.edit_rare(|r| crate::ir::push_exact(&mut r.metadata, list));
                continue;
            }
            let Some(&i) = self.body.insts.get(inst as usize) else {
                return Err(self.err(format!("attachment to instruction {inst}, which does not exist")));
            };
            crate::ir::push_exact(self.func.inst_metadata_mut(i), list);
        }
        Ok(())
    }

    fn push(&mut self, ty: TypeId, kind: InstKind) -> Result<()> {
        let Some(&b) = self.body.blocks.get(self.body.cur) else {
            return Err(self.err("instruction after the last block"));
        };
        let func = &mut self.func;
        let inst = Instruction { ty, kind, metadata: None };
        let term = inst.is_terminator();
        let id = func.insts.push(inst);
        self.body.block_insts.push(id);
        self.body.insts.push(id);
        if ty != self.body.void {
            self.body.vals.push((Value::Inst(id), ty));
        }
        if term {
            // The block is complete: its list in one allocation of its size.
            func.blocks[b].insts = self.body.block_insts.as_slice().into();
            self.body.block_insts.clear();
            self.body.cur += 1;
        }
        Ok(())
    }

    /// LLVM 3.3's switch with case ranges: [magic, type, cond, default, cases, (items,
    /// (single?, low[, high])…, dest)…]; LLVM reads each range as its values, low to high.
    fn case_range_switch(&mut self, o: &mut Ops<'_>) -> Result<()> {
        self.next_op(o)?;
        let ty = self.ty(self.next_op(o)?)?;
        let TypeData::Int(width) = *self.m.types.get(ty) else {
            return Err(self.err("case-range switch on a non-integer"));
        };
        if width > 64 {
            return Err(self.err("case-range switch wider than 64 bits"));
        }
        let cond = self.value_of(o, ty)?;
        let default = self.bb(self.next_op(o)?)?;
        let ncases = self.next_op(o)?;
        let mask = if width == 64 { u64::MAX } else { (1u64 << width) - 1 };
        // Ranges may expand to many cases: as many as the record could name one by one, and
        // a bound on top.
        let mut budget = (o.left() as u64 + 1) * 64;
        let mut cases = Vec::new();
        for _ in 0..ncases {
            let items = self.next_op(o)?;
            let mut vals = Vec::new();
            for _ in 0..items {
                let single = self.next_op(o)? != 0;
                let low = sign_rotated(self.next_op(o)?) as u64 & mask;
                let high = if single { low } else { sign_rotated(self.next_op(o)?) as u64 & mask };
                let mut v = low;
                while v <= high {
                    budget = budget.checked_sub(1).ok_or_else(|| self.err("case ranges too large"))?;
                    vals.push(v);
                    if v == mask {
                        break;
                    }
                    v += 1;
                }
            }
            let dest = self.bb(self.next_op(o)?)?;
            for v in vals {
                let c = self.m.constant(crate::ir::constant::ConstData::Int {
                    ty,
                    value: crate::ir::constant::ApInt::from_words(vec![v], width),
                });
                cases.push((c, dest));
            }
        }
        self.push(self.body.void, InstKind::Switch { ty, cond, default, cases: cases.into() })
    }

    /// The datalayout's alloca address space (`A<n>`; 0 without one).
    fn alloca_addr_space(&self) -> u32 {
        let dl = self.m.data_layout.as_deref().unwrap_or_default();
        dl.split(|&b| b == b'-')
            .find_map(|part| {
                let digits = part.strip_prefix(b"A")?;
                std::str::from_utf8(digits).ok()?.parse().ok()
            })
            .unwrap_or(0)
    }

    fn call_site(
        &mut self,
        o: &mut Ops<'_>,
        attrs: u64,
        cc: u32,
        fm: FastMath,
        explicit: Option<u64>,
    ) -> Result<CallSite> {
        let list = self.attr_list(attrs)?;
        let fn_ty = explicit.map(|t| self.ty(t)).transpose()?;
        let (callee, cty) = self.value_type(o)?;
        let fn_ty = match fn_ty {
            Some(t) if self.pointee_of(cty).is_some_and(|p| p != t) => {
                return Err(self.err("explicit call type does not match the pointee type of the callee"))
            }
            Some(t) => t,
            None => self.pointee_of(cty).ok_or_else(|| self.err("call through a pointer without a function type"))?,
        };
        let (nparams, vararg) = match self.m.types.get(fn_ty) {
            TypeData::Function { params, vararg, .. } => (params.len(), *vararg),
            _ => return Err(self.err("callee type is not a function type")),
        };
        let param = |this: &Self, i: usize| match this.m.types.get(fn_ty) {
            TypeData::Function { params, .. } => params[i],
            _ => unreachable!("checked above"),
        };
        let empty = AttrSetId::from_index(0);
        let mut args = ThinVec::with_capacity(nparams);
        for i in 0..nparams {
            let pt = param(self, i);
            let value = match self.m.types.get(pt) {
                TypeData::Metadata => {
                    let id = self.rel(self.next_op(o)?);
                    self.md_value(id)?
                }
                TypeData::Label => return Err(self.err("label arguments (callbr) are not supported")),
                _ => self.value_of(o, pt)?,
            };
            let attrs = self.typed_param_attrs(list.params.get(i).copied().flatten().unwrap_or(empty), pt);
            args.push(CallArg { ty: pt, value, attrs });
        }
        if vararg {
            let mut i = nparams;
            while o.has() {
                let (value, ty) = self.value_type(o)?;
                let attrs = self.typed_param_attrs(list.params.get(i).copied().flatten().unwrap_or(empty), ty);
                args.push(CallArg { ty, value, attrs });
                i += 1;
            }
        } else if o.has() {
            return Err(self.err("call with more arguments than its function type"));
        }
        Ok(CallSite {
            cc,
            fmf: fm,
            ret_attrs: list.ret.unwrap_or(empty),
            fn_ty,
            explicit_fn_ty: vararg,
            callee,
            args,
            fn_attrs: list.func.unwrap_or(empty),
            bundles: crate::ir::thin_exact(self.body.bundles.drain(..)),
            addr_space: None,
        })
    }

    /// A metadata operand of a call: a node, or function-local metadata.
    fn md_value(&mut self, id: u64) -> Result<Value> {
        let i = usize::try_from(id).unwrap_or(usize::MAX);
        if let Some(v) = self.body.local_md.get(&i) {
            return Ok(*v);
        }
        match self.md_slot(i) {
            Some(m) => Ok(Value::Md(m)),
            None => Err(self.err(format!("metadata argument {id} is not defined"))),
        }
    }

    fn attach_dbg(&mut self, loc: crate::ir::metadata::MdId) -> Result<()> {
        let &i = self.body.insts.last().ok_or_else(|| self.err("debug location before any instruction"))?;
        let kind = self.m.metadata.kind("dbg");
        crate::ir::push_exact(self.func.inst_metadata_mut(i), [crate::ir::metadata::MdAttachment { kind, node: loc }]);
        Ok(())
    }

    /// LLVM 19 debug records: they precede the instruction read last.
    fn debug_record(&mut self, code: u32, ops: &[u64]) -> Result<()> {
        use crate::ir::function::{DebugRecord, DebugRecordKind};
        let &inst = self.body.insts.last().ok_or_else(|| self.err("debug record before any instruction"))?;
        let node = |this: &mut Self, i: usize| -> Result<Value> {
            let id = *ops.get(i).ok_or_else(|| this.err("debug record too short"))?;
            this.md_value(id)
        };
        let (kind, operands) = match code {
            65 => (DebugRecordKind::Label, vec![node(self, 1)?, node(self, 0)?]),
            64 => {
                let mut o = Ops { ops, i: 3 };
                let (v, ty) = self.value_type(&mut o)?;
                let value = match v {
                    Value::Const(_) => Value::Md(self.m.metadata.intern(crate::ir::metadata::MdNode::Value(ty, v))),
                    v => Value::LocalMd(self.func.local_md.push(LocalMd::Value(ty, v))),
                };
                (DebugRecordKind::Value, vec![value, node(self, 1)?, node(self, 2)?, node(self, 0)?])
            }
            61 | 62 | 66 => {
                let kind = if code == 61 { DebugRecordKind::Value } else { DebugRecordKind::Declare };
                (kind, vec![node(self, 3)?, node(self, 1)?, node(self, 2)?, node(self, 0)?])
            }
            _ => (
                DebugRecordKind::Assign,
                vec![
                    node(self, 3)?,
                    node(self, 1)?,
                    node(self, 2)?,
                    node(self, 4)?,
                    node(self, 6)?,
                    node(self, 5)?,
                    node(self, 0)?,
                ],
            ),
        };
        self.func.debug_records.push((inst, DebugRecord { kind, operands: operands.into() }));
        Ok(())
    }

    fn ret_of(&self, fn_ty: TypeId) -> TypeId {
        match self.m.types.get(fn_ty) {
            TypeData::Function { ret, .. } => *ret,
            _ => fn_ty,
        }
    }

    fn instruction(&mut self, code: u32, ops: &[u64]) -> Result<()> {
        let mut o = Ops { ops, i: 0 };
        let o = &mut o;
        let void = self.body.void;
        match code {
            1 => {
                let n = self.next_op(o)?;
                // Each block ends in a terminator: a record of its own in what is left of the body.
                if n == 0 || n > self.c.entries_left() || !self.body.blocks.is_empty() {
                    return Err(self.err(format!("bad block count {n}")));
                }
                let func = &mut self.func;
                // Bounded by the records left in the body, as the blocks made below are.
                func.blocks.reserve_exact(n as usize);
                func.layout.reserve_exact(n as usize);
                self.body.blocks.reserve(n as usize);
                for _ in 0..n {
                    let b = func.blocks.push(Block::default());
                    func.layout.push(b);
                    self.body.blocks.push(b);
                }
            }
            2 => {
                let (lhs, ty) = self.value_type(o)?;
                let rhs = self.value_of(o, ty)?;
                let float = self.is_fp(ty);
                let op = codes::binop(self.next_op(o)?, float).ok_or_else(|| self.err("unknown binary opcode"))?;
                if !float && !self.is_int_or_int_vector(ty) {
                    return Err(self.err(format!("{} of a value that is not an integer", op.keyword())));
                }
                let raw = if o.has() { self.next_op(o)? } else { 0 };
                let (fl, fm) =
                    if op.is_float() { (0, fmf(raw)) } else { (self.wrap_flags(op, raw), FastMath::default()) };
                self.push(ty, InstKind::Binary { op, flags: fl, fmf: fm, lhs, rhs })?;
            }
            56 => {
                let (op, ty) = self.value_type(o)?;
                if self.next_op(o)? != 0 {
                    return Err(self.err("unknown unary opcode"));
                }
                let fm = if o.has() { fmf(self.next_op(o)?) } else { FastMath::default() };
                self.push(ty, InstKind::FNeg { fmf: fm, op })?;
            }
            3 => {
                let (value, from) = self.value_type(o)?;
                let to = self.ty(self.next_op(o)?)?;
                let op = *codes::CASTS.get(self.next_op(o)? as usize).ok_or_else(|| self.err("unknown cast opcode"))?;
                let raw = if o.has() { self.next_op(o)? } else { 0 };
                use crate::ir::instruction::CastOp;
                let fl = match op {
                    CastOp::ZExt | CastOp::UIToFP if raw & 1 != 0 => flags::NNEG,
                    CastOp::Trunc => {
                        (if raw & 1 != 0 { flags::NUW } else { 0 }) | (if raw & 2 != 0 { flags::NSW } else { 0 })
                    }
                    _ => 0,
                };
                // The flags operand of an `fpext` or `fptrunc` is its fast-math flags.
                let fm = if matches!(op, CastOp::FPTrunc | CastOp::FPExt) { fmf(raw) } else { FastMath::default() };
                self.push(to, InstKind::Cast { op, flags: fl, fmf: fm, from, value })?;
            }
            4 | 30 | 43 => {
                let (fl, src) = if code == 43 {
                    let raw = self.next_op(o)?;
                    let mut fl = 0;
                    if raw & 1 != 0 {
                        fl |= flags::INBOUNDS;
                    }
                    if raw & 2 != 0 {
                        fl |= flags::GEP_NUSW;
                    }
                    if raw & 4 != 0 {
                        fl |= flags::NUW;
                    }
                    (fl, Some(self.ty(self.next_op(o)?)?))
                } else {
                    (if code == 30 { flags::INBOUNDS } else { 0 }, None)
                };
                // One operand per value unless a value is a forward reference (two then).
                let mut operands = Vec::with_capacity(o.left());
                while o.has() {
                    let (v, t) = self.value_type(o)?;
                    operands.push((t, v));
                }
                operands.shrink_to_fit();
                if operands.is_empty() {
                    return Err(self.err("getelementptr without a base"));
                }
                let source = match src {
                    Some(s) => s,
                    None => {
                        self.pointee_of(operands[0].0).ok_or_else(|| self.err("old-style GEP without a typed base"))?
                    }
                };
                let rty = self.gep_result_type(source, &operands)?;
                self.push(rty, InstKind::GetElementPtr { source_ty: source, flags: fl, operands })?;
            }
            5 | 29 => {
                let (then_v, ty) = self.value_type(o)?;
                let else_v = self.value_of(o, ty)?;
                let (cond, cond_ty) = if code == 29 {
                    self.value_type(o)?
                } else {
                    let i1 = self.m.types.int(1);
                    (self.value_of(o, i1)?, i1)
                };
                let fm = if o.has() { fmf(self.next_op(o)?) } else { FastMath::default() };
                self.push(ty, InstKind::Select { fmf: fm, cond_ty, cond, then_v, else_v })?;
            }
            6 => {
                let (vec, vec_ty) = self.value_type(o)?;
                let (idx, idx_ty) = self.value_type(o)?;
                let ety = self.elem_of(vec_ty)?;
                self.push(ety, InstKind::ExtractElement { vec_ty, vec, idx_ty, idx })?;
            }
            7 => {
                let (vec, vec_ty) = self.value_type(o)?;
                let elt_ty = self.elem_of(vec_ty)?;
                let elt = self.value_of(o, elt_ty)?;
                let (idx, idx_ty) = self.value_type(o)?;
                self.push(
                    vec_ty,
                    InstKind::InsertElement(Box::new(InsertElement { vec_ty, vec, elt_ty, elt, idx_ty, idx })),
                )?;
            }
            8 => {
                let (a, vec_ty) = self.value_type(o)?;
                let b = self.value_of(o, vec_ty)?;
                let (mask, mask_ty) = self.value_type(o)?;
                let (elem, scalable) = match *self.m.types.get(vec_ty) {
                    TypeData::Vector { elem, scalable, .. } => (elem, scalable),
                    _ => return Err(self.err("shufflevector of non-vectors")),
                };
                let TypeData::Vector { len, .. } = *self.m.types.get(mask_ty) else {
                    return Err(self.err("shufflevector mask is not a vector"));
                };
                let rty = self.m.types.intern(TypeData::Vector { len, elem, scalable });
                self.push(rty, InstKind::ShuffleVector(Box::new(ShuffleVector { vec_ty, a, b, mask_ty, mask })))?;
            }
            9 | 28 => {
                let (lhs, ty) = self.value_type(o)?;
                let rhs = self.value_of(o, ty)?;
                let p = self.next_op(o)?;
                let extra = if o.has() { self.next_op(o)? } else { 0 };
                let rty = self.cmp_type(ty);
                let kind = match predicate(p) {
                    Some(Ok(pred)) => InstKind::FCmp { pred, fmf: fmf(extra), ty, lhs, rhs },
                    Some(Err(pred)) => {
                        InstKind::ICmp { pred, flags: if extra & 1 != 0 { flags::SAMESIGN } else { 0 }, ty, lhs, rhs }
                    }
                    None => return Err(self.err(format!("unknown comparison predicate {p}"))),
                };
                self.push(rty, kind)?;
            }
            10 => {
                let v = if o.has() { Some(self.value_type(o)?.0) } else { None };
                if o.has() {
                    return Err(self.err("returns of several values are not supported"));
                }
                self.push(void, InstKind::Ret(v))?;
            }
            11 => {
                let t = self.bb(self.next_op(o)?)?;
                let kind = if o.has() {
                    let e = self.bb(self.next_op(o)?)?;
                    let i1 = self.m.types.int(1);
                    let cond = self.value_of(o, i1)?;
                    InstKind::CondBr { cond, then_bb: t, else_bb: e }
                } else {
                    InstKind::Br(t)
                };
                self.push(void, kind)?;
            }
            12 => {
                if ops.first().is_some_and(|&v| v >> 16 == 0x4B5) {
                    self.case_range_switch(o)?;
                    return Ok(());
                }
                let ty = self.ty(self.next_op(o)?)?;
                let cond = self.value_of(o, ty)?;
                let default = self.bb(self.next_op(o)?)?;
                let mut cases = Vec::with_capacity(o.left() / 2);
                while o.has() {
                    let (v, _) = self.value_abs(self.next_op(o)?, None)?;
                    let Value::Const(c) = v else { return Err(self.err("switch case is not a constant")) };
                    let b = self.bb(self.next_op(o)?)?;
                    cases.push((c, b));
                }
                self.push(void, InstKind::Switch { ty, cond, default, cases: cases.into() })?;
            }
            31 => {
                let ty = self.ty(self.next_op(o)?)?;
                let addr = self.value_of(o, ty)?;
                let mut dests = Vec::new();
                while o.has() {
                    dests.push(self.bb(self.next_op(o)?)?);
                }
                self.push(void, InstKind::IndirectBr { ty, addr, dests: dests.into() })?;
            }
            13 => {
                let attrs = self.next_op(o)?;
                let cc_info = self.next_op(o)?;
                let normal = self.bb(self.next_op(o)?)?;
                let unwind = self.bb(self.next_op(o)?)?;
                let explicit = if cc_info >> 13 & 1 != 0 { Some(self.next_op(o)?) } else { None };
                let cc = (cc_info & 0x1FFF) as u32;
                let call = self.call_site(o, attrs, cc, FastMath::default(), explicit)?;
                let rty = self.ret_of(call.fn_ty);
                self.push(rty, InstKind::Invoke { call: Box::new(call), normal, unwind })?;
            }
            57 => {
                let attrs = self.next_op(o)?;
                let cc_info = self.next_op(o)?;
                let default = self.bb(self.next_op(o)?)?;
                let n = self.next_op(o)?;
                if n > o.left() as u64 {
                    return Err(self.err("callbr destinations run past the record"));
                }
                let mut indirect = Vec::new();
                for _ in 0..n {
                    indirect.push(self.bb(self.next_op(o)?)?);
                }
                let explicit = if cc_info >> 15 & 1 != 0 { Some(self.next_op(o)?) } else { None };
                let cc = ((cc_info & 0x7FF) >> 1) as u32;
                let call = self.call_site(o, attrs, cc, FastMath::default(), explicit)?;
                let rty = self.ret_of(call.fn_ty);
                self.push(rty, InstKind::CallBr { call: Box::new(call), default, indirect: indirect.into() })?;
            }
            34 => {
                let attrs = self.next_op(o)?;
                let cc_info = self.next_op(o)?;
                let fm = if cc_info >> 17 & 1 != 0 { fmf(self.next_op(o)?) } else { FastMath::default() };
                let explicit = if cc_info >> 15 & 1 != 0 { Some(self.next_op(o)?) } else { None };
                let cc = ((cc_info & 0x7FF) >> 1) as u32;
                let tail = if cc_info & (1 << 14) != 0 {
                    TailKind::MustTail
                } else if cc_info & (1 << 16) != 0 {
                    TailKind::NoTail
                } else if cc_info & 1 != 0 {
                    TailKind::Tail
                } else {
                    TailKind::None
                };
                let call = self.call_site(o, attrs, cc, fm, explicit)?;
                let rty = self.ret_of(call.fn_ty);
                self.push(rty, InstKind::Call { tail, call: Box::new(call) })?;
            }
            55 => {
                let tag = self.next_op(o)?;
                let tag = self
                    .bundle_tags
                    .get(tag as usize)
                    .cloned()
                    .ok_or_else(|| self.err("operand bundle tag not defined"))?;
                let mut inputs = Vec::new();
                while o.has() {
                    let (v, t) = self.value_type(o)?;
                    inputs.push((t, v));
                }
                self.body.bundles.push(Bundle { tag, inputs });
            }
            15 => self.push(void, InstKind::Unreachable)?,
            16 => {
                let ty = self.ty(self.next_op(o)?)?;
                let n = (ops.len() - 1) / 2;
                let mut incoming = Vec::with_capacity(n);
                for k in 0..n {
                    let raw = ops[1 + 2 * k];
                    let id = if self.version >= 1 {
                        (self.inst_num() as i64).wrapping_sub(sign_rotated(raw)) as u64
                    } else {
                        raw
                    };
                    let (v, _) = self.value_abs(id, Some(ty))?;
                    let b = self.bb(ops[2 + 2 * k])?;
                    incoming.push((v, b));
                }
                let fm = if (ops.len() - 1) % 2 == 1 { fmf(ops[ops.len() - 1]) } else { FastMath::default() };
                self.push(ty, InstKind::Phi { fmf: fm, incoming })?;
            }
            19 => {
                if ops.len() < 4 {
                    return Err(self.err("alloca record too short"));
                }
                let packed = ops[3];
                let mut ty = self.ty(ops[0])?;
                if packed & (1 << 6) == 0 {
                    ty = self.pointee_of(ty).ok_or_else(|| self.err("old-style alloca without a typed pointer"))?;
                }
                let count_ty = self.ty(ops[1])?;
                let (count, _) = self.value_abs(ops[2], Some(count_ty))?;
                let align_raw = (packed & 31) | ((packed >> 8) & 7) << 5;
                let align = self.align_of(align_raw)?;
                // Without its own (LLVM 19 writes one where it differs), the datalayout's `A<n>`.
                let addr_space = match ops.get(4) {
                    Some(&a) => u32::try_from(a).map_err(|_| self.err("address space too large"))?,
                    None => self.alloca_addr_space(),
                };
                let pty = self.pointer_to(ty, addr_space);
                // LLVM prints the count only when it is not the constant `i32 1`.
                let one = count_ty == self.m.types.int(32)
                    && matches!(count, Value::Const(c) if matches!(&self.m.consts[c], crate::ir::constant::ConstData::Int { value: crate::ir::constant::ApInt::Small(1), .. }));
                self.push(
                    pty,
                    InstKind::Alloca {
                        ty,
                        count: if one { None } else { Some((count_ty, count)) },
                        align,
                        addr_space: (addr_space != 0).then_some(addr_space),
                        inalloca: packed & (1 << 5) != 0,
                        swifterror: packed & (1 << 7) != 0,
                    },
                )?;
            }
            20 | 41 => {
                let (ptr, ptr_ty) = self.value_type(o)?;
                let extra = if code == 41 { 4 } else { 2 };
                let ty = if o.left() == extra + 1 {
                    let ty = self.ty(self.next_op(o)?)?;
                    if self.pointee_of(ptr_ty).is_some_and(|p| p != ty) {
                        return Err(self.err("explicit load type does not match the pointee type of the pointer"));
                    }
                    ty
                } else {
                    self.pointee_of(ptr_ty).ok_or_else(|| self.err("old-style load without a typed pointer"))?
                };
                let align = self.align_of(self.next_op(o)?)?;
                let volatile = self.next_op(o)? != 0;
                let atomic = if code == 41 {
                    let (ord, ss) = (self.next_op(o)?, self.next_op(o)?);
                    Some(self.atomic(ord, ss)?)
                } else {
                    None
                };
                self.push(ty, InstKind::Load { ty, ptr_ty, ptr, align, volatile, atomic })?;
            }
            24 | 44 | 42 | 45 => {
                let (ptr, ptr_ty) = self.value_type(o)?;
                let (value, ty) = if matches!(code, 44 | 45) {
                    self.value_type(o)?
                } else {
                    let t =
                        self.pointee_of(ptr_ty).ok_or_else(|| self.err("old-style store without a typed pointer"))?;
                    (self.value_of(o, t)?, t)
                };
                let align = self.align_of(self.next_op(o)?)?;
                let volatile = self.next_op(o)? != 0;
                let atomic = if matches!(code, 42 | 45) {
                    let (ord, ss) = (self.next_op(o)?, self.next_op(o)?);
                    Some(self.atomic(ord, ss)?)
                } else {
                    None
                };
                self.push(void, InstKind::Store { ty, value, ptr_ty, ptr, align, volatile, atomic })?;
            }
            36 => {
                let (ord, ss) = (self.next_op(o)?, self.next_op(o)?);
                let a = self.atomic(ord, ss)?;
                self.push(void, InstKind::Fence(a))?;
            }
            37 | 46 => {
                let (ptr, ptr_ty) = self.value_type(o)?;
                let (cmp, ty) = if code == 46 {
                    self.value_type(o)?
                } else {
                    let t =
                        self.pointee_of(ptr_ty).ok_or_else(|| self.err("old-style cmpxchg without a typed pointer"))?;
                    (self.value_of(o, t)?, t)
                };
                let new = self.value_of(o, ty)?;
                let volatile = self.next_op(o)? != 0;
                let (ord, ss) = (self.next_op(o)?, self.next_op(o)?);
                let success = self.atomic(ord, ss)?;
                let failure = if o.has() {
                    codes::ordering(self.next_op(o)?).ok_or_else(|| self.err("invalid failure ordering"))?
                } else {
                    // Before LLVM 3.5: the strongest failure ordering the success one allows.
                    use crate::ir::instruction::Ordering;
                    match success.ordering {
                        Ordering::Release | Ordering::Monotonic => Ordering::Monotonic,
                        Ordering::AcqRel | Ordering::Acquire => Ordering::Acquire,
                        o => o,
                    }
                };
                // Before LLVM 3.5 (no `weak` operand) cmpxchg gave the loaded value: as LLVM
                // does, the modern instruction and an `extractvalue` of its first field.
                let old_result = code == 37 && !o.has();
                let weak = o.has() && self.next_op(o)? != 0;
                let align = if o.has() { self.align_of(self.next_op(o)?)? } else { None };
                let i1 = self.m.types.int(1);
                let rty = self.m.types.intern(TypeData::Struct(crate::ir::types::StructBody {
                    fields: vec![ty, i1].into(),
                    packed: false,
                }));
                let x = CmpXchg { ptr_ty, ptr, ty, cmp, new, success, failure, weak, volatile, align };
                self.push(rty, InstKind::CmpXchg(Box::new(x)))?;
                if old_result {
                    let (pair, _) = self.body.vals.pop().expect("cmpxchg has a value");
                    let indices = crate::ir::thin_exact([0]);
                    self.push(ty, InstKind::ExtractValue { agg_ty: rty, agg: pair, indices })?;
                }
            }
            38 | 59 => {
                let (ptr, ptr_ty) = self.value_type(o)?;
                let (value, ty) = if code == 59 {
                    self.value_type(o)?
                } else {
                    let t = self
                        .pointee_of(ptr_ty)
                        .ok_or_else(|| self.err("old-style atomicrmw without a typed pointer"))?;
                    (self.value_of(o, t)?, t)
                };
                let op = *codes::RMW_OPS
                    .get(self.next_op(o)? as usize)
                    .ok_or_else(|| self.err("unknown atomicrmw operation"))?;
                let volatile = self.next_op(o)? != 0;
                let (ord, ss) = (self.next_op(o)?, self.next_op(o)?);
                let atomic = self.atomic(ord, ss)?;
                let align = if o.has() { self.align_of(self.next_op(o)?)? } else { None };
                self.push(ty, InstKind::AtomicRmw { op, ptr_ty, ptr, ty, value, atomic, volatile, align })?;
            }
            23 => {
                let list_ty = self.ty(self.next_op(o)?)?;
                let list = self.value_of(o, list_ty)?;
                let ty = self.ty(self.next_op(o)?)?;
                self.push(ty, InstKind::VaArg { list_ty, list })?;
            }
            26 | 27 => {
                let (agg, agg_ty) = self.value_type(o)?;
                let elt = if code == 27 { Some(self.value_type(o)?) } else { None };
                let indices = ops[o.i..]
                    .iter()
                    .map(|&i| u32::try_from(i).map_err(|_| self.err("aggregate index too large")))
                    .collect::<Result<Vec<_>>>()?;
                let ety = self.indexed_type(agg_ty, &indices)?;
                match elt {
                    Some((elt, elt_ty)) => {
                        let _ = ety;
                        self.push(
                            agg_ty,
                            InstKind::InsertValue(Box::new(InsertValue {
                                agg_ty,
                                agg,
                                elt_ty,
                                elt,
                                indices: indices.into(),
                            })),
                        )?
                    }
                    None => self.push(ety, InstKind::ExtractValue { agg_ty, agg, indices: indices.into() })?,
                }
            }
            39 => {
                let (v, t) = self.value_type(o)?;
                self.push(void, InstKind::Resume(t, v))?;
            }
            40 | 47 => {
                let ty = self.ty(self.next_op(o)?)?;
                if code == 40 {
                    // LANDINGPAD_OLD (before LLVM 3.7) names the personality, which belongs to
                    // the function since.
                    let (pers, pty) = self.value_type(o)?;
                    match self.func.personality() {
                        None => self.func.edit_rare(|r| r.personality = Some((pty, pers))),
                        Some((_, p)) if p == pers => {}
                        Some(_) => return Err(self.err("personality function mismatch")),
                    }
                }
                let cleanup = self.next_op(o)? != 0;
                let n = self.next_op(o)?;
                if n > o.left() as u64 {
                    return Err(self.err("landingpad clauses run past the record"));
                }
                let mut clauses = Vec::new();
                for _ in 0..n {
                    let filter = self.next_op(o)? == 1;
                    let (v, t) = self.value_type(o)?;
                    clauses.push((filter, t, v));
                }
                self.push(ty, InstKind::LandingPad { cleanup, clauses })?;
            }
            48 | 49 => {
                let tok = self.m.types.intern(TypeData::Token);
                let pad = self.value_of(o, tok)?;
                if code == 49 {
                    let target = self.bb(self.next_op(o)?)?;
                    self.push(void, InstKind::CatchRet { pad, target })?;
                } else {
                    let unwind = if o.has() { Some(self.bb(self.next_op(o)?)?) } else { None };
                    self.push(void, InstKind::CleanupRet { pad, unwind })?;
                }
            }
            52 => {
                let tok = self.m.types.intern(TypeData::Token);
                let parent = self.value_of(o, tok)?;
                let n = self.next_op(o)?;
                if n > o.left() as u64 {
                    return Err(self.err("catchswitch handlers run past the record"));
                }
                let mut handlers = Vec::new();
                for _ in 0..n {
                    handlers.push(self.bb(self.next_op(o)?)?);
                }
                let unwind = if o.has() { Some(self.bb(self.next_op(o)?)?) } else { None };
                self.push(tok, InstKind::CatchSwitch { parent, handlers: handlers.into(), unwind })?;
            }
            50 | 51 => {
                let tok = self.m.types.intern(TypeData::Token);
                let parent = self.value_of(o, tok)?;
                let n = self.next_op(o)?;
                if n > o.left() as u64 {
                    return Err(self.err("pad arguments run past the record"));
                }
                let mut args = ThinVec::new();
                for _ in 0..n {
                    let (v, t) = self.value_type(o)?;
                    args.push((t, v));
                }
                let kind = if code == 50 {
                    InstKind::CatchPad { parent, args }
                } else {
                    InstKind::CleanupPad { parent, args }
                };
                self.push(tok, kind)?;
            }
            58 => {
                let (v, t) = self.value_type(o)?;
                self.push(t, InstKind::Freeze(v))?;
            }
            60 => {} // BLOCKADDR_USERS: which functions' blockaddresses to resolve early
            35 => {
                if ops.len() < 4 {
                    return Err(self.err("debug location record too short"));
                }
                if ops[2] == 0 {
                    return Err(self.err("debug location without a scope"));
                }
                // As a DILocation record: [distinct, line, column, scope (0-based), inlinedAt, implicit].
                let rec = vec![0, ops[0], ops[1], ops[2] - 1, ops[3], ops.get(4).copied().unwrap_or(0)];
                let saved = std::mem::replace(&mut self.c.ops, rec);
                let node = self.debug_info_node(7);
                self.c.ops = saved;
                let node = node?.expect("DILocation has a layout");
                let loc = self.m.metadata.intern(node);
                self.body.last_loc = Some(loc);
                self.attach_dbg(loc)?;
            }
            33 => {
                let loc = self.body.last_loc.ok_or_else(|| self.err("DEBUG_LOC_AGAIN before any location"))?;
                self.attach_dbg(loc)?;
            }
            61..=66 => self.debug_record(code, ops)?,
            c => return Err(self.unknown(c)),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_math_bits() {
        assert_eq!(fmf(1).0, FastMath::FAST);
        assert_eq!(fmf(0b10).0, 1, "nnan");
        assert_eq!(fmf(0b1000_0000).0, 64, "reassoc");
    }
}
