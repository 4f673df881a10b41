//! Hostile shapes, generated here: each must give a clean result or a located error, in time
//! and memory linear in the input.

use nvir_container::{
    blob_refs, describe, from_xml, read, read_head, to_xml, wrap, write, write_xml, BlobData, BlobValue, Container,
    Description, ReadErrorKind, TagEntry, IR_LEVEL_LTO,
};
use std::borrow::Cow;
use std::time::{Duration, Instant};

fn base() -> Container<'static> {
    wrap(&[0x42, 0x43, 0xC0, 0xDE], &"sm_90".parse().unwrap(), IR_LEVEL_LTO).unwrap().into_owned()
}

/// Bytes of blob values a description shows in full (what its JSON grows with).
fn shown(c: &Container<'_>) -> usize {
    Description::new(c).blob_refs().filter(|r| !matches!(r.value, BlobData::SameAs(_))).map(|r| r.len).sum()
}

fn quick<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let r = f();
    assert!(t.elapsed() < Duration::from_secs(10), "{what} took {:?}", t.elapsed());
    r
}

#[test]
fn a_blob_shared_by_many_tags_is_shown_once() {
    // 200 KB of table 205 (24-byte header, 36-byte entries) and 20 000 tags pointing at it.
    let n = (200_000 - 24) / 36;
    let mut blob = vec![0u8; 24];
    blob[..4].copy_from_slice(&(n as u32).to_le_bytes());
    blob.resize(24 + 36 * n, 7);
    let mut c = base();
    c.blob = Cow::Owned(blob);
    c.tags.extend(std::iter::repeat_n(TagEntry::new(205, 0), 20_000));
    let bytes = write(&c).unwrap();
    let c = read(&bytes).unwrap();
    let refs = quick("blob_refs", || blob_refs(&c));
    assert_eq!(refs.len(), 20_000);
    assert!(matches!(&refs[0].value, BlobValue::Table { entries, .. } if entries.len() == n));
    assert!(refs[1..].iter().all(|r| r.value == BlobValue::SameAs(0) && r.len == refs[0].len));
    let len = quick("shown", || shown(&c));
    assert_eq!(len, refs[0].len);
}

#[test]
fn overlapping_values_stop_at_the_limit() {
    // A string without NUL for 500 KB: each tag at another offset would show most of it.
    let mut c = base();
    let mut blob = vec![b'A'; 500_000];
    blob.push(0);
    c.blob = Cow::Owned(blob);
    for i in 0..100_000u32 {
        c.tags.push(TagEntry::new(209, i * 5));
    }
    // Also length-prefixed bytes and counts at every offset.
    for i in 0..20_000u32 {
        c.tags.push(TagEntry::new(218, i));
        c.tags.push(TagEntry::new(214, i));
    }
    let bytes = write(&c).unwrap();
    let c = read(&bytes).unwrap();
    let refs = quick("blob_refs", || blob_refs(&c));
    let large: usize =
        refs.iter().filter(|r| r.len > 64 && !matches!(r.value, BlobValue::SameAs(_))).map(|r| r.len).sum();
    assert!(large <= c.blob.len() + (1 << 20) + 65, "{large}");
    assert!(quick("shown", || shown(&c)) <= large + 64 * refs.len());
    assert!(refs.iter().any(|r| matches!(&r.value, BlobValue::Invalid(m) if m.contains("limit"))));
}

#[test]
fn the_streamed_description_is_the_dump() {
    let mut c = base();
    let mut blob = b"kern\0".to_vec();
    blob.extend_from_slice(&[2, 0, 0, 0, 7, 0, 0, 0, 9, 0, 0, 0]);
    blob.extend_from_slice(&[100, 0, 0, 0]);
    blob.extend(0..100u8);
    c.blob = Cow::Owned(blob);
    for (t, v) in [(209, 0), (214, 5), (218, 17), (218, 17), (211, 1), (205, 4096), (1, 800), (1, 900)] {
        c.tags.push(TagEntry::new(t, v));
    }
    let bytes = write(&c).unwrap();
    let c = read(&bytes).unwrap();
    let d = Description::new(&c);
    let dump = describe(&c);
    assert_eq!(format!("{:?}", d.tags().collect::<Vec<_>>()), format!("{:?}", dump.tags));
    let refs: Vec<_> = d.blob_refs().map(|r| r.to_owned()).collect();
    assert_eq!(refs, dump.blob_refs);
    assert_eq!(refs[0].value, BlobValue::String("kern".into()));
    assert_eq!(refs[1].value, BlobValue::Counted { count: 2, items: vec![7, 9] });
    assert_eq!(refs[2].value, BlobValue::Bytes((0..100u8).map(|b| format!("{b:02x}")).collect()));
    assert_eq!((refs[3].value.clone(), refs[3].len), (BlobValue::SameAs(2), 104));
    assert_eq!(refs[4].value, BlobValue::Qword(0x0000_0002_006e_7265));
    assert!(matches!(&refs[5].value, BlobValue::Invalid(m) if m.contains("outside")));
    assert_eq!(d.tags().filter(|t| t.overridden).count(), 3, "tag 1 twice, tag 218 once");
}

