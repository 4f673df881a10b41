//! The fatbin reader: a region of bytes (a section, a member, a whole file) holding one or more
//! fatbins back to back → entries. Every size and offset is checked against what is left
//! before it is used; nothing is reserved from a declared count (the listing's vectors are sized
//! by a first pass that only counts).

use crate::error::{Error, ErrorKind};
use crate::model::flags;
use crate::model::{
    kind_code, Arch, ArchSuffix, Compression, ConcatPart, Entry, EntryKind, FatbinInfo, Origin, ENTRY_HEADER_LEN,
    FATBIN_HEADER_LEN, FATBIN_MAGIC,
};

/// Where the reader puts what it finds: a [`crate::Listing`], or a count of it (the first of
/// the two passes that size the listing's vectors exactly).
pub(crate) trait Sink<'a> {
    fn fatbin(&mut self, f: FatbinInfo<'a>);
    fn entry(&mut self, e: Entry<'a>);
}

/// Counts fatbins and entries.
#[derive(Default)]
pub(crate) struct Count {
    pub fatbins: usize,
    pub entries: usize,
}

impl<'a> Sink<'a> for Count {
    fn fatbin(&mut self, _: FatbinInfo<'a>) {
        self.fatbins += 1;
    }
    fn entry(&mut self, _: Entry<'a>) {
        self.entries += 1;
    }
}

impl<'a> Sink<'a> for crate::model::Listing<'a> {
    fn fatbin(&mut self, f: FatbinInfo<'a>) {
        self.fatbins.push(f);
    }
    fn entry(&mut self, e: Entry<'a>) {
        self.entries.push(e);
    }
}

/// Where a region sits: its absolute offset and its member and section.
#[derive(Clone, Copy)]
pub(crate) struct Region<'a> {
    pub bytes: &'a [u8],
    pub base: u64,
    pub member: Option<&'a [u8]>,
    pub section: Option<&'a str>,
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(a)
}

/// Whether `bytes` starts with the fatbin magic.
pub fn is_fatbin(bytes: &[u8]) -> bool {
    bytes.len() >= 4 && u32_at(bytes, 0) == FATBIN_MAGIC
}

impl<'a> Region<'a> {
    #[cold]
    fn err(&self, kind: ErrorKind, at: usize, len: usize, msg: impl Into<String>) -> Error {
        let member = self.member.map(String::from_utf8_lossy);
        Error::new(kind, self.base + at as u64, len as u64, msg).within(member.as_deref(), self.section)
    }

    /// Reads every fatbin of the region, appending to `fatbins` and `entries`. Zero bytes after
    /// the last fatbin are padding.
    pub fn read(&self, out: &mut impl Sink<'a>) -> Result<(), Error> {
        let b = self.bytes;
        let mut pos = 0usize;
        let mut index = 0usize;
        while pos < b.len() {
            if b[pos..].iter().all(|&x| x == 0) {
                break;
            }
            // Zero padding up to 8-byte alignment may sit between fatbins.
            if index > 0 && b[pos] == 0 {
                let skip = b[pos..].iter().take_while(|&&x| x == 0).count();
                if !pos.is_multiple_of(8) && (pos + skip).is_multiple_of(8) && skip < 8 {
                    pos += skip;
                }
            }
            pos = self.read_fatbin(pos, index, out)?;
            index += 1;
        }
        Ok(())
    }

    /// One fatbin at `pos`; returns the position after it.
    fn read_fatbin(&self, pos: usize, index: usize, out: &mut impl Sink<'a>) -> Result<usize, Error> {
        let b = self.bytes;
        let left = b.len() - pos;
        if left < FATBIN_HEADER_LEN {
            if left >= 4 && !is_fatbin(&b[pos..]) {
                return Err(self.err(ErrorKind::BadMagic, pos, 4, "no fatbin magic 0xBA55ED50 here"));
            }
            return Err(self.err(ErrorKind::Truncated, pos, left, "the input ends inside a fatbin header (16 bytes)"));
        }
        if !is_fatbin(&b[pos..]) {
            let found = u32_at(b, pos);
            return Err(self.err(
                ErrorKind::BadMagic,
                pos,
                4,
                format!("expected the fatbin magic 0xBA55ED50, found {found:#010x}"),
            ));
        }
        let version = u16_at(b, pos + 4);
        let header_size = u16_at(b, pos + 6);
        let size = u64_at(b, pos + 8);
        let hs = header_size as usize;
        if hs < FATBIN_HEADER_LEN || hs > left {
            return Err(self.err(
                ErrorKind::BadHeader,
                pos + 6,
                2,
                format!("fatbin header size {hs} is below 16 or past the end ({left} bytes left)"),
            ));
        }
        if size > (left - hs) as u64 {
            return Err(self.err(
                ErrorKind::Truncated,
                pos + 8,
                8,
                format!("fatbin declares {size} bytes of entries, only {} are left", left - hs),
            ));
        }
        let end = pos + hs + size as usize;
        out.fatbin(FatbinInfo {
            member: self.member,
            section: self.section,
            index,
            offset: self.base + pos as u64,
            version,
            header_size,
            size,
        });
        let origin =
            Origin { member: self.member, section: self.section, fatbin: index, fatbin_offset: self.base + pos as u64 };
        let mut e = pos + hs;
        while e < end {
            e = self.read_entry(e, end, origin, out)?;
        }
        Ok(end)
    }

