; ModuleID = '<string>'
source_filename = "atomics_llvm7_lacks.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local ptx_kernel void @_Z13float_atomicsPfPdfd(ptr noundef %0, ptr noundef %1, float noundef %2, double noundef %3) #0 {
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca float, align 4
  %8 = alloca double, align 8
  %9 = alloca float, align 4
  %10 = alloca float, align 4
  %11 = alloca float, align 4
  %12 = alloca float, align 4
  %13 = alloca float, align 4
  %14 = alloca float, align 4
  %15 = alloca float, align 4
  %16 = alloca float, align 4
  %17 = alloca float, align 4
  %18 = alloca double, align 8
  %19 = alloca double, align 8
  %20 = alloca double, align 8
  %21 = alloca double, align 8
  %22 = alloca double, align 8
  %23 = alloca double, align 8
  %24 = alloca double, align 8
  %25 = alloca double, align 8
  store ptr %0, ptr %5, align 8
  store ptr %1, ptr %6, align 8
  store float %2, ptr %7, align 4
  store double %3, ptr %8, align 8
  %26 = load ptr, ptr %5, align 8
  %27 = load float, ptr %7, align 4
  store float %27, ptr %10, align 4
  %28 = load float, ptr %10, align 4
  %29 = atomicrmw fsub ptr %26, float %28 monotonic, align 4
  store float %29, ptr %11, align 4
  %30 = load float, ptr %11, align 4
  store float %30, ptr %9, align 4
  %31 = load ptr, ptr %5, align 8
  %32 = getelementptr inbounds float, ptr %31, i64 1
  %33 = load float, ptr %9, align 4
  store float %33, ptr %13, align 4
  %34 = load float, ptr %13, align 4
  %35 = atomicrmw fmax ptr %32, float %34 seq_cst, align 4
  store float %35, ptr %14, align 4
  %36 = load float, ptr %14, align 4
  store float %36, ptr %12, align 4
  %37 = load ptr, ptr %5, align 8
  %38 = getelementptr inbounds float, ptr %37, i64 2
  %39 = load float, ptr %12, align 4
  store float %39, ptr %16, align 4
  %40 = load float, ptr %16, align 4
  %41 = atomicrmw fmin ptr %38, float %40 acquire, align 4
  store float %41, ptr %17, align 4
  %42 = load float, ptr %17, align 4
  store float %42, ptr %15, align 4
  %43 = load ptr, ptr %6, align 8
  %44 = load double, ptr %8, align 8
  store double %44, ptr %19, align 8
  %45 = load double, ptr %19, align 8
  %46 = atomicrmw fsub ptr %43, double %45 release, align 8
  store double %46, ptr %20, align 8
  %47 = load double, ptr %20, align 8
  store double %47, ptr %18, align 8
  %48 = load ptr, ptr %6, align 8
  %49 = getelementptr inbounds double, ptr %48, i64 1
  %50 = load double, ptr %18, align 8
  store double %50, ptr %22, align 8
  %51 = load double, ptr %22, align 8
  %52 = atomicrmw fmax ptr %49, double %51 acq_rel, align 8
  store double %52, ptr %23, align 8
  %53 = load double, ptr %23, align 8
  store double %53, ptr %21, align 8
  %54 = load float, ptr %15, align 4
  %55 = load ptr, ptr %6, align 8
  %56 = getelementptr inbounds double, ptr %55, i64 2
  %57 = load double, ptr %21, align 8
  store double %57, ptr %24, align 8
  %58 = load double, ptr %24, align 8
  %59 = atomicrmw fmin ptr %56, double %58 monotonic, align 8
  store double %59, ptr %25, align 8
  %60 = load double, ptr %25, align 8
  %61 = fptrunc double %60 to float
  %62 = fadd contract float %54, %61
  %63 = load ptr, ptr %5, align 8
  %64 = getelementptr inbounds float, ptr %63, i64 3
  store float %62, ptr %64, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local ptx_kernel void @_Z8wrappingPjj(ptr noundef %0, i32 noundef %1) #0 {
  %3 = alloca ptr, align 8
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  store ptr %0, ptr %3, align 8
  store i32 %1, ptr %4, align 4
  %7 = load ptr, ptr %3, align 8
  %8 = load i32, ptr %4, align 4
  %9 = atomicrmw uinc_wrap ptr %7, i32 %8 seq_cst, align 4
  store i32 %9, ptr %5, align 4
  %10 = load ptr, ptr %3, align 8
  %11 = getelementptr inbounds i32, ptr %10, i64 1
  %12 = load i32, ptr %5, align 4
  %13 = atomicrmw udec_wrap ptr %11, i32 %12 seq_cst, align 4
  store i32 %13, ptr %6, align 4
  %14 = load i32, ptr %5, align 4
  %15 = load i32, ptr %6, align 4
  %16 = add i32 %14, %15
  %17 = load ptr, ptr %3, align 8
  %18 = getelementptr inbounds i32, ptr %17, i64 2
  store i32 %16, ptr %18, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local ptx_kernel void @_Z16compare_exchangePiPxS_(ptr noundef %0, ptr noundef %1, ptr noundef %2) #0 {
  %4 = alloca ptr, align 8
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca i32, align 4
  %8 = alloca i8, align 1
  %9 = alloca i32, align 4
  %10 = alloca i8, align 1
  %11 = alloca i64, align 8
  %12 = alloca i8, align 1
  %13 = alloca i64, align 8
  %14 = alloca i8, align 1
  store ptr %0, ptr %4, align 8
  store ptr %1, ptr %5, align 8
  store ptr %2, ptr %6, align 8
  store i32 0, ptr %7, align 4
  %15 = load ptr, ptr %4, align 8
  store i32 1, ptr %9, align 4
  %16 = load i32, ptr %7, align 4
  %17 = load i32, ptr %9, align 4
  %18 = cmpxchg ptr %15, i32 %16, i32 %17 monotonic acquire, align 4
  %19 = extractvalue { i32, i1 } %18, 0
  %20 = extractvalue { i32, i1 } %18, 1
  br i1 %20, label %22, label %21

