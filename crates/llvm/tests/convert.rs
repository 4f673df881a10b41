//! `convert`: opaque-pointer modules made into what libNVVM's LLVM 7 path reads. Every result must
//! validate as typed IR, read back (text and bitcode), keep its kernels and their parameters, and
//! be a module nvir's verifier says libNVVM compiles at compute_90. (libNVVM itself, ptxas and
//! the kernels' PTX are checked live by `scripts/oracles/convert_check.py`.)

use nvir_llvm::convert::{convert, Emit, Options};
use nvir_llvm::ir::{validate, Dialect, TypeData};
use nvir_llvm::Module;
use std::path::Path;

const LLVM7_BC: Options = Options { llvm7: true, emit: Emit::Bitcode, keep_kernels: false, max_output: u64::MAX };
const LLVM7_LL: Options = Options { llvm7: true, emit: Emit::Text, keep_kernels: false, max_output: u64::MAX };

fn read(path: &Path) -> Module {
    let bytes = std::fs::read(path).unwrap();
    if nvir_llvm::bitcode::is_bitcode(&bytes) {
        nvir_llvm::bitcode::read(&bytes).unwrap()
    } else {
        nvir_llvm::parse_bytes(&bytes).unwrap()
    }
}

/// The kernels (`ptx_kernel` functions or `!nvvm.annotations` kernels) with their parameter counts.
fn kernels(m: &Module) -> Vec<(String, usize)> {
    let annotated: Vec<String> = nvir_verify::annotation_properties(m)
        .into_iter()
        .filter(|(_, key, _)| *key == b"kernel")
        .map(|(name, _, _)| name.to_string())
        .collect();
    let mut out: Vec<(String, usize)> = m
        .functions
        .iter()
        .filter(|(_, f)| f.is_definition && (f.cc == 71 || annotated.iter().any(|n| **n == *f.name)))
        .map(|(_, f)| (f.name.to_string(), f.params.len()))
        .collect();
    out.sort();
    out
}

/// `src` converted for LLVM 7, as text, with the notes of what the conversion changed.
fn llvm7_text_and_notes(src: &str) -> (String, Vec<String>) {
    let out = convert(nvir_llvm::parse_bytes(src.as_bytes()).unwrap(), &LLVM7_LL).unwrap();
    (String::from_utf8(out.bytes).unwrap(), out.notes.iter().map(|n| n.to_string()).collect())
}

/// `src` converted for LLVM 7, as text.
fn llvm7_text(src: &str) -> String {
    llvm7_text_and_notes(src).0
}

/// `src` converted for LLVM 7, as bitcode.
fn llvm7_bitcode(src: &str) -> Vec<u8> {
    convert(nvir_llvm::parse_bytes(src.as_bytes()).unwrap(), &LLVM7_BC).unwrap().bytes
}

fn assert_contains(text: &str, wants: &[&str]) {
    for want in wants {
        assert!(text.contains(want), "missing {want:?} in\n{text}");
    }
}

fn compiles_at_90(bytes: &[u8]) -> Result<(), String> {
    let findings = findings_at_90(bytes)?;
    if nvir_verify::compiles(&findings) {
        Ok(())
    } else {
        Err(format!("{findings:?}"))
    }
}

/// Whether nvir predicts that libNVVM's verifier at compute_90 accepts the bytes, too.
fn verified_at_90(bytes: &[u8]) -> Result<(), String> {
    let findings = findings_at_90(bytes)?;
    if nvir_verify::accepts(&findings) {
        Ok(())
    } else {
        Err(format!("{findings:?}"))
    }
}

fn findings_at_90(bytes: &[u8]) -> Result<Vec<nvir_verify::Finding>, String> {
    let target = nvir_verify::Target::parse("compute_90", false).unwrap();
    // As the CLI judges each: bitcode by its records (field names are text syntax), text as read.
    Ok(if nvir_llvm::bitcode::is_bitcode(bytes) {
        let r = nvir_llvm::bitcode::read_with_ident(bytes).map_err(|e| e.to_string())?;
        nvir_verify::verify_bitcode(&r.module, &target, &r.ident.producer.unwrap_or_default())
    } else {
        let m = nvir_verify::parse_text(bytes, &target).map_err(|e| e.to_string())?;
        nvir_verify::verify_as_read(&m, &target)
    })
}

#[test]
fn real_producers_convert_to_llvm7() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/llvm");
    let mut converted = 0;
    for dir in ["clang19", "llvm22", "nvvm20", "numba"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir)).unwrap().flatten().map(|e| e.path()).collect();
        files.sort();
        for path in files.iter().filter(|p| p.extension().is_some_and(|x| x == "ll" || x == "bc")) {
            let input = read(path);
            if input.types.dialect() != Some(Dialect::OpaquePointers) {
                continue;
            }
            let want = kernels(&input);
            for opts in [LLVM7_LL, LLVM7_BC] {
                let out = convert(input.clone(), &opts).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let back = match opts.emit {
                    Emit::Text => nvir_llvm::parse_bytes(&out.bytes).unwrap(),
                    _ => nvir_llvm::bitcode::read(&out.bytes).unwrap(),
                };
                assert_eq!(back.types.dialect(), Some(Dialect::TypedPointers), "{}", path.display());
                validate(&back).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                assert_eq!(kernels(&back), want, "{}: kernels", path.display());
                compiles_at_90(&out.bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            }
            converted += 1;
        }
    }
    assert!(converted >= 30, "only {converted} opaque modules converted");
}

/// One module with the shapes whose pointees must be recovered.
const SHAPES: &str = r#"
target triple = "nvptx64-nvidia-cuda"
%struct.S = type { ptr, i32 }
@table = internal addrspace(1) global [2 x ptr addrspace(1)] [ptr addrspace(1) @g, ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @g, i64 4)]
@g = internal addrspace(1) global [4 x float] zeroinitializer
@s = internal global %struct.S { ptr @s, i32 1 }

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare i32 @llvm.smax.i32(i32, i32)

define internal float @take(ptr byval(%struct.S) %p, ptr %q) {
  %f = load float, ptr %q, align 4
  ret float %f
}

define ptx_kernel void @k(ptr addrspace(1) %out, ptr %in, i32 %n, i1 %c) {
entry:
  %a = alloca %struct.S, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr %a, ptr %in, i64 16, i1 false)
  %x = getelementptr inbounds [4 x float], ptr addrspace(1) @g, i64 0, i64 2
  %gen = addrspacecast ptr addrspace(1) %x to ptr
  %r = call float @take(ptr byval(%struct.S) %a, ptr %gen)
  %old = atomicrmw fadd ptr addrspace(1) %out, float %r monotonic
  %m = call i32 @llvm.smax.i32(i32 %n, i32 0)
  %fr = freeze i32 %m
  fence syncscope("block") acq_rel
  br i1 %c, label %one, label %two
one:
  %p1 = getelementptr inbounds %struct.S, ptr %a, i64 0, i32 1
  br label %join
two:
  br label %join
join:
  %p = phi ptr [ %p1, %one ], [ %in, %two ]
  %same = icmp eq ptr %p, %a
  %sel = select i1 %same, ptr %p, ptr null
  store i32 %fr, ptr %sel, align 4
  ret void
}
"#;

