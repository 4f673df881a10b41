//! Value names as MLIR's printer assigns them: ops' suggested names uniqued with one conflict
//! counter, numbered values, `%argN` for entry-block arguments; a region starts from the counters
//! its parent region ended with, so sibling regions reuse numbers and names.

use crate::ir::{Block, Field, Function, Module, Op, Type, TypeEntry};
use crate::tables;
use rustc_hash::{FxHashMap, FxHashSet};

/// The printed names of one op's results.
#[derive(Debug, Clone, Default)]
pub struct OpNames {
    /// The definition (`%a, %b` or `%3:2`).
    pub def: String,
    /// How each result is referred to (`%a`, `%3#1`).
    pub refs: Vec<String>,
}

/// Names of every op result and block argument of one function.
#[derive(Default)]
pub struct Names {
    /// By op address.
    pub ops: FxHashMap<usize, OpNames>,
    /// By (block or function address, argument index).
    pub args: FxHashMap<(usize, usize), String>,
}

#[derive(Clone)]
struct State {
    next_value: usize,
    next_arg: usize,
    next_conflict: usize,
    used: FxHashSet<String>,
}

/// What a value's producer suggests as its name (for `assume`), `None` for block arguments and
/// ops without name suggestions.
type Producer = Option<String>;

struct Work<'a> {
    key: usize,
    args: usize,
    ops: &'a [Op],
    parent: Option<&'a Op>,
    entry: bool,
    state: State,
    values: Vec<Producer>,
}

/// Numbers one function.
pub fn name_function(m: &Module, f: &Function) -> Names {
    let mut names = Names::default();
    let nargs = match m.ty(f.signature) {
        Some(Type::Function { inputs, .. }) => inputs.len(),
        _ => 0,
    };
    let mut work = vec![Work {
        key: f as *const Function as usize,
        args: nargs,
        ops: &f.body,
        parent: None,
        entry: true,
        state: State { next_value: 0, next_arg: 0, next_conflict: 0, used: FxHashSet::default() },
        values: Vec::new(),
    }];
    while let Some(w) = work.pop() {
        let Work { key, args, ops, parent, entry, mut state, mut values } = w;
        // Block arguments: names the parent op suggests, else %argN in entry blocks.
        let suggested = parent.map(|p| block_arg_names(p, args)).unwrap_or_default();
        for i in 0..args {
            let name = match suggested.get(i) {
                Some(n) => unique(&mut state, n),
                None if entry => {
                    let n = format!("arg{}", state.next_arg);
                    state.next_arg += 1;
                    unique(&mut state, &n)
                }
                None => {
                    state.next_value += 1;
                    (state.next_value - 1).to_string()
                }
            };
            names.args.insert((key, i), name);
            values.push(None);
        }
        let mut children = Vec::new();
        for op in ops {
            if !op.regions.is_empty() {
                children.push((op, values.clone()));
            }
            let suggested = result_names(m, op, &values);
            let n = result_count(op);
            let mut groups = vec![0usize];
            let mut bases: Vec<(usize, String)> = Vec::new();
            for (rn, raw) in &suggested {
                let name = unique(&mut state, raw);
                if *rn != 0 {
                    groups.push(*rn);
                }
                bases.push((*rn, name));
            }
            if n > 0 && !bases.iter().any(|(rn, _)| *rn == 0) {
                bases.insert(0, (0, state.next_value.to_string()));
                state.next_value += 1;
            }
            let mut on = OpNames::default();
            let mut defs = Vec::new();
            for (gi, &start) in groups.iter().enumerate() {
                if start >= n {
                    continue;
                }
                let end = groups.get(gi + 1).copied().unwrap_or(n).min(n);
                let base = bases.iter().find(|(rn, _)| *rn == start).map_or(String::new(), |b| b.1.clone());
                let size = end - start;
                defs.push(if size > 1 { format!("%{base}:{size}") } else { format!("%{base}") });
                for i in start..end {
                    on.refs.push(if n > 1 && size != 1 {
                        format!("%{base}#{}", i - start)
                    } else {
                        format!("%{base}")
                    });
                }
            }
            on.def = defs.join(", ");
            for (i, _) in op.results.iter().enumerate() {
                values.push(
                    suggested
                        .iter()
                        .find(|(rn, _)| *rn == i)
                        .map(|(_, raw)| raw.clone())
                        .or_else(|| has_name_interface(op).then(String::new)),
                );
            }
            names.ops.insert(op as *const Op as usize, on);
        }
        for (op, vals) in children {
            for r in &op.regions {
                for (bi, b) in r.blocks.iter().enumerate() {
                    work.push(Work {
                        key: b as *const Block as usize,
                        args: b.args.len(),
                        ops: &b.ops,
                        parent: Some(op),
                        entry: bi == 0,
                        state: state.clone(),
                        values: vals.clone(),
                    });
                }
            }
        }
    }
    names
}

