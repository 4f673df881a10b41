; Debug-info types naming composite types by identifier (`baseType: !"T1"`), as LLVM 3.8 wrote
; them: read as references to the types with those identifiers (a definition before a forward
; declaration), in the fields LLVM resolves and in old subroutine types' type lists.
!named = !{!0, !1, !2, !3, !4, !5, !7}

!0 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "T1", identifier: "T1")
!1 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "T2", scope: !0, baseType: !0, vtableHolder: !0, identifier: "T2")
!2 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !0, size: 64)
!3 = !DIDerivedType(tag: DW_TAG_ptr_to_member_type, baseType: !2, extraData: !1)
!4 = !DISubroutineType(types: !6)
!5 = !DICompositeType(tag: DW_TAG_structure_type, name: "T3", flags: DIFlagFwdDecl, identifier: "T3")
!6 = !{null, !0, !1}
!7 = !DIDerivedType(tag: DW_TAG_typedef, name: "t3", baseType: !5)
