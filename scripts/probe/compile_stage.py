#!/usr/bin/env python3
"""What libNVVM's compiler rejects that its verifier does not, and the other way round: measured.

    python compile_stage.py [--out corpus/probes/compile_stage.jsonl] [--family NAME] [--check]

Generates minimal NVVM IR modules, one per question, along the axes where `nvvmVerifyProgram`
and `nvvmCompileProgram` (same arch, default options) can disagree: data layouts as real
producers write them (and each field of libNVVM's own layout taken out or put in), triples,
global address spaces, symbol names, aliases, static initializers, membar operands, atomics,
inline-asm constraints, cluster annotations and intrinsic names. Each module is run through both
calls at each arch of its family; one JSON line per module and arch records the module text, both
result codes (null: the call crashed the process; a crash or a refused module is asked again, and a compile that
crashes only some of the time lists every outcome seen in `compile_rc_seen`) and both logs. `cargo test -p nvir-verify
--test compile_probes` checks nvir's two verdicts against the committed lines.

With --check, nothing is written: every recorded line is re-run and any difference (result
codes; logs after replacing heap addresses) is printed, and the exit status is 1. With --family
and no --check, only those families are re-recorded; the other lines are kept.
"""
import argparse
import itertools
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "oracles"))
from nvtools import Worker  # noqa: E402

LONG = ("e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64"
        "-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64")
LLVM7_ARCHS = ["compute_75", "compute_90"]
MODERN_ARCHS = ["compute_100", "compute_120"]
ARCHS = LLVM7_ARCHS + MODERN_ARCHS
DL_ARCHS = ["compute_75", "compute_80", "compute_90", "compute_90a", "compute_100", "compute_100a",
            "compute_110", "compute_120"]


def module(body="", decls="", globals_="", dl=LONG, triple="nvptx64-nvidia-cuda", extra_md="",
           kernel_md=True, params="i32* %p, i32 %n"):
    """A kernel `@k` with `body` before its `ret void`."""
    head = f'target datalayout = "{dl}"\n' if dl is not None else ""
    head += f'target triple = "{triple}"\n' if triple is not None else ""
    sig = params.replace(" %p", "").replace(" %n", "").replace(" %q", "")
    md = ""
    if kernel_md:
        md = f'!nvvm.annotations = !{{!0}}\n!0 = !{{void ({sig})* @k, !"kernel", i32 1}}\n'
    return (f"{head}\n{globals_}\n{decls}\n\ndefine void @k({params}) {{\n{body}\n  ret void\n}}\n\n"
            f"{md}{extra_md}!nvvmir.version = !{{!9}}\n!9 = !{{i32 2, i32 0}}\n")


def fam_datalayout():
    """Data layouts: what producers write, and libNVVM's own layout with one field changed."""
    short = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
    layouts = {
        "libnvvm": LONG,
        "numba (no i128)": LONG.replace("-i128:128:128", ""),
        "libnvvm + p3:32:32:32": LONG.replace("-i1:", "-p3:32:32:32-i1:"),
        "libnvvm + p6:32:32:32": LONG.replace("-i1:", "-p6:32:32:32-i1:"),
        "libnvvm + f128:128:128 + a:8:8": LONG.replace("-v16", "-f128:128:128-v16") + "-a:8:8",
        "libnvvm, 32-bit pointers": LONG.replace("p:64:64:64", "p:32:32:32"),
        "clang 12-19 / rustc (nvptx64 default)": short,
        "clang <= 11 (no i128)": "e-i64:64-v16:16-v32:32-n16:32:64",
        "clang with p6:32:32": "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64",
        "clang with p6, i256": "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64",
        "clang short pointers": "e-p3:32:32-p4:32:32-p5:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64",
        "clang nvptx (32-bit)": "e-p:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64",
        "e only": "e",
        "empty": "",
    }
    fields = LONG.split("-")[1:]
    for f in fields:
        layouts[f"libnvvm without {f}"] = "-".join(x for x in LONG.split("-") if x != f)
    for f in fields:
        if f.split(":")[0] not in ("i64", "i128", "v16", "v32", "n16"):
            layouts[f"clang 12-19 + {f}"] = short.replace("-i64", f"-{f}-i64")
    layouts["clang 12-19 spelled i64:64:64 ..."] = "e-i64:64:64-i128:128:128-v16:16:16-v32:32:32-n16:32:64"
    for extra in ["i256:256:256", "p4:32:32:32", "p5:32:32:32", "p3:32:32:32-p4:32:32:32-p5:32:32:32", "f16:16:16",
                  "f128:128:128", "a:8:8", "a:0:64", "S32", "m:e", "p7:32:32:32", "v256:256:256", "i1:16:16"]:
        layouts[f"libnvvm + {extra}"] = LONG + "-" + extra
    for f in fields:
        parts = f.split(":")
        if len(parts) == 3 and parts[1] == parts[2]:
            layouts[f"libnvvm with {parts[0]}:{parts[1]}"] = LONG.replace(f"-{f}", f"-{parts[0]}:{parts[1]}")
    layouts["libnvvm, i1 only as i1:8"] = LONG.replace("-i1:8:8", "-i1:8")
    for name, dl in layouts.items():
        triple = "nvptx-nvidia-cuda" if re.search(r"(^|-)p:32", dl) else "nvptx64-nvidia-cuda"
        yield f"datalayout/{name}", module("  store i32 %n, i32* %p", dl=dl, triple=triple), DL_ARCHS


