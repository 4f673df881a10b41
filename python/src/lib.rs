//! `nvir._nvir`: the native half of the `nvir` Python package. It converts: the judgements are the
//! Rust libraries' (`nvir::verify` is what `nvir verify` runs), and every result becomes plain
//! Python data (dicts, lists, bytes) that `nvir/__init__.py` wraps in small classes. Errors are
//! raised as the exception classes of `nvir._errors`, with file, line, column and byte offset.

use nvir::verify::{self as v, Located, ProgramModule};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use pyo3::IntoPyObjectExt;

/// A Python object of a value whose conversion cannot fail (str, int).
fn obj<'py>(py: Python<'py>, x: impl IntoPyObjectExt<'py>) -> PyObject {
    x.into_py_any(py).unwrap_or_else(|_| py.None())
}

/// Raises `nvir._errors.<class>(message, **fields)`.
fn raise(py: Python<'_>, class: &str, message: String, fields: &[(&str, PyObject)]) -> PyErr {
    let make = || -> PyResult<PyErr> {
        let cls = py.import("nvir._errors")?.getattr(class)?;
        let kwargs = PyDict::new(py);
        for (k, val) in fields {
            kwargs.set_item(k, val)?;
        }
        Ok(PyErr::from_value(cls.call((message.clone(),), Some(&kwargs))?))
    };
    make().unwrap_or_else(|e| e)
}

fn target(py: Python<'_>, arch: &str, nvvm_latest: bool) -> PyResult<nvir_verify::Target> {
    nvir_verify::Target::parse(arch, nvvm_latest).map_err(|e| raise(py, "ArchError", e, &[("arch", obj(py, arch))]))
}

fn located_dict<'py>(py: Python<'py>, d: &Located, file: &str) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    out.set_item("severity", d.severity)?;
    out.set_item("code", d.code)?;
    out.set_item("message", &d.message)?;
    out.set_item("line", d.line)?;
    out.set_item("column", d.column)?;
    out.set_item("offset", d.offset)?;
    out.set_item("function", &d.function)?;
    out.set_item("block", &d.block)?;
    out.set_item("context", &d.context)?;
    out.set_item("help", &d.help)?;
    out.set_item("stage", v::stage_name(d.stage))?;
    out.set_item("file", file)?;
    Ok(out)
}

/// Verifies one module: `{"ok", "compiles", "arch", "dialect", "diagnostics": [...]}` (what
/// `nvir verify --format json` prints).
#[pyfunction]
#[pyo3(signature = (name, data, arch, nvvm_latest=false, first_error=false))]
fn verify_module<'py>(
    py: Python<'py>,
    name: &str,
    data: &[u8],
    arch: &str,
    nvvm_latest: bool,
    first_error: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let t = target(py, arch, nvvm_latest)?;
    let (ok, compiles, located) = py.allow_threads(|| {
        let text = v::diagnostic_text(data);
        let checked = v::check(data, &text, &t, first_error);
        let located = v::locate(&text, &checked.findings, checked.parse_error.as_ref());
        (checked.ok(), checked.compiles(), located)
    });
    let out = PyDict::new(py);
    out.set_item("file", name)?;
    out.set_item("arch", t.to_string())?;
    out.set_item("dialect", t.path.name())?;
    out.set_item("ok", ok)?;
    out.set_item("compiles", compiles)?;
    let diags = PyList::empty(py);
    for d in &located {
        diags.append(located_dict(py, d, name)?)?;
    }
    out.set_item("diagnostics", diags)?;
    Ok(out)
}

