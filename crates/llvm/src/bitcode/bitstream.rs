//! The bitstream container LLVM bitcode is written in: fixed and VBR fields, abbreviations,
//! `BLOCKINFO`, nested blocks with 32-bit word lengths. Zero-copy over `&[u8]`; every count read
//! from the input is checked against the bits that remain before anything is allocated.

use super::error::{BitcodeError, Result};
use std::sync::Arc;

/// The `BLOCKINFO` block's id.
pub const BLOCKINFO_BLOCK_ID: u32 = 0;

/// Reserved abbreviation ids.
const END_BLOCK: u64 = 0;
const ENTER_SUBBLOCK: u64 = 1;
const DEFINE_ABBREV: u64 = 2;
const UNABBREV_RECORD: u64 = 3;

/// Widths above this are malformed (LLVM's limit for fixed and VBR operands).
const MAX_CHUNK: u64 = 32;

/// One operand of an abbreviation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AbbrevOp {
    /// A value stored in the abbreviation, not the stream.
    Literal(u64),
    /// `width` bits.
    Fixed(u8),
    /// Variable-width in `width`-bit chunks.
    Vbr(u8),
    /// A count, then that many of the next operand.
    Array,
    /// A 6-bit character `[a-zA-Z0-9._]`.
    Char6,
    /// A count, then that many bytes, 32-bit aligned.
    Blob,
}

/// An abbreviation: the operand encodings, the record code first.
pub type Abbrev = Arc<[AbbrevOp]>;

/// A bit position and the bytes it reads.
#[derive(Debug, Clone)]
pub struct Bits<'a> {
    data: &'a [u8],
    pos: u64,
    end: u64,
}

impl<'a> Bits<'a> {
    /// Reads `data` from its first bit.
    pub fn new(data: &'a [u8]) -> Self {
        Bits { data, pos: 0, end: data.len() as u64 * 8 }
    }

    /// The current bit offset.
    pub fn pos(&self) -> u64 {
        self.pos
    }

    /// Bits left.
    pub fn remaining(&self) -> u64 {
        self.end - self.pos
    }

    /// Moves to bit `pos` (which must be within the input).
    pub fn seek(&mut self, pos: u64) -> Result<()> {
        if pos > self.end {
            return Err(BitcodeError::at(self.pos, "jump past the end of the input"));
        }
        self.pos = pos;
        Ok(())
    }

    /// Reads `n` ≤ 32 bits, least significant first.
    #[inline]
    pub fn read(&mut self, n: u32) -> Result<u64> {
        debug_assert!(n <= 32);
        if self.pos + u64::from(n) > self.end {
            return Err(BitcodeError::at(self.pos, "unexpected end of input"));
        }
        let byte = (self.pos >> 3) as usize;
        let shift = self.pos & 7;
        let word = match self.data.get(byte..byte + 8) {
            Some(b) => u64::from_le_bytes(b.try_into().expect("eight bytes")),
            None => {
                let mut buf = [0u8; 8];
                let tail = &self.data[byte..];
                buf[..tail.len()].copy_from_slice(tail);
                u64::from_le_bytes(buf)
            }
        };
        self.pos += u64::from(n);
        Ok((word >> shift) & ((1u64 << n) - 1))
    }

    /// Reads a VBR value in `n`-bit chunks.
    #[inline]
    pub fn vbr(&mut self, n: u32) -> Result<u64> {
        // Fast path: the chunks of most values lie within one 64-bit load.
        let byte = (self.pos >> 3) as usize;
        if let Some(b) = self.data.get(byte..byte + 8) {
            let word = u64::from_le_bytes(b.try_into().expect("eight bytes")) >> (self.pos & 7);
            let (mask, hi) = ((1u64 << n) - 1, 1u64 << (n - 1));
            let (mut value, mut shift, mut used) = (0u64, 0u32, 0u32);
            while used + n <= 57 && shift < 64 {
                let piece = (word >> used) & mask;
                value |= (piece & (hi - 1)) << shift;
                used += n;
                if piece & hi == 0 {
                    if self.pos + u64::from(used) > self.end {
                        break;
                    }
                    self.pos += u64::from(used);
                    return Ok(value);
                }
                shift += n - 1;
            }
        }
        self.vbr_slow(n)
    }

