//! `nvir tile …`: CUDA Tile IR bytecode.

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use nvir::tile::{dump_json, op_counts, sections};
use nvir::{report, ColorChoice, Format, FormatArg, InputArg, OutputArg, EXIT_INVALID, EXIT_OK};
use nvir_diag::{Diagnostic, Source, Span};
use nvir_tile::ir::Module;
use nvir_tile::{tables, text::TypeText, Version};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};

#[derive(Subcommand)]
pub enum Command {
    /// List the sections, tables and functions with their offsets (or JSON with --format json).
    Dump(DumpArgs),
    /// Print the module as `tileirdisasm` does.
    Dis(DisArgs),
    /// Read and write back (byte-identical unless --target-version changes the version).
    Rewrite(RewriteArgs),
    /// Check per-version availability, op types, region structure and value scoping.
    Validate(ValidateArgs),
    /// Assemble `tileirdisasm` text into bytecode.
    As(AsArgs),
}

#[derive(Args)]
pub struct AsArgs {
    #[command(flatten)]
    input: InputArg,
    #[command(flatten)]
    output: OutputArg,
    /// Bytecode version to write (13.1 … 13.5).
    #[arg(long, value_name = "VERSION", default_value = "13.5")]
    target_version: Version,
    #[command(flatten)]
    format: FormatArg,
}

#[derive(Args)]
pub struct DumpArgs {
    #[command(flatten)]
    input: InputArg,
    #[command(flatten)]
    format: FormatArg,
}

#[derive(Args)]
pub struct DisArgs {
    #[command(flatten)]
    input: InputArg,
    #[command(flatten)]
    output: OutputArg,
    /// Print debug locations (`loc(...)`).
    #[arg(short = 'g', long = "print-debug-info")]
    debug: bool,
    #[command(flatten)]
    format: FormatArg,
}

#[derive(Args)]
pub struct RewriteArgs {
    #[command(flatten)]
    input: InputArg,
    #[command(flatten)]
    output: OutputArg,
    /// Write this bytecode version (13.1 … 13.5) instead of the input's.
    #[arg(long, value_name = "VERSION")]
    target_version: Option<Version>,
    #[command(flatten)]
    format: FormatArg,
}

#[derive(Args)]
pub struct ValidateArgs {
    #[command(flatten)]
    input: InputArg,
    #[command(flatten)]
    format: FormatArg,
}

pub fn run(cmd: Command, color: ColorChoice) -> Result<u8> {
    match cmd {
        Command::Dump(a) => {
            let input = a.input.read()?;
            let m = match read(&input, a.format.format, color) {
                Ok(m) => m,
                Err(code) => return Ok(code),
            };
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            match a.format.format {
                Format::Human => dump_human(&mut out, &m, &input.bytes),
                Format::Json => dump_json(&mut out, &m, &input.name),
            }
            .and_then(|()| out.flush())
            .context("cannot write standard output")?;
            Ok(EXIT_OK)
        }
        Command::Dis(a) => {
            let input = a.input.read()?;
            let m = match read(&input, a.format.format, color) {
                Ok(m) => m,
                Err(code) => return Ok(code),
            };
            // The text goes out as it is printed (it is ten times the bytecode).
            write_with(&a.output, false, |w| nvir_tile::print_to(&m, &nvir_tile::PrintOptions { debug: a.debug }, w))?;
            Ok(EXIT_OK)
        }
        Command::Rewrite(a) => {
            let input = a.input.read()?;
            let m = match read(&input, a.format.format, color) {
                Ok(m) => m,
                Err(code) => return Ok(code),
            };
            let src = Source::binary(&input.name, &input.bytes);
            let m = match a.target_version {
                Some(v) => match nvir_tile::retarget_owned(m, v) {
                    Ok(m) => m,
                    Err(e) => {
                        let d = Diagnostic::error(format!("cannot write version {v}: {}", e.message()))
                            .with_code("tile-version");
                        return Ok(report(&[d], &src, a.format.format, color));
                    }
                },
                None => m,
            };
            // Laid out first (every error is found there), then written as it goes out.
            match nvir_tile::prepare(&m) {
                Ok(p) => {
                    write_with(&a.output, true, |w| p.write_to(w))?;
                    Ok(EXIT_OK)
                }
                Err(e) => {
                    Ok(report(&[Diagnostic::error(e.message()).with_code("tile-write")], &src, a.format.format, color))
                }
            }
        }
        Command::As(a) => {
            let input = a.input.read()?;
            let src = Source { name: &input.name, content: nvir_diag::SourceContent::None };
            let fail = |msg: String| Diagnostic::error(format!("{}:{msg}", input.name)).with_code("tile-as");
            let Ok(text) = std::str::from_utf8(&input.bytes) else {
                return Ok(report(&[fail(" input is not UTF-8 text".into())], &src, a.format.format, color));
            };
            let m = match nvir_tile::parse(text, a.target_version) {
                Ok(m) => m,
                Err(e) => return Ok(report(&[fail(e.message().to_string())], &src, a.format.format, color)),
            };
            let findings = nvir_tile::validate(&m);
            if !findings.is_empty() {
                // Ops read from text carry their offset in it: each finding is located there.
                let text_src = Source::text(&input.name, text);
                let diags: Vec<Diagnostic> = findings
                    .into_iter()
                    .map(|f| {
                        let (line, col) = text_src.line_col(f.offset).unwrap_or((1, 1));
                        Diagnostic::error(format!("{}:{line}:{col}: {}", input.name, f.message))
                            .with_code("tile-as")
                            .with_span(Span::at(f.offset, 1))
                    })
                    .collect();
                return Ok(report(&diags, &text_src, a.format.format, color));
            }
            match nvir_tile::prepare(&m) {
                Ok(p) => {
                    write_with(&a.output, true, |w| p.write_to(w))?;
                    Ok(EXIT_OK)
                }
                Err(e) => Ok(report(&[fail(format!(" {}", e.message()))], &src, a.format.format, color)),
            }
        }
        Command::Validate(a) => {
            let input = a.input.read()?;
            let m = match read(&input, a.format.format, color) {
                Ok(m) => m,
                Err(code) => return Ok(code),
            };
            let diags: Vec<Diagnostic> = nvir_tile::validate(&m)
                .into_iter()
                .map(|f| Diagnostic::error(f.message).with_code("tile-validate").with_span(Span::at(f.offset, 1)))
                .collect();
            let src = Source::binary(&input.name, &input.bytes);
            let code = report(&diags, &src, a.format.format, color);
            if code == EXIT_OK && a.format.format == Format::Human {
                println!("{}: valid Tile IR {} module, {} function(s)", input.name, m.version, m.functions.len());
            }
            Ok(code)
        }
    }
}

