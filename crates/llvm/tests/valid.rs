//! The validator against the readers: every module a reader accepts (the corpus's text and
//! bitcode, and what printing makes of them) validates; modules built with an ill-typed operand,
//! a dangling handle or a broken block are refused, with the place named.

use nvir_llvm::ir::{validate, Place};
use std::path::Path;
mod common;

#[test]
fn every_module_the_readers_accept_validates() {
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut files = common::corpus_files();
    let bitcode_dirs = [
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bitcode"),
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus"),
    ];
    let mut stack: Vec<_> = bitcode_dirs.to_vec();
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "bc" || x == "ll") && !files.contains(&p) {
                files.push(p);
            }
        }
    }
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let m = if f.extension().is_some_and(|x| x == "bc") {
            nvir_llvm::bitcode::read(&bytes).ok()
        } else {
            nvir_llvm::parse_bytes(&bytes).ok()
        };
        let Some(m) = m else { continue };
        checked += 1;
        if let Err(e) = validate(&m) {
            failures.push(format!("{}: {}", f.display(), e.errors[0]));
        }
    }
    assert!(failures.is_empty(), "{} of {checked} modules fail validation:\n{}", failures.len(), failures.join("\n"));
    assert!(checked > 330, "{checked}");
}

/// A small valid kernel to break in one place at a time.
const KERNEL: &str = r#"
@g = global [2 x i32] [i32 1, i32 2]

declare i32 @h(i32)

define i32 @k(i32* %p, i32 %n) {
entry:
  %x = load i32, i32* %p
  %y = add i32 %x, %n
  %c = icmp slt i32 %y, 0
  br i1 %c, label %neg, label %done
neg:
  %z = call i32 @h(i32 %y)
  br label %done
done:
  %r = phi i32 [ %y, %entry ], [ %z, %neg ]
  %t = trunc i32 %r to i8
  ret i32 %r
}
"#;

fn kernel() -> nvir_llvm::Module {
    let m = nvir_llvm::parse(KERNEL).unwrap();
    validate(&m).unwrap();
    m
}

/// The function `@k` and the handle of its instruction named `name`.
fn inst<'m>(m: &'m mut nvir_llvm::Module, name: &str) -> (&'m mut nvir_llvm::ir::Function, nvir_llvm::ir::InstId) {
    let (_, f) = m.functions.iter_mut().find(|(_, f)| &*f.name == "k").unwrap();
    let id = f.insts.iter().find(|(_, i)| i.name.as_str() == Some(name)).unwrap().0;
    (f, id)
}

/// The first error's place and message.
fn first_error(m: &nvir_llvm::Module) -> (Place, String) {
    let e = validate(m).expect_err("the module must be refused");
    (e.errors[0].place, e.errors[0].message.clone())
}

use nvir_llvm::ir::{InstKind, Value};

#[test]
fn an_ill_typed_operand_is_refused() {
    // `add i32 %p, %n` where %p is a pointer.
    let mut m = kernel();
    let (f, y) = inst(&mut m, "y");
    let InstKind::Binary { lhs, .. } = &mut f.insts[y].kind else { panic!() };
    *lhs = Value::Arg(0);
    let (place, msg) = first_error(&m);
    assert!(matches!(place, Place::Instruction(_, i) if i == y), "{place:?}");
    assert!(msg.contains("add operands i32* and i32 must both be i32"), "{msg}");
    // The printer refuses it too, rather than writing what no reader accepts.
    let err = nvir_llvm::print(&m, nvir_llvm::Syntax::Faithful).unwrap_err();
    assert!(err.to_string().contains("must both be i32"), "{err}");
}

