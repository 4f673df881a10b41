//! Instructions: the full set of LLVM 7.0.1 and LLVM 19, with their flags.

use super::arena::Handle;
use super::attrs::AttrSetId;
use super::constant::ConstId;
use super::function::BlockId;
use super::metadata::MdAttachment;
use super::types::TypeId;
use super::value::Value;
use thin_vec::ThinVec;

/// An instruction in a function's arena.
pub type InstId = Handle<Instruction>;

keyword_enum! {
    /// Binary operators.
    BinOp {
        /// `add`
        Add = "add", /// `fadd`
        FAdd = "fadd", /// `sub`
        Sub = "sub", /// `fsub`
        FSub = "fsub", /// `mul`
        Mul = "mul", /// `fmul`
        FMul = "fmul", /// `udiv`
        UDiv = "udiv", /// `sdiv`
        SDiv = "sdiv", /// `fdiv`
        FDiv = "fdiv", /// `urem`
        URem = "urem", /// `srem`
        SRem = "srem", /// `frem`
        FRem = "frem", /// `shl`
        Shl = "shl", /// `lshr`
        LShr = "lshr", /// `ashr`
        AShr = "ashr", /// `and`
        And = "and", /// `or`
        Or = "or", /// `xor`
        Xor = "xor",
    }
}

impl BinOp {
    /// Whether it is a floating-point operator (takes fast-math flags).
    pub fn is_float(self) -> bool {
        matches!(self, BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem)
    }
}

keyword_enum! {
    /// Cast operators.
    CastOp {
        /// `trunc`
        Trunc = "trunc", /// `zext`
        ZExt = "zext", /// `sext`
        SExt = "sext", /// `fptrunc`
        FPTrunc = "fptrunc", /// `fpext`
        FPExt = "fpext", /// `fptoui`
        FPToUI = "fptoui", /// `fptosi`
        FPToSI = "fptosi", /// `uitofp`
        UIToFP = "uitofp", /// `sitofp`
        SIToFP = "sitofp", /// `ptrtoint`
        PtrToInt = "ptrtoint", /// `inttoptr`
        IntToPtr = "inttoptr", /// `bitcast`
        BitCast = "bitcast", /// `addrspacecast`
        AddrSpaceCast = "addrspacecast", /// `ptrtoaddr` (LLVM 22): a pointer's address bits, without its provenance
        PtrToAddr = "ptrtoaddr",
    }
}

impl CastOp {
    /// Whether it takes fast-math flags (LLVM 22: the casts to floating point).
    pub fn takes_fmf(self) -> bool {
        matches!(self, CastOp::FPTrunc | CastOp::FPExt | CastOp::SIToFP | CastOp::UIToFP)
    }
}

keyword_enum! {
    /// `icmp` predicates.
    IntPredicate {
        /// `eq`
        Eq = "eq", /// `ne`
        Ne = "ne", /// `ugt`
        Ugt = "ugt", /// `uge`
        Uge = "uge", /// `ult`
        Ult = "ult", /// `ule`
        Ule = "ule", /// `sgt`
        Sgt = "sgt", /// `sge`
        Sge = "sge", /// `slt`
        Slt = "slt", /// `sle`
        Sle = "sle",
    }
}

keyword_enum! {
    /// `fcmp` predicates.
    FloatPredicate {
        /// `false`
        False = "false", /// `oeq`
        Oeq = "oeq", /// `ogt`
        Ogt = "ogt", /// `oge`
        Oge = "oge", /// `olt`
        Olt = "olt", /// `ole`
        Ole = "ole", /// `one`
        One = "one", /// `ord`
        Ord = "ord", /// `ueq`
        Ueq = "ueq", /// `ugt`
        Ugt = "ugt", /// `uge`
        Uge = "uge", /// `ult`
        Ult = "ult", /// `ule`
        Ule = "ule", /// `une`
        Une = "une", /// `uno`
        Uno = "uno", /// `true`
        True = "true",
    }
}

