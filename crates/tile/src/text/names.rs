//! Value names as MLIR's printer assigns them: ops' suggested names uniqued with one conflict
//! counter, numbered values, `%argN` for entry-block arguments; a region starts from the counters
//! its parent region ended with, so sibling regions reuse numbers and names.
//!
//! Names are worked out block by block, as MLIR does (a block's own ops first, then the regions
//! of its ops, each from the state the block ended with), over the encoded body: one walk finds
//! where each op's regions end and where its blocks are, then each block's own ops are decoded,
//! skipping their regions. Names in use live in one set with an undo log (a region's names are
//! dropped when it is done) rather than in a copy per region.

use crate::body::{Decoder, Event, Walker};
use crate::cursor::Cursor;
use crate::ir::{Field, Function, Module, Op, Type, TypeEntry};
use crate::tables;
use std::collections::HashSet;
use std::fmt::Write;

/// `NUMBERED` in [`ValueName::word`]: the base is the number `n`.
const NUMBERED: u32 = u32::MAX;
/// `ARG` in [`ValueName::word`]: the base is `arg` and the number `n`.
const ARG: u32 = u32::MAX - 1;
/// No `#sub`.
const WHOLE: u32 = u32::MAX;

/// How a value prints: `%`, its base (a number; or a word, numbered or not, with an optional
/// `_N` conflict suffix), and `#sub` for one result of a group printed as `%base:size`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ValueName {
    word: u32,
    /// The number, or the conflict suffix plus one (0: none).
    n: u32,
    /// `WHOLE`, the `#sub` of a result, or `NUMBERED_WORD | number` for a word with a number
    /// (`iterArg3`: block arguments never have a `#sub`).
    extra: u32,
}

/// In [`ValueName::extra`]: the word is followed by the number in the other bits.
const NUMBERED_WORD: u32 = 1 << 31;

impl ValueName {
    /// `%argN`, the name of a function's argument N.
    pub fn arg(n: u32) -> ValueName {
        ValueName { word: ARG, n, extra: WHOLE }
    }

    /// The `#sub` of one result of a group.
    fn sub(self) -> Option<u32> {
        (self.extra & NUMBERED_WORD == 0).then_some(self.extra)
    }

    /// The number after a numbered word.
    fn word_number(self) -> Option<u32> {
        (self.extra != WHOLE && self.extra & NUMBERED_WORD != 0).then_some(self.extra & !NUMBERED_WORD)
    }

    fn same_base(self, other: ValueName) -> bool {
        self.word == other.word && self.n == other.n
    }
}

/// Names of every op result and block argument of one function.
#[derive(Default)]
pub struct Names {
    words: Vec<Box<str>>,
    /// (op or block position; the name of each of its values in order), sorted by key. The
    /// function's own arguments are not here: they are `%argN` ([`ValueName::arg`]).
    entries: Vec<(u32, ValueName)>,
}

impl Names {
    /// The names of the values an op or block (by position) defines.
    pub fn of(&self, key: u32) -> impl ExactSizeIterator<Item = ValueName> + '_ {
        let r = self.range(key);
        self.entries[r].iter().map(|e| e.1)
    }

    /// Where the names of the values an op or block defines are (see [`Names::get`]).
    pub fn range(&self, key: u32) -> std::ops::Range<usize> {
        let start = self.entries.partition_point(|e| e.0 < key);
        start..start + self.entries[start..].partition_point(|e| e.0 == key)
    }

    /// Name number `i` (of a [`Names::range`]).
    pub fn get(&self, i: usize) -> Option<ValueName> {
        self.entries.get(i).map(|e| e.1)
    }

    /// Appends `%name`.
    pub fn write(&self, out: &mut String, v: ValueName) {
        out.push('%');
        self.write_base(out, v);
        if let Some(sub) = v.sub() {
            let _ = write!(out, "#{sub}");
        }
    }

    /// `%name` as a string.
    pub fn text(&self, v: ValueName) -> String {
        let mut s = String::new();
        self.write(&mut s, v);
        s
    }

    fn write_base(&self, out: &mut String, v: ValueName) {
        if v.word == NUMBERED {
            let _ = write!(out, "{}", v.n);
        } else if v.word == ARG {
            let _ = write!(out, "arg{}", v.n);
        } else {
            out.push_str(self.words.get(v.word as usize).map_or("", |w| w));
            if let Some(k) = v.word_number() {
                let _ = write!(out, "{k}");
            }
            if v.n != 0 {
                let _ = write!(out, "_{}", v.n - 1);
            }
        }
    }

    /// What defines an op's values: `%a, %b` or `%3:2` (empty when it has none).
    pub fn def(&self, key: u32) -> String {
        let names: Vec<ValueName> = self.of(key).collect();
        let mut out = String::new();
        let mut i = 0;
        while i < names.len() {
            let run = names[i..].iter().take_while(|v| v.same_base(names[i])).count();
            if i > 0 {
                out.push_str(", ");
            }
            out.push('%');
            self.write_base(&mut out, names[i]);
            if run > 1 {
                let _ = write!(out, ":{run}");
            }
            i += run;
        }
        out
    }
}

