//! The in-memory module: tables as arenas indexed by handles, function bodies kept as the
//! bytecode encodes them ([`Body`]), so that a module takes little more memory than its file.
//! Walks over a body decode its ops one at a time ([`Module::for_each_op`], [`crate::body`]);
//! [`Module::decode_body`] gives a body as a tree of [`Op`]s and [`Module::encode_body`] makes one.
//!
//! Values are numbered as the format numbers them: a function's arguments are 0..n-1, each op's
//! results take the next numbers after its regions, a block's arguments are appended on entry and
//! every value defined in a block is dropped when it ends.

use crate::cursor::{put_varint, Cursor};
use crate::index::ContentIndex;
use crate::tables::Version;
use crate::Error;
use std::fmt;

pub use crate::body::Body;

/// Index into the string table.
pub type StrId = u32;
/// Index into the type table.
pub type TypeId = u32;
/// Index into the constant table.
pub type ConstId = u32;
/// A value number (function scope, as the format numbers values).
pub type ValueId = u32;

/// A type. Its size stays small (the view types are boxed): a type table can hold millions.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Type {
    /// A scalar (integer, float, token) by its tag.
    Scalar(u64),
    /// `ptr<pointee>`; `flags`/`attr` exist from 13.4.
    Pointer {
        /// Optional-field flags (13.4+).
        flags: u64,
        /// Pointee type.
        pointee: TypeId,
        /// Pointer attribute enum, when flag bit 0 is set.
        attr: Option<u64>,
    },
    /// `tile<shape x element>`.
    Tile {
        /// Element type.
        element: TypeId,
        /// Shape.
        shape: Box<[i64]>,
    },
    /// `tensor_view<shape x element, strides=…>`.
    TensorView(Box<TensorView>),
    /// `partition_view<tile=(…), tensor_view, dim_map=…, padding_value=…>`.
    PartitionView(Box<PartitionView>),
    /// A function type.
    Function {
        /// Inputs.
        inputs: Box<[TypeId]>,
        /// Results.
        results: Box<[TypeId]>,
    },
    /// `gather_scatter_view<…>` (13.3).
    GatherScatterView(Box<GatherScatterView>),
    /// `strided_view<…>` (13.3).
    StridedView(Box<StridedView>),
}

/// `tensor_view<shape x element, strides=…>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TensorView {
    /// Optional-field flags (13.4+).
    pub flags: u64,
    /// Element type.
    pub element: TypeId,
    /// Shape (`i64::MIN` = dynamic).
    pub shape: Vec<i64>,
    /// Strides (`i64::MIN` = dynamic).
    pub strides: Vec<i64>,
    /// Pointer attribute enum, when flag bit 0 is set.
    pub attr: Option<u64>,
}

/// `partition_view<tile=(…), tensor_view, dim_map=…, padding_value=…>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PartitionView {
    /// Flags (13.3+) or the presence byte (before).
    pub flags: u64,
    /// Tile shape.
    pub tile_shape: Vec<i32>,
    /// The tensor view.
    pub tensor_view: TypeId,
    /// Dimension map.
    pub dim_map: Vec<i32>,
    /// Padding value enum.
    pub padding: Option<u64>,
}

/// `gather_scatter_view<…>` (13.3).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GatherScatterView {
    /// Flags.
    pub flags: u64,
    /// Tile shape.
    pub tile_shape: Vec<i32>,
    /// The tensor view.
    pub tensor_view: TypeId,
    /// The sparse dimension.
    pub sparse_dim: u64,
    /// Padding value enum.
    pub padding: Option<u64>,
}

/// `strided_view<…>` (13.3).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StridedView {
    /// Flags.
    pub flags: u64,
    /// Tile shape.
    pub tile_shape: Vec<i32>,
    /// Traversal strides.
    pub traversal_strides: Vec<i32>,
    /// The tensor view.
    pub tensor_view: TypeId,
    /// Dimension map.
    pub dim_map: Vec<i32>,
    /// Padding value enum.
    pub padding: Option<u64>,
}

/// A type table entry: parsed, or unusable (the format parses types lazily: a bad entry nobody
/// references is no error; [`Module::type_error`] says what is wrong with one).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TypeEntry {
    /// A well-formed type.
    Ok(Type),
    /// An entry that does not decode, or refers to one that does not.
    Bad(BadType),
}

