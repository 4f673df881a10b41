//! Every `.ll` in the corpus: parse → print → parse gives the same printed text, in both
//! dialects; printing as LLVM 7 or modern syntax reparses too.

use nvir_llvm::{parse, print, Syntax};
mod common;
use common::corpus_files;

/// Files LLVM's own readers reject, with the message each gives (libNVVM 13.5's log, recorded in
/// the verifier corpus): both readers for the first three; the last two only in the typed-pointer
/// dialect, whose reader checks pointee types (the modern reader drops them).
const REJECTED: &[(&str, &str)] = &[
    ("verifier/fnattr_seed17/builtin_on_definition.ll", "'builtin' attribute not valid on function"),
    ("verifier/instructions/indirectbr_blockaddress.ll", "expected value token"),
    ("verifier/llvm_structural/missing_terminator.ll", "must end with a terminator"),
    (
        "verifier/llvm_structural/call_wrong_arg_count.ll",
        "'@g' defined with type 'void (i32)*' but expected 'void ()*'",
    ),
    ("verifier/llvm_structural/type_mismatch_store.ll", "stored value and pointer type do not match"),
];

#[test]
fn corpus_round_trips() {
    let mut failures = Vec::new();
    let files = corpus_files();
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap();
        let name = f.display().to_string();
        let rejected = REJECTED.iter().find(|(path, _)| name.ends_with(path));
        let m = match (parse(&src), rejected) {
            (Ok(m), None) => m,
            (Err(e), None) => {
                failures.push(format!("{name}: parse: {e}"));
                continue;
            }
            (Ok(_), Some(_)) => {
                failures.push(format!("{name}: parsed, but LLVM rejects it"));
                continue;
            }
            (Err(e), Some((_, why))) => {
                if !e.message().contains(why) {
                    failures.push(format!("{name}: expected an error containing {why:?}, got {e}"));
                }
                continue;
            }
        };
        let text = print(&m, Syntax::Faithful).unwrap().text;
        match parse(&text) {
            Ok(again) => {
                let text2 = print(&again, Syntax::Faithful).unwrap().text;
                if text2 != text {
                    failures.push(format!("{name}: printing is not stable"));
                }
            }
            Err(e) => failures.push(format!("{name}: reparse: {e}")),
        }
        for syntax in [Syntax::Modern, Syntax::Llvm7] {
            if let Ok(p) = print(&m, syntax) {
                if let Err(e) = parse(&p.text) {
                    failures.push(format!("{name}: reparse {syntax:?}: {e}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} of {} files failed:\n{}", failures.len(), files.len(), failures.join("\n"));
}
