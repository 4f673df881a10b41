//! `nvir fatbin …`: fatbins in ELF objects, `ar` archives and `.fatbin` files.

use anyhow::Result;
use clap::{Args, Subcommand, ValueEnum};
use nvir::{report, ColorChoice, Format, FormatArg, InputArg, EXIT_INVALID, EXIT_OK};
use nvir_diag::{render_json, Diagnostic, Source};
use nvir_fatbin::{self as fb, Entry, EntryKind, InputKind, LtoIrForm};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Subcommand)]
pub enum Command {
    /// List every fatbin entry: kind, target, compression, sizes, where it is.
    List(ListArgs),
    /// Write every entry (decompressed) to a directory, named as cuobjdump names them.
    Extract(ExtractArgs),
}

#[derive(Args)]
pub struct ListArgs {
    /// Input files (ELF objects, `ar` archives, fatbins), or `-` for standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    files: Vec<PathBuf>,
    #[command(flatten)]
    format: FormatArg,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum KindArg {
    /// PTX text.
    Ptx,
    /// Cubins (ELF).
    Cubin,
    /// LTO-IR (NVVM containers).
    Ltoir,
}

impl KindArg {
    fn matches(self, k: EntryKind) -> bool {
        matches!(
            (self, k),
            (KindArg::Ptx, EntryKind::Ptx) | (KindArg::Cubin, EntryKind::Cubin) | (KindArg::Ltoir, EntryKind::LtoIr)
        )
    }
}

#[derive(Args)]
pub struct ExtractArgs {
    #[command(flatten)]
    input: InputArg,
    /// Directory to write into (created if missing).
    #[arg(long, value_name = "DIR")]
    dir: PathBuf,
    /// Only entries of this kind.
    #[arg(long, value_enum)]
    kind: Option<KindArg>,
    #[command(flatten)]
    format: FormatArg,
}

pub fn run(cmd: Command, color: ColorChoice) -> Result<u8> {
    match cmd {
        Command::List(a) => list(a, color),
        Command::Extract(a) => extract(a, color),
    }
}

/// The file name without its directory and last extension (`-` → `stdin`).
fn stem_of(name: &str) -> String {
    let base = Path::new(name).file_name().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let stem = base.rsplit_once('.').map_or(base.as_str(), |(s, _)| s).to_string();
    if stem.is_empty() || name == "<stdin>" {
        "stdin".to_string()
    } else {
        stem
    }
}

fn input_words(k: InputKind) -> &'static str {
    match k {
        InputKind::Elf => "ELF object",
        InputKind::Archive => "ar archive",
        InputKind::Fatbin => "fatbin",
        _ => "unknown input",
    }
}

fn not_recognised() -> Diagnostic {
    Diagnostic::error("not an ELF object, ar archive or fatbin")
        .with_code("fatbin-unknown-input")
        .with_help("nvir fatbin reads host objects (.o), archives (.a) and fatbins (nvcc -fatbin)")
}

/// Text of a header string field: as is when printable, otherwise hex.
fn text_or_hex(b: &[u8]) -> (Option<String>, Option<String>) {
    match std::str::from_utf8(b) {
        Ok(s) if !s.chars().any(|c| c.is_control() && c != '\t') => (Some(s.to_string()), None),
        _ => (None, Some(b.iter().map(|x| format!("{x:02x}")).collect())),
    }
}

/// A `--concat` part in an entry's JSON.
#[derive(serde::Serialize)]
struct ConcatJson {
    container_offset: u64,
    part: usize,
    parts: usize,
    data_offset: u64,
    data_size: u64,
}

