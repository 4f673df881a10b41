entry @constants_Kt1_A1i32_1l0_p16_A1f32_1l0_p16_A1f16_1l0_p16_I64(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f16>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<sm_100 = {}> {
  %0 = make_token : token loc(#loc14)
  %assume = assume div_by<16>, %arg0 : tile<ptr<i32>> loc(#loc15)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc16)
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f16>> loc(#loc17)
  %cst_3_i32 = constant <i32: 3> : tile<64xi32> loc(#loc18)
  %cst_7_i32 = constant <i32: 7> : tile<64xi32> loc(#loc18)
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc14)
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc14)
  %tview = make_tensor_view %assume, shape = [%assume_2], strides = [%assume_3] : tile<i32> -> tensor_view<?xi32, strides=[?]> loc(#loc14)
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc14)
  %assume_5 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc14)
  %tview_6 = make_tensor_view %assume_0, shape = [%assume_4], strides = [%assume_5] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc14)
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc14)
  %assume_8 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc14)
  %tview_9 = make_tensor_view %assume_1, shape = [%assume_7], strides = [%assume_8] : tile<i32> -> tensor_view<?xf16, strides=[?]> loc(#loc14)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc19)
  %1 = iota : tile<64xi32> loc(#loc20)
  %2 = muli %1, %cst_3_i32 : tile<64xi32> loc(#loc18)
  %3 = addi %2, %cst_7_i32 : tile<64xi32> loc(#loc18)
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xi32, strides=[?]>> loc(#loc21)
  %4 = store_view_tko weak %3, %pview[%blockId_x] token = %0 : tile<64xi32>, partition_view<tile=(64), tensor_view<?xi32, strides=[?]>>, tile<i32> -> token loc(#loc21)
  %cst_f32 = constant <f32: 3.250000e+00> : tile<64xf32> loc(#loc22)
  %cst_1_f32 = constant <f32: 1.000000e+00> : tile<64xf32> loc(#loc23)
  %5 = addf %cst_f32, %cst_1_f32  : tile<64xf32> loc(#loc22)
  %pview_10 = make_partition_view %tview_6 : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>> loc(#loc24)
  %6 = store_view_tko weak %5, %pview_10[%blockId_x] token = %0 : tile<64xf32>, partition_view<tile=(64), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc24)
  %cst_0_f16 = constant <f16: 0.000000e+00> : tile<64xf16> loc(#loc25)
  %cst_f16 = constant <f16: 5.000000e-01> : tile<f16> loc(#loc25)
  %reshape = reshape %cst_f16 : tile<f16> -> tile<1xf16> loc(#loc25)
  %bcast = broadcast %reshape : tile<1xf16> -> tile<64xf16> loc(#loc25)
  %7 = addf %cst_0_f16, %bcast  : tile<64xf16> loc(#loc25)
  %pview_11 = make_partition_view %tview_9 : partition_view<tile=(64), tensor_view<?xf16, strides=[?]>> loc(#loc26)
  %8 = store_view_tko weak %7, %pview_11[%blockId_x] token = %0 : tile<64xf16>, partition_view<tile=(64), tensor_view<?xf16, strides=[?]>>, tile<i32> -> token loc(#loc26)
  return loc(#loc13)
} loc(#loc14)
#di_file = #cuda_tile.di_file<"k_shape.py" in "kernels">
#loc = loc("kernels/k_shape.py":28:0)
#loc1 = loc("kernels/k_shape.py":28:14)
#loc2 = loc("kernels/k_shape.py":28:21)
#loc3 = loc("kernels/k_shape.py":28:28)
#loc4 = loc("kernels/k_shape.py":31:39)
#loc5 = loc("kernels/k_shape.py":29:10)
#loc6 = loc("kernels/k_shape.py":30:8)
#loc7 = loc("kernels/k_shape.py":31:4)
#loc8 = loc("kernels/k_shape.py":32:8)
#loc9 = loc("kernels/k_shape.py":32:51)
#loc10 = loc("kernels/k_shape.py":33:4)
#loc11 = loc("kernels/k_shape.py":34:39)
#loc12 = loc("kernels/k_shape.py":34:4)
#loc13 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 27, name = "constants", linkageName = "constants_Kt1_A1i32_1l0_p16_A1f32_1l0_p16_A1f16_1l0_p16_I64", compileUnit = #di_compile_unit, scopeLine = 27>
#loc14 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
