//! Types, hash-consed: `i32` is one handle however often it is written. Identified (named)
//! structs are the exception, as in LLVM: each is its own type, with a body set once.
//!
//! The pointer dialect is data: a pointer with a pointee is the LLVM 7 typed-pointer form
//! (`i32 addrspace(1)*`), one without is the opaque form (`ptr addrspace(1)`).

use super::arena::{Handle, UniqueArena};
use rustc_hash::FxHashMap;
use std::hash::{Hash, Hasher};

/// A type.
pub type TypeId = Handle<TypeData>;

/// The floating-point kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum FloatKind {
    /// `half`
    Half,
    /// `bfloat` (LLVM 11+)
    BFloat,
    /// `float`
    Float,
    /// `double`
    Double,
    /// `x86_fp80`
    X86Fp80,
    /// `fp128`
    Fp128,
    /// `ppc_fp128`
    PpcFp128,
}

impl FloatKind {
    /// The keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::Half => "half",
            FloatKind::BFloat => "bfloat",
            FloatKind::Float => "float",
            FloatKind::Double => "double",
            FloatKind::X86Fp80 => "x86_fp80",
            FloatKind::Fp128 => "fp128",
            FloatKind::PpcFp128 => "ppc_fp128",
        }
    }
    /// Storage width in bits.
    pub fn bits(self) -> u32 {
        match self {
            FloatKind::Half | FloatKind::BFloat => 16,
            FloatKind::Float => 32,
            FloatKind::Double => 64,
            FloatKind::X86Fp80 => 80,
            FloatKind::Fp128 | FloatKind::PpcFp128 => 128,
        }
    }
}

/// An identified struct type (`%struct.S = type { … }`).
pub type NamedStructId = Handle<NamedStruct>;

/// A target extension type: `target("name", types…, ints…)`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TargetExtType {
    /// The name.
    pub name: Box<str>,
    /// Type parameters.
    pub types: Box<[TypeId]>,
    /// Integer parameters.
    pub ints: Box<[u32]>,
}

/// The body of a struct.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StructBody {
    /// Field types.
    pub fields: Box<[TypeId]>,
    /// `<{ … }>`.
    pub packed: bool,
}

/// An identified struct: a name and, unless opaque, a body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedStruct {
    /// The name without `%` (digits for numbered ones like `%0`).
    pub name: Box<str>,
    /// `None` for `opaque` (or not yet defined while parsing).
    pub body: Option<StructBody>,
}

/// A type's structure.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TypeData {
    /// `void`
    Void,
    /// `label`
    Label,
    /// `metadata`
    Metadata,
    /// `token`
    Token,
    /// `x86_mmx`
    X86Mmx,
    /// `x86_amx`
    X86Amx,
    /// A floating-point type.
    Float(FloatKind),
    /// `iN`
    Int(u32),
    /// A pointer: `pointee: Some` is the typed form, `None` the opaque `ptr`.
    Pointer {
        /// Address space.
        addr_space: u32,
        /// Pointee type in the typed-pointer dialect.
        pointee: Option<TypeId>,
    },
    /// A function type.
    Function {
        /// Return type.
        ret: TypeId,
        /// Parameter types.
        params: Box<[TypeId]>,
        /// `...`
        vararg: bool,
    },
    /// A literal struct `{ … }` / `<{ … }>`.
    Struct(StructBody),
    /// An identified struct.
    Named(NamedStructId),
    /// `[N x T]`
    Array {
        /// Element count.
        len: u64,
        /// Element type.
        elem: TypeId,
    },
    /// `<N x T>` / `<vscale x N x T>`
    Vector {
        /// Element count (minimum, when scalable).
        len: u32,
        /// Element type.
        elem: TypeId,
        /// `vscale x`.
        scalable: bool,
    },
    /// `target("name", types…, ints…)`, boxed: inline, its three slices would make every
    /// type 56 bytes instead of 32.
    TargetExt(Box<TargetExtType>),
}

/// Hashed by hand so that a function type can be looked up from borrowed parts
/// (`FnTypeKey`) without building one first.
impl Hash for TypeData {
    fn hash<H: Hasher>(&self, h: &mut H) {
        if let TypeData::Function { ret, params, vararg } = self {
            return hash_function_type(*ret, params, *vararg, h);
        }
        std::mem::discriminant(self).hash(h);
        match self {
            TypeData::Void
            | TypeData::Label
            | TypeData::Metadata
            | TypeData::Token
            | TypeData::X86Mmx
            | TypeData::X86Amx
            | TypeData::Function { .. } => {}
            TypeData::Float(k) => k.hash(h),
            TypeData::Int(n) => n.hash(h),
            TypeData::Pointer { addr_space, pointee } => {
                addr_space.hash(h);
                pointee.hash(h);
            }
            TypeData::Struct(b) => b.hash(h),
            TypeData::Named(n) => n.hash(h),
            TypeData::Array { len, elem } => {
                len.hash(h);
                elem.hash(h);
            }
            TypeData::Vector { len, elem, scalable } => {
                len.hash(h);
                elem.hash(h);
                scalable.hash(h);
            }
            TypeData::TargetExt(t) => t.hash(h),
        }
    }
}

