#!/usr/bin/env python3
"""Times libNVVM's nvvmVerifyProgram on one module, in process (the call alone, RUNS times).

    python libnvvm_time.py FILE ARCH [RUNS]      (ARCH: compute_90, compute_100, …)

Prints `best result median cpu` (wall seconds, the call's return code, wall seconds, and the
median CPU seconds of the process during the call, which a loaded machine moves less). Run it
with the oracle venv's interpreter (scripts/oracles/setup.sh).
"""
import ctypes
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "scripts" / "oracles"))
from nvtools import cu13_dir  # noqa: E402


def main(argv):
    path, arch = argv[1], argv[2]
    runs = int(argv[3]) if len(argv) > 3 else 1
    cu13 = cu13_dir()
    if cu13 is None:
        print("libNVVM not found (run scripts/oracles/setup.sh and use its python)", file=sys.stderr)
        return 1
    nvvm = ctypes.CDLL(str(cu13 / "lib" / "libnvvm.so.4"))
    data = pathlib.Path(path).read_bytes()
    opt = ctypes.c_char_p(f"-arch={arch}".encode())
    times, cpus, result = [], [], None
    for _ in range(runs):
        prog = ctypes.c_void_p()
        nvvm.nvvmCreateProgram(ctypes.byref(prog))
        nvvm.nvvmAddModuleToProgram(prog, data, ctypes.c_size_t(len(data)), b"input.ll")
        t0, c0 = time.perf_counter(), time.process_time()
        result = nvvm.nvvmVerifyProgram(prog, 1, ctypes.byref(opt))
        t, c = time.perf_counter() - t0, time.process_time() - c0
        nvvm.nvvmDestroyProgram(ctypes.byref(prog))
        times.append(t)
        cpus.append(c)
    print(f"{min(times):.3f} {result} {statistics.median(times):.3f} {statistics.median(cpus):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