/// Verifies modules handed to libNVVM together (`lazy`: added after verification, as numba-cuda
/// adds libdevice): `{"ok", "compiles", "arch", "dialect", "modules": [{"file", "lazy", "ok",
/// "compiles", "diagnostics"}]}`.
#[pyfunction]
#[pyo3(signature = (modules, lazy, arch, nvvm_latest=false))]
fn verify_program<'py>(
    py: Python<'py>,
    modules: Vec<(String, Vec<u8>)>,
    lazy: Vec<(String, Vec<u8>)>,
    arch: &str,
    nvvm_latest: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let t = target(py, arch, nvvm_latest)?;
    let reports = py.allow_threads(|| {
        fn pm((n, b): &(String, Vec<u8>)) -> ProgramModule<'_> {
            ProgramModule { name: n.as_str(), bytes: b.as_slice() }
        }
        let mods: Vec<ProgramModule> = modules.iter().map(pm).collect();
        let lazies: Vec<ProgramModule> = lazy.iter().map(pm).collect();
        v::verify_program(&mods, &lazies, &t)
    });
    let out = PyDict::new(py);
    out.set_item("arch", t.to_string())?;
    out.set_item("dialect", t.path.name())?;
    out.set_item("ok", reports.iter().all(|r| r.ok))?;
    out.set_item("compiles", reports.iter().all(|r| r.compiles))?;
    let list = PyList::empty(py);
    for r in &reports {
        let m = PyDict::new(py);
        m.set_item("file", &r.name)?;
        m.set_item("lazy", r.lazy)?;
        m.set_item("ok", r.ok)?;
        m.set_item("compiles", r.compiles)?;
        let diags = PyList::empty(py);
        for d in &r.diagnostics {
            diags.append(located_dict(py, d, &r.name)?)?;
        }
        m.set_item("diagnostics", diags)?;
        list.append(m)?;
    }
    out.set_item("modules", list)?;
    Ok(out)
}

/// An LLVM IR module read from text or bitcode.
#[pyclass(frozen, module = "nvir._nvir", name = "LlvmModule")]
struct LlvmModule {
    module: nvir_llvm::Module,
    /// For bitcode, the identification block's producer.
    producer: Option<String>,
}

#[pymethods]
impl LlvmModule {
    /// The module printed as `.ll` text: `(text, notes)`; `syntax` is `faithful`, `llvm7` or
    /// `modern`.
    fn print(&self, py: Python<'_>, syntax: &str) -> PyResult<(String, Vec<String>)> {
        let syntax = match syntax {
            "faithful" => nvir_llvm::Syntax::Faithful,
            "llvm7" => nvir_llvm::Syntax::Llvm7,
            "modern" => nvir_llvm::Syntax::Modern,
            other => {
                return Err(PyValueError::new_err(format!(
                    "syntax must be 'faithful', 'llvm7' or 'modern', not {other:?}"
                )))
            }
        };
        let printed = py.allow_threads(|| nvir_llvm::print(&self.module, syntax));
        match printed {
            Ok(p) => Ok((p.text, p.notes)),
            Err(e) => Err(raise(py, "PrintError", e.to_string(), &[])),
        }
    }

