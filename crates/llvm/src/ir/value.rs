//! Operands.

use super::constant::ConstId;
use super::function::LocalMdId;
use super::instruction::InstId;
use super::metadata::MdId;
use super::module::AsmId;

/// An operand of an instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Value {
    /// A constant (globals' addresses included).
    Const(ConstId),
    /// The function's N-th parameter.
    Arg(u32),
    /// An instruction's result.
    Inst(InstId),
    /// Module-level metadata as an argument (`metadata !5`).
    Md(MdId),
    /// Function-local metadata (`metadata i32 %x`, `!DIArgList(…)`).
    LocalMd(LocalMdId),
    /// Inline assembly as a callee.
    Asm(AsmId),
}

/// The name of a value or block: `None` for unnamed ones, numbered when printed. One pointer
/// wide (most values of real modules are unnamed, and every instruction has a name slot).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Name(Option<Box<Box<str>>>);

impl Name {
    /// An unnamed value.
    pub const NONE: Name = Name(None);
    /// A named value.
    pub fn new(s: &str) -> Self {
        Name(Some(Box::new(s.into())))
    }
    /// The name, if any.
    pub fn as_str(&self) -> Option<&str> {
        self.0.as_deref().map(|s| &**s)
    }
    /// Whether it is unnamed.
    pub fn is_none(&self) -> bool {
        self.0.is_none()
    }
}

impl From<Box<str>> for Name {
    fn from(s: Box<str>) -> Name {
        Name(Some(Box::new(s)))
    }
}

impl From<Option<Box<str>>> for Name {
    fn from(s: Option<Box<str>>) -> Name {
        Name(s.map(Box::new))
    }
}
