//! The bytecode reader: header, sections in any order, tables, globals, functions, debug info.

use crate::body::{Decoder, PREALLOCATE};
use crate::cursor::Cursor;
use crate::ir::*;
use crate::tables::{self, section, type_tag, Version};
use crate::{Error, Result};

/// The 8-byte magic.
pub const MAGIC: &[u8; 8] = b"\x7FTileIR\0";

/// Reads a whole module.
pub fn read(data: &[u8]) -> Result<Module> {
    if data.len() < 8 || &data[..8] != MAGIC {
        return Err(Error::at(0, "input does not correspond to Tile IR bytecode"));
    }
    if data.len() < 12 {
        return Err(Error::at(data.len(), "unexpected end of data while reading the header"));
    }
    let version = Version { major: data[8], minor: data[9] };
    if !version.is_supported() {
        return Err(Error::at(
            8,
            format!("unsupported Tile version {version}.0, this reader supports versions [13.1 - 13.5]"),
        ));
    }
    let tag = u16::from_le_bytes([data[10], data[11]]);
    if tag & !1 != 0 {
        return Err(Error::at(10, format!("header has unrecognized version tag bits ({:#x});", tag & !1)));
    }
    if tag & 1 != 0 && version != Version::V13_5 {
        return Err(Error::at(
            10,
            format!(
                "public-preview bytecode at version {version}.{tag} is not readable; preview content is only valid at the current version 13.5"
            ),
        ));
    }
    if u32::try_from(data.len()).is_err() {
        return Err(Error::at(0, "input is larger than 4 GiB"));
    }
    let mut module = Module::new(version);
    module.tag = tag;
    module.sections.clear();

    // Every section's payload first (a repeated section replaces the earlier one); they are
    // parsed in dependency order afterwards.
    let mut payloads: [Option<(usize, usize)>; 8] = [None; 8];
    let mut last: [usize; 8] = [usize::MAX; 8];
    let mut c = Cursor::new(data, 12, data.len());
    while let Some(h) = section_header(&mut c)? {
        payloads[h.id as usize] = Some((h.start, h.start + h.len));
        last[h.id as usize] = h.offset;
    }
    // Then the layout: the sections the module holds, and runs of those replaced (kept as read).
    let mut latest: [Option<usize>; 8] = [None; 8];
    let mut run: Option<(usize, usize)> = None;
    let mut c = Cursor::new(data, 12, data.len());
    let end_run = |run: &mut Option<(usize, usize)>, sections: &mut Vec<Section>| {
        if let Some((s, e)) = run.take() {
            sections.push(Section::Replaced(Replaced::new(data[s..e].to_vec(), s)));
        }
    };
    while let Some(h) = section_header(&mut c)? {
        let end = h.start + h.len;
        if last[h.id as usize] != h.offset {
            run = Some(run.map_or((h.offset, end), |(s, _)| (s, end)));
            continue;
        }
        end_run(&mut run, &mut module.sections);
        latest[h.id as usize] = Some(module.sections.len());
        module.sections.push(Section::Live(SectionLayout {
            id: h.id,
            align: h.align,
            padding: data[h.start - h.padding..h.start].to_vec(),
            inner_padding: Vec::new(),
            offset: h.offset,
            payload: (h.start, h.len),
        }));
    }
    end_run(&mut run, &mut module.sections);

    let mut r = Reader { data, m: module, latest };
    let (s, e) =
        payloads[section::STRING as usize].ok_or_else(|| Error::at(data.len() - 1, "string section is mandatory"))?;
    r.strings(s, e)?;
    if let Some((s, e)) = payloads[section::PRODUCER as usize] {
        let mut c = Cursor::new(data, s, e);
        let p = r.dec().str_ref(&mut c, "producer")?;
        r.m.producer = Some(p);
    }
    if let Some((s, e)) = payloads[section::TYPE as usize] {
        r.types(s, e)?;
    }
    if let Some((s, e)) = payloads[section::CONSTANT as usize] {
        r.constants(s, e)?;
    }
    if let Some((s, e)) = payloads[section::GLOBAL as usize] {
        r.globals(s, e)?;
    }
    let (s, e) =
        payloads[section::FUNC as usize].ok_or_else(|| Error::at(data.len() - 1, "function section is mandatory"))?;
    r.functions(s, e)?;
    if let Some((s, e)) = payloads[section::DEBUG as usize] {
        r.debug(s, e)?;
    }
    Ok(r.m)
}

