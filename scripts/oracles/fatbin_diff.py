#!/usr/bin/env python3
"""Differential test of `nvir fatbin` against cuobjdump, on inputs nvcc makes fresh.

    python fatbin_diff.py --nvir target/debug/nvir [--keep DIR] [--quick]

Run it with the interpreter that setup.sh prints (the venv holding the NVIDIA wheels).
In a temporary directory nvcc compiles a few kernels into host objects (`-dc -dlto`,
whole-program `-c`), fatbins (`-fatbin`) for one and several targets (sm_90, sm_90a, sm_100f,
sm_120, PTX and SASS), with every compression mode and with `--concat`; `nvcc -lib` and `ar`
make archives, `ld -r` joins two objects, gcc makes an object without device code. For each:

* `nvir fatbin list --format json` must list the entries `cuobjdump -all` lists, in order: kind,
  arch (with its a/f suffix), code version, identifier, debug flag, archive member;
* `nvir fatbin extract --dir D` must write the files `cuobjdump -all -xelf all` and
  `-xptx all` write, with the same names and the same bytes;
* an LTO-IR entry stored uncompressed (`--no-compress`) must extract to exactly what
  `nvcc -ltoir` writes for the same source and target, and be reported "encoded" (nvcc's
  LTO-IR is always encoded); compressed LTO-IR must be reported "encoded-keyed";
* the gcc object lists no entries and exits 0.

Prints one line per failed check and ends with `fatbin-diff: N passed, M failed`; exits 1 when
a check failed or an oracle (nvcc, cuobjdump, gcc, ar, ld) is missing.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from nvtools import Report, cu13_dir

TIMEOUT = 300

KERNELS = {
    "saxpy.cu": """
__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
""",
    "square.cu": """
__device__ float sq(float v) { return v * v; }
__global__ void square(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = sq(y[i]);
}
""",
    "two.cu": """
