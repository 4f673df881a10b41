entry @int_unary_casts_Kt1_A1i32_1l0_p16_A1f32_1l0_p16_A1i64_1l0_p16_A1f32_1l0_p16_A1i8_1l0_p16_I128(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i64>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<ptr<f32>>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<ptr<i8>>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<i32>>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<i64>>
  %assume_2 = assume div_by<16>, %arg9 : tile<ptr<f32>>
  %assume_3 = assume div_by<16>, %arg12 : tile<ptr<i8>>
  %cst_3_i32 = constant <i32: 3> : tile<128xi32>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg2 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_4], strides = [%assume_5] : tile<i32> -> tensor_view<?xi32, strides=[?]>
  %assume_6 = assume bounded<0, ?>, %arg4 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg5 : tile<i32>
  %tview_8 = make_tensor_view %assume_0, shape = [%assume_6], strides = [%assume_7] : tile<i32> -> tensor_view<?xf32, strides=[?]>
  %assume_9 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg8 : tile<i32>
  %tview_11 = make_tensor_view %assume_1, shape = [%assume_9], strides = [%assume_10] : tile<i32> -> tensor_view<?xi64, strides=[?]>
  %assume_12 = assume bounded<0, ?>, %arg10 : tile<i32>
  %assume_13 = assume bounded<0, ?>, %arg11 : tile<i32>
  %tview_14 = make_tensor_view %assume_2, shape = [%assume_12], strides = [%assume_13] : tile<i32> -> tensor_view<?xf32, strides=[?]>
  %assume_15 = assume bounded<0, ?>, %arg13 : tile<i32>
  %assume_16 = assume bounded<0, ?>, %arg14 : tile<i32>
  %tview_17 = make_tensor_view %assume_3, shape = [%assume_15], strides = [%assume_16] : tile<i32> -> tensor_view<?xi8, strides=[?]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xi32, strides=[?]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi32, strides=[?]>>, tile<i32> -> tile<128xi32>, token
  %blockId_x_18, %blockId_y_19, %blockId_z_20 = get_tile_block_id : tile<i32>
  %pview_21 = make_partition_view %tview_8 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>
  %tile_22, %result_token_23 = load_view_tko weak %pview_21[%blockId_x_18] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token
  %1 = absi %tile : tile<128xi32>
  %2 = negi %tile : tile<128xi32>
  %3 = addi %1, %2 : tile<128xi32>
  %cst_-1_i32 = constant <i32: -1> : tile<128xi32>
  %4 = xori %tile, %cst_-1_i32 : tile<128xi32>
  %5 = addi %3, %4 : tile<128xi32>
  %6 = ftoi %tile_22 signed  : tile<128xf32> -> tile<128xi32>
  %7 = addi %6, %5 : tile<128xi32>
  %8 = trunci %7 : tile<128xi32> -> tile<128xi16>
  %9 = exti %8 signed : tile<128xi16> -> tile<128xi32>
  %10 = itof %9 unsigned  : tile<128xi32> -> tile<128xf32>
  %blockId_x_24, %blockId_y_25, %blockId_z_26 = get_tile_block_id : tile<i32>
  %11 = exti %8 signed : tile<128xi16> -> tile<128xi64>
  %pview_27 = make_partition_view %tview_11 : partition_view<tile=(128), tensor_view<?xi64, strides=[?]>>
  %12 = store_view_tko weak %11, %pview_27[%blockId_x_24] token = %0 : tile<128xi64>, partition_view<tile=(128), tensor_view<?xi64, strides=[?]>>, tile<i32> -> token
  %blockId_x_28, %blockId_y_29, %blockId_z_30 = get_tile_block_id : tile<i32>
  %13 = ftoi %tile_22 unsigned  : tile<128xf32> -> tile<128xi8>
  %14 = itof %13 unsigned  : tile<128xi8> -> tile<128xf32>
  %15 = addf %10, %14  : tile<128xf32>
  %pview_31 = make_partition_view %tview_14 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>
  %16 = store_view_tko weak %15, %pview_31[%blockId_x_28] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token
  %blockId_x_32, %blockId_y_33, %blockId_z_34 = get_tile_block_id : tile<i32>
  %17 = cmpi greater_than %tile, %cst_3_i32, signed : tile<128xi32> -> tile<128xi1>
  %18 = exti %17 unsigned : tile<128xi1> -> tile<128xi8>
  %pview_35 = make_partition_view %tview_17 : partition_view<tile=(128), tensor_view<?xi8, strides=[?]>>
  %19 = store_view_tko weak %18, %pview_35[%blockId_x_32] token = %0 : tile<128xi8>, partition_view<tile=(128), tensor_view<?xi8, strides=[?]>>, tile<i32> -> token
  return
}
