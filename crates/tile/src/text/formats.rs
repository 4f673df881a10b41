//! How each op prints, as data: MLIR declarative assembly formats (from the dialect's op
//! definitions) in a compact spelling, interpreted with MLIR's spacing rules by the printer.
//!
//! Spelling: `'x'` literal, `' '` space, `''` no space, `$name` operand group or attribute,
//! `ty($x)` its types (`$result`: the results), `ty1($x)` the first type only, `fn($x)` a custom
//! directive (ieee, divf, exp, tanh, sqrt, introunding, pred, ord, sign, assume, dense),
//! `( … )?` optional group (anchor marked `^`), `oilist` the maxf/minf unit flags, `argregion` a
//! reduce/scan body, `attr-dict` the (always empty) attribute dictionary.
//! Ops printed by hand: for, loop, if, load/store/atomic view ops, make_*_view, entry,
//! get_index_space_shape, get_tensor_shape.

/// The format of an op, by mnemonic.
pub fn format(name: &str) -> Option<&'static str> {
    const UNARY: &str = "$source attr-dict ':' ty($result)";
    const CAST: &str = "$source attr-dict ':' ty($source) '->' ty($result)";
    const BIN: &str = "$lhs ',' $rhs attr-dict ':' ty($result)";
    const BIN_OVF: &str = "$lhs ',' $rhs ('overflow' '' $overflow^)? attr-dict ':' ty($result)";
    const BIN_IEEE: &str =
        "$lhs ',' $rhs ieee($rounding_mode) ('flush_to_zero' $flush_to_zero^)? attr-dict ':' ty($result)";
    const BIN_SIGN: &str = "$lhs ',' $rhs sign($signedness) attr-dict ':' ty($result)";
    const TERM: &str = "attr-dict ($operands^ ':' ty($operands))?";
    const MINMAX: &str = "$lhs ',' $rhs oilist attr-dict ':' ty($result)";
    Some(match name {
        "absf" | "absi" | "ceil" | "cos" | "cosh" | "floor" | "log" | "log2" | "negf" | "sin" | "sinh" | "tan" => UNARY,
        "bitcast" | "broadcast" | "reshape" | "int_to_ptr" | "ptr_to_int" | "ptr_to_ptr" | "pack" | "unpack" => CAST,
        "andi" | "ori" | "xori" | "remf" => BIN,
        "atan2" | "mulhii" => "$x ',' $y attr-dict ':' ty($result)",
        "fpowf" => "$source ',' $exponent attr-dict ':' ty($result)",
        "fpowi" => "$source ',' $exponent attr-dict ':' ty($source) ',' ty($exponent)",
        "addi" | "subi" | "muli" | "shli" => BIN_OVF,
        "addf" | "subf" | "mulf" => BIN_IEEE,
        "divf" => "$lhs ',' $rhs divf($rounding_mode) ('flush_to_zero' $flush_to_zero^)? attr-dict ':' ty($result)",
        "maxi" | "mini" | "remi" | "shri" => BIN_SIGN,
        "divi" => "$lhs ',' $rhs sign($signedness) ('rounding' '' $rounding^)? attr-dict ':' ty($result)",
        "maxf" | "minf" => MINMAX,
        "break" | "continue" | "yield" | "return" => TERM,
        "negi" => "$source ('overflow' '' $overflow^)? attr-dict ':' ty($result)",
        "trunci" => "$from_ ('overflow' '' $overflow^)? attr-dict ':' ty($from_) '->' ty($result)",
        "exti" => "$from_ sign($signedness) attr-dict ':' ty($from_) '->' ty($result)",
        "ftof" => "$from_ ieee($rounding_mode) attr-dict ':' ty($from_) '->' ty($result)",
        "ftoi" => "$from_ sign($signedness) introunding($rounding_mode) attr-dict ':' ty($from_) '->' ty($result)",
        "itof" => "$from_ sign($signedness) ieee($rounding_mode) attr-dict ':' ty($from_) '->' ty($result)",
        "fma" => "$lhs ',' $rhs ',' $acc ieee($rounding_mode) ('flush_to_zero' $flush_to_zero^)? attr-dict ':' ty($result)",
        "exp" => "$source exp($rounding_mode) attr-dict ':' ty($result)",
        "exp2" | "rsqrt" => "$source ('flush_to_zero' $flush_to_zero^)? attr-dict ':' ty($result)",
        "sqrt" => "$source sqrt($rounding_mode) ('flush_to_zero' $flush_to_zero^)? attr-dict ':' ty($result)",
        "tanh" => "$source tanh($rounding_mode) attr-dict ':' ty($result)",
        "assert" => "$condition ',' $message attr-dict ':' ty($condition)",
        "alloca" => "'num_elem' '=' $num_elem ',' 'alignment' '=' $alignment ('global' $global_^)? attr-dict ':' ty($result)",
        "assume" => "assume($predicate) ',' $value attr-dict ':' ty($value)",
        "atomic_cas_tko" => "$memory_ordering_semantics $memory_scope $pointers ',' $cmp ',' $val (',' $mask^)? ('token' '' '=' '' $token^)? attr-dict ':' ty($pointers) ',' ty($val) (',' ty($mask)^)? '->' ty($result)",
        "atomic_rmw_tko" => "$memory_ordering_semantics $memory_scope $pointers ',' $mode ',' $arg (',' $mask^)? ('token' '' '=' '' $token^)? attr-dict ':' ty($pointers) ',' ty($arg) (',' ty($mask)^)? '->' ty($result)",
        "cat" => "$lhs ',' $rhs 'dim' '=' $dim attr-dict ':' ty($lhs) ',' ty($rhs) '->' ty($result)",
        "cmpf" => "pred($comparison_predicate) ord($comparison_ordering) $lhs ',' $rhs attr-dict ':' ty($lhs) '->' ty($result)",
        "cmpi" => "pred($comparison_predicate) $lhs ',' $rhs ',' sign($signedness) attr-dict ':' ty($lhs) '->' ty($result)",
        "constant" => "dense($value) attr-dict",
        "mmaf" => "$lhs ',' $rhs ',' $acc ('fast_acc' $fast_acc^)? attr-dict ':' ty($lhs) ',' ty($rhs) ',' ty($acc)",
        "mmaf_scaled" => "$lhs ',' $rhs ',' $acc ',' $lhs_scale ',' $rhs_scale attr-dict ':' ty($lhs) ',' ty($rhs) ',' ty($acc) ',' ty($lhs_scale) ',' ty($rhs_scale)",
        "mmai" => "$lhs ',' $rhs ',' $acc sign($signedness_lhs) sign($signedness_rhs) attr-dict ':' ty($lhs) ',' ty($rhs) ',' ty($acc)",
        "extract" => "$source '[' $indices ']' attr-dict ':' ty($source) '->' ty($result)",
        "insert" => "$source ',' $destination '[' $indices ']' attr-dict ':' ty($source) ',' ty($destination)",
        "get_global" => "$name attr-dict ':' ty($result)",
        "get_tile_block_id" | "get_num_tile_blocks" => "attr-dict ':' ty1($result)",
        "iota" | "make_token" => "attr-dict ':' ty($result)",
        "join_tokens" => "$tokens attr-dict ':' ty($result)",
        "load_ptr_tko" => "$memory_ordering_semantics ($memory_scope^)? $source (',' $mask^)? (',' $paddingValue^)? ('token' '' '=' '' $token^)? ('optimization_hints' '=' $optimization_hints^)? attr-dict ':' ty($source) (',' ty($mask)^)? (',' ty($paddingValue)^)? '->' ty($result)",
        "store_ptr_tko" => "$memory_ordering_semantics ($memory_scope^)? $destination ',' $value (',' $mask^)? ('token' '' '=' '' $token^)? ('optimization_hints' '=' $optimization_hints^)? attr-dict ':' ty($destination) ',' ty($value) (',' ty($mask)^)? '->' ty($result)",
        "offset" => "$ptr ',' $offset attr-dict ':' ty($ptr) ',' ty($offset) '->' ty($result)",
        "permute" => "$source $permutation attr-dict ':' ty($source) '->' ty($result)",
        "print_tko" => "$str (',' $args^)? ('token' '' '=' '' $token^)? attr-dict (':' ty($args)^)? '->' 'token'",
        "reduce" => "$operands attr-dict ' ' 'dim' '' '=' '' $dim 'identities' '' '=' '' $identities ':' ty($operands) '->' ty($result) argregion",
        "scan" => "$operands attr-dict ' ' 'dim' '' '=' '' $dim 'reverse' '' '=' '' $reverse 'identities' '' '=' '' $identities ':' ty($operands) '->' ty($result) argregion",
        "select" => "$cond ',' $val_if_true ',' $val_if_false attr-dict ':' ty($cond) ',' ty($result)",
        "gdc_launch_dependents_tko" | "gdc_wait_tko" => "('token' '=' $token^)? attr-dict '->' ty($result)",
        "memory_fence_alias_tko" => "$token attr-dict ':' ty($result)",
        _ => return None,
    })
}

