//! Rules of LLVM's own IR verifier (`Verifier.cpp`) and reader (`LLParser.cpp`) that libNVVM runs
//! on both paths, each measured on libNVVM with a family of probes (`llvmverifier/` in
//! `scripts/probe/axes.py`): the violations and the valid neighbours they must not catch.

use crate::{Cx, Findings, Location};
use nvir_llvm::ir::metadata::{MdField, MdId, MdNode};
use nvir_llvm::ir::types::NamedStructId;
use nvir_llvm::ir::{InstKind, Module, TypeData, TypeId};

/// A field of a `!DIxxx(…)` node: `None` when not written.
fn field<'a>(fields: &'a [(Box<str>, MdField)], name: &str) -> Option<&'a MdField> {
    fields.iter().find(|(n, _)| &**n == name).map(|(_, v)| v)
}

/// Whether a `!DISubprogram` is a definition: `isDefinition:` (true unless written false), or,
/// where `spFlags:` is written, its `DISPFlagDefinition`.
fn sp_is_definition(fields: &[(Box<str>, MdField)]) -> bool {
    match field(fields, "spFlags") {
        Some(MdField::Word(w)) => w.split('|').any(|f| f.trim() == "DISPFlagDefinition"),
        Some(MdField::Int(n)) => n & 8 != 0,
        Some(_) => false,
        None => !matches!(field(fields, "isDefinition"), Some(MdField::Bool(false))),
    }
}

/// What the readers refuse in debug-info nodes, at the end of the text where the nodes are
/// (`llvmverifier/sp_*`): the modern reader wants a non-null `type:` on every `!DISubprogram`
/// (LLVM 22 itself does not: NVIDIA's reader does); both want a definition `distinct`.
pub(crate) fn check_reader_metadata(cx: &Cx, out: &mut Findings) {
    for (_, node) in cx.m.metadata.iter() {
        let MdNode::Special { distinct, kind, fields } = node else { continue };
        if &**kind != "DISubprogram" {
            continue;
        }
        let message = if cx.llvm7() {
            (distinct.is_none() && sp_is_definition(fields))
                .then_some("parse missing 'distinct', required for !DISubprogram when 'isDefinition'")
        } else {
            match field(fields, "type") {
                Some(MdField::Null) => Some("parse 'type' cannot be null"),
                None => Some("parse missing required field 'type'"),
                Some(_) => (distinct.is_none() && sp_is_definition(fields))
                    .then_some("parse missing 'distinct', required for !DISubprogram that is a Definition"),
            }
        };
        if let Some(message) = message {
            out.parse("llvm-reader-metadata", message, None);
            out.help(if message.contains("distinct") {
                "write `distinct !DISubprogram(…)` for a definition, or `isDefinition: false`"
            } else {
                "give the subprogram a `type: !DISubroutineType(types: …)`; libNVVM's modern reader requires it"
            });
            return;
        }
    }
}

/// The identified structs `t` holds by value (not through a pointer), looking through literal
/// structs, arrays and vectors (whose nesting the readers bound), not into identified ones.
fn named_by_value(m: &Module, t: TypeId, out: &mut Vec<NamedStructId>) {
    match m.types.get(t) {
        TypeData::Named(id) => out.push(*id),
        TypeData::Struct(body) => body.fields.iter().for_each(|&f| named_by_value(m, f, out)),
        TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => named_by_value(m, *elem, out),
        _ => {}
    }
}

/// Whether `t` has no size by itself (leaving out the identified structs it holds).
fn unsized_here(m: &Module, t: TypeId) -> bool {
    match m.types.get(t) {
        TypeData::Void | TypeData::Label | TypeData::Metadata | TypeData::Token | TypeData::Function { .. } => true,
        TypeData::Struct(body) => body.fields.iter().any(|&f| unsized_here(m, f)),
        TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => unsized_here(m, *elem),
        _ => false,
    }
}

