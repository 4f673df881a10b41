//! CUDA Tile IR bytecode, versions 13.1 to 13.5: read it into a module, write it back byte for
//! byte, print it as `tileirdisasm` does, and validate it.
//!
//! ```no_run
//! let bytes = std::fs::read("kernel.tileirbc").unwrap();
//! let module = nvir_tile::read(&bytes).unwrap();
//! assert_eq!(nvir_tile::write(&module).unwrap(), bytes);
//! ```
//!
//! A module takes a few times its file's size: function bodies stay encoded ([`ir::Body`]) and
//! are walked one op at a time ([`body::Walker`]), table entries share their bytes, and text is
//! printed to a writer as it is made ([`print_to`]) and bytecode written from the module
//! ([`prepare`]). Nesting is bounded ([`body::MAX_DEPTH`]) and every walk over it is iterative
//! or bounded by it.
#![deny(missing_docs)]

pub mod body;
mod cursor;
mod error;
mod index;
pub mod ir;
mod read;
mod retarget;
pub mod tables;
mod write;

pub use error::{Error, Result};
pub use ir::Module;
pub use read::{read, MAGIC};
pub use retarget::{retarget, retarget_owned};
pub use tables::Version;
pub use write::{prepare, write, Prepared};
pub mod text;
pub mod validate;
pub use text::{parse, print, print_to, PrintOptions};
pub use validate::{validate, Finding};