fn hash_function_type<H: Hasher>(ret: TypeId, params: &[TypeId], vararg: bool, h: &mut H) {
    h.write_u8(0xF7);
    ret.hash(h);
    params.hash(h);
    vararg.hash(h);
}

/// A function type's parts, to look it up without building its [`TypeData`].
struct FnTypeKey<'a> {
    ret: TypeId,
    params: &'a [TypeId],
    vararg: bool,
}

impl Hash for FnTypeKey<'_> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        hash_function_type(self.ret, self.params, self.vararg, h);
    }
}

impl indexmap::Equivalent<TypeData> for FnTypeKey<'_> {
    fn equivalent(&self, t: &TypeData) -> bool {
        matches!(t, TypeData::Function { ret, params, vararg }
            if *ret == self.ret && **params == *self.params && *vararg == self.vararg)
    }
}

/// Which pointer dialect a module uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dialect {
    /// No pointer type seen yet.
    Undetermined,
    /// LLVM 7 typed pointers (`i32*`).
    TypedPointers,
    /// Opaque pointers (`ptr`).
    OpaquePointers,
}

/// The module's types.
#[derive(Debug, Clone, Default)]
pub struct Types {
    unique: UniqueArena<TypeData>,
    named: Vec<NamedStruct>,
    /// Each identified struct with the handle of its type.
    by_name: FxHashMap<Box<str>, (NamedStructId, TypeId)>,
    typed_ptrs: usize,
    opaque_ptrs: usize,
    /// Where the text first wrote a pointer type (its dialect's first evidence), when known.
    first_pointer_at: Option<u32>,
    /// Whether that first pointer type is the type of a metadata operand (`!{ptr @f}`,
    /// `metadata ptr %p`), where LLVM 7's reader, which has no `ptr`, names what it expected
    /// differently.
    first_pointer_in_metadata: bool,
    /// How deeply each type nests (1 for a type with no component; identified structs count as
    /// 1, as they print by name): readers refuse types deeper than [`MAX_TYPE_DEPTH`], so every
    /// walk over a type, printing included, recurses a bounded number of times.
    depth: Vec<u16>,
}

/// The deepest type a reader accepts (`i32` with 256 `*` is as deep as allowed). Real modules
/// stay far below; the bound keeps recursive walks over types within the stack.
pub const MAX_TYPE_DEPTH: u32 = 256;

/// Equal when every handle names an equal type (the lookup tables follow from that).
impl PartialEq for Types {
    fn eq(&self, other: &Self) -> bool {
        self.unique == other.unique && self.named == other.named
    }
}
impl Eq for Types {}

impl Types {
    /// Makes room for `n` more types (a reader that knows how many are coming).
    pub fn reserve(&mut self, n: usize) {
        self.unique.reserve(n);
        self.depth.reserve(n);
    }

    /// Shares the types present with every copy made from now on (see [`UniqueArena::share`]).
    pub(crate) fn share(&mut self) {
        self.unique.share();
    }

    /// The handle of a type, interning it.
    pub fn intern(&mut self, t: TypeData) -> TypeId {
        let typed = match &t {
            TypeData::Pointer { pointee, .. } => Some(pointee.is_some()),
            _ => None,
        };
        let depth = match &t {
            TypeData::Pointer { pointee: Some(p), .. } => self.depth(*p),
            TypeData::Function { ret, params, .. } => {
                params.iter().map(|&p| self.depth(p)).max().unwrap_or(0).max(self.depth(*ret))
            }
            TypeData::Struct(body) => body.fields.iter().map(|&f| self.depth(f)).max().unwrap_or(0),
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => self.depth(*elem),
            TypeData::TargetExt(t) => t.types.iter().map(|&f| self.depth(f)).max().unwrap_or(0),
            _ => 0,
        } + 1;
        let (id, new) = self.unique.insert_full(t);
        if new {
            self.depth.push(u16::try_from(depth).unwrap_or(u16::MAX));
        }
        match typed {
            Some(true) if new => self.typed_ptrs += 1,
            Some(false) if new => self.opaque_ptrs += 1,
            _ => {}
        }
        id
    }

