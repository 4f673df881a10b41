#!/usr/bin/env python3
"""Probes along the axes of libNVVM's module rules, one minimal module per question.

    python3 scripts/probe/axes.py gen OUT_DIR
    python3 scripts/probe/axes.py record OUT_DIR corpus/probes/axes.jsonl [--archs compute_90,compute_100]
    python3 scripts/probe/axes.py check corpus/probes/axes.jsonl [--sample N] [--seed S]

`gen` writes `OUT_DIR/<group>/<case>.ll`: every value of an axis a rule depends on (address-space
pairs of `addrspacecast`, each address space × initializer × kind of global, each type in each
arithmetic, each parameter attribute on each parameter type, each linkage, each function
attribute, atomic operation × type × address space, data layouts and triples as producers write
them, `!nvvmir.version` forms...), not only the values the rules were written from.

`record` runs every probe through libNVVM's `nvvmVerifyProgram` and `nvvmCompileProgram` (one
long-lived worker, `scripts/oracles/nvtools.py`) at each arch and writes one JSON line per probe
and arch: the module text, the verify result code and first message, and the compile result
code and first message. `crates/verify/tests/axes.rs` checks `nvir verify` against these
answers offline (and `compile_probes.rs` the compile verdict). `check` re-runs a random sample
live and fails on any answer that differs from the recorded one (`tests/oracles.rs`, in CI).
"""
import argparse
import json
import os
import pathlib
import random
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "oracles"))

LAYOUT = ("e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64"
          "-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64")
TRIPLE = "nvptx64-nvidia-cuda"
VERSION = "!nvvmir.version = !{!0}\n!0 = !{i32 2, i32 0}\n"


def module(body, layout=LAYOUT, triple=TRIPLE, tail=VERSION):
    head = ""
    if layout is not None:
        head += f'target datalayout = "{layout}"\n'
    if triple is not None:
        head += f'target triple = "{triple}"\n'
    return f"{head}\n{body.strip()}\n\n{tail}"


def fn(body, params="", ret="void", name="f", attrs=""):
    return f"define {ret} @{name}({params}){attrs} {{\n{body.strip()}\n}}\n"


def ptr(ty, asp):
    return f"{ty} addrspace({asp})*" if asp else f"{ty}*"


ADDR_SPACES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 25, 101, 1000]


def addrspacecast():
    for s in ADDR_SPACES:
        for d in ADDR_SPACES:
            if s == d:
                continue
            yield f"inst_{s}_to_{d}", module(fn(
                f"  %q = addrspacecast {ptr('i32', s)} %p to {ptr('i32', d)}\n  ret void", f"{ptr('i32', s)} %p"))
    # As a constant expression on a global, in each global address space.
    for s in [1, 3, 4, 5]:
        for d in [0, 1, 3, 4, 5]:
            if s == d:
                continue
            init = "0" if s not in (3, 5) else "undef"
            link = "internal " if s in (3, 5) else ""
            yield f"constexpr_{s}_to_{d}", module(
                f"@g = {link}addrspace({s}) global i32 {init}, align 4\n"
                + fn(f"  %v = load i32, {ptr('i32', d)} addrspacecast ({ptr('i32', s)} @g to {ptr('i32', d)}), align 4\n"
                     "  ret void"))
    for s, d in [(0, 3), (3, 0), (1, 0), (0, 1)]:
        for ty in ["i8", "float", "[4 x i32]", "{ i32, float }", "<4 x float>", "i8*"]:
            yield f"elem_{s}_to_{d}_{safe(ty)}", module(fn(
                f"  %q = addrspacecast {ptr(ty, s)} %p to {ptr(ty, d)}\n  ret void", f"{ptr(ty, s)} %p"))
        yield f"vector_{s}_to_{d}", module(fn(
            f"  %q = addrspacecast <2 x {ptr('i32', s)}> %p to <2 x {ptr('i32', d)}>\n  ret void",
            f"<2 x {ptr('i32', s)}> %p"))


def safe(s):
    out = "".join(c if c.isalnum() else "_" for c in s.replace("*", "ptr"))
    while "__" in out:
        out = out.replace("__", "_")
    return out.strip("_")


def alloca():
    for asp in [0, 1, 3, 4, 5]:
        sfx = f", addrspace({asp})" if asp else ""
        for layout, tag in [(LAYOUT, "plain"), (LAYOUT + "-A5", "A5")]:
            yield f"as{asp}_{tag}", module(fn(f"  %a = alloca i32, align 4{sfx}\n  ret void"), layout=layout)
    for ty in ["i1", "i8", "i128", "half", "double", "[16 x float]", "{ i32, double }", "<4 x i32>", "i8*",
               "i32 addrspace(3)*", "[0 x i32]", "x86_fp80", "fp128", "i256", "<8 x i1>"]:
        yield f"type_{safe(ty)}", module(fn(f"  %a = alloca {ty}\n  ret void"))
    for k in [1, 4, 16, 64, 1 << 16, 1 << 28, 1 << 29]:
        yield f"align_{k}", module(fn(f"  %a = alloca i32, align {k}\n  ret void"))
    for n in ["i32 4", "i64 2", "i32 0", "i16 3", "i32 %n"]:
        yield f"count_{safe(n)}", module(fn(f"  %a = alloca float, {n}, align 4\n  ret void", "i32 %n"))
    yield "in_second_block", module(fn("  br label %b\nb:\n  %a = alloca i32\n  ret void"))
    yield "inalloca", module(fn("  %a = alloca inalloca i32\n  ret void"))


GLOBAL_SPACES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 25, 101]


def globals_():
    for asp in GLOBAL_SPACES:
        for init in ["", "undef", "zeroinitializer", "7"]:
            for kind in ["global", "constant"]:
                if init == "":
                    text = f"@g = external addrspace({asp}) {kind} i32, align 4\n"
                else:
                    text = f"@g = addrspace({asp}) {kind} i32 {init}, align 4\n"
                yield f"as{asp}_{kind}_{safe(init) or 'external'}", module(text + fn("  ret void"))
        yield f"as{asp}_internal_undef", module(f"@g = internal addrspace({asp}) global i32 undef, align 4\n" + fn("  ret void"))
        yield f"as{asp}_used", module(
            f"@g = internal addrspace({asp}) global i32 undef, align 4\n"
            + fn(f"  %v = load i32, {ptr('i32', asp)} @g, align 4\n  ret void"))
    for k in [1, 2, 8, 64, 4096, 1 << 16, 1 << 24, 1 << 29]:
        yield f"align_{k}", module(f"@g = addrspace(1) global i32 0, align {k}\n" + fn("  ret void"))
    for tl in ["thread_local", "thread_local(localdynamic)", "thread_local(initialexec)", "thread_local(localexec)"]:
        yield f"tls_{safe(tl)}", module(f"@g = {tl} addrspace(1) global i32 0\n" + fn("  ret void"))
    for sec in ["foo", ".nv.constant0", ".nv.constant1", ".nv.constant2", "llvm.metadata", ".data", ".nv.global",
                ".nv.shared", ".nv.local"]:
        for asp in [0, 1, 3, 4]:
            init = "undef" if asp == 3 else "0"
            yield f"section_{safe(sec)}_as{asp}", module(
                f'@g = addrspace({asp}) global i32 {init}, section "{sec}"\n' + fn("  ret void"))
    for decl in ["declare extern_weak void @g()", "declare void @g() #0\nattributes #0 = { naked }"]:
        for used in [False, True]:
            body = "  call void @g()\n  ret void" if used else "  ret void"
            yield f"unused_decl_{safe(decl)[:30]}_{'used' if used else 'unused'}", module(decl + "\n" + fn(body))
    for ua in ["unnamed_addr", "local_unnamed_addr", "externally_initialized"]:
        yield f"{ua}", module(f"@g = {ua} addrspace(1) global i32 0\n" + fn("  ret void"))
    for ty, init in [("i8*", "null"), ("i32 addrspace(1)*", "@h"), ("i64", "ptrtoint (i32 addrspace(1)* @h to i64)"),
                     ("i64", "add (i64 ptrtoint (i32 addrspace(1)* @h to i64), i64 4)"),
                     ("i32*", "addrspacecast (i32 addrspace(1)* @h to i32*)"),
                     ("i8 addrspace(1)*", "bitcast (i32 addrspace(1)* @h to i8 addrspace(1)*)"),
                     ("i32 addrspace(1)*", "getelementptr (i32, i32 addrspace(1)* @h, i64 1)"),
                     ("void ()*", "@f"), ("[2 x i8*]", "[i8* null, i8* null]"),
                     ("{ i32, i8* }", "{ i32 1, i8* null }"), ("<2 x i32>", "<i32 1, i32 2>"),
                     ("[3 x i8]", 'c"ab\\00"'), ("half", "0xH3C00"), ("float", "1.0"), ("i128", "1"),
                     ("double", "0x7FF8000000000000")]:
        yield f"init_{safe(ty)}_{safe(init)[:40]}", module(
            "@h = addrspace(1) global i32 0\n"
            f"@g = addrspace(1) global {ty} {init}\n" + fn("  ret void"))
    for name, ty in [("llvm.used", "[1 x i8*]"), ("llvm.compiler.used", "[1 x i8*]")]:
        yield f"special_{safe(name)}", module(
            "@h = addrspace(1) global i32 0\n"
            f'@{name} = appending global {ty} [i8* addrspacecast (i8 addrspace(1)* bitcast (i32 addrspace(1)* @h to i8 addrspace(1)*) to i8*)], section "llvm.metadata"\n'
            + fn("  ret void"))
    for name in ["llvm.global_ctors", "llvm.global_dtors"]:
        yield f"special_{safe(name)}", module(
            f"@{name} = appending global [1 x {{ i32, void ()*, i8* }}] [{{ i32, void ()*, i8* }} {{ i32 65535, void ()* @f, i8* null }}]\n"
            + fn("  ret void"))


LINKAGES = ["private", "internal", "available_externally", "linkonce", "weak", "common", "appending",
            "extern_weak", "linkonce_odr", "weak_odr", "external"]


def linkage():
    for link in LINKAGES:
        # Functions: definitions and declarations.
        if link not in ("common", "appending", "extern_weak"):
            yield f"fn_def_{link}", module(fn("  ret void", name="g").replace("define ", f"define {link} ")
                                           + fn("  call void @g()\n  ret void", name="k"))
        if link in ("extern_weak", "external"):
            yield f"fn_decl_{link}", module(f"declare {link} void @g()\n" + fn("  call void @g()\n  ret void", name="k"))
        # Globals in the global address space.
        if link == "extern_weak" or link == "external":
            text = f"@g = {link} addrspace(1) global i32\n"
        elif link == "common":
            text = "@g = common addrspace(1) global i32 0, align 4\n"
        elif link == "appending":
            text = "@g = appending addrspace(1) global [1 x i32] [i32 0]\n"
        else:
            text = f"@g = {link} addrspace(1) global i32 0, align 4\n"
        yield f"global_{link}", module(text + fn("  ret void"))
    for vis in ["hidden", "protected", "default"]:
        yield f"fn_vis_{vis}", module(fn("  ret void").replace("define ", f"define {vis} "))
        yield f"global_vis_{vis}", module(f"@g = {vis} addrspace(1) global i32 0\n" + fn("  ret void"))
    for dll in ["dllimport", "dllexport"]:
        yield f"fn_{dll}", module((f"declare {dll} void @g()\n" if dll == "dllimport" else
                                   fn("  ret void", name="g").replace("define ", f"define {dll} "))
                                  + fn("  ret void", name="k"))
        yield f"global_{dll}", module((f"@g = external {dll} addrspace(1) global i32\n" if dll == "dllimport" else
                                       f"@g = {dll} addrspace(1) global i32 0\n") + fn("  ret void"))
    for pre in ["dso_local", "dso_preemptable"]:
        yield f"fn_{pre}", module(fn("  ret void").replace("define ", f"define {pre} "))
        yield f"global_{pre}", module(f"@g = {pre} addrspace(1) global i32 0\n" + fn("  ret void"))
    yield "comdat_any", module('$g = comdat any\n@g = addrspace(1) global i32 0, comdat\n' + fn("  ret void"))
    yield "fn_comdat", module('$f = comdat any\n' + fn("  ret void").replace("()", "() comdat", 1))


SCALARS = ["i1", "i2", "i7", "i8", "i16", "i24", "i32", "i48", "i64", "i96", "i128", "i256", "half", "float",
           "double", "fp128", "x86_fp80", "ppc_fp128"]


def types():
    for ty in SCALARS:
        isf = ty in ("half", "float", "double", "fp128", "x86_fp80", "ppc_fp128")
        op = "fadd" if isf else "add"
        yield f"arith_{ty}", module(fn(f"  %r = {op} {ty} %a, %a\n  ret void", f"{ty} %a"))
        yield f"load_{ty}", module(fn(f"  %r = load {ty}, {ty}* %p\n  ret void", f"{ty}* %p"))
        yield f"ret_{ty}", module(fn(f"  ret {ty} %a", f"{ty} %a", ret=ty).replace("define", "define internal"))
        for n in [2, 3, 4, 8]:
            yield f"vec{n}_{ty}", module(fn(f"  %r = {op} <{n} x {ty}> %a, %a\n  ret void", f"<{n} x {ty}> %a"))
        if not isf:
            for o in ["mul", "udiv", "sdiv", "urem", "shl", "lshr", "and", "xor"]:
                yield f"{o}_{ty}", module(fn(f"  %r = {o} {ty} %a, %a\n  ret void", f"{ty} %a"))
            yield f"icmp_{ty}", module(fn(f"  %r = icmp slt {ty} %a, %a\n  ret void", f"{ty} %a"))
        else:
            for o in ["fmul", "fdiv", "frem", "fsub"]:
                yield f"{o}_{ty}", module(fn(f"  %r = {o} {ty} %a, %a\n  ret void", f"{ty} %a"))
            yield f"fcmp_{ty}", module(fn(f"  %r = fcmp olt {ty} %a, %a\n  ret void", f"{ty} %a"))
            yield f"fptosi_{ty}", module(fn(f"  %r = fptosi {ty} %a to i32\n  ret void", f"{ty} %a"))
    for ty in ["x86_mmx", "label", "metadata", "token"]:
        yield f"param_{ty}", module(fn("  ret void", f"{ty} %a"))
    yield "struct_param", module(fn("  ret void", "{ i32, float } %a"))
    yield "array_param", module(fn("  ret void", "[4 x i32] %a"))
    yield "struct_ret", module(fn("  ret { i32, float } %a", "{ i32, float } %a", ret="{ i32, float }"))
    yield "packed_struct", module(fn("  ret void", "<{ i8, i32 }> %a"))
    yield "opaque_struct_ptr", module("%T = type opaque\n" + fn("  ret void", "%T* %a"))
    yield "big_array", module("@g = addrspace(1) global [100000000 x i8] zeroinitializer\n" + fn("  ret void"))
    yield "vector_of_ptr", module(fn("  ret void", "<2 x i8*> %a"))


PARAM_ATTRS = ["zeroext", "signext", "inreg", "noalias", "nocapture", "nest", "nonnull", "dereferenceable(8)",
               "dereferenceable_or_null(8)", "align 8", "readonly", "writeonly", "readnone", "returned",
               "swiftself", "swifterror", "byval", "sret", "inalloca", "noundef", "immarg", "nofree", "noinline"]


MODERN_PARAM_ATTRS = PARAM_ATTRS[:-1] + [
    "alignstack(8)", "nofpclass(nan)", "range(i32 0, 4)", "writable", "dead_on_unwind", "initializes((0, 4))",
    "captures(none)", "preallocated(i32)", "byref(i32)", "elementtype(i32)", "allocalign", "allocptr",
    "swiftasync", "byval(i32)", "sret(i32)", "inalloca(i32)", "noundef nonnull", "nocapture readonly"]


def params_modern():
    """Every parameter attribute LLVM 22 knows (LLVM 7's among them) on each kind of parameter
    type, in a definition and a declaration, written in both dialects: which the modern path's
    reader and verifier take, and where LLVM 7's reader stops."""
    for dialect in ["typed", "opaque"]:
        p = "i32*" if dialect == "typed" else "ptr"
        p1 = "i32 addrspace(1)*" if dialect == "typed" else "ptr addrspace(1)"
        for ty in ["i32", "i8", "float", "<2 x float>", p, p1]:
            for a in MODERN_PARAM_ATTRS:
                tag = f"{dialect}_{safe(a)}_{safe(ty)}"
                yield f"def_{tag}", module(fn("  ret void", f"{ty} {a} %a"))
                yield f"decl_{tag}", module(f"declare void @g({ty} {a})\n" + fn("  ret void"))


def params():
    for ty in ["i1", "i8", "i16", "i32", "i64", "float", "i8*", "i32 addrspace(1)*"]:
        yield f"plain_{safe(ty)}", module(fn("  ret void", f"{ty} %a"))
        yield f"decl_{safe(ty)}", module(f"declare void @g({ty})\n" + fn("  ret void"))
        yield f"ret_{safe(ty)}", module(f"declare {ty} @g()\n" + fn("  ret void"))
        yield f"kernel_{safe(ty)}", module(fn("  ret void", f"{ty} %a", name="k"),
                                           tail=f"!nvvm.annotations = !{{!1}}\n!1 = !{{void ({ty})* @k, !\"kernel\", i32 1}}\n" + VERSION)
        for a in PARAM_ATTRS:
            if a in ("byval", "sret", "inalloca") and "*" not in ty:
                continue
            yield f"{safe(a)}_{safe(ty)}", module(fn("  ret void", f"{ty} {a} %a"))
        for a in ["zeroext", "signext", "inreg", "noalias", "nonnull"]:
            yield f"retattr_{safe(a)}_{safe(ty)}", module(
                f"declare {a} {ty} @g()\n" + fn("  ret void"))
    yield "vararg_decl", module("declare void @g(i32, ...)\n" + fn("  ret void"))
    yield "vararg_def", module(fn("  ret void", "i32 %a, ..."))
    yield "vararg_call", module("declare void @g(i32, ...)\n" + fn("  call void (i32, ...) @g(i32 1, i32 2)\n  ret void"))


FN_ATTRS = ["alignstack(16)", "alwaysinline", "builtin", "cold", "convergent", "inaccessiblememonly",
            "inaccessiblemem_or_argmemonly", "inlinehint", "jumptable", "minsize", "naked", "nobuiltin",
            "noduplicate", "noimplicitfloat", "noinline", "nonlazybind", "noredzone", "noreturn", "norecurse",
            "nounwind", "optnone noinline", "optsize", "readnone", "readonly", "writeonly", "argmemonly",
            "returns_twice", "safestack", "sanitize_address", "sanitize_memory", "sanitize_thread",
            "sanitize_hwaddress", "speculatable", "ssp", "sspreq", "sspstrong", "strictfp", "uwtable",
            "shadowcallstack", "speculative_load_hardening", "nocf_check", "willreturn", "nofree", "nosync",
            "mustprogress", "hot", "noprofile", "nocallback", "nomerge", "null_pointer_is_valid",
            "\"no-frame-pointer-elim\"=\"true\"", "\"target-cpu\"=\"sm_90\"", "\"nvptx-f32ftz\"=\"true\"",
            "\"probe-stack\"=\"x\"", "\"stack-probe-size\"=\"4096\"", "\"patchable-function\"=\"prologue-short-redirect\"",
            "\"no-stack-arg-probe\"", "\"unknown-string-attr\"", "\"uniform-work-group-size\"=\"true\""]


def fnattr():
    for a in FN_ATTRS:
        s = safe(a)
        yield f"def_{s}", module(fn("  ret void", attrs=f" {a}"))
        yield f"group_{s}", module(fn("  ret void", attrs=" #0") + f"\nattributes #0 = {{ {a} }}\n")
        yield f"decl_{s}", module(f"declare void @g() {a}\n" + fn("  call void @g()\n  ret void"))
        yield f"callsite_{s}", module(f"declare void @g()\n" + fn(f"  call void @g() {a}\n  ret void"))
        yield f"kernel_{s}", module(fn("  ret void", name="k", attrs=f" {a}"),
                                    tail="!nvvm.annotations = !{!1}\n!1 = !{void ()* @k, !\"kernel\", i32 1}\n" + VERSION)


ORDERINGS = ["unordered", "monotonic", "acquire", "release", "acq_rel", "seq_cst"]


def atomics():
    ops = ["xchg", "add", "sub", "and", "nand", "or", "xor", "max", "min", "umax", "umin", "fadd", "fsub"]
    tys = ["i8", "i16", "i32", "i64", "i128", "half", "float", "double"]
    for op in ops:
        for ty in tys:
            for asp in [0, 1, 3]:
                yield f"rmw_{op}_{ty}_as{asp}", module(fn(
                    f"  %r = atomicrmw {op} {ptr(ty, asp)} %p, {ty} {'1.0' if ty in ('half', 'float', 'double') else '1'} seq_cst\n  ret void",
                    f"{ptr(ty, asp)} %p"))
    for asp in [2, 4, 5, 6, 7, 101]:
        yield f"rmw_add_i32_as{asp}", module(fn(
            f"  %r = atomicrmw add {ptr('i32', asp)} %p, i32 1 seq_cst\n  ret void", f"{ptr('i32', asp)} %p"))
        yield f"cmpxchg_i32_as{asp}", module(fn(
            f"  %r = cmpxchg {ptr('i32', asp)} %p, i32 0, i32 1 seq_cst seq_cst\n  ret void", f"{ptr('i32', asp)} %p"))
    for o in ORDERINGS:
        if o != "unordered":
            yield f"rmw_order_{o}", module(fn(f"  %r = atomicrmw add i32* %p, i32 1 {o}\n  ret void", "i32* %p"))
        for scope in ["", "syncscope(\"singlethread\") ", "syncscope(\"block\") ", "syncscope(\"device\") "]:
            if o != "unordered":
                yield f"rmw_scope_{safe(scope) or 'system'}_{o}", module(fn(
                    f"  %r = atomicrmw add i32* %p, i32 1 {scope}{o}\n  ret void", "i32* %p"))
    for ty in ["i8", "i16", "i32", "i64", "i128", "float", "double", "i8*", "i32 addrspace(1)*"]:
        for asp in [0, 1, 3]:
            v = "null" if "*" in ty else ("0.0" if ty in ("float", "double") else "0")
            yield f"cmpxchg_{safe(ty)}_as{asp}", module(fn(
                f"  %r = cmpxchg {ptr(ty, asp)} %p, {ty} {v}, {ty} {v} seq_cst seq_cst\n  ret void", f"{ptr(ty, asp)} %p"))
    for s in ORDERINGS[1:]:
        for f in ORDERINGS[1:]:
            yield f"cmpxchg_order_{s}_{f}", module(fn(
                f"  %r = cmpxchg i32* %p, i32 0, i32 1 {s} {f}\n  ret void", "i32* %p"))
    yield "cmpxchg_weak_volatile", module(fn("  %r = cmpxchg weak volatile i32* %p, i32 0, i32 1 seq_cst seq_cst\n  ret void", "i32* %p"))
    for ty in ["i8", "i16", "i32", "i64", "i128", "float", "double", "i8*"]:
        for o in ORDERINGS:
            for asp in [0, 1, 3]:
                if o not in ("release", "acq_rel"):
                    yield f"load_{o}_{safe(ty)}_as{asp}", module(fn(
                        f"  %r = load atomic {ty}, {ptr(ty, asp)} %p {o}, align {size_of(ty)}\n  ret void", f"{ptr(ty, asp)} %p"))
                if o not in ("acquire", "acq_rel"):
                    v = "null" if "*" in ty else ("0.0" if ty in ("float", "double") else "0")
                    yield f"store_{o}_{safe(ty)}_as{asp}", module(fn(
                        f"  store atomic {ty} {v}, {ptr(ty, asp)} %p {o}, align {size_of(ty)}\n  ret void", f"{ptr(ty, asp)} %p"))
    for o in ORDERINGS:
        for scope in ["", "syncscope(\"singlethread\") ", "syncscope(\"block\") "]:
            yield f"fence_{safe(scope) or 'system'}_{o}", module(fn(f"  fence {scope}{o}\n  ret void"))


def size_of(ty):
    return {"i8": 1, "i16": 2, "i32": 4, "i64": 8, "i128": 16, "float": 4, "double": 8}.get(ty, 8)


def instructions():
    for asp in [0, 1, 2, 3, 4, 5, 6, 7, 8, 25, 101]:
        yield f"load_as{asp}", module(fn(f"  %v = load i32, {ptr('i32', asp)} %p\n  ret void", f"{ptr('i32', asp)} %p"))
        yield f"store_as{asp}", module(fn(f"  store i32 0, {ptr('i32', asp)} %p\n  ret void", f"{ptr('i32', asp)} %p"))
        yield f"volatile_load_as{asp}", module(fn(f"  %v = load volatile i32, {ptr('i32', asp)} %p\n  ret void", f"{ptr('i32', asp)} %p"))
        yield f"gep_as{asp}", module(fn(f"  %q = getelementptr i32, {ptr('i32', asp)} %p, i64 1\n  ret void", f"{ptr('i32', asp)} %p"))
        yield f"call_param_as{asp}", module(f"declare void @g({ptr('i32', asp)})\n" + fn(
            f"  call void @g({ptr('i32', asp)} %p)\n  ret void", f"{ptr('i32', asp)} %p"))
        yield f"ptrtoint_as{asp}", module(fn(f"  %q = ptrtoint {ptr('i32', asp)} %p to i64\n  ret void", f"{ptr('i32', asp)} %p"))
        yield f"inttoptr_as{asp}", module(fn(f"  %q = inttoptr i64 %a to {ptr('i32', asp)}\n  ret void", "i64 %a"))
        yield f"memset_as{asp}", module(
            f"declare void @llvm.memset.p{asp}i8.i64({ptr('i8', asp)}, i8, i64, i1)\n" + fn(
                f"  call void @llvm.memset.p{asp}i8.i64({ptr('i8', asp)} %p, i8 0, i64 8, i1 false)\n  ret void",
                f"{ptr('i8', asp)} %p"))
    yield "va_arg", module(fn("  %v = va_arg i8** %p, i32\n  ret void", "i8** %p"))
    yield "indirect_call", module(fn("  call void %p()\n  ret void", "void ()* %p"))
    yield "indirect_call_as1", module(fn("  call void %p()\n  ret void", "void () addrspace(1)* %p"))
    yield "switch", module(fn("  switch i32 %a, label %d [ i32 0, label %d\n i32 1, label %e ]\nd:\n  ret void\ne:\n  ret void", "i32 %a"))
    yield "select_vec", module(fn("  %r = select <2 x i1> %c, <2 x i32> %a, <2 x i32> %a\n  ret void", "<2 x i1> %c, <2 x i32> %a"))
    yield "phi", module(fn("  br label %b\nb:\n  %x = phi i32 [ 0, %0 ], [ %y, %b ]\n  %y = add i32 %x, 1\n  br label %b", ""))
    yield "unreachable", module(fn("  unreachable"))
    yield "invoke", module("declare void @g()\ndeclare i32 @__gxx_personality_v0(...)\n" + fn(
        "  invoke void @g() to label %a unwind label %b\na:\n  ret void\nb:\n  %l = landingpad { i8*, i32 } cleanup\n  ret void")
        .replace("() {", "() personality i32 (...)* @__gxx_personality_v0 {", 1))
    yield "resume", module("declare i32 @__gxx_personality_v0(...)\n" + fn("  resume { i8*, i32 } %a", "{ i8*, i32 } %a")
                           .replace(") {", ") personality i32 (...)* @__gxx_personality_v0 {", 1))
    yield "extractelement", module(fn("  %r = extractelement <4 x float> %a, i32 %i\n  ret void", "<4 x float> %a, i32 %i"))
    yield "shufflevector", module(fn("  %r = shufflevector <4 x float> %a, <4 x float> %a, <2 x i32> <i32 0, i32 5>\n  ret void", "<4 x float> %a"))
    yield "extractvalue", module(fn("  %r = extractvalue { i32, float } %a, 1\n  ret void", "{ i32, float } %a"))
    yield "insertvalue", module(fn("  %r = insertvalue [2 x i32] %a, i32 1, 0\n  ret void", "[2 x i32] %a"))
    yield "tail_call", module("declare void @g()\n" + fn("  tail call void @g()\n  ret void"))
    yield "musttail_call", module("declare void @g()\n" + fn("  musttail call void @g()\n  ret void"))
    yield "notail_call", module("declare void @g()\n" + fn("  notail call void @g()\n  ret void"))
    yield "fast_math", module(fn("  %r = fadd fast float %a, %a\n  ret void", "float %a"))
    yield "nsw_nuw_exact", module(fn("  %r = add nuw nsw i32 %a, 1\n  %s = udiv exact i32 %a, 2\n  ret void", "i32 %a"))
    yield "blockaddress", module(fn("  br label %b\nb:\n  ret i8* blockaddress(@f, %b)", ret="i8*"))
    yield "cc_ptx_kernel", module("define ptx_kernel void @f() {\n  ret void\n}\n")
    yield "cc_ptx_device", module("define ptx_device void @f() {\n  ret void\n}\n")
    yield "cc_fastcc", module("define fastcc void @f() {\n  ret void\n}\n")
    yield "cc_coldcc", module("define coldcc void @f() {\n  ret void\n}\n")
    yield "cc_x86_stdcall", module("define x86_stdcallcc void @f() {\n  ret void\n}\n")
    yield "cc_cc10", module("define cc10 void @f() {\n  ret void\n}\n")
    yield "gc", module('define void @f() gc "shadow-stack" {\n  ret void\n}\n')
    yield "inline_asm_sideeffect", module(fn('  call void asm sideeffect "exit;", ""()\n  ret void'))


LAYOUTS = [
    LAYOUT,
    "e-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-p:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64",
    "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64",
    "e-p3:32:32-p4:32:32-p5:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-p:32:32-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128",
    "e-i64:64-v16:16-v32:32-n16:32:64",
    "e-i64:64-i128:128-v16:16-v32:32-n16:32:64-A5",
    "e-i64:64-i128:128-v16:16-v32:32-n16:32:64-G1",
    "e-i64:64-i128:128-v16:16-v32:32-n16:32:64-S128",
    "e-i64:64-i128:128-v16:16-v32:32-n16:32:64-P1",
    "e-i64:64-i128:128-v16:16-v32:32-n16:32:64-ni:1:3",
    "e-m:e-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-m:o-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "E-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-i64:64-i128:128-v16:16-v32:32-n32:64",
    "e-i64:64-i128:128-v16:16-v32:32",
    "e-i64:64-i128:128-n16:32:64",
    "e-i64:64-i128:128-v16:16-v32:32-v64:64-v128:128-n16:32:64",
    "e-i64:32-i128:128-v16:16-v32:32-n16:32:64",
    "e-i8:16-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-f64:32-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-f32:64-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-a:0:64-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-i64:64-i128:64-v16:16-v32:32-n16:32:64",
    "e-p:64:64-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-p:64:32-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-p1:64:64-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-p3:64:64-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-p3:16:16-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e",
    "",
    "e-i64:64-i128:128-v16:16-v32:32-n16:32:64-Fi8",
    "e-i64:64-i128:128-v16:16-v32:32-n16:32:64-z0",
    "e-i64:64-i128:128-v16:16-v32:32-n16:32:64-e",
]


def datalayout():
    for i, dl in enumerate(LAYOUTS):
        for triple in ["nvptx64-nvidia-cuda", "nvptx-nvidia-cuda"]:
            yield f"dl{i:02}_{safe(triple)}", module(fn("  ret void"), layout=dl, triple=triple)
    yield "missing", module(fn("  ret void"), layout=None)
    yield "missing_both", module(fn("  ret void"), layout=None, triple=None)


TRIPLES = ["nvptx64-nvidia-cuda", "nvptx-nvidia-cuda", "nvptx64-nvidia-nvcl", "nvptx64-unknown-cuda",
           "nvptx64-nvidia-cuda-", "nvptx64--cuda", "nvptx64-nvidia-cuda-unknown", "nvptx64", "nvptx64-nvidia",
           "NVPTX64-nvidia-cuda", "nvptx64-nvidia-cudax", "nvptx32-nvidia-cuda", "nvptx64-unknown-unknown",
           "nvptx64-nvidia-unknown", "nvptx64-nvidia-cuda-elf", "nvptx64-nvidia-cuda-gnu", "nvptx64-nvidia-cuda11.8",
           "nvptx64-pc-cuda", "amdgcn-amd-amdhsa", "x86_64-unknown-linux-gnu", "spir64-unknown-unknown", "",
           "nvptx64-nvidia-cuda\\00x"]


def triple():
    for t in TRIPLES:
        yield f"t{TRIPLES.index(t):02}_{safe(t) or 'empty'}", module(fn("  ret void"), triple=t)
    yield "missing", module(fn("  ret void"), triple=None)


def nvvmir_version():
    forms = {
        "v1_0": "!{i32 1, i32 0}", "v1_9": "!{i32 1, i32 9}", "v2_0": "!{i32 2, i32 0}", "v2_1": "!{i32 2, i32 1}",
        "v2_7": "!{i32 2, i32 7}", "v2_255": "!{i32 2, i32 255}", "v3_0": "!{i32 3, i32 0}", "v3_2": "!{i32 3, i32 2}",
        "v0_0": "!{i32 0, i32 0}", "v2_0_3_0": "!{i32 2, i32 0, i32 3, i32 0}", "v2_0_3_1": "!{i32 2, i32 0, i32 3, i32 1}",
        "v2_0_2_0": "!{i32 2, i32 0, i32 2, i32 0}", "v2_0_3_2": "!{i32 2, i32 0, i32 3, i32 2}",
        "v2_0_4_0": "!{i32 2, i32 0, i32 4, i32 0}", "v2_0_1": "!{i32 2, i32 0, i32 1}",
        "v2_0_3_0_x": "!{i32 2, i32 0, i32 3, i32 0, i32 1}", "i64": "!{i64 2, i64 0}", "i16": "!{i16 2, i16 0}",
        "i8": "!{i8 2, i8 0}", "neg": "!{i32 -1, i32 0}", "str": "!{!\"2\", !\"0\"}", "empty": "!{}", "one": "!{i32 2}",
        "float": "!{float 2.0, float 0.0}", "null": "!{null, null}", "i1": "!{i1 true, i1 false}",
    }
    for name, node in forms.items():
        yield name, module(fn("  ret void"), tail=f"!nvvmir.version = !{{!0}}\n!0 = {node}\n")
    yield "two_same", module(fn("  ret void"), tail="!nvvmir.version = !{!0, !0}\n!0 = !{i32 2, i32 0}\n")
    yield "two_diff", module(fn("  ret void"), tail="!nvvmir.version = !{!0, !1}\n!0 = !{i32 2, i32 0}\n!1 = !{i32 1, i32 0}\n")
    yield "two_2_0_2_1", module(fn("  ret void"), tail="!nvvmir.version = !{!0, !1}\n!0 = !{i32 2, i32 0}\n!1 = !{i32 2, i32 1}\n")
    yield "missing", module(fn("  ret void"), tail="")
    yield "empty_named", module(fn("  ret void"), tail="!nvvmir.version = !{}\n")
    yield "distinct", module(fn("  ret void"), tail="!nvvmir.version = !{!0}\n!0 = distinct !{i32 2, i32 0}\n")


def annotated(body, entries, sig="void ()"):
    """A module whose `!nvvm.annotations` holds `entries` (each the text inside `!{...}`)."""
    refs = ", ".join(f"!{100 + i}" for i in range(len(entries)))
    nodes = "".join(f"!{100 + i} = !{{{e}}}\n" for i, e in enumerate(entries))
    return module(body, tail=f"!nvvm.annotations = !{{{refs}}}\n{nodes}" + VERSION)


PROPERTIES = ["maxntidx", "maxntidy", "maxntidz", "reqntidx", "reqntidy", "reqntidz", "minctasm", "maxnreg",
              "cluster_dim_x", "cluster_dim_y", "cluster_dim_z", "cluster_max_blocks", "maxclusterrank",
              "grid_constant", "texture", "surface", "managed", "align", "kernel", "preserve_n_data",
              "unknown_property", "maxntid", "reqntid"]


def annotations():
    k = fn("  ret void", name="k")
    for prop in PROPERTIES:
        for val in ["0", "1", "3", "1024", "1025", "2048", "-1", "65536"]:
            if prop in ("texture", "surface", "managed", "grid_constant"):
                continue
            yield f"kernel_{prop}_{val.replace('-', 'm')}", annotated(k, ['void ()* @k, !"kernel", i32 1', f'void ()* @k, !"{prop}", i32 {val}'])
        yield f"device_{prop}_1", annotated(k, [f'void ()* @k, !"{prop}", i32 1'])
        yield f"kernel_{prop}_i64", annotated(k, ['void ()* @k, !"kernel", i32 1', f'void ()* @k, !"{prop}", i64 1'])
        yield f"kernel_{prop}_novalue", annotated(k, ['void ()* @k, !"kernel", i32 1', f'void ()* @k, !"{prop}"'])
        yield f"same_node_{prop}", annotated(k, [f'void ()* @k, !"kernel", i32 1, !"{prop}", i32 4'])
    for val in ["0", "1", "2", "-1"]:
        yield f"kernel_value_{val.replace('-', 'm')}", annotated(k, [f'void ()* @k, !"kernel", i32 {val}'])
    yield "kernel_twice", annotated(k, ['void ()* @k, !"kernel", i32 1', 'void ()* @k, !"kernel", i32 1'])
    yield "null_entity", annotated(k, ['null, !"kernel", i32 1'])
    yield "undef_entity", annotated(k, ['void ()* undef, !"kernel", i32 1'])
    yield "string_entity", annotated(k, ['!"k", !"kernel", i32 1'])
    yield "global_entity", annotated("@g = addrspace(1) global i32 0\n" + k, ['i32 addrspace(1)* @g, !"kernel", i32 1'])
    yield "empty_node", annotated(k, [''])
    yield "entity_only", annotated(k, ['void ()* @k'])
    yield "property_not_string", annotated(k, ['void ()* @k, i32 1, i32 1'])
    for n in [0, 1, 2, 3]:
        params = ", ".join(["i32* byval(i32) %p"] * n) if False else ", ".join(f"i32 %a{i}" for i in range(n))
        sig = "void (" + ", ".join(["i32"] * n) + ")"
        body = fn("  ret void", params, name="k")
        for idx in [0, 1, 2, 4]:
            yield f"grid_constant_{n}params_idx{idx}", annotated(
                body, [f'{sig}* @k, !"kernel", i32 1', f'{sig}* @k, !"grid_constant", !1'
                       ]).replace(VERSION, f"!1 = !{{i32 {idx}}}\n" + VERSION)
    for tex in ["texture", "surface"]:
        for ty, asp in [("i64", 1), ("i32", 1), ("i64", 0), ("i64", 4)]:
            yield f"{tex}_{ty}_as{asp}", annotated(
                f"@t = addrspace({asp}) global {ty} 0\n" + k,
                ['void ()* @k, !"kernel", i32 1', f'{ty} addrspace({asp})* @t, !"{tex}", i32 1'])
    for attr in ['"nvvm.maxntid"="32,1,1"', '"nvvm.reqntid"="32"', '"nvvm.minctasm"="2"', '"nvvm.maxnreg"="32"',
                 '"nvvm.cluster_dim"="2,1,1"', '"nvvm.maxclusterrank"="4"', '"nvvm.blocksareclusters"',
                 '"nvvm.kernel"', '"nvvm.grid_constant"', '"nvvm.unknown"="1"']:
        yield f"fnattr_kernel_{safe(attr)}", annotated(fn("  ret void", name="k", attrs=f" {attr}"),
                                                       ['void ()* @k, !"kernel", i32 1'])
        yield f"fnattr_device_{safe(attr)}", module(fn("  ret void", name="k", attrs=f" {attr}"))
        yield f"fnattr_ptx_kernel_{safe(attr)}", module(
            fn("  ret void", name="k", attrs=f" {attr}").replace("define void", "define ptx_kernel void"))


NAMES = ["f", "_f", "$f", "f9", "9f", "f.x", "f-x", "f@x", "f x", "f:x", "f$x", "\\01f", "f\\01x", "llvm.x",
         "llvm.nvvm.x", "nvvm.x", "__nv_x", "0", "42", "é", "f\\\\x", "__cudart_x", ".f", "f.", "_Z3fooi"]


def identifiers():
    for name in NAMES:
        q = f'@"{name}"'
        for link in ["", "internal ", "private ", "linkonce_odr ", "weak "]:
            yield f"fn_def_{link.strip() or 'external'}_{safe(name) or 'x'}_{NAMES.index(name)}", module(
                f"define {link}void {q}() {{\n  ret void\n}}\n" + fn(f"  call void {q}()\n  ret void", name="k"))
            init = "undef" if link else "0"
            yield f"global_{link.strip() or 'external'}_{safe(name) or 'x'}_{NAMES.index(name)}", module(
                f"{q} = {link}addrspace(1) global i32 {init}\n" + fn(
                    f"  %v = load i32, i32 addrspace(1)* {q}\n  ret void", name="k"))
        yield f"fn_decl_used_{safe(name) or 'x'}_{NAMES.index(name)}", module(
            f"declare void {q}()\n" + fn(f"  call void {q}()\n  ret void", name="k"))
        yield f"fn_decl_unused_{safe(name) or 'x'}_{NAMES.index(name)}", module(f"declare void {q}()\n" + fn("  ret void", name="k"))
        yield f"global_unused_{safe(name) or 'x'}_{NAMES.index(name)}", module(f"{q} = internal addrspace(1) global i32 0\n" + fn("  ret void", name="k"))
        yield f"local_value_{safe(name) or 'x'}_{NAMES.index(name)}", module(fn(f'  %"{name}" = add i32 0, 1\n  ret void'))
    yield "unnamed_global", module("@0 = addrspace(1) global i32 0\n" + fn("  %v = load i32, i32 addrspace(1)* @0\n  ret void"))
    yield "unnamed_function", module("define void @0() {\n  ret void\n}\n" + fn("  call void @0()\n  ret void", name="k"))


ASM_TYPES = ["i1", "i8", "i16", "i32", "i64", "i128", "half", "bfloat", "float", "double", "<2 x i16>", "<2 x half>",
             "<4 x float>", "i8*", "i32 addrspace(1)*", "{ i32, i32 }", "[2 x i32]"]


def inline_asm():
    for ty in ASM_TYPES:
        for c in ["r", "l", "h", "f", "d", "c", "n", "m"]:
            yield f"in_{c}_{safe(ty)}", module(fn(f'  call void asm sideeffect "// $0", "{c}"({ty} %a)\n  ret void', f"{ty} %a"))
        for c in ["=r", "=l", "=h", "=f", "=d"]:
            yield f"out_{safe(c)}_{safe(ty)}", module(fn(f'  %r = call {ty} asm sideeffect "// $0", "{c}"()\n  ret void'))
    yield "intel", module(fn('  call void asm sideeffect inteldialect "nop", ""()\n  ret void'))
    yield "alignstack", module(fn('  call void asm sideeffect alignstack "nop", ""()\n  ret void'))
    yield "clobber_memory", module(fn('  call void asm sideeffect "nop", "~{memory}"()\n  ret void'))
    yield "indirect_out", module(fn('  call void asm sideeffect "st.u32 [$0], 1;", "=*m"(i32* %p)\n  ret void', "i32* %p"))
    yield "two_outputs", module(fn('  %r = call { i32, i32 } asm "mov.u32 $0, 1; mov.u32 $1, 2;", "=r,=r"()\n  ret void'))
    yield "module_asm", module('module asm ".version 7.0"\n' + fn("  ret void"))
    yield "tied", module(fn('  %r = call i32 asm "add.u32 $0, $0, 1;", "=r,0"(i32 %a)\n  ret void', "i32 %a"))


def fnprops():
    for k in [1, 2, 4, 16, 256]:
        yield f"align_{k}", module(fn("  ret void").replace("() {", f"() align {k} {{"))
    for sec in [".text", "foo", "llvm.metadata"]:
        yield f"section_{safe(sec)}", module(fn("  ret void").replace("() {", f'() section "{sec}" {{'))
    yield "gc", module(fn("  ret void").replace("() {", '() gc "x" {'))
    yield "prefix", module(fn("  ret void").replace("() {", "() prefix i32 1 {"))
    yield "prologue", module(fn("  ret void").replace("() {", "() prologue i32 1 {"))
    yield "personality_decl", module("declare i32 @p(...)\n" + fn("  ret void").replace("() {", "() personality i32 (...)* @p {"))
    for ret in ["i32", "float", "i8*", "{ i32, i32 }", "i16", "i1"]:
        yield f"kernel_ret_{safe(ret)}", annotated(
            f"define {ret} @k() {{\n  ret {ret} undef\n}}\n", [f'{ret} ()* @k, !"kernel", i32 1'])
    yield "kernel_varargs", annotated(fn("  ret void", "...", name="k"), ['void (...)* @k, !"kernel", i32 1'])
    yield "kernel_declared", annotated("declare void @k()\n", ['void ()* @k, !"kernel", i32 1'])
    yield "kernel_internal", annotated(fn("  ret void", name="k").replace("define void", "define internal void"),
                                       ['void ()* @k, !"kernel", i32 1'])
    yield "kernel_called", annotated(fn("  ret void", name="k") + fn("  call void @k()\n  ret void", name="g"),
                                     ['void ()* @k, !"kernel", i32 1'])
    yield "ptx_kernel_called", module(fn("  ret void", name="k").replace("define void", "define ptx_kernel void")
                                      + fn("  call ptx_kernel void @k()\n  ret void", name="g"))
    yield "recursion", module(fn("  call void @f()\n  ret void"))
    yield "intrinsic_defined", module("define void @llvm.nvvm.barrier0() {\n  ret void\n}\n")
    yield "nvvm_reserved_defined", module("define void @llvm.nvvm.foo() {\n  ret void\n}\n")
    yield "alias_fn", module("@a = alias void (), void ()* @f\n" + fn("  ret void"))
    yield "alias_global", module("@g = addrspace(1) global i32 0\n@a = alias i32, i32 addrspace(1)* @g\n" + fn("  ret void"))
    yield "ifunc", module("@i = ifunc void (), void ()* ()* @r\ndefine internal void ()* @r() {\n  ret void ()* null\n}\n" + fn("  ret void"))


def metadata_():
    for behavior in [1, 2, 3, 4, 5, 6, 7, 8]:
        yield f"module_flag_{behavior}", module(fn("  ret void"), tail=f'!llvm.module.flags = !{{!1}}\n!1 = !{{i32 {behavior}, !"x", i32 1}}\n' + VERSION)
    yield "module_flag_bad", module(fn("  ret void"), tail='!llvm.module.flags = !{!1}\n!1 = !{i32 1, !"x"}\n' + VERSION)
    yield "module_flag_string", module(fn("  ret void"), tail='!llvm.module.flags = !{!1}\n!1 = !{!"x"}\n' + VERSION)
    for flag in ['i32 7, !"Dwarf Version", i32 4', 'i32 2, !"Debug Info Version", i32 3', 'i32 1, !"wchar_size", i32 4',
                 'i32 4, !"nvvm-reflect-ftz", i32 1', 'i32 8, !"PIC Level", i32 2']:
        yield f"flag_{safe(flag)[:40]}", module(fn("  ret void"), tail=f'!llvm.module.flags = !{{!1}}\n!1 = !{{{flag}}}\n' + VERSION)
    for kind in ["range", "tbaa", "nonnull", "invariant.load", "callalign", "unknown.kind", "noalias", "alias.scope",
                 "llvm.loop", "prof", "dereferenceable"]:
        yield f"attach_{safe(kind)}", module(fn(f"  %v = load i32, i32* %p, !{kind} !1\n  ret void", "i32* %p"),
                                             tail="!1 = !{i32 0, i32 10}\n" + VERSION)
    for ops in ["i32 4", "i32 4, i32 8", '!"x"', "i64 4", "float 1.0", ""]:
        yield f"callalign_{safe(ops) or 'empty'}", module("declare void @g()\n" + fn("  call void @g(), !callalign !1\n  ret void"),
                                                          tail=f"!1 = !{{{ops}}}\n" + VERSION)
    yield "named_unknown", module(fn("  ret void"), tail='!foo = !{!1}\n!1 = !{i32 1}\n' + VERSION)
    yield "nvvm_internalize", module(fn("  ret void"), tail='!nvvm.internalize.after.link = !{}\n' + VERSION)


# One problem each, to be put two at a time into one module, in both orders: which one libNVVM
# reports first. `{n}` is a name prefix and `{m}` a metadata number base, so that two snippets
# never collide. Keys: body (globals and functions, in text order), and optionally layout,
# triple, tail (named metadata and nodes; `!nvvm.annotations` entries go in `ann`).
SNIPPETS = {
    "layout_endian": {"layout": LAYOUT.replace("e-", "E-", 1)},
    "layout_mangling": {"layout": "e-m:e-" + LAYOUT[2:]},
    "triple_bad": {"triple": "nvptx64-nvidia-nvcl"},
    "global_as7": {"body": "@{n}g = addrspace(7) global i32 0\n"},
    "global_shared_init": {"body": "@{n}g = internal addrspace(3) global i32 1\n"},
    "global_bad_name": {"body": "@\"{n}g.x\" = addrspace(1) global i32 0\n"},
    "global_appending": {"body": "@{n}g = appending addrspace(1) global [1 x i32] [i32 0]\n"},
    "global_fp128": {"body": "@{n}g = addrspace(1) global fp128 0xL0\n"},
    "fn_naked": {"body": "define void @{n}f() naked {\n  ret void\n}\n"},
    "fn_bad_name": {"body": "define void @\"{n}f.x\"() {\n  ret void\n}\n"},
    "fn_extern_weak": {"body": "declare extern_weak void @{n}f()\ndefine void @{n}u() {\n  call void @{n}f()\n  ret void\n}\n"},
    "fn_prefix": {"body": "define void @{n}f() prefix i32 1 {\n  ret void\n}\n"},
    "fn_zeroext_float": {"body": "define void @{n}f(float zeroext %a) {\n  ret void\n}\n"},
    "fn_i8_param": {"body": "define void @{n}f(i8 %a) {\n  ret void\n}\n"},
    "inst_fence": {"body": "define void @{n}f() {\n  fence seq_cst\n  ret void\n}\n"},
    "inst_atomic_load": {"body": "define void @{n}f(i32* %p) {\n  %v = load atomic i32, i32* %p seq_cst, align 4\n  ret void\n}\n"},
    "inst_asc": {"body": "define void @{n}f(i32 addrspace(3)* %p) {\n  %q = addrspacecast i32 addrspace(3)* %p to i32 addrspace(1)*\n  ret void\n}\n"},
    "inst_rmw_i8": {"body": "define void @{n}f(i8* %p) {\n  %v = atomicrmw add i8* %p, i8 1 seq_cst\n  ret void\n}\n"},
    "inst_fp128": {"body": "define void @{n}f(fp128 %a) {\n  %v = fadd fp128 %a, %a\n  ret void\n}\n"},
    "inst_alloca_as": {"body": "define void @{n}f() {\n  %a = alloca i32, align 4, addrspace(3)\n  ret void\n}\n"},
    "inst_intrinsic": {"body": "declare float @llvm.sin.f32(float)\ndefine void @{n}f(float %a) {\n  %v = call float @llvm.sin.f32(float %a)\n  ret void\n}\n"},
    "kernel_ret": {"body": "define i32 @{n}k() {\n  ret i32 0\n}\n", "ann": "i32 ()* @{n}k, !\"kernel\", i32 1"},
    "maxntid_device": {"body": "define void @{n}d() {\n  ret void\n}\n", "ann": "void ()* @{n}d, !\"maxntidx\", i32 32"},
    "module_flag_bad": {"flag": "i32 9, !\"{n}x\", i32 1"},
    "version_bad": {"version": "!{i32 3, i32 0}"},
}


def compose(names):
    layout, triple, body, ann, flags, version = LAYOUT, TRIPLE, "", [], [], "!{i32 2, i32 0}"
    for i, name in enumerate(names):
        sn = SNIPPETS[name]
        n = "ab"[i]
        layout = sn.get("layout", layout)
        triple = sn.get("triple", triple)
        version = sn.get("version", version)
        body += sn.get("body", "").replace("{n}", n)
        if "ann" in sn:
            ann.append(sn["ann"].replace("{n}", n))
        if "flag" in sn:
            flags.append(sn["flag"].replace("{n}", n))
    if not body:
        body = "define void @f() {\n  ret void\n}\n"
    tail = ""
    if ann:
        tail += "!nvvm.annotations = !{" + ", ".join(f"!{10 + i}" for i in range(len(ann))) + "}\n"
        tail += "".join(f"!{10 + i} = !{{{a}}}\n" for i, a in enumerate(ann))
    if flags:
        tail += "!llvm.module.flags = !{" + ", ".join(f"!{20 + i}" for i in range(len(flags))) + "}\n"
        tail += "".join(f"!{20 + i} = !{{{f}}}\n" for i, f in enumerate(flags))
    tail += f"!nvvmir.version = !{{!0}}\n!0 = {version}\n"
    return module(body, layout=layout, triple=triple, tail=tail)


def multi_error():
    names = list(SNIPPETS)
    for a in names:
        for b in names:
            if a == b:
                continue
            # Two header problems of one kind replace each other.
            same_slot = [k for k in ("layout", "triple", "version") if k in SNIPPETS[a] and k in SNIPPETS[b]]
            if same_slot:
                continue
            yield f"{a}__{b}", compose([a, b])


# Attribute groups: where a group is named (function definition, declaration, call site, kernel,
# global variable, parameter, return) × what the module says of it (defined, never defined, empty,
# defined twice with the same, other or an empty second list, defined before its use, two groups
# at one place) × an attribute libNVVM takes, one it refuses on functions, a string attribute.
GROUP_STATES = {
    "defined": "attributes #3 = {{ {a} }}\n",
    "undefined": "",
    "empty": "attributes #3 = {{ }}\n",
    "twice_same": "attributes #3 = {{ {a} }}\nattributes #3 = {{ {a} }}\n",
    "twice_other": "attributes #3 = {{ nounwind }}\nattributes #3 = {{ {a} }}\n",
    "twice_first": "attributes #3 = {{ {a} }}\nattributes #3 = {{ nounwind }}\n",
    "twice_second_empty": "attributes #3 = {{ {a} }}\nattributes #3 = {{ }}\n",
    "two_groups": "attributes #3 = {{ nounwind }}\nattributes #4 = {{ {a} }}\n",
    "two_groups_one_undefined": "attributes #3 = {{ {a} }}\n",
}


def attr_groups():
    sites = {
        "def": ("define void @f() {g} {{\n  ret void\n}}\n", ""),
        "decl_called": ("declare void @h() {g}\n" + "define void @f() {{\n  call void @h()\n  ret void\n}}\n", ""),
        "decl_unused": ("declare void @h() {g}\n" + "define void @f() {{\n  ret void\n}}\n", ""),
        "callsite": ("declare void @h()\ndefine void @f() {{\n  call void @h() {g}\n  ret void\n}}\n", ""),
        "kernel": ("define void @f() {g} {{\n  ret void\n}}\n",
                   "!nvvm.annotations = !{{!9}}\n!9 = !{{void ()* @f, !\"kernel\", i32 1}}\n"),
        "global": ("@g = addrspace(1) global i32 0 {g}\n" + "define void @f() {{\n  ret void\n}}\n", ""),
        "param": ("define void @f(i32 {g} %a) {{\n  ret void\n}}\n", ""),
        "ret": ("define {g} i32 @f() {{\n  ret i32 0\n}}\n", ""),
    }
    for where, (body, md) in sites.items():
        for state, defs in GROUP_STATES.items():
            for attr in ["nounwind", "naked", '"x"="y"']:
                g = "#3 #4" if state.startswith("two_groups") else "#3"
                text = body.format(g=g) + defs.format(a=attr)
                yield f"{where}_{state}_{safe(attr)}", module(text, tail=md.format() + VERSION)
    # A group defined after the functions that name it, and one no one names.
    yield "defined_first", module("attributes #3 = { naked }\n" + fn("  ret void", attrs=" #3"))
    yield "unnamed_empty", module(fn("  ret void") + "attributes #7 = { }\n")
    yield "unnamed_undefined_attr", module(fn("  ret void") + "attributes #7 = { naked }\n")


def grammar():
    """Constructs of LLVM 8…22's grammar, each alone and in its variants, on both paths: what each
    of libNVVM's readers takes and where it stops."""
    g = "@G = addrspace(1) global i32 0"
    props = {"section": ', section "s"', "partition": ', partition "p"', "section_partition": ', section "s", partition "p"',
             "no_sanitize_address": ", no_sanitize_address", "no_sanitize_hwaddress": ", no_sanitize_hwaddress",
             "sanitize_memtag": ", sanitize_memtag", "sanitize_address_dyninit": ", sanitize_address_dyninit",
             "align_partition": ', align 4, partition "p"'}
    for cm in ["tiny", "small", "kernel", "medium", "large", "bogus"]:
        props[f"code_model_{cm}"] = f', code_model "{cm}"'
    for name, p in props.items():
        yield f"global_{name}", module(f"{g}{p}\n" + fn("  ret void"))
        yield f"global_{name}_used", module(f"{g}{p}\n" + fn("  %v = load i32, i32 addrspace(1)* @G\n  ret void"))
    yield "fn_partition", module('define void @f() partition "p" {\n  ret void\n}\n')
    yield "fn_partition_decl", module('declare void @h() partition "p"\n' + fn("  call void @h()\n  ret void"))
    for op in ["add", "xchg", "and", "max"]:
        for al in [4, 8, 2]:
            yield f"rmw_{op}_align{al}", module(fn(f"  %r = atomicrmw {op} i32* %p, i32 1 seq_cst, align {al}\n  ret void", "i32* %p"))
        yield f"rmw_{op}_volatile_scope_align", module(fn(
            f'  %r = atomicrmw volatile {op} i32* %p, i32 1 syncscope("block") monotonic, align 4\n  ret void', "i32* %p"))
    for al in [4, 8, 2]:
        yield f"cmpxchg_align{al}", module(fn(f"  %r = cmpxchg i32* %p, i32 0, i32 1 seq_cst seq_cst, align {al}\n  ret void", "i32* %p"))
    yield "cmpxchg_weak_align", module(fn("  %r = cmpxchg weak i32* %p, i32 0, i32 1 acq_rel monotonic, align 4\n  ret void", "i32* %p"))
    consts = {
        "fneg_const": ("float", "fneg (float 1.0)"),
        "splat_i32": ("<4 x i32>", "splat (i32 1)"),
        "splat_float": ("<2 x float>", "splat (float 1.0)"),
        "splat_i8": ("<8 x i8>", "splat (i8 -1)"),
        "poison": ("i32", "poison"),
        "no_cfi": ("i64", "ptrtoint (void ()* no_cfi @h to i64)"),
        "dso_local_equivalent": ("i64", "ptrtoint (void ()* dso_local_equivalent @h to i64)"),
    }
    for name, (ty, c) in consts.items():
        yield f"const_{name}_operand", module("declare void @h()\n" + fn(f"  %r = bitcast {ty} {c} to {ty}\n  ret void"))
        yield f"const_{name}_global", module(f"declare void @h()\n@C = addrspace(1) global {ty} {c}\n" + fn("  ret void"))
    arr = "{ [2 x i32] }"
    yield "gep_inrange_old", module(f"@A = addrspace(1) global {arr} zeroinitializer\n" + fn(
        f"  %r = load i32, i32 addrspace(1)* getelementptr inbounds ({arr}, {arr} addrspace(1)* @A, i64 0, inrange i32 0, i64 1)\n  ret void"))
    yield "gep_inrange_new", module(f"@A = addrspace(1) global {arr} zeroinitializer\n" + fn(
        f"  %r = load i32, i32 addrspace(1)* getelementptr inbounds inrange(-4, 4) ({arr}, {arr} addrspace(1)* @A, i64 0, i32 0, i64 1)\n  ret void"))
    yield "vscale_param", module(fn("  ret void", "<vscale x 4 x i32> %a"))
    yield "vscale_alloca", module(fn("  %a = alloca <vscale x 4 x i32>\n  ret void"))
    yield "vscale_global", module("@V = addrspace(1) global <vscale x 2 x i64> zeroinitializer\n" + fn("  ret void"))
    yield "vscale_decl", module("declare void @h(<vscale x 2 x float>)\n" + fn("  ret void"))
    yield "elementtype_asm", module(fn('  call void asm sideeffect "", "=*m"(i32* elementtype(i32) %p)\n  ret void', "i32* %p"))
    for attr in ["noundef", "nofree", "immarg", "byval(i32)"]:
        yield f"call_arg_{safe(attr)}", module("declare void @h(i32*)\n" + fn(f"  call void @h(i32* {attr} %p)\n  ret void", "i32* %p"))
    yield "elementtype_call", module("declare void @h(i32*)\n" + fn("  call void @h(i32* elementtype(i32) %p)\n  ret void", "i32* %p"))
    for sig, a in [("", "0"), ("i32 %n", "0"), ("i64 %n", "0"), ("float %n", "0"), ("i32 %n, i32 %m", "0,1"),
                   ("i32 %n", "1"), ("i32 %n, i32 %m", "1"), ("i32 %n, i32 %m", "0,0"), ("i32 %n, i32 %m", "1,1"),
                   ("i32 %n", "0,0"), ("i32 %n, i32 %m", "1,0"), ("float %n, float %m", "1,1")]:
        yield f"allocsize_{safe(sig) or 'none'}_{safe(a)}", module(fn("  ret void", sig, attrs=f" allocsize({a})"))
        yield f"allocsize_decl_{safe(sig) or 'none'}_{safe(a)}", module(
            f"declare i8* @h({', '.join(x.split()[0] for x in sig.split(',')) if sig else ''}) allocsize({a})\n" + fn("  ret void"))
    # The same index twice (LLVM's reader refuses it wherever it reads `allocsize`): in an
    # attribute group, at a call site.
    for a in ["0,0", "0,1"]:
        yield f"allocsize_group_{safe(a)}", module(
            "declare i8* @h(i32, i32) #0\n" + fn("  ret void") + f"attributes #0 = {{ allocsize({a}) }}\n")
        yield f"allocsize_call_{safe(a)}", module(
            "declare i8* @h(i32, i32)\n" + fn(f"  %p = call i8* @h(i32 1, i32 2) allocsize({a})\n  ret void"))
        yield f"allocsize_both_{safe(a)}", module(
            f"declare i8* @h(i32, i32) allocsize({a})\n" + fn("  %v = add i32 undef, undef\n  %b = udiv i32 1, 0, !foo !{i32 1}\n  ret void"))
    # A metadata id defined twice: plain, distinct, a DI node, the same node again.
    for tag, second in [("tuple", "!{i32 2}"), ("distinct", "distinct !{i32 2}"), ("same", "!{i32 1}"),
                        ("di", '!DIFile(filename: "a.c", directory: "/")')]:
        yield f"md_dup_{tag}", module(fn("  ret void"), tail=VERSION + f"!named = !{{!5}}\n!5 = !{{i32 1}}\n!5 = {second}\n")
    yield "md_dup_version", module(fn("  ret void"), tail=VERSION + "!0 = !{i32 2, i32 0}\n")
    for fl in ["nuw", "nsw", "nuw nsw"]:
        yield f"trunc_{safe(fl)}", module(fn(f"  %r = trunc {fl} i32 %a to i8\n  ret void", "i32 %a"))
        yield f"trunc_{safe(fl)}_vec", module(fn(f"  %r = trunc {fl} <2 x i32> %a to <2 x i8>\n  ret void", "<2 x i32> %a"))
    two = "  %x = add i32 %a, 1\n  %y = add i32 %a, 2\n"
    yield "uselistorder_mid_block", module(fn(two + "  uselistorder i32 %a, { 1, 0 }\n  ret void", "i32 %a"))
    yield "uselistorder_end", module(f"define void @f(i32 %a) {{\n{two}  ret void\n  uselistorder i32 %a, {{ 1, 0 }}\n}}\n")
    yield "uselistorder_end_bad_count", module(f"define void @f(i32 %a) {{\n{two}  ret void\n  uselistorder i32 %a, {{ 0 }}\n}}\n")
    yield "uselistorder_global", module("@U = addrspace(1) global i32 0\n" + fn(
        "  %x = load i32, i32 addrspace(1)* @U\n  %y = load i32, i32 addrspace(1)* @U\n  ret void")
        + "uselistorder i32 addrspace(1)* @U, { 1, 0 }\n")
    yield "uselistorder_bb_one", module("define void @h() {\n  ret void\n}\nuselistorder_bb @h, %0, { 0 }\n" + fn("  ret void"))
    yield "uselistorder_bb_two", module(
        "define void @h(i1 %c) {\n  br i1 %c, label %a, label %a\na:\n  ret void\n}\nuselistorder_bb @h, %a, { 1, 0 }\n" + fn("  ret void"))


def di_module(cu_extra="", sp_extra="", other=None):
    """A module with valid debug information: compile unit !1 (plus `cu_extra`), subprogram !6
    (plus `sp_extra`) and, when given, the node `other` as !12 in a named list."""
    tail = ("!llvm.dbg.cu = !{!1}\n!llvm.module.flags = !{!9}\n"
            f"!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug{cu_extra})\n"
            "!2 = !DIFile(filename: \"a.c\", directory: \"/\")\n"
            f"!6 = distinct !DISubprogram(name: \"f\", scope: !2, file: !2, type: !11, unit: !1, isDefinition: true{sp_extra})\n"
            "!8 = !DILocation(line: 1, column: 2, scope: !6)\n"
            "!9 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
            "!10 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n"
            "!11 = !DISubroutineType(types: !{null})\n"
            + (f"!12 = {other}\n!named = !{{!12}}\n" if other else "")
            + "!13 = distinct !DIGlobalVariable(name: \"g\", scope: !1, file: !2, type: !10, isLocal: false, isDefinition: true)\n"
            + "!nvvmir.version = !{!0}\n!0 = !{i32 2, i32 0, i32 3, i32 1}\n")
    return module("define void @f() !dbg !6 {\n  ret void, !dbg !8\n}\n", tail=tail)


def di_fields():
    """Every debug-info node kind × every field nvir's reader or LLVM 22's knows, with a value LLVM
    22 takes (`data/di-fields.json`, from `di_fields.py`): which fields each of libNVVM's readers
    takes, on which kind."""
    rows = json.loads((HERE / "data" / "di-fields.json").read_text())
    from di_fields import module_for
    for r in rows:
        yield f"{r['kind']}_{r['field']}", module_for(r["kind"], r["field"], r["value"])
    yield "plain", di_module()

# Types the atomic instructions take, beyond the integer and float sizes `atomics` probes: odd
# widths, sizes no power of two bytes, vectors, aggregates and pointers, in each operation.
ATOMIC_TYPES = ["i1", "i24", "i48", "i256", "x86_fp80", "fp128", "bfloat", "<2 x float>", "<2 x i32>", "<4 x half>",
                "<2 x i8*>", "{ i32, float }", "[2 x i32]", "i8*", "i32 addrspace(3)*"]
RMW_OPS = ["xchg", "add", "sub", "and", "nand", "or", "xor", "max", "min", "umax", "umin", "fadd", "fsub", "fmax",
           "fmin", "uinc_wrap", "udec_wrap"]


def type_tag(ty):
    """A probe-name tag for a type (vectors `v`, arrays `a`, structs `s`)."""
    return {"<": "v", "[": "a", "{": "s"}.get(ty[0], "") + safe(ty)


def atomic_types():
    for ty in ATOMIC_TYPES:
        p = f"{ptr(ty, 1)} %p, {ty} %x"
        for op in RMW_OPS:
            yield f"rmw_{op}_{type_tag(ty)}", module(fn(f"  %r = atomicrmw {op} {ptr(ty, 1)} %p, {ty} %x seq_cst\n  ret void", p))
        yield f"cmpxchg_{type_tag(ty)}", module(fn(
            f"  %r = cmpxchg {ptr(ty, 1)} %p, {ty} %x, {ty} %x seq_cst seq_cst\n  ret void", p))
        yield f"load_{type_tag(ty)}", module(fn(
            f"  %r = load atomic {ty}, {ptr(ty, 1)} %p acquire, align 8\n  ret void", p))
        yield f"store_{type_tag(ty)}", module(fn(
            f"  store atomic {ty} %x, {ptr(ty, 1)} %p release, align 8\n  ret void", p))


def init_spaces():
    """A variable in each address space holding a pointer into each address space, initialized
    each way (none, `undef`, `null`, `zeroinitializer`, a variable's address, an `addrspacecast`
    from each space), plain and inside a struct, external and internal-and-used: which
    initializers libNVVM refuses, and which of a variable's problems it names first."""
    src_spaces = [0, 1, 3, 4]
    for g in [0, 1, 3, 4, 5]:
        for p in [0, 1, 3, 4, 5, 6, 101]:
            ty = ptr("i32", p)
            inits = {"undef": "undef", "null": "null", "zero": "zeroinitializer"}
            if p in src_spaces:
                inits[f"var{p}"] = f"@h{p}"
            for s in src_spaces:
                if s != p:
                    inits[f"asc{s}"] = f"addrspacecast ({ptr('i32', s)} @h{s} to {ty})"
            for key, init in inits.items():
                for wrap in ["plain", "struct"]:
                    vty, vinit = (ty, init) if wrap == "plain" else (f"{{ i32, {ty} }}", f"{{ i32 0, {ty} {init} }}")
                    if wrap == "struct" and init in ("undef", "zeroinitializer"):
                        continue
                    # `live`: internal, and read by a volatile load the compiler keeps.
                    for link in ["", "internal ", "live "]:
                        if link == "live " and (g not in (3, 5) or wrap != "plain"):
                            continue
                        volatile = "volatile " if link == "live " else ""
                        use = f"  %v = load {volatile}{vty}, {ptr(vty, g)} @g\n" if link else ""
                        linkage = "internal " if link == "live " else link
                        yield (f"g{g}_p{p}_{key}_{wrap}_{link.strip() or 'external'}", module(
                            "".join(f"@h{s} = addrspace({s}) global i32 {'undef' if s == 3 else '0'}\n".replace(" addrspace(0)", "")
                                    for s in src_spaces)
                            + f"@g = {linkage}{'addrspace(%d) ' % g if g else ''}global {vty} {vinit}\n" + fn(use + "  ret void")))
    # Two variables with one problem each, in both orders: which libNVVM names first.
    problems = {
        "asc": "addrspace(1) global i32 addrspace(3)* addrspacecast (i32 addrspace(1)* @h1 to i32 addrspace(3)*)",
        "space": "addrspace(7) global i32 0",
        "shared_init": "internal addrspace(3) global i32 1",
        "shared_ptr": "internal addrspace(3) global i32 addrspace(3)* null",
        "name": "addrspace(1) global i32 0",
        "fp128": "addrspace(1) global fp128 0xL0",
    }
    for a, ta in problems.items():
        for b, tb in problems.items():
            if a == b:
                continue
            na = '@"a.x"' if a == "name" else "@a"
            nb = '@"b.x"' if b == "name" else "@b"
            use = "".join(f"  %{v} = load i32, i32 addrspace(3)* @{v}\n" for v, t in (("a", a), ("b", b))
                          if t == "shared_init")
            yield f"order_{a}_{b}", module("@h1 = addrspace(1) global i32 0\n" + f"{na} = {ta}\n{nb} = {tb}\n"
                                           + fn(use + "  ret void"))


def numbering():
    """Numbered values, arguments and block labels in and out of order (LLVM 22 reads gaps, LLVM
    7 does not, and reads `N:` as a name)."""
    for entry in ["", "0:\n"]:
        for n in [1, 2, 5]:
            for after in ["", "  %v = add i32 %a, 1\n", "  %{m} = add i32 %a, 1\n", "  %w = add i32 %a, 1\n"]:
                m = n + 1
                body = f"{entry}  br label %{n}\n{n}:\n{after.format(m=m)}  ret void"
                tag = {0: "none", 1: "unnamed", 2: "numbered", 3: "named"}[["", "  %v = add i32 %a, 1\n",
                                                                           "  %{m} = add i32 %a, 1\n",
                                                                           "  %w = add i32 %a, 1\n"].index(after)]
                if tag == "unnamed":
                    body = body.replace("%v = ", f"%{m} = ")
                    tag = "next"
                yield f"label_{'entry0' if entry else 'implicit'}_{n}_{tag}", module(fn(body, "i32 %a"))
    yield "label_two", module(fn("  br label %1\n1:\n  br label %2\n2:\n  ret void", "i32 %a"))
    yield "label_phi", module(fn("  br label %1\n1:\n  %2 = phi i32 [ %a, %0 ]\n  ret void", "i32 %a"))
    yield "label_named_then_numbered", module(fn("  br label %b\nb:\n  br label %2\n2:\n  ret void", "i32 %a"))
    yield "label_unused", module(fn("  ret void\n1:\n  ret void", "i32 %a"))
    yield "label_then_bad", module(fn("  br label %1\n1:\n  %x = add i32 %a, %nope\n  ret void", "i32 %a"))
    for body in ["%0 = add i32 %a, 1\n  %1 = add i32 %0, 1", "%1 = add i32 %a, 1", "%0 = add i32 %a, 1\n  %2 = add i32 %0, 1",
                 "%1 = add i32 %a, 1\n  %0 = add i32 %1, 1", "%0 = add i32 %a, 1\n  %0 = add i32 %a, 2"]:
        yield f"value_{safe(body)[:40]}", module(fn(f"  {body}\n  ret void", "i32 %a"))
    for params in ["i32 %0", "i32 %1", "i32 %0, i32 %1", "i32 %0, i32 %2", "i32, i32 %1", "i32 %a, i32 %0"]:
        yield f"args_{safe(params)}", module(fn("  ret void", params))


def di_words():
    """Every `DIFlag*` name and every `DW_OP_*` name nvir's debug-info table knows (LLVM 7's and
    LLVM 19's, `crates/llvm/src/ir/di_table.rs`), each written where LLVM writes it: a flag on a
    basic type and on a subprogram, an operation in an expression (with the operands LLVM's
    expression check wants, where the table has them): which names each path's reader takes."""
    table = (HERE.parent.parent / "crates" / "llvm" / "src" / "ir" / "di_table.rs").read_text()
    flags = sorted(set(re.findall(r'nv\("(DIFlag\w+)"', table))) + ["DIFlagZero"]
    for flag in flags:
        yield f"flag_basic_{flag}", di_module(
            other=f'!DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed, flags: {flag})')
        yield f"flag_sp_{flag}", di_module(sp_extra=f", flags: {flag}")
    arity = {}
    for lo, hi, n in re.findall(r"op\((0x[0-9a-f]+), (0x[0-9a-f]+), (\d+),", table):
        for code in range(int(lo, 16), int(hi, 16) + 1):
            arity[code] = int(n)
    for name, code in re.findall(r'nv\("(DW_OP_\w+)", (0x[0-9a-f]+)', table):
        args = "".join(", 1" for _ in range(arity.get(int(code, 16), 0)))
        yield f"op_{name}", di_module(other=f"!DIExpression({name}{args})")


def swift_error():
    """A `swifterror` parameter of each type, used each way: which uses LLVM's verifier lets a
    swifterror value have on each path, and which types the attribute takes."""
    types = ["i8**", "i8*", "i64", "i8 addrspace(1)*", "float**", "i8* addrspace(1)*", "{ i8* }*"]
    for ty in types:
        pointee = ty[:-1] if ty.endswith("*") else None
        uses = {"none": "", "bitcast": f"  %u = bitcast {ty} %p to {ty}\n"}
        if pointee:
            uses["load"] = f"  %u = load {pointee}, {ty} %p\n"
            uses["store_ptr"] = f"  store {pointee} zeroinitializer, {ty} %p\n" if "{" in pointee else \
                f"  store {pointee} {'null' if pointee.endswith('*') else '0.0'}, {ty} %p\n"
            uses["gep"] = f"  %u = getelementptr {pointee}, {ty} %p, i64 1\n"
            uses["store_value"] = f"  store {ty} %p, {ty}* %q\n"
        uses["call_swifterror"] = f"  call void @h({ty} swifterror %p)\n"
        uses["call_plain"] = f"  call void @g({ty} %p)\n"
        uses["ptrtoint"] = f"  %u = ptrtoint {ty} %p to i64\n" if pointee else ""
        decls = f"declare void @h({ty} swifterror)\ndeclare void @g({ty})\n"
        for use, body in uses.items():
            if not body and use != "none":
                continue
            yield f"{safe(ty)}_{use}", module(decls + fn(body + "  ret void", f"{ty} swifterror %p, {ty}* %q"))
    yield "two_params", module(fn("  ret void", "i8** swifterror %p, i8** swifterror %q"))
    yield "alloca_swifterror", module(fn("  %a = alloca swifterror i8*\n  ret void"))


MEM_SPACES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 25, 101, 255]


def mem_spaces():
    """Each memory operation through a pointer of each address space, in a kernel, written in both
    dialects (typed `i32 addrspace(N)*` and opaque `ptr addrspace(N)`): which spaces each path's
    compiler takes for which operation. Then calls of other targets' intrinsics, the construct
    behind the compiler's `unsupported operation`, with their neighbours."""
    for dialect in ["typed", "opaque"]:
        for n in MEM_SPACES:
            if dialect == "typed":
                p, g = ptr("i32", n), "i32*"
            else:
                p, g = (f"ptr addrspace({n})" if n else "ptr"), "ptr"
            ops = {
                "load": f"  %v = load i32, {p} %p, align 4\n",
                "load_used": f"  %v = load i32, {p} %p, align 4\n  store i32 %v, {g} %g, align 4\n",
                "store": f"  store i32 0, {p} %p, align 4\n",
                "atomicrmw": f"  %v = atomicrmw add {p} %p, i32 1 seq_cst\n",
                "cmpxchg": f"  %v = cmpxchg {p} %p, i32 0, i32 1 seq_cst seq_cst\n",
                "gep": f"  %q = getelementptr i32, {p} %p, i64 1\n",
                "call": f"  call void @h({p} %p)\n",
                "unused": "",
            }
            if n:
                ops["cast_to_generic"] = f"  %q = addrspacecast {p} %p to {g}\n"
                ops["cast_from_generic"] = f"  %q = addrspacecast {g} %g to {p}\n"
            for op, body in ops.items():
                decl = f"declare void @h({p})\n" if op == "call" else ""
                for kind in ["kernel", "func"]:
                    if kind == "func" and op != "unused":
                        continue
                    text = decl + fn(body + "  ret void", f"{p} %p, {g} %g", name="k")
                    entries = ["void (" + f"{p}, {g}" + ")* @k, !\"kernel\", i32 1"] if dialect == "typed" \
                        else ['ptr @k, !"kernel", i32 1']
                    yield f"{dialect}_as{n}_{op}_{kind}", (annotated(text, entries) if kind == "kernel"
                                                           else module(text))
    # Another target's intrinsic: its result used, unused, a void one, only declared.
    for name, ret in [("llvm.amdgcn.workitem.id.x", "i32"), ("llvm.x86.sse2.pause", "void"),
                      ("llvm.aarch64.isb", "void"), ("llvm.r600.read.tidig.x", "i32"),
                      ("llvm.nvvm.read.ptx.sreg.tid.x", "i32"), ("llvm.not.an.intrinsic", "i32")]:
        args = "i32 15" if name == "llvm.aarch64.isb" else ""
        params = "i32" if args else ""
        decl = f"declare {ret} @{name}({params})\n"
        tag = safe(name)
        if ret == "void":
            yield f"intr_{tag}_call", module(decl + fn(f"  call void @{name}({args})\n  ret void"))
        else:
            yield f"intr_{tag}_unused", module(decl + fn(f"  %c = call {ret} @{name}({args})\n  ret void"))
            yield f"intr_{tag}_used", module(decl + fn(f"  %c = call {ret} @{name}({args})\n  ret {ret} %c",
                                                        ret=ret))
        yield f"intr_{tag}_declared", module(decl + fn("  ret void"))


def tex_surf():
    """`llvm.nvvm.texsurf.handle` and its `.internal` form: each first operand (metadata wrapping a
    variable, the variable itself, a cast of it) × the variable's annotation (texture, surface,
    none) × its type and space, the second operand the same variable or another, written in both
    dialects; and the variables' own rules (a texture in each space, of each type)."""
    for dialect in ["typed", "opaque"]:
        for vty in ["i64", "i32"]:
            for space in [1, 0, 3]:
                if dialect == "typed":
                    vp = ptr(vty, space)
                    i8p = ptr("i8", space)
                    cast = f"{i8p} bitcast ({vp} @tex to {i8p})"
                    kernel = 'void ()* @k, !"kernel", i32 1'
                    sfx = f"p{space}{vty}"
                    sfx8 = f"p{space}i8"
                    ann = lambda a: f"{vp} @tex, !\"{a}\", i32 1"
                else:
                    vp = f"ptr addrspace({space})" if space else "ptr"
                    i8p = vp
                    cast = f"{vp} @tex"
                    kernel = 'ptr @k, !"kernel", i32 1'
                    sfx = sfx8 = f"p{space}"
                    ann = lambda a: f"{vp} @tex, !\"{a}\", i32 1"
                glob = f"@tex = addrspace({space}) global {vty} 0, align 8\n" if space else \
                    f"@tex = global {vty} 0, align 8\n"
                glob += f"@other = addrspace({space}) global {vty} 0, align 8\n" if space else \
                    f"@other = global {vty} 0, align 8\n"
                for annot in ["texture", "surface", "none"]:
                    entries = [kernel] + ([ann(annot)] if annot != "none" else [])
                    tag = f"{dialect}_{vty}_as{space}_{annot}"
                    calls = {
                        "md_same": (f"llvm.nvvm.texsurf.handle.{sfx}", f"metadata {vp} @tex, {vp} @tex", vp),
                        "md_other": (f"llvm.nvvm.texsurf.handle.{sfx}", f"metadata {vp} @tex, {vp} @other", vp),
                        "md_of_other": (f"llvm.nvvm.texsurf.handle.{sfx}", f"metadata {vp} @other, {vp} @other",
                                        vp),
                        "internal_ptr": (f"llvm.nvvm.texsurf.handle.internal.{sfx}", f"{vp} @tex", vp),
                        "internal_cast": (f"llvm.nvvm.texsurf.handle.internal.{sfx8}", cast, i8p),
                        "internal_other": (f"llvm.nvvm.texsurf.handle.internal.{sfx}", f"{vp} @other", vp),
                    }
                    for case, (name, args, pty) in calls.items():
                        params = f"metadata, {pty}" if case.startswith("md") else pty
                        decl = f"declare i64 @{name}({params})\n"
                        body = f"  %h = call i64 @{name}({args})\n  ret void"
                        yield f"{tag}_{case}", annotated(glob + decl + fn(body, name="k"), entries)
                    yield f"{tag}_unused", annotated(glob + fn("  ret void", name="k"), entries)
        # Where the variable's own rules fall among the other rules on a variable: each space,
        # initialized or not, with a section or a name libNVVM refuses, of a wrong type too.
        for space in [0, 1, 3, 4, 5]:
            for init in ["0", "undef"]:
                for extra in ["", ', section "tex"', "bad"]:
                    for vty in ["i64", "i32"]:
                        name = "tex$1" if extra == "bad" else "tex"
                        sect = "" if extra == "bad" else extra
                        vp = (ptr(vty, space) if dialect == "typed" else
                              (f"ptr addrspace({space})" if space else "ptr"))
                        q = f'@"{name}"' if extra == "bad" else "@tex"
                        kernel = 'void ()* @k, !"kernel", i32 1' if dialect == "typed" else 'ptr @k, !"kernel", i32 1'
                        g = f"{q} = addrspace({space}) global {vty} {init}, align 8{sect}\n"
                        entries = [kernel, f'{vp} {q}, !"texture", i32 1']
                        case = f"{dialect}_var_as{space}_{'zero' if init == '0' else 'undef'}_" \
                               f"{'section' if 'section' in extra else extra or 'plain'}_{vty}"
                        yield case, annotated(g + fn("  ret void", name="k"), entries)
def llvm_verifier():
    """Rules of LLVM's own IR verifier and reader that both of libNVVM's paths run, each as a
    family: the violation in its forms and the valid neighbours it must not catch. Which fields a
    `!DISubprogram` must have (each dropped in turn), `dwarfAddressSpace` on each derived-type
    tag, the operands of `!llvm.ident` and `!llvm.commandline` entries, identified structs that
    hold themselves, and `alloca` of an unsized type."""
    sp = {"name": 'name: "f"', "scope": "scope: !2", "file": "file: !2", "type": "type: !11", "unit": "unit: !1",
          "isDefinition": "isDefinition: true"}
    for drop in sp:
        fields = ", ".join(v for k, v in sp.items() if k != drop)
        yield f"sp_drop_{drop}", di_module().replace(
            '!DISubprogram(name: "f", scope: !2, file: !2, type: !11, unit: !1, isDefinition: true)',
            f"!DISubprogram({fields})")
    for tag, node in [("empty", "distinct !DISubprogram()"), ("decl_notype", '!DISubprogram(name: "d")'),
                      ("decl_type", '!DISubprogram(name: "d", type: !11)'),
                      ("decl_type_null", '!DISubprogram(name: "d", type: null)'),
                      ("lv_notype", '!DILocalVariable(name: "x", scope: !6)'),
                      ("gv_notype", 'distinct !DIGlobalVariable(name: "v", scope: !1)')]:
        yield f"sp_other_{tag}", di_module(other=node)
    tags = ["pointer_type", "reference_type", "rvalue_reference_type", "typedef", "const_type", "volatile_type",
            "restrict_type", "atomic_type", "member", "inheritance", "friend", "ptr_to_member_type"]
    for tag in tags:
        extra = ", extraData: !10" if tag == "ptr_to_member_type" else ""
        name = ', name: "m"' if tag in ("typedef", "member") else ""
        for asp in [None, 0, 1, 5]:
            das = "" if asp is None else f", dwarfAddressSpace: {asp}"
            yield f"dwarfas_{tag}_{'none' if asp is None else asp}", di_module(
                other=f"!DIDerivedType(tag: DW_TAG_{tag}{name}, baseType: !10, size: 64{extra}{das})")
    # Both the bad base type and the address space: which the verifier names first.
    yield "dwarfas_typedef_badbase", di_module(
        other='!DIDerivedType(tag: DW_TAG_typedef, name: "m", baseType: !2, dwarfAddressSpace: 1)')
    for list_ in ["llvm.ident", "llvm.commandline"]:
        for tag, entries in [("one", ['!{!"a"}']), ("two", ['!{!"a"}', '!{!"b"}']), ("empty", ["!{}"]),
                             ("pair", ['!{!"a", !"b"}']), ("int", ["!{i32 1}"]), ("nested", ['!{!{!"a"}}']),
                             ("null", ["!{null}"]), ("second_int", ['!{!"a"}', "!{i32 1}"]),
                             ("pair_then_int", ['!{!"a", !"b"}', "!{i32 1}"]), ("none", [])]:
            nums = ", ".join(f"!{20 + i}" for i in range(len(entries)))
            defs = "".join(f"!{20 + i} = {e}\n" for i, e in enumerate(entries))
            yield f"{safe(list_)}_{tag}", module(fn("  ret void"), tail=VERSION + f"!{list_} = !{{{nums}}}\n" + defs)
    for tag, types in [("self", "%a = type { i32, %a }"), ("nested", "%a = type { i32, { i8, %a } }"),
                       ("array", "%a = type { [2 x %a] }"), ("mutual", "%a = type { %b }\n%b = type { i32, %a }"),
                       ("pointer", "%a = type { i32, %a* }"), ("vector_ptr", "%a = type { <2 x %a*> }")]:
        yield f"recursive_{tag}_unused", module(types + "\n" + fn("  ret void"))
        yield f"recursive_{tag}_alloca", module(types + "\n" + fn("  %v = alloca %a\n  ret void"))
        yield f"recursive_{tag}_param", module(types + "\n" + fn("  ret void", "%a* %p"))
    for tag, ty in [("opaque", "%X"), ("opaque_array", "[2 x %X]"), ("opaque_struct", "{ i32, %X }"),
                    ("void_fn", "void ()"), ("sized", "%Y")]:
        types = "%X = type opaque\n%Y = type { i32 }\n"
        yield f"unsized_alloca_{tag}", module(types + fn(f"  %v = alloca {ty}\n  ret void"))
        yield f"unsized_global_{tag}", module(types + f"@g = external addrspace(1) global {ty}\n" + fn("  ret void"))
    # Comdats: each linkage of a variable and a function in one, used and not.
    for link in ["external", "available_externally", "common", "private", "internal", "weak", "linkonce_odr"]:
        init = "0"
        for used in [False, True]:
            use = fn("  %v = load i32, i32 addrspace(1)* @v, align 4\n  ret void", name="u") if used else ""
            yield f"comdat_var_{link}_{'used' if used else 'unused'}", module(
                f"$v = comdat any\n@v = {link} addrspace(1) global i32 {init}, comdat\n" + use)
            if link in ("common",):
                continue
            call = fn("  call void @v()\n  ret void", name="u") if used else ""
            yield f"comdat_fn_{link}_{'used' if used else 'unused'}", module(
                f"$v = comdat any\ndefine {link} void @v() comdat {{\n  ret void\n}}\n" + call)
    yield "comdat_var_external_decl", module("$v = comdat any\n@v = external addrspace(1) global i32, comdat\n"
                                             + fn("  ret void"))
    # DLL storage with each visibility, on declarations and definitions, used and not.
    for vis in ["hidden", "protected", "default"]:
        for dll in ["dllimport", "dllexport"]:
            for used in [False, True]:
                call = fn("  call void @g()\n  ret void", name="u") if used else fn("  ret void", name="u")
                head = (f"declare {vis} {dll} void @g()\n" if dll == "dllimport" else
                        f"define {vis} {dll} void @g() {{\n  ret void\n}}\n")
                yield f"dll_fn_{vis}_{dll}_{'used' if used else 'unused'}", module(head + call)
            yield f"dll_var_{vis}_{dll}", module(
                (f"@g = external {vis} {dll} addrspace(1) global i32\n" if dll == "dllimport" else
                 f"@g = {vis} {dll} addrspace(1) global i32 0\n") + fn("  ret void"))
    # The intrinsic variables' types and initializers.
    h = "@h = addrspace(1) global i32 0\n"
    good = "i8* addrspacecast (i8 addrspace(1)* bitcast (i32 addrspace(1)* @h to i8 addrspace(1)*) to i8*)"
    for name in ["llvm.used", "llvm.compiler.used"]:
        for tag, ty, init in [("ok", "[1 x i8*]", f"[{good}]"), ("i32", "[1 x i32]", "[i32 0]"),
                              ("zero", "[1 x i8*]", "zeroinitializer"), ("null", "[1 x i8*]", "[i8* null]"),
                              ("scalar", "i8*", good), ("as1", "[1 x i8 addrspace(1)*]",
                                                          "[i8 addrspace(1)* bitcast (i32 addrspace(1)* @h to i8 addrspace(1)*)]"),
                              ("empty", "[0 x i8*]", "zeroinitializer")]:
            yield f"{safe(name)}_{tag}", module(
                h + f'@{name} = appending global {ty} {init}, section "llvm.metadata"\n' + fn("  ret void"))
    for name in ["llvm.global_ctors", "llvm.global_dtors"]:
        for tag, ty, init in [
                ("ok3", "[1 x { i32, void ()*, i8* }]", "[{ i32, void ()*, i8* } { i32 1, void ()* @f, i8* null }]"),
                ("two", "[1 x { i32, void ()* }]", "[{ i32, void ()* } { i32 1, void ()* @f }]"),
                ("i64prio", "[1 x { i64, void ()*, i8* }]", "[{ i64, void ()*, i8* } { i64 1, void ()* @f, i8* null }]"),
                ("notarray", "{ i32, void ()*, i8* }", "{ i32 1, void ()* @f, i8* null }"),
                ("fnargs", "[1 x { i32, void (i32)*, i8* }]",
                 "[{ i32, void (i32)*, i8* } { i32 1, void (i32)* @k, i8* null }]")]:
            yield f"{safe(name)}_{tag}", module(
                f"@{name} = appending global {ty} {init}\n" + fn("  ret void") + fn("  ret void", "i32 %a", name="k"))
    # String function attributes LLVM's verifier reads: `frame-pointer`'s values.
    for tag, attr in [("none", '"frame-pointer"="none"'), ("non_leaf", '"frame-pointer"="non-leaf"'),
                      ("all", '"frame-pointer"="all"'), ("reserved", '"frame-pointer"="reserved"'),
                      ("empty", '"frame-pointer"=""'), ("novalue", '"frame-pointer"'),
                      ("arst", '"frame-pointer"="arst"'), ("All", '"frame-pointer"="All"')]:
        yield f"framepointer_{tag}", module(fn("  ret void", attrs=" #0") + f"attributes #0 = {{ {attr} }}\n")
    # A function's `!prof`.
    for tag, node in [("ok", '!{!"function_entry_count", i64 100}'), ("ints", "!{i32 123, i32 3}"),
                      ("name_only", '!{!"function_entry_count"}'), ("other_name", '!{!"some_other_count", i64 200}'),
                      ("string_count", '!{!"function_entry_count", !"string"}'),
                      ("synthetic", '!{!"synthetic_function_entry_count", i64 1}'),
                      ("i32_count", '!{!"function_entry_count", i32 1}'), ("empty", "!{}")]:
        yield f"prof_{tag}", module(fn("  ret void").replace("() {", "() !prof !30 {"),
                                    tail=VERSION + f"!30 = {node}\n")
    # The "CG Profile" module flag's entries: (function or null, function or null, integer).
    fa, fb = "void ()* @a", "void ()* @b"
    for tag, entry in [("ok", f"!{{{fa}, {fb}, i64 32}}"), ("null_fn", f"!{{null, {fb}, i64 32}}"),
                       ("string", '!""'), ("pair", f"!{{{fa}, {fb}}}"), ("quad", f"!{{{fa}, {fb}, i64 32, i64 32}}"),
                       ("string_fn", f'!{{!"a", {fb}, i64 32}}'), ("string_count", f'!{{{fa}, {fb}, !""}}'),
                       ("null_count", f"!{{{fa}, {fb}, null}}"), ("i32_count", f"!{{{fa}, {fb}, i32 1}}"),
                       ("global", f"!{{i32 addrspace(1)* @g, {fb}, i64 1}}")]:
        yield f"cgprofile_{tag}", module(
            "@g = addrspace(1) global i32 0\ndeclare void @a()\ndeclare void @b()\n" + fn("  ret void"),
            tail=VERSION + f"!llvm.module.flags = !{{!30}}\n!30 = !{{i32 5, !\"CG Profile\", !31}}\n"
            + (f"!31 = !{{{entry}}}\n" if entry.startswith('!"') else f"!31 = !{{!32}}\n!32 = {entry}\n"))
    # A compile unit not in `!llvm.dbg.cu`, reached from a list or from a subprogram.
    cu2 = '!30 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug)\n'
    yield "orphan_cu_named", di_module().replace("!nvvmir.version = !{!0}\n!0 = !{i32 2, i32 0, i32 3, i32 1}",
                                                 "!nvvmir.version = !{!0}\n!0 = !{i32 2, i32 0, i32 3, i32 1}\n"
                                                 + cu2 + "!named = !{!30}")
    yield "orphan_cu_listed", di_module().replace("!llvm.dbg.cu = !{!1}", "!llvm.dbg.cu = !{!1, !30}").replace(
        "!nvvmir.version = !{!0}\n!0 = !{i32 2, i32 0, i32 3, i32 1}",
        "!nvvmir.version = !{!0}\n!0 = !{i32 2, i32 0, i32 3, i32 1}\n" + cu2 + "!named = !{!30}")
    yield "orphan_cu_subprogram", di_module().replace("unit: !1,", "unit: !30,").replace(
        "!nvvmir.version = !{!0}\n!0 = !{i32 2, i32 0, i32 3, i32 1}",
        "!nvvmir.version = !{!0}\n!0 = !{i32 2, i32 0, i32 3, i32 1}\n" + cu2)
    # Instruction metadata LLVM's verifier reads: `!fpmath`, `!range`, `!align`.
    fpm = {"ok": "!{float 2.5}", "empty": "!{}", "two": "!{float 1.0, float 1.0}", "int": "!{i32 1}",
           "neg": "!{float -1.0}", "zero": "!{float 0.0}", "double": "!{double 1.0}"}
    for tag, node in fpm.items():
        yield f"fpmath_fadd_{tag}", module(fn("  %r = fadd float %f, %f, !fpmath !30\n  ret void", "float %f"),
                                           tail=VERSION + f"!30 = {node}\n")
    yield "fpmath_add", module(fn("  %r = add i32 %i, %i, !fpmath !30\n  ret void", "i32 %i"),
                               tail=VERSION + "!30 = !{float 2.5}\n")
    yield "fpmath_vector", module(fn("  %r = fadd <2 x float> %g, %g, !fpmath !30\n  ret void", "<2 x float> %g"),
                                  tail=VERSION + "!30 = !{float 2.5}\n")
    yield "fpmath_call", module("declare float @h(float)\n" + fn(
        "  %r = call float @h(float %f), !fpmath !30\n  ret void", "float %f"), tail=VERSION + "!30 = !{float 2.5}\n")
    for tag, body, node in [
            ("load_ok", "  %v = load i8, i8* %p, !range !30\n", "!{i8 0, i8 4}"),
            ("store", "  store i8 0, i8* %p, !range !30\n", "!{i8 0, i8 4}"),
            ("call", "  %v = call i8 @h(), !range !30\n", "!{i8 0, i8 4}"),
            ("add", "  %v = add i8 1, 2, !range !30\n", "!{i8 0, i8 4}"),
            ("load_empty", "  %v = load i8, i8* %p, !range !30\n", "!{}"),
            ("load_one", "  %v = load i8, i8* %p, !range !30\n", "!{i8 0}"),
            ("load_wrongtype", "  %v = load i8, i8* %p, !range !30\n", "!{i32 0, i32 4}"),
            ("load_float", "  %v = load float, float* %q, !range !30\n", "!{i8 0, i8 4}")]:
        yield f"range_{tag}", module("declare i8 @h()\n" + fn(body + "  ret void", "i8* %p, float* %q"),
                                     tail=VERSION + f"!30 = {node}\n")
    for tag, body, node in [
            ("load_ok", "  %v = load i8*, i8** %p, !align !30\n", "!{i64 2}"),
            ("load_int", "  %v = load i8, i8* %q, !align !30\n", "!{i64 2}"),
            ("call", "  %v = call i8* @h(), !align !30\n", "!{i64 2}"),
            ("store", "  store i8* null, i8** %p, !align !30\n", "!{i64 2}"),
            ("load_empty", "  %v = load i8*, i8** %p, !align !30\n", "!{}"),
            ("load_three", "  %v = load i8*, i8** %p, !align !30\n", "!{i64 3}"),
            ("load_i32", "  %v = load i8*, i8** %p, !align !30\n", "!{i32 2}")]:
        yield f"alignmd_{tag}", module("declare i8* @h()\n" + fn(body + "  ret void", "i8** %p, i8* %q"),
                                       tail=VERSION + f"!30 = {node}\n")
    # `resume` with and without a personality.
    yield "resume_no_personality", module(fn("  resume { i8*, i32 } undef"))
    yield "resume_personality", module("declare i32 @pers(...)\n" + fn("  resume { i8*, i32 } undef").replace(
        "() {", "() personality i32 (...)* @pers {"))
    # Attributes on variadic arguments of a call.
    for attr in ["sret", "byval", "nest", "inreg", "noalias", "returned"]:
        yield f"vararg_{attr}", module("%s = type { i32 }\ndeclare void @v(...)\n" + fn(
            f"  call void (...) @v(%s* {attr} %p)\n  ret void", "%s* %p"))


def naked():
    """A `naked` function's parameters, each kind of use, with and without a problem after it:
    which uses each path's verifier refuses (`cannot use argument of naked function`) and where
    that check comes among the function's other checks."""
    uses = {
        "unused": ("i32* %p", ""),
        "load": ("i32* %p", "  %v = load i32, i32* %p\n"),
        "store": ("i32* %p", "  store i32 0, i32* %p\n"),
        "store_value": ("i32* %p, i32** %q", "  store i32* %p, i32** %q\n"),
        "gep": ("i32* %p", "  %v = getelementptr i32, i32* %p, i64 1\n"),
        "add": ("i32 %x", "  %v = add i32 %x, 1\n"),
        "icmp": ("i32* %p", "  %v = icmp eq i32* %p, null\n"),
        "call": ("i32* %p", "  call void @h(i32* %p)\n"),
        "ret": ("i32 %x", None),
        "second_used": ("i32 %x, i32 %y", "  %v = add i32 %y, 1\n"),
    }
    for use, (params, body) in uses.items():
        ret = "void"
        if body is None:
            ret, text = "i32", "  ret i32 %x"
        else:
            text = body + "  ret void"
        decl = "declare void @h(i32*)\n" if use == "call" else ""
        for kind in ["func", "internal", "kernel"]:
            name = "k" if kind == "kernel" else "f"
            link = "internal " if kind == "internal" else ""
            src = decl + fn(text, params, ret=ret, name=name, attrs=" naked").replace("define ", "define " + link, 1)
            if kind == "internal":
                src += "define void @user() {\n  ret void\n}\n"
            if kind == "kernel":
                sig = f"{ret} ({', '.join(p.rsplit(' ', 1)[0] for p in params.split(', '))})*"
                yield f"{use}_{kind}", annotated(src, [f"{sig} @k, !\"kernel\", i32 1"])
            else:
                yield f"{use}_{kind}", module(src)
    # With another function problem after the use, and before it in an earlier function.
    atomic = "  %w = load atomic [0 x i8], [0 x i8]* %s unordered, align 8\n"
    yield "load_then_atomic", module(fn("  %v = load i32, i32* %p\n" + atomic + "  ret void",
                                        "i32* %p, [0 x i8]* %s", attrs=" naked"))
    yield "atomic_fn_before", module(fn(atomic + "  ret void", "[0 x i8]* %s", name="a")
                                     + fn("  %v = load i32, i32* %p\n  ret void", "i32* %p", attrs=" naked"))
    yield "atomic_fn_after", module(fn("  %v = load i32, i32* %p\n  ret void", "i32* %p", attrs=" naked")
                                    + fn(atomic + "  ret void", "[0 x i8]* %s", name="b"))
    yield "bad_triple", module(fn("  %v = load i32, i32* %p\n  ret void", "i32* %p", attrs=" naked"),
                               triple="nvptx64-nvidia-nvcl")


# One problem in a global variable, one in a function: which each path reports first, in both
# orders in the text (the module-rule pairs of `multi_error/` hold no LLVM verifier rule on a
# variable beside one on a function).
ORDER_GLOBALS = {
    "common_constant": "@g = common addrspace(1) constant i32 0\n",
    "common_nonzero": "@g = common addrspace(1) global i32 1\n",
    "shared_init": "@g = internal addrspace(3) global i32 7\n",
    "local_global": "@g = addrspace(5) global i32 0\n",
}
ORDER_FUNCTIONS = {
    "alloca_as3": ("", "  %a = alloca i32, addrspace(3)\n"),
    "cmpxchg_float": ("float* %p, float %x", "  %r = cmpxchg float* %p, float %x, float %x monotonic monotonic\n"),
    "signext_ptr": ("i32* signext %p", ""),
    "inalloca_not_last": ("i32* inalloca %p, i32 %x", ""),
    "naked_used": ("i32* %p", "  %v = load i32, i32* %p\n"),
    "atomic_struct": ("{ i32, i32 }* %p", "  %v = load atomic { i32, i32 }, { i32, i32 }* %p unordered, align 8\n"),
    "fp128_param": ("fp128 %x", ""),
    "fence_singlethread": ("", "  fence syncscope(\"singlethread\") acquire\n"),
}


def problem_order():
    for gname, g in ORDER_GLOBALS.items():
        for fname, (params, body) in ORDER_FUNCTIONS.items():
            attrs = " naked" if fname == "naked_used" else ""
            f = fn(body + "  ret void", params, attrs=attrs)
            asp = 3 if "shared" in gname else 5 if "local" in gname else 1
            use = f"define void @user() {{\n  %u = load i32, i32 addrspace({asp})* @g\n  ret void\n}}\n"
            yield f"{gname}_then_{fname}", module(g + f + use)
            yield f"{fname}_then_{gname}", module(f + g + use)


def di_missing():
    """Each debug-info node kind written as `di_fields.py`'s base form with one of its fields
    left out (the compile unit's and the subprogram's own fields too): which fields each of
    libNVVM's readers requires, on which kind (its modern reader is not LLVM 22's here)."""
    from di_fields import BASES
    import re as _re
    cu = "language: DW_LANG_C99, file: !2, emissionKind: FullDebug"
    sp = "name: \"f\", scope: !2, file: !2, type: !11, unit: !1, isDefinition: true"
    base = di_module()
    for field in _re.findall(r"(\w+):", cu):
        rest = ", ".join(p for p in cu.split(", ") if not p.startswith(field + ":"))
        yield f"DICompileUnit_{field}", base.replace(cu, rest, 1)
    for field in _re.findall(r"(\w+):", sp):
        rest = ", ".join(p for p in sp.split(", ") if not p.startswith(field + ":"))
        yield f"DISubprogram_{field}", base.replace(sp, rest, 1)
    yield "DISubprogram_type_declaration", base.replace(sp, sp.replace("type: !11, ", "").replace(
        "isDefinition: true", "isDefinition: false"), 1).replace("distinct !DISubprogram", "!DISubprogram", 1)
    for kind, node in BASES.items():
        if node is None:
            continue
        head, _, inner = node.partition("(")
        inner = inner[:-1]
        parts = _re.split(r", (?=\w+:)", inner)
        for i, part in enumerate(parts):
            field = part.split(":")[0]
            rest = ", ".join(parts[:i] + parts[i + 1:])
            yield f"{kind}_{field}", di_module(other=f"{head}({rest})")


# Debug-info problems LLVM's verifier reports through its debug-info checks (`CheckDI`), each
# beside the valid module: name → (a node `!12`, where it is reached from, a replacement in the
# body, one in the metadata). `{p}` is the pointer type of the dialect.
LOCAL_VAR = ("!8 = ", "!13 = !DILocalVariable(name: \"x\", scope: !6, file: !2, type: !10)\n!8 = ")
DI_PROBLEMS = {
    "valid": ("", "", None, None),
    "sp_nounit": ("", "", None, ("type: !11, unit: !1, ", "type: !11, ")),
    "sp_decl_unit": ('!DISubprogram(name: "d", scope: !2, file: !2, type: !11, unit: !1, isDefinition: false)', "named",
                     None, None),
    "gv_notype": ('distinct !DIGlobalVariable(name: "v", scope: !1, file: !2, isLocal: false, isDefinition: true)',
                  "named", None, None),
    "badbase": ('!DIDerivedType(tag: DW_TAG_typedef, name: "m", baseType: !2)', "named", None, None),
    "dwarfas": ('!DIDerivedType(tag: DW_TAG_typedef, name: "m", baseType: !10, dwarfAddressSpace: 1)', "named",
                None, None),
    "orphan_cu": ("distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug)", "named",
                  None, None),
    "declare_var": ("", "", ("  ret void, !dbg !8",
                             "  call void @llvm.dbg.declare(metadata {p} %p, metadata !\"\", metadata !DIExpression()), "
                             "!dbg !8\n  ret void, !dbg !8"), None),
    "loc_scope": ("", "", ("  ret void, !dbg !8", "  ret void, !dbg !14"),
                  ("!8 = ", "!14 = !DILocation(line: 1, scope: !2)\n!8 = ")),
    "loc_other_sp": ("", "", ("  ret void, !dbg !8", "  ret void, !dbg !14"),
                     ("!8 = ", "!15 = distinct !DISubprogram(name: \"h\", scope: !2, file: !2, type: !11, unit: !1, "
                               "isDefinition: true)\n!14 = !DILocation(line: 1, scope: !15)\n!8 = ")),
    "call_noloc": ("", "", ("  ret void, !dbg !8", "  call void @g()\n  ret void, !dbg !8"), None),
    "declare_addr": ("", "", ("  ret void, !dbg !8",
                              "  call void @llvm.dbg.declare(metadata !\"\", metadata !13, metadata !DIExpression()), "
                              "!dbg !8\n  ret void, !dbg !8"), LOCAL_VAR),
    "declare_expr": ("", "", ("  ret void, !dbg !8",
                              "  call void @llvm.dbg.declare(metadata {p} %p, metadata !13, metadata !\"\"), "
                              "!dbg !8\n  ret void, !dbg !8"), LOCAL_VAR),
    "declare_noloc": ("", "", ("  ret void, !dbg !8",
                               "  call void @llvm.dbg.declare(metadata {p} %p, metadata !13, metadata !DIExpression())"
                               "\n  ret void, !dbg !8"), LOCAL_VAR),
    "declare_ok": ("", "", ("  ret void, !dbg !8",
                            "  call void @llvm.dbg.declare(metadata {p} %p, metadata !13, metadata !DIExpression()), "
                            "!dbg !8\n  ret void, !dbg !8"), LOCAL_VAR),
    "declare_mismatch": ("", "", ("  ret void, !dbg !8",
                                  "  call void @llvm.dbg.declare(metadata {p} %p, metadata !13, metadata !DIExpression()), "
                                  "!dbg !8\n  ret void, !dbg !8"),
                         ("!8 = ", "!13 = !DILocalVariable(name: \"x\", scope: !15, file: !2, type: !10)\n"
                                   "!15 = distinct !DISubprogram(name: \"h\", scope: !2, file: !2, type: !11, unit: !1, "
                                   "isDefinition: true)\n!8 = ")),
    "loc_block": ("", "", ("  ret void, !dbg !8", "  ret void, !dbg !14"),
                  ("!8 = ", "!15 = distinct !DILexicalBlock(scope: !6, file: !2, line: 1)\n"
                            "!14 = !DILocation(line: 1, scope: !15)\n!8 = ")),
    "loc_inlined": ("", "", ("  ret void, !dbg !8", "  ret void, !dbg !14"),
                    ("!8 = ", "!15 = distinct !DISubprogram(name: \"h\", scope: !2, file: !2, type: !11, unit: !1, "
                              "isDefinition: true)\n!14 = !DILocation(line: 1, scope: !15, inlinedAt: !8)\n!8 = ")),
    "loc_samename": ("", "", ("  ret void, !dbg !8", "  ret void, !dbg !14"),
                     ("!8 = ", "!15 = distinct !DISubprogram(name: \"f\", scope: !2, file: !2, type: !11, unit: !1, "
                               "isDefinition: true)\n!14 = !DILocation(line: 1, scope: !15)\n!8 = ")),
    "tparams_notuple": ('!DICompositeType(tag: DW_TAG_structure_type, name: "A", size: 32, '
                        'templateParams: !DITemplateTypeParameter(name: "T", type: !10))', "named", None, None),
    "tparams_badelem": ('!DICompositeType(tag: DW_TAG_structure_type, name: "A", size: 32, templateParams: !{!10})',
                        "named", None, None),
    "tparams_ok": ('!DICompositeType(tag: DW_TAG_structure_type, name: "A", size: 32, '
                   'templateParams: !{!DITemplateTypeParameter(name: "T", type: !10)})', "named", None, None),
    "tparams_sp": ('distinct !DISubprogram(name: "h", scope: !2, file: !2, type: !11, unit: !1, isDefinition: true, '
                   'templateParams: !{!10})', "named", None, None),
    "refflags_pass": ('!DICompositeType(tag: DW_TAG_structure_type, name: "A", size: 32, '
                      'flags: DIFlagTypePassByReference | DIFlagTypePassByValue)', "named", None, None),
    "refflags_lr": ('!DICompositeType(tag: DW_TAG_structure_type, name: "A", size: 32, '
                    'flags: DIFlagLValueReference | DIFlagRValueReference)', "named", None, None),
    "refflags_ok": ('!DICompositeType(tag: DW_TAG_structure_type, name: "A", size: 32, flags: DIFlagTypePassByValue)',
                    "named", None, None),
    "refflags_sub": ("!DISubroutineType(flags: DIFlagLValueReference | DIFlagRValueReference, types: !{null})", "named",
                     None, None),
    "refflags_sub_pass": ("!DISubroutineType(flags: DIFlagTypePassByReference | DIFlagTypePassByValue, types: !{null})",
                          "named", None, None),
    "refflags_sp": ('distinct !DISubprogram(name: "h", scope: !2, file: !2, type: !11, unit: !1, isDefinition: true, '
                    'flags: DIFlagLValueReference | DIFlagRValueReference)', "named", None, None),
    "refflags_derived": ("!DIDerivedType(tag: DW_TAG_pointer_type, baseType: !10, size: 64, "
                         "flags: DIFlagLValueReference | DIFlagRValueReference)", "named", None, None),
    "sp_nounit_named": ('distinct !DISubprogram(name: "h", scope: !2, file: !2, type: !11, isDefinition: true)', "named",
                        None, None),
    "cu_named": ("", "cu", None, None),
    "badexpr_named": ("!DIExpression(DW_OP_LLVM_fragment, 0, 8, DW_OP_deref)", "named", None, None),
}
# The same problem nodes reached from elsewhere than a named list of their own: a compile unit's
# lists, the subprogram's type, a variable's `!dbg`, an instruction attachment of another kind.
for _kind in ["badbase", "gv_notype"]:
    _node = DI_PROBLEMS[_kind][0]
    for _via in ["retained", "globals", "sptype", "gvattach", "instattach"]:
        if (_kind, _via) in [("gv_notype", "retained"), ("gv_notype", "sptype")]:
            continue
        DI_PROBLEMS[f"{_kind}_{_via}"] = (_node, _via, None, None)


def di_broken():
    """Each debug-info problem of `DI_PROBLEMS` (and the valid module) × with and without
    `!llvm.dbg.cu` × `!nvvmir.version` 2.0, and 2.0 with debug version 3.0 and 3.1 × the module
    flag "Debug Info Version" 3, 2 or absent × typed and opaque pointers: when a debug-info
    problem fails a module, and when libNVVM drops the module's debug information instead (LLVM
    drops debug information its verifier finds broken, and that of other versions, unverified;
    what is left, such as another named list, is verified again)."""
    versions = {"v2": "!{i32 2, i32 0}", "v30": "!{i32 2, i32 0, i32 3, i32 0}", "v31": "!{i32 2, i32 0, i32 3, i32 1}"}
    for kind, (node, via, body_edit, md_edit) in DI_PROBLEMS.items():
        for cu in ["cu", "nocu"]:
            for ver, version in versions.items():
                for flag in ["f3", "f2", "fnone"]:
                    for dialect in ["typed", "opaque"]:
                        p = "i32*" if dialect == "typed" else "ptr"
                        attach = ", !foo !12" if via == "instattach" else ""
                        body = f"  %v = load i32, {p} %p, !dbg !8{attach}\n  ret void, !dbg !8"
                        decls = ""
                        if body_edit:
                            body = body.replace(*body_edit).replace("{p}", p)
                        if kind.startswith("declare_"):
                            decls = "declare void @llvm.dbg.declare(metadata, metadata, metadata)\n"
                        if kind == "call_noloc":
                            decls = "define void @g() {\n  ret void\n}\n"
                        if via == "gvattach":
                            decls = "@g = addrspace(1) global i32 0, !dbg !16\n"
                        cu_lists = {"retained": ", retainedTypes: !{!12}", "globals": ", globals: !{!16}"}.get(via, "")
                        md = ("!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug"
                              f"{cu_lists})\n"
                              "!2 = !DIFile(filename: \"a.c\", directory: \"/\")\n"
                              "!6 = distinct !DISubprogram(name: \"f\", scope: !2, file: !2, type: !11, unit: !1, "
                              "isDefinition: true)\n"
                              "!8 = !DILocation(line: 1, column: 2, scope: !6)\n"
                              "!10 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n"
                              f"!11 = !DISubroutineType(types: !{{null{', !12' if via == 'sptype' else ''}}})\n")
                        if md_edit:
                            md = md.replace(*md_edit, 1)
                        tail = ""
                        if cu == "cu":
                            tail += "!llvm.dbg.cu = !{!1}\n"
                        if flag != "fnone":
                            tail += f"!llvm.module.flags = !{{!9}}\n!9 = !{{i32 2, !\"Debug Info Version\", i32 {flag[1]}}}\n"
                        tail += md
                        if node:
                            tail += f"!12 = {node}\n"
                        if via == "named":
                            tail += "!named = !{!12}\n"
                        if via == "cu":
                            tail += "!named = !{!1}\n"
                        if via in ("globals", "gvattach"):
                            var = "!12" if kind.startswith("gv_") else "!17"
                            tail += f"!16 = !DIGlobalVariableExpression(var: {var}, expr: !DIExpression())\n"
                            if var == "!17":
                                tail += ("!17 = distinct !DIGlobalVariable(name: \"v\", scope: !1, file: !2, type: !12, "
                                         "isLocal: false, isDefinition: true)\n")
                        tail += f"!nvvmir.version = !{{!0}}\n!0 = {version}\n"
                        text = decls + fn(body, f"{p} %p").replace("{\n", "!dbg !6 {\n", 1)
                        yield f"{kind}_{cu}_{ver}_{flag}_{dialect}", module(text, tail=tail)


# Debug-info node rules of LLVM's verifier (`visitDISubrange`, `visitDIGenericSubrange`,
# `visitDICompositeType`, `visitDISubprogram`, `DIExpression::isValid`'s entry values), each node
# `!12` reached from a named list of its own (kept) or from the compile unit's retained types
# (debug information), with and without a debug version in `!nvvmir.version`. Helper nodes: `!10`
# a basic type, `!14` a local variable, `!17` a member, `!18` a subprogram declaration, `!19` a
# second definition.
DI_RULES = {
    "sr_count": "!DISubrange(count: 20)",
    "sr_count_ub": "!DISubrange(count: 20, lowerBound: 1, upperBound: 10)",
    "sr_ub": "!DISubrange(lowerBound: 1, upperBound: 10)",
    "sr_empty": "!DISubrange()",
    "sr_count_var": "!DISubrange(count: !14)",
    "sr_count_expr": "!DISubrange(count: !DIExpression(DW_OP_constu, 4))",
    "sr_count_type": "!DISubrange(count: !10)",
    "sr_count_string": '!DISubrange(count: !"n")',
    "sr_count_i64": "!DISubrange(count: i64 5)",
    "sr_count_i64_neg": "!DISubrange(count: i64 -5)",
    "sr_lb_type": "!DISubrange(count: 4, lowerBound: !10)",
    "sr_lb_var": "!DISubrange(count: 4, lowerBound: !14)",
    "sr_lb_i64": "!DISubrange(count: 4, lowerBound: i64 2)",
    "sr_ub_type": "!DISubrange(lowerBound: 1, upperBound: !10)",
    "sr_ub_expr": "!DISubrange(lowerBound: 1, upperBound: !DIExpression())",
    "sr_stride_type": "!DISubrange(count: 4, stride: !10)",
    "sr_stride_int": "!DISubrange(count: 4, stride: 8)",
    "sr_lb_type_only": "!DISubrange(lowerBound: !10)",
    "gsr_ok": "!DIGenericSubrange(lowerBound: !DIExpression(), upperBound: !DIExpression(), stride: !DIExpression())",
    "gsr_ints": "!DIGenericSubrange(lowerBound: 1, upperBound: 10, stride: 4)",
    "gsr_count_ub": "!DIGenericSubrange(count: !DIExpression(), lowerBound: !DIExpression(), upperBound: !DIExpression(), "
                    "stride: !DIExpression())",
    "gsr_no_lb": "!DIGenericSubrange(upperBound: !DIExpression(), stride: !DIExpression())",
    "gsr_no_stride": "!DIGenericSubrange(lowerBound: !DIExpression(), upperBound: !DIExpression())",
    "gsr_lb_type": "!DIGenericSubrange(lowerBound: !10, upperBound: !DIExpression(), stride: !DIExpression())",
    "gsr_count_type": "!DIGenericSubrange(count: !10, lowerBound: !DIExpression(), stride: !DIExpression())",
    "gsr_ub_type": "!DIGenericSubrange(lowerBound: !DIExpression(), upperBound: !10, stride: !DIExpression())",
    "gsr_stride_type": "!DIGenericSubrange(lowerBound: !DIExpression(), upperBound: !DIExpression(), stride: !10)",
    "gsr_lb_var": "!DIGenericSubrange(lowerBound: !14, upperBound: !14, stride: !14)",
    "gsr_empty": "!DIGenericSubrange()",
    "ct_array": '!DICompositeType(tag: DW_TAG_array_type, baseType: !10, size: 64, elements: !{})',
    "ct_array_nobase": '!DICompositeType(tag: DW_TAG_array_type, size: 64, elements: !{})',
    "ct_vector_bad": '!DICompositeType(tag: DW_TAG_array_type, baseType: !10, size: 64, flags: DIFlagVector, '
                     'elements: !{})',
    "ct_vector_ok": '!DICompositeType(tag: DW_TAG_array_type, baseType: !10, size: 64, flags: DIFlagVector, '
                    'elements: !{!DISubrange(count: 2)})',
    "ct_blockbyref": '!DICompositeType(tag: DW_TAG_structure_type, name: "A", size: 64, flags: DIFlagBlockByrefStruct)',
    "ct_elements_notuple": '!DICompositeType(tag: DW_TAG_structure_type, name: "A", size: 64, elements: !10)',
    "ct_tag_basic": '!DICompositeType(tag: DW_TAG_base_type, name: "A", size: 64)',
    "ct_discriminator_struct": '!DICompositeType(tag: DW_TAG_structure_type, name: "A", size: 64, discriminator: !17)',
    "ct_discriminator_variant": '!DICompositeType(tag: DW_TAG_variant_part, name: "A", size: 64, discriminator: !17)',
    "ct_discriminator_type": '!DICompositeType(tag: DW_TAG_variant_part, name: "A", size: 64, discriminator: !10)',
}
for _field, _value in [("allocated", "!DIExpression(DW_OP_constu, 1)"), ("associated", "!DIExpression(DW_OP_constu, 1)"),
                       ("dataLocation", "!DIExpression()"), ("rank", "!DIExpression(DW_OP_constu, 2)"), ("rank", "2"),
                       ("allocated", "!14")]:
    _tag = f"{_field}_{'int' if _value == '2' else 'var' if _value == '!14' else 'expr'}"
    DI_RULES[f"ct_{_tag}_struct"] = f'!DICompositeType(tag: DW_TAG_structure_type, name: "A", size: 64, {_field}: {_value})'
    DI_RULES[f"ct_{_tag}_array"] = (f'!DICompositeType(tag: DW_TAG_array_type, baseType: !10, size: 64, elements: !{{}}, '
                                    f'{_field}: {_value})')
for _tag, _ops in [("ok", "DW_OP_LLVM_entry_value, 1"), ("ok_then", "DW_OP_LLVM_entry_value, 1, DW_OP_stack_value"),
                   ("arg4", "DW_OP_LLVM_entry_value, 4, DW_OP_constu, 0, DW_OP_stack_value"),
                   ("second", "DW_OP_constu, 0, DW_OP_LLVM_entry_value, 1, DW_OP_constu, 0"),
                   ("arg100", "DW_OP_LLVM_entry_value, 100, DW_OP_constu, 0"),
                   ("after_arg0", "DW_OP_LLVM_arg, 0, DW_OP_LLVM_entry_value, 1"),
                   ("after_arg1", "DW_OP_LLVM_arg, 1, DW_OP_LLVM_entry_value, 1"),
                   ("arg0", "DW_OP_LLVM_entry_value, 0")]:
    DI_RULES[f"expr_entry_{_tag}"] = f"!DIExpression({_ops})"
_SP = 'name: "h", scope: !2, file: !2, type: !11'
DI_RULES.update({
    "sp_declaration_decl": f"distinct !DISubprogram({_SP}, unit: !1, isDefinition: true, declaration: !18)",
    "sp_declaration_def": f"distinct !DISubprogram({_SP}, unit: !1, isDefinition: true, declaration: !19)",
    "sp_declaration_type": f"distinct !DISubprogram({_SP}, unit: !1, isDefinition: true, declaration: !10)",
    "sp_decl_with_declaration": f"!DISubprogram({_SP}, isDefinition: false, declaration: !18)",
    "sp_retained_var": f"distinct !DISubprogram({_SP}, unit: !1, isDefinition: true, retainedNodes: !{{!14}})",
    "sp_retained_type": f"distinct !DISubprogram({_SP}, unit: !1, isDefinition: true, retainedNodes: !{{!10}})",
    "sp_retained_notuple": f"distinct !DISubprogram({_SP}, unit: !1, isDefinition: true, retainedNodes: !10)",
    "sp_retained_null": f"distinct !DISubprogram({_SP}, unit: !1, isDefinition: true, retainedNodes: !{{null}})",
    "sp_thrown_type": f"distinct !DISubprogram({_SP}, unit: !1, isDefinition: true, thrownTypes: !{{!10}})",
    "sp_thrown_file": f"distinct !DISubprogram({_SP}, unit: !1, isDefinition: true, thrownTypes: !{{!2}})",
    "sp_thrown_notuple": f"distinct !DISubprogram({_SP}, unit: !1, isDefinition: true, thrownTypes: !10)",
    "sp_allcalls_decl": f"!DISubprogram({_SP}, isDefinition: false, flags: DIFlagAllCallsDescribed)",
    "sp_allcalls_def": f"distinct !DISubprogram({_SP}, unit: !1, isDefinition: true, flags: DIFlagAllCallsDescribed)",
    "sp_containing_file": f"distinct !DISubprogram({_SP}, unit: !1, isDefinition: true, containingType: !2)",
    "sp_type_basic": f'distinct !DISubprogram(name: "h", scope: !2, file: !2, type: !10, unit: !1, isDefinition: true)',
    "sp_scope_type": f'distinct !DISubprogram(name: "h", scope: !14, file: !2, type: !11, unit: !1, isDefinition: true)',
    "sp_line_nofile": f'distinct !DISubprogram(name: "h", scope: !2, line: 3, type: !11, unit: !1, isDefinition: true)',
})


def di_rules():
    """Each node of `DI_RULES` × reached from a named list or from the compile unit's retained
    types × `!nvvmir.version` 2.0 or 2.0 with debug version 3.1 (the module flag "Debug Info
    Version" 3 always) × typed and opaque pointers in the body."""
    for kind, node in DI_RULES.items():
        for via in ["named", "retained"]:
            for ver, version in [("v2", "!{i32 2, i32 0}"), ("v31", "!{i32 2, i32 0, i32 3, i32 1}")]:
                for dialect in ["typed", "opaque"]:
                    p = "i32*" if dialect == "typed" else "ptr"
                    retained = ", retainedTypes: !{!12}" if via == "retained" else ""
                    tail = ("!llvm.dbg.cu = !{!1}\n!llvm.module.flags = !{!9}\n"
                            "!9 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
                            f"!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug{retained})\n"
                            "!2 = !DIFile(filename: \"a.c\", directory: \"/\")\n"
                            "!6 = distinct !DISubprogram(name: \"f\", scope: !2, file: !2, type: !11, unit: !1, isDefinition: true)\n"
                            "!8 = !DILocation(line: 1, column: 2, scope: !6)\n"
                            "!10 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n"
                            "!11 = !DISubroutineType(types: !{null})\n"
                            f"!12 = {node}\n"
                            "!14 = !DILocalVariable(name: \"n\", scope: !6, file: !2, type: !10)\n"
                            "!17 = !DIDerivedType(tag: DW_TAG_member, name: \"d\", scope: !2, baseType: !10, size: 32)\n"
                            "!18 = !DISubprogram(name: \"h\", scope: !2, file: !2, type: !11, isDefinition: false)\n"
                            "!19 = distinct !DISubprogram(name: \"k\", scope: !2, file: !2, type: !11, unit: !1, isDefinition: true)\n"
                            + ("!named = !{!12}\n" if via == "named" else "")
                            + f"!nvvmir.version = !{{!0}}\n!0 = {version}\n")
                    body = f"  %v = load i32, {p} %p, !dbg !8\n  ret void, !dbg !8"
                    text = fn(body, f"{p} %p").replace("{\n", "!dbg !6 {\n", 1)
                    yield f"{kind}_{via}_{ver}_{dialect}", module(text, tail=tail)
    # A `DILocation` inside another attachment than `!dbg` and `!llvm.loop` (LLVM's
    # `visitMDNode` with debug locations not allowed), in the places it may be reached from.
    loc_cases = {
        "inst_tuple": ("  ret void, !dbg !8, !foo !20", "!20 = !{!8}\n"),
        "inst_selfref": ("  ret void, !dbg !8, !foo !20", "!20 = distinct !{!20, !8}\n"),
        "inst_direct": ("  ret void, !dbg !8, !foo !8", ""),
        "inst_nested": ("  ret void, !dbg !8, !foo !20", "!20 = !{!21}\n!21 = !{!\"x\", !8}\n"),
        "loop": ("  br label %b, !llvm.loop !20\nb:\n  ret void, !dbg !8", "!20 = distinct !{!20, !8}\n"),
        "named": ("  ret void, !dbg !8", "!20 = !{!8}\n!named = !{!20}\n"),
        "fn_attach": ("  ret void, !dbg !8", "!20 = !{!8}\n"),
        "inst_noloc": ("  ret void, !dbg !8, !foo !20", "!20 = !{!\"x\"}\n"),
    }
    for tag, (body, extra) in loc_cases.items():
        for ver, version in [("v2", "!{i32 2, i32 0}"), ("v31", "!{i32 2, i32 0, i32 3, i32 1}")]:
            tail = ("!llvm.dbg.cu = !{!1}\n!llvm.module.flags = !{!9}\n"
                    "!9 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
                    "!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug)\n"
                    "!2 = !DIFile(filename: \"a.c\", directory: \"/\")\n"
                    "!6 = distinct !DISubprogram(name: \"f\", scope: !2, file: !2, type: !11, unit: !1, isDefinition: true)\n"
                    "!8 = !DILocation(line: 1, column: 2, scope: !6)\n"
                    "!11 = !DISubroutineType(types: !{null})\n" + extra
                    + f"!nvvmir.version = !{{!0}}\n!0 = {version}\n")
            attach = "!dbg !6 !foo !20 {\n" if tag == "fn_attach" else "!dbg !6 {\n"
            yield f"loc_{tag}_{ver}", module(fn(body).replace("{\n", attach, 1), tail=tail)


def md_rules():
    """Metadata rules of LLVM's verifier outside debug information, each violation beside its
    valid neighbours: a function's `!prof` (one, none on a declaration) and `!kcfi_type`, module
    flags (unique identifiers, `wchar_size`, `SemanticInterposition`, "Linker Options"), and
    instruction attachments (`!invariant.group`, `!nonnull`, `!dereferenceable`,
    `!llvm.access.group`, `!noalias`/`!alias.scope` lists, `!memprof`, `!callsite`, `!mmra`,
    `!annotation`) and a variable's `!absolute_symbol`, in both pointer dialects."""
    prof = '!30 = !{!"function_entry_count", i64 100}\n'
    for tag, head, extra in [
            ("prof_decl_unused", "declare !prof !30 void @d()\n", ""),
            ("prof_decl_used", "declare !prof !30 void @d()\n", "call"),
            ("prof_twice", "define void @g() !prof !30 !prof !30 {\n  ret void\n}\n", ""),
            ("prof_once", "define void @g() !prof !30 {\n  ret void\n}\n", ""),
            ("prof_twice_decl_used", "declare !prof !30 !prof !30 void @d()\n", "call"),
            ("prof_twice_internal_unused", "define internal void @g() !prof !30 !prof !30 {\n  ret void\n}\n", "")]:
        body = "  call void @d()\n  ret void" if extra == "call" else "  ret void"
        yield tag, module(head + fn(body), tail=VERSION + prof)
    yield "prof_twice_empty", module("define void @g() !prof !31 !prof !31 {\n  ret void\n}\n" + fn("  ret void"),
                                     tail=VERSION + "!31 = !{}\n")
    for tag, node in [("ok", "!{i32 10}"), ("two", '!{!"s", i32 0}'), ("string", '!{!"s"}'), ("fn", "!{void ()* @f}"),
                      ("i64", "!{i64 10}"), ("null", "!{null}"), ("empty", "!{}")]:
        yield f"kcfi_{tag}", module(fn("  ret void").replace("() {", "() !kcfi_type !30 {"),
                                    tail=VERSION + f"!30 = {node}\n")
    yield "kcfi_twice", module(fn("  ret void").replace("() {", "() !kcfi_type !30 !kcfi_type !30 {"),
                               tail=VERSION + "!30 = !{i32 10}\n")
    yield "kcfi_decl_used", module("declare !kcfi_type !30 void @d()\n" + fn("  call void @d()\n  ret void"),
                                   tail=VERSION + "!30 = !{i32 10}\n")
    # A debug record first in a body whose header has a pointer parameter: which LLVM 7's
    # reader stops at first.
    dbg_tail = ("!llvm.dbg.cu = !{!1}\n!llvm.module.flags = !{!9}\n!9 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
                "!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug)\n"
                "!2 = !DIFile(filename: \"a.c\", directory: \"/\")\n"
                "!6 = distinct !DISubprogram(name: \"f\", scope: !2, file: !2, type: !11, unit: !1, isDefinition: true)\n"
                "!8 = !DILocation(line: 1, column: 2, scope: !6)\n!11 = !DISubroutineType(types: !{null})\n"
                "!12 = !DILocalVariable(name: \"x\", scope: !6, file: !2, type: null)\n" + VERSION)
    for dialect, p in [("typed", "i32*"), ("opaque", "ptr")]:
        for where in ["first", "second"]:
            rec = f"  #dbg_value({p} %p, !12, !DIExpression(), !8)\n"
            body = (rec + "  %v = load i32, " + p + " %p, !dbg !8\n" if where == "first" else
                    "  %v = load i32, " + p + " %p, !dbg !8\n" + rec)
            yield f"dbgrecord_{where}_{dialect}", module(
                fn(body + "  ret void, !dbg !8", f"i32 %a, {p} %p").replace("{\n", "!dbg !6 {\n", 1), tail=dbg_tail)
    # Module flags.
    for tag, flags in [
            ("unique_ok", ['!{i32 1, !"a", i32 1}', '!{i32 1, !"b", i32 1}']),
            ("dup_error", ['!{i32 1, !"a", i32 1}', '!{i32 1, !"a", i32 1}']),
            ("dup_warning", ['!{i32 2, !"a", i32 1}', '!{i32 2, !"a", i32 2}']),
            ("dup_mixed", ['!{i32 1, !"a", i32 1}', '!{i32 4, !"a", i32 1}']),
            ("dup_require", ['!{i32 1, !"a", i32 1}', '!{i32 3, !"a", !{!"a", i32 1}}', '!{i32 3, !"a", !{!"a", i32 1}}']),
            ("dup_max", ['!{i32 7, !"a", i32 1}', '!{i32 7, !"a", i32 2}']),
            ("wchar_ok", ['!{i32 1, !"wchar_size", i32 4}']),
            ("wchar_float", ['!{i32 1, !"wchar_size", float 1.0}']),
            ("wchar_string", ['!{i32 1, !"wchar_size", !"4"}']),
            ("si_ok", ['!{i32 1, !"SemanticInterposition", i32 1}']),
            ("si_float", ['!{i32 1, !"SemanticInterposition", float 1.0}']),
            ("si_string", ['!{i32 1, !"SemanticInterposition", !"1"}']),
            ("linker_options", ['!{i32 6, !"Linker Options", !{!{!"-lm"}}}']),
            ("pic_float", ['!{i32 7, !"PIC Level", float 1.0}'])]:
        nums = ", ".join(f"!{30 + i}" for i in range(len(flags)))
        defs = "".join(f"!{30 + i} = {f}\n" for i, f in enumerate(flags))
        yield f"flag_{tag}", module(fn("  ret void"), tail=VERSION + f"!llvm.module.flags = !{{{nums}}}\n" + defs)
    # Instruction attachments, in the order LLVM's verifier reads them.
    for dialect in ["typed", "opaque"]:
        P = (lambda t: f"{t}*") if dialect == "typed" else (lambda t: "ptr")
        sig = f"{P('i32')} %p, {P(P('i8'))} %q, i64 %n"
        cases = {
            "invgroup_load": ("  %v = load i32, {pi} %p, !invariant.group !30\n", "!{}"),
            "invgroup_store": ("  store i32 0, {pi} %p, !invariant.group !30\n", "!{}"),
            "invgroup_add": ("  %v = add i64 %n, 1, !invariant.group !30\n", "!{}"),
            "invgroup_call": ("  call void @h(), !invariant.group !30\n", "!{}"),
            "nonnull_load": ("  %v = load {pp}, {ppp} %q, !nonnull !30\n", "!{}"),
            "nonnull_int": ("  %v = load i32, {pi} %p, !nonnull !30\n", "!{}"),
            "nonnull_op": ("  %v = load {pp}, {ppp} %q, !nonnull !30\n", "!{i32 1}"),
            "nonnull_call": ("  %v = call {pp} @g(), !nonnull !30\n", "!{}"),
            "deref_load": ("  %v = load {pp}, {ppp} %q, !dereferenceable !30\n", "!{i64 8}"),
            "deref_inttoptr": ("  %v = inttoptr i64 %n to {pp}, !dereferenceable !30\n", "!{i64 8}"),
            "deref_call": ("  %v = call {pp} @g(), !dereferenceable !30\n", "!{i64 8}"),
            "deref_int": ("  %v = load i32, {pi} %p, !dereferenceable !30\n", "!{i64 8}"),
            "deref_i32": ("  %v = load {pp}, {ppp} %q, !dereferenceable !30\n", "!{i32 8}"),
            "deref_two": ("  %v = load {pp}, {ppp} %q, !dereferenceable !30\n", "!{i64 8, i64 8}"),
            "derefnull_inttoptr": ("  %v = inttoptr i64 %n to {pp}, !dereferenceable_or_null !30\n", "!{i64 8}"),
            "access_scope": ("  %v = load i32, {pi} %p, !llvm.access.group !30\n", "distinct !{}"),
            "access_list": ("  %v = load i32, {pi} %p, !llvm.access.group !30\n", "!{!31}"),
            "access_list_bad": ("  %v = load i32, {pi} %p, !llvm.access.group !30\n", "!{!32}"),
            "access_list_string": ("  %v = load i32, {pi} %p, !llvm.access.group !30\n", '!{!"x"}'),
            "access_uniqued": ("  %v = load i32, {pi} %p, !llvm.access.group !30\n", "!{}"),
            "scope_ok": ("  %v = load i32, {pi} %p, !noalias !30\n", "!{!33}"),
            "scope_string": ("  %v = load i32, {pi} %p, !noalias !30\n", '!{!"x"}'),
            "scope_one_op": ("  %v = load i32, {pi} %p, !alias.scope !30\n", "!{!32}"),
            "scope_bad_domain": ("  %v = load i32, {pi} %p, !alias.scope !30\n", "!{!35}"),
            "memprof_call": ("  %v = call {pp} @g(), !memprof !30, !callsite !36\n", "!{!37}"),
            "memprof_empty": ("  %v = call {pp} @g(), !memprof !30\n", "!{}"),
            "memprof_load": ("  %v = load i32, {pi} %p, !memprof !30\n", "!{!37}"),
            "memprof_short": ("  %v = call {pp} @g(), !memprof !30\n", "!{!36}"),
            "memprof_notstring": ("  %v = call {pp} @g(), !memprof !30\n", "!{!38}"),
            "callsite_load": ("  %v = load i32, {pi} %p, !callsite !36\n", "!{}"),
            "callsite_empty": ("  %v = call {pp} @g(), !callsite !30\n", "!{}"),
            "callsite_string": ("  %v = call {pp} @g(), !callsite !30\n", '!{!"x"}'),
            "mmra_load": ("  %v = load i32, {pi} %p, !mmra !30\n", '!{!"a", !"b"}'),
            "mmra_add": ("  %v = add i64 %n, 1, !mmra !30\n", '!{!"a", !"b"}'),
            "mmra_call": ("  call void @h(), !mmra !30\n", '!{!"a", !"b"}'),
            "mmra_fence": ("  fence acquire, !mmra !30\n", '!{!"a", !"b"}'),
            "mmra_list": ("  %v = load i32, {pi} %p, !mmra !30\n", "!{!39, !39}"),
            "mmra_bad": ("  %v = load i32, {pi} %p, !mmra !30\n", "!{i32 1}"),
            "annotation_ok": ("  %v = add i64 %n, 1, !annotation !30\n", '!{!"a"}'),
            "annotation_empty": ("  %v = add i64 %n, 1, !annotation !30\n", "!{}"),
            "annotation_int": ("  %v = add i64 %n, 1, !annotation !30\n", "!{i32 10}"),
            "annotation_tuple": ("  %v = add i64 %n, 1, !annotation !30\n", '!{!{!"a", !"b"}}'),
            "annotation_tuple_int": ("  %v = add i64 %n, 1, !annotation !30\n", '!{!{!"a", i32 1}}'),
            "memprof_tags": ("  %v = call {pp} @g(), !memprof !30\n", '!{!43}'),
            "memprof_node": ("  %v = call {pp} @g(), !memprof !30\n", '!{!44}'),
            "memprof_stack_string": ("  %v = call {pp} @g(), !memprof !30\n", '!{!45}'),
            "scopedecl_one": ("  call void @llvm.experimental.noalias.scope.decl(metadata !30)\n", "!{!33}"),
            "scopedecl_two": ("  call void @llvm.experimental.noalias.scope.decl(metadata !30)\n", "!{!33, !33}"),
            "scopedecl_empty": ("  call void @llvm.experimental.noalias.scope.decl(metadata !30)\n", "!{}"),
            "scopedecl_badscope": ("  call void @llvm.experimental.noalias.scope.decl(metadata !30)\n", "!{!32}"),
            "tbaa_add": ("  %v = add i64 %n, 1, !tbaa !40\n", "!{}"),
            "two_problems": ("  %v = add i64 %n, 1, !annotation !30, !invariant.group !30\n", "!{}"),
        }
        common = ("!31 = distinct !{}\n!32 = !{!\"s\"}\n!33 = !{!33, !34}\n!34 = !{!34}\n!35 = !{!35, !\"d\"}\n"
                  "!36 = !{i64 123}\n!37 = !{!36, !\"cold\"}\n!38 = !{!36, i32 1, !\"cold\"}\n!39 = !{!\"a\", !\"b\"}\n"
                  "!40 = !{!41, !41, i64 0}\n!41 = !{!\"int\", !42}\n!42 = !{!\"root\"}\n"
                  "!43 = !{!36, !\"default\", !\"tag2\"}\n!44 = !{!36, !\"cold\", !{i64 1, i64 2}}\n!45 = !{!\"s\", !\"cold\"}\n")
        for tag, (body, node) in cases.items():
            body = body.replace("{pi}", P("i32")).replace("{ppp}", P(P("i8"))).replace("{pp}", P("i8"))
            decls = f"declare {P('i8')} @g()\ndeclare void @h()\n"
            if tag.startswith("scopedecl_"):
                decls += "declare void @llvm.experimental.noalias.scope.decl(metadata)\n"
            yield f"{tag}_{dialect}", module(decls + fn(body + "  ret void", sig),
                                             tail=VERSION + f"!30 = {node}\n" + common)
        for tag, node in [("ok", "!{i64 0, i64 1}"), ("empty", "!{}"), ("one", "!{i64 0}"), ("i32", "!{i32 0, i32 1}"),
                          ("full", "!{i64 -1, i64 -1}")]:
            yield f"absolute_{tag}_{dialect}", module(
                f"@a = external addrspace(1) global i8, !absolute_symbol !30\n"
                + fn(f"  %v = load i8, {P('i8').replace('*', ' addrspace(1)*') if dialect == 'typed' else 'ptr addrspace(1)'} @a\n  ret void"),
                tail=VERSION + f"!30 = {node}\n")


# What the compiler drops before it checks: a function or variable of a linkage it may discard,
# which nothing kept refers to. Problems each check of a compiler stops on, in a function or a
# variable of each linkage, reached each way.
DROP_FN_LINKAGES = ["", "internal ", "private ", "linkonce ", "linkonce_odr ", "weak ", "weak_odr ",
                    "available_externally "]
DROP_FN_PROBLEMS = {
    "none": ("{P} %p, float %x", "", ""),
    "cmpxchg_float": ("{P} %p, float %x", "  %r = cmpxchg {P} %p, float %x, float %x seq_cst seq_cst\n", ""),
    "atomic_load_vector": ("<2 x float> addrspace(1)* %p", "", ""),
    "param_attr_type": ("float nonnull %x", "", ""),
    "fence": ("{P} %p", "  fence seq_cst\n", ""),
    "alloca_as3": ("{P} %p", "  %a = alloca i32, addrspace(3)\n", ""),
    "rmw_i8": ("i8 addrspace(1)* %p", "  %r = atomicrmw add i8 addrspace(1)* %p, i8 1 seq_cst\n", ""),
    "rmw_as2": ("float addrspace(2)* %p", "  %r = atomicrmw add float addrspace(2)* %p, float 1.0 seq_cst\n", ""),
    "fp128_params": ("fp128 %a, fp128 %b, fp128 %c", "", ""),
    "sspstrong": ("{P} %p", "", " sspstrong"),
}
DROP_USES = ["unused", "called", "called_by_dropped", "in_live_initializer", "in_dead_initializer", "llvm_used"]


def _opaque(text):
    """The same text with opaque pointers (every `T addrspace(N)*` / `T*` a `ptr`)."""
    scalar = r"(?:i\d+|float|half|double|fp128|<2 x float>)"
    for _ in range(3):
        text = re.sub(scalar + r" addrspace\((\d+)\)\*", r"ptr addrspace(\1)", text)
        text = re.sub(scalar + r"\*", "ptr", text)
        text = re.sub(r"void \((?:[^()]|\(\d+\))*\)\*", "ptr", text)
    return re.sub(r"bitcast \(ptr((?: addrspace\(\d+\))?) (@\w+) to ptr\1\)", r"\2", text)


def _drop_users(use, sig, target, ptr_ty):
    """Text that refers to `target` (a function of signature `sig` or a variable of pointer type
    `ptr_ty`) the way `use` says, in a module whose kernel `@k` is kept."""
    cast = f"i8* bitcast ({ptr_ty} {target} to i8*)"
    if use == "called":
        return "", f"  call void {target}({sig})\n"
    if use == "called_by_dropped":
        return f"define internal void @mid() {{\n  call void {target}({sig})\n  ret void\n}}\n", ""
    if use == "in_live_initializer":
        return f"@keep = addrspace(1) global {cast}\n", ""
    if use == "in_dead_initializer":
        return f"@drop = internal addrspace(1) global {cast}\n", ""
    if use == "llvm_used":
        return f'@llvm.used = appending global [1 x i8*] [{cast}], section "llvm.metadata"\n', ""
    return "", ""


def dropped():
    """A problem in a function or a variable of each linkage, reached each way (unused, called by
    the kernel, by a dropped function, from a kept or a dropped variable's initializer, listed in
    `@llvm.used`), in both dialects: which checks each path's compiler makes before it drops what
    nothing kept reaches. Then variables in each address space × linkage × use."""
    kernel_tail = "!nvvm.annotations = !{!90}\n!90 = !{void ()* @k, !\"kernel\", i32 1}\n" + VERSION
    for pname, (params, body, attrs) in DROP_FN_PROBLEMS.items():
        P = ptr("float", 1)
        params, body = params.replace("{P}", P), body.replace("{P}", P)
        if pname == "atomic_load_vector":
            body = "  %r = load atomic <2 x float>, <2 x float> addrspace(1)* %p acquire, align 8\n"
        types = ", ".join(p.rsplit(" ", 1)[0].replace(" nonnull", "") for p in params.split(", "))
        args = ", ".join(f"{t} {'undef'}" for t in types.split(", "))
        for link in DROP_FN_LINKAGES:
            for use in DROP_USES:
                extra, call = _drop_users(use, args, "@g", f"void ({types})*")
                g = f"define {link}void @g({params}){attrs} {{\n{body}  ret void\n}}\n"
                k = f"define void @k() {{\n{call}  ret void\n}}\n"
                text = module(extra + g + k, tail=kernel_tail)
                tag = safe(link) or "external"
                yield f"fn_{pname}_{tag}_{use}", text
                if pname in ("none", "cmpxchg_float", "fence", "alloca_as3", "rmw_as2"):
                    yield f"fn_{pname}_{tag}_{use}_opaque", _opaque(text)
    # A module whose layout the compute_100+ target does not take, with a function of each
    # linkage reached each way (the target's layout check runs for each function it compiles).
    for link in DROP_FN_LINKAGES:
        for use in DROP_USES:
            extra, call = _drop_users(use, "", "@g", "void ()*")
            k = f"define void @k() {{\n{call}  ret void\n}}\n"
            g = f"define {link}void @g() {{\n  ret void\n}}\n"
            tag = safe(link) or "external"
            yield f"layout_{tag}_{use}", module(extra + g + k.replace("define void @k", "define internal void @k"),
                                                layout="e-i64:64-i128:128-v16:16-v32:32-n16:32:64-S32", tail=VERSION)
    var_links = ["", "internal ", "private ", "linkonce ", "linkonce_odr ", "weak ", "weak_odr ", "common ",
                 "available_externally ", "external ", "extern_weak "]
    for asp in [1, 2, 3, 5, 6, 7, 8, 10, 255]:
        for link in var_links:
            for init in (["0", "7"] if asp in (3, 5) else ["0"]):
                decl = link in ("external ", "extern_weak ")
                if decl and init != "0":
                    continue
                P = ptr("i32", asp)
                value = "" if decl else f" {init}"
                v = f"@v = {link}addrspace({asp}) global i32{value}, align 4\n"
                uses = {
                    "unused": ("", ""),
                    "loaded": ("", f"  %x = load i32, {P} @v, align 4\n  store i32 %x, i32 addrspace(1)* @out\n"),
                    "dead_load": ("", f"  %x = load i32, {P} @v, align 4\n"),
                    "stored": ("", f"  store i32 1, {P} @v, align 4\n"),
                    "loaded_by_dropped": (f"define internal i32 @mid() {{\n  %x = load i32, {P} @v\n  ret i32 %x\n}}\n", ""),
                    "in_live_initializer": (f"@keep = addrspace(1) global i8* bitcast ({P} @v to i8*)\n", ""),
                    "llvm_used": (f'@llvm.used = appending global [1 x i8*] [i8* bitcast ({P} @v to i8*)], section "llvm.metadata"\n', ""),
                }
                if asp:
                    uses["in_live_initializer"] = (
                        f"@keep = addrspace(1) global i8* addrspacecast (i8 addrspace({asp})* bitcast ({P} @v to i8 addrspace({asp})*) to i8*)\n", "")
                    uses["llvm_used"] = (
                        f'@llvm.used = appending global [1 x i8*] [i8* addrspacecast (i8 addrspace({asp})* bitcast ({P} @v to i8 addrspace({asp})*) to i8*)], section "llvm.metadata"\n', "")
                for use, (extra, body) in uses.items():
                    text = module("@out = addrspace(1) global i32 0\n" + v + extra
                                  + f"define void @k() {{\n{body}  ret void\n}}\n", tail=kernel_tail)
                    tag = f"var_as{asp}_{safe(link) or 'definition'}{'_init7' if init == '7' else ''}_{use}"
                    yield tag, text
                    if use in ("unused", "loaded", "loaded_by_dropped", "llvm_used"):
                        yield tag + "_opaque", _opaque(text)


def fp_calls():
    """A call passing or returning a value of each wide or odd floating-point type (and
    neighbours), to a defined function, a declared one and an intrinsic, with a constant or a
    parameter as the argument: where each path's verifier refuses the type on a call."""
    tys = ["fp128", "x86_fp80", "ppc_fp128", "half", "double", "i128", "<2 x fp128>", "{ fp128 }"]
    consts = {"fp128": "0xL00000000000000003FFF000000000000", "x86_fp80": "0xK3FFF8000000000000000",
              "ppc_fp128": "0xM3FF00000000000000000000000000000", "half": "0xH3C00", "double": "1.0", "i128": "1"}
    for ty in tys:
        t = ("s_" if ty.startswith("{") else "") + safe(ty)
        for arg in ["const", "undef", "param"]:
            v = {"const": consts.get(ty, "zeroinitializer"), "undef": "undef", "param": "%x"}[arg]
            yield f"arg_defined_{t}_{arg}", module(
                f"define void @g({ty} %a) {{\n  ret void\n}}\n" + fn(f"  call void @g({ty} {v})\n  ret void", f"{ty} %x"))
            yield f"arg_declared_{t}_{arg}", module(
                f"declare void @g({ty})\n" + fn(f"  call void @g({ty} {v})\n  ret void", f"{ty} %x"))
        yield f"ret_defined_{t}", module(
            f"define {ty} @g() {{\n  ret {ty} undef\n}}\n" + fn(f"  %r = call {ty} @g()\n  ret void"))
        yield f"ret_defined_unused_{t}", module(
            f"define {ty} @g() {{\n  ret {ty} undef\n}}\n" + fn(f"  call {ty} @g()\n  ret void"))
        yield f"ret_declared_{t}", module(f"declare {ty} @g()\n" + fn(f"  %r = call {ty} @g()\n  ret void"))
        yield f"param_only_{t}", module(fn("  ret void", f"{ty} %x"))
        yield f"two_params_{t}", module(fn("  ret void", f"{ty} %x, {ty} %y"))
        yield f"ret_only_{t}", module(f"define {ty} @g({ty} %x) {{\n  ret {ty} %x\n}}\n")
        if ty in consts and ty != "i128":
            intr = {"fp128": "f128", "x86_fp80": "f80", "ppc_fp128": "ppcf128", "half": "f16", "double": "f64"}[ty]
            yield f"intrinsic_fabs_{t}", module(
                f"declare {ty} @llvm.fabs.{intr}({ty})\n" + fn(f"  %r = call {ty} @llvm.fabs.{intr}({ty} %x)\n  ret void", f"{ty} %x"))


def atomic_sizes():
    """Atomic loads, stores, exchanges, compare-exchanges and floating-point read-modify-writes of
    each width up to 32 bytes, with their natural alignment and smaller ones, the value used or
    not, in both dialects: which sizes and alignments each path's compiler lowers."""
    tys = {"i32": 4, "i64": 8, "double": 8, "i128": 16, "fp128": 16, "<2 x i64>": 16, "<4 x i32>": 16,
           "<2 x double>": 16, "i256": 32, "[2 x i64]": 16, "{ i64, i64 }": 16}
    for ty, size in tys.items():
        t = {"{": "s_", "[": "a_", "<": "v_"}.get(ty[0], "") + safe(ty)
        for align in sorted({size, 8, 4}, reverse=True):
            if align > size:
                continue
            for use in ["unused", "used"]:
                for dialect in ["typed", "opaque"]:
                    p = ptr(ty, 1) if dialect == "typed" else "ptr addrspace(1)"
                    o = ptr(ty, 1) if dialect == "typed" else "ptr addrspace(1)"
                    keep = (f"  store {ty} %v, {o} %q, align {size}\n" if use == "used" else "")
                    ops = {
                        "load": f"  %v = load atomic {ty}, {p} %p acquire, align {align}\n" + keep,
                        "store": f"  store atomic {ty} %x, {p} %p release, align {align}\n",
                        "xchg": f"  %v = atomicrmw xchg {p} %p, {ty} %x seq_cst, align {align}\n" + keep,
                        "cmpxchg": f"  %c = cmpxchg {p} %p, {ty} %x, {ty} %x seq_cst seq_cst, align {align}\n"
                                   + ("  %v = extractvalue { " + ty + ", i1 } %c, 0\n" + keep if use == "used" else ""),
                        "fadd": f"  %v = atomicrmw fadd {p} %p, {ty} %x seq_cst, align {align}\n" + keep,
                    }
                    for op, body in ops.items():
                        if op == "store" and use == "used":
                            continue
                        if op == "fadd" and ty not in ("double", "fp128", "<2 x double>"):
                            continue
                        text = module(fn(body + "  ret void", f"{p} %p, {o} %q, {ty} %x"))
                        yield f"{op}_{t}_align{align}_{use}_{dialect}", text


def reader_modern():
    """LLVM 22's reader on the types instructions, parameters and variables name, on return
    attributes, alignments and `initializes` ranges (LLVM 7's where it has the rule): an
    identified struct without a body, a struct holding scalable vectors (beside other fields, or
    only one repeated), `x86_amx` and tokens in each place, each parameter-only attribute on a
    return value, alignments about 2^32 and `initializes` lists in and out of order."""
    opaque = "%X = type opaque\n"
    mixed = "%S = type { <vscale x 1 x double>, i32 }\n"
    same = "%H = type { <vscale x 1 x double>, <vscale x 1 x double> }\n"

    def f(pre, body, params=""):
        return module(pre + fn(body + "\n  ret void", params))
    for dialect, p in (("opaque", "ptr"), ("typed", None)):
        for name, pre, ty in (("opaque", opaque, "%X"), ("mixed", mixed, "%S"), ("same", same, "%H"),
                              ("scalable", "", "<vscale x 1 x double>"), ("sized", "%T = type { i32 }\n", "%T")):
            q = p or f"{ty}*"
            yield f"load_{name}_{dialect}", f(pre, f"  %v = load {ty}, {q} %p", f"{q} %p")
            yield f"alloca_{name}_{dialect}", f(pre, f"  %a = alloca {ty}")
            yield f"gep_{name}_{dialect}", f(pre, f"  %a = getelementptr {ty}, {q} %p, i32 0", f"{q} %p")
            yield f"gep_{name}_noindex_{dialect}", f(pre, f"  %a = getelementptr {ty}, {q} %p", f"{q} %p")
            yield f"store_{name}_{dialect}", f(pre, f"  store {ty} %v, {q} %p", f"{ty} %v, {q} %p")
            yield f"store_{name}_undef_{dialect}", f(pre, f"  store {ty} undef, {q} %p", f"{q} %p")
            yield f"arg_{name}_{dialect}", f(pre, "", f"{ty} %v")
            yield f"declared_arg_{name}_{dialect}", module(pre + f"declare void @g({ty})\n" + fn("  ret void"))
    for ty in ("x86_amx", "token"):
        yield f"array_{ty}", f(f"%T = type [2 x {ty}]\n", "")
        yield f"array_{ty}_global", f(f"@g = global [2 x {ty}] zeroinitializer\n", "")
        yield f"vector_{ty}", f(f"%T = type <2 x {ty}>\n", "")
        yield f"vector_{ty}_alloca", f("", f"  %a = alloca <2 x {ty}>")
        yield f"alloca_{ty}", f("", f"  %a = alloca {ty}")
        yield f"global_{ty}", f(f"@g = external global {ty}\n", "")
        yield f"struct_{ty}", f(f"%T = type {{ {ty} }}\n", "")
        yield f"load_{ty}", f("", f"  %v = load {ty}, ptr %p", "ptr %p")
        yield f"arg_{ty}", f("", "", f"{ty} %a")
        yield f"select_{ty}", f("", f"  %s = select i1 %c, {ty} %a, {ty} %b", f"i1 %c, {ty} %a, {ty} %b")
    yield "select_token_typed", f("", "  %s = select i1 %c, token %a, token %b\n  store i8 0, i8* %q",
                                  "i1 %c, token %a, token %b, i8* %q")
    yield "phi_token", f("", "  br label %b\nb:\n  %s = phi token [ %a, %0 ]", "token %a")
    for a in ("swifterror", "byval(i32)", "byval", "nest", "sret(i32)", "sret", "nocapture", "returned", "readonly",
              "readnone", "immarg", "inalloca(i32)", "swiftself", "writeonly", "nofree", "inreg", "noalias", "nonnull",
              "dereferenceable(4)", "align 4", "noundef"):
        for dialect, t in (("opaque", "ptr"), ("typed", "i8*")):
            yield f"ret_{safe(a)}_{dialect}", f(f"declare {a} {t} @c({t})\n", "")
            yield f"ret_{safe(a)}_call_{dialect}", f(f"declare {t} @c()\n", f"  %r = call {a} {t} @c()")
    for n in (28, 29, 30, 31, 32, 33, 40):
        v = 1 << n
        for dialect, t in (("opaque", "ptr"), ("typed", "i8*")):
            yield f"align_2e{n}_param_{dialect}", f("", "", f"{t} align {v} %p")
            yield f"align_2e{n}_call_{dialect}", f(f"declare void @b({t})\n", f"  call void @b({t} align {v} %p)", f"{t} %p")
            q = "i32*" if dialect == "typed" else t
            yield f"align_2e{n}_load_{dialect}", f("", f"  %a = load i32, {q} %p, align {v}", f"{q} %p")
        yield f"align_2e{n}_alloca", f("", f"  %a = alloca i32, align {v}")
        yield f"align_2e{n}_global", f(f"@g = addrspace(1) global i32 0, align {v}\n", "")
    yield "align_3_param", f("", "", "ptr align 3 %p")
    for name, ranges in (("unordered", "(4, 8), (0, 4)"), ("overlapping", "(0, 8), (4, 12)"), ("adjacent", "(0, 4), (4, 8)"),
                         ("empty", "(4, 4)"), ("reversed", "(8, 4)"), ("apart", "(0, 4), (8, 12)"), ("one", "(0, 4)"),
                         ("negative", "(-8, -4), (0, 4)")):
        yield f"initializes_{name}", f("", "", f"ptr initializes({ranges}) %p")
        yield f"initializes_{name}_call", f("declare void @g(ptr)\n", f"  call void @g(ptr initializes({ranges}) %p)", "ptr %p")
    yield "recursive", f("%rt1 = type { i32, %rt2 }\n%rt2 = type { i32, %rt1 }\n", "")


def calls():
    """LLVM's verifier on calls, parameters and calling conventions: each attribute on a type it
    does not apply to at a call site (argument and result), `noundef` on `void`, `byval` of 4 GiB,
    `inalloca` placement and the `alloca` it names, a token or `x86_amx` returned (directly and
    through an indirect call), the calling conventions' rules (AMD GPU, x86 interrupt), `musttail`
    prototypes, conventions and ABI attributes, and the string function attributes whose values
    LLVM 22 checks, on a definition, a declaration, a group and a call site."""
    def f(pre, body, params="", ret="void", attrs=""):
        return module(pre + fn(body + ("\n  ret void" if ret == "void" else ""), params, ret, attrs=attrs))
    for dialect, t in (("opaque", "ptr"), ("typed", "i8*")):
        for a, ty, v in (("signext", t, "null"), ("zeroext", "float", "0.0"), ("noalias", "i32", "0"),
                         ("nonnull", "i32", "0"), ("align 4", "i32", "0"), ("signext", "i32", "0"),
                         ("byval(i32)", "i32", "0"), ("noundef", "i32", "0"), ("dereferenceable(4)", "i64", "0"),
                         ("inreg", "i32", "0"), ("readonly", "i32", "0"), ("nocapture", "i32", "0")):
            yield f"arg_{safe(a)}_{safe(ty)}_{dialect}", f(f"declare void @g({ty})\n", f"  call void @g({ty} {a} {v})")
        yield f"ret_signext_{dialect}", f(f"declare {t} @g()\n", f"  %r = call signext {t} @g()")
        yield f"ret_noalias_i32_{dialect}", f("declare i32 @g()\n", "  %r = call noalias i32 @g()")
        yield f"invoke_signext_{dialect}", f(f"declare void @g({t})\n",
                                             f"  invoke void @g({t} signext null)\n          to label %r unwind label %r\nr:")
    yield "noundef_void_define", f("define noundef void @h() {\n  ret void\n}\n", "")
    yield "noundef_void_declare", f("declare noundef void @h()\n", "  call void @h()")
    yield "noundef_void_call", f("declare void @h()\n", "  call noundef void @h()")
    for n, name in ((2147483648, "4g"), (2147483647, "under4g")):
        yield f"byval_{name}", f("", "", f"ptr byval([{n} x i16]) %p")
        yield f"byval_{name}_typed", f("", "", f"[{n} x i16]* byval %p")
        yield f"byval_{name}_call", f("declare void @g(ptr)\n", f"  call void @g(ptr byval([{n} x i16]) %p)", "ptr %p")
    yield "byval_struct_4g", f("", "", "ptr byval({ [1073741824 x i32], i8 }) %p")
    for dialect, t, a in (("opaque", "ptr", "inalloca(i64)"), ("typed", "i64*", "inalloca")):
        yield f"inalloca_not_last_{dialect}", f(f"define void @g({t} {a} %p, i32 %q) {{\n  ret void\n}}\n", "")
        yield f"inalloca_last_{dialect}", f(f"define void @g(i32 %q, {t} {a} %p) {{\n  ret void\n}}\n", "")
        yield f"inalloca_mismatched_{dialect}", f(f"declare void @g({t} {a})\n",
                                                  f"  %a = alloca i64\n  call void @g({t} {a} %a)")
        yield f"inalloca_matched_{dialect}", f(f"declare void @g({t} {a})\n",
                                               f"  %a = alloca inalloca i64\n  call void @g({t} {a} %a)")
        yield f"inalloca_callee_only_{dialect}", f(f"declare void @g({t} {a})\n", f"  %a = alloca i64\n  call void @g({t} %a)")
    yield "inalloca_unsized", f("define void @g(ptr inalloca(void()) %p) {\n  ret void\n}\n", "")
    yield "byval_unsized", f("%X = type opaque\ndefine void @g(ptr byval(%X) %p) {\n  ret void\n}\n", "")
    yield "token_return", module("define token @f() {\n  ret token undef\n}\n")
    yield "token_return_declared", f("declare token @h()\n", "")
    yield "token_indirect", f("", "  call token () undef ()")
    yield "x86_amx_indirect", f("", "  call x86_amx () undef ()")
    yield "x86_amx_return_declared", f("declare x86_amx @h()\n", "")
    yield "x86_amx_param", f("define void @h(x86_amx %a) {\n  ret void\n}\n", "")
    for cc in ("amdgpu_kernel", "spir_kernel", "amdgpu_vs", "amdgpu_cs", "fastcc", "coldcc", "ptx_device", "x86_intrcc",
               "tailcc", "swiftcc"):
        yield f"cc_{cc}_return", f(f"define {cc} i32 @h() {{\n  ret i32 0\n}}\n", "")
        yield f"cc_{cc}_vararg", f(f"define {cc} void @h(...) {{\n  ret void\n}}\n", "")
        yield f"cc_{cc}_sret", f(f"define {cc} void @h(ptr sret(i32) %p) {{\n  ret void\n}}\n", "")
        yield f"cc_{cc}_byval", f(f"define {cc} void @h(ptr byval(i32) %p) {{\n  ret void\n}}\n", "")
        yield f"cc_{cc}_ptr", f(f"define {cc} void @h(ptr %p) {{\n  ret void\n}}\n", "")
        yield f"cc_{cc}_i32_typed", f(f"define {cc} void @h(i32* %p) {{\n  ret void\n}}\n", "")
    mt = [
        ("cc", "declare x86_stdcallcc void @h()\n", "", "  musttail call x86_stdcallcc void @h()"),
        ("more_params", "declare void @h(i32)\n", "", "  musttail call void @h(i32 0)"),
        ("int_types", "declare void @h(i8)\n", "i32 %a", "  musttail call void @h(i8 0)"),
        ("vararg", "declare void @h(ptr, ...)\n", "ptr %a", "  musttail call void (ptr, ...) @h(ptr null)"),
        ("ret_type", "declare i32 @h(i32)\n", "i32 %a", "  %r = musttail call i32 @h(i32 0)"),
        ("byval", "declare void @h(ptr)\n", "ptr byval({ i32 }) %a", "  musttail call void @h(ptr %a)"),
        ("inreg", "declare void @h(i32 inreg)\n", "i32 %a", "  musttail call void @h(i32 inreg %a)"),
        ("sret", "declare void @h(ptr sret(i32))\n", "ptr %a", "  musttail call void @h(ptr sret(i32) %a)"),
        ("same", "declare void @h(ptr)\n", "ptr %a", "  musttail call void @h(ptr %a)"),
        ("same_typed", "declare void @h(i8*)\n", "i32* %a", "  %b = bitcast i32* %a to i8*\n  musttail call void @h(i8* %b)"),
        ("not_last", "declare void @h()\n", "", "  musttail call void @h()\n  call void @h()"),
    ]
    for name, pre, params, body in mt:
        yield f"musttail_{name}", f(pre, body, params)
    yield "musttail_result_dropped", module("declare i32 @h()\n" + fn("  %r = musttail call i32 @h()\n  ret i32 0", "", "i32"))
    yield "musttail_result_returned", module("declare i32 @h()\n" + fn("  %r = musttail call i32 @h()\n  ret i32 %r", "", "i32"))
    for cc in ("tailcc", "swifttailcc"):
        for a in ("inreg", "inalloca(i8)", "swifterror", "preallocated(i8)", "byref(i8)", "byval(i8)"):
            yield f"musttail_{cc}_caller_{safe(a)}", module(
                f"declare {cc} void @s()\ndefine {cc} void @h(ptr {a} %p) {{\n  musttail call {cc} void @s()\n  ret void\n}}\n")
        yield f"musttail_{cc}_callee_inreg", module(
            f"declare {cc} void @s(ptr)\ndefine {cc} void @h() {{\n  musttail call {cc} void @s(ptr inreg undef)\n  ret void\n}}\n")
        yield f"musttail_{cc}_vararg", module(
            f"declare {cc} void @s(...)\ndefine {cc} void @h(...) {{\n  musttail call {cc} void (...) @s()\n  ret void\n}}\n")
    strs = [("no-jump-tables", "yes"), ("no-jump-tables", "true"), ("no-jump-tables", "false"), ("no-jump-tables", ""),
            ("less-precise-fpmad", "1"), ("no-signed-zeros-fp-math", "bad"), ("no-infs-fp-math", "bad"),
            ("no-nans-fp-math", "bad"), ("unsafe-fp-math", "bad"), ("approx-func-fp-math", "bad"),
            ("no-inline-line-tables", "bad"), ("profile-sample-accurate", "bad"), ("use-sample-profile", "bad"),
            ("loader-replaceable", "bad"), ("marked_for_windows_hot_patching", "bad"),
            ("patchable-function-entry", "a"), ("patchable-function-entry", "-1"), ("patchable-function-entry", "3,"),
            ("patchable-function-entry", "3"), ("patchable-function-entry", ""), ("patchable-function-entry", "+3"),
            ("patchable-function-entry", "4294967295"), ("patchable-function-entry", "4294967296"),
            ("patchable-function-prefix", "a"), ("patchable-function-prefix", "2"),
            ("patchable-function-entry-section", ""), ("patchable-function-entry-section", "s"),
            ("warn-stack-size", "-1"), ("warn-stack-size", "10"), ("warn-stack-size", "4294967296"),
            ("sign-return-address", "non-loaf"), ("sign-return-address", "all"), ("sign-return-address", "none"),
            ("sign-return-address", "non-leaf"), ("branch-target-enforcement", "yes"), ("branch-target-enforcement", "true"),
            ("branch-protection-pauth-lr", "bad"), ("guarded-control-stack", "bad"), ("denormal-fp-math", "bad"),
            ("stack-protector-buffer-size", "x"), ("min-legal-vector-width", "x")]
    for i, (k, v) in enumerate(strs):
        yield f"fnattr_{i}_{safe(k)}_{safe(v) or 'empty'}", module(f'define void @f() "{k}"="{v}" {{\n  ret void\n}}\n')
    yield "fnattr_patchable-function-entry_novalue", module('define void @f() "patchable-function-entry" {\n  ret void\n}\n')
    yield "fnattr_no-jump-tables_novalue", module('define void @f() "no-jump-tables" {\n  ret void\n}\n')
    yield "fnattr_sign-return-address-key_bad", module('define void @f() "sign-return-address-key"="c_key" {\n  ret void\n}\n')
    yield "fnattr_sign-return-address-key_alone", module('define void @f() "sign-return-address-key"="a_key" {\n  ret void\n}\n')
    yield "fnattr_sign-return-address-key_ok", module(
        'define void @f() "sign-return-address"="all" "sign-return-address-key"="b_key" {\n  ret void\n}\n')
    yield "fnattr_frame_pointer_then_entry", module('define void @f() "frame-pointer"="x" "patchable-function-entry"="a" {\n  ret void\n}\n')
    yield "fnattr_entry_then_bool", module('define void @f() "patchable-function-entry"="a" "no-jump-tables"="yes" {\n  ret void\n}\n')
    yield "fnattr_declared", module('declare void @g() "no-jump-tables"="yes"\n' + fn("  call void @g()\n  ret void"))
    yield "fnattr_declared_unused", module('declare void @g() "no-jump-tables"="yes"\n' + fn("  ret void"))
    yield "fnattr_call_site", module("declare void @g()\n" + fn('  call void @g() "no-jump-tables"="yes"\n  ret void'))
    yield "fnattr_call_site_entry", module("declare void @g()\n" + fn('  call void @g() "patchable-function-entry"="a"\n  ret void'))
    yield "fnattr_group", module('define void @f() #0 {\n  ret void\n}\nattributes #0 = { "no-jump-tables"="yes" }\n')
    # Other targets' intrinsics, which the modern path knows: `immarg` arguments (from their
    # `Intrinsics*.td`) and the exclusive loads' and stores' `elementtype`.
    targets = [
        ("arm_mcr", "declare void @llvm.arm.mcr(i32, i32, i32, i32, i32, i32)", "void @llvm.arm.mcr(i32 0, i32 0, i32 {x}, i32 0, i32 0, i32 0)"),
        ("s390_vsldb", "declare <16 x i8> @llvm.s390.vsldb(<16 x i8>, <16 x i8>, i32)", "<16 x i8> @llvm.s390.vsldb(<16 x i8> zeroinitializer, <16 x i8> zeroinitializer, i32 {x})"),
        ("x86_round", "declare <4 x float> @llvm.x86.sse41.round.ps(<4 x float>, i32)", "<4 x float> @llvm.x86.sse41.round.ps(<4 x float> zeroinitializer, i32 {x})"),
        ("amdgcn_sleep", "declare void @llvm.amdgcn.s.sleep(i32)", "void @llvm.amdgcn.s.sleep(i32 {x})"),
        ("aarch64_fxs", "declare <2 x i32> @llvm.aarch64.neon.vcvtfp2fxs.v2i32.v2f32(<2 x float>, i32)", "<2 x i32> @llvm.aarch64.neon.vcvtfp2fxs.v2i32.v2f32(<2 x float> zeroinitializer, i32 {x})"),
    ]
    for name, decl, call in targets:
        for what, x in (("constant", "1"), ("value", "%x")):
            yield f"target_{name}_{what}", module(decl + "\n" + fn(f"  call {call.format(x=x)}\n  ret void", "i32 %x"))
    for name, decl, call in (
            ("aarch64_ldxr", "declare i64 @llvm.aarch64.ldxr.p0(ptr)", "i64 @llvm.aarch64.ldxr.p0(ptr {a}%p)"),
            ("arm_ldrex", "declare i32 @llvm.arm.ldrex.p0(ptr)", "i32 @llvm.arm.ldrex.p0(ptr {a}%p)"),
            ("aarch64_stxr", "declare i32 @llvm.aarch64.stxr.p0(i64, ptr)", "i32 @llvm.aarch64.stxr.p0(i64 0, ptr {a}%p)"),
            ("arm_strex", "declare i32 @llvm.arm.strex.p0(i32, ptr)", "i32 @llvm.arm.strex.p0(i32 0, ptr {a}%p)")):
        for what, a in (("plain", ""), ("elementtype", "elementtype(i32) ")):
            yield f"target_{name}_{what}", module(decl + "\n" + fn(f"  %r = call {call.format(a=a)}\n  ret void", "ptr %p"))
    for name, ret, arg in (("i2_i32", "i2", "i32"), ("i1_i32", "i1", "i32"), ("i8_i32", "i8", "i32"),
                           ("v4i8_v4i32", "<4 x i8>", "<4 x i32>"), ("v8i8_v4i32", "<8 x i8>", "<4 x i32>"),
                           ("i8_v4i32", "i8", "<4 x i32>"), ("v4i8_i32", "<4 x i8>", "i32"),
                           ("v4i1_v4i32", "<4 x i1>", "<4 x i32>")):
        for op in ("scmp", "ucmp"):
            suffix = ".".join("v" + t[1:].split(" x ")[0] + t.split(" x ")[1].rstrip(">") if t.startswith("<") else t
                              for t in (ret, arg))
            yield f"cmp_{op}_{name}", module(fn(f"  %r = call {ret} @llvm.{op}.{suffix}({arg} %a, {arg} %a)\n  ret void",
                                                f"{arg} %a") + f"declare {ret} @llvm.{op}.{suffix}({arg}, {arg})\n")
    for dialect, t in (("opaque", "ptr"), ("typed", "i32*")):
        for what, body in (("alloca", "  %a = alloca i32, !invariant.group !9"),
                           ("load", f"  %v = load i32, {t} %p, !invariant.group !9"),
                           ("store", f"  store i32 1, {t} %p, !invariant.group !9"),
                           ("call", "  call void @g(), !invariant.group !9"),
                           ("add", "  %v = add i32 1, 2, !invariant.group !9")):
            yield f"invariant_group_{what}_{dialect}", module("declare void @g()\n" + fn(body + "\n  ret void", f"{t} %p")
                                                             + "!9 = !{}\n")
    for cc in ("tailcc", "swifttailcc", "cfguard_checkcc", "aarch64_vector_pcs", "aarch64_sve_vector_pcs", "amdgpu_gfx",
               "x86_regcallcc", "amdgpu_cs_chain", "amdgpu_cs_chain_preserve", "riscv_vector_cc", "m68k_rtdcc",
               "preserve_nonecc", "swiftcc", "amdgpu_vs", "amdgpu_ps", "amdgpu_hs", "amdgpu_es", "spir_func"):
        yield f"cc_newer_{cc}_define", module(f"define {cc} void @h() {{\n  ret void\n}}\n")
        yield f"cc_newer_{cc}_call", module("declare void @h()\n" + fn(f"  call {cc} void @h()\n  ret void"))
    bundles = [("kcfi2", '"kcfi"(i32 1), "kcfi"(i32 2)'), ("kcfi_i64", '"kcfi"(i64 1)'), ("kcfi_none", '"kcfi"()'),
               ("kcfi_ok", '"kcfi"(i32 1)'), ("ptrauth2", '"ptrauth"(i32 0, i64 0), "ptrauth"(i32 0, i64 0)'),
               ("ptrauth1", '"ptrauth"(i32 0)'), ("ptrauth_key64", '"ptrauth"(i64 0, i64 0)'),
               ("ptrauth_disc32", '"ptrauth"(i32 0, i32 0)'), ("ptrauth_ok", '"ptrauth"(i32 0, i64 0)'),
               ("deopt2", '"deopt"(), "deopt"()'), ("gct2", '"gc-transition"(), "gc-transition"()'),
               ("cfg2", '"cfguardtarget"(i8* null), "cfguardtarget"(i8* null)'), ("cfg0", '"cfguardtarget"()'),
               ("unknown2", '"foo"(), "foo"()'), ("gclive2", '"gc-live"(), "gc-live"()'),
               ("kcfi_ptrauth", '"kcfi"(i32 1), "ptrauth"(i32 0, i64 0)')]
    for name, b in bundles:
        yield f"bundle_{name}_typed", module(fn(f"  call void %p() [ {b} ]\n  ret void", "void ()* %p"))
        yield f"bundle_{name}", module(fn(f"  call void %p() [ {b.replace('i8* null', 'ptr null')} ]\n  ret void", "ptr %p"))


def used_lists():
    """LLVM's verifier on the members of `llvm.used` and `llvm.compiler.used`: null, a variable,
    a function, a numbered variable, a cast of one, a cast of an integer (both dialects)."""
    used_members = [("null", "ptr null"), ("global", "ptr @a"), ("function", "ptr @h"), ("numbered", "ptr @0"),
                    ("cast", "ptr addrspacecast (ptr addrspace(1) @b to ptr)"), ("int", "ptr inttoptr (i64 1 to ptr)")]
    for list_name in ("llvm.used", "llvm.compiler.used"):
        for what, member in used_members:
            yield f"used_{list_name.split('.')[1]}_{what}", module(
                "@a = global i8 42\n@b = addrspace(1) global i8 1\n@0 = global i8 3\ndeclare void @h()\n"
                f'@{list_name} = appending global [2 x ptr] [ptr @a, {member}], section "llvm.metadata"\n')
            typed = member.replace("ptr addrspace(1) @b", "i8 addrspace(1)* @b").replace("ptr @h", "i8* bitcast (void ()* @h to i8*)")
            typed = re.sub(r"\bptr\b", "i8*", typed)
            yield f"used_{list_name.split('.')[1]}_{what}_typed", module(
                "@a = global i8 42\n@b = addrspace(1) global i8 1\n@0 = global i8 3\ndeclare void @h()\n"
                f'@{list_name} = appending global [2 x i8*] [i8* @a, {typed}], section "llvm.metadata"\n')


def call_args():
    """LLVM's verifier on a call's variable arguments: `inalloca` only on the last."""
    def f(pre, body):
        return module(pre + fn(body + "\n  ret void"))
    for dialect, t, a in (("opaque", "ptr", "inalloca(i32)"), ("typed", "i32*", "inalloca")):
        for name, args in (("middle", f"i32 1, {t} {a} %args, i32 3"), ("last", f"i32 1, i32 3, {t} {a} %args")):
            yield f"inalloca_vararg_{name}_{dialect}", f("declare void @h(i32, ...)\n",
                                                        f"  %args = alloca inalloca i32\n  call void (i32, ...) @h({args})")


def masked():
    """LLVM 22's masked load, store, gather and scatter: the alignment moved from an argument to
    an `align` attribute on the address. Each in the old form (four arguments, upgraded by the
    modern reader) and the new one (three), with a mask of another length, element or shape, a
    pass-through of another type, an address that is not a pointer, a scalar result, scalable
    vectors; a few typed-pointer old forms for the LLVM 7 path."""
    def add(pre, call, params):
        return module(pre + "\n" + fn(call + "\n  ret void", params))
    v, m = "<4 x i32>", "<4 x i1>"
    for form in ("old", "new"):
        al, ald, pa = ("i32 4, ", "i32, ", "") if form == "old" else ("", "", "align 4 ")
        for case, (rt, pt, mt, dt) in {
                "ok": (v, "ptr", m, v), "mask8": (v, "ptr", "<8 x i1>", v), "maski8": (v, "ptr", "<4 x i8>", v),
                "pass8": (v, "ptr", m, "<8 x i32>"), "ptrint": (v, "i64", m, v), "retscalar": ("i32", "ptr", "i1", "i32"),
                "p1": (v, "ptr addrspace(1)", m, v), "maskscalar": (v, "ptr", "i1", v),
                "scalable_mask4": ("<vscale x 4 x i32>", "ptr", m, "<vscale x 4 x i32>"),
                "scalable_ok": ("<vscale x 4 x i32>", "ptr", "<vscale x 4 x i1>", "<vscale x 4 x i32>")}.items():
            suf = {"i32": "i32", v: "v4i32"}.get(rt, "nxv4i32") + (".p1" if "addrspace(1)" in pt else ".p0")
            yield f"load_{form}_{case}", add(
                f"declare {rt} @llvm.masked.load.{suf}({pt}, {ald}{mt}, {dt})",
                f"  %r = call {rt} @llvm.masked.load.{suf}({pt} {pa}%p, {al}{mt} %m, {dt} %d)", f"{pt} %p, {mt} %m, {dt} %d")
            yield f"store_{form}_{case}", add(
                f"declare void @llvm.masked.store.{suf}({dt}, {pt}, {ald}{mt})",
                f"  call void @llvm.masked.store.{suf}({dt} %d, {pt} {pa}%p, {al}{mt} %m)", f"{pt} %p, {mt} %m, {dt} %d")
        for case, (rt, pt, mt, dt) in {
                "ok": (v, "<4 x ptr>", m, v), "mask8": (v, "<4 x ptr>", "<8 x i1>", v), "ptrs8": (v, "<8 x ptr>", m, v),
                "ptrscalar": (v, "ptr", m, v), "ptrsint": (v, "<4 x i64>", m, v), "pass8": (v, "<4 x ptr>", m, "<8 x i32>"),
                "retptr": ("ptr", "<8 x ptr>", "<8 x i1>", "<8 x float>"),
                "scalable_ptrs": (v, "<vscale x 4 x ptr>", m, v)}.items():
            suf = "v4i32.v4p0"
            yield f"gather_{form}_{case}", add(
                f"declare {rt} @llvm.masked.gather.{suf}({pt}, {ald}{mt}, {dt})",
                f"  %r = call {rt} @llvm.masked.gather.{suf}({pt} {pa}%p, {al}{mt} %m, {dt} %d)", f"{pt} %p, {mt} %m, {dt} %d")
            yield f"scatter_{form}_{case}", add(
                f"declare void @llvm.masked.scatter.{suf}({dt}, {pt}, {ald}{mt})",
                f"  call void @llvm.masked.scatter.{suf}({dt} %d, {pt} {pa}%p, {al}{mt} %m)", f"{pt} %p, {mt} %m, {dt} %d")
        yield f"gather_{form}_ptrsint_plain", add(
            f"declare {v} @llvm.masked.gather.v4i32.v4i64(<4 x i64>, {ald}{m}, {v})",
            f"  %r = call {v} @llvm.masked.gather.v4i32.v4i64(<4 x i64> %p, {al}{m} %m, {v} %d)", f"<4 x i64> %p, {m} %m, {v} %d")
    x = "declare <4 x i32> @llvm.masked.load.v4i32.p0({})"
    c = "  %r = call <4 x i32> @llvm.masked.load.v4i32.p0({})"
    ps = "ptr %p, <4 x i1> %m, <4 x i32> %d"
    yield "load_align_i64", add(x.format("ptr, i64, <4 x i1>, <4 x i32>"), c.format("ptr %p, i64 4, <4 x i1> %m, <4 x i32> %d"), ps)
    yield "load_align_8_ptrint", add(x.format("i64, i32, <4 x i1>, <4 x i32>"), c.format("i64 0, i32 8, <4 x i1> %m, <4 x i32> %d"), ps)
    yield "load_5args", add(x.format("ptr, i32, <4 x i1>, <4 x i32>, i32"), c.format("ptr %p, i32 4, <4 x i1> %m, <4 x i32> %d, i32 0"), ps)
    yield "load_2args", add(x.format("ptr, <4 x i1>"), c.format("ptr %p, <4 x i1> %m"), ps)
    yield "load_new_noalign", add(x.format("ptr, <4 x i1>, <4 x i32>"), c.format("ptr %p, <4 x i1> %m, <4 x i32> %d"), ps)
    yield "load_new_align2", add(x.format("ptr, <4 x i1>, <4 x i32>"), c.format("ptr align 2 %p, <4 x i1> %m, <4 x i32> %d"), ps)
    for case, mt in (("ok", "<4 x i1>"), ("mask8", "<8 x i1>")):
        yield f"load_old_typed_{case}", add(
            f"declare <4 x i32> @llvm.masked.load.v4i32.p0v4i32(<4 x i32>*, i32, {mt}, <4 x i32>)",
            f"  %r = call <4 x i32> @llvm.masked.load.v4i32.p0v4i32(<4 x i32>* %p, i32 4, {mt} %m, <4 x i32> %d)",
            f"<4 x i32>* %p, {mt} %m, <4 x i32> %d")
        yield f"gather_old_typed_{case}", add(
            f"declare <4 x i32> @llvm.masked.gather.v4i32.v4p0i32(<4 x i32*>, i32, {mt}, <4 x i32>)",
            f"  %r = call <4 x i32> @llvm.masked.gather.v4i32.v4p0i32(<4 x i32*> %p, i32 4, {mt} %m, <4 x i32> %d)",
            f"<4 x i32*> %p, {mt} %m, <4 x i32> %d")
    # The same width rule on other intrinsics (LLVM 22's words for it).
    yield "fpclass_vector_of_scalar", add("declare <2 x i1> @llvm.is.fpclass.f32(float, i32)",
                                          "  %r = call <2 x i1> @llvm.is.fpclass.f32(float %a, i32 3)", "float %a")
    yield "compress_scalar_mask", add("declare <4 x i32> @llvm.experimental.vector.compress.v4i32(<4 x i32>, i1, <4 x i32>)",
                                      "  %r = call <4 x i32> @llvm.experimental.vector.compress.v4i32(<4 x i32> %a, i1 true, <4 x i32> %a)",
                                      "<4 x i32> %a")
def llvm7_rules():
    """LLVM 7.0.1's reader and verifier where libNVVM's LLVM 7 path differs from its modern path
    (LLParser.cpp and Verifier.cpp at llvmorg-7.0.1): `bitcast` between pointers and vectors of
    pointers, `ifunc` resolver types, the parameter attributes a `musttail` call must repeat,
    parameter attributes allowed once per function on declarations and definitions,
    `llvm.used`-like arrays (type, initializer, section, users), the GC intrinsics and
    `gc.statepoint` / `gc.result` operands, `llvm.experimental.guard` bundles, alignments
    and the LLVM 7 reader's stops on newer syntax."""
    # CastInst::castIsValid for bitcast: pointers and vectors of pointers.
    tys = ["i8*", "<1 x i8*>", "<2 x i8*>", "<1 x i32*>", "<2 x i32*>", "i8 addrspace(1)*", "<1 x i8 addrspace(1)*>",
           "i64", "<1 x i64>", "<2 x i32>"]
    for a in tys:
        for b in tys:
            if a == b:
                continue
            yield f"bitcast_{safe(a)}_to_{safe(b)}", module(fn(f"  %b = bitcast {a} %a to {b}\n  ret {b} %b", f"{a} %a", b))
    yield "bitcast_const_ptr_to_vec1", module("@g = global i8 0\n@p = global <1 x i8*> bitcast (i8* @g to <1 x i8*>)\n")
    yield "bitcast_const_vec1_to_ptr", module(
        "@g = global i8 0\n@p = global i8* bitcast (<1 x i8*> <i8* @g> to i8*)\n")
    # ifunc: the resolver operand's pointee type is a function type.
    res = "define i8* @r() {\n  ret i8* null\n}\n@g = global i32 0\n"
    for name, op in [("fnptr", "i8* ()* @r"), ("object", "i32* @g"), ("bitcast_fn", "void ()* bitcast (i8* ()* @r to void ()*)"),
                     ("bitcast_i8", "i8* bitcast (i8* ()* @r to i8*)"),
                     ("gep", "i8* getelementptr (i8, i8* bitcast (i8* ()* @r to i8*), i32 4)"),
                     ("inttoptr", "i8* inttoptr (i64 ptrtoint (i8* ()* @r to i64) to i8*)"),
                     ("inttoptr_fn", "void ()* inttoptr (i64 ptrtoint (i8* ()* @r to i64) to void ()*)")]:
        yield f"ifunc_{name}", module(f"@i = ifunc void (), {op}\n" + res)
    yield "ifunc_non_function_type", module("@i = ifunc i32, i8* ()* @r\n" + res)
    yield "alias_pointee_mismatch", module("@g = global i32 0\n@a = alias i8, i32* @g\n")
    # musttail: the ABI attributes a caller's parameter and the call's argument share.
    abi = [("sret", "sret"), ("byval", "byval"), ("inalloca", "inalloca"), ("inreg", "inreg"), ("swiftself", "swiftself"),
           ("swifterror", "swifterror"), ("nest", "nest"), ("zeroext", None), ("noalias", "noalias"), ("nonnull", "nonnull"),
           ("align16", "align 16"), ("dereferenceable", "dereferenceable(8)"), ("readonly", "readonly"), ("nocapture", "nocapture")]
    for name, a in abi:
        if a is None:
            continue
        ty = "i8**" if name == "swifterror" else "i8*"
        yield f"musttail_caller_only_{name}", module(
            f"declare void @h({ty})\n" + fn(f"  musttail call void @h({ty} %p)\n  ret void", f"{ty} {a} %p"))
        yield f"musttail_call_only_{name}", module(
            f"declare void @h({ty})\n" + fn(f"  musttail call void @h({ty} {a} %p)\n  ret void", f"{ty} %p"))
        yield f"musttail_both_{name}", module(
            f"declare void @h({ty})\n" + fn(f"  musttail call void @h({ty} {a} %p)\n  ret void", f"{ty} {a} %p"))
        yield f"musttail_decl_only_{name}", module(
            f"declare void @h({ty} {a})\n" + fn(f"  musttail call void @h({ty} %p)\n  ret void", f"{ty} %p"))
    for name, a in [("zeroext", "zeroext"), ("signext", "signext"), ("inreg", "inreg")]:
        yield f"musttail_caller_only_{name}_i32", module(
            "declare void @h(i32)\n" + fn("  musttail call void @h(i32 %p)\n  ret void", f"i32 {a} %p"))
    yield "musttail_align_16_32", module(
        "declare void @h(i8*)\n" + fn("  musttail call void @h(i8* align 32 %p)\n  ret void", "i8* align 16 %p"))
    yield "musttail_byval_align_16_32", module(
        "declare void @h(i32*)\n" + fn("  musttail call void @h(i32* byval align 32 %p)\n  ret void", "i32* byval align 16 %p"))
    yield "musttail_returned", module(
        "declare i8* @h(i8*)\n" + fn("  %r = musttail call i8* @h(i8* %p)\n  ret i8* %r", "i8* returned %p", "i8*"))
    yield "musttail_returned_both", module(
        "declare i8* @h(i8*)\n" + fn("  %r = musttail call i8* @h(i8* returned %p)\n  ret i8* %r", "i8* returned %p", "i8*"))
    # Parameter attributes a function may carry once (verifyFunctionAttrs), declared and defined.
    twice = [("swiftself", "i8* swiftself, i8* swiftself"), ("swifterror", "i8** swifterror, i8** swifterror"),
             ("sret", "i8* sret, i8* sret"), ("nest", "i8* nest, i8* nest"), ("returned", "i8* returned, i8* returned"),
             ("sret_third", "i8*, i8*, i8* sret"), ("sret_second", "i8*, i8* sret"), ("inalloca_first", "i8* inalloca, i8*"),
             ("swiftself_once", "i8* swiftself, i8*"), ("byval_inalloca", "i8* byval inalloca"),
             ("sret_byval", "i8* sret byval"), ("inreg_nest", "i8* inreg nest"),
             ("readnone_readonly", "i8* readnone readonly"), ("zeroext_signext", "i32 zeroext signext"),
             ("byval_readnone", "i8* byval readnone"), ("swiftself_nonptr", "i32 swiftself")]
    for name, params in twice:
        ret = "i8*" if "returned" in name else "void"
        body = "  ret i8* null" if ret == "i8*" else "  ret void"
        named = ", ".join(f"{p} %a{k}" for k, p in enumerate(params.split(", ")))
        yield f"params_{name}_declare", module(f"declare {ret} @h({params})\n")
        yield f"params_{name}_define", module(f"define {ret} @h({named}) {{\n{body}\n}}\n")
    yield "fnattrs_noinline_alwaysinline_declare", module("declare void @h() noinline alwaysinline\n")
    yield "fnattrs_readnone_readonly_declare", module("declare void @h() readnone readonly\n")
    # llvm.used and llvm.compiler.used: appending arrays of named globals, as LLVM's verifier
    # wants them, and NVVM's rule on appending linkage.
    tail = "define void @foo() {\n  ret void\n}\n"
    for lst in ("llvm.used", "llvm.compiler.used", "other"):
        g = f"@{lst}"
        sec = ', section "llvm.metadata"'
        for name, decl in [
            ("i32", f"{g} = appending global i32 0{sec}"),
            ("i32_nosection", f"{g} = appending global i32 0"),
            ("empty_zero", f"{g} = appending global [0 x i8*] zeroinitializer{sec}"),
            ("one_zero", f"{g} = appending global [1 x i8*] zeroinitializer{sec}"),
            ("ints", f"{g} = appending global [1 x i32] [i32 1]{sec}"),
            ("null", f"{g} = appending global [1 x i8*] [i8* null]{sec}"),
            ("fn", f"{g} = appending global [1 x i8*] [i8* bitcast (void ()* @foo to i8*)]{sec}"),
            ("fn_nosection", f"{g} = appending global [1 x i8*] [i8* bitcast (void ()* @foo to i8*)]"),
            ("fn_othersection", f"{g} = appending global [1 x i8*] [i8* bitcast (void ()* @foo to i8*)], section \"x\""),
            ("fn_used", f"{g} = appending global [1 x i8*] [i8* bitcast (void ()* @foo to i8*)]{sec}\n"
                        f"@u = global i8* bitcast ([1 x i8*]* {g} to i8*)"),
            ("fn_used_nosection", f"{g} = appending global [1 x i8*] [i8* bitcast (void ()* @foo to i8*)]\n"
                                  f"@u = global i8* bitcast ([1 x i8*]* {g} to i8*)"),
            ("internal", f"{g} = internal global [1 x i8*] [i8* bitcast (void ()* @foo to i8*)]{sec}"),
            ("external", f"{g} = external global [1 x i8*]"),
            ("external_appending", f"{g} = external global [1 x i8*]{sec}"),
            ("fns", f"{g} = appending global [1 x void ()*] [void ()* @foo]{sec}"),
            ("addrspace1", f"{g} = appending addrspace(1) global [1 x i8*] [i8* bitcast (void ()* @foo to i8*)]{sec}"),
        ]:
            yield f"used_{safe(lst)}_{name}", module(decl + "\n" + tail)
    # GC intrinsics: LLVM 7's signatures and NVVM's rule on GC names.
    for name, decl, call in [
        ("gcroot", "declare void @llvm.gcroot(i8**, i8*)", "  %a = alloca i8*\n  call void @llvm.gcroot(i8** %a, i8* null)"),
        ("gcroot_nongc", "declare void @llvm.gcroot(i8**, i8*)", "  %a = alloca i8*\n  call void @llvm.gcroot(i8** %a, i8* null)"),
        ("gcroot_bad_meta", "declare void @llvm.gcroot(i8**, i8*)", "  %a = alloca i8*\n  %m = alloca i8\n  call void @llvm.gcroot(i8** %a, i8* %m)"),
        ("gcroot_i32pp", "declare void @llvm.gcroot(i8**, i8*)", "  %a = alloca i32*\n  %b = bitcast i32** %a to i8**\n  call void @llvm.gcroot(i8** %b, i8* null)"),
        ("gcread", "declare i8* @llvm.gcread(i8*, i8**)", "  %a = alloca i8*\n  %r = call i8* @llvm.gcread(i8* null, i8** %a)"),
        ("gcwrite", "declare void @llvm.gcwrite(i8*, i8*, i8**)", "  %a = alloca i8*\n  call void @llvm.gcwrite(i8* null, i8* null, i8** %a)"),
        ("gcread_ptrptr", "declare i8* @llvm.gcread(i8*, i8*)", "  %r = call i8* @llvm.gcread(i8* null, i8* null)"),
    ]:
        gc = "" if name == "gcroot_nongc" else ' gc "shadow-stack"'
        yield f"gc_{name}", module(decl + "\n" + fn(body=call + "\n  ret void", attrs=gc))
    sp = "declare token @llvm.experimental.gc.statepoint.p0f_isVoidf(i64, i32, void ()*, i32, i32, ...)\n" \
         "declare token @llvm.experimental.gc.statepoint.p0i8(i64, i32, i8*, i32, i32, ...)\n" \
         "declare i32 @llvm.experimental.gc.result.i32(token)\ndeclare void @foo()\n"
    for name, body, gc in [
        ("statepoint_fn", "  %t = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 0, i32 0, void ()* @foo, i32 0, i32 0, i32 0, i32 0)", True),
        ("statepoint_i8", "  %t = call token (i64, i32, i8*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0i8(i64 0, i32 0, i8* bitcast (void ()* @foo to i8*), i32 0, i32 0, i32 0, i32 0)", True),
        ("statepoint_i8_nogc", "  %t = call token (i64, i32, i8*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0i8(i64 0, i32 0, i8* bitcast (void ()* @foo to i8*), i32 0, i32 0, i32 0, i32 0)", False),
        ("result_undef", "  %r = call i32 @llvm.experimental.gc.result.i32(token undef)", True),
        ("result_undef_nogc", "  %r = call i32 @llvm.experimental.gc.result.i32(token undef)", False),
    ]:
        yield f"gc_{name}", module(sp + fn(body=body + "\n  ret void", attrs=' gc "statepoint-example"' if gc else ""))
    yield "gc_result_undef_personality", module(
        sp + "declare i8* @P()\n" + fn(body="  %r = call i32 @llvm.experimental.gc.result.i32(token undef)\n  ret void",
                                        attrs=' personality i8* bitcast (i8* ()* @P to i8*)'))
    # llvm.experimental.guard: its deopt bundle.
    gd = "declare void @llvm.experimental.guard(i1, ...)\n"
    for name, call in [("none", "call void (i1, ...) @llvm.experimental.guard(i1 true)"),
                       ("one", "call void (i1, ...) @llvm.experimental.guard(i1 true) [ \"deopt\"() ]"),
                       ("two", "call void (i1, ...) @llvm.experimental.guard(i1 true) [ \"deopt\"(), \"deopt\"() ]"),
                       ("args", "call void (i1, ...) @llvm.experimental.guard(i1 true, i32 1) [ \"deopt\"() ]")]:
        yield f"guard_{name}", module(gd + fn(f"  {call}\n  ret void"))
    # Alignments LLVM 7's reader takes: 32-bit numbers, at most 2^29.
    for n in (2**29, 2**30, 2**32, 2**33, 2**40):
        yield f"align_param_{n}", module(f"declare void @h(i8* align {n})\n")
        yield f"align_load_{n}", module(fn(f"  %v = load i8, i8* %p, align {n}\n  ret void", "i8* %p"))
        yield f"align_global_{n}", module(f"@g = global i8 0, align {n}\n")
    # Calls of intrinsics without a declaration, and return attributes before an opaque
    # pointer, read by LLVM 7's reader.
    yield "undeclared_intrinsic_typed", module(fn("  %r = call i32 @llvm.ctpop.i32(i32 0)\n  ret void"))
    yield "undeclared_intrinsic_opaque", module(fn("  %r = call i32 @llvm.ctpop.i32(ptr null)\n  ret void"))
    yield "undeclared_intrinsic_version", module(fn("  %r = call i32 @llvm.ctpop.i32(i32 0)\n  ret void"), tail="")
    yield "undeclared_fn_version", module(fn("  call void @nope()\n  ret void"), tail="")
    yield "undeclared_two_order", module(fn("  %a = call i32 @llvm.ctpop.i32(i32 0)\n  %b = call i32 @llvm.abs.i32(i32 0, i1 false)\n  ret void"))
    yield "undeclared_then_newer", module(fn("  %a = call i32 @llvm.ctpop.i32(i32 0)\n  %b = freeze i32 %a\n  ret void"))
    # An opaque pointer on the line where a later check of the same construct fails: LLVM 7's
    # reader meets the `ptr` first, or after a keyword that stops it.
    for name, body in [
        ("ptrline_ret_mismatch", "define i32 @f() {\n  ret ptr null\n}"),
        ("ptrline_alias_cast", "@d = addrspace(2) global i32 27\n@a = alias i32, bitcast (ptr addrspace(2) @d to ptr addrspace(1))"),
        ("ptrline_load_undefined", "define void @f() {\n  %v = load i32, ptr %nope\n  ret void\n}"),
        ("ptrline_store_mismatch", "define void @f(ptr %p) {\n  store i32 1.5, ptr %p\n  ret void\n}"),
        ("ptrline_icmp_mismatch", "define void @f(ptr %p) {\n  %c = icmp eq ptr %p, i32 0\n  ret void\n}"),
        ("ptrline_call_then_badcast", "@b = global [4 x i8] zeroinitializer\ndeclare void @h(ptr, i64)\ndefine void @f() {\n"
                                      "  call void @h(ptr @b, i64 bitcast (<2 x i64> zeroinitializer to i64))\n  ret void\n}"),
        ("ptrline_badcast_then_ptr", "declare void @h(i64, i8*)\ndefine void @f() {\n"
                                     "  call void @h(i64 bitcast (<2 x i64> zeroinitializer to i64), ptr null)\n  ret void\n}"),
        ("ptrline_word_then_ptr", "declare void @h(i32 bogus, ptr)"),
        ("ptrline_named_ptr", "define i32 @f(i32 %ptr) {\n  ret float %ptr\n}"),
        ("ptrline_comment_ptr", "define i32 @f() {\n  ret float 0.0 ; ptr\n}"),
    ]:
        yield name, module(body)
    for a in ("noalias", "nonnull", "zeroext", "inreg", "align 8", "dereferenceable(4)", "noundef"):
        yield f"retattr_{safe(a)}_ptr", module(f"declare {a} ptr @h()\n")
        yield f"paramattr_{safe(a)}_ptr", module(f"declare void @h(ptr {a})\n")


def global_uses():
    """LLVM's verifier on uses that may not be: an intrinsic function used other than as the callee
    of a call (in a variable's initializer, directly, in an aggregate or a constant expression,
    stored, passed, returned, selected, in `llvm.used`), known, unknown and NVVM names, by a kept
    and by an unused internal variable; `llvm.used`, `llvm.compiler.used`, `llvm.global_ctors`
    and `llvm.global_dtors` used by a variable or an instruction, or not at all."""
    umax = "declare i32 @llvm.umax.i32(i32, i32)\n"
    for name, decl, ref in (("known", umax, "@llvm.umax.i32"), ("unknown", "declare i32 @llvm.my.custom.intrinsic()\n", "@llvm.my.custom.intrinsic"),
                            ("nvvm", "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n", "@llvm.nvvm.read.ptx.sreg.tid.x")):
        yield f"intrinsic_{name}_init", module(decl + f"@g = global ptr {ref}\n")
        yield f"intrinsic_{name}_init_internal_unused", module(decl + f"@g = internal global ptr {ref}\n")
        yield f"intrinsic_{name}_init_struct", module(decl + f"@g = global {{ ptr, i32 }} {{ ptr {ref}, i32 1 }}\n")
        yield f"intrinsic_{name}_init_expr", module(decl + f"@g = global i64 ptrtoint (ptr {ref} to i64)\n")
        yield f"intrinsic_{name}_store", module(decl + fn(f"  store ptr {ref}, ptr %p\n  ret void", "ptr %p"))
        yield f"intrinsic_{name}_arg", module(decl + "declare void @h(ptr)\n" + fn(f"  call void @h(ptr {ref})\n  ret void"))
        yield f"intrinsic_{name}_ret", module(decl + fn(f"  ret ptr {ref}", ret="ptr"))
        yield f"intrinsic_{name}_select", module(decl + fn(f"  %s = select i1 %c, ptr {ref}, ptr null\n  ret void", "i1 %c"))
        yield f"intrinsic_{name}_used", module(decl + f'@llvm.used = appending global [1 x ptr] [ptr {ref}], section "llvm.metadata"\n')
        yield f"intrinsic_{name}_compiler_used", module(decl + f'@llvm.compiler.used = appending global [1 x ptr] [ptr {ref}], section "llvm.metadata"\n')
        yield f"intrinsic_{name}_bundle", module(decl + "declare void @h()\n" + fn(f'  call void @h() [ "x"(ptr {ref}) ]\n  ret void'))
    yield "intrinsic_known_called", module(umax + fn("  %r = call i32 @llvm.umax.i32(i32 1, i32 2)\n  ret void"))
    yield "intrinsic_known_init_then_function", module(umax + "@g = global ptr @llvm.umax.i32\n" + fn("  %a = alloca i32, addrspace(3)\n  ret void"))
    sqrt = "declare float @llvm.sqrt.f32(float)\n"
    yield "intrinsic_typed_init", module(sqrt + "@g = global i8* bitcast (float (float)* @llvm.sqrt.f32 to i8*)\n")
    yield "intrinsic_typed_store", module(sqrt + fn("  store float (float)* @llvm.sqrt.f32, float (float)** %p\n  ret void", "float (float)** %p"))
    yield "intrinsic_typed_called", module(sqrt + fn("  %r = call float @llvm.sqrt.f32(float 1.0)\n  ret void"))
    used = '@llvm.used = appending global [1 x ptr] [ptr @foo], section "llvm.metadata"\n'
    cused = '@llvm.compiler.used = appending global [1 x ptr] [ptr @foo], section "llvm.metadata"\n'
    ctors = "@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @foo, ptr null }]\n"
    dtors = ctors.replace("ctors", "dtors")
    foo = "define void @foo() {\n  ret void\n}\n"
    for name, g in (("used", used), ("compiler_used", cused), ("global_ctors", ctors), ("global_dtors", dtors)):
        sym = "@llvm." + name.replace("_used", ".used") if "used" in name else "@llvm." + name
        yield f"{name}_alone", module(g + foo)
        yield f"{name}_by_variable", module(g + foo + f"@user = global ptr {sym}\n")
        yield f"{name}_by_internal_unused", module(g + foo + f"@user = internal global ptr {sym}\n")
        yield f"{name}_by_load", module(g + foo + fn(f"  %v = load ptr, ptr {sym}\n  ret void", name="k"))
        yield f"{name}_by_expr", module(g + foo + f"@user = global i64 ptrtoint (ptr {sym} to i64)\n")
    yield "used_typed_by_variable", module('@llvm.used = appending global [1 x i8*] [i8* bitcast (void ()* @foo to i8*)], section "llvm.metadata"\n'
                                           + foo + "@user = global [1 x i8*]* @llvm.used\n")


def ifuncs():
    """LLVM's verifier on an `ifunc`'s resolver: a function (defined, declared), a constant
    expression of one (offset, integer arithmetic, cast), null, a variable, an alias."""
    res = "define ptr @resolver() {\n  ret ptr null\n}\n"
    for name, r in (("function", "ptr @resolver"), ("gep", "ptr getelementptr (i8, ptr @resolver, i32 4)"),
                    ("int_expr", "ptr inttoptr (i64 add (i64 ptrtoint (ptr @resolver to i64), i64 4) to ptr)"),
                    ("inttoptr", "ptr inttoptr (i64 ptrtoint (ptr @resolver to i64) to ptr)"),
                    ("null", "ptr null"), ("variable", "ptr @v"), ("alias", "ptr @a"),
                    ("cast_as1", "ptr addrspacecast (ptr addrspace(1) @r1 to ptr)")):
        yield f"resolver_{name}", module(res + "@v = global i32 0\n@a = alias ptr (), ptr @resolver\n"
                                         + "declare ptr @r1() addrspace(1)\n" + f"@f = ifunc void (), {r}\n")
    yield "resolver_declared", module("declare ptr @resolver()\n@f = ifunc void (), ptr @resolver\n")
    yield "resolver_function_called", module(res + "@f = ifunc void (), ptr @resolver\n" + fn("  call void @f()\n  ret void", name="k"))
    yield "resolver_function_typed", module("define void ()* @resolver() {\n  ret void ()* null\n}\n@f = ifunc void (), void ()* ()* @resolver\n")


def assume_bundles():
    """LLVM's verifier on `llvm.assume`'s operand bundles: tags that are attribute names or not
    (`ignore`, `separate_storage`, misspelled, string attributes), each kind of attribute (with an
    integer, on parameters only, on functions only) with 0 to 3 operands of each type."""
    d = "declare void @llvm.assume(i1)\n"
    cases = [("unknown", '"adazdazd"()'), ("ignore", '"ignore"(ptr %p)'), ("string_attr", '"no-jump-tables"()'),
             ("deref_var", '"dereferenceable"(ptr %p, i32 %n)'), ("deref_3", '"dereferenceable"(ptr %p, i32 8, i32 8)'),
             ("deref_1", '"dereferenceable"(ptr %p)'), ("deref_ok", '"dereferenceable"(ptr %p, i32 4)'),
             ("deref_i64", '"dereferenceable"(ptr %p, i64 4)'), ("deref_ptr_second", '"dereferenceable"(ptr %p, ptr %q)'),
             ("deref_cold", '"dereferenceable"(ptr %p, i32 4), "cold"(ptr %p)'), ("cold_0", '"cold"()'),
             ("cold_1", '"cold"(ptr %p)'), ("noalias_0", '"noalias"()'), ("noalias_1", '"noalias"(ptr %p)'),
             ("noalias_2", '"noalias"(ptr %p, ptr %q)'), ("nonnull_1", '"nonnull"(ptr %p)'),
             ("align_var3", '"align"(ptr %p, i32 %n, i32 4)'), ("align_4", '"align"(ptr %p, i32 %n, i32 4, i32 4)'),
             ("align_ptr2", '"align"(ptr %p, ptr %q)'), ("align_ptr3", '"align"(ptr %p, i32 %n, ptr %q)'),
             ("align_ok", '"align"(ptr %p, i64 8)'), ("align_int_first", '"align"(i32 %n, i64 8)'),
             ("align_1", '"align"(ptr %p)'), ("sep_1", '"separate_storage"(ptr %p)'),
             ("sep_int", '"separate_storage"(ptr %p, i32 123)'), ("sep_ok", '"separate_storage"(ptr %p, ptr %q)'),
             ("sep_3", '"separate_storage"(ptr %p, ptr %q, ptr %q)'), ("deref_or_null_ok", '"dereferenceable_or_null"(ptr %p, i64 4)'),
             ("allocsize", '"allocsize"(ptr %p, i32 4)'), ("nofree_0", '"nofree"()'), ("nounwind_1", '"nounwind"(ptr %p)'),
             ("byval_1", '"byval"(ptr %p)'), ("range", '"range"(ptr %p)'), ("empty_tag", '""()'),
             ("align_const_second_var", '"align"(ptr %p, i32 %n)'), ("deref_3_var", '"dereferenceable"(ptr %p, i32 %n, i32 8)')]
    for name, b in cases:
        yield name, module(d + fn(f"  call void @llvm.assume(i1 true) [ {b} ]\n  ret void", "ptr %p, i32 %n, ptr %q"))
    yield "typed_unknown", module(d + fn('  call void @llvm.assume(i1 true) [ "adazdazd"() ]\n  ret void', "i8* %p"))
    yield "typed_deref_ok", module(d + fn('  call void @llvm.assume(i1 true) [ "dereferenceable"(i8* %p, i32 4) ]\n  ret void', "i8* %p"))
    yield "other_call_unknown", module("declare void @h()\n" + fn('  call void @h() [ "adazdazd"() ]\n  ret void'))


def absolute_functions():
    """A function's `!absolute_symbol` (LLVM checks it on every global object): each malformed
    range on a definition and a declaration, beside a variable's."""
    for name, md in (("empty", "!{}"), ("one", "!{i64 128}"), ("ok", "!{i64 0, i64 256}"), ("i32", "!{i32 0, i32 256}"),
                     ("fp", "!{float 0.0, float 1.0}")):
        yield f"define_{name}", module("define void @f() !absolute_symbol !9 {\n  ret void\n}\n", tail=VERSION + f"!9 = {md}\n")
        yield f"declare_{name}", module("declare void @f() !absolute_symbol !9\n" + fn("  call void @f()\n  ret void", name="k"),
                                        tail=VERSION + f"!9 = {md}\n")
    yield "variable_then_function", module("@g = global i32 0, !absolute_symbol !8\ndefine void @f() !absolute_symbol !9 {\n  ret void\n}\n",
                                           tail=VERSION + "!8 = !{i64 1}\n!9 = !{}\n")
    yield "function_then_variable", module("define void @f() !absolute_symbol !9 {\n  ret void\n}\n@g = global i32 0, !absolute_symbol !8\n",
                                           tail=VERSION + "!8 = !{i64 1}\n!9 = !{}\n")


def fp_behind():
    """fp128, x86_fp80 and ppc_fp128 only behind a pointer (and neighbours: double, i128, a
    struct or array of the type), the pointer in each place a module holds one: a parameter
    left unused, a cast, a comparison, a select, a getelementptr, a load or store of the pointer,
    an alloca, a call's argument, a return, a variable's type, a declaration's parameter; typed
    and opaque: where each path's verifier looks through a pointer for the types it refuses."""
    for pointee in ["fp128", "x86_fp80", "ppc_fp128", "double", "i128", "{ fp128 }", "[2 x x86_fp80]", "fp128*"]:
        t = ("s_" if pointee.startswith("{") else "a_" if pointee.startswith("[") else "") + safe(pointee)
        for asp in [0, 1, 2]:
            P = ptr(pointee, asp)
            cases = {
                "param_only": ("", f"{P} %p"),
                "ptrtoint": (f"  %r = ptrtoint {P} %p to i64\n", f"{P} %p"),
                "bitcast": (f"  %r = bitcast {P} %p to i8{' addrspace(%d)' % asp if asp else ''}*\n", f"{P} %p"),
                "icmp": (f"  %r = icmp eq {P} %p, null\n", f"{P} %p"),
                "select": (f"  %r = select i1 %c, {P} %p, {P} null\n", f"i1 %c, {P} %p"),
                "gep": (f"  %r = getelementptr {pointee}, {P} %p, i64 1\n", f"{P} %p"),
                "load_ptr": (f"  %r = load {P}, {P}* %q\n", f"{P}* %q"),
                "store_ptr": (f"  store {P} null, {P}* %q\n", f"{P}* %q"),
                "alloca_ptr": (f"  %r = alloca {P}\n", ""),
                "call_arg": (f"  call void @g({P} %p)\n", f"{P} %p"),
                "ret": (None, None),
                "global": (None, None),
                "declare": (None, None),
            }
            for case, (body, params) in cases.items():
                if case == "ret":
                    text = module(f"define {P} @f({P} %p) {{\n  ret {P} %p\n}}\n")
                elif case == "global":
                    text = module(f"@g = addrspace(1) global {P} null\n")
                elif case == "declare":
                    text = module(f"declare void @g({P})\n")
                else:
                    extra = f"declare void @g({P})\n" if case == "call_arg" else ""
                    text = module(extra + fn(body + "  ret void", params))
                yield f"{case}_{t}_as{asp}_typed", text
                if asp == 1 and "*" not in pointee and case in ("param_only", "gep", "alloca_ptr", "global", "call_arg"):
                    yield f"{case}_{t}_as{asp}_opaque", text.replace(P, "ptr addrspace(1)")
        # Beside another problem of the NVVM verifier, in both orders.
        P = ptr(pointee, 1)
        a = fn(f"  %r = ptrtoint {P} %p to i64\n  ret void", f"{P} %p", name="a")
        b = fn("  %r = addrspacecast i32 addrspace(6)* %p to i32*\n  ret void", "i32 addrspace(6)* %p", name="b")
        yield f"then_addrspacecast_{t}", module(a + b)
        yield f"after_addrspacecast_{t}", module(b + a)


ORDER_RMW_OPS = ["xchg", "add", "nand", "max", "umin", "fadd"]


def atomic_order():
    """Each atomic operation × type × address space, the spaces atomics refuse among them: which
    of the operation, the type and the address space each path reports first on one instruction."""
    tys = ["i8", "i16", "i32", "i64", "i128", "half", "float", "double"]
    for op in ORDER_RMW_OPS:
        for ty in tys:
            v = "1.0" if ty in ("half", "float", "double") else "1"
            for asp in [1, 2, 4, 5, 6, 101]:
                yield f"rmw_{op}_{ty}_as{asp}", module(fn(
                    f"  %r = atomicrmw {op} {ptr(ty, asp)} %p, {ty} {v} seq_cst\n  ret void", f"{ptr(ty, asp)} %p"))
    for ty in ["i8", "i16", "i32", "i64", "i128"]:
        for asp in [2, 4, 5]:
            yield f"cmpxchg_{ty}_as{asp}", module(fn(
                f"  %r = cmpxchg {ptr(ty, asp)} %p, {ty} 0, {ty} 1 seq_cst seq_cst\n  ret void", f"{ptr(ty, asp)} %p"))


# LLVM 7's reader stops: constructs newer than LLVM 7 (nvir's syntax layer) and problems its
# reader finds in LLVM 7 syntax (nvir's reader-rule layer), each in a function header or body;
# problems that leave no valid module (an add of pointers) are left out: nvir's IR cannot hold them.
LLVM7_NEWER = {
    "hot_fn": ("header", "", "", " hot"),
    "noundef_param": ("header", "i32 noundef %n", "", ""),
    "xchg_float": ("body", "float* %fp", "  %x1 = atomicrmw xchg float* %fp, float 1.0 seq_cst\n", ""),
    "freeze": ("body", "i32 %fz", "  %x2 = freeze i32 %fz\n", ""),
    "poison": ("body", "i32 %pz", "  %x3 = add i32 %pz, poison\n", ""),
    "fneg": ("body", "float %fn", "  %x4 = fneg float %fn\n", ""),
}
LLVM7_READER = {
    "fnonly_param": ("header", "i8* noinline %q", "", ""),
    "fence_monotonic": ("body", "", "  fence monotonic\n", ""),
    "cmpxchg_unordered": ("body", "i32* %cp", "  %y3 = cmpxchg i32* %cp, i32 0, i32 1 unordered unordered\n", ""),
}


def llvm7_reader_order():
    """A construct newer than LLVM 7 and a problem LLVM 7's reader finds in its own syntax, in
    one module: in one function (the body's two in both orders) and in two functions (both
    orders): which LLVM 7's reader stops at first (the modern path reads the newer ones)."""
    def one(parts, name):
        params = ", ".join(p[1] for p in parts if p[1])
        body = "".join(p[2] for p in parts)
        attrs = "".join(p[3] for p in parts)
        return fn(body + "  ret void", params, name=name, attrs=attrs)
    for nk, n in LLVM7_NEWER.items():
        for rk, r in LLVM7_READER.items():
            yield f"{nk}_fn_then_{rk}_fn", module(one([n], "a") + one([r], "b"))
            yield f"{rk}_fn_then_{nk}_fn", module(one([r], "a") + one([n], "b"))
            yield f"{nk}_with_{rk}", module(one([n, r], "a"))
            if n[0] == "body" and r[0] == "body":
                yield f"{rk}_with_{nk}", module(one([r, n], "a"))


MIX_TYPED_FIRST = {
    "param": ("define void @f(i32* %p, ptr %q) {\n  ret void\n}\n", ""),
    "param_as": ("define void @f(i32 addrspace(1)* %p, ptr addrspace(1) %q) {\n  ret void\n}\n", ""),
    "load": ("define void @f(i32* %p, i32** %q) {\n  %v = load ptr, ptr %p\n  ret void\n}\n", ""),
    "global": ("@a = addrspace(1) global i32* null\n@b = addrspace(1) global ptr null\n", ""),
    "later_function": ("define void @f(i32* %p) {\n  ret void\n}\ndefine void @g(ptr %q) {\n  ret void\n}\n", ""),
    "call_arg": ("declare void @h(i32*)\ndefine void @f(i32* %p) {\n  call void @h(ptr %p)\n  ret void\n}\n", ""),
    "alloca": ("define void @f(i32* %p) {\n  %a = alloca ptr\n  ret void\n}\n", ""),
    "gep": ("define void @f(i32* %p) {\n  %g = getelementptr i32, ptr %p, i64 1\n  ret void\n}\n", ""),
    "byval": ("define void @f(i32* byval(ptr) %p) {\n  ret void\n}\n", ""),
    "metadata_named": ("define void @f(i32* %p) {\n  ret void\n}\n", "!named = !{!5}\n!5 = !{ptr @f}\n"),
    "metadata_call": ("declare void @llvm.foo.md(metadata)\ndefine void @f(i32* %p) {\n  call void @llvm.foo.md(metadata ptr null)\n  ret void\n}\n", ""),
    "annotation": ("define void @k(i32* %p) {\n  ret void\n}\n", "!nvvm.annotations = !{!5}\n!5 = !{ptr @k, !\"kernel\", i32 1}\n"),
    "typed_annotation_then_ptr": ("define void @k(ptr %p) {\n  ret void\n}\n", "!nvvm.annotations = !{!5}\n!5 = !{void (i8*)* @k, !\"kernel\", i32 1}\n"),
    "with_problem_before": ("define void @f(i32 addrspace(6)* %p) {\n  %c = addrspacecast i32 addrspace(6)* %p to i32*\n  ret void\n}\ndefine void @g(ptr %q) {\n  ret void\n}\n", ""),
    "with_problem_after": ("define void @f(i32* %p, ptr %q) {\n  ret void\n}\ndefine void @g(i32 addrspace(6)* %p) {\n  %c = addrspacecast i32 addrspace(6)* %p to i32*\n  ret void\n}\n", ""),
    "pointee_mismatch": ("define void @f(i32* %p, ptr %q) {\n  store i64 1, i32* %p\n  ret void\n}\n", ""),
    "load_mismatch_before": ("define void @f(i32* %p) {\n  %v = load i64, i32* %p\n  ret void\n}\ndefine void @g(ptr %q) {\n  ret void\n}\n", ""),
}


def mixed_dialects():
    """Typed and opaque pointers in one module, the first pointer typed and an opaque one later
    in each place (a parameter, a variable, an instruction, a call's argument, an attribute's
    type, a metadata operand, an annotation), beside other problems, and the reverse (opaque
    first): what each path's reader makes of the mix."""
    for name, (code, tail) in MIX_TYPED_FIRST.items():
        yield f"typed_first_{name}", module(code, tail=VERSION + tail)
    yield "opaque_first_param", module("define void @f(ptr %q, i32* %p) {\n  ret void\n}\n")
    yield "opaque_first_global", module("@b = addrspace(1) global ptr null\n@a = addrspace(1) global i32* null\n")
    yield "opaque_first_load", module("define void @f(ptr %p) {\n  %v = load i32*, i32** %p\n  ret void\n}\n")


def di_newer_nodes():
    """`!DIArgList` and `!DIAssignID` where a module can write them: as a top-level node, named,
    unused or inside another node; `DIArgList` as a debug intrinsic's argument; `DIAssignID`
    distinct or not, attached to an instruction: what each path's reader takes."""
    head = ("define void @f(i32 %x) !dbg !6 {{\n  %a = alloca i32{att}\n"
            "{call}  ret void, !dbg !8\n}}\n{decl}")
    tail = ("!llvm.dbg.cu = !{{!1}}\n!llvm.module.flags = !{{!9}}\n"
            "!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug)\n"
            "!2 = !DIFile(filename: \"a.c\", directory: \"/\")\n"
            "!6 = distinct !DISubprogram(name: \"f\", scope: !2, file: !2, type: !11, unit: !1, isDefinition: true)\n"
            "!7 = !DILocalVariable(name: \"v\", scope: !6, file: !2, type: !10)\n"
            "!8 = !DILocation(line: 1, column: 2, scope: !6)\n"
            "!9 = !{{i32 2, !\"Debug Info Version\", i32 3}}\n"
            "!10 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n"
            "!11 = !DISubroutineType(types: !{{null}})\n{extra}")
    dv = "declare void @llvm.dbg.value(metadata, metadata, metadata)\n"
    cases = {
        "arglist_toplevel_named": ("", "", "", "!12 = !DIArgList(i32 0)\n!named = !{!12}\n"),
        "arglist_toplevel_unused": ("", "", "", "!12 = !DIArgList(i32 0)\n"),
        "arglist_toplevel_empty": ("", "", "", "!12 = !DIArgList()\n!named = !{!12}\n"),
        "arglist_nested": ("", "", "", "!12 = !{!DIArgList(i32 0)}\n!named = !{!12}\n"),
        "arglist_call": ("", "  call void @llvm.dbg.value(metadata !DIArgList(i32 %x), metadata !7, "
                         "metadata !DIExpression(DW_OP_LLVM_arg, 0)), !dbg !8\n", dv, ""),
        "arglist_call_two": ("", "  call void @llvm.dbg.value(metadata !DIArgList(i32 %x, i32 1), metadata !7, "
                             "metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus)), !dbg !8\n", dv, ""),
        "assignid_plain_named": ("", "", "", "!12 = !DIAssignID()\n!named = !{!12}\n"),
        "assignid_plain_unused": ("", "", "", "!12 = !DIAssignID()\n"),
        "assignid_distinct_named": ("", "", "", "!12 = distinct !DIAssignID()\n!named = !{!12}\n"),
        "assignid_distinct_unused": ("", "", "", "!12 = distinct !DIAssignID()\n"),
        "assignid_distinct_attached": (", !DIAssignID !12", "", "", "!12 = distinct !DIAssignID()\n"),
        "assignid_plain_attached": (", !DIAssignID !12", "", "", "!12 = !DIAssignID()\n"),
        "assignid_nested": ("", "", "", "!12 = !{!13}\n!13 = distinct !DIAssignID()\n!named = !{!12}\n"),
        "assignid_inline_nested": ("", "", "", "!12 = !{!DIAssignID()}\n!named = !{!12}\n"),
    }
    for name, (att, call, decl, extra) in cases.items():
        yield name, module(head.format(att=att, call=call, decl=decl), tail=VERSION + tail.format(extra=extra))


def inalloca_position():
    """`inalloca` on each parameter of two or three, on a definition and a declaration, written
    typed (LLVM 7) and with its type (LLVM 22), beside another parameter attribute problem, and on
    a call's fixed and variable arguments: where each path's verifier refuses it and in which
    words."""
    for dialect in ["typed", "opaque"]:
        t = "i32*" if dialect == "typed" else "ptr"
        ia = "inalloca" if dialect == "typed" else "inalloca(i32)"
        for n in [1, 2, 3]:
            for k in range(n):
                params = ", ".join(f"{t} {ia} %p{i}" if i == k else f"{t} %p{i}" for i in range(n))
                yield f"define_{k}_of_{n}_{dialect}", module(fn("  ret void", params))
                decl = ", ".join(f"{t} {ia}" if i == k else t for i in range(n))
                yield f"declare_{k}_of_{n}_{dialect}", module(f"declare void @g({decl})\n")
        yield f"with_signext_ptr_{dialect}", module(fn("  ret void", f"{t} {ia} %p, {t} signext %q"))
        yield f"two_inalloca_{dialect}", module(fn("  ret void", f"{t} {ia} %p, {t} {ia} %q"))


def redefinitions():
    """The same name given twice: a declaration, a definition or a variable, then each of them
    again, for a plain name and an intrinsic's: each path's reader's words."""
    forms = {
        "declare": "declare void @{n}(i8*)\n",
        "define": "define void @{n}(i8* %p) {{\n  ret void\n}}\n",
        "global": "@{n} = addrspace(1) global i32 0\n",
    }
    for name in ["g", "llvm.memcpy.p0i8.p0i8.i64"]:
        tag = "intrinsic" if name.startswith("llvm.") else "plain"
        for a, fa in forms.items():
            for b, fb in forms.items():
                if tag == "intrinsic" and "define" in (a, b):
                    continue
                yield f"{a}_then_{b}_{tag}", module(fa.format(n=name) + fb.format(n=name))
FN_LINKAGES = ["private", "internal", "available_externally", "linkonce", "weak", "common", "appending",
               "extern_weak", "linkonce_odr", "weak_odr", "external", ""]


def fn_linkage():
    """Every linkage on a function definition and on a declaration (unused, called; typed and
    opaque pointers; first in the module or after a function with a verifier problem and one
    with a reader problem): which ones each path's reader refuses (`invalid function linkage
    type`, `invalid linkage for function definition` / `declaration`) and where in the order of
    problems that stop comes."""
    for link in FN_LINKAGES:
        lk = f"{link} " if link else ""
        tag = link or "none"
        for use in ["unused", "called"]:
            call = "  call void @g()\n" if use == "called" else ""
            k = fn(call + "  ret void", name="k")
            yield f"def_{tag}_{use}", module(f"define {lk}void @g() {{\n  ret void\n}}\n" + k)
            yield f"decl_{tag}_{use}", module(f"declare {lk}void @g()\n" + k)
        yield f"def_{tag}_params", module(f"define {lk}i32 @g(i32* %p, float %x) {{\n  ret i32 0\n}}\n")
        yield f"def_{tag}_opaque", module(f"define {lk}void @g(ptr %p) {{\n  ret void\n}}\n")
        yield f"decl_{tag}_opaque", module(f"declare {lk}void @g(ptr)\n")
        yield f"def_{tag}_after_verifier_problem", module(
            "define void @f() {\n  fence seq_cst\n  ret void\n}\n" + f"define {lk}void @g() {{\n  ret void\n}}\n")
        yield f"def_{tag}_before_verifier_problem", module(
            f"define {lk}void @g() {{\n  ret void\n}}\n" + "define void @f() {\n  fence seq_cst\n  ret void\n}\n")
        yield f"decl_{tag}_after_bad_name", module("define void @\"f.x\"() {\n  ret void\n}\n" + f"declare {lk}void @g()\n")
        yield f"def_{tag}_after_reader_problem", module(
            "define void @f() {\n  %v = extractelement i32 0, i32 0\n  ret void\n}\n" + f"define {lk}void @g() {{\n  ret void\n}}\n")
        yield f"def_{tag}_after_bad_triple", module(f"define {lk}void @g() {{\n  ret void\n}}\n", triple="x86_64-unknown-linux-gnu")
        yield f"def_{tag}_after_global", module("@v = internal addrspace(1) global i32 0\n"
                                                f"define {lk}void @g() {{\n  ret void\n}}\n")


# (`jumptable` left out: libNVVM's LLVM 7 path answers it differently from run to run.)
REFUSED_FN_ATTRS = ["alignstack(16)", "naked", "nobuiltin", "noimplicitfloat", "nonlazybind", "noredzone",
                    "returns_twice", "safestack", "sanitize_address", "sanitize_memory", "sanitize_thread", "ssp",
                    "sspreq", "sspstrong", "uwtable"]


def attr_order():
    """Two function attributes libNVVM refuses on one function, every pair in both spelling
    orders (and in an attribute group): which one it reports (the order it checks them in)."""
    for a in REFUSED_FN_ATTRS:
        for b in REFUSED_FN_ATTRS:
            if a == b:
                continue
            yield f"pair_{safe(a)}_{safe(b)}", module(fn("  ret void", attrs=f" {a} {b}"))
    for a, b in [("uwtable", "sanitize_memory"), ("sspreq", "safestack"), ("alignstack(16)", "naked")]:
        yield f"group_{safe(a)}_{safe(b)}", module(fn("  ret void", attrs=" #0") + f"\nattributes #0 = {{ {a} {b} }}\n")


TRIPLE_STATES = {"missing_triple": dict(triple=None), "bad_triple": dict(triple="nvptx64-nvidia"),
                 "missing_layout": dict(layout=None), "bad_layout": dict(layout="E-i64:64-i128:128-v16:16-v32:32-n16:32:64")}
TRIPLE_PROBLEMS = {
    "dotted_fn": 'define void @"f.x"() {\n  ret void\n}\n',
    "dotted_global": '@"g.x" = addrspace(1) global i32 0\n',
    "appending_global": "@g = appending addrspace(1) global [1 x i32] [i32 0]\n",
    "extern_weak_decl": "declare extern_weak void @g()\ndefine void @k() {\n  call void @g()\n  ret void\n}\n",
    "refused_attr": "define void @f() uwtable {\n  ret void\n}\n",
    "fence": "define void @f() {\n  fence seq_cst\n  ret void\n}\n",
    "intrinsic_defined": "define void @llvm.nvvm.x() {\n  ret void\n}\n",
    "global_as7": "@g = addrspace(7) global i32 0\n",
    "tls_global": "@g = thread_local addrspace(1) global i32 0\n",
    "indirect_asm": 'define void @f() {\n  call void asm sideeffect "", "*m"(i32* null)\n  ret void\n}\n',
    "bad_annotation": 'define void @k() {\n  ret void\n}\n',
    "wrong_intrinsic_type": "declare i64 @llvm.nvvm.read.ptx.sreg.tid.x()\ndefine void @f() {\n  %v = call i64 @llvm.nvvm.read.ptx.sreg.tid.x()\n  ret void\n}\n",
}


def triple_order():
    """A missing or unknown triple or data layout beside each kind of problem (a name, a
    variable, a linkage, an attribute, an instruction, an annotation, an intrinsic's type): which
    one libNVVM reports first."""
    for sname, state in TRIPLE_STATES.items():
        for pname, body in TRIPLE_PROBLEMS.items():
            tail = VERSION
            if pname == "bad_annotation":
                tail = "!nvvm.annotations = !{!1}\n!1 = !{void ()* @k, !\"maxntidx\", i32 0}\n" + VERSION
            yield f"{sname}_{pname}", module(body, tail=tail, **state)
    for vname, tail in [("version_3_0", "!nvvmir.version = !{!0}\n!0 = !{i32 3, i32 0}\n"), ("no_version", ""),
                        ("version_1_0", "!nvvmir.version = !{!0}\n!0 = !{i32 1, i32 0}\n")]:
        for sname, state in TRIPLE_STATES.items():
            yield f"{sname}_{vname}", module(fn("  ret void"), tail=tail, **state)
    for pname, body in TRIPLE_PROBLEMS.items():
        if pname != "dotted_fn":
            yield f"dotted_fn_and_{pname}", module(TRIPLE_PROBLEMS["dotted_fn"] + body.replace("@f()", "@f2()"))
            yield f"{pname}_and_dotted_fn", module(body.replace("@f()", "@f2()") + TRIPLE_PROBLEMS["dotted_fn"])


PW_TYPES = ["i1", "i8", "i32", "i64", "i128", "half", "bfloat", "float", "double", "fp128", "<2 x float>", "[2 x i32]",
            "{ i32 }", "i8*"]
PW_CONSTS = ["7", "-1", "0", "1.0", "0x3FF0000000000000", "0xH3C00", "0xL00000000000000003FFF000000000000", "true",
             "false", "c\"ab\"", "null", "zeroinitializer", "undef", "poison"]


def parse_words():
    """The readers' words for text they cannot read that nvir's reader words its own way: each
    constant spelling of a wrong kind for each type, as an instruction's operand, a stored value,
    a return value and a global's initializer; a local name defined twice (named and numbered, in
    one block and in two, a parameter); a token after a function's header; `ptr*`."""
    for ty in PW_TYPES:
        for c in PW_CONSTS:
            tag = f"t{PW_TYPES.index(ty)}_{safe(ty)}_c{PW_CONSTS.index(c)}_{safe(c) or 'x'}"
            yield f"store_{tag}", module(fn(f"  store {ty} {c}, {ptr(ty, 0)} %p\n  ret void", f"{ptr(ty, 0)} %p"))
            yield f"ret_{tag}", module(fn(f"  ret {ty} {c}", ret=ty))
            yield f"global_{tag}", module(f"@g = internal addrspace(1) global {ty} {c}\n" + fn("  ret void"))
            if ty in ("i32", "float", "i1", "double", "half"):
                op = "fadd" if ty in ("float", "double", "half") else "add"
                yield f"arith_{tag}", module(fn(f"  %r = {op} {ty} {c}, {c}\n  ret void"))
    dups = {
        "named_same_block": "  %a = add i32 0, 1\n  %a = add i32 0, 2\n  ret void",
        "named_two_blocks": "  %a = add i32 0, 1\n  br label %b\nb:\n  %a = add i32 0, 2\n  ret void",
        "param_and_local": "  %x = add i32 0, 1\n  ret void",
        "load_twice": "  %v = load i32, i32* %p\n  %v = load i32, i32* %p\n  ret void",
        "call_twice": "  %c = call i32 @h()\n  %c = call i32 @h()\n  ret void",
        "dotted": "  %a.b = add i32 0, 1\n  %a.b = add i32 0, 2\n  ret void",
        "quoted": "  %\"q r\" = add i32 0, 1\n  %\"q r\" = add i32 0, 2\n  ret void",
    }
    for name, body in dups.items():
        yield f"dup_{name}", module("declare i32 @h()\n" + fn(body, "i32 %x, i32* %p"))
    for k, tok in enumerate(["16", "i32", "unnamed_addr", "%x", "@g", "align", "\"s\"", "!0", "foo", "(i32)"]):
        yield f"header_token_{k}_{safe(tok) or 'x'}", module(f"define void @f() {tok} {{\n  ret void\n}}\n")
        yield f"header_token_after_attr_{k}_{safe(tok) or 'x'}", module(f"define void @f() nounwind {tok} {{\n  ret void\n}}\n")
    for k, text in enumerate(["define void @f(ptr* %p) {\n  ret void\n}\n", "@g = addrspace(1) global ptr* null\n",
                 "define void @f(ptr addrspace(1)* %p) {\n  ret void\n}\n",
                 "define void @f(ptr %p) {\n  %v = load ptr*, ptr %p\n  ret void\n}\n"]):
        yield f"ptrptr_{k}", module(text)


def md_llvm22():
    """Instruction attachments LLVM 22's verifier checks and LLVM 7's does not know:
    `!noalias.addrspace` (range-like pairs of i32 on memory operations), `!captures` (strings
    naming components, on a store of a pointer), `!prof` on a terminator, call or select
    (`branch_weights` with one weight per successor, `unknown` with one string), a loop's
    `llvm.loop.estimated_trip_count` and an indirect call's `!callee_type`; each violation beside
    its valid neighbours, on each kind of instruction that may carry it."""
    rmw = "  %r = atomicrmw add i32* %p, i32 1 seq_cst{md}\n  ret void"
    for tag, node in [("ok", "!{i32 0, i32 1}"), ("two", "!{i32 0, i32 1, i32 3, i32 5}"),
                      ("empty", "!{}"), ("single", "!{i32 0}"), ("three", "!{i32 0, i32 1, i32 3}"),
                      ("same", "!{i32 1, i32 1}"), ("same_zero", "!{i32 0, i32 0}"), ("full", "!{i32 -1, i32 -1}"),
                      ("wrap", "!{i32 5, i32 1}"), ("i64", "!{i64 1, i64 5}"), ("i16", "!{i16 1, i16 5}"),
                      ("mixed", "!{i32 1, i64 5}"), ("float", "!{float 0.0, float 2.0}"),
                      ("null_ptr", "!{i8* null, i8* null}"), ("string", '!{!"a", !"b"}'),
                      ("high_float", "!{i32 0, float 2.0}"), ("overlap", "!{i32 0, i32 4, i32 2, i32 6}"),
                      ("unordered", "!{i32 5, i32 7, i32 0, i32 2}"), ("contiguous", "!{i32 0, i32 2, i32 2, i32 4}"),
                      ("nested", "!{!{i32 0, i32 1}}")]:
        yield f"noalias_as_rmw_{tag}", module(fn(rmw.format(md=", !noalias.addrspace !30"), "i32* %p"),
                                              tail=VERSION + f"!30 = {node}\n")
    for kind, body in [("load", "  %v = load i32, i32* %p{md}\n  ret void"),
                       ("store", "  store i32 0, i32* %p{md}\n  ret void"),
                       ("cmpxchg", "  %r = cmpxchg i32* %p, i32 0, i32 1 seq_cst seq_cst{md}\n  ret void"),
                       ("call", "  call void @d(){md}\n  ret void"),
                       ("add", "  %v = add i32 %a, 1{md}\n  ret void"),
                       ("alloca", "  %v = alloca i32{md}\n  ret void"),
                       ("ret", "  ret void{md}")]:
        for tag, node in [("ok", "!{i32 0, i32 1}"), ("empty", "!{}"), ("i64", "!{i64 1, i64 5}")]:
            yield f"noalias_as_{kind}_{tag}", module(
                "declare void @d()\n" + fn(body.format(md=", !noalias.addrspace !30"), "i32* %p, i32 %a"),
                tail=VERSION + f"!30 = {node}\n")
    # `!captures`: which instruction, which value, which strings.
    for kind, body in [("store_ptr", "  store i32* %q, i32** %p{md}\n  ret void"),
                       ("store_int", "  store i32 %a, i32* %q{md}\n  ret void"),
                       ("store_vec_ptr", "  store <2 x i32*> %v, <2 x i32*>* %w{md}\n  ret void"),
                       ("load", "  %v2 = load i32*, i32** %p{md}\n  ret void"),
                       ("call", "  call void @d(){md}\n  ret void")]:
        for tag, node in [("address", '!{!"address"}'), ("provenance", '!{!"provenance"}'),
                          ("read_provenance", '!{!"read_provenance"}'), ("both", '!{!"address", !"provenance"}'),
                          ("address_is_null", '!{!"address_is_null"}'), ("none", '!{!"none"}'),
                          ("foo", '!{!"foo"}'), ("empty", "!{}"), ("node", "!{!{}}"), ("int", "!{i32 0}")]:
            if kind != "store_ptr" and tag not in ("address", "empty", "foo"):
                continue
            yield f"captures_{kind}_{tag}", module(
                "declare void @d()\n" + fn(body.format(md=", !captures !30"),
                                           "i32** %p, i32* %q, i32 %a, <2 x i32*> %v, <2 x i32*>* %w"),
                tail=VERSION + f"!30 = {node}\n")
    # `!prof` on instructions.
    br = "  %c = icmp eq i32 %a, 0\n  br i1 %c, label %t, label %e{md}\nt:\n  ret void\ne:\n  ret void"
    sw = ("  switch i32 %a, label %e [ i32 1, label %t\n    i32 2, label %u ]{md}\nt:\n  ret void\nu:\n  ret void\n"
          "e:\n  ret void")
    sel = "  %c = icmp eq i32 %a, 0\n  %s = select i1 %c, i32 1, i32 2{md}\n  ret void"
    call = "  call void @d(){md}\n  ret void"
    add = "  %s = add i32 %a, 1{md}\n  ret void"
    for kind, body in [("br", br), ("switch", sw), ("select", sel), ("call", call), ("add", add)]:
        for tag, node in [("bw2", '!{!"branch_weights", i32 1, i32 2}'), ("bw3", '!{!"branch_weights", i32 1, i32 2, i32 3}'),
                          ("bw1", '!{!"branch_weights", i32 1}'), ("bw_i64", '!{!"branch_weights", i64 1, i64 2}'),
                          ("bw_expected", '!{!"branch_weights", !"expected", i32 1, i32 2}'),
                          ("bw_string", '!{!"branch_weights", !"a", !"b"}'),
                          ("vp", '!{!"VP", i32 0, i64 10, i64 1, i64 5}'),
                          ("unknown_str", '!{!"unknown", !"test"}'), ("unknown_int", '!{!"unknown", i64 123}'),
                          ("unknown_none", '!{!"unknown"}'), ("unknown_two", '!{!"unknown", i32 12, i32 67}'),
                          ("unknown_empty", '!{!"unknown", !""}'), ("invalid", '!{!"invalid", i32 1, i32 2}'),
                          ("fec", '!{!"function_entry_count", i32 1}'), ("empty", "!{}"), ("int_first", "!{i32 1, i32 2}")]:
            yield f"prof_{kind}_{tag}", module("declare void @d()\n" + fn(body.format(md=", !prof !30"), "i32 %a"),
                                               tail=VERSION + f"!30 = {node}\n")
    yield "prof_fn_unknown", module(fn("  ret void").replace("() {", "() !prof !30 {"),
                                    tail=VERSION + '!30 = !{!"unknown", !"test"}\n')
    yield "prof_fn_unknown_int", module(fn("  ret void").replace("() {", "() !prof !30 {"),
                                        tail=VERSION + '!30 = !{!"unknown", i64 123}\n')
    # A loop's `llvm.loop.estimated_trip_count`.
    loop = "  br label %b\nb:\n  br i1 %c, label %b, label %e, !llvm.loop !30\ne:\n  ret void"
    for tag, v in [("i32", ", i32 5"), ("i16", ", i16 5"), ("i8", ", i8 5"), ("zero", ", i32 0"), ("i64", ", i64 5"),
                   ("none", ""), ("two", ", i32 5, i32 5"), ("string", ', !"5"'), ("node", ", !{i32 5}"),
                   ("i1", ", i1 true"), ("null", ", null")]:
        yield f"trip_count_{tag}", module(fn(loop, "i1 %c"),
                                          tail=VERSION + f'!30 = distinct !{{!30, !31}}\n!31 = !{{!"llvm.loop.estimated_trip_count"{v}}}\n')
    # An indirect call's `!callee_type`.
    icall = "  %r = call i32 %f(i8 %x){md}\n  ret void"
    dcall = "  %r = call i32 @g(i8 %x){md}\n  ret void"
    for kind, body in [("indirect", icall), ("direct", dcall)]:
        for tag, node in [("ok", '!{!31}\n!31 = !{i64 0, !"_ZTSFicE.generalized"}'),
                          ("not_list", '!{i64 0, !"_ZTSFicE.generalized"}'), ("self", "!{!30}"),
                          ("one_op", '!{!31}\n!31 = !{!"_ZTSFicE.generalized"}'),
                          ("offset1", '!{!31}\n!31 = !{i64 1, !"_ZTSFicE.generalized"}'),
                          ("offset_str", '!{!31}\n!31 = !{!"x", !"_ZTSFicE.generalized"}'),
                          ("not_generalized", '!{!31}\n!31 = !{i64 0, !"_ZTSFicE"}'),
                          ("i32_offset", '!{!31}\n!31 = !{i32 0, !"_ZTSFicE.generalized"}'),
                          ("empty", "!{}")]:
            yield f"callee_type_{kind}_{tag}", module(
                "declare i32 @g(i8)\n" + fn(body.format(md=", !callee_type !30"), "i32 (i8)* %f, i8 %x"),
                tail=VERSION + f"!30 = {node}\n")


def unknown_intrinsics():
    """Calls of `llvm.nvvm.*` names no intrinsic of libNVVM's: made up, under a known family, a
    non-overloaded name with a suffix, newer LLVMs' names (as LLVM's own tests call them) and
    LLVM 22.1 names libNVVM's fork lacks; void and not, the result used and not, a declaration
    never called; beside known names, an overloaded one with its suffix and one LLVM 22
    upgrades. Which the compiler stops at, on each path."""
    cases = [
        ("made_up", "llvm.nvvm.totally.unknown", "float", "float %a", "float"),
        ("made_up_void", "llvm.nvvm.unknown.void", "void", "i32 %n", "i32"),
        ("made_up_short", "llvm.nvvm.zzz", "i32", "", ""),
        ("family", "llvm.nvvm.fmin.xyz", "float", "float %a, float %a", "float, float"),
        ("non_overloaded_suffix", "llvm.nvvm.fmin.f.extra", "float", "float %a, float %a", "float, float"),
        ("mbarrier_init_p0", "llvm.nvvm.mbarrier.init.p0", "void", "i8* %p, i32 %n, i32 0", "i8*, i32, i32"),
        ("fadd_f32", "llvm.nvvm.fadd.f32", "float", "float %a, float %a, i32 1", "float, float, i32"),
        ("test_anytype", "llvm.nvvm.test.anytype.i32.i32.i32.p0.i64.i16", "i32",
         "i32 %n, i32 %n, i32 %n, i8* %p, i64 0, i16 0", "i32, i32, i32, i8*, i64, i16"),
        ("tensormap_box_dim", "llvm.nvvm.tensormap.replace.box.dim.p1", "void",
         "i8 addrspace(1)* %g, i32 0, i32 %n", "i8 addrspace(1)*, i32, i32"),
        ("fma_rn_sat_bf16", "llvm.nvvm.fma.rn.sat.bf16", "bfloat", "bfloat %b, bfloat %b, bfloat %b",
         "bfloat, bfloat, bfloat"),
        ("fma_rn_ftz_relu_bf16x2", "llvm.nvvm.fma.rn.ftz.relu.bf16x2", "<2 x bfloat>",
         "<2 x bfloat> %v, <2 x bfloat> %v, <2 x bfloat> %v", "<2 x bfloat>, <2 x bfloat>, <2 x bfloat>"),
        ("known_fmin", "llvm.nvvm.fmin.f", "float", "float %a, float %a", "float, float"),
        ("known_overloaded", "llvm.nvvm.ldg.global.f.f32.p1f32", "float",
         "float addrspace(1)* %fg, i32 4", "float addrspace(1)*, i32"),
        ("known_activemask", "llvm.nvvm.activemask", "i32", "", ""),
    ]
    for tag, name, ret, args, decl in cases:
        # Only the parameters the call reads (LLVM 7 knows no `bfloat`).
        params = ", ".join(p for p in ["float %a", "i32 %n", "i8* %p", "i8 addrspace(1)* %g", "bfloat %b",
                                       "<2 x bfloat> %v", "float addrspace(1)* %fg"]
                           if p.split()[-1] + "," in args + ",")
        head = f"declare {ret} @{name}({decl})\n"
        call = f"call {ret} @{name}({args})"
        uses = [("unused", f"  {'' if ret == 'void' else '%r = '}{call}\n  ret void")]
        if ret in ("float", "i32"):
            uses.append(("used", f"  %r = {call}\n  store volatile {ret} %r, {ret}* %o\n  ret void"))
        for use, body in uses:
            out = f"{ret}* %o" if use == "used" else ""
            yield f"{tag}_{use}", module(head + fn(body, ", ".join(p for p in (params, out) if p)))
        yield f"{tag}_declared", module(head + fn("  ret void"))


IU_INTRINSICS = {
    # name: (return type, [argument types], call arguments); the name's suffixes are the overloads.
    "llvm.maxnum.f32": ("float", ["float", "float"], ["float 1.0", "float 2.0"]),
    "llvm.ctpop.i32": ("i32", ["i32"], ["i32 7"]),
    "llvm.fshl.i32": ("i32", ["i32", "i32", "i32"], ["i32 1", "i32 2", "i32 3"]),
    "llvm.nvvm.read.ptx.sreg.tid.x": ("i32", [], []),
    "llvm.nvvm.cp.async.ca.shared.global.4": ("void", ["i8 addrspace(3)*", "i8 addrspace(1)*"],
                                              ["i8 addrspace(3)* null", "i8 addrspace(1)* null"]),
}
IU_OTHER = {"float": "double", "i32": "i64", "void": "i32", "i8 addrspace(3)*": "i8 addrspace(1)*",
            "i8 addrspace(1)*": "i8 addrspace(3)*"}


def _iu_const(ty):
    return {"double": "1.0", "float": "1.0", "i8 addrspace(1)*": "null", "i8 addrspace(3)*": "null"}.get(ty, "1")


def intrinsic_users():
    """An intrinsic declared or called with types its name (suffix) does not match: the declared
    return or an argument type other than the suffix says, a call whose return or argument types
    or count differ from the declaration, the name with a suffix too many or none, a
    non-overloaded name given a suffix; declared only or called; before or after the caller; with
    typed and with opaque pointers (a pointer parameter fixes the dialect); beside a bad function
    name (which is reported first)."""
    for name, (ret, args, cargs) in IU_INTRINSICS.items():
        other_ret = IU_OTHER[ret]
        kinds = {"match": (ret, args, ret, cargs)}
        kinds["decl_ret"] = (other_ret, args, other_ret, cargs)
        kinds["call_ret"] = (ret, args, other_ret, cargs)
        if args:
            wa = [IU_OTHER[args[0]]] + args[1:]
            wc = [f"{IU_OTHER[args[0]]} {_iu_const(IU_OTHER[args[0]])}"] + cargs[1:]
            kinds["decl_arg"] = (ret, wa, ret, wc)
            kinds["call_arg"] = (ret, args, ret, wc)
            kinds["call_fewer"] = (ret, args, ret, cargs[:-1])
            kinds["decl_fewer"] = (ret, args[:-1], ret, cargs[:-1])
        kinds["call_more"] = (ret, args, ret, cargs + ["i32 0"])
        kinds["decl_more"] = (ret, args + ["i32"], ret, cargs + ["i32 0"])
        names = {"name": name}
        if name.endswith((".f32", ".i32")):
            names["extra_suffix"] = name + name[-4:]
            names["no_suffix"] = name[:-4]
        else:
            names["extra_suffix"] = name + ".i32"
        for nname, nm in names.items():
            for kname, (dret, dargs, cret, call_args) in kinds.items():
                if nname != "name" and kname not in ("match", "call_ret", "decl_ret"):
                    continue
                decl = f"declare {dret} @{nm}({', '.join(dargs)})\n"
                lhs = "" if cret == "void" else "%r = "
                call = f"  {lhs}call {cret} @{nm}({', '.join(call_args)})\n  ret void"
                for uname, used in (("called", True), ("unused", False)):
                    if not used and kname.startswith("call_"):
                        continue
                    body = fn(call if used else "  ret void", "i8* %p")
                    for pos in ("before", "after"):
                        if pos == "after" and (not used or nname != "name"):
                            continue
                        text = decl + body if pos == "before" else body + decl
                        case = f"{safe(name)}_{nname}_{kname}_{uname}_{pos}"
                        yield case + "_typed", module(text)
                        yield case + "_opaque", module(_opaque(text))
                        if used and nname == "name" and kname != "match":
                            bad = text.replace("@f(", "@f.s(")
                            yield case + "_badname_typed", module(bad)
                            yield case + "_badname_opaque", module(_opaque(bad))


def llvm22_syntax():
    """LLVM 22 syntax newer than the LLVM 19 the reader was first written to, on both paths (LLVM
    7's reader stops at each): `ptrtoaddr` as an instruction (each result width, address space,
    vector, non-pointer operand) and as a constant; `atomicrmw` `fmaximum`, `fminimum`,
    `fmaximumnum`, `fminimumnum` on each operand type; a target type as a vector's element (and
    an array's); `dead_on_return(N)`; `DICompileUnit`'s `sourceLanguageName:` and
    `sourceLanguageVersion:` beside `language:`; fast-math flags on each cast; and the readers'
    words for a word that is no type, no opcode or no metadata node kind where one is due."""
    def f(body, params="", pre=""):
        return module(pre + fn(body + "\n  ret void", params))
    # Words.
    yield "word_type_operand", f("  %a = add frobnicate 1, 2")
    yield "word_type_field", module("%T = type { i32, frob }\n" + fn("  ret void"))
    yield "word_type_pointer_opaque", f("  %v = load i32, foo %x", "ptr %x")
    yield "word_type_elementwise", f("  %v = load atomic elementwise <2 x float>, ptr %x monotonic, align 4", "ptr %x")
    yield "word_opcode", f("  %a = frobnicate i32 1, 2")
    yield "word_opcode_typed", f("  %a = frobnicate i32* %p", "i32* %p")
    yield "word_md_kind", module(fn("  ret void"), tail=VERSION + "!1 = !DIFragment()\n")
    yield "word_md_kind_fields", module(fn("  ret void"), tail=VERSION + "!1 = !DIFoo(x: 1)\n")
    # `ptrtoaddr`.
    for dialect, p0, p3, v in (("opaque", "ptr", "ptr addrspace(3)", "<2 x ptr>"),
                               ("typed", "i8*", "i8 addrspace(3)*", "<2 x i8*>")):
        for w in (64, 32, 16, 128):
            yield f"ptrtoaddr_i{w}_{dialect}", f(f"  %a = ptrtoaddr {p0} %p to i{w}", f"{p0} %p")
            yield f"ptrtoaddr_as3_i{w}_{dialect}", f(f"  %a = ptrtoaddr {p3} %p to i{w}", f"{p3} %p")
        yield f"ptrtoaddr_as3_i32_p3layout_{dialect}", module(
            fn(f"  %a = ptrtoaddr {p3} %p to i32\n  ret void", f"{p3} %p"), layout=LAYOUT + "-p3:32:32:32")
        yield f"ptrtoaddr_vector_{dialect}", f(f"  %a = ptrtoaddr {v} %p to <2 x i64>", f"{v} %p")
        yield f"ptrtoaddr_vector_narrow_{dialect}", f(f"  %a = ptrtoaddr {v} %p to <2 x i32>", f"{v} %p")
        yield f"ptrtoaddr_to_ptr_{dialect}", f(f"  %a = ptrtoaddr {p0} %p to {p0}", f"{p0} %p")
        yield f"ptrtoaddr_const_ret_{dialect}", module(
            f"@g = addrspace(1) global i32 0\n"
            + fn(f"  ret i64 ptrtoaddr ({p0.replace('i8*', 'i32 addrspace(1)*').replace('ptr', 'ptr addrspace(1)')} @g to i64)",
                 ret="i64"))
        g = "ptr addrspace(1)" if dialect == "opaque" else "i32 addrspace(1)*"
        yield f"ptrtoaddr_const_init_{dialect}", module(
            f"@g = addrspace(1) global i32 0\n@h = addrspace(1) global i64 ptrtoaddr ({g} @g to i64)\n" + fn("  ret void"))
    yield "ptrtoaddr_int", f("  %a = ptrtoaddr i64 %p to i64", "i64 %p")
    # `atomicrmw`'s LLVM 21/22 operations.
    for op in ("fmaximum", "fminimum", "fmaximumnum", "fminimumnum"):
        for dialect, p, hp in (("opaque", "ptr", "ptr"), ("typed", "float*", "<2 x half>*")):
            yield f"rmw_{op}_float_{dialect}", f(f"  %a = atomicrmw {op} {p} %x, float 1.0 seq_cst", f"{p} %x")
            yield f"rmw_{op}_v2half_{dialect}", f(
                f"  %a = atomicrmw {op} {hp} %x, <2 x half> <half 1.0, half 1.0> monotonic", f"{hp} %x")
        yield f"rmw_{op}_double_align", f(f"  %a = atomicrmw {op} ptr %x, double 1.0 seq_cst, align 8", "ptr %x")
        yield f"rmw_{op}_i32", f(f"  %a = atomicrmw {op} ptr %x, i32 1 seq_cst", "ptr %x")
        yield f"rmw_{op}_global", f(f"  %a = atomicrmw {op} ptr addrspace(1) %x, float 1.0 syncscope(\"device\") monotonic",
                                    "ptr addrspace(1) %x")
    # Target types as elements.
    yield "target_vector_param", module(fn("  ret void", '<2 x target("foo")> %a'))
    yield "target_vector_alias", module('%T = type <2 x target("foo")>\n' + fn("  ret void"))
    yield "target_vector_alloca", f('  %a = alloca <2 x target("spirv.IntegralConstant")>')
    yield "target_array_alloca", f('  %a = alloca [2 x target("foo")]')
    yield "target_array_param", module(fn("  ret void", '[2 x target("foo")] %a'))
    # `dead_on_return` with and without a size.
    for tag, params in (("ptr_n", "ptr dead_on_return(4) %p"), ("ptr", "ptr dead_on_return %p"),
                        ("i32_n", "i32 dead_on_return(4) %p"), ("ptr_0", "ptr dead_on_return(0) %p"),
                        ("typed_n", "i8* dead_on_return(4) %p"), ("typed", "i8* dead_on_return %p"),
                        ("ptr_big", "ptr dead_on_return(18446744073709551615) %p")):
        yield f"dead_on_return_{tag}", module(fn("  ret void", params))
    # `DICompileUnit`'s language fields.
    cu = ("!llvm.dbg.cu = !{{!1}}\n!llvm.module.flags = !{{!3}}\n"
          "!1 = distinct !DICompileUnit({lang}file: !2, isOptimized: false, emissionKind: FullDebug)\n"
          "!2 = !DIFile(filename: \"a\", directory: \"b\")\n!3 = !{{i32 2, !\"Debug Info Version\", i32 3}}\n")
    for tag, lang in (("name", "sourceLanguageName: DW_LNAME_C, "),
                      ("name_version", "sourceLanguageName: DW_LNAME_C_plus_plus, sourceLanguageVersion: 201103, "),
                      ("version_name", "sourceLanguageVersion: 3, sourceLanguageName: DW_LNAME_C, "),
                      ("both", "language: DW_LANG_C, sourceLanguageName: DW_LNAME_C, "),
                      ("neither", ""), ("lang_version", "language: DW_LANG_C, sourceLanguageVersion: 3, "),
                      ("name_number", "sourceLanguageName: 7, "), ("name_bogus", "sourceLanguageName: DW_LNAME_Bogus, "),
                      ("name_lang_word", "sourceLanguageName: DW_LANG_C, "), ("lang", "language: DW_LANG_C, ")):
        yield f"cu_{tag}", module(fn("  ret void"), tail=VERSION + cu.format(lang=lang))
    # Fast-math flags on casts.
    for op, src, dst in (("fpext", "float", "double"), ("fptrunc", "double", "float"), ("sitofp", "i32", "float"),
                         ("uitofp", "i32", "float"), ("fptosi", "float", "i32"), ("fptoui", "float", "i32"),
                         ("bitcast", "float", "i32")):
        for flags in ("nnan", "fast", "ninf nsz"):
            yield f"cast_fmf_{op}_{safe(flags)}", f(f"  %b = {op} {flags} {src} %a to {dst}", f"{src} %a")
    yield "cast_fmf_uitofp_nneg_nnan", f("  %b = uitofp nneg nnan i32 %a to float", "i32 %a")


def nvvm22_signatures():
    """NVVM intrinsics whose signature LLVM changed after LLVM 19, whose table the signature
    rules come from: `llvm.nvvm.cp.async.bulk.global.to.shared.cta` (and `.relaxed`) with each
    argument count LLVM's forms have had, as LLVM 23's test writes its arguments, and
    `llvm.nvvm.fence.proxy.tensormap_generic.acquire.*`'s size (LLVM 22: an `immarg` that must be
    128) at each scope, constant and not; each on both paths."""
    g2s = ["ptr addrspace(3) %d", "ptr addrspace(3) %bar", "ptr addrspace(1) %src", "i32 %size", "i32 0", "i32 0",
           "i64 %ch", "i1 0", "i1 1", "i32 2", "i32 4"]
    params = "ptr addrspace(3) %d, ptr addrspace(3) %bar, ptr addrspace(1) %src, i32 %size, i64 %ch"
    # The forms LLVM has had: (dst, mbar, src, size, ch, flag) before the CTA mask and multicast.
    six = ["ptr addrspace(3) %d", "ptr addrspace(3) %bar", "ptr addrspace(1) %src", "i32 %size", "i64 %ch", "i1 0"]
    for name in ("cta", "cta.relaxed"):
        forms = {f"n{n}": g2s[:n] for n in (8, 9, 10, 11)}
        forms["six"] = six
        for tag, args in forms.items():
            types = ", ".join(a.rsplit(" ", 1)[0] for a in args)
            text = (f"declare void @llvm.nvvm.cp.async.bulk.global.to.shared.{name}({types})\n"
                    + fn(f"  call void @llvm.nvvm.cp.async.bulk.global.to.shared.{name}({', '.join(args)})\n  ret void",
                         params))
            yield f"g2s_{safe(name)}_{tag}", module(text)
    for scope in ("cta", "cluster", "gpu", "sys"):
        for tag, size in (("128", "i32 128"), ("127", "i32 127"), ("129", "i32 129"), ("0", "i32 0"),
                          ("256", "i32 256"), ("var", "i32 %n")):
            for dialect, p in (("opaque", "ptr"), ("typed", "i8*")):
                name = f"llvm.nvvm.fence.proxy.tensormap_generic.acquire.{scope}"
                text = (f"declare void @{name}({p}, i32)\n"
                        + fn(f"  call void @{name}({p} %a, {size})\n  ret void", f"{p} %a, i32 %n"))
                yield f"fence_acquire_{scope}_{tag}_{dialect}", module(text)
        name = f"llvm.nvvm.fence.proxy.tensormap_generic.release.{scope}"
        yield f"fence_release_{scope}", module(f"declare void @{name}()\n" + fn(f"  call void @{name}()\n  ret void"))


# (defined type, written type) of a pointer value: pointees that differ (LLVM 22 reads both as one
# `ptr`), another depth, an aggregate of pointers, another address space, both.
PM_KINDS = {
    "pointee": ("i32*", "i64*"),
    "pointee_as1": ("i32 addrspace(1)*", "i128 addrspace(1)*"),
    "depth": ("i32*", "i32**"),
    "fnptr": ("i32*", "void ()*"),
    "space": ("i32 addrspace(1)*", "i32 addrspace(3)*"),
    "space_and_pointee": ("i32 addrspace(1)*", "i64 addrspace(3)*"),
}
# Where the pointer is written with the other type: (declarations, body using %p of type W).
PM_PLACES = {
    "load": ("", "  %v = load i8, {W} %p"),
    "store_ptr": ("", "  store i8 0, {W} %p"),
    "store_val": ("", "  %s = alloca {W}\n  store {W} %p, {W}* %s"),
    "call_arg": ("declare void @g({W})\n", "  call void @g({W} %p)"),
    "phi": ("", "  br label %b\nb:\n  %x = phi {W} [ %p, %e ]"),
    "select": ("", "  %x = select i1 true, {W} %p, {W} null"),
    "icmp": ("", "  %x = icmp eq {W} %p, null"),
    "gep": ("", "  %x = getelementptr i8, {W} %p, i64 1"),
    "ptrtoint": ("", "  %x = ptrtoint {W} %p to i64"),
    "bitcast": ("", "  %x = bitcast {W} %p to i8*"),
    "addrspacecast": ("", "  %x = addrspacecast {W} %p to i8 addrspace(5)*"),
    "insertvalue": ("", "  %x = insertvalue {{ {W} }} undef, {W} %p, 0"),
    "atomicrmw": ("", "  %x = atomicrmw xchg {W} %p, i32 0 seq_cst"),
    "cmpxchg": ("", "  %x = cmpxchg {W} %p, i32 0, i32 1 seq_cst seq_cst"),
}
PM_SOURCES = ("param", "inst", "forward")


def _pm_body(defined, written, place, source):
    decls, use = PM_PLACES[place]
    decls = decls.replace("{W}", written)
    use = use.replace("{W}", written).replace("{{", "{").replace("}}", "}")
    if place in ("atomicrmw", "cmpxchg"):
        # The operation's own type is the pointee's in a typed module.
        pointee = written.rsplit("*", 1)[0].split(" addrspace")[0]
        use = use.replace("i32 0", f"{pointee} zeroinitializer").replace("i32 1", f"{pointee} zeroinitializer") \
            if pointee not in ("i32", "i64", "i128") else use.replace("i32 ", f"{pointee} ")
    if source == "param":
        return decls + fn(f"e:\n{use}\n  ret void", f"{defined} %p")
    if source == "inst":
        return decls + fn(f"e:\n  %p = bitcast {defined} %a to {defined}\n{use}\n  ret void", f"{defined} %a")
    # forward: %p used in a phi of a block that comes before its definition.
    return decls + fn(f"e:\n  br i1 true, label %b, label %c\nb:\n  %x = phi {written} [ %p, %c ], [ null, %e ]\n  ret void\nc:\n"
                      f"  %p = bitcast {defined} %a to {defined}\n  br label %b", f"{defined} %a")


def pointee_mix():
    """A typed pointer value written with another pointer type than it has: another pointee (of
    another scalar, depth, or a function), another address space, or both; the value a parameter,
    an instruction or a forward reference, written so in each kind of place (load, store,
    call argument, phi, select, comparison, getelementptr, casts, aggregates, atomics); globals
    used with another pointee or address space (in an instruction, an initializer, an
    annotation); a call through a declaration whose pointer parameters or result have other
    pointees; a function returning another pointer type; and each of these beside a later
    verifier problem. LLVM 7's reader refuses each; the modern path's reader reads typed pointers
    as `ptr` (LLVM 22): which of them it refuses, and what it says."""
    later = "define void @h(i32 addrspace(1)* %q) {\n  %c = addrspacecast i32 addrspace(1)* %q to i32 addrspace(4)*\n  ret void\n}\n"
    for kind, (d, w) in PM_KINDS.items():
        for place in PM_PLACES:
            if place == "phi" and kind != "pointee" or place in ("atomicrmw", "cmpxchg") and kind == "fnptr":
                continue
            for source in PM_SOURCES:
                if source == "forward" and place != "load":
                    continue
                body = _pm_body(d, w, place, source)
                yield f"{kind}_{place}_{source}", module(body)
                if source == "param" and place in ("load", "call_arg", "store_val"):
                    yield f"{kind}_{place}_{source}_then_problem", module(body + later)
                    yield f"{kind}_{place}_{source}_after_problem", module(later + body)
        if kind in ("depth", "fnptr"):
            continue
        # A global used with the other type: in an instruction, in an initializer, in an annotation.
        gd, gw = d.rsplit("*", 1)[0], w
        space = re.search(r"addrspace\((\d+)\)", d)
        gsp = f"addrspace({space[1]}) " if space else ""
        pointee = gd.split(" addrspace")[0]
        gvar = f"@g = {gsp}global {pointee} 0\n"
        yield f"{kind}_global_load", module(gvar + fn(f"  %v = load i8, {gw} @g\n  ret void"))
        yield f"{kind}_global_init", module(gvar + f"@h = addrspace(1) global {gw} @g\n")
        yield f"{kind}_global_annotation", module(
            gvar + fn("  ret void", name="k"),
            tail=VERSION + f'!nvvm.annotations = !{{!5, !6}}\n!5 = !{{void ()* @k, !"kernel", i32 1}}\n'
                           f'!6 = !{{{gw} @g, !"managed", i32 1}}\n')
        yield f"{kind}_global_load_defined_after", module(fn(f"  %v = load i8, {gw} @g\n  ret void") + gvar)
        yield f"{kind}_global_init_defined_after", module(f"@h = addrspace(1) global {gw} @g\n" + gvar)
        yield f"{kind}_global_load_then_problem", module(gvar + fn(f"  %v = load i8, {gw} @g\n  ret void") + later)
        # A call through a declaration with the other pointer type: an argument, the result; an
        # intrinsic's and a plain function's.
        yield f"{kind}_call_decl_arg", module(f"declare void @g({d})\n" + fn(f"  call void @g({w} null)\n  ret void"))
        yield f"{kind}_call_decl_ret", module(f"declare {d} @g()\n" + fn(f"  %r = call {w} @g()\n  ret void"))
        yield f"{kind}_call_decl_arg_then_problem", module(
            f"declare void @g({d})\n" + fn(f"  call void @g({w} null)\n  ret void") + later)
        yield f"{kind}_intrinsic_arg", module(
            "declare i8* @llvm.launder.invariant.group.p0i8(i8*)\n"
            + fn(f"  %r = call i8* @llvm.launder.invariant.group.p0i8({w} null)\n  ret void"))
        yield f"{kind}_ret", module(fn(f"  ret {w} %p", f"{d} %p", ret=w))
        yield f"{kind}_ret_decl", module(fn(f"  ret {d} %p", f"{d} %p", ret=w))


# Intrinsics called without a declaration: (tag, name, return type, typed arguments). Pointer
# arguments are written typed (`i8*`) and turned opaque with the module.
UD_CALLS = [
    ("wgmma_fence", "llvm.nvvm.wgmma.fence.sync.aligned", "void", ""),
    ("tid_x", "llvm.nvvm.read.ptx.sreg.tid.x", "i32", ""),
    ("tid_x_i64", "llvm.nvvm.read.ptx.sreg.tid.x", "i64", ""),
    ("getctarank", "llvm.nvvm.getctarank", "i32", "i8* %p"),
    ("getctarank_shared", "llvm.nvvm.getctarank.shared.cluster", "i32", "i8 addrspace(7)* null"),
    ("activemask", "llvm.nvvm.activemask", "i32", ""),
    ("fmin_f", "llvm.nvvm.fmin.f", "float", "float 1.0, float 2.0"),
    ("fmin_f_wrong", "llvm.nvvm.fmin.f", "float", "double 1.0, double 2.0"),
    ("ctpop_i32", "llvm.ctpop.i32", "i32", "i32 7"),
    ("ctpop_i32_i64", "llvm.ctpop.i32", "i64", "i64 7"),
    ("ctpop_nosuffix", "llvm.ctpop", "i32", "i32 7"),
    ("memset_typed_suffix", "llvm.memset.p0i8.i64", "void", "i8* %p, i8 0, i64 4, i1 false"),
    ("memset_opaque_suffix", "llvm.memset.p0.i64", "void", "i8* %p, i8 0, i64 4, i1 false"),
    ("ptr_shared_to_gen", "llvm.nvvm.ptr.shared.to.gen.p0i8.p3i8", "i8*", "i8 addrspace(3)* null"),
    ("ptr_gen_to_global", "llvm.nvvm.ptr.gen.to.global.p1i8.p0i8", "i8 addrspace(1)*", "i8* %p"),
    ("barrier0", "llvm.nvvm.barrier0", "void", ""),
    ("ldg_f32", "llvm.nvvm.ldg.global.f.f32.p1f32", "float", "float addrspace(1)* null, i32 4"),
    ("unknown_nvvm", "llvm.nvvm.totally.unknown", "void", ""),
    ("unknown_nvvm_i32", "llvm.nvvm.totally.unknown.i32", "i32", "i32 1"),
    ("unknown_llvm", "llvm.foo.bar", "void", ""),
    ("other_target", "llvm.x86.sse2.pause", "void", ""),
]


def undeclared_intrinsics():
    """Intrinsics called without a declaration (LLVM 22's reader declares them itself): NVVM
    names LLVM 22 knows, overloaded target-independent names with their suffix, another result
    type or none, names LLVM 22 upgrades (typed suffixes, the generic address-space conversions,
    `barrier0`, `ldg`), made-up `llvm.nvvm.*` and `llvm.*` names, another target's; in a module
    of typed pointers, of opaque pointers and of none; the result used or not; called twice with
    different types; beside a bad triple and a bad function name (which is reported first)."""
    for tag, name, ret, args in UD_CALLS:
        lhs = "" if ret == "void" else "%r = "
        call = f"  {lhs}call {ret} @{name}({args})\n"
        uses = {"call": call}
        if ret in ("i32", "float"):
            uses["used"] = call + f"  store volatile {ret} %r, {ret}* %o\n"
        for use, body in uses.items():
            out = f", {ret}* %o" if use == "used" else ""
            typed = fn(body + "  ret void", f"i8* %p{out}")
            yield f"{tag}_{use}_typed", module(typed)
            yield f"{tag}_{use}_opaque", module(_opaque(typed))
            if "%p" not in args and "*" not in args + ret and use == "call":
                yield f"{tag}_{use}_nopointers", module(fn(body + "  ret void"))
        typed = fn(call + "  ret void", "i8* %p")
        yield f"{tag}_bad_triple_typed", module(typed, triple="nvptx64-unknown-unknown")
        yield f"{tag}_bad_triple_opaque", module(_opaque(typed), triple="nvptx64-unknown-unknown")
        yield f"{tag}_bad_name_typed", module(typed.replace("@f(", "@f.s("))
        yield f"{tag}_twice_typed", module(fn(call + call.replace("%r =", "%r2 =") + "  ret void", "i8* %p"))
    # One name called with two types.
    two = fn("  %a = call i32 @llvm.ctpop.i32(i32 7)\n  %b = call i64 @llvm.ctpop.i32(i64 7)\n  ret void", "i8* %p")
    yield "two_types_typed", module(two)
    yield "two_types_opaque", module(_opaque(two))


ASM_WIDE = ["fp128", "x86_fp80", "ppc_fp128", "i256", "<2 x fp128>", "{ fp128 }", "[1 x fp128]", "i128", "double"]


def asm_wide():
    """Inline-asm operands of types wider than the backend's registers or of other targets'
    floating-point formats, as input, output and tied, with each register constraint, typed and
    opaque, alone and beside a bad function name (which each path reports first)."""
    for ty in ASM_WIDE:
        t = safe(ty) + ("_struct" if ty.startswith("{") else "_array" if ty.startswith("[") else "")
        for c in ["r", "l", "f", "d"]:
            yield f"in_{c}_{t}", module(fn(f'  call void asm sideeffect "// $0", "{c}"({ty} %a)\n  ret void', f"{ty} %a"))
            body = fn(f'  %r = call {ty} asm sideeffect "// $0", "={c}"()\n  ret void')
            yield f"out_{c}_{t}", module(body)
            if c == "r":
                yield f"out_{c}_{t}_bad_name", module(body.replace("@f(", "@f.s("))
                yield f"out_{c}_{t}_after_bad_name", module(fn("  ret void", name="f.s") + body)
        yield f"tied_{t}", module(fn(f'  %r = call {ty} asm "// $0", "=r,0"({ty} %a)\n  ret void', f"{ty} %a"))
        yield f"out_unused_{t}", module(fn(f'  call {ty} asm sideeffect "// $0", "=r"()\n  ret void'))


ASM_INDIRECT = ["*m", "=*m", "*r", "=*r", "*l", "=*l"]


def asm_indirect():
    """Indirect inline-asm operands (`*` constraints) with and without `elementtype`, in typed
    and opaque modules, with one operand or beside a direct one, alone and beside a bad
    function name and a problem of a later function: where the modern path's verifier asks for
    the attribute, and in which order."""
    later = "define void @h(i32 addrspace(1)* %q) {\n  %c = addrspacecast i32 addrspace(1)* %q to i32 addrspace(4)*\n  ret void\n}\n"
    for c in ASM_INDIRECT:
        t = c.replace("=", "out_").replace("*", "ind_")
        for et in ("", "elementtype(i32) "):
            tag = f"{t}_{'elementtype' if et else 'bare'}"
            body = fn(f'  call void asm sideeffect "// $0", "{c}"(i32* {et}%p)\n  ret void', "i32* %p")
            for dialect, text in (("typed", body), ("opaque", _opaque(body))):
                yield f"{tag}_{dialect}", module(text)
                yield f"{tag}_{dialect}_bad_name", module(text.replace("@f(", "@f.s("))
                yield f"{tag}_{dialect}_later_problem", module(text + (later if dialect == "typed" else _opaque(later)))
                yield f"{tag}_{dialect}_earlier_problem", module((later if dialect == "typed" else _opaque(later)) + text)
            two = fn(f'  call void asm sideeffect "// $0 $1", "r,{c}"(i32 %n, i32* {et}%p)\n  ret void', "i32 %n, i32* %p")
            yield f"{tag}_second_typed", module(two)
            yield f"{tag}_second_opaque", module(_opaque(two))
        # The attribute on a direct operand, or naming another type.
        yield f"{t}_elementtype_i64_opaque", module(_opaque(
            fn(f'  call void asm sideeffect "// $0", "{c}"(i32* elementtype(i64) %p)\n  ret void', "i32* %p")))
    yield "direct_with_elementtype_opaque", module(_opaque(
        fn('  call void asm sideeffect "// $0", "r"(i32* elementtype(i32) %p)\n  ret void', "i32* %p")))


PROG_LAYOUTS = {"P0": "e-i64:64-i128:128-v16:16-v32:32-n16:32:64-P0", "P1": "e-i64:64-i128:128-v16:16-v32:32-n16:32:64-P1",
                "P3": "e-i64:64-i128:128-v16:16-v32:32-n16:32:64-P3", "none": "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"}


def program_space():
    """A data layout's program address space (`P1`, `P3`, `P0`, none) beside each kind of
    reference to a function (a typed or opaque annotation, a call, a stored or cast function
    pointer, a global initialized with one, none): whether the reader stops at the reference
    (functions live in the program address space) before the layout is checked."""
    uses = {
        "none": ("", ""),
        "annotation": ("", '!nvvm.annotations = !{!5}\n!5 = !{void ()* @k, !"kernel", i32 1}\n'),
        "call": ("define void @g() {\n  call void @k()\n  ret void\n}\n", ""),
        "store": ("define void @g(void ()** %q) {\n  store void ()* @k, void ()** %q\n  ret void\n}\n", ""),
        "cast": ("define void @g() {\n  %i = ptrtoint void ()* @k to i64\n  ret void\n}\n", ""),
        "global": ("@fp = addrspace(1) global void ()* @k\n", ""),
        "annotation_as1": ("", '!nvvm.annotations = !{!5}\n!5 = !{void () addrspace(1)* @k, !"kernel", i32 1}\n'),
    }
    for lname, layout in PROG_LAYOUTS.items():
        for uname, (code, tail) in uses.items():
            text = "define void @k() {\n  ret void\n}\n" + code
            yield f"{lname}_{uname}_typed", module(text, layout=layout, tail=VERSION + tail)
            def opq(t):
                return _opaque(t.replace("void ()**", "ptr").replace("void () addrspace(1)*", "ptr addrspace(1)"))
            yield f"{lname}_{uname}_opaque", module(opq(text), layout=layout, tail=VERSION + opq(tail))


NVVM_FAMILIES = ["fmin", "fmax", "fabs", "sqrt", "add", "mul", "div", "rcp", "ex2", "lg2", "sin", "cos", "abs",
                 "min", "max", "fma", "d2i", "f2i", "ldg.global", "ldu.global", "atomic", "shfl", "vote", "bar",
                 "membar", "read.ptx.sreg", "isspacep", "prmt", "clz", "popc", "brev", "mulhi", "sad", "saturate",
                 "round", "trunc", "floor", "ceil", "rsqrt", "bitcast", "texsurf", "mbarrier", "cp.async", "redux"]


def nvvm_families():
    """A name under an `llvm.nvvm.` family prefix that names no intrinsic (`llvm.nvvm.<family>.xyz`),
    declared `float (float, float)`, its result used (stored) or not, and the same under an
    unknown prefix: which names libNVVM's compilers refuse whatever the call (an unknown
    intrinsic), and which only when the call is kept (its result used)."""
    for fam in NVVM_FAMILIES + ["zzqq"]:
        name = f"llvm.nvvm.{fam}.xyz"
        decl = f"declare float @{name}(float, float)\n"
        call = f"  %r = call float @{name}(float %a, float %a)\n"
        yield f"{safe(fam)}_unused", module(decl + fn(call + "  ret void", "float %a"))
        yield f"{safe(fam)}_used", module(decl + fn(call + "  store volatile float %r, float* %o\n  ret void",
                                                      "float %a, float* %o"))


def old_memory_intrinsics():
    """LLVM 6's `llvm.memcpy`/`memmove`/`memset` with an alignment argument (five arguments),
    which both readers upgrade: each alignment (0, 1, 3, 4, 16; i32, i64 and i1 typed; not a
    constant), a volatile flag that is not i1, one argument more again, declared and not called;
    typed and opaque pointers."""
    for f in ("memcpy", "memmove", "memset"):
        src_t, src_v = ("i8 0", "i8") if f == "memset" else ("i8* %s", "i8*")
        name = f"llvm.{f}.p0i8.i64" if f == "memset" else f"llvm.{f}.p0i8.p0i8.i64"
        def make(align_t, align_v, vol_t="i1", vol_v="false", extra="", call=True, params="i8* %d, i8* %s, i32 %x"):
            decl = f"declare void @{name}(i8*, {src_v}, i64, {align_t}, {vol_t}{', i32' if extra else ''})\n"
            body = (f"  call void @{name}(i8* %d, {src_t}, i64 24, {align_t} {align_v}, {vol_t} {vol_v}{extra})\n"
                    if call else "")
            return decl + fn(body + "  ret void", params)
        cases = {f"align{a}": make("i32", str(a)) for a in (0, 1, 3, 4, 16)}
        cases["align4_i64"] = make("i64", "4")
        cases["align1_i1"] = make("i1", "true")
        cases["align_var"] = make("i32", "%x")
        cases["vol_i32"] = make("i32", "4", "i32", "0")
        cases["six"] = make("i32", "4", extra=", i32 0")
        cases["declared"] = make("i32", "4", call=False)
        for case, text in cases.items():
            yield f"{f}_{case}_typed", module(text)
            yield f"{f}_{case}_opaque", module(_opaque(text).replace("i8 0", "i8 0"))


# DWARF 6 source language names LLVM 22 knows (`Dwarf.def`'s `HANDLE_DW_LNAME`, read from
# llvmlite 0.50's library), and after them the `DW_LANG_` words of that library.
DW_LNAMES = ["Ada", "BLISS", "C", "C_plus_plus", "Cobol", "Crystal", "D", "Dylan", "Fortran", "Go", "Haskell", "Java",
             "Julia", "Kotlin", "Modula2", "Modula3", "ObjC", "ObjC_plus_plus", "OCaml", "OpenCL_C", "Pascal", "PLI",
             "Python", "RenderScript", "Rust", "Swift", "UPC", "Zig", "Assembly", "C_sharp", "Mojo", "GLSL",
             "GLSL_ES", "HLSL", "OpenCL_CPP", "CPP_for_OpenCL", "SYCL", "Ruby", "Move", "Hylo", "Metal"]

DW_LANGS = ["Ada2005", "Ada2012", "Ada83", "Ada95", "Assembly", "BLISS", "BORLAND_Delphi", "C", "C11", "C17", "C89",
            "C99", "CPP_for_OpenCL", "C_plus_plus", "C_plus_plus_03", "C_plus_plus_11", "C_plus_plus_14",
            "C_plus_plus_17", "C_plus_plus_20", "C_sharp", "Cobol74", "Cobol85", "Crystal", "D", "Dylan", "Fortran03",
            "Fortran08", "Fortran18", "Fortran77", "Fortran90", "Fortran95", "GLSL", "GLSL_ES", "GOOGLE_RenderScript",
            "Go", "H", "H3", "H9", "HIP", "HLSL", "Haskell", "Hylo", "Java", "Julia", "Kotlin", "L3", "L37M", "L9",
            "L97", "Metal", "Mips_Assembler", "Modula2", "Modula3", "Mojo", "Move", "OCaml", "ObjC",
            "ObjC_plus_plus", "OpenCL", "OpenCL_CPP", "PLI", "Pascal83", "Python", "RenderScript", "Ruby", "Rust",
            "SYCL", "Swift", "UPC", "Zig"]


def di_language():
    """A compile unit's language the LLVM 20-22 way (`sourceLanguageName:` and
    `sourceLanguageVersion:`, LLVM 22) next to the old `language:`: each name, numbers up to and
    past each field's limit, other words and values in their place, the fields with and without
    `language:` and in both orders: which of them each of libNVVM's readers takes, and its first
    words where it does not."""
    own = "!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug"

    def cu(fields, distinct=True):
        head = "!1 = " + ("distinct " if distinct else "") + "!DICompileUnit("
        return di_module().replace(own, head + (fields + ", " if fields else "") + "file: !2, emissionKind: FullDebug")
    for name in DW_LNAMES + ["Bogus", "CUDA", "c"]:
        yield f"name_{name}", cu(f"sourceLanguageName: DW_LNAME_{name}")
    for v in ["0", "1", "3", "41", "42", "65535", "65536", "4294967295", "4294967296", "-1", "0x3", "true", "null",
              '"C"', "!2", "DW_LANG_C99", "DW_TAG_base_type"]:
        yield f"name_value_{safe(v.replace('-', 'minus').replace('!', 'md'))}", cu(f"sourceLanguageName: {v}")
    for v in ["0", "1", "199901", "201703", "4294967295", "4294967296", "-1", "0x10", "true", '"x"', "null",
              "DW_LNAME_C"]:
        yield f"version_{safe(v.replace('-', 'minus').replace('!', 'md'))}", cu(f"sourceLanguageName: DW_LNAME_C, sourceLanguageVersion: {v}")
    # `language:` beside it: every DW_LANG_ word LLVM 22's library holds (some may be pieces of
    # longer strings), a made-up one, and numbers up to and past its limit.
    for name in DW_LANGS + ["Bogus"]:
        yield f"language_{name}", cu(f"language: DW_LANG_{name}")
    for v in ["0", "12", "65535", "65536", "-1", '"C"', "true", "null"]:
        yield f"language_value_{safe(v.replace('-', 'minus'))}", cu(f"language: {v}")
    cases = {
        "version_first": "sourceLanguageVersion: 201703, sourceLanguageName: DW_LNAME_C_plus_plus",
        "version_only": "sourceLanguageVersion: 1",
        "neither": "",
        "language_and_name": "language: DW_LANG_C99, sourceLanguageName: DW_LNAME_C",
        "name_and_language": "sourceLanguageName: DW_LNAME_C, language: DW_LANG_C99",
        "language_and_version": "language: DW_LANG_C99, sourceLanguageVersion: 199901",
        "all_three": "language: DW_LANG_C99, sourceLanguageName: DW_LNAME_C, sourceLanguageVersion: 199901",
        "name_twice": "sourceLanguageName: DW_LNAME_C, sourceLanguageName: DW_LNAME_C",
        "version_twice": "sourceLanguageName: DW_LNAME_C, sourceLanguageVersion: 1, sourceLanguageVersion: 1",
        "lname_in_language": "language: DW_LNAME_C",
        "name_then_producer": 'sourceLanguageName: DW_LNAME_C, producer: "clang version 22", isOptimized: true',
        "name_version_zero": "sourceLanguageName: 0, sourceLanguageVersion: 0",
    }
    for case, fields in cases.items():
        yield case, cu(fields)
    yield "name_not_distinct", cu("sourceLanguageName: DW_LNAME_C", distinct=False)
    yield "language_not_distinct", cu("language: DW_LANG_C99", distinct=False)
    # A bad name inside, after and before other problems of the reader.
    text = cu("sourceLanguageName: DW_LNAME_C")
    yield "name_and_bad_flag", text.replace("!10 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)",
                                            "!10 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed, flags: DIFlagBogus)")
    yield "name_in_second_unit", di_module(other='distinct !DICompileUnit(sourceLanguageName: DW_LNAME_Rust, file: !2)')
    yield "bad_name_in_second_unit", di_module(other='distinct !DICompileUnit(sourceLanguageName: DW_LNAME_Bogus, file: !2)')
# LLVM's target-independent math intrinsics: name → (arguments after the value(s), result).
# `T` is the floating-point type, `I` i32; a result None is `T`.
MATH_INTRINSICS = {
    "sin": ("T", None), "cos": ("T", None), "tan": ("T", None), "asin": ("T", None), "acos": ("T", None),
    "atan": ("T", None), "atan2": ("T,T", None), "sinh": ("T", None), "cosh": ("T", None), "tanh": ("T", None),
    "pow": ("T,T", None), "powi": ("T,I", None), "exp": ("T", None), "exp2": ("T", None), "exp10": ("T", None),
    "log": ("T", None), "log10": ("T", None), "log2": ("T", None), "sqrt": ("T", None), "fabs": ("T", None),
    "rint": ("T", None), "nearbyint": ("T", None), "round": ("T", None), "roundeven": ("T", None),
    "floor": ("T", None), "ceil": ("T", None), "trunc": ("T", None), "copysign": ("T,T", None),
    "minnum": ("T,T", None), "maxnum": ("T,T", None), "minimum": ("T,T", None), "maximum": ("T,T", None),
    "fma": ("T,T,T", None), "fmuladd": ("T,T,T", None), "ldexp": ("T,I", None), "canonicalize": ("T", None),
}
MATH_TYPES = {"f16": "half", "f32": "float", "f64": "double", "v2f32": "<2 x float>"}


def math_intrinsics():
    """LLVM's math intrinsics (`llvm.sin`, `llvm.pow`, `llvm.sqrt`, …) on half, float, double and
    `<2 x float>`, the result returned (kept) or unused, and declared only: which libNVVM's
    verifier refuses (`Unsupported intrinsic`), and which its compilers fail on ("unsupported
    operation") or lower, on each path."""
    for name, (args, _) in MATH_INTRINSICS.items():
        for suffix, t in MATH_TYPES.items():
            arg_types = [t if a == "T" else "i32" for a in args.split(",")]
            # `llvm.powi` and `llvm.ldexp` are overloaded on the integer too from LLVM 13 / 16 on.
            full = f"llvm.{name}.{suffix}" + (".i32" if name == "ldexp" else "")
            params = ", ".join(f"{a} %a{i}" for i, a in enumerate(arg_types))
            decl = f"declare {t} @{full}({', '.join(arg_types)})\n"
            call = f"  %r = call {t} @{full}({params})\n"
            yield f"{name}_{suffix}_used", module(decl + fn(call + f"  ret {t} %r", params, ret=t))
            yield f"{name}_{suffix}_unused", module(decl + fn(call + "  ret void", params))
            # `afn` lets the backends use an approximation.
            yield f"{name}_{suffix}_afn", module(decl + fn(call.replace("call ", "call afn ") + f"  ret {t} %r",
                                                            params, ret=t))
            if suffix == "f32":
                yield f"{name}_{suffix}_declared", module(decl + fn("  ret void"))
    # `llvm.sincos` returns both values.
    for suffix, t in MATH_TYPES.items():
        st = f"{{ {t}, {t} }}"
        decl = f"declare {st} @llvm.sincos.{suffix}({t})\n"
        for flags, use in (("", "used"), ("afn ", "afn"), ("", "unused")):
            ret, tail = (st, f"  ret {st} %r") if use != "unused" else ("void", "  ret void")
            yield f"sincos_{suffix}_{use}", module(decl + fn(
                f"  %r = call {flags}{st} @llvm.sincos.{suffix}({t} %a)\n{tail}", f"{t} %a", ret=ret))


# The warp intrinsics before the `.sync` forms (removed in LLVM 20), with a `.sync` one for each.
OLD_WARP = {
    "shfl.idx.i32": ("i32", "i32 %v, i32 %l, i32 31"), "shfl.bfly.i32": ("i32", "i32 %v, i32 %l, i32 31"),
    "shfl.down.i32": ("i32", "i32 %v, i32 %l, i32 31"), "shfl.up.i32": ("i32", "i32 %v, i32 %l, i32 0"),
    "shfl.idx.f32": ("float", "float %f, i32 %l, i32 31"), "shfl.bfly.f32": ("float", "float %f, i32 %l, i32 31"),
    "shfl.down.f32": ("float", "float %f, i32 %l, i32 31"), "shfl.up.f32": ("float", "float %f, i32 %l, i32 0"),
    "vote.all": ("i1", "i1 %p"), "vote.any": ("i1", "i1 %p"), "vote.uni": ("i1", "i1 %p"),
    "vote.ballot": ("i32", "i1 %p"),
    "shfl.sync.idx.i32": ("i32", "i32 -1, i32 %v, i32 %l, i32 31"),
    "vote.all.sync": ("i1", "i32 -1, i1 %p"), "vote.ballot.sync": ("i32", "i32 -1, i1 %p"),
}


def old_warp():
    """The non-`.sync` warp intrinsics (`llvm.nvvm.shfl.{idx,bfly,down,up}.{i32,f32}`,
    `llvm.nvvm.vote.{all,any,uni,ballot}`) and `.sync` ones beside them: the result returned,
    stored or unused, the lane a constant or not; each path's verifier and compiler."""
    for name, (ret, args) in OLD_WARP.items():
        full = f"llvm.nvvm.{name}"
        types = ", ".join(a.rsplit(" ", 1)[0] for a in args.split(", "))
        params = "i32 %v, i32 %l, float %f, i1 %p"
        decl = f"declare {ret} @{full}({types})\n"
        call = f"  %r = call {ret} @{full}({args})\n"
        tag = safe(name)
        yield f"{tag}_used", module(decl + fn(call + f"  ret {ret} %r", params, ret=ret))
        yield f"{tag}_stored", module(decl + fn(call + f"  store volatile {ret} %r, {ret}* %o\n  ret void",
                                                params + f", {ret}* %o"))
        yield f"{tag}_unused", module(decl + fn(call + "  ret void", params))
        yield f"{tag}_constlane", module(decl + fn(call.replace("%l", "1") + f"  ret {ret} %r", params, ret=ret))
        yield f"{tag}_declared", module(decl + fn("  ret void"))


# `llvm.*` names no intrinsic of LLVM 7's or LLVM 22's: LLVM 3's PTX target's, misspelled
# target-independent ones, made up, other targets' prefixes beside NVVM's, and names only
# newer LLVMs than libNVVM's know. (name, result, arguments)
UNKNOWN_LLVM = [
    ("llvm.ptx.zzz", "float", "float %f"),
    ("llvm.fabss.f32", "float", "float %f"), ("llvm.sqrtt.f32", "float", "float %f"),
    ("llvm.cosf", "float", "float %f"), ("llvm.foo", "i32", "i32 %n"), ("llvm.foo.bar.baz", "void", ""),
    ("llvm.nvptx.read.tid.x", "i32", ""), ("llvm.cuda.syncthreads", "void", ""),
    ("llvm.nvvmx.tid", "i32", ""), ("llvm.nv.tid", "i32", ""), ("llvm.gpu.thread.id.x", "i32", ""),
    ("llvm.spv.thread.id", "i32", "i32 0"), ("llvm.hexagon.zzz", "i32", "i32 %n"),
    ("llvm.memcpyy", "void", "i32 %n"), ("llvm.trapp", "void", ""), ("llvm.assumee", "void", "i1 true"),
    ("llvm.ctpop", "i32", "i32 %n"), ("llvm.sin", "float", "float %f"),
    ("llvm.lifetime.zzz", "void", "i32 %n"), ("llvm.dbg.zzz", "void", "i32 %n"),
    ("llvm.experimental.zzz", "void", ""), ("llvm.vector.zzz", "i32", "i32 %n"),
    ("llvm.nvvm.zzz.qq", "i32", "i32 %n"),
]


def unknown_llvm():
    """Calls of `llvm.*` names that are no intrinsic (LLVM 3's `llvm.ptx.*`, misspellings, made-up
    prefixes, families without their overload suffix): void or not, the result returned, unused,
    declared and never called: which each path's compiler refuses, and with which words."""
    for name, ret, args in UNKNOWN_LLVM:
        types = ", ".join(a.rsplit(" ", 1)[0] for a in args.split(", ")) if args else ""
        params = "i32 %n, float %f"
        decl = f"declare {ret} @{name}({types})\n"
        lhs = "" if ret == "void" else "%r = "
        call = f"  {lhs}call {ret} @{name}({args})\n"
        tag = safe(name.removeprefix("llvm."))
        if ret != "void":
            yield f"{tag}_used", module(decl + fn(call + f"  ret {ret} %r", params, ret=ret))
        yield f"{tag}_unused", module(decl + fn(call + "  ret void", params))
        yield f"{tag}_declared", module(decl + fn("  ret void"))
    # The special-register reads and barrier of LLVM 3's PTX target (clang's `__builtin_ptx_*`),
    # as they were declared and with another result type (a name the path knows is checked).
    for name in PTX_NAMES:
        ret, args, types = ("void", "i32 0", "i32") if name == "bar.sync" else \
            ("i64" if name == "read.clock64" else "i32", "", "")
        full = f"llvm.ptx.{name}"
        tag = "ptx_" + safe(name)
        decl = f"declare {ret} @{full}({types})\n"
        if ret == "void":
            yield f"{tag}_call", module(decl + fn(f"  call void @{full}({args})\n  ret void"))
        else:
            yield f"{tag}_used", module(decl + fn(f"  %r = call {ret} @{full}()\n  ret {ret} %r", ret=ret))
            yield f"{tag}_wrongtype", module(f"declare float @{full}()\n"
                                             + fn(f"  %r = call float @{full}()\n  ret float %r", ret="float"))


PTX_NAMES = [f"read.{r}.{c}" for r in ("tid", "ntid", "ctaid", "nctaid") for c in "xyzw"] + [
    f"read.{r}" for r in ("laneid", "warpid", "nwarpid", "smid", "nsmid", "gridid", "lanemask.eq", "lanemask.le",
                          "lanemask.lt", "lanemask.ge", "lanemask.gt", "clock", "clock64", "pm0", "pm1", "pm2",
                          "pm3")] + ["bar.sync"]


# Result types for fast-math flags on a call: floating-point scalars and vectors, arrays and
# structs of them, and other types. (tag, type, a value of it)
FMF_RESULTS = [
    ("float", "float", "0.0"), ("v2f32", "<2 x float>", "zeroinitializer"),
    ("sff", "{ float, float }", "zeroinitializer"), ("sdd", "{ double, double }", "zeroinitializer"),
    ("svv", "{ <2 x float>, <2 x float> }", "zeroinitializer"), ("sfd", "{ float, double }", "zeroinitializer"),
    ("sfi", "{ float, i32 }", "zeroinitializer"), ("named", "%pair", "zeroinitializer"),
    ("a2f", "[2 x float]", "zeroinitializer"), ("a2a2f", "[2 x [2 x float]]", "zeroinitializer"),
    ("i32", "i32", "0"), ("void", "void", ""),
]


def fmf_calls():
    """Fast-math flags (`fast`, `contract`, `nnan`) on calls whose result is each of
    `FMF_RESULTS`, the callee a function, an inline asm or an intrinsic (`llvm.sincos`,
    struct-returning): which each reader takes ("fast-math-flags specified for call without
    floating-point scalar or vector return type")."""
    for flag in ("fast", "contract", "nnan"):
        for tag, t, v in FMF_RESULTS:
            head = "%pair = type { float, float }\n" if tag == "named" else ""
            lhs = "" if t == "void" else "%r = "
            ret = "  ret void" if t == "void" else f"  ret {t} %r"
            defn = f"define {t} @g() {{\n  ret {t} {v}\n}}\n" if t != "void" else "define void @g() {\n  ret void\n}\n"
            yield f"{flag}_{tag}_fn", module(head + defn + fn(f"  {lhs}call {flag} {t} @g()\n{ret}", ret=t))
            if t not in ("void", "%pair") and not t.startswith("["):
                n = t.count("float") + t.count("double") + t.count("i32")
                cons = ",".join({"float": "=f", "double": "=d", "i32": "=r"}[w] for w in
                                re.findall(r"float|double|i32", t)) if t.startswith("{") else \
                    {"float": "=f", "<2 x float>": "=f", "i32": "=r"}.get(t)
                if cons and not t.startswith("{ <2"):
                    outs = ";".join(f"mov.b32 ${i}, 0;" for i in range(n))
                    yield f"{flag}_{tag}_asm", module(head + fn(
                        f'  {lhs}call {flag} {t} asm sideeffect "{outs}", "{cons}"()\n{ret}', ret=t))
        yield f"{flag}_sincos", module(
            "declare { float, float } @llvm.sincos.f32(float)\n"
            + fn(f"  %r = call {flag} {{ float, float }} @llvm.sincos.f32(float %a)\n  ret {{ float, float }} %r",
                 "float %a", ret="{ float, float }"))


def version_bodies():
    """An old (1.x), the current (2.0) and a newer `!nvvmir.version` over modules with bodies: a
    kernel, a problem each stage finds (a reader's, the verifier's, the compiler's), opaque
    pointers, and debug information with a debug version: whether the version is all libNVVM
    checks of a 1.x module, on each path (what `nvir convert` should write for one)."""
    kernel = ("define void @k(float addrspace(1)* %p, float %x) {\n"
              "  %v = load float, float addrspace(1)* %p, align 4\n  %s = fadd float %v, %x\n"
              "  store float %s, float addrspace(1)* %p, align 4\n  ret void\n}\n")
    kernel_ann = "!nvvm.annotations = !{!9}\n!9 = !{void (float addrspace(1)*, float)* @k, !\"kernel\", i32 1}\n"
    bodies = {
        "kernel": (kernel, kernel_ann),
        "reader_error": (kernel.replace("fadd float %v, %x", "fadd float %v, %nope"), kernel_ann),
        "verifier_error": ("@g = addrspace(7) global i32 0\n" + kernel, kernel_ann),
        "compiler_error": (kernel + "@a = alias void (float addrspace(1)*, float), void (float addrspace(1)*, float)* @k\n",
                           kernel_ann),
        "opaque": (_opaque(kernel), _opaque(kernel_ann)),
    }
    versions = {"v1_0": "i32 1, i32 0", "v1_9": "i32 1, i32 9", "v2_0": "i32 2, i32 0", "v3_0": "i32 3, i32 0"}
    for body, (text, ann) in bodies.items():
        for v, node in versions.items():
            yield f"{body}_{v}", module(text, tail=ann + f"!nvvmir.version = !{{!0}}\n!0 = !{{{node}}}\n")
    # With debug information: the IR version beside each debug version.
    for v, node in {"v1_0_3_2": "i32 1, i32 0, i32 3, i32 2", "v1_0_2_0": "i32 1, i32 0, i32 2, i32 0",
                    "v2_0_3_2": "i32 2, i32 0, i32 3, i32 2", "v2_0_2_0": "i32 2, i32 0, i32 2, i32 0"}.items():
        yield f"debug_{v}", di_module().replace("!0 = !{i32 2, i32 0, i32 3, i32 1}", f"!0 = !{{{node}}}")
# NVVM names LLVM 22.1 no longer has (its library's names) that libNVVM's modern path knows: the
# signature table's (LLVM 19) and `nvvm_names.txt`'s, and two it has, beside them.
MISTYPED_NAMES = [
    "llvm.nvvm.abs.bf16", "llvm.nvvm.atomic.load.add.f32.p0f32", "llvm.nvvm.atomic.load.inc.32",
    "llvm.nvvm.atomic.load.inc.32.p0", "llvm.nvvm.bar.sync", "llvm.nvvm.barrier", "llvm.nvvm.barrier.n",
    "llvm.nvvm.barrier.sync", "llvm.nvvm.barrier.sync.cnt", "llvm.nvvm.barrier0", "llvm.nvvm.barrier0.and",
    "llvm.nvvm.barrier0.or", "llvm.nvvm.barrier0.popc", "llvm.nvvm.bitcast.f2i", "llvm.nvvm.bitcast.i2f",
    "llvm.nvvm.branch.if.all.convergent", "llvm.nvvm.cluster.barrier", "llvm.nvvm.ex2.approx.f",
    "llvm.nvvm.ex2.approx.ftz.f", "llvm.nvvm.fabs.f", "llvm.nvvm.fabs.ftz.f", "llvm.nvvm.isspacep.grid_const",
    "llvm.nvvm.ldg.global.i", "llvm.nvvm.match.all.sync.i32", "llvm.nvvm.membar", "llvm.nvvm.ptr.gen.to.global",
    "llvm.nvvm.rotate.b32", "llvm.nvvm.rotate.right.b64", "llvm.nvvm.shfl.sync.i32", "llvm.nvvm.stacksave",
    "llvm.nvvm.swap.lo.hi.b64", "llvm.nvvm.vote.sync", "llvm.nvvm.activemask", "llvm.nvvm.read.ptx.sreg.laneid",
]


def mistyped_calls():
    """A call of an NVVM intrinsic through another function type than its declaration's (typed
    text: `declare double @N(i32)`, `call i32 @N(i32 %x)`), for names LLVM 22 dropped and
    libNVVM's modern path knows: which its reader upgrades by name (the call then reads as the
    new intrinsic's) and which are a non-call use ("Invalid user of intrinsic instruction!")."""
    for name in MISTYPED_NAMES:
        text = (f"declare double @{name}(i32)\n"
                + fn(f"  %a = call i32 @{name}(i32 %x)\n  ret void", "i32 %x"))
        yield safe(name.removeprefix("llvm.nvvm.")), module(text)


# (tag, declared type's parameters, return type, a call's arguments, the same call with one operand
# of another type) of intrinsics whose declaration LLVM 22's reader replaces by another (a
# typed-pointer mangling renamed, a retired NVVM name rewritten), keeps (a current name), or
# drops (an NVVM name rewritten into instructions).
DECL_ORDER = [
    ("memset_p4i8", "llvm.memset.p4i8.i64", "void", "i8 addrspace(4)*, i8, i64, i1",
     "i8 addrspace(4)* null, i8 0, i64 4, i1 false", "i8 addrspace(4)* null, i8 0, i32 4, i1 false"),
    ("memset_p4", "llvm.memset.p4.i64", "void", "i8 addrspace(4)*, i8, i64, i1",
     "i8 addrspace(4)* null, i8 0, i64 4, i1 false", "i8 addrspace(4)* null, i8 0, i32 4, i1 false"),
    ("memcpy_p0i8", "llvm.memcpy.p0i8.p0i8.i64", "void", "i8*, i8*, i64, i1",
     "i8* null, i8* null, i64 4, i1 false", "i8* null, i8* null, i16 4, i1 false"),
    ("memcpy_atomic_p0i8", "llvm.memcpy.element.unordered.atomic.p0i8.p0i8.i64", "void", "i8*, i8*, i64, i32",
     "i8* align 4 null, i8* align 4 null, i64 16, i32 4", "i8* align 4 null, i8* align 4 null, i64 16, i8 4"),
    ("lifetime_p0i8", "llvm.lifetime.start.p0i8", "void", "i64, i8*", "i64 4, i8* %p", "i32 4, i8* %p"),
    ("round_f32", "llvm.round.f32", "float", "float", "float 1.0", "double 1.0"),
    ("bswap_i32", "llvm.bswap.i32", "i32", "i32", "i32 1", "i64 1"),
    ("fshl_i32", "llvm.fshl.i32", "i32", "i32, i32, i32", "i32 1, i32 2, i32 3", "i32 1, i32 2, i64 3"),
    ("ctpop_i64", "llvm.ctpop.i64", "i64", "i64", "i64 1", "i32 1"),
    ("powi_f32", "llvm.powi.f32", "float", "float, i32", "float 1.0, i32 2", "float 1.0, i64 2"),
    ("stacksave", "llvm.stacksave", "i8*", "", "", "i32 0"),
    ("tid_x", "llvm.nvvm.read.ptx.sreg.tid.x", "i32", "", "", "i32 0"),
    ("clz_i", "llvm.nvvm.clz.i", "i32", "i32", "i32 1", "i64 1"),
    ("fabs_f", "llvm.nvvm.fabs.f", "float", "float", "float 1.0", "double 1.0"),
    ("rotate_b32", "llvm.nvvm.rotate.b32", "i32", "i32, i32", "i32 1, i32 2", "i32 1, i64 2"),
    ("barrier0", "llvm.nvvm.barrier0", "void", "", "", "i32 0"),
    ("bar_sync", "llvm.nvvm.bar.sync", "void", "i32", "i32 0", "i64 0"),
    ("gen_to_global", "llvm.nvvm.ptr.gen.to.global.p1i8.p0i8", "i8 addrspace(1)*", "i8*", "i8* %p", "i32 0"),
    ("ldg_i32", "llvm.nvvm.ldg.global.i.i32.p1i32", "i32", "i32 addrspace(1)*, i32",
     "i32 addrspace(1)* null, i32 4", "i32 addrspace(1)* null, i64 4"),
    ("shfl_sync_i32", "llvm.nvvm.shfl.sync.idx.i32", "i32", "i32, i32, i32, i32",
     "i32 -1, i32 1, i32 2, i32 31", "i32 -1, i32 1, i64 2, i32 31"),
    ("masked_load", "llvm.masked.load.v4f32.p0v4f32", "<4 x float>", "<4 x float>*, i32, <4 x i1>, <4 x float>",
     "<4 x float>* %q, i32 4, <4 x i1> zeroinitializer, <4 x float> zeroinitializer",
     "<4 x float>* %q, i64 4, <4 x i1> zeroinitializer, <4 x float> zeroinitializer"),
]


def decl_order():
    """A call through another function type than its intrinsic's declaration, the declaration
    before or after the calling function (and the well-typed call beside): LLVM 22's verifier
    refuses whichever of the declaration ("Invalid user of intrinsic instruction!") and the call
    ("Intrinsic called with incompatible signature") it reaches first in module order, in the
    module as its reader upgraded it, where a declaration replaced by another has moved to the
    end. Each intrinsic also with the declaration, not the call, of the other type; typed text and
    opaque."""
    for tag, name, ret, params, good, bad in DECL_ORDER:
        def decl(ps):
            return f"declare {ret} @{name}({ps})\n"

        def call(args):
            lhs = "" if ret == "void" else "%r = "
            return fn(f"  {lhs}call {ret} @{name}({args})\n  ret void", "i8* %p, <4 x float>* %q")

        # The declaration of the mistyped call's type: each operand's type, its attributes dropped.
        bad_params = ", ".join(re.sub(r" align \d+", "", a).rsplit(" ", 1)[0] for a in bad.split(", ")) if bad else ""
        shapes = {
            "ok_before": decl(params) + call(good), "ok_after": call(good) + decl(params),
            "call_before": decl(params) + call(bad), "call_after": call(bad) + decl(params),
            "decl_before": decl(bad_params) + call(good), "decl_after": call(good) + decl(bad_params),
        }
        for shape, text in shapes.items():
            yield f"{tag}_{shape}", module(text)
            yield f"{tag}_{shape}_opaque", module(_opaque(text).replace("<4 x float>*", "ptr"))


def _llvm22_strings():
    """The `llvm.*` strings of LLVM 22.1's library (llvmlite 0.50's): the names it knows."""
    import subprocess
    import llvmlite.binding
    lib = next(pathlib.Path(llvmlite.binding.__file__).parent.glob("libllvmlite*.so"))
    out = subprocess.run(["strings", "-n", "6", str(lib)], capture_output=True, text=True, check=True).stdout
    return {line for line in out.splitlines() if line.startswith("llvm.")}


def _other_type(t):
    """Another type for an operand or result: another width, precision, or an integer for a pointer."""
    return {"i32": "i64", "i64": "i32", "float": "double", "double": "float", "half": "float",
            "void": "i32"}.get(t, "i64" if t.endswith("*") else "i32")


# NVVM names LLVM's reader upgrades though its library holds their names (`auto_upgrade_nvvm_intrinsics.ll`'s).
UPGRADED_NVVM = re.compile(r"llvm\.nvvm\.(brev(32|64)|clz\.(i|ll)|popc\.(i|ll)|h2f|abs\.(i|ll)|(max|min)\.(s|i|ll|us|ui|ull)"
                           r"|fabs\.(f|ftz\.f|d)|bitcast\.\w+|rotate\.[\w.]+|swap\.lo\.hi\.b64|ptr\.[\w.]+"
                           r"|(add|mul|div|fma|sqrt|rcp)\.rn\.[\w.]+|d2i\.\w+|f2i\.\w+|ldg\.[\w.]+|ldu\.[\w.]+)")


def retyped_calls():
    """Calls through another function type than the declaration's, of the intrinsics the
    intrinsic probes call well (`corpus/probes/intrinsics.jsonl`'s `ok` calls, one overload a
    name): each NVVM name LLVM 22.1 does not have (its reader upgrades them), each other name with
    a pointer in its type (typed-pointer manglings LLVM 22 renames), and every 20th of the rest.
    Three shapes each: the call's first variable operand (else its first operand, else its
    result) of another type (`call`), the declaration of that type too (`twin`: the call is well
    typed again), and the declaration's type changed instead of the call's (`decl`). Whether
    LLVM 22's reader rebuilds the call from its own operands (as `twin`), moves the declaration
    it renames to the end of the module ("Intrinsic called with incompatible signature" first),
    or leaves it ("Invalid user of intrinsic instruction!")."""
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
    import probes as intrinsic_probes
    known = _llvm22_strings()
    rows = [json.loads(line) for line in open(pathlib.Path(__file__).resolve().parents[2] / "corpus/probes/intrinsics.jsonl")][1:]
    first = {}
    for r in rows:
        if r.get("variant") == "ok" and not r.get("vararg"):
            first.setdefault(r["name"], r)
    def base(name):
        parts = name.split(".")
        while len(parts) > 2 and re.fullmatch(r"(p\d+)?(v\d+)?(i\d+|f16|bf16|f32|f64)?", parts[-1]):
            parts.pop()
        return ".".join(parts)

    # The older NVVM names LLVM's reader still upgrades, which the intrinsic probes do not call.
    for name, ret, args in [("brev32", "i32", ["i32"]), ("brev64", "i64", ["i64"]), ("clz.i", "i32", ["i32"]),
                            ("clz.ll", "i32", ["i64"]), ("popc.i", "i32", ["i32"]), ("popc.ll", "i32", ["i64"]),
                            ("h2f", "float", ["i16"]), ("abs.i", "i32", ["i32"]), ("abs.ll", "i64", ["i64"]),
                            ("max.i", "i32", ["i32", "i32"]), ("max.ll", "i64", ["i64", "i64"]),
                            ("max.ui", "i32", ["i32", "i32"]), ("max.ull", "i64", ["i64", "i64"]),
                            ("min.i", "i32", ["i32", "i32"]), ("min.ull", "i64", ["i64", "i64"]),
                            ("max.s", "i16", ["i16", "i16"]), ("min.us", "i16", ["i16", "i16"])]:
        first.setdefault(f"llvm.nvvm.{name}", {"name": f"llvm.nvvm.{name}", "ret": ret,
                                                "args": [[t, "%"] for t in args], "variant": "ok"})
    picked, bases = [], set()
    for k, (name, r) in enumerate(sorted(first.items())):
        types = [r["ret"]] + [t for t, _ in r["args"]]
        b = base(name)
        if b in bases:
            continue
        if (name.startswith("llvm.nvvm.") and (name not in known and b not in known or UPGRADED_NVVM.fullmatch(name))
                or not name.startswith("llvm.nvvm.") and any(t.endswith("*") for t in types) or k % 20 == 0):
            bases.add(b)
            picked.append(r)

    def text(p, decl_ret, decl_args):
        body = intrinsic_probes.module_text(p)
        body = body[len(intrinsic_probes.HEADER):-len(intrinsic_probes.TRAILER)]
        decl = f"declare {decl_ret} @{p['name']}({', '.join(decl_args)})\n"
        return decl + body.split("\n", 1)[1]

    for p in picked:
        args = [list(a) for a in p["args"]]
        call = dict(p, args=args)
        at = next((i for i, (_, v) in enumerate(args) if v == "%"), 0 if args else None)
        if at is None:
            call["ret"] = _other_type(p["ret"])
        else:
            t = _other_type(args[at][0])
            args[at] = [t, "%"]
        decl_types = [t for t, _ in p["args"]]
        call_types = [t for t, _ in call["args"]]
        tag = safe(p["name"].removeprefix("llvm."))
        yield f"{tag}_call", module(text(call, p["ret"], decl_types))
        yield f"{tag}_twin", module(text(call, call["ret"], call_types))
        off = ([_other_type(p["ret"])], decl_types) if at is None else ([p["ret"]], decl_types[:at] + [_other_type(decl_types[at])] + decl_types[at + 1:])
        yield f"{tag}_decl", module(text(p, off[0][0], off[1]))



# The retired NVVM names LLVM 7's reader rebuilds from each call (its `AutoUpgrade`), with the
# result type each is declared with; the 16-bit `max`/`min`, which it does not rebuild, beside.
NVVM_REBUILT_LLVM7 = [
    ("brev32", "i32", 1), ("brev64", "i64", 1), ("clz.i", "i32", 1), ("popc.i", "i32", 1), ("h2f", "float", 1),
    ("clz.ll", "i32", 1), ("popc.ll", "i32", 1), ("abs.i", "i32", 1), ("abs.ll", "i64", 1),
    ("max.i", "i32", 2), ("max.ll", "i64", 2), ("max.ui", "i32", 2), ("max.ull", "i64", 2),
    ("min.i", "i32", 2), ("min.ll", "i64", 2), ("min.ui", "i32", 2), ("min.ull", "i64", 2),
    ("max.s", "i16", 2), ("min.us", "i16", 2),
]


def nvvm_rebuilt():
    """Each retired NVVM name LLVM 7's reader rebuilds, declared and called with one type (LLVM 7's
    reader takes no call through another): its own result type, another integer's and `float`'s,
    each operand `i16`, `i32`, `i64`, `float` or `<2 x i32>` (two operands: the same type, or
    `i32` and another), the result unused or returned. What the verifier refuses is what the
    rebuild makes of those types; the compiler drops what it made while the result goes unused."""
    tys = ["i16", "i32", "i64", "float", "<2 x i32>"]
    for name, ret, n in NVVM_REBUILT_LLVM7:
        combos = [(t,) for t in tys] if n == 1 else [(t, t) for t in tys] + [("i32", t) for t in tys if t != "i32"]
        for rt in dict.fromkeys([ret, "i64" if ret != "i64" else "i32", "float"]):
            for combo in combos:
                params = ", ".join(combo)
                args = ", ".join(f"{t} %a{i}" for i, t in enumerate(combo))
                for used in (False, True):
                    body = f"  %r = call {rt} @llvm.nvvm.{name}({args})\n  " + (f"ret {rt} %r" if used else "ret void")
                    tag = "_".join([name.replace(".", "_"), safe(rt)] + [safe(t) for t in combo] + ["used" if used else "unused"])
                    yield tag, module(f"declare {rt} @llvm.nvvm.{name}({params})\n" + fn(body, args, rt if used else "void"))


# libNVVM's refused function attributes (`crates/verify/src/function.rs`'s list), `alignstack`
# with its value.
REFUSED_FN_ATTRS = ["jumptable", "nonlazybind", "naked", "noimplicitfloat", "noredzone", "returns_twice", "ssp",
                    "sspreq", "sspstrong", "uwtable", "nobuiltin", "sanitize_address", "sanitize_memory",
                    "sanitize_thread", "alignstack(8)", "safestack"]


def intrinsic_attrs():
    """Each refused function attribute on the declaration of an NVVM intrinsic, one of LLVM's, a
    name under `llvm.nvvm.` no intrinsic has and an external function, called or not: the modern
    path gives an intrinsic declaration the intrinsic's own attributes."""
    callees = [("sreg", "i32", "llvm.nvvm.read.ptx.sreg.tid.x", "", ""),
               ("sqrt", "float", "llvm.sqrt.f32", "float", "float 1.0"),
               ("unknown", "i32", "llvm.nvvm.no.such.intrinsic", "", ""),
               ("ext", "i32", "ext", "", "")]
    for attr in REFUSED_FN_ATTRS:
        for tag, ret, name, params, args in callees:
            decl = f"declare {ret} @{name}({params}) {attr}\n"
            call = f"  %r = call {ret} @{name}({args})\n"
            a = safe(attr)
            yield f"{a}_{tag}_called", module(decl + fn(call + "  ret void"))
            yield f"{a}_{tag}_uncalled", module(decl + fn("  ret void"))


def pointer_args():
    """Every intrinsic of the verifier's table whose first argument is a pointer of one address
    space (and pointee, typed), declared and called with a pointer of another space and, typed,
    of another pointee: NVIDIA's `hmma` names take any pointer (measured); LLVM's intrinsics and
    the rest of NVVM's hold their table's type."""
    table = (HERE.parent.parent / "crates/verify/src/intrinsics.tsv").read_text().splitlines()
    for line in table:
        if line.startswith("#"):
            continue
        path, name, ret, args, checks = line.split("\t")[:5]
        slots = args.split(";") if args else []
        if "arg0-type" not in checks or not slots or "rejected" in checks:
            continue
        if any(t.startswith(("match", "any", "other")) or t == "..." for t in slots + ret.split(";")):
            continue
        fields = ret.split(";") if ret else []
        rt = "void" if not fields else fields[0] if len(fields) == 1 else "{" + ", ".join(fields) + "}"
        if path == "modern":
            m = re.fullmatch(r"ptr(?: addrspace\((\d+)\))?", slots[0])
            if not m:
                continue
            other = 0 if int(m.group(1) or 0) else 1
            variants = [("space", f"ptr addrspace({other})" if other else "ptr")]
        else:
            m = re.fullmatch(r"(.*?)(?: addrspace\((\d+)\))?\*", slots[0])
            if not m:
                continue
            pointee, space = m.group(1), int(m.group(2) or 0)
            spelled = lambda n: f" addrspace({n})" if n else ""
            variants = [("space", f"{pointee}{spelled(0 if space else 1)}*"),
                        ("pointee", f"{'i8' if pointee != 'i8' else 'i16'}{spelled(space)}*")]
        for kind, t in variants:
            types = [t] + slots[1:]
            params = ", ".join(f"{x} %a{i}" for i, x in enumerate(types))
            lhs = "" if rt == "void" else "%r = "
            text = f"declare {rt} @{name}({', '.join(types)})\n" + fn(f"  {lhs}call {rt} @{name}({params})\n  ret void", params)
            yield f"{path}_{safe(name)}_{kind}", module(text)


def annotation_forms():
    """`llvm.var.annotation` and `llvm.ptr.annotation` in their forms before LLVM 16 (no
    annotation-attribute argument) and after, with mangled and plain names and mistyped
    operands, opaque: LLVM 22's reader upgrades the old form of the plain `var.annotation` name
    and of every `ptr.annotation` name."""
    forms = [("var_plain_4", "void", "llvm.var.annotation", ["ptr", "ptr", "ptr", "i32"]),
             ("var_plain_5", "void", "llvm.var.annotation", ["ptr", "ptr", "ptr", "i32", "ptr"]),
             ("var_plain_3", "void", "llvm.var.annotation", ["ptr", "ptr", "ptr"]),
             ("var_plain_4_i64", "void", "llvm.var.annotation", ["ptr", "ptr", "ptr", "i64"]),
             ("var_plain_4_int_first", "void", "llvm.var.annotation", ["i32", "ptr", "ptr", "i32"]),
             ("var_plain_4_global_second", "void", "llvm.var.annotation", ["ptr", "ptr addrspace(1)", "ptr addrspace(1)", "i32"]),
             ("var_plain_4_global_first", "void", "llvm.var.annotation", ["ptr addrspace(1)", "ptr", "ptr", "i32"]),
             ("var_mangled_4", "void", "llvm.var.annotation.p0.p0", ["ptr", "ptr", "ptr", "i32"]),
             ("var_mangled_5", "void", "llvm.var.annotation.p0.p0", ["ptr", "ptr", "ptr", "i32", "ptr"]),
             ("ptr_p0_4", "ptr", "llvm.ptr.annotation.p0", ["ptr", "ptr", "ptr", "i32"]),
             ("ptr_p0p0_4", "ptr", "llvm.ptr.annotation.p0.p0", ["ptr", "ptr", "ptr", "i32"]),
             ("ptr_p0p0_5", "ptr", "llvm.ptr.annotation.p0.p0", ["ptr", "ptr", "ptr", "i32", "ptr"]),
             ("ptr_p0p0_4_i64", "ptr", "llvm.ptr.annotation.p0.p0", ["ptr", "ptr", "ptr", "i64"]),
             ("annotation_i32_4", "i32", "llvm.annotation.i32", ["i32", "ptr", "ptr", "i32"]),
             ("annotation_i32p0_4", "i32", "llvm.annotation.i32.p0", ["i32", "ptr", "ptr", "i32"])]
    for tag, ret, name, types in forms:
        params = ", ".join(f"{t} %a{i}" for i, t in enumerate(types))
        lhs = "" if ret == "void" else "%r = "
        yield tag, module(f"declare {ret} @{name}({', '.join(types)})\n" + fn(f"  {lhs}call {ret} @{name}({params})\n  ret void", params))


def undefined_order():
    """Two or more undefined names in one function or module, the later in the text first by name
    or number: which one each reader names (values by name, then numbered values by number; a
    block's label among the values; metadata by number)."""
    bodies = {
        "named_yx": "  %a = add i32 %y, 1\n  %b = add i32 %x, 1\n  ret void",
        "named_xy": "  %a = add i32 %x, 1\n  %b = add i32 %y, 1\n  ret void",
        "named_long_short": "  %a = add i32 %zz, 1\n  %b = add i32 %z, 1\n  ret void",
        "numbered_53": "  %a = add i32 %5, 1\n  %b = add i32 %3, 1\n  ret void",
        "numbered_10_9": "  %a = add i32 %10, 1\n  %b = add i32 %9, 1\n  ret void",
        "numbered_then_named": "  %a = add i32 %7, 1\n  %b = add i32 %y, 1\n  ret void",
        "named_then_numbered": "  %a = add i32 %y, 1\n  %b = add i32 %7, 1\n  ret void",
        "block_then_value": "  %a = add i32 %y, 1\n  br label %bb\n",
        "value_then_block": "  br i1 %c, label %b1, label %a1\n",
        "block_b_a": "  br i1 true, label %zb, label %ab\n",
        "value_b_block_a": "  %a = add i32 %zz, 1\n  br label %aa\n",
        "value_a_block_b": "  %a = add i32 %aa, 1\n  br label %zz\n",
    }
    for tag, body in bodies.items():
        yield f"fn_{tag}", module(fn(body))
    mds = {
        "md_30_0": "!llvm.module.flags = !{!30}\n!nvvmir.version = !{!0}\n",
        "md_0_30": "!nvvmir.version = !{!0}\n!llvm.module.flags = !{!30}\n",
        "md_12_9": "!foo = !{!12}\n!bar = !{!9}\n!nvvmir.version = !{!1}\n!1 = !{i32 2, i32 0}\n",
    }
    for tag, md in mds.items():
        yield tag, module(fn("  ret void"), tail=md)
    globs = {
        "global_b_a": "@p = global i32* @zb\n@q = global i32* @ab\n",
        "global_a_b": "@p = global i32* @ab\n@q = global i32* @zb\n",
        "global_numbered": "@p = global i32* @7\n@q = global i32* @3\n",
        "global_named_numbered": "@p = global i32* @3\n@q = global i32* @zz\n",
    }
    for tag, g in globs.items():
        yield tag, module(g)
        yield f"{tag}_opaque", module(_opaque(g))


def check_order_names():
    """An intrinsic call LLVM's verifier refuses (an `immarg` out of range or not constant,
    `setmaxnreg`'s multiple of 8, a `grid_constant` index past the last parameter) beside a
    function whose name libNVVM refuses, before and after it: LLVM's verifier comes first."""
    calls = {
        "setmaxnreg_range": ("declare void @llvm.nvvm.setmaxnreg.inc.sync.aligned.u32(i32)\n",
                             "  call void @llvm.nvvm.setmaxnreg.inc.sync.aligned.u32(i32 20)\n  ret void", ""),
        "setmaxnreg_multiple": ("declare void @llvm.nvvm.setmaxnreg.inc.sync.aligned.u32(i32)\n",
                                "  call void @llvm.nvvm.setmaxnreg.inc.sync.aligned.u32(i32 28)\n  ret void", ""),
        "tensormap_size": ("declare void @llvm.nvvm.fence.proxy.tensormap_generic.acquire.cta(i8*, i32)\n",
                           "  call void @llvm.nvvm.fence.proxy.tensormap_generic.acquire.cta(i8* %p, i32 64)\n  ret void", ""),
        "memcpy_volatile": ("declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)\n",
                            "  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %p, i8* %p, i64 4, i1 %c)\n  ret void", ""),
        "ctlz_flag": ("declare i32 @llvm.ctlz.i32(i32, i1)\n", "  %r = call i32 @llvm.ctlz.i32(i32 1, i1 %c)\n  ret void", ""),
        "grid_constant_past_last": ("", "  ret void",
                                    '!nvvm.annotations = !{!7}\n!7 = !{void (i8*, i1)* @g, !"kernel", i32 1, !"grid_constant", !8}\n!8 = !{i32 5}\n'),
    }
    bad = 'define void @"f.x"() {\n  ret void\n}\n'
    for tag, (decl, body, md) in calls.items():
        f = fn(body, "i8* %p, i1 %c", name="g")
        for order, text in [("badname_first", bad + decl + f), ("badname_last", decl + f + bad), ("alone", decl + f)]:
            yield f"{tag}_{order}", module(text, tail=VERSION + md)
            yield f"{tag}_{order}_opaque", module(_opaque(text), tail=VERSION + _opaque(md))


LINKAGE_WORDS = ["", "internal", "private", "weak", "weak_odr", "linkonce", "linkonce_odr", "common",
                 "appending", "available_externally", "extern_weak", "external"]


def intrinsic_global_linkage():
    """`llvm.used`, `llvm.compiler.used`, `llvm.global_ctors` and `llvm.global_dtors` with each
    linkage (and as a declaration): LLVM's verifier wants appending linkage with an initializer."""
    ctor = "define internal void @c() {\n  ret void\n}\n"
    inits = {
        "llvm.used": ("[1 x i8*]", "[i8* bitcast (void ()* @c to i8*)]"),
        "llvm.compiler.used": ("[1 x i8*]", "[i8* bitcast (void ()* @c to i8*)]"),
        "llvm.global_ctors": ("[1 x { i32, void ()*, i8* }]", "[{ i32, void ()*, i8* } { i32 65535, void ()* @c, i8* null }]"),
        "llvm.global_dtors": ("[1 x { i32, void ()*, i8* }]", "[{ i32, void ()*, i8* } { i32 65535, void ()* @c, i8* null }]"),
    }
    for name, (ty, init) in inits.items():
        for link in LINKAGE_WORDS:
            lw = f"{link} " if link else ""
            value = "zeroinitializer" if link == "common" else init
            body = (f"@{name} = {lw}global {ty} {value}\n" if link != "extern_weak" else f"@{name} = extern_weak global {ty}\n") + ctor
            tag = f"{safe(name)}_{link or 'none'}"
            yield tag, module(body)
            yield f"{tag}_opaque", module(_opaque(body))
        yield f"{safe(name)}_decl", module(f"@{name} = external global {ty}\n" + ctor)


def local_dll():
    """A DLL storage class on a symbol of each linkage (global variable, function definition and
    declaration, alias), with and without a visibility: LLVM 22's reader refuses one on a local
    symbol."""
    for dll in ["dllexport", "dllimport"]:
        for link in ["internal", "private", "", "weak", "linkonce_odr", "available_externally", "extern_weak", "common"]:
            lw = f"{link} " if link else ""
            init = "zeroinitializer" if link == "common" else "0"
            tag = f"{dll}_{link or 'none'}"
            var = f"@g = {lw}{dll} global i32 {init}\n" if link != "extern_weak" else f"@g = extern_weak {dll} global i32\n"
            yield f"var_{tag}", module(var)
            if link not in ("common", "extern_weak"):
                yield f"fn_{tag}", module(f"define {lw}{dll} void @f() {{\n  ret void\n}}\n")
            if link in ("", "extern_weak"):
                yield f"decl_{tag}", module(f"declare {lw}{dll} void @d()\n" + fn("  call void @d()\n  ret void"))
            if link in ("internal", "private", "", "weak"):
                yield f"alias_{tag}", module(f"@g = global i32 0\n@a = {lw}{dll} alias i32, i32* @g\n")
        for vis in ["hidden", "protected"]:
            yield f"var_{dll}_internal_{vis}", module(f"@g = internal {vis} {dll} global i32 0\n")
    # Where the stop falls beside other problems: an undefined value after it, an opaque pointer.
    yield "fn_dllexport_private_then_undefined", module(
        "define private dllexport void @f() {\n  ret void\n}\n" + fn("  call void @nothere()\n  ret void", name="g"))
    yield "fn_undefined_then_dllexport_private", module(
        fn("  call void @nothere()\n  ret void", name="g") + "define private dllexport void @f() {\n  ret void\n}\n")


def alias_linkage():
    """An alias of each linkage, of a defined and of an undefined aliasee: LLVM's readers take
    external, local, weak and linkonce ones only."""
    for link in LINKAGE_WORDS:
        lw = f"{link} " if link else ""
        tag = link or "none"
        for aliasee, gdef in [("defined", "@g = global i32 0\n"), ("undefined", "")]:
            body = f"{gdef}@a = {lw}alias i32, i32 addrspace(1)* addrspacecast (i32* @g to i32 addrspace(1)*)\n"
            if aliasee == "undefined":
                body = f"@a = {lw}alias i32, i32* @g\n"
            yield f"{tag}_{aliasee}", module(body)
            yield f"{tag}_{aliasee}_opaque", module(_opaque(body))
        yield f"{tag}_ifunc", module(f"define i8* @r() {{\n  ret i8* null\n}}\n@i = {lw}ifunc void (), i8* ()* @r\n")


def grid_constant_linkage():
    """A kernel annotated `grid_constant` (index in range and past the last parameter) and a kernel
    alone, defined with each linkage: which definitions libNVVM's checks meet."""
    for link in ["", "internal", "private", "weak", "weak_odr", "linkonce", "linkonce_odr", "available_externally"]:
        lw = f"{link} " if link else ""
        tag = link or "none"
        head = f"define {lw}void @k(i32* %p) {{\n  ret void\n}}\n"
        for idx, itag in [(1, "in"), (5, "past"), (0, "zero")]:
            md = (f'!nvvm.annotations = !{{!7}}\n!7 = !{{void (i32*)* @k, !"kernel", i32 1, !"grid_constant", !8}}\n'
                  f"!8 = !{{i32 {idx}}}\n")
            yield f"{tag}_{itag}", module(head, tail=VERSION + md)
            yield f"{tag}_{itag}_opaque", module(_opaque(head), tail=VERSION + _opaque(md))
        md = '!nvvm.annotations = !{!7}\n!7 = !{void (i32*)* @k, !"kernel", i32 1, !"maxntidx", i32 0}\n'
        yield f"{tag}_maxntid_zero", module(head, tail=VERSION + md)
        md = '!nvvm.annotations = !{!7}\n!7 = !{void (i32*)* @k, !"kernel", i32 2}\n'
        yield f"{tag}_kernel_2", module(head, tail=VERSION + md)


def remangled_names():
    """An overloaded intrinsic declared with another type than its name's suffix: LLVM's readers
    rename it after its type, and libNVVM names that name; its value unused, returned (of
    constant operands, which the compiler folds) and returned of a parameter."""
    cases = [("cos", "f32", "double"), ("cos", "f64", "float"), ("sin", "f32", "double"), ("fabs", "f32", "bfloat"),
             ("fabs", "f64", "half"), ("rint", "f32", "bfloat"), ("rint", "f32", "double"), ("cos", "f32", "half"),
             ("fabs", "f32", "double"), ("sqrt", "f32", "double"), ("sqrt", "f64", "float"), ("exp2", "f32", "double"),
             ("floor", "f64", "float"), ("fma", "f32", "double"), ("ctpop", "i32", "i64"), ("cos", "v2f32", "<2 x double>"),
             ("fabs", "f32", "<2 x float>"), ("log", "f32", "double"), ("pow", "f64", "float"), ("copysign", "f32", "double")]
    for base, sfx, ty in cases:
        n = 3 if base == "fma" else 2 if base in ("pow", "copysign") else 1
        one = "1" if ty.startswith("i") else "1.0" if not ty.startswith("<") else "zeroinitializer"
        if ty == "bfloat":
            one = "0xR3F80"
        if ty == "half":
            one = "0xH3C00"
        args = ", ".join([f"{ty} {one}"] * n)
        decl = f"declare {ty} @llvm.{base}.{sfx}({', '.join([ty] * n)})\n"
        yield f"{base}_{sfx}_as_{safe(ty)}", module(decl + fn(f"  %r = call {ty} @llvm.{base}.{sfx}({args})\n  ret void"))
        yield f"{base}_{sfx}_as_{safe(ty)}_kept", module(decl + fn(f"  %r = call {ty} @llvm.{base}.{sfx}({args})\n  ret {ty} %r", ret=ty))
        # The same with the operands a parameter (the constant call above is folded).
        params = ", ".join(f"{ty} %x{i}" for i in range(n))
        yield f"{base}_{sfx}_as_{safe(ty)}_kept_arg", module(decl + fn(
            f"  %r = call {ty} @llvm.{base}.{sfx}({', '.join(f'{ty} %x{i}' for i in range(n))})\n  ret {ty} %r", params, ret=ty))


def llvm7_stops():
    """Where LLVM 7's reader stops on text nvir's reader stops in later: an instruction opcode
    newer than LLVM 7 before a mistyped operand; an opaque pointer in a metadata node before a
    later problem; an undefined metadata node or global named before a line LLVM 7 cannot read;
    an alignment too large after an opaque pointer on one line."""
    yield "freeze_mistyped", module(fn("  %y = freeze i32 %x\n  ret void", "i16 %x"))
    yield "fneg_mistyped", module(fn("  %y = fneg float %x\n  ret void", "double %x"))
    yield "freeze_undefined", module(fn("  %y = freeze i32 %nothere\n  ret void", "i16 %x"))
    yield "fneg_then_bad_line", module(fn("entry:\n  %y = fneg float %x\n  %z = add i32 %x, 1\n  ret void", "float %x"))
    md = '!nvvm.annotations = !{!1, !2}\n!1 = !{ptr @k, !"kernel", float 1}\n'
    yield "md_ptr_before_float", module(fn("  ret void", name="k"), tail=VERSION + md)
    md = '!nvvm.annotations = !{!1, !2}\n!1 = !{ptr @k, !"kernel", i32 1}\n'
    yield "md_undefined_then_ptr", module(fn("  ret void", name="k"), tail=VERSION + md)
    md = '!nvvm.annotations = !{!1, !9}\n!1 = !{void ()* @k, !"kernel", i32 1}\n!5 = !{bfloat 1.0}\n'
    yield "md_undefined_then_bfloat", module(fn("  ret void", name="k"), tail=VERSION + md)
    yield "global_undefined_then_ptr", module("@p = global i32* @nothere\n@q = global ptr null\n")
    yield "global_undefined_then_ptr_fn", module("@p = global i32* @nothere\n" + fn("  %a = alloca ptr\n  ret void"))
    yield "local_undefined_then_ptr_next_fn", module(fn("  %a = add i32 %nothere, 1\n  ret void") + fn("  %a = alloca ptr\n  ret void", name="g"))
    yield "ptr_then_huge_align", module("@g = global ptr null, align 1073741824\n")
    yield "ptr_then_huge_align_array", module("@g = appending global [1 x { i32, ptr, ptr }] zeroinitializer, align 1073741824\n")
    yield "huge_align_then_ptr_next", module("@g = global i32 0, align 1073741824\n@h = global ptr null\n")
    yield "md_redefined_after_bad", module(fn("  ret void", params="i32 noundef %x"),
                                          tail="!nvvmir.version = !{!0}\n!0 = !{i32 2, half 0}\n!0 = !{i32 2, half 0}\n")
    yield "md_redefined_after_bad_float", module(fn("  ret void", params="i32 immarg %x"),
                                                tail="!nvvmir.version = !{!0}\n!0 = !{float 2, i32 0}\n!0 = !{float 2, i32 0}\n")



def kept_llvm7():
    """Each NVVM intrinsic of the LLVM 7 table not yet marked `kept` (not overloaded), declared
    with one argument more than its signature and called with its value unused, at compute_90:
    whether LLVM 7's compiler keeps the call (and its verifier then stops at the declaration,
    `Broken function found`) or drops it first."""
    table = HERE.parent.parent / "crates" / "verify" / "src" / "intrinsics.tsv"
    for line in table.read_text().splitlines():
        cols = line.split("\t")
        if len(cols) < 5 or cols[0] != "llvm7" or not cols[1].startswith("llvm.nvvm.") or "kept" in cols[4]:
            continue
        name, ret, args = cols[1], cols[2], cols[3]
        if re.search(r"any|match|metadata|token|\.\.\.", ret + args):
            continue
        rt = "{ " + ", ".join(ret.split(";")) + " }" if ";" in ret else (ret or "void")
        types = [t for t in args.split(";") if t] + ["i32"]
        params = ", ".join(f"{t} %a{i}" for i, t in enumerate(types))
        lhs = "" if rt == "void" else "%r = "
        yield safe(name.removeprefix("llvm.nvvm.")), module(
            f"declare {rt} @{name}({', '.join(types)})\n" + fn(f"  {lhs}call {rt} @{name}({params})\n  ret void", params))



def fn_props_order():
    """A function property libNVVM refuses (prefix or prologue data, a personality, a GC name,
    an alignment) beside a function attribute it refuses, each in both spellings: which it names
    first."""
    props = {"prefix": "prefix i32 123", "prologue": "prologue i32 7", "gc": 'gc "x"', "align": "align 16",
             "personality": "personality i32 (...)* @p"}
    for attr in ["uwtable", "naked", "sspstrong", "nonlazybind"]:
        for tag, prop in props.items():
            decl = "declare i32 @p(...)\n" if tag == "personality" else ""
            yield f"{tag}_{attr}", module(decl + f"define void @f() {attr} {prop} {{\n  ret void\n}}\n")
            yield f"{tag}_{attr}_group", module(decl + f"define void @f() #0 {prop} {{\n  ret void\n}}\nattributes #0 = {{ {attr} }}\n")



def layout_stop():
    """A data layout LLVM 22's reader refuses (an unknown specifier, an `i8` of another alignment,
    after a specifier libNVVM's own layout rule refuses) beside another problem of the module:
    which each path names first."""
    layouts = {"z0": "e-i64:64-i128:128-v16:16-v32:32-n16:32:64-z0", "i8_16": "e-i8:16-i64:64-i128:128-v16:16-v32:32-n16:32:64",
               "big_z0": "E-i64:64-i128:128-v16:16-v32:32-n16:32:64-z0", "big_i8_16": "E-i8:16-i64:64-i128:128-n16:32:64",
               "m_z0": "e-m:e-i64:64-n16:32:64-z0"}
    others = {
        "alone": ("", VERSION),
        "bad_name": ('define void @"f@x"() {\n  ret void\n}\n', VERSION),
        "version": ("", "!nvvmir.version = !{!0}\n!0 = !{i32 2, i32 0, i32 2, i32 0}\n"),
        "untyped_inalloca": ("define void @f(i32* inalloca %p) {\n  ret void\n}\n", VERSION),
        "bad_triple": ("", VERSION),
    }
    for ltag, layout in layouts.items():
        for otag, (body, tail) in others.items():
            triple = "amdgcn-amd-amdhsa" if otag == "bad_triple" else TRIPLE
            yield f"{ltag}_{otag}", module(body or "@g = global i32 0\n", layout=layout, triple=triple, tail=tail)



def kernel_linkage():
    """A function libNVVM refuses something in (a function attribute, an instruction's type, a
    property) defined with each discardable linkage and named only by an annotation (a kernel,
    a `maxntidx`) or by `!llvm.module.flags`-like metadata: whether the modern path keeps it."""
    problems = {"uwtable": ("uwtable", "  ret void"), "fp128": ("", "  %a = alloca fp128\n  ret void"),
                "prefix": ("prefix i32 1", "  ret void")}
    refs = {"kernel": '!nvvm.annotations = !{!7}\n!7 = !{void ()* @k, !"kernel", i32 1}\n',
            "maxntid": '!nvvm.annotations = !{!7}\n!7 = !{void ()* @k, !"maxntidx", i32 32}\n',
            "named_md": "!foo = !{!7}\n!7 = !{void ()* @k}\n",
            "none": ""}
    for link in ["internal", "private", "linkonce_odr", "available_externally", "weak"]:
        for ptag, (attrs, body) in problems.items():
            for rtag, md in refs.items():
                text = f"define {link} void @k() {attrs} {{\n{body}\n}}\n"
                yield f"{link}_{ptag}_{rtag}", module(text, tail=VERSION + md)


GROUPS = {
    "addrspacecast": addrspacecast, "alloca": alloca, "globals": globals_, "linkage": linkage, "types": types,
    "params": params, "fnattr": fnattr, "atomics": atomics, "instructions": instructions,
    "datalayout": datalayout, "triple": triple, "nvvmir_version": nvvmir_version, "annotations": annotations,
    "identifiers": identifiers, "inline_asm": inline_asm, "fnprops": fnprops, "metadata": metadata_,
    "multi_error": multi_error, "attrgroup": attr_groups,
    "grammar": grammar, "difields": di_fields, "atomictypes": atomic_types, "initspace": init_spaces,
    "numbering": numbering, "diwords": di_words, "swifterror": swift_error, "memspaces": mem_spaces,
    "texsurf": tex_surf, "paramsmodern": params_modern,
    "llvmverifier": llvm_verifier, "naked": naked, "order": problem_order,
    "dimissing": di_missing, "dibroken": di_broken, "dropped": dropped,
    "fpcalls": fp_calls, "atomicsizes": atomic_sizes, "readermodern": reader_modern, "calls": calls,
    "usedlists": used_lists,
    "dirules": di_rules, "mdrules": md_rules, "callargs": call_args, "masked": masked, "llvm7": llvm7_rules,
    "globaluses": global_uses, "ifuncs": ifuncs, "assume": assume_bundles, "absolutefn": absolute_functions,
    "fpbehind": fp_behind, "atomicorder": atomic_order, "llvm7order": llvm7_reader_order,
    "mixdialect": mixed_dialects, "dinewer": di_newer_nodes, "inallocapos": inalloca_position,
    "redefine": redefinitions,
    "fnlinkage": fn_linkage,
    "attrorder": attr_order, "tripleorder": triple_order,
    "parsewords": parse_words,
    "mdllvm22": md_llvm22,
    "unknownintr": unknown_intrinsics,
    "intruser": intrinsic_users,
    "llvm22syntax": llvm22_syntax,
    "nvvm22sig": nvvm22_signatures,
    "pointeemix": pointee_mix,
    "undeclintr": undeclared_intrinsics,
    "asmwide": asm_wide, "asmindirect": asm_indirect, "progspace": program_space,
    "nvvmfamily": nvvm_families,
    "memold": old_memory_intrinsics,
    "dilang": di_language,
    "mathintr": math_intrinsics, "oldwarp": old_warp, "unknownllvm": unknown_llvm,
    "fmfcall": fmf_calls,
    "versionbody": version_bodies,
    "mistyped": mistyped_calls,
    "declorder": decl_order,
    "retype": retyped_calls,
    "nvvmrebuild": nvvm_rebuilt,
    "intrattr": intrinsic_attrs,
    "ptrarg": pointer_args,
    "annotforms": annotation_forms,
    "undeforder": undefined_order,
    "nameorder": check_order_names,
    "introlink": intrinsic_global_linkage, "localdll": local_dll, "aliaslink": alias_linkage,
    "gridlink": grid_constant_linkage, "remangle": remangled_names, "llvm7stops": llvm7_stops,
    "keptllvm7": kept_llvm7, "fnproporder": fn_props_order, "layoutstop": layout_stop,
    "kernellink": kernel_linkage,
}


def probes():
    """(group/case, text) for every probe, in a fixed order."""
    seen = set()
    for group, gen in GROUPS.items():
        for item in gen():
            if item is None:
                continue
            case, text = item
            key = f"{group}/{case}"
            if key in seen:
                raise SystemExit(f"duplicate probe {key}")
            seen.add(key)
            yield key, text


def first_message(log):
    """libNVVM's first error, without its location header (`probe.ll (6, 2): `,
    ``: Function `f': ``, a debug location `: k.cu(7): `), its context lines, the warnings before it and the stray `Error:` a
    log runs into."""
    severity = "error"
    for line in (log or "").splitlines():
        line = line.strip().removeprefix("error:").strip()
        if line.startswith("Warning:"):
            severity, line = "warning", line.removeprefix("Warning:").strip()
        elif line.startswith("Error:"):
            severity, line = "error", line.removeprefix("Error:").strip()
        if not line or line.startswith("context:") or line.endswith("':") or severity == "warning":
            continue
        if re.fullmatch(r": .*\(\d+\):", line):
            # A module with debug info heads the message with its source location (`: k.cu(7): `).
            continue
        line = re.sub(r"^probe\.ll(?: \(\d+, \d+\))?: (?:error: )?", "", line)
        line = re.sub(r"^: (?:Function|Global Value|Global Variable) `.*?': ", "", line)
        # Heap addresses differ from run to run.
        line = re.sub(r"<?0x[0-9a-fA-F]+>?", "<ADDR>", line)
        return line.removesuffix("Error:").strip()
    return ""


def ask(w, text, arch):
    """libNVVM's answers for one module at one arch: verify and compile, each (rc, first message)."""
    data = text.encode()
    out = {}
    for what, call in (("verify", w.verify), ("compile", w.nvvm)):
        rep = call([("probe.ll", data)], [f"-arch={arch}"])
        if rep.get("stage") == "crash":
            rep = call([("probe.ll", data)], [f"-arch={arch}"])
        if rep.get("stage") == "crash":
            out[what] = {"rc": None, "first": "crash"}
            continue
        rc = 0 if rep.get("ok") else rep.get("result")
        log = rep.get("log") or rep.get("error_log") or ""
        out[what] = {"rc": rc, "first": first_message(log) if rc else ""}
    if out["compile"]["rc"] is None and out["verify"]["rc"] != 0:
        # Compiling a module the verifier refuses can crash only some of the time (an inline-asm
        # operand of a wide type at compute_90 crashes or compiles): ask again and keep every
        # outcome seen.
        seen = {None}
        for _ in range(CRASH_RETRIES):
            rep = w.nvvm([("probe.ll", data)], [f"-arch={arch}"])
            seen.add(None if rep.get("stage") == "crash" else 0 if rep.get("ok") else rep.get("result"))
        if len(seen) > 1:
            out["compile"]["seen"] = sorted(seen, key=lambda x: (x is not None, x))
    return out


CRASH_RETRIES = 10


def answers(a):
    """An arch's recorded answers: verify rc and first message, compile rc and first message, and
    the compile outcomes seen when it crashes only some of the time."""
    row = [a["verify"]["rc"], a["verify"]["first"], a["compile"]["rc"], a["compile"]["first"]]
    return row + [a["compile"]["seen"]] if "seen" in a["compile"] else row


def record(args):
    """Every probe (or those of `--only` groups, whose lines replace that group's lines in OUT)."""
    from nvtools import Worker
    archs = args.archs.split(",")
    rows = []
    only = tuple(f"{g}/" for g in args.only or [])
    kept = {}
    if only and pathlib.Path(args.out).exists():
        kept = {json.loads(l)["probe"]: l for l in pathlib.Path(args.out).read_text().splitlines()}
    with Worker() as w:
        for key, text in probes():
            if only and not key.startswith(only):
                if key in kept:
                    rows.append(json.loads(kept[key]))
                continue
            row = {"probe": key, "src": text}
            for arch in archs:
                row[arch] = answers(ask(w, text, arch))
            rows.append(row)
    pathlib.Path(args.out).write_text("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rows))
    print(f"{len(rows)} probes x {len(archs)} archs -> {args.out}")


# Probes libNVVM answers differently from run to run (measured: verify and compile of a call
# site with `jumptable` at compute_90 both come and go).
UNSTABLE = {"fnattr/callsite_jumptable"}


def check(args):
    from nvtools import Worker, cu13_dir
    if cu13_dir() is None:
        print("MISSING libNVVM (run scripts/oracles/setup.sh)")
        return 1
    rows = [json.loads(l) for l in pathlib.Path(args.data).read_text().splitlines()]
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    print(f"sample seed {seed}")
    rng = random.Random(seed)
    sample = rows if args.sample <= 0 else rng.sample(rows, min(args.sample, len(rows)))
    good = bad = 0
    with Worker() as w:
        for row in sample:
            for arch, want in row.items():
                if not arch.startswith("compute_"):
                    continue
                a = ask(w, row["src"], arch)
                got = [a["verify"]["rc"], a["verify"]["first"], a["compile"]["rc"], a["compile"]["first"]]
                if got[2] in (want[4] if len(want) > 4 else ()):
                    got[2:4] = want[2:4]
                want = want[:4]
                # A crash is recorded as such; whether libNVVM crashes again is not compared.
                same = all(g == w_ or None in (g, w_) if i % 2 == 0 else g == w_ or "crash" in (g, w_)
                           for i, (g, w_) in enumerate(zip(got, want))) or row["probe"] in UNSTABLE
                if same:
                    good += 1
                else:
                    print(f"DIFF {row['probe']} @{arch}: recorded {want}, libNVVM now {got}")
                    bad += 1
    print(f"axes-check: {good} passed, {bad} failed")
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("out")
    r = sub.add_parser("record")
    r.add_argument("out")
    r.add_argument("--archs", default="compute_90,compute_100")
    r.add_argument("--only", action="append", help="record only this group (repeatable); keep OUT's other lines")
    c = sub.add_parser("check")
    c.add_argument("data")
    c.add_argument("--sample", type=int, default=40)
    c.add_argument("--seed", type=int, help="the sample's seed (default: a new one each run, printed)")
    args = ap.parse_args()
    if args.cmd == "gen":
        n = 0
        for key, text in probes():
            p = pathlib.Path(args.out) / f"{key}.ll"
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text)
            n += 1
        print(f"{n} probes in {args.out}")
        return 0
    if args.cmd == "record":
        record(args)
        return 0
    return check(args)


if __name__ == "__main__":
    sys.exit(main())
