//! Hostile shapes, generated here: decompression bombs, shared and overlapping bytes, huge
//! counts. Each must give a clean result or a located error, in bounded time and memory.

use nvir_fatbin::{self as fb, Budget, EntryKind, ErrorKind, ExtractError, LtoIrForm};
use std::time::{Duration, Instant};

const ZSTD: u64 = 0x8000;
const LZ4: u64 = 0x2000;

/// An entry: 64-byte header, then the payload padded to 8.
fn entry(kind: u16, flags: u64, payload: &[u8], usize_: u64) -> Vec<u8> {
    let mut h = vec![0u8; 64];
    let stored = payload.len().div_ceil(8) * 8;
    h[0..2].copy_from_slice(&kind.to_le_bytes());
    h[2..4].copy_from_slice(&0x0101u16.to_le_bytes());
    h[4..8].copy_from_slice(&64u32.to_le_bytes());
    h[8..16].copy_from_slice(&(stored as u64).to_le_bytes());
    if flags & (ZSTD | LZ4) != 0 {
        h[0x10..0x14].copy_from_slice(&(payload.len() as u32).to_le_bytes());
        h[0x38..0x40].copy_from_slice(&usize_.to_le_bytes());
    }
    h[0x1C..0x20].copy_from_slice(&90u32.to_le_bytes());
    h[0x28..0x30].copy_from_slice(&(0x11 | flags).to_le_bytes());
    h.extend_from_slice(payload);
    h.resize(64 + stored, 0);
    h
}

fn fatbin(entries: &[Vec<u8>]) -> Vec<u8> {
    let body: Vec<u8> = entries.concat();
    let mut f = vec![0x50, 0xED, 0x55, 0xBA, 1, 0, 16, 0];
    f.extend_from_slice(&(body.len() as u64).to_le_bytes());
    f.extend_from_slice(&body);
    f
}

/// A zstd frame as nvcc writes them (single segment, content size present), of raw blocks.
fn zstd_raw(data: &[u8]) -> Vec<u8> {
    let mut f = vec![0x28, 0xB5, 0x2F, 0xFD, 0xE0];
    f.extend_from_slice(&(data.len() as u64).to_le_bytes());
    let chunks: Vec<&[u8]> = if data.is_empty() { vec![&[]] } else { data.chunks(128 << 10).collect() };
    for (i, c) in chunks.iter().enumerate() {
        let last = u32::from(i + 1 == chunks.len());
        f.extend_from_slice(&((c.len() as u32) << 3 | last).to_le_bytes()[..3]);
        f.extend_from_slice(c);
    }
    f
}

/// A zstd bomb: `total` bytes of `byte` in RLE blocks (4 bytes each for 128 KiB).
fn zstd_rle(total: u64, byte: u8) -> Vec<u8> {
    let mut f = vec![0x28, 0xB5, 0x2F, 0xFD, 0xE0];
    f.extend_from_slice(&total.to_le_bytes());
    let mut left = total;
    while left > 0 {
        let n = left.min(128 << 10);
        left -= n;
        let last = u32::from(left == 0);
        f.extend_from_slice(&((n as u32) << 3 | 1 << 1 | last).to_le_bytes()[..3]);
        f.push(byte);
    }
    f
}

/// An LZ4 bomb: one literal, then matches at offset 1 up to `total` bytes, then 5 literals.
fn lz4_rle(total: usize) -> Vec<u8> {
    let mut out = vec![0x1F, b'A', 1, 0];
    let mut m = total - 1 - 5 - 4 - 15;
    while m >= 255 {
        out.push(255);
        m -= 255;
    }
    out.push(m as u8);
    out.extend_from_slice(&[0x50, b'B', b'B', b'B', b'B', b'B']);
    out
}

/// Counts what is written, and checks it against a pattern.
struct Check<F: Fn(u64) -> u8> {
    n: u64,
    at: F,
}

impl<F: Fn(u64) -> u8> std::io::Write for Check<F> {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        for (i, &x) in b.iter().enumerate() {
            assert_eq!(x, (self.at)(self.n + i as u64), "byte {}", self.n + i as u64);
        }
        self.n += b.len() as u64;
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn quick<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let r = f();
    assert!(t.elapsed() < Duration::from_secs(30), "{what} took {:?}", t.elapsed());
    r
}

