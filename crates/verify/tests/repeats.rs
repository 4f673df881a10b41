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

/// Constructs LLVM 7's reader stops at, found in two walks (globals, then functions) whose places
/// interleave in the text: the findings listed are still the first in text order, however many
/// there are, and the rest are counted.
#[test]
fn reader_stops_listed_are_the_first_in_text_order() {
    let pairs = 3 * MAX_PER_CODE;
    let mut src = String::from("target triple = \"nvptx64-nvidia-cuda\"\n");
    for i in 0..pairs {
        src.push_str(&format!("@g{i} = global i32 0, partition \"p\"\ndeclare void @f{i}() partition \"p\"\n"));
    }
    src.push_str("!nvvmir.version = !{!0}\n!0 = !{i32 2, i32 0}\n");
    let target = Target::parse("compute_90", false).unwrap();
    let m = nvir_verify::parse_text(src.as_bytes(), &target).unwrap();
    let findings = nvir_verify::verify(&m, &target);
    let stops: Vec<_> = findings.iter().filter(|f| f.code == "nvvm-llvm7-syntax").collect();
    assert_eq!(stops.len(), MAX_PER_CODE + 1, "the first findings and one note");
    for (k, f) in stops[..MAX_PER_CODE].iter().enumerate() {
        let want = if k % 2 == 0 { "global variable property" } else { "expected top-level entity" };
        assert!(f.message.contains(want), "finding {k}: {}", f.message);
    }
    let at: Vec<u32> = stops[..MAX_PER_CODE].iter().map(|f| f.location.offset().unwrap()).collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "in text order");
    let last = src.find(&format!("@f{}()", MAX_PER_CODE / 2 - 1)).unwrap() as u32;
    assert!(at[MAX_PER_CODE - 1] <= last && at[MAX_PER_CODE - 1] + 20 > last, "{} {last}", at[MAX_PER_CODE - 1]);
    let note = stops.last().unwrap();
    assert_eq!(
        note.message,
        format!("{} more `nvvm-llvm7-syntax` findings like the ones above are not listed", 2 * pairs - MAX_PER_CODE)
    );
}
