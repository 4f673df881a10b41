//! Errors: one word wide, built only on the cold path, each with the absolute byte offset in the
//! input and the archive member and ELF section it is in.

use nvir_diag::{Diagnostic, Span};
use std::fmt;

/// What kind of problem an [`Error`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input ends inside a structure, or a size or offset points past the end.
    Truncated,
    /// Where a fatbin must start, something else does.
    BadMagic,
    /// A header field is impossible (too small, overlapping, inconsistent).
    BadHeader,
    /// The host ELF object or `ar` archive is malformed (reported by the `object` crate).
    BadHost,
    /// A compressed payload does not decompress to what its header says.
    BadCompression,
    /// The payload cannot be extracted: unknown compression, or LTO-IR NVIDIA compressed with
    /// its keyed codec.
    Unsupported,
    /// A declared size is absurd: more than the input can justify.
    TooLarge,
    /// A limit of this run was reached (see [`crate::Budget`]): the entry is not decompressed,
    /// extracted or classified. The input may be valid.
    Limit,
}

/// Where in the input an [`Error`] is: absolute offset, and the enclosing member and section.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Location {
    /// Absolute byte offset in the input file.
    pub offset: u64,
    /// The `ar` member, if inside an archive.
    pub member: Option<String>,
    /// The ELF section, if inside an ELF object.
    pub section: Option<String>,
}

/// A malformed or unsupported input. One word wide.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(Box<Inner>);

#[derive(Debug, Clone, PartialEq, Eq)]
struct Inner {
    kind: ErrorKind,
    at: Location,
    len: u64,
    message: String,
}

impl Error {
    #[cold]
    pub(crate) fn new(kind: ErrorKind, offset: u64, len: u64, message: impl Into<String>) -> Self {
        Error(Box::new(Inner { kind, at: Location { offset, ..Location::default() }, len, message: message.into() }))
    }

    /// Fills in the member and section where they are not set yet (innermost wins).
    #[cold]
    pub(crate) fn within(mut self, member: Option<&str>, section: Option<&str>) -> Self {
        if self.0.at.member.is_none() {
            self.0.at.member = member.map(str::to_owned);
        }
        if self.0.at.section.is_none() {
            self.0.at.section = section.map(str::to_owned);
        }
        self
    }

    /// The kind of problem.
    pub fn kind(&self) -> ErrorKind {
        self.0.kind
    }

    /// The absolute byte offset in the input.
    pub fn offset(&self) -> u64 {
        self.0.at.offset
    }

    /// Offset, member and section.
    pub fn location(&self) -> &Location {
        &self.0.at
    }

    /// The message, without the location.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// As a diagnostic, with the offending bytes as its span and the member and section as notes.
    pub fn to_diagnostic(&self) -> Diagnostic {
        let start = usize::try_from(self.0.at.offset).unwrap_or(usize::MAX);
        let len = usize::try_from(self.0.len.max(1)).unwrap_or(1);
        let code = match self.0.kind {
            ErrorKind::Unsupported => "fatbin-unsupported",
            ErrorKind::Limit => "fatbin-limit",
            _ => "fatbin-malformed",
        };
        let mut d = Diagnostic::error(&self.0.message).with_code(code).with_span(Span::at(start, len));
        if let Some(m) = &self.0.at.member {
            d = d.with_note(format!("in archive member {m}"));
        }
        if let Some(s) = &self.0.at.section {
            d = d.with_note(format!("in ELF section {s}"));
        }
        d
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at offset {:#x}", self.0.message, self.0.at.offset)?;
        if let Some(m) = &self.0.at.member {
            write!(f, ", member {m}")?;
        }
        if let Some(s) = &self.0.at.section {
            write!(f, ", section {s}")?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for Error {}