/// One element of a parsed format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Elem {
    /// A literal (`''` is the empty literal, `' '` a space).
    Lit(&'static str),
    /// An operand group or attribute.
    Var(&'static str, bool),
    /// Types of a group (`first`: only the first type).
    Types(&'static str, bool, bool),
    /// A custom directive over one attribute.
    Custom(&'static str, &'static str),
    /// An optional group.
    Optional(Vec<Elem>),
    /// maxf/minf unit flags.
    OiList,
    /// A reduce/scan body.
    ArgRegion,
    /// The attribute dictionary.
    AttrDict,
}

/// The parsed format of an op, by mnemonic (each format is parsed once).
pub fn elems(name: &str) -> Option<&'static [Elem]> {
    static PARSED: std::sync::OnceLock<std::collections::HashMap<&'static str, Vec<Elem>>> = std::sync::OnceLock::new();
    let parsed = PARSED
        .get_or_init(|| crate::tables::OPCODES.iter().filter_map(|o| Some((o.name, parse(format(o.name)?)))).collect());
    parsed.get(name).map(Vec::as_slice)
}

/// Parses a format string (the table above is known-good; unknown words are skipped).
pub fn parse(fmt: &'static str) -> Vec<Elem> {
    let mut words = Vec::new();
    let b = fmt.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b' ' => i += 1,
            b'\'' => {
                let j = fmt[i + 1..].find('\'').map_or(b.len(), |k| i + 1 + k);
                words.push(&fmt[i..=j.min(b.len() - 1)]);
                i = j + 1;
            }
            b'(' | b')' => {
                // `)?` closes a group; a lone `(` opens one.
                if b[i] == b')' && b.get(i + 1) == Some(&b'?') {
                    words.push(")?");
                    i += 2;
                } else {
                    words.push(&fmt[i..i + 1]);
                    i += 1;
                }
            }
            _ => {
                let j = fmt[i..].find([' ', ')']).map_or(b.len(), |k| i + k);
                // Keep `f($x)` whole.
                let mut j = if fmt[i..j].contains('(') { fmt[i..].find(')').map_or(b.len(), |k| i + k + 1) } else { j };
                if b.get(j) == Some(&b'^') {
                    j += 1;
                }
                words.push(&fmt[i..j]);
                i = j;
            }
        }
    }
    let mut pos = 0;
    parse_words(&words, &mut pos)
}

