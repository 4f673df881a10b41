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
    let id = f.insts.iter().find(|&(i, _)| f.inst_name(i).as_str() == Some(name)).unwrap().0;
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
    let copy = f.insts[y].clone();
    let orphan = f.insts.push(copy);
    let (_, t) = inst(&mut m, "t");
    let (_, f) = m.functions.iter_mut().find(|(_, f)| &*f.name == "k").unwrap();
    let InstKind::Cast { value, .. } = &mut f.insts[t].kind else { panic!() };
    *value = Value::Inst(orphan);
    let (_, msg) = first_error(&m);
    assert!(msg.contains("is in no block"), "{msg}");
}

#[test]
fn attachment_lists_are_the_function_s() {
    let mut m = kernel();
    let (f, y) = inst(&mut m, "y");
    let kind = nvir_llvm::ir::MdKind(0);
    let node = nvir_llvm::ir::MdId::from_index(0);
    f.inst_metadata_mut(y).push(nvir_llvm::ir::MdAttachment { kind, node });
    assert_eq!(f.inst_metadata(y).len(), 1);
    f.insts[y].metadata = Some(nvir_llvm::ir::MdListId::from_index(f.attachments.len()));
    assert!(f.inst_metadata(y).is_empty(), "a list out of range reads as none");
    let (_, msg) = first_error(&m);
    assert_eq!(msg, "attachment list #1 is out of range");
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

/// What libNVVM accepts went through LLVM's verifier, whose SSA rules [`validate_ssa`] states:
/// every module of the labelled corpus libNVVM verified at either arch keeps them, and every one
/// libNVVM refused for dominance first is refused here too. The real producers' modules keep them.
#[test]
fn ssa_rules_agree_with_libnvvm_on_the_labelled_corpus() {
    use nvir_llvm::ir::validate_ssa;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    let labels = std::fs::read_to_string(root.join("verifier/expected_compact.jsonl")).unwrap();
    let (mut ok, mut refused, mut failures) = (0, 0, Vec::new());
    for line in labels.lines() {
        let field = |k: &str| {
            let at = line.find(&format!("\"{k}\": \""))? + k.len() + 5;
            Some(&line[at..at + line[at..].find('"')?])
        };
        let (Some(file), Some(verdict)) = (field("file"), field("verdict")) else { continue };
        let dominance = field("first_error_key").is_some_and(|k| k.contains("dominate"));
        if verdict != "ok" && !dominance {
            continue;
        }
        let Ok(m) = nvir_llvm::parse_bytes(&std::fs::read(root.join("verifier").join(file)).unwrap()) else {
            continue;
        };
        match (validate_ssa(&m), dominance) {
            (Ok(()), false) => ok += 1,
            (Err(e), true) if e.errors[0].message.contains("dominate") => refused += 1,
            (r, _) => failures.push(format!("{file} ({verdict}): {r:?}")),
        }
    }
    for f in common::corpus_files() {
        let m = nvir_llvm::parse_bytes(&std::fs::read(&f).unwrap());
        if let Ok(m) = m {
            if f.to_string_lossy().contains("corpus/llvm/") {
                match validate_ssa(&m) {
                    Ok(()) => ok += 1,
                    Err(e) => failures.push(format!("{}: {e}", f.display())),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ok > 300 && refused >= 2, "{ok} accepted, {refused} refused");
}

/// The first SSA error of `src`'s function `@f`.
fn ssa_error(src: &str) -> String {
    let m = nvir_llvm::parse(src).unwrap_or_else(|e| panic!("{e}"));
    validate(&m).unwrap();
    let e = nvir_llvm::ir::validate_ssa(&m).expect_err("the module breaks an SSA rule");
    assert!(matches!(e.errors[0].place, Place::Instruction(..)), "{e}");
    e.errors[0].message.clone()
}

#[test]
fn ssa_rules_are_llvms() {
    let e = ssa_error(
        "define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  %x = add i32 1, 2\n  br label %b\nb:\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n",
    );
    assert_eq!(e, "Instruction does not dominate all uses!");
    let e = ssa_error("define i32 @f() {\nentry:\n  %y = add i32 %x, 1\n  %x = add i32 1, 2\n  ret i32 %y\n}\n");
    assert_eq!(e, "Instruction does not dominate all uses!");
    let e = ssa_error(
        "define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  br label %b\nb:\n  %p = phi i32 [ 0, %entry ]\n  ret i32 %p\n}\n",
    );
    assert_eq!(e, "PHINode should have one entry for each predecessor of its parent basic block!");
    let e = ssa_error(
        "define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  br label %b\nb:\n  %p = phi i32 [ 0, %entry ], [ 1, %b ]\n  ret i32 %p\n}\n",
    );
    assert_eq!(e, "PHI node entries do not match predecessors!");
    let e = ssa_error(
        "define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %b, label %b\nb:\n  %p = phi i32 [ 0, %entry ], [ 1, %entry ]\n  ret i32 %p\n}\n",
    );
    assert_eq!(e, "PHI node has multiple entries for the same basic block with different incoming values!");
    let e = ssa_error(
        "define i32 @f() {\nentry:\n  br label %b\nb:\n  %x = add i32 1, 2\n  %p = phi i32 [ 0, %entry ]\n  ret i32 %p\n}\n",
    );
    assert_eq!(e, "PHI nodes not grouped at top of basic block!");
    let e = ssa_error("define i32 @f() {\nentry:\n  br label %b\nb:\n  br label %entry\n}\n");
    assert_eq!(e, "Entry block to function must not have predecessors!");
    // An invoke's value is not available where the exception goes.
    let e = ssa_error(
        "declare i32 @g()\ndeclare i32 @p(...)\ndefine i32 @f() personality i32 (...)* @p {\nentry:\n  %v = invoke i32 @g() to label %ok unwind label %bad\nok:\n  ret i32 %v\nbad:\n  %l = landingpad { i8*, i32 } cleanup\n  ret i32 %v\n}\n",
    );
    assert_eq!(e, "Instruction does not dominate all uses!");
    // What keeps the rules: a loop's phi takes a value from its latch; an unreachable block may
    // use anything; an invoke's value along its normal edge.
    let m = nvir_llvm::parse(
        "declare i32 @g()\ndeclare i32 @p(...)\ndefine i32 @f(i32 %n) personality i32 (...)* @p {\nentry:\n  br label %loop\nloop:\n  %i = phi i32 [ 0, %entry ], [ %j, %loop ]\n  %j = add i32 %i, 1\n  %c = icmp slt i32 %j, %n\n  br i1 %c, label %loop, label %call\ncall:\n  %v = invoke i32 @g() to label %ok unwind label %bad\nok:\n  %w = add i32 %v, %j\n  ret i32 %w\nbad:\n  %l = landingpad { i8*, i32 } cleanup\n  ret i32 0\ndead:\n  %u = add i32 %z, 1\n  %z = add i32 %u, 1\n  ret i32 %z\n}\n",
    )
    .unwrap();
    nvir_llvm::ir::validate_ssa(&m).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn only_reachable_instructions_may_not_use_themselves() {
    let e = ssa_error("define i32 @f() {\nentry:\n  br label %b\nb:\n  %a = add i32 %a, 1\n  ret i32 %a\n}\n");
    assert_eq!(e, "Only PHI nodes may reference their own value!");
    let m = nvir_llvm::parse("define i32 @f() {\nentry:\n  ret i32 0\nb:\n  %a = add i32 %a, 1\n  ret i32 %a\n}\n")
        .unwrap();
    nvir_llvm::ir::validate_ssa(&m).unwrap();
}
