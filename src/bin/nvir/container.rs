//! `nvir container …`: NVVM containers.

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use nvir::{report, ColorChoice, Format, FormatArg, InputArg, OutputArg, EXIT_INVALID, EXIT_OK};
use nvir_container::tags::{parse_tag, parse_value};
use nvir_container::{self as nc, Container, Policy, Target, Variant, Version};
use nvir_diag::{render_json, Diagnostic, Source, SourceContent};
use std::fmt::Write;

#[derive(Subcommand)]
pub enum Command {
    /// Print a container as an annotated listing (offset | bytes | meaning), or as JSON.
    Dump(DumpArgs),
    /// Change tags, IR level or versions; with no change the output is byte-identical.
    Edit(EditArgs),
    /// Wrap a module (.ll or .bc, either pointer dialect) in a container nvJitLink and nvlink
    /// accept: converted for the arch as `nvir convert` does unless --raw, then checked.
    Wrap(WrapArgs),
    /// Extract the payload (LLVM bitcode) of a container.
    Unwrap(UnwrapArgs),
    /// Convert a container to the XML form.
    ToXml(ConvertArgs),
    /// Convert the XML form back to a binary container.
    FromXml(ConvertArgs),
}

#[derive(Clone, Copy, ValueEnum)]
enum PolicyArg {
    /// CUDA 13.5's tools: newer minor versions are errors.
    Cuda,
    /// The seed document's rules: newer minor versions are warnings.
    Seed,
}

impl From<PolicyArg> for Policy {
    fn from(p: PolicyArg) -> Self {
        match p {
            PolicyArg::Cuda => Policy::Cuda,
            PolicyArg::Seed => Policy::Seed,
        }
    }
}

#[derive(Args)]
pub struct DumpArgs {
    /// Containers (`.ltoir`, `.optixir`), directories of them (walked recursively), or `-` for
    /// standard input.
    #[arg(value_name = "INPUT", default_value = "-")]
    inputs: Vec<std::path::PathBuf>,
    #[command(flatten)]
    format: FormatArg,
    #[command(flatten)]
    jobs: nvir::JobsArg,
    /// Whose version rules to check against.
    #[arg(long, value_enum, default_value_t = PolicyArg::Cuda)]
    policy: PolicyArg,
}

#[derive(Args)]
pub struct EditArgs {
    #[command(flatten)]
    input: InputArg,
    #[command(flatten)]
    output: OutputArg,
    /// Set a tag (number or name) to a value (number or enum name); every occurrence changes in
    /// place, a missing tag is appended. Applied after --arch and --remove.
    #[arg(long = "set", value_name = "TAG=VALUE")]
    set: Vec<String>,
    /// Remove every occurrence of a tag (number or name).
    #[arg(long = "remove", value_name = "TAG")]
    remove: Vec<String>,
    /// Retarget: set tag 1 (ArchVariant) and add or drop tag 32 (the `a` flag), e.g. sm_100a.
    #[arg(long, value_name = "ARCH")]
    arch: Option<Target>,
    /// Set the IR level: lto, optix, linked or a number.
    #[arg(long, value_name = "LEVEL", value_parser = parse_ir_level)]
    ir_level: Option<u16>,
    /// Rewrite the magic: cuda (0x7F4E43ED) or seed (0x7F4E5C7D).
    #[arg(long, value_name = "VARIANT", value_parser = parse_variant)]
    magic: Option<Variant>,
    /// Set a version pair: container, nvvm-ir, nvvm-debug or llvm = MAJOR.MINOR.
    #[arg(long = "set-version", value_name = "FIELD=MAJOR.MINOR")]
    set_version: Vec<String>,
}

#[derive(Args)]
pub struct WrapArgs {
    #[command(flatten)]
    input: InputArg,
    #[command(flatten)]
    output: OutputArg,
    /// Target architecture: sm_XX, compute_XX or lto_XX, with an optional a or f suffix.
    /// Below sm_100 the bitcode must be typed-pointer LLVM IR (LLVM 7-compatible).
    #[arg(long, value_name = "ARCH")]
    arch: Target,
    /// IR level: lto (default), optix, linked or a number.
    #[arg(long, value_name = "LEVEL", value_parser = parse_ir_level, default_value = "lto")]
    ir_level: u16,
    /// Wrap the bitcode as it is instead of converting the module for the arch (it is still
    /// read and checked).
    #[arg(long)]
    raw: bool,
    #[command(flatten)]
    limit: nvir::OutputLimitArg,
    #[command(flatten)]
    format: FormatArg,
}

