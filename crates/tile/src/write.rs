//! The bytecode writer: module → bytes, in the module's section order and alignment.

use crate::body::Encoder;
use crate::cursor::{put_varint, Cursor};
use crate::ir::*;
use crate::read::MAGIC;
use crate::tables::{self, section, type_tag, Version};
use crate::{Error, Result};

/// The byte the format pads with.
pub const PAD: u8 = 0xCB;

/// Writes a module in its own version. Use [`crate::retarget`] first to change the version.
pub fn write(m: &Module) -> Result<Vec<u8>> {
    let p = prepare(m)?;
    let mut out = Vec::with_capacity(p.len());
    // Writing to a vector cannot fail.
    let _ = p.write_to(&mut out);
    debug_assert_eq!(out.len(), p.len());
    Ok(out)
}

/// A module laid out for writing, every error already found: only the writer it goes to can
/// fail now. Function bodies and kept bytes are written from the module, not copied.
pub struct Prepared<'m> {
    m: &'m Module,
    /// Section headers, padding and small payloads, one after another.
    small: Vec<u8>,
    parts: Vec<Part<'m>>,
    len: usize,
}

enum Part<'m> {
    /// A range of `small`.
    Small(usize, usize),
    /// Bytes the module holds.
    Shared(&'m [u8]),
    /// The function section: from `small[start..]`, each function's fields up to its body
    /// (ending at `ends[i]`), then its body; the last end is the trailer's start.
    Functions { start: usize, ends: Vec<u32> },
}

/// Lays a module out for writing in its own version (see [`Prepared`]).
pub fn prepare(m: &Module) -> Result<Prepared<'_>> {
    let v = m.version;
    let mut p = Prepared { m, small: Vec::new(), parts: Vec::new(), len: 0 };
    let mut head = MAGIC.to_vec();
    head.extend_from_slice(&[v.major, v.minor]);
    head.extend_from_slice(&m.tag.to_le_bytes());
    p.push_small(&head);
    let w = Writer { m, v };
    for s in &m.sections {
        match s {
            Section::Live(layout) => {
                // The payload as parts (the function section's bodies are shared), and its size.
                let mut payload = Prepared { m, small: Vec::new(), parts: Vec::new(), len: 0 };
                match layout.id {
                    section::FUNC => w.functions(&mut payload)?,
                    _ => w.payload(layout, &mut payload)?,
                }
                p.section_header(layout, payload.len);
                p.append(payload);
            }
            // Written back verbatim, each padded where it now lands.
            Section::Replaced(r) => {
                for (layout, payload) in r.sections() {
                    p.section_header(&layout, payload.len());
                    p.push_shared(payload);
                }
            }
        }
    }
    p.push_small(&[section::END]);
    Ok(p)
}

impl<'m> Prepared<'m> {
    /// The size of the bytecode.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it is empty (it never is: a module has at least a header).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Writes the bytecode.
    pub fn write_to(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        for part in &self.parts {
            match part {
                Part::Small(s, e) => w.write_all(&self.small[*s..*e])?,
                Part::Shared(b) => w.write_all(b)?,
                Part::Functions { start, ends } => {
                    let mut s = *start;
                    for (f, &e) in self.m.functions.iter().zip(ends) {
                        w.write_all(&self.small[s..e as usize])?;
                        w.write_all(f.body.bytes())?;
                        s = e as usize;
                    }
                    w.write_all(&self.m.func_trailer)?;
                }
            }
        }
        Ok(())
    }

    fn push_small(&mut self, bytes: &[u8]) {
        let s = self.small.len();
        self.small.extend_from_slice(bytes);
        match self.parts.last_mut() {
            Some(Part::Small(_, e)) if *e == s => *e = self.small.len(),
            _ => self.parts.push(Part::Small(s, self.small.len())),
        }
        self.len += bytes.len();
    }

    fn push_shared(&mut self, bytes: &'m [u8]) {
        self.parts.push(Part::Shared(bytes));
        self.len += bytes.len();
    }

