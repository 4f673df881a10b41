//! Entities live in arenas and are named by small `Copy` handles (naga's shape): a [`Handle`] is
//! a non-zero `u32`, so `Option<Handle<T>>` is four bytes. [`UniqueArena`] hash-conses: inserting
//! a value equal to one already present returns the existing handle.

use hashbrown::hash_table::{Entry, HashTable};
use indexmap::Equivalent;
use rustc_hash::FxBuildHasher;
use std::fmt;
use std::hash::{BuildHasher, Hash, Hasher};
use std::marker::PhantomData;
use std::num::NonZeroU32;
use std::sync::Arc;
use thin_vec::ThinVec;

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

/// Entities per chunk once an arena outgrows its first run: a power of two, about 16 KiB of
/// them (at least 16).
const fn chunk<T>() -> usize {
    let n = (1 << 14) / if std::mem::size_of::<T>() == 0 { 1 } else { std::mem::size_of::<T>() };
    if n < 16 {
        16
    } else {
        n.next_power_of_two()
    }
}

/// A growable arena: every push is a new entity.
///
/// Entities live in one run that grows as a `Vec` does (or is sized once by
/// [`Arena::reserve_exact`]) up to a chunk's worth of entities, then in chunks that never move:
/// a large arena neither copies itself when it grows nor holds room for up to as many entities
/// again, so its peak memory stays within one chunk of what it holds.
#[derive(Clone)]
pub struct Arena<T> {
    /// The first entities; full (no longer pushed to) once `rest` has a chunk. One pointer (its
    /// length and capacity live with the entities): a function holds three arenas, and a module
    /// of 200k declarations as many empty ones.
    first: ThinVec<T>,
    /// Chunks of `chunk::<T>()` capacity, every one but the last full.
    rest: ThinVec<Vec<T>>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: fmt::Debug> fmt::Debug for Arena<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.values()).finish()
    }
}

/// Equal when they hold equal entities in the same order (however they are stored).
impl<T: PartialEq> PartialEq for Arena<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.values().eq(other.values())
    }
}
impl<T: Eq> Eq for Arena<T> {}

