//! Host containers: ELF objects (fatbin sections) and `ar` archives (members), read with the
//! `object` crate; each fatbin found is handed to the fatbin reader with its absolute offset.

use crate::error::{Error, ErrorKind};
use crate::fatbin::{is_fatbin, Region};
use crate::model::{InputKind, Listing};
use object::read::archive::ArchiveFile;
use object::read::{Object, ObjectSection};

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
pub fn list(bytes: &[u8]) -> Result<Listing<'_>, Error> {
    let input = detect(bytes);
    let mut listing = Listing { input, fatbins: Vec::new(), entries: Vec::new() };
    match input {
        InputKind::Elf => elf(bytes, 0, None, &mut listing)?,
        InputKind::Archive => archive(bytes, &mut listing)?,
        InputKind::Fatbin => {
            Region { bytes, base: 0, member: None, section: None }.read(&mut listing.fatbins, &mut listing.entries)?
        }
        InputKind::Unknown => {}
    }
    Ok(listing)
}

#[cold]
fn host_err(e: object::read::Error, base: u64, member: Option<&[u8]>, what: &str) -> Error {
    let member = member.map(String::from_utf8_lossy);
    Error::new(ErrorKind::BadHost, base, 1, format!("malformed {what}: {e}")).within(member.as_deref(), None)
}

fn elf<'a>(bytes: &'a [u8], base: u64, member: Option<&'a [u8]>, out: &mut Listing<'a>) -> Result<(), Error> {
    let file = object::read::File::parse(bytes).map_err(|e| host_err(e, base, member, "ELF object"))?;
    for section in file.sections() {
        let Ok(name) = section.name() else { continue };
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
            Region { bytes: data, base: base + start, member, section: Some(name) }
                .read(&mut out.fatbins, &mut out.entries)?;
        }
    }
    Ok(())
}

fn archive<'a>(bytes: &'a [u8], out: &mut Listing<'a>) -> Result<(), Error> {
    let ar = ArchiveFile::parse(bytes).map_err(|e| host_err(e, 0, None, "ar archive"))?;
    for member in ar.members() {
        let member = member.map_err(|e| host_err(e, 0, None, "ar archive"))?;
        let name = member.name();
        let (start, _) = member.file_range();
        let data = member.data(bytes).map_err(|e| host_err(e, start, Some(name), "ar member"))?;
        match detect(data) {
            InputKind::Elf => elf(data, start, Some(name), out)?,
            InputKind::Fatbin => Region { bytes: data, base: start, member: Some(name), section: None }
                .read(&mut out.fatbins, &mut out.entries)?,
            // Nested archives and anything else carry no fatbin of their own.
            _ => {}
        }
    }
    Ok(())
}
