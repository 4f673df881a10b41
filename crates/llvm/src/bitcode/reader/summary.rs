//! ThinLTO summaries in bitcode (`GLOBALVAL_SUMMARY_BLOCK`, `MODULE_STRTAB_BLOCK`), turned into
//! the summary entries of LLVM's text (`^0 = module: (…)`, `^1 = gv: (…)`), which is how the IR
//! keeps a summary (`Module::summary`).
//!
//! The records are those LLVM's reader takes in summary versions 1 to 10 (LLVM 3.9 … 19): per
//! module and combined function, variable and alias summaries, value GUIDs, module paths and
//! hashes, index flags and the block count. A summary with anything else (type tests, vtable
//! functions, parameter accesses, memprof, an entry count) is not turned into text: the module is
//! read without it, as before.

use std::fmt::Write;

/// A summary as read, records kept until the module's names are known.
#[derive(Default)]
pub(super) struct Summary {
    /// `FS_VERSION`.
    version: u64,
    /// The summary block's records other than the version, in order.
    records: Vec<(u32, Vec<u64>)>,
    /// A combined index's modules: id, path, hash.
    modules: Vec<(u64, Vec<u8>, [u64; 5])>,
    /// A combined index's value ids and their GUIDs (`COMBINED_ENTRY`, `FS_VALUE_GUID`).
    guids: Vec<(u64, u64)>,
    /// The module's own hash (`MODULE_CODE_HASH`).
    pub(super) module_hash: Option<[u64; 5]>,
    /// Whether a summary block was seen at all.
    present: bool,
}

// Record codes of the summary block (LLVM's `GlobalValueSummarySymtabCodes`).
const PERMODULE: u32 = 1;
const PERMODULE_PROFILE: u32 = 2;
const PERMODULE_GLOBALVAR_INIT_REFS: u32 = 3;
const COMBINED: u32 = 4;
const COMBINED_PROFILE: u32 = 5;
const COMBINED_GLOBALVAR_INIT_REFS: u32 = 6;
const ALIAS: u32 = 7;
const COMBINED_ALIAS: u32 = 8;
const COMBINED_ORIGINAL_NAME: u32 = 9;
const VERSION: u32 = 10;
const VALUE_GUID: u32 = 16;
const PERMODULE_RELBF: u32 = 19;
const FLAGS: u32 = 20;
const BLOCK_COUNT: u32 = 24;

/// The newest summary version whose records are understood here (LLVM 19 writes 10).
const MAX_VERSION: u64 = 10;

impl Summary {
    /// A record of the summary block.
    pub(super) fn record(&mut self, code: u32, ops: &[u64]) {
        self.present = true;
        match code {
            VERSION => self.version = ops.first().copied().unwrap_or(0),
            VALUE_GUID if ops.len() >= 2 => self.guids.push((ops[0], ops[1])),
            _ => self.records.push((code, ops.to_vec())),
        }
    }

    /// A record of the module path table: `ENTRY` (id, path) or `HASH` (of the last entry).
    pub(super) fn module_path_record(&mut self, code: u32, ops: &[u64]) {
        self.present = true;
        match code {
            1 if !ops.is_empty() => self.modules.push((ops[0], ops[1..].iter().map(|&b| b as u8).collect(), [0; 5])),
            2 => {
                if let Some(last) = self.modules.last_mut() {
                    for (h, &o) in last.2.iter_mut().zip(ops) {
                        *h = o & 0xffff_ffff;
                    }
                }
            }
            _ => {}
        }
    }

    /// A `COMBINED_ENTRY` of the module's symbol table: a value id and its GUID.
    pub(super) fn combined_entry(&mut self, ops: &[u64]) {
        self.present = true;
        if ops.len() >= 2 {
            self.guids.push((ops[0], ops[1]));
        }
    }

