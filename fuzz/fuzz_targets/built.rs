//! Modules generated through the builder from arbitrary bytes: typed or opaque pointers, globals
//! with initializers, functions whose blocks hold integer, float, vector, memory, cast, compare,
//! select, GEP and call instructions on values of the right types. Each module must validate,
//! SSA rules included; then what validates must print, read back and print the same (validation
//! promises a module the printer and the readers take), be written as bitcode (LLVM 7's layout
//! for typed pointers, LLVM 22's for opaque) that reads back printing the same, keep validating
//! through the passes (the opaque upgrade, the LLVM 7 downgrade), and the verifier must take it
//! without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nvir_llvm::ir::build::{Builder, FunctionBuilder};
use nvir_llvm::ir::instruction::{BinOp, CastOp, FloatPredicate, IntPredicate};
use nvir_llvm::bitcode::Layout;
use nvir_llvm::ir::{validate, validate_ssa, ConstId, Dialect, FloatKind, TypeData, TypeId, Value};
use nvir_llvm::{Module, Syntax};

/// Bytes as a stream of choices (zeros once they run out).
struct Choices<'a>(&'a [u8]);

impl Choices<'_> {
    fn byte(&mut self) -> u8 {
        let Some((&b, rest)) = self.0.split_first() else { return 0 };
        self.0 = rest;
        b
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.byte() as usize % n
        }
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// The types values are made of.
struct Tys {
    i1: TypeId,
    ints: [TypeId; 3],   // i8, i32, i64
    floats: [TypeId; 2], // float, double
    v4i32: TypeId,
    v2f32: TypeId,
    arr: TypeId, // [4 x i32]
    i32: TypeId,
    i64: TypeId,
}

fuzz_target!(|data: &[u8]| {
    let mut c = Choices(data);
    let dialect = if c.byte() % 2 == 0 { Dialect::TypedPointers } else { Dialect::OpaquePointers };
    let mut m = Module::new();
    let mut b = Builder::new(&mut m, dialect);
    b.nvptx64();
    b.nvvmir_version(2, 0);
    let (i1, i8t, i32t, i64t) = (b.int(1), b.int(8), b.int(32), b.int(64));
    let (f32t, f64t) = (b.float(FloatKind::Float), b.float(FloatKind::Double));
    let (v4i32, v2f32, arr) = (b.vector(4, i32t), b.vector(2, f32t), b.array(4, i32t));
    let t = Tys { i1, ints: [i8t, i32t, i64t], floats: [f32t, f64t], v4i32, v2f32, arr, i32: i32t, i64: i64t };
    let scalars = [i8t, i32t, i64t, f32t, f64t, v4i32, v2f32];

    // Globals, in address spaces 1 and 3.
    let mut globals = Vec::new();
    for g in 0..c.below(3) {
        let ty = c.pick(&[i32t, f32t, arr, v4i32]);
        let init = if c.byte() % 2 == 0 { b.zero(ty) } else { b.undef(ty) };
        let space = c.pick(&[1, 3]);
        if b.global(&format!("g{g}"), ty, space, Some(init)).is_ok() {
            let s = b.symbol(&format!("g{g}")).unwrap();
            globals.push((b.address_of(s), ty));
        }
    }
    // Callees to call.
    let mut callees = Vec::new();
    for k in 0..c.below(3) {
        let ret = c.pick(&scalars);
        let p = c.pick(&scalars);
        let fty = b.function_type(ret, &[p], false);
        callees.push((b.declare(&format!("h{k}"), fty).unwrap(), ret, p));
    }
    for n in 0..1 + c.below(2) {
        let ret = c.pick(&[i32t, f32t, v4i32, b.void()]);
        let pty = [c.pick(&scalars), c.pick(&scalars)];
        let pp = b.ptr(pty[0], 1);
        let fty = b.function_type(ret, &[pty[0], pty[1], pp], false);
        let f = b.define(&format!("f{n}"), fty, &["a", "", "p"]).unwrap();
        let mut consts: Vec<(ConstId, TypeId)> = Vec::new();
        for &ty in &scalars {
            let (int, float) = match b.module().types.get(ty) {
                TypeData::Int(_) => (true, false),
                TypeData::Float(_) => (false, true),
                _ => (false, false),
            };
            let k = if int {
                b.const_int(ty, i128::from(c.byte()))
            } else if float {
                b.const_f64(ty, f64::from(c.byte()))
            } else {
                b.zero(ty)
            };
            consts.push((k, ty));
        }
        let mut fb = b.body(f);
        body(&mut fb, &mut c, &t, ret, &pty, pp, &consts, &globals, &callees);
    }

    validate_ssa(&m).unwrap_or_else(|e| panic!("the builder's module does not validate: {e}"));
    let text = nvir_llvm::print(&m, Syntax::Faithful).expect("a valid module prints").text;
    let again = nvir_llvm::parse(&text).unwrap_or_else(|e| panic!("printed text does not read back: {e}\n{text}"));
    validate(&again).expect("what was read validates");
    assert_eq!(nvir_llvm::print(&again, Syntax::Faithful).unwrap().text, text, "print is stable");
    let typed = m.types.dialect() == Some(Dialect::TypedPointers);
    let layout = if typed { Layout::Llvm7 } else { Layout::Modern };
    let bc = nvir_llvm::bitcode::write_as(&m, layout).unwrap_or_else(|e| panic!("a valid module is written: {e}\n{text}"));
    let read = nvir_llvm::bitcode::read(&bc).unwrap_or_else(|e| panic!("written bitcode does not read back: {e}\n{text}"));
    validate(&read).expect("what was read validates");
    assert_eq!(nvir_llvm::print(&read, Syntax::Faithful).unwrap().text, text, "bitcode keeps the module");
    if typed {
        let mut up = m.clone();
        nvir_llvm::pass::opaque::upgrade(&mut up).expect("a typed module upgrades");
        validate_ssa(&up).unwrap_or_else(|e| panic!("the upgrade made invalid IR: {e}\n{text}"));
        let mut down = m.clone();
        if nvir_llvm::pass::downgrade::to_llvm7(&mut down).is_ok() {
            validate_ssa(&down).unwrap_or_else(|e| panic!("the downgrade made invalid IR: {e}\n{text}"));
        }
    }
    for arch in ["compute_90", "compute_100"] {
        let target = nvir_verify::Target::parse(arch, false).unwrap();
        let _ = nvir_verify::verify(&m, &target);
    }
});

