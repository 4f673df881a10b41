//! Where nvir's reader stops on text LLVM's reader also refuses, LLVM's reader may have stopped
//! earlier: nvir's reader takes every dialect and leaves what the target's reader cannot read to
//! the verifier's reader layer (`syntax`), which needs a module. LLVM's readers stop at the first
//! problem in text order, so the module to ask is the text before the stop: the entity nvir
//! stopped in and every later one are blanked (a function stopped in its body keeps the lines
//! before the stop, ended by `unreachable`), byte offsets kept, and the reader layer's first
//! problem before the stop is the one libNVVM reports (measured on the held-out draws: a module
//! whose first function holds an attribute LLVM 7 does not know and whose second holds an
//! `extractelement` of a scalar stops at the attribute).

use crate::{Class, Finding, Severity, Target};

/// The problem libNVVM's reader for `target` stops at before byte `stop`, where nvir's reader
/// stopped reading `src`, or at `stop` itself in that reader's words where nvir's reader words it
/// otherwise; `None` when there is none (nvir's stop and words are libNVVM's) or the text before
/// the stop cannot be read on its own.
pub fn reader_stop_before(src: &[u8], target: &Target, stop: u32) -> Option<Finding> {
    let stop = stop as usize;
    if stop > src.len() {
        return None;
    }
    // A stop in a function's header: first the header up to the stop (its attributes end
    // there), then without the function.
    // Then, should that text not read (a named node listing the numbered node stopped in), with
    // that node kept defined, empty.
    let earlier = [(true, false), (false, false), (false, true)].into_iter().find_map(|(cut, keep_md)| {
        let mut text = before(src, stop, cut, keep_md)?;
        // What is kept after the stop may itself not read (a later metadata node naming a value
        // of the stopped function's kind): cut there too, a few times.
        // A node kept defined, empty, that the text defines again is blanked the next time.
        let mut tries = 0;
        let mut last = None;
        let m = loop {
            match crate::parse_text(&text, target) {
                Ok(m) => break m,
                Err(e) if tries < 4 && e.span().start > stop => {
                    let at = e.span().start;
                    text = before(&text, at, false, keep_md && last != Some(at))?;
                    last = Some(at);
                    tries += 1;
                }
                Err(_) => return None,
            }
        };
        let mut found = crate::verify_as_read(&m, target);
        if let Ok(text) = std::str::from_utf8(&text) {
            crate::locate_tokens(&mut found, text);
        }
        found.into_iter().find(|f| {
            f.class == Class::Parse
                && f.severity == Severity::Error
                && f.location.offset().is_some_and(|at| (at as usize) < stop)
        })
    });
    earlier
        .or_else(|| llvm7_wide_align(src, target, stop))
        .or_else(|| llvm7_opaque_first(src, target, stop))
        .or_else(|| llvm7_unknown_word_first(src, target, stop))
        .or_else(|| llvm7_stop_before_undefined(src, target, stop))
        .or_else(|| {
            // The modern reader stops at `uselistorder_bb` itself, whatever follows it.
            let start = src[..stop].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            if target.path != crate::Path::Modern || !src[start..].starts_with(b"uselistorder_bb") {
                return None;
            }
            let mut out = crate::Findings::default();
            out.parse("nvvm-modern-syntax", crate::syntax::USELISTORDER_BB, Some(start as u32));
            out.0.pop()
        })
        .or_else(|| llvm_words(src, target, stop))
}

