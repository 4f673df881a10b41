//! The module: top-level entities and the arenas they share.

use super::arena::{Arena, Handle, UniqueArena};
use super::attrs::{AttrSet, AttrSetId};
use super::constant::{ConstData, ConstId};
use super::function::Function;
use super::instruction::Align;
use super::metadata::{MdAttachment, Metadata};
use super::types::{TypeId, Types};
use super::value::Str;
use thin_vec::ThinVec;

/// A global variable.
pub type GlobalVarId = Handle<GlobalVar>;
/// A function.
pub type FuncId = Handle<Function>;
/// An alias.
pub type AliasId = Handle<Alias>;
/// An ifunc.
pub type IFuncId = Handle<IFunc>;
/// An inline-assembly value.
pub type AsmId = Handle<InlineAsm>;

/// A global name (`@x`): what constants and operands refer to. A name may be used before its
/// definition is read; `def` is set when it is.
pub type SymbolId = Handle<Symbol>;

/// A global name and what it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// The name without `@` (digits for numbered globals). Readers give a global variable,
    /// alias or ifunc the same text as its name ([`Str`] is shared), not a copy.
    pub name: Str,
    /// The definition; `None` only while a parse has seen uses and no definition.
    pub def: Option<GlobalDef>,
}

/// What a global name is defined as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GlobalDef {
    /// A global variable.
    Var(GlobalVarId),
    /// A function.
    Func(FuncId),
    /// An alias.
    Alias(AliasId),
    /// An ifunc.
    IFunc(IFuncId),
}

/// A block named in a `blockaddress`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum BlockName {
    /// `%name`.
    Named(Box<str>),
    /// `%3`.
    Numbered(u32),
}

keyword_enum! {
    /// Linkage.
    Linkage: External {
        /// (external, the default)
        External = "", /// `private`
        Private = "private", /// `internal`
        Internal = "internal", /// `available_externally`
        AvailableExternally = "available_externally", /// `linkonce`
        LinkOnce = "linkonce", /// `weak`
        Weak = "weak", /// `common`
        Common = "common", /// `appending`
        Appending = "appending", /// `extern_weak`
        ExternWeak = "extern_weak", /// `linkonce_odr`
        LinkOnceOdr = "linkonce_odr", /// `weak_odr`
        WeakOdr = "weak_odr", /// `external` written out
        ExternalExplicit = "external",
    }
}

keyword_enum! {
    /// Visibility.
    Visibility: Default {
        /// (default)
        Default = "", /// `hidden`
        Hidden = "hidden", /// `protected`
        Protected = "protected",
    }
}

keyword_enum! {
    /// DLL storage class.
    DllStorage: None {
        /// (none)
        None = "", /// `dllimport`
        Import = "dllimport", /// `dllexport`
        Export = "dllexport",
    }
}

keyword_enum! {
    /// `unnamed_addr`.
    UnnamedAddr: None {
        /// (none)
        None = "", /// `unnamed_addr`
        Global = "unnamed_addr", /// `local_unnamed_addr`
        Local = "local_unnamed_addr",
    }
}

keyword_enum! {
    /// Thread-local mode.
    ThreadLocal: None {
        /// (not thread-local)
        None = "", /// `thread_local`
        GeneralDynamic = "thread_local", /// `thread_local(localdynamic)`
        LocalDynamic = "thread_local(localdynamic)", /// `thread_local(initialexec)`
        InitialExec = "thread_local(initialexec)", /// `thread_local(localexec)`
        LocalExec = "thread_local(localexec)",
    }
}

keyword_enum! {
    /// `dso_local` / `dso_preemptable` (LLVM 7+).
    Preemption: Unspecified {
        /// (unspecified)
        Unspecified = "", /// `dso_local`
        DsoLocal = "dso_local", /// `dso_preemptable`
        DsoPreemptable = "dso_preemptable",
    }
}

/// What functions, variables, aliases and ifuncs share.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GlobalProps {
    /// Linkage.
    pub linkage: Linkage,
    /// `dso_local`.
    pub preemption: Preemption,
    /// Visibility.
    pub visibility: Visibility,
    /// DLL storage.
    pub dll: DllStorage,
    /// Thread-local mode.
    pub thread_local: ThreadLocal,
    /// `unnamed_addr`.
    pub unnamed_addr: UnnamedAddr,
    /// `addrspace(N)`.
    pub addr_space: u32,
    /// The name is digits written quoted (`@"3"`): a named global, where `@3` is the fourth
    /// unnamed one. Both keep the digits as their name.
    pub numeric_name: bool,
    /// Whether `addrspace(N)` was written.
    pub explicit_addr_space: bool,
    /// `align N` (one byte: 16 with the alignment in bytes, on every global and function).
    pub align: Option<Align>,
    /// What few globals have (`section`, `partition`, `comdat`, metadata attachments,
    /// `code_model`), boxed; `None` when it has none of it. Read it with
    /// [`GlobalProps::section`], [`GlobalProps::metadata`], … and change it with
    /// [`GlobalProps::edit_rare`].
    pub rare: Option<Box<GlobalRare>>,
}

