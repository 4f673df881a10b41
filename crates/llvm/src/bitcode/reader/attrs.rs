//! Attribute groups and attribute lists. Attributes whose LLVM spelling has an argument in
//! parentheses are kept in the text reader's normalised form (`i32 0, 10`, `argmem: read`).

use super::{AttrList, Reader, Result};
use crate::bitcode::bitstream::Entry;
use crate::bitcode::codes;
use crate::ir::attrs::AttrSetId;
use crate::ir::attrs::{Attr, AttrKind, AttrSet};

/// Attribute keywords of LLVM 3.2's attribute lists, by bit of the decoded mask (LLVM's
/// `getRawAttributeMask`; alignment and stack alignment are fields, not bits).
pub(super) const OLD_ATTR_BITS: &[(u32, &str)] = &[
    (0, "zeroext"),
    (1, "signext"),
    (2, "noreturn"),
    (3, "inreg"),
    (4, "sret"),
    (5, "nounwind"),
    (6, "noalias"),
    (7, "byval"),
    (8, "nest"),
    (9, "readnone"),
    (10, "readonly"),
    (11, "noinline"),
    (12, "alwaysinline"),
    (13, "optsize"),
    (14, "ssp"),
    (15, "sspreq"),
    (21, "nocapture"),
    (22, "noredzone"),
    (23, "noimplicitfloat"),
    (24, "naked"),
    (25, "inlinehint"),
    (29, "returns_twice"),
    (30, "uwtable"),
    (31, "nonlazybind"),
    (32, "sanitize_address"),
    (33, "minsize"),
    (34, "noduplicate"),
    (35, "sspstrong"),
    (36, "sanitize_thread"),
    (37, "sanitize_memory"),
    (38, "nobuiltin"),
    (39, "returned"),
    (40, "cold"),
    (41, "builtin"),
    (42, "optnone"),
    (43, "inalloca"),
    (44, "nonnull"),
    (45, "jumptable"),
    (46, "convergent"),
    (47, "safestack"),
    (48, "norecurse"),
];

/// `memory(…)` from its 2-bits-per-location encoding (argmem, inaccessiblemem, other).
fn memory_text(v: u64) -> String {
    const MR: [&str; 4] = ["none", "read", "write", "readwrite"];
    const LOCS: [&str; 2] = ["argmem", "inaccessiblemem"];
    let loc = |i: u32| ((v >> (2 * i)) & 3) as usize;
    let other = loc(2);
    let union = loc(0) | loc(1) | loc(2);
    let mut parts: Vec<String> = Vec::new();
    if other != 0 || union == other {
        parts.push(MR[other].into());
    }
    for (i, name) in LOCS.iter().enumerate() {
        let mr = loc(i as u32);
        if mr != other {
            parts.push(format!("{name}: {}", MR[mr]));
        }
    }
    parts.join(", ")
}

/// `captures(…)` (LLVM 21+) from `other << 4 | ret`, each a set of capture components (bits:
/// address-is-null 1, address 2, read-provenance 4, provenance 8), as LLVM prints it.
fn captures_text(v: u64) -> String {
    let components = |c: u64| {
        if c == 0 {
            return "none".to_string();
        }
        let mut parts = Vec::new();
        if c & 3 == 1 {
            parts.push("address_is_null");
        } else if c & 2 != 0 {
            parts.push("address");
        }
        if c & 12 == 4 {
            parts.push("read_provenance");
        } else if c & 8 != 0 {
            parts.push("provenance");
        }
        parts.join(", ")
    };
    let (other, ret) = ((v >> 4) & 15, v & 15);
    let mut parts = Vec::new();
    if other != 0 || other == ret {
        parts.push(components(other));
    }
    if other != ret {
        parts.push(format!("ret: {}", components(ret)));
    }
    parts.join(", ")
}

