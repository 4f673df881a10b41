//! Debug locations as `tileirdisasm -g` prints them: aliases (`#loc3 = …`) for the debug
//! attributes a module's location lists use, each kept once, named in MLIR's order.

use super::print::escape;
use crate::body::{Event, Walker};
use crate::ir::*;
use rustc_hash::FxHashMap;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::hash::{BuildHasher, RandomState};

/// Where a function's location list starts in the debug indices (`-g`).
pub(super) fn debug_start(m: &Module, f: &Function) -> Option<usize> {
    let d = m.debug.as_ref()?;
    let list = usize::try_from(f.loc).ok()?.checked_sub(1)?;
    d.func_offsets.get(list).map(|&s| s as usize)
}

/// Walks a function's debug location list (the function, then every op in pre-order),
/// registering aliases.
pub(super) fn locations<'m>(m: &'m Module, f: &Function, aliases: &mut Aliases<'m>) {
    let (Some(d), Some(start)) = (&m.debug, debug_start(m, f)) else { return };
    let mut next = start;
    let mut take = |aliases: &mut Aliases<'m>| {
        let idx = d.indices.get(next).copied().unwrap_or(0);
        next += 1;
        visit(m, idx, aliases, 0);
    };
    take(aliases);
    let mut w = Walker::new(m, &f.body);
    while let Ok(Some(ev)) = w.next() {
        if let Event::Op { .. } = ev {
            take(aliases);
        }
    }
}

/// Registers the alias of a debug attribute (biased index; 0 is unknown) and what it uses.
fn visit<'m>(m: &'m Module, idx: u64, aliases: &mut Aliases<'m>, depth: usize) -> usize {
    let slot = usize::try_from(idx).ok().filter(|&i| i < aliases.done.len());
    if let Some(a) = slot.map(|i| aliases.done[i]).filter(|&a| a != NOT_DONE) {
        return a as usize;
    }
    if aliases.active.contains(&idx) {
        return aliases.add(AliasKind::Unknown, 0);
    }
    aliases.active.push(idx);
    let a = visit_new(m, idx, aliases, depth);
    aliases.active.pop();
    if let Some(i) = slot {
        aliases.done[i] = a as u32;
    }
    a
}

fn visit_new<'m>(m: &'m Module, idx: u64, aliases: &mut Aliases<'m>, depth: usize) -> usize {
    let Some(d) = &m.debug else { return aliases.add(AliasKind::Unknown, 0) };
    // Chains of scopes are followed 32 deep (recursion on the input stays bounded).
    if idx == 0 || depth > 32 {
        return aliases.add(AliasKind::Unknown, 0);
    }
    let attr = usize::try_from(idx - 1).ok().and_then(|i| d.attr(i, m.version));
    match attr {
        Some(DebugAttr::Loc { scope, filename, line, col }) => {
            let f = aliases.string(filename);
            let l = aliases.add(AliasKind::FileLineCol(f, line, col), 0);
            let s = visit(m, scope, aliases, depth + 1);
            let dep = 1 + aliases.depth(s);
            aliases.add(AliasKind::DiLoc(l as u32, s as u32), dep)
        }
        Some(DebugAttr::CallSite { callee, caller }) => {
            let a = visit(m, callee, aliases, depth + 1);
            let b = visit(m, caller, aliases, depth + 1);
            let dep = 1 + aliases.depth(a).max(aliases.depth(b));
            aliases.add(AliasKind::CallSite(a as u32, b as u32), dep)
        }
        Some(DebugAttr::File { name, dir }) => {
            let kind = AliasKind::File(aliases.string(name), aliases.string(dir));
            aliases.add(kind, 0)
        }
        Some(DebugAttr::CompileUnit { file }) => {
            let f = visit(m, file, aliases, depth + 1);
            let dep = 1 + aliases.depth(f);
            aliases.add(AliasKind::CompileUnit(f as u32), dep)
        }
        Some(DebugAttr::Subprogram { file, line, name, linkage, unit, scope_line, .. }) => {
            let fi = visit(m, file, aliases, depth + 1);
            let u = visit(m, unit, aliases, depth + 1);
            let dep = 1 + aliases.depth(fi).max(aliases.depth(u));
            let (name, linkage) = (aliases.string(name), aliases.string(linkage));
            let sub = Subprogram { file: fi as u32, line, name, linkage, unit: u as u32, scope_line };
            aliases.add_subprogram(sub, dep)
        }
        Some(DebugAttr::LexicalBlock { scope, file, line, col }) => {
            let s = visit(m, scope, aliases, depth + 1);
            let fi = visit(m, file, aliases, depth + 1);
            let dep = 1 + aliases.depth(s).max(aliases.depth(fi));
            aliases.add(AliasKind::LexicalBlock { scope: s as u32, file: fi as u32, line, col }, dep)
        }
        _ => aliases.add(AliasKind::Unknown, 0),
    }
}

