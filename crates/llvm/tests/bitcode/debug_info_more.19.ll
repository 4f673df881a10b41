target triple = "nvptx64-nvidia-cuda"

define void @f(i32 %a, i32 %b) !dbg !5 {
  %s = add i32 %a, %b, !dbg !9
    #dbg_value(!DIArgList(i32 %a, i32 %b), !8, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !9)
  store i32 %s, ptr undef, align 4, !DIAssignID !20
    #dbg_assign(i32 %s, !8, !DIExpression(), !20, ptr undef, !DIExpression(), !9)
    #dbg_label(!21, !9)
  ret void, !dbg !9
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "p", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, imports: !10, macros: !14)
!1 = !DIFile(filename: "m.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !12, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, templateParams: !17)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocalVariable(name: "s", scope: !5, file: !1, line: 2, type: !11)
!9 = !DILocation(line: 2, column: 1, scope: !5)
!10 = !{!13}
!11 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed, flags: DIFlagBigEndian)
!12 = !DINamespace(name: "ns", scope: null, exportSymbols: true)
!13 = !DIImportedEntity(tag: DW_TAG_imported_declaration, scope: !0, entity: !12, file: !1, line: 4)
!14 = !{!15}
!15 = !DIMacroFile(file: !1, nodes: !16)
!16 = !{!22}
!17 = !{!18, !19}
!18 = !DITemplateTypeParameter(name: "T", type: !11, defaulted: true)
!19 = !DITemplateValueParameter(name: "N", type: !11, value: i32 3)
!20 = distinct !DIAssignID()
!21 = !DILabel(scope: !5, name: "L", file: !1, line: 3)
!22 = !DIMacro(type: DW_MACINFO_define, line: 1, name: "X", value: "1")
