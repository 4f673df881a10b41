//! Text: the printer (`tileirdisasm`'s syntax) and the assembler that reads it back.

mod aliases;
pub mod float;
mod formats;
mod names;
mod parse;
mod print;
mod scope;

pub use parse::parse;
pub use print::{print, print_to, type_str, PrintOptions, TypeText};
