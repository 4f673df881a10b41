//! The nvcc-made inputs in `corpus/fatbin/`, checked against cuobjdump's recorded answers:
//! `FILE.cuobjdump` (what `cuobjdump -all FILE` printed) and `FILE.extract` (sha256 of every file
//! `cuobjdump -all -xelf all` / `-xptx all` wrote, and of what `nvcc -ltoir` wrote for an
//! uncompressed LTO-IR entry). No NVIDIA tool is needed to run these tests.

use nvir_fatbin::{self as fb, EntryKind, ErrorKind, InputKind, LtoIrForm};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/fatbin")
}

/// Every input that has a recorded listing.
fn inputs() -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<_> = std::fs::read_dir(corpus())
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            let name = p.file_name()?.to_str()?.to_string();
            let input = name.strip_suffix(".cuobjdump")?.to_string();
            Some((input.clone(), std::fs::read(corpus().join(&input)).unwrap()))
        })
        .collect();
    v.sort();
    assert!(v.len() >= 10, "corpus/fatbin has {} inputs", v.len());
    v
}

/// One entry as cuobjdump lists it.
#[derive(Debug, PartialEq, Eq)]
struct Listed {
    kind: String,
    arch: String,
    code_version: (u16, u16),
    member: Option<String>,
    identifier: Option<String>,
    debug: bool,
}

/// Entries of `cuobjdump -all` output, in order; a concatenated entry gives its parts.
fn parse_cuobjdump(text: &str) -> Vec<Listed> {
    let mut out: Vec<Listed> = Vec::new();
    let mut member = None;
    let mut in_entry = false;
    for line in text.lines().map(str::trim) {
        if let Some(m) = line.strip_prefix("member ").and_then(|m| m.strip_suffix(':')) {
            member = Some(m.rsplit(':').next().unwrap().to_string());
            continue;
        }
        if line.starts_with("Fatbin concatenated entry code") {
            in_entry = false;
            continue;
        }
        if let Some(kind) = line.strip_prefix("Fatbin ").and_then(|k| k.strip_suffix(" code:")) {
            let kind = match kind {
                "elf" => "cubin",
                "nvvm" => "ltoir",
                k => k,
            };
            out.push(Listed {
                kind: kind.to_string(),
                arch: String::new(),
                code_version: (0, 0),
                member: member.clone(),
                identifier: None,
                debug: false,
            });
            in_entry = true;
            continue;
        }
        let Some(cur) = out.last_mut().filter(|_| in_entry) else { continue };
        if let Some(a) = line.strip_prefix("arch = ") {
            cur.arch = a.to_string();
        } else if let Some(v) = line.strip_prefix("code version = [").and_then(|v| v.strip_suffix(']')) {
            let (a, b) = v.split_once(',').unwrap();
            cur.code_version = (a.parse().unwrap(), b.parse().unwrap());
        } else if let Some(id) = line.strip_prefix("identifier = ") {
            cur.identifier = Some(id.to_string());
        } else if line == "has debug info" {
            cur.debug = true;
        }
    }
    out
}

fn sha256(b: &[u8]) -> String {
    Sha256::digest(b).iter().map(|x| format!("{x:02x}")).collect()
}

fn stem(name: &str) -> &str {
    name.rsplit_once('.').map_or(name, |(s, _)| s)
}

