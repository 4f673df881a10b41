//! Kernels kept alive through link-time optimization.
//!
//! nvJitLink's LTO keeps a kernel only when `@llvm.used` lists it: measured with CUDA 13.5 at
//! sm_90, a converted clang kernel with external linkage and its `!nvvm.annotations` entry links
//! into a cubin without it, and with it once `@llvm.used` names it (as LTO-IR from nvcc does).

use super::Note;
use crate::ir::build::Builder;
use crate::ir::constant::{ConstData, ConstExpr, ConstId, ExprOp};
use crate::ir::instruction::CastOp;
use crate::ir::metadata::MdNode;
use crate::ir::module::{GlobalDef, Linkage, Module, SymbolId};
use crate::ir::types::{Dialect, TypeData};
use crate::ir::value::Value;

/// The global a constant names, through casts.
pub(crate) fn symbol_of(m: &Module, mut c: ConstId) -> Option<SymbolId> {
    for _ in 0..16 {
        match &m.consts[c] {
            ConstData::Global { global, .. } => return Some(*global),
            ConstData::Expr(e) if matches!(e.op, ExprOp::Cast(_)) => c = *e.operands.first()?,
            _ => return None,
        }
    }
    None
}

/// The kernels a module defines: `ptx_kernel` functions and those `!nvvm.annotations` marks
/// `"kernel"`, in definition order.
pub fn kernels(m: &Module) -> Vec<SymbolId> {
    let mut annotated = Vec::new();
    for nm in m.metadata.named.iter().filter(|n| &*n.name == "nvvm.annotations") {
        for &node in &nm.nodes {
            let MdNode::Tuple { ops, .. } = m.metadata.get(node) else { continue };
            let Some(Some(first)) = ops.first() else { continue };
            let MdNode::Value(_, Value::Const(c)) = m.metadata.get(*first) else { continue };
            let is_kernel = ops[1..].chunks(2).any(|kv| {
                matches!(kv.first(), Some(Some(k)) if matches!(m.metadata.get(*k), MdNode::String(s) if &**s == b"kernel"))
            });
            if let (true, Some(s)) = (is_kernel, symbol_of(m, *c)) {
                annotated.push(s);
            }
        }
    }
    m.symbols
        .iter()
        .filter(|(id, s)| match s.def {
            Some(GlobalDef::Func(f)) => {
                let f = &m.functions[f];
                f.is_definition && (f.cc == 71 || annotated.contains(id))
            }
            _ => false,
        })
        .map(|(id, _)| id)
        .collect()
}

/// The globals `@llvm.used` lists.
pub fn used(m: &Module) -> Vec<SymbolId> {
    m.globals
        .iter()
        .filter(|(_, g)| &*g.name == "llvm.used")
        .filter_map(|(_, g)| g.init)
        .flat_map(|c| match &m.consts[c] {
            ConstData::Array { elems, .. } => elems.to_vec(),
            _ => Vec::new(),
        })
        .filter_map(|c| symbol_of(m, c))
        .collect()
}

/// Adds every kernel `@llvm.used` does not list to it (creating it if needed), so that LTO
/// keeps it; a note names them.
pub fn keep_kernels(m: &mut Module) -> Vec<Note> {
    let listed = used(m);
    let missing: Vec<SymbolId> = kernels(m).into_iter().filter(|k| !listed.contains(k)).collect();
    if missing.is_empty() {
        return Vec::new();
    }
    let names: Vec<String> = missing.iter().map(|&s| format!("@{}", m.symbols[s].name)).collect();
    add_to_used(m, &missing);
    vec![Note {
        function: None,
        message: format!(
            "added {} to @llvm.used, so that link-time optimization keeps {}",
            names.join(", "),
            if names.len() == 1 { "it" } else { "them" }
        ),
    }]
}

/// Appends `symbols` to `@llvm.used` (creating it if needed) as `i8*` (`ptr`), each through a
/// `bitcast`, or an `addrspacecast` from another address space, as LLVM's `appendToUsed` does.
pub(crate) fn add_to_used(m: &mut Module, symbols: &[SymbolId]) {
    let typed = m.types.dialect() == Some(Dialect::TypedPointers);
    let mut b = Builder::new(m, if typed { Dialect::TypedPointers } else { Dialect::OpaquePointers });
    let i8t = b.int(8);
    let elem = b.ptr(i8t, 0);
    let mut elems: Vec<ConstId> = Vec::new();
    let old = b.symbol("llvm.used");
    if let Some(GlobalDef::Var(g)) = old.and_then(|s| b.module().symbols[s].def) {
        if let Some(init) = b.module().globals[g].init {
            if let ConstData::Array { elems: e, .. } = &b.module().consts[init] {
                elems.extend(e.iter().copied());
            }
        }
    }
    for &s in symbols {
        let addr = b.address_of(s);
        let m = b.module();
        let ty = m.const_ty(addr);
        let c = if ty == elem {
            addr
        } else {
            let other_space = matches!(m.types.get(ty), TypeData::Pointer { addr_space, .. } if *addr_space != 0);
            let op = if other_space { CastOp::AddrSpaceCast } else { CastOp::BitCast };
            m.constant(ConstData::Expr(Box::new(ConstExpr {
                op: ExprOp::Cast(op),
                ty: elem,
                flags: 0,
                operands: Box::new([addr]),
                source_ty: None,
                indices: Box::new([]),
                inrange: None,
            })))
        };
        elems.push(c);
    }
    let ty = b.array(elems.len() as u64, elem);
    let init = b.module().constant(ConstData::Array { ty, elems: elems.into() });
    match old.and_then(|s| b.module().symbols[s].def) {
        Some(GlobalDef::Var(g)) => {
            let gv = &mut b.module().globals[g];
            gv.ty = ty;
            gv.init = Some(init);
        }
        _ => {
            if let Ok(g) = b.global("llvm.used", ty, 0, Some(init)) {
                let gv = &mut b.module().globals[g];
                gv.props.linkage = Linkage::Appending;
                gv.props.set_section(Some("llvm.metadata".into()));
            }
        }
    }
    // The old array, if any, is left unreferenced.
    crate::ir::remap::compact_consts(m);
}
