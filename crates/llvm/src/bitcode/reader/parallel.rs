//! Reading function bodies on several threads.
//!
//! A module's function blocks follow its tables, one after another, and each says how long it
//! is: at the first one, the reader finds them all without reading them and cuts the run into
//! chunks (a share of what is left each, shrinking toward the end, as guided scheduling does).
//! Bodies depend on each other only through the module's shared tables, which they add to
//! (function-local constants, debug locations, types such as `<4 x i1>`).
//!
//! At the first function body the main reader makes each helper a reader of its own, a copy of
//! itself as far as bodies use it (`Reader::fork`): the types, constants and attribute sets are
//! shared rather than copied (new ones each adds are its own), function headers are reduced to
//! the parts a body needs, and global variables and names stay with the main reader. A helper
//! reads nothing before that and allocates nothing it would free early (memory an allocator
//! keeps for a while after it is freed). A body is read into a function taken out of the module
//! (or, in a helper, made from what it kept of the header), and a helper hands over the body
//! only: the main reader keeps the header.
//!
//! Chunks take turns: every `threads`-th is the main reader's to read in place, the others the
//! helpers'. The main reader goes through the chunks in order, reading its own and merging the
//! helpers' as it comes to them: what a helper added to a table is looked up or added in the
//! order the helper added it ([`crate::ir::remap`]), and its bodies move over with their handles
//! rewritten. Merging in reading order gives the module a sequential read gives, handle for
//! handle (a test compares).
//! A chunk no one has claimed when the main reader comes to it, it reads itself; a helper that
//! runs a round of turns ahead of the main reader takes the main reader's chunks too.
//!
//! Each reader walks every body it reads, as soon as it has read it, for the identified structs
//! it reaches first (see `order::struct_list`; each chunk is a run of its own), so the walk that
//! orders struct types at the end skips bodies.
//!
//! A chunk whose metadata had to be uniqued again after forward references were resolved (which
//! depends on every node read before it) is read again by the main reader, in order; the helper
//! that read it stops. An error in a chunk makes the caller read the whole input again on one
//! thread, so that the error it reports is exactly the sequential one.

use super::{Reader, Result, Role};
use crate::bitcode::bitstream::Entry;
use crate::bitcode::codes::block;
use crate::bitcode::error::BitcodeError;
use crate::ir::attrs::AttrSetId;
use crate::ir::constant::ConstId;
use crate::ir::function::{Function, Param};
use crate::ir::module::{FuncId, Module, Symbol};
use crate::ir::remap::{Additions, Base, Remap};
use crate::ir::types::{NamedStructId, TypeId};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::{mpsc, Arc};
use thin_vec::ThinVec;

/// Function blocks: where each entry starts and where the block ends, in bits.
type Span = (u64, u64);

/// What a helper read in one chunk, taken out of its reader.
pub(super) struct ChunkOut {
    /// New table entries.
    adds: Additions,
    /// The functions read, whole.
    funcs: Vec<(FuncId, Function)>,
    /// The identified structs each function reaches first.
    lists: Vec<Vec<NamedStructId>>,
    /// `blockaddress` constants made, with their block numbers.
    block_addresses: Vec<(ConstId, u32)>,
}

/// Chunk `k` read by helper `helper`: `None` when the chunk must be read in order instead (the
/// helper then stops).
pub(super) struct Done {
    k: usize,
    helper: usize,
    out: Result<Option<ChunkOut>>,
}

/// The chunks, and who has which.
pub(super) struct Plan {
    spans: Vec<Span>,
    cuts: Vec<usize>,
    threads: usize,
    claimed: Vec<AtomicBool>,
    /// The chunk the main reader reads or merges.
    here: AtomicUsize,
    halt: AtomicBool,
}

impl Plan {
    /// The function blocks of chunk `k`.
    fn chunk(&self, k: usize) -> &[Span] {
        let end = self.cuts.get(k + 1).copied().unwrap_or(self.spans.len());
        &self.spans[self.cuts[k]..end]
    }