21:                                               ; preds = %3
  store i32 %19, ptr %7, align 4
  br label %22

22:                                               ; preds = %21, %3
  %23 = zext i1 %20 to i8
  store i8 %23, ptr %10, align 1
  %24 = load i8, ptr %10, align 1
  %25 = trunc i8 %24 to i1
  %26 = zext i1 %25 to i8
  store i8 %26, ptr %8, align 1
  store i64 0, ptr %11, align 8
  %27 = load ptr, ptr %5, align 8
  store i64 2, ptr %13, align 8
  %28 = load i64, ptr %11, align 8
  %29 = load i64, ptr %13, align 8
  %30 = cmpxchg weak ptr %27, i64 %28, i64 %29 release seq_cst, align 8
  %31 = extractvalue { i64, i1 } %30, 0
  %32 = extractvalue { i64, i1 } %30, 1
  br i1 %32, label %34, label %33

33:                                               ; preds = %22
  store i64 %31, ptr %11, align 8
  br label %34

34:                                               ; preds = %33, %22
  %35 = zext i1 %32 to i8
  store i8 %35, ptr %14, align 1
  %36 = load i8, ptr %14, align 1
  %37 = trunc i8 %36 to i1
  %38 = zext i1 %37 to i8
  store i8 %38, ptr %12, align 1
  %39 = load i32, ptr %7, align 4
  %40 = load i64, ptr %11, align 8
  %41 = trunc i64 %40 to i32
  %42 = add nsw i32 %39, %41
  %43 = load i8, ptr %8, align 1
  %44 = trunc i8 %43 to i1
  %45 = zext i1 %44 to i32
  %46 = add nsw i32 %42, %45
  %47 = load i8, ptr %12, align 1
  %48 = trunc i8 %47 to i1
  %49 = zext i1 %48 to i32
  %50 = add nsw i32 %46, %49
  %51 = load ptr, ptr %6, align 8
  %52 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %53 = zext i32 %52 to i64
  %54 = getelementptr inbounds i32, ptr %51, i64 %53
  store i32 %50, ptr %54, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+ptx70,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{}
!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!2 = !{i32 7, !"frame-pointer", i32 2}
!3 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
