entry @row_sum_Kt1_A2f32_3l0_p16_A1f32_1l0_p16_I16_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc9)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc10)
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>> loc(#loc11)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc9)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc9)
  %assume_3 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc9)
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc9)
  %tview = make_tensor_view %assume, shape = [%assume_1, %assume_2], strides = [%assume_3, %assume_4] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]> loc(#loc9)
  %assume_5 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc9)
  %assume_6 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc9)
  %tview_7 = make_tensor_view %assume_0, shape = [%assume_5], strides = [%assume_6] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc9)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc12)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc13)
  %pview = make_partition_view %tview : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,?]>> loc(#loc14)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> tile<16x64xf32>, token loc(#loc14)
  %reduce = reduce %tile dim=1 identities=[0.000000e+00 : f32] : tile<16x64xf32> -> tile<16xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %2 = addf %reduce_lhs, %reduce_rhs  : tile<f32> loc(#loc15)
    yield %2 : tile<f32> loc(#loc15)
  } loc(#loc15)
  %pview_8 = make_partition_view %tview_7 : partition_view<tile=(16), tensor_view<?xf32, strides=[?]>> loc(#loc16)
  %1 = store_view_tko weak %reduce, %pview_8[%blockId_x] token = %0 : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc16)
  return loc(#loc8)
} loc(#loc9)
#di_file = #cuda_tile.di_file<"k_reduce.py" in "kernels">
#loc = loc("kernels/k_reduce.py":9:0)
#loc1 = loc("kernels/k_reduce.py":9:12)
#loc2 = loc("kernels/k_reduce.py":9:15)
#loc3 = loc("kernels/k_reduce.py":10:10)
#loc4 = loc("kernels/k_reduce.py":11:31)
#loc5 = loc("kernels/k_reduce.py":11:8)
#loc6 = loc("kernels/k_reduce.py":12:37)
#loc7 = loc("kernels/k_reduce.py":12:4)
#loc8 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 8, name = "row_sum", linkageName = "row_sum_Kt1_A2f32_3l0_p16_A1f32_1l0_p16_I16_I64", compileUnit = #di_compile_unit, scopeLine = 8>
#loc9 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc10 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc11 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc12 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc13 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
