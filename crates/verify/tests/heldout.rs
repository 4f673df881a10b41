//! Agreement with libNVVM 13.5 on held-out probes (`corpus/probes/heldout.jsonl`, drawn and
//! recorded by `scripts/probe/fresh.py` with seeds no rule was written from): random combinations
//! along the module-rule axes, and axes the rules were not built from (grammar constructs of LLVM
//! 8…22 on both paths, attribute groups, numbering, debug-info fields, TBAA, producers' data
//! layouts, `addrspacecast` in constant expressions, random identifiers, global initializers).
//! nvir reads and verifies each module as `nvir verify` does (`verify_as_read`). Each record holds `nvvmVerifyProgram`'s and `nvvmCompileProgram`'s answers at compute_90 (LLVM 7
//! path) and compute_100 (modern path). Runs where libNVVM's verifier crashed are left out; a
//! crashed compile counts as a failure to compile.
//!
//! The floors are the ones the README states; `NVIR_HELDOUT=FILE` measures another draw, and
//! `NVIR_HELDOUT_DUMP=1` lists every disagreement.

use nvir_verify::{accepts, compiles, Severity, Target};
use std::collections::BTreeMap;
use std::path::PathBuf;

#[derive(Default)]
struct Tally {
    runs: u32,
    verdicts: u32,
    rejected: u32,
    first: u32,
    compiles: u32,
}

/// Each family's (the probe name up to its `depth`-th `/`) and arch's agreement with libNVVM's
/// answers in a file of records.
fn tally(path: &std::path::Path, depth: usize, dump: bool) -> BTreeMap<&'static str, Tally> {
    let data = std::fs::read_to_string(path).expect("held-out probe answers");
    let mut by: BTreeMap<(String, &str), Tally> = BTreeMap::new();
    for line in data.lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let probe = r["probe"].as_str().unwrap();
        let family = probe.split('/').take(depth).collect::<Vec<_>>().join("/");
        let src = r["src"].as_str().unwrap();
        for arch in ["compute_90", "compute_100"] {
            let Some(answer) = r[arch].as_array() else { continue };
            let Some(rc) = answer[0].as_u64() else { continue }; // the verifier crashed
            let key = answer[1].as_str().unwrap_or("");
            let compile_ok = answer[2].as_u64() == Some(0);
            let target = Target::parse(arch, false).unwrap();
            let mut why = String::new();
            let (ok, comp, first) = match nvir_verify::parse_text(src.as_bytes(), &target) {
                Ok(m) => {
                    let findings = nvir_verify::verify_as_read(&m, &target);
                    if let Some(f) = findings.iter().find(|f| f.fails_compile) {
                        why = format!("{} {}", f.code, f.message);
                    }
                    let first = findings.iter().find(|f| f.severity == Severity::Error).map(|f| f.message.clone());
                    (accepts(&findings), compiles(&findings), first.unwrap_or_default())
                }
                Err(e) => {
                    let stop = nvir_verify::reader_stop_before(src.as_bytes(), &target, e.span().start as u32);
                    (false, false, stop.map_or_else(|| format!("parse {}", e.message()), |f| f.message))
                }
            };
            let t = by.entry((family.clone(), arch)).or_default();
            t.runs += 1;
            if ok == (rc == 0) {
                t.verdicts += 1;
            } else if dump {
                eprintln!("VERDICT {probe} @{arch}: libNVVM rc {rc} {key:?}, nvir ok={ok} {first:?}");
            }
            if rc != 0 {
                t.rejected += 1;
                if !ok && first.starts_with(key) {
                    t.first += 1;
                } else if !ok && dump {
                    eprintln!("FIRST {probe} @{arch}: nvir {first:?}, libNVVM {key:?}");
                }
            }
            if comp == compile_ok {
                t.compiles += 1;
            } else if dump {
                eprintln!(
                    "COMPILE {probe} @{arch}: libNVVM {:?} {:?}, nvir compiles={comp} {why:?}",
                    answer[2], answer[3]
                );
            }
        }
    }
    let mut per_arch: BTreeMap<&'static str, Tally> = BTreeMap::new();
    for ((family, arch), t) in &by {
        eprintln!(
            "{family:12} {arch:11} verdicts {}/{}  first {}/{}  compiles {}/{}",
            t.verdicts, t.runs, t.first, t.rejected, t.compiles, t.runs
        );
        let a = per_arch.entry(arch).or_default();
        a.runs += t.runs;
        a.verdicts += t.verdicts;
        a.rejected += t.rejected;
        a.first += t.first;
        a.compiles += t.compiles;
    }
    for (arch, t) in &per_arch {
        eprintln!(
            "{arch}: {} runs, verdicts {:.2} %, first errors {:.2} % of {}, compiles {:.2} %",
            t.runs,
            pct(t.verdicts, t.runs),
            pct(t.first, t.rejected),
            t.rejected,
            pct(t.compiles, t.runs)
        );
    }
    per_arch
}

