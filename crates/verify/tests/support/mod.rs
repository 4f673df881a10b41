//! What several probe tests share.

use serde_json::Value;

const HEADER: &str = "target datalayout = \"e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64\"\ntarget triple = \"nvptx64-nvidia-cuda\"\n\n";
const TRAILER: &str = "\n!nvvmir.version = !{!0}\n!0 = !{i32 2, i32 0}\n";

/// The probe's module, built as `scripts/probe/probes.py` `module_text` builds it.
pub fn intrinsic_module(r: &Value) -> String {
    let name = r["name"].as_str().unwrap();
    let ret = r["ret"].as_str().unwrap();
    let vararg = r["vararg"].as_bool().unwrap_or(false);
    let args: Vec<(&str, &str)> =
        r["args"].as_array().unwrap().iter().map(|a| (a[0].as_str().unwrap(), a[1].as_str().unwrap())).collect();
    let mut types: Vec<&str> = args.iter().map(|a| a.0).collect();
    if vararg {
        types.push("...");
    }
    let decl_args = types.join(", ");
    let (mut params, mut vals) = (Vec::new(), Vec::new());
    for (t, v) in &args {
        if *v == "%" {
            params.push(format!("{t} %a{}", params.len()));
            vals.push(format!("{t} %a{}", params.len() - 1));
        } else {
            vals.push(format!("{t} {v}"));
        }
    }
    let callee = if vararg { format!("{ret} ({decl_args})") } else { ret.to_string() };
    let lhs = if ret == "void" { "" } else { "%r = " };
    format!(
        "{HEADER}declare {ret} @{name}({decl_args})\ndefine void @f({}) {{\n  {lhs}call {callee} @{name}({})\n  ret void\n}}\n{TRAILER}",
        params.join(", "),
        vals.join(", ")
    )
}
