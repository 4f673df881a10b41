//! One diagnostic model for every nvir reader, writer and verifier, and two renderers:
//! a human one (rustc-like; a source snippet for text, a hex row for binary input) and JSON.
//!
//! Library crates build [`Diagnostic`]s and return them; only the CLI renders.
//!
//! ```
//! use nvir_diag::{render_human, Diagnostic, Source, Span};
//! let bytes = [0xED, 0x43, 0x4E, 0x7F, 1, 68];
//! let d = Diagnostic::error("container minor version 68 is newer than accepted")
//!     .with_labelled_span(Span::at(5, 1), "minor");
//! let text = render_human(&[d], &Source::binary("a.ltoir", &bytes), false);
//! assert!(text.contains("--> a.ltoir @ 0x5"));
//! ```
#![deny(missing_docs)]

mod human;
mod json;

pub use human::render_human;
pub use json::{diagnostic_json, render_json};

use serde::Serialize;

/// How bad a diagnostic is. Only [`Severity::Error`] makes an input invalid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Severity {
    /// The input is invalid.
    Error,
    /// The input is accepted but something is suspicious or non-portable.
    Warning,
    /// Extra information.
    Note,
}

impl Severity {
    /// The word printed before the message.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// A half-open byte range `[start, end)` in the input. An empty range points between bytes
/// (e.g. at the end of a truncated input).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The range `[start, end)`; `end` is raised to `start` if smaller.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end: end.max(start) }
    }

    /// `len` bytes from `start`.
    pub fn at(start: usize, len: usize) -> Self {
        Span { start, end: start.saturating_add(len) }
    }
}

/// A secondary place worth pointing at, with a short message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What is there.
    pub message: String,
}

/// One finding about an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// How bad it is.
    pub severity: Severity,
    /// A stable short identifier (e.g. `container-version`), for tools that filter.
    pub code: Option<&'static str>,
    /// One line saying what is wrong.
    pub message: String,
    /// Where it is; `None` for findings about the whole input.
    pub span: Option<Span>,
    /// The label of the primary span, if any.
    pub span_label: Option<String>,
    /// Other places involved.
    pub labels: Vec<Label>,
    /// Facts that explain the finding.
    pub notes: Vec<String>,
    /// What the user can do about it.
    pub help: Vec<String>,
}

/// The longest message, label, note or help line a diagnostic keeps, in bytes: a name or token
/// from the input can be megabytes long, and is then shown by its ends.
pub const MAX_MESSAGE: usize = 1024;

/// `text` if it is at most [`MAX_MESSAGE`] bytes; otherwise its beginning and end around `…`
/// and the number of bytes left out.
pub fn elide(text: String) -> String {
    if text.len() <= MAX_MESSAGE {
        return text;
    }
    let head = floor_char_boundary(&text, MAX_MESSAGE * 2 / 3);
    let tail = ceil_char_boundary(&text, text.len() - MAX_MESSAGE / 4);
    format!("{}… ({} bytes left out) …{}", &text[..head], tail - head, &text[tail..])
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_char_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i += 1;
    }
    i
}

impl Diagnostic {
    /// A diagnostic of the given severity.
    pub fn new(severity: Severity, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            code: None,
            message: elide(message.into()),
            span: None,
            span_label: None,
            labels: Vec::new(),
            notes: Vec::new(),
            help: Vec::new(),
        }
    }

    /// An error.
    pub fn error(message: impl Into<String>) -> Self {
        Self::new(Severity::Error, message)
    }

    /// A warning.
    pub fn warning(message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, message)
    }

    /// A note.
    pub fn note(message: impl Into<String>) -> Self {
        Self::new(Severity::Note, message)
    }

    /// Sets the stable code.
    pub fn with_code(mut self, code: &'static str) -> Self {
        self.code = Some(code);
        self
    }

    /// Sets the primary span.
    pub fn with_span(mut self, span: Span) -> Self {
        self.span = Some(span);
        self
    }

    /// Sets the primary span and its label.
    pub fn with_labelled_span(mut self, span: Span, label: impl Into<String>) -> Self {
        self.span = Some(span);
        self.span_label = Some(elide(label.into()));
        self
    }

    /// Adds a secondary label.
    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label { span, message: elide(message.into()) });
        self
    }

    /// Adds a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(elide(note.into()));
        self
    }

    /// Adds a help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help.push(elide(help.into()));
        self
    }

    /// Whether this diagnostic makes the input invalid.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// The input a diagnostic refers to.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    /// File name as the user gave it (`-` or `<stdin>` for standard input).
    pub name: &'a str,
    /// The bytes or text.
    pub content: SourceContent<'a>,
}

