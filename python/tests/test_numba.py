"""The numba-cuda recipe (docs/python.md): the NVVM IR numba-cuda hands to libNVVM for @cuda.jit
kernels, made without a GPU, verified by nvir and by libNVVM.

numba-cuda's `cuda.compile_ptx` runs libNVVM in this process (from the nvidia-nvvm wheel):
`CompilationUnit.add_module` for its modules, `verify`, `lazy_add_module(libdevice)`, `compile`.
Wrapping `add_module` and `lazy_add_module` captures the exact bytes; nvir then verifies the same
program (libdevice lazily added), and the libNVVM oracle (a child process) verifies it again."""

from __future__ import annotations

import contextlib
import math
import re

import pytest

import nvir

from conftest import missing

try:
    import numpy as np
    from numba import cuda
    from numba.cuda.cudadrv import nvvm
except Exception as e:  # pragma: no cover - depends on the environment
    cuda = None
    IMPORT_ERROR = e


@pytest.fixture(scope="module")
def numba_cuda():
    if cuda is None:
        missing(f"numba-cuda is not importable: {IMPORT_ERROR!r} (pip install numba-cuda nvidia-nvvm "
                "nvidia-cuda-runtime nvidia-cuda-nvrtc)")
    return cuda


@contextlib.contextmanager
def captured():
    """Records what numba-cuda adds to libNVVM: {"modules": [bytes], "lazy": [bytes]}."""
    got = {"modules": [], "lazy": []}
    add, lazy = nvvm.CompilationUnit.add_module, nvvm.CompilationUnit.lazy_add_module

    def add_module(self, buffer):
        got["modules"].append(bytes(buffer))
        return add(self, buffer)

    def lazy_add_module(self, buffer):
        got["lazy"].append(bytes(buffer))
        return lazy(self, buffer)

    nvvm.CompilationUnit.add_module = add_module
    nvvm.CompilationUnit.lazy_add_module = lazy_add_module
    try:
        yield got
    finally:
        nvvm.CompilationUnit.add_module = add
        nvvm.CompilationUnit.lazy_add_module = lazy


def kernels():
    def saxpy(r, a, x, y):
        i = cuda.grid(1)
        if i < r.size:
            r[i] = a * x[i] + y[i]

    def reduce_shared(out, x):
        buf = cuda.shared.array(128, dtype=np.float32)
        t = cuda.threadIdx.x
        buf[t] = x[cuda.grid(1)]
        cuda.syncthreads()
        if t == 0:
            s = np.float32(0)
            for k in range(128):
                s += buf[k]
            cuda.atomic.add(out, 0, s)

    def mathy(r, x):
        i = cuda.grid(1)
        if i < r.size:
            r[i] = math.sin(x[i]) * math.exp(x[i]) + math.sqrt(abs(x[i]))

    def warp(r, x):
        i = cuda.grid(1)
        v = cuda.shfl_down_sync(0xFFFFFFFF, x[i], 1)
        if cuda.all_sync(0xFFFFFFFF, v > 0):
            r[i] = v

    return [
        (saxpy, "void(float32[:], float32, float32[:], float32[:])"),
        (reduce_shared, "void(float32[:], float32[:])"),
        (mathy, "void(float64[:], float64[:])"),
        (warp, "void(int32[:], int32[:])"),
    ]


CCS = [(8, 0), (9, 0), (10, 0)]


@pytest.fixture(scope="module")
def programs(numba_cuda):
    """(kernel, arch, modules, libdevice) for each kernel and compute capability."""
    out = []
    for fn, sig in kernels():
        for cc in CCS:
            with captured() as got:
                ptx, _ = cuda.compile_ptx(fn, sig, cc=cc)
            assert ".entry" in ptx
            assert got["modules"] and len(got["lazy"]) == 1
            out.append((fn.__name__, f"compute_{cc[0]}{cc[1]}", got["modules"], got["lazy"][0]))
    return out


def test_numba_output_verifies_and_compiles(programs):
    # numba-cuda's compile_ptx returned, so libNVVM verified and compiled each program.
    for name, arch, modules, libdevice in programs:
        r = nvir.verify(modules, arch, libdevice=libdevice)
        assert r, (name, arch, r.diagnostics)
        assert [m.lazy for m in r.modules] == [False] * len(modules) + [True]
        mod = nvir.read(modules[0])
        assert [k.name for k in mod.kernels], name
        assert mod.dialect == "typed" and mod.nvvmir_version is not None


def test_numba_verdicts_equal_libnvvm(programs, oracle):
    compared = 0
    for name, arch, modules, libdevice in programs:
        named = [(f"{name}{i}.ll", m) for i, m in enumerate(modules)]
        rep = oracle.verify(named, [f"-arch={arch}"])
        assert rep.get("stage") != "crash", rep
        assert nvir.verify(modules, arch, stage="verify").verifies == rep["ok"] is True, (name, arch, rep)
        # The same module broken two ways: both verifiers reject it, with the same first error.
        text = modules[0].decode()
        no_version = re.sub(r"(?m)^!nvvmir\.version = .*$", "", text).encode()
        bad_cast = text.replace(
            "\n}\n",
            "\n}\n\ndefine void @nvir_bad(i32* %p) {\n  %q = addrspacecast i32* %p to i32 addrspace(2)*\n  ret void\n}\n",
            1,
        ).encode()
        for broken, key in ((no_version, "IR version 1.0 incompatible"), (bad_cast, "Invalid target address space")):
            mods = [broken, *modules[1:]]
            r = nvir.verify(mods, arch, libdevice=libdevice)
            rep = oracle.verify([(f"{name}{i}.ll", m) for i, m in enumerate(mods)], [f"-arch={arch}"])
            assert not r and not rep["ok"], (name, arch, key)
            assert r.errors[0].message.startswith(key) and key in rep["log"], (name, arch, r.errors[0], rep["log"])
        compared += 1
    assert compared == len(kernels()) * len(CCS)
