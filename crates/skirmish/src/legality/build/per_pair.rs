//! The block-problem builder that judges every attacker-blocker pair on its own, kept as the
//! reference for the one that judges classes of interchangeable creatures (issue 11): the
//! test suite checks that both build equal problems (`tests/properties/build_classes.rs`).

use super::*;

/// [`super::block_problem_for`] as it was before classes: every attacker-blocker pair judged
/// on its own (309.2a, 500.3a, 502). The reference the class shortcut must agree with.
pub fn block_problem_per_pair(
    game: &Game,
    defending: PlayerId,
) -> Result<BlockProblem, BuildError> {
    let holders = combat_holders(game);
    let combat = game
        .combat
        .as_ref()
        .filter(|c| !c.attackers.is_empty())
        .ok_or(BuildError::NoCombat)?;
    if !game.defending_players().contains(&defending) {
        return Err(BuildError::NotDefending(player_name(game, defending)));
    }
    let single = game.defending_players().len() == 1;
    let attacked_by_defender = |t: &AttackTarget| match t {
        // 306.4c: still attacking, and it may be blocked (by the one defending player).
        AttackTarget::Nothing => single,
        t => game.attacked_player(t) == Some(defending),
    };
    let attacking: Vec<&Object> = combat
        .attackers
        .iter()
        .filter(|(_, t)| attacked_by_defender(t))
        .filter_map(|(id, _)| game.object(*id))
        .collect();
    let mut attackers = Vec::new();
    for a in &attacking {
        let mut min_blockers = Vec::new();
        let mut max_one_blocker = Vec::new();
        for (rule, source, _) in binding_on(game, &holders, a, Some(defending)) {
            match rule {
                CombatRule::MinBlockers { min } => min_blockers.push((*min, source)),
                CombatRule::MaxOneBlocker => max_one_blocker.push(source),
                _ => {}
            }
        }
        // Current 702.111b: menace is "can't be blocked except by two or more creatures";
        // instances are redundant (702.111c).
        if game.has_keyword(a.id, &Keyword::Menace) {
            min_blockers.push((2, keyword_source(a, &Keyword::Menace)));
        }
        attackers.push(BlockAttacker {
            id: a.id,
            label: a.label.clone(),
            min_blockers,
            max_one_blocker,
            all_or_none: Vec::new(),
        });
    }
    // Each attacker's rules and keywords once, not once per blocker.
    let attacker_rules: Vec<Vec<(&CombatRule, Source, &Object)>> = attacking
        .iter()
        .map(|a| binding_on(game, &holders, a, Some(defending)))
        .collect();
    let attacker_keywords: Vec<Vec<Keyword>> =
        attacking.iter().map(|a| game.keywords(a.id)).collect();
    let mut blockers = Vec::new();
    let mut requirements = Vec::new();
    let mut pending_company = Vec::new();
    // 309.2c: mana the defending player can make; blocking doesn't tap a creature.
    let free_mana = game
        .in_play()
        .filter(|o| o.controller == defending && !o.tapped())
        .filter(|o| {
            !(o.is(CardType::Creature)
                && o.status.as_ref().is_some_and(|s| s.summoning_sick)
                && !game.has_keyword(o.id, &Keyword::Haste))
        })
        .map(|o| super::tap_mana(game, o))
        .fold(0u32, u32::saturating_add);
    for b in game
        .in_play()
        .filter(|o| o.controller == defending && is_creature_in_play(o))
    {
        let idx = blockers.len();
        let mut unable = Vec::new();
        let b_rules = binding_on(game, &holders, b, Some(defending));
        let untapped_as_though = b_rules
            .iter()
            .any(|(r, _, _)| matches!(r, CombatRule::BlocksWhileTapped));
        if b.tapped() && !untapped_as_though {
            unable.push(Source::new(&b.label, "it is tapped", "309.2a"));
        }
        let mut alone = None;
        let mut extra = 0u32;
        let mut any = false;
        for (rule, source, holder) in &b_rules {
            match rule {
                CombatRule::CantBlock => unable.push(source.clone()),
                CombatRule::CantBlockAlone => alone = Some(source.clone()),
                CombatRule::BlocksOnlyWith { others, at_least } => {
                    let ctx = Context::of(holder, Some(defending));
                    pending_company.push((idx, others.clone(), ctx, *at_least, source.clone()));
                }
                CombatRule::BlocksAdditional { extra: e } => extra = extra.saturating_add(*e),
                CombatRule::BlocksAdditionalFor { per } => {
                    let ctx = Context::of(holder, Some(defending));
                    let n = game
                        .in_play()
                        .filter(|o| per.matches(game, o, &ctx))
                        .count();
                    extra = extra.saturating_add(u32::try_from(n).unwrap_or(u32::MAX));
                }
                CombatRule::BlocksAnyNumber => any = true,
                _ => {}
            }
        }
        let mut can_block = Vec::new();
        // Membership by index: `contains` on the list inside the loops over attackers made
        // building a board quadratic per blocker.
        let mut may_block = vec![false; attacking.len()];
        let mut cannot_block = Vec::new();
        if unable.is_empty() {
            for (ai, a) in attacking.iter().enumerate() {
                let why = evasion_given(
                    game,
                    a,
                    b,
                    defending,
                    (&attacker_rules[ai], &attacker_keywords[ai]),
                    &b_rules,
                );
                if why.is_empty() {
                    can_block.push(ai);
                    may_block[ai] = true;
                } else {
                    cannot_block.push((ai, why));
                }
            }
        }
        // 500.3: tapped creatures are exempt from requirements to block.
        if !b.tapped() {
            for (rule, source, holder) in &b_rules {
                match rule {
                    CombatRule::BlocksEachTurn => requirements.push(BlockRequirement::Blocks {
                        blocker: idx,
                        source: source.clone(),
                    }),
                    CombatRule::BlocksCreature { filter } => {
                        let ctx = Context::of(holder, Some(defending));
                        for (ai, a) in attacking.iter().enumerate() {
                            if may_block[ai] && filter.matches(game, a, &ctx) {
                                requirements.push(BlockRequirement::BlocksAttacker {
                                    blocker: idx,
                                    attacker: ai,
                                    source: source.clone(),
                                });
                            }
                        }
                    }
                    _ => {}
                }
            }
            for (ai, a) in attacking.iter().enumerate() {
                if !may_block[ai] {
                    continue;
                }
                for (rule, source, holder) in attacker_rules[ai].iter().cloned() {
                    let lured = match rule {
                        CombatRule::LureRequirement => true,
                        CombatRule::LureBy { filter } => {
                            filter.matches(game, b, &Context::of(holder, Some(defending)))
                        }
                        _ => false,
                    };
                    if lured {
                        requirements.push(BlockRequirement::BlocksAttacker {
                            blocker: idx,
                            attacker: ai,
                            source,
                        });
                    }
                }
                for (must, attacker, label) in &combat.must_block {
                    if *must == b.id && *attacker == a.id {
                        requirements.push(BlockRequirement::BlocksAttacker {
                            blocker: idx,
                            attacker: ai,
                            source: Source::new(
                                label,
                                format!("{} blocks {} this combat if able", b.label, a.label),
                                "502.29a",
                            ),
                        });
                    }
                }
            }
        }
        // 309.2b: costs to block, its own and those of the attackers it can block.
        let mut costs = Vec::new();
        for (rule, source, holder) in &b_rules {
            if let CombatRule::BlockCost {
                mana,
                attackers,
                life,
            } = rule
            {
                let ctx = Context::of(holder, Some(defending));
                let n = mana_amount(game, mana, &ctx);
                if n == 0 && *life == 0 {
                    continue;
                }
                let fits: Option<Vec<usize>> = attackers.as_ref().map(|f| {
                    can_block
                        .iter()
                        .copied()
                        .filter(|ai| f.matches(game, attacking[*ai], &ctx))
                        .collect()
                });
                match fits {
                    // A life cost "for each blocking creature" is paid once when every
                    // attacker it could block fits the description.
                    None => costs.push(BlockCost {
                        attacker: None,
                        mana: n,
                        life: *life,
                        source: source.clone(),
                    }),
                    Some(fits)
                        if *life > 0
                            && n == 0
                            && !fits.is_empty()
                            && fits.len() == can_block.len() =>
                    {
                        costs.push(BlockCost {
                            attacker: None,
                            mana: 0,
                            life: *life,
                            source: source.clone(),
                        })
                    }
                    Some(fits) => {
                        for ai in fits {
                            costs.push(BlockCost {
                                attacker: Some(ai),
                                mana: n,
                                life: *life,
                                source: source.clone(),
                            });
                        }
                    }
                }
            }
        }
        for (ai, rules) in attacker_rules.iter().enumerate() {
            if !may_block[ai] {
                continue;
            }
            for (rule, source, holder) in rules {
                if let CombatRule::BlockedCost { mana } = rule {
                    let n = mana_amount(game, mana, &Context::of(holder, Some(defending)));
                    if n > 0 {
                        costs.push(BlockCost {
                            attacker: Some(ai),
                            mana: n,
                            life: 0,
                            source: source.clone(),
                        });
                    }
                }
            }
        }
        blockers.push(BlockCandidate {
            id: b.id,
            label: b.label.clone(),
            can_block: can_block.into(),
            unable,
            cannot_block,
            capacity: if any {
                Capacity::Any
            } else {
                Capacity::Up(1 + extra)
            },
            alone,
            costs,
            company: Vec::new(),
        });
    }
    let ids: Vec<ObjectId> = blockers.iter().map(|c: &BlockCandidate| c.id).collect();
    for (idx, others, ctx, at_least, source) in pending_company {
        let company = company_of(game, &ids, idx, others.as_ref(), &ctx, at_least, source);
        blockers[idx].company.push(company);
    }
    for (ai, rules) in attacker_rules.iter().enumerate() {
        for (rule, source, holder) in rules {
            match rule {
                CombatRule::MustBeBlocked => requirements.push(BlockRequirement::MustBeBlocked {
                    attacker: ai,
                    source: source.clone(),
                }),
                CombatRule::MustBeBlockedByOne => {
                    requirements.push(BlockRequirement::MustBeBlockedByOne {
                        attacker: ai,
                        source: source.clone(),
                    })
                }
                CombatRule::MustBeBlockedBy { filter } => {
                    let ctx = Context::of(holder, Some(defending));
                    let by = ids
                        .iter()
                        .enumerate()
                        .filter(|(_, id)| {
                            game.object(**id)
                                .is_some_and(|o| filter.matches(game, o, &ctx))
                        })
                        .map(|(b, _)| b)
                        .collect();
                    requirements.push(BlockRequirement::MustBeBlockedBy {
                        attacker: ai,
                        by,
                        source: source.clone(),
                    });
                }
                CombatRule::BlockedOnlyByAll => {
                    attackers[ai].all_or_none.push(source.clone());
                }
                _ => {}
            }
        }
    }
    let max_blockers = global_rules(game)
        .into_iter()
        .map(|(r, s, _)| (r, s))
        .chain(effect_global_rules(game, defending))
        .filter_map(|(r, s)| match r {
            CombatRule::MaxBlockersTotal { max } => Some((*max, s)),
            _ => None,
        })
        .collect();
    Ok(BlockProblem {
        defending_player: player_name(game, defending),
        attackers,
        blockers,
        max_blockers,
        requirements,
        free_mana,
        payable_life: game
            .player(defending)
            .map_or(0, |p| u32::try_from(p.life).unwrap_or(0)),
    })
}

