//! Payloads: decompression (zstd, LZ4) bounded by the header's sizes, the trimming cuobjdump
//! does when it extracts, and what an LTO-IR entry's NVVM container is.
//!
//! Decompression streams: an LZ4 block is decoded through a 64 KiB window, a zstd frame through
//! the window its header declares (for nvcc's single-segment frames, the whole content), so
//! [`extract_to`] writes an entry of any size holding at most one window. A [`Budget`] bounds
//! what one run over one input may cost: the window one entry may hold, and the bytes all
//! entries may produce together.

use crate::error::{Error, ErrorKind};
use crate::model::{Compression, Entry, EntryKind, LtoIrForm};
use std::borrow::Cow;
use std::io::{Read, Write};

/// Uncompressed sizes above this are refused whatever the input.
pub const MAX_UNCOMPRESSED: u64 = 1 << 30;
/// The most one compressed byte can become in a zstd frame (an RLE block: 4 bytes → 128 KiB).
const ZSTD_MAX_RATIO: u64 = 1 << 15;
/// The most one compressed byte can become in an LZ4 block.
const LZ4_MAX_RATIO: u64 = 255;
/// How much of an LTO-IR entry's container is kept to classify it: its header and tag area
/// (4 MiB holds a million tags). A container whose tag area is larger is not classified.
pub const MAX_TAG_AREA: usize = 4 << 20;
/// A cubin whose section header table takes more than this is written whole (its ELF extent is
/// not computed); real ones take at most 65535 × 64 bytes.
pub const MAX_SECTION_TABLE: u64 = 16 << 20;

/// What decompressing may cost during one run over one input: the window one entry may hold in
/// memory (a zstd frame needs its declared window; nvcc's frames declare their whole content),
/// the bytes all entries may produce together, and (for a caller that writes files) how many
/// files it may write. Past the first two, the entry is an [`ErrorKind::Limit`] error and
/// nothing of it is produced. It also keeps one zstd decoder for the whole run, whose window is
/// allocated once.
pub struct Budget {
    left: u64,
    max_window: u64,
    files: u64,
    zstd: Option<Box<ruzstd::decoding::FrameDecoder>>,
}

impl std::fmt::Debug for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget")
            .field("left", &self.left)
            .field("max_window", &self.max_window)
            .field("files", &self.files)
            .finish_non_exhaustive()
    }
}

impl Budget {
    /// The window floor: entries this large always decompress.
    pub const MIN_WINDOW: u64 = 64 << 20;
    /// The floor of what one run produces.
    pub const MIN_TOTAL: u64 = 1 << 30;
    /// The floor of how many files one run writes.
    pub const MIN_FILES: u64 = 10_000;

    /// The budget for an input of `len` bytes: a window of at most max(64 MiB, 8 × `len`),
    /// max(1 GiB, 64 × `len`) bytes produced in all (decompressed, or copied for the parts of a
    /// `--concat` entry, which may share bytes), and max(10 000, `len` / 16 KiB) files.
    pub fn for_input(len: u64) -> Self {
        Budget {
            left: Self::MIN_TOTAL.max(len.saturating_mul(64)),
            max_window: Self::MIN_WINDOW.max(len.saturating_mul(8)),
            files: Self::MIN_FILES.max(len / (16 << 10)),
            zstd: None,
        }
    }

    /// No limit but the format's own ([`MAX_UNCOMPRESSED`]): what [`decompress`], [`extract`]
    /// and [`ltoir_form`] use.
    pub fn unlimited() -> Self {
        Budget { left: u64::MAX, max_window: MAX_UNCOMPRESSED, files: u64::MAX, zstd: None }
    }

    /// Bytes that may still be produced.
    pub fn left(&self) -> u64 {
        self.left
    }

    /// The most one entry may hold while it decompresses.
    pub fn max_window(&self) -> u64 {
        self.max_window
    }

    /// Takes one file from the budget; `false` when none is left.
    pub fn take_file(&mut self) -> bool {
        if self.files == 0 {
            return false;
        }
        self.files -= 1;
        true
    }

    /// The decoder of the run. It is first set up on an empty frame so that each real frame
    /// reserves its window in one allocation (growing it block by block would leave a trail of
    /// ever larger buffers behind, twice the window in all).
    fn zstd(&mut self) -> &mut ruzstd::decoding::FrameDecoder {
        self.zstd.get_or_insert_with(|| {
            let mut d = Box::new(ruzstd::decoding::FrameDecoder::new());
            // Magic, single segment with a 1-byte content size of 0, one empty last raw block.
            let empty: &[u8] = &[0x28, 0xB5, 0x2F, 0xFD, 0x20, 0x00, 0x01, 0x00, 0x00];
            let _ = d.init(empty);
            d
        })
    }
}

