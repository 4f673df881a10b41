//! Reading function bodies on several threads.
//!
//! Real modules are mostly function bodies, and bodies depend on each other only through the
//! module's shared tables (types, constants, metadata, attribute sets, symbols), as do global
//! variables. When the parser reaches the first global or function of a large input, it cuts the
//! rest at `define` and `@name =` lines into chunks that shrink toward the end. Whichever thread
//! is free reads the next chunk into a copy of the module as it stood at the cut; the main thread
//! reads the first chunk in place. Reading runs at most a third of the input ahead of the merge,
//! so that what is held twice (read, not yet merged) does not grow with the thread count or with
//! how the threads are scheduled. The copies are then merged in text order:
//! what a worker added to a table is looked up or added in the main module in the order the
//! worker added it, and its functions move over with their handles rewritten. Replaying additions
//! in text order gives the module a sequential read builds, handle for handle (a test compares).
//!
//! A worker stops at the first top-level entity that is not a function or global; the main thread goes on
//! from there by itself.
//!
//! The metadata writers put after every body (`!nvvm.annotations`, its nodes) is read ahead too,
//! on a thread of its own from the start: what a `!N = !{…}` adds to the module depends on what
//! the bodies before it made (a slot they referred to is filled in place, a node equal to one
//! they made is shared), so the worker logs each step it read (a slot, a string, a typed
//! constant, a tuple) and the main thread, once it stands there, takes the worker's types and
//! constants in as for a chunk and does the logged steps itself, as the sequential read does
//! them. The read ahead stops at a `distinct` or specialized node; the main thread reads the
//! rest. Anything unusual makes the whole input be read again sequentially, so
//! that the result (or the error reported) is exactly the sequential one: a cut that turns out
//! not to be a top-level boundary (a `define` line inside a string), an error in a worker's
//! chunk, or a conflict only the merge sees (a redefinition, a use whose type does not fit,
//! numbered globals that do not continue the numbering before the chunk, `distinct` metadata).

use super::{AttrTarget, PResult, ParseError, Parser};
use crate::ir::module::{GlobalDef, SymbolId};
use crate::ir::remap::{Additions, Base, Remap};
use crate::text::lexer::Lexer;
use crate::text::token::TokenKind;
use nvir_diag::Span;
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::AcqRel, Ordering::Acquire, Ordering::Release};
use std::sync::{mpsc, Condvar, Mutex};
use std::time::Duration;

/// How a parse may use threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseOptions {
    /// Threads to read function bodies with; 1 reads sequentially.
    pub threads: usize,
    /// The smallest chunk of function bodies, in bytes, worth a thread of its own. The bitcode
    /// reader also gives a thread only the bodies that outweigh the copy of the module's tables
    /// it takes; 1 splits at every body whatever the memory (for tests and fuzzing).
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

/// Trailing metadata smaller than this is not worth a thread.
const TAIL_MIN: usize = 64 << 10;

