target triple = "nvptx64-nvidia-cuda"

define void @f(i32 %x) {
entry:
  %y = frobnicate i32 %x, 1
  ret void
}