#[test]
fn a_million_tags_stream() {
    let mut c = base();
    c.tags.extend((0..1_000_000u32).map(|i| TagEntry::new(1 + (i % 500) as u16, i & 0xFFF)));
    let bytes = write(&c).unwrap();
    let c = quick("read", || read(&bytes).unwrap());
    let d = Description::new(&c);
    assert_eq!(quick("tags", || d.tags().filter(|t| !t.overridden).count()), 500);
    // The XML form of a quarter of them (a debug build reads XML slowly).
    let mut c = c.into_owned();
    c.tags.truncate(250_000);
    let bytes = write(&c).unwrap();
    let mut xml = Vec::new();
    quick("write_xml", || write_xml(&c, &mut xml).unwrap());
    let xml = String::from_utf8(xml).unwrap();
    assert_eq!(xml, to_xml(&c));
    let back = quick("from_xml", || from_xml(&xml).unwrap());
    assert_eq!(write(&back).unwrap(), bytes);
}

#[test]
fn read_head_agrees_with_read() {
    let mut c = base();
    c.tags.push(TagEntry::new(99, 0));
    c.tags.push(TagEntry::new(7, 0x12345));
    c.blob = Cow::Owned(vec![1, 2, 3, 4]);
    let good = write(&c).unwrap();
    let tag_end = u32::from_le_bytes(good[16..20].try_into().unwrap()) as usize;
    let mut seen = Vec::new();
    assert_eq!(read_head(&good[..tag_end], good.len(), |e| seen.push(e)), Ok(tag_end));
    assert_eq!(seen, read(&good).unwrap().tags);
    // Every truncation and every single-byte change: read_head on the whole input fails exactly
    // when read does, and a head cut short of the tag area is a Truncated error, never a panic.
    for cut in 0..=good.len() {
        let b = &good[..cut];
        assert_eq!(read_head(b, b.len(), |_| {}).is_ok(), read(b).is_ok(), "cut {cut}");
    }
    for at in 0..good.len() {
        for v in [0u8, 1, 0x7F, 0xFF] {
            let mut b = good.clone();
            b[at] = v;
            assert_eq!(read_head(&b, b.len(), |_| {}).is_ok(), read(&b).is_ok(), "byte {at} = {v}");
            if let Err(e) = read_head(&b[..b.len().min(20)], b.len(), |_| {}) {
                assert!(e.offset() <= b.len());
            }
        }
    }
    let e = read_head(&good[..30], good.len(), |_| {}).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ReadErrorKind::Truncated, 30));
}

fn document(options: &str) -> String {
    format!(
        "<NvvmContainer><Version major=\"1\" minor=\"67\"/><NvvmIRVersion major=\"2\" minor=\"131\"/>\
         <NvvmDebugVersion major=\"3\" minor=\"2\"/><LlvmVersion major=\"7\" minor=\"0\"/>\
         <IRLevel>1</IRLevel><Options>{options}</Options><Module>QkPA3g==</Module></NvvmContainer>"
    )
}

#[test]
fn xml_with_300k_attributes_is_linear() {
    let attrs: String = (0..300_000).map(|i| format!(" a{i}=\"1\"")).collect();
    let x = document(&format!("<Tag id=\"5\"{attrs}>1</Tag>"));
    let c = quick("300k attributes", || from_xml(&x).unwrap());
    assert_eq!(c.get(5), Some(1));
    // A duplicate, even the last of many, is a located error.
    let x = document(&format!("<Tag id=\"5\"{attrs} a7=\"2\">1</Tag>"));
    let e = quick("duplicate", || from_xml(&x).unwrap_err());
    assert!(e.message.contains("a7"), "{e}");
    assert_eq!(e.span.start, x.find("<Tag").unwrap());
    let e = from_xml(&document("<Tag id=\"5\" id=\"6\">1</Tag>")).unwrap_err();
    assert!(e.message.contains("twice"), "{e}");
}

#[test]
fn deep_xml_is_a_located_error() {
    for x in [
        format!("<NvvmContainer>{}", "<Options>".repeat(1_000_000)),
        "<a>".repeat(1_000_000),
        format!("<NvvmContainer><Variant>{}", "<x>".repeat(1_000_000)),
    ] {
        let e = quick("deep", || from_xml(&x).unwrap_err());
        assert!(e.span.start < 200, "{e}");
    }
    let e = from_xml(&format!("<NvvmContainer><Variant>{}", "<x>".repeat(100))).unwrap_err();
    assert!(e.message.contains("nested too deep"), "{e}");
}

#[test]
fn many_xml_elements_and_big_modules_read() {
    let tags: String = (0..100_000).map(|i| format!("<Tag id=\"500\">{i}</Tag>\n")).collect();
    let c = quick("100k elements", || from_xml(&document(&tags)).unwrap());
    assert_eq!(c.tags.len(), 100_000);
    // Text outside the document element, a second document element, an unclosed element.
    for bad in [document("") + "x", document("") + "<x/>", document("<Ftz>").replace("</Options>", "")] {
        assert!(from_xml(&bad).is_err(), "{bad}");
    }
}

#[test]
fn mutated_corpus_containers_never_panic() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/containers");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if !path.is_file() {
            continue;
        }
        let good = std::fs::read(path).unwrap();
        for at in 0..good.len().min(160) {
            for v in [0u8, 1, 4, 0x63, 0xD2, 0xFF] {
                let mut b = good.clone();
                b[at] = v;
                let Ok(c) = read(&b) else { continue };
                n += 1;
                let d = describe(&c);
                assert_eq!(d.tags.len(), c.tags.len());
                let back = from_xml(&to_xml(&c)).unwrap();
                assert_eq!(back, c);
                assert_eq!(write(&c).unwrap(), b);
            }
        }
    }
    assert!(n > 1000, "{n} mutants read");
}
