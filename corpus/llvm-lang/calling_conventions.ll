; Every calling convention LLVM 14 or 19 names: those both print by name stay names; one only
; LLVM 14 knows (webkit_jscc) or only LLVM 19 (preserve_nonecc, graalcc, …) prints as `cc N`,
; which every LLVM reads.
declare webkit_jscc void @webkit()
declare avr_intrcc void @avr()
declare preserve_nonecc void @none()
declare graalcc void @graal()
declare x86_vectorcallcc void @vectorcall()
declare amdgpu_kernel void @amdgpu()
declare cc 1023 void @numbered()

define void @caller() {
  call webkit_jscc void @webkit()
  call cc 86 void @numbered()
  ret void
}
