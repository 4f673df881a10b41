//! The bitcode reader against the corpus: each `.bc` reads into the module its `.ll`
//! twin reads into (compared as printed text: the two readers create types, constants and
//! metadata in different orders, so handles differ while the modules say the same), every
//! truncation of a real file is an error or the same module, and malformed input is reported
//! with the block, record and producer.

use nvir_llvm::{bitcode, print, Syntax};
use std::path::{Path, PathBuf};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/llvm")
}

/// Every `.bc` of the clang-14, clang-19 and libNVVM-20 corpora with its `.ll` twin.
fn bitcode_files() -> Vec<(PathBuf, PathBuf)> {
    let mut out = Vec::new();
    for dir in ["clang14", "clang19", "nvvm20"] {
        let Ok(entries) = std::fs::read_dir(corpus_dir().join(dir)) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "bc") {
                out.push((p.clone(), p.with_extension("ll")));
            }
        }
    }
    out.sort();
    assert!(out.len() >= 30, "bitcode corpus missing under {}", corpus_dir().display());
    out
}

fn printed(m: &nvir_llvm::Module) -> String {
    print(m, Syntax::Faithful).expect("prints").text
}

/// A declaration of an LLVM intrinsic up to its function attributes: `llvm-as` replaces those
/// with its own table's when it writes bitcode, so a twin assembled by it may differ there.
fn intrinsic_declaration_head(line: &str) -> Option<&str> {
    line.starts_with("declare ").then_some(())?;
    let open = line.find(" @llvm.")? + line[line.find(" @llvm.")?..].find('(')?;
    let mut depth = 0;
    for (i, c) in line[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 1 => return Some(&line[..=open + i]),
            ')' => depth -= 1,
            _ => {}
        }
    }
    None
}

#[test]
fn corpus_bitcode_reads_as_its_text_twin() {
    for (bc, ll) in bitcode_files() {
        let bytes = std::fs::read(&bc).unwrap();
        let from_bc = bitcode::read(&bytes).unwrap_or_else(|e| panic!("{}: {e}", bc.display()));
        let from_ll = nvir_llvm::parse_bytes(&std::fs::read(&ll).unwrap()).expect("twin parses");
        let (a, b) = (printed(&from_bc), printed(&from_ll));
        if a == b {
            continue;
        }
        let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
        assert_eq!(la.len(), lb.len(), "{}: line counts differ", bc.display());
        for (x, y) in la.iter().zip(&lb) {
            if x != y {
                let same_head = intrinsic_declaration_head(x).is_some_and(|h| Some(h) == intrinsic_declaration_head(y));
                assert!(same_head, "{}:\n bitcode: {x}\n text:    {y}", bc.display());
            }
        }
    }
}

/// Debug information: bitcode written by llvm-as-14 and -19, against llvm-dis's text of it.
#[test]
fn debug_info_reads_as_llvm_dis_prints_it() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bitcode");
    for v in [14, 19] {
        let bc = std::fs::read(dir.join(format!("debug_info.{v}.bc"))).unwrap();
        let dis = std::fs::read(dir.join(format!("debug_info.{v}.dis.ll"))).unwrap();
        let a = printed(&bitcode::read(&bc).unwrap_or_else(|e| panic!("LLVM {v}: {e}")));
        let b = printed(&nvir_llvm::parse_bytes(&dis).unwrap());
        assert!(a.contains("DISubprogram") && a.contains("DILocation"), "{a}");
        for (x, y) in a.lines().zip(b.lines()) {
            if x != y {
                let same_head = intrinsic_declaration_head(x).is_some_and(|h| Some(h) == intrinsic_declaration_head(y));
                assert!(same_head, "LLVM {v}:\n bitcode: {x}\n text:    {y}");
            }
        }
        assert_eq!(a.lines().count(), b.lines().count(), "LLVM {v}");
    }
}

