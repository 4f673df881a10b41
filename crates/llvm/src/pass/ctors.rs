//! Global constructors and destructors for libNVVM's LLVM 7 path, in the form its modern path
//! gives them.
//!
//! PTX has no global constructors. libNVVM at compute_100 (LLVM's NVPTX constructor lowering)
//! turns each entry of a non-empty `@llvm.global_ctors`/`@llvm.global_dtors` into a constant in
//! the constant space holding the function's address, `__init_array_object_F_ID_PRIO` (or
//! `__fini_…`, section `.init_array.PRIO`, listed in `@llvm.used`), and adds a weak kernel,
//! `nvptx$device$init` (`…$fini`), that calls every address between the weak globals
//! `__init_array_start` and `__init_array_end` — in order for constructors, in reverse for
//! destructors. The program loader (the OpenMP offload runtime) collects the objects by name,
//! sorts them by priority, fills the two globals and launches the kernel. LLVM 7's NVPTX back
//! end refuses a non-empty `@llvm.global_ctors` ("Module has a nontrivial global ctor"); the same
//! lowering in LLVM 7's terms compiles at compute_90 and keeps the kernels (and their
//! parameters) of the compute_100 build (measured with libNVVM 13.5 and ptxas).
//!
//! Before that lowering, libNVVM's optimizer runs constructors it can evaluate at compile time
//! (in priority order, up to the first it cannot), and those leave no kernel: measured on clang
//! 19 `-O0` modules whose constructor stores constants. Which constructor an optimizer evaluates
//! cannot be told without one, so constructors are lowered only when the first (by priority)
//! surely stops evaluation — it calls an external function, inline assembly or a pointer before
//! any branch (what clang leaves after its own `-O2`: `puts`, a constructor defined elsewhere);
//! any other non-empty `@llvm.global_ctors` is refused where it is written. Destructors, which no
//! optimizer evaluates, are always lowered. An empty array, which clang writes for OpenMP device
//! code, stays, its entries typed `{ i32, void ()*, i8* }` as LLVM 7's verifier requires.
//!
//! `ID` is LLVM's: the low 64 bits of the MD5 of the module's source file name, in hex (libNVVM
//! hashes the name its caller gave the module instead, which a converter cannot know; the loader
//! reads only the prefix and the priority).

use super::lto::{add_to_used, symbol_of};
use super::{Note, PassError};
use crate::ir::build::Builder;
use crate::ir::constant::{ConstData, ConstId};
use crate::ir::instruction::{CallSite, InstKind, IntPredicate, TailKind};
use crate::ir::module::{FuncId, GlobalDef, GlobalProps, Linkage, Module, SymbolId, Visibility};
use crate::ir::types::Dialect;
use crate::ir::value::Value;

/// One entry of a constructor or destructor array: its priority and the function's address.
struct Entry {
    priority: i128,
    func: SymbolId,
    name: String,
}

/// Lowers `@llvm.global_ctors` and `@llvm.global_dtors` of a typed module as described above.
pub(crate) fn lower(m: &mut Module, notes: &mut Vec<Note>) -> Result<(), PassError> {
    for ctor in [true, false] {
        lower_one(m, ctor, notes)?;
    }
    Ok(())
}

