//! The combat steps as far as the turn engine needs them: choosing the defending player
//! (306.2), declaring attackers and blockers through the legality kernel (308, 309), and
//! leaving combat (311.2). Combat damage is `damage`; permanents put into play attacking or
//! blocking are `enter_combat`.

use super::{Engine, Flow, RunError};
use crate::events::EventKind;
use crate::legality::Budget;
use crate::legality::judge::{self, Judgement};
use crate::model::{Combat, ObjectId, PlayerId, Position, Zone};

impl Engine<'_> {
    /// 306.2: as the combat phase starts, the active player chooses the defending player: the
    /// only opponent, the next opponent in turn order otherwise, or every opponent under the
    /// attack-multiple-players option (602.2).
    pub(super) fn choose_defending_player(&mut self) {
        let active = self.game.turn.active;
        let n = self.game.players.len() as u32;
        let defending = if self.game.options.attack_multiple_players {
            None
        } else {
            (1..n)
                .map(|k| PlayerId((active.0 + k) % n))
                .find(|p| !self.game.players[p.0 as usize].lost)
        };
        if let Some(d) = defending {
            let (a, d_name) = (self.name(active), self.name(d));
            let opponents = self
                .game
                .players
                .iter()
                .filter(|p| !p.lost && p.id != active)
                .count();
            let (rule, text) = if !self
                .game
                .rules
                .has(crate::edition::Change::DefendingPlayerAsTurnBasedAction)
            {
                (
                    "306.2",
                    format!("{a} chooses {d_name} as the defending player"),
                )
            } else if opponents == 1 {
                // Current 506.2: with one opponent, that player is the defending player; no
                // one chooses.
                (
                    "current 506.2",
                    format!("{d_name}, the only opponent, is the defending player"),
                )
            } else {
                // Current 506.2a: a turn-based action of the beginning of combat step.
                (
                    "current 506.2a",
                    format!(
                        "{a} chooses {d_name} as the defending player, a turn-based action of the beginning of combat step"
                    ),
                )
            };
            self.log(rule, EventKind::Note { text });
        }
        self.game.set_combat(Some(Combat {
            defending_player: defending,
            ..Combat::default()
        }));
    }

    /// Asks for a declaration until the kernel finds it legal (500, 422).
    fn legal_declaration(
        &mut self,
        player: PlayerId,
        attack: bool,
    ) -> Result<(String, Judgement), RunError> {
        loop {
            let asked = if attack {
                self.agent.attackers(&self.game, player)
            } else {
                self.agent.blockers(&self.game, player)
            }
            .map_err(|e| self.error(e))?;
            let mut budget = Budget::new(self.budget);
            let text = match asked {
                Some(t) => t,
                None => {
                    // The default: an optimal declaration with the fewest creatures.
                    // Only the optimum: counting every legal declaration would be wasted work.
                    let optimum = if attack {
                        judge::optimal_attack(&self.game, &mut budget)
                    } else {
                        judge::optimal_block(&self.game, &self.name(player), &mut budget)
                    };
                    match optimum {
                        Ok(Ok(text)) => text,
                        Ok(Err(e)) => {
                            return Err(
                                self.run_error("500.4", format!("no default declaration: {e}"))
                            );
                        }
                        Err(e) => return Err(self.run_error("500", e.to_string())),
                    }
                }
            };
            let judged = if attack {
                judge::judge_attack(&self.game, &text, &mut budget)
            } else {
                judge::judge_block(&self.game, &text, Some(&self.name(player)), &mut budget)
            };
            match judged {
                Ok(j) if j.legal => return Ok((text, j)),
                Ok(j) => {
                    let rule = j.rules.first().cloned().unwrap_or_else(|| "500".into());
                    let why = format!("\"{text}\" is illegal: {}", j.explanation.join("; "));
                    // The judgement is cited in the rules in force already.
                    self.agent
                        .rejected(&self.game, player, &rule, &why)
                        .map_err(|e| self.error(e))?;
                }
                Err(e) => {
                    self.reject(player, "500", &e.to_string())
                        .map_err(|e| self.error(e))?;
                }
            }
        }
    }

    /// Whether `player` pays the costs the declaration `text` locked in (`mana` of them mana):
    /// the agent may decline, and then the declaration is reversed, logged with `rule`, and
    /// the player declares again.
    fn agrees_to_pay(
        &mut self,
        player: PlayerId,
        text: &str,
        mana: u32,
        rule: &str,
    ) -> Result<bool, RunError> {
        let pays = self
            .agent
            .pays_costs(&self.game, player, text)
            .map_err(|e| self.error(e))?;
        if !pays {
            let who = self.name(player);
            let what = if mana > 0 {
                format!("the costs of \"{text}\" ({{{mana}}} and any others)")
            } else {
                format!("the costs of \"{text}\"")
            };
            let text = format!(
                "{who} declines to pay {what}: the declaration is reversed, and {who} declares again (422.1)"
            );
            self.log(rule, EventKind::Note { text });
        }
        Ok(pays)
    }

    fn run_error(&self, rule: &str, message: String) -> RunError {
        RunError {
            rule: Some(self.game.rules.cite(rule).into_owned()),
            turn: self.game.turn.number,
            step: self.game.turn.step,
            line: None,
            message,
        }
    }

    /// 308.2d, 308.2f: the permanents the attack's costs ask for are sacrificed or returned to
    /// their owners' hands, after mana is paid (a land tapped for mana can still be
    /// sacrificed). Among those that fit, tapped permanents go first, then those without a
    /// mana ability; the kernel has checked that all the costs can be paid at once.
    fn give_up_for_attack(
        &mut self,
        problem: &crate::legality::problem::AttackProblem,
        attackers: &std::collections::BTreeMap<ObjectId, crate::model::AttackTarget>,
    ) -> Result<(), RunError> {
        if problem.pools.is_empty() {
            return Ok(());
        }
        let mut choice = problem.none();
        for (id, target) in attackers {
            let i = problem.creatures.iter().position(|c| c.id == *id);
            let t = problem.targets.iter().position(|t| t.target == *target);
            if let (Some(i), Some(t)) = (i, t) {
                choice.0[i] = Some(t);
            }
        }
        let demand = problem.demand(&choice);
        let (names, mut members) = problem.pool_permanents();
        let rank = |label: &str| {
            self.game
                .object_labelled(label)
                .map_or((true, true), |o| (!o.tapped(), super::costs::makes_mana(o)))
        };
        for m in &mut members {
            m.sort_by_key(|k| rank(&names[*k]));
        }
        let Some(paid) = crate::legality::pools::assign(&members, &demand) else {
            return Err(self.run_error(
                "308.2f",
                "the attack's costs can't all be paid with the permanents that fit".into(),
            ));
        };
        for (k, got) in paid.iter().enumerate() {
            let pool = &problem.pools[k];
            for m in got {
                let Some(id) = self.game.object_labelled(&names[*m]).map(|o| o.id) else {
                    return Err(self.run_error(
                        "308.2f",
                        format!("{} was to pay a cost to attack but is gone", names[*m]),
                    ));
                };
                if pool.returns {
                    let label = self.label(id);
                    self.log(
                        "308.2f",
                        EventKind::Note {
                            text: format!("{label} is returned to its owner's hand to pay a cost to attack ({})", pool.text),
                        },
                    );
                    let _ = self.game.move_object(id, Zone::Hand, Position::Top);
                } else {
                    let label = self.label(id);
                    self.log(
                        "308.2f",
                        EventKind::Note {
                            text: format!(
                                "{label} is sacrificed to pay a cost to attack ({})",
                                pool.text
                            ),
                        },
                    );
                    self.sacrifice(id);
                }
            }
        }
        Ok(())
    }

    /// 308: the active player declares attackers; the kernel checks them (500.2); they tap
    /// (308.2c) and costs are paid (308.2d-f).
    pub(super) fn declare_attackers(&mut self) -> Result<Flow, RunError> {
        let active = self.game.turn.active;
        let (attack, problem, tax) = loop {
            let (text, _) = self.legal_declaration(active, true)?;
            let items = crate::declaration::parse_attack(&text)
                .map_err(|e| self.run_error("308.2a", e.to_string()))?;
            let default = crate::legality::build::defending_player(&self.game).ok();
            let attack = crate::declaration::resolve_attack(&self.game, &items, default)
                .map_err(|e| self.run_error("308.2a", e.to_string()))?;
            let problem = crate::legality::build::attack_problem(&self.game)
                .map_err(|e| self.run_error("308.2a", e.to_string()))?;
            let mut tax = 0u32;
            let mut costly = false;
            for (id, target) in &attack.attackers {
                let i = problem.creatures.iter().position(|c| c.id == *id);
                let t = problem.targets.iter().position(|t| t.target == *target);
                if let (Some(i), Some(t)) = (i, t) {
                    tax = tax.saturating_add(problem.cost(i, t));
                    costly |= problem.has_cost(i, t);
                }
            }
            // 308.2d: the total cost is locked in; a player who won't pay it can't comply,
            // and the declaration is reversed and made again (308.2, 422.1).
            if costly && !self.agrees_to_pay(active, &text, tax, "308.2d")? {
                continue;
            }
            break (attack, problem, tax);
        };
        // 308.2b: the bands, announced once the declaration is legal.
        let bands = self.announce_bands(active, &attack.attackers)?;
        for id in attack.attackers.keys() {
            if !self
                .game
                .has_keyword(*id, &crate::ability::Keyword::Vigilance)
            {
                let _ = self.game.update_status(*id, |s| s.tapped = true);
            }
        }
        if let Err(r) = self.pay_generic(active, tax, "attacking", "308.2f") {
            return Err(self.run_error(r.rule, r.why));
        }
        self.give_up_for_attack(&problem, &attack.attackers)?;
        self.game
            .attacked_this_turn
            .extend(attack.attackers.keys().copied());
        let mut combat = self.game.combat.clone().unwrap_or_default();
        combat.attackers = attack.attackers.clone();
        combat.bands = bands;
        self.game.set_combat(Some(combat));
        if attack.attackers.is_empty() {
            // 308.5: a creature put into play attacking during this step keeps the steps.
            let flow = self.priority("308.1")?;
            if self
                .game
                .combat
                .as_ref()
                .is_some_and(|c| c.put_into_play_attacking)
            {
                return Ok(flow);
            }
            self.log("308.5", EventKind::Note { text: "no creatures are declared as attackers or put into play attacking: the declare blockers and combat damage steps are skipped".into() });
            return Ok(match flow {
                Flow::Continue => Flow::SkipToEndOfCombat,
                other => other,
            });
        }
        let declared: Vec<ObjectId> = attack.attackers.keys().copied().collect();
        self.exert_attackers(&declared);
        self.attack_triggers();
        for (id, target) in &attack.attackers {
            let what = self.attack_target_name(*target);
            let label = self.label(*id);
            self.log(
                "308.2g",
                EventKind::Note {
                    text: format!("{label} attacks {what}"),
                },
            );
        }
        self.priority("308.1")
    }

    /// 309: each defending player declares blockers, in APNAP order (602.4).
    pub(super) fn declare_blockers(&mut self) -> Result<Flow, RunError> {
        let defenders = crate::legality::build::attacked_players(&self.game).unwrap_or_default();
        // Only these blocks trigger: a creature put into play blocking earlier never
        // "blocked" (309.5).
        let mut declared = crate::model::Combat::default();
        for d in defenders {
            let (block, problem, choice) = loop {
                let (text, _) = self.legal_declaration(d, false)?;
                let items = crate::declaration::parse_block(&text)
                    .map_err(|e| self.run_error("309.2a", e.to_string()))?;
                let block = crate::declaration::resolve_block(&self.game, &items)
                    .map_err(|e| self.run_error("309.2a", e.to_string()))?;
                // 309.2b-d: the costs to block are totalled and paid before the blocks happen.
                let problem = crate::legality::build::block_problem_for(&self.game, d)
                    .map_err(|e| self.run_error("309.2a", e.to_string()))?;
                let (choice, _) =
                    crate::legality::block_choice(&problem, &block, &|id| self.label(id));
                let costly = problem.paid(&choice).iter().any(|items| !items.is_empty());
                // As for attacks: a player who won't pay can't comply (309.2, 422.1).
                if costly && !self.agrees_to_pay(d, &text, problem.mana(&choice), "309.2d")? {
                    continue;
                }
                break (block, problem, choice);
            };
            if let Err(r) = self.pay_generic(d, problem.mana(&choice), "blocking", "309.2d") {
                return Err(self.run_error(r.rule, r.why));
            }
            // 309.2d, 215.4: life costs to block, paid with the mana (the kernel has checked
            // the player has that much).
            let life = problem.life(&choice);
            if life > 0 {
                let change = -i32::try_from(life).unwrap_or(i32::MAX);
                let _ = self.game.change_life(d, change);
                let now = self.game.player(d).map_or(0, |p| p.life);
                let player = self.name(d);
                self.log(
                    "309.2d",
                    EventKind::Life {
                        player,
                        change,
                        life: now,
                    },
                );
            }
            // 502.10e: a creature blocking a member of a band blocks the whole band.
            let blocks: Vec<(ObjectId, Vec<ObjectId>)> = block
                .blockers
                .iter()
                .map(|(b, attacked)| (*b, self.with_bands(*b, attacked)))
                .collect();
            let mut combat = self.game.combat.clone().unwrap_or_default();
            // 309.4: an attacker an effect already made blocked doesn't become blocked again.
            let already = combat.blocked.clone();
            for (b, attacked) in &blocks {
                combat.blockers.insert(*b, attacked.clone());
                combat.blocked.extend(attacked.iter().copied());
                declared.blockers.insert(*b, attacked.clone());
                declared
                    .blocked
                    .extend(attacked.iter().copied().filter(|a| !already.contains(a)));
                for a in attacked {
                    self.blocked_by.entry(*a).or_default().push(*b);
                    self.game.blocked_this_turn.push((*b, *a));
                }
                let names: Vec<String> = attacked.iter().map(|a| self.label(*a)).collect();
                let label = self.label(*b);
                self.log(
                    "309.2e",
                    EventKind::Note {
                        text: format!("{label} blocks {}", names.join(" and ")),
                    },
                );
            }
            self.game.set_combat(Some(combat));
        }
        self.block_triggers(&declared);
        self.priority("309.1")
    }

    /// 311.2: as the end of combat step ends, everything leaves combat.
    pub(super) fn leave_combat(&mut self) {
        if self.game.combat.as_ref().is_some_and(|c| !c.is_empty()) {
            self.log(
                "311.2",
                EventKind::Note {
                    text: "all creatures and planeswalkers are removed from combat".into(),
                },
            );
        }
        self.game.set_combat(None);
        self.blocked_by.clear();
    }
}
