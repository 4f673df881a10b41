//! The bytecode writer: module → bytes, in the module's section order and alignment.

use crate::cursor::{put_svarint, put_varint};
use crate::ir::*;
use crate::read::MAGIC;
use crate::tables::{self, section, type_tag, AttrKind, Item, Version};
use crate::{Error, Result};

/// The byte the format pads with.
pub const PAD: u8 = 0xCB;

/// Writes a module in its own version. Use [`crate::retarget`] first to change the version.
pub fn write(m: &Module) -> Result<Vec<u8>> {
    let v = m.version;
    let mut out = Vec::with_capacity(4096);
    out.extend_from_slice(MAGIC);
    out.push(v.major);
    out.push(v.minor);
    out.extend_from_slice(&m.tag.to_le_bytes());
    let w = Writer { m, v };
    for layout in &m.sections {
        let payload = match &layout.shadowed {
            Some(bytes) => bytes.clone(),
            None => w.payload(layout)?,
        };
        out.push(layout.id | if layout.align.is_some() { 0x80 } else { 0 });
        put_varint(&mut out, payload.len() as u64);
        if let Some(a) = layout.align {
            put_varint(&mut out, a);
            let n = (a as usize - out.len() % a as usize) % a as usize;
            if layout.padding.len() == n {
                out.extend_from_slice(&layout.padding);
            } else {
                out.resize(out.len() + n, PAD);
            }
        }
        out.extend_from_slice(&payload);
    }
    out.push(section::END);
    Ok(out)
}

struct Writer<'m> {
    m: &'m Module,
    v: Version,
}

fn inner_pad(out: &mut Vec<u8>, base: usize, align: usize, kept: Option<&Vec<u8>>) {
    let n = (align - (out.len() - base) % align) % align;
    match kept {
        Some(k) if k.len() == n => out.extend_from_slice(k),
        _ => out.resize(out.len() + n, PAD),
    }
}

fn offset_table(out: &mut Vec<u8>, entries: &[Vec<u8>], width: usize, kept: Option<&Vec<u8>>) {
    put_varint(out, entries.len() as u64);
    if entries.is_empty() {
        out.extend_from_slice(kept.map_or(&[][..], |k| k.as_slice()));
        return;
    }
    inner_pad(out, 0, width, kept);
    let mut off = 0u64;
    for e in entries {
        if width == 4 {
            out.extend_from_slice(&(off as u32).to_le_bytes());
        } else {
            out.extend_from_slice(&off.to_le_bytes());
        }
        off += e.len() as u64;
    }
    for e in entries {
        out.extend_from_slice(e);
    }
}

