#!/usr/bin/env bash
# A smoke run of every fuzz target, for CI: builds them with libFuzzer's coverage instrumentation
# on the stable toolchain (the flags cargo-fuzz passes, less AddressSanitizer, which needs a
# nightly compiler), seeds each from the repository's corpus and committed regression inputs, and
# runs a fixed number of executions with a memory and time budget per input.
#
#   RUNS (default 3000): executions per target.
#
# Leak detection is off (-detect_leaks=0): it needs LeakSanitizer, which comes with the sanitizers
# this stable build leaves out, and where it runs (cargo +nightly fuzz) it reports false leaks: the
# readers' threads exit just after a read, and it counts their thread-locals as leaked. Memory is
# bounded instead by -rss_limit_mb and -malloc_limit_mb per input, time by -timeout.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-3000}"
target="$(rustc -vV | sed -n 's/^host: //p')"
export RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares -Cdebug-assertions -Coverflow-checks"
# An explicit --target keeps these flags off build scripts and proc macros.
cargo build --release --locked --manifest-path fuzz/Cargo.toml --target "$target" --target-dir target/fuzz --bins
bin="target/fuzz/$target/release"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/run" "$work/bitcode" "$work/tile" "$work/built"
bash fuzz/seed.sh corpus "$work/run" >/dev/null
find corpus -name '*.bc' -exec cp {} "$work/bitcode/" \;
find corpus/tileir -name '*.tileirbc' -exec cp {} "$work/tile/" \; 2>/dev/null || true
for t in run bitcode tile; do
  [ -d "fuzz/regressions/$t" ] && cp fuzz/regressions/"$t"/* "$work/$t/" 2>/dev/null || true
done

status=0
for t in run bitcode tile built; do
  echo "== fuzz $t: $runs runs"
  if ! "$bin/$t" "$work/$t" -runs="$runs" -seed=1 -max_len=65536 -timeout=20 -rss_limit_mb=2048 \
      -malloc_limit_mb=2048 -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$work/" 2>"$work/$t.log"; then
    tail -n 40 "$work/$t.log"
    status=1
  else
    grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|Done )' "$work/$t.log" || tail -n 3 "$work/$t.log"
  fi
done
exit "$status"