/// One entry's JSON object (a struct, serialized straight to the output: a listing of a
/// million entries builds no value tree).
#[derive(serde::Serialize)]
struct EntryJson<'x> {
    index: usize,
    member: Option<std::borrow::Cow<'x, str>>,
    section: Option<&'x str>,
    fatbin: usize,
    fatbin_offset: u64,
    offset: u64,
    kind: std::borrow::Cow<'static, str>,
    kind_code: u16,
    arch: String,
    sm: u32,
    suffix: fb::ArchSuffix,
    code_version: [u16; 2],
    host: &'static str,
    compile_size: u32,
    debug: bool,
    flags: u64,
    header_version: u16,
    header_size: u32,
    identifier: Option<std::borrow::Cow<'x, str>>,
    options: Option<String>,
    options_hex: Option<String>,
    compression: fb::Compression,
    keyed: bool,
    key: u64,
    payload_offset: u64,
    stored_size: u64,
    compressed_size: u64,
    uncompressed_size: u64,
    data_size: u64,
    concat: Option<ConcatJson>,
    ltoir: Option<LtoIrForm>,
    name: &'x str,
}

fn entry_json<'x>(i: usize, e: &'x Entry<'_>, name: &'x str, ltoir: Option<LtoIrForm>) -> EntryJson<'x> {
    let (options, options_hex) = e.options.map_or((None, None), text_or_hex);
    EntryJson {
        index: i,
        member: e.origin.member_name(),
        section: e.origin.section,
        fatbin: e.origin.fatbin,
        fatbin_offset: e.origin.fatbin_offset,
        offset: e.offset,
        kind: e.kind.name(),
        kind_code: match e.kind {
            EntryKind::Ptx => 1,
            EntryKind::Cubin => 2,
            EntryKind::LtoIr => 8,
            EntryKind::Other(n) => n,
            _ => 0,
        },
        arch: e.arch.to_string(),
        sm: e.arch.number,
        suffix: e.arch.suffix,
        code_version: [e.code_version.0, e.code_version.1],
        host: e.host(),
        compile_size: if e.is_64bit() { 64 } else { 32 },
        debug: e.has_debug_info(),
        flags: e.flags,
        header_version: e.header_version,
        header_size: e.header_size,
        identifier: e.identifier.map(String::from_utf8_lossy),
        options,
        options_hex,
        compression: e.compression,
        keyed: e.is_keyed(),
        key: e.key,
        payload_offset: e.payload_offset,
        stored_size: e.stored_size,
        compressed_size: e.compressed_size,
        uncompressed_size: e.uncompressed_size,
        data_size: e.data_size(),
        concat: e.concat.map(|c| ConcatJson {
            container_offset: c.container_offset,
            part: c.part,
            parts: c.parts,
            data_offset: c.data_offset,
            data_size: c.data_size,
        }),
        ltoir,
        name,
    }
}

/// Diagnostics kept for one input; past this many, one more says how many were left out.
const MAX_DIAGNOSTICS: usize = 100;

/// Diagnostics of one input, at most [`MAX_DIAGNOSTICS`] (a fatbin of a million broken entries
/// reports a hundred, then a count).
#[derive(Default)]
struct Diags {
    list: Vec<Diagnostic>,
    dropped_errors: usize,
    dropped_others: usize,
}

impl Diags {
    fn push(&mut self, d: Diagnostic) {
        if self.list.len() < MAX_DIAGNOSTICS {
            self.list.push(d);
        } else if d.is_error() {
            self.dropped_errors += 1;
        } else {
            self.dropped_others += 1;
        }
    }

    /// The diagnostics, with the count of those left out.
    fn finish(mut self) -> Vec<Diagnostic> {
        let dropped = self.dropped_errors + self.dropped_others;
        if dropped > 0 {
            let msg = format!("{dropped} more diagnostics like the ones above are not shown");
            let d = if self.dropped_errors > 0 { Diagnostic::error(msg) } else { Diagnostic::warning(msg) };
            self.list.push(d.with_code("fatbin-more"));
        }
        self.list
    }
}

/// An LTO-IR entry's form for a listing: `None` (with a diagnostic) when it could not be
/// decided. A limit of the run is a warning: the entry may well be good.
fn form_of(e: &Entry<'_>, i: usize, budget: &mut fb::Budget, diags: &mut Diags) -> Option<LtoIrForm> {
    match fb::ltoir_form_within(e, budget) {
        Ok(f) => f,
        Err(err) if err.kind() == fb::ErrorKind::Limit => {
            diags.push(
                Diagnostic::warning(format!("entry {}: LTO-IR not checked: {}", i + 1, err.message()))
                    .with_code("fatbin-limit"),
            );
            None
        }
        Err(err) => {
            diags.push(err.to_diagnostic());
            None
        }
    }
}

