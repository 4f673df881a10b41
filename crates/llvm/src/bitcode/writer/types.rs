//! The writer's view of the module's types: the module's own, and after them the few the records
//! need that the module may not hold (pointers to inline assembly's and to global values' types).
//! The module's table is read where it stands; a copy of it (what the writer held before) was as
//! large as the table itself, 58 MB for 200k identified structs.

use crate::ir::types::{NamedStruct, NamedStructId, TypeData, TypeId, Types};
use indexmap::IndexSet;
use rustc_hash::FxBuildHasher;

/// The module's types and the writer's additions, numbered after them as interning them into a
/// copy of the module's table would. The additions are held once, numbered by their place (a
/// list and a map held each twice: 19 MB for the pointer types of 200k globals, 12 MB here).
pub(super) struct WriterTypes<'m> {
    base: &'m Types,
    extra: IndexSet<TypeData, FxBuildHasher>,
}

impl<'m> WriterTypes<'m> {
    pub(super) fn new(base: &'m Types) -> Self {
        WriterTypes { base, extra: IndexSet::default() }
    }

    /// The handle of a type, if either table holds it.
    pub(super) fn find(&self, t: &TypeData) -> Option<TypeId> {
        self.base.find(t).or_else(|| self.extra.get_index_of(t).map(|i| TypeId::from_index(self.base.len() + i)))
    }

    /// The structure of a type.
    pub(super) fn get(&self, t: TypeId) -> &TypeData {
        match t.index().checked_sub(self.base.len()) {
            Some(i) => &self.extra[i],
            None => self.base.get(t),
        }
    }

    fn intern(&mut self, t: TypeData) -> TypeId {
        if let Some(id) = self.find(&t) {
            return id;
        }
        TypeId::from_index(self.base.len() + self.extra.insert_full(t).0)
    }

    /// `iN`.
    pub(super) fn int(&mut self, bits: u32) -> TypeId {
        self.intern(TypeData::Int(bits))
    }

    /// `ptr addrspace(N)`.
    pub(super) fn opaque_ptr(&mut self, addr_space: u32) -> TypeId {
        self.intern(TypeData::Pointer { addr_space, pointee: None })
    }

    /// `T addrspace(N)*`.
    pub(super) fn typed_ptr(&mut self, pointee: TypeId, addr_space: u32) -> TypeId {
        self.intern(TypeData::Pointer { addr_space, pointee: Some(pointee) })
    }

    /// The width of an integer type.
    pub(super) fn int_width(&self, t: TypeId) -> Option<u32> {
        match self.get(t) {
            TypeData::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// Every type in handle order.
    pub(super) fn iter(&self) -> impl Iterator<Item = (TypeId, &TypeData)> {
        let n = self.base.len();
        self.base.iter().chain(self.extra.iter().enumerate().map(move |(i, t)| (TypeId::from_index(n + i), t)))
    }

    /// The number of types.
    pub(super) fn len(&self) -> usize {
        self.base.len() + self.extra.len()
    }

    /// An identified struct (only the module has them).
    pub(super) fn named(&self, id: NamedStructId) -> &NamedStruct {
        self.base.named(id)
    }
}