impl<T> Arena<T> {
    /// An empty arena.
    pub const fn new() -> Self {
        Arena { first: ThinVec::new(), rest: ThinVec::new() }
    }
    /// Adds an entity.
    pub fn push(&mut self, value: T) -> Handle<T> {
        let h = Handle::from_index(self.len());
        if self.rest.is_empty() && (self.first.len() < self.first.capacity() || self.first.len() < chunk::<T>()) {
            self.first.push(value);
        } else {
            match self.rest.last_mut() {
                Some(last) if last.len() < chunk::<T>() => {
                    // A chunk cut to its length by `take_exact` grows back to a chunk, no more.
                    if last.len() == last.capacity() {
                        last.reserve_exact(chunk::<T>() - last.len());
                    }
                    last.push(value)
                }
                _ => {
                    let mut run = Vec::with_capacity(chunk::<T>());
                    run.push(value);
                    self.rest.push(run);
                }
            }
        }
        h
    }
    /// The number of entities.
    pub fn len(&self) -> usize {
        match self.rest.last() {
            None => self.first.len(),
            Some(last) => self.first.len() + (self.rest.len() - 1) * chunk::<T>() + last.len(),
        }
    }
    /// Makes room for exactly `n` more entities (while the arena is in its first run).
    pub fn reserve_exact(&mut self, n: usize) {
        if self.rest.is_empty() {
            self.first.reserve_exact(n)
        }
    }
    /// Every entity in one run, the chunks emptied.
    fn gather(&mut self) -> &mut ThinVec<T> {
        if !self.rest.is_empty() {
            self.first.reserve_exact(self.len() - self.first.len());
            for chunk in std::mem::take(&mut self.rest) {
                self.first.extend(chunk);
            }
        }
        &mut self.first
    }
    /// Moves the entities out into an arena of their size, leaving this one empty with its
    /// capacity (a builder reuses one arena and keeps only what each result needs). Entities in
    /// one run are copied into a run of exactly their number; an arena that has grown into
    /// chunks is moved out whole instead, its last chunk cut to what it holds, leaving this one
    /// with none: gathering the chunks into one run would need twice the memory.
    pub fn take_exact(&mut self) -> Self {
        if !self.rest.is_empty() {
            // The last chunk gives back the room it has left (up to a chunk's worth, which a
            // module of many mid-sized bodies would otherwise hold once per body).
            if let Some(last) = self.rest.last_mut() {
                last.shrink_to_fit();
            }
            return std::mem::take(self);
        }
        let mut items = ThinVec::with_capacity(self.first.len());
        items.append(&mut self.first);
        Arena { first: items, rest: ThinVec::new() }
    }
    /// Removes the entities from index `at` on and yields them in order, by value, without
    /// gathering them into one run first: each chunk is freed once yielded (a merge that moves a
    /// large tail into another arena holds it about once, not three times).
    pub fn drain_from(&mut self, at: usize) -> impl Iterator<Item = T> {
        let (first, head, chunks) = if at >= self.len() {
            (ThinVec::new(), Vec::new(), ThinVec::new())
        } else if at < self.first.len() {
            let first = if at == 0 { std::mem::take(&mut self.first) } else { self.first.split_off(at) };
            (first, Vec::new(), std::mem::take(&mut self.rest))
        } else {
            let j = at - self.first.len();
            let (c, o) = (j / chunk::<T>(), j % chunk::<T>());
            let later = if c + 1 < self.rest.len() { self.rest.split_off(c + 1) } else { ThinVec::new() };
            let head = if o == 0 { self.rest.pop().unwrap_or_default() } else { self.rest[c].split_off(o) };
            (ThinVec::new(), head, later)
        };
        first.into_iter().chain(head).chain(chunks.into_iter().flatten())
    }
    /// The entities by value, in order, each chunk freed once yielded.
    pub fn into_values(self) -> impl Iterator<Item = T> {
        let Arena { first, rest } = self;
        first.into_iter().chain(rest.into_iter().flatten())
    }
    /// Removes the entities from index `at` on and returns them in order.
    pub fn split_off(&mut self, at: usize) -> Vec<T> {
        if at >= self.len() {
            return Vec::new();
        }
        let all = self.gather();
        all.split_off(at).into_iter().collect()
    }
    /// Removes every entity, keeping the first run's capacity.
    pub fn clear(&mut self) {
        self.first.clear();
        self.rest = ThinVec::new();
    }
    /// Whether it is empty.
    pub fn is_empty(&self) -> bool {
        self.first.is_empty() && self.rest.is_empty()
    }
    /// The entities in insertion order.
    fn values(&self) -> impl Iterator<Item = &T> {
        self.first.iter().chain(self.rest.iter().flatten())
    }
    /// Entities with their handles, in insertion order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Handle<T>, &T)> {
        Exact { inner: self.values().enumerate(), left: self.len() }.map(|(i, v)| (Handle::from_index(i), v))
    }
    /// The entity at position `i` (in range).
    #[inline]
    fn at(&self, i: usize) -> &T {
        match self.first.get(i) {
            Some(v) => v,
            None => self.in_chunks(i),
        }
    }
    /// The entity at position `i`, past the first run.
    #[inline(never)]
    fn in_chunks(&self, i: usize) -> &T {
        let j = i - self.first.len();
        &self.rest[j / chunk::<T>()][j % chunk::<T>()]
    }
    /// The entity, if the handle is in range.
    pub fn get(&self, h: Handle<T>) -> Option<&T> {
        let i = h.index();
        match self.first.get(i) {
            Some(v) => Some(v),
            None => {
                let j = i - self.first.len();
                self.rest.get(j / chunk::<T>())?.get(j % chunk::<T>())
            }
        }
    }
    /// The entity, mutably, if the handle is in range.
    pub fn get_mut(&mut self, h: Handle<T>) -> Option<&mut T> {
        let i = h.index();
        if i < self.first.len() {
            return self.first.get_mut(i);
        }
        let j = i - self.first.len();
        self.rest.get_mut(j / chunk::<T>())?.get_mut(j % chunk::<T>())
    }
    /// Entities with their handles, mutably.
    pub fn iter_mut(&mut self) -> impl ExactSizeIterator<Item = (Handle<T>, &mut T)> {
        let left = self.len();
        let inner = self.first.iter_mut().chain(self.rest.iter_mut().flatten()).enumerate();
        Exact { inner, left }.map(|(i, v)| (Handle::from_index(i), v))
    }
}

/// An iterator that knows how many items it has left.
struct Exact<I> {
    inner: I,
    left: usize,
}