/// `allockind("…")`.
fn allockind_text(v: u64) -> String {
    const NAMES: [&str; 6] = ["alloc", "realloc", "free", "uninitialized", "zeroed", "aligned"];
    let parts: Vec<&str> = NAMES.iter().enumerate().filter(|(i, _)| v & (1 << i) != 0).map(|(_, n)| *n).collect();
    format!("\"{}\"", parts.join(","))
}

/// `nofpclass(…)`, with LLVM's grouped names first.
fn nofpclass_text(v: u64) -> String {
    const GROUPS: [(u64, &str); 15] = [
        (0x3FF, "all"),
        (0x3, "nan"),
        (0x204, "inf"),
        (0x108, "norm"),
        (0x90, "sub"),
        (0x60, "zero"),
        (0x1, "snan"),
        (0x2, "qnan"),
        (0x4, "ninf"),
        (0x8, "nnorm"),
        (0x10, "nsub"),
        (0x20, "nzero"),
        (0x40, "pzero"),
        (0x80, "psub"),
        (0x100, "pnorm"),
    ];
    let mut left = v & 0x3FF;
    let mut parts = Vec::new();
    if left == 0 {
        return "none".into();
    }
    for (mask, name) in GROUPS.iter().chain(std::iter::once(&(0x200, "pinf"))) {
        if left & mask == *mask {
            parts.push(*name);
            left &= !mask;
        }
    }
    parts.join(" ")
}

fn sign_rotated(v: u64) -> i128 {
    if v & 1 == 0 {
        i128::from(v >> 1)
    } else if v != 1 {
        -i128::from(v >> 1)
    } else {
        i128::from(i64::MIN)
    }
}

