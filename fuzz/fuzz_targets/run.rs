//! One fuzz target for every format; the first input byte picks the fuzzer, so one corpus and
//! one build cover them all.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, input)) = data.split_first() else { return };
    match which % 2 {
        0 => container_roundtrip(input),
        _ => container_xml(input),
    }
});

/// read → write gives the input back; read of that is equal; describing it never panics.
fn container_roundtrip(input: &[u8]) {
    let Ok(c) = nvir_container::read(input) else { return };
    let bytes = nvir_container::write(&c).expect("a container that was read can be written");
    assert_eq!(bytes, input, "unedited write is byte-identical");
    let _ = nvir_container::describe(&c);
    let _ = nvir_container::check_versions(&c, nvir_container::Policy::Cuda);
    let xml = nvir_container::to_xml(&c);
    let back = nvir_container::from_xml(&xml).expect("to_xml output reads back");
    assert_eq!(back, c, "XML round trip");
}

/// Arbitrary text through the XML reader: errors, never panics; what it accepts writes and reads.
fn container_xml(input: &[u8]) {
    let Ok(text) = std::str::from_utf8(input) else { return };
    let Ok(c) = nvir_container::from_xml(text) else { return };
    if let Ok(bytes) = nvir_container::write(&c) {
        let again = nvir_container::read(&bytes).expect("written containers read back");
        assert_eq!(again, c);
    }
}