#[derive(Args)]
pub struct UnwrapArgs {
    #[command(flatten)]
    input: InputArg,
    #[command(flatten)]
    output: OutputArg,
    #[command(flatten)]
    format: FormatArg,
}

#[derive(Args)]
pub struct ConvertArgs {
    #[command(flatten)]
    input: InputArg,
    #[command(flatten)]
    output: OutputArg,
    #[command(flatten)]
    format: FormatArg,
}

fn parse_ir_level(s: &str) -> Result<u16, String> {
    match s {
        "linked" => Ok(nc::IR_LEVEL_LINKED),
        "lto" => Ok(nc::IR_LEVEL_LTO),
        "optix" => Ok(nc::IR_LEVEL_OPTIX),
        n => n
            .parse()
            .map_err(|_| format!("'{n}' is not an IR level: expected lto, optix, linked or a number from 0 to 65535")),
    }
}

fn parse_variant(s: &str) -> Result<Variant, String> {
    match s {
        "cuda" => Ok(Variant::Cuda),
        "seed" => Ok(Variant::Seed),
        _ => Err(format!("'{s}': expected cuda or seed")),
    }
}

pub fn run(cmd: Command, color: ColorChoice) -> Result<u8> {
    match cmd {
        Command::Dump(a) => dump(a, color),
        Command::Edit(a) => edit(a, color),
        Command::Wrap(a) => wrap(a, color),
        Command::Unwrap(a) => unwrap(a, color),
        Command::ToXml(a) => to_xml(a, color),
        Command::FromXml(a) => from_xml(a, color),
    }
}

/// Reads a binary container or reports why not (`Err(status)`).
fn read<'a>(name: &str, bytes: &'a [u8], format: Format, color: ColorChoice) -> Result<Container<'a>, u8> {
    nc::read(bytes).map_err(|e| report(&[e.to_diagnostic()], &Source::binary(name, bytes), format, color))
}

fn dump(a: DumpArgs, color: ColorChoice) -> Result<u8> {
    let select = nvir::batch::Select { extensions: &["ltoir", "optixir"], sniff: nc::has_magic };
    let (items, any_dir) = nvir::batch::expand(&a.inputs, select);
    let several = items.len() > 1 || any_dir;
    if let [item] = items.as_slice() {
        if !several {
            return Ok(dump_alone(&a, item, color));
        }
    }
    let opts = nvir::batch::Options {
        jobs: a.jobs.jobs,
        format: a.format.format,
        color,
        summary: several,
        noun: "files",
        json_on_stderr: false,
    };
    Ok(nvir::batch::run(&items, opts, |item| dump_one(&a, item, color)).status())
}

/// What a file that is not a container holds instead, when it is something nvir reads elsewhere.
fn not_a_container_help(bytes: &[u8]) -> Option<&'static str> {
    use nvir_fatbin::InputKind;
    match nvir_fatbin::detect(bytes) {
        InputKind::Elf => {
            Some("this is an ELF object: `nvir fatbin list` shows the PTX, cubins and LTO-IR its fatbins carry")
        }
        InputKind::Archive => {
            Some("this is an `ar` archive: `nvir fatbin list` shows the PTX, cubins and LTO-IR its objects carry")
        }
        InputKind::Fatbin => Some("this is a fatbin: `nvir fatbin list` shows the PTX, cubins and LTO-IR it carries"),
        _ if nvir_llvm::bitcode::is_bitcode(bytes) => {
            Some("this is LLVM bitcode: `nvir container wrap` puts it in a container, `nvir dis` prints it")
        }
        _ => None,
    }
}

/// One input read and checked: the container (if it is one) and what is wrong with it.
struct Judged<'b> {
    container: Option<Container<'b>>,
    diags: Vec<Diagnostic>,
    verdict: nvir::batch::Verdict,
}

