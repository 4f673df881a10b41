//! Constants, hash-consed: equal constants (same type, same bits) share one handle.

use super::arena::Handle;
use super::module::{BlockName, SymbolId};
use super::types::TypeId;

/// A constant.
pub type ConstId = Handle<ConstData>;

/// An integer of any width: the low bits of the value, little-endian 64-bit words, normalised
/// (truncated to the type's width, no redundant high words) so equal values compare equal.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ApInt {
    /// Up to 64 bits.
    Small(u64),
    /// More than 64 bits; at least two words, the last non-zero.
    Big(Box<[u64]>),
}

impl ApInt {
    /// Normalises `words` (little-endian) for a `width`-bit integer.
    pub fn from_words(mut words: Vec<u64>, width: u32) -> Self {
        let nwords = (width as usize).div_ceil(64).max(1);
        words.resize(nwords, 0);
        if !width.is_multiple_of(64) {
            let last = nwords - 1;
            words[last] &= (1u64 << (width % 64)) - 1;
        }
        while words.len() > 1 && words.last() == Some(&0) {
            words.pop();
        }
        if words.len() == 1 {
            ApInt::Small(words[0])
        } else {
            ApInt::Big(words.into())
        }
    }

    /// A `width`-bit integer (`width` ≤ 64) from the low bits of `v`.
    pub fn from_u64(v: u64, width: u32) -> Self {
        debug_assert!(width <= 64);
        ApInt::Small(if width >= 64 { v } else { v & ((1u64 << width) - 1) })
    }

    /// A `width`-bit integer from an `i128` (sign-extended to the width, then truncated).
    pub fn from_i128(v: i128, width: u32) -> Self {
        if width <= 64 {
            return Self::from_u64(v as u64, width);
        }
        let lo = v as u64;
        let hi = (v >> 64) as u64;
        let ext = if v < 0 { u64::MAX } else { 0 };
        let nwords = (width as usize).div_ceil(64).max(2);
        let mut words = vec![ext; nwords];
        words[0] = lo;
        words[1] = hi;
        Self::from_words(words, width)
    }

    /// The little-endian words.
    pub fn words(&self) -> &[u64] {
        match self {
            ApInt::Small(w) => std::slice::from_ref(w),
            ApInt::Big(ws) => ws,
        }
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        matches!(self, ApInt::Small(0))
    }

    /// The value as unsigned, if it fits in 64 bits.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            ApInt::Small(v) => Some(*v),
            ApInt::Big(_) => None,
        }
    }

    /// The value read as signed at `width` bits, if it fits in an `i128`.
    pub fn as_signed(&self, width: u32) -> Option<i128> {
        let w = self.words();
        if w.len() > 2 || width == 0 {
            return None;
        }
        let raw = u128::from(w[0]) | (u128::from(*w.get(1).unwrap_or(&0)) << 64);
        if width >= 128 {
            return (width == 128).then_some(raw as i128);
        }
        let shift = 128 - width;
        Some(((raw << shift) as i128) >> shift)
    }

    /// Decimal text, signed at `width` bits (`i1` prints as `true`/`false` elsewhere).
    pub fn to_signed_string(&self, width: u32) -> String {
        if let Some(v) = self.as_signed(width) {
            return v.to_string();
        }
        // Wider than 128 bits: two's complement by hand.
        let words = self.words();
        let negative = width > 0 && {
            let bit = width - 1;
            words.get((bit / 64) as usize).is_some_and(|w| (w >> (bit % 64)) & 1 == 1)
        };
        let mut mag: Vec<u64> = words.to_vec();
        mag.resize((width as usize).div_ceil(64), 0);
        if negative {
            // magnitude = 2^width - value
            for w in mag.iter_mut() {
                *w = !*w;
            }
            if !width.is_multiple_of(64) {
                let last = mag.len() - 1;
                mag[last] &= (1u64 << (width % 64)) - 1;
            }
            for w in mag.iter_mut() {
                let (s, carry) = w.overflowing_add(1);
                *w = s;
                if !carry {
                    break;
                }
            }
        }
        let digits = decimal(&mag);
        if negative {
            format!("-{digits}")
        } else {
            digits
        }
    }
}

/// Decimal digits of an unsigned little-endian multi-word number.
fn decimal(words: &[u64]) -> String {
    let mut n: Vec<u64> = words.to_vec();
    while n.len() > 1 && n.last() == Some(&0) {
        n.pop();
    }
    if n.iter().all(|&w| w == 0) {
        return "0".into();
    }
    let mut chunks = Vec::new();
    const BASE: u128 = 10_000_000_000_000_000_000; // 10^19
    while !(n.len() == 1 && n[0] == 0) {
        let mut rem: u128 = 0;
        for w in n.iter_mut().rev() {
            let cur = (rem << 64) | u128::from(*w);
            *w = (cur / BASE) as u64;
            rem = cur % BASE;
        }
        chunks.push(rem as u64);
        while n.len() > 1 && n.last() == Some(&0) {
            n.pop();
        }
    }
    let mut s = chunks.pop().unwrap().to_string();
    for c in chunks.iter().rev() {
        s.push_str(&format!("{c:019}"));
    }
    s
}

