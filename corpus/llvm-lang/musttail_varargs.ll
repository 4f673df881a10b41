; A musttail call in a varargs function forwards the varargs: `...` ends its argument list.
declare i8* @callee(i8*, ...)

define i8* @forward(i8* %this, ...) {
  %r = musttail call i8* (i8*, ...) @callee(i8* %this, ...)
  ret i8* %r
}

define void @forward_none(...) {
  musttail call void (...) @none(...)
  ret void
}

declare void @none(...)

define i8* @not_vararg(i8* %p) {
  %r = musttail call i8* @plain(i8* %p)
  ret i8* %r
}

declare i8* @plain(i8*)