/// The modern reader refuses an identified struct that holds itself by value, when its body
/// closes the cycle (`llvmverifier/recursive_*`: the struct defined last of the cycle, used or
/// not). LLVM 7's reader takes it, and its verifier refuses only an `alloca` of it.
///
/// Read in definition order, the first struct whose body closes a cycle is the one at which the
/// structs defined so far first hold a cycle: found by a binary search over that order, each
/// step a linear topological sort, so that long chains cost n log n (no recursion either).
pub(crate) fn check_reader_recursive(cx: &Cx, out: &mut Findings) {
    let m = cx.m;
    let n = m.types.named_structs().len();
    // Each defined struct's place in definition order, and the structs its body holds by value.
    let mut time = vec![usize::MAX; n];
    let mut edges: Vec<Vec<NamedStructId>> = vec![Vec::new(); n];
    let mut order = Vec::new();
    for (id, s) in m.types.named_structs() {
        let Some(body) = &s.body else { continue };
        time[id.index()] = order.len();
        order.push(id);
        body.fields.iter().for_each(|&f| named_by_value(m, f, &mut edges[id.index()]));
    }
    // Whether the structs defined up to place `k` hold a cycle (Kahn's algorithm).
    let cyclic_upto = |k: usize| {
        let live = |id: NamedStructId| time[id.index()] <= k;
        let mut indegree = vec![0u32; n];
        for &u in &order[..=k] {
            for &v in &edges[u.index()] {
                if live(v) {
                    indegree[v.index()] += 1;
                }
            }
        }
        let mut ready: Vec<NamedStructId> = order[..=k].iter().copied().filter(|u| indegree[u.index()] == 0).collect();
        let mut done = 0;
        while let Some(u) = ready.pop() {
            done += 1;
            for &v in &edges[u.index()] {
                if live(v) {
                    indegree[v.index()] -= 1;
                    if indegree[v.index()] == 0 {
                        ready.push(v);
                    }
                }
            }
        }
        done <= k
    };
    if order.is_empty() || !cyclic_upto(order.len() - 1) {
        return;
    }
    let (mut lo, mut hi) = (0, order.len() - 1);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if cyclic_upto(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    let name = &m.types.named(order[lo]).name;
    out.parse("llvm-reader-type", format!("parse identified structure type '{name}' is recursive"), None);
    out.help("hold the struct through a pointer");
}

/// Whether each identified struct has a size: a body, nothing unsized in it and no struct it
/// holds by value without one or holding itself (0 not known, 1 being looked at, 2 sized, 3
/// not). Found without recursion over the structs, whatever the length of a chain of them.
fn sized_structs(m: &Module) -> Vec<u8> {
    let n = m.types.named_structs().len();
    let mut memo = vec![0u8; n];
    let mut deps = Vec::new();
    for (root, _) in m.types.named_structs() {
        if memo[root.index()] != 0 {
            continue;
        }
        // Frames of (struct, the structs it holds, the next of them to look at).
        let mut stack: Vec<(NamedStructId, Vec<NamedStructId>, usize)> = Vec::new();
        let open = |id: NamedStructId, memo: &mut Vec<u8>, deps: &mut Vec<NamedStructId>| {
            memo[id.index()] = 1;
            deps.clear();
            match &m.types.named(id).body {
                Some(body) if !body.fields.iter().any(|&f| unsized_here(m, f)) => {
                    body.fields.iter().for_each(|&f| named_by_value(m, f, deps));
                    Some(deps.clone())
                }
                _ => None,
            }
        };
        match open(root, &mut memo, &mut deps) {
            Some(d) => stack.push((root, d, 0)),
            None => memo[root.index()] = 3,
        }
        while let Some((id, d, next)) = stack.last_mut() {
            let Some(&dep) = d.get(*next) else {
                memo[id.index()] = 2;
                stack.pop();
                continue;
            };
            *next += 1;
            match memo[dep.index()] {
                2 => continue,
                0 => match open(dep, &mut memo, &mut deps) {
                    Some(dd) => {
                        stack.push((dep, dd, 0));
                        continue;
                    }
                    None => memo[dep.index()] = 3,
                },
                _ => {}
            }
            // `dep` has no size (or is being looked at: a cycle): nor has any struct on the way.
            for (up, ..) in stack.drain(..) {
                memo[up.index()] = 3;
            }
        }
    }
    memo
}

/// Whether a type has a size, given [`sized_structs`].
fn sized(m: &Module, t: TypeId, structs: &[u8]) -> bool {
    if unsized_here(m, t) {
        return false;
    }
    let mut held = Vec::new();
    named_by_value(m, t, &mut held);
    held.iter().all(|id| structs.get(id.index()) == Some(&2))
}

/// The first `alloca` of an unsized type (`llvmverifier/unsized_*`): `Cannot allocate unsized
/// type`, from the modern reader and from LLVM 7's verifier. `void` and function types stop both
/// readers earlier, as nvir's does.
fn unsized_alloca(cx: &Cx) -> Option<Location> {
    let m = cx.m;
    // Only an identified struct makes an unsized type an `alloca` can name: with none unsized,
    // no instruction needs looking at.
    let memo = sized_structs(m);
    if memo.iter().all(|&s| s == 2) {
        return None;
    }
    for (_, f) in m.functions.iter() {
        for &b in &f.layout {
            for &i in &f.blocks[b].insts {
                if let InstKind::Alloca { ty, .. } = &f.insts[i].kind {
                    if !sized(m, *ty, &memo) {
                        return Some(Location::instruction(f, b, i));
                    }
                }
            }
        }
    }
    None
}

/// [`unsized_alloca`] on the modern path, where the reader stops at it.
pub(crate) fn check_reader_alloca(cx: &Cx, out: &mut Findings) {
    if let Some(at) = unsized_alloca(cx) {
        out.parse("llvm-reader-alloca", "parse Cannot allocate unsized type", at.offset());
        out.help("allocate a type with a body (define the struct, or hold it through a pointer)");
    }
}

/// LLVM's verifier on each function, the rules measured so far (`llvmverifier/`): its
/// `"frame-pointer"` value (the modern path; LLVM 7 did not check it), its `!prof`, then its
/// instructions' `!fpmath`, `!range` and `!align` and a `resume` without a personality; on LLVM
/// 7's path also [`unsized_alloca`] (the modern reader stops at that earlier).
pub(crate) fn check_functions(cx: &Cx, out: &mut Findings) {
    let m = cx.m;
    let kinds = ["fpmath", "range", "align"].map(|k| m.metadata.find_kind(k));
    let prof = m.metadata.find_kind("prof");
    for (_, f) in m.functions.iter() {
        let at = || Location::Function { name: f.name.to_string(), offset: f.source.start };
        if !cx.llvm7() {
            let fp = m.attrs[f.fn_attrs].0.iter().find_map(|a| match a {
                nvir_llvm::ir::Attr::Str(k, v) if &**k == "frame-pointer" => Some(v.as_deref().unwrap_or("")),
                _ => None,
            });
            if let Some(v) = fp.filter(|v| !matches!(*v, "all" | "non-leaf" | "none" | "reserved")) {
                out.error("llvm-fn-attr", format!("invalid value for 'frame-pointer' attribute: {v}"), at());
                out.help("write \"frame-pointer\"=\"none\", \"non-leaf\", \"all\" or \"reserved\"");
                return;
            }
        }
        if let Some(node) = prof.and_then(|k| f.props.metadata.iter().find(|a| a.kind == k)).map(|a| a.node) {
            if let Some(message) = prof_problem(m, node) {
                out.error("llvm-fn-prof", message, at());
                return;
            }
        }
        if f.is_definition {
            for &b in &f.layout {
                for &i in &f.blocks[b].insts {
                    let inst = &f.insts[i];
                    let message = if matches!(inst.kind, InstKind::Resume(..)) && f.personality.is_none() {
                        Some("ResumeInst needs to be in a function with a personality.")
                    } else if let Some(message) = call_args_problem(cx, &inst.kind) {
                        Some(message)
                    } else if f.metadata_of(inst).is_empty() {
                        None
                    } else {
                        inst_md_problem(m, inst, f.metadata_of(inst), kinds)
                    };
                    if let Some(message) = message {
                        out.error("llvm-inst-md", message, Location::instruction(f, b, i));
                        return;
                    }
                }
            }
        }
    }
    if !cx.llvm7() {
        return;
    }
    if let Some(at) = unsized_alloca(cx) {
        out.error("llvm-unsized-alloca", "Cannot allocate unsized type", at);
        out.help("allocate a type with a body (define the struct, or hold it through a pointer)");
    }
}

/// The operands of a tuple node (`None` for another kind of node).
fn tuple(m: &Module, id: MdId) -> Option<&[Option<MdId>]> {
    match m.metadata.get(id) {
        MdNode::Tuple { ops, .. } => Some(ops),
        _ => None,
    }
}

/// A metadata operand's constant (`float 1.0`, `i8 0`).
fn md_const(m: &Module, op: Option<MdId>) -> Option<&nvir_llvm::ir::ConstData> {
    match m.metadata.get(op?) {
        MdNode::Value(_, nvir_llvm::ir::Value::Const(c)) => Some(&m.consts[*c]),
        _ => None,
    }
}

/// LLVM's verifier on a function's `!prof`.
fn prof_problem(m: &Module, node: MdId) -> Option<&'static str> {
    let ops = tuple(m, node)?;
    if ops.len() < 2 {
        return Some("!prof annotations should have no less than 2 operands");
    }
    let Some(name) = ops[0] else { return Some("first operand should not be null") };
    let MdNode::String(name) = m.metadata.get(name) else {
        return Some("expected string with name of the !prof annotation");
    };
    if !matches!(&name[..], b"function_entry_count" | b"synthetic_function_entry_count") {
        return Some("first operand should be 'function_entry_count' or 'synthetic_function_entry_count'");
    }
    match ops[1].map(|o| m.metadata.get(o)) {
        None => Some("second operand should not be null"),
        Some(MdNode::Value(..)) => None,
        Some(_) => Some("expected integer argument to function_entry_count"),
    }
}

