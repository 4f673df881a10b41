entry @hinted_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {num_cta_in_cga = 2, num_worker_warps_per_cta = 4, occupancy = 4}> {
  %0 = make_token : token loc(#loc10)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc11)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc12)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc10)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc10)
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc10)
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc10)
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc10)
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc10)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc13)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc14)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc14)
  %blockId_x_6, %blockId_y_7, %blockId_z_8 = get_tile_block_id : tile<i32> loc(#loc15)
  %1 = sqrt %tile  : tile<128xf32> loc(#loc16)
  %2 = exp2 %tile : tile<128xf32> loc(#loc17)
  %3 = addf %1, %2  : tile<128xf32> loc(#loc16)
  %pview_9 = make_partition_view %tview_5 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc18)
  %4 = store_view_tko weak %3, %pview_9[%blockId_x_6] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc18)
  return loc(#loc9)
} loc(#loc10)
#di_file = #cuda_tile.di_file<"k_extra4.py" in "kernels">
#loc = loc("kernels/k_extra4.py":9:0)
#loc1 = loc("kernels/k_extra4.py":9:11)
#loc2 = loc("kernels/k_extra4.py":9:14)
#loc3 = loc("kernels/k_extra4.py":10:26)
#loc4 = loc("kernels/k_extra4.py":10:8)
#loc5 = loc("kernels/k_extra4.py":11:25)
#loc6 = loc("kernels/k_extra4.py":11:43)
#loc7 = loc("kernels/k_extra4.py":11:56)
#loc8 = loc("kernels/k_extra4.py":11:4)
#loc9 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 8, name = "hinted", linkageName = "hinted_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 8>
#loc10 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc11 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc12 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc13 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