keyword_enum! {
    /// Atomic orderings.
    Ordering {
        /// `unordered`
        Unordered = "unordered", /// `monotonic`
        Monotonic = "monotonic", /// `acquire`
        Acquire = "acquire", /// `release`
        Release = "release", /// `acq_rel`
        AcqRel = "acq_rel", /// `seq_cst`
        SeqCst = "seq_cst",
    }
}

keyword_enum! {
    /// `atomicrmw` operations (LLVM 7 has xchg … umin; the float and wrap ones are newer).
    RmwOp {
        /// `xchg`
        Xchg = "xchg", /// `add`
        Add = "add", /// `sub`
        Sub = "sub", /// `and`
        And = "and", /// `nand`
        Nand = "nand", /// `or`
        Or = "or", /// `xor`
        Xor = "xor", /// `max`
        Max = "max", /// `min`
        Min = "min", /// `umax`
        UMax = "umax", /// `umin`
        UMin = "umin", /// `fadd` (LLVM 9+)
        FAdd = "fadd", /// `fsub` (LLVM 9+)
        FSub = "fsub", /// `fmax` (LLVM 15+)
        FMax = "fmax", /// `fmin` (LLVM 15+)
        FMin = "fmin", /// `uinc_wrap` (LLVM 16+)
        UIncWrap = "uinc_wrap", /// `udec_wrap` (LLVM 16+)
        UDecWrap = "udec_wrap", /// `usub_cond` (LLVM 20+)
        USubCond = "usub_cond", /// `usub_sat` (LLVM 20+)
        USubSat = "usub_sat", /// `fmaximum` (LLVM 21+)
        FMaximum = "fmaximum", /// `fminimum` (LLVM 21+)
        FMinimum = "fminimum", /// `fmaximumnum` (LLVM 22)
        FMaximumNum = "fmaximumnum", /// `fminimumnum` (LLVM 22)
        FMinimumNum = "fminimumnum",
    }
}

impl RmwOp {
    /// Whether it is a floating-point operation (its operand a floating-point type or a vector of one).
    pub fn is_float(self) -> bool {
        matches!(
            self,
            RmwOp::FAdd
                | RmwOp::FSub
                | RmwOp::FMax
                | RmwOp::FMin
                | RmwOp::FMaximum
                | RmwOp::FMinimum
                | RmwOp::FMaximumNum
                | RmwOp::FMinimumNum
        )
    }

    /// Whether LLVM 7.0.1 knows it.
    pub fn in_llvm7(self) -> bool {
        matches!(
            self,
            RmwOp::Xchg
                | RmwOp::Add
                | RmwOp::Sub
                | RmwOp::And
                | RmwOp::Nand
                | RmwOp::Or
                | RmwOp::Xor
                | RmwOp::Max
                | RmwOp::Min
                | RmwOp::UMax
                | RmwOp::UMin
        )
    }
}

/// Flag bits on instructions and constant expressions.
pub mod flags {
    /// `nuw`
    pub const NUW: u8 = 1;
    /// `nsw`
    pub const NSW: u8 = 2;
    /// `exact`
    pub const EXACT: u8 = 4;
    /// `disjoint` (on `or`, LLVM 18+)
    pub const DISJOINT: u8 = 8;
    /// `nneg` (on `zext`/`uitofp`, LLVM 18+)
    pub const NNEG: u8 = 16;
    /// `inbounds` (GEP)
    pub const INBOUNDS: u8 = 32;
    /// `samesign` (icmp, LLVM 20+)
    pub const SAMESIGN: u8 = 64;
    /// GEP `nusw`/`nuw` share NSW/NUW.
    pub const GEP_NUSW: u8 = NSW;
}

/// Fast-math flags, as LLVM orders them when printing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FastMath(pub u8);

impl FastMath {
    /// The flags and their keywords; `fast` is all of them.
    pub const NAMES: &'static [(u8, &'static str)] =
        &[(1, "nnan"), (2, "ninf"), (4, "nsz"), (8, "arcp"), (16, "contract"), (32, "afn"), (64, "reassoc")];
    /// All flags (`fast`).
    pub const FAST: u8 = 127;
    /// Whether none is set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// A call argument: a value with its parameter attributes.
