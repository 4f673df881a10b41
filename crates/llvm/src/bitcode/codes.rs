//! Block ids, record codes and encodings of LLVM bitcode (LLVM 3.x through 19), as data.

/// Block ids with their names, as `llvm-bcanalyzer` prints them.
pub static BLOCKS: &[(u32, &str)] = &[
    (0, "BLOCKINFO_BLOCK"),
    (8, "MODULE_BLOCK"),
    (9, "PARAMATTR_BLOCK"),
    (10, "PARAMATTR_GROUP_BLOCK"),
    (11, "CONSTANTS_BLOCK"),
    (12, "FUNCTION_BLOCK"),
    (13, "IDENTIFICATION_BLOCK"),
    (14, "VALUE_SYMTAB_BLOCK"),
    (15, "METADATA_BLOCK"),
    (16, "METADATA_ATTACHMENT_BLOCK"),
    (17, "TYPE_BLOCK"),
    (18, "USELIST_BLOCK"),
    (19, "MODULE_STRTAB_BLOCK"),
    (20, "GLOBALVAL_SUMMARY_BLOCK"),
    (21, "OPERAND_BUNDLE_TAGS_BLOCK"),
    (22, "METADATA_KIND_BLOCK"),
    (23, "STRTAB_BLOCK"),
    (24, "FULL_LTO_GLOBALVAL_SUMMARY_BLOCK"),
    (25, "SYMTAB_BLOCK"),
    (26, "SYNC_SCOPE_NAMES_BLOCK"),
];

/// The name of a block id (`block N` for unknown ones).
pub fn block_name(id: u32) -> String {
    BLOCKS.iter().find(|(b, _)| *b == id).map_or_else(|| format!("block {id}"), |(_, n)| (*n).to_string())
}

/// Block ids (named as in `BLOCKS`).
#[allow(missing_docs)]
pub mod block {
    pub const MODULE: u32 = 8;
    pub const PARAMATTR: u32 = 9;
    pub const PARAMATTR_GROUP: u32 = 10;
    pub const CONSTANTS: u32 = 11;
    pub const FUNCTION: u32 = 12;
    pub const IDENTIFICATION: u32 = 13;
    pub const VALUE_SYMTAB: u32 = 14;
    pub const METADATA: u32 = 15;
    pub const METADATA_ATTACHMENT: u32 = 16;
    pub const TYPE_NEW: u32 = 17;
    pub const USELIST: u32 = 18;
    pub const MODULE_STRTAB: u32 = 19;
    pub const GLOBALVAL_SUMMARY: u32 = 20;
    pub const OPERAND_BUNDLE_TAGS: u32 = 21;
    pub const METADATA_KIND: u32 = 22;
    pub const STRTAB: u32 = 23;
    pub const SYMTAB: u32 = 25;
    pub const SYNC_SCOPE_NAMES: u32 = 26;
}

/// Whether an old linkage code (weak, linkonce, weak_odr, linkonce_odr as LLVM 3.x numbered
/// them) gave a global an implicit comdat.
pub fn implicit_comdat(raw: u64) -> bool {
    matches!(raw, 1 | 4 | 10 | 11)
}

/// Linkage encodings (old ones included) as the reader decodes them.
pub fn linkage(raw: u64) -> Option<crate::ir::module::Linkage> {
    use crate::ir::module::Linkage::*;
    Some(match raw {
        0 | 5 | 6 | 15 => External,
        2 => Appending,
        3 => Internal,
        7 => ExternWeak,
        8 => Common,
        9 | 13 | 14 => Private,
        12 => AvailableExternally,
        1 | 16 => Weak,
        10 | 17 => WeakOdr,
        4 | 18 => LinkOnce,
        11 | 19 => LinkOnceOdr,
        _ => return None,
    })
}