/// `DIObjCProperty`'s getter and setter names: LLVM 7 … 21 write the text's getter as the
/// record's fourth operand, LLVM 22 its setter (it fixed a swap in its text reader and one in its
/// bitcode reader that had cancelled out). Bitcode of one module written by LLVM 14, 19 and 22
/// (llvmlite 0.50) reads back as that module's text, each by its producer's layout.
#[test]
fn objc_property_names_follow_the_producer() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bitcode");
    let want = r#"!DIObjCProperty(name: "p", file: !2, line: 3, setter: "setP:", getter: "getP", attributes: 7)"#;
    for (v, producer) in [(14, "LLVM14"), (19, "LLVM19"), (22, "LLVM22")] {
        let r = bitcode::read_with_ident(&std::fs::read(dir.join(format!("objc_property.{v}.bc"))).unwrap())
            .unwrap_or_else(|e| panic!("LLVM {v}: {e}"));
        assert!(r.ident.producer.as_deref().is_some_and(|p| p.starts_with(producer)), "{:?}", r.ident.producer);
        let text = printed(&r.module);
        assert!(text.contains(want), "LLVM {v}:\n{text}");
    }
    // nvir's own layouts read back as they were written.
    let m = nvir_llvm::parse_bytes(&std::fs::read(dir.join("objc_property.ll")).unwrap()).unwrap();
    for layout in [bitcode::Layout::Llvm7, bitcode::Layout::Modern] {
        let back = bitcode::read(&bitcode::write_as(&m, layout).unwrap()).unwrap();
        assert!(printed(&back).contains(want), "{layout:?}:\n{}", printed(&back));
    }
}

#[test]
fn dialect_follows_the_bitcode() {
    for (bc, _) in bitcode_files() {
        let m = bitcode::read(&std::fs::read(&bc).unwrap()).unwrap();
        let want = if bc.to_string_lossy().contains("clang14") {
            nvir_llvm::ir::Dialect::TypedPointers
        } else {
            nvir_llvm::ir::Dialect::OpaquePointers
        };
        assert_eq!(m.types.dialect(), Some(want), "{}", bc.display());
    }
}

#[test]
fn identification_names_the_producer() {
    let f = corpus_dir().join("clang19/saxpy.O2.bc");
    let r = bitcode::read_with_ident(&std::fs::read(f).unwrap()).unwrap();
    assert_eq!(r.ident.producer.as_deref(), Some("LLVM19.1.7"));
    assert_eq!(r.ident.epoch, Some(0));
}

#[test]
fn every_truncation_is_an_error_or_the_whole_module() {
    for name in ["clang14/atomics.O2.bc", "clang19/structs_byval.O2.bc"] {
        let bytes = std::fs::read(corpus_dir().join(name)).unwrap();
        let whole = printed(&bitcode::read(&bytes).unwrap());
        let mut errors = 0;
        for n in 0..bytes.len() {
            match bitcode::read(&bytes[..n]) {
                Err(e) => {
                    assert!(e.byte_offset() <= n as u64, "{name}[..{n}]: offset past the input: {e}");
                    errors += 1;
                }
                // Cut after the string table: what follows (the symbol table) is an index only.
                Ok(m) => assert_eq!(printed(&m), whole, "{name}[..{n}] read as a different module"),
            }
        }
        assert!(errors * 10 > bytes.len() * 9, "{name}: only {errors} of {} prefixes failed", bytes.len());
    }
}

#[test]
fn wrapper_header_is_unwrapped() {
    let bytes = std::fs::read(corpus_dir().join("clang14/saxpy.O0.bc")).unwrap();
    let mut wrapped = Vec::new();
    for w in [0x0B17_C0DEu32, 0, 20, bytes.len() as u32, 12] {
        wrapped.extend_from_slice(&w.to_le_bytes());
    }
    wrapped.extend_from_slice(&bytes);
    assert!(bitcode::is_bitcode(&wrapped));
    assert_eq!(printed(&bitcode::read(&wrapped).unwrap()), printed(&bitcode::read(&bytes).unwrap()));
    // A wrapper whose size runs past the input.
    wrapped[12] = 0xFF;
    wrapped[13] = 0xFF;
    let e = bitcode::read(&wrapped).unwrap_err();
    assert!(e.to_string().contains("past the end"), "{e}");
}