struct Reader<'a> {
    data: &'a [u8],
    m: Module,
    latest: [Option<usize>; 8],
}

/// A section header as read.
struct Header {
    id: u8,
    align: Option<u64>,
    offset: usize,
    /// How many bytes of padding precede the payload.
    padding: usize,
    start: usize,
    len: usize,
}

/// The next section's header (and skips its payload); `None` at the end section.
fn section_header(c: &mut Cursor<'_>) -> Result<Option<Header>> {
    if c.at_end() {
        return Err(c.eof("section header"));
    }
    let at = c.pos;
    let b = c.u8("section header")?;
    let id = b & 0x7F;
    if id == section::END {
        if b & 0x80 != 0 {
            return Err(Error::at(at, "end section must not have alignment"));
        }
        if !c.at_end() {
            return Err(Error::at(at, "end section is not the last section"));
        }
        return Ok(None);
    }
    if id >= 8 {
        return Err(Error::at(at, format!("unknown section ID: {id}")));
    }
    let len = c.varint("section header")?;
    let mut align = None;
    if b & 0x80 != 0 {
        let a_at = c.pos;
        let a = c.varint("section header")?;
        if a == 0 || !a.is_power_of_two() || a > 1 << 16 {
            return Err(Error::at(a_at, format!("section alignment {a} is not a power of two")));
        }
        align = Some(a);
    }
    let need = match id {
        section::STRING | section::TYPE => 4,
        section::FUNC | section::CONSTANT | section::DEBUG => 8,
        _ => 1,
    };
    if need > 1 {
        match align {
            None => {
                return Err(Error::at(
                    at,
                    format!("section {id} must have alignment that is a multiple of {need} bytes, but has no alignment flag set"),
                ))
            }
            Some(a) if a % need != 0 => {
                return Err(Error::at(
                    at,
                    format!("section {id} must have alignment that is a multiple of {need} bytes, but has alignment {a}"),
                ))
            }
            _ => {}
        }
    }
    let padding = match align {
        Some(a) => c.pad(0, a as usize, "section padding")?.len(),
        None => 0,
    };
    if len > c.remaining() as u64 {
        return Err(Error::at(c.pos, format!("section length {len} exceeds remaining data size {}", c.remaining())));
    }
    let start = c.pos;
    c.pos += len as usize;
    Ok(Some(Header { id, align, offset: at, padding, start, len: len as usize }))
}

/// An offset table's entries as absolute byte ranges, the padding kept for rewriting, and where
/// the entries' data starts.
struct Table {
    ranges: Vec<(usize, usize)>,
    pad: Vec<u8>,
    blob: usize,
}

/// Reads an offset table header: count, padding, offsets.
fn offset_table(c: &mut Cursor<'_>, width: usize, what: &str) -> Result<Table> {
    let base = c.pos;
    let n = c.count(width, what)?;
    if n == 0 {
        // Nothing else is read; writers may still have padded (kept for rewriting).
        let pad = c.bytes(c.remaining(), what)?.to_vec();
        return Ok(Table { ranges: Vec::new(), pad, blob: c.pos });
    }
    let pad = c.pad(base, width, what)?.to_vec();
    if n > c.remaining() / width {
        return Err(Error::at(c.pos, format!("{what} offsets exceed the section")));
    }
    let mut offs = Vec::with_capacity(n);
    for _ in 0..n {
        offs.push(if width == 4 { u64::from(c.u32(what)?) } else { c.u64(what)? });
    }
    let blob = c.pos;
    let size = c.remaining() as u64;
    // Offsets are not checked for order or range (NVIDIA's reader clamps them): entries may
    // overlap, and share their bytes.
    let ranges = (0..n)
        .map(|i| {
            let s = offs[i].min(size);
            let e = offs.get(i + 1).copied().unwrap_or(size).min(size).max(s);
            (blob + s as usize, blob + e as usize)
        })
        .collect();
    Ok(Table { ranges, pad, blob })
}

/// The entries of a table as a [`ByteTable`] over a copy of its data (`blob..end`).
fn byte_table(data: &[u8], t: &Table, end: usize) -> ByteTable {
    let spans = t.ranges.iter().map(|&(a, b)| ((a - t.blob) as u32, (b - t.blob) as u32)).collect();
    ByteTable::from_parts(data[t.blob..end].to_vec(), spans)
}

