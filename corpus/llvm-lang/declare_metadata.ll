; A declaration's metadata attachments come before its header (`declare !dbg !0 …`), unlike a
; definition's, which follow it.
declare !dbg !0 !custom !3 void @declared(i32)

define void @defined() !custom !3 {
  call void @declared(i32 1)
  ret void
}

!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!4}

!0 = !DISubprogram(name: "declared", scope: !2, file: !2, line: 3, spFlags: DISPFlagOptimized)
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "d.c", directory: "/tmp")
!3 = !{!"custom"}
!4 = !{i32 2, !"Debug Info Version", i32 3}
