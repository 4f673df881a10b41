//! Host containers: ELF objects (fatbin sections) and `ar` archives (members), read with the
//! `object` crate; each fatbin found is handed to the fatbin reader with its absolute offset.

use crate::error::{Error, ErrorKind};
use crate::fatbin::{is_fatbin, Count, Region, Sink};
use crate::model::{InputKind, Listing};
use object::read::archive::ArchiveFile;
use object::read::elf::{ElfFile, FileHeader, SectionHeader};
use object::read::{Object, ObjectSection};
use std::collections::BTreeMap;

/// ELF sections that hold fatbins: whole-program code, and relocatable (`-dc`) code.
pub const FATBIN_SECTIONS: [&str; 2] = [".nv_fatbin", "__nv_relfatbin"];

/// What `bytes` is, from its first bytes.
pub fn detect(bytes: &[u8]) -> InputKind {
    if bytes.starts_with(b"\x7fELF") {
        InputKind::Elf
    } else if bytes.starts_with(b"!<arch>\n") || bytes.starts_with(b"!<thin>\n") {
        InputKind::Archive
    } else if is_fatbin(bytes) {
        InputKind::Fatbin
    } else {
        InputKind::Unknown
    }
}

/// Lists every fatbin entry of an ELF object, `ar` archive or raw fatbin. An input of none of
/// these kinds, or one without fatbins, gives an empty listing.
///
/// The input is read twice: once to count (and check) its fatbins and entries, once to fill
/// vectors of exactly that size. Fatbin bytes are read once: ELF sections (or archive members)
/// whose fatbin bytes overlap ones already read are an error.
pub fn list(bytes: &[u8]) -> Result<Listing<'_>, Error> {
    let input = detect(bytes);
    let mut count = Count::default();
    walk(bytes, input, &mut count)?;
    let mut listing =
        Listing { input, fatbins: Vec::with_capacity(count.fatbins), entries: Vec::with_capacity(count.entries) };
    walk(bytes, input, &mut listing)?;
    Ok(listing)
}

/// The fatbin regions read so far, by absolute start: each byte is read as a fatbin once.
#[derive(Default)]
struct Seen(BTreeMap<u64, u64>);

impl Seen {
    /// Records `[start, start + len)`, or says which region it overlaps.
    fn claim(&mut self, start: u64, len: u64) -> Result<(), (u64, u64)> {
        if len == 0 {
            return Ok(());
        }
        let end = start.saturating_add(len);
        if let Some((&s, &e)) = self.0.range(..end).next_back() {
            if e > start {
                return Err((s, e));
            }
        }
        self.0.insert(start, end);
        Ok(())
    }
}

fn walk<'a>(bytes: &'a [u8], input: InputKind, out: &mut impl Sink<'a>) -> Result<(), Error> {
    let mut seen = Seen::default();
    match input {
        InputKind::Elf => elf(bytes, 0, None, out, &mut seen),
        InputKind::Archive => archive(bytes, out, &mut seen),
        InputKind::Fatbin => Region { bytes, base: 0, member: None, section: None }.read(out),
        _ => Ok(()),
    }
}

#[cold]
fn host_err(e: object::read::Error, base: u64, member: Option<&[u8]>, what: &str) -> Error {
    let member = member.map(String::from_utf8_lossy);
    Error::new(ErrorKind::BadHost, base, 1, format!("malformed {what}: {e}")).within(member.as_deref(), None)
}

#[cold]
fn overlap_err(start: u64, len: u64, (s, e): (u64, u64), member: Option<&[u8]>, section: Option<&str>) -> Error {
    let member = member.map(String::from_utf8_lossy);
    Error::new(
        ErrorKind::BadHost,
        start,
        len,
        format!(
            "bytes {start:#x}..{:#x} overlap fatbin bytes already read at {s:#x}..{e:#x}: each fatbin is read once",
            start.saturating_add(len)
        ),
    )
    .within(member.as_deref(), section)
}