#[test]
fn a_zstd_bomb_past_the_window_is_refused_before_decoding() {
    let frame = zstd_rle(1 << 30, 0);
    let input = fatbin(&[entry(8, ZSTD, &frame, 1 << 30), entry(2, ZSTD, &frame, 1 << 30)]);
    let l = fb::list(&input).unwrap();
    let mut budget = Budget::for_input(input.len() as u64);
    let e = quick("classify", || fb::ltoir_form_within(&l.entries[0], &mut budget).unwrap_err());
    assert_eq!((e.kind(), e.offset()), (ErrorKind::Limit, l.entries[0].payload_offset));
    assert!(e.message().contains("window"), "{e}");
    let r = quick("extract", || fb::extract_to(&l.entries[1], &mut std::io::sink(), &mut budget));
    assert!(matches!(r, Err(ExtractError::Input(e)) if e.kind() == ErrorKind::Limit));
}

#[test]
fn a_zstd_bomb_within_the_window_streams() {
    let n = 48u64 << 20;
    let input = fatbin(&[entry(1, ZSTD, &zstd_rle(n, b'x'), n), entry(8, ZSTD, &zstd_rle(n, 0), n)]);
    let l = fb::list(&input).unwrap();
    let mut budget = Budget::for_input(input.len() as u64);
    let mut out = Check { n: 0, at: |_| b'x' };
    // PTX stops at its NUL: there is none, so it is all of it.
    let w = quick("extract", || fb::extract_to(&l.entries[0], &mut out, &mut budget).unwrap());
    assert_eq!((w.len, out.n), (n, n));
    let form = quick("classify", || fb::ltoir_form_within(&l.entries[1], &mut budget).unwrap());
    assert_eq!(form, Some(LtoIrForm::NotAContainer));
    assert_eq!(budget.left(), Budget::MIN_TOTAL - 2 * n);
}

#[test]
fn many_bombs_exhaust_the_budget() {
    let n = 64u64 << 20;
    let frame = zstd_rle(n, 0);
    let input = fatbin(&vec![entry(8, ZSTD, &frame, n); 40]);
    let l = fb::list(&input).unwrap();
    let mut budget = Budget::for_input(input.len() as u64);
    let results: Vec<_> =
        quick("classify all", || l.entries.iter().map(|e| fb::ltoir_form_within(e, &mut budget)).collect());
    let done = results.iter().filter(|r| r.is_ok()).count();
    assert_eq!(done as u64, Budget::MIN_TOTAL / n);
    assert!(results[done..].iter().all(|r| matches!(r, Err(e) if e.kind() == ErrorKind::Limit)));
}

#[test]
fn an_lz4_bomb_streams_through_a_small_window() {
    let n = 200 << 20;
    let block = lz4_rle(n);
    assert!(block.len() < n / 200);
    let input = fatbin(&[entry(2, LZ4, &block, n as u64)]);
    let l = fb::list(&input).unwrap();
    let mut budget = Budget::for_input(input.len() as u64);
    let last = n as u64 - 5;
    let mut out = Check { n: 0, at: |i| if i < last { b'A' } else { b'B' } };
    let w = quick("extract", || fb::extract_to(&l.entries[0], &mut out, &mut budget).unwrap());
    assert_eq!(w.len, n as u64);
    // The same block, declared one byte short, is an error, not an overrun.
    let input = fatbin(&[entry(2, LZ4, &block, n as u64 - 1)]);
    let l = fb::list(&input).unwrap();
    let r = fb::extract_to(&l.entries[0], &mut std::io::sink(), &mut Budget::for_input(0));
    assert!(matches!(r, Err(ExtractError::Input(e)) if e.kind() == ErrorKind::BadCompression));
}

/// A `--concat` entry of `parts` parts, each covering all of `data_size` bytes.
fn concat(parts: usize, part_kind: u16, flags: u64, payload: &[u8], usize_: u64, data_size: u64) -> Vec<u8> {
    let mut table = Vec::new();
    for _ in 0..parts {
        let mut ph = vec![0u8; 64];
        ph[0..2].copy_from_slice(&part_kind.to_le_bytes());
        ph[8..16].copy_from_slice(&data_size.to_le_bytes());
        ph[0x1C..0x20].copy_from_slice(&90u32.to_le_bytes());
        table.extend_from_slice(&ph);
    }
    let mut e = entry(0x100, flags, payload, usize_);
    let hs = 0x48 + table.len();
    e[4..8].copy_from_slice(&(hs as u32).to_le_bytes());
    let mut extra = (parts as u32).to_le_bytes().to_vec();
    extra.extend_from_slice(&(8 + table.len() as u32).to_le_bytes());
    extra.extend_from_slice(&table);
    e.splice(64..64, extra);
    e
}

