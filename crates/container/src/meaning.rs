//! What a container's tags mean: blob references decoded per the seed, and the compiler options
//! the tags stand for (the seed's pipeline section, with the meanings measured on CUDA 13.5).

use crate::model::Container;
use crate::tags::{arch_sm, id, tag_info, BlobShape, TagKind};
use serde::Serialize;

/// A blob tag's reference, decoded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BlobRef {
    /// The tag.
    pub tag: u16,
    /// Its name.
    pub name: &'static str,
    /// Offset inside the blob region.
    pub offset: u32,
    /// Bytes the decoded value takes (0 when it could not be decoded).
    pub len: usize,
    /// The decoded value, or why not.
    pub value: BlobValue,
}

/// A decoded blob value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum BlobValue {
    /// Little-endian u32 words.
    Words(Vec<u32>),
    /// One u64.
    Qword(u64),
    /// A NUL-terminated string (lossily decoded).
    String(String),
    /// A count and its items.
    Counted {
        /// Item count.
        count: u64,
        /// Items.
        items: Vec<u64>,
    },
    /// Length-prefixed bytes, as hex.
    Bytes(String),
    /// A header of u32 words (the first is the entry count) and entries of u32 words.
    Table {
        /// Header words.
        header: Vec<u32>,
        /// Entries.
        entries: Vec<Vec<u32>>,
    },
    /// Present but not decoded: out of range, truncated, its condition is not met, or past what
    /// one description shows ([`blob_refs`] explains the limit).
    Invalid(String),
    /// The same bytes, read the same way, as the blob reference with this index (in the list
    /// [`blob_refs`] gives): a value of more than 64 bytes is shown once.
    SameAs(usize),
}

/// A blob reference with its value borrowed from the blob: what [`BlobRefs`] yields. Serializes
/// exactly as the [`BlobRef`] that [`BlobRefView::to_owned`] gives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename = "BlobRef")]
pub struct BlobRefView<'b> {
    /// The tag.
    pub tag: u16,
    /// Its name.
    pub name: &'static str,
    /// Offset inside the blob region.
    pub offset: u32,
    /// Bytes the decoded value takes (0 when it could not be decoded).
    pub len: usize,
    /// The value.
    pub value: BlobData<'b>,
}

impl BlobRefView<'_> {
    /// The owned form.
    pub fn to_owned(&self) -> BlobRef {
        BlobRef { tag: self.tag, name: self.name, offset: self.offset, len: self.len, value: self.value.to_value() }
    }
}

/// A decoded blob value that borrows the blob's bytes: serializes as the [`BlobValue`] that
/// [`BlobData::to_value`] gives, without building it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BlobData<'b> {
    /// Little-endian u32 words (a multiple of 4 bytes).
    Words(&'b [u8]),
    /// One u64.
    Qword(u64),
    /// A string, without its NUL (decoded lossily).
    String(&'b [u8]),
    /// A count and its items.
    Counted {
        /// Item count.
        count: u64,
        /// Bytes per item (little-endian).
        width: usize,
        /// The items' bytes (`count * width`).
        items: &'b [u8],
    },
    /// Length-prefixed bytes (shown as hex).
    Bytes(&'b [u8]),
    /// A table: header words, then entries of `entry` bytes, each read as u32 words.
    Table {
        /// The header's bytes.
        header: &'b [u8],
        /// Bytes per entry.
        entry: usize,
        /// The entries' bytes.
        entries: &'b [u8],
    },
    /// Not decoded, and why.
    Invalid(String),
    /// The same as the blob reference with this index.
    SameAs(usize),
}

impl BlobData<'_> {
    /// The owned value.
    pub fn to_value(&self) -> BlobValue {
        match *self {
            BlobData::Words(b) => BlobValue::Words(words(b)),
            BlobData::Qword(q) => BlobValue::Qword(q),
            BlobData::String(b) => BlobValue::String(String::from_utf8_lossy(b).into_owned()),
            BlobData::Counted { count, width, items } => {
                BlobValue::Counted { count, items: items.chunks_exact(width.max(1)).map(uint).collect() }
            }
            BlobData::Bytes(b) => BlobValue::Bytes(Hex(b).to_string()),
            BlobData::Table { header, entry, entries } => BlobValue::Table {
                header: words(header),
                entries: entries.chunks_exact(entry.max(1)).map(words).collect(),
            },
            BlobData::Invalid(ref why) => BlobValue::Invalid(why.clone()),
            BlobData::SameAs(i) => BlobValue::SameAs(i),
        }
    }
}

/// Bytes as lower-case hex, written without building the string first.
struct Hex<'b>(&'b [u8]);

