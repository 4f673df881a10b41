entry @matmul_f16_Kt1_A2f16_3l0_p16_A2f16_3l0_p16_A2f16_3l0_p16_I64_I64_I32(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f16>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc16)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>> loc(#loc17)
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f16>> loc(#loc18)
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f16>> loc(#loc19)
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc16)
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc16)
  %assume_4 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc16)
  %assume_5 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc16)
  %tview = make_tensor_view %assume, shape = [%assume_2, %assume_3], strides = [%assume_4, %assume_5] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]> loc(#loc16)
  %assume_6 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc16)
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc16)
  %assume_8 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc16)
  %assume_9 = assume bounded<0, ?>, %arg9 : tile<i32> loc(#loc16)
  %tview_10 = make_tensor_view %assume_0, shape = [%assume_6, %assume_7], strides = [%assume_8, %assume_9] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]> loc(#loc16)
  %assume_11 = assume bounded<0, ?>, %arg11 : tile<i32> loc(#loc16)
  %assume_12 = assume bounded<0, ?>, %arg12 : tile<i32> loc(#loc16)
  %assume_13 = assume bounded<0, ?>, %arg13 : tile<i32> loc(#loc16)
  %assume_14 = assume bounded<0, ?>, %arg14 : tile<i32> loc(#loc16)
  %tview_15 = make_tensor_view %assume_1, shape = [%assume_11, %assume_12], strides = [%assume_13, %assume_14] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]> loc(#loc16)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc20)
  %blockId_x_16, %blockId_y_17, %blockId_z_18 = get_tile_block_id : tile<i32> loc(#loc21)
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<64x64xf32> loc(#loc22)
  %pview = make_partition_view %tview : partition_view<tile=(64x32), tensor_view<?x?xf16, strides=[?,?]>> loc(#loc23)
  %1:2 = get_index_space_shape %pview : partition_view<tile=(64x32), tensor_view<?x?xf16, strides=[?,?]>> -> tile<i32> loc(#loc23)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc24)
  %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc24)
  %pview_19 = make_partition_view %tview : partition_view<tile=(64x32), tensor_view<?x?xf16, strides=[?,?]>> loc(#loc25)
  %pview_20 = make_partition_view %tview_10 : partition_view<tile=(32x64), tensor_view<?x?xf16, strides=[?,?]>> loc(#loc26)
  %for = for %loopIdx in (%cst_0_i32 to %1#1, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<64x64xf32>) {
    %tile, %result_token = load_view_tko weak %pview_19[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(64x32), tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<64x32xf16>, token loc(#loc25)
    %tile_22, %result_token_23 = load_view_tko weak %pview_20[%loopIdx, %blockId_y_17] token = %0 : partition_view<tile=(32x64), tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<32x64xf16>, token loc(#loc26)
    %4 = mmaf %tile, %tile_22, %iterArg0 : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32> loc(#loc28)
    continue %4 : tile<64x64xf32> loc(#loc27)
  } loc(#loc27)
  %2 = ftof %for  : tile<64x64xf32> -> tile<64x64xf16> loc(#loc29)
  %pview_21 = make_partition_view %tview_15 : partition_view<tile=(64x64), tensor_view<?x?xf16, strides=[?,?]>> loc(#loc30)
  %3 = store_view_tko weak %2, %pview_21[%blockId_x, %blockId_y_17] token = %0 : tile<64x64xf16>, partition_view<tile=(64x64), tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> token loc(#loc30)
  return loc(#loc15)
} loc(#loc16)
#di_file = #cuda_tile.di_file<"k_matmul.py" in "kernels">
#loc = loc("kernels/k_matmul.py":9:0)
#loc1 = loc("kernels/k_matmul.py":9:15)
#loc2 = loc("kernels/k_matmul.py":9:18)
#loc3 = loc("kernels/k_matmul.py":9:21)
#loc4 = loc("kernels/k_matmul.py":10:9)
#loc5 = loc("kernels/k_matmul.py":11:9)
#loc6 = loc("kernels/k_matmul.py":12:10)
#loc7 = loc("kernels/k_matmul.py":13:19)
#loc8 = loc("kernels/k_matmul.py":13:13)
#loc9 = loc("kernels/k_matmul.py":14:12)
#loc10 = loc("kernels/k_matmul.py":15:12)
#loc11 = loc("kernels/k_matmul.py":13:4)
#loc12 = loc("kernels/k_matmul.py":16:14)
#loc13 = loc("kernels/k_matmul.py":17:37)
#loc14 = loc("kernels/k_matmul.py":17:4)
#loc15 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 8, name = "matmul_f16", linkageName = "matmul_f16_Kt1_A2f16_3l0_p16_A2f16_3l0_p16_A2f16_3l0_p16_I64_I64_I32", compileUnit = #di_compile_unit, scopeLine = 8>
#loc16 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc27 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc28 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc29 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
#loc30 = #cuda_tile.di_loc<#loc14 in #di_subprogram>
