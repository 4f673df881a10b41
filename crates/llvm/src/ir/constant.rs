//! Constants, hash-consed: equal constants (same type, same bits) share one handle.

use super::arena::Handle;
use super::module::{BlockName, SymbolId};
use super::types::TypeId;

/// A constant.
pub type ConstId = Handle<ConstData>;

/// An integer of any width, normalised so equal values compare equal, and sized by its value,
/// not its width (an `i8388608 -1` is one word, not 131,072).
///
/// Values of up to 64 bits are [`ApInt::Small`], zero-extended. Wider values are `Small` when
/// they are non-negative and below 2^63, and otherwise [`ApInt::Big`]: the words of the value read
/// as signed at its width, little-endian, fewest that sign-extend to it (the last word's top bit
/// is the sign).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ApInt {
    /// Up to 64 bits (zero-extended), or a wider non-negative value below 2^63.
    Small(u64),
    /// A wider value, as its shortest two's-complement words.
    Big(Box<[u64]>),
}

/// The word of all sign bits.
fn fill(negative: bool) -> u64 {
    if negative {
        u64::MAX
    } else {
        0
    }
}

impl ApInt {
    /// Normalises `words` (little-endian) for a `width`-bit integer.
    pub fn from_words(words: Vec<u64>, width: u32) -> Self {
        Self::from_words_filled(words, false, width)
    }

    /// Normalises `words` (little-endian), above which every bit is `high_ones`, for a
    /// `width`-bit integer.
    pub fn from_words_filled(mut words: Vec<u64>, high_ones: bool, width: u32) -> Self {
        let width = width.max(1);
        let nwords = (width as usize).div_ceil(64);
        words.truncate(nwords);
        let negative = if words.len() == nwords {
            // Sign-extend the top word from the width's top bit.
            let shift = (64 - width % 64) % 64;
            let top = &mut words[nwords - 1];
            *top = (((*top << shift) as i64) >> shift) as u64;
            (*top as i64) < 0
        } else {
            high_ones
        };
        if width <= 64 {
            let v = words.first().copied().unwrap_or(fill(negative));
            return ApInt::Small(if width == 64 { v } else { v & ((1u64 << width) - 1) });
        }
        if words.last().is_none_or(|&w| ((w as i64) < 0) != negative) {
            words.push(fill(negative));
        }
        while words.len() > 1
            && words[words.len() - 1] == fill(negative)
            && ((words[words.len() - 2] as i64) < 0) == negative
        {
            words.pop();
        }
        match words[..] {
            [w] if !negative => ApInt::Small(w),
            _ => ApInt::Big(words.into()),
        }
    }

    /// A `width`-bit integer (`width` ≤ 64) from the low bits of `v`.
    pub fn from_u64(v: u64, width: u32) -> Self {
        debug_assert!(width <= 64);
        ApInt::Small(if width >= 64 { v } else { v & ((1u64 << width) - 1) })
    }

    /// A `width`-bit integer from an `i128` (sign-extended to the width, then truncated).
    pub fn from_i128(v: i128, width: u32) -> Self {
        Self::from_words_filled(vec![v as u64, (v >> 64) as u64], v < 0, width)
    }

    /// The stored words: for [`ApInt::Small`] the value, for [`ApInt::Big`] the shortest
    /// two's-complement words (see [`ApInt::to_words`] for all of a width's bits).
    pub fn words(&self) -> &[u64] {
        match self {
            ApInt::Small(w) => std::slice::from_ref(w),
            ApInt::Big(ws) => ws,
        }
    }

    /// Whether the value is negative at a width over 64 bits (a stored sign).
    fn stored_negative(&self) -> bool {
        matches!(self, ApInt::Big(ws) if ws.last().is_some_and(|&w| (w as i64) < 0))
    }

    /// The `width` bits, little-endian, in `width.div_ceil(64)` words (the top one zero-padded).
    pub fn to_words(&self, width: u32) -> Vec<u64> {
        let nwords = (width.max(1) as usize).div_ceil(64);
        let mut out = self.words().to_vec();
        out.resize(nwords, fill(self.stored_negative()));
        out.truncate(nwords);
        if !width.is_multiple_of(64) {
            out[nwords - 1] &= (1u64 << (width % 64)) - 1;
        }
        out
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        matches!(self, ApInt::Small(0))
    }