impl std::fmt::Display for Hex<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        let mut buf = [0u8; 128];
        for chunk in self.0.chunks(64) {
            for (i, &b) in chunk.iter().enumerate() {
                buf[2 * i] = DIGITS[usize::from(b >> 4)];
                buf[2 * i + 1] = DIGITS[usize::from(b & 15)];
            }
            // Only ASCII hex digits were written.
            f.write_str(std::str::from_utf8(&buf[..2 * chunk.len()]).unwrap_or_default())?;
        }
        Ok(())
    }
}

/// Serializes as a sequence of little-endian unsigned integers of `.1` bytes each.
struct Uints<'b>(&'b [u8], usize);

impl Serialize for Uints<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.chunks_exact(self.1.max(1)).map(uint))
    }
}

/// Serializes as a sequence of u32-word sequences, one per `.1`-byte entry.
struct Entries<'b>(&'b [u8], usize);

impl Serialize for Entries<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.chunks_exact(self.1.max(1)).map(|e| Uints(e, 4)))
    }
}

impl Serialize for BlobData<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStructVariant;
        const NAME: &str = "BlobValue";
        match *self {
            BlobData::Words(b) => s.serialize_newtype_variant(NAME, 0, "words", &Uints(b, 4)),
            BlobData::Qword(q) => s.serialize_newtype_variant(NAME, 1, "qword", &q),
            BlobData::String(b) => s.serialize_newtype_variant(NAME, 2, "string", &String::from_utf8_lossy(b)),
            BlobData::Counted { count, width, items } => {
                let mut v = s.serialize_struct_variant(NAME, 3, "counted", 2)?;
                v.serialize_field("count", &count)?;
                v.serialize_field("items", &Uints(items, width))?;
                v.end()
            }
            BlobData::Bytes(b) => s.serialize_newtype_variant(NAME, 4, "bytes", &HexStr(b)),
            BlobData::Table { header, entry, entries } => {
                let mut v = s.serialize_struct_variant(NAME, 5, "table", 2)?;
                v.serialize_field("header", &Uints(header, 4))?;
                v.serialize_field("entries", &Entries(entries, entry))?;
                v.end()
            }
            BlobData::Invalid(ref why) => s.serialize_newtype_variant(NAME, 6, "invalid", why),
            BlobData::SameAs(i) => s.serialize_newtype_variant(NAME, 7, "same_as", &i),
        }
    }
}

/// Serializes as a hex string, streamed.
struct HexStr<'b>(&'b [u8]);

impl Serialize for HexStr<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&Hex(self.0))
    }
}

