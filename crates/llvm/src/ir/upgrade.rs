//! What LLVM's readers change in a module once it is read, done by both of nvir's readers.

use super::constant::ConstData;
use super::instruction::InstKind;
use super::metadata::{MdId, MdKind, MdNode, Metadata};
use super::module::Module;
use super::value::Value;

/// The debug-information version LLVM 3.6 and later write (`!{i32 2, !"Debug Info Version", i32 3}`
/// in `!llvm.module.flags`).
pub const DEBUG_METADATA_VERSION: u64 = 3;

/// The module's `"Debug Info Version"` flag, 0 without one (as LLVM reads it).
pub fn debug_metadata_version(m: &Module) -> u64 {
    let md = &m.metadata;
    let Some(flags) = md.named.iter().find(|n| &*n.name == "llvm.module.flags") else { return 0 };
    for &flag in &flags.nodes {
        let MdNode::Tuple { ops, .. } = md.get(flag) else { continue };
        if ops.len() < 3
            || !ops[1].is_some_and(|k| matches!(md.get(k), MdNode::String(s) if &**s == b"Debug Info Version"))
        {
            continue;
        }
        return match ops[2].map(|v| md.get(v)) {
            Some(MdNode::Value(_, Value::Const(c))) => match m.consts.get(*c) {
                Some(ConstData::Int { value, .. }) => value.as_u64().unwrap_or(0),
                _ => 0,
            },
            _ => 0,
        };
    }
    0
}

/// LLVM's readers drop the debug information of a module whose debug-info version is not
/// [`DEBUG_METADATA_VERSION`] (and warn): `!dbg` attachments of functions, instructions and
/// globals, calls of `llvm.dbg.declare`/`value`/`label`/`assign`, debug records, the
/// `llvm.dbg.*` and `llvm.gcov` named metadata, debug locations among a loop's properties, and
/// the `heapallocsite` and `DIAssignID` attachments. Returns the version when something was
/// dropped. (LLVM also drops current-version debug information its verifier finds broken; that
/// is not done here.)
pub fn drop_old_debug_info(m: &mut Module) -> Option<u64> {
    let version = debug_metadata_version(m);
    if version == DEBUG_METADATA_VERSION {
        return None;
    }
    let Module { metadata, functions, globals, symbols, consts, .. } = m;
    let before = metadata.named.len();
    metadata.named.retain(|n| !(n.name.starts_with("llvm.dbg.") || &*n.name == "llvm.gcov"));
    let mut changed = metadata.named.len() != before;
    let kind = |name: &str| metadata.find_kind(name);
    let dbg = kind("dbg");
    let debug_kinds = [dbg, kind("heapallocsite"), kind("DIAssignID")];
    let loop_kind = kind("llvm.loop");
    let is_debug = |k: MdKind| debug_kinds.contains(&Some(k));
    for (_, g) in globals.iter_mut() {
        let n = g.props.metadata().len();
        g.props.edit_rare(|r| r.metadata.retain(|a| Some(a.kind) != dbg));
        changed |= g.props.metadata().len() != n;
    }
    let is_dbg_intrinsic = |callee: Value| match callee {
        Value::Const(c) => match consts.get(c) {
            Some(ConstData::Global { global, .. }) => matches!(
                &*symbols[*global].name,
                "llvm.dbg.declare" | "llvm.dbg.value" | "llvm.dbg.label" | "llvm.dbg.assign"
            ),
            _ => false,
        },
        _ => false,
    };
    let dbg_intrinsics = symbols
        .iter()
        .any(|(_, s)| matches!(&*s.name, "llvm.dbg.declare" | "llvm.dbg.value" | "llvm.dbg.label" | "llvm.dbg.assign"));
    // A loop's properties lose only debug locations: with none in the module, they stay.
    let loops_keep = || {
        loop_kind.is_none()
            || !metadata.iter().any(|(_, n)| matches!(n, MdNode::Special { kind, .. } if &**kind == "DILocation"))
    };
    if !dbg_intrinsics && debug_kinds.iter().all(Option::is_none) && loops_keep() {
        // Nothing in a body to drop but debug records: skip the walk over every instruction.
        for f in functions.iter_mut().filter_map(|(_, f)| f.body.get_mut()) {
            changed |= !f.debug_records.is_empty();
            f.debug_records.clear();
        }
        return changed.then_some(version);
    }
    // Loop properties, each rewritten once: `None` when only debug locations were left.
    let mut loops: rustc_hash::FxHashMap<MdId, LoopStrip> = rustc_hash::FxHashMap::default();
    for (_, f) in functions.iter_mut() {
        let n = f.props.metadata().len();
        f.props.edit_rare(|r| r.metadata.retain(|a| Some(a.kind) != dbg));
        changed |= f.props.metadata().len() != n || !f.debug_records.is_empty();
        if !f.body.is_allocated() {
            continue;
        }
        let f = &mut *f.body;
        f.debug_records.clear();
        for &b in f.layout.iter() {
            let insts = &f.insts;
            let block = &mut f.blocks[b];
            let n = block.insts.len();
            block
                .insts
                .retain(|&i| !matches!(&insts[i].kind, InstKind::Call { call, .. } if is_dbg_intrinsic(call.callee)));
            changed |= block.insts.len() != n;
            for &i in &block.insts {
                let Some(l) = insts[i].metadata else { continue };
                let list = &mut f.attachments[l];
                let n = list.len();
                list.retain(|a| !is_debug(a.kind));
                changed |= list.len() != n;
                if loop_kind.is_none() {
                    continue;
                }
                let mut drop_loop = false;
                for a in list.iter().filter(|a| Some(a.kind) == loop_kind) {
                    match *loops.entry(a.node).or_insert_with(|| strip_loop_locations(metadata, a.node)) {
                        LoopStrip::Kept => {}
                        LoopStrip::Rewritten => changed = true,
                        LoopStrip::Empty => {
                            drop_loop = true;
                            changed = true;
                        }
                    }
                }
                if drop_loop {
                    list.retain(|a| Some(a.kind) != loop_kind);
                }
            }
        }
    }
    changed.then_some(version)
}

/// What dropping debug locations did to a loop's properties.
#[derive(Clone, Copy)]
enum LoopStrip {
    /// It had none.
    Kept,
    /// They were dropped from it (in place: a loop's properties are `distinct`).
    Rewritten,
    /// Nothing else was left: the attachment goes.
    Empty,
}

/// Drops the debug locations among a loop's properties (`distinct !{!self, …}`).
fn strip_loop_locations(md: &mut Metadata, id: MdId) -> LoopStrip {
    let is_location = |md: &Metadata, op: Option<MdId>| {
        op.is_some_and(|o| matches!(md.get(o), MdNode::Special { kind, .. } if &**kind == "DILocation"))
    };
    let MdNode::Tuple { distinct: Some(distinct), ops } = md.get(id) else { return LoopStrip::Kept };
    if ops.first() != Some(&Some(id)) || !ops.iter().any(|&o| is_location(md, o)) {
        return LoopStrip::Kept;
    }
    let kept: Box<[Option<MdId>]> = ops.iter().copied().filter(|&o| !is_location(md, o)).collect();
    if kept.len() == 1 {
        return LoopStrip::Empty;
    }
    let distinct = Some(*distinct);
    md.define(id, MdNode::Tuple { distinct, ops: kept });
    LoopStrip::Rewritten
}
