//! Writing the bitstream container: fixed and VBR fields, abbreviations (defined in a block or
//! in `BLOCKINFO`), nested blocks whose 32-bit word length is patched in when they close, and
//! records with or without an abbreviation. The inverse of `bitcode::bitstream`.

use crate::bitcode::bitstream::AbbrevOp;

const END_BLOCK: u64 = 0;
const ENTER_SUBBLOCK: u64 = 1;
const DEFINE_ABBREV: u64 = 2;
const UNABBREV_RECORD: u64 = 3;
/// The first abbreviation id a block or `BLOCKINFO` hands out.
pub(super) const FIRST_ABBREV: u32 = 4;

/// An abbreviation: its operands, the record code first (as LLVM's `BitCodeAbbrev`).
pub(super) type Abbrev = std::rc::Rc<[AbbrevOp]>;

/// A block being written.
struct Open {
    /// The abbreviation width outside it.
    outer_width: u32,
    /// Byte offset of its length word.
    len_at: usize,
    /// The outer block's abbreviations, restored when it closes.
    outer_abbrevs: Vec<Abbrev>,
}

/// A bit writer over a growing byte buffer. Bits gather in a 64-bit accumulator that goes out
/// 32 bits at a time; whole bytes left in it are flushed before anything looks at `out` itself.
/// Blocks spliced in whole ([`BitWriter::splice_block`]) are kept as they came rather than
/// copied: what was written before one is set aside in `done` with it, and `out` starts again.
pub(super) struct BitWriter {
    /// The bytes after those in `done`.
    out: Vec<u8>,
    /// The bytes before `out`, in order: each piece's bytes from its offset on.
    done: Vec<(Vec<u8>, usize)>,
    /// How many bytes `done` holds (`out`'s first byte is at this offset of the whole).
    base: usize,
    /// Bits not yet in `out`, the first in the least significant bit; fewer than 32 between calls.
    acc: u64,
    nacc: u32,
    width: u32,
    abbrevs: Vec<Abbrev>,
    open: Vec<Open>,
    /// Abbreviations `BLOCKINFO` gives each block id.
    info: Vec<(u32, Vec<Abbrev>)>,
    /// The block id `BLOCKINFO` records apply to, while it is open.
    info_target: Option<u32>,
}

impl BitWriter {
    pub(super) fn new() -> Self {
        BitWriter {
            out: Vec::new(),
            done: Vec::new(),
            base: 0,
            acc: 0,
            nacc: 0,
            width: 2,
            abbrevs: Vec::new(),
            open: Vec::new(),
            info: Vec::new(),
            info_target: None,
        }
    }

    /// The bits written so far.
    pub(super) fn bit_pos(&self) -> u64 {
        self.len() as u64 * 8 + u64::from(self.nacc)
    }

    /// The whole bytes written so far (those in the accumulator aside).
    fn len(&self) -> usize {
        self.base + self.out.len()
    }

    /// The byte at offset `at` of the whole output (already written).
    fn byte_mut(&mut self, at: usize) -> &mut u8 {
        if at >= self.base {
            return &mut self.out[at - self.base];
        }
        // The last piece that starts at or before `at`.
        let (mut piece, mut start) = (0, 0);
        for (i, (bytes, from)) in self.done.iter().enumerate() {
            if start + bytes.len() - from > at {
                piece = i;
                break;
            }
            start += bytes.len() - from;
        }
        let (bytes, from) = &mut self.done[piece];
        &mut bytes[*from + at - start]
    }

    /// `n` ≤ 64 bits of `v`, least significant first.
    #[inline]
    pub(super) fn emit(&mut self, v: u64, n: u32) {
        debug_assert!(n <= 64);
        if n > 32 {
            self.push_bits(v & 0xFFFF_FFFF, 32);
            self.push_bits(v >> 32 & ((1u64 << (n - 32)) - 1), n - 32);
        } else if n > 0 {
            self.push_bits(v & ((1u64 << n) - 1), n);
        }
    }

