//! `nvir print` (`.ll` text or bitcode) and `nvir dis` (bitcode): read modules, print them back.
//! One input prints to `-o PATH` or standard output; several inputs, or a directory, print into
//! the directory `-o DIR` names (each as its path below the input directory, with `.ll`), or only
//! read with `--parse-only`.

use anyhow::{bail, Result};
use clap::ValueEnum;
use nvir::{batch, ColorChoice, FormatArg, JobsArg, OutputArg};
use nvir_diag::{Diagnostic, Source, SourceContent};
use nvir_llvm::Syntax;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, ValueEnum)]
enum SyntaxArg {
    /// Everything the module holds, in its own pointer dialect.
    Faithful,
    /// What libNVVM's LLVM 7.0.1 reader takes (compute_75 … compute_90a); omissions are noted.
    Llvm7,
    /// Opaque pointers (`ptr`), as LLVM 15+ prints.
    Modern,
}

/// What both commands take.
#[derive(clap::Args)]
pub struct Common {
    /// Inputs, directories of them (walked recursively), or `-` for standard input.
    #[arg(value_name = "INPUT", default_value = "-")]
    inputs: Vec<PathBuf>,
    /// Output file (one input), or directory (several inputs, or a directory); standard output
    /// when absent or `-` for one input.
    #[command(flatten)]
    output: OutputArg,
    /// Read only; print nothing (for timing and for checking inputs).
    #[arg(long)]
    parse_only: bool,
    /// Threads to read function bodies with (default: one per CPU, up to 8; small inputs are
    /// read on one). The module read is the same whatever the number.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    #[command(flatten)]
    format: FormatArg,
    #[command(flatten)]
    jobs: JobsArg,
}

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    common: Common,
    /// Which syntax to print.
    #[arg(long, value_enum, default_value_t = SyntaxArg::Faithful)]
    syntax: SyntaxArg,
    /// Print counts (functions, blocks, instructions, unique types/constants/metadata) to stderr.
    #[arg(long)]
    stats: bool,
}

#[derive(clap::Args)]
pub struct DisArgs {
    #[command(flatten)]
    common: Common,
}

/// `nvir print`.
pub fn run(a: Args, color: ColorChoice) -> Result<u8> {
    let syntax = match a.syntax {
        SyntaxArg::Faithful => Syntax::Faithful,
        SyntaxArg::Llvm7 => Syntax::Llvm7,
        SyntaxArg::Modern => Syntax::Modern,
    };
    let select = batch::Select { extensions: &["ll", "bc"], sniff: batch::module_magic };
    modules(&a.common, Mode { text: true, syntax, stats: a.stats }, select, color)
}

/// `nvir dis`.
pub fn run_dis(a: DisArgs, color: ColorChoice) -> Result<u8> {
    let select = batch::Select { extensions: &["bc"], sniff: batch::module_magic };
    modules(&a.common, Mode { text: false, syntax: Syntax::Faithful, stats: false }, select, color)
}

#[derive(Clone, Copy)]
struct Mode {
    /// Text input is read (print); otherwise only bitcode (dis).
    text: bool,
    syntax: Syntax,
    stats: bool,
}

/// Where printed modules go.
enum Dest<'a> {
    /// Nowhere (`--parse-only`).
    None,
    /// One input: `-o PATH` or standard output.
    One(&'a OutputArg),
    /// Several inputs: files under this directory.
    Dir(PathBuf),
}

fn modules(c: &Common, mode: Mode, select: batch::Select, color: ColorChoice) -> Result<u8> {
    let (items, any_dir) = batch::expand(&c.inputs, select);
    let several = items.len() > 1 || any_dir;
    let dest = if c.parse_only {
        Dest::None
    } else if several {
        match &c.output.output {
            Some(dir) if dir.as_os_str() != "-" => {
                if dir.exists() && !dir.is_dir() {
                    bail!(
                        "{} is not a directory: with several inputs, -o names the directory to print into",
                        dir.display()
                    );
                }
                Dest::Dir(dir.clone())
            }
            _ => bail!("several inputs print into a directory: give -o DIR (or --parse-only to only read them)"),
        }
    } else {
        Dest::One(&c.output)
    };
    let opts = batch::Options {
        jobs: c.jobs.jobs,
        format: c.format.format,
        color,
        summary: several,
        noun: "files",
        json_on_stderr: true,
    };
    let summary = batch::run(&items, opts, |item| judge(c, mode, &dest, item, color, !several));
    Ok(summary.status())
}

