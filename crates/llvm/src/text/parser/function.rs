//! Global variables, aliases, functions and their bodies.

use super::attrs::{AttrPlace, FnAttrExtras};
use super::values::ValId;
use super::{sp, AttrTarget, PResult, ParseError, Parser};
use crate::ir::arena::Arena;
use crate::ir::attrs::AttrSetId;
use crate::ir::function::{
    calling_conv, Block, BlockId, DebugRecord, DebugRecordKind, FnRare, FnSource, Function, LocalMd, Param,
};
use crate::ir::instruction::{
    flags, Align, Atomic, BinOp, Bundle, CallArg, CallSite, CastOp, CmpXchg, FastMath, FloatPredicate, InstId,
    InstKind, Instruction, IntPredicate, Ordering, RmwOp, TailKind,
};
use crate::ir::metadata::{MdAttachment, MdId, MdNode};
use crate::ir::module::{
    Alias, DllStorage, GlobalDef, GlobalProps, GlobalVar, IFunc, InlineAsm, Linkage, Module, Preemption, ThreadLocal,
    UnnamedAddr, Visibility,
};
use crate::ir::types::{StructBody, TypeData, TypeId};
use crate::ir::value::{Name, NameTable, Value};
use crate::text::token::{Keyword, KeywordClass, Token, TokenKind};
use nvir_diag::Span;
use rustc_hash::FxHashMap;
use std::borrow::Cow;

/// The binary or cast operator an opcode keyword names, by the keyword's index: every
/// instruction asks, and matching its spelling against each operator's was a string comparison
/// per operator.
fn opcode_ops(op: Keyword) -> (Option<BinOp>, Option<CastOp>) {
    static OPS: std::sync::OnceLock<Vec<(Option<BinOp>, Option<CastOp>)>> = std::sync::OnceLock::new();
    let ops = OPS.get_or_init(|| {
        Keyword::ALL.iter().map(|k| (BinOp::from_keyword(k.as_str()), CastOp::from_keyword(k.as_str()))).collect()
    });
    ops.get(op as usize).copied().unwrap_or((None, None))
}

/// Names kept as the handles of what they name, each with its name's hash: an entry's name is
/// read from the argument, instruction or block it names, when its hash matches. A map keyed by
/// the name took 32 bytes an entry, and half as much again while it grew: a body of a million
/// named instructions held 104 MB of table (its old and new buckets) at the read's peak, where
/// this takes 8 bytes an entry (the handle packed in 32 bits). The hash kept spares growing the
/// table from reading each name again.
struct ByName<T>(hashbrown::HashTable<(u32, u32)>, std::marker::PhantomData<T>);

/// A handle [`ByName`] keeps in 32 bits.
trait Packed: Copy {
    fn pack(self) -> u32;
    fn unpack(p: u32) -> Self;
}

impl Packed for BlockId {
    fn pack(self) -> u32 {
        self.index() as u32
    }
    fn unpack(p: u32) -> Self {
        BlockId::from_index(p as usize)
    }
}

impl Packed for Local {
    /// An argument's index with the top bit set, an instruction's index without (a body holds
    /// fewer than 2^31 of either: each takes bytes of the input).
    fn pack(self) -> u32 {
        match self {
            Local::Arg(i) => i | 1 << 31,
            Local::Inst(id) => id.index() as u32,
        }
    }
    fn unpack(p: u32) -> Self {
        match p >> 31 {
            1 => Local::Arg(p & !(1 << 31)),
            _ => Local::Inst(InstId::from_index(p as usize)),
        }
    }
}

impl<T: Packed> Default for ByName<T> {
    fn default() -> Self {
        ByName(hashbrown::HashTable::new(), std::marker::PhantomData)
    }
}

impl<T: Packed> ByName<T> {
    /// The hash of the name `s`, as the table keeps it.
    fn hash(s: &[u8]) -> u32 {
        Self::fold(NameTable::hash(s))
    }

    /// [`ByName::hash`] from the name's [`NameTable::hash`] (a name hashed for both is hashed
    /// once).
    fn fold(h: u64) -> u32 {
        (h >> 32) as u32 ^ h as u32
    }

    /// A kept hash spread over the 64 bits the table places entries by.
    fn spread(h: u32) -> u64 {
        u64::from(h).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// What the name `s` (hashed as [`ByName::hash`]) refers to.
    #[inline]
    fn find<'s>(&self, hash: u32, s: &[u8], name_of: impl Fn(T) -> &'s [u8]) -> Option<T> {
        self.0.find(Self::spread(hash), |&(v, h)| h == hash && name_of(T::unpack(v)) == s).map(|&(v, _)| T::unpack(v))
    }

    /// Adds `v`, whose name (hashed as [`ByName::hash`]) the table does not hold yet.
    #[inline]
    fn insert_new(&mut self, hash: u32, v: T) {
        self.0.insert_unique(Self::spread(hash), (v.pack(), hash), |&(_, h)| Self::spread(h));
    }

    fn clear(&mut self) {
        self.0.clear();
    }
}

/// The name of a local value: of an argument (by `args`) or an instruction (by `insts`' names).
fn local_name<'s>(insts: &'s crate::ir::InstNames, args: &'s [Name]) -> impl Fn(Local) -> &'s [u8] {
    move |l| {
        let name = match l {
            Local::Arg(i) => args.get(i as usize).and_then(Name::as_bytes),
            Local::Inst(id) => insts.get(id).as_bytes(),
        };
        name.unwrap_or_default()
    }
}

/// The name of a block.
fn block_name<'s>(blocks: &'s Arena<Block>) -> impl Fn(BlockId) -> &'s [u8] {
    move |b| blocks[b].name.as_bytes().unwrap_or_default()
}

/// What a local name refers to.
#[derive(Clone, Copy)]
enum Local {
    Arg(u32),
    Inst(InstId),
}

/// Numbered values and blocks (`%5`): a vector for the dense numbers real modules use, a map for
/// anything far beyond (a forward reference to `%4000000000` allocates nothing).
struct NumMap<T: Copy> {
    dense: Vec<Option<T>>,
    sparse: FxHashMap<u32, T>,
}

impl<T: Copy> Default for NumMap<T> {
    fn default() -> Self {
        NumMap { dense: Vec::new(), sparse: FxHashMap::default() }
    }
}

impl<T: Copy> NumMap<T> {
    const DENSE_LIMIT: usize = 1 << 22;

    fn get(&self, n: u32) -> Option<T> {
        match self.dense.get(n as usize) {
            Some(v) => *v,
            None => self.sparse.get(&n).copied(),
        }
    }

    fn clear(&mut self) {
        self.dense.clear();
        self.sparse.clear();
    }

    fn insert(&mut self, n: u32, v: T) {
        let i = n as usize;
        if i < Self::DENSE_LIMIT {
            if i >= self.dense.len() {
                self.dense.resize(i + 1, None);
            }
            self.dense[i] = Some(v);
        } else {
            self.sparse.insert(n, v);
        }
    }
}

/// A function body being read.
pub(super) struct FnState {
    params: Vec<TypeId>,
    ret_ty: TypeId,
    blocks: Arena<Block>,
    layout: Vec<BlockId>,
    insts: Arena<Instruction>,
    /// Instructions' result names (see [`crate::ir::FnBody::inst_names`]).
    inst_names: crate::ir::InstNames,
    local_md: Arena<LocalMd>,
    /// Instructions' attachment lists (see [`crate::ir::FnBody::attachments`]).
    attachments: crate::ir::function::MdLists,
    /// Local names: each argument's and instruction's own ([`ByName`]).
    names: ByName<Local>,
    /// The arguments' names.
    arg_names: Vec<Name>,
    numbered: NumMap<Local>,
    next_num: u32,
    /// Placeholders: used, not yet defined, with their first use.
    fwd: FxHashMap<InstId, Span>,
    /// Block names: each block's own ([`ByName`]).
    block_names: ByName<BlockId>,
    block_nums: NumMap<BlockId>,
    block_defined: Vec<bool>,
    block_uses: FxHashMap<BlockId, Span>,
    call_groups: Vec<(InstId, AttrSetId, super::GroupRefs)>,
    /// Debug records read so far, with the instruction each precedes.
    records: Vec<(InstId, DebugRecord)>,
    /// Group references of the call being read, until its instruction has an id.
    pending_groups: Option<(AttrSetId, super::GroupRefs)>,
    /// Where each instruction starts, by handle.
    inst_src: Vec<u32>,
    /// The instructions of the block being read, until its terminator (then copied into the
    /// block, exactly: grown from nothing in each block, its list was reallocated a few times).
    block_insts: Vec<InstId>,
    /// Where the first numbered block label starts.
    numbered_label: Option<u32>,
    /// The numbers written as block labels (`N:`), in text order.
    label_numbers: Vec<u32>,
    /// Scratch buffers for `getelementptr`: operands, their types, constant indices.
    gep_ops: Vec<(TypeId, Value)>,
    gep_tys: Vec<TypeId>,
    gep_idx: Vec<Option<u64>>,
}

impl FnState {
    /// Adds an instruction with its result name.
    fn push_inst(&mut self, inst: Instruction, name: crate::ir::Name) -> InstId {
        let id = self.insts.push(inst);
        self.inst_names.set(id, name);
        id
    }

    fn new(ret_ty: TypeId) -> Self {
        FnState {
            params: Vec::new(),
            ret_ty,
            blocks: Arena::new(),
            layout: Vec::new(),
            insts: Arena::new(),
            inst_names: Default::default(),
            local_md: Arena::new(),
            attachments: Default::default(),
            names: ByName::default(),
            arg_names: Vec::new(),
            numbered: NumMap::default(),
            next_num: 0,
            fwd: FxHashMap::default(),
            block_names: ByName::default(),
            block_nums: NumMap::default(),
            block_defined: Vec::new(),
            block_uses: FxHashMap::default(),
            call_groups: Vec::new(),
            pending_groups: None,
            records: Vec::new(),
            inst_src: Vec::new(),
            block_insts: Vec::new(),
            numbered_label: None,
            label_numbers: Vec::new(),
            gep_ops: Vec::new(),
            gep_tys: Vec::new(),
            gep_idx: Vec::new(),
        }
    }

    /// Empties it for the next body, keeping capacity.
    fn reset(&mut self, ret_ty: TypeId) {
        self.params.clear();
        self.ret_ty = ret_ty;
        self.blocks.clear();
        self.layout.clear();
        self.insts.clear();
        self.inst_names.clear();
        self.local_md.clear();
        self.names.clear();
        self.arg_names.clear();
        self.numbered.clear();
        self.next_num = 0;
        self.fwd.clear();
        self.block_names.clear();
        self.block_nums.clear();
        self.block_defined.clear();
        self.block_uses.clear();
        self.call_groups.clear();
        self.pending_groups = None;
        self.records.clear();
        self.inst_src.clear();
        self.block_insts.clear();
        self.numbered_label = None;
        self.label_numbers.clear();
    }
}

