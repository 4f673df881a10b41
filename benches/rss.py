#!/usr/bin/env python3
"""Peak memory per input byte, nvir beside LLVM, on large inputs: one table row per input and tool.

    python3 benches/rss.py --nvir target/release/nvir FILE_OR_DIR... [--threads N]

Inputs by extension: `.ll` (nvir verify / print / print --parse-only; LLVM 14's `opt -disable-output`
and `llvm-as`), `.bc` (nvir verify / dis / print --parse-only; `opt -disable-output` and
`llvm-dis`), `.ltoir` (nvir verify / container dump --format json / unwrap), `.tileirbc` (nvir tile
dis / rewrite / validate). Peak RSS is the child's ru_maxrss; the ratio is peak RSS over input size.
The issue's aims: text 6x, bitcode 10x (LLVM's opt-14: about 17x), Tile IR and containers 10x.

Large inputs: `python3 benches/gen_nvvm.py 100 big.ll` and `llvm-as-14 big.ll -o big.bc`;
`corpus/llvm/make-big.sh` (pg_all.bc, pg_all.ll); `python3 scripts/hostile/gen.py OUT --only valid_`
(the same plus a large Tile IR module and a container).
"""
import argparse
import os
import shutil
import subprocess
import sys

NVIR = {
    ".ll": [["verify", "--arch", "compute_90", "IN"], ["print", "IN", "-o", "/dev/null"],
            ["print", "--parse-only", "IN"]],
    ".bc": [["verify", "--arch", "compute_90", "IN"], ["dis", "IN", "-o", "/dev/null"],
            ["print", "--parse-only", "IN"]],
    ".ltoir": [["verify", "--arch", "compute_90", "IN"], ["container", "dump", "--format", "json", "IN"],
               ["container", "unwrap", "IN", "-o", "/dev/null"]],
    ".tileirbc": [["tile", "dis", "IN", "-o", "/dev/null"], ["tile", "rewrite", "IN", "-o", "/dev/null"],
                  ["tile", "validate", "IN"]],
}
LLVM = {
    ".ll": [["opt-14", "-disable-output", "IN"], ["llvm-as-14", "IN", "-o", "/dev/null"]],
    ".bc": [["opt-14", "-disable-output", "IN"], ["llvm-dis-14", "IN", "-o", "/dev/null"]],
}


def peak(argv):
    """(peak RSS in bytes, exit status, seconds) of one run."""
    import time
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = 0
    return ru.ru_maxrss * 1024, os.waitstatus_to_exitcode(status), time.monotonic() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nvir", default="target/release/nvir")
    ap.add_argument("--threads", type=int, help="nvir --threads for the LLVM readers")
    ap.add_argument("inputs", nargs="+")
    a = ap.parse_args()
    files = []
    for i in a.inputs:
        if os.path.isdir(i):
            files += sorted(os.path.join(i, f) for f in os.listdir(i))
        else:
            files.append(i)
    files = [f for f in files if os.path.splitext(f)[1] in NVIR]
    if not files:
        sys.exit("rss.py: no .ll, .bc, .ltoir or .tileirbc inputs")
    print(f"{'input':34} {'MB':>7}  {'tool and command':44} {'peak MB':>8} {'ratio':>6} {'s':>6}")
    for f in files:
        size = os.path.getsize(f)
        ext = os.path.splitext(f)[1]
        runs = []
        for argv in NVIR[ext]:
            args = [x if x != "IN" else f for x in argv]
            if a.threads and args[0] in ("verify", "dis", "print"):
                args[1:1] = ["--threads", str(a.threads)]
            runs.append(("nvir " + " ".join(x for x in argv if x not in ("IN", "-o", "/dev/null")), [a.nvir] + args))
        for argv in LLVM.get(ext, []):
            if shutil.which(argv[0]):
                runs.append((argv[0] + " " + " ".join(x for x in argv[1:] if x not in ("IN", "-o", "/dev/null")),
                             [x if x != "IN" else f for x in argv]))
        for label, argv in runs:
            rss, code, secs = peak(argv)
            note = "" if code in (0, 1) else f"  (exit {code})"
            print(f"{os.path.basename(f)[:34]:34} {size / 1e6:7.1f}  {label[:44]:44} {rss / 1e6:8.0f} "
                  f"{rss / max(size, 1):6.1f} {secs:6.2f}{note}")


if __name__ == "__main__":
    main()
