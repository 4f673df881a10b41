//! LLVM IR as libNVVM accepts it, in both of its dialects: the LLVM 7.0.1 typed-pointer dialect
//! (compute_75 … compute_90a) and the modern opaque-pointer dialect (compute_100+), in one
//! uniqued in-memory IR.
//!
//! ```
//! let m = nvir_llvm::parse("define i32 @f(i32 %x) {\n  %y = add nsw i32 %x, 1\n  ret i32 %y\n}\n").unwrap();
//! let text = nvir_llvm::print(&m, nvir_llvm::Syntax::Faithful).unwrap().text;
//! assert!(text.contains("%y = add nsw i32 %x, 1"));
//! ```
#![deny(missing_docs)]

pub mod bitcode;
pub mod ir;
pub mod text;

pub use ir::Module;
pub use nvir_diag::Span;
pub use text::parser::{
    parse_module as parse, parse_module_as_opaque as parse_bytes_as_opaque, parse_module_bytes as parse_bytes,
    parse_module_with as parse_bytes_with, ParseError, ParseOptions,
};
pub use text::printer::{print_module as print, print_module_to as print_to, PrintError, Printed, Syntax};
