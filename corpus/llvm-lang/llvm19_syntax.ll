; LLVM 15 … 19 syntax in one module: global sanitizer flags and code models, new attributes (range,
; dead_on_unwind, writable, memory(…)), instruction flags (nneg, trunc nuw/nsw, disjoint, gep nusw/nuw),
; atomicrmw uinc_wrap and fmax, scalable vectors, target extension types.
@g1 = global i32 0, no_sanitize_address, no_sanitize_hwaddress, sanitize_memtag, sanitize_address_dyninit
@g2 = global i32 0, code_model "large"

define void @skips() {
  %1 = add i32 1, 2
  %2 = add i32 %1, 2
  br label %3
3:
  ret void
}

define void @attrs(ptr dead_on_unwind writable %p, i32 range(i32 0, 10) %r, ptr %q) mustprogress nosync nofree willreturn hot optdebug nosanitize_bounds sanitize_numerical_stability presplitcoroutine skipprofile fn_ret_thunk_extern coro_only_destroy_when_complete null_pointer_is_valid disable_sanitizer_instrumentation nocallback {
  ret void
}

define range(i32 0, 100) i32 @retrange(ptr noalias nocapture readonly dereferenceable(8) dereferenceable_or_null(16) align 8 noundef nonnull %p, ptr swifterror %e, ptr swiftself %s, ptr swiftasync %a, ptr preallocated(i32) %pa, ptr byref(i32) %br) {
  ret i32 0
}

define void @flags(i32 %a, i64 %b, ptr %p, float %f) {
  %z = zext nneg i32 %a to i64
  %t = trunc nuw nsw i64 %b to i32
  %o = or disjoint i32 %a, 1
  %u = uitofp nneg i32 %a to float
  %g = getelementptr nusw nuw i8, ptr %p, i64 1
  %c = call nnan ninf float @llvm.fabs.f32(float %f)
  %s = select fast i1 true, float %f, float %f
  %x = atomicrmw uinc_wrap ptr %p, i32 1 seq_cst
  %y = atomicrmw fmax ptr %p, float 1.0 monotonic
  %fr = freeze i32 %a
  ret void
}

declare float @llvm.fabs.f32(float)

define void @vecs(<vscale x 4 x i32> %v) vscale_range(1, 16) {
  %e = extractelement <vscale x 4 x i32> %v, i64 0
  ret void
}

define target("spirv.Image", float, 5) @texture(target("spirv.Image", float, 5) %t) {
  ret target("spirv.Image", float, 5) %t
}

define void @allocs() allockind("alloc,uninitialized") "alloc-family"="malloc" memory(argmem: readwrite, inaccessiblemem: write) uwtable(sync) {
  ret void
}
