entry @unary_misc_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_A1i32_1l0_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc17)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc18)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc19)
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<i32>> loc(#loc20)
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc17)
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc17)
  %tview = make_tensor_view %assume, shape = [%assume_2], strides = [%assume_3] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc17)
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc17)
  %assume_5 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc17)
  %tview_6 = make_tensor_view %assume_0, shape = [%assume_4], strides = [%assume_5] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc17)
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc17)
  %assume_8 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc17)
  %tview_9 = make_tensor_view %assume_1, shape = [%assume_7], strides = [%assume_8] : tile<i32> -> tensor_view<?xi32, strides=[?]> loc(#loc17)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc21)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc22)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc22)
  %1 = floor %tile : tile<128xf32> loc(#loc23)
  %2 = ceil %tile : tile<128xf32> loc(#loc24)
  %3 = addf %1, %2  : tile<128xf32> loc(#loc23)
  %4 = absf %tile : tile<128xf32> loc(#loc25)
  %5 = subf %3, %4  : tile<128xf32> loc(#loc23)
  %6 = negf %tile : tile<128xf32> loc(#loc26)
  %7 = addf %5, %6  : tile<128xf32> loc(#loc23)
  %8 = cmpf not_equal unordered %tile, %tile : tile<128xf32> -> tile<128xi1> loc(#loc27)
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32> loc(#loc28)
  %reshape = reshape %cst_0_f32 : tile<f32> -> tile<1xf32> loc(#loc29)
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32> loc(#loc29)
  %9 = select %8, %bcast, %7 : tile<128xi1>, tile<128xf32> loc(#loc29)
  %pview_10 = make_partition_view %tview_6 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc30)
  %10 = store_view_tko weak %9, %pview_10[%blockId_x] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc30)
  %11 = bitcast %9 : tile<128xf32> -> tile<128xi32> loc(#loc31)
  %pview_11 = make_partition_view %tview_9 : partition_view<tile=(128), tensor_view<?xi32, strides=[?]>> loc(#loc32)
  %12 = store_view_tko weak %11, %pview_11[%blockId_x] token = %0 : tile<128xi32>, partition_view<tile=(128), tensor_view<?xi32, strides=[?]>>, tile<i32> -> token loc(#loc32)
  return loc(#loc16)
} loc(#loc17)
#di_file = #cuda_tile.di_file<"k_elementwise.py" in "kernels">
#loc = loc("kernels/k_elementwise.py":75:0)
#loc1 = loc("kernels/k_elementwise.py":75:15)
#loc2 = loc("kernels/k_elementwise.py":75:18)
#loc3 = loc("kernels/k_elementwise.py":75:25)
#loc4 = loc("kernels/k_elementwise.py":76:10)
#loc5 = loc("kernels/k_elementwise.py":77:8)
#loc6 = loc("kernels/k_elementwise.py":78:8)
#loc7 = loc("kernels/k_elementwise.py":78:22)
#loc8 = loc("kernels/k_elementwise.py":78:35)
#loc9 = loc("kernels/k_elementwise.py":78:47)
#loc10 = loc("kernels/k_elementwise.py":79:17)
#loc11 = loc("kernels/k_elementwise.py":79:30)
#loc12 = loc("kernels/k_elementwise.py":79:8)
#loc13 = loc("kernels/k_elementwise.py":80:4)
#loc14 = loc("kernels/k_elementwise.py":81:39)
#loc15 = loc("kernels/k_elementwise.py":81:4)
#loc16 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 74, name = "unary_misc", linkageName = "unary_misc_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_A1i32_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 74>
#loc17 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc27 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc28 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc29 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc30 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
#loc31 = #cuda_tile.di_loc<#loc14 in #di_subprogram>
#loc32 = #cuda_tile.di_loc<#loc15 in #di_subprogram>