fn human_entry<'a>(
    out: &mut dyn std::io::Write,
    i: usize,
    e: &Entry<'a>,
    name: &str,
    form: Option<LtoIrForm>,
    last_member: &mut Option<&'a [u8]>,
) -> std::io::Result<()> {
    if e.origin.member != *last_member {
        *last_member = e.origin.member;
        if let Some(m) = e.origin.member_name() {
            writeln!(out, "member {m}:")?;
        }
    }
    let mut place = String::new();
    if let Some(s) = e.origin.section {
        let _ = write!(place, "{s}");
    }
    let _ = write!(place, "[{}]", e.origin.fatbin);
    if let Some(c) = &e.concat {
        let _ = write!(place, " concat {}/{}", c.part + 1, c.parts);
    }
    let sizes = match e.compression {
        fb::Compression::None => format!("{} bytes", e.data_size()),
        c => format!("{} {} → {} bytes", c.as_str(), e.compressed_size, e.uncompressed_size),
    };
    let mut line = format!(
        "  {:>3}  {:<6} {:<8} [{},{}]  {:<24} @{:#x}  {sizes}",
        i + 1,
        e.kind.name(),
        e.arch.to_string(),
        e.code_version.0,
        e.code_version.1,
        place,
        e.offset
    );
    if e.has_debug_info() {
        line.push_str("  debug");
    }
    if let Some(f) = form {
        let _ = write!(line, "  {}", f.as_str());
    }
    if let Some(id) = e.identifier {
        let _ = write!(line, "  identifier={}", String::from_utf8_lossy(id));
    }
    if let (Some(o), _) = e.options.map_or((None, None), text_or_hex) {
        if !o.trim().is_empty() {
            let _ = write!(line, "  options=\"{}\"", o.trim_end());
        }
    }
    writeln!(out, "{line}  → {name}")
}

fn fatbin_json(f: &fb::FatbinInfo<'_>) -> Value {
    json!({
        "member": f.member.map(String::from_utf8_lossy),
        "section": f.section,
        "index": f.index,
        "offset": f.offset,
        "version": f.version,
        "header_size": f.header_size,
        "size": f.size,
    })
}

/// Lists one input, streaming: one entry's JSON or line at a time.
fn list_one(out: &mut dyn std::io::Write, input: &nvir::Input, format: Format, color: ColorChoice) -> Result<u8> {
    let src = Source::binary(&input.name, &input.bytes);
    let mut diags = Diags::default();
    let listing = match fb::list(&input.bytes) {
        Ok(l) => Some(l),
        Err(e) => {
            diags.push(e.to_diagnostic());
            None
        }
    };
    if listing.as_ref().is_some_and(|l| l.input == InputKind::Unknown) {
        diags.push(not_recognised());
    }
    let stem = stem_of(&input.name);
    let mut budget = fb::Budget::for_input(input.bytes.len() as u64);
    match format {
        Format::Json => {
            write!(out, "{{\"file\":{}", serde_json::to_string(&input.name)?)?;
            if let Some(l) = &listing {
                write!(out, ",\"input\":{}", serde_json::to_string(l.input.as_str())?)?;
                out.write_all(b",\"fatbins\":[")?;
                for (i, f) in l.fatbins.iter().enumerate() {
                    if i > 0 {
                        out.write_all(b",")?;
                    }
                    serde_json::to_writer(&mut *out, &fatbin_json(f))?;
                }
                out.write_all(b"],\"entries\":[")?;
                for (i, (e, name)) in l.entries.iter().zip(fb::FileNames::new(l, &stem)).enumerate() {
                    let form = form_of(e, i, &mut budget, &mut diags);
                    if i > 0 {
                        out.write_all(b",")?;
                    }
                    serde_json::to_writer(&mut *out, &entry_json(i, e, &name, form))?;
                }
                out.write_all(b"]")?;
            }
            let diags = diags.finish();
            let status = nvir::status(&diags);
            write!(out, ",\"ok\":{},\"diagnostics\":", status == EXIT_OK)?;
            serde_json::to_writer(&mut *out, &render_json(&diags, &src))?;
            out.write_all(b"}\n")?;
            out.flush()?;
            Ok(status)
        }
        Format::Human => {
            if let Some(l) = listing.as_ref().filter(|l| l.input != InputKind::Unknown) {
                let what = input_words(l.input);
                if l.entries.is_empty() && l.fatbins.is_empty() {
                    writeln!(out, "{}: {what}, holds no fatbin", input.name)?;
                } else {
                    writeln!(
                        out,
                        "{}: {what}, {} fatbin(s), {} entries",
                        input.name,
                        l.fatbins.len(),
                        l.entries.len()
                    )?;
                    let mut last_member = None;
                    for (i, (e, name)) in l.entries.iter().zip(fb::FileNames::new(l, &stem)).enumerate() {
                        let form = form_of(e, i, &mut budget, &mut diags);
                        human_entry(out, i, e, &name, form, &mut last_member)?;
                    }
                }
            }
            out.flush()?;
            let diags = diags.finish();
            Ok(report(&diags, &src, format, color))
        }
    }
}

