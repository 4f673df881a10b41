//! Functions: parameters, blocks and an instruction arena per function.

use super::arena::{Arena, Handle};
use super::attrs::AttrSetId;
use super::instruction::{InstId, Instruction, MdListId};
use super::metadata::MdAttachment;

use super::module::GlobalProps;
use super::types::TypeId;
use super::value::{Name, Str, Value};
use thin_vec::ThinVec;

/// A basic block in its function.
pub type BlockId = Handle<Block>;

/// A basic block: a label and its instructions in order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Block {
    /// The label (`None`: numbered).
    pub name: Name,
    /// Instructions, the terminator last.
    pub insts: Vec<InstId>,
}

/// A parameter.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    /// Its type.
    pub ty: TypeId,
    /// Its name.
    pub name: Name,
    /// Its attributes.
    pub attrs: AttrSetId,
}

/// Function-local metadata.
pub type LocalMdId = Handle<LocalMd>;

/// Metadata that refers to a function's own values.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum LocalMd {
    /// `metadata i32 %x`.
    Value(TypeId, Value),
    /// `!DIArgList(i32 %x, i32 1)` (LLVM 13+).
    ArgList(Vec<(TypeId, Value)>),
}

/// Calling conventions with keywords that LLVM 14 and LLVM 19 both read and write; others print
/// as `cc N`, which every LLVM reads.
pub static CALLING_CONVS: &[(u32, &str)] = &[
    (0, "ccc"),
    (8, "fastcc"),
    (9, "coldcc"),
    (10, "ghccc"),
    (11, "cc 11"),
    (13, "anyregcc"),
    (14, "preserve_mostcc"),
    (15, "preserve_allcc"),
    (16, "swiftcc"),
    (17, "cxx_fast_tlscc"),
    (18, "tailcc"),
    (19, "cfguard_checkcc"),
    (20, "swifttailcc"),
    (64, "x86_stdcallcc"),
    (65, "x86_fastcallcc"),
    (66, "arm_apcscc"),
    (67, "arm_aapcscc"),
    (68, "arm_aapcs_vfpcc"),
    (69, "msp430_intrcc"),
    (70, "x86_thiscallcc"),
    (71, "ptx_kernel"),
    (72, "ptx_device"),
    (75, "spir_func"),
    (76, "spir_kernel"),
    (77, "intel_ocl_bicc"),
    (78, "x86_64_sysvcc"),
    (79, "win64cc"),
    (80, "x86_vectorcallcc"),
    (83, "x86_intrcc"),
    (84, "avr_intrcc"),
    (85, "avr_signalcc"),
    (87, "amdgpu_vs"),
    (88, "amdgpu_gs"),
    (89, "amdgpu_ps"),
    (90, "amdgpu_cs"),
    (91, "amdgpu_kernel"),
    (92, "x86_regcallcc"),
    (93, "amdgpu_hs"),
    (95, "amdgpu_ls"),
    (96, "amdgpu_es"),
    (97, "aarch64_vector_pcs"),
    (98, "aarch64_sve_vector_pcs"),
    (100, "amdgpu_gfx"),
];

/// Keywords read but printed as `cc N`: those LLVM 19 dropped (`webkit_jscc`, the HHVM ones) or
/// LLVM 14 does not know yet.
static CALLING_CONVS_READ_ONLY: &[(u32, &str)] = &[
    (12, "webkit_jscc"),
    (21, "preserve_nonecc"),
    (81, "hhvmcc"),
    (82, "hhvm_ccc"),
    (102, "aarch64_sme_preservemost_from_x0"),
    (103, "aarch64_sme_preservemost_from_x2"),
    (104, "amdgpu_cs_chain"),
    (105, "amdgpu_cs_chain_preserve"),
    (106, "m68k_rtdcc"),
    (107, "graalcc"),
    (110, "riscv_vector_cc"),
    (111, "aarch64_sme_preservemost_from_x1"),
];

/// The calling convention for a keyword.
pub fn calling_conv(kw: &str) -> Option<u32> {
    CALLING_CONVS.iter().chain(CALLING_CONVS_READ_ONLY).find(|(_, k)| *k == kw).map(|(n, _)| *n)
}