    /// A helper's next chunk, at `after` or later (a helper reads its chunks in order, for its
    /// additions to tables to be merged in the order it made them): the first unclaimed one
    /// ahead of the main reader that is the helpers', or the main reader's but at least a round
    /// of turns ahead of it (a helper that runs ahead takes some of the main reader's share
    /// rather than leave it to read alone at the end).
    fn claim(&self, after: usize) -> Option<usize> {
        let n = self.cuts.len();
        loop {
            if self.halt.load(Relaxed) {
                return None;
            }
            let here = self.here.load(Relaxed);
            let ahead = here + 2 * self.threads;
            let k = (after.max(here + 1)..n)
                .find(|&k| !self.claimed[k].load(Relaxed) && (k % self.threads != 0 || k >= ahead))?;
            if self.claimed[k].compare_exchange(false, true, Relaxed, Relaxed).is_ok() {
                return Some(k);
            }
        }
    }
}

/// The main reader's end of its helpers.
pub(super) struct Crew<'a> {
    pub(super) plans: Vec<mpsc::Sender<(Arc<Plan>, Box<Reader<'a>>)>>,
    pub(super) done: mpsc::Receiver<Done>,
}

/// A helper's end.
pub(super) struct Post<'a> {
    pub(super) id: usize,
    pub(super) plan: mpsc::Receiver<(Arc<Plan>, Box<Reader<'a>>)>,
    pub(super) done: mpsc::Sender<Done>,
}

/// Why a parallel read gave up (the caller reads again sequentially).
#[cold]
fn give_up(at: u64) -> BitcodeError {
    BitcodeError::at(at, "the parallel read fell back to a sequential one")
}