    /// `n` ≤ 32 bits `v` (nothing above them set).
    #[inline]
    fn push_bits(&mut self, v: u64, n: u32) {
        // Fewer than 32 bits wait, so 32 more always fit.
        self.acc |= v << self.nacc;
        self.nacc += n;
        if self.nacc >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.nacc -= 32;
        }
    }

    /// Moves the whole bytes waiting in the accumulator to `out`.
    fn flush_bytes(&mut self) {
        while self.nacc >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.nacc -= 8;
        }
    }

    /// `v` in `n`-bit chunks, the top bit of each saying another follows.
    #[inline]
    pub(super) fn emit_vbr(&mut self, mut v: u64, n: u32) {
        let hi = 1u64 << (n - 1);
        if v < hi {
            // The common case: one chunk.
            self.push_bits(v, n);
            return;
        }
        while v >= hi {
            self.emit((v & (hi - 1)) | hi, n);
            v >>= n - 1;
        }
        self.emit(v, n);
    }

    /// Pads with zero bits to a 32-bit boundary.
    pub(super) fn align32(&mut self) {
        let rem = self.bit_pos() % 32;
        if rem != 0 {
            self.emit(0, (32 - rem) as u32);
        }
        self.flush_bytes();
    }

    /// Raw bytes at a byte boundary (the magic, blob contents).
    pub(super) fn bytes(&mut self, b: &[u8]) {
        self.flush_bytes();
        debug_assert_eq!(self.nacc, 0);
        self.out.extend_from_slice(b);
    }

    /// Overwrites 32 bits at bit `pos` (already written, and followed by at least a byte) with `v`.
    pub(super) fn backpatch_u32(&mut self, pos: u64, v: u32) {
        self.flush_bytes();
        // Byte by byte: the bits of each from the first to patch in it, as many as are left.
        let mut i = 0u32;
        while i < 32 {
            let bit = pos + u64::from(i);
            let lo = (bit % 8) as u32;
            let n = (8 - lo).min(32 - i);
            let mask = (((1u32 << n) - 1) << lo) as u8;
            let bits = ((v >> i) << lo) as u8 & mask;
            let b = self.byte_mut((bit / 8) as usize);
            *b = (*b & !mask) | bits;
            i += n;
        }
    }

    /// Opens block `id` with abbreviation ids `width` bits wide.
    pub(super) fn enter_block(&mut self, id: u32, width: u32) {
        self.emit(ENTER_SUBBLOCK, self.width);
        self.emit_vbr(u64::from(id), 8);
        self.emit_vbr(u64::from(width), 4);
        self.align32();
        let len_at = self.len();
        self.emit(0, 32);
        let inherited = self.info.iter().find(|(b, _)| *b == id).map(|(_, a)| a.clone()).unwrap_or_default();
        let outer_abbrevs = std::mem::replace(&mut self.abbrevs, inherited);
        self.open.push(Open { outer_width: self.width, len_at, outer_abbrevs });
        self.width = width;
    }

    /// Closes the innermost block and patches its length.
    pub(super) fn exit_block(&mut self) {
        self.emit(END_BLOCK, self.width);
        self.align32();
        let open = self.open.pop().expect("a block is open");
        let words = (self.len() - open.len_at - 4) / 4;
        for (i, b) in (words as u32).to_le_bytes().into_iter().enumerate() {
            *self.byte_mut(open.len_at + i) = b;
        }
        self.width = open.outer_width;
        self.abbrevs = open.outer_abbrevs;
        self.info_target = None;
    }

    fn define(&mut self, a: &Abbrev) {
        self.emit(DEFINE_ABBREV, self.width);
        self.emit_vbr(a.len() as u64, 5);
        for op in a.iter() {
            match *op {
                AbbrevOp::Literal(v) => {
                    self.emit(1, 1);
                    self.emit_vbr(v, 8);
                }
                AbbrevOp::Fixed(w) => {
                    self.emit(0, 1);
                    self.emit(1, 3);
                    self.emit_vbr(u64::from(w), 5);
                }
                AbbrevOp::Vbr(w) => {
                    self.emit(0, 1);
                    self.emit(2, 3);
                    self.emit_vbr(u64::from(w), 5);
                }
                AbbrevOp::Array => {
                    self.emit(0, 1);
                    self.emit(3, 3);
                }
                AbbrevOp::Char6 => {
                    self.emit(0, 1);
                    self.emit(4, 3);
                }
                AbbrevOp::Blob => {
                    self.emit(0, 1);
                    self.emit(5, 3);
                }
            }
        }
    }

    /// Defines an abbreviation in the current block and returns its id.
    pub(super) fn abbrev(&mut self, a: Vec<AbbrevOp>) -> u32 {
        let a: Abbrev = a.into();
        self.define(&a);
        self.abbrevs.push(a);
        FIRST_ABBREV + self.abbrevs.len() as u32 - 1
    }

    /// Opens `BLOCKINFO`.
    /// The `BLOCKINFO` abbreviations defined so far, as plain data (to make writers that write
    /// blocks apart, on other threads, with [`BitWriter::with_info`]).
    pub(super) fn info_snapshot(&self) -> Vec<(u32, Vec<Vec<AbbrevOp>>)> {
        self.info.iter().map(|(b, list)| (*b, list.iter().map(|a| a.to_vec()).collect())).collect()
    }

    /// A writer for blocks written apart and spliced in later ([`BitWriter::splice_block`]):
    /// it knows `info`'s abbreviations and starts at abbreviation width `width` (the width of
    /// the block the spliced blocks go in).
    pub(super) fn with_info(info: &[(u32, Vec<Vec<AbbrevOp>>)], width: u32) -> Self {
        let mut w = BitWriter::new();
        w.width = width;
        w.info = info.iter().map(|(b, list)| (*b, list.iter().map(|a| Abbrev::from(&a[..])).collect())).collect();
        w
    }

    /// Appends a block that a [`BitWriter::with_info`] writer wrote alone (its whole output,
    /// one block): the block's header is written again here (its bits depend on the position),
    /// and the rest, which starts and ends on a 32-bit word, is kept as it is, not copied (a
    /// large module's bodies would otherwise be held twice while they are spliced).
    pub(super) fn splice_block(&mut self, id: u32, width: u32, block: Vec<u8>) {
        debug_assert!(block.len() >= 4 && block.len().is_multiple_of(4));
        let aligned = self.bit_pos().is_multiple_of(32);
        self.emit(ENTER_SUBBLOCK, self.width);
        self.emit_vbr(u64::from(id), 8);
        self.emit_vbr(u64::from(width), 4);
        self.align32();
        debug_assert_eq!(self.nacc, 0);
        // The alone-written header takes the first word (it is shorter than one). Written here
        // from a word's start at the width it was written at, it is that word: the block is
        // kept whole (what follows a block is aligned, so every body after the first is).
        let at = self.out.len().saturating_sub(4);
        let from = if aligned && self.out.get(at..) == block.get(..4) {
            self.out.truncate(at);
            0
        } else {
            4
        };
        let before = std::mem::take(&mut self.out);
        self.base += before.len() + block.len() - from;
        if !before.is_empty() {
            self.done.push((before, 0));
        }
        self.done.push((block, from));
    }

    pub(super) fn enter_blockinfo(&mut self) {
        self.enter_block(0, 2);
    }

    /// Defines, inside `BLOCKINFO`, an abbreviation for every block `block`; returns its id.
    pub(super) fn info_abbrev(&mut self, block: u32, a: Vec<AbbrevOp>) -> u32 {
        let a: Abbrev = a.into();
        if self.info_target != Some(block) {
            self.record(1, &[u64::from(block)], None);
            self.info_target = Some(block);
        }
        self.define(&a);
        let list = match self.info.iter().position(|(b, _)| *b == block) {
            Some(i) => &mut self.info[i].1,
            None => {
                self.info.push((block, Vec::new()));
                &mut self.info.last_mut().expect("just pushed").1
            }
        };
        list.push(a);
        FIRST_ABBREV + list.len() as u32 - 1
    }

    /// A record, unabbreviated (`abbrev: None`) or with abbreviation `abbrev` (which the values
    /// must fit: the caller picks one that does).
    pub(super) fn record(&mut self, code: u32, vals: &[u64], abbrev: Option<u32>) {
        self.record_blob(code, vals, None, abbrev);
    }

    /// An unabbreviated record of bytes (a string), written from them as they are.
    pub(super) fn record_bytes(&mut self, code: u32, bytes: &[u8]) {
        self.emit(UNABBREV_RECORD, self.width);
        self.emit_vbr(u64::from(code), 6);
        self.emit_vbr(bytes.len() as u64, 6);
        for &b in bytes {
            self.emit_vbr(u64::from(b), 6);
        }
    }

    /// A record whose abbreviation ends in a blob.
    pub(super) fn record_blob(&mut self, code: u32, vals: &[u64], blob: Option<&[u8]>, abbrev: Option<u32>) {
        let Some(id) = abbrev else {
            self.emit(UNABBREV_RECORD, self.width);
            self.emit_vbr(u64::from(code), 6);
            self.emit_vbr(vals.len() as u64, 6);
            for &v in vals {
                self.emit_vbr(v, 6);
            }
            return;
        };
        let a = self.abbrevs[(id - FIRST_ABBREV) as usize].clone();
        self.emit(u64::from(id), self.width);
        // The code is the abbreviation's first operand, then the values in order.
        let mut k = 0usize;
        let next = |i: usize| -> u64 {
            if i == 0 {
                u64::from(code)
            } else {
                vals.get(i - 1).copied().unwrap_or(0)
            }
        };
        let total = vals.len() + 1;
        let mut i = 0;
        while k < a.len() {
            match a[k] {
                AbbrevOp::Literal(_) => i += 1,
                AbbrevOp::Fixed(w) => {
                    self.emit(next(i), u32::from(w));
                    i += 1;
                }
                AbbrevOp::Vbr(w) => {
                    self.emit_vbr(next(i), u32::from(w));
                    i += 1;
                }
                AbbrevOp::Char6 => {
                    self.emit(u64::from(char6(next(i) as u8)), 6);
                    i += 1;
                }
                AbbrevOp::Array => {
                    let elem = a[k + 1];
                    let n = total.saturating_sub(i);
                    self.emit_vbr(n as u64, 6);
                    for j in i..total {
                        let v = next(j);
                        match elem {
                            AbbrevOp::Fixed(w) => self.emit(v, u32::from(w)),
                            AbbrevOp::Vbr(w) => self.emit_vbr(v, u32::from(w)),
                            AbbrevOp::Char6 => self.emit(u64::from(char6(v as u8)), 6),
                            _ => unreachable!("array elements are scalar"),
                        }
                    }
                    i = total;
                    k += 1;
                }
                AbbrevOp::Blob => {
                    i = total;
                    let b = blob.unwrap_or(&[]);
                    self.emit_vbr(b.len() as u64, 6);
                    self.align32();
                    self.bytes(b);
                    self.align32();
                }
            }
            k += 1;
        }
        debug_assert!(
            i >= total,
            "record {code}: {} values, its abbreviation takes {}",
            total - 1,
            i.saturating_sub(1)
        );
    }

    /// The bytes written (every block closed).
    pub(super) fn finish(self) -> Vec<u8> {
        self.finish_pieces().into_vec()
    }

    /// The bytes written (every block closed), in the pieces they were written in.
    pub(super) fn finish_pieces(mut self) -> Pieces {
        let rem = self.nacc % 8;
        if rem > 0 {
            self.emit(0, 8 - rem);
        }
        self.flush_bytes();
        let len = self.len();
        let mut parts = self.done;
        if !self.out.is_empty() || parts.is_empty() {
            parts.push((self.out, 0));
        }
        Pieces { parts, len }
    }
}

