//! Reading function bodies on several threads builds the module a sequential read builds, handle
//! for handle, and reports the error a sequential read reports.

use nvir_llvm::{parse_bytes_with, Module, ParseError, ParseOptions};
mod common;
use common::corpus_files;

/// Cuts at every `define` line the input allows, however small.
const SPLIT_ALWAYS: ParseOptions = ParseOptions { threads: 4, min_chunk: 1 };

fn both(src: &str) -> (Result<Module, ParseError>, Result<Module, ParseError>) {
    (parse_bytes_with(src.as_bytes(), ParseOptions::SEQUENTIAL), parse_bytes_with(src.as_bytes(), SPLIT_ALWAYS))
}

#[track_caller]
fn same(src: &str) -> Module {
    match both(src) {
        (Ok(a), Ok(b)) => {
            assert!(a == b, "parallel read differs from the sequential one");
            a
        }
        (a, b) => panic!("sequential: {:?}\nparallel: {:?}", a.err(), b.err()),
    }
}

#[track_caller]
fn same_error(src: &str, want: &str) {
    match both(src) {
        (Err(a), Err(b)) => {
            assert_eq!(a, b);
            assert!(a.message().contains(want), "{}", a.message());
        }
        (a, b) => panic!("expected errors, got sequential ok={} parallel ok={}", a.is_ok(), b.is_ok()),
    }
}

