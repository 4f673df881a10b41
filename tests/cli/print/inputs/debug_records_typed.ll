define void @f(i32 %x) {
    #dbg_value(i32 %x, !0, !DIExpression(), !1)
  ret void
}
!0 = !{}
!1 = !{}
!llvm.module.flags = !{!2}
!2 = !{i32 2, !"Debug Info Version", i32 3}