fn list(a: ListArgs, color: ColorChoice) -> Result<u8> {
    let format = a.format.format;
    let mut worst = EXIT_OK;
    for path in &a.files {
        let input = InputArg { input: path.clone() }.read()?;
        let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
        let status = list_one(&mut out, &input, format, color)?;
        worst = worst.max(status);
    }
    Ok(worst)
}

/// A file created when its first byte is written (or when it is finished empty), in a
/// directory created then.
struct LazyFile<'p> {
    dir: &'p Path,
    dir_made: &'p mut bool,
    path: PathBuf,
    file: Option<std::io::BufWriter<std::fs::File>>,
    /// What failed, for the error message.
    failed: Option<String>,
}

impl LazyFile<'_> {
    fn open(&mut self) -> std::io::Result<&mut std::io::BufWriter<std::fs::File>> {
        let file = match self.file.take() {
            Some(file) => file,
            None => {
                if !*self.dir_made {
                    std::fs::create_dir_all(self.dir)
                        .inspect_err(|_| self.failed = Some(format!("cannot create {}", self.dir.display())))?;
                    *self.dir_made = true;
                }
                let file = std::fs::File::create(&self.path)
                    .inspect_err(|_| self.failed = Some(format!("cannot write {}", self.path.display())))?;
                std::io::BufWriter::with_capacity(1 << 16, file)
            }
        };
        Ok(self.file.insert(file))
    }

    fn finish(&mut self) -> std::io::Result<()> {
        self.open()?.flush()
    }

    /// Removes what was written of a failed entry.
    fn discard(self) {
        if self.file.is_some() {
            drop(self.file);
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

impl std::io::Write for LazyFile<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        self.open()?.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.file {
            Some(f) => f.flush(),
            None => Ok(()),
        }
    }
}

/// One entry written, for the JSON report.
#[derive(serde::Serialize)]
struct WrittenEntry {
    index: usize,
    path: String,
    kind: String,
    arch: String,
    size: u64,
    ltoir: Option<LtoIrForm>,
}

