"""On the producer corpus (corpus/llvm: clang, numba and libNVVM-ready output, text and bitcode)
and the labelled verifier corpus (corpus/verifier), the Python verdicts and diagnostics equal the
CLI's (`nvir verify --format json`), at compute_90 (LLVM 7 path) and compute_100 (modern)."""

from __future__ import annotations

import pytest

import nvir

from conftest import REPO

CORPORA = ["corpus/llvm", "corpus/verifier"]
ARCHES = ["compute_90", "compute_100"]
# What the CLI's JSON carries; Python adds offset and file.
JSON_FIELDS = ("severity", "code", "message", "line", "column", "function", "block", "context", "help", "stage")


def modules(corpus: str):
    root = REPO / corpus
    return sorted(p for p in root.rglob("*") if p.suffix in (".ll", ".bc") and p.is_file())


@pytest.mark.parametrize("arch", ARCHES)
@pytest.mark.parametrize("corpus", CORPORA)
def test_python_verdicts_equal_the_cli(cli_json, corpus, arch):
    files = modules(corpus)
    assert len(files) >= (75 if corpus == "corpus/llvm" else 250), f"{corpus} incomplete"
    rel = [str(p.relative_to(REPO)) for p in files]
    lines = cli_json("verify", "--arch", arch, "-j", "2", *rel)
    by_file = {l["file"]: l for l in lines}
    assert len(by_file) == len(rel)
    mismatches = []
    rejected = 0
    for path, name in zip(files, rel):
        want = by_file[name]
        got = nvir.verify(path, arch, stage="verify", name=name)
        assert got.dialect == want["dialect"] and got.arch == want["arch"]
        rejected += not want["ok"]
        if got.verifies != want["ok"] or bool(got) != want["ok"] or got.compiles != want["compiles"]:
            mismatches.append(f"{name}: python {got.verifies}/{got.compiles}, cli {want['ok']}/{want['compiles']}")
            continue
        got_codes = [d.code for d in got.diagnostics]
        want_codes = [d["code"] for d in want["diagnostics"]]
        if got_codes != want_codes:
            mismatches.append(f"{name}: codes {got_codes} != {want_codes}")
            continue
        got_json = [{k: d.as_dict()[k] for k in JSON_FIELDS} for d in got.diagnostics]
        if got_json != want["diagnostics"]:
            mismatches.append(f"{name}: diagnostics differ: {got_json} != {want['diagnostics']}")
        # The default stage needs both verdicts, as the CLI's exit status does.
        assert nvir.verify(path, arch).ok == (want["ok"] and want["compiles"])
    assert not mismatches, "\n".join(mismatches)
    # Both outcomes occur (a comparison over passing modules only would prove little).
    assert 0 < rejected < len(rel)
