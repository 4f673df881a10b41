target triple = "nvptx64-nvidia-cuda"

define i32 @f(i32 %x, ptr %p) !dbg !5 {
entry:
    #dbg_declare(ptr %p, !9, !DIExpression(), !10)
  %y = add i32 %x, 1, !dbg !10
    #dbg_value(i32 %y, !9, !DIExpression(DW_OP_plus_uconst, 4), !10)
    #dbg_value(!DIArgList(i32 %x, i32 %y), !9, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !10)
  ret i32 %y, !dbg !10
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 4}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!9 = !DILocalVariable(name: "v", scope: !5, file: !1, line: 2, type: !11)
!10 = !DILocation(line: 2, column: 3, scope: !5)
!11 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
