//! What `nvir verify` decides about one module, and how it locates each finding: shared by the
//! CLI and the Python bindings (`python/`), so that both give the same verdict and diagnostics.
//!
//! Besides the one-module judgement, [`verify_program`] judges several modules handed to libNVVM
//! together (`nvvmAddModuleToProgram` for each, then `nvvmVerifyProgram`), with modules added
//! lazily after verification (`nvvmLazyAddModuleToProgram`, as numba-cuda adds libdevice).

use nvir_diag::{Diagnostic, LineIndex, Span};
use nvir_llvm::ir::module::Linkage;
use nvir_llvm::Module;
use nvir_verify::{Finding, Location, Severity, Target};

pub use nvir_verify::Stage;

/// The name of a stage as the JSON writes it.
pub fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Compile => "compile",
        _ => "verify",
    }
}

/// A module as the verifier reads it.
pub struct ReadModule {
    /// The module.
    pub module: Module,
    /// For bitcode, the producer its identification block names (`LLVM14.0.6`; empty when none).
    pub producer: Option<String>,
}

/// Reads a module (`.ll` text, bitcode, or an NVVM container's raw bitcode payload) as
/// libNVVM's reader for `target` does; the error is the diagnostic `nvir verify` reports.
pub fn read_module(bytes: &[u8], target: &Target) -> Result<ReadModule, Box<Diagnostic>> {
    read_module_text(bytes, None, target)
}

/// [`read_module`], where `text` is `bytes` as text when the caller has found them UTF-8 (the
/// reader then does not check a large input a second time).
fn read_module_text(bytes: &[u8], text: Option<&str>, target: &Target) -> Result<ReadModule, Box<Diagnostic>> {
    if bytes.is_empty() {
        // libNVVM refuses an empty buffer when it is added (NVVM_ERROR_INVALID_INPUT, no log).
        return Err(Box::new(
            Diagnostic::error("empty input: libNVVM refuses a module of no bytes (NVVM_ERROR_INVALID_INPUT)")
                .with_code("input-empty"),
        ));
    }
    match crate::bitcode_input(bytes) {
        Err(e) => Err(Box::new(Diagnostic::error(format!("{e:#}")).with_code("bc-input"))),
        Ok(crate::BitcodeInput::Bitcode(bc)) => nvir_llvm::bitcode::read_with_ident(bc)
            .map(|r| ReadModule { module: r.module, producer: Some(r.ident.producer.unwrap_or_default()) })
            // Worded as libNVVM words its reader's errors (`parse …`).
            .map_err(|e| Box::new(Diagnostic::error(format!("parse {e}")).with_code("bc-read"))),
        Ok(crate::BitcodeInput::Text) => {
            let parsed = match text {
                Some(text) => nvir_verify::parse_str(text, target),
                None => nvir_verify::parse_text(bytes, target),
            };
            parsed.map(|module| ReadModule { module, producer: None }).map_err(|e| {
                let mut d = e.to_diagnostic();
                d.message = format!("parse {}", d.message);
                // libNVVM's reader may stop before nvir's, at text nvir's reader takes.
                let stop = u32::try_from(e.span().start).unwrap_or(u32::MAX);
                if let Some(f) = nvir_verify::reader_stop_before(bytes, target, stop) {
                    let text = diagnostic_text(bytes);
                    let mut found = [f];
                    nvir_verify::locate_tokens(&mut found, &text);
                    let same = found[0].location.offset() == Some(stop);
                    let mut earlier = to_diagnostic(&found[0], &text);
                    if !same {
                        earlier.notes.push(format!("nvir's reader stops later: {}", d.message));
                    }
                    return Box::new(earlier);
                }
                Box::new(d)
            })
        }
    }
}

/// The text diagnostics about `bytes` are located in: the input itself for `.ll` text (byte
/// offsets kept, see [`nvir_diag::text_with_same_offsets`]); nothing for bitcode, whose
/// diagnostics have no line and column (a copy of a large binary input would only cost memory).
pub fn diagnostic_text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    if is_binary(bytes) {
        std::borrow::Cow::Borrowed("")
    } else {
        nvir_diag::text_with_same_offsets(bytes)
    }
}

