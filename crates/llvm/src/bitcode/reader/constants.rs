//! Constants blocks. Records may refer to constants later in the same block, so a block is read
//! whole, then each constant is built after its operands (with an explicit stack: no recursion
//! on input-controlled depth).

use super::{Reader, Result};
use crate::bitcode::bitstream::Entry;
use crate::bitcode::codes;
use crate::ir::arena::{Arena, Handle};
use crate::ir::constant::{ApInt, Bits128, ConstData, ConstExpr, ConstId, ExprOp};
use crate::ir::instruction::{flags, FloatPredicate, IntPredicate};
use crate::ir::module::{GlobalDef, InlineAsm};
use crate::ir::types::{FloatKind, TypeData, TypeId};
use crate::ir::value::Value;

/// A constant record: its type, code, operands and where it starts.
struct Raw<'o> {
    ty: TypeId,
    code: u32,
    ops: &'o [u64],
    /// A string's characters (kept as bytes, not as operands).
    bytes: &'o [u8],
    at: u64,
}

/// A record held until its constant is built: its operands are `from..from + len` in the block's
/// operand buffer, or in its byte buffer for a string (one byte a character rather than eight:
/// strings are most of a large module's constant operands).
///
/// 24 bytes: the record's code (2 to 33) rides in the top bits of its bit position (a position
/// past 2^58 bits is an input of 32 PiB), the operand count in 32 bits (a longer record is
/// refused).
struct Rec {
    from: usize,
    at_code: u64,
    ty: TypeId,
    len: u32,
}

/// Where a [`Rec`]'s code starts in its `at_code`.
const CODE_SHIFT: u32 = 58;

impl Rec {
    fn new(ty: TypeId, code: u32, from: usize, to: usize, at: u64) -> Rec {
        debug_assert!(code < 64 && at < 1 << CODE_SHIFT);
        let len = u32::try_from(to - from).expect("a record's operands fit u32");
        Rec { from, at_code: at | u64::from(code) << CODE_SHIFT, ty, len }
    }
    fn code(&self) -> u32 {
        (self.at_code >> CODE_SHIFT) as u32
    }
    fn raw<'o>(&self, ops: &'o [u64], bytes: &'o [u8]) -> Raw<'o> {
        let (code, to) = (self.code(), self.from + self.len as usize);
        let (ops, bytes) =
            if is_string(code) { (&[][..], &bytes[self.from..to]) } else { (&ops[self.from..to], &[][..]) };
        Raw { ty: self.ty, code, ops, bytes, at: self.at_code & ((1 << CODE_SHIFT) - 1) }
    }
}

/// `STRING` and `CSTRING` records.
fn is_string(code: u32) -> bool {
    matches!(code, 8 | 9)
}

/// The sign-rotated encoding of `v` ([`sign_rotated`] reverses it; `i64::MIN` is `1`, as LLVM
/// writes it).
fn rotated(v: i64) -> u64 {
    if v >= 0 {
        (v as u64) << 1
    } else {
        (v.unsigned_abs() << 1) | 1
    }
}

/// The sign-rotated encoding of signed integers (low bit = sign).
pub(super) fn sign_rotated(v: u64) -> i64 {
    if v & 1 == 0 {
        (v >> 1) as i64
    } else if v != 1 {
        -((v >> 1) as i64)
    } else {
        i64::MIN
    }
}

/// Predicates in bitcode numbering: 0–15 fcmp, 32–41 icmp.
pub(super) fn predicate(p: u64) -> Option<std::result::Result<FloatPredicate, IntPredicate>> {
    match p {
        0..=15 => codes::FCMP.get(p as usize).map(|&f| Ok(f)),
        32..=41 => codes::ICMP.get(p as usize - 32).map(|&i| Err(i)),
        _ => None,
    }
}

