//! A typed-pointer module in LLVM 7.0.1's terms: what libNVVM below compute_100 reads, as text
//! ([`crate::Syntax::Llvm7`]) or bitcode ([`crate::bitcode::write`]).
//!
//! What LLVM 7 has no form for but can be left out without changing what the module computes is
//! left out, with a note: attributes LLVM 7 lacks, the flags that only narrow where a result is
//! poison (`disjoint`, `nusw`, a getelementptr's `nuw`, `nneg`, `trunc nuw/nsw`, `samesign`,
//! a getelementptr constant's `inrange(a, b)`), fast-math flags on `phi`, the `align` of
//! `cmpxchg`/`atomicrmw` (LLVM 7 assumes natural alignment). What has an LLVM 7 spelling is
//! rewritten: `fneg x` is `fsub -0.0, x`, `poison` is `undef`, `byval(T)` on a `T*` is `byval`. What has neither is refused, all of it at once:
//! `freeze`, `callbr`, floating-point and newer `atomicrmw` operations, debug records,
//! `dso_local_equivalent`, alignments past 2^29.
//! ([`super::llvm7::lower`] lowers most of those first, for `nvir convert`.)

use super::{Note, PassError};
use crate::ir::attrs::{Attr, AttrSet, AttrSetId};
use crate::ir::constant::{Bits128, ConstData, ConstId};
use crate::ir::instruction::{flags, BinOp, InstKind};
use crate::ir::module::{FuncId, Module};
use crate::ir::types::{Dialect, FloatKind, TypeData, TypeId};
use crate::ir::value::Value;

/// Rewrites `m` into LLVM 7's terms (see the [module docs](self)). A module with opaque
/// pointers is refused: [`super::pointers::type_pointers`] types them first.
pub fn to_llvm7(m: &mut Module) -> Result<Vec<Note>, PassError> {
    if m.types.dialect() == Some(Dialect::OpaquePointers) || m.types.dialect().is_none() {
        return Err(PassError::module(
            "this module uses opaque pointers; LLVM 7 needs typed pointers (`nvir convert` recovers them)",
        ));
    }
    let mut cx = Cx { notes: Vec::new(), unsupported: Vec::new() };
    cx.refusals(m);
    if !cx.unsupported.is_empty() {
        return Err(PassError::module(format!("LLVM 7 cannot express: {}", cx.unsupported.join("; "))));
    }
    cx.attributes(m);
    cx.constants(m);
    for i in 0..m.functions.len() {
        cx.body(m, FuncId::from_index(i));
    }
    Ok(cx.notes.into_iter().map(|message| Note { function: None, message }).collect())
}

struct Cx {
    notes: Vec<String>,
    unsupported: Vec<String>,
}

impl Cx {
    fn note(&mut self, s: impl Into<String>) {
        let s = s.into();
        if !self.notes.contains(&s) {
            self.notes.push(s);
        }
    }

    fn unsupported(&mut self, s: impl Into<String>) {
        let s = s.into();
        if !self.unsupported.contains(&s) {
            self.unsupported.push(s);
        }
    }

    /// Flags LLVM 7 has no syntax for are dropped (each only narrows where the result is poison,
    /// so the module means no less without it).
    fn drop_flag(&mut self, f: &mut u8, bit: u8, kw: &str) {
        if *f & bit != 0 {
            *f &= !bit;
            self.note(format!("left out `{kw}`: LLVM 7 has no such flag"));
        }
    }

    fn gep_flags(&mut self, f: &mut u8) {
        if *f & flags::INBOUNDS == 0 {
            self.drop_flag(f, flags::GEP_NUSW, "nusw");
        }
        self.drop_flag(f, flags::NUW, "nuw");
    }

