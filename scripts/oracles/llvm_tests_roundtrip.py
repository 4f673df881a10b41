#!/usr/bin/env python3
"""How many of LLVM's own test/Assembler and test/Bitcode files nvir round-trips (issue 16's bar).

    python llvm_tests_roundtrip.py --nvir target/release/nvir DIR... [--jobs N] [--list] [--show N]

Each DIR is a directory of LLVM test files (say a checkout's llvm/test/Assembler and
llvm/test/Bitcode; they are LLVM's, so they stay outside this repository). Its .ll and .bc files,
walked recursively, are the inputs; every DIR is reported on its own.

Selection: which files LLVM itself round-trips, and through which LLVM (N):
  .ll  `llvm-as-N FILE` (verifier on) and then `llvm-dis-N` of its bitcode both succeed, N = 19
       for a file with opaque pointers (`ptr`), else 14 when LLVM 14 takes it, else 19;
  .bc  `llvm-dis-N FILE` succeeds and `llvm-as-N -disable-verify` reads its text back, N = 14
       when it does and prints no `ptr`, else 19.
A RUN line expecting LLVM to fail on the file (`not llvm-as`, `not opt`, `not llvm-dis`, ...)
leaves it out: a negative test LLVM 19 may now take only because opaque pointers erased its
error. So do files neither LLVM reads (newer syntax, CHECK-only text for a `%s.bc`).

Round trip: `nvir print FILE` (.ll) or `nvir dis FILE` (.bc) exits 0, its text is taken by
`llvm-as-N -disable-verify` (llvm-dis does not verify either: the disassembly of an old .bc need
not verify) and `llvm-dis-N` of that bitcode equals `llvm-dis-N`'s disassembly of the original
(of the original's llvm-as-N bitcode, for .ll), both after LLVM's own canonicalisation, less
`; ModuleID` and `source_filename` lines and the `; preds = ...` comments (those list
predecessors in use-list order, which bitcode and `uselistorder` directives keep and plain text
does not). A file nvir rejects with an error saying that it cannot reach a GPU is counted as
refused: selected, not round-tripped, listed apart. Where the other LLVM reads the file too (a
typed file LLVM 19 also takes), the same check through it is reported as a second, informational
number (`also through the other LLVM`): one text cannot always suit both (LLVM 4's `inrange i32 1`
index is LLVM 14 syntax only, LLVM 19's `inrange(a, b)` LLVM 19's only).

Output: per directory `selected`, `round-trips`, `%` and `refused`, then the failures grouped by
their first line (nvir's first error, or the first differing line, lightly normalised), biggest
group first, with up to --show file names each. `--list` prints every failing file with its
detail. `--seen DIR` (repeatable) also reports the figure for the selected files that are new:
not byte-identical to any file under a DIR (an earlier set the fixes were made against). Exits 1
when an oracle is missing.

Measured (see docs/llvm-tests-roundtrip.md for the command and the sets):
"""
import argparse
import collections
import concurrent.futures
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from llvm_roundtrip import OPAQUE_PTR, syntax_only

TIMEOUT = 120
VERSIONS = (14, 19)
IGNORED = ("; ModuleID", "source_filename")
PREDS = re.compile(r"\s*; preds = .*$")
# A RUN line of a negative test: `not llvm-as`, `not opt`, `not --crash llvm-dis`, ...
NEGATIVE = re.compile(r"\bnot\s+(--crash\s+)?(llvm-as|llvm-dis|opt|verify-uselistorder)\b")
# nvir's errors for what only cannot reach a GPU: counted as refused, not as round-tripped.
REFUSED = re.compile(r"cannot reach a GPU|not supported (on NVPTX|for NVVM)|no NVPTX", re.I)


def run(cmd, timeout=TIMEOUT, cwd=None):
    try:
        return subprocess.run([str(c) for c in cmd], capture_output=True, timeout=timeout, cwd=cwd)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(cmd, 124, b"", f"timed out after {timeout}s".encode())


def first_error(proc):
    text = (proc.stderr or proc.stdout).decode("utf-8", "replace").strip().splitlines()
    for line in text:
        if line.strip():
            return line.strip()[:300]
    return f"exit {proc.returncode}"


def canonical(text):
    out = []
    for line in text.splitlines():
        if line.startswith(IGNORED):
            continue
        out.append(PREDS.sub("", line))
    return out


def first_diff(want, got):
    n = min(len(want), len(got))
    i = next((i for i in range(n) if want[i] != got[i]), n)
    w = want[i] if i < len(want) else "<end>"
    g = got[i] if i < len(got) else "<end>"
    return i, w, g


