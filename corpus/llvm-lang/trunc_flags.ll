; `trunc nuw`/`nsw` (LLVM 19), either order, printed nuw first.
define i32 @f(i64 %a) {
  %x = trunc nuw i64 %a to i32
  %y = trunc nsw i64 %a to i32
  %z = trunc nsw nuw i64 %a to i32
  %s = add i32 %x, %y
  %t = add i32 %s, %z
  ret i32 %t
}
