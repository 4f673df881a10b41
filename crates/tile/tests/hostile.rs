//! Hostile inputs: deep nesting, overlapping tables, counts that claim more than the input holds,
//! shapes that make names, types or constants print far longer than they are, and text that
//! would make lookups quadratic. Each must end in a clean, located error or in output of a size
//! and in a time proportional to the input: never a stack overflow, a panic or a memory blow-up.
//! The large shapes are generated here; the deep ones run on a thread with a 2 MiB stack.

use nvir_tile::{PrintOptions, Version};
use std::time::{Duration, Instant};

fn varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let b = (v & 0x7F) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

/// An offset-table payload: count, padding to `width`, the given offsets, then `data`.
fn raw_table(offsets: &[u64], data: &[u8], width: usize) -> Vec<u8> {
    let mut out = Vec::new();
    varint(&mut out, offsets.len() as u64);
    while !out.len().is_multiple_of(width) {
        out.push(0xCB);
    }
    for &o in offsets {
        out.extend_from_slice(&o.to_le_bytes()[..width]);
    }
    out.extend_from_slice(data);
    out
}

/// An offset-table payload of consecutive entries.
fn table(entries: &[Vec<u8>], width: usize) -> Vec<u8> {
    let mut offsets = Vec::new();
    let mut data = Vec::new();
    for e in entries {
        offsets.push(data.len() as u64);
        data.extend_from_slice(e);
    }
    raw_table(&offsets, &data, width)
}

const STRING: u8 = 1;
const FUNC: u8 = 2;
const CONSTANT: u8 = 4;
const TYPE: u8 = 5;

/// A file of version 13.3 with these sections (id, payload), each aligned as the format wants.
fn file(sections: &[(u8, Vec<u8>)]) -> Vec<u8> {
    let mut out = b"\x7FTileIR\0".to_vec();
    out.extend_from_slice(&[13, 3, 0, 0]);
    for (id, payload) in sections {
        let align = match *id {
            STRING | TYPE => Some(4u64),
            FUNC | CONSTANT | 3 => Some(8),
            _ => None,
        };
        out.push(id | if align.is_some() { 0x80 } else { 0 });
        varint(&mut out, payload.len() as u64);
        if let Some(a) = align {
            varint(&mut out, a);
            while !out.len().is_multiple_of(a as usize) {
                out.push(0xCB);
            }
        }
        out.extend_from_slice(payload);
    }
    out.push(0);
    out
}

/// Types: 0 i1, 1 tile<i1>, 2 () -> (), then `more`.
fn types(more: &[Vec<u8>]) -> Vec<u8> {
    let mut t = vec![vec![0], vec![13, 0, 0], vec![16, 0, 0]];
    t.extend_from_slice(more);
    table(&t, 4)
}

/// The function section of one kernel `k` (string 0) of type 2 with this body.
fn func(body: &[u8]) -> Vec<u8> {
    let mut out = vec![1, 0, 2, 2, 0];
    varint(&mut out, body.len() as u64);
    out.extend_from_slice(body);
    out
}

/// A module with one kernel of this body, the usual tables and one i1 constant `true`.
fn kernel(body: &[u8]) -> Vec<u8> {
    file(&[
        (STRING, table(&[b"k".to_vec()], 4)),
        (TYPE, types(&[])),
        (CONSTANT, table(&[vec![1, 1]], 8)),
        (FUNC, func(body)),
    ])
}

const RETURN: [u8; 3] = [0x5C, 0, 0];
/// `%0 = constant <i1: true> : tile<i1>`.
const CONSTANT_TRUE: [u8; 3] = [0x10, 1, 0];

/// `constant`, then `if %0 { if %0 { … } }` nested `depth` deep, then `return`.
fn nested_ifs(depth: usize) -> Vec<u8> {
    let mut body = CONSTANT_TRUE.to_vec();
    // if (no results) %0, 2 regions; then-region: 1 block, no arguments, 2 ops (the inner if, yield).
    let open = [0x32, 0, 0, 2, 1, 0, 2];
    // the then-block's yield; else-region: 1 block, no arguments, 1 op (yield).
    let close = [0x6D, 0, 0, 1, 0, 1, 0x6D, 0, 0];
    for _ in 1..depth {
        body.extend_from_slice(&open);
    }
    body.extend_from_slice(&[0x32, 0, 0, 2, 1, 0, 1, 0x6D, 0, 0, 1, 0, 1, 0x6D, 0, 0]);
    for _ in 1..depth {
        body.extend_from_slice(&close);
    }
    body.extend_from_slice(&RETURN);
    body
}

