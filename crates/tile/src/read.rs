//! The bytecode reader: header, sections in any order, tables, globals, functions, debug info.

use crate::cursor::Cursor;
use crate::ir::*;
use crate::tables::{self, section, type_tag, AttrKind, Item, Version};
use crate::{Error, Result};

/// The 8-byte magic.
pub const MAGIC: &[u8; 8] = b"\x7FTileIR\0";

/// Nesting limit for regions and attributes (bounded recursion on hostile input).
const MAX_DEPTH: usize = 200;

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
    let mut module = Module::new(version);
    module.tag = tag;
    module.sections.clear();

    // Collect every section's payload first; parse them in dependency order afterwards.
    let mut payloads: [Option<(usize, usize)>; 8] = [None; 8];
    let mut c = Cursor::new(data, 12, data.len());
    loop {
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
            break;
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
            Some(a) => c.pad(0, a as usize, "section padding")?.to_vec(),
            None => Vec::new(),
        };
        if len > c.remaining() as u64 {
            return Err(Error::at(
                c.pos,
                format!("section length {len} exceeds remaining data size {}", c.remaining()),
            ));
        }
        let start = c.pos;
        c.pos += len as usize;
        // A repeated section replaces the earlier one; the earlier bytes are kept for rewriting.
        if let Some((s, e)) = payloads[id as usize] {
            if let Some(l) = module.sections.iter_mut().rev().find(|l| l.id == id && l.shadowed.is_none()) {
                l.shadowed = Some(data[s..e].to_vec());
            }
        }
        payloads[id as usize] = Some((start, c.pos));
        module.sections.push(SectionLayout {
            id,
            align,
            padding,
            shadowed: None,
            inner_padding: Vec::new(),
            offset: at,
            payload: (start, len as usize),
        });
    }

    let mut r = Reader { data, m: module };
    let (s, e) =
        payloads[section::STRING as usize].ok_or_else(|| Error::at(data.len() - 1, "string section is mandatory"))?;
    r.strings(s, e)?;
    if let Some((s, e)) = payloads[section::PRODUCER as usize] {
        let mut c = Cursor::new(data, s, e);
        let at = c.pos;
        let p = c.varint("producer")?;
        r.check_str(p, at)?;
        r.m.producer = Some(p as StrId);
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
}

/// Reads an offset table header: count, padding, offsets; returns (entries as ranges, blob start).
/// Entry byte ranges and the padding kept for rewriting.
type Table = (Vec<(usize, usize)>, Vec<u8>);