/// A function definition or declaration.
#[derive(Debug, Clone, PartialEq)]
pub struct Function {
    /// Name without `@`.
    pub name: Box<str>,
    /// Linkage, visibility, section, … (shared with global variables).
    pub props: GlobalProps,
    /// Calling convention number (0 = C).
    pub cc: u32,
    /// The function type.
    pub ty: TypeId,
    /// Return attributes.
    pub ret_attrs: AttrSetId,
    /// Parameters.
    pub params: ThinVec<Param>,
    /// Function attributes.
    pub fn_attrs: AttrSetId,
    /// What few functions have (`gc`, `prefix`, `prologue`, `personality`, numbered arguments
    /// and labels in the text it was read from), boxed; `None` when it has none of it. Read it
    /// with [`Function::gc`], [`Function::personality`], … and change it with
    /// [`Function::edit_rare`].
    pub rare: Option<Box<FnRare>>,
    /// Whether it has a body (`define`) or not (`declare`).
    pub is_definition: bool,
    /// Its blocks, instructions and the lists beside them, out of line (a declaration holds
    /// none). The function dereferences to it: `f.blocks`, `f.insts`, … read and change it.
    pub body: Body,
    /// Where it was read from, when it was.
    pub source: FnSource,
}

/// What only a function with a body has ([`Function::body`]); a function dereferences to it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FnBody {
    /// Blocks, in creation order (a parse creates a block at its first mention).
    pub blocks: Arena<Block>,
    /// Block order in the function; the first is the entry.
    pub layout: ThinVec<BlockId>,
    /// Instructions.
    pub insts: Arena<Instruction>,
    /// Instructions' result names, by instruction handle, beside the instructions rather than
    /// in them (most instructions of compiled modules are unnamed: an instruction is 40 bytes,
    /// not 48). Read and change them with [`FnBody::inst_name`] and [`FnBody::set_inst_name`].
    pub inst_names: InstNames,
    /// Function-local metadata.
    pub local_md: Arena<LocalMd>,
    /// Instructions' metadata attachment lists, each named by its instruction's
    /// [`Instruction::metadata`] (use [`Function::inst_metadata`] and
    /// [`Function::inst_metadata_mut`]); a list may be empty.
    pub attachments: MdLists,
    /// Debug records (LLVM 19 `#dbg_value(…)` lines), each before the instruction it names, in
    /// written order.
    pub debug_records: ThinVec<(InstId, DebugRecord)>,
}

impl FnBody {
    /// The result name of instruction `i` (`Name::NONE` for unnamed or void results).
    pub fn inst_name(&self, i: InstId) -> &Name {
        self.inst_names.get(i)
    }
    /// Names the result of instruction `i` (`Name::NONE` removes its name).
    pub fn set_inst_name(&mut self, i: InstId, name: Name) {
        self.inst_names.set(i, name)
    }
    /// Adds an instruction with its result name.
    pub fn push_inst(&mut self, inst: Instruction, name: Name) -> InstId {
        let id = self.insts.push(inst);
        self.inst_names.set(id, name);
        id
    }
}

/// The empty body every declaration reads.
static EMPTY_BODY: FnBody = FnBody {
    blocks: Arena::new(),
    layout: ThinVec::new(),
    insts: Arena::new(),
    inst_names: InstNames(ThinVec::new()),
    local_md: Arena::new(),
    attachments: MdLists(ThinVec::new()),
    debug_records: ThinVec::new(),
};

/// A function's [`FnBody`], boxed: one pointer in the function, nothing allocated until
/// something is put in it (200k declarations: a function is 128 bytes instead of 192). Reads of
/// an unallocated body see an empty one; the first change allocates it. Equal when the bodies
/// are equal, however they are stored.
#[derive(Clone, Default)]
pub struct Body(Option<Box<FnBody>>);

impl Body {
    /// A body holding `body`.
    pub fn new(body: FnBody) -> Body {
        Body(Some(Box::new(body)))
    }
    /// Whether a body is allocated.
    pub fn is_allocated(&self) -> bool {
        self.0.is_some()
    }
    /// The body to change, when one is allocated: what a walk over every function's
    /// instructions takes, so that it allocates nothing for a declaration.
    pub fn get_mut(&mut self) -> Option<&mut FnBody> {
        self.0.as_deref_mut()
    }
    /// Moves the body out, leaving none allocated.
    pub fn take(&mut self) -> FnBody {
        self.0.take().map(|b| *b).unwrap_or_default()
    }
}

impl std::ops::Deref for Body {
    type Target = FnBody;
    fn deref(&self) -> &FnBody {
        self.0.as_deref().unwrap_or(&EMPTY_BODY)
    }
}

impl std::ops::DerefMut for Body {
    fn deref_mut(&mut self) -> &mut FnBody {
        self.0.get_or_insert_with(Box::default)
    }
}

impl PartialEq for Body {
    fn eq(&self, other: &Body) -> bool {
        **self == **other
    }
}

