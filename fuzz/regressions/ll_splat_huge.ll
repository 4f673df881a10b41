target triple = "nvptx64-nvidia-cuda"
@g = global <4294967295 x i8> splat (i8 1)