fn judge<'b>(a: &DumpArgs, input: &'b nvir::Input) -> Judged<'b> {
    let (container, diags) = match nc::read(&input.bytes) {
        Ok(c) => {
            let diags = nc::check_versions(&c, a.policy.into());
            (Some(c), diags)
        }
        Err(e) => {
            let mut d = e.to_diagnostic();
            if input.bytes.is_empty() {
                d = Diagnostic::error("empty input").with_code("input-empty");
            } else if let Some(help) = not_a_container_help(&input.bytes) {
                d = d.with_help(help);
            }
            (None, vec![d])
        }
    };
    let verdict =
        if nvir::status(&diags) == EXIT_OK { nvir::batch::Verdict::Ok } else { nvir::batch::Verdict::Rejected };
    Judged { container, diags, verdict }
}

/// The JSON line of one input: the dump's fields, then `file`, `ok` and `diagnostics`.
#[derive(serde::Serialize)]
struct JsonReport<'x, 'c, 'a> {
    #[serde(flatten)]
    dump: Option<&'x nc::Description<'c, 'a>>,
    file: &'x str,
    ok: bool,
    diagnostics: serde_json::Value,
}

/// What goes to standard output for one input (a JSON line, or the listing), written as it is
/// made: a container of a million tags is never held as text.
fn write_stdout(
    out: &mut dyn std::io::Write,
    format: Format,
    input: &nvir::Input,
    j: &Judged<'_>,
) -> std::io::Result<()> {
    let description = j.container.as_ref().map(nc::Description::new);
    match format {
        Format::Json => {
            let src = Source::binary(&input.name, &input.bytes);
            let report = JsonReport {
                dump: description.as_ref(),
                file: &input.name,
                ok: j.verdict == nvir::batch::Verdict::Ok,
                diagnostics: render_json(&j.diags, &src),
            };
            serde_json::to_writer(&mut *out, &report).map_err(std::io::Error::other)?;
            out.write_all(b"\n")
        }
        Format::Human => match &description {
            Some(d) => listing(out, &input.name, &input.bytes, d),
            None => Ok(()),
        },
    }
}

/// What goes to standard error for one input (human diagnostics).
fn stderr_text(format: Format, input: &nvir::Input, j: &Judged<'_>, color: ColorChoice) -> String {
    match format {
        Format::Json => String::new(),
        Format::Human => nvir::render(&j.diags, &Source::binary(&input.name, &input.bytes), format, color),
    }
}

fn dump_one(a: &DumpArgs, item: &nvir::batch::Item, color: ColorChoice) -> nvir::batch::Outcome {
    let format = a.format.format;
    let input = match nvir::batch::read_item(item) {
        Ok(input) => input,
        Err(why) => return nvir::batch::Outcome::unreadable(item, &why, format, serde_json::json!({})),
    };
    let j = judge(a, &input);
    let mut stdout = Vec::new();
    let _ = write_stdout(&mut stdout, format, &input, &j);
    nvir::batch::Outcome {
        verdict: j.verdict,
        stdout: String::from_utf8(stdout).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
        stderr: stderr_text(format, &input, &j, color),
        codes: nvir::error_codes(&j.diags),
    }
}

/// One input by itself: as the batch runner would report it, but streamed to standard output.
fn dump_alone(a: &DumpArgs, item: &nvir::batch::Item, color: ColorChoice) -> u8 {
    use std::io::Write as _;
    let format = a.format.format;
    let emit = |o: &nvir::batch::Outcome| {
        let _ = std::io::stderr().lock().write_all(o.stderr.as_bytes());
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(o.stdout.as_bytes()).and_then(|()| out.flush());
    };
    let input = match nvir::batch::read_item(item) {
        Ok(input) => input,
        Err(why) => {
            emit(&nvir::batch::Outcome::unreadable(item, &why, format, serde_json::json!({})));
            return EXIT_INVALID;
        }
    };
    // A panic is this input's failure, reported as the batch runner reports it.
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let j = judge(a, &input);
        let err = stderr_text(format, &input, &j, color);
        if !err.is_empty() {
            let _ = std::io::stderr().lock().write_all(err.as_bytes());
        }
        let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
        let _ = write_stdout(&mut out, format, &input, &j).and_then(|()| out.flush());
        j.verdict
    }));
    match run {
        Ok(nvir::batch::Verdict::Ok) => EXIT_OK,
        Ok(_) => EXIT_INVALID,
        Err(_) => {
            emit(&nvir::batch::Outcome::unreadable(
                item,
                "internal error while reading this input",
                format,
                serde_json::json!({}),
            ));
            EXIT_INVALID
        }
    }
}

