//! What a listing holds: entries, their kinds, targets, compression and origin. The field
//! offsets and flag bits are the ones measured in `docs/fatbin-format.md`.

use serde::Serialize;
use std::borrow::Cow;
use std::fmt;

/// The magic of a fatbin, the first 4 bytes (little-endian) of its 16-byte header.
pub const FATBIN_MAGIC: u32 = 0xBA55_ED50;
/// Length of the fatbin header (magic, version, header size, size of the entries).
pub const FATBIN_HEADER_LEN: usize = 16;
/// Length of the fixed part of an entry header; identifier and options follow it.
pub const ENTRY_HEADER_LEN: usize = 64;

/// Flag bits of the 64-bit flags field at entry offset 0x28.
pub mod flags {
    /// 64-bit compile (`compile_size = 64bit`); without it, 32-bit.
    pub const BITS64: u64 = 0x1;
    /// Compiled with debug info (`-G`; cuobjdump: "has debug info").
    pub const DEBUG: u64 = 0x2;
    /// Host is Linux (cuobjdump: `host = linux`).
    pub const HOST_LINUX: u64 = 0x10;
    /// Payload is an LZ4 block (`--compress-mode=speed`).
    pub const LZ4: u64 = 0x2000;
    /// Payload is a zstd frame (default, `size` and `balance` modes).
    pub const ZSTD: u64 = 0x8000;
    /// The compressed payload is keyed with the 32-bit value at entry offset 0x30 (seen on
    /// compressed LTO-IR whose NVVM container is encoded; the key equals the container's
    /// tag-99 key). nvir cannot undo it.
    pub const KEYED: u64 = 0x1_0000;
    /// Architecture-specific target: the `a` suffix (sm_90a).
    pub const ARCH_A: u64 = 0x10_0000;
    /// Family-specific target: the `f` suffix (sm_100f).
    pub const ARCH_F: u64 = 0x20_0000;
    /// Set on cubins for sm_100 and later, whose header carries a 40-byte binary attribute
    /// block where other entries carry options. Meaning not decoded.
    pub const CUBIN_ATTRIBUTES: u64 = 0x100_0000;
}

/// Entry kind codes (u16 at entry offset 0).
pub mod kind_code {
    /// PTX text.
    pub const PTX: u16 = 1;
    /// A cubin (ELF).
    pub const CUBIN: u16 = 2;
    /// LTO-IR: an NVVM container (cuobjdump: "nvvm code").
    pub const LTOIR: u16 = 8;
    /// A `--concat` entry: several PTX (or other) entries compressed together.
    pub const CONCAT: u16 = 0x100;
}

/// What an input file is, from its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum InputKind {
    /// A host ELF object, shared library or executable.
    Elf,
    /// An `ar` archive (`ar`, `nvcc -lib`).
    Archive,
    /// A fatbin by itself (`nvcc -fatbin`).
    Fatbin,
    /// None of these.
    Unknown,
}

impl InputKind {
    /// The lowercase name used in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            InputKind::Elf => "elf",
            InputKind::Archive => "archive",
            InputKind::Fatbin => "fatbin",
            InputKind::Unknown => "unknown",
        }
    }
}

/// What an entry holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EntryKind {
    /// PTX text (code 1).
    Ptx,
    /// A cubin (code 2).
    Cubin,
    /// LTO-IR, an NVVM container (code 8).
    LtoIr,
    /// Any other code, shown by number.
    Other(u16),
}

impl EntryKind {
    /// From the u16 code at entry offset 0.
    pub fn from_code(code: u16) -> Self {
        match code {
            kind_code::PTX => EntryKind::Ptx,
            kind_code::CUBIN => EntryKind::Cubin,
            kind_code::LTOIR => EntryKind::LtoIr,
            n => EntryKind::Other(n),
        }
    }