#[derive(Debug, Clone, PartialEq)]
pub struct CallArg {
    /// The argument's type.
    pub ty: TypeId,
    /// The argument.
    pub value: Value,
    /// Its attributes.
    pub attrs: AttrSetId,
}

/// An operand bundle: `"deopt"(i32 1, …)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Bundle {
    /// The tag.
    pub tag: Box<str>,
    /// Typed inputs.
    pub inputs: Vec<(TypeId, Value)>,
}

/// The parts common to `call`, `invoke` and `callbr`.
#[derive(Debug, Clone, PartialEq)]
pub struct CallSite {
    /// Calling convention (0 = C; see [`super::function::CALLING_CONVS`]).
    pub cc: u32,
    /// Fast-math flags.
    pub fmf: FastMath,
    /// Return attributes.
    pub ret_attrs: AttrSetId,
    /// The function type being called.
    pub fn_ty: TypeId,
    /// Whether the type was written in full (`call i32 (i8*, ...) @printf`) rather than as the
    /// return type only.
    pub explicit_fn_ty: bool,
    /// The callee.
    pub callee: Value,
    /// Arguments.
    pub args: ThinVec<CallArg>,
    /// Function attributes.
    pub fn_attrs: AttrSetId,
    /// Operand bundles.
    pub bundles: ThinVec<Bundle>,
    /// Address space of the callee (`addrspace(N)` after the type), if written.
    pub addr_space: Option<u32>,
}

impl CallSite {
    /// A plain direct call: C calling convention, no flags, no attributes and no bundles, with each
    /// argument given as its type and value. `no_attrs` is the module's empty attribute set
    /// ([`super::Module::no_attrs`]).
    pub fn direct(
        fn_ty: TypeId,
        callee: Value,
        args: impl IntoIterator<Item = (TypeId, Value)>,
        no_attrs: AttrSetId,
    ) -> Self {
        CallSite {
            cc: 0,
            fmf: FastMath::default(),
            ret_attrs: no_attrs,
            fn_ty,
            explicit_fn_ty: false,
            callee,
            args: args.into_iter().map(|(ty, value)| CallArg { ty, value, attrs: no_attrs }).collect(),
            fn_attrs: no_attrs,
            bundles: ThinVec::new(),
            addr_space: None,
        }
    }
}

/// `tail`, `musttail`, `notail`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TailKind {
    /// None.
    None,
    /// `tail`
    Tail,
    /// `musttail`
    MustTail,
    /// `notail`
    NoTail,
}

/// Atomic qualifiers.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Atomic {
    /// Ordering.
    pub ordering: Ordering,
    /// `syncscope("…")`; `None` for the system scope.
    pub scope: Option<ScopeId>,
}

/// A `syncscope("…")` name: an index into [`super::Module::sync_scopes`], two bytes even
/// inside an `Option` (instructions stay small: an [`Atomic`] is four bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ScopeId(std::num::NonZeroU16);

impl ScopeId {
    /// How many sync scopes a module may name. LLVM numbers them in a byte (255, its own two
    /// included); more is refused as an error.
    pub const LIMIT: u32 = u16::MAX as u32;

    /// The scope numbered `index`, if it is below [`ScopeId::LIMIT`].
    pub fn new(index: u32) -> Option<ScopeId> {
        u16::try_from(index).ok().and_then(|i| i.checked_add(1)).and_then(std::num::NonZeroU16::new).map(ScopeId)
    }
    /// Its index into [`super::Module::sync_scopes`].
    pub fn index(self) -> u32 {
        u32::from(self.0.get() - 1)
    }
}

/// An alignment: a power of two, stored as its log2 plus one so that instructions stay small
/// (one byte, inside an `Option` too).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Align(std::num::NonZeroU8);

impl Align {
    /// The alignment of `bytes`, if it is a power of two up to 2^32.
    pub fn new(bytes: u64) -> Option<Align> {
        if !bytes.is_power_of_two() || bytes > 1 << 32 {
            return None;
        }
        std::num::NonZeroU8::new(bytes.trailing_zeros() as u8 + 1).map(Align)
    }
    /// In bytes.
    pub fn bytes(self) -> u64 {
        1 << (self.0.get() - 1)
    }
}

