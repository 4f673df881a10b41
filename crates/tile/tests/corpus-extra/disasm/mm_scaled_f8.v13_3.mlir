entry @mm_scaled_Kt1_A2f8m3fn_3l0_p16_A2f8m0fnu_3l0_p16_A2f8m3fn_3l0_p16_A2f8m0fnu_3l0_p16_A2f32_3l0_p16_I64_I64_I64(%arg0: tile<ptr<f8E4M3FN>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f8E8M0FNU>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f8E4M3FN>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<ptr<f8E8M0FNU>>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>, %arg20: tile<ptr<f32>>, %arg21: tile<i32>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f8E4M3FN>>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f8E8M0FNU>>
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f8E4M3FN>>
  %assume_2 = assume div_by<16>, %arg15 : tile<ptr<f8E8M0FNU>>
  %assume_3 = assume div_by<16>, %arg20 : tile<ptr<f32>>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_4, %assume_5], strides = [%assume_6, %assume_7] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,?]>
  %assume_8 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg8 : tile<i32>
  %assume_11 = assume bounded<0, ?>, %arg9 : tile<i32>
  %tview_12 = make_tensor_view %assume_0, shape = [%assume_8, %assume_9], strides = [%assume_10, %assume_11] : tile<i32> -> tensor_view<?x?xf8E8M0FNU, strides=[?,?]>
  %assume_13 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_14 = assume bounded<0, ?>, %arg12 : tile<i32>
  %assume_15 = assume bounded<0, ?>, %arg13 : tile<i32>
  %assume_16 = assume bounded<0, ?>, %arg14 : tile<i32>
  %tview_17 = make_tensor_view %assume_1, shape = [%assume_13, %assume_14], strides = [%assume_15, %assume_16] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,?]>
  %assume_18 = assume bounded<0, ?>, %arg16 : tile<i32>
  %assume_19 = assume bounded<0, ?>, %arg17 : tile<i32>
  %assume_20 = assume bounded<0, ?>, %arg18 : tile<i32>
  %assume_21 = assume bounded<0, ?>, %arg19 : tile<i32>
  %tview_22 = make_tensor_view %assume_2, shape = [%assume_18, %assume_19], strides = [%assume_20, %assume_21] : tile<i32> -> tensor_view<?x?xf8E8M0FNU, strides=[?,?]>
  %assume_23 = assume bounded<0, ?>, %arg21 : tile<i32>
  %assume_24 = assume bounded<0, ?>, %arg22 : tile<i32>
  %assume_25 = assume bounded<0, ?>, %arg23 : tile<i32>
  %assume_26 = assume bounded<0, ?>, %arg24 : tile<i32>
  %tview_27 = make_tensor_view %assume_3, shape = [%assume_23, %assume_24], strides = [%assume_25, %assume_26] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %blockId_x_28, %blockId_y_29, %blockId_z_30 = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(64x64), tensor_view<?x?xf8E4M3FN, strides=[?,?]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(64x64), tensor_view<?x?xf8E4M3FN, strides=[?,?]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
  %cst_0_i32_31 = constant <i32: 0> : tile<i32>
  %pview_32 = make_partition_view %tview_12 : partition_view<tile=(64x2), tensor_view<?x?xf8E8M0FNU, strides=[?,?]>>
  %tile_33, %result_token_34 = load_view_tko weak %pview_32[%blockId_x, %cst_0_i32_31] token = %0 : partition_view<tile=(64x2), tensor_view<?x?xf8E8M0FNU, strides=[?,?]>>, tile<i32> -> tile<64x2xf8E8M0FNU>, token
  %cst_0_i32_35 = constant <i32: 0> : tile<i32>
  %pview_36 = make_partition_view %tview_17 : partition_view<tile=(64x64), tensor_view<?x?xf8E4M3FN, strides=[?,?]>>
  %tile_37, %result_token_38 = load_view_tko weak %pview_36[%cst_0_i32_35, %blockId_y_29] token = %0 : partition_view<tile=(64x64), tensor_view<?x?xf8E4M3FN, strides=[?,?]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
  %cst_0_i32_39 = constant <i32: 0> : tile<i32>
  %pview_40 = make_partition_view %tview_22 : partition_view<tile=(2x64), tensor_view<?x?xf8E8M0FNU, strides=[?,?]>>
  %tile_41, %result_token_42 = load_view_tko weak %pview_40[%cst_0_i32_39, %blockId_y_29] token = %0 : partition_view<tile=(2x64), tensor_view<?x?xf8E8M0FNU, strides=[?,?]>>, tile<i32> -> tile<2x64xf8E8M0FNU>, token
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<64x64xf32>
  %1 = mmaf_scaled %tile, %tile_37, %cst_0_f32, %tile_33, %tile_41 : tile<64x64xf8E4M3FN>, tile<64x64xf8E4M3FN>, tile<64x64xf32>, tile<64x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU>
  %pview_43 = make_partition_view %tview_27 : partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,?]>>
  %2 = store_view_tko weak %1, %pview_43[%blockId_x, %blockId_y_29] token = %0 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
  return
}
