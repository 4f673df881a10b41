"""What ELF objects (``nvcc -dc -dlto``), ``.fatbin`` files and ``ar`` archives carry: PTX, cubins
and LTO-IR, as ``cuobjdump`` lists and names them."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from . import _load, _nvir

__all__ = ["Entry", "entries"]


class Entry:
    """One fatbin entry: ``kind`` (``ptx``, ``elf``, ``ltoir``, …), ``arch`` (``sm_90``),
    ``name`` (cuobjdump's extraction name), ``code_version``, ``host``, ``debug``,
    ``identifier``, ``options``, ``compression``, ``offset``, ``member``/``section`` (where it
    was found), ``data`` (the content as ``cuobjdump -x…`` writes it; ``None`` with ``error``
    when it cannot be extracted) and ``ltoir`` (for LTO-IR: its container's form)."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.index: int = d["index"]
        self.name: str = d["name"]
        self.kind: str = d["kind"]
        self.arch: str = d["arch"]
        self.sm: int = d["sm"]
        self.code_version: Tuple[int, int] = tuple(d["code_version"])  # type: ignore[assignment]
        self.host: str = d["host"]
        self.debug: bool = d["debug"]
        self.identifier: Optional[str] = d["identifier"]
        self.options: Optional[str] = d["options"]
        self.compression: Any = d["compression"]
        self.offset: int = d["offset"]
        self.member: Optional[str] = d["member"]
        self.section: Optional[str] = d["section"]
        self.data: Optional[bytes] = d["data"]
        self.ltoir: Optional[str] = d["ltoir"]
        self.error: Optional[str] = d["error"]

    def __repr__(self) -> str:
        size = len(self.data) if self.data is not None else "?"
        return f"<Entry {self.index} {self.kind} {self.arch} {self.name} ({size} bytes)>"


def entries(src: Any, *, name: Optional[str] = None) -> List[Entry]:
    """Every entry of an ELF object, fatbin or archive (a path or its bytes), in file order.
    Raises :class:`nvir.FatbinError` when the input is none of them or is malformed."""
    n, data = _load(src)
    return [Entry(e) for e in _nvir.fatbin_list(name or n, data)["entries"]]