    /// How deeply a type nests (see [`MAX_TYPE_DEPTH`]).
    pub fn depth(&self, t: TypeId) -> u32 {
        self.depth.get(t.index()).map_or(1, |&d| u32::from(d))
    }

    /// Whether a type nests deeper than readers accept.
    pub fn too_deep(&self, t: TypeId) -> bool {
        self.depth(t) > MAX_TYPE_DEPTH
    }

    /// The handle of a type the module holds, without adding it.
    pub fn find(&self, t: &TypeData) -> Option<TypeId> {
        self.unique.find(t)
    }

    /// The structure of a type.
    #[inline]
    pub fn get(&self, t: TypeId) -> &TypeData {
        &self.unique[t]
    }

    /// `iN`.
    pub fn int(&mut self, bits: u32) -> TypeId {
        self.intern(TypeData::Int(bits))
    }
    /// `void`.
    pub fn void(&mut self) -> TypeId {
        self.intern(TypeData::Void)
    }
    /// A floating-point type.
    pub fn float(&mut self, k: FloatKind) -> TypeId {
        self.intern(TypeData::Float(k))
    }
    /// `ptr addrspace(N)`.
    pub fn opaque_ptr(&mut self, addr_space: u32) -> TypeId {
        self.intern(TypeData::Pointer { addr_space, pointee: None })
    }
    /// `T addrspace(N)*`.
    pub fn typed_ptr(&mut self, pointee: TypeId, addr_space: u32) -> TypeId {
        self.intern(TypeData::Pointer { addr_space, pointee: Some(pointee) })
    }
    /// A function type.
    pub fn function(&mut self, ret: TypeId, params: Vec<TypeId>, vararg: bool) -> TypeId {
        self.intern(TypeData::Function { ret, params: params.into(), vararg })
    }
    /// A function type from borrowed parameter types: nothing is allocated when it exists.
    pub fn function_of(&mut self, ret: TypeId, params: &[TypeId], vararg: bool) -> TypeId {
        match self.unique.find_by(&FnTypeKey { ret, params, vararg }) {
            Some(t) => t,
            None => self.intern(TypeData::Function { ret, params: params.into(), vararg }),
        }
    }

    /// The identified struct called `name`, created opaque if new.
    pub fn named_struct(&mut self, name: &str) -> (NamedStructId, TypeId) {
        if let Some(&found) = self.by_name.get(name) {
            return found;
        }
        let id = NamedStructId::from_index(self.named.len());
        self.named.push(NamedStruct { name: name.into(), body: None });
        let ty = self.intern(TypeData::Named(id));
        self.by_name.insert(name.into(), (id, ty));
        (id, ty)
    }
    /// The identified struct of this name, if one has been made.
    pub fn find_named(&self, name: &str) -> Option<(NamedStructId, TypeId)> {
        self.by_name.get(name).copied()
    }
    /// An identified struct.
    pub fn named(&self, id: NamedStructId) -> &NamedStruct {
        &self.named[id.index()]
    }
    /// Sets an identified struct's body.
    pub fn set_body(&mut self, id: NamedStructId, body: Option<StructBody>) {
        self.named[id.index()].body = body;
    }
    /// Renames an identified struct (a reader that learns names late, as bitcode's numbered
    /// structs are named by their printing order).
    pub fn rename_named(&mut self, id: NamedStructId, name: &str) {
        let ty = self.by_name.remove(&self.named[id.index()].name).map(|(_, t)| t);
        self.named[id.index()].name = name.into();
        if let Some(ty) = ty {
            self.by_name.insert(name.into(), (id, ty));
        }
    }

