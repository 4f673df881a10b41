global  @print_mutex <i32: 1> : tile<1xi32> loc(#loc)
entry @print_assert_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<sm_100 = {}> {
  %0 = make_token : token loc(#loc11)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc12)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc13)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc11)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc11)
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc11)
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc11)
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc11)
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc11)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc14)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc15)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc15)
  %1 = join_tokens %0, %result_token : token loc(#loc15)
  %2 = join_tokens %0, %1 : token loc(#loc16)
  %3 = get_global @print_mutex : tile<ptr<i32>> loc(#loc16)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc16)
  %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc16)
  loop {
    %result_8, %result_token_9 = atomic_cas_tko acq_rel device %3, %cst_1_i32, %cst_0_i32 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token loc(#loc16)
    %9 = cmpi equal %result_8, %cst_1_i32, unsigned : tile<i32> -> tile<i1> loc(#loc16)
    if %9 {
      break loc(#loc16)
    } else {
    } loc(#loc16)
  } loc(#loc16)
  %4 = print_tko "pid %d\0A", %blockId_x : tile<i32> -> token loc(#loc16)
  %5 = make_token : token loc(#loc16)
  %result, %result_token_6 = atomic_rmw_tko acq_rel device %3, xchg, %cst_1_i32 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token loc(#loc16)
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32> loc(#loc17)
  %reshape = reshape %cst_0_f32 : tile<f32> -> tile<1xf32> loc(#loc18)
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32> loc(#loc18)
  %6 = cmpf greater_than_or_equal ordered %tile, %bcast : tile<128xf32> -> tile<128xi1> loc(#loc18)
  assert %6, "negative input" : tile<128xi1> loc(#loc19)
  %pview_7 = make_partition_view %tview_5 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc20)
  %7 = join_tokens %0, %5 : token loc(#loc20)
  %8 = store_view_tko weak %tile, %pview_7[%blockId_x] token = %7 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc20)
  return loc(#loc)
} loc(#loc11)
#di_file = #cuda_tile.di_file<"k_extra.py" in "kernels">
#loc = loc(unknown)
#loc1 = loc("kernels/k_extra.py":9:0)
#loc2 = loc("kernels/k_extra.py":9:17)
#loc3 = loc("kernels/k_extra.py":9:20)
#loc4 = loc("kernels/k_extra.py":10:10)
#loc5 = loc("kernels/k_extra.py":11:8)
#loc6 = loc("kernels/k_extra.py":12:4)
#loc7 = loc("kernels/k_extra.py":13:20)
#loc8 = loc("kernels/k_extra.py":13:15)
#loc9 = loc("kernels/k_extra.py":13:4)
#loc10 = loc("kernels/k_extra.py":14:4)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 8, name = "print_assert", linkageName = "print_assert_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 8>
#loc11 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc12 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc13 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
