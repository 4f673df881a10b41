//! Function bodies: the function's constants, its local metadata, every instruction in LLVM
//! 7.0.1's record layout (relative value ids, explicit types where LLVM 7 writes them, debug
//! locations as `DEBUG_LOC` records), names and metadata attachments.

use super::bitstream::BitWriter;
use super::{binop_code, cast_code, fmf_bits, rotate, wrap_bits, Result, WriteError, Writer};
use crate::bitcode::codes::{self, block};
use crate::ir::constant::ConstId;
use crate::ir::function::{DebugRecord, DebugRecordKind, Function, LocalMd};
use crate::ir::instruction::{flags, Atomic, CallSite, InstKind, Ordering, TailKind};
use crate::ir::metadata::{MdId, MdNode};
use crate::ir::module::{AsmId, BlockName, FuncId};
use crate::ir::types::{TypeData, TypeId};
use crate::ir::{InstId, Value};
use rustc_hash::{FxHashMap, FxHashSet};

// Abbreviation ids `BLOCKINFO` gives function and symbol table blocks.
const LOAD_AB: u32 = 4;
const BINOP_AB: u32 = 5;
const BINOP_FLAGS_AB: u32 = 6;
const CAST_AB: u32 = 7;
const RET_VOID_AB: u32 = 8;
const RET_VAL_AB: u32 = 9;
const UNREACHABLE_AB: u32 = 10;
const GEP_AB: u32 = 11;
const VST_ENTRY8_AB: u32 = 4;
const VST_ENTRY7_AB: u32 = 5;
const VST_ENTRY6_AB: u32 = 6;
const VST_BBENTRY6_AB: u32 = 7;

/// A function's own values.
#[derive(Default)]
pub(super) struct Locals {
    pub(super) consts: FxHashMap<ConstId, u32>,
    pub(super) asms: Vec<(AsmId, u32)>,
    /// The ids of `asms`, by asm.
    asm_ids: FxHashMap<AsmId, u32>,
    /// An `i32 1` the function's constants hold for allocas without a count, when the module
    /// has no such constant.
    pub(super) one: Option<(TypeId, u32)>,
    /// Value id by instruction index (`u32::MAX`: none, a void result or an instruction not
    /// in the layout).
    insts: Vec<u32>,
    local_md: FxHashMap<crate::ir::LocalMdId, u32>,
    arg_base: u32,
}

impl Locals {
    /// The value id of instruction `i`'s result.
    fn inst(&self, i: InstId) -> Option<u32> {
        self.insts.get(i.index()).copied().filter(|&id| id != u32::MAX)
    }
}

/// A record of a function's metadata block.
pub(super) enum FnMd {
    /// `VALUE`: [type, value id].
    Value(TypeId, Value),
    /// `ARG_LIST`: the metadata ids of a `!DIArgList`'s values.
    List(Vec<u64>),
}

/// The positions of a function's blocks in its layout, by the names `blockaddress` uses: made
/// once per function, as a module may name every block of a large function.
pub(super) struct BlockIndex {
    named: FxHashMap<Box<str>, usize>,
    numbered: FxHashMap<u32, usize>,
}

impl BlockIndex {
    pub(super) fn new(f: &Function, types: &crate::ir::Types) -> Self {
        let (mut named, mut numbered) = (FxHashMap::default(), FxHashMap::default());
        // Slots as the printer numbers them: unnamed arguments, blocks and results.
        let mut next = f.params.iter().filter(|p| p.name.is_none()).count() as u32;
        for (i, &b) in f.layout.iter().enumerate() {
            let block = &f.blocks[b];
            match block.name.as_str() {
                Some(n) => {
                    named.entry(n.into()).or_insert(i);
                }
                None => {
                    numbered.entry(next).or_insert(i);
                    next += 1;
                }
            }
            for &inst in &block.insts {
                let x = &f.insts[inst];
                next += u32::from(f.inst_name(inst).is_none() && !matches!(types.get(x.ty), TypeData::Void));
            }
        }
        BlockIndex { named, numbered }
    }

    /// The position of a `blockaddress` block in the function's layout.
    pub(super) fn get(&self, name: &BlockName) -> Option<usize> {
        match name {
            BlockName::Named(n) => self.named.get(&**n).copied(),
            BlockName::Numbered(k) => self.numbered.get(k).copied(),
        }
    }
}

fn ordering_code(o: Ordering) -> u64 {
    match o {
        Ordering::Unordered => 1,
        Ordering::Monotonic => 2,
        Ordering::Acquire => 3,
        Ordering::Release => 4,
        Ordering::AcqRel => 5,
        Ordering::SeqCst => 6,
    }
}

