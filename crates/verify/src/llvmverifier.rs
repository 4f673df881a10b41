//! Rules of LLVM's own IR verifier (`Verifier.cpp`) and reader (`LLParser.cpp`) that libNVVM runs
//! on both paths, each measured on libNVVM with a family of probes (`llvmverifier/` in
//! `scripts/probe/axes.py`): the violations and the valid neighbours they must not catch.

use crate::{Cx, Findings, Location};
use nvir_llvm::ir::metadata::{FieldName, MdField, MdId, MdNode};
use nvir_llvm::ir::module::{FuncId, SymbolId};
use nvir_llvm::ir::types::NamedStructId;
use nvir_llvm::ir::{Function, InstKind, MdKind, Module, TypeData, TypeId};
use rayon::prelude::*;

/// A field of a `!DIxxx(…)` node: `None` when not written.
fn field<'a>(fields: &'a [(FieldName, MdField)], name: &str) -> Option<&'a MdField> {
    fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
}

/// Whether a `!DISubprogram` is a definition: `isDefinition:` (true unless written false), or,
/// where `spFlags:` is written, its `DISPFlagDefinition`.
fn sp_is_definition(fields: &[(FieldName, MdField)]) -> bool {
    match field(fields, "spFlags") {
        Some(MdField::Word(w)) => w.split('|').any(|f| f.trim() == "DISPFlagDefinition"),
        Some(n @ (MdField::Int(_) | MdField::WideInt(_))) => n.as_int().unwrap_or_default() & 8 != 0,
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
        // LLVM 22's reader wants every `DIAssignID` distinct, wherever it is written (measured,
        // `dinewer/assignid_*`: named, unused, attached or inside another node); LLVM 7's knows
        // no such node (`syntax`).
        if &**kind == "DIAssignID" && distinct.is_none() && !cx.llvm7() {
            out.parse("llvm-reader-metadata", "parse missing 'distinct', required for !DIAssignID()", None);
            out.help("write `distinct !DIAssignID()`");
            return;
        }
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
/// One function's first problem; LLVM's verifier stops at the first problem, the first
/// function's first ([`crate::function::check_each_function`] keeps the first function's,
/// [`rest_of_functions`] takes it in).
pub(crate) fn check_functions(cx: &Cx, prepared: &Prepared, id: FuncId, f: &Function, out: &mut Findings) {
    function_problem(cx, id, f, prepared, out);
}

/// What [`check_functions`] reads besides each function, gathered once: the module's metadata
/// kinds, the scope declaration intrinsic, and the nodes where debug locations are allowed.
pub(crate) struct Prepared {
    kinds: [Option<MdKind>; 3],
    prof: Option<MdKind>,
    kcfi: Option<MdKind>,
    dbg: Option<MdKind>,
    lp: Option<MdKind>,
    scope_decl: Option<SymbolId>,
    locs_allowed: Vec<bool>,
}

impl Prepared {
    pub(crate) fn new(cx: &Cx) -> Prepared {
        let m = cx.m;
        let (dbg, lp) = (m.metadata.find_kind("dbg"), m.metadata.find_kind("llvm.loop"));
        Prepared {
            kinds: ["fpmath", "range", "align"].map(|k| m.metadata.find_kind(k)),
            prof: m.metadata.find_kind("prof"),
            kcfi: m.metadata.find_kind("kcfi_type"),
            dbg,
            lp,
            scope_decl: m
                .symbols
                .iter()
                .find(|(_, s)| &*s.name == "llvm.experimental.noalias.scope.decl")
                .map(|(id, _)| id),
            // The nodes LLVM's verifier visits where debug locations may be (`!dbg` and
            // `!llvm.loop` attachments): it visits each node once, so a location inside one of
            // these is no error when met again elsewhere.
            locs_allowed: if cx.llvm7() { Vec::new() } else { nodes_allowing_locations(cx, dbg, lp) },
        }
    }
}

/// [`check_functions`] once each function's first problem is known: the first function's, or
/// the module's own.
pub(crate) fn rest_of_functions(cx: &Cx, first: Option<Findings>, out: &mut Findings) {
    if let Some(found) = first {
        out.absorb(found);
        return;
    }
    if !cx.llvm7() {
        return;
    }
    if let Some(at) = unsized_alloca(cx) {
        out.error("llvm-unsized-alloca", "Cannot allocate unsized type", at);
        out.help("allocate a type with a body (define the struct, or hold it through a pointer)");
    }
}

/// [`check_functions`] of one function: its first problem.
fn function_problem(cx: &Cx, id: FuncId, f: &Function, prepared: &Prepared, out: &mut Findings) {
    let m = cx.m;
    let Prepared { kinds, prof, kcfi, dbg, lp, scope_decl, ref locs_allowed } = *prepared;
    {
        let at = || Location::Function { name: f.name.to_string(), offset: f.source.start };
        if !cx.llvm7() && !cx.function_dropped(id) {
            if let Some(message) = string_attr_problem(m, f.fn_attrs) {
                out.error("llvm-fn-attr", message, at());
                return;
            }
        }
        if !f.is_definition
            && !cx.function_dropped(id)
            && cx
                .symbols
                .of(nvir_llvm::ir::module::GlobalDef::Func(id))
                .is_some_and(|s| cx.misused.get(s.index()) == Some(&true))
        {
            out.error("llvm-intrinsic-use", "Invalid user of intrinsic instruction!", at());
            out.help("an intrinsic can only be called directly; call a function that calls it instead");
            return;
        }
        if let Some(message) = fn_md_problem(cx, id, f, prof, kcfi) {
            out.error("llvm-fn-prof", message, at());
            return;
        }
        if f.is_definition {
            if !cx.llvm7() {
                let attached = f.props.metadata().iter().filter(|a| Some(a.kind) != dbg).map(|a| a.node);
                if let Some(message) = loc_inside(m, attached, locs_allowed) {
                    out.error("llvm-di-location", message, at());
                    return;
                }
            }
            let mut scope_decls = Vec::new();
            for &b in &f.layout {
                for &i in &f.blocks[b].insts {
                    let inst = &f.insts[i];
                    let message = if matches!(inst.kind, InstKind::Resume(..)) && f.personality().is_none() {
                        Some("ResumeInst needs to be in a function with a personality.")
                    } else if let Some(message) = call_args_problem(cx, &inst.kind) {
                        Some(message)
                    } else if ptrtoaddr_narrow(m, inst) {
                        Some("PtrToAddr result must be address width")
                    } else if f.metadata_of(inst).is_empty() {
                        None
                    } else {
                        let attachments = f.metadata_of(inst);
                        inst_md_problem(m, inst, attachments, kinds)
                            .or_else(|| llvm22_md_problem(cx, inst, attachments, NOALIAS_ADDRSPACE_MD))
                            .or_else(|| more_inst_md_problem(cx, inst, attachments))
                            .or_else(|| llvm22_md_problem(cx, inst, attachments, LATER_INST_MD))
                    };
                    if let Some(message) = message {
                        out.error("llvm-inst-md", message, Location::instruction(f, b, i));
                        return;
                    }
                    if !cx.llvm7() && scope_decl.is_some_and(|d| calls(m, inst, d)) {
                        scope_decls.push((b, i));
                    }
                    if !cx.llvm7() && !f.metadata_of(inst).is_empty() {
                        let attached = f
                            .metadata_of(inst)
                            .iter()
                            .filter(|a| Some(a.kind) != dbg && Some(a.kind) != lp)
                            .map(|a| a.node);
                        if let Some(message) = loc_inside(m, attached, locs_allowed) {
                            out.error("llvm-di-location", message, Location::instruction(f, b, i));
                            return;
                        }
                    }
                }
            }
            // LLVM's `verifyNoAliasScopeDecl`, after the function's instructions
            // (`mdrules/scopedecl_*`, the modern path): each declaration names one scope.
            for (b, i) in scope_decls {
                let InstKind::Call { call, .. } = &f.insts[i].kind else { continue };
                let list = call.args.first().and_then(|a| match a.value {
                    nvir_llvm::ir::Value::Md(id) => tuple(m, id).map(|ops| (id, ops)),
                    _ => None,
                });
                let message = match list {
                    None => Some("!id.scope.list must point to an MDNode"),
                    Some((_, ops)) if ops.len() != 1 => Some("!id.scope.list must point to a list with a single scope"),
                    Some((_, ops)) => match ops[0].and_then(|o| tuple(m, o).map(|t| (o, t))) {
                        None => Some("scope list must consist of MDNodes"),
                        Some(scope) => alias_scope_problem(m, scope),
                    },
                };
                if let Some(message) = message {
                    out.error("llvm-inst-md", message, Location::instruction(f, b, i));
                    return;
                }
            }
        }
    }
}

/// A `ptrtoaddr` whose integer is not as wide as its address space's addresses, the index width
/// of the datalayout (LLVM 22's verifier; measured: `ptrtoaddr/` of `scripts/probe/axes.py`).
fn ptrtoaddr_narrow(m: &Module, inst: &nvir_llvm::ir::Instruction) -> bool {
    let InstKind::Cast { op: nvir_llvm::ir::instruction::CastOp::PtrToAddr, from, .. } = &inst.kind else {
        return false;
    };
    let scalar = |t: TypeId| match m.types.get(t) {
        TypeData::Vector { elem, .. } => *elem,
        _ => t,
    };
    let (TypeData::Pointer { addr_space, .. }, TypeData::Int(width)) =
        (m.types.get(scalar(*from)), m.types.get(scalar(inst.ty)))
    else {
        return false;
    };
    *width != m.index_bits(*addr_space)
}

/// LLVM 22's string attributes that hold `true` or `false` (its `StrBoolAttr`s, as libNVVM's
/// verifier checks them: measured, `calls/fnattr_*`; not `no-infs-fp-math`, `no-nans-fp-math`,
/// `unsafe-fp-math` or `approx-func-fp-math`).
const STR_BOOL: &[&str] = &[
    "less-precise-fpmad",
    "no-signed-zeros-fp-math",
    "no-jump-tables",
    "no-inline-line-tables",
    "profile-sample-accurate",
    "use-sample-profile",
    "loader-replaceable",
    "marked_for_windows_hot_patching",
];

/// LLVM 22's verifier on the values of a function's (or a call's) string attributes, in its
/// order (`calls/fnattr_*`, the modern path; LLVM 7 checks none): the boolean ones, then
/// `"frame-pointer"`, the patchable-entry counts and `"warn-stack-size"` (unsigned decimal
/// numbers of 32 bits), the entry section, return-address signing and branch protection.
pub(crate) fn string_attr_problem(m: &Module, set: nvir_llvm::ir::AttrSetId) -> Option<String> {
    let attrs = &m.attrs[set].0;
    let value = |name: &str| {
        attrs.iter().find_map(|a| match a {
            nvir_llvm::ir::Attr::Str(k, v) if &**k == name => Some(v.as_deref().unwrap_or("")),
            _ => None,
        })
    };
    for a in attrs.iter() {
        if let nvir_llvm::ir::Attr::Str(k, v) = a {
            let v = v.as_deref().unwrap_or("");
            if STR_BOOL.contains(&&**k) && !matches!(v, "" | "true" | "false") {
                return Some(format!("invalid value for '{k}' attribute: {v}"));
            }
        }
    }
    if let Some(v) = value("frame-pointer").filter(|v| !matches!(*v, "all" | "non-leaf" | "none" | "reserved")) {
        return Some(format!("invalid value for 'frame-pointer' attribute: {v}"));
    }
    for name in ["patchable-function-prefix", "patchable-function-entry"] {
        if let Some(v) = value(name).filter(|v| !unsigned32(v)) {
            return Some(format!("\"{name}\" takes an unsigned integer: {v}"));
        }
    }
    if value("patchable-function-entry-section").is_some_and(str::is_empty) {
        return Some("\"patchable-function-entry-section\" must not be empty".into());
    }
    if let Some(v) = value("warn-stack-size").filter(|v| !unsigned32(v)) {
        return Some(format!("\"warn-stack-size\" takes an unsigned integer: {v}"));
    }
    if let Some(v) = value("sign-return-address").filter(|v| !matches!(*v, "none" | "all" | "non-leaf")) {
        return Some(format!("invalid value for 'sign-return-address' attribute: {v}"));
    }
    if let Some(v) = value("sign-return-address-key") {
        if !matches!(v, "a_key" | "b_key") {
            return Some(format!("invalid value for 'sign-return-address-key' attribute: {v}"));
        }
        if value("sign-return-address").is_none() {
            return Some("'sign-return-address-key' present without `sign-return-address`".into());
        }
    }
    for name in ["branch-target-enforcement", "branch-protection-pauth-lr", "guarded-control-stack"] {
        if let Some(v) = value(name).filter(|v| !matches!(*v, "" | "true" | "false")) {
            return Some(format!("invalid value for '{name}' attribute: {v}"));
        }
    }
    None
}

/// Whether an instruction calls the symbol `callee` directly.
fn calls(m: &Module, inst: &nvir_llvm::ir::Instruction, callee: nvir_llvm::ir::SymbolId) -> bool {
    let InstKind::Call { call, .. } = &inst.kind else { return false };
    let nvir_llvm::ir::Value::Const(c) = call.callee else { return false };
    matches!(&m.consts[c], nvir_llvm::ir::ConstData::Global { global, .. } if *global == callee)
}

/// What [`walk`] marks from the `!dbg` attachments of functions and instructions and the
/// `!llvm.loop` attachments (the modern path).
fn nodes_allowing_locations(
    cx: &Cx,
    dbg: Option<nvir_llvm::ir::MdKind>,
    lp: Option<nvir_llvm::ir::MdKind>,
) -> Vec<bool> {
    let m = cx.m;
    // Each function's roots on all cores (a scan of every instruction), in module order.
    let functions: Vec<&Function> = m.functions.iter().map(|(_, f)| f).collect();
    let each: Vec<Vec<MdId>> = functions
        .par_iter()
        .with_min_len(64)
        .map(|f| {
            let mut roots: Vec<MdId> =
                f.props.metadata().iter().filter(|a| Some(a.kind) == dbg).map(|a| a.node).collect();
            for (_, inst) in f.insts.iter() {
                roots.extend(
                    f.metadata_of(inst).iter().filter(|a| Some(a.kind) == dbg || Some(a.kind) == lp).map(|a| a.node),
                );
            }
            roots
        })
        .collect();
    let roots: Vec<MdId> = each.into_iter().flatten().collect();
    let mut seen = vec![false; m.metadata.len()];
    walk(m, roots, &mut seen, true);
    seen
}

/// LLVM's `visitMDNode` where debug locations are not allowed (`dirules/loc_*`, the modern
/// path): an attachment other than `!dbg` and `!llvm.loop` holding a `DILocation` as an operand
/// of a node it reaches (the attachment being a location itself is no error), unless that node
/// was visited where they are allowed.
fn loc_inside(m: &Module, roots: impl Iterator<Item = MdId>, allowed: &[bool]) -> Option<&'static str> {
    let is_loc = |id: MdId| matches!(m.metadata.get(id), MdNode::Special { kind, .. } if &**kind == "DILocation");
    // Most calls have no roots, and a walk reaches few nodes: a set of those, not a flag per
    // node of the module (made per function, that was quadratic in the module's size).
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack: Vec<MdId> = roots.collect();
    while let Some(id) = stack.pop() {
        if !seen.insert(id) || allowed.get(id.index()) == Some(&true) {
            continue;
        }
        let ops: Vec<MdId> = match m.metadata.get(id) {
            MdNode::Tuple { ops, .. } => ops.iter().flatten().copied().collect(),
            MdNode::Special { fields, .. } => fields
                .iter()
                .filter_map(|(_, f)| match f {
                    MdField::Ref(r) => Some(*r),
                    _ => None,
                })
                .collect(),
            _ => continue,
        };
        if ops.iter().any(|&o| is_loc(o)) {
            return Some("DILocation not allowed within this metadata node");
        }
        stack.extend(ops);
    }
    None
}

/// LLVM's verifier on a function's attachments (`llvmverifier/prof_*`, `mdrules/prof_*`,
/// `kcfi_*`): each `!prof` (and, on the modern path, `!kcfi_type`) as written, then no `!prof`
/// on a declaration and at most one of each on a definition.
fn fn_md_problem(
    cx: &Cx,
    id: nvir_llvm::ir::module::FuncId,
    f: &nvir_llvm::ir::Function,
    prof: Option<nvir_llvm::ir::MdKind>,
    kcfi: Option<nvir_llvm::ir::MdKind>,
) -> Option<&'static str> {
    use nvir_llvm::ir::{ConstData, Value};
    let m = cx.m;
    if f.props.metadata().is_empty() {
        return None;
    }
    for a in f.props.metadata() {
        if Some(a.kind) == prof {
            if let Some(message) = prof_problem(m, a.node, !cx.llvm7()) {
                return Some(message);
            }
        } else if Some(a.kind) == kcfi && !cx.llvm7() {
            let ops = tuple(m, a.node).unwrap_or(&[]);
            if ops.len() != 1 {
                return Some("!kcfi_type must have exactly one operand");
            }
            let Some(op) = ops[0] else { return Some("!kcfi_type operand must not be null") };
            let MdNode::Value(ty, Value::Const(c)) = m.metadata.get(op) else {
                return Some("expected a constant operand for !kcfi_type");
            };
            if !matches!(m.consts[*c], ConstData::Int { .. }) {
                return Some("expected a constant integer operand for !kcfi_type");
            }
            if !matches!(m.types.get(*ty), TypeData::Int(32)) {
                return Some("expected a 32-bit integer constant operand for !kcfi_type");
            }
        }
    }
    if cx.function_dropped(id) {
        return None;
    }
    // A function's `!absolute_symbol` is checked as a variable's, functions first (`absolutefn/`).
    if !cx.llvm7() {
        if let Some(kind) = m.metadata.find_kind("absolute_symbol") {
            if let Some(message) =
                f.props.metadata().iter().filter(|a| a.kind == kind).find_map(|a| absolute_symbol_problem(m, a.node))
            {
                return Some(message);
            }
        }
    }
    let count = |k: Option<nvir_llvm::ir::MdKind>| f.props.metadata().iter().filter(|a| Some(a.kind) == k).count();
    if !f.is_definition {
        return (count(prof) > 0).then_some("function declaration may not have a !prof attachment");
    }
    if count(prof) > 1 {
        return Some("function must have a single !prof attachment");
    }
    (!cx.llvm7() && count(kcfi) > 1).then_some("function must have a single !kcfi_type attachment")
}

