//! Function bodies kept as the bytecode encodes them, and the walks over them.
//!
//! A module read from a file holds each body's bytes (one copy of them, about the size of the
//! file) instead of a tree of ops (tens of bytes per op). Everything that looks at ops walks the
//! bytes with a [`Walker`]: an iterative pre-order walk that decodes one op at a time and hands
//! out [`Event`]s, so no walk recurses on the input's nesting. [`Module::decode_body`] and
//! [`Module::encode_body`] convert between a body and a tree of [`Op`]s for code that builds or
//! edits ops.

use crate::cursor::{put_svarint, put_varint, Cursor};
use crate::ir::*;
use crate::tables::{self, AttrKind, Item, Version};
use crate::{Error, Result};

/// How deeply regions and attributes may nest, counted together (real modules nest a few
/// levels; the bound keeps every recursive walk within the stack).
pub const MAX_DEPTH: usize = 200;

/// The most entries reserved from a count read from the input: a count is checked against the
/// bytes left, but an entry can take many more bytes in memory than in the file.
pub(crate) const PREALLOCATE: usize = 1 << 12;

/// A function body: its ops, encoded as the bytecode encodes them for the module's version and
/// type table.
#[derive(Clone, PartialEq, Eq)]
pub struct Body {
    bytes: Box<[u8]>,
    /// Where `bytes` started in the input they were read from (`NOT_READ` for bodies built in
    /// memory).
    base: usize,
    /// For a body assembled from text: each op's offset in the text, in pre-order.
    text_offsets: Option<Box<[u32]>>,
}

const NOT_READ: usize = usize::MAX;

impl Default for Body {
    fn default() -> Body {
        Body { bytes: Box::default(), base: NOT_READ, text_offsets: None }
    }
}

impl Body {
    /// The encoded ops.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The encoded size.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether the body has no op.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// A body read from an input at `base`.
    pub(crate) fn read(bytes: &[u8], base: usize) -> Body {
        Body { bytes: bytes.into(), base, text_offsets: None }
    }

    /// A body assembled from text (or built in memory): `offsets` has each op's offset in the
    /// text, in pre-order (all 0 when there is none).
    pub(crate) fn assembled(bytes: Vec<u8>, offsets: Vec<u32>) -> Body {
        let text_offsets = offsets.iter().any(|&o| o != 0).then(|| offsets.into());
        Body { bytes: bytes.into(), base: NOT_READ, text_offsets }
    }

    /// A body of the same ops encoded again (for another version): the offsets in text stay.
    pub(crate) fn with_bytes(&self, bytes: Vec<u8>) -> Body {
        Body { bytes: bytes.into(), base: NOT_READ, text_offsets: self.text_offsets.clone() }
    }

    /// Where the op at byte `pos` (pre-order number `index`) came from: its offset in the input
    /// or text it was read from, 0 for ops built in memory.
    fn offset(&self, pos: usize, index: usize) -> usize {
        match self.text_offsets.as_ref().and_then(|t| t.get(index)) {
            Some(&o) => o as usize,
            None if self.base == NOT_READ => 0,
            None => self.base + pos,
        }
    }
}

impl std::fmt::Debug for Body {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Body({} bytes)", self.bytes.len())
    }
}

/// Decodes ops for a module. `strict` is the reader's mode: every index is checked against the
/// tables and the values in scope, every enum against its names. Walks over bodies the module
/// already holds only need the structure.
pub(crate) struct Decoder<'m> {
    pub m: &'m Module,
    pub strict: bool,
}

