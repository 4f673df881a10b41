//! The printer: the text `tileirdisasm` prints (short op names, its elisions, value names).

use super::aliases::{debug_start, locations, AliasKind, Aliases};
use super::float;
use super::formats::{self, Elem};
use super::names::{self, Names, ValueName};
use crate::body::{At, Event, Walker};
use crate::ir::*;
use crate::tables::{self, AttrKind, Item, PADDING_VALUES};
use std::cell::Cell;
use std::fmt::{self, Write as _};
use std::io;

/// Printing options.
#[derive(Debug, Clone, Copy, Default)]
pub struct PrintOptions {
    /// Append `loc(...)` debug locations (`tileirdisasm -g`).
    pub debug: bool,
}

/// Prints a module.
pub fn print(m: &Module, opts: &PrintOptions) -> String {
    let mut out = Vec::new();
    // Writing to a vector cannot fail.
    let _ = print_to(m, opts, &mut out);
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Prints a module to a writer, a function at a time (the text is never all in memory).
pub fn print_to(m: &Module, opts: &PrintOptions, sink: &mut dyn io::Write) -> io::Result<()> {
    let mut aliases = Aliases::new(m);
    // Globals have no location: unknown, seen first.
    let global_loc = (opts.debug && !m.globals.is_empty()).then(|| aliases.add(AliasKind::Unknown, 0));
    if opts.debug {
        for f in &m.functions {
            locations(m, f, &mut aliases);
        }
    }
    // Alias names are given in MLIR's order: by nesting depth, then name, then first use.
    aliases.number();
    let text = TypeText::new(m);
    let mut p = Printer {
        m,
        names: Names::default(),
        args: &[],
        opts: *opts,
        text: &text,
        aliases: &aliases,
        debug_start: None,
    };
    let mut out = String::new();
    for g in &m.globals {
        out.push_str("global ");
        if let Some((vis, cst)) = g.visibility {
            if vis == 1 {
                out.push_str("private ");
            }
            if cst != 0 {
                out.push_str(" constant");
            }
        }
        let _ = write!(out, " @{}", String::from_utf8_lossy(m.string(g.name)));
        if g.alignment != 0 {
            let _ = write!(out, " alignment = {}", g.alignment);
        }
        out.push(' ');
        out.push_str(&p.dense(g.ty, g.constant));
        if let Some(a) = global_loc {
            out.push_str(" loc(");
            aliases.write_ref(&mut out, a);
            out.push(')');
        }
        out.push('\n');
        flush(&mut out, sink, false)?;
    }
    for f in &m.functions {
        p.names = names::name_function(m, f);
        p.args = match m.ty(f.signature) {
            Some(Type::Function { inputs, .. }) if inputs.len() < ARG as usize => inputs,
            _ => &[],
        };
        p.debug_start = debug_start(m, f);
        p.function(&mut out, f, sink)?;
    }
    for i in aliases.order() {
        aliases.write_ref(&mut out, i as usize);
        let _ = writeln!(out, " = {}", aliases.text(i as usize));
        flush(&mut out, sink, false)?;
    }
    flush(&mut out, sink, true)
}

/// Hands the text to the writer once there is enough of it (or all of it, `last`).
fn flush(out: &mut String, sink: &mut dyn io::Write, last: bool) -> io::Result<()> {
    if last || out.len() >= 1 << 16 {
        sink.write_all(out.as_bytes())?;
        out.clear();
    }
    Ok(())
}

/// The printed name of a scalar type tag.
pub fn scalar_name(tag: u64) -> &'static str {
    tables::SCALAR_TYPES.iter().find(|s| s.0 == tag).map_or("?", |s| s.1)
}

/// A type as the dialect prints it.
pub fn type_str(m: &Module, t: TypeId) -> String {
    let mut s = String::new();
    write_type(m, t, &mut s, 0);
    s
}

/// Types as text, within a bound on the total: a hostile type table nests types into text far
/// longer than the table, and each reference prints its type again. Past the bound (many times
/// what any real module prints) a type prints as `<?>`.
pub struct TypeText<'m> {
    m: &'m Module,
    left: Cell<usize>,
}

