entry @softmax_rows_Kt1_A2f16_3l0_p16_A2f16_3l0_p16_I16_I128(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc16)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>> loc(#loc17)
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f16>> loc(#loc18)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc16)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc16)
  %assume_3 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc16)
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc16)
  %tview = make_tensor_view %assume, shape = [%assume_1, %assume_2], strides = [%assume_3, %assume_4] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]> loc(#loc16)
  %assume_5 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc16)
  %assume_6 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc16)
  %assume_7 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc16)
  %assume_8 = assume bounded<0, ?>, %arg9 : tile<i32> loc(#loc16)
  %tview_9 = make_tensor_view %assume_0, shape = [%assume_5, %assume_6], strides = [%assume_7, %assume_8] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]> loc(#loc16)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc19)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc20)
  %pview = make_partition_view %tview : partition_view<tile=(16x128), tensor_view<?x?xf16, strides=[?,?]>> loc(#loc21)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(16x128), tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<16x128xf16>, token loc(#loc21)
  %1 = ftof %tile  : tile<16x128xf16> -> tile<16x128xf32> loc(#loc22)
  %reduce = reduce %1 dim=1 identities=[0xFF800000 : f32] : tile<16x128xf32> -> tile<16xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %7 = maxf %reduce_lhs, %reduce_rhs : tile<f32> loc(#loc23)
    yield %7 : tile<f32> loc(#loc23)
  } loc(#loc23)
  %reshape = reshape %reduce : tile<16xf32> -> tile<16x1xf32> loc(#loc23)
  %bcast = broadcast %reshape : tile<16x1xf32> -> tile<16x128xf32> loc(#loc24)
  %2 = subf %1, %bcast  : tile<16x128xf32> loc(#loc24)
  %3 = exp %2  : tile<16x128xf32> loc(#loc25)
  %reduce_10 = reduce %3 dim=1 identities=[0.000000e+00 : f32] : tile<16x128xf32> -> tile<16xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %7 = addf %reduce_lhs, %reduce_rhs  : tile<f32> loc(#loc26)
    yield %7 : tile<f32> loc(#loc26)
  } loc(#loc26)
  %reshape_11 = reshape %reduce_10 : tile<16xf32> -> tile<16x1xf32> loc(#loc26)
  %cst_0_i32_12 = constant <i32: 0> : tile<i32> loc(#loc27)
  %bcast_13 = broadcast %reshape_11 : tile<16x1xf32> -> tile<16x128xf32> loc(#loc28)
  %4 = divf %3, %bcast_13  : tile<16x128xf32> loc(#loc28)
  %5 = ftof %4  : tile<16x128xf32> -> tile<16x128xf16> loc(#loc29)
  %pview_14 = make_partition_view %tview_9 : partition_view<tile=(16x128), tensor_view<?x?xf16, strides=[?,?]>> loc(#loc30)
  %6 = store_view_tko weak %5, %pview_14[%blockId_x, %cst_0_i32_12] token = %0 : tile<16x128xf16>, partition_view<tile=(16x128), tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> token loc(#loc30)
  return loc(#loc15)
} loc(#loc16)
#di_file = #cuda_tile.di_file<"k_reduce.py" in "kernels">
#loc = loc("kernels/k_reduce.py":46:0)
#loc1 = loc("kernels/k_reduce.py":46:17)
#loc2 = loc("kernels/k_reduce.py":46:20)
#loc3 = loc("kernels/k_reduce.py":47:10)
#loc4 = loc("kernels/k_reduce.py":48:41)
#loc5 = loc("kernels/k_reduce.py":48:18)
#loc6 = loc("kernels/k_reduce.py":48:8)
#loc7 = loc("kernels/k_reduce.py":49:8)
#loc8 = loc("kernels/k_reduce.py":50:15)
#loc9 = loc("kernels/k_reduce.py":50:8)
#loc10 = loc("kernels/k_reduce.py":51:8)
#loc11 = loc("kernels/k_reduce.py":52:30)
#loc12 = loc("kernels/k_reduce.py":52:49)
#loc13 = loc("kernels/k_reduce.py":52:39)
#loc14 = loc("kernels/k_reduce.py":52:4)
#loc15 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 45, name = "softmax_rows", linkageName = "softmax_rows_Kt1_A2f16_3l0_p16_A2f16_3l0_p16_I16_I128", compileUnit = #di_compile_unit, scopeLine = 45>
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