__global__ void addk(int *y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] += i * 3 + 7; }
__global__ void mulk(double *y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] *= 1.5; }
""",
}

G90 = ["-gencode", "arch=compute_90,code=[sm_90,compute_90]"]
G100 = ["-gencode", "arch=compute_100,code=[sm_100,compute_100]"]
G120 = ["-gencode", "arch=compute_120,code=[sm_120,compute_120]"]
PTX3 = ["-gencode", "arch=compute_90,code=compute_90", "-gencode", "arch=compute_100,code=compute_100",
        "-gencode", "arch=compute_120,code=compute_120"]


def nvcc_jobs(quick):
    """(output name, nvcc arguments, ltoir twins) — twins: (source, arches) for `nvcc -ltoir`."""
    jobs = [
        ("dlto_sm90.o", ["-dc", "-dlto", "-arch=sm_90", "saxpy.cu"], None),
        ("dlto_sm90_nocomp.o", ["-dc", "-dlto", "-arch=sm_90", "--no-compress", "two.cu"], ("two.cu", ("sm_90",))),
        # -arch=sm_100a -dlto stores LTO-IR (and PTX) for sm_100 and for sm_100a.
        ("dlto_sm100a_cmnone.o", ["-dc", "-dlto", "-arch=sm_100a", "--compress-mode=none", "saxpy.cu"],
         ("saxpy.cu", ("sm_100", "sm_100a"))),
        ("dlto_sm90_speed.o", ["-dc", "-dlto", "-arch=sm_90", "--compress-mode=speed", "two.cu"], None),
        ("whole_g90.o", ["-c", *G90, "saxpy.cu"], None),
        ("multi.fatbin", ["-fatbin", *G90, *G100, *G120, "two.cu"], None),
        ("sm90a.fatbin", ["-fatbin", "-arch=sm_90a", "saxpy.cu"], None),
        ("sm100f.fatbin", ["-fatbin", "-arch=sm_100f", "saxpy.cu"], None),
        ("sm120.fatbin", ["-fatbin", "-arch=sm_120", "square.cu"], None),
        ("debug.fatbin", ["-fatbin", "-G", "-arch=sm_90", "saxpy.cu"], None),
        ("concat_ptx.fatbin", ["-fatbin", *PTX3, "--concat", "two.cu"], None),
        ("concat_mix.fatbin", ["-fatbin", *G90, *G120, "--concat", "two.cu"], None),
        ("concat_dc.o", ["-dc", *PTX3, "--concat", "two.cu"], None),
        ("concat_lto.o", ["-dc", "-gencode", "arch=compute_90,code=lto_90", "-gencode",
                          "arch=compute_100,code=lto_100", "--concat", "two.cu"], None),
        ("dc_a.o", ["-dc", "-arch=sm_90", "saxpy.cu"], None),
        ("dc_b.o", ["-dc", "-arch=sm_90", "square.cu"], None),
    ]
    modes = ("default", "size", "speed", "balance", "none")
    for mode in modes[:2] if quick else modes:
        jobs.append((f"mode_{mode}.fatbin", ["-fatbin", *G90, *G100, f"--compress-mode={mode}", "two.cu"], None))
    jobs.append(("nocompress.fatbin", ["-fatbin", *G90, "--no-compress", "two.cu"], None))
    if not quick:
        jobs.append(("concat_size.fatbin", ["-fatbin", *G90, *G120, "--concat", "--compress-mode=size", "two.cu"],
                     None))
        jobs.append(("concat_debug.fatbin", ["-fatbin", "-G", *PTX3[:4], "--concat", "saxpy.cu"], None))
    return jobs


def run(cmd, cwd=None, env=None, timeout=TIMEOUT):
    try:
        return subprocess.run([str(c) for c in cmd], capture_output=True, cwd=cwd, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(cmd, 124, b"", b"timed out")


def tail(proc):
    text = (proc.stderr or proc.stdout).decode("utf-8", "replace").strip()
    return f"exit {proc.returncode}: {text[-400:]}"


# ---------------------------------------------------------------------------------------------
# cuobjdump's answers.

KIND = {"elf": "cubin", "ptx": "ptx", "nvvm": "ltoir"}


def cuobjdump_listing(text):
    """Entries of `cuobjdump -all FILE` in order: dicts with kind, arch, code_version, member,
    identifier, debug, compressed. A concatenated entry contributes its parts."""
    entries, member, cur = [], None, None
    for raw in text.splitlines():
        line = raw.strip()
        m = re.match(r"member (.*):$", line)
        if m:
            # "member PATH:NAME:" — the name follows the archive's path.
            member = m.group(1).rsplit(":", 1)[-1]
            continue
        m = re.match(r"Fatbin (\w+) code:$", line)
        if m:
            cur = {"kind": KIND.get(m.group(1), m.group(1)), "member": member, "identifier": None,
                   "debug": False, "compressed": False}
            entries.append(cur)
            continue
        if line.startswith("Fatbin concatenated entry code"):
            cur = None
            continue
        if cur is None:
            continue
        if line.startswith("arch = "):
            cur["arch"] = line[len("arch = "):]
        elif line.startswith("code version = "):
            cur["code_version"] = json.loads(line[len("code version = "):])
        elif line.startswith("identifier = "):
            cur["identifier"] = line[len("identifier = "):]
        elif line == "has debug info":
            cur["debug"] = True
        elif line == "compressed":
            cur["compressed"] = True
    return entries


def compare_listing(report, name, ours, theirs):
    if not report.check(f"{name} entry count", len(ours) == len(theirs),
                        f"nvir {len(ours)}, cuobjdump {len(theirs)}"):
        return
    for i, (o, t) in enumerate(zip(ours, theirs)):
        got = {"kind": o["kind"], "arch": o["arch"], "code_version": o["code_version"], "member": o["member"],
               "identifier": o["identifier"], "debug": o["debug"]}
        want = {k: t.get(k) for k in got}
        report.check(f"{name} entry {i + 1}", got == want, f"nvir {got}, cuobjdump {want}")
        # cuobjdump says "compressed" for PTX and LTO-IR but not for every compressed cubin; a
        # concat part is compressed with its container, which is where cuobjdump says it.
        if t["kind"] in ("ptx", "ltoir") and not o["concat"]:
            report.check(f"{name} entry {i + 1} compressed", (o["compression"] != "none") == t["compressed"],
                         f"nvir {o['compression']}, cuobjdump compressed={t['compressed']}")


def files_in(d):
    return {p.name: p.read_bytes() for p in Path(d).iterdir() if p.is_file()}


# ---------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--nvir", required=True, type=Path)
    ap.add_argument("--keep", type=Path, help="make the inputs here and keep them")
    ap.add_argument("--root", type=Path, help="accepted for symmetry with the other oracle scripts (inputs are made fresh)")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    report = Report()
    nvir = args.nvir.resolve()

    cu13 = cu13_dir()
    bindir = cu13 / "bin" if cu13 else None
    tools = {t: (bindir / t if bindir and (bindir / t).exists() else None) for t in ("nvcc", "cuobjdump")}
    tools.update({t: shutil.which(t) for t in ("gcc", "ar", "ld")})
    for tool, path in tools.items():
        if not path:
            report.missing.append(tool)
            print(f"MISSING {tool}", flush=True)
    if report.missing:
        print(f"fatbin-diff: {report.passed} passed, {report.failed} failed")
        return 1
    env = dict(os.environ)
    env["PATH"] = f"{bindir}{os.pathsep}{env.get('PATH', '')}"
    version = run([tools["nvcc"], "--version"], env=env).stdout.decode().strip().splitlines()[-1]
    print(f"nvcc: {version}", flush=True)

    tmp = None
    if args.keep:
        work = args.keep.resolve()
        work.mkdir(parents=True, exist_ok=True)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="fatbin_diff_")
        work = Path(tmp.name)
    for name, text in KERNELS.items():
        (work / name).write_text(text)

    def nvcc(job):
        name, argv, _ = job
        return name, run([tools["nvcc"], *argv, "-o", name], cwd=work, env=env)

    jobs = nvcc_jobs(args.quick)
    made = []
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        for name, proc in pool.map(nvcc, jobs):
            if report.check(f"nvcc {name}", proc.returncode == 0 and (work / name).exists(), tail(proc)):
                made.append(name)
        twins = {(src, arch) for _, _, twin in jobs if twin for src in (twin[0],) for arch in twin[1]}
        twin_procs = pool.map(lambda t: (t, run([tools["nvcc"], "-ltoir", "-dlto", f"-arch={t[1]}", t[0], "-o",
                                                 f"twin_{t[1]}_{t[0]}.ltoir"], cwd=work, env=env)), twins)
        for (src, arch), proc in twin_procs:
            report.check(f"nvcc -ltoir {src} {arch}", proc.returncode == 0, tail(proc))

    # Archives, ld -r, a gcc object.
    if {"dc_a.o", "dc_b.o"} <= set(made):
        for name, cmd in (("ar_ab.a", [tools["ar"], "rcs", "ar_ab.a", "dc_a.o", "dc_b.o"]),
                          ("ldr_ab.o", [tools["ld"], "-r", "dc_a.o", "dc_b.o", "-o", "ldr_ab.o"])):
            if report.check(name, run(cmd, cwd=work).returncode == 0):
                made.append(name)
    proc = run([tools["nvcc"], "-lib", "-arch=sm_90", "saxpy.cu", "square.cu", "-o", "nvcclib.a"], cwd=work, env=env)
    if report.check("nvcc -lib", proc.returncode == 0, tail(proc)):
        made.append("nvcclib.a")
    proc = run([tools["nvcc"], "-lib", "-dlto", "-arch=sm_90", "saxpy.cu", "square.cu", "-o", "nvcclib_lto.a"],
               cwd=work, env=env)
    if report.check("nvcc -lib -dlto", proc.returncode == 0, tail(proc)):
        made.append("nvcclib_lto.a")
    (work / "host.c").write_text("int host_only(int x) { return x + 1; }\n")
    if report.check("gcc", run([tools["gcc"], "-c", "host.c", "-o", "host.o"], cwd=work).returncode == 0):
        proc = run([nvir, "fatbin", "list", "--format", "json", work / "host.o"])
        out = json.loads(proc.stdout or b"{}") if proc.returncode == 0 else {}
        report.check("gcc object holds no fatbin", proc.returncode == 0 and out.get("entries") == [], tail(proc))

    twin_of = {name: twin for name, _, twin in jobs if twin}
    for name in made:
        path = work / name
        proc = run([tools["cuobjdump"], "-all", path], env=env)
        theirs = cuobjdump_listing(proc.stdout.decode("utf-8", "replace"))
        mine = run([nvir, "fatbin", "list", "--format", "json", path])
        if not report.check(f"{name} nvir list", mine.returncode == 0, tail(mine)):
            continue
        ours = json.loads(mine.stdout)["entries"]
        compare_listing(report, name, ours, theirs)
        for i, e in enumerate(ours):
            if e["kind"] == "ltoir":
                want = "encoded" if e["compression"] == "none" else "encoded-keyed"
                report.check(f"{name} entry {i + 1} ltoir form", e["ltoir"] == want, f"nvir {e['ltoir']}, want {want}")

        # Extraction: cuobjdump's files and ours, same names and bytes.
        cdir, ndir = work / f"x_cuobjdump_{name}", work / f"x_nvir_{name}"
        for d in (cdir, ndir):
            shutil.rmtree(d, ignore_errors=True)
            d.mkdir()
        for opt in ("-xelf", "-xptx"):
            run([tools["cuobjdump"], "-all", opt, "all", path], cwd=cdir, env=env)
        proc = run([nvir, "fatbin", "extract", path, "--dir", ndir])
        if not report.check(f"{name} nvir extract", proc.returncode == 0, tail(proc)):
            continue
        theirs_files, ours_files = files_in(cdir), files_in(ndir)
        ours_cp = {k: v for k, v in ours_files.items() if k.endswith((".ptx", ".cubin"))}
        report.check(f"{name} extracted names", sorted(ours_cp) == sorted(theirs_files),
                     f"nvir {sorted(ours_cp)}, cuobjdump {sorted(theirs_files)}")
        for fname, data in sorted(theirs_files.items()):
            if fname in ours_cp:
                report.check(f"{name} {fname} bytes", ours_cp[fname] == data,
                             f"nvir {len(ours_cp[fname])} bytes, cuobjdump {len(data)} bytes")
        twin = twin_of.get(name)
        for arch in twin[1] if twin else ():
            ltoirs = [v for k, v in ours_files.items() if k.endswith(f".{arch}.ltoir")]
            want = (work / f"twin_{arch}_{twin[0]}.ltoir").read_bytes()
            report.check(f"{name} {arch} ltoir equals nvcc -ltoir", ltoirs == [want],
                         f"nvir {[len(x) for x in ltoirs]} bytes, nvcc -ltoir {len(want)} bytes")

    print(f"fatbin-diff: {report.passed} passed, {report.failed} failed")
    return 1 if report.failed or report.missing else 0


if __name__ == "__main__":
    sys.exit(main())
