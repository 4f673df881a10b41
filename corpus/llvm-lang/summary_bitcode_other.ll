; The second module of `summary_combined.14.bc`, the combined ThinLTO index that `llvm-lto-14
; -thinlto` makes of this module's summary and `summary_bitcode.14.bc`'s: it defines the function
; the first module only declares.
source_filename = "other.ll"

define void @external() {
  ret void
}
