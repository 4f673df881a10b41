"""nvir: verify NVVM IR as libNVVM does, and read LLVM IR, NVVM containers, fatbins and CUDA Tile IR,
without LLVM or the CUDA toolkit.

    >>> import nvir
    >>> r = nvir.verify("examples/saxpy.ll", "compute_90")
    >>> bool(r), r.diagnostics
    (True, [])

Inputs are a path (``str`` or ``os.PathLike``) or the bytes of the file (text or binary). Results
are objects; errors are exceptions carrying the file and the line and column or byte offset
(:class:`ParseError`, :class:`ArchError`, :class:`ContainerError`, :class:`FatbinError`,
:class:`TileError`).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _nvir
from ._errors import (ArchError, ContainerError, ConvertError, FatbinError, NvirError, ParseError, PrintError,
                      TileError)

__version__: str = _nvir.__version__

__all__ = [
    "verify",
    "read",
    "Result",
    "ModuleResult",
    "Diagnostic",
    "Module",
    "Function",
    "Global",
    "find_libdevice",
    "NvirError",
    "ParseError",
    "ArchError",
    "ContainerError",
    "FatbinError",
    "TileError",
    "PrintError",
    "ConvertError",
    "container",
    "fatbin",
    "tile",
]

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview]

STAGES = ("verify", "compile")


def _load(src: Source, what: str = "src") -> Tuple[str, bytes]:
    """(name, bytes) of a path or of bytes."""
    if isinstance(src, (bytes, bytearray, memoryview)):
        return "<bytes>", bytes(src)
    if isinstance(src, (str, os.PathLike)):
        path = os.fspath(src)
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if isinstance(src, str) and "\n" in src and not os.path.exists(src):
            raise FileNotFoundError(
                f"{what} is a str, which nvir reads as a path, but this one holds several lines: "
                "pass a module's text as bytes (text.encode())"
            )
        with open(path, "rb") as f:
            return path, f.read()
    raise TypeError(f"{what} must be a path (str or os.PathLike) or bytes, not {type(src).__name__}")


class Diagnostic:
    """One problem nvir found, located.

    ``severity`` is ``"error"`` or ``"warning"``; ``code`` the stable rule code (``nvvm-fence``,
    ``bc-read``, …); ``message`` begins with libNVVM's own text for the rule; ``line`` and
    ``column`` are 1-based (``None`` when the problem has no place, e.g. a missing
    ``!nvvmir.version``); ``stage`` is ``"verify"`` (``nvvmVerifyProgram`` reports it) or
    ``"compile"`` (the module verifies but ``nvvmCompileProgram`` fails for the target).
    """

    __slots__ = ("severity", "code", "message", "line", "column", "offset", "function", "block",
                 "context", "help", "stage", "file")

    def __init__(self, d: Dict[str, Any]) -> None:
        self.severity: str = d["severity"]
        self.code: Optional[str] = d["code"]
        self.message: str = d["message"]
        self.line: Optional[int] = d["line"]
        self.column: Optional[int] = d["column"]
        self.offset: Optional[int] = d["offset"]
        self.function: Optional[str] = d["function"]
        self.block: Optional[str] = d["block"]
        self.context: Optional[str] = d["context"]
        self.help: Optional[str] = d["help"]
        self.stage: str = d["stage"]
        self.file: str = d["file"]

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def as_dict(self) -> Dict[str, Any]:
        """The fields as ``nvir verify --format json`` writes them, with ``stage`` and ``file``."""
        return {k: getattr(self, k) for k in self.__slots__}

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}:{self.column}"
        code = f"[{self.code}]" if self.code else ""
        return f"{where}: {self.severity}{code}: {self.message}"

    def __repr__(self) -> str:
        return f"<Diagnostic {self}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Diagnostic) and self.as_dict() == other.as_dict()

    __hash__ = None  # type: ignore[assignment]


class ModuleResult:
    """The verdict on one module of a program (see :func:`verify` with a list)."""

    def __init__(self, d: Dict[str, Any]) -> None:
        self.file: str = d["file"]
        self.lazy: bool = d["lazy"]
        self.verifies: bool = d["ok"]
        self.compiles: bool = d["compiles"]
        self.diagnostics: List[Diagnostic] = [Diagnostic(x) for x in d["diagnostics"]]

    def __repr__(self) -> str:
        return f"<ModuleResult {self.file} verifies={self.verifies} compiles={self.compiles}>"


class Result:
    """What libNVVM would say about a module (or a program of modules) for an arch.

    * ``verifies``: ``nvvmVerifyProgram`` accepts it (the verdict ``nvir verify`` gives);
    * ``compiles``: ``nvvmCompileProgram`` (same arch, default options) compiles it. The
      compiler does not run the verifier: it compiles many modules the verifier rejects, and
      rejects some it accepts (the errors with ``stage == "compile"``: a data layout the
      compute_100+ target does not take, aliases of kernels or variables, intrinsics a target
      cannot compile, …);
    * ``ok``: ``verifies`` for ``stage="verify"``; ``verifies and compiles`` for
      ``stage="compile"`` (as numba-cuda calls them, one after the other); the result is truthy
      when ``ok``;
    * ``dialect``: which libNVVM reader and verifier the arch selects (``llvm7`` below
      compute_100, ``modern`` from compute_100 or with ``nvvm_latest``);
    * ``diagnostics``: every problem at once, in libNVVM's order (the first error is the one
      libNVVM prints); ``errors`` and ``warnings`` split them;
    * ``modules``: for a program, each module's own verdict.
    """

    def __init__(self, d: Dict[str, Any], stage: str, modules: Optional[List[ModuleResult]] = None) -> None:
        self.arch: str = d["arch"]
        self.dialect: str = d["dialect"]
        self.stage: str = stage
        self.verifies: bool = d["ok"]
        self.compiles: bool = d["compiles"]
        self.ok: bool = (self.verifies and self.compiles) if stage == "compile" else self.verifies
        self.modules: List[ModuleResult] = modules or []
        if modules is not None:
            self.file: Optional[str] = None
            self.diagnostics: List[Diagnostic] = [x for m in modules for x in m.diagnostics]
        else:
            self.file = d["file"]
            self.diagnostics = [Diagnostic(x) for x in d["diagnostics"]]

    @property
    def errors(self) -> List[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> List[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "warning"]

    @property
    def codes(self) -> List[Optional[str]]:
        """The codes of the errors, in order."""
        return [d.code for d in self.errors]

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        verdict = "passes" if self.ok else "fails"
        what = self.file if self.file is not None else f"{len(self.modules)} modules"
        first = self.errors[0] if self.errors else None
        tail = f", first error {first.code}: {first.message!r}" if first else ""
        return (f"<Result {what} {verdict} {self.stage} for {self.arch} ({self.dialect}): "
                f"{len(self.errors)} errors, {len(self.warnings)} warnings{tail}>")

    __str__ = __repr__


def find_libdevice() -> str:
    """The path of ``libdevice.10.bc``: from the ``nvidia-nvvm`` wheel (``nvidia/cu13/nvvm/
    libdevice``, or ``cuda_nvcc/nvvm`` of the CUDA 12 wheels) visible to this interpreter, else
    ``$CUDA_HOME/nvvm/libdevice``. Raises FileNotFoundError when there is none."""
    candidates: List[Path] = []
    roots: List[str] = []
    try:
        import nvidia  # type: ignore[import-not-found]  # namespace package of NVIDIA's wheels

        roots = list(nvidia.__path__)
    except ImportError:
        roots = [os.path.join(p, "nvidia") for p in sys.path if p]
    for root in roots:
        for sub in ("cu13/nvvm/libdevice", "cuda_nvcc/nvvm/libdevice", "nvvm/libdevice"):
            candidates.append(Path(root) / sub / "libdevice.10.bc")
    for env in ("CUDA_HOME", "CUDA_PATH"):
        if os.environ.get(env):
            candidates.append(Path(os.environ[env]) / "nvvm" / "libdevice" / "libdevice.10.bc")
    for c in candidates:
        if c.is_file():
            return str(c)
    raise FileNotFoundError("libdevice.10.bc not found: install nvidia-nvvm, or set CUDA_HOME")


def verify(
    src: Union[Source, Sequence[Source]],
    arch: str,
    *,
    stage: str = "compile",
    nvvm_latest: bool = False,
    first_error: bool = False,
    libdevice: Union[bool, Source, None] = None,
    name: Optional[str] = None,
) -> Result:
    """Whether libNVVM accepts a module for ``arch``, with every problem at once.

    ``src`` is a path or the module's bytes (``.ll`` text, ``.bc`` bitcode, or an NVVM container
    holding raw bitcode), or a list of them: a *program*, the modules given to libNVVM together
    (``nvvmAddModuleToProgram`` each, then ``nvvmVerifyProgram``), as numba-cuda does. With
    ``libdevice`` (``True`` to find it with :func:`find_libdevice`, or its path or bytes) it is
    added lazily after verification, as numba-cuda adds it: read, never verified.

    ``arch``: ``compute_XX``, ``sm_XX`` or ``XX`` with an optional ``a``/``f``
    (:class:`ArchError` otherwise). ``stage``: ``"compile"`` (default; the result is truthy only
    when the module verifies *and* compiles as far as nvir knows) or ``"verify"``
    (``nvvmVerifyProgram``'s verdict alone). ``nvvm_latest``: libNVVM's ``-nvvm-latest``.
    ``first_error``: keep only the diagnostics up to the first error (single modules).
    ``name``: the file name to report for bytes.

    A module that cannot be read is a failing result (its diagnostic says why, as libNVVM's log
    would), not an exception; a path that cannot be opened raises OSError.
    """
    if stage not in STAGES:
        raise ValueError(f"stage must be 'compile' or 'verify', not {stage!r}")
    if not isinstance(arch, str):
        raise TypeError(f"arch must be a str such as 'compute_90', not {type(arch).__name__}")
    program = isinstance(src, (list, tuple))
    if not program:
        if libdevice:
            program = True
            src = [src]  # type: ignore[list-item]
        else:
            module_name, data = _load(src)  # type: ignore[arg-type]
            d = _nvir.verify_module(name or module_name, data, arch, nvvm_latest, first_error)
            return Result(d, stage)
    if first_error:
        raise ValueError("first_error applies to one module, not to a program")
    modules = []
    for i, s in enumerate(src):  # type: ignore[union-attr]
        n, data = _load(s, f"src[{i}]")
        if n == "<bytes>":
            n = f"<module {i}>"
        modules.append((n, data))
    if not modules:
        raise ValueError("a program needs at least one module")
    lazy = []
    if libdevice:
        source = find_libdevice() if libdevice is True else libdevice
        n, data = _load(source, "libdevice")  # type: ignore[arg-type]
        lazy.append(("libdevice" if n == "<bytes>" else n, data))
    d = _nvir.verify_program(modules, lazy, arch, nvvm_latest)
    return Result(d, stage, [ModuleResult(m) for m in d["modules"]])


class Function:
    """A function of a module."""

    __slots__ = ("name", "is_definition", "is_kernel", "linkage")

    def __init__(self, d: Dict[str, Any]) -> None:
        self.name: str = d["name"]
        self.is_definition: bool = d["is_definition"]
        self.is_kernel: bool = d["is_kernel"]
        self.linkage: str = d["linkage"]

    def __repr__(self) -> str:
        kind = "kernel" if self.is_kernel else ("define" if self.is_definition else "declare")
        return f"<Function @{self.name} {kind} {self.linkage}>"


class Global:
    """A global variable of a module."""

    __slots__ = ("name", "addr_space", "is_constant", "is_definition", "linkage")

    def __init__(self, d: Dict[str, Any]) -> None:
        self.name: str = d["name"]
        self.addr_space: int = d["addr_space"]
        self.is_constant: bool = d["is_constant"]
        self.is_definition: bool = d["is_definition"]
        self.linkage: str = d["linkage"]

    def __repr__(self) -> str:
        return f"<Global @{self.name} addrspace({self.addr_space})>"


SYNTAXES = ("faithful", "llvm7", "modern")


class Module:
    """An LLVM IR module read by :func:`read`: its functions, kernels, globals, pointer dialect
    (``typed``, ``opaque`` or ``none``), ``nvvmir_version`` (e.g. ``(2, 0, 3, 2)``) and, for
    bitcode, the ``producer`` (``LLVM7.0.1``)."""

    def __init__(self, native: Any, file: str) -> None:
        self._native = native
        self.file = file
        info = native.info()
        self.functions: List[Function] = [Function(f) for f in info["functions"]]
        self.globals: List[Global] = [Global(g) for g in info["globals"]]
        self.dialect: str = info["dialect"]
        v = info["nvvmir_version"]
        self.nvvmir_version: Optional[Tuple[int, ...]] = tuple(v) if v is not None else None
        self.triple: Optional[str] = info["triple"]
        self.data_layout: Optional[str] = info["data_layout"]
        self.producer: Optional[str] = info["producer"]

    @property
    def kernels(self) -> List[Function]:
        """The functions that are kernels (``ptx_kernel`` or ``"kernel"`` in ``!nvvm.annotations``)."""
        return [f for f in self.functions if f.is_kernel]

    def print(self, syntax: str = "faithful") -> str:
        """The module as ``.ll`` text: ``faithful`` (its own dialect, nothing left out), ``llvm7``
        (what libNVVM's LLVM 7.0.1 reader takes; what is left out is in :attr:`print_notes`
        after the call) or ``modern`` (opaque pointers)."""
        if syntax not in SYNTAXES:
            raise ValueError(f"syntax must be one of {', '.join(SYNTAXES)}, not {syntax!r}")
        text, notes = self._native.print(syntax)
        self.print_notes: List[str] = notes
        return text

    def to_bitcode(self, dialect: Optional[str] = None) -> bytes:
        """The module as bitcode: ``llvm7`` (LLVM 7.0.1's layout, what libNVVM below compute_100
        and nvJitLink below sm_100 read; typed pointers only), ``modern`` (LLVM 22's, opaque
        pointers; a typed module is upgraded) or, by default, the layout of its own dialect."""
        if dialect not in (None, "llvm7", "modern"):
            raise ValueError(f"dialect must be 'llvm7' or 'modern', not {dialect!r}")
        return self._native.to_bitcode(dialect)

    def convert(self, arch: str, *, keep_kernels: bool = False) -> "Module":
        """The module made into what libNVVM reads for ``arch`` (``nvir convert``): below
        compute_100 LLVM 7 typed-pointer bitcode, from compute_100 on LLVM 22 opaque bitcode.
        The result's :attr:`bitcode` is what to hand libNVVM; its :attr:`convert_notes` say what
        changed. ``keep_kernels`` lists every kernel in ``@llvm.used`` (for LTO-IR). Raises
        :class:`ConvertError` (with ``function`` and ``offset``) for what the arch's path has no
        form for."""
        data, notes = self._native.convert(arch, keep_kernels)
        out = Module(_nvir.read_module(self.file, data), self.file)
        out.bitcode = data
        out.convert_notes = notes
        return out

    def __repr__(self) -> str:
        return (f"<Module {self.file}: {len(self.functions)} functions, {len(self.kernels)} kernels, "
                f"{len(self.globals)} globals, {self.dialect} pointers>")


def read(src: Source, *, name: Optional[str] = None) -> Module:
    """Reads an LLVM IR module: ``.ll`` text in either pointer dialect, bitcode of LLVM 3.8 … 19
    (raw or wrapped), or an NVVM container's raw bitcode payload. Raises :class:`ParseError`
    (with ``line``/``column``/``offset`` for text, ``offset``/``bit_offset`` for bitcode)."""
    module_name, data = _load(src)
    module_name = name or module_name
    return Module(_nvir.read_module(module_name, data), module_name)


from . import container, fatbin, tile  # noqa: E402  (they import the names above)
