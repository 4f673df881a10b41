//! Dominance: which blocks every path from a function's entry passes through.
//!
//! [`Dominators`] is computed once per function in near-linear time (Cooper, Harvey and
//! Kennedy's iteration over reverse post-order, with no recursion, so deep control flow cannot
//! overflow the stack) and answers "does block A dominate block B" in constant time. The IR
//! validator's SSA rules ([`super::valid::validate_ssa`]) and `nvir-verify` both use it.

use super::function::{BlockId, Function};

/// Where each block sits in the layout, and the immediate dominator of each reachable block
/// (Cooper, Harvey and Kennedy's iteration over reverse post-order).
#[derive(Debug, Clone)]
pub struct Dominators {
    /// Reverse post-order number by block index (`None`: unreachable).
    rpo: Vec<Option<usize>>,
    /// Each reachable block's interval in a depth-first numbering of the dominator tree, by
    /// reverse post-order number: `a` dominates `b` when `a`'s interval holds `b`'s.
    interval: Vec<(u32, u32)>,
}

impl Dominators {
    /// The dominator tree of `f`'s reachable blocks.
    pub fn new(f: &Function) -> Dominators {
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
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        let (Some(a), Some(b)) = (self.rpo[a.index()], self.rpo[b.index()]) else { return false };
        let (ia, ib) = (self.interval[a], self.interval[b]);
        ia.0 <= ib.0 && ib.0 <= ia.1
    }

    /// Whether `b` is reachable from the entry block.
    pub fn reachable(&self, b: BlockId) -> bool {
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
