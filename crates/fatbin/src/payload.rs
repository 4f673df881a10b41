//! Payloads: decompression (zstd, LZ4) bounded by the header's sizes, the trimming cuobjdump
//! does when it extracts, and what an LTO-IR entry's NVVM container is.

use crate::error::{Error, ErrorKind};
use crate::model::{Compression, Entry, EntryKind, LtoIrForm};
use std::borrow::Cow;
use std::io::Read;

/// Uncompressed sizes above this are refused whatever the input.
pub const MAX_UNCOMPRESSED: u64 = 1 << 30;
/// The most one compressed byte can become in a zstd frame (an RLE block: 4 bytes → 128 KiB).
const ZSTD_MAX_RATIO: u64 = 1 << 15;
/// The most one compressed byte can become in an LZ4 block.
const LZ4_MAX_RATIO: u64 = 255;

/// What [`extract`] returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extracted<'a> {
    /// The entry's content, as `cuobjdump -xptx` / `-xelf` writes it: PTX up to its
    /// terminating NUL, a cubin without its padding, an LTO-IR entry's NVVM container.
    pub bytes: Cow<'a, [u8]>,
    /// For LTO-IR: what its container is. [`LtoIrForm::Encoded`] means `bytes` is the container
    /// as `nvcc -ltoir` writes it, whose payload is in NVIDIA's closed encoding, not bitcode.
    pub ltoir: Option<LtoIrForm>,
}

/// The entry's data, decompressed (padding included for uncompressed payloads; for a concat
/// part, only that part's bytes).
pub fn decompress<'a>(entry: &Entry<'a>) -> Result<Cow<'a, [u8]>, Error> {
    let whole = decompress_whole(entry)?;
    match &entry.concat {
        None => Ok(whole),
        Some(c) => {
            // Checked against the container's size when listed; checked again for safety.
            let start = usize::try_from(c.data_offset).unwrap_or(usize::MAX);
            let end = start.saturating_add(usize::try_from(c.data_size).unwrap_or(usize::MAX));
            if end > whole.len() {
                return Err(err(entry, ErrorKind::BadCompression, "concat part lies past its container's data"));
            }
            Ok(match whole {
                Cow::Borrowed(b) => Cow::Borrowed(&b[start..end]),
                Cow::Owned(v) => Cow::Owned(v[start..end].to_vec()),
            })
        }
    }
}

#[cold]
fn err(entry: &Entry<'_>, kind: ErrorKind, msg: impl Into<String>) -> Error {
    let member = entry.origin.member.map(String::from_utf8_lossy);
    Error::new(kind, entry.payload_offset, entry.stored_size.max(1), msg)
        .within(member.as_deref(), entry.origin.section)
}

fn decompress_whole<'a>(entry: &Entry<'a>) -> Result<Cow<'a, [u8]>, Error> {
    let stored = entry.stored;
    let compression = entry.compression;
    if compression == Compression::None {
        return Ok(Cow::Borrowed(stored));
    }
    if entry.is_keyed() {
        return Err(err(
            entry,
            ErrorKind::Unsupported,
            format!(
                "the payload is {} compressed and keyed with {:#x} (NVIDIA's codec for encoded LTO-IR); it cannot be \
                 decompressed",
                compression.as_str(),
                entry.key
            ),
        ));
    }
    let csz = entry.compressed_size as usize; // <= stored_size, checked when listed
    let input = &stored[..csz.min(stored.len())];
    let usz = entry.uncompressed_size;
    let ratio = match compression {
        Compression::Zstd => ZSTD_MAX_RATIO,
        Compression::Lz4 => LZ4_MAX_RATIO,
        _ => return Err(err(entry, ErrorKind::Unsupported, format!("unknown compression (flags {:#x})", entry.flags))),
    };
    let justified = (input.len() as u64).saturating_mul(ratio).saturating_add(64);
    if usz > MAX_UNCOMPRESSED || usz > justified {
        return Err(err(
            entry,
            ErrorKind::TooLarge,
            format!(
                "uncompressed size {usz} is absurd for {} compressed bytes of {}",
                input.len(),
                compression.as_str()
            ),
        ));
    }
    let usz = usz as usize;
    let out = match compression {
        Compression::Lz4 => {
            let mut out = vec![0u8; usz];
            match lz4_flex::block::decompress_into(input, &mut out) {
                Ok(n) if n == usz => out,
                Ok(n) => {
                    return Err(err(
                        entry,
                        ErrorKind::BadCompression,
                        format!("LZ4 block decompresses to {n} bytes, the header says {usz}"),
                    ))
                }
                Err(e) => return Err(err(entry, ErrorKind::BadCompression, format!("bad LZ4 block: {e}"))),
            }
        }
        _ => {
            let mut src = input;
            let window = (usz as u64).max(1 << 10);
            let dec = ruzstd::decoding::StreamingDecoder::new_with_max_window_size(&mut src, window)
                .map_err(|e| err(entry, ErrorKind::BadCompression, format!("bad zstd frame: {e}")))?;
            // Grows with what actually decodes, never past the declared size plus one byte.
            let mut out = Vec::new();
            dec.take(usz as u64 + 1)
                .read_to_end(&mut out)
                .map_err(|e| err(entry, ErrorKind::BadCompression, format!("bad zstd frame: {e}")))?;
            if out.len() != usz {
                return Err(err(
                    entry,
                    ErrorKind::BadCompression,
                    format!(
                        "zstd frame decompresses to {}{} bytes, the header says {usz}",
                        out.len().min(usz + 1),
                        if out.len() > usz { " or more" } else { "" }
                    ),
                ));
            }
            out
        }
    };
    Ok(Cow::Owned(out))
}

