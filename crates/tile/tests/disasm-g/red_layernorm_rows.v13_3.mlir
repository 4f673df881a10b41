entry @layernorm_rows_Kt1_A2f32_3l0_p16_A1f32_1l0_p16_A1f32_1l0_p16_A2f32_3l0_p16_I8_I256(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<ptr<f32>>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc24)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc25)
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>> loc(#loc26)
  %assume_1 = assume div_by<16>, %arg8 : tile<ptr<f32>> loc(#loc27)
  %assume_2 = assume div_by<16>, %arg11 : tile<ptr<f32>> loc(#loc28)
  %assume_3 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc24)
  %assume_4 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc24)
  %assume_5 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc24)
  %assume_6 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc24)
  %tview = make_tensor_view %assume, shape = [%assume_3, %assume_4], strides = [%assume_5, %assume_6] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]> loc(#loc24)
  %assume_7 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc24)
  %assume_8 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc24)
  %tview_9 = make_tensor_view %assume_0, shape = [%assume_7], strides = [%assume_8] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc24)
  %assume_10 = assume bounded<0, ?>, %arg9 : tile<i32> loc(#loc24)
  %assume_11 = assume bounded<0, ?>, %arg10 : tile<i32> loc(#loc24)
  %tview_12 = make_tensor_view %assume_1, shape = [%assume_10], strides = [%assume_11] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc24)
  %assume_13 = assume bounded<0, ?>, %arg12 : tile<i32> loc(#loc24)
  %assume_14 = assume bounded<0, ?>, %arg13 : tile<i32> loc(#loc24)
  %assume_15 = assume bounded<0, ?>, %arg14 : tile<i32> loc(#loc24)
  %assume_16 = assume bounded<0, ?>, %arg15 : tile<i32> loc(#loc24)
  %tview_17 = make_tensor_view %assume_2, shape = [%assume_13, %assume_14], strides = [%assume_15, %assume_16] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]> loc(#loc24)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc29)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc30)
  %pview = make_partition_view %tview : partition_view<tile=(8x256), tensor_view<?x?xf32, strides=[?,?]>> loc(#loc31)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(8x256), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> tile<8x256xf32>, token loc(#loc31)
  %reduce = reduce %tile dim=1 identities=[0.000000e+00 : f32] : tile<8x256xf32> -> tile<8xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %10 = addf %reduce_lhs, %reduce_rhs  : tile<f32> loc(#loc32)
    yield %10 : tile<f32> loc(#loc32)
  } loc(#loc32)
  %reshape = reshape %reduce : tile<8xf32> -> tile<8x1xf32> loc(#loc32)
  %cst_256_f32 = constant <f32: 2.560000e+02> : tile<f32> loc(#loc32)
  %reshape_18 = reshape %cst_256_f32 : tile<f32> -> tile<1x1xf32> loc(#loc32)
  %bcast = broadcast %reshape_18 : tile<1x1xf32> -> tile<8x1xf32> loc(#loc32)
  %1 = divf %reshape, %bcast  : tile<8x1xf32> loc(#loc32)
  %bcast_19 = broadcast %1 : tile<8x1xf32> -> tile<8x256xf32> loc(#loc33)
  %2 = subf %tile, %bcast_19  : tile<8x256xf32> loc(#loc33)
  %3 = mulf %2, %2  : tile<8x256xf32> loc(#loc34)
  %reduce_20 = reduce %3 dim=1 identities=[0.000000e+00 : f32] : tile<8x256xf32> -> tile<8xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %10 = addf %reduce_lhs, %reduce_rhs  : tile<f32> loc(#loc35)
    yield %10 : tile<f32> loc(#loc35)
  } loc(#loc35)
  %reshape_21 = reshape %reduce_20 : tile<8xf32> -> tile<8x1xf32> loc(#loc35)
  %cst_256_f32_22 = constant <f32: 2.560000e+02> : tile<f32> loc(#loc35)
  %reshape_23 = reshape %cst_256_f32_22 : tile<f32> -> tile<1x1xf32> loc(#loc35)
  %bcast_24 = broadcast %reshape_23 : tile<1x1xf32> -> tile<8x1xf32> loc(#loc35)
  %4 = divf %reshape_21, %bcast_24  : tile<8x1xf32> loc(#loc35)
  %cst_f32 = constant <f32: 9.99999974E-6> : tile<f32> loc(#loc36)
  %reshape_25 = reshape %cst_f32 : tile<f32> -> tile<1x1xf32> loc(#loc37)
  %bcast_26 = broadcast %reshape_25 : tile<1x1xf32> -> tile<8x1xf32> loc(#loc37)
  %5 = addf %4, %bcast_26  : tile<8x1xf32> loc(#loc37)
  %6 = rsqrt %5 : tile<8x1xf32> loc(#loc38)
  %bcast_27 = broadcast %6 : tile<8x1xf32> -> tile<8x256xf32> loc(#loc39)
  %7 = mulf %2, %bcast_27  : tile<8x256xf32> loc(#loc39)
  %cst_0_i32_28 = constant <i32: 0> : tile<i32> loc(#loc40)
  %pview_29 = make_partition_view %tview_9 : partition_view<tile=(256), tensor_view<?xf32, strides=[?]>> loc(#loc41)
  %tile_30, %result_token_31 = load_view_tko weak %pview_29[%cst_0_i32_28] token = %0 : partition_view<tile=(256), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<256xf32>, token loc(#loc41)
  %cst_0_i32_32 = constant <i32: 0> : tile<i32> loc(#loc42)
  %pview_33 = make_partition_view %tview_12 : partition_view<tile=(256), tensor_view<?xf32, strides=[?]>> loc(#loc43)
  %tile_34, %result_token_35 = load_view_tko weak %pview_33[%cst_0_i32_32] token = %0 : partition_view<tile=(256), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<256xf32>, token loc(#loc43)
  %cst_0_i32_36 = constant <i32: 0> : tile<i32> loc(#loc44)
  %reshape_37 = reshape %tile_30 : tile<256xf32> -> tile<1x256xf32> loc(#loc45)
  %bcast_38 = broadcast %reshape_37 : tile<1x256xf32> -> tile<8x256xf32> loc(#loc45)
  %reshape_39 = reshape %tile_34 : tile<256xf32> -> tile<1x256xf32> loc(#loc45)
  %bcast_40 = broadcast %reshape_39 : tile<1x256xf32> -> tile<8x256xf32> loc(#loc45)
  %8 = fma %7, %bcast_38, %bcast_40  : tile<8x256xf32> loc(#loc45)
  %pview_41 = make_partition_view %tview_17 : partition_view<tile=(8x256), tensor_view<?x?xf32, strides=[?,?]>> loc(#loc46)
  %9 = store_view_tko weak %8, %pview_41[%blockId_x, %cst_0_i32_36] token = %0 : tile<8x256xf32>, partition_view<tile=(8x256), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token loc(#loc46)
  return loc(#loc23)
} loc(#loc24)
#di_file = #cuda_tile.di_file<"k_reduce.py" in "kernels">
#loc = loc("kernels/k_reduce.py":56:0)
#loc1 = loc("kernels/k_reduce.py":56:19)
#loc2 = loc("kernels/k_reduce.py":56:22)
#loc3 = loc("kernels/k_reduce.py":56:25)
#loc4 = loc("kernels/k_reduce.py":56:28)
#loc5 = loc("kernels/k_reduce.py":57:10)
#loc6 = loc("kernels/k_reduce.py":58:31)
#loc7 = loc("kernels/k_reduce.py":58:8)
#loc8 = loc("kernels/k_reduce.py":59:11)
#loc9 = loc("kernels/k_reduce.py":60:8)
#loc10 = loc("kernels/k_reduce.py":61:17)
#loc11 = loc("kernels/k_reduce.py":61:10)
#loc12 = loc("kernels/k_reduce.py":62:27)
#loc13 = loc("kernels/k_reduce.py":62:21)
#loc14 = loc("kernels/k_reduce.py":62:12)
#loc15 = loc("kernels/k_reduce.py":62:8)
#loc16 = loc("kernels/k_reduce.py":63:27)
#loc17 = loc("kernels/k_reduce.py":63:9)
#loc18 = loc("kernels/k_reduce.py":64:27)
#loc19 = loc("kernels/k_reduce.py":64:9)
#loc20 = loc("kernels/k_reduce.py":65:30)
#loc21 = loc("kernels/k_reduce.py":65:39)
#loc22 = loc("kernels/k_reduce.py":65:4)
#loc23 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 55, name = "layernorm_rows", linkageName = "layernorm_rows_Kt1_A2f32_3l0_p16_A1f32_1l0_p16_A1f32_1l0_p16_A2f32_3l0_p16_I8_I256", compileUnit = #di_compile_unit, scopeLine = 55>
#loc24 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc27 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc28 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc29 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc30 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc31 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc32 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc33 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc34 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc35 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc36 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc37 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
#loc38 = #cuda_tile.di_loc<#loc14 in #di_subprogram>
#loc39 = #cuda_tile.di_loc<#loc15 in #di_subprogram>
#loc40 = #cuda_tile.di_loc<#loc16 in #di_subprogram>
#loc41 = #cuda_tile.di_loc<#loc17 in #di_subprogram>
#loc42 = #cuda_tile.di_loc<#loc18 in #di_subprogram>
#loc43 = #cuda_tile.di_loc<#loc19 in #di_subprogram>
#loc44 = #cuda_tile.di_loc<#loc20 in #di_subprogram>
#loc45 = #cuda_tile.di_loc<#loc21 in #di_subprogram>
#loc46 = #cuda_tile.di_loc<#loc22 in #di_subprogram>
