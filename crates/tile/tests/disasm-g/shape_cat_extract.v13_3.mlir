entry @cat_extract_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_A1f32_1l0_p16_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc12)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc13)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc14)
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f32>> loc(#loc15)
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc12)
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc12)
  %tview = make_tensor_view %assume, shape = [%assume_2], strides = [%assume_3] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc12)
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc12)
  %assume_5 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc12)
  %tview_6 = make_tensor_view %assume_0, shape = [%assume_4], strides = [%assume_5] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc12)
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc12)
  %assume_8 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc12)
  %tview_9 = make_tensor_view %assume_1, shape = [%assume_7], strides = [%assume_8] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc12)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc16)
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>> loc(#loc17)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<64xf32>, token loc(#loc17)
  %pview_10 = make_partition_view %tview_6 : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>> loc(#loc18)
  %tile_11, %result_token_12 = load_view_tko weak %pview_10[%blockId_x] token = %0 : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<64xf32>, token loc(#loc18)
  %1 = cat %tile, %tile_11 dim = 0 : tile<64xf32>, tile<64xf32> -> tile<128xf32> loc(#loc19)
  %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc20)
  %2 = extract %1[%cst_1_i32] : tile<128xf32> -> tile<64xf32> loc(#loc21)
  %pview_13 = make_partition_view %tview_9 : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>> loc(#loc22)
  %3 = store_view_tko weak %2, %pview_13[%blockId_x] token = %0 : tile<64xf32>, partition_view<tile=(64), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc22)
  return loc(#loc11)
} loc(#loc12)
#di_file = #cuda_tile.di_file<"k_shape.py" in "kernels">
#loc = loc("kernels/k_shape.py":38:0)
#loc1 = loc("kernels/k_shape.py":38:16)
#loc2 = loc("kernels/k_shape.py":38:19)
#loc3 = loc("kernels/k_shape.py":38:22)
#loc4 = loc("kernels/k_shape.py":39:10)
#loc5 = loc("kernels/k_shape.py":40:8)
#loc6 = loc("kernels/k_shape.py":41:8)
#loc7 = loc("kernels/k_shape.py":42:8)
#loc8 = loc("kernels/k_shape.py":43:30)
#loc9 = loc("kernels/k_shape.py":43:9)
#loc10 = loc("kernels/k_shape.py":44:4)
#loc11 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 37, name = "cat_extract", linkageName = "cat_extract_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_A1f32_1l0_p16_I64", compileUnit = #di_compile_unit, scopeLine = 37>
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
