#!/usr/bin/env bash
# Bitcode read time and memory of `nvir dis --parse-only` against LLVM's reader
# (`opt-N -disable-output -disable-verify`, which reads and materializes the module and runs no
# pass), the tools taking turns, best wall of RUNS kept.
#   DIR (first argument, default big/ in the checkout): where pg_all.bc (typed, against opt-14),
#   pg_all.opaque.bc (LLVM 19, against opt-19) and libdevice.10.bc (against opt-14) are, as
#   shared/corpus/llvm/make-big.sh builds them; missing ones are skipped.
#   NVIR (environment): an nvir binary to use instead of building this checkout in release.
#   RUNS (environment, default 3).
#   CHECK=1 (environment): also check that `nvir dis X.bc | llvm-as | llvm-dis` equals
#   `llvm-dis X.bc` (up to the module id, use-list order in `; preds` comments and, for
#   libdevice, the order of intrinsic declarations LLVM's own upgrade adds).
set -euo pipefail
cd "$(dirname "$0")/.."

dir="${1:-big}"
runs="${RUNS:-3}"
die() { echo "bitcode_compare.sh: $*" >&2; exit 1; }
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive number, not '$runs'"
[ -x /usr/bin/time ] || die "/usr/bin/time (GNU time) is needed for peak RSS"

if [ -n "${NVIR:-}" ]; then
  nvir="$NVIR"
else
  cargo build --release --locked --quiet --bin nvir || die "release build of nvir failed"
  nvir="${CARGO_TARGET_DIR:-$PWD/target}/release/nvir"
fi

cases=()
for c in "pg_all.bc 14" "pg_all.opaque.bc 19" "libdevice.10.bc 14"; do
  f="$dir/${c% *}"
  v="${c##* }"
  if [ -f "$f" ] && command -v "opt-$v" >/dev/null; then cases+=("$f $v"); else echo "note: skipping $f"; fi
done
[ "${#cases[@]}" -gt 0 ] || die "no bitcode under $dir (build it with shared/corpus/llvm/make-big.sh)"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
declare -A best_ns max_kib
run_once() {
  local key=$1 t0 t1 ns kib
  shift
  t0=$(date +%s%N)
  /usr/bin/time -f %M -o "$tmp/rss" "$@" >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; die "failed: $*"; }
  t1=$(date +%s%N)
  ns=$((t1 - t0))
  kib=$(tail -n 1 "$tmp/rss")
  if [ -z "${best_ns[$key]:-}" ] || [ "$ns" -lt "${best_ns[$key]}" ]; then best_ns[$key]=$ns; fi
  if [ "$kib" -gt "${max_kib[$key]:-0}" ]; then max_kib[$key]=$kib; fi
}
secs() { awk -v n="${best_ns[$1]}" 'BEGIN { printf "%.3f", n / 1e9 }'; }
mib() { awk -v k="${max_kib[$1]}" 'BEGIN { printf "%.1f", k / 1024 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }'; }

echo "nvir: $nvir; best of $runs wall, the tools taking turns; cores: $(nproc)"
printf '%-20s %7s %-7s %9s %9s %9s %10s %10s\n' module MB opt "nvir s" "opt s" opt/nvir "nvir MiB" "opt MiB"
for c in "${cases[@]}"; do
  f="${c% *}"
  v="${c##* }"
  mb=$(awk -v b="$(stat -L -c %s "$f")" 'BEGIN { printf "%.1f", b / 1e6 }')
  best_ns=() max_kib=()
  for ((i = 0; i < runs; i++)); do
    run_once nvir "$nvir" dis --parse-only "$f"
    run_once opt "opt-$v" -disable-output -disable-verify "$f"
  done
  printf '%-20s %7s %-7s %9s %9s %9s %10s %10s\n' "$(basename "$f")" "$mb" "opt-$v" "$(secs nvir)" "$(secs opt)" \
    "$(ratio "$(secs opt)" "$(secs nvir)")" "$(mib nvir)" "$(mib opt)"
done

if [ "${CHECK:-}" = 1 ]; then
  echo
  for c in "${cases[@]}"; do
    f="${c% *}"
    v="${c##* }"
    norm() { grep -v '^; ModuleID\|^source_filename' | sed 's/ *; preds = .*//'; }
    "$nvir" dis "$f" -o "$tmp/a.ll"
    llvm-as-"$v" "$tmp/a.ll" -o "$tmp/a.bc"
    llvm-dis-"$v" "$tmp/a.bc" -o - | norm >"$tmp/x.ll"
    llvm-dis-"$v" "$f" -o - | norm >"$tmp/y.ll"
    if cmp -s "$tmp/x.ll" "$tmp/y.ll"; then
      echo "round trip $(basename "$f") via llvm-as-$v/llvm-dis-$v: identical"
    elif [ "$(basename "$f")" = libdevice.10.bc ] && cmp -s <(sort "$tmp/x.ll") <(sort "$tmp/y.ll"); then
      echo "round trip $(basename "$f") via llvm-as-$v/llvm-dis-$v: identical up to the order of upgraded intrinsic declarations"
    else
      echo "round trip $(basename "$f") via llvm-as-$v/llvm-dis-$v: DIFFERS ($(diff "$tmp/x.ll" "$tmp/y.ll" | grep -c '^[<>]') lines)"
    fi
  done
fi
