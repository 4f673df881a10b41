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
pub use payload::{decompress, elf_extent, extract, ltoir_form, Extracted, MAX_UNCOMPRESSED};

use std::collections::HashSet;

/// File names for extracting every entry of `listing`, in order, as cuobjdump names them:
/// `<stem>.<n>.<arch>.<ext>`, where `n` counts entries of the same kind from 1 across the whole
/// file, or `<identifier stem>.<arch>.<ext>` for an entry with an identifier (`-G`, `--ident`).
/// A cubin's name drops an `f` suffix (cuobjdump names an sm_100f cubin `….sm_100.cubin`).
/// Extensions: `.ptx`, `.cubin`, `.ltoir`, `.bin`. Names never repeat and never hold a path
/// separator.
pub fn file_names(listing: &Listing<'_>, stem: &str) -> Vec<String> {
    let stem = sanitize(stem);
    let mut counters: Vec<(EntryKind, usize)> = Vec::new();
    let mut used = HashSet::new();
    let mut names = Vec::with_capacity(listing.entries.len());
    for e in &listing.entries {
        let n = match counters.iter_mut().find(|(k, _)| *k == e.kind) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                counters.push((e.kind, 1));
                1
            }
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
            Some(name) if !used.contains(&name) => name,
            _ => {
                let mut name = format!("{stem}.{n}.{arch}.{ext}");
                let mut k = 1;
                while used.contains(&name) {
                    k += 1;
                    name = format!("{stem}.{n}-{k}.{arch}.{ext}");
                }
                name
            }
        };
        used.insert(name.clone());
        names.push(name);
    }
    names
}

/// Keeps a name to one safe path component.
fn sanitize(s: &str) -> String {
    let t: String = s.chars().map(|c| if c.is_control() || matches!(c, '/' | '\\' | ':') { '_' } else { c }).collect();
    match t.as_str() {
        "" | "." | ".." => "fatbin".to_string(),
        _ => t,
    }
}
