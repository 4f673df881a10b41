#!/usr/bin/env bash
# Verification time of nvir against libNVVM and LLVM's verifier on one valid NVVM module, in one run.
#   SIZE (first argument, default 50): megabytes of module to generate with benches/gen_nvvm.py
#   (every kernel annotated), or MODULE (environment): a module to use instead.
#   NVIR, RUNS (environment): an nvir binary instead of a release build; runs per tool (default 5).
#   ARCHS (environment, default "compute_100 compute_90"): the archs to time.
# nvir is timed as a whole process (`nvir verify --arch A`: read, parse, verify); libNVVM as its
# in-process nvvmVerifyProgram call (benches/libnvvm_time.py, with the oracle venv from
# scripts/oracles/setup.sh); opt-14 as `opt-14 -verify -disable-output` on the same text. The
# median and the best (least) of the runs are reported, with nvir's CPU time (user + system, all
# threads: it reads and checks on several) and the machine's load, which moves wall times.
set -euo pipefail
cd "$(dirname "$0")/.."
size="${1:-50}"
runs="${RUNS:-5}"
py=".venv-oracles/bin/python"
die() { echo "verify_compare.sh: $*" >&2; exit 1; }
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive number, not '$runs'"
[ -x "$py" ] || die "no oracle venv: run scripts/oracles/setup.sh"
[ -x /usr/bin/time ] || die "/usr/bin/time (GNU time) is needed"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
module="${MODULE:-$tmp/nvvm_${size}mb.ll}"
[ -n "${MODULE:-}" ] || python3 benches/gen_nvvm.py "$size" "$module"
if [ -n "${NVIR:-}" ]; then nvir="$NVIR"; else
  cargo build --release --locked --quiet --bin nvir || die "release build failed"
  nvir="${CARGO_TARGET_DIR:-$PWD/target}/release/nvir"
fi
# times KEY CMD...: runs CMD RUNS times; wall seconds to $tmp/KEY, CPU seconds to $tmp/KEY.cpu.
times() {
  local key=$1 i
  shift
  rm -f "$tmp/$key" "$tmp/$key.cpu"
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$@" >/dev/null 2>&1 || true
    awk '{ print $1 }' "$tmp/time" >>"$tmp/$key"
    awk '{ print $2 + $3 }' "$tmp/time" >>"$tmp/$key.cpu"
  done
}
median() { sort -n "$tmp/$1" | awk '{ a[NR] = $1 } END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.3f", m }'; }
best() { sort -n "$tmp/$1" | head -1 | awk '{ printf "%.3f", $1 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1fx", a / b }'; }
load() { cut -d' ' -f1-3 /proc/loadavg; }
mb=$(awk -v b="$(stat -L -c %s "$module")" 'BEGIN { printf "%.1f", b / 1e6 }')
echo "module: $module ($mb MB); $runs runs each; cores: $(nproc); load before: $(load)"
"$nvir" verify "$module" --arch compute_100 >/dev/null 2>&1 || die "nvir does not accept the module at compute_100"
for arch in ${ARCHS:-compute_100 compute_90}; do
  times nvir "$nvir" verify "$module" --arch "$arch"
  read -r lb rc lm lc < <("$py" benches/libnvvm_time.py "$module" "$arch" "$runs")
  nm=$(median nvir) nb=$(best nvir) nc=$(median nvir.cpu)
  printf '%-12s median: nvir %6ss (cpu %6ss)  libNVVM call %6ss (cpu %6ss)  libNVVM/nvir %s (cpu %s)\n' "$arch" \
    "$nm" "$nc" "$lm" "$lc" "$(ratio "$lm" "$nm")" "$(ratio "$lc" "$nc")"
  printf '%-12s best:   nvir %6ss                libNVVM call %6ss  libNVVM/nvir %s   (libNVVM result %s)\n' "" "$nb" "$lb" "$(ratio "$lb" "$nb")" "$rc"
done
if command -v opt-14 >/dev/null && [ -z "${ARCHS:-}" ]; then
  times opt opt-14 -verify -disable-output "$module"
  times nvir "$nvir" verify "$module" --arch compute_100
  printf '%-12s median: nvir %6ss   opt-14 -verify %6ss   opt/nvir %s\n' "" "$(median nvir)" "$(median opt)" "$(ratio "$(median opt)" "$(median nvir)")"
fi
echo "load after: $(load)"
