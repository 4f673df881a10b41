//! Parser unit tests: small modules in both dialects, and the located errors.

use crate::text::printer::{print_module, Syntax};

fn round_trip(src: &str) -> String {
    let m = super::parse_module(src).unwrap_or_else(|e| panic!("{e}\n{src}"));
    let text = print_module(&m, Syntax::Faithful).unwrap().text;
    let again = super::parse_module(&text).unwrap_or_else(|e| panic!("reparse: {e}\n{text}"));
    assert_eq!(print_module(&again, Syntax::Faithful).unwrap().text, text, "printing is stable");
    text
}

#[test]
fn typed_kernel_round_trips() {
    let src = r#"
target triple = "nvptx64-nvidia-cuda"
%struct.S = type { i32, float* }
@g = internal addrspace(1) global [4 x i8] c"ab\00\01", align 4
@p = global i8* getelementptr inbounds ([4 x i8], [4 x i8]* addrspacecast ([4 x i8] addrspace(1)* @g to [4 x i8]*), i64 0, i64 1)
define void @k(float %a, float addrspace(1)* %x, i32) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %t, %0
  br i1 %c, label %body, label %exit
body:
  %px = getelementptr float, float addrspace(1)* %x, i32 %t
  %v = load float, float addrspace(1)* %px, align 4
  %r = fmul fast float %a, %v
  store float %r, float addrspace(1)* %px, align 4
  br label %exit
exit:
  %phi = phi i32 [ 0, %entry ], [ %t, %body ]
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() nounwind readnone
attributes #0 = { nounwind "nvvm.kernel" }
!nvvm.annotations = !{!0}
!0 = !{void (float, float addrspace(1)*, i32)* @k, !"kernel", i32 1}
"#;
    let out = round_trip(src);
    assert!(
        out.contains("define void @k(float %a, float addrspace(1)* %x, i32 %0) nounwind \"nvvm.kernel\" {"),
        "{out}"
    );
    assert!(out.contains("%r = fmul fast float %a, %v"), "{out}");
    assert!(out.contains("!0 = !{void (float, float addrspace(1)*, i32)* @k, !\"kernel\", i32 1}"), "{out}");
}

#[test]
fn opaque_module_round_trips_and_numbers() {
    let src = "define i32 @f(ptr %p, i32 %0) {\n  %2 = load i32, ptr %p, align 4\n  %3 = add i32 %2, %0\n  br label %4\n4:\n  ret i32 %3\n}\n";
    let out = round_trip(src);
    assert!(out.contains("%2 = load i32, ptr %p, align 4"), "{out}");
    assert!(out.contains("\n4:\n"), "{out}");
}

#[test]
fn mixing_dialects_is_an_error_with_a_hint() {
    let e = super::parse_module("@a = global i32* null\n@b = global ptr null\n").unwrap_err();
    assert!(e.message().contains("opaque pointer"), "{e}");
    assert_eq!(e.span().start, 34);
}

#[test]
fn typed_pointer_syntax_in_an_opaque_module_reads_as_ptr() {
    // LLVM 17 and later read `T*` as `ptr`: a module that uses `ptr` may still spell some pointers
    // the old way.
    let out =
        round_trip("@a = global ptr null\n@b = external global i32 addrspace(3)*\n@c = external global void ()*\n");
    assert!(out.contains("@b = external global ptr addrspace(3)\n"), "{out}");
    assert!(out.contains("@c = external global ptr\n"), "{out}");
    // A pointer to a function returning `ptr` is a pointer too; only `ptr*` itself is refused.
    let out = round_trip("@a = global ptr null\n@d = external global ptr () addrspace(1)* addrspace(2)*\n");
    assert!(out.contains("@d = external global ptr addrspace(2)\n"), "{out}");
    let e = super::parse_module("@a = global ptr null\n@b = global ptr* null\n").unwrap_err();
    assert!(e.message().contains("'ptr*' is invalid"), "{e}");
    let e = super::parse_module("@a = global ptr null\n@b = global void* null\n").unwrap_err();
    assert!(e.message().contains("pointers to void"), "{e}");
}