/// Writes bitstream fields least significant bit first.
#[derive(Default)]
struct BitWriter {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl BitWriter {
    fn put(&mut self, v: u64, w: u32) {
        for i in 0..w {
            self.acc |= ((v >> i) & 1) << self.n;
            self.n += 1;
            if self.n == 8 {
                self.out.push(self.acc as u8);
                self.acc = 0;
                self.n = 0;
            }
        }
    }
    fn vbr(&mut self, mut v: u64, w: u32) {
        let hi = 1 << (w - 1);
        while v >= hi {
            self.put((v & (hi - 1)) | hi, w);
            v >>= w - 1;
        }
        self.put(v, w);
    }
    fn align32(&mut self) {
        while self.n != 0 || !self.out.len().is_multiple_of(4) {
            self.put(0, 1);
        }
    }
    /// A block of unabbreviated records (`code`, operands), abbreviation width 3.
    fn block(&mut self, outer_width: u32, id: u64, records: &[(u64, &[u64])]) {
        let at = self.enter(outer_width, id);
        for (code, ops) in records {
            self.record(*code, ops);
        }
        self.end(at);
    }
    /// Enters block `id` (abbreviation width 3); the result is for [`BitWriter::end`].
    fn enter(&mut self, outer_width: u32, id: u64) -> usize {
        self.put(1, outer_width);
        self.vbr(id, 8);
        self.vbr(3, 4);
        self.align32();
        let len_at = self.out.len();
        self.put(0, 32);
        len_at
    }
    /// An unabbreviated record in a block of width 3.
    fn record(&mut self, code: u64, ops: &[u64]) {
        self.put(3, 3);
        self.vbr(code, 6);
        self.vbr(ops.len() as u64, 6);
        for &o in ops {
            self.vbr(o, 6);
        }
    }
    /// Ends the block entered at `len_at`.
    fn end(&mut self, len_at: usize) {
        self.put(0, 3);
        self.align32();
        let words = ((self.out.len() - len_at - 4) / 4) as u32;
        self.out[len_at..len_at + 4].copy_from_slice(&words.to_le_bytes());
    }
    /// A block the reader skips, of `bytes` zero bytes.
    fn filler(&mut self, bytes: usize) {
        let at = self.enter(3, 99);
        self.out.resize(self.out.len() + bytes, 0);
        self.end(at);
    }
}

/// A module block (in a file with an identification block) whose contents `body` writes.
fn module_of(body: impl FnOnce(&mut BitWriter)) -> Vec<u8> {
    let mut w = BitWriter { out: b"BC\xC0\xDE".to_vec(), ..Default::default() };
    let producer: Vec<u64> = b"Test1.0".iter().map(|&b| u64::from(b)).collect();
    w.block(2, 13, &[(1, &producer), (2, &[0])]);
    let at = w.enter(2, 8);
    w.record(1, &[1]);
    body(&mut w);
    w.end(at);
    w.out
}

/// Counts that make memory are bounded by what the records after them could hold, not by the
/// bits before them (each found as a few hundred kilobytes of input taking gigabytes).
#[test]
fn counts_are_bounded_by_the_records_that_can_follow() {
    // A body declaring as many blocks as there are bits before it, then one instruction.
    let bytes = module_of(|w| {
        w.block(3, 17, &[(2, &[]), (21, &[0, 0])]);
        w.record(8, &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        w.filler(64 << 10);
        w.block(3, 12, &[(1, &[500_000]), (10, &[])]);
    });
    let e = bitcode::read(&bytes).unwrap_err().to_string();
    assert!(e.contains("bad block count 500000"), "{e}");
    // A metadata node naming a node as far ahead as there are bits before it, at the end.
    let bytes = module_of(|w| {
        w.filler(64 << 10);
        w.block(3, 15, &[(3, &[500_001])]);
    });
    let e = bitcode::read(&bytes).unwrap_err().to_string();
    assert!(e.contains("metadata id 500000 out of range"), "{e}");
    // Pre-3.3 attribute lists each naming a high parameter (65,536 slots per 4-byte record).
    let bytes = module_of(|w| {
        let at = w.enter(3, 9);
        for _ in 0..2_000 {
            w.record(1, &[65_535, 1 << 4]);
        }
        w.end(at);
    });
    let e = bitcode::read(&bytes).unwrap_err().to_string();
    assert!(e.contains("more parameter slots than the input could use"), "{e}");
}

/// Modules LLVM's reader refuses are refused here too, at their record, rather than read into a
/// module that does not validate.
#[test]
fn invalid_modules_llvm_refuses_are_refused() {
    // A function definition (FUNCTION record, isproto 0) whose function block never comes.
    let bytes = module_of(|w| {
        w.block(3, 17, &[(2, &[]), (21, &[0, 0])]);
        w.record(8, &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    });
    let e = bitcode::read(&bytes).unwrap_err().to_string();
    assert!(e.contains("is a definition but has no function block (0 blocks for 1 definitions)"), "{e}");
    assert!(e.contains("at bit"), "{e}");
    // An i32 global whose initializer is an i64 constant (LLVM's invalid-initializer.bc).
    let bytes = module_of(|w| {
        w.block(3, 17, &[(7, &[32]), (7, &[64])]);
        w.record(7, &[0, 2, 1, 0, 0, 0]);
        w.block(3, 11, &[(1, &[1]), (4, &[2])]);
    });
    let e = bitcode::read(&bytes).unwrap_err().to_string();
    assert!(e.contains("initializer (value 0) is not of the global's type"), "{e}");
    // A select constant with an i64 condition, and one whose arms are not of its type.
    let select = |cond_ty: u64, arm_ty: u64| {
        module_of(|w| {
            w.block(3, 17, &[(7, &[32]), (7, &[64]), (7, &[1])]);
            let c: &[u64] = &[1];
            w.block(3, 11, &[(1, &[cond_ty]), (4, &[2]), (1, &[arm_ty]), (4, &[4]), (1, c), (13, &[0, 1, 1])]);
        })
    };
    let e = bitcode::read(&select(1, 1)).unwrap_err().to_string();
    assert!(e.contains("select constant's condition is not i1"), "{e}");
    let e = bitcode::read(&select(2, 0)).unwrap_err().to_string();
    assert!(e.contains("select constant's operands are not of its type"), "{e}");
    assert!(bitcode::read(&select(2, 1)).is_ok());
}

/// What a few bits of bitcode may make is bounded: operands that take no bits, and names that
/// records copy by id from a shared string.
#[test]
fn shared_and_free_operands_are_bounded() {
    // An abbreviation of ten literal operands after its code, then used a thousand times.
    let bytes = module_of(|w| {
        w.put(2, 3);
        w.vbr(11, 5);
        for v in [99, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] {
            w.put(1, 1);
            w.vbr(v, 8);
        }
        for _ in 0..1000 {
            w.put(4, 3);
        }
    });
    let e = bitcode::read(&bytes).unwrap_err().to_string();
    assert!(e.contains("abbreviation with 10 operands that take no bits"), "{e}");
    // A 20 KB section name named by a thousand globals: 20 MB of copies from 20 KB.
    let bytes = module_of(|w| {
        w.block(3, 17, &[(7, &[32])]);
        w.record(5, &[u64::from(b's'); 20_000]);
        for _ in 0..1000 {
            w.record(7, &[0, 2, 0, 0, 0, 1]);
        }
    });
    let e = bitcode::read(&bytes).unwrap_err().to_string();
    assert!(e.contains("names copied from shared string ranges add up to more than"), "{e}");
    // As many copies as a legitimate module makes read.
    let bytes = module_of(|w| {
        w.block(3, 17, &[(7, &[32])]);
        w.record(5, &[u64::from(b's'); 200]);
        for _ in 0..1000 {
            w.record(7, &[0, 2, 0, 0, 0, 1]);
        }
    });
    assert_eq!(bitcode::read(&bytes).unwrap().globals.len(), 1000);
}

fn module_with(records: &[(u64, &[u64])]) -> Vec<u8> {
    let mut w = BitWriter { out: b"BC\xC0\xDE".to_vec(), ..Default::default() };
    let producer: Vec<u64> = b"Test1.0".iter().map(|&b| u64::from(b)).collect();
    w.block(2, 13, &[(1, &producer), (2, &[0])]);
    w.block(2, 8, records);
    w.out
}

#[test]
fn unknown_records_name_code_block_and_producer() {
    let bytes = module_with(&[(1, &[2]), (99, &[1, 2, 3])]);
    let e = bitcode::read(&bytes).unwrap_err().to_string();
    assert!(e.contains("unknown record code 99 in MODULE_BLOCK"), "{e}");
    assert!(e.contains("producer 'Test1.0'"), "{e}");
    assert!(e.contains("at bit"), "{e}");
}

#[test]
fn a_minimal_module_reads() {
    let triple: Vec<u64> = b"nvptx64-nvidia-cuda".iter().map(|&b| u64::from(b)).collect();
    let m = bitcode::read(&module_with(&[(1, &[2]), (2, &triple)])).unwrap();
    assert_eq!(m.triple.as_deref(), Some(&b"nvptx64-nvidia-cuda"[..]));
}

#[test]
fn counts_larger_than_the_input_are_refused_before_allocating() {
    // A record claiming 2^40 operands, and a type table claiming 2^40 entries.
    let mut w = BitWriter { out: b"BC\xC0\xDE".to_vec(), ..Default::default() };
    w.put(1, 2);
    w.vbr(8, 8);
    w.vbr(3, 4);
    w.align32();
    let len_at = w.out.len();
    w.put(0, 32);
    w.put(3, 3);
    w.vbr(1, 6);
    w.vbr(1 << 40, 6);
    w.align32();
    w.out.resize(w.out.len() + 400, 0);
    let words = ((w.out.len() - len_at - 4) / 4) as u32;
    w.out[len_at..len_at + 4].copy_from_slice(&words.to_le_bytes());
    let e = bitcode::read(&w.out).unwrap_err();
    assert!(e.to_string().contains("runs past"), "{e}");
}

#[test]
fn not_bitcode_is_refused() {
    let e = bitcode::read(b"define void @f() {\n  ret void\n}\n").unwrap_err();
    assert!(e.to_string().contains("not LLVM bitcode"), "{e}");
    assert!(bitcode::read(b"").is_err());
}

/// A body that refers to metadata it never defines is an error at its end, whichever reader
/// reads it and whatever it read before (found by the fuzzer: a later body's metadata block used
/// to notice, so the error depended on which chunk went to which thread).
#[test]
fn undefined_body_metadata_is_the_same_error_on_any_thread() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bitcode/dangling_md.bc");
    let bytes = std::fs::read(&path).unwrap();
    let seq = bitcode::read_with_options(&bytes, nvir_llvm::ParseOptions::SEQUENTIAL)
        .err()
        .unwrap_or_else(|| panic!("an error expected"));
    assert!(seq.to_string().contains("metadata id 59 used in the body of @"), "{seq}");
    for round in 0..20 {
        for threads in [2, 3, 5] {
            let par = bitcode::read_with_options(&bytes, nvir_llvm::ParseOptions { threads, min_chunk: 1 });
            assert_eq!(par.err().as_ref(), Some(&seq), "round {round} on {threads} threads");
        }
    }
}

/// Reading on several threads (here with chunks of one function) builds the module a sequential
/// read builds, handle for handle: types, constants, metadata (`distinct` numbers included),
/// attribute sets and struct order.
#[test]
fn threads_build_the_sequential_module() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bitcode");
    let mut files: Vec<PathBuf> = bitcode_files().into_iter().map(|(bc, _)| bc).collect();
    files.extend([14, 19].map(|v| dir.join(format!("debug_info.{v}.bc"))));
    files.push(dir.join("loops.14.bc"));
    let mut split = 0;
    for f in files {
        let bytes = std::fs::read(&f).unwrap();
        let seq = bitcode::read_with_options(&bytes, nvir_llvm::ParseOptions::SEQUENTIAL)
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        for threads in [2, 3, 5] {
            let par = bitcode::read_with_options(&bytes, nvir_llvm::ParseOptions { threads, min_chunk: 1 }).unwrap();
            assert!(par.module == seq.module, "{} on {threads} threads", f.display());
            assert!(!par.reread, "{} on {threads} threads fell back to one", f.display());
        }
        split += usize::from(seq.module.functions.iter().filter(|(_, f)| f.is_definition).count() > 1);
    }
    assert!(split >= 20, "only {split} inputs have two bodies to split");
}