/// Names in use, with an undo log: `truncate` forgets the latest ones. A name is kept as its
/// word and number (`iterArg3`: the words never end in a digit, so that is the same as keeping
/// its text), in a set keyed per process (input cannot make it collide on purpose).
#[derive(Default)]
struct NameSet {
    set: HashSet<u64>,
    log: Vec<u64>,
}

impl NameSet {
    fn key(word: u32, number: Option<u32>) -> u64 {
        u64::from(word) << 32 | u64::from(number.unwrap_or(u32::MAX))
    }

    fn len(&self) -> usize {
        self.log.len()
    }

    /// Adds a name; false when it was in use.
    fn insert(&mut self, key: u64) -> bool {
        let new = self.set.insert(key);
        if new {
            self.log.push(key);
        }
        new
    }

    fn truncate(&mut self, n: usize) {
        while self.log.len() > n {
            if let Some(k) = self.log.pop() {
                self.set.remove(&k);
            }
        }
    }
}

/// Strings interned to indices.
#[derive(Default)]
struct Interner {
    list: Vec<Box<str>>,
    index: std::collections::HashMap<Box<str>, u32>,
}

impl Interner {
    fn id(&mut self, s: &str) -> u32 {
        if let Some(&i) = self.index.get(s) {
            return i;
        }
        let i = self.list.len() as u32;
        self.list.push(s.into());
        self.index.insert(s.into(), i);
        i
    }
}

/// The counters a block starts from.
#[derive(Clone, Copy, Default)]
struct Counters {
    next_value: u32,
    next_arg: u32,
    next_conflict: u32,
}

/// A block still to be named, and the state it starts from.
struct BlockWork {
    pos: u32,
    /// Whether it is the first block of its region.
    entry: bool,
    parent: u16,
    values: usize,
    used: usize,
    counters: Counters,
}

const NO_RAW: u32 = u32::MAX;

/// The longest suggested name passed on to an `assume` of its value (`assume_` + it): a chain
/// of assumes would otherwise grow names, and the text, with the square of its length.
const MAX_PRODUCER_NAME: usize = 256;

struct Namer<'m> {
    m: &'m Module,
    words: Interner,
    /// Suggested names (raw) of values, for `assume`.
    raws: Interner,
    used: NameSet,
    counters: Counters,
    /// Per value in scope after the function's arguments: the raw name its producer suggested
    /// (`NO_RAW`: none).
    values: Vec<u32>,
    nargs: usize,
    entries: Vec<(u32, ValueName)>,
}

/// Numbers one function.
pub fn name_function(m: &Module, f: &Function) -> Names {
    let nargs = match m.ty(f.signature) {
        Some(Type::Function { inputs, .. }) => inputs.len(),
        _ => 0,
    };
    let body = f.body.bytes();
    let (spans, blocks) = layout(m, f);
    let mut n = Namer {
        m,
        words: Interner::default(),
        raws: Interner::default(),
        used: NameSet::default(),
        counters: Counters::default(),
        values: Vec::new(),
        nargs: 0,
        entries: Vec::new(),
    };
    // The function's arguments are %arg0 … (nothing to keep: see `ValueName::arg`).
    n.counters.next_arg = nargs as u32;
    n.nargs = nargs;
    let dec = Decoder { m, strict: false };
    let mut work = Vec::new();
    let mut c = Cursor::new(body, 0, body.len());
    n.block_ops(&dec, &mut c, None, &spans, &blocks, &mut work);
    while let Some(w) = work.pop() {
        n.used.truncate(w.used);
        n.counters = w.counters;
        n.values.truncate(w.values);
        let mut c = Cursor::new(body, w.pos as usize, body.len());
        let mut args = Vec::new();
        let Ok(nops) = dec.block(&mut c, &mut args) else { continue };
        // Block arguments: names the parent op suggests, else %argN in entry blocks.
        for i in 0..args.len() {
            let v = match block_arg_name(w.parent, i, args.len()) {
                Some((word, k)) => n.unique_numbered(word, k),
                None if w.entry => n.arg(),
                None => n.number(),
            };
            n.entries.push((w.pos, v));
            n.values.push(NO_RAW);
        }
        n.block_ops(&dec, &mut c, Some(nops), &spans, &blocks, &mut work);
    }
    // Keys in order; a key's values keep their order.
    n.entries.sort_by_key(|e| e.0);
    Names { words: n.words.list, entries: n.entries }
}

