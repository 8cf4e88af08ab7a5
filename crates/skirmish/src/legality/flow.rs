//! The polynomial path for blocks: parts of a board where no restriction ties creatures
//! together are a minimum-cost flow problem.
//!
//! When every blocker of a part can block at most one attacker and no attacker needs two or
//! more blockers, no blocker "can't block alone" and no limit counts all blockers, the only
//! restrictions left are which attacker each blocker may block and "can't be blocked by more
//! than one creature". Then a declaration is a flow source → blocker → attacker → sink:
//!
//! - source → blocker, capacity 1, cost `1 - W·(its "blocks if able" instances)`;
//! - blocker → attacker it may block, capacity 1, cost `-W·(Lure and provoke instances)`;
//! - attacker → sink: capacity 1 at cost `-W·(its "must be blocked" instances)`, plus unlimited
//!   capacity at cost 0 unless it can't be blocked by more than one creature.
//!
//! With `W` larger than the number of blockers, a minimum-cost flow obeys the most requirements
//! and, among those, uses the fewest blockers. Successive shortest paths (Bellman-Ford, since
//! costs are negative) augment while a path of negative cost exists: O(F·V·E) for F ≤ blockers.

use super::problem::{BlockProblem, BlockRequirement};
use super::{Budget, Exhausted};

struct Edge {
    to: usize,
    cap: i64,
    cost: i64,
}

struct Graph {
    edges: Vec<Edge>,
    adj: Vec<Vec<usize>>,
}

impl Graph {
    fn new(n: usize) -> Self {
        Graph {
            edges: Vec::new(),
            adj: vec![Vec::new(); n],
        }
    }

    fn add(&mut self, from: usize, to: usize, cap: i64, cost: i64) -> usize {
        let id = self.edges.len();
        self.edges.push(Edge { to, cap, cost });
        self.adj[from].push(id);
        self.edges.push(Edge {
            to: from,
            cap: 0,
            cost: -cost,
        });
        self.adj[to].push(id + 1);
        id
    }
}

/// Whether a part (its blockers and attackers) can take the flow path.
pub(super) fn eligible(p: &BlockProblem, blockers: &[usize], attackers: &[usize]) -> bool {
    // The graph knows capacities, pairs and "must be blocked"; not blockers named by a
    // requirement, company or "all or none".
    p.max_limit().is_none()
        && !p.requirements.iter().any(|r| {
            matches!(
                r,
                BlockRequirement::MustBeBlockedBy { .. }
                    | BlockRequirement::MustBeBlockedByOne { .. }
            )
        })
        && p.blockers.iter().all(|c| c.company.is_empty())
        && p.attackers.iter().all(|a| a.all_or_none.is_empty())
        && blockers.iter().all(|b| {
            let c = &p.blockers[*b];
            // Costs to block narrow a blocker's options below what the flow graph knows.
            c.alone.is_none() && c.capacity.limit(c.can_block.len()) <= 1 && c.costs.is_empty()
        })
        && attackers.iter().all(|a| p.attackers[*a].min() <= 1)
}

/// The best declaration of an eligible part: for each blocker of the part, the attacker it
/// blocks, if any.
pub(super) fn solve(
    p: &BlockProblem,
    blockers: &[usize],
    attackers: &[usize],
    budget: &mut Budget,
) -> Result<Vec<(usize, Option<usize>)>, Exhausted> {
    let nb = blockers.len();
    let na = attackers.len();
    let w = nb as i64 + 1;
    let (source, sink) = (0, 1);
    let bnode = |i: usize| 2 + i;
    let anode = |j: usize| 2 + nb + j;
    let mut a_index = vec![usize::MAX; p.attackers.len()];
    for (j, a) in attackers.iter().enumerate() {
        a_index[*a] = j;
    }
    let mut b_index = vec![usize::MAX; p.blockers.len()];
    for (i, b) in blockers.iter().enumerate() {
        b_index[*b] = i;
    }
    let mut blocks_if_able = vec![0i64; nb];
    let mut pair = std::collections::HashMap::<(usize, usize), i64>::new();
    let mut must = vec![0i64; na];
    for r in &p.requirements {
        match r {
            BlockRequirement::Blocks { blocker, .. } if b_index[*blocker] != usize::MAX => {
                blocks_if_able[b_index[*blocker]] += 1
            }
            BlockRequirement::BlocksAttacker {
                blocker, attacker, ..
            } if b_index[*blocker] != usize::MAX && a_index[*attacker] != usize::MAX => {
                *pair
                    .entry((b_index[*blocker], a_index[*attacker]))
                    .or_default() += 1
            }
            BlockRequirement::MustBeBlocked { attacker, .. }
                if a_index[*attacker] != usize::MAX =>
            {
                must[a_index[*attacker]] += 1
            }
            _ => {}
        }
    }
    let mut g = Graph::new(2 + nb + na);
    let mut pair_edges = Vec::new();
    for (i, &b) in blockers.iter().enumerate() {
        let c = &p.blockers[b];
        if !c.unable.is_empty() {
            continue;
        }
        g.add(source, bnode(i), 1, 1 - w * blocks_if_able[i]);
        for a in c.can_block.iter() {
            let j = a_index[*a];
            if j == usize::MAX {
                continue;
            }
            let e = g.add(
                bnode(i),
                anode(j),
                1,
                -w * pair.get(&(i, j)).copied().unwrap_or(0),
            );
            pair_edges.push((e, i, j));
        }
    }
    for (j, &a) in attackers.iter().enumerate() {
        g.add(anode(j), sink, 1, -w * must[j]);
        if p.attackers[a].max().is_none() {
            g.add(anode(j), sink, nb as i64, 0);
        }
    }
    let n = g.adj.len();
    loop {
        // Bellman-Ford from the source over the residual graph.
        let mut dist = vec![i64::MAX; n];
        let mut via = vec![usize::MAX; n];
        dist[source] = 0;
        for _ in 0..n {
            budget.spend(g.edges.len() as u64)?;
            let mut changed = false;
            for u in 0..n {
                if dist[u] == i64::MAX {
                    continue;
                }
                for &e in &g.adj[u] {
                    let edge = &g.edges[e];
                    if edge.cap > 0 && dist[u] + edge.cost < dist[edge.to] {
                        dist[edge.to] = dist[u] + edge.cost;
                        via[edge.to] = e;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        if dist[sink] == i64::MAX || dist[sink] >= 0 {
            break;
        }
        // Every path has capacity 1 (source edges carry one unit), so push one unit.
        let mut v = sink;
        while v != source {
            let e = via[v];
            g.edges[e].cap -= 1;
            g.edges[e ^ 1].cap += 1;
            v = g.edges[e ^ 1].to;
        }
    }
    let mut out: Vec<(usize, Option<usize>)> = blockers.iter().map(|b| (*b, None)).collect();
    for (e, i, j) in pair_edges {
        if g.edges[e].cap == 0 {
            out[i].1 = Some(attackers[j]);
        }
    }
    Ok(out)
}
