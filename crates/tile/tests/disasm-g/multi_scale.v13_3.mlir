entry @scale_f32(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<f32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc9)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc10)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc11)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc9)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc9)
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc9)
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc9)
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc9)
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc9)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc12)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc13)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc13)
  %blockId_x_6, %blockId_y_7, %blockId_z_8 = get_tile_block_id : tile<i32> loc(#loc14)
  %reshape = reshape %arg6 : tile<f32> -> tile<1xf32> loc(#loc15)
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32> loc(#loc15)
  %1 = mulf %tile, %bcast  : tile<128xf32> loc(#loc15)
  %pview_9 = make_partition_view %tview_5 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc16)
  %2 = store_view_tko weak %1, %pview_9[%blockId_x_6] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc16)
  return loc(#loc8)
} loc(#loc9)
entry @scale_f16(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f16>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<f16>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc17)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>> loc(#loc18)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f16>> loc(#loc19)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc17)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc17)
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xf16, strides=[?]> loc(#loc17)
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc17)
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc17)
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xf16, strides=[?]> loc(#loc17)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc20)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf16, strides=[?]>> loc(#loc21)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf16, strides=[?]>>, tile<i32> -> tile<128xf16>, token loc(#loc21)
  %blockId_x_6, %blockId_y_7, %blockId_z_8 = get_tile_block_id : tile<i32> loc(#loc22)
  %reshape = reshape %arg6 : tile<f16> -> tile<1xf16> loc(#loc23)
  %bcast = broadcast %reshape : tile<1xf16> -> tile<128xf16> loc(#loc23)
  %1 = mulf %tile, %bcast  : tile<128xf16> loc(#loc23)
  %pview_9 = make_partition_view %tview_5 : partition_view<tile=(128), tensor_view<?xf16, strides=[?]>> loc(#loc24)
  %2 = store_view_tko weak %1, %pview_9[%blockId_x_6] token = %0 : tile<128xf16>, partition_view<tile=(128), tensor_view<?xf16, strides=[?]>>, tile<i32> -> token loc(#loc24)
  return loc(#loc8)
} loc(#loc17)
entry @scale_f64(%arg0: tile<ptr<f64>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f64>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<f64>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc25)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f64>> loc(#loc26)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f64>> loc(#loc27)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc25)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc25)
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xf64, strides=[?]> loc(#loc25)
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc25)
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc25)
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xf64, strides=[?]> loc(#loc25)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc28)
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xf64, strides=[?]>> loc(#loc29)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(64), tensor_view<?xf64, strides=[?]>>, tile<i32> -> tile<64xf64>, token loc(#loc29)
  %blockId_x_6, %blockId_y_7, %blockId_z_8 = get_tile_block_id : tile<i32> loc(#loc30)
  %reshape = reshape %arg6 : tile<f64> -> tile<1xf64> loc(#loc31)
  %bcast = broadcast %reshape : tile<1xf64> -> tile<64xf64> loc(#loc31)
  %1 = mulf %tile, %bcast  : tile<64xf64> loc(#loc31)
  %pview_9 = make_partition_view %tview_5 : partition_view<tile=(64), tensor_view<?xf64, strides=[?]>> loc(#loc32)
  %2 = store_view_tko weak %1, %pview_9[%blockId_x_6] token = %0 : tile<64xf64>, partition_view<tile=(64), tensor_view<?xf64, strides=[?]>>, tile<i32> -> token loc(#loc32)
  return loc(#loc8)
} loc(#loc25)
#di_file = #cuda_tile.di_file<"k_extra2.py" in "kernels">
#loc = loc("kernels/k_extra2.py":28:0)
#loc1 = loc("kernels/k_extra2.py":28:10)
#loc2 = loc("kernels/k_extra2.py":28:13)
#loc3 = loc("kernels/k_extra2.py":29:26)
#loc4 = loc("kernels/k_extra2.py":29:8)
#loc5 = loc("kernels/k_extra2.py":30:25)
#loc6 = loc("kernels/k_extra2.py":30:43)
#loc7 = loc("kernels/k_extra2.py":30:4)
#loc8 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 27, name = "scale", linkageName = "scale_f32", compileUnit = #di_compile_unit, scopeLine = 27>
#di_subprogram1 = #cuda_tile.di_subprogram<file = #di_file, line = 27, name = "scale", linkageName = "scale_f16", compileUnit = #di_compile_unit, scopeLine = 27>
#di_subprogram2 = #cuda_tile.di_subprogram<file = #di_file, line = 27, name = "scale", linkageName = "scale_f64", compileUnit = #di_compile_unit, scopeLine = 27>
#loc9 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc10 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc11 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc12 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc13 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc in #di_subprogram1>
#loc18 = #cuda_tile.di_loc<#loc1 in #di_subprogram1>
#loc19 = #cuda_tile.di_loc<#loc2 in #di_subprogram1>
#loc20 = #cuda_tile.di_loc<#loc3 in #di_subprogram1>
#loc21 = #cuda_tile.di_loc<#loc4 in #di_subprogram1>
#loc22 = #cuda_tile.di_loc<#loc5 in #di_subprogram1>
#loc23 = #cuda_tile.di_loc<#loc6 in #di_subprogram1>
#loc24 = #cuda_tile.di_loc<#loc7 in #di_subprogram1>
#loc25 = #cuda_tile.di_loc<#loc in #di_subprogram2>
#loc26 = #cuda_tile.di_loc<#loc1 in #di_subprogram2>
#loc27 = #cuda_tile.di_loc<#loc2 in #di_subprogram2>
#loc28 = #cuda_tile.di_loc<#loc3 in #di_subprogram2>
#loc29 = #cuda_tile.di_loc<#loc4 in #di_subprogram2>
#loc30 = #cuda_tile.di_loc<#loc5 in #di_subprogram2>
#loc31 = #cuda_tile.di_loc<#loc6 in #di_subprogram2>
#loc32 = #cuda_tile.di_loc<#loc7 in #di_subprogram2>
