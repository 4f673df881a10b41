//! The human form, in rustc's layout. Text inputs get the source line (cut to a window around
//! the span on long lines) with carets under the span; binary inputs get the 16-byte hex row
//! around the offset with carets under it. Both are drawn here, so no input can make rendering
//! fail.

use crate::{Diagnostic, LineIndex, Severity, Source, SourceContent, Span};
use std::fmt::Write;

struct Style {
    on: bool,
}

impl Style {
    fn paint(&self, code: &str, s: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    }
    fn severity(&self, sev: Severity) -> String {
        let code = match sev {
            Severity::Error => "1;31",
            Severity::Warning => "1;33",
            Severity::Note => "1;32",
        };
        self.paint(code, sev.as_str())
    }
    fn gutter(&self, s: &str) -> String {
        self.paint("1;34", s)
    }
}

/// Renders diagnostics for a person; `color` adds ANSI colours (the CLI decides from
/// `--color` and whether the stream is a terminal).
pub fn render_human(diags: &[Diagnostic], src: &Source<'_>, color: bool) -> String {
    let mut out = String::new();
    // Indexed once for all the diagnostics.
    let index = match src.content {
        SourceContent::Text(text) if diags.iter().any(|d| d.span.is_some()) => Some(LineIndex::new(text)),
        _ => None,
    };
    for d in diags {
        match (src.content, &index) {
            (SourceContent::Text(text), Some(idx)) if d.span.is_some() => {
                render_text(&mut out, d, src, text, idx, color)
            }
            _ => render_other(&mut out, d, src, &Style { on: color }),
        }
        out.push('\n');
    }
    out
}

fn title(d: &Diagnostic, st: &Style) -> String {
    let head = match d.code {
        Some(code) => format!("{}[{code}]", st.severity(d.severity)),
        None => st.severity(d.severity),
    };
    format!("{head}{} {}\n", st.paint("1", ":"), st.paint("1", &d.message))
}

fn footer(out: &mut String, d: &Diagnostic, st: &Style, pad: &str) {
    for n in &d.notes {
        let _ = writeln!(out, "{pad}{} note: {n}", st.gutter("="));
    }
    for h in &d.help {
        let _ = writeln!(out, "{pad}{} help: {h}", st.gutter("="));
    }
}

const GUTTER: &str = "         ";

fn render_other(out: &mut String, d: &Diagnostic, src: &Source<'_>, st: &Style) {
    out.push_str(&title(d, st));
    let Some(span) = d.span else {
        // A note about the whole input needs no pointer to it.
        if !src.name.is_empty() && d.severity != Severity::Note {
            let _ = writeln!(out, "{}{} {}", &GUTTER[..GUTTER.len() - 3], st.gutter("-->"), src.name);
        }
        footer(out, d, st, GUTTER);
        return;
    };
    let _ = writeln!(out, "{}{} {}", &GUTTER[..GUTTER.len() - 3], st.gutter("-->"), src.location(span.start));
    if let SourceContent::Binary(bytes) = src.content {
        let _ = writeln!(out, "{GUTTER}{}", st.gutter("|"));
        hex_row(out, bytes, span, d.span_label.as_deref(), st, d.severity);
        for l in &d.labels {
            hex_row(out, bytes, l.span, Some(&l.message), st, Severity::Note);
        }
    }
    footer(out, d, st, GUTTER);
}

