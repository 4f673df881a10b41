#!/usr/bin/env python3
"""Generate the verifier's intrinsic signature table (and the list of calls only the compiler
refuses, `compile_fails.tsv`) from the probe answers.

    python3 gen_table.py [--data corpus/probes/intrinsics.jsonl] [--out crates/verify/src/intrinsics.tsv]
                         [--summary]

For each path (LLVM 7: the answers at compute_90; modern: at compute_100) and each intrinsic of
the data files, the probes decide:

* known: a wrongly declared call (one argument more or fewer, another return or argument type)
  was rejected with the path's signature message (the LLVM 7 path's empty log; the modern
  path's `intrinsic …` messages). Unknown names are ordinary declarations to libNVVM.
* checked: every call declared as the tree's `Intrinsics.td` says was accepted (or rejected for
  another reason), so the tree's signature is the path's; otherwise the name is left out.
* immarg: the message libNVVM gave for a non-constant immediate argument, if it gave one.
* derived: where the tree's declaration was refused but exactly one wrong one was taken (LLVM 7's
  `llvm.var.annotation` has one argument fewer), that one is the path's signature.
* rejected (LLVM 7 path only): every call the probes made of the name was refused with the
  empty log, whatever its declaration (`rejected`); an overload that was refused although the
  signature is the tree's (`rejected-overload`, the exact name); a dotted prefix under which
  every probe, known and unknown names alike, was refused (`llvm.nvvm.mma.*`).

One line per (path, intrinsic): `path  name  ret  args  checked  immarg  immarg_message`,
tab-separated, where `checked` lists the kinds of wrong declaration libNVVM rejected (`extra-arg`,
`missing-arg`, `ret-type`, `arg0-type`: an upgrade makes it take some; `typed-upgraded`: the
signature changed between the trees, so a typed-pointer module's call is left to the upgrade;
`rejected`, `rejected-overload`: see above; `kept`, LLVM 7 path only: a wrongly declared call
whose value goes unused still stops the compiler with `Broken function found`, so its optimizer
keeps such a call);
types as the path prints them (`i8 addrspace(3)*` on LLVM 7, `ptr addrspace(3)` on the modern
path), overloaded slots as `anyint`/`anyfloat`/`anyvector`/`anyptr`/`any`/`match<N>…`, slots
separated by `;`. `--summary` prints the other messages the probes met, per path.
"""
import argparse
import collections
import json
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

import probes  # noqa: E402
import run  # noqa: E402

PATHS = {"llvm7": "compute_90", "modern": "compute_100"}
WRONG = ("extra-arg", "missing-arg", "ret-type", "arg0-type")
MODERN_IMMARG = "immarg operand has non-immediate parameter"
BROKEN = "Broken function found, compilation aborted!"


def signature_message(key, path):
    # (`intrinsic has incorrect argument type!` is the modern path's rule for the vector
    # reductions' operand, not a signature mismatch.)
    if path == "llvm7":
        return key == ""
    return key.startswith("intrinsic ") and key != "intrinsic has incorrect argument type!"


def path_type(desc, path):
    """A descriptor as the table writes it for a path."""
    if desc.startswith("anyptr"):
        return "anyptr"
    if desc == "p0:?OtherVT":  # llvm_descriptor_ty
        return "{}*" if path == "llvm7" else "ptr"
    if desc.startswith("?") or ":?" in desc:
        return "other"
    if path == "modern" and desc.endswith("*"):
        m = re.fullmatch(r".+?(?: addrspace\((\d+)\))?\*", desc)
        return "ptr" if not m.group(1) else f"ptr addrspace({m.group(1)})"
    m = re.fullmatch(r"p(\d+)(?::(.+))?", desc)
    if m:
        space = int(m.group(1))
        if path == "modern":
            return "ptr" if space == 0 else f"ptr addrspace({space})"
        elt = path_type(m.group(2), path) if m.group(2) else "i8"
        return f"{elt}*" if space == 0 else f"{elt} addrspace({space})*"
    return desc