fn elf<'a>(
    bytes: &'a [u8],
    base: u64,
    member: Option<&'a [u8]>,
    out: &mut impl Sink<'a>,
    seen: &mut Seen,
) -> Result<(), Error> {
    let file = object::read::File::parse(bytes).map_err(|e| host_err(e, base, member, "ELF object"))?;
    match &file {
        object::read::File::Elf32(f) => elf_sections(f, bytes, base, member, out, seen),
        object::read::File::Elf64(f) => elf_sections(f, bytes, base, member, out, seen),
        _ => Ok(()),
    }
}

/// Section names are read at most this far: each name is found without scanning the string
/// table to its end (many sections naming one long string would be quadratic). A longer name is
/// cut at a character boundary.
const MAX_SECTION_NAME: usize = 256;

/// A section's name from the section header string table; `None` where the name does not read
/// (no NUL before the table ends, not UTF-8), as the `object` crate has it.
fn section_name(strings: &[u8], offset: u32) -> Option<&str> {
    let rest = strings.get(offset as usize..)?;
    let head = &rest[..rest.len().min(MAX_SECTION_NAME)];
    match head.iter().position(|&b| b == 0) {
        Some(n) => std::str::from_utf8(&head[..n]).ok(),
        None if rest.len() > MAX_SECTION_NAME => match std::str::from_utf8(head) {
            Ok(name) => Some(name),
            Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).ok(),
        },
        None => None,
    }
}

fn elf_sections<'a, Elf: FileHeader<Endian = object::Endianness>>(
    f: &ElfFile<'a, Elf>,
    bytes: &'a [u8],
    base: u64,
    member: Option<&'a [u8]>,
    out: &mut impl Sink<'a>,
    seen: &mut Seen,
) -> Result<(), Error> {
    let endian = f.endian();
    let strings: &'a [u8] = f
        .elf_header()
        .section_strings_index(endian, bytes)
        .ok()
        .and_then(|i| f.elf_section_table().section(i).ok())
        .and_then(|sh| sh.data(endian, bytes).ok())
        .unwrap_or(&[]);
    for section in f.sections() {
        let Some(name) = section_name(strings, section.elf_section_header().sh_name(endian)) else { continue };
        let Some((start, size)) = section.file_range() else { continue };
        let data =
            section.data().map_err(|e| host_err(e, base + start, member, "ELF object").within(None, Some(name)))?;
        if data.len() as u64 != size {
            return Err(Error::new(
                ErrorKind::Truncated,
                base + start,
                size,
                "the section runs past the end of the file",
            )
            .within(member.map(String::from_utf8_lossy).as_deref(), Some(name)));
        }
        // The named sections, and any other that starts with a fatbin (cuobjdump -all).
        if FATBIN_SECTIONS.contains(&name) || is_fatbin(data) {
            seen.claim(base + start, size).map_err(|r| overlap_err(base + start, size, r, member, Some(name)))?;
            Region { bytes: data, base: base + start, member, section: Some(name) }.read(out)?;
        }
    }
    Ok(())
}

fn archive<'a>(bytes: &'a [u8], out: &mut impl Sink<'a>, seen: &mut Seen) -> Result<(), Error> {
    let ar = ArchiveFile::parse(bytes).map_err(|e| host_err(e, 0, None, "ar archive"))?;
    for member in ar.members() {
        let member = member.map_err(|e| host_err(e, 0, None, "ar archive"))?;
        // Members may all name one long string of the GNU name table: each keeps at most
        // `MAX_SECTION_NAME` bytes of it, so listings stay bounded by the input.
        let name = member.name();
        let name = &name[..name.len().min(MAX_SECTION_NAME)];
        let (start, _) = member.file_range();
        let data = member.data(bytes).map_err(|e| host_err(e, start, Some(name), "ar member"))?;
        match detect(data) {
            InputKind::Elf => elf(data, start, Some(name), out, seen)?,
            InputKind::Fatbin => {
                let len = data.len() as u64;
                seen.claim(start, len).map_err(|r| overlap_err(start, len, r, Some(name), None))?;
                Region { bytes: data, base: start, member: Some(name), section: None }.read(out)?
            }
            // Nested archives and anything else carry no fatbin of their own: nothing nests.
            _ => {}
        }
    }
    Ok(())
}