    fn append(&mut self, other: Prepared<'m>) {
        let base = self.small.len();
        self.small.extend_from_slice(&other.small);
        for part in other.parts {
            self.parts.push(match part {
                Part::Small(s, e) => Part::Small(s + base, e + base),
                Part::Shared(b) => Part::Shared(b),
                Part::Functions { start, ends } => {
                    Part::Functions { start: start + base, ends: ends.into_iter().map(|e| e + base as u32).collect() }
                }
            });
        }
        self.len += other.len;
    }
}

struct Writer<'m> {
    m: &'m Module,
    v: Version,
}

impl<'m> Prepared<'m> {
    /// A section header and the padding after it (the bytes read when they still fit).
    fn section_header(&mut self, layout: &SectionLayout, len: usize) {
        let mut head = vec![layout.id | if layout.align.is_some() { 0x80 } else { 0 }];
        put_varint(&mut head, len as u64);
        if let Some(a) = layout.align {
            put_varint(&mut head, a);
            let at = self.len + head.len();
            let n = (a as usize - at % a as usize) % a as usize;
            if layout.padding.len() == n {
                head.extend_from_slice(&layout.padding);
            } else {
                head.resize(head.len() + n, PAD);
            }
        }
        self.push_small(&head);
    }

    fn varint(&mut self, v: u64) {
        let mut b = Vec::with_capacity(10);
        put_varint(&mut b, v);
        self.push_small(&b);
    }

    /// Pads the payload (which this is) to `align`, with the bytes read when they fit.
    fn pad(&mut self, align: usize, kept: Option<&Vec<u8>>) {
        let n = (align - self.len % align) % align;
        match kept {
            Some(k) if k.len() == n => self.push_small(k),
            _ => self.push_small(&vec![PAD; n]),
        }
    }

    /// An offset table: count, padding, each entry's start in `t`'s data, then that data (from
    /// the module). The entries of a table that was read keep their offsets (overlapping ones
    /// stay shared); `more` are appended after the data.
    fn offset_table(&mut self, t: &'m ByteTable, more: &[Vec<u8>], width: usize, kept: Option<&Vec<u8>>) {
        let n = t.len() + more.len();
        self.varint(n as u64);
        if n == 0 {
            self.push_small(kept.map_or(&[][..], |k| k.as_slice()));
            return;
        }
        self.pad(width, kept);
        let mut offsets = Vec::with_capacity(n * width);
        let mut put = |off: u64| offsets.extend_from_slice(&off.to_le_bytes()[..width]);
        for &(s, _) in t.spans() {
            put(u64::from(s));
        }
        let mut off = t.data().len() as u64;
        for e in more {
            put(off);
            off += e.len() as u64;
        }
        self.push_small(&offsets);
        self.push_shared(t.data());
        for e in more {
            self.push_small(e);
        }
    }
}

impl<'m> Writer<'m> {
    /// A section's payload (the function section's: [`Writer::functions`]).
    fn payload(&self, layout: &SectionLayout, p: &mut Prepared<'m>) -> Result<()> {
        let m = self.m;
        let kept = |i: usize| layout.inner_padding.get(i);
        match layout.id {
            section::STRING => p.offset_table(&m.strings, &[], 4, kept(0)),
            section::TYPE => self.types(p, kept(0))?,
            section::CONSTANT => p.offset_table(&m.constants.0, &[], 8, kept(0)),
            section::GLOBAL => {
                let mut out = Vec::new();
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
                p.push_small(&out);
            }
            section::PRODUCER => p.varint(u64::from(m.producer.unwrap_or(0))),
            section::DEBUG => {
                static EMPTY: Debug = Debug { func_offsets: Vec::new(), indices: Vec::new(), attrs: ByteTable::new() };
                let d = m.debug.as_ref().unwrap_or(&EMPTY);
                p.varint(d.func_offsets.len() as u64);
                p.pad(4, kept(0));
                let bytes: Vec<u8> = d.func_offsets.iter().flat_map(|o| o.to_le_bytes()).collect();
                p.push_small(&bytes);
                p.varint(d.indices.len() as u64);
                p.pad(8, kept(1));
                let bytes: Vec<u8> = d.indices.iter().flat_map(|i| i.to_le_bytes()).collect();
                p.push_small(&bytes);
                p.varint(d.attrs.len() as u64);
                p.pad(4, kept(2));
                let bytes: Vec<u8> = d.attrs.spans().iter().flat_map(|s| s.0.to_le_bytes()).collect();
                p.push_small(&bytes);
                p.push_shared(d.attrs.data());
            }
            id => return Err(Error::msg(format!("cannot write section {id}"))),
        }
        Ok(())
    }

