source_filename = "metadata.ll"

@g = global i32 0

define void @f(i32 %x) {
  call void @llvm.nvir.use(metadata i32 %x, metadata !0, metadata !4)
  ret void, !custom !1
}

declare void @llvm.nvir.use(metadata, metadata, metadata)

!named = !{!0, !1, !2}
!llvm.module.flags = !{!3}
!0 = !{!"var", i32 7}
!1 = !{!0, null, i32* @g, !"s"}
!2 = !{i64 -1, i1 true, !1}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{}