def disassemble(version, bc, out):
    proc = run([f"llvm-dis-{version}", bc, "-o", out])
    if proc.returncode != 0 or not out.is_file():
        return None, proc
    return out.read_text(errors="replace"), proc


def assemble(version, src, out_dir, verify=True):
    """`llvm-as-N` of `src` into `out_dir/m.bc`. The original and nvir's text are assembled to the
    same path, one after the other: a summary names its module by the output's path."""
    out_dir.mkdir(exist_ok=True)
    flags = [] if verify else ["-disable-verify"]
    return run([f"llvm-as-{version}", *flags, src.resolve(), "-o", "m.bc"], cwd=out_dir), out_dir / "m.bc"


def reference(version, src, work):
    """llvm-dis-N's text of the original, or None when LLVM N does not round-trip it."""
    if src.suffix == ".ll":
        proc, bc = assemble(version, src, work / f"as{version}")
        if proc.returncode != 0:
            return None
    else:
        # Disassembled from where nvir's text is assembled: a summary names its module by path.
        (work / f"as{version}").mkdir(exist_ok=True)
        bc = work / f"as{version}" / "m.bc"
        shutil.copyfile(src, bc)
    out = work / f"orig{version}.ll"
    text, _ = disassemble(version, bc, out)
    if text is not None and src.suffix == ".bc":
        # LLVM round-trips a .bc when it also reads its own disassembly back.
        proc, _ = assemble(version, out, work / f"re{version}", verify=False)
        if proc.returncode != 0:
            return None
    return text


class Result:
    def __init__(self, name):
        self.name = name
        self.versions = []      # the LLVMs that round-trip the original
        self.status = None      # "pass", "fail", "refused", or None (not selected)
        self.key = ""           # what the failures are grouped by
        self.detail = ""
        self.other = None       # the other LLVM, where it reads the file too (passing files only)
        self.other_bad = None   # its failure, if any


NAMES = re.compile(r"([@%!#])[-\w.$]+")
# Numbers, names and string contents vary from file to file; the group keeps the shape.
NORMALISE = [
    (re.compile(r'"[^"]*"'), '"…"'),
    (re.compile(r"([%@!#])[-\w.$]+"), r"\1N"),
    (re.compile(r"\b\d+\b"), "0"),
]


def group_key(text):
    for pat, rep in NORMALISE:
        text = pat.sub(rep, text)
    return text.strip()[:160]


def negative(src):
    """Whether a RUN line of the file expects an LLVM tool to fail on it."""
    if src.suffix != ".ll":
        return False
    text = src.read_text(errors="replace")
    return any(NEGATIVE.search(line) for line in text.splitlines() if "RUN:" in line)


def negative_inputs(root):
    """Files a RUN line anywhere under `root` expects an LLVM tool to fail on (`not llvm-dis
    %p/Inputs/invalid-x.bc`): bitcode has no RUN line of its own."""
    names = set()
    for f in root.rglob("*"):
        if f.suffix not in (".ll", ".test") or not f.is_file():
            continue
        for line in f.read_text(errors="replace").splitlines():
            if "RUN:" in line and NEGATIVE.search(line):
                names.update(Path(m).name for m in re.findall(r"%[pS]/(\S+)", line))
    return names


def dialect_version(src, refs):
    """The LLVM a selected file is checked through: 19 for opaque pointers, else 14 if it reads it."""
    if src.suffix == ".ll":
        opaque = OPAQUE_PTR.search(syntax_only(src.read_text(errors="replace"))) is not None
    else:
        opaque = 14 not in refs or OPAQUE_PTR.search(syntax_only(refs[14])) is not None
    if not opaque and 14 in refs:
        return 14
    return 19 if 19 in refs else None


def through(version, ours, want, work):
    """None when nvir's text `ours`, through LLVM `version`, gives `want`; else (key, detail)."""
    proc, bc = assemble(version, ours, work / f"as{version}", verify=False)
    if proc.returncode != 0:
        err = first_error(proc)
        return f"llvm-as-{version} rejects nvir's text: {group_key(re.sub(r'^.*?error: ', '', err))}", err
    got, proc = disassemble(version, bc, work / f"nvir{version}.ll")
    if got is None:
        return f"llvm-dis-{version} fails on nvir's bitcode", first_error(proc)
    w, g = canonical(want), canonical(got)
    if w != g:
        i, wl, gl = first_diff(w, g)
        return f"differs (llvm {version}): - {group_key(wl)}", f"line {i + 1}:\n    - {wl}\n    + {gl}"
    return None


