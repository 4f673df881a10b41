//! Agreement with libNVVM 13.5 on real producer output: clang 14 (typed) and clang 19 (opaque)
//! CUDA device code, numba's NVVM IR and the libNVVM-ready rewrites in `corpus/llvm/`,
//! as text and as bitcode, with the verdicts libNVVM gave (`libnvvm_verdicts.jsonl`). Every
//! verdict must agree at compute_90 (LLVM 7 path) and compute_100 (modern path), and every first
//! error must begin with libNVVM's message (for bitcode below compute_100, its LLVM 7 bitcode
//! reader's).

use nvir_verify::{accepts, Severity, Target};
use std::path::Path;

/// libNVVM's first message without the file/position prefix, `error: `, and the
/// ``Error: :  Function `f' Basic Block `b': `` header before a `context:` line.
fn libnvvm_key(file: &str, log: &str) -> String {
    let base = file.rsplit('/').next().unwrap_or(file);
    let mut lines = log.lines();
    let first = lines.next().unwrap_or("");
    let mut key = first.strip_prefix(base).unwrap_or(first);
    if let Some(rest) = key.strip_prefix(" (") {
        key = rest.split_once("): ").map_or(rest, |(_, k)| k);
    } else {
        key = key.strip_prefix(": ").unwrap_or(key);
    }
    key = key.strip_prefix("error: ").unwrap_or(key);
    if key.starts_with("Error: :") {
        // The message is the line after the offending instruction's `context:` line.
        let mut rest = log.lines().skip_while(|l| !l.trim_start().starts_with("context:"));
        rest.next();
        return rest.next().unwrap_or("").trim().to_string();
    }
    key.strip_prefix("Error: ").unwrap_or(key).trim().to_string()
}

/// nvir's findings on a producer file, text or bitcode (read once, with its producer string).
fn findings(file: &str, bytes: &[u8], bitcode: bool, target: &Target) -> Vec<nvir_verify::Finding> {
    if bitcode {
        let read =
            nvir_llvm::bitcode::read_with_ident(bytes).unwrap_or_else(|e| panic!("{file}: nvir cannot read it: {e}"));
        nvir_verify::verify_bitcode(&read.module, target, &read.ident.producer.unwrap_or_default())
    } else {
        let module =
            nvir_verify::parse_text(bytes, target).unwrap_or_else(|e| panic!("{file}: nvir cannot read it: {e}"));
        nvir_verify::verify(&module, target)
    }
}

#[test]
fn producer_output_gets_libnvvms_verdicts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/llvm");
    let verdicts = std::fs::read_to_string(root.join("libnvvm_verdicts.jsonl")).expect("shared LLVM corpus");
    let (mut runs, mut agree, mut rejected, mut same_first) = (0, 0, 0, 0);
    let mut report = Vec::new();
    for line in verdicts.lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let file = r["file"].as_str().unwrap();
        // Files built by make-big.sh outside the repository are not here.
        let Ok(bytes) = std::fs::read(root.join(file)) else { continue };
        let bitcode = nvir_llvm::bitcode::is_bitcode(&bytes);
        for arch in ["compute_90", "compute_100"] {
            let rc = r[arch]["rc"].as_i64().unwrap();
            let target = Target::parse(arch, false).unwrap();
            let findings = findings(file, &bytes, bitcode, &target);
            let ok = accepts(&findings);
            runs += 1;
            if ok == (rc == 0) {
                agree += 1;
            } else {
                report.push(format!("{file} @{arch}: libNVVM rc {rc}, nvir {}", if ok { "ok" } else { "error" }));
            }
            if rc == 0 || ok {
                continue;
            }
            let key = libnvvm_key(file, r[arch]["log"].as_str().unwrap_or(""));
            let first = findings.iter().find(|f| f.severity == Severity::Error).map_or("", |f| f.message.as_str());
            rejected += 1;
            if first.starts_with(&key) {
                same_first += 1;
            } else {
                report.push(format!("{file} @{arch}: first error {first:?}, libNVVM {key:?}"));
            }
        }
    }
    eprintln!("{}", report.join("\n"));
    eprintln!("verdicts: {agree}/{runs}; first errors as libNVVM's: {same_first}/{rejected}");
    assert!(runs >= 150, "corpus incomplete: {runs} runs");
    assert_eq!(agree, runs, "every verdict agrees");
    assert_eq!(same_first, rejected, "every first error begins with libNVVM's");
}

/// `nvvmCompileProgram`'s verdict on the same files (`libnvvm_compile_verdicts.jsonl`: each file
/// alone, default options, no verify call before it): every one must agree.
#[test]
fn producer_output_gets_libnvvms_compile_verdicts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/llvm");
    let verdicts = std::fs::read_to_string(root.join("libnvvm_compile_verdicts.jsonl")).expect("shared LLVM corpus");
    let (mut runs, mut agree) = (0, 0);
    let mut report = Vec::new();
    for line in verdicts.lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let file = r["file"].as_str().unwrap();
        let Ok(bytes) = std::fs::read(root.join(file)) else { continue };
        let bitcode = nvir_llvm::bitcode::is_bitcode(&bytes);
        for arch in ["compute_90", "compute_100"] {
            let libnvvm = r[arch]["compile_rc"].as_i64() == Some(0);
            let target = Target::parse(arch, false).unwrap();
            let findings = findings(file, &bytes, bitcode, &target);
            let compiles = nvir_verify::compiles(&findings);
            runs += 1;
            if compiles == libnvvm {
                agree += 1;
            } else {
                let why: Vec<&str> = findings.iter().filter(|f| f.fails_compile).map(|f| f.code).collect();
                report.push(format!("{file} @{arch}: libNVVM compiles={libnvvm}, nvir {compiles} {why:?}"));
            }
        }
    }
    eprintln!("{}", report.join("\n"));
    eprintln!("compile verdicts: {agree}/{runs}");
    assert!(runs >= 150, "corpus incomplete: {runs} runs");
    assert_eq!(agree, runs, "every compile verdict agrees");
}
