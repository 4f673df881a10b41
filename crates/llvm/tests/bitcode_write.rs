//! The bitcode writer against the reader: every typed-pointer `.ll` in the corpus that nvir
//! parses, written as LLVM 7 bitcode and read back, prints as the original does (faithful
//! syntax). Known gaps are listed with their reason, and a listed gap that closes fails the test
//! so that the list stays true.

use nvir_llvm::{bitcode, parse, print, Syntax};
mod common;
use common::corpus_files;

/// Files whose round trip differs, with why.
const GAPS: &[(&str, &str)] = &[
    // An alloca's address space is not in its record: LLVM 7 … 18 take it from the datalayout
    // (`A5`); without `A5` LLVM loses it too.
    ("verifier/alloca/alloca_addrspace5.ll", "alloca addrspace(N) is not in the record"),
    ("llvm-lang/alloca_forms.ll", "an alloca's addrspace(N) other than the datalayout's is not in the record"),
    // The text holds LLVM 7's `isLocal:`/`isDefinition:` fields; the bitcode reader gives every
    // DISubprogram LLVM 8+'s `spFlags:` form (the same node, spelled as LLVM 14 and later print it).
    ("verifier/valid/debug_info_full.ll", "DISubprogram read back in the spFlags form"),
    // LLVM 7's `byval` has no type; the reader gives it the pointee type, as LLVM's readers do.
    ("llvm/nvvm7/structs_byval.O0.ll", "untyped byval read back with its pointee type"),
    ("llvm/nvvm7/structs_byval.O2.ll", "untyped byval read back with its pointee type"),
    ("verifier/valid/byval_align_annotation.ll", "untyped byval read back with its pointee type"),
    ("verifier/valid/grid_constant_byval.ll", "untyped byval read back with its pointee type"),
    // Language coverage the writer does not have yet.
    ("llvm-lang/alias_constexpr.ll", "an alias's partition has no LLVM 7 encoding and is not written"),
    ("llvm-lang/summary_entries.ll", "ThinLTO summary entries are not written"),
    (
        "llvm-lang/generic_di_node.ll",
        "a GenericDINode tag written as a number reads back by its name, as LLVM prints it",
    ),
    ("llvm-lang/global_sanitizer.ll", "a global's sanitizer flags have no LLVM 7 encoding"),
];

/// Whether a module is in the typed-pointer dialect (or has no pointer at all).
fn typed(m: &nvir_llvm::Module) -> bool {
    !matches!(m.types.dialect(), Some(nvir_llvm::ir::Dialect::OpaquePointers) | None)
}

#[test]
fn typed_corpus_round_trips_through_bitcode() {
    let mut failures = Vec::new();
    let mut passed = 0;
    let mut closed = Vec::new();
    for f in corpus_files() {
        let name = f.display().to_string();
        let Ok(src) = std::fs::read_to_string(&f) else { continue };
        let Ok(m) = parse(&src) else { continue };
        if !typed(&m) || nvir_llvm::ir::validate(&m).is_err() {
            continue;
        }
        if std::env::var("BCW_TRACE").is_ok() {
            eprintln!("{name}");
        }
        let gap = GAPS.iter().find(|(p, _)| name.ends_with(p));
        let want = print(&m, Syntax::Faithful).unwrap().text;
        let got = match bitcode::write(&m) {
            Ok(bytes) => {
                assert_eq!(bitcode::write(&m).unwrap(), bytes, "{name}: output is not deterministic");
                match bitcode::read(&bytes) {
                    Ok(back) => print(&back, Syntax::Faithful).map(|p| p.text).map_err(|e| format!("print: {e}")),
                    Err(e) => Err(format!("read back: {e}")),
                }
            }
            Err(e) => Err(format!("write: {e}")),
        };
        let ok = got.as_ref().is_ok_and(|g| *g == want);
        match (ok, gap) {
            (true, None) => passed += 1,
            (true, Some(_)) => closed.push(name),
            (false, Some(_)) => {}
            (false, None) => failures.push(match got {
                Err(e) => format!("{name}: {e}"),
                Ok(g) => format!("{name}: differs:\n{}", first_difference(&want, &g)),
            }),
        }
    }
    eprintln!("{passed} typed corpus modules round-trip through bitcode");
    assert!(closed.is_empty(), "listed gaps that no longer differ (remove them): {closed:?}");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

fn first_difference(want: &str, got: &str) -> String {
    for (i, (a, b)) in want.lines().zip(got.lines()).enumerate() {
        if a != b {
            return format!("  line {}:\n  want: {a}\n  got:  {b}", i + 1);
        }
    }
    format!("  lengths differ: {} vs {} lines", want.lines().count(), got.lines().count())
}

/// LLVM 14's bitcode (debug information; loop, alias-scope and branch-weight metadata), read,
/// written as LLVM 7 bitcode and read again, prints as it did.
#[test]
fn llvm14_bitcode_round_trips() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bitcode");
    for name in ["debug_info.14.bc", "loops.14.bc"] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let m = bitcode::read(&bytes).unwrap();
        let want = print(&m, Syntax::Faithful).unwrap().text;
        let out = bitcode::write(&m).unwrap_or_else(|e| panic!("{name}: write: {e}"));
        let back = bitcode::read(&out).unwrap_or_else(|e| panic!("{name}: read back: {e}"));
        // LLVM 7's DISubrange record always carries the lower bound: a subrange read back
        // says `lowerBound: 0` where LLVM 11+ bitcode left it out (LLVM 14 prints the same).
        let got = print(&back, Syntax::Faithful).unwrap().text.replace(", lowerBound: 0)", ")");
        assert!(got == want, "{name}:\n{}", first_difference(&want, &got));
    }
}

