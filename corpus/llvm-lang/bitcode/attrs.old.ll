source_filename = "attrs.ll"

%struct.S = type { i32, i32 }

define void @f(i32 zeroext %a, i8* noalias nocapture %p, i8* align 8 %q) nounwind readnone noinline ssp uwtable {
  %r = call i8 @g(%struct.S* byval(%struct.S) null)
  ret void
}

declare signext i8 @g(%struct.S* byval(%struct.S))
