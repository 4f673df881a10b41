//! Corpus-wide container properties: every real and crafted sample round-trips byte for byte
//! (binary and XML), and every truncation or single-byte change of the header, tag and blob
//! areas either reads (and then round-trips) or fails with a located error — never a panic.

use nvir_container::{from_xml, read, to_xml, write};
use std::path::{Path, PathBuf};

fn samples() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in [root.join("corpus/containers"), root.join("tests/cli/container/inputs")] {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for e in entries.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "ltoir" || x == "optixir") {
                files.push(p);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 15, "the corpus is missing: {files:?}");
    files
}

/// Reads, and when that works, checks both round trips. Returns whether it read.
fn check(bytes: &[u8], what: &str) -> bool {
    match read(bytes) {
        Ok(c) => {
            assert_eq!(write(&c).unwrap(), bytes, "{what}: write(read(x)) != x");
            assert_eq!(from_xml(&to_xml(&c)).unwrap(), c, "{what}: XML round trip");
            true
        }
        Err(e) => {
            assert!(e.offset() <= bytes.len().max(24), "{what}: error offset {} past the input", e.offset());
            false
        }
    }
}

#[test]
fn every_sample_round_trips() {
    let mut read_ok = 0;
    for f in samples() {
        let bytes = std::fs::read(&f).unwrap();
        read_ok += usize::from(check(&bytes, &f.display().to_string()));
    }
    // All but the XML sample and the deliberately malformed inputs are containers.
    assert!(read_ok >= 16, "only {read_ok} samples read");
}

#[test]
fn truncations_and_byte_changes_never_panic() {
    for f in samples() {
        let bytes = std::fs::read(&f).unwrap();
        let name = f.display().to_string();
        // The structured part: header, tags, blob, and a little of the payload.
        let head = match read(&bytes) {
            Ok(c) => (c.layout().blob_end + 8).min(bytes.len()),
            Err(_) => bytes.len().min(128),
        };
        for cut in 0..=head {
            check(&bytes[..cut], &format!("{name} cut at {cut}"));
        }
        let mut m = bytes.clone();
        for i in 0..head {
            for v in [0x00, 0x01, 0x03, 0x7F, 0xFF] {
                let old = m[i];
                m[i] = v;
                check(&m, &format!("{name} byte {i} = {v:#x}"));
                m[i] = old;
            }
        }
    }
}