/// The parts of a global few globals have ([`GlobalProps::rare`]): boxed, the shared
/// properties are 24 bytes instead of 48, and a global variable 56 instead of 96 (1M
/// declarations: 40 MB less).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GlobalRare {
    /// `section "…"`.
    pub section: Option<Str>,
    /// `partition "…"`.
    pub partition: Option<Str>,
    /// `comdat` / `comdat($name)`: the comdat's name.
    pub comdat: Option<Str>,
    /// `code_model "…"` (LLVM 18+; global variables only).
    pub code_model: Option<Str>,
    /// Attachments (`!dbg !3`).
    pub metadata: ThinVec<MdAttachment>,
}

impl GlobalRare {
    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.section.is_none()
            && self.partition.is_none()
            && self.comdat.is_none()
            && self.code_model.is_none()
            && self.metadata.is_empty()
    }
}

impl GlobalProps {
    /// `section "…"`.
    pub fn section(&self) -> Option<&Str> {
        self.rare.as_ref()?.section.as_ref()
    }
    /// `partition "…"`.
    pub fn partition(&self) -> Option<&Str> {
        self.rare.as_ref()?.partition.as_ref()
    }
    /// `comdat` / `comdat($name)`: the comdat's name.
    pub fn comdat(&self) -> Option<&Str> {
        self.rare.as_ref()?.comdat.as_ref()
    }
    /// `code_model "…"` (LLVM 18+; global variables only).
    pub fn code_model(&self) -> Option<&Str> {
        self.rare.as_ref()?.code_model.as_ref()
    }
    /// Attachments (`!dbg !3`).
    pub fn metadata(&self) -> &[MdAttachment] {
        self.rare.as_ref().map_or(&[], |r| &r.metadata[..])
    }
    /// Changes the rare parts ([`GlobalProps::rare`]); the box is made only when something is
    /// put in it and goes when nothing is left in it, so that equal globals stay equal.
    pub fn edit_rare<R>(&mut self, edit: impl FnOnce(&mut GlobalRare) -> R) -> R {
        match self.rare.take() {
            Some(mut rare) => {
                let out = edit(&mut rare);
                if !rare.is_empty() {
                    self.rare = Some(rare);
                }
                out
            }
            None => {
                let mut rare = GlobalRare::default();
                let out = edit(&mut rare);
                if !rare.is_empty() {
                    self.rare = Some(Box::new(rare));
                }
                out
            }
        }
    }
    /// Sets `section "…"`.
    pub fn set_section(&mut self, section: Option<Str>) {
        self.edit_rare(|r| r.section = section)
    }
    /// Sets `partition "…"`.
    pub fn set_partition(&mut self, partition: Option<Str>) {
        self.edit_rare(|r| r.partition = partition)
    }
    /// Sets the comdat's name.
    pub fn set_comdat(&mut self, comdat: Option<Str>) {
        self.edit_rare(|r| r.comdat = comdat)
    }
    /// Sets `code_model "…"`.
    pub fn set_code_model(&mut self, code_model: Option<Str>) {
        self.edit_rare(|r| r.code_model = code_model)
    }
}

/// A global variable.
#[derive(Debug, Clone, PartialEq)]
pub struct GlobalVar {
    /// Name without `@` (digits for numbered ones).
    pub name: Str,
    /// Shared properties (`code_model "…"` among their rare parts).
    pub props: GlobalProps,
    /// `externally_initialized`.
    pub externally_initialized: bool,
    /// `constant` rather than `global`.
    pub is_constant: bool,
    /// Sanitizer flags (LLVM 15+), [`sanitizer`] bits: `no_sanitize_address`, … .
    pub sanitizer: u8,
    /// The value type.
    pub ty: TypeId,
    /// Initializer; `None` for declarations.
    pub init: Option<ConstId>,
    /// Attributes (LLVM 11+ `#0` on globals).
    pub attrs: AttrSetId,
    /// Where its definition starts in the text it was read from.
    pub source: Option<u32>,
}