/// What kind of input a [`Source`] is: it decides how locations are printed.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum SourceContent<'a> {
    /// Binary input: locations are byte offsets, context is a hex row.
    Binary(&'a [u8]),
    /// Text input: locations are `line:column`, context is a source snippet.
    Text(&'a str),
    /// Nothing to show (e.g. the input could not be read).
    None,
}

impl<'a> Source<'a> {
    /// A binary source.
    pub fn binary(name: &'a str, bytes: &'a [u8]) -> Self {
        Source { name, content: SourceContent::Binary(bytes) }
    }

    /// A text source.
    pub fn text(name: &'a str, text: &'a str) -> Self {
        Source { name, content: SourceContent::Text(text) }
    }

    /// 1-based line and column (in characters) of a byte offset in a text source.
    pub fn line_col(&self, offset: usize) -> Option<(usize, usize)> {
        let SourceContent::Text(text) = self.content else { return None };
        let offset = offset.min(text.len());
        let before = &text.as_bytes()[..offset];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        // Count characters, not bytes; a cut inside a UTF-8 sequence counts up to the cut.
        let col = String::from_utf8_lossy(&before[line_start..]).chars().count() + 1;
        Some((line, col))
    }

    /// `name:line:col` for text, `name @ 0xOFFSET` for binary.
    pub fn location(&self, offset: usize) -> String {
        match self.line_col(offset) {
            Some((line, col)) => format!("{}:{line}:{col}", self.name),
            None => format!("{} @ {offset:#x}", self.name),
        }
    }
}

/// Where the lines of a text start: line and column lookups in time logarithmic in its size (a
/// report of thousands of findings on a large module must not rescan the text for each).
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes `text`.
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// 1-based line and column (in characters) of a byte offset, as [`Source::line_col`] gives.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = offset.min(text.len());
        let line = self.starts.partition_point(|&s| s <= offset);
        let start = self.starts[line - 1];
        let col = String::from_utf8_lossy(&text.as_bytes()[start..offset]).chars().count() + 1;
        (line, col)
    }
}

/// Text for rendering diagnostics about `bytes` whose byte offsets stay valid: each byte of an
/// invalid UTF-8 sequence becomes `?` (one byte for one byte), so spans still point at the
/// same places. Borrowed when the input is valid UTF-8.
pub fn text_with_same_offsets(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => {
            let mut out = String::with_capacity(bytes.len());
            for chunk in bytes.utf8_chunks() {
                out.push_str(chunk.valid());
                out.extend(std::iter::repeat_n('?', chunk.invalid().len()));
            }
            std::borrow::Cow::Owned(out)
        }
    }
}

/// Counts of the diagnostics by severity, for summaries.
pub fn count_errors(diags: &[Diagnostic]) -> usize {
    diags.iter().filter(|d| d.is_error()).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_messages_keep_their_ends() {
        let short = "found 'x'".to_string();
        assert_eq!(elide(short.clone()), short);
        let long = format!("found '{}ç{}'", "x".repeat(10_000_000), "y".repeat(700));
        let d = Diagnostic::error(long.clone());
        assert!(d.message.len() < MAX_MESSAGE + 64, "{}", d.message.len());
        assert!(d.message.starts_with("found 'xxx") && d.message.ends_with("yyy'"));
        assert!(d.message.contains(" bytes left out) "));
    }

    #[test]
    fn line_col_counts_lines_and_chars() {
        let idx = LineIndex::new("ab\nçd\n");
        for (offset, want) in [(0, (1, 1)), (3, (2, 1)), (5, (2, 2)), (99, (3, 1)), (2, (1, 3))] {
            assert_eq!(idx.line_col("ab\nçd\n", offset), want, "offset {offset}");
        }
        let src = Source::text("a.ll", "ab\nçd\n");
        assert_eq!(src.line_col(0), Some((1, 1)));
        assert_eq!(src.line_col(3), Some((2, 1)));
        assert_eq!(src.line_col(5), Some((2, 2)), "ç is one column");
        assert_eq!(src.line_col(99), Some((3, 1)), "clamped to the end");
        assert_eq!(Source::binary("x", b"").line_col(0), None);
    }

    #[test]
    fn lossy_text_keeps_offsets() {
        let t = text_with_same_offsets(b"a\xffb\xe2\x82c");
        assert_eq!(t, "a?b??c");
        assert_eq!(t.len(), 6);
    }

    #[test]
    fn location_is_offset_for_binary() {
        assert_eq!(Source::binary("f.ltoir", b"abc").location(16), "f.ltoir @ 0x10");
        assert_eq!(Source::text("f.ll", "a\nb").location(2), "f.ll:2:1");
    }
}