#[test]
fn pointees_are_recovered_and_casts_placed() {
    let m = nvir_llvm::parse_bytes(SHAPES.as_bytes()).unwrap();
    let out = convert(m, &LLVM7_LL).unwrap();
    let text = String::from_utf8(out.bytes).unwrap();
    let back = nvir_llvm::parse_bytes(text.as_bytes()).unwrap();
    validate(&back).unwrap();
    assert_contains(&text, &[
        // Aggregates of pointers hold i8*, each element cast from its own type.
        "@table = internal addrspace(1) global [2 x i8 addrspace(1)*] [i8 addrspace(1)* bitcast ([4 x float] addrspace(1)* @g to i8 addrspace(1)*)",
        "@s = internal global %struct.S { i8* bitcast (%struct.S* @s to i8*), i32 1 }",
        // Intrinsics take LLVM 7's mangling.
        "declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)",
        // byval parameters point at their type, in the function's type too.
        "define internal float @take(%struct.S* byval",
        // An alloca is a pointer to what it allocates; GEPs point at what they index.
        "%a = alloca %struct.S, align 8",
        "getelementptr inbounds [4 x float], [4 x float] addrspace(1)* @g, i64 0, i64 2",
        "%p1 = getelementptr inbounds %struct.S, %struct.S* %a, i64 0, i32 1",
        // New atomics, fences, min/max and freeze in LLVM 7's terms.
        "call float @llvm.nvvm.atomic.load.add.f32.p1f32(float addrspace(1)* %",
        "call void @llvm.nvvm.membar.cta()",
        "icmp sgt i32 %n, 0",
        "bitcast i32 %m to i32",
        // The phi takes i8*, its incoming i32* cast at the end of its block.
        "%p = phi i8* [",
        "store i32 %fr, i32* ",
        "!nvvmir.version",
    ]);
    let opaque = text.split(|c: char| !c.is_ascii_alphanumeric() && c != '_').any(|w| w == "ptr");
    assert!(!opaque, "an opaque pointer is left in\n{text}");
    assert!(!text.contains("call i32 @llvm.smax"), "smax is left in\n{text}");
    // The pointer types the module uses are all typed.
    assert!(back.types.iter().all(|(_, t)| !matches!(t, TypeData::Pointer { pointee: None, .. })));
    let notes: Vec<String> = out.notes.iter().map(|n| n.to_string()).collect();
    assert!(notes.iter().any(|n| n.contains("freeze became a copy")), "{notes:?}");
}

#[test]
fn what_llvm7_lacks_is_refused_with_its_place() {
    let src = "define void @f(ptr %p, half %v) {\n  %o = atomicrmw fmax ptr %p, half %v monotonic\n  ret void\n}\n";
    let m = nvir_llvm::parse_bytes(src.as_bytes()).unwrap();
    let e = convert(m, &LLVM7_BC).unwrap_err();
    assert_eq!(e.function.as_deref(), Some("f"));
    assert_eq!(e.offset, Some(src.find("%o").unwrap() as u32));
    assert!(e.message.contains("atomicrmw fmax half has no LLVM 7 form"), "{e}");
}

#[test]
fn typed_modules_go_to_the_modern_path_as_opaque_text() {
    let src = "define void @f(float* %p) {\n  store float 1.0, float* %p\n  ret void\n}\n";
    let m = nvir_llvm::parse_bytes(src.as_bytes()).unwrap();
    let out =
        convert(m, &Options { llvm7: false, emit: Emit::Text, keep_kernels: false, max_output: u64::MAX }).unwrap();
    let text = String::from_utf8(out.bytes).unwrap();
    assert!(text.contains("define void @f(ptr %p)"), "{text}");
    assert!(text.contains("target datalayout = \"e-p:64:64:64"), "{text}");
}

/// `llvm.nvvm.ldg.global.*` loads its pointer's pointee in LLVM 7 (libNVVM reads `T (i8*)` as a
/// load of `i8`); atomic loads and stores (which libNVVM's LLVM 7 path refuses) become volatile
/// ones with barriers for their ordering; NVVM intrinsics LLVM 7 lacks become the PTX the CUDA
/// headers write.
#[test]
fn nvvm_loads_atomics_and_new_intrinsics_take_llvm7_forms() {
    let src = r#"
declare float @llvm.nvvm.ldg.global.f.f32.p1(ptr addrspace(1), i32)
declare i16 @llvm.nvvm.ldu.global.i.i16.p0(ptr, i32)
declare ptr @llvm.nvvm.ldg.global.p.p1(ptr addrspace(1), i32)
declare void @llvm.nvvm.nanosleep(i32)
declare i32 @llvm.nvvm.activemask()
declare i32 @llvm.nvvm.redux.sync.umin(i32, i32)

define ptx_kernel void @k(ptr addrspace(1) %g, ptr %p, ptr %out) {
  %f = call float @llvm.nvvm.ldg.global.f.f32.p1(ptr addrspace(1) %g, i32 4)
  %h = call i16 @llvm.nvvm.ldu.global.i.i16.p0(ptr %p, i32 2)
  %q = call ptr @llvm.nvvm.ldg.global.p.p1(ptr addrspace(1) %g, i32 8)
  %a = load atomic i32, ptr %p syncscope("block") acquire, align 4
  store atomic float %f, ptr %out release, align 4
  %r = load atomic i64, ptr %q monotonic, align 8
  call void @llvm.nvvm.nanosleep(i32 100)
  %m = call i32 @llvm.nvvm.activemask()
  %u = call i32 @llvm.nvvm.redux.sync.umin(i32 %a, i32 %m)
  ret void
}
"#;
    let m = nvir_llvm::parse_bytes(src.as_bytes()).unwrap();
    let out = convert(m, &LLVM7_LL).unwrap();
    let text = String::from_utf8(out.bytes).unwrap();
    validate(&nvir_llvm::parse_bytes(text.as_bytes()).unwrap()).unwrap();
    assert_contains(
        &text,
        &[
            "declare float @llvm.nvvm.ldg.global.f.f32.p1f32(float addrspace(1)*, i32)",
            "declare i16 @llvm.nvvm.ldu.global.i.i16.p0i16(i16*, i32)",
            "declare i8* @llvm.nvvm.ldg.global.p.p0i8.p1p0i8(i8* addrspace(1)*, i32)",
            "load volatile i32, i32* ",
            "store volatile float %f, float* ",
            "load volatile i64, i64* ",
            "call void asm sideeffect \"nanosleep.u32 $0;\", \"r\"(i32 100)",
            "call i32 asm sideeffect \"activemask.b32 $0;\", \"=r\"()",
            "asm sideeffect \"redux.sync.min.u32 $0, $1, $2;\", \"=r,r,r\"(i32 %a, i32 %m)",
        ],
    );
    assert!(!text.contains("atomic"), "an atomic load or store is left in\n{text}");
    // Acquire: a barrier after the load (at its block scope); release: one before the store.
    let body = &text[text.find("define").unwrap()..];
    let at = |s: &str| body.find(s).unwrap_or_else(|| panic!("missing {s:?} in\n{body}"));
    assert!(at("load volatile i32") < at("call void @llvm.nvvm.membar.cta()"));
    assert!(at("call void @llvm.nvvm.membar.sys()") < at("store volatile float"));
    compiles_at_90(&llvm7_bitcode(src)).unwrap();
}

