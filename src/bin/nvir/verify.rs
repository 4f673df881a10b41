//! `nvir verify`: whether libNVVM accepts each module for a target, with every problem at once.

use anyhow::Result;
use nvir::{batch, ColorChoice, Format};
use nvir_diag::{render_human, Diagnostic, LineIndex, Source, Span};
use nvir_verify::{Finding, Location, Severity, Target};
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
    /// human (diagnostics and a closing summary on stderr) or json (one object per input per
    /// line on stdout, then a summary line when there are several inputs or a directory).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    #[command(flatten)]
    jobs: nvir::JobsArg,
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
    let input = match batch::read_item(item) {
        Ok(input) => input,
        Err(why) => return batch::Outcome::unreadable(item, &why, a.format, extra),
    };
    let text = nvir_diag::text_with_same_offsets(&input.bytes);
    let read = if input.bytes.is_empty() {
        // libNVVM refuses an empty buffer when it is added (NVVM_ERROR_INVALID_INPUT, no log).
        Err(Diagnostic::error("empty input: libNVVM refuses a module of no bytes (NVVM_ERROR_INVALID_INPUT)")
            .with_code("input-empty"))
    } else {
        match nvir::bitcode_input(&input.bytes) {
            Err(e) => Err(Diagnostic::error(format!("{e:#}")).with_code("bc-input")),
            Ok(nvir::BitcodeInput::Bitcode(bc)) => nvir_llvm::bitcode::read_with_ident(bc)
                .map(|r| (r.module, Some(r.ident.producer.unwrap_or_default())))
                // Worded as libNVVM words its reader's errors (`parse …`).
                .map_err(|e| Diagnostic::error(format!("parse {e}")).with_code("bc-read")),
            Ok(nvir::BitcodeInput::Text) => {
                nvir_verify::parse_text(&input.bytes, target).map(|m| (m, None)).map_err(|e| {
                    let mut d = e.to_diagnostic();
                    d.message = format!("parse {}", d.message);
                    d
                })
            }
        }
    };
    let (findings, parse_error) = match read {
        Ok((m, producer)) => {
            let mut f = match &producer {
                Some(p) => nvir_verify::verify_bitcode(&m, target, p),
                None => {
                    let mut f = nvir_verify::verify(&m, target);
                    nvir_verify::locate_tokens(&mut f, &text);
                    f
                }
            };
            if single {
                std::mem::forget(m);
            }
            if a.first_error {
                if let Some(first) = f.iter().position(|x| x.severity == Severity::Error) {
                    f.truncate(first + 1);
                }
            }
            (f, None)
        }
        Err(d) => (Vec::new(), Some(d)),
    };
    let ok = parse_error.is_none() && nvir_verify::accepts(&findings);
    let mut codes: Vec<&'static str> =
        findings.iter().filter(|f| f.severity == Severity::Error).map(|f| f.code).collect();
    codes.extend(parse_error.as_ref().and_then(|d| d.code));
    let (stdout, stderr) = render(a, target, &input.name, &text, &findings, parse_error, color);
    let verdict = if ok { batch::Verdict::Ok } else { batch::Verdict::Rejected };
    batch::Outcome { verdict, stdout, stderr, codes }
}

/// The widest context a JSON diagnostic carries, in characters either side of the column.
const CONTEXT: usize = 60;

/// Line and column (1-based, in characters) at a byte offset, and the text around it on its line
/// (at most `CONTEXT` characters either side, marked `…` where cut: a one-line module of
/// megabytes must not be copied into every diagnostic).
fn line_col(text: &str, idx: &LineIndex, offset: u32) -> (usize, usize, String) {
    let at = floor_char(text, (offset as usize).min(text.len()));
    let (line, col) = idx.line_col(text, at);
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let before: Vec<(usize, char)> = text[start..at].char_indices().collect();
    let from = if before.len() > CONTEXT { start + before[before.len() - CONTEXT].0 } else { start };
    let to = text[at..end].char_indices().nth(CONTEXT).map_or(end, |(i, _)| at + i);
    let mut snippet = String::new();
    if from > start {
        snippet.push('…');
    }
    snippet.push_str(text[from..to].trim_end());
    if to < end {
        snippet.push('…');
    }
    let snippet = if from == start { snippet.trim_start().to_string() } else { snippet };
    (line, col, snippet)
}