/// The libNVVM verdicts recorded by `scripts/oracles/bitcode_libnvvm.py --record` (compute_90,
/// on each typed corpus module's text and on nvir's bitcode of it): libNVVM compiled nvir's
/// bitcode of every module whose text it compiled. Offline, this checks the record's claim and
/// that nvir still writes every listed module, to bitcode nvir reads back; the live check against
/// libNVVM is the oracle test `bitcode_libnvvm` (tests/oracles.rs).
#[test]
fn libnvvm_compiles_every_written_module_whose_text_it_compiles() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let record = std::fs::read_to_string(root.join("tests/bitcode_libnvvm.txt")).unwrap();
    let (mut compiled, mut listed) = (0, 0);
    for line in record.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let mut parts = line.splitn(3, ' ');
        let (text, bc, path) = (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
        assert!(matches!((text, bc), ("ok", "ok") | ("fail", "-")), "{path}: libNVVM verdicts {text} {bc}");
        let src = std::fs::read_to_string(root.join("../../corpus").join(path)).unwrap();
        let m = parse(&src).unwrap_or_else(|e| panic!("{path}: {e}"));
        let bytes = bitcode::write(&m).unwrap_or_else(|e| panic!("{path}: no longer written: {e}"));
        bitcode::read(&bytes).unwrap_or_else(|e| panic!("{path}: read back: {e}"));
        listed += 1;
        compiled += usize::from(text == "ok");
    }
    eprintln!("{compiled} of {listed} listed modules compile from text, and from nvir's bitcode");
    assert!(compiled >= 225 && listed >= 309, "the record shrank: {compiled} of {listed}");
}

/// Files whose modern round trip differs, with why.
const GAPS_MODERN: &[(&str, &str)] = &[
    // Typed modules upgraded to opaque pointers: the bitcode's type table orders the named
    // structs by first use, the text by definition, and the reader keeps the table's order.
    ("llvm/clang14/structs_byval.O0.ll", "named structs read back in type-table order"),
    ("llvm/clang14/structs_byval.O2.ll", "named structs read back in type-table order"),
    ("llvm/nvvm7/structs_byval.O0.ll", "named structs read back in type-table order"),
    ("llvm/nvvm7/structs_byval.O2.ll", "named structs read back in type-table order"),
    ("verifier/valid/debug_info_full.ll", "DISubprogram read back in the spFlags form"),
    ("llvm-lang/summary_entries.ll", "ThinLTO summary entries are not written"),
    (
        "llvm-lang/generic_di_node.ll",
        "a GenericDINode tag written as a number reads back by its name, as LLVM prints it",
    ),
    // The text spells some fields out of LLVM's order (`targetFuncName:` before `annotations:`,
    // a namespace's `scope:` before its `name:`) and an explicit `declaration: null`; they read
    // back in LLVM's order, as llvm-dis-19 prints them.
    ("llvm-lang/llvm19_debug_info.ll", "fields read back in LLVM's order"),
];

