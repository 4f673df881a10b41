//! IR → IR passes on their own: each leaves a module the validator accepts, and its output
//! prints and reads back as the same module.

use nvir_llvm::ir::{validate_ssa, Dialect};
use nvir_llvm::{parse, print, Syntax};

/// Upgrades `src` (typed pointers) and returns the faithful text of the result, after checking
/// that it validates, holds no typed pointer, and reads back printing the same.
fn upgraded(src: &str) -> String {
    let mut m = parse(src).unwrap();
    assert_eq!(m.types.dialect(), Some(Dialect::TypedPointers));
    nvir_llvm::pass::opaque::upgrade(&mut m).unwrap();
    validate_ssa(&m).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.types.dialect(), Some(Dialect::OpaquePointers));
    let text = print(&m, Syntax::Faithful).unwrap().text;
    let again = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(print(&again, Syntax::Faithful).unwrap().text, text);
    // The printer's modern syntax is this pass, then faithful printing.
    assert_eq!(print(&parse(src).unwrap(), Syntax::Modern).unwrap().text, text);
    text
}

#[test]
fn upgrade_types_byval_and_indirect_asm_operands() {
    let out = upgraded(
        "%S = type { i32, float* }\n\
         define void @f(%S* byval %s, i32* sret %r, i32* %p) {\n  \
           call void asm sideeffect \"st.u32 [$0], 0;\", \"*m\"(i32* %p)\n  \
           %v = call i32 asm \"\", \"=r,*m,~{memory}\"(i32* %p)\n  \
           call void @g(%S* byval %s)\n  \
           ret void\n}\n\
         declare void @g(%S* byval)\n",
    );
    assert!(out.contains("%S = type { i32, ptr }"), "{out}");
    assert!(out.contains("define void @f(ptr byval(%S) %s, ptr sret(i32) %r, ptr %p)"), "{out}");
    assert!(out.contains("\"*m\"(ptr elementtype(i32) %p)"), "{out}");
    assert!(out.contains("\"=r,*m,~{memory}\"(ptr elementtype(i32) %p)"), "{out}");
    assert!(out.contains("call void @g(ptr byval(%S) %s)"), "{out}");
    assert!(out.contains("declare void @g(ptr byval(%S))"), "{out}");
}

#[test]
fn upgrade_folds_pointer_casts_and_merges_what_became_equal() {
    let out = upgraded(
        "@g = global i32 0\n\
         @h = addrspace(1) global float 0.0\n\
         @used = appending global [2 x i8*] [i8* bitcast (i32* @g to i8*), i8* addrspacecast (float addrspace(1)* @h to i8*)], section \"llvm.metadata\"\n\
         @nulls = global { i32*, i8* } zeroinitializer\n\
         define i8* @f(i32* %p) !dbg !0 {\n  \
           %q = bitcast i32* %p to i8*\n  \
           store i8* bitcast (i32* @g to i8*), i8** null\n  \
           %c = icmp eq i32* %p, null\n  \
           %d = icmp eq i8* %q, null\n  \
           ret i8* %q\n}\n\
         !0 = !{i32* @g}\n\
         !1 = !{i8* bitcast (i32* @g to i8*)}\n\
         !named = !{!0, !1}\n",
    );
    assert!(out.contains("[ptr @g, ptr addrspacecast (ptr addrspace(1) @h to ptr)]"), "{out}");
    assert!(out.contains("@nulls = global { ptr, ptr } zeroinitializer"), "{out}");
    // An instruction cast stays (an identity cast is valid IR); a constant one folds.
    assert!(out.contains("%q = bitcast ptr %p to ptr"), "{out}");
    assert!(out.contains("store ptr @g, ptr null"), "{out}");
    // The two metadata nodes became equal, and are one.
    assert!(out.contains("!named = !{!0, !0}"), "{out}");
}

#[test]
fn upgrade_leaves_opaque_modules_as_they_are() {
    let src = "define void @f(ptr %p) {\n  ret void\n}\n";
    let mut m = parse(src).unwrap();
    let before = print(&m, Syntax::Faithful).unwrap().text;
    nvir_llvm::pass::opaque::upgrade(&mut m).unwrap();
    assert_eq!(print(&m, Syntax::Faithful).unwrap().text, before);
}

