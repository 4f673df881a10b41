#include "cuda_min.h"
// Atomics LLVM 7 has no instruction for, as clang 19 writes them: float/double fetch_sub, max and
// min (`atomicrmw fsub/fmax/fmin`), wrapping increment and decrement (`atomicrmw uinc_wrap/udec_wrap`),
// and compare-exchanges whose failure ordering is stronger than their success ordering.
__global__ void float_atomics(float *f, double *d, float v, double w) {
  float a = __atomic_fetch_sub(f, v, __ATOMIC_RELAXED);
  float b = __atomic_fetch_max(f + 1, a, __ATOMIC_SEQ_CST);
  float c = __atomic_fetch_min(f + 2, b, __ATOMIC_ACQUIRE);
  double e = __atomic_fetch_sub(d, w, __ATOMIC_RELEASE);
  double g = __atomic_fetch_max(d + 1, e, __ATOMIC_ACQ_REL);
  f[3] = c + (float)__atomic_fetch_min(d + 2, g, __ATOMIC_RELAXED);
}
__global__ void wrapping(unsigned *p, unsigned n) {
  unsigned a = __nvvm_atom_inc_gen_ui(p, n);
  unsigned b = __nvvm_atom_dec_gen_ui(p + 1, a);
  p[2] = a + b;
}
__global__ void compare_exchange(int *p, long long *q, int *out) {
  int e = 0;
  bool ok = __atomic_compare_exchange_n(p, &e, 1, false, __ATOMIC_RELAXED, __ATOMIC_ACQUIRE);
  long long f = 0;
  bool ok2 = __atomic_compare_exchange_n(q, &f, 2, true, __ATOMIC_RELEASE, __ATOMIC_SEQ_CST);
  out[tid_x()] = e + (int)f + ok + ok2;
}
