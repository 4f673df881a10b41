//! The listing `nvir tile dump` writes of a CUDA Tile IR module: shared by the CLI and the
//! Python bindings.

use nvir_tile::ir::{Module, Section, SectionLayout};
use nvir_tile::{tables, text::TypeText};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::Write;

/// Op counts by name of a function, added to `total` too (each body is walked once).
pub fn op_counts(
    m: &Module,
    f: &nvir_tile::ir::Function,
    total: &mut BTreeMap<&'static str, usize>,
) -> BTreeMap<&'static str, usize> {
    let mut counts = BTreeMap::new();
    m.for_each_op_in(f, |op| {
        *counts.entry(tables::op_info(op.opcode.into()).map_or("?", |i| i.name)).or_insert(0) += 1;
    });
    for (k, v) in &counts {
        *total.entry(*k).or_insert(0) += v;
    }
    counts
}

/// The JSON dump, written a function at a time (as `to_string_pretty` would write it whole).
pub fn dump_json(out: &mut dyn Write, m: &Module, name: &str) -> std::io::Result<()> {
    use serde::ser::{SerializeMap, Serializer};
    let text = TypeText::new(m);
    let functions = Functions(m, &text, RefCell::new(BTreeMap::new()));
    let mut ser = serde_json::Serializer::pretty(out);
    let mut map = (&mut ser).serialize_map(None)?;
    map.serialize_entry("file", name)?;
    map.serialize_entry("version", &m.version.to_string())?;
    map.serialize_entry("tag", &m.tag)?;
    map.serialize_entry("sections", &Sections(m))?;
    map.serialize_entry("strings", &m.strings.len())?;
    map.serialize_entry("types", &m.types.len())?;
    map.serialize_entry("constants", &m.constants.len())?;
    map.serialize_entry("globals", &m.globals.len())?;
    map.serialize_entry("functions", &functions)?;
    map.serialize_entry("op_counts", &*functions.2.borrow())?;
    map.end()?;
    writeln!(ser.into_inner())
}

/// Every section in file order, and whether a later copy replaced it.
pub fn sections(m: &Module) -> impl Iterator<Item = (SectionLayout, bool)> + '_ {
    m.sections.iter().flat_map(|s| -> Box<dyn Iterator<Item = (SectionLayout, bool)> + '_> {
        match s {
            Section::Replaced(r) => Box::new(r.sections().map(|(l, _)| (l, true))),
            other => Box::new(other.live().cloned().map(|l| (l, false)).into_iter()),
        }
    })
}

/// The sections of the JSON dump, each made as it is written.
struct Sections<'m>(&'m Module);

impl serde::Serialize for Sections<'_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        ser.collect_seq(sections(self.0).map(|(l, replaced)| {
            serde_json::json!({
                "id": l.id,
                "name": tables::section::name(l.id),
                "offset": l.offset,
                "payload_offset": l.payload.0,
                "len": l.payload.1,
                "align": l.align,
                "padding": l.padding.len(),
                "replaced": replaced,
            })
        }))
    }
}

/// The functions of the JSON dump, each made as it is written, and the op counts of all of them
/// (known once they are written).
struct Functions<'m>(&'m Module, &'m TypeText<'m>, RefCell<BTreeMap<&'static str, usize>>);

impl serde::Serialize for Functions<'_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let Functions(m, text, all) = self;
        ser.collect_seq(m.functions.iter().map(|f| {
            let counts = op_counts(m, f, &mut all.borrow_mut());
            serde_json::json!({
                "name": String::from_utf8_lossy(m.string(f.name)),
                "offset": f.offset,
                "signature": text.get(f.signature),
                "ops": counts.values().sum::<usize>(),
                "op_counts": counts,
            })
        }))
    }
}