/// One row of the listing: offset, up to 8 bytes, meaning.
fn row(out: &mut dyn std::io::Write, offset: usize, bytes: &[u8], meaning: &str) -> std::io::Result<()> {
    let mut hex = String::with_capacity(32);
    for b in bytes.iter().take(8) {
        let _ = write!(hex, "{b:02x} ");
    }
    if bytes.len() > 8 {
        hex.push('…');
    }
    let line = format!("{offset:#06x} | {:<26}| {meaning}", hex.trim_end());
    writeln!(out, "{}", line.trim_end())
}

fn section(out: &mut dyn std::io::Write, title: &str) -> std::io::Result<()> {
    writeln!(out, "       | {:<26}| -- {title} --", "")
}

/// Rows of 8 bytes for a raw region, at most `max_rows`.
fn raw_rows(
    out: &mut dyn std::io::Write,
    base: usize,
    bytes: &[u8],
    meaning: &str,
    max_rows: usize,
) -> std::io::Result<()> {
    for (i, chunk) in bytes.chunks(8).enumerate().take(max_rows) {
        row(out, base + i * 8, chunk, if i == 0 { meaning } else { "" })?;
    }
    let shown = (max_rows * 8).min(bytes.len());
    if shown < bytes.len() {
        writeln!(out, "       | {:<26}| … {} more bytes", "", bytes.len() - shown)?;
    }
    Ok(())
}

fn listing(out: &mut dyn std::io::Write, name: &str, b: &[u8], desc: &nc::Description<'_, '_>) -> std::io::Result<()> {
    let o = out;
    let d = &desc.summary;
    writeln!(o, "{name}: NVVM container ({} variant), {} bytes", d.variant, b.len())?;
    writeln!(o, "offset | {:<26}| meaning", "bytes")?;
    let seed_order = d.field_order == "seed";
    let v = &d.version;
    let magic_note = if d.variant == "cuda" { "CUDA" } else { "the seed's variant; NVIDIA's tools reject it" };
    row(o, 0, &b[0..4], &format!("magic {} ({magic_note})", d.magic))?;
    row(o, 4, &b[4..6], &format!("container version {}.{}", v.container[0], v.container[1]))?;
    row(o, 6, &b[6..8], &format!("NVVM IR version {}.{}", v.nvvm_ir[0], v.nvvm_ir[1]))?;
    row(o, 8, &b[8..10], &format!("NVVM debug version {}.{}", v.nvvm_debug[0], v.nvvm_debug[1]))?;
    row(o, 10, &b[10..12], &format!("LLVM version {}.{}", v.llvm[0], v.llvm[1]))?;
    let hs = format!("header size {} (tag stream start)", d.header_size);
    let il = format!("IR level {} ({})", d.ir_level, d.ir_level_name);
    let (r0c, r0e) = if seed_order { (il.clone() + ", seed field order", hs.clone()) } else { (hs, il) };
    row(o, 12, &b[12..14], &r0c)?;
    row(o, 14, &b[14..16], &r0e)?;
    row(o, 16, &b[16..20], &format!("tag-area end / blob start {}", d.blob.offset))?;
    row(o, 20, &b[20..24], &format!("blob end / payload start {}", d.payload.offset))?;
    if d.header_extra.len > 0 {
        raw_rows(o, d.header_extra.offset, &b[d.header_extra.offset..d.header_size], "extra header bytes", 4)?;
    }
    let tag_count = desc.tags().len();
    section(o, &format!("tags ({tag_count})"))?;
    let mut m = String::new();
    for t in desc.tags() {
        let len = if t.wide { 8 } else { 4 };
        m.clear();
        let _ = write!(m, "tag {} {} = {}", t.tag, t.name.unwrap_or("(unknown)"), t.value);
        if let Some(meaning) = &t.meaning {
            let _ = write!(m, " ({meaning})");
        }
        if t.wide {
            m.push_str(", wide form");
        }
        if t.overridden {
            m.push_str(", overridden by a later entry");
        }
        row(o, t.offset, &b[t.offset..t.offset + len], &m)?;
    }
    match d.terminator {
        Some(at) => row(o, at, &b[at..at + 2], "terminator")?,
        None => writeln!(o, "       | {:<26}| no terminator: the stream ends at the tag-area end", "")?,
    }
    let tr = d.tag_trailer;
    if tr.len > 0 {
        let what = if tr.padding { "padding" } else { "bytes after the stream (kept, not read)" };
        raw_rows(o, tr.offset, &b[tr.offset..tr.offset + tr.len], what, 4)?;
    }
    section(o, &format!("blob ({} bytes)", d.blob.len))?;
    let blob = &b[d.blob.offset..d.blob.offset + d.blob.len];
    raw_rows(o, d.blob.offset, blob, &d.key.as_ref().map_or_else(String::new, |k| format!("payload key {k}")), 8)?;
    for r in desc.blob_refs() {
        write!(o, "       | {:<26}| tag {} {} at blob offset {}: ", "", r.tag, r.name, r.offset)?;
        match &r.value {
            nc::BlobData::Invalid(why) => write!(o, "not decoded: {why}")?,
            nc::BlobData::SameAs(_) => write!(o, "the value shown above for these bytes")?,
            other => serde_json::to_writer(&mut *o, other).map_err(std::io::Error::other)?,
        }
        writeln!(o)?;
    }
    section(o, &format!("payload ({} bytes, {})", d.payload.len, d.payload.kind))?;
    if d.payload.len > 0 {
        let what = match d.payload.kind {
            "encoded" => "encoded with NVIDIA's closed codec",
            "bitcode" => "LLVM bitcode",
            "bitcode-wrapper" => "LLVM bitcode in the 20-byte wrapper",
            _ => "not LLVM bitcode",
        };
        row(o, d.payload.offset, &b[d.payload.offset..], what)?;
    }
    if !d.implied_options.is_empty() {
        let opts: Vec<&str> = d.implied_options.iter().map(|i| i.option.as_str()).filter(|s| !s.is_empty()).collect();
        writeln!(o, "\nimplied options: {}", opts.join(" "))?;
        for i in &d.implied_options {
            let tags: Vec<String> = i.tags.iter().map(u16::to_string).collect();
            writeln!(o, "  {:<16} {} (tag {})", i.option, i.meaning, tags.join(", "))?;
        }
    }
    if !d.unrecorded_options.is_empty() {
        writeln!(
            o,
            "not recorded in a {} header (set or not, these leave no tag): {}",
            d.ir_level_name,
            d.unrecorded_options.join(", ")
        )?;
    }
    Ok(())
}