impl<I: Iterator> Iterator for Exact<I> {
    type Item = I::Item;
    fn next(&mut self) -> Option<I::Item> {
        let v = self.inner.next()?;
        self.left -= 1;
        Some(v)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<I: Iterator> ExactSizeIterator for Exact<I> {}

impl<T> std::ops::Index<Handle<T>> for Arena<T> {
    type Output = T;
    #[inline]
    fn index(&self, h: Handle<T>) -> &T {
        self.at(h.index())
    }
}

impl<T> std::ops::IndexMut<Handle<T>> for Arena<T> {
    fn index_mut(&mut self, h: Handle<T>) -> &mut T {
        let i = h.index();
        if i < self.first.len() {
            &mut self.first[i]
        } else {
            let j = i - self.first.len();
            &mut self.rest[j / chunk::<T>()][j % chunk::<T>()]
        }
    }
}

/// Values held once each, in insertion order, with the table that finds them: the values in an
/// [`Arena`] (chunks that never move, no room held past a chunk's worth), the table holding only
/// their `u32` indices (5 bytes a slot with its control byte). A value's hash is computed again
/// when the table grows rather than stored beside it: a map of values and stored hashes holds
/// room for as many values as its table has slots (7/8 of a power of two), 8 bytes more each.
#[derive(Clone)]
struct Set<T> {
    values: Arena<T>,
    table: HashTable<u32>,
}

impl<T> Default for Set<T> {
    fn default() -> Self {
        Set { values: Arena::new(), table: HashTable::new() }
    }
}

/// How many values a [`Set`] keeps in its first run, doubling it as a `Vec` grows, before it
/// adds chunks: lookups are hot (a reader asks for a type's structure at nearly every
/// operand), and one past the first run costs about twice one in it; a set of at most a few
/// MB in one run holds at most that much room unused.
const SET_RUN: usize = 1 << 16;

fn hash_of<Q: Hash + ?Sized>(q: &Q) -> u64 {
    FxBuildHasher.hash_one(q)
}

impl<T> Set<T> {
    fn len(&self) -> usize {
        self.values.len()
    }
    fn at(&self, i: usize) -> Option<&T> {
        self.values.get(Handle::from_index(i))
    }
}

impl<T: Eq + Hash> Set<T> {
    fn index_of<Q: Hash + Equivalent<T> + ?Sized>(&self, key: &Q) -> Option<usize> {
        let values = &self.values;
        self.table.find(hash_of(key), |&i| key.equivalent(values.at(i as usize))).map(|&i| i as usize)
    }
    fn insert_full(&mut self, value: T) -> (usize, bool) {
        let values = &self.values;
        let at = |i: &u32| values.at(*i as usize);
        match self.table.entry(hash_of(&value), |i| *at(i) == value, |i| hash_of(at(i))) {
            Entry::Occupied(e) => (*e.get() as usize, false),
            Entry::Vacant(e) => {
                let i = values.len();
                e.insert(index_u32(i));
                self.push(value);
                (i, true)
            }
        }
    }
    /// Adds a value known to be absent.
    fn push_unique(&mut self, value: T) {
        let i = index_u32(self.values.len());
        let values = &self.values;
        self.table.insert_unique(hash_of(&value), i, |&j| hash_of(values.at(j as usize)));
        self.push(value);
    }
    /// Removes the values from index `n` on (and their table entries) and yields them in order.
    fn drain_from(&mut self, n: usize) -> impl Iterator<Item = T> + '_ {
        self.table.retain(|i| (*i as usize) < n);
        self.values.drain_from(n)
    }
    /// Adds a value to the values, doubling the first run up to [`SET_RUN`] values.
    fn push(&mut self, value: T) {
        let first = &mut self.values.first;
        let n = first.len();
        if self.values.rest.is_empty() && n == first.capacity() && n >= chunk::<T>() && n < SET_RUN {
            first.reserve_exact(n);
        }
        self.values.push(value);
    }
    /// Puts `value` at index `i` (in range; no other value equals it).
    fn replace_index(&mut self, i: usize, value: T) {
        let old = hash_of(self.values.at(i));
        if let Ok(e) = self.table.find_entry(old, |&j| j as usize == i) {
            e.remove();
        }
        let h = hash_of(&value);
        self.values[Handle::from_index(i)] = value;
        let values = &self.values;
        self.table.insert_unique(h, index_u32(i), |&j| hash_of(values.at(j as usize)));
    }
    fn reserve(&mut self, n: usize) {
        self.values.reserve_exact(n);
        let values = &self.values;
        self.table.reserve(n, |&j| hash_of(values.at(j as usize)));
    }
}

/// An index as the table holds it (handles are `u32` too: no arena holds more).
fn index_u32(i: usize) -> u32 {
    u32::try_from(i).expect("arena index fits u32")
}

/// The entries at the front of a [`UniqueArena`] that several clones share (a reader's
/// threads): read-only while shared.
type Shared<T> = Arc<Set<T>>;

/// A hash-consing arena: equal values share one handle. Values are immutable once inserted.
///
/// Its first entries may be shared with its clones (`share`): those hold the same values under
/// the same handles, and what each adds after them is its own.
#[derive(Clone)]
pub struct UniqueArena<T> {
    shared: Option<Shared<T>>,
    /// How many values `shared` holds (handles below this).
    front: usize,
    set: Set<T>,
}

impl<T> Default for UniqueArena<T> {
    fn default() -> Self {
        UniqueArena { shared: None, front: 0, set: Set::default() }
    }
}

impl<T: fmt::Debug> fmt::Debug for UniqueArena<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Values<'a, T>(&'a UniqueArena<T>);
        impl<T: fmt::Debug> fmt::Debug for Values<'_, T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_set().entries(self.0.values()).finish()
            }
        }
        f.debug_struct("UniqueArena").field("set", &Values(self)).finish()
    }
}

