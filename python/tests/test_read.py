"""nvir.read: modules, their facts, printing, and parse errors."""

from __future__ import annotations

import pytest

import nvir

from conftest import REPO

SAXPY = REPO / "examples" / "saxpy.ll"


def test_saxpy_facts():
    m = nvir.read(SAXPY)
    assert [f.name for f in m.kernels] == ["saxpy"]
    assert all(f.is_definition for f in m.kernels)
    assert m.dialect == "typed"
    assert m.nvvmir_version is not None and m.nvvmir_version[:2] == (2, 0)
    assert m.producer is None and m.file == str(SAXPY)
    assert "saxpy" in repr(m)


def test_numba_module_facts():
    m = nvir.read(REPO / "corpus" / "llvm" / "numba" / "saxpy.sm80.ll")
    assert len(m.kernels) == 1
    decls = [f for f in m.functions if not f.is_definition]
    assert decls, "numba declares intrinsics"
    assert m.nvvmir_version == (2, 0, 3, 2)
    assert any(g.name == "llvm.used" and g.linkage == "appending" for g in m.globals)


def test_bitcode_read_and_print_match_the_cli(cli, repo):
    for p in sorted((repo / "corpus" / "llvm").glob("*/*.bc"))[::7]:
        m = nvir.read(p)
        assert m.producer and m.producer.startswith("LLVM")
        rc, out, _ = cli("dis", str(p.relative_to(repo)))
        assert rc == 0 and m.print() == out


def test_print_syntaxes(cli):
    m = nvir.read(SAXPY)
    faithful = m.print()
    assert nvir.read(faithful.encode()).print() == faithful
    rc, out, _ = cli("print", "--syntax", "modern", "examples/saxpy.ll")
    assert rc == 0 and m.print("modern") == out
    assert "ptr" in m.print(syntax="modern")
    assert isinstance(m.print("llvm7"), str) and isinstance(m.print_notes, list)
    with pytest.raises(ValueError):
        m.print("llvm3")


def test_not_yet_in_the_library():
    m = nvir.read(SAXPY)
    with pytest.raises(NotImplementedError, match="bitcode writer"):
        m.to_bitcode()
    with pytest.raises(NotImplementedError):
        m.convert("compute_100")


def test_text_parse_error_is_located():
    with pytest.raises(nvir.ParseError) as e:
        nvir.read(b"; ok\ndefine void @f() {\n  ret i32 %\n}\n", name="bad.ll")
    err = e.value
    assert err.file == "bad.ll" and err.line == 3 and err.column is not None and err.offset is not None
    assert str(err).startswith("bad.ll:3:")
    assert isinstance(err, nvir.NvirError)


def test_bitcode_parse_error_has_offsets():
    data = (REPO / "corpus" / "llvm" / "nvvm20" / "saxpy.O2.bc").read_bytes()
    with pytest.raises(nvir.ParseError) as e:
        nvir.read(data[: len(data) // 2])
    assert e.value.offset is not None and e.value.bit_offset is not None
    assert 0 < e.value.offset <= len(data) // 2


def test_empty_and_encoded_inputs():
    with pytest.raises(nvir.ParseError, match="empty"):
        nvir.read(b"")
    with pytest.raises(FileNotFoundError):
        nvir.read(REPO / "no-such.ll")
