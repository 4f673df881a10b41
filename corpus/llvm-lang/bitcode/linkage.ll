; Weak and linkonce globals of bitcode older than comdats (LLVM 3.5) get a comdat of their own
; name; dllimport and dllexport were linkages then.
@w = weak global i32 0
@lo = linkonce_odr global i32 1
@imp = external dllimport global i32
@exp = dllexport global i32 2

define weak void @wf() {
  ret void
}

define dllexport void @ef() {
  ret void
}

declare dllimport void @imf()
