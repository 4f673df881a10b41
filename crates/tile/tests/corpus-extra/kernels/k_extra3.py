"""Extra coverage 3: integer unary ops and casts."""
import cuda.tile as ct
from _common import arr, sig, scalar

T = ct.Constant[int]


@ct.kernel
def int_unary_casts(x, f, out_i, out_f, out_b, TILE: T):
    t = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    g = ct.load(f, index=(ct.bid(0),), shape=(TILE,))
    a = ct.abs(t) + ct.negative(t) + ct.bitwise_not(t)
    c = ct.astype(g, ct.int32) + a
    d = ct.astype(c, ct.int16)
    e = ct.astype(ct.astype(d, ct.uint32), ct.float32)
    ct.store(out_i, index=(ct.bid(0),), tile=ct.astype(d, ct.int64))
    ct.store(out_f, index=(ct.bid(0),), tile=e + ct.astype(ct.astype(g, ct.uint8), ct.float32))
    ct.store(out_b, index=(ct.bid(0),), tile=ct.astype(t > 3, ct.int8))


CASES = [
    ("extra_int_unary_casts", int_unary_casts, [sig(arr(ct.int32, 1), arr(ct.float32, 1), arr(ct.int64, 1), arr(ct.float32, 1), arr(ct.int8, 1), 128)], ["13.3", "13.4"]),
]
