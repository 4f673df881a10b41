//! LLVM IR as libNVVM accepts it, in both of its dialects: the LLVM 7.0.1 typed-pointer dialect
//! (compute_75 … compute_90a) and the modern opaque-pointer dialect (compute_100+), in one
//! uniqued in-memory IR, read from text or bitcode, built through [`ir::build`], checked by
//! [`ir::validate`] and printed.
//!
//! Building a kernel that stages data through shared memory, then validating, verifying (as
//! libNVVM would, for both of its paths) and printing it:
//!
//! ```
//! use nvir_llvm::ir::build::Builder;
//! use nvir_llvm::ir::instruction::CastOp;
//! use nvir_llvm::ir::module::Linkage;
//! use nvir_llvm::ir::{Dialect, FloatKind};
//!
//! let mut m = nvir_llvm::Module::new();
//! let mut b = Builder::new(&mut m, Dialect::TypedPointers); // what compute_75 … 90a read
//! b.nvptx64();
//! b.nvvmir_version(2, 0);
//! let (f32t, i32t, i64t, void) = (b.float(FloatKind::Float), b.int(32), b.int(64), b.void());
//!
//! // @tile = internal addrspace(3) global [256 x float] undef
//! let tile_ty = b.array(256, f32t);
//! let undef = b.undef(tile_ty);
//! b.global("tile", tile_ty, 3, Some(undef)).unwrap();
//! let tile = b.symbol("tile").unwrap();
//! b.set_linkage(tile, Linkage::Internal);
//! let tile_addr = b.address_of(tile);
//!
//! let tid_ty = b.function_type(i32t, &[], false);
//! let tid = b.intrinsic("llvm.nvvm.read.ptx.sreg.tid.x", tid_ty).unwrap();
//! let fptr = b.ptr(f32t, 0);
//! let kty = b.function_type(void, &[fptr, f32t], false);
//! let k = b.define("scale", kty, &["x", "a"]).unwrap();
//! b.kernel(k);
//!
//! let zero = b.const_int(i64t, 0);
//! let mut f = b.body(k);
//! let entry = f.block("entry");
//! f.switch_to(entry);
//! let t = f.call(tid, &[], "t");
//! let i = f.cast(CastOp::ZExt, t, i64t, "i");
//! let p = f.gep(f32t, f.param(0), &[i], true, "p");
//! let v = f.load(f32t, p, 4, "v");
//! let s = f.gep(tile_ty, f.constant(tile_addr), &[f.constant(zero), i], true, "s");
//! f.store(v, s, 4);
//! let w = f.load(f32t, s, 4, "w");
//! let r = f.fmul(w, f.param(1), "r");
//! f.store(r, p, 4);
//! f.ret(None);
//!
//! nvir_llvm::ir::validate(&m).unwrap();
//! for arch in ["compute_90", "compute_100"] {
//!     let target = nvir_verify::Target::parse(arch, false).unwrap();
//!     let findings = nvir_verify::verify(&m, &target);
//!     assert!(nvir_verify::accepts(&findings) && nvir_verify::compiles(&findings), "{arch}: {findings:?}");
//! }
//! let text = nvir_llvm::print(&m, nvir_llvm::Syntax::Faithful).unwrap().text;
//! assert!(text.contains("@tile = internal addrspace(3) global [256 x float] undef"), "{text}");
//! assert!(text.contains("%s = getelementptr inbounds [256 x float], [256 x float] addrspace(3)* @tile, i64 0, i64 %i"));
//! ```
//!
//! Reading and printing:
//!
//! ```
//! let m = nvir_llvm::parse("define i32 @f(i32 %x) {\n  %y = add nsw i32 %x, 1\n  ret i32 %y\n}\n").unwrap();
//! let text = nvir_llvm::print(&m, nvir_llvm::Syntax::Faithful).unwrap().text;
//! assert!(text.contains("%y = add nsw i32 %x, 1"));
//! ```
#![deny(missing_docs)]

pub mod bitcode;
pub mod convert;
pub mod ir;
pub mod pass;
pub mod text;

pub use ir::Module;
pub use nvir_diag::Span;
pub use text::parser::{
    parse_module as parse, parse_module_as_opaque as parse_bytes_as_opaque, parse_module_bytes as parse_bytes,
    parse_module_str_as_opaque as parse_str_as_opaque, parse_module_str_with as parse_str_with,
    parse_module_with as parse_bytes_with, ParseError, ParseOptions,
};
pub use text::printer::{
    print_module as print, print_module_in_place_to as print_in_place_to, print_module_to as print_to, PrintError,
    Printed, Syntax,
};
