//! A description of a container with every field located: the data behind `nvir container dump`
//! (its JSON shape is this struct's; fields may be added, never renamed).

use crate::meaning::{implied_options, unrecorded_options, BlobRef, BlobRefs, ImpliedOption};
use crate::model::{Container, FieldOrder, TagTrailer};
use crate::tags::{arch_sm, id, tag_info, value_name};
use serde::Serialize;

/// The description.
#[derive(Debug, Clone, Serialize)]
pub struct Dump {
    /// `0x7f4e43ed`.
    pub magic: String,
    /// `cuda` or `seed`.
    pub variant: &'static str,
    /// `cuda` (header size at 0x0C) or `seed` (IR level at 0x0C).
    pub field_order: &'static str,
    /// Version pairs.
    pub version: VersionDump,
    /// Header size.
    pub header_size: usize,
    /// IR level.
    pub ir_level: u16,
    /// `Linked`, `LTO`, `OptiX` or `unknown`.
    pub ir_level_name: &'static str,
    /// Header bytes past the fixed 24.
    pub header_extra: Region,
    /// The tag stream.
    pub tags: Vec<TagDump>,
    /// Offset of the tag-0 terminator, if any.
    pub terminator: Option<usize>,
    /// Bytes between the stream and the tag-area end.
    pub tag_trailer: TrailerDump,
    /// The blob region.
    pub blob: Region,
    /// The payload key (hex, in file order), when tag 99 points at 4 blob bytes.
    pub key: Option<String>,
    /// Blob tags, decoded.
    pub blob_refs: Vec<BlobRef>,
    /// The payload.
    pub payload: PayloadDump,
    /// What the tags mean to the compiler.
    pub implied_options: Vec<ImpliedOption>,
    /// Options the tools leave out of a header of this IR level: their absence says nothing.
    pub unrecorded_options: &'static [&'static str],
}

/// Version pairs as `[major, minor]`.
#[derive(Debug, Clone, Serialize)]
pub struct VersionDump {
    /// Container format.
    pub container: [u8; 2],
    /// NVVM IR.
    pub nvvm_ir: [u8; 2],
    /// NVVM debug.
    pub nvvm_debug: [u8; 2],
    /// LLVM.
    pub llvm: [u8; 2],
}

/// A byte range.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Region {
    /// Start.
    pub offset: usize,
    /// Length.
    pub len: usize,
}

/// One tag entry.
#[derive(Debug, Clone, Serialize)]
pub struct TagDump {
    /// The tag.
    pub tag: u16,
    /// Its name, if the table has it.
    pub name: Option<&'static str>,
    /// The seed's name where it differs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed_name: Option<&'static str>,
    /// The value.
    pub value: u32,
    /// Written in the 8-byte form.
    pub wide: bool,
    /// Where the entry starts.
    pub offset: usize,
    /// The value's meaning (enum name, architecture), when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub meaning: Option<String>,
    /// Whether a later entry of the same tag overrides this one.
    pub overridden: bool,
}

/// The tag-area trailer.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct TrailerDump {
    /// Start.
    pub offset: usize,
    /// Length.
    pub len: usize,
    /// Whether it is exactly the zero padding to 4 bytes that CUDA writes.
    pub padding: bool,
}

/// The payload.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct PayloadDump {
    /// Start.
    pub offset: usize,
    /// Length.
    pub len: usize,
    /// `empty`, `encoded`, `bitcode`, `bitcode-wrapper` or `unknown`.
    pub kind: &'static str,
}

/// The name of an IR level.
pub fn ir_level_name(level: u16) -> &'static str {
    match level {
        0 => "Linked",
        1 => "LTO",
        2 => "OptiX",
        _ => "unknown",
    }
}

fn meaning(tag: u16, value: u32) -> Option<String> {
    match tag {
        id::ARCH_VARIANT => arch_sm(value).map(|sm| format!("sm_{sm}")),
        id::PAYLOAD_KEY => Some(format!("payload key at blob offset {value}")),
        _ => match tag_info(tag)?.kind {
            crate::tags::TagKind::Blob(_) => Some(format!("blob offset {value}")),
            _ => value_name(tag, value),
        },
    }
}

/// Describes a container. For a large container, [`Description`] gives the same without
/// holding every tag's description at once.
pub fn describe(c: &Container<'_>) -> Dump {
    let d = Description::new(c);
    let mut dump = d.summary.clone();
    dump.tags = d.tags().collect();
    dump.blob_refs = d.blob_refs().map(|r| r.to_owned()).collect();
    dump
}

