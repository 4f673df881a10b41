//! The assembler: `tileirdisasm` text back into a module (the printer's formats read in
//! reverse), so text → bytecode works. Errors are `line:col: message`.

use super::float;
use super::formats::{self, Elem};
use super::scope::Scope;
use crate::body::Encoder;
use crate::cursor::put_varint;
use crate::ir::*;
use crate::retarget::default_field;
use crate::tables::{self, section, AttrKind, Item, Version, PADDING_VALUES, SCALAR_TYPES};
use crate::{Error, Result};
use rustc_hash::FxHashMap;

/// How deeply regions and types may nest in text, counted together (real text nests a few
/// levels; the parser recurses on both).
const MAX_NESTING: usize = crate::body::MAX_DEPTH;

/// Parses text into a module of a version.
pub fn parse(text: &str, version: Version) -> Result<Module> {
    let mut p = Parser {
        s: text.as_bytes(),
        pos: 0,
        m: Module::new(version),
        scope: Scope::default(),
        wrapped: 0,
        depth: 0,
        defs_left: text.len() / 8,
    };
    // Errors carry the byte offset where parsing stopped; the message says line and column.
    p.module().map_err(|e| match e.offset() {
        Some(at) => {
            let before = &text.as_bytes()[..at.min(text.len())];
            let line = before.iter().filter(|b| **b == b'\n').count() + 1;
            let col = before.iter().rev().take_while(|b| **b != b'\n').count() + 1;
            Error::msg(format!("{line}:{col}: {}", e.message()))
        }
        None => e,
    })?;
    if !p.m.globals.is_empty() {
        let g = Section::Live(SectionLayout {
            id: section::GLOBAL,
            align: None,
            padding: Vec::new(),
            inner_padding: Vec::new(),
            offset: 0,
            payload: (0, 0),
        });
        p.m.sections.insert(1, g);
    }
    Ok(p.m)
}

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
    m: Module,
    /// Visible values by printed name, in the format's numbering order.
    scope: Scope,
    /// Open `cuda_tile.module { … }` wrappers.
    wrapped: usize,
    /// Region and type nesting (bounded: hostile text must not exhaust the stack).
    depth: usize,
    /// How many more values `%x:N` may define (one per 8 bytes of the text: `N` alone would
    /// let a few bytes define any number of values).
    defs_left: usize,
}

/// Ops (or a region) encoded as they are parsed: their bytes, how many ops, each op's offset in
/// the text in pre-order (0: implied by the text), and the last op's opcode.
#[derive(Default)]
struct Encoded {
    bytes: Vec<u8>,
    count: usize,
    offsets: Vec<u32>,
    last: Option<u16>,
}

impl Encoded {
    fn append(&mut self, other: Encoded) {
        self.bytes.extend_from_slice(&other.bytes);
        self.offsets.extend_from_slice(&other.offsets);
    }
}

/// What an op's text gave, by the names its layout uses.
#[derive(Default)]
struct Parsed {
    groups: FxHashMap<&'static str, Vec<ValueId>>,
    attrs: FxHashMap<&'static str, Field>,
    flags: Vec<&'static str>,
    results: Vec<TypeId>,
    /// The regions, encoded.
    regions: Vec<Encoded>,
    /// The arguments of a region that follows the op's format (reduce, scan).
    region_args: Option<Vec<(String, TypeId)>>,
}

impl<'a> Parser<'a> {
    /// An error where parsing is (cheap: speculative parses make and drop them).
    #[cold]
    fn err(&self, msg: impl Into<String>) -> Error {
        Error::at(self.pos.min(self.s.len()), msg)
    }

