//! `nvir as`: read an LLVM IR module (`.ll` text, or bitcode) and write it as bitcode.

use anyhow::Result;
use clap::ValueEnum;
use nvir::{ColorChoice, FormatArg, InputArg, OutputArg, OutputLimitArg};
use nvir_diag::{Diagnostic, Source, SourceContent};

#[derive(Clone, Copy, ValueEnum)]
enum DialectArg {
    /// LLVM 7.0.1's layout for typed-pointer modules: what libNVVM below compute_100 and
    /// nvJitLink below sm_100 read (and every later LLVM).
    Llvm7,
    /// LLVM 22's layout for opaque-pointer modules: what libNVVM from compute_100 on and LLVM
    /// 17 and later read. A typed-pointer module is upgraded to opaque pointers first.
    Modern,
}

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArg,
    /// Output file (`.bc`); standard output when absent or `-` (never a terminal).
    #[command(flatten)]
    output: OutputArg,
    /// Which bitcode layout to write.
    #[arg(long, value_enum, default_value_t = DialectArg::Llvm7)]
    dialect: DialectArg,
    #[command(flatten)]
    limit: OutputLimitArg,
    #[command(flatten)]
    format: FormatArg,
}

/// `nvir as`.
pub fn run(a: Args, color: ColorChoice) -> Result<u8> {
    let mut input = a.input.read()?;
    let format = a.format.format;
    let no_source = Source { name: &input.name, content: SourceContent::None };
    let fail = |d: Diagnostic, src: &Source<'_>| nvir::report(&[d], src, format, color);
    if input.bytes.is_empty() {
        return Ok(fail(Diagnostic::error("empty input").with_code("input-empty"), &no_source));
    }
    // (A module the text reader made is not validated again; one read from bitcode is.)
    let (mut m, from_text) = match nvir::bitcode_input(&input.bytes) {
        Err(e) => return Ok(fail(Diagnostic::error(format!("{e:#}")).with_code("bc-input"), &no_source)),
        Ok(nvir::BitcodeInput::Bitcode(bc)) => match nvir_llvm::bitcode::read(bc) {
            Ok(m) => (m, false),
            Err(e) => return Ok(fail(Diagnostic::error(e.to_string()).with_code("bc-read"), &no_source)),
        },
        Ok(nvir::BitcodeInput::Text) => match nvir_llvm::parse_bytes(&input.bytes) {
            Ok(m) => (m, true),
            Err(e) => {
                let text = nvir_diag::text_with_same_offsets(&input.bytes);
                return Ok(fail(e.to_diagnostic(), &Source::text(&input.name, &text)));
            }
        },
    };
    let layout = match a.dialect {
        DialectArg::Llvm7 => nvir_llvm::bitcode::Layout::Llvm7,
        DialectArg::Modern => nvir_llvm::bitcode::Layout::Modern,
    };
    let max = a.limit.limit(input.bytes.len());
    // A module read from bitcode owns all it needs, and no diagnostic quotes bitcode: the input's
    // bytes go before the writer's tables and output join the module (pg_all.bc, 16.75 MB: a
    // tenth of the peak).
    if !from_text {
        input.bytes = Vec::new();
    }
    // A typed-pointer module written in the modern layout is upgraded in place: the module is
    // not needed as it was, and a copy to upgrade would hold it twice.
    let upgrade = matches!(layout, nvir_llvm::bitcode::Layout::Modern)
        && m.types.dialect() == Some(nvir_llvm::ir::Dialect::TypedPointers);
    let written = if upgrade {
        nvir_llvm::bitcode::write_in_place_limited(&mut m, layout, max)
    } else if from_text {
        nvir_llvm::bitcode::write_as_read_limited(&m, layout, max)
    } else {
        nvir_llvm::bitcode::write_as_limited(&m, layout, max)
    };
    // The process ends next: freeing the module's many small allocations one by one would be
    // work nobody sees (the operating system takes the memory back at once).
    std::mem::forget(m);
    let bytes = match written {
        Ok(b) => b,
        Err(e) => {
            let (d, text) = nvir::write_error_diagnostic(&e, from_text.then_some(&input.bytes[..]));
            return Ok(fail(d, &Source::text(&input.name, &text)));
        }
    };
    a.output.write_binary_pieces(bytes.iter())?;
    Ok(0)
}
