cuda_tile.module @kernels {
  cuda_tile.entry @k(%arg0: !cuda_tile.tile<ptr<f32>>, %arg1: !cuda_tile.tile<i32>) {
    %0 = cuda_tile.make_token : !cuda_tile.token
    %1 = cuda_tile.iota : !cuda_tile.tile<8xi32>
    cuda_tile.return
  }
}
