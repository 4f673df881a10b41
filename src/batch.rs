//! Many inputs at once: files, directories (walked recursively) and `-`, each judged on its own,
//! on several threads, reported in the order given, with a closing summary.
//!
//! A file that cannot be read is one more result (`unreadable`), never the end of the run; the
//! exit status is 0 when every input passed, 1 when any was rejected or unreadable (2 stays for
//! usage errors, which stop the run before it starts).

use crate::{ColorChoice, Format, EXIT_INVALID, EXIT_OK};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Which files a directory contributes: those with one of `extensions`, or whose first bytes
/// `sniff` accepts (files named otherwise, e.g. bitcode without `.bc`).
#[derive(Clone, Copy)]
pub struct Select {
    /// Extensions taken without looking inside (lowercase, no dot).
    pub extensions: &'static [&'static str],
    /// Whether a file of another name is taken, from its first 8 bytes.
    pub sniff: fn(&[u8]) -> bool,
}

/// One input of a run.
#[derive(Debug, Clone)]
pub struct Item {
    /// The path as read (`-` for standard input).
    pub path: PathBuf,
    /// The name shown in reports.
    pub name: String,
    /// Where the input sits below the directory it was found in (its file name for a file named
    /// on the command line): how outputs written to a directory are named.
    pub relative: PathBuf,
    /// Why it cannot be read, when walking its directory already failed.
    pub walk_error: Option<String>,
}

/// The inputs named on the command line, with directories replaced by the files they hold that
/// `select` takes (recursively, in name order; hidden entries and symbolic links to
/// directories are skipped). Whether any directory was named is returned too: a run over a
/// directory always ends with a summary.
pub fn expand(paths: &[PathBuf], select: Select) -> (Vec<Item>, bool) {
    let mut items = Vec::new();
    let mut any_dir = false;
    for p in paths {
        if p.as_os_str() != "-" && p.is_dir() {
            any_dir = true;
            walk(p, select, &mut items);
        } else {
            let relative = p.file_name().map_or_else(|| PathBuf::from("stdin"), PathBuf::from);
            let name = if p.as_os_str() == "-" { "<stdin>".to_string() } else { p.display().to_string() };
            items.push(Item { path: p.clone(), name, relative, walk_error: None });
        }
    }
    (items, any_dir)
}

fn walk(root: &Path, select: Select, items: &mut Vec<Item>) {
    let hidden = |e: &walkdir::DirEntry| e.depth() > 0 && e.file_name().to_string_lossy().starts_with('.');
    for entry in walkdir::WalkDir::new(root).sort_by_file_name().into_iter().filter_entry(|e| !hidden(e)) {
        match entry {
            // Links to files count as files; a dangling one with a selected name is an input
            // that cannot be read.
            Ok(e) if e.file_type().is_file() || (e.file_type().is_symlink() && !e.path().is_dir()) => {
                if selected(e.path(), select) {
                    let relative = e.path().strip_prefix(root).unwrap_or(e.path()).to_path_buf();
                    items.push(Item {
                        path: e.path().to_path_buf(),
                        name: e.path().display().to_string(),
                        relative,
                        walk_error: None,
                    });
                }
            }
            Ok(_) => {}
            Err(err) => {
                let path = err.path().unwrap_or(root).to_path_buf();
                items.push(Item {
                    name: path.display().to_string(),
                    relative: path.strip_prefix(root).unwrap_or(&path).to_path_buf(),
                    path,
                    walk_error: Some(err.to_string()),
                });
            }
        }
    }
}

/// Whether a file's first bytes are a module nvir reads as LLVM IR: bitcode (raw or wrapped) or
/// an NVVM container.
pub fn module_magic(head: &[u8]) -> bool {
    nvir_llvm::bitcode::is_bitcode(head) || nvir_container::has_magic(head)
}

fn selected(path: &Path, select: Select) -> bool {
    let ext = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
    if ext.as_deref().is_some_and(|e| select.extensions.contains(&e)) {
        return true;
    }
    let mut head = [0u8; 8];
    let n = std::fs::File::open(path).and_then(|mut f| read_up_to(&mut f, &mut head)).unwrap_or(0);
    n > 0 && (select.sniff)(&head[..n])
}

fn read_up_to(f: &mut std::fs::File, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match f.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

/// How one input fared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// It passed.
    Ok,
    /// It was read and found invalid.
    Rejected,
    /// It could not be read at all.
    Unreadable,
}

/// What one input produced: its verdict, what to print, and the codes of its errors (for the
/// summary's most frequent rules).
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The verdict.
    pub verdict: Verdict,
    /// For standard output (a JSON line, a listing, printed text).
    pub stdout: String,
    /// For standard error (human diagnostics).
    pub stderr: String,
    /// The codes of its errors.
    pub codes: Vec<&'static str>,
}