/// A description computed as it is read: [`Description::summary`] holds every field of a
/// [`Dump`] but the tags and blob references (left empty), which [`Description::tags`] and
/// [`Description::blob_refs`] give one at a time. It serializes exactly as the [`Dump`] that
/// [`describe`] gives, streaming: memory stays that of the container, whatever its tag count.
pub struct Description<'c, 'a> {
    c: &'c Container<'a>,
    /// Everything but `tags` and `blob_refs` (empty here).
    pub summary: Dump,
    /// For each tag number, the index of its last entry (`u32::MAX`: none).
    last: Vec<u32>,
}

impl<'c, 'a> Description<'c, 'a> {
    /// The description of `c`.
    pub fn new(c: &'c Container<'a>) -> Self {
        let s = c.sizes();
        let v = &c.versions;
        let pair = |x: crate::model::Version| [x.major, x.minor];
        // The last occurrence of each tag wins; earlier ones are overridden (one pass).
        let mut last = Vec::new();
        if !c.tags.is_empty() {
            last = vec![u32::MAX; 1 << 16];
            for (i, e) in c.tags.iter().enumerate() {
                last[usize::from(e.tag)] = u32::try_from(i).unwrap_or(u32::MAX - 1);
            }
        }
        let summary = Dump {
            magic: format!("{:#010x}", c.variant.magic()),
            variant: c.variant.as_str(),
            field_order: match c.field_order {
                FieldOrder::Cuda => "cuda",
                FieldOrder::Seed => "seed",
            },
            version: VersionDump {
                container: pair(v.container),
                nvvm_ir: pair(v.nvvm_ir),
                nvvm_debug: pair(v.nvvm_debug),
                llvm: pair(v.llvm),
            },
            header_size: s.header_size,
            ir_level: c.ir_level,
            ir_level_name: ir_level_name(c.ir_level),
            header_extra: Region { offset: crate::model::HEADER_LEN, len: c.header_extra.len() },
            tags: Vec::new(),
            terminator: s.terminator,
            tag_trailer: TrailerDump {
                offset: s.trailer.0,
                len: s.trailer.1,
                padding: matches!(c.trailer, TagTrailer::Padding),
            },
            blob: Region { offset: s.tag_end, len: c.blob.len() },
            key: c.key().map(|k| k.iter().map(|b| format!("{b:02x}")).collect()),
            blob_refs: Vec::new(),
            payload: PayloadDump { offset: s.blob_end, len: c.payload.len(), kind: c.payload_kind().as_str() },
            implied_options: implied_options(c),
            unrecorded_options: unrecorded_options(c.ir_level),
        };
        Description { c, summary, last }
    }

    /// The tag entries, described one at a time, in stream order.
    pub fn tags(&self) -> impl ExactSizeIterator<Item = TagDump> + '_ {
        let mut offset = self.summary.header_size;
        self.c.tags.iter().enumerate().map(move |(i, e)| {
            let at = offset;
            offset += e.encoded_len();
            let info = tag_info(e.tag);
            TagDump {
                tag: e.tag,
                name: info.map(|t| t.name),
                seed_name: info.filter(|t| t.seed_name != t.name).map(|t| t.seed_name),
                value: e.value,
                wide: e.wide,
                offset: at,
                meaning: meaning(e.tag, e.value),
                overridden: self.last.get(usize::from(e.tag)).is_some_and(|&l| l as usize != i),
            }
        })
    }

    /// The blob tags, decoded one at a time (see [`BlobRefs`] for what is shown).
    pub fn blob_refs(&self) -> BlobRefs<'c, 'a> {
        BlobRefs::new(self.c)
    }
}

/// Serializes a sequence from an iterator made when serializing.
struct Lazy<F>(F);

impl<F, I> Serialize for Lazy<F>
where
    F: Fn() -> I,
    I: Iterator,
    I::Item: Serialize,
{
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((self.0)())
    }
}

impl Serialize for Description<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let d = &self.summary;
        let mut st = s.serialize_struct("Dump", 17)?;
        st.serialize_field("magic", &d.magic)?;
        st.serialize_field("variant", &d.variant)?;
        st.serialize_field("field_order", &d.field_order)?;
        st.serialize_field("version", &d.version)?;
        st.serialize_field("header_size", &d.header_size)?;
        st.serialize_field("ir_level", &d.ir_level)?;
        st.serialize_field("ir_level_name", &d.ir_level_name)?;
        st.serialize_field("header_extra", &d.header_extra)?;
        st.serialize_field("tags", &Lazy(|| self.tags()))?;
        st.serialize_field("terminator", &d.terminator)?;
        st.serialize_field("tag_trailer", &d.tag_trailer)?;
        st.serialize_field("blob", &d.blob)?;
        st.serialize_field("key", &d.key)?;
        st.serialize_field("blob_refs", &Lazy(|| self.blob_refs()))?;
        st.serialize_field("payload", &d.payload)?;
        st.serialize_field("implied_options", &d.implied_options)?;
        st.serialize_field("unrecorded_options", &d.unrecorded_options)?;
        st.end()
    }
}
