//! The printer: the text `tileirdisasm` prints (short op names, its elisions, value names).

use super::float;
use super::formats::{self, Elem};
use super::names::{self, Names};
use crate::ir::*;
use crate::tables::{self, AttrKind, Item, PADDING_VALUES};
use rustc_hash::FxHashMap;

/// Printing options.
#[derive(Debug, Clone, Copy, Default)]
pub struct PrintOptions {
    /// Append `loc(...)` debug locations (`tileirdisasm -g`).
    pub debug: bool,
}

/// Prints a module.
pub fn print(m: &Module, opts: &PrintOptions) -> String {
    let mut out = String::new();
    let mut aliases = Aliases::default();
    // Globals have no location: unknown, seen first.
    let global_loc = (opts.debug && !m.globals.is_empty()).then(|| aliases.add(AliasKind::Unknown, 0));
    let mut funcs = Vec::new();
    for f in &m.functions {
        let mut p = Printer { m, names: names::name_function(m, f), opts: *opts, locs: FxHashMap::default() };
        if opts.debug {
            p.locations(f, &mut aliases);
        }
        funcs.push(p);
    }
    // Alias names are given in MLIR's order: by nesting depth, then name, then first use.
    let names = aliases.names();
    for g in &m.globals {
        let p = Printer { m, names: Names::default(), opts: *opts, locs: FxHashMap::default() };
        out.push_str("global ");
        if let Some((vis, cst)) = g.visibility {
            if vis == 1 {
                out.push_str("private ");
            }
            if cst != 0 {
                out.push_str(" constant");
            }
        }
        out.push_str(&format!(" @{}", String::from_utf8_lossy(m.string(g.name))));
        if g.alignment != 0 {
            out.push_str(&format!(" alignment = {}", g.alignment));
        }
        out.push(' ');
        out.push_str(&p.dense(g.ty, g.constant));
        if let Some(a) = global_loc {
            out.push_str(&format!(" loc(#{})", names[a]));
        }
        out.push('\n');
    }
    for (p, f) in funcs.iter_mut().zip(&m.functions) {
        for v in p.locs.values_mut() {
            if let Ok(i) = v.parse::<usize>() {
                *v = names[i].clone();
            }
        }
        p.function(&mut out, f);
    }
    for i in aliases.order() {
        out.push_str(&format!("#{} = {}\n", names[i], aliases.text(i, &names)));
    }
    out
}

/// What a debug alias stands for (by index into the alias table).
#[derive(Clone, PartialEq, Eq, Hash)]
enum AliasKind {
    Unknown,
    FileLineCol(String, u64, u64),
    File(String, String),
    CompileUnit(usize),
    Subprogram { file: usize, line: u64, name: String, linkage: String, unit: usize, scope_line: u64 },
    LexicalBlock { scope: usize, file: usize, line: u64, col: u64 },
    DiLoc(usize, usize),
    CallSite(usize, usize),
}

#[derive(Default)]
struct Aliases {
    kinds: Vec<(AliasKind, usize)>,
    index: FxHashMap<AliasKind, usize>,
    /// Debug attributes already visited (shared sub-trees are walked once).
    done: FxHashMap<u64, usize>,
    /// Debug attributes being visited (a reference cycle reads as unknown).
    active: Vec<u64>,
}

impl Aliases {
    fn add(&mut self, kind: AliasKind, depth: usize) -> usize {
        if let Some(&i) = self.index.get(&kind) {
            return i;
        }
        self.kinds.push((kind.clone(), depth));
        self.index.insert(kind, self.kinds.len() - 1);
        self.kinds.len() - 1
    }

    fn depth(&self, i: usize) -> usize {
        self.kinds[i].1
    }