impl Reader<'_> {
    fn kind(&self, code: u64) -> Result<AttrKind> {
        codes::attr_kind(code)
            .and_then(AttrKind::from_name)
            .ok_or_else(|| self.err(format!("unknown attribute kind {code}")))
    }

    pub(super) fn attr_group_block(&mut self) -> Result<()> {
        loop {
            match self.c.advance()? {
                Entry::End => return Ok(()),
                Entry::Eof => return Err(self.err("unexpected end of input")),
                Entry::Block(_) => self.c.skip()?,
                Entry::Record(3) => {
                    let r = std::mem::take(&mut self.c.ops);
                    let res = self.attr_group(&r);
                    self.c.ops = r;
                    res.map_err(|e| e.in_record(3))?;
                }
                Entry::Record(code) => return Err(self.unknown(code)),
            }
        }
    }

    fn attr_group(&mut self, r: &[u64]) -> Result<()> {
        if r.len() < 2 {
            return Err(self.err("attribute group record too short"));
        }
        let (grp, idx) = (r[0], r[1]);
        let mut out = Vec::new();
        let mut i = 2;
        let at = |i: usize| r.get(i).copied().ok_or_else(|| self.err("attribute group record too short"));
        while i < r.len() {
            let form = r[i];
            i += 1;
            match form {
                0 => {
                    let k = self.kind(at(i)?)?;
                    i += 1;
                    out.push(match k.info().name {
                        "byval" | "sret" | "inalloca" => Attr::Type(k, None),
                        "uwtable" => Attr::Raw(k, None),
                        _ => Attr::Enum(k),
                    });
                }
                1 => {
                    let k = self.kind(at(i)?)?;
                    let v = at(i + 1)?;
                    i += 2;
                    out.push(match k.info().name {
                        "uwtable" if v == 1 => Attr::Raw(k, Some("sync".into())),
                        "uwtable" => Attr::Raw(k, None),
                        "allocsize" => {
                            let (elem, n) = (v >> 32, v & 0xFFFF_FFFF);
                            let t = if n == 0xFFFF_FFFF { format!("{elem}") } else { format!("{elem}, {n}") };
                            Attr::Raw(k, Some(t.into()))
                        }
                        "vscale_range" => {
                            let (min, max) = (v >> 32, v & 0xFFFF_FFFF);
                            Attr::Raw(k, Some(format!("{min}, {max}").into()))
                        }
                        "allockind" => Attr::Raw(k, Some(allockind_text(v).into())),
                        "memory" => Attr::Raw(k, Some(memory_text(v).into())),
                        "captures" => Attr::Raw(k, Some(captures_text(v).into())),
                        "nofpclass" => Attr::Raw(k, Some(nofpclass_text(v).into())),
                        _ => Attr::Int(k, v),
                    });
                }
                3 | 4 => {
                    let end = r[i..].iter().position(|&b| b == 0).map(|p| i + p).unwrap_or(r.len());
                    let key = super::string(&r[i..end]);
                    i = end + 1;
                    let val = if form == 4 {
                        let vend =
                            r.get(i..).and_then(|s| s.iter().position(|&b| b == 0)).map(|p| i + p).unwrap_or(r.len());
                        let v = super::string(r.get(i..vend).unwrap_or(&[]));
                        i = vend + 1;
                        Some(v)
                    } else {
                        None
                    };
                    out.push(Attr::Str(key, val));
                }
                5 | 6 => {
                    let k = self.kind(at(i)?)?;
                    i += 1;
                    let t = if form == 6 {
                        let t = self.ty(at(i)?)?;
                        i += 1;
                        Some(t)
                    } else {
                        None
                    };
                    out.push(Attr::Type(k, t));
                }
                7 => {
                    let k = self.kind(at(i)?)?;
                    let width = at(i + 1)?;
                    i += 2;
                    if width > 64 {
                        return Err(self.err("range attributes wider than 64 bits are not supported"));
                    }
                    let (lo, hi) = (sign_rotated(at(i)?), sign_rotated(at(i + 1)?));
                    i += 2;
                    let signed = |v: i128| -> i128 {
                        if width == 0 || width >= 128 {
                            return v;
                        }
                        let s = 128 - width as u32;
                        (v << s) >> s
                    };
                    out.push(Attr::Raw(k, Some(format!("i{width} {}, {}", signed(lo), signed(hi)).into())));
                }
                8 => {
                    let k = self.kind(at(i)?)?;
                    let n = at(i + 1)?;
                    let width = at(i + 2)?;
                    i += 3;
                    if width > 64 || n > r.len() as u64 {
                        return Err(self.err("malformed constant range list"));
                    }
                    let mut parts = Vec::new();
                    for _ in 0..n {
                        parts.push(format!("({}, {})", sign_rotated(at(i)?), sign_rotated(at(i + 1)?)));
                        i += 2;
                    }
                    out.push(Attr::Raw(k, Some(parts.join(", ").into())));
                }
                f => return Err(self.err(format!("unknown attribute encoding {f}"))),
            }
        }
        self.attr_groups.insert(grp, (idx, AttrGroup::Read(one_per_key(out))));
        Ok(())
    }

    /// Makes parameter slots in `list` up to index `i`. A short record may name a high index,
    /// so slots are bounded in total, over every list of the input.
    fn param_slots(&mut self, list: &mut AttrList, i: usize) -> Result<()> {
        /// Parameter slots attribute lists may make in any input (more in inputs of more bytes).
        const MAX_ATTR_SLOTS: u64 = 1 << 20;
        if i >= 1 << 16 {
            return Err(self.err("parameter index out of range"));
        }
        if list.params.len() <= i {
            self.attr_slots += (i + 1 - list.params.len()) as u64;
            if self.attr_slots > MAX_ATTR_SLOTS.max(self.c.len_bits() / 8) {
                return Err(self.err("attribute lists name more parameter slots than the input could use"));
            }
            list.params.resize(i + 1, None);
        }
        Ok(())
    }

    pub(super) fn attr_block(&mut self) -> Result<()> {
        loop {
            match self.c.advance()? {
                Entry::End => return Ok(()),
                Entry::Eof => return Err(self.err("unexpected end of input")),
                Entry::Block(_) => self.c.skip()?,
                Entry::Record(2) => {
                    let groups = std::mem::take(&mut self.c.ops);
                    let mut list = AttrList::default();
                    for &g in &groups {
                        let Some((idx, group)) = self.attr_groups.get_mut(&g) else {
                            return Err(self.err(format!("attribute group {g} not defined")));
                        };
                        let idx = *idx;
                        let set = match group {
                            AttrGroup::Interned(set) => *set,
                            AttrGroup::Read(attrs) => {
                                let set = self.m.attrs.insert(AttrSet(std::mem::take(attrs).into()));
                                *group = AttrGroup::Interned(set);
                                set
                            }
                        };
                        match idx {
                            0xFFFF_FFFF => list.func = Some(set),
                            0 => list.ret = Some(set),
                            i => {
                                let i = (i - 1) as usize;
                                self.param_slots(&mut list, i)?;
                                list.params[i] = Some(set);
                            }
                        }
                    }
                    self.c.ops = groups;
                    self.attr_lists.push(std::sync::Arc::new(list));
                }
                Entry::Record(1) => {
                    // ENTRY_OLD (before LLVM 3.3): [index, encoded attributes]… pairs.
                    let ops = std::mem::take(&mut self.c.ops);
                    let res = self.old_attr_list(&ops);
                    self.c.ops = ops;
                    let list = res?;
                    self.attr_lists.push(std::sync::Arc::new(list));
                }
                Entry::Record(code) => return Err(self.unknown(code)),
            }
        }
    }

    /// An attribute list of LLVM 3.2 and older: each set a bit mask (LLVM's
    /// `decodeLLVMAttributesForBitcode`), alignment as a raw value in bits 16–31.
    fn old_attr_list(&mut self, ops: &[u64]) -> Result<AttrList> {
        if !ops.len().is_multiple_of(2) {
            return Err(self.err("old attribute list with an odd number of operands"));
        }
        let mut list = AttrList::default();
        for p in ops.chunks(2) {
            let (idx, enc) = (p[0], p[1]);
            let mut out = Vec::new();
            let align = (enc >> 16) & 0xFFFF;
            if align != 0 {
                out.push(Attr::Int(AttrKind::from_name("align").expect("known"), align));
            }
            let raw = ((enc & (0xF_FFFF << 32)) >> 11) | (enc & 0xFFFF);
            for &(bit, name) in OLD_ATTR_BITS {
                if raw & (1 << bit) != 0 {
                    let k = AttrKind::from_name(name).ok_or_else(|| self.err(format!("attribute {name} unknown")))?;
                    out.push(match name {
                        "byval" | "sret" | "inalloca" => Attr::Type(k, None),
                        "uwtable" => Attr::Raw(k, None),
                        _ => Attr::Enum(k),
                    });
                }
            }
            // The stack alignment (`alignstack`), log2 plus one in three bits.
            let stack = (raw >> 26) & 7;
            if stack != 0 {
                out.push(Attr::Int(AttrKind::from_name("alignstack").expect("known"), 1 << (stack - 1)));
            }
            let set = self.m.attrs.insert(AttrSet(out.into()));
            match idx {
                0xFFFF_FFFF => list.func = Some(set),
                0 => list.ret = Some(set),
                i => {
                    let i = (i - 1) as usize;
                    self.param_slots(&mut list, i)?;
                    list.params[i] = Some(set);
                }
            }
        }
        Ok(list)
    }

    /// `set` for a parameter of type `ty`, with an untyped `byval`, `sret` or `inalloca` (bitcode
    /// before LLVM 9 writes them so) given the pointee of a typed `ty`, as LLVM's reader does.
    pub(super) fn typed_param_attrs(&mut self, set: AttrSetId, ty: crate::ir::types::TypeId) -> AttrSetId {
        let untyped =
            |a: &Attr| matches!(a, Attr::Type(k, None) if matches!(k.info().name, "byval" | "sret" | "inalloca"));
        if !self.m.attrs[set].0.iter().any(untyped) {
            return set;
        }
        let crate::ir::types::TypeData::Pointer { pointee: Some(p), .. } = *self.m.types.get(ty) else { return set };
        let attrs: Vec<Attr> = self.m.attrs[set]
            .0
            .iter()
            .map(|a| if untyped(a) { Attr::Type(a.kind().unwrap(), Some(p)) } else { a.clone() })
            .collect();
        self.m.attrs.insert(AttrSet(attrs.into()))
    }

    /// Attribute list `raw` (1-based; 0 is none).
    pub(super) fn attr_list(&self, raw: u64) -> Result<std::sync::Arc<AttrList>> {
        if raw == 0 {
            return Ok(Default::default());
        }
        self.attr_lists
            .get(raw as usize - 1)
            .cloned()
            .ok_or_else(|| self.err(format!("attribute list {raw} not defined")))
    }
}