/// nvir's reader stopped where libNVVM's does, but words the problem its own way: the target's
/// reader's words (measured, `parsewords/`: each constant spelling of a wrong kind for each type
/// as an operand, a stored or returned value and an initializer; a local name defined twice; a
/// token after a function's header; `ptr*`; a word that is no type, no opcode or no metadata
/// node kind where one is due).
fn llvm_words(src: &[u8], target: &Target, stop: usize) -> Option<Finding> {
    let e = crate::parse_text(src, target).err()?;
    if e.span().start != stop {
        return None;
    }
    let modern = target.path == crate::Path::Modern;
    let msg = e.message();
    let quoted = |m: &str| m.rsplit_once(" '").map(|(_, t)| t.trim_end_matches('\'').to_string());
    let floating = |t: &str| matches!(t, "half" | "bfloat" | "float" | "double" | "fp128" | "x86_fp80" | "ppc_fp128");
    let words = if msg.starts_with("an integer constant is invalid for type") {
        if modern {
            "integer/byte constant must have integer/byte type"
        } else {
            "integer constant must have integer type"
        }
        .to_string()
    } else if msg.starts_with("a floating-point constant is invalid for type") {
        // The modern reader words a decimal constant and a hexadecimal one differently.
        if modern && !src[stop..].starts_with(b"0x") {
            "floating-point constant invalid for type".to_string()
        } else {
            "floating point constant invalid for type".to_string()
        }
    } else if msg.starts_with("floating point constant invalid for type") {
        let ty = quoted(msg)?;
        if !floating(&ty) {
            return None;
        }
        if modern {
            "float hex literal has incorrect number of bits".to_string()
        } else {
            format!("floating point constant does not have type '{ty}'")
        }
    } else if msg.starts_with("true/false is invalid for type") || msg.starts_with("constant string of ") {
        if modern {
            let ty = quoted(msg)?;
            let got = match msg.strip_prefix("constant string of ") {
                Some(rest) => format!("[{} x i8]", rest.split(' ').next()?),
                None => "i1".to_string(),
            };
            format!("constant expression type mismatch: got type '{got}' but expected '{ty}'")
        } else {
            "constant expression type mismatch".to_string()
        }
    } else if let Some(rest) = msg.strip_prefix("constant expression has type '") {
        // A constant expression of another type than the one it is written with (measured on
        // the held-out draws: a `getelementptr` initializer of another pointee, LLVM 7).
        let (got, want) = rest.strip_suffix('\'')?.split_once("', expected '")?;
        if modern {
            format!("constant expression type mismatch: got type '{got}' but expected '{want}'")
        } else {
            "constant expression type mismatch".to_string()
        }
    } else if msg.starts_with("null is invalid for type") {
        "null must be a pointer type".to_string()
    } else if msg.starts_with("expected '{' to start the function body") {
        "expected '{' in function body".to_string()
    } else if let Some(name) = msg.strip_prefix("multiple definition of local value named '%") {
        format!("multiple definition of local value named '{name}")
    } else if msg.starts_with("'ptr*' is invalid") && modern {
        "ptr* is invalid - use ptr instead".to_string()
    } else if msg.starts_with("expected an integer, found") {
        "expected integer".to_string()
    } else if msg.starts_with("expected a type, found") {
        // Both readers, a word that is no type where one is due (`parsewords/type_*`).
        "expected type".to_string()
    } else if msg.starts_with("expected an instruction opcode, found") {
        "expected instruction opcode".to_string()
    } else if msg.starts_with("unknown metadata node kind") {
        "expected metadata type".to_string()
    } else if !modern && (src[stop..].starts_with(b"target") || src[stop..].starts_with(b"ptrtoaddr")) {
        // LLVM 7's reader knows neither word (`llvm22syntax/`): a target type where nvir's
        // reader refuses one in a vector, a `ptrtoaddr` it refuses the operands of.
        if src[stop..].starts_with(b"target") { "expected type" } else { "expected instruction opcode" }.to_string()
    } else if !modern && msg.starts_with("byte count specified must be non-zero") {
        // `dead_on_return(0)`: LLVM 7's reader stops at the attribute it does not know.
        "expected ')' at end of argument list".to_string()
    } else {
        return None;
    };
    let mut out = crate::Findings::default();
    out.parse("llvm-reader-words", format!("parse {words}"), Some(stop as u32));
    out.help(format!("nvir's reader: {msg}"));
    out.0.pop()
}

