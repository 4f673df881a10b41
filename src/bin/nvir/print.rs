//! `nvir print`: read `.ll` text, print it back.

use anyhow::Result;
use clap::ValueEnum;
use nvir::{report, ColorChoice, FormatArg, InputArg, OutputArg, EXIT_OK};
use nvir_diag::{Diagnostic, Source};
use nvir_llvm::Syntax;

#[derive(Clone, Copy, ValueEnum)]
enum SyntaxArg {
    /// Everything the module holds, in its own pointer dialect.
    Faithful,
    /// What libNVVM's LLVM 7.0.1 reader takes (compute_75 … compute_90a); omissions are noted.
    Llvm7,
    /// Opaque pointers (`ptr`), as LLVM 15+ prints.
    Modern,
}

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArg,
    #[command(flatten)]
    output: OutputArg,
    /// Which syntax to print.
    #[arg(long, value_enum, default_value_t = SyntaxArg::Faithful)]
    syntax: SyntaxArg,
    /// Parse only; print nothing (for timing and for checking syntax).
    #[arg(long)]
    parse_only: bool,
    /// Threads to read function bodies with (default: one per CPU, up to 8; inputs under a few
    /// MiB are read on one). The module read is the same whatever the number.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// Print counts (functions, blocks, instructions, unique types/constants/metadata) to stderr.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    format: FormatArg,
}

pub fn run(a: Args, color: ColorChoice) -> Result<u8> {
    let input = a.input.read()?;
    let mut options = nvir_llvm::ParseOptions::default();
    if let Some(n) = a.threads {
        options.threads = n.into();
    }
    if let nvir::BitcodeInput::Bitcode(bc) = nvir::bitcode_input(&input.bytes)? {
        // Bitcode prints as `nvir dis` prints it.
        let m = nvir_llvm::bitcode::read_with_options(bc, options)
            .map_err(|e| anyhow::anyhow!("{}: {e}", input.name))?
            .module;
        return finish(a, m, color, &input.name);
    }
    let m = match nvir_llvm::parse_bytes_with(&input.bytes, options) {
        Ok(m) => m,
        Err(e) => {
            let text = nvir_diag::text_with_same_offsets(&input.bytes);
            return Ok(report(&[e.to_diagnostic()], &Source::text(&input.name, &text), a.format.format, color));
        }
    };
    finish(a, m, color, &input.name)
}

fn finish(a: Args, m: nvir_llvm::Module, color: ColorChoice, name: &str) -> Result<u8> {
    let src = Source { name, content: nvir_diag::SourceContent::None };
    if a.stats {
        let s = m.stats();
        eprintln!(
            "functions {} globals {} blocks {} instructions {} types {} constants {} metadata {}",
            s.functions, s.globals, s.blocks, s.instructions, s.types, s.constants, s.metadata
        );
    }
    if a.parse_only {
        // The process ends next: freeing the module's many small allocations one by one would be
        // work nobody sees (the operating system takes the memory back at once).
        std::mem::forget(m);
        return Ok(EXIT_OK);
    }
    let syntax = match a.syntax {
        SyntaxArg::Faithful => Syntax::Faithful,
        SyntaxArg::Llvm7 => Syntax::Llvm7,
        SyntaxArg::Modern => Syntax::Modern,
    };
    let printed = match nvir_llvm::print(&m, syntax) {
        Ok(p) => p,
        Err(e) => {
            return Ok(report(&[Diagnostic::error(e.to_string()).with_code("ll-print")], &src, a.format.format, color))
        }
    };
    std::mem::forget(m); // as above: the process ends soon, the memory goes back with it
    let notes: Vec<Diagnostic> =
        printed.notes.iter().map(|n| Diagnostic::note(n.clone()).with_code("ll-syntax")).collect();
    a.output.write_text(&printed.text)?;
    Ok(report(&notes, &src, a.format.format, color))
}
