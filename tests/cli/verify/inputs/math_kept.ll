; Calls libNVVM's verifier takes or refuses and its compute_100+ compiler does not lower where
; the result is kept: llvm.cos (refused by the verifier too), llvm.tan, the non-.sync shuffle,
; a name no intrinsic of LLVM 22's; an unused llvm.cos is removed before the compiler's checks.
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare float @llvm.cos.f32(float)
declare float @llvm.tan.f32(float)
declare i32 @llvm.nvvm.shfl.bfly.i32(i32, i32, i32)
declare i32 @llvm.ptx.read.tid.x()

define float @f(float %x, i32 %v) {
  %unused = call float @llvm.cos.f32(float %x)
  %c = call float @llvm.cos.f32(float %x)
  %t = call float @llvm.tan.f32(float %c)
  %s = call i32 @llvm.nvvm.shfl.bfly.i32(i32 %v, i32 1, i32 31)
  %tid = call i32 @llvm.ptx.read.tid.x()
  %sum = add i32 %s, %tid
  %sf = sitofp i32 %sum to float
  %r = fadd float %t, %sf
  ret float %r
}

!nvvmir.version = !{!0}
!0 = !{i32 2, i32 0, i32 3, i32 2}
