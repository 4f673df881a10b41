; Debug information of another version than 3 (here 2) is dropped when the module is read, as
; LLVM's readers drop it: `!dbg` attachments, `llvm.dbg.*` calls, `!llvm.dbg.cu`, and the debug
; locations among a loop's properties (the loop's other properties stay).
define void @f(i32 %x) !dbg !4 {
entry:
  call void @llvm.dbg.value(metadata i32 %x, metadata !8, metadata !DIExpression()), !dbg !9
  br label %loop, !dbg !9

loop:
  br i1 true, label %loop, label %exit, !llvm.loop !10

exit:
  br label %exit2, !llvm.loop !12

exit2:
  ret void, !dbg !9
}

declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 2}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILocalVariable(name: "x", arg: 1, scope: !4, file: !1, line: 1, type: !7)
!9 = !DILocation(line: 1, scope: !4)
!10 = distinct !{!10, !9, !11}
!11 = !{!"llvm.loop.mustprogress"}
!12 = distinct !{!12, !9}
