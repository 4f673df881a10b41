//! `nvir fatbin …`: fatbins in ELF objects, `ar` archives and `.fatbin` files.

use anyhow::{Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use nvir::{report, ColorChoice, Format, FormatArg, InputArg, EXIT_INVALID, EXIT_OK};
use nvir_diag::{render_json, Diagnostic, Source};
use nvir_fatbin::{self as fb, Entry, EntryKind, InputKind, Listing, LtoIrForm};
use serde_json::{json, Value};
use std::fmt::Write;
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

fn entry_json(i: usize, e: &Entry<'_>, name: &str, ltoir: Option<LtoIrForm>) -> Value {
    let (options, options_hex) = e.options.map_or((None, None), text_or_hex);
    json!({
        "index": i,
        "member": e.origin.member_name(),
        "section": e.origin.section,
        "fatbin": e.origin.fatbin,
        "fatbin_offset": e.origin.fatbin_offset,
        "offset": e.offset,
        "kind": e.kind.name(),
        "kind_code": match e.kind { EntryKind::Ptx => 1, EntryKind::Cubin => 2, EntryKind::LtoIr => 8, EntryKind::Other(n) => n, _ => 0 },
        "arch": e.arch.to_string(),
        "sm": e.arch.number,
        "suffix": e.arch.suffix,
        "code_version": [e.code_version.0, e.code_version.1],
        "host": e.host(),
        "compile_size": if e.is_64bit() { 64 } else { 32 },
        "debug": e.has_debug_info(),
        "flags": e.flags,
        "header_version": e.header_version,
        "header_size": e.header_size,
        "identifier": e.identifier.map(String::from_utf8_lossy),
        "options": options,
        "options_hex": options_hex,
        "compression": e.compression,
        "keyed": e.is_keyed(),
        "key": e.key,
        "payload_offset": e.payload_offset,
        "stored_size": e.stored_size,
        "compressed_size": e.compressed_size,
        "uncompressed_size": e.uncompressed_size,
        "data_size": e.data_size(),
        "concat": e.concat.map(|c| json!({
            "container_offset": c.container_offset,
            "part": c.part,
            "parts": c.parts,
            "data_offset": c.data_offset,
            "data_size": c.data_size,
        })),
        "ltoir": ltoir,
        "name": name,
    })
}

fn human_listing(file: &str, l: &Listing<'_>, names: &[String], forms: &[Option<LtoIrForm>]) -> String {
    let mut out = String::new();
    let what = input_words(l.input);
    if l.entries.is_empty() && l.fatbins.is_empty() {
        let _ = writeln!(out, "{file}: {what}, holds no fatbin");
        return out;
    }
    let _ = writeln!(out, "{file}: {what}, {} fatbin(s), {} entries", l.fatbins.len(), l.entries.len());
    let mut last_member = None;
    for (i, e) in l.entries.iter().enumerate() {
        if e.origin.member != last_member {
            last_member = e.origin.member;
            if let Some(m) = e.origin.member_name() {
                let _ = writeln!(out, "member {m}:");
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
        let _ = write!(
            out,
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
            out.push_str("  debug");
        }
        if let Some(f) = forms[i] {
            let _ = write!(out, "  {}", f.as_str());
        }
        if let Some(id) = e.identifier {
            let _ = write!(out, "  identifier={}", String::from_utf8_lossy(id));
        }
        if let (Some(o), _) = e.options.map_or((None, None), text_or_hex) {
            if !o.trim().is_empty() {
                let _ = write!(out, "  options=\"{}\"", o.trim_end());
            }
        }
        let _ = writeln!(out, "  → {}", names[i]);
    }
    out
}

fn list(a: ListArgs, color: ColorChoice) -> Result<u8> {
    let format = a.format.format;
    let mut worst = EXIT_OK;
    for path in &a.files {
        let input = InputArg { input: path.clone() }.read()?;
        let src = Source::binary(&input.name, &input.bytes);
        let mut diags = Vec::new();
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
        let (names, forms) = match &listing {
            Some(l) => {
                let forms: Vec<_> = l
                    .entries
                    .iter()
                    .map(|e| {
                        fb::ltoir_form(e).unwrap_or_else(|err| {
                            diags.push(err.to_diagnostic());
                            None
                        })
                    })
                    .collect();
                (fb::file_names(l, &stem), forms)
            }
            None => (Vec::new(), Vec::new()),
        };
        let status = nvir::status(&diags);
        worst = worst.max(status);
        match format {
            Format::Json => {
                let mut v = json!({ "file": input.name });
                if let Some(l) = &listing {
                    v["input"] = json!(l.input.as_str());
                    v["fatbins"] = l
                        .fatbins
                        .iter()
                        .map(|f| {
                            json!({
                                "member": f.member.map(String::from_utf8_lossy),
                                "section": f.section,
                                "index": f.index,
                                "offset": f.offset,
                                "version": f.version,
                                "header_size": f.header_size,
                                "size": f.size,
                            })
                        })
                        .collect();
                    v["entries"] =
                        l.entries.iter().enumerate().map(|(i, e)| entry_json(i, e, &names[i], forms[i])).collect();
                }
                v["ok"] = json!(status == EXIT_OK);
                v["diagnostics"] = render_json(&diags, &src);
                println!("{}", serde_json::to_string(&v)?);
            }
            Format::Human => {
                if let Some(l) = listing.as_ref().filter(|l| l.input != InputKind::Unknown) {
                    print!("{}", human_listing(&input.name, l, &names, &forms));
                }
                report(&diags, &src, format, color);
            }
        }
    }
    Ok(worst)
}

fn extract(a: ExtractArgs, color: ColorChoice) -> Result<u8> {
    let format = a.format.format;
    let input = a.input.read()?;
    let src = Source::binary(&input.name, &input.bytes);
    let mut diags = Vec::new();
    let mut written = Vec::new();
    let mut skipped = Vec::new();
    match fb::list(&input.bytes) {
        Err(e) => diags.push(e.to_diagnostic()),
        Ok(l) if l.input == InputKind::Unknown => diags.push(not_recognised()),
        Ok(l) => {
            let names = fb::file_names(&l, &stem_of(&input.name));
            let mut dir_made = false;
            for (i, e) in l.entries.iter().enumerate() {
                if a.kind.is_some_and(|k| !k.matches(e.kind)) {
                    continue;
                }
                let x = match fb::extract(e) {
                    Ok(x) => x,
                    Err(err) if err.kind() == fb::ErrorKind::Unsupported => {
                        diags.push(
                            Diagnostic::warning(format!(
                                "entry {} ({}) not extracted: {}",
                                i + 1,
                                names[i],
                                err.message()
                            ))
                            .with_code("fatbin-not-extracted"),
                        );
                        skipped.push(json!({ "index": i, "name": names[i], "reason": err.message() }));
                        continue;
                    }
                    Err(err) => {
                        diags.push(err.to_diagnostic());
                        continue;
                    }
                };
                if !dir_made {
                    std::fs::create_dir_all(&a.dir).with_context(|| format!("cannot create {}", a.dir.display()))?;
                    dir_made = true;
                }
                let path = a.dir.join(&names[i]);
                std::fs::write(&path, &x.bytes).with_context(|| format!("cannot write {}", path.display()))?;
                if x.ltoir == Some(LtoIrForm::Encoded) {
                    diags.push(
                        Diagnostic::note(format!(
                            "{} is an encoded NVVM container (tag 99, NVIDIA's closed encoding): written as nvcc -ltoir \
                             writes it; its bitcode cannot be read",
                            names[i]
                        ))
                        .with_code("fatbin-encoded-ltoir"),
                    );
                }
                if format == Format::Human {
                    println!("{}", path.display());
                }
                written.push(json!({
                    "index": i,
                    "path": path.display().to_string(),
                    "kind": e.kind.name(),
                    "arch": e.arch.to_string(),
                    "size": x.bytes.len(),
                    "ltoir": x.ltoir,
                }));
            }
            if l.entries.is_empty() && format == Format::Human {
                eprintln!("{}: {}, holds no fatbin", input.name, input_words(l.input));
            }
        }
    }
    let status = nvir::status(&diags);
    match format {
        Format::Json => {
            let v = json!({
                "file": input.name,
                "ok": status == EXIT_OK,
                "written": written,
                "skipped": skipped,
                "diagnostics": render_json(&diags, &src),
            });
            println!("{}", serde_json::to_string(&v)?);
        }
        Format::Human => {
            report(&diags, &src, format, color);
        }
    }
    Ok(if status == EXIT_OK { EXIT_OK } else { EXIT_INVALID })
}