impl Decoder<'_> {
    fn check_str(&self, i: u64, at: usize) -> Result<StrId> {
        if self.strict && i >= self.m.strings.len() as u64 {
            return Err(Error::at(at, format!("string index {i} out of bounds (size={})", self.m.strings.len())));
        }
        Ok(i as StrId)
    }

    fn check_const(&self, i: u64, at: usize) -> Result<ConstId> {
        if self.strict && i >= self.m.constants.len() as u64 {
            return Err(Error::at(at, format!("constant index {i} out of bounds (size={})", self.m.constants.len())));
        }
        Ok(i as ConstId)
    }

    pub fn check_type(&self, i: u64, at: usize) -> Result<TypeId> {
        if !self.strict {
            return Ok(i as TypeId);
        }
        match self.m.types.get(i as usize) {
            Some(TypeEntry::Ok(_)) => Ok(i as TypeId),
            Some(_) => Err(self.m.type_error(i as TypeId).unwrap_or_else(|| Error::at(at, "malformed type"))),
            None => Err(Error::at(at, format!("type index {i} out of bounds (size={})", self.m.types.len()))),
        }
    }

    pub fn str_ref(&self, c: &mut Cursor<'_>, what: &str) -> Result<StrId> {
        let at = c.pos;
        let i = c.varint(what)?;
        self.check_str(i, at)
    }

    pub fn type_ref(&self, c: &mut Cursor<'_>, what: &str) -> Result<TypeId> {
        let at = c.pos;
        let i = c.varint(what)?;
        self.check_type(i, at)
    }

    /// Reads one op up to its regions, which follow at `c`; returns how many there are.
    /// `values` is how many values are in scope (checked when strict), `depth` how deeply the op
    /// nests.
    pub fn op(&self, c: &mut Cursor<'_>, op: &mut Op, values: usize, depth: usize) -> Result<usize> {
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
        op.opcode = info.code;
        op.results.clear();
        op.flags = 0;
        op.fields.clear();
        op.operands.clear();
        op.regions.clear();
        op.offset = offset;
        let mut st = OpState { flag_names: &[], operand_no: 0, regions: 0, values };
        self.items(c, tables::layout(info), op, &mut st, depth)?;
        Ok(st.regions)
    }

    fn items(
        &self,
        c: &mut Cursor<'_>,
        items: &'static [Item],
        op: &mut Op,
        st: &mut OpState,
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
                        self.items(c, inner, op, st, depth)?;
                    }
                }
                Item::IfFlag(name, inner) => {
                    if st.flag(op.flags, name) {
                        self.items(c, inner, op, st, depth)?;
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
                        self.operand(c, op, st)?;
                    }
                }
                Item::Operand(_) => self.operand(c, op, st)?,
                Item::OptOperand(name) => {
                    if st.flag(op.flags, name) {
                        self.operand(c, op, st)?;
                    }
                }
                Item::Regions(_) => {
                    let at = c.pos;
                    st.regions = c.count(1, "region")?;
                    if st.regions > 0 && depth >= MAX_DEPTH {
                        return Err(Error::at(at, "regions nested too deeply"));
                    }
                }
            }
        }
        Ok(())
    }

    fn operand(&self, c: &mut Cursor<'_>, op: &mut Op, st: &mut OpState) -> Result<()> {
        let at = c.pos;
        let i = c.varint("operand")?;
        if self.strict && i >= st.values as u64 {
            return Err(Error::at(
                at,
                format!("operand index {i} out of bounds (size={}) for operand {}", st.values, st.operand_no),
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
                if self.strict {
                    let names = tables::enum_values(name);
                    if !names.is_empty() && v as usize >= names.len() {
                        return Err(Error::at(at, format!("invalid value {v} for enum attribute '{name}'")));
                    }
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
                if self.strict && v.iter().any(|&x| x == i32::MIN || x == i32::MAX) {
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
                let mut v = Vec::with_capacity(n.min(PREALLOCATE));
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
        let mut v: Vec<(StrId, Attr)> = Vec::with_capacity(n.min(PREALLOCATE));
        let mut keys = std::collections::HashSet::new();
        for i in 0..n {
            let at = c.pos;
            let k = self.str_ref(c, "dictionary key")?;
            if self.strict {
                let key = self.m.string(k);
                if key.is_empty() {
                    return Err(Error::at(at, format!("invalid empty attribute name for DictionaryAttr element {i}")));
                }
                if !keys.insert(key) {
                    return Err(Error::at(at, format!("duplicate key in DictionaryAttr element {i}")));
                }
            }
            v.push((k, self.attr(c, depth + 1)?));
        }
        Ok(v)
    }

    /// A self-contained attribute.
    pub fn attr(&self, c: &mut Cursor<'_>, depth: usize) -> Result<Attr> {
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
                let mut v = Vec::with_capacity(n.min(PREALLOCATE));
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

    /// A region's header: its block count.
    pub fn region(&self, c: &mut Cursor<'_>) -> Result<usize> {
        c.count(1, "block")
    }

    /// A block's header: its argument types (into `args`) and its op count.
    pub fn block(&self, c: &mut Cursor<'_>, args: &mut Vec<TypeId>) -> Result<usize> {
        let na = c.count(1, "block argument")?;
        args.clear();
        for _ in 0..na {
            args.push(self.type_ref(c, "block argument type")?);
        }
        c.count(1, "op")
    }
}

struct OpState {
    flag_names: &'static [&'static str],
    operand_no: usize,
    regions: usize,
    values: usize,
}

impl OpState {
    fn flag(&self, flags: u64, name: &str) -> bool {
        flag_set(flags, self.flag_names, name)
    }
}

fn flag_set(flags: u64, names: &[&str], name: &str) -> bool {
    names.iter().position(|n| *n == name).is_some_and(|b| flags >> b & 1 != 0)
}

/// Where a walk is in a body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    /// The op's byte position in the body (a key for it: no two ops share one).
    pub pos: u32,
    /// The op's number in pre-order.
    pub index: u32,
    /// Where it came from: its offset in the input or text it was read from (0 when built in
    /// memory).
    pub offset: usize,
    /// Its nesting depth (0 for the body's own ops).
    pub depth: u32,
}

/// One step of a walk over a body, in pre-order.
#[derive(Debug)]
pub enum Event<'w> {
    /// An op, decoded up to its regions (its `regions` field is empty): `regions` regions follow,
    /// each as `RegionStart` … `RegionEnd`, then `OpEnd`.
    Op {
        /// The op.
        op: &'w Op,
        /// Where it is.
        at: At,
        /// How many regions follow.
        regions: usize,
        /// Whether it ends its block (always false for a body's own ops that have regions: the
        /// walk does not know yet).
        last: bool,
        /// The position and argument types of the first block of its first region, if any.
        first_block: Option<(u32, &'w [TypeId])>,
    },
    /// A region with this many blocks.
    RegionStart {
        /// Block count.
        blocks: usize,
    },
    /// A block: its argument types and op count; `pos` is its byte position (a key for it).
    BlockStart {
        /// Argument types.
        args: &'w [TypeId],
        /// Op count.
        ops: usize,
        /// Byte position of the block's header.
        pos: u32,
    },
    /// The end of a block.
    BlockEnd,
    /// The end of a region.
    RegionEnd,
    /// The end of an op (after its regions).
    OpEnd {
        /// The op.
        op: &'w Op,
        /// Where it is.
        at: At,
    },
}

enum Frame {
    /// The body's own ops, up to the end of the bytes.
    Top,
    Ops(usize),
    Blocks(usize),
    Regions(usize),
}

/// An iterative pre-order walk over a body of a module (see [`Event`]).
pub struct Walker<'m> {
    dec: Decoder<'m>,
    body: &'m Body,
    c: Cursor<'m>,
    frames: Vec<Frame>,
    /// Ops whose regions are being walked (`open[..live]`), and buffers to reuse after them.
    open: Vec<(Op, At)>,
    live: usize,
    /// The op just handed out has no regions: its `OpEnd` comes next.
    end_next: bool,
    args: Vec<TypeId>,
    /// The first block's arguments of the op just handed out.
    first: Vec<TypeId>,
    index: u32,
}

impl<'m> Walker<'m> {
    /// A walk over `body`, which belongs to module `m`.
    pub fn new(m: &'m Module, body: &'m Body) -> Walker<'m> {
        Walker {
            dec: Decoder { m, strict: false },
            body,
            c: Cursor::new(&body.bytes, 0, body.bytes.len()),
            frames: vec![Frame::Top],
            open: Vec::new(),
            live: 0,
            end_next: false,
            args: Vec::new(),
            first: Vec::new(),
            index: 0,
        }
    }

    /// The next step, `None` at the end of the body.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Result<Option<Event<'_>>> {
        if self.end_next {
            self.end_next = false;
            return Ok(Some(self.op_end()));
        }
        let Some(frame) = self.frames.last_mut() else { return Ok(None) };
        let ev = match frame {
            Frame::Top => {
                if self.c.at_end() {
                    self.frames.pop();
                    return Ok(None);
                }
                return self.op(None);
            }
            Frame::Ops(left) => {
                if *left == 0 {
                    self.frames.pop();
                    return Ok(Some(Event::BlockEnd));
                }
                *left -= 1;
                let last = *left == 0;
                return self.op(Some(last));
            }
            Frame::Blocks(left) => {
                if *left == 0 {
                    self.frames.pop();
                    Event::RegionEnd
                } else {
                    *left -= 1;
                    let pos = self.c.pos as u32;
                    let ops = self.dec.block(&mut self.c, &mut self.args)?;
                    self.frames.push(Frame::Ops(ops));
                    Event::BlockStart { args: &self.args, ops, pos }
                }
            }
            Frame::Regions(left) => {
                if *left == 0 {
                    self.frames.pop();
                    return Ok(Some(self.op_end()));
                }
                *left -= 1;
                let blocks = self.dec.region(&mut self.c)?;
                self.frames.push(Frame::Blocks(blocks));
                Event::RegionStart { blocks }
            }
        };
        Ok(Some(ev))
    }

    fn op(&mut self, last: Option<bool>) -> Result<Option<Event<'_>>> {
        if self.open.len() == self.live {
            self.open.push((Op::default(), At { pos: 0, index: 0, offset: 0, depth: 0 }));
        }
        let pos = self.c.pos;
        let depth = self.live;
        let (op, at) = &mut self.open[self.live];
        let regions = self.dec.op(&mut self.c, op, 0, depth)?;
        let index = self.index;
        *at = At { pos: pos as u32, index, offset: self.body.offset(pos, index as usize), depth: depth as u32 };
        op.offset = at.offset;
        self.index += 1;
        self.live += 1;
        if regions == 0 {
            self.end_next = true;
        } else {
            self.frames.push(Frame::Regions(regions));
        }
        // A body's own op is last when nothing follows it (known now only without regions).
        let last = last.unwrap_or(regions == 0 && self.c.at_end());
        let first = if regions > 0 { self.peek_first_block() } else { None };
        let (op, at) = &self.open[self.live - 1];
        let first_block = first.map(|pos| (pos, &self.first[..]));
        Ok(Some(Event::Op { op, at: *at, regions, last, first_block }))
    }

    fn op_end(&mut self) -> Event<'_> {
        self.live -= 1;
        let (op, at) = &self.open[self.live];
        Event::OpEnd { op, at: *at }
    }

    /// The byte position the walk has reached in the body (after an `OpEnd`: the end of the op).
    pub fn position(&self) -> usize {
        self.c.pos
    }

    /// At the regions of an op: the position of the first block of its first region, if it has
    /// one, with its argument types in `first`.
    fn peek_first_block(&mut self) -> Option<u32> {
        let mut c = self.c.clone();
        if self.dec.region(&mut c).ok()? == 0 {
            return None;
        }
        let pos = c.pos as u32;
        self.dec.block(&mut c, &mut self.first).ok()?;
        Some(pos)
    }
}

