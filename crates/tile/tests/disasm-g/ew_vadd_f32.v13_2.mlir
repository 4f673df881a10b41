entry @vadd_f32_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_A1f32_1l0_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<sm_100 = {}> {
  %0 = make_token : token loc(#loc10)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc11)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc12)
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f32>> loc(#loc13)
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc10)
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc10)
  %tview = make_tensor_view %assume, shape = [%assume_2], strides = [%assume_3] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc10)
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc10)
  %assume_5 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc10)
  %tview_6 = make_tensor_view %assume_0, shape = [%assume_4], strides = [%assume_5] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc10)
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc10)
  %assume_8 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc10)
  %tview_9 = make_tensor_view %assume_1, shape = [%assume_7], strides = [%assume_8] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc10)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc14)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc15)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc15)
  %pview_10 = make_partition_view %tview_6 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc16)
  %tile_11, %result_token_12 = load_view_tko weak %pview_10[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc16)
  %1 = addf %tile, %tile_11  : tile<128xf32> loc(#loc17)
  %pview_13 = make_partition_view %tview_9 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc18)
  %2 = store_view_tko weak %1, %pview_13[%blockId_x] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc18)
  return loc(#loc9)
} loc(#loc10)
#di_file = #cuda_tile.di_file<"k_elementwise.py" in "kernels">
#loc = loc("kernels/k_elementwise.py":9:0)
#loc1 = loc("kernels/k_elementwise.py":9:13)
#loc2 = loc("kernels/k_elementwise.py":9:16)
#loc3 = loc("kernels/k_elementwise.py":9:19)
#loc4 = loc("kernels/k_elementwise.py":10:10)
#loc5 = loc("kernels/k_elementwise.py":11:8)
#loc6 = loc("kernels/k_elementwise.py":12:8)
#loc7 = loc("kernels/k_elementwise.py":13:35)
#loc8 = loc("kernels/k_elementwise.py":13:4)
#loc9 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 8, name = "vadd_f32", linkageName = "vadd_f32_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_A1f32_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 8>
#loc10 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc11 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc12 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc13 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
