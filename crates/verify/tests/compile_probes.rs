//! nvir's two verdicts against libNVVM 13.5's on the compile-stage probes
//! (`corpus/probes/compile_stage.jsonl`, written by `scripts/probe/compile_stage.py`): minimal
//! modules along the axes where `nvvmVerifyProgram` and `nvvmCompileProgram` can disagree (data
//! layouts, triples, address spaces, names, aliases, static initializers, membar operands,
//! atomics, inline-asm constraints, cluster annotations, intrinsic names), each at several arches.
//! A compile result of null (the compiler crashed) counts as a failure to compile. The compile
//! verdicts are also checked against the module-rule probes (`corpus/probes/axes.jsonl`), which
//! record both calls too.

use nvir_verify::Target;
use std::collections::BTreeMap;
use std::path::Path;

mod support;

#[test]
fn both_verdicts_agree_with_the_probes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/probes/compile_stage.jsonl");
    let data = std::fs::read_to_string(path).expect("compile-stage probes");
    // family → (runs, verify agreements, compile agreements)
    let mut by_family: BTreeMap<String, (u32, u32, u32)> = BTreeMap::new();
    let mut report = Vec::new();
    for line in data.lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let (case, arch) = (r["case"].as_str().unwrap(), r["arch"].as_str().unwrap());
        let target = Target::parse(arch, false).unwrap();
        let (ok, compiles, codes) = match nvir_verify::parse_text(r["module"].as_str().unwrap().as_bytes(), &target) {
            Ok(m) => {
                let findings = nvir_verify::verify(&m, &target);
                let codes: Vec<&str> = findings.iter().filter(|f| f.fails_compile).map(|f| f.code).collect();
                (nvir_verify::accepts(&findings), nvir_verify::compiles(&findings), codes.join(","))
            }
            Err(_) => (false, false, "parse".into()),
        };
        let verify_rc = r["verify_rc"].as_i64();
        let libnvvm_compiles = r["compile_rc"].as_i64() == Some(0);
        let e = by_family.entry(r["family"].as_str().unwrap().to_string()).or_default();
        e.0 += 1;
        // A crashed verify has no verdict to compare.
        if verify_rc.is_none() || ok == (verify_rc == Some(0)) {
            e.1 += 1;
        } else {
            report.push(format!("{case} @{arch}: verify rc {verify_rc:?}, nvir ok={ok}"));
        }
        if compiles == libnvvm_compiles {
            e.2 += 1;
        } else {
            let log = r["compile_log"].as_str().unwrap_or("").lines().next().unwrap_or("").to_string();
            report.push(format!(
                "{case} @{arch}: compile rc {}, {log:?}; nvir compiles={compiles} [{codes}]",
                r["compile_rc"]
            ));
        }
    }
    eprintln!("{}", report.join("\n"));
    let (mut runs, mut verify, mut compile) = (0, 0, 0);
    for (family, (n, v, c)) in &by_family {
        eprintln!("{family}: verify {v}/{n}, compile {c}/{n}");
        runs += n;
        verify += v;
        compile += c;
    }
    eprintln!("all: verify {verify}/{runs}, compile {compile}/{runs}");
    assert!(runs > 1000, "probes incomplete: {runs} runs");
    let all = 100.0 * compile as f64 / runs as f64;
    assert!(all >= FLOOR_COMPILE_ALL, "compile verdicts agree on {compile}/{runs} ({all:.1}%)");
    // Data layouts decide the modern path's compile verdict of most real producer output.
    let (n, _, c) = by_family["datalayout"];
    assert_eq!(c, n, "data layouts: compile verdicts agree on {c}/{n}");
    for (family, (n, _, c)) in &by_family {
        let pct = 100.0 * *c as f64 / *n as f64;
        assert!(pct >= FLOOR_COMPILE, "{family}: compile verdicts agree on {c}/{n}");
    }
}

