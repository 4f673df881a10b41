; A named type that is not a struct (`%T = type [8 x i8]`) is another name for that type: its
; uses are the type itself, and the name is not printed.
%bytes = type [8 x i8]
%pair = type { %bytes, i32 }

@g = global %bytes zeroinitializer

define void @f(ptr byval(%bytes) %p, ptr sret(%bytes) %q) {
  %v = load %bytes, ptr %p
  store %bytes %v, ptr %q
  ret void
}
