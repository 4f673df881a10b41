#!/usr/bin/env python3
"""Runs every input-reading `nvir` subcommand on every file of INPUTDIR and checks the hostile-input bar.

    python3 scripts/hostile/run.py --nvir PATH INPUTDIR [--jobs 1] [--timeout 20] [--json OUT]
                                   [--only SUBSTR] [--cmd SUBSTR] [--as-limit-gib 4]

A run FAILS when: the exit status is not 0, 1 or 2; the child is killed by a signal; stderr says
"panicked"; wall time exceeds --timeout; or peak RSS (ru_maxrss of the child, via os.wait4) exceeds
max(10 x input size, 100 MB). Inputs named `valid_*` get the large-input ratios instead: .ll 6x,
.bc/.ltoir 10x, .tileirbc 10x (no 100 MB floor). Each child runs under RLIMIT_AS (--as-limit-gib,
default 4 GiB) so bombs cannot take the machine down; an allocation failure there shows up as an
abort (SIGABRT) and is reported as a failure. Prints one line per failure and a summary; exits 1
if anything failed.
"""
import argparse
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

MB = 1_000_000

# (label, argv after the binary; IN = input, TMP = a fresh temp dir, OUTF = a temp output file)
COMMANDS = [
    ("verify-90", ["verify", "--color", "never", "--arch", "compute_90", "IN"]),
    ("verify-100-json", ["verify", "--color", "never", "--arch", "compute_100", "--format", "json", "IN"]),
    ("verify-90a-first", ["verify", "--color", "never", "--arch", "sm_90a", "--first-error", "IN"]),
    ("verify-75-latest", ["verify", "--color", "never", "--arch", "compute_75", "--nvvm-latest", "IN"]),
    ("print", ["print", "--color", "never", "IN", "-o", "/dev/null"]),
    ("print-llvm7", ["print", "--color", "never", "--syntax", "llvm7", "IN", "-o", "/dev/null"]),
    ("print-modern", ["print", "--color", "never", "--syntax", "modern", "IN", "-o", "/dev/null"]),
    ("print-parse-stats-json", ["print", "--color", "never", "--parse-only", "--stats", "--format", "json", "IN"]),
    ("dis", ["dis", "--color", "never", "IN", "-o", "/dev/null"]),
    ("dis-parse-only-1thread", ["dis", "--color", "never", "--parse-only", "--threads", "1", "IN"]),
    ("as", ["as", "--color", "never", "IN", "-o", "/dev/null"]),
    ("as-modern", ["as", "--color", "never", "--dialect", "modern", "IN", "-o", "/dev/null"]),
    ("convert-90", ["convert", "--color", "never", "--arch", "compute_90", "IN", "-o", "/dev/null"]),
    ("convert-100", ["convert", "--color", "never", "--arch", "compute_100", "IN", "-o", "/dev/null"]),
    ("convert-90-ll", ["convert", "--color", "never", "--arch", "sm_90", "--emit", "ll", "IN", "-o", "/dev/null"]),
    ("convert-120-ll-json", ["convert", "--color", "never", "--arch", "120", "--emit", "ll", "--format", "json", "IN",
                             "-o", "/dev/null"]),
    ("container-dump", ["container", "--color", "never", "dump", "IN"]),
    ("container-dump-json", ["container", "--color", "never", "dump", "--format", "json", "IN"]),
    ("container-dump-seed", ["container", "--color", "never", "dump", "--policy", "seed", "IN"]),
    ("container-to-xml", ["container", "--color", "never", "to-xml", "IN", "-o", "/dev/null"]),
    ("container-from-xml", ["container", "--color", "never", "from-xml", "IN", "-o", "OUTF"]),
    ("container-unwrap", ["container", "--color", "never", "unwrap", "IN", "-o", "/dev/null"]),
    ("container-edit-noop", ["container", "--color", "never", "edit", "IN", "-o", "/dev/null"]),
    ("container-edit-arch", ["container", "--color", "never", "edit", "--arch", "sm_100a", "IN", "-o", "/dev/null"]),
    ("container-wrap-90", ["container", "--color", "never", "wrap", "--arch", "sm_90", "IN", "-o", "/dev/null"]),
    ("container-wrap-100-json", ["container", "--color", "never", "wrap", "--arch", "sm_100", "--format", "json",
                                 "IN", "-o", "/dev/null"]),
    ("container-wrap-raw", ["container", "--color", "never", "wrap", "--raw", "--arch", "sm_90", "IN", "-o", "/dev/null"]),
    ("tile-dump", ["tile", "--color", "never", "dump", "IN"]),
    ("tile-dump-json", ["tile", "--color", "never", "dump", "--format", "json", "IN"]),
    ("tile-dis", ["tile", "--color", "never", "dis", "IN", "-o", "/dev/null"]),
    ("tile-dis-g", ["tile", "--color", "never", "dis", "-g", "IN", "-o", "/dev/null"]),
    ("tile-rewrite", ["tile", "--color", "never", "rewrite", "IN", "-o", "/dev/null"]),
    ("tile-rewrite-13.1", ["tile", "--color", "never", "rewrite", "--target-version", "13.1", "IN", "-o", "/dev/null"]),
    ("tile-validate", ["tile", "--color", "never", "validate", "IN"]),
    ("tile-as", ["tile", "--color", "never", "as", "IN", "-o", "/dev/null"]),
    ("tile-as-13.1", ["tile", "--color", "never", "as", "--target-version", "13.1", "IN", "-o", "/dev/null"]),
    ("fatbin-list", ["fatbin", "--color", "never", "list", "IN"]),
    ("fatbin-list-json", ["fatbin", "--color", "never", "list", "--format", "json", "IN"]),
    ("fatbin-extract", ["fatbin", "--color", "never", "extract", "--dir", "TMP", "IN"]),
]