/// Why a type table entry is unusable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum BadType {
    /// Its bytes do not decode as a type of the module's version.
    Malformed,
    /// It refers to a missing, malformed or recursive type.
    Reference,
    /// Its bytes overlap other entries beyond what the table holds (never decoded).
    Overlap,
}

/// A self-contained attribute.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Attr {
    /// Integer of a type (i1 values are one raw byte).
    Integer {
        /// The type.
        ty: TypeId,
        /// The value, zero-extended.
        value: u64,
    },
    /// Float of a type, as its bit pattern.
    Float {
        /// The type.
        ty: TypeId,
        /// Bits.
        bits: u64,
    },
    /// Bool (one byte).
    Bool(u8),
    /// A type.
    Type(TypeId),
    /// A string.
    String(StrId),
    /// An array.
    Array(Vec<Attr>),
    /// Dense elements (type and constant).
    DenseElements {
        /// The type.
        ty: TypeId,
        /// The constant.
        constant: ConstId,
    },
    /// `div_by<divisor, every N along M>`.
    DivBy {
        /// Divisor.
        divisor: u64,
        /// Flags byte (bit0 every, bit1 along).
        flags: u8,
        /// every.
        every: i64,
        /// along.
        along: i64,
    },
    /// `same_elements<…>`.
    SameElements(Vec<i64>),
    /// A dictionary.
    Dictionary(Vec<(StrId, Attr)>),
    /// Optimization hints (a dictionary).
    Hints(Vec<(StrId, Attr)>),
    /// `bounded<lb, ub>`.
    Bounded {
        /// Flags byte (bit0 lb, bit1 ub).
        flags: u8,
        /// Lower bound.
        lb: i64,
        /// Upper bound.
        ub: i64,
    },
}

/// One decoded layout field of an op, in layout order.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Field {
    /// A varint (enum, integer, string/type/constant index, operand or result count).
    U(u64),
    /// A raw byte.
    Byte(u8),
    /// `i32[]`.
    I32s(Vec<i32>),
    /// `bool[]`.
    Bools(Vec<u8>),
    /// Self-contained attributes.
    Attrs(Vec<Attr>),
    /// One self-contained attribute.
    Attr(Attr),
    /// An untagged dictionary.
    Dict(Vec<(StrId, Attr)>),
}

/// A short list of type or value indices, inline up to four (most ops have at most four
/// operands and two results), so reading an op rarely allocates.
#[derive(Clone, Default)]
pub struct Ids {
    len: u32,
    inline: [u32; 4],
    heap: Vec<u32>,
}

impl Ids {
    /// An empty list.
    pub fn new() -> Self {
        Ids::default()
    }

    /// Appends an index.
    pub fn push(&mut self, v: u32) {
        if self.heap.is_empty() && (self.len as usize) < self.inline.len() {
            self.inline[self.len as usize] = v;
        } else {
            if self.heap.is_empty() {
                self.heap.extend_from_slice(&self.inline[..self.len as usize]);
            }
            self.heap.push(v);
        }
        self.len += 1;
    }

    /// Removes every index.
    pub fn clear(&mut self) {
        self.len = 0;
        self.heap.clear();
    }
}

impl std::ops::Deref for Ids {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        if self.heap.is_empty() {
            &self.inline[..self.len as usize]
        } else {
            &self.heap
        }
    }
}

impl std::ops::DerefMut for Ids {
    fn deref_mut(&mut self) -> &mut [u32] {
        if self.heap.is_empty() {
            &mut self.inline[..self.len as usize]
        } else {
            &mut self.heap
        }
    }
}

impl PartialEq for Ids {
    fn eq(&self, other: &Ids) -> bool {
        **self == **other
    }
}

impl Eq for Ids {}