    fn vbr_slow(&mut self, n: u32) -> Result<u64> {
        let piece = self.read(n)?;
        let hi = 1u64 << (n - 1);
        if piece & hi == 0 {
            return Ok(piece);
        }
        let mut value = piece & (hi - 1);
        let mut shift = n - 1;
        loop {
            let at = self.pos;
            let piece = self.read(n)?;
            if shift >= 64 {
                return Err(BitcodeError::at(at, "VBR value wider than 64 bits"));
            }
            value |= (piece & (hi - 1)) << shift;
            if piece & hi == 0 {
                return Ok(value);
            }
            shift += n - 1;
        }
    }

    /// Skips to the next multiple of 32 bits.
    pub fn align32(&mut self) -> Result<()> {
        let to = (self.pos + 31) & !31;
        if to > self.end {
            return Err(BitcodeError::at(self.pos, "unexpected end of input"));
        }
        self.pos = to;
        Ok(())
    }

    /// `n` bytes from the current (byte-aligned) position.
    fn bytes(&mut self, n: u64) -> Result<&'a [u8]> {
        if n.saturating_mul(8) > self.remaining() {
            return Err(BitcodeError::at(self.pos, format!("blob of {n} bytes runs past the end of the input")));
        }
        let start = (self.pos >> 3) as usize;
        self.pos += n * 8;
        Ok(&self.data[start..start + n as usize])
    }
}

/// What the cursor found next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// A record with this code; its operands are in [`Cursor::ops`] and [`Cursor::blob`].
    Record(u32),
    /// The start of a block with this id: [`Cursor::enter`] or [`Cursor::skip`] it.
    Block(u32),
    /// The end of the current block.
    End,
    /// The end of the input (top level only).
    Eof,
}

#[derive(Clone)]
struct Scope {
    id: u32,
    width: u32,
    base: Base,
    abbrevs: Vec<Abbrev>,
    end: u64,
}

/// The abbreviations a block starts with: the first `len` of BLOCKINFO's list `list` (lists only
/// grow, so the prefix stays valid). Entering a block copies nothing.
#[derive(Debug, Clone, Copy, Default)]
struct Base {
    list: usize,
    len: usize,
}

/// Operand words the cursor keeps room for between records (a record with more gets a buffer of
/// its own, freed at the next record).
const OPS_KEPT: usize = 1 << 16;

/// Walks blocks and records.
#[derive(Clone)]
pub struct Cursor<'a> {
    bits: Bits<'a>,
    width: u32,
    /// The current block's abbreviations: BLOCKINFO's for its id, then its own.
    base: Base,
    abbrevs: Vec<Abbrev>,
    stack: Vec<Scope>,
    block: Option<u32>,
    block_end: u64,
    pending: Option<(u32, u32, u64)>,
    /// BLOCKINFO's abbreviation lists (the first is empty, for blocks it names none for), and
    /// which list each block id has.
    blockinfo: Vec<Vec<Abbrev>>,
    blockinfo_ids: rustc_hash::FxHashMap<u32, usize>,
    /// The last record's operands (the code excluded).
    pub ops: Vec<u64>,
    /// The last record's blob, if its abbreviation has one.
    pub blob: Option<&'a [u8]>,
    /// Where the last record or block started.
    pub start: u64,
    /// The last record's code.
    pub code: u32,
}

impl<'a> Cursor<'a> {
    /// A cursor at the top level of `data` (which starts after the magic number).
    pub fn new(bits: Bits<'a>) -> Self {
        let end = bits.end;
        Cursor {
            bits,
            width: 2,
            base: Base::default(),
            abbrevs: Vec::new(),
            stack: Vec::new(),
            block: None,
            block_end: end,
            pending: None,
            blockinfo: vec![Vec::new()],
            blockinfo_ids: Default::default(),
            ops: Vec::with_capacity(64),
            blob: None,
            start: 0,
            code: 0,
        }
    }

    /// The current bit position.
    pub fn pos(&self) -> u64 {
        self.bits.pos()
    }

    /// Gives back the operand buffer's memory after a record with very many operands.
    fn release_ops(&mut self) {
        if self.ops.capacity() > OPS_KEPT {
            self.ops = Vec::with_capacity(64);
        }
    }

    /// The input's length in bits.
    pub fn len_bits(&self) -> u64 {
        self.bits.end
    }

    /// The current block id (`None` at the top level).
    pub fn block(&self) -> Option<u32> {
        self.block
    }

    /// At most how many more entries the current block can hold: one takes at least its
    /// abbreviation id's width in bits.
    pub fn entries_left(&self) -> u64 {
        self.block_end.saturating_sub(self.bits.pos()) / u64::from(self.width.max(1))
    }

