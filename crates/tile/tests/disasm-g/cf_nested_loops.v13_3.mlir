entry @nested_loops_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_Si32_Si32_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc17)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc18)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc19)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc17)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc17)
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc17)
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc17)
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc17)
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc17)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc20)
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<64xf32> loc(#loc21)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc22)
  %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc22)
  %cst_0_i32_6 = constant <i32: 0> : tile<i32> loc(#loc23)
  %cst_1_i32_7 = constant <i32: 1> : tile<i32> loc(#loc23)
  %for = for %loopIdx in (%cst_0_i32 to %arg6, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<64xf32>) {
    %for_8 = for %loopIdx_9 in (%cst_0_i32_6 to %arg7, step %cst_1_i32_7) : tile<i32> iter_values(%iterArg0_10 = %iterArg0) -> (tile<64xf32>) {
      %2 = cmpi equal %loopIdx, %loopIdx_9, signed : tile<i32> -> tile<i1> loc(#loc26)
      %3 = if %2 -> (tile<64xf32>) {
        %pview_11 = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>> loc(#loc28)
        %tile, %result_token = load_view_tko weak %pview_11[%loopIdx] token = %0 : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<64xf32>, token loc(#loc28)
        %4 = addf %iterArg0_10, %tile  : tile<64xf32> loc(#loc29)
        yield %4 : tile<64xf32> loc(#loc27)
      } else {
        %cst_f32 = constant <f32: 5.000000e-01> : tile<f32> loc(#loc30)
        %reshape = reshape %cst_f32 : tile<f32> -> tile<1xf32> loc(#loc31)
        %bcast = broadcast %reshape : tile<1xf32> -> tile<64xf32> loc(#loc31)
        %4 = mulf %iterArg0_10, %bcast  : tile<64xf32> loc(#loc31)
        yield %4 : tile<64xf32> loc(#loc27)
      } loc(#loc27)
      continue %3 : tile<64xf32> loc(#loc25)
    } loc(#loc25)
    continue %for_8 : tile<64xf32> loc(#loc24)
  } loc(#loc24)
  %pview = make_partition_view %tview_5 : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>> loc(#loc32)
  %1 = store_view_tko weak %for, %pview[%blockId_x] token = %0 : tile<64xf32>, partition_view<tile=(64), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc32)
  return loc(#loc16)
} loc(#loc17)
#di_file = #cuda_tile.di_file<"k_control.py" in "kernels">
#loc = loc("kernels/k_control.py":54:0)
#loc1 = loc("kernels/k_control.py":54:17)
#loc2 = loc("kernels/k_control.py":54:20)
#loc3 = loc("kernels/k_control.py":55:10)
#loc4 = loc("kernels/k_control.py":56:10)
#loc5 = loc("kernels/k_control.py":57:13)
#loc6 = loc("kernels/k_control.py":58:17)
#loc7 = loc("kernels/k_control.py":57:4)
#loc8 = loc("kernels/k_control.py":58:8)
#loc9 = loc("kernels/k_control.py":59:15)
#loc10 = loc("kernels/k_control.py":59:12)
#loc11 = loc("kernels/k_control.py":60:28)
#loc12 = loc("kernels/k_control.py":60:22)
#loc13 = loc("kernels/k_control.py":62:28)
#loc14 = loc("kernels/k_control.py":62:22)
#loc15 = loc("kernels/k_control.py":63:4)
#loc16 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 53, name = "nested_loops", linkageName = "nested_loops_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_Si32_Si32_I64", compileUnit = #di_compile_unit, scopeLine = 53>
#loc17 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc27 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc28 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc29 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc30 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
#loc31 = #cuda_tile.di_loc<#loc14 in #di_subprogram>
#loc32 = #cuda_tile.di_loc<#loc15 in #di_subprogram>