    /// Everything LLVM 7 has no form for, found before anything changes.
    fn refusals(&mut self, m: &Module) {
        let aligns = m.globals.iter().map(|(_, g)| g.props.align).chain(m.functions.iter().map(|(_, f)| f.props.align));
        for a in aligns.flatten().map(|a| a.bytes()) {
            if a > 1 << 29 {
                self.unsupported(format!("`align {a}` (LLVM 7 allows at most 2^29)"));
            }
        }
        for (_, c) in m.consts.iter() {
            if let ConstData::DsoLocalEquivalent { .. } = c {
                self.unsupported("`dso_local_equivalent` (LLVM 12+)");
            }
        }
        for (_, f) in m.functions.iter() {
            if !f.debug_records.is_empty() {
                self.unsupported("debug records (`#dbg_value …`, LLVM 19; LLVM 7 uses llvm.dbg.* calls)");
            }
            for (_, i) in f.insts.iter() {
                match &i.kind {
                    InstKind::CallBr { .. } => self.unsupported("`callbr` (LLVM 9+)"),
                    InstKind::Freeze(_) => self.unsupported("`freeze` (LLVM 10+)"),
                    InstKind::AtomicRmw { op, ty, .. } if !op.in_llvm7() || m.types.int_width(*ty).is_none() => self
                        .unsupported(format!(
                            "`atomicrmw {}` on a non-integer (LLVM 7 has integer atomicrmw only)",
                            op.keyword()
                        )),
                    _ => {}
                }
            }
        }
    }

    /// Attributes LLVM 7 lacks are left out; typed `byval(T)`/`sret(T)`/… lose the type their
    /// pointer already says.
    fn attributes(&mut self, m: &mut Module) {
        let mut table: Vec<AttrSetId> = Vec::with_capacity(m.attrs.len());
        let mut changed = false;
        let old = std::mem::take(&mut m.attrs);
        for set in old.into_values() {
            let mut kept = Vec::with_capacity(set.0.len());
            for a in set.0.iter() {
                let Some(k) = a.kind() else {
                    kept.push(a.clone());
                    continue;
                };
                if !k.info().llvm7 {
                    self.note(format!("left out `{}`: LLVM 7 has no such attribute", k.info().name));
                    changed = true;
                    continue;
                }
                match a {
                    Attr::Type(k, Some(_)) if POINTEE_ATTRS.contains(&k.info().name) => {
                        changed = true;
                        kept.push(Attr::Type(*k, None));
                    }
                    _ => kept.push(a.clone()),
                }
            }
            table.push(m.attrs.insert(AttrSet(kept.into())));
        }
        if changed {
            crate::ir::remap::renumber(m, Vec::new(), table);
        }
    }

    /// `poison` is `undef`; constant expressions lose the flags LLVM 7 lacks. Constants keep
    /// their handles (a rewritten constant replaces the old one in place).
    fn constants(&mut self, m: &mut Module) {
        let mut changed = false;
        let mut table: Vec<ConstId> = Vec::with_capacity(m.consts.len());
        let old = std::mem::take(&mut m.consts);
        for c in old.into_values() {
            let c = match c {
                ConstData::Poison(ty) => {
                    self.note("wrote `poison` as `undef`: LLVM 7 has no poison constant");
                    changed = true;
                    ConstData::Undef(ty)
                }
                ConstData::Expr(mut e) => {
                    let before = e.flags;
                    match e.op {
                        crate::ir::constant::ExprOp::GetElementPtr => self.gep_flags(&mut e.flags),
                        crate::ir::constant::ExprOp::Binary(_) => {
                            self.drop_flag(&mut e.flags, flags::DISJOINT, "disjoint")
                        }
                        _ => {}
                    }
                    changed |= e.flags != before;
                    if e.inrange.take().is_some() {
                        self.note("left out `inrange(…)` on a getelementptr constant: LLVM 7 has no such range");
                        changed = true;
                    }
                    ConstData::Expr(e)
                }
                other => other,
            };
            // Operands were rewritten before what holds them.
            let c = remap_operands(c, &table);
            table.push(m.consts.insert(c));
        }
        if changed {
            crate::ir::remap::renumber(m, table, Vec::new());
        }
    }

