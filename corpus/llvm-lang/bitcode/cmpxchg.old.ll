source_filename = "cmpxchg.ll"

@g = global i32 0

define i32 @f() {
  %1 = cmpxchg i32* @g, i32 1, i32 2 acq_rel acquire
  %2 = extractvalue { i32, i1 } %1, 0
  %3 = cmpxchg i32* @g, i32 %2, i32 3 release monotonic
  %4 = extractvalue { i32, i1 } %3, 0
  ret i32 %4
}
