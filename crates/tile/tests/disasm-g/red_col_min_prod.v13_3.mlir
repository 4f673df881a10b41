entry @col_min_prod_Kt1_A2i32_3l0_p16_A1i32_1l0_p16_A1i32_1l0_p16_I32_I32(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<i32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<i32>>, %arg9: tile<i32>, %arg10: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc12)
  %assume = assume div_by<16>, %arg0 : tile<ptr<i32>> loc(#loc13)
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<i32>> loc(#loc14)
  %assume_1 = assume div_by<16>, %arg8 : tile<ptr<i32>> loc(#loc15)
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc12)
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc12)
  %assume_4 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc12)
  %assume_5 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc12)
  %tview = make_tensor_view %assume, shape = [%assume_2, %assume_3], strides = [%assume_4, %assume_5] : tile<i32> -> tensor_view<?x?xi32, strides=[?,?]> loc(#loc12)
  %assume_6 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc12)
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc12)
  %tview_8 = make_tensor_view %assume_0, shape = [%assume_6], strides = [%assume_7] : tile<i32> -> tensor_view<?xi32, strides=[?]> loc(#loc12)
  %assume_9 = assume bounded<0, ?>, %arg9 : tile<i32> loc(#loc12)
  %assume_10 = assume bounded<0, ?>, %arg10 : tile<i32> loc(#loc12)
  %tview_11 = make_tensor_view %assume_1, shape = [%assume_9], strides = [%assume_10] : tile<i32> -> tensor_view<?xi32, strides=[?]> loc(#loc12)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc16)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc17)
  %pview = make_partition_view %tview : partition_view<tile=(32x32), tensor_view<?x?xi32, strides=[?,?]>> loc(#loc18)
  %tile, %result_token = load_view_tko weak %pview[%cst_0_i32, %blockId_x] token = %0 : partition_view<tile=(32x32), tensor_view<?x?xi32, strides=[?,?]>>, tile<i32> -> tile<32x32xi32>, token loc(#loc18)
  %reduce = reduce %tile dim=0 identities=[2147483647 : i32] : tile<32x32xi32> -> tile<32xi32> 
  (%reduce_lhs: tile<i32>, %reduce_rhs: tile<i32>) {
    %3 = mini %reduce_lhs, %reduce_rhs signed : tile<i32> loc(#loc19)
    yield %3 : tile<i32> loc(#loc19)
  } loc(#loc19)
  %pview_12 = make_partition_view %tview_8 : partition_view<tile=(32), tensor_view<?xi32, strides=[?]>> loc(#loc20)
  %1 = store_view_tko weak %reduce, %pview_12[%blockId_x] token = %0 : tile<32xi32>, partition_view<tile=(32), tensor_view<?xi32, strides=[?]>>, tile<i32> -> token loc(#loc20)
  %reduce_13 = reduce %tile dim=0 identities=[1 : i32] : tile<32x32xi32> -> tile<32xi32> 
  (%reduce_lhs: tile<i32>, %reduce_rhs: tile<i32>) {
    %3 = muli %reduce_lhs, %reduce_rhs : tile<i32> loc(#loc21)
    yield %3 : tile<i32> loc(#loc21)
  } loc(#loc21)
  %pview_14 = make_partition_view %tview_11 : partition_view<tile=(32), tensor_view<?xi32, strides=[?]>> loc(#loc22)
  %2 = store_view_tko weak %reduce_13, %pview_14[%blockId_x] token = %0 : tile<32xi32>, partition_view<tile=(32), tensor_view<?xi32, strides=[?]>>, tile<i32> -> token loc(#loc22)
  return loc(#loc11)
} loc(#loc12)
#di_file = #cuda_tile.di_file<"k_reduce.py" in "kernels">
#loc = loc("kernels/k_reduce.py":24:0)
#loc1 = loc("kernels/k_reduce.py":24:17)
#loc2 = loc("kernels/k_reduce.py":24:20)
#loc3 = loc("kernels/k_reduce.py":24:29)
#loc4 = loc("kernels/k_reduce.py":25:10)
#loc5 = loc("kernels/k_reduce.py":26:26)
#loc6 = loc("kernels/k_reduce.py":26:8)
#loc7 = loc("kernels/k_reduce.py":27:41)
#loc8 = loc("kernels/k_reduce.py":27:4)
#loc9 = loc("kernels/k_reduce.py":28:42)
#loc10 = loc("kernels/k_reduce.py":28:4)
#loc11 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 23, name = "col_min_prod", linkageName = "col_min_prod_Kt1_A2i32_3l0_p16_A1i32_1l0_p16_A1i32_1l0_p16_I32_I32", compileUnit = #di_compile_unit, scopeLine = 23>
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
