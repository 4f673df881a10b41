//! Changing a module's bytecode version: every op, type, attribute and table is checked against
//! the target; fields a newer version adds get their defaults, fields an older one lacks must
//! hold their defaults, or the module cannot be expressed and the error says why.

use crate::ir::*;
use crate::tables::{self, section, AttrKind, Item, Version};
use crate::write::encode_type;
use crate::{Error, Result};

/// The module as it would be written in another version.
pub fn retarget(m: &Module, to: Version) -> Result<Module> {
    if !to.is_supported() {
        return Err(Error::msg(format!("unsupported target version {to}")));
    }
    let mut out = m.clone();
    out.version = to;
    if to == m.version {
        return Ok(out);
    }
    if m.tag & 1 != 0 && to != Version::V13_5 {
        return Err(Error::msg(format!("public-preview content is only valid at 13.5, target version is {to}")));
    }
    // Partition views carry a presence byte before 13.3 and a flags word from 13.3 on.
    if (m.version >= Version::V13_3) != (to >= Version::V13_3) {
        for (i, t) in out.types.iter_mut().enumerate() {
            if let TypeEntry::Ok(Type::PartitionView { flags, padding, .. }) = t {
                if m.version >= Version::V13_3 && *flags & !1 != 0 {
                    return Err(Error::msg(format!(
                        "type at index {i} has partition_view flags {flags:#x} that version {to} cannot express"
                    )));
                }
                *flags = u64::from(padding.is_some());
            }
        }
    }
    for (i, t) in out.types.iter().enumerate() {
        if let TypeEntry::Ok(t) = t {
            encode_type(&mut Vec::new(), t, to)
                .map_err(|e| Error::msg(format!("type at index {i}: {}", e.message())))?;
        }
    }
    for g in &mut out.globals {
        if to >= Version::V13_3 {
            g.visibility.get_or_insert((0, 0));
        } else if let Some((vis, cst)) = g.visibility.take() {
            if vis != 0 || cst != 0 {
                return Err(Error::msg(format!(
                    "global '{}' is private or constant, which needs bytecode version 13.3+, target version is {to}",
                    String::from_utf8_lossy(m.string(g.name))
                )));
            }
        }
    }
    if to < Version::V13_3 && m.producer.is_some() {
        out.producer = None;
        out.sections.retain(|s| s.id != section::PRODUCER);
    }
    if let Some(d) = &mut out.debug {
        for a in &mut d.attrs {
            if let DebugAttr::Subprogram { flags, .. } = a {
                if to >= Version::V13_5 {
                    flags.get_or_insert(0);
                } else if flags.take().is_some_and(|f| f != 0) {
                    return Err(Error::msg(format!(
                        "debug subprogram flags need bytecode version 13.5, target version is {to}"
                    )));
                }
            }
        }
    }
    let mut token_type: Option<TokenSlot> = None;
    for f in &mut out.functions {
        let fname = String::from_utf8_lossy(m.string(f.name)).into_owned();
        if to >= Version::V13_5 {
            if f.flags & 2 != 0 {
                f.hints.get_or_insert(Attr::Hints(Vec::new()));
                f.flags &= !4;
            }
            f.arg_attrs.get_or_insert(Attr::Array(Vec::new()));
        } else {
            if let Some(a) = f.arg_attrs.take() {
                let empty = match &a {
                    Attr::Array(v) => v.iter().all(|x| matches!(x, Attr::Dictionary(d) if d.is_empty())),
                    _ => false,
                };
                if !empty {
                    return Err(Error::msg(format!(
                        "function '{fname}' has argument attributes, which need bytecode version 13.5, target version is {to}"
                    )));
                }
            }
            match &f.hints {
                Some(Attr::Hints(d)) if d.is_empty() && m.version >= Version::V13_5 => {
                    f.hints = None;
                    f.flags &= !4;
                }
                Some(_) => f.flags |= 4,
                None => f.flags &= !4,
            }
        }
        let from = m.version;
        convert_ops(&mut f.body, from, to)?;
        // print_tko has a token result from 13.2 on: adding or dropping it renumbers values.
        if (from < Version::V13_2) != (to < Version::V13_2) {
            let nargs = match m.ty(f.signature) {
                Some(Type::Function { inputs, .. }) => inputs.len() as u32,
                _ => 0,
            };
            let mut map: Vec<Option<u32>> = (0..nargs).map(Some).collect();
            let mut next = nargs;
            let token = token_type.get_or_insert_with(TokenSlot::default);
            renumber(&mut f.body, &mut map, &mut next, to, token, &fname)?;
        }
    }
    if token_type.is_some_and(|t| t.used) {
        let id = out.intern_type(Type::Scalar(17));
        for f in &mut out.functions {
            fill_token(&mut f.body, id);
        }
    }
    Ok(out)
}

