#!/usr/bin/env bash
# Parse-only time and memory of nvir against LLVM's own reader, measured in one run.
#   BIG (first argument, default big/pg_all.ll in the checkout): a large typed-pointer module, as
#   corpus/llvm/make-big.sh builds it. Beside it, when present, the script also takes
#   BIG's opaque-pointer twin (pg_all.opaque.ll, against opt-19) and libdevice
#   (libdevice.10.ll14.ll against opt-14, libdevice.10.ll19.ll against opt-19).
#   NVIR (environment): an nvir binary to use instead of building this checkout in release.
#   RUNS (environment, default 3): runs per tool and module; the best wall time is kept.
# nvir runs `nvir print --parse-only`, which reads large modules on all cores, and again with
# `--threads 1` (the one-core figure); LLVM runs `opt-N -disable-output -disable-verify`, which
# reads the module on one core and runs no pass. Peak RSS is `/usr/bin/time -f %M`, the largest
# over the runs.
set -euo pipefail
cd "$(dirname "$0")/.."

big="${1:-big/pg_all.ll}"
runs="${RUNS:-3}"
dir="$(dirname "$big")"

die() { echo "compare.sh: $*" >&2; exit 1; }
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive number, not '$runs'"
[ -f "$big" ] || die "no module at $big (build it with corpus/llvm/make-big.sh)"
command -v opt-14 >/dev/null || die "opt-14 not found (apt-get install llvm-14)"

if [ -n "${NVIR:-}" ]; then
  [ -x "$NVIR" ] || die "NVIR=$NVIR is not executable"
  nvir="$NVIR"
  built="given by NVIR"
else
  cargo build --release --locked --quiet --bin nvir || die "release build of nvir failed"
  nvir="$PWD/target/release/nvir"
  built="release build of $(git rev-parse --short HEAD 2>/dev/null || echo 'this tree')"
  if git rev-parse --git-dir >/dev/null 2>&1 && ! git diff --quiet HEAD -- Cargo.toml Cargo.lock crates src; then
    built+=" with uncommitted changes"
  fi
fi

# The modules to compare on, each with the opt that reads its dialect.
cases=("$big opt-14")
have_opt19=$(command -v opt-19 >/dev/null && echo 1 || true)
opaque="${big%.ll}.opaque.ll"
if [ -f "$opaque" ]; then
  if [ -n "$have_opt19" ]; then cases+=("$opaque opt-19"); else echo "note: opt-19 not found; skipping $opaque"; fi
fi
for ld in "$dir/libdevice.10.ll14.ll opt-14" "$dir/libdevice.10.ll19.ll opt-19"; do
  f="${ld% *}"
  if [ -f "$f" ] && [ "$f" != "$big" ] && { [ "${ld##* }" = opt-14 ] || [ -n "$have_opt19" ]; }; then cases+=("$ld"); fi
done

source benches/timing.sh

echo "nvir:   $nvir ($built)"
for o in opt-14 opt-19; do
  if command -v "$o" >/dev/null; then echo "$o: $("$o" --version | sed -n 's/.*LLVM version /LLVM /p' | head -n 1)"; fi
done
echo "best of $runs wall, the tools taking turns; peak RSS is the largest of the runs"
echo
echo "cores: $(nproc) (nvir s: all of them; 1-core s: --threads 1)"
printf '%-24s %8s %-7s %9s %9s %9s %9s %9s %10s %10s %9s\n' \
  module MB opt "nvir s" "opt s" opt/nvir "1-core s" opt/1-core "nvir MiB" "opt MiB" opt/nvir
for c in "${cases[@]}"; do
  f="${c% *}"
  opt="${c##* }"
  mb=$(awk -v b="$(stat -L -c %s "$f")" 'BEGIN { printf "%.1f", b / 1e6 }')
  # The three take turns, so a busy spell on the machine hits them alike.
  best_ns=() max_kib=()
  for ((i = 0; i < runs; i++)); do
    run_once nvir "$nvir" print --parse-only "$f"
    run_once one "$nvir" print --parse-only --threads 1 "$f"
    run_once opt "$opt" -disable-output -disable-verify "$f"
  done
  nvir_s=$(secs nvir) one_s=$(secs one) opt_s=$(secs opt) nvir_rss=$(mib nvir) opt_rss=$(mib opt)
  printf '%-24s %8s %-7s %9s %9s %9s %9s %9s %10s %10s %9s\n' "$(basename "$f")" "$mb" "$opt" \
    "$nvir_s" "$opt_s" "$(ratio "$opt_s" "$nvir_s")" "$one_s" "$(ratio "$opt_s" "$one_s")" \
    "$nvir_rss" "$opt_rss" "$(ratio "$opt_rss" "$nvir_rss")"
done