#[test]
fn called_intrinsics_are_declared() {
    // LLVM 19 and later declare an intrinsic that is called but not declared, with the call's
    // type, after the functions and in name order.
    let src = "define void @f(ptr %p, i32 %x) {\n  call void @llvm.lifetime.start.p0(i64 1, ptr %p)\n  %m = call i32 @llvm.umax.i32(i32 %x, i32 %x)\n  call void @llvm.assume(i1 true)\n  ret void\n}\ndeclare void @g()\n";
    let out = round_trip(src);
    let tail = "declare void @g()\n\ndeclare void @llvm.assume(i1)\n\ndeclare void @llvm.lifetime.start.p0(i64, ptr)\n\ndeclare i32 @llvm.umax.i32(i32, i32)\n";
    assert!(out.ends_with(tail), "{out}");
    let e = super::parse_module("define void @f(i8 %a, i16 %b) {\n  %x = call i8 @llvm.umax(i8 %a, i8 %a)\n  %y = call i16 @llvm.umax(i16 %b, i16 %b)\n  ret void\n}\n").unwrap_err();
    // One name called with two types is LLVM's overloaded bare name, which it mangles per type.
    assert!(
        e.message().contains("'@llvm.umax' defined with type 'i8 (i8, i8)*' but expected 'i16 (i16, i16)*'"),
        "{e}"
    );
    // A module with no pointer at all is not typed either.
    let out = round_trip("define i8 @f(i8 %a) {\n  %r = call i8 @llvm.bitreverse.i8(i8 %a)\n  ret i8 %r\n}\n");
    assert!(out.ends_with("declare i8 @llvm.bitreverse.i8(i8)\n"), "{out}");
    // Other undefined globals, and intrinsics in the typed dialect, stay errors.
    assert!(super::parse_module("define void @f() {\n  call void @g()\n  ret void\n}\n").is_err());
    assert!(
        super::parse_module("define void @f(i8* %p) {\n  call void @llvm.assume(i1 true)\n  ret void\n}\n").is_err()
    );
}

#[test]
fn forward_references_resolve() {
    let src = "define i32 @f() {\nentry:\n  br label %b\nc:\n  ret i32 %x\nb:\n  %x = add i32 1, 2\n  br label %c\n}\n";
    round_trip(src);
    let e = super::parse_module("define i32 @f() {\n  ret i32 %nope\n}\n").unwrap_err();
    assert!(e.message().contains("undefined value '%nope'"), "{e}");
    let e = super::parse_module("@a = global i32* @b\n").unwrap_err();
    assert!(e.message().contains("undefined value '@b'"), "{e}");
}

/// Local and block names, which the body's tables find through what they name: arguments,
/// instructions (forward references included), blocks, and names that need unescaping.
#[test]
fn local_names_resolve_and_clash() {
    let src = "define i32 @f(i32 %a, i32 %\"q r\") {\nentry:\n  br label %\"x y\"\nc:\n  %s = add i32 %t, %\"q r\"\n  ret i32 %s\n\"x y\":\n  %t = add i32 %a, 1\n  br label %c\n}\n";
    let text = round_trip(src);
    assert!(text.contains("%s = add i32 %t, %\"q r\""), "{text}");
    assert!(text.contains("%t = add i32 %a, 1"), "{text}");
    // A few thousand names: the tables grow while they are found again.
    let mut big = String::from("define i32 @g(i32 %a) {\n");
    for i in 0..5000 {
        let prev = if i == 0 { "%a".to_string() } else { format!("%v{}", i - 1) };
        big.push_str(&format!("  %v{i} = add i32 {prev}, 1\n"));
    }
    big.push_str("  ret i32 %v4999\n}\n");
    let m = super::parse_module(&big).unwrap_or_else(|e| panic!("{e}"));
    let f = m.functions.iter().find(|(_, f)| &*f.name == "g").unwrap().1;
    assert_eq!(f.insts.len(), 5001);
    let clash = |body: &str| super::parse_module(&format!("define void @f(i32 %a, i32 %b) {{\n{body}  ret void\n}}\n"));
    let e = clash("  %a = add i32 1, 2\n").unwrap_err();
    assert!(e.message().contains("multiple definition of local value named '%a'"), "{e}");
    let e = clash("  %x = add i32 %b, 2\n  %x = add i32 1, 2\n").unwrap_err();
    assert!(e.message().contains("multiple definition of local value named '%x'"), "{e}");
    let e = super::parse_module("define void @f(i32 %a, i32 %a) {\n  ret void\n}\n").unwrap_err();
    assert!(e.message().contains("redefinition of argument '%a'"), "{e}");
    let e = clash("  %y = add i32 %x, 1\n  %x = add i64 1, 2\n").unwrap_err();
    assert!(e.message().contains("forward referenced with type 'i32'"), "{e}");
    let e = clash("  br label %nowhere\n").unwrap_err();
    assert!(e.message().contains("nowhere"), "{e}");
}