fn lower_one(m: &mut Module, ctor: bool, notes: &mut Vec<Note>) -> Result<(), PassError> {
    let array_name = if ctor { "llvm.global_ctors" } else { "llvm.global_dtors" };
    let Some((gid, g)) = m.globals.iter().find(|(_, g)| &*g.name == array_name) else { return Ok(()) };
    let source = g.source;
    let refuse = |why: &str| PassError { function: None, offset: source, message: format!("@{array_name}: {why}") };
    let Some(init) = g.init else { return Err(refuse("a declaration of it has no form in PTX")) };
    let elems: Vec<ConstId> = match &m.consts[init] {
        ConstData::Zero(_) => Vec::new(),
        ConstData::Array { elems, .. } => elems.to_vec(),
        _ => return Err(refuse("its initializer is not an array of entries")),
    };
    if elems.is_empty() {
        // LLVM 7's verifier takes only `{ i32, void ()*, i8* }` entries ("Broken module"
        // otherwise, measured); typing the pointers may have made the fields `i8*`.
        let mut b = Builder::new(m, Dialect::TypedPointers);
        let (i8t, i32t, void) = (b.int(8), b.int(32), b.void());
        let fty = b.function_type(void, &[], false);
        let (fptr, data) = (b.ptr(fty, 0), b.ptr(i8t, 0));
        let entry = b.struct_type(&[i32t, fptr, data], false);
        let ty = b.array(0, entry);
        let zero = b.zero(ty);
        let g = &mut m.globals[gid];
        g.ty = ty;
        g.init = Some(zero);
        return Ok(());
    }
    let mut entries = Vec::with_capacity(elems.len());
    for e in elems {
        let ConstData::Struct { fields, .. } = &m.consts[e] else {
            return Err(refuse("an entry is not a { priority, function, data } struct"));
        };
        let priority = match fields.first().map(|&c| &m.consts[c]) {
            Some(ConstData::Int { ty, value }) => value.as_signed(m.types.int_width(*ty).unwrap_or(32)),
            _ => None,
        };
        let sym = fields.get(1).and_then(|&c| symbol_of(m, c));
        let is_func = matches!(sym.and_then(|s| m.symbols[s].def), Some(GlobalDef::Func(_)));
        let (Some(priority), Some(func), true) = (priority, sym, is_func) else {
            return Err(refuse("an entry's priority or function is not a constant integer and a function"));
        };
        entries.push(Entry { priority, func, name: m.symbols[func].name.to_string() });
    }
    if ctor {
        // libNVVM's optimizer evaluates constructors at compile time, in priority order, up to
        // the first it cannot (LLVM's global optimizer): only an array whose first constructor
        // surely stops it keeps every entry at compute_100, which the lowering must match.
        let first = entries.iter().min_by_key(|e| e.priority).map(|e| e.func);
        if let Some(Some(GlobalDef::Func(f))) = first.map(|s| m.symbols[s].def) {
            if !stops_evaluation(m, f, 0) {
                return Err(refuse(&format!(
                    "LLVM 7's back end has no global constructors, and libNVVM's compute_100 optimizer may run \
                     @{} at compile time instead (then it keeps no constructor kernel): only constructors that \
                     call an external function first are lowered",
                    m.functions[f].name
                )));
            }
        }
    }
    let (kernel_name, stem) =
        if ctor { ("nvptx$device$init", "__init_array") } else { ("nvptx$device$fini", "__fini_array") };
    if m.symbols.iter().any(|(_, s)| &*s.name == kernel_name) {
        return Err(refuse(&format!("the module defines @{kernel_name} already, the kernel that would run them")));
    }
    let id = match &m.source_filename {
        Some(name) => format!("{:x}", md5_low64(name)),
        None => format!("{:x}", md5_low64(b"")),
    };
    let object_names: Vec<String> = entries
        .iter()
        .map(|e| {
            let raw = format!("{stem}_object_{}_{id}_{}", e.name, e.priority);
            // LLVM writes `.` as `_`: PTX cannot spell it in an external name (nor anything
            // else but letters, digits, `_` and `$`).
            raw.chars().map(|c| if c.is_ascii_alphanumeric() || c == '$' { c } else { '_' }).collect()
        })
        .collect();
    let count = entries.len();

    // The array's own global becomes the first object (a global cannot be removed from the
    // table; reusing its slot keeps every other handle as it is).
    let array_symbol = m.symbols.iter().find(|(_, s)| s.def == Some(GlobalDef::Var(gid))).map(|(s, _)| s);
    let mut objects: Vec<SymbolId> = Vec::with_capacity(count);
    let unique = |m: &Module, name: &str| {
        let mut n = name.to_string();
        let mut k = 0;
        while m.symbols.iter().any(|(_, s)| *s.name == *n) {
            k += 1;
            n = format!("{name}_{k}");
        }
        n
    };
    for (i, e) in entries.iter().enumerate() {
        let name = unique(m, &object_names[i]);
        let addr = Builder::new(m, Dialect::TypedPointers).address_of(e.func);
        let ty = m.const_ty(addr);
        let mut props = GlobalProps {
            linkage: Linkage::External,
            visibility: Visibility::Protected,
            addr_space: 4,
            explicit_addr_space: true,
            ..GlobalProps::default()
        };
        props.set_section(Some(format!("{}.{}", if ctor { ".init_array" } else { ".fini_array" }, e.priority).into()));
        let sym = if i == 0 {
            let Some(s) = array_symbol else { return Err(refuse("no symbol names it")) };
            let g = &mut m.globals[gid];
            g.name = name.as_str().into();
            g.ty = ty;
            g.init = Some(addr);
            g.is_constant = true;
            g.externally_initialized = false;
            g.props = props;
            m.symbols[s].name = name.into();
            s
        } else {
            let mut b = Builder::new(m, Dialect::TypedPointers);
            let g = b.global(&name, ty, 4, Some(addr)).map_err(|e| refuse(&e.to_string()))?;
            b.module().globals[g].is_constant = true;
            b.module().globals[g].props = props;
            b.symbol(&name).ok_or_else(|| refuse("a new global has no symbol"))?
        };
        objects.push(sym);
    }

    let mut b = Builder::new(m, Dialect::TypedPointers);
    let void = b.void();
    let callback_ty = b.function_type(void, &[], false);
    let callback = b.ptr(callback_ty, 0);
    let cursor = b.ptr(callback, 1);
    let bound = |b: &mut Builder<'_>, which: &str| -> Result<ConstId, PassError> {
        let name = format!("{stem}_{which}");
        if let Some(s) = b.symbol(&name) {
            return Ok(b.address_of(s));
        }
        let null = b.null(cursor);
        let g = b.global(&name, cursor, 1, Some(null)).map_err(|e| refuse(&e.to_string()))?;
        let gv = &mut b.module().globals[g];
        gv.props.linkage = Linkage::Weak;
        gv.props.visibility = Visibility::Protected;
        gv.props.align = crate::ir::instruction::Align::new(8);
        let s = b.symbol(&name).ok_or_else(|| refuse("a new global has no symbol"))?;
        Ok(b.address_of(s))
    };
    let start = bound(&mut b, "start")?;
    let end = bound(&mut b, "end")?;
    let kernel = b.define(kernel_name, callback_ty, &[]).map_err(|e| refuse(&e.to_string()))?;
    b.module().functions[kernel].props.linkage = Linkage::WeakOdr;
    b.kernel(kernel);
    let ksym = b.symbol(kernel_name).ok_or_else(|| refuse("the new kernel has no symbol"))?;
    for key in ["maxntidx", "maxntidy", "maxntidz"] {
        b.annotate(ksym, key, 1);
    }
    let i64t = b.int(64);
    let (one, minus_one) = (b.const_int(i64t, 1), b.const_int(i64t, -1));
    let no_attrs = b.module().no_attrs();
    let mut fb = b.body(kernel);
    let entry = fb.block("entry");
    let body = fb.block("while.entry");
    let exit = fb.block("while.end");
    fb.switch_to(entry);
    let (start, end) = (fb.constant(start), fb.constant(end));
    let begin = fb.load(cursor, start, 8, "begin");
    let stop = fb.load(cursor, end, 8, "stop");
    let (one, minus_one) = (fb.constant(one), fb.constant(minus_one));
    // Constructors: from the first to the last; destructors: from the last back to the first.
    let (first, step, go_on) = if ctor {
        (begin, one, IntPredicate::Ne)
    } else {
        (fb.gep(callback, stop, &[minus_one], true, "start"), minus_one, IntPredicate::Uge)
    };
    let any = if ctor {
        fb.icmp(IntPredicate::Ne, begin, stop, "any")
    } else {
        fb.icmp(IntPredicate::Uge, first, begin, "any")
    };
    fb.cond_br(any, body, exit);
    fb.switch_to(body);
    let at = fb.phi(cursor, &[(first, entry)], "ptr");
    let f = fb.load(callback, at, 8, "callback");
    let call = CallSite::direct(callback_ty, f, [], no_attrs);
    fb.push(void, InstKind::Call { tail: TailKind::None, call: Box::new(call) }, "");
    let next = fb.gep(callback, at, &[step], ctor, "next");
    fb.add_incoming(at, next, body);
    let more = if ctor { fb.icmp(go_on, next, stop, "more") } else { fb.icmp(go_on, next, begin, "more") };
    fb.cond_br(more, body, exit);
    fb.switch_to(exit);
    fb.ret(None);
    add_to_used(m, &objects);
    let what = if ctor { "constructor" } else { "destructor" };
    notes.push(Note {
        function: None,
        message: format!(
            "@{array_name}: {count} {what}{} became {stem}_object_* constants and the kernel @{kernel_name} that \
             runs them, as libNVVM's compute_100 path lowers them (LLVM 7's back end has no global {what}s)",
            if count == 1 { "" } else { "s" }
        ),
    });
    Ok(())
}

