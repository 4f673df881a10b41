//! Exact conversions of a double into the other floating-point formats, as the `.ll` reader needs
//! them for decimal and `0x` (double) literals given to `half`, `float`, `x86_fp80`, … values:
//! LLVM accepts such a literal only when the value survives the conversion unchanged.

use super::types::FloatKind;

/// The bits of `d` in `kind`, or `None` if the value is not exactly representable there.
pub fn from_f64(kind: FloatKind, d: f64) -> Option<u128> {
    match kind {
        FloatKind::Double => Some(u128::from(d.to_bits())),
        FloatKind::Float => {
            let f = d as f32;
            (f64::from(f).to_bits() == d.to_bits() || (d.is_nan() && f.is_nan())).then(|| u128::from(f.to_bits()))
        }
        FloatKind::Half => to_small(d, 5, 10).map(u128::from),
        FloatKind::BFloat => to_small(d, 8, 7).map(u128::from),
        FloatKind::X86Fp80 => Some(to_x87(d)),
        FloatKind::Fp128 => Some(to_quad(d)),
        // Double-double: the double itself, then a zero low part.
        FloatKind::PpcFp128 => Some(u128::from(d.to_bits())),
    }
}

struct Parts {
    /// Unbiased exponent of the leading 1 bit.
    exp: i32,
    /// The significand with its leading 1 at bit 52.
    mant: u64,
}

fn parts(d: f64) -> Option<Parts> {
    let bits = d.to_bits();
    let e = ((bits >> 52) & 0x7FF) as i32;
    let f = bits & ((1 << 52) - 1);
    if e == 0 {
        if f == 0 {
            return None;
        }
        // Subnormal: normalise.
        let shift = f.leading_zeros() as i32 - 11;
        return Some(Parts { exp: -1022 - shift, mant: f << shift });
    }
    Some(Parts { exp: e - 1023, mant: f | (1 << 52) })
}

/// A binary format with `ebits` exponent and `fbits` fraction bits (half, bfloat), exactly.
fn to_small(d: f64, ebits: u32, fbits: u32) -> Option<u16> {
    let sign = u16::from(d.is_sign_negative()) << 15;
    let max_e = (1u16 << ebits) - 1;
    if d.is_nan() {
        return None;
    }
    if d.is_infinite() {
        return Some(sign | (max_e << fbits));
    }
    let Some(p) = parts(d) else { return Some(sign) };
    let bias = (1i32 << (ebits - 1)) - 1;
    let biased = p.exp + bias;
    if biased >= i32::from(max_e) {
        return None;
    }
    if biased >= 1 {
        // Normal: the low 52 - fbits bits must be zero.
        let drop = 52 - fbits;
        if p.mant & ((1 << drop) - 1) != 0 {
            return None;
        }
        let frac = ((p.mant >> drop) & ((1 << fbits) - 1)) as u16;
        return Some(sign | ((biased as u16) << fbits) | frac);
    }
    // Subnormal in the target.
    let drop = 52 - fbits as i32 + (1 - biased);
    if drop >= 64 || p.mant & ((1u64 << drop) - 1) != 0 {
        return None;
    }
    Some(sign | (p.mant >> drop) as u16)
}

fn to_x87(d: f64) -> u128 {
    let sign = u128::from(d.is_sign_negative()) << 79;
    if d.is_nan() {
        let payload = d.to_bits() & ((1 << 52) - 1);
        return sign | (0x7FFF << 64) | u128::from(0xC000_0000_0000_0000 | (payload << 11));
    }
    if d.is_infinite() {
        return sign | (0x7FFF << 64) | (1 << 63);
    }
    match parts(d) {
        None => sign,
        Some(p) => sign | ((((p.exp + 16383) as u128) & 0x7FFF) << 64) | u128::from(p.mant << 11),
    }
}

fn to_quad(d: f64) -> u128 {
    let sign = u128::from(d.is_sign_negative()) << 127;
    if d.is_nan() {
        let payload = u128::from(d.to_bits() & ((1 << 52) - 1));
        return sign | (0x7FFF << 112) | (1 << 111) | (payload << 60);
    }
    if d.is_infinite() {
        return sign | (0x7FFF << 112);
    }
    match parts(d) {
        None => sign,
        Some(p) => sign | (((p.exp + 16383) as u128) << 112) | (u128::from(p.mant & ((1 << 52) - 1)) << 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_conversions() {
        assert_eq!(from_f64(FloatKind::Float, 1.5), Some(0x3FC0_0000));
        assert_eq!(from_f64(FloatKind::Float, 0.1), None, "0.1 is not a float");
        assert_eq!(from_f64(FloatKind::Half, 1.0), Some(0x3C00));
        assert_eq!(from_f64(FloatKind::Half, -2.0), Some(0xC000));
        assert_eq!(from_f64(FloatKind::Half, 65504.0), Some(0x7BFF));
        assert_eq!(from_f64(FloatKind::Half, 65536.0), None);
        assert_eq!(from_f64(FloatKind::Half, 5.960464477539063e-8), Some(0x0001), "smallest subnormal");
        assert_eq!(from_f64(FloatKind::BFloat, 1.0), Some(0x3F80));
        assert_eq!(from_f64(FloatKind::X86Fp80, 1.0), Some(0x3FFF_8000_0000_0000_0000));
        assert_eq!(from_f64(FloatKind::Fp128, 1.0), Some(0x3FFF << 112));
        assert_eq!(from_f64(FloatKind::Fp128, -0.0), Some(1 << 127));
        assert_eq!(from_f64(FloatKind::PpcFp128, 2.0), Some(u128::from(2.0f64.to_bits())));
    }
}
