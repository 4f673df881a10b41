target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
!nvvmir.version = !{!9999999}
!9999999 = !{i32 2, i32 0}
!named = !{!0}
!0 = !{!1}
!1 = !{!0}
!2 = distinct !{!2}
