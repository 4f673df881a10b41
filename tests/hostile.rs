//! Hostile input through every subcommand that reads it: each run ends by itself with exit status
//! 0, 1 or 2 and no panic (a stack overflow or abort is a signal, and fails the test).
//!
//! Two sets of inputs:
//! - `fuzz/regressions/`: small reproducers of causes found by fuzzing and by the hostile-input
//!   harness (`scripts/hostile/`), committed as found; the fuzz smoke run seeds from them too.
//! - Shapes made here: deep, wide, shared and large-count inputs of each text format, at sizes
//!   that show super-linear work as a slow test without making the debug build slow.
//!
//! Time and memory budgets (20 s, 10 × the input) are checked on the release build by
//! `scripts/hostile/run.py` in CI; here every run gets a generous deadline so that a hang fails
//! instead of stalling the suite.

use libtest_mimic::{Arguments, Failed, Trial};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one run may take in the debug build before it counts as a hang.
const DEADLINE: Duration = Duration::from_secs(120);

/// The commands that read each kind of input (`IN`: the input, `OUT`: a scratch path).
fn commands(path: &Path) -> &'static [&'static [&'static str]] {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let ext = name.rsplit('.').next().unwrap_or("");
    match ext {
        "ll" => &[
            &["verify", "--arch", "compute_90", "IN"],
            &["verify", "--arch", "compute_100", "--format", "json", "IN"],
            &["print", "IN", "-o", "OUT"],
            &["print", "--syntax", "llvm7", "IN", "-o", "OUT"],
            &["as", "--dialect", "modern", "IN", "-o", "OUT"],
            &["convert", "--arch", "compute_90", "IN", "-o", "OUT"],
        ],
        "bc" => &[
            &["verify", "--arch", "compute_90", "IN"],
            &["dis", "IN", "-o", "OUT"],
            &["print", "--syntax", "modern", "IN", "-o", "OUT"],
            &["as", "IN", "-o", "OUT"],
            &["convert", "--arch", "compute_100", "--emit", "ll", "IN", "-o", "OUT"],
        ],
        "ltoir" | "optixir" => &[
            &["container", "dump", "IN"],
            &["container", "dump", "--format", "json", "IN"],
            &["container", "to-xml", "IN", "-o", "OUT"],
            &["container", "unwrap", "IN", "-o", "OUT"],
            &["verify", "--arch", "compute_90", "IN"],
        ],
        "xml" => &[&["container", "from-xml", "IN", "-o", "OUT"]],
        "tileirbc" => &[
            &["tile", "dump", "IN"],
            &["tile", "dis", "IN", "-o", "OUT"],
            &["tile", "rewrite", "IN", "-o", "OUT"],
            &["tile", "validate", "IN"],
        ],
        "mlir" => &[&["tile", "as", "IN", "-o", "OUT"]],
        "fatbin" | "a" | "o" => &[&["fatbin", "list", "IN"], &["fatbin", "extract", "--dir", "OUT", "IN"]],
        _ => &[],
    }
}