def entries_by_path():
    """{path: [(entry, src, typed)]}: the LLVM 7 path takes the LLVM 14 tree (typed), the modern
    path the LLVM 19 tree and the LLVM 14 names that tree lacks."""
    data = {src: json.loads((HERE / f"data/intrinsics-{src}.json").read_text())["intrinsics"] for src in ("llvm14", "llvm19")}
    names19 = {e["name"] for e in data["llvm19"]}
    known = {e["name"] for es in data.values() for e in es}
    # Corpus names that are an overload of a tree's intrinsic (`llvm.canonicalize.f32`) are that
    # intrinsic: only NVIDIA's own names get lines of their own.
    extra = [e for e in probes.extra_entries(known) if not any(e["name"].startswith(k + ".") for k in known)]
    for e in extra:
        # A literal struct return is one slot per field, as in the trees.
        if e["ret"] and e["ret"][0].startswith("{"):
            e["ret"] = probes.split_types(e["ret"][0].strip()[1:-1])
    names14 = {e["name"] for e in data["llvm14"]}
    return {
        # NVIDIA's LLVM 7 knows some names upstream added later (`llvm.nvvm.fmax.ftz.nan.f`):
        # the LLVM 19 tree's names without pointers were probed there too.
        "llvm7": [(e, "llvm14", True) for e in data["llvm14"]] + [(e, "corpus", True) for e in extra]
        + [(e, "llvm19", False) for e in data["llvm19"] if e["name"] not in names14],
        "modern": [(e, "llvm19", False) for e in data["llvm19"]]
        + [(e, "llvm14", True) for e in data["llvm14"] if e["name"] not in names19]
        + [(e, "corpus", True) for e in extra],
    }


def derive_signature(e, first, variants, sig_ok, path):
    """The path's signature when the tree's was refused but exactly one wrong declaration of the
    first overload was taken (`llvm.var.annotation` with one argument fewer: LLVM 7's form), as
    [ret, args, checked]; None when the probes do not tell."""
    took = [v for v in WRONG if v in variants and sig_ok(variants[v][1])]
    ret = [path_type(d, path) for d in e["ret"]]
    args = [path_type(d, path) for d in e["args"]]
    fixed = lambda d: not d.startswith(("any", "match", "other"))
    count = [v for v in took if v in ("extra-arg", "missing-arg")]
    # The modern path names the type it wanted (`intrinsic return type expected bfloat, but got
    # i16`): the slot is that type.
    said = re.fullmatch(r"intrinsic (return type|argument (\d+) type) expected ([^(]+?), but got .*",
                        variants["ok"][1][1] or "") if "ok" in variants else None
    if path == "modern" and said:
        slots, i = (ret, 0) if said.group(2) is None else (args, int(said.group(2)))
        if i < len(slots) and fixed(slots[i]):
            slots[i] = said.group(3)
            return [";".join(ret), ";".join(args), ",".join(WRONG)]
        return None
    if len(count) == 1:
        if count[0] == "missing-arg":
            if not args or args[-1] == "...":
                return None
            args = args[:-1]
            checked = ["extra-arg", "missing-arg"]
        else:
            args = args + ["i32"]
            checked = ["extra-arg", "missing-arg"]
    elif took == ["ret-type"] and len(ret) == 1 and fixed(ret[0]):
        ret = [variants["ret-type"][0]["ret"]]
        checked = ["extra-arg", "missing-arg", "ret-type"]
    elif took == ["arg0-type"] and args and fixed(args[0]):
        args = [variants["arg0-type"][0]["args"][0][0]] + args[1:]
        checked = ["extra-arg", "missing-arg", "arg0-type"]
    else:
        return None
    # A mismatch of the tree's declaration that was refused is one the path checks.
    for v in ("ret-type", "arg0-type"):
        if v in variants and not sig_ok(variants[v][1]) and v not in checked:
            checked.append(v)
    return [";".join(ret), ";".join(args), ",".join(v for v in WRONG if v in checked)]


