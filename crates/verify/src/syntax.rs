//! What the target's reader cannot read. nvir reads every dialect; libNVVM's LLVM 7 path reads
//! only LLVM 7.0.1 typed-pointer text, and its modern path refuses a few old forms. Each finding
//! begins with the reader's own message (`parse …`) and says the way out.

use crate::{Cx, Findings};
use nvir_llvm::ir::attrs::{Attr, AttrForm};
use nvir_llvm::ir::instruction::BinOp;
use nvir_llvm::ir::{ConstData, Dialect, ExprOp, InstKind};

const DOWNGRADE: &str = "`nvir print --syntax llvm7` rewrites the module for libNVVM's LLVM 7 reader; or target compute_100+ (or pass --nvvm-latest)";

pub(crate) fn check(cx: &Cx, out: &mut Findings) {
    if cx.llvm7() {
        check_llvm7(cx, out);
    } else {
        check_modern(cx, out);
    }
}

fn check_llvm7(cx: &Cx, out: &mut Findings) {
    let m = cx.m;
    if m.types.dialect() == Some(Dialect::OpaquePointers) {
        out.parse("nvvm-dialect", "parse expected type: `ptr` is opaque-pointer syntax (LLVM 15+), and libNVVM reads LLVM 7 typed pointers below compute_100", None);
        out.help("target compute_100+ (or pass --nvvm-latest), whose reader takes opaque pointers; or downgrade the module to typed pointers");
        return;
    }
    for (_, g) in m.globals.iter() {
        // LLVM 7's limit is 2^29.
        if g.props.align.is_some_and(|a| a > 1 << 29) {
            out.parse("nvvm-llvm7-syntax", "parse huge alignments are not supported yet", g.source);
            out.help("LLVM 7 aligns to at most 2^29 bytes");
        }
    }
    if m.consts.iter().any(|(_, c)| matches!(c, ConstData::DsoLocalEquivalent { .. })) {
        out.parse("nvvm-llvm7-syntax", "parse expected value token: `dso_local_equivalent` is LLVM 12+", None);
        out.help(DOWNGRADE);
    }
    for (_, f) in m.functions.iter() {
        if let Some(at) = f.source.numbered_argument {
            out.parse(
                "nvvm-llvm7-syntax",
                "parse expected ')' at end of argument list: explicitly numbered arguments (`i32 %0`) are LLVM 8+ syntax",
                Some(at),
            );
            out.help(DOWNGRADE);
        }
        if let Some(at) = f.source.numbered_label {
            out.parse(
                "nvvm-llvm7-syntax",
                "parse instruction expected to be numbered: numbered block labels (`3:`) are LLVM 8+ syntax",
                Some(at),
            );
            out.help(DOWNGRADE);
        }
        for (i, inst) in f.insts.iter() {
            let what = match &inst.kind {
                InstKind::FNeg { .. } | InstKind::Freeze(_) | InstKind::CallBr { .. } => {
                    Some(format!("parse expected instruction opcode: `{}` is newer than LLVM 7", inst.opcode()))
                }
                InstKind::AtomicRmw { op, .. } if !op.in_llvm7() => Some(format!(
                    "parse expected binary operation in atomicrmw: `atomicrmw {}` is newer than LLVM 7",
                    op.keyword()
                )),
                InstKind::AtomicRmw { ty, .. } if !matches!(m.types.get(*ty), nvir_llvm::ir::TypeData::Int(_)) => {
                    Some("parse atomicrmw operand must be an integer: floating-point `xchg` is LLVM 9+".into())
                }
                _ => None,
            };
            if let Some(what) = what {
                out.parse("nvvm-llvm7-syntax", what, f.inst_offset(i));
                out.help(DOWNGRADE);
            }
        }
    }
    // Attributes LLVM 7 does not know: its reader stops at the first, with the message of the
    // list it was reading.
    let newer = |set: nvir_llvm::ir::AttrSetId| {
        m.attrs[set].0.iter().find_map(|a| match a {
            Attr::Str(..) => None,
            a => a.kind().filter(|k| !k.info().llvm7 || typed_byval(a)).map(|k| k.info().name),
        })
    };
    for (_, f) in m.functions.iter() {
        let param = std::iter::once(f.ret_attrs).chain(f.params.iter().map(|p| p.attrs)).find_map(newer);
        let (name, expected) = match (param, newer(f.fn_attrs)) {
            (Some(name), _) => (name, "expected ')' at end of argument list"),
            (None, Some(name)) if f.is_definition => (name, "expected '{' in function body"),
            (None, Some(name)) => (name, "expected top-level entity"),
            (None, None) => continue,
        };
        out.parse(
            "nvvm-llvm7-syntax",
            format!("parse {expected}: `{name}` is newer than LLVM 7, whose reader does not know it"),
            f.source.start,
        );
        out.help(DOWNGRADE);
        return;
    }
}

/// `byval(T)` with a type: LLVM 7 writes `byval` bare.
fn typed_byval(a: &Attr) -> bool {
    matches!(a, Attr::Type(k, Some(_)) if k.info().form == AttrForm::Type && k.info().name == "byval")
}

fn check_modern(cx: &Cx, out: &mut Findings) {
    // Constant expressions newer LLVMs removed.
    for (_, c) in cx.m.consts.iter() {
        if let ConstData::Expr(e) = c {
            if let ExprOp::Binary(op @ (BinOp::Mul | BinOp::And | BinOp::Or | BinOp::LShr | BinOp::AShr)) = e.op {
                out.parse(
                    "nvvm-modern-syntax",
                    format!("parse {} constexprs are no longer supported", op.keyword()),
                    None,
                );
                out.help("compute the value in an instruction, or fold it into the constant");
                return;
            }
        }
    }
    // LLVM 22 dropped `x86_mmx`.
    if cx.m.types.iter().any(|(_, t)| matches!(t, nvir_llvm::ir::TypeData::X86Mmx)) {
        out.parse("nvvm-modern-syntax", "parse expected type: `x86_mmx` is no longer an LLVM type", None);
        return;
    }
    // The modern reader requires the type on `byval`/`inalloca`/`sret`-style attributes.
    let untyped =
        cx.m.attrs.iter().flat_map(|(_, set)| set.0.iter()).any(
            |a| matches!(a, Attr::Type(k, None) if matches!(k.info().name, "byval" | "inalloca" | "preallocated")),
        );
    if untyped {
        out.parse(
            "nvvm-modern-syntax",
            "parse expected '(': `byval` without a type is refused by the compute_100+ reader",
            None,
        );
        out.help("write the type: `byval(%struct.S)` (`nvir print --syntax modern` does)");
    }
}