/// Runs `f` on a thread with a 2 MiB stack (less than the main thread's): deep inputs must not
/// need more.
fn small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(2 << 20).spawn(f).unwrap().join().unwrap()
}

/// Everything the CLI does with a module that was read.
fn exercise(m: &nvir_tile::ir::Module) -> String {
    let text = nvir_tile::print(m, &PrintOptions { debug: true });
    let _ = nvir_tile::validate(m);
    let _ = nvir_tile::parse(&text, m.version);
    let mut n = 0;
    m.for_each_op(|_| n += 1);
    for f in &m.functions {
        let ops = m.decode_body(&f.body).unwrap();
        assert_eq!(m.encode_body(&ops).unwrap().bytes(), f.body.bytes());
    }
    let bytes = nvir_tile::write(m).unwrap();
    nvir_tile::read(&bytes).unwrap();
    for v in Version::ALL {
        if let Ok(r) = nvir_tile::retarget(m, v) {
            nvir_tile::read(&nvir_tile::write(&r).unwrap()).unwrap();
        }
    }
    text
}

#[test]
fn regions_as_deep_as_allowed_go_through_everything_on_a_small_stack() {
    small_stack(|| {
        let bytes = kernel(&nested_ifs(nvir_tile::body::MAX_DEPTH));
        let m = nvir_tile::read(&bytes).unwrap();
        assert!(nvir_tile::validate(&m).is_empty(), "{:?}", nvir_tile::validate(&m));
        assert!(nvir_tile::write(&m).unwrap() == bytes, "rewritten differently");
        let text = exercise(&m);
        // The text assembles back to a module that prints the same.
        let again = nvir_tile::parse(&text, m.version).unwrap();
        let again = nvir_tile::read(&nvir_tile::write(&again).unwrap()).unwrap();
        assert!(nvir_tile::print(&again, &PrintOptions { debug: true }) == text);
    });
}

#[test]
fn regions_nested_deeper_are_a_located_error() {
    small_stack(|| {
        for depth in [nvir_tile::body::MAX_DEPTH + 1, 100_000] {
            let bytes = kernel(&nested_ifs(depth));
            let err = nvir_tile::read(&bytes).unwrap_err();
            assert_eq!(err.message(), "regions nested too deeply");
            assert!(err.offset().is_some_and(|o| o < bytes.len()), "{err}");
        }
    });
}

#[test]
fn attributes_nested_deeply_are_a_located_error() {
    small_stack(|| {
        // assume with a predicate of arrays in arrays … (tag 6, one element) 100 000 deep.
        let mut body = CONSTANT_TRUE.to_vec();
        body.extend_from_slice(&[0x06, 1]);
        for _ in 0..100_000 {
            body.extend_from_slice(&[6, 1]);
        }
        body.extend_from_slice(&[3, 1, 0]);
        body.extend_from_slice(&RETURN);
        let bytes = kernel(&body);
        let err = nvir_tile::read(&bytes).unwrap_err();
        assert_eq!(err.message(), "attributes nested too deeply");
        assert!(err.offset().is_some());
    });
}

#[test]
fn text_types_nested_deeply_are_a_located_error() {
    small_stack(|| {
        let n = 100_000;
        let text = format!("entry @f(%a: {}f32{}) {{\n  return\n}}\n", "ptr<".repeat(n), ">".repeat(n));
        let err = nvir_tile::parse(&text, Version::V13_3).unwrap_err();
        assert!(err.message().starts_with("1:"), "{err}");
        assert!(err.message().ends_with("types nested too deeply"), "{err}");
        // Types count with regions: 150 regions deep, a type 100 deep inside is too much.
        let mut text = String::from("entry @f() {\n  %c = constant <i1: true> : tile<i1>\n");
        text.push_str(&"  if %c {\n".repeat(150));
        text.push_str(&format!("  %p = make_token : {}token{}\n", "ptr<".repeat(100), ">".repeat(100)));
        text.push_str(&"  }\n".repeat(150));
        text.push_str("  return\n}\n");
        let err = nvir_tile::parse(&text, Version::V13_3).unwrap_err();
        assert!(err.message().ends_with("nested too deeply"), "{err}");
        assert!(err.message().starts_with("153:"), "{err}");
    });
}