impl std::fmt::Debug for Ids {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Extend<u32> for Ids {
    fn extend<I: IntoIterator<Item = u32>>(&mut self, iter: I) {
        for v in iter {
            self.push(v);
        }
    }
}

impl FromIterator<u32> for Ids {
    fn from_iter<I: IntoIterator<Item = u32>>(iter: I) -> Self {
        let mut ids = Ids::new();
        ids.extend(iter);
        ids
    }
}

impl From<Vec<u32>> for Ids {
    fn from(v: Vec<u32>) -> Self {
        v.into_iter().collect()
    }
}

impl<'a> IntoIterator for &'a Ids {
    type Item = &'a u32;
    type IntoIter = std::slice::Iter<'a, u32>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// An operation.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Op {
    /// The opcode.
    pub opcode: u16,
    /// Result types.
    pub results: Ids,
    /// The flags word, when the layout has one.
    pub flags: u64,
    /// Attributes and operand counts, in layout order.
    pub fields: Vec<Field>,
    /// Operand value numbers, in layout order.
    pub operands: Ids,
    /// Regions (in a tree of ops; empty in ops a [`crate::body::Walker`] hands out, whose regions
    /// follow them in the walk).
    pub regions: Vec<Region>,
    /// Where the op came from: its absolute offset in the bytecode, or in the text it was
    /// assembled from (0 for ops built in memory).
    pub offset: usize,
}

/// A region: blocks.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Region {
    /// Blocks.
    pub blocks: Vec<Block>,
}

/// A block: argument types and ops.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Block {
    /// Argument types.
    pub args: Vec<TypeId>,
    /// Ops.
    pub ops: Vec<Op>,
}

/// A function (kernel entry).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    /// Name.
    pub name: StrId,
    /// Function type.
    pub signature: TypeId,
    /// Flags byte (bit0 private, bit1 kernel, bit2 has hints).
    pub flags: u8,
    /// Debug location list index (1-based; 0 = none).
    pub loc: u64,
    /// Optimization hints.
    pub hints: Option<Attr>,
    /// Argument attributes (13.5).
    pub arg_attrs: Option<Attr>,
    /// The body's ops, encoded ([`Module::decode_body`] gives them as a tree).
    pub body: Body,
    /// Absolute offset of the function's entry.
    pub offset: usize,
}

/// A global.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Global {
    /// Name.
    pub name: StrId,
    /// Value type.
    pub ty: TypeId,
    /// Initial value.
    pub constant: ConstId,
    /// Alignment.
    pub alignment: u64,
    /// Visibility and is-constant (13.3+).
    pub visibility: Option<(u64, u64)>,
}

/// A debug attribute.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DebugAttr {
    /// DICompileUnit{file}.
    CompileUnit {
        /// File (biased debug index).
        file: u64,
    },
    /// DIFile{name, dir}.
    File {
        /// Name.
        name: StrId,
        /// Directory.
        dir: StrId,
    },
    /// DILexicalBlock.
    LexicalBlock {
        /// Scope.
        scope: u64,
        /// File.
        file: u64,
        /// Line.
        line: u64,
        /// Column.
        col: u64,
    },
    /// DILoc.
    Loc {
        /// Scope.
        scope: u64,
        /// File name.
        filename: StrId,
        /// Line.
        line: u64,
        /// Column.
        col: u64,
    },
    /// DISubprogram.
    Subprogram {
        /// File.
        file: u64,
        /// Line.
        line: u64,
        /// Name.
        name: StrId,
        /// Linkage name.
        linkage: StrId,
        /// Compile unit.
        unit: u64,
        /// Scope line.
        scope_line: u64,
        /// Flags (13.5).
        flags: Option<u64>,
    },
    /// CallSite{callee, caller}.
    CallSite {
        /// Callee location.
        callee: u64,
        /// Caller location.
        caller: u64,
    },
    /// Any other entry: it decodes as an unknown location (its bytes stay in the table).
    Unknown,
}

/// The debug section.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Debug {
    /// Per function: where its location list starts in `indices`.
    pub func_offsets: Vec<u32>,
    /// Location lists (biased attribute indices; 0 = unknown).
    pub indices: Vec<u64>,
    /// Debug attributes, encoded ([`Debug::attr`] decodes one).
    pub attrs: ByteTable,
}

impl Debug {
    /// Debug attribute `i` as a module of version `v` encodes it.
    pub fn attr(&self, i: usize, v: Version) -> Option<DebugAttr> {
        let bytes = self.attrs.get(i)?;
        let mut c = Cursor::new(bytes, 0, bytes.len());
        Some(crate::read::debug_attr(&mut c, v).filter(|_| c.at_end()).unwrap_or(DebugAttr::Unknown))
    }

    /// Appends a debug attribute encoded for version `v`; returns its index.
    pub fn push_attr(&mut self, a: &DebugAttr, v: Version) -> usize {
        self.attrs.push(&crate::write::encode_debug_attr(a, v));
        self.attrs.len() - 1
    }
}

