//! Edits, and building a container around LLVM bitcode (`wrap`).

use crate::model::{Container, FieldOrder, TagEntry, TagTrailer, Variant, Versions};
use crate::tags::{arch_variant_for_sm, id};
use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

impl Container<'_> {
    fn stream_len(&self) -> usize {
        self.tags.iter().map(TagEntry::encoded_len).sum()
    }

    /// After the stream changed length, zero bytes behind it are padding again; non-zero bytes
    /// (something the user put there) are kept as they are.
    fn repad(&mut self, before: usize) {
        if self.stream_len() != before {
            if let TagTrailer::Raw(bytes) = &self.trailer {
                if bytes.iter().all(|&b| b == 0) {
                    self.trailer = TagTrailer::Padding;
                }
            }
        }
    }

    /// Sets a tag: every occurrence takes the value in place (the wide form is kept, or taken when
    /// the value needs it); a tag not present is appended.
    pub fn set_tag(&mut self, tag: u16, value: u32) {
        let before = self.stream_len();
        let mut found = false;
        for e in self.tags.iter_mut().filter(|e| e.tag == tag) {
            e.value = value;
            e.wide |= value >= 0xFFFF;
            found = true;
        }
        if !found {
            self.tags.push(TagEntry::new(tag, value));
        }
        self.repad(before);
    }

    /// Removes every occurrence of a tag; returns how many there were.
    pub fn remove_tag(&mut self, tag: u16) -> usize {
        let before = self.stream_len();
        let n = self.tags.len();
        self.tags.retain(|e| e.tag != tag);
        self.repad(before);
        n - self.tags.len()
    }

    /// Retargets: sets ArchVariant, and sets or removes the arch-specific tag 32.
    pub fn set_target(&mut self, target: &Target) {
        self.set_tag(id::ARCH_VARIANT, target.arch_variant());
        if target.suffix == ArchSuffix::Specific {
            self.set_tag(id::ARCH_SPECIFIC, 1);
        } else {
            self.remove_tag(id::ARCH_SPECIFIC);
        }
    }
}

/// The kind of architecture name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ArchSuffix {
    /// `sm_90`.
    None,
    /// `sm_90a`: architecture-specific features.
    Specific,
    /// `sm_100f`: family-specific features (the container is the same as for `sm_100`).
    Family,
}

/// A target architecture as nvcc names it: `sm_90a`, `compute_100f`, `lto_90`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// The number: 90 for sm_90.
    pub sm: u32,
    /// `a`, `f` or nothing.
    pub suffix: ArchSuffix,
}

impl Target {
    /// The tag-1 value CUDA 13.5 writes.
    pub fn arch_variant(&self) -> u32 {
        arch_variant_for_sm(self.sm)
    }
    /// Whether the target is compiled by the LLVM-based NVVM (sm_100 and later), which takes
    /// opaque pointers and is labelled LLVM 23.0.
    pub fn new_nvvm(&self) -> bool {
        self.sm >= 100
    }
}

/// A target name that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{0}' is not an architecture: expected sm_XX, compute_XX or lto_XX, optionally with an 'a' or 'f' suffix (e.g. sm_90a)")]
pub struct BadTarget(pub String);

impl FromStr for Target {
    type Err = BadTarget;
    fn from_str(s: &str) -> Result<Self, BadTarget> {
        let bad = || BadTarget(s.to_string());
        let rest = ["sm_", "compute_", "lto_"].iter().find_map(|p| s.strip_prefix(p)).ok_or_else(bad)?;
        let (digits, suffix) = match rest.as_bytes().last() {
            Some(b'a') => (&rest[..rest.len() - 1], ArchSuffix::Specific),
            Some(b'f') => (&rest[..rest.len() - 1], ArchSuffix::Family),
            _ => (rest, ArchSuffix::None),
        };
        if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let sm: u32 = digits.parse().map_err(|_| bad())?;
        if !(10..=9999).contains(&sm) {
            return Err(bad());
        }
        Ok(Target { sm, suffix })
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match self.suffix {
            ArchSuffix::None => "",
            ArchSuffix::Specific => "a",
            ArchSuffix::Family => "f",
        };
        write!(f, "sm_{}{suffix}", self.sm)
    }
}

/// Why bitcode cannot be wrapped.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum WrapError {
    /// The input is not LLVM bitcode.
    #[error("input is not LLVM bitcode: it starts with {0}, expected BC C0 DE (raw) or DE C0 17 0B (wrapper)")]
    NotBitcode(String),
    /// The bitcode wrapper header is inconsistent.
    #[error("bitcode wrapper says the bitcode is at offset {offset} with size {size}, but the input is {len} bytes (at offset 0x8)")]
    BadWrapper {
        /// Offset field.
        offset: u32,
        /// Size field.
        size: u32,
        /// Input length.
        len: usize,
    },
}