    /// One entry at `e` (before `end`); returns the position after its payload.
    fn read_entry(&self, e: usize, end: usize, origin: Origin<'a>, out: &mut impl Sink<'a>) -> Result<usize, Error> {
        let b = self.bytes;
        if end - e < ENTRY_HEADER_LEN {
            return Err(self.err(
                ErrorKind::Truncated,
                e,
                end - e,
                format!("an entry header needs 64 bytes, the fatbin has {} left", end - e),
            ));
        }
        let code = u16_at(b, e);
        let hs = u32_at(b, e + 4) as usize;
        let stored_size = u64_at(b, e + 8);
        if hs < ENTRY_HEADER_LEN || hs > end - e {
            return Err(self.err(
                ErrorKind::BadHeader,
                e + 4,
                4,
                format!("entry header size {hs} is below 64 or past the fatbin's end ({} bytes left)", end - e),
            ));
        }
        if stored_size > (end - e - hs) as u64 {
            return Err(self.err(
                ErrorKind::Truncated,
                e + 8,
                8,
                format!(
                    "entry payload of {stored_size} bytes runs past the fatbin's end ({} bytes left)",
                    end - e - hs
                ),
            ));
        }
        let header = &b[e..e + hs];
        let payload_at = e + hs;
        let stored = &b[payload_at..payload_at + stored_size as usize];
        let fl = u64_at(header, 0x28);
        let compression = Compression::from_flags(fl);
        let compressed_size = u64::from(u32_at(header, 0x10));
        let uncompressed_size = u64_at(header, 0x38);
        if compression != Compression::None && (compressed_size == 0 || compressed_size > stored_size) {
            return Err(self.err(
                ErrorKind::BadHeader,
                e + 0x10,
                4,
                format!(
                    "compressed size {compressed_size} is 0 or larger than the stored payload ({stored_size} bytes)"
                ),
            ));
        }
        let mut entry = Entry {
            origin,
            offset: self.base + e as u64,
            kind: EntryKind::from_code(code),
            header_version: u16_at(header, 2),
            header_size: hs as u32,
            code_version: (u16_at(header, 0x1A), u16_at(header, 0x18)),
            arch: arch(header, fl),
            flags: fl,
            key: u64_at(header, 0x30),
            identifier: None,
            options: None,
            compression,
            payload_offset: self.base + payload_at as u64,
            stored_size,
            compressed_size,
            uncompressed_size,
            concat: None,
            stored,
        };
        if code == kind_code::CONCAT {
            self.read_concat(e, header, &entry, out)?;
        } else {
            entry.identifier = self.identifier(e, header)?;
            entry.options = self.options(e, header)?;
            out.entry(entry);
        }
        Ok(payload_at + stored_size as usize)
    }