fn edit(a: EditArgs, color: ColorChoice) -> Result<u8> {
    let input = a.input.read()?;
    let mut c = match read(&input.name, &input.bytes, Format::Human, color) {
        Ok(c) => c,
        Err(status) => return Ok(status),
    };
    if let Some(target) = &a.arch {
        c.set_target(target);
    }
    for t in &a.remove {
        let tag = parse_tag(t).ok_or_else(|| anyhow!("--remove {t}: not a tag number or name"))?;
        c.remove_tag(tag);
    }
    for kv in &a.set {
        let (t, v) = kv.split_once('=').ok_or_else(|| anyhow!("--set {kv}: expected TAG=VALUE"))?;
        let tag = parse_tag(t).ok_or_else(|| anyhow!("--set {kv}: '{t}' is not a tag number or name"))?;
        let value = parse_value(tag, v)
            .ok_or_else(|| anyhow!("--set {kv}: '{v}' is not a 32-bit number or an enum name of tag {tag}"))?;
        c.set_tag(tag, value);
    }
    if let Some(level) = a.ir_level {
        c.ir_level = level;
    }
    if let Some(variant) = a.magic {
        c.variant = variant;
    }
    for kv in &a.set_version {
        set_version(&mut c, kv)?;
    }
    a.output.write_binary(&nc::write(&c)?)?;
    Ok(EXIT_OK)
}

fn set_version(c: &mut Container<'_>, kv: &str) -> Result<()> {
    let (field, ver) = kv.split_once('=').ok_or_else(|| anyhow!("--set-version {kv}: expected FIELD=MAJOR.MINOR"))?;
    let (major, minor) = ver.split_once('.').ok_or_else(|| anyhow!("--set-version {kv}: expected MAJOR.MINOR"))?;
    let byte =
        |s: &str| s.parse::<u8>().map_err(|_| anyhow!("--set-version {kv}: '{s}' is not a number from 0 to 255"));
    let v = Version::new(byte(major)?, byte(minor)?);
    let slot = match field {
        "container" => &mut c.versions.container,
        "nvvm-ir" => &mut c.versions.nvvm_ir,
        "nvvm-debug" => &mut c.versions.nvvm_debug,
        "llvm" => &mut c.versions.llvm,
        _ => bail!("--set-version {kv}: the field is container, nvvm-ir, nvvm-debug or llvm"),
    };
    *slot = v;
    Ok(())
}

