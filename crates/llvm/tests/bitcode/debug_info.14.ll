target triple = "nvptx64-nvidia-cuda"

%struct.S = type { i32, float }

@g = dso_local addrspace(1) global i32 7, align 4, !dbg !0
@arr = dso_local global [4 x i32] zeroinitializer, align 4, !dbg !30

define dso_local void @f(i32* noundef %p, i32 noundef %n) !dbg !12 {
entry:
  %s = alloca %struct.S, align 4
  call void @llvm.dbg.declare(metadata %struct.S* %s, metadata !20, metadata !DIExpression()), !dbg !22
  call void @llvm.dbg.value(metadata i32 %n, metadata !19, metadata !DIExpression(DW_OP_plus_uconst, 4, DW_OP_stack_value)), !dbg !22
  %x = load i32, i32* %p, align 4, !dbg !22
  %y = add i32 %x, %n, !dbg !23
  store i32 %y, i32* %p, align 4, !dbg !23
  ret void, !dbg !24
}

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!10, !11}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "g", scope: !2, file: !3, line: 1, type: !6, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !3, producer: "clang version 19", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !4, retainedTypes: !4, globals: !5, imports: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "k.cu", directory: "/tmp", checksumkind: CSK_MD5, checksum: "0123456789abcdef0123456789abcdef")
!4 = !{}
!5 = !{!0, !30}
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !6, size: 64)
!8 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !3, line: 3, size: 64, flags: DIFlagTypePassByValue, elements: !9, identifier: "_ZTS1S")
!9 = !{!25, !26}
!10 = !{i32 7, !"Dwarf Version", i32 2}
!11 = !{i32 2, !"Debug Info Version", i32 3}
!12 = distinct !DISubprogram(name: "f", linkageName: "_Z1fPii", scope: !3, file: !3, line: 5, type: !13, scopeLine: 5, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !15)
!13 = !DISubroutineType(types: !14)
!14 = !{null, !7, !6}
!15 = !{!18, !19, !20}
!18 = !DILocalVariable(name: "p", arg: 1, scope: !12, file: !3, line: 5, type: !7)
!19 = !DILocalVariable(name: "n", arg: 2, scope: !12, file: !3, line: 5, type: !6)
!20 = !DILocalVariable(name: "s", scope: !21, file: !3, line: 6, type: !8)
!21 = distinct !DILexicalBlock(scope: !12, file: !3, line: 5, column: 30)
!22 = !DILocation(line: 6, column: 3, scope: !21)
!23 = !DILocation(line: 7, column: 9, scope: !21, inlinedAt: !27)
!24 = !DILocation(line: 8, column: 1, scope: !12)
!25 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !8, file: !3, line: 3, baseType: !6, size: 32)
!26 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !8, file: !3, line: 3, baseType: !28, size: 32, offset: 32, flags: DIFlagPublic)
!27 = distinct !DILocation(line: 9, column: 2, scope: !12)
!28 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!29 = !DICompositeType(tag: DW_TAG_array_type, baseType: !6, size: 128, elements: !31)
!30 = !DIGlobalVariableExpression(var: !33, expr: !DIExpression())
!31 = !{!32}
!32 = !DISubrange(count: 4)
!33 = distinct !DIGlobalVariable(name: "arr", scope: !2, file: !3, line: 2, type: !29, isLocal: false, isDefinition: true)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)
