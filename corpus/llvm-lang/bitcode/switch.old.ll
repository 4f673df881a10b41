source_filename = "switch.ll"

@g = global i32 0

define i32 @f() {
entry:
  %x = load i32, i32* @g, align 4
  switch i32 %x, label %d [
    i32 1, label %a
    i32 2, label %a
    i32 3, label %a
    i32 7, label %b
    i32 -1, label %b
  ]

a:
  ret i32 1

b:
  ret i32 2

d:
  ret i32 0
}
