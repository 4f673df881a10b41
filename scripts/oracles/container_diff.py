#!/usr/bin/env python3
"""Differential test of `nvir container` against NVIDIA's tools and an independent decoder.

    python container_diff.py --nvir target/debug/nvir [--root DIR] [--corpus DIR]... [--quick]

Run it with the interpreter that setup.sh prints (the venv holding the NVIDIA wheels).
For every container (made fresh by nvcc / libNVVM / nvJitLink, taken from the corpus and
--corpus dirs, or crafted here from R01), `nvir container dump --format json` must agree with
decode_container.py, and `edit` (no edits) and `to-xml` + `from-xml` must give the file back
byte for byte. Then bitcode wrapped by `nvir container wrap` must link with nvJitLink.
Prints one line per failed check and ends with `container-diff: N passed, M failed`;
exits 1 when a check failed or an oracle (nvcc, libNVVM, nvJitLink, LLVM 14 llvm-as) is missing.
"""
import argparse
import concurrent.futures
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from decode_container import MAGIC_CUDA, MAGIC_SEED, ContainerError, decode
from nvtools import Report, Worker, cu13_dir

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
NVIR_TIMEOUT = 60

# Fields of `nvir container dump --format json` that must equal the decoder's.
TOP_FIELDS = ("magic", "variant", "version", "header_size", "ir_level", "terminator", "key")
SUB_FIELDS = {"blob": ("offset", "len"), "payload": ("offset", "len", "kind")}
TAG_FIELDS = ("tag", "value", "wide", "offset")