    /// Name used in listings and JSON: `ptx`, `cubin`, `ltoir`, or `kind-N`.
    pub fn name(self) -> Cow<'static, str> {
        match self {
            EntryKind::Ptx => "ptx".into(),
            EntryKind::Cubin => "cubin".into(),
            EntryKind::LtoIr => "ltoir".into(),
            EntryKind::Other(n) => format!("kind-{n}").into(),
        }
    }

    /// File extension of an extracted entry.
    pub fn extension(self) -> &'static str {
        match self {
            EntryKind::Ptx => "ptx",
            EntryKind::Cubin => "cubin",
            EntryKind::LtoIr => "ltoir",
            EntryKind::Other(_) => "bin",
        }
    }
}

/// The `a` / `f` suffix of a target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ArchSuffix {
    /// No suffix.
    None,
    /// `a`: architecture-specific.
    A,
    /// `f`: family-specific.
    F,
}

/// A target as cuobjdump prints it: `sm_<number>` and its suffix, e.g. `sm_90a`, `sm_100f`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arch {
    /// SM number (u32 at entry offset 0x1C), e.g. 90, 100, 120.
    pub number: u32,
    /// From flag bits [`flags::ARCH_A`] and [`flags::ARCH_F`].
    pub suffix: ArchSuffix,
}

impl fmt::Display for Arch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self.suffix {
            ArchSuffix::None => "",
            ArchSuffix::A => "a",
            ArchSuffix::F => "f",
        };
        write!(f, "sm_{}{s}", self.number)
    }
}

/// How a payload is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Compression {
    /// As is (padded to 8 bytes).
    None,
    /// One zstd frame.
    Zstd,
    /// One raw LZ4 block.
    Lz4,
    /// Both compression bits set: not a combination nvcc writes.
    Unknown,
}

impl Compression {
    /// From the entry flags.
    pub fn from_flags(f: u64) -> Self {
        match (f & flags::ZSTD != 0, f & flags::LZ4 != 0) {
            (false, false) => Compression::None,
            (true, false) => Compression::Zstd,
            (false, true) => Compression::Lz4,
            (true, true) => Compression::Unknown,
        }
    }

    /// The lowercase name used in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Compression::None => "none",
            Compression::Zstd => "zstd",
            Compression::Lz4 => "lz4",
            Compression::Unknown => "unknown",
        }
    }
}

/// What an LTO-IR entry's NVVM container holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum LtoIrForm {
    /// A container without tag 99: its payload is LLVM bitcode.
    Plain,
    /// A container with tag 99: the payload is in NVIDIA's closed encoding. The container can be
    /// extracted (it is what `nvcc -ltoir` writes) but its bitcode cannot be read.
    Encoded,
    /// Compressed and keyed ([`flags::KEYED`]): an encoded container that nvir cannot even
    /// decompress.
    EncodedKeyed,
    /// The bytes are not an NVVM container.
    NotAContainer,
}

impl LtoIrForm {
    /// The name used in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            LtoIrForm::Plain => "plain",
            LtoIrForm::Encoded => "encoded",
            LtoIrForm::EncodedKeyed => "encoded-keyed",
            LtoIrForm::NotAContainer => "not-a-container",
        }
    }
}

/// Where an entry comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Origin<'a> {
    /// The `ar` member's name (as stored, without GNU's trailing `/`), if inside an archive.
    pub member: Option<&'a [u8]>,
    /// The ELF section (`__nv_relfatbin`, `.nv_fatbin`), if inside an ELF object.
    pub section: Option<&'a str>,
    /// Which fatbin of the section (or of a raw fatbin file), from 0: `ld -r` puts several
    /// back to back in one section.
    pub fatbin: usize,
    /// Absolute offset of that fatbin's header.
    pub fatbin_offset: u64,
}

impl Origin<'_> {
    /// The member name as text (lossy).
    pub fn member_name(&self) -> Option<Cow<'_, str>> {
        self.member.map(String::from_utf8_lossy)
    }
}

/// Where a `--concat` part sits in its container entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConcatPart {
    /// Absolute offset of the container entry's header.
    pub container_offset: u64,
    /// Which part, from 0.
    pub part: usize,
    /// How many parts the container declares.
    pub parts: usize,
    /// Offset of this part's data in the container's decompressed payload (part offset 0x04).
    pub data_offset: u64,
    /// Size of this part's data (part offset 0x08).
    pub data_size: u64,
}