    fn base(kind: &AliasKind) -> &'static str {
        match kind {
            AliasKind::File(..) => "di_file",
            AliasKind::CompileUnit(_) => "di_compile_unit",
            AliasKind::Subprogram { .. } => "di_subprogram",
            AliasKind::LexicalBlock { .. } => "di_lexical_block",
            _ => "loc",
        }
    }

    fn order(&self) -> Vec<usize> {
        let mut v: Vec<usize> = (0..self.kinds.len()).collect();
        v.sort_by_key(|&i| (self.kinds[i].1, Self::base(&self.kinds[i].0), i));
        v
    }

    fn names(&self) -> Vec<String> {
        let mut names = vec![String::new(); self.kinds.len()];
        let mut counts: FxHashMap<&str, usize> = FxHashMap::default();
        for i in self.order() {
            let base = Self::base(&self.kinds[i].0);
            let n = counts.entry(base).or_insert(0);
            names[i] = if *n == 0 { base.to_string() } else { format!("{base}{n}") };
            *n += 1;
        }
        names
    }

    fn text(&self, i: usize, names: &[String]) -> String {
        let r = |j: usize| format!("#{}", names[j]);
        match &self.kinds[i].0 {
            AliasKind::Unknown => "loc(unknown)".into(),
            AliasKind::FileLineCol(f, l, c) => format!("loc({}:{l}:{c})", escape(f)),
            AliasKind::File(n, d) => format!("#cuda_tile.di_file<{} in {}>", escape(n), escape(d)),
            AliasKind::CompileUnit(f) => format!("#cuda_tile.di_compile_unit<file = {}>", r(*f)),
            AliasKind::Subprogram { file, line, name, linkage, unit, scope_line } => format!(
                "#cuda_tile.di_subprogram<file = {}, line = {line}, name = {}, linkageName = {}, compileUnit = {}, scopeLine = {scope_line}>",
                r(*file),
                escape(name),
                escape(linkage),
                r(*unit)
            ),
            AliasKind::LexicalBlock { scope, file, line, col } => {
                format!("#cuda_tile.di_lexical_block<scope = {}, file = {}, line = {line}, column = {col}>", r(*scope), r(*file))
            }
            AliasKind::DiLoc(l, s) => format!("#cuda_tile.di_loc<{} in {}>", r(*l), r(*s)),
            AliasKind::CallSite(a, b) => format!("loc(callsite({} at {}))", r(*a), r(*b)),
        }
    }
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

fn dims(v: &[i64]) -> String {
    v.iter().map(|d| if *d == i64::MIN { "?".to_string() } else { d.to_string() }).collect::<Vec<_>>().join("x")
}

fn write_type(m: &Module, t: TypeId, s: &mut String, depth: usize) {
    // Function types can share inputs: a hostile table nests them into exponentially long text.
    if depth > 64 || s.len() > 1 << 16 {
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
                s.push_str(&dims(shape));
                s.push('x');
            }
            sub(*element, s);
            s.push('>');
        }
        Type::TensorView { element, shape, strides, .. } => {
            s.push_str("tensor_view<");
            if !shape.is_empty() {
                s.push_str(&dims(shape));
                s.push('x');
            }
            sub(*element, s);
            if !shape.is_empty() {
                let st: Vec<String> =
                    strides.iter().map(|d| if *d == i64::MIN { "?".into() } else { d.to_string() }).collect();
                s.push_str(&format!(", strides=[{}]", st.join(",")));
            }
            s.push('>');
        }
        Type::PartitionView { tile_shape, tensor_view, dim_map, padding, .. } => {
            s.push_str(&format!("partition_view<tile=({}), ", join(tile_shape, "x")));
            padding_str(*padding, s);
            sub(*tensor_view, s);
            dim_map_str(dim_map, s);
            s.push('>');
        }
        Type::StridedView { tile_shape, traversal_strides, tensor_view, dim_map, padding, .. } => {
            s.push_str(&format!(
                "strided_view<tile=({}), traversal_strides=[{}], ",
                join(tile_shape, "x"),
                join(traversal_strides, ",")
            ));
            padding_str(*padding, s);
            sub(*tensor_view, s);
            dim_map_str(dim_map, s);
            s.push('>');
        }
        Type::GatherScatterView { tile_shape, tensor_view, sparse_dim, padding, .. } => {
            s.push_str(&format!("gather_scatter_view<tile=({}), ", join(tile_shape, "x")));
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

fn join<T: ToString>(v: &[T], sep: &str) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(sep)
}