/// Globals of odd-width integers become whole bytes (LLVM 7's NVPTX back end would declare a
/// `.pred` or `.u3` variable ptxas rejects); `half` loads lose the alignment libNVVM's LLVM 7
/// optimizer would merge them by.
#[test]
fn odd_integer_globals_widen_and_half_loads_lose_alignment() {
    let src = r#"
@flag = internal addrspace(1) global i1 true
@tri = external global i3
@h = internal addrspace(1) global [4 x half] zeroinitializer

define ptx_kernel void @k(ptr %out) {
  %b = load i1, ptr addrspace(1) @flag, align 1
  store i3 2, ptr @tri, align 1
  %x = load half, ptr addrspace(1) @h, align 8
  store half %x, ptr %out, align 4
  store i1 %b, ptr %out, align 1
  ret void
}
"#;
    let text = llvm7_text(src);
    validate(&nvir_llvm::parse_bytes(text.as_bytes()).unwrap()).unwrap();
    assert_contains(
        &text,
        &[
            "@flag = internal addrspace(1) global i8 1",
            "@tri = external global i8",
            "load i1, i1 addrspace(1)* bitcast (i8 addrspace(1)* @flag to i1 addrspace(1)*), align 1",
            "store i3 2, i3* bitcast (i8* @tri to i3*), align 1",
            "load half, half addrspace(1)* bitcast ([4 x half] addrspace(1)* @h to half addrspace(1)*), align 2",
            "store half %x, half* %ptrcast.0, align 2",
        ],
    );
}

/// What libNVVM's LLVM 7 path fails on ("unsupported operation", a `.b33` parameter) is refused
/// at its place.
#[test]
fn what_libnvvm_llvm7_fails_on_is_refused_with_its_place() {
    let cases = [
        (
            "define void @f(ptr addrspace(5) %p) {\n  %o = atomicrmw add ptr addrspace(5) %p, i32 1 monotonic\n  ret void\n}\n",
            "%o",
            "atomic operation on local memory",
        ),
        (
            "declare half @llvm.nvvm.fmin.f16(half, half)\ndefine half @f(half %a) {\n  %o = call half @llvm.nvvm.fmin.f16(half %a, half %a)\n  ret half %o\n}\n",
            "%o",
            "@llvm.nvvm.fmin.f16 works on half values",
        ),
        ("define void @f(i33 %a) {\n  ret void\n}\n", "define", "an i33 parameter or result has no LLVM 7 NVPTX form"),
        (
            "define void @f(double %d) noinline optnone {\n  %o = call i16 asm \"// $0 $1 $2\", \"=h,r,f\"(i32 0, double %d)\n  ret void\n}\n",
            "%o",
            "inline assembly takes a `double` through a `f` (.f32 register) operand",
        ),
        (
            "define void @f() {\n  %o = call { i64, i1 } asm \"// $0 $1\", \"=f,=d,~{memory}\"()\n  ret void\n}\n",
            "%o",
            "inline assembly returns a `i64` through a `f` (.f32 register) operand",
        ),
    ];
    for (src, at, why) in cases {
        let e = convert(nvir_llvm::parse_bytes(src.as_bytes()).unwrap(), &LLVM7_BC).unwrap_err();
        assert_eq!(e.function.as_deref(), Some("f"), "{e}");
        assert_eq!(e.offset, Some(src.find(at).unwrap() as u32), "{e}");
        assert!(e.message.contains(why), "{e}");
    }
}

/// Inline assembly whose operand types LLVM 7's back end puts in `f`/`d` registers converts:
/// only the measured failures are refused, and a `double` through an `f` operand fails only
/// where LLVM 7 does not optimize (`optnone`).
#[test]
fn inline_asm_operands_llvm7_takes_convert() {
    let src = "define void @f(double %d, i32 %i) {\n  %o = call { double, float } asm sideeffect \"// $0 $1 $2 $3 $4 $5\", \"=d,=f,d,f,h,f\"(double %d, i32 %i, i32 %i, double %d)\n  ret void\n}\n";
    convert(nvir_llvm::parse_bytes(src.as_bytes()).unwrap(), &LLVM7_BC).unwrap();
}

/// `i8`/`i16` atomics (the OpenMP device runtime's) become `cmpxchg` loops on their aligned
/// 32-bit word, as LLVM's atomic expansion writes them: LLVM 7's NVPTX has no narrower atomics.
#[test]
fn narrow_atomics_become_word_cmpxchg_loops() {
    let src = "define void @f(ptr addrspace(3) %s, ptr %p, i8 %a, i16 %b, ptr addrspace(1) %out) {\n\
               entry:\n\
               %x = atomicrmw add ptr addrspace(3) %s, i8 %a monotonic, align 1\n\
               %y = atomicrmw max ptr %p, i16 %b seq_cst, align 2\n\
               %n = atomicrmw nand ptr %p, i16 %y acquire, align 2\n\
               %c = cmpxchg ptr addrspace(3) %s, i8 %x, i8 %a acq_rel monotonic, align 1\n\
               %w = cmpxchg weak ptr %p, i16 %n, i16 %b monotonic monotonic, align 2\n\
               %v = extractvalue { i8, i1 } %c, 0\n\
               %ok = extractvalue { i16, i1 } %w, 1\n\
               br i1 %ok, label %yes, label %no\n\
               yes:\n  br label %no\n\
               no:\n\
               %r = phi i8 [ %v, %entry ], [ %a, %yes ]\n\
               store i8 %r, ptr addrspace(1) %out\n\
               ret void\n}\n";
    for opts in [LLVM7_LL, LLVM7_BC] {
        let out = convert(nvir_llvm::parse_bytes(src.as_bytes()).unwrap(), &opts).unwrap();
        compiles_at_90(&out.bytes).unwrap();
        let notes: Vec<String> = out.notes.iter().map(|n| n.to_string()).collect();
        for want in
            ["atomicrmw add i8 became", "atomicrmw max i16 became", "atomicrmw nand i16", "cmpxchg i8", "cmpxchg i16"]
        {
            assert!(notes.iter().any(|n| n.contains(want)), "{want}: {notes:?}");
        }
        if opts.emit == Emit::Text {
            let text = String::from_utf8(out.bytes).unwrap();
            assert!(
                !text.contains("atomicrmw") && !text.contains("cmpxchg i8") && !text.contains("cmpxchg i16"),
                "{text}"
            );
            assert_eq!(text.matches("cmpxchg i32 addrspace(3)*").count(), 2, "{text}");
            assert_eq!(text.matches("cmpxchg i32*").count(), 3, "{text}");
        }
    }
}

/// A `cmpxchg` whose failure ordering is stronger than its success ordering (the OpenMP device
/// runtime's `__atomic_compare_exchange` calls) gets a success ordering covering both.
#[test]
fn cmpxchg_success_orderings_cover_failure_for_llvm7() {
    let src = "define void @f(ptr addrspace(1) %p, i32 %a, i32 %b) {\n\
               %x = cmpxchg ptr addrspace(1) %p, i32 %a, i32 %b monotonic acquire, align 4\n\
               %y = cmpxchg ptr addrspace(1) %p, i32 %a, i32 %b release acquire, align 4\n\
               %z = cmpxchg ptr addrspace(1) %p, i32 %a, i32 %b acquire seq_cst, align 4\n\
               %w = cmpxchg ptr addrspace(1) %p, i32 %a, i32 %b release monotonic, align 4\n\
               ret void\n}\n";
    let out = convert(nvir_llvm::parse_bytes(src.as_bytes()).unwrap(), &LLVM7_LL).unwrap();
    let text = String::from_utf8(out.bytes.clone()).unwrap();
    for want in ["%b acquire acquire", "%b acq_rel acquire", "%b seq_cst seq_cst", "%b release monotonic"] {
        assert!(text.contains(want), "{want}: {text}");
    }
    assert!(out.notes.iter().any(|n| n.to_string().contains("strengthened `cmpxchg`")), "{:?}", out.notes);
    compiles_at_90(&out.bytes).unwrap();
}