impl<T> UniqueArena<T> {
    /// How many entries are shared (handles below this).
    #[inline]
    fn front(&self) -> usize {
        self.front
    }

    fn values(&self) -> impl Iterator<Item = &T> {
        self.shared.iter().flat_map(|s| s.values.values()).chain(self.set.values.values())
    }
}

impl<T: Eq + Hash> UniqueArena<T> {
    /// An empty arena.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `value`, or finds the equal value already present.
    pub fn insert(&mut self, value: T) -> Handle<T> {
        self.insert_full(value).0
    }

    /// Like [`insert`](Self::insert), also saying whether the value is new.
    pub fn insert_full(&mut self, value: T) -> (Handle<T>, bool) {
        if let Some(i) = self.shared.as_ref().and_then(|s| s.index_of(&value)) {
            return (Handle::from_index(i), false);
        }
        let (i, new) = self.set.insert_full(value);
        (Handle::from_index(self.front() + i), new)
    }

    /// Replaces the value at `h` (keeping its handle), unless an equal value is elsewhere: then
    /// nothing changes and the result is `false`. A shared entry is copied out first. A handle
    /// out of range changes nothing (`false`).
    pub fn replace(&mut self, h: Handle<T>, value: T) -> bool
    where
        T: Clone,
    {
        let (i, front) = (h.index(), self.front());
        match self.find(&value) {
            Some(other) if other != h => return false,
            Some(_) => return true,
            None => {}
        }
        match &mut self.shared {
            Some(s) if i < front => Arc::make_mut(s).replace_index(i, value),
            _ if i - front < self.set.len() => self.set.replace_index(i - front, value),
            _ => return false,
        }
        true
    }

    /// The handle of the value equal to `key` (a borrowed form of it), if present.
    pub fn find_by<Q: Hash + Equivalent<T> + ?Sized>(&self, key: &Q) -> Option<Handle<T>> {
        if let Some(i) = self.shared.as_ref().and_then(|s| s.index_of(key)) {
            return Some(Handle::from_index(i));
        }
        self.set.index_of(key).map(|i| Handle::from_index(self.front() + i))
    }

    /// The handle of `value`, if present.
    pub fn find(&self, value: &T) -> Option<Handle<T>> {
        self.find_by(value)
    }

    /// The number of values.
    pub fn len(&self) -> usize {
        self.front() + self.set.len()
    }

