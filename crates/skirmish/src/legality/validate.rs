//! What a problem document must satisfy before the kernel may see it: every assumption the
//! kernel (`attack`, `block`, `flow`, `pools`, `rules`, `judge`) makes about a problem, as a
//! rule with a JSON path and what was expected. A problem the builder makes from a game always
//! passes; a problem written by hand that passes can't make the kernel panic, index out of
//! range or build work it doesn't pay for from its budget.

use super::document::{Declaration, Document, Problem};
use super::problem::{AttackProblem, BlockProblem, BlockRequirement, Capacity, Source};
use std::collections::HashSet;

/// Creatures (or targets, attackers, blockers) on one side: the attack DP keeps a flag per
/// creature for each group requirement, and the block search a count per blocker and
/// attacker, so both grow with the product of the sides.
pub const MAX_CREATURES: usize = 2048;
/// Requirement instances, restrictions and costs in one list.
pub const MAX_ITEMS: usize = 16_384;
/// Restrictions and requirements the attack DP keeps a counter for in every state: company
/// restrictions, requirements any of several creatures obeys (`others`) or conditional ones
/// (`when`), limits on targets, pools. Its budget pays for states, not for their size, so
/// these are bounded instead; real boards have a handful.
pub const MAX_STATE_ITEMS: usize = 256;
/// Permanents in all pools together (the matching that pays costs recurses once per unit).
pub const MAX_POOL_MEMBERS: usize = 1024;
/// Options of all blockers together: the search keeps the lists of every class of blockers.
pub const MAX_ALL_BLOCK_OPTIONS: u64 = 1 << 22;
/// Options of one blocker (sets of attackers it may block, up to its capacity, 309.2a): the
/// search lists them all before it pays for them.
pub const MAX_BLOCK_OPTIONS: u64 = 1 << 20;

/// One step of a JSON path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seg {
    Key(&'static str),
    Index(usize),
}

/// A document that parses but can't be a problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    pub path: Vec<Seg>,
    pub message: String,
    pub help: String,
}