#[allow(clippy::too_many_arguments)]
fn body(
    fb: &mut FunctionBuilder<'_, '_>,
    c: &mut Choices<'_>,
    t: &Tys,
    ret: TypeId,
    params: &[TypeId; 2],
    pp: TypeId,
    consts: &[(ConstId, TypeId)],
    globals: &[(ConstId, TypeId)],
    callees: &[(nvir_llvm::ir::module::FuncId, TypeId, TypeId)],
) {
    // Values usable anywhere: parameters, constants and the entry block's results (the entry
    // dominates every block); a block's own results are usable after them in it.
    let mut everywhere: Vec<(Value, TypeId)> = vec![(Value::Arg(0), params[0]), (Value::Arg(1), params[1])];
    everywhere.extend(consts.iter().map(|&(k, ty)| (Value::Const(k), ty)));
    let blocks: Vec<_> = (0..1 + c.below(4)).map(|i| fb.block(if i == 0 { "entry" } else { "" })).collect();
    for (bi, &blk) in blocks.iter().enumerate() {
        fb.switch_to(blk);
        let mut here = everywhere.clone();
        for _ in 0..c.below(12) {
            if let Some(v) = instruction(fb, c, t, &here, pp, params[0], globals, callees) {
                here.push(v);
            }
        }
        if bi == 0 {
            everywhere = here.clone();
        }
        // Forward branches only: every block is reached from the entry.
        let later = &blocks[bi + 1..];
        if later.is_empty() {
            if ret == fb.builder().void() {
                fb.ret(None);
            } else {
                let v = pick_of(c, &here, ret).unwrap_or_else(|| Value::Const(fb.builder().zero(ret)));
                fb.ret(Some(v));
            }
        } else if let (Some(cond), true) = (pick_of(c, &here, t.i1), c.byte() % 2 == 0) {
            let (a, b2) = (later[c.below(later.len())], later[0]);
            fb.cond_br(cond, a, b2);
        } else {
            fb.br(later[c.below(later.len())]);
        }
    }
}

fn pick_of(c: &mut Choices<'_>, vals: &[(Value, TypeId)], ty: TypeId) -> Option<Value> {
    let of: Vec<Value> = vals.iter().filter(|(_, t)| *t == ty).map(|(v, _)| *v).collect();
    (!of.is_empty()).then(|| of[c.below(of.len())])
}

