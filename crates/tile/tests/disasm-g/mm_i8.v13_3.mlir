entry @matmul_i8_Kt1_A2i8_3l0_p16_A2i8_3l0_p16_A2i32_3l0_p16_I64_I64_I64(%arg0: tile<ptr<i8>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<i8>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<i32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc15)
  %assume = assume div_by<16>, %arg0 : tile<ptr<i8>> loc(#loc16)
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<i8>> loc(#loc17)
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<i32>> loc(#loc18)
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc15)
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc15)
  %assume_4 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc15)
  %assume_5 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc15)
  %tview = make_tensor_view %assume, shape = [%assume_2, %assume_3], strides = [%assume_4, %assume_5] : tile<i32> -> tensor_view<?x?xi8, strides=[?,?]> loc(#loc15)
  %assume_6 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc15)
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc15)
  %assume_8 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc15)
  %assume_9 = assume bounded<0, ?>, %arg9 : tile<i32> loc(#loc15)
  %tview_10 = make_tensor_view %assume_0, shape = [%assume_6, %assume_7], strides = [%assume_8, %assume_9] : tile<i32> -> tensor_view<?x?xi8, strides=[?,?]> loc(#loc15)
  %assume_11 = assume bounded<0, ?>, %arg11 : tile<i32> loc(#loc15)
  %assume_12 = assume bounded<0, ?>, %arg12 : tile<i32> loc(#loc15)
  %assume_13 = assume bounded<0, ?>, %arg13 : tile<i32> loc(#loc15)
  %assume_14 = assume bounded<0, ?>, %arg14 : tile<i32> loc(#loc15)
  %tview_15 = make_tensor_view %assume_1, shape = [%assume_11, %assume_12], strides = [%assume_13, %assume_14] : tile<i32> -> tensor_view<?x?xi32, strides=[?,?]> loc(#loc15)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc19)
  %blockId_x_16, %blockId_y_17, %blockId_z_18 = get_tile_block_id : tile<i32> loc(#loc20)
  %cst_0_i32 = constant <i32: 0> : tile<64x64xi32> loc(#loc21)
  %pview = make_partition_view %tview : partition_view<tile=(64x64), tensor_view<?x?xi8, strides=[?,?]>> loc(#loc22)
  %1:2 = get_index_space_shape %pview : partition_view<tile=(64x64), tensor_view<?x?xi8, strides=[?,?]>> -> tile<i32> loc(#loc22)
  %cst_0_i32_19 = constant <i32: 0> : tile<i32> loc(#loc23)
  %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc23)
  %pview_20 = make_partition_view %tview : partition_view<tile=(64x64), tensor_view<?x?xi8, strides=[?,?]>> loc(#loc24)
  %pview_21 = make_partition_view %tview_10 : partition_view<tile=(64x64), tensor_view<?x?xi8, strides=[?,?]>> loc(#loc25)
  %for = for %loopIdx in (%cst_0_i32_19 to %1#1, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_i32) -> (tile<64x64xi32>) {
    %tile, %result_token = load_view_tko weak %pview_20[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(64x64), tensor_view<?x?xi8, strides=[?,?]>>, tile<i32> -> tile<64x64xi8>, token loc(#loc24)
    %tile_23, %result_token_24 = load_view_tko weak %pview_21[%loopIdx, %blockId_y_17] token = %0 : partition_view<tile=(64x64), tensor_view<?x?xi8, strides=[?,?]>>, tile<i32> -> tile<64x64xi8>, token loc(#loc25)
    %3 = mmai %tile, %tile_23, %iterArg0 signed signed : tile<64x64xi8>, tile<64x64xi8>, tile<64x64xi32> loc(#loc27)
    continue %3 : tile<64x64xi32> loc(#loc26)
  } loc(#loc26)
  %pview_22 = make_partition_view %tview_15 : partition_view<tile=(64x64), tensor_view<?x?xi32, strides=[?,?]>> loc(#loc28)
  %2 = store_view_tko weak %for, %pview_22[%blockId_x, %blockId_y_17] token = %0 : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<?x?xi32, strides=[?,?]>>, tile<i32> -> token loc(#loc28)
  return loc(#loc14)
} loc(#loc15)
#di_file = #cuda_tile.di_file<"k_matmul.py" in "kernels">
#loc = loc("kernels/k_matmul.py":33:0)
#loc1 = loc("kernels/k_matmul.py":33:14)
#loc2 = loc("kernels/k_matmul.py":33:17)
#loc3 = loc("kernels/k_matmul.py":33:20)
#loc4 = loc("kernels/k_matmul.py":34:9)
#loc5 = loc("kernels/k_matmul.py":35:9)
#loc6 = loc("kernels/k_matmul.py":36:10)
#loc7 = loc("kernels/k_matmul.py":37:19)
#loc8 = loc("kernels/k_matmul.py":37:13)
#loc9 = loc("kernels/k_matmul.py":38:12)
#loc10 = loc("kernels/k_matmul.py":39:12)
#loc11 = loc("kernels/k_matmul.py":37:4)
#loc12 = loc("kernels/k_matmul.py":40:14)
#loc13 = loc("kernels/k_matmul.py":41:4)
#loc14 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 32, name = "matmul_i8", linkageName = "matmul_i8_Kt1_A2i8_3l0_p16_A2i8_3l0_p16_A2i32_3l0_p16_I64_I64_I64", compileUnit = #di_compile_unit, scopeLine = 32>
#loc15 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc27 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc28 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