/// Why [`extract_to`] stopped: the input, or the output.
#[derive(Debug)]
pub enum ExtractError {
    /// The entry cannot be extracted (malformed, unsupported, or past the [`Budget`]).
    Input(Error),
    /// Writing failed.
    Output(std::io::Error),
}

impl std::fmt::Display for ExtractError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExtractError::Input(e) => e.fmt(f),
            ExtractError::Output(e) => write!(f, "cannot write: {e}"),
        }
    }
}

impl std::error::Error for ExtractError {}

impl From<Error> for ExtractError {
    fn from(e: Error) -> Self {
        ExtractError::Input(e)
    }
}

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

/// What [`extract_to`] wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    /// Bytes written: the content [`extract`] gives.
    pub len: u64,
    /// For LTO-IR: what its container is (`None` also when its tag area is past
    /// [`MAX_TAG_AREA`]).
    pub ltoir: Option<LtoIrForm>,
}

#[cold]
fn err(entry: &Entry<'_>, kind: ErrorKind, msg: impl Into<String>) -> Error {
    let member = entry.origin.member.map(String::from_utf8_lossy);
    Error::new(kind, entry.payload_offset, entry.stored_size.max(1), msg)
        .within(member.as_deref(), entry.origin.section)
}

/// The part of an entry's whole data that is its own: `None` for the whole, or a concat part's
/// range (checked against the container's size when listed; checked again here).
fn part_range(entry: &Entry<'_>, whole: u64) -> Result<Option<(u64, u64)>, Error> {
    match &entry.concat {
        None => Ok(None),
        Some(c) => match c.data_offset.checked_add(c.data_size) {
            Some(end) if end <= whole => Ok(Some((c.data_offset, end))),
            _ => Err(err(entry, ErrorKind::BadCompression, "concat part lies past its container's data")),
        },
    }
}

/// The stored data when it is not compressed (for a concat part, its bytes).
fn stored_data<'a>(entry: &Entry<'a>) -> Result<Option<&'a [u8]>, Error> {
    if entry.compression != Compression::None {
        return Ok(None);
    }
    let whole = entry.stored;
    Ok(Some(match part_range(entry, whole.len() as u64)? {
        None => whole,
        Some((s, e)) => &whole[s as usize..e as usize],
    }))
}

/// Checks what decompressing `entry` would cost, and takes it from `budget`; returns the
/// compressed bytes and the declared uncompressed size.
fn admit<'a>(entry: &Entry<'a>, budget: &mut Budget) -> Result<(&'a [u8], u64), Error> {
    let compression = entry.compression;
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
    let stored = entry.stored;
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
    take(entry, budget, usz, "not decompressed")?;
    Ok((input, usz))
}

/// Takes `n` bytes from the budget, or says why not (`what`: what is not done).
fn take(entry: &Entry<'_>, budget: &mut Budget, n: u64, what: &str) -> Result<(), Error> {
    if n > budget.left {
        return Err(err(
            entry,
            ErrorKind::Limit,
            format!(
                "{what}: its {n} bytes are more than the {} bytes this run may still produce (the entries of an \
                 input produce at most max(1 GiB, 64 × its size) bytes in all)",
                budget.left
            ),
        ));
    }
    budget.left -= n;
    Ok(())
}

/// Decompresses `entry`'s whole data (for a concat part, its container's) into `sink` in
/// chunks, checking that it is exactly the declared size. `Output` errors come from the sink.
fn stream_whole(
    entry: &Entry<'_>,
    budget: &mut Budget,
    sink: &mut dyn FnMut(&[u8]) -> std::io::Result<()>,
) -> Result<u64, ExtractError> {
    let (input, usz) = admit(entry, budget)?;
    match entry.compression {
        Compression::Lz4 => {
            let n = lz4_stream(input, usz, sink).map_err(|e| match e {
                Lz4Error::Sink(io) => ExtractError::Output(io),
                Lz4Error::Bad(msg) => ExtractError::Input(err(entry, ErrorKind::BadCompression, msg)),
            })?;
            if n != usz {
                let msg = format!("LZ4 block decompresses to {n} bytes, the header says {usz}");
                return Err(ExtractError::Input(err(entry, ErrorKind::BadCompression, msg)));
            }
            Ok(n)
        }
        _ => {
            let mut src = input;
            let window = usz.max(1 << 10).min(budget.max_window);
            let max_window = budget.max_window;
            let frames = budget.zstd();
            frames.set_max_window_size(window);
            let mut dec =
                ruzstd::decoding::StreamingDecoder::new_with_decoder(&mut src, frames).map_err(|e| match e {
                    ruzstd::decoding::errors::FrameDecoderError::WindowSizeTooBig { requested, .. }
                        if requested <= usz =>
                    {
                        err(
                            entry,
                            ErrorKind::Limit,
                            format!(
                                "not decompressed: the zstd frame needs a {requested}-byte window, more than the \
                                 {max_window} bytes held for one entry of an input of this size (max(64 MiB, 8 × its \
                                 size))"
                            ),
                        )
                    }
                    e => err(entry, ErrorKind::BadCompression, format!("bad zstd frame: {e}")),
                })?;
            let mut buf = vec![0u8; 1 << 16];
            let mut total = 0u64;
            loop {
                let n = match dec.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => {
                        let msg = format!("bad zstd frame: {e}");
                        return Err(ExtractError::Input(err(entry, ErrorKind::BadCompression, msg)));
                    }
                };
                total += n as u64;
                if total > usz {
                    let msg = format!("zstd frame decompresses to {} or more bytes, the header says {usz}", usz + 1);
                    return Err(ExtractError::Input(err(entry, ErrorKind::BadCompression, msg)));
                }
                sink(&buf[..n]).map_err(ExtractError::Output)?;
            }
            if total != usz {
                let msg = format!("zstd frame decompresses to {total} bytes, the header says {usz}");
                return Err(ExtractError::Input(err(entry, ErrorKind::BadCompression, msg)));
            }
            Ok(total)
        }
    }
}

