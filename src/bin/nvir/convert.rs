//! `nvir convert`: make a module (text or bitcode, either pointer dialect) into what libNVVM
//! reads for an arch, then check the result as `nvir verify` does.

use anyhow::Result;
use clap::ValueEnum;
use nvir::verify as v;
use nvir::{ColorChoice, FormatArg, InputArg, OutputArg, OutputLimitArg};
use nvir_diag::{Diagnostic, Source, SourceContent};
use nvir_llvm::convert::{convert, Emit, Options};
use nvir_verify::Target;

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum EmitArg {
    /// Bitcode: LLVM 7.0.1's layout below compute_100, LLVM 22's from compute_100 on.
    Bc,
    /// `.ll` text in the syntax the arch's libNVVM path reads.
    Ll,
}

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArg,
    /// The target: `compute_90`, `sm_90a`, `100`, …
    #[arg(long)]
    arch: String,
    /// Output file; standard output when absent or `-` (bitcode never to a terminal).
    #[command(flatten)]
    output: OutputArg,
    /// What to write.
    #[arg(long, value_enum, default_value_t = EmitArg::Bc)]
    emit: EmitArg,
    #[command(flatten)]
    limit: OutputLimitArg,
    #[command(flatten)]
    format: FormatArg,
}

/// `nvir convert`.
pub fn run(a: Args, color: ColorChoice) -> Result<u8> {
    let target = Target::parse(&a.arch, false).map_err(anyhow::Error::msg)?;
    let nvir::Input { name, mut bytes } = a.input.read()?;
    let input_len = bytes.len();
    let format = a.format.format;
    let no_source = Source { name: &name, content: SourceContent::None };
    let fail = |d: Diagnostic, src: &Source<'_>| nvir::report(&[d], src, format, color);
    if bytes.is_empty() {
        return Ok(fail(Diagnostic::error("empty input").with_code("input-empty"), &no_source));
    }
    let m = match nvir::bitcode_input(&bytes) {
        Err(e) => return Ok(fail(Diagnostic::error(format!("{e:#}")).with_code("bc-input"), &no_source)),
        Ok(nvir::BitcodeInput::Bitcode(bc)) => match nvir_llvm::bitcode::read(bc) {
            Ok(m) => m,
            Err(e) => return Ok(fail(Diagnostic::error(e.to_string()).with_code("bc-read"), &no_source)),
        },
        Ok(nvir::BitcodeInput::Text) => match nvir_llvm::parse_bytes(&bytes) {
            Ok(m) => m,
            Err(e) => {
                let text = nvir_diag::text_with_same_offsets(&bytes);
                return Ok(fail(e.to_diagnostic(), &Source::text(&name, &text)));
            }
        },
    };
    // The input goes before the conversion. Bitcode is not quoted again; text read from a file
    // is read again to quote where a conversion error is (held through the conversion, 10 MB of
    // text was a tenth of its peak), and text from anything else (standard input, a pipe) stays.
    let binary = v::is_binary(&bytes);
    let reread = !binary && std::fs::metadata(&a.input.input).is_ok_and(|md| md.is_file());
    if binary || reread {
        bytes = Vec::new();
    }
    let emit = match a.emit {
        EmitArg::Bc => Emit::Bitcode,
        EmitArg::Ll => Emit::Text,
    };
    let opts = Options {
        llvm7: target.path == nvir_verify::Path::Llvm7,
        emit,
        keep_kernels: false,
        max_output: a.limit.limit(input_len),
    };
    let converted = match convert(m, &opts) {
        Ok(c) => c,
        Err(e) => {
            if reread {
                // The file as it was read (if it has changed since, its error is not placed in it).
                bytes = std::fs::read(&a.input.input).ok().filter(|b| b.len() == input_len).unwrap_or_default();
            }
            let text_in = v::diagnostic_text(&bytes);
            let mut d = Diagnostic::error(e.message.clone()).with_code("convert");
            if let Some(at) = e.offset {
                if !text_in.is_empty() {
                    d = d.with_span(nvir_diag::Span::at(at as usize, 1));
                }
            }
            if let Some(func) = &e.function {
                d = d.with_note(format!("in function @{func}"));
            }
            if e.message.contains(nvir_llvm::bitcode::OVER_LIMIT) {
                d = d.with_help(nvir::OVER_LIMIT_HELP);
            }
            return Ok(fail(d, &Source::text(&name, &text_in)));
        }
    };
    // The input is not quoted again: it goes before the result is read back and checked.
    drop(bytes);
    let mut diags: Vec<Diagnostic> =
        converted.notes.iter().map(|n| Diagnostic::note(n.to_string()).with_code("convert-note")).collect();
    // What libNVVM would say of the result, as `nvir verify` predicts it.
    let text_out = v::diagnostic_text(&converted.bytes);
    let checked = v::check(&converted.bytes, &text_out, &target, false);
    let (ok, compiles) = (checked.ok(), checked.compiles());
    let first_error = checked.first_error();
    let unknown = match (&checked.module, target.path) {
        (Some(r), nvir_verify::Path::Llvm7) => unknown_intrinsic(&r.module),
        _ => None,
    };
    if let Some(name) = &unknown {
        let d = Diagnostic::error(format!(
            "the module calls @{name}, an intrinsic LLVM 7 does not have: libNVVM at {target} would compile it into a \
             call of an external function of that name, which ptxas refuses"
        ));
        diags.push(d.with_code("convert-intrinsic"));
    } else if !compiles || checked.parse_error.is_some() {
        let d = Diagnostic::error(format!("the converted module would not compile at {target}: {first_error}"));
        diags.push(d.with_code("convert-check"));
    } else if !ok {
        // The compiler is the acceptance boundary: say what the verifier would refuse, and write.
        let d = Diagnostic::warning(format!(
            "nvvmVerifyProgram would refuse the converted module at {target} (nvvmCompileProgram compiles it): {first_error}"
        ));
        diags.push(d.with_code("convert-verify"));
    }
    let status = nvir::report(&diags, &no_source, format, color);
    if compiles && checked.parse_error.is_none() && unknown.is_none() {
        match a.emit {
            EmitArg::Bc => a.output.write_binary(&converted.bytes)?,
            EmitArg::Ll => a.output.write_text(std::str::from_utf8(&converted.bytes)?)?,
        }
    }
    Ok(status)
}

