target triple = "nvptx64-nvidia-cuda"

define void @f() {
  %1 = add i32 %19, 1
  ret void
}