/// Runs `nvir` with `args` on `input`: Ok when it exits 0, 1 or 2 by itself without a panic.
fn run(args: &[&str], input: &Path, scratch: &Path) -> Result<(), Failed> {
    let out = scratch.join("out");
    let _ = std::fs::remove_dir_all(&out);
    let _ = std::fs::remove_file(&out);
    let argv: Vec<&std::ffi::OsStr> = args
        .iter()
        .map(|a| match *a {
            "IN" => input.as_os_str(),
            "OUT" => out.as_os_str(),
            a => std::ffi::OsStr::new(a),
        })
        .collect();
    let stderr_path = scratch.join("stderr");
    let stderr = std::fs::File::create(&stderr_path).map_err(|e| format!("scratch: {e}"))?;
    let mut child = Command::new(env!("CARGO_BIN_EXE_nvir"))
        .arg("--color=never")
        .args(&argv)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .map_err(|e| format!("cannot run nvir: {e}"))?;
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().map_err(|e| e.to_string())? {
            break s;
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {DEADLINE:?}").into());
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let err = std::fs::read(&stderr_path).unwrap_or_default();
    let err = String::from_utf8_lossy(&err[..err.len().min(4000)]).into_owned();
    match status.code() {
        Some(0..=2) if !err.contains("panicked") => Ok(()),
        Some(c) => Err(format!("exit {c}\n{err}").into()),
        None => Err(format!("killed by a signal (a stack overflow or abort): {status}\n{err}").into()),
    }
}

/// One trial per input and command.
fn trials_for(path: PathBuf, scratch_root: &Path, trials: &mut Vec<Trial>) {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string();
    for (k, args) in commands(&path).iter().enumerate() {
        let scratch = scratch_root.join(format!("{name}.{k}"));
        let path = path.clone();
        let label = format!(
            "{name} [{}]",
            args.iter().filter(|a| !matches!(**a, "IN" | "OUT")).cloned().collect::<Vec<_>>().join(" ")
        );
        trials.push(Trial::test(label, move || {
            std::fs::create_dir_all(&scratch).map_err(|e| format!("scratch: {e}"))?;
            let r = run(args, &path, &scratch);
            let _ = std::fs::remove_dir_all(&scratch);
            r
        }));
    }
}

/// Inputs made here: (file name, contents).
fn shapes() -> Vec<(&'static str, Vec<u8>)> {
    const HEAD: &str = "target triple = \"nvptx64-nvidia-cuda\"\n";
    let mut out: Vec<(&'static str, Vec<u8>)> = Vec::new();
    let mut add = |name, text: String| out.push((name, text.into_bytes()));
    let n = 100_000;
    // Deep nesting of every kind the text reader knows.
    add("deep_pointer_suffixes.ll", format!("@g = global i32{} null\n", "*".repeat(n)));
    add("deep_array_type.ll", format!("@g = global {}i32{} zeroinitializer\n", "[1 x ".repeat(n), "]".repeat(n)));
    add("deep_struct_type.ll", format!("@g = global {}i32{} zeroinitializer\n", "{ ".repeat(n), " }".repeat(n)));
    add("deep_const_expr.ll", format!("@g = global i64 {}1{}\n", "add (i64 ".repeat(n), ", i64 1)".repeat(n)));
    add("deep_metadata.ll", format!("!0 = {}{}\n!n = !{{!0}}\n", "!{".repeat(n), "}".repeat(n)));
    add("deep_unbalanced_parens.ll", format!("define void @f() {{\n  call void @g{}\n", "(".repeat(n)));
    // Long chains that are not nested: metadata and globals referring to the next one.
    let mut md = String::new();
    for i in 0..20_000 {
        let _ = writeln!(md, "!{i} = !{{!{}}}", i + 1);
    }
    let _ = writeln!(md, "!20000 = !{{}}\n!n = !{{!0}}");
    add("metadata_chain.ll", md);
    // Very long tokens and literals.
    add("long_token.ll", format!("{}\n", "x".repeat(2_000_000)));
    add("long_name.ll", format!("@\"{}\" = global i32 0\n", "n".repeat(2_000_000)));
    add("literal_100k_digits_i32.ll", format!("@g = global i32 {}\n", "9".repeat(n)));
    add("literal_100k_digits_widest.ll", format!("@g = global i8388608 -{}\n", "9".repeat(n)));
    add("literal_too_many_digits.ll", format!("@g = global i8388608 {}\n", "7".repeat(300_000)));
    add("hex_literal_long.ll", format!("@g = global i8388608 s0x{}\n", "F".repeat(2_000_000)));
    let mut wide = String::from(HEAD);
    for i in 0..20_000 {
        let _ = writeln!(wide, "@g{i} = global i8388608 -{}", i + 1);
    }
    add("widest_negative_ints.ll", wide);
    // Many of what is looked up by name: comdats, sync scopes.
    let mut comdats = String::from(HEAD);
    for i in 0..20_000 {
        let _ = writeln!(comdats, "$c{i} = comdat any");
    }
    for i in 0..20_000 {
        let _ = writeln!(comdats, "@g{i} = global i32 0, comdat($c{i})");
    }
    add("comdats.ll", comdats);
    let mut scopes = format!("{HEAD}define void @f() {{\n");
    for i in 0..20_000 {
        let _ = writeln!(scopes, "  fence syncscope(\"s{i}\") seq_cst");
    }
    scopes.push_str("  ret void\n}\n");
    add("sync_scopes.ll", scopes);
    // ... and what the bitcode writer looks up per use: section and GC names, bundle tags,
    // inline asm, blockaddress blocks; and named metadata, which the reader appends to.
    let mut names = String::from(HEAD);
    for i in 0..5_000 {
        let _ = writeln!(names, "@g{i} = global i32 0, section \"s{i}\"");
        let _ = writeln!(names, "define void @f{i}() gc \"g{i}\" {{\n  call void asm \"a{i}\", \"\"()\n  ret void\n}}");
        let _ = writeln!(names, "!n{i} = !{{}}");
    }
    names.push_str("declare void @h()\ndefine void @calls() {\n");
    for i in 0..5_000 {
        let _ = writeln!(names, "  call void @h() [ \"b{i}\"() ], !k{i} !{{}}");
    }
    names.push_str("  ret void\n}\n");
    add("names_looked_up_per_use.ll", names);
    let mut addrs = format!("{HEAD}@t = global [20000 x ptr] [");
    for i in 0..20_000 {
        let _ = write!(addrs, "{}ptr blockaddress(@f, %b{i})", if i > 0 { ", " } else { "" });
    }
    addrs.push_str("]\ndefine void @f(ptr %a) {\nentry:\n  indirectbr ptr %a, [label %b0]\n");
    for i in 0..20_000 {
        let _ = writeln!(addrs, "b{i}:\n  ret void");
    }
    addrs.push_str("}\n");
    add("blockaddresses.ll", addrs);
    // Splats: a few bytes of text for billions of elements.
    add(
        "splat_huge.ll",
        format!("{HEAD}@g = global <4294967295 x i8> splat (i8 1)\n@z = global <4294967295 x i8> splat (i8 0)\n"),
    );
    // A chain of blocks, each using a value from the entry block (dominance queries).
    let mut chain = format!("{HEAD}define void @f(i32 %x) {{\nentry:\n  %a = add i32 %x, 1\n  br label %b0\n");
    for i in 0..20_000 {
        let _ = write!(chain, "b{i}:\n  %v{i} = add i32 %a, {i}\n  br label %b{}\n", i + 1);
    }
    chain.push_str("b20000:\n  ret void\n}\n");
    add("block_chain.ll", chain);
    // Tile IR text, nested types.
    add(
        "tile_deep_type.mlir",
        format!("entry @k(%arg0: {}f32{}) {{\n  return\n}}\n", "tile<ptr<".repeat(n), ">>".repeat(n)),
    );
    out
}

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = std::env::temp_dir().join(format!("nvir-hostile-{}", std::process::id()));
    let made = scratch.join("inputs");
    std::fs::create_dir_all(&made).expect("scratch directory");
    let mut trials = Vec::new();
    let mut regressions: Vec<PathBuf> = std::fs::read_dir(root.join("fuzz/regressions"))
        .expect("fuzz/regressions")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    regressions.sort();
    assert!(regressions.len() >= 40, "the regression inputs are missing");
    for p in regressions {
        trials_for(p, &scratch, &mut trials);
    }
    for (name, bytes) in shapes() {
        let p = made.join(name);
        std::fs::write(&p, bytes).expect("write a generated input");
        trials_for(p, &scratch, &mut trials);
    }
    let conclusion = libtest_mimic::run(&args, trials);
    let _ = std::fs::remove_dir_all(&scratch);
    conclusion.exit();
}
