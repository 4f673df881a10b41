//! Reading function bodies on several threads.
//!
//! Real modules are mostly function bodies, and bodies depend on each other only through the
//! module's shared tables (types, constants, metadata, attribute sets, symbols), as do global
//! variables. When the parser reaches the first global or function of a large input, it cuts the
//! rest at `define` and `@name =` lines into chunks that shrink toward the end. Whichever thread
//! is free reads the next chunk into a copy of the module as it stood at the cut; the main thread
//! reads the first chunk in place. The copies are then merged in text order:
//! what a worker added to a table is looked up or added in the main module in the order the
//! worker added it, and its functions move over with their handles rewritten. Replaying additions
//! in text order gives the module a sequential read builds, handle for handle (a test compares).
//!
//! A worker stops at the first top-level entity that is not a function or global; the main thread goes on
//! from there by itself. Anything unusual makes the whole input be read again sequentially, so
//! that the result (or the error reported) is exactly the sequential one: a cut that turns out
//! not to be a top-level boundary (a `define` line inside a string), an error in a worker's
//! chunk, or a conflict only the merge sees (a redefinition, a use whose type does not fit,
//! numbered globals that do not continue the numbering before the chunk, `distinct` metadata).

use super::{AttrTarget, PResult, ParseError, Parser};
use crate::ir::attrs::{Attr, AttrSet, AttrSetId};
use crate::ir::constant::{ConstData, ConstId};
use crate::ir::function::{Function, LocalMd};
use crate::ir::instruction::{Atomic, CallSite, InstKind};
use crate::ir::metadata::{MdAttachment, MdField, MdId, MdKind, MdNode};
use crate::ir::module::{AsmId, GlobalDef, InlineAsm, SymbolId};
use crate::ir::types::{NamedStructId, StructBody, TypeData, TypeId};
use crate::ir::value::Value;
use crate::text::lexer::Lexer;
use crate::text::token::TokenKind;
use nvir_diag::Span;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc;

/// How a parse may use threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseOptions {
    /// Threads to read function bodies with; 1 reads sequentially.
    pub threads: usize,
    /// The smallest chunk of function bodies, in bytes, worth a thread of its own.
    pub min_chunk: usize,
}

impl ParseOptions {
    /// One thread: no parallel reading.
    pub const SEQUENTIAL: ParseOptions = ParseOptions { threads: 1, min_chunk: usize::MAX };
}

impl Default for ParseOptions {
    /// As many threads as the machine runs at once (at most 8), chunks of at least 1 MiB.
    fn default() -> Self {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
        ParseOptions { threads, min_chunk: 1 << 20 }
    }
}

/// Workers recurse as deep as the main thread may (nesting is bounded by the parser's depth
/// limit): give them a main thread's stack.
const WORKER_STACK: usize = 8 << 20;

/// A chunk read by a worker.
struct Chunk<'a> {
    k: usize,
    parser: Parser<'a>,
    read: PResult<()>,
}

/// Table sizes at the cut: handles below them mean the same in every copy of the module.
#[derive(Debug, Clone, Copy, Default)]
struct Base {
    types: usize,
    named: usize,
    consts: usize,
    attrs: usize,
    asms: usize,
    md: usize,
    md_kinds: usize,
    symbols: usize,
    functions: usize,
    scopes: usize,
    distinct: u32,
    globals: usize,
    aliases: usize,
    ifuncs: usize,
}

impl Base {
    fn of(p: &Parser<'_>) -> Base {
        Base {
            types: p.m.types.len(),
            named: p.m.types.named_structs().len(),
            consts: p.m.consts.len(),
            attrs: p.m.attrs.len(),
            asms: p.m.asms.len(),
            md: p.m.metadata.len(),
            md_kinds: p.m.metadata.kinds_len(),
            symbols: p.m.symbols.len(),
            functions: p.m.functions.len(),
            scopes: p.m.sync_scopes.len(),
            distinct: p.m.metadata.distinct_count(),
            globals: p.m.globals.len(),
            aliases: p.m.aliases.len(),
            ifuncs: p.m.ifuncs.len(),
        }
    }
}

