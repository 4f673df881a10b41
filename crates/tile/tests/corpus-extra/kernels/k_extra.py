"""Extra coverage: print/assert, grid sizes, grid dependency control, xchg, strided views, bitcast."""
import cuda.tile as ct
from _common import arr, sig, scalar

T = ct.Constant[int]


@ct.kernel
def print_assert(x, out, TILE: T):
    pid = ct.bid(0)
    t = ct.load(x, index=(pid,), shape=(TILE,))
    ct.printf("pid %d\n", pid)
    ct.assert_(t >= 0.0, "negative input")
    ct.store(out, index=(pid,), tile=t)


@ct.kernel
def grid_size(out, TILE: T):
    n = ct.num_blocks(0) + ct.num_blocks(1) * 2
    ct.store(out, index=(ct.bid(0),), tile=ct.full((TILE,), n, dtype=ct.int32))


@ct.kernel
def gdc(x, out, TILE: T):
    ct.grid_dependency_control_wait()
    t = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    ct.store(out, index=(ct.bid(0),), tile=t + 1.0)
    ct.grid_dependency_control_launch_dependents()


@ct.kernel
def xchg_min(hist, keys, TILE: T):
    k = ct.load(keys, index=(ct.bid(0),), shape=(TILE,))
    ct.atomic_xchg(hist, k, k)
    ct.atomic_min(hist, k, 3)


@ct.kernel
def bits(x, out, TILE: T):
    t = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    u = ct.bitcast(t, ct.int32)
    ct.store(out, index=(ct.bid(0),), tile=(u >> 3) ^ 7)


@ct.kernel
def strided(x, out, TM: T, TN: T):
    v = x.tiled_view((TM, TN), traversal_steps=(TM // 2, TN))
    t = v.load((ct.bid(0), 0))
    ct.store(out, index=(ct.bid(0), 0), tile=t)


@ct.kernel
def pow_int(x, out, TILE: T):
    t = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    ct.store(out, index=(ct.bid(0),), tile=t ** 3)


CASES = [
    ("misc_print_assert", print_assert, [sig(arr(ct.float32, 1), arr(ct.float32, 1), 128)], ["13.1", "13.3", "13.5"]),
    ("misc_grid_size", grid_size, [sig(arr(ct.int32, 1), 64)], ["13.3"]),
    ("misc_gdc", gdc, [sig(arr(ct.float32, 1), arr(ct.float32, 1), 128)], ["13.4", "13.5"]),
    ("mem_xchg_min", xchg_min, [sig(arr(ct.int32, 1), arr(ct.int32, 1), 64)], ["13.3"]),
    ("ew_bits", bits, [sig(arr(ct.float32, 1), arr(ct.int32, 1), 128)], ["13.3"]),
    ("mem_strided", strided, [sig(arr(ct.float32, 2), arr(ct.float32, 2), 16, 32)], ["13.3"]),
    ("ew_pow_int", pow_int, [sig(arr(ct.float32, 1), arr(ct.float32, 1), 128)], ["13.4"]),
]
