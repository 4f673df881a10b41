#!/usr/bin/env bash
# Copies the chosen inputs from a directory made by
#   python scripts/oracles/fatbin_diff.py --nvir target/debug/nvir --keep DIR
# and records cuobjdump's answers beside them: FILE.cuobjdump (`cuobjdump -all FILE`, the
# directory prefix of archive member lines removed) and FILE.extract (`sha256  name` of every file
# `cuobjdump -all -xelf all` and `-xptx all` write; for LTO-IR, of what `nvcc -ltoir` writes).
set -euo pipefail
src=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
cu13=$(cd "$here/../.." && .venv-oracles/bin/python scripts/oracles/nvtools.py cu13)
export PATH="$cu13/bin:$PATH"
files="dlto_sm90.o dlto_sm90_nocomp.o dlto_sm90_speed.o whole_g90.o sm90a.fatbin sm100f.fatbin mode_size.fatbin
       debug.fatbin concat_mix.fatbin concat_debug.fatbin ldr_ab.o ar_ab.a host.o"
for f in $files; do
  cp "$src/$f" "$here/$f"
  (cd "$here" && cuobjdump -all "$f" 2>&1 | sed "s#$here/##g" > "$f.cuobjdump" || true)
  tmp=$(mktemp -d)
  (cd "$tmp" && cuobjdump -all -xelf all "$here/$f" >/dev/null 2>&1 || true
   cuobjdump -all -xptx all "$here/$f" >/dev/null 2>&1 || true
   for x in *; do if [ -f "$x" ]; then sha256sum "$x"; fi; done) | sort -k2 > "$here/$f.extract"
  rm -rf "$tmp"
done
# The LTO-IR nvcc -ltoir writes for two.cu, sm_90: what dlto_sm90_nocomp.o's LTO-IR entry must extract to.
echo "$(sha256sum < "$src/twin_sm_90_two.cu.ltoir" | cut -d' ' -f1)  dlto_sm90_nocomp.1.sm_90.ltoir" \
  >> "$here/dlto_sm90_nocomp.o.extract"
cuobjdump --version | tail -2 > "$here/VERSION"
