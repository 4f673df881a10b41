entry @mm_scaled_Kt1_A2f8m3fn_3l0_p16_A2f8m0fnu_3l0_p16_A2f8m3fn_3l0_p16_A2f8m0fnu_3l0_p16_A2f32_3l0_p16_I64_I64_I64(%arg0: tile<ptr<f8E4M3FN>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f8E8M0FNU>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f8E4M3FN>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<ptr<f8E8M0FNU>>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>, %arg20: tile<ptr<f32>>, %arg21: tile<i32>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc20)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f8E4M3FN>> loc(#loc21)
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f8E8M0FNU>> loc(#loc22)
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f8E4M3FN>> loc(#loc23)
  %assume_2 = assume div_by<16>, %arg15 : tile<ptr<f8E8M0FNU>> loc(#loc24)
  %assume_3 = assume div_by<16>, %arg20 : tile<ptr<f32>> loc(#loc25)
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc20)
  %assume_5 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc20)
  %assume_6 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc20)
  %assume_7 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc20)
  %tview = make_tensor_view %assume, shape = [%assume_4, %assume_5], strides = [%assume_6, %assume_7] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,?]> loc(#loc20)
  %assume_8 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc20)
  %assume_9 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc20)
  %assume_10 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc20)
  %assume_11 = assume bounded<0, ?>, %arg9 : tile<i32> loc(#loc20)
  %tview_12 = make_tensor_view %assume_0, shape = [%assume_8, %assume_9], strides = [%assume_10, %assume_11] : tile<i32> -> tensor_view<?x?xf8E8M0FNU, strides=[?,?]> loc(#loc20)
  %assume_13 = assume bounded<0, ?>, %arg11 : tile<i32> loc(#loc20)
  %assume_14 = assume bounded<0, ?>, %arg12 : tile<i32> loc(#loc20)
  %assume_15 = assume bounded<0, ?>, %arg13 : tile<i32> loc(#loc20)
  %assume_16 = assume bounded<0, ?>, %arg14 : tile<i32> loc(#loc20)
  %tview_17 = make_tensor_view %assume_1, shape = [%assume_13, %assume_14], strides = [%assume_15, %assume_16] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,?]> loc(#loc20)
  %assume_18 = assume bounded<0, ?>, %arg16 : tile<i32> loc(#loc20)
  %assume_19 = assume bounded<0, ?>, %arg17 : tile<i32> loc(#loc20)
  %assume_20 = assume bounded<0, ?>, %arg18 : tile<i32> loc(#loc20)
  %assume_21 = assume bounded<0, ?>, %arg19 : tile<i32> loc(#loc20)
  %tview_22 = make_tensor_view %assume_2, shape = [%assume_18, %assume_19], strides = [%assume_20, %assume_21] : tile<i32> -> tensor_view<?x?xf8E8M0FNU, strides=[?,?]> loc(#loc20)
  %assume_23 = assume bounded<0, ?>, %arg21 : tile<i32> loc(#loc20)
  %assume_24 = assume bounded<0, ?>, %arg22 : tile<i32> loc(#loc20)
  %assume_25 = assume bounded<0, ?>, %arg23 : tile<i32> loc(#loc20)
  %assume_26 = assume bounded<0, ?>, %arg24 : tile<i32> loc(#loc20)
  %tview_27 = make_tensor_view %assume_3, shape = [%assume_23, %assume_24], strides = [%assume_25, %assume_26] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]> loc(#loc20)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc26)
  %blockId_x_28, %blockId_y_29, %blockId_z_30 = get_tile_block_id : tile<i32> loc(#loc27)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc28)
  %pview = make_partition_view %tview : partition_view<tile=(64x64), tensor_view<?x?xf8E4M3FN, strides=[?,?]>> loc(#loc29)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(64x64), tensor_view<?x?xf8E4M3FN, strides=[?,?]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token loc(#loc29)
  %cst_0_i32_31 = constant <i32: 0> : tile<i32> loc(#loc30)
  %pview_32 = make_partition_view %tview_12 : partition_view<tile=(64x2), tensor_view<?x?xf8E8M0FNU, strides=[?,?]>> loc(#loc31)
  %tile_33, %result_token_34 = load_view_tko weak %pview_32[%blockId_x, %cst_0_i32_31] token = %0 : partition_view<tile=(64x2), tensor_view<?x?xf8E8M0FNU, strides=[?,?]>>, tile<i32> -> tile<64x2xf8E8M0FNU>, token loc(#loc31)
  %cst_0_i32_35 = constant <i32: 0> : tile<i32> loc(#loc32)
  %pview_36 = make_partition_view %tview_17 : partition_view<tile=(64x64), tensor_view<?x?xf8E4M3FN, strides=[?,?]>> loc(#loc33)
  %tile_37, %result_token_38 = load_view_tko weak %pview_36[%cst_0_i32_35, %blockId_y_29] token = %0 : partition_view<tile=(64x64), tensor_view<?x?xf8E4M3FN, strides=[?,?]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token loc(#loc33)
  %cst_0_i32_39 = constant <i32: 0> : tile<i32> loc(#loc34)
  %pview_40 = make_partition_view %tview_22 : partition_view<tile=(2x64), tensor_view<?x?xf8E8M0FNU, strides=[?,?]>> loc(#loc35)
  %tile_41, %result_token_42 = load_view_tko weak %pview_40[%cst_0_i32_39, %blockId_y_29] token = %0 : partition_view<tile=(2x64), tensor_view<?x?xf8E8M0FNU, strides=[?,?]>>, tile<i32> -> tile<2x64xf8E8M0FNU>, token loc(#loc35)
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<64x64xf32> loc(#loc36)
  %1 = mmaf_scaled %tile, %tile_37, %cst_0_f32, %tile_33, %tile_41 : tile<64x64xf8E4M3FN>, tile<64x64xf8E4M3FN>, tile<64x64xf32>, tile<64x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU> loc(#loc37)
  %pview_43 = make_partition_view %tview_27 : partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,?]>> loc(#loc38)
  %2 = store_view_tko weak %1, %pview_43[%blockId_x, %blockId_y_29] token = %0 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token loc(#loc38)
  return loc(#loc19)
} loc(#loc20)
#di_file = #cuda_tile.di_file<"k_extra2.py" in "kernels">
#loc = loc("kernels/k_extra2.py":9:0)
#loc1 = loc("kernels/k_extra2.py":9:14)
#loc2 = loc("kernels/k_extra2.py":9:17)
#loc3 = loc("kernels/k_extra2.py":9:21)
#loc4 = loc("kernels/k_extra2.py":9:24)
#loc5 = loc("kernels/k_extra2.py":9:28)
#loc6 = loc("kernels/k_extra2.py":10:13)
#loc7 = loc("kernels/k_extra2.py":10:24)
#loc8 = loc("kernels/k_extra2.py":11:30)
#loc9 = loc("kernels/k_extra2.py":11:8)
#loc10 = loc("kernels/k_extra2.py":12:32)
#loc11 = loc("kernels/k_extra2.py":12:9)
#loc12 = loc("kernels/k_extra2.py":13:26)
#loc13 = loc("kernels/k_extra2.py":13:8)
#loc14 = loc("kernels/k_extra2.py":14:28)
#loc15 = loc("kernels/k_extra2.py":14:9)
#loc16 = loc("kernels/k_extra2.py":15:10)
#loc17 = loc("kernels/k_extra2.py":16:10)
#loc18 = loc("kernels/k_extra2.py":17:4)
#loc19 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 8, name = "mm_scaled", linkageName = "mm_scaled_Kt1_A2f8m3fn_3l0_p16_A2f8m0fnu_3l0_p16_A2f8m3fn_3l0_p16_A2f8m0fnu_3l0_p16_A2f32_3l0_p16_I64_I64_I64", compileUnit = #di_compile_unit, scopeLine = 8>
#loc20 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc27 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc28 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc29 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc30 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc31 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc32 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc33 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
#loc34 = #cuda_tile.di_loc<#loc14 in #di_subprogram>
#loc35 = #cuda_tile.di_loc<#loc15 in #di_subprogram>
#loc36 = #cuda_tile.di_loc<#loc16 in #di_subprogram>
#loc37 = #cuda_tile.di_loc<#loc17 in #di_subprogram>
#loc38 = #cuda_tile.di_loc<#loc18 in #di_subprogram>
