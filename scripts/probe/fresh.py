#!/usr/bin/env python3
"""Held-out probes: fresh random draws along the module-rule axes, and axes `axes.py` does not probe.

    python3 scripts/probe/fresh.py record OUT.jsonl --seed S [--n N] [--archs compute_90,compute_100]
    python3 scripts/probe/fresh.py gen OUT_DIR --seed S [--n N]
    python3 scripts/probe/fresh.py measure DATA.jsonl --nvir target/release/nvir

The rules in `crates/verify` were written from `axes.py`'s probes; a rule fitted to those files
can still be wrong on the next file. This generator measures how the rules generalise: with a new
seed it draws new modules nobody wrote a rule from, so the agreement it measures is the one a user
sees. Two kinds of probe:

* `combo/…`: a module assembled from 1–3 random parts (a global with a random address space,
  type, initializer, linkage, alignment and name; a function with a random instruction on a random
  type and address space; random function and parameter attributes; a producer's data layout and
  a triple; a kernel annotation), so problems meet in combinations and in orders no probe had.
* the axes `axes.py` leaves out, each drawn with random context: grammar constructs of LLVM 8…22
  on both paths (typed and opaque pointers), attribute groups referenced but never defined,
  numbering gaps, quoted numeric names, `uselistorder`, `DI*` fields by LLVM version, TBAA type
  graphs, the layouts real producers write × triple, `addrspacecast` inside constant expressions
  and initializers, identifiers of random characters, and nested global initializers.

`record` writes the same records as `axes.py record` (probe, src, and per arch `[verify rc, verify
first message, compile rc, compile first message]`), so `crates/verify/tests/heldout.rs` reads both.
"""
import argparse
import json
import pathlib
import random
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "oracles"))

from axes import (FN_ATTRS, LAYOUT, LINKAGES, NAMES, PARAM_ATTRS, TRIPLE, VERSION, ask, fn, module, ptr,  # noqa: E402
                  safe)

KERNEL_TAIL = "!nvvm.annotations = !{!90}\n!90 = !{void ()* @k, !\"kernel\", i32 1}\n" + VERSION

# Layouts real producers write (clang 14…22 NVPTX, rustc, MLIR's NVVM target, numba/libNVVM's own,
# 32-bit and short-pointer variants).
PRODUCER_LAYOUTS = [
    LAYOUT,
    "e-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-p3:32:32-p4:32:32-p5:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-p:32:32-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-p:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-i64:64-v16:16-v32:32-n16:32:64",
    "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64",
    "e-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64",
    LAYOUT + "-a:8:8-f128:128:128-p6:32:32",
    "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64-A5",
    "e-p:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64",
    "e-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64",
    "e-p:64:64:64-i64:64:64-i128:128:128-f32:32:32-f64:64:64-n16:32:64",
    "e-p:64:64-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-m:e-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-i64:64-i128:128-v16:16-v32:32-n16:32:64-S32",
    "e-i64:64-i128:128-v16:16-v32:32-v64:64-v128:128-n16:32:64",
    "e-i64:64-i128:128-f16:16-v16:16-v32:32-n16:32:64",
]
TRIPLES = ["nvptx64-nvidia-cuda", "nvptx-nvidia-cuda", "nvptx64-nvidia-nvcl", "nvptx64-unknown-cuda",
           "nvptx64-nvidia-cuda12.0", "nvptx64-nvidia-unknown", "nvptx64--", "nvptx64-nvidia-amdhsa"]

SPACES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 255]
TYPES = ["i1", "i8", "i16", "i32", "i64", "i128", "half", "float", "double", "fp128", "<2 x float>", "<4 x i32>",
         "<3 x i8>", "[4 x i32]", "[0 x i8]", "{ i32, float }", "<{ i8, i64 }>", "i8*", "i32 addrspace(3)*", "i24",
         "<2 x half>", "<2 x i64>", "i256", "x86_fp80"]
INTS = ["i1", "i8", "i16", "i32", "i64", "i128", "i24", "i256"]
FLOATS = ["half", "float", "double", "fp128", "x86_fp80"]


def value(ty, rng, zero=False):
    """A constant of type `ty`."""
    if ty.endswith("*"):
        return "null"
    if ty in INTS:
        return "0" if zero else str(rng.choice([0, 1, 7, -1]))
    if ty in FLOATS:
        return {"half": "0xH3C00", "fp128": "0xL00000000000000003FFF000000000000",
                "x86_fp80": "0xK3FFF8000000000000000"}.get(ty, "1.0")
    if rng.random() < 0.5 or zero:
        return "zeroinitializer"
    return "undef"


def pick_name(rng):
    pool = ["g", "v", "buf", "_Z3fooPi", "x.y", "a-b", "$z", "__nv_q", "tab9", "n.1", "s$t", "k\\01", "0x", "5",
            "llvm.used2", "nvvm.q", "é", "w w", ".hidden", "a@b"]
    return rng.choice(pool)


def quoted(name):
    if all(c.isalnum() or c in "._$" for c in name) and not name[0].isdigit() and name.isascii():
        return "@" + name
    return f'@"{name}"'


# ---------------------------------------------------------------------------------------------
# combo: random parts in one module.

def part_global(rng, n):
    asp = rng.choice(SPACES)
    ty = rng.choice(TYPES)
    kind = rng.choice(["global", "constant"])
    link = rng.choice(["", "", "internal ", "private ", "linkonce_odr ", "weak ", "common ", "external ",
                       "available_externally ", "extern_weak "])
    name = f"{n}{pick_name(rng)}" if rng.random() < 0.3 else f"{n}g"
    init = "" if link in ("external ", "extern_weak ") else (
        rng.choice(["undef", "zeroinitializer", value(ty, rng)]) if not ty.endswith("*") else rng.choice(["null", "undef"]))
    if link == "common " and init not in ("zeroinitializer",):
        init = "zeroinitializer" if not ty.endswith("*") else "null"
    extra = ""
    if rng.random() < 0.3:
        extra += f", align {rng.choice([1, 2, 4, 8, 16, 32, 128, 1 << 20])}"
    if rng.random() < 0.15:
        extra += f', section "{rng.choice([".nv.constant0", "foo", ".nv.global", "llvm.metadata"])}"'
    ua = rng.choice(["", "", "unnamed_addr ", "local_unnamed_addr ", "externally_initialized "])
    asp_s = f"addrspace({asp}) " if asp else ""
    text = f"{quoted(name)} = {link}{ua}{asp_s}{kind} {ty}{(' ' + init) if init else ''}{extra}\n"
    use = ""
    if rng.random() < 0.5:
        use = f"  %u{n} = load {ty}, {ptr(ty, asp)} {quoted(name)}\n"
    return text, use


