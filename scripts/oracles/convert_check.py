#!/usr/bin/env python3
"""`nvir convert` checked end to end against libNVVM and ptxas.

    python convert_check.py --nvir PATH [--arch compute_90] [--emit bc,ll] [--record OUT.jsonl] FILE_OR_DIR...

For every opaque-pointer module given (`.ll` or `.bc`; directories are searched):
1. the reference: `nvir convert --arch compute_100 --emit ll` (the module made libNVVM-ready for the
   modern path), compiled by libNVVM at compute_100; a module libNVVM does not compile there is
   left out (it is not in the set the conversion promises anything for), and so is one whose
   compute_100 PTX `ptxas -arch=sm_100` refuses (its own inline PTX is wrong, …), counted apart;
2. `nvir convert --arch ARCH --emit E` for each E, compiled by libNVVM at ARCH, its PTX
   assembled by `ptxas -c -arch=sm_NN` (relocatable: calls of libdevice functions stay external);
3. the kernels (`.entry` names) and their parameter lists in both PTX files must be equal.
A module `convert` refuses with an error counts as refused (the promise is a located error, not a
bad module); one it converts and libNVVM or ptxas then rejects, or whose kernels differ, is a
failure. Ends with `convert-check: N converted, R refused, F failed (of T)`; exits 1 on a failure
or a missing oracle.
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys
import tempfile

from nvtools import Worker, cu13_dir


REF_ARCH = "compute_100"


def modules(paths):
    for p in map(pathlib.Path, paths):
        if p.is_dir():
            yield from sorted(x for x in p.rglob("*") if x.suffix in (".ll", ".bc"))
        else:
            yield p


def is_opaque(nvir, path):
    """Whether nvir reads the module as an opaque-pointer one."""
    r = subprocess.run([nvir, "print", str(path), "--syntax", "modern"], capture_output=True)
    if r.returncode != 0:
        return False
    f = subprocess.run([nvir, "print", str(path)], capture_output=True)
    return f.returncode == 0 and f.stdout == r.stdout


def kernels(ptx):
    """{kernel name: parameter declarations} of a PTX text."""
    out = {}
    for m in re.finditer(r"\.entry\s+(\S+)\s*\(([^)]*)\)", ptx):
        params = []
        for p in m.group(2).split(","):
            p = re.sub(r"\s+", " ", p.strip())
            if p:
                # `.ptr .global .align 1` is a hint the modern path's PTX adds to pointer parameters.
                p = re.sub(r" \.ptr( \.(global|shared|const|local))?( \.align \d+)?", "", p)
                params.append(re.sub(r"_param_\d+", "", p))
        out[m.group(1)] = params
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nvir", required=True)
    ap.add_argument("--arch", default="compute_90")
    ap.add_argument("--emit", default="bc,ll")
    ap.add_argument("--record")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    cu = cu13_dir()
    if cu is None:
        print("MISSING libNVVM (run scripts/oracles/setup.sh)")
        return 1
    ptxas = cu / "bin" / "ptxas"
    sm = "sm_" + args.arch.split("_", 1)[1]
    tally = {"converted": 0, "refused": 0, "failed": 0, "skipped": 0, "broken": 0}
    records = []
    with Worker() as w, tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        for path in modules(args.paths):
            if not is_opaque(args.nvir, path):
                continue
            ref = subprocess.run([args.nvir, "convert", str(path), "--arch", REF_ARCH, "--emit", "ll"],
                                 capture_output=True)
            if ref.returncode != 0:
                tally["skipped"] += 1
                continue
            rc = w.nvvm([(path.name, ref.stdout)], [f"-arch={REF_ARCH}"])
            if not rc["ok"]:
                tally["skipped"] += 1
                continue
            ref_ptx = rc["output"].decode(errors="replace")
            (tmp / "ref.ptx").write_text(ref_ptx)
            ra = subprocess.run([str(ptxas), "-c", f"-arch=sm_{REF_ARCH.split('_', 1)[1]}", str(tmp / "ref.ptx"),
                                 "-o", str(tmp / "ref.cubin")], capture_output=True, text=True)
            if ra.returncode != 0:
                # The module itself is wrong (its own inline PTX, a `.weak` declaration, …):
                # ptxas refuses what libNVVM makes of it at compute_100 already.
                tally["broken"] += 1
                first = ra.stderr.strip().splitlines()[0] if ra.stderr.strip() else "failed"
                print(f"LEFT OUT {path}: ptxas refuses its compute_100 PTX: {first[:200]}")
                continue
            want = kernels(ref_ptx)
            for emit in args.emit.split(","):
                rec = {"file": str(path), "emit": emit, "arch": args.arch}
                out = tmp / f"out.{emit}"
                conv = subprocess.run([args.nvir, "convert", str(path), "--arch", args.arch, "--emit", emit, "-o", str(out)],
                                      capture_output=True, text=True)
                if conv.returncode != 0:
                    rec["result"] = "refused"
                    errors = [l for l in conv.stderr.splitlines() if l.startswith("error")]
                    rec["why"] = errors[0] if errors else conv.stderr.strip()[:300]
                    tally["refused"] += 1
                    records.append(rec)
                    print(f"REFUSED {path} ({emit}): {rec['why']}")
                    continue
                c = w.nvvm([(path.name, out.read_bytes())], [f"-arch={args.arch}"])
                why = None
                if not c["ok"]:
                    why = "libNVVM: " + " | ".join(c.get("log", "").strip().splitlines()[:2])
                else:
                    ptx = c["output"].decode(errors="replace")
                    (tmp / "k.ptx").write_text(ptx)
                    a = subprocess.run([str(ptxas), "-c", f"-arch={sm}", str(tmp / "k.ptx"), "-o", str(tmp / "k.cubin")],
                                       capture_output=True, text=True)
                    got = kernels(ptx)
                    if a.returncode != 0:
                        why = "ptxas: " + a.stderr.strip()[:300]
                    elif got != want:
                        why = f"kernels differ: {got} != {want}"
                rec["result"] = "failed" if why else "ok"
                if why:
                    rec["why"] = why
                    tally["failed"] += 1
                    print(f"FAILED {path} ({emit}): {why}")
                else:
                    tally["converted"] += 1
                records.append(rec)
    if args.record:
        pathlib.Path(args.record).write_text("".join(json.dumps(r) + "\n" for r in records))
    total = tally["converted"] + tally["refused"] + tally["failed"]
    print(f"convert-check: {tally['converted']} converted, {tally['refused']} refused, {tally['failed']} failed "
          f"(of {total}; {tally['skipped']} modules libNVVM does not compile at compute_100 left out, "
          f"{tally['broken']} whose compute_100 PTX ptxas refuses)")
    return 1 if tally["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