/// LLVM's verifier on an instruction's `!fpmath`, `!range` and `!align`, in that order.
fn inst_md_problem(
    m: &Module,
    inst: &nvir_llvm::ir::Instruction,
    attachments: &[nvir_llvm::ir::MdAttachment],
    [fpmath, range, align]: [Option<nvir_llvm::ir::MdKind>; 3],
) -> Option<&'static str> {
    use nvir_llvm::ir::{ConstData, FloatKind};
    let node =
        |k: Option<nvir_llvm::ir::MdKind>| k.and_then(|k| attachments.iter().find(|a| a.kind == k)).map(|a| a.node);
    let scalar = |t: TypeId| match m.types.get(t) {
        TypeData::Vector { elem, .. } => *elem,
        _ => t,
    };
    if let Some(md) = node(fpmath) {
        if !matches!(m.types.get(scalar(inst.ty)), TypeData::Float(_)) {
            return Some("fpmath requires a floating point result!");
        }
        let ops = tuple(m, md).unwrap_or(&[]);
        if ops.len() != 1 {
            return Some("fpmath takes one operand!");
        }
        let Some(ConstData::Float { ty, bits }) = md_const(m, ops[0]) else {
            return Some("invalid fpmath accuracy!");
        };
        if !matches!(m.types.get(*ty), TypeData::Float(FloatKind::Float)) {
            return Some("fpmath accuracy must have float type");
        }
        let v = f32::from_bits(bits.get() as u32);
        if !(v.is_finite() && v > 0.0) {
            return Some("fpmath accuracy not a positive number!");
        }
    }
    if let Some(md) = node(range) {
        if !matches!(inst.kind, InstKind::Load { .. } | InstKind::Call { .. } | InstKind::Invoke { .. }) {
            return Some("Ranges are only for loads, calls and invokes!");
        }
        let ops = tuple(m, md).unwrap_or(&[]);
        if !ops.len().is_multiple_of(2) {
            return Some("Unfinished range!");
        }
        if ops.is_empty() {
            return Some("It should have at least one range!");
        }
        let want = scalar(inst.ty);
        for (i, &op) in ops.iter().enumerate() {
            let Some(ConstData::Int { ty, .. }) = md_const(m, op) else {
                return Some(if i % 2 == 0 {
                    "The lower limit must be an integer!"
                } else {
                    "The upper limit must be an integer!"
                });
            };
            if *ty != want {
                return Some("Range types must match instruction type!");
            }
        }
    }
    if let Some(md) = node(align) {
        if !matches!(m.types.get(inst.ty), TypeData::Pointer { .. }) {
            return Some("align applies only to pointer types");
        }
        if !matches!(inst.kind, InstKind::Load { .. }) {
            return Some("align applies only to load instructions, use attributes for calls or invokes");
        }
        let ops = tuple(m, md).unwrap_or(&[]);
        if ops.len() != 1 {
            return Some("align takes one operand!");
        }
        let value = match md_const(m, ops[0]) {
            Some(ConstData::Int { ty, value }) if matches!(m.types.get(*ty), TypeData::Int(64)) => value,
            _ => return Some("align metadata value must be an i64!"),
        };
        if !matches!(value, nvir_llvm::ir::ApInt::Small(v) if v.is_power_of_two()) {
            return Some("align metadata value must be a power of 2!");
        }
    }
    None
}

