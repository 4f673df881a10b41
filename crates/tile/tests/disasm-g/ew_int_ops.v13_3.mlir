entry @int_ops_Kt1_A1i32_1l0_p16_A1i32_1l0_p16_A1i32_1l0_p16_I128(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc22)
  %assume = assume div_by<16>, %arg0 : tile<ptr<i32>> loc(#loc23)
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<i32>> loc(#loc24)
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<i32>> loc(#loc25)
  %cst_7_i32 = constant <i32: 7> : tile<128xi32> loc(#loc26)
  %cst_2_i32 = constant <i32: 2> : tile<128xi32> loc(#loc27)
  %cst_1_i32 = constant <i32: 1> : tile<128xi32> loc(#loc28)
  %cst_1_i32_2 = constant <i32: 1> : tile<128xi32> loc(#loc29)
  %cst_1_i32_3 = constant <i32: 1> : tile<128xi32> loc(#loc30)
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc22)
  %assume_5 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc22)
  %tview = make_tensor_view %assume, shape = [%assume_4], strides = [%assume_5] : tile<i32> -> tensor_view<?xi32, strides=[?]> loc(#loc22)
  %assume_6 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc22)
  %assume_7 = assume bounded<0, ?>, %arg5 : tile<i32> loc(#loc22)
  %tview_8 = make_tensor_view %assume_0, shape = [%assume_6], strides = [%assume_7] : tile<i32> -> tensor_view<?xi32, strides=[?]> loc(#loc22)
  %assume_9 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc22)
  %assume_10 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc22)
  %tview_11 = make_tensor_view %assume_1, shape = [%assume_9], strides = [%assume_10] : tile<i32> -> tensor_view<?xi32, strides=[?]> loc(#loc22)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc31)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xi32, strides=[?]>> loc(#loc32)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi32, strides=[?]>>, tile<i32> -> tile<128xi32>, token loc(#loc32)
  %pview_12 = make_partition_view %tview_8 : partition_view<tile=(128), tensor_view<?xi32, strides=[?]>> loc(#loc33)
  %tile_13, %result_token_14 = load_view_tko weak %pview_12[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi32, strides=[?]>>, tile<i32> -> tile<128xi32>, token loc(#loc33)
  %1 = andi %tile, %tile_13 : tile<128xi32> loc(#loc34)
  %2 = xori %tile, %cst_7_i32 : tile<128xi32> loc(#loc26)
  %3 = ori %1, %2 : tile<128xi32> loc(#loc35)
  %4 = shli %tile, %cst_2_i32 : tile<128xi32> loc(#loc27)
  %5 = addi %3, %4 : tile<128xi32> loc(#loc36)
  %6 = shri %tile_13, %cst_1_i32 signed : tile<128xi32> loc(#loc28)
  %7 = subi %5, %6 : tile<128xi32> loc(#loc36)
  %8 = ori %tile_13, %cst_1_i32_2 : tile<128xi32> loc(#loc29)
  %9 = divi %tile, %8 signed rounding<negative_inf> : tile<128xi32> loc(#loc37)
  %10 = addi %7, %9 : tile<128xi32> loc(#loc38)
  %11 = ori %tile_13, %cst_1_i32_3 : tile<128xi32> loc(#loc30)
  %12 = remi %tile, %11 signed : tile<128xi32> loc(#loc39)
  %cst_0_i32 = constant <i32: 0> : tile<128xi32> loc(#loc39)
  %13 = cmpi less_than %12, %cst_0_i32, signed : tile<128xi32> -> tile<128xi1> loc(#loc39)
  %14 = cmpi less_than %11, %cst_0_i32, signed : tile<128xi32> -> tile<128xi1> loc(#loc39)
  %15 = xori %13, %14 : tile<128xi1> loc(#loc39)
  %16 = cmpi not_equal %12, %cst_0_i32, signed : tile<128xi32> -> tile<128xi1> loc(#loc39)
  %17 = andi %15, %16 : tile<128xi1> loc(#loc39)
  %18 = addi %12, %11 : tile<128xi32> loc(#loc39)
  %19 = select %17, %18, %12 : tile<128xi1>, tile<128xi32> loc(#loc39)
  %20 = addi %10, %19 : tile<128xi32> loc(#loc38)
  %21 = mini %tile, %tile_13 signed : tile<128xi32> loc(#loc40)
  %22 = maxi %20, %21 signed : tile<128xi32> loc(#loc41)
  %pview_15 = make_partition_view %tview_11 : partition_view<tile=(128), tensor_view<?xi32, strides=[?]>> loc(#loc42)
  %23 = store_view_tko weak %22, %pview_15[%blockId_x] token = %0 : tile<128xi32>, partition_view<tile=(128), tensor_view<?xi32, strides=[?]>>, tile<i32> -> token loc(#loc42)
  return loc(#loc21)
} loc(#loc22)
#di_file = #cuda_tile.di_file<"k_elementwise.py" in "kernels">
#loc = loc("kernels/k_elementwise.py":52:0)
#loc1 = loc("kernels/k_elementwise.py":52:12)
#loc2 = loc("kernels/k_elementwise.py":52:15)
#loc3 = loc("kernels/k_elementwise.py":52:18)
#loc4 = loc("kernels/k_elementwise.py":56:19)
#loc5 = loc("kernels/k_elementwise.py":57:13)
#loc6 = loc("kernels/k_elementwise.py":57:24)
#loc7 = loc("kernels/k_elementwise.py":58:18)
#loc8 = loc("kernels/k_elementwise.py":58:32)
#loc9 = loc("kernels/k_elementwise.py":53:10)
#loc10 = loc("kernels/k_elementwise.py":54:8)
#loc11 = loc("kernels/k_elementwise.py":55:8)
#loc12 = loc("kernels/k_elementwise.py":56:9)
#loc13 = loc("kernels/k_elementwise.py":56:8)
#loc14 = loc("kernels/k_elementwise.py":57:8)
#loc15 = loc("kernels/k_elementwise.py":58:12)
#loc16 = loc("kernels/k_elementwise.py":58:8)
#loc17 = loc("kernels/k_elementwise.py":58:27)
#loc18 = loc("kernels/k_elementwise.py":59:22)
#loc19 = loc("kernels/k_elementwise.py":59:8)
#loc20 = loc("kernels/k_elementwise.py":60:4)
#loc21 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 51, name = "int_ops", linkageName = "int_ops_Kt1_A1i32_1l0_p16_A1i32_1l0_p16_A1i32_1l0_p16_I128", compileUnit = #di_compile_unit, scopeLine = 51>
#loc22 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc27 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc28 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc29 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc30 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc31 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc32 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc33 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc34 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc35 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
#loc36 = #cuda_tile.di_loc<#loc14 in #di_subprogram>
#loc37 = #cuda_tile.di_loc<#loc15 in #di_subprogram>
#loc38 = #cuda_tile.di_loc<#loc16 in #di_subprogram>
#loc39 = #cuda_tile.di_loc<#loc17 in #di_subprogram>
#loc40 = #cuda_tile.di_loc<#loc18 in #di_subprogram>
#loc41 = #cuda_tile.di_loc<#loc19 in #di_subprogram>
#loc42 = #cuda_tile.di_loc<#loc20 in #di_subprogram>
