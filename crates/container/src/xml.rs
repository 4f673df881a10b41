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
use std::fmt::Write;

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

/// The container as an XML document.
pub fn to_xml(c: &Container<'_>) -> String {
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<NvvmContainer>\n");
    if c.variant == Variant::Seed {
        x.push_str("  <Variant>seed</Variant>\n");
    }
    if c.field_order == FieldOrder::Seed {
        x.push_str("  <FieldOrder>seed</FieldOrder>\n");
    }
    let v = &c.versions;
    for (el, ver) in [
        ("Version", v.container),
        ("NvvmIRVersion", v.nvvm_ir),
        ("NvvmDebugVersion", v.nvvm_debug),
        ("LlvmVersion", v.llvm),
    ] {
        let _ = writeln!(x, "  <{el} major=\"{}\" minor=\"{}\"/>", ver.major, ver.minor);
    }
    let level = enum_name(IR_LEVELS, u32::from(c.ir_level)).map_or_else(|| c.ir_level.to_string(), str::to_string);
    let _ = writeln!(x, "  <IRLevel>{level}</IRLevel>");
    if !c.header_extra.is_empty() {
        let _ = writeln!(x, "  <HeaderExtra>{}</HeaderExtra>", B64.encode(&c.header_extra));
    }
    x.push_str("  <Options>\n");
    let mut in_fast_math = false;
    for e in &c.tags {
        let named = element_name(e.tag);
        let fast = named.is_some_and(|(_, f)| f);
        if in_fast_math && !fast {
            x.push_str("    </FastMathOptions>\n");
        }
        if fast && !in_fast_math {
            x.push_str("    <FastMathOptions>\n");
        }
        in_fast_math = fast;
        let indent = if fast { "      " } else { "    " };
        let wide = if e.wide { " wide=\"1\"" } else { "" };
        match named {
            Some((name, _)) => {
                let _ = writeln!(x, "{indent}<{name}{wide}>{}</{name}>", value_text(e.tag, e.value));
            }
            None => {
                let _ = writeln!(x, "{indent}<Tag id=\"{}\"{wide}>{}</Tag>", e.tag, e.value);
            }
        }
    }
    if in_fast_math {
        x.push_str("    </FastMathOptions>\n");
    }
    x.push_str("  </Options>\n");
    if !c.terminated {
        x.push_str("  <Terminator>0</Terminator>\n");
    }
    if let TagTrailer::Raw(bytes) = &c.trailer {
        let _ = writeln!(x, "  <TagTrailer>{}</TagTrailer>", B64.encode(bytes));
    }
    if !c.blob.is_empty() {
        let _ = writeln!(x, "  <Blob>{}</Blob>", B64.encode(&c.blob));
    }
    x.push_str("  <IsBinary>1</IsBinary>\n");
    let _ = writeln!(x, "  <Module>{}</Module>", B64.encode(&c.payload));
    x.push_str("</NvvmContainer>\n");
    x
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

/// A parsed element: just what the container form needs.
struct Element {
    name: String,
    attrs: Vec<(String, String)>,
    text: String,
    children: Vec<Element>,
    span: Span,
}

impl Element {
    fn attr(&self, key: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
    fn trimmed(&self) -> &str {
        self.text.trim()
    }
    fn err(&self, message: impl Into<String>) -> XmlError {
        XmlError::new(self.span, message)
    }
}

const MAX_DEPTH: usize = 8;

fn parse_tree(text: &str) -> Result<Element, XmlError> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut stack: Vec<Element> = Vec::new();
    let mut root: Option<Element> = None;
    loop {
        let start = reader.buffer_position() as usize;
        let event = reader.read_event().map_err(|e| {
            let at = reader.error_position() as usize;
            XmlError::new(Span::at(at, 1), format!("malformed XML: {e}"))
        })?;
        let span = Span::new(start, reader.buffer_position() as usize);
        let open = |e: &quick_xml::events::BytesStart<'_>| -> Result<Element, XmlError> {
            let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
            let mut attrs = Vec::new();
            for a in e.attributes() {
                let a = a.map_err(|err| XmlError::new(span, format!("malformed attribute: {err}")))?;
                let value = a
                    .unescape_value()
                    .map_err(|err| XmlError::new(span, format!("malformed attribute value: {err}")))?;
                attrs.push((String::from_utf8_lossy(a.key.as_ref()).into_owned(), value.into_owned()));
            }
            Ok(Element { name, attrs, text: String::new(), children: Vec::new(), span })
        };
        let done = |el: Element, stack: &mut Vec<Element>, root: &mut Option<Element>| -> Result<(), XmlError> {
            match stack.last_mut() {
                Some(parent) => parent.children.push(el),
                None if root.is_none() => *root = Some(el),
                None => return Err(XmlError::new(el.span, "a second top-level element")),
            }
            Ok(())
        };
        match event {
            Event::Start(e) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(XmlError::new(span, "elements nested too deep for a container document"));
                }
                stack.push(open(&e)?);
            }
            Event::Empty(e) => {
                let el = open(&e)?;
                done(el, &mut stack, &mut root)?;
            }
            Event::End(_) => {
                let el = stack.pop().ok_or_else(|| XmlError::new(span, "closing tag without an opening one"))?;
                done(el, &mut stack, &mut root)?;
            }
            Event::Text(t) => {
                let s = t.unescape().map_err(|e| XmlError::new(span, format!("malformed text: {e}")))?;
                match stack.last_mut() {
                    Some(el) => el.text.push_str(&s),
                    None if s.trim().is_empty() => {}
                    None => return Err(XmlError::new(span, "text outside the document element")),
                }
            }
            Event::CData(t) => {
                if let Some(el) = stack.last_mut() {
                    el.text.push_str(&String::from_utf8_lossy(&t));
                }
            }
            Event::Eof => break,
            _ => {} // declaration, comments, processing instructions, doctype
        }
    }
    if let Some(open) = stack.last() {
        return Err(open.err(format!("<{}> is not closed", open.name)));
    }
    root.ok_or_else(|| XmlError::new(Span::at(0, 0), "no document element: expected <NvvmContainer>"))
}