/// Streams the entry's data (decompressed; for a concat part, only its bytes) into `sink`.
fn stream_data(
    entry: &Entry<'_>,
    budget: &mut Budget,
    sink: &mut dyn FnMut(&[u8]) -> std::io::Result<()>,
) -> Result<u64, ExtractError> {
    if let Some(data) = stored_data(entry)? {
        if entry.concat.is_some() {
            // Parts may share their container's bytes: what they copy counts.
            take(entry, budget, data.len() as u64, "not copied")?;
        }
        sink(data).map_err(ExtractError::Output)?;
        return Ok(data.len() as u64);
    }
    let Some((start, end)) = part_range(entry, entry.uncompressed_size)? else {
        return stream_whole(entry, budget, sink);
    };
    let mut at = 0u64;
    stream_whole(entry, budget, &mut |chunk: &[u8]| {
        let (from, to) = (at, at + chunk.len() as u64);
        at = to;
        let (s, e) = (from.max(start), to.min(end));
        if s < e {
            sink(&chunk[(s - from) as usize..(e - from) as usize])?;
        }
        Ok(())
    })?;
    Ok(end - start)
}

/// The entry's data, decompressed (padding included for uncompressed payloads; for a concat
/// part, only that part's bytes). Held in memory whole: [`extract_to`] streams instead.
pub fn decompress<'a>(entry: &Entry<'a>) -> Result<Cow<'a, [u8]>, Error> {
    if let Some(data) = stored_data(entry)? {
        return Ok(Cow::Borrowed(data));
    }
    let mut out = Vec::new();
    match stream_data(entry, &mut Budget::unlimited(), &mut |c: &[u8]| {
        out.extend_from_slice(c);
        Ok(())
    }) {
        Ok(_) => Ok(Cow::Owned(out)),
        Err(ExtractError::Input(e)) => Err(e),
        // Appending to a vector does not fail.
        Err(ExtractError::Output(e)) => Err(err(entry, ErrorKind::BadCompression, e.to_string())),
    }
}

/// What an LTO-IR entry's container is, decompressing when needed (`None` for other kinds).
pub fn ltoir_form(entry: &Entry<'_>) -> Result<Option<LtoIrForm>, Error> {
    ltoir_form_within(entry, &mut Budget::unlimited())
}

/// [`ltoir_form`] within a budget: decompressing streams, keeping only the container's header
/// and tag area (at most [`MAX_TAG_AREA`] bytes; a larger tag area is an [`ErrorKind::Limit`]
/// error), and is taken from `budget`.
pub fn ltoir_form_within(entry: &Entry<'_>, budget: &mut Budget) -> Result<Option<LtoIrForm>, Error> {
    if entry.kind != EntryKind::LtoIr {
        return Ok(None);
    }
    if entry.is_keyed() && entry.compression != Compression::None {
        return Ok(Some(LtoIrForm::EncodedKeyed));
    }
    if let Some(data) = stored_data(entry)? {
        if entry.concat.is_some() {
            // Parts may share their container's bytes: reading them counts.
            take(entry, budget, data.len() as u64, "not classified")?;
        }
        return Ok(Some(classify(data, data.len())));
    }
    let mut head = Head::default();
    let len = match stream_data(entry, budget, &mut |c: &[u8]| {
        head.take(c);
        Ok(())
    }) {
        Ok(n) => n,
        Err(ExtractError::Input(e)) => return Err(e),
        Err(ExtractError::Output(e)) => return Err(err(entry, ErrorKind::BadCompression, e.to_string())),
    };
    match head.classify(len) {
        Some(form) => Ok(Some(form)),
        None => Err(err(
            entry,
            ErrorKind::Limit,
            format!("not classified: its container's tag area is larger than the {MAX_TAG_AREA} bytes nvir checks"),
        )),
    }
}

