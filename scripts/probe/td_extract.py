#!/usr/bin/env python3
"""Extract the intrinsic list of an LLVM `Intrinsics.td` tree into a small JSON data file.

    python3 td_extract.py --tblgen llvm-tblgen-19 --include /usr/include/llvm-19 \\
        --llvm 19.1.7 --out data/intrinsics-llvm19.json

TableGen itself evaluates the tree (`llvm-tblgen --dump-json`: every multiclass, foreach and
!cond expanded), so the names and signatures are the ones LLVM builds. Kept: the
target-independent intrinsics and `llvm.nvvm.*`. Each entry:

    {"name": "llvm.nvvm.fmin.f", "ret": ["float"], "args": ["float", "float"], "immarg": [], "nvvm": true}

Type descriptors: a concrete IR type (`i32`, `float`, `<2 x half>`, `metadata`, `token`),
`...` (varargs), `p<AS>` / `p<AS>:<elt>` (a pointer, with the element type where the tree still
has typed pointers), `anyint` / `anyfloat` / `anyvector` / `any` / `anyptr[:<elt>]` (overloaded),
and `match<N>[:<kind>[:<elt>]]` (the type of overloaded slot N, or derived from it: `kind` is the
TableGen class, e.g. `LLVMScalarOrSameVectorWidth`).
"""
import argparse
import json
import subprocess
import tempfile

SCALARS = {"f16": "half", "bf16": "bfloat", "f32": "float", "f64": "double", "f80": "x86_fp80",
           "f128": "fp128", "ppcf128": "ppc_fp128", "token": "token", "MetadataVT": "metadata",
           "x86mmx": "x86_mmx", "x86amx": "x86_amx"}
ANY = {"iAny": "anyint", "fAny": "anyfloat", "vAny": "anyvector", "Any": "any"}


def vt_type(vt):
    """An IR type for a machine value type name (`i32`, `v2f16`), or None."""
    if vt in SCALARS:
        return SCALARS[vt]
    if vt.startswith("i") and vt[1:].isdigit():
        return vt
    if vt.startswith("v"):
        i = 1
        while i < len(vt) and vt[i].isdigit():
            i += 1
        elem = vt_type(vt[i:])
        if elem and vt[1:i]:
            return f"<{vt[1:i]} x {elem}>"
    return None


def type_desc(d, name):
    r = d[name]
    sup = r["!superclasses"]
    vt = r["VT"]["def"] if isinstance(r.get("VT"), dict) else None
    elt = r.get("ElTy")
    if isinstance(elt, dict) and isinstance(d.get(elt["def"], {}).get("VT"), dict):
        elt = type_desc(d, elt["def"])
    else:
        elt = vt_type(elt["def"]) if isinstance(elt, dict) else None
    if "LLVMMatchType" in sup:
        kinds = [s for s in sup if s.startswith("LLVM") and s not in ("LLVMType", "LLVMMatchType", "LLVMMatchTypeNextArg")]
        desc = f"match{r['Number']}"
        if kinds:
            desc += ":" + kinds[-1]
            el = r.get("ElTy")
            if isinstance(el, dict):
                desc += ":" + (vt_type(el["def"]) or el["def"])
        return desc
    if vt == "iPTRAny":
        return "anyptr" + (f":{elt}" if elt else "")
    if vt == "iPTR":
        space = r.get("AddrSpace")
        if space is None:
            sig = r.get("Sig") or []
            space = sig[1] if len(sig) == 2 else 0
        return f"p{space}" + (f":{elt}" if elt else "")
    if vt in ANY:
        return ANY[vt]
    if vt == "isVoid":
        return "..."
    return (vt_type(vt) if vt else None) or f"?{vt}"


def extract(dump):
    d = dump
    out = []
    for name in d["!instanceof"]["Intrinsic"]:
        r = d[name]
        prefix = r.get("TargetPrefix", "")
        if prefix not in ("", "nvvm"):
            continue
        ir_name = r.get("LLVMName") or "llvm." + name.removeprefix("int_").replace("_", ".")
        # ImmArg<ArgIndex<n>> holds n + 1 (index 0 is the return value).
        immarg = sorted(d[p["def"]]["ArgNo"] - 1 for p in r["IntrProperties"] if "ImmArg" in d[p["def"]]["!superclasses"])
        out.append({"name": ir_name,
                    "ret": [type_desc(d, t["def"]) for t in r["RetTypes"]],
                    "args": [type_desc(d, t["def"]) for t in r["ParamTypes"]],
                    "immarg": immarg,
                    "nvvm": prefix == "nvvm"})
    out.sort(key=lambda e: e["name"])
    return out


def other_targets_immarg(dump):
    """Other targets' intrinsics (ARM, AArch64, SystemZ, X86, AMDGPU, ...) whose arguments
    include an `immarg` one, and the names that extend one of those by `.suffix` (so that a
    longest-name lookup finds the right one): (name, overloaded, immarg indices)."""
    d = dump
    rows = []
    for name in d["!instanceof"]["Intrinsic"]:
        r = d[name]
        if r.get("TargetPrefix", "") in ("", "nvvm"):
            continue
        ir_name = r.get("LLVMName") or "llvm." + name.removeprefix("int_").replace("_", ".")
        immarg = sorted(d[p["def"]]["ArgNo"] - 1 for p in r["IntrProperties"] if "ImmArg" in d[p["def"]]["!superclasses"])
        types = [type_desc(d, t["def"]) for t in r["RetTypes"] + r["ParamTypes"]]
        overloaded = any(t.startswith("any") for t in types)
        rows.append((ir_name, overloaded, immarg))
    with_imm = [n for n, _, imm in rows if imm]
    keep = [row for row in rows if row[2] or any(row[0].startswith(n + ".") for n in with_imm)]
    return sorted(keep)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tblgen", default="llvm-tblgen")
    ap.add_argument("--include", required=True, help="the tree's include/ directory (holding llvm/IR/Intrinsics.td)")
    ap.add_argument("--llvm", required=True, help="the tree's LLVM version, recorded in the output")
    ap.add_argument("--out", required=True)
    ap.add_argument("--other-targets-immarg", action="store_true",
                    help="write instead a TSV of other targets' intrinsics with immarg arguments (name, overloaded, "
                         "indices), for the verifier's immarg rule on them")
    args = ap.parse_args()
    with tempfile.NamedTemporaryFile(suffix=".json") as tmp:
        subprocess.run([args.tblgen, "--dump-json", "-I", args.include, f"{args.include}/llvm/IR/Intrinsics.td",
                        "-o", tmp.name], check=True)
        dump = json.load(open(tmp.name))
    if args.other_targets_immarg:
        rows = other_targets_immarg(dump)
        with open(args.out, "w") as f:
            f.write(f"# Other targets' intrinsics with immarg arguments, from LLVM {args.llvm}'s Intrinsics*.td\n"
                    "# (scripts/probe/td_extract.py --other-targets-immarg; do not edit). name, overloaded, immarg indices.\n")
            for name, overloaded, immarg in rows:
                f.write(f"{name}\t{int(overloaded)}\t{','.join(map(str, immarg))}\n")
        print(f"{args.out}: {len(rows)} intrinsics")
        return
    entries = extract(dump)
    with open(args.out, "w") as f:
        f.write('{"llvm": %s, "intrinsics": [\n' % json.dumps(args.llvm))
        f.write(",\n".join(json.dumps(e, separators=(",", ":")) for e in entries))
        f.write("\n]}\n")
    print(f"{args.out}: {len(entries)} intrinsics")


if __name__ == "__main__":
    main()