/// `writeonly` on a pointer parameter the body never uses (clang 19 -O2 on an unused `byval`
/// parameter) and on a function that touches no memory: LLVM 7 infers `readnone` there and
/// refuses both, so the attribute is left out; where memory is touched it stays.
#[test]
fn writeonly_where_llvm7_infers_readnone_is_left_out() {
    let src = "%struct.C = type { i32 }\n\
               define void @f(ptr writeonly byval(%struct.C) align 4 %c) #0 {\n  ret void\n}\n\
               define void @g(ptr writeonly %p) #0 {\n  store i32 1, ptr %p\n  ret void\n}\n\
               attributes #0 = { writeonly nounwind }\n";
    let out = convert(nvir_llvm::parse_bytes(src.as_bytes()).unwrap(), &LLVM7_LL).unwrap();
    let text = String::from_utf8(out.bytes.clone()).unwrap();
    assert!(text.contains("define void @f(%struct.C* byval align 4 %c) nounwind {"), "{text}");
    assert!(text.contains("writeonly %p) writeonly nounwind {"), "{text}");
    assert!(out.notes.iter().any(|n| n.to_string().contains("left out writeonly")), "{:?}", out.notes);
    compiles_at_90(&out.bytes).unwrap();
}

/// A getelementptr constant's `inrange(a, b)` (LLVM 19, which clang 19 writes for vtable
/// slots) only narrows what the result may access, so LLVM 7's form is the same getelementptr
/// without it, with a note.
#[test]
fn getelementptr_inrange_is_left_out_for_llvm7() {
    let src = "@vt = constant { [3 x ptr] } zeroinitializer\n\
               @p = global ptr getelementptr inbounds inrange(-8, 16) ({ [3 x ptr] }, ptr @vt, i32 0, i32 0, i32 1)\n";
    let out = convert(nvir_llvm::parse_bytes(src.as_bytes()).unwrap(), &LLVM7_LL).unwrap();
    let text = String::from_utf8(out.bytes.clone()).unwrap();
    assert!(text.contains("getelementptr inbounds ({ [3 x i8*] }, { [3 x i8*] }* @vt, i32 0, i32 0, i32 1)"), "{text}");
    assert!(!text.contains("inrange"), "{text}");
    assert!(out.notes.iter().any(|n| n.to_string().contains("left out `inrange(…)`")), "{:?}", out.notes);
    compiles_at_90(&out.bytes).unwrap();
}

/// Fast-math flags on `select` and `phi` (LLVM 9+, which clang 19 writes at -O2) are left out:
/// LLVM 7's reader refuses them.
#[test]
fn select_and_phi_lose_fast_math_flags() {
    let src = "define float @f(float %a, i1 %c) {\nentry:\n  br label %b\nb:\n  %p = phi nnan float [ %a, %entry ]\n  %s = select contract i1 %c, float %p, float 0.0\n  %m = fmul contract float %s, %s\n  ret float %m\n}\n";
    let text = llvm7_text(src);
    assert_contains(
        &text,
        &["%p = phi float [", "%s = select i1 %c, float %p, float", "%m = fmul contract float %s, %s"],
    );
    compiles_at_90(&text.into_bytes()).unwrap();
}

/// Debug info in LLVM 7's terms: `spFlags` as the fields LLVM 7 has, fields it lacks left out
/// (clang 19's `nameTableKind: None` stops libNVVM's LLVM 7 reader).
#[test]
fn debug_info_takes_llvm7_fields() {
    let src = r#"
define void @f() !dbg !3 {
  ret void, !dbg !5
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!6}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "k.cu", directory: "/tmp")
!2 = !DISubroutineType(types: !{})
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 3, type: !2, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DILocation(line: 4, column: 1, scope: !3)
!6 = !{i32 2, !"Debug Info Version", i32 3}
"#;
    let (text, notes) = llvm7_text_and_notes(src);
    assert_contains(
        &text,
        &["emissionKind: LineTablesOnly", "isLocal: false, isDefinition: true", "isOptimized: true"],
    );
    for gone in ["nameTableKind", "spFlags", "DebugDirectivesOnly"] {
        assert!(!text.contains(gone), "{gone} is left in\n{text}");
    }
    assert!(notes.iter().any(|n| n.contains("DICompileUnit field nameTableKind")), "{notes:?}");
    compiles_at_90(&llvm7_bitcode(src)).unwrap();
}

/// An NVVM IR 1.x `!nvvmir.version` becomes 2.0 (its debug version kept), with a note: of a 1.x
/// module libNVVM checks only the version (`versionbody/`), and the converted module is in 2.0's
/// form. A version newer than 2.0 is not guessed at: it stays, and the check refuses it.
#[test]
fn an_older_ir_version_becomes_2_0() {
    let module = |version: &str| {
        format!(
            "define void @k(float addrspace(1)* %p) {{\n  store float 1.0, float addrspace(1)* %p\n  ret void\n}}\n\
             !nvvm.annotations = !{{!1}}\n!1 = !{{void (float addrspace(1)*)* @k, !\"kernel\", i32 1}}\n\
             !nvvmir.version = !{{!0}}\n!0 = !{{{version}}}\n"
        )
    };
    for (old, new) in
        [("i32 1, i32 0", "!{i32 2, i32 0}"), ("i32 1, i32 9, i32 3, i32 2", "!{i32 2, i32 0, i32 3, i32 2}")]
    {
        let (text, notes) = llvm7_text_and_notes(&module(old));
        assert_contains(&text, &[new]);
        assert!(notes.iter().any(|n| n.contains("became 2.0")), "{old}: {notes:?}");
        verified_at_90(text.as_bytes()).unwrap();
        compiles_at_90(&llvm7_bitcode(&module(old))).unwrap();
    }
    let (text, notes) = llvm7_text_and_notes(&module("i32 2, i32 0"));
    assert_contains(&text, &["!{i32 2, i32 0}"]);
    assert!(!notes.iter().any(|n| n.contains("nvvmir.version")), "{notes:?}");
    let (text, _) = llvm7_text_and_notes(&module("i32 3, i32 0"));
    assert_contains(&text, &["!{i32 3, i32 0}"]);
    let refused = verified_at_90(text.as_bytes()).unwrap_err();
    assert!(refused.contains("IR version 3.0 incompatible"), "{refused}");
}

