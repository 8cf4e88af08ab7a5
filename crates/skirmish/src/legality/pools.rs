//! Costs to attack paid with permanents (308.2d): "can't attack unless you sacrifice a land",
//! "... unless you return an enchantment you control to its owner's hand". Each cost names
//! a pool of permanents that fit its description; one permanent pays one unit of one cost.
//! Whether all the costs of a declaration can be paid at once is a bipartite matching
//! (units of cost to distinct permanents); two independent answers are kept so that tests
//! can compare them: augmenting paths (fast, used by the search) and Hall's condition over
//! every set of pools (obviously correct, used to explain a refusal).

/// Which permanents (indices shared by all pools) pay each pool's demand, if every demand can
/// be met at once.
pub fn assign(members: &[Vec<usize>], demand: &[u32]) -> Option<Vec<Vec<usize>>> {
    let mut units = Vec::new();
    for (k, d) in demand.iter().enumerate() {
        let have = members.get(k).map_or(0, Vec::len);
        if *d as usize > have {
            return None;
        }
        units.extend(std::iter::repeat_n(k, *d as usize));
    }
    let size = members.iter().flatten().max().map_or(0, |m| m + 1);
    let mut owner: Vec<Option<usize>> = vec![None; size];
    for u in 0..units.len() {
        let mut seen = vec![false; size];
        if !augment(u, &units, members, &mut owner, &mut seen) {
            return None;
        }
    }
    let mut out = vec![Vec::new(); demand.len()];
    for (m, u) in owner.iter().enumerate() {
        if let Some(u) = u {
            out[units[*u]].push(m);
        }
    }
    Some(out)
}

/// Kuhn's augmenting path from unit `u`: a free permanent of its pool, or one whose unit can
/// move to another free permanent. (Also the mana planner's: a unit of mana, its pool the cost
/// symbols it can pay.)
pub(crate) fn augment(
    u: usize,
    units: &[usize],
    members: &[Vec<usize>],
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for &m in &members[units[u]] {
        if seen[m] {
            continue;
        }
        seen[m] = true;
        if owner[m].is_none_or(|v| augment(v, units, members, owner, seen)) {
            owner[m] = Some(u);
            return true;
        }
    }
    false
}

/// Hall's condition: every set of pools asks for no more permanents than the pools hold
/// together. Pools asked for nothing don't matter; beyond 16 pools that are asked for
/// something (no real board has them) the matching decides instead.
pub fn hall(members: &[Vec<usize>], demand: &[u32]) -> bool {
    let asked: Vec<usize> = (0..demand.len()).filter(|k| demand[*k] > 0).collect();
    if asked.len() > 16 {
        return assign(members, demand).is_some();
    }
    (1u32..(1 << asked.len())).all(|mask| {
        let chosen = asked
            .iter()
            .enumerate()
            .filter(|(b, _)| mask & (1 << b) != 0)
            .map(|(_, k)| *k);
        let need: u64 = chosen.clone().map(|k| u64::from(demand[k])).sum();
        let mut union: Vec<usize> = chosen
            .flat_map(|k| members.get(k).into_iter().flatten().copied())
            .collect();
        union.sort_unstable();
        union.dedup();
        need <= union.len() as u64
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn islands_are_lands_too() {
        // Lands {0, 1, 2}, of which Islands {0, 1}: two Islands and one land fit, two Islands
        // and two lands don't.
        let members = vec![vec![0, 1, 2], vec![0, 1]];
        let a = assign(&members, &[1, 2]).expect("payable");
        assert_eq!(a, vec![vec![2], vec![0, 1]]);
        assert!(assign(&members, &[2, 2]).is_none());
        assert!(!hall(&members, &[2, 2]));
        assert!(assign(&members, &[0, 3]).is_none());
        assert!(assign(&members, &[0, 0]).is_some());
    }

    proptest! {
        #[test]
        fn matching_agrees_with_hall(
            members in prop::collection::vec(prop::collection::btree_set(0usize..6, 0..=4), 0..=4),
            demand in prop::collection::vec(0u32..=3, 4),
        ) {
            let members: Vec<Vec<usize>> = members.into_iter().map(|s| s.into_iter().collect()).collect();
            let demand = &demand[..members.len()];
            let a = assign(&members, demand);
            prop_assert_eq!(a.is_some(), hall(&members, demand));
            if let Some(a) = a {
                let mut used: Vec<usize> = a.iter().flatten().copied().collect();
                for (k, got) in a.iter().enumerate() {
                    prop_assert_eq!(got.len() as u32, demand[k]);
                    prop_assert!(got.iter().all(|m| members[k].contains(m)));
                }
                let n = used.len();
                used.sort_unstable();
                used.dedup();
                prop_assert_eq!(used.len(), n, "a permanent pays twice");
            }
        }
    }
}