/// The start of the first line at or after `from` that begins a function or a global
/// (`define …`, `@name = …`).
fn next_entity_line(src: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(off) = src.get(i..)?.iter().position(|&b| b == b'\n') {
        let line = i + off + 1;
        if src[line..].starts_with(b"define ") || src[line..].starts_with(b"@") {
            return Some(line);
        }
        i = line;
    }
    None
}

/// Chunk starts: `start`, then function or global lines. Chunks shrink as the input goes on
/// (each takes a share of what is left, as guided scheduling does), so the last ones, which
/// decide when every thread is done, are small: no thread waits long on another at the end, and
/// the merges left after the last read are of small chunks. None is smaller than `min_chunk`.
fn cut_points(src: &[u8], start: usize, threads: usize, min_chunk: usize) -> Vec<usize> {
    let mut cuts = vec![start];
    let mut at = start;
    loop {
        let left = src.len() - at;
        let size = (left / (2 * threads)).max(min_chunk.max(1));
        if size >= left || left - size < min_chunk {
            break;
        }
        match next_entity_line(src, at + size) {
            Some(p) if p > at && p < src.len() => {
                cuts.push(p);
                at = p;
            }
            _ => break,
        }
    }
    cuts
}

impl<'a> Parser<'a> {
    /// Where the parser stands: the start of its current token (the input's end at its end).
    fn stop_offset(&self) -> usize {
        match self.tok.kind {
            TokenKind::Eof => self.src.len(),
            _ => self.tok.start as usize,
        }
    }

    /// Moves the reader to `at`, a top-level boundary.
    fn seek(&mut self, at: usize) {
        self.lex = Lexer::from_bytes(self.src);
        self.lex.seek(at);
        self.tok = self.lex.next_token();
    }

