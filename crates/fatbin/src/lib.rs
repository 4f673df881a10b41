//! Fatbins: what `nvcc` embeds in host objects (`-dc -dlto` → ELF section `__nv_relfatbin`,
//! whole-program → `.nv_fatbin`), writes by itself (`-fatbin`) and what `ar` / `nvcc -lib`
//! archives carry. This crate finds every fatbin in such a file, lists its entries (PTX,
//! cubins, LTO-IR and whatever else, by number) and extracts them, decompressing zstd and LZ4.
//!
//! Readers borrow the input and never panic; sizes from the input are checked against what is
//! left before use, and every error carries an absolute byte offset and the archive member and
//! ELF section it is in. The format, as measured with nvcc 13.5 and cuobjdump, is in
//! `docs/fatbin-format.md`.
//!
//! ```
//! // A fatbin with one uncompressed PTX entry for sm_90.
//! let mut entry = vec![0u8; 0x48];
//! entry[0] = 1; // PTX
//! entry[2..4].copy_from_slice(&0x0101u16.to_le_bytes());
//! entry[4] = 0x48; // header size
//! entry[8] = 8; // payload size
//! entry[0x18] = 5; // code version [9,5]
//! entry[0x1A] = 9;
//! entry[0x1C] = 90; // sm_90
//! entry[0x28] = 0x11; // 64-bit, linux
//! entry.extend_from_slice(b".ver\n\0\0\0");
//! let mut fatbin = vec![0x50, 0xED, 0x55, 0xBA, 1, 0, 16, 0];
//! fatbin.extend_from_slice(&(entry.len() as u64).to_le_bytes());
//! fatbin.extend_from_slice(&entry);
//!
//! let listing = nvir_fatbin::list(&fatbin).unwrap();
//! assert_eq!(listing.input, nvir_fatbin::InputKind::Fatbin);
//! let e = &listing.entries[0];
//! assert_eq!((e.kind, e.arch.to_string()), (nvir_fatbin::EntryKind::Ptx, "sm_90".to_string()));
//! assert_eq!(&*nvir_fatbin::extract(e).unwrap().bytes, b".ver\n");
//! ```
#![deny(missing_docs)]

mod error;
mod fatbin;
mod host;
mod model;
mod payload;

pub use error::{Error, ErrorKind, Location};
pub use fatbin::is_fatbin;
pub use host::{detect, list, FATBIN_SECTIONS};
pub use model::{
    flags, kind_code, Arch, ArchSuffix, Compression, ConcatPart, Entry, EntryKind, FatbinInfo, InputKind, Listing,
    LtoIrForm, Origin, ENTRY_HEADER_LEN, FATBIN_HEADER_LEN, FATBIN_MAGIC,
};
pub use payload::{
    decompress, elf_extent, extract, extract_to, ltoir_form, ltoir_form_within, Budget, ExtractError, Extracted,
    Written, MAX_SECTION_TABLE, MAX_TAG_AREA, MAX_UNCOMPRESSED,
};

use std::collections::{HashMap, HashSet};

/// File names for extracting every entry of `listing`, in order, as cuobjdump names them:
/// `<stem>.<n>.<arch>.<ext>`, where `n` counts entries of the same kind from 1 across the whole
/// file, or `<identifier stem>.<arch>.<ext>` for an entry with an identifier (`-G`, `--ident`).
/// A cubin's name drops an `f` suffix (cuobjdump names an sm_100f cubin `….sm_100.cubin`).
/// Extensions: `.ptx`, `.cubin`, `.ltoir`, `.bin`. Names never repeat and never hold a path
/// separator. [`FileNames`] gives them one at a time.
pub fn file_names(listing: &Listing<'_>, stem: &str) -> Vec<String> {
    let mut names = Vec::with_capacity(listing.entries.len());
    names.extend(FileNames::new(listing, stem));
    names
}

/// The names [`file_names`] gives, one at a time (it remembers the names given, not the
/// entries). Time and memory are linear in the number of entries, whatever their kinds and
/// identifiers.
pub struct FileNames<'l, 'a> {
    entries: std::slice::Iter<'l, Entry<'a>>,
    stem: String,
    counters: HashMap<EntryKind, usize>,
    used: HashSet<Box<str>>,
    /// For a numbered name already taken, the next `-k` to try.
    next_k: HashMap<Box<str>, usize>,
}

impl<'l, 'a> FileNames<'l, 'a> {
    /// The names of `listing`'s entries for files named after `stem`.
    pub fn new(listing: &'l Listing<'a>, stem: &str) -> Self {
        FileNames {
            entries: listing.entries.iter(),
            stem: sanitize(stem),
            counters: HashMap::new(),
            used: HashSet::new(),
            next_k: HashMap::new(),
        }
    }
}

impl Iterator for FileNames<'_, '_> {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        let e = self.entries.next()?;
        let n = {
            let n = self.counters.entry(e.kind).or_insert(0);
            *n += 1;
            *n
        };
        let mut arch = e.arch;
        if e.kind == EntryKind::Cubin && arch.suffix == ArchSuffix::F {
            arch.suffix = ArchSuffix::None;
        }
        let ext = e.kind.extension();
        let by_ident = e.identifier.map(|id| {
            let id = String::from_utf8_lossy(id);
            let base = id.rsplit(['/', '\\']).next().unwrap_or(&id);
            let base = base.rsplit_once('.').map_or(base, |(s, _)| s);
            format!("{}.{arch}.{ext}", sanitize(base))
        });
        let name = match by_ident {
            Some(name) if !self.used.contains(name.as_str()) => name,
            _ => {
                let stem = &self.stem;
                let first = format!("{stem}.{n}.{arch}.{ext}");
                if !self.used.contains(first.as_str()) {
                    first
                } else {
                    // Each candidate `-k` is tried once per numbered name: linear in all.
                    let k = self.next_k.entry(first.into_boxed_str()).or_insert(1);
                    loop {
                        *k += 1;
                        let name = format!("{stem}.{n}-{k}.{arch}.{ext}");
                        if !self.used.contains(name.as_str()) {
                            break name;
                        }
                    }
                }
            }
        };
        self.used.insert(name.clone().into_boxed_str());
        Some(name)
    }
}

/// Keeps a name to one safe path component.
fn sanitize(s: &str) -> String {
    let t: String = s.chars().map(|c| if c.is_control() || matches!(c, '/' | '\\' | ':') { '_' } else { c }).collect();
    match t.as_str() {
        "" | "." | ".." => "fatbin".to_string(),
        _ => t,
    }
}
