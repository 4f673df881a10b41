; Accepted by libNVVM's verifier everywhere; each warning or compile-stage error is what its compiler does (measured).
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i1 @llvm.nvvm.isspacep.cluster_shared(i8*)

define void @k(i8 %small, i16 signext %ok, i128* %p, i8* %q) {
  %old = cmpxchg i128* %p, i128 0, i128 1 monotonic monotonic
  %x = atomicrmw xchg i128* %p, i128 2 monotonic
  %c = call i1 @llvm.nvvm.isspacep.cluster_shared(i8* %q)
  ret void
}

define internal zeroext i8 @narrow(i8 zeroext %a) {
  ret i8 %a
}

define internal i16 @narrow_ret() {
  ret i16 0
}

!nvvm.annotations = !{!1, !2}
!1 = !{void (i8, i16, i128*, i8*)* @k, !"kernel", i32 1}
!2 = !{void (i8, i16, i128*, i8*)* @k, !"cluster_dim_x", i32 2, !"cluster_dim_y", i32 1, !"cluster_dim_z", i32 1}
!nvvmir.version = !{!3}
!3 = !{i32 2, i32 0}
