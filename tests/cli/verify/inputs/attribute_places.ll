target triple = "nvptx64-nvidia-cuda"

define i32 @g() #0 {
  ret i32 0
}

define noundef i32 @f() {
  %c = call noundef i32 @g()
  ret i32 %c
}

attributes #0 = { nounwind mustprogress }

!nvvmir.version = !{!0}
!0 = !{i32 2, i32 0}
