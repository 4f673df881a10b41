//! The NVVM IR verifier: whether libNVVM accepts a module for a target, and exactly why not, with
//! every problem at once.
//!
//! What is checked, with which message and in which order follows libNVVM 13.5 as measured
//! (`docs/libnvvm-verifier-facts.md`), not the reverse-engineered seeds where they
//! differ. libNVVM stops at its first error; [`verify`] goes on, and orders its findings as
//! libNVVM reports, so the first error is the one libNVVM would print. Each message begins with
//! libNVVM's own text for the rule (without its `: Function `f': ` location prefix).
//!
//! Layers: first the IR's own rules ([`nvir_llvm::ir::validate`], which a module built or edited
//! through the API may break), then, in libNVVM's order, the reader (`syntax`: what the target's
//! reader cannot read),
//! the IR version, the module (triple, data layout), global variables, global value names and
//! linkage, then each function (its own properties first, then its instructions and intrinsic
//! calls).

#![deny(missing_docs)]

mod attrs;
mod bitcode7;
mod callee;
mod compile;
mod function;
mod intrinsics;
mod llvmverifier;
mod locate;
mod module;
mod stop;
mod structural;
mod syntax;
mod target;
mod tbaa;
mod warnings;

pub use locate::{locate_tokens, Token};
pub use module::{annotation_properties, global_of, md_int};
pub use stop::reader_stop_before;
pub use target::{Path, Target, Variant};

use nvir_llvm::ir::module::GlobalDef;
use nvir_llvm::ir::{BlockId, InstId};
use nvir_llvm::Module;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Severity {
    /// libNVVM accepts it; something will happen at compile time that the user should know.
    Warning,
    /// libNVVM rejects the module.
    Error,
}

/// Where a finding is.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Location {
    /// The module as a whole.
    Module,
    /// A global variable, alias or function as a global value.
    Global {
        /// Its name.
        name: String,
        /// Where it starts in the text, when known.
        offset: Option<u32>,
    },
    /// A function (its header).
    Function {
        /// Its name.
        name: String,
        /// Where it starts in the text, when known.
        offset: Option<u32>,
    },
    /// An instruction.
    Instruction {
        /// The function's name.
        function: String,
        /// The block's name (empty when numbered).
        block: String,
        /// The block.
        block_id: BlockId,
        /// The instruction.
        inst: InstId,
        /// Where it starts in the text, when known.
        offset: Option<u32>,
    },
    /// A place in the text (the reader's findings).
    Text(u32),
}

impl Location {
    /// Instruction `inst` of block `block` in `f`.
    pub fn instruction(f: &nvir_llvm::ir::Function, block: BlockId, inst: InstId) -> Location {
        Location::Instruction {
            function: f.name.to_string(),
            block: f.blocks[block].name.as_str().unwrap_or("").to_string(),
            block_id: block,
            inst,
            offset: f.inst_offset(inst),
        }
    }

    /// The byte offset in the text, when known.
    pub fn offset(&self) -> Option<u32> {
        match self {
            Location::Module => None,
            Location::Global { offset, .. }
            | Location::Function { offset, .. }
            | Location::Instruction { offset, .. } => *offset,
            Location::Text(at) => Some(*at),
        }
    }
}

/// libNVVM's class of failure, which decides its return code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Class {
    /// The reader rejects the text (`parse …` in libNVVM's log).
    Parse,
    /// `!nvvmir.version` or the debug version: libNVVM returns NVVM_ERROR_IR_VERSION_MISMATCH (3).
    Version,
    /// The verifier rejects the module: NVVM_ERROR_INVALID_IR (6).
    Verifier,
    /// The verifier accepts it, but `nvvmCompileProgram` fails: NVVM_ERROR_COMPILATION (9), or
    /// the compiler crashes.
    Compile,
}

/// Which of libNVVM's calls reports a finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Stage {
    /// `nvvmVerifyProgram` (an error rejects the module; a warning is logged).
    Verify,
    /// `nvvmCompileProgram`: the module verifies, but compiling it for the target fails.
    Compile,
}

