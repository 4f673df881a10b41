entry @broadcast_expand_Kt1_A2f32_3l0_p16_A1f32_1l0_p16_A2f32_3l0_p16_I16_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc15)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc16)
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>> loc(#loc17)
  %assume_1 = assume div_by<16>, %arg8 : tile<ptr<f32>> loc(#loc18)
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc15)
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc15)
  %assume_4 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc15)
  %assume_5 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc15)
  %tview = make_tensor_view %assume, shape = [%assume_2, %assume_3], strides = [%assume_4, %assume_5] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]> loc(#loc15)
  %assume_6 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc15)
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc15)
  %tview_8 = make_tensor_view %assume_0, shape = [%assume_6], strides = [%assume_7] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc15)
  %assume_9 = assume bounded<0, ?>, %arg9 : tile<i32> loc(#loc15)
  %assume_10 = assume bounded<0, ?>, %arg10 : tile<i32> loc(#loc15)
  %assume_11 = assume bounded<0, ?>, %arg11 : tile<i32> loc(#loc15)
  %assume_12 = assume bounded<0, ?>, %arg12 : tile<i32> loc(#loc15)
  %tview_13 = make_tensor_view %assume_1, shape = [%assume_9, %assume_10], strides = [%assume_11, %assume_12] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]> loc(#loc15)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc19)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc20)
  %pview = make_partition_view %tview : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,?]>> loc(#loc21)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> tile<16x64xf32>, token loc(#loc21)
  %cst_0_i32_14 = constant <i32: 0> : tile<i32> loc(#loc22)
  %pview_15 = make_partition_view %tview_8 : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>> loc(#loc23)
  %tile_16, %result_token_17 = load_view_tko weak %pview_15[%cst_0_i32_14] token = %0 : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<64xf32>, token loc(#loc23)
  %reshape = reshape %tile_16 : tile<64xf32> -> tile<1x64xf32> loc(#loc24)
  %bcast = broadcast %reshape : tile<1x64xf32> -> tile<16x64xf32> loc(#loc25)
  %cst_0_i32_18 = constant <i32: 0> : tile<i32> loc(#loc26)
  %1 = mulf %tile, %bcast  : tile<16x64xf32> loc(#loc27)
  %pview_19 = make_partition_view %tview_13 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,?]>> loc(#loc28)
  %2 = store_view_tko weak %1, %pview_19[%blockId_x, %cst_0_i32_18] token = %0 : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token loc(#loc28)
  return loc(#loc14)
} loc(#loc15)
#di_file = #cuda_tile.di_file<"k_shape.py" in "kernels">
#loc = loc("kernels/k_shape.py":19:0)
#loc1 = loc("kernels/k_shape.py":19:21)
#loc2 = loc("kernels/k_shape.py":19:24)
#loc3 = loc("kernels/k_shape.py":19:27)
#loc4 = loc("kernels/k_shape.py":20:10)
#loc5 = loc("kernels/k_shape.py":21:31)
#loc6 = loc("kernels/k_shape.py":21:8)
#loc7 = loc("kernels/k_shape.py":22:28)
#loc8 = loc("kernels/k_shape.py":22:10)
#loc9 = loc("kernels/k_shape.py":23:24)
#loc10 = loc("kernels/k_shape.py":23:8)
#loc11 = loc("kernels/k_shape.py":24:30)
#loc12 = loc("kernels/k_shape.py":24:39)
#loc13 = loc("kernels/k_shape.py":24:4)
#loc14 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 18, name = "broadcast_expand", linkageName = "broadcast_expand_Kt1_A2f32_3l0_p16_A1f32_1l0_p16_A2f32_3l0_p16_I16_I64", compileUnit = #di_compile_unit, scopeLine = 18>
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