/// Numbered values come in increasing order: `n` is at least the counter's next number, and the
/// counter goes on after it (LLVM 19 reads `%10` after `%1`; the numbers are not kept, values are
/// numbered afresh when printed). `Some(expected)` when `n` skips numbers: LLVM 18 and older want
/// exactly the counter's next number.
fn next_number(counter: &mut u32, n: u32, at: Span, what: &str, sigil: &str) -> PResult<Option<u32>> {
    if n < *counter {
        return Err(ParseError::new(at, format!("{what} expected to be numbered '{sigil}{}' or greater", *counter)));
    }
    let expected = (n != *counter).then_some(*counter);
    *counter = n.checked_add(1).ok_or_else(|| ParseError::new(at, format!("{what} number too large")))?;
    Ok(expected)
}

/// The call site inside a call-like instruction.
pub(super) fn call_site_mut(k: &mut InstKind) -> Option<&mut CallSite> {
    match k {
        InstKind::Call { call, .. } | InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } => Some(call),
        _ => None,
    }
}

/// Applies a metadata handle map (after uniquing) to every reference outside the node arena.
pub(super) fn remap_metadata(m: &mut Module, map: &[MdId]) {
    let fix = |id: &mut MdId| *id = map[id.index()];
    for (_, g) in m.globals.iter_mut() {
        g.props.edit_rare(|r| r.metadata.iter_mut().for_each(|a| fix(&mut a.node)));
    }
    for (_, f) in m.functions.iter_mut() {
        f.props.edit_rare(|r| r.metadata.iter_mut().for_each(|a| fix(&mut a.node)));
        let Some(f) = f.body.get_mut() else { continue };
        for (_, r) in &mut f.debug_records {
            for v in &mut r.operands {
                if let Value::Md(id) = v {
                    fix(id);
                }
            }
        }
        for (_, l) in f.attachments.iter_mut() {
            l.iter_mut().for_each(|a| fix(&mut a.node));
        }
        for (_, inst) in f.insts.iter_mut() {
            if let Some(call) = call_site_mut(&mut inst.kind) {
                for a in &mut call.args {
                    if let Value::Md(id) = &mut a.value {
                        fix(id);
                    }
                }
            }
        }
    }
}

impl<'a> Parser<'a> {
    // ---- global variables, aliases, ifuncs ----

    fn global_props_prefix(&mut self, props: &mut GlobalProps) -> PResult<bool> {
        let mut explicit_linkage = false;
        loop {
            let TokenKind::Keyword(k) = self.tok.kind else { return Ok(explicit_linkage) };
            if let Some(l) = Linkage::from_keyword(k.as_str()) {
                props.linkage = l;
                explicit_linkage = true;
            } else if let Some(p) = Preemption::from_keyword(k.as_str()) {
                props.preemption = p;
            } else if let Some(v) = Visibility::from_keyword(k.as_str()) {
                props.visibility = v;
            } else if k == Keyword::Default {
                props.visibility = Visibility::Default;
            } else if let Some(d) = DllStorage::from_keyword(k.as_str()) {
                props.dll = d;
            } else if k == Keyword::ThreadLocal {
                self.bump()?;
                props.thread_local = ThreadLocal::GeneralDynamic;
                if self.eat(TokenKind::LParen)? {
                    let m = self.bump()?;
                    props.thread_local = match m.kind {
                        TokenKind::Keyword(Keyword::Localdynamic) => ThreadLocal::LocalDynamic,
                        TokenKind::Keyword(Keyword::Initialexec) => ThreadLocal::InitialExec,
                        TokenKind::Keyword(Keyword::Localexec) => ThreadLocal::LocalExec,
                        _ => return Err(ParseError::new(sp(m), "expected localdynamic, initialexec or localexec")),
                    };
                    self.expect(TokenKind::RParen, "')'")?;
                }
                continue;
            } else if let Some(u) = UnnamedAddr::from_keyword(k.as_str()) {
                props.unnamed_addr = u;
            } else if k == Keyword::Addrspace {
                props.addr_space = self.parse_addrspace()?;
                props.explicit_addr_space = true;
                continue;
            } else {
                return Ok(explicit_linkage);
            }
            self.bump()?;
        }
    }

    /// The name of a `@x = …` / `define … @x(` token (`what`: "variable" or "function"); numbered
    /// globals must come in order. `.1`: the name is digits written quoted (`@"3"`).
    fn global_name(&mut self, t: Token, what: &'static str) -> PResult<(Box<str>, bool)> {
        match t.kind {
            TokenKind::GlobalId(n) => {
                if self.first_global_num.is_none() {
                    // A parallel worker takes the numbering where its chunk starts it (the merge
                    // checks that the chunks before end there).
                    self.first_global_num = Some(n);
                    if self.global_num_unknown {
                        self.next_global_num = n;
                    }
                }
                if let Some(expected) = next_number(&mut self.next_global_num, n, sp(t), "variable", "@")? {
                    self.misnumbered(t.start, what, expected);
                }
                Ok((n.to_string().into(), false))
            }
            _ => {
                let name = self.value_str(t)?;
                if !name.is_empty() {
                    let numeric = name.bytes().all(|b| b.is_ascii_digit());
                    return Ok((name, numeric));
                }
                // `@""` has no name: LLVM numbers it as the next unnamed global (a parallel worker
                // does not know that number: the input is read again sequentially).
                if self.global_num_unknown {
                    return Err(ParseError::new(sp(t), "an unnamed global in a parallel chunk"));
                }
                let n = self.next_global_num;
                self.first_global_num.get_or_insert(n);
                next_number(&mut self.next_global_num, n, sp(t), "variable", "@")?;
                Ok((n.to_string().into(), false))
            }
        }
    }

    pub(super) fn global_definition(&mut self) -> PResult<()> {
        let t = self.bump()?;
        let (name, numeric_name) = self.global_name(t, "variable")?;
        self.expect(TokenKind::Equal, "'='")?;
        let mut props = GlobalProps { numeric_name, ..GlobalProps::default() };
        let explicit_linkage = self.global_props_prefix(&mut props)?;
        local_visibility(&props, sp(t))?;
        let externally_initialized = self.eat_kw(Keyword::ExternallyInitialized)?;
        let sym = self.symbol(&name);
        match self.tok.kind {
            TokenKind::Keyword(Keyword::Alias | Keyword::Ifunc) => {
                let is_alias = self.is_kw(Keyword::Alias);
                // Both readers take an alias of external, local, weak and linkonce linkage only
                // (LLVM 7 not `available_externally` either: the verifier's reader rule).
                if is_alias && matches!(props.linkage, Linkage::Common | Linkage::Appending | Linkage::ExternWeak) {
                    return Err(ParseError::new(sp(t), "invalid linkage type for alias"));
                }
                self.bump()?;
                let ty = self.parse_type()?;
                self.expect(TokenKind::Comma, "',' after the alias type")?;
                // A cast or a `getelementptr` needs no type before it: its own says it (LLVM's
                // parser, and its printer leaves the type out before any constant expression).
                let target = if matches!(
                    self.tok.kind,
                    TokenKind::Keyword(
                        Keyword::Bitcast | Keyword::Getelementptr | Keyword::Addrspacecast | Keyword::Inttoptr
                    )
                ) {
                    let at = self.span();
                    match self.parse_val_id()? {
                        ValId::Const(c) => c,
                        _ => return Err(ParseError::new(at, "invalid aliasee")),
                    }
                } else {
                    self.parse_typed_const()?
                };
                if self.eat(TokenKind::Comma)? {
                    self.expect_kw(Keyword::Partition)?;
                    props.set_partition(Some(self.shared_string()?));
                }
                // An alias or ifunc lives in its target's address space.
                let target_ty = self.m.const_ty(target);
                if let TypeData::Pointer { addr_space, .. } = self.m.types.get(target_ty) {
                    props.addr_space = *addr_space;
                }
                let def = if is_alias {
                    GlobalDef::Alias(self.m.aliases.push(Alias {
                        name: self.m.symbols[sym].name.clone(),
                        props,
                        ty,
                        aliasee: target,
                    }))
                } else {
                    GlobalDef::IFunc(self.m.ifuncs.push(IFunc {
                        name: self.m.symbols[sym].name.clone(),
                        props,
                        ty,
                        resolver: target,
                    }))
                };
                self.define_global(sp(t), sym, def)
            }
            TokenKind::Keyword(Keyword::Global | Keyword::Constant) => {
                let is_constant = self.is_kw(Keyword::Constant);
                self.bump()?;
                let ty_at = self.span();
                let ty = self.parse_type()?;
                let declaration =
                    explicit_linkage && matches!(props.linkage, Linkage::ExternalExplicit | Linkage::ExternWeak);
                let init = if declaration {
                    None
                } else {
                    let at = self.span();
                    let v = self.parse_val_id()?;
                    Some(self.const_from(v, ty, at)?)
                };
                // LLVM's reader, after the initializer: no global holds a function or a type
                // without storage.
                if matches!(
                    self.m.types.get(ty),
                    TypeData::Void | TypeData::Label | TypeData::Function { .. } | TypeData::Metadata | TypeData::Token
                ) {
                    return Err(ParseError::new(ty_at, "invalid type for global variable"));
                }
                let mut gv = GlobalVar {
                    name: self.m.symbols[sym].name.clone(),
                    props,
                    externally_initialized,
                    is_constant,
                    ty,
                    init,
                    attrs: self.m.no_attrs(),
                    sanitizer: 0,
                    source: Some(t.start),
                };
                while self.eat(TokenKind::Comma)? {
                    match self.tok.kind {
                        TokenKind::Keyword(Keyword::Section) => {
                            self.bump()?;
                            gv.props.set_section(Some(self.shared_string()?));
                        }
                        TokenKind::Keyword(Keyword::Partition) => {
                            self.bump()?;
                            gv.props.set_partition(Some(self.shared_string()?));
                        }
                        TokenKind::Keyword(Keyword::Comdat) => {
                            let c = self.comdat_ref(&gv.name)?;
                            gv.props.set_comdat(Some(c));
                        }
                        TokenKind::Keyword(Keyword::Align) => {
                            self.bump()?;
                            gv.props.align = Some(self.parse_align()?);
                        }
                        TokenKind::Keyword(Keyword::CodeModel) => {
                            self.bump()?;
                            gv.props.set_code_model(Some(self.shared_string()?));
                        }
                        TokenKind::Keyword(
                            Keyword::NoSanitizeAddress
                            | Keyword::NoSanitizeHwaddress
                            | Keyword::SanitizeMemtag
                            | Keyword::SanitizeAddressDyninit,
                        ) => {
                            let t = self.bump()?;
                            let word = self.text(t);
                            let bit = crate::ir::module::sanitizer::KEYWORDS.iter().find(|(_, k)| *k == word);
                            gv.sanitizer |= bit.map_or(0, |(b, _)| *b);
                        }
                        TokenKind::MetadataVar => {
                            let a = self.attachment()?;
                            gv.props.edit_rare(|r| crate::ir::push_exact(&mut r.metadata, [a]));
                        }
                        _ => {
                            return self.err(format!("expected a global variable property, found {}", self.describe()))
                        }
                    }
                }
                let mut extras = FnAttrExtras::default();
                let attrs = self.parse_attrs(AttrPlace::Function, &mut extras)?;
                gv.attrs = self.attr_set(attrs);
                let inline = gv.attrs;
                let id = self.m.globals.push(gv);
                if !extras.groups.is_empty() {
                    self.attr_fixups.push((AttrTarget::Global(id), inline, extras.groups));
                }
                self.define_global(sp(t), sym, GlobalDef::Var(id))
            }
            // After `externally_initialized` only a variable can follow (LLVM's message).
            _ if externally_initialized => {
                self.err(format!("expected 'global' or 'constant', found {}", self.describe()))
            }
            _ => self.err(format!("expected 'global', 'constant', 'alias' or 'ifunc', found {}", self.describe())),
        }
    }