/// What a container of `len` bytes starting with `head` is (`head` reaches its tag-area end).
fn classify(head: &[u8], len: usize) -> LtoIrForm {
    let mut keyed = false;
    match nvir_container::read_head(head, len, |e| keyed |= e.tag == nvir_container::tags::id::PAYLOAD_KEY) {
        Ok(_) if keyed => LtoIrForm::Encoded,
        Ok(_) => LtoIrForm::Plain,
        Err(_) => LtoIrForm::NotAContainer,
    }
}

/// The first bytes of a container as it streams by: its header, then up to its tag-area end.
#[derive(Default)]
struct Head {
    bytes: Vec<u8>,
    /// Past [`MAX_TAG_AREA`]: not kept.
    over: bool,
}

impl Head {
    /// How many bytes to keep: the header, then (for a container) up to its tag-area end.
    fn want(&self) -> usize {
        if self.bytes.len() < 24 || !nvir_container::has_magic(&self.bytes) {
            return 24;
        }
        let tag_end = u32::from_le_bytes([self.bytes[16], self.bytes[17], self.bytes[18], self.bytes[19]]);
        (tag_end as usize).max(24)
    }

    fn take(&mut self, mut c: &[u8]) {
        while !c.is_empty() && !self.over {
            let want = self.want();
            if self.bytes.len() >= want {
                return;
            }
            if want > MAX_TAG_AREA {
                self.over = true;
                return;
            }
            let n = (want - self.bytes.len()).min(c.len());
            self.bytes.extend_from_slice(&c[..n]);
            c = &c[n..];
        }
    }

    /// What the container of `len` bytes is; `None`: its tag area was too large to keep.
    fn classify(&self, len: u64) -> Option<LtoIrForm> {
        let len = usize::try_from(len).unwrap_or(usize::MAX);
        let mut keyed = false;
        match nvir_container::read_head(&self.bytes, len, |e| keyed |= e.tag == nvir_container::tags::id::PAYLOAD_KEY) {
            Ok(_) if keyed => Some(LtoIrForm::Encoded),
            Ok(_) => Some(LtoIrForm::Plain),
            // A container whose header is good but whose tag area was not kept.
            Err(e) if self.over && e.kind() == nvir_container::ReadErrorKind::Truncated => None,
            Err(_) => Some(LtoIrForm::NotAContainer),
        }
    }
}

/// The entry's content as cuobjdump extracts it (see [`Extracted`]). A keyed LTO-IR entry is
/// an [`ErrorKind::Unsupported`] error: it is encoded and cannot be decompressed. Held in
/// memory whole: [`extract_to`] streams instead.
pub fn extract<'a>(entry: &Entry<'a>) -> Result<Extracted<'a>, Error> {
    if let Some(data) = stored_data(entry)? {
        let len = content_len(entry, data);
        let ltoir = (entry.kind == EntryKind::LtoIr).then(|| classify(&data[..len], len));
        return Ok(Extracted { bytes: Cow::Borrowed(&data[..len]), ltoir });
    }
    let mut out = Vec::new();
    match extract_to(entry, &mut out, &mut Budget::unlimited()) {
        Ok(w) => Ok(Extracted { bytes: Cow::Owned(out), ltoir: w.ltoir }),
        Err(ExtractError::Input(e)) => Err(e),
        Err(ExtractError::Output(e)) => Err(err(entry, ErrorKind::BadCompression, e.to_string())),
    }
}

/// How much of uncompressed `data` is the content.
fn content_len(entry: &Entry<'_>, data: &[u8]) -> usize {
    match entry.kind {
        // PTX is stored NUL-terminated and padded; cuobjdump writes the text before the NUL.
        EntryKind::Ptx => data.iter().position(|&c| c == 0).unwrap_or(data.len()),
        // A cubin is stored padded to 8 when not compressed; its ELF headers say where it ends.
        EntryKind::Cubin => elf_extent(data).map_or(data.len(), |n| n.min(data.len() as u64) as usize),
        // A container's payload is a multiple of 4 and runs to its end; an uncompressed entry
        // is padded to 8 with zeros, so a trailing zero word is that padding.
        EntryKind::LtoIr if entry.concat.is_none() && data.len().is_multiple_of(8) && data.ends_with(&[0; 4]) => {
            data.len() - 4
        }
        _ => data.len(),
    }
}

