//! Float semantics and MLIR's float printing (APFloat's decimal formatting, the round-trip check
//! and the hexadecimal fallback), so constants print as `tileirdisasm` prints them.

/// A binary float format: exponent and stored-mantissa widths, and its non-IEEE quirks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Semantics {
    /// Total bits.
    pub bits: u32,
    /// Exponent bits.
    pub exp_bits: u32,
    /// Stored mantissa bits.
    pub man_bits: u32,
    /// Exponent bias.
    pub bias: i32,
    /// All-ones exponent is a normal binade (no infinities): the FN/FNU formats.
    pub finite_only: bool,
}

/// The semantics of a scalar type tag, when it is a float.
pub fn semantics(tag: u64) -> Option<Semantics> {
    let s = |bits, exp_bits, man_bits, finite_only| Semantics {
        bits,
        exp_bits,
        man_bits,
        bias: (1 << (exp_bits - 1)) - 1,
        finite_only,
    };
    Some(match tag {
        5 => s(16, 5, 10, false),
        6 => s(16, 8, 7, false),
        7 => s(32, 8, 23, false),
        8 => s(19, 8, 10, false),
        9 => s(64, 11, 52, false),
        10 => s(8, 4, 3, true),
        11 => s(8, 5, 2, false),
        18 => Semantics { bits: 8, exp_bits: 8, man_bits: 0, bias: 127, finite_only: true },
        19 => s(4, 2, 1, true),
        130 => s(8, 5, 3, true),
        _ => return None,
    })
}

/// A decoded finite value: sign, integer significand and binary exponent (value = sig × 2^exp).
enum Decoded {
    Zero(bool),
    Finite(bool, u64, i32),
    Special,
}

fn decode(s: Semantics, bits: u64) -> Decoded {
    let sign = s.exp_bits + s.man_bits < s.bits && (bits >> (s.exp_bits + s.man_bits)) & 1 != 0;
    let e = ((bits >> s.man_bits) & ((1 << s.exp_bits) - 1)) as i32;
    let m = bits & ((1u64 << s.man_bits) - 1);
    let emax = (1 << s.exp_bits) - 1;
    if s.man_bits == 0 {
        // E8M0: a power of two, all-ones is NaN.
        return if e == emax { Decoded::Special } else { Decoded::Finite(false, 1, e - s.bias) };
    }
    if e == emax && (!s.finite_only || m == (1 << s.man_bits) - 1) {
        return Decoded::Special;
    }
    if e == 0 {
        if m == 0 {
            return Decoded::Zero(sign);
        }
        return Decoded::Finite(sign, m, 1 - s.bias - s.man_bits as i32);
    }
    Decoded::Finite(sign, m | (1 << s.man_bits), e - s.bias - s.man_bits as i32)
}

/// The value as an f64 (exact for every format here), `None` for NaN/Inf.
pub fn to_f64(s: Semantics, bits: u64) -> Option<f64> {
    match decode(s, bits) {
        Decoded::Zero(neg) => Some(if neg { -0.0 } else { 0.0 }),
        Decoded::Finite(neg, sig, exp) => {
            let v = sig as f64 * 2f64.powi(exp);
            Some(if neg { -v } else { v })
        }
        Decoded::Special => None,
    }
}

/// Whether the bit pattern is NaN.
pub fn is_nan(s: Semantics, bits: u64) -> bool {
    matches!(decode(s, bits), Decoded::Special) && {
        let m = bits & ((1u64 << s.man_bits) - 1);
        s.finite_only || m != 0
    }
}

/// Rounds an f64 to the format (nearest, ties to even); the bit pattern.
pub fn from_f64(s: Semantics, v: f64) -> u64 {
    if s.bits == 64 {
        return v.to_bits();
    }
    if s.bits == 32 {
        return u64::from((v as f32).to_bits());
    }
    let sign =
        if v.is_sign_negative() && s.exp_bits + s.man_bits < s.bits { 1u64 << (s.exp_bits + s.man_bits) } else { 0 };
    let a = v.abs();
    if a == 0.0 {
        return sign;
    }
    // Find the exponent and scale to an integer significand with man_bits fraction bits.
    let min_exp = 1 - s.bias;
    let mut e = a.log2().floor() as i32;
    if e < min_exp {
        e = min_exp;
    }
    let scaled = a * 2f64.powi(s.man_bits as i32 - e);
    let mut q = scaled.round();
    if (scaled - scaled.floor() - 0.5).abs() == 0.0 && q % 2.0 != 0.0 {
        q -= 1.0;
    }
    let mut q = q as u64;
    if q >> (s.man_bits + 1) != 0 {
        q >>= 1;
        e += 1;
    }
    let biased = if q >> s.man_bits == 0 { 0 } else { (e + s.bias) as u64 };
    sign | (biased << s.man_bits) | (q & ((1 << s.man_bits) - 1))
}

/// A little unsigned big integer, enough for exact decimal expansion of any format here.
struct Big(Vec<u32>);

impl Big {
    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }
    fn shl(&mut self, n: u32) {
        for _ in 0..n {
            self.mul_small(2);
        }
    }
    fn divmod10(&mut self) -> u8 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let cur = (rem << 32) | u64::from(*limb);
            *limb = (cur / 10) as u32;
            rem = cur % 10;
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        rem as u8
    }
    fn bits(&self) -> usize {
        match self.0.last() {
            None => 0,
            Some(&top) => (self.0.len() - 1) * 32 + (32 - top.leading_zeros() as usize),
        }
    }
}

