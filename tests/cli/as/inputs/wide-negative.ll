; Negative 8M-bit integers: two characters each here, 131,072 words each in bitcode.
target triple = "nvptx64-nvidia-cuda"

@a = global i8388608 -1
@b = global i8388608 -2
@c = global { i32, i8388608 } { i32 1, i8388608 -3 }

define i8388608 @f(i8388608 %x) {
  %y = add i8388608 %x, 5
  %z = mul i8388608 %y, -4
  ret i8388608 %z
}
