entry @trig_math_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_A1f32_1l0_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc24)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc25)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc26)
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f32>> loc(#loc27)
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc24)
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc24)
  %tview = make_tensor_view %assume, shape = [%assume_2], strides = [%assume_3] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc24)
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc24)
  %assume_5 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc24)
  %tview_6 = make_tensor_view %assume_0, shape = [%assume_4], strides = [%assume_5] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc24)
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc24)
  %assume_8 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc24)
  %tview_9 = make_tensor_view %assume_1, shape = [%assume_7], strides = [%assume_8] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc24)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc28)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc29)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc29)
  %pview_10 = make_partition_view %tview_6 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc30)
  %tile_11, %result_token_12 = load_view_tko weak %pview_10[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc30)
  %1 = sin %tile : tile<128xf32> loc(#loc31)
  %2 = cos %tile_11 : tile<128xf32> loc(#loc32)
  %3 = addf %1, %2  : tile<128xf32> loc(#loc31)
  %4 = tan %tile : tile<128xf32> loc(#loc33)
  %5 = addf %3, %4  : tile<128xf32> loc(#loc31)
  %6 = tanh %tile_11  : tile<128xf32> loc(#loc34)
  %7 = addf %5, %6  : tile<128xf32> loc(#loc31)
  %8 = sinh %tile : tile<128xf32> loc(#loc35)
  %9 = addf %7, %8  : tile<128xf32> loc(#loc36)
  %10 = cosh %tile_11 : tile<128xf32> loc(#loc37)
  %11 = addf %9, %10  : tile<128xf32> loc(#loc36)
  %12 = atan2 %tile, %tile_11 : tile<128xf32> loc(#loc38)
  %13 = addf %11, %12  : tile<128xf32> loc(#loc36)
  %14 = absf %tile : tile<128xf32> loc(#loc39)
  %15 = fpowf %14, %tile_11 : tile<128xf32> loc(#loc40)
  %16 = addf %13, %15  : tile<128xf32> loc(#loc36)
  %17 = exp2 %tile : tile<128xf32> loc(#loc41)
  %18 = addf %16, %17  : tile<128xf32> loc(#loc42)
  %19 = absf %tile_11 : tile<128xf32> loc(#loc43)
  %cst_1_f32 = constant <f32: 1.000000e+00> : tile<f32> loc(#loc44)
  %reshape = reshape %cst_1_f32 : tile<f32> -> tile<1xf32> loc(#loc43)
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32> loc(#loc43)
  %20 = addf %19, %bcast  : tile<128xf32> loc(#loc43)
  %21 = log2 %20 : tile<128xf32> loc(#loc45)
  %22 = addf %18, %21  : tile<128xf32> loc(#loc42)
  %pview_13 = make_partition_view %tview_9 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc46)
  %23 = store_view_tko weak %22, %pview_13[%blockId_x] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc46)
  return loc(#loc23)
} loc(#loc24)
#di_file = #cuda_tile.di_file<"k_elementwise.py" in "kernels">
#loc = loc("kernels/k_elementwise.py":64:0)
#loc1 = loc("kernels/k_elementwise.py":64:14)
#loc2 = loc("kernels/k_elementwise.py":64:17)
#loc3 = loc("kernels/k_elementwise.py":64:20)
#loc4 = loc("kernels/k_elementwise.py":65:10)
#loc5 = loc("kernels/k_elementwise.py":66:8)
#loc6 = loc("kernels/k_elementwise.py":67:8)
#loc7 = loc("kernels/k_elementwise.py":68:8)
#loc8 = loc("kernels/k_elementwise.py":68:20)
#loc9 = loc("kernels/k_elementwise.py":68:32)
#loc10 = loc("kernels/k_elementwise.py":68:44)
#loc11 = loc("kernels/k_elementwise.py":69:12)
#loc12 = loc("kernels/k_elementwise.py":69:8)
#loc13 = loc("kernels/k_elementwise.py":69:25)
#loc14 = loc("kernels/k_elementwise.py":69:38)
#loc15 = loc("kernels/k_elementwise.py":69:62)
#loc16 = loc("kernels/k_elementwise.py":69:55)
#loc17 = loc("kernels/k_elementwise.py":70:12)
#loc18 = loc("kernels/k_elementwise.py":70:8)
#loc19 = loc("kernels/k_elementwise.py":70:33)
#loc20 = loc("kernels/k_elementwise.py":70:45)
#loc21 = loc("kernels/k_elementwise.py":70:25)
#loc22 = loc("kernels/k_elementwise.py":71:4)
#loc23 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 63, name = "trig_math", linkageName = "trig_math_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_A1f32_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 63>
#loc24 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc27 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc28 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc29 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc30 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc31 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc32 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc33 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc34 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc35 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc36 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc37 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
#loc38 = #cuda_tile.di_loc<#loc14 in #di_subprogram>
#loc39 = #cuda_tile.di_loc<#loc15 in #di_subprogram>
#loc40 = #cuda_tile.di_loc<#loc16 in #di_subprogram>
#loc41 = #cuda_tile.di_loc<#loc17 in #di_subprogram>
#loc42 = #cuda_tile.di_loc<#loc18 in #di_subprogram>
#loc43 = #cuda_tile.di_loc<#loc19 in #di_subprogram>
#loc44 = #cuda_tile.di_loc<#loc20 in #di_subprogram>
#loc45 = #cuda_tile.di_loc<#loc21 in #di_subprogram>
#loc46 = #cuda_tile.di_loc<#loc22 in #di_subprogram>
