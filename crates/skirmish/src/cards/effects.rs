//! Instructions that change a creature for a while: what spells and activated abilities say
//! about power and toughness, keywords, and attacking and blocking.
//!
//! ```text
//! instruction := ["until end of turn" ","] target part (("," | "and" | ", and") part)* "."
//! target      := "~" | "target creature" | "target attacking creature" ["you control"]
//!              | "it" | "that creature"
//! part        := ("gets" pt-change | "gains" keywords | "loses" keyword | predicate) [duration]
//! duration    := "until end of turn" | "this turn" | "until end of combat" | "this combat"
//! activated   := cost ":" instruction
//! cost        := cost-part ("," cost-part)*      cost-part := mana symbols | "{T}"
//! ```
//!
//! A part without its own duration lasts as long as the next part that states one ("gets +1/+0
//! and gains flying until end of turn"), or as the leading "until end of turn". The predicates
//! are those of static abilities (`statics`): an effect gives the creature those combat rules
//! for the duration (500.1).

use super::parser::Parser;
use super::statics::{Form, keyword_ability, predicate, pt_change};
use crate::ability::{Ability, Cost, Duration, Effect, Subject, Trigger};
use crate::mana::ManaCost;

/// The forms of instructions, as `docs/card-text.md` lists them.
pub static EFFECT_FORMS: &[Form] = &[
    Form {
        id: "effect-gets",
        rule: "418.5a",
        wording: "<target> gets <pt-change> <duration>",
        meaning: "Its power and toughness change for the duration (layer 6b); until end of turn and this turn end in the cleanup step (314.2), until end of combat as the combat phase ends (300.4).",
        example: Some((
            "Giant Growth",
            "Target creature gets +3/+3 until end of turn.",
        )),
    },
    Form {
        id: "effect-gains",
        rule: "402.9",
        wording: "<target> gains <keyword> [and <keyword>]... <duration>",
        meaning: "It gains the keywords for the duration, in timestamp order with other effects that add or remove them (402.9).",
        example: Some(("Jump", "Target creature gains flying until end of turn.")),
    },
    Form {
        id: "effect-loses",
        rule: "402.9",
        wording: "<target> loses <keyword> <duration>",
        meaning: "It loses every instance of the keyword for the duration; with effects that grant it, the most recent prevails (402.9).",
        example: None,
    },
    Form {
        id: "triggered-instruction",
        rule: "404.1, 410.4",
        wording: "[When|Whenever] ~ [enters the battlefield|comes into play|attacks|deals combat damage to a player], <instruction>",
        meaning: "A triggered ability whose effect is an instruction of this table (\"it\" is the object itself). It triggers as the permanent comes into play (410.10a), as it is declared as an attacker (308.3), or as its combat damage to a player is dealt; a target is chosen as it goes on the stack, and with no legal target it is removed (410.4).",
        example: Some((
            "Fervent Cathar",
            "When Fervent Cathar enters the battlefield, target creature can't block this turn.",
        )),
    },
    Form {
        id: "effect-rules",
        rule: "500.1",
        wording: "<target> <predicate> <duration>",
        meaning: "It has the combat rule for the duration (\"can't block\", \"can't be blocked\", \"attacks this turn if able\", any predicate of the static abilities above); a creature already declared as an attacker or blocker stays in combat (306.4a).",
        example: Some((
            "Off Balance",
            "Target creature can't attack or block this turn.",
        )),
    },
];

/// A compiled instruction: the forms it used, its effects, and whether it names its creature
/// as "it" or "that creature" (the target of an earlier instruction, 409.1c).
pub struct Instruction {
    pub forms: Vec<&'static str>,
    pub effects: Vec<Effect>,
    pub refers_back: bool,
}

/// Reads an instruction of an instant or sorcery; `Err` carries how far it was understood.
pub fn spell_instruction(text: &str) -> Result<Instruction, Parser> {
    let mut p = Parser::new(text);
    match p.attempt(|p| {
        let i = instruction(p)?;
        p.finish()?;
        Some(i)
    }) {
        Some(i) => Ok(i),
        None => Err(p),
    }
}

/// Reads an activated ability `cost: instruction`.
pub fn activated(text: &str) -> Result<(Vec<&'static str>, Ability), Parser> {
    let mut p = Parser::new(text);
    match p.attempt(|p| {
        let c = cost(p)?;
        p.eat(":").then_some(())?;
        let i = instruction(p)?;
        p.finish()?;
        if i.refers_back {
            // "it" in an activated ability would refer to nothing targeted before it.
            return p.expected("\"~\" or \"target creature\"");
        }
        Some((
            i.forms,
            Ability::Activated {
                cost: c,
                effects: i.effects,
            },
        ))
    }) {
        Some(a) => Ok(a),
        None => Err(p),
    }
}

