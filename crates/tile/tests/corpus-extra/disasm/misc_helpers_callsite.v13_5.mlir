entry @helpers_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xf32, strides=[?]>
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32>
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xf32, strides=[?]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token
  %blockId_x_6, %blockId_y_7, %blockId_z_8 = get_tile_block_id : tile<i32>
  %cst_2_f32 = constant <f32: 2.000000e+00> : tile<f32>
  %reshape = reshape %cst_2_f32 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32>
  %cst_1_f32 = constant <f32: 1.000000e+00> : tile<f32>
  %reshape_9 = reshape %cst_1_f32 : tile<f32> -> tile<1xf32>
  %bcast_10 = broadcast %reshape_9 : tile<1xf32> -> tile<128xf32>
  %1 = fma %tile, %bcast, %bcast_10  : tile<128xf32>
  %cst_f32 = constant <f32: 5.000000e-01> : tile<f32>
  %reshape_11 = reshape %cst_f32 : tile<f32> -> tile<1xf32>
  %bcast_12 = broadcast %reshape_11 : tile<1xf32> -> tile<128xf32>
  %cst_1_f32_13 = constant <f32: 1.000000e+00> : tile<f32>
  %reshape_14 = reshape %cst_1_f32_13 : tile<f32> -> tile<1xf32>
  %bcast_15 = broadcast %reshape_14 : tile<1xf32> -> tile<128xf32>
  %2 = fma %1, %bcast_12, %bcast_15  : tile<128xf32>
  %pview_16 = make_partition_view %tview_5 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>
  %3 = store_view_tko weak %2, %pview_16[%blockId_x_6] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token
  return
}