    /// The module as bitcode: `llvm7` (LLVM 7.0.1's layout, typed pointers), `modern` (LLVM 22's,
    /// opaque pointers; a typed module is upgraded), or by default the layout of its dialect.
    #[pyo3(signature = (dialect=None))]
    fn to_bitcode<'py>(&self, py: Python<'py>, dialect: Option<&str>) -> PyResult<Bound<'py, PyBytes>> {
        use nvir_llvm::bitcode::Layout;
        let layout = match dialect {
            Some("llvm7") => Layout::Llvm7,
            Some("modern") => Layout::Modern,
            None if self.module.types.dialect() == Some(nvir_llvm::ir::Dialect::OpaquePointers) => Layout::Modern,
            None => Layout::Llvm7,
            Some(other) => {
                return Err(PyValueError::new_err(format!("dialect must be 'llvm7' or 'modern', not {other:?}")))
            }
        };
        match py.allow_threads(|| nvir_llvm::bitcode::write_as(&self.module, layout)) {
            Ok(bytes) => Ok(PyBytes::new(py, &bytes)),
            Err(e) => Err(raise(py, "PrintError", e.to_string(), &[])),
        }
    }

    /// The module made into what libNVVM reads for `arch` (`nvir convert`): its bitcode, and the
    /// notes on what changed. `keep_kernels` lists every kernel in `@llvm.used` (for LTO-IR).
    #[pyo3(signature = (arch, keep_kernels=false))]
    fn convert<'py>(
        &self,
        py: Python<'py>,
        arch: &str,
        keep_kernels: bool,
    ) -> PyResult<(Bound<'py, PyBytes>, Vec<String>)> {
        let t = target(py, arch, false)?;
        let opts = nvir_llvm::convert::Options {
            llvm7: t.path == nvir_verify::Path::Llvm7,
            emit: nvir_llvm::convert::Emit::Bitcode,
            keep_kernels,
            max_output: u64::MAX,
        };
        let module = self.module.clone();
        match py.allow_threads(|| nvir_llvm::convert::convert(module, &opts)) {
            Ok(c) => Ok((PyBytes::new(py, &c.bytes), c.notes.iter().map(|n| n.to_string()).collect())),
            Err(e) => {
                let fields =
                    [("function", obj(py, e.function.as_deref().map(str::to_string))), ("offset", obj(py, e.offset))];
                Err(raise(py, "ConvertError", e.message.clone(), &fields))
            }
        }
    }

    /// `{"functions": [...], "globals": [...], "dialect", "nvvmir_version", "triple",
    /// "data_layout", "producer"}`.
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let info = nvir::module_info::module_info(&self.module);
        let out = PyDict::new(py);
        let functions = PyList::empty(py);
        for f in &info.functions {
            let d = PyDict::new(py);
            d.set_item("name", &f.name)?;
            d.set_item("is_definition", f.is_definition)?;
            d.set_item("is_kernel", f.is_kernel)?;
            d.set_item("linkage", if f.linkage.is_empty() { "external" } else { f.linkage })?;
            functions.append(d)?;
        }
        let globals = PyList::empty(py);
        for g in &info.globals {
            let d = PyDict::new(py);
            d.set_item("name", &g.name)?;
            d.set_item("addr_space", g.addr_space)?;
            d.set_item("is_constant", g.is_constant)?;
            d.set_item("is_definition", g.is_definition)?;
            d.set_item("linkage", if g.linkage.is_empty() { "external" } else { g.linkage })?;
            globals.append(d)?;
        }
        out.set_item("functions", functions)?;
        out.set_item("globals", globals)?;
        out.set_item("dialect", info.dialect)?;
        out.set_item("nvvmir_version", info.nvvmir_version)?;
        out.set_item("triple", info.triple)?;
        out.set_item("data_layout", info.data_layout)?;
        out.set_item("producer", &self.producer)?;
        Ok(out)
    }
}

/// Reads a module (`.ll` text, bitcode raw or wrapped, or an NVVM container's raw bitcode
/// payload) as `nvir print` does; raises `nvir.ParseError` located by line and column (text) or
/// byte offset (bitcode).
#[pyfunction]
fn read_module(py: Python<'_>, name: &str, data: &[u8]) -> PyResult<LlvmModule> {
    enum Failure {
        Empty,
        Input(String),
        Bitcode(String, u64, u64),
        Text(String, usize),
    }
    let read = py.allow_threads(|| {
        if data.is_empty() {
            return Err(Failure::Empty);
        }
        match nvir::bitcode_input(data) {
            Err(e) => Err(Failure::Input(format!("{e:#}"))),
            Ok(nvir::BitcodeInput::Bitcode(bc)) => match nvir_llvm::bitcode::read_with_ident(bc) {
                Ok(r) => Ok((r.module, Some(r.ident.producer.unwrap_or_default()))),
                Err(e) => {
                    // Offsets are in the bitcode; a container's payload starts later in the input.
                    let at = (data.len() - bc.len()) as u64;
                    Err(Failure::Bitcode(e.to_string(), at + e.byte_offset(), at * 8 + e.bit_offset()))
                }
            },
            Ok(nvir::BitcodeInput::Text) => match nvir_llvm::parse_bytes(data) {
                Ok(m) => Ok((m, None)),
                Err(e) => Err(Failure::Text(e.message().to_string(), e.span().start)),
            },
        }
    });
    let file = obj(py, name);
    match read {
        Ok((module, producer)) => Ok(LlvmModule { module, producer }),
        Err(Failure::Empty) => Err(raise(py, "ParseError", "empty input".into(), &[("file", file)])),
        Err(Failure::Input(msg)) => Err(raise(py, "ParseError", msg, &[("file", file)])),
        Err(Failure::Bitcode(msg, byte, bit)) => Err(raise(
            py,
            "ParseError",
            msg,
            &[("file", file), ("offset", obj(py, byte)), ("bit_offset", obj(py, bit))],
        )),
        Err(Failure::Text(msg, at)) => {
            let text = nvir_diag::text_with_same_offsets(data);
            let at = at.min(text.len());
            let (line, col) = nvir_diag::LineIndex::new(&text).line_col(&text, floor_char(&text, at));
            Err(raise(
                py,
                "ParseError",
                msg,
                &[("file", file), ("line", obj(py, line)), ("column", obj(py, col)), ("offset", obj(py, at))],
            ))
        }
    }
}