/// A compile unit's DWARF 6 language (LLVM 22's `sourceLanguageName:` and
/// `sourceLanguageVersion:`) becomes the `language:` LLVM 22's `toDW_LANG` gives it, by name where
/// LLVM 7 has the name and by number where it does not (libNVVM's LLVM 7 reader takes any number
/// up to 0xffff: `dilang/language_value_*`), with a note; a name `toDW_LANG` does not map (a
/// version past the last one it knows) becomes 0.
#[test]
fn dwarf6_language_names_become_llvm7_languages() {
    let module = |cu: &str| {
        format!(
            "define void @k() !dbg !3 {{\n  ret void, !dbg !4\n}}\n!llvm.dbg.cu = !{{!0}}\n!llvm.module.flags = !{{!5}}\n\
             !0 = distinct !DICompileUnit({cu}, file: !1, emissionKind: FullDebug)\n\
             !1 = !DIFile(filename: \"a.c\", directory: \"/\")\n!2 = !DISubroutineType(types: !{{null}})\n\
             !3 = distinct !DISubprogram(name: \"k\", scope: !1, file: !1, type: !2, spFlags: DISPFlagDefinition, unit: !0)\n\
             !4 = !DILocation(line: 1, scope: !3)\n!5 = !{{i32 2, !\"Debug Info Version\", i32 3}}\n"
        )
    };
    for (cu, language) in [
        ("sourceLanguageName: DW_LNAME_C", "language: DW_LANG_C,"),
        ("sourceLanguageName: DW_LNAME_C, sourceLanguageVersion: 199901", "language: DW_LANG_C99,"),
        ("sourceLanguageName: DW_LNAME_C, sourceLanguageVersion: 199000", "language: DW_LANG_C99,"),
        (
            "sourceLanguageName: DW_LNAME_C_plus_plus, sourceLanguageVersion: 201402",
            "language: DW_LANG_C_plus_plus_14,",
        ),
        ("sourceLanguageName: DW_LNAME_C_plus_plus, sourceLanguageVersion: 201703", "language: 42,"),
        ("sourceLanguageName: DW_LNAME_Fortran, sourceLanguageVersion: 2003", "language: DW_LANG_Fortran03,"),
        ("sourceLanguageName: DW_LNAME_OpenCL_C", "language: DW_LANG_OpenCL,"),
        ("sourceLanguageName: 25", "language: DW_LANG_Rust,"),
        ("sourceLanguageName: DW_LNAME_C, sourceLanguageVersion: 209912", "language: 0,"),
    ] {
        let (text, notes) = llvm7_text_and_notes(&module(cu));
        assert_contains(&text, &[language]);
        assert!(!text.contains("sourceLanguage"), "{cu}: {text}");
        assert!(notes.iter().any(|n| n.contains("sourceLanguageName (written as language")), "{cu}: {notes:?}");
        verified_at_90(text.as_bytes()).unwrap();
        compiles_at_90(&llvm7_bitcode(&module(cu))).unwrap();
    }
}

/// What clang 19 writes with `-g` that LLVM 7's text has no form for: `!DIAssignID` attachments
/// (assignment tracking) and a `DIGlobalVariable` without a name (a string literal). Both are
/// left out, with notes, and the rest of the debug info stays.
#[test]
fn assignment_ids_and_nameless_global_variables_are_left_out() {
    let src = r#"
@.str = private unnamed_addr addrspace(4) constant [3 x i8] c"hi\00", align 1, !dbg !7
@g = addrspace(1) global i32 0, align 4, !dbg !10
define void @f() !dbg !3 {
  %a = alloca i32, align 4, !DIAssignID !6
  store i32 1, ptr %a, align 4, !DIAssignID !12, !dbg !5
  ret void, !dbg !5
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!13}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !14, splitDebugInlining: false)
!1 = !DIFile(filename: "k.cu", directory: "/tmp")
!2 = !DISubroutineType(types: !{})
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 3, type: !2, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DILocation(line: 4, column: 1, scope: !3)
!6 = distinct !DIAssignID()
!7 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression())
!8 = distinct !DIGlobalVariable(scope: null, file: !1, line: 4, type: !9, isLocal: true, isDefinition: true)
!9 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 96, elements: !{})
!10 = !DIGlobalVariableExpression(var: !11, expr: !DIExpression())
!11 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 1, type: !4, isLocal: false, isDefinition: true)
!12 = distinct !DIAssignID()
!13 = !{i32 2, !"Debug Info Version", i32 3}
!14 = !{!7, !10}
"#;
    for opts in [LLVM7_LL, LLVM7_BC] {
        let out = convert(nvir_llvm::parse_bytes(src.as_bytes()).unwrap(), &opts).unwrap();
        let notes: Vec<String> = out.notes.iter().map(|n| n.to_string()).collect();
        assert!(notes.iter().any(|n| n.contains("left out !DIAssignID attachments")), "{notes:?}");
        assert!(notes.iter().any(|n| n.contains("left out 1 nameless DIGlobalVariable")), "{notes:?}");
        compiles_at_90(&out.bytes).unwrap();
        if opts.emit == Emit::Text {
            let text = String::from_utf8(out.bytes).unwrap();
            assert!(!text.contains("DIAssignID") && !text.contains("DIGlobalVariable(scope: null"), "{text}");
            assert!(
                text.contains("!DIGlobalVariable(name: \"g\"")
                    && text.contains("@g = addrspace(1) global i32 0, align 4, !dbg"),
                "{text}"
            );
            assert!(!text.contains("c\"hi\\00\", align 1, !dbg"), "{text}");
        }
    }
}

