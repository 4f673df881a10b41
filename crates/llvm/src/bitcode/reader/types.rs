//! The type table. Identified structs may be referred to before their record; every other type
//! refers only to earlier entries, as LLVM's reader requires.

use super::{Reader, Result};
use crate::bitcode::bitstream::Entry;
use crate::ir::types::{FloatKind, NamedStructId, StructBody, TargetExtType, TypeData, TypeId};

enum Raw {
    Ready(TypeId),
    Named(NamedStructId, TypeId, bool, Vec<u64>),
    Other(u32, Vec<u64>, Option<Box<str>>),
}

impl Reader<'_> {
    pub(super) fn type_block(&mut self) -> Result<()> {
        if !self.types.is_empty() {
            return Err(self.err("more than one type table"));
        }
        let mut raw: Vec<Raw> = Vec::new();
        let mut name: Option<Box<str>> = None;
        let mut anon = 0usize;
        // Identified structs with a record so far (a second record for one is an error).
        let mut defined: rustc_hash::FxHashSet<NamedStructId> = Default::default();
        loop {
            let code = match self.c.advance()? {
                Entry::End => break,
                Entry::Eof => return Err(self.err("unexpected end of input")),
                Entry::Block(_) => {
                    self.c.skip()?;
                    continue;
                }
                Entry::Record(code) => code,
            };
            let simple = |t: TypeData| Some(t);
            let t = match code {
                1 => {
                    // NUMENTRY: a size hint, checked against the records the block can still
                    // hold before reserving.
                    let n = self.op(0)?;
                    if n <= self.c.entries_left() {
                        raw.reserve(n as usize);
                        self.m.types.reserve(n as usize);
                    }
                    continue;
                }
                2 => simple(TypeData::Void),
                3 => simple(TypeData::Float(FloatKind::Float)),
                4 => simple(TypeData::Float(FloatKind::Double)),
                5 => simple(TypeData::Label),
                10 => simple(TypeData::Float(FloatKind::Half)),
                13 => simple(TypeData::Float(FloatKind::X86Fp80)),
                14 => simple(TypeData::Float(FloatKind::Fp128)),
                15 => simple(TypeData::Float(FloatKind::PpcFp128)),
                16 => simple(TypeData::Metadata),
                17 => simple(TypeData::X86Mmx),
                22 => simple(TypeData::Token),
                23 => simple(TypeData::Float(FloatKind::BFloat)),
                24 => simple(TypeData::X86Amx),
                7 => {
                    let w = self.op(0)?;
                    if w == 0 || w > (1 << 23) {
                        return Err(self.err(format!("integer width {w} out of range")));
                    }
                    simple(TypeData::Int(w as u32))
                }
                25 => {
                    let a = u32::try_from(self.op(0)?).map_err(|_| self.err("address space too large"))?;
                    simple(TypeData::Pointer { addr_space: a, pointee: None })
                }
                19 => {
                    name = Some(super::string(&self.c.ops));
                    continue;
                }
                6 | 20 => {
                    let n = name.take().unwrap_or_else(|| {
                        anon += 1;
                        format!("\u{0}anon{anon}").into()
                    });
                    let unnamed = n.starts_with('\u{0}');
                    let (id, ty) = self.m.types.named_struct(&n);
                    if self.m.types.named(id).body.is_some() || !defined.insert(id) {
                        return Err(self.err(format!("struct type '{n}' defined twice")));
                    }
                    if unnamed {
                        self.unnamed_structs.push(id);
                    }
                    let ops = if code == 20 { self.c.ops.clone() } else { vec![0] };
                    if ops.is_empty() {
                        return Err(self.err("struct record without its packed flag"));
                    }
                    raw.push(Raw::Named(id, ty, code == 6, ops));
                    continue;
                }
                8 | 9 | 11 | 12 | 18 | 21 | 26 => {
                    let tname = if code == 26 { name.take() } else { None };
                    raw.push(Raw::Other(code, self.c.ops.clone(), tname));
                    continue;
                }
                _ => return Err(self.unknown(code)),
            };
            if let Some(t) = t {
                let id = self.m.types.intern(t);
                raw.push(Raw::Ready(id));
            }
        }
        // Identified structs first (any entry may name them), then the rest in order.
        let n = raw.len();
        let mut table: Vec<Option<TypeId>> = raw
            .iter()
            .map(|r| match r {
                Raw::Ready(t) | Raw::Named(_, t, ..) => Some(*t),
                Raw::Other(..) => None,
            })
            .collect();
        for i in 0..n {
            let Raw::Other(code, ops, tname) = &raw[i] else { continue };
            let get = |j: u64| -> Result<TypeId> {
                let j = usize::try_from(j).unwrap_or(usize::MAX);
                match table.get(j) {
                    Some(Some(t)) => Ok(*t),
                    _ => Err(self.err(format!("type {i} refers to type {j}, which is not defined before it"))),
                }
            };
            let op = |k: usize| ops.get(k).copied().ok_or_else(|| self.err("type record too short"));
            let t = match code {
                8 => {
                    let p = get(op(0)?)?;
                    let a = u32::try_from(ops.get(1).copied().unwrap_or(0))
                        .map_err(|_| self.err("address space too large"))?;
                    TypeData::Pointer { addr_space: a, pointee: Some(p) }
                }
                9 => {
                    let ret = get(op(2)?)?;
                    let params = ops[3..].iter().map(|&p| get(p)).collect::<Result<Vec<_>>>()?;
                    TypeData::Function { ret, params: params.into(), vararg: op(0)? != 0 }
                }
                21 => {
                    let ret = get(op(1)?)?;
                    let params = ops[2..].iter().map(|&p| get(p)).collect::<Result<Vec<_>>>()?;
                    TypeData::Function { ret, params: params.into(), vararg: op(0)? != 0 }
                }
                11 => TypeData::Array { len: op(0)?, elem: get(op(1)?)? },
                12 => {
                    let len =
                        u32::try_from(op(0)?).ok().filter(|&l| l > 0).ok_or_else(|| self.err("bad vector length"))?;
                    TypeData::Vector { len, elem: get(op(1)?)?, scalable: ops.get(2).is_some_and(|&s| s != 0) }
                }
                18 => {
                    let fields = ops[1.min(ops.len())..].iter().map(|&p| get(p)).collect::<Result<Vec<_>>>()?;
                    TypeData::Struct(StructBody { fields: fields.into(), packed: op(0)? != 0 })
                }
                _ => {
                    // TARGET_TYPE: [numtys, tys…, ints…]; the name came in STRUCT_NAME.
                    let k = op(0)? as usize;
                    if k >= ops.len() {
                        return Err(self.err("target type record too short"));
                    }
                    let types = ops[1..=k].iter().map(|&p| get(p)).collect::<Result<Vec<_>>>()?;
                    let ints = ops[k + 1..]
                        .iter()
                        .map(|&v| u32::try_from(v).map_err(|_| self.err("target type parameter too large")))
                        .collect::<Result<Vec<_>>>()?;
                    TypeData::TargetExt(Box::new(TargetExtType {
                        name: tname.clone().unwrap_or_default(),
                        types: types.into(),
                        ints: ints.into(),
                    }))
                }
            };
            let id = self.m.types.intern(t);
            if self.m.types.too_deep(id) {
                return Err(
                    self.err(format!("type {i} is nested more than {} levels deep", crate::ir::types::MAX_TYPE_DEPTH))
                );
            }
            table[i] = Some(id);
        }
        for r in &raw {
            if let Raw::Named(id, _, opaque, ops) = r {
                if *opaque {
                    continue;
                }
                let packed = ops[0] != 0;
                let fields = ops[1..]
                    .iter()
                    .map(|&j| {
                        table
                            .get(j as usize)
                            .copied()
                            .flatten()
                            .ok_or_else(|| self.err(format!("struct field type {j} out of range")))
                    })
                    .collect::<Result<Vec<_>>>()?;
                self.m.types.set_body(*id, Some(StructBody { fields: fields.into(), packed }));
            }
        }
        self.types = table.into_iter().map(|t| t.expect("every entry resolved")).collect();
        Ok(())
    }
}