fn floor_char(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A serde_json value as Python data.
fn json_to_py(py: Python<'_>, value: &serde_json::Value) -> PyResult<PyObject> {
    use serde_json::Value as J;
    Ok(match value {
        J::Null => py.None(),
        J::Bool(b) => obj(py, *b),
        J::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => obj(py, u),
            (None, Some(i)) => obj(py, i),
            _ => obj(py, n.as_f64().unwrap_or(f64::NAN)),
        },
        J::String(s) => obj(py, s),
        J::Array(a) => {
            let list = PyList::empty(py);
            for x in a {
                list.append(json_to_py(py, x)?)?;
            }
            list.into_any().unbind()
        }
        J::Object(o) => {
            let d = PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, json_to_py(py, x)?)?;
            }
            d.into_any().unbind()
        }
    })
}

fn serialized(py: Python<'_>, value: impl serde::Serialize) -> PyResult<PyObject> {
    let v = serde_json::to_value(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    json_to_py(py, &v)
}

/// Reads an NVVM container: what `nvir container dump --format json` describes, the version
/// findings of `policy` (`cuda` or `seed`), and the payload bytes.
#[pyfunction]
#[pyo3(signature = (name, data, policy="cuda"))]
fn container_read<'py>(py: Python<'py>, name: &str, data: &[u8], policy: &str) -> PyResult<Bound<'py, PyDict>> {
    let policy = match policy {
        "cuda" => nvir_container::Policy::Cuda,
        "seed" => nvir_container::Policy::Seed,
        other => return Err(PyValueError::new_err(format!("policy must be 'cuda' or 'seed', not {other:?}"))),
    };
    let c = match nvir_container::read(data) {
        Ok(c) => c,
        Err(e) => {
            let d = e.to_diagnostic();
            let mut fields = vec![("file", obj(py, name))];
            if let Some(s) = d.span {
                fields.push(("offset", obj(py, s.start)));
            }
            let msg = if data.is_empty() { "empty input".to_string() } else { d.message.clone() };
            return Err(raise(py, "ContainerError", msg, &fields));
        }
    };
    let out = PyDict::new(py);
    out.set_item("file", name)?;
    out.set_item("dump", serialized(py, nvir_container::describe(&c))?)?;
    let findings = PyList::empty(py);
    for d in nvir_container::check_versions(&c, policy) {
        let f = PyDict::new(py);
        f.set_item("severity", if d.is_error() { "error" } else { "warning" })?;
        f.set_item("code", d.code)?;
        f.set_item("message", &d.message)?;
        f.set_item("offset", d.span.map(|s| s.start))?;
        findings.append(f)?;
    }
    out.set_item("diagnostics", findings)?;
    out.set_item("payload", PyBytes::new(py, c.payload.as_ref()))?;
    Ok(out)
}

