//! The printer: a [`Module`] as `.ll` text, in one of three syntaxes.
//!
//! - [`Syntax::Faithful`]: everything the module holds, in its own pointer dialect.
//! - [`Syntax::Llvm7`]: what libNVVM's LLVM 7.0.1 parser reads: a copy in LLVM 7's terms
//!   ([`crate::pass::downgrade::to_llvm7`]: what LLVM 7 lacks left out, each omission a note, or
//!   refused), printed without numeric labels or numbered parameters (LLVM 7 numbers them
//!   implicitly, in the same order). Opaque-pointer modules cannot be printed so.
//! - [`Syntax::Modern`]: opaque pointers (`ptr`): typed input is upgraded first
//!   ([`crate::pass::opaque::upgrade`], LLVM 7's untyped `byval`/`sret`/`inalloca` get their
//!   pointee type) and printed faithfully.
//!
//! Floating-point constants print as exact hexadecimal, so no value changes on a round trip.

use crate::ir::attrs::{Attr, AttrForm, AttrSetId};
use crate::ir::constant::{ConstData, ConstId, ExprOp};
use crate::ir::function::{BlockId, DebugRecord, Function, LocalMd};
use crate::ir::instruction::{flags, Align, Atomic, CallSite, CmpXchg, FastMath, InstKind, Instruction, TailKind};
use crate::ir::metadata::{ExprElem, MdField, MdId, MdNode};
use crate::ir::module::{BlockName, GlobalProps, Module, SymbolId};
use crate::ir::types::{FloatKind, TypeData, TypeId};
use crate::ir::value::Value;
use crate::ir::{write_global_ident, write_ident, write_local_ident, write_md_name, write_quoted};
use rustc_hash::FxHashMap;
use std::fmt::Write;

/// Which syntax to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Syntax {
    /// The module's own dialect, nothing left out.
    #[default]
    Faithful,
    /// What LLVM 7.0.1 (libNVVM below compute_100) reads.
    Llvm7,
    /// Opaque pointers, as LLVM 15+ prints.
    Modern,
}

/// Printed text and the notes about what a syntax could not carry.
#[derive(Debug, Clone, Default)]
pub struct Printed {
    /// The `.ll` text.
    pub text: String,
    /// One line per omission (e.g. an attribute LLVM 7 lacks).
    pub notes: Vec<String>,
}

/// Why a module cannot be printed in a syntax.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PrintError(pub String);

/// Prints a module. A module that does not validate ([`crate::ir::validate`]) is refused: its
/// text would be what no reader accepts.
pub fn print_module(m: &Module, syntax: Syntax) -> Result<Printed, PrintError> {
    valid(m)?;
    let (prepared, notes) = prepare(m, syntax)?;
    let mut p = Printer::new(prepared.as_ref().unwrap_or(m), syntax, None)?;
    p.notes = notes;
    p.run()?;
    Ok(Printed { text: p.out, notes: p.notes })
}

/// Prints a module into `w` as it goes (a module's text is not held whole in memory), and returns
/// the notes. What LLVM 7 cannot express is found before anything is written; a module the
/// printer refuses part way (constants that expand past its budget) leaves what was written so far.
pub fn print_module_to(m: &Module, syntax: Syntax, w: &mut dyn std::io::Write) -> Result<Vec<String>, PrintError> {
    valid(m)?;
    let (prepared, notes) = prepare(m, syntax)?;
    write_prepared(prepared.as_ref().unwrap_or(m), syntax, notes, w)
}

/// Prints a module its syntax's pass has already run on, to `w`, returning `notes` and the
/// printer's own.
fn write_prepared(
    m: &Module,
    syntax: Syntax,
    notes: Vec<String>,
    w: &mut dyn std::io::Write,
) -> Result<Vec<String>, PrintError> {
    let mut p = Printer::new(m, syntax, Some(w))?;
    p.notes = notes;
    p.run()?;
    p.spill(0);
    if let Some(e) = p.write_error.take() {
        return Err(PrintError(format!("cannot write the output: {e}")));
    }
    Ok(std::mem::take(&mut p.notes))
}

/// [`print_module_to`] for a module the caller no longer needs as it is: a syntax that prints a
/// pass's output (LLVM 7's, or the modern one of a typed-pointer module) runs the pass on `m`
/// itself rather than on a copy, so that a large module is not held twice. `m` is left as printed.
pub fn print_module_in_place_to(
    m: &mut Module,
    syntax: Syntax,
    w: &mut dyn std::io::Write,
) -> Result<Vec<String>, PrintError> {
    valid(m)?;
    let notes = prepare_in_place(m, syntax)?.unwrap_or_default();
    write_prepared(m, syntax, notes, w)
}

/// [`prepare`] on the module itself: `None` when it prints as it is.
fn prepare_in_place(m: &mut Module, syntax: Syntax) -> Result<Option<Vec<String>>, PrintError> {
    let dialect = m.types.dialect();
    match syntax {
        Syntax::Modern if dialect == Some(crate::ir::Dialect::TypedPointers) => {
            crate::pass::opaque::upgrade(m).map_err(|e| PrintError(e.to_string()))?;
            Ok(Some(Vec::new()))
        }
        Syntax::Llvm7 if dialect == Some(crate::ir::Dialect::OpaquePointers) => Err(PrintError(
            "this module uses opaque pointers; LLVM 7 syntax needs typed pointers, which cannot be recovered here"
                .into(),
        )),
        Syntax::Llvm7 => {
            let notes = crate::pass::downgrade::to_llvm7(m).map_err(|e| PrintError(e.to_string()))?;
            Ok(Some(notes.into_iter().map(|n| n.message).collect()))
        }
        _ => Ok(None),
    }
}

/// What a syntax prints is a pass's output: the modern syntax of a typed-pointer module is a copy
/// upgraded to opaque pointers ([`crate::pass::opaque::upgrade`]), LLVM 7 syntax a copy in LLVM
/// 7's terms ([`crate::pass::downgrade::to_llvm7`], whose notes these are). `None`: the module
/// prints as it is.
fn prepare(m: &Module, syntax: Syntax) -> Result<(Option<Module>, Vec<String>), PrintError> {
    let dialect = m.types.dialect();
    match syntax {
        Syntax::Modern if dialect == Some(crate::ir::Dialect::TypedPointers) => {
            let mut up = m.clone();
            crate::pass::opaque::upgrade(&mut up).map_err(|e| PrintError(e.to_string()))?;
            Ok((Some(up), Vec::new()))
        }
        Syntax::Llvm7 if dialect == Some(crate::ir::Dialect::OpaquePointers) => Err(PrintError(
            "this module uses opaque pointers; LLVM 7 syntax needs typed pointers, which cannot be recovered here"
                .into(),
        )),
        Syntax::Llvm7 => {
            let mut down = m.clone();
            let notes = crate::pass::downgrade::to_llvm7(&mut down).map_err(|e| PrintError(e.to_string()))?;
            Ok((Some(down), notes.into_iter().map(|n| n.message).collect()))
        }
        _ => Ok((None, Vec::new())),
    }
}

/// Refuses a module that does not validate.
fn valid(m: &Module) -> Result<(), PrintError> {
    crate::ir::validate(m).map_err(|e| PrintError(format!("the module is not valid IR: {e}")))
}