/// Whether running `f` from its entry surely reaches a call that no constant evaluator folds
/// (a declared function that is neither an intrinsic nor a C math function, inline assembly, a
/// call through a pointer), before any branch: then LLVM's global optimizer cannot evaluate it.
fn stops_evaluation(m: &Module, f: FuncId, depth: u32) -> bool {
    const FOLDABLE: &[&str] = &[
        "acos",
        "asin",
        "atan",
        "atan2",
        "ceil",
        "cos",
        "cosh",
        "exp",
        "exp2",
        "exp10",
        "fabs",
        "floor",
        "fmod",
        "log",
        "log2",
        "log10",
        "pow",
        "round",
        "roundeven",
        "sin",
        "sinh",
        "sqrt",
        "tan",
        "tanh",
        "trunc",
        "rint",
        "nearbyint",
        "remainder",
        "fmin",
        "fmax",
        "atanh",
        "asinh",
        "acosh",
        "cbrt",
        "erf",
        "ilogb",
        "logb",
        "log1p",
        "expm1",
        "copysign",
        "nextafter",
        "fdim",
        "lround",
        "llround",
        "lrint",
        "llrint",
    ];
    let func = &m.functions[f];
    let Some(&entry) = func.layout.first() else { return false };
    for &id in &func.blocks[entry].insts {
        let InstKind::Call { call, .. } = &func.insts[id].kind else { continue };
        let callee = match call.callee {
            Value::Const(c) => match &m.consts[c] {
                ConstData::Global { global, .. } => m.symbols[*global].def,
                _ => return true,
            },
            _ => return true,
        };
        let Some(GlobalDef::Func(g)) = callee else { return true };
        let callee = &m.functions[g];
        if callee.is_definition {
            if depth < 8 && stops_evaluation(m, g, depth + 1) {
                return true;
            }
            continue;
        }
        let name = &*callee.name;
        let base = name.strip_suffix('f').filter(|b| FOLDABLE.contains(b)).unwrap_or(name);
        if name.starts_with("llvm.") || FOLDABLE.contains(&base) {
            continue;
        }
        return true;
    }
    false
}

