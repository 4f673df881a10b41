#!/usr/bin/env python3
"""`nvir verify`'s compile stage against libNVVM's own compiler, live.

    python compile_warnings.py --nvir PATH [--root DIR] [--sample N]

Each case is a small kernel with one construct that libNVVM's verifier accepts on every target
but its compiler (`nvvmCompileProgram`) does not always take as written. For every case and
arch, libNVVM must verify the module, and nvir must accept it too (`ok`) and, where the claim is
"compile fails", report `"compiles": false` with a compile-stage error of the case's code exactly
where compiling fails; for cluster properties, warn exactly where the PTX comes out without
cluster directives. Then a random sample of the recorded compile-stage probes
(`corpus/probes/compile_stage.jsonl`, `scripts/probe/compile_stage.py`) is re-run: both result
codes must be as recorded. Ends with `compile-warnings: N passed, M failed`.
"""
import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from nvtools import Worker

ARCHS = ["compute_80", "compute_90", "compute_90a", "compute_100", "compute_100a", "compute_100f", "compute_120"]

HEAD = """target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
"""

TAIL = """!nvvm.annotations = !{!1%s}
!1 = !{void (i8*, i128*)* @k, !"kernel", i32 1}
%s!nvvmir.version = !{!3}
!3 = !{i32 2, i32 0}
"""

CLUSTER = '!2 = !{void (i8*, i128*)* @k, !"cluster_dim_x", i32 2, !"cluster_dim_y", i32 1, !"cluster_dim_z", i32 1}\n'

# (name, declaration, body, warning code, what the warning claims: "compile fails" or "no cluster")
CASES = [
    ("i128 cmpxchg", "", "%old = cmpxchg i128* %p, i128 0, i128 1 monotonic monotonic", "nvvm-i128-atomic", "fails"),
    ("wgmma", "declare void @llvm.nvvm.wgmma.fence.sync.aligned()",
     "call void @llvm.nvvm.wgmma.fence.sync.aligned()", "nvvm-compile-gate", "fails"),
    ("setmaxnreg", "declare void @llvm.nvvm.setmaxnreg.inc.sync.aligned.u32(i32)",
     "call void @llvm.nvvm.setmaxnreg.inc.sync.aligned.u32(i32 64)", "nvvm-compile-gate", "fails"),
    ("tcgen05", "declare void @llvm.nvvm.tcgen05.fence.before.thread.sync()",
     "call void @llvm.nvvm.tcgen05.fence.before.thread.sync()", "nvvm-compile-gate", "fails"),
    ("isspacep.cluster_shared", "declare i1 @llvm.nvvm.isspacep.cluster_shared(i8*)",
     "%c = call i1 @llvm.nvvm.isspacep.cluster_shared(i8* %q)", "nvvm-compile-gate", "fails"),
    ("cluster dims", "", "", "nvvm-cluster-pre-hopper", "no cluster"),
]


def module(decl, body, cluster):
    text = HEAD + decl + "\n\ndefine void @k(i8* %q, i128* %p) {\n"
    if body:
        text += "  " + body + "\n"
    text += "  ret void\n}\n\n"
    return text + TAIL % ((", !2", CLUSTER) if cluster else ("", ""))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nvir", required=True)
    ap.add_argument("--root")
    ap.add_argument("--sample", type=int, default=200, help="recorded compile-stage probes to re-run")
    ap.add_argument("--seed", type=int, default=None)
    args = ap.parse_args()
    passed = failed = 0
    with Worker() as w, tempfile.TemporaryDirectory() as tmp:
        for name, decl, body, code, claim in CASES:
            text = module(decl, body, claim == "no cluster")
            path = f"{tmp}/case.ll"
            with open(path, "w") as f:
                f.write(text)
            for arch in ARCHS:
                data = text.encode()
                v = w.verify([("case.ll", data)], [f"-arch={arch}"])
                c = w.nvvm([("case.ll", data)], [f"-arch={arch}"])
                if claim == "fails":
                    holds = not c.get("ok")
                else:
                    holds = c.get("ok") and b".reqnctapercluster" not in c.get("output", b"")
                out = subprocess.run([args.nvir, "verify", path, "--arch", arch, "--format", "json"],
                                     capture_output=True, text=True)
                report = json.loads(out.stdout)
                if claim == "fails":
                    warned = any(d["code"] == code and d["severity"] == "error" and d["stage"] == "compile"
                                 for d in report["diagnostics"])
                    if warned == report["compiles"]:
                        warned = None  # the diagnostic and the verdict disagree
                else:
                    warned = any(d["code"] == code and d["severity"] == "warning" for d in report["diagnostics"])
                problems = []
                if v["result"] != 0:
                    problems.append(f"libNVVM no longer verifies it ({v['result']})")
                if not report["ok"]:
                    problems.append("nvir rejects it")
                if warned is None:
                    problems.append("nvir's compile-stage error and its `compiles` disagree")
                elif warned != bool(holds):
                    problems.append(f"nvir {'reports' if warned else 'does not report'} {code}, "
                                    f"but '{claim}' is {'false' if warned else 'true'} for libNVVM")
                if problems:
                    failed += 1
                    print(f"FAIL {name} @{arch}: " + "; ".join(problems))
                else:
                    passed += 1
        # The recorded compile-stage probes still say what libNVVM says.
        probes = Path(__file__).resolve().parents[2] / "corpus/probes/compile_stage.jsonl"
        records = [json.loads(line) for line in probes.read_text().splitlines()]
        for r in random.Random(args.seed).sample(records, min(args.sample, len(records))):
            data = r["module"].encode()
            opts = [f"-arch={r['arch']}"]
            v = w.verify([("m.ll", data)], opts)
            c = w.nvvm([("m.ll", data)], opts)
            verify_rc = None if v.get("stage") == "crash" else v["result"]
            compile_rc = None if c.get("stage") == "crash" else (0 if c["ok"] else c["result"])
            # A compile that crashes only some of the time may give any outcome recorded for it.
            if verify_rc != r["verify_rc"] or compile_rc not in r.get("compile_rc_seen", [r["compile_rc"]]):
                failed += 1
                print(f"FAIL probe {r['case']} @{r['arch']}: recorded {r['verify_rc']}/{r['compile_rc']}, "
                      f"now {verify_rc}/{compile_rc}")
            else:
                passed += 1
    print(f"compile-warnings: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