#[test]
fn concat_parts_sharing_a_bomb_are_bounded() {
    let n = 64u64 << 20;
    let input = fatbin(&[concat(2000, 8, ZSTD, &zstd_rle(n, 0), n, n)]);
    let l = fb::list(&input).unwrap();
    assert_eq!(l.entries.len(), 2000);
    let mut budget = Budget::for_input(input.len() as u64);
    let ok = quick("extract all", || {
        l.entries.iter().filter(|e| fb::extract_to(e, &mut std::io::sink(), &mut budget).is_ok()).count()
    });
    assert_eq!(ok as u64, Budget::MIN_TOTAL / n);
    // Uncompressed, the parts share the stored bytes: copying counts as well.
    let input = fatbin(&[concat(20_000, 2, 0, &vec![1u8; 1 << 20], 0, 1 << 20)]);
    let l = fb::list(&input).unwrap();
    let mut budget = Budget::for_input(input.len() as u64);
    let ok = quick("copy all", || {
        l.entries.iter().filter(|e| fb::extract_to(e, &mut std::io::sink(), &mut budget).is_ok()).count()
    });
    assert_eq!(ok as u64, Budget::MIN_TOTAL / (1 << 20));
    // And so does reading them to classify LTO-IR.
    let input = fatbin(&[concat(20_000, 8, 0, &vec![0u8; 1 << 20], 0, 1 << 20)]);
    let l = fb::list(&input).unwrap();
    let mut budget = Budget::for_input(input.len() as u64);
    let ok =
        quick("classify all", || l.entries.iter().filter(|e| fb::ltoir_form_within(e, &mut budget).is_ok()).count());
    assert_eq!(ok as u64, Budget::MIN_TOTAL / (1 << 20));
}

/// An ELF64 section header (little-endian): name offset, type, file offset, size, alignment.
fn section_header(name: u32, ty: u32, off: u64, size: u64, align: u64) -> Vec<u8> {
    let mut s = vec![0u8; 64];
    s[0..4].copy_from_slice(&name.to_le_bytes());
    s[4..8].copy_from_slice(&ty.to_le_bytes());
    s[0x18..0x20].copy_from_slice(&off.to_le_bytes());
    s[0x20..0x28].copy_from_slice(&size.to_le_bytes());
    s[0x30..0x38].copy_from_slice(&align.to_le_bytes());
    s
}

/// An ELF64 object whose `n` sections all hold the same fatbin bytes.
fn elf_with_sections(n: usize, fatbin: &[u8]) -> Vec<u8> {
    let shstr = b"\0.nv_fatbin\0.shstrtab\0";
    let data_off = 64u64;
    let shstr_off = data_off + fatbin.len() as u64;
    let shoff = (shstr_off + shstr.len() as u64).div_ceil(8) * 8;
    let shnum = n + 2;
    let mut e = vec![0u8; 64];
    e[..8].copy_from_slice(&[0x7F, b'E', b'L', b'F', 2, 1, 1, 0]);
    e[0x10..0x12].copy_from_slice(&1u16.to_le_bytes());
    e[0x12..0x14].copy_from_slice(&62u16.to_le_bytes());
    e[0x14..0x18].copy_from_slice(&1u32.to_le_bytes());
    e[0x28..0x30].copy_from_slice(&shoff.to_le_bytes());
    e[0x34..0x36].copy_from_slice(&64u16.to_le_bytes());
    e[0x3A..0x3C].copy_from_slice(&64u16.to_le_bytes());
    e[0x3C..0x3E].copy_from_slice(&(shnum as u16).to_le_bytes());
    e[0x3E..0x40].copy_from_slice(&(shnum as u16 - 1).to_le_bytes());
    e.extend_from_slice(fatbin);
    e.extend_from_slice(shstr);
    e.resize(shoff as usize + 64, 0);
    let sh = |name, ty, off, size| section_header(name, ty, off, size, 1);
    for _ in 0..n {
        e.extend_from_slice(&sh(1, 1, data_off, fatbin.len() as u64));
    }
    e.extend_from_slice(&sh(12, 3, shstr_off, shstr.len() as u64));
    e
}

