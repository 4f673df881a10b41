define void @f(i8* %p) {
  %r = atomicrmw add i8* %p, i7 1 monotonic
  ret void
}
