use std::time::Instant;
fn main() {
    let p = std::env::args().nth(1).unwrap();
    let t = Instant::now();
    let b = std::fs::read(&p).unwrap();
    let t1 = t.elapsed();
    let m = nvir_llvm::parse_bytes(&b).unwrap();
    let t2 = t.elapsed();
    drop(m);
    let t3 = t.elapsed();
    drop(b);
    eprintln!("read {:?} parse {:?} drop {:?}", t1, t2 - t1, t3 - t2);
}