/// Debug-info kinds that are types (`isType`: these or null).
fn is_type(m: &Module, id: MdId) -> bool {
    matches!(m.metadata.get(id), MdNode::Special { kind, .. } if matches!(&**kind,
        "DIBasicType" | "DIDerivedType" | "DICompositeType" | "DISubroutineType" | "DIStringType"
        | "DISubrangeType" | "DIFixedPointType"))
}

/// LLVM's verifier on debug-info nodes, the rules measured so far (`llvmverifier/`):
/// a derived type's base is a type, and only a pointer or reference has a DWARF address space;
/// a global variable definition has a type; on LLVM 7's path a subprogram definition has a unit.
pub(crate) fn check_di(cx: &Cx, out: &mut Findings) {
    let m = cx.m;
    for (_, node) in m.metadata.iter() {
        let MdNode::Special { kind, fields, .. } = node else { continue };
        let message = match &**kind {
            "DIDerivedType" => {
                let base_ok = match field(fields, "baseType") {
                    None | Some(MdField::Null) => true,
                    Some(MdField::Ref(id)) => is_type(m, *id),
                    Some(_) => false,
                };
                let tag = match field(fields, "tag") {
                    Some(MdField::Word(w)) => &**w,
                    _ => "",
                };
                if !base_ok {
                    Some("invalid base type")
                } else if field(fields, "dwarfAddressSpace").is_some()
                    && !matches!(tag, "DW_TAG_pointer_type" | "DW_TAG_reference_type" | "DW_TAG_rvalue_reference_type")
                {
                    Some("DWARF address space only applies to pointer or reference types")
                } else {
                    None
                }
            }
            "DIGlobalVariable" => (!matches!(field(fields, "isDefinition"), Some(MdField::Bool(false)))
                && matches!(field(fields, "type"), None | Some(MdField::Null)))
            .then_some("missing global variable type"),
            "DISubprogram" if cx.llvm7() => (sp_is_definition(fields)
                && matches!(field(fields, "unit"), None | Some(MdField::Null)))
            .then_some("subprogram definitions must have a compile unit"),
            _ => None,
        };
        if let Some(message) = message {
            out.error("llvm-di", message, Location::Module);
            return;
        }
    }
}

