//! `nvir dis`: read LLVM bitcode (raw or wrapped), print it as `.ll` text in its own dialect.

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
    #[command(flatten)]
    format: FormatArg,
}

pub fn run(a: Args, color: ColorChoice) -> Result<u8> {
    let input = a.input.read()?;
    let src = Source { name: &input.name, content: nvir_diag::SourceContent::None };
    let m = match nvir_llvm::bitcode::read(&input.bytes) {
        Ok(m) => m,
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