/// One problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Error or warning.
    pub severity: Severity,
    /// A stable code (`nvvm-fence`, `nvvm-datalayout`, …).
    pub code: &'static str,
    /// The message, beginning with libNVVM's text for the rule.
    pub message: String,
    /// Where.
    pub location: Location,
    /// How to fix it, when there is a clear way.
    pub help: Option<String>,
    /// libNVVM's class of failure.
    pub class: Class,
    /// For a reader finding, the token the reader stops at ([`locate_tokens`] moves the
    /// location onto it).
    pub token: Option<Token>,
    /// Whether `nvvmCompileProgram` (same arch, default options) fails on this too: always for a
    /// compile-stage error; for a verify-stage error, as measured for its rule (libNVVM's compiler
    /// does not run its verifier, and compiles many modules the verifier rejects).
    pub fails_compile: bool,
}

impl Finding {
    /// The call that reports it.
    pub fn stage(&self) -> Stage {
        if self.class == Class::Compile {
            Stage::Compile
        } else {
            Stage::Verify
        }
    }
}

/// Findings as a layer collects them.
#[derive(Debug, Default)]
pub(crate) struct Findings(Vec<Finding>, Repeats);

/// How many findings of each code were made, and whether the last one was left out (so that its
/// help and token are not given to another). (Fx-hashed: a list is made per call site, and a
/// randomly seeded map cost a seed for each; nothing reads the counts in the map's order.)
#[derive(Debug, Default)]
pub(crate) struct Repeats {
    counts: rustc_hash::FxHashMap<&'static str, usize>,
    last_dropped: bool,
}

impl Repeats {
    /// One finding of `code` fewer (it was taken back).
    fn forget(&mut self, code: &'static str) {
        if let Some(n) = self.counts.get_mut(code) {
            *n = n.saturating_sub(1);
        }
    }
}

impl Findings {
    fn push(&mut self, severity: Severity, class: Class, code: &'static str, message: String, location: Location) {
        let n = self.1.counts.entry(code).or_default();
        *n += 1;
        self.1.last_dropped = *n > MAX_PER_CODE;
        if self.1.last_dropped {
            return;
        }
        let fails_compile = class == Class::Compile;
        self.0.push(Finding { severity, code, message, location, help: None, class, token: None, fails_compile });
    }
    /// Whether nothing was found (then [`Findings::absorb`] takes nothing from this list).
    pub(crate) fn counted_none(&self) -> bool {
        self.1.counts.is_empty()
    }
    /// Takes in the findings of a part checked on its own (a function), after the ones here.
    /// Moves the findings of the codes `pick` picks, with their counts, into a list of their own.
    pub(crate) fn take_codes(&mut self, pick: impl Fn(&str) -> bool) -> Findings {
        let mut taken = Findings::default();
        if self.0.iter().any(|f| pick(f.code)) {
            let (picked, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.0).into_iter().partition(|f| pick(f.code));
            self.0 = kept;
            taken.0 = picked;
        }
        self.1.counts.retain(|code, n| {
            if pick(code) {
                taken.1.counts.insert(code, *n);
                false
            } else {
                true
            }
        });
        taken
    }
    /// Takes in another list's findings, keeping the first [`MAX_PER_CODE`] of each code as
    /// [`Findings::push`] does (a list made per call site counts only its own).
    pub(crate) fn absorb(&mut self, other: Findings) {
        if other.counted_none() {
            return;
        }
        let mut taken: rustc_hash::FxHashMap<&'static str, usize> = rustc_hash::FxHashMap::default();
        for f in other.0 {
            let before = self.1.counts.get(f.code).copied().unwrap_or(0);
            let k = taken.entry(f.code).or_default();
            *k += 1;
            if before + *k <= MAX_PER_CODE {
                self.0.push(f);
            }
        }
        for (code, n) in other.1.counts {
            *self.1.counts.entry(code).or_default() += n;
        }
    }
    pub(crate) fn error(&mut self, code: &'static str, message: impl Into<String>, location: Location) {
        self.push(Severity::Error, Class::Verifier, code, message.into(), location);
    }
    pub(crate) fn warning(&mut self, code: &'static str, message: impl Into<String>, location: Location) {
        self.push(Severity::Warning, Class::Verifier, code, message.into(), location);
    }
    /// An error only `nvvmCompileProgram` reports: the module verifies.
    pub(crate) fn compile_error(&mut self, code: &'static str, message: impl Into<String>, location: Location) {
        self.push(Severity::Error, Class::Compile, code, message.into(), location);
    }
    pub(crate) fn version(&mut self, message: impl Into<String>, location: Location) {
        self.push(Severity::Error, Class::Version, "nvvm-ir-version", message.into(), location);
    }
    /// Counts `n` findings of `code` that are not listed (past the first [`MAX_PER_CODE`]).
    pub(crate) fn unlisted(&mut self, code: &'static str, n: usize) {
        *self.1.counts.entry(code).or_default() += n;
    }
    pub(crate) fn parse(&mut self, code: &'static str, message: impl Into<String>, at: Option<u32>) {
        let location = at.map_or(Location::Module, Location::Text);
        self.push(Severity::Error, Class::Parse, code, message.into(), location);
    }
    /// Names the token the last finding is about.
    pub(crate) fn token(&mut self, token: Token) {
        if self.1.last_dropped {
            return;
        }
        if let Some(f) = self.0.last_mut() {
            f.token = Some(token);
        }
    }
    /// Notes on the last finding that libNVVM's behaviour, not a rule of the IR, is reported.
    pub(crate) fn note_libnvvm(&mut self) {
        self.help("this is what libNVVM 13.5 does here (measured); the IR itself is well formed");
    }
    /// Adds a help line to the last finding.
    pub(crate) fn help(&mut self, help: impl Into<String>) {
        if self.1.last_dropped {
            return;
        }
        if let Some(f) = self.0.last_mut() {
            f.help = Some(help.into());
        }
    }
}

