entry @if_else_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<sm_100 = {}> {
  %0 = make_token : token loc(#loc15)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>> loc(#loc16)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc17)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc15)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc15)
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc15)
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc15)
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc15)
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc15)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc18)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc19)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc19)
  %cst_2_i32 = constant <i32: 2> : tile<i32> loc(#loc20)
  %1 = remi %blockId_x, %cst_2_i32 signed : tile<i32> loc(#loc21)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc21)
  %2 = cmpi less_than %1, %cst_0_i32, signed : tile<i32> -> tile<i1> loc(#loc21)
  %false = constant <i1: false> : tile<i1> loc(#loc21)
  %3 = xori %2, %false : tile<i1> loc(#loc21)
  %4 = cmpi not_equal %1, %cst_0_i32, signed : tile<i32> -> tile<i1> loc(#loc21)
  %5 = andi %3, %4 : tile<i1> loc(#loc21)
  %6 = addi %1, %cst_2_i32 : tile<i32> loc(#loc21)
  %7 = select %5, %6, %1 : tile<i1>, tile<i32> loc(#loc21)
  %cst_0_i32_6 = constant <i32: 0> : tile<i32> loc(#loc22)
  %8 = cmpi equal %7, %cst_0_i32_6, signed : tile<i32> -> tile<i1> loc(#loc21)
  %9 = if %8 -> (tile<128xf32>) {
    %cst_2_f32 = constant <f32: 2.000000e+00> : tile<f32> loc(#loc24)
    %reshape = reshape %cst_2_f32 : tile<f32> -> tile<1xf32> loc(#loc25)
    %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32> loc(#loc25)
    %11 = mulf %tile, %bcast  : tile<128xf32> loc(#loc25)
    yield %11 : tile<128xf32> loc(#loc23)
  } else {
    %cst_1_f32 = constant <f32: 1.000000e+00> : tile<f32> loc(#loc26)
    %reshape = reshape %cst_1_f32 : tile<f32> -> tile<1xf32> loc(#loc27)
    %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32> loc(#loc27)
    %11 = subf %tile, %bcast  : tile<128xf32> loc(#loc27)
    yield %11 : tile<128xf32> loc(#loc23)
  } loc(#loc23)
  %pview_7 = make_partition_view %tview_5 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc28)
  %10 = store_view_tko weak %9, %pview_7[%blockId_x] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc28)
  return loc(#loc14)
} loc(#loc15)
#di_file = #cuda_tile.di_file<"k_control.py" in "kernels">
#loc = loc("kernels/k_control.py":9:0)
#loc1 = loc("kernels/k_control.py":9:12)
#loc2 = loc("kernels/k_control.py":9:15)
#loc3 = loc("kernels/k_control.py":10:10)
#loc4 = loc("kernels/k_control.py":11:8)
#loc5 = loc("kernels/k_control.py":12:13)
#loc6 = loc("kernels/k_control.py":12:7)
#loc7 = loc("kernels/k_control.py":12:18)
#loc8 = loc("kernels/k_control.py":12:4)
#loc9 = loc("kernels/k_control.py":13:16)
#loc10 = loc("kernels/k_control.py":13:12)
#loc11 = loc("kernels/k_control.py":15:16)
#loc12 = loc("kernels/k_control.py":15:12)
#loc13 = loc("kernels/k_control.py":16:4)
#loc14 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 8, name = "if_else", linkageName = "if_else_Kt1_A1f32_1l0_p16_A1f32_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 8>
#loc15 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc27 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc28 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
