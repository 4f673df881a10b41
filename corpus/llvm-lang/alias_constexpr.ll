; Aliases and ifuncs whose target is a constant expression: a cast or a getelementptr is written
; without a type in front (its own says it), others with one; aliases keep thread_local and
; partition.
@g = global [4 x i32] zeroinitializer
@h = addrspace(1) global i8 0

@a.gep = alias i32, getelementptr (i32, i32* getelementptr inbounds ([4 x i32], [4 x i32]* @g, i64 0, i64 0), i32 1)
@a.cast = alias i8, bitcast ([4 x i32]* @g to i8*)
@a.as = internal alias i8, addrspacecast (i8 addrspace(1)* @h to i8*)
@a.i2p = alias i8, inttoptr (i64 4096 to i8*)
@a.typed = alias i32, i32* getelementptr ([4 x i32], [4 x i32]* @g, i64 0, i64 2)
@a.tls = hidden thread_local(initialexec) alias [4 x i32], [4 x i32]* @g
@a.part = alias [4 x i32], [4 x i32]* @g, partition "part1"
@i.plain = ifunc void (), void ()* ()* @resolver

define internal void ()* @resolver() {
  ret void ()* null
}
