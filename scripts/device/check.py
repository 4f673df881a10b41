"""Runs on an sm_90 GPU: every build prepare.sh made of the same kernels, on the same inputs, each
checked against numpy and against nvcc's build. Prints one JSON line per check and exits non-zero
on any mismatch.

    python3 check.py DIR     # DIR holds the cubins prepare.sh wrote (target/device)

Builds: builder (nvir's builder, saxpy and block_sum only), clang_O2 and clang_O0 (clang 19,
converted by nvir for compute_90), nvcc (the reference); lto_nvir (clang 19's kernel wrapped by
nvir, linked by nvJitLink with nvcc's helper) and lto_nvcc (both nvcc's).
"""
import ctypes
import json
import sys

import cupy as cp
import numpy as np

d = sys.argv[1] if len(sys.argv) > 1 else "."
BUILDS = {
    "builder": "builder_kernels.cubin",
    "clang_O2": "clang_O2_kernels.cubin",
    "clang_O0": "clang_O0_kernels.cubin",
    "nvcc": "nvcc_kernels.cubin",
    "lto_nvir": "lto_nvir.cubin",
    "lto_nvcc": "lto_nvcc.cubin",
}
mods = {who: cp.RawModule(path=f"{d}/{path}") for who, path in BUILDS.items()}
rng = np.random.default_rng(7)
failed = 0


def report(**kw):
    global failed
    failed += not kw["ok"]
    print(json.dumps(kw), flush=True)


def kernel(mod, name):
    try:
        return mod.get_function(name)
    except Exception:  # the build does not hold this kernel
        return None


def each(name, run, check, reference="nvcc", close=None, label=None):
    """Runs `run(kernel)` on every build holding `name`; `check(result)` gives (error, ok) against
    numpy; `close(a, b)` compares a build with the reference build."""
    label = label or name
    got = {}
    for who, mod in mods.items():
        k = kernel(mod, name)
        if k is None:
            continue
        got[who] = run(k)
        err, ok = check(got[who])
        report(kernel=label, built_by=who, max_err=err, ok=ok)
    for who, res in got.items():
        if who == reference or reference not in got:
            continue
        same = all(np.array_equal(a, b) for a, b in zip(res, got[reference]))
        ok = same or (close is not None and all(close(a, b) for a, b in zip(res, got[reference])))
        report(kernel=label, compare=f"{who} vs {reference}", identical=same, ok=bool(ok))
    return got