    /// Moves to bit `pos`, at the top level (for reading a block found earlier).
    pub fn seek_top(&mut self, pos: u64) -> Result<()> {
        self.stack.clear();
        self.block = None;
        self.width = 2;
        self.base = Base::default();
        self.abbrevs.clear();
        self.pending = None;
        self.block_end = self.bits.end;
        self.bits.seek(pos)
    }

    fn err(&self, at: u64, msg: impl Into<String>) -> BitcodeError {
        BitcodeError::at(at, msg).in_block(self.block)
    }

    /// The next entry. `DEFINE_ABBREV` and `BLOCKINFO` are handled here.
    pub fn advance(&mut self) -> Result<Entry> {
        loop {
            if self.block.is_none() && self.bits.remaining() < 32 {
                // Trailing padding after the last top-level block.
                return Ok(Entry::Eof);
            }
            self.start = self.bits.pos();
            let id = self.bits.read(self.width).map_err(|e| e.in_block(self.block))?;
            match id {
                END_BLOCK => {
                    if self.block.is_none() {
                        return Err(self.err(self.start, "END_BLOCK at the top level"));
                    }
                    self.bits.align32()?;
                    if self.bits.pos() != self.block_end {
                        return Err(self.err(self.start, "block ends before its declared length"));
                    }
                    let s = self.stack.pop().expect("inside a block");
                    self.block = (s.id != u32::MAX).then_some(s.id);
                    self.width = s.width;
                    self.base = s.base;
                    self.abbrevs = s.abbrevs;
                    self.block_end = s.end;
                    return Ok(Entry::End);
                }
                ENTER_SUBBLOCK => {
                    let b = &mut self.bits;
                    let id = b.vbr(8)?;
                    let width = b.vbr(4)?;
                    b.align32()?;
                    let words = b.read(32)?;
                    let end = b.pos() + words * 32;
                    if end > self.block_end || id > u64::from(u32::MAX - 1) {
                        return Err(self.err(self.start, format!("block {id} of {words} words runs past its parent")));
                    }
                    if width == 0 || width > MAX_CHUNK {
                        return Err(self.err(self.start, format!("block {id} has abbreviation width {width}")));
                    }
                    if id == u64::from(BLOCKINFO_BLOCK_ID) {
                        self.read_blockinfo(width as u32, end)?;
                        continue;
                    }
                    self.pending = Some((id as u32, width as u32, end));
                    return Ok(Entry::Block(id as u32));
                }
                DEFINE_ABBREV => {
                    let a = self.read_abbrev()?;
                    self.abbrevs.push(a);
                }
                UNABBREV_RECORD => {
                    let b = &mut self.bits;
                    let code = b.vbr(6)?;
                    let n = b.vbr(6)?;
                    if n > b.remaining() / 6 {
                        return Err(self.err(self.start, format!("record with {n} operands runs past the end")));
                    }
                    self.release_ops();
                    self.ops.clear();
                    // Bounded above by what the input has left (six bits an operand at least).
                    self.ops.reserve(n as usize);
                    for _ in 0..n {
                        let v = self.bits.vbr(6)?;
                        self.ops.push(v);
                    }
                    self.blob = None;
                    self.code = u32::try_from(code).map_err(|_| self.err(self.start, "record code too large"))?;
                    return Ok(Entry::Record(self.code));
                }
                id => {
                    self.release_ops();
                    let k = (id - 4) as usize;
                    let a = if k < self.base.len {
                        self.blockinfo[self.base.list].get(k)
                    } else {
                        self.abbrevs.get(k - self.base.len)
                    };
                    let Some(a) = a else {
                        return Err(self.err(self.start, format!("undefined abbreviation id {id}")));
                    };
                    let (code, blob) = read_abbreviated(&mut self.bits, a, &mut self.ops, self.start)
                        .map_err(|e| e.in_block(self.block))?;
                    self.code = code;
                    self.blob = blob;
                    return Ok(Entry::Record(code));
                }
            }
        }
    }

    /// Enters the block [`Cursor::advance`] just returned.
    pub fn enter(&mut self) -> Result<()> {
        let (id, width, end) = self.pending.take().ok_or_else(|| self.err(self.pos(), "no block to enter"))?;
        let list = self.blockinfo_ids.get(&id).copied().unwrap_or(0);
        let base = Base { list, len: self.blockinfo[list].len() };
        let outer = Scope {
            id: self.block.unwrap_or(u32::MAX),
            width: std::mem::replace(&mut self.width, width),
            base: std::mem::replace(&mut self.base, base),
            abbrevs: std::mem::take(&mut self.abbrevs),
            end: std::mem::replace(&mut self.block_end, end),
        };
        self.stack.push(outer);
        self.block = Some(id);
        Ok(())
    }

