//! The writer: [`Container`] → bytes, offsets recomputed from the parts. An unedited container
//! writes back to its input, byte for byte.

use crate::model::{Container, FieldOrder, TagTrailer, HEADER_LEN};
use thiserror::Error;

/// Why a container cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum WriteError {
    /// The header, with its extra bytes, does not fit the u16 at 0x0C.
    #[error("header size {0} does not fit in 16 bits")]
    HeaderTooLarge(usize),
    /// The tag area or blob end does not fit in 32 bits.
    #[error("container area ends at {0}, past what a 32-bit offset can hold")]
    TooLarge(usize),
    /// Tag 0 would end the stream early.
    #[error("tag 0 cannot be written: it is the terminator")]
    ZeroTag,
    /// A short-form value of 0xFFFF or more.
    #[error("tag {tag} value {value} needs the wide form")]
    NeedsWide {
        /// The tag.
        tag: u16,
        /// Its value.
        value: u32,
    },
}

/// Writes the container.
pub fn write(c: &Container<'_>) -> Result<Vec<u8>, WriteError> {
    let layout = c.sizes();
    let header_size = u16::try_from(layout.header_size).map_err(|_| WriteError::HeaderTooLarge(layout.header_size))?;
    let tag_end = u32::try_from(layout.tag_end).map_err(|_| WriteError::TooLarge(layout.tag_end))?;
    let blob_end = u32::try_from(layout.blob_end).map_err(|_| WriteError::TooLarge(layout.blob_end))?;
    let mut out = Vec::with_capacity(layout.total);
    out.extend_from_slice(&c.variant.magic().to_le_bytes());
    for v in [c.versions.container, c.versions.nvvm_ir, c.versions.nvvm_debug, c.versions.llvm] {
        out.extend_from_slice(&[v.major, v.minor]);
    }
    let (first, second) = match c.field_order {
        FieldOrder::Cuda => (header_size, c.ir_level),
        FieldOrder::Seed => (c.ir_level, header_size),
    };
    out.extend_from_slice(&first.to_le_bytes());
    out.extend_from_slice(&second.to_le_bytes());
    out.extend_from_slice(&tag_end.to_le_bytes());
    out.extend_from_slice(&blob_end.to_le_bytes());
    debug_assert_eq!(out.len(), HEADER_LEN);
    out.extend_from_slice(&c.header_extra);
    for e in &c.tags {
        if e.tag == 0 {
            return Err(WriteError::ZeroTag);
        }
        out.extend_from_slice(&e.tag.to_le_bytes());
        if e.wide {
            out.extend_from_slice(&0xFFFFu16.to_le_bytes());
            out.extend_from_slice(&e.value.to_le_bytes());
        } else {
            let short = u16::try_from(e.value).ok().filter(|&v| v != 0xFFFF);
            let short = short.ok_or(WriteError::NeedsWide { tag: e.tag, value: e.value })?;
            out.extend_from_slice(&short.to_le_bytes());
        }
    }
    if c.terminated {
        out.extend_from_slice(&[0, 0]);
    }
    match &c.trailer {
        TagTrailer::Padding => out.resize(layout.tag_end, 0),
        TagTrailer::Raw(bytes) => out.extend_from_slice(bytes),
    }
    out.extend_from_slice(&c.blob);
    out.extend_from_slice(&c.payload);
    debug_assert_eq!(out.len(), layout.total);
    Ok(out)
}
