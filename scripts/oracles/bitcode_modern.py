#!/usr/bin/env python3
"""`nvir as --dialect modern` against LLVM 22.1 (llvmlite 0.50) and LLVM 19 (llvm-dis-19).

    python bitcode_modern.py --nvir PATH [--root DIR] [-v]

For every opaque-pointer `.ll` in the corpus (llvm/ and verifier/) that LLVM 22 reads
(`llvmlite.binding.parse_assembly`), nvir's modern bitcode of it must read in LLVM 22
(`parse_bitcode`), verify, and print as LLVM 22 prints the text. Where `llvm-as-19` accepts the
text, `llvm-dis-19` of nvir's bitcode must equal `llvm-dis-19` of `llvm-as-19`'s (LLVM 19 reads
LLVM 22's records for what LLVM 19 has). A typed module is checked too: `nvir as --dialect modern`
upgrades it to opaque pointers, and LLVM 22 must print its bitcode as it prints the text (which
it upgrades the same way). Ends with `bitcode-modern: N passed, M failed`; exits 1 on a failure
or a missing oracle.
"""
import argparse
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent


# Files where LLVM 22 reads nvir's bitcode but prints it otherwise than the text, and why. A listed
# file that agrees fails the run, so that the list stays true.
KNOWN = {
    # Typed-pointer intrinsic names (`.p0i32`, `.p0i8`) are kept by the upgrade to opaque
    # pointers; LLVM 22's bitcode reader upgrades such names otherwise than its text reader
    # (attributes of `llvm.nvvm.atomic.*`, `llvm.lifetime.*`'s signature). Remangling them is
    # `convert`'s business.
    "llvm/clang14/atomics.O0.ll": "typed intrinsic names",
    "llvm/clang14/atomics.O2.ll": "typed intrinsic names",
    "llvm/nvvm7/atomics.O0.ll": "typed intrinsic names",
    "llvm/nvvm7/atomics.O2.ll": "typed intrinsic names",
    "verifier/valid/std_c_and_bit_intrinsics.ll": "typed intrinsic names",
    # LLVM 22's bitcode reader upgrades an amdgcn datalayout; its text reader does not.
    "verifier/triple/amdgcn.ll": "amdgcn datalayout upgraded by the bitcode reader only",
}


def strip_ids(text):
    """The module text without the lines that name its source."""
    return "\n".join(l for l in text.splitlines()
                     if not l.startswith("; ModuleID") and not l.startswith("source_filename"))


def first_difference(want, got):
    for i, (a, b) in enumerate(zip(want.splitlines(), got.splitlines())):
        if a != b:
            return f"line {i + 1}:\n    text:  {a}\n    nvir:  {b}"
    return f"lengths differ: {len(want.splitlines())} vs {len(got.splitlines())} lines"


def one(text_path, bc_path):
    """In a child (LLVM aborts on some inputs): LLVM 22's verdicts on a text and nvir's bitcode of it."""
    import llvmlite.binding as llvm
    out = {}
    try:
        # Each module in a context of its own: in a shared one, the second reading renames the
        # struct types the first one made.
        want = llvm.parse_assembly(pathlib.Path(text_path).read_text(errors="replace"), context=llvm.create_context())
        want.verify()
        out["text"] = strip_ids(str(want))
    except RuntimeError as e:
        out["text_error"] = str(e).strip()
        print(json.dumps(out))
        return 0
    if bc_path:
        try:
            got = llvm.parse_bitcode(pathlib.Path(bc_path).read_bytes(), context=llvm.create_context())
            got.verify()
            out["bitcode"] = strip_ids(str(got))
        except RuntimeError as e:
            out["bitcode_error"] = str(e).strip()
    print(json.dumps(out))
    return 0


