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
    /// Present but not decoded: out of range, truncated, or its condition is not met.
    Invalid(String),
}

fn words(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

fn uint(b: &[u8]) -> u64 {
    b.iter().rev().fold(0u64, |acc, &x| (acc << 8) | u64::from(x))
}

/// Decodes the blob at `offset` for `shape`; returns the value and its length.
/// Counts come from the input, so they are checked against the bytes left before any allocation.
fn decode(blob: &[u8], offset: usize, shape: BlobShape, tag_value: &dyn Fn(u16) -> Option<u32>) -> (BlobValue, usize) {
    let Some(rest) = blob.get(offset..).filter(|r| !r.is_empty()) else {
        return (BlobValue::Invalid(format!("offset {offset} is outside the {}-byte blob region", blob.len())), 0);
    };
    let short = |need: usize| {
        BlobValue::Invalid(format!("needs {need} bytes at blob offset {offset}, {} are there", rest.len()))
    };
    match shape {
        BlobShape::Fixed(n) => {
            let n = n as usize;
            match rest.get(..n) {
                Some(b) if n == 8 => (BlobValue::Qword(uint(b)), n),
                Some(b) => (BlobValue::Words(words(b)), n),
                None => (short(n), 0),
            }
        }
        BlobShape::CString => match rest.iter().position(|&b| b == 0) {
            Some(end) => (BlobValue::String(String::from_utf8_lossy(&rest[..end]).into_owned()), end + 1),
            None => (BlobValue::Invalid(format!("string at blob offset {offset} has no NUL before the blob ends")), 0),
        },
        BlobShape::Counted { count, entry } => {
            let (cw, ew) = (count as usize, entry as usize);
            let Some(head) = rest.get(..cw) else { return (short(cw), 0) };
            let n = uint(head);
            let need = (n as u128) * (ew as u128) + cw as u128;
            if need > rest.len() as u128 {
                return (
                    BlobValue::Invalid(format!(
                        "count {n} needs {need} bytes at blob offset {offset}, {} are there",
                        rest.len()
                    )),
                    0,
                );
            }
            let items = rest[cw..need as usize].chunks_exact(ew).map(uint).collect();
            (BlobValue::Counted { count: n, items }, need as usize)
        }
        BlobShape::LengthPrefixed => {
            let Some(head) = rest.get(..4) else { return (short(4), 0) };
            let n = uint(head) as usize;
            match rest.get(4..4 + n) {
                Some(b) => (BlobValue::Bytes(b.iter().map(|x| format!("{x:02x}")).collect()), 4 + n),
                None => (BlobValue::Invalid(format!("length {n} runs past the blob region")), 0),
            }
        }
        BlobShape::Table { header, entry, when } => {
            if let Some((tag, value)) = when {
                if tag_value(tag) != Some(value) {
                    return (BlobValue::Invalid(format!("decoded only when tag {tag} = {value}")), 0);
                }
            }
            let (hw, ew) = (header as usize, entry as usize);
            let Some(head) = rest.get(..hw) else { return (short(hw), 0) };
            let head = words(head);
            let n = head[0] as u128;
            let need = n * ew as u128 + hw as u128;
            if need > rest.len() as u128 {
                return (
                    BlobValue::Invalid(format!(
                        "{n} entries need {need} bytes at blob offset {offset}, {} are there",
                        rest.len()
                    )),
                    0,
                );
            }
            let entries = rest[hw..need as usize].chunks_exact(ew).map(words).collect();
            (BlobValue::Table { header: head, entries }, need as usize)
        }
    }
}

/// Every blob tag in the stream, decoded (in stream order).
pub fn blob_refs(c: &Container<'_>) -> Vec<BlobRef> {
    // Conditions look up a tag's effective value; a container may hold many blob tags, so each
    // condition tag is looked up once.
    let cache = std::cell::RefCell::new(Vec::<(u16, Option<u32>)>::new());
    let tag_value = |t: u16| {
        if let Some(&(_, v)) = cache.borrow().iter().find(|(k, _)| *k == t) {
            return v;
        }
        let v = c.get(t);
        cache.borrow_mut().push((t, v));
        v
    };
    c.tags
        .iter()
        .filter_map(|e| {
            let info = tag_info(e.tag)?;
            let TagKind::Blob(shape) = info.kind else { return None };
            let (value, len) = decode(&c.blob, e.value as usize, shape, &tag_value);
            Some(BlobRef { tag: e.tag, name: info.name, offset: e.value, len, value })
        })
        .collect()
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
