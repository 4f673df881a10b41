entry @bf16_roundtrip_Kt1_A1bf16_1l0_p16_A1bf16_1l0_p16_I128(%arg0: tile<ptr<bf16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<bf16>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc13)
  %assume = assume div_by<16>, %arg0 : tile<ptr<bf16>> loc(#loc14)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<bf16>> loc(#loc15)
  %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc13)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc13)
  %tview = make_tensor_view %assume, shape = [%assume_1], strides = [%assume_2] : tile<i32> -> tensor_view<?xbf16, strides=[?]> loc(#loc13)
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc13)
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc13)
  %tview_5 = make_tensor_view %assume_0, shape = [%assume_3], strides = [%assume_4] : tile<i32> -> tensor_view<?xbf16, strides=[?]> loc(#loc13)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc16)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xbf16, strides=[?]>> loc(#loc17)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xbf16, strides=[?]>>, tile<i32> -> tile<128xbf16>, token loc(#loc17)
  %1 = ftof %tile  : tile<128xbf16> -> tile<128xf32> loc(#loc18)
  %cst_1_f32 = constant <f32: 1.000000e+00> : tile<f32> loc(#loc19)
  %reshape = reshape %cst_1_f32 : tile<f32> -> tile<1xf32> loc(#loc20)
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32> loc(#loc20)
  %2 = fma %1, %1, %bcast  : tile<128xf32> loc(#loc20)
  %3 = rsqrt %2 : tile<128xf32> loc(#loc21)
  %cst_f32 = constant <f32: 5.000000e-01> : tile<f32> loc(#loc22)
  %reshape_6 = reshape %cst_f32 : tile<f32> -> tile<1xf32> loc(#loc21)
  %bcast_7 = broadcast %reshape_6 : tile<1xf32> -> tile<128xf32> loc(#loc21)
  %4 = mulf %3, %bcast_7  : tile<128xf32> loc(#loc21)
  %5 = ftof %4  : tile<128xf32> -> tile<128xbf16> loc(#loc23)
  %pview_8 = make_partition_view %tview_5 : partition_view<tile=(128), tensor_view<?xbf16, strides=[?]>> loc(#loc24)
  %6 = store_view_tko weak %5, %pview_8[%blockId_x] token = %0 : tile<128xbf16>, partition_view<tile=(128), tensor_view<?xbf16, strides=[?]>>, tile<i32> -> token loc(#loc24)
  return loc(#loc12)
} loc(#loc13)
#di_file = #cuda_tile.di_file<"k_elementwise.py" in "kernels">
#loc = loc("kernels/k_elementwise.py":27:0)
#loc1 = loc("kernels/k_elementwise.py":27:19)
#loc2 = loc("kernels/k_elementwise.py":27:22)
#loc3 = loc("kernels/k_elementwise.py":28:10)
#loc4 = loc("kernels/k_elementwise.py":29:18)
#loc5 = loc("kernels/k_elementwise.py":29:8)
#loc6 = loc("kernels/k_elementwise.py":30:25)
#loc7 = loc("kernels/k_elementwise.py":30:17)
#loc8 = loc("kernels/k_elementwise.py":30:8)
#loc9 = loc("kernels/k_elementwise.py":30:32)
#loc10 = loc("kernels/k_elementwise.py":31:37)
#loc11 = loc("kernels/k_elementwise.py":31:4)
#loc12 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 26, name = "bf16_roundtrip", linkageName = "bf16_roundtrip_Kt1_A1bf16_1l0_p16_A1bf16_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 26>
#loc13 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