/// The debug intrinsics LLVM 7 has (measured: libNVVM compiles calls of each at compute_90, and
/// the PTX names none of them).
const LLVM7_DEBUG_INTRINSICS: &[&str] = &["llvm.dbg.declare", "llvm.dbg.value", "llvm.dbg.label"];

/// The first target-independent `llvm.*` function a call names that libNVVM's LLVM 7 reader
/// does not know. (`llvm.nvvm.*` names are left to the conversion, which refuses those measured
/// not to compile; the verifier's table lists what libNVVM checks, not every intrinsic it
/// compiles: libNVVM takes any declaration of the debug intrinsics, and compiles LLVM 7's.)
fn unknown_intrinsic(m: &nvir_llvm::Module) -> Option<String> {
    use nvir_llvm::ir::{ConstData, InstKind, Value};
    for (_, f) in m.functions.iter() {
        for (_, i) in f.insts.iter() {
            let InstKind::Call { call, .. } = &i.kind else { continue };
            let Value::Const(c) = call.callee else { continue };
            let ConstData::Global { global, .. } = &m.consts[c] else { continue };
            let name = &m.symbols[*global].name;
            if name.starts_with("llvm.")
                && !name.starts_with("llvm.nvvm.")
                && !LLVM7_DEBUG_INTRINSICS.contains(&&**name)
                && !nvir_verify::intrinsic_known(name, nvir_verify::Path::Llvm7)
            {
                return Some(name.to_string());
            }
        }
    }
    None
}