SCOPES = ["", 'syncscope("block") ', 'syncscope("singlethread") ']
INSTS = [
    ("arith", lambda t, a, r: (f"{t} %x", f"  %r = {'fadd' if t in FLOATS or 'half' in t or 'float' in t else 'add'} {t} %x, %x")),
    ("div", lambda t, a, r: (f"{t} %x", f"  %r = {'fdiv' if t in FLOATS or 'half' in t or 'float' in t else 'sdiv'} {t} %x, %x")),
    ("load", lambda t, a, r: (f"{ptr(t, a)} %p", f"  %r = load {t}, {ptr(t, a)} %p")),
    ("store", lambda t, a, r: (f"{ptr(t, a)} %p, {t} %x", f"  store {t} %x, {ptr(t, a)} %p")),
    ("volatile", lambda t, a, r: (f"{ptr(t, a)} %p", f"  %r = load volatile {t}, {ptr(t, a)} %p")),
    ("atomic_load", lambda t, a, r: (f"{ptr(t, a)} %p", f"  %r = load atomic {t}, {ptr(t, a)} %p {r.choice(['monotonic', 'acquire', 'seq_cst', 'unordered'])}, align 8")),
    ("rmw", lambda t, a, r: (f"{ptr(t, a)} %p, {t} %x", f"  %r = atomicrmw {r.choice(['add', 'xchg', 'max', 'umin', 'or', 'nand', 'fadd', 'sub'])} {ptr(t, a)} %p, {t} %x {r.choice(['monotonic', 'seq_cst', 'acq_rel'])}")),
    ("cmpxchg", lambda t, a, r: (f"{ptr(t, a)} %p, {t} %x", f"  %r = cmpxchg {ptr(t, a)} %p, {t} %x, {t} %x {r.choice(['monotonic', 'seq_cst', 'acquire'])} monotonic")),
    ("gep", lambda t, a, r: (f"{ptr(t, a)} %p", f"  %r = getelementptr inbounds {t}, {ptr(t, a)} %p, i64 {r.choice([1, -1, 0])}")),
    ("asc", lambda t, a, r: (f"{ptr(t, a)} %p", f"  %r = addrspacecast {ptr(t, a)} %p to {ptr(t, r.choice(SPACES))}")),
    ("alloca", lambda t, a, r: ("", f"  %r = alloca {t}, align {r.choice([1, 4, 16])}" + (f", addrspace({a})" if a else ""))),
    ("select", lambda t, a, r: (f"i1 %c, {t} %x", f"  %r = select i1 %c, {t} %x, {t} %x")),
    ("phi", lambda t, a, r: (f"{t} %x", f"  br label %b\nb:\n  %r = phi {t} [ %x, %0 ]")),
    ("bitcast", lambda t, a, r: (f"{t} %x", f"  %r = bitcast {t} %x to {t}")),
    ("ptrtoint", lambda t, a, r: (f"{ptr(t, a)} %p", f"  %r = ptrtoint {ptr(t, a)} %p to {r.choice(['i64', 'i32', 'i16'])}")),
    ("fence", lambda t, a, r: ("", "  fence " + r.choice(SCOPES) + r.choice(['acquire', 'release', 'seq_cst', 'acq_rel']))),
    ("call_asm", lambda t, a, r: (f"{t} %x", f"  call void asm sideeffect \"// $0\", \"{r.choice(['r', 'l', 'h', 'f', 'd'])}\"({t} %x)")),
    ("cmp", lambda t, a, r: (f"{t} %x", f"  %r = {'fcmp olt' if t in FLOATS or 'half' in t or 'float' in t else 'icmp ult'} {t} %x, %x")),
    ("extract", lambda t, a, r: (f"{t} %x", f"  %r = extractvalue {t} %x, 0" if t[0] in "[{<" and t[0] != "<" else f"  %r = extractelement {t} %x, i32 0")),
    ("memcpy", lambda t, a, r: (f"i8 addrspace({a})* %p, i8* %q", f"  call void @llvm.memcpy.p{a}i8.p0i8.i64(i8 addrspace({a})* %p, i8* %q, i64 8, i1 false)")),
]


def part_function(rng, n):
    kind, make = rng.choice(INSTS)
    ty = rng.choice(TYPES)
    asp = rng.choice(SPACES)
    params, body = make(ty, asp, rng)
    if kind == "phi":
        pass
    decl = ""
    if kind == "memcpy":
        decl = f"declare void @llvm.memcpy.p{asp}i8.p0i8.i64(i8 addrspace({asp})*, i8*, i64, i1)\n"
        params = params.replace("i8 addrspace(0)*", "i8*")
        body = body.replace("i8 addrspace(0)*", "i8*").replace("p0i8.p0i8", "p0i8.p0i8")
    params = params.replace(" addrspace(0)", "")
    body = body.replace(" addrspace(0)", "")
    link = rng.choice(["", "", "", "internal ", "linkonce_odr ", "weak ", "private "])
    attrs = ""
    if rng.random() < 0.3:
        attrs = " " + rng.choice(FN_ATTRS)
    pattr = ""
    if params and rng.random() < 0.25:
        first, _, rest = params.partition(" %")
        pattr = rng.choice(PARAM_ATTRS)
        params = f"{first} {pattr} %{rest}"
    name = f"{n}f" if rng.random() < 0.8 else f"{n}{pick_name(rng)}"
    text = decl + f"define {link}void {quoted(name)}({params}){attrs} {{\n{body}\n  ret void\n}}\n"
    return text


def part_kernel(rng, n):
    props = rng.sample(["maxntidx", "reqntidx", "minctasm", "maxnreg", "cluster_dim_x", "maxclusterrank",
                        "cluster_max_blocks", "maxntidy"], rng.choice([0, 1, 2]))
    entries = [f'void ()* @{n}k, !"kernel", i32 1'] if rng.random() < 0.85 else []
    for p in props:
        entries.append(f'void ()* @{n}k, !"{p}", i32 {rng.choice([0, 1, 32, 1024, 2048])}')
    ret = "void"
    body = f"define {ret} @{n}k() {{\n  ret void\n}}\n"
    return body, entries