fn pct(a: u32, b: u32) -> f64 {
    100.0 * a as f64 / b.max(1) as f64
}

fn committed(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus/probes").join(name)
}

#[test]
fn held_out_probes_agree_with_libnvvm() {
    let dump = std::env::var_os("NVIR_HELDOUT_DUMP").is_some();
    let given = std::env::var_os("NVIR_HELDOUT").map(PathBuf::from);
    let per_arch = tally(&given.clone().unwrap_or_else(|| committed("heldout.jsonl")), 1, dump);
    if given.is_some() {
        return; // a measurement, not the committed draw
    }
    for (arch, t) in &per_arch {
        assert!(t.runs > 500, "{arch}: {} runs", t.runs);
        assert!(pct(t.verdicts, t.runs) >= FLOOR_VERDICTS, "{arch}: verdicts {}/{}", t.verdicts, t.runs);
        assert!(pct(t.first, t.rejected) >= FLOOR_FIRST, "{arch}: first errors {}/{}", t.first, t.rejected);
        assert!(pct(t.compiles, t.runs) >= FLOOR_COMPILES, "{arch}: compiles {}/{}", t.compiles, t.runs);
    }
}

/// Neighbours of the labelled corpus (`corpus/probes/neighbours.jsonl`, made and recorded by
/// `scripts/probe/neighbours.py`: each corpus file mutated at random along its group's axes,
/// spliced with another group's problem, or spelled with opaque pointers), per corpus group.
/// `NVIR_NEIGHBOURS=FILE` measures another draw (`NVIR_HELDOUT_DUMP=1` lists disagreements).
#[test]
fn neighbours_of_the_corpus_agree_with_libnvvm() {
    let dump = std::env::var_os("NVIR_HELDOUT_DUMP").is_some();
    let given = std::env::var_os("NVIR_NEIGHBOURS").map(PathBuf::from);
    let per_arch = tally(&given.clone().unwrap_or_else(|| committed("neighbours.jsonl")), 2, dump);
    if given.is_some() {
        return;
    }
    for (arch, t) in &per_arch {
        assert!(t.runs > 3000, "{arch}: {} runs", t.runs);
        assert!(pct(t.verdicts, t.runs) >= NEIGHBOURS_VERDICTS, "{arch}: verdicts {}/{}", t.verdicts, t.runs);
        assert!(pct(t.first, t.rejected) >= NEIGHBOURS_FIRST, "{arch}: first errors {}/{}", t.first, t.rejected);
        assert!(pct(t.compiles, t.runs) >= NEIGHBOURS_COMPILES, "{arch}: compiles {}/{}", t.compiles, t.runs);
    }
}

/// Floors on the committed draws (seeds 101, 202, 303, 404, 505, 606, 707, 808, 909, 1010, 1111,
/// 1212 and 1313), as measured (the lower arch: 100 %, 99.71 %, 98.45 %) less a margin, as the
/// README states them. The bar for unseen modules (99.5 % of verdicts, 97 % of first errors) is
/// for a draw measured before any change made after it; what is left is mostly debug-info rules
/// and compiler crashes.
const FLOOR_VERDICTS: f64 = 99.9;
const FLOOR_FIRST: f64 = 99.5;
const FLOOR_COMPILES: f64 = 98.2;

/// Floors on the committed neighbours (seeds 2…7, 9 and 12…19, 8,589 modules), as measured (the
/// lower arch: 99.95 % of verdicts, 99.49 % of first errors, 99.47 % of `compiles`) less a
/// margin, as the README states them. Seeds 2, 3, 9 and 12…19 were measured on the main branch
/// before any rule was written from them, seeds 6 and 7 after, never looked at before; the misses
/// left are listed in the README.
const NEIGHBOURS_VERDICTS: f64 = 99.5;
const NEIGHBOURS_FIRST: f64 = 98.5;
const NEIGHBOURS_COMPILES: f64 = 98.5;
