//! LLVM bitcode (written by LLVM 3.8 through 19, typed or opaque pointers) into the same IR
//! the text reader builds.
//!
//! ```no_run
//! let bytes = std::fs::read("kernel.bc").unwrap();
//! let m = nvir_llvm::bitcode::read(&bytes).unwrap();
//! print!("{}", nvir_llvm::print(&m, nvir_llvm::Syntax::Faithful).unwrap().text);
//! ```

pub mod bitstream;
pub mod codes;
mod error;
mod reader;
mod writer;

pub use error::{BitcodeError, Result};
pub use writer::{
    write, write_as, write_as_limited, write_as_read, write_as_read_limited, write_in_place_limited, Layout, Pieces,
    WriteError, OVER_LIMIT, PRODUCER, PRODUCER_MODERN,
};

use crate::ir::Module;
use crate::ParseOptions;

/// The raw bitcode magic: `BC` 0xC0DE.
pub const MAGIC: [u8; 4] = [b'B', b'C', 0xC0, 0xDE];
/// The wrapper header's magic (little-endian 0x0B17C0DE).
pub const WRAPPER_MAGIC: [u8; 4] = [0xDE, 0xC0, 0x17, 0x0B];

/// Whether `bytes` start like bitcode (raw or in a wrapper).
pub fn is_bitcode(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC) || bytes.starts_with(&WRAPPER_MAGIC)
}

/// What the identification block says: who wrote the bitcode.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Identification {
    /// The producer string (`LLVM19.1.7`).
    pub producer: Option<String>,
    /// The bitcode epoch (0 for every LLVM since 4.0).
    pub epoch: Option<u64>,
}

/// A module read from bitcode, with who wrote it.
#[derive(Debug, Clone)]
pub struct Read {
    /// The module.
    pub module: Module,
    /// The identification block.
    pub ident: Identification,
    /// Whether reading on several threads gave up and the input was read again on one thread
    /// (the module is the same either way: this only tells where the time went).
    pub reread: bool,
}

/// The bitcode inside a wrapper header, or the input itself; and where it starts.
pub fn unwrap(bytes: &[u8]) -> Result<(&[u8], usize)> {
    if bytes.starts_with(&WRAPPER_MAGIC) {
        let word = |i: usize| -> Result<usize> {
            bytes
                .get(i * 4..i * 4 + 4)
                .map(|b| u32::from_le_bytes(b.try_into().expect("four bytes")) as usize)
                .ok_or_else(|| BitcodeError::at(bytes.len() as u64 * 8, "truncated bitcode wrapper header"))
        };
        let (offset, size) = (word(2)?, word(3)?);
        word(4)?;
        let end = offset.checked_add(size).filter(|&e| e <= bytes.len());
        let Some(end) = end else {
            return Err(BitcodeError::at(
                64,
                format!("wrapper says {size} bytes at {offset}: past the end of the input"),
            ));
        };
        return Ok((&bytes[offset..end], offset));
    }
    Ok((bytes, 0))
}

/// Reads a module from bitcode (raw or wrapped), function bodies of large inputs on several
/// threads ([`ParseOptions::default`]).
pub fn read(bytes: &[u8]) -> Result<Module> {
    read_with_ident(bytes).map(|r| r.module)
}

/// Reads a module and its identification block.
pub fn read_with_ident(bytes: &[u8]) -> Result<Read> {
    read_with_options(bytes, ParseOptions::default())
}

/// Reads a module and its identification block with the threads `options` allow (a chunk of
/// function bodies is at least a quarter of `min_chunk` bytes). The module is the same, handle for handle, however many
/// threads read it.
pub fn read_with_options(bytes: &[u8], options: ParseOptions) -> Result<Read> {
    let (body, offset) = unwrap(bytes)?;
    if !body.starts_with(&MAGIC) {
        return Err(BitcodeError::at(0, "not LLVM bitcode (no 'BC' 0xC0DE magic)").shifted(offset as u64));
    }
    reader::read(body, options).map_err(|e| e.shifted(offset as u64))
}
