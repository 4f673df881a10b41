; Fast-math flags on a call returning a literal struct of floats (clang's output at -O0 for
; inline asm with two float results): LLVM 22's reader takes them, LLVM 7's does not.
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define float @f() {
  %r = call contract { float, float } asm sideeffect "mov.f32 $0, 0f00000000;\0Amov.f32 $1, 0f00000000;", "=f,=f"()
  %a = extractvalue { float, float } %r, 0
  ret float %a
}

!nvvmir.version = !{!0}
!0 = !{i32 2, i32 0}
