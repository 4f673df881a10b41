#!/usr/bin/env python3
"""Round trip of `nvir print` through LLVM's own assembler and disassembler.

    python llvm_roundtrip.py --nvir target/debug/nvir [--root DIR] [--jobs N]

Run it with the interpreter that setup.sh prints (the venv holding the NVIDIA wheels: libdevice
comes from there). Inputs: every .ll under <root>/corpus, plus libdevice.10.bc disassembled by
llvm-dis-14 (typed pointers) and by llvm-dis-19 (opaque pointers).

Dialect of each input: typed when it has no opaque `ptr` and llvm-as-14 assembles it. Otherwise
llvm-as-19 must assemble it, or the file is skipped (listed, not failed): with a `ptr` it is
opaque; without one it is a typed file only LLVM 19 takes (LLVM 19 reads `T*` as `ptr`, so it
takes LLVM 7-only syntax and the type errors of typed pointers), checked through LLVM 19 when nvir
reads it and skipped when nvir rejects it, as LLVM 14 does.

The checks, with `-disable-verify` on every llvm-as:

  faithful  `nvir print --syntax faithful IN`, assembled by the matching llvm-as (14 or 19) and
            disassembled by the matching llvm-dis, equals the original assembled the same way;
  modern    (typed inputs) `nvir print --syntax modern IN` has no typed pointer left, and
            llvm-as-19 + llvm-dis-19 of it equals llvm-dis-19 of the original's LLVM 14 bitcode
            (LLVM 19 reads LLVM 14 bitcode and upgrades it) or, where those two LLVMs disagree,
            llvm-dis-19 of llvm-as-19 of the original (listed as NOTE lines).

`; ModuleID` and `source_filename` lines are left out of the comparison, and so is the file name
a ThinLTO summary's module entry holds. nvir rejecting a file that
llvm-as accepts is a failure. Prints one line per skipped file and per failed check, then the
skipped count, and ends with `llvm-roundtrip: N passed, M failed` (N and M count checks);
exits 1 when a check failed or an oracle (llvm-as-14, llvm-dis-14, llvm-as-19, llvm-dis-19,
libdevice) is missing.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from nvtools import cu13_dir

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
TIMEOUT = 300
TOOLS = ("llvm-as-14", "llvm-dis-14", "llvm-as-19", "llvm-dis-19")

# String literals and comments, which may hold anything; what is left is IR syntax.
STRINGS_AND_COMMENTS = re.compile(r'"[^"]*"|;[^\n]*')
# The opaque pointer type: the keyword `ptr`, not part of a name (`%ptr`, `@llvm.ptrmask`,
# `ptrtoint`) nor a label (`ptr:`).
OPAQUE_PTR = re.compile(r"(?<![\w$.%@!#-])ptr(?![\w$.:-])")
# Left out of the comparison: they name the files, which differ.
IGNORED = ("; ModuleID", "source_filename")
ONLY_19 = "typed, llvm-as-14 rejects it"


def run(cmd, timeout=TIMEOUT):
    try:
        return subprocess.run([str(c) for c in cmd], capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(cmd, 124, b"", f"timed out after {timeout}s".encode())


def tail(proc, lines=3):
    text = (proc.stderr or proc.stdout).decode("utf-8", "replace").strip().splitlines()
    return f"exit {proc.returncode}: " + " | ".join(text[:lines])[:600]


def syntax_only(text):
    return STRINGS_AND_COMMENTS.sub(" ", text)


def first_match_line(pattern, text):
    """1-based line of the first match of `pattern` in `text` outside strings and comments."""
    for i, line in enumerate(text.splitlines(), 1):
        if pattern.search(syntax_only(line)):
            return i
    return None


# A ThinLTO summary's module entry names the bitcode file llvm-as wrote, which differs per run.
SUMMARY_PATH = re.compile(r'^(\^\d+ = module: \(path: )"[^"]*"')


def compared_lines(text):
    return [SUMMARY_PATH.sub(r'\1"…"', line) for line in text.splitlines() if not line.startswith(IGNORED)]


def describe_diff(want, got, context=3, limit=14):
    """The first differing stretch of two line lists, as a few `-`/`+` lines."""
    n = min(len(want), len(got))
    start = next((i for i in range(n) if want[i] != got[i]), n)
    end_w, end_g = len(want), len(got)
    while end_w > start and end_g > start and want[end_w - 1] == got[end_g - 1]:
        end_w, end_g = end_w - 1, end_g - 1
    out = [f"first difference at line {start + 1} of llvm-dis output "
           f"({end_w - start} line(s) of the original vs {end_g - start} of nvir's differ)"]
    out += [f"    {line}" for line in want[max(0, start - context):start]]
    out += [f"  - {line}" for line in want[start:min(end_w, start + limit // 2)]]
    out += [f"  + {line}" for line in got[start:min(end_g, start + limit // 2)]]
    return "\n".join(out)


class Result:
    def __init__(self, name):
        self.name = name
        self.dialect = None
        self.skipped = None  # reason
        self.checks = []  # (check name, error or None)
        self.notes = []


def assemble(version, src, out):
    return run([f"llvm-as-{version}", "-disable-verify", src, "-o", out])


def disassemble(version, bc, out):
    proc = run([f"llvm-dis-{version}", bc, "-o", out])
    return proc, (out.read_text(errors="replace") if proc.returncode == 0 else None)


def compare_through(version, nvir_out, want_dis, work, stem):
    """None when nvir's text, assembled and disassembled by LLVM `version`, gives `want_dis`."""
    bc, dis = work / f"{stem}.bc", work / f"{stem}.dis.ll"
    proc = assemble(version, nvir_out, bc)
    if proc.returncode != 0:
        return f"llvm-as-{version} rejects nvir's output: {tail(proc)}"
    proc, got = disassemble(version, bc, dis)
    if got is None:
        return f"llvm-dis-{version} fails on nvir's output: {tail(proc)}"
    want, got = compared_lines(want_dis), compared_lines(got)
    return None if want == got else f"llvm-dis-{version} differs:\n{describe_diff(want, got)}"