#[test]
fn a_dangling_handle_is_refused_and_never_printed() {
    let mut m = kernel();
    let (f, y) = inst(&mut m, "y");
    let InstKind::Binary { rhs, .. } = &mut f.insts[y].kind else { panic!() };
    *rhs = Value::Arg(7);
    let (_, msg) = first_error(&m);
    assert!(msg.contains("argument #7 (the function has 2) is out of range"), "{msg}");
    assert!(nvir_llvm::print(&m, nvir_llvm::Syntax::Faithful).is_err());
    assert!(nvir_llvm::print(&m, nvir_llvm::Syntax::Modern).is_err());
}

#[test]
fn blocks_end_with_their_only_terminator() {
    let mut m = kernel();
    let (f, _) = inst(&mut m, "y");
    let entry = f.layout[0];
    f.blocks[entry].insts.pop();
    let (_, msg) = first_error(&m);
    assert_eq!(msg, "a block must end with a terminator");

    let mut m = kernel();
    let (f, c) = inst(&mut m, "c");
    let entry = f.layout[0];
    let br = *f.blocks[entry].insts.last().unwrap();
    f.blocks[entry].insts.insert(0, br);
    let _ = c;
    let (_, msg) = first_error(&m);
    assert!(msg.contains("placed twice"), "{msg}");
}

#[test]
fn casts_follow_llvms_rules() {
    let mut m = kernel();
    let (f, t) = inst(&mut m, "t");
    let i64t = {
        let InstKind::Cast { from, .. } = f.insts[t].kind else { panic!() };
        from
    };
    f.insts[t].ty = i64t; // trunc i32 to i32
    let (_, msg) = first_error(&m);
    assert_eq!(msg, "invalid cast trunc from i32 to i32");
}

#[test]
fn calls_match_their_callee() {
    let mut m = kernel();
    let (f, z) = inst(&mut m, "z");
    let InstKind::Call { call, .. } = &mut f.insts[z].kind else { panic!() };
    call.args.clear();
    let (_, msg) = first_error(&m);
    assert_eq!(msg, "0 arguments to a function of 1 parameters");
}

#[test]
fn phis_and_branches_stay_in_the_function() {
    let mut m = kernel();
    let (f, r) = inst(&mut m, "r");
    let extra = f.blocks.push(Default::default());
    let InstKind::Phi { incoming, .. } = &mut f.insts[r].kind else { panic!() };
    incoming[0].1 = extra;
    let (_, msg) = first_error(&m);
    assert!(msg.contains("is not in the function's block list"), "{msg}");
}

#[test]
fn operands_are_placed_instructions() {
    let mut m = kernel();
    let (f, y) = inst(&mut m, "y");
    let orphan = f.insts.push(f.insts[y].clone());
    let (_, t) = inst(&mut m, "t");
    let (_, f) = m.functions.iter_mut().find(|(_, f)| &*f.name == "k").unwrap();
    let InstKind::Cast { value, .. } = &mut f.insts[t].kind else { panic!() };
    *value = Value::Inst(orphan);
    let (_, msg) = first_error(&m);
    assert!(msg.contains("is in no block"), "{msg}");
}

#[test]
fn constants_and_globals_are_typed() {
    let mut m = kernel();
    let (_, g) = m.globals.iter().next().unwrap();
    let init = g.init.unwrap();
    let i32t = m.types.int(32);
    let bad = m.constant(nvir_llvm::ir::ConstData::Int { ty: i32t, value: nvir_llvm::ir::ApInt::from_u64(3, 32) });
    let (_, g) = m.globals.iter_mut().next().unwrap();
    g.init = Some(bad);
    let (_, msg) = first_error(&m);
    assert_eq!(msg, "initializer of type i32 for a global of type [2 x i32]");
    let _ = init;
}

#[test]
fn symbols_name_what_they_define() {
    let mut m = kernel();
    let (_, f) = m.functions.iter_mut().find(|(_, f)| &*f.name == "h").unwrap();
    f.name = "renamed".into();
    let (place, msg) = first_error(&m);
    assert!(matches!(place, Place::Symbol(_)), "{place:?}");
    assert_eq!(msg, "it names an entity called @renamed");
}