/// A table whose entries are byte ranges of one buffer. The entries of an offset table may
/// overlap or repeat: they share the buffer's bytes instead of each holding a copy, and the
/// writer writes the buffer and the entries' offsets back as they were.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct ByteTable {
    data: Vec<u8>,
    spans: Vec<(u32, u32)>,
}

impl ByteTable {
    /// An empty table.
    pub const fn new() -> Self {
        ByteTable { data: Vec::new(), spans: Vec::new() }
    }

    /// Entries as byte ranges of `data` (within it, each start at most its end).
    pub(crate) fn from_parts(data: Vec<u8>, spans: Vec<(u32, u32)>) -> Self {
        debug_assert!(spans.iter().all(|&(s, e)| s <= e && e as usize <= data.len()));
        ByteTable { data, spans }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether there is no entry.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// Entry `i`.
    pub fn get(&self, i: usize) -> Option<&[u8]> {
        let &(s, e) = self.spans.get(i)?;
        self.data.get(s as usize..e as usize)
    }

    /// Every entry, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        self.spans.iter().map(|&(s, e)| self.data.get(s as usize..e as usize).unwrap_or(&[]))
    }

    /// Appends an entry (after every byte the table holds); returns its index.
    pub fn push(&mut self, bytes: &[u8]) -> u32 {
        let s = self.data.len();
        self.data.extend_from_slice(bytes);
        // Tables are at most 4 GiB (the reader refuses larger inputs).
        let to32 = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
        self.spans.push((to32(s), to32(self.data.len())));
        (self.spans.len() - 1) as u32
    }

    /// The buffer the entries lie in.
    pub(crate) fn data(&self) -> &[u8] {
        &self.data
    }

    /// Each entry's (start, end) in the buffer.
    pub(crate) fn spans(&self) -> &[(u32, u32)] {
        &self.spans
    }
}

impl fmt::Debug for ByteTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter().map(String::from_utf8_lossy)).finish()
    }
}

/// The constant table: each entry is a length varint then the constant's bytes, as the format
/// stores it; [`Constants::get`] gives the bytes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Constants(pub(crate) ByteTable);

impl Constants {
    /// The number of constants.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there is no constant.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Constant `i`'s bytes.
    pub fn get(&self, i: usize) -> Option<&[u8]> {
        Some(constant_payload(self.0.get(i)?))
    }

    /// Every constant's bytes, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        self.0.iter().map(constant_payload)
    }

    /// Appends a constant; returns its index.
    pub fn push(&mut self, bytes: &[u8]) -> ConstId {
        let mut entry = Vec::with_capacity(bytes.len() + 5);
        put_varint(&mut entry, bytes.len() as u64);
        entry.extend_from_slice(bytes);
        self.0.push(&entry)
    }
}

/// An entry's bytes after its length varint (the reader checked that the two agree).
fn constant_payload(entry: &[u8]) -> &[u8] {
    let mut c = Cursor::new(entry, 0, entry.len());
    match c.varint("constant length") {
        Ok(_) => &entry[c.pos..],
        Err(_) => &[],
    }
}

/// The type table as read, kept so that an unchanged table is written back byte for byte and
/// so that a bad entry can say what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawTypes {
    /// The entries' bytes.
    pub table: ByteTable,
    /// The version they were read as.
    pub version: Version,
    /// Absolute offset of the table's data in the input.
    pub base: usize,
}

/// Where a section sat in the file, so a rewrite reproduces it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SectionLayout {
    /// Section id.
    pub id: u8,
    /// Alignment, when the alignment flag was set.
    pub align: Option<u64>,
    /// The padding bytes after the header.
    pub padding: Vec<u8>,
    /// Padding inside the payload (offset-table sections), written back verbatim.
    pub inner_padding: Vec<Vec<u8>>,
    /// Where the section header was read (0 for modules built in memory).
    pub offset: usize,
    /// Where the payload started and its length, as read.
    pub payload: (usize, usize),
}

/// A section of the file, in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Section {
    /// A section whose content the module holds.
    Live(SectionLayout),
    /// Sections in a row that a later copy of each replaced, kept as read and written back
    /// verbatim (one entry for any number of them: a file can repeat a section millions of
    /// times).
    Replaced(Replaced),
}