/// Whether `bytes` are bitcode or an NVVM container (binary: no text to quote in diagnostics).
pub fn is_binary(bytes: &[u8]) -> bool {
    nvir_llvm::bitcode::is_bitcode(bytes) || nvir_container::has_magic(bytes)
}

/// Verifies a module read by [`read_module`]; `text` is its bytes as text (reader findings are
/// moved onto the token they are about).
pub fn verify_module(r: &ReadModule, target: &Target, text: &str) -> Vec<Finding> {
    match &r.producer {
        Some(p) => nvir_verify::verify_bitcode(&r.module, target, p),
        None => {
            let mut f = nvir_verify::verify_as_read(&r.module, target);
            nvir_verify::locate_tokens(&mut f, text);
            f
        }
    }
}

/// The judgement of one module.
pub struct Checked {
    /// The module, when it could be read.
    pub module: Option<ReadModule>,
    /// The verifier's findings, in libNVVM's order.
    pub findings: Vec<Finding>,
    /// Why the module could not be read.
    pub parse_error: Option<Diagnostic>,
    /// Whether a finding makes `nvvmCompileProgram` fail (found before `first_error` cut any).
    pub fails_compile: bool,
}

impl Checked {
    /// Whether libNVVM's `nvvmVerifyProgram` accepts the module.
    pub fn ok(&self) -> bool {
        self.parse_error.is_none() && nvir_verify::accepts(&self.findings)
    }

    /// Whether libNVVM's `nvvmCompileProgram` (same arch, default options) compiles the module:
    /// nothing it fails on, whether or not `nvvmVerifyProgram` accepts the module (the compiler
    /// does not run the verifier, and compiles many modules it rejects).
    pub fn compiles(&self) -> bool {
        self.parse_error.is_none() && !self.fails_compile
    }

    /// The message of the first error, the one libNVVM prints (empty when there is none).
    pub fn first_error(&self) -> String {
        self.findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| f.message.clone())
            .chain(self.parse_error.iter().map(|d| d.message.clone()))
            .next()
            .unwrap_or_default()
    }

    /// The codes of the errors (for a batch summary).
    pub fn error_codes(&self) -> Vec<&'static str> {
        let mut codes: Vec<&'static str> =
            self.findings.iter().filter(|f| f.severity == Severity::Error).map(|f| f.code).collect();
        codes.extend(self.parse_error.as_ref().and_then(|d| d.code));
        codes
    }
}

/// Reads and verifies one module; `first_error` keeps only the findings up to the first error
/// (the one libNVVM prints).
pub fn check(bytes: &[u8], text: &str, target: &Target, first_error: bool) -> Checked {
    // `text` is `bytes` themselves when they are UTF-8 ([`diagnostic_text`]).
    let same = text.len() == bytes.len() && std::ptr::eq(text.as_ptr(), bytes.as_ptr());
    check_read(read_module_text(bytes, same.then_some(text), target), target, text, first_error)
}

/// Verifies what [`read_module`] gave: [`check`] in two steps, so that a caller can free a
/// binary input between them (a module read from bitcode quotes no source; the input would only
/// add its size to the verifier's peak memory).
pub fn check_read(
    read: Result<ReadModule, Box<Diagnostic>>,
    target: &Target,
    text: &str,
    first_error: bool,
) -> Checked {
    match read {
        Ok(r) => {
            let mut findings = verify_module(&r, target, text);
            let fails_compile = !nvir_verify::compiles(&findings);
            if first_error {
                truncate_at_first_error(&mut findings);
            }
            Checked { module: Some(r), findings, parse_error: None, fails_compile }
        }
        Err(d) => Checked { module: None, findings: Vec::new(), parse_error: Some(*d), fails_compile: true },
    }
}

fn truncate_at_first_error(findings: &mut Vec<Finding>) {
    if let Some(first) = findings.iter().position(|x| x.severity == Severity::Error) {
        findings.truncate(first + 1);
    }
}

