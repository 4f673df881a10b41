//! The reader: bytes → [`Container`], borrowing the input. Every failure names its byte offset;
//! nothing is allocated beyond one entry per tag actually present in the input.

use crate::model::pad4;
use crate::model::{
    Container, FieldOrder, TagEntry, TagTrailer, Variant, Version, Versions, HEADER_LEN, MAGIC_CUDA, MAGIC_SEED,
};
use nvir_diag::{Diagnostic, Span};
use std::borrow::Cow;
use std::fmt;

/// What kind of malformation a [`ReadError`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// The input ends inside a structure.
    Truncated,
    /// Not a container magic.
    BadMagic,
    /// A header field is out of range.
    BadHeader,
    /// A tag entry crosses the tag-area end.
    BadTag,
}

/// A malformed container. One word wide; built only on the cold path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError(Box<ReadErrorInner>);

#[derive(Debug, Clone, PartialEq, Eq)]
struct ReadErrorInner {
    kind: ReadErrorKind,
    span: Span,
    message: String,
    label: &'static str,
    help: Option<&'static str>,
}

impl ReadError {
    #[cold]
    fn new(kind: ReadErrorKind, span: Span, label: &'static str, message: String) -> Self {
        ReadError(Box::new(ReadErrorInner { kind, span, message, label, help: None }))
    }

    #[cold]
    fn with_help(mut self, help: &'static str) -> Self {
        self.0.help = Some(help);
        self
    }

    /// The kind of malformation.
    pub fn kind(&self) -> ReadErrorKind {
        self.0.kind
    }

    /// The byte offset where the problem is.
    pub fn offset(&self) -> usize {
        self.0.span.start
    }

    /// The message, without the offset.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// As a diagnostic, with the offending bytes as its span.
    pub fn to_diagnostic(&self) -> Diagnostic {
        let mut d = Diagnostic::error(&self.0.message)
            .with_code("container-malformed")
            .with_labelled_span(self.0.span, self.0.label);
        if let Some(h) = self.0.help {
            d = d.with_help(h);
        }
        d
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at offset {:#x})", self.0.message, self.0.span.start)
    }
}

impl std::error::Error for ReadError {}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// Whether `bytes` starts with either container magic.
pub fn has_magic(bytes: &[u8]) -> bool {
    bytes.len() >= 4 && matches!(u32_at(bytes, 0), MAGIC_CUDA | MAGIC_SEED)
}

/// Reads a container. The payload runs to the end of `bytes`.
///
/// The tag stream is read from the header size (0x0C) and stops at a tag 0 or at the tag-area
/// end (0x10), whichever comes first, as NVIDIA's consumers do.
pub fn read(bytes: &[u8]) -> Result<Container<'_>, ReadError> {
    // The tag count is bounded by the tag area (4 bytes an entry), itself bounded by the input.
    let mut tags = Vec::new();
    let head = parse(bytes, bytes.len(), &mut tags)?;
    let rest = &bytes[head.stream_end..head.tag_end];
    let trailer = if rest.len() == pad4(head.stream_end) && rest.iter().all(|&b| b == 0) {
        TagTrailer::Padding
    } else {
        TagTrailer::Raw(Cow::Borrowed(rest))
    };
    Ok(Container {
        variant: head.variant,
        field_order: head.field_order,
        versions: head.versions,
        ir_level: head.ir_level,
        header_extra: Cow::Borrowed(&bytes[HEADER_LEN..head.header_size]),
        tags,
        terminated: head.terminated,
        trailer,
        blob: Cow::Borrowed(&bytes[head.tag_end..head.blob_end]),
        payload: Cow::Borrowed(&bytes[head.blob_end..]),
    })
}

/// Checks the header and the tag stream of a container of `len` bytes from its first bytes,
/// `head`, without the rest: for a container that is still compressed, or too large to hold.
/// `head` must reach the tag-area end (the u32 at 0x10) or the end of the container; when it
/// does not, the error is a [`ReadErrorKind::Truncated`] at the end of `head`. Each tag entry is
/// handed to `visit` in stream order; nothing is allocated. Gives the tag-area end.
///
/// The checks are those of [`read`]: `read_head(b, b.len(), _)` fails exactly when `read(b)` does.
pub fn read_head(head: &[u8], len: usize, visit: impl FnMut(TagEntry)) -> Result<usize, ReadError> {
    parse(head, len, &mut Visit(visit)).map(|h| h.tag_end)
}

/// What [`parse`] found besides the tags.
struct Head {
    variant: Variant,
    field_order: FieldOrder,
    versions: Versions,
    ir_level: u16,
    header_size: usize,
    terminated: bool,
    /// Where the stream (and its terminator) ends: the trailer starts here.
    stream_end: usize,
    tag_end: usize,
    blob_end: usize,
}

/// Where [`parse`] puts the tag entries.
trait Tags {
    /// At most this many entries follow (bounded by the tag area's bytes).
    fn reserve(&mut self, n: usize);
    /// One entry.
    fn push(&mut self, e: TagEntry);
}

impl Tags for Vec<TagEntry> {
    fn reserve(&mut self, n: usize) {
        self.reserve_exact(n);
    }
    #[inline(always)]
    fn push(&mut self, e: TagEntry) {
        Vec::push(self, e);
    }
}

struct Visit<F>(F);

impl<F: FnMut(TagEntry)> Tags for Visit<F> {
    fn reserve(&mut self, _: usize) {}
    #[inline(always)]
    fn push(&mut self, e: TagEntry) {
        (self.0)(e);
    }
}

