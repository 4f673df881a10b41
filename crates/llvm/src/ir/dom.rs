//! Dominance: which blocks every path from a function's entry passes through.
//!
//! [`Dominators`] is computed once per function in O(e log n) time (Lengauer and Tarjan's
//! algorithm with path compression, with no recursion, so deep control flow cannot overflow the
//! stack) and answers "does block A dominate block B" in constant time. The IR
//! validator's SSA rules ([`super::valid::validate_ssa`]) and `nvir-verify` both use it.
//!
//! Most functions have a handful of blocks: up to 64, each block's dominators are a bit set,
//! found by iterating the definition to its fixed point with no allocation but the answer
//! (a tenth of the instructions Lengauer and Tarjan's bookkeeping takes on such functions).

use super::function::{BlockId, Function};

/// Where each block sits in the layout, and the immediate dominator of each reachable block
/// (Lengauer and Tarjan's algorithm: Cooper, Harvey and Kennedy's iteration is quadratic where
/// one block has many back edges from a long chain, 100,000 blocks each branching back to the
/// first took minutes).
#[derive(Debug, Clone)]
pub struct Dominators(Repr);

#[derive(Debug, Clone)]
enum Repr {
    /// A function of at most 64 blocks: the blocks reached from the entry, and each block's
    /// dominators, as bit sets by block index.
    Small { reached: u64, dom: Box<[u64]> },
    Large {
        /// Reverse post-order number by block index (`UNREACHABLE`: not reached from the entry).
        rpo: Vec<u32>,
        /// Each reachable block's interval in a depth-first numbering of the dominator tree, by
        /// reverse post-order number: `a` dominates `b` when `a`'s interval holds `b`'s.
        interval: Vec<(u32, u32)>,
    },
}

/// Whether bit `i` of `set` is set.
fn has(set: u64, i: usize) -> bool {
    i < 64 && set >> i & 1 == 1
}

/// The bits of a set, lowest first.
fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let b = set.trailing_zeros() as usize;
        set &= set.wrapping_sub(1);
        (b < 64).then_some(b)
    })
}

