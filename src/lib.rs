//! CLI plumbing shared by the `nvir` subcommands: input and output, `--format`, colour, and the
//! exit-code convention (0 success, 1 invalid input, 2 usage or I/O error).
#![deny(missing_docs)]

use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use nvir_diag::{render_human, render_json, Diagnostic, Source};
use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;

pub mod batch;
pub mod module_info;
pub mod tile;
pub mod verify;

/// Exit status: success.
pub const EXIT_OK: u8 = 0;
/// Exit status: the input is invalid (diagnostics were printed).
pub const EXIT_INVALID: u8 = 1;
/// Exit status: usage or I/O error.
pub const EXIT_USAGE: u8 = 2;

/// Inputs larger than this are refused rather than read into memory.
pub const MAX_INPUT: u64 = 4 << 30;

/// How a command reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Format {
    /// For people.
    #[default]
    Human,
    /// For tools: JSON, one object per input on a line of its own.
    Json,
}

/// When to colour human output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum ColorChoice {
    /// When the stream is a terminal and NO_COLOR is unset.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to colour what goes to stderr.
    pub fn stderr(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal(),
        }
    }
}

/// The input file (`-` for standard input).
#[derive(Debug, Clone, Args)]
pub struct InputArg {
    /// Input file, or `-` for standard input.
    #[arg(value_name = "INPUT", default_value = "-")]
    pub input: PathBuf,
}

/// Bytes read from a file or standard input, with the name to show in diagnostics.
pub struct Input {
    /// As the user named it (`<stdin>` for `-`).
    pub name: String,
    /// The content.
    pub bytes: Vec<u8>,
}

/// An input that could not be read (missing, unreadable, too large): exit status 1, like an
/// input that was read and rejected, not 2 (a usage error).
#[derive(Debug)]
pub struct Unreadable(pub String);

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unreadable {}

/// The exit status for an error that ended a command: 1 when an input could not be read, 2
/// otherwise (usage).
pub fn exit_status_of(err: &anyhow::Error) -> u8 {
    if err.downcast_ref::<Unreadable>().is_some() {
        EXIT_INVALID
    } else {
        EXIT_USAGE
    }
}

impl InputArg {
    /// Reads the whole input; the error is an [`Unreadable`].
    pub fn read(&self) -> Result<Input> {
        self.read_inner().map_err(|e| anyhow::Error::new(Unreadable(format!("{e:#}"))))
    }

    fn read_inner(&self) -> Result<Input> {
        let mut bytes = Vec::new();
        if self.input.as_os_str() == "-" {
            std::io::stdin()
                .lock()
                .take(MAX_INPUT + 1)
                .read_to_end(&mut bytes)
                .context("cannot read standard input")?;
            if bytes.len() as u64 > MAX_INPUT {
                bail!("standard input is larger than {MAX_INPUT} bytes");
            }
            return Ok(Input { name: "<stdin>".into(), bytes });
        }
        let name = self.input.display().to_string();
        let file = std::fs::File::open(&self.input).with_context(|| format!("cannot open {name}"))?;
        // Size the buffer once from the file's length (no doubling copies of a 100 MB input).
        let len = file.metadata().map(|m| m.len()).unwrap_or(0);
        if len > MAX_INPUT {
            bail!("{name} is larger than {MAX_INPUT} bytes");
        }
        if let Some(read) = read_in_parallel(&file, len) {
            bytes = read;
        } else {
            bytes.reserve_exact(len as usize + 1);
        }
        let have = bytes.len() as u64;
        // Whatever the parallel read did not cover (all of it when it was not used), sequentially.
        (&file).take(MAX_INPUT + 1 - have).read_to_end(&mut bytes).with_context(|| format!("cannot read {name}"))?;
        if bytes.len() as u64 > MAX_INPUT {
            bail!("{name} is larger than {MAX_INPUT} bytes");
        }
        Ok(Input { name, bytes })
    }
}

