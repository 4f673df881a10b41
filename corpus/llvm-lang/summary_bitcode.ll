; A ThinLTO summary in bitcode (`opt -module-summary`) reads as the summary entries LLVM's
; disassembler writes: a function with its calls and references (read-only and write-only ones
; marked), a variable, an alias, and a declaration known only by name.
source_filename = "summary_bitcode.ll"

@counter = global i32 0
@table = constant [2 x i32] [i32 1, i32 2]
@limit = global i32 7
@counter.alias = alias i32, i32* @counter

define i32 @work(i32 %x) noinline {
  %l = load i32, i32* @limit
  store i32 %x, i32* @counter
  %t = load i32, i32* getelementptr ([2 x i32], [2 x i32]* @table, i64 0, i64 1)
  %r = call i32 @helper(i32 %x)
  %s = add i32 %r, %l
  %u = add i32 %s, %t
  ret i32 %u
}

define internal i32 @helper(i32 %y) {
  call void @external()
  ret i32 %y
}

declare void @external()