impl std::fmt::Debug for Body {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

/// A function reads and changes its body's parts as its own: `f.insts`, `f.blocks`, … (to hold
/// two of them at once, one mutably, borrow [`Function::body`] first).
impl std::ops::Deref for Function {
    type Target = FnBody;
    fn deref(&self) -> &FnBody {
        &self.body
    }
}

impl std::ops::DerefMut for Function {
    fn deref_mut(&mut self) -> &mut FnBody {
        &mut self.body
    }
}

/// The result names of a function's instructions ([`FnBody::inst_names`]), by instruction
/// handle: one pointer, none allocated while no instruction is named, and then up to the last
/// named one. Equal when they name the same instructions alike, however far each reaches.
#[derive(Debug, Clone, Default)]
pub struct InstNames(ThinVec<Name>);

impl InstNames {
    /// The name of instruction `i` (`Name::NONE` when it has none).
    pub fn get(&self, i: InstId) -> &Name {
        static NONE: Name = Name::NONE;
        self.0.get(i.index()).unwrap_or(&NONE)
    }
    /// Names instruction `i` (`Name::NONE` removes its name).
    pub fn set(&mut self, i: InstId, name: Name) {
        let at = i.index();
        // Names are mostly given in order, each to the instruction just made.
        if at == self.0.len() {
            if !name.is_none() {
                self.0.push(name);
            }
            return;
        }
        if at > self.0.len() {
            if name.is_none() {
                return;
            }
            self.0.resize(at + 1, Name::NONE);
        }
        self.0[at] = name;
    }
    /// The names up to the last one present.
    fn named(&self) -> &[Name] {
        let end = self.0.iter().rposition(|n| !n.is_none()).map_or(0, |i| i + 1);
        &self.0[..end]
    }
    /// Moves the names out, leaving none, in an allocation of their number (copied: this list
    /// keeps its allocation, so that a reader naming one body after another grows it once).
    pub fn take_exact(&mut self) -> InstNames {
        let mut names = ThinVec::with_capacity(self.0.len());
        names.append(&mut self.0);
        InstNames(names)
    }
    /// Removes every name, keeping the allocation.
    pub fn clear(&mut self) {
        self.0.clear()
    }
}

impl PartialEq for InstNames {
    fn eq(&self, other: &InstNames) -> bool {
        self.named() == other.named()
    }
}

/// A function's metadata attachment lists ([`FnBody::attachments`]), by
/// [`super::instruction::MdListId`]: one pointer in the function, none allocated when no
/// instruction has an attachment.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdLists(pub(crate) ThinVec<ThinVec<MdAttachment>>);

impl MdLists {
    /// Adds a list.
    pub fn push(&mut self, list: ThinVec<MdAttachment>) -> MdListId {
        self.0.push(list);
        MdListId::from_index(self.0.len() - 1)
    }
    /// The list, if the handle is in range.
    pub fn get(&self, l: MdListId) -> Option<&ThinVec<MdAttachment>> {
        self.0.get(l.index())
    }
    /// Every list with its handle, to change.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (MdListId, &mut ThinVec<MdAttachment>)> {
        self.0.iter_mut().enumerate().map(|(i, l)| (MdListId::from_index(i), l))
    }
    /// The number of lists.
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Moves the lists out, leaving none, in an allocation of their number.
    pub fn take_exact(&mut self) -> MdLists {
        let mut lists = std::mem::take(&mut self.0);
        lists.shrink_to_fit();
        MdLists(lists)
    }
}

impl std::ops::Index<MdListId> for MdLists {
    type Output = ThinVec<MdAttachment>;
    fn index(&self, l: MdListId) -> &ThinVec<MdAttachment> {
        &self.0[l.index()]
    }
}

impl std::ops::IndexMut<MdListId> for MdLists {
    fn index_mut(&mut self, l: MdListId) -> &mut ThinVec<MdAttachment> {
        &mut self.0[l.index()]
    }
}

/// Where a function was read from: byte offsets into the text (absent for built functions).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FnSource {
    /// The start of `define`/`declare`.
    pub start: Option<u32>,
    /// The start of each instruction, by instruction handle (empty when unknown).
    pub insts: ThinVec<u32>,
}