    /// A worker for the chunk `[start, limit)`: a copy of the state at the cut.
    fn fork(&self, start: usize, limit: usize) -> Parser<'a> {
        let mut lex = Lexer::from_bytes(self.src);
        lex.seek(start);
        let tok = lex.next_token();
        Parser {
            src: self.src,
            src_str: self.src_str,
            lex,
            tok,
            m: self.m.clone(),
            depth: 0,
            symbols: self.symbols.clone(),
            sym_uses: self.sym_uses.clone(),
            next_global_num: self.next_global_num,
            first_global_num: None,
            global_num_unknown: true,
            types_defined: self.types_defined.clone(),
            type_uses: Default::default(),
            md_slots: self.md_slots.clone(),
            md_defined: self.md_defined.clone(),
            md_uses: Default::default(),
            attr_groups: Default::default(),
            attr_fixups: Vec::new(),
            dialect_span: self.dialect_span,
            dialect: self.dialect,
            common: self.common.clone(),
            sym_consts: self.sym_consts.clone(),
            call_fn_tys: self.call_fn_tys.clone(),
            type_params: Vec::new(),
            fn_scratch: None,
            attr_scratch: Vec::new(),
            limit: u32::try_from(limit).unwrap_or(u32::MAX),
            functions_only: true,
            options: ParseOptions::SEQUENTIAL,
            check_pointees: self.check_pointees,
            fell_back: false,
        }
    }

    /// Gives up on the parallel read: the caller reads the input again, sequentially.
    #[cold]
    fn fall_back<T>(&mut self) -> PResult<T> {
        self.fell_back = true;
        Err(ParseError::new(Span::at(0, 0), "the parallel read fell back to a sequential one"))
    }

    /// At the first global or function: reads the rest in parallel when it is large enough.
    /// `Ok(false)`: not worth it, nothing was read. `Ok(true)`: the globals and functions were
    /// read and the parser stands at the first top-level entity after them.
    ///
    /// The rest is cut into a few chunks per thread. This parser reads the first chunk in place;
    /// the others go to whichever thread is free, each into a copy of the state at the cut. This
    /// thread merges finished chunks in order as they come, and reads an unclaimed chunk itself
    /// while the next one to merge is still being read, so merging overlaps reading.
    pub(super) fn read_rest_in_parallel(&mut self) -> PResult<bool> {
        let options = std::mem::replace(&mut self.options, ParseOptions::SEQUENTIAL);
        let start = self.tok.start as usize;
        if options.threads < 2 || (self.src.len() - start) / options.min_chunk.max(1) < 2 {
            return Ok(false);
        }
        let cuts = cut_points(self.src, start, options.threads, options.min_chunk);
        if cuts.len() < 2 {
            return Ok(false);
        }
        let base = Base::of(self);
        let len = self.src.len();
        let end_of = |k: usize| cuts.get(k + 1).copied().unwrap_or(len);
        let snapshot = self.fork(start, start);
        let next = AtomicUsize::new(1);
        let halt = AtomicBool::new(false);
        // Reads the next unclaimed chunk, if any.
        let claim = || -> Option<Chunk<'a>> {
            if halt.load(Relaxed) {
                return None;
            }
            let k = next.fetch_add(1, Relaxed);
            let &s = cuts.get(k)?;
            let mut w = snapshot.fork(s, end_of(k));
            let read = w.module();
            Some(Chunk { k, parser: w, read })
        };
        self.limit = cuts[1] as u32;
        self.functions_only = true;
        let outcome = std::thread::scope(|scope| {
            let (tx, rx) = mpsc::channel::<Chunk<'a>>();
            for _ in 1..options.threads.min(cuts.len()) {
                let tx = tx.clone();
                let claim = &claim;
                // Should no thread be had, this one reads every chunk itself.
                let _ = std::thread::Builder::new().stack_size(WORKER_STACK).spawn_scoped(scope, move || {
                    while let Some(done) = claim() {
                        if tx.send(done).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            let (dropper, leftovers) = mpsc::channel::<Parser<'a>>();
            // Should no thread be had, the refused closure drops the receiver; sends then fail
            // and merged copies are freed where they are.
            let _ = std::thread::Builder::new().spawn_scoped(scope, move || leftovers.into_iter().for_each(drop));
            let outcome = self.merge_chunks(&cuts, &base, &claim, &dropper, &rx);
            halt.store(true, Relaxed);
            outcome
        });
        self.limit = u32::MAX;
        self.functions_only = false;
        match outcome? {
            Some(at) => {
                self.seek(at);
                Ok(true)
            }
            None => self.fall_back(),
        }
    }

    /// Reads the first chunk, then merges the others in order. `Ok(Some(at))`: merged up to `at`,
    /// a top-level boundary to go on from; `Ok(None)`: fall back; `Err`: the first chunk's error
    /// (read in order by this parser, it is the sequential one).
    fn merge_chunks(
        &mut self,
        cuts: &[usize],
        base: &Base,
        claim: &dyn Fn() -> Option<Chunk<'a>>,
        dropper: &mpsc::Sender<Parser<'a>>,
        rx: &mpsc::Receiver<Chunk<'a>>,
    ) -> PResult<Option<usize>> {
        self.module()?;
        let mut at = self.stop_offset();
        let mut ready: Vec<Option<Chunk<'a>>> = (0..cuts.len()).map(|_| None).collect();
        for k in 1..cuts.len() {
            if at != cuts[k] {
                // The chunk before stopped early, at some other entity: go on from there alone.
                break;
            }
            let chunk = loop {
                if let Some(c) = ready[k].take() {
                    break c;
                }
                let got = match rx.try_recv() {
                    Ok(c) => Some(c),
                    Err(_) => match claim() {
                        Some(c) => Some(c),
                        // Everything is claimed: wait for the thread reading this one.
                        None => rx.recv().ok(),
                    },
                };
                match got {
                    Some(c) => {
                        let j = c.k;
                        ready[j] = Some(c);
                    }
                    None => return Ok(None),
                }
            };
            let end = cuts.get(k + 1).copied().unwrap_or(self.src.len());
            if chunk.read.is_err() || chunk.parser.stop_offset() > end {
                return Ok(None);
            }
            at = chunk.parser.stop_offset();
            let mut w = chunk.parser;
            let merged = self.merge(&mut w, base);
            // What is left of the copy is freed off this thread, which has merging to do.
            let _ = dropper.send(w);
            if merged.is_err() {
                return Ok(None);
            }
        }
        Ok(Some(at))
    }

    /// Moves a worker's additions into this module, in the worker's order. `Err`: a conflict the
    /// sequential read reports with its own error.
    fn merge(&mut self, w: &mut Parser<'a>, base: &Base) -> Result<(), ()> {
        if w.m.metadata.distinct_count() != base.distinct {
            return Err(());
        }
        if let Some(first) = w.first_global_num {
            if first != self.next_global_num {
                return Err(());
            }
            self.next_global_num = w.next_global_num;
        }
        match (self.dialect_span, w.dialect_span) {
            (Some((a, _)), Some((b, _))) if a != b => return Err(()),
            (None, Some(d)) => self.dialect_span = Some(d),
            _ => {}
        }
        let mut r = Remap { base: *base, ..Remap::default() };

        // Types, with identified structs first used in the chunk looked up by name.
        let mut named: Vec<NamedStructId> = Vec::new();
        for i in base.types..w.m.types.len() {
            let t = match w.m.types.get(TypeId::from_index(i)).clone() {
                TypeData::Named(n) if n.index() >= base.named => {
                    let (id, t) = self.m.types.named_struct(&w.m.types.named(n).name);
                    let slot = n.index() - base.named;
                    if named.len() <= slot {
                        named.resize(slot + 1, id);
                    }
                    named[slot] = id;
                    r.types.push(t);
                    continue;
                }
                t => r.type_data(t),
            };
            r.types.push(self.m.types.intern(t));
        }
        for (n, at) in std::mem::take(&mut w.type_uses) {
            let n = if n.index() >= base.named { named.get(n.index() - base.named).copied().ok_or(())? } else { n };
            self.type_uses.entry(n).or_insert(at);
        }

        for i in base.symbols..w.m.symbols.len() {
            let s = self.symbol(&w.m.symbols[SymbolId::from_index(i)].name);
            r.syms.push(s);
        }
        for i in base.consts..w.m.consts.len() {
            let c = r.const_data(w.m.consts[ConstId::from_index(i)].clone());
            r.consts.push(self.m.constant(c));
        }
        for i in base.attrs..w.m.attrs.len() {
            let set = r.attr_set(&w.m.attrs[AttrSetId::from_index(i)]);
            r.attrs.push(self.m.attrs.insert(set));
        }
        for i in base.asms..w.m.asms.len() {
            let a = &w.m.asms[AsmId::from_index(i)];
            r.asms.push(self.m.asms.insert(InlineAsm { ty: r.ty(a.ty), ..a.clone() }));
        }
        for i in base.md_kinds..w.m.metadata.kinds_len() {
            r.kinds.push(self.m.metadata.kind(w.m.metadata.kind_name(MdKind(i as u32))));
        }
        for i in base.scopes..w.m.sync_scopes.len() {
            r.scopes.push(self.m.sync_scope(&w.m.sync_scopes[i]));
        }
        for i in base.md..w.m.metadata.len() {
            let id = match r.md_node(w.m.metadata.get(MdId::from_index(i)).clone()) {
                MdNode::Placeholder(slot) => match self.md_slots.get(&slot) {
                    Some(&id) => id,
                    None => {
                        let id = self.m.metadata.placeholder(slot);
                        self.md_slots.insert(slot, id);
                        id
                    }
                },
                node => self.m.metadata.intern(node),
            };
            r.md.push(id);
        }
        for (slot, at) in std::mem::take(&mut w.md_uses) {
            self.md_uses.entry(slot).or_insert(at);
        }

        // Globals, aliases and ifuncs move over, then functions; each defines its symbol.
        let at = Span::at(0, 0);
        let mut globals = Vec::new();
        for mut g in w.m.globals.split_off(base.globals) {
            g.ty = r.ty(g.ty);
            g.init = g.init.map(|c| r.cnst(c));
            g.attrs = r.attr(g.attrs);
            r.attachments(&mut g.props.metadata);
            let sym = self.symbol(&g.name);
            let id = self.m.globals.push(g);
            globals.push(id);
            self.define_global(at, sym, GlobalDef::Var(id)).map_err(|_| ())?;
        }
        for mut a in w.m.aliases.split_off(base.aliases) {
            a.ty = r.ty(a.ty);
            a.aliasee = r.cnst(a.aliasee);
            r.attachments(&mut a.props.metadata);
            let sym = self.symbol(&a.name);
            let id = self.m.aliases.push(a);
            self.define_global(at, sym, GlobalDef::Alias(id)).map_err(|_| ())?;
        }
        for mut i in w.m.ifuncs.split_off(base.ifuncs) {
            i.ty = r.ty(i.ty);
            i.resolver = r.cnst(i.resolver);
            r.attachments(&mut i.props.metadata);
            let sym = self.symbol(&i.name);
            let id = self.m.ifuncs.push(i);
            self.define_global(at, sym, GlobalDef::IFunc(id)).map_err(|_| ())?;
        }
        let mut funcs = Vec::new();
        for mut f in w.m.functions.split_off(base.functions) {
            r.function(&mut f);
            let name = f.name.clone();
            let fid = self.m.functions.push(f);
            funcs.push(fid);
            let sym = self.symbol(&name);
            self.define_global(at, sym, GlobalDef::Func(fid)).map_err(|_| ())?;
        }
        // Uses of globals the chunk never saw defined.
        let mut uses: Vec<_> = std::mem::take(&mut w.sym_uses).into_iter().collect();
        uses.sort_unstable_by_key(|(_, (at, _))| at.start);
        for (s, (at, ty)) in uses {
            self.use_symbol(r.sym(s), r.ty(ty), at).map_err(|_| ())?;
        }
        for (target, set, groups) in std::mem::take(&mut w.attr_fixups) {
            let func = |f: crate::ir::module::FuncId| {
                if f.index() >= base.functions {
                    funcs.get(f.index() - base.functions).copied().ok_or(())
                } else {
                    Ok(f)
                }
            };
            let target = match target {
                AttrTarget::Function(f) => AttrTarget::Function(func(f)?),
                AttrTarget::Call(f, i) => AttrTarget::Call(func(f)?, i),
                AttrTarget::Global(g) if g.index() >= base.globals => {
                    AttrTarget::Global(globals.get(g.index() - base.globals).copied().ok_or(())?)
                }
                AttrTarget::Global(g) => AttrTarget::Global(g),
            };
            self.attr_fixups.push((target, r.attr(set), groups));
        }
        Ok(())
    }
}

/// Where a worker's handles go in the merged module: entries below the base are shared, the
/// rest are looked up by offset from it.
#[derive(Default)]
struct Remap {
    base: Base,
    types: Vec<TypeId>,
    consts: Vec<ConstId>,
    attrs: Vec<AttrSetId>,
    asms: Vec<AsmId>,
    md: Vec<MdId>,
    kinds: Vec<MdKind>,
    scopes: Vec<u32>,
    syms: Vec<SymbolId>,
}

/// A handle below `base` is kept; one above is looked up (it was added before it is used).
fn map<T: Copy>(h: T, index: usize, base: usize, table: &[T]) -> T {
    if index < base {
        h
    } else {
        table[index - base]
    }
}

impl Remap {
    fn ty(&self, t: TypeId) -> TypeId {
        map(t, t.index(), self.base.types, &self.types)
    }
    fn cnst(&self, c: ConstId) -> ConstId {
        map(c, c.index(), self.base.consts, &self.consts)
    }
    fn attr(&self, a: AttrSetId) -> AttrSetId {
        map(a, a.index(), self.base.attrs, &self.attrs)
    }
    fn md_id(&self, m: MdId) -> MdId {
        map(m, m.index(), self.base.md, &self.md)
    }
    fn sym(&self, s: SymbolId) -> SymbolId {
        map(s, s.index(), self.base.symbols, &self.syms)
    }
    fn kind(&self, k: MdKind) -> MdKind {
        map(k, k.0 as usize, self.base.md_kinds, &self.kinds)
    }
    fn scope(&self, s: u32) -> u32 {
        map(s, s as usize, self.base.scopes, &self.scopes)
    }
    fn value(&self, v: Value) -> Value {
        match v {
            Value::Const(c) => Value::Const(self.cnst(c)),
            Value::Md(m) => Value::Md(self.md_id(m)),
            Value::Asm(a) => Value::Asm(map(a, a.index(), self.base.asms, &self.asms)),
            local => local,
        }
    }

    fn types(&self, ts: &mut [TypeId]) {
        ts.iter_mut().for_each(|t| *t = self.ty(*t));
    }

    fn type_data(&self, t: TypeData) -> TypeData {
        match t {
            TypeData::Pointer { addr_space, pointee } => {
                TypeData::Pointer { addr_space, pointee: pointee.map(|p| self.ty(p)) }
            }
            TypeData::Function { ret, mut params, vararg } => {
                self.types(&mut params);
                TypeData::Function { ret: self.ty(ret), params, vararg }
            }
            TypeData::Struct(StructBody { mut fields, packed }) => {
                self.types(&mut fields);
                TypeData::Struct(StructBody { fields, packed })
            }
            TypeData::Array { len, elem } => TypeData::Array { len, elem: self.ty(elem) },
            TypeData::Vector { len, elem, scalable } => TypeData::Vector { len, elem: self.ty(elem), scalable },
            TypeData::TargetExt { name, mut types, ints } => {
                self.types(&mut types);
                TypeData::TargetExt { name, types, ints }
            }
            other => other,
        }
    }

    fn const_data(&self, c: ConstData) -> ConstData {
        let consts = |cs: &mut [ConstId]| cs.iter_mut().for_each(|c| *c = self.cnst(*c));
        match c {
            ConstData::Int { ty, value } => ConstData::Int { ty: self.ty(ty), value },
            ConstData::Float { ty, bits } => ConstData::Float { ty: self.ty(ty), bits },
            ConstData::Null(ty) => ConstData::Null(self.ty(ty)),
            ConstData::Undef(ty) => ConstData::Undef(self.ty(ty)),
            ConstData::Poison(ty) => ConstData::Poison(self.ty(ty)),
            ConstData::Zero(ty) => ConstData::Zero(self.ty(ty)),
            ConstData::NoneToken(ty) => ConstData::NoneToken(self.ty(ty)),
            ConstData::Array { ty, mut elems } => {
                consts(&mut elems);
                ConstData::Array { ty: self.ty(ty), elems }
            }
            ConstData::Vector { ty, mut elems } => {
                consts(&mut elems);
                ConstData::Vector { ty: self.ty(ty), elems }
            }
            ConstData::Struct { ty, mut fields } => {
                consts(&mut fields);
                ConstData::Struct { ty: self.ty(ty), fields }
            }
            ConstData::Bytes { ty, bytes } => ConstData::Bytes { ty: self.ty(ty), bytes },
            ConstData::Global { ty, global } => ConstData::Global { ty: self.ty(ty), global: self.sym(global) },
            ConstData::BlockAddress { ty, func, block } => {
                ConstData::BlockAddress { ty: self.ty(ty), func: self.sym(func), block }
            }
            ConstData::DsoLocalEquivalent { ty, global } => {
                ConstData::DsoLocalEquivalent { ty: self.ty(ty), global: self.sym(global) }
            }
            ConstData::NoCfi { ty, global } => ConstData::NoCfi { ty: self.ty(ty), global: self.sym(global) },
            ConstData::Expr(mut e) => {
                e.ty = self.ty(e.ty);
                e.source_ty = e.source_ty.map(|t| self.ty(t));
                consts(&mut e.operands);
                ConstData::Expr(e)
            }
        }
    }

    fn attr_set(&self, set: &AttrSet) -> AttrSet {
        AttrSet(
            set.0
                .iter()
                .map(|a| match a {
                    Attr::Type(k, t) => Attr::Type(*k, t.map(|t| self.ty(t))),
                    other => other.clone(),
                })
                .collect(),
        )
    }

    fn md_node(&self, n: MdNode) -> MdNode {
        match n {
            MdNode::Value(ty, v) => MdNode::Value(self.ty(ty), self.value(v)),
            MdNode::Tuple { distinct, mut ops } => {
                ops.iter_mut().flatten().for_each(|m| *m = self.md_id(*m));
                MdNode::Tuple { distinct, ops }
            }
            MdNode::Special { distinct, kind, mut fields } => {
                for (_, f) in fields.iter_mut() {
                    if let MdField::Ref(m) = f {
                        *m = self.md_id(*m);
                    }
                }
                MdNode::Special { distinct, kind, fields }
            }
            other => other,
        }
    }

    fn attachments(&self, a: &mut [MdAttachment]) {
        for a in a {
            a.kind = self.kind(a.kind);
            a.node = self.md_id(a.node);
        }
    }

    fn typed(&self, tv: &mut (TypeId, Value)) {
        tv.0 = self.ty(tv.0);
        tv.1 = self.value(tv.1);
    }

    fn atomic(&self, a: &mut Atomic) {
        a.scope = a.scope.map(|s| self.scope(s));
    }

    fn call(&self, c: &mut CallSite) {
        c.ret_attrs = self.attr(c.ret_attrs);
        c.fn_ty = self.ty(c.fn_ty);
        c.callee = self.value(c.callee);
        c.fn_attrs = self.attr(c.fn_attrs);
        for a in &mut c.args {
            a.ty = self.ty(a.ty);
            a.value = self.value(a.value);
            a.attrs = self.attr(a.attrs);
        }
        for b in &mut c.bundles {
            b.inputs.iter_mut().for_each(|tv| self.typed(tv));
        }
    }

    fn inst(&self, k: &mut InstKind) {
        let v = |x: &mut Value| *x = self.value(*x);
        let t = |x: &mut TypeId| *x = self.ty(*x);
        match k {
            InstKind::Ret(x) => x.iter_mut().for_each(v),
            InstKind::Br(_) | InstKind::Unreachable => {}
            InstKind::CondBr { cond, .. } => v(cond),
            InstKind::Switch { ty, cond, cases, .. } => {
                t(ty);
                v(cond);
                cases.iter_mut().for_each(|(c, _)| *c = self.cnst(*c));
            }
            InstKind::IndirectBr { ty, addr, .. } => {
                t(ty);
                v(addr);
            }
            InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } | InstKind::Call { call, .. } => {
                self.call(call)
            }
            InstKind::Resume(ty, x) => {
                t(ty);
                v(x);
            }
            InstKind::CleanupRet { pad, .. } | InstKind::CatchRet { pad, .. } => v(pad),
            InstKind::CatchSwitch { parent, .. } => v(parent),
            InstKind::FNeg { op, .. } | InstKind::Freeze(op) => v(op),
            InstKind::Binary { lhs, rhs, .. } => {
                v(lhs);
                v(rhs);
            }
            InstKind::Alloca { ty, count, .. } => {
                t(ty);
                count.iter_mut().for_each(|tv| self.typed(tv));
            }
            InstKind::Load { ty, ptr_ty, ptr, atomic, .. } => {
                t(ty);
                t(ptr_ty);
                v(ptr);
                atomic.iter_mut().for_each(|a| self.atomic(a));
            }
            InstKind::Store { ty, value, ptr_ty, ptr, atomic, .. } => {
                t(ty);
                v(value);
                t(ptr_ty);
                v(ptr);
                atomic.iter_mut().for_each(|a| self.atomic(a));
            }
            InstKind::Fence(a) => self.atomic(a),
            InstKind::CmpXchg(x) => {
                t(&mut x.ptr_ty);
                v(&mut x.ptr);
                t(&mut x.ty);
                v(&mut x.cmp);
                v(&mut x.new);
                self.atomic(&mut x.success);
            }
            InstKind::AtomicRmw { ptr_ty, ptr, ty, value, atomic, .. } => {
                t(ptr_ty);
                v(ptr);
                t(ty);
                v(value);
                self.atomic(atomic);
            }
            InstKind::GetElementPtr { source_ty, operands, .. } => {
                t(source_ty);
                operands.iter_mut().for_each(|tv| self.typed(tv));
            }
            InstKind::Cast { from, value, .. } => {
                t(from);
                v(value);
            }
            InstKind::ICmp { ty, lhs, rhs, .. } | InstKind::FCmp { ty, lhs, rhs, .. } => {
                t(ty);
                v(lhs);
                v(rhs);
            }
            InstKind::Phi { incoming, .. } => incoming.iter_mut().for_each(|(x, _)| v(x)),
            InstKind::Select { cond_ty, cond, then_v, else_v, .. } => {
                t(cond_ty);
                v(cond);
                v(then_v);
                v(else_v);
            }
            InstKind::VaArg { list_ty, list } => {
                t(list_ty);
                v(list);
            }
            InstKind::ExtractElement { vec_ty, vec, idx_ty, idx } => {
                t(vec_ty);
                v(vec);
                t(idx_ty);
                v(idx);
            }
            InstKind::InsertElement { vec_ty, vec, elt_ty, elt, idx_ty, idx } => {
                t(vec_ty);
                v(vec);
                t(elt_ty);
                v(elt);
                t(idx_ty);
                v(idx);
            }
            InstKind::ShuffleVector { vec_ty, a, b, mask_ty, mask } => {
                t(vec_ty);
                v(a);
                v(b);
                t(mask_ty);
                v(mask);
            }
            InstKind::ExtractValue { agg_ty, agg, .. } => {
                t(agg_ty);
                v(agg);
            }
            InstKind::InsertValue { agg_ty, agg, elt_ty, elt, .. } => {
                t(agg_ty);
                v(agg);
                t(elt_ty);
                v(elt);
            }
            InstKind::LandingPad { clauses, .. } => {
                for (_, ty, x) in clauses {
                    t(ty);
                    v(x);
                }
            }
            InstKind::CatchPad { parent, args } | InstKind::CleanupPad { parent, args } => {
                v(parent);
                args.iter_mut().for_each(|tv| self.typed(tv));
            }
        }
    }

    fn function(&self, f: &mut Function) {
        f.ty = self.ty(f.ty);
        f.ret_attrs = self.attr(f.ret_attrs);
        f.fn_attrs = self.attr(f.fn_attrs);
        for p in &mut f.params {
            p.ty = self.ty(p.ty);
            p.attrs = self.attr(p.attrs);
        }
        for tv in [&mut f.prefix, &mut f.prologue, &mut f.personality].into_iter().flatten() {
            self.typed(tv);
        }
        self.attachments(&mut f.props.metadata);
        for (_, i) in f.insts.iter_mut() {
            i.ty = self.ty(i.ty);
            self.inst(&mut i.kind);
            self.attachments(&mut i.metadata);
        }
        for (_, l) in f.local_md.iter_mut() {
            match l {
                LocalMd::Value(ty, v) => {
                    *ty = self.ty(*ty);
                    *v = self.value(*v);
                }
                LocalMd::ArgList(args) => args.iter_mut().for_each(|tv| self.typed(tv)),
            }
        }
        for (_, rec) in &mut f.debug_records {
            rec.operands.iter_mut().for_each(|v| *v = self.value(*v));
        }
    }
}