    /// The summary as text entries, `globals` naming the module's global values by value id;
    /// `None` when there is none, or it has records not understood here.
    pub(super) fn text(&self, globals: &[&str], path: &[u8]) -> Option<Vec<Box<[u8]>>> {
        if !self.present || !(1..=MAX_VERSION).contains(&self.version) {
            return None;
        }
        let combined =
            self.records.iter().any(|(c, _)| {
                matches!(*c, COMBINED | COMBINED_PROFILE | COMBINED_GLOBALVAR_INIT_REFS | COMBINED_ALIAS)
            }) || (!self.modules.is_empty() && globals.is_empty());
        let mut w =
            Writer { version: self.version, slots: Default::default(), summaries: Vec::new(), modules: Vec::new() };
        let mut out: Vec<String> = Vec::new();
        if combined {
            // LLVM numbers a combined index's modules by their ids.
            let mut modules: Vec<_> = self.modules.iter().collect();
            modules.sort_by_key(|m| m.0);
            for (id, path, hash) in modules {
                w.modules.push((*id, out.len()));
                out.push(format!("module: (path: \"{}\", hash: {})", escape(path), hash_text(hash)));
            }
            for &(id, guid) in &self.guids {
                if w.slots.insert(id, (w.summaries.len(), out.len())).is_some() {
                    return None;
                }
                w.summaries.push(Vec::new());
                out.push(format!("gv: (guid: {guid}"));
            }
        } else {
            w.modules.push((0, out.len()));
            out.push(format!(
                "module: (path: \"{}\", hash: {})",
                escape(path),
                hash_text(&self.module_hash.unwrap_or_default())
            ));
            for (id, name) in globals.iter().enumerate() {
                if name.is_empty() {
                    continue;
                }
                w.slots.insert(id as u64, (w.summaries.len(), out.len()));
                w.summaries.push(Vec::new());
                out.push(format!("gv: (name: \"{}\"", escape(name.as_bytes())));
            }
            // Values outside the module (a profile's indirect call targets) are known by GUID.
            for &(id, guid) in &self.guids {
                if w.slots.insert(id, (w.summaries.len(), out.len())).is_some() {
                    return None;
                }
                w.summaries.push(Vec::new());
                out.push(format!("gv: (guid: {guid}"));
            }
        }
        let first_gv = w.modules.len();
        let mut extra = Vec::new();
        for (code, r) in &self.records {
            match *code {
                PERMODULE | PERMODULE_PROFILE | PERMODULE_RELBF if !combined => w.function(*code, r, false)?,
                COMBINED | COMBINED_PROFILE if combined => w.function(*code, r, true)?,
                PERMODULE_GLOBALVAR_INIT_REFS if !combined => w.variable(r, false)?,
                COMBINED_GLOBALVAR_INIT_REFS if combined => w.variable(r, true)?,
                ALIAS if !combined => w.alias(r, false)?,
                COMBINED_ALIAS if combined => w.alias(r, true)?,
                COMBINED_ORIGINAL_NAME => {}
                FLAGS => extra.push(format!("flags: {}", r.first()?)),
                BLOCK_COUNT => extra.push(format!("blockcount: {}", r.first()?)),
                _ => return None,
            }
        }
        for (i, s) in w.summaries.iter().enumerate() {
            let line = &mut out[first_gv + i];
            if !s.is_empty() {
                let _ = write!(line, ", summaries: ({})", s.join(", "));
            }
            line.push(')');
        }
        out.extend(extra);
        Some(out.into_iter().enumerate().map(|(i, e)| format!("^{i} = {e}").into_bytes().into()).collect())
    }
}

struct Writer {
    version: u64,
    /// Value id → its position in `summaries`, and its slot.
    slots: rustc_hash::FxHashMap<u64, (usize, usize)>,
    summaries: Vec<Vec<String>>,
    /// Module id → slot.
    modules: Vec<(u64, usize)>,
}

impl Writer {
    fn value(&self, id: u64) -> Option<(usize, usize)> {
        self.slots.get(&id).copied()
    }