fn padding_str(p: Option<u64>, s: &mut String) {
    if let Some(p) = p {
        s.push_str(&format!("padding_value = {}, ", PADDING_VALUES.get(p as usize).unwrap_or(&"?")));
    }
}

fn dim_map_str(d: &[i32], s: &mut String) {
    if d.iter().enumerate().any(|(i, x)| *x as usize != i) {
        s.push_str(&format!(", dim_map=[{}]", join(d, ", ")));
    }
}

/// A printed value and its type.
#[derive(Clone)]
struct Val {
    text: String,
    ty: TypeId,
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

struct Printer<'m> {
    m: &'m Module,
    names: Names,
    opts: PrintOptions,
    /// With `-g`: each op's location alias (the function's under key 0).
    locs: FxHashMap<usize, String>,
}

/// MLIR's spacing state while printing a declarative format.
struct Fmt {
    out: String,
    space: bool,
    punct: bool,
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

impl Printer<'_> {
    /// Walks the function's debug location list (the function, then every op in pre-order),
    /// registering aliases; `locs` holds alias indices until names are known.
    fn locations(&mut self, f: &Function, aliases: &mut Aliases) {
        let Some(d) = &self.m.debug else { return };
        if f.loc == 0 {
            return;
        }
        let Some(&start) = d.func_offsets.get(f.loc as usize - 1) else { return };
        let mut next = start as usize;
        let mut take = |this: &Self, aliases: &mut Aliases| -> String {
            let idx = d.indices.get(next).copied().unwrap_or(0);
            next += 1;
            this.visit(idx, aliases, 0).to_string()
        };
        let own = take(self, aliases);
        self.locs.insert(0, own);
        let mut stack: Vec<&Op> = f.body.iter().rev().collect();
        while let Some(op) = stack.pop() {
            let a = take(self, aliases);
            self.locs.insert(op as *const Op as usize, a);
            for r in op.regions.iter().rev() {
                for b in r.blocks.iter().rev() {
                    stack.extend(b.ops.iter().rev());
                }
            }
        }
    }

    /// Registers the alias of a debug attribute (biased index; 0 is unknown) and what it uses.
    fn visit(&self, idx: u64, aliases: &mut Aliases, depth: usize) -> usize {
        if let Some(&a) = aliases.done.get(&idx) {
            return a;
        }
        if aliases.active.contains(&idx) {
            return aliases.add(AliasKind::Unknown, 0);
        }
        aliases.active.push(idx);
        let a = self.visit_new(idx, aliases, depth);
        aliases.active.pop();
        aliases.done.insert(idx, a);
        a
    }

