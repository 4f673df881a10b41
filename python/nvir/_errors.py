"""The exceptions nvir raises. Each carries where the problem is: the file (its path, or the name
given for bytes), and the line and column (text) or byte offset (binary input), when known."""

from __future__ import annotations

from typing import Optional

__all__ = ["NvirError", "ParseError", "ArchError", "ContainerError", "FatbinError", "TileError", "PrintError",
           "ConvertError"]


class NvirError(Exception):
    """Base class of nvir's errors."""

    def __init__(
        self,
        message: str,
        *,
        file: Optional[str] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
        offset: Optional[int] = None,
        bit_offset: Optional[int] = None,
        arch: Optional[str] = None,
        function: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
        self.bit_offset = bit_offset
        self.arch = arch
        self.function = function

    def __str__(self) -> str:
        where = self.file or ""
        if self.line is not None:
            where += f":{self.line}:{self.column}"
        elif self.offset is not None:
            where += f" (byte {self.offset:#x})"
        return f"{where}: {self.message}" if where else self.message


class ParseError(NvirError):
    """A module could not be read: LLVM IR text (line, column, offset) or bitcode (offset,
    bit_offset)."""


class ArchError(NvirError, ValueError):
    """An arch nvir (and libNVVM 13.5) does not know: `compute_XX`, `sm_XX` or `XX`, with an
    optional `a` or `f`."""


class ContainerError(NvirError):
    """An NVVM container could not be read or written (offset: where reading stopped)."""


class FatbinError(NvirError):
    """An ELF object, fatbin or archive could not be listed."""


class TileError(NvirError):
    """CUDA Tile IR bytecode could not be read, written or parsed (offset: where reading stopped)."""


class PrintError(NvirError):
    """A module cannot be printed in the syntax asked for."""


class ConvertError(NvirError):
    """A module has something libNVVM's path for the arch has no form for: the function and the
    byte offset of the instruction in the text it was read from, when known."""