/// Where each op with regions ends: (op position, end), sorted.
type Spans = Vec<(u32, u32)>;
/// The blocks of each op with regions: (op position, block position, whether first in its
/// region), sorted by op.
type Blocks = Vec<(u32, u32, bool)>;

/// The regions' layout of a body (see [`Spans`], [`Blocks`]).
fn layout(m: &Module, f: &Function) -> (Spans, Blocks) {
    let mut spans = Vec::new();
    let mut blocks = Vec::new();
    // Open ops with regions: (position, whether the next block is first in its region).
    let mut open: Vec<(u32, bool)> = Vec::new();
    let mut w = Walker::new(m, &f.body);
    while let Ok(Some(ev)) = w.next() {
        match ev {
            Event::Op { at, regions, .. } if regions > 0 => open.push((at.pos, true)),
            Event::RegionStart { .. } => {
                if let Some(o) = open.last_mut() {
                    o.1 = true;
                }
            }
            Event::BlockStart { pos, .. } => {
                if let Some(o) = open.last_mut() {
                    blocks.push((o.0, pos, o.1));
                    o.1 = false;
                }
            }
            Event::OpEnd { at, .. } if open.last().is_some_and(|o| o.0 == at.pos) => {
                open.pop();
                spans.push((at.pos, w.position() as u32));
            }
            _ => {}
        }
    }
    spans.sort_unstable();
    blocks.sort_by_key(|b| b.0);
    (spans, blocks)
}

impl Namer<'_> {
    fn number(&mut self) -> ValueName {
        let v = ValueName { word: NUMBERED, n: self.counters.next_value, extra: WHOLE };
        self.counters.next_value += 1;
        v
    }

    /// `%argN` of an entry block's argument. MLIR makes it unique like a suggested name; it
    /// always is: no suggested name has that form, and the counter only grows along a scope.
    fn arg(&mut self) -> ValueName {
        let v = ValueName::arg(self.counters.next_arg);
        self.counters.next_arg += 1;
        v
    }

    /// A suggested name made unique among the names in use: itself, or `name_N` with the
    /// conflict counter (MLIR probes `name_N` until one is free: the first always is, as no
    /// suggested name ends in `_` and digits and the counter only grows along a scope). Only the
    /// suggested names are kept in the set, not the `name_N` made from them.
    fn unique(&mut self, raw: &str) -> ValueName {
        self.unique_numbered(raw, None)
    }

    /// [`Namer::unique`] for a word followed by a number (`iterArg3`).
    fn unique_numbered(&mut self, raw: &str, number: Option<u32>) -> ValueName {
        let name = sanitize(raw);
        debug_assert!(!ends_in_number(&name) && (number.is_none() || !name.ends_with(|c: char| c.is_ascii_digit())));
        let word = self.words.id(&name);
        let number = number.filter(|&k| k < NUMBERED_WORD - 1);
        let mut suffix = 0;
        if !self.used.insert(NameSet::key(word, number)) {
            self.counters.next_conflict += 1;
            suffix = self.counters.next_conflict;
        }
        let extra = number.map_or(WHOLE, |k| NUMBERED_WORD | k);
        ValueName { word, n: suffix, extra }
    }

    /// Names a block's own ops (`count` of them, or up to the end of the body), skipping their
    /// regions, whose blocks are queued with the state the block ends with.
    fn block_ops(
        &mut self,
        dec: &Decoder<'_>,
        c: &mut Cursor<'_>,
        count: Option<usize>,
        spans: &[(u32, u32)],
        blocks: &[(u32, u32, bool)],
        work: &mut Vec<BlockWork>,
    ) {
        let mut children: Vec<(u32, u16, usize)> = Vec::new();
        let mut op = Op::default();
        let mut i = 0;
        while count.map_or(!c.at_end(), |n| i < n) {
            i += 1;
            let pos = c.pos as u32;
            let Ok(regions) = dec.op(c, &mut op, 0, 0) else { break };
            if regions > 0 {
                children.push((pos, op.opcode, self.values.len()));
                match spans.binary_search_by_key(&pos, |s| s.0) {
                    Ok(k) => c.pos = spans[k].1 as usize,
                    Err(_) => break,
                }
            }
            self.name_results(&op, pos);
        }
        let (used, counters) = (self.used.len(), self.counters);
        for (pos, parent, values) in children {
            let start = blocks.partition_point(|b| b.0 < pos);
            for b in blocks[start..].iter().take_while(|b| b.0 == pos) {
                work.push(BlockWork { pos: b.1, entry: b.2, parent, values, used, counters });
            }
        }
    }

    fn name_results(&mut self, op: &Op, pos: u32) {
        let suggested = result_names(self, op);
        let n = result_count(op);
        let mut groups = vec![0usize];
        let mut bases: Vec<(usize, ValueName)> = Vec::new();
        for (rn, raw) in &suggested {
            let v = self.unique(raw);
            if *rn != 0 {
                groups.push(*rn);
            }
            bases.push((*rn, v));
        }
        if n > 0 && !bases.iter().any(|(rn, _)| *rn == 0) {
            let v = self.number();
            bases.insert(0, (0, v));
        }
        for (gi, &start) in groups.iter().enumerate() {
            if start >= n {
                continue;
            }
            let end = groups.get(gi + 1).copied().unwrap_or(n).min(n);
            let Some(&(_, base)) = bases.iter().find(|(rn, _)| *rn == start) else { continue };
            let size = end - start;
            for i in start..end {
                let sub = if n > 1 && size != 1 { (i - start) as u32 } else { WHOLE };
                self.entries.push((pos, ValueName { extra: sub, ..base }));
            }
        }
        for i in 0..op.results.len() {
            let raw = suggested
                .iter()
                .find(|(rn, _)| *rn == i)
                .map(|(_, raw)| raw.as_str())
                .or_else(|| has_name_interface(op).then_some(""));
            let id = raw.map_or(NO_RAW, |r| self.raws.id(r));
            self.values.push(id);
        }
    }
}

