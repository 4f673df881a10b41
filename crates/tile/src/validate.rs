//! The validator: per-version availability, operand and result types per op (the dialect's op
//! constraints), region and block structure, and SSA scoping (every use sees its definition).
//! It collects every finding; each knows the offset of the op it is about.

use crate::body::{Event, Walker};
use crate::ir::*;
use crate::tables::{self, Version};
use crate::text::TypeText;

/// One problem found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Offset of the op or function (0 for in-memory modules).
    pub offset: usize,
    /// What is wrong, in MLIR's words where MLIR has them.
    pub message: String,
}

/// The most findings one validation reports (a hostile module can have a problem per op): past
/// it, one more finding says the validation stopped.
pub const MAX_FINDINGS: usize = 10_000;

/// Validates a module; an empty list means valid.
pub fn validate(m: &Module) -> Vec<Finding> {
    let mut v = Validator { m, out: Vec::new(), buf: Vec::new(), text: TypeText::new(m), values: Vec::new() };
    // Types the module's version cannot encode (modules built in memory; the reader refuses them).
    for (i, t) in m.types.iter().enumerate() {
        if let TypeEntry::Ok(t) = t {
            if let Err(e) = crate::write::type_fits(t, m.version) {
                v.err(0, format!("type at index {i}: {}", e.message()));
            }
        }
    }
    for f in &m.functions {
        if v.out.len() >= MAX_FINDINGS {
            break;
        }
        v.function(f);
    }
    if v.out.len() > MAX_FINDINGS {
        let offset = v.out[MAX_FINDINGS].offset;
        v.out.truncate(MAX_FINDINGS);
        v.out.push(Finding { offset, message: format!("too many problems: validation stopped after {MAX_FINDINGS}") });
    }
    v.out
}

struct Validator<'m> {
    m: &'m Module,
    out: Vec<Finding>,
    /// Operand types of the op being checked (reused).
    buf: Vec<TypeId>,
    /// Types as messages spell them, within a bound on their total size.
    text: TypeText<'m>,
    /// The types of the values in scope.
    values: Vec<TypeId>,
}

/// `'cuda_tile.NAME' op`, formatted only when a message needs it.
struct OpName<'a>(&'a str);

impl std::fmt::Display for OpName<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'cuda_tile.{}' op", self.0)
    }
}

/// An op whose regions are being walked: what its blocks are checked against.
struct Open {
    opcode: u16,
    results: Ids,
    offset: usize,
    /// Regions seen so far.
    region: usize,
    /// Blocks seen so far in the current region.
    block: usize,
    /// The terminator the first block of each region must agree with (`for`: region 0 only).
    terminator: Option<&'static str>,
    /// Whether every region must have exactly one block (and that was not yet reported).
    one_block: bool,
    /// The last op of the current block: (opcode, operand count, offset).
    last: Option<(u16, usize, usize)>,
}

/// Element classes the op constraints speak of.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Float,
    Int,
    IntOrBool,
}

fn class_of(name: &str) -> Option<Class> {
    Some(match name {
        "absf" | "addf" | "subf" | "mulf" | "divf" | "negf" | "ceil" | "floor" | "cos" | "cosh" | "sin" | "sinh"
        | "tan" | "tanh" | "exp" | "exp2" | "log" | "log2" | "sqrt" | "rsqrt" | "remf" | "maxf" | "minf" | "fma"
        | "atan2" | "fpowf" => Class::Float,
        "addi" | "subi" | "muli" | "shli" | "shri" | "divi" | "remi" | "maxi" | "mini" | "absi" | "negi" | "mulhii" => {
            Class::Int
        }
        "andi" | "ori" | "xori" => Class::IntOrBool,
        _ => return None,
    })
}