#[test]
fn text_regions_nested_deeply_are_a_located_error() {
    small_stack(|| {
        let n = 100_000;
        let mut text = String::from("entry @f() {\n  %c = constant <i1: true> : tile<i1>\n");
        text.push_str(&"  if %c {\n".repeat(n));
        text.push_str(&"  }\n".repeat(n));
        text.push_str("  return\n}\n");
        let err = nvir_tile::parse(&text, Version::V13_3).unwrap_err();
        assert!(err.message().ends_with("regions nested too deeply"), "{err}");
    });
}

/// A string table whose `n` entries alternately span the whole data and nothing.
fn overlapping_strings(n: usize, data: usize) -> Vec<u8> {
    let offsets: Vec<u64> = (0..n).map(|i| if i % 2 == 0 { 0 } else { data as u64 }).collect();
    let mut bytes = vec![b'k'; data];
    bytes[1..].fill(b'x');
    raw_table(&offsets, &bytes, 4)
}

#[test]
fn overlapping_string_entries_share_their_bytes() {
    // 20 000 entries of 100 KB each over 180 KB: copied, that was 1 GB.
    let start = Instant::now();
    let bytes = file(&[(STRING, overlapping_strings(20_000, 100_000)), (TYPE, types(&[])), (FUNC, func(&RETURN))]);
    let m = nvir_tile::read(&bytes).unwrap();
    assert_eq!(m.strings.len(), 20_000);
    assert_eq!(m.string(2).len(), 100_000);
    // Written back as it was: shared, not 20 000 copies.
    assert!(nvir_tile::write(&m).unwrap() == bytes, "rewritten differently");
    let text = nvir_tile::print(&m, &PrintOptions::default());
    assert!(text.len() < 2 * bytes.len());
    let r = nvir_tile::retarget(&m, Version::V13_5).unwrap();
    assert!(nvir_tile::write(&r).unwrap().len() < bytes.len() + 1000);
    assert!(start.elapsed() < Duration::from_secs(20));
}

#[test]
fn overlapping_constant_entries_are_errors() {
    // Constants are checked (each is a length and that many bytes): entries that overlap by
    // offsets going back leave empty ones between them.
    let data = 100_000;
    let mut blob = Vec::new();
    varint(&mut blob, data as u64 - 3);
    blob.resize(data, 7);
    let offsets: Vec<u64> = (0..10_000).map(|i| if i % 2 == 0 { 0 } else { data as u64 }).collect();
    let payload = raw_table(&offsets, &blob, 8);
    let bytes =
        file(&[(STRING, table(&[b"k".to_vec()], 4)), (TYPE, types(&[])), (CONSTANT, payload), (FUNC, func(&RETURN))]);
    let err = nvir_tile::read(&bytes).unwrap_err();
    assert_eq!(err.message(), "unexpected end of data while reading constant length");
    assert!(err.offset().is_some(), "{err}");
}

