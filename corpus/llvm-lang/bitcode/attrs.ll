; Attributes that LLVM 3.2's bit-mask attribute lists can hold (and a typed byval, which the
; mask holds untyped).
%struct.S = type { i32, i32 }

define void @f(i32 zeroext %a, i8* noalias nocapture %p, i8* align 8 %q) #0 {
  %r = call i8 @g(%struct.S* byval(%struct.S) null)
  ret void
}

declare signext i8 @g(%struct.S* byval(%struct.S))

attributes #0 = { noinline nounwind readnone ssp uwtable }