impl Validator<'_> {
    fn err(&mut self, offset: usize, message: String) {
        self.out.push(Finding { offset, message });
    }

    fn mlir_type(&self, t: TypeId) -> String {
        format!("!cuda_tile.{}", self.text.get(t))
    }

    fn element(&self, t: TypeId) -> Option<(u64, &[i64])> {
        match self.m.ty(t) {
            Some(Type::Tile { element, shape }) => match self.m.ty(*element) {
                Some(Type::Scalar(tag)) => Some((*tag, &shape[..])),
                _ => None,
            },
            _ => None,
        }
    }

    fn function(&mut self, f: &Function) {
        let name = String::from_utf8_lossy(self.m.string(f.name)).into_owned();
        let Some(Type::Function { inputs, results }) = self.m.ty(f.signature) else {
            self.err(f.offset, format!("function '{name}' does not have a function type"));
            return;
        };
        if !results.is_empty() {
            self.err(f.offset, format!("'cuda_tile.entry' op entry op must not return values (function '{name}')"));
        }
        for t in inputs {
            let scalar = matches!(self.m.ty(*t), Some(Type::Tile { shape, .. }) if shape.is_empty());
            if !scalar {
                self.err(
                    f.offset,
                    "'cuda_tile.entry' op entry op must have scalar types (rank 0 !cuda_tile.tile)".into(),
                );
                break;
            }
        }
        self.values.clear();
        self.values.extend_from_slice(inputs);
        let mut scopes: Vec<usize> = Vec::new();
        let mut open: Vec<Open> = Vec::new();
        // The body's last op (it must be a return).
        let mut last_top: Option<(u16, usize)> = None;
        let mut w = Walker::new(self.m, &f.body);
        while let Ok(Some(ev)) = w.next() {
            if self.out.len() > MAX_FINDINGS {
                return;
            }
            match ev {
                Event::Op { op, regions, last, first_block, .. } => {
                    let ctx = self.op_in_block(op, last, regions, first_block.map(|b| b.1));
                    if regions > 0 {
                        open.push(ctx);
                    }
                }
                Event::RegionStart { blocks } => {
                    if let Some(o) = open.last_mut() {
                        if o.one_block && blocks != 1 {
                            o.one_block = false;
                            let name = tables::op_info(o.opcode.into()).map_or("?", |x| x.name);
                            let at = o.offset;
                            self.err(at, format!("{} expects regions with exactly one block", OpName(name)));
                        }
                        o.block = 0;
                    }
                }
                Event::BlockStart { args, .. } => {
                    scopes.push(self.values.len());
                    self.values.extend_from_slice(args);
                    if let Some(o) = open.last_mut() {
                        o.last = None;
                    }
                }
                Event::BlockEnd => {
                    if let Some(mark) = scopes.pop() {
                        self.values.truncate(mark);
                    }
                    if let Some(o) = open.last_mut() {
                        let check = o.block == 0 && (o.region == 0 || o.terminator == Some("yield"));
                        if let (true, Some(want), Some((code, n, at))) = (check, o.terminator, o.last) {
                            let name = tables::op_info(code.into()).map_or("?", |x| x.name);
                            if name == want && n != o.results.len() {
                                let parent = tables::op_info(o.opcode.into()).map_or("?", |x| x.name);
                                let msg = format!(
                                    "'cuda_tile.{name}' op has {n} operands, but the enclosing '{parent}' has {} results",
                                    o.results.len()
                                );
                                self.err(at, msg);
                            }
                        }
                        o.block += 1;
                    }
                }
                Event::RegionEnd => {
                    if let Some(o) = open.last_mut() {
                        o.region += 1;
                    }
                }
                Event::OpEnd { op, at } => {
                    // Every op enclosing this one has regions: those open here are its ancestors,
                    // and the op itself when it has regions.
                    let depth = at.depth as usize;
                    if open.len() > depth {
                        open.pop();
                    }
                    self.values.extend_from_slice(&op.results);
                    match open.last_mut() {
                        Some(o) if depth > 0 => o.last = Some((op.opcode, op.operands.len(), op.offset)),
                        _ => last_top = Some((op.opcode, op.offset)),
                    }
                }
            }
        }
        let last = last_top.and_then(|(code, _)| tables::op_info(code.into())).map(|x| x.name);
        if last != Some("return") {
            self.err(last_top.map_or(0, |l| l.1), "block must end with 'return'".into());
        }
    }

    /// Checks an op where its block has it: availability, operands in scope, terminators last,
    /// then the op's own constraints. Returns what its regions are checked against.
    fn op_in_block(&mut self, op: &Op, last: bool, regions: usize, first_block: Option<&[TypeId]>) -> Open {
        let info = tables::op_info(op.opcode.into());
        let name = info.map_or("?", |x| x.name);
        if let Some(info) = info {
            if info.since > self.m.version {
                self.err(
                    op.offset,
                    format!("unsupported opcode {} for bytecode version {}", op.opcode, self.m.version),
                );
            }
        }
        // Uses must see their definitions (the format's scoping).
        let mut ok = true;
        for (k, v) in op.operands.iter().enumerate() {
            if *v as usize >= self.values.len() {
                self.err(
                    op.offset,
                    format!("operand index {v} out of bounds (size={}) for operand {k}", self.values.len()),
                );
                ok = false;
            }
        }
        let is_term = matches!(name, "yield" | "continue" | "break" | "return");
        if is_term && !last {
            self.err(op.offset, format!("'cuda_tile.{name}' op must be the last operation in its block"));
        }
        let mut open = Open {
            opcode: op.opcode,
            results: op.results.clone(),
            offset: op.offset,
            region: 0,
            block: 0,
            terminator: None,
            one_block: name != "if",
            last: None,
        };
        if ok {
            let mut types = std::mem::take(&mut self.buf);
            types.clear();
            types.extend(op.operands.iter().map(|v| self.values[*v as usize]));
            self.op(op, name, &types, regions, first_block, &mut open);
            self.buf = types;
        }
        open
    }

    fn op(
        &mut self,
        op: &Op,
        name: &str,
        operands: &[TypeId],
        regions: usize,
        first_block: Option<&[TypeId]>,
        open: &mut Open,
    ) {
        let at = op.offset;
        let full = OpName(name);
        if let Some(class) = class_of(name) {
            let Some(&rt) = op.results.first() else { return };
            let good = match (class, self.element(rt)) {
                (Class::Float, Some((tag, _))) => matches!(tag, 5 | 6 | 7 | 9),
                (Class::Int, Some((tag, _))) => matches!(tag, 1..=4 | 22),
                (Class::IntOrBool, Some((tag, _))) => matches!(tag, 0..=4 | 22),
                _ => false,
            };
            if !good {
                let what = match class {
                    Class::Float => "tile of f16 or bf16 or f32 or f64 values",
                    Class::Int => "tile of i8 or i16 or i32 or i64 values",
                    Class::IntOrBool => "tile of i1 or i8 or i16 or i32 or i64 values",
                };
                self.err(at, format!("{full} result #0 must be {what}, but got '{}'", self.mlir_type(rt)));
                return;
            }
            for (k, t) in operands.iter().enumerate() {
                if *t != rt && !(name == "shli" || name == "shri") {
                    self.err(
                        at,
                        format!(
                            "{full} operand #{k} has type '{}' but the result has type '{}'",
                            self.mlir_type(*t),
                            self.mlir_type(rt)
                        ),
                    );
                }
            }
            return;
        }
        match name {
            "ftoi" if matches!(op.fields.iter().rev().find(|f| matches!(f, Field::U(_))), Some(Field::U(r)) if *r != 6) =>
            {
                self.err(
                    at,
                    format!("{full} invalid rounding mode specified. Only 'nearest_int_to_zero' is supported"),
                );
            }
            "assume" => {
                if let Some(Field::Attr(Attr::DivBy { divisor, .. })) = op.fields.first() {
                    if !divisor.is_power_of_two() {
                        self.err(at, format!("{full} 'div_by' divisor must be a power of 2"));
                    }
                }
            }
            "cmpi" | "cmpf" => {
                if operands.len() == 2 && operands[0] != operands[1] {
                    self.err(at, format!("{full} requires both operands to have the same type"));
                }
                if let (Some(&rt), Some(&lt)) = (op.results.first(), operands.first()) {
                    match (self.element(rt), self.element(lt)) {
                        (Some((0, rs)), Some((_, ls))) if rs == ls => {}
                        _ => self.err(
                            at,
                            format!(
                                "{full} result #0 must be a tile of i1 of the operands' shape, but got '{}'",
                                self.mlir_type(rt)
                            ),
                        ),
                    }
                }
            }
            "select" if operands.len() == 3 => {
                if operands[1] != operands[2] || op.results.first() != Some(&operands[1]) {
                    self.err(at, format!("{full} requires the values and the result to have the same type"));
                }
                if !matches!(self.element(operands[0]), Some((0, _))) {
                    self.err(
                        at,
                        format!("{full} operand #0 must be a tile of i1, but got '{}'", self.mlir_type(operands[0])),
                    );
                }
            }
            "constant" => {
                if let (Some(&rt), Some(Field::U(c))) = (op.results.first(), op.fields.first()) {
                    match self.element(rt) {
                        Some((tag, shape)) => {
                            let n = shape.iter().try_fold(1i64, |a, d| a.checked_mul(*d)).unwrap_or(-1);
                            let w = elem_width(tag);
                            let len = self.m.constant(*c as ConstId).map_or(0, |d| d.len());
                            if len != w && (len as i64) != n * w as i64 {
                                self.err(
                                    at,
                                    format!("{full} constant of {len} bytes does not fit '{}'", self.mlir_type(rt)),
                                );
                            }
                        }
                        None => self.err(at, format!("{full} result #0 must be a tile of integer or float values")),
                    }
                }
            }
            "for" => {
                let Some(args) = first_block else {
                    self.err(at, format!("{full} expects one region with one block"));
                    open.one_block = false;
                    return;
                };
                let inits = operands.get(3..).unwrap_or(&[]);
                if args.first() != operands.first() || args.get(1..).unwrap_or(&[]) != inits || op.results[..] != *inits
                {
                    self.err(
                        at,
                        format!("{full} induction variable, iteration values and results must have matching types"),
                    );
                }
                open.terminator = Some("continue");
            }
            "loop" => {
                if let Some(args) = first_block {
                    if args != operands {
                        self.err(at, format!("{full} iteration values and block arguments must have matching types"));
                    }
                } else {
                    self.err(at, format!("{full} expects one region with one block"));
                }
            }
            "if" => {
                if regions != 2 {
                    self.err(at, format!("{full} expects a then and an else region"));
                }
                if !matches!(operands.first().and_then(|t| self.element(*t)), Some((0, []))) {
                    self.err(at, format!("{full} condition must be a scalar tile of i1"));
                }
                open.terminator = Some("yield");
            }
            "reduce" | "scan" => {
                let n = operands.len();
                if let Some(args) = first_block {
                    if args.len() != 2 * n {
                        self.err(at, format!("{full} body must take two arguments per operand"));
                    }
                } else {
                    self.err(at, format!("{full} expects one region with one block"));
                }
                if op.results.len() != n {
                    self.err(at, format!("{full} must have one result per operand"));
                }
            }
            _ => {}
        }
        // Regions with other than one block are reported as they come (`Open::one_block`).
    }
}

fn elem_width(tag: u64) -> usize {
    match tag {
        0 | 1 | 10 | 11 | 18 | 19 | 22 | 130 => 1,
        2 | 5 | 6 => 2,
        3 | 7 | 8 => 4,
        _ => 8,
    }
}

/// Whether every op and type of the module exists in a version (for writers choosing one).
pub fn fits_version(m: &Module, v: Version) -> bool {
    let mut ok = true;
    m.for_each_op(|op| {
        if tables::op_info(op.opcode.into()).is_none_or(|i| i.since > v) {
            ok = false;
        }
    });
    ok
}
