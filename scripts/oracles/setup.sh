#!/usr/bin/env bash
# Create or refresh <repo>/.venv-oracles with the NVIDIA wheels pinned in requirements.txt.
# Idempotent: the venv is rebuilt only when missing or when requirements.txt changed.
# pip's output goes to stderr; the last line of stdout is the venv's python.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
venv="$repo/.venv-oracles"
req="$here/requirements.txt"
stamp="$venv/.requirements.sha256"
python="${PYTHON:-python3}"

want="$(sha256sum "$req" | cut -d' ' -f1)"
if [[ ! -x "$venv/bin/python" || ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
  rm -rf "$venv"
  if "$python" -m venv "$venv" >&2; then
    "$venv/bin/python" -m pip install --disable-pip-version-check -q -r "$req" >&2
  else
    # Debian-style pythons lack ensurepip without python3-venv: make the venv without pip
    # and install into it with the host's pip (pip >= 22.3 has --python).
    rm -rf "$venv"
    "$python" -m venv --without-pip "$venv" >&2
    "$python" -m pip --python "$venv/bin/python" install --disable-pip-version-check -q -r "$req" >&2
  fi
  # Written last, so an interrupted install is redone on the next run.
  echo "$want" > "$stamp"
fi
echo "$venv/bin/python"