/// LLVM's verifier on more of an instruction's attachments, after [`inst_md_problem`]'s (whose
/// `!range` comes between `!invariant.group` and `!nonnull` in LLVM's order; one problem per
/// module is what the probes hold): `!invariant.group` (modern), `!nonnull`,
/// `!dereferenceable(_or_null)`, `!noalias`/`!alias.scope` lists and `!llvm.access.group`
/// (modern), `!memprof`, `!callsite`, `!mmra` and `!annotation` (modern) (`mdrules/`).
fn more_inst_md_problem(
    cx: &Cx,
    inst: &nvir_llvm::ir::Instruction,
    attachments: &[nvir_llvm::ir::MdAttachment],
) -> Option<&'static str> {
    let m = cx.m;
    let llvm7 = cx.llvm7();
    let node = |name: &str| {
        let k = m.metadata.find_kind(name)?;
        attachments.iter().find(|a| a.kind == k).map(|a| a.node)
    };
    let is_load = matches!(inst.kind, InstKind::Load { .. });
    let is_call = matches!(inst.kind, InstKind::Call { .. } | InstKind::Invoke { .. } | InstKind::CallBr { .. });
    let pointer = matches!(m.types.get(inst.ty), TypeData::Pointer { .. });
    if !llvm7
        && node("invariant.group").is_some()
        && !matches!(inst.kind, InstKind::Load { .. } | InstKind::Store { .. })
    {
        return Some("invariant.group metadata is only for loads and stores");
    }
    if let Some(md) = node("nonnull") {
        if !pointer {
            return Some("nonnull applies only to pointer types");
        }
        if !is_load {
            return Some("nonnull applies only to load instructions, use attributes for calls or invokes");
        }
        if !llvm7 && tuple(m, md).is_some_and(|ops| !ops.is_empty()) {
            return Some("nonnull metadata must be empty");
        }
    }
    for kind in ["dereferenceable", "dereferenceable_or_null"] {
        let Some(md) = node(kind) else { continue };
        if !pointer {
            return Some("dereferenceable, dereferenceable_or_null apply only to pointer types");
        }
        if llvm7 && !is_load {
            return Some(
                "dereferenceable, dereferenceable_or_null apply only to load instructions, use attributes for calls or invokes",
            );
        }
        if !llvm7
            && !is_load
            && !matches!(inst.kind, InstKind::Cast { op: nvir_llvm::ir::instruction::CastOp::IntToPtr, .. })
        {
            return Some("dereferenceable, dereferenceable_or_null apply only to load and inttoptr instructions, use attributes for calls or invokes");
        }
        let ops = tuple(m, md).unwrap_or(&[]);
        if ops.len() != 1 {
            return Some("dereferenceable, dereferenceable_or_null take one operand!");
        }
        let i64_const = matches!(md_const(m, ops[0]), Some(nvir_llvm::ir::ConstData::Int { ty, .. })
            if matches!(m.types.get(*ty), TypeData::Int(64)));
        if !i64_const {
            return Some("dereferenceable, dereferenceable_or_null metadata value must be an i64!");
        }
    }
    if llvm7 {
        return None;
    }
    for kind in ["noalias", "alias.scope"] {
        let Some(md) = node(kind) else { continue };
        for op in tuple(m, md).unwrap_or(&[]) {
            let Some(scope) = op.and_then(|o| tuple(m, o).map(|ops| (o, ops))) else {
                return Some("scope list must consist of MDNodes");
            };
            if let Some(message) = alias_scope_problem(m, scope) {
                return Some(message);
            }
        }
    }
    if let Some(md) = node("llvm.access.group") {
        let scope = |id: MdId| matches!(m.metadata.get(id), MdNode::Tuple { distinct: Some(_), ops } if ops.is_empty());
        if !scope(md) {
            for op in tuple(m, md).unwrap_or(&[]) {
                let Some(op) = op.filter(|o| tuple(m, *o).is_some()) else {
                    return Some("Access scope list must consist of MDNodes");
                };
                if !scope(op) {
                    return Some("Access scope list contains invalid access scope");
                }
            }
        }
    }
    let call_stack = |md: MdId| {
        let ops = tuple(m, md).unwrap_or(&[]);
        if ops.is_empty() {
            return Some("call stack metadata should have at least 1 operand");
        }
        (!ops.iter().all(|&o| matches!(md_const(m, o), Some(nvir_llvm::ir::ConstData::Int { .. }))))
            .then_some("call stack metadata operand should be constant integer")
    };
    if let Some(md) = node("memprof") {
        if !is_call {
            return Some("!memprof metadata should only exist on calls");
        }
        let mibs = tuple(m, md).unwrap_or(&[]);
        if mibs.is_empty() {
            return Some("!memprof annotations should have at least 1 metadata operand (MemInfoBlock)");
        }
        for mib in mibs {
            let ops = mib.and_then(|o| tuple(m, o)).unwrap_or(&[]);
            if ops.len() < 2 {
                return Some("Each !memprof MemInfoBlock should have at least 2 operands");
            }
            let Some(stack) = ops[0].filter(|o| !matches!(m.metadata.get(*o), MdNode::String(_) | MdNode::Value(..)))
            else {
                return Some("!memprof MemInfoBlock first operand should be an MDNode");
            };
            if let Some(message) = call_stack(stack) {
                return Some(message);
            }
            if !ops[1].is_some_and(|o| matches!(m.metadata.get(o), MdNode::String(_))) {
                return Some("!memprof MemInfoBlock second operand should be an MDString");
            }
            // Measured (`mdrules/memprof_tags`): libNVVM's reader wants nodes after the tag.
            if !ops[2..].iter().all(|o| o.is_some_and(|o| tuple(m, o).is_some())) {
                return Some("Not all !memprof MemInfoBlock operands 2 to N are MDNode");
            }
        }
    }
    if let Some(md) = node("callsite") {
        if !is_call {
            return Some("!callsite metadata should only exist on calls");
        }
        if let Some(message) = call_stack(md) {
            return Some(message);
        }
    }
    if let Some(md) = node("mmra") {
        let takes = matches!(
            inst.kind,
            InstKind::Load { .. }
                | InstKind::Store { .. }
                | InstKind::AtomicRmw { .. }
                | InstKind::CmpXchg(_)
                | InstKind::Fence(_)
        ) || is_call;
        if !takes {
            return Some("!mmra metadata attached to unexpected instruction kind");
        }
        let is_tag = |id: MdId| {
            matches!(m.metadata.get(id), MdNode::Tuple { ops, .. } if ops.len() == 2
                && ops.iter().all(|o| o.is_some_and(|o| matches!(m.metadata.get(o), MdNode::String(_)))))
        };
        if !is_tag(md) && !tuple(m, md).unwrap_or(&[]).iter().all(|o| o.is_some_and(is_tag)) {
            return Some("!mmra metadata tuple operand is not an MMRA tag");
        }
    }
    if let Some(md) = node("annotation") {
        let ops = tuple(m, md).unwrap_or(&[]);
        if ops.is_empty() {
            return Some("annotation must have at least one operand");
        }
        let string = |o: &Option<MdId>| o.is_some_and(|o| matches!(m.metadata.get(o), MdNode::String(_)));
        if !ops.iter().all(|o| string(o) || o.and_then(|t| tuple(m, t)).is_some_and(|t| t.iter().all(string))) {
            return Some("operands must be a string or a tuple of strings");
        }
    }
    None
}