/// The operands of `cmpxchg`.
#[derive(Debug, Clone, PartialEq)]
pub struct CmpXchg {
    /// Pointer type.
    pub ptr_ty: TypeId,
    /// Pointer.
    pub ptr: Value,
    /// Compared value type.
    pub ty: TypeId,
    /// Expected.
    pub cmp: Value,
    /// New.
    pub new: Value,
    /// Success ordering and scope.
    pub success: Atomic,
    /// Failure ordering.
    pub failure: Ordering,
    /// `weak`.
    pub weak: bool,
    /// `volatile`.
    pub volatile: bool,
    /// Alignment (LLVM 13+).
    pub align: Option<Align>,
}

/// The operands of `insertelement`.
#[derive(Debug, Clone, PartialEq)]
pub struct InsertElement {
    /// Vector type.
    pub vec_ty: TypeId,
    /// Vector.
    pub vec: Value,
    /// Element type.
    pub elt_ty: TypeId,
    /// Element.
    pub elt: Value,
    /// Index type.
    pub idx_ty: TypeId,
    /// Index.
    pub idx: Value,
}

/// The operands of `shufflevector`.
#[derive(Debug, Clone, PartialEq)]
pub struct ShuffleVector {
    /// Operand type.
    pub vec_ty: TypeId,
    /// First vector.
    pub a: Value,
    /// Second vector.
    pub b: Value,
    /// Mask type.
    pub mask_ty: TypeId,
    /// Mask (a constant).
    pub mask: Value,
}

/// The operands of `insertvalue`.
#[derive(Debug, Clone, PartialEq)]
pub struct InsertValue {
    /// Aggregate type.
    pub agg_ty: TypeId,
    /// Aggregate.
    pub agg: Value,
    /// Element type.
    pub elt_ty: TypeId,
    /// Element.
    pub elt: Value,
    /// Indices.
    pub indices: ThinVec<u32>,
}

