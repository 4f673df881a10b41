target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
%a = type { %b }
%b = type { %a }
@g = global %a zeroinitializer