/// Attribute kind codes and their keywords (`ATTR_KIND_*`).
pub static ATTR_KINDS: &[(u64, &str)] = &[
    (1, "align"),
    (2, "alwaysinline"),
    (3, "byval"),
    (4, "inlinehint"),
    (5, "inreg"),
    (6, "minsize"),
    (7, "naked"),
    (8, "nest"),
    (9, "noalias"),
    (10, "nobuiltin"),
    (11, "nocapture"),
    (12, "noduplicate"),
    (13, "noimplicitfloat"),
    (14, "noinline"),
    (15, "nonlazybind"),
    (16, "noredzone"),
    (17, "noreturn"),
    (18, "nounwind"),
    (19, "optsize"),
    (20, "readnone"),
    (21, "readonly"),
    (22, "returned"),
    (23, "returns_twice"),
    (24, "signext"),
    (25, "alignstack"),
    (26, "ssp"),
    (27, "sspreq"),
    (28, "sspstrong"),
    (29, "sret"),
    (30, "sanitize_address"),
    (31, "sanitize_thread"),
    (32, "sanitize_memory"),
    (33, "uwtable"),
    (34, "zeroext"),
    (35, "builtin"),
    (36, "cold"),
    (37, "optnone"),
    (38, "inalloca"),
    (39, "nonnull"),
    (40, "jumptable"),
    (41, "dereferenceable"),
    (42, "dereferenceable_or_null"),
    (43, "convergent"),
    (44, "safestack"),
    (45, "argmemonly"),
    (46, "swiftself"),
    (47, "swifterror"),
    (48, "norecurse"),
    (49, "inaccessiblememonly"),
    (50, "inaccessiblemem_or_argmemonly"),
    (51, "allocsize"),
    (52, "writeonly"),
    (53, "speculatable"),
    (54, "strictfp"),
    (55, "sanitize_hwaddress"),
    (56, "nocf_check"),
    (57, "optforfuzzing"),
    (58, "shadowcallstack"),
    (59, "speculative_load_hardening"),
    (60, "immarg"),
    (61, "willreturn"),
    (62, "nofree"),
    (63, "nosync"),
    (64, "sanitize_memtag"),
    (65, "preallocated"),
    (66, "nomerge"),
    (67, "null_pointer_is_valid"),
    (68, "noundef"),
    (69, "byref"),
    (70, "mustprogress"),
    (71, "nocallback"),
    (72, "hot"),
    (73, "noprofile"),
    (74, "vscale_range"),
    (75, "swiftasync"),
    (76, "nosanitize_coverage"),
    (77, "elementtype"),
    (78, "disable_sanitizer_instrumentation"),
    (79, "nosanitize_bounds"),
    (80, "allocalign"),
    (81, "allocptr"),
    (82, "allockind"),
    (83, "presplitcoroutine"),
    (84, "fn_ret_thunk_extern"),
    (85, "skipprofile"),
    (86, "memory"),
    (87, "nofpclass"),
    (88, "optdebug"),
    (89, "writable"),
    (90, "coro_only_destroy_when_complete"),
    (91, "dead_on_unwind"),
    (92, "range"),
    (93, "sanitize_numerical_stability"),
    (94, "initializes"),
    (95, "hybrid_patchable"),
    (96, "sanitize_realtime"),
    (97, "sanitize_realtime_blocking"),
    (98, "coro_elide_safe"),
    (99, "noext"),
    (100, "nodivergencesource"),
    (101, "sanitize_type"),
    (102, "captures"),
];

/// The keyword of an attribute kind code.
pub fn attr_kind(code: u64) -> Option<&'static str> {
    ATTR_KINDS.get(code.checked_sub(1)? as usize).filter(|(c, _)| *c == code).map(|(_, n)| *n)
}

/// Binary opcodes in bitcode order.
pub fn binop(code: u64, float: bool) -> Option<crate::ir::instruction::BinOp> {
    use crate::ir::instruction::BinOp::*;
    Some(match (code, float) {
        (0, false) => Add,
        (0, true) => FAdd,
        (1, false) => Sub,
        (1, true) => FSub,
        (2, false) => Mul,
        (2, true) => FMul,
        (3, _) => UDiv,
        (4, false) => SDiv,
        (4, true) => FDiv,
        (5, _) => URem,
        (6, false) => SRem,
        (6, true) => FRem,
        (7, _) => Shl,
        (8, _) => LShr,
        (9, _) => AShr,
        (10, _) => And,
        (11, _) => Or,
        (12, _) => Xor,
        _ => return None,
    })
}

/// Cast opcodes in bitcode order.
pub static CASTS: &[crate::ir::instruction::CastOp] = {
    use crate::ir::instruction::CastOp::*;
    &[
        Trunc,
        ZExt,
        SExt,
        FPToUI,
        FPToSI,
        UIToFP,
        SIToFP,
        FPTrunc,
        FPExt,
        PtrToInt,
        IntToPtr,
        BitCast,
        AddrSpaceCast,
        PtrToAddr,
    ]
};

/// `atomicrmw` operations in bitcode order.
pub static RMW_OPS: &[crate::ir::instruction::RmwOp] = {
    use crate::ir::instruction::RmwOp::*;
    &[
        Xchg,
        Add,
        Sub,
        And,
        Nand,
        Or,
        Xor,
        Max,
        Min,
        UMax,
        UMin,
        FAdd,
        FSub,
        FMax,
        FMin,
        UIncWrap,
        UDecWrap,
        USubCond,
        USubSat,
        FMaximum,
        FMinimum,
        FMaximumNum,
        FMinimumNum,
    ]
};

/// Atomic orderings (0 is "not atomic").
pub fn ordering(raw: u64) -> Option<crate::ir::instruction::Ordering> {
    use crate::ir::instruction::Ordering::*;
    Some(match raw {
        1 => Unordered,
        2 => Monotonic,
        3 => Acquire,
        4 => Release,
        5 => AcqRel,
        6 => SeqCst,
        _ => return None,
    })
}

/// Comdat selection kinds.
pub fn comdat_kind(raw: u64) -> Option<&'static str> {
    Some(match raw {
        1 => "any",
        2 => "exactmatch",
        3 => "largest",
        4 => "nodeduplicate",
        5 => "samesize",
        _ => return None,
    })
}

/// `fcmp` predicates in bitcode numbering (0–15).
pub static FCMP: &[crate::ir::instruction::FloatPredicate] = {
    use crate::ir::instruction::FloatPredicate::*;
    &[False, Oeq, Ogt, Oge, Olt, Ole, One, Ord, Uno, Ueq, Ugt, Uge, Ult, Ule, Une, True]
};

/// `icmp` predicates in bitcode numbering (32–41).
pub static ICMP: &[crate::ir::instruction::IntPredicate] = {
    use crate::ir::instruction::IntPredicate::*;
    &[Eq, Ne, Ugt, Uge, Ult, Ule, Sgt, Sge, Slt, Sle]
};
