entry @tiled_view_atomic_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc8)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc9)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc10)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc8)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc8)
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc8)
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc8)
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc8)
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc8)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc11)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc12)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc12)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc13)
  %pview_6 = make_partition_view %tview_5 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc14)
  %1 = atomic_red_view_tko relaxed device %pview_6[%cst_0_i32], addf, %tile token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc14)
  return loc(#loc7)
} loc(#loc8)
#di_file = #cuda_tile.di_file<"k_memory.py" in "kernels">
#loc = loc("kernels/k_memory.py":41:0)
#loc1 = loc("kernels/k_memory.py":41:22)
#loc2 = loc("kernels/k_memory.py":41:25)
#loc3 = loc("kernels/k_memory.py":42:10)
#loc4 = loc("kernels/k_memory.py":44:8)
#loc5 = loc("kernels/k_memory.py":46:25)
#loc6 = loc("kernels/k_memory.py":46:4)
#loc7 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 40, name = "tiled_view_atomic", linkageName = "tiled_view_atomic_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 40>
#loc8 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc9 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc10 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc11 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc12 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc13 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
