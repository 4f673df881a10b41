source_filename = "debug_info.ll"

@g = global i32 0, !dbg !15
@h = global i32 0, !dbg !16

define void @f(i32* %p, i32 %x) !dbg !17 {
  call void @llvm.dbg.declare(metadata i32* %p, metadata !22, metadata !25), !dbg !24
  call void @llvm.dbg.value(metadata i32 %x, metadata !23, metadata !26), !dbg !24
  call void @llvm.dbg.value(metadata i32 %x, metadata !23, metadata !27), !dbg !24
  ret void, !dbg !24
}

declare void @llvm.dbg.declare(metadata, metadata, metadata) nofree nosync nounwind readnone speculatable willreturn

declare void @llvm.dbg.value(metadata, metadata, metadata) nofree nosync nounwind readnone speculatable willreturn

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!14}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !2, imports: !12)
!1 = !DIFile(filename: "d.c", directory: "/tmp")
!2 = !{!3, !7, !10}
!3 = distinct !DIGlobalVariableExpression(var: !4, expr: !6)
!4 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 1, type: !5, isLocal: false, isDefinition: true)
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !DIExpression()
!7 = distinct !DIGlobalVariableExpression(var: !8, expr: !9)
!8 = distinct !DIGlobalVariable(name: "c", scope: !0, file: !1, line: 2, type: !5, isLocal: true, isDefinition: true)
!9 = !DIExpression(DW_OP_constu, 0, DW_OP_stack_value)
!10 = distinct !DIGlobalVariableExpression(var: !11, expr: !6)
!11 = distinct !DIGlobalVariable(name: "h", scope: !0, file: !1, line: 2, type: !5, isLocal: false, isDefinition: true)
!12 = !{!13}
!13 = !DIImportedEntity(tag: DW_TAG_imported_declaration, scope: !0, entity: !4)
!14 = !{i32 2, !"Debug Info Version", i32 3}
!15 = distinct !DIGlobalVariableExpression(var: !4, expr: !6)
!16 = distinct !DIGlobalVariableExpression(var: !11, expr: !6)
!17 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 3, type: !18, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !21)
!18 = !DISubroutineType(types: !19)
!19 = !{null, !20, !5}
!20 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !5, size: 64)
!21 = !{!22, !23}
!22 = !DILocalVariable(name: "p", arg: 1, scope: !17, file: !1, line: 3, type: !20)
!23 = !DILocalVariable(name: "x", arg: 2, scope: !17, file: !1, line: 3, type: !5)
!24 = !DILocation(line: 4, column: 1, scope: !17)
!25 = !DIExpression(DW_OP_deref)
!26 = !DIExpression(DW_OP_plus_uconst, 8, DW_OP_LLVM_fragment, 0, 16)
!27 = !DIExpression(DW_OP_constu, 4, DW_OP_minus, DW_OP_deref)
