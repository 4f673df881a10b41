#!/usr/bin/env python3
"""Writes a valid NVVM IR module of about SIZE megabytes (typed pointers, so both libNVVM paths
read it) for timing verifiers: units of one kernel and three device functions with loads and
stores in the generic, global, shared and constant address spaces, GEPs, integer and float
arithmetic, a loop with phis, a diamond, a switch, calls, special registers, barriers, warp
shuffles, atomics, address-space casts, vector operations and inline assembly.

    python3 benches/gen_nvvm.py SIZE_MB OUT.ll [--kernels-every N]

Every unit's kernel is annotated in !nvvm.annotations (libNVVM's LLVM 7 path slows down
super-linearly with their number; --kernels-every N annotates one unit in N).
"""
import sys

HEADER = """target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare float @llvm.sqrt.f32(float)
declare float @llvm.fma.f32(float, float, float)
declare i32 @llvm.ctpop.i32(i32)
"""

UNIT = """
@sh{u} = internal addrspace(3) global [256 x float] undef, align 4
@cst{u} = internal addrspace(4) global [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0], align 4

define internal float @dev_a{u}(float %x, float %y) {{
entry:
  %m = fmul float %x, %y
  %s = call float @llvm.sqrt.f32(float %m)
  %f = call float @llvm.fma.f32(float %s, float %x, float %y)
  %c = fcmp ogt float %f, 0.0
  br i1 %c, label %pos, label %neg
pos:
  %p = fadd float %f, 1.0
  br label %join
neg:
  %n = fsub float 0.0, %f
  br label %join
join:
  %r = phi float [ %p, %pos ], [ %n, %neg ]
  ret float %r
}}

define internal i32 @dev_b{u}(i32 %n, i32 addrspace(1)* %v) {{
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %idx = sext i32 %i to i64
  %ptr = getelementptr inbounds i32, i32 addrspace(1)* %v, i64 %idx
  %val = load i32, i32 addrspace(1)* %ptr, align 4
  %pc = call i32 @llvm.ctpop.i32(i32 %val)
  %acc.next = add nsw i32 %acc, %pc
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp sge i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  switch i32 %acc.next, label %other [
    i32 0, label %zero
    i32 1, label %one
  ]
zero:
  ret i32 0
one:
  ret i32 1
other:
  %sh = shl i32 %acc.next, 2
  ret i32 %sh
}}

define internal void @dev_c{u}(float* %out, <4 x float> %v) {{
entry:
  %e0 = extractelement <4 x float> %v, i32 0
  %e1 = extractelement <4 x float> %v, i32 1
  %sum = fadd float %e0, %e1
  %w = insertelement <4 x float> %v, float %sum, i32 2
  %e2 = extractelement <4 x float> %w, i32 2
  store float %e2, float* %out, align 4
  %lane = call i32 asm "mov.u32 $0, %laneid;", "=r"()
  ret void
}}

define void @kern{u}(float addrspace(1)* %a, float addrspace(1)* %b, i32 addrspace(1)* %cnt, i32 %n) {{
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
  %gid64 = sext i32 %gid to i64
  %pa = getelementptr inbounds float, float addrspace(1)* %a, i64 %gid64
  %pb = getelementptr inbounds float, float addrspace(1)* %b, i64 %gid64
  %x = load float, float addrspace(1)* %pa, align 4
  %y = load float, float addrspace(1)* %pb, align 4
  %z = call float @dev_a{u}(float %x, float %y)
  %t64 = zext i32 %tid to i64
  %ps = getelementptr inbounds [256 x float], [256 x float] addrspace(3)* @sh{u}, i64 0, i64 %t64
  store float %z, float addrspace(3)* %ps, align 4
  call void @llvm.nvvm.barrier0()
  %k = and i64 %t64, 3
  %pc = getelementptr inbounds [4 x float], [4 x float] addrspace(4)* @cst{u}, i64 0, i64 %k
  %c = load float, float addrspace(4)* %pc, align 4
  %zs = load float, float addrspace(3)* %ps, align 4
  %r = fmul float %zs, %c
  store float %r, float addrspace(1)* %pa, align 4
  %bits = bitcast float %r to i32
  %sh = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %bits, i32 1, i32 31)
  %old = atomicrmw add i32 addrspace(1)* %cnt, i32 %sh seq_cst
  %pair = cmpxchg i32 addrspace(1)* %cnt, i32 %old, i32 %n seq_cst seq_cst
  %cnt.gen = addrspacecast i32 addrspace(1)* %cnt to i32*
  %cnt.back = addrspacecast i32* %cnt.gen to i32 addrspace(1)*
  %q = call i32 @dev_b{u}(i32 %n, i32 addrspace(1)* %cnt.back)
  %pa.gen = addrspacecast float addrspace(1)* %pa to float*
  %vf = sitofp i32 %q to float
  %v0 = insertelement <4 x float> undef, float %vf, i32 0
  %v1 = insertelement <4 x float> %v0, float %r, i32 1
  call void @dev_c{u}(float* %pa.gen, <4 x float> %v1)
  ret void
}}
"""


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    size = float(argv[1]) * 1e6
    every = int(argv[4]) if len(argv) > 4 and argv[3] == "--kernels-every" else 1
    parts = [HEADER]
    written = len(HEADER)
    units = 0
    while written < size:
        text = UNIT.format(u=units)
        parts.append(text)
        written += len(text)
        units += 1
    notes = [f"!{i + 2} = !{{void (float addrspace(1)*, float addrspace(1)*, i32 addrspace(1)*, i32)* @kern{u}, !\"kernel\", i32 1}}"
             for i, u in enumerate(range(0, units, every))]
    refs = ", ".join(f"!{i + 2}" for i in range(len(notes)))
    parts.append("\n!nvvmir.version = !{!0}\n!0 = !{i32 2, i32 0}\n")
    parts.append(f"!nvvm.annotations = !{{{refs}}}\n" + "\n".join(notes) + "\n")
    with open(argv[2], "w") as f:
        f.write("".join(parts))
    print(f"{argv[2]}: {units} units, {len(notes)} annotated kernels", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
