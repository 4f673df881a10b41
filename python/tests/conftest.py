"""Shared fixtures: the repository, the `nvir` CLI binary and the libNVVM oracle.

NVIR_BIN names the CLI to compare with (default: a release build under $CARGO_TARGET_DIR or
target/, built with cargo when missing). NVIR_ORACLE_PYTHON names the interpreter of
`.venv-oracles` (scripts/oracles/setup.sh), which holds libNVVM; without it the oracle tests
skip, except under CI=true, where a missing oracle fails.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def missing(what: str) -> None:
    """Skip, or fail under CI=true."""
    if CI:
        pytest.fail(f"{what} (CI=true: a missing oracle fails)")
    pytest.skip(what)


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def nvir_bin() -> Path:
    env = os.environ.get("NVIR_BIN")
    if env:
        p = Path(env)
        assert p.is_file(), f"NVIR_BIN={env} is not a file"
        return p
    target = Path(os.environ.get("CARGO_TARGET_DIR") or REPO / "target")
    if not target.is_absolute():
        target = REPO / target
    p = target / "release" / "nvir"
    if not p.is_file():
        subprocess.run(["cargo", "build", "--release", "--locked", "--bin", "nvir"], cwd=REPO, check=True)
    assert p.is_file(), f"no CLI at {p}"
    return p


@pytest.fixture(scope="session")
def cli(nvir_bin):
    """Runs the CLI; returns (exit status, stdout, stderr)."""

    def run(*args: str):
        p = subprocess.run([str(nvir_bin), *args], cwd=REPO, capture_output=True, text=True)
        return p.returncode, p.stdout, p.stderr

    return run


@pytest.fixture(scope="session")
def cli_json(cli):
    """Runs the CLI with --format json; returns the JSON lines (the summary line dropped)."""

    def run(*args: str):
        _, out, err = cli(*args, "--format", "json")
        lines = [json.loads(l) for l in out.splitlines() if l.strip()]
        return [l for l in lines if "summary" not in l]

    return run


@pytest.fixture(scope="session")
def oracle():
    """A libNVVM worker (scripts/oracles/nvtools.py in .venv-oracles), or a skip/fail."""
    py = os.environ.get("NVIR_ORACLE_PYTHON") or str(REPO / ".venv-oracles" / "bin" / "python")
    if not Path(py).is_file():
        missing(f"no libNVVM oracle: {py} missing (bash scripts/oracles/setup.sh makes it)")
    sys.path.insert(0, str(REPO / "scripts" / "oracles"))
    import nvtools  # noqa: E402

    w = nvtools.Worker(python=py)
    rep = w.call({"op": "versions"})
    if not rep.get("ok"):
        w.close()
        missing(f"libNVVM oracle cannot load: {rep}")
    yield w
    w.close()