#[test]
fn corpus_reads_the_same_in_parallel() {
    let mut split = 0;
    let mut failures = Vec::new();
    for f in corpus_files() {
        let src = std::fs::read(&f).unwrap();
        let seq = parse_bytes_with(&src, ParseOptions::SEQUENTIAL);
        let par = parse_bytes_with(&src, SPLIT_ALWAYS);
        let name = f.display().to_string();
        match (seq, par) {
            (Ok(a), Ok(b)) if a == b => {}
            (Err(a), Err(b)) if a == b => {}
            (a, b) => failures.push(format!("{name}: sequential ok={} parallel ok={}", a.is_ok(), b.is_ok())),
        }
        if src.windows(8).filter(|w| w == b"\ndefine ").count() >= 2 {
            split += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(split > 40, "only {split} files have two functions to split between");
}

const TWO: &str = "@g = global i32 0\n\
define i32 @a(i32 %x) {\n  %y = add i32 %x, 7\n  ret i32 %y\n}\n\
define i32 @b() {\n  %v = load i32, i32* @g, align 4\n  %w = call i32 @a(i32 %v) #0\n  ret i32 %w\n}\n\
attributes #0 = { nounwind }\n";

#[test]
fn chunks_share_types_constants_symbols_and_groups() {
    let m = same(TWO);
    assert_eq!(m.functions.len(), 2);
}

#[test]
fn forward_references_across_chunks_resolve() {
    same(
        "define void @a() {\n  call void @c()\n  ret void\n}\n\
         define void @b() {\n  call void @a()\n  ret void\n}\n\
         define void @c() {\n  %p = alloca %T\n  ret void\n}\n\
         %T = type { i32, i8* }\n",
    );
    same(
        "define void @a() {\n  call void @b(), !dbg !3, !custom !4\n  ret void\n}\n\
         define void @b() {\n  call void @llvm.foo(metadata !{!\"x\"}, metadata !DIExpression()), !custom !4\n  ret void\n}\n\
         declare void @llvm.foo(metadata, metadata)\n\
         !3 = !{}\n!4 = !{!3}\n",
    );
}

#[test]
fn numbered_functions_across_chunks() {
    same("define void @0() {\n  ret void\n}\ndefine void @1() {\n  call void @0()\n  ret void\n}\n");
    // Numbers may skip (LLVM 19), never go back.
    let m = same("define void @0() {\n  ret void\n}\ndefine void @2() {\n  ret void\n}\n");
    // Where the numbers first skip is kept (LLVM 18 and older refuse it there).
    let gap = m.misnumbered.expect("the skip is recorded");
    assert_eq!((gap.at, gap.what, gap.expected), (44, "function", 1));
    // In a later chunk's body too.
    let m = same("define void @a() {\n  ret void\n}\ndefine void @b(i32 %x) {\n  %1 = add i32 %x, 1\n  %3 = add i32 %1, 1\n  ret void\n}\n");
    let gap = m.misnumbered.expect("the skip is recorded");
    assert_eq!((gap.what, gap.expected), ("instruction", 2));
    assert!(same("define void @0() {\n  ret void\n}\ndefine void @1() {\n  ret void\n}\n").misnumbered.is_none());
    same_error("define void @1() {\n  ret void\n}\ndefine void @0() {\n  ret void\n}\n", "expected to be numbered");
}

#[test]
fn errors_in_later_chunks_are_the_sequential_ones() {
    same_error(
        "define void @a() {\n  ret void\n}\ndefine void @b() {\n  %x = add i32 1\n  ret void\n}\n",
        "expected ','",
    );
    same_error(
        "define void @a() {\n  ret void\n}\ndefine void @a() {\n  ret void\n}\n",
        "invalid redefinition of function 'a'",
    );
    same_error(
        "define void @a() {\n  call void @b(i32 1)\n  ret void\n}\ndefine void @b() {\n  ret void\n}\n",
        "invalid forward reference to function 'b' with wrong type!",
    );
    same_error("define void @a() {\n  ret void\n}\ndefine void @b() {\n  call void @nope()\n  ret void\n}\n", "@nope");
    same_error("define void @a() {\n  ret void\n}\ndefine void @b() {\n  br label %nowhere\n}\n", "%nowhere");
}

#[test]
fn a_define_line_inside_a_string_is_not_a_cut() {
    same(
        "define void @a() {\n  call void asm sideeffect \"nop\ndefine void @z() {\", \"\"()\n  ret void\n}\n\
         define void @b() {\n  ret void\n}\n",
    );
}

#[test]
fn other_entities_after_functions_are_read_in_order() {
    same(
        "define void @a() {\n  ret void\n}\n@g = global i32 1\ndefine void @b() {\n  store i32 2, i32* @g\n  ret void\n}\n\
         @h = alias void (), void ()* @b\ndefine void @c() {\n  call void @h()\n  ret void\n}\n",
    );
}

#[test]
fn globals_are_read_in_parallel_too() {
    same(
        "%T = type { i32, %T* }\n@0 = global i32 1\n@1 = global %T { i32 2, %T* @2 }\n\
         define void @a() {\n  ret void\n}\n@2 = global %T zeroinitializer, align 8 #0\n\
         @s = private constant [2 x i8] c\"a\\00\", !m !0\n\
         define void @b() {\n  store i32 3, i32* @0\n  ret void\n}\n@3 = alias i32, i32* @0\n\
         attributes #0 = { \"x\" }\n!0 = !{}\n",
    );
    same("@0 = global i32 1\ndefine void @a() {\n  ret void\n}\n@2 = global i32 0\n");
    same_error("@1 = global i32 1\ndefine void @a() {\n  ret void\n}\n@0 = global i32 0\n", "expected to be numbered");
    same_error("@g = global i32 1\ndefine void @a() {\n  ret void\n}\n@g = global i32 0\n", "redefinition of global");
}

#[test]
fn deep_nesting_in_a_worker_chunk() {
    let deep = |n: usize| format!("{}i8{}", "[1 x ".repeat(n), "]".repeat(n));
    same(&format!(
        "define void @a() {{\n  ret void\n}}\ndefine void @b() {{\n  %x = alloca {}\n  ret void\n}}\n",
        deep(200)
    ));
    same_error(
        &format!(
            "define void @a() {{\n  ret void\n}}\ndefine void @b() {{\n  %x = alloca {}\n  ret void\n}}\n",
            deep(400)
        ),
        "nested more than",
    );
}

#[test]
fn uses_of_a_forward_global_must_agree_in_type() {
    // Found by the fuzzer: the second use disagrees with the definition the first chunk holds; a
    // worker sees only uses, and must compare them with each other as LLVM's reader does.
    same_error(
        "@g = addrspace(2) global i64 0\n\
         define void @f() {\n  %a = load i64, i64 addrspace(2)* @g\n  %b = load i64, i64 addrspace(1)* @g\n  ret void\n}\n\
         !0 = !{i32 \u{ff}}\n",
        "'@g' defined with type 'i64 addrspace(2)*' but expected 'i64 addrspace(1)*'",
    );
    same_error(
        "define void @f() {\n  %a = load i64, i64* @g\n  %b = load i32, i32* @g\n  ret void\n}\n@g = global i64 0\n",
        "'@g' defined with type 'i64*' but expected 'i32*'",
    );
}

#[test]
fn trailing_metadata_read_ahead_is_taken_in_where_it_is_written() {
    let body = "define void @k(i32* %p) {\n  store i32 1, i32* %p, !tbaa !3, !m !{!\"x\"}\n  ret void\n}\n\
                define void @l() {\n  call void @k(i32* null), !m !6\n  ret void\n}\n";
    // Slots the bodies referred to are filled in place; equal nodes after them are uniqued as
    // the sequential read uniques them; named metadata before and after its nodes.
    let tails = [
        "!nvvm.annotations = !{!1, !2}\n!1 = !{void (i32*)* @k, !\"kernel\", i32 1}\n\
         !2 = !{void (i32*)* @k, !\"kernel\", i32 1}\n!3 = !{!1, null, !{!\"x\"}, !{}}\n\
         !4 = !{!3}\n!5 = !{!1, !2}\n!6 = !{!\"x\"}\n!nvvm.annotations = !{!4}\n",
        // Attribute groups between the bodies and the metadata; a distinct node and a
        // specialized one stop the read ahead, the rest is read in order.
        "attributes #0 = { nounwind }\n!0 = !{i32 1}\n!3 = !{!0}\n!6 = distinct !{!0}\n\
         !7 = !DILocation(line: 1, scope: !8)\n!8 = distinct !DISubprogram(name: \"k\", spFlags: 0)\n!9 = !{!0}\n",
        "!0 = !{!\"x\"}\n!6 = !{!0}\n!3 = !{!\"x\"}\n!named = !{!0, !3, !6}\n",
    ];
    for tail in tails {
        same(&format!("{body}{tail}"));
    }
    // The sequential read's errors, from the bodies' view of the slots and symbols.
    same_error(&format!("{body}!3 = !{{}}\n!6 = !{{}}\n!3 = !{{}}\n"), "'!3' is defined earlier");
    same_error(&format!("{body}!3 = !{{}}\n!6 = !{{void ()* @nope}}\n"), "@nope");
    same_error(&format!("{body}!3 = !{{}}\n!6 = !{{void ()* @k}}\n"), "");
    same_error(&format!("{body}!3 = !{{!7}}\n!6 = !{{}}\n"), "use of undefined metadata '!7'");
    same_error(&format!("{body}!3 = !{{}}\n!6 = !{{i32 x}}\n"), "");
}