fn version(el: &Element) -> Result<Version, XmlError> {
    let part = |k: &str| -> Result<u8, XmlError> {
        let s = el.attr(k).ok_or_else(|| el.err(format!("<{}> needs a {k}=\"…\" attribute", el.name)))?;
        parse_number(s)
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(|| el.err(format!("<{}> {k}=\"{s}\" is not a number from 0 to 255", el.name)))
    };
    Ok(Version::new(part("major")?, part("minor")?))
}

fn base64(el: &Element) -> Result<Vec<u8>, XmlError> {
    let clean: String = el.text.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    B64.decode(clean).map_err(|e| el.err(format!("<{}> is not valid base64: {e}", el.name)))
}

fn tag_value(el: &Element, tag: u16) -> Result<u32, XmlError> {
    let s = el.trimmed();
    parse_value(tag, s).ok_or_else(|| {
        el.err(format!("<{}> value '{s}' is neither a 32-bit number nor one of its enum names", el.name))
    })
}

fn entry(el: &Element, tag: u16) -> Result<TagEntry, XmlError> {
    let value = tag_value(el, tag)?;
    let wide = match el.attr("wide") {
        None | Some("0") | Some("false") => value >= 0xFFFF,
        Some("1") | Some("true") => true,
        Some(other) => return Err(el.err(format!("wide=\"{other}\": expected 1 or 0"))),
    };
    Ok(TagEntry { tag, value, wide })
}