def combo(rng, i):
    n_parts = rng.choice([1, 1, 2, 2, 3])
    layout = rng.choice(PRODUCER_LAYOUTS) if rng.random() < 0.3 else LAYOUT
    triple = rng.choice(TRIPLES) if rng.random() < 0.12 else TRIPLE
    body, uses, anns = "", "", []
    for j in range(n_parts):
        n = "abc"[j]
        what = rng.choice(["global", "function", "function", "kernel"])
        if what == "global":
            t, u = part_global(rng, n)
            body += t
            uses += u
        elif what == "function":
            body += part_function(rng, n)
        else:
            t, e = part_kernel(rng, n)
            body += t
            anns += e
    if uses:
        body += f"define void @user() {{\n{uses}  ret void\n}}\n"
    tail = ""
    if anns:
        tail = "!nvvm.annotations = !{" + ", ".join(f"!{50 + k}" for k in range(len(anns))) + "}\n"
        tail += "".join(f"!{50 + k} = !{{{e}}}\n" for k, e in enumerate(anns))
    return f"combo/{i:04}", module(body, layout=layout, triple=triple, tail=tail + VERSION)


# ---------------------------------------------------------------------------------------------
# Axes axes.py leaves out.

# Grammar constructs, each with the LLVM version that introduced it: (name, params, body, extra
# top-level text). `P` is a pointer type, filled in per dialect.
GRAMMAR = [
    ("poison", "i32 %a", "  %r = add i32 %a, poison", ""),
    ("freeze", "i32 %a", "  %r = freeze i32 %a", ""),
    ("fneg", "float %a", "  %r = fneg float %a", ""),
    ("fneg_fast", "float %a", "  %r = fneg fast float %a", ""),
    ("bfloat_arith", "bfloat %a", "  %r = fadd bfloat %a, %a", ""),
    ("bfloat_vec", "<2 x bfloat> %a", "  %r = fadd <2 x bfloat> %a, %a", ""),
    ("vscale_param", "<vscale x 4 x i32> %a", "", ""),
    ("target_type", "target(\"nvidia.x\") %a", "", ""),
    ("numbered_args", "i32 %0", "  %2 = add i32 %0, 1", ""),
    ("numbered_label", "", "  br label %1\n1:", ""),
    ("noundef_param", "i32 noundef %a", "", ""),
    ("memory_attr", "", "", "", " memory(none)"),
    ("willreturn", "", "", "", " willreturn"),
    ("mustprogress", "", "", "", " mustprogress"),
    ("nocallback", "", "", "", " nocallback"),
    ("byval_typed", "i32* byval(i32) %p", "", ""),
    ("byval_untyped", "i32* byval %p", "", ""),
    ("sret_typed", "i32* sret(i32) %p", "", ""),
    ("elementtype", "", "  call void asm sideeffect \"\", \"=*m\"(i32* elementtype(i32) null)", ""),
    ("range_attr", "i32 range(i32 0, 10) %a", "", ""),
    ("nofpclass", "float nofpclass(nan) %a", "", ""),
    ("captures_none", "i32* captures(none) %p", "", ""),
    ("initializes", "i32* initializes((0, 4)) %p", "", ""),
    ("writable", "i32* writable %p", "", ""),
    ("dead_on_unwind", "i32* dead_on_unwind %p", "", ""),
    ("allocsize", "", "", "", " allocsize(0)"),
    ("vscale_range", "", "", "", " vscale_range(1,16)"),
    ("nuw_trunc", "i32 %a", "  %r = trunc nuw i32 %a to i8", ""),
    ("nneg_zext", "i32 %a", "  %r = zext nneg i32 %a to i64", ""),
    ("disjoint_or", "i32 %a", "  %r = or disjoint i32 %a, 1", ""),
    ("samesign_icmp", "i32 %a", "  %r = icmp samesign ult i32 %a, 1", ""),
    ("nneg_uitofp", "i32 %a", "  %r = uitofp nneg i32 %a to float", ""),
    ("gep_nuw", "i32* %p", "  %r = getelementptr nuw i32, i32* %p, i64 1", ""),
    ("gep_inrange_const", "", "  %r = load i32, i32* getelementptr inbounds ({ [2 x i32] }, { [2 x i32] }* @G, i64 0, inrange i32 0, i64 1)", "@G = addrspace(0) global { [2 x i32] } zeroinitializer\n"),
    ("fmf_phi", "float %a", "  br label %b\nb:\n  %r = phi fast float [ %a, %0 ]", ""),
    ("fmf_select", "i1 %c, float %a", "  %r = select nnan i1 %c, float %a, float %a", ""),
    ("fmf_call", "float %a", "  %r = call nnan float @llvm.fabs.f32(float %a)", "declare float @llvm.fabs.f32(float)\n"),
    ("rmw_fadd", "float* %p", "  %r = atomicrmw fadd float* %p, float 1.0 seq_cst", ""),
    ("rmw_fmax", "float* %p", "  %r = atomicrmw fmax float* %p, float 1.0 seq_cst", ""),
    ("rmw_uinc_wrap", "i32* %p", "  %r = atomicrmw uinc_wrap i32* %p, i32 1 seq_cst", ""),
    ("rmw_usub_cond", "i32* %p", "  %r = atomicrmw usub_cond i32* %p, i32 1 seq_cst", ""),
    ("rmw_xchg_float", "float* %p", "  %r = atomicrmw xchg float* %p, float 1.0 seq_cst", ""),
    ("rmw_align", "i32* %p", "  %r = atomicrmw add i32* %p, i32 1 seq_cst, align 4", ""),
    ("cmpxchg_align", "i32* %p", "  %r = cmpxchg i32* %p, i32 0, i32 1 seq_cst seq_cst, align 4", ""),
    ("splat_const", "<4 x i32> %a", "  %r = add <4 x i32> %a, splat (i32 1)", ""),
    ("callbr", "", "  callbr void asm \"\", \"r,!i\"(i32 0) to label %a [label %b]\na:\n  ret void\nb:", ""),
    ("dso_local_equivalent", "", "  %r = ptrtoint void ()* dso_local_equivalent @h to i64", "declare void @h()\n"),
    ("no_cfi", "", "  %r = ptrtoint void ()* no_cfi @h to i64", "declare void @h()\n"),
    ("uselistorder", "i32 %a", "  %x = add i32 %a, 1\n  %y = add i32 %a, 2\n  uselistorder i32 %a, { 1, 0 }", ""),
    ("uselistorder_bb", "", "", "define void @h() {\n  ret void\n}\nuselistorder_bb @h, %0, { 0 }\n"),
    ("dbg_record", "", "  #dbg_value(i32 0, !7, !DIExpression(), !8)", ""),
    ("unnamed_addr_fn", "", "", "", " unnamed_addr"),
    ("local_unnamed_addr_fn", "", "", "", " local_unnamed_addr"),
    ("dso_local", "", "", "@G = dso_local addrspace(1) global i32 0\n"),
    ("code_model", "", "", "@G = addrspace(1) global i32 0, code_model \"small\"\n"),
    ("partition", "", "", "@G = addrspace(1) global i32 0, partition \"p\"\n"),
    ("no_sanitize", "", "", "@G = addrspace(1) global i32 0, no_sanitize_address\n"),
    ("opaque_ptr_param", "ptr %p", "", ""),
    ("opaque_ptr_as", "ptr addrspace(1) %p", "  %r = load i32, ptr addrspace(1) %p", ""),
    ("opaque_in_typed", "i32* %p, ptr %q", "", ""),
    ("zero_sized_vec", "", "", "@G = addrspace(1) global <1 x i32> zeroinitializer\n"),
    ("tail_call_kinds", "", "  notail call void @h()", "declare void @h()\n"),
    ("swifterror_param", "i8** swifterror %p", "", ""),
    ("inalloca_typed", "i32* inalloca(i32) %p", "", ""),
    ("preallocated", "i32* preallocated(i32) %p", "", ""),
    ("noundef_ret", "", "", "declare noundef i32 @h()\n"),
    ("hot_fn", "", "", "", " hot"),
    ("nosanitize_coverage", "", "", "", " nosanitize_coverage"),
    ("fn_align_attr", "", "", "", " align 4"),
    ("ptr_in_metadata", "", "  call void @llvm.foo.md(metadata i32* null)", "declare void @llvm.foo.md(metadata)\n"),
    ("icmp_vec_ptr", "<2 x i32*> %a", "  %r = icmp eq <2 x i32*> %a, %a", ""),
    ("getelementptr_vec", "<2 x i32*> %a", "  %r = getelementptr i32, <2 x i32*> %a, i64 1", ""),
    ("unreachable_only", "", "  unreachable\nx:", ""),
    ("insertvalue_nested", "{ [2 x i32], i8 } %a", "  %r = insertvalue { [2 x i32], i8 } %a, i32 1, 0, 1", ""),
    ("switch_empty", "i32 %a", "  switch i32 %a, label %d []\nd:", ""),
    ("indirectbr", "i8* %p", "  indirectbr i8* %p, [label %d]\nd:", ""),
    ("landingpad_free", "", "  %x = alloca i32\n  %y = load volatile i32, i32* %x, !nontemporal !{i32 1}", ""),
    ("shufflevector_poison", "<4 x i32> %a", "  %r = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> zeroinitializer", ""),
    ("constexpr_mul", "", "  %r = add i64 mul (i64 ptrtoint (i32* @G to i64), i64 2), 0", "@G = global i32 0\n"),
    ("constexpr_and", "", "  %r = add i64 and (i64 ptrtoint (i32* @G to i64), i64 2), 0", "@G = global i32 0\n"),
    ("constexpr_icmp", "", "  %r = select i1 icmp eq (i32* @G, i32* null), i32 1, i32 0", "@G = global i32 0\n"),
    ("constexpr_select", "", "  %r = add i32 select (i1 true, i32 1, i32 0), 0", ""),
    ("constexpr_fneg", "", "  %r = fadd float fneg (float 1.0), 0.0", ""),
    ("constexpr_extractelement", "", "  %r = add i32 extractelement (<2 x i32> <i32 1, i32 2>, i32 0), 0", ""),
]


