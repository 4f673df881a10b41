//! The XML form: the seed's `<NvvmContainer>` document (enum values by full name, `<Module>` in
//! base64), with a few extra elements for what the seed's schema cannot hold, so that
//! `from_xml(to_xml(c)) == c` for every container, byte for byte:
//!
//! - `<Options>` lists the tag stream in order, one element per entry, duplicates included;
//!   consecutive fast-math tags share one `<FastMathOptions>`; `wide="1"` marks the 8-byte form;
//!   a tag the seed does not name is `<Tag id="N">value</Tag>`.
//! - `<Variant>seed</Variant>`, `<FieldOrder>seed</FieldOrder>`: the seed's magic / field order.
//! - `<HeaderExtra>`, `<TagTrailer>`, `<Blob>`: raw bytes (base64) after the header, after the tag
//!   stream, and in the blob region; `<Terminator>0</Terminator>`: the stream has no tag 0.
//!
//! Reading takes the seed's plain form too (e.g. `<ArchVariant>NVVM_ARCH_HOPPER_9_0</ArchVariant>`).

use crate::model::{Container, FieldOrder, TagEntry, TagTrailer, Variant, Version, Versions};
use crate::tags::{enum_name, enum_value, parse_number, parse_value, tag_by_name, tag_info, value_name, IR_LEVELS};
use base64::engine::general_purpose::STANDARD as B64;
use base64::Engine;
use nvir_diag::{Diagnostic, Span};
use quick_xml::events::Event;
use std::borrow::Cow;
use std::io::Write;

const FAST_MATH: &str = "FastMath.";
const DIVIDE_TAG: u16 = 18;

/// The XML element name of a tag: its table name (without `FastMath.` inside
/// `<FastMathOptions>`), or `None` for tags the seed does not name.
fn element_name(tag: u16) -> Option<(&'static str, bool)> {
    if tag == DIVIDE_TAG {
        return Some(("Divide", true));
    }
    let info = tag_info(tag)?;
    match info.name.strip_prefix(FAST_MATH) {
        Some(short) => Some((short, true)),
        None if info.name.contains('.') => None, // ExtOpt.* are not XML names; written as <Tag>.
        None => Some((info.name, false)),
    }
}

fn value_text(tag: u16, value: u32) -> String {
    value_name(tag, value).unwrap_or_else(|| value.to_string())
}

