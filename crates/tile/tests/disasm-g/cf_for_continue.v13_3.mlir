entry @loop_continue_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_Si32_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc16)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc17)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc18)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc16)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc16)
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc16)
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc16)
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc16)
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc16)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc19)
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<64xf32> loc(#loc20)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc21)
  %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc21)
  %cst_3_i32 = constant <i32: 3> : tile<i32> loc(#loc22)
  %cst_0_i32_6 = constant <i32: 0> : tile<i32> loc(#loc23)
  %false = constant <i1: false> : tile<i1> loc(#loc23)
  %cst_1_i32_7 = constant <i32: 1> : tile<i32> loc(#loc24)
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>> loc(#loc25)
  %for = for %loopIdx in (%cst_0_i32 to %arg6, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<64xf32>) {
    %2 = remi %loopIdx, %cst_3_i32 signed : tile<i32> loc(#loc23)
    %3 = cmpi less_than %2, %cst_0_i32_6, signed : tile<i32> -> tile<i1> loc(#loc23)
    %4 = xori %3, %false : tile<i1> loc(#loc23)
    %5 = cmpi not_equal %2, %cst_0_i32_6, signed : tile<i32> -> tile<i1> loc(#loc23)
    %6 = andi %4, %5 : tile<i1> loc(#loc23)
    %7 = addi %2, %cst_3_i32 : tile<i32> loc(#loc23)
    %8 = select %6, %7, %2 : tile<i1>, tile<i32> loc(#loc23)
    %9 = cmpi equal %8, %cst_1_i32_7, signed : tile<i32> -> tile<i1> loc(#loc23)
    if %9 {
      continue %iterArg0 : tile<64xf32> loc(#loc28)
    } else {
    } loc(#loc27)
    %tile, %result_token = load_view_tko weak %pview[%loopIdx] token = %0 : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<64xf32>, token loc(#loc25)
    %10 = addf %iterArg0, %tile  : tile<64xf32> loc(#loc29)
    continue %10 : tile<64xf32> loc(#loc26)
  } loc(#loc26)
  %pview_8 = make_partition_view %tview_5 : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>> loc(#loc30)
  %1 = store_view_tko weak %for, %pview_8[%blockId_x] token = %0 : tile<64xf32>, partition_view<tile=(64), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc30)
  return loc(#loc15)
} loc(#loc16)
#di_file = #cuda_tile.di_file<"k_control.py" in "kernels">
#loc = loc("kernels/k_control.py":43:0)
#loc1 = loc("kernels/k_control.py":43:18)
#loc2 = loc("kernels/k_control.py":43:21)
#loc3 = loc("kernels/k_control.py":44:10)
#loc4 = loc("kernels/k_control.py":45:10)
#loc5 = loc("kernels/k_control.py":46:13)
#loc6 = loc("kernels/k_control.py":47:15)
#loc7 = loc("kernels/k_control.py":47:11)
#loc8 = loc("kernels/k_control.py":47:20)
#loc9 = loc("kernels/k_control.py":49:20)
#loc10 = loc("kernels/k_control.py":46:4)
#loc11 = loc("kernels/k_control.py":47:8)
#loc12 = loc("kernels/k_control.py":48:12)
#loc13 = loc("kernels/k_control.py":49:14)
#loc14 = loc("kernels/k_control.py":50:4)
#loc15 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 42, name = "loop_continue", linkageName = "loop_continue_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_Si32_I64", compileUnit = #di_compile_unit, scopeLine = 42>
#loc16 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc27 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc28 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc29 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
#loc30 = #cuda_tile.di_loc<#loc14 in #di_subprogram>
