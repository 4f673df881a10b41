source_filename = "type_refs.ll"

!named = !{!0, !1, !2, !3, !4, !6, !7}
!0 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "T1", identifier: "T1")
!1 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "T2", scope: !0, baseType: !0, vtableHolder: !0, identifier: "T2")
!2 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !0, size: 64)
!3 = !DIDerivedType(tag: DW_TAG_ptr_to_member_type, baseType: !2, extraData: !1)
!4 = !DISubroutineType(types: !5)
!5 = !{null, !0, !1}
!6 = !DICompositeType(tag: DW_TAG_structure_type, name: "T3", flags: DIFlagFwdDecl, identifier: "T3")
!7 = !DIDerivedType(tag: DW_TAG_typedef, name: "t3", baseType: !6)