fn offset_table(c: &mut Cursor<'_>, width: usize, what: &str) -> Result<Table> {
    let base = c.pos;
    let n = c.count(width, what)?;
    if n == 0 {
        // Nothing else is read; writers may still have padded (kept for rewriting).
        let rest = c.bytes(c.remaining(), what)?.to_vec();
        return Ok((Vec::new(), rest));
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
    let mut ranges = Vec::with_capacity(n);
    for i in 0..n {
        let s = offs[i].min(size);
        let e = offs.get(i + 1).copied().unwrap_or(size).min(size).max(s);
        ranges.push((blob + s as usize, blob + e as usize));
    }
    Ok((ranges, pad))
}

impl<'a> Reader<'a> {
    fn layout_mut(&mut self, id: u8) -> &mut SectionLayout {
        let i = self.m.sections.iter().rposition(|l| l.id == id && l.shadowed.is_none()).unwrap_or(0);
        &mut self.m.sections[i]
    }

    fn strings(&mut self, s: usize, e: usize) -> Result<()> {
        let mut c = Cursor::new(self.data, s, e);
        let (ranges, pad) = offset_table(&mut c, 4, "string table")?;
        self.m.strings = ranges.iter().map(|&(a, b)| self.data[a..b].to_vec()).collect();
        self.layout_mut(section::STRING).inner_padding = vec![pad];
        Ok(())
    }

    fn constants(&mut self, s: usize, e: usize) -> Result<()> {
        let mut c = Cursor::new(self.data, s, e);
        let (ranges, pad) = offset_table(&mut c, 8, "constant table")?;
        let mut out = Vec::with_capacity(ranges.len());
        for (a, b) in ranges {
            let mut c = Cursor::new(self.data, a, b);
            let n = c.varint("constant length")?;
            if n != c.remaining() as u64 {
                return Err(Error::at(
                    a,
                    format!("constant length {n} does not match its entry size {}", c.remaining()),
                ));
            }
            out.push(self.data[c.pos..b].to_vec());
        }
        self.m.constants = out;
        self.layout_mut(section::CONSTANT).inner_padding = vec![pad];
        Ok(())
    }

    fn types(&mut self, s: usize, e: usize) -> Result<()> {
        let mut c = Cursor::new(self.data, s, e);
        let (ranges, pad) = offset_table(&mut c, 4, "type table")?;
        let v = self.m.version;
        let mut entries: Vec<TypeEntry> = ranges
            .iter()
            .map(|&(a, b)| {
                let mut c = Cursor::new(self.data, a, b);
                let r = parse_type(&mut c, v).and_then(|t| {
                    if c.at_end() {
                        Ok(t)
                    } else {
                        Err(Error::at(c.pos, "trailing bytes in type entry"))
                    }
                });
                match r {
                    Ok(t) => TypeEntry::Ok(t),
                    Err(error) => TypeEntry::Bad { bytes: self.data[a..b].to_vec(), error },
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
                    if matches!(entries[i], TypeEntry::Bad { .. }) {
                        state[i] = 3;
                        stack.pop();
                        continue;
                    }
                    state[i] = 1;
                }
                let next = match &entries[i] {
                    TypeEntry::Ok(t) => type_ref_at(t, *k),
                    TypeEntry::Bad { .. } => None,
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
            if *st == 3 {
                if let TypeEntry::Ok(_) = entries[i] {
                    let (a, b) = ranges[i];
                    entries[i] = TypeEntry::Bad {
                        bytes: self.data[a..b].to_vec(),
                        error: Error::at(
                            a,
                            format!("type at index {i} refers to a missing, malformed or recursive type"),
                        ),
                    };
                }
            }
        }
        self.m.types = entries;
        self.layout_mut(section::TYPE).inner_padding = vec![pad];
        Ok(())
    }

    fn check_str(&self, i: u64, at: usize) -> Result<StrId> {
        if i >= self.m.strings.len() as u64 {
            return Err(Error::at(at, format!("string index {i} out of bounds (size={})", self.m.strings.len())));
        }
        Ok(i as StrId)
    }

    fn check_const(&self, i: u64, at: usize) -> Result<ConstId> {
        if i >= self.m.constants.len() as u64 {
            return Err(Error::at(at, format!("constant index {i} out of bounds (size={})", self.m.constants.len())));
        }
        Ok(i as ConstId)
    }

    fn check_type(&self, i: u64, at: usize) -> Result<TypeId> {
        match self.m.types.get(i as usize) {
            Some(TypeEntry::Ok(_)) => Ok(i as TypeId),
            Some(TypeEntry::Bad { error, .. }) => Err(error.clone()),
            None => Err(Error::at(at, format!("type index {i} out of bounds (size={})", self.m.types.len()))),
        }
    }

    fn str_ref(&self, c: &mut Cursor<'_>, what: &str) -> Result<StrId> {
        let at = c.pos;
        let i = c.varint(what)?;
        self.check_str(i, at)
    }

    fn type_ref(&self, c: &mut Cursor<'_>, what: &str) -> Result<TypeId> {
        let at = c.pos;
        let i = c.varint(what)?;
        self.check_type(i, at)
    }

    fn globals(&mut self, s: usize, e: usize) -> Result<()> {
        let mut c = Cursor::new(self.data, s, e);
        let n = c.count(4, "global")?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let name = self.str_ref(&mut c, "global name")?;
            let ty = self.type_ref(&mut c, "global type")?;
            let at = c.pos;
            let constant = c.varint("global value")?;
            let constant = self.check_const(constant, at)?;
            let alignment = c.varint("global alignment")?;
            let visibility = if self.m.version >= Version::V13_3 {
                Some((c.varint("global visibility")?, c.varint("global constant flag")?))
            } else {
                None
            };
            out.push(Global { name, ty, constant, alignment, visibility });
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
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let offset = c.pos;
            let name = self.str_ref(&mut c, "function name")?;
            let sig_at = c.pos;
            let sig = c.varint("function signature")?;
            let fname = String::from_utf8_lossy(self.m.string(name)).into_owned();
            let signature = self.check_type(sig, sig_at).map_err(|err| {
                Error::at(
                    sig_at,
                    format!("{}; failed to parse type at index {sig} for function '{fname}'", err.message()),
                )
            })?;
            let Some(Type::Function { inputs, .. }) = self.m.ty(signature).cloned() else {
                return Err(Error::at(sig_at, format!("signature of function '{fname}' is not a function type")));
            };
            let flags_at = c.pos;
            let flags = c.u8("function flags")?;
            if flags & 2 == 0 {
                return Err(Error::at(flags_at, "un-expected non-entry function"));
            }
            let loc = c.varint("function location")?;
            let hints = if (flags & 6 == 6) || (v >= Version::V13_5 && flags & 2 != 0) {
                Some(self.attr(&mut c, 0)?)
            } else {
                None
            };
            let arg_attrs = if v >= Version::V13_5 { Some(self.attr(&mut c, 0)?) } else { None };
            let len = c.varint("function body length")?;
            if len > c.remaining() as u64 {
                return Err(Error::at(
                    c.pos,
                    format!("function body length {len} exceeds remaining data size {}", c.remaining()),
                ));
            }
            let end = c.pos + len as usize;
            let mut body = Cursor::new(self.data, c.pos, end);
            let mut values = inputs;
            let mut ops = Vec::new();
            while !body.at_end() {
                ops.push(self.op(&mut body, &mut values, 0)?);
            }
            c.pos = end;
            out.push(Function { name, signature, flags, loc, hints, arg_attrs, body: ops, offset });
        }
        self.m.func_trailer = self.data[c.pos..e].to_vec();
        self.m.functions = out;
        Ok(())
    }

    fn op(&self, c: &mut Cursor<'_>, values: &mut Vec<TypeId>, depth: usize) -> Result<Op> {
        let offset = c.pos;
        let code = c.varint("opcode")?;
        let v = self.m.version;
        let preview = code == 0x4002 && self.m.tag & 1 != 0;
        if code > v.max_opcode() && !preview {
            return Err(Error::at(offset, format!("unsupported opcode {code} for bytecode version {v}")));
        }
        let info = tables::op_info(code)
            // entry, global and module have opcodes but never appear in a body.
            .filter(|i| !matches!(i.code, 0x16 | 0x31 | 0x4B))
            .ok_or_else(|| Error::at(offset, format!("unknown or unimplemented opcode: {code}")))?;
        let (_, nf, _) = tables::layout_sizes(info);
        let mut op = Op {
            opcode: info.code,
            results: Ids::new(),
            flags: 0,
            fields: Vec::with_capacity(nf),
            operands: Ids::new(),
            regions: Vec::new(),
            offset,
        };
        let mut st = OpState { flag_names: &[], operand_no: 0 };
        self.items(c, tables::layout(info), &mut op, &mut st, values, depth)?;
        values.extend_from_slice(&op.results);
        Ok(op)
    }

    fn items(
        &self,
        c: &mut Cursor<'_>,
        items: &'static [Item],
        op: &mut Op,
        st: &mut OpState,
        values: &mut Vec<TypeId>,
        depth: usize,
    ) -> Result<()> {
        for item in items {
            match item {
                Item::Result => op.results.push(self.type_ref(c, "result type")?),
                Item::Results => {
                    let n = c.count(1, "result")?;
                    for _ in 0..n {
                        op.results.push(self.type_ref(c, "result type")?);
                    }
                }
                Item::Flags(names) => {
                    op.flags = c.varint("op flags")?;
                    st.flag_names = names;
                }
                Item::Since(ver, inner) => {
                    if self.m.version >= *ver {
                        self.items(c, inner, op, st, values, depth)?;
                    }
                }
                Item::IfFlag(name, inner) => {
                    if st.flag(op.flags, name) {
                        self.items(c, inner, op, st, values, depth)?;
                    }
                }
                Item::Attr(name, kind) => {
                    let f = self.op_attr(c, name, *kind, depth)?;
                    op.fields.push(f);
                }
                Item::AllOperands(_) | Item::Operands(_) => {
                    let n = c.count(1, "operand")?;
                    op.fields.push(Field::U(n as u64));
                    for _ in 0..n {
                        self.operand(c, op, st, values)?;
                    }
                }
                Item::Operand(_) => self.operand(c, op, st, values)?,
                Item::OptOperand(name) => {
                    if st.flag(op.flags, name) {
                        self.operand(c, op, st, values)?;
                    }
                }
                Item::Regions(_) => {
                    if depth >= MAX_DEPTH {
                        return Err(Error::at(c.pos, "regions nested too deeply"));
                    }
                    let n = c.count(1, "region")?;
                    for _ in 0..n {
                        let nb = c.count(1, "block")?;
                        let mut region = Region { blocks: Vec::with_capacity(nb) };
                        for _ in 0..nb {
                            let scope = values.len();
                            let na = c.count(1, "block argument")?;
                            let mut block = Block::default();
                            for _ in 0..na {
                                let t = self.type_ref(c, "block argument type")?;
                                block.args.push(t);
                                values.push(t);
                            }
                            let at = c.pos;
                            let nops = c.count(1, "op")?;
                            for _ in 0..nops {
                                block.ops.push(self.op(c, values, depth + 1)?);
                            }
                            // yield, break, continue, return.
                            if !block.ops.last().is_some_and(|o| matches!(o.opcode, 0x6D | 0x0A | 0x11 | 0x5C)) {
                                return Err(Error::at(at, "block does not end with a terminator"));
                            }
                            values.truncate(scope);
                            region.blocks.push(block);
                        }
                        op.regions.push(region);
                    }
                }
            }
        }
        Ok(())
    }

    fn operand(&self, c: &mut Cursor<'_>, op: &mut Op, st: &mut OpState, values: &[TypeId]) -> Result<()> {
        let at = c.pos;
        let i = c.varint("operand")?;
        if i >= values.len() as u64 {
            return Err(Error::at(
                at,
                format!("operand index {i} out of bounds (size={}) for operand {}", values.len(), st.operand_no),
            ));
        }
        st.operand_no += 1;
        op.operands.push(i as ValueId);
        Ok(())
    }

    fn op_attr(&self, c: &mut Cursor<'_>, name: &str, kind: AttrKind, depth: usize) -> Result<Field> {
        let at = c.pos;
        Ok(match kind {
            AttrKind::Enum => {
                let v = c.varint(name)?;
                let names = tables::enum_values(name);
                if !names.is_empty() && v as usize >= names.len() {
                    return Err(Error::at(at, format!("invalid value {v} for enum attribute '{name}'")));
                }
                Field::U(v)
            }
            AttrKind::Int => Field::U(c.varint(name)?),
            AttrKind::Str => Field::U(u64::from(self.str_ref(c, name)?)),
            AttrKind::Type => Field::U(u64::from(self.type_ref(c, name)?)),
            AttrKind::Const => {
                let i = c.varint(name)?;
                Field::U(u64::from(self.check_const(i, at)?))
            }
            AttrKind::Byte => Field::Byte(c.u8(name)?),
            AttrKind::I32s => {
                let v = c.i32s(name)?;
                if v.iter().any(|&x| x == i32::MIN || x == i32::MAX) {
                    return Err(Error::at(at, format!("invalid element in array attribute '{name}'")));
                }
                Field::I32s(v)
            }
            AttrKind::Bools => {
                let n = c.count(1, name)?;
                Field::Bools(c.bytes(n, name)?.to_vec())
            }
            AttrKind::Array => {
                let n = c.count(1, name)?;
                let mut v = Vec::with_capacity(n);
                for _ in 0..n {
                    v.push(self.attr(c, depth + 1)?);
                }
                Field::Attrs(v)
            }
            AttrKind::Tagged => Field::Attr(self.attr(c, depth + 1)?),
            AttrKind::Hints => Field::Dict(self.dict(c, depth + 1)?),
        })
    }

    fn dict(&self, c: &mut Cursor<'_>, depth: usize) -> Result<Vec<(StrId, Attr)>> {
        let n = c.count(2, "dictionary")?;
        let mut v: Vec<(StrId, Attr)> = Vec::with_capacity(n);
        for i in 0..n {
            let at = c.pos;
            let k = self.str_ref(c, "dictionary key")?;
            if self.m.string(k).is_empty() {
                return Err(Error::at(at, format!("invalid empty attribute name for DictionaryAttr element {i}")));
            }
            if v.iter().any(|(x, _)| self.m.string(*x) == self.m.string(k)) {
                return Err(Error::at(at, format!("duplicate key in DictionaryAttr element {i}")));
            }
            v.push((k, self.attr(c, depth + 1)?));
        }
        Ok(v)
    }

    /// A self-contained attribute.
    fn attr(&self, c: &mut Cursor<'_>, depth: usize) -> Result<Attr> {
        if depth >= MAX_DEPTH {
            return Err(Error::at(c.pos, "attributes nested too deeply"));
        }
        let at = c.pos;
        let tag = c.varint("attribute tag")?;
        Ok(match tag {
            1 => {
                let ty = self.type_ref(c, "integer attribute type")?;
                let value = if self.m.ty(ty) == Some(&Type::Scalar(0)) {
                    u64::from(c.u8("integer attribute")?)
                } else {
                    c.varint("integer attribute")?
                };
                Attr::Integer { ty, value }
            }
            2 => {
                let ty = self.type_ref(c, "float attribute type")?;
                let bits = match self.m.ty(ty) {
                    Some(Type::Scalar(10 | 11 | 18 | 19 | 130)) => u64::from(c.u8("float attribute")?),
                    _ => c.svarint("float attribute")? as u64,
                };
                Attr::Float { ty, bits }
            }
            3 => Attr::Bool(c.u8("bool attribute")?),
            4 => Attr::Type(self.type_ref(c, "type attribute")?),
            5 => Attr::String(self.str_ref(c, "string attribute")?),
            6 => {
                let n = c.count(1, "array attribute")?;
                let mut v = Vec::with_capacity(n);
                for _ in 0..n {
                    v.push(self.attr(c, depth + 1)?);
                }
                Attr::Array(v)
            }
            7 => {
                let ty = self.type_ref(c, "dense elements type")?;
                let i_at = c.pos;
                let i = c.varint("dense elements constant")?;
                Attr::DenseElements { ty, constant: self.check_const(i, i_at)? }
            }
            8 => {
                let divisor = c.varint("div_by")?;
                let flags = c.u8("div_by flags")?;
                let every = if flags & 1 != 0 { c.svarint("div_by every")? } else { 0 };
                let along = if flags & 2 != 0 { c.svarint("div_by along")? } else { 0 };
                Attr::DivBy { divisor, flags, every, along }
            }
            9 => Attr::SameElements(c.i64s("same_elements")?),
            10 => Attr::Dictionary(self.dict(c, depth)?),
            11 => Attr::Hints(self.dict(c, depth)?),
            12 => {
                let flags = c.u8("bounded flags")?;
                let lb = if flags & 1 != 0 { c.svarint("bounded lb")? } else { 0 };
                let ub = if flags & 2 != 0 { c.svarint("bounded ub")? } else { 0 };
                Attr::Bounded { flags, lb, ub }
            }
            _ => return Err(Error::at(at, format!("unsupported AttributeTag {tag} for self-contained attribute"))),
        })
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
        let v = self.m.version;
        let mut attrs = Vec::with_capacity(n);
        for i in 0..n {
            let a = offs[i].min(size);
            let b = offs.get(i + 1).copied().unwrap_or(size).min(size).max(a);
            if i > 0 && offs[i] < offs[i - 1] || offs[i] > size {
                return Err(Error::at(blob, format!("debug attribute offset {} out of range", offs[i])));
            }
            let mut ac = Cursor::new(self.data, blob + a, blob + b);
            attrs.push(
                debug_attr(&mut ac, v)
                    .filter(|_| ac.at_end())
                    .unwrap_or_else(|| DebugAttr::Raw(self.data[blob + a..blob + b].to_vec())),
            );
        }
        if offs.first().is_some_and(|&o| o != 0) {
            return Err(Error::at(blob, "first debug attribute does not start the attribute data"));
        }
        self.m.debug = Some(Debug { func_offsets, indices, attrs });
        self.layout_mut(section::DEBUG).inner_padding = pads;
        Ok(())
    }
}

struct OpState {
    flag_names: &'static [&'static str],
    operand_no: usize,
}

impl OpState {
    fn flag(&self, flags: u64, name: &str) -> bool {
        self.flag_names.iter().position(|n| *n == name).is_some_and(|b| flags >> b & 1 != 0)
    }
}

/// A debug attribute, or `None` for what reads as an unknown location (kept as bytes).
fn debug_attr(c: &mut Cursor<'_>, v: Version) -> Option<DebugAttr> {
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
    match t {
        Type::Function { inputs, results } => {
            inputs.get(k).or_else(|| results.get(k.wrapping_sub(inputs.len()))).copied()
        }
        Type::Scalar(_) => None,
        Type::Pointer { pointee: r, .. }
        | Type::Tile { element: r, .. }
        | Type::TensorView { element: r, .. }
        | Type::PartitionView { tensor_view: r, .. }
        | Type::GatherScatterView { tensor_view: r, .. }
        | Type::StridedView { tensor_view: r, .. } => (k == 0).then_some(*r),
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
        type_tag::TILE => Type::Tile { element: tref(c)?, shape: c.i64s("tile shape")? },
        type_tag::TENSOR_VIEW => {
            let flags = if v >= Version::V13_4 { c.varint("tensor_view flags")? } else { 0 };
            let element = tref(c)?;
            let shape = c.i64s("tensor_view shape")?;
            let strides = c.i64s("tensor_view strides")?;
            let attr = if flags & 1 != 0 { Some(c.varint("tensor_view attribute")?) } else { None };
            Type::TensorView { flags, element, shape, strides, attr }
        }
        type_tag::PARTITION_VIEW => {
            if v >= Version::V13_3 {
                let flags = c.varint("partition_view flags")?;
                let tile_shape = c.i32s("partition_view tile")?;
                let tensor_view = tref(c)?;
                let dim_map = c.i32s("partition_view dim_map")?;
                let padding = if flags & 1 != 0 { Some(c.varint("padding value")?) } else { None };
                Type::PartitionView { flags, tile_shape, tensor_view, dim_map, padding }
            } else {
                let tile_shape = c.i32s("partition_view tile")?;
                let tensor_view = tref(c)?;
                let dim_map = c.i32s("partition_view dim_map")?;
                let present = c.u8("partition_view padding presence")?;
                let padding = if present != 0 { Some(c.varint("padding value")?) } else { None };
                Type::PartitionView { flags: u64::from(present), tile_shape, tensor_view, dim_map, padding }
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
            Type::GatherScatterView { flags, tile_shape, tensor_view, sparse_dim, padding }
        }
        type_tag::STRIDED_VIEW => {
            new13_3("StridedView")?;
            let flags = c.varint("strided_view flags")?;
            let tile_shape = c.i32s("strided_view tile")?;
            let traversal_strides = c.i32s("strided_view strides")?;
            let tensor_view = tref(c)?;
            let dim_map = c.i32s("strided_view dim_map")?;
            let padding = if flags & 1 != 0 { Some(c.varint("padding value")?) } else { None };
            Type::StridedView { flags, tile_shape, traversal_strides, tensor_view, dim_map, padding }
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