    /// Skips the block [`Cursor::advance`] just returned, by its length.
    pub fn skip(&mut self) -> Result<()> {
        let (_, _, end) = self.pending.take().ok_or_else(|| self.err(self.pos(), "no block to skip"))?;
        self.bits.seek(end)
    }

    /// Where the block [`Cursor::advance`] just returned ends, and its body starts.
    pub fn pending_span(&self) -> Option<(u64, u64)> {
        self.pending.map(|(_, _, end)| (self.bits.pos(), end))
    }

    /// Moves to bit `pos` in the current block, a position this cursor stood at before between
    /// entries (to read a block found earlier, or to go on after blocks read elsewhere).
    pub fn jump(&mut self, pos: u64) -> Result<()> {
        self.pending = None;
        if pos > self.block_end {
            return Err(self.err(pos, "jump past the end of the block"));
        }
        self.bits.seek(pos)
    }

    /// The block that starts at the current position, if the next entry starts one: its id,
    /// where its entry starts and where it ends. Reads nothing (abbreviation definitions and the
    /// like in front of it make this `None`).
    pub fn peek_block(&self) -> Option<(u32, u64, u64)> {
        let mut b = self.bits.clone();
        let start = b.pos();
        if b.read(self.width).ok()? != ENTER_SUBBLOCK {
            return None;
        }
        let id = u32::try_from(b.vbr(8).ok()?).ok().filter(|&id| id != BLOCKINFO_BLOCK_ID)?;
        let width = b.vbr(4).ok()?;
        b.align32().ok()?;
        let words = b.read(32).ok()?;
        let end = b.pos() + words * 32;
        (end <= self.block_end && width > 0 && width <= MAX_CHUNK).then_some((id, start, end))
    }

    /// Skips the rest of the current block (entered), as if its `END_BLOCK` were read.
    pub fn leave(&mut self) -> Result<()> {
        loop {
            match self.advance()? {
                Entry::End => return Ok(()),
                Entry::Block(_) => self.skip()?,
                Entry::Record(_) => {}
                Entry::Eof => return Err(self.err(self.pos(), "unexpected end of input")),
            }
        }
    }

    fn read_abbrev(&mut self) -> Result<Abbrev> {
        let at = self.bits.pos();
        let n = self.bits.vbr(5)?;
        if n > self.bits.remaining() {
            return Err(self.err(at, "abbreviation with more operands than bits left"));
        }
        let mut ops = Vec::with_capacity(n as usize);
        let mut i = 0;
        while i < n {
            let literal = self.bits.read(1)? == 1;
            if literal {
                ops.push(AbbrevOp::Literal(self.bits.vbr(8)?));
            } else {
                let enc = self.bits.read(3)?;
                let op = match enc {
                    1 | 2 => {
                        let w = self.bits.vbr(5)?;
                        if w > MAX_CHUNK || (enc == 2 && w < 2 && w != 0) {
                            return Err(self.err(at, format!("abbreviation operand width {w}")));
                        }
                        match (enc, w) {
                            // Zero-width operands read as the constant 0.
                            (_, 0) => AbbrevOp::Literal(0),
                            (1, w) => AbbrevOp::Fixed(w as u8),
                            (_, w) => AbbrevOp::Vbr(w as u8),
                        }
                    }
                    3 => AbbrevOp::Array,
                    4 => AbbrevOp::Char6,
                    5 => AbbrevOp::Blob,
                    e => return Err(self.err(at, format!("unknown abbreviation operand encoding {e}"))),
                };
                ops.push(op);
            }
            i += 1;
        }
        // Arrays take one element operand and end the abbreviation; blobs end it too.
        for (k, op) in ops.iter().enumerate() {
            let ok = match op {
                AbbrevOp::Array => {
                    k + 2 == ops.len() && !matches!(ops[k + 1], AbbrevOp::Array | AbbrevOp::Blob | AbbrevOp::Literal(_))
                }
                AbbrevOp::Blob => k + 1 == ops.len(),
                _ => true,
            };
            if !ok {
                return Err(self.err(at, "malformed abbreviation (array or blob not last)"));
            }
        }
        if ops.is_empty() || matches!(ops[0], AbbrevOp::Array | AbbrevOp::Blob) {
            return Err(self.err(at, "abbreviation without a scalar record code"));
        }
        // Operands that take no bits (literals, zero-width fields) cost a record using the
        // abbreviation nothing: many of them would let a few bits a record make any number of
        // operands. LLVM's writer puts at most three after the record code.
        let free = ops[1..].iter().filter(|op| matches!(op, AbbrevOp::Literal(_))).count();
        if free > MAX_FREE_OPS {
            return Err(self.err(
                at,
                format!("abbreviation with {free} operands that take no bits (nvir reads at most {MAX_FREE_OPS})"),
            ));
        }
        Ok(ops.into())
    }

