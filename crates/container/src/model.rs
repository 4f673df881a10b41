//! The in-memory container: every byte of the input has a place, so an unedited container
//! writes back to the same bytes. Offsets are not stored; [`Container::layout`] derives them.

use std::borrow::Cow;

/// The magic CUDA's tools write and accept (`ED 43 4E 7F`).
pub const MAGIC_CUDA: u32 = 0x7F4E_43ED;
/// The magic the seed document gives; NVIDIA's tools reject it.
pub const MAGIC_SEED: u32 = 0x7F4E_5C7D;
/// Size of the fixed header.
pub const HEADER_LEN: usize = 24;

/// Which magic a container carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Variant {
    /// `0x7F4E43ED`, what CUDA writes.
    Cuda,
    /// `0x7F4E5C7D`, the seed's variant.
    Seed,
}

impl Variant {
    /// The magic number.
    pub fn magic(self) -> u32 {
        match self {
            Variant::Cuda => MAGIC_CUDA,
            Variant::Seed => MAGIC_SEED,
        }
    }
    /// `"cuda"` or `"seed"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Variant::Cuda => "cuda",
            Variant::Seed => "seed",
        }
    }
}

/// Where the header-size and IR-level u16s sit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FieldOrder {
    /// Header size at 0x0C, IR level at 0x0E: what CUDA writes.
    Cuda,
    /// IR level at 0x0C, header size at 0x0E: the seed's layout (read only with the seed magic).
    Seed,
}

/// A `major.minor` version pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Version {
    /// Major.
    pub major: u8,
    /// Minor.
    pub minor: u8,
}

impl Version {
    /// `major.minor`.
    pub const fn new(major: u8, minor: u8) -> Self {
        Version { major, minor }
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// The four version pairs at 0x04..0x0C.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Versions {
    /// Container format (0x04).
    pub container: Version,
    /// NVVM IR (0x06).
    pub nvvm_ir: Version,
    /// NVVM debug info (0x08).
    pub nvvm_debug: Version,
    /// LLVM (0x0A).
    pub llvm: Version,
}

impl Versions {
    /// What CUDA 13.5 writes, for a target below sm_100 (NVVM70, LLVM 7.0) or from sm_100 on
    /// (the LLVM-based NVVM, LLVM 23.0).
    pub fn cuda_13_5(new_nvvm: bool) -> Self {
        Versions {
            container: Version::new(1, 67),
            nvvm_ir: Version::new(2, 131),
            nvvm_debug: Version::new(3, 2),
            llvm: if new_nvvm { Version::new(23, 0) } else { Version::new(7, 0) },
        }
    }
}

/// One `(tag, value)` pair of the tag stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TagEntry {
    /// The tag (never 0: 0 ends the stream).
    pub tag: u16,
    /// The value.
    pub value: u32,
    /// Written in the 8-byte form (`0xFFFF` then a u32), whatever the value.
    pub wide: bool,
}

impl TagEntry {
    /// An entry in the shortest form that holds `value`.
    pub fn new(tag: u16, value: u32) -> Self {
        TagEntry { tag, value, wide: value >= 0xFFFF }
    }
    /// Bytes this entry takes in the stream.
    pub fn encoded_len(&self) -> usize {
        if self.wide {
            8
        } else {
            4
        }
    }
}

/// The bytes between the end of the tag stream and the tag-area end (`[0x10]`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TagTrailer<'a> {
    /// Zero bytes up to the next multiple of 4: what CUDA writes.
    Padding,
    /// Anything else, kept verbatim (no padding, 8-byte padding, bytes after the terminator).
    Raw(Cow<'a, [u8]>),
}

/// An NVVM container.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Container<'a> {
    /// Which magic.
    pub variant: Variant,
    /// Where header size and IR level sit.
    pub field_order: FieldOrder,
    /// The version bytes.
    pub versions: Versions,
    /// IR level: 0 linked (nvJitLink output), 1 LTO, 2 OptiX.
    pub ir_level: u16,
    /// Header bytes past the 24 fixed ones (header size > 24).
    pub header_extra: Cow<'a, [u8]>,
    /// The tag stream, in order, duplicates kept.
    pub tags: Vec<TagEntry>,
    /// Whether the stream ends with a tag-0 terminator (otherwise it ends at `[0x10]`).
    pub terminated: bool,
    /// What follows the stream in the tag area.
    pub trailer: TagTrailer<'a>,
    /// The blob region.
    pub blob: Cow<'a, [u8]>,
    /// The payload: everything after the blob region.
    pub payload: Cow<'a, [u8]>,
}

/// Where everything sits when a container is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// Header size, the start of the tag stream.
    pub header_size: usize,
    /// Offset of each tag entry.
    pub tag_offsets: Vec<usize>,
    /// Offset of the terminator, if there is one.
    pub terminator: Option<usize>,
    /// Start and length of the trailer.
    pub trailer: (usize, usize),
    /// Tag-area end = blob start (`[0x10]`).
    pub tag_end: usize,
    /// Blob end = payload start (`[0x14]`).
    pub blob_end: usize,
    /// Total size.
    pub total: usize,
}

