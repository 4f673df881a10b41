//! The bitcode reader on arbitrary bytes: an error or a module, never a panic, hang or runaway
//! allocation; a module it reads prints (or says why it cannot), and reading its bodies on
//! several threads (chunks of one function) gives the same module, handle for handle. Seed it
//! with `.bc` files: `cp corpus/llvm/*/*.bc fuzz/corpus/bitcode/`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nvir_llvm::{bitcode, ParseOptions};

fuzz_target!(|data: &[u8]| {
    let seq = bitcode::read_with_options(data, ParseOptions::SEQUENTIAL);
    let par = bitcode::read_with_options(data, ParseOptions { threads: 3, min_chunk: 1 });
    match (seq, par) {
        (Ok(a), Ok(b)) => {
            assert!(a.module == b.module, "threads changed the module");
            let _ = nvir_llvm::print(&a.module, nvir_llvm::Syntax::Faithful);
        }
        (Err(a), Err(b)) => {
            // Errors point inside the input, and are the sequential read's.
            assert!(a.byte_offset() <= data.len() as u64, "{a}");
            assert_eq!(a, b);
        }
        (a, b) => panic!("sequential {:?} but threaded {:?}", a.err(), b.err()),
    }
});