/// Chunk starts (indexes into `spans`), shrinking toward the end, none under `min_bits`.
fn cut_points(spans: &[Span], threads: usize, min_bits: u64) -> Vec<usize> {
    let mut cuts = vec![0];
    let mut i = 0;
    let last = spans[spans.len() - 1].1;
    loop {
        let left = last - spans[i].0;
        let size = (left / (8 * threads as u64)).max(min_bits.max(1));
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
    cuts
}

/// A helper's work: chunks of the main reader's plan, read into the copy of the main reader it
/// comes with, until none are left or one cannot be merged.
pub(super) fn help(post: Post<'_>) {
    let Ok((plan, mut r)) = post.plan.recv() else { return };
    let mut after = 0;
    while let Some(k) = plan.claim(after) {
        after = k + 1;
        let out = r.read_out(plan.chunk(k), plan.cuts[k]);
        let stop = !matches!(out, Ok(Some(_)));
        if post.done.send(Done { k, helper: post.id, out }).is_err() || stop {
            break;
        }
    }
    // The shared tables go before the helper says it is gone (see `bodies_in_parallel`).
    drop(r);
    drop(plan);
    drop(post);
}

impl<'a> Reader<'a> {
    /// At the first function block (just found, not entered): reads the run of function blocks
    /// that starts here with the helpers, when there are some and the run is large enough.
    /// `Ok(false)`: not done, nothing was read. `Ok(true)`: read, and the cursor stands after
    /// the run.
    pub(super) fn bodies_in_parallel(&mut self) -> Result<bool> {
        let Some(crew) = self.crew.take() else { return Ok(false) };
        let Some((_, first_end)) = self.c.pending_span() else { return Ok(false) };
        if self.bodies.is_empty() {
            return Ok(false);
        }
        let threads = crew.plans.len() + 1;
        // Bitcode holds about four times what text does in a byte: chunks of a quarter of
        // `min_chunk` take about as long to read as text chunks of `min_chunk`.
        let min_bits = (self.options.min_chunk as u64).saturating_mul(2);
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
        let cuts = cut_points(&spans, threads, min_bits);
        if cuts.len() < 2 {
            // Back to the first block, found but not entered, as the caller left it.
            self.c.jump(first_start)?;
            self.c.advance()?;
            return Ok(false);
        }
        self.struct_lists.resize(self.m.functions.len(), None);
        let n = cuts.len();
        // The helpers' readers share the tables as they stand rather than copy them.
        self.m.share_tables();
        let plan = Arc::new(Plan {
            spans,
            cuts,
            threads,
            claimed: (0..n).map(|_| AtomicBool::new(false)).collect(),
            here: AtomicUsize::new(0),
            halt: AtomicBool::new(false),
        });
        for tx in &crew.plans {
            // A helper that is gone takes no chunks.
            let _ = tx.send((Arc::clone(&plan), Box::new(self.fork())));
        }
        let base = Base::of(&self.m);
        let mut remaps: Vec<Remap> = (1..threads).map(|_| Remap::new(base)).collect();
        let mut ready: Vec<Option<Done>> = (0..n).map(|_| None).collect();
        let result = (|| -> Result<()> {
            for k in 0..n {
                plan.here.store(k, Relaxed);
                // Unclaimed: read it in place.
                if plan.claimed[k].compare_exchange(false, true, Relaxed, Relaxed).is_ok() {
                    self.read_in_place(plan.chunk(k), plan.cuts[k])?;
                    continue;
                }
                // A helper has it: wait for it, then merge it.
                let done = loop {
                    if let Some(d) = ready[k].take() {
                        break d;
                    }
                    match crew.done.recv() {
                        Ok(d) => {
                            let j = d.k;
                            ready[j] = Some(d);
                        }
                        Err(_) => return Err(give_up(self.c.pos())),
                    }
                };
                match done.out? {
                    Some(out) => {
                        let r = remaps.get_mut(done.helper).ok_or_else(|| give_up(self.c.pos()))?;
                        self.merge(r, out, plan.chunk(k))?;
                    }
                    // The helper met what only an in-order read gets right, and stopped.
                    None => self.read_in_place(plan.chunk(k), plan.cuts[k])?,
                }
            }
            Ok(())
        })();
        plan.halt.store(true, Relaxed);
        result?;
        // Every chunk is in: the helpers have nothing left to claim. Once each has dropped its
        // reader, the shared tables are this reader's alone again, to change in place.
        self.next_body = plan.spans.len();
        drop(plan);
        while crew.done.recv().is_ok() {}
        self.c.jump(at)?;
        Ok(true)
    }

    /// Reads the function blocks at `spans`, the bodies from number `first` on.
    fn read_run(&mut self, spans: &[Span], first: usize) -> Result<Vec<FuncId>> {
        self.c.jump(spans[0].0)?;
        self.next_body = first;
        // Each chunk is a run of its own for the struct order walk.
        self.seen.clear();
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
            if self.reuniqued && self.role == Role::Copy {
                // A helper stops here: the chunk is read again in order.
                break;
            }
        }
        Ok(funcs)
    }

    /// Reads a chunk into this module (every chunk before it is in already).
    fn read_in_place(&mut self, spans: &[Span], first: usize) -> Result<()> {
        self.read_run(spans, first).map(drop)
    }

    /// Reads a chunk into this helper's reader and takes out what a merge needs. `None`: the
    /// chunk must be read in order (the helper is of no further use).
    fn read_out(&mut self, spans: &[Span], first: usize) -> Result<Option<ChunkOut>> {
        let base = Base::of(&self.m);
        let block_addresses = self.block_addresses.len();
        self.md_placeholders.clear();
        let funcs = self.read_run(spans, first)?;
        // Metadata uniqued again once forward references were resolved depends on every node
        // read before (here, only those this helper has).
        if self.reuniqued {
            return Ok(None);
        }
        // Bodies do not add structs or symbols.
        let now = Base::of(&self.m);
        if now.named != base.named || now.symbols != base.symbols {
            return Err(give_up(self.c.pos()));
        }
        let lists = if self.walk == Some(true) {
            funcs.iter().map(|f| self.struct_lists[f.index()].take().unwrap_or_default()).collect()
        } else {
            Vec::new()
        };
        let mut adds = Additions::since(&self.m, base);
        adds.raw_md = self.md_placeholders.iter().map(|p| p.index()).collect();
        let funcs = std::mem::take(&mut self.shipped);
        Ok(Some(ChunkOut { adds, funcs, lists, block_addresses: self.block_addresses.split_off(block_addresses) }))
    }

    /// Moves a chunk a helper read into this module.
    fn merge(&mut self, r: &mut Remap, out: ChunkOut, spans: &[Span]) -> Result<()> {
        let at = spans[0].0;
        r.absorb_types(&mut self.m, &out.adds).map_err(|()| give_up(at))?;
        r.absorb_rest(&mut self.m, out.adds, &mut |m, slot| m.metadata.placeholder(slot)).map_err(|()| give_up(at))?;
        for (&(f, _), list) in out.funcs.iter().zip(out.lists) {
            self.struct_lists[f.index()] = Some(list);
        }
        for (f, mut func) in out.funcs {
            r.function(&mut func);
            body_into(&mut self.m.functions[f], func);
        }
        for (c, bb) in out.block_addresses {
            self.block_addresses.push((r.cnst(c), bb));
        }
        Ok(())
    }
}

/// What a helper keeps of a function header that has a body: what reading the body and walking
/// it for the struct order use.
#[derive(Default)]
pub(super) struct Lean {
    /// The function type, return and function attributes.
    head: Option<(TypeId, AttrSetId, AttrSetId)>,
    params: ThinVec<Param>,
    /// Prefix, prologue and personality, when there is one.
    rare: Option<Box<Rare>>,
}