/// Downgrades `src` and returns the LLVM 7 text of the result and the notes, after checking that
/// it validates and that the printer's LLVM 7 syntax is this pass, then printing.
fn downgraded(src: &str) -> (String, Vec<String>) {
    let mut m = parse(src).unwrap();
    let notes = nvir_llvm::pass::downgrade::to_llvm7(&mut m).unwrap();
    validate_ssa(&m).unwrap_or_else(|e| panic!("{e}"));
    let text = print(&m, Syntax::Llvm7).unwrap();
    assert!(text.notes.is_empty(), "a second downgrade changes nothing: {:?}", text.notes);
    let direct = print(&parse(src).unwrap(), Syntax::Llvm7).unwrap();
    assert_eq!(direct.text, text.text);
    let notes: Vec<String> = notes.into_iter().map(|n| n.message).collect();
    assert_eq!(direct.notes, notes);
    // What LLVM 7 reads back prints the same.
    let again = parse(&text.text).unwrap_or_else(|e| panic!("{e}\n{}", text.text));
    assert_eq!(print(&again, Syntax::Llvm7).unwrap().text, text.text);
    (text.text, notes)
}

#[test]
fn downgrade_rewrites_and_leaves_out_what_llvm7_lacks() {
    let (out, notes) = downgraded(
        "@p = global <2 x i32> poison\n\
         define float @f(float %x, <2 x float> %v, i32* byval(i32) %b, i32 %i, i8* %q) {\n  \
           %n = fneg nnan float %x\n  \
           %w = fneg <2 x float> %v\n  \
           %o = or disjoint i32 %i, 1\n  \
           %z = zext nneg i32 %i to i64\n  \
           %t = trunc nuw i32 %i to i8\n  \
           %c = icmp samesign ult i32 %i, 3\n  \
           %g = getelementptr nusw i8, i8* %q, i64 1\n  \
           %a = atomicrmw add i32* %b, i32 1 monotonic, align 4\n  \
           %s = insertvalue { float } poison, float %n, 0\n  \
           ret float %n\n}\n",
    );
    assert!(out.contains("@p = global <2 x i32> undef"), "{out}");
    assert!(out.contains("%n = fsub nnan float 0x8000000000000000, %x"), "{out}");
    assert!(out.contains("%w = fsub <2 x float> <float 0x8000000000000000, float 0x8000000000000000>, %v"), "{out}");
    assert!(out.contains("%o = or i32 %i, 1"), "{out}");
    assert!(out.contains("%z = zext i32 %i to i64"), "{out}");
    assert!(out.contains("%t = trunc i32 %i to i8"), "{out}");
    assert!(out.contains("%c = icmp ult i32 %i, 3"), "{out}");
    assert!(out.contains("%g = getelementptr i8, i8* %q, i64 1"), "{out}");
    assert!(out.contains("i32* byval %b"), "{out}");
    assert!(out.contains("atomicrmw add i32* %b, i32 1 monotonic\n"), "{out}");
    for kw in ["poison", "fneg", "disjoint", "nneg", "nuw", "samesign", "nusw", "`align` on cmpxchg/atomicrmw"] {
        assert!(notes.iter().any(|n| n.contains(kw)), "no note for {kw}: {notes:?}");
    }
}

#[test]
fn downgrade_refuses_what_llvm7_cannot_express_all_at_once() {
    let mut m = parse(
        "define void @f(float* %p, i32 %x) {\n  \
           %a = atomicrmw fadd float* %p, float 1.0 seq_cst\n  \
           %y = freeze i32 %x\n  \
           ret void\n}\n",
    )
    .unwrap();
    let before = print(&m, Syntax::Faithful).unwrap().text;
    let e = nvir_llvm::pass::downgrade::to_llvm7(&mut m).unwrap_err();
    assert!(e.message.contains("`atomicrmw fadd` on a non-integer"), "{e}");
    assert!(e.message.contains("`freeze` (LLVM 10+)"), "{e}");
    // Refused before anything changed.
    assert_eq!(print(&m, Syntax::Faithful).unwrap().text, before);
    let opaque = parse("define void @f(ptr %p) {\n  ret void\n}\n").unwrap();
    assert!(nvir_llvm::pass::downgrade::to_llvm7(&mut opaque.clone()).is_err());
}

#[test]
fn upgrade_drops_the_old_inrange_index_as_llvm_19_does() {
    let out = upgraded(
        "@vt = global { [4 x i8*], [4 x i8*] } zeroinitializer\n\
         @q = global i8** getelementptr ({ [4 x i8*], [4 x i8*] }, { [4 x i8*], [4 x i8*] }* @vt, i32 0, i32 0, inrange i32 3)\n",
    );
    assert!(
        out.contains("@q = global ptr getelementptr inbounds ({ [4 x ptr], [4 x ptr] }, ptr @vt, i32 0, i32 0, i32 3)"),
        "{out}"
    );
}
