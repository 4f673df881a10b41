#!/usr/bin/env python3
"""Held-out probes near the labelled corpus: seeded random neighbours of `corpus/verifier/*/*.ll`.

    python3 scripts/probe/neighbours.py record OUT.jsonl --seed S [--per-file K] [--archs compute_90,compute_100]
    python3 scripts/probe/neighbours.py gen OUT_DIR --seed S [--per-file K]
    python3 scripts/probe/neighbours.py measure DATA.jsonl --nvir target/release/nvir [--verbose]

`fresh.py` draws modules along the project's own axes, so it measures the rules against our own
idea of the space. This generator starts instead from each file of the libNVVM-labelled corpus and
makes K neighbours of it (seeded, 1–3 mutations each) that stay plausible probes of the file's
group: another address space, scalar type, linkage, alignment, function or parameter attribute,
name, annotation property or value, data layout, triple, `!nvvmir.version` node or constant
operand; an arch-gated intrinsic swapped for another file's; a line dropped or duplicated; the
problem of a file of another group spliced in (before or after, `multi_error` style); the module
spelled with opaque pointers. Which file a neighbour came from and what was done is its probe name
(`neighbours/<group>/<file>/<k>:<mutations>`).

`record` writes the records of `fresh.py record` / `axes.py record` (probe, seed, src, and per arch
`[verify rc, verify first message, compile rc, compile first message]`), so
`crates/verify/tests/heldout.rs` reads them; `measure` is `fresh.py measure` (the CLI as a user
runs it, against the recorded answers).
"""
import pathlib
import random
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "oracles"))

from axes import FN_ATTRS, LAYOUTS, LINKAGES, NAMES, PARAM_ATTRS, PROPERTIES, TRIPLES, _opaque  # noqa: E402
from fresh import PRODUCER_LAYOUTS, cli  # noqa: E402

CORPUS = HERE.parent.parent / "corpus" / "verifier"

SPACES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 101]
SCALARS = ["i1", "i8", "i16", "i32", "i64", "i128", "half", "float", "double", "bfloat", "fp128"]
ALIGNS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 4096, 1 << 16, 1 << 29, 1 << 30]
VALUES = [0, 1, -1, 2, 3, 7, 20, 24, 32, 64, 100, 128, 232, 240, 255, 256, 1024, 1025, 2048, 65535, 65536]
VERSIONS = ["!{i32 2, i32 0}", "!{i32 1, i32 0}", "!{i32 2, i32 1}", "!{i32 3, i32 0}", "!{i32 2, i32 99}",
            "!{i32 2, i32 0, i32 3, i32 1}", "!{i32 2, i32 0, i32 3, i32 0}", "!{i32 2, i32 0, i32 2, i32 0}",
            "!{i32 2, i32 0, i32 3, i32 2}", "!{i64 2, i64 0}", "!{i32 2}", "!{}", "!{!\"2\", !\"0\"}",
            "!{i32 1, i32 9}", "!{i32 2, i32 0, i32 1}", "!{i32 0, i32 0}", "!{i16 2, i16 0}"]
SCALAR_RE = r"(?<![\w.%@\"])({})(?![\w.])"
LINK_WORDS = sorted(set(LINKAGES) | {"external", "extern_weak", "linkonce_odr", "weak_odr"}, key=lambda w: (-len(w), w))


def corpus_files():
    return sorted(p for p in CORPUS.glob("*/*.ll"))


def body_lines(text):
    """Indices of the lines a mutation may touch (not comments, not blank)."""
    return [i for i, line in enumerate(text.splitlines()) if line.strip() and not line.lstrip().startswith(";")]


def sub_one(pattern, repl, text, rng):
    """`text` with one random match of `pattern` replaced by `repl(match)`."""
    ms = list(re.finditer(pattern, text))
    if not ms:
        return None
    m = rng.choice(ms)
    return text[:m.start()] + repl(m) + text[m.end():]


def m_addrspace(text, rng, _others):
    ms = re.findall(r"addrspace\((\d+)\)", text)
    new = rng.choice(SPACES)
    if not ms:
        # Put a global in an address space it was not in.
        return sub_one(r"(?m)^(@[\w.$\"]+ = (?:[a-z_]+ )*?)(global|constant) ", lambda m: f"{m[1]}addrspace({new}) {m[2]} ",
                       text, rng)
    old = rng.choice(ms)
    if rng.random() < 0.5:  # every use of that space at once: the module stays typed consistently
        return text.replace(f"addrspace({old})", f"addrspace({new})")
    return sub_one(r"addrspace\(\d+\)", lambda m: f"addrspace({new})", text, rng)