impl Writer<'_> {
    fn payload(&self, layout: &SectionLayout) -> Result<Vec<u8>> {
        let m = self.m;
        let kept = |i: usize| layout.inner_padding.get(i);
        let mut out = Vec::new();
        match layout.id {
            section::STRING => offset_table(&mut out, &m.strings, 4, kept(0)),
            section::TYPE => {
                let entries = m.types.iter().map(|t| self.type_entry(t)).collect::<Result<Vec<_>>>()?;
                offset_table(&mut out, &entries, 4, kept(0));
            }
            section::CONSTANT => {
                let entries: Vec<Vec<u8>> = m
                    .constants
                    .iter()
                    .map(|c| {
                        let mut e = Vec::with_capacity(c.len() + 2);
                        put_varint(&mut e, c.len() as u64);
                        e.extend_from_slice(c);
                        e
                    })
                    .collect();
                offset_table(&mut out, &entries, 8, kept(0));
            }
            section::GLOBAL => {
                put_varint(&mut out, m.globals.len() as u64);
                for g in &m.globals {
                    for x in [u64::from(g.name), u64::from(g.ty), u64::from(g.constant), g.alignment] {
                        put_varint(&mut out, x);
                    }
                    if self.v >= Version::V13_3 {
                        let (vis, cst) = g.visibility.unwrap_or((0, 0));
                        put_varint(&mut out, vis);
                        put_varint(&mut out, cst);
                    }
                }
            }
            section::PRODUCER => put_varint(&mut out, u64::from(m.producer.unwrap_or(0))),
            section::FUNC => {
                put_varint(&mut out, m.functions.len() as u64);
                for f in &m.functions {
                    self.function(&mut out, f)?;
                }
                out.extend_from_slice(&m.func_trailer);
            }
            section::DEBUG => {
                let d = m.debug.clone().unwrap_or_default();
                put_varint(&mut out, d.func_offsets.len() as u64);
                inner_pad(&mut out, 0, 4, kept(0));
                for o in &d.func_offsets {
                    out.extend_from_slice(&o.to_le_bytes());
                }
                put_varint(&mut out, d.indices.len() as u64);
                inner_pad(&mut out, 0, 8, kept(1));
                for i in &d.indices {
                    out.extend_from_slice(&i.to_le_bytes());
                }
                let entries: Vec<Vec<u8>> = d.attrs.iter().map(|a| self.debug_attr(a)).collect();
                put_varint(&mut out, entries.len() as u64);
                inner_pad(&mut out, 0, 4, kept(2));
                let mut off = 0u32;
                for e in &entries {
                    out.extend_from_slice(&off.to_le_bytes());
                    off += e.len() as u32;
                }
                for e in &entries {
                    out.extend_from_slice(e);
                }
            }
            id => return Err(Error::msg(format!("cannot write section {id}"))),
        }
        Ok(out)
    }

    fn debug_attr(&self, a: &DebugAttr) -> Vec<u8> {
        let mut out = Vec::new();
        let fields: Vec<u64> = match a {
            DebugAttr::CompileUnit { file } => vec![1, *file],
            DebugAttr::File { name, dir } => vec![2, u64::from(*name), u64::from(*dir)],
            DebugAttr::LexicalBlock { scope, file, line, col } => vec![3, *scope, *file, *line, *col],
            DebugAttr::Loc { scope, filename, line, col } => vec![4, *scope, u64::from(*filename), *line, *col],
            DebugAttr::Subprogram { file, line, name, linkage, unit, scope_line, flags } => {
                let mut v = vec![5, *file, *line, u64::from(*name), u64::from(*linkage), *unit, *scope_line];
                if self.v >= Version::V13_5 {
                    v.push(flags.unwrap_or(0));
                }
                v
            }
            DebugAttr::CallSite { callee, caller } => vec![6, *callee, *caller],
            DebugAttr::Raw(bytes) => return bytes.clone(),
        };
        for f in fields {
            put_varint(&mut out, f);
        }
        out
    }

    fn type_entry(&self, t: &TypeEntry) -> Result<Vec<u8>> {
        match t {
            TypeEntry::Bad { bytes, .. } => Ok(bytes.clone()),
            TypeEntry::Ok(t) => {
                let mut out = Vec::new();
                encode_type(&mut out, t, self.v)?;
                Ok(out)
            }
        }
    }

    fn function(&self, out: &mut Vec<u8>, f: &Function) -> Result<()> {
        put_varint(out, u64::from(f.name));
        put_varint(out, u64::from(f.signature));
        out.push(f.flags);
        put_varint(out, f.loc);
        let hints_expected = (f.flags & 6 == 6) || (self.v >= Version::V13_5 && f.flags & 2 != 0);
        match (&f.hints, hints_expected) {
            (Some(h), true) => self.attr(out, h),
            (None, false) => {}
            (None, true) => self.attr(out, &Attr::Hints(Vec::new())),
            (Some(_), false) => return Err(Error::msg("function has hints but its flags say it has none")),
        }
        if self.v >= Version::V13_5 {
            self.attr(out, f.arg_attrs.as_ref().unwrap_or(&Attr::Array(Vec::new())));
        }
        let mut body = Vec::new();
        for op in &f.body {
            self.op(&mut body, op)?;
        }
        put_varint(out, body.len() as u64);
        out.extend_from_slice(&body);
        Ok(())
    }

    fn op(&self, out: &mut Vec<u8>, op: &Op) -> Result<()> {
        let info =
            tables::op_info(op.opcode.into()).ok_or_else(|| Error::msg(format!("unknown opcode {}", op.opcode)))?;
        put_varint(out, u64::from(op.opcode));
        let mut st = State { results: 0, fields: 0, operands: 0, regions: 0, names: &[] };
        self.items(out, tables::layout(info), op, &mut st)?;
        if st.results != op.results.len() || st.fields != op.fields.len() || st.operands != op.operands.len() {
            return Err(Error::msg(format!("'{}' op does not match its layout", info.name)));
        }
        Ok(())
    }

    fn items(&self, out: &mut Vec<u8>, items: &'static [Item], op: &Op, st: &mut State) -> Result<()> {
        let bad = || Error::msg(format!("op {} does not match its layout", op.opcode));
        for item in items {
            match item {
                Item::Result => {
                    put_varint(out, u64::from(*op.results.get(st.results).ok_or_else(bad)?));
                    st.results += 1;
                }
                Item::Results => {
                    put_varint(out, (op.results.len() - st.results) as u64);
                    for r in &op.results[st.results..] {
                        put_varint(out, u64::from(*r));
                    }
                    st.results = op.results.len();
                }
                Item::Flags(names) => {
                    put_varint(out, op.flags);
                    st.names = names;
                }
                Item::Since(ver, inner) => {
                    if self.v >= *ver {
                        self.items(out, inner, op, st)?;
                    }
                }
                Item::IfFlag(name, inner) => {
                    if st.flag(op.flags, name) {
                        self.items(out, inner, op, st)?;
                    }
                }
                Item::Attr(_, kind) => {
                    let f = op.fields.get(st.fields).ok_or_else(bad)?;
                    st.fields += 1;
                    self.field(out, *kind, f).ok_or_else(bad)?;
                }
                Item::AllOperands(_) | Item::Operands(_) => {
                    let Some(Field::U(n)) = op.fields.get(st.fields) else { return Err(bad()) };
                    st.fields += 1;
                    put_varint(out, *n);
                    for _ in 0..*n {
                        put_varint(out, u64::from(*op.operands.get(st.operands).ok_or_else(bad)?));
                        st.operands += 1;
                    }
                }
                Item::Operand(_) => {
                    put_varint(out, u64::from(*op.operands.get(st.operands).ok_or_else(bad)?));
                    st.operands += 1;
                }
                Item::OptOperand(name) => {
                    if st.flag(op.flags, name) {
                        put_varint(out, u64::from(*op.operands.get(st.operands).ok_or_else(bad)?));
                        st.operands += 1;
                    }
                }
                Item::Regions(_) => {
                    put_varint(out, op.regions.len() as u64);
                    for r in &op.regions {
                        put_varint(out, r.blocks.len() as u64);
                        for b in &r.blocks {
                            put_varint(out, b.args.len() as u64);
                            for a in &b.args {
                                put_varint(out, u64::from(*a));
                            }
                            put_varint(out, b.ops.len() as u64);
                            for o in &b.ops {
                                self.op(out, o)?;
                            }
                        }
                    }
                    st.regions += 1;
                }
            }
        }
        Ok(())
    }

    fn field(&self, out: &mut Vec<u8>, kind: AttrKind, f: &Field) -> Option<()> {
        match (kind, f) {
            (AttrKind::Byte, Field::Byte(b)) => out.push(*b),
            (AttrKind::I32s, Field::I32s(v)) => {
                put_varint(out, v.len() as u64);
                for x in v {
                    out.extend_from_slice(&x.to_le_bytes());
                }
            }
            (AttrKind::Bools, Field::Bools(v)) => {
                put_varint(out, v.len() as u64);
                out.extend_from_slice(v);
            }
            (AttrKind::Array, Field::Attrs(v)) => {
                put_varint(out, v.len() as u64);
                for a in v {
                    self.attr(out, a);
                }
            }
            (AttrKind::Tagged, Field::Attr(a)) => self.attr(out, a),
            (AttrKind::Hints, Field::Dict(d)) => self.dict(out, d),
            (_, Field::U(x)) => put_varint(out, *x),
            _ => return None,
        }
        Some(())
    }

    fn dict(&self, out: &mut Vec<u8>, d: &[(StrId, Attr)]) {
        put_varint(out, d.len() as u64);
        for (k, a) in d {
            put_varint(out, u64::from(*k));
            self.attr(out, a);
        }
    }

    fn attr(&self, out: &mut Vec<u8>, a: &Attr) {
        match a {
            Attr::Integer { ty, value } => {
                put_varint(out, 1);
                put_varint(out, u64::from(*ty));
                if self.m.ty(*ty) == Some(&Type::Scalar(0)) {
                    out.push(*value as u8);
                } else {
                    put_varint(out, *value);
                }
            }
            Attr::Float { ty, bits } => {
                put_varint(out, 2);
                put_varint(out, u64::from(*ty));
                match self.m.ty(*ty) {
                    Some(Type::Scalar(10 | 11 | 18 | 19 | 130)) => out.push(*bits as u8),
                    _ => put_svarint(out, *bits as i64),
                }
            }
            Attr::Bool(b) => {
                put_varint(out, 3);
                out.push(*b);
            }
            Attr::Type(t) => {
                put_varint(out, 4);
                put_varint(out, u64::from(*t));
            }
            Attr::String(s) => {
                put_varint(out, 5);
                put_varint(out, u64::from(*s));
            }
            Attr::Array(v) => {
                put_varint(out, 6);
                put_varint(out, v.len() as u64);
                for a in v {
                    self.attr(out, a);
                }
            }
            Attr::DenseElements { ty, constant } => {
                put_varint(out, 7);
                put_varint(out, u64::from(*ty));
                put_varint(out, u64::from(*constant));
            }
            Attr::DivBy { divisor, flags, every, along } => {
                put_varint(out, 8);
                put_varint(out, *divisor);
                out.push(*flags);
                if flags & 1 != 0 {
                    put_svarint(out, *every);
                }
                if flags & 2 != 0 {
                    put_svarint(out, *along);
                }
            }
            Attr::SameElements(v) => {
                put_varint(out, 9);
                put_varint(out, v.len() as u64);
                for x in v {
                    out.extend_from_slice(&x.to_le_bytes());
                }
            }
            Attr::Dictionary(d) => {
                put_varint(out, 10);
                self.dict(out, d);
            }
            Attr::Hints(d) => {
                put_varint(out, 11);
                self.dict(out, d);
            }
            Attr::Bounded { flags, lb, ub } => {
                put_varint(out, 12);
                out.push(*flags);
                if flags & 1 != 0 {
                    put_svarint(out, *lb);
                }
                if flags & 2 != 0 {
                    put_svarint(out, *ub);
                }
            }
        }
    }
}

