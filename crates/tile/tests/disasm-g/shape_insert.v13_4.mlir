entry @insert_tile_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc12)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc13)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc14)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc12)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc12)
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc12)
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc12)
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc12)
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc12)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc15)
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>> loc(#loc16)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<64xf32>, token loc(#loc16)
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<128xf32> loc(#loc17)
  %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc18)
  %1 = insert %tile, %cst_0_f32[%cst_1_i32] : tile<64xf32>, tile<128xf32> loc(#loc19)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc20)
  %2 = extract %1[%cst_0_i32] : tile<128xf32> -> tile<64xf32> loc(#loc21)
  %pview_6 = make_partition_view %tview_5 : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>> loc(#loc22)
  %3 = store_view_tko weak %2, %pview_6[%blockId_x] token = %0 : tile<64xf32>, partition_view<tile=(64), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc22)
  return loc(#loc11)
} loc(#loc12)
#di_file = #cuda_tile.di_file<"k_shape.py" in "kernels">
#loc = loc("kernels/k_shape.py":48:0)
#loc1 = loc("kernels/k_shape.py":48:16)
#loc2 = loc("kernels/k_shape.py":48:19)
#loc3 = loc("kernels/k_shape.py":49:10)
#loc4 = loc("kernels/k_shape.py":50:8)
#loc5 = loc("kernels/k_shape.py":51:8)
#loc6 = loc("kernels/k_shape.py":52:22)
#loc7 = loc("kernels/k_shape.py":52:8)
#loc8 = loc("kernels/k_shape.py":53:58)
#loc9 = loc("kernels/k_shape.py":53:37)
#loc10 = loc("kernels/k_shape.py":53:4)
#loc11 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 47, name = "insert_tile", linkageName = "insert_tile_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I64", compileUnit = #di_compile_unit, scopeLine = 47>
#loc12 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc13 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