/// APFloat's `toString(precision, max_padding, truncate_zero)` for a finite value.
pub fn apfloat_string(s: Semantics, bits: u64, precision: usize, width: usize, truncate_zero: bool) -> String {
    let mut out = String::new();
    let (neg, sig, exp) = match decode(s, bits) {
        Decoded::Zero(neg) => {
            if neg {
                out.push('-');
            }
            if width == 0 {
                if truncate_zero {
                    out.push_str("0.0E+0");
                } else {
                    out.push_str("0.0");
                    if precision > 1 {
                        out.extend(std::iter::repeat_n('0', precision - 1));
                    }
                    out.push_str("e+00");
                }
            } else {
                out.push('0');
            }
            return out;
        }
        Decoded::Finite(neg, sig, exp) => (neg, sig, exp),
        Decoded::Special => return "nan".into(),
    };
    if neg {
        out.push('-');
    }
    let semantic_precision = s.man_bits as usize + 1;
    let precision = if precision == 0 { 2 + semantic_precision * 59 / 196 } else { precision };
    let tz = sig.trailing_zeros();
    let mut sig_v = sig >> tz;
    let mut exp = exp + tz as i32;
    let mut big = Big(vec![sig_v as u32, (sig_v >> 32) as u32]);
    while big.0.last() == Some(&0) {
        big.0.pop();
    }
    if exp > 0 {
        big.shl(exp as u32);
        exp = 0;
    } else if exp < 0 {
        for _ in 0..(-exp) {
            big.mul_small(5);
        }
    }
    sig_v = 0;
    let _ = sig_v;
    let required = (precision * 196).div_ceil(59);
    let mut discard = big.bits().saturating_sub(required) * 59 / 196;
    let mut buffer: Vec<u8> = Vec::new();
    let mut in_trail = true;
    while !big.0.is_empty() {
        let digit = big.divmod10();
        if discard > 0 {
            discard -= 1;
            exp += 1;
            continue;
        }
        if in_trail && digit == 0 {
            exp += 1;
        } else {
            in_trail = false;
            buffer.push(b'0' + digit);
        }
    }
    if buffer.is_empty() {
        buffer.push(b'0');
    }
    if buffer.len() > precision {
        let mut first = buffer.len() - precision;
        if buffer[first - 1] < b'5' {
            while first < buffer.len() && buffer[first] == b'0' {
                first += 1;
            }
        } else {
            let mut i = first;
            while i < buffer.len() {
                if buffer[i] == b'9' {
                    first += 1;
                    i += 1;
                } else {
                    buffer[i] += 1;
                    break;
                }
            }
        }
        exp += first as i32;
        buffer.drain(..first);
        if buffer.is_empty() {
            buffer.push(b'1');
        }
    }
    let digits = buffer.len();
    let scientific = if width == 0 {
        true
    } else if exp >= 0 {
        exp as usize > width || digits + exp as usize > precision
    } else {
        let msd = exp + digits as i32 - 1;
        msd < 0 && (-msd) as usize > width
    };
    if scientific {
        exp += digits as i32 - 1;
        out.push(buffer[digits - 1] as char);
        out.push('.');
        if digits == 1 && truncate_zero {
            out.push('0');
        } else {
            for &d in buffer[..digits - 1].iter().rev() {
                out.push(d as char);
            }
        }
        if !truncate_zero && precision > digits - 1 {
            out.extend(std::iter::repeat_n('0', precision - digits + 1));
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        if truncate_zero {
            out.push_str(&format!("{exp:+}"));
        } else {
            out.push_str(&format!("{exp:+03}"));
        }
        return out;
    }
    if exp >= 0 {
        for &d in buffer.iter().rev() {
            out.push(d as char);
        }
        out.extend(std::iter::repeat_n('0', exp as usize));
        return out;
    }
    let unit = (-exp) as usize;
    if unit < digits {
        for &d in buffer[unit..].iter().rev() {
            out.push(d as char);
        }
        out.push('.');
        for &d in buffer[..unit].iter().rev() {
            out.push(d as char);
        }
    } else {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', unit - digits));
        for &d in buffer.iter().rev() {
            out.push(d as char);
        }
    }
    out
}

/// MLIR's float printing: `%e`-like when it round-trips, else APFloat's shortest-ish form, else hex.
pub fn mlir_float(s: Semantics, bits: u64) -> String {
    if to_f64(s, bits).is_some() {
        let text = apfloat_string(s, bits, 6, 0, false);
        if text.parse::<f64>().is_ok_and(|v| from_f64(s, v) == bits) {
            return text;
        }
        let text = apfloat_string(s, bits, 0, 3, true);
        if text.contains('.') {
            return text;
        }
    }
    let digits = s.bits.div_ceil(4) as usize;
    let _ = digits;
    format!("0x{bits:X}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_like_mlir() {
        let f32s = semantics(7).unwrap();
        let f = |v: f32| mlir_float(f32s, u64::from(v.to_bits()));
        assert_eq!(f(0.0), "0.000000e+00");
        assert_eq!(f(2.0), "2.000000e+00");
        assert_eq!(f(256.0), "2.560000e+02");
        assert_eq!(f(0.5), "5.000000e-01");
        assert_eq!(f(1e-5), "9.99999974E-6");
        assert_eq!(f(f32::INFINITY), "0x7F800000");
        let f16s = semantics(5).unwrap();
        assert_eq!(mlir_float(f16s, 0xFC00), "0xFC00");
        assert_eq!(mlir_float(f16s, 0x3800), "5.000000e-01");
    }
}