/// One fatbin entry (for `--concat`, one part). Borrows the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry<'a> {
    /// Where it comes from.
    pub origin: Origin<'a>,
    /// Absolute offset of its header (the part header for a concat part).
    pub offset: u64,
    /// What it holds.
    pub kind: EntryKind,
    /// u16 at offset 0x02 (0x0101 in everything measured).
    pub header_version: u16,
    /// Header size (u32 at 0x04); for a concat part, the extent of its part header.
    pub header_size: u32,
    /// Code version `[major, minor]` (u16 minor at 0x18, u16 major at 0x1A): PTX ISA for PTX,
    /// ELF ABI for cubins, NVVM IR version for LTO-IR.
    pub code_version: (u16, u16),
    /// Target.
    pub arch: Arch,
    /// Flags (u64 at 0x28), see [`flags`].
    pub flags: u64,
    /// u64 at 0x30: the key of a [`flags::KEYED`] payload, otherwise 0.
    pub key: u64,
    /// Identifier (`--ident`, the source file name under `-G`), NUL padding removed.
    pub identifier: Option<&'a [u8]>,
    /// Options (ptxas options for PTX, NVVM options for LTO-IR; a binary attribute block for
    /// sm_100+ cubins), as stored.
    pub options: Option<&'a [u8]>,
    /// How the payload is stored (for a concat part: how its container is).
    pub compression: Compression,
    /// Absolute offset of the stored payload (for a concat part: the container's).
    pub payload_offset: u64,
    /// Stored payload size, padded to 8 (u64 at 0x08; a concat part: the container's).
    pub stored_size: u64,
    /// Compressed size, u32 at 0x10 (0 when not compressed; a concat part: the container's).
    pub compressed_size: u64,
    /// Uncompressed size, u64 at 0x38 (0 when not compressed; a concat part: the container's).
    pub uncompressed_size: u64,
    /// Set for a `--concat` part.
    pub concat: Option<ConcatPart>,
    pub(crate) stored: &'a [u8],
}

impl<'a> Entry<'a> {
    /// The stored payload bytes, as in the input (for a concat part: the whole container's).
    pub fn stored_payload(&self) -> &'a [u8] {
        self.stored
    }

    /// Size of the entry's data once decompressed (padding included for uncompressed payloads).
    pub fn data_size(&self) -> u64 {
        match (&self.concat, self.compression) {
            (Some(c), _) => c.data_size,
            (None, Compression::None) => self.stored_size,
            (None, _) => self.uncompressed_size,
        }
    }

    /// 64-bit compile.
    pub fn is_64bit(&self) -> bool {
        self.flags & flags::BITS64 != 0
    }

    /// Compiled with debug info.
    pub fn has_debug_info(&self) -> bool {
        self.flags & flags::DEBUG != 0
    }

    /// The payload is keyed ([`flags::KEYED`]) and cannot be decompressed.
    pub fn is_keyed(&self) -> bool {
        self.flags & flags::KEYED != 0
    }

    /// The host as cuobjdump prints it.
    pub fn host(&self) -> &'static str {
        if self.flags & flags::HOST_LINUX != 0 {
            "linux"
        } else {
            "unknown"
        }
    }
}

/// One fatbin found in the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FatbinInfo<'a> {
    /// The `ar` member, if inside an archive.
    pub member: Option<&'a [u8]>,
    /// The ELF section, if inside an ELF object.
    pub section: Option<&'a str>,
    /// Which fatbin of its section, from 0.
    pub index: usize,
    /// Absolute offset of its header.
    pub offset: u64,
    /// u16 at 0x04 (1 in everything measured).
    pub version: u16,
    /// u16 at 0x06 (16).
    pub header_size: u16,
    /// u64 at 0x08: bytes of entries after the header.
    pub size: u64,
}

/// Everything a file carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing<'a> {
    /// What the file is.
    pub input: InputKind,
    /// Every fatbin, in file order.
    pub fatbins: Vec<FatbinInfo<'a>>,
    /// Every entry, in file order; `--concat` containers are replaced by their parts.
    pub entries: Vec<Entry<'a>>,
}
