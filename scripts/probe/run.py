#!/usr/bin/env python3
"""Run the intrinsic probes through libNVVM and record its answers, or check them live.

    python run.py [--out corpus/probes/intrinsics.jsonl] [--only SUBSTRING ...] [--missing DATA] [--limit N]
    python run.py --merge NEW.jsonl [--out corpus/probes/intrinsics.jsonl]
    python run.py --check [--sample 200] [--seed S]

Every probe of `probes.py` goes through `nvvmVerifyProgram` and `nvvmCompileProgram` at each of
its archs (typed-pointer modules at compute_75/80/90/100/120, `ptr` modules at compute_100/120),
in one long-lived worker (`scripts/oracles/nvtools.py`; a crash restarts it and is recorded as
such). Needs the venv of `scripts/oracles/setup.sh` (run with its python).

The output is JSONL: a header line `{"format": 2, "libnvvm": [major, minor], "archs": {"typed":
[…], "opaque": […]}, "messages": […], "answers": […]}` and then one line per probe: its fields
(enough for `probes.module_text`; `"o": 1` for a `ptr` module, run at the opaque archs) and `a`,
one index into the header's `answers` per arch. An answer is `[verify_rc, message, compile_rc,
compile_message]`, a message an index into `messages` (-1: none). verify_rc is null where
libNVVM crashed; the message is the first one of the log without its location header ("" for
the empty log the LLVM 7 path gives for some LLVM verifier failures).

`--only` (repeatable) runs the probes whose id contains one of the substrings, `--missing DATA`
those DATA has no answers for (after a change to the generator); `--merge NEW`
then rewrites `--out` as the current probe set, each probe answered by NEW where NEW has it and
by `--out` otherwise (probes the generator no longer makes are dropped).

`--check` re-runs a random sample live and fails on any difference from the recorded data.
Ends with `probe-check: N passed, M failed` and exits 1 on a failure or a missing libNVVM.
"""
import argparse
import json
import pathlib
import random
import re
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "scripts/oracles"))
sys.path.insert(0, str(HERE))

from nvtools import Worker, cu13_dir  # noqa: E402
import probes  # noqa: E402

DEFAULT_OUT = ROOT / "corpus/probes/intrinsics.jsonl"
FIELDS = ("name", "ret", "args", "vararg", "variant")


def message_key(log):
    """The first message of a libNVVM log, without location header, context lines or heap addresses."""
    log = re.sub(r"<0x[0-9a-f]+>", "<0x>", log)
    lines = [line.rstrip() for line in log.splitlines()]
    for i, line in enumerate(lines):
        s = line.strip()
        if not s:
            continue
        m = re.match(r"^\S+ \(\d+, \d+\): (parse .*)", s)
        if m:
            return m.group(1)
        s = s.removeprefix("error:").strip().removeprefix("Error:").strip()
        if s.startswith("context:"):
            continue
        # ": Function `f': msg", ":  Function `f' Basic Block `': " (the message follows the context)
        m = re.match(r"^:\s+(?:Function|Global Value|Global Variable|Module)[^`]*`[^']*'(?: Basic Block `[^']*')?:\s*(.*)$", s)
        if m:
            if m.group(1):
                return m.group(1)
            continue
        return s
    return ""


def run_one(worker, text, arch):
    data = text.encode()
    opts = [f"-arch={arch}"]
    v = worker.verify([("input.ll", data)], opts)
    if v.get("stage") == "crash":
        vrc, vkey = None, "crash"
    else:
        vrc, vkey = v["result"], message_key(v.get("log", ""))
    c = worker.nvvm([("input.ll", data)], opts)
    if c.get("stage") == "crash":
        crc, ckey = None, "crash"
    else:
        crc = 0 if c["ok"] else c.get("result")
        ckey = "" if c["ok"] else message_key(c.get("log", ""))[:200]
    return [vrc, vkey, crc, ckey]


def load(path):
    """(header, records); each record's `answers` as {arch: [verify_rc, message, compile_rc, compile_message]}."""
    lines = pathlib.Path(path).read_text().splitlines()
    head = json.loads(lines[0])
    msgs = head["messages"]
    table = [[a[0], msgs[a[1]] if a[1] >= 0 else None, a[2], msgs[a[3]] if a[3] >= 0 else None] for a in head["answers"]]
    recs = []
    for line in lines[1:]:
        r = json.loads(line)
        archs = head["archs"]["opaque" if r.get("o") else "typed"]
        r["answers"] = {arch: table[i] for arch, i in zip(archs, r.pop("a"))}
        r["id"] = f"{r['name']}#{r['variant']}"
        recs.append(r)
    return head, recs