/// Reads the first `len` bytes of a large file on several threads (copying out of the page cache
/// and faulting in fresh pages is most of reading a file, and both spread over cores), leaving
/// the file position after them. `None`: not worth it or not possible; nothing was consumed.
#[cfg(unix)]
fn read_in_parallel(file: &std::fs::File, len: u64) -> Option<Vec<u8>> {
    use std::io::{Seek, SeekFrom};
    use std::os::unix::fs::FileExt;
    const MIN_PART: u64 = 8 << 20;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8) as u64;
    let parts = threads.min(len / MIN_PART);
    if parts < 2 {
        return None;
    }
    let mut bytes = vec![0u8; usize::try_from(len).ok()?];
    let part = (len / parts) as usize + 1;
    let ok = std::thread::scope(|scope| {
        let jobs: Vec<_> = bytes
            .chunks_mut(part)
            .enumerate()
            .map(|(i, chunk)| {
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || file.read_exact_at(chunk, (i * part) as u64).is_ok())
            })
            .collect();
        jobs.into_iter().all(|j| j.is_ok_and(|j| j.join().unwrap_or(false)))
    });
    // The file shrank or could not be read at an offset: the caller reads it plainly.
    (ok && { file }.seek(SeekFrom::Start(len)).is_ok()).then_some(bytes)
}

#[cfg(not(unix))]
fn read_in_parallel(_: &std::fs::File, _: u64) -> Option<Vec<u8>> {
    None
}

/// `-o PATH`: where output goes (standard output by default).
#[derive(Debug, Clone, Args)]
pub struct OutputArg {
    /// Output file; standard output when absent or `-`.
    #[arg(short = 'o', long = "output", value_name = "PATH")]
    pub output: Option<PathBuf>,
}

impl OutputArg {
    fn is_stdout(&self) -> bool {
        self.output.as_ref().is_none_or(|p| p.as_os_str() == "-")
    }

    /// Writes text.
    pub fn write_text(&self, text: &str) -> Result<()> {
        self.write_bytes(text.as_bytes())
    }

    /// Writes binary output; refuses to write it to a terminal.
    pub fn write_binary(&self, bytes: &[u8]) -> Result<()> {
        if self.is_stdout() && std::io::stdout().is_terminal() {
            bail!("refusing to write binary output to a terminal; use -o FILE or redirect standard output");
        }
        self.write_bytes(bytes)
    }

    /// Writes binary output that comes in pieces, in order (they are not joined first: a large
    /// output is not held twice); refuses to write it to a terminal.
    pub fn write_binary_pieces<'a>(&self, pieces: impl IntoIterator<Item = &'a [u8]>) -> Result<()> {
        if self.is_stdout() && std::io::stdout().is_terminal() {
            bail!("refusing to write binary output to a terminal; use -o FILE or redirect standard output");
        }
        let write_all = |out: &mut dyn Write| -> std::io::Result<()> {
            // A piece larger than the buffer goes out directly; small ones are gathered.
            let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
            for p in pieces {
                out.write_all(p)?;
            }
            out.flush()
        };
        match &self.output {
            Some(path) if path.as_os_str() != "-" => std::fs::File::create(path)
                .and_then(|mut f| write_all(&mut f))
                .with_context(|| format!("cannot write {}", path.display())),
            _ => write_all(&mut std::io::stdout().lock()).context("cannot write standard output"),
        }
    }

    /// Writes text that `produce` makes piece by piece (nothing is held whole in memory). When
    /// `produce` fails, its error is the inner one, and a regular file it was writing is removed.
    pub fn write_with<T, E>(&self, produce: impl FnOnce(&mut dyn Write) -> Result<T, E>) -> Result<Result<T, E>> {
        match &self.output {
            Some(path) if path.as_os_str() != "-" => {
                write_file_with(path, produce).with_context(|| format!("cannot write {}", path.display()))
            }
            _ => {
                let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
                let r = produce(&mut out);
                out.flush().context("cannot write standard output")?;
                Ok(r)
            }
        }
    }

    fn write_bytes(&self, bytes: &[u8]) -> Result<()> {
        match &self.output {
            Some(path) if path.as_os_str() != "-" => {
                std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
            }
            _ => {
                let mut out = std::io::stdout().lock();
                out.write_all(bytes).and_then(|()| out.flush()).context("cannot write standard output")
            }
        }
    }
}

