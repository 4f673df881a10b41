entry @int_convert_Kt1_A1i16_1l0_p16_A1i8_1l0_p16_A1i64_1l0_p16_A1f32_1l0_p16_I128(%arg0: tile<ptr<i16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i8>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i64>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<ptr<f32>>, %arg10: tile<i32>, %arg11: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc15)
  %assume = assume div_by<16>, %arg0 : tile<ptr<i16>> loc(#loc16)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<i8>> loc(#loc17)
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<i64>> loc(#loc18)
  %assume_2 = assume div_by<16>, %arg9 : tile<ptr<f32>> loc(#loc19)
  %cst_3_i64 = constant <i64: 3> : tile<128xi64> loc(#loc20)
  %assume_3 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc15)
  %assume_4 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc15)
  %tview = make_tensor_view %assume, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xi16, strides=[?]> loc(#loc15)
  %assume_5 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc15)
  %assume_6 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc15)
  %tview_7 = make_tensor_view %assume_0, shape = [%assume_5], strides = [%assume_6] : tile<i32> -> tensor_view<?xi8, strides=[?]> loc(#loc15)
  %assume_8 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc15)
  %assume_9 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc15)
  %tview_10 = make_tensor_view %assume_1, shape = [%assume_8], strides = [%assume_9] : tile<i32> -> tensor_view<?xi64, strides=[?]> loc(#loc15)
  %assume_11 = assume bounded<0, ?>, %arg10 : tile<i32> loc(#loc15)
  %assume_12 = assume bounded<0, ?>, %arg11 : tile<i32> loc(#loc15)
  %tview_13 = make_tensor_view %assume_2, shape = [%assume_11], strides = [%assume_12] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc15)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc21)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xi16, strides=[?]>> loc(#loc22)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi16, strides=[?]>>, tile<i32> -> tile<128xi16>, token loc(#loc22)
  %1 = trunci %tile : tile<128xi16> -> tile<128xi8> loc(#loc23)
  %pview_14 = make_partition_view %tview_7 : partition_view<tile=(128), tensor_view<?xi8, strides=[?]>> loc(#loc24)
  %2 = store_view_tko weak %1, %pview_14[%blockId_x] token = %0 : tile<128xi8>, partition_view<tile=(128), tensor_view<?xi8, strides=[?]>>, tile<i32> -> token loc(#loc24)
  %3 = exti %tile signed : tile<128xi16> -> tile<128xi64> loc(#loc20)
  %4 = muli %3, %cst_3_i64 : tile<128xi64> loc(#loc20)
  %pview_15 = make_partition_view %tview_10 : partition_view<tile=(128), tensor_view<?xi64, strides=[?]>> loc(#loc25)
  %5 = store_view_tko weak %4, %pview_15[%blockId_x] token = %0 : tile<128xi64>, partition_view<tile=(128), tensor_view<?xi64, strides=[?]>>, tile<i32> -> token loc(#loc25)
  %6 = itof %tile signed  : tile<128xi16> -> tile<128xf32> loc(#loc26)
  %cst_3_f32 = constant <f32: 3.000000e+00> : tile<f32> loc(#loc27)
  %reshape = reshape %cst_3_f32 : tile<f32> -> tile<1xf32> loc(#loc26)
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32> loc(#loc26)
  %7 = divf %6, %bcast  : tile<128xf32> loc(#loc26)
  %pview_16 = make_partition_view %tview_13 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc28)
  %8 = store_view_tko weak %7, %pview_16[%blockId_x] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc28)
  return loc(#loc14)
} loc(#loc15)
#di_file = #cuda_tile.di_file<"k_elementwise.py" in "kernels">
#loc = loc("kernels/k_elementwise.py":96:0)
#loc1 = loc("kernels/k_elementwise.py":96:16)
#loc2 = loc("kernels/k_elementwise.py":96:19)
#loc3 = loc("kernels/k_elementwise.py":96:27)
#loc4 = loc("kernels/k_elementwise.py":96:36)
#loc5 = loc("kernels/k_elementwise.py":100:41)
#loc6 = loc("kernels/k_elementwise.py":97:10)
#loc7 = loc("kernels/k_elementwise.py":98:8)
#loc8 = loc("kernels/k_elementwise.py":99:40)
#loc9 = loc("kernels/k_elementwise.py":99:4)
#loc10 = loc("kernels/k_elementwise.py":100:4)
#loc11 = loc("kernels/k_elementwise.py":101:39)
#loc12 = loc("kernels/k_elementwise.py":101:66)
#loc13 = loc("kernels/k_elementwise.py":101:4)
#loc14 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 95, name = "int_convert", linkageName = "int_convert_Kt1_A1i16_1l0_p16_A1i8_1l0_p16_A1i64_1l0_p16_A1f32_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 95>
#loc15 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc27 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc28 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