    /// The identifier: (u32 offset, u32 length) at 0x20, inside the header.
    fn identifier(&self, e: usize, header: &'a [u8]) -> Result<Option<&'a [u8]>, Error> {
        let off = u32_at(header, 0x20) as usize;
        let len = u32_at(header, 0x24) as usize;
        if len == 0 {
            return Ok(None);
        }
        match off.checked_add(len) {
            Some(end) if off >= ENTRY_HEADER_LEN && end <= header.len() => {
                let s = &header[off..end];
                let trimmed = s.iter().position(|&c| c == 0).map_or(s, |n| &s[..n]);
                Ok(Some(trimmed))
            }
            _ => Err(self.err(
                ErrorKind::BadHeader,
                e + 0x20,
                8,
                format!("identifier at {off:#x}, {len} bytes, is outside the {}-byte header", header.len()),
            )),
        }
    }

    /// The options: a (u32 offset, u32 length) pair at the header offset held at 0x14 (0: none).
    fn options(&self, e: usize, header: &'a [u8]) -> Result<Option<&'a [u8]>, Error> {
        let at = u32_at(header, 0x14) as usize;
        if at == 0 {
            return Ok(None);
        }
        if at < ENTRY_HEADER_LEN || at.checked_add(8).is_none_or(|x| x > header.len()) {
            return Err(self.err(
                ErrorKind::BadHeader,
                e + 0x14,
                4,
                format!("options descriptor at {at:#x} is outside the {}-byte header", header.len()),
            ));
        }
        let off = u32_at(header, at) as usize;
        let len = u32_at(header, at + 4) as usize;
        match off.checked_add(len) {
            Some(end) if off >= ENTRY_HEADER_LEN && end <= header.len() => Ok(Some(&header[off..end])),
            _ => Err(self.err(
                ErrorKind::BadHeader,
                e + at,
                8,
                format!("options at {off:#x}, {len} bytes, are outside the {}-byte header", header.len()),
            )),
        }
    }

    /// A `--concat` container: u32 part count and u32 table length (from 0x40) at 0x40, then
    /// part headers from 0x48, each laid out like an entry header but with the part's data
    /// offset at 0x04 and size at 0x08, and ending after its identifier and options
    /// (NUL-terminated) rounded up to 8.
    fn read_concat(&self, e: usize, header: &'a [u8], whole: &Entry<'a>, out: &mut impl Sink<'a>) -> Result<(), Error> {
        if header.len() < 0x48 {
            return Err(self.err(ErrorKind::BadHeader, e + 4, 4, "a concat entry header needs at least 72 bytes"));
        }
        let count = u32_at(header, 0x40) as usize;
        let table_len = u32_at(header, 0x44) as usize;
        let table_end = match 0x40usize.checked_add(table_len) {
            Some(t) if t >= 0x48 && t <= header.len() => t,
            _ => {
                return Err(self.err(
                    ErrorKind::BadHeader,
                    e + 0x44,
                    4,
                    format!("concat part table of {table_len} bytes does not fit the {}-byte header", header.len()),
                ))
            }
        };
        let whole_size = match whole.compression {
            Compression::None => whole.stored_size,
            _ => whole.uncompressed_size,
        };
        let mut p = 0x48usize;
        for part in 0..count {
            if table_end - p < ENTRY_HEADER_LEN {
                return Err(self.err(
                    ErrorKind::Truncated,
                    e + p,
                    table_end - p,
                    format!("concat part {part} of {count} does not fit the part table"),
                ));
            }
            let ph = &header[p..table_end];
            let data_offset = u64::from(u32_at(ph, 4));
            let data_size = u64_at(ph, 8);
            if data_offset.checked_add(data_size).is_none_or(|x| x > whole_size) {
                return Err(self.err(
                    ErrorKind::BadHeader,
                    e + p + 4,
                    12,
                    format!(
                        "concat part {part}: data at {data_offset}, {data_size} bytes, is outside the \
                         container's {whole_size} bytes"
                    ),
                ));
            }
            let sub = Region { base: self.base + (e + p) as u64, ..*self };
            let identifier = sub.identifier(0, ph)?;
            let options = sub.options(0, ph)?;
            // The part header ends after its last field, NUL-terminated, rounded up to 8.
            let mut extent = ENTRY_HEADER_LEN;
            let id_off = u32_at(ph, 0x20) as usize;
            if identifier.is_some() {
                extent = extent.max(id_off + u32_at(ph, 0x24) as usize + 1);
            }
            let opt_at = u32_at(ph, 0x14) as usize;
            if opt_at != 0 {
                extent = extent.max(opt_at + 8).max(u32_at(ph, opt_at) as usize + u32_at(ph, opt_at + 4) as usize + 1);
            }
            let extent = extent.div_ceil(8) * 8;
            let fl = u64_at(ph, 0x28);
            out.entry(Entry {
                origin: whole.origin,
                offset: self.base + (e + p) as u64,
                kind: EntryKind::from_code(u16_at(ph, 0)),
                header_version: u16_at(ph, 2),
                header_size: extent.min(ph.len()) as u32,
                code_version: (u16_at(ph, 0x1A), u16_at(ph, 0x18)),
                arch: arch(ph, fl),
                flags: fl,
                key: u64_at(ph, 0x30),
                identifier,
                options,
                compression: whole.compression,
                payload_offset: whole.payload_offset,
                stored_size: whole.stored_size,
                compressed_size: whole.compressed_size,
                uncompressed_size: whole.uncompressed_size,
                concat: Some(ConcatPart { container_offset: whole.offset, part, parts: count, data_offset, data_size }),
                stored: whole.stored,
            });
            p += extent.min(ph.len());
        }
        Ok(())
    }
}

fn arch(header: &[u8], fl: u64) -> Arch {
    let suffix = if fl & flags::ARCH_A != 0 {
        ArchSuffix::A
    } else if fl & flags::ARCH_F != 0 {
        ArchSuffix::F
    } else {
        ArchSuffix::None
    };
    Arch { number: u32_at(header, 0x1C), suffix }
}