/// Constant-expression opcodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ExprOp {
    /// A binary operator (`add`, `sub`, `mul`, `shl`, `xor`, …); the opcode's name.
    Binary(super::instruction::BinOp),
    /// A cast (`bitcast`, `ptrtoint`, `addrspacecast`, …).
    Cast(super::instruction::CastOp),
    /// `getelementptr`.
    GetElementPtr,
    /// `icmp`.
    ICmp(super::instruction::IntPredicate),
    /// `fcmp`.
    FCmp(super::instruction::FloatPredicate),
    /// `select`.
    Select,
    /// `extractelement`.
    ExtractElement,
    /// `insertelement`.
    InsertElement,
    /// `shufflevector` (the mask is in `indices`, -1 = undef).
    ShuffleVector,
    /// `extractvalue` (indices in `indices`).
    ExtractValue,
    /// `insertvalue`.
    InsertValue,
    /// `fneg`.
    FNeg,
}

/// A constant expression.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ConstExpr {
    /// The operation.
    pub op: ExprOp,
    /// Result type.
    pub ty: TypeId,
    /// Wrap/exact/inbounds flags ([`super::instruction::flags`]).
    pub flags: u8,
    /// Operands (for GEP: the base, then the indices).
    pub operands: Box<[ConstId]>,
    /// GEP source element type.
    pub source_ty: Option<TypeId>,
    /// GEP `inrange` operand index (LLVM ≤ 18), or extract/insert-value indices, or a shuffle mask.
    pub indices: Box<[i64]>,
    /// GEP `inrange(start, end)` (LLVM 19): the byte range the result may access.
    pub inrange: Option<(i64, i64)>,
}

/// A constant's structure.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ConstData {
    /// An integer (`i1` included: `true`/`false`).
    Int {
        /// Its type.
        ty: TypeId,
        /// Its bits.
        value: ApInt,
    },
    /// A floating-point value, kept as its exact bits.
    Float {
        /// Its type.
        ty: TypeId,
        /// The bits (low bits for narrower kinds).
        bits: Bits128,
    },
    /// `null` (pointers).
    Null(TypeId),
    /// `undef`.
    Undef(TypeId),
    /// `poison`.
    Poison(TypeId),
    /// `zeroinitializer`.
    Zero(TypeId),
    /// `none` (token).
    NoneToken(TypeId),
    /// `[ … ]` array.
    Array {
        /// Its type.
        ty: TypeId,
        /// Elements.
        elems: Box<[ConstId]>,
    },
    /// `< … >` vector.
    Vector {
        /// Its type.
        ty: TypeId,
        /// Elements.
        elems: Box<[ConstId]>,
    },
    /// `{ … }` struct.
    Struct {
        /// Its type.
        ty: TypeId,
        /// Fields.
        fields: Box<[ConstId]>,
    },
    /// `c"…"`: an `[N x i8]` array as bytes.
    Bytes {
        /// Its type.
        ty: TypeId,
        /// The bytes.
        bytes: Box<[u8]>,
    },
    /// A global's address.
    Global {
        /// The pointer type.
        ty: TypeId,
        /// Which global.
        global: SymbolId,
    },
    /// `blockaddress(@f, %bb)`.
    BlockAddress {
        /// Its type.
        ty: TypeId,
        /// The function.
        func: SymbolId,
        /// The block.
        block: BlockName,
    },
    /// `dso_local_equivalent @f`.
    DsoLocalEquivalent {
        /// Its type.
        ty: TypeId,
        /// The function.
        global: SymbolId,
    },
    /// `no_cfi @f`.
    NoCfi {
        /// Its type.
        ty: TypeId,
        /// The function.
        global: SymbolId,
    },
    /// A constant expression (boxed: the other kinds are a third of its size, and a module holds
    /// hundreds of thousands of constants).
    Expr(Box<ConstExpr>),
}

/// 128 bits as two words: a `u128` field would align every constant to 16 bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bits128([u64; 2]);

impl From<u128> for Bits128 {
    fn from(v: u128) -> Self {
        Bits128([v as u64, (v >> 64) as u64])
    }
}

impl Bits128 {
    /// The value.
    pub fn get(self) -> u128 {
        u128::from(self.0[0]) | (u128::from(self.0[1]) << 64)
    }
}

impl ConstData {
    /// The constant's type.
    pub fn ty(&self) -> TypeId {
        match self {
            ConstData::Int { ty, .. }
            | ConstData::Float { ty, .. }
            | ConstData::Null(ty)
            | ConstData::Undef(ty)
            | ConstData::Poison(ty)
            | ConstData::Zero(ty)
            | ConstData::NoneToken(ty)
            | ConstData::Array { ty, .. }
            | ConstData::Vector { ty, .. }
            | ConstData::Struct { ty, .. }
            | ConstData::Bytes { ty, .. }
            | ConstData::Global { ty, .. }
            | ConstData::BlockAddress { ty, .. }
            | ConstData::DsoLocalEquivalent { ty, .. }
            | ConstData::NoCfi { ty, .. } => *ty,
            ConstData::Expr(e) => e.ty,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apint_normalises_and_prints_signed() {
        assert_eq!(ApInt::from_i128(-1, 8), ApInt::Small(0xFF));
        assert_eq!(ApInt::from_i128(-1, 8).to_signed_string(8), "-1");
        assert_eq!(ApInt::from_i128(255, 8).to_signed_string(8), "-1");
        assert_eq!(ApInt::from_i128(-1, 1).to_signed_string(1), "-1");
        assert_eq!(ApInt::from_i128(5, 128), ApInt::Small(5));
        let big = ApInt::from_i128(-2, 200);
        assert_eq!(big.to_signed_string(200), "-2");
        let huge = ApInt::from_words(vec![0, 0, 1], 200); // 2^128
        assert_eq!(huge.to_signed_string(200), "340282366920938463463374607431768211456");
        assert_eq!(ApInt::from_i128(i128::MIN, 128).to_signed_string(128), i128::MIN.to_string());
    }
}
