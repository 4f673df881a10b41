entry @gather_scatter_Kt1_A1f32_1l0_p16_A1i32_1l0_p16_A1f32_1l0_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc11)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc12)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<i32>> loc(#loc13)
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f32>> loc(#loc14)
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc11)
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc11)
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc11)
  %assume_5 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc11)
  %tview = make_tensor_view %assume_0, shape = [%assume_4], strides = [%assume_5] : tile<i32> -> tensor_view<?xi32, strides=[?]> loc(#loc11)
  %assume_6 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc11)
  %assume_7 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc11)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc15)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xi32, strides=[?]>> loc(#loc16)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi32, strides=[?]>>, tile<i32> -> tile<128xi32>, token loc(#loc16)
  %1 = exti %tile signed : tile<128xi32> -> tile<128xi64> loc(#loc17)
  %2 = exti %assume_2 signed : tile<i32> -> tile<i64> loc(#loc17)
  %reshape = reshape %2 : tile<i64> -> tile<1xi64> loc(#loc17)
  %bcast = broadcast %reshape : tile<1xi64> -> tile<128xi64> loc(#loc17)
  %3 = cmpi less_than %1, %bcast, unsigned : tile<128xi64> -> tile<128xi1> loc(#loc17)
  %4 = exti %assume_3 signed : tile<i32> -> tile<i64> loc(#loc17)
  %reshape_8 = reshape %4 : tile<i64> -> tile<1xi64> loc(#loc17)
  %bcast_9 = broadcast %reshape_8 : tile<1xi64> -> tile<128xi64> loc(#loc17)
  %5 = muli %1, %bcast_9 : tile<128xi64> loc(#loc17)
  %reshape_10 = reshape %assume : tile<ptr<f32>> -> tile<1xptr<f32>> loc(#loc17)
  %bcast_11 = broadcast %reshape_10 : tile<1xptr<f32>> -> tile<128xptr<f32>> loc(#loc17)
  %6 = offset %bcast_11, %5 : tile<128xptr<f32>>, tile<128xi64> -> tile<128xptr<f32>> loc(#loc17)
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32> loc(#loc17)
  %reshape_12 = reshape %cst_0_f32 : tile<f32> -> tile<1xf32> loc(#loc17)
  %bcast_13 = broadcast %reshape_12 : tile<1xf32> -> tile<128xf32> loc(#loc17)
  %result, %result_token_14 = load_ptr_tko weak %6, %3, %bcast_13 token=%0 : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token loc(#loc17)
  %cst_2_f32 = constant <f32: 2.000000e+00> : tile<f32> loc(#loc18)
  %reshape_15 = reshape %cst_2_f32 : tile<f32> -> tile<1xf32> loc(#loc19)
  %bcast_16 = broadcast %reshape_15 : tile<1xf32> -> tile<128xf32> loc(#loc19)
  %7 = mulf %result, %bcast_16  : tile<128xf32> loc(#loc19)
  %8 = exti %tile signed : tile<128xi32> -> tile<128xi64> loc(#loc20)
  %9 = exti %assume_6 signed : tile<i32> -> tile<i64> loc(#loc20)
  %reshape_17 = reshape %9 : tile<i64> -> tile<1xi64> loc(#loc20)
  %bcast_18 = broadcast %reshape_17 : tile<1xi64> -> tile<128xi64> loc(#loc20)
  %10 = cmpi less_than %8, %bcast_18, unsigned : tile<128xi64> -> tile<128xi1> loc(#loc20)
  %11 = exti %assume_7 signed : tile<i32> -> tile<i64> loc(#loc20)
  %reshape_19 = reshape %11 : tile<i64> -> tile<1xi64> loc(#loc20)
  %bcast_20 = broadcast %reshape_19 : tile<1xi64> -> tile<128xi64> loc(#loc20)
  %12 = muli %8, %bcast_20 : tile<128xi64> loc(#loc20)
  %reshape_21 = reshape %assume_1 : tile<ptr<f32>> -> tile<1xptr<f32>> loc(#loc20)
  %bcast_22 = broadcast %reshape_21 : tile<1xptr<f32>> -> tile<128xptr<f32>> loc(#loc20)
  %13 = offset %bcast_22, %12 : tile<128xptr<f32>>, tile<128xi64> -> tile<128xptr<f32>> loc(#loc20)
  %14 = store_ptr_tko weak %13, %7, %10 token=%0 : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token loc(#loc20)
  return loc(#loc10)
} loc(#loc11)
#di_file = #cuda_tile.di_file<"k_memory.py" in "kernels">
#loc = loc("kernels/k_memory.py":9:0)
#loc1 = loc("kernels/k_memory.py":9:19)
#loc2 = loc("kernels/k_memory.py":9:24)
#loc3 = loc("kernels/k_memory.py":9:29)
#loc4 = loc("kernels/k_memory.py":10:10)
#loc5 = loc("kernels/k_memory.py":11:8)
#loc6 = loc("kernels/k_memory.py":12:8)
#loc7 = loc("kernels/k_memory.py":13:27)
#loc8 = loc("kernels/k_memory.py":13:23)
#loc9 = loc("kernels/k_memory.py":13:4)
#loc10 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 8, name = "gather_scatter", linkageName = "gather_scatter_Kt1_A1f32_1l0_p16_A1i32_1l0_p16_A1f32_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 8>
#loc11 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc12 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc13 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