def opaque(text):
    """The same text with opaque pointers."""
    import re
    text = text.replace("{ [2 x i32] }*", "ptr").replace("void ()*", "ptr")
    text = re.sub(r"(\b(?:i\d+|float|double|half|bfloat|void \(\)|\{ \[2 x i32\] \}|i8\*)) addrspace\((\d+)\)\*", r"ptr addrspace(\2)", text)
    for _ in range(3):
        text = re.sub(r"\b(?:i\d+|float|double|half|bfloat|ptr|void \(\)|\{ \[2 x i32\] \})\*", "ptr", text)
    return text


def grammar(rng):
    for entry in GRAMMAR:
        name, params, body, extra = entry[:4]
        fattr = entry[4] if len(entry) > 4 else ""
        b = (body + "\n" if body else "") + "  ret void"
        tail = VERSION
        if name == "dbg_record":
            tail = ('!llvm.dbg.cu = !{!1}\n!llvm.module.flags = !{!9}\n!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, '
                    'emissionKind: FullDebug)\n!2 = !DIFile(filename: "a.c", directory: "/")\n'
                    '!6 = distinct !DISubprogram(name: "f", scope: !2, file: !2, unit: !1, spFlags: DISPFlagDefinition)\n'
                    '!7 = !DILocalVariable(name: "x", scope: !6, file: !2, type: !10)\n!8 = !DILocation(line: 1, scope: !6)\n'
                    '!9 = !{i32 2, !"Debug Info Version", i32 3}\n!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)\n'
                    + VERSION)
            fattr = " !dbg !6"
        text = extra + f"define void @f({params}){fattr} {{\n{b}\n}}\n"
        # Random context: a kernel beside it, or the construct in a second function.
        if rng.random() < 0.3:
            text += "define void @k() {\n  ret void\n}\n"
            tail = tail.replace(VERSION, KERNEL_TAIL) if tail.endswith(VERSION) else tail
        yield f"grammar/{name}_typed", module(text, tail=tail)
        yield f"grammar/{name}_opaque", module(opaque(text), tail=opaque(tail))


