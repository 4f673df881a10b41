//! Reading function bodies on several threads.
//!
//! A module's function blocks follow its tables, one after another, and each says how long it
//! is: at the first one, the reader finds them all without reading them and cuts the run into
//! chunks that shrink toward the end (each a share of what is left, as guided scheduling does).
//! Bodies depend on each other only through the module's shared tables, which they add to
//! (function-local constants, debug locations, types such as `<4 x i1>`).
//!
//! Each other thread reads chunks into its own copy of the reader, made once at the cut. This
//! thread reads the next chunk in order in place when no one has claimed it, and otherwise reads
//! an unclaimed one into a copy of its own, made the first time it needs one. Chunks read in copies
//! are merged in order: what the copy added to a table is looked up or added here in the order
//! the copy added it ([`crate::ir::remap`]), and its functions move over with their handles
//! rewritten. Merging in reading order gives the module a sequential read gives, handle for
//! handle (a test compares).
//!
//! Each copy also walks the bodies it read for the identified structs they reach first (see
//! `order::struct_lists`), so the walk that orders struct types at the end skips them.
//!
//! A chunk whose metadata had to be uniqued again after forward references were resolved (which
//! depends on every node read before it) is read again here, in order, and a fresh copy takes the
//! place of the one that read it. An error in a chunk makes the caller read the whole input again
//! on one thread, so that the error it reports is exactly the sequential one.

use super::{Reader, Result};
use crate::bitcode::bitstream::Entry;
use crate::bitcode::codes::block;
use crate::bitcode::error::BitcodeError;
use crate::ir::constant::ConstId;
use crate::ir::function::Function;
use crate::ir::module::FuncId;
use crate::ir::remap::{Additions, Base, Remap};
use crate::ir::types::NamedStructId;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc;

/// Function blocks: where each entry starts and where the block ends, in bits.
type Span = (u64, u64);

/// What a copy read in one chunk, taken out of it.
struct ChunkOut {
    /// New table entries.
    adds: Additions,
    /// The functions read, whole.
    funcs: Vec<(FuncId, Function)>,
    /// The identified structs each function reaches first.
    lists: Vec<Vec<NamedStructId>>,
    /// `blockaddress` constants made, with their block numbers.
    block_addresses: Vec<(ConstId, u32)>,
}

/// A chunk read by copy `copy`: `None` when the chunk must be read in order instead (the copy
/// is then dropped).
struct Done {
    k: usize,
    copy: usize,
    out: Result<Option<ChunkOut>>,
}

/// Fresh copies made after the first ones (each costs a copy of the module's tables), for
/// chunks that need an in-order read.
const MAX_FRESH_COPIES: usize = 3;

/// Why a parallel read gave up (the caller reads again sequentially).
#[cold]
fn give_up(at: u64) -> BitcodeError {
    BitcodeError::at(at, "the parallel read fell back to a sequential one")
}

/// Chunk starts (indexes into `spans`), shrinking toward the end, none under `min_bits`.
fn cut_points(spans: &[Span], threads: usize, min_bits: u64) -> Vec<usize> {
    let (first, last) = (spans[0].0, spans[spans.len() - 1].1);
    let mut cuts = vec![0];
    let mut i = 0;
    loop {
        let left = last - spans[i].0;
        let size = (left / (2 * threads as u64)).max(min_bits.max(1));
        if size >= left || left - size < min_bits {
            break;
        }
        let want = spans[i].0 + size;
        // The first block starting at or after `want`.
        let j = i + spans[i..].partition_point(|s| s.0 < want);
        if j <= i || j >= spans.len() {
            break;
        }
        cuts.push(j);
        i = j;
    }
    debug_assert!(cuts.iter().all(|&c| spans[c].0 >= first));
    cuts
}