/// Why `blocker` can't block `attacker` (500.3a and the evasion rules of 502), judged for this
/// one pair.
fn evasion_given(
    game: &Game,
    attacker: &Object,
    blocker: &Object,
    defending: PlayerId,
    (a_rules, a_keywords): (&[(&CombatRule, Source, &Object)], &[Keyword]),
    b_rules: &[(&CombatRule, Source, &Object)],
) -> Vec<Source> {
    let mut why = Vec::new();
    let b_has = |k: &Keyword| game.has_keyword(blocker.id, k);
    // Evasion that doesn't stop this block, from either side.
    let mut ignoring: Vec<&Keyword> = Vec::new();
    for (rule, source, holder) in a_rules {
        let ctx = Context::of(holder, Some(defending));
        match rule {
            CombatRule::BlockedAsThough { ignoring: ks } => ignoring.extend(ks),
            CombatRule::Unblockable => why.push(source.clone()),
            CombatRule::CantBeBlockedBy { filter } if filter.matches(game, blocker, &ctx) => {
                why.push(source.clone())
            }
            _ => {}
        }
    }
    // "can block creatures with shadow as though it had shadow": evasion it may ignore.
    for (rule, source, holder) in b_rules {
        let ctx = Context::of(holder, Some(defending));
        if let CombatRule::BlocksAsThough {
            attackers,
            ignoring: ks,
        } = rule
            && attackers.matches(game, attacker, &ctx)
        {
            ignoring.extend(ks);
        }
        let barred = match rule {
            CombatRule::BlocksOnly { filter } => !filter.matches(game, attacker, &ctx),
            CombatRule::CantBlockCreatures { filter } => filter.matches(game, attacker, &ctx),
            _ => false,
        };
        if barred {
            why.push(source.clone());
        }
    }
    for keyword in a_keywords {
        if keyword.named_by(ignoring.iter().copied()) {
            continue;
        }
        let blocked_by = match keyword {
            Keyword::Flying => b_has(&Keyword::Flying) || b_has(&Keyword::Reach),
            Keyword::Fear => {
                blocker.is(CardType::Artifact) || blocker.colors().contains(&Color::Black)
            }
            Keyword::Shadow => b_has(&Keyword::Shadow),
            Keyword::Horsemanship => b_has(&Keyword::Horsemanship),
            Keyword::Landwalk(w) => !w.unblockable(game, defending),
            Keyword::Protection(quality) => {
                !quality.matches(game, blocker, &Context::of(attacker, Some(defending)))
            }
            // Current 702.13b.
            Keyword::Intimidate => {
                blocker.is(CardType::Artifact)
                    || blocker
                        .colors()
                        .iter()
                        .any(|c| attacker.colors().contains(c))
            }
            // Current 702.118b.
            Keyword::Skulk => blocker.power().unwrap_or(0) <= attacker.power().unwrap_or(0),
            _ => true,
        };
        if !blocked_by {
            why.push(keyword_source(attacker, keyword));
        }
    }
    // 502.8b: a creature with shadow can't block creatures without shadow.
    if b_has(&Keyword::Shadow) && !game.has_keyword(attacker.id, &Keyword::Shadow) {
        why.push(Source::new(
            &blocker.label,
            "shadow: it can block only creatures with shadow",
            "502.8b",
        ));
    }
    why.dedup();
    why
}