    /// Puts the identified structs in `order` (a permutation of their ids), which is the order
    /// they print in. Every [`TypeId`] keeps naming the same type; only which
    /// [`NamedStructId`] names which struct changes.
    ///
    /// # Panics
    /// If `order` is not a permutation of the identified structs.
    pub fn reorder_named(&mut self, order: &[NamedStructId]) {
        assert_eq!(order.len(), self.named.len(), "a permutation of the identified structs");
        let mut new_of = vec![usize::MAX; order.len()];
        for (new, old) in order.iter().enumerate() {
            new_of[old.index()] = new;
        }
        assert!(new_of.iter().all(|&n| n != usize::MAX), "a permutation of the identified structs");
        let mut named: Vec<Option<NamedStruct>> = std::mem::take(&mut self.named).into_iter().map(Some).collect();
        self.named = order.iter().map(|o| named[o.index()].take().expect("a permutation")).collect();
        // Each identified struct's type is renumbered where it stands: first past every id (so
        // that no value met on the way equals another entry), then to its place. Building the
        // table again held it twice, at the end of a bitcode read (4 MB for a 17 MB module).
        let n = order.len();
        let structs: Vec<(TypeId, usize)> = (self.unique.iter())
            .filter_map(|(h, t)| match t {
                TypeData::Named(id) => Some((h, new_of[id.index()])),
                _ => None,
            })
            .collect();
        for &(h, new) in &structs {
            let moved = self.unique.replace(h, TypeData::Named(NamedStructId::from_index(n + new)));
            assert!(moved, "a permutation of the identified structs");
        }
        for &(h, new) in &structs {
            let moved = self.unique.replace(h, TypeData::Named(NamedStructId::from_index(new)));
            assert!(moved, "a permutation of the identified structs");
        }
        for v in self.by_name.values_mut() {
            v.0 = NamedStructId::from_index(new_of[v.0.index()]);
        }
    }

    /// Identified structs, in creation order.
    pub fn named_structs(&self) -> impl ExactSizeIterator<Item = (NamedStructId, &NamedStruct)> {
        self.named.iter().enumerate().map(|(i, s)| (NamedStructId::from_index(i), s))
    }