def outside_header(text, edit):
    """`edit` applied to the text below the `target` lines and comments (the layout keeps its `i16:16`)."""
    lines = text.splitlines(keepends=True)
    n = 0
    while n < len(lines) and (lines[n].startswith((";", "target ")) or not lines[n].strip()):
        n += 1
    tail = edit("".join(lines[n:]))
    return None if tail is None else "".join(lines[:n]) + tail


def m_type(text, rng, _others):
    present = [t for t in SCALARS if re.search(SCALAR_RE.format(re.escape(t)), outside_header(text, lambda t: t))]
    if not present:
        return None
    old, new = rng.choice(present), rng.choice(SCALARS)
    pat = SCALAR_RE.format(re.escape(old))
    if rng.random() < 0.5:
        return outside_header(text, lambda t: re.sub(pat, new, t))
    return outside_header(text, lambda t: sub_one(pat, lambda m: new, t, rng))


def m_linkage(text, rng, _others):
    new = rng.choice(LINK_WORDS + ["", ""])
    link = "|".join(LINK_WORDS)
    choices = [
        (rf"(?m)^(@[^=\n]+= )(?:(?:{link}) )?", lambda m: m[1] + (new + " " if new else "")),
        (rf"(?m)^(define )(?:(?:{link}) )?", lambda m: m[1] + (new + " " if new else "")),
    ]
    pat, repl = rng.choice(choices)
    return sub_one(pat, repl, text, rng)


def m_align(text, rng, _others):
    new = rng.choice(ALIGNS)
    out = sub_one(r"align (\d+)", lambda m: f"align {new}", text, rng)
    if out is None:
        out = sub_one(r"(?m)^(@[^\n]*(?:global|constant) [^\n]*?)$", lambda m: f"{m[1]}, align {new}", text, rng)
    return out


def m_fnattr(text, rng, _others):
    attr = rng.choice(FN_ATTRS)
    r = rng.random()
    if r < 0.35 and "attributes #" in text:
        return sub_one(r"(attributes #\d+ = \{ )", lambda m: m[1] + attr + " ", text, rng)
    if r < 0.5:  # drop one
        return sub_one(r"(?m)^(define [^\n]*\)) [a-z_]+(?=[ {])", lambda m: m[1], text, rng)
    return sub_one(r"(?m)^((?:define|declare) [^\n]*\))", lambda m: f"{m[1]} {attr}", text, rng)


def m_paramattr(text, rng, _others):
    attr = rng.choice(PARAM_ATTRS)
    return sub_one(r"(?m)(?<=[(,] )?((?:i\d+|float|double|half|ptr|[\w ()]+\*)) (%[\w.]+)(?=[,)])",
                   lambda m: f"{m[1]} {attr} {m[2]}", text, rng)


def m_rename(text, rng, _others):
    names = sorted(set(re.findall(r"(?m)^(?:define [^@\n]*|declare [^@\n]*|)@([A-Za-z_$.][\w$.]*)", text))
                   - {n for n in re.findall(r"@(llvm\.[\w.$]+)", text)})
    if not names:
        return None
    old = rng.choice(names)
    new = rng.choice(NAMES).replace("\\", "\\5C") if rng.random() < 0.8 else old + ".1"
    q = f'@"{new}"'
    return re.sub(rf"@{re.escape(old)}(?![\w$.])", lambda m: q, text)


def m_annotation(text, rng, _others):
    if rng.random() < 0.5:
        return sub_one(r'(!"[\w]+", i32 )(-?\d+)', lambda m: f"{m[1]}{rng.choice(VALUES)}", text, rng)
    prop = rng.choice(PROPERTIES)
    return sub_one(r'(?<=, )!"(\w+)"(?=, )', lambda m: f'!"{prop}"', text, rng)


def m_target(text, rng, what, choices):
    """The `target <what>` line set to one of `choices`, dropped (one time in ten) or added."""
    new = rng.choice(choices)
    if rng.random() < 0.1:
        return re.sub(rf'(?m)^target {what} = "[^"\n]*"\n', "", text)
    if f"target {what}" not in text:
        return f'target {what} = "{new}"\n' + text
    return re.sub(rf'(?m)^target {what} = "[^"\n]*"', lambda m: f'target {what} = "{new}"', text)


def m_layout(text, rng, _others):
    return m_target(text, rng, "datalayout", LAYOUTS + PRODUCER_LAYOUTS)