#[test]
fn overlapping_fatbin_sections_are_read_once() {
    let fb_bytes = fatbin(&vec![entry(1, 0, b".ver\n\0\0\0", 0); 20_000]);
    let one = elf_with_sections(1, &fb_bytes);
    assert_eq!(fb::list(&one).unwrap().entries.len(), 20_000);
    let many = elf_with_sections(20_000, &fb_bytes);
    let e = quick("list", || fb::list(&many).unwrap_err());
    assert_eq!((e.kind(), e.offset()), (ErrorKind::BadHost, 64));
    assert_eq!(e.location().section.as_deref(), Some(".nv_fatbin"));
}

#[test]
fn many_entries_and_kinds_are_linear() {
    // Every kind code but concat, each once: all would be numbered 1 with the same name.
    let entries: Vec<Vec<u8>> = (3..=u16::MAX).filter(|&k| k != 0x100).map(|k| entry(k, 0, &[], 0)).collect();
    let input = fatbin(&entries);
    let l = quick("list", || fb::list(&input).unwrap());
    assert_eq!((l.entries.len(), l.entries.capacity()), (entries.len(), entries.len()));
    let names = quick("names", || fb::file_names(&l, "x"));
    let unique: std::collections::HashSet<&String> = names.iter().collect();
    assert_eq!(unique.len(), names.len());
    assert_eq!(names[1], "x.1-2.sm_90.bin");
    // A million empty entries.
    let input = fatbin(&vec![entry(1, 0, &[], 0); 1_000_000]);
    let l = quick("list a million", || fb::list(&input).unwrap());
    assert_eq!(l.entries.len(), 1_000_000);
    assert!(l.entries.iter().all(|e| e.kind == EntryKind::Ptx));
}

/// An ELF64 image of `len` bytes with its section table at `shoff` (`shnum` entries of
/// `shentsize` bytes, sections spread over the image), zero-padded to `pad` bytes.
fn elf_image(len: usize, shoff: u64, shnum: u16, shentsize: u16, pad: usize) -> Vec<u8> {
    let mut e = vec![0u8; len.max(64)];
    e[..8].copy_from_slice(&[0x7F, b'E', b'L', b'F', 2, 1, 1, 0]);
    e[0x28..0x30].copy_from_slice(&shoff.to_le_bytes());
    e[0x3A..0x3C].copy_from_slice(&shentsize.to_le_bytes());
    e[0x3C..0x3E].copy_from_slice(&shnum.to_le_bytes());
    for (i, b) in e.iter_mut().enumerate().skip(64) {
        *b = (i % 251) as u8 | 1;
    }
    for i in 0..u64::from(shnum) {
        let at = (shoff + i * u64::from(shentsize)) as usize;
        let field = |e: &mut Vec<u8>, off: usize, v: &[u8]| {
            if let Some(s) = e.get_mut(at + off..at + off + v.len()) {
                s.copy_from_slice(v);
            }
        };
        field(&mut e, 4, &1u32.to_le_bytes());
        field(&mut e, 0x18, &(i * 97 % 5000).to_le_bytes());
        field(&mut e, 0x20, &(i * 13 % 3000).to_le_bytes());
    }
    e.resize(e.len() + pad, 0);
    e
}

#[test]
fn streamed_cubins_are_cut_where_their_headers_say() {
    let mut cases = vec![
        elf_image(6000, 5000, 10, 64, 40),
        elf_image(6000, 100, 10, 64, 4000),
        elf_image(6000, 40, 3, 64, 16),
        elf_image(6000, 5990, 10, 64, 8),
        elf_image(6000, 3000, 200, 1, 100),
        elf_image(6000, 3000, 200, 0, 100),
        elf_image(6000, 70_000, 2, 64, 100),
        elf_image(200_000, 150_000, 700, 64, 9000),
        elf_image(40, 0, 0, 0, 0),
        b"\x7fELF".to_vec(),
        vec![0; 100],
    ];
    // Sections larger than the image, and a table whose last entry runs past the end.
    cases.push(elf_image(3000, 2990, 1, 64, 0));
    let mut cut = Vec::new();
    for data in cases {
        let want = fb::elf_extent(&data).map_or(data.len(), |n| n.min(data.len() as u64) as usize);
        cut.push(data.len() - want);
        for (flags, payload) in [(ZSTD, zstd_raw(&data)), (LZ4, lz4_flex::block::compress(&data))] {
            let input = fatbin(&[entry(2, flags, &payload, data.len() as u64)]);
            let l = fb::list(&input).unwrap();
            let mut out = Vec::new();
            let w = fb::extract_to(&l.entries[0], &mut out, &mut Budget::for_input(0)).unwrap();
            assert_eq!((w.len as usize, out.len()), (want, want), "flags {flags:#x}, {} bytes", data.len());
            assert_eq!(out, &data[..want]);
            assert_eq!(&*fb::extract(&l.entries[0]).unwrap().bytes, &data[..want]);
        }
    }
    // Cut into the image's own bytes (past the table), past a table early in the image (the
    // bytes after it wait for it), into padding; and not at all.
    assert_eq!(cut, [400, 9010, 0, 0, 0, 0, 0, 14200, 0, 0, 0, 0], "bytes cut in each case");
}