/// The blocks `entry` reaches and each block's dominators (bit sets by block index; a block
/// not reached has none), from each block's successors (`succ`, at most 64 blocks): the
/// definition (a block's dominators are itself and those common to all its reached
/// predecessors) iterated from "every reached block" down to its greatest fixed point.
fn small(entry: usize, succ: &[u64]) -> (u64, Box<[u64]>) {
    let n = succ.len();
    let (mut reached, mut work) = (1u64 << entry, 1u64 << entry);
    while work != 0 {
        let b = work.trailing_zeros() as usize;
        work &= work - 1;
        let new = succ[b] & !reached;
        reached |= new;
        work |= new;
    }
    let mut pred = [0u64; 64];
    for b in bits(reached) {
        for s in bits(succ[b]) {
            pred[s] |= 1 << b;
        }
    }
    let mut dom = vec![0u64; n].into_boxed_slice();
    for b in bits(reached) {
        dom[b] = if b == entry { 1 << b } else { reached };
    }
    let rest = reached & !(1u64 << entry);
    let mut changed = true;
    while changed {
        changed = false;
        for b in bits(rest) {
            let d = bits(pred[b]).fold(reached, |d, p| d & dom[p]) | 1 << b;
            if d != dom[b] {
                dom[b] = d;
                changed = true;
            }
        }
    }
    (reached, dom)
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
        if let (1..=64, Some(&entry)) = (n, f.layout.first()) {
            let mut succ = vec![0u64; n];
            for (b, block) in f.blocks.iter() {
                if let Some(&last) = block.insts.last() {
                    f.insts[last].kind.for_each_successor(|s| {
                        if s.index() < n {
                            succ[b.index()] |= 1 << s.index();
                        }
                    });
                }
            }
            let (reached, dom) = small(entry.index(), &succ);
            return Dominators(Repr::Small { reached, dom });
        }
        // Each block's successors, by block index.
        let mut succ = Lists { start: Vec::with_capacity(n + 1), items: Vec::new() };
        for (_, block) in f.blocks.iter() {
            succ.start.push(succ.items.len() as u32);
            if let Some(&last) = block.insts.last() {
                f.insts[last].kind.for_each_successor(|s| succ.items.push(s.index() as u32));
            }
        }
        succ.start.push(succ.items.len() as u32);
        // Pre-order (with each block's parent in the walk) and post-order by an explicit
        // depth-first walk (block, next successor).
        let mut order: Vec<u32> = Vec::with_capacity(n);
        let mut pre = vec![UNREACHABLE; n];
        let mut vertex: Vec<u32> = Vec::with_capacity(n);
        let mut parent: Vec<u32> = Vec::with_capacity(n);
        if let Some(&entry) = f.layout.first() {
            let e = entry.index() as u32;
            let mut stack: Vec<(u32, u32)> = vec![(e, succ.start[e as usize])];
            pre[e as usize] = 0;
            vertex.push(e);
            parent.push(0);
            while let Some(&mut (b, ref mut next)) = stack.last_mut() {
                if *next < succ.start[b as usize + 1] {
                    let s = succ.items[*next as usize];
                    *next += 1;
                    if pre[s as usize] == UNREACHABLE {
                        pre[s as usize] = vertex.len() as u32;
                        parent.push(pre[b as usize]);
                        vertex.push(s);
                        stack.push((s, succ.start[s as usize]));
                    }
                } else {
                    order.push(b);
                    stack.pop();
                }
            }
        }
        order.reverse();
        let mut rpo = vec![UNREACHABLE; n];
        for (i, &b) in order.iter().enumerate() {
            rpo[b as usize] = i as u32;
        }
        // Predecessors by pre-order number, reachable ones only.
        let m = order.len();
        let (succ_of, pre_of) = (&succ, &pre);
        let preds = Lists::from_pairs(m, || {
            vertex.iter().enumerate().flat_map(move |(i, &b)| {
                succ_of.get(b).iter().map(move |&s| (pre_of[s as usize], i as u32)).filter(|p| p.0 != UNREACHABLE)
            })
        });
        drop(succ);
        let idom_pre = lengauer_tarjan(&preds, &parent);
        drop(preds);
        // The immediate dominators by reverse post-order number.
        let mut idom = vec![UNREACHABLE; m];
        for (i, &b) in vertex.iter().enumerate() {
            idom[rpo[b as usize] as usize] = rpo[vertex[idom_pre[i] as usize] as usize];
        }
        drop((pre, vertex, parent, idom_pre));
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
        Dominators(Repr::Large { rpo, interval })
    }

    /// Whether block `a` dominates block `b` (both reachable).
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        match &self.0 {
            Repr::Small { reached, dom } => {
                has(*reached, a.index()) && dom.get(b.index()).is_some_and(|&d| has(d, a.index()))
            }
            Repr::Large { rpo, interval } => {
                let (a, b) = (rpo[a.index()], rpo[b.index()]);
                if a == UNREACHABLE || b == UNREACHABLE {
                    return false;
                }
                let (ia, ib) = (interval[a as usize], interval[b as usize]);
                ia.0 <= ib.0 && ib.0 <= ia.1
            }
        }
    }

    /// Whether `b` is reachable from the entry block.
    pub fn reachable(&self, b: BlockId) -> bool {
        match &self.0 {
            Repr::Small { reached, .. } => has(*reached, b.index()),
            Repr::Large { rpo, .. } => rpo[b.index()] != UNREACHABLE,
        }
    }
}

