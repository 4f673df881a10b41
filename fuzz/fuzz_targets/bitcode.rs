//! The bitcode reader on arbitrary bytes: an error or a module, never a panic, hang or runaway
//! allocation; a module it reads prints (or says why it cannot). Seed it with `.bc` files:
//! `cp ../shared/corpus/llvm/*/*.bc fuzz/corpus/bitcode/`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match nvir_llvm::bitcode::read(data) {
        Ok(m) => {
            let _ = nvir_llvm::print(&m, nvir_llvm::Syntax::Faithful);
        }
        Err(e) => {
            // Errors point inside the input.
            assert!(e.byte_offset() <= data.len() as u64, "{e}");
        }
    }
});
