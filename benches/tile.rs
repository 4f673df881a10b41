//! Tile IR throughput over the whole shared corpus (every file once per iteration): read,
//! read + validate, write, print. Throughput is counted over the corpus bytes.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use std::path::PathBuf;

fn corpus() -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/tileir/bc");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the corpus is at corpus/tileir")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "tileirbc"))
        .collect();
    files.sort();
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

fn bench(cr: &mut Criterion) {
    let files = corpus();
    let total: usize = files.iter().map(Vec::len).sum();
    let modules: Vec<_> = files.iter().map(|f| nvir_tile::read(f).unwrap()).collect();
    let mut g = cr.benchmark_group("tile/corpus");
    g.throughput(Throughput::Bytes(total as u64));
    g.bench_function("read", |b| {
        b.iter(|| {
            for f in &files {
                black_box(nvir_tile::read(black_box(f)).unwrap());
            }
        })
    });
    g.bench_function("read+validate", |b| {
        b.iter(|| {
            for f in &files {
                let m = nvir_tile::read(black_box(f)).unwrap();
                assert!(nvir_tile::validate(&m).is_empty());
            }
        })
    });
    g.bench_function("write", |b| {
        b.iter(|| {
            for m in &modules {
                black_box(nvir_tile::write(black_box(m)).unwrap());
            }
        })
    });
    g.bench_function("print", |b| {
        b.iter(|| {
            for m in &modules {
                black_box(nvir_tile::print(black_box(m), &nvir_tile::PrintOptions::default()));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
