//! The LLVM verifier's structural rules libNVVM also fails on: PHI nodes first in their block, and
//! every instruction dominating its uses. Both paths print LLVM's own text.

use crate::{Findings, Location};
use nvir_llvm::ir::{BlockId, Function, InstId, InstKind, Value};

/// Where each block sits in the layout, and the immediate dominator of each reachable block
/// (Cooper, Harvey and Kennedy's iteration over reverse post-order).
struct Dominators {
    /// Reverse post-order number by block index (`None`: unreachable).
    rpo: Vec<Option<usize>>,
    /// Each reachable block's interval in a depth-first numbering of the dominator tree, by
    /// reverse post-order number: `a` dominates `b` when `a`'s interval holds `b`'s.
    interval: Vec<(u32, u32)>,
}

impl Dominators {
    fn new(f: &Function) -> Dominators {
        let n = f.blocks.len();
        let succ = |b: BlockId| {
            let mut out = Vec::new();
            if let Some(&last) = f.blocks[b].insts.last() {
                f.insts[last].kind.for_each_successor(|s| out.push(s));
            }
            out
        };
        // Post-order by an explicit stack (no recursion on deep CFGs).
        let mut order = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        if let Some(&entry) = f.layout.first() {
            let mut stack = vec![(entry, succ(entry), 0usize)];
            seen[entry.index()] = true;
            while let Some((b, ss, i)) = stack.last_mut() {
                if let Some(&s) = ss.get(*i) {
                    *i += 1;
                    if !seen[s.index()] {
                        seen[s.index()] = true;
                        let next = succ(s);
                        stack.push((s, next, 0));
                    }
                } else {
                    order.push(*b);
                    stack.pop();
                }
            }
        }
        order.reverse();
        let mut rpo = vec![None; n];
        for (i, b) in order.iter().enumerate() {
            rpo[b.index()] = Some(i);
        }
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); order.len()];
        for (i, &b) in order.iter().enumerate() {
            for s in succ(b) {
                if let Some(j) = rpo[s.index()] {
                    preds[j].push(i);
                }
            }
        }
        let mut idom = vec![usize::MAX; order.len()];
        if !order.is_empty() {
            idom[0] = 0;
        }
        let mut changed = true;
        while changed {
            changed = false;
            for i in 1..order.len() {
                let mut new = usize::MAX;
                for &p in &preds[i] {
                    if idom[p] == usize::MAX {
                        continue;
                    }
                    new = if new == usize::MAX { p } else { intersect(&idom, p, new) };
                }
                if new != idom[i] {
                    idom[i] = new;
                    changed = true;
                }
            }
        }
        // Number the dominator tree depth-first (an explicit stack), so each query is O(1).
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); order.len()];
        for (i, &d) in idom.iter().enumerate().skip(1) {
            if d != usize::MAX {
                children[d].push(i);
            }
        }
        let mut interval = vec![(u32::MAX, 0); order.len()];
        let mut clock = 0u32;
        if !order.is_empty() {
            let mut stack = vec![(0usize, 0usize)];
            interval[0].0 = 0;
            while let Some((b, next)) = stack.last_mut() {
                if let Some(&c) = children[*b].get(*next) {
                    *next += 1;
                    clock += 1;
                    interval[c].0 = clock;
                    stack.push((c, 0));
                } else {
                    interval[*b].1 = clock;
                    stack.pop();
                }
            }
        }
        Dominators { rpo, interval }
    }

    /// Whether block `a` dominates block `b` (both reachable).
    fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        let (Some(a), Some(b)) = (self.rpo[a.index()], self.rpo[b.index()]) else { return false };
        let (ia, ib) = (self.interval[a], self.interval[b]);
        ia.0 <= ib.0 && ib.0 <= ia.1
    }

    fn reachable(&self, b: BlockId) -> bool {
        self.rpo[b.index()].is_some()
    }
}

fn intersect(idom: &[usize], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while a > b {
            a = idom[a];
        }
        while b > a {
            b = idom[b];
        }
    }
    a
}

pub(crate) fn check(f: &Function, out: &mut Findings) {
    let at = |b: BlockId, i: InstId| Location::Instruction {
        function: f.name.to_string(),
        block: f.blocks[b].name.as_str().unwrap_or("").to_string(),
        block_id: b,
        inst: i,
        offset: f.inst_offset(i),
    };
    // Where each instruction is: its block and position.
    let mut place: Vec<Option<(BlockId, usize)>> = vec![None; f.insts.len()];
    for &b in &f.layout {
        for (pos, &i) in f.blocks[b].insts.iter().enumerate() {
            place[i.index()] = Some((b, pos));
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
                    ok &= matches!(place[d.index()], Some((db, dpos)) if db == b && dpos < pos);
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
                            Some((db, dpos)) if db == b => dpos < pos,
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
