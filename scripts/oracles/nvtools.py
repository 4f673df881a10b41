#!/usr/bin/env python3
"""ctypes wrappers for NVIDIA's libNVVM and nvJitLink from the PyPI wheels, run in a worker child.

libNVVM and nvJitLink can crash the process on bad input, so the library calls only ever run
in a child: `python nvtools.py worker` reads one JSON request per line on stdin and writes one
JSON reply per line on stdout (byte strings as base64). The parent side is `Worker`, which
restarts the child after a crash or a hang and reports that call as crashed.

Requests (all replies carry "ok"; a failed call adds "stage", "result" and the logs):
  {"op": "versions"}
  {"op": "nvvm", "modules": [{"name": N, "data": B64}], "options": ["-arch=compute_90", "-gen-lto"]}
      -> "output": B64, "log": str
  {"op": "link", "options": ["-arch=sm_90", "-lto"], "inputs": [{"name": N, "data": B64, "type": "LTOIR"}],
   "want": ["cubin", "ltoir", "ptx"]}
      -> "cubin"/"ltoir"/"ptx": B64 for each wanted output, "error_log", "info_log"

    python3 nvtools.py cu13       print the CUDA directory inside the wheels
    python3 nvtools.py versions   print the library versions (through a worker)
"""
import base64
import ctypes
import json
import os
import selectors
import subprocess
import sys
import tempfile
import time
from pathlib import Path

JITLINK_ABI = "13_5"  # suffix of the versioned entry points the 13.5 header's inline wrappers call
INPUT_TYPES = {"CUBIN": 1, "PTX": 2, "LTOIR": 3, "FATBIN": 4, "OBJECT": 5, "LIBRARY": 6, "INDEX": 7, "ANY": 10}


def cu13_dir():
    """The `nvidia/cu13` directory of the wheels visible to this interpreter, or None."""
    try:
        import nvidia  # namespace package created by the nvidia-* wheels
        roots = list(nvidia.__path__)
    except ImportError:
        roots = [os.path.join(p, "nvidia") for p in sys.path if p]
    for root in roots:
        cand = Path(root) / "cu13"
        if (cand / "lib").is_dir():
            return cand
    return None


# ---------------------------------------------------------------------------------------------
# Child side: the library calls.

class _Api:
    def __init__(self, cu13):
        self.nvvm = ctypes.CDLL(str(cu13 / "lib" / "libnvvm.so.4"))
        self.jl = ctypes.CDLL(str(cu13 / "lib" / "libnvJitLink.so.13"))
        self.nvvm.nvvmGetErrorString.restype = ctypes.c_char_p

    def jitlink(self, name):
        return getattr(self.jl, f"__nvJitLink{name}_{JITLINK_ABI}")



class Report:
    """Pass/fail counts of an oracle script, and the oracles it could not run."""

    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.missing = []

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL {name}: {detail}".rstrip(": "), flush=True)
        return ok

    def miss(self, oracle, why):
        self.missing.append(oracle)
        print(f"MISSING {oracle}: {why}", flush=True)

def _cstrings(items):
    enc = [s.encode() for s in items]
    return (ctypes.c_char_p * len(enc))(*enc)


def _sized(getsize, get, handle):
    """Call a Size/Get pair (shared by libNVVM and nvJitLink); returns (status, bytes)."""
    size = ctypes.c_size_t()
    status = getsize(handle, ctypes.byref(size))
    if status != 0:
        return status, b""
    buf = ctypes.create_string_buffer(size.value)
    status = get(handle, buf)
    return status, buf.raw[:size.value]


def _text(raw):
    return raw.rstrip(b"\0").decode("utf-8", "replace")


def _b64(data):
    return base64.b64encode(data).decode()


def _op_versions(api, _req):
    v = [ctypes.c_int() for _ in range(6)]
    api.nvvm.nvvmVersion(ctypes.byref(v[0]), ctypes.byref(v[1]))
    api.nvvm.nvvmIRVersion(*(ctypes.byref(x) for x in v[2:]))
    major, minor, ir_major, ir_minor, dbg_major, dbg_minor = (x.value for x in v)
    return {"ok": True, "nvvm": [major, minor], "nvvm_ir": [ir_major, ir_minor], "nvvm_debug": [dbg_major, dbg_minor]}


