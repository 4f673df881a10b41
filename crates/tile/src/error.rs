//! Errors: one word wide, with the absolute byte offset where reading stopped.

use std::fmt;

/// A located error from reading, writing or validating Tile IR.
#[derive(Clone, PartialEq, Eq)]
pub struct Error(Box<Inner>);

#[derive(Clone, PartialEq, Eq)]
struct Inner {
    message: String,
    offset: Option<usize>,
}

impl Error {
    /// An error at a byte offset of the input.
    #[cold]
    pub fn at(offset: usize, message: impl Into<String>) -> Self {
        Error(Box::new(Inner { message: message.into(), offset: Some(offset) }))
    }

    /// An error with no input position (e.g. the writer refusing a module).
    #[cold]
    pub fn msg(message: impl Into<String>) -> Self {
        Error(Box::new(Inner { message: message.into(), offset: None }))
    }

    /// The message, without the position.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// The absolute byte offset, when the error is about an input.
    pub fn offset(&self) -> Option<usize> {
        self.0.offset
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.offset {
            Some(o) => write!(f, "{} (at offset {o:#x})", self.0.message),
            None => f.write_str(&self.0.message),
        }
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for Error {}

/// Results of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;
