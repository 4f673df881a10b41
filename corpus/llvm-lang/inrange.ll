; `inrange` on a getelementptr constant's index (LLVM 4 … 18): bitcode numbers it among the
; indices, the IR among the operands (the base first).
@vt = global { [4 x i8*], [4 x i8*] } zeroinitializer
@p = global i8** getelementptr inbounds ({ [4 x i8*], [4 x i8*] }, { [4 x i8*], [4 x i8*] }* @vt, i32 0, inrange i32 1, i32 2)
@q = global i8** getelementptr ({ [4 x i8*], [4 x i8*] }, { [4 x i8*], [4 x i8*] }* @vt, i32 0, i32 0, inrange i32 3)