#[test]
fn errors_are_located() {
    let src = "define void @f() {\n  %x = frobnicate i32 1\n  ret void\n}\n";
    let e = super::parse_module(src).unwrap_err();
    assert_eq!(&src[e.span().start..e.span().end], "frobnicate");
    // The unnamed entry block is %0, so the first unnamed value is %1.
    assert!(super::parse_module("define void @f() {\n  %1 = add i32 1, 2\n  ret void\n}\n").is_ok());
    let e = super::parse_module("define void @f() {\n  %0 = add i32 1, 2\n  ret void\n}\n").unwrap_err();
    assert!(e.message().contains("expected to be numbered '%1'"), "{e}");
}

/// A huge token is quoted in part: the message and its hint are copied on their way out.
#[test]
fn long_tokens_are_quoted_in_part() {
    let src = format!("@g = global i32 0 {}\n", "x".repeat(100_000));
    let e = super::parse_module(&src).unwrap_err();
    let d = format!("{:?}", e.to_diagnostic());
    assert!(e.message().starts_with("expected top-level entity, found 'xxx"), "{e}");
    assert!(e.message().len() < 200 && d.len() < 1000, "{} {}", e.message().len(), d.len());
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    let deep = format!("@x = global {}i32{} zeroinitializer\n", "[1 x ".repeat(10_000), "]".repeat(10_000));
    let e = super::parse_module(&deep).unwrap_err();
    assert!(e.message().contains("nested"), "{e}");
}

#[test]
fn instructions_stay_small() {
    // A module of a million instructions costs this much per instruction; keep it in check.
    assert!(std::mem::size_of::<crate::ir::Instruction>() <= 88, "{}", std::mem::size_of::<crate::ir::Instruction>());
    assert!(std::mem::size_of::<crate::ir::InstKind>() <= 48, "{}", std::mem::size_of::<crate::ir::InstKind>());
}

#[test]
fn debug_info_fields_are_checked_against_the_table() {
    let ok = "!0 = !DILocation(line: 3, column: 7, scope: !1)\n!1 = distinct !DISubprogram(name: \"f\", scope: null, spFlags: DISPFlagDefinition, unit: !2)\n!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, emissionKind: FullDebug)\n!3 = !DIFile(filename: \"a.c\", directory: \"/\")\n!llvm.dbg.cu = !{!2}\n";
    round_trip(ok);
    let e = super::parse_module("!0 = !DILocation(line: 3, colour: 7, scope: null)\n").unwrap_err();
    assert!(e.message().contains("invalid field 'colour'"), "{e}");
    let e = super::parse_module("!0 = !DILocation(line: 3)\n").unwrap_err();
    assert!(e.message().contains("missing required field 'scope'"), "{e}");
}

#[test]
fn modern_syntax_adds_elementtype_to_indirect_asm_operands() {
    let src = "define void @f(i32* %p) {\n  call void asm sideeffect \"st.u32 [$0], 0;\", \"*m\"(i32* %p)\n  %r = call i32 asm \"\", \"=r,*m,~{memory}\"(i32* %p)\n  ret void\n}\n";
    let m = super::parse_module(src).unwrap();
    let out = print_module(&m, Syntax::Modern).unwrap().text;
    assert!(out.contains("\"*m\"(ptr elementtype(i32) %p)"), "{out}");
    assert!(out.contains("\"=r,*m,~{memory}\"(ptr elementtype(i32) %p)"), "{out}");
}