/// Bitcode as the writer made it: its bytes in the pieces they were written in (function bodies
/// written apart are not copied into one buffer), to write out in order or join.
#[derive(Debug, Clone)]
pub struct Pieces {
    /// Each piece's bytes from its offset on.
    parts: Vec<(Vec<u8>, usize)>,
    len: usize,
}

impl Pieces {
    /// How many bytes there are in all.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bytes, piece by piece, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[u8]> {
        self.parts.iter().map(|(b, from)| &b[*from..])
    }

    /// Writes the bytes to `w` in order.
    pub fn write_to(&self, w: &mut impl std::io::Write) -> std::io::Result<()> {
        self.iter().try_for_each(|b| w.write_all(b))
    }

    /// The bytes in one buffer; each piece is freed once it is copied.
    pub fn into_vec(self) -> Vec<u8> {
        let mut parts = self.parts.into_iter();
        let mut out = match parts.next() {
            // One piece from its start is the buffer itself.
            Some((first, 0)) if parts.len() == 0 => return first,
            Some((first, from)) => {
                let mut out = Vec::with_capacity(self.len);
                out.extend_from_slice(&first[from..]);
                out
            }
            None => return Vec::new(),
        };
        for (b, from) in parts {
            out.extend_from_slice(&b[from..]);
        }
        out
    }
}