impl Writer<'_> {
    fn is_void_ty(&self, t: TypeId) -> bool {
        matches!(self.types.get(t), TypeData::Void)
    }

    fn scope_id(&self, a: &Atomic, scopes: &super::NameList) -> u64 {
        match a.scope {
            None => 1,
            Some(s) => {
                let name = self.m.sync_scopes.get(s.index()).unwrap_or("");
                scopes.position(name).unwrap_or(1) as u64
            }
        }
    }

    /// Numbers the function's constants, instructions and local metadata; the metadata block's
    /// records come with them.
    fn locals(&self, f: &Function, first_md: u32) -> Result<(Locals, Vec<ConstId>, Vec<FnMd>)> {
        let mut l = Locals { arg_base: self.n_values, ..Default::default() };
        let mut roots: Vec<ConstId> = Vec::new();
        let mut asms: Vec<AsmId> = Vec::new();
        let mut asm_seen: FxHashSet<AsmId> = FxHashSet::default();
        let mut needs_one = false;
        let local_mds = self.local_mds(f)?;
        for &b in &f.layout {
            for &i in &f.blocks[b].insts {
                let inst = &f.insts[i];
                inst.kind.for_each_operand(|v| match v {
                    Value::Const(c) => roots.push(c),
                    Value::Asm(a) if asm_seen.insert(a) => asms.push(a),
                    _ => {}
                });
                match &inst.kind {
                    InstKind::Switch { cases, .. } => roots.extend(cases.iter().map(|(c, _)| *c)),
                    InstKind::Alloca { count: None, .. } => needs_one = true,
                    _ => {}
                }
            }
        }
        for &lm in &local_mds {
            match &f.local_md[lm] {
                LocalMd::Value(_, Value::Const(c)) => roots.push(*c),
                LocalMd::ArgList(args) => roots.extend(args.iter().filter_map(|(_, v)| match v {
                    Value::Const(c) => Some(*c),
                    _ => None,
                })),
                LocalMd::Value(..) => {}
            }
        }
        let mut next = self.n_values + f.params.len() as u32;
        for a in asms {
            l.asms.push((a, next));
            l.asm_ids.insert(a, next);
            next += 1;
        }
        let m = self.m;
        let i32t = self.types.find(&TypeData::Int(32)).ok_or_else(|| WriteError::new("no i32 type"))?;
        let one = m.consts.find(&crate::ir::ConstData::Int { ty: i32t, value: crate::ir::ApInt::Small(1) });
        if needs_one {
            match one {
                Some(c) => roots.push(c),
                None => {
                    l.one = Some((i32t, next));
                    next += 1;
                }
            }
        }
        let mut out = Vec::new();
        let mut ids = FxHashMap::default();
        for r in roots {
            self.enumerate_const(r, &|c| self.module_value(c).is_some(), &mut out, &mut ids, next);
        }
        next += out.len() as u32;
        l.consts = ids;
        l.insts = vec![u32::MAX; f.insts.len()];
        for &b in &f.layout {
            for &i in &f.blocks[b].insts {
                if !self.is_void_ty(f.insts[i].ty) {
                    l.insts[i.index()] = next;
                    next += 1;
                }
            }
        }
        // The block holds the values first, a `!DIArgList`'s among them, then each list
        // (LLVM 13+: [metadata id…]) after the constants only it names, as LLVM enumerates them.
        let mut mds: Vec<FnMd> = Vec::new();
        let mut value_ids: FxHashMap<(TypeId, Value), u32> = FxHashMap::default();
        let mut add_value = |mds: &mut Vec<FnMd>, t: TypeId, v: Value| -> u32 {
            *value_ids.entry((t, v)).or_insert_with(|| {
                mds.push(FnMd::Value(t, v));
                first_md + mds.len() as u32 - 1
            })
        };
        for &lm in &local_mds {
            match &f.local_md[lm] {
                LocalMd::Value(t, v) => {
                    let id = add_value(&mut mds, *t, *v);
                    l.local_md.insert(lm, id);
                }
                LocalMd::ArgList(args) => {
                    for &(t, v) in args {
                        if !matches!(v, Value::Const(_)) {
                            add_value(&mut mds, t, v);
                        }
                    }
                }
            }
        }
        for &lm in &local_mds {
            if let LocalMd::ArgList(args) = &f.local_md[lm] {
                let ids = args.iter().map(|&(t, v)| u64::from(add_value(&mut mds, t, v))).collect();
                mds.push(FnMd::List(ids));
                l.local_md.insert(lm, first_md + mds.len() as u32 - 1);
            }
        }
        Ok((l, out, mds))
    }

    fn value_id(&self, f: &Function, l: &Locals, v: Value) -> Result<u32> {
        let missing = || WriteError::new(format!("@{}: an operand has no value id", f.name));
        Ok(match v {
            Value::Const(c) => match self.module_value(c) {
                Some(id) => id,
                None => *l.consts.get(&c).ok_or_else(missing)?,
            },
            Value::Arg(a) => l.arg_base + a,
            Value::Inst(i) => l.inst(i).ok_or_else(missing)?,
            Value::Md(id) => self.md.id(id)? as u32,
            Value::LocalMd(lm) => *l.local_md.get(&lm).ok_or_else(missing)?,
            Value::Asm(a) => *l.asm_ids.get(&a).ok_or_else(missing)?,
        })
    }

    fn value_ty(&self, f: &Function, v: Value) -> TypeId {
        match v {
            Value::Const(c) => self.m.const_ty(c),
            Value::Arg(a) => f.params[a as usize].ty,
            Value::Inst(i) => f.insts[i].ty,
            Value::Asm(a) => {
                let pointee = (!self.modern).then_some(self.m.asms[a].ty);
                self.types.find(&TypeData::Pointer { addr_space: 0, pointee }).unwrap_or(self.m.asms[a].ty)
            }
            Value::Md(_) | Value::LocalMd(_) => self.types.find(&TypeData::Metadata).unwrap_or(TypeId::from_index(0)),
        }
    }

    pub(super) fn write_function(&self, s: &mut BitWriter, fid: FuncId) -> Result<()> {
        let f = &self.m.functions[fid];
        let first_md = self.md.len();
        let (l, consts, mds) = self.locals(f, first_md)?;
        s.enter_block(block::FUNCTION, 4);
        s.record(1, &[f.layout.len() as u64], None);
        let first_const = l.arg_base + f.params.len() as u32;
        self.write_constants(s, &consts, first_const, false, Some(&l))?;
        if !mds.is_empty() {
            s.enter_block(block::METADATA, 3);
            for md in &mds {
                match md {
                    FnMd::Value(ty, v) => s.record(2, &[self.ty(*ty), u64::from(self.value_id(f, &l, *v)?)], None),
                    FnMd::List(ids) => s.record(46, ids, None),
                }
            }
            s.exit_block();
        }
        let mut block_ix = vec![u64::MAX; f.blocks.len()];
        for (i, &b) in f.layout.iter().enumerate() {
            block_ix[b.index()] = i as u64;
        }
        let dbg = (0..self.m.metadata.kinds_len())
            .map(|k| crate::ir::MdKind(k as u32))
            .find(|&k| self.m.metadata.kind_name(k) == "dbg");
        let mut next = first_const + l.asms.len() as u32 + u32::from(l.one.is_some()) + consts.len() as u32;
        let mut last_loc: Option<MdId> = None;
        let mut attachments: Vec<(u64, Vec<u64>)> = Vec::new();
        let mut count = 0u64;
        let mut buf = Vec::new();
        // Debug records (the modern layout only), each written after the instruction it
        // precedes and that instruction's location, as LLVM 19+ write them.
        let mut records: FxHashMap<InstId, Vec<&DebugRecord>> = FxHashMap::default();
        for (i, r) in f.debug_records.iter() {
            records.entry(*i).or_default().push(r);
        }
        for &b in &f.layout {
            for &i in &f.blocks[b].insts {
                let inst = &f.insts[i];
                let cx = Cx { w: self, f, l: &l, id: next, blocks: &block_ix, scopes: &self.scopes, tags: &self.tags };
                cx.instruction(s, &mut buf, &inst.kind, inst.ty)?;
                if !self.is_void_ty(inst.ty) {
                    next += 1;
                }
                let mut other = Vec::new();
                for a in f.metadata_of(inst) {
                    if Some(a.kind) == dbg {
                        if last_loc == Some(a.node) {
                            s.record(33, &[], None);
                            continue;
                        }
                        let rec = self.debug_loc(a.node)?;
                        s.record(35, &rec, None);
                        last_loc = Some(a.node);
                    } else {
                        other.push(self.kind_ids[a.kind.0 as usize]);
                        other.push(self.md.id(a.node)?);
                    }
                }
                if !other.is_empty() {
                    attachments.push((count, other));
                }
                if let Some(rs) = records.get(&i) {
                    let cx =
                        Cx { w: self, f, l: &l, id: next, blocks: &block_ix, scopes: &self.scopes, tags: &self.tags };
                    for r in rs {
                        cx.debug_record(s, r)?;
                    }
                }
                count += 1;
            }
        }
        self.write_local_names(s, f, &l)?;
        if !f.props.metadata().is_empty() || !attachments.is_empty() {
            s.enter_block(block::METADATA_ATTACHMENT, 3);
            if !f.props.metadata().is_empty() {
                let mut v = Vec::new();
                for a in f.props.metadata().iter() {
                    v.push(self.kind_ids[a.kind.0 as usize]);
                    v.push(self.md.id(a.node)?);
                }
                s.record(11, &v, None);
            }
            for (i, list) in attachments {
                let mut v = vec![i];
                v.extend(list);
                s.record(11, &v, None);
            }
            s.exit_block();
        }
        s.exit_block();
        Ok(())
    }

    /// `DEBUG_LOC`: [line, column, scope, inlinedAt], the nodes 1-based.
    fn debug_loc(&self, loc: MdId) -> Result<Vec<u64>> {
        let MdNode::Special { kind, fields, .. } = self.m.metadata.get(loc) else {
            return Err(WriteError::new("a !dbg attachment that is not a DILocation"));
        };
        if &**kind != "DILocation" {
            return Err(WriteError::new(format!("a !dbg attachment that is a {kind}, not a DILocation")));
        }
        let get = |n: &str| fields.iter().find(|(k, _)| *k == n).map(|(_, v)| v);
        use crate::ir::metadata::MdField;
        let int = |n: &str| match get(n) {
            Some(v @ (MdField::Int(_) | MdField::WideInt(_))) => v.as_int().unwrap_or_default() as u64,
            Some(MdField::Bool(b)) => u64::from(*b),
            _ => 0,
        };
        let node = |n: &str| -> Result<u64> {
            match get(n) {
                Some(MdField::Ref(r)) => Ok(self.md.id(*r)? + 1),
                _ => Ok(0),
            }
        };
        let scope = node("scope")?;
        if scope == 0 {
            return Err(WriteError::new("a DILocation without a scope"));
        }
        let mut v = vec![int("line"), int("column"), scope, node("inlinedAt")?];
        if int("isImplicitCode") != 0 {
            v.push(1);
        }
        Ok(v)
    }

    fn write_local_names(&self, s: &mut BitWriter, f: &Function, l: &Locals) -> Result<()> {
        // Written as they are found (arguments, then each block's name and its instructions'):
        // a list of them first took 32 bytes a name, and half as much again while it grew (50 MB
        // for a body of a million named instructions, at the conversion's peak).
        let args = (f.params.iter().enumerate())
            .filter_map(|(i, p)| p.name.as_str().map(|n| (1, u64::from(l.arg_base) + i as u64, n)));
        let blocks = f.layout.iter().enumerate().flat_map(|(k, &b)| {
            let label = f.blocks[b].name.as_str().map(|n| (2, k as u64, n));
            let insts = f.blocks[b].insts.iter().filter_map(|&i| match (f.inst_name(i).as_str(), l.inst(i)) {
                (Some(n), Some(id)) => Some((1, u64::from(id), n)),
                _ => None,
            });
            label.into_iter().chain(insts)
        });
        let mut entries = args.chain(blocks).peekable();
        if entries.peek().is_none() {
            return Ok(());
        }
        s.enter_block(block::VALUE_SYMTAB, 4);
        let mut v: Vec<u64> = Vec::new();
        for (code, id, name) in entries {
            let bytes = name.as_bytes();
            let char6 = bytes.iter().all(|&c| super::bitstream::is_char6(c));
            let seven = bytes.iter().all(|&c| c < 128);
            let ab = match (code, char6, seven) {
                (2, true, _) => VST_BBENTRY6_AB,
                (1, true, _) => VST_ENTRY6_AB,
                (1, false, true) => VST_ENTRY7_AB,
                _ => VST_ENTRY8_AB,
            };
            v.clear();
            v.push(id);
            v.extend(bytes.iter().map(|&c| u64::from(c)));
            s.record(code, &v, Some(ab));
        }
        s.exit_block();
        Ok(())
    }
}