#[test]
fn llvm7_syntax_rewrites_or_refuses_newer_constructs() {
    let src = "define float @f(float %x, i32* %p) {\n  %n = fneg nnan float %x\n  %a = atomicrmw add i32* %p, i32 1 monotonic, align 4\n  %s = insertvalue { float } poison, float %n, 0\n  ret float %n\n}\n";
    let m = super::parse_module(src).unwrap();
    let p = print_module(&m, Syntax::Llvm7).unwrap();
    assert!(p.text.contains("%n = fsub nnan float 0x8000000000000000, %x"), "{}", p.text);
    assert!(p.text.contains("atomicrmw add i32* %p, i32 1 monotonic\n"), "{}", p.text);
    assert!(p.text.contains("insertvalue { float } undef"), "{}", p.text);
    assert_eq!(p.notes.len(), 3, "{:?}", p.notes);
    let m = super::parse_module(
        "define void @f(float* %p) {\n  %a = atomicrmw fadd float* %p, float 1.0 seq_cst\n  ret void\n}\n",
    )
    .unwrap();
    let e = print_module(&m, Syntax::Llvm7).unwrap_err();
    assert!(e.to_string().contains("atomicrmw fadd"), "{e}");
}

#[test]
fn fuzz_findings_stay_fixed() {
    // A named metadata name with a backslash prints escaped, unquoted.
    round_trip("!nvvm\\r.version = !{!0}\n!0 = !{i32 2}\n");
    // A comment inside an attribute argument does not survive into the printed text.
    let out =
        round_trip("declare i32 @f()\ndefine void @g() {\n  %1 = call range(i32 0, ; x\n 9) i32 @f()\n  ret void\n}\n");
    assert!(out.contains("call range(i32 0, 9) i32 @f()"), "{out}");
    // A string of any bytes inside an attribute argument prints escaped, stably.
    let out =
        round_trip("declare i32 @f()\ndefine void @g() {\n  %1 = call allockind(\"a\\FF\") i32 @f()\n  ret void\n}\n");
    assert!(out.contains("allockind(\"a\\FF\")"), "{out}");
    // An attribute argument ends at its parenthesis; it cannot swallow instructions.
    let e = super::parse_module("define i32 @f(i32 %x) {\n  %y = call range(i32 0, 8 add i32 %x, 1\n  ret i32 %y\n}\n")
        .unwrap_err();
    assert!(e.message().contains("in an attribute argument"), "{e}");
}

#[test]
fn debug_records_attach_to_the_next_instruction() {
    // (Debug information of the current version: of another, it is dropped.)
    let src = "define void @f(i32 %x) {\n    #dbg_value(i32 %x, !0, !DIExpression(), !1)\n  ret void\n}\n!0 = !{}\n!1 = !{}\n\
               !llvm.module.flags = !{!2}\n!2 = !{i32 2, !\"Debug Info Version\", i32 3}\n";
    let m = super::parse_module(src).unwrap();
    let f = &m.functions[crate::ir::module::FuncId::from_index(0)];
    assert_eq!(f.debug_records.len(), 1);
    assert_eq!(f.debug_records[0].0, f.blocks[f.layout[0]].insts[0]);
    let out = round_trip(src);
    assert!(out.contains("    #dbg_value(i32 %x, !1, !2, !1)\n  ret void"), "{out}");
    let e = super::parse_module("define void @f() {\n    #dbg_value(!0)\n  ret void\n}\n!0 = !{}\n").unwrap_err();
    assert!(e.message().contains("takes 4 operands"), "{e}");
}

#[test]
fn gep_constant_inrange_both_forms() {
    let out = round_trip("@vt = constant [4 x ptr] zeroinitializer\n@p = global ptr getelementptr inbounds inrange(-16, 8) (i8, ptr @vt, i64 16)\n");
    assert!(out.contains("getelementptr inbounds inrange(-16, 8) (i8, ptr @vt, i64 16)"), "{out}");
    let out = round_trip("@vt = constant { [2 x i8*] } zeroinitializer\n@p = global i8** getelementptr inbounds ({ [2 x i8*] }, { [2 x i8*] }* @vt, i32 0, inrange i32 0, i32 1)\n");
    assert!(out.contains("i32 0, inrange i32 0, i32 1)"), "{out}");
}