/// Verifies a module for a target: every finding, in the order libNVVM reports (the first error
/// is the one libNVVM prints).
pub fn verify(m: &Module, target: &Target) -> Vec<Finding> {
    verify_read(m, target, None, true)
}

/// [`verify`] for a module exactly as nvir's text reader made it: the reader enforces what the
/// validator checks (every module it accepts validates: `crates/llvm/tests/valid.rs` and the
/// fuzz targets hold it to that), so the module is not validated again — on a large module that
/// is a tenth of the work. A module edited since it was read goes to [`verify`].
pub fn verify_as_read(m: &Module, target: &Target) -> Vec<Finding> {
    verify_read(m, target, None, false)
}

/// [`verify`] for a module read from bitcode written by `producer` (the identification block's
/// string, `LLVM14.0.6`): below compute_100 libNVVM reads bitcode with LLVM 7's bitcode reader,
/// which stops at other things, with other messages, than its text reader.
pub fn verify_bitcode(m: &Module, target: &Target, producer: &str) -> Vec<Finding> {
    verify_read(m, target, Some(producer), true)
}

fn verify_read(m: &Module, target: &Target, bitcode_producer: Option<&str>, validate: bool) -> Vec<Finding> {
    let mut out = Findings::default();
    // The IR's own rules first: every rule below reads a well-formed module (the readers make
    // only such modules; one built through the API may not be).
    // The modern path takes typed pointers as opaque ones, whatever their pointee types.
    let valid = match (validate, target.path) {
        (false, _) => Ok(()),
        (true, Path::Modern) => nvir_llvm::ir::validate_as_opaque(m),
        (true, _) => nvir_llvm::ir::validate(m),
    };
    if let Err(invalid) = valid {
        for e in invalid.errors {
            out.error("ir-invalid", format!("invalid IR: {}: {}", e.location, e.message), place_location(m, e.place));
        }
        if invalid.more > 0 {
            out.error("ir-invalid", format!("invalid IR: {} more problems", invalid.more), Location::Module);
        }
        let Findings(all, repeats) = out;
        return cap_repeats(all, repeats);
    }
    let cx = Cx::new(m, target);
    match bitcode_producer {
        Some(producer) if cx.llvm7() => bitcode7::check(&cx, producer, &mut out),
        _ => syntax::check(&cx, bitcode_producer.is_none(), &mut out),
    }
    // libNVVM's order, measured by putting two problems in one module in both orders: LLVM's
    // verifier first (as LLVM's `verifyModule`: each function, then the variables; the `order/`
    // axis; only a missing triple comes before it, `tripleorder/`), then the functions' names and linkage, the variables, the layout and triple, and
    // each function with its instructions.
    // The per-function passes in one walk; each pass's findings are taken in below where that
    // pass runs in libNVVM's order.
    let per_function = function::check_each_function(&cx);
    module::check_version(&cx, &mut out);
    module::check_triple_present(&cx, &mut out);
    out.absorb(per_function.llvm_first);
    llvmverifier::rest_of_functions(&cx, per_function.llvm, &mut out);
    module::check_llvm_globals(&cx, &mut out);
    llvmverifier::check_global_values(&cx, &mut out);
    module::check_module_flags(&cx, &mut out);
    llvmverifier::check_di(&cx, &mut out);
    llvmverifier::check_idents(&cx, &mut out);
    module::check_global_values(&cx, &mut out);
    module::check_globals(&cx, &mut out);
    module::check_target(&cx, &mut out);
    out.absorb(per_function.own);
    compile::check(&cx, &mut out, per_function.compile);
    // libNVVM compiles only what it has verified: the compiler's findings come after the
    // verifier's, so the first error is still the one `nvvmVerifyProgram` prints.
    let Findings(all, repeats) = out;
    let (mut findings, compile): (Vec<Finding>, Vec<Finding>) =
        all.into_iter().partition(|f| f.stage() == Stage::Verify);
    findings.extend(compile);
    cap_repeats(findings, repeats)
}