    fn slot(&self, id: u64) -> Option<usize> {
        self.value(id).map(|(_, s)| s)
    }

    fn module(&self, id: Option<u64>) -> Option<usize> {
        match id {
            None => self.modules.first().map(|m| m.1),
            Some(id) => self.modules.iter().find(|m| m.0 == id).map(|m| m.1),
        }
    }

    fn push(&mut self, id: u64, text: String) -> Option<()> {
        let (i, _) = self.value(id)?;
        self.summaries[i].push(text);
        Some(())
    }

    fn refs(&self, ids: &[u64], ro: usize, wo: usize) -> Option<String> {
        if ids.is_empty() {
            return Some(String::new());
        }
        let plain = ids.len().checked_sub(ro + wo)?;
        let mut parts = Vec::new();
        for (i, &id) in ids.iter().enumerate() {
            let prefix = if i < plain {
                ""
            } else if i < plain + ro {
                "readonly "
            } else {
                "writeonly "
            };
            parts.push(format!("{prefix}^{}", self.slot(id)?));
        }
        Some(format!(", refs: ({})", parts.join(", ")))
    }

    /// `FS_PERMODULE*` / `FS_COMBINED*`: LLVM's field layout by summary version.
    fn function(&mut self, code: u32, r: &[u64], combined: bool) -> Option<()> {
        let v = self.version;
        let at = |i: usize| r.get(i).copied();
        let (id, module, flags, insts) =
            if combined { (at(0)?, Some(at(1)?), at(2)?, at(3)?) } else { (at(0)?, None, at(1)?, at(2)?) };
        let base = if combined { 4 } else { 3 };
        let (mut fflags, mut entry_count, mut ro, mut wo) = (0, 0, 0, 0);
        let (nrefs, start);
        if v < 4 {
            nrefs = at(base)?;
            start = base + 1;
        } else if !combined {
            fflags = at(3)?;
            nrefs = at(4)?;
            start = match v {
                4 => 5,
                5 | 6 => {
                    ro = at(5)?;
                    6
                }
                _ => {
                    ro = at(5)?;
                    wo = at(6)?;
                    7
                }
            };
        } else {
            fflags = at(4)?;
            match v {
                4 => {
                    nrefs = at(5)?;
                    start = 6;
                }
                5 => {
                    nrefs = at(5)?;
                    ro = at(6)?;
                    start = 7;
                }
                6 => {
                    entry_count = at(5)?;
                    nrefs = at(6)?;
                    ro = at(7)?;
                    start = 8;
                }
                _ => {
                    entry_count = at(5)?;
                    nrefs = at(6)?;
                    ro = at(7)?;
                    wo = at(8)?;
                    start = 9;
                }
            }
        }
        if entry_count != 0 {
            return None;
        }
        let end = start.checked_add(usize::try_from(nrefs).ok()?)?;
        let refs = self.refs(r.get(start..end)?, usize::try_from(ro).ok()?, usize::try_from(wo).ok()?)?;
        let profile = matches!(code, PERMODULE_PROFILE | COMBINED_PROFILE);
        let relbf = code == PERMODULE_RELBF;
        if relbf && v >= 10 {
            return None;
        }
        let mut calls = Vec::new();
        let rest = &r[end..];
        let mut i = 0;
        while i < rest.len() {
            let callee = self.slot(rest[i])?;
            let mut call = format!("(callee: ^{callee}");
            if v == 1 {
                i += if profile { 2 } else { 1 };
            } else if profile {
                i += 1;
                let raw = *rest.get(i)?;
                let hotness = ["unknown", "cold", "none", "hot", "critical"].get((raw & 7) as usize)?;
                if raw & 7 != 0 {
                    let _ = write!(call, ", hotness: {hotness}");
                }
                if raw & 8 != 0 {
                    call.push_str(", tail: 1");
                }
            } else if relbf {
                i += 1;
                let bf = *rest.get(i)?;
                if bf != 0 {
                    let _ = write!(call, ", relbf: {bf}");
                }
            }
            if i >= rest.len() {
                return None;
            }
            call.push(')');
            calls.push(call);
            i += 1;
        }
        let mut text =
            format!("function: (module: ^{}, flags: {}, insts: {insts}", self.module(module)?, gv_flags(flags, v)?);
        let names = [
            "readNone",
            "readOnly",
            "noRecurse",
            "returnDoesNotAlias",
            "noInline",
            "alwaysInline",
            "noUnwind",
            "mayThrow",
            "hasUnknownCall",
            "mustBeUnreachable",
        ];
        if fflags >> names.len() != 0 {
            return None;
        }
        let set: Vec<String> =
            names.iter().enumerate().filter(|(b, _)| fflags >> b & 1 != 0).map(|(_, n)| format!("{n}: 1")).collect();
        if !set.is_empty() {
            let _ = write!(text, ", funcFlags: ({})", set.join(", "));
        }
        if !calls.is_empty() {
            let _ = write!(text, ", calls: ({})", calls.join(", "));
        }
        text.push_str(&refs);
        text.push(')');
        self.push(id, text)
    }