impl Outcome {
    /// An input that could not be read, reported in `format`.
    pub fn unreadable(item: &Item, why: &str, format: Format, extra: serde_json::Value) -> Outcome {
        let message = why.to_string();
        let (stdout, stderr) = match format {
            Format::Json => {
                let mut v = serde_json::json!({
                    "file": item.name, "ok": false, "unreadable": true,
                    "diagnostics": [{
                        "severity": "error", "code": "input-unreadable", "message": message, "file": item.name,
                        "labels": [], "notes": [], "help": [],
                    }],
                });
                if let (Some(obj), serde_json::Value::Object(more)) = (v.as_object_mut(), extra) {
                    for (k, val) in more {
                        obj.entry(k).or_insert(val);
                    }
                }
                (format!("{v}\n"), String::new())
            }
            Format::Human => {
                (String::new(), format!("error[input-unreadable]: {message}\n      --> {}\n\n", item.name))
            }
        };
        Outcome { verdict: Verdict::Unreadable, stdout, stderr, codes: vec!["input-unreadable"] }
    }
}

/// Reads an item whole (standard input for `-`), or says why it cannot be.
pub fn read_item(item: &Item) -> Result<crate::Input, String> {
    if let Some(why) = &item.walk_error {
        return Err(why.clone());
    }
    crate::InputArg { input: item.path.clone() }.read().map_err(|e| format!("{e:#}"))
}

/// How a run reports.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Inputs judged at once (0: one per CPU).
    pub jobs: usize,
    /// The report format.
    pub format: Format,
    /// Colours for human output.
    pub color: ColorChoice,
    /// Whether to end with a summary (always for several inputs or a directory).
    pub summary: bool,
    /// What the summary counts: "files".
    pub noun: &'static str,
    /// JSON reports and the summary go to standard error (standard output carries the
    /// command's output, e.g. printed modules).
    pub json_on_stderr: bool,
}

/// Counts over a run.
#[derive(Debug, Default, Clone)]
pub struct Summary {
    /// Inputs.
    pub files: usize,
    /// Passed.
    pub ok: usize,
    /// Rejected.
    pub rejected: usize,
    /// Unreadable.
    pub unreadable: usize,
    /// Error codes and how many inputs had each.
    pub codes: BTreeMap<&'static str, usize>,
}

impl Summary {
    fn add(&mut self, o: &Outcome) {
        self.files += 1;
        match o.verdict {
            Verdict::Ok => self.ok += 1,
            Verdict::Rejected => self.rejected += 1,
            Verdict::Unreadable => self.unreadable += 1,
        }
        let mut seen: Vec<&'static str> = o.codes.clone();
        seen.sort_unstable();
        seen.dedup();
        for c in seen {
            *self.codes.entry(c).or_default() += 1;
        }
    }

    /// The most frequent error codes, most frequent first (ties by name).
    pub fn top(&self, n: usize) -> Vec<(&'static str, usize)> {
        let mut v: Vec<_> = self.codes.iter().map(|(&c, &k)| (c, k)).collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        v.truncate(n);
        v
    }

    /// `1,204 files: 1,180 ok, 21 rejected, 3 unreadable`.
    pub fn line(&self, noun: &str) -> String {
        let noun = if self.files == 1 { noun.trim_end_matches('s') } else { noun };
        let mut s = format!("{} {noun}: {} ok", thousands(self.files), thousands(self.ok));
        if self.rejected > 0 {
            s += &format!(", {} rejected", thousands(self.rejected));
        }
        if self.unreadable > 0 {
            s += &format!(", {} unreadable", thousands(self.unreadable));
        }
        s
    }

    /// The exit status the run implies.
    pub fn status(&self) -> u8 {
        if self.rejected + self.unreadable > 0 {
            EXIT_INVALID
        } else {
            EXIT_OK
        }
    }
}