#[test]
fn the_opaque_upgrade_reading_ignores_pointee_mismatches() {
    // What libNVVM's compute_100+ reader takes (it upgrades typed pointers) and LLVM 7's refuses.
    let store = "define void @f(i32* %p) {\n  store i64 1, i32* %p\n  ret void\n}\n";
    let call = "declare void @g(i32)\ndefine void @f() {\n  call void @g()\n  ret void\n}\n";
    let later = "define void @f() {\n  call void @g()\n  ret void\n}\ndeclare void @g(i32)\n";
    for src in [store, call, later] {
        assert!(crate::parse(src).is_err(), "{src}");
        let m = crate::parse_bytes_as_opaque(src.as_bytes(), crate::ParseOptions::SEQUENTIAL).expect(src);
        assert_eq!(m.functions.len(), if src == store { 1 } else { 2 });
    }
    // Everything else is read as strictly as before.
    let bad = "define void @f(i32* %p) {\n  store i64 1, i32 %p\n  ret void\n}\n";
    assert!(crate::parse_bytes_as_opaque(bad.as_bytes(), crate::ParseOptions::SEQUENTIAL).is_err());
}

#[test]
fn constants_too_deep_or_too_shared_to_print_are_refused() {
    use crate::ir::constant::{ConstData, ConstExpr, ExprOp};
    use crate::ir::instruction::BinOp;
    // A chain of 5,000 `add`s (as a bitcode reader builds it, no nesting limit), and a chain of
    // 100 whose operands are both the level below: 2^100 operands when written out.
    for (levels, shared) in [(5000, false), (100, true)] {
        let mut m = crate::parse("@g = global i64 1\n").unwrap();
        let ty = m.types.int(64);
        let mut c = m.constant(ConstData::Int { ty, value: crate::ir::constant::ApInt::Small(1) });
        for _ in 0..levels {
            let one = m.constant(ConstData::Int { ty, value: crate::ir::constant::ApInt::Small(1) });
            let operands = if shared { [c, c] } else { [c, one] };
            c = m.constant(ConstData::Expr(Box::new(ConstExpr {
                op: ExprOp::Binary(BinOp::Add),
                ty,
                flags: 0,
                operands: operands.into(),
                source_ty: None,
                indices: Box::new([]),
                inrange: None,
            })));
        }
        let g = m.globals.iter().next().unwrap().0;
        m.globals[g].init = Some(c);
        let e = print_module(&m, Syntax::Faithful).unwrap_err();
        let want = if shared { "expand to more than" } else { "nest more than 1024 levels" };
        assert!(e.0.contains(want), "{e}");
    }
}

#[test]
fn sync_scopes_past_the_limit_are_an_error() {
    // LLVM numbers sync scopes in a byte; a scope id is two bytes so that instructions stay small.
    let fences = |n: u32| -> String {
        let body: String = (0..n).map(|i| format!("  fence syncscope(\"s{i}\") seq_cst\n")).collect();
        format!("define void @f() {{\n{body}  ret void\n}}\n")
    };
    let limit = crate::ir::instruction::ScopeId::LIMIT;
    let m = super::parse_module(&fences(limit)).expect("up to the limit");
    assert_eq!(m.sync_scopes.len(), limit as usize);
    let e = super::parse_module(&fences(limit + 1)).expect_err("past the limit");
    assert!(e.to_string().contains("more sync scopes than a module may name"), "{e}");
}

#[test]
fn printing_in_place_prints_what_printing_a_copy_does() {
    use crate::text::printer::{print_module_in_place_to, print_module_to};
    let src = r#"
target triple = "nvptx64-nvidia-cuda"
@g = internal addrspace(1) global [4 x i8] c"ab\00\01", align 4
define float @k(float addrspace(1)* %x, i32 %i) {
entry:
  %p = getelementptr inbounds float, float addrspace(1)* %x, i32 %i
  %v = load float, float addrspace(1)* %p, align 4
  %w = fneg float %v
  ret float %w
}
"#;
    for syntax in [Syntax::Faithful, Syntax::Llvm7, Syntax::Modern] {
        let m = super::parse_module(src).unwrap();
        let (mut copy, mut in_place) = (Vec::new(), Vec::new());
        let notes = print_module_to(&m, syntax, &mut copy).unwrap();
        let mut owned = m.clone();
        assert_eq!(print_module_in_place_to(&mut owned, syntax, &mut in_place).unwrap(), notes);
        assert_eq!(String::from_utf8(in_place).unwrap(), String::from_utf8(copy).unwrap(), "{syntax:?}");
    }
}