impl<'a> Reader<'a> {
    fn dec(&self) -> Decoder<'_> {
        Decoder { m: &self.m, strict: true }
    }

    /// The inner padding of the section of an id that the module holds.
    fn keep_padding(&mut self, id: u8, pads: Vec<Vec<u8>>) {
        let i = self.latest[id as usize].unwrap_or(0);
        if let Some(Section::Live(l)) = self.m.sections.get_mut(i) {
            l.inner_padding = pads;
        }
    }

    fn strings(&mut self, s: usize, e: usize) -> Result<()> {
        let mut c = Cursor::new(self.data, s, e);
        let t = offset_table(&mut c, 4, "string table")?;
        self.m.strings = byte_table(self.data, &t, e);
        self.keep_padding(section::STRING, vec![t.pad]);
        Ok(())
    }

    fn constants(&mut self, s: usize, e: usize) -> Result<()> {
        let mut c = Cursor::new(self.data, s, e);
        let t = offset_table(&mut c, 8, "constant table")?;
        for &(a, b) in &t.ranges {
            let mut c = Cursor::new(self.data, a, b);
            let n = c.varint("constant length")?;
            if n != c.remaining() as u64 {
                return Err(Error::at(
                    a,
                    format!("constant length {n} does not match its entry size {}", c.remaining()),
                ));
            }
        }
        self.m.constants = Constants(byte_table(self.data, &t, e));
        self.keep_padding(section::CONSTANT, vec![t.pad]);
        Ok(())
    }

    fn types(&mut self, s: usize, e: usize) -> Result<()> {
        let mut c = Cursor::new(self.data, s, e);
        let t = offset_table(&mut c, 4, "type table")?;
        let v = self.m.version;
        // Entries are decoded from their own bytes. Overlapping entries would decode the same
        // bytes again and again (and hold a copy of what they decode to each time): past the
        // table's size, the rest are not decoded.
        let mut budget = (e - t.blob).saturating_add(1 << 16);
        let mut entries: Vec<TypeEntry> = t
            .ranges
            .iter()
            .map(|&(a, b)| {
                if b - a > budget {
                    return TypeEntry::Bad(BadType::Overlap);
                }
                budget -= b - a;
                let mut c = Cursor::new(self.data, a, b);
                match parse_type(&mut c, v) {
                    Ok(t) if c.at_end() => TypeEntry::Ok(t),
                    _ => TypeEntry::Bad(BadType::Malformed),
                }
            })
            .collect();
        // References must name well-formed types and must not form cycles.
        let n = entries.len();
        let mut state = vec![0u8; n]; // 0 unseen, 1 on stack, 2 good, 3 bad
        let mut stack = Vec::new();
        for root in 0..n {
            stack.clear();
            stack.push((root, 0usize));
            while let Some(&mut (i, ref mut k)) = stack.last_mut() {
                if *k == 0 {
                    if state[i] >= 2 {
                        stack.pop();
                        continue;
                    }
                    if matches!(entries[i], TypeEntry::Bad(_)) {
                        state[i] = 3;
                        stack.pop();
                        continue;
                    }
                    state[i] = 1;
                }
                let next = match &entries[i] {
                    TypeEntry::Ok(t) => type_ref_at(t, *k),
                    TypeEntry::Bad(_) => None,
                };
                if let Some(r) = next {
                    *k += 1;
                    let r = r as usize;
                    if r >= n || state[r] == 1 || state[r] == 3 {
                        state[i] = 3;
                    } else if state[r] == 0 {
                        stack.push((r, 0));
                    }
                } else {
                    if state[i] == 1 {
                        state[i] = 2;
                    }
                    stack.pop();
                    // Propagate badness to whoever is waiting on this entry.
                    if state[i] == 3 {
                        if let Some(&(p, _)) = stack.last() {
                            state[p] = 3;
                        }
                    }
                }
            }
        }
        for (i, st) in state.iter().enumerate() {
            if *st == 3 && matches!(entries[i], TypeEntry::Ok(_)) {
                entries[i] = TypeEntry::Bad(BadType::Reference);
            }
        }
        self.m.types = entries;
        self.m.raw_types = Some(RawTypes { table: byte_table(self.data, &t, e), version: v, base: t.blob });
        self.keep_padding(section::TYPE, vec![t.pad]);
        Ok(())
    }

    fn globals(&mut self, s: usize, e: usize) -> Result<()> {
        let mut c = Cursor::new(self.data, s, e);
        let n = c.count(4, "global")?;
        let mut out = Vec::with_capacity(n.min(PREALLOCATE));
        let dec = self.dec();
        for _ in 0..n {
            let name = dec.str_ref(&mut c, "global name")?;
            let ty = dec.type_ref(&mut c, "global type")?;
            let at = c.pos;
            let constant = c.varint("global value")?;
            if constant >= self.m.constants.len() as u64 {
                return Err(Error::at(
                    at,
                    format!("constant index {constant} out of bounds (size={})", self.m.constants.len()),
                ));
            }
            let alignment = c.varint("global alignment")?;
            let visibility = if self.m.version >= Version::V13_3 {
                Some((c.varint("global visibility")?, c.varint("global constant flag")?))
            } else {
                None
            };
            out.push(Global { name, ty, constant: constant as ConstId, alignment, visibility });
        }
        if !c.at_end() {
            return Err(Error::at(c.pos, "trailing bytes in global section"));
        }
        self.m.globals = out;
        Ok(())
    }

    fn functions(&mut self, s: usize, e: usize) -> Result<()> {
        let mut c = Cursor::new(self.data, s, e);
        let n = c.count(5, "function")?;
        let v = self.m.version;
        let mut out = Vec::with_capacity(n.min(PREALLOCATE));
        let dec = self.dec();
        let mut pool = Vec::new();
        for _ in 0..n {
            let offset = c.pos;
            let name = dec.str_ref(&mut c, "function name")?;
            let sig_at = c.pos;
            let sig = c.varint("function signature")?;
            let fname = || String::from_utf8_lossy(self.m.string(name)).into_owned();
            let signature = dec.check_type(sig, sig_at).map_err(|err| {
                Error::at(
                    sig_at,
                    format!("{}; failed to parse type at index {sig} for function '{}'", err.message(), fname()),
                )
            })?;
            let Some(Type::Function { inputs, .. }) = self.m.ty(signature) else {
                return Err(Error::at(sig_at, format!("signature of function '{}' is not a function type", fname())));
            };
            let flags_at = c.pos;
            let flags = c.u8("function flags")?;
            if flags & 2 == 0 {
                return Err(Error::at(flags_at, "un-expected non-entry function"));
            }
            let loc = c.varint("function location")?;
            let hints = if (flags & 6 == 6) || (v >= Version::V13_5 && flags & 2 != 0) {
                Some(dec.attr(&mut c, 0)?)
            } else {
                None
            };
            let arg_attrs = if v >= Version::V13_5 { Some(dec.attr(&mut c, 0)?) } else { None };
            let len = c.varint("function body length")?;
            if len > c.remaining() as u64 {
                return Err(Error::at(
                    c.pos,
                    format!("function body length {len} exceeds remaining data size {}", c.remaining()),
                ));
            }
            let end = c.pos + len as usize;
            let mut body = Cursor::new(self.data, c.pos, end);
            let mut values = inputs.len();
            while !body.at_end() {
                self.op(&dec, &mut body, &mut values, 0, &mut pool)?;
            }
            let body = Body::read(&self.data[c.pos..end], c.pos);
            c.pos = end;
            out.push(Function { name, signature, flags, loc, hints, arg_attrs, body, offset });
        }
        self.m.func_trailer = self.data[c.pos..e].to_vec();
        self.m.functions = out;
        Ok(())
    }

    /// Checks one op and its regions; `values` counts the values in scope, `pool` holds an op
    /// buffer per depth. Returns the opcode.
    fn op(
        &self,
        dec: &Decoder<'_>,
        c: &mut Cursor<'_>,
        values: &mut usize,
        depth: usize,
        pool: &mut Vec<Op>,
    ) -> Result<u16> {
        if pool.len() <= depth {
            pool.push(Op::default());
        }
        let regions = dec.op(c, &mut pool[depth], *values, depth)?;
        let (code, results) = (pool[depth].opcode, pool[depth].results.len());
        for _ in 0..regions {
            let nb = dec.region(c)?;
            for _ in 0..nb {
                let scope = *values;
                let na = c.count(1, "block argument")?;
                for _ in 0..na {
                    dec.type_ref(c, "block argument type")?;
                }
                *values += na;
                let at = c.pos;
                let nops = c.count(1, "op")?;
                let mut last = None;
                for _ in 0..nops {
                    last = Some(self.op(dec, c, values, depth + 1, pool)?);
                }
                // yield, break, continue, return.
                if !last.is_some_and(|o| matches!(o, 0x6D | 0x0A | 0x11 | 0x5C)) {
                    return Err(Error::at(at, "block does not end with a terminator"));
                }
                *values = scope;
            }
        }
        *values += results;
        Ok(code)
    }

    fn debug(&mut self, s: usize, e: usize) -> Result<()> {
        let mut c = Cursor::new(self.data, s, e);
        let mut pads = Vec::new();
        let n = c.count(4, "debug function entries")?;
        pads.push(c.pad(s, 4, "debug section")?.to_vec());
        let mut func_offsets = Vec::with_capacity(n);
        for _ in 0..n {
            func_offsets.push(c.u32("debug function entry")?);
        }
        let n = c.count(8, "debug indices")?;
        pads.push(c.pad(s, 8, "debug section")?.to_vec());
        let mut indices = Vec::with_capacity(n);
        for _ in 0..n {
            indices.push(c.u64("debug index")?);
        }
        let n = c.count(4, "debug attributes")?;
        pads.push(c.pad(s, 4, "debug section")?.to_vec());
        let mut offs = Vec::with_capacity(n);
        for _ in 0..n {
            offs.push(c.u32("debug attribute offset")? as usize);
        }
        let blob = c.pos;
        let size = c.remaining();
        let mut spans = Vec::with_capacity(n);
        for i in 0..n {
            if i > 0 && offs[i] < offs[i - 1] || offs[i] > size {
                return Err(Error::at(blob, format!("debug attribute offset {} out of range", offs[i])));
            }
            let a = offs[i];
            let b = offs.get(i + 1).copied().unwrap_or(size).min(size).max(a);
            spans.push((a as u32, b as u32));
        }
        if offs.first().is_some_and(|&o| o != 0) {
            return Err(Error::at(blob, "first debug attribute does not start the attribute data"));
        }
        let attrs = ByteTable::from_parts(self.data[blob..e].to_vec(), spans);
        self.m.debug = Some(Debug { func_offsets, indices, attrs });
        self.keep_padding(section::DEBUG, pads);
        Ok(())
    }
}

