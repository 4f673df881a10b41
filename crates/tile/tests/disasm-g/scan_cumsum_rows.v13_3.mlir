entry @cumsum_rows_Kt1_A2f32_3l0_p16_A2f32_3l0_p16_I4_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc10)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc11)
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>> loc(#loc12)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc10)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc10)
  %assume_3 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc10)
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc10)
  %tview = make_tensor_view %assume, shape = [%assume_1, %assume_2], strides = [%assume_3, %assume_4] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]> loc(#loc10)
  %assume_5 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc10)
  %assume_6 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc10)
  %assume_7 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc10)
  %assume_8 = assume bounded<0, ?>, %arg9 : tile<i32> loc(#loc10)
  %tview_9 = make_tensor_view %assume_0, shape = [%assume_5, %assume_6], strides = [%assume_7, %assume_8] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]> loc(#loc10)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc13)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc14)
  %pview = make_partition_view %tview : partition_view<tile=(4x64), tensor_view<?x?xf32, strides=[?,?]>> loc(#loc15)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(4x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> tile<4x64xf32>, token loc(#loc15)
  %cst_0_i32_10 = constant <i32: 0> : tile<i32> loc(#loc16)
  %1 = scan %tile dim=1 reverse=false identities=[0.000000e+00 : f32] : tile<4x64xf32> -> tile<4x64xf32> 
  (%arg10: tile<f32>, %arg11: tile<f32>) {
    %3 = addf %arg10, %arg11  : tile<f32> loc(#loc17)
    yield %3 : tile<f32> loc(#loc17)
  } loc(#loc17)
  %pview_11 = make_partition_view %tview_9 : partition_view<tile=(4x64), tensor_view<?x?xf32, strides=[?,?]>> loc(#loc18)
  %2 = store_view_tko weak %1, %pview_11[%blockId_x, %cst_0_i32_10] token = %0 : tile<4x64xf32>, partition_view<tile=(4x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token loc(#loc18)
  return loc(#loc9)
} loc(#loc10)
#di_file = #cuda_tile.di_file<"k_reduce.py" in "kernels">
#loc = loc("kernels/k_reduce.py":32:0)
#loc1 = loc("kernels/k_reduce.py":32:16)
#loc2 = loc("kernels/k_reduce.py":32:19)
#loc3 = loc("kernels/k_reduce.py":33:10)
#loc4 = loc("kernels/k_reduce.py":34:31)
#loc5 = loc("kernels/k_reduce.py":34:8)
#loc6 = loc("kernels/k_reduce.py":35:30)
#loc7 = loc("kernels/k_reduce.py":35:39)
#loc8 = loc("kernels/k_reduce.py":35:4)
#loc9 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 31, name = "cumsum_rows", linkageName = "cumsum_rows_Kt1_A2f32_3l0_p16_A2f32_3l0_p16_I4_I64", compileUnit = #di_compile_unit, scopeLine = 31>
#loc10 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc11 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc12 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc13 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
