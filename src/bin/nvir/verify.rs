//! `nvir verify`: whether libNVVM accepts each module for a target, with every problem at once.

use anyhow::{Context, Result};
use nvir::{ColorChoice, Format, EXIT_INVALID, EXIT_OK};
use nvir_diag::{render_human, Diagnostic, LineIndex, Source, Span};
use nvir_verify::{Finding, Location, Severity, Target};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Modules to verify (`.ll`; `-` for standard input).
    #[arg(required = true, value_name = "FILE")]
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
    /// human (diagnostics on stderr) or json (one object per file per line on stdout).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

pub fn run(a: Args, color: ColorChoice) -> Result<u8> {
    let target = Target::parse(&a.arch, a.nvvm_latest).map_err(anyhow::Error::msg)?;
    let mut status = EXIT_OK;
    for file in &a.files {
        let input = nvir::InputArg { input: file.clone() }.read()?;
        let text = nvir_diag::text_with_same_offsets(&input.bytes);
        let read = match nvir::bitcode_input(&input.bytes)? {
            nvir::BitcodeInput::Bitcode(bc) => nvir_llvm::bitcode::read_with_ident(bc)
                .map(|r| (r.module, Some(r.ident.producer.unwrap_or_default())))
                .map_err(|e| Diagnostic::error(e.to_string()).with_code("bc-read")),
            nvir::BitcodeInput::Text => {
                nvir_verify::parse_text(&input.bytes, &target).map(|m| (m, None)).map_err(|e| e.to_diagnostic())
            }
        };
        let findings = match read {
            Ok((m, producer)) => {
                let mut f = match &producer {
                    Some(p) => nvir_verify::verify_bitcode(&m, &target, p),
                    None => nvir_verify::verify(&m, &target),
                };
                std::mem::forget(m); // freed with the process
                if a.first_error {
                    if let Some(first) = f.iter().position(|x| x.severity == Severity::Error) {
                        f.truncate(first + 1);
                    }
                }
                f
            }
            Err(mut d) => {
                // Not LLVM IR that either reader takes: a reader error, worded as libNVVM words its
                // own (`parse …`).
                d.message = format!("parse {}", d.message);
                emit(&a, &target, &input.name, &text, &[], Some(d), color)?;
                status = EXIT_INVALID;
                continue;
            }
        };
        if !nvir_verify::accepts(&findings) {
            status = EXIT_INVALID;
        }
        emit(&a, &target, &input.name, &text, &findings, None, color)?;
    }
    Ok(status)
}

/// Line and column (1-based, in characters) and the line's text at a byte offset.
fn line_col<'t>(text: &'t str, idx: &LineIndex, offset: u32) -> (usize, usize, &'t str) {
    let at = (offset as usize).min(text.len());
    let (line, col) = idx.line_col(text, at);
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    (line, col, &text[start..end])
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
    if let Some(at) = f.location.offset() {
        // The rest of the line.
        let at = (at as usize).min(text.len());
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        d = d.with_span(Span::new(at, end.max(at + 1).min(text.len().max(at))));
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

fn emit(
    a: &Args,
    target: &Target,
    name: &str,
    text: &str,
    findings: &[Finding],
    parse_error: Option<Diagnostic>,
    color: ColorChoice,
) -> Result<()> {
    use std::io::Write;
    let src = Source::text(name, text);
    // Lines are indexed only when something is to be located.
    let idx = std::cell::OnceCell::new();
    let idx = || idx.get_or_init(|| LineIndex::new(text));
    match a.format {
        Format::Human => {
            let mut diags: Vec<Diagnostic> = findings.iter().map(|f| to_diagnostic(f, text)).collect();
            diags.extend(parse_error);
            if !diags.is_empty() {
                let out = render_human(&diags, &src, color.stderr());
                std::io::stderr().lock().write_all(out.as_bytes()).context("write diagnostics")?;
            }
        }
        Format::Json => {
            let mut diags: Vec<serde_json::Value> = findings
                .iter()
                .map(|f| {
                    let (function, block) = where_(&f.location);
                    let (line, column, context) = match f.location.offset() {
                        Some(at) => {
                            let (l, c, t) = line_col(text, idx(), at);
                            (Some(l), Some(c), Some(t.trim()))
                        }
                        None => (None, None, None),
                    };
                    serde_json::json!({
                        "severity": match f.severity { Severity::Error => "error", _ => "warning" },
                        "code": f.code, "message": f.message, "line": line, "column": column,
                        "function": function, "block": block, "context": context, "help": f.help,
                    })
                })
                .collect();
            if let Some(d) = &parse_error {
                let (line, column, context) = match d.span {
                    Some(s) => {
                        let (l, c, t) = line_col(text, idx(), s.start as u32);
                        (Some(l), Some(c), Some(t.trim()))
                    }
                    None => (None, None, None),
                };
                diags.push(serde_json::json!({
                    "severity": "error", "code": "ll-parse", "message": d.message, "line": line, "column": column,
                    "function": null, "block": null, "context": context, "help": d.help.first(),
                }));
            }
            let ok = parse_error.is_none() && nvir_verify::accepts(findings);
            let dialect = target.path.name();
            let line = serde_json::json!({
                "file": name, "arch": target.to_string(), "dialect": dialect, "ok": ok, "diagnostics": diags,
            });
            writeln!(std::io::stdout().lock(), "{line}").context("write report")?;
        }
    }
    Ok(())
}
