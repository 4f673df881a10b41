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


def test_to_bitcode_matches_the_cli(cli, tmp_path):
    m = nvir.read(SAXPY)
    bc = m.to_bitcode()
    rc, _, _ = cli("as", "examples/saxpy.ll", "-o", str(tmp_path / "s.bc"))
    assert rc == 0 and bc == (tmp_path / "s.bc").read_bytes()
    assert nvir.read(bc).print() == m.print()
    modern = nvir.read(m.to_bitcode("modern"))
    assert modern.dialect == "opaque" and modern.producer.startswith("LLVM22")
    with pytest.raises(ValueError):
        m.to_bitcode("llvm3")


def test_convert_opaque_clang_module_for_compute_90(cli, tmp_path):
    src = REPO / "corpus" / "llvm" / "clang19" / "saxpy.O2.ll"
    m = nvir.read(src)
    assert m.dialect == "opaque"
    c = m.convert("compute_90")
    assert c.dialect == "typed" and c.producer == "LLVM7.0.1"
    assert [f.name for f in c.kernels] == [f.name for f in m.kernels]
    assert any("noundef" in n for n in c.convert_notes)
    rc, _, _ = cli("convert", str(src), "--arch", "compute_90", "-o", str(tmp_path / "c.bc"))
    assert rc == 0 and c.bitcode == (tmp_path / "c.bc").read_bytes()
    assert nvir.verify(c.bitcode, "compute_90").compiles
    kept = m.convert("compute_90", keep_kernels=True)
    assert any(g.name == "llvm.used" for g in kept.globals)
    assert nvir.read(c.bitcode).convert("compute_100").dialect == "opaque"


def test_convert_refusal_is_located():
    # An atomic on local memory has no form libNVVM's LLVM 7 path compiles.
    src = b"define void @f(ptr addrspace(5) %p, i32 %v) {\n  %o = atomicrmw add ptr addrspace(5) %p, i32 %v monotonic\n  ret void\n}\n"
    with pytest.raises(nvir.ConvertError) as e:
        nvir.read(src, name="f.ll").convert("compute_90")
    assert e.value.function == "f" and e.value.offset == src.index(b"%o")
    with pytest.raises(nvir.ArchError):
        nvir.read(src).convert("compute_42")


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
