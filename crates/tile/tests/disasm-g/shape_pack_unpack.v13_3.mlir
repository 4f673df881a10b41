entry @pack_unpack_Kt1_A1f16_1l0_p16_A1f16_1l0_p16_I64(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f16>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc9)
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>> loc(#loc10)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f16>> loc(#loc11)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc9)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc9)
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xf16, strides=[?]> loc(#loc9)
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc9)
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc9)
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xf16, strides=[?]> loc(#loc9)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc12)
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xf16, strides=[?]>> loc(#loc13)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(64), tensor_view<?xf16, strides=[?]>>, tile<i32> -> tile<64xf16>, token loc(#loc13)
  %1 = pack %tile : tile<64xf16> -> tile<128xi8> loc(#loc14)
  %2 = unpack %1 : tile<128xi8> -> tile<64xf16> loc(#loc15)
  %pview_6 = make_partition_view %tview_5 : partition_view<tile=(64), tensor_view<?xf16, strides=[?]>> loc(#loc16)
  %3 = store_view_tko weak %2, %pview_6[%blockId_x] token = %0 : tile<64xf16>, partition_view<tile=(64), tensor_view<?xf16, strides=[?]>>, tile<i32> -> token loc(#loc16)
  return loc(#loc8)
} loc(#loc9)
#di_file = #cuda_tile.di_file<"k_shape.py" in "kernels">
#loc = loc("kernels/k_shape.py":57:0)
#loc1 = loc("kernels/k_shape.py":57:16)
#loc2 = loc("kernels/k_shape.py":57:19)
#loc3 = loc("kernels/k_shape.py":58:10)
#loc4 = loc("kernels/k_shape.py":59:8)
#loc5 = loc("kernels/k_shape.py":60:8)
#loc6 = loc("kernels/k_shape.py":61:8)
#loc7 = loc("kernels/k_shape.py":62:4)
#loc8 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 56, name = "pack_unpack", linkageName = "pack_unpack_Kt1_A1f16_1l0_p16_A1f16_1l0_p16_I64", compileUnit = #di_compile_unit, scopeLine = 56>
#loc9 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc10 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc11 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc12 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc13 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
