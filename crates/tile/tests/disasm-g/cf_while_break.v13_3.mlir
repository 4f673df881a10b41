entry @loop_break_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_Si32_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc18)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc19)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc20)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc18)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc18)
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc18)
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc18)
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc18)
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc18)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc21)
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<64xf32> loc(#loc22)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc23)
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>> loc(#loc24)
  %cst_100_f32 = constant <f32: 1.000000e+02> : tile<f32> loc(#loc25)
  %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc26)
  %1:2 = loop iter_values(%arg7 = %cst_0_f32, %arg8 = %cst_0_i32) : tile<64xf32>, tile<i32> -> tile<64xf32>, tile<i32> {
    %3 = cmpi less_than %arg8, %arg6, signed : tile<i32> -> tile<i1> loc(#loc28)
    if %3 {
    } else {
      break %arg7, %arg8 : tile<64xf32>, tile<i32> loc(#loc27)
    } loc(#loc27)
    %tile, %result_token = load_view_tko weak %pview[%arg8] token = %0 : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<64xf32>, token loc(#loc24)
    %reduce = reduce %tile dim=0 identities=[0.000000e+00 : f32] : tile<64xf32> -> tile<f32> 
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %7 = addf %reduce_lhs, %reduce_rhs  : tile<f32> loc(#loc29)
      yield %7 : tile<f32> loc(#loc29)
    } loc(#loc29)
    %4 = cmpf greater_than ordered %reduce, %cst_100_f32 : tile<f32> -> tile<i1> loc(#loc29)
    if %4 {
      break %arg7, %arg8 : tile<64xf32>, tile<i32> loc(#loc31)
    } else {
    } loc(#loc30)
    %5 = addf %arg7, %tile  : tile<64xf32> loc(#loc32)
    %6 = addi %arg8, %cst_1_i32 : tile<i32> loc(#loc33)
    continue %5, %6 : tile<64xf32>, tile<i32> loc(#loc27)
  } loc(#loc27)
  %pview_6 = make_partition_view %tview_5 : partition_view<tile=(64), tensor_view<?xf32, strides=[?]>> loc(#loc34)
  %2 = store_view_tko weak %1#0, %pview_6[%blockId_x] token = %0 : tile<64xf32>, partition_view<tile=(64), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc34)
  return loc(#loc17)
} loc(#loc18)
#di_file = #cuda_tile.di_file<"k_control.py" in "kernels">
#loc = loc("kernels/k_control.py":29:0)
#loc1 = loc("kernels/k_control.py":29:15)
#loc2 = loc("kernels/k_control.py":29:18)
#loc3 = loc("kernels/k_control.py":30:10)
#loc4 = loc("kernels/k_control.py":31:10)
#loc5 = loc("kernels/k_control.py":32:8)
#loc6 = loc("kernels/k_control.py":34:12)
#loc7 = loc("kernels/k_control.py":35:23)
#loc8 = loc("kernels/k_control.py":38:13)
#loc9 = loc("kernels/k_control.py":33:4)
#loc10 = loc("kernels/k_control.py":33:10)
#loc11 = loc("kernels/k_control.py":35:11)
#loc12 = loc("kernels/k_control.py":35:8)
#loc13 = loc("kernels/k_control.py":36:12)
#loc14 = loc("kernels/k_control.py":37:14)
#loc15 = loc("kernels/k_control.py":38:8)
#loc16 = loc("kernels/k_control.py":39:4)
#loc17 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 28, name = "loop_break", linkageName = "loop_break_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_Si32_I64", compileUnit = #di_compile_unit, scopeLine = 28>
#loc18 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc27 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc28 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc29 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc30 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc31 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
#loc32 = #cuda_tile.di_loc<#loc14 in #di_subprogram>
#loc33 = #cuda_tile.di_loc<#loc15 in #di_subprogram>
#loc34 = #cuda_tile.di_loc<#loc16 in #di_subprogram>