/// Writes `path` with what `produce` makes; removes it again (when it is a regular file) if
/// `produce` fails.
pub fn write_file_with<T, E>(
    path: &std::path::Path,
    produce: impl FnOnce(&mut dyn Write) -> Result<T, E>,
) -> std::io::Result<Result<T, E>> {
    let file = std::fs::File::create(path)?;
    let regular = file.metadata().is_ok_and(|m| m.is_file());
    let mut out = std::io::BufWriter::with_capacity(1 << 16, file);
    let r = produce(&mut out);
    let flushed = out.flush();
    if r.is_err() && regular {
        let _ = std::fs::remove_file(path);
    }
    flushed.map(|()| r)
}

/// `--max-output-size BYTES`: the most bitcode a command writes.
#[derive(Debug, Clone, Args)]
pub struct OutputLimitArg {
    /// The most bytes of bitcode to write (a number, or with K, M or G for KiB, MiB, GiB):
    /// larger output is refused before it is made, naming the construct (default: twice the
    /// input, at least 16 MiB).
    #[arg(long, value_name = "BYTES", value_parser = parse_size)]
    pub max_output_size: Option<u64>,
}

impl OutputLimitArg {
    /// The least default limit.
    pub const FLOOR: u64 = 16 << 20;

    /// The limit for an input of `input_len` bytes: the one given, or twice the input with a
    /// floor of [`OutputLimitArg::FLOOR`]. Bitcode a writer makes from a real module is smaller
    /// than its input (measured: 0.25 to 0.4 times the text of a module, 0.8 to 1.0 times clang's
    /// bitcode of libdevice and PostgreSQL); what can make it far larger is a wide integer
    /// constant, whose record holds every 64-bit word of its width (131,072 for an `i8388608
    /// -1`, written as two characters). The default keeps the bitcode held in memory within
    /// twice the input, or 16 MiB for small inputs.
    pub fn limit(&self, input_len: usize) -> u64 {
        self.max_output_size.unwrap_or_else(|| (input_len as u64).saturating_mul(2).max(Self::FLOOR))
    }
}

/// The diagnostic for a bitcode writer's error, and the text to quote (empty: none): where in
/// `text` (the module's source, when it was read from text) what the error names is, and for an
/// output over the limit how to raise it.
pub fn write_error_diagnostic<'a>(
    e: &nvir_llvm::bitcode::WriteError,
    text: Option<&'a [u8]>,
) -> (Diagnostic, std::borrow::Cow<'a, str>) {
    let mut d = Diagnostic::error(e.to_string()).with_code("bc-write");
    let mut quoted = std::borrow::Cow::Borrowed("");
    if let (Some(at), Some(text)) = (e.offset(), text) {
        quoted = nvir_diag::text_with_same_offsets(text);
        d = d.with_span(nvir_diag::Span::at(at as usize, 1));
    }
    if e.over_limit() {
        d = d.with_help(OVER_LIMIT_HELP);
    }
    (d, quoted)
}

/// How to write bitcode over the default limit.
pub const OVER_LIMIT_HELP: &str = "give --max-output-size BYTES to allow larger output";