/// Writes the entry's content (what [`extract`] gives) to `out` as it decompresses, holding at
/// most one window of it (see [`Budget`]); the bytes decompressed are taken from `budget`. On an
/// error, part of the content may have been written.
pub fn extract_to(entry: &Entry<'_>, out: &mut impl Write, budget: &mut Budget) -> Result<Written, ExtractError> {
    if let Some(data) = stored_data(entry)? {
        if entry.concat.is_some() {
            take(entry, budget, data.len() as u64, "not copied")?;
        }
        let len = content_len(entry, data);
        out.write_all(&data[..len]).map_err(ExtractError::Output)?;
        let ltoir = (entry.kind == EntryKind::LtoIr).then(|| classify(&data[..len], len));
        return Ok(Written { len: len as u64, ltoir });
    }
    let mut written = 0u64;
    let len = match entry.kind {
        EntryKind::Ptx => {
            let mut done = false;
            stream_data(entry, budget, &mut |c: &[u8]| {
                if done {
                    return Ok(());
                }
                let n = c.iter().position(|&b| b == 0).unwrap_or(c.len());
                done = n < c.len();
                written += n as u64;
                out.write_all(&c[..n])
            })?;
            written
        }
        EntryKind::Cubin => {
            let mut trim = ElfTrim::default();
            let total = stream_data(entry, budget, &mut |c: &[u8]| trim.push(c, &mut *out))?;
            trim.finish(total, &mut *out).map_err(ExtractError::Output)?
        }
        EntryKind::LtoIr => {
            let mut head = Head::default();
            let total = stream_data(entry, budget, &mut |c: &[u8]| {
                head.take(c);
                out.write_all(c)
            })?;
            return Ok(Written { len: total, ltoir: head.classify(total) });
        }
        _ => stream_data(entry, budget, &mut |c: &[u8]| out.write_all(c))?,
    };
    Ok(Written { len, ltoir: None })
}

/// Cuts a streamed cubin at its ELF extent ([`elf_extent`]) without holding it: bytes below a
/// bound known from the ELF header go out at once; the section header table is kept as it
/// streams by (at most [`MAX_SECTION_TABLE`] bytes), and the few bytes past the bound wait
/// until the table gives the extent.
#[derive(Default)]
struct ElfTrim {
    /// Bytes seen.
    pos: u64,
    /// Bytes written.
    out: u64,
    /// The first 64 bytes.
    head: Vec<u8>,
    plan: Option<Plan>,
    /// The section header table region, as far as it has streamed.
    table: Vec<u8>,
    /// Bytes past `safe` not yet written.
    held: Vec<u8>,
}

#[derive(Clone, Copy)]
enum Plan {
    /// Not an ELF image whose headers can be read: write it all.
    All,
    /// Bytes below `safe` are content; the table is `[start, end)`; the cut is known once it has
    /// streamed by (`cut`).
    Elf { safe: u64, start: u64, end: u64, cut: Option<u64> },
}

const ELF_HEAD: usize = 0x40;

impl ElfTrim {
    /// Where writing stops for now: everything below is content.
    fn limit(&self) -> u64 {
        match self.plan {
            None => 0,
            Some(Plan::All) => u64::MAX,
            Some(Plan::Elf { cut: Some(cut), .. }) => cut,
            Some(Plan::Elf { safe, .. }) => safe,
        }
    }

    fn push(&mut self, mut c: &[u8], out: &mut dyn Write) -> std::io::Result<()> {
        while !c.is_empty() {
            if self.plan.is_none() {
                let n = (ELF_HEAD - self.head.len()).min(c.len());
                self.head.extend_from_slice(&c[..n]);
                self.held.extend_from_slice(&c[..n]);
                self.pos += n as u64;
                c = &c[n..];
                if self.head.len() == ELF_HEAD {
                    self.plan = Some(self.plan_from_head());
                    self.capture_held();
                    self.settle();
                    self.flush(out)?;
                }
                continue;
            }
            // Keep what falls in the table, then write what is content.
            let from = self.pos;
            self.pos += c.len() as u64;
            if let Some(Plan::Elf { start, end, cut: None, .. }) = self.plan {
                let (s, e) = (from.max(start), self.pos.min(end));
                if s < e {
                    self.table.extend_from_slice(&c[(s - from) as usize..(e - from) as usize]);
                }
            }
            let limit = self.limit();
            let direct = if self.out == from && self.held.is_empty() {
                (limit.saturating_sub(from)).min(c.len() as u64) as usize
            } else {
                0
            };
            if direct > 0 {
                out.write_all(&c[..direct])?;
                self.out += direct as u64;
            }
            let rest = &c[direct..];
            // Bytes past the limit wait (a few, until the table is complete), or are dropped
            // once the cut is known.
            if !rest.is_empty() && !matches!(self.plan, Some(Plan::Elf { cut: Some(_), .. })) {
                self.held.extend_from_slice(rest);
            }
            c = &[];
            self.settle();
            self.flush(out)?;
        }
        Ok(())
    }