def m_triple(text, rng, _others):
    return m_target(text, rng, "triple", TRIPLES)


def m_version(text, rng, _others):
    m = re.search(r"(?m)^!nvvmir\.version = !\{!(\d+)\}", text)
    node = rng.choice(VERSIONS)
    if not m:
        return text + f"\n!nvvmir.version = !{{!990}}\n!990 = {node}\n"
    if rng.random() < 0.1:  # drop the named node
        return text[:m.start()] + text[m.end():]
    n = m[1]
    return re.sub(rf"(?m)^!{n} = (?:distinct )?!\{{[^\n]*\}}", lambda _: f"!{n} = {node}", text, count=1)


def m_const(text, rng, _others):
    """An integer operand of an instruction or a call (an immediate a rule may range-check)."""
    return sub_one(r"(?m)(?<=^  )([^\n;]*\bi(?:8|16|32|64) )(-?\d+)\b", lambda m: f"{m[1]}{rng.choice(VALUES)}", text, rng)


def m_drop_line(text, rng, _others):
    lines = text.splitlines()
    idx = [i for i in body_lines(text) if not lines[i].startswith(("define", "}", "target"))
           and not lines[i].strip().startswith(("ret", "}"))]
    if not idx:
        return None
    del lines[rng.choice(idx)]
    return "\n".join(lines) + "\n"


def m_dup_line(text, rng, _others):
    lines = text.splitlines()
    idx = [i for i in body_lines(text) if lines[i].startswith(("  ", "@", "declare", "!", "attributes"))
           and not lines[i].strip().startswith("ret")]
    if not idx:
        return None
    i = rng.choice(idx)
    lines.insert(i + 1, lines[i])
    return "\n".join(lines) + "\n"


def m_opaque(text, rng, _others):
    out = _opaque(text)
    return out if out != text else None


def decl_and_calls(text):
    """The first `declare … @llvm.…` line of `text` and the lines that call it."""
    m = re.search(r"(?m)^declare [^\n]*@(llvm\.[\w.$]+)\([^\n]*$", text)
    if not m:
        return None
    calls = [line for line in text.splitlines() if f"@{m[1]}(" in line and not line.startswith("declare")]
    return m[0], m[1], calls


def m_intrinsic(text, rng, others):
    """Another file's intrinsic (its declaration, calls and the calling function's parameters) in
    place of this one's."""
    mine = decl_and_calls(text)
    if not mine:
        return None
    pool = [o for g, _n, o in others if g in ("smgate", "intrinsics_nvvm", "intrinsics_llvm_typed",
                                               "intrinsics_llvm_unsupported", "atomics") and decl_and_calls(o)]
    if not pool:
        return None
    donor = rng.choice(pool)
    decl, _name, calls = decl_and_calls(donor)
    mdecl, _mname, mcalls = mine
    out = text.replace(mdecl, decl, 1)
    for i, c in enumerate(mcalls):
        out = out.replace(c, calls[i] if i < len(calls) else "", 1)
    extra = "\n".join(calls[len(mcalls):])
    if extra and mcalls:
        out = out.replace(calls[len(mcalls) - 1], calls[len(mcalls) - 1] + "\n" + extra, 1)
    # The caller takes the donor caller's parameters, so the calls' operands stay defined.
    dparams = re.search(r"(?ms)^define [^\n]*?@[\w.$\"]+\(([^\n]*)\)[^\n]*\{\n(?:(?!^\}).)*?" + re.escape(calls[0] if calls else "@@"), donor)
    if dparams and calls:
        head = re.search(r"(?ms)^(define [^\n]*?@[\w.$\"]+\()([^\n]*)(\)[^\n]*\{\n)(?:(?!^\}).)*?" + re.escape(calls[0]), out)
        if head:
            out = out[:head.start(2)] + dparams[1] + out[head.end(2):]
    return out


def split_module(text):
    """(header lines, top-level entity text, metadata lines) of a corpus module."""
    head, body, md = [], [], []
    for line in text.splitlines():
        if line.startswith(";") or line.startswith("target ") or line.startswith("source_filename"):
            head.append(line)
        elif line.startswith("!"):
            md.append(line)
        else:
            body.append(line)
    return head, "\n".join(body).strip(), md


