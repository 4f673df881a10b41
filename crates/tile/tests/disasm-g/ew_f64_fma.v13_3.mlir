entry @f64_fma_Kt1_A1f64_1l0_p16_A1f64_1l0_p16_A1f64_1l0_p16_A1f64_1l0_p16_I64(%arg0: tile<ptr<f64>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f64>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f64>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<ptr<f64>>, %arg10: tile<i32>, %arg11: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc12)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f64>> loc(#loc13)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f64>> loc(#loc14)
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f64>> loc(#loc15)
  %assume_2 = assume div_by<16>, %arg9 : tile<ptr<f64>> loc(#loc16)
  %assume_3 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc12)
  %assume_4 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc12)
  %tview = make_tensor_view %assume, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xf64, strides=[?]> loc(#loc12)
  %assume_5 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc12)
  %assume_6 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc12)
  %tview_7 = make_tensor_view %assume_0, shape = [%assume_5], strides = [%assume_6] : tile<i32> -> tensor_view<?xf64, strides=[?]> loc(#loc12)
  %assume_8 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc12)
  %assume_9 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc12)
  %tview_10 = make_tensor_view %assume_1, shape = [%assume_8], strides = [%assume_9] : tile<i32> -> tensor_view<?xf64, strides=[?]> loc(#loc12)
  %assume_11 = assume bounded<0, ?>, %arg10 : tile<i32> loc(#loc12)
  %assume_12 = assume bounded<0, ?>, %arg11 : tile<i32> loc(#loc12)
  %tview_13 = make_tensor_view %assume_2, shape = [%assume_11], strides = [%assume_12] : tile<i32> -> tensor_view<?xf64, strides=[?]> loc(#loc12)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc17)
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xf64, strides=[?]>> loc(#loc18)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(64), tensor_view<?xf64, strides=[?]>>, tile<i32> -> tile<64xf64>, token loc(#loc18)
  %pview_14 = make_partition_view %tview_7 : partition_view<tile=(64), tensor_view<?xf64, strides=[?]>> loc(#loc19)
  %tile_15, %result_token_16 = load_view_tko weak %pview_14[%blockId_x] token = %0 : partition_view<tile=(64), tensor_view<?xf64, strides=[?]>>, tile<i32> -> tile<64xf64>, token loc(#loc19)
  %pview_17 = make_partition_view %tview_10 : partition_view<tile=(64), tensor_view<?xf64, strides=[?]>> loc(#loc20)
  %tile_18, %result_token_19 = load_view_tko weak %pview_17[%blockId_x] token = %0 : partition_view<tile=(64), tensor_view<?xf64, strides=[?]>>, tile<i32> -> tile<64xf64>, token loc(#loc20)
  %1 = fma %tile, %tile_15, %tile_18  : tile<64xf64> loc(#loc21)
  %pview_20 = make_partition_view %tview_13 : partition_view<tile=(64), tensor_view<?xf64, strides=[?]>> loc(#loc22)
  %2 = store_view_tko weak %1, %pview_20[%blockId_x] token = %0 : tile<64xf64>, partition_view<tile=(64), tensor_view<?xf64, strides=[?]>>, tile<i32> -> token loc(#loc22)
  return loc(#loc11)
} loc(#loc12)
#di_file = #cuda_tile.di_file<"k_elementwise.py" in "kernels">
#loc = loc("kernels/k_elementwise.py":43:0)
#loc1 = loc("kernels/k_elementwise.py":43:12)
#loc2 = loc("kernels/k_elementwise.py":43:15)
#loc3 = loc("kernels/k_elementwise.py":43:18)
#loc4 = loc("kernels/k_elementwise.py":43:21)
#loc5 = loc("kernels/k_elementwise.py":44:10)
#loc6 = loc("kernels/k_elementwise.py":45:8)
#loc7 = loc("kernels/k_elementwise.py":46:8)
#loc8 = loc("kernels/k_elementwise.py":47:8)
#loc9 = loc("kernels/k_elementwise.py":48:37)
#loc10 = loc("kernels/k_elementwise.py":48:4)
#loc11 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 42, name = "f64_fma", linkageName = "f64_fma_Kt1_A1f64_1l0_p16_A1f64_1l0_p16_A1f64_1l0_p16_A1f64_1l0_p16_I64", compileUnit = #di_compile_unit, scopeLine = 42>
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