/// Reads a triggered ability whose effect is an instruction: "When ~ enters the battlefield,
/// target creature can't block this turn.", "Whenever ~ attacks, it gets +2/+0 until end of
/// turn." ("it" is the object itself there.)
pub fn triggered(text: &str) -> Result<(Vec<&'static str>, Ability), Parser> {
    let mut p = Parser::new(text);
    match p.attempt(|p| {
        p.eat_one_of(&["when", "whenever"])?;
        p.eat("~").then_some(())?;
        let trigger = match p.eat_one_of(&[
            "enters the battlefield",
            "comes into play",
            "attacks",
            "deals combat damage to a player",
        ]) {
            Some(0 | 1) => Trigger::ComesIntoPlay,
            Some(2) => Trigger::Attacks,
            Some(_) => Trigger::DealsCombatDamageToPlayer,
            None => return p.expected(
                "\"enters the battlefield\", \"attacks\" or \"deals combat damage to a player\"",
            ),
        };
        p.eat(",").then_some(())?;
        let mut i = instruction(p)?;
        p.finish()?;
        if i.refers_back {
            // "it" in a trigger of ~ is ~ itself.
            for e in &mut i.effects {
                e.set_subject(Subject::This);
            }
        }
        let mut forms = vec!["triggered-instruction"];
        forms.extend(i.forms);
        Some((
            forms,
            Ability::Triggered {
                trigger,
                effects: i.effects,
            },
        ))
    }) {
        Some(a) => Ok(a),
        None => Err(p),
    }
}

/// An activation cost: mana symbols and `{T}`, separated by commas ("{1}{G}, {T}").
pub fn cost(p: &mut Parser) -> Option<Cost> {
    p.attempt(|p| {
        let mut cost = Cost::default();
        loop {
            let w = p.next_word()?;
            if w.eq_ignore_ascii_case("{T}") {
                if cost.tap {
                    return None;
                }
                cost.tap = true;
            } else {
                let m: ManaCost = w.parse().ok()?;
                cost.mana.0.extend(m.0);
            }
            if p.peek() == Some(",") && p.peek2().is_some_and(|w| w.starts_with('{')) {
                p.eat(",");
                continue;
            }
            return Some(cost);
        }
    })
    .or_else(|| p.expected("a cost such as {1}{G} or {T}"))
}

fn duration(p: &mut Parser) -> Option<Duration> {
    match p.eat_one_of(&[
        "until end of turn",
        "this turn",
        "until end of combat",
        "this combat",
    ])? {
        0 => Some(Duration::UntilEndOfTurn),
        1 => Some(Duration::ThisTurn),
        _ => Some(Duration::UntilEndOfCombat),
    }
}

fn target(p: &mut Parser) -> Option<(Subject, bool)> {
    p.attempt(|p| {
        let i = p.eat_one_of(&[
            "~",
            "target attacking creature you control",
            "target attacking creature",
            "target creature",
            "that creature",
            "it",
        ])?;
        Some(match i {
            0 => (Subject::This, false),
            1 => (Subject::TargetAttackingCreatureYouControl, false),
            2 => (Subject::TargetAttackingCreature, false),
            3 => (Subject::TargetCreature, false),
            _ => (Subject::TargetCreature, true),
        })
    })
    .or_else(|| p.expected("\"~\", \"target creature\" or \"it\""))
}

/// What one part does, before its duration is known.
enum Part {
    Gets(i32, i32),
    Gains(Vec<crate::ability::Keyword>),
    Loses(crate::ability::Keyword),
    Rules(Vec<crate::ability::CombatRule>),
}

fn part(p: &mut Parser) -> Option<(&'static str, Part)> {
    p.attempt(|p| {
        if p.eat("gets") {
            let (a, b) = pt_change(p)?;
            return Some(("effect-gets", Part::Gets(a, b)));
        }
        if p.eat("gains") {
            let mut ks = vec![keyword_ability(p)?];
            while let Some(k) = p.attempt(|p| {
                let comma = p.eat(",");
                if !p.eat("and") && !comma {
                    return None;
                }
                keyword_ability(p)
            }) {
                ks.push(k);
            }
            return Some(("effect-gains", Part::Gains(ks)));
        }
        if p.eat("loses") {
            return Some(("effect-loses", Part::Loses(keyword_ability(p)?)));
        }
        // "attacks this turn if able": the static predicate with a duration inside it.
        if let Some(r) = p.attempt(|p| {
            let i = p.eat_one_of(&["attacks", "blocks"])?;
            let d = duration(p)?;
            p.eat("if able").then_some(())?;
            let rule = if i == 0 {
                crate::ability::CombatRule::AttacksEachTurn
            } else {
                crate::ability::CombatRule::BlocksEachTurn
            };
            Some((rule, d))
        }) {
            return Some(("effect-rules", Part::Rules(vec![r.0])));
        }
        if let Some(r) = p.attempt(|p| {
            p.eat("must be blocked").then_some(())?;
            duration(p)?;
            p.eat("if able").then_some(())
        }) {
            let () = r;
            return Some((
                "effect-rules",
                Part::Rules(vec![crate::ability::CombatRule::MustBeBlocked]),
            ));
        }
        let (_, rules) = predicate(p)?;
        Some(("effect-rules", Part::Rules(rules)))
    })
}

