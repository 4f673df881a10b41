//! Container throughput on synthetic inputs: a tag-heavy container (256 Ki entries, the worst
//! case for the reader) and an LTO-shaped one with a 16 MiB payload. Throughput is counted over
//! the whole input.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use nvir_container::{describe, read, to_xml, write, Container, TagEntry};

fn synthetic(tags: u32, payload: usize) -> Vec<u8> {
    let bc = [0x42, 0x43, 0xC0, 0xDE];
    let mut c: Container<'static> =
        nvir_container::wrap(&bc, &"sm_90a".parse().unwrap(), nvir_container::IR_LEVEL_LTO).unwrap().into_owned();
    for i in 0..tags {
        // Mixed short and wide entries over the seed's ranges.
        let tag = [5u16, 19, 105, 160, 301][i as usize % 5];
        c.tags.push(TagEntry::new(tag, if i % 7 == 0 { 0x1_0000 + i } else { i & 0xFFF }));
    }
    c.blob = vec![0xA5; 4096].into();
    c.payload = (0..payload).map(|i| (i * 31) as u8).collect::<Vec<u8>>().into();
    write(&c).unwrap()
}

fn bench(cr: &mut Criterion) {
    for (name, bytes) in [("tag-heavy", synthetic(256 * 1024, 4096)), ("lto-16MiB", synthetic(4, 16 << 20))] {
        let mut g = cr.benchmark_group(format!("container/{name}"));
        g.throughput(Throughput::Bytes(bytes.len() as u64));
        g.bench_function("read", |b| b.iter(|| read(black_box(&bytes)).unwrap()));
        let c = read(&bytes).unwrap();
        g.bench_function("write", |b| b.iter(|| write(black_box(&c)).unwrap()));
        g.bench_function("describe", |b| b.iter(|| describe(black_box(&c))));
        if name == "tag-heavy" {
            g.sample_size(10);
            g.bench_function("to_xml", |b| b.iter(|| to_xml(black_box(&c))));
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
