; Debug information in the forms LLVM 3.7 … 9 wrote: DIExpressions of version 0 (DW_OP_plus,
; DW_OP_minus, DW_OP_bit_piece, a leading DW_OP_deref), DILocalVariables with a tag,
; DIGlobalVariables holding their global or a constant, an imported entity without a file, a
; derived type without an address space.
@g = global i32 0, !dbg !20
@h = global i32 0, !dbg !30

define void @f(i32* %p, i32 %x) !dbg !10 {
  call void @llvm.dbg.declare(metadata i32* %p, metadata !14, metadata !DIExpression(DW_OP_deref)), !dbg !16
  call void @llvm.dbg.value(metadata i32 %x, metadata !15, metadata !DIExpression(DW_OP_plus_uconst, 8, DW_OP_LLVM_fragment, 0, 16)), !dbg !16
  call void @llvm.dbg.value(metadata i32 %x, metadata !15, metadata !DIExpression(DW_OP_constu, 4, DW_OP_minus, DW_OP_deref)), !dbg !16
  ret void, !dbg !16
}

declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!5}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !2, imports: !40)
!1 = !DIFile(filename: "d.c", directory: "/tmp")
!2 = !{!20, !23, !30}
!3 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!4 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !3, size: 64)
!5 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 3, type: !11, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !13)
!11 = !DISubroutineType(types: !12)
!12 = !{null, !4, !3}
!13 = !{!14, !15}
!14 = !DILocalVariable(name: "p", arg: 1, scope: !10, file: !1, line: 3, type: !4)
!15 = !DILocalVariable(name: "x", arg: 2, scope: !10, file: !1, line: 3, type: !3)
!16 = !DILocation(line: 4, column: 1, scope: !10)
!20 = !DIGlobalVariableExpression(var: !21, expr: !DIExpression())
!21 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 1, type: !3, isLocal: false, isDefinition: true)
!23 = !DIGlobalVariableExpression(var: !24, expr: !DIExpression(DW_OP_constu, 0, DW_OP_stack_value))
!24 = distinct !DIGlobalVariable(name: "c", scope: !0, file: !1, line: 2, type: !3, isLocal: true, isDefinition: true)
!30 = !DIGlobalVariableExpression(var: !31, expr: !DIExpression())
!31 = distinct !DIGlobalVariable(name: "h", scope: !0, file: !1, line: 2, type: !3, isLocal: false, isDefinition: true)
!40 = !{!41}
!41 = !DIImportedEntity(tag: DW_TAG_imported_declaration, scope: !0, entity: !21, file: !1, line: 7)