def attr_groups(rng):
    attrs = ["nounwind", "readnone", "alwaysinline", "noinline", "convergent", "\"x\"=\"y\"", "naked", "cold",
             "norecurse", "alignstack=16"]
    for where in ["def", "decl", "callsite", "param"]:
        for defined in ["undefined", "defined", "defined_empty", "defined_twice"]:
            a = rng.choice(attrs)
            gdef = {"undefined": "", "defined": f"attributes #3 = {{ {a} }}\n",
                    "defined_empty": "attributes #3 = { }\n",
                    "defined_twice": f"attributes #3 = {{ {a} }}\nattributes #3 = {{ nounwind }}\n"}[defined]
            if where == "def":
                body = "define void @f() #3 {\n  ret void\n}\n"
            elif where == "decl":
                body = "declare void @h() #3\ndefine void @f() {\n  call void @h()\n  ret void\n}\n"
            elif where == "callsite":
                body = "declare void @h()\ndefine void @f() {\n  call void @h() #3\n  ret void\n}\n"
            else:
                body = "define void @f(i32 #3 %a) {\n  ret void\n}\n"
            yield f"attrgroup/{where}_{defined}_{safe(a)}", module(body + gdef)
    for n in [0, 7, 12345]:
        yield f"attrgroup/unused_{n}", module(fn("  ret void") + f"attributes #{n} = {{ {rng.choice(attrs)} }}\n")


def numbering(rng):
    cases = {
        "value_gap": ("i32 %a", "  %0 = add i32 %a, 1\n  %2 = add i32 %0, 1"),
        "value_gap_start": ("i32 %a", "  %1 = add i32 %a, 1"),
        "value_order": ("i32 %a", "  %1 = add i32 %a, 1\n  %0 = add i32 %1, 1"),
        "value_repeat": ("i32 %a", "  %0 = add i32 %a, 1\n  %0 = add i32 %a, 2"),
        "value_unnamed_mix": ("i32 %a", "  %x = add i32 %a, 1\n  %0 = add i32 %x, 1\n  %1 = add i32 %0, 1"),
        "arg_numbered_gap": ("i32 %1", ""),
        "block_gap": ("", "  br label %3\n3:"),
        "block_name_numeric_quoted": ("", "  br label %\"7\"\n\"7\":"),
        "value_quoted_numeric": ("i32 %a", "  %\"5\" = add i32 %a, 1"),
        "value_large_number": ("i32 %a", "  %0 = add i32 %a, 1\n  %1 = add i32 %0, 1\n  %4294967296 = add i32 %1, 1"),
    }
    for name, (params, body) in cases.items():
        yield f"numbering/{name}", module(fn(body + "\n  ret void", params))
    glob = {
        "global_gap": "@0 = addrspace(1) global i32 0\n@2 = addrspace(1) global i32 0\n",
        "global_start_1": "@1 = addrspace(1) global i32 0\n",
        "global_fn_mix": "@0 = addrspace(1) global i32 0\ndefine void @1() {\n  ret void\n}\n",
        "global_fn_gap": "define void @1() {\n  ret void\n}\n",
        "md_gap": "",
        "quoted_numeric_global": "@\"3\" = addrspace(1) global i32 0\n",
        "quoted_numeric_fn": "define void @\"12\"() {\n  ret void\n}\n",
        "quoted_leading_digit": "@\"1a\" = addrspace(1) global i32 0\n",
        "quoted_numeric_internal": "@\"8\" = internal addrspace(1) global i32 0\n",
        "quoted_numeric_decl": "declare void @\"9\"()\n",
    }
    for name, text in glob.items():
        tail = VERSION
        if name == "md_gap":
            tail = "!nvvmir.version = !{!5}\n!5 = !{i32 2, i32 0}\n!foo = !{!2}\n!2 = !{i32 1}\n"
        yield f"numbering/{name}", module(text + fn("  ret void", name=rng.choice(["f", "k", "main"])), tail=tail)


DI_CU_FIELDS = ["nameTableKind: None", "nameTableKind: GNU", "rangesBaseAddress: true", "sysroot: \"/\"",
                "sdk: \"x\"", "debugInfoForProfiling: true", "splitDebugInlining: false", "runtimeVersion: 0",
                "isOptimized: true", "producer: \"clang\"", "emissionKind: LineTablesOnly",
                "emissionKind: DebugDirectivesOnly", "emissionKind: NoDebug", "dwoId: 1", "flags: \"-O2\"",
                "enums: !{}", "macros: !{}", "globals: !{}", "imports: !{}", "retainedTypes: !{}",
                "language: DW_LANG_C_plus_plus_14", "language: DW_LANG_Rust", "language: DW_LANG_Mojo",
                "sourceLanguageName: DW_LNAME_C"]
DI_SP_FIELDS = ["spFlags: DISPFlagDefinition", "spFlags: DISPFlagDefinition | DISPFlagOptimized",
                "isDefinition: true", "isLocal: false", "flags: DIFlagPrototyped", "flags: DIFlagAllCallsDescribed",
                "scopeLine: 1", "thisAdjustment: 0", "targetFuncName: \"x\"", "annotations: !{}",
                "retainedNodes: !{}", "thrownTypes: !{}", "templateParams: !{}", "line: 3",
                "keyInstructions: true", "virtualIndex: 0", "flags: DIFlagArtificial"]