    /// The table bytes already seen when the plan is made (they were in the first 64 bytes).
    fn capture_held(&mut self) {
        if let Some(Plan::Elf { start, end, cut: None, .. }) = self.plan {
            let (s, e) = (start.min(self.pos), end.min(self.pos));
            if s < e {
                self.table.extend_from_slice(&self.head[s as usize..e as usize]);
            }
        }
    }

    /// Once the table has streamed by, the cut is known.
    fn settle(&mut self) {
        if let Some(Plan::Elf { safe, start, end, cut: None }) = self.plan {
            if self.pos >= end {
                let cut = self.extent(start).unwrap_or(u64::MAX);
                self.plan = Some(Plan::Elf { safe, start, end, cut: Some(cut) });
                self.table = Vec::new();
            }
        }
    }

    /// Writes held bytes below the limit; drops those past a known cut.
    fn flush(&mut self, out: &mut dyn Write) -> std::io::Result<()> {
        let limit = self.limit();
        if self.held.is_empty() {
            return Ok(());
        }
        let n = (limit.saturating_sub(self.out)).min(self.held.len() as u64) as usize;
        if n > 0 {
            out.write_all(&self.held[..n])?;
            self.out += n as u64;
            self.held.drain(..n);
        }
        if matches!(self.plan, Some(Plan::Elf { cut: Some(_), .. }) | Some(Plan::All)) {
            self.held.clear();
        }
        Ok(())
    }

    /// The plan from the ELF header.
    fn plan_from_head(&self) -> Plan {
        let Some(h) = ElfHeader::read(&self.head) else { return Plan::All };
        let Some(lower) = h.lower_bound() else { return Plan::All };
        if h.shnum == 0 {
            return Plan::Elf { safe: lower, start: 0, end: 0, cut: Some(lower) };
        }
        let Some(end) = h.table_end() else { return Plan::All };
        if end - h.shoff > MAX_SECTION_TABLE {
            return Plan::All;
        }
        Plan::Elf { safe: lower, start: h.shoff, end, cut: None }
    }

    /// The extent, from the header and the table kept (which starts at `start`).
    fn extent(&self, start: u64) -> Option<u64> {
        let head = &self.head;
        let table = &self.table;
        extent_with(&|at, n| {
            let end = at.checked_add(n as u64)?;
            let s = if end <= head.len() as u64 {
                &head[at as usize..end as usize]
            } else {
                let rel = at.checked_sub(start)?;
                table.get(rel as usize..(rel as usize).checked_add(n)?)?
            };
            Some(s.to_vec())
        })
    }

    /// At the end of the stream (`total` bytes): writes what remains of the content; returns
    /// the bytes written.
    fn finish(&mut self, total: u64, out: &mut dyn Write) -> std::io::Result<u64> {
        if self.plan.is_none() {
            // Shorter than an ELF header: the whole data decides.
            let cut = elf_extent(&self.head).map_or(total, |n| n.min(total));
            self.plan = Some(Plan::Elf { safe: cut, start: 0, end: 0, cut: Some(cut) });
        } else if let Some(Plan::Elf { end, cut: None, .. }) = self.plan {
            // The table runs past the data: not an ELF image whose headers fit.
            debug_assert!(end > total);
            self.plan = Some(Plan::All);
        }
        self.flush(out)?;
        Ok(self.out)
    }
}

/// The ELF header fields the extent needs.
struct ElfHeader {
    is64: bool,
    phoff: u64,
    shoff: u64,
    phentsize: u64,
    phnum: u64,
    shentsize: u64,
    shnum: u64,
}

impl ElfHeader {
    fn read(b: &[u8]) -> Option<Self> {
        Self::read_with(&|at, n| b.get(at as usize..(at as usize).checked_add(n)?).map(<[u8]>::to_vec), b.len())
    }

    fn read_with(rd: &dyn Fn(u64, usize) -> Option<Vec<u8>>, len: usize) -> Option<Self> {
        if len < 0x34 {
            return None;
        }
        let id = rd(0, 6)?;
        if &id[..4] != b"\x7fELF" {
            return None;
        }
        let le = match id[5] {
            1 => true,
            2 => false,
            _ => return None,
        };
        let num = |at: u64, n: usize| -> Option<u64> { Some(uint(&rd(at, n)?, le)) };
        let (phoff, shoff, phentsize, phnum, shentsize, shnum) = match id[4] {
            2 => (num(0x20, 8)?, num(0x28, 8)?, num(0x36, 2)?, num(0x38, 2)?, num(0x3A, 2)?, num(0x3C, 2)?),
            1 => (num(0x1C, 4)?, num(0x20, 4)?, num(0x2A, 2)?, num(0x2C, 2)?, num(0x2E, 2)?, num(0x30, 2)?),
            _ => return None,
        };
        Some(ElfHeader { is64: id[4] == 2, phoff, shoff, phentsize, phnum, shentsize, shnum })
    }

