//! Typed pointers to opaque pointers: the upgrade LLVM 15+ makes of typed-pointer input.
//!
//! Every pointer type becomes `ptr addrspace(N)`, in every type, constant, attribute, metadata
//! node and instruction. What a typed pointer said and an opaque one cannot is kept where LLVM
//! keeps it: LLVM 7's untyped `byval`/`sret`/`inalloca`/… get their pointee type
//! (`byval(%T)`), and the pointer operands of indirect inline-asm constraints (`"*m"`) get
//! `elementtype(T)`. A constant `bitcast` between pointers that are now one type is folded away,
//! as LLVM's constant folder does; a `bitcast` instruction stays (an identity cast is valid IR).
//! Two types, constants, attribute sets or metadata nodes that become equal become one.
//!
//! The upgrade loses nothing a reader of the result needs, so it makes no notes; intrinsic names
//! mangled for typed pointers (`llvm.memcpy.p0i8.p0i8.i64`) are kept, as LLVM's bitcode reader
//! renames them itself.

use super::PassError;
use crate::ir::attrs::{Attr, AttrKind, AttrSet, AttrSetId};
use crate::ir::constant::{ConstData, ConstId, ExprOp};
use crate::ir::instruction::InstKind;
use crate::ir::module::Module;
use crate::ir::types::{Dialect, TypeData, TypeId};
use crate::ir::value::Value;
use rustc_hash::FxHashMap;

/// The parameter attributes whose type LLVM 7 left to the pointee.
const POINTEE_ATTRS: &[&str] = &["byval", "sret", "inalloca", "byref", "preallocated"];

/// Rewrites a typed-pointer module with opaque pointers. A module without typed pointers is left
/// as it is; one that mixes the two is refused.
pub fn upgrade(m: &mut Module) -> Result<(), PassError> {
    match m.types.dialect() {
        Some(Dialect::TypedPointers) => {}
        Some(_) => return Ok(()),
        None => return Err(PassError::module("the module mixes typed and opaque pointers")),
    }
    pointee_attrs(m);
    // Each pointer `T addrspace(N)*` becomes `ptr addrspace(N)`.
    let (types, table) =
        super::retyped(&m.types, |_, addr_space, _| TypeData::Pointer { addr_space, pointee: None }, true)?;
    crate::ir::remap::retype_module_merging(m, types, table);
    drop_old_inrange(m);
    Ok(())
}

/// LLVM 4 … 18's `inrange` index on a getelementptr constant has no opaque-pointer spelling
/// LLVM 19+ reads (it has `inrange(a, b)`); LLVM 19 drops it when it reads such bitcode, keeping
/// the getelementptr `inbounds`, and so does the upgrade.
fn drop_old_inrange(m: &mut Module) {
    let old_index =
        |c: &ConstData| matches!(c, ConstData::Expr(e) if e.op == ExprOp::GetElementPtr && !e.indices.is_empty());
    if !m.consts.iter().any(|(_, c)| old_index(c)) {
        return;
    }
    let mut table: Vec<ConstId> = Vec::with_capacity(m.consts.len());
    let old = std::mem::take(&mut m.consts);
    for c in old.into_values() {
        let mut c = c;
        if let ConstData::Expr(e) = &mut c {
            if e.op == ExprOp::GetElementPtr && !e.indices.is_empty() {
                e.indices = Box::default();
                // LLVM 19's reader makes such a getelementptr `inbounds` (measured with
                // llvm-dis-19 on llvm-as-14's bitcode).
                e.flags |= crate::ir::instruction::flags::INBOUNDS;
            }
            e.operands.iter_mut().for_each(|o| *o = table[o.index()]);
        }
        if let ConstData::Array { elems: cs, .. }
        | ConstData::Vector { elems: cs, .. }
        | ConstData::Struct { fields: cs, .. } = &mut c
        {
            cs.iter_mut().for_each(|o| *o = table[o.index()]);
        }
        table.push(m.consts.insert(c));
    }
    crate::ir::remap::renumber(m, table, Vec::new());
}

/// The type of each pointer `byval`/`sret`/… and each indirect asm operand: the typed pointer's
/// pointee, written into the attribute before the pointee is gone.
fn pointee_attrs(m: &mut Module) {
    let kinds: Vec<AttrKind> = POINTEE_ATTRS.iter().filter_map(|n| AttrKind::from_name(n)).collect();
    let element = AttrKind::from_name("elementtype");
    // (set, pointee, with elementtype) → the set with the types written in.
    let mut done: FxHashMap<(AttrSetId, TypeId, bool), AttrSetId> = FxHashMap::default();
    let mut typed = |m: &mut Module, set: AttrSetId, ptr: TypeId, indirect: bool| -> AttrSetId {
        let Some(pointee) = (match m.types.get(ptr) {
            TypeData::Pointer { pointee, .. } => *pointee,
            _ => None,
        }) else {
            return set;
        };
        let needs = |a: &Attr| matches!(a, Attr::Type(k, None) if kinds.contains(k));
        let has_element = m.attrs[set].0.iter().any(|a| matches!(a, Attr::Type(k, _) if Some(*k) == element));
        let add_element = indirect && !has_element && element.is_some();
        if !add_element && !m.attrs[set].0.iter().any(needs) {
            return set;
        }
        if let Some(&s) = done.get(&(set, pointee, add_element)) {
            return s;
        }
        let mut attrs: Vec<Attr> = m.attrs[set]
            .0
            .iter()
            .map(|a| match a {
                Attr::Type(k, None) if kinds.contains(k) => Attr::Type(*k, Some(pointee)),
                other => other.clone(),
            })
            .collect();
        if let (true, Some(k)) = (add_element, element) {
            attrs.push(Attr::Type(k, Some(pointee)));
        }
        let new = m.attrs.insert(AttrSet(attrs.into()));
        done.insert((set, pointee, add_element), new);
        new
    };
    for fi in 0..m.functions.len() {
        let fid = crate::ir::module::FuncId::from_index(fi);
        let params: Vec<(TypeId, AttrSetId)> = m.functions[fid].params.iter().map(|p| (p.ty, p.attrs)).collect();
        for (i, (ty, attrs)) in params.into_iter().enumerate() {
            let new = typed(m, attrs, ty, false);
            m.functions[fid].params[i].attrs = new;
        }
        let calls: Vec<(crate::ir::instruction::InstId, Vec<usize>)> = m.functions[fid]
            .insts
            .iter()
            .filter_map(|(id, i)| match &i.kind {
                InstKind::Call { call, .. } | InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } => {
                    let indirect = match call.callee {
                        Value::Asm(a) => m.asms[a].indirect_operands(),
                        _ => Vec::new(),
                    };
                    Some((id, indirect))
                }
                _ => None,
            })
            .collect();
        for (inst, indirect) in calls {
            let args: Vec<(TypeId, AttrSetId)> = match &m.functions[fid].insts[inst].kind {
                InstKind::Call { call, .. } | InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } => {
                    call.args.iter().map(|a| (a.ty, a.attrs)).collect()
                }
                _ => continue,
            };
            for (i, (ty, attrs)) in args.into_iter().enumerate() {
                let new = typed(m, attrs, ty, indirect.contains(&i));
                if let InstKind::Call { call, .. } | InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } =
                    &mut m.functions[fid].insts[inst].kind
                {
                    call.args[i].attrs = new;
                }
            }
        }
    }
}