    /// The value as unsigned, if it fits in 64 bits.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            ApInt::Small(v) => Some(*v),
            ApInt::Big(ws) => match ws[..] {
                [lo, 0] => Some(lo),
                _ => None,
            },
        }
    }

    /// The value read as signed at `width` bits, if it fits in an `i128`.
    pub fn as_signed(&self, width: u32) -> Option<i128> {
        if width == 0 {
            return None;
        }
        match self {
            ApInt::Small(v) if width < 64 => {
                let shift = 64 - width;
                Some(i128::from(((*v << shift) as i64) >> shift))
            }
            ApInt::Small(v) if width == 64 => Some(i128::from(*v as i64)),
            ApInt::Small(v) => Some(i128::from(*v)),
            ApInt::Big(ws) => match ws[..] {
                [lo] => Some(i128::from(lo as i64)),
                [lo, hi] => Some(((u128::from(hi) << 64) | u128::from(lo)) as i128),
                _ => None,
            },
        }
    }

    /// Words past which [`ApInt::to_literal`] writes hexadecimal: decimal conversion is
    /// quadratic in the words.
    pub const MAX_DECIMAL_WORDS: usize = 1024;

    /// The value as an LLVM integer literal at `width` bits: signed decimal, or for values over
    /// [`ApInt::MAX_DECIMAL_WORDS`] words hexadecimal, `u0x` for non-negative values and `s0x`
    /// for negative ones (which LLVM reads sign-extended from the top digit's top bit).
    pub fn to_literal(&self, width: u32) -> String {
        let words = self.words();
        if words.len() <= Self::MAX_DECIMAL_WORDS {
            return self.to_signed_string(width);
        }
        let mut s = String::with_capacity(3 + words.len() * 16);
        s.push_str(if self.stored_negative() { "s0x" } else { "u0x" });
        let top = words.len() - 1;
        s.push_str(&format!("{:X}", words[top]));
        for w in words[..top].iter().rev() {
            s.push_str(&format!("{w:016X}"));
        }
        s
    }

    /// Decimal text, signed at `width` bits (`i1` prints as `true`/`false` elsewhere).
    pub fn to_signed_string(&self, width: u32) -> String {
        if let Some(v) = self.as_signed(width) {
            return v.to_string();
        }
        // More than two words: two's complement by hand.
        if !self.stored_negative() {
            return decimal(self.words());
        }
        let mut mag: Vec<u64> = self.words().iter().map(|w| !w).collect();
        for w in mag.iter_mut() {
            let (s, carry) = w.overflowing_add(1);
            *w = s;
            if !carry {
                break;
            }
        }
        format!("-{}", decimal(&mag))
    }
}

/// Decimal digits of an unsigned little-endian multi-word number: repeated division by 10^9 over
/// 32-bit halves (each step a 64-bit division by a constant, which compiles to a multiply).
fn decimal(words: &[u64]) -> String {
    let mut n: Vec<u32> = words.iter().flat_map(|&w| [w as u32, (w >> 32) as u32]).collect();
    while n.last() == Some(&0) {
        n.pop();
    }
    if n.is_empty() {
        return "0".into();
    }
    const BASE: u64 = 1_000_000_000;
    let mut chunks = Vec::new();
    while !n.is_empty() {
        let mut rem = 0u64;
        for h in n.iter_mut().rev() {
            let cur = (rem << 32) | u64::from(*h);
            *h = (cur / BASE) as u32;
            rem = cur % BASE;
        }
        chunks.push(rem as u32);
        while n.last() == Some(&0) {
            n.pop();
        }
    }
    let mut s = String::with_capacity(chunks.len() * 9);
    let mut it = chunks.iter().rev();
    if let Some(top) = it.next() {
        s.push_str(&top.to_string());
    }
    for c in it {
        s.push_str(&format!("{c:09}"));
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
        assert_eq!(big, ApInt::Big(vec![u64::MAX - 1].into()));
        assert_eq!(big.to_signed_string(200), "-2");
        assert_eq!(big.to_words(200), vec![u64::MAX - 1, u64::MAX, u64::MAX, 0xFF]);
        // The shortest words: an i8388608 -1 is one word.
        assert_eq!(ApInt::from_words_filled(Vec::new(), true, 1 << 23), ApInt::Big(vec![u64::MAX].into()));
        // 2^64 - 1 at 128 bits needs a zero word above it to stay non-negative.
        assert_eq!(ApInt::from_words(vec![u64::MAX], 128), ApInt::Big(vec![u64::MAX, 0].into()));
        assert_eq!(ApInt::from_words(vec![u64::MAX], 128).to_signed_string(128), u64::MAX.to_string());
        assert_eq!(ApInt::from_words(vec![u64::MAX, u64::MAX, 7], 130).to_signed_string(130), "-1");
        let m = ApInt::from_words(vec![0, 0, 0, 1 << 63], 256); // -2^255
        assert_eq!(
            m.to_signed_string(256),
            "-57896044618658097711785492504343953926634992332820282019728792003956564819968"
        );
        let huge = ApInt::from_words(vec![0, 0, 1], 200); // 2^128
        assert_eq!(huge.to_signed_string(200), "340282366920938463463374607431768211456");
        assert_eq!(ApInt::from_i128(i128::MIN, 128).to_signed_string(128), i128::MIN.to_string());
        let ten19 = ApInt::from_words(vec![10_000_000_000_000_000_000, 0], 128);
        assert_eq!(ten19.to_signed_string(129), "10000000000000000000");
        let mut ws = vec![u64::MAX; ApInt::MAX_DECIMAL_WORDS + 1];
        ws.push(0);
        let wide = ApInt::from_words(ws, 1 << 20);
        let lit = wide.to_literal(1 << 20);
        assert!(lit.starts_with("u0x0FFFF") && lit.len() == 4 + 16 * (ApInt::MAX_DECIMAL_WORDS + 1), "{lit:.20}");
        let mut ws = vec![0; ApInt::MAX_DECIMAL_WORDS + 1];
        ws.push(1 << 63);
        let lit = ApInt::from_words(ws, 64 * (ApInt::MAX_DECIMAL_WORDS as u32 + 2)).to_literal(0);
        assert!(lit.starts_with("s0x8000") && lit.len() == 3 + 16 * (ApInt::MAX_DECIMAL_WORDS + 2), "{lit:.20}");
    }
}