/// The container as an XML document. [`write_xml`] writes the same without holding it.
pub fn to_xml(c: &Container<'_>) -> String {
    let mut out = Vec::with_capacity(256 + c.tags.len() * 40 + (c.blob.len() + c.payload.len()) / 3 * 4);
    // Writing into a Vec cannot fail.
    let _ = write_xml(c, &mut out);
    // Only ASCII and the table's names are written.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Writes `bytes` as base64, streamed.
fn write_b64(out: &mut impl std::io::Write, bytes: &[u8]) -> std::io::Result<()> {
    let mut enc = base64::write::EncoderWriter::new(out, &B64);
    enc.write_all(bytes)?;
    enc.finish()?;
    Ok(())
}

/// Writes the container as an XML document (what [`to_xml`] gives) to `out`, a line at a time:
/// for a large container, give it a buffered writer.
pub fn write_xml(c: &Container<'_>, out: &mut impl std::io::Write) -> std::io::Result<()> {
    out.write_all(b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<NvvmContainer>\n")?;
    if c.variant == Variant::Seed {
        out.write_all(b"  <Variant>seed</Variant>\n")?;
    }
    if c.field_order == FieldOrder::Seed {
        out.write_all(b"  <FieldOrder>seed</FieldOrder>\n")?;
    }
    let v = &c.versions;
    for (el, ver) in [
        ("Version", v.container),
        ("NvvmIRVersion", v.nvvm_ir),
        ("NvvmDebugVersion", v.nvvm_debug),
        ("LlvmVersion", v.llvm),
    ] {
        writeln!(out, "  <{el} major=\"{}\" minor=\"{}\"/>", ver.major, ver.minor)?;
    }
    let level = enum_name(IR_LEVELS, u32::from(c.ir_level)).map_or_else(|| c.ir_level.to_string(), str::to_string);
    writeln!(out, "  <IRLevel>{level}</IRLevel>")?;
    if !c.header_extra.is_empty() {
        out.write_all(b"  <HeaderExtra>")?;
        write_b64(out, &c.header_extra)?;
        out.write_all(b"</HeaderExtra>\n")?;
    }
    out.write_all(b"  <Options>\n")?;
    let mut in_fast_math = false;
    for e in &c.tags {
        let named = element_name(e.tag);
        let fast = named.is_some_and(|(_, f)| f);
        if in_fast_math && !fast {
            out.write_all(b"    </FastMathOptions>\n")?;
        }
        if fast && !in_fast_math {
            out.write_all(b"    <FastMathOptions>\n")?;
        }
        in_fast_math = fast;
        let indent = if fast { "      " } else { "    " };
        let wide = if e.wide { " wide=\"1\"" } else { "" };
        match named {
            Some((name, _)) => writeln!(out, "{indent}<{name}{wide}>{}</{name}>", value_text(e.tag, e.value))?,
            None => writeln!(out, "{indent}<Tag id=\"{}\"{wide}>{}</Tag>", e.tag, e.value)?,
        }
    }
    if in_fast_math {
        out.write_all(b"    </FastMathOptions>\n")?;
    }
    out.write_all(b"  </Options>\n")?;
    if !c.terminated {
        out.write_all(b"  <Terminator>0</Terminator>\n")?;
    }
    if let TagTrailer::Raw(bytes) = &c.trailer {
        out.write_all(b"  <TagTrailer>")?;
        write_b64(out, bytes)?;
        out.write_all(b"</TagTrailer>\n")?;
    }
    if !c.blob.is_empty() {
        out.write_all(b"  <Blob>")?;
        write_b64(out, &c.blob)?;
        out.write_all(b"</Blob>\n")?;
    }
    out.write_all(b"  <IsBinary>1</IsBinary>\n  <Module>")?;
    write_b64(out, &c.payload)?;
    out.write_all(b"</Module>\n</NvvmContainer>\n")?;
    Ok(())
}

/// A malformed XML container; the span is a byte range of the XML text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XmlError {
    /// Where.
    pub span: Span,
    /// What.
    pub message: String,
}

impl XmlError {
    #[cold]
    fn new(span: Span, message: impl Into<String>) -> Self {
        XmlError { span, message: message.into() }
    }
    /// As a diagnostic (render it against the XML text for `file:line:col`).
    pub fn to_diagnostic(&self) -> Diagnostic {
        Diagnostic::error(&self.message).with_code("container-xml").with_span(self.span)
    }
}

impl std::fmt::Display for XmlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.span.start)
    }
}

impl std::error::Error for XmlError {}

/// Elements nested deeper than this are an error (a container document needs 4 levels).
const MAX_DEPTH: usize = 8;

/// The document-level elements that carry a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Top {
    Variant,
    FieldOrder,
    Version(usize),
    IrLevel,
    HeaderExtra,
    Terminator,
    TagTrailer,
    Blob,
    IsBinary,
    Module,
}

/// What an open element is, from its name and where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Root,
    Top(Top),
    Options,
    FastMath,
    /// An option entry (in `<Options>` or `<FastMathOptions>`) for this tag.
    Entry(u16),
    /// Inside a value element: ignored, as is its text.
    Ignored,
}

impl Role {
    /// Whether the element's text is its value.
    fn keeps_text(self) -> bool {
        matches!(self, Role::Top(_) | Role::Entry(_))
    }
}

/// An open element: just what the container form needs of it.
struct Open<'x> {
    name: String,
    span: Span,
    role: Role,
    /// The text, borrowed from the document when it is one run without escapes.
    text: Cow<'x, str>,
    /// `major`, `minor`, `id`, `wide`, when present.
    attrs: [Option<String>; 4],
}

const ATTRS: [&str; 4] = ["major", "minor", "id", "wide"];

