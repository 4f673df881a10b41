"""nvir.container and nvir.fatbin: what the CLI describes, as Python objects."""

from __future__ import annotations

import hashlib

import pytest

import nvir
import nvir.container
import nvir.fatbin

from conftest import REPO

LTOIR = REPO / "examples" / "saxpy_sm90.ltoir"


def test_container_read_equals_the_cli_dump(cli_json):
    for p in [LTOIR, *sorted((REPO / "corpus" / "containers").glob("*.ltoir"))]:
        rel = str(p.relative_to(REPO))
        want = cli_json("container", "dump", rel)[0]
        try:
            c = nvir.container.read(p)
        except nvir.ContainerError as e:
            assert not want["ok"] and "magic" not in want, rel
            assert e.file == str(p)
            continue
        dump = {k: v for k, v in want.items() if k not in ("file", "ok", "diagnostics")}
        assert c.dump == dump, rel
        assert c.ok == want["ok"], rel
        assert [d["code"] for d in c.diagnostics] == [d["code"] for d in want["diagnostics"]], rel


def test_saxpy_container_facts():
    c = nvir.container.read(LTOIR)
    assert c.arch == "sm_90" and c.variant == "cuda" and c.ir_level_name == "LTO"
    assert c.versions["nvvm_ir"] == (2, 131) and c.versions["llvm"] == (7, 0)
    assert c.payload_kind == "bitcode" and c.payload.startswith(b"BC\xc0\xde")
    assert "-arch=sm_90" in [o["option"] for o in c.implied_options]
    assert c.tag(1) == 900 and c.tag(99) is None
    # Its payload is the module nvir.verify judges.
    assert nvir.verify(c.payload, "compute_90")


def test_wrap_round_trips_and_matches_the_cli(cli, tmp_path):
    bc = nvir.container.read(LTOIR).payload
    for arch in ("sm_90", "sm_90a", "sm_100a"):
        data = nvir.container.wrap(bc, arch=arch)
        c = nvir.container.read(data)
        assert c.arch == arch and c.payload == bc
        (tmp_path / "in.bc").write_bytes(bc)
        # nvir.container.wrap wraps as given, as the CLI's --raw does; the CLI also checks the
        # payload, and refuses typed-pointer bitcode for sm_100 and later.
        rc, _, err = cli("container", "wrap", "--raw", str(tmp_path / "in.bc"), "--arch", arch,
                         "-o", str(tmp_path / "o.ltoir"))
        if arch.startswith("sm_100"):
            assert rc == 1 and "typed pointers" in err, err
            continue
        assert rc == 0, err
        assert (tmp_path / "o.ltoir").read_bytes() == data


def test_container_errors():
    with pytest.raises(nvir.ContainerError):
        nvir.container.read(b"\x7fELF not a container at all")
    with pytest.raises(nvir.ContainerError) as e:
        nvir.container.read(LTOIR.read_bytes()[:10])
    assert e.value.offset is not None
    with pytest.raises(nvir.ContainerError):
        nvir.container.wrap(b"not bitcode", arch="sm_90")
    with pytest.raises(nvir.ArchError):
        nvir.container.wrap(nvir.container.read(LTOIR).payload, arch="sm_9x")
    with pytest.raises(ValueError):
        nvir.container.read(LTOIR, policy="strict")


def test_fatbin_entries_equal_the_cli(cli_json):
    files = [p for p in sorted((REPO / "corpus" / "fatbin").iterdir()) if p.suffix in (".o", ".a", ".fatbin")]
    assert len(files) >= 8
    for p in files:
        rel = str(p.relative_to(REPO))
        want = cli_json("fatbin", "list", rel)[0]
        got = nvir.fatbin.entries(p, name=rel)
        assert [(e.name, e.kind, e.arch, e.offset) for e in got] == [
            (w["name"], w["kind"], w["arch"], w["offset"]) for w in want["entries"]
        ], rel
        for e in got:
            assert e.data is not None or e.error, (rel, e)


def test_fatbin_extracts_what_cuobjdump_extracts():
    # Each <file>.extract lists the sha256 of what `cuobjdump -xptx/-xelf` extracted, by name.
    checked = 0
    for listing in sorted((REPO / "corpus" / "fatbin").glob("*.extract")):
        src = listing.with_suffix("")
        by_name = {e.name: e for e in nvir.fatbin.entries(src)}
        for line in listing.read_text().splitlines():
            digest, name = line.split()
            assert name in by_name, (src.name, name)
            assert hashlib.sha256(by_name[name].data).hexdigest() == digest, (src.name, name)
            checked += 1
    assert checked >= 10


def test_fatbin_errors():
    with pytest.raises(nvir.FatbinError):
        nvir.fatbin.entries(b"plain text, not an object")
    data = (REPO / "corpus" / "fatbin" / "sm90a.fatbin").read_bytes()
    try:
        nvir.fatbin.entries(data[: len(data) // 3])
    except nvir.FatbinError as e:
        assert e.file == "<bytes>"
