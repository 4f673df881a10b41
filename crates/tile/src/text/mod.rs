//! Text: the printer (`tileirdisasm`'s syntax).

pub mod float;
mod formats;
mod names;
mod print;

pub use print::{print, type_str, PrintOptions};