/// Each family's floor for the compile verdict (aliases: an alias of a declaration, which nvir's
/// verifier misses, and of a bitcast function, which its reader does not read yet).
const FLOOR_COMPILE: f64 = 80.0;
/// The floor over every probe.
const FLOOR_COMPILE_ALL: f64 = 98.0;

/// `nvvmCompileProgram`'s verdict on the module-rule probes (`corpus/probes/axes.jsonl`,
/// `scripts/probe/axes.py`: one minimal module per value of each axis a module rule depends on,
/// with both calls' result codes at compute_90 and compute_100). A compile result of null (the
/// compiler crashed) counts as a failure to compile.
#[test]
fn compile_verdicts_agree_with_the_axes_probes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/probes/axes.jsonl");
    let data = std::fs::read_to_string(path).expect("axis probes");
    let (mut runs, mut agree) = (0, 0);
    let mut by_axis: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    let mut report = Vec::new();
    for line in data.lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let probe = r["probe"].as_str().unwrap();
        for arch in ["compute_90", "compute_100"] {
            let Some(answer) = r[arch].as_array() else { continue };
            let libnvvm = answer.get(2).and_then(|c| c.as_i64()) == Some(0);
            // A compile that crashes only some of the time: every outcome seen is libNVVM's.
            let seen: Vec<bool> = answer
                .get(4)
                .and_then(|s| s.as_array())
                .map_or(vec![], |s| s.iter().map(|c| c.as_i64() == Some(0)).collect());
            let target = Target::parse(arch, false).unwrap();
            let (compiles, codes) = match nvir_verify::parse_text(r["src"].as_str().unwrap().as_bytes(), &target) {
                Ok(m) => {
                    let findings = nvir_verify::verify(&m, &target);
                    let codes: Vec<&str> = findings.iter().filter(|f| f.fails_compile).map(|f| f.code).collect();
                    (nvir_verify::compiles(&findings), codes.join(","))
                }
                Err(_) => (false, "parse".into()),
            };
            runs += 1;
            let axis = probe.split('/').next().unwrap_or(probe).to_string();
            let e = by_axis.entry(axis).or_default();
            e.0 += 1;
            if compiles == libnvvm || seen.contains(&compiles) {
                agree += 1;
                e.1 += 1;
            } else {
                report.push(format!(
                    "{probe} @{arch}: libNVVM {:?}, nvir compiles={compiles} [{codes}]",
                    answer.get(2..)
                ));
            }
        }
    }
    eprintln!("{}", report.join("\n"));
    for (axis, (n, a)) in &by_axis {
        eprintln!("{axis}: compile {a}/{n}");
    }
    let pct = 100.0 * agree as f64 / runs as f64;
    eprintln!("axes: compile verdicts {agree}/{runs} ({pct:.1}%)");
    assert!(runs > 4000, "axis probes incomplete: {runs} runs");
    assert!(pct >= FLOOR_COMPILE_AXES, "compile verdicts agree on {agree}/{runs} ({pct:.1}%)");
}

/// The floor on the axis probes (measured: 6,051 of 6,184. The first batch's misses are an
/// internal variable only a dead load refers to, which the compiler drops, a reader error nvir
/// does not make yet, and `-Fi8`'s crash of the verifier; the second batch (annotations,
/// identifiers, inline asm) found compile-stage rules not modelled yet: inline-asm inputs the
/// compiler takes, variables in other address spaces that compile when used, crashes on
/// property-only annotation nodes); the debug-info field batch (`difields/`, 311 of 352) misses
/// what its verdicts miss (`KNOWN` in `tests/axes.rs`) and a compiler crash. With what the
/// compiler drops before its checks (`dropped/`) and calls of wide floating-point types
/// (`fpcalls/`) and atomics of each size and alignment (`atomicsizes/`) measured in: 23,664 of
/// 23,870; with the modern reader's, calls' and `llvm.used` probes (`readermodern/`, `calls/`,
/// `usedlists/`: other targets' intrinsics and operand bundles the backends refuse are their gap):
/// 24,817 of 25,090; with the metadata and debug-info rules' (`dirules/`, `mdrules/`): 26,359 of
/// 26,634.
const FLOOR_COMPILE_AXES: f64 = 98.8;