/// A global variable's sanitizer flags, as bitcode numbers them.
pub mod sanitizer {
    /// `no_sanitize_address`.
    pub const NO_ADDRESS: u8 = 1;
    /// `no_sanitize_hwaddress`.
    pub const NO_HWADDRESS: u8 = 2;
    /// `sanitize_memtag`.
    pub const MEMTAG: u8 = 4;
    /// `sanitize_address_dyninit`.
    pub const DYN_INIT: u8 = 8;
    /// The keywords, by flag, in LLVM's printing order.
    pub const KEYWORDS: [(u8, &str); 4] = [
        (NO_ADDRESS, "no_sanitize_address"),
        (NO_HWADDRESS, "no_sanitize_hwaddress"),
        (MEMTAG, "sanitize_memtag"),
        (DYN_INIT, "sanitize_address_dyninit"),
    ];
}

/// An alias.
#[derive(Debug, Clone, PartialEq)]
pub struct Alias {
    /// Name.
    pub name: Str,
    /// Shared properties.
    pub props: GlobalProps,
    /// The value type.
    pub ty: TypeId,
    /// The aliasee.
    pub aliasee: ConstId,
}

/// An ifunc.
#[derive(Debug, Clone, PartialEq)]
pub struct IFunc {
    /// Name.
    pub name: Str,
    /// Shared properties.
    pub props: GlobalProps,
    /// The value type.
    pub ty: TypeId,
    /// The resolver.
    pub resolver: ConstId,
}

/// Inline assembly.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InlineAsm {
    /// The function type.
    pub ty: TypeId,
    /// The assembly.
    pub asm: Box<[u8]>,
    /// The constraints.
    pub constraints: Box<[u8]>,
    /// `sideeffect`.
    pub side_effect: bool,
    /// `alignstack`.
    pub align_stack: bool,
    /// `inteldialect`.
    pub intel: bool,
    /// `unwind` (LLVM 13+).
    pub unwind: bool,
}

impl InlineAsm {
    /// The call arguments its constraints take indirectly (`"*m"`, `"=*m"`), by argument index:
    /// with opaque pointers each needs `elementtype(T)`.
    pub fn indirect_operands(&self) -> Vec<usize> {
        let mut out = Vec::new();
        let mut arg = 0;
        for c in self.constraints.split(|&b| b == b',') {
            if c.first() == Some(&b'~') {
                continue;
            }
            let (output, rest) = match c.first() {
                Some(b'=') => (true, &c[1..]),
                _ => (false, c),
            };
            let rest = rest.strip_prefix(b"&").unwrap_or(rest);
            let indirect = rest.first() == Some(&b'*');
            if output && !indirect {
                continue;
            }
            if indirect {
                out.push(arg);
            }
            arg += 1;
        }
        out
    }
}

/// A comdat: `$name = comdat any`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comdat {
    /// Name without `$`.
    pub name: Box<str>,
    /// `any`, `exactmatch`, `largest`, `nodeduplicate`/`noduplicates`, `samesize`.
    pub kind: Box<str>,
}

/// Counts, for `nvir print --stats` and benchmarks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    /// Functions (definitions and declarations).
    pub functions: usize,
    /// Global variables.
    pub globals: usize,
    /// Basic blocks.
    pub blocks: usize,
    /// Instructions.
    pub instructions: usize,
    /// Distinct types.
    pub types: usize,
    /// Distinct constants.
    pub constants: usize,
    /// Metadata nodes.
    pub metadata: usize,
}

/// Names numbered in the order first added, looked up by hashing (equal when equal in order).
#[derive(Debug, Clone, Default)]
pub struct Names(indexmap::IndexSet<Box<str>, rustc_hash::FxBuildHasher>);

impl Names {
    /// The number of a name, added if new.
    pub fn intern(&mut self, name: &str) -> u32 {
        match self.0.get_index_of(name) {
            Some(i) => i as u32,
            None => self.0.insert_full(name.into()).0 as u32,
        }
    }

    /// The name numbered `i`.
    pub fn get(&self, i: u32) -> Option<&str> {
        self.0.get_index(i as usize).map(|s| &**s)
    }

    /// How many names there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The names in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &str> {
        self.0.iter().map(|s| &**s)
    }
}

impl PartialEq for Names {
    fn eq(&self, other: &Names) -> bool {
        self.0.as_slice() == other.0.as_slice()
    }
}

