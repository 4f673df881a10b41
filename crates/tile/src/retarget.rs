//! Changing a module's bytecode version: every op, type, attribute and table is checked against
//! the target; fields a newer version adds get their defaults, fields an older one lacks must
//! hold their defaults, or the module cannot be expressed and the error says why.

use crate::body::{Encoder, Event, Walker};
use crate::cursor::{put_varint, Cursor};
use crate::ir::*;
use crate::read;
use crate::tables::{self, section, AttrKind, Item, Version};
use crate::write::type_fits;
use crate::{Error, Result};

/// The module as it would be written in another version.
pub fn retarget(m: &Module, to: Version) -> Result<Module> {
    if !to.is_supported() {
        return Err(Error::msg(format!("unsupported target version {to}")));
    }
    retarget_owned(m.clone(), to)
}

/// [`retarget`], consuming the module (no copy of it is made).
pub fn retarget_owned(mut m: Module, to: Version) -> Result<Module> {
    if !to.is_supported() {
        return Err(Error::msg(format!("unsupported target version {to}")));
    }
    let from = m.version;
    if to == from {
        return Ok(m);
    }
    if m.tag & 1 != 0 && to != Version::V13_5 {
        return Err(Error::msg(format!("public-preview content is only valid at 13.5, target version is {to}")));
    }
    // Partition views carry a presence byte before 13.3 and a flags word from 13.3 on.
    if (from >= Version::V13_3) != (to >= Version::V13_3) {
        for (i, t) in m.types.iter_mut().enumerate() {
            if let TypeEntry::Ok(Type::PartitionView(v)) = t {
                let PartitionView { flags, padding, .. } = &mut **v;
                if from >= Version::V13_3 && *flags & !1 != 0 {
                    return Err(Error::msg(format!(
                        "type at index {i} has partition_view flags {flags:#x} that version {to} cannot express"
                    )));
                }
                *flags = u64::from(padding.is_some());
            }
        }
    }
    for (i, t) in m.types.iter().enumerate() {
        if let TypeEntry::Ok(t) = t {
            type_fits(t, to).map_err(|e| Error::msg(format!("type at index {i}: {}", e.message())))?;
        }
    }
    for g in &mut m.globals {
        if to >= Version::V13_3 {
            g.visibility.get_or_insert((0, 0));
        } else if let Some((vis, cst)) = g.visibility.take() {
            if vis != 0 || cst != 0 {
                return Err(Error::msg(format!(
                    "global '{}' is private or constant, which needs bytecode version 13.3+, target version is {to}",
                    String::from_utf8_lossy(m.strings.get(g.name as usize).unwrap_or(&[]))
                )));
            }
        }
    }
    if to < Version::V13_3 && m.producer.is_some() {
        m.producer = None;
        m.sections.retain(|s| !matches!(s, Section::Live(l) if l.id == section::PRODUCER));
        for s in &mut m.sections {
            if let Section::Replaced(r) = s {
                *r = r.without(section::PRODUCER);
            }
        }
        m.sections.retain(|s| !matches!(s, Section::Replaced(r) if r.sections().next().is_none()));
    }
    if (from >= Version::V13_5) != (to >= Version::V13_5) {
        if let Some(d) = &mut m.debug {
            d.attrs = debug_attrs(&d.attrs, from, to)?;
        }
    }
    // print_tko has a token result from 13.2 on: adding or dropping it renumbers values.
    let renumber = (from < Version::V13_2) != (to < Version::V13_2);
    let existing_token = m.types.iter().position(|t| matches!(t, TypeEntry::Ok(Type::Scalar(17))));
    let token = existing_token.unwrap_or(m.types.len()) as TypeId;
    let mut token_used = false;
    for i in 0..m.functions.len() {
        let f = &mut m.functions[i];
        let fname = String::from_utf8_lossy(m.strings.get(f.name as usize).unwrap_or(&[])).into_owned();
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
                Some(Attr::Hints(d)) if d.is_empty() && from >= Version::V13_5 => {
                    f.hints = None;
                    f.flags &= !4;
                }
                Some(_) => f.flags |= 4,
                None => f.flags &= !4,
            }
        }
        let body = std::mem::take(&mut f.body);
        let nargs = match m.ty(m.functions[i].signature) {
            Some(Type::Function { inputs, .. }) => inputs.len() as u32,
            _ => 0,
        };
        let mut conv = Convert {
            to,
            renumber,
            map: (0..nargs).map(Some).collect(),
            next: nargs,
            token,
            token_used: false,
            fname: &fname,
        };
        let bytes = conv.body(&m, &body)?;
        token_used |= conv.token_used;
        m.functions[i].body = body.with_bytes(bytes);
    }
    if token_used && existing_token.is_none() {
        m.intern_type(Type::Scalar(17));
    }
    m.version = to;
    Ok(m)
}

