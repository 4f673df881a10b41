"""nvir.tile: CUDA Tile IR bytecode read, disassembled, dumped, validated and written back."""

from __future__ import annotations

import json

import pytest

import nvir
import nvir.tile

from conftest import REPO

BC = sorted((REPO / "corpus" / "tileir" / "bc").glob("*.tileirbc"))


def test_corpus_round_trips_and_validates():
    assert len(BC) >= 40
    for p in BC:
        m = nvir.tile.read(p)
        data = p.read_bytes()
        assert m.to_bytes() == data, p.name
        assert m.validate() == [], p.name
        assert m.functions and m.version.startswith("13.")
        assert p.name.split(".v")[1].replace("_", ".").startswith(m.version), p.name


def test_dis_equals_tileirdisasm():
    compared = 0
    for p in BC:
        ref = REPO / "corpus" / "tileir" / "disasm" / (p.stem + ".mlir")
        if ref.is_file():
            assert nvir.tile.read(p).dis() == ref.read_text(), p.name
            compared += 1
    assert compared >= 20


def test_dis_and_dump_equal_the_cli(cli):
    for p in BC[:10]:
        rel = str(p.relative_to(REPO))
        m = nvir.tile.read(p, name=rel)
        rc, out, _ = cli("tile", "dis", rel)
        assert rc == 0 and m.dis() == out
        rc, out, _ = cli("tile", "dump", rel, "--format", "json")
        assert rc == 0 and m.dump() == json.loads(out)


def test_parse_back_and_retarget():
    p = BC[0]
    m = nvir.tile.read(p)
    again = nvir.tile.parse(m.dis(), target_version=m.version)
    assert again.dis() == m.dis()
    older = nvir.tile.read(m.to_bytes(target_version="13.5"))
    assert older.version == "13.5"


def test_tile_errors():
    with pytest.raises(nvir.TileError) as e:
        nvir.tile.read(b"not tile ir")
    assert e.value.offset == 0
    data = BC[0].read_bytes()
    with pytest.raises(nvir.TileError) as e:
        nvir.tile.read(data[: len(data) // 2])
    assert e.value.offset is not None
    with pytest.raises(nvir.TileError):
        nvir.tile.parse("this is not tile ir")