/// What a debug alias stands for: strings by the first id with their text (aliases are the
/// same when they print the same), other aliases and subprograms by index.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum AliasKind {
    Unknown,
    FileLineCol(StrId, u64, u64),
    File(StrId, StrId),
    CompileUnit(u32),
    Subprogram(u32),
    LexicalBlock { scope: u32, file: u32, line: u64, col: u64 },
    DiLoc(u32, u32),
    CallSite(u32, u32),
}

/// A subprogram alias's fields (kept apart: the other kinds are smaller).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Subprogram {
    file: u32,
    line: u64,
    name: StrId,
    linkage: StrId,
    unit: u32,
    scope_line: u64,
}

/// Debug aliases, each kept once and found by a hash of its kind (keyed per process), with the
/// kinds of equal hash chained through `next`.
pub(super) struct Aliases<'m> {
    m: &'m Module,
    kinds: Vec<AliasKind>,
    depths: Vec<u32>,
    hasher: RandomState,
    heads: FxHashMap<u64, u32>,
    next: Vec<u32>,
    subprograms: Vec<Subprogram>,
    subprogram_index: HashMap<Subprogram, u32>,
    /// Per debug attribute (by biased index; 0 is unknown): its alias once visited.
    done: Vec<u32>,
    /// Debug attributes being visited (a reference cycle reads as unknown).
    active: Vec<u64>,
    /// The first string id with each text an alias uses.
    strings: HashMap<&'m [u8], StrId>,
    unknown: Option<u32>,
    /// Per alias: its number among the aliases of its base name (set once all are known).
    numbers: Vec<u32>,
}

const NOT_DONE: u32 = u32::MAX;

impl<'m> Aliases<'m> {
    pub(super) fn new(m: &'m Module) -> Aliases<'m> {
        let attrs = m.debug.as_ref().map_or(0, |d| d.attrs.len());
        Aliases {
            m,
            kinds: Vec::new(),
            depths: Vec::new(),
            hasher: RandomState::new(),
            heads: FxHashMap::default(),
            next: Vec::new(),
            subprograms: Vec::new(),
            subprogram_index: HashMap::new(),
            done: vec![NOT_DONE; attrs + 1],
            active: Vec::new(),
            strings: HashMap::new(),
            unknown: None,
            numbers: Vec::new(),
        }
    }

    pub(super) fn add(&mut self, kind: AliasKind, depth: usize) -> usize {
        let h = self.hasher.hash_one(kind);
        let mut i = self.heads.get(&h).copied().unwrap_or(u32::MAX);
        while i != u32::MAX {
            if self.kinds[i as usize] == kind {
                return i as usize;
            }
            i = self.next[i as usize];
        }
        let i = self.kinds.len() as u32;
        self.kinds.push(kind);
        self.depths.push(u32::try_from(depth).unwrap_or(u32::MAX));
        self.next.push(self.heads.insert(h, i).unwrap_or(u32::MAX));
        if kind == AliasKind::Unknown {
            self.unknown = Some(i);
        }
        i as usize
    }

    fn add_subprogram(&mut self, sub: Subprogram, depth: usize) -> usize {
        let n = self.subprograms.len() as u32;
        let i = *self.subprogram_index.entry(sub).or_insert(n);
        if i == n {
            self.subprograms.push(sub);
        }
        self.add(AliasKind::Subprogram(i), depth)
    }

    /// The first string id with the text of `s`.
    fn string(&mut self, s: StrId) -> StrId {
        *self.strings.entry(self.m.string(s)).or_insert(s)
    }

    fn depth(&self, i: usize) -> usize {
        self.depths[i] as usize
    }

    /// The alias of a debug index visited before.
    pub(super) fn of(&self, idx: u64) -> Option<usize> {
        match usize::try_from(idx).ok().and_then(|i| self.done.get(i)) {
            Some(&a) if a != NOT_DONE => Some(a as usize),
            _ => self.unknown.map(|u| u as usize),
        }
    }

    fn base(kind: &AliasKind) -> &'static str {
        match kind {
            AliasKind::File(..) => "di_file",
            AliasKind::CompileUnit(_) => "di_compile_unit",
            AliasKind::Subprogram(_) => "di_subprogram",
            AliasKind::LexicalBlock { .. } => "di_lexical_block",
            _ => "loc",
        }
    }

