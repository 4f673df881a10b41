entry @compare_select_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_A1f32_1l0_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc18)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc19)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc20)
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f32>> loc(#loc21)
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc18)
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc18)
  %tview = make_tensor_view %assume, shape = [%assume_2], strides = [%assume_3] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc18)
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc18)
  %assume_5 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc18)
  %tview_6 = make_tensor_view %assume_0, shape = [%assume_4], strides = [%assume_5] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc18)
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc18)
  %assume_8 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc18)
  %tview_9 = make_tensor_view %assume_1, shape = [%assume_7], strides = [%assume_8] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc18)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc22)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc23)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc23)
  %pview_10 = make_partition_view %tview_6 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc24)
  %tile_11, %result_token_12 = load_view_tko weak %pview_10[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc24)
  %1 = cmpf greater_than ordered %tile, %tile_11 : tile<128xf32> -> tile<128xi1> loc(#loc25)
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32> loc(#loc26)
  %reshape = reshape %cst_0_f32 : tile<f32> -> tile<1xf32> loc(#loc27)
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32> loc(#loc27)
  %2 = cmpf not_equal unordered %tile, %bcast : tile<128xf32> -> tile<128xi1> loc(#loc27)
  %3 = andi %1, %2 : tile<128xi1> loc(#loc28)
  %4 = select %3, %tile, %tile_11 : tile<128xi1>, tile<128xf32> loc(#loc29)
  %5 = cmpf less_than_or_equal ordered %tile, %tile_11 : tile<128xf32> -> tile<128xi1> loc(#loc30)
  %cst_2_f32 = constant <f32: 2.000000e+00> : tile<f32> loc(#loc31)
  %reshape_13 = reshape %cst_2_f32 : tile<f32> -> tile<1xf32> loc(#loc32)
  %bcast_14 = broadcast %reshape_13 : tile<1xf32> -> tile<128xf32> loc(#loc32)
  %6 = mulf %4, %bcast_14  : tile<128xf32> loc(#loc32)
  %7 = select %5, %6, %4 : tile<128xi1>, tile<128xf32> loc(#loc33)
  %pview_15 = make_partition_view %tview_9 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc34)
  %8 = store_view_tko weak %7, %pview_15[%blockId_x] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc34)
  return loc(#loc17)
} loc(#loc18)
#di_file = #cuda_tile.di_file<"k_elementwise.py" in "kernels">
#loc = loc("kernels/k_elementwise.py":85:0)
#loc1 = loc("kernels/k_elementwise.py":85:19)
#loc2 = loc("kernels/k_elementwise.py":85:22)
#loc3 = loc("kernels/k_elementwise.py":85:25)
#loc4 = loc("kernels/k_elementwise.py":86:10)
#loc5 = loc("kernels/k_elementwise.py":87:8)
#loc6 = loc("kernels/k_elementwise.py":88:8)
#loc7 = loc("kernels/k_elementwise.py":89:9)
#loc8 = loc("kernels/k_elementwise.py":89:24)
#loc9 = loc("kernels/k_elementwise.py":89:19)
#loc10 = loc("kernels/k_elementwise.py":89:8)
#loc11 = loc("kernels/k_elementwise.py":90:8)
#loc12 = loc("kernels/k_elementwise.py":91:17)
#loc13 = loc("kernels/k_elementwise.py":91:29)
#loc14 = loc("kernels/k_elementwise.py":91:25)
#loc15 = loc("kernels/k_elementwise.py":91:8)
#loc16 = loc("kernels/k_elementwise.py":92:4)
#loc17 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 84, name = "compare_select", linkageName = "compare_select_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_A1f32_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 84>
#loc18 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc27 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc28 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc29 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc30 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc31 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
#loc32 = #cuda_tile.di_loc<#loc14 in #di_subprogram>
#loc33 = #cuda_tile.di_loc<#loc15 in #di_subprogram>
#loc34 = #cuda_tile.di_loc<#loc16 in #di_subprogram>
