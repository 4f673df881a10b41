//! `nvir tile …`: CUDA Tile IR bytecode.

use anyhow::Result;
use clap::{Args, Subcommand};
use nvir::{report, ColorChoice, Format, FormatArg, InputArg, OutputArg, EXIT_INVALID, EXIT_OK};
use nvir_diag::{Diagnostic, Source, Span};
use nvir_tile::{ir::Module, tables, Version};
use std::collections::BTreeMap;
use std::fmt::Write;

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
            match a.format.format {
                Format::Human => print!("{}", dump_human(&m, &input.bytes)),
                Format::Json => println!("{}", serde_json::to_string_pretty(&dump_json(&m, &input.name))?),
            }
            Ok(EXIT_OK)
        }
        Command::Dis(a) => {
            let input = a.input.read()?;
            let m = match read(&input, a.format.format, color) {
                Ok(m) => m,
                Err(code) => return Ok(code),
            };
            a.output.write_text(&nvir_tile::print(&m, &nvir_tile::PrintOptions { debug: a.debug }))?;
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
                Some(v) => match nvir_tile::retarget(&m, v) {
                    Ok(m) => m,
                    Err(e) => {
                        let d = Diagnostic::error(format!("cannot write version {v}: {}", e.message()))
                            .with_code("tile-version");
                        return Ok(report(&[d], &src, a.format.format, color));
                    }
                },
                None => m,
            };
            match nvir_tile::write(&m) {
                Ok(bytes) => {
                    a.output.write_binary(&bytes)?;
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
            match nvir_tile::write(&m) {
                Ok(bytes) => {
                    a.output.write_binary(&bytes)?;
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

fn op_counts(m: &Module, f: Option<&nvir_tile::ir::Function>) -> BTreeMap<&'static str, usize> {
    let mut counts = BTreeMap::new();
    let mut add = |op: &nvir_tile::ir::Op| {
        *counts.entry(tables::op_info(op.opcode.into()).map_or("?", |i| i.name)).or_insert(0) += 1;
    };
    match f {
        Some(f) => {
            let mut stack: Vec<&nvir_tile::ir::Op> = f.body.iter().collect();
            while let Some(op) = stack.pop() {
                add(op);
                for r in &op.regions {
                    for b in &r.blocks {
                        stack.extend(b.ops.iter());
                    }
                }
            }
        }
        None => m.for_each_op(add),
    }
    counts
}

fn dump_human(m: &Module, bytes: &[u8]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "0x000000  header    magic 7f 'TileIR' 00, version {}, tag {:#06x}", m.version, m.tag);
    for l in &m.sections {
        let (start, len) = l.payload;
        let align = l.align.map_or(String::from("none"), |a| a.to_string());
        let _ = writeln!(
            s,
            "{:#08x}  {:<9} id {} align {align} padding {} payload {start:#x}..{:#x} ({len} bytes){}",
            l.offset,
            tables::section::name(l.id),
            l.id,
            l.padding.len(),
            start + len,
            if l.shadowed.is_some() { " (replaced by a later copy)" } else { "" }
        );
    }
    let _ = writeln!(s, "{:#08x}  end", bytes.len().saturating_sub(1));
    let _ = writeln!(
        s,
        "tables: {} strings, {} types, {} constants, {} globals{}",
        m.strings.len(),
        m.types.len(),
        m.constants.len(),
        m.globals.len(),
        m.producer.map_or(String::new(), |p| format!(", producer \"{}\"", String::from_utf8_lossy(m.string(p))))
    );
    for (i, t) in m.types.iter().enumerate() {
        let text = match t {
            nvir_tile::ir::TypeEntry::Ok(_) => nvir_tile::text::type_str(m, i as u32),
            nvir_tile::ir::TypeEntry::Bad { error, .. } => format!("<unreadable: {error}>"),
            _ => String::from("<?>"),
        };
        let _ = writeln!(s, "  type {i:<4} {text}");
    }
    for f in &m.functions {
        let counts = op_counts(m, Some(f));
        let total: usize = counts.values().sum();
        let _ = writeln!(
            s,
            "{:#08x}  function @{} : {} ({} ops, flags {:#04x}, debug list {})",
            f.offset,
            String::from_utf8_lossy(m.string(f.name)),
            nvir_tile::text::type_str(m, f.signature),
            total,
            f.flags,
            f.loc
        );
    }
    if let Some(d) = &m.debug {
        let _ = writeln!(
            s,
            "debug: {} function lists, {} locations, {} attributes",
            d.func_offsets.len(),
            d.indices.len(),
            d.attrs.len()
        );
    }
    let counts = op_counts(m, None);
    let _ = writeln!(s, "op counts: {}", counts.iter().map(|(k, v)| format!("{k} {v}")).collect::<Vec<_>>().join(", "));
    s
}

fn dump_json(m: &Module, name: &str) -> serde_json::Value {
    use serde_json::json;
    let sections: Vec<_> = m
        .sections
        .iter()
        .map(|l| {
            json!({
                "id": l.id,
                "name": tables::section::name(l.id),
                "offset": l.offset,
                "payload_offset": l.payload.0,
                "len": l.payload.1,
                "align": l.align,
                "padding": l.padding.len(),
                "replaced": l.shadowed.is_some(),
            })
        })
        .collect();
    let functions: Vec<_> = m
        .functions
        .iter()
        .map(|f| {
            let counts = op_counts(m, Some(f));
            json!({
                "name": String::from_utf8_lossy(m.string(f.name)),
                "offset": f.offset,
                "signature": nvir_tile::text::type_str(m, f.signature),
                "ops": counts.values().sum::<usize>(),
                "op_counts": counts,
            })
        })
        .collect();
    json!({
        "file": name,
        "version": m.version.to_string(),
        "tag": m.tag,
        "sections": sections,
        "strings": m.strings.len(),
        "types": m.types.len(),
        "constants": m.constants.len(),
        "globals": m.globals.len(),
        "functions": functions,
        "op_counts": op_counts(m, None),
    })
}