    /// Room for `n` more values.
    pub fn reserve(&mut self, n: usize) {
        self.set.reserve(n)
    }

    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `(handle, value)` pairs in insertion order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Handle<T>, &T)> {
        Exact { inner: self.values().enumerate(), left: self.len() }.map(|(i, v)| (Handle::from_index(i), v))
    }

    /// The values in insertion order (shared ones copied unless this arena holds the last
    /// reference), each chunk freed once yielded.
    pub fn into_values(mut self) -> impl ExactSizeIterator<Item = T>
    where
        T: Clone,
    {
        let left = self.len();
        let mut front = self.shared.map(|s| Arc::try_unwrap(s).unwrap_or_else(|s| (*s).clone())).unwrap_or_default();
        // The tables go first: only the values are yielded.
        front.table = HashTable::new();
        self.set.table = HashTable::new();
        Exact { inner: front.values.into_values().chain(self.set.values.into_values()), left }
    }

    /// Removes the values from handle index `at` on and returns them in order: those this arena
    /// holds move out (each chunk freed once moved), shared ones are copied. The values before
    /// `at` keep their handles.
    pub(crate) fn take_from(&mut self, at: usize) -> Vec<T>
    where
        T: Clone,
    {
        let mut out = Vec::with_capacity(self.len().saturating_sub(at));
        if at < self.front {
            let shared = self.shared.take().expect("a front is shared");
            out.extend((at..self.front).filter_map(|i| shared.at(i)).cloned());
            // What stays is the shared front's head, now this arena's own.
            let mut own = Arc::try_unwrap(shared).unwrap_or_else(|s| (*s).clone());
            drop(own.drain_from(at));
            out.extend(std::mem::replace(&mut self.set, own).values.into_values());
            self.front = 0;
        } else {
            out.extend(self.set.drain_from(at - self.front));
        }
        out
    }

    /// The value at `h`, if in range.
    pub fn get(&self, h: Handle<T>) -> Option<&T> {
        let (i, front) = (h.index(), self.front());
        match &self.shared {
            Some(s) if i < front => s.at(i),
            _ => self.set.at(i - front),
        }
    }

    /// Shares every value present with every clone made from now on: the values stay under
    /// the same handles, read-only while shared, and what each clone adds is its own (several
    /// threads reading one module each hold a clone, rather than a copy of every value).
    pub(crate) fn share(&mut self)
    where
        T: Clone,
    {
        if self.set.len() > 0 {
            let taken = std::mem::take(self);
            let mut all = Set::default();
            all.reserve(taken.len());
            for v in taken.into_values() {
                all.push_unique(v);
            }
            self.front = all.len();
            self.shared = Some(Arc::new(all));
        }
    }
}

impl<T: PartialEq> PartialEq for UniqueArena<T> {
    fn eq(&self, other: &Self) -> bool {
        let len = |a: &Self| a.shared.as_ref().map_or(0, |s| s.len()) + a.set.len();
        len(self) == len(other) && self.values().eq(other.values())
    }
}
impl<T: Eq> Eq for UniqueArena<T> {}