    /// A comdat reference: the comdat's name, shared with the other globals that name it.
    fn comdat_ref(&mut self, own_name: &str) -> PResult<crate::ir::Str> {
        self.expect_kw(Keyword::Comdat)?;
        if self.eat(TokenKind::LParen)? {
            let c = self.bump()?;
            if !matches!(c.kind, TokenKind::ComdatVar { .. }) {
                return Err(ParseError::new(sp(c), "expected a comdat name ($name)"));
            }
            let name = self.value_str(c)?;
            self.expect(TokenKind::RParen, "')'")?;
            Ok(self.names.str(&name))
        } else {
            Ok(self.names.str(own_name))
        }
    }

    /// A quoted UTF-8 string a global names (section, partition, GC), shared with equal ones.
    fn shared_string(&mut self) -> PResult<crate::ir::Str> {
        let s = self.parse_string_utf8()?;
        Ok(self.names.str(&s))
    }

    pub(super) fn define_global(&mut self, at: Span, sym: crate::ir::module::SymbolId, def: GlobalDef) -> PResult<()> {
        let (vty, addr_space) = self.global_value_type(def);
        if let Some(old) = self.m.symbols[sym].def {
            // LLVM's readers' words (measured, `redefine/`: a function after a function, a
            // function after anything else, anything else).
            let name = &self.m.symbols[sym].name;
            let message = match (def, old) {
                (GlobalDef::Func(_), GlobalDef::Func(_)) => format!("invalid redefinition of function '{name}'"),
                (GlobalDef::Func(_), _) => format!("redefinition of function '@{name}'"),
                _ => format!("redefinition of global '@{name}'"),
            };
            return Err(ParseError::new(at, message));
        }
        if let Some((use_at, used)) = self.sym_uses.remove(&sym) {
            if !self.check_pointees && !self.ptr_space_fits(used, addr_space) {
                // A reader that upgrades typed pointers: a global used before its definition
                // through another address space (measured, `pointeemix/*_defined_after`).
                return Err(ParseError::new(
                    use_at,
                    format!(
                        "forward reference and definition of global have different types: '@{}' is used as '{}' \
                         and defined in address space {addr_space}",
                        self.m.symbols[sym].name,
                        self.type_name_of(used),
                    ),
                ));
            }
            if self.check_pointees && !self.ptr_type_fits(used, vty, addr_space) {
                // LLVM 7's reader on a function called (or named) through another function
                // type before its declaration (measured, `intruser/*_called_after_typed`), and on
                // a variable used through another pointer type before its definition
                // (`pointeemix/*_defined_after`).
                if matches!(def, GlobalDef::Func(_)) {
                    return Err(ParseError::new(
                        use_at,
                        format!(
                            "invalid forward reference to function '{}' with wrong type!",
                            self.m.symbols[sym].name
                        ),
                    ));
                }
                return Err(ParseError::new(
                    use_at,
                    format!(
                        "forward reference and definition of global have different types: '@{}' is used as '{}' \
                         and defined with value type '{}'",
                        self.m.symbols[sym].name,
                        self.type_name_of(used),
                        self.type_name_of(vty)
                    ),
                ));
            }
        }
        self.m.symbols[sym].def = Some(def);
        Ok(())
    }

    fn type_name_of(&self, t: TypeId) -> String {
        // A reader that upgrades typed pointers names them as it holds them: `ptr addrspace(N)`.
        let mut s = String::new();
        self.m.types.write_in(t, &mut s, !self.check_pointees);
        s
    }

    /// A global's value type and address space.
    pub(super) fn global_value_type(&self, def: GlobalDef) -> (TypeId, u32) {
        match def {
            GlobalDef::Var(v) => (self.m.globals[v].ty, self.m.globals[v].props.addr_space),
            GlobalDef::Func(f) => (self.m.functions[f].ty, self.m.functions[f].props.addr_space),
            GlobalDef::Alias(a) => (self.m.aliases[a].ty, self.m.aliases[a].props.addr_space),
            GlobalDef::IFunc(i) => (self.m.ifuncs[i].ty, self.m.ifuncs[i].props.addr_space),
        }
    }

    /// Whether pointer type `ptr` may refer to a global of value type `vty` in `addr_space`.
    /// `ptr` is a pointer into `addr_space`, whatever its pointee.
    pub(super) fn ptr_space_fits(&self, ptr: TypeId, addr_space: u32) -> bool {
        matches!(self.m.types.get(ptr), TypeData::Pointer { addr_space: a, .. } if *a == addr_space)
    }

    pub(super) fn ptr_type_fits(&self, ptr: TypeId, vty: TypeId, addr_space: u32) -> bool {
        matches!(self.m.types.get(ptr), TypeData::Pointer { addr_space: a, pointee } if *a == addr_space && pointee.is_none_or(|p| p == vty))
    }

    fn attachment(&mut self) -> PResult<MdAttachment> {
        let k = self.bump()?;
        let kind_name = self.name_cow(k)?;
        let kind = self.m.metadata.kind(&kind_name);
        let r = self.tok;
        let node = match r.kind {
            TokenKind::MetadataId(n) => {
                self.bump()?;
                self.md_slot(n, sp(r))
            }
            TokenKind::Exclaim | TokenKind::MetadataVar | TokenKind::MetadataString => match self.md_operand()? {
                Some(id) => id,
                None => return Err(ParseError::new(sp(r), "expected a metadata node")),
            },
            _ => return self.err("expected a metadata node after the attachment kind"),
        };
        Ok(MdAttachment { kind, node })
    }

    // ---- functions ----

    pub(super) fn function(&mut self, is_definition: bool) -> PResult<()> {
        let kw = self.bump()?;
        let mut props = GlobalProps::default();
        if !is_definition {
            // `declare !dbg !3 void @f()`: a declaration's attachments come before its header.
            while self.tok.kind == TokenKind::MetadataVar {
                let a = self.attachment()?;
                props.edit_rare(|r| crate::ir::push_exact(&mut r.metadata, [a]));
            }
        }
        let at = sp(self.tok);
        self.global_props_prefix(&mut props)?;
        local_visibility(&props, at)?;
        let cc = self.calling_conv()?;
        let ret_attrs = self.param_attrs()?;
        // An attribute group names function attributes only: LLVM's readers stop at one here and
        // among the parameters with these messages (libNVVM's, both paths).
        if matches!(self.tok.kind, TokenKind::AttrGroupId(_)) {
            return self.err("expected type");
        }
        let ret_ty = self.parse_type()?;
        let nt = self.tok;
        if !matches!(nt.kind, TokenKind::GlobalVar { .. } | TokenKind::GlobalId(_)) {
            return self.err(format!("expected a function name (@name), found {}", self.describe()));
        }
        self.bump()?;
        let (name, numeric_name) = self.global_name(nt, "function")?;
        props.numeric_name = numeric_name;
        self.expect(TokenKind::LParen, "'(' to start the parameter list")?;
        let mut params = Vec::new();
        let mut vararg = false;
        let mut next_arg = 0u32;
        // The number of each unnamed parameter (`%10` may follow `%0`).
        let mut arg_nums = Vec::new();
        let mut numbered_argument = None;
        if !self.eat(TokenKind::RParen)? {
            loop {
                if self.eat(TokenKind::DotDotDot)? {
                    vararg = true;
                    self.expect(TokenKind::RParen, "')' after '...'")?;
                    break;
                }
                let ty_at = sp(self.tok);
                let ty = self.parse_type()?;
                // (LLVM 7.0.1 takes a `label` parameter, libNVVM's LLVM 7 path too; LLVM 14 does not.)
                if matches!(self.m.types.get(ty), TypeData::Void | TypeData::Function { .. }) {
                    return Err(ParseError::new(ty_at, "invalid type for function argument"));
                }
                let attrs = self.param_attrs()?;
                if matches!(self.tok.kind, TokenKind::AttrGroupId(_)) {
                    return self.err("expected ')' at end of argument list");
                }
                let pname = match self.tok.kind {
                    TokenKind::LocalVar { .. } => {
                        let t = self.bump()?;
                        {
                            let s = self.value_str(t)?;
                            self.names.name(&s)
                        }
                    }
                    TokenKind::LocalId(n) => {
                        if n < next_arg {
                            return self.err(format!("argument expected to be numbered '%{next_arg}' or greater"));
                        }
                        numbered_argument.get_or_insert(self.tok.start);
                        let Some(after) = n.checked_add(1) else {
                            return self.err("argument number too large");
                        };
                        self.bump()?;
                        arg_nums.push(n);
                        next_arg = after;
                        Name::NONE
                    }
                    _ => {
                        arg_nums.push(next_arg);
                        next_arg = next_arg.saturating_add(1);
                        Name::NONE
                    }
                };
                params.push(Param { ty, name: pname, attrs });
                if self.eat(TokenKind::RParen)? {
                    break;
                }
                self.expect(TokenKind::Comma, "',' or ')' in the parameter list")?;
            }
        }
        let fn_ty = self.m.types.function(ret_ty, params.iter().map(|p| p.ty).collect(), vararg);
        if let Some(u) = UnnamedAddr::from_keyword(match self.tok.kind {
            TokenKind::Keyword(k) => k.as_str(),
            _ => "",
        }) {
            props.unnamed_addr = u;
            self.bump()?;
        }
        if self.is_kw(Keyword::Addrspace) {
            props.addr_space = self.parse_addrspace()?;
            props.explicit_addr_space = true;
        } else {
            // Otherwise the function lives in the program address space ([`Parser::program_space`]).
            props.addr_space = self.program_space;
        }
        let mut extras = FnAttrExtras::default();
        let fn_attrs = self.parse_attrs(AttrPlace::Function, &mut extras)?;
        let fn_attrs = self.attr_set(fn_attrs);
        props.align = extras.align;
        let mut f = Function {
            name: name.clone(),
            props,
            cc,
            ty: fn_ty,
            ret_attrs,
            params: crate::ir::thin_exact(params),
            fn_attrs,
            rare: numbered_argument.map(|at| Box::new(FnRare { numbered_argument: Some(at), ..FnRare::default() })),
            is_definition,
            body: Default::default(),
            source: FnSource { start: Some(kw.start), ..FnSource::default() },
        };
        loop {
            match self.tok.kind {
                TokenKind::Keyword(Keyword::Section) => {
                    self.bump()?;
                    f.props.set_section(Some(self.shared_string()?));
                }
                TokenKind::Keyword(Keyword::Partition) => {
                    self.bump()?;
                    f.props.set_partition(Some(self.shared_string()?));
                }
                TokenKind::Keyword(Keyword::Comdat) => {
                    let c = self.comdat_ref(&name)?;
                    f.props.set_comdat(Some(c));
                }
                TokenKind::Keyword(Keyword::Align) => {
                    self.bump()?;
                    f.props.align = Some(self.parse_align()?);
                }
                TokenKind::Keyword(Keyword::Gc) => {
                    self.bump()?;
                    let gc = self.shared_string()?;
                    f.edit_rare(|r| r.gc = Some(gc));
                }
                TokenKind::Keyword(k @ (Keyword::Prefix | Keyword::Prologue | Keyword::Personality)) => {
                    self.bump()?;
                    let c = self.parse_typed_const()?;
                    let v = Some((self.m.const_ty(c), Value::Const(c)));
                    f.edit_rare(|r| match k {
                        Keyword::Prefix => r.prefix = v,
                        Keyword::Prologue => r.prologue = v,
                        _ => r.personality = v,
                    });
                }
                // `!dbg !5` after the header; `!name = …` is the next top-level entity.
                TokenKind::MetadataVar if self.lex.peek().kind != TokenKind::Equal => {
                    let a = self.attachment()?;
                    f.props.edit_rare(|r| crate::ir::push_exact(&mut r.metadata, [a]));
                }
                _ => break,
            }
        }
        let fid = self.m.functions.push(f);
        let sym = self.symbol(&name);
        self.define_global(sp(nt), sym, GlobalDef::Func(fid))?;
        if !extras.groups.is_empty() {
            self.attr_fixups.push((AttrTarget::Function(fid), fn_attrs, extras.groups));
        }
        if !is_definition {
            if self.tok.kind == TokenKind::LBrace {
                return Err(ParseError::new(sp(kw), "a declaration cannot have a body; use 'define'"));
            }
            return Ok(());
        }
        self.body(fid, ret_ty, &arg_nums)
    }