/// `problem.blockers[3].can_block[1]`.
pub fn path_text(path: &[Seg]) -> String {
    let mut out = String::new();
    for s in path {
        match s {
            Seg::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Seg::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    if out.is_empty() {
        "(document)".into()
    } else {
        out
    }
}

/// A path being built while walking the problem.
#[derive(Clone)]
struct At(Vec<Seg>);

impl At {
    fn k(&self, key: &'static str) -> At {
        let mut p = self.0.clone();
        p.push(Seg::Key(key));
        At(p)
    }
    fn i(&self, i: usize) -> At {
        let mut p = self.0.clone();
        p.push(Seg::Index(i));
        At(p)
    }
    fn err(&self, message: impl Into<String>, help: impl Into<String>) -> Invalid {
        Invalid {
            path: self.0.clone(),
            message: message.into(),
            help: help.into(),
        }
    }
}

type Check = Result<(), Invalid>;

/// An index into `problem.{list}`, which has `n` entries.
fn index(at: &At, i: usize, n: usize, list: &str) -> Check {
    if i < n {
        return Ok(());
    }
    let have = match n {
        0 => "it is empty".to_string(),
        1 => "it has 1 entry, index 0".to_string(),
        _ => format!("it has {n} entries, indices 0 to {}", n - 1),
    };
    Err(at.err(
        format!("{i} is not an index into `problem.{list}`: {have}"),
        format!("indices count from 0 in the order of `problem.{list}`"),
    ))
}

fn len(at: &At, n: usize, max: usize, what: &str) -> Check {
    if n <= max {
        return Ok(());
    }
    Err(at.err(
        format!("{n} {what}: a problem document holds at most {max}"),
        "this is a limit of version 1 of the format (docs/legality.md); split the question",
    ))
}

fn no_repeats(at: &At, items: &[usize], what: &str) -> Check {
    let mut seen = HashSet::new();
    for (k, x) in items.iter().enumerate() {
        if !seen.insert(*x) {
            return Err(at.i(k).err(
                format!("{x} is listed twice: {what} is a set"),
                "list each index once",
            ));
        }
    }
    Ok(())
}

/// Labels name creatures and targets in answers and in `--check`: non-empty, unique within
/// their list, free of the declaration syntax's separators.
fn labels<'a>(at: &At, list: impl Iterator<Item = &'a str>, what: &str) -> Check {
    let mut seen = HashSet::new();
    for (k, l) in list.enumerate() {
        let here = at.i(k).k("label");
        if l.trim().is_empty() {
            return Err(here.err(
                format!("an empty label: each of {what} needs a name"),
                "labels name creatures and targets in answers and in --check",
            ));
        }
        if let Some(sep) = crate::declaration::RESERVED.iter().find(|s| l.contains(*s)) {
            return Err(here.err(
                format!(
                    "the label \"{l}\" contains `{sep}`, which separates the parts of a declaration"
                ),
                "choose a label without `,`, `=` or `->`",
            ));
        }
        if l.trim() != l {
            return Err(here.err(
                format!("the label \"{l}\" starts or ends with spaces"),
                "declarations are read with spaces trimmed; remove them from the label",
            ));
        }
        if !seen.insert(l) {
            return Err(here.err(
                format!("two of {what} are labelled \"{l}\""),
                "labels name creatures and targets in answers and in --check; give each its own",
            ));
        }
    }
    Ok(())
}

fn sources(at: &At, list: &[Source]) -> Check {
    len(at, list.len(), MAX_ITEMS, "sources")
}

/// Validates a document, and puts its declaration in the kernel's form (each blocker's
/// attackers sorted).
pub fn document(doc: &mut Document) -> Check {
    let top = At(Vec::new());
    let p = top.k("problem");
    let c = top.k("check");
    match (&doc.problem, &mut doc.check) {
        (Problem::Attack(a), check) => {
            attack(&p, a)?;
            if let Some(Declaration::Attack(choice)) = check {
                if choice.0.len() != a.creatures.len() {
                    return Err(c.err(
                        format!("{} entries, but the problem has {} creatures", choice.0.len(), a.creatures.len()),
                        "give one entry per creature of `problem.creatures`, in order: the index of the target it attacks, or null",
                    ));
                }
                for (i, t) in choice.0.iter().enumerate() {
                    if let Some(t) = t {
                        index(&c.i(i), *t, a.targets.len(), "targets")?;
                    }
                }
            }
        }
        (Problem::Block(b), check) => {
            block(&p, b)?;
            if let Some(Declaration::Block(choice)) = check {
                if choice.0.len() != b.blockers.len() {
                    return Err(c.err(
                        format!("{} entries, but the problem has {} blockers", choice.0.len(), b.blockers.len()),
                        "give one entry per creature of `problem.blockers`, in order: the indices of the attackers it blocks ([] for none)",
                    ));
                }
                for (i, list) in choice.0.iter_mut().enumerate() {
                    for (k, a) in list.iter().enumerate() {
                        index(&c.i(i).i(k), *a, b.attackers.len(), "attackers")?;
                    }
                    no_repeats(&c.i(i), list, "the attackers a blocker blocks")?;
                    list.sort_unstable();
                }
            }
        }
    }
    Ok(())
}

/// Every assumption the attack kernel makes, for a problem at `problem` in its document.
pub fn attack_problem(a: &AttackProblem) -> Check {
    attack(&At(vec![Seg::Key("problem")]), a)
}

fn attack(p: &At, a: &AttackProblem) -> Check {
    let nt = a.targets.len();
    let nc = a.creatures.len();
    let np = a.pools.len();
    len(&p.k("targets"), nt, MAX_CREATURES, "targets")?;
    len(&p.k("creatures"), nc, MAX_CREATURES, "creatures")?;
    len(
        &p.k("requirements"),
        a.requirements.len(),
        MAX_ITEMS,
        "requirements",
    )?;
    len(
        &p.k("max_attackers"),
        a.max_attackers.len(),
        MAX_ITEMS,
        "limits",
    )?;
    len(
        &p.k("target_limits"),
        a.target_limits.len(),
        MAX_ITEMS,
        "limits",
    )?;
    len(&p.k("pools"), np, MAX_ITEMS, "pools")?;
    labels(
        &p.k("targets"),
        a.targets.iter().map(|t| t.label.as_str()),
        "the targets",
    )?;
    labels(
        &p.k("creatures"),
        a.creatures.iter().map(|c| c.label.as_str()),
        "the creatures",
    )?;
    for (k, t) in a.targets.iter().enumerate() {
        sources(&p.k("targets").i(k).k("tax_sources"), &t.tax_sources)?;
    }
    for (i, c) in a.creatures.iter().enumerate() {
        let at = p.k("creatures").i(i);
        len(&at.k("targets"), c.targets.len(), MAX_CREATURES, "targets")?;
        for (k, t) in c.targets.iter().enumerate() {
            index(&at.k("targets").i(k), *t, nt, "targets")?;
        }
        no_repeats(
            &at.k("targets"),
            &c.targets,
            "the targets a creature may attack",
        )?;
        sources(&at.k("unable"), &c.unable)?;
        if !c.unable.is_empty() && !c.targets.is_empty() {
            return Err(at.k("targets").err(
                format!("\"{}\" can't attack at all (`unable` lists why), yet `targets` lists targets it may attack", c.label),
                "a creature that can't attack (308.2a, 500.2) has no targets: empty `targets`, or empty `unable`",
            ));
        }
        len(
            &at.k("excluded"),
            c.excluded.len(),
            MAX_CREATURES,
            "exclusions",
        )?;
        let mut seen = HashSet::new();
        for (k, (t, why)) in c.excluded.iter().enumerate() {
            let here = at.k("excluded").i(k);
            index(&here.i(0), *t, nt, "targets")?;
            sources(&here.i(1), why)?;
            if c.targets.contains(t) {
                return Err(here.i(0).err(
                    format!("target {t} is both one \"{}\" may attack (`targets`) and one it may not (`excluded`)", c.label),
                    "a target is in one list or the other",
                ));
            }
            if !seen.insert(*t) {
                return Err(here.i(0).err(
                    format!("target {t} is excluded twice"),
                    "list each excluded target once, with every reason in its list",
                ));
            }
        }
        len(&at.k("costs"), c.costs.len(), MAX_ITEMS, "costs")?;
        for (k, cost) in c.costs.iter().enumerate() {
            let here = at.k("costs").i(k);
            if let Some(t) = cost.target {
                index(&here.k("target"), t, nt, "targets")?;
            }
            len(
                &here.k("permanents"),
                cost.permanents.len(),
                MAX_ITEMS,
                "permanent costs",
            )?;
            for (m, (pool, _)) in cost.permanents.iter().enumerate() {
                index(&here.k("permanents").i(m).i(0), *pool, np, "pools")?;
            }
        }
        len(&at.k("company"), c.company.len(), MAX_ITEMS, "restrictions")?;
        for (k, company) in c.company.iter().enumerate() {
            let here = at.k("company").i(k).k("with");
            if let Some(with) = &company.with {
                len(&here, with.len(), MAX_CREATURES, "creatures")?;
                for (m, j) in with.iter().enumerate() {
                    index(&here.i(m), *j, nc, "creatures")?;
                }
            }
        }
    }
    for (k, l) in a.target_limits.iter().enumerate() {
        let here = p.k("target_limits").i(k).k("targets");
        len(&here, l.targets.len(), MAX_CREATURES, "targets")?;
        for (m, t) in l.targets.iter().enumerate() {
            index(&here.i(m), *t, nt, "targets")?;
        }
    }
    for (k, pool) in a.pools.iter().enumerate() {
        len(
            &p.k("pools").i(k).k("members"),
            pool.members.len(),
            MAX_ITEMS,
            "permanents",
        )?;
    }
    let members: usize = a.pools.iter().map(|x| x.members.len()).sum();
    len(
        &p.k("pools"),
        members,
        MAX_POOL_MEMBERS,
        "permanents in all pools together",
    )?;
    len(&p.k("pools"), np, MAX_STATE_ITEMS, "pools")?;
    len(
        &p.k("target_limits"),
        a.target_limits.len(),
        MAX_STATE_ITEMS,
        "limits on targets",
    )?;
    let company: usize = a.creatures.iter().map(|c| c.company.len()).sum();
    len(
        &p.k("creatures"),
        company,
        MAX_STATE_ITEMS,
        "company restrictions (`company`) in all",
    )?;
    let grouped = a
        .requirements
        .iter()
        .filter(|r| !r.others.is_empty() || r.when.is_some())
        .count();
    len(
        &p.k("requirements"),
        grouped,
        MAX_STATE_ITEMS,
        "requirements with `others` or `when`",
    )?;
    for (k, r) in a.requirements.iter().enumerate() {
        let at = p.k("requirements").i(k);
        index(&at.k("creature"), r.creature, nc, "creatures")?;
        for (list, key, n, what) in [
            (&r.targets, "targets", nt, "targets"),
            (&r.others, "others", nc, "creatures"),
        ] {
            len(&at.k(key), list.len(), MAX_CREATURES, what)?;
            for (m, j) in list.iter().enumerate() {
                index(&at.k(key).i(m), *j, n, what)?;
            }
        }
        if let Some(when) = &r.when {
            len(&at.k("when"), when.len(), MAX_CREATURES, "creatures")?;
            for (m, j) in when.iter().enumerate() {
                index(&at.k("when").i(m), *j, nc, "creatures")?;
            }
        }
    }
    Ok(())
}

/// How many sets of at most `cap` of `k` attackers there are, the empty one included
/// (saturating).
fn options(k: usize, cap: usize) -> u64 {
    let mut total: u64 = 1;
    let mut binom: u64 = 1;
    for j in 1..=cap.min(k) {
        // C(k, j) = C(k, j-1) * (k - j + 1) / j, exact in u128.
        binom =
            u64::try_from(u128::from(binom) * (k - j + 1) as u128 / j as u128).unwrap_or(u64::MAX);
        total = total.saturating_add(binom);
        if total > MAX_BLOCK_OPTIONS {
            return total;
        }
    }
    total
}

/// Every assumption the block kernel makes, for a problem at `problem` in its document.
pub fn block_problem(b: &BlockProblem) -> Check {
    block(&At(vec![Seg::Key("problem")]), b)
}

fn block(p: &At, b: &BlockProblem) -> Check {
    let na = b.attackers.len();
    let nb = b.blockers.len();
    len(&p.k("attackers"), na, MAX_CREATURES, "attackers")?;
    len(&p.k("blockers"), nb, MAX_CREATURES, "blockers")?;
    len(
        &p.k("requirements"),
        b.requirements.len(),
        MAX_ITEMS,
        "requirements",
    )?;
    len(
        &p.k("max_blockers"),
        b.max_blockers.len(),
        MAX_ITEMS,
        "limits",
    )?;
    labels(
        &p.k("attackers"),
        b.attackers.iter().map(|a| a.label.as_str()),
        "the attackers",
    )?;
    labels(
        &p.k("blockers"),
        b.blockers.iter().map(|c| c.label.as_str()),
        "the blockers",
    )?;
    for (k, a) in b.attackers.iter().enumerate() {
        let at = p.k("attackers").i(k);
        len(
            &at.k("min_blockers"),
            a.min_blockers.len(),
            MAX_ITEMS,
            "restrictions",
        )?;
        sources(&at.k("max_one_blocker"), &a.max_one_blocker)?;
        sources(&at.k("all_or_none"), &a.all_or_none)?;
    }
    let company: usize = b.blockers.iter().map(|c| c.company.len()).sum();
    len(
        &p.k("blockers"),
        company,
        MAX_STATE_ITEMS,
        "company restrictions (`company`) in all",
    )?;
    let mut all_options: u64 = 0;
    for (i, c) in b.blockers.iter().enumerate() {
        let at = p.k("blockers").i(i);
        for (k, a) in c.can_block.iter().enumerate() {
            index(&at.k("can_block").i(k), *a, na, "attackers")?;
        }
        no_repeats(
            &at.k("can_block"),
            &c.can_block,
            "the attackers a creature may block",
        )?;
        sources(&at.k("unable"), &c.unable)?;
        if !c.unable.is_empty() && !c.can_block.is_empty() {
            return Err(at.k("can_block").err(
                format!("\"{}\" can't block at all (`unable` lists why), yet `can_block` lists attackers it may block", c.label),
                "a creature that can't block (309.2a, 500.3) may block no attacker: empty `can_block`, or empty `unable`",
            ));
        }
        len(
            &at.k("cannot_block"),
            c.cannot_block.len(),
            MAX_CREATURES,
            "exclusions",
        )?;
        let mut seen = HashSet::new();
        for (k, (a, why)) in c.cannot_block.iter().enumerate() {
            let here = at.k("cannot_block").i(k);
            index(&here.i(0), *a, na, "attackers")?;
            sources(&here.i(1), why)?;
            if c.can_block.contains(a) {
                return Err(here.i(0).err(
                    format!("attacker {a} is both one \"{}\" may block (`can_block`) and one it can't (`cannot_block`)", c.label),
                    "an attacker is in one list or the other (500.3a: evasion is a restriction)",
                ));
            }
            if !seen.insert(*a) {
                return Err(here.i(0).err(
                    format!("attacker {a} is listed twice in `cannot_block`"),
                    "list each attacker once, with every reason in its list",
                ));
            }
        }
        let cap = match c.capacity {
            Capacity::Up(n) => usize::try_from(n).unwrap_or(usize::MAX),
            Capacity::Any => usize::MAX,
        };
        let n = options(c.can_block.len(), cap);
        if n > MAX_BLOCK_OPTIONS {
            return Err(at.k("capacity").err(
                format!(
                    "\"{}\" may block up to {} of {} attackers: more than {MAX_BLOCK_OPTIONS} ways to block (309.2a), which the search lists one by one",
                    c.label,
                    match c.capacity {
                        Capacity::Up(n) => n.to_string(),
                        Capacity::Any => "any number".into(),
                    },
                    c.can_block.len()
                ),
                "a limit of version 1 of the format (docs/legality.md): lower the capacity or the attackers it may block",
            ));
        }
        all_options = all_options.saturating_add(n);
        if all_options > MAX_ALL_BLOCK_OPTIONS {
            return Err(at.k("capacity").err(
                format!("the blockers up to this one have more than {MAX_ALL_BLOCK_OPTIONS} ways to block in all (309.2a), which the search lists one by one"),
                "a limit of version 1 of the format (docs/legality.md): lower capacities or the attackers blockers may block",
            ));
        }
        len(&at.k("costs"), c.costs.len(), MAX_ITEMS, "costs")?;
        for (k, cost) in c.costs.iter().enumerate() {
            if let Some(a) = cost.attacker {
                index(&at.k("costs").i(k).k("attacker"), a, na, "attackers")?;
            }
        }
        len(&at.k("company"), c.company.len(), MAX_ITEMS, "restrictions")?;
        for (k, company) in c.company.iter().enumerate() {
            let here = at.k("company").i(k).k("with");
            if let Some(with) = &company.with {
                len(&here, with.len(), MAX_CREATURES, "creatures")?;
                for (m, j) in with.iter().enumerate() {
                    index(&here.i(m), *j, nb, "blockers")?;
                }
            }
        }
    }
    for (k, r) in b.requirements.iter().enumerate() {
        let at = p.k("requirements").i(k);
        let blocker = |x: usize| index(&at.k("blocker"), x, nb, "blockers");
        let attacker = |x: usize| index(&at.k("attacker"), x, na, "attackers");
        match r {
            BlockRequirement::Blocks { blocker: x, .. } => blocker(*x)?,
            BlockRequirement::BlocksAttacker {
                blocker: x,
                attacker: y,
                ..
            } => {
                blocker(*x)?;
                attacker(*y)?;
            }
            BlockRequirement::MustBeBlocked { attacker: y, .. }
            | BlockRequirement::MustBeBlockedByOne { attacker: y, .. } => attacker(*y)?,
            BlockRequirement::MustBeBlockedBy {
                attacker: y, by, ..
            } => {
                attacker(*y)?;
                len(&at.k("by"), by.len(), MAX_CREATURES, "blockers")?;
                for (m, x) in by.iter().enumerate() {
                    index(&at.k("by").i(m), *x, nb, "blockers")?;
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_count_sets_up_to_a_capacity() {
        assert_eq!(options(3, 1), 4);
        assert_eq!(options(3, 2), 7);
        assert_eq!(options(3, usize::MAX), 8);
        assert_eq!(options(0, usize::MAX), 1);
        assert!(options(64, usize::MAX) > MAX_BLOCK_OPTIONS);
        assert_eq!(options(20, usize::MAX), 1 << 20);
    }

    #[test]
    fn paths_read_like_json() {
        let at = At(Vec::new())
            .k("problem")
            .k("blockers")
            .i(3)
            .k("can_block")
            .i(1);
        assert_eq!(path_text(&at.0), "problem.blockers[3].can_block[1]");
        assert_eq!(path_text(&[]), "(document)");
    }
}
