#!/usr/bin/env python3
"""Intrinsic probes: one minimal module per question, generated from the intrinsic data files.

    python3 probes.py [--list]      print how many probes there are (and, with --list, their ids)

A probe is one call of one intrinsic in a function of its own:

    target datalayout = "…"                       (fixed skeleton, the corpus's accepted header)
    target triple = "nvptx64-nvidia-cuda"
    declare <ret> @<name>(<arg types>)
    define void @f(<one parameter per non-constant argument>) {
      [%r = ]call <ret> @<name>(<arguments>)
      ret void
    }
    !nvvmir.version = !{!0}
    !0 = !{i32 2, i32 0}

so a probe is stored as its fields (`name`, `ret`, `args` as [type, value] pairs where the value
is a constant or "%" for a parameter, `vararg`) and `module_text` rebuilds the module; the Rust
test builds the same text the same way. Sources of the questions:

* `data/intrinsics-llvm14.json` (typed pointers: the dialect below compute_100) and
  `data/intrinsics-llvm19.json` (opaque `ptr`: compute_100+), extracted by `td_extract.py`;
* declarations of `llvm.*` names in the labelled corpus that neither tree has (NVIDIA's own
  names such as `llvm.nvvm.hmma.*`, `llvm.nvvm.membar`), and the `llvm.nvvm.*` names in
  libNVVM's message strings.

Each intrinsic gets its usual overloads (integers i8…i128, half/float/double, vectors, pointers
in several address spaces) and, for its first overload, wrong variants: one argument more, one
fewer, another return type, another first-argument type, a non-constant immarg, a misspelled name.
"""
import json
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]

HEADER = ('target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-'
          'f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"\n'
          'target triple = "nvptx64-nvidia-cuda"\n\n')
TRAILER = "\n!nvvmir.version = !{!0}\n!0 = !{i32 2, i32 0}\n"

TYPED_ARCHS = ["compute_75", "compute_80", "compute_90", "compute_100", "compute_120"]
OPAQUE_ARCHS = ["compute_100", "compute_120"]

# Overloads tried per kind of overloaded slot: (target-independent, nvvm).
INTS = (["i32", "i8", "i16", "i64", "i128", "<2 x i32>"], ["i32", "i64"])
FLOATS = (["float", "half", "double", "<2 x float>"], ["float", "double"])
VECTORS = (["<2 x i32>", "<2 x float>", "<4 x i16>"], ["<2 x i32>"])
ANYS = (["i32", "float"], ["i32"])
SPACES = ([0, 1, 3, 4, 5], [0, 1, 3])
MAX_OVERLOADS = 8


def module_text(p):
    """The module of probe `p` (see the docstring)."""
    types = [t for t, _ in p["args"]]
    decl_args = ", ".join(types + (["..."] if p.get("vararg") else []))
    params, vals, n = [], [], 0
    for t, v in p["args"]:
        if v == "%":
            params.append(f"{t} %a{n}")
            vals.append(f"{t} %a{n}")
            n += 1
        else:
            vals.append(f"{t} {v}")
    callee = f"{p['ret']} ({decl_args})" if p.get("vararg") else p["ret"]
    lhs = "" if p["ret"] == "void" else "%r = "
    return (HEADER + f"declare {p['ret']} @{p['name']}({decl_args})\n"
            + f"define void @f({', '.join(params)}) {{\n"
            + f"  {lhs}call {callee} @{p['name']}({', '.join(vals)})\n  ret void\n}}\n" + TRAILER)


# ---------------------------------------------------------------------------------------------
# Types.

def mangle(t):
    """LLVM's overload suffix for an IR type."""
    m = re.fullmatch(r"<(\d+) x (.+)>", t)
    if m:
        return f"v{m.group(1)}{mangle(m.group(2))}"
    if t.endswith("*"):
        m = re.fullmatch(r"(.+?)(?: addrspace\((\d+)\))?\*", t)
        return f"p{m.group(2) or 0}{mangle(m.group(1))}"
    if t == "ptr":
        return "p0"
    m = re.fullmatch(r"ptr addrspace\((\d+)\)", t)
    if m:
        return f"p{m.group(1)}"
    return {"half": "f16", "bfloat": "bf16", "float": "f32", "double": "f64", "fp128": "f128"}.get(t, t)