def nvir_print(nvir, src, syntax, out):
    proc = run([nvir, "print", src, "--syntax", syntax, "--color", "never", "-o", out])
    if proc.returncode != 0 or not out.is_file():
        return f"nvir print --syntax {syntax} rejects it: {tail(proc, 6)}"
    return None


def check_file(nvir, src, name, work):
    res = Result(name)
    work.mkdir(parents=True)
    text = src.read_text(errors="replace")

    # The dialect. With an opaque `ptr` it is opaque, LLVM 19's; else typed, LLVM 14's, when
    # llvm-as-14 takes it. Else LLVM 19 stands in: it reads `T*` as `ptr` and takes LLVM 7-only
    # syntax (bare `byval`) and what typed pointers make an error (a store of an i64 through an
    # `i32*`); such a file is checked through LLVM 19 when nvir reads it and skipped when nvir,
    # like LLVM 14, rejects it.
    syntax = syntax_only(text)
    a14, a19 = work / "orig14.bc", work / "orig19.bc"
    as14 = None if OPAQUE_PTR.search(syntax) else assemble(14, src, a14)
    if as14 and as14.returncode == 0:
        res.dialect, version, orig_bc = "typed", 14, a14
    else:
        as19 = assemble(19, src, a19)
        if as19.returncode != 0:
            who = "llvm-as-14 and llvm-as-19 reject" if as14 else "llvm-as-19 rejects"
            res.skipped = f"{who} it: {tail(as19, 1)}"
            return res
        res.dialect, version, orig_bc = (ONLY_19 if as14 else "opaque"), 19, a19

    # Faithful: the same LLVM on both sides.
    check = f"faithful (llvm-as-{version})"
    ours = work / "faithful.ll"
    err = nvir_print(nvir, src, "faithful", ours)
    if err and res.dialect == ONLY_19:
        res.skipped = f"llvm-as-14 rejects it ({tail(as14, 1)}), and so does nvir ({err})"
        return res
    proc, want = disassemble(version, orig_bc, work / "orig.dis.ll")
    if want is None:
        res.skipped = f"llvm-dis-{version} fails on the original's bitcode: {tail(proc, 1)}"
        return res
    res.checks.append((check, err or compare_through(version, ours, want, work, "faithful")))

    # Modern: typed in, opaque out; LLVM 19's upgrade of the LLVM 14 bitcode is the reference.
    if res.dialect == "typed":
        check = "modern (llvm-as-19 vs llvm-dis-19 of the llvm-as-14 bitcode)"
        proc, want = disassemble(19, orig_bc, work / "orig14.dis19.ll")
        if want is None:
            res.checks.append((check, f"llvm-dis-19 fails on the original's LLVM 14 bitcode: {tail(proc, 1)}"))
            return res
        ours = work / "modern.ll"
        err = nvir_print(nvir, src, "modern", ours)
        if err is None:
            line = first_match_line(re.compile(r"\*"), ours.read_text(errors="replace"))
            if line is not None:
                err = f"nvir's modern output still has a typed pointer (line {line})"
        if err is None:
            err = compare_through(19, ours, want, work, "modern")
            if err is not None and matches_llvm19_reading(src, ours, work):
                res.notes.append("modern output matches LLVM 19's own reading of the typed text, "
                                 "not its upgrade of the LLVM 14 bitcode")
                err = None
        res.checks.append((check, err))
    return res