/// Attribute groups as LLVM's readers take them: a group never defined adds nothing, the last
/// of two definitions counts, an empty one is an error, and `#N` is no parameter attribute.
#[test]
fn attribute_groups_follow_llvm() {
    let m = super::parse_module("define void @f() #3 {\n  ret void\n}\n").unwrap();
    let f = m.functions.iter().next().unwrap().1;
    assert!(m.attrs[f.fn_attrs].0.is_empty());
    let twice = "define void @f() #3 {\n  ret void\n}\nattributes #3 = { naked }\nattributes #3 = { nounwind }\n";
    let m = super::parse_module(twice).unwrap();
    let f = m.functions.iter().next().unwrap().1;
    let names: Vec<_> = m.attrs[f.fn_attrs].0.iter().filter_map(|a| a.kind()).map(|k| k.info().name).collect();
    assert_eq!(names, ["nounwind"]);
    let e = super::parse_module("define void @f() {\n  ret void\n}\nattributes #3 = { }\n").unwrap_err();
    assert_eq!(e.message(), "attribute group has no attributes");
    let e = super::parse_module("define void @f(i32 #3 %a) {\n  ret void\n}\n").unwrap_err();
    assert_eq!(e.message(), "expected ')' at end of argument list");
    let e = super::parse_module("define #3 i32 @f() {\n  ret i32 0\n}\n").unwrap_err();
    assert_eq!(e.message(), "expected type");
}

/// What LLVM's reader refuses, the reader refuses with LLVM's message at the offending type or
/// instruction, rather than accepting a module the validator then rejects (the cases of LLVM's
/// own `test/Assembler` "invalid" files; each parsed before and failed validation).
#[test]
fn types_llvm_refuses_in_a_place_are_refused_there() {
    let cases = [
        ("define void @f(void %v) {\n  ret void\n}\n", "void", "invalid type for function argument"),
        ("define void @f() {\n  %a = alloca i32 (i32)\n  ret void\n}\n", "i32 (i32)", "invalid type for alloca"),
        (
            "define void @f() {\n  ret void\nb:\n  %p = phi void ()\n  ret void\n}\n",
            "void ()",
            "phi node must have first class type",
        ),
        ("define i8* @f() {\n  ret void\n}\n", "ret", "value doesn't match function result type 'i8*'"),
        (
            "@G = global [4 x [4 x i32]] zeroinitializer\ndefine <4 x ptr> @f() {\n  ret <4 x ptr> getelementptr ([4 x [4 x i32]], ptr @G, i32 0, <4 x i32> zeroinitializer, <8 x i32> zeroinitializer)\n}\n",
            "getelementptr",
            "getelementptr vector index has a wrong number of elements",
        ),
    ];
    for (src, at, msg) in cases {
        let e = super::parse_module(src).unwrap_err();
        assert!(e.message().contains(msg), "{src}: {e}");
        assert!(src[e.span().start..].starts_with(at), "{src}: {e} at {:?}", &src[e.span().start..]);
    }
    // LLVM 7.0.1 reads integers up to 2^24 - 1 bits (LLVM 17 and later: 2^23), and so does the
    // validator.
    let m = super::parse_module("@g = external global i16777215\n").unwrap();
    crate::ir::validate(&m).unwrap();
}

#[test]
fn addrspace_read_as_one_token_reads_and_fails_as_written() {
    // Read as one token, `addrspace(N)` gives the module four tokens give.
    let src = "@g = internal addrspace(3) global i32 0\n\
               define void @f(i32 addrspace(1)* %p) addrspace(0) {\n  %a = alloca i32, addrspace(5)\n  \
               call addrspace(0) void @f(i32 addrspace(1)* %p)\n  ret void\n}\n";
    let out = round_trip(src);
    assert!(out.contains("@g = internal addrspace(3) global i32 0"), "{out}");
    assert!(out.contains("define void @f(i32 addrspace(1)* %p) addrspace(0) {"), "{out}");
    assert!(out.contains("%a = alloca i32, addrspace(5)"), "{out}");
    // An error at or after one is the error of the tokens as written: the keyword alone is
    // quoted and located.
    let e = super::parse_module("define void @f() {\n  ret addrspace(1)\n}\n").unwrap_err();
    assert_eq!(e.message(), "expected a type, found 'addrspace'");
    assert_eq!((e.span().start, e.span().end), (25, 34));
    let e = super::parse_module("@g = global i32 addrspace(1) null\n").unwrap_err();
    assert_eq!(e.message(), "expected '*' after addrspace(N) in a typed pointer");
    assert_eq!(e.span().start, 29);
    let e = super::parse_module("@g = global i32 addrspace(16777216)* null\n").unwrap_err();
    assert_eq!(e.message(), "invalid address space, must be a 24-bit integer");
}

