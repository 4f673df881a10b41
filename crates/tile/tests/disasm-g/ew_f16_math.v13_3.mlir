entry @ew_f16_math_Kt1_A1f16_1l0_p16_A1f16_1l0_p16_A1f16_1l0_p16_I256(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f16>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f16>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc17)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>> loc(#loc18)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f16>> loc(#loc19)
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f16>> loc(#loc20)
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc17)
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc17)
  %tview = make_tensor_view %assume, shape = [%assume_2], strides = [%assume_3] : tile<i32> -> tensor_view<?xf16, strides=[?]> loc(#loc17)
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc17)
  %assume_5 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc17)
  %tview_6 = make_tensor_view %assume_0, shape = [%assume_4], strides = [%assume_5] : tile<i32> -> tensor_view<?xf16, strides=[?]> loc(#loc17)
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc17)
  %assume_8 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc17)
  %tview_9 = make_tensor_view %assume_1, shape = [%assume_7], strides = [%assume_8] : tile<i32> -> tensor_view<?xf16, strides=[?]> loc(#loc17)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc21)
  %pview = make_partition_view %tview : partition_view<tile=(256), tensor_view<?xf16, strides=[?]>> loc(#loc22)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(256), tensor_view<?xf16, strides=[?]>>, tile<i32> -> tile<256xf16>, token loc(#loc22)
  %pview_10 = make_partition_view %tview_6 : partition_view<tile=(256), tensor_view<?xf16, strides=[?]>> loc(#loc23)
  %tile_11, %result_token_12 = load_view_tko weak %pview_10[%blockId_x] token = %0 : partition_view<tile=(256), tensor_view<?xf16, strides=[?]>>, tile<i32> -> tile<256xf16>, token loc(#loc23)
  %1 = negf %tile : tile<256xf16> loc(#loc24)
  %2 = fma %tile, %tile_11, %1  : tile<256xf16> loc(#loc24)
  %cst_1_f16 = constant <f16: 1.000000e+00> : tile<f16> loc(#loc25)
  %reshape = reshape %cst_1_f16 : tile<f16> -> tile<1xf16> loc(#loc25)
  %bcast = broadcast %reshape : tile<1xf16> -> tile<256xf16> loc(#loc25)
  %3 = addf %tile_11, %bcast  : tile<256xf16> loc(#loc25)
  %4 = divf %2, %3  : tile<256xf16> loc(#loc26)
  %5 = exp %4  : tile<256xf16> loc(#loc27)
  %6 = absf %tile : tile<256xf16> loc(#loc28)
  %cst_1_f16_13 = constant <f16: 1.000000e+00> : tile<f16> loc(#loc28)
  %reshape_14 = reshape %cst_1_f16_13 : tile<f16> -> tile<1xf16> loc(#loc28)
  %bcast_15 = broadcast %reshape_14 : tile<1xf16> -> tile<256xf16> loc(#loc28)
  %7 = addf %6, %bcast_15  : tile<256xf16> loc(#loc28)
  %8 = log %7 : tile<256xf16> loc(#loc29)
  %9 = addf %5, %8  : tile<256xf16> loc(#loc27)
  %10 = absf %tile_11 : tile<256xf16> loc(#loc30)
  %11 = sqrt %10  : tile<256xf16> loc(#loc31)
  %12 = addf %9, %11  : tile<256xf16> loc(#loc27)
  %pview_16 = make_partition_view %tview_9 : partition_view<tile=(256), tensor_view<?xf16, strides=[?]>> loc(#loc32)
  %13 = store_view_tko weak %12, %pview_16[%blockId_x] token = %0 : tile<256xf16>, partition_view<tile=(256), tensor_view<?xf16, strides=[?]>>, tile<i32> -> token loc(#loc32)
  return loc(#loc16)
} loc(#loc17)
#di_file = #cuda_tile.di_file<"k_elementwise.py" in "kernels">
#loc = loc("kernels/k_elementwise.py":17:0)
#loc1 = loc("kernels/k_elementwise.py":17:16)
#loc2 = loc("kernels/k_elementwise.py":17:19)
#loc3 = loc("kernels/k_elementwise.py":17:22)
#loc4 = loc("kernels/k_elementwise.py":18:10)
#loc5 = loc("kernels/k_elementwise.py":19:8)
#loc6 = loc("kernels/k_elementwise.py":20:8)
#loc7 = loc("kernels/k_elementwise.py":21:9)
#loc8 = loc("kernels/k_elementwise.py":21:23)
#loc9 = loc("kernels/k_elementwise.py":21:8)
#loc10 = loc("kernels/k_elementwise.py":22:8)
#loc11 = loc("kernels/k_elementwise.py":22:27)
#loc12 = loc("kernels/k_elementwise.py":22:20)
#loc13 = loc("kernels/k_elementwise.py":22:54)
#loc14 = loc("kernels/k_elementwise.py":22:46)
#loc15 = loc("kernels/k_elementwise.py":23:4)
#loc16 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 16, name = "ew_f16_math", linkageName = "ew_f16_math_Kt1_A1f16_1l0_p16_A1f16_1l0_p16_A1f16_1l0_p16_I256", compileUnit = #di_compile_unit, scopeLine = 16>
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