/// One diagnostic as `nvir verify --format json` writes it (these fields, in this order), with
/// what the JSON leaves out kept beside it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Located {
    /// `error` or `warning`.
    pub severity: &'static str,
    /// The stable code (`nvvm-fence`, `bc-read`, …).
    pub code: Option<&'static str>,
    /// The message, beginning with libNVVM's text for the rule.
    pub message: String,
    /// 1-based line in the text, when located.
    pub line: Option<usize>,
    /// 1-based column (in characters), when located.
    pub column: Option<usize>,
    /// The function it is in or about.
    pub function: Option<String>,
    /// The block it is in.
    pub block: Option<String>,
    /// The text around the column on its line.
    pub context: Option<String>,
    /// How to fix it.
    pub help: Option<String>,
    /// The call of libNVVM that reports it: `verify` (`nvvmVerifyProgram`) or `compile`
    /// (`nvvmCompileProgram`, on a module the verifier accepts).
    pub stage: Stage,
    /// The byte offset in the input, when located.
    #[serde(skip)]
    pub offset: Option<usize>,
    /// Whether `nvvmCompileProgram` fails on it too.
    #[serde(skip)]
    pub fails_compile: bool,
}

/// The widest context a diagnostic carries, in characters either side of the column.
const CONTEXT: usize = 60;

/// Every finding and the parse error of a module, located in its text.
pub fn locate(text: &str, findings: &[Finding], parse_error: Option<&Diagnostic>) -> Vec<Located> {
    // Lines are indexed only when something is to be located.
    let idx = std::cell::OnceCell::new();
    let located = |at: Option<usize>| match at {
        Some(at) => {
            let (l, c, t) = line_col(text, idx.get_or_init(|| LineIndex::new(text)), at);
            (Some(l), Some(c), Some(t))
        }
        None => (None, None, None),
    };
    let mut out: Vec<Located> = findings
        .iter()
        .map(|f| {
            let (function, block) = where_(&f.location);
            let offset = focus(f, text);
            let (line, column, context) = located(offset);
            Located {
                severity: match f.severity {
                    Severity::Error => "error",
                    _ => "warning",
                },
                code: Some(f.code),
                message: f.message.clone(),
                line,
                column,
                function: function.map(str::to_string),
                block: block.map(str::to_string),
                context,
                help: f.help.clone(),
                stage: f.stage(),
                offset,
                fails_compile: f.fails_compile,
            }
        })
        .collect();
    if let Some(d) = parse_error {
        let offset = d.span.map(|s| floor_char(text, s.start.min(text.len())));
        let (line, column, context) = located(offset);
        out.push(Located {
            severity: "error",
            code: d.code,
            message: d.message.clone(),
            line,
            column,
            function: None,
            block: None,
            context,
            help: d.help.first().cloned(),
            stage: Stage::Verify,
            offset,
            // The compiler reads the module with the same reader.
            fails_compile: true,
        });
    }
    out
}

/// Line and column (1-based, in characters) at a byte offset, and the text around it on its line
/// (at most `CONTEXT` characters either side, marked `…` where cut: a one-line module of
/// megabytes must not be copied into every diagnostic).
fn line_col(text: &str, idx: &LineIndex, offset: usize) -> (usize, usize, String) {
    let at = floor_char(text, offset.min(text.len()));
    let (line, col) = idx.line_col(text, at);
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let before: Vec<(usize, char)> = text[start..at].char_indices().collect();
    let from = if before.len() > CONTEXT { start + before[before.len() - CONTEXT].0 } else { start };
    let to = text[at..end].char_indices().nth(CONTEXT).map_or(end, |(i, _)| at + i);
    let mut snippet = String::new();
    if from > start {
        snippet.push('…');
    }
    snippet.push_str(text[from..to].trim_end());
    if to < end {
        snippet.push('…');
    }
    let snippet = if from == start { snippet.trim_start().to_string() } else { snippet };
    (line, col, snippet)
}