/// `!llvm.ident` (both paths) and `!llvm.commandline` (the modern path; LLVM 7 did not check
/// it): each entry one string (`llvmverifier/llvm_ident_*`, `llvm_commandline_*`). LLVM 7's
/// path fails on a `null` operand without a message.
pub(crate) fn check_idents(cx: &Cx, out: &mut Findings) {
    let m = cx.m;
    for list in ["llvm.ident", "llvm.commandline"] {
        if list == "llvm.commandline" && cx.llvm7() {
            continue;
        }
        let Some(nm) = m.metadata.named.iter().find(|n| &*n.name == list) else { continue };
        for &node in &nm.nodes {
            let MdNode::Tuple { ops, .. } = m.metadata.get(node) else { continue };
            let message = if ops.len() != 1 {
                format!("incorrect number of operands in {list} metadata")
            } else if !matches!(ops[0].map(|o| m.metadata.get(o)), Some(MdNode::String(_))) {
                format!("invalid value for {list} metadata entry operand(the operand should be a string)")
            } else {
                continue;
            };
            out.error("llvm-ident", message, Location::Module);
            out.help(format!("write each `!{list}` entry as `!{{!\"text\"}}`"));
            return;
        }
    }
}

/// LLVM's verifier on each function's and variable's comdat and DLL storage, and on the
/// intrinsic variables' types (`llvmverifier/comdat_*`, `dll_*`, `llvm_used_*`,
/// `llvm_global_ctors_*`), on what each path keeps. The LLVM 7 path prints an empty log for all
/// of them; its messages are LLVM 7's.
pub(crate) fn check_global_values(cx: &Cx, out: &mut Findings) {
    use nvir_llvm::ir::module::{DllStorage, Linkage, Visibility};
    let m = cx.m;
    let llvm7 = cx.llvm7();
    let mut values: Vec<(&str, &nvir_llvm::ir::GlobalProps, bool, Option<u32>)> = Vec::new();
    for (_, f) in m.functions.iter() {
        values.push((&f.name, &f.props, !f.is_definition, f.source.start));
    }
    for (_, g) in m.globals.iter() {
        values.push((&g.name, &g.props, g.init.is_none(), g.source));
    }
    for (name, props, declaration, offset) in values {
        if cx.dropped(name, props.linkage, declaration) {
            continue;
        }
        let at = || Location::Global { name: name.to_string(), offset };
        let linkage = props.linkage;
        let (code, message) = if props.comdat.is_some() && (declaration || linkage == Linkage::AvailableExternally) {
            ("llvm-comdat", "Declaration may not be in a Comdat!")
        } else if props.comdat.is_some() && linkage == Linkage::Common {
            ("llvm-comdat", "'common' global may not be in a Comdat!")
        } else if props.comdat.is_some() && linkage == Linkage::Private && llvm7 {
            ("llvm-comdat", "comdat global value has private linkage")
        } else if props.dll == DllStorage::Import && props.visibility != Visibility::Default {
            ("llvm-dll", "dllimport GlobalValue must have default visibility")
        } else if props.dll == DllStorage::Export && props.visibility == Visibility::Hidden && !llvm7 {
            ("llvm-dll", "dllexport GlobalValue must have default or protected visibility")
        } else {
            continue;
        };
        out.error(code, message, at());
        if llvm7 {
            out.help("libNVVM's LLVM 7 path prints nothing for this (measured)");
        }
        return;
    }
    for (_, g) in m.globals.iter() {
        let message = match &*g.name {
            "llvm.used" | "llvm.compiler.used" => {
                let TypeData::Array { elem, .. } = m.types.get(g.ty) else { continue };
                if !matches!(m.types.get(*elem), TypeData::Pointer { .. }) {
                    "wrong type for intrinsic global variable"
                } else if g.init.is_some_and(|i| !constant_array(m, i)) {
                    "wrong initializer for intrinsic global variable"
                } else {
                    continue;
                }
            }
            "llvm.global_ctors" | "llvm.global_dtors" => {
                let TypeData::Array { elem, .. } = m.types.get(g.ty) else { continue };
                let fields = match m.types.get(*elem) {
                    TypeData::Struct(body) => &body.fields[..],
                    TypeData::Named(id) => m.types.named(*id).body.as_ref().map_or(&[][..], |b| &b.fields[..]),
                    _ => &[],
                };
                let ok = matches!(fields.len(), 2 | 3)
                    && matches!(m.types.get(fields[0]), TypeData::Int(32))
                    && match m.types.get(fields[1]) {
                        TypeData::Pointer { addr_space: 0, pointee: None } => true,
                        TypeData::Pointer { addr_space: 0, pointee: Some(p) } => {
                            !llvm7
                                || matches!(
                                    m.types.get(*p),
                                    TypeData::Function { ret, params, vararg: false }
                                        if params.is_empty() && matches!(m.types.get(*ret), TypeData::Void)
                                )
                        }
                        _ => false,
                    };
                if ok {
                    continue;
                }
                "wrong type for intrinsic global variable"
            }
            _ => continue,
        };
        out.error("llvm-intrinsic-global", message, Location::Global { name: g.name.to_string(), offset: g.source });
        if llvm7 {
            out.help("libNVVM's LLVM 7 path prints nothing for this (measured)");
        }
        return;
    }
}

