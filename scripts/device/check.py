"""Runs on an sm_90 GPU: the kernels nvir built (PTX from libNVVM, assembled by ptxas) against the same
kernels built by nvcc, on the same inputs, checked against numpy. Prints one JSON line per check
and exits non-zero on any mismatch.

    python3 check.py DIR     # DIR holds nvir_kernels.cubin and nvcc_kernels.cubin (prepare.sh)
"""
import json
import sys

import cupy as cp
import numpy as np

d = sys.argv[1] if len(sys.argv) > 1 else "."
mods = {who: cp.RawModule(path=f"{d}/{who}_kernels.cubin") for who in ("nvir", "nvcc")}
rng = np.random.default_rng(7)
failed = 0


def report(**kw):
    global failed
    failed += not kw["ok"]
    print(json.dumps(kw), flush=True)


# saxpy on n not a multiple of the block: the bound check matters.
n = 1_000_003
x = rng.standard_normal(n, dtype=np.float32)
y = rng.standard_normal(n, dtype=np.float32)
a = np.float32(2.5)
want = a * x + y
got = {}
for who, mod in mods.items():
    k = mod.get_function("saxpy")
    dx, dy = cp.asarray(x), cp.asarray(y)
    k(((n + 255) // 256,), (256,), (dx, dy, a, np.int32(n)))
    got[who] = cp.asnumpy(dy)
    err = float(np.max(np.abs(got[who] - want)))
    report(kernel="saxpy", built_by=who, n=n, max_abs_err=err, ok=err <= 1e-5)
report(kernel="saxpy", compare="nvir vs nvcc", identical=bool(np.array_equal(got["nvir"], got["nvcc"])),
       ok=bool(np.allclose(got["nvir"], got["nvcc"], rtol=0, atol=1e-6)))

# block_sum: 4096 blocks of 256, a tree reduction through shared memory with barriers.
blocks = 4096
data = rng.standard_normal(blocks * 256, dtype=np.float32)
want = data.reshape(blocks, 256).astype(np.float64).sum(axis=1)
for who, mod in mods.items():
    k = mod.get_function("block_sum")
    din, dout = cp.asarray(data), cp.zeros(blocks, dtype=cp.float32)
    k((blocks,), (256,), (din, dout))
    got[who] = cp.asnumpy(dout)
    err = float(np.max(np.abs(got[who] - want)))
    report(kernel="block_sum", built_by=who, blocks=blocks, max_abs_err=err, ok=err <= 1e-3)
report(kernel="block_sum", compare="nvir vs nvcc", identical=bool(np.array_equal(got["nvir"], got["nvcc"])),
       ok=bool(np.allclose(got["nvir"], got["nvcc"], rtol=0, atol=1e-4)))
dev = cp.cuda.runtime.getDeviceProperties(0)
print(json.dumps({"device": dev["name"].decode(), "cc": f"{dev['major']}.{dev['minor']}", "failed": failed}))
sys.exit(1 if failed else 0)