/// Whether a name ends in `_` and digits (the form of a conflict-suffixed name).
fn ends_in_number(name: &str) -> bool {
    name.rsplit_once('_').is_some_and(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

fn sanitize(name: &str) -> String {
    let valid = |c: char| c.is_ascii_alphanumeric() || "$._-".contains(c);
    let mut out = String::new();
    if !name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        out.push('_');
    }
    for c in name.chars() {
        if valid(c) {
            out.push(c);
        } else if c == ' ' {
            out.push('_');
        } else {
            let _ = write!(out, "{:X}", c as u32);
        }
    }
    out
}

/// Results the printer shows: 13.1's `print_tko` is shown with the token result later versions
/// have.
pub fn result_count(op: &Op) -> usize {
    let name = tables::op_info(op.opcode.into()).map_or("", |i| i.name);
    if name == "print_tko" {
        op.results.len().max(1)
    } else {
        op.results.len()
    }
}

fn has_name_interface(op: &Op) -> bool {
    let name = tables::op_info(op.opcode.into()).map_or("", |i| i.name);
    matches!(
        name,
        "assume"
            | "broadcast"
            | "constant"
            | "for"
            | "make_tensor_view"
            | "make_partition_view"
            | "make_strided_view"
            | "make_gather_scatter_view"
            | "reduce"
            | "reshape"
            | "if"
            | "loop"
            | "scan"
            | "load_view_tko"
            | "load_ptr_tko"
            | "atomic_rmw_tko"
            | "atomic_cas_tko"
            | "get_tile_block_id"
            | "get_num_tile_blocks"
    )
}

/// The name a parent op suggests for argument `i` of `n` of its block: a word and maybe a
/// number (`loopIdx`, `iterArg0`, `reduce_lhs`, `reduce_rhs1`).
fn block_arg_name(parent: u16, i: usize, n: usize) -> Option<(&'static str, Option<u32>)> {
    let number = |k: usize| Some(u32::try_from(k).unwrap_or(u32::MAX));
    match tables::op_info(parent.into()).map_or("", |o| o.name) {
        "for" if i == 0 => Some(("loopIdx", None)),
        "for" => Some(("iterArg", number(i - 1))),
        "reduce" => {
            let base = if i.is_multiple_of(2) { "reduce_lhs" } else { "reduce_rhs" };
            Some((base, if n > 2 { number(i / 2) } else { None }))
        }
        _ => None,
    }
}

/// The names an op suggests for its results: (result number, raw name).
fn result_names(namer: &Namer<'_>, op: &Op) -> Vec<(usize, String)> {
    let name = tables::op_info(op.opcode.into()).map_or("", |i| i.name);
    let n = op.results.len();
    let one = |s: &str| vec![(0, s.to_string())];
    let many = |v: &[&str]| {
        if n == v.len() {
            v.iter().enumerate().map(|(i, s)| (i, s.to_string())).collect()
        } else {
            Vec::new()
        }
    };
    match name {
        "assume" => {
            let producer = op
                .operands
                .first()
                .and_then(|&v| (v as usize).checked_sub(namer.nargs))
                .and_then(|v| namer.values.get(v))
                .filter(|&&p| p != NO_RAW);
            match producer.map(|&p| &*namer.raws.list[p as usize]) {
                Some(p) if p.len() <= MAX_PRODUCER_NAME => one(&format!("assume_{p}")),
                _ => one("assume"),
            }
        }
        "broadcast" => one("bcast"),
        "reshape" => one("reshape"),
        "make_tensor_view" => one("tview"),
        "make_partition_view" => one("pview"),
        "make_strided_view" => one("sview"),
        "make_gather_scatter_view" => one("gsview"),
        "for" if n > 0 => one("for"),
        "reduce" if n > 0 => one("reduce"),
        "constant" => one(&constant_name(namer.m, op)),
        "load_view_tko" => many(&["tile", "result_token"]),
        "load_ptr_tko" | "atomic_rmw_tko" | "atomic_cas_tko" => many(&["result", "result_token"]),
        "get_tile_block_id" => many(&["blockId_x", "blockId_y", "blockId_z"]),
        "get_num_tile_blocks" => many(&["gridSize_x", "gridSize_y", "gridSize_z"]),
        _ => Vec::new(),
    }
}

/// The element type tag and the raw bytes of a constant op's value.
pub fn constant_data<'m>(m: &'m Module, op: &Op) -> Option<(u64, &'m [u8])> {
    let ty = *op.results.first()?;
    let Some(Type::Tile { element, .. }) = m.ty(ty) else { return None };
    let Some(TypeEntry::Ok(Type::Scalar(tag))) = m.types.get(*element as usize) else { return None };
    let Some(Field::U(c)) = op.fields.first() else { return None };
    Some((*tag, m.constants.get(usize::try_from(*c).ok()?)?))
}

