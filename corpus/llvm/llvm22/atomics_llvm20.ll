; Hand-written: the conditional and saturating subtractions LLVM 20 added to atomicrmw, on the
; address spaces and widths a kernel uses them with. Assembled by LLVM 22 (llvmlite 0.50).
target triple = "nvptx64-nvidia-cuda"

@counter = internal addrspace(3) global i32 0, align 4

define ptx_kernel void @take_tickets(ptr addrspace(1) %pool, ptr %wide, i32 %n, i64 %m, ptr addrspace(1) %out) {
entry:
  %a = atomicrmw usub_cond ptr addrspace(1) %pool, i32 %n monotonic, align 4
  %b = atomicrmw usub_sat ptr addrspace(3) @counter, i32 %a syncscope("block") acq_rel, align 4
  %c = atomicrmw usub_cond ptr %wide, i64 %m seq_cst, align 8
  %d = atomicrmw usub_sat ptr %wide, i64 %c acquire, align 8
  %t = trunc i64 %d to i32
  %s = add i32 %b, %t
  store i32 %s, ptr addrspace(1) %out, align 4
  ret void
}
