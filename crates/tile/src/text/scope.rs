//! The assembler's scope: the values a use can see, by their printed names.

use crate::index::ContentIndex;
use crate::ir::{TypeId, ValueId};

/// The values in scope, in numbering order, found by name without a search. `%x:N` defines a
/// group, whose values are `%x#0` … by their index in it. Each value links to the one of the same
/// name it hides, so a name costs no list of its own.
#[derive(Default)]
pub(super) struct Scope {
    values: Vec<Value>,
    names: NameTable,
    /// Per name: its latest single value and its latest group's first value (`NONE`: none).
    latest: Vec<(u32, u32)>,
}

#[derive(Clone, Copy)]
struct Value {
    name: u32,
    /// The value's index in its group plus one (0: not in a group).
    sub: u32,
    ty: TypeId,
    /// The value (single) or group (first value) of the same name this one hides.
    hides: u32,
}

const NONE: u32 = u32::MAX;

/// Value names, each kept once.
#[derive(Default)]
struct NameTable {
    text: String,
    ends: Vec<u32>,
    index: ContentIndex,
}

impl NameTable {
    fn get(&self, i: usize) -> Option<&str> {
        let start = if i == 0 { 0 } else { *self.ends.get(i - 1)? as usize };
        self.text.get(start..*self.ends.get(i)? as usize)
    }

    fn find(&self, name: &str) -> Option<u32> {
        self.index.find(name, |i| self.get(i))
    }

    fn id(&mut self, name: &str) -> u32 {
        if let Some(i) = self.find(name) {
            return i;
        }
        self.text.push_str(name);
        self.ends.push(self.text.len() as u32);
        let (index, n) = (&mut self.index, self.ends.len());
        let (text, ends) = (&self.text, &self.ends);
        index.sync(n, |i| {
            let start = if i == 0 { 0 } else { ends[i - 1] as usize };
            text.get(start..ends[i] as usize)
        });
        (n - 1) as u32
    }
}

impl Scope {
    pub(super) fn len(&self) -> usize {
        self.values.len()
    }

    pub(super) fn clear(&mut self) {
        *self = Scope::default();
    }

    fn id(&mut self, name: &str) -> u32 {
        let id = self.names.id(name);
        if id as usize == self.latest.len() {
            self.latest.push((NONE, NONE));
        }
        id
    }

    pub(super) fn push(&mut self, name: &str, ty: TypeId) {
        let id = self.id(name);
        let at = self.values.len() as u32;
        let hides = std::mem::replace(&mut self.latest[id as usize].0, at);
        self.values.push(Value { name: id, sub: 0, ty, hides });
    }

    pub(super) fn push_group(&mut self, name: &str, types: &[TypeId]) {
        if types.is_empty() {
            return;
        }
        let id = self.id(name);
        let at = self.values.len() as u32;
        let hides = std::mem::replace(&mut self.latest[id as usize].1, at);
        self.values.extend(types.iter().enumerate().map(|(k, t)| Value {
            name: id,
            sub: k as u32 + 1,
            ty: *t,
            hides: if k == 0 { hides } else { NONE },
        }));
    }

    pub(super) fn truncate(&mut self, n: usize) {
        while self.values.len() > n {
            let Some(v) = self.values.pop() else { break };
            let latest = &mut self.latest[v.name as usize];
            match v.sub {
                0 => latest.0 = v.hides,
                1 => latest.1 = v.hides,
                _ => {}
            }
        }
    }

    /// The latest value with a name (`x`, or `x#k` for value k of group `x`).
    pub(super) fn find(&self, name: &str) -> Option<(ValueId, TypeId)> {
        let single = self.names.find(name).map_or(NONE, |id| self.latest[id as usize].0);
        let i = if single != NONE {
            single
        } else {
            let (base, k) = name.rsplit_once('#')?;
            let k: u32 = k.parse().ok()?;
            let first = self.latest[self.names.find(base)? as usize].1;
            let i = first.checked_add(k).filter(|_| first != NONE)?;
            let v = self.values.get(i as usize)?;
            if v.name != self.values[first as usize].name || v.sub != k + 1 {
                return None;
            }
            i
        };
        Some((i, self.values[i as usize].ty))
    }

    pub(super) fn ty(&self, v: ValueId) -> TypeId {
        self.values.get(v as usize).map_or(u32::MAX, |x| x.ty)
    }
}
