"""nvir.verify: verdicts, diagnostics, stages, programs, inputs and errors."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import nvir

from conftest import CI, REPO

SAXPY = REPO / "examples" / "saxpy.ll"
BAD_CAST = REPO / "corpus" / "verifier" / "addrspacecast" / "generic0_to_as2.ll"
WGMMA = REPO / "corpus" / "verifier" / "smgate" / "wgmma_fence.ll"
I128 = REPO / "corpus" / "verifier" / "smgate" / "cmpxchg_i128_via_instr.ll"


def test_readme_two_liner_passes():
    r = nvir.verify("examples/saxpy.ll" if Path("examples/saxpy.ll").exists() else SAXPY, "compute_90")
    assert r and r.ok and r.verifies and r.compiles
    assert r.diagnostics == [] and r.errors == [] and r.codes == []
    assert r.dialect == "llvm7" and r.arch == "compute_90"
    assert "passes" in str(r)


def test_path_bytes_and_pathlike_agree():
    by_path = nvir.verify(str(SAXPY), "sm_90")
    by_pathlike = nvir.verify(SAXPY, "90")
    by_bytes = nvir.verify(SAXPY.read_bytes(), "compute_90", name="saxpy.ll")
    assert by_path.ok and by_pathlike.ok and by_bytes.ok
    assert by_bytes.file == "saxpy.ll"
    assert nvir.verify(bytearray(SAXPY.read_bytes()), "compute_90").file == "<bytes>"


def test_rejected_module_is_located():
    r = nvir.verify(BAD_CAST, "compute_90")
    # libNVVM's compiler, which does not run the verifier, compiles it (measured).
    assert not r and not r.ok and not r.verifies and r.compiles
    d = r.diagnostics[0]
    assert (d.severity, d.code, d.message) == ("error", "nvvm-addrspacecast", "Invalid target address space")
    assert (d.line, d.column, d.function, d.block, d.stage) == (10, 8, "f", "", "verify")
    assert d.context.startswith("%q = addrspacecast")
    assert d.file == str(BAD_CAST)
    assert str(d).startswith(f"{BAD_CAST}:10:8: error[nvvm-addrspacecast]")
    assert r.codes == ["nvvm-addrspacecast"]


def test_modern_dialect_at_compute_100_and_nvvm_latest():
    assert nvir.verify(SAXPY, "compute_100").dialect == "modern"
    assert nvir.verify(SAXPY, "compute_90", nvvm_latest=True).dialect == "modern"


def test_compile_stage_of_a_gated_intrinsic():
    # wgmma verifies at compute_100 but libNVVM's compute_100 compiler does not know it.
    r = nvir.verify(WGMMA, "compute_100")
    assert r.verifies and not r.compiles and not r and r.stage == "compile"
    assert [d.code for d in r.errors] == ["nvvm-compile-gate"]
    assert r.errors[0].stage == "compile"
    v = nvir.verify(WGMMA, "compute_100", stage="verify")
    assert v and v.ok and not v.compiles
    # At compute_90 (LLVM 7 path) it compiles.
    assert nvir.verify(WGMMA, "compute_90")


def test_compile_stage_of_i128_atomics_below_sm90():
    assert not nvir.verify(I128, "compute_80")
    assert nvir.verify(I128, "compute_80", stage="verify")
    assert nvir.verify(I128, "compute_90")


def test_compile_stage_matches_libnvvm_compile(oracle):
    # `compiles` predicts nvvmCompileProgram's result.
    for path in (WGMMA, I128, SAXPY):
        for arch in ("compute_80", "compute_90", "compute_100"):
            r = nvir.verify(path, arch)
            assert r.verifies, (path, arch)
            rep = oracle.nvvm([(path.name, path.read_bytes())], [f"-arch={arch}"])
            assert rep.get("stage") != "crash", rep
            assert r.compiles == rep["ok"], (path.name, arch, rep.get("log"))


def test_first_error_keeps_the_first_one():
    multi = sorted((REPO / "corpus" / "verifier" / "multi_error").glob("*.ll"))
    seen = False
    for p in multi:
        full = nvir.verify(p, "compute_90")
        first = nvir.verify(p, "compute_90", first_error=True)
        assert len(first.errors) <= 1
        if full.errors:
            assert first.errors[0].as_dict() == full.errors[0].as_dict()
            seen = seen or len(full.errors) > 1
    assert seen, "multi_error/ has a module with several errors"


def test_bitcode_and_container_inputs(repo):
    bc = sorted((repo / "corpus" / "llvm" / "nvvm20").glob("saxpy*.bc"))
    assert bc
    for p in bc:
        r = nvir.verify(p, "compute_100")
        assert r and r.dialect == "modern", p
        # Below compute_100 libNVVM reads bitcode with LLVM 7's reader, which refuses LLVM 19's.
        r = nvir.verify(p, "compute_90")
        assert not r and r.errors[0].message.startswith("parse "), p
    # A container with a raw bitcode payload is verified as its bitcode.
    assert nvir.verify(repo / "examples" / "saxpy_sm90.ltoir", "compute_90")


def test_unreadable_modules_are_verdicts_not_exceptions():
    r = nvir.verify(b"", "compute_90")
    assert not r and r.codes == ["input-empty"]
    r = nvir.verify(b"define void @f( {", "compute_90")
    assert not r and r.errors[0].message.startswith("parse ") and r.errors[0].line == 1
    r = nvir.verify(b"BC\xc0\xde\x00\x01", "compute_90")
    assert not r and r.codes == ["bc-read"]


def test_bad_arguments_raise():
    with pytest.raises(nvir.ArchError) as e:
        nvir.verify(SAXPY, "compute_70")
    assert isinstance(e.value, ValueError) and e.value.arch == "compute_70"
    with pytest.raises(nvir.ArchError):
        nvir.verify(SAXPY, "gfx90a")
    with pytest.raises(ValueError):
        nvir.verify(SAXPY, "compute_90", stage="link")
    with pytest.raises(TypeError):
        nvir.verify(42, "compute_90")  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        nvir.verify("no/such/file.ll", "compute_90")
    with pytest.raises(FileNotFoundError, match="as bytes"):
        nvir.verify(SAXPY.read_text(), "compute_90")


def test_program_links_modules_like_libnvvm(oracle):
    s = SAXPY.read_bytes()
    r = nvir.verify([SAXPY, s], "compute_90", stage="verify")
    assert not r and [m.verifies for m in r.modules] == [True, False]
    d = r.errors[0]
    assert d.code == "nvvm-link-duplicate" and d.file == "<module 1>"
    rep = oracle.verify([("a.ll", s), ("b.ll", s)], ["-arch=compute_90"])
    assert not rep["ok"] and d.message in rep["log"]
    # One module as a program: the single-module verdict.
    assert nvir.verify([SAXPY], "compute_90").ok
    # An error in any module fails the program, whichever the order.
    for order in ([SAXPY, BAD_CAST], [BAD_CAST, SAXPY]):
        r = nvir.verify(order, "compute_90")
        assert not r and r.codes == ["nvvm-addrspacecast"]
        rep = oracle.verify([(p.name, p.read_bytes()) for p in order], ["-arch=compute_90"])
        assert not rep["ok"] and "Invalid target address space" in rep["log"]


def test_libdevice_is_added_lazily():
    try:
        libdevice = nvir.find_libdevice()
    except FileNotFoundError:
        if CI:
            raise
        pytest.skip("no libdevice (pip install nvidia-nvvm)")
    r = nvir.verify(SAXPY, "compute_90", libdevice=True)
    assert r and len(r.modules) == 2 and r.modules[1].lazy and r.modules[1].file == libdevice
    # libdevice itself does not verify (numba adds it after nvvmVerifyProgram for that reason)...
    assert not nvir.verify(libdevice, "compute_90", stage="verify")
    # ...but as a lazy module it is only read; unreadable bytes fail the program.
    r = nvir.verify([SAXPY], "compute_90", libdevice=b"BC\xc0\xde")
    assert not r and r.modules[1].diagnostics[0].code == "bc-read"


def test_hostile_inputs_never_crash():
    rng = random.Random(1234)
    seeds = [SAXPY.read_bytes(), (REPO / "corpus/llvm/nvvm20/saxpy.O2.bc").read_bytes()]
    for i in range(300):
        s = bytearray(rng.choice(seeds))
        if rng.random() < 0.5:
            s = s[: rng.randrange(len(s) + 1)]
        for _ in range(rng.randrange(1, 8)):
            if s:
                s[rng.randrange(len(s))] = rng.randrange(256)
        r = nvir.verify(bytes(s), rng.choice(["compute_90", "compute_100"]))
        assert isinstance(r.ok, bool)
        try:
            nvir.read(bytes(s))
        except nvir.ParseError:
            pass
