//! The in-memory module: tables as arenas indexed by handles, functions holding op trees.
//!
//! Values are numbered as the format numbers them: a function's arguments are 0..n-1, each op's
//! results take the next numbers after its regions, a block's arguments are appended on entry and
//! every value defined in a block is dropped when it ends.

use crate::tables::Version;
use rustc_hash::FxHashMap;

/// Index into the string table.
pub type StrId = u32;
/// Index into the type table.
pub type TypeId = u32;
/// Index into the constant table.
pub type ConstId = u32;
/// A value number (function scope, as the format numbers values).
pub type ValueId = u32;

/// A type.
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
        shape: Vec<i64>,
    },
    /// `tensor_view<shape x element, strides=…>`.
    TensorView {
        /// Optional-field flags (13.4+).
        flags: u64,
        /// Element type.
        element: TypeId,
        /// Shape (`i64::MIN` = dynamic).
        shape: Vec<i64>,
        /// Strides (`i64::MIN` = dynamic).
        strides: Vec<i64>,
        /// Pointer attribute enum, when flag bit 0 is set.
        attr: Option<u64>,
    },
    /// `partition_view<tile=(…), tensor_view, dim_map=…, padding_value=…>`.
    PartitionView {
        /// Flags (13.3+) or the presence byte (before).
        flags: u64,
        /// Tile shape.
        tile_shape: Vec<i32>,
        /// The tensor view.
        tensor_view: TypeId,
        /// Dimension map.
        dim_map: Vec<i32>,
        /// Padding value enum.
        padding: Option<u64>,
    },
    /// A function type.
    Function {
        /// Inputs.
        inputs: Vec<TypeId>,
        /// Results.
        results: Vec<TypeId>,
    },
    /// `gather_scatter_view<…>` (13.3).
    GatherScatterView {
        /// Flags.
        flags: u64,
        /// Tile shape.
        tile_shape: Vec<i32>,
        /// The tensor view.
        tensor_view: TypeId,
        /// The sparse dimension.
        sparse_dim: u64,
        /// Padding value enum.
        padding: Option<u64>,
    },
    /// `strided_view<…>` (13.3).
    StridedView {
        /// Flags.
        flags: u64,
        /// Tile shape.
        tile_shape: Vec<i32>,
        /// Traversal strides.
        traversal_strides: Vec<i32>,
        /// The tensor view.
        tensor_view: TypeId,
        /// Dimension map.
        dim_map: Vec<i32>,
        /// Padding value enum.
        padding: Option<u64>,
    },
}

/// A type table entry: parsed, or kept as bytes with why it could not be parsed (the format
/// parses types lazily: a bad entry nobody references is no error).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TypeEntry {
    /// A well-formed type.
    Ok(Type),
    /// The raw bytes of an entry that does not decode, and the reason.
    Bad {
        /// The entry's bytes.
        bytes: Vec<u8>,
        /// Why it does not decode (with its absolute offset).
        error: crate::Error,
    },
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
#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// Regions.
    pub regions: Vec<Region>,
    /// Absolute offset the op was read from (0 for ops built in memory).
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
    /// The body's ops.
    pub body: Vec<Op>,
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
    /// Any other entry (decodes as an unknown location), kept byte for byte.
    Raw(Vec<u8>),
}

/// The debug section.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Debug {
    /// Per function: where its location list starts in `indices`.
    pub func_offsets: Vec<u32>,
    /// Location lists (biased attribute indices; 0 = unknown).
    pub indices: Vec<u64>,
    /// Debug attributes.
    pub attrs: Vec<DebugAttr>,
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
    /// A section later replaced by a duplicate: its payload, written back verbatim.
    pub shadowed: Option<Vec<u8>>,
    /// Padding inside the payload (offset-table sections), written back verbatim.
    pub inner_padding: Vec<Vec<u8>>,
    /// Where the section header was read (0 for modules built in memory).
    pub offset: usize,
    /// Where the payload started and its length, as read.
    pub payload: (usize, usize),
}

/// A Tile IR module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Module {
    /// Bytecode version.
    pub version: Version,
    /// Header tag (bit 0 = public preview).
    pub tag: u16,
    /// String table.
    pub strings: Vec<Vec<u8>>,
    /// Type table.
    pub types: Vec<TypeEntry>,
    /// Constant table.
    pub constants: Vec<Vec<u8>>,
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
    pub sections: Vec<SectionLayout>,
    type_index: FxHashMap<Type, TypeId>,
    indexed: usize,
}

impl Module {
    /// An empty module of a version, with the section order cuTile writes.
    pub fn new(version: Version) -> Self {
        let sec = |id, align: Option<u64>| SectionLayout {
            id,
            align,
            padding: Vec::new(),
            shadowed: None,
            inner_padding: Vec::new(),
            offset: 0,
            payload: (0, 0),
        };
        Module {
            version,
            tag: 0,
            strings: Vec::new(),
            types: Vec::new(),
            constants: Vec::new(),
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
            type_index: FxHashMap::default(),
            indexed: 0,
        }
    }

    /// The type at an index, if it exists and is well-formed.
    pub fn ty(&self, id: TypeId) -> Option<&Type> {
        match self.types.get(id as usize) {
            Some(TypeEntry::Ok(t)) => Some(t),
            _ => None,
        }
    }

    /// The string at an index (lossy UTF-8 is the caller's business).
    pub fn string(&self, id: StrId) -> &[u8] {
        self.strings.get(id as usize).map_or(&[], |s| s.as_slice())
    }

    /// The handle of a type, adding it if new: equal types get the same handle.
    pub fn intern_type(&mut self, ty: Type) -> TypeId {
        self.index_types();
        if let Some(&id) = self.type_index.get(&ty) {
            return id;
        }
        let id = self.types.len() as TypeId;
        self.types.push(TypeEntry::Ok(ty.clone()));
        self.type_index.insert(ty, id);
        self.indexed = self.types.len();
        id
    }

    /// The index of a string, adding it if new.
    pub fn intern_string(&mut self, s: &[u8]) -> StrId {
        if let Some(i) = self.strings.iter().position(|x| x == s) {
            return i as StrId;
        }
        self.strings.push(s.to_vec());
        (self.strings.len() - 1) as StrId
    }

    fn index_types(&mut self) {
        if self.indexed > self.types.len() {
            self.type_index.clear();
            self.indexed = 0;
        }
        for i in self.indexed..self.types.len() {
            if let TypeEntry::Ok(t) = &self.types[i] {
                self.type_index.entry(t.clone()).or_insert(i as TypeId);
            }
        }
        self.indexed = self.types.len();
    }

    /// Every op of every function, pre-order.
    pub fn for_each_op(&self, mut f: impl FnMut(&Op)) {
        fn walk(ops: &[Op], f: &mut impl FnMut(&Op)) {
            for op in ops {
                f(op);
                for r in &op.regions {
                    for b in &r.blocks {
                        walk(&b.ops, f);
                    }
                }
            }
        }
        for func in &self.functions {
            walk(&func.body, &mut f);
        }
    }
}