impl<'m> TypeText<'m> {
    /// Types of a module, with a budget of 64 MiB plus 64 bytes per byte of the module.
    pub fn new(m: &'m Module) -> TypeText<'m> {
        let size = m.functions.iter().map(|f| f.body.len() + 16).sum::<usize>()
            + m.strings.iter().map(<[u8]>::len).sum::<usize>()
            + m.constants.iter().map(<[u8]>::len).sum::<usize>()
            + 8 * m.types.len();
        TypeText { m, left: Cell::new((64 << 20) + size.saturating_mul(64)) }
    }

    /// A type as the dialect prints it.
    pub fn get(&self, t: TypeId) -> String {
        if self.left.get() == 0 {
            return "<?>".into();
        }
        let s = type_str(self.m, t);
        self.spend(s.len());
        s
    }

    /// Takes `n` bytes of text from the budget; false (taking nothing) when it has less.
    fn take(&self, n: usize) -> bool {
        let ok = n <= self.left.get();
        if ok {
            self.spend(n);
        }
        ok
    }

    fn spend(&self, n: usize) {
        self.left.set(self.left.get().saturating_sub(n));
    }
}

fn indent_to(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

/// The longest text of one type: past it, what is left prints as `<?>` (types nest and share
/// their parts, and shapes can be millions long).
const TYPE_TEXT_CAP: usize = 1 << 16;

/// Appends a shape (`?` for dynamic sizes) with a separator, without a string per element.
fn push_dims(s: &mut String, v: &[i64], sep: &str) {
    for (i, d) in v.iter().enumerate() {
        if i > 0 {
            s.push_str(sep);
        }
        if s.len() > TYPE_TEXT_CAP {
            s.push_str("<?>");
            return;
        }
        if *d == i64::MIN {
            s.push('?');
        } else {
            let _ = write!(s, "{d}");
        }
    }
}

/// Appends numbers with a separator.
fn push_join<T: fmt::Display>(s: &mut String, v: &[T], sep: &str) {
    push_list(s, v, sep, usize::MAX);
}

/// Appends numbers with a separator, up to about `cap` bytes of `s` (then `<?>`).
fn push_list<T: fmt::Display>(s: &mut String, v: &[T], sep: &str, cap: usize) {
    for (i, x) in v.iter().enumerate() {
        if i > 0 {
            s.push_str(sep);
        }
        if s.len() > cap {
            s.push_str("<?>");
            return;
        }
        let _ = write!(s, "{x}");
    }
}

fn write_type(m: &Module, t: TypeId, s: &mut String, depth: usize) {
    // Function types can share inputs: a hostile table nests them into exponentially long text.
    if depth > 64 || s.len() > TYPE_TEXT_CAP {
        s.push_str("<?>");
        return;
    }
    let sub = |t: TypeId, s: &mut String| write_type(m, t, s, depth + 1);
    let Some(ty) = m.ty(t) else {
        s.push_str("<<invalid type>>");
        return;
    };
    match ty {
        Type::Scalar(tag) => s.push_str(scalar_name(*tag)),
        Type::Pointer { pointee, .. } => {
            s.push_str("ptr<");
            sub(*pointee, s);
            s.push('>');
        }
        Type::Tile { element, shape } => {
            s.push_str("tile<");
            if !shape.is_empty() {
                push_dims(s, shape, "x");
                s.push('x');
            }
            sub(*element, s);
            s.push('>');
        }
        Type::TensorView(v) => {
            let TensorView { element, shape, strides, .. } = &**v;
            s.push_str("tensor_view<");
            if !shape.is_empty() {
                push_dims(s, shape, "x");
                s.push('x');
            }
            sub(*element, s);
            if !shape.is_empty() {
                s.push_str(", strides=[");
                push_dims(s, strides, ",");
                s.push(']');
            }
            s.push('>');
        }
        Type::PartitionView(v) => {
            let PartitionView { tile_shape, tensor_view, dim_map, padding, .. } = &**v;
            s.push_str("partition_view<tile=(");
            push_list(s, tile_shape, "x", TYPE_TEXT_CAP);
            s.push_str("), ");
            padding_str(*padding, s);
            sub(*tensor_view, s);
            dim_map_str(dim_map, s);
            s.push('>');
        }
        Type::StridedView(v) => {
            let StridedView { tile_shape, traversal_strides, tensor_view, dim_map, padding, .. } = &**v;
            s.push_str("strided_view<tile=(");
            push_list(s, tile_shape, "x", TYPE_TEXT_CAP);
            s.push_str("), traversal_strides=[");
            push_list(s, traversal_strides, ",", TYPE_TEXT_CAP);
            s.push_str("], ");
            padding_str(*padding, s);
            sub(*tensor_view, s);
            dim_map_str(dim_map, s);
            s.push('>');
        }
        Type::GatherScatterView(v) => {
            let GatherScatterView { tile_shape, tensor_view, sparse_dim, padding, .. } = &**v;
            s.push_str("gather_scatter_view<tile=(");
            push_list(s, tile_shape, "x", TYPE_TEXT_CAP);
            s.push_str("), ");
            padding_str(*padding, s);
            sub(*tensor_view, s);
            s.push_str(&format!(", sparse_dim={sparse_dim}>"));
        }
        Type::Function { inputs, results } => {
            s.push('(');
            for (i, t) in inputs.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                sub(*t, s);
            }
            s.push_str(") -> (");
            for (i, t) in results.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                sub(*t, s);
            }
            s.push(')');
        }
    }
}

fn padding_str(p: Option<u64>, s: &mut String) {
    if let Some(p) = p {
        s.push_str(&format!("padding_value = {}, ", PADDING_VALUES.get(p as usize).unwrap_or(&"?")));
    }
}

fn dim_map_str(d: &[i32], s: &mut String) {
    if d.iter().enumerate().any(|(i, x)| *x as usize != i) {
        s.push_str(", dim_map=[");
        push_list(s, d, ", ", TYPE_TEXT_CAP);
        s.push(']');
    }
}

/// A value in scope: where its name is in the function's [`Names`] (or `ARG | N` for the
/// function's argument N; `NO_NAME`: an operand that names no value) and its type.
#[derive(Clone, Copy)]
struct Val {
    name: u32,
    ty: TypeId,
}

const NO_NAME: u32 = u32::MAX;
const ARG: u32 = 1 << 31;

/// The values an op or block defines, named by `names` from `range` on.
fn vals_of<'a>(range: std::ops::Range<usize>, types: &'a [TypeId]) -> impl Iterator<Item = Val> + 'a {
    types.iter().enumerate().map(move |(i, &ty)| {
        let name = if range.start + i < range.end { (range.start + i) as u32 } else { NO_NAME };
        Val { name, ty }
    })
}

/// An op's layout fields by name.
struct View<'o> {
    version: crate::Version,
    name: &'static str,
    groups: Vec<(&'static str, Vec<usize>)>,
    attrs: Vec<(&'static str, AttrKind, &'o Field)>,
    flags: Vec<&'static str>,
    has_field: Vec<&'static str>,
}