    /// Every type with its handle, in creation order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (TypeId, &TypeData)> {
        self.unique.iter()
    }
    /// The number of distinct types (identified structs count once each).
    pub fn len(&self) -> usize {
        self.unique.len()
    }
    /// Whether no type has been interned.
    pub fn is_empty(&self) -> bool {
        self.unique.is_empty()
    }

    /// The source offset of the first pointer type written, when the module was read from text.
    pub fn first_pointer_at(&self) -> Option<u32> {
        self.first_pointer_at
    }
    /// Whether the first pointer type written is a metadata operand's type.
    pub fn first_pointer_in_metadata(&self) -> bool {
        self.first_pointer_in_metadata
    }
    /// Records where the first pointer type is written, and whether as a metadata operand's type.
    pub fn set_first_pointer_at(&mut self, at: Option<u32>, in_metadata: bool) {
        self.first_pointer_at = at;
        self.first_pointer_in_metadata = at.is_some() && in_metadata;
    }

    /// The pointer dialect the interned pointer types are in (`None` if both are present).
    pub fn dialect(&self) -> Option<Dialect> {
        match (self.typed_ptrs > 0, self.opaque_ptrs > 0) {
            (false, false) => Some(Dialect::Undetermined),
            (true, false) => Some(Dialect::TypedPointers),
            (false, true) => Some(Dialect::OpaquePointers),
            (true, true) => None,
        }
    }

    /// Whether a type is `iN`, and N.
    pub fn int_width(&self, t: TypeId) -> Option<u32> {
        match self.get(t) {
            TypeData::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// Whether values of this type are first-class (can be an instruction result).
    pub fn is_first_class(&self, t: TypeId) -> bool {
        !matches!(self.get(t), TypeData::Void | TypeData::Function { .. } | TypeData::Label)
            && !matches!(self.get(t), TypeData::Named(id) if self.named(*id).body.is_none())
    }

    /// Writes the type in LLVM syntax (typed pointers as `T*`).
    pub fn write(&self, t: TypeId, out: &mut String) {
        self.write_in(t, out, false);
    }

    /// Writes the type; with `opaque`, typed pointers are written as `ptr` (the modern syntax).
    pub fn write_in(&self, t: TypeId, out: &mut String, opaque: bool) {
        use std::fmt::Write;
        match self.get(t) {
            TypeData::Void => out.push_str("void"),
            TypeData::Label => out.push_str("label"),
            TypeData::Metadata => out.push_str("metadata"),
            TypeData::Token => out.push_str("token"),
            TypeData::X86Mmx => out.push_str("x86_mmx"),
            TypeData::X86Amx => out.push_str("x86_amx"),
            TypeData::Float(k) => out.push_str(k.keyword()),
            TypeData::Int(n) => {
                let _ = write!(out, "i{n}");
            }
            TypeData::Pointer { addr_space, pointee: Some(p) } if !opaque => {
                self.write_in(*p, out, opaque);
                if *addr_space != 0 {
                    let _ = write!(out, " addrspace({addr_space})");
                }
                out.push('*');
            }
            TypeData::Pointer { addr_space, .. } => {
                out.push_str("ptr");
                if *addr_space != 0 {
                    let _ = write!(out, " addrspace({addr_space})");
                }
            }
            TypeData::Function { ret, params, vararg } => {
                self.write_in(*ret, out, opaque);
                out.push_str(" (");
                for (i, p) in params.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_in(*p, out, opaque);
                }
                if *vararg {
                    out.push_str(if params.is_empty() { "..." } else { ", ..." });
                }
                out.push(')');
            }
            TypeData::Struct(body) => self.write_body_in(body, out, opaque),
            TypeData::Named(id) => {
                out.push('%');
                super::write_ident(&self.named(*id).name, out);
            }
            TypeData::Array { len, elem } => {
                let _ = write!(out, "[{len} x ");
                self.write_in(*elem, out, opaque);
                out.push(']');
            }
            TypeData::Vector { len, elem, scalable } => {
                out.push('<');
                if *scalable {
                    out.push_str("vscale x ");
                }
                let _ = write!(out, "{len} x ");
                self.write_in(*elem, out, opaque);
                out.push('>');
            }
            TypeData::TargetExt(t) => {
                let TargetExtType { name, types, ints } = &**t;
                out.push_str("target(");
                super::write_quoted(name.as_bytes(), out);
                for ty in types.iter() {
                    out.push_str(", ");
                    self.write_in(*ty, out, opaque);
                }
                for i in ints.iter() {
                    let _ = write!(out, ", {i}");
                }
                out.push(')');
            }
        }
    }

    /// Writes a struct body: `{ i32, i8 }`, `<{ i8 }>`, `{}`.
    pub fn write_body(&self, body: &StructBody, out: &mut String) {
        self.write_body_in(body, out, false);
    }

    /// [`Types::write_body`], with `opaque` as in [`Types::write_in`].
    pub fn write_body_in(&self, body: &StructBody, out: &mut String, opaque: bool) {
        if body.packed {
            out.push('<');
        }
        if body.fields.is_empty() {
            out.push_str("{}");
        } else {
            out.push_str("{ ");
            for (i, f) in body.fields.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                self.write_in(*f, out, opaque);
            }
            out.push_str(" }");
        }
        if body.packed {
            out.push('>');
        }
    }

    /// The type as a string.
    pub fn to_string(&self, t: TypeId) -> String {
        let mut s = String::new();
        self.write(t, &mut s);
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_types_share_a_handle_and_print() {
        let mut t = Types::default();
        let i32a = t.int(32);
        let f = t.float(FloatKind::Float);
        let p1 = t.typed_ptr(f, 1);
        assert_eq!(t.int(32), i32a);
        assert_eq!(t.typed_ptr(f, 1), p1);
        assert_eq!(t.to_string(p1), "float addrspace(1)*");
        let v = t.void();
        let fty = t.function(v, vec![f, p1, i32a], true);
        assert_eq!(t.to_string(fty), "void (float, float addrspace(1)*, i32, ...)");
        assert_eq!(t.dialect(), Some(Dialect::TypedPointers));
        let o = t.opaque_ptr(3);
        assert_eq!(t.to_string(o), "ptr addrspace(3)");
        assert_eq!(t.dialect(), None, "mixed");
    }

    #[test]
    fn function_types_are_found_from_borrowed_parts() {
        let mut t = Types::default();
        let (v, i8t) = (t.void(), t.int(8));
        let p = t.typed_ptr(i8t, 0);
        let fty = t.function(v, vec![p, i8t], false);
        let before = t.len();
        assert_eq!(t.function_of(v, &[p, i8t], false), fty);
        assert_eq!(t.len(), before, "found, not added");
        let varargs = t.function_of(v, &[p, i8t], true);
        assert_ne!(varargs, fty);
        assert_eq!(t.function(v, vec![p, i8t], true), varargs);
        let none = t.function_of(v, &[], false);
        assert_eq!(t.to_string(none), "void ()");
        assert_eq!(t.len(), before + 2);
    }

    #[test]
    fn named_structs_are_identified_and_may_recurse() {
        let mut t = Types::default();
        let (id, ty) = t.named_struct("struct.node");
        let p = t.typed_ptr(ty, 0);
        let i32t = t.int(32);
        t.set_body(id, Some(StructBody { fields: vec![i32t, p].into(), packed: false }));
        assert_eq!(t.named_struct("struct.node"), (id, ty));
        let mut s = String::new();
        t.write_body(t.named(id).body.as_ref().unwrap(), &mut s);
        assert_eq!(s, "{ i32, %struct.node* }");
        let (_, q) = t.named_struct("quoted name");
        assert_eq!(t.to_string(q), "%\"quoted name\"");
    }
}
