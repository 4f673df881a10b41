//! The builder: what it builds validates, prints and reads back as built, in both pointer
//! dialects; an ill-typed operand or a dangling handle it was given is the validator's to refuse.

use nvir_llvm::ir::build::{BuildError, Builder};
use nvir_llvm::ir::instruction::{CastOp, IntPredicate};
use nvir_llvm::ir::{validate, Dialect, FloatKind, Value};
use nvir_llvm::{parse, print, Module, Syntax};

/// `@sum(T* %x, i32 %n)`: a loop adding `n` floats, with a phi and a conditional branch.
fn sum_loop(dialect: Dialect) -> Module {
    let mut m = Module::new();
    let mut b = Builder::new(&mut m, dialect);
    b.nvptx64();
    let (f32t, i32t, i64t) = (b.float(FloatKind::Float), b.int(32), b.int(64));
    let p = b.ptr(f32t, 1);
    let fty = b.function_type(f32t, &[p, i32t], false);
    let f = b.define("sum", fty, &["x", "n"]).unwrap();
    let (zero, one, fzero) = (b.const_int(i32t, 0), b.const_int(i32t, 1), b.const_f64(f32t, 0.0));
    let mut fb = b.body(f);
    let (entry, body, exit) = (fb.block("entry"), fb.block("body"), fb.block("exit"));
    fb.switch_to(entry);
    fb.br(body);
    fb.switch_to(body);
    // Phis first, their incoming values filled in once the values exist.
    let i = fb.phi(i32t, &[(fb.constant(zero), entry)], "i");
    let acc = fb.phi(f32t, &[(fb.constant(fzero), entry)], "acc");
    let wide = fb.cast(CastOp::SExt, i, i64t, "wide");
    let at = fb.gep(f32t, fb.param(0), &[wide], true, "at");
    let v = fb.load(f32t, at, 4, "v");
    let acc2 = fb.fadd(acc, v, "acc2");
    let next = fb.add_nsw(i, fb.constant(one), "next");
    let more = fb.icmp(IntPredicate::Slt, next, fb.param(1), "more");
    fb.cond_br(more, body, exit);
    fb.switch_to(exit);
    fb.ret(Some(acc2));
    for (phi, back) in [(i, next), (acc, acc2)] {
        let Value::Inst(id) = phi else { unreachable!() };
        let func = m.functions.iter_mut().next().unwrap().1;
        if let nvir_llvm::ir::InstKind::Phi { incoming, .. } = &mut func.insts[id].kind {
            incoming.push((back, body));
        }
    }
    m
}

#[test]
fn built_modules_validate_print_and_read_back() {
    for (dialect, ptr) in
        [(Dialect::TypedPointers, "float addrspace(1)*"), (Dialect::OpaquePointers, "ptr addrspace(1)")]
    {
        let m = sum_loop(dialect);
        validate(&m).unwrap();
        let text = print(&m, Syntax::Faithful).unwrap().text;
        for line in [
            format!("define float @sum({ptr} %x, i32 %n) {{"),
            "  %i = phi i32 [ 0, %entry ], [ %next, %body ]".to_string(),
            format!("  %at = getelementptr inbounds float, {ptr} %x, i64 %wide"),
            "  %more = icmp slt i32 %next, %n".to_string(),
            "  ret float %acc2".to_string(),
        ] {
            assert!(text.contains(&line), "{line:?} not in\n{text}");
        }
        let again = parse(&text).unwrap();
        validate(&again).unwrap();
        assert_eq!(print(&again, Syntax::Faithful).unwrap().text, text);
    }
}

#[test]
fn names_are_defined_once() {
    let mut m = Module::new();
    let mut b = Builder::new(&mut m, Dialect::OpaquePointers);
    let i32t = b.int(32);
    let fty = b.function_type(i32t, &[], false);
    b.declare("f", fty).unwrap();
    assert_eq!(b.declare("f", fty), Err(BuildError::Redefined("f".into())));
    assert_eq!(b.global("f", i32t, 0, None), Err(BuildError::Redefined("f".into())));
    assert!(matches!(b.define("g", i32t, &[]), Err(BuildError::NotAFunctionType(_))));
    assert_eq!(b.define("g", fty, &["x"]), Err(BuildError::ParamCount { names: 1, params: 0 }));
    // A builder over a module read from text knows its names.
    let mut read = parse("@g = global i32 0\n").unwrap();
    let mut b = Builder::new(&mut read, Dialect::TypedPointers);
    assert!(b.symbol("g").is_some());
    let i32t = b.int(32);
    assert!(b.global("g", i32t, 0, None).is_err());
}

#[test]
fn an_ill_typed_build_is_refused_by_the_validator_not_printed() {
    // `add i32 %p, 1` where %p is a pointer: the builder takes it, the validator names it.
    let mut m = Module::new();
    let mut b = Builder::new(&mut m, Dialect::TypedPointers);
    let i32t = b.int(32);
    let p = b.ptr(i32t, 0);
    let fty = b.function_type(i32t, &[p], false);
    let f = b.define("f", fty, &["p"]).unwrap();
    let one = b.const_int(i32t, 1);
    let mut fb = b.body(f);
    let e = fb.block("entry");
    fb.switch_to(e);
    let bad = fb.push(
        i32t,
        nvir_llvm::ir::InstKind::Binary {
            op: nvir_llvm::ir::instruction::BinOp::Add,
            flags: 0,
            fmf: Default::default(),
            lhs: Value::Arg(0),
            rhs: Value::Const(one),
        },
        "x",
    );
    fb.ret(Some(bad));
    let err = validate(&m).unwrap_err();
    assert!(err.to_string().contains("add operands i32* and i32 must both be i32"), "{err}");
    assert!(print(&m, Syntax::Faithful).is_err());
}

#[test]
fn a_name_asked_for_twice_gets_a_number() {
    let mut m = Module::new();
    let mut b = Builder::new(&mut m, Dialect::OpaquePointers);
    let i32t = b.int(32);
    let fty = b.function_type(i32t, &[i32t], false);
    let f = b.define("f", fty, &["x"]).unwrap();
    let mut fb = b.body(f);
    let e = fb.block("x");
    fb.switch_to(e);
    let a = fb.add(fb.param(0), fb.param(0), "x");
    let b2 = fb.add(a, a, "x");
    fb.ret(Some(b2));
    validate(&m).unwrap();
    let text = print(&m, Syntax::Faithful).unwrap().text;
    assert!(text.contains("x1:\n  %x2 = add i32 %x, %x\n  %x3 = add i32 %x2, %x2"), "{text}");
    // The validator refuses two values of one name (the printer could not tell them apart).
    let func = m.functions.iter_mut().next().unwrap().1;
    let Value::Inst(second) = b2 else { unreachable!() };
    func.set_inst_name(second, nvir_llvm::ir::Name::new("x2"));
    let err = validate(&m).unwrap_err();
    assert!(err.to_string().contains("the name %x2 is given to two values or blocks"), "{err}");
}