impl Section {
    /// The section a module holds (`None` for replaced ones).
    pub fn live(&self) -> Option<&SectionLayout> {
        match self {
            Section::Live(l) => Some(l),
            Section::Replaced(_) => None,
        }
    }
}

/// Consecutive sections of a file, as read (headers, padding, payloads).
#[derive(Clone, PartialEq, Eq)]
pub struct Replaced {
    bytes: Vec<u8>,
    /// Where they started in the file (their padding depends on it).
    offset: usize,
}

impl Replaced {
    pub(crate) fn new(bytes: Vec<u8>, offset: usize) -> Replaced {
        Replaced { bytes, offset }
    }

    /// Each section (its layout and payload bytes).
    pub fn sections(&self) -> impl Iterator<Item = (SectionLayout, &[u8])> + '_ {
        let mut c = Cursor::new(&self.bytes, 0, self.bytes.len());
        std::iter::from_fn(move || {
            // These were read once: they do not fail to split (if they did, the rest is dropped).
            let at = c.pos;
            let b = c.u8("section header").ok()?;
            let len = usize::try_from(c.varint("section header").ok()?).ok()?;
            let align = if b & 0x80 != 0 { Some(c.varint("section header").ok()?) } else { None };
            let pad = match align {
                Some(a) => {
                    let a = usize::try_from(a).ok().filter(|a| a.is_power_of_two())?;
                    let abs = self.offset + c.pos;
                    c.bytes((a - abs % a) % a, "section padding").ok()?
                }
                None => &[],
            };
            let start = c.pos;
            let payload = c.bytes(len, "section").ok()?;
            let layout = SectionLayout {
                id: b & 0x7F,
                align,
                padding: pad.to_vec(),
                inner_padding: Vec::new(),
                offset: self.offset + at,
                payload: (self.offset + start, len),
            };
            Some((layout, payload))
        })
    }

    /// The same sections but those of an id, laid out again where these started.
    pub(crate) fn without(&self, id: u8) -> Replaced {
        let mut out = Replaced { bytes: Vec::new(), offset: self.offset };
        for (l, payload) in self.sections().filter(|(l, _)| l.id != id) {
            let b = &mut out.bytes;
            b.push(l.id | if l.align.is_some() { 0x80 } else { 0 });
            put_varint(b, payload.len() as u64);
            if let Some(a) = l.align {
                put_varint(b, a);
                let a = a as usize;
                let n = (a - (out.offset + b.len()) % a) % a;
                b.resize(b.len() + n, crate::write::PAD);
            }
            b.extend_from_slice(payload);
        }
        out
    }
}

impl fmt::Debug for Replaced {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Replaced({} bytes at {:#x})", self.bytes.len(), self.offset)
    }
}

/// A Tile IR module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Module {
    /// Bytecode version.
    pub version: Version,
    /// Header tag (bit 0 = public preview).
    pub tag: u16,
    /// String table.
    pub strings: ByteTable,
    /// Type table.
    pub types: Vec<TypeEntry>,
    /// Constant table.
    pub constants: Constants,
    /// Globals.
    pub globals: Vec<Global>,
    /// Functions.
    pub functions: Vec<Function>,
    /// Bytes after the last function in the function section.
    pub func_trailer: Vec<u8>,
    /// Debug section.
    pub debug: Option<Debug>,
    /// Producer string.
    pub producer: Option<StrId>,
    /// Section order and alignment.
    pub sections: Vec<Section>,
    pub(crate) raw_types: Option<RawTypes>,
    lookup: Lookup,
}

/// Content lookups for interning, built when first needed (equal for every module: they only
/// cache what the tables hold).
#[derive(Clone, Default)]
struct Lookup {
    types: ContentIndex,
    strings: ContentIndex,
    constants: ContentIndex,
}

impl PartialEq for Lookup {
    fn eq(&self, _: &Lookup) -> bool {
        true
    }
}

impl Eq for Lookup {}

impl fmt::Debug for Lookup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Lookup")
    }
}

