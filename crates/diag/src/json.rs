//! The JSON form of diagnostics: one schema for every command that reports.

use crate::{Diagnostic, Source, Span};
use serde_json::{json, Map, Value};

fn span_json(span: Span, src: &Source<'_>, out: &mut Map<String, Value>) {
    out.insert("offset".into(), json!(span.start));
    out.insert("end".into(), json!(span.end));
    if let Some((line, col)) = src.line_col(span.start) {
        out.insert("line".into(), json!(line));
        out.insert("column".into(), json!(col));
    }
}

/// One diagnostic as a JSON object:
/// `{"severity","code","message","file","offset","end"[,"line","column"],"label","labels","notes","help"}`.
pub fn diagnostic_json(diag: &Diagnostic, src: &Source<'_>) -> Value {
    let mut obj = Map::new();
    obj.insert("severity".into(), json!(diag.severity));
    obj.insert("code".into(), json!(diag.code));
    obj.insert("message".into(), json!(diag.message));
    obj.insert("file".into(), json!(src.name));
    if let Some(span) = diag.span {
        span_json(span, src, &mut obj);
    }
    if let Some(label) = &diag.span_label {
        obj.insert("label".into(), json!(label));
    }
    let labels: Vec<Value> = diag
        .labels
        .iter()
        .map(|l| {
            let mut m = Map::new();
            span_json(l.span, src, &mut m);
            m.insert("message".into(), json!(l.message));
            Value::Object(m)
        })
        .collect();
    obj.insert("labels".into(), Value::Array(labels));
    obj.insert("notes".into(), json!(diag.notes));
    obj.insert("help".into(), json!(diag.help));
    Value::Object(obj)
}

/// All diagnostics as a JSON array.
pub fn render_json(diags: &[Diagnostic], src: &Source<'_>) -> Value {
    Value::Array(diags.iter().map(|d| diagnostic_json(d, src)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_spans_carry_line_and_column() {
        let src = Source::text("m.ll", "x\nyz");
        let d = Diagnostic::error("bad").with_span(Span::at(3, 1)).with_help("fix it");
        let v = diagnostic_json(&d, &src);
        assert_eq!(v["line"], 2);
        assert_eq!(v["column"], 2);
        assert_eq!(v["offset"], 3);
        assert_eq!(v["severity"], "error");
        assert_eq!(v["help"][0], "fix it");
    }

    #[test]
    fn binary_spans_have_no_line() {
        let src = Source::binary("c.ltoir", &[0; 8]);
        let v = diagnostic_json(&Diagnostic::warning("w").with_span(Span::at(4, 2)), &src);
        assert_eq!(v["offset"], 4);
        assert_eq!(v["end"], 6);
        assert!(v.get("line").is_none());
    }
}