def fam_triple():
    for t in ["nvptx64-nvidia-cuda", "nvptx64-unknown-unknown", "nvptx64-nvidia-nvcl", "nvptx64", "nvptx64-nvidia",
              "nvptx-nvidia-cuda", "x86_64-unknown-linux-gnu", "amdgcn-amd-amdhsa", None]:
        yield f"triple/{t}", module("  store i32 %n, i32* %p", triple=t), ARCHS


def fam_global_addrspace():
    for a in [0, 1, 2, 3, 4, 5, 6, 7, 8, 101]:
        init = "undef" if a in (3, 5) else "0"
        g = f"@g = addrspace({a}) global i32 {init}, align 4\n"
        body = f"  %v = load i32, i32 addrspace({a})* @g\n  store i32 %v, i32* %p"
        yield f"global_addrspace/{a} used", module(body, globals_=g), ARCHS
        yield f"global_addrspace/{a} unused", module("  store i32 %n, i32* %p", globals_=g), ARCHS


def fam_identifier():
    for name in ["a.b", "a-b", "a$b", "a@b", "a b", "a:b", "_a", "$a", "a\\01b"]:
        for linkage, body in [("define", "{\n  ret void\n}"), ("define internal", "{\n  ret void\n}"),
                              ("declare", "")]:
            decl = f'{linkage} void @"{name}"() {body}\n'
            call = f'  call void @"{name}"()'
            yield f"identifier/{linkage} {name}", module(call, decls=decl), ARCHS
        g = f'@"{name}" = addrspace(1) global i32 0\n'
        yield f"identifier/global {name}", module(f'  store i32 %n, i32 addrspace(1)* @"{name}"', globals_=g), ARCHS


def fam_alias():
    helper = "define void @h() {\n  ret void\n}\n"
    cases = {
        "of a function": ("@a = alias void (), void ()* @h\n", helper, "  call void @a()"),
        "of an internal function": ("@a = alias void (), void ()* @h\n",
                                    helper.replace("define", "define internal"), "  call void @a()"),
        "of a function, unused": ("@a = alias void (), void ()* @h\n", helper, ""),
        "internal, of a function": ("@a = internal alias void (), void ()* @h\n", helper, "  call void @a()"),
        "of a kernel": ("@a = alias void (i32*, i32), void (i32*, i32)* @k\n", "", ""),
        "of a global variable": ("@g = addrspace(1) global i32 0\n@a = alias i32, i32 addrspace(1)* @g\n", "",
                                 "  store i32 %n, i32 addrspace(1)* @a"),
        "of a global variable, unused": ("@g = addrspace(1) global i32 0\n@a = alias i32, i32 addrspace(1)* @g\n",
                                         "", ""),
        "of a function declaration": ("@a = alias void (), void ()* @h\n", "declare void @h()\n", ""),
        "of an alias": ("@a = alias void (), void ()* @h\n@b = alias void (), void ()* @a\n", helper,
                        "  call void @b()"),
        "of a bitcast function": ("@a = alias void (i32), bitcast (void ()* @h to void (i32)*)\n", helper, ""),
    }
    for name, (g, decls, body) in cases.items():
        yield f"alias/{name}", module(body, decls=decls, globals_=g), ARCHS


