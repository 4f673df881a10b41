define void @f(i32 %x) {
entry:
  switch i32 %x, label %d [ i16 1, label %d ]
d:
  ret void
}
