entry @loop_accumulate_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_Si32_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>) optimization_hints=<default = {}> {
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
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<128xf32> loc(#loc15)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc16)
  %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc16)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc17)
  %for = for %loopIdx in (%cst_0_i32 to %arg6, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<128xf32>) {
    %tile, %result_token = load_view_tko weak %pview[%loopIdx] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc17)
    %2 = addf %iterArg0, %tile  : tile<128xf32> loc(#loc19)
    continue %2 : tile<128xf32> loc(#loc18)
  } loc(#loc18)
  %pview_6 = make_partition_view %tview_5 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc20)
  %1 = store_view_tko weak %for, %pview_6[%blockId_x] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc20)
  return loc(#loc10)
} loc(#loc11)
#di_file = #cuda_tile.di_file<"k_control.py" in "kernels">
#loc = loc("kernels/k_control.py":20:0)
#loc1 = loc("kernels/k_control.py":20:20)
#loc2 = loc("kernels/k_control.py":20:23)
#loc3 = loc("kernels/k_control.py":21:10)
#loc4 = loc("kernels/k_control.py":22:10)
#loc5 = loc("kernels/k_control.py":23:13)
#loc6 = loc("kernels/k_control.py":24:20)
#loc7 = loc("kernels/k_control.py":23:4)
#loc8 = loc("kernels/k_control.py":24:14)
#loc9 = loc("kernels/k_control.py":25:4)
#loc10 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 19, name = "loop_accumulate", linkageName = "loop_accumulate_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_Si32_I128", compileUnit = #di_compile_unit, scopeLine = 19>
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