/// Calls `f` with each operand of a constant record that is a value id, in order.
fn for_each_dep(code: u32, ops: &[u64], mut f: impl FnMut(u64)) {
    let mut pick = |idx: &[usize]| idx.iter().filter_map(|&i| ops.get(i).copied()).for_each(&mut f);
    match code {
        7 => ops.iter().copied().for_each(f),
        10 => pick(&[1, 2]),
        11 => pick(&[2]),
        12 | 20 | 24 | 31 | 32 => {
            if let Some((_, at)) = gep_prefix(code, ops) {
                ops[at..].chunks_exact(2).for_each(|p| f(p[1]));
            }
        }
        13 => pick(&[0, 1, 2]),
        14 => pick(if ops.len() >= 4 { &[1, 3] } else { &[1, 2] }),
        15 => pick(if ops.len() >= 4 { &[0, 1, 3] } else { &[0, 1, 2] }),
        16 => pick(&[0, 1, 2]),
        19 => pick(&[1, 2, 3]),
        17 => pick(&[1, 2]),
        25 => pick(&[1]),
        21 | 27 | 29 => pick(&[1]),
        _ => {}
    }
}

/// The prefix of a GEP constant record: (source type id, flags, inrange, inrange index), and
/// where its (type id, value id) pairs start (a whole number of them, at least one).
type GepPrefix = (Option<u64>, u8, Option<(i64, i64)>, Option<i64>);

fn gep_prefix(code: u32, ops: &[u64]) -> Option<(GepPrefix, usize)> {
    let mut i = 0;
    let mut src = None;
    if matches!(code, 24 | 31 | 32) || ops.len() % 2 == 1 {
        src = Some(*ops.first()?);
        i = 1;
    }
    let raw_flags = |f: u64| -> u8 {
        let mut out = 0;
        if f & 1 != 0 {
            out |= flags::INBOUNDS;
        }
        if f & 2 != 0 {
            out |= flags::GEP_NUSW;
        }
        if f & 4 != 0 {
            out |= flags::NUW;
        }
        out
    };
    let mut fl = if code == 20 { flags::INBOUNDS } else { 0 };
    let mut inrange = None;
    let mut inrange_index = None;
    match code {
        24 => {
            let op = *ops.get(i)?;
            fl = raw_flags(op & 1);
            // LLVM ≤ 18 wrote `inrange` before one index, numbered among the indices; the IR
            // numbers it among the operands (the base first).
            inrange_index = Some((op >> 1) as i64 + 1);
            i += 1;
        }
        31 => {
            fl = raw_flags(*ops.get(i)?);
            let width = *ops.get(i + 1)?;
            if width > 64 {
                return None;
            }
            inrange = Some((sign_rotated(*ops.get(i + 2)?), sign_rotated(*ops.get(i + 3)?)));
            i += 4;
        }
        32 => {
            fl = raw_flags(*ops.get(i)?);
            i += 1;
        }
        _ => {}
    }
    let rest = ops.get(i..)?;
    if rest.len() % 2 != 0 || rest.is_empty() {
        return None;
    }
    Some(((src, fl, inrange, inrange_index), i))
}

/// The GEP prefix, then its (type id, value id) pairs.
fn gep_operands(code: u32, ops: &[u64]) -> Option<(GepPrefix, Vec<(u64, u64)>)> {
    let (prefix, at) = gep_prefix(code, ops)?;
    Some((prefix, ops[at..].chunks_exact(2).map(|p| (p[0], p[1])).collect()))
}