fn floor_char(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The token that starts at `at`: a quoted string, or a run of characters up to whitespace or
/// punctuation (one character at least), on the same line.
fn token_end(text: &str, at: usize) -> usize {
    let bytes = text.as_bytes();
    let Some(&first) = bytes.get(at) else { return at };
    let mut end = at + 1;
    if first == b'"' || (matches!(first, b'@' | b'%' | b'!') && bytes.get(at + 1) == Some(&b'"')) {
        end = if first == b'"' { at + 1 } else { at + 2 };
        while end < bytes.len() && bytes[end] != b'"' && bytes[end] != b'\n' {
            end += 1;
        }
        return (end + 1).min(bytes.len());
    }
    while end < bytes.len() && !bytes[end].is_ascii_whitespace() && !b",()[]{}<>=*;:".contains(&bytes[end]) {
        end += 1;
    }
    floor_char(text, end.min(text.len())).max(at + 1).min(text.len())
}

/// Where a finding points: its offset, moved past an instruction's `%name =` onto its opcode.
fn focus(f: &Finding, text: &str) -> Option<usize> {
    let at = floor_char(text, (f.location.offset()? as usize).min(text.len()));
    if !matches!(f.location, Location::Instruction { .. }) || !text[at..].starts_with('%') {
        return Some(at);
    }
    let name_end = token_end(text, at);
    let rest = &text[name_end..];
    let after_eq = rest.trim_start_matches([' ', '\t']).strip_prefix('=').map(|r| r.trim_start_matches([' ', '\t']));
    Some(after_eq.map_or(at, |r| text.len() - r.len()))
}

fn where_(l: &Location) -> (Option<&str>, Option<&str>) {
    match l {
        Location::Function { name, .. } => (Some(name), None),
        Location::Instruction { function, block, .. } => (Some(function), Some(block)),
        _ => (None, None),
    }
}

/// A finding as a diagnostic for human output (spanned on its token, with notes and help).
pub fn to_diagnostic(f: &Finding, text: &str) -> Diagnostic {
    let mut d = match f.severity {
        Severity::Error => Diagnostic::error(&f.message),
        _ => Diagnostic::warning(&f.message),
    }
    .with_code(f.code);
    if let Some(at) = focus(f, text) {
        d = d.with_span(Span::new(at, token_end(text, at)));
    }
    match &f.location {
        Location::Global { name, .. } => d = d.with_note(format!("in global value `@{name}`")),
        Location::Function { name, .. } => d = d.with_note(format!("in function `@{name}`")),
        Location::Instruction { function, block, .. } if f.location.offset().is_none() => {
            d = d.with_note(format!("in function `@{function}`, block `{block}`"));
        }
        _ => {}
    }
    if f.stage() == Stage::Compile {
        d = d.with_note("stage: compile (nvvmVerifyProgram accepts the module; nvvmCompileProgram fails)");
    }
    if let Some(h) = &f.help {
        d = d.with_help(h.clone());
    }
    d
}

/// One module of a program: its name (as libNVVM's log names it) and bytes.
pub struct ProgramModule<'a> {
    /// The name given to `nvvmAddModuleToProgram`.
    pub name: &'a str,
    /// Its bytes (text, bitcode or a container's raw bitcode payload).
    pub bytes: &'a [u8],
}

/// The judgement of one module of a program, located in its text.
pub struct ModuleReport {
    /// The module's name.
    pub name: String,
    /// Whether the module was added lazily (after verification).
    pub lazy: bool,
    /// Its diagnostics, located in its own text.
    pub diagnostics: Vec<Located>,
    /// Whether nothing in it stops `nvvmVerifyProgram`.
    pub ok: bool,
    /// Whether nothing in it stops `nvvmCompileProgram` (which does not run the verifier).
    pub compiles: bool,
}

