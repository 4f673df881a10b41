#!/usr/bin/env python3
"""`nvir verify` against libNVVM's own `nvvmVerifyProgram`, live.

    python nvvm_verify.py --nvir PATH [--root DIR] [--known FILE] [--archs compute_90,compute_100]
                          [--dir DIR]... [--record OUT.jsonl]

Every `.ll` under each DIR (default: the corpus's verifier/ and llvm/: the labelled rule
files and real producer output from clang 14/19, numba and libNVVM-ready rewrites) is verified
by libNVVM in one
long-lived worker (a crash restarts it; a file that crashes libNVVM twice is left out, as libNVVM
gives no verdict) and by `nvir verify --format json`, one nvir run per arch. The verdicts must
agree, except for the (file, arch) pairs listed in KNOWN (one `file arch` per line, `#` comments):
rules nvir does not model yet. A listed pair that now agrees is reported, so the list only shrinks.
`--record` writes libNVVM's answers (file, arch, result, first log line) as JSONL, for growing a
corpus of one's own. Ends with `nvvm-verify: N passed, M failed`; exits 1 on a failure or a
missing oracle.
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys

from nvtools import Worker, cu13_dir

HERE = pathlib.Path(__file__).resolve().parent


def first_line(log):
    """The first message in a libNVVM log, without its location header (a debug location
    `: k.cu(7): ` included) and context lines."""
    for line in log.splitlines():
        line = line.strip().removeprefix("error:").strip().removeprefix("Error:").strip()
        if not line or line.startswith("context:") or line.endswith("':") or re.fullmatch(r": .*\(\d+\):", line):
            continue
        return line
    return ""


def load_known(path):
    known = set()
    if path and pathlib.Path(path).exists():
        for line in pathlib.Path(path).read_text().splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                file, arch = line.split()
                known.add((file, arch))
    return known


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nvir", required=True)
    ap.add_argument("--root", default=str(HERE.parents[1]), help="directory holding corpus/ (default: the repository)")
    ap.add_argument("--dir", action="append")
    ap.add_argument("--known", default=str(HERE / "nvvm_verify_known.txt"))
    ap.add_argument("--archs", default="compute_90,compute_100")
    ap.add_argument("--record")
    args = ap.parse_args()
    if cu13_dir() is None:
        print("MISSING libNVVM (run scripts/oracles/setup.sh)")
        print("nvvm-verify: 0 passed, 0 failed")
        return 1
    corpus = pathlib.Path(args.root) / "corpus"
    dirs = [pathlib.Path(d) for d in args.dir] if args.dir else [corpus / "verifier", corpus / "llvm"]
    files = sorted(f for d in dirs for f in d.rglob("*.ll"))
    known = load_known(args.known)
    passed = failed = crashed = 0
    fixed = []
    records = []
    with Worker() as w:
        for arch in args.archs.split(","):
            r = subprocess.run([args.nvir, "verify", "--format", "json", "--arch", arch, *map(str, files)],
                               capture_output=True, timeout=600)
            if r.returncode not in (0, 1):
                print(f"FAIL nvir verify --arch {arch}: exit {r.returncode}\n{r.stderr.decode(errors='replace')}")
                failed += 1
                continue
            ours = {}
            summary = None
            for line in r.stdout.decode().splitlines():
                rep = json.loads(line)
                if "summary" in rep:
                    summary = rep["summary"]
                    continue
                ours[pathlib.Path(rep["file"]).resolve()] = rep
            # Several inputs end with a summary line that counts every one of them.
            counted = summary and summary["files"] == len(files) == summary["ok"] + summary["rejected"] + summary["unreadable"]
            if not counted:
                print(f"FAIL nvir verify --arch {arch}: summary {summary} does not count the {len(files)} inputs")
                failed += 1
            for f in files:
                rel = f.resolve().relative_to(corpus.resolve()).as_posix() if f.resolve().is_relative_to(corpus.resolve()) else str(f)
                rep = w.verify([("input.ll", f.read_bytes())], [f"-arch={arch}"])
                if rep.get("stage") == "crash":
                    rep = w.verify([("input.ll", f.read_bytes())], [f"-arch={arch}"])
                if rep.get("stage") == "crash":
                    crashed += 1
                    continue
                theirs_ok = rep.get("result") == 0
                records.append({"file": rel, "arch": arch, "result": rep.get("result"),
                                "first": first_line(rep.get("log", ""))})
                mine = ours.get(f.resolve())
                if mine is None:
                    print(f"FAIL {rel} @{arch}: no report from nvir")
                    failed += 1
                    continue
                agree = mine["ok"] == theirs_ok
                if (rel, arch) in known:
                    if agree:
                        fixed.append(f"{rel} {arch}")
                    passed += 1
                elif agree:
                    passed += 1
                else:
                    first = next((d["message"] for d in mine["diagnostics"] if d["severity"] == "error"), "")
                    print(f"FAIL {rel} @{arch}: libNVVM {'accepts' if theirs_ok else 'rejects'} "
                          f"({first_line(rep.get('log', ''))!r}), nvir {'accepts' if mine['ok'] else 'rejects'} ({first!r})")
                    failed += 1
    if args.record:
        pathlib.Path(args.record).write_text("".join(json.dumps(r) + "\n" for r in records))
    for k in fixed:
        print(f"NOTE now agrees, remove from the known list: {k}")
    print(f"libNVVM crashed on {crashed} runs (left out)")
    print(f"nvvm-verify: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
