; `uselistorder` directives (inside a body, after its last block, and at the top level) order use
; lists, which the IR does not keep: they are read and dropped.
@g = global i32 0

define i32 @f(i32 %a) {
entry:
  %x = add i32 %a, 1
  %y = add i32 %a, 2
  br label %exit

exit:
  %s = add i32 %x, %y
  %t = add i32 %x, %s
  ret i32 %t
  uselistorder i32 %a, { 1, 0 }
  uselistorder i32 %x, { 1, 0 }
}

define i32* @uses() {
  %p = getelementptr i32, i32* @g, i64 0
  %q = getelementptr i32, i32* @g, i64 1
  ret i32* @g
}

uselistorder i32* @g, { 2, 1, 0 }
