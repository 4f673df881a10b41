"""NVVM containers (the envelope of LTO-IR ``.ltoir`` and OptiX IR ``.optixir``).

    >>> c = nvir.container.read("examples/saxpy_sm90.ltoir")
    >>> c.arch, c.payload_kind, c.implied_options
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from . import _load, _nvir

__all__ = ["Container", "read", "wrap"]


class Container:
    """A container read by :func:`read`.

    ``magic``, ``variant`` (``cuda`` or ``seed``), ``versions`` (``{"container", "nvvm_ir",
    "nvvm_debug", "llvm"}`` as ``(major, minor)``), ``ir_level`` and ``ir_level_name``,
    ``tags`` (each a dict: ``tag``, ``name``, ``value``, ``meaning``, ``overridden``, …),
    ``arch`` (``sm_90``, ``sm_100a``; from tag 1, when present), ``implied_options`` (the
    compiler options its tags imply), ``unrecorded_options``, ``payload_kind`` (``bitcode``,
    ``bitcode-wrapper``, ``encoded``, …), ``payload`` (its bytes), ``diagnostics`` (version
    findings of the policy: dicts with ``severity``, ``code``, ``message``, ``offset``) and
    ``dump`` (everything ``nvir container dump --format json`` describes).
    """

    def __init__(self, d: Dict[str, Any]) -> None:
        dump = d["dump"]
        self.file: str = d["file"]
        self.dump: Dict[str, Any] = dump
        self.magic: str = dump["magic"]
        self.variant: str = dump["variant"]
        self.versions: Dict[str, Tuple[int, int]] = {k: (v[0], v[1]) for k, v in dump["version"].items()}
        self.ir_level: int = dump["ir_level"]
        self.ir_level_name: str = dump["ir_level_name"]
        self.tags: List[Dict[str, Any]] = dump["tags"]
        self.implied_options: List[Dict[str, Any]] = dump["implied_options"]
        self.unrecorded_options: List[str] = dump["unrecorded_options"]
        self.payload_kind: str = dump["payload"]["kind"]
        self.payload: bytes = d["payload"]
        self.diagnostics: List[Dict[str, Any]] = d["diagnostics"]

    @property
    def ok(self) -> bool:
        """No version finding is an error under the policy read with."""
        return not any(x["severity"] == "error" for x in self.diagnostics)

    @property
    def arch(self) -> Optional[str]:
        """``sm_XX`` with ``a`` when tag 32 marks an architecture-specific target; ``None``
        without tag 1."""
        live = {t["tag"]: t for t in self.tags if not t.get("overridden")}
        if 1 not in live:
            return None
        suffix = "a" if 32 in live and live[32]["value"] else ""
        meaning = live[1].get("meaning") or ""
        if meaning.startswith("sm_"):
            return meaning if meaning.endswith(suffix) else meaning + suffix
        return f"sm_{live[1]['value'] // 10}{suffix}"

    def tag(self, number: int) -> Optional[int]:
        """The value of a tag (the last occurrence wins, as the tools read it), or ``None``."""
        value = None
        for t in self.tags:
            if t["tag"] == number:
                value = t["value"]
        return value

    def __repr__(self) -> str:
        v = self.versions
        return (f"<Container {self.file}: {self.variant} {self.ir_level_name}, arch {self.arch}, "
                f"nvvm_ir {v['nvvm_ir'][0]}.{v['nvvm_ir'][1]}, llvm {v['llvm'][0]}.{v['llvm'][1]}, "
                f"{self.payload_kind} payload of {len(self.payload)} bytes>")


def read(src: Any, *, policy: str = "cuda", name: Optional[str] = None) -> Container:
    """Reads an NVVM container (a path or its bytes). ``policy``: ``cuda`` (newer minor
    versions are errors, as nvJitLink has them) or ``seed``. Raises
    :class:`nvir.ContainerError` (with ``offset``) when the input is not one."""
    n, data = _load(src)
    return Container(_nvir.container_read(name or n, data, policy))


def wrap(bitcode: Any, *, arch: str, ir_level: str = "lto") -> bytes:
    """Wraps LLVM bitcode (a path or bytes; raw or in the 20-byte wrapper) in a container
    nvJitLink and nvlink accept (``nvir container wrap``): ``arch`` is ``sm_XX[a]``,
    ``ir_level`` ``lto``, ``optix`` or ``linked``. Returns the container's bytes."""
    _, data = _load(bitcode, "bitcode")
    return _nvir.container_wrap(data, arch, ir_level)
