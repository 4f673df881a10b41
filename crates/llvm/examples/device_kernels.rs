//! Two CUDA kernels built through `nvir_llvm::ir::build`, for running on a GPU against the same
//! kernels compiled by nvcc (`scripts/device/`): `saxpy` (`y[i] = a*x[i] + y[i]` for `i < n`)
//! and `block_sum` (each block of 256 threads sums its 256 floats through shared memory, with
//! barriers and a loop whose stride halves). Writes `kernels.ll` (LLVM 7 typed-pointer syntax, for
//! libNVVM's compute_90 path) into the directory given, or prints it.
//!
//! ```sh
//! cargo run -p nvir-llvm --example device_kernels -- OUT_DIR
//! ```

use nvir_llvm::ir::build::{Builder, FunctionBuilder};
use nvir_llvm::ir::instruction::{BinOp, CastOp, IntPredicate};
use nvir_llvm::ir::module::{FuncId, Linkage};
use nvir_llvm::ir::{Dialect, FloatKind, TypeId, Value};

/// The special registers a kernel reads.
struct Sreg {
    tid: FuncId,
    ctaid: FuncId,
    ntid: FuncId,
}

fn main() {
    let mut m = nvir_llvm::Module::new();
    let mut b = Builder::new(&mut m, Dialect::TypedPointers);
    b.nvptx64();
    b.nvvmir_version(2, 0);
    let (void, i32t) = (b.void(), b.int(32));
    let reg = b.function_type(i32t, &[], false);
    let sreg = Sreg {
        tid: b.intrinsic("llvm.nvvm.read.ptx.sreg.tid.x", reg).unwrap(),
        ctaid: b.intrinsic("llvm.nvvm.read.ptx.sreg.ctaid.x", reg).unwrap(),
        ntid: b.intrinsic("llvm.nvvm.read.ptx.sreg.ntid.x", reg).unwrap(),
    };
    let barrier_ty = b.function_type(void, &[], false);
    let barrier = b.intrinsic("llvm.nvvm.barrier0", barrier_ty).unwrap();
    saxpy(&mut b, &sreg);
    block_sum(&mut b, &sreg, barrier);

    nvir_llvm::ir::validate(&m).expect("the kernels validate");
    let text = nvir_llvm::print(&m, nvir_llvm::Syntax::Llvm7).expect("LLVM 7 syntax").text;
    match std::env::args().nth(1) {
        Some(dir) => {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(format!("{dir}/kernels.ll"), &text).unwrap();
        }
        None => print!("{text}"),
    }
}

/// The global thread index `ctaid.x * ntid.x + tid.x`.
fn global_index(f: &mut FunctionBuilder<'_, '_>, s: &Sreg) -> (Value, Value, Value) {
    let tid = f.call(s.tid, &[], "tid");
    let bid = f.call(s.ctaid, &[], "bid");
    let ntid = f.call(s.ntid, &[], "ntid");
    let base = f.mul(bid, ntid, "base");
    (f.add(base, tid, "i"), tid, bid)
}

fn wide(f: &mut FunctionBuilder<'_, '_>, v: Value, name: &str, i64t: TypeId) -> Value {
    f.cast(CastOp::ZExt, v, i64t, name)
}

/// `void saxpy(float* x, float* y, float a, i32 n)`.
fn saxpy(b: &mut Builder<'_>, s: &Sreg) {
    let (void, f32t, i32t, i64t) = (b.void(), b.float(FloatKind::Float), b.int(32), b.int(64));
    let fp = b.ptr(f32t, 0);
    let ty = b.function_type(void, &[fp, fp, f32t, i32t], false);
    let k = b.define("saxpy", ty, &["x", "y", "a", "n"]).unwrap();
    b.kernel(k);
    let mut f = b.body(k);
    let (entry, work, done) = (f.block("entry"), f.block("work"), f.block("done"));
    f.switch_to(entry);
    let (i, _, _) = global_index(&mut f, s);
    let inside = f.icmp(IntPredicate::Slt, i, f.param(3), "inside");
    f.cond_br(inside, work, done);
    f.switch_to(work);
    let wi = wide(&mut f, i, "wi", i64t);
    let px = f.gep(f32t, f.param(0), &[wi], true, "px");
    let py = f.gep(f32t, f.param(1), &[wi], true, "py");
    let x = f.load(f32t, px, 4, "xv");
    let y = f.load(f32t, py, 4, "yv");
    let ax = f.fmul(f.param(2), x, "ax");
    let r = f.fadd(ax, y, "r");
    f.store(r, py, 4);
    f.br(done);
    f.switch_to(done);
    f.ret(None);
}

