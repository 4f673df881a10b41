"""CUDA Tile IR bytecode (13.1 … 13.5), as cuTile writes it and ``tileiras`` compiles it."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Tuple

from . import _load, _nvir

__all__ = ["TileModule", "read", "parse"]


class TileModule:
    """A Tile IR module: ``version``, ``functions`` (names), :meth:`dis` (``tileirdisasm``'s
    text), :meth:`dump` (``nvir tile dump --format json`` as a dict), :meth:`validate` and
    :meth:`to_bytes`."""

    def __init__(self, native: Any, file: str) -> None:
        self._native = native
        self.file = file

    @property
    def version(self) -> str:
        return self._native.version

    @property
    def functions(self) -> List[str]:
        return self._native.functions

    def dis(self, debug: bool = False) -> str:
        """The module as ``tileirdisasm`` prints it (``debug``: with locations, ``-g``)."""
        return self._native.dis(debug)

    def dump(self) -> Dict[str, Any]:
        """Sections, table sizes, functions and op counts (``nvir tile dump --format json``)."""
        return json.loads(self._native.dump_json())

    def validate(self) -> List[Tuple[str, int]]:
        """What ``tileiras`` would refuse: ``(message, offset)`` pairs; empty when valid."""
        return self._native.validate()

    def to_bytes(self, target_version: Optional[str] = None) -> bytes:
        """The bytecode (byte-identical for a module read unchanged), or retargeted to
        ``target_version`` (``"13.2"``)."""
        return self._native.to_bytes(target_version)

    def __repr__(self) -> str:
        return f"<TileModule {self.file}: Tile IR {self.version}, {len(self.functions)} functions>"


def read(src: Any, *, name: Optional[str] = None) -> TileModule:
    """Reads Tile IR bytecode (a path or bytes); raises :class:`nvir.TileError` with ``offset``."""
    n, data = _load(src)
    n = name or n
    return TileModule(_nvir.tile_read(n, data), n)


def parse(text: str, *, target_version: Optional[str] = None, name: str = "<text>") -> TileModule:
    """Parses ``tileirdisasm``'s text back into a module (``nvir tile as``)."""
    return TileModule(_nvir.tile_parse(text, name, target_version), name)