def _program(api, req):
    """A program holding req's modules: (program, None), or (None, the failure reply)."""
    nvvm = api.nvvm
    prog = ctypes.c_void_p()
    if nvvm.nvvmCreateProgram(ctypes.byref(prog)) != 0:
        return None, {"ok": False, "stage": "create", "result": -1, "log": ""}
    for mod in req["modules"]:
        data = base64.b64decode(mod["data"])
        status = nvvm.nvvmAddModuleToProgram(prog, data, ctypes.c_size_t(len(data)), mod["name"].encode())
        if status != 0:
            log = _text(_sized(nvvm.nvvmGetProgramLogSize, nvvm.nvvmGetProgramLog, prog)[1])
            nvvm.nvvmDestroyProgram(ctypes.byref(prog))
            return None, {"ok": False, "stage": "add", "result": status, "log": log}
    return prog, None


def _op_nvvm(api, req):
    nvvm = api.nvvm
    prog, failed = _program(api, req)
    if prog is None:
        return failed
    try:
        opts = req.get("options", [])
        status = nvvm.nvvmCompileProgram(prog, len(opts), _cstrings(opts))
        log = _text(_sized(nvvm.nvvmGetProgramLogSize, nvvm.nvvmGetProgramLog, prog)[1])
        if status != 0:
            return {"ok": False, "stage": "compile", "result": status,
                    "error": nvvm.nvvmGetErrorString(status).decode(), "log": log}
        status, out = _sized(nvvm.nvvmGetCompiledResultSize, nvvm.nvvmGetCompiledResult, prog)
        if status != 0:
            return {"ok": False, "stage": "result", "result": status, "log": log}
        # PTX output carries a trailing NUL; containers are binary and must be kept whole.
        if "-gen-lto" not in opts:
            out = out.rstrip(b"\0")
        return {"ok": True, "output": _b64(out), "log": log}
    finally:
        nvvm.nvvmDestroyProgram(ctypes.byref(prog))


def _op_verify(api, req):
    """nvvmVerifyProgram on the modules: its result code and log."""
    nvvm = api.nvvm
    prog, failed = _program(api, req)
    if prog is None:
        return failed
    try:
        opts = req.get("options", [])
        status = nvvm.nvvmVerifyProgram(prog, len(opts), _cstrings(opts))
        log = _text(_sized(nvvm.nvvmGetProgramLogSize, nvvm.nvvmGetProgramLog, prog)[1])
        return {"ok": status == 0, "stage": "verify", "result": status, "log": log}
    finally:
        nvvm.nvvmDestroyProgram(ctypes.byref(prog))


def _op_link(api, req):
    handle = ctypes.c_void_p()
    opts = req["options"]
    status = api.jitlink("Create")(ctypes.byref(handle), ctypes.c_uint32(len(opts)), _cstrings(opts))
    if status != 0:
        return {"ok": False, "stage": "create", "result": status, "error_log": "", "info_log": ""}

    def reply(ok, **fields):
        fields["error_log"] = _text(_sized(api.jitlink("GetErrorLogSize"), api.jitlink("GetErrorLog"), handle)[1])
        fields["info_log"] = _text(_sized(api.jitlink("GetInfoLogSize"), api.jitlink("GetInfoLog"), handle)[1])
        return {"ok": ok, **fields}

    try:
        for inp in req["inputs"]:
            data = base64.b64decode(inp["data"])
            kind = inp.get("type", "LTOIR")
            kind = INPUT_TYPES[kind] if isinstance(kind, str) else kind
            status = api.jitlink("AddData")(handle, ctypes.c_int(kind), data, ctypes.c_size_t(len(data)),
                                            inp.get("name", "input").encode())
            if status != 0:
                return reply(False, stage="add", input=inp.get("name"), result=status)
        status = api.jitlink("Complete")(handle)
        if status != 0:
            return reply(False, stage="complete", result=status)
        outputs = {}
        for what, fn in (("cubin", "Cubin"), ("ltoir", "LTOIR"), ("ptx", "Ptx")):
            if what in req.get("want", ["cubin"]):
                status, out = _sized(api.jitlink(f"GetLinked{fn}Size"), api.jitlink(f"GetLinked{fn}"), handle)
                if status != 0:
                    return reply(False, stage=what, result=status)
                outputs[what] = _b64(out.rstrip(b"\0") if what == "ptx" else out)
        return reply(True, **outputs)
    finally:
        api.jitlink("Destroy")(ctypes.byref(handle))