/// [`Layout`] without the tag offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Sizes {
    pub header_size: usize,
    pub terminator: Option<usize>,
    pub trailer: (usize, usize),
    pub tag_end: usize,
    pub blob_end: usize,
    pub total: usize,
}

/// How a payload starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PayloadKind {
    /// No payload.
    Empty,
    /// Tag 99 is present: NVIDIA's closed encoding.
    Encoded,
    /// Raw LLVM bitcode (`BC C0 DE`).
    Bitcode,
    /// LLVM bitcode in the 20-byte wrapper (`DE C0 17 0B`).
    BitcodeWrapper,
    /// Something else.
    Unknown,
}

impl PayloadKind {
    /// Classifies a payload; `encoded` says whether tag 99 is present.
    pub fn classify(payload: &[u8], encoded: bool) -> Self {
        if payload.is_empty() {
            PayloadKind::Empty
        } else if encoded {
            PayloadKind::Encoded
        } else if payload.starts_with(&[0x42, 0x43, 0xC0, 0xDE]) {
            PayloadKind::Bitcode
        } else if payload.starts_with(&[0xDE, 0xC0, 0x17, 0x0B]) {
            PayloadKind::BitcodeWrapper
        } else {
            PayloadKind::Unknown
        }
    }
    /// The name used in listings and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            PayloadKind::Empty => "empty",
            PayloadKind::Encoded => "encoded",
            PayloadKind::Bitcode => "bitcode",
            PayloadKind::BitcodeWrapper => "bitcode-wrapper",
            PayloadKind::Unknown => "unknown",
        }
    }
}

/// Zero bytes needed after `pos` to reach a multiple of 4.
pub fn pad4(pos: usize) -> usize {
    (4 - pos % 4) % 4
}

impl<'a> Container<'a> {
    /// Header size as written at 0x0C.
    pub fn header_size(&self) -> usize {
        HEADER_LEN + self.header_extra.len()
    }

    /// The effective value of a tag: the last occurrence wins, as in NVIDIA's consumers.
    pub fn get(&self, tag: u16) -> Option<u32> {
        self.tags.iter().rev().find(|e| e.tag == tag).map(|e| e.value)
    }

    /// The kind of payload.
    pub fn payload_kind(&self) -> PayloadKind {
        PayloadKind::classify(&self.payload, self.get(crate::tags::id::PAYLOAD_KEY).is_some())
    }

    /// The 4-byte payload key, if tag 99 points at 4 bytes inside the blob.
    pub fn key(&self) -> Option<[u8; 4]> {
        let off = self.get(crate::tags::id::PAYLOAD_KEY)? as usize;
        let bytes = self.blob.get(off..off.checked_add(4)?)?;
        bytes.try_into().ok()
    }

    /// Where everything goes.
    pub fn layout(&self) -> Layout {
        let header_size = self.header_size();
        let mut pos = header_size;
        let tag_offsets = self
            .tags
            .iter()
            .map(|e| {
                let at = pos;
                pos += e.encoded_len();
                at
            })
            .collect();
        let s = self.sizes();
        Layout {
            header_size,
            tag_offsets,
            terminator: s.terminator,
            trailer: s.trailer,
            tag_end: s.tag_end,
            blob_end: s.blob_end,
            total: s.total,
        }
    }

    /// [`Container::layout`] without the offset of each tag (no allocation).
    pub(crate) fn sizes(&self) -> Sizes {
        let header_size = self.header_size();
        let mut pos = header_size + self.tags.iter().map(TagEntry::encoded_len).sum::<usize>();
        let terminator = self.terminated.then(|| {
            pos += 2;
            pos - 2
        });
        let trailer_len = match &self.trailer {
            TagTrailer::Padding => pad4(pos),
            TagTrailer::Raw(bytes) => bytes.len(),
        };
        let trailer = (pos, trailer_len);
        let tag_end = pos + trailer_len;
        let blob_end = tag_end + self.blob.len();
        Sizes { header_size, terminator, trailer, tag_end, blob_end, total: blob_end + self.payload.len() }
    }

    /// A copy that owns its bytes.
    pub fn into_owned(self) -> Container<'static> {
        Container {
            variant: self.variant,
            field_order: self.field_order,
            versions: self.versions,
            ir_level: self.ir_level,
            header_extra: Cow::Owned(self.header_extra.into_owned()),
            tags: self.tags,
            terminated: self.terminated,
            trailer: match self.trailer {
                TagTrailer::Padding => TagTrailer::Padding,
                TagTrailer::Raw(b) => TagTrailer::Raw(Cow::Owned(b.into_owned())),
            },
            blob: Cow::Owned(self.blob.into_owned()),
            payload: Cow::Owned(self.payload.into_owned()),
        }
    }
}
