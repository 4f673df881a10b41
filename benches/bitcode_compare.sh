#!/usr/bin/env bash
# Bitcode read time and memory of `nvir dis --parse-only` against LLVM's reader
# (`opt-N -disable-output -disable-verify`, which reads and materializes the module and runs no
# pass), the tools taking turns, best wall of RUNS kept.
#   DIR (first argument, default big/ in the checkout): where pg_all.bc (typed, against opt-14),
#   pg_all.opaque.bc (LLVM 19, against opt-19) and libdevice.10.bc (against opt-14) are, as
#   corpus/llvm/make-big.sh builds them; missing ones are skipped.
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
[ "${#cases[@]}" -gt 0 ] || die "no bitcode under $dir (build it with corpus/llvm/make-big.sh)"

source benches/timing.sh

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