def pointer(space, elt, typed):
    if not typed:
        return "ptr" if space == 0 else f"ptr addrspace({space})"
    if elt == "?OtherVT":
        elt = "{}"  # LLVM's llvm_descriptor_ty: a pointer to the empty struct
    elt = elt if elt and not elt.startswith(("any", "match", "?")) else "i8"
    # A pointer to a pointer (`p0:p0:i8`, the element of `llvm.gcroot`'s first argument).
    m = re.fullmatch(r"p(\d+)(?::(.+))?", elt)
    if m:
        elt = pointer(int(m.group(1)), m.group(2), typed)
    return f"{elt}*" if space == 0 else f"{elt} addrspace({space})*"


def vec_parts(t):
    m = re.fullmatch(r"<(\d+) x (.+)>", t)
    return (int(m.group(1)), m.group(2)) if m else (None, t)


def concrete(desc, overloads, typed):
    """The IR type of a non-overloaded descriptor (None: cannot build it)."""
    if desc.startswith("match"):
        num, _, rest = desc[5:].partition(":")
        if int(num) >= len(overloads):
            return None
        base = overloads[int(num)]
        kind, _, elt = rest.partition(":")
        n, e = vec_parts(base)
        if not kind:
            return base
        if kind == "LLVMScalarOrSameVectorWidth":
            elt = elt or "i1"
            return f"<{n} x {elt}>" if n else elt
        if kind == "LLVMVectorElementType":
            return e if n else None
        if kind == "LLVMHalfElementsVectorType":
            return f"<{n // 2} x {e}>" if n and n % 2 == 0 else None
        if kind == "LLVMPointerToElt":
            return pointer(0, base, typed)
        return None
    m = re.fullmatch(r"p(\d+)(?::(.+))?", desc)
    if m:
        return pointer(int(m.group(1)), m.group(2), typed)
    if desc.startswith(("any", "?")) or desc == "...":
        return None
    return desc


def overload_choices(desc, nvvm, typed):
    k = 1 if nvvm else 0
    if desc == "anyint":
        return INTS[k]
    if desc == "anyfloat":
        return FLOATS[k] + ([] if typed or nvvm else ["bfloat"])
    if desc == "anyvector":
        return VECTORS[k]
    if desc == "any":
        return ANYS[k]
    if desc.startswith("anyptr"):
        elt = desc.partition(":")[2]
        return [pointer(s, elt, typed) for s in SPACES[k]]
    return None


def constant(t):
    if t == "metadata":
        return 'metadata !"probe"'
    if t == "token":
        return "none"
    if t == "i1":
        return "false"
    if re.fullmatch(r"i\d+", t):
        return "0"
    if t in ("half", "bfloat", "float", "double"):
        return "0.0"
    if t.endswith("*") or t.startswith("ptr"):
        return "null"
    return "zeroinitializer"


def value(t, imm):
    """An argument: a constant where one is required (immarg, or a type that cannot be a parameter)."""
    if imm or t in ("metadata", "token"):
        v = constant(t)
        return v[len("metadata "):] if t == "metadata" else v
    return "%"


# ---------------------------------------------------------------------------------------------
# Probes from a data file.

def instantiations(e, typed):
    """[(name, ret, args)] for an intrinsic's usual overloads; args as IR types."""
    slots = e["ret"] + e["args"]
    any_slots = [i for i, d in enumerate(slots) if d.startswith("any")]
    choices = [overload_choices(slots[i], e["nvvm"], typed) for i in any_slots]
    if any(c is None for c in choices):
        return []
    combos = [[c[0] for c in choices]]
    for j, c in enumerate(choices):
        for alt in c[1:]:
            combo = [c0[0] for c0 in choices]
            combo[j] = alt
            combos.append(combo)
    out = []
    for combo in combos[:MAX_OVERLOADS]:
        overloads = list(combo)
        types = []
        for i, d in enumerate(slots):
            if i in any_slots:
                types.append(overloads[any_slots.index(i)])
            elif d == "...":
                types.append("...")
            else:
                t = concrete(d, overloads, typed)
                if t is None:
                    break
                types.append(t)
        else:
            nret = len(e["ret"])
            rets, args = types[:nret], types[nret:]
            if "..." in rets:
                continue
            ret = "void" if not rets else rets[0] if len(rets) == 1 else "{" + ", ".join(rets) + "}"
            name = e["name"] + "".join("." + mangle(t) for t in overloads)
            out.append((name, ret, args))
    return out


def other_type(t):
    return {"i32": "i64", "i64": "i32", "float": "double", "double": "float", "i1": "i32", "i16": "i32",
            "i8": "i32", "half": "float", "void": "i32"}.get(t, "i32" if t != "i32" else "i64")