impl Open<'_> {
    fn attr(&self, key: &str) -> Option<&str> {
        ATTRS.iter().position(|k| *k == key).and_then(|i| self.attrs[i].as_deref())
    }
    fn trimmed(&self) -> &str {
        self.text.trim()
    }
    fn err(&self, message: impl Into<String>) -> XmlError {
        XmlError::new(self.span, message)
    }
}

/// Names already seen among one element's attributes: a list while short, hashed after.
struct Seen<'k> {
    few: Vec<&'k [u8]>,
    many: Option<std::collections::HashSet<&'k [u8]>>,
}

impl<'k> Seen<'k> {
    /// Whether `key` was new.
    fn insert(&mut self, key: &'k [u8]) -> bool {
        if let Some(set) = &mut self.many {
            return set.insert(key);
        }
        if self.few.contains(&key) {
            return false;
        }
        self.few.push(key);
        if self.few.len() > 16 {
            self.many = Some(self.few.drain(..).collect());
        }
        true
    }
}

fn version(el: &Open<'_>) -> Result<Version, XmlError> {
    let part = |k: &str| -> Result<u8, XmlError> {
        let s = el.attr(k).ok_or_else(|| el.err(format!("<{}> needs a {k}=\"…\" attribute", el.name)))?;
        parse_number(s)
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(|| el.err(format!("<{}> {k}=\"{s}\" is not a number from 0 to 255", el.name)))
    };
    Ok(Version::new(part("major")?, part("minor")?))
}

fn base64(el: &Open<'_>) -> Result<Vec<u8>, XmlError> {
    let text = el.text.as_bytes();
    let decoded = if text.iter().any(u8::is_ascii_whitespace) {
        let clean: Vec<u8> = text.iter().copied().filter(|c| !c.is_ascii_whitespace()).collect();
        B64.decode(clean)
    } else {
        B64.decode(text)
    };
    decoded.map_err(|e| el.err(format!("<{}> is not valid base64: {e}", el.name)))
}

fn entry(el: &Open<'_>, tag: u16) -> Result<TagEntry, XmlError> {
    let s = el.trimmed();
    let value = parse_value(tag, s).ok_or_else(|| {
        el.err(format!("<{}> value '{s}' is neither a 32-bit number nor one of its enum names", el.name))
    })?;
    let wide = match el.attr("wide") {
        None | Some("0") | Some("false") => value >= 0xFFFF,
        Some("1") | Some("true") => true,
        Some(other) => return Err(el.err(format!("wide=\"{other}\": expected 1 or 0"))),
    };
    Ok(TagEntry { tag, value, wide })
}

/// The role of an element named `name` (with `attrs` read) inside `parent` (`None`: the
/// document element).
fn role_of(parent: Option<Role>, el: &Open<'_>) -> Result<Role, XmlError> {
    let name = el.name.as_str();
    Ok(match parent {
        None if name == "NvvmContainer" => Role::Root,
        None => return Err(el.err(format!("the document element is <{name}>, expected <NvvmContainer>"))),
        Some(Role::Root) => match name {
            "Options" => Role::Options,
            "Variant" => Role::Top(Top::Variant),
            "FieldOrder" => Role::Top(Top::FieldOrder),
            "Version" => Role::Top(Top::Version(0)),
            "NvvmIRVersion" => Role::Top(Top::Version(1)),
            "NvvmDebugVersion" => Role::Top(Top::Version(2)),
            "LlvmVersion" => Role::Top(Top::Version(3)),
            "IRLevel" => Role::Top(Top::IrLevel),
            "HeaderExtra" => Role::Top(Top::HeaderExtra),
            "Terminator" => Role::Top(Top::Terminator),
            "TagTrailer" => Role::Top(Top::TagTrailer),
            "Blob" => Role::Top(Top::Blob),
            "IsBinary" => Role::Top(Top::IsBinary),
            "Module" => Role::Top(Top::Module),
            other => return Err(el.err(format!("<{other}> is not part of a container document"))),
        },
        Some(Role::Options) => match name {
            "FastMathOptions" => Role::FastMath,
            "Tag" => {
                let id = el.attr("id").ok_or_else(|| el.err("<Tag> needs an id=\"…\" attribute"))?;
                let tag = parse_number(id).and_then(|n| u16::try_from(n).ok()).filter(|&t| t != 0);
                Role::Entry(
                    tag.ok_or_else(|| el.err(format!("<Tag id=\"{id}\">: expected a tag number from 1 to 65535")))?,
                )
            }
            name => Role::Entry(tag_by_name(name).ok_or_else(|| el.err(format!("<{name}> is not an option the container knows; write an unnamed tag as <Tag id=\"N\">value</Tag>")))?.id),
        },
        Some(Role::FastMath) => Role::Entry(if name == "Divide" {
            DIVIDE_TAG
        } else {
            tag_by_name(&format!("{FAST_MATH}{name}"))
                .ok_or_else(|| el.err(format!("<{name}> is not a fast-math option")))?
                .id
        }),
        Some(_) => Role::Ignored,
    })
}