fn extract(a: ExtractArgs, color: ColorChoice) -> Result<u8> {
    use std::io::Write as _;
    let format = a.format.format;
    let input = a.input.read()?;
    let src = Source::binary(&input.name, &input.bytes);
    let mut diags = Diags::default();
    let mut written: Vec<WrittenEntry> = Vec::new();
    let mut skipped = Vec::new();
    let mut budget = fb::Budget::for_input(input.bytes.len() as u64);
    match fb::list(&input.bytes) {
        Err(e) => diags.push(e.to_diagnostic()),
        Ok(l) if l.input == InputKind::Unknown => diags.push(not_recognised()),
        Ok(l) => {
            let mut dir_made = false;
            let names = fb::FileNames::new(&l, &stem_of(&input.name));
            for (i, (e, name)) in l.entries.iter().zip(names).enumerate() {
                if a.kind.is_some_and(|k| !k.matches(e.kind)) {
                    continue;
                }
                if !budget.take_file() {
                    let left = l.entries[i..].iter().filter(|e| a.kind.is_none_or(|k| k.matches(e.kind))).count();
                    diags.push(
                        Diagnostic::error(format!(
                            "extraction stops at entry {} ({name}): a run writes at most {} files for an input of \
                             this size (max(10000, one per 16 KiB)); {left} entries are not extracted",
                            i + 1,
                            fb::Budget::MIN_FILES.max(input.bytes.len() as u64 / (16 << 10)),
                        ))
                        .with_code("fatbin-limit")
                        .with_help("extract fewer at a time with --kind"),
                    );
                    break;
                }
                let path = a.dir.join(&name);
                let mut file =
                    LazyFile { dir: &a.dir, dir_made: &mut dir_made, path: path.clone(), file: None, failed: None };
                let x = match fb::extract_to(e, &mut file, &mut budget) {
                    Ok(x) => x,
                    Err(fb::ExtractError::Input(err)) if err.kind() == fb::ErrorKind::Unsupported => {
                        file.discard();
                        diags.push(
                            Diagnostic::warning(format!("entry {} ({name}) not extracted: {}", i + 1, err.message()))
                                .with_code("fatbin-not-extracted"),
                        );
                        skipped.push(json!({ "index": i, "name": name, "reason": err.message() }));
                        continue;
                    }
                    Err(fb::ExtractError::Input(err)) => {
                        file.discard();
                        diags.push(err.to_diagnostic());
                        continue;
                    }
                    Err(fb::ExtractError::Output(err)) => {
                        let msg = file.failed.take().unwrap_or_else(|| format!("cannot write {}", path.display()));
                        file.discard();
                        return Err(anyhow::Error::new(err).context(msg));
                    }
                };
                if let Err(err) = file.finish() {
                    let msg = file.failed.take().unwrap_or_else(|| format!("cannot write {}", path.display()));
                    return Err(anyhow::Error::new(err).context(msg));
                }
                if x.ltoir == Some(LtoIrForm::Encoded) {
                    diags.push(
                        Diagnostic::note(format!(
                            "{name} is an encoded NVVM container (tag 99, NVIDIA's closed encoding): written as nvcc \
                             -ltoir writes it; its bitcode cannot be read"
                        ))
                        .with_code("fatbin-encoded-ltoir"),
                    );
                }
                if format == Format::Human {
                    let mut out = std::io::stdout().lock();
                    let _ = writeln!(out, "{}", path.display());
                }
                written.push(WrittenEntry {
                    index: i,
                    path: path.display().to_string(),
                    kind: e.kind.name().into_owned(),
                    arch: e.arch.to_string(),
                    size: x.len,
                    ltoir: x.ltoir,
                });
            }
            if l.entries.is_empty() && format == Format::Human {
                eprintln!("{}: {}, holds no fatbin", input.name, input_words(l.input));
            }
        }
    }
    let diags = diags.finish();
    let status = nvir::status(&diags);
    match format {
        Format::Json => {
            let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
            write!(
                out,
                "{{\"file\":{},\"ok\":{},\"written\":",
                serde_json::to_string(&input.name)?,
                status == EXIT_OK
            )?;
            serde_json::to_writer(&mut out, &written)?;
            out.write_all(b",\"skipped\":")?;
            serde_json::to_writer(&mut out, &skipped)?;
            out.write_all(b",\"diagnostics\":")?;
            serde_json::to_writer(&mut out, &render_json(&diags, &src))?;
            out.write_all(b"}\n")?;
            out.flush()?;
        }
        Format::Human => {
            report(&diags, &src, format, color);
        }
    }
    Ok(if status == EXIT_OK { EXIT_OK } else { EXIT_INVALID })
}