/// What one instruction's record needs.
struct Cx<'a, 'm> {
    w: &'a Writer<'m>,
    f: &'a Function,
    l: &'a Locals,
    /// The id the instruction's result gets (the base of relative ids).
    id: u32,
    /// Position in the layout by block index (`u64::MAX`: not in the layout).
    blocks: &'a [u64],
    scopes: &'a super::NameList,
    tags: &'a super::NameList,
}

impl Cx<'_, '_> {
    fn vid(&self, v: Value) -> Result<u32> {
        self.w.value_id(self.f, self.l, v)
    }

    /// A relative value id; `true` when it is a forward reference.
    fn push(&self, out: &mut Vec<u64>, v: Value) -> Result<bool> {
        let id = self.vid(v)?;
        out.push(u64::from(self.id.wrapping_sub(id)));
        Ok(id >= self.id)
    }

    /// A relative value id, and its type when it is a forward reference.
    fn push_vt(&self, out: &mut Vec<u64>, v: Value) -> Result<bool> {
        let fwd = self.push(out, v)?;
        if fwd {
            out.push(self.w.ty(self.w.value_ty(self.f, v)));
        }
        Ok(fwd)
    }

    /// A debug record (LLVM 19+): `#dbg_value` of a plain value as `DEBUG_RECORD_VALUE_SIMPLE`
    /// [location, variable, expression, value], the others with metadata ids: `VALUE` and
    /// `DECLARE` [location, variable, expression, value as metadata], `ASSIGN` [location,
    /// variable, expression, value, id, address expression, address], `LABEL` [location, label].
    fn debug_record(&self, s: &mut BitWriter, r: &DebugRecord) -> Result<()> {
        let bad = || WriteError::new(format!("@{}: a #{} record with too few operands", self.f.name, r.kind.keyword()));
        let op = |k: usize| r.operands.get(k).copied().ok_or_else(bad);
        let md = |k: usize| -> Result<u64> { Ok(u64::from(self.vid(op(k)?)?)) };
        let simple = |v: Value| match v {
            Value::LocalMd(l) => match self.f.local_md[l] {
                LocalMd::Value(_, x) => Some(x),
                _ => None,
            },
            Value::Md(id) => match self.w.m.metadata.get(id) {
                MdNode::Value(_, x) => Some(*x),
                _ => None,
            },
            _ => None,
        };
        let (code, v) = match r.kind {
            DebugRecordKind::Label => (65, vec![md(1)?, md(0)?]),
            DebugRecordKind::Value => match simple(op(0)?) {
                Some(x) => {
                    let mut v = vec![md(3)?, md(1)?, md(2)?];
                    self.push_vt(&mut v, x)?;
                    (64, v)
                }
                None => (61, vec![md(3)?, md(1)?, md(2)?, md(0)?]),
            },
            DebugRecordKind::Declare => (62, vec![md(3)?, md(1)?, md(2)?, md(0)?]),
            DebugRecordKind::Assign => (63, vec![md(6)?, md(1)?, md(2)?, md(0)?, md(3)?, md(5)?, md(4)?]),
        };
        s.record(code, &v, None);
        Ok(())
    }