/// One 16-byte row containing `span.start`, carets under the part of `span` inside the row.
fn hex_row(out: &mut String, bytes: &[u8], span: Span, label: Option<&str>, st: &Style, sev: Severity) {
    let row = span.start & !15;
    let row_end = (row + 16).min(bytes.len());
    let mut line = String::new();
    for b in &bytes[row.min(row_end)..row_end] {
        let _ = write!(line, "{b:02x} ");
    }
    let _ = writeln!(out, "{} {} {}", st.gutter(&format!("{row:08x}")), st.gutter("|"), line.trim_end());
    // Carets: three columns per byte; a span past the input (truncation) points just after it.
    let first = span.start - row;
    let last = span.end.min(row + 16).max(span.start + 1) - row;
    let mut marks = " ".repeat(first * 3);
    marks.push_str(&"^".repeat((last - first) * 3 - 1));
    if span.start >= bytes.len() {
        marks.push_str(" (end of input)");
    }
    if let Some(label) = label {
        marks.push(' ');
        marks.push_str(label);
    }
    let code = if sev == Severity::Error {
        "1;31"
    } else if sev == Severity::Warning {
        "1;33"
    } else {
        "1;34"
    };
    let _ = writeln!(out, "{GUTTER}{} {}", st.gutter("|"), st.paint(code, &marks));
}

/// Columns of source shown around a span; longer lines are cut, with `…` where they are.
const WINDOW: usize = 100;

/// A text snippet, rendered here rather than by a general renderer: every input, however
/// odd (control characters, huge lines, invalid spans), must render without failing.
fn render_text(out: &mut String, d: &Diagnostic, src: &Source<'_>, text: &str, idx: &LineIndex, color: bool) {
    let st = Style { on: color };
    out.push_str(&title(d, &st));
    let span = d.span.expect("caller checked");
    let mut rows: Vec<(Span, Option<&str>, Severity)> = vec![(span, d.span_label.as_deref(), d.severity)];
    rows.extend(d.labels.iter().map(|l| (l.span, Some(l.message.as_str()), Severity::Note)));
    // Labels in source order, as a reader follows them.
    rows.sort_by_key(|(s, _, _)| s.start);
    let last_line = rows.iter().map(|(s, _, _)| idx.line_col(text, s.start).0).max().unwrap_or(1);
    let width = last_line.to_string().len();
    let pad = " ".repeat(width);
    let (line, col) = idx.line_col(text, span.start);
    let _ = writeln!(out, "{pad}{} {}:{line}:{col}", st.gutter("-->"), src.name);
    let _ = writeln!(out, "{pad} {}", st.gutter("|"));
    for (s, label, sev) in rows {
        text_row(out, text, idx, s, label, sev, &st, width);
    }
    let _ = writeln!(out, "{pad} {}", st.gutter("|"));
    footer(out, d, &st, &format!("{pad} "));
}

/// The line holding `span.start`, cut to a window around the span, and a marker line under it.
#[allow(clippy::too_many_arguments)]
fn text_row(
    out: &mut String,
    text: &str,
    idx: &LineIndex,
    span: Span,
    label: Option<&str>,
    sev: Severity,
    st: &Style,
    width: usize,
) {
    let start = floor_boundary(text, span.start);
    let line_start = text[..start].rfind('\n').map_or(0, |p| p + 1);
    let line_end = text[start..].find('\n').map_or(text.len(), |p| start + p);
    let line_no = idx.line_col(text, line_start).0;
    // The span in character positions; only the window's characters are copied (a line may be
    // the whole input: a copy of it as `char`s took four times its size), controls as spaces.
    let line = &text[line_start..line_end];
    let chars = line.chars().count();
    let col = text[line_start..start].chars().count();
    let end = floor_boundary(text, span.end.max(span.start)).min(line_end).max(start);
    let len = text[start..end].chars().count().max(1);
    let (from, to) = if chars <= WINDOW {
        (0, chars)
    } else {
        let from = col.saturating_sub(WINDOW / 3).min(chars);
        (from, (col + len.min(WINDOW / 2) + WINDOW / 3).min(chars).max(from))
    };
    let mut shown: String =
        line.chars().skip(from).take(to - from).map(|c| if c.is_control() { ' ' } else { c }).collect();
    let mut lead = 0;
    if from > 0 {
        shown.insert(0, '…');
        lead = 1;
    }
    if to < chars {
        shown.push('…');
    }
    let _ = writeln!(out, "{} {} {}", st.gutter(&format!("{line_no:>width$}")), st.gutter("|"), shown.trim_end());
    let marker = if sev == Severity::Note { '-' } else { '^' };
    let mut marks = " ".repeat(lead + col - from);
    marks.extend(std::iter::repeat_n(marker, len.min(to.saturating_sub(col)).max(1)));
    if let Some(label) = label.filter(|l| !l.is_empty()) {
        marks.push(' ');
        marks.push_str(label);
    }
    let code = match sev {
        Severity::Error => "1;31",
        Severity::Warning => "1;33",
        Severity::Note => "1;34",
    };
    let _ = writeln!(out, "{} {} {}", " ".repeat(width), st.gutter("|"), st.paint(code, &marks));
}

