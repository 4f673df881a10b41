//! One fuzz target for every format; the first input byte picks the fuzzer, so one corpus and
//! one build cover them all: 0 container round trip, 1 container XML, 2 `.ll` lexer, 3 `.ll`
//! parser, 4 `.ll` print/parse round trip, 5 the NVVM verifier (modulo 6). `fuzz/seed.sh` seeds
//! the corpus.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nvir_llvm::text::lexer::Lexer;
use nvir_llvm::text::token::TokenKind;
use nvir_llvm::{Module, ParseOptions, Syntax};

fuzz_target!(|data: &[u8]| {
    let Some((&which, input)) = data.split_first() else { return };
    match which % 6 {
        0 => container_roundtrip(input),
        1 => container_xml(input),
        2 => llvm_lex(input),
        3 => llvm_parse(input),
        4 => llvm_roundtrip(input),
        _ => verify(input),
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

/// Arbitrary bytes through the `.ll` lexer: it reaches `Eof`, every other token is non-empty, in
/// order and in bounds (on character boundaries when the input is UTF-8), and lexing with
/// `peek` before each `next_token` gives the same tokens.
fn llvm_lex(input: &[u8]) {
    let utf8 = std::str::from_utf8(input).ok();
    let mut lex = Lexer::from_bytes(input);
    let mut peeking = Lexer::from_bytes(input);
    let mut prev_end = 0;
    for _ in 0..=input.len() {
        let tok = lex.next_token();
        let peeked = peeking.peek();
        assert_eq!(peeking.next_token(), peeked, "next_token returns the peeked token");
        assert_eq!(peeked, tok, "peek lexes as next_token does");
        if tok.kind == TokenKind::Eof {
            assert_eq!(lex.next_token().kind, TokenKind::Eof, "Eof repeats");
            return;
        }
        let span = tok.span();
        assert!(
            prev_end <= span.start && span.start < span.end && span.end <= input.len(),
            "token {tok:?} after offset {prev_end} in {} bytes",
            input.len()
        );
        if let Some(text) = utf8 {
            assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end), "{tok:?} splits a character");
        }
        let _ = lex.value(tok);
        prev_end = span.end;
    }
    panic!("more tokens than input bytes: the lexer made no progress");
}

/// Arbitrary bytes through the `.ll` parser: a module or an error located inside the input,
/// which renders as the CLI renders it; reading it on threads, cut at every chunk boundary it
/// allows, gives the same module (handle for handle) or the same error.
fn llvm_parse(input: &[u8]) {
    match read_both_ways(input, nvir_llvm::parse_bytes_with) {
        Ok(m) => {
            let _ = m.stats();
        }
        Err(e) => {
            let span = e.span();
            assert!(span.start <= span.end && span.end <= input.len(), "{e}: span {span:?} outside the input");
            let text = nvir_diag::text_with_same_offsets(input);
            let src = nvir_diag::Source::text("fuzz.ll", &text);
            let _ = nvir_diag::render_human(&[e.to_diagnostic()], &src, false);
        }
    }
}

/// Reads `input` on one thread and on three, cut at every chunk boundary allowed: the same
/// module (handle for handle) or the same error; the one-thread result.
fn read_both_ways(
    input: &[u8],
    read: fn(&[u8], ParseOptions) -> Result<Module, nvir_llvm::ParseError>,
) -> Result<Module, nvir_llvm::ParseError> {
    let sequential = read(input, ParseOptions::SEQUENTIAL);
    let parallel = read(input, ParseOptions { threads: 3, min_chunk: 1 });
    match (&sequential, &parallel) {
        (Ok(a), Ok(b)) => assert!(a == b, "the parallel read built a different module"),
        (Err(a), Err(b)) => assert_eq!(a, b, "the parallel read reports another error"),
        (a, b) => panic!("sequential ok={} but parallel ok={}", a.is_ok(), b.is_ok()),
    }
    sequential
}

/// What parses prints and parses back: faithful printing is a fixed point after one round, and
/// the modern and LLVM 7 syntaxes (where they can carry the module) reparse.
fn llvm_roundtrip(input: &[u8]) {
    let Ok(m) = nvir_llvm::parse_bytes(input) else { return };
    let text = print(&m, Syntax::Faithful);
    let again = reparse(&text, Syntax::Faithful);
    let text2 = print(&again, Syntax::Faithful);
    if text2 != text {
        let line = text.lines().zip(text2.lines()).take_while(|(a, b)| a == b).count() + 1;
        let at = |t: &str| t.lines().nth(line - 1).unwrap_or("(no line)").to_string();
        panic!(
            "printing is not stable; first difference at line {line}:\n  {}\n  {}\n--- printed:\n{text}",
            at(&text),
            at(&text2)
        );
    }
    let _ = reparse(&print(&m, Syntax::Modern), Syntax::Modern);
    if let Ok(p) = nvir_llvm::print(&m, Syntax::Llvm7) {
        let _ = reparse(&p.text, Syntax::Llvm7);
    }
}

fn print(m: &Module, syntax: Syntax) -> String {
    match nvir_llvm::print(m, syntax) {
        Ok(p) => p.text,
        Err(e) => panic!("a parsed module prints as {syntax:?}: {e}"),
    }
}

fn reparse(text: &str, syntax: Syntax) -> Module {
    match nvir_llvm::parse(text) {
        Ok(m) => m,
        Err(e) => panic!("{syntax:?} output reparses: {e}\n--- printed:\n{text}"),
    }
}

/// What parses verifies on both libNVVM paths without panicking; findings are in order (errors
/// located inside the input) and the verdict is what the findings say.
/// The compute_100+ reading (typed pointers used with other types are not errors) is verified
/// and printed too, since its modules can be what LLVM 7's rules never let through.
fn verify(input: &[u8]) {
    let verify_on = |m: &Module, arch: &str| {
        let target = nvir_verify::Target::parse(arch, false).expect("known arch");
        let findings = nvir_verify::verify(m, &target);
        for f in &findings {
            assert!(f.location.offset().is_none_or(|at| (at as usize) <= input.len()), "{f:?} outside the input");
        }
        let _ = nvir_verify::accepts(&findings);
    };
    if let Ok(m) = nvir_llvm::parse_bytes(input) {
        verify_on(&m, "compute_90");
        verify_on(&m, "compute_100");
    }
    if let Ok(m) = read_both_ways(input, nvir_llvm::parse_bytes_as_opaque) {
        verify_on(&m, "compute_100");
        let _ = nvir_llvm::print(&m, Syntax::Faithful);
        let _ = nvir_llvm::print(&m, Syntax::Modern);
    }
}
