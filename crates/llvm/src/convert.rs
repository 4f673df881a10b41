//! A module, whatever LLVM wrote it, made into what one of libNVVM's two paths reads.
//!
//! - **LLVM 7 path** (compute_75 … compute_90a): opaque pointers are typed
//!   ([`crate::pass::pointers`]), operations LLVM 7 lacks lowered ([`crate::pass::llvm7`]), and
//!   the rest LLVM 7 cannot say left out or rewritten ([`crate::pass::downgrade`], each a note);
//!   then bitcode in LLVM 7.0.1's layout, or LLVM 7 text.
//! - **Modern path** (compute_100+): typed pointers become opaque ([`crate::pass::opaque`]);
//!   bitcode in LLVM 22's layout.
//!
//! For both: the triple and data layout libNVVM's compiler takes for 64-bit NVPTX, and
//! `!nvvmir.version` 2.0 where the module has none or an NVVM IR 1.x one.

use crate::ir::build::{Builder, NVPTX64_LAYOUT};
use crate::ir::types::Dialect;
use crate::ir::{validate, validate_as_opaque, validate_ssa, Module};
use crate::pass::{downgrade, llvm7, pointers, Note, PassError};
use crate::text::printer::{print_module_in_place_to, Syntax};

/// What to produce.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Emit {
    /// Bitcode.
    Bitcode,
    /// `.ll` text.
    Text,
}

/// How to convert.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// For libNVVM's LLVM 7 path (below compute_100); otherwise its modern path.
    pub llvm7: bool,
    /// What to produce.
    pub emit: Emit,
    /// List every kernel in `@llvm.used` (for LTO-IR: nvJitLink's link-time optimization drops
    /// a kernel it does not list).
    pub keep_kernels: bool,
    /// The most bytes of bitcode to write ([`crate::bitcode::write_as_limited`]; `u64::MAX`:
    /// no limit). Text is bounded by the printer's own budget for constants written at each use.
    pub max_output: u64,
}

/// A converted module: its bytes and what the conversion changed.
#[derive(Debug, Clone)]
pub struct Converted {
    /// The output, bitcode or text.
    pub bytes: Vec<u8>,
    /// Each change that was not a pure change of form.
    pub notes: Vec<Note>,
}

/// Converts `m` (a module a reader made) for the path `opts` names.
pub fn convert(mut m: Module, opts: &Options) -> Result<Converted, PassError> {
    let opaque = m.types.dialect() == Some(Dialect::OpaquePointers);
    let checked = if opaque { validate_as_opaque(&m) } else { validate(&m) };
    let checked = checked.and_then(|()| crate::ir::valid::ssa_rules(&m));
    checked.map_err(|e| PassError::module(format!("the input is not valid IR: {e}")))?;
    let mut notes = Vec::new();
    target_module(&mut m, &mut notes);
    if opts.keep_kernels {
        notes.extend(crate::pass::lto::keep_kernels(&mut m));
    }
    if !opts.llvm7 {
        if opts.emit == Emit::Bitcode {
            // Typed pointers become opaque in place: the module is the conversion's to change,
            // and a copy to upgrade would hold it twice.
            if m.types.dialect() == Some(Dialect::TypedPointers) {
                validate(&m).map_err(|e| PassError::module(format!("invalid module: {e}")))?;
                crate::pass::opaque::upgrade(&mut m).map_err(|e| PassError::module(e.to_string()))?;
            }
            let bytes = crate::bitcode::write_as_limited(&m, crate::bitcode::Layout::Modern, opts.max_output)
                .map_err(write_error)?
                .into_vec();
            return Ok(Converted { bytes, notes });
        }
        let (text, printed) = print_text(&mut m, Syntax::Modern)?;
        drop(m);
        notes.extend(printed.into_iter().map(|message| Note { function: None, message }));
        return Ok(Converted { bytes: text.concat(), notes });
    }
    llvm7::widen_odd_int_globals(&mut m, &mut notes)?;
    notes.extend(pointers::type_pointers(&mut m)?);
    notes.extend(llvm7::lower(&mut m)?);
    notes.extend(downgrade::to_llvm7(&mut m)?);
    validate_ssa(&m).map_err(|e| PassError::module(format!("the passes made invalid IR (a bug): {e}")))?;
    let bytes = match opts.emit {
        // The LLVM 7 pass has run: its second run, in the printer, finds nothing more to say.
        Emit::Text => {
            let text = print_text(&mut m, Syntax::Llvm7)?.0;
            drop(m);
            text.concat()
        }
        Emit::Bitcode => crate::bitcode::write_as_limited(&m, crate::bitcode::Layout::Llvm7, opts.max_output)
            .map_err(write_error)?
            .into_vec(),
    };
    Ok(Converted { bytes, notes })
}