/// Whether `v` is what LLVM's `getAsInteger(10, unsigned)` takes: decimal digits of a 32-bit value.
fn unsigned32(v: &str) -> bool {
    !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) && v.parse::<u32>().is_ok()
}

/// LLVM's `visitAliasScopeMetadata`: a scope of two or three operands (itself or a name, a
/// domain, a description), its domain of one or two (itself or a name, a description).
fn alias_scope_problem(m: &Module, (id, ops): (MdId, &[Option<MdId>])) -> Option<&'static str> {
    let string = |o: Option<MdId>| o.is_some_and(|o| matches!(m.metadata.get(o), MdNode::String(_)));
    if !(2..=3).contains(&ops.len()) {
        return Some("scope must have two or three operands");
    }
    if ops[0] != Some(id) && !string(ops[0]) {
        return Some("first scope operand must be self-referential or string");
    }
    if ops.len() == 3 && !string(ops[2]) {
        return Some("third scope operand must be string (if used)");
    }
    let Some((domain, dops)) = ops[1].and_then(|d| tuple(m, d).map(|t| (d, t))) else {
        return Some("second scope operand must be MDNode");
    };
    if !(1..=2).contains(&dops.len()) {
        return Some("domain must have one or two operands");
    }
    if dops[0] != Some(domain) && !string(dops[0]) {
        return Some("first domain operand must be self-referential or string");
    }
    (dops.len() == 2 && !string(dops[1])).then_some("second domain operand must be string (if used)")
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

/// The node attached to an instruction under a kind's name.
fn attached(m: &Module, attachments: &[nvir_llvm::ir::MdAttachment], name: &str) -> Option<MdId> {
    let k = m.metadata.find_kind(name)?;
    attachments.iter().find(|a| a.kind == k).map(|a| a.node)
}

/// An integer constant operand's value and width.
fn md_int(m: &Module, op: Option<MdId>) -> Option<(u64, u32, TypeId)> {
    match md_const(m, op)? {
        nvir_llvm::ir::ConstData::Int { ty, value } => match m.types.get(*ty) {
            TypeData::Int(w) if *w <= 64 => Some((value.as_u64()?, *w, *ty)),
            _ => None,
        },
        _ => None,
    }
}

/// The values a wrapping range `[lo, hi)` of `width` bits holds, as at most two plain intervals.
fn range_parts(lo: u64, hi: u64, width: u32) -> Vec<(u128, u128)> {
    let top = 1u128 << width;
    let (lo, hi) = (u128::from(lo), u128::from(hi));
    if lo < hi {
        vec![(lo, hi)]
    } else {
        vec![(lo, top), (0, hi)].into_iter().filter(|(a, b)| a < b).collect()
    }
}

fn ranges_meet(a: &[(u128, u128)], b: &[(u128, u128)]) -> bool {
    a.iter().any(|&(a0, a1)| b.iter().any(|&(b0, b1)| a0 < b1 && b0 < a1))
}

/// A rule on one attachment of an instruction: the module, the instruction, the attached node.
type AttachmentRule = fn(&Module, &nvir_llvm::ir::Instruction, MdId) -> Option<&'static str>;

/// LLVM 22's rules on attachments LLVM 7's verifier does not check, each `(kind, rule)` in the
/// order LLVM 22 checks them: the first problem, and none on the LLVM 7 path.
fn llvm22_md_problem(
    cx: &Cx,
    inst: &nvir_llvm::ir::Instruction,
    attachments: &[nvir_llvm::ir::MdAttachment],
    rules: &[(&str, AttachmentRule)],
) -> Option<&'static str> {
    if cx.llvm7() {
        return None;
    }
    rules.iter().find_map(|&(kind, rule)| rule(cx.m, inst, attached(cx.m, attachments, kind)?))
}

/// What LLVM 22 checks before the attachments both paths check: `!noalias.addrspace`.
const NOALIAS_ADDRSPACE_MD: &[(&str, AttachmentRule)] = &[("noalias.addrspace", noalias_addrspace_problem)];

/// LLVM 22's verifier on `!noalias.addrspace` (`mdllvm22/noalias_as_*`): only on loads, stores,
/// atomics and calls; pairs of `i32` bounds, each a range neither empty nor full, in increasing
/// order, neither overlapping nor touching the one before (nor, from three on, the first the last).
fn noalias_addrspace_problem(m: &Module, inst: &nvir_llvm::ir::Instruction, md: MdId) -> Option<&'static str> {
    if !matches!(
        inst.kind,
        InstKind::Load { .. }
            | InstKind::Store { .. }
            | InstKind::AtomicRmw { .. }
            | InstKind::CmpXchg(_)
            | InstKind::Call { .. }
    ) {
        return Some("noalias.addrspace are only for memory operations!");
    }
    let ops = tuple(m, md).unwrap_or(&[]);
    if !ops.len().is_multiple_of(2) {
        return Some("Unfinished range!");
    }
    if ops.is_empty() {
        return Some("It should have at least one range!");
    }
    let mut last: Option<(u64, Vec<(u128, u128)>)> = None;
    let mut first: Option<Vec<(u128, u128)>> = None;
    for pair in ops.chunks(2) {
        let Some((lo, lw, lt)) = md_int(m, pair[0]) else { return Some("The lower limit must be an integer!") };
        let Some((hi, _, ht)) = md_int(m, pair[1]) else { return Some("The upper limit must be an integer!") };
        if lt != ht {
            return Some("Range pair types must match!");
        }
        if lw != 32 {
            return Some("noalias.addrspace type must be i32!");
        }
        let max = u64::from(u32::MAX);
        if lo == hi && lo != 0 && lo != max {
            return Some("The upper and lower limits cannot be the same value");
        }
        if lo == hi {
            // `[0, 0)` is the empty set and `[max, max)` the full one: neither is a range here.
            return Some("Range must not be empty!");
        }
        let parts = range_parts(lo, hi, 32);
        if let Some((last_lo, last_parts)) = &last {
            if ranges_meet(&parts, last_parts) {
                return Some("Intervals are overlapping");
            }
            // Signed order of the lower bounds.
            if (lo as u32 as i32) <= (*last_lo as u32 as i32) {
                return Some("Intervals are not in order");
            }
            if contiguous(&parts, last_parts) {
                return Some("Intervals are contiguous");
            }
        }
        first.get_or_insert_with(|| parts.clone());
        last = Some((lo, parts));
    }
    if ops.len() > 4 {
        let (first, (_, last)) = (first?, last?);
        if ranges_meet(&first, &last) {
            return Some("Intervals are overlapping");
        }
        if contiguous(&first, &last) {
            return Some("Intervals are contiguous");
        }
    }
    None
}

/// Whether one range ends where the other begins (modulo 2^32).
fn contiguous(a: &[(u128, u128)], b: &[(u128, u128)]) -> bool {
    let ends = |p: &[(u128, u128)]| (p[0].0, p[p.len() - 1].1 % (1 << 32));
    let ((a_lo, a_hi), (b_lo, b_hi)) = (ends(a), ends(b));
    a_hi == b_lo || b_hi == a_lo
}

/// LLVM 22's `'unknown'` profile: one more operand, a string that is not empty.
fn unknown_prof_problem(m: &Module, ops: &[Option<MdId>]) -> Option<&'static str> {
    if ops.len() != 2 {
        return Some("'unknown' !prof should have a single additional operand");
    }
    match ops[1].map(|o| m.metadata.get(o)) {
        Some(MdNode::String(s)) if s.is_empty() => Some("the 'unknown' !prof operand should not be an empty string"),
        Some(MdNode::String(_)) => None,
        _ => Some("'unknown' !prof should have an additional operand of type string"),
    }
}

/// LLVM 22's verifier on the attachments it checks after `!annotation` (`mdllvm22/`): an
/// instruction's `!prof`, an indirect call's `!callee_type`, a store's `!captures` and a loop's
/// `llvm.loop.estimated_trip_count`. The modern path only (LLVM 7 ignores all four here).
const LATER_INST_MD: &[(&str, AttachmentRule)] = &[
    ("prof", inst_prof_problem),
    ("callee_type", callee_type_problem),
    ("captures", captures_problem),
    ("llvm.loop", estimated_trip_count_problem),
];

