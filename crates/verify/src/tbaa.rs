//! LLVM's TBAA verifier (`TBAAVerifier::visitTBAAMetadata`, the same in LLVM 7 and 22): an access
//! tag `!{base, access, offset[, immutable]}` (or the new format's `!{base, access, offset, size[,
//! immutable]}`) walks from the base type down the struct path to a scalar at offset 0. Old-style
//! scalar tags (`!{!"int", !parent}`) are upgraded by both readers and pass. Measured with
//! `scripts/probe/fresh.py` (`tbaa/`): libNVVM prints LLVM's messages on both paths.

use nvir_llvm::ir::constant::{ApInt, ConstData};
use nvir_llvm::ir::{MdId, MdNode, Module, Value};

fn node(m: &Module, id: Option<MdId>) -> Option<(MdId, &[Option<MdId>])> {
    let id = id?;
    match m.metadata.get(id) {
        MdNode::Tuple { ops, .. } => Some((id, &ops[..])),
        _ => None,
    }
}

fn is_string(m: &Module, id: Option<MdId>) -> bool {
    id.is_some_and(|id| matches!(m.metadata.get(id), MdNode::String(_)))
}

/// An integer constant operand: (bit width, value).
fn int(m: &Module, id: Option<MdId>) -> Option<(u32, u64)> {
    let MdNode::Value(ty, Value::Const(c)) = m.metadata.get(id?) else { return None };
    match &m.consts[*c] {
        ConstData::Int { value: ApInt::Small(v), .. } => Some((m.types.int_width(*ty)?, *v)),
        _ => None,
    }
}

fn is_root(ops: &[Option<MdId>]) -> bool {
    ops.len() < 2
}

/// `isValidScalarTBAANode`: `!{!"name", parent[, i64 0]}` down to a root; a cycle is invalid.
fn valid_scalar(m: &Module, id: MdId, depth: u32) -> bool {
    let Some((_, ops)) = node(m, Some(id)) else { return false };
    if depth > 64 || !(ops.len() == 2 || ops.len() == 3) || !is_string(m, ops[0]) {
        return false;
    }
    if ops.len() == 3 && int(m, ops[2]).is_none_or(|(_, v)| v != 0) {
        return false;
    }
    match node(m, ops[1]) {
        Some((parent, pops)) => is_root(pops) || valid_scalar(m, parent, depth + 1),
        None => false,
    }
}

/// The first message LLVM's verifier gives for the access tag `tag`, if any.
pub(crate) fn check_tag(m: &Module, tag: MdId) -> Option<&'static str> {
    let (_, ops) = node(m, Some(tag))?;
    // The readers upgrade an old-style tag `T` to `!{T, T, i64 0}`.
    if !(ops.len() >= 3 && node(m, ops[0]).is_some()) {
        if !valid_scalar(m, tag, 0) {
            return Some("Access type node must be a valid scalar type");
        }
        return walk(m, tag, tag, (64, 0), false);
    }
    let access = node(m, ops[1]);
    let new_format = access.is_some_and(|(_, a)| a.len() >= 3 && node(m, a[0]).is_some());
    if new_format {
        if ops.len() != 4 && ops.len() != 5 {
            return Some("Access tag metadata must have either 4 or 5 operands");
        }
        if int(m, ops[3]).is_none() {
            return Some("Access size field must be a constant");
        }
    } else if ops.len() != 3 && ops.len() != 4 {
        return Some("Struct tag metadata must have either 3 or 4 operands");
    }
    let flag = if new_format { 4 } else { 3 };
    if ops.len() == flag + 1 {
        match int(m, ops[flag]) {
            None => return Some("Immutability tag on struct tag metadata must be a constant"),
            Some((_, v)) if v > 1 => return Some("Immutability part of the struct tag metadata must be either 0 or 1"),
            _ => {}
        }
    }
    let (Some((base, _)), Some((access, _))) = (node(m, ops[0]), access) else {
        return Some(
            "Malformed struct tag metadata: base and access-type should be non-null and point to Metadata nodes",
        );
    };
    if !new_format && !valid_scalar(m, access, 0) {
        return Some("Access type node must be a valid scalar type");
    }
    let Some(offset) = int(m, ops[2]) else { return Some("Offset must be constant integer") };
    walk(m, base, access, offset, new_format)
}

/// The walk down the struct path from `base` to the access type.
fn walk(
    m: &Module,
    mut base: MdId,
    access: MdId,
    (width, mut offset): (u32, u64),
    new_format: bool,
) -> Option<&'static str> {
    let mut seen_access = false;
    let mut path = Vec::new();
    loop {
        let (_, bops) = node(m, Some(base))?;
        if is_root(bops) {
            break;
        }
        if path.contains(&base) {
            return Some("Cycle detected in struct path");
        }
        path.push(base);
        let base_width = match base_node(m, base, bops, new_format) {
            Ok(w) => w,
            Err(msg) => return Some(msg),
        };
        seen_access |= base == access;
        if (valid_scalar(m, base, 0) || base == access) && offset != 0 {
            return Some("Offset not zero at the point of scalar access");
        }
        let width_ok = base_width == Some(width) || (base_width.is_none() && (offset == 0 || new_format));
        if !width_ok {
            return Some("Access bit-width not the same as description bit-width");
        }
        if new_format && seen_access {
            break;
        }
        // `getFieldNodeFromTBAABaseNode`: the field at or before the offset.
        if bops.len() == 2 {
            base = bops[1]?;
            continue;
        }
        let (first, step) = if new_format { (3, 3) } else { (1, 2) };
        let mut chosen = None;
        let mut idx = first;
        while idx + 1 < bops.len() {
            let (_, field_off) = int(m, bops[idx + 1])?;
            if field_off > offset {
                if idx == first {
                    return Some("Could not find TBAA parent in struct type node");
                }
                break;
            }
            chosen = Some(idx);
            idx += step;
        }
        let idx = chosen?;
        offset -= int(m, bops[idx + 1])?.1;
        base = bops[idx]?;
    }
    (!seen_access).then_some("Did not see access type in access path!")
}

/// `verifyTBAABaseNode`: the offsets' bit width (`None` for a scalar), or the message.
fn base_node(m: &Module, id: MdId, ops: &[Option<MdId>], new_format: bool) -> Result<Option<u32>, &'static str> {
    if ops.len() < 2 {
        return Err("Base nodes must have at least two operands");
    }
    if ops.len() == 2 {
        return if valid_scalar(m, id, 0) { Ok(None) } else { Err("Access type node must be a valid scalar type") };
    }
    if new_format {
        if !ops.len().is_multiple_of(3) {
            return Err("Access tag nodes must have the number of operands that is a multiple of 3!");
        }
    } else if ops.len() % 2 != 1 {
        return Err("Struct tag nodes must have an odd number of operands!");
    }
    let (first, step) = if new_format { (3, 3) } else { (1, 2) };
    let mut width = None;
    let mut prev: Option<u64> = None;
    let mut idx = first;
    while idx + 1 < ops.len() {
        if node(m, ops[idx]).is_none() {
            return Err("Incorrect field entry in struct type node!");
        }
        let Some((w, off)) = int(m, ops[idx + 1]) else { return Err("Offset entries must be constants!") };
        if *width.get_or_insert(w) != w {
            return Err("Bitwidth between the offsets and struct type entries must match");
        }
        if prev.is_some_and(|p| p > off) {
            return Err("Offsets must be increasing!");
        }
        prev = Some(off);
        idx += step;
    }
    Ok(width)
}
