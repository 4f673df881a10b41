entry @load_order_latency_Kt1_A2f16_3l0_p16_A2f16_3l0_p16_I32_I64(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc9)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>> loc(#loc10)
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f16>> loc(#loc11)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc9)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc9)
  %assume_3 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc9)
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc9)
  %tview = make_tensor_view %assume, shape = [%assume_1, %assume_2], strides = [%assume_3, %assume_4] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]> loc(#loc9)
  %assume_5 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc9)
  %assume_6 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc9)
  %assume_7 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc9)
  %assume_8 = assume bounded<0, ?>, %arg9 : tile<i32> loc(#loc9)
  %tview_9 = make_tensor_view %assume_0, shape = [%assume_5, %assume_6], strides = [%assume_7, %assume_8] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]> loc(#loc9)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc12)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc13)
  %pview = make_partition_view %tview : partition_view<tile=(64x32), tensor_view<?x?xf16, strides=[?,?]>, dim_map=[1, 0]> loc(#loc14)
  %tile, %result_token = load_view_tko weak %pview[%cst_0_i32, %blockId_x] token = %0 optimization_hints = <default = {allow_tma = false, latency = 4}> : partition_view<tile=(64x32), tensor_view<?x?xf16, strides=[?,?]>, dim_map=[1, 0]>, tile<i32> -> tile<64x32xf16>, token loc(#loc14)
  %cst_0_i32_10 = constant <i32: 0> : tile<i32> loc(#loc15)
  %pview_11 = make_partition_view %tview_9 : partition_view<tile=(64x32), tensor_view<?x?xf16, strides=[?,?]>> loc(#loc16)
  %1 = store_view_tko weak %tile, %pview_11[%blockId_x, %cst_0_i32_10] token = %0 optimization_hints = <default = {latency = 2}> : tile<64x32xf16>, partition_view<tile=(64x32), tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> token loc(#loc16)
  return loc(#loc8)
} loc(#loc9)
#di_file = #cuda_tile.di_file<"k_memory.py" in "kernels">
#loc = loc("kernels/k_memory.py":34:0)
#loc1 = loc("kernels/k_memory.py":34:23)
#loc2 = loc("kernels/k_memory.py":34:26)
#loc3 = loc("kernels/k_memory.py":35:9)
#loc4 = loc("kernels/k_memory.py":36:26)
#loc5 = loc("kernels/k_memory.py":36:8)
#loc6 = loc("kernels/k_memory.py":37:29)
#loc7 = loc("kernels/k_memory.py":37:4)
#loc8 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 33, name = "load_order_latency", linkageName = "load_order_latency_Kt1_A2f16_3l0_p16_A2f16_3l0_p16_I32_I64", compileUnit = #di_compile_unit, scopeLine = 33>
#loc9 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc10 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc11 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc12 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc13 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
