entry @grid_size_Kt1_A1i32_1l0_p16_I64(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<i32>>
  %assume_0 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg2 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_0], strides = [%assume_1] : tile<i32> -> tensor_view<?xi32, strides=[?]>
  %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
  %gridSize_x_2, %gridSize_y_3, %gridSize_z_4 = get_num_tile_blocks : tile<i32>
  %cst_2_i32 = constant <i32: 2> : tile<i32>
  %1 = muli %gridSize_y_3, %cst_2_i32 : tile<i32>
  %2 = addi %gridSize_x, %1 : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %reshape = reshape %2 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<64xi32>
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xi32, strides=[?]>>
  %3 = store_view_tko weak %bcast, %pview[%blockId_x] token = %0 : tile<64xi32>, partition_view<tile=(64), tensor_view<?xi32, strides=[?]>>, tile<i32> -> token
  return
}