/// Element width in bytes in a dense buffer.
pub fn elem_bytes(tag: u64) -> usize {
    match tag {
        0 | 1 | 10 | 11 | 18 | 19 | 22 | 130 => 1,
        2 | 5 | 6 => 2,
        3 | 7 | 8 => 4,
        _ => 8,
    }
}

/// Element `i` of a dense buffer as raw bits.
pub fn elem_bits(data: &[u8], tag: u64, i: usize) -> u64 {
    let w = elem_bytes(tag);
    let mut v = 0u64;
    for (k, b) in data.iter().skip(i * w).take(w).enumerate() {
        v |= u64::from(*b) << (8 * k);
    }
    v
}

/// Integer bit width of a scalar tag.
pub fn int_width(tag: u64) -> Option<u32> {
    Some(match tag {
        0 => 1,
        22 => 4,
        1 => 8,
        2 => 16,
        3 => 32,
        4 => 64,
        _ => return None,
    })
}

/// Sign-extends bits of a width.
pub fn signed(bits: u64, width: u32) -> i64 {
    if width >= 64 {
        bits as i64
    } else {
        ((bits << (64 - width)) as i64) >> (64 - width)
    }
}

fn constant_name(m: &Module, op: &Op) -> String {
    let Some((tag, data)) = constant_data(m, op) else { return "cst".into() };
    let n = data.len() / elem_bytes(tag).max(1);
    let all_same = (1..n).all(|i| elem_bits(data, tag, i) == elem_bits(data, tag, 0));
    let ty = super::print::scalar_name(tag);
    if tag == 0 {
        let vals = (0..n).map(|i| elem_bits(data, tag, i) & 1 != 0);
        return if vals.clone().all(|v| v) {
            "true".into()
        } else if vals.clone().all(|v| !v) {
            "false".into()
        } else {
            "cst_i1".into()
        };
    }
    let mut name = String::from("cst");
    if n >= 1 && all_same {
        let bits = elem_bits(data, tag, 0);
        if let Some(w) = int_width(tag) {
            let _ = write!(name, "_{}", signed(bits, w));
        } else if let Some(s) = super::float::semantics(tag) {
            if super::float::is_nan(s, bits) {
                name.push_str("_NaN");
            } else if let Some(v) = super::float::to_f64(s, bits) {
                if v.is_sign_positive()
                    && v.fract() == 0.0
                    && v < 18446744073709551616.0
                    && !(v == 0.0 && v.is_sign_negative())
                {
                    let _ = write!(name, "_{}", v as u64);
                }
            }
        }
    }
    name.push('_');
    name.push_str(ty);
    name
}
