//! Agreement with libNVVM 13.5 on the labelled verifier corpus (`corpus/verifier/`,
//! recorded by running `nvvmVerifyProgram`): the verdict at compute_90 (LLVM 7 path) and
//! compute_100 (modern path), and whether the first error begins with libNVVM's message.
//! Runs where libNVVM crashed are left out. The floors rise as rules land.

use nvir_verify::{accepts, Severity, Target};
use std::path::Path;

/// libNVVM's message without its location prefix (``: Function `f': ``) and the stray
/// `Error:` its log runs into the next record.
fn libnvvm_key(key: &str) -> &str {
    let mut k = key.trim();
    for prefix in [": Function `", ": Global Value `", ": Global Variable `"] {
        if let Some(rest) = k.strip_prefix(prefix) {
            if let Some(i) = rest.find("': ") {
                k = &rest[i + 3..];
            }
        }
    }
    k.trim_end_matches("Error:").trim_end()
}

#[test]
fn verdicts_and_first_messages_agree_with_libnvvm() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/verifier");
    let expected = std::fs::read_to_string(root.join("expected_compact.jsonl")).expect("shared verifier corpus");
    let (mut runs, mut agree, mut rejected, mut same_first) = (0, 0, 0, 0);
    let mut report = Vec::new();
    for line in expected.lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let verdict = r["verdict"].as_str().unwrap();
        if verdict == "crash" {
            continue;
        }
        let file = r["file"].as_str().unwrap();
        let arch = r["arch"].as_str().unwrap();
        let src = std::fs::read(root.join(file)).unwrap();
        let target = Target::parse(arch, false).unwrap();
        let findings = match nvir_verify::parse_text(&src, &target) {
            Ok(m) => nvir_verify::verify(&m, &target),
            Err(e) => {
                // `nvir verify` reports a reader error as libNVVM does its own: `parse …`.
                runs += 1;
                if verdict != "ok" {
                    agree += 1;
                    rejected += 1;
                    let key = libnvvm_key(r["first_error_key"].as_str().unwrap_or(""));
                    if format!("parse {}", e.message()).starts_with(key) {
                        same_first += 1;
                    } else {
                        report.push(format!("{file} @{arch}: reader error {:?}, libNVVM {key:?}", e.message()));
                    }
                } else {
                    report.push(format!("{file} @{arch}: nvir cannot read it: {e}"));
                }
                continue;
            }
        };
        runs += 1;
        let ok = accepts(&findings);
        if ok == (verdict == "ok") {
            agree += 1;
        } else {
            report.push(format!("{file} @{arch}: libNVVM {verdict}, nvir {}", if ok { "ok" } else { "error" }));
        }
        if verdict != "ok" {
            rejected += 1;
            let key = libnvvm_key(r["first_error_key"].as_str().unwrap_or(""));
            let first = findings.iter().find(|f| f.severity == Severity::Error).map_or("", |f| f.message.as_str());
            // An empty log (libNVVM's LLVM 7 path says nothing for some LLVM verifier failures)
            // begins every message.
            if !ok && first.starts_with(key) {
                same_first += 1;
            } else if !ok {
                report.push(format!("{file} @{arch}: first error {first:?}, libNVVM {key:?}"));
            }
        }
    }
    let verdict_pct = 100.0 * agree as f64 / runs as f64;
    let first_pct = 100.0 * same_first as f64 / rejected as f64;
    eprintln!("{}", report.join("\n"));
    eprintln!("verdicts: {agree}/{runs} ({verdict_pct:.1}%); first error as libNVVM's: {same_first}/{rejected} ({first_pct:.1}%)");
    assert!(runs > 500, "corpus incomplete: {runs} runs");
    assert!(verdict_pct >= FLOOR_VERDICTS, "verdict agreement fell to {verdict_pct:.1}%");
    assert!(first_pct >= FLOOR_FIRST, "first-error agreement fell to {first_pct:.1}%");
}

/// What the rules reach today; raise these as they improve.
const FLOOR_VERDICTS: f64 = 99.5;
const FLOOR_FIRST: f64 = 98.0;

/// Whether `nvvmCompileProgram` (same arch, default options, no verify call before it) compiles
/// each file, at compute_90 and compute_100: `compile_rc` 0 compiles; any other result, or a
/// crash, does not. Every run counts, crashes included.
#[test]
fn compile_verdicts_agree_with_libnvvm() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/verifier");
    let expected = std::fs::read_to_string(root.join("expected.jsonl")).expect("shared verifier corpus");
    let mut report = Vec::new();
    let mut summary = Vec::new();
    for arch in ["compute_90", "compute_100"] {
        let target = Target::parse(arch, false).unwrap();
        let (mut runs, mut agree) = (0, 0);
        for line in expected.lines() {
            let r: serde_json::Value = serde_json::from_str(line).unwrap();
            if r["arch"] != arch {
                continue;
            }
            let file = r["file"].as_str().unwrap();
            let libnvvm = r["compile_rc"].as_i64() == Some(0);
            let src = std::fs::read(root.join(file)).unwrap();
            let (compiles, why) = match nvir_verify::parse_text(&src, &target) {
                Ok(m) => {
                    let findings = nvir_verify::verify(&m, &target);
                    let why: Vec<&str> = findings.iter().filter(|f| f.fails_compile).map(|f| f.code).collect();
                    (nvir_verify::compiles(&findings), why.join(","))
                }
                Err(_) => (false, "parse".to_string()),
            };
            runs += 1;
            if compiles == libnvvm {
                agree += 1;
            } else {
                let log = r["compile_log"].as_str().unwrap_or("").lines().next().unwrap_or("").to_string();
                report.push(format!(
                    "{file} @{arch}: libNVVM compile_rc {} {log:?}, nvir {} [{why}]",
                    r["compile_rc"],
                    if compiles { "compiles" } else { "fails" }
                ));
            }
        }
        let pct = 100.0 * agree as f64 / runs as f64;
        summary.push(format!("{arch}: compile verdicts {agree}/{runs} ({pct:.1}%)"));
        assert!(runs > 250, "corpus incomplete at {arch}: {runs} runs");
        assert!(pct >= FLOOR_COMPILE, "compile-verdict agreement at {arch} fell to {pct:.1}%");
    }
    eprintln!("{}\n{}", report.join("\n"), summary.join("\n"));
}

/// The compile verdicts' floor at each of compute_90 and compute_100.
const FLOOR_COMPILE: f64 = 99.0;