fn words(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

fn uint(b: &[u8]) -> u64 {
    b.iter().rev().fold(0u64, |acc, &x| (acc << 8) | u64::from(x))
}

/// Decoded values of at most this many bytes are always shown in full.
const SMALL: usize = 64;
/// Past the blob's own size, how many more bytes of decoded values one walk shows.
const EXTRA: usize = 1 << 20;

/// The blob tags of a container, decoded one at a time, in stream order (an iterator; see
/// [`blob_refs`]). Values borrow the blob.
///
/// Blob tags point anywhere in the blob, many at the same bytes: what is shown is bounded by the
/// input. A value of more than 64 bytes that an earlier tag already showed (same offset, same
/// shape) is [`BlobData::SameAs`] that tag's reference; and the values of more than 64 bytes
/// show at most the blob's size plus 1 MiB in all, past which they are [`BlobData::Invalid`]
/// (saying so). Work and output are linear in the input.
pub struct BlobRefs<'c, 'a> {
    c: &'c Container<'a>,
    next: usize,
    index: usize,
    left: usize,
    seen: std::collections::HashMap<(usize, BlobShape), (usize, usize)>,
    conditions: Vec<(u16, Option<u32>)>,
}

impl<'c, 'a> BlobRefs<'c, 'a> {
    /// The walk over `c`'s blob tags.
    pub fn new(c: &'c Container<'a>) -> Self {
        BlobRefs {
            c,
            next: 0,
            index: 0,
            left: c.blob.len().saturating_add(EXTRA),
            seen: std::collections::HashMap::new(),
            conditions: Vec::new(),
        }
    }

    /// A tag's effective value, each condition tag looked up once.
    fn tag_value(&mut self, t: u16) -> Option<u32> {
        if let Some(&(_, v)) = self.conditions.iter().find(|(k, _)| *k == t) {
            return v;
        }
        let v = self.c.get(t);
        self.conditions.push((t, v));
        v
    }

    /// Decodes the blob at `offset` for `shape`; returns the value and its length.
    /// Counts come from the input, so they are checked against the bytes left before use.
    fn decode(&mut self, offset: usize, shape: BlobShape) -> (BlobData<'c>, usize) {
        let blob: &'c [u8] = &self.c.blob;
        let Some(rest) = blob.get(offset..).filter(|r| !r.is_empty()) else {
            return (BlobData::Invalid(format!("offset {offset} is outside the {}-byte blob region", blob.len())), 0);
        };
        let short = |need: usize| {
            BlobData::Invalid(format!("needs {need} bytes at blob offset {offset}, {} are there", rest.len()))
        };
        // The length the value takes, found without building it (a string is searched for its
        // NUL only as far as the limit allows).
        let need = match shape {
            BlobShape::Fixed(n) => {
                let n = n as usize;
                if rest.len() < n {
                    return (short(n), 0);
                }
                n
            }
            BlobShape::CString => {
                if let Some(&(i, len)) = self.seen.get(&(offset, shape)) {
                    return (BlobData::SameAs(i), len);
                }
                let limit = rest.len().min(SMALL.saturating_add(1).saturating_add(self.left));
                match rest[..limit].iter().position(|&b| b == 0) {
                    Some(end) => end + 1,
                    None => {
                        if limit > SMALL {
                            self.left = self.left.saturating_sub(limit);
                        }
                        let why = if limit == rest.len() {
                            format!("string at blob offset {offset} has no NUL before the blob ends")
                        } else {
                            self.left = 0;
                            format!(
                                "string at blob offset {offset} is not shown: the blob values shown so far reach the \
                                 limit (the blob's size plus {EXTRA} bytes)"
                            )
                        };
                        return (BlobData::Invalid(why), 0);
                    }
                }
            }
            BlobShape::Counted { count, entry } => {
                let cw = count as usize;
                let Some(head) = rest.get(..cw) else { return (short(cw), 0) };
                let n = uint(head);
                let need = (n as u128) * (entry as u128) + cw as u128;
                if need > rest.len() as u128 {
                    let why = format!("count {n} needs {need} bytes at blob offset {offset}, {} are there", rest.len());
                    return (BlobData::Invalid(why), 0);
                }
                need as usize
            }
            BlobShape::LengthPrefixed => {
                let Some(head) = rest.get(..4) else { return (short(4), 0) };
                let n = uint(head) as usize;
                if rest.len() - 4 < n {
                    return (BlobData::Invalid(format!("length {n} runs past the blob region")), 0);
                }
                4 + n
            }
            BlobShape::Table { header, entry, when } => {
                if let Some((tag, value)) = when {
                    if self.tag_value(tag) != Some(value) {
                        return (BlobData::Invalid(format!("decoded only when tag {tag} = {value}")), 0);
                    }
                }
                let hw = header as usize;
                let Some(head) = rest.get(..hw) else { return (short(hw), 0) };
                let n = head.get(..4).map_or(0, uint) as u128;
                let need = n * entry as u128 + hw as u128;
                if need > rest.len() as u128 {
                    let why =
                        format!("{n} entries need {need} bytes at blob offset {offset}, {} are there", rest.len());
                    return (BlobData::Invalid(why), 0);
                }
                need as usize
            }
        };
        if need > SMALL {
            if let Some(&(i, len)) = self.seen.get(&(offset, shape)) {
                return (BlobData::SameAs(i), len);
            }
            if need > self.left {
                self.left = 0;
                let why = format!(
                    "{need} bytes at blob offset {offset} are not shown: the blob values shown so far reach the limit \
                     (the blob's size plus {EXTRA} bytes)"
                );
                return (BlobData::Invalid(why), 0);
            }
            self.left -= need;
            self.seen.insert((offset, shape), (self.index, need));
        }
        let b = &rest[..need];
        let value = match shape {
            BlobShape::Fixed(8) => BlobData::Qword(uint(b)),
            BlobShape::Fixed(_) => BlobData::Words(&b[..b.len() / 4 * 4]),
            BlobShape::CString => BlobData::String(&b[..need - 1]),
            BlobShape::Counted { count, entry } => {
                let cw = count as usize;
                BlobData::Counted { count: uint(&b[..cw]), width: entry as usize, items: &b[cw..] }
            }
            BlobShape::LengthPrefixed => BlobData::Bytes(&b[4..]),
            BlobShape::Table { header, entry, .. } => {
                let hw = header as usize;
                BlobData::Table { header: &b[..hw / 4 * 4], entry: entry as usize, entries: &b[hw..] }
            }
        };
        (value, need)
    }
}

impl<'c> Iterator for BlobRefs<'c, '_> {
    type Item = BlobRefView<'c>;

    fn next(&mut self) -> Option<BlobRefView<'c>> {
        let tags: &'c [crate::model::TagEntry] = &self.c.tags;
        while let Some(e) = tags.get(self.next) {
            self.next += 1;
            let Some(info) = tag_info(e.tag) else { continue };
            let TagKind::Blob(shape) = info.kind else { continue };
            let (value, len) = self.decode(e.value as usize, shape);
            self.index += 1;
            return Some(BlobRefView { tag: e.tag, name: info.name, offset: e.value, len, value });
        }
        None
    }
}