def fam_static_init():
    base = "@a = addrspace(1) global i32 0\n@b = addrspace(1) global i32 0\n"
    p = "i32 addrspace(1)* @a"
    pb = "i32 addrspace(1)* @b"
    exprs = {
        "ptrtoint": f"i64 ptrtoint ({p} to i64)",
        "ptrtoint + 8": f"i64 add (i64 ptrtoint ({p} to i64), i64 8)",
        "ptrtoint - 8": f"i64 sub (i64 ptrtoint ({p} to i64), i64 8)",
        "ptrtoint * 2": f"i64 mul (i64 ptrtoint ({p} to i64), i64 2)",
        "ptrtoint shl 1": f"i64 shl (i64 ptrtoint ({p} to i64), i64 1)",
        "ptrtoint and 7": f"i64 and (i64 ptrtoint ({p} to i64), i64 7)",
        "ptrtoint - ptrtoint": f"i64 sub (i64 ptrtoint ({p} to i64), i64 ptrtoint ({pb} to i64))",
        "ptrtoint to i32": f"i32 ptrtoint ({p} to i32)",
        "inttoptr(ptrtoint + 8)": f"i8 addrspace(1)* inttoptr (i64 add (i64 ptrtoint ({p} to i64), i64 8) to i8 addrspace(1)*)",
        "gep": f"i32 addrspace(1)* getelementptr (i32, {p}, i64 1)",
        "bitcast": f"i8 addrspace(1)* bitcast ({p} to i8 addrspace(1)*)",
        "addrspacecast": f"i32* addrspacecast ({p} to i32*)",
        "icmp": f"i1 icmp eq ({p}, {pb})",
        "select": f"i64 select (i1 icmp eq ({p}, {pb}), i64 1, i64 2)",
        "udiv const": "i64 udiv (i64 8, i64 2)",
    }
    for name, e in exprs.items():
        g = base + f"@x = addrspace(1) global {e}\n"
        yield f"static_init/{name}", module("  store i32 %n, i32* %p", globals_=g), ARCHS


def fam_membar():
    for name, call in [("membar.cta", "llvm.nvvm.membar.cta"), ("membar.gl", "llvm.nvvm.membar.gl"),
                       ("membar.sys", "llvm.nvvm.membar.sys")]:
        yield f"membar/{name}", module(f"  call void @{call}()", decls=f"declare void @{call}()"), ARCHS
    for flags in [str(i) for i in range(0, 21)] + ["31", "32", "33", "-1", "%n"]:
        yield (f"membar/llvm.nvvm.membar({flags})",
               module(f"  call void @llvm.nvvm.membar(i32 {flags})", decls="declare void @llvm.nvvm.membar(i32)"),
               ARCHS)


def fam_atomic():
    for ty, val in [("i8", "1"), ("i16", "1"), ("i32", "1"), ("i64", "1"), ("i128", "1"), ("float", "1.0"),
                    ("double", "1.0")]:
        for a in [0, 1, 3]:
            ptr = f"{ty} addrspace({a})*" if a else f"{ty}*"
            params = f"{ptr} %q, i32 %n"
            for op in ["xchg", "add", "max", "fadd"]:
                if (op == "fadd") != (ty in ("float", "double")) and op != "xchg":
                    continue
                if op == "xchg" and ty in ("float", "double"):
                    continue
                body = f"  %r = atomicrmw {op} {ptr} %q, {ty} {val} monotonic"
                yield f"atomic/atomicrmw {op} {ty} as{a}", module(body, params=params), ARCHS
            if ty.startswith("i"):
                body = f"  %r = cmpxchg {ptr} %q, {ty} 0, {ty} {val} monotonic monotonic"
                yield f"atomic/cmpxchg {ty} as{a}", module(body, params=params), ARCHS


def fam_asm():
    cases = {
        "r": ('"=r,r"', "i32 (i32)", "i32 %n", "%r = "),
        "l": ('"=l,l"', "i64 (i64)", "i64 1", "%r = "),
        "f": ('"=f,f"', "float (float)", "float 1.0", "%r = "),
        "d": ('"=d,d"', "double (double)", "double 1.0", "%r = "),
        "h": ('"=h,h"', "i16 (i16)", "i16 1", "%r = "),
        "c": ('"=c,c"', "i8 (i8)", "i8 1", "%r = "),
        "n": ('"n"', "void (i32)", "i32 7", ""),
        "m": ('"m"', "void (i32*)", "i32* %p", ""),
        "*m": ('"*m"', "void (i32*)", "i32* %p", ""),
        "=m": ('"=*m"', "void (i32*)", "i32* %p", ""),
        "r with i128": ('"=r,r"', "i128 (i128)", "i128 1", "%r = "),
        "q (i128 reg)": ('"=q,q"', "i128 (i128)", "i128 1", "%r = "),
        "x (unknown)": ('"x"', "void (i32)", "i32 %n", ""),
        "memory clobber": ('"~{memory}"', "void ()", "", ""),
    }
    for name, (cons, fty, args, res) in cases.items():
        ret = fty.split(" ")[0]
        body = f'  {res}call {ret} asm sideeffect "// asm", {cons}({args})'
        yield f"asm/{name}", module(body), ARCHS


