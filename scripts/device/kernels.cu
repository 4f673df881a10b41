// The kernels crates/llvm/examples/device_kernels.rs builds through nvir's builder, written in
// CUDA C for nvcc: the reference their results are compared with on a GPU.
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