/// A module. Two modules are equal when they are equal handle for handle: the same entities in
/// the same arenas at the same places.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Module {
    /// `source_filename = "…"`.
    pub source_filename: Option<Box<[u8]>>,
    /// `target datalayout = "…"`.
    pub data_layout: Option<Box<[u8]>>,
    /// `target triple = "…"`.
    pub triple: Option<Box<[u8]>>,
    /// `module asm "…"` lines.
    pub module_asm: Vec<Box<[u8]>>,
    /// Types.
    pub types: Types,
    /// Constants.
    pub consts: UniqueArena<ConstData>,
    /// Attribute sets.
    pub attrs: UniqueArena<AttrSet>,
    /// Inline assembly values.
    pub asms: UniqueArena<InlineAsm>,
    /// Metadata.
    pub metadata: Metadata,
    /// Global variables, in written order.
    pub globals: Arena<GlobalVar>,
    /// Functions, in written order.
    pub functions: Arena<Function>,
    /// Aliases.
    pub aliases: Arena<Alias>,
    /// Ifuncs.
    pub ifuncs: Arena<IFunc>,
    /// Comdats.
    pub comdats: Vec<Comdat>,
    /// Global names.
    pub symbols: Arena<Symbol>,
    /// `syncscope("…")` names, indexed by [`crate::ir::instruction::Atomic::scope`].
    pub sync_scopes: Names,
    /// ThinLTO summary entries (`^0 = module: (…)`, `^3 = gv: (…)`, `^9 = flags: 8`) as written:
    /// the IR does not model the summary, and printing them back gives LLVM the same index.
    pub summary: Vec<Box<[u8]>>,
    /// In text it was read from, the first numbered global or value whose number skips some
    /// (`@0` then `@2`): LLVM 19+ syntax, which LLVM 18 and older refuse and the IR does not
    /// otherwise keep (values are numbered afresh).
    pub misnumbered: Option<Misnumbered>,
    /// In text it was read from, where some constants are first written (see [`FirstWritten`]).
    pub first_written: FirstWritten,
    /// In text it was read from, each `attributes #N = { … }` group where it is written, with
    /// its attributes: a reader older than an attribute stops at the group, not where the
    /// group is used. Bitcode and built modules have none.
    pub attr_group_sources: Vec<AttrGroupSource>,
}

/// Where constructs some reader does not know are first written in the text a module was read
/// from: that reader stops there, and the IR keeps no place for them (a `splat (…)` not even its
/// spelling, a use-list order nothing at all). Bitcode and built modules have none.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FirstWritten {
    /// `splat (T v)` (LLVM 19).
    pub splat: Option<u32>,
    /// `poison` (LLVM 12).
    pub poison: Option<u32>,
    /// `no_cfi @f` (LLVM 14).
    pub no_cfi: Option<u32>,
    /// A `fneg (…)` constant expression (LLVM 8…16).
    pub fneg: Option<u32>,
    /// A `ptrtoaddr (…)` constant expression (LLVM 22).
    pub ptrtoaddr: Option<u32>,
    /// A top-level `uselistorder_bb` (LLVM 3.7…21; LLVM 22's reader has none).
    pub uselistorder_bb: Option<u32>,
}

impl FirstWritten {
    /// Notes one written at `at` in `slot` (the earliest is kept).
    pub fn note(slot: &mut Option<u32>, at: u32) {
        if slot.is_none_or(|first| at < first) {
            *slot = Some(at);
        }
    }
    /// Takes in what a reader of another part of the same text found.
    pub fn merge(&mut self, other: &FirstWritten) {
        for (slot, o) in [
            (&mut self.splat, other.splat),
            (&mut self.poison, other.poison),
            (&mut self.no_cfi, other.no_cfi),
            (&mut self.fneg, other.fneg),
            (&mut self.ptrtoaddr, other.ptrtoaddr),
            (&mut self.uselistorder_bb, other.uselistorder_bb),
        ] {
            if let Some(at) = o {
                FirstWritten::note(slot, at);
            }
        }
    }
}

/// An attribute group as written (see [`Module::attr_group_sources`]).
#[derive(Debug, Clone, PartialEq)]
pub struct AttrGroupSource {
    /// The byte offset of `attributes`.
    pub at: u32,
    /// Its attributes, in written order.
    pub attrs: Box<[crate::ir::attrs::Attr]>,
}

/// A number written past the next one (see [`Module::misnumbered`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Misnumbered {
    /// The byte offset of the numbered name.
    pub at: u32,
    /// What it names, as LLVM's reader says: "variable" (a global variable, alias or ifunc),
    /// "function" or "instruction".
    pub what: &'static str,
    /// The number LLVM 18 and older expect there.
    pub expected: u32,
}