fn read(input: &nvir::Input, format: Format, color: ColorChoice) -> Result<Module, u8> {
    nvir_tile::read(&input.bytes).map_err(|e| {
        let mut d = Diagnostic::error(e.message()).with_code("tile-read");
        if let Some(o) = e.offset() {
            d = d.with_span(Span::at(o, 1));
        }
        let code = report(&[d], &Source::binary(&input.name, &input.bytes), format, color);
        debug_assert_eq!(code, EXIT_INVALID);
        code
    })
}

/// Writes output made as it is written, to `-o PATH` or standard output (`binary`: never to a
/// terminal).
fn write_with(output: &OutputArg, binary: bool, f: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> Result<()> {
    match &output.output {
        Some(path) if path.as_os_str() != "-" => {
            let file = std::fs::File::create(path).with_context(|| format!("cannot write {}", path.display()))?;
            let mut w = std::io::BufWriter::with_capacity(1 << 16, file);
            f(&mut w).and_then(|()| w.flush()).with_context(|| format!("cannot write {}", path.display()))
        }
        _ => {
            if binary && std::io::stdout().is_terminal() {
                bail!("refusing to write binary output to a terminal; use -o FILE or redirect standard output");
            }
            let mut w = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
            f(&mut w).and_then(|()| w.flush()).context("cannot write standard output")
        }
    }
}

fn dump_human(s: &mut dyn Write, m: &Module, bytes: &[u8]) -> std::io::Result<()> {
    let text = TypeText::new(m);
    let mut all = BTreeMap::new();
    writeln!(s, "0x000000  header    magic 7f 'TileIR' 00, version {}, tag {:#06x}", m.version, m.tag)?;
    for (l, replaced) in sections(m) {
        let (start, len) = l.payload;
        let align = l.align.map_or(String::from("none"), |a| a.to_string());
        writeln!(
            s,
            "{:#08x}  {:<9} id {} align {align} padding {} payload {start:#x}..{:#x} ({len} bytes){}",
            l.offset,
            tables::section::name(l.id),
            l.id,
            l.padding.len(),
            start + len,
            if replaced { " (replaced by a later copy)" } else { "" }
        )?;
    }
    writeln!(s, "{:#08x}  end", bytes.len().saturating_sub(1))?;
    writeln!(
        s,
        "tables: {} strings, {} types, {} constants, {} globals{}",
        m.strings.len(),
        m.types.len(),
        m.constants.len(),
        m.globals.len(),
        m.producer.map_or(String::new(), |p| format!(", producer \"{}\"", String::from_utf8_lossy(m.string(p))))
    )?;
    for i in 0..m.types.len() {
        let text = match m.type_error(i as u32) {
            None => text.get(i as u32),
            Some(error) => format!("<unreadable: {error}>"),
        };
        writeln!(s, "  type {i:<4} {text}")?;
    }
    for f in &m.functions {
        let counts = op_counts(m, f, &mut all);
        let total: usize = counts.values().sum();
        writeln!(
            s,
            "{:#08x}  function @{} : {} ({} ops, flags {:#04x}, debug list {})",
            f.offset,
            String::from_utf8_lossy(m.string(f.name)),
            text.get(f.signature),
            total,
            f.flags,
            f.loc
        )?;
    }
    if let Some(d) = &m.debug {
        writeln!(
            s,
            "debug: {} function lists, {} locations, {} attributes",
            d.func_offsets.len(),
            d.indices.len(),
            d.attrs.len()
        )?;
    }
    writeln!(s, "op counts: {}", all.iter().map(|(k, v)| format!("{k} {v}")).collect::<Vec<_>>().join(", "))
}