/// The location of a validation problem.
fn place_location(m: &Module, place: nvir_llvm::ir::Place) -> Location {
    use nvir_llvm::ir::Place;
    match place {
        Place::Global(g) => {
            let g = &m.globals[g];
            Location::Global { name: g.name.to_string(), offset: g.source }
        }
        Place::Function(f) => {
            let f = &m.functions[f];
            Location::Function { name: f.name.to_string(), offset: f.source.start }
        }
        Place::Instruction(fid, i) => {
            let f = &m.functions[fid];
            match f.layout.iter().find(|&&b| f.blocks.get(b).is_some_and(|b| b.insts.contains(&i))) {
                Some(&b) => Location::instruction(f, b, i),
                None => Location::Function { name: f.name.to_string(), offset: f.source.start },
            }
        }
        _ => Location::Module,
    }
}

/// How many findings of one code are reported; a module that breaks one rule everywhere (a
/// generated or hostile one) would otherwise get as many as it has instructions.
pub const MAX_PER_CODE: usize = 1000;

/// The first [`MAX_PER_CODE`] findings of each code (each part checked on its own kept at most
/// that many as it went), then one note per code saying how many more there were. Every verdict
/// is unchanged: the findings kept include the first of each code.
fn cap_repeats(findings: Vec<Finding>, repeats: Repeats) -> Vec<Finding> {
    let mut seen: std::collections::HashMap<&'static str, usize> = std::collections::HashMap::new();
    let mut kept = Vec::with_capacity(findings.len());
    for f in findings {
        let n = seen.entry(f.code).or_default();
        *n += 1;
        if *n <= MAX_PER_CODE {
            kept.push(f);
        }
    }
    let mut over: Vec<(&'static str, usize)> = repeats.counts.into_iter().filter(|&(_, n)| n > MAX_PER_CODE).collect();
    over.sort();
    for (code, n) in over {
        // Same severity and stage as the findings it stands for, so verdicts do not move.
        let like = kept.iter().find(|f| f.code == code).expect("the first of the code was kept");
        let mut note = like.clone();
        note.message = format!("{} more `{code}` findings like the ones above are not listed", n - MAX_PER_CODE);
        note.location = Location::Module;
        note.help = None;
        note.token = None;
        kept.push(note);
    }
    kept
}

/// Reads `.ll` text as libNVVM's reader for the target does: its compute_100+ reader upgrades
/// typed pointers to opaque ones, so a typed pointer used with another type is no error there;
/// its LLVM 7 reader holds each pointer to its pointee type.
pub fn parse_text(src: &[u8], target: &Target) -> Result<Module, nvir_llvm::ParseError> {
    match target.path {
        Path::Modern => nvir_llvm::parse_bytes_as_opaque(src, nvir_llvm::ParseOptions::default()),
        _ => nvir_llvm::parse_bytes(src),
    }
}

/// [`parse_text`] of text already known to be UTF-8: the reader does not check it again.
pub fn parse_str(src: &str, target: &Target) -> Result<Module, nvir_llvm::ParseError> {
    match target.path {
        Path::Modern => nvir_llvm::parse_str_as_opaque(src, nvir_llvm::ParseOptions::default()),
        _ => nvir_llvm::parse_str_with(src, nvir_llvm::ParseOptions::default()),
    }
}

/// Whether libNVVM's `nvvmVerifyProgram` accepts the module: no verify-stage error among the
/// findings.
pub fn accepts(findings: &[Finding]) -> bool {
    findings.iter().all(|f| f.severity != Severity::Error || f.stage() != Stage::Verify)
}

/// Whether libNVVM's `nvvmCompileProgram` (same arch, default options, without a verify call
/// before it) compiles the module: no finding it fails on.
pub fn compiles(findings: &[Finding]) -> bool {
    !findings.iter().any(|f| f.fails_compile)
}

/// What every layer reads: the module, the target and facts gathered once.
pub(crate) struct Cx<'m> {
    pub m: &'m Module,
    pub target: Target,
    /// Functions that are kernels (`ptx_kernel` or a `"kernel"` entry in `!nvvm.annotations`).
    pub kernels: rustc_hash::FxHashSet<String>,
    /// Globals annotated as textures or surfaces.
    pub texsurf: rustc_hash::FxHashSet<String>,
    /// `grid_constant` annotations: kernel and parameter indices.
    pub grid_constants: Vec<(String, Vec<u64>)>,
    /// Functions with cluster properties in `!nvvm.annotations`.
    pub clustered: rustc_hash::FxHashSet<String>,
    /// On the modern path, the global values it keeps ([`module::kept_sets`]; it drops the other
    /// declarations and discardable definitions before verifying).
    pub used: module::GlobalSet,
    /// The global values the compiler keeps and compiles ([`module::kept_sets`]).
    pub compile_kept: module::GlobalSet,
    /// Each global value's symbol, by handle.
    pub symbols: module::Symbols,
    /// Whether the module has a type libNVVM refuses ([`module::unsupported_type`]) at all:
    /// without one, no instruction's types need walking.
    pub unsupported_types: bool,
    /// Whether an attribute set of the module holds `swifterror`: without one, no call needs
    /// its arguments looked at for it.
    pub swifterror: bool,
    /// [`Cx::dropped`] of each function and each variable, by handle: every pass over the
    /// functions asks it, and on a large module a lookup of the name in `used` missed the cache
    /// each time.
    dropped_functions: Vec<bool>,
    dropped_globals: Vec<bool>,
    /// Intrinsic functions and `llvm.used`-like variables used where LLVM's verifier allows no
    /// use, by symbol handle ([`llvmverifier::misused`]).
    pub misused: Vec<bool>,
    /// [`intrinsics::signature_mismatch`] by callee and function type: a module calls a few
    /// intrinsics from many places, and each answer depends on nothing else (the functions are
    /// checked on all cores, hence the lock, held only to look up and to add).
    sig_memo: std::sync::Mutex<rustc_hash::FxHashMap<(&'m str, nvir_llvm::ir::TypeId), Option<String>>>,
    /// [`Cx::callee`]'s answers by symbol handle, each worked out when a call first names it
    /// (not before: a module may declare 200k functions it never calls).
    callees: Vec<std::sync::OnceLock<callee::Facts>>,
}

impl<'m> Cx<'m> {
    fn new(m: &'m Module, target: &Target) -> Self {
        let mut kernels = rustc_hash::FxHashSet::default();
        let mut texsurf = rustc_hash::FxHashSet::default();
        let mut clustered = rustc_hash::FxHashSet::default();
        for (name, prop, _) in module::annotations(m) {
            match &*prop {
                "cluster_dim_x" | "cluster_dim_y" | "cluster_dim_z" | "cluster_max_blocks" => {
                    clustered.insert(name.to_string());
                }
                "kernel" => {
                    kernels.insert(name.to_string());
                }
                "texture" | "surface" => {
                    texsurf.insert(name.to_string());
                }
                _ => {}
            }
        }
        for (_, f) in m.functions.iter() {
            if f.cc == 71 {
                kernels.insert(f.name.to_string());
            }
        }
        let symbols = module::Symbols::new(m);
        let watched = llvmverifier::watched_consts(m, target.path == Path::Llvm7);
        let (used, compile_kept, body_misuses) = module::kept_sets(m, &symbols, target.path == Path::Modern, &watched);
        let mut cx = Cx {
            m,
            target: *target,
            kernels,
            texsurf,
            grid_constants: module::grid_constants(m),
            clustered,
            used,
            compile_kept,
            symbols,
            unsupported_types: module::has_unsupported_types(m),
            swifterror: m
                .attrs
                .iter()
                .any(|(_, set)| set.0.iter().any(|a| a.kind().is_some_and(|k| k.info().name == "swifterror"))),
            dropped_functions: Vec::new(),
            dropped_globals: Vec::new(),
            misused: Vec::new(),
            sig_memo: Default::default(),
            callees: std::iter::repeat_with(std::sync::OnceLock::new).take(m.symbols.len()).collect(),
        };
        // On all cores: a large module has a declaration or definition per kernel and helper.
        use rayon::prelude::*;
        let functions: Vec<(nvir_llvm::ir::module::FuncId, &nvir_llvm::ir::Function)> = m.functions.iter().collect();
        cx.dropped_functions = functions
            .par_iter()
            .with_min_len(1024)
            .map(|&(id, f)| cx.dropped(GlobalDef::Func(id), f.props.linkage, !f.is_definition))
            .collect();
        cx.dropped_globals =
            m.globals.iter().map(|(id, g)| cx.dropped(GlobalDef::Var(id), g.props.linkage, g.init.is_none())).collect();
        cx.misused = llvmverifier::misused(&cx, &watched, &body_misuses);
        cx
    }

    /// [`Cx::dropped`] of a function of the module.
    pub fn function_dropped(&self, f: nvir_llvm::ir::module::FuncId) -> bool {
        self.dropped_functions.get(f.index()).copied().unwrap_or(false)
    }

    /// [`Cx::dropped`] of a variable of the module.
    pub fn global_dropped(&self, g: nvir_llvm::ir::module::GlobalVarId) -> bool {
        self.dropped_globals.get(g.index()).copied().unwrap_or(false)
    }

    /// [`intrinsics::signature_mismatch`] of a call of `name` (whose signature is `sig`)
    /// through `fn_ty`, worked out once per pair.
    pub(crate) fn signature_mismatch(
        &self,
        name: &'m str,
        fn_ty: nvir_llvm::ir::TypeId,
        sig: &intrinsics::Signature,
    ) -> Option<String> {
        if let Some(known) = lock(&self.sig_memo).get(&(name, fn_ty)) {
            return known.clone();
        }
        let found = intrinsics::signature_mismatch(&self.m.types, name, fn_ty, sig, self.target.path);
        lock(&self.sig_memo).insert((name, fn_ty), found.clone());
        found
    }

    /// The global value a callee constant names (through casts, as [`global_of`]), with what its
    /// name decides on the target's path ([`callee::Callee`]), worked out once per callee.
    ///
    /// The name is the symbol's own string: reading it as text checks it as UTF-8 again, which a
    /// caller that needs only the answers (most calls) does not pay.
    pub(crate) fn callee(&self, c: nvir_llvm::ir::ConstId) -> Option<(&'m nvir_llvm::ir::Str, &callee::Callee)> {
        let s = module::symbol_of(self.m, c)?;
        let name = &self.m.symbols[s].name;
        let facts = self.callees.get(s.index())?.get_or_init(|| callee::Facts::new(name, self.target.path));
        Some((name, facts.get()))
    }

    /// Whether the modern path drops a global value before it verifies (measured): a declaration
    /// or a discardable (internal, private, linkonce, available_externally) definition that
    /// nothing kept refers to. The LLVM 7 path keeps everything.
    pub fn dropped(&self, def: GlobalDef, linkage: nvir_llvm::ir::module::Linkage, declaration: bool) -> bool {
        !self.llvm7() && (module::discardable(linkage) || declaration) && !self.used.contains_def(&self.symbols, def)
    }

    pub fn llvm7(&self) -> bool {
        self.target.path == Path::Llvm7
    }
}

/// A memo's lock (a memo holds only finished answers, so one a panicking thread left is sound).
fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Whether `name` calls an intrinsic libNVVM's reader for `path` knows (LLVM 7.0.1's or LLVM
/// 22's, as measured): on the LLVM 7 path an `llvm.*` name it does not know is an ordinary
/// external function, which libNVVM compiles into PTX that names it and ptxas then refuses.
pub fn intrinsic_known(name: &str, path: Path) -> bool {
    intrinsics::lookup(name, path).is_some()
}