/// The immediate dominator of each node of a graph numbered in depth-first pre-order (node 0
/// the root, `parent` each node's parent in that walk, `preds` its predecessors): Lengauer and
/// Tarjan's simple algorithm, with iterative path compression. The root's is itself.
fn lengauer_tarjan(preds: &Lists, parent: &[u32]) -> Vec<u32> {
    let m = parent.len();
    let mut semi: Vec<u32> = (0..m as u32).collect();
    let mut label: Vec<u32> = (0..m as u32).collect();
    let mut ancestor = vec![UNREACHABLE; m];
    let mut idom = vec![0u32; m];
    // Buckets as linked lists: each node is put in one once.
    let mut bucket = vec![UNREACHABLE; m];
    let mut next_in_bucket = vec![UNREACHABLE; m];
    let mut path: Vec<u32> = Vec::new();
    // The node of least semidominator on the path from `v` up to its forest root (exclusive).
    let mut eval = |v: u32, semi: &[u32], label: &mut [u32], ancestor: &mut [u32]| -> u32 {
        if ancestor[v as usize] == UNREACHABLE {
            return v;
        }
        let mut x = v;
        while ancestor[ancestor[x as usize] as usize] != UNREACHABLE {
            path.push(x);
            x = ancestor[x as usize];
        }
        while let Some(y) = path.pop() {
            let a = ancestor[y as usize] as usize;
            if semi[label[a] as usize] < semi[label[y as usize] as usize] {
                label[y as usize] = label[a];
            }
            ancestor[y as usize] = ancestor[a];
        }
        label[v as usize]
    };
    for w in (1..m).rev() {
        for &v in preds.get(w as u32) {
            let u = eval(v, &semi, &mut label, &mut ancestor);
            if semi[u as usize] < semi[w] {
                semi[w] = semi[u as usize];
            }
        }
        let s = semi[w] as usize;
        next_in_bucket[w] = bucket[s];
        bucket[s] = w as u32;
        let p = parent[w];
        ancestor[w] = p;
        let mut v = std::mem::replace(&mut bucket[p as usize], UNREACHABLE);
        while v != UNREACHABLE {
            let u = eval(v, &semi, &mut label, &mut ancestor);
            idom[v as usize] = if semi[u as usize] < semi[v as usize] { u } else { p };
            v = next_in_bucket[v as usize];
        }
    }
    for w in 1..m {
        if idom[w] != semi[w] {
            idom[w] = idom[idom[w] as usize];
        }
    }
    idom
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Immediate dominators by pre-order number, from dominator sets found by iterating to a
    /// fixed point (the definition, on small graphs).
    fn naive(succ: &[Vec<u32>], reach: &[u32]) -> Vec<u32> {
        let m = reach.len();
        let index = |b: u32| reach.iter().position(|&r| r == b);
        let full: u64 = if m == 64 { u64::MAX } else { (1 << m) - 1 };
        let mut dom = vec![full; m];
        dom[0] = 1;
        let mut changed = true;
        while changed {
            changed = false;
            for i in 1..m {
                let mut d = full;
                for (j, s) in succ.iter().enumerate() {
                    if let (true, Some(pj)) = (s.contains(&reach[i]), index(j as u32)) {
                        d &= dom[pj];
                    }
                }
                d |= 1 << i;
                if d != dom[i] {
                    dom[i] = d;
                    changed = true;
                }
            }
        }
        // The immediate dominator: the strict dominator dominated by every other strict one.
        (0..m)
            .map(|i| {
                if i == 0 {
                    return 0;
                }
                let strict = dom[i] & !(1 << i);
                (0..m).find(|&d| strict >> d & 1 == 1 && dom[d] == strict).unwrap() as u32
            })
            .collect()
    }

    /// Whether `a` dominates `b` by the definition: `b` is reached from `entry`, and every path
    /// to it passes through `a` (no path is left once `a` is taken out).
    fn dominates_by_definition(succ: &[u64], entry: usize, a: usize, b: usize) -> bool {
        let reach = |without: Option<usize>| {
            let mut seen = 0u64;
            let mut stack = vec![entry];
            while let Some(x) = stack.pop() {
                if Some(x) == without || has(seen, x) {
                    continue;
                }
                seen |= 1 << x;
                stack.extend(bits(succ[x]));
            }
            seen
        };
        has(reach(None), b) && (a == b || !has(reach(Some(a)), b))
    }

    #[test]
    fn small_sets_match_the_definition_on_random_graphs() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut rand = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for round in 0..1000 {
            // Mostly small graphs, some of the full 64 blocks.
            let n = if round % 10 == 0 { 64 } else { 1 + rand(16) as usize };
            let succ: Vec<u64> = (0..n).map(|_| (0..rand(4)).fold(0u64, |s, _| s | 1 << rand(n as u64))).collect();
            let entry = rand(n as u64) as usize;
            let (reached, dom) = small(entry, &succ);
            for a in 0..n {
                for b in 0..n {
                    let fast = has(reached, a) && has(dom[b], a);
                    assert_eq!(fast, dominates_by_definition(&succ, entry, a, b), "{a} {b} {succ:?} from {entry}");
                }
            }
        }
    }

    #[test]
    fn lengauer_tarjan_matches_the_definition_on_random_graphs() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut rand = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..3000 {
            let n = 1 + rand(14) as usize;
            let succ: Vec<Vec<u32>> = (0..n).map(|_| (0..rand(4)).map(|_| rand(n as u64) as u32).collect()).collect();
            // Depth-first pre-order from node 0, as `Dominators::new` walks.
            let (mut pre, mut reach, mut parent) = (vec![UNREACHABLE; n], vec![0u32], vec![0u32]);
            pre[0] = 0;
            let mut stack = vec![(0u32, 0usize)];
            while let Some(&mut (b, ref mut k)) = stack.last_mut() {
                if let Some(&s) = succ[b as usize].get(*k) {
                    *k += 1;
                    if pre[s as usize] == UNREACHABLE {
                        pre[s as usize] = reach.len() as u32;
                        parent.push(pre[b as usize]);
                        reach.push(s);
                        stack.push((s, 0));
                    }
                } else {
                    stack.pop();
                }
            }
            let (pre, succ_of) = (&pre, &succ);
            let preds = Lists::from_pairs(reach.len(), || {
                reach
                    .iter()
                    .enumerate()
                    .flat_map(move |(i, &b)| succ_of[b as usize].iter().map(move |&s| (pre[s as usize], i as u32)))
            });
            assert_eq!(lengauer_tarjan(&preds, &parent), naive(&succ, &reach), "{succ:?}");
        }
    }
}
