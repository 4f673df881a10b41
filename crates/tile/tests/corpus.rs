//! Every file of the Tile IR corpus: read, rewrite byte for byte, and every truncation is
//! an error (never a panic).

use std::path::PathBuf;

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus/tileir")
}

/// Files of the corpus and of this crate's extra corpus (`tests/corpus-extra`).
fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let extra = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/corpus-extra");
    let mut v: Vec<PathBuf> = [corpus(), extra]
        .iter()
        .flat_map(|root| std::fs::read_dir(root.join(dir)).expect("the corpus is at corpus/tileir"))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    v.sort();
    assert!(!v.is_empty());
    v
}

#[test]
fn rewrite_is_byte_identical() {
    let mut failed = Vec::new();
    for path in files("bc", "tileirbc") {
        let bytes = std::fs::read(&path).unwrap();
        let m = nvir_tile::read(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let out = nvir_tile::write(&m).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if out != bytes {
            let at = out.iter().zip(&bytes).position(|(a, b)| a != b).unwrap_or(out.len().min(bytes.len()));
            failed.push(format!("{}: first difference at {at:#x}", path.display()));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn every_truncation_is_an_error() {
    for path in files("bc", "tileirbc") {
        let bytes = std::fs::read(&path).unwrap();
        for len in 0..bytes.len() {
            let err =
                nvir_tile::read(&bytes[..len]).expect_err(&format!("{} cut at {len} was accepted", path.display()));
            assert!(err.offset().is_some_and(|o| o <= len), "{}: {err}", path.display());
        }
    }
}

#[test]
fn retargeting_round_trips_where_the_versions_allow() {
    use nvir_tile::Version;
    let mut converted = 0;
    for path in files("bc", "tileirbc") {
        let bytes = std::fs::read(&path).unwrap();
        let m = nvir_tile::read(&bytes).unwrap();
        for to in Version::ALL {
            let Ok(r) = nvir_tile::retarget(&m, to) else { continue };
            let out = nvir_tile::write(&r).unwrap_or_else(|e| panic!("{} -> {to}: {e}", path.display()));
            let back = nvir_tile::read(&out).unwrap_or_else(|e| panic!("{} -> {to}: {e}", path.display()));
            assert_eq!(back.version, to);
            // Converting back to the file's own version gives the file again.
            let again = nvir_tile::write(&nvir_tile::retarget(&back, m.version).unwrap()).unwrap();
            assert_eq!(again, bytes, "{} -> {to} -> {}", path.display(), m.version);
            converted += 1;
        }
    }
    assert!(converted > 100, "{converted}");
}

#[test]
fn retargeting_refuses_what_a_version_lacks() {
    let bytes = std::fs::read(corpus().join("bc/shape_insert.v13_4.tileirbc")).unwrap();
    let m = nvir_tile::read(&bytes).unwrap();
    let err = nvir_tile::retarget(&m, nvir_tile::Version::V13_3).unwrap_err();
    assert_eq!(err.message(), "op 'insert' needs bytecode version 13.4+, target version is 13.3");
}

#[test]
fn every_corpus_file_validates() {
    for path in files("bc", "tileirbc") {
        let m = nvir_tile::read(&std::fs::read(&path).unwrap()).unwrap();
        let findings = nvir_tile::validate(&m);
        assert!(findings.is_empty(), "{}: {findings:?}", path.display());
    }
}

#[test]
fn validator_reports_a_wrong_result_type_as_mlir_does() {
    // addf with an i32 result: the corruption the oracle notes record.
    let bytes = std::fs::read(corpus().join("bc/ew_vadd_f32.v13_3.tileirbc")).unwrap();
    let mut m = nvir_tile::read(&bytes).unwrap();
    let i32 = m.intern_type(nvir_tile::ir::Type::Scalar(3));
    let i32_tile = m.intern_type(nvir_tile::ir::Type::Tile { element: i32, shape: Box::new([]) });
    let mut ops = m.decode_body(&m.functions[0].body).unwrap();
    let addf = ops.iter_mut().find(|o| o.opcode == 2).unwrap();
    addf.results[0] = i32_tile;
    m.functions[0].body = m.encode_body(&ops).unwrap();
    let findings = nvir_tile::validate(&m);
    assert_eq!(
        findings[0].message,
        "'cuda_tile.addf' op result #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'"
    );
}

#[test]
fn validator_checks_ftoi_rounding_like_the_dialect() {
    let bytes = std::fs::read(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/corpus-extra/bc/extra_int_unary_casts.v13_3.tileirbc"),
    )
    .unwrap();
    let mut m = nvir_tile::read(&bytes).unwrap();
    let ftoi = nvir_tile::tables::op_by_name("ftoi").unwrap().code;
    let mut found = false;
    for i in 0..m.functions.len() {
        let mut ops = m.decode_body(&m.functions[i].body).unwrap();
        for op in ops.iter_mut().filter(|o| o.opcode == ftoi) {
            // signedness, rounding_mode: round to nearest even instead of toward zero.
            *op.fields.last_mut().unwrap() = nvir_tile::ir::Field::U(0);
            found = true;
        }
        m.functions[i].body = m.encode_body(&ops).unwrap();
    }
    assert!(found);
    let findings = nvir_tile::validate(&m);
    assert_eq!(
        findings[0].message,
        "'cuda_tile.ftoi' op invalid rounding mode specified. Only 'nearest_int_to_zero' is supported"
    );
}

/// Splits a file into (id, alignment, payload) sections.
fn sections(bytes: &[u8]) -> Vec<(u8, Option<u64>, Vec<u8>)> {
    fn varint(b: &[u8], pos: &mut usize) -> u64 {
        let (mut v, mut shift) = (0u64, 0);
        loop {
            let x = b[*pos];
            *pos += 1;
            v |= u64::from(x & 0x7F) << shift;
            if x & 0x80 == 0 {
                return v;
            }
            shift += 7;
        }
    }
    let mut pos = 12;
    let mut out = Vec::new();
    while bytes[pos] != 0 {
        let id = bytes[pos];
        pos += 1;
        let len = varint(bytes, &mut pos) as usize;
        let align = if id & 0x80 != 0 { Some(varint(bytes, &mut pos)) } else { None };
        if let Some(a) = align {
            pos = pos.div_ceil(a as usize) * a as usize;
        }
        out.push((id & 0x7F, align, bytes[pos..pos + len].to_vec()));
        pos += len;
    }
    out
}

/// Lays sections out in the given order, padding each to its alignment.
fn assemble(header: &[u8], secs: &[(u8, Option<u64>, Vec<u8>)]) -> Vec<u8> {
    let mut out = header.to_vec();
    for (id, align, payload) in secs {
        out.push(id | if align.is_some() { 0x80 } else { 0 });
        let mut n = payload.len() as u64;
        loop {
            let b = (n & 0x7F) as u8;
            n >>= 7;
            out.push(if n == 0 { b } else { b | 0x80 });
            if n == 0 {
                break;
            }
        }
        if let Some(a) = align {
            out.push(*a as u8);
            while !out.len().is_multiple_of(*a as usize) {
                out.push(0xCB);
            }
        }
        out.extend_from_slice(payload);
    }
    out.push(0);
    out
}

#[test]
fn sections_in_any_order_read_print_and_rewrite() {
    for path in files("bc", "tileirbc") {
        let bytes = std::fs::read(&path).unwrap();
        let text = nvir_tile::print(&nvir_tile::read(&bytes).unwrap(), &Default::default());
        let mut secs = sections(&bytes);
        assert_eq!(assemble(&bytes[..12], &secs), bytes, "{}: the test's own layout", path.display());
        // Reverse the order: the reader parses by dependency, not by position.
        secs.reverse();
        let moved = assemble(&bytes[..12], &secs);
        let m = nvir_tile::read(&moved).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(nvir_tile::print(&m, &Default::default()), text, "{}", path.display());
        assert_eq!(nvir_tile::write(&m).unwrap(), moved, "{}: the new order is kept", path.display());
    }
}