impl Reader<'_> {
    /// Reads a constants block whose first value id is `start`. Constants may use the module's
    /// values (globals and module constants) and each other; ids between the module's values
    /// and `start` (a function's arguments) are not constants.
    pub(super) fn constants_block(&mut self, start: u64) -> Result<Vec<(Value, TypeId)>> {
        // Records first (operands in one buffer), then each constant after its operands.
        // In chunks: a block of 600k constants held 33 MB of records as a doubling `Vec`.
        let mut records: Arena<Rec> = Arena::new();
        let mut all_ops: Vec<u64> = Vec::new();
        let mut all_bytes: Vec<u8> = Vec::new();
        let mut cur: Option<TypeId> = None;
        loop {
            match self.c.advance()? {
                Entry::End => break,
                Entry::Eof => return Err(self.err("unexpected end of input")),
                Entry::Block(_) => self.c.skip()?,
                Entry::Record(1) => cur = Some(self.ty(self.op(0)?)?),
                Entry::Record(code) => {
                    let ty = cur.ok_or_else(|| self.err("constant before any SETTYPE"))?;
                    if !matches!(code, 2..=33) {
                        return Err(self.unknown(code));
                    }
                    let (from, to) = if is_string(code) {
                        let from = all_bytes.len();
                        all_bytes.extend(self.c.ops.iter().map(|&b| b as u8));
                        (from, all_bytes.len())
                    } else if code == 5 && self.c.ops.len() > 2 {
                        // A wide integer keeps only its shortest words: a negative one is written
                        // with every word of its width (131,072 for an `i8388608 -1`), which held
                        // as operands would take 64 bits for each word's 6.
                        let from = all_ops.len();
                        match *self.m.types.get(ty) {
                            TypeData::Int(w) if w > 64 => {
                                let words: Vec<u64> = self.c.ops.iter().map(|&v| sign_rotated(v) as u64).collect();
                                let negative = (*words.last().expect("more than two") as i64) < 0;
                                let value = ApInt::from_words_filled(words, negative, w);
                                all_ops.extend(value.words().iter().map(|&x| rotated(x as i64)));
                            }
                            _ => all_ops.extend_from_slice(&self.c.ops),
                        }
                        (from, all_ops.len())
                    } else {
                        let from = all_ops.len();
                        all_ops.extend_from_slice(&self.c.ops);
                        (from, all_ops.len())
                    };
                    if self.c.start >= 1 << CODE_SHIFT || to - from > u32::MAX as usize {
                        return Err(self.err("constant record too large"));
                    }
                    records.push(Rec::new(ty, code, from, to, self.c.start));
                }
            }
        }
        let raw = |k: usize| records[Handle::from_index(k)].raw(&all_ops, &all_bytes);
        let n = records.len();
        if self.cur_fn.is_none() {
            // The module's constants: at most one new constant per record (data arrays aside),
            // so the table grows once.
            self.m.consts.reserve(n);
        }
        let mut built: Vec<Option<(Value, TypeId)>> = vec![None; n];
        let mut busy = vec![false; n];
        let local = |id: u64| id.checked_sub(start).filter(|&k| k < n as u64).map(|k| k as usize);
        let mut stack: Vec<usize> = Vec::new();
        for root in 0..n {
            if built[root].is_some() {
                continue;
            }
            stack.push(root);
            while let Some(&k) = stack.last() {
                if built[k].is_some() {
                    stack.pop();
                    continue;
                }
                busy[k] = true;
                let (mut waiting, mut cycle) = (false, false);
                for_each_dep(raw(k).code, raw(k).ops, |d| {
                    if let Some(j) = local(d) {
                        if built[j].is_none() {
                            cycle |= busy[j];
                            stack.push(j);
                            waiting = true;
                        }
                    }
                });
                if cycle {
                    self.c.start = raw(k).at;
                    return Err(self.err("constant refers to itself"));
                }
                if waiting {
                    continue;
                }
                self.c.start = raw(k).at;
                let get = |id: u64| -> Option<(Value, TypeId)> {
                    if let Some(j) = local(id) {
                        return built[j];
                    }
                    None
                };
                let v = self.build_constant(&raw(k), start, &get).map_err(|e| e.in_record(raw(k).code))?;
                built[k] = Some(v);
                busy[k] = false;
                stack.pop();
            }
        }
        Ok(built.into_iter().map(|b| b.expect("every constant built")).collect())
    }

    fn build_constant(
        &mut self,
        r: &Raw<'_>,
        start: u64,
        local: &dyn Fn(u64) -> Option<(Value, TypeId)>,
    ) -> Result<(Value, TypeId)> {
        let ty = r.ty;
        let ops = r.ops;
        let val = |this: &Self, id: u64| -> Result<ConstId> {
            let v = if (id as usize) < this.values.len() {
                Some(Value::Const(this.values[id as usize].0))
            } else if id >= start {
                local(id).map(|(v, _)| v)
            } else {
                None
            };
            match v {
                Some(Value::Const(c)) => Ok(c),
                _ => Err(this.err(format!("constant operand {id} is not a constant"))),
            }
        };
        let data = match r.code {
            2 => match self.m.types.get(ty) {
                TypeData::Int(w) => ConstData::Int { ty, value: ApInt::from_i128(0, *w) },
                TypeData::Float(_) => ConstData::Float { ty, bits: Bits128::default() },
                TypeData::Pointer { .. } => ConstData::Null(ty),
                TypeData::Token => ConstData::NoneToken(ty),
                TypeData::Void | TypeData::Label | TypeData::Function { .. } | TypeData::Metadata => {
                    return Err(self.err("null constant of a type without values"))
                }
                _ => ConstData::Zero(ty),
            },
            3 => ConstData::Undef(ty),
            26 => ConstData::Poison(ty),
            4 => {
                let TypeData::Int(w) = *self.m.types.get(ty) else {
                    return Err(self.err("integer constant of a non-integer type"));
                };
                ConstData::Int { ty, value: ApInt::from_i128(i128::from(sign_rotated(self.opn(ops, 0)?)), w) }
            }
            5 => {
                let TypeData::Int(w) = *self.m.types.get(ty) else {
                    return Err(self.err("integer constant of a non-integer type"));
                };
                let words: Vec<u64> = ops.iter().map(|&v| sign_rotated(v) as u64).collect();
                if words.is_empty() {
                    return Err(self.err("wide integer without words"));
                }
                // Words above those written copy the last one's sign (LLVM writes the active words).
                let negative = (*words.last().expect("non-empty") as i64) < 0;
                ConstData::Int { ty, value: ApInt::from_words_filled(words, negative, w) }
            }
            6 => {
                let TypeData::Float(k) = *self.m.types.get(ty) else {
                    return Err(self.err("float constant of a non-float type"));
                };
                let bits = match k {
                    FloatKind::X86Fp80 => {
                        let (a, b) = (self.opn(ops, 0)?, self.opn(ops, 1)?);
                        let lo = (b & 0xFFFF) | (a << 16);
                        let hi = a >> 48;
                        u128::from(lo) | (u128::from(hi) << 64)
                    }
                    FloatKind::Fp128 | FloatKind::PpcFp128 => {
                        u128::from(self.opn(ops, 0)?) | (u128::from(self.opn(ops, 1)?) << 64)
                    }
                    k => u128::from(self.opn(ops, 0)?) & ((1u128 << k.bits()) - 1),
                };
                ConstData::Float { ty, bits: bits.into() }
            }
            7 => {
                let elems = ops.iter().map(|&id| val(self, id)).collect::<Result<Vec<_>>>()?;
                let m = &self.m;
                // LLVM reads each element as the aggregate's element (or field) type: another
                // type is an invalid record there (its test `invalid-initializer.bc`).
                let fields: Option<&[TypeId]> = match m.types.get(ty) {
                    TypeData::Struct(b) => Some(&b.fields),
                    TypeData::Named(n) => m.types.named(*n).body.as_ref().map(|b| &b.fields[..]),
                    _ => None,
                };
                let elem_ty = |i: usize| match m.types.get(ty) {
                    TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => Some(*elem),
                    _ => fields.and_then(|f| f.get(i).copied()),
                };
                if fields.is_some_and(|f| f.len() != elems.len()) {
                    return Err(self.err("struct constant with the wrong number of fields"));
                }
                if let Some(i) =
                    elems.iter().enumerate().position(|(i, &e)| elem_ty(i).is_some_and(|t| t != m.const_ty(e)))
                {
                    return Err(
                        self.err(format!("aggregate constant's element {i} is not of the aggregate's element type"))
                    );
                }
                match m.types.get(ty).clone() {
                    TypeData::Struct(_) | TypeData::Named(_) => ConstData::Struct { ty, fields: elems.into() },
                    TypeData::Array { len, elem } => {
                        if len != elems.len() as u64 {
                            return Err(self.err("array constant with the wrong number of elements"));
                        }
                        let bytes: Option<Vec<u8>> = (m.types.int_width(elem) == Some(8))
                            .then(|| {
                                elems
                                    .iter()
                                    .map(|&e| match &m.consts[e] {
                                        ConstData::Int { value: ApInt::Small(v), .. } => Some(*v as u8),
                                        _ => None,
                                    })
                                    .collect()
                            })
                            .flatten();
                        match bytes {
                            Some(bytes) => ConstData::Bytes { ty, bytes: bytes.into() },
                            None => ConstData::Array { ty, elems: elems.into() },
                        }
                    }
                    TypeData::Vector { .. } => ConstData::Vector { ty, elems: elems.into() },
                    _ => return Err(self.err("aggregate constant of a non-aggregate type")),
                }
            }
            8 | 9 => {
                let mut bytes: Vec<u8> = Vec::with_capacity(r.bytes.len() + usize::from(r.code == 9));
                bytes.extend_from_slice(r.bytes);
                if r.code == 9 {
                    bytes.push(0);
                }
                match self.m.types.get(ty) {
                    TypeData::Array { len, elem }
                        if *len == bytes.len() as u64 && self.m.types.int_width(*elem) == Some(8) => {}
                    _ => return Err(self.err("string constant does not match its type")),
                }
                ConstData::Bytes { ty, bytes: bytes.into() }
            }
            22 => self.data_constant(ty, ops)?,
            10 => {
                let (a, b) = (val(self, self.opn(ops, 1)?)?, val(self, self.opn(ops, 2)?)?);
                let float = self.is_fp(ty);
                let bop = codes::binop(self.opn(ops, 0)?, float).ok_or_else(|| self.err("unknown binary opcode"))?;
                let fl = self.wrap_flags(bop, ops.get(3).copied().unwrap_or(0));
                ConstData::Expr(Box::new(expr(ExprOp::Binary(bop), ty, fl, vec![a, b])))
            }
            11 => {
                let cop =
                    *codes::CASTS.get(self.opn(ops, 0)? as usize).ok_or_else(|| self.err("unknown cast opcode"))?;
                let v = val(self, self.opn(ops, 2)?)?;
                ConstData::Expr(Box::new(expr(ExprOp::Cast(cop), ty, 0, vec![v])))
            }
            25 => {
                if self.opn(ops, 0)? != 0 {
                    return Err(self.err("unknown unary opcode"));
                }
                ConstData::Expr(Box::new(expr(ExprOp::FNeg, ty, 0, vec![val(self, self.opn(ops, 1)?)?])))
            }
            12 | 20 | 24 | 31 | 32 => {
                let ((src, fl, inrange, inrange_index), pairs) =
                    gep_operands(r.code, ops).ok_or_else(|| self.err("malformed getelementptr constant"))?;
                let operands = pairs.iter().map(|&(_, v)| val(self, v)).collect::<Result<Vec<_>>>()?;
                let typed: Vec<(TypeId, Value)> =
                    operands.iter().map(|&c| (self.m.const_ty(c), Value::Const(c))).collect();
                let base_ty = typed[0].0;
                let source = match src {
                    Some(s) => self.ty(s)?,
                    None => self.pointee_of(base_ty).ok_or_else(|| self.err("old-style GEP without a typed base"))?,
                };
                let rty = self.gep_result_type(source, &typed)?;
                ConstData::Expr(Box::new(ConstExpr {
                    op: ExprOp::GetElementPtr,
                    ty: rty,
                    flags: fl,
                    operands: operands.into(),
                    source_ty: Some(source),
                    indices: inrange_index.into_iter().collect(),
                    inrange,
                }))
            }
            13 => {
                let v = [self.opn(ops, 0)?, self.opn(ops, 1)?, self.opn(ops, 2)?]
                    .iter()
                    .map(|&i| val(self, i))
                    .collect::<Result<Vec<_>>>()?;
                // LLVM reads the condition as i1 (or a vector of as many i1) and the arms as
                // the record's type: anything else is an invalid record there.
                let types = &self.m.types;
                let cond_ok = match types.get(self.m.const_ty(v[0])) {
                    TypeData::Int(1) => true,
                    TypeData::Vector { len, elem, scalable } => {
                        types.int_width(*elem) == Some(1)
                            && matches!(types.get(ty), TypeData::Vector { len: l, scalable: s, .. }
                                if l == len && s == scalable)
                    }
                    _ => false,
                };
                if !cond_ok {
                    return Err(self.err("select constant's condition is not i1 or a vector of i1 of its length"));
                }
                if self.m.const_ty(v[1]) != ty || self.m.const_ty(v[2]) != ty {
                    return Err(self.err("select constant's operands are not of its type"));
                }
                ConstData::Expr(Box::new(expr(ExprOp::Select, ty, 0, v)))
            }
            14 => {
                let idx_at = if ops.len() >= 4 { 3 } else { 2 };
                let v = vec![val(self, self.opn(ops, 1)?)?, val(self, self.opn(ops, idx_at)?)?];
                ConstData::Expr(Box::new(expr(ExprOp::ExtractElement, ty, 0, v)))
            }
            15 => {
                let idx_at = if ops.len() >= 4 { 3 } else { 2 };
                let v = vec![
                    val(self, self.opn(ops, 0)?)?,
                    val(self, self.opn(ops, 1)?)?,
                    val(self, self.opn(ops, idx_at)?)?,
                ];
                ConstData::Expr(Box::new(expr(ExprOp::InsertElement, ty, 0, v)))
            }
            16 | 19 => {
                let b = if r.code == 19 { 1 } else { 0 };
                let v = vec![
                    val(self, self.opn(ops, b)?)?,
                    val(self, self.opn(ops, b + 1)?)?,
                    val(self, self.opn(ops, b + 2)?)?,
                ];
                ConstData::Expr(Box::new(expr(ExprOp::ShuffleVector, ty, 0, v)))
            }
            17 => {
                let (a, b) = (val(self, self.opn(ops, 1)?)?, val(self, self.opn(ops, 2)?)?);
                let e = match predicate(self.opn(ops, 3)?) {
                    Some(Ok(f)) => ExprOp::FCmp(f),
                    Some(Err(i)) => ExprOp::ICmp(i),
                    None => return Err(self.err("unknown comparison predicate")),
                };
                ConstData::Expr(Box::new(expr(e, ty, 0, vec![a, b])))
            }
            27 | 29 => {
                let g = val(self, self.opn(ops, 1)?)?;
                let ConstData::Global { global, .. } = self.m.consts[g] else {
                    return Err(self.err("dso_local_equivalent/no_cfi of a non-global"));
                };
                if r.code == 27 {
                    ConstData::DsoLocalEquivalent { ty, global }
                } else {
                    ConstData::NoCfi { ty, global }
                }
            }
            18 | 23 | 28 | 30 => return self.inline_asm(r),
            21 => {
                let f = val(self, self.opn(ops, 1)?)?;
                let ConstData::Global { global, .. } = self.m.consts[f] else {
                    return Err(self.err("blockaddress of a non-function"));
                };
                if !matches!(self.m.symbols[global].def, Some(GlobalDef::Func(_))) {
                    return Err(self.err("blockaddress of a non-function"));
                }
                let bb = u32::try_from(self.opn(ops, 2)?).map_err(|_| self.err("block number too large"))?;
                // Named as the block prints once the module is read; until then a name no block has.
                let c = self.m.constant(ConstData::BlockAddress {
                    ty,
                    func: global,
                    block: crate::ir::module::BlockName::Named(format!("\u{0}{bb}").into()),
                });
                self.block_addresses.push((c, bb));
                return Ok((Value::Const(c), ty));
            }
            33 => return Err(self.err(crate::text::parser::PTRAUTH_REFUSED)),
            c => return Err(self.unknown(c)),
        };
        let ty = data.ty();
        Ok((Value::Const(self.m.constant(data)), ty))
    }

    fn opn(&self, ops: &[u64], i: usize) -> Result<u64> {
        ops.get(i).copied().ok_or_else(|| self.err("constant record too short"))
    }

    fn data_constant(&mut self, ty: TypeId, ops: &[u64]) -> Result<ConstData> {
        let (elem, is_vec, len) = match *self.m.types.get(ty) {
            TypeData::Array { elem, len } => (elem, false, len),
            TypeData::Vector { elem, len, .. } => (elem, true, u64::from(len)),
            _ => return Err(self.err("data constant of a non-sequential type")),
        };
        if len != ops.len() as u64 {
            return Err(self.err("data constant with the wrong number of elements"));
        }
        if !is_vec && self.m.types.int_width(elem) == Some(8) {
            return Ok(ConstData::Bytes { ty, bytes: ops.iter().map(|&b| b as u8).collect() });
        }
        let make: fn(TypeId, u64, u32) -> ConstData = match *self.m.types.get(elem) {
            TypeData::Int(w) if w <= 64 => |ty, v, w| ConstData::Int { ty, value: ApInt::from_u64(v, w) },
            TypeData::Int(_) => |ty, v, w| ConstData::Int { ty, value: ApInt::from_words(vec![v], w) },
            TypeData::Float(k) if k.bits() <= 64 => {
                |ty, v, bits| ConstData::Float { ty, bits: (u128::from(v) & ((1u128 << bits) - 1)).into() }
            }
            _ => return Err(self.err("data constant of an unsupported element type")),
        };
        let width = match *self.m.types.get(elem) {
            TypeData::Int(w) => w,
            TypeData::Float(k) => k.bits(),
            _ => 0,
        };
        // Tables repeat values: each distinct one is looked up in the module once.
        let mut seen: rustc_hash::FxHashMap<u64, ConstId> = Default::default();
        let elems: Vec<ConstId> =
            ops.iter().map(|&v| *seen.entry(v).or_insert_with(|| self.m.constant(make(elem, v, width)))).collect();
        Ok(if is_vec {
            ConstData::Vector { ty, elems: elems.into() }
        } else {
            ConstData::Array { ty, elems: elems.into() }
        })
    }

    fn inline_asm(&mut self, r: &Raw<'_>) -> Result<(Value, TypeId)> {
        let ops = r.ops;
        let mut i = 0;
        let mut fn_ty = None;
        if r.code == 30 {
            fn_ty = Some(self.ty(*ops.first().ok_or_else(|| self.err("inline asm record too short"))?)?);
            i = 1;
        }
        let fl = *ops.get(i).ok_or_else(|| self.err("inline asm record too short"))?;
        i += 1;
        let text = |i: &mut usize| -> Result<Box<[u8]>> {
            let n = *ops.get(*i).ok_or_else(|| self.err("inline asm record too short"))? as usize;
            *i += 1;
            let s = ops.get(*i..*i + n).ok_or_else(|| self.err("inline asm string runs past the record"))?;
            *i += n;
            Ok(s.iter().map(|&b| b as u8).collect())
        };
        let asm = text(&mut i)?;
        let constraints = text(&mut i)?;
        let fn_ty = match fn_ty {
            Some(t) => t,
            None => self.pointee_of(r.ty).ok_or_else(|| self.err("inline asm without a function pointer type"))?,
        };
        let id = self.m.asms.insert(InlineAsm {
            ty: fn_ty,
            asm,
            constraints,
            side_effect: fl & 1 != 0,
            align_stack: fl & 2 != 0,
            intel: r.code != 18 && fl & 4 != 0,
            unwind: matches!(r.code, 28 | 30) && fl & 8 != 0,
        });
        let pty = if r.code == 30 { self.pointer_to(fn_ty, 0) } else { r.ty };
        Ok((Value::Asm(id), pty))
    }

    /// Whether a type is floating point (or a vector of it).
    pub(super) fn is_fp(&self, ty: TypeId) -> bool {
        match self.m.types.get(ty) {
            TypeData::Float(_) => true,
            TypeData::Vector { elem, .. } => matches!(self.m.types.get(*elem), TypeData::Float(_)),
            _ => false,
        }
    }

    /// Whether a type is an integer (or a vector of them).
    pub(super) fn is_int_or_int_vector(&self, ty: TypeId) -> bool {
        match self.m.types.get(ty) {
            TypeData::Int(_) => true,
            TypeData::Vector { elem, .. } => matches!(self.m.types.get(*elem), TypeData::Int(_)),
            _ => false,
        }
    }

    /// Wrap/exact/disjoint flags of a binary operator from their bitcode bits.
    pub(super) fn wrap_flags(&self, op: crate::ir::instruction::BinOp, raw: u64) -> u8 {
        use crate::ir::instruction::BinOp::*;
        match op {
            Add | Sub | Mul | Shl => {
                (if raw & 1 != 0 { flags::NUW } else { 0 }) | (if raw & 2 != 0 { flags::NSW } else { 0 })
            }
            UDiv | SDiv | LShr | AShr if raw & 1 != 0 => flags::EXACT,
            Or if raw & 1 != 0 => flags::DISJOINT,
            _ => 0,
        }
    }

    /// The pointee of a typed pointer (or vector of them).
    pub(super) fn pointee_of(&self, t: TypeId) -> Option<TypeId> {
        match self.m.types.get(t) {
            TypeData::Pointer { pointee, .. } => *pointee,
            TypeData::Vector { elem, .. } => self.pointee_of(*elem),
            _ => None,
        }
    }

    /// The value of an integer constant used as a struct index.
    pub(super) fn const_index(&self, c: ConstId) -> Option<u64> {
        match &self.m.consts[c] {
            ConstData::Int { value: ApInt::Small(v), .. } => Some(*v),
            ConstData::Zero(_) => Some(0),
            ConstData::Vector { elems, .. } => elems.first().and_then(|&e| self.const_index(e)),
            _ => None,
        }
    }

    /// The type a GEP yields (see the text reader's rule), from its typed operands.
    pub(super) fn gep_result_type(&mut self, source: TypeId, operands: &[(TypeId, Value)]) -> Result<TypeId> {
        let base = operands.first().ok_or_else(|| self.err("getelementptr without a base"))?.0;
        let idx = |this: &Self, v: Value| match v {
            Value::Const(c) => this.const_index(c),
            _ => None,
        };
        let (base_ptr, mut vec_len) = match *self.m.types.get(base) {
            TypeData::Vector { len, elem, scalable } => (elem, Some((len, scalable))),
            _ => (base, None),
        };
        let TypeData::Pointer { addr_space, pointee } = *self.m.types.get(base_ptr) else {
            return Err(self.err("getelementptr base is not a pointer"));
        };
        if pointee.is_some_and(|p| p != source) {
            return Err(self.err("explicit getelementptr type does not match the pointee type of its base"));
        }
        let mut cur = source;
        for (i, &(t, v)) in operands.iter().enumerate() {
            if let TypeData::Vector { len, scalable, .. } = *self.m.types.get(t) {
                if vec_len.is_some_and(|l| l != (len, scalable)) {
                    return Err(self.err("getelementptr vector index has a wrong number of elements"));
                }
                vec_len = Some((len, scalable));
            }
            if i < 2 {
                continue;
            }
            let next = match self.m.types.get(cur) {
                TypeData::Struct(b) => field(&b.fields, idx(self, v)),
                TypeData::Named(id) => {
                    self.m.types.named(*id).body.as_ref().and_then(|b| field(&b.fields, idx(self, v)))
                }
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => Some(*elem),
                _ => None,
            };
            cur = next.ok_or_else(|| self.err("invalid getelementptr indices"))?;
        }
        let ptr = match pointee {
            Some(_) => self.m.types.typed_ptr(cur, addr_space),
            None => self.m.types.opaque_ptr(addr_space),
        };
        Ok(match vec_len {
            Some((len, scalable)) => self.m.types.intern(TypeData::Vector { len, elem: ptr, scalable }),
            None => ptr,
        })
    }

    /// The type `extractvalue`/`insertvalue` indices lead to.
    pub(super) fn indexed_type(&self, mut t: TypeId, idx: &[u32]) -> Result<TypeId> {
        for &i in idx {
            t = match self.m.types.get(t) {
                TypeData::Struct(b) => b.fields.get(i as usize).copied(),
                TypeData::Named(id) => {
                    self.m.types.named(*id).body.as_ref().and_then(|b| b.fields.get(i as usize).copied())
                }
                TypeData::Array { len, elem } if u64::from(i) < *len => Some(*elem),
                _ => None,
            }
            .ok_or_else(|| self.err("invalid extractvalue/insertvalue indices"))?;
        }
        Ok(t)
    }
}

fn field(fields: &[TypeId], idx: Option<u64>) -> Option<TypeId> {
    idx.and_then(|i| fields.get(usize::try_from(i).ok()?).copied())
}

fn expr(op: ExprOp, ty: TypeId, fl: u8, operands: Vec<ConstId>) -> ConstExpr {
    ConstExpr { op, ty, flags: fl, operands: operands.into(), source_ty: None, indices: Box::new([]), inrange: None }
}