    /// The extent before the sections: header, program headers, section headers.
    fn lower_bound(&self) -> Option<u64> {
        let mut end = if self.is64 { 0x40 } else { 0x34 };
        end = end.max(self.phoff.checked_add(self.phentsize * self.phnum)?);
        end = end.max(self.shoff.checked_add(self.shentsize * self.shnum)?);
        Some(end)
    }

    /// Where the last byte the section table is read at ends (`shnum > 0`).
    fn table_end(&self) -> Option<u64> {
        let last = self.shoff.checked_add((self.shnum - 1) * self.shentsize)?;
        last.checked_add(if self.is64 { 0x28 } else { 0x18 })
    }
}

fn uint(s: &[u8], le: bool) -> u64 {
    let n = s.len();
    let mut v = 0u64;
    for i in 0..n {
        let byte = if le { s[n - 1 - i] } else { s[i] };
        v = (v << 8) | u64::from(byte);
    }
    v
}

/// The extent of an ELF image read through `rd` (bytes at an offset, `None` past the data).
fn extent_with(rd: &dyn Fn(u64, usize) -> Option<Vec<u8>>) -> Option<u64> {
    let h = ElfHeader::read_with(rd, usize::MAX)?;
    let mut end = h.lower_bound()?;
    if h.shnum > 0 && h.table_end()? - h.shoff > MAX_SECTION_TABLE {
        return None;
    }
    let le = rd(5, 1)?[0] == 1;
    let num = |at: u64, n: usize| -> Option<u64> { Some(uint(&rd(at, n)?, le)) };
    for i in 0..h.shnum {
        let sh = h.shoff.checked_add(i * h.shentsize)?;
        let (ty, off, size) = if h.is64 {
            (num(sh + 4, 4)?, num(sh + 0x18, 8)?, num(sh + 0x20, 8)?)
        } else {
            (num(sh + 4, 4)?, num(sh + 0x10, 4)?, num(sh + 0x14, 4)?)
        };
        // SHT_NULL and SHT_NOBITS take no bytes in the file.
        if ty != 0 && ty != 8 {
            end = end.max(off.checked_add(size)?);
        }
    }
    Some(end)
}

/// Where an ELF image ends: the furthest of its section header table, program header table and
/// the sections' contents. `None` if it is not an ELF image whose headers fit, or if its section
/// header table takes more than [`MAX_SECTION_TABLE`] bytes.
pub fn elf_extent(b: &[u8]) -> Option<u64> {
    if b.len() < 0x34 {
        return None;
    }
    extent_with(&|at, n| {
        let at = usize::try_from(at).ok()?;
        b.get(at..at.checked_add(n)?).map(<[u8]>::to_vec)
    })
}

/// Why the LZ4 decoder stopped.
enum Lz4Error {
    Bad(String),
    Sink(std::io::Error),
}