/// What an instruction does, with its operands.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum InstKind {
    /// `ret void` / `ret T v`.
    Ret(Option<Value>),
    /// `br label %b`.
    Br(BlockId),
    /// `br i1 %c, label %t, label %f`.
    CondBr {
        /// Condition.
        cond: Value,
        /// True target.
        then_bb: BlockId,
        /// False target.
        else_bb: BlockId,
    },
    /// `switch`.
    Switch {
        /// Condition type.
        ty: TypeId,
        /// Condition.
        cond: Value,
        /// Default target.
        default: BlockId,
        /// Cases.
        cases: ThinVec<(ConstId, BlockId)>,
    },
    /// `indirectbr`.
    IndirectBr {
        /// Address type.
        ty: TypeId,
        /// Address.
        addr: Value,
        /// Possible targets.
        dests: ThinVec<BlockId>,
    },
    /// `invoke`.
    Invoke {
        /// The call.
        call: Box<CallSite>,
        /// Normal destination.
        normal: BlockId,
        /// Unwind destination.
        unwind: BlockId,
    },
    /// `callbr` (LLVM 9+).
    CallBr {
        /// The call.
        call: Box<CallSite>,
        /// Fallthrough.
        default: BlockId,
        /// Indirect destinations.
        indirect: ThinVec<BlockId>,
    },
    /// `resume`.
    Resume(TypeId, Value),
    /// `unreachable`.
    Unreachable,
    /// `cleanupret from %pad unwind …`.
    CleanupRet {
        /// The pad.
        pad: Value,
        /// Unwind target; `None` = to caller.
        unwind: Option<BlockId>,
    },
    /// `catchret from %pad to label %b`.
    CatchRet {
        /// The pad.
        pad: Value,
        /// Target.
        target: BlockId,
    },
    /// `catchswitch within %p [label %a, …] unwind …`.
    CatchSwitch {
        /// Parent pad (`none` = a constant token).
        parent: Value,
        /// Handlers.
        handlers: ThinVec<BlockId>,
        /// Unwind target; `None` = to caller.
        unwind: Option<BlockId>,
    },
    /// `fneg` (LLVM 8+).
    FNeg {
        /// Flags.
        fmf: FastMath,
        /// Operand.
        op: Value,
    },
    /// A binary operator.
    Binary {
        /// Operator.
        op: BinOp,
        /// Wrap/exact/disjoint flags.
        flags: u8,
        /// Fast-math flags (float operators).
        fmf: FastMath,
        /// Left.
        lhs: Value,
        /// Right.
        rhs: Value,
    },
    /// `alloca`.
    Alloca {
        /// Allocated type.
        ty: TypeId,
        /// Element count (type, value).
        count: Option<(TypeId, Value)>,
        /// Alignment in bytes.
        align: Option<Align>,
        /// Address space (`addrspace(N)`).
        addr_space: Option<u32>,
        /// `inalloca`.
        inalloca: bool,
        /// `swifterror`.
        swifterror: bool,
    },
    /// `load`.
    Load {
        /// Loaded type (explicit since LLVM 3.7).
        ty: TypeId,
        /// Pointer type.
        ptr_ty: TypeId,
        /// Pointer.
        ptr: Value,
        /// Alignment.
        align: Option<Align>,
        /// `volatile`.
        volatile: bool,
        /// `atomic`.
        atomic: Option<Atomic>,
    },
    /// `store`.
    Store {
        /// Stored value's type.
        ty: TypeId,
        /// Stored value.
        value: Value,
        /// Pointer type.
        ptr_ty: TypeId,
        /// Pointer.
        ptr: Value,
        /// Alignment.
        align: Option<Align>,
        /// `volatile`.
        volatile: bool,
        /// `atomic`.
        atomic: Option<Atomic>,
    },
    /// `fence`.
    Fence(Atomic),
    /// `cmpxchg` (boxed: it is large and rare).
    CmpXchg(Box<CmpXchg>),
    /// `atomicrmw`.
    AtomicRmw {
        /// Operation.
        op: RmwOp,
        /// Pointer type.
        ptr_ty: TypeId,
        /// Pointer.
        ptr: Value,
        /// Operand type.
        ty: TypeId,
        /// Operand.
        value: Value,
        /// Ordering and scope.
        atomic: Atomic,
        /// `volatile`.
        volatile: bool,
        /// Alignment (LLVM 13+).
        align: Option<Align>,
    },
    /// `getelementptr`.
    GetElementPtr {
        /// Source element type.
        source_ty: TypeId,
        /// `inbounds` / `nusw` / `nuw` flags.
        flags: u8,
        /// Base (type, value), then indices (type, value).
        operands: Vec<(TypeId, Value)>,
    },
    /// A cast.
    Cast {
        /// Operator.
        op: CastOp,
        /// `nneg` etc.
        flags: u8,
        /// Fast-math flags (`fptrunc`, `fpext`, `sitofp`, `uitofp`; LLVM 22).
        fmf: FastMath,
        /// Source type.
        from: TypeId,
        /// Operand.
        value: Value,
    },
    /// `icmp`.
    ICmp {
        /// Predicate.
        pred: IntPredicate,
        /// `samesign`.
        flags: u8,
        /// Operand type.
        ty: TypeId,
        /// Left.
        lhs: Value,
        /// Right.
        rhs: Value,
    },
    /// `fcmp`.
    FCmp {
        /// Predicate.
        pred: FloatPredicate,
        /// Flags.
        fmf: FastMath,
        /// Operand type.
        ty: TypeId,
        /// Left.
        lhs: Value,
        /// Right.
        rhs: Value,
    },
    /// `phi`.
    Phi {
        /// Flags (LLVM 9+ allows fast-math flags on float phis).
        fmf: FastMath,
        /// Incoming values.
        incoming: Vec<(Value, BlockId)>,
    },
    /// `select`.
    Select {
        /// Flags.
        fmf: FastMath,
        /// Condition type.
        cond_ty: TypeId,
        /// Condition.
        cond: Value,
        /// True value.
        then_v: Value,
        /// False value.
        else_v: Value,
    },
    /// `freeze` (LLVM 10+).
    Freeze(Value),
    /// `call`.
    Call {
        /// `tail` etc.
        tail: TailKind,
        /// The call.
        call: Box<CallSite>,
    },
    /// `va_arg`.
    VaArg {
        /// List type.
        list_ty: TypeId,
        /// List.
        list: Value,
    },
    /// `extractelement`.
    ExtractElement {
        /// Vector type.
        vec_ty: TypeId,
        /// Vector.
        vec: Value,
        /// Index type.
        idx_ty: TypeId,
        /// Index.
        idx: Value,
    },
    /// `insertelement` (boxed: it is larger than most and rare).
    InsertElement(Box<InsertElement>),
    /// `shufflevector` (boxed: it is larger than most and rare).
    ShuffleVector(Box<ShuffleVector>),
    /// `extractvalue`.
    ExtractValue {
        /// Aggregate type.
        agg_ty: TypeId,
        /// Aggregate.
        agg: Value,
        /// Indices.
        indices: ThinVec<u32>,
    },
    /// `insertvalue` (boxed: it is larger than most and rare).
    InsertValue(Box<InsertValue>),
    /// `landingpad`.
    LandingPad {
        /// `cleanup`.
        cleanup: bool,
        /// Clauses: `catch` (false) / `filter` (true) with a typed constant.
        clauses: Vec<(bool, TypeId, Value)>,
    },
    /// `catchpad within %cs [args]`.
    CatchPad {
        /// The catchswitch.
        parent: Value,
        /// Arguments.
        args: ThinVec<(TypeId, Value)>,
    },
    /// `cleanuppad within %p [args]`.
    CleanupPad {
        /// Parent pad or `none`.
        parent: Value,
        /// Arguments.
        args: ThinVec<(TypeId, Value)>,
    },
}