#[test]
fn added_casts_keep_numbered_blocks_numbered() {
    // The casts the pass adds are named: numbered, they would renumber block %2, which the
    // blockaddress names by its number.
    let src = "define i32 @f(ptr %p, i1 %c) {\n  %1 = load i32, ptr %p\n  br i1 %c, label %2, label %3\n2:\n  store ptr blockaddress(@f, %2), ptr %p\n  br label %3\n3:\n  %4 = call i32 @llvm.usub.sat.i32(i32 %1, i32 7)\n  ret i32 %4\n}\ndeclare i32 @llvm.usub.sat.i32(i32, i32)\n";
    let m = nvir_llvm::parse_bytes(src.as_bytes()).unwrap();
    let out = convert(m, &LLVM7_LL).unwrap();
    let text = String::from_utf8(out.bytes).unwrap();
    let back = nvir_llvm::parse_bytes(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    validate(&back).unwrap();
    assert!(text.contains("blockaddress(@f, %2)"), "{text}");
    assert!(text.contains("%ptrcast.0 = bitcast i8* %p to i32*"), "{text}");
    assert!(text.contains("icmp ugt i32 %1, 7"), "{text}");
    assert!(!text.contains("call i32 @llvm.usub.sat"), "{text}");
}

/// A symbol of external linkage whose name PTX cannot spell is refused where it is defined
/// (libNVVM renames only internal ones, and refuses or miswrites the others).
#[test]
fn unspellable_external_names_are_refused() {
    let ok = "@.str = private constant [2 x i8] c\"a\\00\"\n@a.b = internal global i32 0\ndefine void @f(ptr %p) {\n  store ptr @.str, ptr %p\n  store ptr @a.b, ptr %p\n  ret void\n}\n";
    convert(nvir_llvm::parse_bytes(ok.as_bytes()).unwrap(), &LLVM7_BC).unwrap();
    let src = "@x = global i32 0\n@.str1 = constant [2 x i8] c\"a\\00\"\n";
    let e = convert(nvir_llvm::parse_bytes(src.as_bytes()).unwrap(), &LLVM7_BC).unwrap_err();
    assert_eq!(e.offset, Some(src.find("@.str1").unwrap() as u32), "{e}");
    assert!(e.message.contains("@.str1 is not a name PTX can spell"), "{e}");
    let src = "define void @\"k-1\"() {\n  ret void\n}\n";
    let e = convert(nvir_llvm::parse_bytes(src.as_bytes()).unwrap(), &LLVM7_BC).unwrap_err();
    assert_eq!(e.function.as_deref(), Some("k-1"), "{e}");
}

/// A kernel that returns a value is refused where it is written.
#[test]
fn value_returning_kernels_are_refused() {
    let src = "define i32 @k() {\n  ret i32 1\n}\n!nvvm.annotations = !{!0}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n";
    let e = convert(nvir_llvm::parse_bytes(src.as_bytes()).unwrap(), &LLVM7_BC).unwrap_err();
    assert_eq!((e.function.as_deref(), e.offset), (Some("k"), Some(0)), "{e}");
    assert!(e.message.contains("a kernel that returns a value"), "{e}");
}

/// Global constructors and destructors take the form libNVVM's compute_100 path gives them:
/// one constant per entry holding the function's address, named by its priority, and a weak
/// kernel that calls every address between the loader-filled start and end globals (forward for
/// constructors, backward for destructors). LLVM 7's back end refuses a non-empty array; this
/// compiles at compute_90 with the kernels of the compute_100 build (measured live by
/// `convert_check.py`). Constructors an optimizer might evaluate at compile time (libNVVM's does,
/// and then keeps no constructor kernel) are refused where written; an empty array, which LLVM 7
/// takes, stays with the entry type LLVM 7's verifier requires.
#[test]
fn global_ctors_and_dtors_take_the_modern_paths_form() {
    let src = r#"
source_filename = "ctor.cpp"
@s = global i32 0
@llvm.global_ctors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 101, ptr @c, ptr null }, { i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_ctor.cpp, ptr null }]
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @d, ptr null }]
declare i32 @puts(ptr)
define internal void @c() {
  %r = call i32 @puts(ptr @s)
  ret void
}
define internal void @_GLOBAL__sub_I_ctor.cpp() {
  store i32 2, ptr @s
  ret void
}
define internal void @d() {
  store i32 0, ptr @s
  ret void
}
define ptx_kernel void @k(ptr %out) {
  %v = load i32, ptr @s
  store i32 %v, ptr %out
  ret void
}
"#;
    let (text, notes) = llvm7_text_and_notes(src);
    // md5("ctor.cpp"), its first 8 bytes read little-endian, as LLVM names them.
    let id = "ec158b8687b76663";
    assert_contains(
        &text,
        &[
            &format!("@__init_array_object_c_{id}_101 = protected addrspace(4) constant void ()* @c, section \".init_array.101\""),
            &format!("@__init_array_object__GLOBAL__sub_I_ctor_cpp_{id}_65535 = protected addrspace(4) constant void ()*"),
            &format!("@__fini_array_object_d_{id}_65535 = protected addrspace(4) constant void ()* @d, section \".fini_array.65535\""),
            "@__init_array_start = weak protected addrspace(1) global void ()* addrspace(1)* null, align 8",
            "@__fini_array_end = weak protected addrspace(1) global void ()* addrspace(1)* null, align 8",
            &format!("i8* addrspacecast (void ()* addrspace(4)* @__init_array_object_c_{id}_101 to i8*)"),
            "define weak_odr void @nvptx$device$init()",
            "define weak_odr void @nvptx$device$fini()",
            "%any = icmp ne void ()* addrspace(1)* %begin, %stop",
            "%start = getelementptr inbounds void ()*, void ()* addrspace(1)* %stop, i64 -1",
            "%next = getelementptr void ()*, void ()* addrspace(1)* %ptr, i64 -1",
            "%more = icmp uge void ()* addrspace(1)* %next, %begin",
            "call void %callback()",
            "!{void ()* @nvptx$device$init, !\"kernel\", i32 1}",
            "!{void ()* @nvptx$device$fini, !\"maxntidx\", i32 1}",
        ],
    );
    assert!(!text.contains("llvm.global_ctors") && !text.contains("llvm.global_dtors"), "{text}");
    assert!(notes.iter().any(|n| n.contains("2 constructors became __init_array_object_*")), "{notes:?}");
    let m = nvir_llvm::parse_bytes(src.as_bytes()).unwrap();
    let out = convert(m, &LLVM7_BC).unwrap().bytes;
    let back = nvir_llvm::bitcode::read(&out).unwrap();
    let ks: Vec<String> = kernels(&back).into_iter().map(|(k, _)| k).collect();
    assert_eq!(ks, ["k", "nvptx$device$fini", "nvptx$device$init"]);
    compiles_at_90(&out).unwrap();
    let empty = "@llvm.global_ctors = appending global [0 x { i32, ptr, ptr }] zeroinitializer\n";
    let text = llvm7_text(empty);
    assert_contains(&text, &["@llvm.global_ctors = appending global [0 x { i32, void ()*, i8* }] zeroinitializer"]);
    compiles_at_90(&llvm7_bitcode(empty)).unwrap();
    // The first constructor (by priority) only stores: libNVVM may evaluate it away.
    let evaluable = src.replace("i32 101, ptr @c", "i32 70000, ptr @c");
    let e = convert(nvir_llvm::parse_bytes(evaluable.as_bytes()).unwrap(), &LLVM7_BC).unwrap_err();
    assert_eq!(e.offset, Some(evaluable.find("@llvm.global_ctors").unwrap() as u32), "{e}");
    assert!(e.message.contains("may run @_GLOBAL__sub_I_ctor.cpp at compile time"), "{e}");
}

/// `atomicrmw` operations LLVM 7 lacks and no NVVM intrinsic does become the `cmpxchg` loops
/// LLVM's atomic expansion writes (floats through their integer bits); `xchg` of a float becomes
/// `xchg` of its bits. What followed the atomic moves to a new block, and the phis of its
/// successors follow it. (libNVVM compiles the result at compute_90 and ptxas takes its PTX:
/// measured live by `convert_check.py` on `corpus/llvm/clang19/atomics.O2.ll`-like modules.)
#[test]
fn atomics_llvm7_lacks_become_cmpxchg_loops() {
    let src = r#"
define ptx_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %s, ptr %p, float %v, double %d, i64 %n, i1 %c) {
entry:
  %a = atomicrmw fsub ptr addrspace(1) %g, float %v monotonic, align 4
  %b = atomicrmw fmax ptr addrspace(3) %s, double %d syncscope("block") acq_rel, align 8
  br i1 %c, label %x, label %y
x:
  %e = atomicrmw fmin ptr %p, float %a seq_cst, align 4
  %f = atomicrmw xchg ptr %p, float %e monotonic, align 4
  %u = atomicrmw uinc_wrap ptr addrspace(1) %g, i64 %n monotonic, align 8
  br label %y
y:
  %r = phi float [ %v, %entry ], [ %f, %x ]
  %w = phi i64 [ 0, %entry ], [ %u, %x ]
  store float %r, ptr %p, align 4
  store i64 %w, ptr addrspace(1) %g, align 8
  store double %b, ptr %p, align 8
  ret void
}
"#;
    let (text, notes) = llvm7_text_and_notes(src);
    validate(&nvir_llvm::parse_bytes(text.as_bytes()).unwrap()).unwrap();
    assert_contains(
        &text,
        &[
            "= fsub float %atomicrmw.oldv",
            "cmpxchg i32 addrspace(1)* %atomicrmw.iptr",
            "call double @llvm.maxnum.f64(double %atomicrmw.oldv",
            "syncscope(\"block\") acq_rel acquire",
            "call float @llvm.minnum.f32(",
            "seq_cst seq_cst",
            "atomicrmw xchg i32* %atomicrmw.iptr",
            "select i1 %atomicrmw.wrap",
            "%r = phi float [ %v, %atomicrmw.end.2 ], [ %f, %atomicrmw.end.4 ]",
        ],
    );
    assert!(!text.contains("atomicrmw fsub") && !text.contains("atomicrmw fmax"), "{text}");
    assert!(notes.iter().any(|n| n.contains("atomicrmw fsub became a cmpxchg loop")), "{notes:?}");
    compiles_at_90(&llvm7_bitcode(src)).unwrap();
}