def fam_clusters():
    props = {
        "blocksareclusters": '!"blocksareclusters", i32 1',
        "reqntid": '!"reqntidx", i32 32, !"reqntidy", i32 1, !"reqntidz", i32 1',
        "cluster_dim": '!"cluster_dim_x", i32 2, !"cluster_dim_y", i32 1, !"cluster_dim_z", i32 1',
    }
    combos = [["blocksareclusters"], ["blocksareclusters", "reqntid"], ["blocksareclusters", "cluster_dim"],
              ["blocksareclusters", "reqntid", "cluster_dim"], ["reqntid", "cluster_dim"], ["cluster_dim"]]
    for c in combos:
        md = "!1 = !{void (i32*, i32)* @k, " + ", ".join(props[p] for p in c) + "}\n"
        text = module("  store i32 %n, i32* %p", extra_md=md).replace("!{!0}", "!{!0, !1}")
        yield f"clusters/annotations {'+'.join(c)}", text, ["compute_90", "compute_100", "compute_120"]
    attrs = {
        "blocksareclusters": '"nvvm.blocksareclusters"',
        "reqntid": '"nvvm.reqntid"="32,1,1"',
        "cluster_dim": '"nvvm.cluster_dim"="2,1,1"',
    }
    for c in combos:
        text = module("  store i32 %n, i32* %p").replace("define void @k(i32* %p, i32 %n) {",
                                                        "define void @k(i32* %p, i32 %n) #0 {")
        text += "attributes #0 = { " + " ".join(attrs[p] for p in c) + " }\n"
        yield f"clusters/fnattrs {'+'.join(c)}", text, ["compute_90", "compute_100", "compute_120"]


def fam_intrinsic_names():
    for name, ret, args in [
        ("llvm.nvvm.this.does.not.exist", "void", "i32"),
        ("llvm.nvvm.read.ptx.sreg.tid.x.i64", "i32", ""),
        ("llvm.nvvm.read.ptx.sreg.tidx", "i32", ""),
        ("llvm.nvvm.add.rn.f32x2", "float", "float, float"),
        ("llvm.nvvm.barrier0.x", "void", ""),
        ("llvm.nvvm.fabs.f", "float", "float"),
        ("llvm.nvvm.wgmma.fence.sync.aligned", "void", ""),
        ("llvm.nvvm.isspacep.cluster_shared", "i1", "i8*"),
    ]:
        argv = ", ".join(f"{t} {'undef' if '*' in t else ('1.0' if t == 'float' else '1')}"
                         for t in args.split(", ") if t)
        res = "%r = " if ret != "void" else ""
        body = f"  {res}call {ret} @{name}({argv})"
        yield f"intrinsic_name/{name}", module(body, decls=f"declare {ret} @{name}({args})"), ARCHS


