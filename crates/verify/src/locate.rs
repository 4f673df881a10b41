//! Pointing reader findings at the token libNVVM's reader stops at. The IR keeps where
//! statements start, not where each keyword is; a finding that names its token is moved onto it
//! by a search of the text from the statement (skipping comments and quoted strings), so its
//! column is the one libNVVM prints (plus one: libNVVM counts columns from 0).

use crate::{Finding, Location};

/// The token a reader finding is about, found in the text by [`locate_tokens`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Token {
    /// The first occurrence of this word at or after the finding's place.
    Word(&'static str),
    /// The token after the first occurrence of this word (or punctuation) there.
    After(&'static str),
}

/// Moves each finding that names a [`Token`] onto it in `text`, the source the module was read
/// from. A finding about the whole module is searched for from the start. Findings whose token
/// is not found keep their place.
pub fn locate_tokens(findings: &mut [Finding], text: &str) {
    for f in findings.iter_mut() {
        let Some(token) = f.token else { continue };
        let from = f.location.offset().unwrap_or(0) as usize;
        let Some(at) = find(text, from, token) else { continue };
        let at = at as u32;
        match &mut f.location {
            Location::Module => f.location = Location::Text(at),
            Location::Global { offset, .. }
            | Location::Function { offset, .. }
            | Location::Instruction { offset, .. } => *offset = Some(at),
            Location::Text(o) => *o = at,
        }
    }
}

fn word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'$' | b'-')
}

/// Where `token` is in `text` at or after `from`, outside comments and strings.
fn find(text: &str, from: usize, token: Token) -> Option<usize> {
    let (word, after) = match token {
        Token::Word(w) => (w.as_bytes(), false),
        Token::After(w) => (w.as_bytes(), true),
    };
    let b = text.as_bytes();
    let mut i = from.min(b.len());
    let punct = word.len() == 1 && !word_byte(word[0]);
    while i < b.len() {
        match b[i] {
            b';' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += 1;
                }
                i += 1;
            }
            _ if b[i..].starts_with(word)
                && (punct
                    || ((i == 0 || !word_byte(b[i - 1])) && b.get(i + word.len()).is_none_or(|&c| !word_byte(c)))) =>
            {
                if !after {
                    return Some(i);
                }
                let mut j = i + word.len();
                while j < b.len() && (b[j] == b' ' || b[j] == b'\t') {
                    j += 1;
                }
                return (j < b.len() && b[j] != b'\n').then_some(j);
            }
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_whole_and_outside_comments_and_strings() {
        let t = "; freeze\n@s = \"freeze\"\n  %x = freezer\n  %y = freeze i8 %a\n";
        assert_eq!(find(t, 0, Token::Word("freeze")), t.find("freeze i8"));
        assert_eq!(find(t, 0, Token::After("align")), None);
        let g = "@g = global i32 0, align 1073741824\n";
        assert_eq!(find(g, 0, Token::After("align")), g.find("1073741824"));
        let x = "  %r = atomicrmw xchg float* %p, float 1.0 seq_cst\n";
        assert_eq!(find(x, 0, Token::After(",")), x.find("float 1.0"));
    }
}
