//! Agreement with libNVVM 13.5 on the intrinsic probes (`corpus/probes/intrinsics.jsonl`, made
//! by `scripts/probe/run.py`: one minimal module per question, every intrinsic of LLVM's
//! `Intrinsics.td` trees with its usual overloads and wrong variants, run through
//! `nvvmVerifyProgram`): the verdict at compute_90 (LLVM 7 path) and compute_100 (modern path),
//! and whether nvir's first error begins with libNVVM's first message, and nvir's `compiles`
//! against `nvvmCompileProgram` (a crash counts as a failure to compile). Runs where libNVVM's
//! verify crashed are left out.

use nvir_verify::{accepts, Severity, Target};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

mod support;

/// nvir's verdict, first error message and compile verdict on a module.
fn nvir(src: &str, arch: &str) -> (bool, String, bool) {
    let target = Target::parse(arch, false).unwrap();
    match nvir_verify::parse_text(src.as_bytes(), &target) {
        Ok(m) => {
            let findings = nvir_verify::verify(&m, &target);
            let first = findings.iter().find(|f| f.severity == Severity::Error).map_or("", |f| f.message.as_str());
            (accepts(&findings), first.to_string(), nvir_verify::compiles(&findings))
        }
        Err(e) => (false, format!("parse {}", e.message()), false),
    }
}

#[test]
fn intrinsic_probes_agree_with_libnvvm() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/probes/intrinsics.jsonl");
    let data = std::fs::read_to_string(&path).expect("corpus/probes/intrinsics.jsonl");
    let mut lines = data.lines();
    let head: Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    let messages: Vec<&str> = head["messages"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    let answers = head["answers"].as_array().unwrap();
    let archs = |dialect: &str| -> Vec<&str> {
        head["archs"][dialect].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect()
    };
    let (typed, opaque) = (archs("typed"), archs("opaque"));
    let (mut runs, mut agree, mut rejected, mut same_first) = (0usize, 0usize, 0usize, 0usize);
    let mut compile_agree = 0usize;
    // Compile disagreements by (arch, variant, libNVVM's compile message, whether libNVVM compiled).
    let mut compile_misses: BTreeMap<(String, String, String, bool), (usize, String)> = BTreeMap::new();
    // Disagreements by (arch, variant, libNVVM's message), with one example each.
    let mut misses: BTreeMap<(String, String, String), (usize, String)> = BTreeMap::new();
    // `NVIR_PROBES_DUMP=FILE`: every disagreement, one JSON line each, for analysis.
    let mut dump = std::env::var_os("NVIR_PROBES_DUMP").map(|p| std::fs::File::create(p).unwrap());
    for line in lines {
        let r: Value = serde_json::from_str(line).unwrap();
        let src = support::intrinsic_module(&r);
        let probe_archs = if r["o"].as_i64() == Some(1) { &opaque } else { &typed };
        for arch in ["compute_90", "compute_100"] {
            let Some(k) = probe_archs.iter().position(|a| *a == arch) else { continue };
            let ans = &answers[r["a"][k].as_u64().unwrap() as usize];
            let Some(rc) = ans[0].as_i64() else { continue }; // libNVVM crashed
            let key = ans[1].as_i64().filter(|&i| i >= 0).map_or("", |i| messages[i as usize]);
            let (ok, first, compiles) = nvir(&src, arch);
            runs += 1;
            if compiles == (ans[2].as_i64() == Some(0)) {
                compile_agree += 1;
            } else {
                let key = ans[3].as_i64().filter(|&i| i >= 0).map_or("crash", |i| messages[i as usize]);
                let key: String = key.chars().take(60).collect();
                let variant = r["variant"].as_str().unwrap().to_string();
                let e = compile_misses.entry((arch.to_string(), variant, key, !compiles)).or_insert((0, String::new()));
                e.0 += 1;
                if e.1.is_empty() {
                    e.1 = format!("{} ({})", r["name"].as_str().unwrap(), r["ret"]);
                }
            }
            if let Some(f) = dump.as_mut() {
                if ok != (rc == 0) || (rc != 0 && !ok && !first.starts_with(key)) {
                    use std::io::Write;
                    let rec = serde_json::json!({"arch": arch, "name": r["name"], "variant": r["variant"],
                        "ret": r["ret"], "args": r["args"], "rc": rc, "key": key, "nvir_ok": ok, "nvir": first});
                    writeln!(f, "{rec}").unwrap();
                }
            }
            let mut miss = |what: String| {
                let variant = r["variant"].as_str().unwrap().to_string();
                let e = misses.entry((arch.to_string(), variant, what)).or_insert((0, String::new()));
                e.0 += 1;
                if e.1.is_empty() {
                    e.1 = format!("{} ({}) nvir: {first:?}", r["name"].as_str().unwrap(), r["ret"]);
                }
            };
            if ok == (rc == 0) {
                agree += 1;
            } else {
                miss(format!("verdict: libNVVM rc {rc} {key:?}"));
            }
            if rc != 0 {
                rejected += 1;
                if !ok && first.starts_with(key) {
                    same_first += 1;
                } else if !ok {
                    miss(format!("first error: libNVVM {key:?}"));
                }
            }
        }
    }
    let mut report: Vec<_> = misses.into_iter().collect();
    report.sort_by_key(|r| std::cmp::Reverse(r.1 .0));
    for ((arch, variant, what), (n, example)) in report.iter().take(60) {
        eprintln!("{n:5} {arch} {variant}: {what}  e.g. {example}");
    }
    let mut report: Vec<_> = compile_misses.into_iter().collect();
    report.sort_by_key(|r| std::cmp::Reverse(r.1 .0));
    for ((arch, variant, what, libnvvm_compiles), (n, example)) in report.iter().take(40) {
        eprintln!("{n:5} {arch} {variant}: compiles {libnvvm_compiles} for libNVVM ({what:?})  e.g. {example}");
    }
    let verdict_pct = 100.0 * agree as f64 / runs as f64;
    let first_pct = 100.0 * same_first as f64 / rejected as f64;
    let compile_pct = 100.0 * compile_agree as f64 / runs as f64;
    eprintln!(
        "probes: verdicts {agree}/{runs} ({verdict_pct:.2}%); first error as libNVVM's: {same_first}/{rejected} ({first_pct:.2}%)"
    );
    assert!(runs > 20_000, "probe data incomplete: {runs} runs");
    assert!(verdict_pct >= FLOOR_VERDICTS, "verdict agreement fell to {verdict_pct:.2}%");
    assert!(first_pct >= FLOOR_FIRST, "first-error agreement fell to {first_pct:.2}%");
    eprintln!("probes: compile verdicts {compile_agree}/{runs} ({compile_pct:.2}%)");
    assert!(compile_pct >= FLOOR_COMPILES, "compile-verdict agreement fell to {compile_pct:.2}%");
}

/// What the rules reach today; raise these as they improve.
const FLOOR_VERDICTS: f64 = 99.3;
const FLOOR_FIRST: f64 = 98.1;
const FLOOR_COMPILES: f64 = 95.5;