#[test]
fn overlapping_type_entries_are_decoded_within_the_table_size() {
    // Tiles nested in each other's shape data, all ending where the table ends: every suffix
    // starting at a level is a valid type as long as the table. Decoding each would take (and
    // hold) the square of the table's size.
    let mut nested: Vec<u8> = vec![0]; // i1, type 1
    let mut heads = Vec::new();
    while nested.len() < 150_000 {
        // tile<N x i1>: tag, element (type 1), N, then N i64 of padding and the level inside.
        let n = (nested.len() + 1).div_ceil(8);
        let mut level = vec![13, 3];
        varint(&mut level, n as u64);
        let head = level.len() + n * 8 - nested.len();
        level.resize(head, 0);
        level.extend_from_slice(&nested);
        heads.push(head);
        nested = level;
    }
    // Type 0 is the kernel's () -> (), 1 the outermost level, 3 the i1 at the very end, then
    // each level inside; a level's entry reaches the end of the table because the entry after it
    // starts at the end (and is empty).
    let mut blob = vec![16, 0, 0];
    let base = blob.len() as u64;
    blob.extend_from_slice(&nested);
    let size = blob.len() as u64;
    let past = size;
    let mut offsets = vec![0, base, past, size - 1, past];
    let mut at = base;
    for head in heads.iter().rev().take(heads.len() - 1) {
        at += *head as u64;
        offsets.extend_from_slice(&[at, past]);
    }
    let mut f = vec![1, 0, 0, 2, 0, 3];
    f.extend_from_slice(&RETURN);
    let bytes = file(&[(STRING, table(&[b"k".to_vec()], 4)), (TYPE, raw_table(&offsets, &blob, 4)), (FUNC, f)]);
    let start = Instant::now();
    let m = nvir_tile::read(&bytes).unwrap_or_else(|e| panic!("{e}"));
    let ok = m.types.iter().filter(|t| matches!(t, nvir_tile::ir::TypeEntry::Ok(_))).count();
    assert!(ok >= 3 && ok < m.types.len() / 4, "{ok} of {}", m.types.len());
    assert!(m.ty(1).is_some() && m.ty(3).is_some(), "the outermost level is decoded");
    assert!(m.type_error(5).unwrap().message().contains("overlaps"), "{:?}", m.type_error(5));
    assert!(nvir_tile::write(&m).unwrap() == bytes, "rewritten differently");
    let _ = nvir_tile::print(&m, &PrintOptions::default());
    assert!(start.elapsed() < Duration::from_secs(20));
}

#[test]
fn counts_claiming_more_than_the_input_holds_are_located_errors() {
    let huge = 1u64 << 32;
    let with = |patch: &dyn Fn(&mut Vec<u8>)| {
        let mut body = Vec::new();
        patch(&mut body);
        let bytes = kernel(&body);
        let err = nvir_tile::read(&bytes).unwrap_err();
        assert!(err.offset().is_some_and(|o| o <= bytes.len()), "{err}");
    };
    // Results, operands, regions, blocks, block arguments, ops, array attributes.
    with(&|b| {
        b.extend_from_slice(&[0x5C]);
        varint(b, huge);
    });
    with(&|b| {
        b.extend_from_slice(&[0x5C, 0]);
        varint(b, huge);
    });
    with(&|b| {
        b.extend_from_slice(&CONSTANT_TRUE);
        b.extend_from_slice(&[0x32, 0, 0]);
        varint(b, huge);
    });
    with(&|b| {
        b.extend_from_slice(&CONSTANT_TRUE);
        b.extend_from_slice(&[0x32, 0, 0, 2]);
        varint(b, huge);
    });
    with(&|b| {
        b.extend_from_slice(&CONSTANT_TRUE);
        b.extend_from_slice(&[0x32, 0, 0, 2, 1]);
        varint(b, huge);
    });
    with(&|b| {
        b.extend_from_slice(&CONSTANT_TRUE);
        b.extend_from_slice(&[0x32, 0, 0, 2, 1, 0]);
        varint(b, huge);
    });
    with(&|b| {
        b.extend_from_slice(&CONSTANT_TRUE);
        b.extend_from_slice(&[0x06, 1, 6]);
        varint(b, huge);
    });
    // Table counts.
    for (id, width) in [(STRING, 4), (TYPE, 4), (CONSTANT, 8)] {
        let mut payload = Vec::new();
        varint(&mut payload, huge);
        let mut secs = vec![(STRING, table(&[b"k".to_vec()], 4)), (TYPE, types(&[])), (FUNC, func(&RETURN))];
        secs.retain(|s| s.0 != id);
        secs.push((id, payload));
        let bytes = file(&secs);
        let err = nvir_tile::read(&bytes).unwrap_err();
        assert!(err.message().contains("exceeds"), "{width}: {err}");
    }
    let mut payload = Vec::new();
    varint(&mut payload, huge);
    let bytes = file(&[(STRING, table(&[b"k".to_vec()], 4)), (TYPE, types(&[])), (FUNC, payload)]);
    assert!(nvir_tile::read(&bytes).unwrap_err().message().contains("exceeds"));
}