    fn visit_new(&self, idx: u64, aliases: &mut Aliases, depth: usize) -> usize {
        let Some(d) = &self.m.debug else { return aliases.add(AliasKind::Unknown, 0) };
        let text = |s: StrId| String::from_utf8_lossy(self.m.string(s)).into_owned();
        if idx == 0 || depth > 32 {
            return aliases.add(AliasKind::Unknown, 0);
        }
        match d.attrs.get(idx as usize - 1) {
            Some(DebugAttr::Loc { scope, filename, line, col }) => {
                let l = aliases.add(AliasKind::FileLineCol(text(*filename), *line, *col), 0);
                let s = self.visit(*scope, aliases, depth + 1);
                let dep = 1 + aliases.depth(s);
                aliases.add(AliasKind::DiLoc(l, s), dep)
            }
            Some(DebugAttr::CallSite { callee, caller }) => {
                let a = self.visit(*callee, aliases, depth + 1);
                let b = self.visit(*caller, aliases, depth + 1);
                let dep = 1 + aliases.depth(a).max(aliases.depth(b));
                aliases.add(AliasKind::CallSite(a, b), dep)
            }
            Some(DebugAttr::File { name, dir }) => aliases.add(AliasKind::File(text(*name), text(*dir)), 0),
            Some(DebugAttr::CompileUnit { file }) => {
                let f = self.visit(*file, aliases, depth + 1);
                let dep = 1 + aliases.depth(f);
                aliases.add(AliasKind::CompileUnit(f), dep)
            }
            Some(DebugAttr::Subprogram { file, line, name, linkage, unit, scope_line, .. }) => {
                let fi = self.visit(*file, aliases, depth + 1);
                let u = self.visit(*unit, aliases, depth + 1);
                let dep = 1 + aliases.depth(fi).max(aliases.depth(u));
                let kind = AliasKind::Subprogram {
                    file: fi,
                    line: *line,
                    name: text(*name),
                    linkage: text(*linkage),
                    unit: u,
                    scope_line: *scope_line,
                };
                aliases.add(kind, dep)
            }
            Some(DebugAttr::LexicalBlock { scope, file, line, col }) => {
                let s = self.visit(*scope, aliases, depth + 1);
                let fi = self.visit(*file, aliases, depth + 1);
                let dep = 1 + aliases.depth(s).max(aliases.depth(fi));
                aliases.add(AliasKind::LexicalBlock { scope: s, file: fi, line: *line, col: *col }, dep)
            }
            _ => aliases.add(AliasKind::Unknown, 0),
        }
    }

    fn loc_suffix(&self, key: usize) -> String {
        match (self.opts.debug, self.locs.get(&key)) {
            (true, Some(a)) => format!(" loc(#{a})"),
            _ => String::new(),
        }
    }

