//! File-driven CLI tests. Each `tests/cli/**/*.test` file holds directives:
//!
//! - `# RUN: <cmd> [| <cmd>]…` — a command line; several RUN lines run in order. A command is
//!   `nvir ARGS…` or `cmp A B` (byte equality). `|` pipes stdout into the next command's stdin.
//! - `# EXIT: N` — the exit status expected of the last command (default 0); earlier ones must
//!   exit 0.
//!
//! Substitutions: `%corpus` → `corpus` (the test corpus at the repository root), `%t` → a fresh scratch directory,
//! `%S` → the test file's directory. The combined stdout and stderr are compared with
//! `NAME.stdout` and `NAME.stderr` beside the test (absent = empty). `BLESS=1` rewrites them;
//! otherwise a difference, or a snapshot without its test, fails.

use libtest_mimic::{Arguments, Failed, Trial};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else {
            out.push(p);
        }
    }
}

struct Outcome {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: i32,
}

fn run_one(words: &[String], stdin: Option<Vec<u8>>) -> Result<Outcome, Failed> {
    let (prog, args) = words.split_first().ok_or("empty command")?;
    if prog == "cmp" {
        let [a, b] = args else { return Err("cmp takes two files".into()) };
        let (x, y) =
            (std::fs::read(a).map_err(|e| format!("{a}: {e}"))?, std::fs::read(b).map_err(|e| format!("{b}: {e}"))?);
        let same = x == y;
        let msg = if same { String::new() } else { format!("{a} and {b} differ\n") };
        return Ok(Outcome { stdout: msg.into_bytes(), stderr: Vec::new(), status: i32::from(!same) });
    }
    if prog != "nvir" {
        return Err(format!("unknown command '{prog}' (expected nvir or cmp)").into());
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_nvir"))
        .args(args)
        .current_dir(root())
        .env_remove("NO_COLOR")
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run nvir: {e}"))?;
    if let Some(data) = stdin {
        let mut pipe = child.stdin.take().unwrap();
        std::thread::spawn(move || {
            let _ = pipe.write_all(&data);
        });
    }
    let out = child.wait_with_output().map_err(|e| format!("nvir: {e}"))?;
    Ok(Outcome { stdout: out.stdout, stderr: out.stderr, status: out.status.code().unwrap_or(-1) })
}

fn run_test(test: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(test).map_err(|e| format!("{}: {e}", test.display()))?;
    let scratch = std::env::temp_dir().join(format!(
        "nvir-cli-{}-{}",
        std::process::id(),
        test.file_stem().unwrap().to_string_lossy()
    ));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).map_err(|e| e.to_string())?;
    let dir = test.parent().unwrap().strip_prefix(root()).unwrap_or(test.parent().unwrap());
    let subst = |s: &str| {
        s.replace("%corpus", "corpus")
            .replace("%t", &scratch.display().to_string())
            .replace("%S", &dir.display().to_string())
    };
    let mut expect_exit = 0;
    let mut runs = Vec::new();
    for line in text.lines() {
        if let Some(cmd) = line.strip_prefix("# RUN:") {
            runs.push(subst(cmd.trim()));
        } else if let Some(code) = line.strip_prefix("# EXIT:") {
            expect_exit = code.trim().parse().map_err(|_| format!("bad EXIT line: {line}"))?;
        }
    }
    if runs.is_empty() {
        return Err("no RUN line".into());
    }
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    for (i, run) in runs.iter().enumerate() {
        let mut input = None;
        let mut last = None;
        for stage in run.split(" | ") {
            let words: Vec<String> = stage.split_whitespace().map(str::to_string).collect();
            let out = run_one(&words, input.take())?;
            stderr.extend_from_slice(&out.stderr);
            input = Some(out.stdout.clone());
            last = Some(out);
        }
        let out = last.unwrap();
        stdout.extend_from_slice(&out.stdout);
        let want = if i + 1 == runs.len() { expect_exit } else { 0 };
        if out.status != want {
            return Err(format!(
                "`{run}` exited {} (expected {want})\n--- stdout\n{}\n--- stderr\n{}",
                out.status,
                String::from_utf8_lossy(&stdout),
                String::from_utf8_lossy(&stderr)
            )
            .into());
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    let scratch_text = scratch.display().to_string();
    let clean = |b: &[u8]| String::from_utf8_lossy(b).replace(&scratch_text, "%t");
    compare(&test.with_extension("stdout"), &clean(&stdout))?;
    compare(&test.with_extension("stderr"), &clean(&stderr))
}

fn compare(path: &Path, actual: &str) -> Result<(), Failed> {
    if std::env::var_os("BLESS").is_some() {
        if actual.is_empty() {
            let _ = std::fs::remove_file(path);
        } else {
            std::fs::write(path, actual).map_err(|e| e.to_string())?;
        }
        return Ok(());
    }
    let expected = std::fs::read_to_string(path).unwrap_or_default();
    if expected == actual {
        return Ok(());
    }
    let mut msg = format!("{} differs (run with BLESS=1 to accept):\n", path.display());
    for (i, (e, a)) in expected.lines().zip(actual.lines()).enumerate() {
        if e != a {
            msg.push_str(&format!("first difference at line {}:\n- {e}\n+ {a}\n", i + 1));
            break;
        }
    }
    msg.push_str(&format!(
        "--- expected ({} lines)\n{expected}\n--- actual ({} lines)\n{actual}",
        expected.lines().count(),
        actual.lines().count()
    ));
    Err(msg.into())
}

fn main() {
    let args = Arguments::from_args();
    let mut files = Vec::new();
    collect(&root().join("tests/cli"), &mut files);
    let tests: Vec<PathBuf> = files.iter().filter(|p| p.extension().is_some_and(|e| e == "test")).cloned().collect();
    let mut trials: Vec<Trial> = tests
        .iter()
        .map(|t| {
            let name = t.strip_prefix(root().join("tests/cli")).unwrap().display().to_string();
            let t = t.clone();
            Trial::test(name, move || run_test(&t))
        })
        .collect();
    // A snapshot whose test is gone is stale.
    for snap in files.iter().filter(|p| p.extension().is_some_and(|e| e == "stdout" || e == "stderr")) {
        let owner = snap.with_extension("test");
        let name = format!("snapshot-has-test: {}", snap.strip_prefix(root().join("tests/cli")).unwrap().display());
        trials.push(Trial::test(name, move || {
            if owner.exists() {
                Ok(())
            } else {
                Err(format!("stale snapshot: {} has no test", owner.display()).into())
            }
        }));
    }
    libtest_mimic::run(&args, trials).exit();
}