struct State {
    results: usize,
    fields: usize,
    operands: usize,
    regions: usize,
    names: &'static [&'static str],
}

impl State {
    fn flag(&self, flags: u64, name: &str) -> bool {
        self.names.iter().position(|n| *n == name).is_some_and(|b| flags >> b & 1 != 0)
    }
}

fn i32s(out: &mut Vec<u8>, v: &[i32]) {
    put_varint(out, v.len() as u64);
    for x in v {
        out.extend_from_slice(&x.to_le_bytes());
    }
}

fn i64s(out: &mut Vec<u8>, v: &[i64]) {
    put_varint(out, v.len() as u64);
    for x in v {
        out.extend_from_slice(&x.to_le_bytes());
    }
}

/// Encodes a type for a version; fails when the version cannot express it.
pub(crate) fn encode_type(out: &mut Vec<u8>, t: &Type, v: Version) -> Result<()> {
    let need = |since: Version, what: &str| -> Result<()> {
        if v < since {
            return Err(Error::msg(format!("type '{what}' requires bytecode version {since}+, target version is {v}")));
        }
        Ok(())
    };
    match t {
        Type::Scalar(tag) => {
            let (_, name, since) = tables::SCALAR_TYPES
                .iter()
                .find(|s| s.0 == *tag)
                .ok_or_else(|| Error::msg(format!("unknown type tag: {tag}")))?;
            need(*since, name)?;
            put_varint(out, *tag);
        }
        Type::Pointer { flags, pointee, attr } => {
            put_varint(out, type_tag::POINTER);
            if v >= Version::V13_4 {
                put_varint(out, *flags);
                put_varint(out, u64::from(*pointee));
                if let Some(a) = attr {
                    put_varint(out, *a);
                }
            } else {
                if *flags != 0 || attr.is_some() {
                    need(Version::V13_4, "pointer attributes")?;
                }
                put_varint(out, u64::from(*pointee));
            }
        }
        Type::Tile { element, shape } => {
            put_varint(out, type_tag::TILE);
            put_varint(out, u64::from(*element));
            i64s(out, shape);
        }
        Type::TensorView { flags, element, shape, strides, attr } => {
            put_varint(out, type_tag::TENSOR_VIEW);
            if v >= Version::V13_4 {
                put_varint(out, *flags);
            } else if *flags != 0 || attr.is_some() {
                need(Version::V13_4, "tensor_view attributes")?;
            }
            put_varint(out, u64::from(*element));
            i64s(out, shape);
            i64s(out, strides);
            if let Some(a) = attr {
                put_varint(out, *a);
            }
        }
        Type::PartitionView { flags, tile_shape, tensor_view, dim_map, padding } => {
            put_varint(out, type_tag::PARTITION_VIEW);
            if v >= Version::V13_3 {
                put_varint(out, *flags);
            }
            i32s(out, tile_shape);
            put_varint(out, u64::from(*tensor_view));
            i32s(out, dim_map);
            if v < Version::V13_3 {
                out.push(*flags as u8);
            }
            if let Some(p) = padding {
                put_varint(out, *p);
            }
        }
        Type::Function { inputs, results } => {
            put_varint(out, type_tag::FUNCTION);
            put_varint(out, inputs.len() as u64);
            for i in inputs {
                put_varint(out, u64::from(*i));
            }
            put_varint(out, results.len() as u64);
            for r in results {
                put_varint(out, u64::from(*r));
            }
        }
        Type::GatherScatterView { flags, tile_shape, tensor_view, sparse_dim, padding } => {
            need(Version::V13_3, "gather_scatter_view")?;
            put_varint(out, type_tag::GATHER_SCATTER_VIEW);
            put_varint(out, *flags);
            i32s(out, tile_shape);
            put_varint(out, u64::from(*tensor_view));
            put_varint(out, *sparse_dim);
            if let Some(p) = padding {
                put_varint(out, *p);
            }
        }
        Type::StridedView { flags, tile_shape, traversal_strides, tensor_view, dim_map, padding } => {
            need(Version::V13_3, "strided_view")?;
            put_varint(out, type_tag::STRIDED_VIEW);
            put_varint(out, *flags);
            i32s(out, tile_shape);
            i32s(out, traversal_strides);
            put_varint(out, u64::from(*tensor_view));
            i32s(out, dim_map);
            if let Some(p) = padding {
                put_varint(out, *p);
            }
        }
    }
    Ok(())
}
