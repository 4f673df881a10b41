#!/usr/bin/env bash
# Builds what scripts/device/check.py runs on a GPU, into target/device/ (no GPU needed):
#  - builder_kernels.cubin: the kernels nvir's builder makes (crates/llvm/examples/device_kernels.rs),
#    verified by nvir for compute_90, written as LLVM 7 bitcode by `nvir as`, compiled to PTX by
#    libNVVM (compute_90);
#  - clang_O2_kernels.cubin, clang_O0_kernels.cubin: kernels.cu compiled by clang 19 to opaque-pointer
#    NVVM IR, made LLVM 7 bitcode by `nvir convert --arch compute_90`, verified by nvir with both
#    verdicts, compiled to PTX by libNVVM (compute_90);
#  - nvcc_kernels.cubin: kernels.cu compiled by nvcc, the reference;
#  - lto_nvir.cubin: lto_kernel.cu compiled by clang 19, wrapped by `nvir container wrap --arch sm_90`
#    and linked by nvJitLink (-lto) with lto_helper.cu as nvcc's LTO-IR, which defines the device
#    function the kernel calls; lto_nvcc.cubin: both files as nvcc's LTO-IR, linked the same way.
# ptxas -arch=sm_90 makes every PTX a cubin here: the GPU's driver may predate the tools' PTX version.
# Needs the oracle venv (scripts/oracles/setup.sh) and clang 19 (CLANG=... to name another).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=target/device
src=scripts/device
mkdir -p "$out"
py=$(bash scripts/oracles/setup.sh | tail -n 1)
clang=${CLANG:-clang-19}
cargo build -q --release
nvir=${CARGO_TARGET_DIR:-target}/release/nvir
bin="$("$py" -c 'import nvidia.cu13, os; print(os.path.join(nvidia.cu13.__path__[0], "bin"))')"

# libNVVM (compute_90) compiles a module to PTX.
nvvm_ptx() {
  "$py" - "$1" "$2" <<'PY'
import sys
sys.path.insert(0, "scripts/oracles")
import nvtools
src = open(sys.argv[1], "rb").read()
with nvtools.Worker() as w:
    rep = w.nvvm([("kernels", src)], ["-arch=compute_90"])
if not rep["ok"]:
    sys.exit(f"libNVVM: {rep}")
open(sys.argv[2], "wb").write(rep["output"].rstrip(b"\0"))
PY
}

# The builder's kernels.
cargo run -q --release -p nvir-llvm --example device_kernels -- "$out"
"$nvir" verify "$out/kernels.ll" --arch compute_90
"$nvir" as "$out/kernels.ll" -o "$out/builder_kernels.bc"
"$nvir" verify "$out/builder_kernels.bc" --arch compute_90
nvvm_ptx "$out/builder_kernels.bc" "$out/builder_kernels.ptx"

# clang 19's kernels, converted for compute_90.
device_ir=("$clang" -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudainc -nocudalib
  -Xclang -target-feature -Xclang +ptx80 -S -emit-llvm)
for opt in O2 O0; do
  "${device_ir[@]}" "-$opt" "$src/kernels.cu" -o "$out/clang_$opt.ll"
  "$nvir" convert "$out/clang_$opt.ll" --arch compute_90 -o "$out/clang_$opt.bc" 2>"$out/clang_$opt.notes"
  "$nvir" verify "$out/clang_$opt.bc" --arch compute_90
  nvvm_ptx "$out/clang_$opt.bc" "$out/clang_${opt}_kernels.ptx"
done

# nvcc's reference.
"$bin/nvcc" -ptx -arch=sm_90 "$src/kernels.cu" -o "$out/nvcc_kernels.ptx"
for who in builder clang_O2 clang_O0 nvcc; do
  "$bin/ptxas" -arch=sm_90 "$out/${who}_kernels.ptx" -o "$out/${who}_kernels.cubin"
done

# Link-time optimization across producers: clang's kernel, wrapped by nvir, with nvcc's helper.
"${device_ir[@]}" -O2 "$src/lto_kernel.cu" -o "$out/lto_kernel.ll"
"$nvir" container wrap "$out/lto_kernel.ll" --arch sm_90 -o "$out/lto_kernel.nvir.ltoir" 2>"$out/lto_kernel.notes"
for f in lto_kernel lto_helper; do
  "$bin/nvcc" -ltoir -dlto -arch=sm_90 "$src/$f.cu" -o "$out/$f.nvcc.ltoir"
done
"$py" - "$out" <<'PY'
import pathlib, sys
sys.path.insert(0, "scripts/oracles")
import nvtools
out = pathlib.Path(sys.argv[1])
with nvtools.Worker() as w:
    for who in ("nvir", "nvcc"):
        inputs = [(p.name, p.read_bytes(), "LTOIR")
                  for p in (out / f"lto_kernel.{who}.ltoir", out / "lto_helper.nvcc.ltoir")]
        rep = w.link(inputs, ["-arch=sm_90", "-lto"])
        if not rep["ok"]:
            sys.exit(f"nvJitLink ({who}): {rep}")
        (out / f"lto_{who}.cubin").write_bytes(rep["cubin"])
PY
cp "$src/check.py" "$out/"
ls -l "$out"/*.cubin
