target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@g = global [18446744073709551615 x [18446744073709551615 x i64]] zeroinitializer