/// `!callee_type` on an indirect call: a list of generalized type metadata.
fn callee_type_problem(m: &Module, inst: &nvir_llvm::ir::Instruction, md: MdId) -> Option<&'static str> {
    let indirect = matches!(&inst.kind, InstKind::Call { call, .. } | InstKind::Invoke { call, .. }
        if !matches!(call.callee, nvir_llvm::ir::Value::Asm(_)) && !matches!(call.callee, nvir_llvm::ir::Value::Const(c) if crate::module::global_of(m, c).is_some()));
    if !indirect {
        return None;
    }
    for &op in tuple(m, md).unwrap_or(&[]) {
        let Some(ops) = op.and_then(|o| tuple(m, o)) else {
            return Some("The callee_type metadata must be a list of type metadata nodes");
        };
        if ops.len() != 2 {
            return Some("Well-formed generalized type metadata must contain exactly two operands");
        }
        if md_int(m, ops[0]).is_none_or(|(v, _, _)| v != 0) {
            return Some("The first operand of type metadata for functions must be zero");
        }
        let generalized =
            ops[1].is_some_and(|o| matches!(m.metadata.get(o), MdNode::String(s) if s.ends_with(b".generalized")));
        if !generalized {
            return Some("Only generalized type metadata can be part of the callee_type metadata list");
        }
    }
    None
}

/// `!captures` on a store of a pointer: a list of the capture kinds' names.
fn captures_problem(m: &Module, inst: &nvir_llvm::ir::Instruction, md: MdId) -> Option<&'static str> {
    let InstKind::Store { ty, .. } = &inst.kind else {
        return Some("!captures metadata can only be applied to store instructions");
    };
    if !matches!(m.types.get(*ty), TypeData::Pointer { .. }) {
        return Some("!captures metadata can only be applied to store with value operand of pointer type");
    }
    let ops = tuple(m, md).unwrap_or(&[]);
    if ops.is_empty() {
        return Some("!captures metadata cannot be empty");
    }
    for op in ops {
        let Some(MdNode::String(s)) = op.map(|o| m.metadata.get(o)) else {
            return Some("!captures metadata must be a list of strings");
        };
        if !matches!(&s[..], b"address" | b"address_is_null" | b"provenance" | b"read_provenance") {
            return Some("invalid entry in !captures metadata");
        }
    }
    None
}

/// A loop's `llvm.loop.estimated_trip_count`: its name and one integer of at most 32 bits.
fn estimated_trip_count_problem(m: &Module, _inst: &nvir_llvm::ir::Instruction, md: MdId) -> Option<&'static str> {
    for op in tuple(m, md).unwrap_or(&[]).iter().skip(1) {
        let Some(ops) = op.and_then(|o| tuple(m, o)) else { continue };
        let named = ops.first().copied().flatten().is_some_and(
            |o| matches!(m.metadata.get(o), MdNode::String(s) if &s[..] == b"llvm.loop.estimated_trip_count"),
        );
        if !named {
            continue;
        }
        if ops.len() != 2 {
            return Some("Expected two operands");
        }
        if md_int(m, ops[1]).is_none_or(|(_, w, _)| w > 32) {
            return Some("Expected second operand to be an integer constant of type i32 or smaller");
        }
    }
    None
}

/// LLVM 22's verifier on an instruction's `!prof` (`mdllvm22/prof_*`): `branch_weights` with one
/// weight per successor of a `br`, `switch` or `callbr`, two for a `select`, one for a call (one
/// or two for an `invoke`), after an optional origin string; `unknown` with one string, where
/// branch weights could be or on a call; `VP` of indirect-call targets or memop sizes on calls.
fn inst_prof_problem(m: &Module, inst: &nvir_llvm::ir::Instruction, md: MdId) -> Option<&'static str> {
    let ops = tuple(m, md).unwrap_or(&[]);
    if ops.is_empty() {
        return Some("!prof annotations should have at least 1 operand");
    }
    let Some(name) = ops[0] else { return Some("first operand should not be null") };
    let MdNode::String(name) = m.metadata.get(name) else {
        return Some("expected string with name of the !prof annotation");
    };
    let call_base = matches!(inst.kind, InstKind::Call { .. } | InstKind::Invoke { .. } | InstKind::CallBr { .. });
    let successors = match &inst.kind {
        InstKind::CondBr { .. } => 2,
        InstKind::Br(_) => 1,
        InstKind::Switch { cases, .. } => cases.len() + 1,
        InstKind::Call { .. } => 1,
        InstKind::IndirectBr { dests, .. } => dests.len(),
        InstKind::Select { .. } => 2,
        InstKind::CallBr { indirect, .. } => indirect.len() + 1,
        _ => 0,
    };
    if &name[..] == b"unknown" {
        if successors == 0 && !call_base {
            return Some("'unknown' !prof should only appear on instructions on which 'branch_weights' would");
        }
        return unknown_prof_problem(m, ops);
    }
    if ops.len() < 2 {
        return Some("!prof annotations should have no less than 2 operands");
    }
    match &name[..] {
        b"branch_weights" => {
            let offset = if ops[1].is_some_and(|o| matches!(m.metadata.get(o), MdNode::String(_))) { 2 } else { 1 };
            let weights = ops.len().saturating_sub(offset);
            if matches!(inst.kind, InstKind::Invoke { .. }) {
                if !(1..=2).contains(&weights) {
                    return Some("Wrong number of InvokeInst branch_weights operands");
                }
            } else if successors == 0 {
                return Some("!prof branch_weights are not allowed for this instruction");
            } else if weights != successors {
                return Some("Wrong number of operands");
            }
            for &op in &ops[offset..] {
                if op.is_none() {
                    return Some("second operand should not be null");
                }
                if md_int(m, op).is_none() && !matches!(md_const(m, op), Some(nvir_llvm::ir::ConstData::Int { .. })) {
                    return Some("!prof brunch_weights operand is not a const int");
                }
            }
            None
        }
        b"VP" => {
            // Measured: a kind-0 (indirect call) profile anywhere but on a call.
            let kind = md_int(m, ops[1]).map(|(v, _, _)| v);
            (matches!(kind, Some(0 | 1)) && !call_base)
                .then_some("VP !prof indirect call or memop size expected to be applied to CallBase instructions only")
        }
        _ => Some("expected either branch_weights or VP profile name"),
    }
}

/// LLVM's verifier on a function's `!prof`.
/// On the modern path a function may carry `!{!"unknown", !"pass"}` (`mdllvm22/prof_fn_*`).
fn prof_problem(m: &Module, node: MdId, modern: bool) -> Option<&'static str> {
    let ops = tuple(m, node)?;
    if ops.len() < 2 {
        return Some("!prof annotations should have no less than 2 operands");
    }
    let Some(name) = ops[0] else { return Some("first operand should not be null") };
    let MdNode::String(name) = m.metadata.get(name) else {
        return Some("expected string with name of the !prof annotation");
    };
    if modern && &name[..] == b"unknown" {
        return unknown_prof_problem(m, ops);
    }
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

/// The debug-info nodes LLVM's verifier visits, split by what reaches them (the `dibroken/`
/// axis: each debug-info problem, reached from each place, with and without `!llvm.dbg.cu`,
/// each `!nvvmir.version` form and each "Debug Info Version" flag, on both paths).
///
/// What `strip` would remove reaches the *debug* nodes: the `llvm.dbg.*` lists, `!dbg`
/// attachments of functions, instructions and variables, the debug intrinsics' operands and
/// debug records. Everything else reaches the *kept* ones: other named lists, other attachments
/// of functions (and, on the modern path, of instructions and variables), metadata operands of
/// other calls. Walks do not enter a `DILocation` from a kept root (strip removes those from
/// loop properties too). On LLVM 7's path a variable's `!dbg` reaches its expression and
/// variable but no further, and other attachments of instructions and variables are not
/// visited (LLVM 7's verifier did not).
struct DiReach {
    debug: Vec<bool>,
    kept: Vec<bool>,
}

impl DiReach {
    fn new(cx: &Cx) -> DiReach {
        use nvir_llvm::ir::{ConstData, Value};
        let m = cx.m;
        let n = m.metadata.len();
        let mut debug_roots: Vec<MdId> = Vec::new();
        let mut kept_roots: Vec<MdId> = Vec::new();
        // A variable's `!dbg` on LLVM 7's path: only it, its variable and its expression.
        let mut shallow: Vec<MdId> = Vec::new();
        let dbg = m.metadata.find_kind("dbg");
        for nm in &m.metadata.named {
            if nm.name.starts_with("llvm.dbg.") || &*nm.name == "llvm.gcov" {
                debug_roots.extend(&nm.nodes);
            } else {
                kept_roots.extend(&nm.nodes);
            }
        }
        for (_, g) in m.globals.iter() {
            for a in g.props.metadata() {
                if Some(a.kind) == dbg {
                    if cx.llvm7() {
                        shallow.push(a.node);
                        if let MdNode::Special { fields, .. } = m.metadata.get(a.node) {
                            shallow.extend(["var", "expr"].into_iter().filter_map(|name| md_ref(fields, name)));
                        }
                    } else {
                        debug_roots.push(a.node);
                    }
                } else if !cx.llvm7() {
                    kept_roots.push(a.node);
                }
            }
        }
        let is_debug_call = |callee: Value| match callee {
            Value::Const(c) => matches!(&m.consts[c], ConstData::Global { global, .. }
                if m.symbols[*global].name.starts_with("llvm.dbg.")),
            _ => false,
        };
        // Each function's roots on all cores (a scan of every instruction), added in module order.
        let functions: Vec<(FuncId, &Function)> = m.functions.iter().collect();
        let each: Vec<(Vec<MdId>, Vec<MdId>)> = functions
            .par_iter()
            .with_min_len(64)
            .map(|&(id, f)| {
                let (mut debug_roots, mut kept_roots) = (Vec::new(), Vec::new());
                if cx.function_dropped(id) {
                    return (debug_roots, kept_roots);
                }
                for a in f.props.metadata() {
                    if Some(a.kind) == dbg { &mut debug_roots } else { &mut kept_roots }.push(a.node);
                }
                for (_, inst) in f.insts.iter() {
                    for a in f.metadata_of(inst) {
                        if Some(a.kind) == dbg {
                            debug_roots.push(a.node);
                        } else if !cx.llvm7() {
                            kept_roots.push(a.node);
                        }
                    }
                    let (InstKind::Call { call, .. } | InstKind::Invoke { call, .. }) = &inst.kind else { continue };
                    let roots = if is_debug_call(call.callee) { &mut debug_roots } else { &mut kept_roots };
                    roots.extend(call.args.iter().filter_map(|a| match a.value {
                        Value::Md(id) => Some(id),
                        _ => None,
                    }));
                }
                for (_, record) in &f.debug_records {
                    debug_roots.extend(record.operands.iter().filter_map(|v| match v {
                        Value::Md(id) => Some(*id),
                        _ => None,
                    }));
                }
                (debug_roots, kept_roots)
            })
            .collect();
        for (debug, kept) in each {
            debug_roots.extend(debug);
            kept_roots.extend(kept);
        }
        let mut kept = vec![false; n];
        walk(m, kept_roots, &mut kept, false);
        let mut debug = vec![false; n];
        walk(m, debug_roots, &mut debug, true);
        for id in shallow {
            debug[id.index()] = true;
        }
        DiReach { debug, kept }
    }
}