/// The debug attributes for another version (subprograms have a flags field from 13.5 on).
fn debug_attrs(attrs: &ByteTable, from: Version, to: Version) -> Result<ByteTable> {
    let mut out = ByteTable::new();
    for (i, bytes) in attrs.iter().enumerate() {
        let mut c = Cursor::new(bytes, 0, bytes.len());
        match read::debug_attr(&mut c, from).filter(|_| c.at_end()) {
            Some(DebugAttr::Subprogram { file, line, name, linkage, unit, scope_line, flags }) => {
                let flags = if to >= Version::V13_5 {
                    Some(flags.unwrap_or(0))
                } else if flags.is_some_and(|f| f != 0) {
                    return Err(Error::msg(format!(
                        "debug subprogram flags need bytecode version 13.5, target version is {to}"
                    )));
                } else {
                    None
                };
                let a = DebugAttr::Subprogram { file, line, name, linkage, unit, scope_line, flags };
                out.push(&crate::write::encode_debug_attr(&a, to));
            }
            _ => {
                let _ = i;
                out.push(bytes);
            }
        }
    }
    Ok(out)
}

/// Converts one body, op by op.
struct Convert<'a> {
    to: Version,
    /// Whether values are renumbered (print_tko results added or dropped).
    renumber: bool,
    /// Old value number → new one (`None`: a dropped print_tko token).
    map: Vec<Option<u32>>,
    next: u32,
    /// The token type print_tko results added get.
    token: TypeId,
    token_used: bool,
    fname: &'a str,
}

impl Convert<'_> {
    fn body(&mut self, m: &Module, body: &Body) -> Result<Vec<u8>> {
        let enc = Encoder { m, v: self.to };
        let print_tko = tables::op_by_name("print_tko").map_or(0, |i| i.code);
        let mut out = Vec::with_capacity(body.len() + body.len() / 8);
        let mut scopes: Vec<(usize, u32)> = Vec::new();
        let mut w = Walker::new(m, body);
        let mut head = Op::default();
        while let Some(ev) = w.next()? {
            match ev {
                Event::Op { op, regions, .. } => {
                    head.clone_from(op);
                    self.op(m.version, &mut head, print_tko)?;
                    enc.op_head(&mut out, &head, regions)?;
                }
                Event::RegionStart { blocks } => put_varint(&mut out, blocks as u64),
                Event::BlockStart { args, ops, .. } => {
                    put_varint(&mut out, args.len() as u64);
                    for a in args {
                        put_varint(&mut out, u64::from(*a));
                    }
                    put_varint(&mut out, ops as u64);
                    scopes.push((self.map.len(), self.next));
                    if self.renumber {
                        for _ in args {
                            self.map.push(Some(self.next));
                            self.next += 1;
                        }
                    }
                }
                Event::BlockEnd => {
                    if let Some((mark, next)) = scopes.pop() {
                        self.map.truncate(mark);
                        self.next = next;
                    }
                }
                Event::RegionEnd => {}
                Event::OpEnd { op, .. } => {
                    if !self.renumber {
                        continue;
                    }
                    if op.opcode == print_tko {
                        if self.to >= Version::V13_2 && op.results.is_empty() {
                            self.next += 1;
                            continue;
                        }
                        if self.to < Version::V13_2 && !op.results.is_empty() {
                            self.map.push(None);
                            continue;
                        }
                    }
                    for _ in op.results.iter() {
                        self.map.push(Some(self.next));
                        self.next += 1;
                    }
                }
            }
        }
        Ok(out)
    }

    /// An op's fields, flags, operands and results as the target version has them.
    fn op(&mut self, from: Version, op: &mut Op, print_tko: u16) -> Result<()> {
        let to = self.to;
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
        if self.renumber {
            for v in op.operands.iter_mut() {
                *v = self.map.get(*v as usize).copied().flatten().ok_or_else(|| {
                    Error::msg(format!(
                        "function '{}' uses a print_tko token, which bytecode version {to} does not have",
                        self.fname
                    ))
                })?;
            }
            if op.opcode == print_tko {
                if to >= Version::V13_2 && op.results.is_empty() {
                    op.results.push(self.token);
                    self.token_used = true;
                } else if to < Version::V13_2 {
                    op.results.clear();
                }
            }
        }
        Ok(())
    }
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
