; `!llvm.loop` properties named `llvm.vectorizer.*` (LLVM 3.4 and older): LLVM's bitcode reader
; renames them (`llvm.loop.vectorize.*`, `llvm.loop.interleave.count` for `unroll`) in a new
; property list when the file's strings are old string records (LLVM 3.8 and older), not when
; they are a METADATA_STRINGS blob (LLVM 3.9 on, as llvm-as-14 writes this).
define void @f(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0

exit:
  ret void
}

!0 = distinct !{!0, !1, !2, !3, !4}
!1 = !{!"llvm.vectorizer.unroll", i32 4}
!2 = !{!"llvm.vectorizer.width", i32 8}
!3 = !{!"llvm.vectorizer.enable", i1 true}
!4 = !{!"llvm.loop.unroll.disable"}
