#!/usr/bin/env python3
"""Where libNVVM compiles a typed corpus module's text at compute_90, it compiles `nvir as`'s bitcode.

    python bitcode_libnvvm.py --nvir PATH [--root DIR] [--record]

For every typed-pointer `.ll` in the corpus (llvm/ and verifier/) that `nvir as` writes as LLVM 7
bitcode, libNVVM (compute_90, its LLVM 7.0.1 reader) compiles the text and the bitcode in one
long-lived worker. The verdicts are recorded in crates/llvm/tests/bitcode_libnvvm.txt, one line a
file: `TEXT BITCODE PATH`, each verdict `ok` or `fail` (`-` for the bitcode when the text fails:
nothing is asked of it then). The check fails when a verdict differs from the recorded one, and
above all when the text compiles and the bitcode does not. `--record` rewrites the file.
Ends with `bitcode-libnvvm: N passed, M failed`; exits 1 on a failure or a missing oracle.
"""
import argparse
import pathlib
import subprocess
import sys
import tempfile

from nvtools import Worker, cu13_dir

HERE = pathlib.Path(__file__).resolve().parent
RECORD = "crates/llvm/tests/bitcode_libnvvm.txt"
HEADER = """\
# libNVVM 13.5 at compute_90 on typed corpus modules: TEXT BITCODE PATH, where TEXT is its verdict
# on the .ll file and BITCODE its verdict on `nvir as` of it (`-`: not asked, the text fails).
# Made by scripts/oracles/bitcode_libnvvm.py --record; checked live by the same script, and
# offline by crates/llvm/tests/bitcode_write.rs (every listed file is written).
"""


def compiles(w, name, data):
    rep = w.nvvm([(name, data)], ["-arch=compute_90"])
    if rep.get("stage") == "crash":
        # Once more in the fresh worker: a crash can be state left by an earlier input.
        rep = w.nvvm([(name, data)], ["-arch=compute_90"])
    return rep.get("ok", False), rep.get("log", "") or rep.get("error_log", "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nvir", required=True)
    ap.add_argument("--root", default=str(HERE.parents[1]), help="the repository (holds corpus/)")
    ap.add_argument("--record", action="store_true", help="rewrite the recorded verdicts")
    args = ap.parse_args()
    if cu13_dir() is None:
        print("MISSING libNVVM (run scripts/oracles/setup.sh)")
        print("bitcode-libnvvm: 0 passed, 0 failed")
        return 1
    root = pathlib.Path(args.root)
    corpus = root / "corpus"
    record = root / RECORD
    recorded = {}
    if record.exists():
        for line in record.read_text().splitlines():
            if line and not line.startswith("#"):
                text, bc, path = line.split(" ", 2)
                recorded[path] = (text, bc)
    files = sorted(p for d in ("llvm", "verifier") for p in (corpus / d).rglob("*.ll"))
    passed = failed = 0
    lines = []
    with Worker() as w, tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "m.bc"
        for f in files:
            rel = str(f.relative_to(corpus))
            r = subprocess.run([args.nvir, "--color", "never", "as", str(f), "-o", str(out)],
                               capture_output=True, timeout=120)
            if r.returncode != 0:
                # Opaque-pointer input, a file nvir rejects, or one LLVM 7 bitcode cannot carry.
                continue
            text_ok, _ = compiles(w, f.name, f.read_bytes())
            verdict = ("ok" if text_ok else "fail", "-")
            why = ""
            if text_ok:
                bc_ok, log = compiles(w, f.name, out.read_bytes())
                verdict = ("ok", "ok" if bc_ok else "fail")
                why = log.strip().splitlines()[0] if log.strip() else ""
            lines.append(f"{verdict[0]} {verdict[1]} {rel}")
            want = recorded.get(rel)
            if verdict == ("ok", "fail"):
                print(f"FAIL {rel}: libNVVM compiles the text, not nvir's bitcode: {why}")
                failed += 1
            elif not args.record and want != verdict:
                print(f"FAIL {rel}: recorded {want}, libNVVM now says {verdict}")
                failed += 1
            else:
                passed += 1
        if not args.record:
            seen = {l.split(" ", 2)[2] for l in lines}
            for rel in sorted(set(recorded) - seen):
                print(f"FAIL {rel}: recorded, but nvir no longer writes it (or it is gone)")
                failed += 1
    if args.record:
        record.write_text(HEADER + "".join(l + "\n" for l in lines))
        print(f"recorded {len(lines)} verdicts in {RECORD}")
    print(f"bitcode-libnvvm: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
