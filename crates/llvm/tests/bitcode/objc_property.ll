target triple = "nvptx64-nvidia-cuda"

!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!named = !{!3}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_ObjC, file: !2, producer: "p", isOptimized: false, runtimeVersion: 2, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.m", directory: "/")
!3 = !DIObjCProperty(name: "p", file: !2, line: 3, setter: "setP:", getter: "getP", attributes: 7)