/// What an LTO-IR entry's container is, decompressing when needed (`None` for other kinds).
pub fn ltoir_form(entry: &Entry<'_>) -> Result<Option<LtoIrForm>, Error> {
    if entry.kind != EntryKind::LtoIr {
        return Ok(None);
    }
    if entry.is_keyed() && entry.compression != Compression::None {
        return Ok(Some(LtoIrForm::EncodedKeyed));
    }
    let data = decompress(entry)?;
    Ok(Some(classify_ltoir(&data)))
}

fn classify_ltoir(data: &[u8]) -> LtoIrForm {
    match nvir_container::read(data) {
        Ok(c) if c.get(99).is_some() => LtoIrForm::Encoded,
        Ok(_) => LtoIrForm::Plain,
        Err(_) => LtoIrForm::NotAContainer,
    }
}

/// The entry's content as cuobjdump extracts it (see [`Extracted`]). A keyed LTO-IR entry is
/// an [`ErrorKind::Unsupported`] error: it is encoded and cannot be decompressed.
pub fn extract<'a>(entry: &Entry<'a>) -> Result<Extracted<'a>, Error> {
    let data = decompress(entry)?;
    let compressed = entry.compression != Compression::None || entry.concat.is_some();
    let len = match entry.kind {
        // PTX is stored NUL-terminated and padded; cuobjdump writes the text before the NUL.
        EntryKind::Ptx => data.iter().position(|&c| c == 0).unwrap_or(data.len()),
        // A cubin is stored padded to 8 when not compressed; its ELF headers say where it ends.
        EntryKind::Cubin => elf_extent(&data).map_or(data.len(), |n| n.min(data.len() as u64) as usize),
        // A container's payload is a multiple of 4 and runs to its end; an uncompressed entry
        // is padded to 8 with zeros, so a trailing zero word is that padding.
        EntryKind::LtoIr if !compressed && data.len().is_multiple_of(8) && data.ends_with(&[0; 4]) => data.len() - 4,
        _ => data.len(),
    };
    let ltoir = (entry.kind == EntryKind::LtoIr).then(|| classify_ltoir(&data[..len]));
    let bytes = match data {
        Cow::Borrowed(b) => Cow::Borrowed(&b[..len]),
        Cow::Owned(mut v) => {
            v.truncate(len);
            Cow::Owned(v)
        }
    };
    Ok(Extracted { bytes, ltoir })
}

/// Where an ELF image ends: the furthest of its section header table, program header table and
/// the sections' contents. `None` if it is not an ELF image whose headers fit.
pub fn elf_extent(b: &[u8]) -> Option<u64> {
    if b.len() < 0x34 || &b[..4] != b"\x7fELF" {
        return None;
    }
    let le = match b[5] {
        1 => true,
        2 => false,
        _ => return None,
    };
    let rd = |at: usize, n: usize| -> Option<u64> {
        let s = b.get(at..at.checked_add(n)?)?;
        let mut v = 0u64;
        for i in 0..n {
            let byte = if le { s[n - 1 - i] } else { s[i] };
            v = (v << 8) | u64::from(byte);
        }
        Some(v)
    };
    let (phoff, shoff, phentsize, phnum, shentsize, shnum) = match b[4] {
        2 => (rd(0x20, 8)?, rd(0x28, 8)?, rd(0x36, 2)?, rd(0x38, 2)?, rd(0x3A, 2)?, rd(0x3C, 2)?),
        1 => (rd(0x1C, 4)?, rd(0x20, 4)?, rd(0x2A, 2)?, rd(0x2C, 2)?, rd(0x2E, 2)?, rd(0x30, 2)?),
        _ => return None,
    };
    let is64 = b[4] == 2;
    let mut end = if is64 { 0x40 } else { 0x34 };
    end = end.max(phoff.checked_add(phentsize * phnum)?);
    end = end.max(shoff.checked_add(shentsize * shnum)?);
    for i in 0..shnum {
        let sh = usize::try_from(shoff.checked_add(i * shentsize)?).ok()?;
        let (ty, off, size) = if is64 {
            (rd(sh + 4, 4)?, rd(sh + 0x18, 8)?, rd(sh + 0x20, 8)?)
        } else {
            (rd(sh + 4, 4)?, rd(sh + 0x10, 4)?, rd(sh + 0x14, 4)?)
        };
        // SHT_NULL and SHT_NOBITS take no bytes in the file.
        if ty != 0 && ty != 8 {
            end = end.max(off.checked_add(size)?);
        }
    }
    Some(end)
}