/// The modern layout against the reader: every opaque-pointer `.ll` in the corpus that nvir
/// parses and validates, written in LLVM 22's layout and read back, prints as the original does;
/// a typed-pointer one reads back as its upgrade to opaque pointers (the printer's modern syntax).
#[test]
fn corpus_round_trips_through_modern_bitcode() {
    let (mut opaque, mut typed_ok) = (0, 0);
    let mut failures = Vec::new();
    for f in corpus_files() {
        let name = f.display().to_string();
        let Ok(src) = std::fs::read_to_string(&f) else { continue };
        let Ok(m) = parse(&src) else { continue };
        if nvir_llvm::ir::validate(&m).is_err() {
            continue;
        }
        let is_typed = typed(&m);
        let want = if is_typed {
            match print(&m, Syntax::Modern).ok().and_then(|p| parse(&p.text).ok()) {
                Some(up) => print(&up, Syntax::Faithful).unwrap().text,
                None => continue,
            }
        } else {
            print(&m, Syntax::Faithful).unwrap().text
        };
        let got = match bitcode::write_as(&m, bitcode::Layout::Modern) {
            Ok(bytes) => {
                assert_eq!(bitcode::write_as(&m, bitcode::Layout::Modern).unwrap(), bytes, "{name}: not deterministic");
                // Upgraded in place (`as --dialect modern`), the module writes the same bitcode.
                let mut own = m.clone();
                let in_place = bitcode::write_in_place_limited(&mut own, bitcode::Layout::Modern, u64::MAX);
                assert!(in_place.is_ok_and(|b| b.into_vec() == bytes), "{name}: written in place differs");
                match bitcode::read(&bytes) {
                    Ok(back) => print(&back, Syntax::Faithful).map(|p| p.text).map_err(|e| format!("print: {e}")),
                    Err(e) => Err(format!("read back: {e}")),
                }
            }
            Err(e) => Err(format!("write: {e}")),
        };
        let gap = GAPS_MODERN.iter().any(|(p, _)| name.ends_with(p));
        match got {
            Ok(g) if g == want && gap => failures.push(format!("{name}: listed gap that closed (remove it)")),
            _ if gap => {}
            Ok(g) if g == want => {
                if is_typed {
                    typed_ok += 1;
                } else {
                    opaque += 1;
                }
            }
            Ok(g) => failures.push(format!("{name}: differs:\n{}", first_difference(&want, &g))),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    eprintln!("modern bitcode: {opaque} opaque and {typed_ok} typed corpus modules round-trip");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    assert!(opaque >= 20, "only {opaque} opaque modules round-trip");
}

/// `captures(…)` (LLVM 21+) round-trips through modern bitcode in each of its forms (LLVM 22
/// reads this module's bitcode as it reads the text: checked with llvmlite 0.50).
#[test]
fn captures_round_trips_through_modern_bitcode() {
    let src = "declare void @f(ptr captures(none), ptr captures(address_is_null), ptr captures(address, read_provenance), \
               ptr captures(ret: address, provenance), ptr captures(address, ret: address, provenance), ptr captures(provenance))\n";
    let m = parse(src).unwrap();
    let bytes = bitcode::write_as(&m, bitcode::Layout::Modern).unwrap();
    let back = bitcode::read(&bytes).unwrap();
    assert_eq!(print(&back, Syntax::Faithful).unwrap().text, print(&m, Syntax::Faithful).unwrap().text);
}

/// A name of digits written quoted (`@"3"`) is a name, not a numbered global: it prints quoted,
/// keeps its digits beside unnamed globals, and round-trips through both bitcode layouts.
#[test]
fn quoted_numeric_names_stay_names() {
    let src = "@0 = addrspace(1) global i32 0\n@\"7\" = addrspace(1) global i32 addrspace(1)* @0\n\
               define void @\"12\"() {\n  ret void\n}\n\
               define void @k() {\n  call void @\"12\"()\n  %v = load i32 addrspace(1)*, i32 addrspace(1)* addrspace(1)* @\"7\"\n  ret void\n}\n";
    let m = parse(src).unwrap();
    let text = print(&m, Syntax::Faithful).unwrap().text;
    assert!(text.contains("@0 = addrspace(1) global i32 0"), "{text}");
    assert!(text.contains("@\"7\" = addrspace(1) global i32 addrspace(1)* @0"), "{text}");
    assert!(text.contains("define void @\"12\"()") && text.contains("call void @\"12\"()"), "{text}");
    assert!(m.globals.iter().any(|(_, g)| &*g.name == "7" && g.props.numeric_name));
    let back = bitcode::read(&bitcode::write_as(&m, bitcode::Layout::Llvm7).unwrap()).unwrap();
    assert_eq!(print(&back, Syntax::Faithful).unwrap().text, text);
    // The modern layout writes opaque pointers; the names are the same.
    let back = bitcode::read(&bitcode::write_as(&m, bitcode::Layout::Modern).unwrap()).unwrap();
    let modern = print(&back, Syntax::Faithful).unwrap().text;
    assert!(modern.contains("@0 = addrspace(1) global i32 0\n@\"7\" = addrspace(1) global ptr addrspace(1) @0"));
    assert!(modern.contains("define void @\"12\"()") && modern.contains("call void @\"12\"()"), "{modern}");
}

/// Debug records and the debug-info records whose modern layout differs from LLVM 7's
/// (`DISubprogram` with `spFlags`, `DIGlobalVariable` version 2, `DICompileUnit`'s later fields)
/// round-trip through the modern layout (LLVM 22 reads this module's bitcode as it reads the
/// text: checked by hand with llvmlite 0.50).
#[test]
fn debug_records_round_trip_through_modern_bitcode() {
    let src = r#"target triple = "nvptx64-nvidia-cuda"

define void @k(i32 %x) !dbg !7 {
  %a = alloca i32, align 4
    #dbg_value(i32 %x, !11, !DIExpression(), !12)
    #dbg_declare(ptr %a, !11, !DIExpression(DW_OP_deref), !12)
    #dbg_label(!14, !12)
  ret void, !dbg !12
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!named = !{!13}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "p", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !2, globals: !2, sysroot: "/", sdk: "s.sdk")
!1 = !DIFile(filename: "a.c", directory: "/d")
!2 = !{}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!7 = distinct !DISubprogram(name: "k", linkageName: "k", scope: !1, file: !1, line: 1, type: !8, scopeLine: 1, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized | DISPFlagPure, unit: !0, retainedNodes: !2)
!8 = !DISubroutineType(types: !9)
!9 = !{null, !10}
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DILocalVariable(name: "x", arg: 1, scope: !7, file: !1, line: 1, type: !10)
!12 = !DILocation(line: 1, column: 2, scope: !7)
!13 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 3, type: !10, isLocal: false, isDefinition: true)
!14 = !DILabel(scope: !7, name: "here", file: !1, line: 2)
"#;
    let m = parse(src).unwrap();
    let want = print(&m, Syntax::Faithful).unwrap().text;
    let bytes = bitcode::write_as(&m, bitcode::Layout::Modern).unwrap();
    let back = bitcode::read(&bytes).unwrap();
    let got = print(&back, Syntax::Faithful).unwrap().text;
    assert!(got == want, "{}", first_difference(&want, &got));
}

/// A compile unit's DWARF 6 language (`sourceLanguageName:` and `sourceLanguageVersion:`,
/// LLVM 22) round-trips through the modern layout: the name in the language's operand, 16 bits
/// with the top bit set, the version after `sdk` (as LLVM 22.1 writes it: llvm-bcanalyzer on
/// llvmlite 0.50's bitcode); a compile unit with `language:` keeps it and gains no name. The
/// LLVM 7 layout has no room for a name and refuses it.
#[test]
fn dwarf6_language_names_round_trip_through_modern_bitcode() {
    let module = |cu: &str| {
        format!(
            "define void @k() !dbg !3 {{\n  ret void, !dbg !4\n}}\n!llvm.dbg.cu = !{{!0}}\n!llvm.module.flags = !{{!5}}\n\
             !0 = distinct !DICompileUnit({cu}, file: !1, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)\n\
             !1 = !DIFile(filename: \"a.c\", directory: \"/\")\n!2 = !DISubroutineType(types: !{{null}})\n\
             !3 = distinct !DISubprogram(name: \"k\", scope: !1, file: !1, type: !2, spFlags: DISPFlagDefinition, unit: !0)\n\
             !4 = !DILocation(line: 1, scope: !3)\n!5 = !{{i32 2, !\"Debug Info Version\", i32 3}}\n"
        )
    };
    for cu in [
        "sourceLanguageName: DW_LNAME_C_plus_plus, sourceLanguageVersion: 201703",
        "sourceLanguageName: DW_LNAME_Rust",
        "language: DW_LANG_C99",
    ] {
        let m = parse(&module(cu)).unwrap();
        let want = print(&m, Syntax::Faithful).unwrap().text;
        assert!(want.contains(cu), "{want}");
        let back = bitcode::read(&bitcode::write_as(&m, bitcode::Layout::Modern).unwrap()).unwrap();
        let got = print(&back, Syntax::Faithful).unwrap().text;
        assert!(got == want, "{cu}: {}", first_difference(&want, &got));
        let llvm7 = bitcode::write_as(&m, bitcode::Layout::Llvm7);
        assert_eq!(llvm7.is_err(), cu.starts_with("sourceLanguageName"), "{cu}");
    }
}

/// LLVM 22 syntax newer than LLVM 19 in the modern layout: `ptrtoaddr` (instruction and
/// constant, cast opcode 13), `atomicrmw` `fmaximum`…`fminimumnum` (operations 19…22) and the
/// fast-math flags of `fpext`/`fptrunc` (their flags operand) round-trip; what LLVM 22.1 has no
/// encoding for is refused by name rather than lost: fast-math flags on `sitofp`/`uitofp`, and
/// `dead_on_return` (checked with llvmlite 0.50: it reads this bitcode as it reads the text).
#[test]
fn llvm22_syntax_round_trips_through_modern_bitcode() {
    let src = "@g = addrspace(1) global i32 0\n\
               @h = addrspace(1) global i64 ptrtoaddr (ptr addrspace(1) @g to i64)\n\
               define i64 @f(ptr %p, <2 x ptr> %v, float %x, double %d) {\n  \
               %a = ptrtoaddr ptr %p to i64\n  %b = ptrtoaddr <2 x ptr> %v to <2 x i64>\n  \
               %c = atomicrmw fmaximum ptr %p, float 1.000000e+00 seq_cst, align 4\n  \
               %e = atomicrmw fminimum ptr %p, float 1.000000e+00 monotonic, align 4\n  \
               %n = atomicrmw fmaximumnum ptr %p, double 1.000000e+00 seq_cst, align 8\n  \
               %o = atomicrmw fminimumnum ptr %p, double 1.000000e+00 seq_cst, align 8\n  \
               %x2 = fpext nnan ninf float %x to double\n  %d2 = fptrunc fast double %d to float\n  \
               ret i64 %a\n}\n";
    let m = parse(src).unwrap();
    let text = print(&m, Syntax::Faithful).unwrap().text;
    for piece in [
        "ptrtoaddr (ptr addrspace(1) @g to i64)",
        "ptrtoaddr <2 x ptr> %v",
        "atomicrmw fminimumnum ptr",
        "fpext nnan ninf float",
        "fptrunc fast double",
    ] {
        assert!(text.contains(piece), "{piece}: {text}");
    }
    let back = bitcode::read(&bitcode::write_as(&m, bitcode::Layout::Modern).unwrap()).unwrap();
    assert_eq!(print(&back, Syntax::Faithful).unwrap().text, text);
    for (src, word) in [
        ("define float @f(i32 %a) {\n  %b = sitofp nnan i32 %a to float\n  ret float %b\n}\n", "sitofp"),
        ("define float @f(i32 %a) {\n  %b = uitofp ninf i32 %a to float\n  ret float %b\n}\n", "uitofp"),
        ("define void @f(ptr dead_on_return(8) %p) {\n  ret void\n}\n", "dead_on_return"),
        ("define void @f(ptr dead_on_return %p) {\n  ret void\n}\n", "dead_on_return"),
    ] {
        let m = parse(src).unwrap();
        let e = bitcode::write_as(&m, bitcode::Layout::Modern).unwrap_err().to_string();
        assert!(e.contains(word), "{src}: {e}");
    }
}