/// Marks what `roots` reach (not through `DILocation`s unless `locations`), without recursion.
fn walk(m: &Module, mut stack: Vec<MdId>, seen: &mut [bool], locations: bool) {
    while let Some(id) = stack.pop() {
        if std::mem::replace(&mut seen[id.index()], true) {
            continue;
        }
        match m.metadata.get(id) {
            MdNode::Tuple { ops, .. } => stack.extend(ops.iter().flatten()),
            MdNode::Special { kind, fields, .. } if locations || &**kind != "DILocation" => {
                stack.extend(fields.iter().filter_map(|(_, f)| match f {
                    MdField::Ref(r) => Some(*r),
                    _ => None,
                }));
            }
            _ => {}
        }
    }
}

/// A composite type's or a subprogram's `templateParams:`: a tuple of template parameters
/// (`dibroken/tparams_*`, both paths).
fn template_params_problem(m: &Module, fields: &[(FieldName, MdField)]) -> Option<&'static str> {
    let params = md_ref(fields, "templateParams")?;
    let MdNode::Tuple { ops, .. } = m.metadata.get(params) else { return Some("invalid template params") };
    let parameter = |op: &Option<MdId>| {
        op.is_some_and(|id| {
            matches!(m.metadata.get(id), MdNode::Special { kind, .. }
            if matches!(&**kind, "DITemplateTypeParameter" | "DITemplateValueParameter"))
        })
    };
    (!ops.iter().all(parameter)).then_some("invalid template parameter")
}

/// Flags naming both an lvalue and an rvalue reference, or passing by value and by reference,
/// on a composite type, a subroutine type or a subprogram (`dibroken/refflags_*`, both paths;
/// a derived type may have them).
fn conflicting_flags(fields: &[(FieldName, MdField)]) -> Option<&'static str> {
    use nvir_llvm::ir::di::DI_FLAGS;
    let bits = match field(fields, "flags") {
        Some(MdField::Word(w)) => w.split('|').filter_map(|f| DI_FLAGS.lookup(f.trim())).fold(0, |b, e| b | e.value),
        Some(n @ (MdField::Int(_) | MdField::WideInt(_))) => n.as_int().unwrap_or_default() as u32,
        _ => 0,
    };
    let both = |a: u32, b: u32| bits & a != 0 && bits & b != 0;
    (both(0x2000, 0x4000) || both(0x40_0000, 0x80_0000)).then_some("invalid reference flags")
}

/// The `DIFlag*` bits of a node's `flags:`.
fn di_flags(fields: &[(FieldName, MdField)]) -> u32 {
    use nvir_llvm::ir::di::DI_FLAGS;
    match field(fields, "flags") {
        Some(MdField::Word(w)) => w.split('|').filter_map(|f| DI_FLAGS.lookup(f.trim())).fold(0, |b, e| b | e.value),
        Some(n @ (MdField::Int(_) | MdField::WideInt(_))) => n.as_int().unwrap_or_default() as u32,
        _ => 0,
    }
}

/// The kind of the specialized node `id` refers to (`None` for a tuple, a string, a value).
fn special_kind(m: &Module, id: MdId) -> Option<&str> {
    match m.metadata.get(id) {
        MdNode::Special { kind, .. } => Some(kind),
        _ => None,
    }
}

/// A field's value as LLVM holds it: `None` when not written or `null`.
enum Bound<'a> {
    /// An integer written inline (LLVM keeps it as a constant).
    Int(i128),
    /// A reference to another node.
    Ref(&'a MdNode),
    /// Anything else (a word, a string).
    Other,
}

fn bound<'a>(m: &'a Module, fields: &[(FieldName, MdField)], name: &str) -> Option<Bound<'a>> {
    match field(fields, name)? {
        MdField::Null => None,
        n @ (MdField::Int(_) | MdField::WideInt(_)) => Some(Bound::Int(n.as_int().unwrap_or_default())),
        MdField::Ref(r) => Some(Bound::Ref(m.metadata.get(*r))),
        _ => Some(Bound::Other),
    }
}

/// A metadata constant's value, sign-extended from its integer type's width.
fn md_signed(m: &Module, node: &MdNode) -> Option<i64> {
    use nvir_llvm::ir::{ApInt, ConstData, Value};
    let MdNode::Value(ty, Value::Const(c)) = node else { return None };
    let (TypeData::Int(w), ConstData::Int { value: ApInt::Small(v), .. }) = (m.types.get(*ty), &m.consts[*c]) else {
        return None;
    };
    let shift = 64u32.saturating_sub(*w);
    Some(((*v as i64) << shift) >> shift)
}

/// `isa<DIVariable>`.
fn is_variable(node: &MdNode) -> bool {
    matches!(node, MdNode::Special { kind, .. } if matches!(&**kind, "DILocalVariable" | "DIGlobalVariable"))
}

/// `isScope`: null or a scope (a type, a file, a unit, a local scope, a namespace, a module, a
/// common block).
fn is_scope(m: &Module, fields: &[(FieldName, MdField)], name: &str) -> bool {
    match field(fields, name) {
        None | Some(MdField::Null) => true,
        Some(MdField::Ref(r)) => {
            is_type(m, *r)
                || matches!(
                    special_kind(m, *r),
                    Some(
                        "DIFile"
                            | "DICompileUnit"
                            | "DISubprogram"
                            | "DILexicalBlock"
                            | "DILexicalBlockFile"
                            | "DINamespace"
                            | "DIModule"
                            | "DICommonBlock"
                    )
                )
        }
        Some(_) => false,
    }
}

/// `isType` on a field: null, or a type.
fn field_is_type(m: &Module, fields: &[(FieldName, MdField)], name: &str) -> bool {
    match field(fields, name) {
        None | Some(MdField::Null) => true,
        Some(MdField::Ref(r)) => is_type(m, *r),
        Some(_) => false,
    }
}

/// The tag a node's `tag:` names.
fn tag(fields: &[(FieldName, MdField)]) -> &str {
    match field(fields, "tag") {
        Some(MdField::Word(w)) => w,
        _ => "",
    }
}

/// `visitDISubrange` (`dirules/sr_*`): count or upper bound, not both (the modern path: LLVM
/// 7's reader knows no upper bound), and each bound a constant, a variable or (modern) an
/// expression; a constant count of at least -1.
fn subrange_problem(cx: &Cx, fields: &[(FieldName, MdField)]) -> Option<&'static str> {
    let m = cx.m;
    let llvm7 = cx.llvm7();
    let count = bound(m, fields, "count");
    if !llvm7 && count.is_some() && bound(m, fields, "upperBound").is_some() {
        return Some("Subrange can have any one of count or upperBound");
    }
    let takes = |b: &Option<Bound>| match b {
        None | Some(Bound::Int(_)) => true,
        Some(Bound::Ref(node)) => {
            matches!(node, MdNode::Value(..)) || is_variable(node) || (!llvm7 && matches!(node, MdNode::Expression(_)))
        }
        Some(Bound::Other) => false,
    };
    if !takes(&count) {
        return Some(if llvm7 {
            "Count must either be a signed constant or a DIVariable"
        } else {
            "Count must be signed constant or DIVariable or DIExpression"
        });
    }
    let value = match &count {
        Some(Bound::Int(n)) => i64::try_from(*n).ok(),
        Some(Bound::Ref(node)) => md_signed(m, node),
        _ => None,
    };
    if value.is_some_and(|v| v < -1) {
        return Some("invalid subrange count");
    }
    if llvm7 {
        return None;
    }
    for (name, message) in [
        ("lowerBound", "LowerBound must be signed constant or DIVariable or DIExpression"),
        ("upperBound", "UpperBound must be signed constant or DIVariable or DIExpression"),
        ("stride", "Stride must be signed constant or DIVariable or DIExpression"),
    ] {
        if !takes(&bound(m, fields, name)) {
            return Some(message);
        }
    }
    None
}

/// `visitDIGenericSubrange` (`dirules/gsr_*`, the modern path): count or upper bound, a lower
/// bound and a stride, each a variable or an expression (an integer is read as one).
fn generic_subrange_problem(cx: &Cx, fields: &[(FieldName, MdField)]) -> Option<&'static str> {
    let m = cx.m;
    let takes = |b: &Option<Bound>| match b {
        None | Some(Bound::Int(_)) => true,
        Some(Bound::Ref(node)) => is_variable(node) || matches!(node, MdNode::Expression(_)),
        Some(Bound::Other) => false,
    };
    let (count, lower, upper, stride) = (
        bound(m, fields, "count"),
        bound(m, fields, "lowerBound"),
        bound(m, fields, "upperBound"),
        bound(m, fields, "stride"),
    );
    if count.is_some() && upper.is_some() {
        Some("GenericSubrange can have any one of count or upperBound")
    } else if !takes(&count) {
        Some("Count must be signed constant or DIVariable or DIExpression")
    } else if lower.is_none() {
        Some("GenericSubrange must contain lowerBound")
    } else if !takes(&lower) {
        Some("LowerBound must be signed constant or DIVariable or DIExpression")
    } else if !takes(&upper) {
        Some("UpperBound must be signed constant or DIVariable or DIExpression")
    } else if stride.is_none() {
        Some("GenericSubrange must contain stride")
    } else if !takes(&stride) {
        Some("Stride must be signed constant or DIVariable or DIExpression")
    } else {
        None
    }
}

/// `visitDICompositeType` (`dirules/ct_*`, `dibroken/tparams_*`, `refflags_*`): its tag, its
/// elements a tuple (a vector's one subrange), template parameters and reference flags, a
/// discriminator only on a variant part; on the modern path, Fortran's array properties only on
/// an array, and an array's base type.
fn composite_problem(cx: &Cx, fields: &[(FieldName, MdField)]) -> Option<&'static str> {
    let m = cx.m;
    let tag = tag(fields);
    let tags: &[&str] = &[
        "DW_TAG_array_type",
        "DW_TAG_structure_type",
        "DW_TAG_union_type",
        "DW_TAG_enumeration_type",
        "DW_TAG_class_type",
        "DW_TAG_variant_part",
        "DW_TAG_namelist",
    ];
    if !tag.is_empty() && !tags.contains(&tag) {
        return Some("invalid tag");
    }
    let elements = match field(fields, "elements") {
        None | Some(MdField::Null) => Some(&[][..]),
        Some(MdField::Ref(r)) => tuple(m, *r),
        Some(_) => None,
    };
    let Some(elements) = elements else { return Some("invalid composite elements") };
    if let Some(message) = conflicting_flags(fields) {
        return Some(message);
    }
    if di_flags(fields) & 0x800 != 0 {
        let one_subrange = matches!(elements, [Some(e)] if matches!(m.metadata.get(*e),
            MdNode::Special { kind, .. } if &**kind == "DISubrange"));
        if !one_subrange {
            return Some("invalid vector, expected one element of type subrange");
        }
    }
    if let Some(message) = template_params_problem(m, fields) {
        return Some(message);
    }
    if let Some(d) = bound(m, fields, "discriminator") {
        let derived = matches!(d, Bound::Ref(MdNode::Special { kind, .. }) if &**kind == "DIDerivedType");
        if !derived || tag != "DW_TAG_variant_part" {
            return Some("discriminator can only appear on variant part");
        }
    }
    if cx.llvm7() {
        return None;
    }
    for (name, message) in [
        ("dataLocation", "dataLocation can only appear in array type"),
        ("associated", "associated can only appear in array type"),
        ("allocated", "allocated can only appear in array type"),
        ("rank", "rank can only appear in array type"),
    ] {
        if bound(m, fields, name).is_some() && tag != "DW_TAG_array_type" {
            return Some(message);
        }
    }
    (tag == "DW_TAG_array_type" && bound(m, fields, "baseType").is_none())
        .then_some("array types must have a base type")
}

