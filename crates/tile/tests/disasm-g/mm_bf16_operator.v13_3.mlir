entry @matmul_bf16_operator_Kt1_A2bf16_3l0_p16_A2bf16_3l0_p16_A2f32_3l0_p16_I32_I32_I32(%arg0: tile<ptr<bf16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<bf16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc13)
  %assume = assume div_by<16>, %arg0 : tile<ptr<bf16>> loc(#loc14)
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<bf16>> loc(#loc15)
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f32>> loc(#loc16)
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc13)
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc13)
  %assume_4 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc13)
  %assume_5 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc13)
  %tview = make_tensor_view %assume, shape = [%assume_2, %assume_3], strides = [%assume_4, %assume_5] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,?]> loc(#loc13)
  %assume_6 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc13)
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc13)
  %assume_8 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc13)
  %assume_9 = assume bounded<0, ?>, %arg9 : tile<i32> loc(#loc13)
  %tview_10 = make_tensor_view %assume_0, shape = [%assume_6, %assume_7], strides = [%assume_8, %assume_9] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,?]> loc(#loc13)
  %assume_11 = assume bounded<0, ?>, %arg11 : tile<i32> loc(#loc13)
  %assume_12 = assume bounded<0, ?>, %arg12 : tile<i32> loc(#loc13)
  %assume_13 = assume bounded<0, ?>, %arg13 : tile<i32> loc(#loc13)
  %assume_14 = assume bounded<0, ?>, %arg14 : tile<i32> loc(#loc13)
  %tview_15 = make_tensor_view %assume_1, shape = [%assume_11, %assume_12], strides = [%assume_13, %assume_14] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]> loc(#loc13)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc17)
  %blockId_x_16, %blockId_y_17, %blockId_z_18 = get_tile_block_id : tile<i32> loc(#loc18)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc19)
  %pview = make_partition_view %tview : partition_view<tile=(32x32), tensor_view<?x?xbf16, strides=[?,?]>> loc(#loc20)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(32x32), tensor_view<?x?xbf16, strides=[?,?]>>, tile<i32> -> tile<32x32xbf16>, token loc(#loc20)
  %cst_0_i32_19 = constant <i32: 0> : tile<i32> loc(#loc21)
  %pview_20 = make_partition_view %tview_10 : partition_view<tile=(32x32), tensor_view<?x?xbf16, strides=[?,?]>> loc(#loc22)
  %tile_21, %result_token_22 = load_view_tko weak %pview_20[%cst_0_i32_19, %blockId_y_17] token = %0 : partition_view<tile=(32x32), tensor_view<?x?xbf16, strides=[?,?]>>, tile<i32> -> tile<32x32xbf16>, token loc(#loc22)
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<32x32xf32> loc(#loc23)
  %1 = mmaf %tile, %tile_21, %cst_0_f32 : tile<32x32xbf16>, tile<32x32xbf16>, tile<32x32xf32> loc(#loc23)
  %2 = ftof %1  : tile<32x32xf32> -> tile<32x32xbf16> loc(#loc23)
  %3 = ftof %2  : tile<32x32xbf16> -> tile<32x32xf32> loc(#loc24)
  %pview_23 = make_partition_view %tview_15 : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,?]>> loc(#loc24)
  %4 = store_view_tko weak %3, %pview_23[%blockId_x, %blockId_y_17] token = %0 : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token loc(#loc24)
  return loc(#loc12)
} loc(#loc13)
#di_file = #cuda_tile.di_file<"k_matmul.py" in "kernels">
#loc = loc("kernels/k_matmul.py":45:0)
#loc1 = loc("kernels/k_matmul.py":45:25)
#loc2 = loc("kernels/k_matmul.py":45:28)
#loc3 = loc("kernels/k_matmul.py":45:31)
#loc4 = loc("kernels/k_matmul.py":46:9)
#loc5 = loc("kernels/k_matmul.py":47:9)
#loc6 = loc("kernels/k_matmul.py":48:30)
#loc7 = loc("kernels/k_matmul.py":48:8)
#loc8 = loc("kernels/k_matmul.py":49:26)
#loc9 = loc("kernels/k_matmul.py":49:8)
#loc10 = loc("kernels/k_matmul.py":50:8)
#loc11 = loc("kernels/k_matmul.py":51:4)
#loc12 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 44, name = "matmul_bf16_operator", linkageName = "matmul_bf16_operator_Kt1_A2bf16_3l0_p16_A2bf16_3l0_p16_A2f32_3l0_p16_I32_I32_I32", compileUnit = #di_compile_unit, scopeLine = 44>
#loc13 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