/// Whether a token type had to be added for print_tko results (filled in after the walk).
#[derive(Default)]
struct TokenSlot {
    used: bool,
}

/// The placeholder type of a print_tko token result added before the table knew a token type.
const TOKEN_PENDING: TypeId = u32::MAX;

fn fill_token(ops: &mut [Op], id: TypeId) {
    for op in ops {
        for r in op.results.iter_mut() {
            if *r == TOKEN_PENDING {
                *r = id;
            }
        }
        for region in &mut op.regions {
            for b in &mut region.blocks {
                fill_token(&mut b.ops, id);
            }
        }
    }
}

/// Renumbers values after print_tko results were added (to 13.2+) or dropped (to 13.1).
fn renumber(
    ops: &mut [Op],
    map: &mut Vec<Option<u32>>,
    next: &mut u32,
    to: Version,
    token: &mut TokenSlot,
    fname: &str,
) -> Result<()> {
    let print_tko = tables::op_by_name("print_tko").map_or(0, |i| i.code);
    for op in ops {
        for v in op.operands.iter_mut() {
            *v = map.get(*v as usize).copied().flatten().ok_or_else(|| {
                Error::msg(format!(
                    "function '{fname}' uses a print_tko token, which bytecode version {to} does not have"
                ))
            })?;
        }
        for r in &mut op.regions {
            for b in &mut r.blocks {
                let (mark, saved) = (map.len(), *next);
                for _ in &b.args {
                    map.push(Some(*next));
                    *next += 1;
                }
                renumber(&mut b.ops, map, next, to, token, fname)?;
                map.truncate(mark);
                *next = saved;
            }
        }
        if op.opcode == print_tko {
            if to >= Version::V13_2 && op.results.is_empty() {
                op.results.push(TOKEN_PENDING);
                token.used = true;
                *next += 1;
                continue;
            }
            if to < Version::V13_2 && !op.results.is_empty() {
                op.results.clear();
                map.push(None);
                continue;
            }
        }
        for _ in &op.results {
            map.push(Some(*next));
            *next += 1;
        }
    }
    Ok(())
}

fn convert_ops(ops: &mut [Op], from: Version, to: Version) -> Result<()> {
    for op in ops {
        let info =
            tables::op_info(op.opcode.into()).ok_or_else(|| Error::msg(format!("unknown opcode {}", op.opcode)))?;
        if info.since > to || u64::from(op.opcode) > to.max_opcode() && op.opcode != 0x4002 {
            return Err(Error::msg(format!(
                "op '{}' needs bytecode version {}+, target version is {to}",
                info.name, info.since
            )));
        }
        let layout = tables::layout(info);
        let mut old = Fields::default();
        collect(op, layout, from, &mut 0, &mut old, &[]);
        let mut fields = Vec::new();
        emit(info.name, layout, from, to, &old, &mut fields, &[])?;
        // Flag bits only exist where the target has the flags field.
        let lost = old.flags & !flags_mask(layout, to);
        if lost != 0 {
            let names = flag_names(layout);
            let which: Vec<&str> =
                names.iter().enumerate().filter(|(b, _)| lost >> b & 1 != 0).map(|(_, n)| *n).collect();
            return Err(Error::msg(format!(
                "op '{}' uses {} which bytecode version {to} cannot express",
                info.name,
                which.join(", ")
            )));
        }
        op.fields = fields;
        op.flags = old.flags;
        for r in &mut op.regions {
            for b in &mut r.blocks {
                convert_ops(&mut b.ops, from, to)?;
            }
        }
    }
    Ok(())
}

