entry @gdc_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc12)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc13)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc14)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc12)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc12)
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc12)
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc12)
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc12)
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc12)
  %1 = gdc_wait_tko token = %0 -> token loc(#loc15)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc16)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc17)
  %2 = join_tokens %0, %1 : token loc(#loc17)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %2 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc17)
  %3 = join_tokens %0, %result_token : token loc(#loc17)
  %blockId_x_6, %blockId_y_7, %blockId_z_8 = get_tile_block_id : tile<i32> loc(#loc18)
  %cst_1_f32 = constant <f32: 1.000000e+00> : tile<f32> loc(#loc19)
  %reshape = reshape %cst_1_f32 : tile<f32> -> tile<1xf32> loc(#loc20)
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32> loc(#loc20)
  %4 = addf %tile, %bcast  : tile<128xf32> loc(#loc20)
  %pview_9 = make_partition_view %tview_5 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc21)
  %5 = join_tokens %0, %1 : token loc(#loc21)
  %6 = store_view_tko weak %4, %pview_9[%blockId_x_6] token = %5 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc21)
  %7 = join_tokens %1, %3, %6 : token loc(#loc22)
  %8 = gdc_launch_dependents_tko token = %7 -> token loc(#loc22)
  return loc(#loc11)
} loc(#loc12)
#di_file = #cuda_tile.di_file<"k_extra.py" in "kernels">
#loc = loc("kernels/k_extra.py":24:0)
#loc1 = loc("kernels/k_extra.py":24:8)
#loc2 = loc("kernels/k_extra.py":24:11)
#loc3 = loc("kernels/k_extra.py":25:4)
#loc4 = loc("kernels/k_extra.py":26:26)
#loc5 = loc("kernels/k_extra.py":26:8)
#loc6 = loc("kernels/k_extra.py":27:25)
#loc7 = loc("kernels/k_extra.py":27:47)
#loc8 = loc("kernels/k_extra.py":27:43)
#loc9 = loc("kernels/k_extra.py":27:4)
#loc10 = loc("kernels/k_extra.py":28:4)
#loc11 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 23, name = "gdc", linkageName = "gdc_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 23>
#loc12 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc13 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