/// The low 64 bits of the MD5 digest of `data`, read little-endian (LLVM's `MD5Result::low`).
fn md5_low64(data: &[u8]) -> u64 {
    const S: [u32; 64] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14,
        20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6,
        10, 15, 21,
    ];
    let k: Vec<u32> = (0..64).map(|i: i32| ((f64::from(i + 1)).sin().abs() * 4_294_967_296.0) as u32).collect();
    let mut msg = data.to_vec();
    let bit_len = (data.len() as u64).wrapping_mul(8);
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&bit_len.to_le_bytes());
    let mut h: [u32; 4] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476];
    for chunk in msg.chunks_exact(64) {
        let w: Vec<u32> = chunk.chunks_exact(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
        let [mut a, mut b, mut c, mut d] = h;
        for i in 0..64 {
            let (f, g) = match i / 16 {
                0 => ((b & c) | (!b & d), i),
                1 => ((d & b) | (!d & c), (5 * i + 1) % 16),
                2 => (b ^ c ^ d, (3 * i + 5) % 16),
                _ => (c ^ (b | !d), (7 * i) % 16),
            };
            let t = d;
            d = c;
            c = b;
            b = b.wrapping_add(a.wrapping_add(f).wrapping_add(k[i]).wrapping_add(w[g]).rotate_left(S[i]));
            a = t;
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d]) {
            *x = x.wrapping_add(y);
        }
    }
    u64::from(h[0]) | (u64::from(h[1]) << 32)
}

#[cfg(test)]
mod tests {
    use super::md5_low64;

    #[test]
    fn md5_matches_known_digests() {
        // RFC 1321's test suite: the digest's first 8 bytes, read little-endian.
        assert_eq!(md5_low64(b""), u64::from_le_bytes([0xd4, 0x1d, 0x8c, 0xd9, 0x8f, 0x00, 0xb2, 0x04]));
        assert_eq!(md5_low64(b"abc"), u64::from_le_bytes([0x90, 0x01, 0x50, 0x98, 0x3c, 0xd2, 0x4f, 0xb0]));
        let long = b"12345678901234567890123456789012345678901234567890123456789012345678901234567890";
        assert_eq!(md5_low64(long), u64::from_le_bytes([0x57, 0xed, 0xf4, 0xa2, 0x2b, 0xe3, 0xc9, 0x55]));
    }
}