impl<'o> View<'o> {
    fn new(op: &'o Op, version: crate::Version) -> View<'o> {
        let info = tables::op_info(op.opcode.into());
        let mut v = View {
            version,
            name: info.map_or("?", |i| i.name),
            groups: Vec::new(),
            attrs: Vec::new(),
            flags: Vec::new(),
            has_field: Vec::new(),
        };
        let mut fi = 0;
        let mut oi = 0;
        let mut names: &[&str] = &[];
        if let Some(info) = info {
            v.walk(op, tables::layout(info), &mut fi, &mut oi, &mut names);
        }
        v
    }

    fn flag(&self, op: &Op, names: &[&str], name: &str) -> bool {
        names.iter().position(|n| *n == name).is_some_and(|b| op.flags >> b & 1 != 0)
    }

    fn walk(
        &mut self,
        op: &'o Op,
        items: &'static [Item],
        fi: &mut usize,
        oi: &mut usize,
        names: &mut &'static [&'static str],
    ) {
        for item in items {
            match item {
                Item::Flags(n) => {
                    *names = n;
                    for (b, name) in n.iter().enumerate() {
                        if op.flags >> b & 1 != 0 {
                            self.flags.push(name);
                        }
                    }
                }
                Item::Since(v, inner) => {
                    if self.version >= *v {
                        self.walk(op, inner, fi, oi, names);
                    }
                }
                Item::IfFlag(name, inner) => {
                    if self.flag(op, names, name) {
                        self.walk(op, inner, fi, oi, names);
                    }
                }
                Item::Attr(name, kind) => {
                    if let Some(f) = op.fields.get(*fi) {
                        self.attrs.push((name, *kind, f));
                        self.has_field.push(name);
                    }
                    *fi += 1;
                }
                Item::AllOperands(list) => {
                    let n = match op.fields.get(*fi) {
                        Some(Field::U(n)) => *n as usize,
                        _ => 0,
                    };
                    *fi += 1;
                    let is_var = |x: &str| x.ends_with("...") || x.ends_with('?');
                    let mut left = n;
                    for (k, name) in list.iter().enumerate() {
                        let fixed_after = list[k + 1..].iter().filter(|x| !is_var(x)).count();
                        let take = if is_var(name) { left.saturating_sub(fixed_after) } else { 1.min(left) };
                        let clean = name.trim_end_matches("...").trim_end_matches('?');
                        self.groups.push((clean, (*oi..*oi + take).collect()));
                        *oi += take;
                        left -= take;
                    }
                }
                Item::Operands(name) => {
                    let n = match op.fields.get(*fi) {
                        Some(Field::U(n)) => *n as usize,
                        _ => 0,
                    };
                    *fi += 1;
                    self.groups.push((name, (*oi..*oi + n).collect()));
                    *oi += n;
                }
                Item::Operand(name) => {
                    self.groups.push((name, vec![*oi]));
                    *oi += 1;
                }
                Item::OptOperand(name) => {
                    if self.flag(op, names, name) {
                        self.groups.push((name, vec![*oi]));
                        *oi += 1;
                    } else {
                        self.groups.push((name, Vec::new()));
                    }
                }
                Item::Result | Item::Results | Item::Regions(_) => {}
            }
        }
    }

    fn group(&self, name: &str) -> Option<&[usize]> {
        self.groups.iter().find(|g| g.0 == name).map(|g| g.1.as_slice())
    }

    fn attr(&self, name: &str) -> Option<(AttrKind, &'o Field)> {
        self.attrs.iter().find(|a| a.0 == name).map(|a| (a.1, a.2))
    }

    fn enum_val(&self, name: &str) -> Option<u64> {
        match self.attr(name) {
            Some((_, Field::U(v))) => Some(*v),
            _ => None,
        }
    }
}

struct Printer<'m, 'p> {
    m: &'m Module,
    /// The function being printed's value names.
    names: Names,
    /// Its arguments' types.
    args: &'m [TypeId],
    opts: PrintOptions,
    text: &'p TypeText<'m>,
    aliases: &'p Aliases<'m>,
    /// With `-g`: where the function's location list starts.
    debug_start: Option<usize>,
}

/// How an op's regions print, region by region.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Regions {
    /// The first region (for, loop: without their implied terminators; reduce, scan: with).
    First { terminators: bool },
    /// if: then, and else unless it is empty.
    IfElse,
    /// None.
    Hidden,
}

/// An op whose regions are being printed.
struct OpenOp {
    how: Regions,
    /// Regions seen so far.
    region: usize,
    /// An empty else region ended the printing.
    stopped: bool,
    /// The indentation of the op's line.
    indent: usize,
}

/// MLIR's spacing state while printing a declarative format.
struct Fmt {
    out: String,
    space: bool,
    punct: bool,
    /// Whether the format printed the op's region's opening (it follows in the walk).
    region: Option<bool>,
}

impl Fmt {
    fn lit(&mut self, v: &str) {
        if v.is_empty() {
            self.punct = true;
            self.space = false;
            return;
        }
        if v == " " {
            self.out.push(' ');
            self.punct = false;
            self.space = false;
            return;
        }
        let before = if v.len() != 1 && v != "->" {
            true
        } else if self.punct {
            !">)}],".contains(v.chars().next().unwrap_or(' '))
        } else {
            !"<>(){}[],".contains(v.chars().next().unwrap_or(' '))
        };
        if self.space && before {
            self.out.push(' ');
        }
        self.out.push_str(v);
        let c = v.chars().next().unwrap_or(' ');
        self.space = !(v.len() == 1 && "<({[".contains(c));
        self.punct = c != '_' && !c.is_ascii_alphabetic();
    }

