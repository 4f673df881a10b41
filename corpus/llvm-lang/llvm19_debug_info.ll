; Debug information of LLVM 19: debug records (#dbg_value, #dbg_declare, #dbg_assign with DIAssignID,
; #dbg_label, DIArgList), and the fields LLVM 11 … 19 added (sysroot, sdk, annotations, targetFuncName,
; DIGenericSubrange, DIStringType, DICommonBlock, DIModule's apinotes, defaulted template parameters).
define void @f(i32 %x, ptr %p) !dbg !10 {
entry:
    #dbg_value(i32 %x, !14, !DIExpression(), !16)
    #dbg_declare(ptr %p, !15, !DIExpression(DW_OP_deref), !16)
    #dbg_value(!DIArgList(i32 %x, i32 %x), !14, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !16)
    #dbg_assign(i32 %x, !14, !DIExpression(), !20, ptr %p, !DIExpression(), !16)
    #dbg_label(!21, !16)
  store i32 %x, ptr %p, align 4, !DIAssignID !20
  ret void, !dbg !16
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!5, !6}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, globals: !2, imports: !2, macros: !30, splitDebugInlining: false, debugInfoForProfiling: true, nameTableKind: GNU, rangesBaseAddress: true, sysroot: "/", sdk: "MacOSX.sdk")
!1 = !DIFile(filename: "d.cpp", directory: "/tmp", checksumkind: CSK_MD5, checksum: "000102030405060708090a0b0c0d0e0f", source: "int x;")
!2 = !{}
!3 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed, flags: DIFlagBigEndian)
!4 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !3, size: 64, dwarfAddressSpace: 1, annotations: !22)
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 7, !"Dwarf Version", i32 5}
!10 = distinct !DISubprogram(name: "f", linkageName: "_Z1fiPi", scope: !1, file: !1, line: 3, type: !11, scopeLine: 3, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !13, targetFuncName: "tf", annotations: !22)
!11 = !DISubroutineType(cc: DW_CC_LLVM_vectorcall, types: !12)
!12 = !{null, !3, !4}
!13 = !{!14, !15, !21}
!14 = !DILocalVariable(name: "x", arg: 1, scope: !10, file: !1, line: 3, type: !3, flags: DIFlagArtificial, align: 32)
!15 = !DILocalVariable(name: "p", arg: 2, scope: !10, file: !1, line: 3, type: !4)
!16 = !DILocation(line: 4, column: 1, scope: !17, isImplicitCode: true)
!17 = distinct !DILexicalBlock(scope: !10, file: !1, line: 4, column: 2)
!20 = distinct !DIAssignID()
!21 = !DILabel(scope: !10, name: "lbl", file: !1, line: 5)
!22 = !{!23}
!23 = !{!"btf_decl_tag", !"t"}
!24 = !DICompositeType(tag: DW_TAG_array_type, baseType: !3, size: 64, elements: !25, dataLocation: !DIExpression(DW_OP_push_object_address, DW_OP_deref), associated: !DIExpression(DW_OP_constu, 1, DW_OP_stack_value), allocated: !DIExpression(DW_OP_constu, 1, DW_OP_stack_value), rank: !DIExpression(DW_OP_constu, 2, DW_OP_stack_value))
!25 = !{!26, !27}
!26 = !DISubrange(count: 2, lowerBound: 1)
!27 = !DIGenericSubrange(count: !DIExpression(DW_OP_constu, 2, DW_OP_stack_value), lowerBound: !DIExpression(DW_OP_constu, 1, DW_OP_stack_value), stride: !DIExpression(DW_OP_constu, 4, DW_OP_stack_value))
!28 = !DIStringType(name: "character(*)", stringLength: !15, stringLengthExpression: !DIExpression(), size: 32)
!29 = !DICommonBlock(scope: !10, declaration: null, name: "blk", file: !1, line: 9)
!30 = !{!31}
!31 = !DIMacroFile(file: !1, nodes: !32)
!32 = !{!33}
!33 = !DIMacro(type: DW_MACINFO_define, line: 1, name: "X", value: "1")
!34 = !DIModule(scope: null, name: "M", configMacros: "-DX", includePath: "/inc", apinotes: "m.apinotes", file: !1, line: 3, isDecl: true)
!35 = !DIObjCProperty(name: "p", file: !1, line: 3, setter: "set:", getter: "get", attributes: 7, type: !3)
!36 = !DITemplateTypeParameter(name: "T", type: !3, defaulted: true)
!37 = !DITemplateValueParameter(name: "V", type: !3, defaulted: true, value: i32 7)
!38 = !DIEnumerator(name: "E", value: 18446744073709551615, isUnsigned: true)
!39 = !DINamespace(scope: null, name: "ns", exportSymbols: true)
!40 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !0, entity: !34, file: !1, line: 2, elements: !2)
!41 = !DILexicalBlockFile(scope: !17, file: !1, discriminator: 3)
!42 = !DIGlobalVariable(name: "gv", scope: !0, file: !1, line: 1, type: !3, isLocal: true, isDefinition: true, templateParams: !2, declaration: null, align: 64, annotations: !22)
!named = !{!24, !28, !29, !34, !35, !36, !37, !38, !39, !40, !41, !42}