/// What the document says, gathered as its elements close.
struct Doc<'x> {
    c: Container<'static>,
    versions: [Option<Version>; 4],
    binary: bool,
    module: Option<Open<'x>>,
}

impl<'x> Doc<'x> {
    /// An element closed: take its value.
    fn close(&mut self, el: Open<'x>) -> Result<(), XmlError> {
        let c = &mut self.c;
        match el.role {
            Role::Entry(tag) => c.tags.push(entry(&el, tag)?),
            Role::Top(Top::Variant) => {
                c.variant = match el.trimmed() {
                    "cuda" => Variant::Cuda,
                    "seed" => Variant::Seed,
                    other => return Err(el.err(format!("<Variant>{other}</Variant>: expected cuda or seed"))),
                }
            }
            Role::Top(Top::FieldOrder) => {
                c.field_order = match el.trimmed() {
                    "cuda" => FieldOrder::Cuda,
                    "seed" => FieldOrder::Seed,
                    other => return Err(el.err(format!("<FieldOrder>{other}</FieldOrder>: expected cuda or seed"))),
                }
            }
            Role::Top(Top::Version(i)) => self.versions[i] = Some(version(&el)?),
            Role::Top(Top::IrLevel) => {
                let s = el.trimmed();
                let level = enum_value(IR_LEVELS, s).or_else(|| parse_number(s).and_then(|n| u32::try_from(n).ok()));
                c.ir_level = level
                    .and_then(|l| u16::try_from(l).ok())
                    .ok_or_else(|| el.err(format!("<IRLevel>{s}</IRLevel>: expected NVVM_IR_LEVEL_LTO, NVVM_IR_LEVEL_OPTIX, NVVM_IR_LEVEL_UNIFIED_AFTER_DCI or a number")))?;
            }
            Role::Top(Top::HeaderExtra) => c.header_extra = Cow::Owned(base64(&el)?),
            Role::Top(Top::Terminator) => c.terminated = el.trimmed() != "0",
            Role::Top(Top::TagTrailer) => c.trailer = TagTrailer::Raw(Cow::Owned(base64(&el)?)),
            Role::Top(Top::Blob) => c.blob = Cow::Owned(base64(&el)?),
            Role::Top(Top::IsBinary) => self.binary = el.trimmed() != "0",
            // Decoded at the end: <IsBinary> may follow it.
            Role::Top(Top::Module) => self.module = Some(el),
            Role::Root | Role::Options | Role::FastMath | Role::Ignored => {}
        }
        Ok(())
    }
}

