define void @f(i8* %p, i7 %v) {
  %r = cmpxchg i8* %p, i7 %v, i7 %v monotonic monotonic
  ret void
}