def run(cmd, timeout=NVIR_TIMEOUT, env=None):
    try:
        return subprocess.run([str(c) for c in cmd], capture_output=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(cmd, 124, b"", b"timed out")


def tail(proc):
    text = (proc.stderr or proc.stdout).decode("utf-8", "replace").strip()
    return f"exit {proc.returncode}: {text[-400:]}"


# ---------------------------------------------------------------------------------------------
# Oracles.

def find_llvm_as():
    """LLVM 14's llvm-as: it still writes typed pointers, which the sm_90 (NVVM 7) reader needs."""
    for name in ("llvm-as-14", "llvm-as"):
        path = shutil.which(name)
        if path and "version 14." in run([path, "--version"]).stdout.decode():
            return path
    return None


class Oracles:
    def __init__(self, report, worker):
        self.cu13 = cu13_dir()
        self.nvcc = self.cu13 / "bin" / "nvcc" if self.cu13 else None
        if not (self.nvcc and self.nvcc.exists()):
            report.miss("nvcc", "nvidia-cuda-nvcc wheel not found (run setup.sh, use its python)")
            self.nvcc = None
        rep = worker.call({"op": "versions"})
        self.libs = rep["ok"]
        if not self.libs:
            report.miss("libNVVM/nvJitLink", rep.get("error") or rep.get("error_log", ""))
        self.llvm_as = find_llvm_as()
        if not self.llvm_as:
            report.miss("llvm-as", "no LLVM 14 llvm-as on PATH")

    def nvcc_env(self):
        env = dict(os.environ)
        env["PATH"] = f"{self.cu13 / 'bin'}{os.pathsep}{env.get('PATH', '')}"
        return env


# ---------------------------------------------------------------------------------------------
# Containers made by NVIDIA's tools.

def nvcc_jobs(src, quick):
    """(output name, nvcc arguments) for the nvcc-made containers."""
    arches = ("sm_90", "sm_100") if quick else ("sm_75", "sm_90", "sm_90a", "sm_100", "sm_120a")
    jobs = [(f"nvcc_saxpy_{a}.ltoir", ["-ltoir", "-dlto", f"-arch={a}", src / "saxpy.cu"]) for a in arches]
    jobs += [(f"nvcc_mathk_{a}.ltoir", ["-ltoir", "-dlto", f"-arch={a}", src / "mathk.cu"])
             for a in (("sm_90",) if quick else ("sm_75", "sm_100a"))]
    jobs.append(("nvcc_ext_sm_90.ltoir", ["-ltoir", "-dlto", "-arch=sm_90", src / "ext.cu"]))
    jobs.append(("optix_default.optixir", ["-optix-ir", src / "optix.cu"]))
    if not quick:
        jobs.append(("optix_fastmath.optixir", ["-optix-ir", "--use_fast_math", src / "optix.cu"]))
        jobs.append(("optix_G.optixir", ["-optix-ir", "-G", src / "optix.cu"]))
    return jobs


def generate(report, oracles, worker, src, out, quick):
    """Make fresh NVIDIA containers in `out`; returns the paths made."""
    made = []
    if oracles.nvcc:
        env = oracles.nvcc_env()

        def nvcc(job):
            name, args = job
            return name, run([oracles.nvcc, *args, "-o", out / name], timeout=300, env=env)

        with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
            for name, proc in pool.map(nvcc, nvcc_jobs(src, quick)):
                if report.check(f"generate {name}", proc.returncode == 0 and (out / name).exists(), tail(proc)):
                    made.append(out / name)

    if oracles.libs and oracles.llvm_as:
        bc = out / "saxpy_used.bc"
        proc = run([oracles.llvm_as, src / "saxpy_used.ll", "-o", bc])
        if report.check("llvm-as saxpy_used.ll", proc.returncode == 0, tail(proc)):
            for arch in ("compute_90",) if quick else ("compute_90", "compute_100a"):
                rep = worker.nvvm([("saxpy_used.bc", bc.read_bytes())], [f"-arch={arch}", "-gen-lto"])
                name = f"libnvvm_saxpy_{arch}.ltoir"
                if report.check(f"generate {name}", rep["ok"], rep.get("log") or rep.get("error_log")):
                    (out / name).write_bytes(rep["output"])
                    made.append(out / name)

    if oracles.libs:
        # nvJitLink writes its linked LTOIR (IR level 0) whenever -lto is given; see facts §6.
        for arch in ("sm_90",) if quick else ("sm_90", "sm_100"):
            src_file = out / f"nvcc_saxpy_{arch}.ltoir"
            if not src_file.exists():
                continue
            rep = worker.link([(src_file.name, src_file.read_bytes(), "LTOIR")], [f"-arch={arch}", "-lto"],
                              want=("ltoir",))
            name = f"nvjitlink_linked_{arch}.ltoir"
            if report.check(f"generate {name}", rep["ok"], rep.get("error_log")):
                (out / name).write_bytes(rep["ltoir"])
                made.append(out / name)
    return made


# ---------------------------------------------------------------------------------------------
# Containers crafted from R01 (header 24, tags 1=900 2=2 99=0, terminator, 2 bytes padding,
# 4-byte key blob at 40, encoded payload at 44).

def tag(t, v):
    return struct.pack("<HH", t, v)


def wide(t, v):
    return struct.pack("<HHI", t, 0xFFFF, v)


TERM = b"\0\0"
R01_TAGS = tag(1, 900) + tag(2, 2) + tag(99, 0)


def craft(r01, stream, *, blob=None, payload=None, extra_header=b"", pad4=True,
          magic=MAGIC_CUDA, ir_level=1, seed_order=False):
    """Build a container with R01's versions; `stream` is the tag area (padded to 4 if pad4)."""
    blob = r01[40:44] if blob is None else blob
    payload = r01[44:] if payload is None else payload
    hs = 24 + len(extra_header)
    if pad4:
        stream += b"\0" * (-(hs + len(stream)) % 4)
    tag_end = hs + len(stream)
    order = (ir_level, hs) if seed_order else (hs, ir_level)
    head = struct.pack("<I", magic) + r01[4:12] + struct.pack("<HHII", *order, tag_end, tag_end + len(blob))
    return head + extra_header + stream + blob + payload


def patch(data, off, fmt, value):
    out = bytearray(data)
    struct.pack_into(fmt, out, off, value)
    return bytes(out)


def crafted_variants(r01):
    key = r01[40:44]
    n = len(r01)
    return {
        # well-formed
        "extra_header": craft(r01, R01_TAGS + TERM, extra_header=b"\xaa" * 8),
        "all_wide": craft(r01, wide(1, 900) + wide(2, 2) + wide(99, 0) + TERM),
        "wide_ffff": craft(r01, wide(1, 900) + wide(500, 0xFFFF) + tag(99, 0) + TERM),
        "unknown_tags": craft(r01, tag(500, 7) + R01_TAGS + wide(1000, 123456) + TERM),
        # duplicated tags: the last one wins, so the key is the first 4 blob bytes
        "duplicate_tags": craft(r01, tag(1, 1000) + tag(1, 900) + tag(2, 2) + tag(99, 4) + tag(99, 0) + TERM,
                                blob=key + b"\xaa\xbb\xcc\xdd"),
        "no_terminator": craft(r01, R01_TAGS, pad4=False),
        "tag_after_terminator": craft(r01, R01_TAGS + TERM + tag(1, 1000)),
        "padding_8": craft(r01, R01_TAGS + TERM + b"\0" * 8, pad4=False),
        "no_padding": craft(r01, R01_TAGS + TERM, pad4=False),
        "blob_extra": craft(r01, R01_TAGS + TERM, blob=key + b"\x11" * 8),
        "key_offset_8": craft(r01, tag(1, 900) + tag(2, 2) + wide(99, 8) + TERM, blob=b"\x22" * 8 + key),
        "key_out_of_blob": craft(r01, tag(1, 900) + tag(2, 2) + tag(99, 2) + TERM),
        "no_key_tag": craft(r01, tag(1, 900) + tag(2, 2) + TERM, blob=b""),
        "no_tags": craft(r01, TERM, blob=b""),
        "empty_payload": craft(r01, R01_TAGS + TERM, payload=b""),
        "ir_level_3": craft(r01, R01_TAGS + TERM, ir_level=3),
        "seed_magic": craft(r01, R01_TAGS + TERM, magic=MAGIC_SEED),
        "seed_magic_seed_order": craft(r01, R01_TAGS + TERM, magic=MAGIC_SEED, seed_order=True),
        # malformed: the decoder rejects these, so nvir must exit 1
        "bad_short": r01[:20],
        "bad_magic": patch(r01, 0, "<I", 0x7F4E43EE),
        "bad_cuda_seed_order": craft(r01, R01_TAGS + TERM, seed_order=True),
        "bad_header_lt_24": patch(r01, 0x0C, "<H", 20),
        "bad_header_gt_tag_end": patch(r01, 0x0C, "<H", 44),
        "bad_tag_end_gt_size": patch(patch(r01, 0x10, "<I", n + 4), 0x14, "<I", n + 4),
        "bad_blob_end_lt_tag_end": patch(r01, 0x14, "<I", 36),
        "bad_blob_end_gt_size": patch(r01, 0x14, "<I", n + 1),
        "bad_tag_cut": craft(r01, tag(1, 900) + b"\x02\x00", pad4=False),
        "bad_wide_cut": craft(r01, tag(1, 900) + tag(99, 0xFFFF), pad4=False),
    }


# ---------------------------------------------------------------------------------------------
# Checks.

def compare_dump(want, got):
    """First field where nvir's JSON differs from the decoder's, or None."""
    for f in TOP_FIELDS:
        if got.get(f) != want[f]:
            return f"{f}: nvir {got.get(f)!r}, decoder {want[f]!r}"
    # field_order is part of the contract but optional in the dump; compare it when present.
    if "field_order" in got and got["field_order"] != want["field_order"]:
        return f"field_order: nvir {got['field_order']!r}, decoder {want['field_order']!r}"
    for f, subs in SUB_FIELDS.items():
        for s in subs:
            g = (got.get(f) or {}).get(s)
            if g != want[f][s]:
                return f"{f}.{s}: nvir {g!r}, decoder {want[f][s]!r}"
    got_tags = [{k: t.get(k) for k in TAG_FIELDS} for t in got.get("tags") or []]
    for i, (g, w) in enumerate(zip(got_tags, want["tags"])):
        if g != w:
            return f"tags[{i}]: nvir {g}, decoder {w}"
    if len(got_tags) != len(want["tags"]):
        return f"tags: nvir has {len(got_tags)}, decoder {len(want['tags'])}"
    return None


def round_trip_error(proc, out, data):
    """Why a round trip through nvir did not give `data` back, or None."""
    if proc.returncode != 0:
        return tail(proc)
    if not out.exists():
        return "no output file"
    back = out.read_bytes()
    if back != data:
        at = next((i for i, (a, b) in enumerate(zip(back, data)) if a != b), min(len(back), len(data)))
        return f"output ({len(back)} bytes) differs from input ({len(data)} bytes) at offset {at}"
    return None


def check_file(report, nvir, path, scratch):
    """Compare nvir with the decoder on one file; `scratch` is an empty dir for this file."""
    label = path.name
    data = path.read_bytes()
    try:
        want = decode(data)
    except ContainerError as e:
        want, why = None, str(e)
    proc = run([nvir, "container", "dump", path, "--format", "json"])
    if want is None:
        report.check(f"{label}: dump rejects malformed file ({why})", proc.returncode == 1, tail(proc))
        return
    # Exit 1 is allowed: policy findings (say, the seed magic) fail the command but still print the dump.
    if not report.check(f"{label}: dump exit status", proc.returncode in (0, 1), tail(proc)):
        return
    try:
        got = json.loads(proc.stdout)
    except ValueError:
        report.check(f"{label}: dump prints JSON", False, tail(proc))
        return
    diff = compare_dump(want, got)
    report.check(f"{label}: dump matches decoder", diff is None, diff)

    out = scratch / "edited"
    proc = run([nvir, "container", "edit", path, "-o", out])
    err = round_trip_error(proc, out, data)
    report.check(f"{label}: edit round trip", err is None, err)
    xml, out = scratch / "container.xml", scratch / "from-xml"
    proc = run([nvir, "container", "to-xml", path, "-o", xml])
    if proc.returncode == 0:
        proc = run([nvir, "container", "from-xml", xml, "-o", out])
    err = round_trip_error(proc, out, data)
    report.check(f"{label}: xml round trip", err is None, err)


def wrap_and_link(report, oracles, worker, nvir, src, out, generated):
    """Bitcode wrapped by nvir must link with nvJitLink; returns the wrapped files for check_file."""
    wrapped = []
    cases = [("saxpy_used", [], "sm_90", b"saxpy"), ("saxpy_opaque", ["-opaque-pointers"], "sm_100", b"saxpy")]
    ext_nvcc = out / "nvcc_ext_sm_90.ltoir"
    if ext_nvcc in generated:
        # ext.cu calls ext_fn, defined only in extdef.ll: the link needs both containers.
        cases.append(("extdef", [], "sm_90", b"callext"))
    for stem, as_flags, arch, symbol in cases:
        bc, ltoir = out / f"{stem}_wrap.bc", out / f"wrapped_{stem}_{arch}.ltoir"
        proc = run([oracles.llvm_as, *as_flags, src / f"{stem}.ll", "-o", bc])
        if not report.check(f"llvm-as {stem}.ll", proc.returncode == 0, tail(proc)):
            continue
        proc = run([nvir, "container", "wrap", bc, "--arch", arch, "-o", ltoir])
        if not report.check(f"wrap {stem} --arch {arch}", proc.returncode == 0 and ltoir.exists(), tail(proc)):
            continue
        wrapped.append(ltoir)
        inputs = [(ltoir.name, ltoir.read_bytes(), "LTOIR")]
        if stem == "extdef":
            inputs.append((ext_nvcc.name, ext_nvcc.read_bytes(), "LTOIR"))
        rep = worker.link(inputs, [f"-arch={arch}", "-lto"])
        cubin = rep.get("cubin", b"")
        report.check(f"link {' + '.join(i[0] for i in inputs)} -arch={arch}",
                     rep["ok"] and symbol in cubin,
                     f"{rep.get('stage')} {rep.get('result')}: {rep.get('error_log', '').strip()}" if not rep["ok"]
                     else f"cubin of {len(cubin)} bytes lacks {symbol.decode()}")
    return wrapped


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nvir", required=True, type=Path, help="the nvir binary under test")
    ap.add_argument("--root", type=Path, default=REPO, help="directory holding corpus/ (default: the repository)")
    ap.add_argument("--corpus", type=Path, action="append", default=[], help="extra dir of containers")
    ap.add_argument("--quick", action="store_true", help="fewer freshly generated containers")
    args = ap.parse_args()
    nvir = args.nvir.resolve()
    if not nvir.is_file():
        sys.exit(f"container-diff: no nvir binary at {nvir}")
    corpus_dir = args.root / "corpus" / "containers"
    src = corpus_dir / "src"

    start = time.monotonic()
    report = Report()
    with Worker() as worker, tempfile.TemporaryDirectory(prefix="container-diff-") as tmp:
        tmp = Path(tmp)
        gen, crafted, scratch = tmp / "gen", tmp / "crafted", tmp / "scratch"
        for d in (gen, crafted, scratch):
            d.mkdir()
        oracles = Oracles(report, worker)
        files = generate(report, oracles, worker, src, gen, args.quick)

        for d in [corpus_dir, *args.corpus]:
            found = sorted(p for p in d.iterdir() if p.suffix in (".ltoir", ".optixir")) if d.is_dir() else []
            if report.check(f"corpus {d}", bool(found), "no *.ltoir / *.optixir files"):
                files += found

        r01 = corpus_dir / "R01_nvcc_saxpy_sm90.ltoir"
        if report.check("corpus R01", r01.exists(), f"{r01} missing"):
            for name, data in crafted_variants(r01.read_bytes()).items():
                (crafted / f"crafted_{name}.ltoir").write_bytes(data)
                files.append(crafted / f"crafted_{name}.ltoir")

        if oracles.libs and oracles.llvm_as:
            files += wrap_and_link(report, oracles, worker, nvir, src, gen, files)

        for i, path in enumerate(files):
            (scratch / str(i)).mkdir()
            check_file(report, nvir, path, scratch / str(i))

    print(f"checked {len(files)} files in {time.monotonic() - start:.1f}s", file=sys.stderr)
    print(f"container-diff: {report.passed} passed, {report.failed} failed")
    return 1 if report.failed or report.missing else 0


if __name__ == "__main__":
    sys.exit(main())