/// `void block_sum(float* in, float* out)`: `out[blockIdx.x]` = the sum of the block's 256 inputs.
fn block_sum(b: &mut Builder<'_>, s: &Sreg, barrier: FuncId) {
    let (void, f32t, i32t, i64t) = (b.void(), b.float(FloatKind::Float), b.int(32), b.int(64));
    let tile_ty = b.array(256, f32t);
    let undef = b.undef(tile_ty);
    b.global("tile", tile_ty, 3, Some(undef)).unwrap();
    let tile = b.symbol("tile").unwrap();
    b.set_linkage(tile, Linkage::Internal);
    let tile = b.address_of(tile);
    let fp = b.ptr(f32t, 0);
    let ty = b.function_type(void, &[fp, fp], false);
    let k = b.define("block_sum", ty, &["in", "out"]).unwrap();
    b.kernel(k);
    let (zero32, zero64, half, one) =
        (b.const_int(i32t, 0), b.const_int(i64t, 0), b.const_int(i32t, 128), b.const_int(i32t, 1));
    let mut f = b.body(k);
    let blocks = ["entry", "loop", "add", "latch", "last", "write", "exit"].map(|n| f.block(n));
    let [entry, lp, add, latch, last, write, exit] = blocks;

    f.switch_to(entry);
    let (i, tid, bid) = global_index(&mut f, s);
    let wi = wide(&mut f, i, "wi", i64t);
    let wt = wide(&mut f, tid, "wt", i64t);
    let pin = f.gep(f32t, f.param(0), &[wi], true, "pin");
    let v = f.load(f32t, pin, 4, "v");
    let mine = f.gep(tile_ty, f.constant(tile), &[f.constant(zero64), wt], true, "mine");
    f.store(v, mine, 4);
    f.call(barrier, &[], "");
    f.br(lp);

    // for (s = 128; s > 0; s >>= 1) { if (tid < s) tile[tid] += tile[tid + s]; barrier(); }
    f.switch_to(lp);
    let stride = f.phi(i32t, &[(f.constant(half), entry)], "s");
    let active = f.icmp(IntPredicate::Ult, tid, stride, "active");
    f.cond_br(active, add, latch);
    f.switch_to(add);
    let other = f.add(tid, stride, "other");
    let wo = wide(&mut f, other, "wo", i64t);
    let theirs = f.gep(tile_ty, f.constant(tile), &[f.constant(zero64), wo], true, "theirs");
    let a = f.load(f32t, mine, 4, "a");
    let c = f.load(f32t, theirs, 4, "c");
    let sum = f.fadd(a, c, "sum");
    f.store(sum, mine, 4);
    f.br(latch);
    f.switch_to(latch);
    f.call(barrier, &[], "");
    let next = f.binary(BinOp::LShr, stride, f.constant(one), "next");
    f.add_incoming(stride, next, latch);
    let more = f.icmp(IntPredicate::Ne, next, f.constant(zero32), "more");
    f.cond_br(more, lp, last);

    f.switch_to(last);
    let first = f.icmp(IntPredicate::Eq, tid, f.constant(zero32), "first");
    f.cond_br(first, write, exit);
    f.switch_to(write);
    let head = f.gep(tile_ty, f.constant(tile), &[f.constant(zero64), f.constant(zero64)], true, "head");
    let total = f.load(f32t, head, 4, "total");
    let wb = wide(&mut f, bid, "wb", i64t);
    let pout = f.gep(f32t, f.param(1), &[wb], true, "pout");
    f.store(total, pout, 4);
    f.br(exit);
    f.switch_to(exit);
    f.ret(None);
}
