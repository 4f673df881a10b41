entry @int_unary_casts_Kt1_A1i32_1l0_p16_A1f32_1l0_p16_A1i64_1l0_p16_A1f32_1l0_p16_A1i8_1l0_p16_I128(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i64>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<ptr<f32>>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<ptr<i8>>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc30)
  %assume = assume div_by<16>, %arg0 : tile<ptr<i32>> loc(#loc31)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>> loc(#loc32)
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<i64>> loc(#loc33)
  %assume_2 = assume div_by<16>, %arg9 : tile<ptr<f32>> loc(#loc34)
  %assume_3 = assume div_by<16>, %arg12 : tile<ptr<i8>> loc(#loc35)
  %cst_3_i32 = constant <i32: 3> : tile<128xi32> loc(#loc36)
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc30)
  %assume_5 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc30)
  %tview = make_tensor_view %assume, shape = [%assume_4], strides = [%assume_5] : tile<i32> -> tensor_view<?xi32, strides=[?]> loc(#loc30)
  %assume_6 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc30)
  %assume_7 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc30)
  %tview_8 = make_tensor_view %assume_0, shape = [%assume_6], strides = [%assume_7] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc30)
  %assume_9 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc30)
  %assume_10 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc30)
  %tview_11 = make_tensor_view %assume_1, shape = [%assume_9], strides = [%assume_10] : tile<i32> -> tensor_view<?xi64, strides=[?]> loc(#loc30)
  %assume_12 = assume bounded<0, ?>, %arg10 : tile<i32> loc(#loc30)
  %assume_13 = assume bounded<0, ?>, %arg11 : tile<i32> loc(#loc30)
  %tview_14 = make_tensor_view %assume_2, shape = [%assume_12], strides = [%assume_13] : tile<i32> -> tensor_view<?xf32, strides=[?]> loc(#loc30)
  %assume_15 = assume bounded<0, ?>, %arg13 : tile<i32> loc(#loc30)
  %assume_16 = assume bounded<0, ?>, %arg14 : tile<i32> loc(#loc30)
  %tview_17 = make_tensor_view %assume_3, shape = [%assume_15], strides = [%assume_16] : tile<i32> -> tensor_view<?xi8, strides=[?]> loc(#loc30)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc37)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xi32, strides=[?]>> loc(#loc38)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi32, strides=[?]>>, tile<i32> -> tile<128xi32>, token loc(#loc38)
  %blockId_x_18, %blockId_y_19, %blockId_z_20 = get_tile_block_id : tile<i32> loc(#loc39)
  %pview_21 = make_partition_view %tview_8 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc40)
  %tile_22, %result_token_23 = load_view_tko weak %pview_21[%blockId_x_18] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<128xf32>, token loc(#loc40)
  %1 = absi %tile : tile<128xi32> loc(#loc41)
  %2 = negi %tile : tile<128xi32> loc(#loc42)
  %3 = addi %1, %2 : tile<128xi32> loc(#loc41)
  %cst_-1_i32 = constant <i32: -1> : tile<128xi32> loc(#loc43)
  %4 = xori %tile, %cst_-1_i32 : tile<128xi32> loc(#loc43)
  %5 = addi %3, %4 : tile<128xi32> loc(#loc41)
  %6 = ftoi %tile_22 signed  : tile<128xf32> -> tile<128xi32> loc(#loc44)
  %7 = addi %6, %5 : tile<128xi32> loc(#loc44)
  %8 = trunci %7 : tile<128xi32> -> tile<128xi16> loc(#loc45)
  %9 = exti %8 signed : tile<128xi16> -> tile<128xi32> loc(#loc46)
  %10 = itof %9 unsigned  : tile<128xi32> -> tile<128xf32> loc(#loc47)
  %blockId_x_24, %blockId_y_25, %blockId_z_26 = get_tile_block_id : tile<i32> loc(#loc48)
  %11 = exti %8 signed : tile<128xi16> -> tile<128xi64> loc(#loc49)
  %pview_27 = make_partition_view %tview_11 : partition_view<tile=(128), tensor_view<?xi64, strides=[?]>> loc(#loc50)
  %12 = store_view_tko weak %11, %pview_27[%blockId_x_24] token = %0 : tile<128xi64>, partition_view<tile=(128), tensor_view<?xi64, strides=[?]>>, tile<i32> -> token loc(#loc50)
  %blockId_x_28, %blockId_y_29, %blockId_z_30 = get_tile_block_id : tile<i32> loc(#loc51)
  %13 = ftoi %tile_22 unsigned  : tile<128xf32> -> tile<128xi8> loc(#loc52)
  %14 = itof %13 unsigned  : tile<128xi8> -> tile<128xf32> loc(#loc53)
  %15 = addf %10, %14  : tile<128xf32> loc(#loc54)
  %pview_31 = make_partition_view %tview_14 : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>> loc(#loc55)
  %16 = store_view_tko weak %15, %pview_31[%blockId_x_28] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token loc(#loc55)
  %blockId_x_32, %blockId_y_33, %blockId_z_34 = get_tile_block_id : tile<i32> loc(#loc56)
  %17 = cmpi greater_than %tile, %cst_3_i32, signed : tile<128xi32> -> tile<128xi1> loc(#loc36)
  %18 = exti %17 unsigned : tile<128xi1> -> tile<128xi8> loc(#loc57)
  %pview_35 = make_partition_view %tview_17 : partition_view<tile=(128), tensor_view<?xi8, strides=[?]>> loc(#loc58)
  %19 = store_view_tko weak %18, %pview_35[%blockId_x_32] token = %0 : tile<128xi8>, partition_view<tile=(128), tensor_view<?xi8, strides=[?]>>, tile<i32> -> token loc(#loc58)
  return loc(#loc29)
} loc(#loc30)
#di_file = #cuda_tile.di_file<"k_extra3.py" in "kernels">
#loc = loc("kernels/k_extra3.py":9:0)
#loc1 = loc("kernels/k_extra3.py":9:20)
#loc2 = loc("kernels/k_extra3.py":9:23)
#loc3 = loc("kernels/k_extra3.py":9:26)
#loc4 = loc("kernels/k_extra3.py":9:33)
#loc5 = loc("kernels/k_extra3.py":9:40)
#loc6 = loc("kernels/k_extra3.py":18:55)
#loc7 = loc("kernels/k_extra3.py":10:26)
#loc8 = loc("kernels/k_extra3.py":10:8)
#loc9 = loc("kernels/k_extra3.py":11:26)
#loc10 = loc("kernels/k_extra3.py":11:8)
#loc11 = loc("kernels/k_extra3.py":12:8)
#loc12 = loc("kernels/k_extra3.py":12:20)
#loc13 = loc("kernels/k_extra3.py":12:37)
#loc14 = loc("kernels/k_extra3.py":13:8)
#loc15 = loc("kernels/k_extra3.py":14:8)
#loc16 = loc("kernels/k_extra3.py":15:18)
#loc17 = loc("kernels/k_extra3.py":15:8)
#loc18 = loc("kernels/k_extra3.py":16:27)
#loc19 = loc("kernels/k_extra3.py":16:45)
#loc20 = loc("kernels/k_extra3.py":16:4)
#loc21 = loc("kernels/k_extra3.py":17:27)
#loc22 = loc("kernels/k_extra3.py":17:59)
#loc23 = loc("kernels/k_extra3.py":17:49)
#loc24 = loc("kernels/k_extra3.py":17:45)
#loc25 = loc("kernels/k_extra3.py":17:4)
#loc26 = loc("kernels/k_extra3.py":18:27)
#loc27 = loc("kernels/k_extra3.py":18:45)
#loc28 = loc("kernels/k_extra3.py":18:4)
#loc29 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 8, name = "int_unary_casts", linkageName = "int_unary_casts_Kt1_A1i32_1l0_p16_A1f32_1l0_p16_A1i64_1l0_p16_A1f32_1l0_p16_A1i8_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 8>
#loc30 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc31 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc32 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc33 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc34 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc35 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc36 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc37 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc38 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc39 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc40 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc41 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc42 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc43 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
#loc44 = #cuda_tile.di_loc<#loc14 in #di_subprogram>
#loc45 = #cuda_tile.di_loc<#loc15 in #di_subprogram>
#loc46 = #cuda_tile.di_loc<#loc16 in #di_subprogram>
#loc47 = #cuda_tile.di_loc<#loc17 in #di_subprogram>
#loc48 = #cuda_tile.di_loc<#loc18 in #di_subprogram>
#loc49 = #cuda_tile.di_loc<#loc19 in #di_subprogram>
#loc50 = #cuda_tile.di_loc<#loc20 in #di_subprogram>
#loc51 = #cuda_tile.di_loc<#loc21 in #di_subprogram>
#loc52 = #cuda_tile.di_loc<#loc22 in #di_subprogram>
#loc53 = #cuda_tile.di_loc<#loc23 in #di_subprogram>
#loc54 = #cuda_tile.di_loc<#loc24 in #di_subprogram>
#loc55 = #cuda_tile.di_loc<#loc25 in #di_subprogram>
#loc56 = #cuda_tile.di_loc<#loc26 in #di_subprogram>
#loc57 = #cuda_tile.di_loc<#loc27 in #di_subprogram>
#loc58 = #cuda_tile.di_loc<#loc28 in #di_subprogram>
