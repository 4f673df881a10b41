// The reference kernels, compiled by nvcc, and the source clang 19 compiles to opaque-pointer NVVM
// IR that `nvir convert --arch compute_90` makes LLVM 7 bitcode for libNVVM. `saxpy` and
// `block_sum` are also what crates/llvm/examples/device_kernels.rs builds through nvir's builder.
// The others exercise what convert rewrites: float and double atomic adds (atomicrmw fadd), warp
// shuffles, shared memory and barriers, a struct passed by value, fneg, min/max, a switch,
// a 64-bit grid-stride loop and a device function called through pointers.
#include "shim.h"

extern "C" __global__ void saxpy(const float* x, float* y, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void block_sum(const float* in, float* out) {
    __shared__ float tile[256];
    unsigned tid = threadIdx.x;
    tile[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned s = 128; s > 0; s >>= 1) {
        if (tid < s) tile[tid] += tile[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = tile[0];
}

// A warp reduction by shuffles, then one float atomic add per warp.
extern "C" __global__ void warp_sum(const float* x, float* total, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? x[i] : 0.0f;
    for (int d = 16; d > 0; d >>= 1) v += __shfl_down_sync(0xffffffffu, v, d);
    if ((threadIdx.x & 31) == 0) atomicAdd(total, v);
}

// 64 bins counted in shared memory, then added to the global bins.
extern "C" __global__ void histogram(const unsigned* data, int* bins, int n) {
    __shared__ int local[64];
    if (threadIdx.x < 64) local[threadIdx.x] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&local[data[i] & 63], 1);
    __syncthreads();
    if (threadIdx.x < 64) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

// Double atomic adds and an integer maximum.
extern "C" __global__ void dsum_imax(const double* x, double* total, const int* v, int* vmax, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd(total, x[i]);
        atomicMax(vmax, v[i]);
    }
}

struct Clamp {
    float lo, hi;
    int mode;
};

static __device__ __noinline__ float apply(const Clamp* c, const float* x, long long i) {
    float v = x[i];
    switch (c->mode) {
    case 0: return fminf(fmaxf(v, c->lo), c->hi);
    case 1: return -v;
    case 2: return sqrtf(v < 0.0f ? -v : v);
    default: return v * v;
    }
}

// A grid-stride loop over 64-bit indices; the struct comes by value.
extern "C" __global__ void transform(const float* x, float* y, Clamp c, long long n) {
    long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        y[i] = apply(&c, x, i);
}