def launch_blocks(n, per=256):
    return ((n + per - 1) // per,), (per,)


# saxpy on n not a multiple of the block: the bound check matters.
n = 1_000_003
x = rng.standard_normal(n, dtype=np.float32)
y = rng.standard_normal(n, dtype=np.float32)
a = np.float32(2.5)
want = a * x + y


def run_saxpy(k):
    dy = cp.asarray(y)
    k(*launch_blocks(n), (cp.asarray(x), dy, a, np.int32(n)))
    return (cp.asnumpy(dy),)


each("saxpy", run_saxpy, lambda r: (e := float(np.max(np.abs(r[0] - want))), e <= 1e-5),
     close=lambda p, q: np.allclose(p, q, rtol=0, atol=1e-6))

# block_sum: 4096 blocks of 256, a tree reduction through shared memory with barriers.
blocks = 4096
data = rng.standard_normal(blocks * 256, dtype=np.float32)
block_want = data.reshape(blocks, 256).astype(np.float64).sum(axis=1)


def run_block_sum(k):
    out = cp.zeros(blocks, dtype=cp.float32)
    k((blocks,), (256,), (cp.asarray(data), out))
    return (cp.asnumpy(out),)


each("block_sum", run_block_sum, lambda r: (e := float(np.max(np.abs(r[0] - block_want))), e <= 1e-3),
     close=lambda p, q: np.allclose(p, q, rtol=0, atol=1e-4))

# warp_sum: shuffles within each warp, then a float atomic add per warp (order varies per run).
total_want = float(x.astype(np.float64).sum())
scale = float(np.abs(x).sum())


def run_warp_sum(k):
    total = cp.zeros(1, dtype=cp.float32)
    k(*launch_blocks(n), (cp.asarray(x), total, np.int32(n)))
    return (cp.asnumpy(total),)


each("warp_sum", run_warp_sum, lambda r: (e := abs(float(r[0][0]) - total_want), e <= 1e-5 * scale),
     close=lambda p, q: abs(float(p[0]) - float(q[0])) <= 1e-5 * scale)

# histogram: shared-memory bins and integer atomics; exact.
udata = rng.integers(0, 2**32, size=n, dtype=np.uint32)
bins_want = np.bincount(udata & 63, minlength=64).astype(np.int32)


def run_histogram(k):
    bins = cp.zeros(64, dtype=cp.int32)
    k(*launch_blocks(n), (cp.asarray(udata), bins, np.int32(n)))
    return (cp.asnumpy(bins),)


each("histogram", run_histogram, lambda r: (int(np.max(np.abs(r[0] - bins_want))), np.array_equal(r[0], bins_want)))

# dsum_imax: double atomic adds and an integer atomic maximum.
xd = rng.standard_normal(n)
vi = rng.integers(-2**31, 2**31 - 1, size=n, dtype=np.int32)
dsum_want = float(xd.sum())
dscale = float(np.abs(xd).sum())


def run_dsum_imax(k):
    total = cp.zeros(1, dtype=cp.float64)
    vmax = cp.full(1, np.iinfo(np.int32).min, dtype=cp.int32)
    k(*launch_blocks(n), (cp.asarray(xd), total, cp.asarray(vi), vmax, np.int32(n)))
    return cp.asnumpy(total), cp.asnumpy(vmax)


each("dsum_imax", run_dsum_imax,
     lambda r: (e := abs(float(r[0][0]) - dsum_want), e <= 1e-12 * dscale and int(r[1][0]) == int(vi.max())),
     close=lambda p, q: np.allclose(p, q, rtol=1e-12, atol=1e-12 * dscale))

# transform: a struct by value, a 64-bit grid-stride loop (fewer threads than elements), a switch.
CLAMP = np.dtype([("lo", "<f4"), ("hi", "<f4"), ("mode", "<i4")], align=True)


class Clamp(ctypes.Structure):
    _fields_ = [("lo", ctypes.c_float), ("hi", ctypes.c_float), ("mode", ctypes.c_int32)]


def launch_with_struct(k, grid, block, dx, dy, clamp, count):
    """Passes the struct by value: as a NumPy structured scalar where CuPy takes one, else through
    the driver with a parameter array built by hand."""
    try:
        k(grid, block, (dx, dy, np.void(clamp, dtype=CLAMP), np.int64(count)))
        return
    except (TypeError, ValueError):
        pass
    holders = [ctypes.c_void_p(dx.data.ptr), ctypes.c_void_p(dy.data.ptr), Clamp(*clamp), ctypes.c_int64(count)]
    params = (ctypes.c_void_p * len(holders))(*[ctypes.addressof(h) for h in holders])
    cp.cuda.driver.launchKernel(k.ptr, *grid, 1, 1, *block, 1, 1, 0, 0, ctypes.addressof(params), 0)


for mode, lo, hi in ((0, -0.5, 0.75), (1, 0, 0), (2, 0, 0), (3, 0, 0)):
    expect = {0: np.clip(x, np.float32(lo), np.float32(hi)), 1: -x,
              2: np.sqrt(np.abs(x)), 3: x * x}[mode]

    def run_transform(k, mode=mode, lo=lo, hi=hi):
        dy = cp.zeros(n, dtype=cp.float32)
        launch_with_struct(k, (97,), (256,), cp.asarray(x), dy, (lo, hi, mode), n)
        cp.cuda.runtime.deviceSynchronize()
        return (cp.asnumpy(dy),)

    each("transform", run_transform,
         lambda r, expect=expect: (e := float(np.max(np.abs(r[0] - expect))), e <= 1e-6 * max(1.0, float(np.max(np.abs(expect))))),
         close=lambda p, q: np.allclose(p, q, rtol=1e-6, atol=0), label=f"transform mode {mode}")

# poly: clang's kernel calling nvcc's device function across the LTO link; then nvcc's own scale.
terms = 6
poly_want = sum(x.astype(np.float64) ** k / (k + 1) for k in range(terms))


def run_poly(k):
    dy = cp.zeros(n, dtype=cp.float32)
    k(*launch_blocks(n), (cp.asarray(x), dy, np.int32(terms), np.int32(n)))
    return (cp.asnumpy(dy),)


each("poly", run_poly,
     lambda r: (e := float(np.max(np.abs(r[0] - poly_want) / np.maximum(1.0, np.abs(poly_want)))), e <= 1e-5),
     reference="lto_nvcc", close=lambda p, q: np.allclose(p, q, rtol=1e-6, atol=1e-6))


def run_scale(k):
    dy = cp.asarray(y)
    k(*launch_blocks(n), (dy, np.float32(3.0), np.int32(n)))
    return (cp.asnumpy(dy),)


each("scale", run_scale, lambda r: (e := float(np.max(np.abs(r[0] - 3.0 * y))), e <= 1e-6),
     reference="lto_nvcc")

dev = cp.cuda.runtime.getDeviceProperties(0)
print(json.dumps({"device": dev["name"].decode(), "cc": f"{dev['major']}.{dev['minor']}",
                  "driver": cp.cuda.runtime.driverGetVersion(), "failed": failed}))
sys.exit(1 if failed else 0)
