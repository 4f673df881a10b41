//! Differential tests against NVIDIA's real tools and an independent decoder
//! (`scripts/oracles/container_diff.py`), and of `nvir print` against LLVM 14's and LLVM 19's
//! `llvm-as` / `llvm-dis` (`scripts/oracles/llvm_roundtrip.py`), of `nvir dis` against their
//! `llvm-dis` (`scripts/oracles/bitcode_roundtrip.py`), and of `nvir verify` against
//! libNVVM's `nvvmVerifyProgram` (`scripts/oracles/nvvm_verify.py`), and of its compile-time
//! warnings against `nvvmCompileProgram` (`scripts/oracles/compile_warnings.py`), of `nvir as`
//! against libNVVM's compiles (`scripts/oracles/bitcode_libnvvm.py`) and, in the modern layout,
//! against LLVM 22 (llvmlite) and `llvm-dis-19` (`scripts/oracles/bitcode_modern.py`), of the recorded
//! intrinsic and module-rule probe answers against a live libNVVM (`scripts/probe/run.py --check`,
//! `scripts/probe/axes.py check`), and of `nvir fatbin`
//! against `cuobjdump` on fresh nvcc output (`scripts/oracles/fatbin_diff.py`). They need the oracle venv:
//! `.ci/run` makes it with `scripts/oracles/setup.sh` and passes its interpreter in
//! `NVIR_ORACLE_PYTHON`. Without it the tests say so and pass locally; under CI (`CI=true`) a
//! missing oracle fails.

use std::path::Path;
use std::process::Command;

fn oracle_python() -> Option<String> {
    match std::env::var("NVIR_ORACLE_PYTHON") {
        Ok(py) if !py.is_empty() => Some(py),
        _ => {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "CI=true but NVIR_ORACLE_PYTHON is unset: run scripts/oracles/setup.sh (as .ci/run does)"
            );
            eprintln!("oracles not set up (NVIR_ORACLE_PYTHON unset): differential tests not run; see .ci/run");
            None
        }
    }
}

/// Runs an oracle script with `--nvir` and `--root` (the repository, which holds `corpus/`), and checks its closing summary line.
fn run_script(script: &str, summary_prefix: &str) {
    let Some(py) = oracle_python() else { return };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(py)
        .arg(root.join("scripts/oracles").join(script))
        .arg("--nvir")
        .arg(env!("CARGO_BIN_EXE_nvir"))
        .arg("--root")
        .arg(root)
        .output()
        .unwrap_or_else(|e| panic!("run {script}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("{stdout}{stderr}");
    assert!(out.status.success(), "{script} failed:\n{stdout}\n{stderr}");
    let summary = stdout.lines().rev().find(|l| l.starts_with(summary_prefix)).expect("summary line");
    assert!(summary.ends_with(" 0 failed"), "{summary}");
}

#[test]
fn container_matches_nvidia_tools_and_independent_decoder() {
    run_script("container_diff.py", "container-diff:");
}

#[test]
fn llvm_text_round_trips_through_llvm_as() {
    run_script("llvm_roundtrip.py", "llvm-roundtrip:");
}

#[test]
fn llvm7_printing_parses_in_libnvvm() {
    run_script("llvm7_libnvvm.py", "llvm7-libnvvm:");
}

#[test]
fn libnvvm_compiles_nvir_bitcode_where_it_compiles_the_text() {
    run_script("bitcode_libnvvm.py", "bitcode-libnvvm:");
}

#[test]
fn llvm22_reads_modern_bitcode_as_it_reads_the_text() {
    run_script("bitcode_modern.py", "bitcode-modern:");
}

#[test]
fn verify_agrees_with_libnvvm() {
    run_script("nvvm_verify.py", "nvvm-verify:");
}

#[test]
fn verify_warnings_match_libnvvm_compiles() {
    run_script("compile_warnings.py", "compile-warnings:");
}

#[test]
fn tile_matches_tileirdisasm_and_tileiras_accepts_assembled_text() {
    run_script("tile_oracle.py", "tile-oracle:");
}

#[test]
fn fatbin_lists_and_extracts_as_cuobjdump_does() {
    run_script("fatbin_diff.py", "fatbin-diff:");
}

#[test]
fn bitcode_disassembles_as_llvm_dis_does() {
    run_script("bitcode_roundtrip.py", "bitcode-roundtrip:");
}

/// A random sample of the module-rule probes (`corpus/probes/axes.jsonl`, which
/// `crates/verify/tests/axes.rs` holds nvir to) re-run through libNVVM, verify and compile: the
/// data must still be libNVVM's answer (the sample's seed is printed).
#[test]
fn recorded_axis_probes_match_live_libnvvm() {
    check_recorded_probes(&["scripts/probe/axes.py", "corpus/probes/axes.jsonl"], &["--sample", "300"], "axes-check:");
}

/// A random sample of the recorded intrinsic probes (`corpus/probes/intrinsics.jsonl`, which
/// `crates/verify/tests/probes.rs` holds nvir to) re-run through libNVVM: the data must still
/// be libNVVM's answer.
#[test]
fn recorded_intrinsic_probes_match_live_libnvvm() {
    check_recorded_probes(&["scripts/probe/run.py"], &["--check", "--sample", "150"], "probe-check:");
}

/// Runs a probe script's live check: `paths` (the script, then its data) in the repository,
/// then `args`; checks its closing summary line.
fn check_recorded_probes(paths: &[&str], args: &[&str], summary_prefix: &str) {
    let Some(py) = oracle_python() else { return };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut cmd = Command::new(py);
    cmd.arg(root.join(paths[0]));
    if paths.len() > 1 {
        // axes.py takes its command before the data.
        cmd.arg("check");
    }
    cmd.args(paths[1..].iter().map(|p| root.join(p))).args(args);
    let out = cmd.output().unwrap_or_else(|e| panic!("run {}: {e}", paths[0]));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("{stdout}{stderr}");
    assert!(out.status.success(), "{} failed:\n{stdout}\n{stderr}", paths[0]);
    let summary = stdout.lines().rev().find(|l| l.starts_with(summary_prefix)).expect("summary line");
    assert!(summary.ends_with(" 0 failed"), "{summary}");
}
