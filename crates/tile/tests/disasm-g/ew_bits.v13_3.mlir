entry @bits_Kt1_A1f32_1l0_p16_A1i32_1l0_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc11)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc12)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<i32>> loc(#loc13)
  %cst_3_i32 = constant <i32: 3> : tile<128xi32> loc(#loc14)
  %cst_7_i32 = constant <i32: 7> : tile<128xi32> loc(#loc15)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc11)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc11)
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc11)
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc11)
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc11)
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xi32, strides=[?]> loc(#loc11)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc16)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc17)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc17)
  %1 = bitcast %tile : tile<128xf32> -> tile<128xi32> loc(#loc18)
  %blockId_x_6, %blockId_y_7, %blockId_z_8 = get_tile_block_id : tile<i32> loc(#loc19)
  %2 = shri %1, %cst_3_i32 signed : tile<128xi32> loc(#loc14)
  %3 = xori %2, %cst_7_i32 : tile<128xi32> loc(#loc15)
  %pview_9 = make_partition_view %tview_5 : partition_view<tile=(128), tensor_view<?xi32, strides=[?]>> loc(#loc20)
  %4 = store_view_tko weak %3, %pview_9[%blockId_x_6] token = %0 : tile<128xi32>, partition_view<tile=(128), tensor_view<?xi32, strides=[?]>>, tile<i32> -> token loc(#loc20)
  return loc(#loc10)
} loc(#loc11)
#di_file = #cuda_tile.di_file<"k_extra.py" in "kernels">
#loc = loc("kernels/k_extra.py":39:0)
#loc1 = loc("kernels/k_extra.py":39:9)
#loc2 = loc("kernels/k_extra.py":39:12)
#loc3 = loc("kernels/k_extra.py":42:44)
#loc4 = loc("kernels/k_extra.py":42:43)
#loc5 = loc("kernels/k_extra.py":40:26)
#loc6 = loc("kernels/k_extra.py":40:8)
#loc7 = loc("kernels/k_extra.py":41:8)
#loc8 = loc("kernels/k_extra.py":42:25)
#loc9 = loc("kernels/k_extra.py":42:4)
#loc10 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 38, name = "bits", linkageName = "bits_Kt1_A1f32_1l0_p16_A1i32_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 38>
#loc11 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc12 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc13 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