    fn ws(&mut self) {
        while self.pos < self.s.len() {
            match self.s[self.pos] {
                b' ' | b'\t' | b'\r' | b'\n' => self.pos += 1,
                b'/' if self.s.get(self.pos + 1) == Some(&b'/') => {
                    while self.pos < self.s.len() && self.s[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    fn peek_is(&mut self, lit: &str) -> bool {
        self.ws();
        self.s[self.pos..].starts_with(lit.as_bytes())
    }

    fn eat(&mut self, lit: &str) -> bool {
        if self.peek_is(lit) {
            // A keyword must not run into an identifier character.
            let end = self.pos + lit.len();
            let word = lit.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
            if word && self.s.get(end).is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_') {
                return false;
            }
            self.pos = end;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, lit: &str) -> Result<()> {
        if self.eat(lit) {
            Ok(())
        } else {
            Err(self.err(format!("expected '{lit}'")))
        }
    }

    fn ident(&mut self) -> Result<&'a str> {
        self.ws();
        let start = self.pos;
        while self.pos < self.s.len()
            && (self.s[self.pos].is_ascii_alphanumeric() || b"_.$".contains(&self.s[self.pos]))
        {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(self.err("expected a name"));
        }
        Ok(std::str::from_utf8(&self.s[start..self.pos]).unwrap_or(""))
    }

    fn number_text(&mut self) -> Result<&'a str> {
        self.ws();
        let start = self.pos;
        while self.pos < self.s.len()
            && (self.s[self.pos].is_ascii_alphanumeric() || b"+-.".contains(&self.s[self.pos]))
        {
            // `-` and `+` only at the start or after an exponent.
            let c = self.s[self.pos];
            if (c == b'-' || c == b'+') && self.pos > start && !matches!(self.s[self.pos - 1], b'e' | b'E') {
                break;
            }
            self.pos += 1;
        }
        if start == self.pos {
            return Err(self.err("expected a number"));
        }
        Ok(std::str::from_utf8(&self.s[start..self.pos]).unwrap_or(""))
    }

    fn int(&mut self) -> Result<i64> {
        self.ws();
        let start = self.pos;
        if self.s.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        while self.s.get(self.pos).is_some_and(u8::is_ascii_digit) {
            self.pos += 1;
        }
        let t = std::str::from_utf8(&self.s[start..self.pos]).unwrap_or("");
        t.parse().map_err(|_| self.err(format!("expected an integer, found '{t}'")))
    }

    fn string(&mut self) -> Result<Vec<u8>> {
        self.expect("\"")?;
        let mut out = Vec::new();
        while self.pos < self.s.len() && self.s[self.pos] != b'"' {
            let c = self.s[self.pos];
            if c == b'\\' {
                let hex = self
                    .s
                    .get(self.pos + 1..self.pos + 3)
                    .and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
                match hex {
                    Some(b) => {
                        out.push(b);
                        self.pos += 3;
                    }
                    None => {
                        out.push(*self.s.get(self.pos + 1).unwrap_or(&b'\\'));
                        self.pos += 2;
                    }
                }
            } else {
                out.push(c);
                self.pos += 1;
            }
        }
        self.expect("\"")?;
        Ok(out)
    }

    /// Skips a trailing `loc(...)`.
    fn skip_loc(&mut self) {
        if self.peek_is("loc(") {
            let mut depth = 0;
            while self.pos < self.s.len() {
                match self.s[self.pos] {
                    b'(' => depth += 1,
                    b')' => {
                        depth -= 1;
                        if depth == 0 {
                            self.pos += 1;
                            return;
                        }
                    }
                    _ => {}
                }
                self.pos += 1;
            }
        }
    }

    fn module(&mut self) -> Result<()> {
        loop {
            self.ws();
            if self.pos >= self.s.len() {
                return Ok(());
            }
            if self.peek_is("#") {
                // Location aliases: not kept (the module is written without debug info).
                while self.pos < self.s.len() && self.s[self.pos] != b'\n' {
                    self.pos += 1;
                }
            } else if self.eat("cuda_tile.module") || self.eat("module") {
                // The MLIR form wraps entries in `cuda_tile.module @name { … }`.
                self.expect("@")?;
                self.ident()?;
                self.expect("{")?;
                self.wrapped += 1;
            } else if self.wrapped > 0 && self.eat("}") {
                self.wrapped -= 1;
            } else if self.eat("cuda_tile.global") || self.eat("global") {
                self.global()?;
            } else if self.eat("cuda_tile.entry") || self.eat("entry") {
                self.function()?;
            } else {
                return Err(self.err("expected 'entry' or 'global'"));
            }
        }
    }

    fn global(&mut self) -> Result<()> {
        let vis = u64::from(self.eat("private"));
        let cst = u64::from(self.eat("constant"));
        self.expect("@")?;
        let name = self.ident()?.as_bytes().to_vec();
        let alignment = if self.eat("alignment") {
            self.expect("=")?;
            self.int()? as u64
        } else {
            0
        };
        let (ty, constant) = self.dense()?;
        self.skip_loc();
        let name = self.m.intern_string(&name);
        let visibility = (self.m.version >= Version::V13_3).then_some((vis, cst));
        self.m.globals.push(Global { name, ty, constant, alignment, visibility });
        Ok(())
    }

    fn function(&mut self) -> Result<()> {
        self.ws();
        let at = self.pos;
        self.function_at()?;
        if let Some(f) = self.m.functions.last_mut() {
            f.offset = at;
        }
        Ok(())
    }

    fn function_at(&mut self) -> Result<()> {
        self.expect("@")?;
        let name = self.ident()?.as_bytes().to_vec();
        self.expect("(")?;
        self.scope.clear();
        let mut inputs = Vec::new();
        if !self.eat(")") {
            loop {
                let v = self.value_name()?;
                self.expect(":")?;
                let t = self.ty()?;
                self.scope.push(&v, t);
                inputs.push(t);
                if self.eat(")") {
                    break;
                }
                self.expect(",")?;
            }
        }
        let mut results = Vec::new();
        if self.eat("->") {
            if self.eat("(") {
                while !self.eat(")") {
                    results.push(self.ty()?);
                    self.eat(",");
                }
            } else {
                results.push(self.ty()?);
            }
        }
        let mut hints = None;
        if self.eat("optimization_hints") {
            self.expect("=")?;
            hints = Some(Attr::Hints(self.hints()?));
        }
        let signature = self.m.intern_type(Type::Function { inputs: inputs.into(), results: results.into() });
        self.expect("{")?;
        let mut ops = Encoded::default();
        self.ops_until_brace(&mut ops)?;
        let body = Body::assembled(ops.bytes, ops.offsets);
        self.skip_loc();
        let v = self.m.version;
        let mut flags = 2u8;
        let hints = match hints {
            Some(h) if v < Version::V13_5 => {
                flags |= 4;
                Some(h)
            }
            Some(h) => Some(h),
            None if v >= Version::V13_5 => Some(Attr::Hints(Vec::new())),
            None => None,
        };
        let arg_attrs = (v >= Version::V13_5).then(|| Attr::Array(Vec::new()));
        let name = self.m.intern_string(&name);
        self.m.functions.push(Function { name, signature, flags, loc: 0, hints, arg_attrs, body, offset: 0 });
        Ok(())
    }

    fn value_name(&mut self) -> Result<String> {
        self.expect("%")?;
        let start = self.pos;
        while self.pos < self.s.len()
            && (self.s[self.pos].is_ascii_alphanumeric() || b"_.$-#".contains(&self.s[self.pos]))
        {
            self.pos += 1;
        }
        Ok(String::from_utf8_lossy(&self.s[start..self.pos]).into_owned())
    }

    fn use_value(&mut self) -> Result<(ValueId, TypeId)> {
        let at = self.pos;
        let name = self.value_name()?;
        match self.scope.find(&name) {
            Some(v) => Ok(v),
            None => {
                self.pos = at;
                Err(self.err(format!("use of undefined value '%{name}'")))
            }
        }
    }

    fn value_list(&mut self) -> Result<Vec<ValueId>> {
        let mut v = Vec::new();
        while self.peek_is("%") {
            v.push(self.use_value()?.0);
            if !(self.peek_is(",") && self.s.get(self.after_ws_comma()) == Some(&b'%')) {
                break;
            }
            self.expect(",")?;
        }
        Ok(v)
    }

    /// Where the next non-blank byte after a comma is.
    fn after_ws_comma(&self) -> usize {
        let mut i = self.pos + 1;
        while i < self.s.len() && self.s[i] == b' ' {
            i += 1;
        }
        i
    }

    fn ops_until_brace(&mut self, ops: &mut Encoded) -> Result<()> {
        while !self.eat("}") {
            if self.pos >= self.s.len() {
                return Err(self.err("expected '}'"));
            }
            self.op(ops)?;
        }
        Ok(())
    }

    /// A region's block: `{ ops }`, adding `term` when the printer elided it.
    fn region(&mut self, args: &[(String, TypeId)], term: Option<&str>) -> Result<Encoded> {
        if self.depth >= MAX_NESTING {
            return Err(self.err("regions nested too deeply"));
        }
        self.depth += 1;
        let r = self.region_inner(args, term);
        self.depth -= 1;
        r
    }

    fn region_inner(&mut self, args: &[(String, TypeId)], term: Option<&str>) -> Result<Encoded> {
        self.expect("{")?;
        let mark = self.scope.len();
        for (name, t) in args {
            self.scope.push(name, *t);
        }
        let mut ops = Encoded::default();
        self.ops_until_brace(&mut ops)?;
        self.scope.truncate(mark);
        let ends = ops
            .last
            .and_then(|code| tables::op_info(code.into()))
            .is_some_and(|i| matches!(i.name, "yield" | "continue" | "break" | "return"));
        if let (false, Some(t)) = (ends, term) {
            let info = tables::op_by_name(t).ok_or_else(|| self.err("no terminator"))?;
            self.implied(&mut ops, info.code)?;
        }
        // One block: its arguments, its op count, its ops.
        let mut region = Encoded::default();
        put_varint(&mut region.bytes, 1);
        put_varint(&mut region.bytes, args.len() as u64);
        for (_, t) in args {
            put_varint(&mut region.bytes, u64::from(*t));
        }
        put_varint(&mut region.bytes, ops.count as u64);
        region.append(ops);
        Ok(region)
    }

    /// Appends a terminator without operands that the text left implied.
    fn implied(&self, ops: &mut Encoded, opcode: u16) -> Result<()> {
        let op = Op { opcode, fields: vec![Field::U(0)], ..Op::default() };
        let enc = Encoder { m: &self.m, v: self.m.version };
        enc.op_head(&mut ops.bytes, &op, 0)?;
        ops.offsets.push(0);
        ops.count += 1;
        ops.last = Some(opcode);
        Ok(())
    }

    /// Parses an op and appends its encoding (its regions' ops with it).
    fn op(&mut self, ops: &mut Encoded) -> Result<()> {
        // Ops parsed from text carry their offset in it, so findings about them are located.
        self.ws();
        let at = self.pos;
        let (op, regions) = self.op_at()?;
        let enc = Encoder { m: &self.m, v: self.m.version };
        enc.op_head(&mut ops.bytes, &op, regions.len()).map_err(|e| Error::at(at, e.message()))?;
        ops.offsets.push(u32::try_from(at).unwrap_or(u32::MAX));
        ops.count += 1;
        ops.last = Some(op.opcode);
        for r in regions {
            ops.bytes.extend_from_slice(&r.bytes);
            ops.offsets.extend_from_slice(&r.offsets);
        }
        Ok(())
    }

    /// An op (its regions apart, encoded).
    fn op_at(&mut self) -> Result<(Op, Vec<Encoded>)> {
        // Result definitions: `%a, %b =`, `%x:2 =`.
        // Names, and the size of a `%x:N` group.
        let mut defs: Vec<(String, Option<usize>)> = Vec::new();
        if self.peek_is("%") {
            loop {
                let name = self.value_name()?;
                if self.eat(":") {
                    let n = self.int()?.clamp(0, 1 << 16) as usize;
                    if n > self.defs_left {
                        return Err(self.err(format!("'%{name}:{n}' defines more values than the text has room for")));
                    }
                    self.defs_left -= n;
                    defs.push((name, Some(n)));
                } else {
                    defs.push((name, None));
                }
                if !self.eat(",") {
                    break;
                }
            }
            self.expect("=")?;
        }
        let name = self.ident()?;
        // The MLIR form spells ops with the dialect prefix.
        let name = name.strip_prefix("cuda_tile.").unwrap_or(name);
        let info = tables::op_by_name(name).ok_or_else(|| self.err(format!("unknown op '{name}'")))?;
        let v = self.m.version;
        if info.since > v {
            return Err(self.err(format!("op '{name}' needs bytecode version {}+, target version is {v}", info.since)));
        }
        let mut p = Parsed::default();
        let nres = defs.iter().map(|d| d.1.unwrap_or(1)).sum();
        self.op_body(info.name, nres, &mut p)?;
        self.skip_loc();
        // Formats that print no result type (assume) give the result the operand's type.
        if p.results.len() < nres {
            let first = ["destination", "acc", "value", "source"]
                .iter()
                .find_map(|g| p.groups.get(g).and_then(|v| v.first()).copied());
            if let Some(v) = first {
                p.results = vec![self.scope.ty(v); nres];
            }
        }
        if name == "print_tko" && p.results.is_empty() {
            p.results = vec![self.m.intern_type(Type::Scalar(17))];
        }
        let mut results = p.results.clone();
        // Older print_tko has no token result.
        if name == "print_tko" && v < Version::V13_2 {
            results.clear();
        }
        if results.len() < nres && !(name == "print_tko" && v < Version::V13_2) {
            return Err(self.err(format!("'{name}' defines {nres} values but has {} result types", results.len())));
        }
        let op = self.build(info, &mut p, results)?;
        let mut results = op.results.iter().copied();
        for (name, group) in &defs {
            match group {
                None => {
                    if let Some(t) = results.next() {
                        self.scope.push(name, t);
                    }
                }
                Some(n) => {
                    let types: Vec<TypeId> = results.by_ref().take(*n).collect();
                    self.scope.push_group(name, &types);
                }
            }
        }
        Ok((op, std::mem::take(&mut p.regions)))
    }

    fn build(&self, info: &'static tables::OpInfo, p: &mut Parsed, results: Vec<TypeId>) -> Result<Op> {
        let mut op = Op {
            opcode: info.code,
            results: results.into(),
            flags: 0,
            fields: Vec::new(),
            operands: Ids::new(),
            regions: Vec::new(),
            offset: 0,
        };
        let mut ri = 0;
        self.items(info.name, tables::layout(info), p, &mut op, &mut ri, &mut Vec::new())?;
        Ok(op)
    }

    fn items(
        &self,
        op_name: &str,
        items: &'static [Item],
        p: &Parsed,
        op: &mut Op,
        ri: &mut usize,
        names: &mut Vec<&'static str>,
    ) -> Result<()> {
        let v = self.m.version;
        let flag = |names: &[&str], n: &str| names.iter().position(|x| *x == n);
        for item in items {
            match item {
                Item::Result => *ri += 1,
                Item::Results => *ri = op.results.len(),
                Item::Flags(n) => {
                    *names = n.clone();
                    for (b, name) in n.iter().enumerate() {
                        let set = p.flags.contains(name)
                            || p.attrs.contains_key(name)
                            || p.groups.get(name).is_some_and(|g| !g.is_empty());
                        if set {
                            op.flags |= 1 << b;
                        }
                    }
                }
                Item::Since(since, inner) => {
                    if v >= *since {
                        self.items(op_name, inner, p, op, ri, names)?;
                    }
                }
                Item::IfFlag(name, inner) => {
                    if flag(names, name).is_some_and(|b| op.flags >> b & 1 != 0) {
                        self.items(op_name, inner, p, op, ri, names)?;
                    }
                }
                Item::Attr(name, kind) => op.fields.push(match (p.attrs.get(name), *name, p.groups.get("index")) {
                    (Some(f), _, _) => f.clone(),
                    (None, "inbounds", Some(idx)) => Field::Bools(vec![0; idx.len()]),
                    _ => default_field(op_name, name, *kind),
                }),
                Item::AllOperands(list) => {
                    let mut all = Vec::new();
                    for n in list {
                        let n = n.trim_end_matches("...").trim_end_matches('?');
                        all.extend(p.groups.get(n).cloned().unwrap_or_default());
                    }
                    op.fields.push(Field::U(all.len() as u64));
                    op.operands.extend(all);
                }
                Item::Operands(name) => {
                    let g = p.groups.get(name).cloned().unwrap_or_default();
                    op.fields.push(Field::U(g.len() as u64));
                    op.operands.extend(g);
                }
                Item::Operand(name) => {
                    let g = p
                        .groups
                        .get(name)
                        .filter(|g| g.len() == 1)
                        .ok_or_else(|| Error::msg(format!("'{op_name}' needs operand '{name}'")))?;
                    op.operands.push(g[0]);
                }
                Item::OptOperand(name) => {
                    if flag(names, name).is_some_and(|b| op.flags >> b & 1 != 0) {
                        if let Some(g) = p.groups.get(name).and_then(|g| g.first()) {
                            op.operands.push(*g);
                        }
                    }
                }
                Item::Regions(_) => {}
            }
        }
        Ok(())
    }

    /// Operand names an op's layout has (for telling operands from attributes in formats).
    fn is_operand(info: &'static tables::OpInfo, name: &str) -> bool {
        fn walk(items: &[Item], name: &str) -> bool {
            items.iter().any(|i| match i {
                Item::Operand(n) | Item::OptOperand(n) | Item::Operands(n) => *n == name,
                Item::AllOperands(list) => list.iter().any(|n| n.trim_end_matches("...").trim_end_matches('?') == name),
                Item::Since(_, inner) | Item::IfFlag(_, inner) => walk(inner, name),
                _ => false,
            })
        }
        walk(tables::layout(info), name)
    }

    /// Whether an operand name is a list (variadic) rather than one value.
    fn is_list(info: &'static tables::OpInfo, name: &str) -> bool {
        fn walk(items: &[Item], name: &str) -> bool {
            items.iter().any(|i| match i {
                Item::Operands(n) => *n == name,
                Item::AllOperands(list) => list.iter().any(|n| n.strip_suffix("...") == Some(name)),
                Item::Since(_, inner) | Item::IfFlag(_, inner) => walk(inner, name),
                _ => false,
            })
        }
        walk(tables::layout(info), name)
    }

    fn attr_kind(info: &'static tables::OpInfo, name: &str) -> Option<AttrKind> {
        fn walk(items: &[Item], name: &str) -> Option<AttrKind> {
            items.iter().find_map(|i| match i {
                Item::Attr(n, k) if *n == name => Some(*k),
                Item::Since(_, inner) | Item::IfFlag(_, inner) => walk(inner, name),
                _ => None,
            })
        }
        walk(tables::layout(info), name)
    }

    fn types(&mut self, n: usize) -> Result<Vec<TypeId>> {
        let mut v = Vec::new();
        for i in 0..n {
            if i > 0 {
                self.expect(",")?;
            }
            v.push(self.ty()?);
        }
        Ok(v)
    }

    /// An op's text after its name. Ops with regions are parsed by functions of their own, so
    /// that only small frames are on the stack for each level of nesting.
    fn op_body(&mut self, name: &'static str, nres: usize, p: &mut Parsed) -> Result<()> {
        match name {
            "for" => self.op_for(p),
            "loop" => self.op_loop(nres, p),
            "if" => self.op_if(nres, p),
            _ => {
                self.op_plain(name, nres, p)?;
                // reduce and scan end with their region, whose arguments `format` read.
                if let Some(args) = p.region_args.take() {
                    let r = self.region(&args, None)?;
                    p.regions.push(r);
                }
                Ok(())
            }
        }
    }

    #[inline(never)]
    fn op_for(&mut self, p: &mut Parsed) -> Result<()> {
        if self.eat("unsigned") {
            p.flags.push("unsignedCmp");
        }
        let iv = self.value_name()?;
        self.expect("in")?;
        self.expect("(")?;
        let lb = self.use_value()?;
        self.expect("to")?;
        let ub = self.use_value()?;
        self.expect(",")?;
        self.expect("step")?;
        let step = self.use_value()?;
        self.expect(")")?;
        self.expect(":")?;
        let iv_ty = self.ty()?;
        let mut args = vec![(iv, iv_ty)];
        let mut inits = Vec::new();
        if self.eat("iter_values") {
            self.iter_values(&mut args, &mut inits)?;
            self.expect("->")?;
            self.expect("(")?;
            p.results = self.types(inits.len())?;
            self.expect(")")?;
        }
        p.groups.insert("lowerBound", vec![lb.0]);
        p.groups.insert("upperBound", vec![ub.0]);
        p.groups.insert("step", vec![step.0]);
        p.groups.insert("initValues", inits);
        let r = self.region(&args, Some("continue"))?;
        p.regions.push(r);
        Ok(())
    }

    /// `(%a = %v, …)` after `iter_values`: each region argument with its type, and its initial value.
    fn iter_values(&mut self, args: &mut Vec<(String, TypeId)>, inits: &mut Vec<ValueId>) -> Result<()> {
        self.expect("(")?;
        loop {
            let a = self.value_name()?;
            self.expect("=")?;
            let (v, t) = self.use_value()?;
            args.push((a, t));
            inits.push(v);
            if !self.eat(",") {
                break;
            }
        }
        self.expect(")")
    }

    #[inline(never)]
    fn op_loop(&mut self, nres: usize, p: &mut Parsed) -> Result<()> {
        let mut args = Vec::new();
        let mut inits = Vec::new();
        if self.eat("iter_values") {
            self.iter_values(&mut args, &mut inits)?;
        }
        if self.eat(":") {
            if !inits.is_empty() {
                self.types(inits.len())?;
                if self.eat("->") {
                    p.results = self.types(nres)?;
                }
            } else {
                p.results = self.types(nres)?;
            }
        }
        p.groups.insert("initValues", inits);
        let r = self.region(&args, Some("continue"))?;
        p.regions.push(r);
        Ok(())
    }

    #[inline(never)]
    fn op_if(&mut self, nres: usize, p: &mut Parsed) -> Result<()> {
        let c = self.use_value()?;
        p.groups.insert("condition", vec![c.0]);
        if self.eat("->") {
            self.expect("(")?;
            p.results = self.types(nres)?;
            self.expect(")")?;
        }
        let r = self.region(&[], Some("yield"))?;
        p.regions.push(r);
        let e = if self.eat("else") {
            self.region(&[], Some("yield"))?
        } else {
            // An else that only yields.
            let mut ops = Encoded::default();
            self.implied(&mut ops, tables::op_by_name("yield").map_or(0, |i| i.code))?;
            let mut region = Encoded::default();
            region.bytes.extend_from_slice(&[1, 0, 1]);
            region.append(ops);
            region
        };
        p.regions.push(e);
        Ok(())
    }

    /// Ops without regions (and reduce and scan up to theirs).
    #[inline(never)]
    fn op_plain(&mut self, name: &'static str, nres: usize, p: &mut Parsed) -> Result<()> {
        let info = tables::op_by_name(name).ok_or_else(|| self.err("unknown op"))?;
        match name {
            "load_view_tko" | "store_view_tko" | "atomic_red_view_tko" => {
                self.memory(p, name != "atomic_red_view_tko")?;
                if name == "store_view_tko" {
                    p.groups.insert("tile", vec![self.use_value()?.0]);
                    self.expect(",")?;
                }
                p.groups.insert("view", vec![self.use_value()?.0]);
                self.expect("[")?;
                let idx = self.value_list()?;
                self.expect("]")?;
                p.groups.insert("index", idx);
                if name == "atomic_red_view_tko" {
                    self.expect(",")?;
                    let m = self.ident()?;
                    p.attrs.insert("mode", Field::U(self.enum_index("mode", m)?));
                    self.expect(",")?;
                    p.groups.insert("value", vec![self.use_value()?.0]);
                }
                if self.eat("token") {
                    self.expect("=")?;
                    p.groups.insert("token", vec![self.use_value()?.0]);
                }
                if self.eat("optimization_hints") {
                    self.expect("=")?;
                    p.attrs.insert("optimization_hints", Field::Dict(self.hints()?));
                }
                self.expect(":")?;
                // Operand types are known from the values; read past them to the results.
                while !self.eat("->") {
                    if self.pos >= self.s.len() {
                        return Err(self.err("expected '->'"));
                    }
                    self.ty()?;
                    self.eat(",");
                }
                p.results = self.types(nres.max(1))?;
            }
            "make_tensor_view" => {
                p.groups.insert("base", vec![self.use_value()?.0]);
                let mut lists = Vec::new();
                for key in ["shape", "strides"] {
                    self.expect(",")?;
                    self.expect(key)?;
                    self.expect("=")?;
                    self.expect("[")?;
                    let mut dynamic = Vec::new();
                    while !self.eat("]") {
                        if self.peek_is("%") {
                            dynamic.push(self.use_value()?.0);
                        } else {
                            self.int()?;
                        }
                        self.eat(",");
                        if self.pos >= self.s.len() {
                            return Err(self.err("expected ']'"));
                        }
                    }
                    lists.push(dynamic);
                }
                p.groups.insert("dynamicStrides", lists.pop().unwrap_or_default());
                p.groups.insert("dynamicShape", lists.pop().unwrap_or_default());
                self.expect(":")?;
                let t = self.ty()?;
                p.results = if self.eat("->") { vec![self.ty()?] } else { vec![t] };
            }
            "make_partition_view" | "make_strided_view" | "make_gather_scatter_view" => {
                p.groups.insert("tensor_view", vec![self.use_value()?.0]);
                self.expect(":")?;
                p.results = vec![self.ty()?];
            }
            "get_index_space_shape" | "get_tensor_shape" => {
                p.groups.insert("src", vec![self.use_value()?.0]);
                self.expect(":")?;
                self.ty()?;
                self.expect("->")?;
                let t = self.ty()?;
                p.results = vec![t; nres];
            }
            _ => {
                let elems = formats::elems(name).ok_or_else(|| self.err(format!("cannot assemble '{name}'")))?;
                self.format(info, elems, nres, p)?;
                // `load_ptr_tko %p, %x` prints a padding value alone like a mask: a mask is i1.
                if name == "load_ptr_tko" && !p.groups.contains_key("paddingValue") {
                    if let Some(&m) = p.groups.get("mask").and_then(|g| g.first()) {
                        let t = self.scope.ty(m);
                        let is_bool = matches!(self.m.ty(t), Some(Type::Tile { element, .. }) if self.m.ty(*element) == Some(&Type::Scalar(0)));
                        if !is_bool {
                            let g = p.groups.remove("mask").unwrap_or_default();
                            p.groups.insert("paddingValue", g);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn memory(&mut self, p: &mut Parsed, scope_optional: bool) -> Result<()> {
        let o = self.ident()?;
        p.attrs.insert("memory_ordering_semantics", Field::U(self.enum_index("memory_ordering_semantics", o)?));
        let save = self.pos;
        if !self.peek_is("%") {
            let s = self.ident()?;
            match self.enum_index("memory_scope", s) {
                Ok(v) => {
                    p.attrs.insert("memory_scope", Field::U(v));
                }
                Err(e) if !scope_optional => return Err(e),
                Err(_) => self.pos = save,
            }
        }
        Ok(())
    }

    fn enum_index(&self, attr: &str, word: &str) -> Result<u64> {
        let names: &[&str] = if attr == "overflow" { &["none", "nsw", "nuw", "nw"] } else { tables::enum_values(attr) };
        names
            .iter()
            .position(|n| *n == word)
            .map(|i| i as u64)
            .ok_or_else(|| self.err(format!("'{word}' is not a {attr} value")))
    }

    /// Whether the next text can start element `e` (for optional groups).
    fn starts(&mut self, info: &'static tables::OpInfo, e: &Elem) -> bool {
        match e {
            Elem::Lit(l) if !l.is_empty() && *l != " " => {
                let save = self.pos;
                let ok = self.eat(l);
                self.pos = save;
                ok
            }
            Elem::Var(name, _) if Self::is_operand(info, name) => self.peek_is("%"),
            Elem::Var(name, _) => {
                let save = self.pos;
                let ok = self.ident().is_ok_and(|w| self.enum_index(name, w).is_ok());
                self.pos = save;
                ok
            }
            _ => false,
        }
    }

    fn format(&mut self, info: &'static tables::OpInfo, elems: &[Elem], nres: usize, p: &mut Parsed) -> Result<()> {
        for e in elems {
            match e {
                Elem::Lit(l) => {
                    if !l.is_empty() && *l != " " {
                        self.expect(l)?;
                    }
                }
                Elem::AttrDict => {}
                Elem::Optional(inner) => {
                    let first = inner.iter().find(|x| !matches!(x, Elem::Lit(l) if l.is_empty() || *l == " "));
                    if first.is_some_and(|f| self.starts(info, f)) {
                        for x in inner {
                            if let Elem::Var(n, true) = x {
                                if !Self::is_operand(info, n) && Self::attr_kind(info, n).is_none() {
                                    p.flags.push(n);
                                }
                            }
                        }
                        let printable: Vec<Elem> = inner
                            .iter()
                            .filter(|x| !matches!(x, Elem::Var(n, true) if !Self::is_operand(info, n) && Self::attr_kind(info, n).is_none()))
                            .cloned()
                            .collect();
                        self.format(info, &printable, nres, p)?;
                    }
                }
                Elem::Var(name, _) => {
                    if Self::is_operand(info, name) {
                        let vals =
                            if Self::is_list(info, name) { self.value_list()? } else { vec![self.use_value()?.0] };
                        if vals.is_empty() {
                            return Err(self.err(format!("expected operand '{name}'")));
                        }
                        p.groups.insert(name, vals);
                    } else if let Some(kind) = Self::attr_kind(info, name) {
                        let f = self.attr_field(name, kind)?;
                        p.attrs.insert(name, f);
                    }
                }
                Elem::Types(name, first, _) => {
                    if *name == "result" {
                        if *first {
                            let t = self.ty()?;
                            p.results = vec![t; nres];
                        } else if info.name == "print_tko" {
                            self.ty()?;
                        } else {
                            p.results = self.types(nres)?;
                        }
                    } else {
                        let n = p.groups.get(name).map_or(0, |g| g.len());
                        self.types(n)?;
                    }
                }
                Elem::OiList => loop {
                    if self.eat("flush_to_zero") {
                        p.flags.push("flush_to_zero");
                    } else if self.eat("propagate_nan") {
                        p.flags.push("propagate_nan");
                    } else {
                        break;
                    }
                },
                Elem::Custom(kind, name) => {
                    let f = match *kind {
                        "ieee" | "divf" | "sqrt" | "exp" | "tanh" | "introunding" => {
                            if self.eat("rounding") {
                                self.expect("<")?;
                                let w = self.ident()?;
                                self.expect(">")?;
                                Some(Field::U(self.enum_index("rounding_mode", w)?))
                            } else {
                                None
                            }
                        }
                        "pred" | "ord" | "sign" => {
                            let w = self.ident()?;
                            Some(Field::U(self.enum_index(name, w)?))
                        }
                        "assume" => Some(Field::Attr(self.predicate()?)),
                        "dense" => {
                            let (ty, c) = self.dense()?;
                            p.results = vec![ty];
                            Some(Field::U(u64::from(c)))
                        }
                        _ => None,
                    };
                    if let Some(f) = f {
                        p.attrs.insert(name, f);
                    }
                }
                Elem::ArgRegion => {
                    self.expect("(")?;
                    let mut args = Vec::new();
                    while !self.eat(")") {
                        let a = self.value_name()?;
                        self.expect(":")?;
                        let t = self.ty()?;
                        args.push((a, t));
                        self.eat(",");
                        if self.pos >= self.s.len() {
                            return Err(self.err("expected ')'"));
                        }
                    }
                    // The region itself is read once this frame is gone (`op_body`).
                    p.region_args = Some(args);
                }
            }
        }
        Ok(())
    }

    fn attr_field(&mut self, name: &str, kind: AttrKind) -> Result<Field> {
        Ok(match kind {
            AttrKind::Enum => {
                let bracketed = self.eat("<");
                let w = self.ident()?;
                if bracketed {
                    self.expect(">")?;
                }
                Field::U(self.enum_index(name, w)?)
            }
            AttrKind::Int => Field::U(self.int()? as u64),
            AttrKind::Byte => Field::Byte(u8::from(self.ident()? == "true")),
            AttrKind::Str => {
                let s = if self.eat("@") { self.ident()?.as_bytes().to_vec() } else { self.string()? };
                Field::U(u64::from(self.m.intern_string(&s)))
            }
            AttrKind::I32s => {
                self.expect("[")?;
                let mut v = Vec::new();
                while !self.eat("]") {
                    v.push(self.int()? as i32);
                    self.eat(",");
                    if self.pos >= self.s.len() {
                        return Err(self.err("expected ']'"));
                    }
                }
                Field::I32s(v)
            }
            AttrKind::Array => {
                self.expect("[")?;
                let mut v = Vec::new();
                while !self.eat("]") {
                    v.push(self.typed_attr()?);
                    self.eat(",");
                    if self.pos >= self.s.len() {
                        return Err(self.err("expected ']'"));
                    }
                }
                Field::Attrs(v)
            }
            AttrKind::Hints => Field::Dict(self.hints()?),
            AttrKind::Tagged => Field::Attr(self.predicate()?),
            AttrKind::Type => Field::U(u64::from(self.ty()?)),
            AttrKind::Const | AttrKind::Bools => return Err(self.err(format!("cannot read attribute '{name}' here"))),
        })
    }

    /// `value : type` (an identity), or `true`/`false`.
    fn typed_attr(&mut self) -> Result<Attr> {
        if self.eat("true") || self.eat("false") {
            let v = u64::from(self.s[self.pos - 1] == b'e' && self.s[self.pos - 4..self.pos] == *b"true");
            let ty = self.m.intern_type(Type::Scalar(0));
            return Ok(Attr::Integer { ty, value: v });
        }
        let text = self.number_text()?;
        self.expect(":")?;
        let ty = self.ty()?;
        let tag = match self.m.ty(ty) {
            Some(Type::Scalar(t)) => *t,
            _ => return Err(self.err("expected a scalar type")),
        };
        self.scalar_attr(text, ty, tag)
    }

    fn scalar_attr(&self, text: &str, ty: TypeId, tag: u64) -> Result<Attr> {
        let bits = self.scalar_bits(text, tag)?;
        Ok(if float::semantics(tag).is_some() { Attr::Float { ty, bits } } else { Attr::Integer { ty, value: bits } })
    }

    /// The bit pattern of a scalar literal of a type (integers two's complement in their width).
    fn scalar_bits(&self, text: &str, tag: u64) -> Result<u64> {
        if let Some(s) = float::semantics(tag) {
            if let Some(h) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
                return u64::from_str_radix(h, 16).map_err(|_| self.err(format!("bad hex float '{text}'")));
            }
            let v: f64 = text.parse().map_err(|_| self.err(format!("bad float '{text}'")))?;
            return Ok(float::from_f64(s, v));
        }
        let width = super::names::int_width(tag).unwrap_or(64);
        let v = match text {
            "true" => 1,
            "false" => 0,
            _ => text.parse::<i64>().map_err(|_| self.err(format!("bad integer '{text}'")))?,
        };
        Ok(if width >= 64 { v as u64 } else { (v as u64) & ((1u64 << width) - 1) })
    }

    fn predicate(&mut self) -> Result<Attr> {
        let w = self.ident()?;
        self.expect("<")?;
        let a = match w {
            "div_by" => {
                let divisor = self.int()? as u64;
                let (mut flags, mut every, mut along) = (0, 0, 0);
                if self.eat(",") {
                    self.expect("every")?;
                    every = self.int()?;
                    self.expect("along")?;
                    along = self.int()?;
                    flags = 3;
                }
                Attr::DivBy { divisor, flags, every, along }
            }
            "bounded" => {
                let mut flags = 0;
                let mut bound = |p: &mut Self, bit: u8| -> Result<i64> {
                    if p.eat("?") {
                        Ok(0)
                    } else {
                        flags |= bit;
                        p.int()
                    }
                };
                let lb = bound(self, 1)?;
                self.expect(",")?;
                let ub = bound(self, 2)?;
                Attr::Bounded { flags, lb, ub }
            }
            "same_elements" => {
                self.expect("[")?;
                let mut v = Vec::new();
                while !self.eat("]") {
                    v.push(self.int()?);
                    self.eat(",");
                    if self.pos >= self.s.len() {
                        return Err(self.err("expected ']'"));
                    }
                }
                Attr::SameElements(v)
            }
            _ => return Err(self.err(format!("unknown assume predicate '{w}'"))),
        };
        self.expect(">")?;
        Ok(a)
    }

    /// `<key = {name = value, …}, …>`.
    fn hints(&mut self) -> Result<Vec<(StrId, Attr)>> {
        self.expect("<")?;
        let mut out = Vec::new();
        while !self.eat(">") {
            let key = self.ident()?.as_bytes().to_vec();
            self.expect("=")?;
            self.expect("{")?;
            let mut inner = Vec::new();
            while !self.eat("}") {
                let k = self.ident()?.as_bytes().to_vec();
                self.expect("=")?;
                let a = if self.eat("true") {
                    Attr::Bool(1)
                } else if self.eat("false") {
                    Attr::Bool(0)
                } else {
                    let v = self.int()?;
                    let ty = self.m.intern_type(Type::Scalar(3));
                    Attr::Integer { ty, value: v as u32 as u64 }
                };
                inner.push((self.m.intern_string(&k), a));
                self.eat(",");
                if self.pos >= self.s.len() {
                    return Err(self.err("expected '}'"));
                }
            }
            out.push((self.m.intern_string(&key), Attr::Dictionary(inner)));
            self.eat(",");
            if self.pos >= self.s.len() {
                return Err(self.err("expected '>'"));
            }
        }
        Ok(out)
    }

    /// `<elem: value-or-list> : tile<…>` into a constant; returns (type, constant).
    fn dense(&mut self) -> Result<(TypeId, ConstId)> {
        self.expect("<")?;
        let elem = self.ty()?;
        self.expect(":")?;
        let tag = match self.m.ty(elem) {
            Some(Type::Scalar(t)) => *t,
            _ => return Err(self.err("expected a scalar element type")),
        };
        let mut texts = Vec::new();
        let mut depth = 0;
        loop {
            if self.eat("[") {
                depth += 1;
            } else if depth > 0 && self.eat("]") {
                depth -= 1;
            } else if depth > 0 && self.eat(",") {
            } else if depth == 0 && self.peek_is(">") {
                break;
            } else {
                let t = self.number_text()?;
                texts.push(t);
            }
            if self.pos >= self.s.len() {
                return Err(self.err("expected '>'"));
            }
        }
        self.expect(">")?;
        self.expect(":")?;
        let ty = self.ty()?;
        let width = super::names::elem_bytes(tag);
        let mut data = Vec::with_capacity(texts.len() * width);
        for t in texts {
            let bits = self.scalar_bits(t, tag)?;
            data.extend_from_slice(&bits.to_le_bytes()[..width]);
        }
        Ok((ty, self.m.intern_constant(&data)))
    }

    fn dims(&mut self) -> Result<Vec<i64>> {
        // `128x64x` … up to the element type; `?` is dynamic.
        let mut v = Vec::new();
        loop {
            self.ws();
            let c = self.s.get(self.pos).copied().unwrap_or(0);
            if c == b'?' {
                self.pos += 1;
                v.push(i64::MIN);
            } else if c.is_ascii_digit() {
                let start = self.pos;
                while self.s.get(self.pos).is_some_and(u8::is_ascii_digit) {
                    self.pos += 1;
                }
                let t = std::str::from_utf8(&self.s[start..self.pos]).unwrap_or("0");
                v.push(t.parse().map_err(|_| self.err("dimension too large"))?);
            } else {
                return Ok(v);
            }
            if self.s.get(self.pos) == Some(&b'x') {
                self.pos += 1;
            } else {
                return Ok(v);
            }
        }
    }

    fn i32_list(&mut self, sep: &str, close: &str) -> Result<Vec<i32>> {
        let mut v = Vec::new();
        while !self.eat(close) {
            v.push(self.int()? as i32);
            if sep == "x" {
                if self.s.get(self.pos) == Some(&b'x') {
                    self.pos += 1;
                }
            } else {
                self.eat(sep);
            }
            if self.pos >= self.s.len() {
                return Err(self.err(format!("expected '{close}'")));
            }
        }
        Ok(v)
    }

    fn ty(&mut self) -> Result<TypeId> {
        if self.depth >= MAX_NESTING {
            return Err(self.err("types nested too deeply"));
        }
        self.depth += 1;
        let t = self.ty_inner();
        self.depth -= 1;
        t
    }

    fn ty_inner(&mut self) -> Result<TypeId> {
        self.eat("!cuda_tile.");
        self.ws();
        let start = self.pos;
        let word = self.ident()?;
        if let Some(&(tag, _, since)) = SCALAR_TYPES.iter().find(|s| s.1 == word) {
            if self.m.version < since {
                self.pos = start;
                return Err(self.err(format!(
                    "type '{word}' needs bytecode version {since}+, target version is {}",
                    self.m.version
                )));
            }
            return Ok(self.m.intern_type(Type::Scalar(tag)));
        }
        let t = match word {
            "ptr" => {
                self.expect("<")?;
                let pointee = self.ty()?;
                self.expect(">")?;
                Type::Pointer { flags: 0, pointee, attr: None }
            }
            "tile" | "tensor_view" => {
                self.expect("<")?;
                let shape = self.dims()?;
                let element = self.ty()?;
                let mut strides = Vec::new();
                if word == "tensor_view" && self.eat(",") {
                    self.expect("strides")?;
                    self.expect("=")?;
                    self.expect("[")?;
                    while !self.eat("]") {
                        if self.eat("?") {
                            strides.push(i64::MIN);
                        } else {
                            strides.push(self.int()?);
                        }
                        self.eat(",");
                        if self.pos >= self.s.len() {
                            return Err(self.err("expected ']'"));
                        }
                    }
                }
                self.expect(">")?;
                if word == "tile" {
                    Type::Tile { element, shape: shape.into() }
                } else {
                    Type::TensorView(Box::new(TensorView { flags: 0, element, shape, strides, attr: None }))
                }
            }
            "partition_view" | "strided_view" | "gather_scatter_view" => {
                self.expect("<")?;
                self.expect("tile")?;
                self.expect("=")?;
                self.expect("(")?;
                let tile_shape = self.i32_list("x", ")")?;
                self.expect(",")?;
                let mut traversal_strides = Vec::new();
                if word == "strided_view" {
                    self.expect("traversal_strides")?;
                    self.expect("=")?;
                    self.expect("[")?;
                    traversal_strides = self.i32_list(",", "]")?;
                    self.expect(",")?;
                }
                let mut padding = None;
                if self.eat("padding_value") {
                    self.expect("=")?;
                    let w = self.ident()?;
                    padding = Some(
                        PADDING_VALUES
                            .iter()
                            .position(|p| *p == w)
                            .ok_or_else(|| self.err(format!("unknown padding value '{w}'")))?
                            as u64,
                    );
                    self.expect(",")?;
                }
                let tensor_view = self.ty()?;
                let mut dim_map: Vec<i32> = (0..tile_shape.len() as i32).collect();
                let mut sparse_dim = 0;
                if self.eat(",") {
                    if self.eat("dim_map") {
                        self.expect("=")?;
                        self.expect("[")?;
                        dim_map = self.i32_list(",", "]")?;
                    } else {
                        self.expect("sparse_dim")?;
                        self.expect("=")?;
                        sparse_dim = self.int()? as u64;
                    }
                }
                self.expect(">")?;
                let flags = u64::from(padding.is_some());
                match word {
                    "partition_view" => Type::PartitionView(Box::new(PartitionView {
                        flags,
                        tile_shape,
                        tensor_view,
                        dim_map,
                        padding,
                    })),
                    "strided_view" => Type::StridedView(Box::new(StridedView {
                        flags,
                        tile_shape,
                        traversal_strides,
                        tensor_view,
                        dim_map,
                        padding,
                    })),
                    _ => Type::GatherScatterView(Box::new(GatherScatterView {
                        flags,
                        tile_shape,
                        tensor_view,
                        sparse_dim,
                        padding,
                    })),
                }
            }
            _ => {
                self.pos = start;
                return Err(self.err(format!("expected a type, found '{word}'")));
            }
        };
        Ok(self.m.intern_type(t))
    }
}
