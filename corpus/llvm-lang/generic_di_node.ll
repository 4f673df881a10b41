; `!GenericDINode` writes its operands in place as `{…}`, null and strings among them.
!named = !{!0, !1, !2}

!0 = !GenericDINode(tag: DW_TAG_entry_point)
!1 = !GenericDINode(tag: 3, header: "some\00header", operands: {!0, null, !3, !"s"})
!2 = distinct !GenericDINode(tag: 4, operands: {})
!3 = !{}