#[derive(Default)]
struct Fields {
    flags: u64,
    named: Vec<(&'static str, Field)>,
}

fn flag_names(items: &'static [Item]) -> Vec<&'static str> {
    for item in items {
        match item {
            Item::Flags(n) => return n.clone(),
            Item::Since(_, inner) => {
                let n = flag_names(inner);
                if !n.is_empty() {
                    return n;
                }
            }
            _ => {}
        }
    }
    Vec::new()
}

fn flags_mask(items: &'static [Item], v: Version) -> u64 {
    for item in items {
        match item {
            Item::Flags(_) => return u64::MAX,
            Item::Since(since, inner) if v >= *since => {
                let m = flags_mask(inner, v);
                if m != 0 {
                    return m;
                }
            }
            _ => {}
        }
    }
    0
}

fn flag_set(flags: u64, names: &[&str], name: &str) -> bool {
    names.iter().position(|n| *n == name).is_some_and(|b| flags >> b & 1 != 0)
}

fn collect(op: &Op, items: &'static [Item], v: Version, fi: &mut usize, out: &mut Fields, names: &[&'static str]) {
    let mut names = names.to_vec();
    for item in items {
        match item {
            Item::Flags(n) => {
                out.flags = op.flags;
                names = n.clone();
            }
            Item::Since(since, inner) if v >= *since => {
                collect(op, inner, v, fi, out, &names);
                if let Some(n) = first_flags(inner) {
                    names = n;
                }
            }
            Item::IfFlag(name, inner) if flag_set(op.flags, &names, name) => {
                collect(op, inner, v, fi, out, &names);
            }
            Item::Attr(name, _) => {
                if let Some(f) = op.fields.get(*fi) {
                    out.named.push((name, f.clone()));
                }
                *fi += 1;
            }
            Item::AllOperands(_) => {
                if let Some(f) = op.fields.get(*fi) {
                    out.named.push(("#all", f.clone()));
                }
                *fi += 1;
            }
            Item::Operands(name) => {
                if let Some(f) = op.fields.get(*fi) {
                    out.named.push((name, f.clone()));
                }
                *fi += 1;
            }
            _ => {}
        }
    }
}

fn first_flags(items: &'static [Item]) -> Option<Vec<&'static str>> {
    items.iter().find_map(|i| if let Item::Flags(n) = i { Some(n.clone()) } else { None })
}

pub(crate) fn default_field(op: &str, name: &str, kind: AttrKind) -> Field {
    match kind {
        AttrKind::Bools => Field::Bools(Vec::new()),
        AttrKind::I32s => Field::I32s(Vec::new()),
        AttrKind::Array => Field::Attrs(Vec::new()),
        AttrKind::Hints => Field::Dict(Vec::new()),
        AttrKind::Byte => Field::Byte(0),
        // exp and tanh round "full" unless told otherwise.
        _ if name == "rounding_mode" && matches!(op, "exp" | "tanh") => Field::U(5),
        // Float to integer rounds toward zero unless told otherwise.
        _ if name == "rounding_mode" && op == "ftoi" => Field::U(6),
        // Integer division truncates unless told otherwise.
        _ if name == "rounding" && op == "divi" => Field::U(1),
        _ => Field::U(0),
    }
}

fn emit(
    op: &str,
    items: &'static [Item],
    from: Version,
    to: Version,
    old: &Fields,
    out: &mut Vec<Field>,
    names: &[&'static str],
) -> Result<()> {
    let mut names = names.to_vec();
    let get = |n: &str| old.named.iter().find(|(k, _)| *k == n).map(|(_, f)| f.clone());
    for item in items {
        match item {
            Item::Flags(n) => names = n.clone(),
            Item::Since(since, inner) => {
                if to >= *since {
                    emit(op, inner, from, to, old, out, &names)?;
                    if let Some(n) = first_flags(inner) {
                        names = n;
                    }
                } else if from >= *since {
                    // Dropping: what the older version lacks must hold its default.
                    for i in inner {
                        if let Item::Attr(name, kind) = i {
                            let is_default = |f: &Field| match f {
                                Field::Bools(b) => b.iter().all(|x| *x == 0),
                                f => *f == default_field(op, name, *kind),
                            };
                            if get(name).is_some_and(|f| !is_default(&f)) {
                                return Err(Error::msg(format!(
                                    "op '{op}' sets '{name}', which needs bytecode version {since}+, target version is {to}"
                                )));
                            }
                        }
                    }
                }
            }
            Item::IfFlag(name, inner) if flag_set(old.flags, &names, name) => {
                emit(op, inner, from, to, old, out, &names)?;
            }
            Item::Attr(name, kind) => out.push(get(name).unwrap_or_else(|| match (*name, get("index")) {
                // One "not known in bounds" per index, as cuTile writes it.
                ("inbounds", Some(Field::U(n))) => Field::Bools(vec![0; n as usize]),
                _ => default_field(op, name, *kind),
            })),
            Item::AllOperands(_) => out.push(get("#all").unwrap_or(Field::U(0))),
            Item::Operands(name) => out.push(get(name).unwrap_or(Field::U(0))),
            _ => {}
        }
    }
    Ok(())
}