    /// An atomic access's ordering and sync scope.
    fn atomic(&self, v: &mut Vec<u64>, a: &Atomic) {
        v.push(ordering_code(a.ordering));
        v.push(self.w.scope_id(a, self.scopes));
    }

    fn bb(&self, b: crate::ir::BlockId) -> Result<u64> {
        self.blocks
            .get(b.index())
            .copied()
            .filter(|&i| i != u64::MAX)
            .ok_or_else(|| WriteError::new(format!("@{}: a branch to a block not in the body", self.f.name)))
    }

    fn bundles(&self, s: &mut BitWriter, c: &CallSite) -> Result<()> {
        for b in c.bundles.iter() {
            let tag = self.tags.position(&b.tag).unwrap_or(0) as u64;
            let mut v = vec![tag];
            for &(_, x) in &b.inputs {
                self.push_vt(&mut v, x)?;
            }
            s.record(55, &v, None);
        }
        Ok(())
    }

    fn call_args(&self, v: &mut Vec<u64>, c: &CallSite) -> Result<()> {
        let (params, vararg) = match self.w.types.get(c.fn_ty) {
            TypeData::Function { params, vararg, .. } => (params.len(), *vararg),
            _ => return Err(WriteError::new("a call whose type is not a function type")),
        };
        for (i, a) in c.args.iter().enumerate() {
            if i < params || !vararg {
                self.push(v, a.value)?;
            } else {
                self.push_vt(v, a.value)?;
            }
        }
        Ok(())
    }