impl Module {
    /// An empty module of a version, with the section order cuTile writes.
    pub fn new(version: Version) -> Self {
        let sec = |id, align: Option<u64>| {
            Section::Live(SectionLayout {
                id,
                align,
                padding: Vec::new(),
                inner_padding: Vec::new(),
                offset: 0,
                payload: (0, 0),
            })
        };
        Module {
            version,
            tag: 0,
            strings: ByteTable::new(),
            types: Vec::new(),
            constants: Constants::default(),
            globals: Vec::new(),
            functions: Vec::new(),
            func_trailer: Vec::new(),
            debug: None,
            producer: None,
            sections: vec![
                sec(crate::tables::section::FUNC, Some(8)),
                sec(crate::tables::section::CONSTANT, Some(8)),
                sec(crate::tables::section::TYPE, Some(4)),
                sec(crate::tables::section::STRING, Some(4)),
            ],
            raw_types: None,
            lookup: Lookup::default(),
        }
    }

    /// The type at an index, if it exists and is well-formed.
    pub fn ty(&self, id: TypeId) -> Option<&Type> {
        match self.types.get(id as usize) {
            Some(TypeEntry::Ok(t)) => Some(t),
            _ => None,
        }
    }

    /// What is wrong with the type at an index (`None` when it is well-formed), located in the
    /// input it was read from.
    pub fn type_error(&self, id: TypeId) -> Option<Error> {
        let i = id as usize;
        let why = match self.types.get(i) {
            Some(TypeEntry::Ok(_)) => return None,
            Some(TypeEntry::Bad(why)) => *why,
            None => return Some(Error::msg(format!("type index {i} out of bounds (size={})", self.types.len()))),
        };
        let raw = self.raw_types.as_ref().filter(|r| i < r.table.len());
        let Some(raw) = raw else { return Some(Error::msg(format!("type at index {i} is malformed"))) };
        let (s, e) = raw.table.spans()[i];
        let at = raw.base + s as usize;
        Some(match why {
            BadType::Malformed => {
                let mut c = Cursor::new(raw.table.data(), s as usize, e as usize);
                let err = match crate::read::parse_type(&mut c, raw.version) {
                    Err(err) => err,
                    Ok(_) => Error::at(c.pos, "trailing bytes in type entry"),
                };
                Error::at(err.offset().unwrap_or(0) + raw.base, err.message())
            }
            BadType::Reference => {
                Error::at(at, format!("type at index {i} refers to a missing, malformed or recursive type"))
            }
            BadType::Overlap => Error::at(at, format!("type at index {i} overlaps other entries beyond the table")),
        })
    }

    /// The string at an index (lossy UTF-8 is the caller's business).
    pub fn string(&self, id: StrId) -> &[u8] {
        self.strings.get(id as usize).unwrap_or(&[])
    }

    /// The constant at an index.
    pub fn constant(&self, id: ConstId) -> Option<&[u8]> {
        self.constants.get(id as usize)
    }

    /// The handle of a type, adding it if new: equal types get the same handle.
    pub fn intern_type(&mut self, ty: Type) -> TypeId {
        fn get(types: &[TypeEntry], i: usize) -> Option<&Type> {
            match types.get(i) {
                Some(TypeEntry::Ok(t)) => Some(t),
                _ => None,
            }
        }
        let (types, idx) = (&mut self.types, &mut self.lookup.types);
        idx.sync(types.len(), |i| get(types, i));
        if let Some(i) = idx.find(&ty, |i| get(types, i)) {
            return i;
        }
        types.push(TypeEntry::Ok(ty));
        idx.sync(types.len(), |i| get(types, i));
        (types.len() - 1) as TypeId
    }

    /// The index of a string, adding it if new.
    pub fn intern_string(&mut self, s: &[u8]) -> StrId {
        let (t, idx) = (&mut self.strings, &mut self.lookup.strings);
        idx.sync(t.len(), |i| t.get(i));
        if let Some(i) = idx.find(s, |i| t.get(i)) {
            return i;
        }
        let id = t.push(s);
        idx.sync(t.len(), |i| t.get(i));
        id
    }

    /// The index of a constant with these bytes, adding it if new.
    pub fn intern_constant(&mut self, bytes: &[u8]) -> ConstId {
        let (t, idx) = (&mut self.constants, &mut self.lookup.constants);
        idx.sync(t.len(), |i| t.get(i));
        if let Some(i) = idx.find(bytes, |i| t.get(i)) {
            return i;
        }
        let id = t.push(bytes);
        idx.sync(t.len(), |i| t.get(i));
        id
    }
}