/// `visitDISubprogram` (`dirules/sp_*`, `dibroken/sp_*`), in LLVM's order: its scope, file and
/// line, type, containing type, template parameters, declaration (a subprogram declaration),
/// retained nodes, reference flags, unit (a definition has one, a declaration none and, on the
/// modern path, no declaration of its own), thrown types, and (modern) where
/// `DIFlagAllCallsDescribed` may be.
fn subprogram_problem(cx: &Cx, id: MdId, fields: &[(FieldName, MdField)]) -> Option<&'static str> {
    let m = cx.m;
    let llvm7 = cx.llvm7();
    let definition = sp_is_definition(fields);
    if !is_scope(m, fields, "scope") {
        return Some("invalid scope");
    }
    match bound(m, fields, "file") {
        Some(Bound::Ref(MdNode::Special { kind, .. })) if &**kind == "DIFile" => {}
        Some(_) => return Some("invalid file"),
        None if field(fields, "line").and_then(MdField::as_int).is_some_and(|n| n != 0) => {
            return Some("line specified with no file");
        }
        None => {}
    }
    match bound(m, fields, "type") {
        None => {}
        Some(Bound::Ref(MdNode::Special { kind, .. })) if &**kind == "DISubroutineType" => {}
        Some(_) => return Some("invalid subroutine type"),
    }
    if !field_is_type(m, fields, "containingType") {
        return Some("invalid containing type");
    }
    if let Some(message) = template_params_problem(m, fields) {
        return Some(message);
    }
    if let Some(d) = bound(m, fields, "declaration") {
        let declaration = matches!(d, Bound::Ref(MdNode::Special { kind, fields: df, .. })
            if &**kind == "DISubprogram" && !sp_is_definition(df));
        if !declaration {
            return Some("invalid subprogram declaration");
        }
    }
    if let Some(nodes) = bound(m, fields, "retainedNodes") {
        let Bound::Ref(MdNode::Tuple { ops, .. }) = nodes else { return Some("invalid retained nodes list") };
        for op in ops.iter() {
            let Some(op) = op else {
                return Some(if llvm7 {
                    "invalid retained nodes, expected DILocalVariable or DILabel"
                } else {
                    "nullptr in retained nodes"
                });
            };
            let node = m.metadata.get(*op);
            if llvm7 {
                if !matches!(node, MdNode::Special { kind, .. } if matches!(&**kind, "DILocalVariable" | "DILabel")) {
                    return Some("invalid retained nodes, expected DILocalVariable or DILabel");
                }
            } else if let MdNode::Special { kind, fields: nf, .. } = node {
                if matches!(&**kind, "DILocalVariable" | "DILabel")
                    && scope_subprogram(m, md_ref(nf, "scope")).is_some_and(|s| s != id)
                {
                    return Some("invalid retained nodes, retained node does not belong to subprogram");
                }
            }
        }
    }
    if let Some(message) = conflicting_flags(fields) {
        return Some(message);
    }
    let unit = !matches!(field(fields, "unit"), None | Some(MdField::Null));
    match (definition, unit) {
        (true, false) => return Some("subprogram definitions must have a compile unit"),
        (false, true) => return Some("subprogram declarations must not have a compile unit"),
        (false, false) if !llvm7 && bound(m, fields, "declaration").is_some() => {
            return Some("subprogram declaration must not have a declaration field");
        }
        _ => {}
    }
    if let Some(thrown) = bound(m, fields, "thrownTypes") {
        let Bound::Ref(MdNode::Tuple { ops, .. }) = thrown else { return Some("invalid thrown types list") };
        if !ops.iter().all(|op| op.is_some_and(|t| is_type(m, t))) {
            return Some("invalid thrown type");
        }
    }
    (!llvm7 && !definition && di_flags(fields) & 0x2000_0000 != 0)
        .then_some("DIFlagAllCallsDescribed must be attached to a definition")
}

/// `visitDICompileUnit`'s lists (`dirules/*_retained_*`, `difields/DICompileUnit_*`): each a
/// tuple of enumerations, types (or subprogram declarations), global variable expressions,
/// imported entities or macros.
fn unit_problem(m: &Module, fields: &[(FieldName, MdField)]) -> Option<&'static str> {
    type Takes = fn(&MdNode) -> bool;
    let lists: [(&str, &'static str, &'static str, Takes); 5] = [
        ("enums", "invalid enum list", "invalid enum type", |n| {
            matches!(n, MdNode::Special { kind, fields, .. } if &**kind == "DICompositeType"
                && tag(fields) == "DW_TAG_enumeration_type")
        }),
        ("retainedTypes", "invalid retained type list", "invalid retained type", |n| match n {
            MdNode::Special { kind, fields, .. } => {
                matches!(
                    &**kind,
                    "DIBasicType"
                        | "DIDerivedType"
                        | "DICompositeType"
                        | "DISubroutineType"
                        | "DIStringType"
                        | "DISubrangeType"
                        | "DIFixedPointType"
                ) || (&**kind == "DISubprogram" && !sp_is_definition(fields))
            }
            _ => false,
        }),
        (
            "globals",
            "invalid global variable list",
            "invalid global variable ref",
            |n| matches!(n, MdNode::Special { kind, .. } if &**kind == "DIGlobalVariableExpression"),
        ),
        (
            "imports",
            "invalid imported entity list",
            "invalid imported entity ref",
            |n| matches!(n, MdNode::Special { kind, .. } if &**kind == "DIImportedEntity"),
        ),
        (
            "macros",
            "invalid macro list",
            "invalid macro ref",
            |n| matches!(n, MdNode::Special { kind, .. } if matches!(&**kind, "DIMacro" | "DIMacroFile")),
        ),
    ];
    for (name, list, entry, takes) in lists {
        let Some(b) = bound(m, fields, name) else { continue };
        let Bound::Ref(MdNode::Tuple { ops, .. }) = b else { return Some(list) };
        if !ops.iter().all(|op| op.is_some_and(|o| takes(m.metadata.get(o)))) {
            return Some(entry);
        }
    }
    None
}

/// LLVM's debug-info check of one node, the rules measured so far: a derived type's base is a
/// type, and only a pointer or reference has a DWARF address space; a global variable
/// definition has a type; subranges, composite types, subprograms and a compile unit's lists as
/// their functions above; an expression is valid.
fn di_problem(cx: &Cx, id: MdId, node: &MdNode) -> Option<(&'static str, &'static str)> {
    let m = cx.m;
    let MdNode::Special { kind, fields, .. } = node else {
        return match node {
            MdNode::Expression(elems) if !crate::module::expression_valid(cx, elems) => {
                Some(("llvm-di-expression", "invalid expression"))
            }
            _ => None,
        };
    };
    let message = match &**kind {
        "DIDerivedType" => {
            let base_ok = match field(fields, "baseType") {
                None | Some(MdField::Null) => true,
                Some(MdField::Ref(id)) => is_type(m, *id),
                Some(_) => false,
            };
            let tag = tag(fields);
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
        "DISubrange" => subrange_problem(cx, fields),
        "DIGenericSubrange" if !cx.llvm7() => generic_subrange_problem(cx, fields),
        "DICompositeType" => composite_problem(cx, fields),
        "DISubroutineType" => conflicting_flags(fields),
        "DIGlobalVariable" => (!matches!(field(fields, "isDefinition"), Some(MdField::Bool(false)))
            && matches!(field(fields, "type"), None | Some(MdField::Null)))
        .then_some("missing global variable type"),
        "DISubprogram" => subprogram_problem(cx, id, fields),
        "DICompileUnit" => unit_problem(m, fields),
        _ => None,
    };
    message.map(|m| ("llvm-di", m))
}

/// The subprogram a local scope belongs to (through lexical blocks), `None` when the chain
/// leaves the local scopes.
fn scope_subprogram(m: &Module, mut scope: Option<MdId>) -> Option<MdId> {
    // Chains are bounded by the node count (a cycle is not a scope chain).
    for _ in 0..=m.metadata.len() {
        let MdNode::Special { kind, fields, .. } = m.metadata.get(scope?) else { return None };
        match &**kind {
            "DISubprogram" => return scope,
            "DILexicalBlock" | "DILexicalBlockFile" => scope = md_ref(fields, "scope"),
            _ => return None,
        }
    }
    None
}

fn md_ref(fields: &[(FieldName, MdField)], name: &str) -> Option<MdId> {
    match field(fields, name) {
        Some(MdField::Ref(r)) => Some(*r),
        _ => None,
    }
}

fn special<'a>(m: &'a Module, id: MdId, want: &str) -> Option<&'a [(FieldName, MdField)]> {
    match m.metadata.get(id) {
        MdNode::Special { kind, fields, .. } if &**kind == want => Some(fields),
        _ => None,
    }
}

/// A string field's text, written inline or as a reference to a string.
fn md_str<'a>(m: &'a Module, fields: &'a [(FieldName, MdField)], name: &str) -> &'a [u8] {
    match field(fields, name) {
        Some(MdField::Str(s)) => s,
        Some(MdField::Ref(r)) => match m.metadata.get(*r) {
            MdNode::String(s) => s,
            _ => b"",
        },
        _ => b"",
    }
}