    fn calling_conv(&mut self) -> PResult<u32> {
        let TokenKind::Keyword(k) = self.tok.kind else { return Ok(0) };
        if k.class() != KeywordClass::CallingConv {
            return Ok(0);
        }
        self.bump()?;
        if k == Keyword::Cc {
            return self.parse_u32();
        }
        calling_conv(k.as_str())
            .ok_or_else(|| self.error(format!("calling convention '{k}' is not supported (write it as `cc N`)")))
    }

    fn body(&mut self, fid: crate::ir::module::FuncId, ret_ty: TypeId, arg_nums: &[u32]) -> PResult<()> {
        self.expect(TokenKind::LBrace, "'{' to start the function body")?;
        // One scratch state serves every body: its maps and arenas keep their capacity, and each
        // function receives arenas of exactly its size.
        let mut fs = self.fn_scratch.take().unwrap_or_else(|| FnState::new(ret_ty));
        fs.reset(ret_ty);
        fs.params.extend(self.m.functions[fid].params.iter().map(|p| p.ty));
        let r = self.body_in(fid, &mut fs, arg_nums);
        self.fn_scratch = Some(fs);
        r
    }

    fn body_in(&mut self, fid: crate::ir::module::FuncId, fs: &mut FnState, arg_nums: &[u32]) -> PResult<()> {
        let mut nums = arg_nums.iter();
        fs.arg_names.extend(self.m.functions[fid].params.iter().map(|p| p.name.clone()));
        for (i, p) in self.m.functions[fid].params.iter().enumerate() {
            match p.name.as_str() {
                Some(n) => {
                    let (h, arg) = (ByName::<Local>::hash(n.as_bytes()), Local::Arg(i as u32));
                    if fs.names.find(h, n.as_bytes(), local_name(&fs.inst_names, &fs.arg_names)).is_some() {
                        return self.err(format!("redefinition of argument '%{n}'"));
                    }
                    fs.names.insert_new(h, arg);
                }
                None => {
                    let n = nums.next().copied().unwrap_or(fs.next_num).max(fs.next_num);
                    fs.numbered.insert(n, Local::Arg(i as u32));
                    fs.next_num = n.saturating_add(1);
                }
            }
        }
        if self.tok.kind == TokenKind::RBrace {
            return self.err("function body requires at least one basic block");
        }
        while self.tok.kind != TokenKind::RBrace {
            // `uselistorder` directives close a body, after its last block.
            if self.is_kw(Keyword::Uselistorder) && !fs.layout.is_empty() {
                self.skip_uselistorder()?;
                continue;
            }
            self.block(fs)?;
        }
        self.bump()?;
        // LLVM's readers name the undefined values (labels among them) by name, then the
        // numbered ones by number (measured, `undeforder/`).
        let values = fs.fwd.iter().map(|(id, at)| (self.undefined_name(fs.inst_names.get(*id).as_str(), *at), *at));
        let blocks = fs
            .block_uses
            .iter()
            .filter(|(b, _)| !fs.block_defined[b.index()])
            .map(|(b, at)| (self.undefined_name(fs.blocks[*b].name.as_str(), *at), *at));
        if let Some((name, at)) = first_undefined(values.chain(blocks)) {
            return Err(ParseError::new(at, format!("use of undefined value '%{name}'")));
        }
        for (inst, inline, groups) in std::mem::take(&mut fs.call_groups) {
            self.attr_fixups.push((AttrTarget::Call(fid, inst), inline, groups));
        }
        let f = &mut self.m.functions[fid];
        f.blocks = fs.blocks.take_exact();
        f.layout = crate::ir::thin_exact(fs.layout.drain(..));
        f.insts = fs.insts.take_exact();
        f.inst_names = fs.inst_names.take_exact();
        f.local_md = fs.local_md.take_exact();
        f.attachments = fs.attachments.take_exact();
        f.debug_records = crate::ir::thin_exact(fs.records.drain(..));
        fs.inst_src.resize(f.insts.len(), 0);
        f.source.insts = crate::ir::thin_exact(fs.inst_src.drain(..));
        if let Some(at) = fs.numbered_label.take() {
            let referenced = |n: &&u32| fs.block_nums.get(**n).is_some_and(|b| fs.block_uses.contains_key(&b));
            let label = (at, fs.label_numbers.iter().find(referenced).copied());
            f.edit_rare(|r| r.numbered_label = Some(label));
        }
        Ok(())
    }

    /// The name of a value used but never defined: its name, or for a numbered one the number
    /// as written where it was used (`%19` → `19`).
    pub(super) fn undefined_name(&self, name: Option<&str>, at: Span) -> String {
        if let Some(n) = name {
            return n.to_string();
        }
        let used = self.src.get(at.start..at.end).unwrap_or_default();
        let digits: String =
            used.iter().skip_while(|&&b| b == b'%').take_while(|b| b.is_ascii_digit()).map(|&b| b as char).collect();
        if digits.is_empty() {
            "<numbered>".into()
        } else {
            digits
        }
    }

    fn new_block(fs: &mut FnState, name: Name) -> BlockId {
        fs.block_defined.push(false);
        fs.blocks.push(Block { name, insts: Vec::new() })
    }

    /// The block named `name`, made if the body has not named it yet.
    fn named_block(&mut self, fs: &mut FnState, name: &str) -> BlockId {
        let full = NameTable::hash(name.as_bytes());
        let h = ByName::<BlockId>::fold(full);
        if let Some(b) = fs.block_names.find(h, name.as_bytes(), block_name(&fs.blocks)) {
            return b;
        }
        let b = Self::new_block(fs, self.names.name_hashed(name, full));
        fs.block_names.insert_new(h, b);
        b
    }

    fn block(&mut self, fs: &mut FnState) -> PResult<()> {
        let t = self.tok;
        let id = match t.kind {
            TokenKind::Label { .. } => {
                self.bump()?;
                let name = self.name_cow(t)?;
                self.named_block(fs, &name)
            }
            TokenKind::LabelId(n) => {
                self.bump()?;
                fs.numbered_label.get_or_insert(t.start);
                fs.label_numbers.push(n);
                next_number(&mut fs.next_num, n, sp(t), "label", "")?;
                match fs.block_nums.get(n) {
                    Some(b) => b,
                    None => {
                        let b = Self::new_block(fs, Name::NONE);
                        fs.block_nums.insert(n, b);
                        b
                    }
                }
            }
            _ => {
                let n = fs.next_num;
                fs.next_num += 1;
                match fs.block_nums.get(n) {
                    Some(b) => b,
                    None => {
                        let b = Self::new_block(fs, Name::NONE);
                        fs.block_nums.insert(n, b);
                        b
                    }
                }
            }
        };
        if fs.block_defined[id.index()] {
            return Err(ParseError::new(sp(t), "redefinition of a basic block"));
        }
        fs.block_defined[id.index()] = true;
        fs.layout.push(id);
        let mut records = Vec::new();
        fs.block_insts.clear();
        loop {
            if self.tok.kind == TokenKind::Hash {
                records.push(self.debug_record(fs)?);
                continue;
            }
            // `uselistorder` comes after a body's last block only (LLVM's readers, both of
            // libNVVM's paths: `grammar/uselistorder_*` of `scripts/probe/axes.py`).
            if self.is_kw(Keyword::Uselistorder) {
                return self.err("expected instruction opcode");
            }
            let inst = self.instruction(fs)?;
            fs.records.extend(records.drain(..).map(|r| (inst, r)));
            fs.block_insts.push(inst);
            if fs.insts[inst].is_terminator() {
                fs.blocks[id].insts = fs.block_insts.as_slice().to_vec();
                return Ok(());
            }
            if matches!(
                self.tok.kind,
                TokenKind::RBrace | TokenKind::Eof | TokenKind::Label { .. } | TokenKind::LabelId(_)
            ) {
                return self.err("expected instruction opcode: a basic block must end with a terminator");
            }
        }
    }

    // ---- local values ----

