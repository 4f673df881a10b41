; Allocas in bitcode: the count is printed unless it is the constant `i32 1` (an `i64 1` is
; kept), and an alloca's address space comes from the datalayout's `A<n>` when the record has
; none (LLVM 19 writes one only where it differs).
target datalayout = "e-A5"

define void @f(i32 %n) {
  %one32 = alloca i8, align 4, addrspace(5)
  %one64 = alloca i8, i64 1, align 4, addrspace(5)
  %many = alloca i8, i32 %n, align 4, addrspace(5)
  %other = alloca i8, align 4, addrspace(1)
  ret void
}
