"""Extra coverage 5: helper functions inlined with call-site locations, scans, loops with breaks."""
import cuda.tile as ct
from _common import arr, sig, scalar

T = ct.Constant[int]


def scale_add(t, s):
    return t * s + 1.0


def twice(t):
    return scale_add(scale_add(t, 2.0), 0.5)


@ct.kernel
def helpers(x, out, TILE: T):
    t = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    ct.store(out, index=(ct.bid(0),), tile=twice(t))


CASES = [
    ("misc_helpers_callsite", helpers, [sig(arr(ct.float32, 1), arr(ct.float32, 1), 128)], ["13.3", "13.5"]),
]
