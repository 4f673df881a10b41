//! Text: the printer (`tileirdisasm`'s syntax) and the assembler that reads it back.

pub mod float;
mod formats;
mod names;
mod parse;
mod print;

pub use parse::parse;
pub use print::{print, type_str, PrintOptions};
