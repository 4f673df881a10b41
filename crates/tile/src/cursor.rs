//! A bounded reader over the input that knows absolute offsets.

use crate::{Error, Result};

/// Reads primitives from `data[pos..end]`; every error carries the absolute offset.
#[derive(Clone)]
pub(crate) struct Cursor<'a> {
    pub data: &'a [u8],
    pub pos: usize,
    pub end: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(data: &'a [u8], pos: usize, end: usize) -> Self {
        Cursor { data, pos, end }
    }

    pub fn remaining(&self) -> usize {
        self.end - self.pos
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    #[cold]
    pub fn eof(&self, what: &str) -> Error {
        Error::at(self.pos, format!("unexpected end of data while reading {what}"))
    }

    pub fn u8(&mut self, what: &str) -> Result<u8> {
        if self.pos >= self.end {
            return Err(self.eof(what));
        }
        let b = self.data[self.pos];
        self.pos += 1;
        Ok(b)
    }

    pub fn bytes(&mut self, n: usize, what: &str) -> Result<&'a [u8]> {
        if n > self.remaining() {
            return Err(self.eof(what));
        }
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    #[inline]
    pub fn varint(&mut self, what: &str) -> Result<u64> {
        // Most varints are one byte.
        if self.pos < self.end {
            let b = self.data[self.pos];
            if b < 0x80 {
                self.pos += 1;
                return Ok(u64::from(b));
            }
        }
        self.varint_long(what)
    }

    fn varint_long(&mut self, what: &str) -> Result<u64> {
        let start = self.pos;
        let mut value = 0u64;
        let mut shift = 0u32;
        loop {
            let b = self.u8(what)?;
            value |= u64::from(b & 0x7F) << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
            shift += 7;
            if shift > 63 {
                return Err(Error::at(start, format!("varint too long while reading {what}")));
            }
        }
    }

    pub fn svarint(&mut self, what: &str) -> Result<i64> {
        let v = self.varint(what)?;
        Ok(((v >> 1) as i64) ^ -((v & 1) as i64))
    }

    /// A varint that counts items of at least `min_size` bytes each: checked against what remains.
    pub fn count(&mut self, min_size: usize, what: &str) -> Result<usize> {
        let at = self.pos;
        let n = self.varint(what)?;
        if n > (self.remaining() / min_size.max(1)) as u64 {
            return Err(Error::at(at, format!("{what} count {n} exceeds remaining data size {}", self.remaining())));
        }
        Ok(n as usize)
    }

    pub fn u32(&mut self, what: &str) -> Result<u32> {
        Ok(u32::from_le_bytes(self.bytes(4, what)?.try_into().unwrap_or_default()))
    }

    pub fn u64(&mut self, what: &str) -> Result<u64> {
        Ok(u64::from_le_bytes(self.bytes(8, what)?.try_into().unwrap_or_default()))
    }

    pub fn i32s(&mut self, what: &str) -> Result<Vec<i32>> {
        let n = self.count(4, what)?;
        (0..n).map(|_| self.u32(what).map(|v| v as i32)).collect()
    }

    pub fn i64s(&mut self, what: &str) -> Result<Vec<i64>> {
        let n = self.count(8, what)?;
        (0..n).map(|_| self.u64(what).map(|v| v as i64)).collect()
    }

    /// Skips to a multiple of `align` relative to `base`, returning the skipped bytes.
    pub fn pad(&mut self, base: usize, align: usize, what: &str) -> Result<&'a [u8]> {
        let rel = self.pos - base;
        let n = (align - rel % align) % align;
        self.bytes(n, what)
    }
}

/// Appends an unsigned LEB128 varint.
pub(crate) fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let b = (v & 0x7F) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

/// Appends a zigzag varint.
pub(crate) fn put_svarint(out: &mut Vec<u8>, v: i64) {
    put_varint(out, ((v << 1) ^ (v >> 63)) as u64);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip() {
        for v in [0u64, 1, 127, 128, 300, u32::MAX as u64, u64::MAX] {
            let mut out = Vec::new();
            put_varint(&mut out, v);
            let mut c = Cursor::new(&out, 0, out.len());
            assert_eq!(c.varint("v").unwrap(), v);
            assert!(c.at_end());
        }
        for v in [0i64, -1, 1, i64::MIN, i64::MAX] {
            let mut out = Vec::new();
            put_svarint(&mut out, v);
            assert_eq!(Cursor::new(&out, 0, out.len()).svarint("v").unwrap(), v);
        }
    }

    #[test]
    fn overlong_varint_is_an_error() {
        let data = [0xFFu8; 11];
        let err = Cursor::new(&data, 0, 11).varint("x").unwrap_err();
        assert_eq!(err.message(), "varint too long while reading x");
    }
}