/// A debug attribute, or `None` for what reads as an unknown location (kept as bytes).
pub(crate) fn debug_attr(c: &mut Cursor<'_>, v: Version) -> Option<DebugAttr> {
    let tag = c.varint("debug attribute").ok()?;
    let u = |c: &mut Cursor<'_>| c.varint("debug attribute").ok();
    Some(match tag {
        1 => DebugAttr::CompileUnit { file: u(c)? },
        2 => DebugAttr::File { name: u(c)? as StrId, dir: u(c)? as StrId },
        3 => DebugAttr::LexicalBlock { scope: u(c)?, file: u(c)?, line: u(c)?, col: u(c)? },
        4 => DebugAttr::Loc { scope: u(c)?, filename: u(c)? as StrId, line: u(c)?, col: u(c)? },
        5 => DebugAttr::Subprogram {
            file: u(c)?,
            line: u(c)?,
            name: u(c)? as StrId,
            linkage: u(c)? as StrId,
            unit: u(c)?,
            scope_line: u(c)?,
            flags: if v >= Version::V13_5 { Some(u(c)?) } else { None },
        },
        6 => DebugAttr::CallSite { callee: u(c)?, caller: u(c)? },
        _ => return None,
    })
}

/// The `k`-th type index a type refers to.
fn type_ref_at(t: &Type, k: usize) -> Option<TypeId> {
    let one = |r: TypeId| (k == 0).then_some(r);
    match t {
        Type::Function { inputs, results } => {
            inputs.get(k).or_else(|| results.get(k.wrapping_sub(inputs.len()))).copied()
        }
        Type::Scalar(_) => None,
        Type::Pointer { pointee, .. } => one(*pointee),
        Type::Tile { element, .. } => one(*element),
        Type::TensorView(v) => one(v.element),
        Type::PartitionView(v) => one(v.tensor_view),
        Type::GatherScatterView(v) => one(v.tensor_view),
        Type::StridedView(v) => one(v.tensor_view),
    }
}