/// `nvvmCompileProgram`'s verdict on the intrinsic probes (`corpus/probes/intrinsics.jsonl`,
/// `scripts/probe/run.py`: every intrinsic of LLVM's `Intrinsics.td` trees with its usual
/// overloads and wrong variants, both calls recorded), at compute_90 and compute_100. A crash
/// counts as a failure to compile.
#[test]
fn compile_verdicts_agree_with_the_intrinsic_probes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/probes/intrinsics.jsonl");
    let data = std::fs::read_to_string(path).expect("intrinsic probes");
    let mut lines = data.lines();
    let head: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    let messages: Vec<&str> = head["messages"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    let answers = head["answers"].as_array().unwrap();
    let archs = |dialect: &str| -> Vec<&str> {
        head["archs"][dialect].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect()
    };
    let (typed, opaque) = (archs("typed"), archs("opaque"));
    let (mut runs, mut agree) = (0usize, 0usize);
    let mut misses: BTreeMap<(String, String, String, bool), (usize, String)> = BTreeMap::new();
    for line in lines {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let src = support::intrinsic_module(&r);
        let probe_archs = if r["o"].as_i64() == Some(1) { &opaque } else { &typed };
        for arch in ["compute_90", "compute_100"] {
            let Some(k) = probe_archs.iter().position(|a| *a == arch) else { continue };
            let ans = &answers[r["a"][k].as_u64().unwrap() as usize];
            let libnvvm = ans[2].as_i64() == Some(0);
            let target = Target::parse(arch, false).unwrap();
            let (compiles, codes) = match nvir_verify::parse_text(src.as_bytes(), &target) {
                Ok(m) => {
                    let f = nvir_verify::verify(&m, &target);
                    let codes: Vec<&str> =
                        f.iter().filter(|f| f.severity == nvir_verify::Severity::Error).map(|f| f.code).collect();
                    (nvir_verify::compiles(&f), codes.join(","))
                }
                Err(_) => (false, "parse".to_string()),
            };
            runs += 1;
            if compiles == libnvvm {
                agree += 1;
            } else {
                let key = ans[3].as_i64().filter(|&i| i >= 0).map_or("", |i| messages[i as usize]);
                let variant = r["variant"].as_str().unwrap().to_string();
                let e =
                    misses.entry((arch.to_string(), variant, key.chars().take(80).collect(), compiles)).or_default();
                e.0 += 1;
                if e.1.is_empty() {
                    e.1 = format!("{} [verify rc {}; nvir {codes}]", r["name"].as_str().unwrap(), ans[0]);
                }
            }
        }
    }
    let mut report: Vec<_> = misses.into_iter().collect();
    report.sort_by_key(|r| std::cmp::Reverse(r.1 .0));
    for ((arch, variant, key, compiles), (n, example)) in report.iter().take(40) {
        eprintln!("{n:5} {arch} {variant}: libNVVM {key:?}, nvir compiles={compiles}  e.g. {example}");
    }
    let pct = 100.0 * agree as f64 / runs as f64;
    eprintln!("intrinsic probes: compile verdicts {agree}/{runs} ({pct:.2}%)");
    assert!(runs > 20_000, "probe data incomplete: {runs} runs");
    assert!(pct >= FLOOR_COMPILE_INTRINSICS, "compile verdicts agree on {agree}/{runs} ({pct:.2}%)");
}

/// The floor on the intrinsic probes (measured: 29,690 of 35,017). Most misses are declarations
/// LLVM 7's compiler refuses (`Broken function found`) where its verifier's message is NVVM's,
/// intrinsics the modern backend cannot lower (`Error encountered while compiling`, `unsupported
/// operation`), crashes, and unknown names on the modern path, which need the list of every name
/// libNVVM knows (the signature table lists only those whose wrong declarations it rejects).
const FLOOR_COMPILE_INTRINSICS: f64 = 84.5;