/// Checks that `bytes` is raw LLVM bitcode or bitcode in the 20-byte wrapper.
pub fn check_bitcode(bytes: &[u8]) -> Result<(), WrapError> {
    if bytes.starts_with(&[0x42, 0x43, 0xC0, 0xDE]) {
        return Ok(());
    }
    if bytes.starts_with(&[0xDE, 0xC0, 0x17, 0x0B]) && bytes.len() >= 20 {
        let word = |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let (offset, size) = (word(8), word(12));
        let end = u64::from(offset) + u64::from(size);
        if end > bytes.len() as u64 || offset < 20 {
            return Err(WrapError::BadWrapper { offset, size, len: bytes.len() });
        }
        return Ok(());
    }
    let head: Vec<String> = bytes.iter().take(4).map(|b| format!("{b:02X}")).collect();
    Err(WrapError::NotBitcode(if head.is_empty() { "nothing (empty input)".into() } else { head.join(" ") }))
}

/// Builds the container NVIDIA's linkers accept for raw bitcode: CUDA 13.5's versions (LLVM 7.0
/// below sm_100, 23.0 from sm_100 on; OptiX IR is always labelled 7.0), tags `1=<arch>`, `2=2`
/// (separate compilation, as every LTO container carries), `32=1` for an `a` target, no tag 99,
/// an empty blob, the bitcode as payload.
pub fn wrap<'a>(bitcode: &'a [u8], target: &Target, ir_level: u16) -> Result<Container<'a>, WrapError> {
    check_bitcode(bitcode)?;
    let mut tags = vec![TagEntry::new(id::ARCH_VARIANT, target.arch_variant()), TagEntry::new(id::COMPILE_MODE, 2)];
    if target.suffix == ArchSuffix::Specific {
        tags.push(TagEntry::new(id::ARCH_SPECIFIC, 1));
    }
    Ok(Container {
        variant: Variant::Cuda,
        field_order: FieldOrder::Cuda,
        versions: Versions::cuda_13_5(target.new_nvvm() && ir_level != IR_LEVEL_OPTIX),
        ir_level,
        header_extra: Cow::Borrowed(&[]),
        tags,
        terminated: true,
        trailer: TagTrailer::Padding,
        blob: Cow::Borrowed(&[]),
        payload: Cow::Borrowed(bitcode),
    })
}

/// IR level of nvJitLink's linked output.
pub const IR_LEVEL_LINKED: u16 = 0;
/// IR level of LTO IR.
pub const IR_LEVEL_LTO: u16 = 1;
/// IR level of OptiX IR.
pub const IR_LEVEL_OPTIX: u16 = 2;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_parse() {
        let t: Target = "sm_90a".parse().unwrap();
        assert_eq!((t.sm, t.suffix, t.arch_variant()), (90, ArchSuffix::Specific, 900));
        assert_eq!("compute_110f".parse::<Target>().unwrap().arch_variant(), 1010);
        assert_eq!("lto_100".parse::<Target>().unwrap().to_string(), "sm_100");
        for bad in ["sm90", "sm_", "sm_a", "gfx_90", "sm_9x", "sm_1", "sm_123456"] {
            assert!(bad.parse::<Target>().is_err(), "{bad}");
        }
    }

    #[test]
    fn wrap_rejects_non_bitcode_and_bad_wrappers() {
        assert!(matches!(check_bitcode(b"hello"), Err(WrapError::NotBitcode(_))));
        assert!(matches!(check_bitcode(b""), Err(WrapError::NotBitcode(_))));
        let mut w = vec![0xDE, 0xC0, 0x17, 0x0B, 0, 0, 0, 0, 20, 0, 0, 0, 100, 0, 0, 0, 0, 0, 0, 0];
        assert!(matches!(check_bitcode(&w), Err(WrapError::BadWrapper { .. })));
        w[12] = 4;
        w.extend_from_slice(&[0x42, 0x43, 0xC0, 0xDE]);
        assert_eq!(check_bitcode(&w), Ok(()));
    }

    #[test]
    fn set_keeps_wide_form_and_remove_repads() {
        let bc = [0x42, 0x43, 0xC0, 0xDE];
        let mut c = wrap(&bc, &"sm_90a".parse().unwrap(), IR_LEVEL_LTO).unwrap();
        assert_eq!(c.get(32), Some(1));
        c.set_target(&"sm_100".parse().unwrap());
        assert_eq!((c.get(1), c.get(32)), (Some(1000), None));
        c.set_tag(19, 70000);
        assert!(c.tags.last().unwrap().wide);
        c.set_tag(19, 5);
        assert!(c.tags.last().unwrap().wide, "an entry keeps the wide form once written wide");
        assert_eq!(c.remove_tag(19), 1);
        assert_eq!(c.layout().tag_end % 4, 0);
    }
}