def matches_llvm19_reading(src, ours, work):
    """Whether nvir's modern text gives what llvm-as-19 makes of the typed original itself.

    The upgraded LLVM 14 bitcode is not always the better reference: LLVM 14's bitcode drops an
    alloca's address space that the datalayout does not name, and intrinsics upgraded by LLVM 14
    and again by LLVM 19 move to the end of the module in another order than LLVM 19 alone gives.
    LLVM 19 reads `T*` as `ptr` in text, so its own reading of the original is a second reference
    (the modern output is checked for typed pointers separately).
    """
    bc = work / "orig.as19.bc"
    if assemble(19, src, bc).returncode != 0:
        return False
    _, want = disassemble(19, bc, work / "orig.as19.dis.ll")
    return want is not None and compare_through(19, ours, want, work, "modern.vs19") is None


def libdevice_inputs(out):
    """libdevice.10.bc from the wheels, as typed (llvm-dis-14) and opaque (llvm-dis-19) text."""
    cu13 = cu13_dir()
    bc = cu13 / "nvvm" / "libdevice" / "libdevice.10.bc" if cu13 else None
    if not (bc and bc.is_file()):
        return None, "libdevice.10.bc not found in the nvidia-nvvm wheel (run setup.sh, use its python)"
    out.mkdir()
    inputs = []
    for version, dialect in ((14, "typed"), (19, "opaque")):
        ll = out / f"libdevice.10.{dialect}.ll"
        proc = run([f"llvm-dis-{version}", bc, "-o", ll])
        if proc.returncode != 0:
            return None, f"llvm-dis-{version} {bc}: {tail(proc)}"
        inputs.append((ll, f"libdevice.10.bc via llvm-dis-{version}"))
    return inputs, None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nvir", required=True, type=Path, help="the nvir binary under test")
    ap.add_argument("--root", type=Path, default=REPO, help="directory holding corpus/ (default: the repository)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="checks run in parallel")
    args = ap.parse_args()
    nvir = args.nvir.resolve()
    if not nvir.is_file():
        sys.exit(f"llvm-roundtrip: no nvir binary at {nvir}")

    start = time.monotonic()
    missing = [t for t in TOOLS if not shutil.which(t)]
    for tool in missing:
        print(f"MISSING {tool}: not on PATH (Debian: apt-get install llvm-{tool[-2:]})", flush=True)
    if missing:
        print("llvm-roundtrip: 0 passed, 0 failed")
        return 1

    corpus = args.root / "corpus"
    files = sorted(corpus.rglob("*.ll")) if corpus.is_dir() else []
    if not files:
        print(f"MISSING corpus: no .ll files under {corpus}", flush=True)
        missing.append("corpus")
    inputs = [(f, str(f.relative_to(corpus))) for f in files]

    results = []
    with tempfile.TemporaryDirectory(prefix="llvm-roundtrip-") as tmp:
        tmp = Path(tmp)
        libdevice, why = libdevice_inputs(tmp / "libdevice")
        if libdevice is None:
            print(f"MISSING libdevice: {why}", flush=True)
            missing.append("libdevice")
        else:
            inputs += libdevice
        # Biggest first, so that the long checks do not trail at the end.
        inputs.sort(key=lambda item: -item[0].stat().st_size)
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = [pool.submit(check_file, nvir, src, name, tmp / "work" / str(i))
                       for i, (src, name) in enumerate(inputs)]
            results = [f.result() for f in futures]

    results.sort(key=lambda r: r.name)
    passed = failed = 0
    skipped = [r for r in results if r.skipped]
    for r in skipped:
        print(f"SKIP {r.name}: {r.skipped}")
    for r in results:
        for note in r.notes:
            print(f"NOTE {r.name}: {note}")
        for check, err in r.checks:
            if err is None:
                passed += 1
            else:
                failed += 1
                print(f"FAIL {r.name} [{r.dialect}] {check}: {err}", flush=True)
    typed = sum(r.dialect == "typed" and not r.skipped for r in results)
    opaque = sum(r.dialect == "opaque" and not r.skipped for r in results)
    only19 = sum(r.dialect == ONLY_19 and not r.skipped for r in results)
    print(f"checked {len(results)} files ({typed} typed, {opaque} opaque, {only19} only through LLVM 19, "
          f"{len(skipped)} skipped) with {args.jobs} jobs "
          f"in {time.monotonic() - start:.1f}s", file=sys.stderr)
    print(f"skipped: {len(skipped)} files (llvm-as rejects them)")
    print(f"llvm-roundtrip: {passed} passed, {failed} failed")
    return 1 if failed or missing else 0


if __name__ == "__main__":
    sys.exit(main())
