entry @k(%arg0: tile<i32>) {
  %0 = addi %arg0, %nope : tile<i32>
  return
}
