target triple = "nvptx64-nvidia-cuda"

@g = global i32 0, !dbg !15

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_Fortran90, file: !1, producer: "p", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !14, imports: !8)
!1 = !DIFile(filename: "m.f90", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{!5, !18}
!5 = !DIStringType(name: "character(*)", stringLength: !9, stringLengthExpression: !DIExpression(), size: 32)
!6 = !DIObjCProperty(name: "p", file: !1, line: 3, setter: "setP:", getter: "p", attributes: 7, type: !10)
!7 = !DICommonBlock(scope: !12, declaration: null, name: "cb", file: !1, line: 2)
!8 = !{!11}
!9 = !DILocalVariable(name: "n", scope: !12, file: !1, line: 1, type: !10)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !0, entity: !13, file: !1, line: 5)
!12 = distinct !DISubprogram(name: "s", scope: !1, file: !1, line: 1, spFlags: DISPFlagDefinition, unit: !0)
!13 = !DIModule(scope: null, name: "M", configMacros: "-DX", includePath: "/inc", file: !1, line: 7)
!14 = !{!15}
!15 = !DIGlobalVariableExpression(var: !16, expr: !DIExpression())
!16 = distinct !DIGlobalVariable(name: "g", scope: !7, file: !1, line: 2, type: !10, isLocal: false, isDefinition: true)
!17 = !{!6}
!18 = !DICompositeType(tag: DW_TAG_structure_type, name: "C", file: !1, line: 3, size: 32, elements: !17)