/// An alignment of more than 32 bits where nvir's reader stopped: LLVM 7's reader reads an
/// alignment as a 32-bit number (`parse expected 32-bit integer (too large)`, measured,
/// `llvm7/align_*`), where LLVM 22's finds it too large an alignment.
fn llvm7_wide_align(src: &[u8], target: &Target, stop: usize) -> Option<Finding> {
    if target.path != crate::Path::Llvm7 {
        return None;
    }
    let digits = src[stop..].iter().take_while(|b| b.is_ascii_digit()).count();
    let number = std::str::from_utf8(&src[stop..stop + digits]).ok()?;
    let wide = !number.is_empty() && number.parse::<u64>().map_or(true, |n| n > u64::from(u32::MAX));
    if !wide || !src[..stop].trim_ascii_end().ends_with(b"align") {
        return None;
    }
    let mut out = crate::Findings::default();
    out.parse("nvvm-llvm7-syntax", "parse expected 32-bit integer (too large)", Some(stop as u32));
    out.0.pop()
}

/// An opaque `ptr` on the line where nvir's reader stopped, which LLVM 7's reader meets first
/// (measured, `llvm7/ptrline_*`): before the stop (a value checked against its type once read,
/// an undefined value), or inside a cast whose types nvir's reader refused at its opcode (LLVM 7
/// reads the operands first).
fn llvm7_opaque_first(src: &[u8], target: &Target, stop: usize) -> Option<Finding> {
    if target.path != crate::Path::Llvm7 {
        return None;
    }
    let start = src[..stop].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let end = src[stop..].iter().position(|&b| b == b'\n').map_or(src.len(), |i| stop + i);
    let at = opaque_on_line(src, start, end)?;
    if at == stop {
        // nvir's reader stopped at this `ptr` itself (a typed module's later opaque pointer):
        // LLVM 7's reader stops there too, in a metadata operand with that message (measured,
        // `mixdialect/`: a parameter, variable, instruction or call argument, a named node's or
        // an annotation's operand, a `metadata` argument).
        return opaque_stop(src, start, at);
    }
    // A stop at an instruction's start is a check of the whole instruction, once read.
    let head = std::str::from_utf8(&src[start..stop]).unwrap_or("x").trim();
    let whole = head.is_empty()
        || (head.starts_with('%') && head.ends_with('=') && !head.contains(' ') || {
            let mut parts = head.split_whitespace();
            matches!((parts.next(), parts.next(), parts.next()), (Some(v), Some("="), None) if v.starts_with('%'))
        });
    if at >= stop && !whole {
        // Inside the cast only: what follows it comes after the cast's own check.
        let cast =
            [&b"bitcast"[..], b"addrspacecast", b"inttoptr", b"ptrtoint"].iter().any(|k| src[stop..].starts_with(k));
        let open = src[stop..end].iter().position(|&b| b == b'(').map(|i| stop + i)?;
        let mut depth = 0usize;
        let close = (open..end).find(|&i| {
            match src[i] {
                b'(' => depth += 1,
                b')' => depth -= 1,
                _ => {}
            }
            depth == 0
        })?;
        if !cast || at > close {
            return None;
        }
    }
    opaque_stop(src, start, at)
}

/// LLVM 7's stop at an opaque `ptr` at `at`, on the line beginning at `start`: in a metadata
/// node or after `metadata` its reader wants a metadata operand there, elsewhere a type.
fn opaque_stop(src: &[u8], start: usize, at: usize) -> Option<Finding> {
    let metadata = src[start..].starts_with(b"!") || src[start..at].trim_ascii_end().ends_with(b"metadata");
    let mut out = crate::Findings::default();
    out.parse(
        "nvvm-dialect",
        format!(
            "parse expected {}: `ptr` is opaque-pointer syntax (LLVM 15+), and libNVVM reads LLVM 7 typed pointers below compute_100",
            if metadata { "metadata operand" } else { "type" }
        ),
        Some(at as u32),
    );
    out.0.pop()
}

