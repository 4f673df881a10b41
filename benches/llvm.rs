//! `.ll` throughput: lexing to end of input, parsing, and faithful printing, on real modules
//! from the corpus (both pointer dialects) and, when `NVIR_BIG_LL` names one, a large
//! module (e.g. `pg_all.ll` from `corpus/llvm/make-big.sh`). Throughput is counted over
//! the input text (MB/s), printing included. Inputs over 1 MiB are also parsed on one thread
//! (the default reads their function bodies on all cores).

use criterion::{black_box, criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use nvir_llvm::text::lexer::Lexer;
use nvir_llvm::text::token::TokenKind;
use nvir_llvm::{parse_bytes, parse_bytes_with, print, ParseOptions, Syntax};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A few of the larger corpus files: typed (clang 14, numba, libNVVM 7 form) and opaque (clang 19).
const CORPUS_FILES: &[&str] =
    &["numba/matmul2d.sm80.ll", "nvvm7/structs_byval.O0.ll", "clang14/structs_byval.O2.ll", "clang19/math.O0.ll"];

fn inputs() -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/llvm");
    let mut paths: Vec<(String, PathBuf)> =
        CORPUS_FILES.iter().map(|f| (f.replace('/', ":"), root.join(f))).filter(|(_, p)| p.exists()).collect();
    if paths.is_empty() {
        eprintln!("note: no corpus under {}; only NVIR_BIG_LL is measured", root.display());
    }
    if let Some(big) = std::env::var_os("NVIR_BIG_LL") {
        let big = PathBuf::from(big);
        let name = big.file_name().map_or("big".into(), |n| n.to_string_lossy().into_owned());
        paths.push((name, big));
    }
    paths
        .into_iter()
        .map(|(name, p)| {
            let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (name, bytes)
        })
        .collect()
}

fn lex_all(src: &[u8]) -> usize {
    let mut lex = Lexer::from_bytes(src);
    let mut n = 0;
    while lex.next_token().kind != TokenKind::Eof {
        n += 1;
    }
    n
}

fn bench(cr: &mut Criterion) {
    for (name, src) in inputs() {
        let m = parse_bytes(&src).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut g = cr.benchmark_group(format!("llvm/{name}"));
        g.throughput(Throughput::BytesDecimal(src.len() as u64));
        g.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
        if src.len() > 1 << 20 {
            // One run per sample, and time for ten runs even at 5 MB/s, far below what any step does.
            let secs = (src.len() as f64 / 5e6).max(2.0);
            g.sampling_mode(SamplingMode::Flat).measurement_time(Duration::from_secs_f64(secs));
        }
        g.bench_function("lex", |b| b.iter(|| lex_all(black_box(&src))));
        g.bench_function("parse", |b| b.iter(|| parse_bytes(black_box(&src)).unwrap()));
        if src.len() > 1 << 20 {
            // Large inputs are read on all cores by default; this is the one-thread figure.
            g.bench_function("parse-1-thread", |b| {
                b.iter(|| parse_bytes_with(black_box(&src), ParseOptions::SEQUENTIAL).unwrap())
            });
        }
        g.bench_function("print", |b| b.iter(|| print(black_box(&m), Syntax::Faithful).unwrap()));
        g.finish();
    }
}

/// Bitcode reading (`nvir dis --parse-only`): two corpus files, and `NVIR_BIG_BC` when it names
/// one (e.g. `pg_all.bc`); throughput over the bitcode bytes.
fn bench_bitcode(cr: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/llvm");
    let mut paths: Vec<PathBuf> = ["clang14/structs_byval.O2.bc", "clang19/math.O0.bc"]
        .iter()
        .map(|f| root.join(f))
        .filter(|p| p.exists())
        .collect();
    paths.extend(std::env::var_os("NVIR_BIG_BC").map(PathBuf::from));
    for p in paths {
        let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let name = p.file_name().map_or("bc".into(), |n| n.to_string_lossy().into_owned());
        let mut g = cr.benchmark_group(format!("bitcode/{name}"));
        g.throughput(Throughput::BytesDecimal(bytes.len() as u64));
        g.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
        if bytes.len() > 1 << 20 {
            g.sampling_mode(SamplingMode::Flat).measurement_time(Duration::from_secs(10));
        }
        g.bench_function("read", |b| b.iter(|| nvir_llvm::bitcode::read(black_box(&bytes)).unwrap()));
        g.finish();
    }
}

criterion_group!(benches, bench, bench_bitcode);
criterion_main!(benches);
