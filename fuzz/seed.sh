#!/usr/bin/env bash
# Seeds fuzz/corpus/run from the corpus. The first byte of a seed picks the fuzzer (see
# fuzz_targets/run.rs): every container (.ltoir, .optixir) goes in behind 0 (round trip), every
# .ll behind 2 (lexer), 3 (parser), 4 (print/parse round trip) and 5 (verifier). Seeds are named by their
# SHA-1, as libFuzzer names what it adds, so running this again adds nothing twice.
#   CORPUS (first argument, default corpus/ in the repository): where the inputs are.
#   OUT (second argument, default fuzz/corpus/run): where the seeds go.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
corpus="${1:-$here/../corpus}"
out="${2:-$here/corpus/run}"
[ -d "$corpus" ] || { echo "seed.sh: no corpus at $corpus" >&2; exit 1; }
mkdir -p "$out"

added=0
seed() { # seed SELECTOR FILE
  local tmp name
  tmp="$(mktemp "$out/.seed.XXXXXX")"
  { printf "\\x$1"; cat "$2"; } >"$tmp"
  name="$(sha1sum "$tmp" | cut -d' ' -f1)"
  if [ -e "$out/$name" ]; then rm -f "$tmp"; else mv "$tmp" "$out/$name"; added=$((added + 1)); fi
}

while IFS= read -r -d '' f; do
  seed 00 "$f"
done < <(find "$corpus" -type f \( -name '*.ltoir' -o -name '*.optixir' \) -print0 | sort -z)
while IFS= read -r -d '' f; do
  for sel in 02 03 04 05; do seed "$sel" "$f"; done
done < <(find "$corpus" -type f -name '*.ll' -print0 | sort -z)

echo "seed.sh: $added new seeds in $out ($(find "$out" -maxdepth 1 -type f | wc -l) in all)"
