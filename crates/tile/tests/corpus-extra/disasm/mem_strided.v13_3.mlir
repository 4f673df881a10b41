entry @strided_Kt1_A2f32_3l0_p16_A2f32_3l0_p16_I16_I32(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_1, %assume_2], strides = [%assume_3, %assume_4] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
  %assume_5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg9 : tile<i32>
  %tview_9 = make_tensor_view %assume_0, shape = [%assume_5, %assume_6], strides = [%assume_7, %assume_8] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %sview = make_strided_view %tview : strided_view<tile=(16x32), traversal_strides=[8,32], tensor_view<?x?xf32, strides=[?,?]>>
  %tile, %result_token = load_view_tko weak %sview[%blockId_x, %cst_0_i32] token = %0 : strided_view<tile=(16x32), traversal_strides=[8,32], tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> tile<16x32xf32>, token
  %blockId_x_10, %blockId_y_11, %blockId_z_12 = get_tile_block_id : tile<i32>
  %cst_0_i32_13 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview_9 : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,?]>>
  %1 = store_view_tko weak %tile, %pview[%blockId_x_10, %cst_0_i32_13] token = %0 : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
  return
}