    fn elem(&mut self, text: &str) {
        if self.space || !self.punct {
            self.out.push(' ');
        }
        self.out.push_str(text);
        self.punct = false;
        self.space = true;
    }
}

impl Printer<'_, '_> {
    /// ` loc(#alias)` of entry `k` of the function's location list (0 is the function's own).
    fn loc_suffix(&self, out: &mut String, k: usize) {
        let (Some(start), Some(d), true) = (self.debug_start, &self.m.debug, self.opts.debug) else { return };
        let idx = d.indices.get(start + k).copied().unwrap_or(0);
        if let Some(a) = self.aliases.of(idx) {
            out.push_str(" loc(");
            self.aliases.write_ref(out, a);
            out.push(')');
        }
    }

    fn vt(&self, v: &Val) -> String {
        if v.name != NO_NAME && v.name & ARG != 0 {
            return self.names.text(ValueName::arg(v.name & !ARG));
        }
        match self.names.get(v.name as usize).filter(|_| v.name != NO_NAME) {
            Some(n) => self.names.text(n),
            None => "%<<invalid>>".into(),
        }
    }

    fn function(&self, out: &mut String, f: &Function, sink: &mut dyn io::Write) -> io::Result<()> {
        let (inputs, results): (&[TypeId], &[TypeId]) = match self.m.ty(f.signature) {
            Some(Type::Function { inputs, results }) => (inputs, results),
            _ => (&[], &[]),
        };
        // The values in scope after the function's arguments (which are `%argN`).
        let mut vals = Vec::new();
        let _ = write!(out, "entry @{}(", String::from_utf8_lossy(self.m.string(f.name)));
        for (i, t) in inputs.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "%arg{i}: {}", self.ty(*t));
            // A kernel can take any number of arguments.
            flush(out, sink, false)?;
        }
        out.push(')');
        if !results.is_empty() {
            out.push_str(" -> ");
            let r: Vec<String> = results.iter().map(|t| self.ty(*t)).collect();
            if r.len() == 1 {
                out.push_str(&r[0]);
            } else {
                let _ = write!(out, "({})", r.join(", "));
            }
        }
        if let Some(Attr::Hints(d) | Attr::Dictionary(d)) = &f.hints {
            if !d.is_empty() {
                out.push_str(" optimization_hints=");
                out.push_str(&self.hints(d));
            }
        }
        out.push_str(" {\n");
        self.body(out, f, &mut vals, sink)?;
        out.push('}');
        self.loc_suffix(out, 0);
        out.push('\n');
        flush(out, sink, false)
    }

    /// Prints a body's ops as the walk hands them out: an op's text up to its regions at the
    /// op, its regions' braces as they start and end, its location and line end after them.
    fn body(&self, out: &mut String, f: &Function, vals: &mut Vec<Val>, sink: &mut dyn io::Write) -> io::Result<()> {
        let mut open: Vec<OpenOp> = Vec::new();
        // Blocks' scopes in `vals`.
        let mut scopes: Vec<usize> = Vec::new();
        // Regions not printed, and the op being left out (an implied terminator).
        let mut hidden = 0usize;
        let mut skipped: Option<u32> = None;
        let mut w = Walker::new(self.m, &f.body);
        while let Some(ev) = w.next().ok().flatten() {
            match ev {
                Event::Op { op, at, regions, last, first_block } => {
                    if hidden > 0 {
                        if regions > 0 {
                            open.push(OpenOp { how: Regions::Hidden, region: 0, stopped: false, indent: 0 });
                        }
                        continue;
                    }
                    let terminators = match open.last() {
                        Some(o) => matches!(o.how, Regions::First { terminators: true }),
                        None => true,
                    };
                    if !terminators && last && op.operands.is_empty() {
                        let name = tables::op_info(op.opcode.into()).map_or("", |x| x.name);
                        if matches!(name, "yield" | "continue") {
                            skipped = Some(at.pos);
                            continue;
                        }
                    }
                    let indent = at.depth as usize + 1;
                    indent_to(out, indent);
                    let how = self.op(out, op, at, regions, first_block, vals);
                    if regions > 0 {
                        open.push(OpenOp { how, region: 0, stopped: false, indent });
                    }
                }
                Event::RegionStart { blocks } => {
                    let Some(o) = open.last_mut() else { continue };
                    let i = o.region;
                    o.region += 1;
                    let shown = hidden == 0
                        && !o.stopped
                        && match o.how {
                            Regions::First { .. } => i == 0,
                            Regions::IfElse => {
                                if i == 1 && blocks == 0 {
                                    o.stopped = true;
                                }
                                !o.stopped
                            }
                            Regions::Hidden => false,
                        };
                    if !shown {
                        hidden += 1;
                        continue;
                    }
                    if o.how == Regions::IfElse {
                        out.push_str(if i == 1 { " else " } else { " " });
                    }
                    out.push_str("{\n");
                }
                Event::BlockStart { args, pos, .. } => {
                    if hidden == 0 {
                        scopes.push(vals.len());
                        vals.extend(vals_of(self.names.range(pos), args));
                    }
                }
                Event::BlockEnd => {
                    if hidden == 0 {
                        if let Some(mark) = scopes.pop() {
                            vals.truncate(mark);
                        }
                    }
                }
                Event::RegionEnd => {
                    if hidden > 0 {
                        hidden -= 1;
                    } else if let Some(o) = open.last() {
                        indent_to(out, o.indent);
                        out.push('}');
                    }
                }
                Event::OpEnd { op, at } => {
                    if open.len() > at.depth as usize {
                        open.pop();
                    }
                    if hidden > 0 || skipped.take() == Some(at.pos) {
                        continue;
                    }
                    self.loc_suffix(out, at.index as usize + 1);
                    out.push('\n');
                    vals.extend(vals_of(self.names.range(at.pos), &op.results));
                    flush(out, sink, false)?;
                }
            }
        }
        Ok(())
    }

    /// Operand `i` of an op (`vals`: the values in scope after the function's arguments).
    fn val(&self, vals: &[Val], op: &Op, i: usize) -> Val {
        let none = Val { name: NO_NAME, ty: u32::MAX };
        let Some(&v) = op.operands.get(i) else { return none };
        match (v as usize).checked_sub(self.args.len()) {
            None => Val { name: ARG | v, ty: self.args[v as usize] },
            Some(k) => vals.get(k).copied().unwrap_or(none),
        }
    }

    fn ty(&self, t: TypeId) -> String {
        self.text.get(t)
    }

    /// Prints an op up to its regions (which follow it in the walk); `first` is the position
    /// and argument types of its first block. Says how its regions print.
    fn op(
        &self,
        out: &mut String,
        op: &Op,
        at: At,
        regions: usize,
        first: Option<(u32, &[TypeId])>,
        vals: &[Val],
    ) -> Regions {
        let view = View::new(op, self.m.version);
        let def = self.names.def(at.pos);
        if !def.is_empty() {
            out.push_str(&def);
            out.push_str(" = ");
        }
        out.push_str(view.name);
        let g = |name: &str| -> Vec<Val> {
            view.group(name).unwrap_or(&[]).iter().map(|&i| self.val(vals, op, i)).collect()
        };
        let list = |v: &[Val]| v.iter().map(|x| self.vt(x)).collect::<Vec<_>>().join(", ");
        // The name of argument i of the first block.
        let arg = |i: usize| match first.and_then(|b| self.names.of(b.0).nth(i)) {
            Some(n) => self.names.text(n),
            None => "%".into(),
        };
        let tys = |v: &[Val]| v.iter().map(|x| self.ty(x.ty)).collect::<Vec<_>>().join(", ");
        let res_tys = || op.results.iter().map(|t| self.ty(*t)).collect::<Vec<_>>().join(", ");
        let idx_tys = |v: &[Val]| -> String {
            if v.is_empty() {
                String::new()
            } else if v.iter().all(|x| x.ty == v[0].ty) {
                format!(", {}", self.ty(v[0].ty))
            } else {
                v.iter().map(|x| format!(", {}", self.ty(x.ty))).collect()
            }
        };
        let mem = |view: &View| {
            let mut s = String::new();
            if let Some(o) = view.enum_val("memory_ordering_semantics") {
                s.push(' ');
                s.push_str(enum_name("memory_ordering_semantics", o));
            }
            if view.has_field.contains(&"memory_scope") {
                if let Some(o) = view.enum_val("memory_scope") {
                    s.push(' ');
                    s.push_str(enum_name("memory_scope", o));
                }
            }
            s
        };
        let mut how = Regions::Hidden;
        match view.name {
            "for" => {
                let all = g("lowerBound");
                let (ub, step, init) = (g("upperBound"), g("step"), g("initValues"));
                if view.flags.contains(&"unsignedCmp") {
                    out.push_str(" unsigned");
                }
                let iv_ty = first.and_then(|b| b.1.first()).map_or(String::new(), |t| self.ty(*t));
                out.push_str(&format!(
                    " {} in ({} to {}, step {}) : {iv_ty} ",
                    arg(0),
                    list(&all),
                    list(&ub),
                    list(&step)
                ));
                if !init.is_empty() {
                    let pairs: Vec<String> =
                        init.iter().enumerate().map(|(i, v)| format!("{} = {}", arg(i + 1), self.vt(v))).collect();
                    out.push_str(&format!("iter_values({}) -> ({}) ", pairs.join(", "), tys(&init)));
                }
                how = Regions::First { terminators: false };
            }
            "loop" => {
                let init = g("initValues");
                out.push(' ');
                if !init.is_empty() {
                    let pairs: Vec<String> =
                        init.iter().enumerate().map(|(i, v)| format!("{} = {}", arg(i), self.vt(v))).collect();
                    out.push_str(&format!("iter_values({}) ", pairs.join(", ")));
                }
                if !init.is_empty() || !op.results.is_empty() {
                    out.push_str(": ");
                }
                if !init.is_empty() {
                    out.push_str(&tys(&init));
                    out.push(' ');
                    if !op.results.is_empty() {
                        out.push_str("-> ");
                    }
                }
                if !op.results.is_empty() {
                    out.push_str(&res_tys());
                    out.push(' ');
                }
                how = Regions::First { terminators: false };
            }
            "if" => {
                let c = g("condition");
                out.push_str(&format!(" {}", list(&c)));
                if !op.results.is_empty() {
                    out.push_str(&format!(" -> ({})", res_tys()));
                }
                how = Regions::IfElse;
            }
            "load_view_tko" | "store_view_tko" | "atomic_red_view_tko" => {
                out.push_str(&mem(&view));
                let (view_v, idx) = (g("view"), g("index"));
                out.push(' ');
                if view.name == "store_view_tko" {
                    out.push_str(&format!("{}, ", list(&g("tile"))));
                }
                out.push_str(&format!("{}[{}]", list(&view_v), list(&idx)));
                if view.name == "atomic_red_view_tko" {
                    let mode = view.enum_val("mode").map_or("?", |m| enum_name("mode", m));
                    out.push_str(&format!(", {mode}, {}", list(&g("value"))));
                }
                let tok = g("token");
                if !tok.is_empty() {
                    out.push_str(&format!(" token = {}", list(&tok)));
                }
                if view.flags.contains(&"optimization_hints") {
                    if let Some((_, Field::Dict(d))) = view.attr("optimization_hints") {
                        out.push_str(&format!(" optimization_hints = {}", self.hints(d)));
                    }
                }
                out.push_str(" : ");
                match view.name {
                    "load_view_tko" => out.push_str(&format!("{}{} -> {}", tys(&view_v), idx_tys(&idx), res_tys())),
                    "store_view_tko" => out.push_str(&format!(
                        "{}, {}{} -> {}",
                        tys(&g("tile")),
                        tys(&view_v),
                        idx_tys(&idx),
                        res_tys()
                    )),
                    _ => out.push_str(&format!(
                        "{}, {}{} -> {}",
                        tys(&g("value")),
                        tys(&view_v),
                        idx_tys(&idx),
                        res_tys()
                    )),
                }
            }
            "make_tensor_view" => {
                let base = g("base");
                let (shape, strides) = (g("dynamicShape"), g("dynamicStrides"));
                let rt = op.results.first().copied().unwrap_or(u32::MAX);
                let (sh, st) = match self.m.ty(rt) {
                    Some(Type::TensorView(v)) => (v.shape.clone(), v.strides.clone()),
                    _ => (Vec::new(), Vec::new()),
                };
                let mixed =
                    |elems: &[i64], dyns: &[Val]| {
                        let mut it = dyns.iter();
                        elems
                            .iter()
                            .map(|e| {
                                if *e == i64::MIN {
                                    it.next().map_or("?".into(), |v| self.vt(v))
                                } else {
                                    e.to_string()
                                }
                            })
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                out.push_str(&format!(
                    " {}, shape = [{}], strides = [{}] : ",
                    list(&base),
                    mixed(&sh, &shape),
                    mixed(&st, &strides)
                ));
                if let Some(d) = shape.first().or(strides.first()) {
                    out.push_str(&format!("{} -> ", self.ty(d.ty)));
                }
                out.push_str(&res_tys());
            }
            "make_partition_view" | "make_strided_view" | "make_gather_scatter_view" => {
                out.push_str(&format!(" {} : {}", list(&g("tensor_view")), res_tys()));
            }
            "get_index_space_shape" | "get_tensor_shape" => {
                let src = g("src");
                let first = op.results.first().map_or(String::new(), |t| self.ty(*t));
                out.push_str(&format!(" {} : {} -> {first}", list(&src), tys(&src)));
            }
            name => match formats::elems(name) {
                Some(elems) => {
                    let mut f = Fmt { out: String::new(), space: true, punct: false, region: None };
                    let region = (regions > 0).then(|| first.unwrap_or((0, &[])));
                    self.format(&mut f, elems, op, &view, vals, at, region);
                    out.push_str(&f.out);
                    if f.region == Some(true) {
                        how = Regions::First { terminators: true };
                    }
                }
                None => {
                    let all: Vec<Val> = (0..op.operands.len()).map(|i| self.val(vals, op, i)).collect();
                    out.push_str(&format!(" {} : ({}) -> ({})", list(&all), tys(&all), res_tys()));
                }
            },
        }
        how
    }

    fn present(&self, elems: &[Elem], op: &Op, view: &View) -> bool {
        for e in elems {
            match e {
                Elem::Var(name, true) => {
                    if let Some(grp) = view.group(name) {
                        return !grp.is_empty();
                    }
                    if let Some((kind, f)) = view.attr(name) {
                        return match (kind, f) {
                            (AttrKind::Enum, Field::U(v)) => *v != enum_default(name),
                            _ => true,
                        };
                    }
                    return view.flags.contains(name);
                }
                Elem::Types(name, _, true) => return view.group(name).is_some_and(|g| !g.is_empty()),
                _ => {}
            }
        }
        let _ = op;
        false
    }

    /// Prints a declarative format; `region` is the first block of the op's region (its
    /// position and argument types) when it has one.
    #[allow(clippy::too_many_arguments)]
    fn format(
        &self,
        f: &mut Fmt,
        elems: &[Elem],
        op: &Op,
        view: &View,
        vals: &[Val],
        at: At,
        region: Option<(u32, &[TypeId])>,
    ) {
        for e in elems {
            match e {
                Elem::Lit(v) => f.lit(v),
                Elem::AttrDict => f.punct = false,
                Elem::Optional(inner) => {
                    if self.present(inner, op, view) {
                        let printable: Vec<Elem> = inner
                            .iter()
                            .filter(|x| !matches!(x, Elem::Var(n, true) if view.group(n).is_none() && view.attr(n).is_none()))
                            .cloned()
                            .collect();
                        self.format(f, &printable, op, view, vals, at, region);
                    } else {
                        // MLIR's generator tracks spacing as if the group were printed.
                        let mut dummy = Fmt { out: String::new(), space: f.space, punct: f.punct, region: None };
                        self.format(&mut dummy, inner, op, view, vals, at, region);
                        f.space = dummy.space;
                        f.punct = dummy.punct;
                    }
                }
                Elem::Var(name, _) => {
                    let text = if let Some(grp) = view.group(name) {
                        grp.iter().map(|&i| self.vt(&self.val(vals, op, i))).collect::<Vec<_>>().join(", ")
                    } else if let Some((kind, field)) = view.attr(name) {
                        self.attr_text(name, kind, field)
                    } else {
                        String::new()
                    };
                    f.elem(&text);
                }
                Elem::Types(name, first, _) => {
                    let types: Vec<TypeId> = if *name == "result" {
                        op.results.to_vec()
                    } else {
                        view.group(name).unwrap_or(&[]).iter().map(|&i| self.val(vals, op, i).ty).collect()
                    };
                    let types = if *first { &types[..types.len().min(1)] } else { &types[..] };
                    f.elem(&types.iter().map(|t| self.ty(*t)).collect::<Vec<_>>().join(", "));
                }
                Elem::OiList => {
                    let mut parts = Vec::new();
                    for flag in ["flush_to_zero", "propagate_nan"] {
                        if view.flags.contains(&flag) {
                            parts.push(flag);
                        }
                    }
                    if !parts.is_empty() {
                        f.elem(&parts.join(" "));
                    } else {
                        f.punct = false;
                        f.space = true;
                    }
                }
                Elem::Custom(kind, name) => {
                    let v = view.enum_val(name);
                    let rounding = |default: u64| match v {
                        Some(x) if x != default => format!("rounding<{}>", enum_name("rounding_mode", x)),
                        _ => String::new(),
                    };
                    let text = match *kind {
                        "ieee" | "divf" | "sqrt" => rounding(0),
                        "exp" | "tanh" => rounding(5),
                        "introunding" => rounding(6),
                        "pred" | "ord" | "sign" => v.map_or(String::new(), |x| enum_name(name, x).to_string()),
                        "assume" => match view.attr(name) {
                            Some((_, Field::Attr(a))) => self.predicate(a),
                            _ => String::new(),
                        },
                        "dense" => match (op.results.first(), view.attr(name)) {
                            (Some(t), Some((_, Field::U(c)))) => self.dense(*t, *c as ConstId),
                            _ => String::new(),
                        },
                        _ => String::new(),
                    };
                    f.elem(&text);
                }
                Elem::ArgRegion => {
                    if f.space || !f.punct {
                        f.out.push(' ');
                    }
                    f.out.push('\n');
                    indent_to(&mut f.out, at.depth as usize + 1);
                    if let Some((pos, args)) = region {
                        let mut names = self.names.of(pos);
                        let args: Vec<String> = args
                            .iter()
                            .map(|t| {
                                let name = names.next().map_or_else(|| "%".into(), |n| self.names.text(n));
                                format!("{name}: {}", self.ty(*t))
                            })
                            .collect();
                        let _ = write!(f.out, "({}) ", args.join(", "));
                        f.region = Some(true);
                    }
                    f.space = true;
                    f.punct = false;
                }
            }
        }
    }

    fn attr_text(&self, name: &str, kind: AttrKind, field: &Field) -> String {
        match (kind, field) {
            (AttrKind::Enum, Field::U(v)) => {
                if matches!(name, "overflow" | "rounding") {
                    format!("<{}>", enum_name(name, *v))
                } else {
                    enum_name(name, *v).to_string()
                }
            }
            (AttrKind::Int, Field::U(v)) => v.to_string(),
            (AttrKind::Byte, Field::Byte(b)) => (if *b != 0 { "true" } else { "false" }).into(),
            (AttrKind::Str, Field::U(s)) => {
                let text = String::from_utf8_lossy(self.m.string(*s as StrId)).into_owned();
                if name == "name" {
                    format!("@{text}")
                } else {
                    escape(&text)
                }
            }
            (AttrKind::Type, Field::U(t)) => self.ty(*t as TypeId),
            (AttrKind::I32s, Field::I32s(v)) => {
                let mut s = String::from("[");
                push_join(&mut s, v, ", ");
                s.push(']');
                s
            }
            (AttrKind::Bools, Field::Bools(v)) => {
                format!("[{}]", v.iter().map(|b| if *b != 0 { "true" } else { "false" }).collect::<Vec<_>>().join(", "))
            }
            (AttrKind::Array, Field::Attrs(v)) => {
                format!("[{}]", v.iter().map(|a| self.attr(a, true)).collect::<Vec<_>>().join(", "))
            }
            (AttrKind::Tagged, Field::Attr(a)) => self.attr(a, true),
            (AttrKind::Hints, Field::Dict(d)) => self.hints(d),
            _ => String::new(),
        }
    }

    fn predicate(&self, a: &Attr) -> String {
        match a {
            Attr::DivBy { divisor, flags, every, along } => {
                if flags & 1 != 0 {
                    format!("div_by<{divisor}, every {every} along {along}>")
                } else {
                    format!("div_by<{divisor}>")
                }
            }
            Attr::Bounded { flags, lb, ub } => {
                let b = |present: bool, v: i64| if present { v.to_string() } else { "?".into() };
                format!("bounded<{}, {}>", b(flags & 1 != 0, *lb), b(flags & 2 != 0, *ub))
            }
            Attr::SameElements(v) => {
                let mut s = String::from("same_elements<[");
                push_join(&mut s, v, ", ");
                s.push_str("]>");
                s
            }
            other => self.attr(other, true),
        }
    }

    fn scalar_tag(&self, t: TypeId) -> Option<u64> {
        match self.m.ty(t) {
            Some(Type::Scalar(tag)) => Some(*tag),
            _ => None,
        }
    }

    /// A self-contained attribute as MLIR prints it.
    fn attr(&self, a: &Attr, with_type: bool) -> String {
        match a {
            Attr::Integer { ty, value } => {
                let tag = self.scalar_tag(*ty).unwrap_or(3);
                if tag == 0 {
                    return (if *value & 1 != 0 { "true" } else { "false" }).into();
                }
                let v = names::signed(*value, names::int_width(tag).unwrap_or(64));
                if with_type {
                    format!("{v} : {}", self.ty(*ty))
                } else {
                    v.to_string()
                }
            }
            Attr::Float { ty, bits } => {
                let tag = self.scalar_tag(*ty).unwrap_or(7);
                let text = float::semantics(tag).map_or(bits.to_string(), |s| {
                    let mask = if s.bits >= 64 { u64::MAX } else { (1u64 << s.bits) - 1 };
                    float::mlir_float(s, *bits & mask)
                });
                if with_type {
                    format!("{text} : {}", self.ty(*ty))
                } else {
                    text
                }
            }
            Attr::Bool(b) => (if *b != 0 { "true" } else { "false" }).into(),
            Attr::Type(t) => self.ty(*t),
            Attr::String(s) => escape(&String::from_utf8_lossy(self.m.string(*s))),
            Attr::Array(v) => format!("[{}]", v.iter().map(|a| self.attr(a, true)).collect::<Vec<_>>().join(", ")),
            Attr::DenseElements { ty, constant } => self.dense(*ty, *constant),
            Attr::Dictionary(d) | Attr::Hints(d) => {
                let mut items: Vec<(String, String)> = d
                    .iter()
                    .map(|(k, v)| (String::from_utf8_lossy(self.m.string(*k)).into_owned(), self.attr(v, false)))
                    .collect();
                items.sort();
                format!("{{{}}}", items.iter().map(|(k, v)| format!("{k} = {v}")).collect::<Vec<_>>().join(", "))
            }
            other => self.predicate(other),
        }
    }

    fn hints(&self, d: &[(StrId, Attr)]) -> String {
        let mut items: Vec<(String, String)> = d
            .iter()
            .map(|(k, v)| (String::from_utf8_lossy(self.m.string(*k)).into_owned(), self.attr(v, false)))
            .collect();
        items.sort();
        format!("<{}>", items.iter().map(|(k, v)| format!("{k} = {v}")).collect::<Vec<_>>().join(", "))
    }

    /// `<elem: value> : tile<…>` for a constant of a tile type.
    fn dense(&self, ty: TypeId, c: ConstId) -> String {
        let Some(Type::Tile { element, shape }) = self.m.ty(ty) else { return String::from("<<invalid constant>>") };
        let Some(tag) = self.scalar_tag(*element) else { return String::from("<<invalid constant>>") };
        let data = self.m.constant(c).unwrap_or(&[]);
        let n = data.len() / names::elem_bytes(tag);
        let elem = |i: usize| -> String {
            let bits = names::elem_bits(data, tag, i);
            if tag == 0 {
                return (if bits & 1 != 0 { "true" } else { "false" }).into();
            }
            if let Some(w) = names::int_width(tag) {
                return names::signed(bits, w).to_string();
            }
            float::semantics(tag).map_or(bits.to_string(), |s| float::mlir_float(s, bits))
        };
        // Each constant op prints its value again: large values count against the text budget.
        let count = shape.iter().try_fold(1i64, |a, d| a.checked_mul(*d)).filter(|c| *c == n as i64);
        let brackets = if count.is_some() { nested_brackets(shape) } else { 2 };
        if n > 1 && !self.text.take(n.saturating_mul(2).saturating_add(brackets)) {
            return format!("<{}: <{n} elements not shown>> : {}", scalar_name(tag), self.ty(ty));
        }
        let splat = n <= 1 || (1..n).all(|i| names::elem_bits(data, tag, i) == names::elem_bits(data, tag, 0));
        let body = if splat {
            elem(0)
        } else if count.is_some() {
            nested(shape, &elem)
        } else {
            // The buffer does not fill the shape (invalid; the validator says so): print what is there.
            format!("[{}]", (0..n).map(elem).collect::<Vec<_>>().join(", "))
        };
        format!("<{}: {body}> : {}", scalar_name(tag), self.ty(ty))
    }
}