/// The parts of a function few functions have ([`Function::rare`]): boxed, a function is 208
/// bytes instead of 264 (200k declarations: 11 MB less).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FnRare {
    /// `gc "name"`.
    pub gc: Option<Str>,
    /// `prefix` constant (typed).
    pub prefix: Option<(TypeId, Value)>,
    /// `prologue`.
    pub prologue: Option<(TypeId, Value)>,
    /// `personality`.
    pub personality: Option<(TypeId, Value)>,
    /// In the text it was read from, the first explicitly numbered argument (`i32 %0` in the
    /// header): LLVM 8+ syntax, which libNVVM's LLVM 7 reader rejects and the IR does not
    /// otherwise keep.
    pub numbered_argument: Option<u32>,
    /// In the text it was read from, the first numbered block label (`3:`), where it starts,
    /// and the smallest number written as a label and used as one (`%3`). LLVM 8+ syntax,
    /// likewise; LLVM 7 reads `3:` as a name, so such a use stays undefined there.
    pub numbered_label: Option<(u32, Option<u32>)>,
}

/// The kinds of debug record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DebugRecordKind {
    /// `#dbg_value`
    Value,
    /// `#dbg_declare`
    Declare,
    /// `#dbg_assign`
    Assign,
    /// `#dbg_label`
    Label,
}

impl DebugRecordKind {
    /// The word after `#`.
    pub fn keyword(self) -> &'static str {
        match self {
            DebugRecordKind::Value => "dbg_value",
            DebugRecordKind::Declare => "dbg_declare",
            DebugRecordKind::Assign => "dbg_assign",
            DebugRecordKind::Label => "dbg_label",
        }
    }
}

/// A debug record: `#dbg_value(i32 %x, !12, !DIExpression(), !13)`. Its operands are metadata:
/// values as metadata ([`Value::Md`], [`Value::LocalMd`]) or nodes.
#[derive(Debug, Clone, PartialEq)]
pub struct DebugRecord {
    /// Which record.
    pub kind: DebugRecordKind,
    /// Operands, in written order (exactly as many: a function may hold millions of records).
    pub operands: Box<[Value]>,
}

impl Function {
    /// A declaration: `name` of function type `ty` with `params`, the C calling convention and
    /// `attrs` (the module's empty set, usually) as its return and function attributes; no body.
    pub fn declaration(name: Box<str>, ty: TypeId, params: ThinVec<Param>, attrs: AttrSetId) -> Function {
        Function {
            name,
            props: GlobalProps::default(),
            cc: 0,
            ty,
            ret_attrs: attrs,
            params,
            fn_attrs: attrs,
            rare: None,
            is_definition: false,
            body: Body::default(),
            source: FnSource::default(),
        }
    }

    /// `gc "name"`.
    pub fn gc(&self) -> Option<&Str> {
        self.rare.as_ref()?.gc.as_ref()
    }

    /// The `prefix` constant.
    pub fn prefix(&self) -> Option<(TypeId, Value)> {
        self.rare.as_ref()?.prefix
    }

    /// The `prologue` constant.
    pub fn prologue(&self) -> Option<(TypeId, Value)> {
        self.rare.as_ref()?.prologue
    }

    /// The `personality` function.
    pub fn personality(&self) -> Option<(TypeId, Value)> {
        self.rare.as_ref()?.personality
    }

    /// Changes the rare parts ([`Function::rare`]); the box goes when nothing is left in it, so
    /// that equal functions stay equal.
    pub fn edit_rare<R>(&mut self, edit: impl FnOnce(&mut FnRare) -> R) -> R {
        let mut rare = self.rare.take().unwrap_or_default();
        let out = edit(&mut rare);
        if *rare != FnRare::default() {
            self.rare = Some(rare);
        }
        out
    }

    /// Whether any instruction may touch memory (a load, store, call, invoke, atomic or fence),
    /// and the numbers of the parameters some instruction uses: what LLVM 7 infers `readnone`
    /// and unused-parameter attributes from.
    pub fn memory_and_used_params(&self) -> (bool, rustc_hash::FxHashSet<u32>) {
        use super::instruction::InstKind;
        let mut touches_memory = false;
        let mut used = rustc_hash::FxHashSet::default();
        for (_, inst) in self.insts.iter() {
            touches_memory |= matches!(
                inst.kind,
                InstKind::Load { .. }
                    | InstKind::Store { .. }
                    | InstKind::Call { .. }
                    | InstKind::Invoke { .. }
                    | InstKind::AtomicRmw { .. }
                    | InstKind::CmpXchg(_)
                    | InstKind::Fence(_)
            );
            inst.kind.for_each_operand(|v| {
                if let Value::Arg(a) = v {
                    used.insert(a);
                }
            });
        }
        (touches_memory, used)
    }

