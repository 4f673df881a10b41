// What the kernels use of CUDA's headers, for clang without a CUDA installation
// (-nocudainc -nocudalib): clang's builtins under nvcc's names. nvcc ignores this file.
#ifndef __NVCC__
#include <__clang_cuda_builtin_vars.h>
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __noinline__ __attribute__((noinline))
static __device__ float atomicAdd(float* p, float v) { return __nvvm_atom_add_gen_f(p, v); }
static __device__ double atomicAdd(double* p, double v) { return __nvvm_atom_add_gen_d(p, v); }
static __device__ int atomicAdd(int* p, int v) { return __nvvm_atom_add_gen_i(p, v); }
static __device__ int atomicMax(int* p, int v) { return __nvvm_atom_max_gen_i(p, v); }
static __device__ float __shfl_down_sync(unsigned m, float v, int d) { return __nvvm_shfl_sync_down_f32(m, v, d, 0x1f); }
static __device__ float fminf(float a, float b) { return __builtin_fminf(a, b); }
static __device__ float fmaxf(float a, float b) { return __builtin_fmaxf(a, b); }
static __device__ float sqrtf(float a) { return __builtin_sqrtf(a); }
#endif