/// Reads the XML form (ours or the seed's plain form) back into a container.
///
/// The document is read as a stream, element by element: memory is the container's (the module
/// text is borrowed from `text`), whatever the number of elements or attributes.
pub fn from_xml(text: &str) -> Result<Container<'static>, XmlError> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut stack: Vec<Open<'_>> = Vec::new();
    let mut root: Option<Span> = None;
    let mut doc = Doc {
        c: Container {
            variant: Variant::Cuda,
            field_order: FieldOrder::Cuda,
            versions: Versions::cuda_13_5(false),
            ir_level: 0,
            header_extra: Cow::Owned(Vec::new()),
            tags: Vec::new(),
            terminated: true,
            trailer: TagTrailer::Padding,
            blob: Cow::Owned(Vec::new()),
            payload: Cow::Owned(Vec::new()),
        },
        versions: [None; 4],
        binary: true,
        module: None,
    };
    loop {
        let start = reader.buffer_position() as usize;
        let event = reader.read_event().map_err(|e| {
            let at = reader.error_position() as usize;
            XmlError::new(Span::at(at, 1), format!("malformed XML: {e}"))
        })?;
        let span = Span::new(start, reader.buffer_position() as usize);
        let open = |e: &quick_xml::events::BytesStart<'_>, parent: Option<Role>| -> Result<Open<'static>, XmlError> {
            let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
            let mut attrs: [Option<String>; 4] = Default::default();
            let mut seen = Seen { few: Vec::new(), many: None };
            // Duplicates are found here, hashed: quick-xml's own check is quadratic.
            let mut all = e.attributes();
            all.with_checks(false);
            for a in all {
                let a = a.map_err(|err| XmlError::new(span, format!("malformed attribute: {err}")))?;
                let key = a.key.into_inner();
                if !seen.insert(key) {
                    let key = String::from_utf8_lossy(key);
                    return Err(XmlError::new(span, format!("malformed attribute: `{key}` is given twice")));
                }
                let value = a
                    .unescape_value()
                    .map_err(|err| XmlError::new(span, format!("malformed attribute value: {err}")))?;
                if let Some(i) = ATTRS.iter().position(|k| k.as_bytes() == key) {
                    attrs[i] = Some(value.into_owned());
                }
            }
            let mut el = Open { name, span, role: Role::Ignored, text: Cow::Borrowed(""), attrs };
            el.role = role_of(parent, &el)?;
            Ok(el)
        };
        match event {
            Event::Start(_) | Event::Empty(_) if stack.is_empty() && root.is_some() => {
                return Err(XmlError::new(span, "a second top-level element"));
            }
            Event::Start(e) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(XmlError::new(span, "elements nested too deep for a container document"));
                }
                let el = open(&e, stack.last().map(|p| p.role))?;
                if el.role == Role::Root {
                    root = Some(el.span);
                }
                stack.push(el);
            }
            Event::Empty(e) => {
                let el = open(&e, stack.last().map(|p| p.role))?;
                if el.role == Role::Root {
                    root = Some(el.span);
                }
                doc.close(el)?;
            }
            Event::End(_) => {
                let el = stack.pop().ok_or_else(|| XmlError::new(span, "closing tag without an opening one"))?;
                doc.close(el)?;
            }
            Event::Text(t) => {
                let s = t.unescape().map_err(|e| XmlError::new(span, format!("malformed text: {e}")))?;
                match stack.last_mut() {
                    Some(el) if el.role.keeps_text() => {
                        if el.text.is_empty() {
                            el.text = s;
                        } else {
                            el.text.to_mut().push_str(&s);
                        }
                    }
                    Some(_) => {}
                    None if s.trim().is_empty() => {}
                    None => return Err(XmlError::new(span, "text outside the document element")),
                }
            }
            Event::CData(t) => {
                if let Some(el) = stack.last_mut().filter(|el| el.role.keeps_text()) {
                    el.text.to_mut().push_str(&String::from_utf8_lossy(&t));
                }
            }
            Event::Eof => break,
            _ => {} // declaration, comments, processing instructions, doctype
        }
    }
    if let Some(open) = stack.last() {
        return Err(open.err(format!("<{}> is not closed", open.name)));
    }
    let root = root.ok_or_else(|| XmlError::new(Span::at(0, 0), "no document element: expected <NvvmContainer>"))?;
    let names = ["<Version>", "<NvvmIRVersion>", "<NvvmDebugVersion>", "<LlvmVersion>"];
    let mut v = [Version::new(0, 0); 4];
    for ((slot, have), name) in v.iter_mut().zip(doc.versions).zip(names) {
        *slot = have.ok_or_else(|| XmlError::new(root, format!("<NvvmContainer> has no {name}")))?;
    }
    let mut c = doc.c;
    c.versions = Versions { container: v[0], nvvm_ir: v[1], nvvm_debug: v[2], llvm: v[3] };
    if let Some(m) = doc.module {
        // IsBinary 0: the module is text IR, stored as it stands.
        c.payload = Cow::Owned(if doc.binary { base64(&m)? } else { m.text.into_owned().into_bytes() });
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::{wrap, IR_LEVEL_OPTIX};

    #[test]
    fn round_trip_keeps_order_duplicates_wide_and_raw_bytes() {
        let mut c = wrap(&[0x42, 0x43, 0xC0, 0xDE], &"sm_90a".parse().unwrap(), IR_LEVEL_OPTIX).unwrap().into_owned();
        c.tags.insert(0, TagEntry { tag: 13, value: 1, wide: false });
        c.tags.push(TagEntry { tag: 1, value: 750, wide: true });
        c.tags.push(TagEntry { tag: 500, value: 7, wide: false });
        c.tags.push(TagEntry { tag: 18, value: 2, wide: false });
        c.tags.push(TagEntry { tag: 303, value: 9, wide: false });
        c.blob = Cow::Owned(vec![1, 2, 3]);
        c.trailer = TagTrailer::Raw(Cow::Owned(vec![0, 0, 9, 9, 9, 9]));
        c.header_extra = Cow::Owned(vec![0xAA; 4]);
        c.terminated = false;
        c.variant = Variant::Seed;
        let x = to_xml(&c);
        assert!(x.contains("<ArchVariant>NVVM_ARCH_HOPPER_9_0</ArchVariant>"), "{x}");
        assert!(x.contains("<ArchVariant wide=\"1\">NVVM_ARCH_TURING_7_5</ArchVariant>"), "{x}");
        assert!(x.contains("<Divide>NVVM_FAST_MATH_DIVIDE_FULL_RANGE_APPROX</Divide>"), "{x}");
        assert!(x.contains("<Tag id=\"303\">9</Tag>"), "{x}");
        assert_eq!(from_xml(&x).unwrap(), c);
    }

    #[test]
    fn seed_plain_form_reads() {
        let x = "<NvvmContainer><Version major=\"1\" minor=\"67\"/><NvvmIRVersion major=\"2\" minor=\"131\"/>\
                 <NvvmDebugVersion major=\"3\" minor=\"2\"/><LlvmVersion major=\"7\" minor=\"0\"/>\
                 <IRLevel>NVVM_IR_LEVEL_LTO</IRLevel><Options><ArchVariant>NVVM_ARCH_ADA_8_9</ArchVariant>\
                 <FastMathOptions><Ftz>1</Ftz></FastMathOptions></Options><IsBinary>1</IsBinary>\
                 <Module>QkPA3g==</Module></NvvmContainer>";
        let c = from_xml(x).unwrap();
        assert_eq!((c.get(1), c.get(13), c.ir_level), (Some(890), Some(1), 1));
        assert_eq!(&c.payload[..], &[0x42, 0x43, 0xC0, 0xDE]);
    }

    #[test]
    fn errors_point_into_the_text() {
        let x = "<NvvmContainer>\n<Version major=\"1\" minor=\"999\"/>\n</NvvmContainer>";
        let e = from_xml(x).unwrap_err();
        assert_eq!(e.span.start, 16, "{e}");
        for bad in [
            "",
            "<a/>",
            "<NvvmContainer>",
            "<NvvmContainer><Bogus/></NvvmContainer>",
            "<NvvmContainer></NvvmContainer><x/>",
        ] {
            assert!(from_xml(bad).is_err(), "{bad}");
        }
        let deep = "<a>".repeat(100);
        assert!(from_xml(&deep).is_err());
    }
}