    /// `FS_PERMODULE_GLOBALVAR_INIT_REFS` / `FS_COMBINED_GLOBALVAR_INIT_REFS`.
    fn variable(&mut self, r: &[u64], combined: bool) -> Option<()> {
        let at = |i: usize| r.get(i).copied();
        let (id, module, flags, mut start) =
            if combined { (at(0)?, Some(at(1)?), at(2)?, 3) } else { (at(0)?, None, at(1)?, 2) };
        let mut var = 0;
        if self.version >= 5 {
            var = at(start)?;
            start += 1;
        }
        let mut vflags = format!("readonly: {}, writeonly: {}, constant: {}", var & 1, var >> 1 & 1, var >> 2 & 1);
        if var >> 3 != 0 {
            let _ = write!(vflags, ", vcall_visibility: {}", var >> 3);
        }
        let refs = self.refs(r.get(start..)?, 0, 0)?;
        let text = format!(
            "variable: (module: ^{}, flags: {}, varFlags: ({vflags}){refs})",
            self.module(module)?,
            gv_flags(flags, self.version)?
        );
        self.push(id, text)
    }

    /// `FS_ALIAS` / `FS_COMBINED_ALIAS`.
    fn alias(&mut self, r: &[u64], combined: bool) -> Option<()> {
        let at = |i: usize| r.get(i).copied();
        let (id, module, flags, aliasee) =
            if combined { (at(0)?, Some(at(1)?), at(2)?, at(3)?) } else { (at(0)?, None, at(1)?, at(2)?) };
        let text = format!(
            "alias: (module: ^{}, flags: {}, aliasee: ^{})",
            self.module(module)?,
            gv_flags(flags, self.version)?,
            self.slot(aliasee)?
        );
        self.push(id, text)
    }
}

/// A summary's global value flags: linkage (LLVM's in-memory numbering) in the low 4 bits, then
/// not-eligible-to-import, live, dso-local, can-auto-hide, visibility (2 bits), import kind.
fn gv_flags(raw: u64, version: u64) -> Option<String> {
    let linkage = [
        "external",
        "available_externally",
        "linkonce",
        "linkonce_odr",
        "weak",
        "weak_odr",
        "appending",
        "internal",
        "private",
        "extern_weak",
        "common",
    ]
    .get((raw & 15) as usize)?;
    let f = raw >> 4;
    let old = version < 3;
    let visibility = ["default", "hidden", "protected"].get((f >> 4 & 3) as usize)?;
    let mut s = format!(
        "(linkage: {linkage}, visibility: {visibility}, notEligibleToImport: {}, live: {}, dsoLocal: {}, canAutoHide: {}",
        u8::from(f & 1 != 0 || old),
        u8::from(f & 2 != 0 || old),
        f >> 2 & 1,
        f >> 3 & 1
    );
    if f >> 6 & 1 != 0 {
        s.push_str(", importType: declaration");
    }
    if f >> 7 != 0 {
        return None;
    }
    s.push(')');
    Some(s)
}