/// Wraps LLVM bitcode in a container nvJitLink and nvlink link (`nvir container wrap`).
#[pyfunction]
#[pyo3(signature = (bitcode, arch, ir_level="lto"))]
fn container_wrap<'py>(py: Python<'py>, bitcode: &[u8], arch: &str, ir_level: &str) -> PyResult<Bound<'py, PyBytes>> {
    let level = match ir_level {
        "lto" => nvir_container::IR_LEVEL_LTO,
        "optix" => nvir_container::IR_LEVEL_OPTIX,
        "linked" => nvir_container::IR_LEVEL_LINKED,
        other => {
            return Err(PyValueError::new_err(format!("ir_level must be 'lto', 'optix' or 'linked', not {other:?}")))
        }
    };
    let t: nvir_container::Target = arch
        .parse()
        .map_err(|e: nvir_container::BadTarget| raise(py, "ArchError", e.to_string(), &[("arch", obj(py, arch))]))?;
    let c = nvir_container::wrap(bitcode, &t, level).map_err(|e| raise(py, "ContainerError", e.to_string(), &[]))?;
    let bytes = nvir_container::write(&c).map_err(|e| raise(py, "ContainerError", e.to_string(), &[]))?;
    Ok(PyBytes::new(py, &bytes))
}

/// Lists the PTX, cubins and LTO-IR of an ELF object, fatbin or archive, as cuobjdump names
/// them: `{"input", "entries": [...]}`; each entry's content with `data`.
#[pyfunction]
fn fatbin_list<'py>(py: Python<'py>, name: &str, data: &[u8]) -> PyResult<Bound<'py, PyDict>> {
    let fail = |e: nvir_fatbin::Error| {
        let d = e.to_diagnostic();
        let mut fields = vec![("file", obj(py, name))];
        if let Some(s) = d.span {
            fields.push(("offset", obj(py, s.start)));
        }
        raise(py, "FatbinError", d.message, &fields)
    };
    let listing = nvir_fatbin::list(data).map_err(fail)?;
    if listing.input == nvir_fatbin::InputKind::Unknown {
        return Err(raise(
            py,
            "FatbinError",
            "not an ELF object, fatbin or ar archive".into(),
            &[("file", obj(py, name))],
        ));
    }
    let stem = std::path::Path::new(name).file_stem().map_or("out".into(), |s| s.to_string_lossy().into_owned());
    let out = PyDict::new(py);
    out.set_item("input", listing.input.as_str())?;
    let entries = PyList::empty(py);
    for (i, (e, fname)) in listing.entries.iter().zip(nvir_fatbin::FileNames::new(&listing, &stem)).enumerate() {
        let d = PyDict::new(py);
        d.set_item("index", i)?;
        d.set_item("name", fname)?;
        d.set_item("kind", e.kind.name())?;
        d.set_item("arch", e.arch.to_string())?;
        d.set_item("sm", e.arch.number)?;
        d.set_item("code_version", (e.code_version.0, e.code_version.1))?;
        d.set_item("host", e.host())?;
        d.set_item("debug", e.has_debug_info())?;
        d.set_item("identifier", e.identifier.map(String::from_utf8_lossy))?;
        d.set_item("options", e.options.map(String::from_utf8_lossy))?;
        d.set_item("compression", serialized(py, e.compression)?)?;
        d.set_item("offset", e.offset)?;
        d.set_item("member", e.origin.member_name())?;
        d.set_item("section", e.origin.section)?;
        match nvir_fatbin::extract(e) {
            Ok(x) => {
                d.set_item("data", PyBytes::new(py, &x.bytes))?;
                d.set_item("ltoir", x.ltoir.map(|f| f.as_str()))?;
                d.set_item("error", py.None())?;
            }
            Err(err) => {
                d.set_item("data", py.None())?;
                d.set_item("ltoir", py.None())?;
                d.set_item("error", err.to_diagnostic().message)?;
            }
        }
        entries.append(d)?;
    }
    out.set_item("entries", entries)?;
    Ok(out)
}

/// A CUDA Tile IR bytecode module.
#[pyclass(frozen, module = "nvir._nvir", name = "TileModule")]
struct TileModule {
    module: nvir_tile::Module,
    name: String,
}

#[pymethods]
impl TileModule {
    /// The bytecode version (`13.1` … `13.5`).
    #[getter]
    fn version(&self) -> String {
        self.module.version.to_string()
    }

    /// The functions' names.
    #[getter]
    fn functions(&self) -> Vec<String> {
        self.module.functions.iter().map(|f| String::from_utf8_lossy(self.module.string(f.name)).into_owned()).collect()
    }

