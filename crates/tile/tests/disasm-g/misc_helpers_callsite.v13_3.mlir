entry @helpers_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc15)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc16)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc17)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc15)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc15)
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc15)
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc15)
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc15)
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc15)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc18)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc19)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc19)
  %blockId_x_6, %blockId_y_7, %blockId_z_8 = get_tile_block_id : tile<i32> loc(#loc20)
  %cst_2_f32 = constant <f32: 2.000000e+00> : tile<f32> loc(#loc31)
  %reshape = reshape %cst_2_f32 : tile<f32> -> tile<1xf32> loc(#loc35)
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32> loc(#loc35)
  %cst_1_f32 = constant <f32: 1.000000e+00> : tile<f32> loc(#loc36)
  %reshape_9 = reshape %cst_1_f32 : tile<f32> -> tile<1xf32> loc(#loc35)
  %bcast_10 = broadcast %reshape_9 : tile<1xf32> -> tile<128xf32> loc(#loc35)
  %1 = fma %tile, %bcast, %bcast_10  : tile<128xf32> loc(#loc35)
  %cst_f32 = constant <f32: 5.000000e-01> : tile<f32> loc(#loc33)
  %reshape_11 = reshape %cst_f32 : tile<f32> -> tile<1xf32> loc(#loc37)
  %bcast_12 = broadcast %reshape_11 : tile<1xf32> -> tile<128xf32> loc(#loc37)
  %cst_1_f32_13 = constant <f32: 1.000000e+00> : tile<f32> loc(#loc38)
  %reshape_14 = reshape %cst_1_f32_13 : tile<f32> -> tile<1xf32> loc(#loc37)
  %bcast_15 = broadcast %reshape_14 : tile<1xf32> -> tile<128xf32> loc(#loc37)
  %2 = fma %1, %bcast_12, %bcast_15  : tile<128xf32> loc(#loc37)
  %pview_16 = make_partition_view %tview_5 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc30)
  %3 = store_view_tko weak %2, %pview_16[%blockId_x_6] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc30)
  return loc(#loc14)
} loc(#loc15)
#di_file = #cuda_tile.di_file<"k_extra5.py" in "kernels">
#loc = loc("kernels/k_extra5.py":17:0)
#loc1 = loc("kernels/k_extra5.py":17:12)
#loc2 = loc("kernels/k_extra5.py":17:15)
#loc3 = loc("kernels/k_extra5.py":18:26)
#loc4 = loc("kernels/k_extra5.py":18:8)
#loc5 = loc("kernels/k_extra5.py":19:25)
#loc6 = loc("kernels/k_extra5.py":13:34)
#loc7 = loc("kernels/k_extra5.py":19:43)
#loc8 = loc("kernels/k_extra5.py":9:11)
#loc9 = loc("kernels/k_extra5.py":13:21)
#loc10 = loc("kernels/k_extra5.py":9:19)
#loc11 = loc("kernels/k_extra5.py":13:40)
#loc12 = loc("kernels/k_extra5.py":13:11)
#loc13 = loc("kernels/k_extra5.py":19:4)
#loc14 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 16, name = "helpers", linkageName = "helpers_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 16>
#di_subprogram1 = #cuda_tile.di_subprogram<file = #di_file, line = 12, name = "twice", linkageName = "twice@k_extra5:12:1_s0", compileUnit = #di_compile_unit, scopeLine = 12>
#di_subprogram2 = #cuda_tile.di_subprogram<file = #di_file, line = 8, name = "scale_add", linkageName = "scale_add@k_extra5:8:1_s1", compileUnit = #di_compile_unit, scopeLine = 8>
#di_subprogram3 = #cuda_tile.di_subprogram<file = #di_file, line = 8, name = "scale_add", linkageName = "scale_add@k_extra5:8:1_s2", compileUnit = #di_compile_unit, scopeLine = 8>
#loc15 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc6 in #di_subprogram1>
#loc22 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc8 in #di_subprogram2>
#loc24 = #cuda_tile.di_loc<#loc9 in #di_subprogram1>
#loc25 = #cuda_tile.di_loc<#loc10 in #di_subprogram2>
#loc26 = #cuda_tile.di_loc<#loc11 in #di_subprogram1>
#loc27 = #cuda_tile.di_loc<#loc8 in #di_subprogram3>
#loc28 = #cuda_tile.di_loc<#loc12 in #di_subprogram1>
#loc29 = #cuda_tile.di_loc<#loc10 in #di_subprogram3>
#loc30 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
#loc31 = loc(callsite(#loc21 at #loc22))
#loc32 = loc(callsite(#loc24 at #loc22))
#loc33 = loc(callsite(#loc26 at #loc22))
#loc34 = loc(callsite(#loc28 at #loc22))
#loc35 = loc(callsite(#loc23 at #loc32))
#loc36 = loc(callsite(#loc25 at #loc32))
#loc37 = loc(callsite(#loc27 at #loc34))
#loc38 = loc(callsite(#loc29 at #loc34))
