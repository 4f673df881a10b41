//! Bitcode errors: one word wide, with the bit offset, the block and the record being read.

use std::fmt;

/// A `Result` with a [`BitcodeError`].
pub type Result<T> = std::result::Result<T, BitcodeError>;

#[derive(Debug, Clone, PartialEq, Eq)]
struct Inner {
    message: String,
    bit: u64,
    block: Option<u32>,
    record: Option<u32>,
    producer: Option<String>,
}

/// Why bitcode could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitcodeError(Box<Inner>);

impl BitcodeError {
    /// An error at bit `bit`.
    #[cold]
    pub fn at(bit: u64, message: impl Into<String>) -> Self {
        BitcodeError(Box::new(Inner { message: message.into(), bit, block: None, record: None, producer: None }))
    }

    /// Names the block being read, unless one is named already.
    #[cold]
    pub fn in_block(mut self, block: Option<u32>) -> Self {
        if self.0.block.is_none() {
            self.0.block = block;
        }
        self
    }

    /// Names the record being read, unless one is named already.
    #[cold]
    pub fn in_record(mut self, code: u32) -> Self {
        if self.0.record.is_none() {
            self.0.record = Some(code);
        }
        self
    }

    /// Names the producer (from the identification block).
    #[cold]
    pub fn with_producer(mut self, producer: Option<&str>) -> Self {
        if self.0.producer.is_none() {
            self.0.producer = producer.map(Into::into);
        }
        self
    }

    /// The message alone.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// The bit offset into the bitcode (after any wrapper header).
    pub fn bit_offset(&self) -> u64 {
        self.0.bit
    }

    /// The byte offset of [`BitcodeError::bit_offset`].
    pub fn byte_offset(&self) -> u64 {
        self.0.bit / 8
    }

    /// Shifts the offset by `bytes` (the wrapper header in front of the bitcode).
    pub(crate) fn shifted(mut self, bytes: u64) -> Self {
        self.0.bit += bytes * 8;
        self
    }
}

impl fmt::Display for BitcodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.message)?;
        if let Some(b) = self.0.block {
            write!(f, " in {}", super::codes::block_name(b))?;
            if let Some(r) = self.0.record {
                write!(f, ", record code {r}")?;
            }
        }
        if let Some(p) = &self.0.producer {
            write!(f, " (producer '{p}')")?;
        }
        write!(f, " (at bit {}, byte 0x{:x})", self.0.bit, self.0.bit / 8)
    }
}

impl std::error::Error for BitcodeError {}