#[test]
fn chains_of_assumes_print_in_linear_size() {
    // assume of assume of … : each name would embed the one before.
    let n = 5_000;
    let mut body = CONSTANT_TRUE.to_vec();
    for i in 0..n {
        // assume: result type 1, predicate bool attr (tag 3), value: the previous result.
        body.extend_from_slice(&[0x06, 1, 3, 1]);
        varint(&mut body, i as u64);
    }
    body.extend_from_slice(&RETURN);
    let bytes = kernel(&body);
    let m = nvir_tile::read(&bytes).unwrap();
    let text = nvir_tile::print(&m, &PrintOptions::default());
    assert!(text.len() < 2000 * n, "{}", text.len());
    assert!(text.contains("%assume_true = assume"), "{}", &text[..500]);
}

#[test]
fn types_that_print_long_stay_within_the_text_budget() {
    // Function types of function types: each doubles the text; ops of that result type print it.
    let mut more = Vec::new();
    for i in 0..40u8 {
        more.push(vec![16, 2, 2 + i, 2 + i, 0]);
    }
    let long = 2 + 40;
    let mut body = Vec::new();
    for _ in 0..20_000 {
        body.extend_from_slice(&[0x44, long]); // make_token : <long type>
    }
    body.extend_from_slice(&RETURN);
    let bytes = file(&[(STRING, table(&[b"k".to_vec()], 4)), (TYPE, types(&more)), (FUNC, func(&body))]);
    let m = nvir_tile::read(&bytes).unwrap();
    let start = Instant::now();
    let text = nvir_tile::print(&m, &PrintOptions::default());
    assert!(text.len() < (64 << 20) + 64 * (1 << 20), "{}", text.len());
    let findings = nvir_tile::validate(&m);
    assert!(findings.len() <= nvir_tile::validate::MAX_FINDINGS + 1);
    assert!(start.elapsed() < Duration::from_secs(20));
}

#[test]
fn constants_of_deep_shapes_print_without_recursing() {
    small_stack(|| {
        // tile<2 x 1 x 1 x … x i8> (100 000 dims) with two different elements.
        let dims = 100_000;
        let mut tile = vec![13, 3];
        varint(&mut tile, dims as u64 + 1);
        tile.extend_from_slice(&2i64.to_le_bytes());
        for _ in 0..dims {
            tile.extend_from_slice(&1i64.to_le_bytes());
        }
        let i8_ty = vec![1];
        let bytes = file(&[
            (STRING, table(&[b"k".to_vec()], 4)),
            (TYPE, types(&[i8_ty, tile])),
            (CONSTANT, table(&[vec![2, 1, 2]], 8)),
            (FUNC, func(&[0x10, 4, 0, 0x10, 4, 0, 0x5C, 0, 0])),
        ]);
        let m = nvir_tile::read(&bytes).unwrap();
        let text = nvir_tile::print(&m, &PrintOptions::default());
        assert!(text.len() < 64 << 20, "{}", text.len());
    });
}

#[test]
fn result_counts_in_text_cannot_outgrow_the_text() {
    let mut text = String::from("entry @f(%a: tile<i32>) {\n");
    for i in 0..200 {
        text.push_str(&format!("  %x{i}:65536 = assume div_by<1>, %a : tile<i32>\n"));
    }
    text.push_str("  return\n}\n");
    let err = nvir_tile::parse(&text, Version::V13_3).unwrap_err();
    assert!(err.message().contains("more values than the text has room for"), "{err}");
}

#[test]
fn many_names_values_and_constants_assemble_in_linear_time() {
    // Distinct function names (string table), values (scope) and constants (constant table).
    let mut text = String::new();
    for f in 0..2_000 {
        text.push_str(&format!("entry @kernel_{f}(%a: tile<i32>) {{\n"));
        for v in 0..20 {
            text.push_str(&format!("  %c{v} = constant <i32: {}> : tile<i32>\n", f * 20 + v));
            text.push_str(&format!("  %v{v} = addi %a, %c{v} : tile<i32>\n"));
        }
        text.push_str("  return\n}\n");
    }
    let start = Instant::now();
    let m = nvir_tile::parse(&text, Version::V13_3).unwrap();
    assert_eq!(m.strings.len(), 2_000);
    assert_eq!(m.constants.len(), 40_000);
    assert!(nvir_tile::validate(&m).is_empty());
    let bytes = nvir_tile::write(&m).unwrap();
    let back = nvir_tile::read(&bytes).unwrap();
    assert_eq!(nvir_tile::print(&back, &PrintOptions::default()).lines().count(), 2_000 * 43);
    assert!(start.elapsed() < Duration::from_secs(20));
}

