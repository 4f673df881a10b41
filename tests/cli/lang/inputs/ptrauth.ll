; A ptrauth constant (pointer authentication, LLVM 19) cannot reach a GPU: it is refused where
; it is written, with that reason.
@var = global i32 0
@signed = global ptr ptrauth (ptr @var, i32 0)