/// Debug records (LLVM 19) become LLVM 7's `llvm.dbg.*` calls before the instruction each
/// precedes, their location as the call's `!dbg`; `DIFlag*` names LLVM 7 lacks are left out
/// (libNVVM's LLVM 7 reader refuses `DIFlagAllCallsDescribed`, which clang 19 writes at -O2 -g).
#[test]
fn debug_records_become_llvm7_calls() {
    let src = r#"
define void @f(i32 %a) !dbg !3 {
entry:
  %p = alloca i32, align 4
    #dbg_declare(ptr %p, !7, !DIExpression(), !5)
    #dbg_value(i32 %a, !7, !DIExpression(), !5)
    #dbg_label(!8, !5)
  store i32 %a, ptr %p, align 4, !dbg !5
  ret void, !dbg !5
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!6}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.cu", directory: "/tmp")
!2 = !DISubroutineType(types: !{null})
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 3, type: !2, scopeLine: 3, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DILocation(line: 4, column: 1, scope: !3)
!6 = !{i32 2, !"Debug Info Version", i32 3}
!7 = !DILocalVariable(name: "a", arg: 1, scope: !3, file: !1, line: 3, type: !9)
!8 = !DILabel(scope: !3, name: "l", file: !1, line: 4)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
"#;
    let (text, notes) = llvm7_text_and_notes(src);
    let body = &text[text.find("define").unwrap()..];
    let at = |s: &str| body.find(s).unwrap_or_else(|| panic!("missing {s:?} in\n{text}"));
    assert!(at("call void @llvm.dbg.declare(metadata i32* %p, metadata !") < at("store i32 %a"));
    assert!(at("call void @llvm.dbg.value(metadata i32 %a, metadata !") < at("store i32 %a"));
    assert!(at("call void @llvm.dbg.label(metadata !") < at("store i32 %a"));
    assert!(text.contains("flags: DIFlagPrototyped,"), "{text}");
    assert!(!text.contains("#dbg") && !text.contains("AllCallsDescribed"), "{text}");
    assert!(notes.iter().any(|n| n.contains("DISubprogram flag DIFlagAllCallsDescribed")), "{notes:?}");
    compiles_at_90(&llvm7_bitcode(src)).unwrap();
}

/// NVVM intrinsics measured not to come out of libNVVM's LLVM 7 path as PTX ptxas takes are
/// refused at the call (`crates/llvm/src/pass/llvm7_nvvm.tsv`): names it does not know (they
/// would become calls of external functions PTX cannot name), `vote` without `.sync` (ptxas
/// refuses it from sm_70 on), the `mbarrier` ones it fails on.
#[test]
fn nvvm_intrinsics_libnvvm_llvm7_cannot_compile_are_refused() {
    let cases = [
        ("void @llvm.nvvm.fence.proxy.async()", "", "does not know it"),
        (
            "{ i32, i1 } @llvm.nvvm.shfl.sync.down.i32p(i32, i32, i32, i32)",
            "i32 -1, i32 1, i32 1, i32 31",
            "does not know it",
        ),
        (
            "i1 @llvm.nvvm.vote.all(i1)",
            "i1 true",
            "ptxas refuses for sm_90 (error : Instruction 'vote' without '.sync'",
        ),
        ("void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3), i32)", "ptr addrspace(3) null, i32 1", "fails on it"),
    ];
    for (decl, args, why) in cases {
        let (ret, rest) = decl.split_once(" @").unwrap();
        let name = rest.split('(').next().unwrap();
        let src = format!("declare {decl}\ndefine void @f() {{\n  %o = call {ret} @{name}({args})\n  ret void\n}}\n");
        let src = src.replace("%o = call void", "call void");
        let e = convert(nvir_llvm::parse_bytes(src.as_bytes()).unwrap(), &LLVM7_BC).unwrap_err();
        assert_eq!(e.function.as_deref(), Some("f"), "{e}");
        assert_eq!(e.offset, Some(src.find("  %o").or(src.find("  call")).unwrap() as u32 + 2), "{e}");
        assert!(e.message.contains(why), "{name}: {e}");
    }
}

/// Module-level forms LLVM 7's NVPTX back end writes PTX ptxas refuses for (each measured at
/// compute_90 with ptxas for sm_90): local names PTX cannot spell are renamed, `extern_weak`
/// declarations become external (of variables, too, which libNVVM's verifier refuses), `byval` arguments of indirect calls (and of calls through a
/// cast of a function) get `align 4`, aliased
/// functions lose `noreturn`, module flags of a merge behavior LLVM 7 lacks are left out.
#[test]
fn module_level_forms_become_what_ptxas_takes() {
    let src = r#"
%h2 = type { half, half }
@"<str>" = private constant [2 x i8] c"a\00"
@another-str = internal global i32 0
@al = alias void (), ptr @stop
declare extern_weak float @weak_fn(float)
@weak_var = extern_weak addrspace(1) global i32, align 4
@unused_weak_var = extern_weak addrspace(1) global i32, align 4
declare void @other(i32)
define internal void @stop() noreturn {
  unreachable
}
define void @f(ptr %fp) {
  %v = call float @weak_fn(float 1.0)
  call void %fp(ptr byval(%h2) null)
  call void %fp(ptr byval(i8) align 2 null)
  call void @other(ptr byval(%h2) null)
  %l = load i8, ptr @"<str>", align 1
  store i32 1, ptr @another-str, align 4
  %w = load i32, ptr addrspace(1) @weak_var, align 4
  ret void
}
!llvm.module.flags = !{!0, !1}
!0 = !{i32 8, !"PIC Level", i32 2}
!1 = !{i32 1, !"wchar_size", i32 4}
"#;
    let text = llvm7_text(src);
    assert_contains(
        &text,
        &[
            "@_str_ = private constant [2 x i8]",
            "@another_str = internal global i32 0",
            "declare float @weak_fn(float)",
            "@weak_var = external addrspace(1) global i32, align 4",
            "@unused_weak_var = external addrspace(1) global i32, align 4",
            "(%h2* byval align 4 null)",
            "(i8* byval align 4 null)",
            "!llvm.module.flags = !{!",
        ],
    );
    assert!(!text.contains("noreturn") && !text.contains("PIC Level") && !text.contains("extern_weak"), "{text}");
    // A call through a cast of a function is indirect to the back end too.
    assert_eq!(text.matches("byval align 4 null)").count(), 3, "{text}");
    let bitcode = llvm7_bitcode(src);
    compiles_at_90(&bitcode).unwrap();
    verified_at_90(&bitcode).unwrap();
}

