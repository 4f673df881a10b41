//! IR → IR passes. Each takes a module the validator accepts and leaves one it accepts, or says
//! why it cannot, where; what a pass changes that the input said otherwise is a [`Note`].
//!
//! - [`pointers::type_pointers`]: opaque pointers (`ptr`) to LLVM 7's typed pointers, the
//!   pointee types recovered from what each value is and how it is used, with casts where the two
//!   disagree.
//! - [`llvm7::lower`]: the `atomicrmw` operations LLVM 7 lacks to the NVVM intrinsics libNVVM's
//!   LLVM 7 path reads or to `cmpxchg` loops, integer min/max/abs intrinsics to compares and
//!   selects, debug records to `llvm.dbg.*` calls, and what LLVM 7's NVPTX back end would write
//!   PTX ptxas refuses for to forms it takes (or a refusal at its place).
//! - [`downgrade::to_llvm7`]: a typed module in LLVM 7.0.1's terms (what `--syntax llvm7` prints
//!   and the LLVM 7 bitcode holds): what LLVM 7 lacks left out with a note, or refused.
//! - [`opaque::upgrade`]: typed pointers to opaque ones, as LLVM 15+ upgrades typed input.
//! - [`lto::keep_kernels`]: every kernel listed in `@llvm.used`, which nvJitLink's link-time
//!   optimization needs to keep it.

mod ctors;
pub mod downgrade;
pub mod llvm7;
pub mod lto;
pub mod opaque;
pub mod pointers;

use crate::ir::function::Function;
use crate::ir::instruction::InstId;
use crate::ir::types::{StructBody, TypeData, TypeId, Types};
use crate::ir::value::Name;

/// Names for the values a pass adds to a function, none of them taken. A pass names what it adds
/// rather than leave it numbered: a new numbered value would renumber those after it, and a
/// `blockaddress` names a numbered block by its number.
pub(crate) struct FreshNames {
    /// The names in use that end in `.N`, the only ones a fresh `stem.N` can meet: the function's
    /// own (shared, not copied), by their text. A function of a million distinct names used to
    /// cost 60 MB here, each copied into a set, for passes that mostly add no name at all.
    taken: hashbrown::HashTable<Name>,
    next: u32,
}

/// Whether `s` ends in `.N` (a dot and decimal digits), as every fresh name does.
fn numbered_suffix(s: &str) -> bool {
    s.rsplit_once('.').is_some_and(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

fn name_hash(s: &str) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one(s)
}

impl FreshNames {
    /// The names `f` uses now.
    pub(crate) fn of(f: &Function) -> FreshNames {
        let mut taken = hashbrown::HashTable::new();
        let names = f.params.iter().map(|p| &p.name).chain(f.blocks.iter().map(|(_, b)| &b.name));
        for n in names.chain(f.insts.iter().map(|(i, _)| f.inst_name(i))) {
            if let Some(s) = n.as_str().filter(|s| numbered_suffix(s)) {
                let h = name_hash(s);
                if taken.find(h, |t: &Name| t.as_str() == Some(s)).is_none() {
                    taken.insert_unique(h, n.clone(), |t: &Name| name_hash(t.as_str().unwrap_or_default()));
                }
            }
        }
        FreshNames { taken, next: 0 }
    }

    /// A new name starting with `stem` (`stem.N`).
    pub(crate) fn fresh(&mut self, stem: &str) -> Name {
        loop {
            let s = format!("{stem}.{}", self.next);
            self.next += 1;
            let h = name_hash(&s);
            if self.taken.find(h, |t| t.as_str() == Some(s.as_str())).is_none() {
                let name = Name::new(&s);
                self.taken.insert_unique(h, name.clone(), |t| name_hash(t.as_str().unwrap_or_default()));
                return name;
            }
        }
    }
}

/// Something a pass changed that the input said otherwise, or left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The function it happened in, if any.
    pub function: Option<Box<str>>,
    /// What changed.
    pub message: String,
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.function {
            Some(func) => write!(f, "in @{func}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// Why a pass could not transform a module: what, in which function, and where the instruction
/// starts in the text the module was read from, when that is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassError {
    /// The function, if the problem is inside one.
    pub function: Option<Box<str>>,
    /// The byte offset in the source text, when known.
    pub offset: Option<u32>,
    /// What cannot be done.
    pub message: String,
}

impl PassError {
    /// An error about the module as a whole.
    pub fn module(message: impl Into<String>) -> PassError {
        PassError { function: None, offset: None, message: message.into() }
    }

    /// An error at instruction `inst` of `f`.
    pub fn at(f: &Function, inst: Option<InstId>, message: impl Into<String>) -> PassError {
        let offset = inst.and_then(|i| f.source.insts.get(i.index()).copied()).or(f.source.start);
        PassError { function: Some(f.name.clone()), offset, message: message.into() }
    }
}

impl std::fmt::Display for PassError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.function {
            Some(func) => write!(f, "in @{func}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for PassError {}

/// New types for a pass that changes pointer types: each type of `old` rebuilt in a new table
/// with its pointers as `pointer(new, address space, new pointee)` makes them; identified
/// structs keep their names. Returns the table and, for each old type, its new handle (several
/// old types may become one). `target_ext`: whether target extension types may stay.
pub(crate) fn retyped(
    old: &Types,
    mut pointer: impl FnMut(&mut Types, u32, Option<TypeId>) -> TypeData,
    target_ext: bool,
) -> Result<(Types, Vec<TypeId>), PassError> {
    let mut new = Types::default();
    for (_, s) in old.named_structs() {
        new.named_struct(&s.name);
    }
    let mut table: Vec<TypeId> = Vec::with_capacity(old.len());
    let bad = || PassError::module("a type refers to a type defined after it");
    for (id, t) in old.iter() {
        let map = |x: &TypeId| table.get(x.index()).copied().ok_or_else(bad);
        let maps = |xs: &[TypeId]| xs.iter().map(map).collect::<Result<Box<[TypeId]>, _>>();
        let data = match t {
            TypeData::Pointer { addr_space, pointee } => {
                let pointee = pointee.as_ref().map(map).transpose()?;
                pointer(&mut new, *addr_space, pointee)
            }
            TypeData::Named(n) => {
                debug_assert_eq!(id.index(), table.len());
                table.push(new.named_struct(&old.named(*n).name).1);
                continue;
            }
            TypeData::Function { ret, params, vararg } => {
                TypeData::Function { ret: map(ret)?, params: maps(params)?, vararg: *vararg }
            }
            TypeData::Struct(b) => TypeData::Struct(StructBody { fields: maps(&b.fields)?, packed: b.packed }),
            TypeData::Array { len, elem } => TypeData::Array { len: *len, elem: map(elem)? },
            TypeData::Vector { len, elem, scalable } => {
                TypeData::Vector { len: *len, elem: map(elem)?, scalable: *scalable }
            }
            TypeData::TargetExt(t) if !target_ext => {
                let name = &t.name;
                return Err(PassError::module(format!(
                    "target extension type target(\"{name}\") has no typed-pointer form"
                )));
            }
            TypeData::TargetExt(t) => TypeData::TargetExt(Box::new(crate::ir::types::TargetExtType {
                name: t.name.clone(),
                types: maps(&t.types)?,
                ints: t.ints.clone(),
            })),
            other => other.clone(),
        };
        table.push(new.intern(data));
    }
    for (id, s) in old.named_structs() {
        if let Some(b) = &s.body {
            let fields = b.fields.iter().map(|f| table[f.index()]).collect();
            new.set_body(id, Some(StructBody { fields, packed: b.packed }));
        }
    }
    Ok((new, table))
}
