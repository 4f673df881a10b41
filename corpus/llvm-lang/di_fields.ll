; Debug-info fields as LLVM prints them: `emissionKind: NoDebug` (zero, still printed), a
; `virtualIndex` without a virtuality (printed when not zero).
define void @f() !dbg !3 {
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!5}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, isOptimized: false, runtimeVersion: 0, emissionKind: NoDebug)
!1 = !DIFile(filename: "f.c", directory: "/tmp")
!2 = !DISubroutineType(types: !4)
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !2, virtualIndex: 6, spFlags: DISPFlagDefinition, unit: !0)
!4 = !{null}
!5 = !{i32 2, !"Debug Info Version", i32 3}