    fn function(&self, out: &mut String, f: &Function) {
        let key = f as *const Function as usize;
        let (inputs, results) = match self.m.ty(f.signature) {
            Some(Type::Function { inputs, results }) => (inputs.clone(), results.clone()),
            _ => (Vec::new(), Vec::new()),
        };
        let mut vals = Vec::new();
        out.push_str(&format!("entry @{}(", String::from_utf8_lossy(self.m.string(f.name))));
        for (i, t) in inputs.iter().enumerate() {
            let name = format!("%{}", self.names.args.get(&(key, i)).cloned().unwrap_or_default());
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&format!("{name}: {}", type_str(self.m, *t)));
            vals.push(Val { text: name, ty: *t });
        }
        out.push(')');
        if !results.is_empty() {
            out.push_str(" -> ");
            let r: Vec<String> = results.iter().map(|t| type_str(self.m, *t)).collect();
            if r.len() == 1 {
                out.push_str(&r[0]);
            } else {
                out.push_str(&format!("({})", r.join(", ")));
            }
        }
        if let Some(Attr::Hints(d) | Attr::Dictionary(d)) = &f.hints {
            if !d.is_empty() {
                out.push_str(" optimization_hints=");
                out.push_str(&self.hints(d));
            }
        }
        out.push_str(" {\n");
        self.ops(out, &f.body, 1, &mut vals, true);
        out.push('}');
        out.push_str(&self.loc_suffix(0));
        out.push('\n');
    }

    fn ops(&self, out: &mut String, ops: &[Op], depth: usize, vals: &mut Vec<Val>, terminators: bool) {
        for (i, op) in ops.iter().enumerate() {
            if !terminators && i + 1 == ops.len() && op.operands.is_empty() {
                let name = tables::op_info(op.opcode.into()).map_or("", |x| x.name);
                if matches!(name, "yield" | "continue") {
                    continue;
                }
            }
            out.push_str(&"  ".repeat(depth));
            self.op(out, op, depth, vals);
            out.push_str(&self.loc_suffix(op as *const Op as usize));
            out.push('\n');
            vals.extend(op.results.iter().enumerate().map(|(k, t)| {
                Val {
                    text: self
                        .names
                        .ops
                        .get(&(op as *const Op as usize))
                        .and_then(|n| n.refs.get(k).cloned())
                        .unwrap_or_default(),
                    ty: *t,
                }
            }));
        }
    }

    fn region(&self, out: &mut String, op: &Op, r: &Region, depth: usize, vals: &[Val], terminators: bool) {
        out.push_str("{\n");
        for b in &r.blocks {
            let mut v = vals.to_vec();
            let key = b as *const Block as usize;
            for (i, t) in b.args.iter().enumerate() {
                v.push(Val {
                    text: format!("%{}", self.names.args.get(&(key, i)).cloned().unwrap_or_default()),
                    ty: *t,
                });
            }
            let _ = op;
            self.ops(out, &b.ops, depth + 1, &mut v, terminators);
        }
        out.push_str(&"  ".repeat(depth));
        out.push('}');
    }

    fn val(&self, vals: &[Val], op: &Op, i: usize) -> Val {
        op.operands
            .get(i)
            .and_then(|v| vals.get(*v as usize))
            .cloned()
            .unwrap_or(Val { text: "%<<invalid>>".into(), ty: u32::MAX })
    }

    fn ty(&self, t: TypeId) -> String {
        type_str(self.m, t)
    }

    fn op(&self, out: &mut String, op: &Op, depth: usize, vals: &[Val]) {
        let view = View::new(op, self.m.version);
        let names = self.names.ops.get(&(op as *const Op as usize));
        if let Some(n) = names.filter(|n| !n.def.is_empty()) {
            out.push_str(&n.def);
            out.push_str(" = ");
        }
        out.push_str(view.name);
        let g = |name: &str| -> Vec<Val> {
            view.group(name).unwrap_or(&[]).iter().map(|&i| self.val(vals, op, i)).collect()
        };
        let list = |v: &[Val]| v.iter().map(|x| x.text.clone()).collect::<Vec<_>>().join(", ");
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
        match view.name {
            "for" => {
                let all = g("lowerBound");
                let (ub, step, init) = (g("upperBound"), g("step"), g("initValues"));
                if view.flags.contains(&"unsignedCmp") {
                    out.push_str(" unsigned");
                }
                let r = op.regions.first();
                let b = r.and_then(|r| r.blocks.first());
                let key = b.map_or(0, |b| b as *const Block as usize);
                let arg = |i: usize| format!("%{}", self.names.args.get(&(key, i)).cloned().unwrap_or_default());
                let iv_ty = b.and_then(|b| b.args.first()).map_or(String::new(), |t| self.ty(*t));
                out.push_str(&format!(
                    " {} in ({} to {}, step {}) : {iv_ty} ",
                    arg(0),
                    list(&all),
                    list(&ub),
                    list(&step)
                ));
                if !init.is_empty() {
                    let pairs: Vec<String> =
                        init.iter().enumerate().map(|(i, v)| format!("{} = {}", arg(i + 1), v.text)).collect();
                    out.push_str(&format!("iter_values({}) -> ({}) ", pairs.join(", "), tys(&init)));
                }
                if let Some(r) = r {
                    self.region(out, op, r, depth, vals, false);
                }
            }
            "loop" => {
                let init = g("initValues");
                out.push(' ');
                let r = op.regions.first();
                let key = r.and_then(|r| r.blocks.first()).map_or(0, |b| b as *const Block as usize);
                if !init.is_empty() {
                    let pairs: Vec<String> = init
                        .iter()
                        .enumerate()
                        .map(|(i, v)| {
                            format!("%{} = {}", self.names.args.get(&(key, i)).cloned().unwrap_or_default(), v.text)
                        })
                        .collect();
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
                if let Some(r) = r {
                    self.region(out, op, r, depth, vals, false);
                }
            }
            "if" => {
                let c = g("condition");
                out.push_str(&format!(" {}", list(&c)));
                if !op.results.is_empty() {
                    out.push_str(&format!(" -> ({})", res_tys()));
                }
                for (i, r) in op.regions.iter().enumerate() {
                    if i == 1 {
                        if r.blocks.is_empty() {
                            break;
                        }
                        out.push_str(" else");
                    }
                    out.push(' ');
                    self.region(out, op, r, depth, vals, false);
                }
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
                    Some(Type::TensorView { shape, strides, .. }) => (shape.clone(), strides.clone()),
                    _ => (Vec::new(), Vec::new()),
                };
                let mixed = |elems: &[i64], dyns: &[Val]| {
                    let mut it = dyns.iter();
                    elems
                        .iter()
                        .map(|e| {
                            if *e == i64::MIN {
                                it.next().map_or("?".into(), |v| v.text.clone())
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
            name => match formats::format(name) {
                Some(fmt) => {
                    let elems = formats::parse(fmt);
                    let mut f = Fmt { out: String::new(), space: true, punct: false };
                    self.format(&mut f, &elems, op, &view, vals, depth);
                    out.push_str(&f.out);
                }
                None => {
                    let all: Vec<Val> = (0..op.operands.len()).map(|i| self.val(vals, op, i)).collect();
                    out.push_str(&format!(" {} : ({}) -> ({})", list(&all), tys(&all), res_tys()));
                }
            },
        }
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

    fn format(&self, f: &mut Fmt, elems: &[Elem], op: &Op, view: &View, vals: &[Val], depth: usize) {
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
                        self.format(f, &printable, op, view, vals, depth);
                    } else {
                        // MLIR's generator tracks spacing as if the group were printed.
                        let mut dummy = Fmt { out: String::new(), space: f.space, punct: f.punct };
                        self.format(&mut dummy, inner, op, view, vals, depth);
                        f.space = dummy.space;
                        f.punct = dummy.punct;
                    }
                }
                Elem::Var(name, _) => {
                    let text = if let Some(grp) = view.group(name) {
                        grp.iter().map(|&i| self.val(vals, op, i).text).collect::<Vec<_>>().join(", ")
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
                    f.out.push_str(&"  ".repeat(depth));
                    if let Some(r) = op.regions.first() {
                        let b = r.blocks.first();
                        let key = b.map_or(0, |b| b as *const Block as usize);
                        let args: Vec<String> = b.map_or(Vec::new(), |b| {
                            b.args
                                .iter()
                                .enumerate()
                                .map(|(i, t)| {
                                    format!(
                                        "%{}: {}",
                                        self.names.args.get(&(key, i)).cloned().unwrap_or_default(),
                                        self.ty(*t)
                                    )
                                })
                                .collect()
                        });
                        f.out.push_str(&format!("({}) ", args.join(", ")));
                        self.region(&mut f.out, op, r, depth, vals, true);
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
            (AttrKind::I32s, Field::I32s(v)) => format!("[{}]", join(v, ", ")),
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
            Attr::SameElements(v) => format!("same_elements<[{}]>", join(v, ", ")),
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
        let data = self.m.constants.get(c as usize).map_or(&[][..], |v| v.as_slice());
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
        let splat = n <= 1 || (1..n).all(|i| names::elem_bits(data, tag, i) == names::elem_bits(data, tag, 0));
        let count = shape.iter().try_fold(1i64, |a, d| a.checked_mul(*d)).filter(|c| *c == n as i64);
        let body = if splat {
            elem(0)
        } else if count.is_some() {
            let mut i = 0;
            nested(shape, &mut i, &elem)
        } else {
            // The buffer does not fill the shape (invalid; the validator says so): print what is there.
            format!("[{}]", (0..n).map(elem).collect::<Vec<_>>().join(", "))
        };
        format!("<{}: {body}> : {}", scalar_name(tag), self.ty(ty))
    }
}

fn nested(shape: &[i64], i: &mut usize, elem: &dyn Fn(usize) -> String) -> String {
    match shape.split_first() {
        None => {
            *i += 1;
            elem(*i - 1)
        }
        Some((&d, rest)) => {
            let parts: Vec<String> = (0..d.max(0)).map(|_| nested(rest, i, elem)).collect();
            format!("[{}]", parts.join(", "))
        }
    }
}

fn escape(s: &str) -> String {
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
