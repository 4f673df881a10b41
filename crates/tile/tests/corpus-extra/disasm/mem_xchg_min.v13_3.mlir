entry @xchg_min_Kt1_A1i32_1l0_p16_A1i32_1l0_p16_I64(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<i32>>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<i32>>
  %cst_3_i32 = constant <i32: 3> : tile<64xi32>
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32>
  %tview = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xi32, strides=[?]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xi32, strides=[?]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(64), tensor_view<?xi32, strides=[?]>>, tile<i32> -> tile<64xi32>, token
  %1 = join_tokens %0, %result_token : token
  %2 = exti %tile signed : tile<64xi32> -> tile<64xi64>
  %3 = exti %assume_1 signed : tile<i32> -> tile<i64>
  %reshape = reshape %3 : tile<i64> -> tile<1xi64>
  %bcast = broadcast %reshape : tile<1xi64> -> tile<64xi64>
  %4 = cmpi less_than %2, %bcast, unsigned : tile<64xi64> -> tile<64xi1>
  %5 = exti %assume_2 signed : tile<i32> -> tile<i64>
  %reshape_5 = reshape %5 : tile<i64> -> tile<1xi64>
  %bcast_6 = broadcast %reshape_5 : tile<1xi64> -> tile<64xi64>
  %6 = muli %2, %bcast_6 : tile<64xi64>
  %reshape_7 = reshape %assume : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_8 = broadcast %reshape_7 : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %7 = offset %bcast_8, %6 : tile<64xptr<i32>>, tile<64xi64> -> tile<64xptr<i32>>
  %8 = join_tokens %0, %1 : token
  %result, %result_token_9 = atomic_rmw_tko acq_rel device %7, xchg, %tile, %4 token=%8 : tile<64xptr<i32>>, tile<64xi32>, tile<64xi1> -> tile<64xi32>, token
  %9 = exti %tile signed : tile<64xi32> -> tile<64xi64>
  %10 = exti %assume_1 signed : tile<i32> -> tile<i64>
  %reshape_10 = reshape %10 : tile<i64> -> tile<1xi64>
  %bcast_11 = broadcast %reshape_10 : tile<1xi64> -> tile<64xi64>
  %11 = cmpi less_than %9, %bcast_11, unsigned : tile<64xi64> -> tile<64xi1>
  %12 = exti %assume_2 signed : tile<i32> -> tile<i64>
  %reshape_12 = reshape %12 : tile<i64> -> tile<1xi64>
  %bcast_13 = broadcast %reshape_12 : tile<1xi64> -> tile<64xi64>
  %13 = muli %9, %bcast_13 : tile<64xi64>
  %reshape_14 = reshape %assume : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_15 = broadcast %reshape_14 : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %14 = offset %bcast_15, %13 : tile<64xptr<i32>>, tile<64xi64> -> tile<64xptr<i32>>
  %15 = join_tokens %result_token_9, %1 : token
  %result_16, %result_token_17 = atomic_rmw_tko acq_rel device %14, min, %cst_3_i32, %11 token=%15 : tile<64xptr<i32>>, tile<64xi32>, tile<64xi1> -> tile<64xi32>, token
  return
}
