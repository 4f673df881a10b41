//! Tile IR bytecode: whatever the reader accepts prints, validates, writes, and reads back to the
//! same text; writing is stable; every version it can be retargeted to writes bytecode that reads;
//! the assembler reads the printed text without panicking.
//! Seeds: `corpus/tileir/bc`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nvir_tile::{PrintOptions, Version};

fuzz_target!(|data: &[u8]| {
    let Ok(m) = nvir_tile::read(data) else { return };
    let opts = PrintOptions { debug: true };
    let text = nvir_tile::print(&m, &opts);
    // The assembler reads what the printer writes (it may refuse, never panic).
    let _ = nvir_tile::parse(&text, m.version);
    let _ = nvir_tile::validate(&m);
    let bytes = nvir_tile::write(&m).expect("a module that was read can be written");
    let again = nvir_tile::read(&bytes).expect("written bytecode reads back");
    assert_eq!(nvir_tile::write(&again).expect("writes again"), bytes, "writing is stable");
    assert_eq!(nvir_tile::print(&again, &opts), text, "the rewrite prints the same");
    for v in Version::ALL {
        let Ok(r) = nvir_tile::retarget(&m, v) else { continue };
        if let Ok(b) = nvir_tile::write(&r) {
            nvir_tile::read(&b).expect("retargeted bytecode reads back");
        }
    }
});
