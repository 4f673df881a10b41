"""Extra coverage 2: mma_scaled, f8e5m3fnu conversions, multi-signature modules, advanced indexing."""
import cuda.tile as ct
from _common import arr, sig, scalar

T = ct.Constant[int]


@ct.kernel
def mm_scaled(a, sa, b, sb, c, TM: T, TN: T, TK: T):
    bm, bn = ct.bid(0), ct.bid(1)
    x = ct.load(a, index=(bm, 0), shape=(TM, TK))
    xs = ct.load(sa, index=(bm, 0), shape=(TM, TK // 32))
    y = ct.load(b, index=(0, bn), shape=(TK, TN))
    ys = ct.load(sb, index=(0, bn), shape=(TK // 32, TN))
    acc = ct.full((TM, TN), 0.0, dtype=ct.float32)
    acc = ct.mma_scaled(x, xs, y, ys, acc)
    ct.store(c, index=(bm, bn), tile=acc)


@ct.kernel
def f8e5m3(x, out, TILE: T):
    t = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    u = ct.astype(t, ct.float8_e5m3fnu)
    ct.store(out, index=(ct.bid(0),), tile=ct.astype(u, ct.float32))


@ct.kernel
def scale(x, out, s, TILE: T):
    t = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    ct.store(out, index=(ct.bid(0),), tile=t * s)


CASES = [
    ("mm_scaled_f8", mm_scaled, [sig(arr(ct.float8_e4m3fn, 2), arr(ct.float8_e8m0fnu, 2), arr(ct.float8_e4m3fn, 2), arr(ct.float8_e8m0fnu, 2), arr(ct.float32, 2), 64, 64, 64)], ["13.3"]),
    ("ew_f8e5m3", f8e5m3, [sig(arr(ct.float32, 1), arr(ct.float32, 1), 128)], ["13.4", "13.5"]),
    ("multi_scale", scale, [sig(arr(ct.float32, 1), arr(ct.float32, 1), scalar(ct.float32), 128, symbol="scale_f32"),
                            sig(arr(ct.float16, 1), arr(ct.float16, 1), scalar(ct.float16), 128, symbol="scale_f16"),
                            sig(arr(ct.float64, 1), arr(ct.float64, 1), scalar(ct.float64), 64, symbol="scale_f64")], ["13.3"]),
]

