#!/usr/bin/env bash
# Bitcode write time of `nvir as` against `llvm-as` on the large modules, in one go: the tools
# take turns, RUNS runs each, and the median and the best (least) wall of each are reported
# with their ratios.
#   DIR (first argument, default big/ in the checkout): where pg_all.ll (typed: `nvir as` in LLVM
#   7's layout against llvm-as-14) and pg_all.opaque.ll (`nvir as --dialect modern` against
#   llvm-as-19) are, as corpus/llvm/make-big.sh builds them; missing ones are skipped.
#   NVIR (environment): an nvir binary to use instead of building this checkout in release.
#   RUNS (environment, default 5).
#   ONLY (environment): llvm7 or modern to time only that module.
# Both tools read the text, check it and write bitcode; llvm-as runs its verifier (as it does by
# default), nvir its validator.
set -euo pipefail
cd "$(dirname "$0")/.."

dir="${1:-big}"
runs="${RUNS:-5}"
die() { echo "as_compare.sh: $*" >&2; exit 1; }
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive number, not '$runs'"

if [ -n "${NVIR:-}" ]; then
  nvir="$NVIR"
else
  cargo build --release --locked --quiet --bin nvir || die "release build of nvir failed"
  nvir="${CARGO_TARGET_DIR:-$PWD/target}/release/nvir"
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

[ -x /usr/bin/time ] || die "/usr/bin/time (GNU time) is needed"
# wall KEY CMD...: runs CMD once; appends its wall time to $tmp/KEY and its CPU time (user +
# system, all threads) to $tmp/KEY.cpu, in seconds.
wall() {
  local key=$1
  shift
  /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; die "failed: $*"; }
  awk '{ print $1 }' "$tmp/time" >>"$tmp/$key"
  awk '{ print $2 + $3 }' "$tmp/time" >>"$tmp/$key.cpu"
}
median() { sort -n "$tmp/$1" | awk '{ a[NR] = $1 } END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.2f", m }'; }
best() { sort -n "$tmp/$1" | head -1 | awk '{ printf "%.2f", $1 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }

echo "nvir: $nvir; $runs runs each, the tools taking turns; cores: $(nproc), load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "(wall: elapsed seconds; cpu: user + system seconds of all threads; nvir reads large text on several threads)"
printf '%-18s %6s %-11s %-6s %7s %7s %7s %8s %8s %8s\n' module MB llvm-as "" "nvir" "llvm-as" "wall" "nvir" "llvm-as" "cpu"
printf '%-18s %6s %-11s %-6s %7s %7s %7s %8s %8s %8s\n' "" "" "" "" "wall s" "wall s" "ratio" "cpu s" "cpu s" "ratio"
for c in "pg_all.ll 14 llvm7" "pg_all.opaque.ll 19 modern"; do
  read -r name v dialect <<<"$c"
  if [ -n "${ONLY:-}" ] && [ "$ONLY" != "$dialect" ]; then continue; fi
  f="$dir/$name"
  if [ ! -f "$f" ] || ! command -v "llvm-as-$v" >/dev/null; then echo "note: skipping $f"; continue; fi
  rm -f "$tmp/nvir" "$tmp/llvm" "$tmp/nvir.cpu" "$tmp/llvm.cpu"
  for ((i = 0; i < runs; i++)); do
    wall nvir "$nvir" as --dialect "$dialect" "$f" -o "$tmp/nvir.bc"
    wall llvm "llvm-as-$v" "$f" -o "$tmp/llvm.bc"
  done
  mb=$(awk -v b="$(stat -L -c %s "$f")" 'BEGIN { printf "%.1f", b / 1e6 }')
  for stat in median best; do
    n=$($stat nvir) l=$($stat llvm) nc=$($stat nvir.cpu) lc=$($stat llvm.cpu)
    printf '%-18s %6s %-11s %-6s %7s %7s %7s %8s %8s %8s\n' "$name" "$mb" "llvm-as-$v" "$stat" "$n" "$l" \
      "$(ratio "$l" "$n")" "$nc" "$lc" "$(ratio "$lc" "$nc")"
  done
done