/// A list of metadata attachments in a function's [`super::FnBody::attachments`].
pub type MdListId = Handle<ThinVec<MdAttachment>>;

/// An instruction: its result type, what it does, and where its metadata attachments are. Its
/// result's name is its function's ([`super::FnBody::inst_name`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Instruction {
    /// The result type (`void` when there is none).
    pub ty: TypeId,
    /// The operation.
    pub kind: InstKind,
    /// Its attachments (`!dbg !5`, `!tbaa !7`, … in written order), when it has any: a list in
    /// its function's [`super::FnBody::attachments`]. Four bytes here rather than a pointer:
    /// most instructions of most modules have none, and an instruction is 40 bytes, not 48. Read
    /// them with [`super::Function::inst_metadata`].
    pub metadata: Option<MdListId>,
}

impl InstKind {
    /// Calls `f` with every value operand, in written order (types, blocks and attributes are not
    /// operands; a phi's incoming values are).
    pub fn for_each_operand(&self, mut f: impl FnMut(Value)) {
        let call = |c: &CallSite, f: &mut dyn FnMut(Value)| {
            c.args.iter().for_each(|a| f(a.value));
            c.bundles.iter().flat_map(|b| b.inputs.iter()).for_each(|(_, v)| f(*v));
            f(c.callee);
        };
        match self {
            InstKind::Ret(v) => v.iter().copied().for_each(f),
            InstKind::Br(_) | InstKind::Unreachable => {}
            InstKind::CondBr { cond, .. } => f(*cond),
            InstKind::Switch { cond, .. } => f(*cond),
            InstKind::IndirectBr { addr, .. } => f(*addr),
            InstKind::Invoke { call: c, .. } | InstKind::CallBr { call: c, .. } | InstKind::Call { call: c, .. } => {
                call(c, &mut f)
            }
            InstKind::Resume(_, v) | InstKind::FNeg { op: v, .. } | InstKind::Freeze(v) => f(*v),
            InstKind::CleanupRet { pad, .. } | InstKind::CatchRet { pad, .. } => f(*pad),
            InstKind::CatchSwitch { parent, .. } => f(*parent),
            InstKind::Binary { lhs, rhs, .. } | InstKind::ICmp { lhs, rhs, .. } | InstKind::FCmp { lhs, rhs, .. } => {
                f(*lhs);
                f(*rhs);
            }
            InstKind::Alloca { count, .. } => count.iter().for_each(|(_, v)| f(*v)),
            InstKind::Load { ptr, .. } => f(*ptr),
            InstKind::Store { value, ptr, .. } => {
                f(*value);
                f(*ptr);
            }
            InstKind::Fence(_) => {}
            InstKind::CmpXchg(x) => {
                f(x.ptr);
                f(x.cmp);
                f(x.new);
            }
            InstKind::AtomicRmw { ptr, value, .. } => {
                f(*ptr);
                f(*value);
            }
            InstKind::GetElementPtr { operands, .. } => operands.iter().for_each(|(_, v)| f(*v)),
            InstKind::Cast { value, .. } => f(*value),
            InstKind::Phi { incoming, .. } => incoming.iter().for_each(|(v, _)| f(*v)),
            InstKind::Select { cond, then_v, else_v, .. } => {
                f(*cond);
                f(*then_v);
                f(*else_v);
            }
            InstKind::VaArg { list, .. } => f(*list),
            InstKind::ExtractElement { vec, idx, .. } => {
                f(*vec);
                f(*idx);
            }
            InstKind::InsertElement(x) => {
                f(x.vec);
                f(x.elt);
                f(x.idx);
            }
            InstKind::ShuffleVector(x) => {
                f(x.a);
                f(x.b);
                f(x.mask);
            }
            InstKind::ExtractValue { agg, .. } => f(*agg),
            InstKind::InsertValue(x) => {
                f(x.agg);
                f(x.elt);
            }
            InstKind::LandingPad { clauses, .. } => clauses.iter().for_each(|(_, _, v)| f(*v)),
            InstKind::CatchPad { parent, args } | InstKind::CleanupPad { parent, args } => {
                f(*parent);
                args.iter().for_each(|(_, v)| f(*v));
            }
        }
    }