    fn read_blockinfo(&mut self, width: u32, end: u64) -> Result<()> {
        let saved_width = std::mem::replace(&mut self.width, width);
        let mut current: Option<u32> = None;
        loop {
            let at = self.bits.pos();
            match self.bits.read(self.width)? {
                END_BLOCK => {
                    self.bits.align32()?;
                    if self.bits.pos() != end {
                        return Err(self.err(at, "BLOCKINFO ends before its declared length"));
                    }
                    self.width = saved_width;
                    return Ok(());
                }
                ENTER_SUBBLOCK => return Err(self.err(at, "block nested in BLOCKINFO")),
                DEFINE_ABBREV => {
                    let a = self.read_abbrev()?;
                    let Some(id) = current else {
                        return Err(self.err(at, "abbreviation in BLOCKINFO before SETBID"));
                    };
                    let next = self.blockinfo.len();
                    let list = *self.blockinfo_ids.entry(id).or_insert(next);
                    if list == next {
                        self.blockinfo.push(Vec::new());
                    }
                    self.blockinfo[list].push(a);
                }
                UNABBREV_RECORD => {
                    let code = self.bits.vbr(6)?;
                    let n = self.bits.vbr(6)?;
                    if n > self.bits.remaining() / 6 {
                        return Err(self.err(at, "record runs past the end"));
                    }
                    let mut first = None;
                    for _ in 0..n {
                        let v = self.bits.vbr(6)?;
                        first.get_or_insert(v);
                    }
                    // SETBID; BLOCKNAME and SETRECORDNAME only name things for dumps.
                    if code == 1 {
                        let id = first.ok_or_else(|| self.err(at, "SETBID without a block id"))?;
                        current = Some(u32::try_from(id).map_err(|_| self.err(at, "SETBID block id too large"))?);
                    }
                }
                _ => return Err(self.err(at, "abbreviated record in BLOCKINFO")),
            }
            if self.bits.pos() > end {
                return Err(self.err(at, "BLOCKINFO runs past its declared length"));
            }
        }
    }
}

/// Operands after the record code an abbreviation may give without reading bits.
const MAX_FREE_OPS: usize = 8;

/// One scalar operand.
#[inline(always)]
fn scalar(bits: &mut Bits<'_>, op: AbbrevOp) -> Result<u64> {
    match op {
        AbbrevOp::Literal(v) => Ok(v),
        AbbrevOp::Fixed(w) => bits.read(u32::from(w)),
        AbbrevOp::Vbr(w) => bits.vbr(u32::from(w)),
        AbbrevOp::Char6 => {
            const CHARS: &[u8; 64] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._";
            Ok(u64::from(CHARS[bits.read(6)? as usize]))
        }
        AbbrevOp::Array | AbbrevOp::Blob => unreachable!("checked when the abbreviation was read"),
    }
}

