//! CUDA Tile IR bytecode, versions 13.1 to 13.5: read it into a module, write it back byte for
//! byte, print it as `tileirdisasm` does, and validate it.
//!
//! ```no_run
//! let bytes = std::fs::read("kernel.tileirbc").unwrap();
//! let module = nvir_tile::read(&bytes).unwrap();
//! assert_eq!(nvir_tile::write(&module).unwrap(), bytes);
//! ```
#![deny(missing_docs)]

mod cursor;
mod error;
pub mod ir;
mod read;
mod retarget;
pub mod tables;
mod write;

pub use error::{Error, Result};
pub use ir::Module;
pub use read::{read, MAGIC};
pub use retarget::retarget;
pub use tables::Version;
pub use write::write;
pub mod text;
pub mod validate;
pub use text::{parse, print, PrintOptions};
pub use validate::{validate, Finding};