/// Whether a constant is what LLVM keeps as a `ConstantArray`: an array with an element other than
/// zero (one of nothing but nulls and zeros is folded to `zeroinitializer`).
fn constant_array(m: &Module, c: nvir_llvm::ir::ConstId) -> bool {
    use nvir_llvm::ir::ConstData;
    match &m.consts[c] {
        ConstData::Array { elems, .. } => {
            elems.iter().any(|&e| !matches!(m.consts[e], ConstData::Null(_) | ConstData::Zero(_)))
        }
        _ => false,
    }
}

/// LLVM's verifier on a call's arguments (`llvmverifier/vararg_*`): no `sret` on a variadic
/// argument, and a `returned` argument of the call's result type.
fn call_args_problem(cx: &Cx, kind: &InstKind) -> Option<&'static str> {
    let m = cx.m;
    let (InstKind::Call { call, .. } | InstKind::Invoke { call, .. }) = kind else { return None };
    let TypeData::Function { ret, params, .. } = m.types.get(call.fn_ty) else { return None };
    for (i, a) in call.args.iter().enumerate() {
        if m.attrs[a.attrs].0.is_empty() {
            continue;
        }
        if i >= params.len() && crate::attrs::has(cx, a.attrs, "sret") {
            return Some("Attribute 'sret' cannot be used for vararg call arguments!");
        }
        if crate::attrs::has(cx, a.attrs, "returned") {
            let same = a.ty == *ret
                || matches!((m.types.get(a.ty), m.types.get(*ret)),
                    (TypeData::Pointer { addr_space: x, .. }, TypeData::Pointer { addr_space: y, .. }) if x == y);
            if !same {
                return Some("Incompatible argument and return types for 'returned' attribute");
            }
        }
    }
    None
}