fn wrap(a: WrapArgs, color: ColorChoice) -> Result<u8> {
    let input = a.input.read()?;
    let format = a.format.format;
    let mut diags: Vec<Diagnostic> = Vec::new();
    // The payload: the module converted for the arch, or (--raw) the bitcode as given. A
    // converted input is not needed again (what is reported about the payload quotes no source),
    // so it is freed before the payload is read back and checked.
    let (payload, name) = if a.raw {
        if let Err(e) = nc::check_bitcode(&input.bytes) {
            let d = Diagnostic::error(e.to_string())
                .with_code("container-wrap")
                .with_span(nvir_diag::Span::at(0, 4.min(input.bytes.len())))
                .with_help("make bitcode with `nvir as` or `nvir convert` (LLVM IR text), or drop --raw to convert");
            diags.push(d);
            return Ok(report(&diags, &Source::binary(&input.name, &input.bytes), format, color));
        }
        (input.bytes, input.name)
    } else {
        match convert_for_wrap(input, &a, &mut diags, format, color) {
            Ok(converted) => converted,
            Err(status) => return Ok(status),
        }
    };
    let src = Source { name: &name, content: SourceContent::None };
    if let Some(d) = check_payload(&payload, &a.arch, a.raw) {
        let error = d.is_error();
        diags.push(d);
        if error {
            return Ok(report(&diags, &src, format, color));
        }
    }
    let c = match nc::wrap(&payload, &a.arch, a.ir_level) {
        Ok(c) => c,
        Err(e) => {
            diags.push(Diagnostic::error(e.to_string()).with_code("container-wrap"));
            return Ok(report(&diags, &src, format, color));
        }
    };
    let status = report(&diags, &src, format, color);
    a.output.write_binary(&nc::write(&c)?)?;
    Ok(status)
}

/// Reads `input` as a module and converts it for `a.arch`: the bitcode and the input's name, or
/// (the error reported) the exit status. The input and the module read from it are freed by
/// the time it returns.
fn convert_for_wrap(
    mut input: nvir::Input,
    a: &WrapArgs,
    diags: &mut Vec<Diagnostic>,
    format: Format,
    color: ColorChoice,
) -> std::result::Result<(Vec<u8>, String), u8> {
    let mut fail = |d: Diagnostic, src: &Source<'_>| {
        diags.push(d);
        report(diags, src, format, color)
    };
    let m = match nvir::bitcode_input(&input.bytes) {
        Err(e) => {
            let d = Diagnostic::error(format!("{e:#}")).with_code("bc-input");
            return Err(fail(d, &Source::binary(&input.name, &input.bytes)));
        }
        Ok(nvir::BitcodeInput::Bitcode(bc)) => match nvir_llvm::bitcode::read(bc) {
            Ok(m) => m,
            Err(e) => {
                let d = Diagnostic::error(e.to_string()).with_code("bc-read");
                return Err(fail(d, &Source::binary(&input.name, &input.bytes)));
            }
        },
        Ok(nvir::BitcodeInput::Text) => match nvir_llvm::parse_bytes(&input.bytes) {
            Ok(m) => m,
            Err(e) => {
                let text_in = nvir::verify::diagnostic_text(&input.bytes);
                return Err(fail(e.to_diagnostic(), &Source::text(&input.name, &text_in)));
            }
        },
    };
    let input_len = input.bytes.len();
    let max_output = a.limit.limit(input_len);
    // The input goes before the conversion, as `nvir convert` frees it: bitcode is not quoted
    // again, and text read from a file is read again to quote where a conversion error is.
    let binary = nvir::verify::is_binary(&input.bytes);
    let reread = !binary && std::fs::metadata(&a.input.input).is_ok_and(|md| md.is_file());
    if binary || reread {
        input.bytes = Vec::new();
    }
    let opts = nvir_llvm::convert::Options {
        llvm7: !a.arch.new_nvvm(),
        emit: nvir_llvm::convert::Emit::Bitcode,
        keep_kernels: a.ir_level == nc::IR_LEVEL_LTO,
        max_output,
    };
    match nvir_llvm::convert::convert(m, &opts) {
        Ok(c) => {
            diags.extend(c.notes.iter().map(|n| Diagnostic::note(n.to_string()).with_code("convert-note")));
            Ok((c.bytes, input.name))
        }
        Err(e) => {
            if reread {
                // The file as it was read (if it has changed since, its error is not placed in it).
                input.bytes = std::fs::read(&a.input.input).ok().filter(|b| b.len() == input_len).unwrap_or_default();
            }
            let text_in = nvir::verify::diagnostic_text(&input.bytes);
            let mut d = Diagnostic::error(e.message.clone()).with_code("convert");
            if let (Some(at), false) = (e.offset, text_in.is_empty()) {
                d = d.with_span(nvir_diag::Span::at(at as usize, 1));
            }
            if let Some(func) = &e.function {
                d = d.with_note(format!("in function @{func}"));
            }
            if e.message.contains(nvir_llvm::bitcode::OVER_LIMIT) {
                d = d.with_help(nvir::OVER_LIMIT_HELP);
            }
            Err(fail(d, &Source::text(&input.name, &text_in)))
        }
    }
}

