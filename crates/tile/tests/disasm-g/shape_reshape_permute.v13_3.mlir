entry @reshape_permute_Kt1_A2f32_3l0_p16_A2f32_3l0_p16_I16_I32(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc13)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc14)
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>> loc(#loc15)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc13)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc13)
  %assume_3 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc13)
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc13)
  %tview = make_tensor_view %assume, shape = [%assume_1, %assume_2], strides = [%assume_3, %assume_4] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]> loc(#loc13)
  %assume_5 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc13)
  %assume_6 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc13)
  %assume_7 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc13)
  %assume_8 = assume bounded<0, ?>, %arg9 : tile<i32> loc(#loc13)
  %tview_9 = make_tensor_view %assume_0, shape = [%assume_5, %assume_6], strides = [%assume_7, %assume_8] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]> loc(#loc13)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc16)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc17)
  %pview = make_partition_view %tview : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,?]>> loc(#loc18)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> tile<16x32xf32>, token loc(#loc18)
  %reshape = reshape %tile : tile<16x32xf32> -> tile<32x16xf32> loc(#loc19)
  %1 = permute %reshape [1, 0] : tile<32x16xf32> -> tile<16x32xf32> loc(#loc20)
  %2 = permute %1 [1, 0] : tile<16x32xf32> -> tile<32x16xf32> loc(#loc21)
  %cst_0_i32_10 = constant <i32: 0> : tile<i32> loc(#loc22)
  %reshape_11 = reshape %2 : tile<32x16xf32> -> tile<16x32xf32> loc(#loc23)
  %3 = addf %reshape_11, %1  : tile<16x32xf32> loc(#loc23)
  %pview_12 = make_partition_view %tview_9 : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,?]>> loc(#loc24)
  %4 = store_view_tko weak %3, %pview_12[%blockId_x, %cst_0_i32_10] token = %0 : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token loc(#loc24)
  return loc(#loc12)
} loc(#loc13)
#di_file = #cuda_tile.di_file<"k_shape.py" in "kernels">
#loc = loc("kernels/k_shape.py":9:0)
#loc1 = loc("kernels/k_shape.py":9:20)
#loc2 = loc("kernels/k_shape.py":9:23)
#loc3 = loc("kernels/k_shape.py":10:10)
#loc4 = loc("kernels/k_shape.py":11:31)
#loc5 = loc("kernels/k_shape.py":11:8)
#loc6 = loc("kernels/k_shape.py":12:8)
#loc7 = loc("kernels/k_shape.py":13:8)
#loc8 = loc("kernels/k_shape.py":14:8)
#loc9 = loc("kernels/k_shape.py":15:30)
#loc10 = loc("kernels/k_shape.py":15:39)
#loc11 = loc("kernels/k_shape.py":15:4)
#loc12 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 8, name = "reshape_permute", linkageName = "reshape_permute_Kt1_A2f32_3l0_p16_A2f32_3l0_p16_I16_I32", compileUnit = #di_compile_unit, scopeLine = 8>
#loc13 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
