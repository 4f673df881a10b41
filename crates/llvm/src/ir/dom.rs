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
    /// Reverse post-order number by block index (`UNREACHABLE`: not reached from the entry).
    rpo: Vec<u32>,
    /// Each reachable block's interval in a depth-first numbering of the dominator tree, by
    /// reverse post-order number: `a` dominates `b` when `a`'s interval holds `b`'s.
    interval: Vec<(u32, u32)>,
}

/// No number: an unreachable block, or an immediate dominator not found yet.
const UNREACHABLE: u32 = u32::MAX;

/// Lists of numbers, one per node, in one allocation: list `i` is `items[start[i]..start[i + 1]]`
/// (a successor, predecessor or child list costs four bytes an entry and four a node, where a
/// vector each cost 24 and an allocation: a function of 200,000 blocks in a chain took 35 MB).
struct Lists {
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Lists {
    /// Lists for `n` nodes from `(node, item)` pairs that `pairs` yields (twice: once to count),
    /// each list in the order its pairs come.
    fn from_pairs<I: Iterator<Item = (u32, u32)>>(n: usize, pairs: impl Fn() -> I) -> Lists {
        let mut start = vec![0u32; n + 1];
        for (node, _) in pairs() {
            start[node as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut items = vec![0u32; start[n] as usize];
        let mut fill = start.clone();
        for (node, item) in pairs() {
            items[fill[node as usize] as usize] = item;
            fill[node as usize] += 1;
        }
        Lists { start, items }
    }

    fn get(&self, i: u32) -> &[u32] {
        &self.items[self.start[i as usize] as usize..self.start[i as usize + 1] as usize]
    }
}

impl Dominators {
    /// The dominator tree of `f`'s reachable blocks.
    pub fn new(f: &Function) -> Dominators {
        let n = f.blocks.len();
        // Each block's successors, by block index.
        let mut succ = Lists { start: Vec::with_capacity(n + 1), items: Vec::new() };
        for (_, block) in f.blocks.iter() {
            succ.start.push(succ.items.len() as u32);
            if let Some(&last) = block.insts.last() {
                f.insts[last].kind.for_each_successor(|s| succ.items.push(s.index() as u32));
            }
        }
        succ.start.push(succ.items.len() as u32);
        // Post-order by an explicit depth-first walk (block, next successor).
        let mut order: Vec<u32> = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        if let Some(&entry) = f.layout.first() {
            let e = entry.index() as u32;
            let mut stack: Vec<(u32, u32)> = vec![(e, succ.start[e as usize])];
            seen[e as usize] = true;
            while let Some((b, next)) = stack.last_mut() {
                if *next < succ.start[*b as usize + 1] {
                    let s = succ.items[*next as usize];
                    *next += 1;
                    if !seen[s as usize] {
                        seen[s as usize] = true;
                        stack.push((s, succ.start[s as usize]));
                    }
                } else {
                    order.push(*b);
                    stack.pop();
                }
            }
        }
        drop(seen);
        order.reverse();
        let mut rpo = vec![UNREACHABLE; n];
        for (i, &b) in order.iter().enumerate() {
            rpo[b as usize] = i as u32;
        }
        // Predecessors by reverse post-order number, reachable ones only.
        let m = order.len();
        let (succ_of, rpo_of) = (&succ, &rpo);
        let preds = Lists::from_pairs(m, || {
            order.iter().enumerate().flat_map(move |(i, &b)| {
                succ_of.get(b).iter().map(move |&s| (rpo_of[s as usize], i as u32)).filter(|p| p.0 != UNREACHABLE)
            })
        });
        drop(succ);
        let mut idom = vec![UNREACHABLE; m];
        if m > 0 {
            idom[0] = 0;
        }
        let mut changed = true;
        while changed {
            changed = false;
            for i in 1..m {
                let mut new = UNREACHABLE;
                for &p in preds.get(i as u32) {
                    if idom[p as usize] == UNREACHABLE {
                        continue;
                    }
                    new = if new == UNREACHABLE { p } else { intersect(&idom, p, new) };
                }
                if new != idom[i] {
                    idom[i] = new;
                    changed = true;
                }
            }
        }
        drop(preds);
        let children = Lists::from_pairs(m, || {
            idom.iter().enumerate().skip(1).filter(|p| *p.1 != UNREACHABLE).map(|(i, &d)| (d, i as u32))
        });
        drop(idom);
        let mut interval = vec![(u32::MAX, 0); m];
        let mut clock = 0u32;
        if m > 0 {
            let mut stack: Vec<(u32, u32)> = vec![(0, 0)];
            interval[0].0 = 0;
            while let Some((b, next)) = stack.last_mut() {
                if let Some(&c) = children.get(*b).get(*next as usize) {
                    *next += 1;
                    clock += 1;
                    interval[c as usize].0 = clock;
                    stack.push((c, 0));
                } else {
                    interval[*b as usize].1 = clock;
                    stack.pop();
                }
            }
        }
        Dominators { rpo, interval }
    }

    /// Whether block `a` dominates block `b` (both reachable).
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        let (a, b) = (self.rpo[a.index()], self.rpo[b.index()]);
        if a == UNREACHABLE || b == UNREACHABLE {
            return false;
        }
        let (ia, ib) = (self.interval[a as usize], self.interval[b as usize]);
        ia.0 <= ib.0 && ib.0 <= ia.1
    }

    /// Whether `b` is reachable from the entry block.
    pub fn reachable(&self, b: BlockId) -> bool {
        self.rpo[b.index()] != UNREACHABLE
    }
}

fn intersect(idom: &[u32], mut a: u32, mut b: u32) -> u32 {
    while a != b {
        while a > b {
            a = idom[a as usize];
        }
        while b > a {
            b = idom[b as usize];
        }
    }
    a
}
