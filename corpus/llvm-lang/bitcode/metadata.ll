; Metadata nodes as LLVM 3.5 wrote them: operands as (type, value) pairs, values inline, and
; function-local metadata in records of their own.
@g = global i32 0

define void @f(i32 %x) {
  call void @llvm.nvir.use(metadata i32 %x, metadata !0, metadata !1)
  ret void, !custom !2
}

declare void @llvm.nvir.use(metadata, metadata, metadata)

!named = !{!0, !2, !3}
!llvm.module.flags = !{!4}

!0 = !{!"var", i32 7}
!1 = !{}
!2 = !{!0, null, i32* @g, !"s"}
!3 = !{i64 -1, i1 true, !2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