/// How many brackets `nested` prints for a shape (saturating).
fn nested_brackets(shape: &[i64]) -> usize {
    let mut nodes = 1usize;
    let mut total = 0usize;
    for &d in shape {
        total = total.saturating_add(nodes.saturating_mul(2));
        nodes = nodes.saturating_mul(d.max(0) as usize);
        if nodes == 0 || total == usize::MAX {
            break;
        }
    }
    total
}

/// A value of a shape as nested lists (`[[a, b], [c, d]]`), without recursing on the rank.
fn nested(shape: &[i64], elem: &dyn Fn(usize) -> String) -> String {
    let Some(&d0) = shape.first() else { return elem(0) };
    let mut out = String::from("[");
    // Per open dimension: its size and how many of its children were printed.
    let mut open: Vec<(i64, i64)> = vec![(d0.max(0), 0)];
    let mut next = 0;
    while let Some(top) = open.last_mut() {
        if top.1 == top.0 {
            open.pop();
            out.push(']');
            continue;
        }
        if top.1 > 0 {
            out.push_str(", ");
        }
        top.1 += 1;
        let level = open.len();
        if level == shape.len() {
            out.push_str(&elem(next));
            next += 1;
        } else {
            out.push('[');
            open.push((shape[level].max(0), 0));
        }
    }
    out
}

pub(super) fn escape(s: &str) -> String {
    let mut out = String::from("\"");
    for b in s.bytes() {
        match b {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(b as char);
            }
            0x20..=0x7E => out.push(b as char),
            _ => out.push_str(&format!("\\{b:02X}")),
        }
    }
    out.push('"');
    out
}

fn enum_default(name: &str) -> u64 {
    match name {
        "rounding" => 1,
        _ => 0,
    }
}

fn enum_name(attr: &str, v: u64) -> &'static str {
    let names = match attr {
        "overflow" => &["none", "nsw", "nuw", "nw"][..],
        _ => tables::enum_values(attr),
    };
    names.get(v as usize).copied().unwrap_or("?")
}