/// A group's attributes with one per kind and per string key, the last one read taking the first
/// one's place, as LLVM's reader builds a group (an `AttrBuilder` holds one of each). A record
/// that repeats one attribute would otherwise keep every repeat, each many times its bytes.
fn one_per_key(attrs: Vec<Attr>) -> Vec<Attr> {
    use std::hash::BuildHasher;
    let hash = |k: &str| rustc_hash::FxBuildHasher.hash_one(k);
    let key_of = |a: &Attr| match a {
        Attr::Str(k, _) => hash(k),
        _ => 0,
    };
    let mut kinds = vec![u32::MAX; crate::ir::attrs::ATTRS.len()];
    let mut keys = hashbrown::HashTable::<usize>::new();
    let mut kept: Vec<Attr> = Vec::with_capacity(attrs.len());
    for a in attrs {
        let earlier = match (&a, a.kind()) {
            (Attr::Str(k, _), _) => {
                let h = hash(k);
                match keys.find(h, |&i| matches!(&kept[i], Attr::Str(k2, _) if k2 == k)) {
                    Some(&i) => Some(i),
                    None => {
                        keys.insert_unique(h, kept.len(), |&i| key_of(&kept[i]));
                        None
                    }
                }
            }
            (_, Some(k)) => match kinds.get_mut(k.0 as usize) {
                Some(slot) if *slot != u32::MAX => Some(*slot as usize),
                Some(slot) => {
                    *slot = kept.len() as u32;
                    None
                }
                None => None,
            },
            (_, None) => None,
        };
        match earlier {
            Some(i) => kept[i] = a,
            None => kept.push(a),
        }
    }
    kept.shrink_to_fit();
    kept
}

/// An attribute group as read, until a list names it and its set is interned.
#[derive(Debug)]
pub(super) enum AttrGroup {
    Read(Vec<Attr>),
    Interned(AttrSetId),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_keeps_one_attribute_per_kind_and_key_the_last_at_the_first_place() {
        let k = |n| AttrKind::from_name(n).unwrap();
        let s = |k: &str, v: Option<&str>| Attr::Str(k.into(), v.map(Into::into));
        let mut read = vec![Attr::Enum(k("nounwind")); 30];
        read.extend([Attr::Int(k("align"), 4), s("a", Some("1")), s("b", None), Attr::Int(k("align"), 8)]);
        read.extend([Attr::Enum(k("nounwind")), s("a", Some("2")), Attr::Enum(k("cold"))]);
        let kept = one_per_key(read);
        assert_eq!(
            kept,
            [
                Attr::Enum(k("nounwind")),
                Attr::Int(k("align"), 8),
                s("a", Some("2")),
                s("b", None),
                Attr::Enum(k("cold"))
            ]
        );
        assert_eq!(kept.capacity(), kept.len(), "no room kept for the repeats");
    }
}
