//! The LLVM verifier's structural rules libNVVM also fails on: PHI nodes first in their block, and
//! every instruction dominating its uses. Both paths print LLVM's own text.

use crate::{Findings, Location};
use nvir_llvm::ir::dom::Dominators;
use nvir_llvm::ir::{BlockId, Function, InstId, InstKind, Value};

pub(crate) fn check(f: &Function, out: &mut Findings) {
    let at = |b: BlockId, i: InstId| Location::Instruction {
        function: f.name.to_string(),
        block: f.blocks[b].name.as_str().unwrap_or("").to_string(),
        block_id: b,
        inst: i,
        offset: f.inst_offset(i),
    };
    // Where each instruction is: its block and position (eight bytes an instruction).
    let mut place: Vec<Option<(BlockId, u32)>> = vec![None; f.insts.len()];
    for &b in &f.layout {
        for (pos, &i) in f.blocks[b].insts.iter().enumerate() {
            place[i.index()] = Some((b, pos as u32));
        }
    }
    for &b in &f.layout {
        let mut past_phis = false;
        for &i in &f.blocks[b].insts {
            let is_phi = matches!(f.insts[i].kind, InstKind::Phi { .. });
            if is_phi && past_phis {
                out.error("llvm-phi-placement", "PHI nodes not grouped at top of basic block!", at(b, i));
                return;
            }
            past_phis |= !is_phi;
        }
    }
    // Most uses are in their definition's block, after it: dominators are computed only for a
    // function with a use elsewhere.
    let local = f.layout.iter().all(|&b| {
        f.blocks[b].insts.iter().enumerate().all(|(pos, &i)| {
            let mut ok = !matches!(f.insts[i].kind, InstKind::Phi { .. });
            f.insts[i].kind.for_each_operand(|v| {
                if let Value::Inst(d) = v {
                    ok &= matches!(place[d.index()], Some((db, dpos)) if db == b && (dpos as usize) < pos);
                }
            });
            ok
        })
    });
    if local {
        return;
    }
    let dom = Dominators::new(f);
    for &b in &f.layout {
        if !dom.reachable(b) {
            continue;
        }
        for (pos, &i) in f.blocks[b].insts.iter().enumerate() {
            let kind = &f.insts[i].kind;
            let mut bad = false;
            if let InstKind::Phi { incoming, .. } = kind {
                for &(v, from) in incoming.iter() {
                    if let Value::Inst(d) = v {
                        let dominated = match place[d.index()] {
                            Some((db, _)) => !dom.reachable(from) || dom.dominates(db, from),
                            None => false,
                        };
                        bad |= !dominated;
                    }
                }
            } else {
                kind.for_each_operand(|v| {
                    if let Value::Inst(d) = v {
                        let dominated = match place[d.index()] {
                            Some((db, dpos)) if db == b => (dpos as usize) < pos,
                            Some((db, _)) => dom.dominates(db, b),
                            None => false,
                        };
                        bad |= !dominated;
                    }
                });
            }
            if bad {
                out.error("llvm-dominance", "Instruction does not dominate all uses!", at(b, i));
                return;
            }
        }
    }
}