#[test]
fn a_giant_section_table_is_not_read() {
    let mut e = elf_image(64, 64, 0xFFFF, 0xFFFF, 0);
    e.resize(1 << 20, 0);
    assert_eq!(fb::elf_extent(&e), None);
    let input = fatbin(&[entry(2, LZ4, &lz4_flex::block::compress(&e), e.len() as u64)]);
    let l = fb::list(&input).unwrap();
    let mut out = Vec::new();
    let w = fb::extract_to(&l.entries[0], &mut out, &mut Budget::for_input(0)).unwrap();
    assert_eq!(w.len as usize, e.len());
}

#[test]
fn mutated_corpus_fatbins_never_panic() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/fatbin");
    let mut listed = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !(name.ends_with(".fatbin") || name.ends_with(".o") || name.ends_with(".a")) {
            continue;
        }
        let good = std::fs::read(&path).unwrap();
        let Ok(l) = fb::list(&good) else { continue };
        // Mutate the bytes of every entry header and the first bytes of every payload.
        let mut spots: Vec<usize> = Vec::new();
        for e in &l.entries {
            let (h, p) = (e.offset as usize, e.payload_offset as usize);
            spots.extend((h..h + 72).step_by(3));
            spots.extend(p..p + 48);
        }
        spots.sort_unstable();
        spots.dedup();
        spots.retain(|&s| s < good.len());
        for &at in spots.iter().take(4000) {
            for v in [0u8, 0x08, 0x80, 0xFF] {
                let mut b = good.clone();
                b[at] = v;
                let Ok(l) = fb::list(&b) else { continue };
                listed += 1;
                let mut budget = Budget::for_input(b.len() as u64);
                for e in &l.entries {
                    let _ = fb::ltoir_form_within(e, &mut budget);
                    let _ = fb::extract_to(e, &mut std::io::sink(), &mut budget);
                }
                let _ = fb::file_names(&l, "x");
            }
        }
    }
    assert!(listed > 1000, "{listed} mutants listed");
}

#[test]
fn long_section_names_are_not_scanned_again_and_again() {
    // 20 000 sections whose names start at successive bytes of one 1 MiB name.
    let mut strings = vec![0u8];
    strings.extend(std::iter::repeat_n(b'n', 1 << 20));
    strings.extend_from_slice(b"\0.shstrtab\0");
    let n = 20_000usize;
    let shoff = (64 + strings.len()).div_ceil(8) * 8;
    let mut e = vec![0u8; 64];
    e[..8].copy_from_slice(&[0x7F, b'E', b'L', b'F', 2, 1, 1, 0]);
    e[0x10..0x12].copy_from_slice(&1u16.to_le_bytes());
    e[0x28..0x30].copy_from_slice(&(shoff as u64).to_le_bytes());
    e[0x3A..0x3C].copy_from_slice(&64u16.to_le_bytes());
    e[0x3C..0x3E].copy_from_slice(&(n as u16 + 2).to_le_bytes());
    e[0x3E..0x40].copy_from_slice(&(n as u16 + 1).to_le_bytes());
    e.extend_from_slice(&strings);
    e.resize(shoff + 64, 0);
    let sh = |name, ty, off, size| section_header(name, ty, off, size, 0);
    for i in 0..n {
        e.extend_from_slice(&sh(1 + i as u32, 1, 0, 0));
    }
    e.extend_from_slice(&sh(2 + (1 << 20), 3, 64, strings.len() as u64));
    let l = quick("list", || fb::list(&e).unwrap());
    assert!(l.entries.is_empty());
}
