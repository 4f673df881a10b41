//! `nvir dis`: read LLVM bitcode (raw, wrapped, or a container's raw payload), print it as `.ll`
//! text in its own dialect.

use anyhow::Result;
use nvir::{report, ColorChoice, FormatArg, InputArg, OutputArg, EXIT_OK};
use nvir_diag::{Diagnostic, Source};
use nvir_llvm::Syntax;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArg,
    #[command(flatten)]
    output: OutputArg,
    /// Read only; print nothing (for timing and for checking the bitcode).
    #[arg(long)]
    parse_only: bool,
    /// Threads to read function bodies with (default: one per CPU, up to 8; small inputs are
    /// read on one). The module read is the same whatever the number.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    #[command(flatten)]
    format: FormatArg,
}

pub fn run(a: Args, color: ColorChoice) -> Result<u8> {
    let input = a.input.read()?;
    let src = Source { name: &input.name, content: nvir_diag::SourceContent::None };
    let bytes = match nvir::bitcode_input(&input.bytes) {
        Ok(nvir::BitcodeInput::Bitcode(bc)) => bc,
        // The reader names what it expected ('BC' 0xC0DE) and where.
        Ok(_) => &input.bytes[..],
        Err(e) => {
            let d = Diagnostic::error(format!("{e:#}")).with_code("bc-input");
            return Ok(report(&[d], &src, a.format.format, color));
        }
    };
    let mut options = nvir_llvm::ParseOptions::default();
    if let Some(n) = a.threads {
        options.threads = n.into();
    }
    let m = match nvir_llvm::bitcode::read_with_options(bytes, options) {
        Ok(r) => r.module,
        Err(e) => {
            let d = Diagnostic::error(e.to_string()).with_code("bc-read");
            return Ok(report(&[d], &src, a.format.format, color));
        }
    };
    if a.parse_only {
        // The process ends next: the operating system takes the memory back at once.
        std::mem::forget(m);
        return Ok(EXIT_OK);
    }
    let printed = match nvir_llvm::print(&m, Syntax::Faithful) {
        Ok(p) => p,
        Err(e) => {
            return Ok(report(&[Diagnostic::error(e.to_string()).with_code("ll-print")], &src, a.format.format, color))
        }
    };
    std::mem::forget(m);
    a.output.write_text(&printed.text)?;
    Ok(EXIT_OK)
}