fn unique(state: &mut State, raw: &str) -> String {
    let name = sanitize(raw);
    let name = if state.used.contains(&name) {
        loop {
            let probe = format!("{name}_{}", state.next_conflict);
            state.next_conflict += 1;
            if !state.used.contains(&probe) {
                break probe;
            }
        }
    } else {
        name
    };
    state.used.insert(name.clone());
    name
}

fn sanitize(name: &str) -> String {
    let valid = |c: char| c.is_ascii_alphanumeric() || "$._-".contains(c);
    let mut out = String::new();
    if !name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        out.push('_');
    }
    for c in name.chars() {
        if valid(c) {
            out.push(c);
        } else if c == ' ' {
            out.push('_');
        } else {
            out.push_str(&format!("{:X}", c as u32));
        }
    }
    out
}

/// Results the printer shows: 13.1's `print_tko` is shown with the token result later versions
/// have.
pub fn result_count(op: &Op) -> usize {
    let name = tables::op_info(op.opcode.into()).map_or("", |i| i.name);
    if name == "print_tko" {
        op.results.len().max(1)
    } else {
        op.results.len()
    }
}

fn has_name_interface(op: &Op) -> bool {
    let name = tables::op_info(op.opcode.into()).map_or("", |i| i.name);
    matches!(
        name,
        "assume"
            | "broadcast"
            | "constant"
            | "for"
            | "make_tensor_view"
            | "make_partition_view"
            | "make_strided_view"
            | "make_gather_scatter_view"
            | "reduce"
            | "reshape"
            | "if"
            | "loop"
            | "scan"
            | "load_view_tko"
            | "load_ptr_tko"
            | "atomic_rmw_tko"
            | "atomic_cas_tko"
            | "get_tile_block_id"
            | "get_num_tile_blocks"
    )
}