    fn list(&self, c: &CallSite) -> u64 {
        self.w.list(c.fn_attrs, c.ret_attrs, c.args.iter().map(|a| a.attrs))
    }

    /// Writes an instruction's record, its operands collected in `buf` (kept between calls, so
    /// that a body takes no allocation per instruction).
    fn instruction(&self, s: &mut BitWriter, buf: &mut Vec<u64>, k: &InstKind, ty: TypeId) -> Result<()> {
        let w = self.w;
        let mut v = std::mem::take(buf);
        v.clear();
        let mut ab = None;
        let code: u32 = match k {
            InstKind::Ret(None) => {
                ab = Some(RET_VOID_AB);
                10
            }
            InstKind::Ret(Some(x)) => {
                if !self.push_vt(&mut v, *x)? {
                    ab = Some(RET_VAL_AB);
                }
                10
            }
            InstKind::Br(b) => {
                v.push(self.bb(*b)?);
                11
            }
            InstKind::CondBr { cond, then_bb, else_bb } => {
                v.push(self.bb(*then_bb)?);
                v.push(self.bb(*else_bb)?);
                self.push(&mut v, *cond)?;
                11
            }
            InstKind::Switch { ty, cond, default, cases } => {
                v.push(w.ty(*ty));
                self.push(&mut v, *cond)?;
                v.push(self.bb(*default)?);
                for &(c, b) in cases.iter() {
                    v.push(u64::from(self.vid(Value::Const(c))?));
                    v.push(self.bb(b)?);
                }
                12
            }
            InstKind::IndirectBr { ty, addr, dests } => {
                v.push(w.ty(*ty));
                self.push(&mut v, *addr)?;
                for &d in dests {
                    v.push(self.bb(d)?);
                }
                31
            }
            InstKind::Invoke { call, normal, unwind } => {
                self.bundles(s, call)?;
                v.push(self.list(call));
                v.push(u64::from(call.cc) | 1 << 13);
                v.push(self.bb(*normal)?);
                v.push(self.bb(*unwind)?);
                v.push(w.ty(call.fn_ty));
                self.push_vt(&mut v, call.callee)?;
                self.call_args(&mut v, call)?;
                13
            }
            InstKind::CallBr { call, default, indirect } => {
                self.bundles(s, call)?;
                v.push(self.list(call));
                v.push(u64::from(call.cc) << 1 | 1 << 15);
                v.push(self.bb(*default)?);
                v.push(indirect.len() as u64);
                for &b in indirect {
                    v.push(self.bb(b)?);
                }
                v.push(w.ty(call.fn_ty));
                self.push_vt(&mut v, call.callee)?;
                self.call_args(&mut v, call)?;
                57
            }
            InstKind::Resume(_, x) => {
                self.push_vt(&mut v, *x)?;
                39
            }
            InstKind::Unreachable => {
                ab = Some(UNREACHABLE_AB);
                15
            }
            InstKind::CleanupRet { pad, unwind } => {
                self.push(&mut v, *pad)?;
                if let Some(u) = unwind {
                    v.push(self.bb(*u)?);
                }
                48
            }
            InstKind::CatchRet { pad, target } => {
                self.push(&mut v, *pad)?;
                v.push(self.bb(*target)?);
                49
            }
            InstKind::CatchSwitch { parent, handlers, unwind } => {
                self.push(&mut v, *parent)?;
                v.push(handlers.len() as u64);
                for &h in handlers {
                    v.push(self.bb(h)?);
                }
                if let Some(u) = unwind {
                    v.push(self.bb(*u)?);
                }
                52
            }
            InstKind::CatchPad { parent, args } | InstKind::CleanupPad { parent, args } => {
                self.push(&mut v, *parent)?;
                v.push(args.len() as u64);
                for &(_, a) in args {
                    self.push_vt(&mut v, a)?;
                }
                if matches!(k, InstKind::CatchPad { .. }) {
                    50
                } else {
                    51
                }
            }
            InstKind::FNeg { fmf, op } => {
                self.push_vt(&mut v, *op)?;
                v.push(0);
                if !fmf.is_empty() {
                    v.push(fmf_bits(*fmf));
                }
                56
            }
            InstKind::Binary { op, flags: fl, fmf, lhs, rhs } => {
                let fwd = self.push_vt(&mut v, *lhs)?;
                self.push(&mut v, *rhs)?;
                v.push(binop_code(*op));
                let bits = if op.is_float() { fmf_bits(*fmf) } else { wrap_bits(*op, *fl) };
                if !fwd {
                    ab = Some(BINOP_AB);
                }
                if bits != 0 {
                    v.push(bits);
                    if !fwd {
                        ab = Some(BINOP_FLAGS_AB);
                    }
                }
                2
            }
            InstKind::Alloca { ty: aty, count, align, addr_space, inalloca, swifterror } => {
                v.push(w.ty(*aty));
                match count {
                    Some((cty, c)) => {
                        v.push(w.ty(*cty));
                        v.push(u64::from(self.vid(*c)?));
                    }
                    None => {
                        let (i32t, id) = match self.l.one {
                            Some(x) => x,
                            None => {
                                let i32t =
                                    w.types.find(&TypeData::Int(32)).ok_or_else(|| WriteError::new("no i32 type"))?;
                                let c = w
                                    .m
                                    .consts
                                    .find(&crate::ir::ConstData::Int { ty: i32t, value: crate::ir::ApInt::Small(1) })
                                    .ok_or_else(|| WriteError::new("no i32 1 constant"))?;
                                (i32t, self.vid(Value::Const(c))?)
                            }
                        };
                        v.push(w.ty(i32t));
                        v.push(u64::from(id));
                    }
                }
                let a = super::encode_align(align.map(|a| a.bytes()));
                let rec = (a & 31) | ((a >> 5) << 8) | u64::from(*inalloca) << 5 | 1 << 6 | u64::from(*swifterror) << 7;
                v.push(rec);
                // LLVM 7's record has no address space (LLVM 7 … 18 take it from the
                // datalayout's `A`): an `addrspace(N)` the datalayout does not give is lost, as
                // in LLVM. The modern record names one the datalayout does not give.
                let space = addr_space.unwrap_or(w.alloca_space);
                if w.modern && space != w.alloca_space {
                    v.push(u64::from(space));
                }
                19
            }
            InstKind::Load { ty: lty, ptr, align, volatile, atomic, .. } => {
                let fwd = self.push_vt(&mut v, *ptr)?;
                v.push(w.ty(*lty));
                v.push(super::encode_align(align.map(|a| a.bytes())));
                v.push(u64::from(*volatile));
                match atomic {
                    Some(a) => {
                        self.atomic(&mut v, a);
                        41
                    }
                    None => {
                        if !fwd {
                            ab = Some(LOAD_AB);
                        }
                        20
                    }
                }
            }
            InstKind::Store { value, ptr, align, volatile, atomic, .. } => {
                self.push_vt(&mut v, *ptr)?;
                self.push_vt(&mut v, *value)?;
                v.push(super::encode_align(align.map(|a| a.bytes())));
                v.push(u64::from(*volatile));
                match atomic {
                    Some(a) => {
                        self.atomic(&mut v, a);
                        45
                    }
                    None => 44,
                }
            }
            InstKind::Fence(a) => {
                self.atomic(&mut v, a);
                36
            }
            InstKind::CmpXchg(x) => {
                self.push_vt(&mut v, x.ptr)?;
                self.push_vt(&mut v, x.cmp)?;
                self.push(&mut v, x.new)?;
                v.push(u64::from(x.volatile));
                v.push(ordering_code(x.success.ordering));
                v.push(w.scope_id(&x.success, self.scopes));
                v.push(ordering_code(x.failure));
                v.push(u64::from(x.weak));
                if let Some(a) = x.align {
                    v.push(super::encode_align(Some(a.bytes())));
                }
                46
            }
            InstKind::AtomicRmw { op, ptr, value, atomic, volatile, align, .. } => {
                self.push_vt(&mut v, *ptr)?;
                // LLVM 7's record takes the value's type from the pointee; the modern one
                // (LLVM 15+) gives it.
                let code = if w.modern {
                    self.push_vt(&mut v, *value)?;
                    59
                } else {
                    self.push(&mut v, *value)?;
                    38
                };
                v.push(codes::RMW_OPS.iter().position(|o| o == op).unwrap_or(0) as u64);
                v.push(u64::from(*volatile));
                v.push(ordering_code(atomic.ordering));
                v.push(w.scope_id(atomic, self.scopes));
                if let Some(a) = align {
                    v.push(super::encode_align(Some(a.bytes())));
                }
                code
            }
            InstKind::GetElementPtr { source_ty, flags: fl, operands } => {
                let bits = if w.modern {
                    super::gep_flags(*fl)
                } else {
                    u64::from(fl & flags::INBOUNDS != 0)
                        | u64::from(fl & flags::GEP_NUSW != 0) << 1
                        | u64::from(fl & flags::NUW != 0) << 2
                };
                v.push(bits);
                v.push(w.ty(*source_ty));
                for &(_, x) in operands {
                    self.push_vt(&mut v, x)?;
                }
                if bits <= 1 || w.modern {
                    ab = Some(GEP_AB);
                }
                43
            }
            InstKind::Cast { op, flags: fl, fmf, value, .. } => {
                use crate::ir::instruction::CastOp;
                let fwd = self.push_vt(&mut v, *value)?;
                v.push(w.ty(ty));
                v.push(cast_code(*op));
                let bits = match op {
                    CastOp::Trunc => u64::from(fl & flags::NUW != 0) | u64::from(fl & flags::NSW != 0) << 1,
                    // LLVM 22.1 writes an `fpext`'s or `fptrunc`'s fast-math flags as its flags
                    // operand; its reader takes none on `sitofp` or `uitofp` (whose bit is `nneg`).
                    CastOp::FPTrunc | CastOp::FPExt if w.modern => fmf_bits(*fmf),
                    CastOp::SIToFP | CastOp::UIToFP if !fmf.is_empty() && w.modern => {
                        return Err(WriteError::new(format!(
                            "fast-math flags on `{}` cannot be written as bitcode (LLVM 22.1 has no encoding for them)",
                            op.keyword()
                        )));
                    }
                    _ => u64::from(fl & flags::NNEG != 0),
                };
                if bits != 0 {
                    v.push(bits);
                } else if !fwd {
                    ab = Some(CAST_AB);
                }
                3
            }
            InstKind::ICmp { pred, flags: fl, lhs, rhs, .. } => {
                self.push_vt(&mut v, *lhs)?;
                self.push(&mut v, *rhs)?;
                v.push(codes::ICMP.iter().position(|p| p == pred).unwrap_or(0) as u64 + 32);
                if fl & flags::SAMESIGN != 0 {
                    v.push(1);
                }
                28
            }
            InstKind::FCmp { pred, fmf, lhs, rhs, .. } => {
                self.push_vt(&mut v, *lhs)?;
                self.push(&mut v, *rhs)?;
                v.push(codes::FCMP.iter().position(|p| p == pred).unwrap_or(0) as u64);
                if !fmf.is_empty() {
                    v.push(fmf_bits(*fmf));
                }
                28
            }
            InstKind::Phi { fmf, incoming } => {
                v.push(w.ty(ty));
                for &(x, b) in incoming {
                    let id = self.vid(x)?;
                    v.push(rotate(i64::from(self.id as i32) - i64::from(id as i32)));
                    v.push(self.bb(b)?);
                }
                if !fmf.is_empty() {
                    v.push(fmf_bits(*fmf));
                }
                16
            }
            InstKind::Select { fmf, cond, then_v, else_v, .. } => {
                self.push_vt(&mut v, *then_v)?;
                self.push(&mut v, *else_v)?;
                self.push_vt(&mut v, *cond)?;
                if !fmf.is_empty() {
                    v.push(fmf_bits(*fmf));
                }
                29
            }
            InstKind::Freeze(x) => {
                self.push_vt(&mut v, *x)?;
                58
            }
            InstKind::Call { tail, call } => {
                self.bundles(s, call)?;
                v.push(self.list(call));
                let fm = fmf_bits(call.fmf);
                let cc = u64::from(call.cc) << 1
                    | u64::from(matches!(tail, TailKind::Tail | TailKind::MustTail))
                    | u64::from(matches!(tail, TailKind::MustTail)) << 14
                    | 1 << 15
                    | u64::from(matches!(tail, TailKind::NoTail)) << 16
                    | u64::from(fm != 0) << 17;
                v.push(cc);
                if fm != 0 {
                    v.push(fm);
                }
                v.push(w.ty(call.fn_ty));
                self.push_vt(&mut v, call.callee)?;
                self.call_args(&mut v, call)?;
                34
            }
            InstKind::VaArg { list_ty, list } => {
                v.push(w.ty(*list_ty));
                self.push(&mut v, *list)?;
                v.push(w.ty(ty));
                23
            }
            InstKind::ExtractElement { vec, idx, .. } => {
                self.push_vt(&mut v, *vec)?;
                self.push_vt(&mut v, *idx)?;
                6
            }
            InstKind::InsertElement(boxed) => {
                let crate::ir::instruction::InsertElement { vec, elt, idx, .. } = &**boxed;
                self.push_vt(&mut v, *vec)?;
                self.push(&mut v, *elt)?;
                self.push_vt(&mut v, *idx)?;
                7
            }
            InstKind::ShuffleVector(boxed) => {
                let crate::ir::instruction::ShuffleVector { a, b, mask, .. } = &**boxed;
                self.push_vt(&mut v, *a)?;
                self.push(&mut v, *b)?;
                self.push(&mut v, *mask)?;
                8
            }
            InstKind::ExtractValue { agg, indices, .. } => {
                self.push_vt(&mut v, *agg)?;
                v.extend(indices.iter().map(|&i| u64::from(i)));
                26
            }
            InstKind::InsertValue(boxed) => {
                let crate::ir::instruction::InsertValue { agg, elt, indices, .. } = &**boxed;
                self.push_vt(&mut v, *agg)?;
                self.push_vt(&mut v, *elt)?;
                v.extend(indices.iter().map(|&i| u64::from(i)));
                27
            }
            InstKind::LandingPad { cleanup, clauses } => {
                v.push(w.ty(ty));
                v.push(u64::from(*cleanup));
                v.push(clauses.len() as u64);
                for &(filter, _, x) in clauses {
                    v.push(u64::from(filter));
                    self.push_vt(&mut v, x)?;
                }
                47
            }
        };
        s.record(code, &v, ab);
        *buf = v;
        Ok(())
    }
}