/// What LLVM 7's path has no form for at module level is refused: an alias whose prototype
/// differs from its function's, a function returning a packed struct with a `half` at an even
/// offset (libNVVM fails on it; `<{ i8, half }>` compiles).
#[test]
fn aliases_of_other_prototypes_and_packed_half_results_are_refused() {
    let src = "define void @g(i32 %a) {\n  ret void\n}\n@al = alias i32 (), ptr @g\n";
    let e = convert(nvir_llvm::parse_bytes(src.as_bytes()).unwrap(), &LLVM7_BC).unwrap_err();
    assert!(e.message.contains("@al aliases @g with another prototype"), "{e}");
    let src = "define <{ i16, half }> @f() {\n  ret <{ i16, half }> zeroinitializer\n}\n";
    let e = convert(nvir_llvm::parse_bytes(src.as_bytes()).unwrap(), &LLVM7_BC).unwrap_err();
    assert_eq!(e.offset, Some(0), "{e}");
    assert!(e.message.contains("a half at an even offset"), "{e}");
    let src = "define <{ i8, half }> @f() {\n  ret <{ i8, half }> zeroinitializer\n}\n";
    convert(nvir_llvm::parse_bytes(src.as_bytes()).unwrap(), &LLVM7_BC).unwrap();
}

/// Intrinsics newer than LLVM 7 with an LLVM 7 form (each measured: libNVVM compiles it at
/// compute_90 and ptxas takes the PTX): `llvm.ptrmask` is integer arithmetic; `llvm.roundeven`,
/// the global timer and `rsqrt.approx.ftz.d` the PTX the LLVM 19 back end writes for them.
#[test]
fn newer_intrinsics_take_llvm7_forms() {
    let src = r#"
declare float @llvm.roundeven.f32(float)
declare ptr @llvm.ptrmask.p0.i64(ptr, i64)
declare i64 @llvm.nvvm.read.ptx.sreg.globaltimer()
declare i64 @llvm.readsteadycounter()
declare double @llvm.nvvm.rsqrt.approx.ftz.d(double)
define void @f(float %a, double %d, ptr %p, ptr %out) {
  %r = call float @llvm.roundeven.f32(float %a)
  %q = call ptr @llvm.ptrmask.p0.i64(ptr %p, i64 -16)
  %t = call i64 @llvm.nvvm.read.ptx.sreg.globaltimer()
  %s = call i64 @llvm.readsteadycounter()
  %x = call double @llvm.nvvm.rsqrt.approx.ftz.d(double %d)
  store float %r, ptr %q, align 4
  store i64 %t, ptr %out, align 8
  store i64 %s, ptr %out, align 8
  store double %x, ptr %out, align 8
  ret void
}
"#;
    let text = llvm7_text(src);
    assert_contains(
        &text,
        &[
            "%r = call float asm sideeffect \"cvt.rni.f32.f32 $0, $1;\", \"=f,f\"(float %a)",
            "= ptrtoint i8* %p to i64",
            "= and i64 %ptrmask.int",
            "%q = inttoptr i64 %ptrmask.and",
            "%t = call i64 asm sideeffect \"mov.u64 $0, %globaltimer;\", \"=l\"()",
            "%s = call i64 asm sideeffect \"mov.u64 $0, %globaltimer;\", \"=l\"()",
            "%x = call double asm sideeffect \"rsqrt.approx.ftz.f64 $0, $1;\", \"=d,d\"(double %d)",
        ],
    );
    compiles_at_90(&llvm7_bitcode(src)).unwrap();
}

/// Hopper's cluster special registers, cluster barriers and fences, which libNVVM's LLVM 7 path
/// does not know (it would call external functions of their names), become the PTX the LLVM 19
/// back end writes for them (measured: libNVVM compiles each at compute_90, ptxas takes it).
#[test]
fn cluster_intrinsics_become_their_ptx() {
    let src = r#"
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
declare i32 @llvm.nvvm.read.ptx.sreg.clusterid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.y()
declare void @llvm.nvvm.barrier.cluster.arrive.relaxed()
declare void @llvm.nvvm.barrier.cluster.wait()
declare void @llvm.nvvm.fence.sc.cluster()
define ptx_kernel void @k(ptr %out) {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.clusterid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.y()
  call void @llvm.nvvm.barrier.cluster.arrive.relaxed()
  call void @llvm.nvvm.barrier.cluster.wait()
  call void @llvm.nvvm.fence.sc.cluster()
  %s = add i32 %r, %c
  %t = add i32 %s, %n
  store i32 %t, ptr %out, align 4
  ret void
}
"#;
    let text = llvm7_text(src);
    assert_contains(
        &text,
        &[
            "%r = call i32 asm sideeffect \"mov.u32 $0, %cluster_ctarank;\", \"=r\"()",
            "%c = call i32 asm sideeffect \"mov.u32 $0, %clusterid.x;\", \"=r\"()",
            "%n = call i32 asm sideeffect \"mov.u32 $0, %cluster_nctaid.y;\", \"=r\"()",
            "call void asm sideeffect \"barrier.cluster.arrive.relaxed;\", \"~{memory}\"()",
            "call void asm sideeffect \"barrier.cluster.wait;\", \"~{memory}\"()",
            "call void asm sideeffect \"fence.sc.cluster;\", \"~{memory}\"()",
        ],
    );
    compiles_at_90(&llvm7_bitcode(src)).unwrap();
}

/// `llvm.vector.reduce.*` (LLVM 12+), which LLVM 7 has only as `llvm.experimental.*` and
/// libNVVM's verifier does not list, becomes the scalar chain it stands for: integer operators,
/// `icmp` and `select` for the min/max ones, and for `fadd`/`fmul` the ordered chain from the
/// start value with the call's flags. (libNVVM compiles the result at compute_90 and ptxas takes
/// it: measured live by `convert_check.py`.)
#[test]
fn vector_reductions_become_scalar_chains() {
    let src = r#"
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
declare i16 @llvm.vector.reduce.smax.v2i16(<2 x i16>)
declare float @llvm.vector.reduce.fadd.v2f32(float, <2 x float>)
define ptx_kernel void @k(ptr %out, <4 x i32> %v, <2 x i16> %h, <2 x float> %f) {
  %r = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v)
  store i32 %r, ptr %out, align 4
  %s = call i16 @llvm.vector.reduce.smax.v2i16(<2 x i16> %h)
  store i16 %s, ptr %out, align 2
  %x = call reassoc float @llvm.vector.reduce.fadd.v2f32(float -0.0, <2 x float> %f)
  store float %x, ptr %out, align 4
  ret void
}
"#;
    let text = llvm7_text(src);
    assert_contains(
        &text,
        &[
            "%reduce.0 = extractelement <4 x i32> %v, i32 0",
            "%reduce.2 = add i32 %reduce.0, %reduce.1",
            "%r = add i32 %reduce.4, %reduce.5",
            "%reduce.8 = icmp sgt i16 %reduce.6, %reduce.7",
            "%s = select i1 %reduce.8, i16 %reduce.6, i16 %reduce.7",
            "%reduce.10 = fadd reassoc float 0x8000000000000000, %reduce.9",
            "%x = fadd reassoc float %reduce.10, %reduce.11",
        ],
    );
    assert!(!text.contains("call i32 @llvm.vector.reduce"), "{text}");
    compiles_at_90(&llvm7_bitcode(src)).unwrap();
}