def save(path, version, items):
    """Writes [(probe, {arch: [verify_rc, message, compile_rc, compile_message]})] (format 2: the
    messages and the distinct answers are tables in the header; a record holds indices)."""
    msgs, mindex, answers, aindex = [], {}, [], {}

    def intern(s):
        if s is None:
            return -1
        if s not in mindex:
            mindex[s] = len(msgs)
            msgs.append(s)
        return mindex[s]

    def answer(a):
        key = (a[0], intern(a[1] if a[0] != 0 else None), a[2], intern(a[3] if a[2] != 0 else None))
        if key not in aindex:
            aindex[key] = len(answers)
            answers.append(list(key))
        return aindex[key]

    lines = []
    for p, ans in items:
        rec = {k: p[k] for k in FIELDS if k in p and (k != "vararg" or p[k])}
        opaque = p["archs"] == probes.OPAQUE_ARCHS
        if opaque:
            rec["o"] = 1
        rec["a"] = [answer(ans[arch]) for arch in p["archs"]]
        lines.append(json.dumps(rec, separators=(",", ":")))
    head = {"format": 2, "libnvvm": version.get("nvvm"), "nvvm_ir": version.get("nvvm_ir"),
            "archs": {"typed": probes.TYPED_ARCHS, "opaque": probes.OPAQUE_ARCHS}, "probes": len(lines),
            "messages": msgs, "answers": answers}
    out = pathlib.Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(head, separators=(",", ":")) + "\n" + "\n".join(lines) + "\n")


def record(args):
    ps = probes.all_probes()
    if args.only:
        ps = [p for p in ps if any(o in p["id"] for o in args.only)]
    if args.missing:
        _, recs = load(args.missing)
        have = {probes.module_text(r) for r in recs}
        ps = [p for p in ps if probes.module_text(p) not in have]
    if args.limit:
        ps = ps[:args.limit]
    t0 = time.monotonic()
    items = []
    with Worker(timeout=60) as w:
        version = w.call({"op": "versions"})
        for n, p in enumerate(ps):
            text = probes.module_text(p)
            items.append((p, {arch: run_one(w, text, arch) for arch in p["archs"]}))
            if n % 500 == 0:
                print(f"{n}/{len(ps)} {time.monotonic() - t0:.0f}s", file=sys.stderr, flush=True)
    elapsed = time.monotonic() - t0
    save(args.out, version, items)
    runs = sum(len(p["archs"]) for p in ps)
    print(f"{args.out}: {len(items)} probes, {runs} (probe, arch) runs, verify + compile each, in {elapsed:.0f}s")


def merge(args):
    """`--out` rewritten as the current probe set, answered by `args.merge` first."""
    head, base = load(args.out)
    new_head, new = load(args.merge)
    known = {}
    for recs in (base, new):  # the newer run wins
        for r in recs:
            known[probes.module_text(r)] = r["answers"]
    items, missing = [], 0
    for p in probes.all_probes():
        ans = known.get(probes.module_text(p))
        if ans is None or any(arch not in ans for arch in p["archs"]):
            missing += 1
            continue
        items.append((p, ans))
    version = {"nvvm": new_head.get("libnvvm"), "nvvm_ir": new_head.get("nvvm_ir")}
    save(args.out, version, items)
    print(f"{args.out}: {len(items)} probes ({missing} without answers left out)")


# Messages libNVVM gives only some of the time for the same module: `ldg`/`ldu` declared without
# their alignment operand read whatever is there (measured: 1 run in 4 in fresh processes).
UNSTABLE = {"huge alignment values are unsupported"}


def check(args):
    if cu13_dir() is None:
        print("MISSING libNVVM (run scripts/oracles/setup.sh)")
        print("probe-check: 0 passed, 1 failed")
        return 1
    _, recs = load(args.out)
    rng = random.Random(args.seed)
    sample = rng.sample(recs, min(args.sample, len(recs)))
    passed = failed = 0
    with Worker(timeout=60) as w:
        for r in sample:
            text = probes.module_text(r)
            for arch, want in r["answers"].items():
                vrc, vkey, crc, ckey = run_one(w, text, arch)
                got = [vrc, vkey if vrc != 0 else None, crc, ckey if crc != 0 else None]
                # libNVVM crashes on a few inputs only some of the time (it depends on what the
                # worker ran before): a call that crashed on either side is not compared. Nor is
                # an answer libNVVM gives at random (an operand it reads that is not there).
                same = all(g == w_ or None in (got[k & ~1], want[k & ~1])
                           for k, (g, w_) in enumerate(zip(got, want)))
                same = same or any(m in UNSTABLE for m in (got[1], want[1]))
                if same:
                    passed += 1
                else:
                    failed += 1
                    print(f"FAIL {r['id']} @{arch}: recorded {want}, live {got}")
    print(f"probe-check: {len(sample)} probes sampled with seed {args.seed}")
    print(f"probe-check: {passed} passed, {failed} failed")
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(DEFAULT_OUT))
    ap.add_argument("--only", action="append")
    ap.add_argument("--merge")
    ap.add_argument("--missing", metavar="DATA", help="run only the probes DATA has no answers for")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--sample", type=int, default=200)
    ap.add_argument("--seed", type=int, default=None)
    args = ap.parse_args()
    if args.merge:
        merge(args)
        return 0
    if args.check:
        if args.seed is None:
            args.seed = random.randrange(1 << 30)
        return check(args)
    record(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
