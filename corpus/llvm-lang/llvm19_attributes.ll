; Every function and parameter attribute LLVM 19 reads and writes (not a module LLVM's verifier takes:
; contradictory attributes together); `hybrid_patchable` is left out, which LLVM 19 writes but cannot read.
define void @fa() alwaysinline cold convergent coro_only_destroy_when_complete disable_sanitizer_instrumentation fn_ret_thunk_extern hot inlinehint jumptable minsize mustprogress naked nobuiltin nocallback nocf_check noduplicate nofree noimplicitfloat noinline nomerge noprofile norecurse noredzone noreturn nosanitize_bounds nosanitize_coverage nosync nounwind nonlazybind null_pointer_is_valid optforfuzzing optdebug optsize optnone presplitcoroutine returns_twice safestack sanitize_address sanitize_hwaddress sanitize_memtag sanitize_memory sanitize_thread sanitize_numerical_stability shadowcallstack skipprofile speculatable speculative_load_hardening ssp sspreq sspstrong strictfp willreturn alignstack(16) vscale_range(2,4) uwtable "x"="y" {
  unreachable
}
define void @fb(ptr immarg %a, ptr inreg %b, ptr nest %c, ptr noalias nocapture nofree noundef nonnull readnone %d, ptr readonly writeonly returned %e, i8 signext %f, i8 zeroext %g, ptr writable dead_on_unwind %h, ptr dereferenceable(8) %i, ptr dereferenceable_or_null(8) %j, ptr align 16 %k, float nofpclass(nan) %l, i32 range(i32 1, 5) %m, ptr byref(i32) %n, ptr preallocated(i32) %o) {
  ret void
}