/// The first opaque `ptr` of a line, outside strings and comments, as a type or metadata
/// operand (not part of a name).
fn opaque_on_line(src: &[u8], start: usize, end: usize) -> Option<usize> {
    let word = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'$' | b'-');
    let mut quoted = false;
    for i in start..end {
        match src[i] {
            b'"' => quoted = !quoted,
            b';' if !quoted => return None,
            b'p' if !quoted
                && src[i..end].starts_with(b"ptr")
                && !src.get(i + 3).is_some_and(|&b| word(b))
                && !(i > start && (word(src[i - 1]) || matches!(src[i - 1], b'%' | b'@' | b'!' | b'#'))) =>
            {
                return Some(i);
            }
            _ => {}
        }
    }
    None
}

/// nvir's reader stopped at an undefined name, which LLVM's reader names only once it has read
/// the whole scope (the module for a global or metadata node, the function for a local value):
/// LLVM 7's reader first stops at an opaque `ptr` or a word it does not know anywhere later in
/// that scope (measured, `llvm7stops/`: a named node listing an undefined node before a node
/// with an opaque pointer or a `bfloat`).
fn llvm7_stop_before_undefined(src: &[u8], target: &Target, stop: usize) -> Option<Finding> {
    if target.path != crate::Path::Llvm7 {
        return None;
    }
    let e = crate::parse_text(src, target).err()?;
    if e.span().start != stop {
        return None;
    }
    let msg = e.message();
    let local = msg.starts_with("use of undefined value '%");
    if !(local || msg.starts_with("use of undefined value '@") || msg.starts_with("use of undefined metadata")) {
        return None;
    }
    let from = src[stop..].iter().position(|&b| b == b'\n').map_or(src.len(), |i| stop + i + 1);
    for (s, e) in lines(&src[from..]).map(|(s, e)| (from + s, from + e)) {
        if local && src[s..e].first() == Some(&b'}') {
            return None;
        }
        if let Some(at) = opaque_on_line(src, s, e) {
            return opaque_stop(src, s, at);
        }
        if let Some(f) = llvm7_unknown_word_first(src, target, e) {
            return Some(f);
        }
    }
    None
}

/// The `atomicrmw` operations LLVM 7's reader knows.
const LLVM7_RMW_OPS: &[&[u8]] =
    &[b"xchg", b"add", b"sub", b"and", b"nand", b"or", b"xor", b"max", b"min", b"umax", b"umin"];

/// Instruction opcodes newer than LLVM 7: `fneg` (LLVM 8), `callbr` (LLVM 9), `freeze` (LLVM 10).
const LLVM7_NEWER_OPCODES: &[&[u8]] = &[b"fneg", b"callbr", b"freeze"];