/// The header and the tag stream of a container of `len` bytes, `bytes` being its first bytes
/// (all of them, or at least up to the tag-area end); the entries go to `tags`.
#[inline(always)]
fn parse(bytes: &[u8], len: usize, tags: &mut impl Tags) -> Result<Head, ReadError> {
    use ReadErrorKind::*;
    let have = bytes.len().min(len);
    if have < 4 {
        return Err(ReadError::new(
            Truncated,
            Span::new(have, have),
            "input ends here",
            format!("input is {have} bytes; a container starts with a 4-byte magic"),
        ));
    }
    let magic = u32_at(bytes, 0);
    let variant = match magic {
        MAGIC_CUDA => Variant::Cuda,
        MAGIC_SEED => Variant::Seed,
        _ => {
            let help = if bytes.trim_ascii_start().starts_with(b"<") {
                "this looks like the XML form: convert it with `nvir container from-xml`"
            } else {
                "an NVVM container (.ltoir, .optixir) starts with ED 43 4E 7F; plain LLVM bitcode starts with BC C0 DE"
            };
            let msg = format!("not an NVVM container: magic is {magic:#010x}, expected {MAGIC_CUDA:#010x}");
            return Err(ReadError::new(BadMagic, Span::at(0, 4), "magic", msg).with_help(help));
        }
    };
    if have < HEADER_LEN {
        let msg = if have < len {
            format!("only the first {have} bytes of the header are here, the header needs {HEADER_LEN}")
        } else {
            format!("truncated header: input is {len} bytes, the header needs {HEADER_LEN}")
        };
        return Err(ReadError::new(Truncated, Span::new(have, HEADER_LEN), "header ends early", msg));
    }
    let v = |i: usize| Version::new(bytes[i], bytes[i + 1]);
    let versions = Versions { container: v(4), nvvm_ir: v(6), nvvm_debug: v(8), llvm: v(10) };
    let (at_0c, at_0e) = (u16_at(bytes, 0x0C), u16_at(bytes, 0x0E));
    // The seed swaps the two u16s. Honour its order only where CUDA's reading is impossible.
    let field_order = if variant == Variant::Seed && usize::from(at_0c) < HEADER_LEN && usize::from(at_0e) >= HEADER_LEN
    {
        FieldOrder::Seed
    } else {
        FieldOrder::Cuda
    };
    let (header_size, ir_level, hs_at) = match field_order {
        FieldOrder::Cuda => (usize::from(at_0c), at_0e, 0x0C),
        FieldOrder::Seed => (usize::from(at_0e), at_0c, 0x0E),
    };
    let tag_end = u32_at(bytes, 0x10) as usize;
    let blob_end = u32_at(bytes, 0x14) as usize;
    if header_size < HEADER_LEN {
        return Err(ReadError::new(
            BadHeader,
            Span::at(hs_at, 2),
            "header size",
            format!("header size {header_size} is smaller than the {HEADER_LEN}-byte header"),
        ));
    }
    if tag_end > len {
        return Err(ReadError::new(
            BadHeader,
            Span::at(0x10, 4),
            "tag-area end",
            format!("tag-area end {tag_end} lies past the end of the input ({len} bytes)"),
        ));
    }
    if header_size > tag_end {
        return Err(ReadError::new(
            BadHeader,
            Span::at(hs_at, 2),
            "header size",
            format!("header size {header_size} lies past the tag-area end {tag_end} (at 0x10)"),
        ));
    }
    if blob_end > len {
        return Err(ReadError::new(
            BadHeader,
            Span::at(0x14, 4),
            "blob end",
            format!("blob end (payload start) {blob_end} lies past the end of the input ({len} bytes)"),
        ));
    }
    if blob_end < tag_end {
        return Err(ReadError::new(
            BadHeader,
            Span::at(0x14, 4),
            "blob end",
            format!("blob end {blob_end} lies before the tag-area end {tag_end} (at 0x10)"),
        ));
    }
    if have < tag_end {
        return Err(ReadError::new(
            Truncated,
            Span::new(have, tag_end),
            "tag area",
            format!("only the first {have} bytes are here; the tag area runs to {tag_end}"),
        ));
    }

    tags.reserve((tag_end - header_size) / 4);
    // The stream is read by slice patterns over the tag area: no index to check.
    let mut rest = &bytes[header_size..tag_end];
    let mut terminated = false;
    let at = |rest: &[u8]| tag_end - rest.len();
    while let [t0, t1, after_tag @ ..] = rest {
        let tag = u16::from_le_bytes([*t0, *t1]);
        if tag == 0 {
            terminated = true;
            rest = after_tag;
            break;
        }
        let [v0, v1, after @ ..] = after_tag else {
            let pos = at(rest);
            return Err(ReadError::new(
                BadTag,
                Span::new(pos, tag_end),
                "entry",
                format!("tag {tag} at offset {pos:#x} has no value before the tag-area end {tag_end}"),
            ));
        };
        let short = u16::from_le_bytes([*v0, *v1]);
        if short == 0xFFFF {
            let [w0, w1, w2, w3, after_wide @ ..] = after else {
                let pos = at(rest);
                return Err(ReadError::new(
                    BadTag,
                    Span::new(pos, tag_end),
                    "wide entry",
                    format!("wide tag {tag} at offset {pos:#x} needs 8 bytes but the tag area ends at {tag_end}"),
                ));
            };
            tags.push(TagEntry { tag, value: u32::from_le_bytes([*w0, *w1, *w2, *w3]), wide: true });
            rest = after_wide;
        } else {
            tags.push(TagEntry { tag, value: u32::from(short), wide: false });
            rest = after;
        }
    }
    let pos = at(rest);
    Ok(Head { variant, field_order, versions, ir_level, header_size, terminated, stream_end: pos, tag_end, blob_end })
}