impl Module {
    /// The index width of address space `space`, from the datalayout's
    /// `p[n]:size:abi[:pref[:index]]` (its size without an index; 64 bits without an entry): the
    /// width of `getelementptr`'s indices into it and of `ptrtoaddr`'s result.
    pub fn index_bits(&self, space: u32) -> u32 {
        let Some(layout) = self.data_layout.as_deref() else { return 64 };
        for spec in layout.split(|&b| b == b'-') {
            let Some(rest) = spec.strip_prefix(b"p") else { continue };
            let mut parts = rest.split(|&b| b == b':');
            let n = parts.next().unwrap_or(b"");
            let n: u32 = if n.is_empty() {
                0
            } else {
                std::str::from_utf8(n).ok().and_then(|n| n.parse().ok()).unwrap_or(u32::MAX)
            };
            if n != space {
                continue;
            }
            let nums: Vec<u32> = parts.filter_map(|p| std::str::from_utf8(p).ok()?.parse().ok()).collect();
            return match nums[..] {
                [_, _, _, index, ..] => index,
                [size, ..] => size,
                [] => 64,
            }
            .clamp(1, 64);
        }
        64
    }

    /// An empty module.
    pub fn new() -> Self {
        let mut m = Module::default();
        m.attrs.insert(AttrSet::default());
        m
    }

    /// The shared properties of what a global name is defined as (`None` while undefined).
    pub fn global_props(&self, sym: SymbolId) -> Option<&GlobalProps> {
        Some(match self.symbols[sym].def? {
            GlobalDef::Var(v) => &self.globals[v].props,
            GlobalDef::Func(f) => &self.functions[f].props,
            GlobalDef::Alias(a) => &self.aliases[a].props,
            GlobalDef::IFunc(i) => &self.ifuncs[i].props,
        })
    }

    /// The empty attribute set.
    pub fn no_attrs(&mut self) -> AttrSetId {
        self.attrs.insert(AttrSet::default())
    }

    /// Interns a constant.
    pub fn constant(&mut self, c: ConstData) -> ConstId {
        self.consts.insert(c)
    }

    /// Shares the types, constants and attribute sets present with every copy of the module
    /// made from now on (by `clone`: a reader's threads) rather than copying them into each;
    /// what a copy adds is its own.
    pub(crate) fn share_tables(&mut self) {
        self.types.share();
        self.consts.share();
        self.attrs.share();
    }

    /// The sync scope of a name, added if new; `None` past [`super::instruction::ScopeId::LIMIT`]
    /// names (LLVM holds at most 255).
    pub fn sync_scope(&mut self, name: &str) -> Option<super::instruction::ScopeId> {
        super::instruction::ScopeId::new(self.sync_scopes.intern(name))
    }

    /// The type of a constant.
    pub fn const_ty(&self, c: ConstId) -> TypeId {
        self.consts[c].ty()
    }

    /// Counts.
    pub fn stats(&self) -> Stats {
        Stats {
            functions: self.functions.len(),
            globals: self.globals.len(),
            blocks: self.functions.iter().map(|(_, f)| f.layout.len()).sum(),
            instructions: self.functions.iter().map(|(_, f)| f.instruction_count()).sum(),
            types: self.types.len(),
            constants: self.consts.len(),
            metadata: self.metadata.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::metadata::{MdId, MdKind};

    #[test]
    fn a_global_boxes_its_rare_parts_only_while_it_has_them() {
        let mut p = GlobalProps::default();
        p.set_section(None);
        assert!(p.rare.is_none());
        p.set_section(Some("s".into()));
        p.set_comdat(Some("c".into()));
        assert_eq!(p.section().map(|s| s.as_str()), Some("s"));
        assert_eq!(p.comdat().map(|s| s.as_str()), Some("c"));
        assert!(p.partition().is_none() && p.code_model().is_none() && p.metadata().is_empty());
        p.set_section(None);
        assert!(p.rare.is_some());
        p.set_comdat(None);
        assert_eq!(p, GlobalProps::default());
        let a = MdAttachment { kind: MdKind(0), node: MdId::from_index(3) };
        p.edit_rare(|r| r.metadata.push(a));
        assert_eq!(p.metadata(), &[a]);
        p.set_code_model(Some("large".into()));
        p.edit_rare(|r| r.metadata.retain(|x| x.node != a.node));
        assert!(p.metadata().is_empty() && p.rare.is_some());
        p.set_code_model(None);
        assert!(p.rare.is_none());
    }
}