impl<'a> Reader<'a> {
    /// At the first function block (just found, not entered): reads the run of function blocks
    /// that starts here on several threads when it is large enough. `Ok(false)`: not worth it,
    /// nothing was read. `Ok(true)`: read, and the cursor stands after the run.
    pub(super) fn bodies_in_parallel(&mut self) -> Result<bool> {
        let options = self.options;
        let Some((_, first_end)) = self.c.pending_span() else { return Ok(false) };
        if options.threads < 2 || self.bodies.is_empty() {
            return Ok(false);
        }
        let min_bits = (options.min_chunk as u64).saturating_mul(8);
        let first_start = self.c.start;
        // Where the run is; each block is skipped by its length.
        let mut spans: Vec<Span> = vec![(first_start, first_end)];
        let mut at = first_end;
        while spans.len() < self.bodies.len() {
            self.c.jump(at)?;
            match self.c.peek_block() {
                Some((block::FUNCTION, start, end)) => {
                    spans.push((start, end));
                    at = end;
                }
                _ => break,
            }
        }
        let cuts = cut_points(&spans, options.threads, min_bits);
        if cuts.len() < 2 {
            // Back to the first block, found but not entered, as the caller left it.
            self.c.jump(first_start)?;
            self.c.advance()?;
            return Ok(false);
        }
        let end_of = |k: usize| cuts.get(k + 1).copied().unwrap_or(spans.len());
        let chunk = |k: usize| &spans[cuts[k]..end_of(k)];
        self.struct_lists.resize(self.m.functions.len(), None);

        // One copy per other thread: the helpers' (which read the tables as this reader did),
        // or copies of this reader's, made before it reads anything more.
        let threads = options.threads.min(cuts.len());
        let base = Base::of(&self.m);
        let mut copies: Vec<Reader<'a>> = Vec::with_capacity(threads - 1);
        if let Some(rx) = self.helpers.0.take() {
            copies.extend(rx.iter().filter(|h| h.same_tables(self)).take(threads - 1).map(|mut h| {
                h.role = super::Role::Copy;
                h.reuniqued = false;
                h
            }));
        }
        while copies.len() < threads - 1 {
            copies.push(self.fork());
        }
        let mut remaps: Vec<Remap> = (1..threads).map(|_| Remap::new(base)).collect();

        // Chunks claimed so far, and the one this thread reads or merges: other threads leave
        // the chunk after it alone, so that this thread has one to read in place next.
        let claimed: Vec<AtomicBool> = (0..cuts.len()).map(|_| AtomicBool::new(false)).collect();
        let here = AtomicUsize::new(0);
        let halt = AtomicBool::new(false);
        let claim = || -> Option<usize> {
            loop {
                if halt.load(Relaxed) {
                    return None;
                }
                let from = here.load(Relaxed) + 2;
                let k = (from..cuts.len()).find(|&k| !claimed[k].load(Relaxed))?;
                if claimed[k].compare_exchange(false, true, Relaxed, Relaxed).is_ok() {
                    return Some(k);
                }
            }
        };
        let outcome = std::thread::scope(|scope| -> Result<()> {
            let (tx, rx) = mpsc::channel::<Done>();
            // A thread reading chunks into `copy` until none are left or one cannot be merged.
            let spawn = |id: usize, mut copy: Reader<'a>| {
                let tx = tx.clone();
                let (claim, chunk, cuts) = (&claim, &chunk, &cuts);
                // Should no thread be had, this one reads every chunk itself.
                let _ = std::thread::Builder::new().spawn_scoped(scope, move || {
                    while let Some(k) = claim() {
                        let out = copy.read_out(chunk(k), cuts[k]);
                        let stop = !matches!(out, Ok(Some(_)));
                        if tx.send(Done { k, copy: id, out }).is_err() || stop {
                            break;
                        }
                    }
                });
            };
            for (id, copy) in copies.into_iter().enumerate() {
                spawn(id, copy);
            }
            let mut fresh_copies = 0;
            let mut ready: Vec<Option<Done>> = (0..cuts.len()).map(|_| None).collect();
            let result = (|| -> Result<()> {
                for k in 0..cuts.len() {
                    here.store(k, Relaxed);
                    // Unclaimed: read it in place.
                    if claimed[k].compare_exchange(false, true, Relaxed, Relaxed).is_ok() {
                        self.read_in_place(chunk(k), cuts[k])?;
                        continue;
                    }
                    // Another thread has it: wait for it, then merge it.
                    let done = loop {
                        if let Some(d) = ready[k].take() {
                            break d;
                        }
                        match rx.recv() {
                            Ok(d) => {
                                let j = d.k;
                                ready[j] = Some(d);
                            }
                            Err(_) => return Err(give_up(self.c.pos())),
                        }
                    };
                    match done.out? {
                        Some(out) => self.merge(&mut remaps[done.copy], out, chunk(k))?,
                        None => {
                            // The copy met what only an in-order read gets right, and is gone:
                            // read the chunk here, and start a fresh copy (a few times at most)
                            // to go on with.
                            self.read_in_place(chunk(k), cuts[k])?;
                            if fresh_copies < MAX_FRESH_COPIES && claimed.iter().any(|c| !c.load(Relaxed)) {
                                fresh_copies += 1;
                                remaps.push(Remap::new(Base::of(&self.m)));
                                spawn(remaps.len() - 1, self.fork());
                            }
                        }
                    }
                }
                Ok(())
            })();
            halt.store(true, Relaxed);
            result
        });
        outcome?;
        self.next_body = spans.len();
        self.c.jump(at)?;
        Ok(true)
    }

    /// A copy of this reader for another thread, without what only this one needs.
    fn fork(&mut self) -> Reader<'a> {
        // Bodies read so far are not copied: a copy reads only its own.
        let bodies = std::mem::take(&mut self.m.functions);
        let mut headers = crate::ir::Arena::default();
        for (_, f) in bodies.iter() {
            headers.push(hollow(f));
        }
        self.m.functions = headers;
        let mut copy = self.clone();
        copy.role = super::Role::Copy;
        self.m.functions = bodies;
        copy.struct_lists = Vec::new();
        copy.block_addresses = Vec::new();
        copy.reuniqued = false;
        copy
    }

    /// Whether a helper read the module's tables into what this reader has (it must: reading is
    /// deterministic; this guards the handles a merge relies on).
    fn same_tables(&self, other: &Reader<'_>) -> bool {
        Base::of(&self.m) == Base::of(&other.m)
            && self.values == other.values
            && self.mds == other.mds
            && self.bodies == other.bodies
            && self.next_body == other.next_body
            && self.reuniqued == other.reuniqued
    }

    /// Reads the function blocks at `spans`, the bodies from number `first` on.
    fn read_run(&mut self, spans: &[Span], first: usize) -> Result<Vec<FuncId>> {
        self.c.jump(spans[0].0)?;
        self.next_body = first;
        let mut funcs = Vec::with_capacity(spans.len());
        for _ in spans {
            if self.c.advance()? != Entry::Block(block::FUNCTION) {
                return Err(give_up(self.c.start));
            }
            let Some(&f) = self.bodies.get(self.next_body) else { return Err(give_up(self.c.start)) };
            self.next_body += 1;
            self.c.enter()?;
            self.function_block(f)?;
            funcs.push(f);
            if self.reuniqued && self.role == super::Role::Copy {
                // A copy stops here: the chunk is read again in order.
                break;
            }
        }
        Ok(funcs)
    }

    /// Reads a chunk into this module (every chunk before it is in already).
    fn read_in_place(&mut self, spans: &[Span], first: usize) -> Result<()> {
        let funcs = self.read_run(spans, first)?;
        let lists = super::order::struct_lists(&self.m, &funcs);
        for (f, list) in funcs.into_iter().zip(lists) {
            self.struct_lists[f.index()] = Some(list);
        }
        Ok(())
    }

    /// Reads a chunk into this copy and takes out what a merge needs. `None`: the chunk must be
    /// read in order (this copy is of no further use).
    fn read_out(&mut self, spans: &[Span], first: usize) -> Result<Option<ChunkOut>> {
        let base = Base::of(&self.m);
        let block_addresses = self.block_addresses.len();
        self.md_placeholders.clear();
        let funcs = self.read_run(spans, first)?;
        // Metadata uniqued again once forward references were resolved depends on every node
        // read before (here, only those this copy has).
        if self.reuniqued {
            return Ok(None);
        }
        // Bodies do not add structs or symbols.
        let now = Base::of(&self.m);
        if now.named != base.named || now.symbols != base.symbols {
            return Err(give_up(self.c.pos()));
        }
        let lists = super::order::struct_lists(&self.m, &funcs);
        let mut adds = Additions::since(&self.m, base);
        adds.raw_md = self.md_placeholders.iter().map(|p| p.index()).collect();
        let funcs = funcs
            .into_iter()
            .map(|f| {
                let hollow = hollow(&self.m.functions[f]);
                (f, std::mem::replace(&mut self.m.functions[f], hollow))
            })
            .collect();
        Ok(Some(ChunkOut { adds, funcs, lists, block_addresses: self.block_addresses.split_off(block_addresses) }))
    }

    /// Moves a chunk a copy read into this module.
    fn merge(&mut self, r: &mut Remap, out: ChunkOut, spans: &[Span]) -> Result<()> {
        let at = spans[0].0;
        r.absorb_types(&mut self.m, &out.adds).map_err(|()| give_up(at))?;
        r.absorb_rest(&mut self.m, out.adds, &mut |m, slot| m.metadata.placeholder(slot)).map_err(|()| give_up(at))?;
        for ((f, mut func), list) in out.funcs.into_iter().zip(out.lists) {
            r.function(&mut func);
            self.m.functions[f] = func;
            self.struct_lists[f.index()] = Some(list);
        }
        for (c, bb) in out.block_addresses {
            self.block_addresses.push((r.cnst(c), bb));
        }
        Ok(())
    }
}

/// A function's header without its body: what a copy keeps of a function it handed over.
fn hollow(f: &Function) -> Function {
    Function {
        name: f.name.clone(),
        props: f.props.clone(),
        params: f.params.clone(),
        gc: f.gc.clone(),
        blocks: Default::default(),
        layout: Vec::new(),
        insts: Default::default(),
        local_md: Default::default(),
        debug_records: Vec::new(),
        source: Default::default(),
        ..*f
    }
}