fn floor_char(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The token that starts at `at`: a quoted string, or a run of characters up to whitespace or
/// punctuation (one character at least), on the same line.
fn token_end(text: &str, at: usize) -> usize {
    let bytes = text.as_bytes();
    let Some(&first) = bytes.get(at) else { return at };
    let mut end = at + 1;
    if first == b'"' || (matches!(first, b'@' | b'%' | b'!') && bytes.get(at + 1) == Some(&b'"')) {
        end = if first == b'"' { at + 1 } else { at + 2 };
        while end < bytes.len() && bytes[end] != b'"' && bytes[end] != b'\n' {
            end += 1;
        }
        return (end + 1).min(bytes.len());
    }
    while end < bytes.len() && !bytes[end].is_ascii_whitespace() && !b",()[]{}<>=*;:".contains(&bytes[end]) {
        end += 1;
    }
    floor_char(text, end.min(text.len())).max(at + 1).min(text.len())
}

/// Where a finding points: its offset, moved past an instruction's `%name =` onto its opcode.
fn focus(f: &Finding, text: &str) -> Option<usize> {
    let at = floor_char(text, (f.location.offset()? as usize).min(text.len()));
    if !matches!(f.location, Location::Instruction { .. }) || !text[at..].starts_with('%') {
        return Some(at);
    }
    let name_end = token_end(text, at);
    let rest = &text[name_end..];
    let after_eq = rest.trim_start_matches([' ', '\t']).strip_prefix('=').map(|r| r.trim_start_matches([' ', '\t']));
    Some(after_eq.map_or(at, |r| text.len() - r.len()))
}

fn where_(l: &Location) -> (Option<&str>, Option<&str>) {
    match l {
        Location::Function { name, .. } => (Some(name), None),
        Location::Instruction { function, block, .. } => (Some(function), Some(block)),
        _ => (None, None),
    }
}

fn to_diagnostic(f: &Finding, text: &str) -> Diagnostic {
    let mut d = match f.severity {
        Severity::Error => Diagnostic::error(&f.message),
        _ => Diagnostic::warning(&f.message),
    }
    .with_code(f.code);
    if let Some(at) = focus(f, text) {
        d = d.with_span(Span::new(at, token_end(text, at)));
    }
    match &f.location {
        Location::Global { name, .. } => d = d.with_note(format!("in global value `@{name}`")),
        Location::Function { name, .. } => d = d.with_note(format!("in function `@{name}`")),
        Location::Instruction { function, block, .. } if f.location.offset().is_none() => {
            d = d.with_note(format!("in function `@{function}`, block `{block}`"));
        }
        _ => {}
    }
    if let Some(h) = &f.help {
        d = d.with_help(h.clone());
    }
    d
}

/// The report of one input: (standard output, standard error).
fn render(
    a: &Args,
    target: &Target,
    name: &str,
    text: &str,
    findings: &[Finding],
    parse_error: Option<Diagnostic>,
    color: ColorChoice,
) -> (String, String) {
    let src = Source::text(name, text);
    // Lines are indexed only when something is to be located.
    let idx = std::cell::OnceCell::new();
    let idx = || idx.get_or_init(|| LineIndex::new(text));
    match a.format {
        Format::Human => {
            let mut diags: Vec<Diagnostic> = findings.iter().map(|f| to_diagnostic(f, text)).collect();
            diags.extend(parse_error);
            let out = if diags.is_empty() { String::new() } else { render_human(&diags, &src, color.stderr()) };
            (String::new(), out)
        }
        Format::Json => {
            let located = |at: Option<u32>| match at {
                Some(at) => {
                    let (l, c, t) = line_col(text, idx(), at);
                    (Some(l), Some(c), Some(t))
                }
                None => (None, None, None),
            };
            let mut diags: Vec<serde_json::Value> = findings
                .iter()
                .map(|f| {
                    let (function, block) = where_(&f.location);
                    let (line, column, context) = located(focus(f, text).map(|at| at as u32));
                    serde_json::json!({
                        "severity": match f.severity { Severity::Error => "error", _ => "warning" },
                        "code": f.code, "message": f.message, "line": line, "column": column,
                        "function": function, "block": block, "context": context, "help": f.help,
                    })
                })
                .collect();
            if let Some(d) = &parse_error {
                let (line, column, context) = located(d.span.map(|s| s.start as u32));
                diags.push(serde_json::json!({
                    "severity": "error", "code": d.code, "message": d.message, "line": line, "column": column,
                    "function": null, "block": null, "context": context, "help": d.help.first(),
                }));
            }
            let ok = parse_error.is_none() && nvir_verify::accepts(findings);
            let dialect = target.path.name();
            let line = serde_json::json!({
                "file": name, "arch": target.to_string(), "dialect": dialect, "ok": ok, "diagnostics": diags,
            });
            (format!("{line}\n"), String::new())
        }
    }
}
