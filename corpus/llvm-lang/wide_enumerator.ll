; Enumerators with 64-bit values, which LLVM 12+ writes as wide values in bitcode (a bit width
; and sign-rotated words): unsigned and signed.
!named = !{!0, !1, !2, !3}

!0 = !DIEnumerator(name: "max", value: 18446744073709551615, isUnsigned: true)
!1 = !DIEnumerator(name: "min", value: -9223372036854775808)
!2 = !DIEnumerator(name: "one", value: 1)
!3 = !DIEnumerator(name: "neg", value: -2)
