; Numbered values may skip numbers (LLVM 19): globals, arguments, instructions and labels only
; increase; an unnamed value takes the number after the last, and `@""` is an unnamed global.
; They are printed numbered afresh; a name that is a number (`%"2"`) stays quoted.
@3 = global i32 0
@"" = global i32 1

define i32 @f(i32 %2, i32 %7) {
  %10 = add i32 %2, %7
  add i32 %10, 1
  br label %20

20:
  %21 = add i32 %11, ptrtoint (ptr @4 to i32)
  ret i32 %21
}

define void @g() {
  br label %"2"

"2":
  %"3" = add i32 0, 1
  ret void
}