fn floor_boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_diagnostic_shows_offset_row_and_carets() {
        let bytes: Vec<u8> = (0u8..32).collect();
        let d = Diagnostic::error("bad field").with_labelled_span(Span::at(0x12, 2), "here").with_help("do this");
        let out = render_human(&[d], &Source::binary("f.bin", &bytes), false);
        assert!(out.starts_with("error: bad field\n"), "{out}");
        assert!(out.contains("--> f.bin @ 0x12"), "{out}");
        assert!(out.contains("00000010 | 10 11 12 13"), "{out}");
        assert!(out.contains("|       ^^^^^ here"), "{out}");
        assert!(out.contains("= help: do this"), "{out}");
    }

    #[test]
    fn truncation_points_after_the_last_byte() {
        let d = Diagnostic::error("truncated").with_span(Span::at(4, 4));
        let out = render_human(&[d], &Source::binary("t", &[1, 2, 3, 4]), false);
        assert!(out.contains("(end of input)"), "{out}");
    }

    #[test]
    fn text_diagnostic_uses_line_and_column() {
        let d = Diagnostic::error("unexpected token").with_labelled_span(Span::at(4, 3), "here");
        let out = render_human(&[d], &Source::text("m.ll", "abc\ndef\n"), false);
        assert!(out.contains("m.ll:2:1"), "{out}");
        assert!(out.contains("def"), "{out}");
    }

    #[test]
    fn awkward_text_renders_without_panicking() {
        // Found by fuzzing: tabs or carriage returns before the span, and a span inside a
        // multi-byte character.
        let line = format!("\t\t\t\t1{}", " ".repeat(132));
        let d = Diagnostic::error("x").with_span(Span::at(4, 1));
        assert!(render_human(std::slice::from_ref(&d), &Source::text("t", &line), false).contains("t:1:5"));
        let d = Diagnostic::error("x").with_span(Span::at(1, 1));
        let _ = render_human(&[d], &Source::text("u", "\u{fffd}"), false);
        let ff = format!("{}{}1", "\x0c".repeat(22), "?".repeat(100));
        let d = Diagnostic::error("x").with_span(Span::at(0, 1));
        let _ = render_human(&[d], &Source::text("f", &ff), false);
        let crs = format!("{}1", "\r".repeat(15));
        let d = Diagnostic::error("x").with_span(Span::at(15, 1));
        let _ = render_human(&[d], &Source::text("c", &crs), false);
    }

    #[test]
    fn every_character_before_a_span_renders() {
        // One line per character class the renderer might measure differently.
        for c in (0u32..0x3000).step_by(7).chain([0x200B, 0xFEFF, 0x1F600, 0xE000]).filter_map(char::from_u32) {
            let line = format!("{c}{c}x{c}");
            let at = 2 * c.len_utf8();
            let d = Diagnostic::error("x").with_span(Span::at(at, 1));
            let _ = render_human(&[d], &Source::text("c", &line), false);
        }
    }

    #[test]
    fn colour_only_when_asked() {
        let d = Diagnostic::warning("w");
        assert!(!render_human(std::slice::from_ref(&d), &Source::binary("x", &[]), false).contains('\x1b'));
        assert!(render_human(&[d], &Source::binary("x", &[]), true).contains('\x1b'));
    }
}