impl<T: Eq + Hash> std::ops::Index<Handle<T>> for UniqueArena<T> {
    type Output = T;
    #[inline]
    fn index(&self, h: Handle<T>) -> &T {
        let i = h.index();
        match &self.shared {
            Some(s) if i < self.front => s.values.at(i),
            _ => self.set.values.at(i - self.front),
        }
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
    fn unique_arena_finds_values_past_its_first_run_and_when_shared() {
        let n = SET_RUN + 3 * chunk::<u64>() + 17;
        let mut a = UniqueArena::new();
        for i in 0..n as u64 {
            assert_eq!(a.insert_full(i * 7), (Handle::from_index(i as usize), true));
        }
        assert_eq!(a.set.values.first.len(), SET_RUN, "the first run doubles up to its limit");
        assert_eq!(a.set.values.rest.len(), 4, "then the values spill into chunks");
        assert!((0..n as u64).all(|i| a.find(&(i * 7)) == Some(Handle::from_index(i as usize))));
        assert_eq!(a.insert_full(70), (Handle::from_index(10), false));
        assert_eq!(a.find(&3), None);
        // Replacing keeps the handle, finds the new value, forgets the old one, and refuses a
        // value present elsewhere or a handle out of range.
        assert!(a.replace(Handle::from_index(5), 3));
        assert_eq!((a.find(&3), a.find(&35), a[Handle::from_index(5)]), (Some(Handle::from_index(5)), None, 3));
        assert!(!a.replace(Handle::from_index(5), 14));
        assert!(!a.replace(Handle::from_index(n + 4), 1));
        // A clone after sharing finds the shared values and adds its own after them.
        a.share();
        let mut b = a.clone();
        assert_eq!(b.find(&14), Some(Handle::from_index(2)));
        assert_eq!(b.insert_full(1), (Handle::from_index(n), true));
        assert_eq!(b.insert_full(14), (Handle::from_index(2), false));
        assert!(b.replace(Handle::from_index(1), 2));
        assert_eq!((b.find(&2), a.find(&2), a[Handle::from_index(1)]), (Some(Handle::from_index(1)), None, 7));
        assert_eq!(b.len(), n + 1);
        let values: Vec<u64> = b.clone().into_values().collect();
        assert_eq!(values.len(), n + 1);
        assert_eq!((values[1], values[5], values[n - 1], values[n]), (2, 3, (n as u64 - 1) * 7, 1));
        assert!(b.iter().all(|(h, v)| b.get(h) == Some(v) && b.find(v) == Some(h)));
        // Taking a tail out of what a clone added leaves the rest findable, the tail not.
        let mut c = a.clone();
        (0..5u64).for_each(|i| _ = c.insert(1_000_000 + i));
        assert_eq!(c.take_from(n + 2), vec![1_000_002, 1_000_003, 1_000_004]);
        assert_eq!((c.len(), c.find(&1_000_001), c.find(&1_000_002)), (n + 2, Some(Handle::from_index(n + 1)), None));
        assert_eq!(c.insert_full(1_000_003), (Handle::from_index(n + 2), true));
        // A tail that starts in the shared front is copied out of it; the head stays.
        let tail = c.take_from(n - 2);
        assert_eq!(tail, vec![(n as u64 - 2) * 7, (n as u64 - 1) * 7, 1_000_000, 1_000_001, 1_000_003]);
        assert_eq!(
            (c.len(), c.find(&((n as u64 - 3) * 7)), c.find(&((n as u64 - 2) * 7))),
            (n - 2, Some(Handle::from_index(n - 3)), None)
        );
        assert_eq!(a.len(), n, "the arena it was cloned from keeps its values");
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

    #[test]
    fn arena_grows_in_chunks_past_its_first_run() {
        let mut a = Arena::new();
        a.reserve_exact(10);
        let hs: Vec<_> = (0..3 * chunk::<usize>() + 17).map(|i| a.push(i)).collect();
        assert!(!a.rest.is_empty(), "a large arena spills into chunks");
        assert_eq!(a.len(), 3 * chunk::<usize>() + 17);
        assert!(hs.iter().enumerate().all(|(i, &h)| a[h] == i && a.get(h) == Some(&i)));
        assert_eq!(a.get(Handle::from_index(a.len())), None);
        assert!(a.iter().enumerate().all(|(i, (h, &v))| h.index() == i && v == i));
        assert_eq!(a.iter().len(), a.len());
        a.iter_mut().for_each(|(_, v)| *v += 1);
        assert_eq!(a[hs[2000]], 2001);
        // Equality ignores how entities are stored.
        let mut b = Arena::new();
        (0..a.len()).for_each(|i| _ = b.push(i + 1));
        assert_eq!(a.take_exact(), b);
        assert!(a.is_empty());
        // Draining a tail from any place leaves what a sequential build of the head holds.
        for at in [0, 3, chunk::<usize>(), chunk::<usize>() + 5, 2 * chunk::<usize>(), 3 * chunk::<usize>() + 1] {
            let mut c = Arena::new();
            (0..3 * chunk::<usize>() + 17).for_each(|i| _ = c.push(i));
            let tail: Vec<usize> = c.drain_from(at).collect();
            assert_eq!(tail, (at..3 * chunk::<usize>() + 17).collect::<Vec<_>>(), "from {at}");
            assert_eq!(c.len(), at);
            assert!(c.iter().all(|(h, &v)| h.index() == v));
            assert_eq!(c.push(at), Handle::from_index(at), "from {at}");
            assert_eq!(c[Handle::from_index(at)], at);
        }
        // A chunked arena taken out keeps no room in its last chunk, and grows back as before.
        let mut d = Arena::new();
        (0..chunk::<usize>() + 5).for_each(|i| _ = d.push(i));
        let mut d = d.take_exact();
        assert_eq!(d.rest.last().map(|c| (c.len(), c.capacity())), Some((5, 5)));
        (chunk::<usize>() + 5..3 * chunk::<usize>()).for_each(|i| assert_eq!(d.push(i), Handle::from_index(i)));
        assert!(d.rest.iter().all(|c| c.capacity() == chunk::<usize>()), "cut chunks grow back to a chunk only");
        assert!(d.iter().all(|(h, &v)| h.index() == v));
        let tail = b.split_off(chunk::<usize>() + 5);
        assert_eq!(
            (b.len(), tail.len(), tail[0]),
            (chunk::<usize>() + 5, 2 * chunk::<usize>() + 12, chunk::<usize>() + 6)
        );
        assert_eq!(b.push(7), Handle::from_index(chunk::<usize>() + 5));
    }
}