    /// Calls `f` with every block a terminator may go to, in written order.
    pub fn for_each_successor(&self, mut f: impl FnMut(BlockId)) {
        match self {
            InstKind::Br(b) => f(*b),
            InstKind::CondBr { then_bb, else_bb, .. } => {
                f(*then_bb);
                f(*else_bb);
            }
            InstKind::Switch { default, cases, .. } => {
                f(*default);
                cases.iter().for_each(|(_, b)| f(*b));
            }
            InstKind::IndirectBr { dests, .. } => dests.iter().copied().for_each(f),
            InstKind::Invoke { normal, unwind, .. } => {
                f(*normal);
                f(*unwind);
            }
            InstKind::CallBr { default, indirect, .. } => {
                f(*default);
                indirect.iter().copied().for_each(f);
            }
            InstKind::CleanupRet { unwind, .. } => unwind.iter().copied().for_each(f),
            InstKind::CatchRet { target, .. } => f(*target),
            InstKind::CatchSwitch { handlers, unwind, .. } => {
                handlers.iter().copied().for_each(&mut f);
                unwind.iter().copied().for_each(f);
            }
            _ => {}
        }
    }
}

impl Instruction {
    /// Whether it ends a block.
    pub fn is_terminator(&self) -> bool {
        matches!(
            self.kind,
            InstKind::Ret(_)
                | InstKind::Br(_)
                | InstKind::CondBr { .. }
                | InstKind::Switch { .. }
                | InstKind::IndirectBr { .. }
                | InstKind::Invoke { .. }
                | InstKind::CallBr { .. }
                | InstKind::Resume(..)
                | InstKind::Unreachable
                | InstKind::CleanupRet { .. }
                | InstKind::CatchRet { .. }
                | InstKind::CatchSwitch { .. }
        )
    }