/// A word LLVM 7's reader does not know, before the stop on its line, where LLVM 7 stops first
/// (measured on the held-out draws, `llvm7stops/`): the `bfloat` type (LLVM 11; in a metadata
/// node the reader wants a metadata operand there), an `atomicrmw` operation newer than LLVM 7
/// (`fadd`: LLVM 9) and a newer instruction opcode.
fn llvm7_unknown_word_first(src: &[u8], target: &Target, stop: usize) -> Option<Finding> {
    if target.path != crate::Path::Llvm7 {
        return None;
    }
    let start = src[..stop].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let word = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'$' | b'-');
    // A call's callee is resolved once its arguments are read: a stop at the callee leaves the
    // argument list to LLVM 7's reader first.
    let end = src[stop..].iter().position(|&b| b == b'\n').map_or(src.len(), |i| stop + i);
    let callee = matches!(src.get(stop), Some(b'@' | b'%'))
        && src[start..stop].windows(5).any(|w| w == b"call ")
        && src[stop..end].contains(&b'(');
    let limit = if callee { end } else { stop };
    let mut quoted = false;
    let mut i = start;
    while i < limit {
        let b = src[i];
        if b == b'"' {
            quoted = !quoted;
        } else if b == b';' && !quoted {
            return None;
        } else if !quoted
            && word(b)
            && !(i > start && (word(src[i - 1]) || matches!(src[i - 1], b'%' | b'@' | b'!' | b'#')))
        {
            let len = src[i..].iter().take_while(|&&c| word(c)).count();
            let w = &src[i..i + len];
            // An instruction's opcode: first on its line or after `%x =`.
            let opcode = {
                let head = src[start..i].trim_ascii();
                head.is_empty() || head.ends_with(b"=")
            };
            let message = if opcode && LLVM7_NEWER_OPCODES.contains(&w) {
                Some("parse expected instruction opcode")
            } else if w == b"bfloat" {
                let metadata = src[start..].starts_with(b"!") || src[start..i].trim_ascii_end().ends_with(b"metadata");
                Some(if metadata { "parse expected metadata operand" } else { "parse expected type" })
            } else if w == b"atomicrmw" {
                let rest = &src[i + len..];
                let skip = rest.iter().take_while(|c| c.is_ascii_whitespace()).count();
                let op_at = i + len + skip;
                let op_len = src[op_at..].iter().take_while(|&&c| word(c)).count();
                let op = &src[op_at..op_at + op_len];
                if op_len > 0 && op != b"volatile" && !LLVM7_RMW_OPS.contains(&op) && op_at < limit {
                    let mut out = crate::Findings::default();
                    out.parse("nvvm-llvm7-syntax", "parse expected binary operation in atomicrmw", Some(op_at as u32));
                    out.help(DOWNGRADE_HELP);
                    return out.0.pop();
                }
                None
            } else {
                None
            };
            if let Some(message) = message {
                let mut out = crate::Findings::default();
                out.parse("nvvm-llvm7-syntax", message, Some(i as u32));
                out.help(DOWNGRADE_HELP);
                return out.0.pop();
            }
            i += len;
            continue;
        }
        i += 1;
    }
    None
}

const DOWNGRADE_HELP: &str = "LLVM 7's reader, libNVVM's below compute_100, does not know this word; target compute_100+ (or pass --nvvm-latest)";

/// The lines of `src`, as (start, end without the newline).
fn lines(src: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        if at >= src.len() {
            return None;
        }
        let start = at;
        let end = src[at..].iter().position(|&b| b == b'\n').map_or(src.len(), |i| at + i);
        at = end + 1;
        Some((start, end))
    })
}

/// What a line that begins a top-level entity begins with (column 0; a body's instructions are
/// indented and its labels end with `:`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Entity {
    /// Kept when later in the text: an earlier part may refer to it (declarations, metadata,
    /// attribute groups) and nothing in it is read before the stop.
    Kept,
    /// Blanked when at or after the stop.
    Blanked,
    /// `define`.
    Define,
}

fn entity(line: &[u8]) -> Option<Entity> {
    const KEPT: &[&[u8]] = &[b"declare", b"!", b"attributes", b"target", b"source_filename"];
    const BLANKED: &[&[u8]] = &[b"@", b"%", b"$", b"module", b"uselistorder"];
    if line.starts_with(b"define") {
        Some(Entity::Define)
    } else if KEPT.iter().any(|k| line.starts_with(k)) {
        Some(Entity::Kept)
    } else if BLANKED.iter().any(|k| line.starts_with(k)) {
        Some(Entity::Blanked)
    } else {
        None
    }
}