OPS = {"versions": _op_versions, "nvvm": _op_nvvm, "verify": _op_verify, "link": _op_link}


def worker_main():
    # The libraries may print to stdout; keep the protocol on a private copy of fd 1 and
    # point fd 1 at stderr so stray output cannot corrupt the replies.
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    cu13 = cu13_dir()
    api = _Api(cu13) if cu13 else None
    for line in sys.stdin:
        req = json.loads(line)
        if api is None:
            rep = {"ok": False, "stage": "load", "error": "nvidia cu13 wheels not found"}
        else:
            rep = OPS[req["op"]](api, req)
        proto.write(json.dumps(rep) + "\n")


# ---------------------------------------------------------------------------------------------
# Parent side.

class Worker:
    """One long-lived worker child; `call` restarts it when it has died or hung."""

    def __init__(self, timeout=120.0, python=sys.executable):
        self.timeout = timeout
        self.python = python
        self.proc = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self.proc:
            self._stop(grace=10)

    def _stop(self, grace):
        """End the child (politely: EOF on stdin, then after `grace` s a kill); returns (status, stderr tail)."""
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            rc = self.proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rc = self.proc.wait()
        self.proc.stdout.close()
        self.stderr.seek(0)
        tail = self.stderr.read().decode("utf-8", "replace")[-2000:]
        self.stderr.close()
        self.proc = None
        return rc, tail

    def _start(self):
        # stderr goes to a file: a pipe nobody drains could block the child, and the tail is
        # what explains a crash.
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([self.python, os.path.abspath(__file__), "worker"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr)
        self.buf = b""

    def _readline(self):
        deadline = time.monotonic() + self.timeout
        with selectors.DefaultSelector() as sel:
            sel.register(self.proc.stdout, selectors.EVENT_READ)
            while b"\n" not in self.buf:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    return None
                chunk = os.read(self.proc.stdout.fileno(), 1 << 20)
                if not chunk:
                    return None
                self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line

    def call(self, req):
        if self.proc is not None and self.proc.poll() is not None:
            self._stop(grace=0)
        if self.proc is None:
            self._start()
        try:
            self.proc.stdin.write(json.dumps(req).encode() + b"\n")
            self.proc.stdin.flush()
            line = self._readline()
        except BrokenPipeError:
            line = None
        if line is not None:
            return json.loads(line)
        # The child crashed or hung: end it, keep its last words, start afresh next call.
        rc, tail = self._stop(grace=1)
        return {"ok": False, "stage": "crash", "result": rc, "error_log": tail}

    # Convenience wrappers taking and returning bytes.

    def nvvm(self, modules, options):
        """modules: [(name, bytes)]. Returns the reply, with "output" decoded to bytes on success."""
        rep = self.call({"op": "nvvm", "options": list(options),
                         "modules": [{"name": n, "data": _b64(d)} for n, d in modules]})
        if rep["ok"]:
            rep["output"] = base64.b64decode(rep["output"])
        return rep

    def verify(self, modules, options):
        """modules: [(name, bytes)]. nvvmVerifyProgram's reply: result code and log."""
        return self.call({"op": "verify", "options": list(options),
                          "modules": [{"name": n, "data": _b64(d)} for n, d in modules]})

    def link(self, inputs, options, want=("cubin",)):
        """inputs: [(name, bytes, type)]. Returns the reply, wanted outputs decoded to bytes."""
        rep = self.call({"op": "link", "options": list(options), "want": list(want),
                         "inputs": [{"name": n, "data": _b64(d), "type": t} for n, d, t in inputs]})
        for what in want:
            if what in rep:
                rep[what] = base64.b64decode(rep[what])
        return rep


def main(argv):
    cmd = argv[1] if len(argv) > 1 else ""
    if cmd == "worker":
        worker_main()
    elif cmd == "cu13":
        cu13 = cu13_dir()
        if cu13 is None:
            print("nvidia cu13 wheels not found", file=sys.stderr)
            return 1
        print(cu13)
    elif cmd == "versions":
        with Worker() as w:
            print(json.dumps(w.call({"op": "versions"})))
    else:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