    /// The metadata attachments of instruction `i`, in written order.
    pub fn inst_metadata(&self, i: InstId) -> &[MdAttachment] {
        self.metadata_of(&self.insts[i])
    }

    /// The metadata attachments of `inst`, one of this function's instructions.
    pub fn metadata_of(&self, inst: &Instruction) -> &[MdAttachment] {
        inst.metadata.and_then(|l| self.attachments.get(l)).map_or(&[], |l| &l[..])
    }

    /// The metadata attachments of instruction `i`, to change (a list is made for it if it has
    /// none).
    pub fn inst_metadata_mut(&mut self, i: InstId) -> &mut ThinVec<MdAttachment> {
        let l = match self.insts[i].metadata {
            Some(l) => l,
            None => {
                let l = self.attachments.push(ThinVec::new());
                self.insts[i].metadata = Some(l);
                l
            }
        };
        &mut self.attachments[l]
    }

    /// Gives instruction `i` the attachments `list` (none when it is empty), in place of those it
    /// had.
    pub fn set_inst_metadata(&mut self, i: InstId, list: ThinVec<MdAttachment>) {
        match self.insts[i].metadata {
            Some(l) => self.attachments[l] = list,
            None if list.is_empty() => {}
            None => self.insts[i].metadata = Some(self.attachments.push(list)),
        }
    }

    /// Where instruction `i` starts in the text it was read from.
    pub fn inst_offset(&self, i: InstId) -> Option<u32> {
        self.source.insts.get(i.index()).copied()
    }

    /// The number of instructions placed in blocks.
    pub fn instruction_count(&self) -> usize {
        self.layout.iter().map(|&b| self.blocks[b].insts.len()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instruction_names_sit_beside_the_instructions_and_allocate_only_when_set() {
        let mut body = FnBody::default();
        let inst =
            || Instruction { ty: TypeId::from_index(0), kind: super::super::InstKind::Unreachable, metadata: None };
        let a = body.push_inst(inst(), Name::NONE);
        let b = body.push_inst(inst(), Name::new("b"));
        let c = body.push_inst(inst(), Name::NONE);
        assert_eq!(body.inst_names.0.len(), 2, "up to the last named instruction only");
        assert!(body.inst_name(a).is_none() && body.inst_name(c).is_none());
        assert_eq!(body.inst_name(b).as_str(), Some("b"));
        // Unnamed instructions allocate nothing; clearing a name past the end stays free.
        let mut plain = FnBody::default();
        plain.push_inst(inst(), Name::NONE);
        plain.set_inst_name(c, Name::NONE);
        assert_eq!(plain.inst_names.0.capacity(), 0);
        // Equal when the same instructions carry the same names, however far each list reaches.
        let mut other = body.clone();
        other.set_inst_name(c, Name::new("c"));
        assert_ne!(other.inst_names, body.inst_names);
        other.set_inst_name(c, Name::NONE);
        assert_eq!(other.inst_names.0.len(), 3);
        assert_eq!(other.inst_names, body.inst_names);
        let taken = other.inst_names.take_exact();
        assert_eq!((taken.get(b).as_str(), other.inst_names.0.len()), (Some("b"), 0));
    }

    #[test]
    fn a_body_is_allocated_by_its_first_change_and_compares_by_content() {
        let mut b = Body::default();
        assert!(!b.is_allocated() && b.insts.is_empty() && b.layout.is_empty());
        assert!(b.get_mut().is_none());
        let empty = b.clone();
        b.layout.clear();
        assert!(b.is_allocated() && b.get_mut().is_some());
        assert_eq!(b, empty);
        b.blocks.push(Block::default());
        assert_ne!(b, empty);
        assert_eq!(b.take().blocks.len(), 1);
        assert!(!b.is_allocated());
    }

    /// Declarations read from text or bitcode, and through the passes every read runs, hold no
    /// body (what keeps a module of 200k declarations small).
    #[test]
    fn declarations_read_hold_no_body() {
        let src = "declare i32 @f(i32)\ndeclare void @g() !dbg !0\n\
                   define i32 @h(i32 %x) {\n  %y = call i32 @f(i32 %x), !dbg !0\n  ret i32 %y\n}\n\
                   !0 = !{}\n";
        let check = |m: &crate::Module| {
            for (_, f) in m.functions.iter() {
                assert_eq!(f.body.is_allocated(), f.is_definition, "@{}", f.name);
            }
        };
        let m = crate::parse(src).unwrap();
        check(&m);
        let bc = crate::bitcode::write(&m).unwrap();
        check(&crate::bitcode::read(&bc).unwrap());
    }
}
