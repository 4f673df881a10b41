; `splat (T v)` (LLVM 19's reader takes it; LLVM 14's does not) and a vector GEP whose struct index is a splat vector.
@v = global <4 x i32> splat (i32 7)
@z = global <2 x i64> splat (i64 0)
@gv = global <2 x i32*> getelementptr ({ i8, i32 }, <2 x { i8, i32 }*> zeroinitializer, <2 x i64> <i64 1, i64 1>, <2 x i32> <i32 1, i32 1>)

define <2 x i32*> @f(<2 x { i8, i32 }*> %p) {
  %q = getelementptr { i8, i32 }, <2 x { i8, i32 }*> %p, <2 x i64> zeroinitializer, <2 x i32> <i32 1, i32 1>
  %r = getelementptr { i8, i32 }, <2 x { i8, i32 }*> %p, i64 0, <2 x i32> zeroinitializer
  ret <2 x i32*> %q
}

define <4 x float> @g() {
  ret <4 x float> splat (float 1.5)
}