fn tref(c: &mut Cursor<'_>) -> Result<TypeId> {
    let at = c.pos;
    let v = c.varint("type reference")?;
    u32::try_from(v).map_err(|_| Error::at(at, format!("type index {v} out of range")))
}

/// Decodes one type table entry for a version.
pub(crate) fn parse_type(c: &mut Cursor<'_>, v: Version) -> Result<Type> {
    let at = c.pos;
    let tag = c.varint("type tag")?;
    if let Some(&(_, name, since)) = tables::SCALAR_TYPES.iter().find(|s| s.0 == tag) {
        if v < since {
            return Err(Error::at(
                at,
                format!("type '{}' requires bytecode version {since}+, file version is {v}", mlir_type_name(name)),
            ));
        }
        return Ok(Type::Scalar(tag));
    }
    let new13_3 = |what: &str| -> Result<()> {
        if v < Version::V13_3 {
            return Err(Error::at(at, format!("type '{what}' requires bytecode version 13.3+, file version is {v}")));
        }
        Ok(())
    };
    Ok(match tag {
        type_tag::POINTER => {
            if v >= Version::V13_4 {
                let flags = c.varint("pointer flags")?;
                let pointee = tref(c)?;
                let attr = if flags & 1 != 0 { Some(c.varint("pointer attribute")?) } else { None };
                Type::Pointer { flags, pointee, attr }
            } else {
                Type::Pointer { flags: 0, pointee: tref(c)?, attr: None }
            }
        }
        type_tag::TILE => Type::Tile { element: tref(c)?, shape: c.i64s("tile shape")?.into() },
        type_tag::TENSOR_VIEW => {
            let flags = if v >= Version::V13_4 { c.varint("tensor_view flags")? } else { 0 };
            let element = tref(c)?;
            let shape = c.i64s("tensor_view shape")?;
            let strides = c.i64s("tensor_view strides")?;
            let attr = if flags & 1 != 0 { Some(c.varint("tensor_view attribute")?) } else { None };
            Type::TensorView(Box::new(TensorView { flags, element, shape, strides, attr }))
        }
        type_tag::PARTITION_VIEW => {
            if v >= Version::V13_3 {
                let flags = c.varint("partition_view flags")?;
                let tile_shape = c.i32s("partition_view tile")?;
                let tensor_view = tref(c)?;
                let dim_map = c.i32s("partition_view dim_map")?;
                let padding = if flags & 1 != 0 { Some(c.varint("padding value")?) } else { None };
                Type::PartitionView(Box::new(PartitionView { flags, tile_shape, tensor_view, dim_map, padding }))
            } else {
                let tile_shape = c.i32s("partition_view tile")?;
                let tensor_view = tref(c)?;
                let dim_map = c.i32s("partition_view dim_map")?;
                let present = c.u8("partition_view padding presence")?;
                let padding = if present != 0 { Some(c.varint("padding value")?) } else { None };
                let flags = u64::from(present);
                Type::PartitionView(Box::new(PartitionView { flags, tile_shape, tensor_view, dim_map, padding }))
            }
        }
        type_tag::FUNCTION => {
            let n = c.count(1, "function inputs")?;
            let inputs = (0..n).map(|_| tref(c)).collect::<Result<_>>()?;
            let n = c.count(1, "function results")?;
            let results = (0..n).map(|_| tref(c)).collect::<Result<_>>()?;
            Type::Function { inputs, results }
        }
        type_tag::GATHER_SCATTER_VIEW => {
            new13_3("GatherScatterView")?;
            let flags = c.varint("gather_scatter_view flags")?;
            let tile_shape = c.i32s("gather_scatter_view tile")?;
            let tensor_view = tref(c)?;
            let sparse_dim = c.varint("sparse dim")?;
            let padding = if flags & 1 != 0 { Some(c.varint("padding value")?) } else { None };
            Type::GatherScatterView(Box::new(GatherScatterView { flags, tile_shape, tensor_view, sparse_dim, padding }))
        }
        type_tag::STRIDED_VIEW => {
            new13_3("StridedView")?;
            let flags = c.varint("strided_view flags")?;
            let tile_shape = c.i32s("strided_view tile")?;
            let traversal_strides = c.i32s("strided_view strides")?;
            let tensor_view = tref(c)?;
            let dim_map = c.i32s("strided_view dim_map")?;
            let padding = if flags & 1 != 0 { Some(c.varint("padding value")?) } else { None };
            Type::StridedView(Box::new(StridedView {
                flags,
                tile_shape,
                traversal_strides,
                tensor_view,
                dim_map,
                padding,
            }))
        }
        _ => return Err(Error::at(at, format!("unknown type tag: {tag}"))),
    })
}

/// The MLIR C++ class-style name NVIDIA's messages use for a scalar type.
fn mlir_type_name(printed: &str) -> &str {
    match printed {
        "f4E2M1FN" => "Float4E2M1FN",
        "f8E8M0FNU" => "Float8E8M0FNU",
        "fnv8E5M3FNU" => "Float8E5M3FNU",
        "i4" => "Integer4",
        other => other,
    }
}