/// LLVM 7's verifier on a function with a subprogram, where its debug information is checked
/// (`dibroken/loc_*`, `declare_*`): every `!dbg` location's scope (through `inlinedAt:`) belongs
/// to a subprogram that describes the function (it, or one of the function's name); then each
/// `llvm.dbg.declare`/`value`/`addr` call's operands, its `!dbg`, and its variable's subprogram
/// against its location's.
fn function_di_problem(cx: &Cx, f: &nvir_llvm::ir::Function) -> Option<(&'static str, String)> {
    use nvir_llvm::ir::{ConstData, LocalMd, Value};
    let m = cx.m;
    let dbg = m.metadata.find_kind("dbg")?;
    let sp = f.props.metadata().iter().find(|a| a.kind == dbg)?.node;
    let insts = || f.layout.iter().flat_map(|&b| f.blocks[b].insts.iter()).map(|&i| &f.insts[i]);
    let loc_of = |inst| f.metadata_of(inst).iter().find(|a| a.kind == dbg).map(|a| a.node);
    for inst in insts() {
        let Some(loc) = loc_of(inst) else { continue };
        let Some(mut fields) = special(m, loc, "DILocation") else { continue };
        for _ in 0..=m.metadata.len() {
            match md_ref(fields, "inlinedAt").and_then(|at| special(m, at, "DILocation")) {
                Some(outer) => fields = outer,
                None => break,
            }
        }
        let describes = scope_subprogram(m, md_ref(fields, "scope")).is_some_and(|s| {
            s == sp
                || special(m, s, "DISubprogram").is_some_and(|sf| {
                    let name = md_str(m, sf, "linkageName");
                    (if name.is_empty() { md_str(m, sf, "name") } else { name }) == f.name.as_bytes()
                })
        });
        if !describes {
            return Some(("llvm-di", "!dbg attachment points at wrong subprogram for function".into()));
        }
    }
    for inst in insts() {
        let InstKind::Call { call, .. } = &inst.kind else { continue };
        let Value::Const(c) = call.callee else { continue };
        let ConstData::Global { global, .. } = &m.consts[c] else { continue };
        let Some(kind) = m.symbols[*global].name.strip_prefix("llvm.dbg.") else { continue };
        if !matches!(kind, "declare" | "value" | "addr") || call.args.len() < 3 {
            continue;
        }
        let node = |v: Value| match v {
            Value::Md(id) => Some(m.metadata.get(id)),
            _ => None,
        };
        let address = match call.args[0].value {
            Value::LocalMd(l) => matches!(f.local_md[l], LocalMd::Value(..)),
            v => {
                matches!(node(v), Some(MdNode::Value(..)))
                    || matches!(node(v), Some(MdNode::Tuple { ops, .. }) if ops.is_empty())
            }
        };
        let var = match call.args[1].value {
            Value::Md(id) => special(m, id, "DILocalVariable"),
            _ => None,
        };
        let problem = if !address {
            "intrinsic address/value"
        } else if var.is_none() {
            "intrinsic variable"
        } else if !matches!(node(call.args[2].value), Some(MdNode::Expression(_))) {
            "intrinsic expression"
        } else {
            let Some(loc) = loc_of(inst) else {
                return Some(("llvm-di", format!("llvm.dbg.{kind} intrinsic requires a !dbg attachment")));
            };
            let Some(loc) = special(m, loc, "DILocation") else { continue };
            let var_sp = scope_subprogram(m, var.and_then(|v| md_ref(v, "scope")));
            let loc_sp = scope_subprogram(m, md_ref(loc, "scope"));
            match (var_sp, loc_sp) {
                (Some(a), Some(b)) if a != b => {
                    let message = format!("mismatched subprogram between llvm.dbg.{kind} variable and !dbg attachment");
                    return Some(("llvm-di", message));
                }
                _ => continue,
            }
        };
        // The compiler drops a call whose address is not a value (measured), and compiles.
        let code = if address { "llvm-di" } else { "llvm-di-dbg-address" };
        return Some((code, format!("invalid llvm.dbg.{kind} {problem}")));
    }
    None
}

