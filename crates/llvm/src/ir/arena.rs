//! Entities live in arenas and are named by small `Copy` handles (naga's shape): a [`Handle`] is
//! a non-zero `u32`, so `Option<Handle<T>>` is four bytes. [`UniqueArena`] hash-conses: inserting
//! a value equal to one already present returns the existing handle.

use indexmap::IndexSet;
use rustc_hash::FxBuildHasher;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::num::NonZeroU32;

/// A reference to a `T` in an arena.
pub struct Handle<T> {
    index: NonZeroU32,
    marker: PhantomData<fn() -> T>,
}

impl<T> Handle<T> {
    /// The handle of the `index`-th element (0-based).
    ///
    /// # Panics
    /// If `index` is `u32::MAX` or more: arenas never hold that many entities.
    pub fn from_index(index: usize) -> Self {
        let raw = u32::try_from(index).ok().and_then(|i| i.checked_add(1)).and_then(NonZeroU32::new);
        Handle { index: raw.expect("arena index fits in u32"), marker: PhantomData }
    }

    /// The 0-based index.
    pub fn index(self) -> usize {
        (self.index.get() - 1) as usize
    }
}

impl<T> Clone for Handle<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Handle<T> {}
impl<T> PartialEq for Handle<T> {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}
impl<T> Eq for Handle<T> {}
impl<T> PartialOrd for Handle<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Handle<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.index.cmp(&other.index)
    }
}
impl<T> Hash for Handle<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.index.hash(state)
    }
}
impl<T> fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.index())
    }
}

/// A growable arena: every push is a new entity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arena<T> {
    items: Vec<T>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { items: Vec::new() }
    }
}

impl<T> Arena<T> {
    /// An empty arena.
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds an entity.
    pub fn push(&mut self, value: T) -> Handle<T> {
        let h = Handle::from_index(self.items.len());
        self.items.push(value);
        h
    }
    /// The number of entities.
    pub fn len(&self) -> usize {
        self.items.len()
    }
    /// Makes room for exactly `n` more entities.
    pub fn reserve_exact(&mut self, n: usize) {
        self.items.reserve_exact(n)
    }
    /// Moves the entities out into an arena of exactly their size, leaving this one empty with
    /// its capacity (a builder reuses one arena and keeps only what each result needs).
    pub fn take_exact(&mut self) -> Self {
        let mut items = Vec::with_capacity(self.items.len());
        items.append(&mut self.items);
        Arena { items }
    }
    /// Removes the entities from index `at` on and returns them in order.
    pub fn split_off(&mut self, at: usize) -> Vec<T> {
        self.items.split_off(at.min(self.items.len()))
    }
    /// Removes every entity, keeping the capacity.
    pub fn clear(&mut self) {
        self.items.clear()
    }
    /// Whether it is empty.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    /// Entities with their handles, in insertion order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Handle<T>, &T)> {
        self.items.iter().enumerate().map(|(i, v)| (Handle::from_index(i), v))
    }
    /// The entity, if the handle is in range.
    pub fn get(&self, h: Handle<T>) -> Option<&T> {
        self.items.get(h.index())
    }
    /// Entities with their handles, mutably.
    pub fn iter_mut(&mut self) -> impl ExactSizeIterator<Item = (Handle<T>, &mut T)> {
        self.items.iter_mut().enumerate().map(|(i, v)| (Handle::from_index(i), v))
    }
}

impl<T> std::ops::Index<Handle<T>> for Arena<T> {
    type Output = T;
    fn index(&self, h: Handle<T>) -> &T {
        &self.items[h.index()]
    }
}

impl<T> std::ops::IndexMut<Handle<T>> for Arena<T> {
    fn index_mut(&mut self, h: Handle<T>) -> &mut T {
        &mut self.items[h.index()]
    }
}

/// A hash-consing arena: equal values share one handle. Values are immutable once inserted.
#[derive(Debug, Clone)]
pub struct UniqueArena<T> {
    set: IndexSet<T, FxBuildHasher>,
}

impl<T> Default for UniqueArena<T> {
    fn default() -> Self {
        UniqueArena { set: IndexSet::default() }
    }
}

impl<T: Eq + Hash> UniqueArena<T> {
    /// An empty arena.
    pub fn new() -> Self {
        Self::default()
    }
    /// The handle of `value`, inserting it if it is new.
    pub fn insert(&mut self, value: T) -> Handle<T> {
        let (i, _) = self.set.insert_full(value);
        Handle::from_index(i)
    }
    /// The handle of `value`, inserting it if it is new, and whether it was.
    pub fn insert_full(&mut self, value: T) -> (Handle<T>, bool) {
        let (i, new) = self.set.insert_full(value);
        (Handle::from_index(i), new)
    }
    /// Replaces the value at `h` (for a reader that learns part of a value late). Returns
    /// `false`, changing nothing, if an equal value is already at another handle.
    pub fn replace(&mut self, h: Handle<T>, value: T) -> bool {
        self.set.replace_index(h.index(), value).is_ok()
    }

    /// The handle of a value equivalent to `key` (which must hash as `T` does), if present.
    pub fn find_by<Q: Hash + indexmap::Equivalent<T> + ?Sized>(&self, key: &Q) -> Option<Handle<T>> {
        self.set.get_index_of(key).map(Handle::from_index)
    }
    /// The handle of `value` if present.
    pub fn find(&self, value: &T) -> Option<Handle<T>> {
        self.set.get_index_of(value).map(Handle::from_index)
    }
    /// The number of distinct values.
    pub fn len(&self) -> usize {
        self.set.len()
    }
    /// Makes room for `n` more values.
    pub fn reserve(&mut self, n: usize) {
        self.set.reserve(n)
    }
    /// Whether it is empty.
    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }
    /// Values with their handles, in insertion order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Handle<T>, &T)> {
        self.set.iter().enumerate().map(|(i, v)| (Handle::from_index(i), v))
    }
    /// The values, moved out in insertion order.
    pub fn into_values(self) -> impl ExactSizeIterator<Item = T> {
        self.set.into_iter()
    }
    /// The value, if the handle is in range.
    pub fn get(&self, h: Handle<T>) -> Option<&T> {
        self.set.get_index(h.index())
    }
}

/// Equal when they hold equal values under the same handles (insertion order counts).
impl<T: PartialEq> PartialEq for UniqueArena<T> {
    fn eq(&self, other: &Self) -> bool {
        self.set.len() == other.set.len() && self.set.iter().eq(other.set.iter())
    }
}
impl<T: Eq> Eq for UniqueArena<T> {}

impl<T: Eq + Hash> std::ops::Index<Handle<T>> for UniqueArena<T> {
    type Output = T;
    fn index(&self, h: Handle<T>) -> &T {
        &self.set[h.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unique_arena_shares_handles() {
        let mut a = UniqueArena::new();
        let x = a.insert("i32".to_string());
        let y = a.insert("i8".to_string());
        assert_eq!(a.insert("i32".to_string()), x);
        assert_ne!(x, y);
        assert_eq!(a.len(), 2);
        assert_eq!(a[y], "i8");
        assert_eq!(std::mem::size_of::<Option<Handle<u8>>>(), 4);
    }

    #[test]
    fn arena_pushes_distinct() {
        let mut a = Arena::new();
        let x = a.push(1);
        let y = a.push(1);
        assert_ne!(x, y);
        a[y] = 2;
        assert_eq!((a[x], a[y]), (1, 2));
    }
}
