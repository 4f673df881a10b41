target triple = "nvptx64-nvidia-cuda"

@foo = internal addrspace(3) global i32 undef, align 4

define void @k(i32 %n) {
  call void @func(i32 %n, ptr addrspace(3) noundef @foo)
  call void @func2(ptr addrspace(3) noundef @foo)
  ret void
}

declare void @func(i32, ptr addrspace(3))
declare void @func2(ptr addrspace(3))

!nvvmir.version = !{!0}
!0 = !{i32 2, i32 0}
