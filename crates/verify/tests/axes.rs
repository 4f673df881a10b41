//! Agreement with libNVVM 13.5 on the module-rule probes (`corpus/probes/axes.jsonl`, made and
//! recorded by `scripts/probe/axes.py`): one minimal module per value of each axis a rule depends
//! on (address-space pairs, global address space × initializer × linkage, every type in every
//! operation, every parameter attribute on every type, data layouts, triples, `!nvvmir.version`
//! forms, atomics and the types each atomic instruction takes, a variable's initializer in each
//! address space pair, numbered values and labels, a problem in a function or variable of each
//! linkage reached each way (`dropped/`), calls of wide floating-point types (`fpcalls/`), atomics of each size and
//! alignment (`atomicsizes/`), the modern reader's type, return-attribute, alignment and range
//! rules (`readermodern/`), LLVM's rules on calls, parameters, calling conventions, `musttail`,
//! operand bundles, string function attributes and other targets' intrinsics (`calls/`), the
//! members of `llvm.used` (`usedlists/`), LLVM 22's masked memory intrinsics in their old and new
//! forms (`masked/`), uses of intrinsic functions and `llvm.used`-like variables other than as
//! callees (`globaluses/`), ifunc resolvers (`ifuncs/`), `llvm.assume` bundles (`assume/`), a
//! function's `!absolute_symbol` (`absolutefn/`), intrinsics declared or called with types
//! their names do not match (`intruser/`), LLVM 22 syntax newer than LLVM 19 (`llvm22syntax/`:
//! `ptrtoaddr`, `atomicrmw fmaximumnum`, `dead_on_return(N)`, fast-math flags on casts, a target
//! type in a vector, the readers' words for an unknown type, opcode or node kind), NVVM signatures
//! changed after LLVM 19 (`nvvm22sig/`), names under each `llvm.nvvm.` family that name no
//! intrinsic (`nvvmfamily/`), a compile unit's language the LLVM 7 and LLVM 22 ways
//! (`dilang/`), intrinsics called through another type than their declaration's, and their
//! declarations before and after the call (`mistyped/`, `retype/`, `declorder/`), and every pair of 25 single problems in one
//! module, in both orders, for the order of libNVVM's checks), with `nvvmVerifyProgram`'s result and first message at compute_90 (LLVM 7
//! path) and compute_100 (modern path). Runs where libNVVM crashed are left out.

use nvir_verify::{accepts, Severity, Target};
use std::path::Path;

/// Probes nvir is known to get wrong, with why; each entry must still disagree somewhere (the
/// list only shrinks).
const KNOWN: &[(&str, &str)] = &[
    // A value of another kind than the field's (a number for a flag or a tuple, a lone checksum),
    // or an LLVM 7-only field on the modern path: nvir's reader takes it.
    ("difields/GenericDINode_", "operands"),
    ("difields/DIFile_", "checksum"),
    ("difields/DIFile_", "checksumkind"),
    ("difields/DICompileUnit_", "gnuPubnames"),
    ("difields/DIModule_", "isysroot"),
    // Tags and macinfo types the verifiers refuse on these kinds.
    ("difields/DITemplateValueParameter_", "tag"),
    ("difields/DIStringType_", "tag"),
    ("difields/DIMacroFile_", "type"),
    // LLVM 22's verifier: a type's line needs a file.
    ("difields/DIDerivedType_", "line"),
    ("difields/DICompositeType_", "line"),
    // Kinds newer than LLVM 19, which nvir's reader does not know and the modern path reads.
    ("difields/DISubrangeType_", ""),
    ("difields/DIFixedPointType_", ""),
    // Kinds newer than LLVM 19 left without a field (`dimissing/`).
    ("dimissing/DISubrangeType_", ""),
    ("dimissing/DIFixedPointType_", ""),
    // A pointer bitcast to a vector of more than one pointer: LLVM 7's reader takes it, nvir's
    // one reader holds casts to LLVM 22's rule (as many pointers on both sides).
    ("llvm7/bitcast_i8ptr_to_2_x_", "ptr"),
    // Other targets' `immarg` arguments come from LLVM 19's `Intrinsics*.td`
    // (`src/immarg_targets.tsv`); LLVM 22 marks more (AArch64's fixed-point conversions).
    ("calls/target_aarch64_fxs_", "value"),
    // The table does not check `llvm.is.fpclass`'s argument, so the overload its result's width
    // follows is never bound.
    ("masked/fpclass_vector_of_scalar", ""),
    // Both readers refuse metadata attached to a function declaration ("expected '=' here");
    // nvir's reader takes it.
    ("absolutefn/declare_", ""),
    // LLVM 22's reader takes a half-precision hexadecimal constant (`0xH`) as a `bfloat`; nvir's
    // reader refuses it.
    ("parsewords/", "_bfloat_c5_0xH3C00"),
    // LLVM 22's reader refuses a double's hexadecimal constant as an `fp128` initializer; nvir's
    // reader takes it.
    ("parsewords/global_t9_fp128_c4_", ""),
    // An overloaded intrinsic's name whose suffix is not its declared type's mangling: LLVM 22
    // renames the declaration, and `llvm.ctpop`'s call through another return type is then
    // rewritten to fit (valid); nvir refuses it.
    ("intruser/llvm_ctpop_i32_extra_suffix_call_ret", ""),
    ("intruser/llvm_ctpop_i32_no_suffix_call_ret", ""),
    // An array of target types is unsized to LLVM 22 (`alloca` refused); nvir sizes it.
    ("llvm22syntax/target_array_alloca", ""),
    // An undeclared overloaded intrinsic called with two types: LLVM 22's reader declares one
    // intrinsic per overload; nvir's reader declares one function per name and refuses the second
    // type.
    ("undeclintr/two_types_", ""),
    // A name under these `llvm.nvvm.` families that names no intrinsic: libNVVM's verifier holds
    // it to one of the family's signatures (argument counts and types at compute_100, an empty
    // log at compute_90); nvir's table lookup finds no intrinsic.
    ("nvvmfamily/fabs_", ""),
    ("nvvmfamily/sqrt_", ""),
    ("nvvmfamily/add_", ""),
    ("nvvmfamily/mul_", ""),
    ("nvvmfamily/div_", ""),
    ("nvvmfamily/rcp_", ""),
    ("nvvmfamily/abs_", ""),
    ("nvvmfamily/fma_", ""),
    ("nvvmfamily/saturate_", ""),
    // LLVM 22's `llvm.nvvm.reflect` takes a pointer of any address space (an overloaded
    // argument); the table's (LLVM 19's) takes none, so an overload's name is no intrinsic to
    // nvir, whose verifier then checks nothing of its declaration.
    ("retype/nvvm_reflect_p3i8_twin", ""),
    // Declared (and called) with another type than the intrinsic's, which LLVM 22's verifier
    // refuses: the signature table (LLVM 19's, and the checks it records as measured) lets these
    // through, or knows another form (`llvm.thread.pointer`, overloaded since, whose mistyped call
    // LLVM 22 then takes).
    ("retype/coro_alloca_get_twin", ""),
    ("retype/coro_begin_twin", ""),
    ("retype/coro_free_twin", ""),
    ("retype/experimental_gc_get_pointer_base_", "_twin"),
    ("retype/experimental_vector_insert_", "_twin"),
    ("retype/is_fpclass_bf16_twin", ""),
    ("retype/masked_compressstore_", "_twin"),
    ("retype/masked_expandload_", "_twin"),
    ("retype/matrix_column_major_store_", "_twin"),
    ("retype/nvvm_branch_if_convergent_twin", ""),
    ("retype/nvvm_coro_create_suspend_twin", ""),
    ("retype/nvvm_stackrestore_twin", ""),
    ("retype/nvvm_stacksave_twin", ""),
    ("retype/read_volatile_register_", "_twin"),
    ("retype/thread_pointer_call", ""),
];