/// A function's `prefix`, `prologue` and `personality` constants (and `gc`).
type Rare = crate::ir::FnRare;

impl Lean {
    /// A function with this header and no body.
    pub(super) fn function(self) -> Function {
        let empty = AttrSetId::from_index(0);
        let (ty, ret_attrs, fn_attrs) = self.head.unwrap_or((TypeId::from_index(0), empty, empty));
        Function {
            ty,
            ret_attrs,
            fn_attrs,
            params: self.params,
            rare: self.rare,
            is_definition: true,
            ..super::vacant()
        }
    }
}

/// Moves what a helper read of a function (its body, parameter names and attachments) into the
/// function's header, which the helper does not hold.
fn body_into(header: &mut Function, f: Function) {
    for (p, q) in header.params.iter_mut().zip(f.params) {
        p.name = q.name;
    }
    if let Some(rare) = f.props.rare {
        header.props.edit_rare(|r| crate::ir::push_exact(&mut r.metadata, rare.metadata));
    }
    header.body = f.body;
}

impl<'a> Reader<'a> {
    /// A helper's reader, standing where this one stands at the first body: what reading bodies
    /// uses, with this reader's types, constants and attribute sets (shared, see
    /// [`Module::share_tables`]) rather than copies, and of the functions only the headers of
    /// those with bodies, reduced to what a body needs. Global variables, aliases, ifuncs and
    /// global names stay here: a helper's copy of the module would cost about as much memory
    /// again, for the whole read.
    fn fork(&self) -> Reader<'a> {
        let m = &self.m;
        let mut copy = Module {
            source_filename: m.source_filename.clone(),
            data_layout: m.data_layout.clone(),
            triple: m.triple.clone(),
            types: m.types.clone(),
            consts: m.consts.clone(),
            attrs: m.attrs.clone(),
            asms: m.asms.clone(),
            metadata: m.metadata.clone(),
            sync_scopes: m.sync_scopes.clone(),
            ..Module::default()
        };
        for (_, sym) in m.symbols.iter() {
            copy.symbols.push(Symbol { name: sym.name.clone(), def: sym.def });
        }
        let mut lean: Vec<Lean> = (0..m.functions.len()).map(|_| Lean::default()).collect();
        for &f in &self.bodies {
            let h = &m.functions[f];
            lean[f.index()] =
                Lean { head: Some((h.ty, h.ret_attrs, h.fn_attrs)), params: h.params.clone(), rare: h.rare.clone() };
        }
        let void = copy.types.void();
        Reader {
            c: self.c.clone(),
            names: Default::default(),
            options: self.options,
            role: Role::Copy,
            crew: None,
            m: copy,
            ident: self.ident.clone(),
            version: self.version,
            strtab: self.strtab,
            types: self.types.clone(),
            unnamed_structs: self.unnamed_structs.clone(),
            attr_groups: Default::default(),
            attr_slots: self.attr_slots,
            param_count: self.param_count,
            attr_lists: self.attr_lists.clone(),
            sections: self.sections.clone(),
            gc_names: self.gc_names.clone(),
            name_bytes: self.name_bytes.clone(),
            comdat_names: Default::default(),
            comdats: self.comdats.clone(),
            empty_name: self.empty_name.clone(),
            values: self.values.clone(),
            global_syms: self.global_syms.clone(),
            pending: Vec::new(),
            bodies: self.bodies.clone(),
            next_body: self.next_body,
            mds: self.mds.clone(),
            lazy_strs: self.lazy_strs.clone(),
            fn_lazy_strs: Default::default(),
            md_open: self.md_open,
            md_reunique: self.md_reunique,
            md_kinds: self.md_kinds.clone(),
            bundle_tags: self.bundle_tags.clone(),
            sync_names: self.sync_names.clone(),
            block_addresses: Vec::new(),
            cur_fn: None,
            func: super::vacant(),
            lean: Some(lean),
            shipped: Vec::new(),
            body: super::function::Body::new(void),
            struct_lists: Vec::new(),
            walk: self.walk,
            seen: Default::default(),
            reuniqued: false,
            md_placeholders: Vec::new(),
            implicit_comdat: self.implicit_comdat.clone(),
            di_upgrade: self.di_upgrade.clone(),
            summary: Default::default(),
        }
    }
}
