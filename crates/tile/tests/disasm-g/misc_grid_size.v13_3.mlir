entry @grid_size_Kt1_A1i32_1l0_p16_I64(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc9)
  %assume = assume div_by<16>, %arg0 : tile<ptr<i32>> loc(#loc10)
  %assume_0 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc9)
  %assume_1 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc9)
  %tview = make_tensor_view %assume, shape = [%assume_0], strides = [%assume_1] : tile<i32> -> tensor_view<?xi32, strides=[?]> loc(#loc9)
  %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32> loc(#loc11)
  %gridSize_x_2, %gridSize_y_3, %gridSize_z_4 = get_num_tile_blocks : tile<i32> loc(#loc12)
  %cst_2_i32 = constant <i32: 2> : tile<i32> loc(#loc13)
  %1 = muli %gridSize_y_3, %cst_2_i32 : tile<i32> loc(#loc12)
  %2 = addi %gridSize_x, %1 : tile<i32> loc(#loc11)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc14)
  %reshape = reshape %2 : tile<i32> -> tile<1xi32> loc(#loc15)
  %bcast = broadcast %reshape : tile<1xi32> -> tile<64xi32> loc(#loc15)
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xi32, strides=[?]>> loc(#loc16)
  %3 = store_view_tko weak %bcast, %pview[%blockId_x] token = %0 : tile<64xi32>, partition_view<tile=(64), tensor_view<?xi32, strides=[?]>>, tile<i32> -> token loc(#loc16)
  return loc(#loc8)
} loc(#loc9)
#di_file = #cuda_tile.di_file<"k_extra.py" in "kernels">
#loc = loc("kernels/k_extra.py":18:0)
#loc1 = loc("kernels/k_extra.py":18:14)
#loc2 = loc("kernels/k_extra.py":19:8)
#loc3 = loc("kernels/k_extra.py":19:27)
#loc4 = loc("kernels/k_extra.py":19:46)
#loc5 = loc("kernels/k_extra.py":20:25)
#loc6 = loc("kernels/k_extra.py":20:43)
#loc7 = loc("kernels/k_extra.py":20:4)
#loc8 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 17, name = "grid_size", linkageName = "grid_size_Kt1_A1i32_1l0_p16_I64", compileUnit = #di_compile_unit, scopeLine = 17>
#loc9 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc10 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc11 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc12 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc13 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