def fam_verify_rejects():
    """Rules the verifier enforces, and whether the compiler fails on them too."""
    cases = {}
    for init in ["undef", "zeroinitializer", "0", "1"]:
        g = f"@s = addrspace(3) global i32 {init}, align 4\n"
        cases[f"shared init {init}"] = (g, "", "  %v = load i32, i32 addrspace(3)* @s\n  store i32 %v, i32* %p")
    for order in ["unordered", "monotonic", "acquire", "seq_cst"]:
        for a in [0, 1, 3]:
            ptr = f"i32 addrspace({a})*" if a else "i32*"
            body = (f"  %q = addrspacecast i32* %p to {ptr}\n" if a else "  %q = bitcast i32* %p to i32*\n")
            body += f"  %v = load atomic i32, {ptr} %q {order}, align 4\n  store i32 %v, i32* %p"
            cases[f"load atomic {order} as{a}"] = ("", "", body)
        st = "release" if order in ("acquire",) else order
        cases[f"store atomic {st}"] = ("", "", f"  store atomic i32 %n, i32* %p {st}, align 4")
    for order in ["acquire", "release", "acq_rel", "seq_cst"]:
        cases[f"fence {order}"] = ("", "", f"  fence {order}")
        cases[f"fence syncscope(block) {order}"] = ("", "", f'  fence syncscope("block") {order}')
    cases["atomicrmw nand i32"] = ("", "", "  %r = atomicrmw nand i32* %p, i32 1 monotonic")
    cases["atomicrmw nand i64"] = ("", "", "  %q = bitcast i32* %p to i64*\n  %r = atomicrmw nand i64* %q, i64 1 monotonic")
    ctor = ('%ct = type { i32, void ()*, i8* }\n@llvm.global_WHICH = appending global [1 x %ct] '
            '[%ct { i32 65535, void ()* @init, i8* null }]\n')
    init = "define internal void @init() {\n  ret void\n}\n"
    cases["global_ctors with an entry"] = (ctor.replace("WHICH", "ctors"), init, "")
    cases["global_dtors with an entry"] = (ctor.replace("WHICH", "dtors"), init, "")
    cases["global_ctors empty"] = ('%ct = type { i32, void ()*, i8* }\n@llvm.global_ctors = appending global [0 x %ct] '
                                   'zeroinitializer\n', "", "")
    for order in ["unordered", "monotonic", "release", "seq_cst"]:
        for a in [1, 3]:
            ptr = f"i32 addrspace({a})*"
            cases[f"store atomic {order} as{a}"] = (
                "", "", f"  %q = addrspacecast i32* %p to {ptr}\n  store atomic i32 %n, {ptr} %q {order}, align 4")
    for t in ["half", "fp128", "x86_fp80", "ppc_fp128", "i128", "i256", "i512", "<8 x i1>",
              "half, fp128, x86_fp80, ppc_fp128, i128, i256"]:
        cases[f"parameters ({t}), called"] = (
            "", f"define void @h({t}) {{\n  ret void\n}}\n",
            "  call void @h(" + ", ".join(f"{x} undef" for x in t.split(", ")) + ")")
        cases[f"parameters ({t}), not called"] = ("", f"define void @h({t}) {{\n  ret void\n}}\n", "")
    for t in ["fp128", "x86_fp80", "ppc_fp128"]:
        cases[f"{t} parameter of a definition"] = ("", f"define void @h({t} %x) {{\n  ret void\n}}\n", "")
        cases[f"{t} parameter of a declaration"] = ("", f"declare void @h({t})\n", "")
    for attr in ["naked", "uwtable", "returns_twice"]:
        cases[f"attribute {attr}"] = ("", f"define void @h() {attr} {{\n  ret void\n}}\n", "  call void @h()")
    cases["linkage extern_weak"] = ("", "declare extern_weak void @h()\n", "  call void @h()")
    cases["blockaddress in a global"] = (
        "@ba = addrspace(1) global i8* blockaddress(@h, %b)\n",
        "define void @h() {\n  br label %b\nb:\n  ret void\n}\n", "")
    for name, (g, decls, body) in cases.items():
        yield f"verify_rejects/{name}", module(body, decls=decls, globals_=g), ARCHS


def fam_param_types():
    """Parameter lists of wide types on a defined function nobody calls, in every combination."""
    ts = ["half", "fp128", "x86_fp80", "ppc_fp128", "i128", "i256"]
    for n in range(1, len(ts) + 1):
        for combo in itertools.combinations(ts, n):
            decl = f"define void @h({', '.join(combo)}) {{\n  ret void\n}}\n"
            yield f"param_types/({', '.join(combo)})", module("", decls=decl), ["compute_75", "compute_90", "compute_100"]


def fam_sync_modes():
    """Warp shuffles and votes with a mode (or value) that is not a constant."""
    cases = {
        "shfl.sync.i32, mode %n": ("declare {i32, i1} @llvm.nvvm.shfl.sync.i32(i32, i32, i32, i32, i32)",
                                   "  %r = call {i32, i1} @llvm.nvvm.shfl.sync.i32(i32 -1, i32 %n, i32 1, i32 1, i32 31)"),
        "shfl.sync.i32, mode 3": ("declare {i32, i1} @llvm.nvvm.shfl.sync.i32(i32, i32, i32, i32, i32)",
                                  "  %r = call {i32, i1} @llvm.nvvm.shfl.sync.i32(i32 -1, i32 3, i32 %n, i32 1, i32 31)"),
        "shfl.sync.bfly.i32, value %n": ("declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)",
                                         "  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %n, i32 1, i32 31)"),
        "shfl.sync.idx.i32, lane %n": ("declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)",
                                       "  %r = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 1, i32 %n, i32 31)"),
        "vote.sync, mode %n": ("declare {i32, i1} @llvm.nvvm.vote.sync(i32, i32, i1)",
                               "  %r = call {i32, i1} @llvm.nvvm.vote.sync(i32 -1, i32 %n, i1 true)"),
        "vote.sync, mode 0": ("declare {i32, i1} @llvm.nvvm.vote.sync(i32, i32, i1)",
                              "  %r = call {i32, i1} @llvm.nvvm.vote.sync(i32 -1, i32 0, i1 true)"),
        "vote.all.sync, predicate %c": ("declare i1 @llvm.nvvm.vote.all.sync(i32, i1)",
                                        "  %c = icmp eq i32 %n, 0\n  %r = call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %c)"),
    }
    for name, (decl, body) in cases.items():
        yield f"sync_modes/{name}", module(body, decls=decl), ARCHS