    /// The type table: as it was read when every entry read still reads as the type it holds
    /// (types added since come after), else entry by entry.
    fn types(&self, p: &mut Prepared<'m>, kept: Option<&Vec<u8>>) -> Result<()> {
        let m = self.m;
        let raw = m.raw_types.as_ref().filter(|r| {
            r.table.len() <= m.types.len()
                && r.table.iter().zip(&m.types).all(|(bytes, t)| match t {
                    TypeEntry::Ok(t) => {
                        let mut c = Cursor::new(bytes, 0, bytes.len());
                        crate::read::parse_type(&mut c, self.v).is_ok_and(|read| read == *t) && c.at_end()
                    }
                    _ => true,
                })
        });
        let kept_n = raw.map_or(0, |r| r.table.len());
        let more = m.types[kept_n..]
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let i = kept_n + i;
                match t {
                    TypeEntry::Ok(t) => {
                        let mut e = Vec::new();
                        encode_type(&mut e, t, self.v)
                            .map_err(|e| Error::msg(format!("type at index {i}: {}", e.message())))?;
                        Ok(e)
                    }
                    _ => m
                        .raw_types
                        .as_ref()
                        .and_then(|r| r.table.get(i))
                        .map(<[u8]>::to_vec)
                        .ok_or_else(|| Error::msg(format!("type at index {i} is malformed"))),
                }
            })
            .collect::<Result<Vec<_>>>()?;
        // Entries of a table read with overlapping offsets cannot be laid out apart in the size
        // they shared.
        if let (None, Some(r)) = (raw, &m.raw_types) {
            let size: usize = more.iter().map(Vec::len).sum();
            if size > 2 * r.table.data().len() + (1 << 20) {
                return Err(Error::msg("the type table's entries overlap: they cannot be rewritten one after another"));
            }
        }
        static EMPTY: ByteTable = ByteTable::new();
        let table = raw.map_or(&EMPTY, |r| &r.table);
        p.offset_table(table, &more, 4, kept);
        Ok(())
    }

    /// The function section: each function's fields, then its body as the module holds it
    /// (written from the module, see [`Part::Functions`]).
    fn functions(&self, p: &mut Prepared<'m>) -> Result<()> {
        let m = self.m;
        p.varint(m.functions.len() as u64);
        let start = p.small.len();
        let mut ends = Vec::with_capacity(m.functions.len());
        let mut bodies = 0;
        for f in &m.functions {
            self.function(&mut p.small, f)?;
            ends.push(u32::try_from(p.small.len()).map_err(|_| Error::msg("function section too large"))?);
            bodies += f.body.len();
        }
        p.len += p.small.len() - start + bodies + m.func_trailer.len();
        p.parts.push(Part::Functions { start, ends });
        Ok(())
    }

    /// A function's fields up to its body (the body's length included).
    fn function(&self, out: &mut Vec<u8>, f: &Function) -> Result<()> {
        let enc = Encoder { m: self.m, v: self.v };
        put_varint(out, u64::from(f.name));
        put_varint(out, u64::from(f.signature));
        out.push(f.flags);
        put_varint(out, f.loc);
        let hints_expected = (f.flags & 6 == 6) || (self.v >= Version::V13_5 && f.flags & 2 != 0);
        match (&f.hints, hints_expected) {
            (Some(h), true) => enc.attr(out, h),
            (None, false) => {}
            (None, true) => enc.attr(out, &Attr::Hints(Vec::new())),
            (Some(_), false) => return Err(Error::msg("function has hints but its flags say it has none")),
        }
        if self.v >= Version::V13_5 {
            enc.attr(out, f.arg_attrs.as_ref().unwrap_or(&Attr::Array(Vec::new())));
        }
        put_varint(out, f.body.len() as u64);
        Ok(())
    }
}