DI_OTHER = [
    "!DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed, flags: DIFlagZero)",
    "!DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed, num_extra_inhabitants: 1)",
    "!DIBasicType(name: \"b\", size: 16, encoding: DW_ATE_float)",
    "!DIFile(filename: \"a.c\", directory: \"/\", checksumkind: CSK_MD5, checksum: \"000102030405060708090a0b0c0d0e0f\")",
    "!DIFile(filename: \"a.c\", directory: \"/\", source: \"int x;\")",
    "!DILabel(scope: !6, name: \"l\", file: !2, line: 1)",
    "!DIStringType(name: \"s\", size: 8)",
    "!DICompositeType(tag: DW_TAG_structure_type, name: \"S\", file: !2, size: 32, elements: !{}, identifier: \"S\")",
    "!DICompositeType(tag: DW_TAG_array_type, baseType: !10, size: 64, elements: !{!DISubrange(count: 2)})",
    "!DICompositeType(tag: DW_TAG_array_type, baseType: !10, elements: !{!DISubrange(count: 2, lowerBound: 1)})",
    "!DICompositeType(tag: DW_TAG_variant_part, name: \"v\", file: !2, size: 32, elements: !{})",
    "!DIDerivedType(tag: DW_TAG_pointer_type, baseType: !10, size: 64, dwarfAddressSpace: 1)",
    "!DIDerivedType(tag: DW_TAG_pointer_type, baseType: !10, size: 64, ptrAuthKey: 1)",
    "!DIDerivedType(tag: DW_TAG_member, name: \"m\", baseType: !10, size: 32, annotations: !{})",
    "!DIGenericSubrange(count: 2)",
    "!DICommonBlock(scope: !6, declaration: null, name: \"c\")",
    "!DIModule(scope: null, name: \"m\")",
    "!DIModule(scope: null, name: \"m\", configMacros: \"\", includePath: \"/\", apinotes: \"x\")",
    "!DIMacro(type: DW_MACINFO_define, name: \"X\", value: \"1\")",
    "!DIArgList(i32 0)",
    "!DIAssignID()",
    "!DIGlobalVariableExpression(var: !DIGlobalVariable(name: \"g\", scope: !1, file: !2, type: !10, isLocal: false, isDefinition: true), expr: !DIExpression())",
    "!DIExpression(DW_OP_LLVM_fragment, 0, 16)",
    "!DIExpression(DW_OP_LLVM_arg, 0)",
    "!DIExpression(DW_OP_constu, 4, DW_OP_minus)",
    "!DIExpression(DW_OP_LLVM_convert, 32, DW_ATE_signed)",
    "!DIObjCProperty(name: \"p\")",
]


def debug_info(rng):
    def mod(cu_extra, sp_extra, other, dbg_version=3):
        tail = ("!llvm.dbg.cu = !{!1}\n!llvm.module.flags = !{!9}\n"
                f"!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug{cu_extra})\n"
                "!2 = !DIFile(filename: \"a.c\", directory: \"/\")\n"
                f"!6 = distinct !DISubprogram(name: \"f\", scope: !2, file: !2, type: !11, unit: !1, isDefinition: true{sp_extra})\n"
                "!8 = !DILocation(line: 1, column: 2, scope: !6)\n"
                f"!9 = !{{i32 2, !\"Debug Info Version\", i32 {dbg_version}}}\n"
                "!10 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n"
                "!11 = !DISubroutineType(types: !{null})\n"
                + (f"!12 = {other}\n!named = !{{!12}}\n" if other else "")
                + "!nvvmir.version = !{!0}\n!0 = !{i32 2, i32 0, i32 3, i32 1}\n")
        return module("define void @f() !dbg !6 {\n  ret void, !dbg !8\n}\n", tail=tail)
    for i, f in enumerate(DI_CU_FIELDS):
        yield f"debuginfo/cu_{i:02}_{safe(f)[:30]}", mod(", " + f, "", None)
    for i, f in enumerate(DI_SP_FIELDS):
        yield f"debuginfo/sp_{i:02}_{safe(f)[:30]}", mod("", ", " + f, None)
    for i, o in enumerate(DI_OTHER):
        yield f"debuginfo/node_{i:02}_{safe(o)[:30]}", mod("", "", o)
    yield "debuginfo/plain", mod("", "", None)
    yield "debuginfo/version_2", mod("", "", None, dbg_version=2)
    yield "debuginfo/missing_flag", mod("", "", None).replace("!llvm.module.flags = !{!9}\n", "")


def tbaa(rng):
    good_scalar = '!3 = !{!4, !4, i64 0}\n!4 = !{!"int", !5, i64 0}\n!5 = !{!"omnipotent char", !6, i64 0}\n!6 = !{!"Simple C/C++ TBAA"}\n'
    cases = {
        "scalar_ok": good_scalar,
        "scalar_offset_nonzero": '!3 = !{!4, !4, i64 4}\n!4 = !{!"int", !5, i64 0}\n!5 = !{!"omnipotent char", !6, i64 0}\n!6 = !{!"Simple C/C++ TBAA"}\n',
        "struct_path_ok": '!3 = !{!7, !4, i64 4}\n!7 = !{!"S", !4, i64 0, !4, i64 4}\n!4 = !{!"int", !5, i64 0}\n!5 = !{!"omnipotent char", !6, i64 0}\n!6 = !{!"Simple C/C++ TBAA"}\n',
        "struct_path_bad_offset": '!3 = !{!7, !4, i64 2}\n!7 = !{!"S", !4, i64 0, !4, i64 4}\n!4 = !{!"int", !5, i64 0}\n!5 = !{!"omnipotent char", !6, i64 0}\n!6 = !{!"Simple C/C++ TBAA"}\n',
        "old_scalar": '!3 = !{!"int", !5}\n!5 = !{!"omnipotent char", !6}\n!6 = !{!"Simple C/C++ TBAA"}\n',
        "constant_flag": '!3 = !{!4, !4, i64 0, i64 1}\n!4 = !{!"int", !5, i64 0}\n!5 = !{!"omnipotent char", !6, i64 0}\n!6 = !{!"Simple C/C++ TBAA"}\n',
        "too_few": '!3 = !{!4}\n!4 = !{!"int"}\n',
        "not_node": '!3 = !{i32 1, i32 2, i64 0}\n',
        "new_format": '!3 = !{!4, !4, i64 0, i64 4}\n!4 = !{!6, i64 4, !"int"}\n!6 = !{!"root"}\n',
        "cycle": '!3 = !{!4, !4, i64 0}\n!4 = !{!"a", !5, i64 0}\n!5 = !{!"b", !4, i64 0}\n',
        "offset_i32": '!3 = !{!4, !4, i32 0}\n!4 = !{!"int", !5, i64 0}\n!5 = !{!"omnipotent char", !6, i64 0}\n!6 = !{!"Simple C/C++ TBAA"}\n',
        "root_only": '!3 = !{!6, !6, i64 0}\n!6 = !{!"Simple C/C++ TBAA"}\n',
    }
    for name, nodes in cases.items():
        for inst, params in [("load", "i32* %p"), ("store", "i32* %p"), ("call", "i8* %p")]:
            if inst == "load":
                body = "  %v = load i32, i32* %p, !tbaa !3"
            elif inst == "store":
                body = "  store i32 0, i32* %p, !tbaa !3"
            else:
                if rng.random() < 0.5:
                    continue
                body = "  call void @llvm.memset.p0i8.i64(i8* %p, i8 0, i64 4, i1 false), !tbaa !3"
            extra = "declare void @llvm.memset.p0i8.i64(i8*, i8, i64, i1)\n" if inst == "call" else ""
            yield f"tbaa/{name}_{inst}", module(extra + fn(body + "\n  ret void", params), tail=nodes + VERSION)


