; An attribute group named and never defined adds nothing, as in LLVM (a module cut from a
; larger one by hand may name groups it no longer holds).
define void @f() #0 {
  call void @g() #1
  ret void
}

declare void @g() #2

attributes #2 = { nounwind }
