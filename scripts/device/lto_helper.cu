// The device function lto_kernel.cu calls, and a kernel of nvcc's own, as nvcc LTO-IR.
extern "C" __device__ float poly_term(float x, int k) {
    float p = 1.0f;
    for (int j = 0; j < k; ++j) p *= x;
    return p / (float)(k + 1);
}

extern "C" __global__ void scale(float* y, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] *= a;
}