fn hash_text(h: &[u64; 5]) -> String {
    format!("({}, {}, {}, {}, {})", h[0], h[1], h[2], h[3], h[4])
}

/// A string's bytes as LLVM writes them between quotes (`\XX` for quotes, backslashes and
/// unprintable bytes).
fn escape(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes {
        if b == b'"' || b == b'\\' || !(0x20..0x7f).contains(&b) {
            let _ = write!(s, "\\{b:02X}");
        } else {
            s.push(b as char);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_module_entries_name_the_module_values() {
        let mut s = Summary::default();
        s.record(VERSION, &[3]);
        s.record(PERMODULE, &[1, 0, 1, 0]);
        s.record(PERMODULE_GLOBALVAR_INIT_REFS, &[0, 0]);
        s.record(ALIAS, &[2, 0, 0]);
        let text = s.text(&["bar", "foo", "baz"], b"m").unwrap();
        let text: Vec<String> = text.iter().map(|l| String::from_utf8(l.to_vec()).unwrap()).collect();
        assert_eq!(text[0], "^0 = module: (path: \"m\", hash: (0, 0, 0, 0, 0))");
        let flags =
            "(linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0)";
        assert_eq!(
            text[1],
            format!("^1 = gv: (name: \"bar\", summaries: (variable: (module: ^0, flags: {flags}, varFlags: (readonly: 0, writeonly: 0, constant: 0))))")
        );
        assert_eq!(
            text[2],
            format!("^2 = gv: (name: \"foo\", summaries: (function: (module: ^0, flags: {flags}, insts: 1)))")
        );
        assert_eq!(
            text[3],
            format!("^3 = gv: (name: \"baz\", summaries: (alias: (module: ^0, flags: {flags}, aliasee: ^1)))")
        );
    }

    #[test]
    fn combined_entries_use_guids_and_module_paths() {
        let mut s = Summary::default();
        s.module_path_record(1, &[1, b'a' as u64]);
        s.module_path_record(1, &[2, b'b' as u64]);
        s.record(VERSION, &[1]);
        s.record(COMBINED, &[1, 2, 0, 1, 0]);
        // Version 1 calls carry a call-site count after the callee.
        s.record(COMBINED, &[2, 1, 0, 2, 0, 1, 1]);
        s.combined_entry(&[1, 7]);
        s.combined_entry(&[2, 9]);
        let text = s.text(&[], b"").unwrap();
        let text: Vec<String> = text.iter().map(|l| String::from_utf8(l.to_vec()).unwrap()).collect();
        assert_eq!(text.len(), 4);
        assert_eq!(text[1], "^1 = module: (path: \"b\", hash: (0, 0, 0, 0, 0))");
        assert!(text[2].starts_with("^2 = gv: (guid: 7, summaries: (function: (module: ^1, flags: (linkage: external, visibility: default, notEligibleToImport: 1, live: 1,"), "{}", text[2]);
        assert!(text[3].ends_with("insts: 2, calls: ((callee: ^2)))))"), "{}", text[3]);
    }

    #[test]
    fn records_not_understood_leave_the_summary_out() {
        let mut s = Summary::default();
        s.record(VERSION, &[7]);
        s.record(11, &[1, 2]); // FS_TYPE_TESTS
        assert!(s.text(&["f"], b"").is_none());
        let mut s = Summary::default();
        s.record(VERSION, &[99]);
        assert!(s.text(&["f"], b"").is_none());
        // A truncated record is not a panic.
        let mut s = Summary::default();
        s.record(VERSION, &[7]);
        s.record(PERMODULE, &[0, 0, 1, 0, 5]);
        assert!(s.text(&["f"], b"").is_none());
    }
}
