"""Extra coverage 4: kernel-level hints (CTAs per CGA, occupancy, worker warps)."""
import cuda.tile as ct
from _common import arr, sig, scalar

T = ct.Constant[int]


@ct.kernel(num_ctas=2, occupancy=4, num_worker_warps=4)
def hinted(x, out, TILE: T):
    t = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    ct.store(out, index=(ct.bid(0),), tile=ct.sqrt(t) + ct.exp2(t))


CASES = [
    ("misc_kernel_hints", hinted, [sig(arr(ct.float32, 1), arr(ct.float32, 1), 128)], ["13.1", "13.3", "13.5"]),
]