#[test]
fn repeated_sections_are_read_in_linear_time() {
    let mut sections = vec![(STRING, table(&[b"k".to_vec()], 4)), (TYPE, types(&[])), (FUNC, func(&RETURN))];
    for _ in 0..50_000 {
        sections.push((7, vec![0]));
    }
    let bytes = file(&sections);
    let start = Instant::now();
    let m = nvir_tile::read(&bytes).unwrap();
    let replaced = |s: &nvir_tile::ir::Section| match s {
        nvir_tile::ir::Section::Replaced(r) => r.sections().count(),
        _ => 0,
    };
    assert_eq!(m.sections.iter().map(replaced).sum::<usize>(), 49_999);
    assert_eq!(m.sections.len(), 5, "one entry for the sections replaced");
    // 13.1 has no producer section: every copy goes.
    let old = nvir_tile::retarget(&m, Version::V13_1).unwrap();
    let back = nvir_tile::read(&nvir_tile::write(&old).unwrap()).unwrap();
    assert_eq!(back.sections.len(), 3);
    assert!(back.producer.is_none());
    assert!(nvir_tile::write(&m).unwrap() == bytes, "rewritten differently");
    assert!(start.elapsed() < Duration::from_secs(20));
}

#[test]
fn many_invalid_ops_give_a_bounded_list_of_findings() {
    // addi with an i1 result, 50 000 times (its result must be a tile of integers wider than i1).
    let mut body = CONSTANT_TRUE.to_vec();
    for _ in 0..50_000 {
        body.extend_from_slice(&[0x03, 1, 0, 0, 0]); // addi : tile<i1>, overflow none, %0, %0
    }
    body.extend_from_slice(&RETURN);
    let m = nvir_tile::read(&kernel(&body)).unwrap();
    let findings = nvir_tile::validate(&m);
    assert_eq!(findings.len(), nvir_tile::validate::MAX_FINDINGS + 1);
    assert!(findings.last().unwrap().message.starts_with("too many problems"));
}

#[test]
fn many_kernel_arguments_and_loop_values_print_in_linear_size() {
    // A kernel of 200 000 arguments (its type has one byte per input).
    let n = 200_000;
    let mut sig = vec![16];
    varint(&mut sig, n as u64);
    sig.resize(sig.len() + n, 1);
    sig.push(0);
    let mut f = vec![1, 0, 3, 2, 0];
    f.extend_from_slice(&[3, 0x5C, 0, 0]);
    let bytes = file(&[(STRING, table(&[b"k".to_vec()], 4)), (TYPE, types(&[sig])), (FUNC, f)]);
    let m = nvir_tile::read(&bytes).unwrap();
    let text = nvir_tile::print(&m, &PrintOptions::default());
    assert!(text.contains(&format!("%arg{}: tile<i1>) {{", n - 1)));
    assert!(text.len() < 30 * n);
    // A loop carrying 5 000 values: `%iterArgN`, and a loop inside it renames its own.
    let k = 5_000;
    let inits: Vec<String> = (0..k).map(|i| format!("%iterArg{i} = %c")).collect();
    let types = vec!["tile<i32>"; k].join(", ");
    let text = format!(
        "entry @k(%c: tile<i32>) {{\n  %f:{k} = for %i in (%c to %c, step %c) : tile<i32> iter_values({}) -> ({types}) {{\n    %g = for %j in (%c to %c, step %c) : tile<i32> iter_values(%iterArg0 = %c) -> (tile<i32>) {{\n      continue %c : tile<i32>\n    }}\n    continue {} : {types}\n  }}\n  return\n}}\n",
        inits.join(", "),
        (0..k).map(|_| "%c").collect::<Vec<_>>().join(", ")
    );
    let m = nvir_tile::parse(&text, Version::V13_3).unwrap_or_else(|e| panic!("{e}"));
    let printed = nvir_tile::print(&nvir_tile::read(&nvir_tile::write(&m).unwrap()).unwrap(), &PrintOptions::default());
    assert!(printed.contains(&format!("%iterArg{} = %arg0", k - 1)), "{}", &printed[..300]);
    assert!(printed.contains("for %loopIdx_"), "the inner loop's names are made unique");
    assert!(printed.len() < 40 * text.len());
}
