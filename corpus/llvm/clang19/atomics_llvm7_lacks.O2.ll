; ModuleID = 'atomics_llvm7_lacks.cu'
source_filename = "atomics_llvm7_lacks.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite)
define dso_local void @_Z13float_atomicsPfPdfd(ptr nocapture noundef %0, ptr nocapture noundef %1, float noundef %2, double noundef %3) local_unnamed_addr #0 {
  %5 = atomicrmw fsub ptr %0, float %2 monotonic, align 4
  %6 = getelementptr inbounds i8, ptr %0, i64 4
  %7 = atomicrmw fmax ptr %6, float %5 seq_cst, align 4
  %8 = getelementptr inbounds i8, ptr %0, i64 8
  %9 = atomicrmw fmin ptr %8, float %7 acquire, align 4
  %10 = atomicrmw fsub ptr %1, double %3 release, align 8
  %11 = getelementptr inbounds i8, ptr %1, i64 8
  %12 = atomicrmw fmax ptr %11, double %10 acq_rel, align 8
  %13 = getelementptr inbounds i8, ptr %1, i64 16
  %14 = atomicrmw fmin ptr %13, double %12 monotonic, align 8
  %15 = fptrunc double %14 to float
  %16 = fadd contract float %9, %15
  %17 = getelementptr inbounds i8, ptr %0, i64 12
  store float %16, ptr %17, align 4, !tbaa !7
  ret void
}

; Function Attrs: mustprogress norecurse nounwind memory(argmem: readwrite)
define dso_local void @_Z8wrappingPjj(ptr nocapture noundef %0, i32 noundef %1) local_unnamed_addr #1 {
  %3 = tail call i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr %0, i32 %1)
  %4 = getelementptr inbounds i8, ptr %0, i64 4
  %5 = tail call i32 @llvm.nvvm.atomic.load.dec.32.p0(ptr nonnull %4, i32 %3)
  %6 = add i32 %5, %3
  %7 = getelementptr inbounds i8, ptr %0, i64 8
  store i32 %6, ptr %7, align 4, !tbaa !11
  ret void
}

; Function Attrs: nocallback nounwind memory(argmem: readwrite)
declare i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr nocapture, i32) #2

; Function Attrs: nocallback nounwind memory(argmem: readwrite)
declare i32 @llvm.nvvm.atomic.load.dec.32.p0(ptr nocapture, i32) #2

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite)
define dso_local void @_Z16compare_exchangePiPxS_(ptr nocapture noundef %0, ptr nocapture noundef %1, ptr nocapture noundef writeonly %2) local_unnamed_addr #0 {
  %4 = cmpxchg ptr %0, i32 0, i32 1 monotonic acquire, align 4
  %5 = extractvalue { i32, i1 } %4, 1
  %6 = extractvalue { i32, i1 } %4, 0
  %7 = cmpxchg weak ptr %1, i64 0, i64 2 release seq_cst, align 8
  %8 = extractvalue { i64, i1 } %7, 1
  %9 = extractvalue { i64, i1 } %7, 0
  %10 = trunc i64 %9 to i32
  %11 = select i1 %8, i32 0, i32 %10
  %12 = zext i1 %5 to i32
  %13 = zext i1 %8 to i32
  %14 = add i32 %6, %12
  %15 = add i32 %14, %13
  %16 = add i32 %15, %11
  %17 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %18 = zext nneg i32 %17 to i64
  %19 = getelementptr inbounds i32, ptr %2, i64 %18
  store i32 %16, ptr %19, align 4, !tbaa !11
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

attributes #0 = { mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+ptx70,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress norecurse nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+ptx70,+sm_80" "uniform-work-group-size"="true" }
attributes #2 = { nocallback nounwind memory(argmem: readwrite) }
attributes #3 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0, !1, !2}
!llvm.module.flags = !{!3, !4, !5}
!llvm.ident = !{!6}

!0 = !{ptr @_Z13float_atomicsPfPdfd, !"kernel", i32 1}
!1 = !{ptr @_Z8wrappingPjj, !"kernel", i32 1}
!2 = !{ptr @_Z16compare_exchangePiPxS_, !"kernel", i32 1}
!3 = !{i32 1, !"wchar_size", i32 4}
!4 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!7 = !{!8, !8, i64 0}
!8 = !{!"float", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !9, i64 0}