/// A debug attribute as version `v` encodes it.
pub(crate) fn encode_debug_attr(a: &DebugAttr, v: Version) -> Vec<u8> {
    let mut out = Vec::new();
    let fields: Vec<u64> = match a {
        DebugAttr::CompileUnit { file } => vec![1, *file],
        DebugAttr::File { name, dir } => vec![2, u64::from(*name), u64::from(*dir)],
        DebugAttr::LexicalBlock { scope, file, line, col } => vec![3, *scope, *file, *line, *col],
        DebugAttr::Loc { scope, filename, line, col } => vec![4, *scope, u64::from(*filename), *line, *col],
        DebugAttr::Subprogram { file, line, name, linkage, unit, scope_line, flags } => {
            let mut f = vec![5, *file, *line, u64::from(*name), u64::from(*linkage), *unit, *scope_line];
            if v >= Version::V13_5 {
                f.push(flags.unwrap_or(0));
            }
            f
        }
        DebugAttr::CallSite { callee, caller } => vec![6, *callee, *caller],
        // Any tag the reader does not know reads as an unknown location.
        DebugAttr::Unknown => vec![0],
    };
    for f in fields {
        put_varint(&mut out, f);
    }
    out
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
    type_fits(t, v)?;
    match t {
        Type::Scalar(tag) => put_varint(out, *tag),
        Type::Pointer { flags, pointee, attr } => {
            put_varint(out, type_tag::POINTER);
            if v >= Version::V13_4 {
                put_varint(out, *flags);
                put_varint(out, u64::from(*pointee));
                if let Some(a) = attr {
                    put_varint(out, *a);
                }
            } else {
                put_varint(out, u64::from(*pointee));
            }
        }
        Type::Tile { element, shape } => {
            put_varint(out, type_tag::TILE);
            put_varint(out, u64::from(*element));
            i64s(out, shape);
        }
        Type::TensorView(tv) => {
            let TensorView { flags, element, shape, strides, attr } = &**tv;
            put_varint(out, type_tag::TENSOR_VIEW);
            if v >= Version::V13_4 {
                put_varint(out, *flags);
            }
            put_varint(out, u64::from(*element));
            i64s(out, shape);
            i64s(out, strides);
            if let Some(a) = attr {
                put_varint(out, *a);
            }
        }
        Type::PartitionView(pv) => {
            let PartitionView { flags, tile_shape, tensor_view, dim_map, padding } = &**pv;
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
        Type::GatherScatterView(gv) => {
            let GatherScatterView { flags, tile_shape, tensor_view, sparse_dim, padding } = &**gv;
            put_varint(out, type_tag::GATHER_SCATTER_VIEW);
            put_varint(out, *flags);
            i32s(out, tile_shape);
            put_varint(out, u64::from(*tensor_view));
            put_varint(out, *sparse_dim);
            if let Some(p) = padding {
                put_varint(out, *p);
            }
        }
        Type::StridedView(sv) => {
            let StridedView { flags, tile_shape, traversal_strides, tensor_view, dim_map, padding } = &**sv;
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

/// Whether version `v` can express a type (checked without encoding it: a shape can be millions
/// long).
pub(crate) fn type_fits(t: &Type, v: Version) -> Result<()> {
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
            need(*since, name)
        }
        Type::Pointer { flags, attr, .. } if *flags != 0 || attr.is_some() => {
            need(Version::V13_4, "pointer attributes")
        }
        Type::TensorView(tv) if tv.flags != 0 || tv.attr.is_some() => need(Version::V13_4, "tensor_view attributes"),
        Type::GatherScatterView(_) => need(Version::V13_3, "gather_scatter_view"),
        Type::StridedView(_) => need(Version::V13_3, "strided_view"),
        _ => Ok(()),
    }
}
