#!/usr/bin/env python3
"""`nvir dis` against LLVM's own disassembler, and `nvir verify` on bitcode against `.ll`.

    python bitcode_roundtrip.py --nvir target/debug/nvir [--root DIR] [--jobs N]

Inputs: every .bc under <root>/corpus/llvm (clang-14 typed, clang-19 and libNVVM-20 opaque),
libdevice.10.bc from the nvidia-nvvm wheel (when this interpreter sees it), and every .ll of
<root>/corpus/verifier assembled by llvm-as-14 (no `ptr`) or llvm-as-19 (with `ptr`) (files
that LLVM does not assemble are skipped), and the debug-info sources under
crates/llvm/tests/bitcode (`NAME.NN.ll`, assembled by llvm-as-NN).

The checks:

  dis     `nvir dis X.bc`, assembled by the matching llvm-as and disassembled by the matching
          llvm-dis, equals `llvm-dis X.bc`. Left out of the comparison: `; ModuleID` and
          `source_filename` lines, and `; preds = …` comments (they list predecessors in use-list
          order, which bitcode keeps and text cannot). For libdevice (LLVM 3.8 bitcode), whose
          old intrinsics LLVM upgrades while reading, the lines are compared as multisets: the
          upgrade adds declarations in an order that depends on which reader runs it.
  verify  (verifier corpus) `nvir verify --arch sm_90` (typed) or `sm_100` (opaque) exits with
          the same status on X.bc as on X.ll, when the bitcode says what the text says (llvm-dis
          of it, through nvir's printer, equals the text through nvir's printer; llvm-as adds
          intrinsic attributes and LLVM 14 drops alloca address spaces, so some do not).

Files with debug-info metadata are expected to fail `nvir dis` (not read yet): listed as SKIP
with the reader's message. Prints one line per failure and skip, then
`bitcode-roundtrip: N passed, M failed`; exits 1 on a failure or a missing oracle.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from nvtools import cu13_dir

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
TOOLS = ("llvm-as-14", "llvm-dis-14", "llvm-as-19", "llvm-dis-19")
PREDS = re.compile(r" *; preds = .*$")
# Verdict differences that are verifier gaps, not reader ones, reported as KNOWN until fixed
# (none at present).
KNOWN_VERDICT_GAPS: set = set()


def run(cmd, **kw):
    return subprocess.run([str(c) for c in cmd], capture_output=True, timeout=600, **kw)


def norm(text):
    out = []
    for line in text.splitlines():
        if line.startswith("; ModuleID") or line.startswith("source_filename"):
            continue
        out.append(PREDS.sub("", line))
    return out


def check_dis(nvir, bc, version, tmp, multiset=False, label=None):
    """(ok, message) for the dis round trip of one bitcode file (`label` names it in messages)."""
    label = label or bc
    ll = tmp / "nvir.ll"
    p = run([nvir, "dis", bc, "-o", ll])
    if p.returncode != 0:
        msg = p.stderr.decode(errors="replace").strip().splitlines()[0]
        if "debug-info" in msg or "debug location" in msg:
            return None, f"SKIP {label}: {msg}"
        return False, f"FAIL dis {label}: {msg}"
    back = tmp / "back.bc"
    p = run([f"llvm-as-{version}", "-disable-verify", ll, "-o", back])
    if p.returncode != 0:
        return False, f"FAIL dis {label}: llvm-as-{version} rejects nvir's text: {p.stderr.decode(errors='replace')[:300]}"
    a = norm(run([f"llvm-dis-{version}", back, "-o", "-"]).stdout.decode(errors="replace"))
    b = norm(run([f"llvm-dis-{version}", bc, "-o", "-"]).stdout.decode(errors="replace"))
    same = sorted(a) == sorted(b) if multiset else a == b
    if not same:
        diff = next((f"{x!r} vs {y!r}" for x, y in zip(a, b) if x != y), f"{len(a)} vs {len(b)} lines")
        return False, f"FAIL dis {label} (LLVM {version}): {diff[:300]}"
    return True, None


def check_verifier_file(nvir, ll, tmp):
    """Checks for one verifier-corpus file: a list of (ok, message)."""
    text = ll.read_text(errors="replace")
    opaque = re.search(r"\bptr\b", text) is not None
    version, arch = (19, "sm_100") if opaque else (14, "sm_90")
    bc = tmp / "in.bc"
    if run([f"llvm-as-{version}", "-disable-verify", ll, "-o", bc]).returncode != 0:
        return [(None, f"SKIP {ll}: llvm-as-{version} does not assemble it")]
    ok, msg = check_dis(nvir, bc, version, tmp, label=f"{ll} (llvm-as-{version})")
    results = [(ok, msg)]
    if ok:
        # Only where the bitcode holds what the text holds is the verdict comparable.
        dis = tmp / "dis.ll"
        run([f"llvm-dis-{version}", bc, "-o", dis])
        a = run([nvir, "print", dis]).stdout
        b = run([nvir, "print", ll]).stdout
        if norm(a.decode(errors="replace")) == norm(b.decode(errors="replace")):
            va = run([nvir, "verify", "--arch", arch, bc]).returncode
            vb = run([nvir, "verify", "--arch", arch, ll]).returncode
            known = "/".join(ll.parts[-2:]) in KNOWN_VERDICT_GAPS
            if va == vb:
                results.append((True, f"NOTE {ll}: a known gap now agrees; drop it from KNOWN_VERDICT_GAPS" if known else None))
            elif known:
                results.append((None, f"KNOWN verify {ll}: exit {va} on .bc, {vb} on .ll"))
            else:
                results.append((False, f"FAIL verify {ll}: exit {va} on .bc, {vb} on .ll"))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nvir", required=True, type=Path, help="the nvir binary under test")
    ap.add_argument("--root", type=Path, default=REPO, help="directory holding corpus/ (default: the repository)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    missing = [t for t in TOOLS if not shutil.which(t)]
    if missing:
        print(f"missing oracles: {', '.join(missing)}")
        print("bitcode-roundtrip: 0 passed, 1 failed")
        return 1
    corpus = args.root / "corpus"
    jobs = []
    for bc in sorted((corpus / "llvm").glob("*/*.bc")):
        if bc.parent.name == "llvm22":
            # LLVM 22's bitcode holds syntax LLVM 19 cannot read back (usub_cond, captures(...)),
            # so llvm-as-19 is no oracle for it; it is convert_check's input.
            continue
        version = 14 if bc.parent.name == "clang14" else 19
        jobs.append(("dis", bc, version, False))
    cu13 = cu13_dir()
    libdevice = cu13 / "nvvm" / "libdevice" / "libdevice.10.bc" if cu13 else None
    if libdevice and libdevice.is_file():
        jobs += [("dis", libdevice, 14, True), ("dis", libdevice, 19, True)]
    else:
        print("note: libdevice.10.bc not found in the nvidia-nvvm wheel (run setup.sh, use its python)")
    jobs += [("verifier", ll, None, False) for ll in sorted((corpus / "verifier").rglob("*.ll"))]
    # The reader's own versioned sources (NAME.NN.ll), assembled by llvm-as-NN; other sources there
    # (objc_property.ll) have their bitcode committed beside them and tests of their own.
    jobs += [("source", ll, int(ll.suffixes[-2][1:]), False) for ll in sorted((REPO / "crates/llvm/tests/bitcode").glob("*.ll"))
             if not ll.name.endswith(".dis.ll") and len(ll.suffixes) >= 2 and ll.suffixes[-2][1:].isdigit()]

    def one(job):
        kind, path, version, multiset = job
        with tempfile.TemporaryDirectory() as d:
            tmp = Path(d)
            if kind == "dis":
                return [check_dis(args.nvir, path, version, tmp, multiset)]
            if kind == "source":
                bc = tmp / "in.bc"
                if run([f"llvm-as-{version}", path, "-o", bc]).returncode != 0:
                    return [(False, f"FAIL {path}: llvm-as-{version} does not assemble it")]
                return [check_dis(args.nvir, bc, version, tmp, label=str(path))]
            return check_verifier_file(args.nvir, path, tmp)

    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for results in ex.map(one, jobs):
            for ok, msg in results:
                if msg:
                    print(msg)
                if ok is True:
                    passed += 1
                elif ok is False:
                    failed += 1
    print(f"bitcode-roundtrip: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