def llvm22(text_path, bc_path):
    r = subprocess.run([sys.executable, __file__, "--one", str(text_path), str(bc_path or "")],
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        return {"crash": (r.stderr.strip().splitlines() or ["no output"])[-1]}
    return json.loads(r.stdout)


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--one":
        return one(sys.argv[2], sys.argv[3])
    ap = argparse.ArgumentParser()
    ap.add_argument("--nvir", required=True)
    ap.add_argument("--root", default=str(HERE.parents[1]), help="the repository (holds corpus/)")
    ap.add_argument("-v", action="store_true", help="name every file checked")
    args = ap.parse_args()
    try:
        import llvmlite.binding as llvm
    except ImportError:
        print("MISSING llvmlite (run scripts/oracles/setup.sh)")
        print("bitcode-modern: 0 passed, 0 failed")
        return 1
    if llvm.llvm_version_info[0] < 22:
        print(f"llvmlite has LLVM {llvm.llvm_version_info}, not 22")
        print("bitcode-modern: 0 passed, 0 failed")
        return 1
    have19 = shutil.which("llvm-as-19") and shutil.which("llvm-dis-19")
    corpus = pathlib.Path(args.root) / "corpus"
    files = sorted(p for d in ("llvm", "llvm-lang", "verifier") for p in (corpus / d).rglob("*.ll"))
    passed = failed = skipped = opaque = dis19 = refused = listed = 0
    with tempfile.TemporaryDirectory() as tmp:
        ours = pathlib.Path(tmp) / "ours.bc"
        theirs = pathlib.Path(tmp) / "theirs.bc"
        for f in files:
            rel = f.relative_to(corpus)
            text = f.read_text(errors="replace")
            r = subprocess.run([args.nvir, "--color", "never", "as", "--dialect", "modern", str(f), "-o", str(ours)],
                               capture_output=True, timeout=120)
            verdict = llvm22(f, ours if r.returncode == 0 else None)
            if "text" not in verdict:
                skipped += 1  # LLVM 22 does not read (or verify) the text, or aborts: nothing to compare.
                continue
            if r.returncode != 0 and b"error[ll-parse]" in r.stderr:
                refused += 1  # nvir refuses the text (an ill-typed typed-pointer module).
                continue
            if r.returncode != 0:
                print(f"FAIL {rel}: nvir as --dialect modern: {r.stderr.decode(errors='replace').strip()}")
                failed += 1
                continue
            if "bitcode" not in verdict:
                why = verdict.get("bitcode_error") or verdict.get("crash")
                print(f"FAIL {rel}: LLVM 22 does not read nvir's bitcode: {why}")
                failed += 1
                continue
            a, b = verdict["text"], verdict["bitcode"]
            known = KNOWN.get(str(rel))
            if known and a == b:
                print(f"FAIL {rel}: listed as differing ({known}) but agrees: remove it from KNOWN")
                failed += 1
                continue
            if known:
                listed += 1
                continue
            if a != b:
                print(f"FAIL {rel}: LLVM 22 prints nvir's bitcode differently, {first_difference(a, b)}")
                failed += 1
                continue
            is_opaque = " ptr" in text and "*" not in text.replace("/*", "").replace("*/", "")
            opaque += is_opaque
            if have19 and is_opaque:
                ok = subprocess.run(["llvm-as-19", "-disable-verify", str(f), "-o", str(theirs)],
                                    capture_output=True).returncode == 0
                if ok:
                    d = [subprocess.run(["llvm-dis-19", str(x), "-o", "-"], capture_output=True, text=True)
                         for x in (theirs, ours)]
                    if d[1].returncode != 0:
                        print(f"FAIL {rel}: llvm-dis-19 does not read nvir's bitcode: {d[1].stderr.strip()}")
                        failed += 1
                        continue
                    if strip_ids(d[0].stdout) != strip_ids(d[1].stdout):
                        print(f"FAIL {rel}: llvm-dis-19 differs, "
                              f"{first_difference(strip_ids(d[0].stdout), strip_ids(d[1].stdout))}")
                        failed += 1
                        continue
                    dis19 += 1
            if args.v:
                print(f"ok {rel}")
            passed += 1
    print(f"skipped: {skipped} files LLVM 22 does not read, {refused} nvir does not, {listed} listed; {opaque} of the passed are opaque-pointer modules, "
          f"{dis19} also checked with llvm-dis-19")
    print(f"bitcode-modern: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
