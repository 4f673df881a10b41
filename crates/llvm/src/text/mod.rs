//! The text form (`.ll`).

pub mod lexer;
pub mod parser;
pub mod printer;
pub mod token;
