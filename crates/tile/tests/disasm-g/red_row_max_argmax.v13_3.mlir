entry @row_max_argmax_Kt1_A2f16_3l0_p16_A1f16_1l0_p16_A1i32_1l0_p16_I8_I128(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<i32>>, %arg9: tile<i32>, %arg10: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc12)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>> loc(#loc13)
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f16>> loc(#loc14)
  %assume_1 = assume div_by<16>, %arg8 : tile<ptr<i32>> loc(#loc15)
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc12)
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc12)
  %assume_4 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc12)
  %assume_5 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc12)
  %tview = make_tensor_view %assume, shape = [%assume_2, %assume_3], strides = [%assume_4, %assume_5] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]> loc(#loc12)
  %assume_6 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc12)
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc12)
  %tview_8 = make_tensor_view %assume_0, shape = [%assume_6], strides = [%assume_7] : tile<i32> -> tensor_view<?xf16, strides=[?]> loc(#loc12)
  %assume_9 = assume bounded<0, ?>, %arg9 : tile<i32> loc(#loc12)
  %assume_10 = assume bounded<0, ?>, %arg10 : tile<i32> loc(#loc12)
  %tview_11 = make_tensor_view %assume_1, shape = [%assume_9], strides = [%assume_10] : tile<i32> -> tensor_view<?xi32, strides=[?]> loc(#loc12)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc16)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc17)
  %pview = make_partition_view %tview : partition_view<tile=(8x128), tensor_view<?x?xf16, strides=[?,?]>> loc(#loc18)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(8x128), tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<8x128xf16>, token loc(#loc18)
  %reduce = reduce %tile dim=1 identities=[0xFC00 : f16] : tile<8x128xf16> -> tile<8xf16> 
  (%reduce_lhs: tile<f16>, %reduce_rhs: tile<f16>) {
    %4 = maxf %reduce_lhs, %reduce_rhs : tile<f16> loc(#loc19)
    yield %4 : tile<f16> loc(#loc19)
  } loc(#loc19)
  %pview_12 = make_partition_view %tview_8 : partition_view<tile=(8), tensor_view<?xf16, strides=[?]>> loc(#loc20)
  %1 = store_view_tko weak %reduce, %pview_12[%blockId_x] token = %0 : tile<8xf16>, partition_view<tile=(8), tensor_view<?xf16, strides=[?]>>, tile<i32> -> token loc(#loc20)
  %2 = iota : tile<128xi32> loc(#loc21)
  %reshape = reshape %2 : tile<128xi32> -> tile<1x128xi32> loc(#loc21)
  %bcast = broadcast %reshape : tile<1x128xi32> -> tile<8x128xi32> loc(#loc21)
  %reduce_13:2 = reduce %tile, %bcast dim=1 identities=[0xFC00 : f16, 0 : i32] : tile<8x128xf16>, tile<8x128xi32> -> tile<8xf16>, tile<8xi32> 
  (%reduce_lhs0: tile<f16>, %reduce_rhs0: tile<f16>, %reduce_lhs1: tile<i32>, %reduce_rhs1: tile<i32>) {
    %4 = cmpf greater_than ordered %reduce_lhs0, %reduce_rhs0 : tile<f16> -> tile<i1> loc(#loc21)
    %5 = cmpf equal ordered %reduce_lhs0, %reduce_rhs0 : tile<f16> -> tile<i1> loc(#loc21)
    %6 = cmpf not_equal unordered %reduce_lhs0, %reduce_lhs0 : tile<f16> -> tile<i1> loc(#loc21)
    %7 = cmpf not_equal unordered %reduce_rhs0, %reduce_rhs0 : tile<f16> -> tile<i1> loc(#loc21)
    %8 = cmpf equal ordered %reduce_lhs0, %reduce_lhs0 : tile<f16> -> tile<i1> loc(#loc21)
    %9 = andi %8, %7 : tile<i1> loc(#loc21)
    %10 = ori %4, %9 : tile<i1> loc(#loc21)
    %11 = andi %6, %7 : tile<i1> loc(#loc21)
    %12 = ori %5, %11 : tile<i1> loc(#loc21)
    %13 = cmpi less_than %reduce_lhs1, %reduce_rhs1, signed : tile<i32> -> tile<i1> loc(#loc21)
    %14 = andi %12, %13 : tile<i1> loc(#loc21)
    %15 = ori %10, %14 : tile<i1> loc(#loc21)
    %16 = select %15, %reduce_lhs0, %reduce_rhs0 : tile<i1>, tile<f16> loc(#loc21)
    %17 = select %15, %reduce_lhs1, %reduce_rhs1 : tile<i1>, tile<i32> loc(#loc21)
    yield %16, %17 : tile<f16>, tile<i32> loc(#loc21)
  } loc(#loc21)
  %pview_14 = make_partition_view %tview_11 : partition_view<tile=(8), tensor_view<?xi32, strides=[?]>> loc(#loc22)
  %3 = store_view_tko weak %reduce_13#1, %pview_14[%blockId_x] token = %0 : tile<8xi32>, partition_view<tile=(8), tensor_view<?xi32, strides=[?]>>, tile<i32> -> token loc(#loc22)
  return loc(#loc11)
} loc(#loc12)
#di_file = #cuda_tile.di_file<"k_reduce.py" in "kernels">
#loc = loc("kernels/k_reduce.py":16:0)
#loc1 = loc("kernels/k_reduce.py":16:19)
#loc2 = loc("kernels/k_reduce.py":16:22)
#loc3 = loc("kernels/k_reduce.py":16:31)
#loc4 = loc("kernels/k_reduce.py":17:10)
#loc5 = loc("kernels/k_reduce.py":18:31)
#loc6 = loc("kernels/k_reduce.py":18:8)
#loc7 = loc("kernels/k_reduce.py":19:41)
#loc8 = loc("kernels/k_reduce.py":19:4)
#loc9 = loc("kernels/k_reduce.py":20:51)
#loc10 = loc("kernels/k_reduce.py":20:4)
#loc11 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 15, name = "row_max_argmax", linkageName = "row_max_argmax_Kt1_A2f16_3l0_p16_A1f16_1l0_p16_A1i32_1l0_p16_I8_I128", compileUnit = #di_compile_unit, scopeLine = 15>
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