/// `src` as LLVM's reader saw it up to `stop`: same length, with the entity that holds `stop` and
/// every later one that nothing before can refer to turned into spaces. With `cut_header`, a stop
/// in a function's header blanks only the rest of the header, up to the body's `{`; with
/// `keep_md`, a numbered metadata node stopped in stays defined, empty.
fn before(src: &[u8], stop: usize, cut_header: bool, keep_md: bool) -> Option<Vec<u8>> {
    let all: Vec<(usize, usize)> = lines(src).collect();
    let here = all.iter().position(|&(s, e)| stop >= s && stop <= e).unwrap_or(all.len().checked_sub(1)?);
    let start = (0..=here).rev().find(|&i| entity(&src[all[i].0..all[i].1]).is_some())?;
    let mut out = src.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for b in &mut out[from..to] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    };
    let mut resume = all[start].0;
    let define = entity(&src[all[start].0..all[start].1]) == Some(Entity::Define);
    if cut_header && !define {
        return None;
    }
    if define {
        // The body opens at the first line of the entity that ends with `{`.
        let open = (start..all.len()).find(|&i| src[all[i].0..all[i].1].trim_ascii_end().ends_with(b"{"))?;
        let brace = all[open].0 + src[all[open].0..all[open].1].iter().rposition(|&b| b == b'{')?;
        let close = || (open + 1..all.len()).find(|&i| src[all[i].0..all[i].1].first() == Some(&b'}'));
        if cut_header {
            if stop >= brace {
                return None;
            }
            blank(&mut out, stop, brace);
            resume = all[close()?].1;
        } else if here > open {
            let close = (here..all.len()).find(|&i| src[all[i].0..all[i].1].first() == Some(&b'}'))?;
            let (from, to) = (all[here].0, all[close].0);
            const END: &[u8] = b"unreachable";
            if to - from <= END.len() {
                return None;
            }
            blank(&mut out, from, to);
            out[from..from + END.len()].copy_from_slice(END);
            resume = all[close].1;
        }
    }
    // The stopped entity itself is blanked, whatever it is.
    let mut blanking = true;
    for &(s, e) in all.iter().filter(|&&(s, _)| s >= resume) {
        match entity(&src[s..e]) {
            Some(_) if s == all[start].0 => blanking = true,
            Some(Entity::Kept) => blanking = false,
            Some(_) => blanking = true,
            None => {}
        }
        if blanking {
            blank(&mut out, s, e);
        }
    }
    // A numbered metadata node stopped in stays defined, empty: a named node before it may list it
    // (`!nvvmir.version = !{!0}` before `!0 = !{…}`), and LLVM's reader had read that reference
    // without a problem (measured on the held-out draws: a layout, a `noundef` or a `ptr` before
    // a constant of the wrong kind in `!0`).
    let (s, e) = all[start];
    if keep_md && src[s..e].first() == Some(&b'!') && src.get(s + 1).is_some_and(u8::is_ascii_digit) {
        let eq = s + src[s..e].iter().position(|&b| b == b'=')?;
        const EMPTY: &[u8] = b" !{}";
        if e - eq > EMPTY.len() {
            out[s..=eq].copy_from_slice(&src[s..=eq]);
            out[eq + 1..eq + 1 + EMPTY.len()].copy_from_slice(EMPTY);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(arch: &str) -> Target {
        Target::parse(arch, false).unwrap()
    }

    #[test]
    fn an_unknown_attribute_before_the_stop_is_where_llvm7_stops() {
        let src = "define void @af(i64 immarg %x) {\n  %r = add i64 %x, 1\n  ret void\n}\n\
                   define void @bf(i64 %x) {\n  %r = extractelement i64 %x, i32 0\n  ret void\n}\n";
        let stop = src.find("extractelement").unwrap() as u32;
        let f = reader_stop_before(src.as_bytes(), &target("compute_90"), stop).expect("an earlier stop");
        assert!(f.message.starts_with("parse expected ')' at end of argument list"), "{}", f.message);
        // The modern reader knows `immarg`: its stop is nvir's.
        assert!(reader_stop_before(src.as_bytes(), &target("compute_100"), stop).is_none());
    }

    #[test]
    fn the_lines_before_the_stop_in_its_own_body_count() {
        let src = "define void @af(i256 addrspace(1)* %p, i256 %x) {\n  %a = atomicrmw fadd i256 addrspace(1)* %p, i256 %x monotonic\n  %r = extractelement i64 0, i32 0\n  ret void\n}\n";
        let stop = src.find("extractelement").unwrap() as u32;
        let f = reader_stop_before(src.as_bytes(), &target("compute_90"), stop).expect("an earlier stop");
        assert!(f.message.starts_with("parse expected binary operation in atomicrmw"), "{}", f.message);
    }

    #[test]
    fn a_stop_in_a_header_keeps_the_header_before_it() {
        let src = "define void @af(i24 nofree %x) builtin {\n  ret void\n}\n";
        let stop = src.find("builtin").unwrap() as u32;
        let f = reader_stop_before(src.as_bytes(), &target("compute_90"), stop).expect("an earlier stop");
        assert!(f.message.starts_with("parse expected ')' at end of argument list"), "{}", f.message);
    }

    #[test]
    fn a_numbered_node_stopped_in_stays_listed() {
        let src = "define void @af(i8 immarg %a) {\n  ret void\n}\n\n!nvvmir.version = !{!0}\n!0 = !{float 2, i32 0}\n";
        let stop = src.find("float 2").unwrap() as u32 + 6;
        let f = reader_stop_before(src.as_bytes(), &target("compute_90"), stop).expect("an earlier stop");
        assert!(f.message.starts_with("parse expected ')' at end of argument list"), "{}", f.message);
        // A node defined twice still stops at its second definition.
        let twice = "define void @af(i8 immarg %a) {\n  ret void\n}\n!0 = !{}\n!0 = !{}\n";
        let stop = twice.rfind("!0").unwrap() as u32;
        let f = reader_stop_before(twice.as_bytes(), &target("compute_90"), stop).expect("an earlier stop");
        assert!(f.message.starts_with("parse expected ')' at end of argument list"), "{}", f.message);
    }

    /// Where nvir's reader stops in `src` for `arch`.
    fn stop_of(src: &str, arch: &str) -> u32 {
        match crate::parse_text(src.as_bytes(), &target(arch)) {
            Err(e) => e.span().start as u32,
            Ok(_) => panic!("nvir's reader reads {src:?}"),
        }
    }

    #[test]
    fn a_node_kept_defined_and_defined_again_is_blanked() {
        let src = "define void @af(i32 noundef %x) {\n  ret void\n}\n!nvvmir.version = !{!0}\n\
                   !0 = !{i32 2, half 0}\n!0 = !{i32 2, half 0}\n";
        let f = reader_stop_before(src.as_bytes(), &target("compute_90"), stop_of(src, "compute_90"))
            .expect("an earlier stop");
        assert!(f.message.starts_with("parse expected ')' at end of argument list"), "{}", f.message);
    }

    #[test]
    fn an_undefined_name_is_named_after_the_whole_scope_is_read() {
        // A node listed before it is defined nowhere; a later node holds an opaque pointer.
        let src = "define void @k() {\n  ret void\n}\n!nvvm.annotations = !{!1, !2}\n\
                   !1 = !{ptr @k, !\"kernel\", i32 1}\n";
        let f = reader_stop_before(src.as_bytes(), &target("compute_90"), stop_of(src, "compute_90"))
            .expect("an earlier stop");
        assert!(f.message.starts_with("parse expected metadata operand"), "{}", f.message);
        assert!(reader_stop_before(src.as_bytes(), &target("compute_100"), stop_of(src, "compute_100")).is_none());
        // A local name is named at its function's end: a later function does not count.
        let local = "define void @f() {\n  %a = add i32 %nothere, 1\n  ret void\n}\n\
                     define void @g() {\n  %p = alloca ptr\n  ret void\n}\n";
        assert!(reader_stop_before(local.as_bytes(), &target("compute_90"), stop_of(local, "compute_90")).is_none());
    }

    #[test]
    fn an_opcode_newer_than_llvm7_is_where_it_stops() {
        let src = "define void @f(i16 %x) {\n  %y = freeze i32 %x\n  ret void\n}\n";
        let f = reader_stop_before(src.as_bytes(), &target("compute_90"), stop_of(src, "compute_90"))
            .expect("an earlier stop");
        assert!(f.message.starts_with("parse expected instruction opcode"), "{}", f.message);
    }

    #[test]
    fn nothing_after_the_stop_counts() {
        let src = "define void @af(i64 %x) {\n  %r = extractelement i64 %x, i32 0\n  ret void\n}\n\
                   define void @bf(i64 immarg %x) {\n  ret void\n}\n";
        let stop = src.find("extractelement").unwrap() as u32;
        assert!(reader_stop_before(src.as_bytes(), &target("compute_90"), stop).is_none());
    }
}
