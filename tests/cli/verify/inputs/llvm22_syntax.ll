; LLVM 22 syntax: libNVVM's modern path reads it, its LLVM 7 path stops at the first word it does
; not know (`ptrtoaddr`).
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define i64 @f(i8* %p, float %x) {
  %a = ptrtoaddr i8* %p to i64
  %d = fpext nnan float %x to double
  ret i64 %a
}

!nvvmir.version = !{!0}
!0 = !{i32 2, i32 0}