/// Every blob tag in the stream, decoded (in stream order), with the bounds [`BlobRefs`]
/// describes.
pub fn blob_refs(c: &Container<'_>) -> Vec<BlobRef> {
    BlobRefs::new(c).map(|r| r.to_owned()).collect()
}

/// One compiler option a container's tags stand for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ImpliedOption {
    /// The option as nvcc/libNVVM spell it.
    pub option: String,
    /// What it means.
    pub meaning: String,
    /// The tags it comes from.
    pub tags: Vec<u16>,
}

fn opt(option: impl Into<String>, meaning: impl Into<String>, tags: &[u16]) -> ImpliedOption {
    ImpliedOption { option: option.into(), meaning: meaning.into(), tags: tags.to_vec() }
}

/// The options the container's tags stand for, from the effective (last) value of each tag.
pub fn implied_options(c: &Container<'_>) -> Vec<ImpliedOption> {
    let mut out = Vec::new();
    if let Some(v) = c.get(id::ARCH_VARIANT) {
        let specific = c.get(id::ARCH_SPECIFIC).is_some_and(|a| a != 0);
        match arch_sm(v) {
            Some(sm) => {
                let name = format!("sm_{sm}{}", if specific { "a" } else { "" });
                let tags: &[u16] = if specific { &[id::ARCH_VARIANT, id::ARCH_SPECIFIC] } else { &[id::ARCH_VARIANT] };
                out.push(opt(format!("-arch={name}"), format!("target {name}"), tags));
            }
            None if v == 0 => {
                out.push(opt("", "no architecture: nvJitLink rejects ArchVariant 0", &[id::ARCH_VARIANT]))
            }
            None => out.push(opt("", format!("ArchVariant {v} names no architecture"), &[id::ARCH_VARIANT])),
        }
    }
    if let Some(m) = c.get(id::COMPILE_MODE) {
        let (o, meaning) = match m {
            0 => ("-rdc=false", "whole-program compilation"),
            1 => ("", "whole-program compilation without ABI"),
            2 => ("--device-c", "separate compilation (relocatable device code)"),
            3 => ("", "extensible whole-program compilation"),
            _ => ("", "unknown compile mode"),
        };
        out.push(opt(o, meaning, &[id::COMPILE_MODE]));
    }
    if let Some(l) = c.get(id::OPT_LEVEL) {
        out.push(opt(format!("-O{l}"), format!("optimization level {l}"), &[id::OPT_LEVEL]));
    }
    if let Some(d) = c.get(id::DEBUG_INFO) {
        let (o, meaning) = match d {
            0 => ("", "no debug info"),
            1 => ("-lineinfo", "line info"),
            2 => ("-g", "full debug info (DWARF)"),
            _ => ("", "unknown debug info level"),
        };
        out.push(opt(o, meaning, &[id::DEBUG_INFO]));
    }
    let flag = |tag: u16, on: &str, off: &str, meaning: &str, out: &mut Vec<ImpliedOption>| {
        if let Some(v) = c.get(tag) {
            out.push(opt(if v != 0 { on } else { off }, meaning, &[tag]));
        }
    };
    flag(id::FTZ, "-ftz=1", "-ftz=0", "flush single-precision denormals to zero", &mut out);
    flag(id::FAST_SQRT, "-prec-sqrt=0", "-prec-sqrt=1", "approximate square root", &mut out);
    flag(id::FMAD, "-fmad=1", "-fmad=0", "contract multiply-add into FMA", &mut out);
    if let Some(d) = c.get(id::DIVIDE) {
        let (o, meaning) = match d {
            0 => ("-prec-div=1 -ftz=0", "IEEE division, no flush to zero"),
            1 => ("-prec-div=1", "IEEE division"),
            2 => ("-prec-div=0", "full-range approximate division"),
            3 => ("-prec-div=0", "fast approximate division"),
            _ => ("", "unknown division mode"),
        };
        out.push(opt(o, meaning, &[id::DIVIDE]));
    }
    out
}