    fn local(&mut self, fs: &mut FnState, t: Token, ty: TypeId) -> PResult<Value> {
        // A name's hash, kept for adding it below if it is not defined yet.
        let mut named = None;
        let found = match t.kind {
            TokenKind::LocalId(n) => fs.numbered.get(n),
            _ => {
                let name = self.name_cow(t)?;
                let full = NameTable::hash(name.as_bytes());
                let h = ByName::<Local>::fold(full);
                let found = fs.names.find(h, name.as_bytes(), local_name(&fs.inst_names, &fs.arg_names));
                named = Some((name, full));
                found
            }
        };
        match found {
            Some(Local::Arg(i)) => {
                let pty = fs.params[i as usize];
                if pty != ty {
                    self.note_pointee_blind();
                    return Err(ParseError::new(
                        sp(t),
                        format!(
                            "'{}' defined with type '{}' but expected '{}'",
                            self.text(t),
                            self.type_name_of(pty),
                            self.type_name_of(ty)
                        ),
                    ));
                }
                Ok(Value::Arg(i))
            }
            Some(Local::Inst(id)) => {
                let ity = fs.insts[id].ty;
                if ity != ty {
                    self.note_pointee_blind();
                    return Err(ParseError::new(
                        sp(t),
                        format!(
                            "'{}' defined with type '{}' but expected '{}'",
                            self.text(t),
                            self.type_name_of(ity),
                            self.type_name_of(ty)
                        ),
                    ));
                }
                Ok(Value::Inst(id))
            }
            None => {
                if matches!(self.m.types.get(ty), TypeData::Void | TypeData::Label | TypeData::Function { .. }) {
                    return Err(ParseError::new(
                        sp(t),
                        format!("invalid use of a value of type '{}'", self.type_name_of(ty)),
                    ));
                }
                let name = named.as_ref().map(|(k, full)| self.names.name_hashed(k, *full)).unwrap_or_default();
                let id = fs.push_inst(Instruction { ty, kind: InstKind::Unreachable, metadata: None }, name);
                fs.fwd.insert(id, sp(t));
                match (t.kind, named) {
                    (TokenKind::LocalId(n), _) => fs.numbered.insert(n, Local::Inst(id)),
                    (_, Some((_, full))) => fs.names.insert_new(ByName::<Local>::fold(full), Local::Inst(id)),
                    _ => {}
                }
                Ok(Value::Inst(id))
            }
        }
    }

    fn value(&mut self, fs: &mut FnState, v: ValId, ty: TypeId, at: Span) -> PResult<Value> {
        match v {
            ValId::Local(t) => self.local(fs, t, ty),
            ValId::Asm { .. } => Err(ParseError::new(at, "inline assembly can only be called")),
            other => Ok(Value::Const(self.const_from(other, ty, at)?)),
        }
    }

    fn typed_value(&mut self, fs: &mut FnState) -> PResult<(TypeId, Value)> {
        let ty = self.parse_type()?;
        Ok((ty, self.value_of(fs, ty)?))
    }

    fn value_of(&mut self, fs: &mut FnState, ty: TypeId) -> PResult<Value> {
        if let Some(t) = self.local_operand()? {
            return self.local(fs, t, ty);
        }
        let at = self.span();
        let v = self.parse_val_id()?;
        self.value(fs, v, ty, at)
    }

    /// A local operand's token, read as [`Parser::parse_val_id`] reads it (most operands are
    /// locals: this spares making, matching and dropping a [`ValId`] for each).
    #[inline]
    fn local_operand(&mut self) -> PResult<Option<Token>> {
        if !matches!(self.tok.kind, TokenKind::LocalVar { .. } | TokenKind::LocalId(_)) {
            return Ok(None);
        }
        self.enter()?;
        let t = self.bump();
        self.leave();
        t.map(Some)
    }

    fn block_ref(&mut self, fs: &mut FnState) -> PResult<BlockId> {
        let t = self.tok;
        let b = match t.kind {
            TokenKind::LocalVar { .. } => {
                let name = self.name_cow(t)?;
                self.named_block(fs, &name)
            }
            TokenKind::LocalId(n) => match fs.block_nums.get(n) {
                Some(b) => b,
                None => {
                    let b = Self::new_block(fs, Name::NONE);
                    fs.block_nums.insert(n, b);
                    b
                }
            },
            _ => return self.err(format!("expected a basic block (%name), found {}", self.describe())),
        };
        self.bump()?;
        fs.block_uses.entry(b).or_insert(sp(t));
        Ok(b)
    }

    fn label(&mut self, fs: &mut FnState) -> PResult<BlockId> {
        self.expect_kw(Keyword::Label)?;
        self.block_ref(fs)
    }

    #[inline(always)]
    fn expect_comma(&mut self) -> PResult<()> {
        self.expect(TokenKind::Comma, "','").map(|_| ())
    }

    // ---- instructions ----

    fn fmf(&mut self) -> PResult<FastMath> {
        let mut f = 0u8;
        loop {
            f |= match self.tok.kind {
                TokenKind::Keyword(Keyword::Nnan) => 1,
                TokenKind::Keyword(Keyword::Ninf) => 2,
                TokenKind::Keyword(Keyword::Nsz) => 4,
                TokenKind::Keyword(Keyword::Arcp) => 8,
                TokenKind::Keyword(Keyword::Contract) => 16,
                TokenKind::Keyword(Keyword::Afn) => 32,
                TokenKind::Keyword(Keyword::Reassoc) => 64,
                TokenKind::Keyword(Keyword::Fast) => FastMath::FAST,
                _ => return Ok(FastMath(f)),
            };
            self.bump()?;
        }
    }

    fn ordering(&mut self) -> PResult<Ordering> {
        let t = self.tok;
        let o = match t.kind {
            TokenKind::Keyword(k) => Ordering::from_keyword(k.as_str()),
            _ => None,
        };
        let o = o.ok_or_else(|| self.error(format!("expected an atomic ordering, found {}", self.describe())))?;
        self.bump()?;
        Ok(o)
    }

    fn scope_and_ordering(&mut self) -> PResult<Atomic> {
        let scope = if self.eat_kw(Keyword::Syncscope)? {
            self.expect(TokenKind::LParen, "'(' after syncscope")?;
            let s = self.parse_string_utf8()?;
            self.expect(TokenKind::RParen, "')'")?;
            Some(self.m.sync_scope(&s).ok_or_else(|| self.error("more sync scopes than a module may name"))?)
        } else {
            None
        };
        Ok(Atomic { ordering: self.ordering()?, scope })
    }

    /// `, align N` when it follows (metadata attachments may follow instead).
    fn opt_align(&mut self) -> PResult<Option<Align>> {
        if self.tok.kind == TokenKind::Comma && self.lex.peek().kind == TokenKind::Keyword(Keyword::Align) {
            self.bump()?;
            self.bump()?;
            return Ok(Some(self.inst_align()?));
        }
        Ok(None)
    }

    fn inst_align(&mut self) -> PResult<Align> {
        let at = self.span();
        let a = self.parse_align_value()?;
        Align::new(a).ok_or_else(|| ParseError::new(at, "alignment is not a power of two"))
    }

    /// A typed pointer's pointee must be the type written; `llvm_says` is LLVM's message for it.
    fn ptr_pointee_check(&self, ptr_ty: TypeId, want: TypeId, at: Span, llvm_says: &str) -> PResult<()> {
        match self.m.types.get(ptr_ty) {
            TypeData::Pointer { .. } if !self.check_pointees => Ok(()),
            TypeData::Pointer { pointee: Some(p), .. } if *p != want => Err(ParseError::new(
                at,
                format!(
                    "{llvm_says}: the type is '{}', the pointer '{}'",
                    self.type_name_of(want),
                    self.type_name_of(ptr_ty)
                ),
            )),
            TypeData::Pointer { .. } => Ok(()),
            _ => Err(ParseError::new(at, format!("expected a pointer, found type '{}'", self.type_name_of(ptr_ty)))),
        }
    }

    fn instruction(&mut self, fs: &mut FnState) -> PResult<InstId> {
        let start = self.tok;
        let name = match start.kind {
            TokenKind::LocalVar { .. } | TokenKind::LocalId(_) => {
                self.bump()?;
                self.expect(TokenKind::Equal, "'=' after the instruction's name")?;
                Some(start)
            }
            _ => None,
        };
        let op_tok = self.tok;
        let TokenKind::Keyword(op) = op_tok.kind else {
            return self.err(format!("expected an instruction opcode, found {}", self.describe()));
        };
        let void = self.common.void;
        let (ty, kind) = self.inst_body(fs, op, op_tok, void)?;
        let mut metadata = Vec::new();
        while self.tok.kind == TokenKind::Comma && self.lex.peek().kind == TokenKind::MetadataVar {
            self.bump()?;
            metadata.push(self.attachment()?);
        }
        let metadata = (!metadata.is_empty()).then(|| fs.attachments.push(crate::ir::thin_exact(metadata)));
        let inst = Instruction { ty, kind, metadata };
        let id = self.define_local(fs, name, inst, sp(op_tok))?;
        // Mostly the instruction just made, one past the end.
        if fs.inst_src.len() == id.index() {
            fs.inst_src.push(start.start);
        } else {
            if fs.inst_src.len() < id.index() {
                fs.inst_src.resize(id.index() + 1, 0);
            }
            fs.inst_src[id.index()] = start.start;
        }
        if let Some((inline, groups)) = fs.pending_groups.take() {
            fs.call_groups.push((id, inline, groups));
        }
        Ok(id)
    }

    fn define_local(&mut self, fs: &mut FnState, name: Option<Token>, inst: Instruction, at: Span) -> PResult<InstId> {
        let is_void = matches!(self.m.types.get(inst.ty), TypeData::Void);
        let Some(t) = name else {
            if is_void {
                return Ok(fs.insts.push(inst));
            }
            let n = fs.next_num;
            fs.next_num += 1;
            return self.fill(fs, Some(n), None, inst, at);
        };
        if is_void {
            return Err(ParseError::new(sp(t), "instructions returning void cannot have a name"));
        }
        match t.kind {
            TokenKind::LocalId(n) => {
                if let Some(expected) = next_number(&mut fs.next_num, n, sp(t), "instruction", "%")? {
                    self.misnumbered(t.start, "instruction", expected);
                }
                self.fill(fs, Some(n), None, inst, at)
            }
            _ => {
                let n = self.name_cow(t)?;
                let full = NameTable::hash(n.as_bytes());
                let name = self.names.name_hashed(n.as_ref(), full);
                let id = self.fill(fs, None, Some((n, ByName::<Local>::fold(full))), inst, at)?;
                fs.inst_names.set(id, name);
                Ok(id)
            }
        }
    }