def rss_limit(path, size):
    base = os.path.basename(path)
    if base.startswith("valid_"):
        if base.endswith(".ll"):
            return 6 * size
        return 10 * size
    return max(10 * size, 100 * MB)


def run_one(nvir, label, argv, path, timeout, as_limit):
    size = os.path.getsize(path)
    tmp = tempfile.mkdtemp(prefix="nvir-hostile-")
    try:
        args = [nvir]
        for a in argv:
            if a == "IN":
                args.append(path)
            elif a == "TMP":
                args.append(os.path.join(tmp, "out"))
            elif a == "OUTF":
                args.append(os.path.join(tmp, "out.bin"))
            else:
                args.append(a)
        err_path = os.path.join(tmp, "stderr")

        def pre():
            os.setsid()
            if as_limit:
                resource.setrlimit(resource.RLIMIT_AS, (as_limit, as_limit))
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
            # A single written file may not exceed 4 GiB (extract of a bomb).
            resource.setrlimit(resource.RLIMIT_FSIZE, (4 << 30, 4 << 30))

        with open(err_path, "wb") as err:
            t0 = time.monotonic()
            p = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
                                 preexec_fn=pre, cwd=tmp)
            timed_out = threading.Event()

            def kill():
                timed_out.set()
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass

            timer = threading.Timer(timeout, kill)
            timer.start()
            _, status, ru = os.wait4(p.pid, 0)
            wall = time.monotonic() - t0
            timer.cancel()
            p.returncode = 0  # reaped here; keep Popen from waiting again
        with open(err_path, "rb") as f:
            stderr = f.read(1 << 20)
        rss = ru.ru_maxrss * 1024
        sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
        limit = rss_limit(path, size)
        why = []
        if timed_out.is_set():
            why.append(f"timeout>{timeout}s")
        elif sig is not None:
            why.append(f"signal {signal.Signals(sig).name}")
        elif code not in (0, 1, 2):
            why.append(f"exit {code}")
        if b"panicked" in stderr:
            why.append("panicked")
        if rss > limit:
            why.append(f"rss {rss/MB:.0f}MB > limit {limit/MB:.0f}MB")
        tail = stderr.decode("utf-8", "replace").strip().splitlines()
        hint = ""
        for line in tail:
            if "panicked" in line or "memory allocation" in line or "overflow" in line:
                hint = line.strip()[:300]
                break
        if not hint and why and tail:
            hint = tail[-1].strip()[:300]
        return {
            "input": os.path.basename(path), "size": size, "cmd": label, "exit": code, "signal": sig,
            "wall_s": round(wall, 3), "rss_mb": round(rss / MB, 1), "limit_mb": round(limit / MB, 1),
            "ratio": round(rss / size, 2) if size else None, "fail": bool(why), "why": why, "stderr": hint,
            "argv": " ".join(args[1:]),
        }
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nvir", required=True)
    ap.add_argument("inputdir")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--json")
    ap.add_argument("--only", help="only inputs whose name starts with this")
    ap.add_argument("--skip", help="skip inputs whose name sorts before this (resume)")
    ap.add_argument("--cmd", help="comma-separated command labels to run (default: all)")
    ap.add_argument("--as-limit-gib", type=float, default=4, help="RLIMIT_AS per child (0 = none)")
    ap.add_argument("--known", help="a file of known failures, one `INPUT COMMAND WHY` line each (COMMAND * for all; # comments): "
                    "reported, not counted; one that passes is named so it can leave the file")
    a = ap.parse_args()
    known = {}
    if a.known:
        with open(a.known) as f:
            for line in f:
                parts = line.split("#", 1)[0].split(None, 2)
                if len(parts) >= 2:
                    known[(parts[0], parts[1])] = parts[2].strip() if len(parts) > 2 else ""
    nvir = os.path.abspath(a.nvir)
    # Children run in a scratch directory of their own: every path they get is absolute.
    a.inputdir = os.path.abspath(a.inputdir)
    files = sorted(os.path.join(a.inputdir, f) for f in os.listdir(a.inputdir)
                   if os.path.isfile(os.path.join(a.inputdir, f)) and (not a.only or f.startswith(a.only))
                   and (not a.skip or f >= a.skip))
    sel = a.cmd.split(",") if a.cmd else None
    cmds = [c for c in COMMANDS if not sel or any(s == c[0] for s in sel)]
    jobs = [(label, argv, f) for f in files for (label, argv) in cmds]
    as_limit = int(a.as_limit_gib * (1 << 30)) if a.as_limit_gib else 0
    results = []
    lock = threading.Lock()

    def work(j):
        r = run_one(nvir, j[0], j[1], j[2], a.timeout, as_limit)
        base = os.path.basename(r["input"])
        r["known"] = (base, r["cmd"]) in known or (base, "*") in known
        with lock:
            results.append(r)
            if r["fail"]:
                print(f"{'KNOWN' if r['known'] else 'FAIL'} {r['input']} [{r['cmd']}]: {', '.join(r['why'])} "
                      f"(exit={r['exit']} sig={r['signal']} {r['wall_s']}s rss={r['rss_mb']}MB "
                      f"size={r['size']}) {r['stderr']}", flush=True)
        return r

    t0 = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        list(ex.map(work, jobs))
    fails = [r for r in results if r["fail"] and not r["known"]]
    known_fails = [r for r in results if r["fail"] and r["known"]]
    ran = {(os.path.basename(r["input"]), c) for r in results for c in (r["cmd"], "*")}
    still = {(os.path.basename(r["input"]), c) for r in known_fails for c in (r["cmd"], "*")}
    fixed = sorted(k for k in known if k in ran and k not in still)
    for k in fixed:
        print(f"PASSES NOW (take it out of {a.known}): {k[0]} {k[1]}")
    print(f"\n{len(results)} runs over {len(files)} inputs x {len(cmds)} commands in "
          f"{time.monotonic() - t0:.0f}s: {len(fails)} failures in {len({r['input'] for r in fails})} inputs"
          + (f", {len(known_fails)} known" if known else ""))
    for r in sorted((r for r in results if os.path.basename(r["input"]).startswith("valid_")),
                    key=lambda r: (r["input"], r["cmd"])):
        if r["exit"] == 0:
            print(f"  ratio {r['input']} [{r['cmd']}]: rss {r['rss_mb']}MB = {r['ratio']}x input, {r['wall_s']}s")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(sorted(results, key=lambda r: (r["input"], r["cmd"])), f, indent=1)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