def producer_layouts(rng):
    for i, dl in enumerate(PRODUCER_LAYOUTS):
        for t in ["nvptx64-nvidia-cuda", "nvptx-nvidia-cuda"]:
            body = rng.choice([fn("  ret void", name="k"), "@g = addrspace(1) global i32 0\n" + fn("  ret void", name="k"),
                               fn("  %a = alloca i32\n  store i32 1, i32* %a\n  ret void", name="k"),
                               fn("  %v = load i64, i64 addrspace(4)* @c\n  ret void", name="k").replace(
                                   "define", "@c = addrspace(4) constant i64 1\ndefine")])
            yield f"layouts/p{i:02}_{safe(t)}", module(body, layout=dl, triple=t, tail=KERNEL_TAIL)


def asc_constexpr(rng):
    spaces = [0, 1, 2, 3, 4, 5, 6, 7]
    for k in range(40):
        s, d = rng.sample(spaces, 2)
        ty = rng.choice(["i32", "i8", "float", "[4 x i32]", "i64"])
        where = rng.choice(["load", "store", "ptrtoint", "init", "gep"])
        link = "internal " if s in (3, 5) else ""
        init = "undef" if s in (3, 5) else value(ty, rng, zero=True)
        g = f"@g = {link}addrspace({s}) global {ty} {init}\n" if s else f"@g = {link}global {ty} {init}\n"
        cast = f"addrspacecast ({ptr(ty, s)} @g to {ptr(ty, d)})"
        if where == "load":
            text = g + fn(f"  %v = load {ty}, {ptr(ty, d)} {cast}\n  ret void")
        elif where == "store":
            text = g + fn(f"  store {ty} {value(ty, rng, zero=True)}, {ptr(ty, d)} {cast}\n  ret void")
        elif where == "ptrtoint":
            text = g + fn(f"  %v = ptrtoint {ptr(ty, d)} {cast} to i64\n  ret void")
        elif where == "gep":
            text = g + fn(f"  %v = getelementptr i8, i8{' addrspace(%d)' % d if d else ''}* bitcast ({ptr(ty, d)} {cast} to i8{' addrspace(%d)' % d if d else ''}*), i64 4\n  ret void")
        else:
            ha = rng.choice([0, 1, 4])
            text = g + f"@h = {'addrspace(%d) ' % ha if ha else ''}global {ptr(ty, d)} {cast}\n" + fn("  ret void")
        yield f"asc_const/{k:02}_{where}_{s}_to_{d}_{safe(ty)}", module(text.replace(" addrspace(0)", ""))


def identifiers(rng):
    alphabet = "abcXYZ_$.-019@ :\\\"'é#%&()~+"
    for k in range(40):
        n = rng.randint(1, 6)
        name = "".join(rng.choice(alphabet) for _ in range(n))
        esc = name.replace("\\", "\\5C").replace("\"", "\\22")
        what = rng.choice(["fn", "global", "decl", "local", "block", "param"])
        q = f'"{esc}"'
        if what == "fn":
            text = f"define {rng.choice(['', 'internal ', 'private '])}void @{q}() {{\n  ret void\n}}\n" + fn(f"  call void @{q}()\n  ret void", name="k")
        elif what == "global":
            link = rng.choice(["", "internal ", "private "])
            text = f"@{q} = {link}addrspace(1) global i32 {'undef' if link else '0'}\n" + fn(f"  %v = load i32, i32 addrspace(1)* @{q}\n  ret void", name="k")
        elif what == "decl":
            text = f"declare void @{q}()\n" + fn(f"  call void @{q}()\n  ret void", name="k")
        elif what == "local":
            text = fn(f"  %{q} = add i32 0, 1\n  ret void")
        elif what == "block":
            text = fn(f"  br label %{q}\n{q}:\n  ret void")
        else:
            text = fn("  ret void", f"i32 %{q}")
        yield f"identifiers/{k:02}_{what}", module(text)


def initializers(rng):
    atoms = ["ptrtoint (i32 addrspace(1)* @h to i64)", "i64 8", "i64 ptrtoint (i32 addrspace(1)* getelementptr (i32, i32 addrspace(1)* @h, i64 1) to i64)"]
    exprs = [
        ("i64", "ptrtoint (i32 addrspace(1)* @h to i64)"),
        ("i64", "add (i64 ptrtoint (i32 addrspace(1)* @h to i64), i64 8)"),
        ("i64", "sub (i64 ptrtoint (i32 addrspace(1)* @h to i64), i64 ptrtoint (i32 addrspace(1)* @h to i64))"),
        ("i32", "trunc (i64 ptrtoint (i32 addrspace(1)* @h to i64) to i32)"),
        ("i32 addrspace(1)*", "getelementptr inbounds (i32, i32 addrspace(1)* @h, i64 2)"),
        ("i8 addrspace(1)*", "getelementptr (i8, i8 addrspace(1)* bitcast (i32 addrspace(1)* @h to i8 addrspace(1)*), i64 3)"),
        ("i32*", "addrspacecast (i32 addrspace(1)* @h to i32*)"),
        ("i32 addrspace(1)*", "inttoptr (i64 16 to i32 addrspace(1)*)"),
        ("i32 addrspace(3)*", "addrspacecast (i32 addrspace(1)* @h to i32 addrspace(3)*)"),
        ("[2 x i32 addrspace(1)*]", "[i32 addrspace(1)* @h, i32 addrspace(1)* null]"),
        ("{ i64, i32* }", "{ i64 ptrtoint (i32 addrspace(1)* @h to i64), i32* addrspacecast (i32 addrspace(1)* @h to i32*) }"),
        ("<2 x i64>", "<i64 ptrtoint (i32 addrspace(1)* @h to i64), i64 0>"),
        ("void ()*", "@f"),
        ("void () addrspace(1)*", "addrspacecast (void ()* @f to void () addrspace(1)*)"),
        ("i64", "ptrtoint (void ()* @f to i64)"),
        ("i1", "icmp eq (i32 addrspace(1)* @h, i32 addrspace(1)* null)"),
        ("i32", "select (i1 true, i32 1, i32 2)"),
        ("float", "fadd (float 1.0, float 2.0)"),
        ("i64", "shl (i64 ptrtoint (i32 addrspace(1)* @h to i64), i64 1)"),
        ("i32 addrspace(1)*", "@h"),
        ("i32", "extractelement (<2 x i32> <i32 1, i32 2>, i32 1)"),
        ("[3 x i8]", "c\"ab\\00\""),
        ("i8", "ptrtoint (i32 addrspace(1)* @h to i8)"),
    ]
    for k, (ty, init) in enumerate(exprs):
        asp = rng.choice([1, 1, 4, 0, 3])
        link = rng.choice(["", "internal ", "linkonce_odr "])
        if asp == 3:
            link = "internal "
        g = f"@g = {link}{'addrspace(%d) ' % asp if asp else ''}{rng.choice(['global', 'constant'])} {ty} {init}\n"
        use = f"  %v = load {ty}, {ptr(ty, asp)} @g\n" if rng.random() < 0.5 and "(" not in ty else ""
        yield f"initializers/{k:02}_as{asp}_{safe(init)[:30]}", module(
            "@h = addrspace(1) global i32 0\n" + g + fn(use + "  ret void"))
    del atoms