/// Decodes one raw LZ4 block from `input`, writing its output to `sink` in chunks and keeping
/// only the 64 KiB window matches may reach; stops with an error past `limit` bytes. Returns the
/// bytes produced.
fn lz4_stream(input: &[u8], limit: u64, sink: &mut dyn FnMut(&[u8]) -> std::io::Result<()>) -> Result<u64, Lz4Error> {
    const WINDOW: usize = 1 << 16;
    const CHUNK: usize = 1 << 20;
    let bad = |m: &str| Lz4Error::Bad(format!("bad LZ4 block: {m}"));
    let mut buf: Vec<u8> = Vec::with_capacity(WINDOW + 2 * CHUNK);
    let mut flushed = 0u64; // bytes already handed to the sink and dropped from `buf`
    let mut pos = 0usize;
    // Hands all but the window to the sink once the buffer is large.
    let mut flush = |buf: &mut Vec<u8>, flushed: &mut u64, all: bool| -> Result<(), Lz4Error> {
        let keep = if all { 0 } else { WINDOW };
        if buf.len() >= keep + if all { 0 } else { CHUNK } && buf.len() > keep {
            let n = buf.len() - keep;
            sink(&buf[..n]).map_err(Lz4Error::Sink)?;
            buf.copy_within(n.., 0);
            buf.truncate(keep);
            *flushed += n as u64;
        }
        Ok(())
    };
    let read_len = |pos: &mut usize, mut n: usize| -> Result<usize, Lz4Error> {
        loop {
            let b = *input.get(*pos).ok_or_else(|| bad("the input ends inside a length"))?;
            *pos += 1;
            n = n.checked_add(usize::from(b)).ok_or_else(|| bad("a length overflows"))?;
            if b != 255 {
                return Ok(n);
            }
        }
    };
    loop {
        let token = *input.get(pos).ok_or_else(|| bad("the input ends where a sequence should start"))?;
        pos += 1;
        let mut lit = usize::from(token >> 4);
        if lit == 15 {
            lit = read_len(&mut pos, lit)?;
        }
        if lit > input.len() - pos {
            return Err(bad("literals run past the input"));
        }
        let mut lits = &input[pos..pos + lit];
        pos += lit;
        if flushed + (buf.len() + lits.len()) as u64 > limit {
            return Err(Lz4Error::Bad(format!(
                "LZ4 block decompresses to more than the {limit} bytes the header says"
            )));
        }
        while !lits.is_empty() {
            let n = lits.len().min(CHUNK);
            buf.extend_from_slice(&lits[..n]);
            lits = &lits[n..];
            flush(&mut buf, &mut flushed, false)?;
        }
        if pos >= input.len() {
            break;
        }
        let off = input.get(pos..pos + 2).ok_or_else(|| bad("the input ends inside a match offset"))?;
        pos += 2;
        let offset = usize::from(u16::from_le_bytes([off[0], off[1]]));
        let mut len = usize::from(token & 15);
        if len == 15 {
            len = read_len(&mut pos, len)?;
        }
        len += 4;
        if offset == 0 || offset > buf.len() {
            return Err(bad("a match reaches before the start of the output"));
        }
        if flushed + (buf.len() + len) as u64 > limit {
            return Err(Lz4Error::Bad(format!(
                "LZ4 block decompresses to more than the {limit} bytes the header says"
            )));
        }
        // The bytes from `period` on repeat with period `offset`: copy as much of them as is
        // there at once (a long run of one byte doubles at each step).
        let mut period = buf.len() - offset;
        while len > 0 {
            let cur = buf.len();
            let from = period + (cur - period) % offset;
            let n = len.min(cur - from).min(CHUNK);
            buf.extend_from_within(from..from + n);
            len -= n;
            let before = buf.len();
            flush(&mut buf, &mut flushed, false)?;
            period = period.saturating_sub(before - buf.len());
        }
    }
    flush(&mut buf, &mut flushed, true)?;
    Ok(flushed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sink collecting what the LZ4 decoder writes.
    fn lz4(input: &[u8], limit: u64) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        let r = lz4_stream(input, limit, &mut |c: &[u8]| {
            out.extend_from_slice(c);
            Ok(())
        });
        match r {
            Ok(n) => {
                assert_eq!(n as usize, out.len());
                Ok(out)
            }
            Err(Lz4Error::Bad(m)) => Err(m),
            Err(Lz4Error::Sink(e)) => Err(e.to_string()),
        }
    }

    #[test]
    fn lz4_streaming_matches_lz4_flex() {
        let mut samples: Vec<Vec<u8>> = vec![Vec::new(), b"a".to_vec(), vec![7; 300_000]];
        let mut x = 1u32;
        let text: Vec<u8> = (0..500_000)
            .map(|i| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                if i % 3 == 0 {
                    b"abcdefgh"[(x >> 16) as usize % 8]
                } else {
                    (x >> 24) as u8 % 4
                }
            })
            .collect();
        samples.push(text);
        samples.push((0..3_000_000u32).map(|i| (i / 7 % 251) as u8).collect());
        for s in samples {
            let c = lz4_flex::block::compress(&s);
            assert_eq!(lz4(&c, s.len() as u64).unwrap(), s);
            let mut check = vec![0u8; s.len()];
            assert_eq!(lz4_flex::block::decompress_into(&c, &mut check).unwrap(), s.len());
            if !s.is_empty() {
                assert!(lz4(&c, s.len() as u64 - 1).is_err(), "past the limit");
                assert_ne!(lz4(&c[..c.len() - 1], s.len() as u64), Ok(s.clone()), "truncated");
            }
        }
    }

    #[test]
    fn lz4_bad_blocks_are_errors() {
        for bad in [&[][..], &[0xF0][..], &[0x10][..], &[0x00, 0x00, 0x00][..], &[0x1F, b'a', 2, 0, 0][..]] {
            assert!(lz4(bad, 1 << 20).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn elf_extent_is_bounded_by_its_table() {
        let mut e = vec![0u8; 0x40];
        e[..4].copy_from_slice(b"\x7fELF");
        e[4] = 2;
        e[5] = 1;
        e[0x28..0x30].copy_from_slice(&0x40u64.to_le_bytes()); // shoff
        e[0x3A..0x3C].copy_from_slice(&0xFFFFu16.to_le_bytes()); // shentsize
        e[0x3C..0x3E].copy_from_slice(&0xFFFFu16.to_le_bytes()); // shnum
        e.resize(64 << 20, 0);
        assert_eq!(elf_extent(&e), None, "a 4 GiB section header table is not read");
    }
}