def old_form_taken(name, answers):
    """Whether the modern path took a typed-pointer module's call declared as the LLVM 14 tree
    says (its reader upgrades that form), for an intrinsic whose signature changed since."""
    e = next((e for e in json.loads((HERE / "data/intrinsics-llvm14.json").read_text())["intrinsics"]
              if e["name"] == name), None)
    if e is None:
        return True
    for p in probes.probes_for(e, True, "llvm14"):
        a = answers.get(probes.module_text(p), {}).get(PATHS["modern"])
        if p["variant"] == "ok" and a is not None and a[0] is not None:
            return a[0] == 0 or not signature_message(a[1], "modern")
    return True


def rejected_prefixes(recs, arch, least=20):
    """The shortest dotted name prefixes (below `llvm.nvvm`) under which every call the probes
    made at `arch`, of known and unknown names alike, was refused with the empty log (the LLVM 7
    path and `llvm.nvvm.mma.*`)."""
    tot, rej = collections.Counter(), collections.Counter()
    for r in recs:
        a = r["answers"].get(arch)
        if not a or a[0] is None:
            continue
        parts = r["name"].split(".")
        for i in range(3, len(parts) + 1):
            p = ".".join(parts[:i])
            tot[p] += 1
            rej[p] += a[0] != 0 and a[1] == ""
    full = {p for p in tot if tot[p] >= least and rej[p] == tot[p]}
    return sorted(p for p in full if p.rsplit(".", 1)[0] not in full)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(run.DEFAULT_OUT))
    ap.add_argument("--out", default=str(ROOT / "crates/verify/src/intrinsics.tsv"))
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    _, recs = run.load(args.data)
    answers = {probes.module_text(r): r["answers"] for r in recs}
    lines = []
    stats = collections.Counter()
    other = collections.Counter()
    # Intrinsics whose signature changed between the trees: a typed-pointer module may declare
    # the old form, which the modern path upgrades (`llvm.var.annotation` with 4 arguments).
    trees = {src: {e["name"]: e for e in json.loads((HERE / f"data/intrinsics-{src}.json").read_text())["intrinsics"]}
             for src in ("llvm14", "llvm19")}
    def shape(e):
        # The LLVM 19 dump lacks the element type of LLVMScalarOrSameVectorWidth: not a change.
        return [re.sub(r"(LLVMScalarOrSameVectorWidth):.*", r"\1", path_type(d, "modern")) for d in e["ret"] + e["args"]]

    # The LLVM 7 compiler's answer on a call with one argument too many whose value goes unused,
    # per intrinsic the probes above left unmarked (`axes.py`'s `keptllvm7/` group).
    # (Its verify answer is the `extra-arg` probe of a name whose typed form was not probed.)
    kept_measured, extra_measured = set(), set()
    axes_data = ROOT / "corpus/probes/axes.jsonl"
    for line in axes_data.read_text().splitlines() if axes_data.exists() else []:
        r = json.loads(line)
        a = r.get("compute_90")
        if not r["probe"].startswith("keptllvm7/") or not a:
            continue
        called = re.search(r"call [^@]*@(llvm\.nvvm\.[\w.]+)\(", r["src"])
        if not called:
            continue
        name = called.group(1)
        if a[2] not in (None, 0) and a[3] == BROKEN:
            kept_measured.add(name)
        if a[0] not in (None, 0):
            extra_measured.add(name)
    changed = {n for n, e in trees["llvm19"].items() if n in trees["llvm14"] and shape(trees["llvm14"][n]) != shape(e)}
    derived_names = set()
    for path, entries in entries_by_path().items():
        arch = PATHS[path]
        for e, src, typed in entries:
            ps = probes.probes_for(e, typed, src)
            got = [(p, answers.get(probes.module_text(p), {}).get(arch)) for p in ps]
            got = [(p, a) for p, a in got if a is not None and a[0] is not None]
            if not got:
                stats[path, "not probed"] += 1
                continue
            for p, a in got:
                if a[0] != 0 and p["variant"] == "ok":
                    other[path, re.sub(r"llvm\.[\w.]+", "<name>", a[1])] += 1
            # Whether the path took a call's declaration (it may still reject the call for
            # another reason, with a message of its own).
            def sig_ok(a):
                return a[0] == 0 or not signature_message(a[1], path)
            own = [(p, a) for p, a in got if p["variant"] not in ("misspelled", "bad-suffix")]
            known = any(p["variant"] in WRONG and not sig_ok(a) for p, a in got)
            if not known:
                stats[path, "unknown"] += 1
                continue
            ret = ";".join(path_type(d, path) for d in e["ret"])
            sig_args = ";".join(path_type(d, path) for d in e["args"])
            # The first overload (i32, float, a generic pointer) decides whether the tree's
            # signature is the path's; other overloads may be refused by rules of their own.
            first_ok = next(((p, a) for p, a in got if p["variant"] == "ok"), None)
            if first_ok is not None and not sig_ok(first_ok[1]):
                # (Only where the probes declared the tree's signature exactly: a slot they could
                # not build, such as `llvm.invariant.start`'s `{}*`, leaves the right declaration
                # untried.)
                exact = "other" not in (ret + ";" + sig_args).split(";")
                if path == "llvm7" and exact and not any(sig_ok(a) for _, a in own):
                    # No declaration tried was taken: the LLVM 7 path refuses the name whatever
                    # the declaration (its own intrinsic with another signature, or one it
                    # does not support), with its empty log.
                    stats[path, "known, every call rejected"] += 1
                    lines.append("\t".join([path, e["name"], ret, sig_args, "rejected", "", ""]))
                    continue
                derived = derive_signature(e, first_ok[0], dict((p["variant"], (p, a)) for p, a in got
                                                                if p["name"] == first_ok[0]["name"]), sig_ok, path)
                if derived is None:
                    stats[path, "known, other signature"] += 1
                    continue
                stats[path, "known, signature from the wrong declaration it took"] += 1
                if path == "llvm7" and e["name"] in kept_measured:
                    derived[2] += ",kept"
                lines.append("\t".join([path, e["name"], *derived, "", ""]))
                derived_names.add((path, e["name"]))
                continue
            # (When every call declared as the tree says crashed libNVVM, the wrong declarations
            # it refused still tell the signature.)
            if first_ok is None and not any(p["variant"] == "ok" for p in ps):
                stats[path, "known, other signature"] += 1
                continue
            immarg, message = [], ""
            if first_ok is not None and first_ok[1][0] != 0 and first_ok[1][1] == MODERN_IMMARG:
                # The call declared as the tree says was refused for a non-constant argument the
                # tree does not mark immarg (a later LLVM does): the one integer argument given
                # as a parameter, when there is only one.
                candidates = [i for i, (t, v) in enumerate(first_ok[0]["args"]) if v == "%" and re.fullmatch(r"i\d+", t)]
                if len(candidates) == 1:
                    message, immarg = MODERN_IMMARG, candidates
            for p, a in got:
                m = re.fullmatch(r"immarg(\d+)-nonconst", p["variant"])
                if m and a[0] != 0 and not signature_message(a[1], path):
                    message = a[1]
                    immarg = e["immarg"] if message == MODERN_IMMARG else [int(m.group(1))]
            # Which kinds of mismatch libNVVM rejected (an upgrade can make it take some, e.g.
            # `llvm.ctlz` with one argument).
            rejected = {p["variant"] for p, a in got if p["variant"] in WRONG and a[0] != 0}
            accepted = {p["variant"] for p, a in got if p["variant"] in WRONG and a[0] == 0}
            if path == "llvm7" and e["name"] in extra_measured:
                rejected.add("extra-arg")
            flags = ",".join(v for v in WRONG if v in rejected and v not in accepted)
            if path == "modern" and e["name"] in changed and old_form_taken(e["name"], answers):
                flags += ",typed-upgraded"
            if path == "llvm7" and (e["name"] in kept_measured or any(
                    p["variant"] in WRONG and a[0] != 0 and a[2] is not None and a[2] != 0 and a[3] == BROKEN
                    for p, a in got)):
                # The compiler keeps a call of it whose value goes unused (its optimizer does not
                # remove it), so LLVM's verifier in the compiler meets a wrong declaration.
                flags += ",kept"
            stats[path, "checked"] += 1
            lines.append("\t".join([path, e["name"], ret, sig_args, flags, ",".join(map(str, immarg)), message]))
            if path == "llvm7":
                # Overloads the LLVM 7 path refuses although the signature is the tree's
                # (`llvm.sadd.with.overflow.v2i32`: its LLVM's overflow bit is a scalar i1).
                for p, a in got:
                    if p["variant"] == "ok" and not sig_ok(a) and p["name"] != e["name"]:
                        stats[path, "overload rejected"] += 1
                        lines.append("\t".join([path, p["name"], "", "", "rejected-overload", "", ""]))
    # A name that extends an overloaded intrinsic's and was refused as the tree declares it is
    # that intrinsic's overload on the path (LLVM 7 lacks `llvm.expect.with.probability`: the
    # name calls `llvm.expect`), when the signature the probes found is the shorter name's.
    def fields(line):
        f = line.split("\t")
        return f[0], f[1], f[2], f[3]
    sigs = {(f[0], f[1]): (f[2], f[3]) for f in map(fields, lines)}
    def overload_of_listed(line):
        path, name, ret, args = fields(line)
        if (path, name) not in derived_names:
            return False
        parts = name.split(".")
        for k in range(len(parts) - 1, 1, -1):
            shorter = sigs.get((path, ".".join(parts[:k])))
            if shorter is not None:
                overloaded = any(d.startswith("any") for d in (shorter[0] + ";" + shorter[1]).split(";"))
                return overloaded and shorter == (ret, args)
        return False
    lines = [line for line in lines if not overload_of_listed(line)]
    prefixes = rejected_prefixes(recs, PATHS["llvm7"])
    for prefix in prefixes:
        stats["llvm7", "prefix rejected"] += 1
        lines.append("\t".join(["llvm7", prefix + ".*", "", "", "rejected", "", ""]))
    # A name under a rejected prefix needs no line of its own.
    def under(line):
        path, name = line.split("\t")[:2]
        return path == "llvm7" and not name.endswith(".*") and any(name.startswith(p + ".") for p in prefixes)

    lines = [line for line in lines if not (under(line) and "\trejected" in line)]
    lines = sorted(set(lines))
    head = ["# Intrinsic signatures libNVVM 13.5 checks, per path (generated by scripts/probe/gen_table.py",
            "# from corpus/probes/intrinsics.jsonl; do not edit). path, name, ret, args, mismatches checked, immarg, immarg message."]
    pathlib.Path(args.out).write_text("\n".join(head + lines) + "\n")
    # Calls the verifier takes and the compiler stops at (or crashes on): the probes declared as
    # the tree says, value unused. A rule that depends on the arguments (a non-constant one) is
    # the verifier's own, not the name's; so are NVVM's own intrinsics, whose compile failures
    # depend on the arch, the address space or a constant operand (rules of their own).
    fails = set()
    for r in recs:
        for path, arch in PATHS.items():
            a = r["answers"].get(arch)
            if r["variant"] == "ok" and a is not None and a[0] == 0 and a[2] != 0 and not r["name"].startswith("llvm.nvvm."):
                message = a[3] if a[2] is not None else "crash"
                if "not constant" not in (message or ""):
                    params = [t for t, _ in r["args"]] + (["..."] if r.get("vararg") else [])
                    fn_type = f"{r['ret']} ({', '.join(params)})"
                    fails.add("\t".join([path, r["name"], fn_type, message or ""]))
    fails_out = pathlib.Path(args.out).with_name("compile_fails.tsv")
    fails_out.write_text("\n".join(
        ["# Intrinsic calls libNVVM 13.5 verifies but does not compile, per path (generated by",
         "# scripts/probe/gen_table.py from corpus/probes/intrinsics.jsonl; do not edit): path, exact name,",
         "# the function type it was declared with, the compiler's first message (crash: it crashed)."] + sorted(fails)) + "\n")
    print(f"{fails_out}: {len(fails)} lines")
    for k, n in sorted(stats.items()):
        print(f"{k[0]:7} {k[1]}: {n}")
    print(f"{args.out}: {len(lines)} lines")
    if args.summary:
        for (path, key), n in other.most_common():
            print(f"{n:5} {path} ok rejected: {key}")


if __name__ == "__main__":
    main()
