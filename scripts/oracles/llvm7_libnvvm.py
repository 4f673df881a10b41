#!/usr/bin/env python3
"""`nvir print --syntax llvm7` must give text that libNVVM's LLVM 7.0.1 reader parses.

    python llvm7_libnvvm.py --nvir PATH [--root DIR]

For every typed-pointer `.ll` in the corpus (llvm/ and verifier/), the LLVM 7 printing is
handed to libNVVM (compute_90, the LLVM 7.0.1 path) in one long-lived worker; no `parse …` line may
appear in its log. Semantic errors (IR version, verifier findings) are not this check's business.
A file nvir refuses to print as LLVM 7 (a construct LLVM 7 cannot express) is counted as skipped.
Ends with `llvm7-libnvvm: N passed, M failed`; exits 1 on a failure or a missing oracle.
"""
import argparse
import pathlib
import subprocess
import sys

from nvtools import Worker, cu13_dir

HERE = pathlib.Path(__file__).resolve().parent


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nvir", required=True)
    ap.add_argument("--root", default=str(HERE.parents[1]), help="directory holding corpus/ (default: the repository)")
    args = ap.parse_args()
    if cu13_dir() is None:
        print("MISSING libNVVM (run scripts/oracles/setup.sh)")
        print("llvm7-libnvvm: 0 passed, 0 failed")
        return 1
    corpus = pathlib.Path(args.root) / "corpus"
    files = sorted(p for d in ("llvm", "verifier") for p in (corpus / d).rglob("*.ll"))
    passed = failed = skipped = 0
    with Worker() as w:
        for f in files:
            r = subprocess.run([args.nvir, "--color", "never", "print", "--syntax", "llvm7", str(f)], capture_output=True, timeout=120)
            if r.returncode != 0:
                # Opaque-pointer input, a file nvir rejects, or a construct LLVM 7 cannot express.
                skipped += 1
                continue
            rep = w.nvvm([(f.name, r.stdout)], ["-arch=compute_90"])
            if rep.get("stage") == "crash":
                # Once more in the fresh worker: a crash can be state left by an earlier input.
                rep = w.nvvm([(f.name, r.stdout)], ["-arch=compute_90"])
            if rep.get("stage") == "crash":
                # libNVVM crashes on some valid inputs after parsing; that is a pass when the
                # original crashes it too.
                orig = w.nvvm([(f.name, f.read_bytes())], ["-arch=compute_90"])
                if orig.get("stage") == "crash":
                    passed += 1
                else:
                    print(f"FAIL {f.relative_to(corpus)}: libNVVM crashed on nvir's text, not on the original")
                    failed += 1
                continue
            parse = [line for line in rep.get("log", "").splitlines() if ": parse " in line]
            if parse:
                print(f"FAIL {f.relative_to(corpus)}: {parse[0]}")
                failed += 1
            else:
                passed += 1
    print(f"skipped: {skipped} files (not printable as LLVM 7)")
    print(f"llvm7-libnvvm: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