fn known(probe: &str) -> bool {
    KNOWN.iter().any(|(group, suffix)| probe.starts_with(group) && probe.ends_with(suffix))
}

#[test]
fn verdicts_and_first_messages_agree_with_libnvvm_on_every_probe() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/probes/axes.jsonl");
    let data = std::fs::read_to_string(path).expect("probe answers");
    let (mut runs, mut agree, mut rejected, mut same_first) = (0usize, 0usize, 0usize, 0usize);
    let mut report = Vec::new();
    let mut still_known = std::collections::HashSet::new();
    for line in data.lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let probe = r["probe"].as_str().unwrap();
        let src = r["src"].as_str().unwrap();
        for arch in ["compute_90", "compute_100"] {
            let Some(answer) = r[arch].as_array() else { continue };
            let Some(rc) = answer[0].as_u64() else { continue }; // libNVVM crashed
            let key = answer[1].as_str().unwrap_or("");
            let target = Target::parse(arch, false).unwrap();
            runs += 1;
            let (ok, first) = match nvir_verify::parse_text(src.as_bytes(), &target) {
                Ok(m) => {
                    let findings = nvir_verify::verify(&m, &target);
                    let first = findings.iter().find(|f| f.severity == Severity::Error).map(|f| f.message.clone());
                    (accepts(&findings), first.unwrap_or_default())
                }
                Err(e) => {
                    let stop = nvir_verify::reader_stop_before(src.as_bytes(), &target, e.span().start as u32);
                    (false, stop.map_or_else(|| format!("parse {}", e.message()), |f| f.message))
                }
            };
            if known(probe) && ok != (rc == 0) {
                runs -= 1;
                still_known.insert(KNOWN.iter().position(|(g, s)| probe.starts_with(g) && probe.ends_with(s)));
                continue;
            }
            if ok == (rc == 0) {
                agree += 1;
            } else {
                report.push(format!("{probe} @{arch}: libNVVM rc {rc} {key:?}, nvir {} {first:?}", ok));
            }
            if rc != 0 {
                rejected += 1;
                // An empty log (the LLVM 7 path prints nothing for some LLVM verifier failures)
                // begins every message.
                if !ok && first.starts_with(key) {
                    same_first += 1;
                } else if !ok {
                    report.push(format!("{probe} @{arch}: first error {first:?}, libNVVM {key:?}"));
                }
            }
        }
    }
    let verdict_pct = 100.0 * agree as f64 / runs as f64;
    let first_pct = 100.0 * same_first as f64 / rejected as f64;
    eprintln!("probes: {runs} runs, verdicts {verdict_pct:.2} %, first errors {first_pct:.2} % of {rejected}");
    for line in &report {
        eprintln!("  {line}");
    }
    assert!(runs > 6000, "{runs} runs");
    let agreeing: Vec<_> =
        KNOWN.iter().enumerate().filter(|(i, _)| !still_known.contains(&Some(*i))).map(|(_, k)| k).collect();
    assert!(agreeing.is_empty(), "KNOWN entries that now agree everywhere, to take off: {agreeing:?}");
    assert_eq!(agree, runs, "every verdict agrees");
    assert!(first_pct >= 99.0, "first errors {first_pct:.2} %");
}