#[allow(clippy::too_many_arguments)]
fn instruction(
    fb: &mut FunctionBuilder<'_, '_>,
    c: &mut Choices<'_>,
    t: &Tys,
    vals: &[(Value, TypeId)],
    pp: TypeId,
    pointee: TypeId,
    globals: &[(ConstId, TypeId)],
    callees: &[(nvir_llvm::ir::module::FuncId, TypeId, TypeId)],
) -> Option<(Value, TypeId)> {
    let (v, ty) = vals[c.below(vals.len())];
    let is_int = |ty| t.ints.contains(&ty) || ty == t.v4i32;
    let is_float = |ty| t.floats.contains(&ty) || ty == t.v2f32;
    Some(match c.below(12) {
        0 | 1 if is_int(ty) || is_float(ty) => {
            let other = pick_of(c, vals, ty)?;
            let op = if is_int(ty) {
                c.pick(&[BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::And, BinOp::Or, BinOp::Xor, BinOp::Shl])
            } else {
                c.pick(&[BinOp::FAdd, BinOp::FSub, BinOp::FMul, BinOp::FDiv])
            };
            (fb.binary(op, v, other, ""), ty)
        }
        2 if is_int(ty) && ty != t.v4i32 => {
            let other = pick_of(c, vals, ty)?;
            let r = fb.icmp(c.pick(&[IntPredicate::Eq, IntPredicate::Slt, IntPredicate::Ugt]), v, other, "cmp");
            (r, t.i1)
        }
        3 if t.floats.contains(&ty) => {
            let other = pick_of(c, vals, ty)?;
            (fb.fcmp(c.pick(&[FloatPredicate::Olt, FloatPredicate::Une, FloatPredicate::Ord]), v, other, ""), t.i1)
        }
        4 if t.ints.contains(&ty) => {
            // An integer cast to another width, or to a float.
            let to = c.pick(&[t.ints[0], t.ints[1], t.ints[2], t.floats[0], t.floats[1]]);
            let (from_w, to_w) = (width(fb, ty), width(fb, to));
            let op = match (from_w, to_w) {
                (Some(a), Some(b)) if a > b => CastOp::Trunc,
                (Some(a), Some(b)) if a < b => c.pick(&[CastOp::ZExt, CastOp::SExt]),
                (Some(_), Some(_)) => return None,
                _ => c.pick(&[CastOp::SIToFP, CastOp::UIToFP]),
            };
            (fb.cast(op, v, to, ""), to)
        }
        5 if t.floats.contains(&ty) => {
            let to = c.pick(&[t.floats[0], t.floats[1], t.i32, t.i64]);
            let op = match (ty == t.floats[0], to) {
                (true, to) if to == t.floats[1] => CastOp::FPExt,
                (false, to) if to == t.floats[0] => CastOp::FPTrunc,
                (_, to) if to == t.i32 || to == t.i64 => c.pick(&[CastOp::FPToSI, CastOp::FPToUI]),
                _ => return None,
            };
            (fb.cast(op, v, to, ""), to)
        }
        6 => {
            let cond = pick_of(c, vals, t.i1)?;
            let other = pick_of(c, vals, ty)?;
            (fb.select(cond, v, other, "sel"), ty)
        }
        7 => {
            // Through the pointer parameter: load its pointee, or store one.
            let p = Value::Arg(2);
            if c.byte() % 2 == 0 {
                (fb.load(pointee, p, 0, "ld"), pointee)
            } else {
                let x = pick_of(c, vals, pointee)?;
                fb.store(x, p, 0);
                return None;
            }
        }
        8 if !globals.is_empty() => {
            let (g, gty) = globals[c.below(globals.len())];
            if gty == t.arr {
                let zero = fb.builder().const_int(t.i64, 0);
                let idx = pick_of(c, vals, t.i64).unwrap_or(Value::Const(zero));
                let at = fb.gep(t.arr, Value::Const(g), &[Value::Const(zero), idx], true, "el");
                (fb.load(t.i32, at, 4, ""), t.i32)
            } else {
                (fb.load(gty, Value::Const(g), 0, ""), gty)
            }
        }
        9 if !callees.is_empty() => {
            let (f, ret, p) = callees[c.below(callees.len())];
            let arg = pick_of(c, vals, p)?;
            (fb.call(f, &[arg], "r"), ret)
        }
        10 if ty == t.v4i32 || ty == t.v2f32 => {
            let lane = fb.builder().const_int(t.i32, i128::from(c.byte() % 2));
            let elem = if ty == t.v4i32 { t.i32 } else { t.floats[0] };
            let e = fb.push(
                elem,
                nvir_llvm::ir::InstKind::ExtractElement { vec_ty: ty, vec: v, idx_ty: t.i32, idx: Value::Const(lane) },
                "",
            );
            (e, elem)
        }
        11 => {
            let a = fb.alloca(ty, None, "slot");
            fb.store(v, a, 0);
            (fb.load(ty, a, 0, ""), ty)
        }
        _ => {
            let _ = pp;
            return None;
        }
    })
}

fn width(fb: &mut FunctionBuilder<'_, '_>, ty: TypeId) -> Option<u32> {
    fb.builder().module().types.int_width(ty)
}
