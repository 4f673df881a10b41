//! `nvir verify`: whether libNVVM accepts each module for a target, with every problem at once.

use anyhow::Result;
use nvir::verify::{self as v, Located};
use nvir::{batch, ColorChoice, Format};
use nvir_diag::{render_human, Diagnostic, Source};
use nvir_verify::Target;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Modules to verify: `.ll` text, `.bc` bitcode or NVVM containers (`.ltoir`, `.optixir`),
    /// directories of them (walked recursively), or `-` for standard input.
    #[arg(required = true, value_name = "INPUT")]
    files: Vec<PathBuf>,
    /// The target: compute_XX, sm_XX or XX, with an optional a or f (compute_90a, sm_100f).
    #[arg(long, value_name = "ARCH")]
    arch: String,
    /// Verify as libNVVM's `-nvvm-latest` does: the compute_100+ reader and rules at any arch.
    #[arg(long)]
    nvvm_latest: bool,
    /// Report only the first error (the one libNVVM prints), and warnings before it.
    #[arg(long)]
    first_error: bool,
    /// The verdict that decides the exit status: `compile` (default) fails an input that
    /// `nvvmVerifyProgram` or `nvvmCompileProgram` rejects; `verify` only one that
    /// `nvvmVerifyProgram` rejects (compile-stage errors are then reported as warnings).
    #[arg(long, value_enum, default_value_t = StageArg::Compile)]
    stage: StageArg,
    /// human (diagnostics and a closing summary on stderr) or json (one object per input per
    /// line on stdout, then a summary line when there are several inputs or a directory).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    #[command(flatten)]
    jobs: nvir::JobsArg,
}

/// `--stage`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StageArg {
    /// `nvvmVerifyProgram`'s verdict only.
    Verify,
    /// Both verdicts: the module must verify and compile.
    Compile,
}

/// What a directory contributes: module files by name, and bitcode or containers by content.
pub const SELECT: batch::Select =
    batch::Select { extensions: &["ll", "bc", "ltoir", "optixir", "nvvm"], sniff: batch::module_magic };

pub fn run(a: Args, color: ColorChoice) -> Result<u8> {
    let target = Target::parse(&a.arch, a.nvvm_latest).map_err(anyhow::Error::msg)?;
    let (items, any_dir) = batch::expand(&a.files, SELECT);
    let opts = batch::Options {
        jobs: a.jobs.jobs,
        format: a.format,
        color,
        summary: a.format == Format::Human || items.len() > 1 || any_dir,
        noun: "files",
        json_on_stderr: false,
    };
    // One input: its module is not freed (the process ends next and takes the memory back at once).
    let single = items.len() == 1;
    let summary = batch::run(&items, opts, |item| judge(&a, &target, item, color, single));
    Ok(summary.status())
}

/// Verifies one input.
fn judge(a: &Args, target: &Target, item: &batch::Item, color: ColorChoice, single: bool) -> batch::Outcome {
    let extra = serde_json::json!({ "arch": target.to_string(), "dialect": target.path.name() });
    let mut input = match batch::read_item(item) {
        Ok(input) => input,
        Err(why) => return batch::Outcome::unreadable(item, &why, a.format, extra),
    };
    let (text, mut checked);
    if v::is_binary(&input.bytes) {
        // Bitcode findings quote no source: the input is freed before the verifier runs.
        let read = v::read_module(&input.bytes, target);
        input.bytes = Vec::new();
        text = std::borrow::Cow::Borrowed("");
        checked = v::check_read(read, target, "", a.first_error);
    } else {
        text = v::diagnostic_text(&input.bytes);
        checked = v::check(&input.bytes, &text, target, a.first_error);
    }
    if single {
        std::mem::forget(checked.module.take());
    }
    let (ok, compiles) = (checked.ok(), checked.compiles());
    if a.stage == StageArg::Verify {
        // The verdict is the verifier's: what only the compiler refuses is a warning.
        for f in checked.findings.iter_mut().filter(|f| f.stage() == v::Stage::Compile) {
            f.severity = nvir_verify::Severity::Warning;
        }
    }
    let codes = checked.error_codes();
    let (stdout, stderr) = render(a, target, &input.name, &text, checked, color);
    let passed = ok && (compiles || a.stage == StageArg::Verify);
    let verdict = if passed { batch::Verdict::Ok } else { batch::Verdict::Rejected };
    batch::Outcome { verdict, stdout, stderr, codes }
}

/// The report of one input: (standard output, standard error).
fn render(
    a: &Args,
    target: &Target,
    name: &str,
    text: &str,
    checked: v::Checked,
    color: ColorChoice,
) -> (String, String) {
    let src = Source::text(name, text);
    let (ok, compiles) = (checked.ok(), checked.compiles());
    match a.format {
        Format::Human => {
            let mut diags: Vec<Diagnostic> = checked.findings.iter().map(|f| v::to_diagnostic(f, text)).collect();
            diags.extend(checked.parse_error);
            let out = if diags.is_empty() { String::new() } else { render_human(&diags, &src, color.stderr()) };
            (String::new(), out)
        }
        Format::Json => {
            let diags: Vec<Located> = v::locate(text, &checked.findings, checked.parse_error.as_ref());
            let dialect = target.path.name();
            let line = serde_json::json!({
                "file": name, "arch": target.to_string(), "dialect": dialect, "ok": ok, "compiles": compiles,
                "diagnostics": diags,
            });
            (format!("{line}\n"), String::new())
        }
    }
}