/// Compile options a container of this IR level cannot show: what nvcc, libNVVM or nvJitLink
/// leave out of its header (measured with CUDA 13.5, `docs/nvvm-container-facts.md` §6), so a
/// dump does not suggest that their absence means they were off.
pub fn unrecorded_options(ir_level: u16) -> &'static [&'static str] {
    match ir_level {
        // nvcc -ltoir / -dc -dlto and libNVVM -gen-lto write only the arch and the compile mode.
        crate::IR_LEVEL_LTO => &[
            "-O / -Xcicc -O",
            "-lineinfo",
            "--use_fast_math",
            "-ftz",
            "-prec-div",
            "-prec-sqrt",
            "-fmad",
            "-maxrregcount",
            "-restrict",
            "-extra-device-vectorization",
        ],
        // nvcc -optix-ir records the optimization level, debug info and the fast-math flags.
        crate::IR_LEVEL_OPTIX => {
            &["-maxrregcount", "-restrict", "-extra-device-vectorization", "-device-stack-protector", "-Xcicc -maxreg"]
        }
        // nvJitLink's linked LTO-IR carries the target alone, whatever the link options.
        crate::IR_LEVEL_LINKED => &["every link option (-O, -lineinfo, -ftz, -prec-div, -fma, -maxrregcount, …)"],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::{wrap, IR_LEVEL_LTO};
    use std::borrow::Cow;

    #[test]
    fn options_follow_the_last_value() {
        let mut c = wrap(&[0x42, 0x43, 0xC0, 0xDE], &"sm_90a".parse().unwrap(), IR_LEVEL_LTO).unwrap();
        for (t, v) in [(3, 3), (4, 1), (13, 1), (15, 1), (18, 2)] {
            c.set_tag(t, v);
        }
        let opts: Vec<String> = implied_options(&c).into_iter().map(|o| o.option).collect();
        assert_eq!(opts, ["-arch=sm_90a", "--device-c", "-O3", "-lineinfo", "-ftz=1", "-fmad=1", "-prec-div=0"]);
    }

    #[test]
    fn blobs_decode_within_bounds_only() {
        let mut c = wrap(&[0x42, 0x43, 0xC0, 0xDE], &"sm_90".parse().unwrap(), IR_LEVEL_LTO).unwrap();
        let mut blob = b"kern\0".to_vec();
        blob.extend_from_slice(&[2, 0, 0, 0, 7, 0, 0, 0, 9, 0, 0, 0]); // count 2 at offset 5
        blob.extend_from_slice(&[0xFF, 0xFF, 0xFF, 0x7F]); // a count far past the blob
        c.blob = Cow::Owned(blob);
        c.set_tag(209, 0);
        c.set_tag(214, 5);
        c.set_tag(215, 17);
        c.set_tag(210, 400);
        c.set_tag(401, 0);
        let refs = blob_refs(&c);
        assert_eq!(refs[0].value, BlobValue::String("kern".into()));
        assert_eq!(refs[1].value, BlobValue::Counted { count: 2, items: vec![7, 9] });
        assert!(matches!(refs[2].value, BlobValue::Invalid(_)), "oversized count");
        assert!(matches!(refs[3].value, BlobValue::Invalid(_)), "out of range");
        assert!(matches!(&refs[4].value, BlobValue::Invalid(m) if m.contains("tag 301")));
    }
}