FAMILIES = {
    "datalayout": fam_datalayout,
    "triple": fam_triple,
    "global_addrspace": fam_global_addrspace,
    "identifier": fam_identifier,
    "alias": fam_alias,
    "static_init": fam_static_init,
    "membar": fam_membar,
    "atomic": fam_atomic,
    "asm": fam_asm,
    "clusters": fam_clusters,
    "intrinsic_name": fam_intrinsic_names,
    "verify_rejects": fam_verify_rejects,
    "param_types": fam_param_types,
    "sync_modes": fam_sync_modes,
}

HEAP = re.compile(r"0x[0-9a-f]{6,}")
CRASH_RETRIES = 10


def run(w, text, arch):
    data = text.encode()
    opts = [f"-arch={arch}"]
    v = w.verify([("m.ll", data)], opts)
    c = w.nvvm([("m.ll", data)], opts)
    verify_rc = None if v.get("stage") == "crash" else v["result"]
    compile_rc = None if c.get("stage") == "crash" else (0 if c["ok"] else c["result"])
    rec = {"verify_rc": verify_rc, "verify_log": HEAP.sub("0x…", v.get("log", "")),
           "compile_rc": compile_rc, "compile_log": HEAP.sub("0x…", c.get("log", ""))}
    if compile_rc is None or verify_rc != 0:
        # Compiling a module the verifier refuses can crash only some of the time (asm/r with
        # i128 at compute_75/90 crashes or compiles): ask again and record every outcome seen.
        seen = {compile_rc}
        for _ in range(CRASH_RETRIES):
            again = w.nvvm([("m.ll", data)], opts)
            seen.add(None if again.get("stage") == "crash" else (0 if again["ok"] else again["result"]))
        if len(seen) > 1:
            rec["compile_rc_seen"] = sorted(seen, key=lambda x: (x is not None, x))
    return rec


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(Path(__file__).resolve().parents[2] / "corpus/probes/compile_stage.jsonl"))
    ap.add_argument("--family", action="append")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    with Worker(timeout=60) as w:
        if args.check:
            diffs = 0
            lines = Path(args.out).read_text().splitlines()
            for line in lines:
                r = json.loads(line)
                if args.family and r["family"] not in args.family:
                    continue
                now = run(w, r["module"], r["arch"])
                for k in ("verify_rc", "compile_rc", "verify_log", "compile_log"):
                    if k == "compile_rc" and now[k] in r.get("compile_rc_seen", ()):
                        continue
                    if k == "compile_log" and "compile_rc_seen" in r:
                        continue
                    if now[k] != r[k]:
                        diffs += 1
                        print(f"DIFF {r['case']} @{r['arch']} {k}: recorded {r[k]!r}, now {now[k]!r}")
            print(f"compile-stage probes: {len(lines)} checked, {diffs} differences")
            return 1 if diffs else 0
        out = []
        for fam, gen in FAMILIES.items():
            if args.family and fam not in args.family:
                continue
            for case, text, archs in gen():
                for arch in archs:
                    rec = {"case": case, "family": fam, "arch": arch, **run(w, text, arch), "module": text}
                    out.append(rec)
            print(f"{fam}: done ({len(out)} runs so far)", file=sys.stderr, flush=True)
    path = Path(args.out)
    if args.family and path.exists():
        # Re-recording some families keeps the other families' lines, in family order.
        kept = [json.loads(line) for line in path.read_text().splitlines()]
        kept = [r for r in kept if r["family"] not in args.family]
        order = list(FAMILIES)
        out = sorted(kept + out, key=lambda r: order.index(r["family"]) if r["family"] in order else len(order))
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(out)} runs to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