/// A byte count: digits, optionally followed by `K`, `M` or `G` (binary multiples).
fn parse_size(s: &str) -> std::result::Result<u64, String> {
    let (digits, shift) = match s.as_bytes().last().map(u8::to_ascii_uppercase) {
        Some(b'K') => (&s[..s.len() - 1], 10),
        Some(b'M') => (&s[..s.len() - 1], 20),
        Some(b'G') => (&s[..s.len() - 1], 30),
        _ => (s, 0),
    };
    let n: u64 = digits.parse().map_err(|_| format!("not a byte count: {s:?} (digits, then K, M or G)"))?;
    n.checked_mul(1 << shift).ok_or_else(|| format!("too large a byte count: {s}"))
}

/// `--jobs N`: inputs judged at once.
#[derive(Debug, Clone, Args)]
pub struct JobsArg {
    /// Inputs to work on at once (default: one per CPU).
    #[arg(short = 'j', long = "jobs", value_name = "N", default_value_t = 0, hide_default_value = true)]
    pub jobs: usize,
}

/// `--format human|json`.
#[derive(Debug, Clone, Args)]
pub struct FormatArg {
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
}

/// Prints diagnostics to stderr in the chosen format; returns the exit status they imply.
pub fn report(diags: &[Diagnostic], src: &Source<'_>, format: Format, color: ColorChoice) -> u8 {
    let text = render(diags, src, format, color);
    if !text.is_empty() {
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
    }
    status(diags)
}

/// What [`report`] prints: nothing when there are no diagnostics; in JSON, one line
/// `{"file","ok","diagnostics"}`.
pub fn render(diags: &[Diagnostic], src: &Source<'_>, format: Format, color: ColorChoice) -> String {
    if diags.is_empty() {
        return String::new();
    }
    match format {
        Format::Human => render_human(diags, src, color.stderr()),
        Format::Json => {
            let ok = status(diags) == EXIT_OK;
            format!("{}\n", serde_json::json!({ "file": src.name, "ok": ok, "diagnostics": render_json(diags, src) }))
        }
    }
}

/// The codes of the errors among `diags` (for a batch summary).
pub fn error_codes(diags: &[Diagnostic]) -> Vec<&'static str> {
    diags.iter().filter(|d| d.is_error()).map(|d| d.code.unwrap_or("error")).collect()
}

/// The exit status diagnostics imply: 1 if any is an error.
pub fn status(diags: &[Diagnostic]) -> u8 {
    if diags.iter().any(Diagnostic::is_error) {
        EXIT_INVALID
    } else {
        EXIT_OK
    }
}

/// Where a module file's bitcode is, when it is not `.ll` text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BitcodeInput<'a> {
    /// `.ll` text (or anything else the text reader judges).
    Text,
    /// Bitcode, raw or in its wrapper, possibly as a container's payload.
    Bitcode(&'a [u8]),
}

/// Finds the bitcode in `bytes`: raw (`BC C0 DE`), in the bitcode wrapper (`0x0B17C0DE`), or as
/// the raw payload of an NVVM container. An encoded container payload is an error: it is not
/// LLVM bitcode until NVIDIA's tools decode it.
pub fn bitcode_input(bytes: &[u8]) -> Result<BitcodeInput<'_>> {
    if nvir_llvm::bitcode::is_bitcode(bytes) {
        return Ok(BitcodeInput::Bitcode(bytes));
    }
    if !nvir_container::has_magic(bytes) {
        return Ok(BitcodeInput::Text);
    }
    let c = nvir_container::read(bytes).map_err(|e| anyhow::anyhow!("container: {e}"))?;
    match c.payload_kind() {
        nvir_container::PayloadKind::Bitcode | nvir_container::PayloadKind::BitcodeWrapper => {
            let at = bytes.len() - c.payload.len();
            Ok(BitcodeInput::Bitcode(&bytes[at..]))
        }
        nvir_container::PayloadKind::Encoded => {
            bail!("the container's payload is encoded (tag 99): it is not LLVM bitcode until NVIDIA's tools decode it")
        }
        k => bail!("the container's payload is {}, not LLVM bitcode", k.as_str()),
    }
}