impl PartialEq<[u8]> for Pieces {
    fn eq(&self, other: &[u8]) -> bool {
        if self.len != other.len() {
            return false;
        }
        let mut rest = other;
        self.iter().all(|b| {
            let (head, tail) = rest.split_at(b.len());
            rest = tail;
            head == b
        })
    }
}

/// Whether a byte is in the 6-bit character set.
pub(super) fn is_char6(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'.' || c == b'_'
}

fn char6(c: u8) -> u8 {
    match c {
        b'a'..=b'z' => c - b'a',
        b'A'..=b'Z' => c - b'A' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'.' => 62,
        _ => 63,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitcode::bitstream::Bits;

    #[test]
    fn fields_read_back() {
        let mut w = BitWriter::new();
        w.emit(5, 3);
        w.emit_vbr(1000, 6);
        w.emit(u64::MAX, 64);
        w.emit_vbr(u64::MAX, 6);
        w.align32();
        let bytes = w.finish();
        let mut b = Bits::new(&bytes);
        assert_eq!(b.read(3).unwrap(), 5);
        assert_eq!(b.vbr(6).unwrap(), 1000);
        assert_eq!(b.read(32).unwrap(), 0xFFFF_FFFF);
        assert_eq!(b.read(32).unwrap(), 0xFFFF_FFFF);
        assert_eq!(b.vbr(6).unwrap(), u64::MAX);
        assert_eq!(bytes.len() % 4, 0);
    }

    /// Blocks written apart and spliced in (kept as pieces, whole or after their first word)
    /// give the bytes of the same blocks written in place, and the outer block's length and a
    /// backpatch written before them land in the first piece.
    #[test]
    fn spliced_blocks_give_the_bytes_written_in_place() {
        let body = |w: &mut BitWriter, n: u64| {
            w.enter_block(12, 4);
            for v in 0..n {
                w.record(7, &[v, v * 1000], None);
            }
            w.exit_block();
        };
        let sizes = [3u64, 500, 1, 2000];
        let outer = |w: &mut BitWriter, spliced: bool| {
            w.enter_block(8, 3);
            // A backpatch across bytes, and an unaligned start for the first block.
            w.emit(5, 3);
            let patch = w.bit_pos();
            w.emit(0, 32);
            w.emit(5, 3);
            for &n in &sizes {
                if spliced {
                    let mut alone = BitWriter::with_info(&[], 3);
                    body(&mut alone, n);
                    w.splice_block(12, 4, alone.finish());
                } else {
                    body(w, n);
                }
            }
            w.record(1, &[42], None);
            w.exit_block();
            w.backpatch_u32(patch, 0xDEAD_BEEF);
        };
        let mut direct = BitWriter::new();
        outer(&mut direct, false);
        let mut pieces = BitWriter::new();
        outer(&mut pieces, true);
        let pieces = pieces.finish_pieces();
        // What comes before the blocks, each block (the first from its second word on, the
        // others whole, their header word the one they were written with), what follows.
        assert_eq!(pieces.iter().count(), sizes.len() + 2);
        let direct = direct.finish();
        assert_eq!(pieces.len(), direct.len());
        assert!(pieces == direct[..]);
        let mut written = Vec::new();
        pieces.write_to(&mut written).unwrap();
        assert_eq!(written, direct);
        assert_eq!(pieces.into_vec(), direct);
    }

    #[test]
    fn backpatching_overwrites_unaligned_words() {
        let mut w = BitWriter::new();
        w.emit(1, 3);
        let at = w.bit_pos();
        w.emit(0, 32);
        w.emit(3, 2);
        w.align32();
        w.backpatch_u32(at, 0xDEAD_BEEF);
        let bytes = w.finish();
        let mut b = Bits::new(&bytes);
        assert_eq!(b.read(3).unwrap(), 1);
        assert_eq!(b.read(32).unwrap(), 0xDEAD_BEEF);
        assert_eq!(b.read(2).unwrap(), 3);
    }
}