/// What is wrong with a payload for `arch`: an error (it does not read, its pointer dialect is
/// not the one the arch's libNVVM reads, it was built for a newer arch, libNVVM would not
/// compile it) or a warning (no kernel is kept alive for link-time optimization, or only
/// `nvvmVerifyProgram` would refuse it).
fn check_payload(payload: &[u8], arch: &Target, raw: bool) -> Option<Diagnostic> {
    use nvir_llvm::ir::attrs::Attr;
    use nvir_llvm::ir::Dialect;
    // One read serves every check: the verifier's (when it knows the arch) or a plain one.
    let verifier_target = nvir_verify::Target::parse(&arch.to_string(), false).ok();
    let checked = verifier_target.as_ref().map(|t| nvir::verify::check(payload, "", t, false));
    let plain;
    let m = match checked.as_ref().and_then(|c| c.module.as_ref()) {
        Some(r) => &r.module,
        None => {
            let bc = nvir_llvm::bitcode::unwrap(payload).map(|(b, _)| b).unwrap_or(payload);
            plain = match nvir_llvm::bitcode::read(bc) {
                Ok(m) => m,
                Err(e) => {
                    return Some(
                        Diagnostic::error(format!("the payload does not read as a module: {e}"))
                            .with_code("container-wrap"),
                    )
                }
            };
            &plain
        }
    };
    let dialect = m.types.dialect();
    let fix = if raw { "; drop --raw to convert it" } else { "" };
    match (arch.new_nvvm(), dialect) {
        (false, Some(Dialect::OpaquePointers)) => {
            return Some(
                Diagnostic::error(format!(
                    "the payload has opaque pointers; libNVVM and nvJitLink for {arch} read LLVM 7 typed pointers{fix}"
                ))
                .with_code("container-dialect"),
            )
        }
        (true, Some(Dialect::TypedPointers)) => {
            return Some(
                Diagnostic::error(format!(
                    "the payload has typed pointers; libNVVM and nvJitLink for {arch} read opaque pointers{fix}"
                ))
                .with_code("container-dialect"),
            )
        }
        _ => {}
    }
    // Built for a newer arch than it is wrapped for (clang's `"target-cpu"="sm_90"`).
    for (_, f) in m.functions.iter() {
        for a in m.attrs[f.fn_attrs].0.iter() {
            let Attr::Str(k, Some(v)) = a else { continue };
            let built = v.strip_prefix("sm_").and_then(|n| n.trim_end_matches(['a', 'f']).parse::<u32>().ok());
            if &**k == "target-cpu" && built.is_some_and(|b| b > arch.sm) {
                return Some(
                    Diagnostic::error(format!("@{} was built for {v}, a newer arch than {arch}", f.name))
                        .with_code("container-arch"),
                );
            }
        }
    }
    if let (Some(t), Some(checked)) = (&verifier_target, &checked) {
        let first = checked.first_error();
        if !checked.compiles() || checked.parse_error.is_some() {
            return Some(
                Diagnostic::error(format!("libNVVM for {t} would not compile the payload: {first}"))
                    .with_code("container-check"),
            );
        }
        if !checked.ok() {
            return Some(
                Diagnostic::warning(format!(
                    "nvvmVerifyProgram for {t} would refuse the payload (the compiler compiles it): {first}"
                ))
                .with_code("container-check"),
            );
        }
    }
    // nvJitLink's LTO keeps a kernel only when @llvm.used lists it (measured at sm_90: external
    // linkage and its annotation are not enough).
    let kernels = nvir_llvm::pass::lto::kernels(m);
    let used = nvir_llvm::pass::lto::used(m);
    let dropped: Vec<String> =
        kernels.iter().filter(|k| !used.contains(k)).map(|&k| format!("@{}", m.symbols[k].name)).collect();
    if kernels.is_empty() || !dropped.is_empty() {
        let what = if kernels.is_empty() {
            "the payload defines no kernel, so a link would have nothing to launch".to_string()
        } else {
            format!("link-time optimization drops {}: @llvm.used does not list it", dropped.join(", "))
        };
        let fix = if raw { " (drop --raw: the conversion lists every kernel)" } else { "" };
        return Some(Diagnostic::warning(format!("{what}{fix}")).with_code("container-kernels"));
    }
    None
}