def m_splice(text, rng, others):
    """The problem of a file of another group, in the same module (before or after this one's)."""
    group = re.search(r"(?m)^; case: (\w+)/", text)
    pool = [o for g, _n, o in others if not group or g != group[1]]
    other = rng.choice(pool)
    head, body, md = split_module(text)
    _h, obody, omd = split_module(other)
    mine = set(re.findall(r"@([\w.$]+|\"[^\"]*\")", body))
    for n in sorted(set(re.findall(r"@([\w.$]+|\"[^\"]*\")", obody)), key=len, reverse=True):
        if n in mine and not n.startswith("llvm."):
            nn = f'"{n.strip(chr(34))}.s"'
            obody = re.sub(rf"@{re.escape(n)}(?![\w.$])", lambda _m: "@" + nn, obody)
            omd = [re.sub(rf"@{re.escape(n)}(?![\w.$])", lambda _m: "@" + nn, x) for x in omd]
    decls_mine = set(re.findall(r"(?m)^declare [^\n]*", body))
    obody = "\n".join(line for line in obody.splitlines() if line not in decls_mine)
    obody = re.sub(r"#(\d+)\b", lambda m: f"#{int(m[1]) + 50}", obody)
    omd = [x for x in omd if not x.startswith("!nvvmir.version")]
    omd = [re.sub(r"!(\d+)\b", lambda m: f"!{int(m[1]) + 500}", x) for x in omd]
    obody = re.sub(r"!(\d+)\b", lambda m: f"!{int(m[1]) + 500}", obody)
    # The version node of the other module is not named any more; keep its number out.
    parts = [body, obody] if rng.random() < 0.6 else [obody, body]
    return "\n".join(head) + "\n\n" + "\n\n".join(parts) + "\n\n" + "\n".join(md + omd) + "\n"


MUTATIONS = {
    "addrspace": m_addrspace, "type": m_type, "linkage": m_linkage, "align": m_align, "fnattr": m_fnattr,
    "paramattr": m_paramattr, "rename": m_rename, "annotation": m_annotation, "layout": m_layout,
    "triple": m_triple, "version": m_version, "const": m_const, "drop": m_drop_line, "dup": m_dup_line,
    "opaque": m_opaque, "intrinsic": m_intrinsic, "splice": m_splice,
}

# The mutations that keep a file a probe of its group come first for that group.
FAVOURED = {
    "addrspacecast": ["addrspace", "type"], "alloca": ["addrspace", "align", "type"],
    "annotations": ["annotation", "rename", "const"], "atomics": ["type", "addrspace", "align", "const"],
    "datalayout": ["layout", "triple"], "fnattr_seed17": ["fnattr"], "fnattr_spec_extra": ["fnattr"],
    "fnprops": ["fnattr", "annotation"], "globals": ["addrspace", "linkage", "align", "type"],
    "identifiers": ["rename", "linkage"], "inline_asm": ["type", "const"],
    "instructions": ["type", "addrspace", "const"], "intrinsics_llvm_typed": ["intrinsic", "type"],
    "intrinsics_llvm_unsupported": ["intrinsic", "type"], "intrinsics_nvvm": ["intrinsic", "const", "type"],
    "linkage": ["linkage", "rename"], "llvm_structural": ["drop", "dup", "type"], "metadata": ["drop", "dup"],
    "multi_error": ["splice", "drop"], "nvvmir_version": ["version"], "params": ["paramattr", "type"],
    "smgate": ["intrinsic", "const"], "triple": ["triple", "layout"], "types": ["type"],
    "valid": ["splice", "addrspace", "type", "opaque"],
}


def neighbours(seed, per_file):
    rng = random.Random(seed)
    files = [(p.parent.name, p.stem, p.read_text()) for p in corpus_files()]
    out = []
    for group, name, text in files:
        for k in range(per_file):
            done, cur = [], text
            steps = rng.choice([1, 1, 2, 2, 3])
            for _ in range(12):  # a mutation that does not apply to the file is drawn again
                if len(done) == steps:
                    break
                fav = FAVOURED.get(group, [])
                kind = rng.choice(fav) if fav and rng.random() < 0.55 else rng.choice(sorted(MUTATIONS))
                new = MUTATIONS[kind](cur, rng, files)
                if new is not None and new != cur:
                    cur, done = new, done + [kind]
            if done:
                out.append((f"neighbours/{group}/{name}/{k}:{'+'.join(done)}", cur))
    return out


def gen_path(i, key):
    """The i-th probe's file under `gen`'s directory: its number and its name, made a file name."""
    stem = re.sub(r"[^\w]+", "_", key)[:80]
    return f"{i:04}_{stem}.ll"


def main():
    return cli(__doc__, neighbours, ("--per-file", 2, "neighbours of each corpus file"), gen_path)


if __name__ == "__main__":
    sys.exit(main())