    /// The opcode's keyword.
    pub fn opcode(&self) -> &'static str {
        match &self.kind {
            InstKind::Ret(_) => "ret",
            InstKind::Br(_) | InstKind::CondBr { .. } => "br",
            InstKind::Switch { .. } => "switch",
            InstKind::IndirectBr { .. } => "indirectbr",
            InstKind::Invoke { .. } => "invoke",
            InstKind::CallBr { .. } => "callbr",
            InstKind::Resume(..) => "resume",
            InstKind::Unreachable => "unreachable",
            InstKind::CleanupRet { .. } => "cleanupret",
            InstKind::CatchRet { .. } => "catchret",
            InstKind::CatchSwitch { .. } => "catchswitch",
            InstKind::FNeg { .. } => "fneg",
            InstKind::Binary { op, .. } => op.keyword(),
            InstKind::Alloca { .. } => "alloca",
            InstKind::Load { .. } => "load",
            InstKind::Store { .. } => "store",
            InstKind::Fence(_) => "fence",
            InstKind::CmpXchg(_) => "cmpxchg",
            InstKind::AtomicRmw { .. } => "atomicrmw",
            InstKind::GetElementPtr { .. } => "getelementptr",
            InstKind::Cast { op, .. } => op.keyword(),
            InstKind::ICmp { .. } => "icmp",
            InstKind::FCmp { .. } => "fcmp",
            InstKind::Phi { .. } => "phi",
            InstKind::Select { .. } => "select",
            InstKind::Freeze(_) => "freeze",
            InstKind::Call { .. } => "call",
            InstKind::VaArg { .. } => "va_arg",
            InstKind::ExtractElement { .. } => "extractelement",
            InstKind::InsertElement(_) => "insertelement",
            InstKind::ShuffleVector(_) => "shufflevector",
            InstKind::ExtractValue { .. } => "extractvalue",
            InstKind::InsertValue(_) => "insertvalue",
            InstKind::LandingPad { .. } => "landingpad",
            InstKind::CatchPad { .. } => "catchpad",
            InstKind::CleanupPad { .. } => "cleanuppad",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyword_tables_round_trip() {
        for op in BinOp::ALL {
            assert_eq!(BinOp::from_keyword(op.keyword()), Some(*op));
        }
        for op in CastOp::ALL {
            assert_eq!(CastOp::from_keyword(op.keyword()), Some(*op));
        }
        assert_eq!(FloatPredicate::ALL.len(), 16);
        assert_eq!(IntPredicate::ALL.len(), 10);
        assert!(RmwOp::Nand.in_llvm7() && !RmwOp::FAdd.in_llvm7());
    }

    #[test]
    fn alignments_and_scopes_keep_their_values_in_fewer_bytes() {
        for log2 in 0..=32 {
            assert_eq!(Align::new(1 << log2).map(Align::bytes), Some(1 << log2));
        }
        assert!(Align::new(0).is_none() && Align::new(3).is_none() && Align::new(1 << 33).is_none());
        assert!(Align::new(4) < Align::new(8));
        for i in [0, 1, 254, ScopeId::LIMIT - 1] {
            assert_eq!(ScopeId::new(i).map(ScopeId::index), Some(i));
        }
        assert!(ScopeId::new(ScopeId::LIMIT).is_none() && ScopeId::new(u32::MAX).is_none());
    }

    /// Memory per input byte follows these sizes (a large module holds millions of
    /// instructions): a change that grows one should be a decision, not an accident.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn ir_entities_stay_small() {
        use crate::ir::{Function, GlobalVar, Name};
        use std::mem::size_of;
        assert_eq!(size_of::<Name>(), 8);
        assert_eq!(size_of::<Option<Atomic>>(), 4);
        assert_eq!(size_of::<Option<Align>>(), 1);
        assert_eq!(size_of::<InstKind>(), 32);
        assert_eq!(size_of::<Instruction>(), 40);
        assert_eq!(size_of::<CallSite>(), 56);
        // (The first numbered label's used number, for LLVM 7's reading of `N:`, is 8 of these
        // bytes; per function, not per instruction.)
        // A declaration holds no body: blocks, instructions and their lists are one pointer.
        assert!(size_of::<Function>() <= 104, "{}", size_of::<Function>());
        assert_eq!(size_of::<crate::ir::Body>(), 8);
        // A global's section, partition, comdat, code model and attachments are one boxed
        // part that most globals never allocate.
        assert_eq!(size_of::<crate::ir::GlobalProps>(), 24);
        assert_eq!(size_of::<GlobalVar>(), 56);
        assert_eq!(size_of::<crate::ir::module::Alias>(), 40);
        assert_eq!(size_of::<crate::ir::module::IFunc>(), 40);
        assert_eq!(size_of::<crate::ir::Symbol>(), 16);
    }
}