fn block_arg_names(parent: &Op, n: usize) -> Vec<String> {
    match tables::op_info(parent.opcode.into()).map_or("", |i| i.name) {
        "for" => (0..n).map(|i| if i == 0 { "loopIdx".to_string() } else { format!("iterArg{}", i - 1) }).collect(),
        "reduce" => (0..n)
            .map(|i| {
                let base = if i % 2 == 0 { "reduce_lhs" } else { "reduce_rhs" };
                if n > 2 {
                    format!("{base}{}", i / 2)
                } else {
                    base.to_string()
                }
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The names an op suggests for its results: (result number, raw name).
fn result_names(m: &Module, op: &Op, values: &[Producer]) -> Vec<(usize, String)> {
    let name = tables::op_info(op.opcode.into()).map_or("", |i| i.name);
    let n = op.results.len();
    let one = |s: &str| vec![(0, s.to_string())];
    let many = |v: &[&str]| {
        if n == v.len() {
            v.iter().enumerate().map(|(i, s)| (i, s.to_string())).collect()
        } else {
            Vec::new()
        }
    };
    match name {
        "assume" => {
            let producer = op.operands.first().and_then(|v| values.get(*v as usize)).cloned().flatten();
            match producer {
                Some(p) => one(&format!("assume_{p}")),
                None => one("assume"),
            }
        }
        "broadcast" => one("bcast"),
        "reshape" => one("reshape"),
        "make_tensor_view" => one("tview"),
        "make_partition_view" => one("pview"),
        "make_strided_view" => one("sview"),
        "make_gather_scatter_view" => one("gsview"),
        "for" if n > 0 => one("for"),
        "reduce" if n > 0 => one("reduce"),
        "constant" => one(&constant_name(m, op)),
        "load_view_tko" => many(&["tile", "result_token"]),
        "load_ptr_tko" | "atomic_rmw_tko" | "atomic_cas_tko" => many(&["result", "result_token"]),
        "get_tile_block_id" => many(&["blockId_x", "blockId_y", "blockId_z"]),
        "get_num_tile_blocks" => many(&["gridSize_x", "gridSize_y", "gridSize_z"]),
        _ => Vec::new(),
    }
}

/// The element type tag and the raw bytes of a constant op's value.
pub fn constant_data<'m>(m: &'m Module, op: &Op) -> Option<(u64, &'m [u8])> {
    let ty = *op.results.first()?;
    let Some(Type::Tile { element, .. }) = m.ty(ty) else { return None };
    let Some(TypeEntry::Ok(Type::Scalar(tag))) = m.types.get(*element as usize) else { return None };
    let Some(Field::U(c)) = op.fields.first() else { return None };
    Some((*tag, m.constants.get(*c as usize)?.as_slice()))
}

/// Element width in bytes in a dense buffer.
pub fn elem_bytes(tag: u64) -> usize {
    match tag {
        0 | 1 | 10 | 11 | 18 | 19 | 22 | 130 => 1,
        2 | 5 | 6 => 2,
        3 | 7 | 8 => 4,
        _ => 8,
    }
}

/// Element `i` of a dense buffer as raw bits.
pub fn elem_bits(data: &[u8], tag: u64, i: usize) -> u64 {
    let w = elem_bytes(tag);
    let mut v = 0u64;
    for (k, b) in data.iter().skip(i * w).take(w).enumerate() {
        v |= u64::from(*b) << (8 * k);
    }
    v
}

/// Integer bit width of a scalar tag.
pub fn int_width(tag: u64) -> Option<u32> {
    Some(match tag {
        0 => 1,
        22 => 4,
        1 => 8,
        2 => 16,
        3 => 32,
        4 => 64,
        _ => return None,
    })
}

/// Sign-extends bits of a width.
pub fn signed(bits: u64, width: u32) -> i64 {
    if width >= 64 {
        bits as i64
    } else {
        ((bits << (64 - width)) as i64) >> (64 - width)
    }
}

fn constant_name(m: &Module, op: &Op) -> String {
    let Some((tag, data)) = constant_data(m, op) else { return "cst".into() };
    let n = data.len() / elem_bytes(tag).max(1);
    let all_same = (1..n).all(|i| elem_bits(data, tag, i) == elem_bits(data, tag, 0));
    let ty = super::print::scalar_name(tag);
    if tag == 0 {
        let vals: Vec<bool> = (0..n).map(|i| elem_bits(data, tag, i) & 1 != 0).collect();
        return if vals.iter().all(|v| *v) {
            "true".into()
        } else if vals.iter().all(|v| !*v) {
            "false".into()
        } else {
            "cst_i1".into()
        };
    }
    let mut name = String::from("cst");
    if n >= 1 && all_same {
        let bits = elem_bits(data, tag, 0);
        if let Some(w) = int_width(tag) {
            name.push_str(&format!("_{}", signed(bits, w)));
        } else if let Some(s) = super::float::semantics(tag) {
            if super::float::is_nan(s, bits) {
                name.push_str("_NaN");
            } else if let Some(v) = super::float::to_f64(s, bits) {
                if v.is_sign_positive()
                    && v.fract() == 0.0
                    && v < 18446744073709551616.0
                    && !(v == 0.0 && v.is_sign_negative())
                {
                    name.push_str(&format!("_{}", v as u64));
                }
            }
        }
    }
    name.push('_');
    name.push_str(ty);
    name
}