impl Module {
    /// Every op of every function, pre-order (each op without its regions: they follow it).
    pub fn for_each_op(&self, mut f: impl FnMut(&Op)) {
        for func in &self.functions {
            self.for_each_op_in(func, &mut f);
        }
    }

    /// Every op of a function's body, pre-order (each op without its regions: they follow it).
    /// A body the module holds always decodes; should one not, the walk stops there.
    pub fn for_each_op_in(&self, func: &Function, mut f: impl FnMut(&Op)) {
        let mut w = Walker::new(self, &func.body);
        while let Ok(Some(ev)) = w.next() {
            if let Event::Op { op, .. } = ev {
                f(op);
            }
        }
    }

    /// A body's ops as a tree.
    pub fn decode_body(&self, body: &Body) -> Result<Vec<Op>> {
        let mut top = Vec::new();
        let mut stack: Vec<Op> = Vec::new();
        let mut w = Walker::new(self, body);
        while let Some(ev) = w.next()? {
            match ev {
                Event::Op { op, .. } => stack.push(op.clone()),
                Event::RegionStart { blocks } => {
                    if let Some(op) = stack.last_mut() {
                        op.regions.push(Region { blocks: Vec::with_capacity(blocks.min(PREALLOCATE)) });
                    }
                }
                Event::BlockStart { args, ops, .. } => {
                    if let Some(r) = stack.last_mut().and_then(|op| op.regions.last_mut()) {
                        r.blocks.push(Block { args: args.to_vec(), ops: Vec::with_capacity(ops.min(PREALLOCATE)) });
                    }
                }
                Event::OpEnd { .. } => {
                    let Some(op) = stack.pop() else { continue };
                    match stack.last_mut().and_then(|p| p.regions.last_mut()).and_then(|r| r.blocks.last_mut()) {
                        Some(b) => b.ops.push(op),
                        None => top.push(op),
                    }
                }
                Event::BlockEnd | Event::RegionEnd => {}
            }
        }
        Ok(top)
    }