/// Where the module's trailing metadata starts: the first line that begins with `!` after the
/// last line that begins a function or a global (`define …`, `@name = …`), where writers put
/// the named metadata and the numbered nodes, after every body. Whether it is a top-level
/// boundary is checked as for chunks: the reading before it must stop there.
fn tail_start(src: &[u8], from: usize) -> Option<usize> {
    let mut first_md = None;
    let mut end = src.len();
    while end > from {
        let line = src[from..end].iter().rposition(|&b| b == b'\n').map_or(from, |p| from + p + 1);
        let text = &src[line..];
        if text.starts_with(b"define ") || text.starts_with(b"@") {
            return first_md;
        }
        if text.first() == Some(&b'!') {
            first_md = Some(line);
        }
        if line == from {
            break;
        }
        end = line - 1;
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
        self.fused |= self.lex.fused();
        self.lex = Lexer::from_bytes(self.src);
        if self.fuse {
            self.lex.fuse_addrspace();
        }
        self.lex.seek(at);
        self.tok = self.lex.next_token();
    }

    /// A worker for the chunk `[start, limit)`: a copy of the state at the cut.
    fn fork(&self, start: usize, limit: usize) -> Parser<'a> {
        let mut lex = Lexer::from_bytes(self.src);
        if self.fuse {
            lex.fuse_addrspace();
        }
        lex.seek(start);
        let tok = lex.next_token();
        Parser {
            src: self.src,
            src_str: self.src_str,
            lex,
            tok,
            m: self.m.clone(),
            names: Default::default(),
            depth: 0,
            // A worker counts its own splats; the merge adds them up (see `merge`).
            splat_elems: 0,
            symbols: self.symbols.clone(),
            sym_uses: self.sym_uses.clone(),
            next_global_num: self.next_global_num,
            first_global_num: None,
            global_num_unknown: true,
            types_defined: self.types_defined.clone(),
            type_aliases: self.type_aliases.clone(),
            type_uses: Default::default(),
            md_slots: self.md_slots.clone(),
            // Workers read functions only; named metadata is the main reader's.
            named_md: FxHashMap::default(),
            md_defined: self.md_defined.clone(),
            md_uses: Default::default(),
            attr_groups: Default::default(),
            comdat_names: self.comdat_names.clone(),
            attr_fixups: Vec::new(),
            dialect_span: self.dialect_span,
            md_type_at: usize::MAX,
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
            program_space: self.program_space,
            fell_back: false,
            md_log: None,
            fuse: self.fuse,
            fused: false,
            mixed_opaque: false,
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
        let base = Base::of(&self.m);
        let len = self.src.len();
        let end_of = |k: usize| cuts.get(k + 1).copied().unwrap_or(len);
        let snapshot = self.fork(start, start);
        let next = AtomicUsize::new(1);
        let halt = AtomicBool::new(false);
        // Read-ahead: what is read but not yet merged is held twice (the copy, then the merged
        // module), so a chunk may be claimed only while the chunks from the next one to merge up
        // to its end span at most a third of the input. Unbounded, a thread that runs ahead of
        // the merge (more threads, or the merging thread descheduled on a busy machine) held up
        // to the whole rest of the input twice, and peak memory moved with the machine's load
        // and core count.
        let window = ((len - start) / 3).max(2 * options.min_chunk.max(1));
        let merging = AtomicUsize::new(1);
        let progress = (Mutex::new(()), Condvar::new());
        // The next chunk to merge is always allowed, however large (a chunk ends at the first
        // entity after its share, which may be one large function).
        let allowed = |k: usize| {
            let m = merging.load(Acquire);
            k <= m || cuts.get(m).is_none_or(|&from| end_of(k) - from <= window)
        };
        // Reads the next unclaimed chunk, if any, should the window allow it; with `wait`,
        // waits for the merge to make room rather than give up.
        let claim_with = |wait: bool| -> Option<Chunk<'a>> {
            let k = loop {
                if halt.load(Acquire) {
                    return None;
                }
                let k = next.load(Acquire);
                if k >= cuts.len() {
                    return None;
                }
                if allowed(k) {
                    if next.compare_exchange(k, k + 1, AcqRel, Acquire).is_ok() {
                        break k;
                    }
                    continue;
                }
                if !wait {
                    return None;
                }
                let guard = progress.0.lock().unwrap_or_else(|e| e.into_inner());
                if !halt.load(Acquire) && next.load(Acquire) == k && !allowed(k) {
                    // The merging thread notifies under the lock after each merge and when it
                    // stops; the timeout is only a guard.
                    let _ = progress.1.wait_timeout(guard, Duration::from_millis(50));
                }
            };
            let mut w = snapshot.fork(cuts[k], end_of(k));
            let read = w.module();
            Some(Chunk { k, parser: w, read })
        };
        let claim = || claim_with(false);
        let merged = |k: usize| {
            let _guard = progress.0.lock().unwrap_or_else(|e| e.into_inner());
            merging.store(k, Release);
            progress.1.notify_all();
        };
        self.limit = cuts[1] as u32;
        self.functions_only = true;
        // The trailing metadata is read ahead on a thread of its own; this thread takes it in
        // after the last chunk (see `take_tail`).
        let min_tail = TAIL_MIN.min(options.min_chunk.max(1));
        let outcome = std::thread::scope(|scope| {
            let snapshot = &snapshot;
            let tail = std::thread::Builder::new()
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, move || snapshot.read_tail(min_tail))
                .ok();
            let (tx, rx) = mpsc::channel::<Chunk<'a>>();
            for _ in 1..options.threads.min(cuts.len()) {
                let tx = tx.clone();
                let claim_with = &claim_with;
                // Should no thread be had, this one reads every chunk itself.
                let _ = std::thread::Builder::new().stack_size(WORKER_STACK).spawn_scoped(scope, move || {
                    while let Some(done) = claim_with(true) {
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
            let outcome = self.merge_chunks(&cuts, &base, &claim, &merged, &dropper, &rx);
            halt.store(true, Release);
            merged(cuts.len());
            match (outcome, tail) {
                (Ok(Some(at)), Some(tail)) => {
                    let read = tail.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
                    self.take_tail(at, read, &base)
                }
                (outcome, _) => outcome,
            }
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

    /// On a thread of its own, from the state at the first function or global: reads the
    /// trailing metadata ahead (from [`tail_start`]), when there are at least `min` bytes of it,
    /// logging what it reads ([`super::metadata::MdOp`]). It stops at the end, at an error, or
    /// at an entity it does not log (anything but `!N = !{…}` and `!name = !{…}` free of
    /// `distinct` and specialized nodes).
    fn read_tail(&self, min: usize) -> Option<(usize, Chunk<'a>)> {
        let at = tail_start(self.src, self.tok.start as usize)?;
        if self.src.len() - at < min {
            return None;
        }
        let mut w = self.fork(at, self.src.len());
        w.functions_only = false;
        w.md_log = Some(Vec::new());
        let read = w.module();
        Some((at, Chunk { k: usize::MAX, parser: w, read }))
    }

    /// After the functions and globals were merged up to `at`: reads on here up to where the
    /// trailing metadata was read ahead from (attribute groups, declarations), then takes in what
    /// that read gave, as the sequential read would have read it here (metadata that refers to
    /// slots the bodies used, or equals nodes they made, depends on them). Returns where to go
    /// on from as [`Parser::merge_chunks`] does; the read ahead is dropped, and this thread
    /// reads the metadata itself, where it is not a read up to the end without an error.
    fn take_tail(&mut self, at: usize, read: Option<(usize, Chunk<'a>)>, base: &Base) -> PResult<Option<usize>> {
        let Some((from, chunk)) = read else { return Ok(Some(at)) };
        let mut at = at;
        if at < from {
            self.seek(at);
            self.limit = from as u32;
            self.functions_only = false;
            let read = self.module();
            self.limit = u32::MAX;
            read?;
            at = self.stop_offset();
        }
        if at != from || chunk.read.is_err() {
            return Ok(Some(at));
        }
        let mut w = chunk.parser;
        let stop = w.stop_offset();
        let log = w.md_log.take().unwrap_or_default();
        let Ok(r) = self.merge(&mut w, base, true) else { return Ok(None) };
        if !self.replay_md(&log, &r)? {
            return Ok(None);
        }
        Ok(Some(stop))
    }

    /// Reads the first chunk, then merges the others in order. `Ok(Some(at))`: merged up to `at`,
    /// a top-level boundary to go on from; `Ok(None)`: fall back; `Err`: the first chunk's error
    /// (read in order by this parser, it is the sequential one).
    fn merge_chunks(
        &mut self,
        cuts: &[usize],
        base: &Base,
        claim: &dyn Fn() -> Option<Chunk<'a>>,
        merged: &dyn Fn(usize),
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
            let outcome = self.merge(&mut w, base, false);
            // What is left of the copy is freed off this thread, which has merging to do.
            let _ = dropper.send(w);
            if outcome.is_err() {
                return Ok(None);
            }
            merged(k + 1);
        }
        Ok(Some(at))
    }

    /// Moves a worker's additions into this module, in the worker's order, and gives the map of
    /// the worker's handles. `Err`: a conflict the sequential read reports with its own error.
    /// For the worker that read the trailing metadata ahead (`tail`), its metadata is left out:
    /// [`Parser::replay_md`] takes it in.
    fn merge(&mut self, w: &mut Parser<'a>, base: &Base, tail: bool) -> Result<Remap, ()> {
        self.fused |= w.fused || w.lex.fused();
        if w.m.metadata.distinct_count() != base.distinct {
            return Err(());
        }
        if let Some(first) = w.first_global_num {
            if first != self.next_global_num {
                return Err(());
            }
            self.next_global_num = w.next_global_num;
        }
        // Splats past the input's bound are the sequential read's error, at its place.
        self.splat_elems += w.splat_elems;
        if self.splat_elems > super::SPLAT_ELEMS_FREE.max(self.src.len() as u64) {
            return Err(());
        }
        self.m.first_written.merge(&w.m.first_written);
        if let Some(m) = w.m.misnumbered {
            self.misnumbered(m.at, m.what, m.expected);
        }
        match (self.dialect_span, w.dialect_span) {
            (Some((a, ..)), Some((b, ..))) if a != b => return Err(()),
            // The module's first pointer is the one written first, whichever reader met it.
            (None, Some(d)) => self.dialect_span = Some(d),
            (Some((_, at, _)), Some(d)) if d.1.start < at.start => self.dialect_span = Some(d),
            _ => {}
        }
        let mut r = Remap::new(*base);
        let adds = Additions::take_with(&mut w.m, *base, !tail);
        r.absorb_types(&mut self.m, &adds)?;
        for (n, at) in std::mem::take(&mut w.type_uses) {
            self.type_uses.entry(r.named_struct(n).ok_or(())?).or_insert(at);
        }
        for i in base.symbols..w.m.symbols.len() {
            let name = &w.m.symbols[SymbolId::from_index(i)].name;
            let s = self.symbol_shared(name, Some(name));
            r.syms.push(s);
        }
        let slots = &mut self.md_slots;
        r.absorb_rest(&mut self.m, adds, &mut |m, slot| {
            *slots.entry(slot).or_insert_with(|| m.metadata.placeholder(slot))
        })?;
        if !tail {
            for (slot, at) in std::mem::take(&mut w.md_uses) {
                self.md_uses.entry(slot).or_insert(at);
            }
        }

        // Globals, aliases and ifuncs move over, then functions; each defines its symbol.
        let at = Span::at(0, 0);
        let mut globals = Vec::new();
        for mut g in w.m.globals.drain_from(base.globals) {
            g.ty = r.ty(g.ty);
            g.init = g.init.map(|c| r.cnst(c));
            g.attrs = r.attr(g.attrs);
            g.props.edit_rare(|rare| r.attachments(&mut rare.metadata));
            let sym = self.symbol(&g.name);
            g.name = self.m.symbols[sym].name.clone();
            let id = self.m.globals.push(g);
            globals.push(id);
            self.define_global(at, sym, GlobalDef::Var(id)).map_err(|_| ())?;
        }
        for mut a in w.m.aliases.drain_from(base.aliases) {
            a.ty = r.ty(a.ty);
            a.aliasee = r.cnst(a.aliasee);
            a.props.edit_rare(|rare| r.attachments(&mut rare.metadata));
            let sym = self.symbol(&a.name);
            a.name = self.m.symbols[sym].name.clone();
            let id = self.m.aliases.push(a);
            self.define_global(at, sym, GlobalDef::Alias(id)).map_err(|_| ())?;
        }
        for mut i in w.m.ifuncs.drain_from(base.ifuncs) {
            i.ty = r.ty(i.ty);
            i.resolver = r.cnst(i.resolver);
            i.props.edit_rare(|rare| r.attachments(&mut rare.metadata));
            let sym = self.symbol(&i.name);
            i.name = self.m.symbols[sym].name.clone();
            let id = self.m.ifuncs.push(i);
            self.define_global(at, sym, GlobalDef::IFunc(id)).map_err(|_| ())?;
        }
        let mut funcs = Vec::new();
        for mut f in w.m.functions.drain_from(base.functions) {
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
        Ok(r)
    }
}