/// `1204` → `1,204`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Judges every item with `judge` on `opts.jobs` threads and prints each outcome in input order
/// as soon as it and every earlier one are done; a progress bar shows on a terminal once the run
/// has taken a second. Returns the summary (already printed when `opts.summary`).
pub fn run<F>(items: &[Item], opts: Options, judge: F) -> Summary
where
    F: Fn(&Item) -> Outcome + Sync,
{
    let jobs = match opts.jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .clamp(1, items.len().max(1));
    let mut summary = Summary::default();
    let bar = Progress::new(items.len(), opts.summary);
    let next = AtomicUsize::new(0);
    let (tx, rx) = std::sync::mpsc::channel::<(usize, Outcome)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (next, judge) = (&next, &judge);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                // A panic in one input is that input's failure, not the run's.
                let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    if jobs == 1 {
                        // One input at a time: it is judged on a thread of the pool the verifier
                        // works on (this one waits), so that what reading frees there (the input
                        // itself) is reused by the verifier's share of the work rather than held
                        // beside it by an idle thread. Several at a time stay on threads of their
                        // own: a pool thread waiting on its verifier's work could take up another
                        // input on top of it.
                        rayon::scope(|_| judge(item))
                    } else {
                        judge(item)
                    }
                }))
                .unwrap_or_else(|_| {
                    Outcome::unreadable(
                        item,
                        "internal error while reading this input",
                        opts.format,
                        serde_json::json!({}),
                    )
                });
                if tx.send((i, outcome)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut pending = BTreeMap::new();
        let mut printed = 0;
        while printed < items.len() {
            match rx.recv_timeout(Duration::from_millis(100)) {
                Ok((i, o)) => {
                    pending.insert(i, o);
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
            }
            while let Some(o) = pending.remove(&printed) {
                summary.add(&o);
                bar.suspend(|| emit(&o));
                printed += 1;
                bar.set(printed, &items[printed - 1].name);
            }
            bar.tick();
        }
    });
    bar.finish();
    if opts.summary {
        print_summary(&summary, opts);
    }
    summary
}

fn emit(o: &Outcome) {
    if !o.stderr.is_empty() {
        let _ = std::io::stderr().lock().write_all(o.stderr.as_bytes());
    }
    if !o.stdout.is_empty() {
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(o.stdout.as_bytes()).and_then(|()| out.flush());
    }
}

fn print_summary(s: &Summary, opts: Options) {
    match opts.format {
        Format::Json => {
            let rules: serde_json::Map<String, serde_json::Value> =
                s.top(usize::MAX).into_iter().map(|(c, n)| (c.to_string(), n.into())).collect();
            let v = serde_json::json!({ "summary": {
                "files": s.files, "ok": s.ok, "rejected": s.rejected, "unreadable": s.unreadable, "rules": rules,
            }});
            if opts.json_on_stderr {
                let _ = writeln!(std::io::stderr().lock(), "{v}");
            } else {
                let _ = writeln!(std::io::stdout().lock(), "{v}");
            }
        }
        Format::Human => {
            let mut text = s.line(opts.noun);
            let top = s.top(5);
            if !top.is_empty() && s.files > 1 {
                let list: Vec<String> = top.iter().map(|(c, n)| format!("{c} ({})", thousands(*n))).collect();
                text += &format!("\nmost frequent: {}", list.join(", "));
            }
            let text = if opts.color.stderr() { format!("\x1b[1m{text}\x1b[0m") } else { text };
            let _ = writeln!(std::io::stderr().lock(), "{text}");
        }
    }
}

/// A progress bar on standard error, drawn only on a terminal and only once the run has taken
/// a second (short runs print nothing extra).
struct Progress {
    bar: Option<indicatif::ProgressBar>,
    start: Instant,
    shown: std::cell::Cell<bool>,
}

impl Progress {
    fn new(len: usize, wanted: bool) -> Self {
        let on = wanted && len > 1 && std::io::stderr().is_terminal();
        let bar = on.then(|| {
            let b = indicatif::ProgressBar::with_draw_target(Some(len as u64), indicatif::ProgressDrawTarget::hidden());
            if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed} {wide_msg}") {
                b.set_style(style);
            }
            b
        });
        Progress { bar, start: Instant::now(), shown: std::cell::Cell::new(false) }
    }

    fn tick(&self) {
        if let Some(b) = &self.bar {
            if !self.shown.get() && self.start.elapsed() >= Duration::from_secs(1) {
                b.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                self.shown.set(true);
            }
        }
    }

    fn set(&self, pos: usize, name: &str) {
        if let Some(b) = &self.bar {
            b.set_position(pos as u64);
            b.set_message(name.to_string());
        }
    }

    fn suspend(&self, f: impl FnOnce()) {
        match &self.bar {
            Some(b) if self.shown.get() => b.suspend(f),
            _ => f(),
        }
    }

    fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1204), "1,204");
        assert_eq!(thousands(1234567), "1,234,567");
    }

    #[test]
    fn summary_counts_and_orders_rules() {
        let mut s = Summary::default();
        let o = |verdict, codes: &[&'static str]| Outcome {
            verdict,
            stdout: String::new(),
            stderr: String::new(),
            codes: codes.to_vec(),
        };
        s.add(&o(Verdict::Ok, &[]));
        s.add(&o(Verdict::Rejected, &["b", "a", "b"]));
        s.add(&o(Verdict::Rejected, &["b"]));
        s.add(&o(Verdict::Unreadable, &["input-unreadable"]));
        assert_eq!(s.line("files"), "4 files: 1 ok, 2 rejected, 1 unreadable");
        assert_eq!(s.top(2), vec![("b", 2), ("a", 1)]);
        assert_eq!(s.status(), EXIT_INVALID);
    }
}
