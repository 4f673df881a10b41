//! `print` of every corpus file equals the recorded `tileirdisasm` text (whitespace-normalized).

use std::path::PathBuf;

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus/tileir")
}

/// (bytecode, recorded text) for the corpus and this crate's extra corpus.
fn pairs() -> Vec<(PathBuf, PathBuf)> {
    let extra = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/corpus-extra");
    let mut v = Vec::new();
    for root in [corpus(), extra] {
        for e in std::fs::read_dir(root.join("bc")).unwrap().flatten() {
            let p = e.path();
            let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
            v.push((p, root.join("disasm").join(format!("{stem}.mlir"))));
        }
    }
    v.sort();
    v
}

fn normalize(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn print_matches_tileirdisasm() {
    let files = pairs();
    let mut failed = Vec::new();
    for (path, text_path) in &files {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let expected = std::fs::read_to_string(text_path).unwrap();
        let m = nvir_tile::read(&std::fs::read(path).unwrap()).unwrap();
        let got = nvir_tile::print(&m, &nvir_tile::PrintOptions::default());
        if normalize(&got) != normalize(&expected) {
            let (g, e): (Vec<_>, Vec<_>) = (got.lines().collect(), expected.lines().collect());
            let line = g.iter().zip(&e).position(|(a, b)| normalize(a) != normalize(b)).unwrap_or(g.len().min(e.len()));
            failed.push(format!(
                "{stem}: line {}\n  got:      {}\n  expected: {}",
                line + 1,
                g.get(line).unwrap_or(&""),
                e.get(line).unwrap_or(&"")
            ));
        }
    }
    assert!(failed.is_empty(), "{} of {} differ:\n{}", failed.len(), files.len(), failed.join("\n"));
}

#[test]
fn assembling_the_text_gives_bytecode_that_prints_the_same() {
    let files = pairs();
    let mut failed = Vec::new();
    for (path, text_path) in &files {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(text_path).unwrap();
        let version = nvir_tile::read(&std::fs::read(path).unwrap()).unwrap().version;
        let result =
            nvir_tile::parse(&text, version).and_then(|m| nvir_tile::write(&m)).and_then(|b| nvir_tile::read(&b));
        match result {
            Ok(m) => {
                assert!(nvir_tile::validate(&m).is_empty(), "{stem}: {:?}", nvir_tile::validate(&m));
                let again = nvir_tile::print(&m, &nvir_tile::PrintOptions::default());
                if normalize(&again) != normalize(&text) {
                    let line =
                        again.lines().zip(text.lines()).position(|(a, b)| normalize(a) != normalize(b)).unwrap_or(0);
                    failed.push(format!(
                        "{stem}: line {}\n  got:      {}\n  expected: {}",
                        line + 1,
                        again.lines().nth(line).unwrap_or(""),
                        text.lines().nth(line).unwrap_or("")
                    ));
                }
            }
            Err(e) => failed.push(format!("{stem}: {e}")),
        }
    }
    assert!(failed.is_empty(), "{} of {} differ:\n{}", failed.len(), files.len(), failed.join("\n"));
}

#[test]
fn print_with_locations_matches_tileirdisasm_g_exactly() {
    let refs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/disasm-g");
    let mut checked = 0;
    let mut failed = Vec::new();
    for (path, _) in pairs() {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let expected = std::fs::read_to_string(refs.join(format!("{stem}.mlir"))).unwrap();
        let m = nvir_tile::read(&std::fs::read(&path).unwrap()).unwrap();
        let got = nvir_tile::print(&m, &nvir_tile::PrintOptions { debug: true });
        if got != expected {
            let line = got.lines().zip(expected.lines()).position(|(a, b)| a != b).unwrap_or(0);
            failed.push(format!("{stem}: line {}", line + 1));
        }
        checked += 1;
    }
    assert!(checked >= 72, "{checked}");
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
