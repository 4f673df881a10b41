entry @matmul_tf32_Kt1_A2f32_3l0_p16_A2f32_3l0_p16_A2f32_3l0_p16_I64_I64_I16(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc17)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc18)
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>> loc(#loc19)
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f32>> loc(#loc20)
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc17)
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc17)
  %assume_4 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc17)
  %assume_5 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc17)
  %tview = make_tensor_view %assume, shape = [%assume_2, %assume_3], strides = [%assume_4, %assume_5] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]> loc(#loc17)
  %assume_6 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc17)
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc17)
  %assume_8 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc17)
  %assume_9 = assume bounded<0, ?>, %arg9 : tile<i32> loc(#loc17)
  %tview_10 = make_tensor_view %assume_0, shape = [%assume_6, %assume_7], strides = [%assume_8, %assume_9] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]> loc(#loc17)
  %assume_11 = assume bounded<0, ?>, %arg11 : tile<i32> loc(#loc17)
  %assume_12 = assume bounded<0, ?>, %arg12 : tile<i32> loc(#loc17)
  %assume_13 = assume bounded<0, ?>, %arg13 : tile<i32> loc(#loc17)
  %assume_14 = assume bounded<0, ?>, %arg14 : tile<i32> loc(#loc17)
  %tview_15 = make_tensor_view %assume_1, shape = [%assume_11, %assume_12], strides = [%assume_13, %assume_14] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]> loc(#loc17)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc21)
  %blockId_x_16, %blockId_y_17, %blockId_z_18 = get_tile_block_id : tile<i32> loc(#loc22)
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<64x64xf32> loc(#loc23)
  %pview = make_partition_view %tview : partition_view<tile=(64x16), tensor_view<?x?xf32, strides=[?,?]>> loc(#loc24)
  %1:2 = get_index_space_shape %pview : partition_view<tile=(64x16), tensor_view<?x?xf32, strides=[?,?]>> -> tile<i32> loc(#loc24)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc25)
  %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc25)
  %pview_19 = make_partition_view %tview : partition_view<tile=(64x16), tensor_view<?x?xf32, strides=[?,?]>> loc(#loc26)
  %pview_20 = make_partition_view %tview_10 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,?]>> loc(#loc27)
  %for = for %loopIdx in (%cst_0_i32 to %1#1, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<64x64xf32>) {
    %tile, %result_token = load_view_tko weak %pview_19[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(64x16), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> tile<64x16xf32>, token loc(#loc26)
    %3 = ftof %tile  : tile<64x16xf32> -> tile<64x16xtf32> loc(#loc29)
    %tile_22, %result_token_23 = load_view_tko weak %pview_20[%loopIdx, %blockId_y_17] token = %0 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> tile<16x64xf32>, token loc(#loc27)
    %4 = ftof %tile_22  : tile<16x64xf32> -> tile<16x64xtf32> loc(#loc30)
    %5 = mmaf %3, %4, %iterArg0 : tile<64x16xtf32>, tile<16x64xtf32>, tile<64x64xf32> loc(#loc31)
    continue %5 : tile<64x64xf32> loc(#loc28)
  } loc(#loc28)
  %pview_21 = make_partition_view %tview_15 : partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,?]>> loc(#loc32)
  %2 = store_view_tko weak %for, %pview_21[%blockId_x, %blockId_y_17] token = %0 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token loc(#loc32)
  return loc(#loc16)
} loc(#loc17)
#di_file = #cuda_tile.di_file<"k_matmul.py" in "kernels">
#loc = loc("kernels/k_matmul.py":21:0)
#loc1 = loc("kernels/k_matmul.py":21:16)
#loc2 = loc("kernels/k_matmul.py":21:19)
#loc3 = loc("kernels/k_matmul.py":21:22)
#loc4 = loc("kernels/k_matmul.py":22:9)
#loc5 = loc("kernels/k_matmul.py":23:9)
#loc6 = loc("kernels/k_matmul.py":24:10)
#loc7 = loc("kernels/k_matmul.py":25:19)
#loc8 = loc("kernels/k_matmul.py":25:13)
#loc9 = loc("kernels/k_matmul.py":26:22)
#loc10 = loc("kernels/k_matmul.py":27:22)
#loc11 = loc("kernels/k_matmul.py":25:4)
#loc12 = loc("kernels/k_matmul.py":26:12)
#loc13 = loc("kernels/k_matmul.py":27:12)
#loc14 = loc("kernels/k_matmul.py":28:14)
#loc15 = loc("kernels/k_matmul.py":29:4)
#loc16 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 20, name = "matmul_tf32", linkageName = "matmul_tf32_Kt1_A2f32_3l0_p16_A2f32_3l0_p16_A2f32_3l0_p16_I64_I64_I16", compileUnit = #di_compile_unit, scopeLine = 20>
#loc17 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc27 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc28 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc29 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc30 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
#loc31 = #cuda_tile.di_loc<#loc14 in #di_subprogram>
#loc32 = #cuda_tile.di_loc<#loc15 in #di_subprogram>