/// Judges modules handed to libNVVM together: `modules` are added and verified (libNVVM links
/// them first: an external symbol defined in two of them is its `link error`, reported on the
/// later one), `lazy` are added after verification as numba-cuda adds libdevice, so they must be
/// readable but are not verified (libNVVM links only what the program uses from them).
///
/// Each module is verified on its own: nvir has no linker yet, so rules that would need the
/// linked module (a call into another module, mismatched declarations) are not checked across
/// modules.
pub fn verify_program(modules: &[ProgramModule<'_>], lazy: &[ProgramModule<'_>], target: &Target) -> Vec<ModuleReport> {
    let mut reports = Vec::new();
    // External definitions seen so far: name → module that defined it.
    let mut defined: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    for (i, pm) in modules.iter().chain(lazy).enumerate() {
        let is_lazy = i >= modules.len();
        let text = diagnostic_text(pm.bytes);
        let mut checked = check(pm.bytes, &text, target, false);
        if is_lazy {
            // Read (a module libNVVM cannot read fails the compile), not verified.
            checked.findings.clear();
            checked.fails_compile = checked.parse_error.is_some();
        }
        let mut diagnostics = locate(&text, &checked.findings, checked.parse_error.as_ref());
        if let (Some(r), false) = (&checked.module, is_lazy) {
            for (name, offset) in external_definitions(&r.module) {
                if let Some(first) = defined.get(&name) {
                    diagnostics.insert(0, link_duplicate(&name, first, &text, offset));
                } else {
                    defined.insert(name, pm.name.to_string());
                }
            }
        }
        let ok = !diagnostics.iter().any(|d| d.severity == "error");
        let compiles = !diagnostics.iter().any(|d| d.fails_compile);
        reports.push(ModuleReport { name: pm.name.to_string(), lazy: is_lazy, diagnostics, ok, compiles });
    }
    reports
}

/// libNVVM's link error for a symbol defined again.
fn link_duplicate(name: &str, first: &str, text: &str, offset: Option<u32>) -> Located {
    let offset = offset.map(|o| floor_char(text, (o as usize).min(text.len())));
    let (line, column, context) = match offset {
        Some(at) => {
            let (l, c, t) = line_col(text, &LineIndex::new(text), at);
            (Some(l), Some(c), Some(t))
        }
        None => (None, None, None),
    };
    Located {
        severity: "error",
        code: Some("nvvm-link-duplicate"),
        message: format!("link error: error: Linking globals named '{name}': symbol multiply defined!"),
        line,
        column,
        function: None,
        block: None,
        context,
        help: Some(format!("`@{name}` is already defined in {first}: make one of them internal, or drop one")),
        stage: Stage::Verify,
        offset,
        // The compiler links the program first too.
        fails_compile: true,
    }
}

/// The functions and global variables a module defines with a linkage the linker refuses to see
/// twice, with where they start.
fn external_definitions(m: &Module) -> Vec<(String, Option<u32>)> {
    let strong = |l: Linkage| matches!(l, Linkage::External | Linkage::ExternalExplicit);
    let mut out = Vec::new();
    for (_, f) in m.functions.iter() {
        if f.is_definition && strong(f.props.linkage) {
            out.push((f.name.to_string(), f.source.start));
        }
    }
    for (_, g) in m.globals.iter() {
        if g.init.is_some() && strong(g.props.linkage) {
            out.push((g.name.to_string(), g.source));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_symbol_defined_twice_is_a_link_error_on_the_later_module() {
        let t = Target::parse("compute_90", false).unwrap();
        let src = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/saxpy.ll")).unwrap();
        let one = verify_program(&[ProgramModule { name: "a.ll", bytes: &src }], &[], &t);
        assert!(one[0].ok, "{:?}", one[0].diagnostics);
        let two = verify_program(
            &[ProgramModule { name: "a.ll", bytes: &src }, ProgramModule { name: "b.ll", bytes: &src }],
            &[],
            &t,
        );
        assert!(two[0].ok);
        assert!(!two[1].ok);
        assert_eq!(two[1].diagnostics[0].code, Some("nvvm-link-duplicate"));
        assert!(two[1].diagnostics[0].message.starts_with("link error: error: Linking globals named 'saxpy'"));
    }
}
