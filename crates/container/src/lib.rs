//! NVVM containers: the envelope of LTO-IR (`.ltoir`) and OptiX IR (`.optixir`).
//!
//! A container is a 24-byte header, a tag/value stream, a blob region and a payload (LLVM
//! bitcode, or NVIDIA's encoded form of it). This crate reads both magics (CUDA's `0x7F4E43ED`
//! and the seed's `0x7F4E5C7D`), writes containers back byte for byte, edits them, wraps raw
//! bitcode the way NVIDIA's linkers accept, converts to and from the seed's XML form, and checks
//! version bytes against a policy.
//!
//! ```
//! let bc = [0x42, 0x43, 0xC0, 0xDE];
//! let c = nvir_container::wrap(&bc, &"sm_90".parse().unwrap(), nvir_container::IR_LEVEL_LTO).unwrap();
//! let bytes = nvir_container::write(&c).unwrap();
//! assert_eq!(nvir_container::read(&bytes).unwrap(), c);
//! ```
#![deny(missing_docs)]

mod dump;
mod edit;
mod meaning;
mod model;
mod policy;
mod read;
pub mod tags;
mod write;
mod xml;

pub use dump::{describe, ir_level_name, Description, Dump, PayloadDump, Region, TagDump, TrailerDump, VersionDump};
pub use edit::{
    check_bitcode, wrap, ArchSuffix, BadTarget, Target, WrapError, IR_LEVEL_LINKED, IR_LEVEL_LTO, IR_LEVEL_OPTIX,
};
pub use meaning::{
    blob_refs, implied_options, unrecorded_options, BlobData, BlobRef, BlobRefView, BlobRefs, BlobValue, ImpliedOption,
};
pub use model::{
    pad4, Container, FieldOrder, Layout, PayloadKind, TagEntry, TagTrailer, Variant, Version, Versions, HEADER_LEN,
    MAGIC_CUDA, MAGIC_SEED,
};
pub use policy::{check_versions, Policy};
pub use read::{has_magic, read, read_head, ReadError, ReadErrorKind};
pub use write::{write, WriteError};
pub use xml::{from_xml, to_xml, write_xml, XmlError};