def check(nvir, src, name, work, negatives):
    res = Result(name)
    work.mkdir(parents=True)
    if negative(src) or src.name in negatives:
        return res
    refs = {}
    for version in VERSIONS:
        ref = reference(version, src, work)
        if ref is not None:
            refs[version] = ref
    version = dialect_version(src, refs)
    if version is None:
        return res
    res.versions = [version]
    ours = work / "nvir.ll"
    verb = "print" if src.suffix == ".ll" else "dis"
    proc = run([nvir, verb, src, "--color", "never", "-o", ours])
    if proc.returncode != 0 or not ours.is_file():
        err = first_error(proc)
        err = re.sub(r"^.*?(error|warning)(\[[^\]]*\])?:\s*", "", err)
        res.status = "refused" if REFUSED.search(err) else "fail"
        err = re.sub(r" *\((at bit|producer) [^)]*\)", "", err)
        res.key = f"nvir {verb}: " + NAMES.sub(r"\1N", err)
        res.detail = first_error(proc)
        return res
    bad = through(version, ours, refs[version], work)
    if bad:
        res.status = "fail"
        res.key, res.detail = bad
        return res
    res.status = "pass"
    other = next((v for v in refs if v != version), None)
    if other is not None:
        res.other = other
        res.other_bad = through(other, ours, refs[other], work)
    return res


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nvir", required=True, type=Path, help="the nvir binary under test")
    ap.add_argument("dirs", nargs="+", type=Path, help="directories of LLVM test files")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--list", action="store_true", help="print every failing file with its detail")
    ap.add_argument("--show", type=int, default=4, help="file names shown per failure group")
    ap.add_argument("--seen", type=Path, action="append", default=[],
                    help="a directory of files already seen: also report the selected files not among them")
    args = ap.parse_args()
    seen = {digest(p) for d in args.seen for p in d.rglob("*") if p.is_file()}
    nvir = args.nvir.resolve()
    if not nvir.is_file():
        sys.exit(f"llvm-tests-roundtrip: no nvir binary at {nvir}")
    missing = [f"llvm-{t}-{v}" for v in VERSIONS for t in ("as", "dis") if not shutil.which(f"llvm-{t}-{v}")]
    if missing:
        print(f"MISSING {' '.join(missing)}")
        return 1

    start = time.monotonic()
    status = 0
    totals = collections.Counter()
    with tempfile.TemporaryDirectory(prefix="llvm-tests-rt-") as tmp:
        tmp = Path(tmp)
        for d, root in enumerate(args.dirs):
            files = sorted(p for p in root.rglob("*") if p.suffix in (".ll", ".bc") and p.is_file())
            negatives = negative_inputs(root)
            with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
                futures = [pool.submit(check, nvir, f, str(f.relative_to(root)), tmp / str(d) / str(i), negatives)
                           for i, f in enumerate(files)]
                results = [f.result() for f in futures]
            selected = [r for r in results if r.status]
            passed = sum(r.status == "pass" for r in selected)
            refused = [r for r in selected if r.status == "refused"]
            failed = [r for r in selected if r.status == "fail"]
            pct = 100.0 * passed / len(selected) if selected else 0.0
            by_kind = collections.Counter(Path(r.name).suffix for r in selected)
            print(f"== {root}: {len(files)} files, selected {len(selected)} "
                  f"({by_kind['.ll']} .ll, {by_kind['.bc']} .bc), round-trips {passed} "
                  f"({pct:.1f} %), refused {len(refused)}, failed {len(failed)}")
            totals.update(selected=len(selected), passed=passed)
            if seen:
                new = [r for r in selected if digest(root / r.name) not in seen]
                ok = sum(r.status == "pass" for r in new)
                pct = 100.0 * ok / len(new) if new else 0.0
                print(f"  new (not in --seen): selected {len(new)}, round-trips {ok} ({pct:.1f} %)")
            groups = collections.defaultdict(list)
            for r in failed:
                groups[r.key].append(r)
            for key, rs in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
                names = ", ".join(r.name for r in rs[:args.show]) + (" …" if len(rs) > args.show else "")
                print(f"  {len(rs):4}  {key}\n        {names}")
            for r in refused:
                print(f"  REFUSED {r.name}: {r.detail}")
            also = [r for r in selected if r.other is not None]
            if also:
                ok = sum(r.other_bad is None for r in also)
                print(f"  also through the other LLVM: {ok} of {len(also)} passing files that it reads too")
                if args.list:
                    for r in also:
                        if r.other_bad:
                            print(f"  OTHER {r.name} (llvm {r.other}): {r.other_bad[1]}")
            if args.list:
                for r in failed:
                    print(f"FAIL {r.name} (llvm {','.join(map(str, r.versions))}): {r.detail}")
    print(f"llvm-tests-roundtrip: {totals['passed']} of {totals['selected']} round-trip "
          f"in {time.monotonic() - start:.0f}s", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
