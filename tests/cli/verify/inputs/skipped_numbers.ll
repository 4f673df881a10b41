; Numbers that skip: LLVM 19+ syntax, which libNVVM's modern reader takes and its LLVM 7 reader
; refuses at the first skipped number (measured: numbering/global_gap of scripts/probe/fresh.py).
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@0 = addrspace(1) global i32 0
@2 = addrspace(1) global i32 0

define void @k(i32 %a) {
entry:
  %0 = add i32 %a, 1
  %3 = add i32 %0, 1
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{void (i32)* @k, !"kernel", i32 1}
!nvvmir.version = !{!1}
!1 = !{i32 2, i32 0}
