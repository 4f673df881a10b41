// A kernel that calls a device function it does not define: clang 19 compiles it, nvir converts
// and wraps it as LTO-IR for sm_90, and nvJitLink links it with lto_helper.cu built by nvcc.
#include "shim.h"

extern "C" __device__ float poly_term(float x, int k);

extern "C" __global__ void poly(const float* x, float* y, int terms, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float s = 0.0f;
    for (int k = 0; k < terms; ++k) s += poly_term(x[i], k);
    y[i] = s;
}