    /// Places an instruction, filling its placeholder if it was used before.
    fn fill(
        &mut self,
        fs: &mut FnState,
        num: Option<u32>,
        mut name: Option<(Cow<'a, str>, u32)>,
        inst: Instruction,
        at: Span,
    ) -> PResult<InstId> {
        let existing = match (num, name.take()) {
            (Some(n), _) => fs.numbered.get(n),
            // A new name (most are) is hashed once (by the caller, as [`ByName::hash`]): looked
            // up, then added with that hash.
            (None, Some((n, h))) => match fs.names.find(h, n.as_bytes(), local_name(&fs.inst_names, &fs.arg_names)) {
                None => {
                    let id = fs.insts.push(inst);
                    fs.names.insert_new(h, Local::Inst(id));
                    return Ok(id);
                }
                Some(found) => {
                    name = Some((n, h));
                    Some(found)
                }
            },
            (None, None) => None,
        };
        match existing {
            Some(Local::Inst(id)) if fs.fwd.contains_key(&id) => {
                if fs.insts[id].ty != inst.ty {
                    self.note_pointee_blind();
                    let use_at = fs.fwd[&id];
                    // LLVM's readers' words (measured, `pointeemix/*_forward`).
                    return Err(ParseError::new(
                        use_at,
                        format!(
                            "instruction forward referenced with type '{}': it is defined as '{}'",
                            self.type_name_of(fs.insts[id].ty),
                            self.type_name_of(inst.ty)
                        ),
                    ));
                }
                fs.fwd.remove(&id);
                fs.insts[id] = inst;
                Ok(id)
            }
            Some(_) => Err(ParseError::new(
                at,
                format!(
                    "multiple definition of local value named '%{}'",
                    name.as_ref().map_or("?", |(n, _)| n.as_ref())
                ),
            )),
            None => {
                let id = fs.insts.push(inst);
                if let Some(n) = num {
                    fs.numbered.insert(n, Local::Inst(id));
                }
                Ok(id)
            }
        }
    }

    fn inst_body(&mut self, fs: &mut FnState, op: Keyword, op_tok: Token, void: TypeId) -> PResult<(TypeId, InstKind)> {
        let at = sp(op_tok);
        self.bump()?;
        let name = op.as_str();
        let (bin_op, cast_op) = opcode_ops(op);
        if let Some(bop) = bin_op {
            let (fl, fmf) = if bop.is_float() { (0, self.fmf()?) } else { (self.wrap_flags()?, FastMath::default()) };
            let (ty, lhs) = self.typed_value(fs)?;
            self.expect_comma()?;
            let rhs = self.value_of(fs, ty)?;
            return Ok((ty, InstKind::Binary { op: bop, flags: fl, fmf, lhs, rhs }));
        }
        if let Some(cop) = cast_op {
            let fl = if cop == CastOp::Trunc {
                // `trunc nuw nsw` (LLVM 19), in either order.
                self.wrap_flags()? & (flags::NUW | flags::NSW)
            } else if self.eat_kw(Keyword::Nneg)? {
                flags::NNEG
            } else {
                0
            };
            // Fast-math flags on the casts to floating point (LLVM 22; not after `nneg`).
            let fmf = if fl == 0 && cop.takes_fmf() { self.fmf()? } else { FastMath::default() };
            let (from, value) = self.typed_value(fs)?;
            self.expect_kw(Keyword::To)?;
            let to = self.parse_type()?;
            if !crate::ir::valid::cast_is_valid(&self.m.types, cop, from, to) {
                return Err(self.invalid_cast(at, from, to));
            }
            return Ok((to, InstKind::Cast { op: cop, flags: fl, fmf, from, value }));
        }
        Ok(match op {
            Keyword::Ret => {
                let ty = self.parse_type()?;
                if ty == void {
                    if fs.ret_ty != void {
                        return Err(ParseError::new(
                            at,
                            format!("value doesn't match function result type '{}'", self.type_name_of(fs.ret_ty)),
                        ));
                    }
                    (void, InstKind::Ret(None))
                } else {
                    let v = self.value_of(fs, ty)?;
                    if ty != fs.ret_ty {
                        self.note_pointee_blind();
                        return Err(ParseError::new(
                            at,
                            format!("value doesn't match function result type '{}'", self.type_name_of(fs.ret_ty)),
                        ));
                    }
                    (void, InstKind::Ret(Some(v)))
                }
            }
            Keyword::Br => {
                if self.is_kw(Keyword::Label) {
                    (void, InstKind::Br(self.label(fs)?))
                } else {
                    let i1 = self.m.types.int(1);
                    let ty = self.parse_type()?;
                    if ty != i1 {
                        return Err(ParseError::new(at, "branch condition must have type i1"));
                    }
                    let cond = self.value_of(fs, ty)?;
                    self.expect_comma()?;
                    let then_bb = self.label(fs)?;
                    self.expect_comma()?;
                    let else_bb = self.label(fs)?;
                    (void, InstKind::CondBr { cond, then_bb, else_bb })
                }
            }
            Keyword::Switch => {
                let (ty, cond) = self.typed_value(fs)?;
                self.expect_comma()?;
                let default = self.label(fs)?;
                self.expect(TokenKind::LSquare, "'[' before the switch cases")?;
                let mut cases = Vec::new();
                while !self.eat(TokenKind::RSquare)? {
                    let cat = self.span();
                    let c = self.parse_typed_const()?;
                    // LLVM's verifier: "Switch constants must all be same type as switch value!"
                    if self.m.consts[c].ty() != ty {
                        return Err(ParseError::new(
                            cat,
                            "switch constants must all be the same type as the switch value",
                        ));
                    }
                    self.expect_comma()?;
                    cases.push((c, self.label(fs)?));
                }
                (void, InstKind::Switch { ty, cond, default, cases: cases.into() })
            }
            Keyword::Indirectbr => {
                let (ty, addr) = self.typed_value(fs)?;
                self.expect_comma()?;
                let dests = self.label_list(fs)?;
                (void, InstKind::IndirectBr { ty, addr, dests: dests.into() })
            }
            Keyword::Invoke => {
                let (ret, call) = self.call_site(fs, at)?;
                self.expect_kw(Keyword::To)?;
                let normal = self.label(fs)?;
                self.expect_kw(Keyword::Unwind)?;
                let unwind = self.label(fs)?;
                (ret, InstKind::Invoke { call: Box::new(call), normal, unwind })
            }
            Keyword::Callbr => {
                let (ret, call) = self.call_site(fs, at)?;
                self.expect_kw(Keyword::To)?;
                let default = self.label(fs)?;
                let indirect = self.label_list(fs)?;
                (ret, InstKind::CallBr { call: Box::new(call), default, indirect: indirect.into() })
            }
            Keyword::Resume => {
                let (ty, v) = self.typed_value(fs)?;
                (void, InstKind::Resume(ty, v))
            }
            Keyword::Unreachable => (void, InstKind::Unreachable),
            Keyword::Cleanupret => {
                let pad = self.token_after(fs, Keyword::From)?;
                self.expect_kw(Keyword::Unwind)?;
                let unwind = self.unwind_dest(fs)?;
                (void, InstKind::CleanupRet { pad, unwind })
            }
            Keyword::Catchret => {
                let pad = self.token_after(fs, Keyword::From)?;
                self.expect_kw(Keyword::To)?;
                let target = self.label(fs)?;
                (void, InstKind::CatchRet { pad, target })
            }
            Keyword::Catchswitch => {
                let parent = self.token_after(fs, Keyword::Within)?;
                let handlers = self.label_list(fs)?;
                if handlers.is_empty() {
                    return Err(ParseError::new(at, "catchswitch needs at least one handler"));
                }
                self.expect_kw(Keyword::Unwind)?;
                let unwind = self.unwind_dest(fs)?;
                let token = self.m.types.intern(TypeData::Token);
                (token, InstKind::CatchSwitch { parent, handlers: handlers.into(), unwind })
            }
            Keyword::Catchpad | Keyword::Cleanuppad => {
                let parent = self.token_after(fs, Keyword::Within)?;
                let token = self.m.types.intern(TypeData::Token);
                self.expect(TokenKind::LSquare, "'['")?;
                let args = self.typed_values_until(fs, TokenKind::RSquare)?;
                let kind = if op == Keyword::Catchpad {
                    InstKind::CatchPad { parent, args: args.into() }
                } else {
                    InstKind::CleanupPad { parent, args: args.into() }
                };
                (token, kind)
            }
            Keyword::Landingpad => {
                let ty = self.parse_type()?;
                let cleanup = self.eat_kw(Keyword::Cleanup)?;
                let mut clauses = Vec::new();
                loop {
                    let filter = match self.tok.kind {
                        TokenKind::Keyword(Keyword::Catch) => false,
                        TokenKind::Keyword(Keyword::Filter) => true,
                        _ => break,
                    };
                    self.bump()?;
                    let (t, v) = self.typed_value(fs)?;
                    clauses.push((filter, t, v));
                }
                (ty, InstKind::LandingPad { cleanup, clauses })
            }
            Keyword::Fneg => {
                let fmf = self.fmf()?;
                let (ty, v) = self.typed_value(fs)?;
                (ty, InstKind::FNeg { fmf, op: v })
            }
            Keyword::Icmp => {
                let fl = if self.eat_kw(Keyword::Samesign)? { flags::SAMESIGN } else { 0 };
                let p = self.bump()?;
                let pred = IntPredicate::from_keyword(self.text(p))
                    .ok_or_else(|| ParseError::new(sp(p), "expected an icmp predicate"))?;
                let (ty, lhs) = self.typed_value(fs)?;
                self.expect_comma()?;
                let rhs = self.value_of(fs, ty)?;
                (self.cmp_result_type(ty), InstKind::ICmp { pred, flags: fl, ty, lhs, rhs })
            }
            Keyword::Fcmp => {
                let fmf = self.fmf()?;
                let p = self.bump()?;
                let pred = FloatPredicate::from_keyword(self.text(p))
                    .ok_or_else(|| ParseError::new(sp(p), "expected an fcmp predicate"))?;
                let (ty, lhs) = self.typed_value(fs)?;
                self.expect_comma()?;
                let rhs = self.value_of(fs, ty)?;
                (self.cmp_result_type(ty), InstKind::FCmp { pred, fmf, ty, lhs, rhs })
            }
            Keyword::Phi => {
                let fmf = self.fmf()?;
                let ty_at = sp(self.tok);
                let ty = self.parse_type()?;
                if !self.m.types.is_first_class(ty) {
                    return Err(ParseError::new(ty_at, "phi node must have first class type"));
                }
                let mut incoming = Vec::new();
                // A phi may have no incoming values (in a block nothing branches to).
                while self.tok.kind == TokenKind::LSquare {
                    self.expect(TokenKind::LSquare, "'[' in phi")?;
                    let v = self.value_of(fs, ty)?;
                    self.expect_comma()?;
                    let b = self.block_ref(fs)?;
                    self.expect(TokenKind::RSquare, "']' in phi")?;
                    incoming.push((v, b));
                    if !(self.tok.kind == TokenKind::Comma && self.lex.peek().kind == TokenKind::LSquare) {
                        break;
                    }
                    self.bump()?;
                }
                (ty, InstKind::Phi { fmf, incoming })
            }
            Keyword::Select => {
                let fmf = self.fmf()?;
                let (cond_ty, cond) = self.typed_value(fs)?;
                self.expect_comma()?;
                let (ty, then_v) = self.typed_value(fs)?;
                self.expect_comma()?;
                let (ty2, else_v) = self.typed_value(fs)?;
                if ty != ty2 {
                    return Err(ParseError::new(at, "select operands must have the same type"));
                }
                (ty, InstKind::Select { fmf, cond_ty, cond, then_v, else_v })
            }
            Keyword::Freeze => {
                let (ty, v) = self.typed_value(fs)?;
                (ty, InstKind::Freeze(v))
            }
            Keyword::Tail | Keyword::Musttail | Keyword::Notail | Keyword::Call => {
                let tail = match op {
                    Keyword::Tail => TailKind::Tail,
                    Keyword::Musttail => TailKind::MustTail,
                    Keyword::Notail => TailKind::NoTail,
                    _ => TailKind::None,
                };
                if tail != TailKind::None {
                    self.expect_kw(Keyword::Call)?;
                }
                let (ret, call) = self.call_site(fs, at)?;
                (ret, InstKind::Call { tail, call: Box::new(call) })
            }
            Keyword::VaArg => {
                let (list_ty, list) = self.typed_value(fs)?;
                self.expect_comma()?;
                let ty = self.parse_type()?;
                (ty, InstKind::VaArg { list_ty, list })
            }
            Keyword::Extractelement => {
                let (vec_ty, vec) = self.typed_value(fs)?;
                self.expect_comma()?;
                let (idx_ty, idx) = self.typed_value(fs)?;
                let TypeData::Vector { elem, .. } = self.m.types.get(vec_ty).clone() else {
                    return Err(ParseError::new(at, "invalid extractelement operands"));
                };
                (elem, InstKind::ExtractElement { vec_ty, vec, idx_ty, idx })
            }
            Keyword::Insertelement => {
                let (vec_ty, vec) = self.typed_value(fs)?;
                self.expect_comma()?;
                let (elt_ty, elt) = self.typed_value(fs)?;
                self.expect_comma()?;
                let (idx_ty, idx) = self.typed_value(fs)?;
                (
                    vec_ty,
                    InstKind::InsertElement(Box::new(crate::ir::instruction::InsertElement {
                        vec_ty,
                        vec,
                        elt_ty,
                        elt,
                        idx_ty,
                        idx,
                    })),
                )
            }
            Keyword::Shufflevector => {
                let (vec_ty, a) = self.typed_value(fs)?;
                self.expect_comma()?;
                let (_, b) = self.typed_value(fs)?;
                self.expect_comma()?;
                let (mask_ty, mask) = self.typed_value(fs)?;
                let (TypeData::Vector { elem, scalable, .. }, TypeData::Vector { len, .. }) =
                    (self.m.types.get(vec_ty).clone(), self.m.types.get(mask_ty).clone())
                else {
                    return Err(ParseError::new(at, "shufflevector needs vector operands"));
                };
                let ty = self.m.types.intern(TypeData::Vector { len, elem, scalable });
                (
                    ty,
                    InstKind::ShuffleVector(Box::new(crate::ir::instruction::ShuffleVector {
                        vec_ty,
                        a,
                        b,
                        mask_ty,
                        mask,
                    })),
                )
            }
            Keyword::Extractvalue | Keyword::Insertvalue => {
                let (agg_ty, agg) = self.typed_value(fs)?;
                let elt = if op == Keyword::Insertvalue {
                    self.expect_comma()?;
                    Some(self.typed_value(fs)?)
                } else {
                    None
                };
                let mut indices = Vec::new();
                while self.tok.kind == TokenKind::Comma && self.lex.peek().kind == TokenKind::Integer {
                    self.bump()?;
                    indices.push(self.parse_u32()?);
                }
                if indices.is_empty() {
                    return Err(ParseError::new(at, format!("{name} needs at least one index")));
                }
                let ety = self
                    .indexed_type(agg_ty, &indices)
                    .ok_or_else(|| ParseError::new(at, format!("invalid indices for {name}")))?;
                match elt {
                    None => (ety, InstKind::ExtractValue { agg_ty, agg, indices: indices.into() }),
                    Some((elt_ty, elt)) => {
                        if elt_ty != ety {
                            return Err(ParseError::new(at, "insertvalue operand and field types disagree"));
                        }
                        (
                            agg_ty,
                            InstKind::InsertValue(Box::new(crate::ir::instruction::InsertValue {
                                agg_ty,
                                agg,
                                elt_ty,
                                elt,
                                indices: indices.into(),
                            })),
                        )
                    }
                }
            }
            Keyword::Alloca => {
                let inalloca = self.eat_kw(Keyword::Inalloca)?;
                let swifterror = self.eat_kw(Keyword::Swifterror)?;
                let ty_at = sp(self.tok);
                let ty = self.parse_type()?;
                if matches!(
                    self.m.types.get(ty),
                    TypeData::Void | TypeData::Label | TypeData::Metadata | TypeData::Function { .. } | TypeData::Token
                ) {
                    return Err(ParseError::new(ty_at, "invalid type for alloca"));
                }
                let mut count = None;
                let mut align = None;
                let mut addr_space = None;
                while self.tok.kind == TokenKind::Comma && self.lex.peek().kind != TokenKind::MetadataVar {
                    self.bump()?;
                    match self.tok.kind {
                        TokenKind::Keyword(Keyword::Align) => {
                            self.bump()?;
                            align = Some(self.inst_align()?);
                        }
                        TokenKind::Keyword(Keyword::Addrspace) => addr_space = Some(self.parse_addrspace()?),
                        _ if count.is_none() && align.is_none() => count = Some(self.typed_value(fs)?),
                        _ => return self.err("expected 'align' or 'addrspace' in alloca"),
                    }
                }
                let ptr = self.ptr_to(ty, addr_space.unwrap_or(0));
                (ptr, InstKind::Alloca { ty, count, align, addr_space, inalloca, swifterror })
            }
            Keyword::Load => {
                let atomic = self.eat_kw(Keyword::Atomic)?;
                let volatile = self.eat_kw(Keyword::Volatile)?;
                let ty = self.parse_type()?;
                self.expect(TokenKind::Comma, "',' after the loaded type (load T, T* %p)")?;
                let pat = self.span();
                let (ptr_ty, ptr) = self.typed_value(fs)?;
                self.ptr_pointee_check(ptr_ty, ty, pat, "explicit pointee type doesn't match operand's pointee type")?;
                let atomic = if atomic { Some(self.scope_and_ordering()?) } else { None };
                let align = self.opt_align()?;
                (ty, InstKind::Load { ty, ptr_ty, ptr, align, volatile, atomic })
            }
            Keyword::Store => {
                let atomic = self.eat_kw(Keyword::Atomic)?;
                let volatile = self.eat_kw(Keyword::Volatile)?;
                // LLVM reports a mismatch at the stored value.
                let vat = self.span();
                let (ty, value) = self.typed_value(fs)?;
                self.expect_comma()?;
                let (ptr_ty, ptr) = self.typed_value(fs)?;
                self.ptr_pointee_check(ptr_ty, ty, vat, "stored value and pointer type do not match")?;
                let atomic = if atomic { Some(self.scope_and_ordering()?) } else { None };
                let align = self.opt_align()?;
                (void, InstKind::Store { ty, value, ptr_ty, ptr, align, volatile, atomic })
            }
            Keyword::Fence => (void, InstKind::Fence(self.scope_and_ordering()?)),
            Keyword::Cmpxchg => {
                let weak = self.eat_kw(Keyword::Weak)?;
                let volatile = self.eat_kw(Keyword::Volatile)?;
                let (ptr_ty, ptr) = self.typed_value(fs)?;
                self.expect_comma()?;
                let cat = self.span();
                let (ty, cmp) = self.typed_value(fs)?;
                self.ptr_pointee_check(ptr_ty, ty, cat, "compare value and pointer type do not match")?;
                self.expect_comma()?;
                let new = self.value_of_typed(fs, ty)?;
                let success = self.scope_and_ordering()?;
                let failure = self.ordering()?;
                let align = self.opt_align()?;
                let i1 = self.m.types.int(1);
                let rty =
                    self.m.types.intern(TypeData::Struct(StructBody { fields: vec![ty, i1].into(), packed: false }));
                (
                    rty,
                    InstKind::CmpXchg(Box::new(CmpXchg {
                        ptr_ty,
                        ptr,
                        ty,
                        cmp,
                        new,
                        success,
                        failure,
                        weak,
                        volatile,
                        align,
                    })),
                )
            }
            Keyword::Atomicrmw => {
                let volatile = self.eat_kw(Keyword::Volatile)?;
                let o = self.bump()?;
                let rop = RmwOp::from_keyword(self.text(o))
                    .ok_or_else(|| ParseError::new(sp(o), "expected an atomicrmw operation"))?;
                let (ptr_ty, ptr) = self.typed_value(fs)?;
                self.expect_comma()?;
                let vat = self.span();
                let (ty, value) = self.typed_value(fs)?;
                self.ptr_pointee_check(ptr_ty, ty, vat, "atomicrmw value and pointer type do not match")?;
                let atomic = self.scope_and_ordering()?;
                let align = self.opt_align()?;
                (ty, InstKind::AtomicRmw { op: rop, ptr_ty, ptr, ty, value, atomic, volatile, align })
            }
            Keyword::Getelementptr => {
                let fl = self.gep_flags()?;
                let source_ty = self.parse_type()?;
                self.expect(TokenKind::Comma, "',' after the source element type (getelementptr T, T* %p, …)")?;
                // Operands, their types and constant indices gather in buffers kept across
                // instructions; the instruction gets one exact-size copy.
                let (mut ops, mut tys, mut idx) =
                    (std::mem::take(&mut fs.gep_ops), std::mem::take(&mut fs.gep_tys), std::mem::take(&mut fs.gep_idx));
                ops.clear();
                ops.push(self.typed_value(fs)?);
                while self.tok.kind == TokenKind::Comma && self.lex.peek().kind != TokenKind::MetadataVar {
                    self.bump()?;
                    ops.push(self.typed_value(fs)?);
                }
                tys.clear();
                tys.extend(ops.iter().map(|(t, _)| *t));
                idx.clear();
                idx.extend(ops[1..].iter().map(|(_, v)| match v {
                    Value::Const(c) => self.const_index(*c),
                    _ => None,
                }));
                let ty = self.gep_result_type(source_ty, &tys, &idx, at)?;
                let operands = ops.to_vec();
                (fs.gep_ops, fs.gep_tys, fs.gep_idx) = (ops, tys, idx);
                (ty, InstKind::GetElementPtr { source_ty, flags: fl, operands })
            }
            _ => {
                return Err(ParseError::new(at, format!("expected an instruction opcode, found '{name}'")).hint(
                    if op.in_llvm7() {
                        String::new()
                    } else {
                        format!("'{name}' is newer syntax than LLVM 7.0.1 reads")
                    },
                ))
            }
        })
    }

    fn value_of_typed(&mut self, fs: &mut FnState, ty: TypeId) -> PResult<Value> {
        let t = self.parse_type()?;
        if t != ty {
            return self.err("cmpxchg operands must have the same type");
        }
        self.value_of(fs, ty)
    }

    /// `kw %pad` / `kw none`: a token operand of the EH pads.
    fn token_after(&mut self, fs: &mut FnState, kw: Keyword) -> PResult<Value> {
        self.expect_kw(kw)?;
        let token = self.m.types.intern(TypeData::Token);
        self.value_of(fs, token)
    }

    /// `T v, T v, …` up to `close` (consumed), possibly empty.
    fn typed_values_until(&mut self, fs: &mut FnState, close: TokenKind) -> PResult<Vec<(TypeId, Value)>> {
        let mut out = Vec::new();
        if self.eat(close)? {
            return Ok(out);
        }
        loop {
            out.push(self.typed_value(fs)?);
            if self.eat(close)? {
                return Ok(out);
            }
            self.expect_comma()?;
        }
    }

    /// `[label %a, label %b]`, possibly empty.
    fn label_list(&mut self, fs: &mut FnState) -> PResult<Vec<BlockId>> {
        self.expect(TokenKind::LSquare, "'['")?;
        let mut out = Vec::new();
        if self.eat(TokenKind::RSquare)? {
            return Ok(out);
        }
        loop {
            out.push(self.label(fs)?);
            if self.eat(TokenKind::RSquare)? {
                return Ok(out);
            }
            self.expect_comma()?;
        }
    }

    fn unwind_dest(&mut self, fs: &mut FnState) -> PResult<Option<BlockId>> {
        if self.eat_kw(Keyword::To)? {
            self.expect_kw(Keyword::Caller)?;
            return Ok(None);
        }
        Ok(Some(self.label(fs)?))
    }

    /// `[fmf] [cc] [ret attrs] [addrspace(N)] T callee(args) [fn attrs] [bundles]`.
    fn call_site(&mut self, fs: &mut FnState, at: Span) -> PResult<(TypeId, CallSite)> {
        let fmf = self.fmf()?;
        let cc = self.calling_conv()?;
        let ret_attrs = self.param_attrs()?;
        let addr_space = if self.is_kw(Keyword::Addrspace) { Some(self.parse_addrspace()?) } else { None };
        let ty = self.parse_type()?;
        let callee_at = self.span();
        let callee = self.parse_val_id()?;
        self.expect(TokenKind::LParen, "'(' to start the call arguments")?;
        // Gathered in a vector, then kept at their exact size.
        let mut args = Vec::new();
        if !self.eat(TokenKind::RParen)? {
            loop {
                if self.tok.kind == TokenKind::DotDotDot {
                    // `...` in a musttail call's argument list.
                    self.bump()?;
                    self.expect(TokenKind::RParen, "')'")?;
                    break;
                }
                let aty = self.parse_type()?;
                let attrs = self.param_attrs()?;
                let value = if matches!(self.m.types.get(aty), TypeData::Metadata) {
                    self.metadata_arg(fs)?
                } else {
                    self.value_of(fs, aty)?
                };
                args.push(CallArg { ty: aty, value, attrs });
                if self.eat(TokenKind::RParen)? {
                    break;
                }
                self.expect(TokenKind::Comma, "',' or ')' in the call arguments")?;
            }
        }
        let (fn_ty, explicit) = match self.m.types.get(ty) {
            TypeData::Function { .. } => (ty, true),
            _ => (self.implied_fn_type(ty, &args, &callee), false),
        };
        let TypeData::Function { ret, params, vararg } = self.m.types.get(fn_ty) else { unreachable!() };
        let (ret, arity, vararg) = (*ret, params.len(), *vararg);
        let mismatch = args.iter().zip(params.iter()).position(|(a, p)| a.ty != *p).map(|i| (i, params[i]));
        if args.len() < arity || (!vararg && args.len() != arity) {
            return Err(ParseError::new(
                at,
                format!("call passes {} arguments to a function of type '{}'", args.len(), self.type_name_of(fn_ty)),
            ));
        }
        if let Some((i, p)) = mismatch {
            return Err(ParseError::new(
                at,
                format!(
                    "argument {i} has type '{}', the callee expects '{}'",
                    self.type_name_of(args[i].ty),
                    self.type_name_of(p)
                ),
            ));
        }
        let callee = match callee {
            ValId::Asm { side_effect, align_stack, intel, unwind, asm, constraints } => {
                Value::Asm(self.m.asms.insert(InlineAsm {
                    ty: fn_ty,
                    asm,
                    constraints,
                    side_effect,
                    align_stack,
                    intel,
                    unwind,
                }))
            }
            other => {
                let pty = self.ptr_to(fn_ty, addr_space.unwrap_or(self.program_space));
                self.value(fs, other, pty, callee_at)?
            }
        };
        let mut extras = FnAttrExtras::default();
        let fn_attrs = self.parse_attrs(AttrPlace::Call, &mut extras)?;
        let fn_attrs = self.attr_set(fn_attrs);
        let mut bundles = Vec::new();
        if self.tok.kind == TokenKind::LSquare {
            self.bump()?;
            loop {
                let tag = self.parse_string_utf8()?;
                self.expect(TokenKind::LParen, "'(' after the bundle tag")?;
                let inputs = self.typed_values_until(fs, TokenKind::RParen)?;
                bundles.push(Bundle { tag, inputs });
                if self.eat(TokenKind::RSquare)? {
                    break;
                }
                self.expect_comma()?;
            }
        }
        if !extras.groups.is_empty() {
            fs.pending_groups = Some((fn_attrs, extras.groups));
        }
        let call = CallSite {
            cc,
            fmf,
            ret_attrs,
            fn_ty,
            explicit_fn_ty: explicit,
            callee,
            args: crate::ir::thin_exact(args),
            fn_attrs,
            bundles: crate::ir::thin_exact(bundles),
            addr_space,
        };
        Ok((ret, call))
    }

    /// The function type a call written with only its return type implies. A direct call to a
    /// defined function usually matches that function's type, found without building a new one.
    fn implied_fn_type(&mut self, ret: TypeId, args: &[CallArg], callee: &ValId) -> TypeId {
        if let ValId::Global(s) = callee {
            if let Some(GlobalDef::Func(f)) = self.m.symbols[*s].def {
                let fty = self.m.functions[f].ty;
                if let TypeData::Function { ret: r, params, vararg: false } = self.m.types.get(fty) {
                    if *r == ret && params.len() == args.len() && params.iter().zip(args).all(|(p, a)| *p == a.ty) {
                        return fty;
                    }
                }
            }
        }
        // Otherwise the type last built for a call to the same global (the same callee is called
        // the same way again and again), checked like the definition's.
        let cached = match callee {
            ValId::Global(s) => self.call_fn_tys.get(s.index()).copied().flatten().map(|t| (*s, t)),
            _ => None,
        };
        if let Some((_, fty)) = cached {
            if let TypeData::Function { ret: r, params, vararg: false } = self.m.types.get(fty) {
                if *r == ret && params.len() == args.len() && params.iter().zip(args).all(|(p, a)| *p == a.ty) {
                    return fty;
                }
            }
        }
        let mut params = std::mem::take(&mut self.type_params);
        params.clear();
        params.extend(args.iter().map(|a| a.ty));
        let fty = self.m.types.function_of(ret, &params, false);
        self.type_params = params;
        if let ValId::Global(s) = callee {
            if self.call_fn_tys.len() <= s.index() {
                self.call_fn_tys.resize(s.index() + 1, None);
            }
            self.call_fn_tys[s.index()] = Some(fty);
        }
        fty
    }

    /// `#dbg_value(…)` and its kin (LLVM 19): metadata operands, attached to the next instruction.
    fn debug_record(&mut self, fs: &mut FnState) -> PResult<DebugRecord> {
        self.expect(TokenKind::Hash, "'#'")?;
        let w = self.bump()?;
        let kind = match self.text(w) {
            "dbg_value" => DebugRecordKind::Value,
            "dbg_declare" => DebugRecordKind::Declare,
            "dbg_assign" => DebugRecordKind::Assign,
            "dbg_label" => DebugRecordKind::Label,
            other => {
                return Err(ParseError::new(
                    sp(w),
                    format!(
                        "expected a debug record kind (dbg_value, dbg_declare, dbg_assign, dbg_label), found '{other}'"
                    ),
                ))
            }
        };
        self.expect(TokenKind::LParen, "'(' after the debug record kind")?;
        let mut operands = Vec::new();
        loop {
            operands.push(self.metadata_arg(fs)?);
            if self.eat(TokenKind::RParen)? {
                break;
            }
            self.expect_comma()?;
        }
        let want = match kind {
            DebugRecordKind::Value | DebugRecordKind::Declare => 4,
            DebugRecordKind::Assign => 7,
            DebugRecordKind::Label => 2,
        };
        if operands.len() != want {
            return Err(ParseError::new(
                sp(w),
                format!("#{} takes {want} operands, found {}", kind.keyword(), operands.len()),
            ));
        }
        Ok(DebugRecord { kind, operands: operands.into() })
    }

    /// A `metadata` argument: a node, a string, or a (local) value as metadata.
    fn metadata_arg(&mut self, fs: &mut FnState) -> PResult<Value> {
        let t = self.tok;
        match t.kind {
            TokenKind::MetadataVar if self.value_bytes(t).as_ref() == b"DIArgList" => {
                self.bump()?;
                self.expect(TokenKind::LParen, "'('")?;
                let args = self.typed_values_until(fs, TokenKind::RParen)?;
                Ok(Value::LocalMd(fs.local_md.push(LocalMd::ArgList(args))))
            }
            TokenKind::MetadataId(_) | TokenKind::MetadataString | TokenKind::Exclaim | TokenKind::MetadataVar => {
                match self.md_operand()? {
                    Some(id) => Ok(Value::Md(id)),
                    None => self.err("expected metadata"),
                }
            }
            _ => {
                self.md_type_at = t.start as usize;
                let (ty, v) = self.typed_value(fs)?;
                Ok(match v {
                    Value::Const(c) => Value::Md(self.m.metadata.intern(MdNode::Value(ty, Value::Const(c)))),
                    other => Value::LocalMd(fs.local_md.push(LocalMd::Value(ty, other))),
                })
            }
        }
    }
}

/// The undefined name LLVM's readers report first: the least name, then (none named) the least
/// number; the first use in the text among equals.
pub(super) fn first_undefined(names: impl Iterator<Item = (String, Span)>) -> Option<(String, Span)> {
    let key = |name: &str, at: Span| {
        let number = (!name.is_empty() && name.bytes().all(|b| b.is_ascii_digit())).then(|| {
            // Compared by length first: a number of any size, no overflow.
            let trimmed = name.trim_start_matches('0');
            (trimmed.len(), trimmed.to_string())
        });
        (number.is_some(), number, name.to_string(), at.start)
    };
    names.min_by_key(|(name, at)| key(name, *at))
}

/// Both readers refuse a hidden or protected symbol of local linkage where they read its header
/// (measured, `localdll/*_hidden`, `*_protected`).
fn local_visibility(props: &GlobalProps, at: nvir_diag::Span) -> PResult<()> {
    if matches!(props.linkage, Linkage::Internal | Linkage::Private) && props.visibility != Visibility::Default {
        return Err(ParseError::new(at, "symbol with local linkage must have default visibility"));
    }
    Ok(())
}