def misspell(name):
    """The base name with its last letter doubled: `llvm.nvvm.fmin.f` -> `llvm.nvvm.fmin.ff`."""
    return name + name[-1]


def probes_for(e, typed, src):
    dialect = "typed" if typed else "opaque"
    out = []
    for k, (name, ret, types) in enumerate(instantiations(e, typed)):
        vararg = "..." in types
        types = [t for t in types if t != "..."]
        imm = set(e["immarg"])
        args = [[t, value(t, i in imm)] for i, t in enumerate(types)]
        base = {"name": name, "ret": ret, "args": args, "vararg": vararg, "dialect": dialect, "src": src,
                "base": e["name"]}
        out.append({**base, "variant": "ok"})
        if k:
            continue
        out.append({**base, "variant": "extra-arg", "args": args + [["i32", "%"]]})
        if args:
            out.append({**base, "variant": "missing-arg", "args": args[:-1]})
            t0 = args[0][0]
            if t0 not in ("metadata", "token"):
                out.append({**base, "variant": "arg0-type", "args": [[other_type(t0), args[0][1]]] + args[1:]})
        out.append({**base, "variant": "ret-type", "ret": other_type(ret) if "{" not in ret else "i32"})
        for i in sorted(imm):
            if i < len(args) and args[i][0] not in ("metadata", "token"):
                nonconst = [list(a) for a in args]
                nonconst[i][1] = "%"
                out.append({**base, "variant": f"immarg{i}-nonconst", "args": nonconst})
                break
        out.append({**base, "variant": "misspelled", "name": misspell(e["name"]) + name[len(e["name"]):]})
        if name != e["name"]:
            out.append({**base, "variant": "bad-suffix", "name": name + "x"})
    return out


DECL = re.compile(r"^declare\s+(.+?)\s+@(llvm\.[\w.$]+)\((.*)\)", re.M)


def split_types(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "<{[(":
            depth += 1
        elif ch in ">}])":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def extra_entries(known):
    """Declarations of llvm.* names in the corpus that the trees lack, as fixed-signature entries."""
    seen = {}
    for f in sorted((ROOT / "corpus/verifier").glob("*/*.ll")):
        text = f.read_text(errors="replace")
        if "ptr " in text and " ptr" in text:
            continue
        for ret, name, args in DECL.findall(text):
            if name in known or name in seen or "(" in ret:
                continue
            types = [re.sub(r"\s+(zeroext|signext|immarg|nocapture|readonly)\b", "", t) for t in split_types(args)]
            types = [t for t in types if t]
            if any("%" in t or "@" in t for t in types):
                continue
            seen[name] = {"name": name, "ret": [ret] if ret != "void" else [], "args": types, "immarg": [], "nvvm": True}
    strings = (ROOT / "docs/libnvvm-verifier-strings.txt").read_text()
    for name in sorted(set(re.findall(r"llvm\.nvvm\.[a-z0-9_.]*[a-z0-9]", strings))):
        if name not in known and name not in seen:
            seen[name] = {"name": name, "ret": [], "args": [], "immarg": [], "nvvm": True}
    return list(seen.values())


def fixed_name(e):
    """Whether an entry's name is already complete (no overloaded slot)."""
    return not any(d.startswith("any") for d in e["ret"] + e["args"])


def all_probes():
    """Every probe, deduplicated on its module text, each with a stable id."""
    probes = []
    known = set()
    for src, typed in (("llvm14", True), ("llvm19", False)):
        data = json.loads((HERE / f"data/intrinsics-{src}.json").read_text())["intrinsics"]
        for e in data:
            known.add(e["name"])
            probes += probes_for(e, typed, src)
    for e in extra_entries(known):
        probes += probes_for(e, True, "corpus")
    out, seen = [], {}
    for p in probes:
        text = module_text(p)
        typed_text = "ptr" not in re.sub(r"@[\w.$]+", "", text)
        p["archs"] = TYPED_ARCHS if typed_text else OPAQUE_ARCHS
        if text in seen:
            continue
        seen[text] = True
        p["id"] = f"{p['name']}#{p['variant']}#{p['dialect']}"
        out.append(p)
    ids = {}
    for p in out:
        n = ids.get(p["id"], 0)
        ids[p["id"]] = n + 1
        if n:
            p["id"] += f"#{n}"
    return out


if __name__ == "__main__":
    ps = all_probes()
    if "--list" in sys.argv:
        for p in ps:
            print(p["id"])
    runs = sum(len(p["archs"]) for p in ps)
    print(f"{len(ps)} probes, {runs} (probe, arch) runs", file=sys.stderr)
