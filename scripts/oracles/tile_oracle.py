#!/usr/bin/env python3
"""nvir tile against NVIDIA's tileirdisasm and tileiras (PyPI nvidia-cuda-tileiras).

For every corpus file (corpus/tileir/bc, crates/tile/tests/corpus-extra/bc):
  * `nvir tile dis [-g]` prints exactly what `tileirdisasm [-g]` prints;
  * `nvir tile as` of that text writes bytecode `tileiras --gpu-name=sm_100` (sm_107 for f8E5M3FNU) compiles and
    `tileirdisasm` prints as the original text;
  * `nvir tile rewrite --target-version V` for every version it accepts writes bytecode
    `tileirdisasm` reads.

    python tile_oracle.py --nvir target/debug/nvir [--root DIR]
Prints one line per failure and closes with `tile-oracle: N passed, M failed`.
"""
import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from nvtools import cu13_dir  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
VERSIONS = ["13.1", "13.2", "13.3", "13.4", "13.5"]


def norm(text):
    return " ".join(text.split())


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nvir", required=True, type=Path, help="the nvir binary under test")
    ap.add_argument("--root", type=Path, default=REPO, help="directory holding corpus/ (default: the repository)")
    a = ap.parse_args()
    cu13 = cu13_dir()
    if cu13 is None or not (cu13 / "bin" / "tileiras").exists():
        print("tile-oracle: tileiras not installed (pip install nvidia-cuda-tileiras)")
        print("tile-oracle: 0 passed, 1 failed")
        return 1
    disasm, tileiras = str(cu13 / "bin" / "tileirdisasm"), str(cu13 / "bin" / "tileiras")
    files = sorted((a.root / "corpus" / "tileir" / "bc").glob("*.tileirbc"))
    files += sorted((REPO / "crates" / "tile" / "tests" / "corpus-extra" / "bc").glob("*.tileirbc"))
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {what}")

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for f in files:
            ref = run([disasm, str(f)])
            ours = run([str(a.nvir), "tile", "dis", str(f)])
            check(ref.returncode == 0 and ours.returncode == 0 and ref.stdout == ours.stdout, f"{f.name}: dis")
            ref_g = run([disasm, "-g", str(f)])
            ours_g = run([str(a.nvir), "tile", "dis", "-g", str(f)])
            check(ref_g.returncode == 0 and ref_g.stdout == ours_g.stdout, f"{f.name}: dis -g")
            version = f.stem.rsplit(".v", 1)[-1].replace("_", ".")
            asm = tmp / f"{f.stem}.as.tileirbc"
            r = subprocess.run([str(a.nvir), "tile", "as", "-", "--target-version", version, "-o", str(asm)],
                               input=ref.stdout, capture_output=True, text=True, timeout=120)
            if r.returncode != 0:
                check(False, f"{f.name}: as: {r.stderr.strip()}")
                continue
            c = run([tileiras, "--gpu-name=sm_100", str(asm), "-o", str(tmp / "out.cubin")])
            if c.returncode != 0 and "Incompatibility with architecture" in c.stderr:
                # f8E5M3FNU compiles only for sm_107.
                c = run([tileiras, "--gpu-name=sm_107", str(asm), "-o", str(tmp / "out.cubin")])
            check(c.returncode == 0, f"{f.name}: tileiras rejects as(dis(x)): {c.stderr.strip()[:300]}")
            again = run([disasm, str(asm)])
            check(again.returncode == 0 and norm(again.stdout) == norm(ref.stdout), f"{f.name}: dis(as(dis(x))) differs")
            for v in VERSIONS:
                out = tmp / f"{f.stem}.{v}.tileirbc"
                w = run([str(a.nvir), "tile", "rewrite", str(f), "--target-version", v, "-o", str(out)])
                if w.returncode != 0:
                    continue  # the version cannot hold the module; nvir said why
                d = run([disasm, str(out)])
                check(d.returncode == 0, f"{f.name} as {v}: tileirdisasm rejects it: {d.stderr.strip()[:300]}")
    print(f"tile-oracle: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