fn judge(
    c: &Common,
    mode: Mode,
    dest: &Dest<'_>,
    item: &batch::Item,
    color: ColorChoice,
    single: bool,
) -> batch::Outcome {
    let format = c.format.format;
    let mut input = match batch::read_item(item) {
        Ok(input) => input,
        Err(why) => {
            let mut o = batch::Outcome::unreadable(item, &why, format, serde_json::json!({}));
            // Reports go to standard error: standard output carries the printed modules.
            o.stderr += &std::mem::take(&mut o.stdout);
            return o;
        }
    };
    let no_source = Source { name: &input.name, content: SourceContent::None };
    let failed = |diags: Vec<Diagnostic>, src: &Source<'_>| batch::Outcome {
        verdict: batch::Verdict::Rejected,
        stdout: String::new(),
        stderr: nvir::render(&diags, src, format, color),
        codes: nvir::error_codes(&diags),
    };
    if input.bytes.is_empty() {
        return failed(vec![Diagnostic::error("empty input").with_code("input-empty")], &no_source);
    }
    let mut options = nvir_llvm::ParseOptions::default();
    if let Some(n) = c.threads {
        options.threads = n.into();
    }
    let mut m = match nvir::bitcode_input(&input.bytes) {
        Err(e) => return failed(vec![Diagnostic::error(format!("{e:#}")).with_code("bc-input")], &no_source),
        Ok(nvir::BitcodeInput::Bitcode(bc)) => match nvir_llvm::bitcode::read_with_options(bc, options) {
            Ok(r) => r.module,
            Err(e) => return failed(vec![Diagnostic::error(e.to_string()).with_code("bc-read")], &no_source),
        },
        Ok(nvir::BitcodeInput::Text) if mode.text => match nvir_llvm::parse_bytes_with(&input.bytes, options) {
            Ok(m) => m,
            Err(e) => {
                let text = nvir_diag::text_with_same_offsets(&input.bytes);
                return failed(vec![e.to_diagnostic()], &Source::text(&input.name, &text));
            }
        },
        // The bitcode reader names what it expected ('BC' 0xC0DE) and where.
        Ok(nvir::BitcodeInput::Text) => match nvir_llvm::bitcode::read_with_options(&input.bytes, options) {
            Ok(r) => r.module,
            Err(e) => return failed(vec![Diagnostic::error(e.to_string()).with_code("bc-read")], &no_source),
        },
    };
    // Read: the input is not needed again (reports from here on quote no source), and printing
    // a large module should not hold it beside the module.
    input.bytes = Vec::new();
    let mut stderr = String::new();
    if mode.stats {
        let s = m.stats();
        stderr += &format!(
            "functions {} globals {} blocks {} instructions {} types {} constants {} metadata {}\n",
            s.functions, s.globals, s.blocks, s.instructions, s.types, s.constants, s.metadata
        );
    }
    let printed = match dest {
        Dest::None => Ok(Ok(Vec::new())),
        // The module is not needed as read once printed: a syntax that converts it does so in place.
        Dest::One(out) => out.write_with(|w| nvir_llvm::print_in_place_to(&mut m, mode.syntax, w)),
        Dest::Dir(dir) => write_into(dir, &item.relative, |w| nvir_llvm::print_in_place_to(&mut m, mode.syntax, w)),
    };
    if single {
        // The process ends next: freeing the module's many small allocations one by one would be
        // work nobody sees (the operating system takes the memory back at once).
        std::mem::forget(m);
    } else {
        drop(m);
    }
    let notes = match printed {
        Ok(Ok(notes)) => notes,
        Ok(Err(e)) => {
            let mut o = failed(vec![Diagnostic::error(e.to_string()).with_code("ll-print")], &no_source);
            o.stderr.insert_str(0, &stderr);
            return o;
        }
        Err(e) => return failed(vec![Diagnostic::error(format!("{e:#}")).with_code("output")], &no_source),
    };
    let notes: Vec<Diagnostic> = notes.into_iter().map(|n| Diagnostic::note(n).with_code("ll-syntax")).collect();
    stderr += &nvir::render(&notes, &no_source, format, color);
    batch::Outcome { verdict: batch::Verdict::Ok, stdout: String::new(), stderr, codes: Vec::new() }
}

/// Writes a printed module to `dir/relative` with the extension `.ll`.
fn write_into<T, E>(
    dir: &Path,
    relative: &Path,
    produce: impl FnOnce(&mut dyn std::io::Write) -> std::result::Result<T, E>,
) -> Result<std::result::Result<T, E>> {
    let path = dir.join(relative).with_extension("ll");
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| anyhow::anyhow!("cannot create {}: {e}", parent.display()))?;
    }
    nvir::write_file_with(&path, produce).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))
}
