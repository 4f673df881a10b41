//! Inputs fuzzing found (tests/regress): each goes through what the fuzz target checks.

use nvir_tile::{PrintOptions, Version};
use std::path::PathBuf;

fn check(name: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/regress").join(name);
    let data = std::fs::read(&path).unwrap();
    let m = nvir_tile::read(&data).unwrap();
    let opts = PrintOptions { debug: true };
    let text = nvir_tile::print(&m, &opts);
    let _ = nvir_tile::validate(&m);
    let _ = nvir_tile::parse(&text, m.version);
    let bytes = nvir_tile::write(&m).unwrap();
    let again = nvir_tile::read(&bytes).unwrap();
    assert_eq!(nvir_tile::print(&again, &opts), text);
    for v in Version::ALL {
        if let Ok(b) = nvir_tile::retarget(&m, v).and_then(|r| nvir_tile::write(&r)) {
            nvir_tile::read(&b).unwrap_or_else(|e| panic!("{name} as {v}: {e}"));
        }
    }
}

#[test]
fn partition_view_flags_survive_retargeting_across_13_3() {
    check("retarget-partition-view-flags.tileirbc");
}

#[test]
fn shared_call_site_chains_print_in_linear_time() {
    check("debug-shared-callsites.tileirbc");
}
