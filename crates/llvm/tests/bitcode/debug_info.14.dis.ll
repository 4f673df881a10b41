; ModuleID = 'debug_info.14.bc'
source_filename = "debug_info.14.ll"
target triple = "nvptx64-nvidia-cuda"

%struct.S = type { i32, float }

@g = dso_local addrspace(1) global i32 7, align 4, !dbg !0
@arr = dso_local global [4 x i32] zeroinitializer, align 4, !dbg !6

define dso_local void @f(i32* noundef %p, i32 noundef %n) !dbg !14 {
entry:
  %s = alloca %struct.S, align 4
  call void @llvm.dbg.declare(metadata %struct.S* %s, metadata !21, metadata !DIExpression()), !dbg !28
  call void @llvm.dbg.value(metadata i32 %n, metadata !20, metadata !DIExpression(DW_OP_plus_uconst, 4, DW_OP_stack_value)), !dbg !28
  %x = load i32, i32* %p, align 4, !dbg !28
  %y = add i32 %x, %n, !dbg !29
  store i32 %y, i32* %p, align 4, !dbg !29
  ret void, !dbg !31
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #0

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.value(metadata, metadata, metadata) #0

attributes #0 = { nofree nosync nounwind readnone speculatable willreturn }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!12, !13}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "g", scope: !2, file: !3, line: 1, type: !9, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !3, producer: "clang version 19", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !4, retainedTypes: !4, globals: !5, imports: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "k.cu", directory: "/tmp", checksumkind: CSK_MD5, checksum: "0123456789abcdef0123456789abcdef")
!4 = !{}
!5 = !{!0, !6}
!6 = !DIGlobalVariableExpression(var: !7, expr: !DIExpression())
!7 = distinct !DIGlobalVariable(name: "arr", scope: !2, file: !3, line: 2, type: !8, isLocal: false, isDefinition: true)
!8 = !DICompositeType(tag: DW_TAG_array_type, baseType: !9, size: 128, elements: !10)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !{!11}
!11 = !DISubrange(count: 4)
!12 = !{i32 7, !"Dwarf Version", i32 2}
!13 = !{i32 2, !"Debug Info Version", i32 3}
!14 = distinct !DISubprogram(name: "f", linkageName: "_Z1fPii", scope: !3, file: !3, line: 5, type: !15, scopeLine: 5, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !18)
!15 = !DISubroutineType(types: !16)
!16 = !{null, !17, !9}
!17 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !9, size: 64)
!18 = !{!19, !20, !21}
!19 = !DILocalVariable(name: "p", arg: 1, scope: !14, file: !3, line: 5, type: !17)
!20 = !DILocalVariable(name: "n", arg: 2, scope: !14, file: !3, line: 5, type: !9)
!21 = !DILocalVariable(name: "s", scope: !22, file: !3, line: 6, type: !23)
!22 = distinct !DILexicalBlock(scope: !14, file: !3, line: 5, column: 30)
!23 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !3, line: 3, size: 64, flags: DIFlagTypePassByValue, elements: !24, identifier: "_ZTS1S")
!24 = !{!25, !26}
!25 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !23, file: !3, line: 3, baseType: !9, size: 32)
!26 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !23, file: !3, line: 3, baseType: !27, size: 32, offset: 32, flags: DIFlagPublic)
!27 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!28 = !DILocation(line: 6, column: 3, scope: !22)
!29 = !DILocation(line: 7, column: 9, scope: !22, inlinedAt: !30)
!30 = distinct !DILocation(line: 9, column: 2, scope: !14)
!31 = !DILocation(line: 8, column: 1, scope: !14)
