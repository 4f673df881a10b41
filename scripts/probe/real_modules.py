#!/usr/bin/env python3
"""`nvir verify` against libNVVM on real modules from outside the project, as a user meets them.

    python real_modules.py --nvir PATH [--convert-with PATH] [--record OUT.json] [--verbose] DIR...

Every `.ll` under each DIR is judged three ways: as written, at compute_90, compute_100 and
compute_120; made ready for the LLVM 7 path by `nvir convert --arch compute_90 --emit ll`, at
compute_90; made ready for the modern path by `nvir convert --arch compute_100 --emit ll`, at
compute_100 and compute_120 (a module convert refuses is judged as written only). Each run asks
libNVVM's `nvvmVerifyProgram` and `nvvmCompileProgram` (one long-lived worker,
`scripts/oracles/nvtools.py`) and `nvir verify --format json`, and counts: verdicts equal, first
errors equal (nvir's first verify-stage error begins with libNVVM's first message, as
`axes.py`'s `first_message` reads it), and `compiles` equal to the compile verdict. Prints one
line per (form, arch) and the total; `--verbose` prints each disagreement.
"""
import argparse
import json
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "oracles"))
sys.path.insert(0, str(HERE))
import nvtools  # noqa: E402
from axes import first_message  # noqa: E402

FORMS = (("compute_90", ["compute_90"]), ("compute_100", ["compute_100", "compute_120"]))


def nvir_verdict(nvir, path, arch):
    """nvir's verify verdict, first verify-stage error and compile verdict for one file."""
    r = subprocess.run([nvir, "verify", "--format", "json", "--arch", arch, str(path)],
                       capture_output=True, text=True, timeout=120)
    for line in r.stdout.splitlines():
        if line.startswith("{") and '"file"' in line:
            j = json.loads(line)
            errors = [d for d in j["diagnostics"] if d["severity"] == "error" and d.get("stage") != "compile"]
            return not errors, errors[0]["message"] if errors else "", j.get("compiles")
    return None, r.stderr.strip()[:200], None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nvir", required=True)
    ap.add_argument("--convert-with", help="the nvir whose `convert` makes the ready forms (default: --nvir); "
                    "convert refuses a result it predicts libNVVM refuses, so a fixed one keeps the ready "
                    "forms, and the runs, the same when two nvir versions are compared")
    ap.add_argument("--record")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("dirs", nargs="+")
    args = ap.parse_args()
    files = sorted(p for d in args.dirs for p in pathlib.Path(d).rglob("*.ll"))
    if not files:
        sys.exit("real_modules.py: no .ll files")
    tally, rows = {}, []
    with nvtools.Worker() as w, tempfile.TemporaryDirectory() as tmp:
        for i, f in enumerate(files):
            forms = [("written", f, ["compute_90", "compute_100", "compute_120"])]
            for arch, archs in FORMS:
                out = pathlib.Path(tmp, f"{i}.{arch}.ll")
                r = subprocess.run([args.convert_with or args.nvir, "convert", str(f), "--arch", arch, "--emit", "ll", "-o", str(out)],
                                   capture_output=True, timeout=120)
                if r.returncode == 0 and out.exists():
                    forms.append(("ready", out, archs))
            for form, path, archs in forms:
                data = path.read_bytes()
                for arch in archs:
                    v = w.verify([("probe.ll", data)], [f"-arch={arch}"])
                    if v.get("stage") == "crash":
                        continue
                    c = w.nvvm([("probe.ll", data)], [f"-arch={arch}"])
                    want_ok, want_first = v["ok"], first_message(v.get("log", ""))
                    ok, first, compiles = nvir_verdict(args.nvir, path, arch)
                    t = tally.setdefault((form, arch), [0, 0, 0, 0, 0])
                    t[0] += 1
                    t[1] += ok == want_ok
                    if not want_ok:
                        t[2] += 1
                        t[3] += ok is False and first.startswith(want_first)
                    t[4] += compiles == c["ok"]
                    row = {"file": str(f), "form": form, "arch": arch,
                           "libnvvm": [want_ok, want_first, c["ok"]], "nvir": [ok, first, compiles]}
                    rows.append(row)
                    differs = ok != want_ok or compiles != c["ok"] or (
                        not want_ok and not (ok is False and first.startswith(want_first)))
                    if args.verbose and differs:
                        print("DIFF", json.dumps(row), flush=True)
    if args.record:
        pathlib.Path(args.record).write_text("".join(json.dumps(r) + "\n" for r in rows))
    for (form, arch), (n, v, rej, fe, c) in sorted(tally.items()):
        print(f"{form:7} {arch}: {n} runs, verdicts {100 * v / n:.2f} %, "
              f"first errors {100 * fe / max(rej, 1):.2f} % of {rej}, compiles {100 * c / n:.2f} %")
    n, v, rej, fe, c = (sum(t[k] for t in tally.values()) for k in range(5))
    print(f"all: {n} runs, verdicts {100 * v / n:.2f} %, first errors {100 * fe / max(rej, 1):.2f} % of {rej}, "
          f"compiles {100 * c / n:.2f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