    /// Encodes ops as a body of this module (its version and type table). Ops with a non-zero
    /// `offset` keep it as where they came from.
    pub fn encode_body(&self, ops: &[Op]) -> Result<Body> {
        let enc = Encoder { m: self, v: self.version };
        let mut bytes = Vec::new();
        let mut offsets = Vec::new();
        for op in ops {
            enc.op_tree(&mut bytes, op, &mut offsets, 0)?;
        }
        Ok(Body::assembled(bytes, offsets))
    }
}

/// Encodes ops, attributes and types for a version of a module.
pub(crate) struct Encoder<'m> {
    pub m: &'m Module,
    pub v: Version,
}

impl Encoder<'_> {
    fn op_tree(&self, out: &mut Vec<u8>, op: &Op, offsets: &mut Vec<u32>, depth: usize) -> Result<()> {
        if depth > MAX_DEPTH {
            return Err(Error::msg("regions nested too deeply"));
        }
        offsets.push(u32::try_from(op.offset).unwrap_or(u32::MAX));
        self.op_head(out, op, op.regions.len())?;
        for r in &op.regions {
            put_varint(out, r.blocks.len() as u64);
            for b in &r.blocks {
                put_varint(out, b.args.len() as u64);
                for a in &b.args {
                    put_varint(out, u64::from(*a));
                }
                put_varint(out, b.ops.len() as u64);
                for o in &b.ops {
                    self.op_tree(out, o, offsets, depth + 1)?;
                }
            }
        }
        Ok(())
    }

    /// Writes an op up to its regions (their count included): its regions' contents follow.
    pub fn op_head(&self, out: &mut Vec<u8>, op: &Op, regions: usize) -> Result<()> {
        let info =
            tables::op_info(op.opcode.into()).ok_or_else(|| Error::msg(format!("unknown opcode {}", op.opcode)))?;
        put_varint(out, u64::from(op.opcode));
        let mut st = EncState { results: 0, fields: 0, operands: 0, regions: false, names: &[] };
        self.items(out, tables::layout(info), op, &mut st, regions)?;
        if st.results != op.results.len()
            || st.fields != op.fields.len()
            || st.operands != op.operands.len()
            || (!st.regions && regions != 0)
        {
            return Err(Error::msg(format!("'{}' op does not match its layout", info.name)));
        }
        Ok(())
    }

    fn items(
        &self,
        out: &mut Vec<u8>,
        items: &'static [Item],
        op: &Op,
        st: &mut EncState,
        regions: usize,
    ) -> Result<()> {
        let bad = || Error::msg(format!("op {} does not match its layout", op.opcode));
        for item in items {
            match item {
                Item::Result => {
                    put_varint(out, u64::from(*op.results.get(st.results).ok_or_else(bad)?));
                    st.results += 1;
                }
                Item::Results => {
                    let rest = op.results.get(st.results..).unwrap_or(&[]);
                    put_varint(out, rest.len() as u64);
                    for r in rest {
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
                        self.items(out, inner, op, st, regions)?;
                    }
                }
                Item::IfFlag(name, inner) => {
                    if flag_set(op.flags, st.names, name) {
                        self.items(out, inner, op, st, regions)?;
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
                    let ids = op.operands.get(st.operands..).unwrap_or(&[]);
                    let n = usize::try_from(*n).ok().filter(|&n| n <= ids.len()).ok_or_else(bad)?;
                    for v in &ids[..n] {
                        put_varint(out, u64::from(*v));
                    }
                    st.operands += n;
                }
                Item::Operand(_) => {
                    put_varint(out, u64::from(*op.operands.get(st.operands).ok_or_else(bad)?));
                    st.operands += 1;
                }
                Item::OptOperand(name) => {
                    if flag_set(op.flags, st.names, name) {
                        put_varint(out, u64::from(*op.operands.get(st.operands).ok_or_else(bad)?));
                        st.operands += 1;
                    }
                }
                Item::Regions(_) => {
                    put_varint(out, regions as u64);
                    st.regions = true;
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

    /// A self-contained attribute.
    pub fn attr(&self, out: &mut Vec<u8>, a: &Attr) {
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

struct EncState {
    results: usize,
    fields: usize,
    operands: usize,
    regions: bool,
    names: &'static [&'static str],
}