    /// `tileirdisasm`'s text (`debug`: with locations).
    #[pyo3(signature = (debug=false))]
    fn dis(&self, py: Python<'_>, debug: bool) -> PyResult<String> {
        let mut out = Vec::new();
        nvir_tile::print_to(&self.module, &nvir_tile::PrintOptions { debug }, &mut out)
            .map_err(|e| raise(py, "TileError", e.to_string(), &[]))?;
        String::from_utf8(out).map_err(|e| raise(py, "TileError", e.to_string(), &[]))
    }

    /// `nvir tile dump --format json`'s listing, as a JSON text.
    fn dump_json(&self, py: Python<'_>) -> PyResult<String> {
        let mut out = Vec::new();
        nvir::tile::dump_json(&mut out, &self.module, &self.name)
            .map_err(|e| raise(py, "TileError", e.to_string(), &[]))?;
        String::from_utf8(out).map_err(|e| raise(py, "TileError", e.to_string(), &[]))
    }

    /// What `tileiras` would refuse: `[(message, offset)]`.
    fn validate(&self) -> Vec<(String, usize)> {
        nvir_tile::validate(&self.module).into_iter().map(|f| (f.message, f.offset)).collect()
    }

    /// The bytecode written back (byte-identical for a module read unchanged), or retargeted to
    /// `target_version`.
    #[pyo3(signature = (target_version=None))]
    fn to_bytes<'py>(&self, py: Python<'py>, target_version: Option<&str>) -> PyResult<Bound<'py, PyBytes>> {
        let fail = |msg: String| raise(py, "TileError", msg, &[]);
        let bytes = match target_version {
            None => nvir_tile::write(&self.module).map_err(|e| fail(e.message().to_string()))?,
            Some(v) => {
                let v: nvir_tile::Version = v.parse().map_err(PyValueError::new_err)?;
                let m = nvir_tile::retarget(&self.module, v).map_err(|e| fail(e.message().to_string()))?;
                nvir_tile::write(&m).map_err(|e| fail(e.message().to_string()))?
            }
        };
        Ok(PyBytes::new(py, &bytes))
    }
}

/// Reads CUDA Tile IR bytecode; raises `nvir.TileError` with the byte offset.
#[pyfunction]
fn tile_read(py: Python<'_>, name: &str, data: &[u8]) -> PyResult<TileModule> {
    match py.allow_threads(|| nvir_tile::read(data)) {
        Ok(module) => Ok(TileModule { module, name: name.to_string() }),
        Err(e) => {
            let mut fields = vec![("file", obj(py, name))];
            if let Some(o) = e.offset() {
                fields.push(("offset", obj(py, o)));
            }
            Err(raise(py, "TileError", e.message().to_string(), &fields))
        }
    }
}

/// Parses `tileirdisasm`'s text back into a module (`nvir tile as`).
#[pyfunction]
#[pyo3(signature = (text, name="<text>", target_version=None))]
fn tile_parse(py: Python<'_>, text: &str, name: &str, target_version: Option<&str>) -> PyResult<TileModule> {
    let version: nvir_tile::Version = target_version.unwrap_or("13.5").parse().map_err(PyValueError::new_err)?;
    nvir_tile::parse(text, version)
        .map(|module| TileModule { module, name: name.to_string() })
        .map_err(|e| raise(py, "TileError", e.message().to_string(), &[]))
}

/// The native module.
#[pymodule]
fn _nvir(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(verify_module, m)?)?;
    m.add_function(wrap_pyfunction!(verify_program, m)?)?;
    m.add_function(wrap_pyfunction!(read_module, m)?)?;
    m.add_function(wrap_pyfunction!(container_read, m)?)?;
    m.add_function(wrap_pyfunction!(container_wrap, m)?)?;
    m.add_function(wrap_pyfunction!(fatbin_list, m)?)?;
    m.add_function(wrap_pyfunction!(tile_read, m)?)?;
    m.add_function(wrap_pyfunction!(tile_parse, m)?)?;
    m.add_class::<LlvmModule>()?;
    m.add_class::<TileModule>()?;
    Ok(())
}
