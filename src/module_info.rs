//! What a module holds, in a few facts a tool asks about first: its functions (which are kernels),
//! global variables, pointer dialect and `!nvvmir.version`. Used by the Python bindings.

use nvir_llvm::ir::types::Dialect;
use nvir_llvm::ir::{MdNode, Module};
use nvir_verify::{annotation_properties, md_int};

/// A function of a module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionInfo {
    /// Its name, without `@`.
    pub name: String,
    /// Whether it has a body.
    pub is_definition: bool,
    /// Whether it is a kernel (`ptx_kernel`, or `"kernel"` in `!nvvm.annotations`).
    pub is_kernel: bool,
    /// Its linkage keyword (empty for the default, external).
    pub linkage: &'static str,
}

/// A global variable of a module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlobalInfo {
    /// Its name, without `@`.
    pub name: String,
    /// Its address space.
    pub addr_space: u32,
    /// Whether it is `constant`.
    pub is_constant: bool,
    /// Whether it has an initializer (is defined here).
    pub is_definition: bool,
    /// Its linkage keyword (empty for the default, external).
    pub linkage: &'static str,
}

/// The facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleInfo {
    /// Functions in module order.
    pub functions: Vec<FunctionInfo>,
    /// Global variables in module order.
    pub globals: Vec<GlobalInfo>,
    /// `typed`, `opaque` or `none` (no pointer type at all).
    pub dialect: &'static str,
    /// The operands of the first `!nvvmir.version` node (`[2, 0]` or `[2, 0, 3, 2]`), when any.
    pub nvvmir_version: Option<Vec<u64>>,
    /// The target triple.
    pub triple: Option<String>,
    /// The data layout.
    pub data_layout: Option<String>,
}

/// The globals `!nvvm.annotations` marks `"kernel"` (with a non-zero value, or none).
fn annotated_kernels(m: &Module) -> std::collections::HashSet<String> {
    annotation_properties(m)
        .into_iter()
        .filter(|&(_, key, value)| key == b"kernel" && value.and_then(|v| md_int(m, v)) != Some(0))
        .map(|(global, _, _)| global.to_string())
        .collect()
}

/// The facts of `m`.
pub fn module_info(m: &Module) -> ModuleInfo {
    /// `ptx_kernel`'s calling convention number.
    const PTX_KERNEL: u32 = 71;
    let kernels = annotated_kernels(m);
    let functions = m
        .functions
        .iter()
        .map(|(_, f)| FunctionInfo {
            name: f.name.to_string(),
            is_definition: f.is_definition,
            is_kernel: f.cc == PTX_KERNEL || kernels.contains(&*f.name),
            linkage: f.props.linkage.keyword(),
        })
        .collect();
    let globals = m
        .globals
        .iter()
        .map(|(_, g)| GlobalInfo {
            name: g.name.to_string(),
            addr_space: g.props.addr_space,
            is_constant: g.is_constant,
            is_definition: g.init.is_some(),
            linkage: g.props.linkage.keyword(),
        })
        .collect();
    let dialect = match m.types.dialect() {
        Some(Dialect::TypedPointers) => "typed",
        Some(Dialect::OpaquePointers) => "opaque",
        _ => "none",
    };
    let nvvmir_version = m.metadata.named.iter().find(|n| &*n.name == "nvvmir.version").and_then(|nm| {
        let MdNode::Tuple { ops, .. } = m.metadata.get(*nm.nodes.first()?) else { return None };
        ops.iter().map(|o| o.and_then(|o| md_int(m, o))).collect()
    });
    let text = |b: &Option<Box<[u8]>>| b.as_deref().map(|b| String::from_utf8_lossy(b).into_owned());
    ModuleInfo {
        functions,
        globals,
        dialect,
        nvvmir_version,
        triple: text(&m.triple),
        data_layout: text(&m.data_layout),
    }
}
