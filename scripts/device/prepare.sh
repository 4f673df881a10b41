#!/usr/bin/env bash
# Builds what scripts/device/check.py runs on a GPU, into target/device/: the kernels nvir's
# builder makes (crates/llvm/examples/device_kernels.rs), verified by nvir for compute_90, made
# bitcode by `nvir as` when it can, and compiled to PTX by libNVVM (compute_90); and the same
# kernels in CUDA C (kernels.cu) compiled by nvcc; ptxas -arch=sm_90 makes both into cubins here.
# Needs the oracle venv (scripts/oracles/setup.sh); no GPU.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=target/device
mkdir -p "$out"
py=$(bash scripts/oracles/setup.sh | tail -n 1)
cargo build -q --release
cargo run -q --release -p nvir-llvm --example device_kernels -- "$out"
target/release/nvir verify "$out/kernels.ll" --arch compute_90
input="$out/kernels.ll"
if target/release/nvir as "$out/kernels.ll" -o "$out/kernels.bc" 2>/dev/null; then
  target/release/nvir verify "$out/kernels.bc" --arch compute_90
  input="$out/kernels.bc"
fi
echo "libNVVM compiles $input"
"$py" - "$input" "$out/nvir_kernels.ptx" <<'PY'
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
bin="$("$py" -c 'import nvidia.cu13, os; print(os.path.join(nvidia.cu13.__path__[0], "bin"))')"
"$bin/nvcc" -ptx -arch=sm_90 scripts/device/kernels.cu -o "$out/nvcc_kernels.ptx"
# The GPU's driver may be older than these tools' PTX version: ptxas makes the cubins it loads.
for who in nvir nvcc; do
  "$bin/ptxas" -arch=sm_90 "$out/${who}_kernels.ptx" -o "$out/${who}_kernels.cubin"
done
cp scripts/device/check.py "$out/"
ls -l "$out"