/// The module's text in `syntax`, in the pieces the printer handed over, and the printer's notes.
/// The printer's pass runs on the module itself (the conversion owns it): a printer's copy to run
/// it on would hold a large module twice (200k intrinsic declarations, 7 MB of text: 195 MB peak
/// with the copy). The pieces are joined once the module is gone: one buffer grown while the
/// module is held took twice the text beside it when it doubled (200k loads through pointers,
/// 18 MB of text: 36 MB).
fn print_text(m: &mut Module, syntax: Syntax) -> Result<(Pieces, Vec<String>), PassError> {
    let mut text = Pieces::default();
    let notes = print_module_in_place_to(m, syntax, &mut text).map_err(|e| PassError::module(e.to_string()))?;
    Ok((text, notes))
}

/// Text as the printer writes it: each write kept as a piece of its own size.
#[derive(Default)]
struct Pieces(Vec<Vec<u8>>);

impl Pieces {
    /// The text in one buffer of its exact size (the pieces go as it is made).
    fn concat(self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.0.iter().map(Vec::len).sum());
        for piece in self.0 {
            out.extend_from_slice(&piece);
        }
        out
    }
}

impl std::io::Write for Pieces {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.push(buf.to_vec());
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A writer's error as the conversion's, keeping where in the text it is.
fn write_error(e: crate::bitcode::WriteError) -> PassError {
    PassError { function: None, offset: e.offset(), message: e.to_string() }
}

/// The triple, data layout and IR version libNVVM's compiler takes.
fn target_module(m: &mut Module, notes: &mut Vec<Note>) {
    let triple: &[u8] = b"nvptx64-nvidia-cuda";
    if m.triple.as_deref() != Some(triple) {
        if let Some(t) = &m.triple {
            notes.push(Note {
                function: None,
                message: format!("target triple {:?} became \"nvptx64-nvidia-cuda\"", String::from_utf8_lossy(t)),
            });
        }
        m.triple = Some(triple.into());
    }
    if m.data_layout.as_deref() != Some(NVPTX64_LAYOUT.as_bytes()) {
        if let Some(l) = &m.data_layout {
            notes.push(Note {
                function: None,
                message: format!("data layout {:?} became libNVVM's own for 64-bit NVPTX", String::from_utf8_lossy(l)),
            });
        }
        m.data_layout = Some(NVPTX64_LAYOUT.as_bytes().into());
    }
    if !m.metadata.named.iter().any(|n| &*n.name == "nvvmir.version") {
        let dialect = m.types.dialect().unwrap_or(Dialect::OpaquePointers);
        Builder::new(m, dialect).nvvmir_version(2, 0);
    }
    older_ir_version(m, notes);
}

/// An NVVM IR 1.x `!nvvmir.version` becomes 2.0, its debug version kept: the converted module is
/// in 2.0's form, and of a 1.x module libNVVM checks nothing but the version (measured,
/// `versionbody/`: a kernel, a reader's, the verifier's and the compiler's problem, opaque
/// pointers and debug information under 1.0 and 1.9 all end at `IR version 1.x incompatible with
/// current version 2.0`, on both paths, verify and compile, where 2.0 is checked in full). A
/// newer version than 2.0 is left for the check to refuse.
fn older_ir_version(m: &mut Module, notes: &mut Vec<Note>) {
    use crate::ir::{ConstData, MdNode, Value};
    let Some(at) = m.metadata.named.iter().position(|n| &*n.name == "nvvmir.version") else { return };
    let int = |op: Option<crate::ir::MdId>| match m.metadata.get(op?) {
        MdNode::Value(_, Value::Const(c)) => match &m.consts[*c] {
            ConstData::Int { value, .. } => value.as_u64(),
            _ => None,
        },
        _ => None,
    };
    // (place in the list, major, minor) of each 1.x node.
    let old: Vec<(usize, u64, u64)> = (m.metadata.named[at].nodes.iter().enumerate())
        .filter_map(|(k, &node)| match m.metadata.get(node) {
            MdNode::Tuple { ops, .. } if ops.len() >= 2 => match (int(ops[0]), int(ops[1])) {
                (Some(major @ 0..=1), Some(minor)) => Some((k, major, minor)),
                _ => None,
            },
            _ => None,
        })
        .collect();
    if old.is_empty() {
        return;
    }
    let dialect = m.types.dialect().unwrap_or(Dialect::OpaquePointers);
    let (two, zero) = {
        let mut b = Builder::new(m, dialect);
        let i32t = b.int(32);
        let (two, zero) = (b.const_int(i32t, 2), b.const_int(i32t, 0));
        (b.md_const(two), b.md_const(zero))
    };
    for &(k, major, minor) in &old {
        let MdNode::Tuple { ops, .. } = m.metadata.get(m.metadata.named[at].nodes[k]) else { continue };
        let mut ops = ops.to_vec();
        ops[..2].copy_from_slice(&[Some(two), Some(zero)]);
        m.metadata.named[at].nodes[k] = m.metadata.intern(MdNode::Tuple { distinct: None, ops: ops.into() });
        notes.push(Note {
            function: None,
            message: format!(
                "!nvvmir.version {major}.{minor} became 2.0: converted, the module is NVVM IR 2.0, and of a 1.x module libNVVM checks only the version"
            ),
        });
    }
}