#[test]
fn listings_match_cuobjdump() {
    for (name, bytes) in inputs() {
        let text = std::fs::read_to_string(corpus().join(format!("{name}.cuobjdump"))).unwrap();
        let want = parse_cuobjdump(&text);
        let listing = fb::list(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let got: Vec<Listed> = listing
            .entries
            .iter()
            .map(|e| Listed {
                kind: e.kind.name().into_owned(),
                arch: e.arch.to_string(),
                code_version: e.code_version,
                member: e.origin.member_name().map(|m| m.into_owned()),
                identifier: e.identifier.map(|i| String::from_utf8_lossy(i).into_owned()),
                debug: e.has_debug_info(),
            })
            .collect();
        assert_eq!(got, want, "{name}");
    }
}

#[test]
fn extraction_matches_cuobjdump() {
    for (name, bytes) in inputs() {
        let recorded = std::fs::read_to_string(corpus().join(format!("{name}.extract"))).unwrap();
        let want: BTreeMap<String, String> = recorded
            .lines()
            .map(|l| {
                let (h, f) = l.split_once("  ").unwrap();
                (f.to_string(), h.to_string())
            })
            .collect();
        let listing = fb::list(&bytes).unwrap();
        let names = fb::file_names(&listing, stem(&name));
        let mut got = BTreeMap::new();
        for (e, n) in listing.entries.iter().zip(&names) {
            match fb::extract(e) {
                Ok(x) => {
                    got.insert(n.clone(), sha256(&x.bytes));
                }
                Err(err) => {
                    assert_eq!(e.kind, EntryKind::LtoIr, "{name} {n}: {err}");
                    assert_eq!(err.kind(), ErrorKind::Unsupported, "{name} {n}: {err}");
                }
            }
        }
        // Every recorded file, same bytes; every PTX and cubin cuobjdump wrote, and no more.
        for (f, h) in &want {
            assert_eq!(got.get(f), Some(h), "{name}: {f}");
        }
        let ours: Vec<_> = got.keys().filter(|f| f.ends_with(".ptx") || f.ends_with(".cubin")).collect();
        let theirs: Vec<_> = want.keys().filter(|f| f.ends_with(".ptx") || f.ends_with(".cubin")).collect();
        assert_eq!(ours, theirs, "{name}");
    }
}

#[test]
fn ltoir_forms() {
    let read = |n: &str| std::fs::read(corpus().join(n)).unwrap();
    // Compressed nvcc LTO-IR is keyed: reported, never extracted.
    for n in ["dlto_sm90.o", "dlto_sm90_speed.o"] {
        let bytes = read(n);
        let l = fb::list(&bytes).unwrap();
        let e = l.entries.iter().find(|e| e.kind == EntryKind::LtoIr).unwrap();
        assert!(e.is_keyed(), "{n}");
        assert_eq!(fb::ltoir_form(e).unwrap(), Some(LtoIrForm::EncodedKeyed), "{n}");
        assert_eq!(fb::extract(e).unwrap_err().kind(), ErrorKind::Unsupported, "{n}");
    }
    // Uncompressed: the encoded container nvcc -ltoir writes (checked by hash above).
    let bytes = read("dlto_sm90_nocomp.o");
    let l = fb::list(&bytes).unwrap();
    let e = l.entries.iter().find(|e| e.kind == EntryKind::LtoIr).unwrap();
    assert_eq!(fb::ltoir_form(e).unwrap(), Some(LtoIrForm::Encoded));
    assert_eq!(fb::extract(e).unwrap().ltoir, Some(LtoIrForm::Encoded));
}

#[test]
fn shapes() {
    let read = |n: &str| std::fs::read(corpus().join(n)).unwrap();
    let gcc = read("host.o");
    let l = fb::list(&gcc).unwrap();
    assert_eq!((l.input, l.fatbins.len(), l.entries.len()), (InputKind::Elf, 0, 0), "a gcc object holds no fatbin");

    let ldr = read("ldr_ab.o");
    let l = fb::list(&ldr).unwrap();
    assert_eq!(l.fatbins.len(), 2, "ld -r puts two fatbins in one section");
    assert!(l.fatbins.iter().all(|f| f.section == Some("__nv_relfatbin")));
    assert_eq!(l.entries.iter().map(|e| e.origin.fatbin).collect::<Vec<_>>(), [0, 0, 1, 1]);

    let ar = read("ar_ab.a");
    let l = fb::list(&ar).unwrap();
    assert_eq!(l.input, InputKind::Archive);
    let members: Vec<_> = l.entries.iter().map(|e| e.origin.member_name().unwrap().into_owned()).collect();
    assert_eq!(members, ["dc_a.o", "dc_a.o", "dc_b.o", "dc_b.o"]);

    let concat = read("concat_mix.fatbin");
    let l = fb::list(&concat).unwrap();
    let parts: Vec<_> = l.entries.iter().filter_map(|e| e.concat.map(|c| (c.part, c.parts))).collect();
    assert_eq!(parts, [(0, 2), (1, 2)]);

    let lz4 = read("dlto_sm90_speed.o");
    let l = fb::list(&lz4).unwrap();
    assert_eq!(l.entries[0].compression, fb::Compression::Lz4);
    let size = read("mode_size.fatbin");
    let l = fb::list(&size).unwrap();
    assert!(l.entries.iter().all(|e| e.compression == fb::Compression::Zstd));
}

/// Lists a damaged input and extracts what it lists: any error is fine, a panic is not.
fn survive(bytes: &[u8], extract: bool) -> Option<usize> {
    let l = fb::list(bytes).ok()?;
    if extract {
        for e in &l.entries {
            let _ = fb::extract(e);
            let _ = fb::ltoir_form(e);
        }
    }
    Some(l.entries.len())
}

#[test]
fn every_truncation_is_an_error_or_fewer_entries() {
    for (name, bytes) in inputs() {
        let full = fb::list(&bytes).unwrap().entries.len();
        for len in 0..bytes.len() {
            // Extracting decompresses: do it at every 61st length to keep the test quick.
            if let Some(n) = survive(&bytes[..len], len % 61 == 0) {
                assert!(n <= full, "{name} cut at {len}: {n} entries, the whole file has {full}");
            }
        }
    }
}

#[test]
fn damaged_headers_never_panic() {
    for (name, bytes) in inputs() {
        let listing = fb::list(&bytes).unwrap();
        // Every byte of every fatbin and entry header, set to 0x00, 0xFF and 0x80.
        let mut spots: Vec<usize> = Vec::new();
        for f in &listing.fatbins {
            spots.extend(f.offset as usize..f.offset as usize + 16);
        }
        for e in &listing.entries {
            spots.extend(e.offset as usize..e.offset as usize + e.header_size as usize);
        }
        spots.sort_unstable();
        spots.dedup();
        let mut copy = bytes.clone();
        for &at in &spots {
            for v in [0x00, 0xFF, 0x80] {
                let old = copy[at];
                copy[at] = v;
                survive(&copy, true);
                copy[at] = old;
            }
        }
        let _ = name;
    }
}
