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
    for (id, f) in m.functions.iter() {
        let at = || Location::Function { name: f.name.to_string(), offset: f.source.start };
        if !cx.llvm7() && !cx.function_dropped(id) {
            if let Some(message) = string_attr_problem(m, f.fn_attrs) {
                out.error("llvm-fn-attr", message, at());
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

/// Whether `v` is what LLVM's `getAsInteger(10, unsigned)` takes: decimal digits of a 32-bit value.
fn unsigned32(v: &str) -> bool {
    !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) && v.parse::<u32>().is_ok()
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
            for a in &g.props.metadata {
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
        for (id, f) in m.functions.iter() {
            if cx.function_dropped(id) {
                continue;
            }
            for a in &f.props.metadata {
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
fn template_params_problem(m: &Module, fields: &[(Box<str>, MdField)]) -> Option<&'static str> {
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
fn conflicting_flags(fields: &[(Box<str>, MdField)]) -> Option<&'static str> {
    use nvir_llvm::ir::di::DI_FLAGS;
    let bits = match field(fields, "flags") {
        Some(MdField::Word(w)) => w.split('|').filter_map(|f| DI_FLAGS.lookup(f.trim())).fold(0, |b, e| b | e.value),
        Some(MdField::Int(n)) => *n as u32,
        _ => 0,
    };
    let both = |a: u32, b: u32| bits & a != 0 && bits & b != 0;
    (both(0x2000, 0x4000) || both(0x40_0000, 0x80_0000)).then_some("invalid reference flags")
}

/// LLVM's debug-info check of one node, the rules measured so far: a derived type's base is a
/// type, and only a pointer or reference has a DWARF address space; a global variable
/// definition has a type; a subprogram definition has a unit, a declaration none; template
/// parameters and reference flags; an expression is valid.
fn di_problem(cx: &Cx, node: &MdNode) -> Option<(&'static str, &'static str)> {
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
        "DICompositeType" => template_params_problem(m, fields).or_else(|| conflicting_flags(fields)),
        "DISubroutineType" => conflicting_flags(fields),
        "DIGlobalVariable" => (!matches!(field(fields, "isDefinition"), Some(MdField::Bool(false)))
            && matches!(field(fields, "type"), None | Some(MdField::Null)))
        .then_some("missing global variable type"),
        "DISubprogram" => template_params_problem(m, fields).or_else(|| conflicting_flags(fields)).or_else(|| {
            let unit = !matches!(field(fields, "unit"), None | Some(MdField::Null));
            match (sp_is_definition(fields), unit) {
                (true, false) => Some("subprogram definitions must have a compile unit"),
                (false, true) => Some("subprogram declarations must not have a compile unit"),
                _ => None,
            }
        }),
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

fn md_ref(fields: &[(Box<str>, MdField)], name: &str) -> Option<MdId> {
    match field(fields, name) {
        Some(MdField::Ref(r)) => Some(*r),
        _ => None,
    }
}

fn special<'a>(m: &'a Module, id: MdId, want: &str) -> Option<&'a [(Box<str>, MdField)]> {
    match m.metadata.get(id) {
        MdNode::Special { kind, fields, .. } if &**kind == want => Some(fields),
        _ => None,
    }
}

/// A string field's text, written inline or as a reference to a string.
fn md_str<'a>(m: &'a Module, fields: &'a [(Box<str>, MdField)], name: &str) -> &'a [u8] {
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
    let sp = f.props.metadata.iter().find(|a| a.kind == dbg)?.node;
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
            reach.debug[id.index()] && (di_problem(cx, node).is_some() || (is_cu(id) && !listed[id.index()]))
        });
    let checked = |id: MdId| reach.kept[id.index()] || (hard && reach.debug[id.index()]);
    if broken {
        listed.fill(false);
    }
    // Expressions first, then the other nodes, then the units (LLVM's order so far measured).
    let problems = m.metadata.iter().filter(|(id, _)| checked(*id)).filter_map(|(_, node)| di_problem(cx, node));
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
    let mut values: Vec<(&str, &nvir_llvm::ir::GlobalProps, bool, Option<u32>, bool)> = Vec::new();
    for (id, f) in m.functions.iter() {
        values.push((&f.name, &f.props, !f.is_definition, f.source.start, cx.function_dropped(id)));
    }
    for (id, g) in m.globals.iter() {
        values.push((&g.name, &g.props, g.init.is_none(), g.source, cx.global_dropped(id)));
    }
    for (name, props, declaration, offset, dropped) in values {
        if dropped {
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