fn instruction(p: &mut Parser) -> Option<Instruction> {
    let lead = p.attempt(|p| {
        let d = duration(p)?;
        p.eat(",").then_some(d)
    });
    let (what, refers_back) = target(p)?;
    // Each part with the duration it states, if any; "attacks this turn if able" states its own.
    let mut parts: Vec<(&'static str, Part, Option<Duration>)> = Vec::new();
    loop {
        if !parts.is_empty() {
            let more = p.attempt(|p| {
                let comma = p.eat(",");
                (p.eat("and") || comma).then_some(())
            });
            if more.is_none() {
                break;
            }
        }
        let Some((form, part)) = part(p) else {
            if parts.is_empty() {
                return None;
            }
            break;
        };
        let d = duration(p);
        parts.push((form, part, d));
    }
    // A part without a duration lasts as the next stated one, or the leading one.
    let mut next = lead;
    for i in (0..parts.len()).rev() {
        match parts[i].2 {
            Some(d) => next = Some(d),
            None => parts[i].2 = next,
        }
    }
    let mut forms = Vec::new();
    let mut effects = Vec::new();
    for (form, part, d) in parts {
        let duration = match (d, &part) {
            (Some(d), _) => d,
            // "attacks this turn if able" carries its own; the others need one.
            (None, Part::Rules(r))
                if matches!(
                    r.as_slice(),
                    [crate::ability::CombatRule::AttacksEachTurn]
                        | [crate::ability::CombatRule::BlocksEachTurn]
                        | [crate::ability::CombatRule::MustBeBlocked]
                ) =>
            {
                Duration::ThisTurn
            }
            (None, _) => return p.expected("a duration such as \"until end of turn\""),
        };
        forms.push(form);
        match part {
            Part::Gets(power, toughness) => effects.push(Effect::Pump {
                what,
                power,
                toughness,
                duration,
            }),
            Part::Gains(ks) => effects.extend(ks.into_iter().map(|keyword| Effect::GainKeyword {
                what,
                keyword,
                duration,
            })),
            Part::Loses(keyword) => effects.push(Effect::LoseKeyword {
                what,
                keyword,
                duration,
            }),
            Part::Rules(rules) => effects.push(Effect::GainRules {
                what,
                rules,
                duration,
            }),
        }
    }
    Some(Instruction {
        forms,
        effects,
        refers_back,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ability::{CombatRule, Keyword};

    fn spell(text: &str) -> Instruction {
        spell_instruction(text).unwrap_or_else(|p| panic!("{text}: {}", p.error()))
    }

    #[test]
    fn parts_share_the_next_duration() {
        let i = spell("Target creature gets +1/+0 and gains flying until end of turn.");
        assert_eq!(
            i.effects,
            vec![
                Effect::Pump {
                    what: Subject::TargetCreature,
                    power: 1,
                    toughness: 0,
                    duration: Duration::UntilEndOfTurn
                },
                Effect::GainKeyword {
                    what: Subject::TargetCreature,
                    keyword: Keyword::Flying,
                    duration: Duration::UntilEndOfTurn
                }
            ]
        );
    }

    #[test]
    fn combat_rules_for_a_while() {
        let i =
            spell("Target creature gets +1/+0 until end of turn and can't be blocked this turn.");
        assert!(
            matches!(&i.effects[1], Effect::GainRules { rules, duration: Duration::ThisTurn, .. } if *rules == vec![CombatRule::Unblockable])
        );
        let i = spell("Target creature attacks this turn if able.");
        assert!(
            matches!(&i.effects[0], Effect::GainRules { rules, .. } if *rules == vec![CombatRule::AttacksEachTurn])
        );
        let i = spell("Until end of turn, target creature gets +6/+6 and gains trample.");
        assert_eq!(i.effects.len(), 2);
    }

    #[test]
    fn activated_abilities_with_costs() {
        let (_, a) = activated("{2}{U}, {T}: ~ can't be blocked this turn.")
            .unwrap_or_else(|p| panic!("{}", p.error()));
        let Ability::Activated { cost, effects } = a else {
            panic!()
        };
        assert!(cost.tap);
        assert_eq!(cost.mana.converted(), 3);
        assert!(matches!(
            &effects[0],
            Effect::GainRules {
                what: Subject::This,
                ..
            }
        ));
    }

    #[test]
    fn an_instruction_needs_a_duration() {
        assert!(spell_instruction("Target creature gets +2/+2.").is_err());
    }
}
