#!/usr/bin/env bash
# Verification time of nvir against libNVVM and LLVM's verifier on one valid NVVM module, in one run.
#   SIZE (first argument, default 50): megabytes of module to generate with benches/gen_nvvm.py
#   (every kernel annotated), or MODULE (environment): a module to use instead.
#   NVIR, RUNS (environment): an nvir binary instead of a release build; runs per tool (default 3).
# nvir is timed as a whole process (`nvir verify --arch A`: read, parse, verify); libNVVM as its
# in-process nvvmVerifyProgram call (benches/libnvvm_time.py, with the oracle venv from
# scripts/oracles/setup.sh); opt-14 as `opt-14 -verify -disable-output` on the same text.
set -euo pipefail
cd "$(dirname "$0")/.."
size="${1:-50}"
runs="${RUNS:-3}"
py=".venv-oracles/bin/python"
die() { echo "verify_compare.sh: $*" >&2; exit 1; }
[ -x "$py" ] || die "no oracle venv: run scripts/oracles/setup.sh"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
module="${MODULE:-$tmp/nvvm_${size}mb.ll}"
[ -n "${MODULE:-}" ] || python3 benches/gen_nvvm.py "$size" "$module"
if [ -n "${NVIR:-}" ]; then nvir="$NVIR"; else
  cargo build --release --locked --quiet --bin nvir || die "release build failed"
  nvir="$PWD/target/release/nvir"
fi
best() { # best wall seconds of RUNS runs of CMD...
  local b="" t0 t1 i
  for ((i = 0; i < runs; i++)); do
    t0=$(date +%s%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s%N)
    [ -z "$b" ] || [ $((t1 - t0)) -lt "$b" ] && b=$((t1 - t0))
  done
  awk -v n="$b" 'BEGIN { printf "%.3f", n / 1e9 }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1fx", a / b }'; }
mb=$(awk -v b="$(stat -L -c %s "$module")" 'BEGIN { printf "%.1f", b / 1e6 }')
echo "module: $module ($mb MB); best of $runs"
"$nvir" verify "$module" --arch compute_100 || die "nvir does not accept the module at compute_100"
for arch in compute_100 compute_90; do
  n=$(best "$nvir" verify "$module" --arch "$arch")
  read -r l rc < <("$py" benches/libnvvm_time.py "$module" "$arch" "$runs")
  printf '%-12s nvir %7ss   libNVVM call %7ss (result %s)   libNVVM/nvir %s\n' "$arch" "$n" "$l" "$rc" "$(ratio "$l" "$n")"
done
if command -v opt-14 >/dev/null; then
  o=$(best opt-14 -verify -disable-output "$module")
  n=$(best "$nvir" verify "$module" --arch compute_100)
  printf '%-12s nvir %7ss   opt-14 -verify %7ss   opt/nvir %s\n' "" "$n" "$o" "$(ratio "$o" "$n")"
fi
