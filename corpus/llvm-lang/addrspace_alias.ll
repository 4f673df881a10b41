; Aliases and ifuncs live in their target's address space; a call names the callee's address
; space before the return type.
target datalayout = "P1"

@g = addrspace(1) global i32 0
@a = alias i32, ptr addrspace(1) @g
@a.cast = alias i32, ptr addrspace(2) addrspacecast (ptr addrspace(1) @g to ptr addrspace(2))
@i = ifunc void (), ptr addrspace(1) @resolver

define ptr @resolver() addrspace(1) {
  ret ptr null
}

define void @f() addrspace(1) {
  call addrspace(1) void @i()
  store i32 1, ptr addrspace(1) @a
  store i32 2, ptr addrspace(2) @a.cast
  ret void
}
