entry @raw_memory_offsets_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc12)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc13)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc14)
  %cst_128_i32 = constant <i32: 128> : tile<i32> loc(#loc12)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc15)
  %1 = iota : tile<128xi32> loc(#loc16)
  %2 = muli %blockId_x, %cst_128_i32 : tile<i32> loc(#loc17)
  %reshape = reshape %2 : tile<i32> -> tile<1xi32> loc(#loc16)
  %bcast = broadcast %reshape : tile<1xi32> -> tile<128xi32> loc(#loc16)
  %3 = addi %1, %bcast : tile<128xi32> loc(#loc16)
  %4 = exti %3 signed : tile<128xi32> -> tile<128xi64> loc(#loc18)
  %reshape_1 = reshape %assume : tile<ptr<f32>> -> tile<1xptr<f32>> loc(#loc18)
  %bcast_2 = broadcast %reshape_1 : tile<1xptr<f32>> -> tile<128xptr<f32>> loc(#loc18)
  %5 = offset %bcast_2, %4 : tile<128xptr<f32>>, tile<128xi64> -> tile<128xptr<f32>> loc(#loc18)
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32> loc(#loc18)
  %reshape_3 = reshape %cst_0_f32 : tile<f32> -> tile<1xf32> loc(#loc18)
  %bcast_4 = broadcast %reshape_3 : tile<1xf32> -> tile<128xf32> loc(#loc18)
  %result, %result_token = load_ptr_tko weak %5, %bcast_4 token=%0 : tile<128xptr<f32>>, tile<128xf32> -> tile<128xf32>, token loc(#loc18)
  %6 = join_tokens %0, %result_token : token loc(#loc18)
  %cst_1_f32 = constant <f32: 1.000000e+00> : tile<f32> loc(#loc19)
  %reshape_5 = reshape %cst_1_f32 : tile<f32> -> tile<1xf32> loc(#loc20)
  %bcast_6 = broadcast %reshape_5 : tile<1xf32> -> tile<128xf32> loc(#loc20)
  %7 = addf %result, %bcast_6  : tile<128xf32> loc(#loc20)
  %8 = exti %3 signed : tile<128xi32> -> tile<128xi64> loc(#loc21)
  %reshape_7 = reshape %assume_0 : tile<ptr<f32>> -> tile<1xptr<f32>> loc(#loc21)
  %bcast_8 = broadcast %reshape_7 : tile<1xptr<f32>> -> tile<128xptr<f32>> loc(#loc21)
  %9 = offset %bcast_8, %8 : tile<128xptr<f32>>, tile<128xi64> -> tile<128xptr<f32>> loc(#loc21)
  %10 = store_ptr_tko weak %9, %7 token=%0 : tile<128xptr<f32>>, tile<128xf32> -> token loc(#loc21)
  %11 = exti %3 signed : tile<128xi32> -> tile<128xi64> loc(#loc22)
  %reshape_9 = reshape %assume_0 : tile<ptr<f32>> -> tile<1xptr<f32>> loc(#loc22)
  %bcast_10 = broadcast %reshape_9 : tile<1xptr<f32>> -> tile<128xptr<f32>> loc(#loc22)
  %12 = offset %bcast_10, %11 : tile<128xptr<f32>>, tile<128xi64> -> tile<128xptr<f32>> loc(#loc22)
  %13 = join_tokens %10, %6 : token loc(#loc22)
  %result_11, %result_token_12 = atomic_rmw_tko acq_rel device %12, addf, %result token=%13 : tile<128xptr<f32>>, tile<128xf32> -> tile<128xf32>, token loc(#loc22)
  return loc(#loc11)
} loc(#loc12)
#di_file = #cuda_tile.di_file<"k_memory.py" in "kernels">
#loc = loc("kernels/k_memory.py":50:0)
#loc1 = loc("kernels/k_memory.py":50:23)
#loc2 = loc("kernels/k_memory.py":50:26)
#loc3 = loc("kernels/k_memory.py":51:10)
#loc4 = loc("kernels/k_memory.py":53:11)
#loc5 = loc("kernels/k_memory.py":53:45)
#loc6 = loc("kernels/k_memory.py":54:8)
#loc7 = loc("kernels/k_memory.py":56:29)
#loc8 = loc("kernels/k_memory.py":56:25)
#loc9 = loc("kernels/k_memory.py":56:4)
#loc10 = loc("kernels/k_memory.py":57:4)
#loc11 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 49, name = "raw_memory_offsets", linkageName = "raw_memory_offsets_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 49>
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