fn parse_words(words: &[&'static str], pos: &mut usize) -> Vec<Elem> {
    let mut out = Vec::new();
    while *pos < words.len() {
        let w = words[*pos];
        *pos += 1;
        match w {
            ")?" => break,
            "(" => out.push(Elem::Optional(parse_words(words, pos))),
            "attr-dict" => out.push(Elem::AttrDict),
            "oilist" => out.push(Elem::OiList),
            "argregion" => out.push(Elem::ArgRegion),
            _ if w.starts_with('\'') => out.push(Elem::Lit(&w[1..w.len() - 1])),
            _ if w.starts_with('$') => {
                let anchor = w.ends_with('^');
                out.push(Elem::Var(w[1..].trim_end_matches('^'), anchor));
            }
            _ => {
                let anchor = w.ends_with('^');
                let w = w.trim_end_matches('^');
                let (f, arg) = w.split_once('(').unwrap_or((w, ""));
                let arg = arg.trim_end_matches(')').trim_start_matches('$');
                match f {
                    "ty" => out.push(Elem::Types(arg, false, anchor)),
                    "ty1" => out.push(Elem::Types(arg, true, anchor)),
                    _ => out.push(Elem::Custom(f, arg)),
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_parse() {
        let f = parse(format("load_ptr_tko").unwrap());
        assert_eq!(f[0], Elem::Var("memory_ordering_semantics", false));
        assert_eq!(f[1], Elem::Optional(vec![Elem::Var("memory_scope", true)]));
        let f = parse(format("atomic_cas_tko").unwrap());
        assert!(f.contains(&Elem::Optional(vec![Elem::Lit(","), Elem::Types("mask", false, true)])));
        let f = parse(format("cmpi").unwrap());
        assert_eq!(f[0], Elem::Custom("pred", "comparison_predicate"));
    }
}
