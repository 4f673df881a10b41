//! What libNVVM's LLVM 7.0.1 *bitcode* reader (compute_75 … compute_90a) stops at, in the order
//! it reads a module: the type table, then the attribute groups, then function bodies. Measured
//! with `nvvmVerifyProgram` on `llvm-as-14`/`-19` output: a type LLVM 7 does not know (`ptr`,
//! which LLVM 15+ writes for every function, `bfloat`, `x86_amx`, target types) and an
//! instruction it does not know (`fneg`, `freeze`, `callbr`, floating-point `atomicrmw`) read as
//! `Invalid value`; an attribute kind code above LLVM 7's last (58) as `Unknown attribute kind (N)`;
//! a global's or function's alignment above 2^29 as `Invalid alignment value`.
//! Each message ends as libNVVM's does, with the producer and reader.

use crate::syntax::{newer_instruction, NewerInstruction};
use crate::{Cx, Findings};
use nvir_llvm::ir::attrs::Attr;
use nvir_llvm::ir::{FloatKind, TypeData};

/// `ATTR_KIND_SHADOWCALLSTACK`, the last attribute kind code LLVM 7.0.1's reader knows.
const LAST_LLVM7_ATTR_CODE: u64 = 58;

const WAY_OUT: &str = "libNVVM below compute_100 reads bitcode as LLVM 7 writes it: give it LLVM 7-compatible text (`nvir print --syntax llvm7`), or target compute_100+";

pub(crate) fn check(cx: &Cx, producer: &str, out: &mut Findings) {
    let m = cx.m;
    let tail = format!(" (Producer: '{producer}' Reader: 'LLVM 7.0.1')");
    let newer_type = m.types.iter().find_map(|(_, t)| match t {
        TypeData::Pointer { pointee: None, .. } => Some("opaque pointers (`ptr`)"),
        TypeData::Float(FloatKind::BFloat) => Some("`bfloat`"),
        TypeData::X86Amx => Some("`x86_amx`"),
        TypeData::TargetExt(_) => Some("target extension types"),
        _ => None,
    });
    if let Some(what) = newer_type {
        out.parse(
            "nvvm-llvm7-bitcode",
            format!("parse Invalid value{tail}: its type table has {what}, which LLVM 7 does not know"),
            None,
        );
        out.help(WAY_OUT);
        return;
    }
    let code_of = |a: &Attr| {
        let name = a.kind()?.info().name;
        nvir_llvm::bitcode::codes::ATTR_KINDS.iter().find(|(_, n)| *n == name).map(|(c, _)| *c)
    };
    let unknown = m.attrs.iter().flat_map(|(_, set)| set.0.iter()).find_map(|a| {
        code_of(a).filter(|&c| c > LAST_LLVM7_ATTR_CODE).map(|c| (c, a.kind().map_or("", |k| k.info().name)))
    });
    if let Some((code, name)) = unknown {
        out.parse(
            "nvvm-llvm7-bitcode",
            format!("parse Unknown attribute kind ({code}){tail}: `{name}` is newer than LLVM 7"),
            None,
        );
        out.help(WAY_OUT);
        return;
    }
    // Module records: global variables, then functions; LLVM 7 aligns to at most 2^29 bytes.
    let huge = |a: Option<nvir_llvm::ir::instruction::Align>| a.is_some_and(|a| a.bytes() > 1 << 29);
    if m.globals.iter().any(|(_, g)| huge(g.props.align)) || m.functions.iter().any(|(_, f)| huge(f.props.align)) {
        out.parse(
            "nvvm-llvm7-bitcode",
            format!("parse Invalid alignment value{tail}: LLVM 7 aligns to at most 2^29 bytes"),
            None,
        );
        out.help(WAY_OUT);
        return;
    }
    for (_, f) in m.functions.iter() {
        for (i, inst) in f.insts.iter() {
            let newer = newer_instruction(m, inst).map(|newer| match newer {
                NewerInstruction::Opcode(op) => op.to_string(),
                NewerInstruction::RmwOp(op) => format!("atomicrmw {op}"),
                NewerInstruction::FloatXchg => "floating-point atomicrmw xchg".into(),
            });
            if let Some(what) = newer {
                out.parse(
                    "nvvm-llvm7-bitcode",
                    format!("parse Invalid value{tail}: `{what}` is newer than LLVM 7"),
                    f.inst_offset(i),
                );
                out.help(WAY_OUT);
                return;
            }
        }
    }
}
