//! Finding table entries by their content.

use rustc_hash::FxHashMap;
use std::hash::{BuildHasher, Hash, RandomState};

/// Finds entries of a table by content without copying them: a hash of each entry (keyed per
/// process, so that input cannot make chains long). Only the first entry with a content is
/// indexed (later copies are never what a lookup returns), chained through `next` with others of
/// equal hash.
#[derive(Clone, Default)]
pub(crate) struct ContentIndex {
    hasher: RandomState,
    heads: FxHashMap<u64, u32>,
    next: Vec<u32>,
}

impl ContentIndex {
    /// Indexes the entries it has not seen yet (all of them again when the table shrank);
    /// `get(i)` is entry i's content (`None`: not to be found).
    pub fn sync<'t, K: Hash + Eq + ?Sized + 't>(&mut self, n: usize, get: impl Fn(usize) -> Option<&'t K>) {
        if self.next.len() > n {
            self.heads.clear();
            self.next.clear();
        }
        for i in self.next.len()..n {
            let Some(key) = get(i) else {
                self.next.push(u32::MAX);
                continue;
            };
            let h = self.hasher.hash_one(key);
            if self.find_hashed(h, key, &get).is_some() {
                self.next.push(u32::MAX);
                continue;
            }
            let prev = self.heads.insert(h, i as u32).unwrap_or(u32::MAX);
            self.next.push(prev);
        }
    }

    /// The first entry with this content, if any.
    pub fn find<'t, K: Hash + Eq + ?Sized + 't>(&self, key: &K, get: impl Fn(usize) -> Option<&'t K>) -> Option<u32> {
        self.find_hashed(self.hasher.hash_one(key), key, &get)
    }

    fn find_hashed<'t, K: Hash + Eq + ?Sized + 't>(
        &self,
        h: u64,
        key: &K,
        get: &impl Fn(usize) -> Option<&'t K>,
    ) -> Option<u32> {
        let mut i = *self.heads.get(&h)?;
        while i != u32::MAX {
            if get(i as usize) == Some(key) {
                return Some(i);
            }
            i = self.next[i as usize];
        }
        None
    }
}