    fn body(&mut self, m: &mut Module, fid: FuncId) {
        let ids: Vec<_> = m.functions[fid].insts.iter().map(|(id, _)| id).collect();
        for id in ids {
            let i = &m.functions[fid].insts[id];
            if let InstKind::FNeg { fmf, op } = i.kind {
                self.note("wrote `fneg` as `fsub -0.0, x`: LLVM 7 has no fneg");
                let zero = neg_zero(m, i.ty);
                m.functions[fid].insts[id].kind =
                    InstKind::Binary { op: BinOp::FSub, flags: 0, fmf, lhs: Value::Const(zero), rhs: op };
                continue;
            }
            match &mut m.functions[fid].insts[id].kind {
                InstKind::Binary { flags: fl, .. } => self.drop_flag(fl, flags::DISJOINT, "disjoint"),
                InstKind::GetElementPtr { flags: fl, .. } => self.gep_flags(fl),
                InstKind::Cast { flags: fl, .. } => {
                    self.drop_flag(fl, flags::NNEG, "nneg");
                    self.drop_flag(fl, flags::NUW, "nuw");
                    self.drop_flag(fl, flags::NSW, "nsw");
                }
                InstKind::ICmp { flags: fl, .. } => self.drop_flag(fl, flags::SAMESIGN, "samesign"),
                InstKind::Phi { fmf, .. } if !fmf.is_empty() => {
                    *fmf = Default::default();
                    self.note("left out fast-math flags on `phi`: LLVM 7 has none there");
                }
                InstKind::Call { call, .. } if !call.fmf.is_empty() && !fmf_result(&m.types, call.fn_ty) => {
                    call.fmf = Default::default();
                    self.note("left out fast-math flags on a call returning an aggregate: LLVM 7 takes them only on floating-point scalars and vectors");
                }
                InstKind::AtomicRmw { align, .. } if align.is_some() => {
                    *align = None;
                    self.atomic_align_note();
                }
                InstKind::CmpXchg(x) if x.align.is_some() => {
                    x.align = None;
                    self.atomic_align_note();
                }
                _ => {}
            }
        }
    }

    fn atomic_align_note(&mut self) {
        self.note("left out `align` on cmpxchg/atomicrmw: LLVM 7 has no such syntax (it assumes natural alignment)");
    }
}

/// The parameter attributes whose type a typed pointer's pointee already says.
const POINTEE_ATTRS: &[&str] = &["byval", "sret", "inalloca", "byref", "preallocated"];

/// A constant's operands through `table` (old handle → new).
fn remap_operands(c: ConstData, table: &[ConstId]) -> ConstData {
    let map = |cs: &mut [ConstId]| cs.iter_mut().for_each(|c| *c = table[c.index()]);
    match c {
        ConstData::Array { ty, mut elems } => {
            map(&mut elems);
            ConstData::Array { ty, elems }
        }
        ConstData::Vector { ty, mut elems } => {
            map(&mut elems);
            ConstData::Vector { ty, elems }
        }
        ConstData::Struct { ty, mut fields } => {
            map(&mut fields);
            ConstData::Struct { ty, fields }
        }
        ConstData::Expr(mut e) => {
            map(&mut e.operands);
            ConstData::Expr(e)
        }
        other => other,
    }
}

/// `-0.0` of a floating-point type or vector of them.
fn neg_zero(m: &mut Module, ty: TypeId) -> ConstId {
    match m.types.get(ty).clone() {
        TypeData::Vector { len, elem, .. } => {
            let e = neg_zero(m, elem);
            m.consts.insert(ConstData::Vector { ty, elems: vec![e; len as usize].into() })
        }
        TypeData::Float(k) => {
            let bits: u128 = match k {
                FloatKind::Half | FloatKind::BFloat => 0x8000,
                FloatKind::Float => 0x8000_0000,
                FloatKind::X86Fp80 => 1 << 79,
                FloatKind::Fp128 => 1 << 127,
                _ => 1 << 63,
            };
            m.consts.insert(ConstData::Float { ty, bits: Bits128::from(bits) })
        }
        // The validator only allows `fneg` of floating-point values.
        _ => m.consts.insert(ConstData::Undef(ty)),
    }
}

/// Whether LLVM 7's reader takes fast-math flags on a call of this function type: its result a
/// floating-point scalar or vector (measured, `fmfcall/`; LLVM 22 takes arrays and literal structs
/// of them too).
pub(crate) fn fmf_result(types: &crate::ir::Types, fn_ty: crate::ir::TypeId) -> bool {
    use crate::ir::TypeData;
    let TypeData::Function { ret, .. } = types.get(fn_ty) else { return true };
    match types.get(*ret) {
        TypeData::Float(_) => true,
        TypeData::Vector { elem, .. } => matches!(types.get(*elem), TypeData::Float(_)),
        _ => false,
    }
}
