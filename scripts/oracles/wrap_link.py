#!/usr/bin/env python3
"""Modules wrapped by `nvir container wrap` link with nvJitLink beside nvcc's LTO-IR.

    python wrap_link.py --nvir PATH [--pairs sm_90:R01.ltoir,sm_100:R03.ltoir] MODULE...

For each module (`.ll` or `.bc`, either pointer dialect) and each (arch, nvcc container) pair:
`nvir container wrap MODULE --arch ARCH` (converted for the arch, kernels listed in @llvm.used),
then nvJitLink `-lto` links it with the nvcc-made container into a cubin, whose ELF symbol table
(`cuobjdump -elf`) must hold every kernel of both inputs. Ends with `wrap-link: N linked,
F failed`; exits 1 on a failure or a missing oracle.
"""
import argparse
import pathlib
import re
import subprocess
import sys
import tempfile

from nvtools import Worker, cu13_dir

HERE = pathlib.Path(__file__).resolve().parent
CORPUS = HERE.parents[1] / "corpus" / "containers"
DEFAULT_PAIRS = f"sm_90:{CORPUS / 'R01_nvcc_saxpy_sm90.ltoir'},sm_100:{CORPUS / 'R03_nvcc_saxpy_sm100.ltoir'}"


def entries(cuobjdump, cubin):
    """The kernel (ENTRY) symbols of a cubin."""
    out = subprocess.run([str(cuobjdump), "-elf", str(cubin)], capture_output=True, text=True).stdout
    return {line.split()[-1] for line in out.splitlines() if re.search(r"\bFUNC\b.*\bENTRY\b", line)}


def kernels_of(nvir, module):
    """The kernels a module defines, by the names `nvir print` gives them."""
    text = subprocess.run([nvir, "print", str(module)], capture_output=True, text=True).stdout
    names = set(re.findall(r"^define[^@]*ptx_kernel[^@]*@([\w.$]+)\(", text, re.M))
    names |= set(re.findall(r"^!\d+ = !\{ptr @([\w.$]+), !\"kernel\"", text, re.M))
    names |= set(re.findall(r"^!\d+ = !\{[^@]*\* @([\w.$]+), !\"kernel\"", text, re.M))
    return names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nvir", required=True)
    ap.add_argument("--pairs", default=DEFAULT_PAIRS)
    ap.add_argument("modules", nargs="+")
    args = ap.parse_args()
    cu = cu13_dir()
    if cu is None:
        print("MISSING nvJitLink (run scripts/oracles/setup.sh)")
        return 1
    cuobjdump = cu / "bin" / "cuobjdump"
    linked = failed = 0
    with Worker() as w, tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        for pair in args.pairs.split(","):
            arch, nvcc = pair.split(":", 1)
            nvcc = pathlib.Path(nvcc)
            # The nvcc container's own kernels, linked alone.
            alone = w.link([(nvcc.name, nvcc.read_bytes(), "LTOIR")], [f"-arch={arch}", "-lto"])
            if not alone["ok"]:
                print(f"FAILED {nvcc} alone at {arch}: {alone.get('error_log', '')[:300]}")
                failed += 1
                continue
            (tmp / "alone.cubin").write_bytes(alone["cubin"])
            theirs = entries(cuobjdump, tmp / "alone.cubin")
            for module in map(pathlib.Path, args.modules):
                out = tmp / "w.ltoir"
                wrap = subprocess.run([args.nvir, "container", "wrap", str(module), "--arch", arch, "-o", str(out)],
                                      capture_output=True, text=True)
                if wrap.returncode != 0:
                    print(f"FAILED wrap {module} --arch {arch}: {wrap.stderr.strip()[-300:]}")
                    failed += 1
                    continue
                r = w.link([(module.name, out.read_bytes(), "LTOIR"), (nvcc.name, nvcc.read_bytes(), "LTOIR")],
                           [f"-arch={arch}", "-lto"])
                if not r["ok"]:
                    print(f"FAILED link {module} + {nvcc.name} at {arch}: {r.get('error_log', '')[:300]}")
                    failed += 1
                    continue
                (tmp / "both.cubin").write_bytes(r["cubin"])
                got = entries(cuobjdump, tmp / "both.cubin")
                want = kernels_of(args.nvir, module) | theirs
                if not want <= got:
                    print(f"FAILED {module} + {nvcc.name} at {arch}: kernels {sorted(want - got)} missing from the cubin")
                    failed += 1
                    continue
                linked += 1
    print(f"wrap-link: {linked} linked, {failed} failed")
    return 1 if failed or not linked else 0


if __name__ == "__main__":
    sys.exit(main())