impl<'m> Printer<'m> {
    fn new(m: &'m Module, syntax: Syntax, sink: Option<&'m mut dyn std::io::Write>) -> Result<Self, PrintError> {
        let stats = m.stats();
        let size = stats.constants + stats.instructions + stats.globals + m.metadata.len();
        let const_limit = CONST_BUDGET_BASE.saturating_add(CONST_BUDGET_PER_ENTITY.saturating_mul(size as u64));
        Ok(Printer {
            m,
            syntax,
            out: String::with_capacity(1 << 16),
            sink,
            write_error: None,
            notes: Vec::new(),
            md_slots: Vec::new(),
            md_order: Vec::new(),
            const_depth: 0,
            const_limit,
            const_budget: const_limit,
            refused: None,
            program_addr_space: program_addr_space(m),
        })
    }

    fn run(&mut self) -> Result<(), PrintError> {
        self.number_metadata();
        self.module();
        if let Some(why) = self.refused.take() {
            return Err(PrintError(why));
        }
        Ok(())
    }

    /// In the `i`th element of a metadata node's list (an expression or tuple may hold millions,
    /// and its text would otherwise be held whole, twice while the buffer grows): [`Self::spill`]
    /// now and then. Nothing reads back what a list of metadata wrote.
    fn spill_within(&mut self, i: usize) {
        if i.is_multiple_of(4096) {
            self.spill(SPILL);
        }
    }

    /// With a sink, hands it the text so far once there is more than `keep` bytes of it (called
    /// between lines, so nothing reads back what was handed over).
    fn spill(&mut self, keep: usize) {
        if self.out.len() <= keep {
            return;
        }
        if let Some(w) = self.sink.as_mut() {
            if self.write_error.is_none() {
                if let Err(e) = w.write_all(self.out.as_bytes()) {
                    self.write_error = Some(e);
                }
            }
            self.out.clear();
        }
    }
}

/// How deeply constants may nest when printed (each level is a recursive call). Both readers
/// refuse deeper nesting in their own ways; built modules are caught here.
const MAX_CONST_DEPTH: u32 = 1024;
/// Constant operands the printer writes inline at most: this many, plus
/// [`CONST_BUDGET_PER_ENTITY`] per constant, instruction, global and metadata node. Constants
/// are shared in memory and written out at each use, so a constant expression whose operands
/// repeat a shared operand doubles in text at each level: a few hundred bytes of bitcode could
/// print as more text than any disk holds.
const CONST_BUDGET_BASE: u64 = 1 << 20;
const CONST_BUDGET_PER_ENTITY: u64 = 16;

/// Text the printer holds before handing it to its sink.
const SPILL: usize = 1 << 20;

struct Printer<'m> {
    m: &'m Module,
    /// Where text goes as it is printed (`None`: it stays in `out`).
    sink: Option<&'m mut dyn std::io::Write>,
    /// The first error the sink gave (nothing more is written after it).
    write_error: Option<std::io::Error>,
    /// Nesting of constants being written.
    const_depth: u32,
    /// Constant operands that may be written in all, and that may still be.
    const_limit: u64,
    const_budget: u64,
    /// Why the module cannot be printed at all (set once; printing then writes no more constants).
    refused: Option<String>,
    syntax: Syntax,
    out: String,
    notes: Vec<String>,
    /// Constructs the target syntax has no way to say (LLVM 7: `atomicrmw fadd`, `freeze`, …).
    /// Each numbered node's number, by the node's index ([`NO_SLOT`] for none; empty until
    /// the nodes are numbered): four bytes a node rather than a map's entry.
    md_slots: Vec<u32>,
    md_order: Vec<MdId>,
    /// The datalayout's program address space (`P<n>`), where functions live.
    program_addr_space: u32,
}

/// No number: a node written inline (or not at all).
const NO_SLOT: u32 = u32::MAX;

/// Slot numbers of a function's unnamed values.
#[derive(Default)]
struct Slots {
    args: Vec<Option<u32>>,
    blocks: Vec<Option<u32>>,
    insts: FxHashMap<crate::ir::InstId, u32>,
}

impl<'m> Printer<'m> {
    // ---- types ----

    fn ty(&mut self, t: TypeId) {
        let mut s = std::mem::take(&mut self.out);
        self.write_ty(t, &mut s);
        self.out = s;
    }

    fn write_ty(&self, t: TypeId, out: &mut String) {
        self.m.types.write_in(t, out, false);
    }

    // ---- module ----

    fn string_line(&mut self, key: &str, v: &Option<Box<[u8]>>) {
        if let Some(v) = v {
            self.out.push_str(key);
            write_quoted(v, &mut self.out);
            self.out.push('\n');
        }
    }