/// LLVM's verifier on debug-info nodes (`di_problem`, and a compile unit it meets that
/// `!llvm.dbg.cu` does not list), on the nodes it visits: LLVM 7's path fails on a problem
/// anywhere only when the module has a debug version in `!nvvmir.version` and its "Debug Info
/// Version" is LLVM's own (3); otherwise, and always on the modern path, a problem among the
/// debug nodes drops the module's debug information, as LLVM does with debug information its
/// verifier finds broken, and only the kept nodes fail a module (then against an
/// `!llvm.dbg.cu` that is gone). The readers drop debug information of another version first.
pub(crate) fn check_di(cx: &Cx, out: &mut Findings) {
    let m = cx.m;
    let reach = DiReach::new(cx);
    let mut listed = vec![false; m.metadata.len()];
    for nm in m.metadata.named.iter().filter(|n| &*n.name == "llvm.dbg.cu") {
        nm.nodes.iter().for_each(|id| listed[id.index()] = true);
    }
    let is_cu = |id: MdId| matches!(m.metadata.get(id), MdNode::Special { kind, .. } if &**kind == "DICompileUnit");
    let hard = cx.llvm7()
        && nvir_llvm::ir::upgrade::debug_metadata_version(m) == nvir_llvm::ir::upgrade::DEBUG_METADATA_VERSION
        && m.metadata
            .named
            .iter()
            .filter(|n| &*n.name == "nvvmir.version")
            .flat_map(|n| &n.nodes)
            .any(|&v| matches!(m.metadata.get(v), MdNode::Tuple { ops, .. } if ops.len() == 4));
    if hard {
        for (_, f) in m.functions.iter() {
            if let Some((code, message)) = function_di_problem(cx, f) {
                out.error(code, message, Location::Function { name: f.name.to_string(), offset: f.source.start });
                return;
            }
        }
    }
    let broken = !hard
        && m.metadata.iter().any(|(id, node)| {
            reach.debug[id.index()] && (di_problem(cx, id, node).is_some() || (is_cu(id) && !listed[id.index()]))
        });
    let checked = |id: MdId| reach.kept[id.index()] || (hard && reach.debug[id.index()]);
    if broken {
        listed.fill(false);
    }
    // Expressions first, then the other nodes, then the units (LLVM's order so far measured).
    let problems = m.metadata.iter().filter(|(id, _)| checked(*id)).filter_map(|(id, node)| di_problem(cx, id, node));
    let (expressions, others): (Vec<_>, Vec<_>) = problems.partition(|(code, _)| *code == "llvm-di-expression");
    if let Some((code, message)) = expressions.into_iter().chain(others).next() {
        out.error(code, message, Location::Module);
        if code == "llvm-di-expression" {
            out.help("write the operations LLVM's expression check takes, each with its operands");
        }
        return;
    }
    if m.metadata.iter().any(|(id, _)| checked(id) && is_cu(id) && !listed[id.index()]) {
        out.error("llvm-di-unlisted-unit", "DICompileUnit not listed in llvm.dbg.cu", Location::Module);
        out.help("list every compile unit in `!llvm.dbg.cu`");
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
    // Functions, then variables, as they come (no list of them all is made: on a large module
    // that was a fresh allocation of megabytes, written once).
    let functions = m
        .functions
        .iter()
        .map(|(id, f)| (&*f.name, &f.props, !f.is_definition, f.source.start, cx.function_dropped(id)));
    let globals =
        m.globals.iter().map(|(id, g)| (&*g.name, &g.props, g.init.is_none(), g.source, cx.global_dropped(id)));
    // An alias is never a declaration.
    let aliases = m.aliases.iter().map(|(_, a)| (&*a.name, &a.props, false, None, false));
    for (name, props, declaration, offset, dropped) in functions.chain(globals).chain(aliases) {
        if dropped {
            continue;
        }
        let at = || Location::Global { name: name.to_string(), offset };
        let linkage = props.linkage;
        let (code, message) = if props.comdat().is_some() && (declaration || linkage == Linkage::AvailableExternally) {
            ("llvm-comdat", "Declaration may not be in a Comdat!")
        } else if props.comdat().is_some() && linkage == Linkage::Common {
            ("llvm-comdat", "'common' global may not be in a Comdat!")
        } else if props.comdat().is_some() && linkage == Linkage::Private && llvm7 {
            ("llvm-comdat", "comdat global value has private linkage")
        } else if props.dll == DllStorage::Import && props.visibility != Visibility::Default {
            ("llvm-dll", "dllimport GlobalValue must have default visibility")
        } else if props.dll == DllStorage::Export && props.visibility == Visibility::Hidden && !llvm7 {
            ("llvm-dll", "dllexport GlobalValue must have default or protected visibility")
        } else if props.dll == DllStorage::Import && !dllimport_external(props.linkage, declaration, llvm7) {
            ("llvm-dll", "Global is marked as dllimport, but not external")
        } else {
            continue;
        };
        out.error(code, message, at());
        if llvm7 {
            out.help("libNVVM's LLVM 7 path prints nothing for this (measured)");
        }
        return;
    }
    // A variable's `!absolute_symbol` (the modern path, `mdrules/absolute_*`): pairs of
    // pointer-sized integers, as `!range`.
    if let Some(kind) = m.metadata.find_kind("absolute_symbol").filter(|_| !llvm7) {
        for (id, g) in m.globals.iter() {
            let Some(a) = g.props.metadata().iter().find(|a| a.kind == kind) else { continue };
            if cx.global_dropped(id) {
                continue;
            }
            if let Some(message) = absolute_symbol_problem(m, a.node) {
                out.error(
                    "llvm-absolute-symbol",
                    message,
                    Location::Global { name: g.name.to_string(), offset: g.source },
                );
                return;
            }
        }
    }
    let misused = |id: nvir_llvm::ir::module::GlobalVarId| {
        use nvir_llvm::ir::module::GlobalDef;
        !llvm7 && cx.symbols.of(GlobalDef::Var(id)).is_some_and(|s| cx.misused.get(s.index()).copied().unwrap_or(false))
    };
    for (id, g) in m.globals.iter() {
        let message = match &*g.name {
            "llvm.used" | "llvm.compiler.used" | "llvm.global_ctors" | "llvm.global_dtors" if misused(id) => {
                "invalid uses of intrinsic global variable"
            }
            "llvm.used" | "llvm.compiler.used" | "llvm.global_ctors" | "llvm.global_dtors"
                if intrinsic_global_problem(cx, id, g).is_some() =>
            {
                intrinsic_global_problem(cx, id, g).unwrap_or_default()
            }
            _ if g.props.linkage == Linkage::Appending && !matches!(m.types.get(g.ty), TypeData::Array { .. }) => {
                // (LLVM 7's path prints nothing; its modern path crashes: `llvm7/used_*_i32`.)
                "Only global arrays can have appending linkage!"
            }
            "llvm.used" | "llvm.compiler.used" => {
                let TypeData::Array { elem, .. } = m.types.get(g.ty) else { continue };
                if !matches!(m.types.get(*elem), TypeData::Pointer { .. }) {
                    "wrong type for intrinsic global variable"
                } else if g.init.is_some_and(|i| !constant_array(m, i)) {
                    "wrong initializer for intrinsic global variable"
                } else if let Some(message) = g.init.and_then(|i| used_member_problem(m, i, &g.name)) {
                    message
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
    // After the variables, each ifunc's resolver: through pointer casts and aliases, a function
    // (`ifuncs/`), and a defined one.
    if !llvm7 {
        for (_, i) in m.ifuncs.iter() {
            let at = || Location::Global { name: i.name.to_string(), offset: None };
            // Its linkage first (`aliaslink/*_ifunc`; an unused `available_externally` one is
            // dropped before).
            {
                use nvir_llvm::ir::module::Linkage;
                if matches!(i.props.linkage, Linkage::Common | Linkage::Appending | Linkage::ExternWeak) {
                    out.error(
                        "llvm-ifunc",
                        "IFunc should have private, internal, linkonce, weak, linkonce_odr, weak_odr, or external linkage!",
                        at(),
                    );
                    return;
                }
            }
            let mut c = i.resolver;
            let mut resolver = None;
            for _ in 0..64 {
                use nvir_llvm::ir::instruction::CastOp;
                use nvir_llvm::ir::{ConstData, ExprOp};
                let symbol = match &m.consts[c] {
                    ConstData::Global { global, .. } => Some(*global),
                    ConstData::Expr(x)
                        if matches!(x.op, ExprOp::Cast(CastOp::BitCast | CastOp::AddrSpaceCast))
                            && !x.operands.is_empty() =>
                    {
                        c = x.operands[0];
                        continue;
                    }
                    _ => None,
                };
                match symbol.and_then(|s| m.symbols[s].def) {
                    Some(nvir_llvm::ir::module::GlobalDef::Alias(a)) => c = m.aliases[a].aliasee,
                    Some(nvir_llvm::ir::module::GlobalDef::Func(f)) => {
                        resolver = Some(f);
                        break;
                    }
                    _ => break,
                }
            }
            let Some(f) = resolver else {
                out.error("llvm-ifunc", "IFunc must have a Function resolver", at());
                return;
            };
            if !m.functions[f].is_definition {
                out.error("llvm-ifunc", "Global is external, but doesn't have external or weak linkage!", at());
                return;
            }
        }
    }
}

/// Where LLVM's verifier takes `dllimport` (measured, `localdll/`): on a declaration of external
/// linkage (on the modern path `extern_weak` too) and on an `available_externally` definition.
fn dllimport_external(linkage: nvir_llvm::ir::module::Linkage, declaration: bool, llvm7: bool) -> bool {
    use nvir_llvm::ir::module::Linkage;
    match linkage {
        Linkage::AvailableExternally => true,
        Linkage::External | Linkage::ExternalExplicit => declaration,
        Linkage::ExternWeak => declaration && !llvm7,
        _ => false,
    }
}

/// LLVM's verifier on `llvm.used`, `llvm.compiler.used`, `llvm.global_ctors` and
/// `llvm.global_dtors` before their types (measured, `llvm7/used_*`, `introlink/`): with an
/// initializer, appending linkage (the modern path keeps no unused internal, private, linkonce
/// or `available_externally` variable to check); their uses are [`misused`]'s.
fn intrinsic_global_problem(
    cx: &Cx,
    id: nvir_llvm::ir::module::GlobalVarId,
    g: &nvir_llvm::ir::module::GlobalVar,
) -> Option<&'static str> {
    use nvir_llvm::ir::module::Linkage;
    if g.init.is_some() && g.props.linkage != Linkage::Appending && !cx.global_dropped(id) {
        return Some("invalid linkage for intrinsic global variable");
    }
    None
}

/// Whether a global value is one LLVM's verifier allows no use of but a call's: an intrinsic
/// function (on the modern path any name `llvm.*`, on the LLVM 7 path one it knows; used otherwise, "Invalid user of intrinsic instruction!") or,
/// on the modern path, `llvm.used`, `llvm.compiler.used`, `llvm.global_ctors` or
/// `llvm.global_dtors` (no use at all). Measured: `globaluses/`.
fn watched_symbol(m: &Module, s: SymbolId, llvm7: bool) -> bool {
    use nvir_llvm::ir::module::GlobalDef;
    let sym = &m.symbols[s];
    match sym.def {
        // LLVM 7 asks the intrinsic's ID: a name it does not know is an ordinary function there.
        Some(GlobalDef::Func(_)) => {
            sym.name.starts_with("llvm.")
                && (!llvm7 || crate::intrinsics::lookup(&sym.name, crate::Path::Llvm7).is_some())
        }
        Some(GlobalDef::Var(_)) => {
            !llvm7
                && matches!(&*sym.name, "llvm.used" | "llvm.compiler.used" | "llvm.global_ctors" | "llvm.global_dtors")
        }
        _ => false,
    }
}

/// The constants that refer, at any depth, to a [`watched_symbol`], by handle; empty when none
/// does. One pass over the constants: a constant's operands come before it.
pub(crate) fn watched_consts(m: &Module, llvm7: bool) -> Vec<bool> {
    use nvir_llvm::ir::ConstData;
    if !m.symbols.iter().any(|(s, _)| watched_symbol(m, s, llvm7)) {
        return Vec::new();
    }
    let mut watched = vec![false; m.consts.len()];
    for (c, data) in m.consts.iter() {
        let kids: &[nvir_llvm::ir::ConstId] = match data {
            ConstData::Global { global, .. }
            | ConstData::DsoLocalEquivalent { global, .. }
            | ConstData::NoCfi { global, .. } => {
                watched[c.index()] = watched_symbol(m, *global, llvm7);
                continue;
            }
            ConstData::Array { elems, .. } | ConstData::Vector { elems, .. } => elems,
            ConstData::Struct { fields, .. } => fields,
            ConstData::Expr(x) => &x.operands,
            _ => continue,
        };
        watched[c.index()] = kids.iter().any(|k| watched.get(k.index()) == Some(&true));
    }
    watched
}

/// The [`watched_symbol`]s used where the path keeps the user — a variable's initializer (at any
/// depth) or an instruction's operand other than a call's callee — by symbol handle (an unused
/// internal user is dropped first on the modern path: `globaluses/`). `body_misuses` are the
/// modern path's instruction operands, found by [`crate::module::kept`]'s walk of the bodies;
/// on the LLVM 7 path the bodies are read here.
pub(crate) fn misused(cx: &Cx, watched: &[bool], body_misuses: &[(&str, nvir_llvm::ir::ConstId)]) -> Vec<bool> {
    use nvir_llvm::ir::{ConstData, ConstId, Value};
    let m = cx.m;
    if watched.is_empty() {
        return Vec::new();
    }
    let mut misused = vec![false; m.symbols.len()];
    let mark = |root: ConstId, misused: &mut Vec<bool>| {
        let mut stack = vec![root];
        let mut steps = 0usize;
        while let Some(c) = stack.pop() {
            steps += 1;
            if steps > 1 << 16 || watched.get(c.index()) != Some(&true) {
                continue;
            }
            match &m.consts[c] {
                ConstData::Global { global, .. }
                | ConstData::DsoLocalEquivalent { global, .. }
                | ConstData::NoCfi { global, .. } => misused[global.index()] = true,
                ConstData::Array { elems, .. } | ConstData::Vector { elems, .. } => stack.extend(elems.iter()),
                ConstData::Struct { fields, .. } => stack.extend(fields.iter()),
                ConstData::Expr(x) => stack.extend(x.operands.iter()),
                _ => {}
            }
        }
    };
    for (id, g) in m.globals.iter() {
        if let Some(init) = g.init.filter(|i| watched.get(i.index()) == Some(&true)) {
            if !cx.global_dropped(id) {
                mark(init, &mut misused);
            }
        }
    }
    if !cx.llvm7() {
        for &(name, c) in body_misuses {
            let kept = m.functions.iter().any(|(id, f)| &*f.name == name && !cx.function_dropped(id));
            if kept {
                mark(c, &mut misused);
            }
        }
        return misused;
    }
    for (id, f) in m.functions.iter() {
        if !f.is_definition || cx.function_dropped(id) {
            continue;
        }
        for (_, inst) in f.insts.iter() {
            let mut pending: Option<ConstId> = None;
            inst.kind.for_each_operand(|v| {
                if let Some(c) = pending.take() {
                    mark(c, &mut misused);
                }
                if let Value::Const(c) = v {
                    if watched.get(c.index()) == Some(&true) {
                        pending = Some(c);
                    }
                }
            });
            if let Some(c) = pending {
                let direct_callee = matches!(&inst.kind,
                    InstKind::Call { call, .. } | InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. }
                        if call.callee == Value::Const(c) && matches!(m.consts[c], ConstData::Global { .. }));
                if !direct_callee {
                    mark(c, &mut misused);
                }
            }
        }
    }
    misused
}

/// LLVM's verifier on a global object's `!absolute_symbol`: pairs of pointer-sized integers, as
/// `!range` (`mdrules/absolute_*` for variables, `absolutefn/` for functions).
fn absolute_symbol_problem(m: &Module, node: MdId) -> Option<&'static str> {
    let ops = tuple(m, node).unwrap_or(&[]);
    if !ops.len().is_multiple_of(2) {
        Some("Unfinished range!")
    } else if ops.is_empty() {
        Some("It should have at least one range!")
    } else {
        ops.iter().enumerate().find_map(|(i, &op)| match md_const(m, op) {
            Some(nvir_llvm::ir::ConstData::Int { ty, .. }) => {
                (!matches!(m.types.get(*ty), TypeData::Int(64))).then_some("Range types must match instruction type!")
            }
            _ if i % 2 == 0 => Some("The lower limit must be an integer!"),
            _ => Some("The upper limit must be an integer!"),
        })
    }
}

/// Whether a constant is what LLVM keeps as a `ConstantArray`: an array with an element other than
/// zero (one of nothing but nulls and zeros is folded to `zeroinitializer`).
/// LLVM's verifier on the members of `llvm.used` and `llvm.compiler.used` (`calls/used_*`):
/// each, through pointer casts, a function, variable or alias, and one with a name.
fn used_member_problem(m: &Module, init: nvir_llvm::ir::ConstId, name: &str) -> Option<&'static str> {
    use nvir_llvm::ir::module::GlobalDef;
    use nvir_llvm::ir::{ConstData, ExprOp};
    let ConstData::Array { elems, .. } = &m.consts[init] else { return None };
    let compiler = name == "llvm.compiler.used";
    for &e in elems.iter() {
        let mut c = e;
        while let ConstData::Expr(x) = &m.consts[c] {
            match x.op {
                ExprOp::Cast(
                    nvir_llvm::ir::instruction::CastOp::BitCast | nvir_llvm::ir::instruction::CastOp::AddrSpaceCast,
                ) if !x.operands.is_empty() => c = x.operands[0],
                _ => break,
            }
        }
        let symbol = match &m.consts[c] {
            ConstData::Global { global, .. } => Some(&m.symbols[*global]),
            _ => None,
        };
        let member =
            symbol.is_some_and(|s| matches!(s.def, Some(GlobalDef::Func(_) | GlobalDef::Var(_) | GlobalDef::Alias(_))));
        if !member {
            return Some(if compiler { "invalid llvm.compiler.used member" } else { "invalid llvm.used member" });
        }
        if symbol.is_some_and(|s| s.name.bytes().all(|b| b.is_ascii_digit())) {
            return Some(if compiler {
                "members of llvm.compiler.used must be named"
            } else {
                "members of llvm.used must be named"
            });
        }
    }
    None
}

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
/// Whether a call calls `llvm.experimental.gc.statepoint`.
fn statepoint(m: &Module, call: &nvir_llvm::ir::instruction::CallSite) -> bool {
    match call.callee {
        nvir_llvm::ir::Value::Const(c) => crate::module::global_of(m, c).is_some_and(|n| {
            n == "llvm.experimental.gc.statepoint" || n.starts_with("llvm.experimental.gc.statepoint.")
        }),
        _ => false,
    }
}

fn call_args_problem(cx: &Cx, kind: &InstKind) -> Option<&'static str> {
    let m = cx.m;
    let (InstKind::Call { call, .. } | InstKind::Invoke { call, .. }) = kind else { return None };
    let TypeData::Function { ret, params, .. } = m.types.get(call.fn_ty) else { return None };
    for (i, a) in call.args.iter().enumerate() {
        if m.attrs[a.attrs].0.is_empty() {
            continue;
        }
        // (`gc.statepoint` passes its callee's arguments as its own variable ones: LLVM checks
        // those against the callee instead.)
        if i >= params.len() && crate::attrs::has(cx, a.attrs, "sret") && !statepoint(m, call) {
            return Some("Attribute 'sret' cannot be used for vararg call arguments!");
        }
        // LLVM's verifier on a variable argument (`calls/inalloca_vararg_*`, both paths).
        if i >= params.len() && i + 1 != call.args.len() && crate::attrs::has(cx, a.attrs, "inalloca") {
            return Some("inalloca isn't on the last argument!");
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
