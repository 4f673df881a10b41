; A phi with no incoming values (in a block nothing branches to), and `splat` of scalable
; vectors: zero for a zero value, else LLVM's insertelement/shufflevector form.
define <vscale x 4 x i32> @f(<vscale x 2 x double> %a) {
entry:
  %b = fadd <vscale x 2 x double> %a, splat (double 5.700000e+00)
  %c = fadd <vscale x 2 x double> %b, splat (double 0.000000e+00)
  ret <vscale x 4 x i32> splat (i32 78)

dead:
  %r = phi i32
  ret <vscale x 4 x i32> splat (i32 0)
}
