//! A module that breaks one rule everywhere gets the first `MAX_PER_CODE` findings of that rule
//! and one note with how many more there were; the verdict is unchanged.

use nvir_verify::{accepts, Severity, Target, MAX_PER_CODE};

#[test]
fn repeated_findings_are_capped_with_a_count() {
    let extra = 700;
    let mut src = String::from(
        "target datalayout = \"e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64\"\ntarget triple = \"nvptx64-nvidia-cuda\"\n\ndefine void @f() {\n",
    );
    for _ in 0..MAX_PER_CODE + extra {
        src.push_str("  fence seq_cst\n");
    }
    src.push_str("  ret void\n}\n\n!nvvmir.version = !{!0}\n!0 = !{i32 2, i32 0}\n");
    let target = Target::parse("compute_90", false).unwrap();
    let m = nvir_verify::parse_text(src.as_bytes(), &target).unwrap();
    let findings = nvir_verify::verify(&m, &target);
    assert!(!accepts(&findings));
    let fences: Vec<_> = findings.iter().filter(|f| f.code == "nvvm-fence").collect();
    assert_eq!(fences.len(), MAX_PER_CODE + 1, "the first findings and one note");
    let note = fences.last().unwrap();
    assert_eq!(note.severity, Severity::Error);
    assert_eq!(note.message, format!("{extra} more `nvvm-fence` findings like the ones above are not listed"));
    assert!(fences[..MAX_PER_CODE].iter().all(|f| f.message == "Illegal instruction: fence"));
}