#[test]
fn llvm22_syntax_reads_and_prints() {
    // `ptrtoaddr`, the LLVM 21/22 `atomicrmw` operations, `dead_on_return` with and without a
    // size, and fast-math flags on the casts to floating point (not after `nneg`).
    let src = "@g = global i32 0\n@h = global i64 ptrtoaddr (ptr @g to i64)\n\
               define void @f(ptr dead_on_return(16) %p, ptr dead_on_return %q, i32 %i, float %x) {\n  \
               %a = ptrtoaddr ptr %p to i64\n  \
               %b = atomicrmw fmaximumnum ptr %p, float 1.000000e+00 seq_cst, align 4\n  \
               %c = atomicrmw fminimum ptr %p, <2 x half> <half 0xH3C00, half 0xH3C00> monotonic, align 4\n  \
               %d = fpext nnan float %x to double\n  %e = sitofp ninf nsz i32 %i to float\n  \
               %u = uitofp nneg i32 %i to float\n  ret void\n}\n";
    let out = round_trip(src);
    for piece in [
        "@h = global i64 ptrtoaddr (ptr @g to i64)",
        "ptr dead_on_return(16) %p, ptr dead_on_return %q",
        "%a = ptrtoaddr ptr %p to i64",
        "atomicrmw fmaximumnum ptr %p, float",
        "atomicrmw fminimum ptr %p, <2 x half>",
        "%d = fpext nnan float %x to double",
        "%e = sitofp ninf nsz i32 %i to float",
        "%u = uitofp nneg i32 %i to float",
    ] {
        assert!(out.contains(piece), "{piece}: {out}");
    }
    for (src, at, msg) in [
        (
            "define void @f(i64 %p) {\n  %a = ptrtoaddr i64 %p to i64\n  ret void\n}\n",
            "ptrtoaddr",
            "invalid cast opcode",
        ),
        (
            "define void @f(ptr dead_on_return(0) %p) {\n  ret void\n}\n",
            "dead_on_return",
            "byte count specified must be non-zero",
        ),
        ("define void @f(<2 x target(\"foo\")> %a) {\n  ret void\n}\n", "target", "invalid vector element type"),
        (
            "define void @f(i32 %i) {\n  %u = uitofp nneg nnan i32 %i to float\n  ret void\n}\n",
            "nnan",
            "expected a type",
        ),
        ("define void @f(float %x) {\n  %u = fptosi nnan float %x to i32\n  ret void\n}\n", "nnan", "expected a type"),
    ] {
        let e = super::parse_module(src).unwrap_err();
        assert!(e.message().contains(msg), "{src}: {e}");
        assert!(src[e.span().start..].starts_with(at), "{src}: {e} at {:?}", &src[e.span().start..]);
    }
}

#[test]
fn linkage_rules_of_both_readers() {
    // An alias of a linkage no alias takes, whatever its aliasee.
    for link in ["common", "appending", "extern_weak"] {
        let e = super::parse_module(&format!("@a = {link} alias i32, i32* @g\n")).unwrap_err();
        assert_eq!(e.message(), "invalid linkage type for alias");
    }
    super::parse_module("@g = global i32 0\n@a = weak_odr alias i32, i32* @g\n").unwrap();
    // A local symbol has the default visibility.
    for text in ["@g = internal hidden global i32 0\n", "define private protected void @f() {\n  ret void\n}\n"] {
        let e = super::parse_module(text).unwrap_err();
        assert_eq!(e.message(), "symbol with local linkage must have default visibility", "{text}");
    }
    super::parse_module("@g = internal global i32 0\n@h = hidden global i32 0\n").unwrap();
}