    pub(super) fn order(&self) -> Vec<u32> {
        let mut v: Vec<u32> = (0..self.kinds.len() as u32).collect();
        v.sort_by_key(|&i| (self.depths[i as usize], Self::base(&self.kinds[i as usize]), i));
        v
    }

    /// Numbers the aliases of each base name in MLIR's order.
    pub(super) fn number(&mut self) {
        let mut numbers = vec![0u32; self.kinds.len()];
        let mut counts: FxHashMap<&str, u32> = FxHashMap::default();
        for i in self.order() {
            let n = counts.entry(Self::base(&self.kinds[i as usize])).or_insert(0);
            numbers[i as usize] = *n;
            *n += 1;
        }
        self.numbers = numbers;
    }

    /// `#name` of an alias.
    pub(super) fn write_ref(&self, out: &mut String, i: usize) {
        out.push('#');
        self.write_name(out, i);
    }

    fn write_name(&self, out: &mut String, i: usize) {
        out.push_str(Self::base(&self.kinds[i]));
        match self.numbers.get(i) {
            Some(&n) if n > 0 => {
                let _ = write!(out, "{n}");
            }
            _ => {}
        }
    }

    pub(super) fn text(&self, i: usize) -> String {
        let r = |j: u32| {
            let mut s = String::new();
            self.write_ref(&mut s, j as usize);
            s
        };
        let text = |s: StrId| escape(&String::from_utf8_lossy(self.m.string(s)));
        match self.kinds[i] {
            AliasKind::Unknown => "loc(unknown)".into(),
            AliasKind::FileLineCol(f, l, c) => format!("loc({}:{l}:{c})", text(f)),
            AliasKind::File(n, d) => format!("#cuda_tile.di_file<{} in {}>", text(n), text(d)),
            AliasKind::CompileUnit(f) => format!("#cuda_tile.di_compile_unit<file = {}>", r(f)),
            AliasKind::Subprogram(s) => {
                let Subprogram { file, line, name, linkage, unit, scope_line } = self.subprograms[s as usize];
                format!(
                    "#cuda_tile.di_subprogram<file = {}, line = {line}, name = {}, linkageName = {}, compileUnit = {}, scopeLine = {scope_line}>",
                    r(file),
                    text(name),
                    text(linkage),
                    r(unit)
                )
            }
            AliasKind::LexicalBlock { scope, file, line, col } => {
                format!(
                    "#cuda_tile.di_lexical_block<scope = {}, file = {}, line = {line}, column = {col}>",
                    r(scope),
                    r(file)
                )
            }
            AliasKind::DiLoc(l, s) => format!("#cuda_tile.di_loc<{} in {}>", r(l), r(s)),
            AliasKind::CallSite(a, b) => format!("loc(callsite({} at {}))", r(a), r(b)),
        }
    }
}