fn unwrap(a: UnwrapArgs, color: ColorChoice) -> Result<u8> {
    let input = a.input.read()?;
    let format = a.format.format;
    let c = match read(&input.name, &input.bytes, format, color) {
        Ok(c) => c,
        Err(status) => return Ok(status),
    };
    let src = Source::binary(&input.name, &input.bytes);
    let at = input.bytes.len() - c.payload.len();
    let d = match c.payload_kind() {
        nc::PayloadKind::Encoded => {
            Diagnostic::error("the payload is encoded with NVIDIA's closed codec and cannot be extracted")
                .with_code("container-encoded")
                .with_labelled_span(nvir_diag::Span::at(at, 4.min(c.payload.len())), "encoded payload")
                .with_note(format!(
                    "tag 99 is present: the payload is keyed{}; only NVIDIA's tools decode it",
                    c.key()
                        .map_or(String::new(), |k| format!(" (key {:02x}{:02x}{:02x}{:02x})", k[0], k[1], k[2], k[3]))
                ))
                .with_help(
                    "containers made by `nvir container wrap` hold raw bitcode; NVIDIA's tools write no unencoded form",
                )
        }
        nc::PayloadKind::Empty => Diagnostic::error("the container has no payload")
            .with_code("container-empty")
            .with_span(nvir_diag::Span::at(at, 0)),
        _ => {
            a.output.write_binary(&c.payload)?;
            return Ok(EXIT_OK);
        }
    };
    Ok(report(&[d], &src, format, color).max(EXIT_INVALID))
}

fn to_xml(a: ConvertArgs, color: ColorChoice) -> Result<u8> {
    use std::io::Write as _;
    let input = a.input.read()?;
    let c = match read(&input.name, &input.bytes, a.format.format, color) {
        Ok(c) => c,
        Err(status) => return Ok(status),
    };
    // Streamed: the document of a container of a million tags is never held whole.
    match a.output.output.as_deref().filter(|p| p.as_os_str() != "-") {
        Some(path) => {
            let file = std::fs::File::create(path).with_context(|| format!("cannot write {}", path.display()))?;
            let mut out = std::io::BufWriter::with_capacity(1 << 16, file);
            nc::write_xml(&c, &mut out)
                .and_then(|()| out.flush())
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        None => {
            let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
            nc::write_xml(&c, &mut out).and_then(|()| out.flush()).context("cannot write standard output")?;
        }
    }
    Ok(EXIT_OK)
}

fn from_xml(a: ConvertArgs, color: ColorChoice) -> Result<u8> {
    let input = a.input.read()?;
    let text = match std::str::from_utf8(&input.bytes) {
        Ok(t) => t,
        Err(e) => {
            let d = Diagnostic::error(format!("the XML form must be UTF-8: {e}"))
                .with_span(nvir_diag::Span::at(e.valid_up_to(), 1));
            return Ok(report(&[d], &Source::binary(&input.name, &input.bytes), a.format.format, color));
        }
    };
    let c = match nc::from_xml(text) {
        Ok(c) => c,
        Err(e) => return Ok(report(&[e.to_diagnostic()], &Source::text(&input.name, text), a.format.format, color)),
    };
    let bytes = match nc::write(&c) {
        Ok(b) => b,
        Err(e) => {
            let d = Diagnostic::error(format!("cannot write the container: {e}"));
            return Ok(report(&[d], &Source::text(&input.name, text), a.format.format, color));
        }
    };
    a.output.write_binary(&bytes)?;
    Ok(EXIT_OK)
}