fn option_entries(options: &Element, out: &mut Vec<TagEntry>) -> Result<(), XmlError> {
    for el in &options.children {
        match el.name.as_str() {
            "FastMathOptions" => {
                for f in &el.children {
                    let tag = if f.name == "Divide" {
                        DIVIDE_TAG
                    } else {
                        tag_by_name(&format!("{FAST_MATH}{}", f.name))
                            .ok_or_else(|| f.err(format!("<{}> is not a fast-math option", f.name)))?
                            .id
                    };
                    out.push(entry(f, tag)?);
                }
            }
            "Tag" => {
                let id = el.attr("id").ok_or_else(|| el.err("<Tag> needs an id=\"…\" attribute"))?;
                let tag = parse_number(id).and_then(|n| u16::try_from(n).ok()).filter(|&t| t != 0);
                let tag =
                    tag.ok_or_else(|| el.err(format!("<Tag id=\"{id}\">: expected a tag number from 1 to 65535")))?;
                out.push(entry(el, tag)?);
            }
            name => {
                let info = tag_by_name(name).ok_or_else(|| el.err(format!("<{name}> is not an option the container knows; write an unnamed tag as <Tag id=\"N\">value</Tag>")))?;
                out.push(entry(el, info.id)?);
            }
        }
    }
    Ok(())
}

/// Reads the XML form (ours or the seed's plain form) back into a container.
pub fn from_xml(text: &str) -> Result<Container<'static>, XmlError> {
    let root = parse_tree(text)?;
    if root.name != "NvvmContainer" {
        return Err(root.err(format!("the document element is <{}>, expected <NvvmContainer>", root.name)));
    }
    let mut versions: [Option<Version>; 4] = [None; 4];
    let mut c = Container {
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
    };
    let mut binary = true;
    let mut module: Option<&Element> = None;
    for el in &root.children {
        match el.name.as_str() {
            "Variant" => {
                c.variant = match el.trimmed() {
                    "cuda" => Variant::Cuda,
                    "seed" => Variant::Seed,
                    other => return Err(el.err(format!("<Variant>{other}</Variant>: expected cuda or seed"))),
                }
            }
            "FieldOrder" => {
                c.field_order = match el.trimmed() {
                    "cuda" => FieldOrder::Cuda,
                    "seed" => FieldOrder::Seed,
                    other => return Err(el.err(format!("<FieldOrder>{other}</FieldOrder>: expected cuda or seed"))),
                }
            }
            "Version" => versions[0] = Some(version(el)?),
            "NvvmIRVersion" => versions[1] = Some(version(el)?),
            "NvvmDebugVersion" => versions[2] = Some(version(el)?),
            "LlvmVersion" => versions[3] = Some(version(el)?),
            "IRLevel" => {
                let s = el.trimmed();
                let level = enum_value(IR_LEVELS, s).or_else(|| parse_number(s).and_then(|n| u32::try_from(n).ok()));
                c.ir_level = level
                    .and_then(|l| u16::try_from(l).ok())
                    .ok_or_else(|| el.err(format!("<IRLevel>{s}</IRLevel>: expected NVVM_IR_LEVEL_LTO, NVVM_IR_LEVEL_OPTIX, NVVM_IR_LEVEL_UNIFIED_AFTER_DCI or a number")))?;
            }
            "Options" => option_entries(el, &mut c.tags)?,
            "HeaderExtra" => c.header_extra = Cow::Owned(base64(el)?),
            "Terminator" => c.terminated = el.trimmed() != "0",
            "TagTrailer" => c.trailer = TagTrailer::Raw(Cow::Owned(base64(el)?)),
            "Blob" => c.blob = Cow::Owned(base64(el)?),
            "IsBinary" => binary = el.trimmed() != "0",
            "Module" => module = Some(el),
            other => return Err(el.err(format!("<{other}> is not part of a container document"))),
        }
    }
    let names = ["<Version>", "<NvvmIRVersion>", "<NvvmDebugVersion>", "<LlvmVersion>"];
    for (v, name) in versions.iter().zip(names) {
        if v.is_none() {
            return Err(root.err(format!("<NvvmContainer> has no {name}")));
        }
    }
    c.versions = Versions {
        container: versions[0].unwrap(),
        nvvm_ir: versions[1].unwrap(),
        nvvm_debug: versions[2].unwrap(),
        llvm: versions[3].unwrap(),
    };
    if let Some(m) = module {
        // IsBinary 0: the module is text IR, stored as it stands.
        c.payload = Cow::Owned(if binary { base64(m)? } else { m.text.clone().into_bytes() });
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
