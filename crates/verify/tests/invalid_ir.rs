//! A module built or edited through the API that breaks the IR's own rules is refused by the
//! validator before any NVVM rule runs: a located `ir-invalid` error, never a panic.

use nvir_llvm::ir::{InstKind, Value};
use nvir_verify::{accepts, Location, Target};

const KERNEL: &str = r#"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(i32* %p, i32 %n) {
entry:
  %x = load i32, i32* %p
  %y = add i32 %x, %n
  store i32 %y, i32* %p
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{void (i32*, i32)* @k, !"kernel", i32 1}
!nvvmir.version = !{!1}
!1 = !{i32 2, i32 0}
"#;

fn edited(edit: impl FnOnce(&mut InstKind)) -> Vec<nvir_verify::Finding> {
    let mut m = nvir_llvm::parse(KERNEL).unwrap();
    let target = Target::parse("compute_90", false).unwrap();
    assert!(accepts(&nvir_verify::verify(&m, &target)), "the kernel verifies as written");
    let (_, f) = m.functions.iter_mut().next().unwrap();
    let y = f.insts.iter().find(|&(i, _)| f.inst_name(i).as_str() == Some("y")).unwrap().0;
    edit(&mut f.insts[y].kind);
    nvir_verify::verify(&m, &target)
}

#[test]
fn an_ill_typed_operand_is_an_located_error() {
    let findings = edited(|k| {
        let InstKind::Binary { lhs, .. } = k else { panic!() };
        *lhs = Value::Arg(0); // add i32 %p, %n with %p a pointer
    });
    assert!(!accepts(&findings));
    let f = &findings[0];
    assert_eq!(f.code, "ir-invalid");
    assert!(f.message.contains("add operands i32* and i32 must both be i32"), "{}", f.message);
    assert!(matches!(&f.location, Location::Instruction { function, .. } if function == "k"), "{:?}", f.location);
}

#[test]
fn a_dangling_handle_is_an_error_not_a_panic() {
    let findings = edited(|k| {
        let InstKind::Binary { rhs, .. } = k else { panic!() };
        *rhs = Value::Arg(7);
    });
    assert!(!accepts(&findings));
    assert_eq!(findings[0].code, "ir-invalid");
    assert!(findings[0].message.contains("argument #7"), "{}", findings[0].message);
}