/// A record read with abbreviation `a`: its code and blob; its operands go to `ops`. `start` is
/// where the record began (for errors).
fn read_abbreviated<'a>(
    bits: &mut Bits<'a>,
    a: &[AbbrevOp],
    ops: &mut Vec<u64>,
    start: u64,
) -> Result<(u32, Option<&'a [u8]>)> {
    ops.clear();
    let mut blob = None;
    let code = scalar(bits, a[0])?;
    let code = u32::try_from(code).map_err(|_| BitcodeError::at(start, "record code too large"))?;
    let mut k = 1;
    while k < a.len() {
        match a[k] {
            AbbrevOp::Array => {
                let elt = a[k + 1];
                let n = bits.vbr(6)?;
                let min = match elt {
                    AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) => u64::from(w),
                    AbbrevOp::Char6 => 6,
                    _ => 1,
                };
                // Zero-width elements take no bits; cap them by what a record may hold anyway.
                if n > bits.remaining() / min.max(1) {
                    return Err(BitcodeError::at(start, format!("array of {n} elements runs past the end")));
                }
                // Each element takes a word here: elements narrower than a character (LLVM's
                // writer uses them only for short lists of type ids) may not hold more than 6-bit
                // ones would, so operands stay within about 11 times the input.
                if min < 6 && n > 64 && n > bits.remaining() / 6 {
                    return Err(BitcodeError::at(
                        start,
                        format!("array of {n} {min}-bit elements is more than nvir reads (one per 6 bits of the input left)"),
                    ));
                }
                ops.reserve(n as usize);
                // One loop per element kind: records are mostly arrays.
                match elt {
                    AbbrevOp::Fixed(w) => {
                        for _ in 0..n {
                            ops.push(bits.read(u32::from(w))?);
                        }
                    }
                    AbbrevOp::Vbr(w) => {
                        for _ in 0..n {
                            ops.push(bits.vbr(u32::from(w))?);
                        }
                    }
                    _ => {
                        for _ in 0..n {
                            ops.push(scalar(bits, elt)?);
                        }
                    }
                }
                k += 2;
            }
            AbbrevOp::Blob => {
                let n = bits.vbr(6)?;
                bits.align32()?;
                blob = Some(bits.bytes(n)?);
                bits.align32()?;
                k += 1;
            }
            op => {
                let v = scalar(bits, op)?;
                ops.push(v);
                k += 1;
            }
        }
    }
    Ok((code, blob))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Packs (value, width) fields least significant bit first, as bitcode does.
    fn pack(fields: &[(u64, u32)]) -> Vec<u8> {
        let mut out = Vec::new();
        let (mut acc, mut n) = (0u128, 0u32);
        for &(v, w) in fields {
            acc |= u128::from(v) << n;
            n += w;
            while n >= 8 {
                out.push(acc as u8);
                acc >>= 8;
                n -= 8;
            }
        }
        if n > 0 {
            out.push(acc as u8);
        }
        while out.len() % 4 != 0 {
            out.push(0);
        }
        out
    }

    #[test]
    fn fixed_and_vbr() {
        // 5 as fixed 3; 300 as vbr6 (two chunks: 0b101100|1, 0b001001).
        let d = pack(&[(5, 3), ((300 & 31) | 32, 6), (300 >> 5, 6)]);
        let mut b = Bits::new(&d);
        assert_eq!(b.read(3).unwrap(), 5);
        assert_eq!(b.vbr(6).unwrap(), 300);
        let mut short = Bits::new(&d[..1]);
        assert!(short.read(16).is_err());
    }

    #[test]
    fn abbreviated_record_and_blocks() {
        // Top level: ENTER_SUBBLOCK id 8, width 3, then (aligned) length in words.
        let mut body = vec![
            (2u64, 3u32), // DEFINE_ABBREV
            (3, 5),       // three operands
            (1, 1),
            (7, 8), // literal code 7
            (0, 1),
            (3, 3), // array
            (0, 1),
            (4, 3), // of char6
            (4, 3), // record with abbreviation 4
            (2, 6), // two elements
            (0, 6), // 'a'
            (27, 6),
            (0, 3), // END_BLOCK
        ];
        let body_bits: u32 = body.iter().map(|f| f.1).sum();
        let words = body_bits.div_ceil(32);
        let pad = words * 32 - body_bits;
        body.push((0, pad));
        let mut fields = vec![(1u64, 2u32), (8, 8), (3, 4)];
        let head: u32 = fields.iter().map(|f| f.1).sum();
        fields.push((0, 32 - head));
        fields.push((u64::from(words), 32));
        fields.extend(body);
        let d = pack(&fields);
        let mut c = Cursor::new(Bits::new(&d));
        assert_eq!(c.advance().unwrap(), Entry::Block(8));
        c.enter().unwrap();
        assert_eq!(c.advance().unwrap(), Entry::Record(7));
        assert_eq!(c.ops, vec![u64::from(b'a'), u64::from(b'B')]);
        assert_eq!(c.advance().unwrap(), Entry::End);
        assert_eq!(c.advance().unwrap(), Entry::Eof);
        // The same block skipped by its length.
        let mut c = Cursor::new(Bits::new(&d));
        assert_eq!(c.advance().unwrap(), Entry::Block(8));
        c.skip().unwrap();
        assert_eq!(c.advance().unwrap(), Entry::Eof);
    }
}