FAMILIES = {"grammar": grammar, "attrgroup": attr_groups, "numbering": numbering, "debuginfo": debug_info,
            "tbaa": tbaa, "layouts": producer_layouts, "asc_const": asc_constexpr, "identifiers": identifiers,
            "initializers": initializers}


def probes(seed, n):
    rng = random.Random(seed)
    out = []
    for fam in FAMILIES.values():
        out.extend(fam(rng))
    for i in range(n):
        out.append(combo(rng, i))
    seen = set()
    for key, text in out:
        if key in seen:
            raise SystemExit(f"duplicate probe {key}")
        seen.add(key)
    return out


def measure(args):
    """`nvir verify --format json` (the CLI, as a user runs it) against recorded answers."""
    import subprocess
    import tempfile
    rows = [json.loads(line) for line in pathlib.Path(args.data).read_text().splitlines()]
    tally = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, r in enumerate(rows):
            pathlib.Path(tmp, f"{i:05}.ll").write_text(r["src"])
        for arch in args.archs.split(","):
            out = subprocess.run([args.nvir, "verify", "--format", "json", "--arch", arch, tmp],
                                 capture_output=True, text=True).stdout
            got = {}
            for line in out.splitlines():
                j = json.loads(line) if line.startswith("{") else {}
                if "file" in j:
                    got[pathlib.Path(j["file"]).stem] = j
            t = tally.setdefault(arch, [0, 0, 0, 0, 0])
            for i, r in enumerate(rows):
                want = r.get(arch)
                if not want or want[0] is None:
                    continue
                j = got.get(f"{i:05}")
                if j is None:
                    print(f"NO ANSWER {r['probe']} @{arch}")
                    continue
                errors = [d for d in j["diagnostics"] if d["severity"] == "error"]
                verify_errors = [d for d in errors if d.get("stage") != "compile"]
                ok = not verify_errors
                first = verify_errors[0]["message"] if verify_errors else ""
                t[0] += 1
                t[1] += ok == (want[0] == 0)
                if want[0] != 0:
                    t[2] += 1
                    t[3] += (not ok) and first.startswith(want[1])
                t[4] += j["compiles"] == (want[2] == 0)
                if args.verbose and (ok != (want[0] == 0) or (want[0] and not first.startswith(want[1]))):
                    print(f"DIFF {r['probe']} @{arch}: libNVVM {want[:2]}, nvir ok={ok} {first[:90]!r}")
                if args.verbose and j["compiles"] != (want[2] == 0):
                    print(f"COMPILE {r['probe']} @{arch}: libNVVM {[want[2], want[3][:90]]}, nvir compiles={j['compiles']}")
    for arch, (n, v, rej, f, c) in tally.items():
        print(f"{arch}: {n} runs, verdicts {100 * v / n:.2f} %, first errors {100 * f / max(rej, 1):.2f} % of {rej}, "
              f"compiles {100 * c / n:.2f} %")
    return 0


def cli(doc, items, count, path_of):
    """The command line of a probe generator: `measure` (above), `gen` (each probe a file) and
    `record` (libNVVM's answers, a JSON line a probe). `items(seed, count)` draws the probes,
    `count` is the `(option, default, help)` that says how many, `path_of(i, key)` names the i-th
    probe's file below `gen`'s directory."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("measure")
    m.add_argument("data")
    m.add_argument("--nvir", required=True)
    m.add_argument("--archs", default="compute_90,compute_100")
    m.add_argument("--verbose", action="store_true")
    option, default, help_text = count
    for name in ("gen", "record"):
        p = sub.add_parser(name)
        p.add_argument("out")
        p.add_argument("--seed", type=int, required=True)
        p.add_argument(option, dest="count", type=int, default=default, help=help_text)
        p.add_argument("--archs", default="compute_90,compute_100")
    args = ap.parse_args()
    if args.cmd == "measure":
        return measure(args)
    drawn = items(args.seed, args.count)
    if args.cmd == "gen":
        for i, (key, text) in enumerate(drawn):
            p = pathlib.Path(args.out) / path_of(i, key)
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text)
        print(f"{len(drawn)} probes in {args.out}")
        return 0
    from nvtools import Worker
    archs = args.archs.split(",")
    with Worker() as w, open(args.out, "w") as out:
        for key, text in drawn:
            row = {"probe": key, "seed": args.seed, "src": text}
            for arch in archs:
                a = ask(w, text, arch)
                row[arch] = [a["verify"]["rc"], a["verify"]["first"], a["compile"]["rc"], a["compile"]["first"]]
            out.write(json.dumps(row, separators=(",", ":")) + "\n")
            out.flush()
    print(f"{len(drawn)} probes x {len(archs)} archs -> {args.out}")
    return 0


def main():
    return cli(__doc__, probes, ("--n", 600, "combo probes"), lambda _i, key: f"{key}.ll")


if __name__ == "__main__":
    sys.exit(main())