    fn module(&mut self) {
        let m = self.m;
        self.string_line("source_filename = ", &m.source_filename);
        self.string_line("target datalayout = ", &m.data_layout);
        self.string_line("target triple = ", &m.triple);
        for line in &m.module_asm {
            self.out.push_str("module asm ");
            write_quoted(line, &mut self.out);
            self.out.push('\n');
        }
        if !m.comdats.is_empty() {
            self.out.push('\n');
            for c in &m.comdats {
                self.out.push('$');
                write_ident(&c.name, &mut self.out);
                let _ = writeln!(self.out, " = comdat {}", c.kind);
            }
        }
        if m.types.named_structs().len() > 0 {
            self.out.push('\n');
            for (_, s) in m.types.named_structs() {
                self.out.push('%');
                write_ident(&s.name, &mut self.out);
                self.out.push_str(" = type ");
                match &s.body {
                    Some(b) => {
                        let mut t = String::new();
                        m.types.write_body_in(b, &mut t, false);
                        self.out.push_str(&t);
                    }
                    None => self.out.push_str("opaque"),
                }
                self.out.push('\n');
            }
        }
        if !m.globals.is_empty() {
            self.out.push('\n');
        }
        for (_, g) in m.globals.iter() {
            self.out.push('@');
            write_global_ident(&g.name, g.props.numeric_name, &mut self.out);
            self.out.push_str(" = ");
            self.props_prefix(&g.props, g.init.is_none());
            if g.props.thread_local.keyword() != "" {
                self.out.push_str(g.props.thread_local.keyword());
                self.out.push(' ');
            }
            self.unnamed_addr(&g.props);
            if g.props.addr_space != 0 || g.props.explicit_addr_space {
                let _ = write!(self.out, "addrspace({}) ", g.props.addr_space);
            }
            if g.externally_initialized {
                self.out.push_str("externally_initialized ");
            }
            self.out.push_str(if g.is_constant { "constant " } else { "global " });
            self.ty(g.ty);
            if let Some(init) = g.init {
                self.out.push(' ');
                self.const_value(init);
            }
            self.props_suffix(&g.props, ", ");
            if let Some(cm) = g.props.code_model() {
                self.out.push_str(", code_model ");
                write_quoted(cm.as_bytes(), &mut self.out);
            }
            for (bit, kw) in crate::ir::module::sanitizer::KEYWORDS {
                if g.sanitizer & bit != 0 {
                    self.out.push_str(", ");
                    self.out.push_str(kw);
                }
            }
            for a in g.props.metadata() {
                self.out.push_str(", !");
                write_md_name(self.m.metadata.kind_name(a.kind), &mut self.out);
                self.out.push(' ');
                self.md_ref(a.node);
            }
            if !m.attrs[g.attrs].is_empty() {
                self.out.push(' ');
                self.attr_set(g.attrs);
            }
            self.out.push('\n');
            self.spill(SPILL);
        }
        let aliases = m.aliases.iter().map(|(_, a)| (&a.name, &a.props, a.ty, a.aliasee, "alias "));
        let ifuncs = m.ifuncs.iter().map(|(_, i)| (&i.name, &i.props, i.ty, i.resolver, "ifunc "));
        for (name, props, ty, target, keyword) in aliases.chain(ifuncs) {
            // LLVM's printIndirectSymbol.
            self.out.push('@');
            write_global_ident(name, props.numeric_name, &mut self.out);
            self.out.push_str(" = ");
            self.props_prefix(props, false);
            if props.thread_local.keyword() != "" {
                self.out.push_str(props.thread_local.keyword());
                self.out.push(' ');
            }
            self.unnamed_addr(props);
            self.out.push_str(keyword);
            self.ty(ty);
            self.out.push_str(", ");
            self.typed_const(target);
            if let Some(p) = props.partition() {
                self.out.push_str(", partition ");
                write_quoted(p.as_bytes(), &mut self.out);
            }
            self.out.push('\n');
        }
        for (_, f) in m.functions.iter() {
            self.out.push('\n');
            self.function(f);
            self.spill(SPILL);
        }
        if !m.metadata.named.is_empty() || !self.md_order.is_empty() {
            self.out.push('\n');
        }
        for nm in &m.metadata.named {
            self.out.push('!');
            write_md_name(&nm.name, &mut self.out);
            self.out.push_str(" = !{");
            for (i, n) in nm.nodes.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.md_ref(*n);
            }
            self.out.push_str("}\n");
        }
        let order = std::mem::take(&mut self.md_order);
        for id in &order {
            let _ = write!(self.out, "!{} = ", self.md_slots[id.index()]);
            self.md_node(*id);
            self.out.push('\n');
            self.spill(SPILL);
        }
        if !m.summary.is_empty() {
            self.out.push('\n');
        }
        for entry in &m.summary {
            self.out.push_str(&String::from_utf8_lossy(entry));
            self.out.push('\n');
        }
    }

    fn props_prefix(&mut self, p: &GlobalProps, declaration: bool) {
        let linkage = p.linkage.keyword();
        if !linkage.is_empty() {
            self.out.push_str(linkage);
            self.out.push(' ');
        } else if declaration && self.out.ends_with(" = ") {
            self.out.push_str("external ");
        }
        for kw in [p.preemption.keyword(), p.visibility.keyword(), p.dll.keyword()] {
            if !kw.is_empty() {
                self.out.push_str(kw);
                self.out.push(' ');
            }
        }
    }

    fn unnamed_addr(&mut self, p: &GlobalProps) {
        if !p.unnamed_addr.keyword().is_empty() {
            self.out.push_str(p.unnamed_addr.keyword());
            self.out.push(' ');
        }
    }

    /// `section`, `partition`, `comdat`, `align` after a global (`sep` = ", ") or a function
    /// header (`sep` = " ").
    fn props_suffix(&mut self, p: &GlobalProps, sep: &str) {
        if let Some(s) = p.section() {
            let _ = write!(self.out, "{sep}section ");
            write_quoted(s.as_bytes(), &mut self.out);
        }
        if let Some(s) = p.partition() {
            let _ = write!(self.out, "{sep}partition ");
            write_quoted(s.as_bytes(), &mut self.out);
        }
        if let Some(c) = p.comdat() {
            let _ = write!(self.out, "{sep}comdat($");
            write_ident(c, &mut self.out);
            self.out.push(')');
        }
        if let Some(a) = p.align {
            let _ = write!(self.out, "{sep}align {}", a.bytes());
        }
    }

    // ---- attributes ----

    /// Writes an attribute set.
    fn attr_set(&mut self, set: AttrSetId) {
        let attrs = &self.m.attrs[set].0;
        let mut first = true;
        for a in attrs.iter() {
            if !first {
                self.out.push(' ');
            }
            first = false;
            match a {
                Attr::Enum(k) => self.out.push_str(k.info().name),
                Attr::Int(k, v) => match k.info().form {
                    AttrForm::IntSpaced => {
                        let _ = write!(self.out, "{} {v}", k.info().name);
                    }
                    _ => {
                        let _ = write!(self.out, "{}({v})", k.info().name);
                    }
                },
                Attr::Type(k, t) => {
                    self.out.push_str(k.info().name);
                    if let Some(t) = *t {
                        self.out.push('(');
                        self.ty(t);
                        self.out.push(')');
                    }
                }
                Attr::Raw(k, arg) => {
                    self.out.push_str(k.info().name);
                    if let Some(arg) = arg {
                        self.out.push('(');
                        self.out.push_str(arg);
                        self.out.push(')');
                    }
                }
                Attr::Str(key, val) => {
                    write_quoted(key.as_bytes(), &mut self.out);
                    if let Some(v) = val {
                        self.out.push('=');
                        write_quoted(v.as_bytes(), &mut self.out);
                    }
                }
            }
        }
    }

    fn attrs_then_space(&mut self, set: AttrSetId) {
        let before = self.out.len();
        self.attr_set(set);
        if self.out.len() > before {
            self.out.push(' ');
        }
    }

    // ---- constants ----

    fn typed_const(&mut self, c: ConstId) {
        self.ty(self.m.consts[c].ty());
        self.out.push(' ');
        self.const_value(c);
    }

    fn global_name(&mut self, g: SymbolId) {
        self.out.push('@');
        let numeric = self.m.global_props(g).is_some_and(|p| p.numeric_name);
        write_global_ident(&self.m.symbols[g].name, numeric, &mut self.out);
    }

    fn const_value(&mut self, c: ConstId) {
        if self.refused.is_some() {
            return;
        }
        if self.const_budget == 0 {
            self.refused = Some(format!(
                "the module's shared constant expressions expand to more than {} operands when written out as \
                 text (each use writes a constant whole)",
                self.const_limit
            ));
            return;
        }
        if self.const_depth >= MAX_CONST_DEPTH {
            self.refused = Some(format!("constants nest more than {MAX_CONST_DEPTH} levels deep"));
            return;
        }
        self.const_budget -= 1;
        self.const_depth += 1;
        self.const_value_inner(c);
        self.const_depth -= 1;
    }

    fn const_value_inner(&mut self, c: ConstId) {
        let m = self.m;
        match &m.consts[c] {
            ConstData::Int { ty, value } => {
                let w = m.types.int_width(*ty).unwrap_or(64);
                if w == 1 {
                    self.out.push_str(if value.is_zero() { "false" } else { "true" });
                } else {
                    self.out.push_str(&value.to_literal(w));
                }
            }
            ConstData::Float { ty, bits } => self.float(*ty, bits.get()),
            ConstData::Null(_) => self.out.push_str("null"),
            ConstData::Undef(_) => self.out.push_str("undef"),
            ConstData::Poison(_) => self.out.push_str("poison"),
            ConstData::Zero(_) => self.out.push_str("zeroinitializer"),
            ConstData::NoneToken(_) => self.out.push_str("none"),
            ConstData::Array { elems, .. } => self.const_list('[', elems, ']'),
            ConstData::Vector { elems, .. } => self.const_list('<', elems, '>'),
            ConstData::Struct { ty, fields } => {
                let packed = match m.types.get(*ty) {
                    TypeData::Struct(b) => b.packed,
                    TypeData::Named(id) => m.types.named(*id).body.as_ref().is_some_and(|b| b.packed),
                    _ => false,
                };
                if packed {
                    self.out.push('<');
                }
                if fields.is_empty() {
                    self.out.push_str("{}");
                } else {
                    self.out.push_str("{ ");
                    for (i, f) in fields.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        self.typed_const(*f);
                    }
                    self.out.push_str(" }");
                }
                if packed {
                    self.out.push('>');
                }
            }
            ConstData::Bytes { bytes, .. } => {
                self.out.push('c');
                write_quoted(bytes, &mut self.out);
            }
            ConstData::Global { global, .. } => self.global_name(*global),
            ConstData::BlockAddress { func, block, .. } => {
                self.out.push_str("blockaddress(");
                self.global_name(*func);
                self.out.push_str(", %");
                match block {
                    BlockName::Named(n) => write_local_ident(n, &mut self.out),
                    BlockName::Numbered(n) => {
                        let _ = write!(self.out, "{n}");
                    }
                }
                self.out.push(')');
            }
            ConstData::DsoLocalEquivalent { global, .. } => {
                self.out.push_str("dso_local_equivalent ");
                self.global_name(*global);
            }
            ConstData::NoCfi { global, .. } => {
                self.out.push_str("no_cfi ");
                self.global_name(*global);
            }
            ConstData::Expr(e) => {
                let e = e.clone();
                match e.op {
                    ExprOp::Binary(op) => {
                        self.out.push_str(op.keyword());
                        self.wrap_flags(e.flags);
                    }
                    ExprOp::Cast(op) => self.out.push_str(op.keyword()),
                    ExprOp::GetElementPtr => {
                        self.out.push_str("getelementptr");
                        self.gep_flags(e.flags);
                        if let Some((a, b)) = e.inrange {
                            let _ = write!(self.out, " inrange({a}, {b})");
                        }
                    }
                    ExprOp::ICmp(p) => {
                        let _ = write!(self.out, "icmp {}", p.keyword());
                    }
                    ExprOp::FCmp(p) => {
                        let _ = write!(self.out, "fcmp {}", p.keyword());
                    }
                    ExprOp::Select => self.out.push_str("select"),
                    ExprOp::ExtractElement => self.out.push_str("extractelement"),
                    ExprOp::InsertElement => self.out.push_str("insertelement"),
                    ExprOp::ShuffleVector => self.out.push_str("shufflevector"),
                    ExprOp::ExtractValue => self.out.push_str("extractvalue"),
                    ExprOp::InsertValue => self.out.push_str("insertvalue"),
                    ExprOp::FNeg => self.out.push_str("fneg"),
                }
                self.out.push_str(" (");
                if let Some(src) = e.source_ty {
                    self.ty(src);
                    self.out.push_str(", ");
                }
                for (i, op) in e.operands.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    if e.op == ExprOp::GetElementPtr && e.indices.first() == Some(&(i as i64)) {
                        self.out.push_str("inrange ");
                    }
                    self.typed_const(*op);
                }
                match e.op {
                    ExprOp::Cast(_) => {
                        self.out.push_str(" to ");
                        self.ty(e.ty);
                    }
                    ExprOp::ExtractValue | ExprOp::InsertValue => {
                        for i in e.indices.iter() {
                            let _ = write!(self.out, ", {i}");
                        }
                    }
                    _ => {}
                }
                self.out.push(')');
            }
        }
    }

    fn const_list(&mut self, open: char, elems: &[ConstId], close: char) {
        self.out.push(open);
        for (i, e) in elems.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.typed_const(*e);
        }
        self.out.push(close);
    }

    fn float(&mut self, ty: TypeId, bits: u128) {
        let kind = match self.m.types.get(ty) {
            TypeData::Float(k) => *k,
            _ => FloatKind::Double,
        };
        let _ = match kind {
            FloatKind::Double => write!(self.out, "0x{:016X}", bits as u64),
            FloatKind::Float => {
                // LLVM writes float constants as the double with the same value.
                let d = f64::from(f32::from_bits(bits as u32));
                write!(self.out, "0x{:016X}", d.to_bits())
            }
            FloatKind::Half => write!(self.out, "0xH{:04X}", bits as u16),
            FloatKind::BFloat => write!(self.out, "0xR{:04X}", bits as u16),
            FloatKind::X86Fp80 => write!(self.out, "0xK{:04X}{:016X}", (bits >> 64) as u16, bits as u64),
            FloatKind::Fp128 => write!(self.out, "0xL{:016X}{:016X}", bits as u64, (bits >> 64) as u64),
            FloatKind::PpcFp128 => write!(self.out, "0xM{:016X}{:016X}", bits as u64, (bits >> 64) as u64),
        };
    }

    /// `-0.0` of a floating-point (or vector of floating-point) type.
    fn wrap_flags(&mut self, f: u8) {
        for (bit, kw) in
            [(flags::NUW, "nuw"), (flags::NSW, "nsw"), (flags::EXACT, "exact"), (flags::DISJOINT, "disjoint")]
        {
            if f & bit != 0 {
                self.out.push(' ');
                self.out.push_str(kw);
            }
        }
    }

    fn gep_flags(&mut self, f: u8) {
        if f & flags::INBOUNDS != 0 {
            self.out.push_str(" inbounds");
        } else if f & flags::GEP_NUSW != 0 {
            self.out.push_str(" nusw");
        }
        if f & flags::NUW != 0 {
            self.out.push_str(" nuw");
        }
    }

    fn fmf(&mut self, f: FastMath) {
        if f.0 == FastMath::FAST {
            self.out.push_str(" fast");
            return;
        }
        for (bit, kw) in FastMath::NAMES {
            if f.0 & bit != 0 {
                self.out.push(' ');
                self.out.push_str(kw);
            }
        }
    }

    // ---- metadata ----

    fn number_metadata(&mut self) {
        let m = self.m;
        self.md_slots = vec![NO_SLOT; m.metadata.len()];
        let (mut stack, mut next) = (Vec::new(), 0u32);
        // Each root is walked as it is reached, as a walk of the list of every root would
        // (a module may name millions).
        let mut walk = |p: &mut Self, root: MdId| p.number_from(root, &mut stack, &mut next);
        for nm in &m.metadata.named {
            nm.nodes.iter().for_each(|&n| walk(self, n));
        }
        for (_, g) in m.globals.iter() {
            g.props.metadata().iter().for_each(|a| walk(self, a.node));
        }
        for (_, f) in m.functions.iter() {
            f.props.metadata().iter().for_each(|a| walk(self, a.node));
            for &b in &f.layout {
                for &i in &f.blocks[b].insts {
                    let inst = &f.insts[i];
                    f.metadata_of(inst).iter().for_each(|a| walk(self, a.node));
                    if let InstKind::Call { call, .. } | InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } =
                        &inst.kind
                    {
                        for a in &call.args {
                            if let Value::Md(id) = a.value {
                                walk(self, id);
                            }
                        }
                    }
                }
            }
        }
        for (_, f) in m.functions.iter() {
            for (_, r) in &f.debug_records {
                for v in r.operands.iter() {
                    if let Value::Md(id) = v {
                        walk(self, *id);
                    }
                }
            }
        }
        // The nodes in number order, from their numbers (a list exactly as long).
        let mut order = vec![MdId::from_index(0); next as usize];
        for (i, &n) in self.md_slots.iter().enumerate() {
            if n != NO_SLOT {
                order[n as usize] = MdId::from_index(i);
            }
        }
        self.md_order = order;
    }

    /// Numbers the nodes a depth-first walk from `root` reaches first, from `next` on.
    fn number_from(&mut self, root: MdId, stack: &mut Vec<MdId>, next: &mut u32) {
        let m = self.m;
        stack.push(root);
        while let Some(id) = stack.pop() {
            let node = m.metadata.get(id);
            if matches!(node, MdNode::String(_) | MdNode::Value(..)) || self.md_slots[id.index()] != NO_SLOT {
                continue;
            }
            self.md_slots[id.index()] = *next;
            *next += 1;
            for r in node.refs().into_iter().rev() {
                match self.inline_operands(node, r) {
                    // A `GenericDINode`'s operands are written in place: their tuple has no slot.
                    Some(ops) => stack.extend(ops.iter().rev().flatten()),
                    None => stack.push(r),
                }
            }
        }
    }

    /// The operands of a `GenericDINode`, when `r` is its `operands:` tuple (written `{…}`).
    fn inline_operands(&self, node: &'m MdNode, r: MdId) -> Option<&'m [Option<MdId>]> {
        let MdNode::Special { kind, fields, .. } = node else { return None };
        if &**kind != "GenericDINode" || !fields.iter().any(|(n, f)| &**n == "operands" && *f == MdField::Ref(r)) {
            return None;
        }
        match self.m.metadata.get(r) {
            MdNode::Tuple { distinct: None, ops } => Some(ops),
            _ => None,
        }
    }

    fn md_ref(&mut self, id: MdId) {
        match self.m.metadata.get(id) {
            MdNode::String(s) => {
                self.out.push('!');
                write_quoted(s, &mut self.out);
            }
            MdNode::Value(t, v) => {
                let (t, v) = (*t, *v);
                self.ty(t);
                self.out.push(' ');
                self.value(None, None, v);
            }
            _ => match self.md_slots.get(id.index()).filter(|&&n| n != NO_SLOT) {
                Some(n) => {
                    let _ = write!(self.out, "!{n}");
                }
                None => self.md_node(id),
            },
        }
    }

    fn md_node(&mut self, id: MdId) {
        let node = self.m.metadata.get(id);
        if node.is_distinct() {
            self.out.push_str("distinct ");
        }
        match node {
            MdNode::Tuple { ops, .. } => {
                self.out.push_str("!{");
                for (i, op) in ops.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                        self.spill_within(i);
                    }
                    match op {
                        Some(r) => self.md_ref(*r),
                        None => self.out.push_str("null"),
                    }
                }
                self.out.push('}');
            }
            MdNode::Special { kind, fields, .. } => {
                let _ = write!(self.out, "!{kind}(");
                for (i, (name, v)) in fields.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    if !name.is_empty() {
                        let _ = write!(self.out, "{name}: ");
                    }
                    match v {
                        MdField::Null => self.out.push_str("null"),
                        MdField::Ref(r) if *name == "operands" && self.inline_operands(node, *r).is_some() => {
                            let Some(ops) = self.inline_operands(node, *r) else { unreachable!() };
                            self.out.push('{');
                            for (i, op) in ops.iter().enumerate() {
                                if i > 0 {
                                    self.out.push_str(", ");
                                }
                                match op {
                                    Some(r) => self.md_ref(*r),
                                    None => self.out.push_str("null"),
                                }
                            }
                            self.out.push('}');
                        }
                        MdField::Ref(r) => self.md_ref(*r),
                        MdField::Int(n) => {
                            let _ = write!(self.out, "{n}");
                        }
                        MdField::WideInt(n) => {
                            let _ = write!(self.out, "{n}");
                        }
                        MdField::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
                        MdField::Word(w) => self.out.push_str(w),
                        MdField::Str(s) => write_quoted(s, &mut self.out),
                    }
                }
                self.out.push(')');
            }
            MdNode::Expression(elems) => {
                self.out.push_str("!DIExpression(");
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                        self.spill_within(i);
                    }
                    match e {
                        ExprElem::Op(op) => self.out.push_str(op.name()),
                        ExprElem::Word(w) => self.out.push_str(w),
                        ExprElem::Int(n) => {
                            let _ = write!(self.out, "{n}");
                        }
                    }
                }
                self.out.push(')');
            }
            MdNode::String(_) | MdNode::Value(..) => self.md_ref(id),
            MdNode::Placeholder(slot) => {
                let _ = write!(self.out, "!{{}} ; undefined !{slot}");
            }
        }
    }

    // ---- functions ----

    fn function(&mut self, f: &'m Function) {
        let (ret, params, vararg) = match self.m.types.get(f.ty) {
            TypeData::Function { ret, params, vararg } => (*ret, params.clone(), *vararg),
            _ => unreachable!("a function's type is a function type"),
        };
        let slots = self.number(f);
        self.out.push_str(if f.is_definition { "define " } else { "declare " });
        if !f.is_definition {
            // A declaration's attachments come first (LLVM's parseDeclare).
            for a in f.props.metadata() {
                self.out.push('!');
                write_md_name(self.m.metadata.kind_name(a.kind), &mut self.out);
                self.out.push(' ');
                self.md_ref(a.node);
                self.out.push(' ');
            }
        }
        let linkage = f.props.linkage.keyword();
        if !linkage.is_empty() {
            self.out.push_str(linkage);
            self.out.push(' ');
        }
        for kw in [f.props.preemption.keyword(), f.props.visibility.keyword(), f.props.dll.keyword()] {
            if !kw.is_empty() {
                self.out.push_str(kw);
                self.out.push(' ');
            }
        }
        if f.cc != 0 {
            self.cc(f.cc);
            self.out.push(' ');
        }
        self.attrs_then_space(f.ret_attrs);
        self.ty(ret);
        self.out.push_str(" @");
        write_global_ident(&f.name, f.props.numeric_name, &mut self.out);
        self.out.push('(');
        for (i, p) in f.params.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.ty(params.get(i).copied().unwrap_or(p.ty));
            let before = self.out.len();
            self.out.push(' ');
            self.attr_set(p.attrs);
            if self.out.len() == before + 1 {
                self.out.pop();
            }
            if f.is_definition {
                match (p.name.as_str(), slots.args[i]) {
                    (Some(n), _) => {
                        self.out.push_str(" %");
                        write_local_ident(n, &mut self.out);
                    }
                    (None, Some(n)) if self.syntax != Syntax::Llvm7 => {
                        let _ = write!(self.out, " %{n}");
                    }
                    _ => {}
                }
            }
        }
        if vararg {
            self.out.push_str(if f.params.is_empty() { "..." } else { ", ..." });
        }
        self.out.push(')');
        self.unnamed_addr_fn(&f.props);
        if f.props.explicit_addr_space || f.props.addr_space != 0 {
            let _ = write!(self.out, " addrspace({})", f.props.addr_space);
        }
        let before = self.out.len();
        self.out.push(' ');
        self.attr_set(f.fn_attrs);
        if self.out.len() == before + 1 {
            self.out.pop();
        }
        self.props_suffix(&f.props, " ");
        if let Some(gc) = f.gc() {
            self.out.push_str(" gc ");
            write_quoted(gc.as_bytes(), &mut self.out);
        }
        for (kw, v) in [("prefix", f.prefix()), ("prologue", f.prologue()), ("personality", f.personality())] {
            if let Some((t, v)) = v {
                let _ = write!(self.out, " {kw} ");
                self.ty(t);
                self.out.push(' ');
                self.value(Some(f), Some(&slots), v);
            }
        }
        if !f.is_definition {
            self.out.push('\n');
            return;
        }
        for a in f.props.metadata() {
            self.out.push_str(" !");
            write_md_name(self.m.metadata.kind_name(a.kind), &mut self.out);
            self.out.push(' ');
            self.md_ref(a.node);
        }
        self.out.push_str(" {\n");
        let mut records: FxHashMap<crate::ir::InstId, Vec<usize>> = FxHashMap::default();
        for (r, (i, _)) in f.debug_records.iter().enumerate() {
            records.entry(*i).or_default().push(r);
        }
        for (bi, &bid) in f.layout.iter().enumerate() {
            let b = &f.blocks[bid];
            if bi > 0 {
                self.out.push('\n');
            }
            match (b.name.as_str(), slots.blocks[bid.index()]) {
                (Some(n), _) => {
                    write_local_ident(n, &mut self.out);
                    self.out.push_str(":\n");
                }
                (None, Some(n)) if bi > 0 => {
                    if self.syntax == Syntax::Llvm7 {
                        let _ = writeln!(self.out, "; <label>:{n}:");
                    } else {
                        let _ = writeln!(self.out, "{n}:");
                    }
                }
                _ => {}
            }
            for &i in &b.insts {
                if let Some(list) = records.get(&i) {
                    for &r in list {
                        self.debug_record(f, &slots, &f.debug_records[r].1);
                        // Records may come by the million before one instruction.
                        self.spill(SPILL);
                    }
                }
                self.out.push_str("  ");
                self.instruction(f, &slots, i, &f.insts[i]);
                self.out.push('\n');
                // A body of a million instructions is handed over as it is printed, not held.
                self.spill(SPILL);
            }
        }
        self.out.push_str("}\n");
    }

    fn debug_record(&mut self, f: &Function, s: &Slots, r: &DebugRecord) {
        let _ = write!(self.out, "    #{}(", r.kind.keyword());
        for (i, v) in r.operands.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.value(Some(f), Some(s), *v);
        }
        self.out.push_str(")\n");
    }

    fn unnamed_addr_fn(&mut self, p: &GlobalProps) {
        if !p.unnamed_addr.keyword().is_empty() {
            self.out.push(' ');
            self.out.push_str(p.unnamed_addr.keyword());
        }
    }

    fn cc(&mut self, cc: u32) {
        match crate::ir::function::CALLING_CONVS.iter().find(|(n, _)| *n == cc) {
            Some((_, kw)) => self.out.push_str(kw),
            None => {
                let _ = write!(self.out, "cc {cc}");
            }
        }
    }

    fn number(&self, f: &Function) -> Slots {
        let mut s = Slots::default();
        let mut next = 0u32;
        for p in &f.params {
            s.args.push(if p.name.is_none() {
                next += 1;
                Some(next - 1)
            } else {
                None
            });
        }
        let void = |t: TypeId| matches!(self.m.types.get(t), TypeData::Void);
        s.blocks = vec![None; f.blocks.len()];
        for &bid in &f.layout {
            let b = &f.blocks[bid];
            if b.name.is_none() {
                s.blocks[bid.index()] = Some(next);
                next += 1;
            }
            for &i in &b.insts {
                let inst = &f.insts[i];
                if f.inst_name(i).is_none() && !void(inst.ty) {
                    s.insts.insert(i, next);
                    next += 1;
                }
            }
        }
        s
    }

    fn block(&mut self, slots: &Slots, f: &Function, b: BlockId) {
        self.out.push_str("label ");
        self.block_ref(slots, f, b);
    }

    fn block_ref(&mut self, slots: &Slots, f: &Function, b: BlockId) {
        self.out.push('%');
        match (f.blocks[b].name.as_str(), slots.blocks[b.index()]) {
            (Some(n), _) => write_local_ident(n, &mut self.out),
            (None, Some(n)) => {
                let _ = write!(self.out, "{n}");
            }
            (None, None) => self.out.push_str("<unnumbered>"),
        }
    }

    fn value(&mut self, f: Option<&Function>, slots: Option<&Slots>, v: Value) {
        match v {
            Value::Const(c) => self.const_value(c),
            Value::Arg(i) => {
                let (f, slots) = (f.expect("arguments only inside functions"), slots.unwrap());
                self.out.push('%');
                match (f.params[i as usize].name.as_str(), slots.args[i as usize]) {
                    (Some(n), _) => write_local_ident(n, &mut self.out),
                    (None, Some(n)) => {
                        let _ = write!(self.out, "{n}");
                    }
                    _ => {}
                }
            }
            Value::Inst(i) => {
                let (f, slots) = (f.expect("instructions only inside functions"), slots.unwrap());
                self.out.push('%');
                match (f.inst_name(i).as_str(), slots.insts.get(&i)) {
                    (Some(n), _) => write_local_ident(n, &mut self.out),
                    (None, Some(n)) => {
                        let _ = write!(self.out, "{n}");
                    }
                    _ => self.out.push_str("<void>"),
                }
            }
            Value::Md(id) => self.md_ref(id),
            Value::LocalMd(id) => {
                let f = f.expect("local metadata only inside functions");
                match &f.local_md[id] {
                    LocalMd::Value(t, v) => {
                        let (t, v) = (*t, *v);
                        self.ty(t);
                        self.out.push(' ');
                        self.value(Some(f), slots, v);
                    }
                    LocalMd::ArgList(args) => {
                        self.out.push_str("!DIArgList(");
                        for (i, (t, v)) in args.clone().into_iter().enumerate() {
                            if i > 0 {
                                self.out.push_str(", ");
                            }
                            self.ty(t);
                            self.out.push(' ');
                            self.value(Some(f), slots, v);
                        }
                        self.out.push(')');
                    }
                    #[allow(unreachable_patterns)]
                    _ => {}
                }
            }
            Value::Asm(id) => {
                let a = &self.m.asms[id];
                self.out.push_str("asm ");
                if a.side_effect {
                    self.out.push_str("sideeffect ");
                }
                if a.align_stack {
                    self.out.push_str("alignstack ");
                }
                if a.intel {
                    self.out.push_str("inteldialect ");
                }
                if a.unwind {
                    self.out.push_str("unwind ");
                }
                write_quoted(&a.asm, &mut self.out);
                self.out.push_str(", ");
                write_quoted(&a.constraints, &mut self.out);
            }
        }
    }

    fn tv(&mut self, f: &Function, s: &Slots, t: TypeId, v: Value) {
        self.ty(t);
        self.out.push(' ');
        self.value(Some(f), Some(s), v);
    }

    fn atomic(&mut self, a: &Atomic) {
        if let Some(scope) = a.scope {
            self.out.push_str(" syncscope(");
            write_quoted(self.m.sync_scopes.get(scope.index()).unwrap_or_default().as_bytes(), &mut self.out);
            self.out.push(')');
        }
        self.out.push(' ');
        self.out.push_str(a.ordering.keyword());
    }

    fn align(&mut self, a: Option<Align>) {
        if let Some(a) = a {
            let _ = write!(self.out, ", align {}", a.bytes());
        }
    }

    /// `align` on `cmpxchg`/`atomicrmw` (LLVM 13+ syntax).
    fn atomic_align(&mut self, a: Option<Align>) {
        self.align(a);
    }

    fn call(&mut self, f: &Function, s: &Slots, c: &CallSite, musttail: bool) {
        self.fmf(c.fmf);
        if c.cc != 0 {
            self.out.push(' ');
            self.cc(c.cc);
        }
        self.out.push(' ');
        self.attrs_then_space(c.ret_attrs);
        // The callee's address space comes before the type (`call addrspace(1) void @f()`). LLVM
        // writes it when it is not 0, or when functions do not live in address space 0.
        let space = match callee_space(self.m, f, c.callee) {
            Some(a) if self.syntax != Syntax::Llvm7 => (a != 0 || self.program_addr_space != 0).then_some(a),
            _ => c.addr_space,
        };
        if let Some(a) = space {
            let _ = write!(self.out, "addrspace({a}) ");
        }
        let (ret, vararg) = match self.m.types.get(c.fn_ty) {
            TypeData::Function { ret, vararg, .. } => (*ret, *vararg),
            _ => (c.fn_ty, false),
        };
        if vararg || c.explicit_fn_ty {
            self.ty(c.fn_ty);
        } else {
            self.ty(ret);
        }
        self.out.push(' ');
        self.value(Some(f), Some(s), c.callee);
        self.out.push('(');
        for (i, a) in c.args.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.ty(a.ty);
            self.out.push(' ');
            self.attrs_then_space(a.attrs);
            self.value(Some(f), Some(s), a.value);
        }
        // A musttail call in a varargs function forwards its varargs: LLVM writes (and its
        // parser requires) `...` after the arguments.
        if musttail && matches!(self.m.types.get(f.ty), TypeData::Function { vararg: true, .. }) {
            self.out.push_str(if c.args.is_empty() { "..." } else { ", ..." });
        }
        self.out.push(')');
        let before = self.out.len();
        self.out.push(' ');
        self.attr_set(c.fn_attrs);
        if self.out.len() == before + 1 {
            self.out.pop();
        }
        if !c.bundles.is_empty() {
            self.out.push_str(" [ ");
            for (i, b) in c.bundles.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                write_quoted(b.tag.as_bytes(), &mut self.out);
                self.out.push('(');
                for (j, (t, v)) in b.inputs.iter().enumerate() {
                    if j > 0 {
                        self.out.push_str(", ");
                    }
                    self.tv(f, s, *t, *v);
                }
                self.out.push(')');
            }
            self.out.push_str(" ]");
        }
    }

    fn instruction(&mut self, f: &Function, s: &Slots, id: crate::ir::InstId, inst: &Instruction) {
        let void = matches!(self.m.types.get(inst.ty), TypeData::Void);
        if !void {
            self.out.push('%');
            match (f.inst_name(id).as_str(), s.insts.get(&id)) {
                (Some(n), _) => write_local_ident(n, &mut self.out),
                (None, Some(n)) => {
                    let _ = write!(self.out, "{n}");
                }
                _ => {}
            }
            self.out.push_str(" = ");
        }
        let ty = inst.ty;
        match &inst.kind {
            InstKind::Ret(None) => self.out.push_str("ret void"),
            InstKind::Ret(Some(v)) => {
                let ret = match self.m.types.get(f.ty) {
                    TypeData::Function { ret, .. } => *ret,
                    _ => ty,
                };
                self.out.push_str("ret ");
                self.tv(f, s, ret, *v);
            }
            InstKind::Br(b) => {
                self.out.push_str("br ");
                self.block(s, f, *b);
            }
            InstKind::CondBr { cond, then_bb, else_bb } => {
                self.out.push_str("br i1 ");
                self.value(Some(f), Some(s), *cond);
                self.out.push_str(", ");
                self.block(s, f, *then_bb);
                self.out.push_str(", ");
                self.block(s, f, *else_bb);
            }
            InstKind::Switch { ty: cty, cond, default, cases } => {
                self.out.push_str("switch ");
                self.tv(f, s, *cty, *cond);
                self.out.push_str(", ");
                self.block(s, f, *default);
                self.out.push_str(" [");
                for (c, b) in cases {
                    self.out.push_str("\n    ");
                    self.typed_const(*c);
                    self.out.push_str(", ");
                    self.block(s, f, *b);
                }
                self.out.push_str("\n  ]");
            }
            InstKind::IndirectBr { ty: aty, addr, dests } => {
                self.out.push_str("indirectbr ");
                self.tv(f, s, *aty, *addr);
                self.out.push_str(", [");
                for (i, d) in dests.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.block(s, f, *d);
                }
                self.out.push(']');
            }
            InstKind::Invoke { call, normal, unwind } => {
                self.out.push_str("invoke");
                self.call(f, s, call, false);
                self.out.push_str("\n          to ");
                self.block(s, f, *normal);
                self.out.push_str(" unwind ");
                self.block(s, f, *unwind);
            }
            InstKind::CallBr { call, default, indirect } => {
                self.out.push_str("callbr");
                self.call(f, s, call, false);
                self.out.push_str("\n          to ");
                self.block(s, f, *default);
                self.out.push_str(" [");
                for (i, d) in indirect.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.block(s, f, *d);
                }
                self.out.push(']');
            }
            InstKind::Resume(t, v) => {
                self.out.push_str("resume ");
                self.tv(f, s, *t, *v);
            }
            InstKind::Unreachable => self.out.push_str("unreachable"),
            InstKind::CleanupRet { pad, unwind } => {
                self.out.push_str("cleanupret from ");
                self.value(Some(f), Some(s), *pad);
                self.out.push_str(" unwind ");
                match unwind {
                    Some(b) => self.block(s, f, *b),
                    None => self.out.push_str("to caller"),
                }
            }
            InstKind::CatchRet { pad, target } => {
                self.out.push_str("catchret from ");
                self.value(Some(f), Some(s), *pad);
                self.out.push_str(" to ");
                self.block(s, f, *target);
            }
            InstKind::CatchSwitch { parent, handlers, unwind } => {
                self.out.push_str("catchswitch within ");
                self.value(Some(f), Some(s), *parent);
                self.out.push_str(" [");
                for (i, h) in handlers.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.block(s, f, *h);
                }
                self.out.push_str("] unwind ");
                match unwind {
                    Some(b) => self.block(s, f, *b),
                    None => self.out.push_str("to caller"),
                }
            }
            InstKind::FNeg { fmf, op } => {
                self.out.push_str("fneg");
                self.fmf(*fmf);
                self.out.push(' ');
                self.tv(f, s, ty, *op);
            }
            InstKind::Binary { op, flags: fl, fmf, lhs, rhs } => {
                self.out.push_str(op.keyword());
                self.wrap_flags(*fl);
                self.fmf(*fmf);
                self.out.push(' ');
                self.tv(f, s, ty, *lhs);
                self.out.push_str(", ");
                self.value(Some(f), Some(s), *rhs);
            }
            InstKind::Alloca { ty: aty, count, align, addr_space, inalloca, swifterror } => {
                self.out.push_str("alloca ");
                if *inalloca {
                    self.out.push_str("inalloca ");
                }
                if *swifterror {
                    self.out.push_str("swifterror ");
                }
                self.ty(*aty);
                if let Some((ct, cv)) = count {
                    self.out.push_str(", ");
                    self.tv(f, s, *ct, *cv);
                }
                self.align(*align);
                if let Some(a) = addr_space {
                    let _ = write!(self.out, ", addrspace({a})");
                }
            }
            InstKind::Load { ty: lty, ptr_ty, ptr, align, volatile, atomic } => {
                self.out.push_str("load ");
                if atomic.is_some() {
                    self.out.push_str("atomic ");
                }
                if *volatile {
                    self.out.push_str("volatile ");
                }
                self.ty(*lty);
                self.out.push_str(", ");
                self.tv(f, s, *ptr_ty, *ptr);
                if let Some(a) = atomic {
                    self.atomic(a);
                }
                self.align(*align);
            }
            InstKind::Store { ty: vty, value, ptr_ty, ptr, align, volatile, atomic } => {
                self.out.push_str("store ");
                if atomic.is_some() {
                    self.out.push_str("atomic ");
                }
                if *volatile {
                    self.out.push_str("volatile ");
                }
                self.tv(f, s, *vty, *value);
                self.out.push_str(", ");
                self.tv(f, s, *ptr_ty, *ptr);
                if let Some(a) = atomic {
                    self.atomic(a);
                }
                self.align(*align);
            }
            InstKind::Fence(a) => {
                self.out.push_str("fence");
                self.atomic(a);
            }
            InstKind::CmpXchg(x) => {
                let CmpXchg { ptr_ty, ptr, ty: cty, cmp, new, success, failure, weak, volatile, align } = &**x;
                self.out.push_str("cmpxchg ");
                if *weak {
                    self.out.push_str("weak ");
                }
                if *volatile {
                    self.out.push_str("volatile ");
                }
                self.tv(f, s, *ptr_ty, *ptr);
                self.out.push_str(", ");
                self.tv(f, s, *cty, *cmp);
                self.out.push_str(", ");
                self.tv(f, s, *cty, *new);
                self.atomic(success);
                self.out.push(' ');
                self.out.push_str(failure.keyword());
                self.atomic_align(*align);
            }
            InstKind::AtomicRmw { op, ptr_ty, ptr, ty: vty, value, atomic, volatile, align } => {
                self.out.push_str("atomicrmw ");
                if *volatile {
                    self.out.push_str("volatile ");
                }
                self.out.push_str(op.keyword());
                self.out.push(' ');
                self.tv(f, s, *ptr_ty, *ptr);
                self.out.push_str(", ");
                self.tv(f, s, *vty, *value);
                self.atomic(atomic);
                self.atomic_align(*align);
            }
            InstKind::GetElementPtr { source_ty, flags: fl, operands } => {
                self.out.push_str("getelementptr");
                self.gep_flags(*fl);
                self.out.push(' ');
                self.ty(*source_ty);
                for (t, v) in operands {
                    self.out.push_str(", ");
                    self.tv(f, s, *t, *v);
                }
            }
            InstKind::Cast { op, flags: fl, fmf, from, value } => {
                self.out.push_str(op.keyword());
                if fl & flags::NNEG != 0 {
                    self.out.push_str(" nneg");
                }
                self.fmf(*fmf);
                // `trunc nuw nsw` (LLVM 19).
                for (bit, kw) in [(flags::NUW, "nuw"), (flags::NSW, "nsw")] {
                    if fl & bit != 0 {
                        self.out.push(' ');
                        self.out.push_str(kw);
                    }
                }
                self.out.push(' ');
                self.tv(f, s, *from, *value);
                self.out.push_str(" to ");
                self.ty(ty);
            }
            InstKind::ICmp { pred, flags: fl, ty: oty, lhs, rhs } => {
                self.out.push_str("icmp ");
                if fl & flags::SAMESIGN != 0 {
                    self.out.push_str("samesign ");
                }
                self.out.push_str(pred.keyword());
                self.out.push(' ');
                self.tv(f, s, *oty, *lhs);
                self.out.push_str(", ");
                self.value(Some(f), Some(s), *rhs);
            }
            InstKind::FCmp { pred, fmf, ty: oty, lhs, rhs } => {
                self.out.push_str("fcmp");
                self.fmf(*fmf);
                self.out.push(' ');
                self.out.push_str(pred.keyword());
                self.out.push(' ');
                self.tv(f, s, *oty, *lhs);
                self.out.push_str(", ");
                self.value(Some(f), Some(s), *rhs);
            }
            InstKind::Phi { fmf, incoming } => {
                self.out.push_str("phi");
                self.fmf(*fmf);
                self.out.push(' ');
                self.ty(ty);
                for (i, (v, b)) in incoming.iter().enumerate() {
                    self.out.push_str(if i > 0 { ", [ " } else { " [ " });
                    self.value(Some(f), Some(s), *v);
                    self.out.push_str(", ");
                    self.block_ref(s, f, *b);
                    self.out.push_str(" ]");
                }
            }
            InstKind::Select { fmf, cond_ty, cond, then_v, else_v } => {
                self.out.push_str("select");
                self.fmf(*fmf);
                self.out.push(' ');
                self.tv(f, s, *cond_ty, *cond);
                self.out.push_str(", ");
                self.tv(f, s, ty, *then_v);
                self.out.push_str(", ");
                self.tv(f, s, ty, *else_v);
            }
            InstKind::Freeze(v) => {
                self.out.push_str("freeze ");
                self.tv(f, s, ty, *v);
            }
            InstKind::Call { tail, call } => {
                match tail {
                    TailKind::Tail => self.out.push_str("tail "),
                    TailKind::MustTail => self.out.push_str("musttail "),
                    TailKind::NoTail => self.out.push_str("notail "),
                    _ => {}
                }
                self.out.push_str("call");
                self.call(f, s, call, *tail == TailKind::MustTail);
            }
            InstKind::VaArg { list_ty, list } => {
                self.out.push_str("va_arg ");
                self.tv(f, s, *list_ty, *list);
                self.out.push_str(", ");
                self.ty(ty);
            }
            InstKind::ExtractElement { vec_ty, vec, idx_ty, idx } => {
                self.out.push_str("extractelement ");
                self.tv(f, s, *vec_ty, *vec);
                self.out.push_str(", ");
                self.tv(f, s, *idx_ty, *idx);
            }
            InstKind::InsertElement(boxed) => {
                let crate::ir::instruction::InsertElement { vec_ty, vec, elt_ty, elt, idx_ty, idx } = &**boxed;
                self.out.push_str("insertelement ");
                self.tv(f, s, *vec_ty, *vec);
                self.out.push_str(", ");
                self.tv(f, s, *elt_ty, *elt);
                self.out.push_str(", ");
                self.tv(f, s, *idx_ty, *idx);
            }
            InstKind::ShuffleVector(boxed) => {
                let crate::ir::instruction::ShuffleVector { vec_ty, a, b, mask_ty, mask } = &**boxed;
                self.out.push_str("shufflevector ");
                self.tv(f, s, *vec_ty, *a);
                self.out.push_str(", ");
                self.tv(f, s, *vec_ty, *b);
                self.out.push_str(", ");
                self.tv(f, s, *mask_ty, *mask);
            }
            InstKind::ExtractValue { agg_ty, agg, indices } => {
                self.out.push_str("extractvalue ");
                self.tv(f, s, *agg_ty, *agg);
                for i in indices {
                    let _ = write!(self.out, ", {i}");
                }
            }
            InstKind::InsertValue(boxed) => {
                let crate::ir::instruction::InsertValue { agg_ty, agg, elt_ty, elt, indices } = &**boxed;
                self.out.push_str("insertvalue ");
                self.tv(f, s, *agg_ty, *agg);
                self.out.push_str(", ");
                self.tv(f, s, *elt_ty, *elt);
                for i in indices {
                    let _ = write!(self.out, ", {i}");
                }
            }
            InstKind::LandingPad { cleanup, clauses } => {
                self.out.push_str("landingpad ");
                self.ty(ty);
                if *cleanup {
                    self.out.push_str("\n          cleanup");
                }
                for (filter, t, v) in clauses {
                    self.out.push_str(if *filter { "\n          filter " } else { "\n          catch " });
                    self.tv(f, s, *t, *v);
                }
            }
            InstKind::CatchPad { parent, args } | InstKind::CleanupPad { parent, args } => {
                self.out.push_str(inst.opcode());
                self.out.push_str(" within ");
                self.value(Some(f), Some(s), *parent);
                self.out.push_str(" [");
                for (i, (t, v)) in args.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.tv(f, s, *t, *v);
                }
                self.out.push(']');
            }
        }
        for a in f.metadata_of(inst) {
            self.out.push_str(", !");
            write_md_name(self.m.metadata.kind_name(a.kind), &mut self.out);
            self.out.push(' ');
            self.md_ref(a.node);
        }
    }
}

/// The datalayout's program address space (`P<n>`; 0 without one).
fn program_addr_space(m: &Module) -> u32 {
    let dl = m.data_layout.as_deref().unwrap_or_default();
    dl.split(|&b| b == b'-')
        .find_map(|part| std::str::from_utf8(part.strip_prefix(b"P")?).ok()?.parse().ok())
        .unwrap_or(0)
}

/// The address space of a callee's pointer type, when it has one.
fn callee_space(m: &Module, f: &Function, callee: Value) -> Option<u32> {
    match m.types.get(m.type_of(f, callee)?) {
        TypeData::Pointer { addr_space, .. } => Some(*addr_space),
        _ => None,
    }
}
