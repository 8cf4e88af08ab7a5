//! A readable view of a game state: what `skirmish show` prints as text, and its `--json` form.
//! Field names here are part of the JSON interface (docs/cli.md); internal ids never appear,
//! everything is named by label.

use crate::ability::Ability;
use crate::model::{AttackTarget, Game, Object};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

#[derive(Debug, Clone, Serialize)]
pub struct BoardView {
    pub edition: String,
    /// The rules the text is printed in the words of.
    #[serde(skip)]
    pub rules: crate::edition::Rules,
    pub turn: u32,
    pub active_player: String,
    pub step: String,
    pub step_rule: String,
    pub defending_player: Option<String>,
    pub players: Vec<PlayerView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlayerView {
    pub name: String,
    pub life: i32,
    pub hand: Vec<String>,
    pub library: Vec<String>,
    pub graveyard: Vec<String>,
    pub removed_from_game: Vec<String>,
    pub permanents: Vec<PermanentView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PermanentView {
    pub label: String,
    pub card: String,
    pub type_line: String,
    pub owner: String,
    pub token: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub toughness: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loyalty: Option<i32>,
    pub tapped: bool,
    pub summoning_sick: bool,
    pub damage: u32,
    pub counters: BTreeMap<String, u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attached_to: Option<String>,
    /// What it attacks, if it is attacking.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacking: Option<String>,
    pub blocked: bool,
    /// The attackers it blocks.
    pub blocking: Vec<String>,
    /// Its abilities in words, in text order.
    pub abilities: Vec<String>,
}

fn labels(game: &Game, ids: &[crate::model::ObjectId]) -> Vec<String> {
    ids.iter()
        .filter_map(|id| game.object(*id))
        .map(|o| o.label.clone())
        .collect()
}

/// A short English description of an ability, for the board view.
pub fn describe(a: &Ability) -> String {
    use crate::ability::CombatRule as R;
    use crate::filter::Condition;
    match a {
        Ability::Keyword { keyword } => keyword.to_string(),
        Ability::EntersTapped => "comes into play tapped".to_string(),
        Ability::ChooseColorAsEnters => "as this comes into play, choose a color".to_string(),
        Ability::ChoosePlayerAsEnters { opponent: true } => {
            "as this comes into play, choose an opponent".to_string()
        }
        Ability::ChoosePlayerAsEnters { opponent: false } => {
            "as this comes into play, choose a player".to_string()
        }
        Ability::ChooseCreatureTypeAsEnters => {
            "as this comes into play, choose a creature type".to_string()
        }
        Ability::MayNotUntap => {
            "you may choose not to untap this during your untap step".to_string()
        }
        Ability::CantBeCountered => "this spell can't be countered".to_string(),
        Ability::AdditionalSacrifice { filter, count } => format!(
            "as an additional cost to play this spell, {}",
            crate::ability::CostPart::Sacrifice {
                filter: filter.clone(),
                count: *count
            }
        ),
        Ability::MayExert => "you may exert this as it attacks".to_string(),
        Ability::ProtectionKeepsThis => {
            "the protection this gives doesn't make it fall off".to_string()
        }
        Ability::CastOnly { only } => {
            let l: Vec<String> = only.iter().map(ToString::to_string).collect();
            format!("this spell can be played {}", l.join(", "))
        }
        Ability::DefinesPt { power, toughness } => match (power, toughness) {
            (Some(p), Some(t)) if p == t => {
                format!("this creature's power and toughness are each equal to {p}")
            }
            (Some(p), Some(t)) => {
                format!("this creature's power is equal to {p} and its toughness is equal to {t}")
            }
            (Some(p), None) => format!("this creature's power is equal to {p}"),
            (None, Some(t)) => format!("this creature's toughness is equal to {t}"),
            (None, None) => "nothing".to_string(),
        },
        Ability::LevelPt {
            min,
            max,
            power,
            toughness,
        } => match max {
            Some(max) => format!("level {min}-{max}: {power}/{toughness}"),
            None => format!("level {min}+: {power}/{toughness}"),
        },
        Ability::EntersWithCounters {
            counter,
            count,
            condition,
        } => {
            let count = match count {
                crate::filter::Amount::Times(n, per) => match per.each_text() {
                    Some(each) => format!("{} on it for each {each}", counters(*n, counter)),
                    None => format!("{n} times {per} {counter} counters on it"),
                },
                crate::filter::Amount::Number(n) => {
                    format!("{} on it", counters(*n, counter))
                }
                c => format!("{c} {counter} counters on it"),
            };
            match condition {
                Some(crate::filter::Condition::Not { of }) => {
                    format!("it comes into play with {count} unless {of}")
                }
                Some(c) => format!("it comes into play with {count} if {c}"),
                None => format!("it comes into play with {count}"),
            }
        }
        Ability::OthersEnterWithCounters {
            filter,
            counter,
            count,
        } => {
            let more = match count {
                crate::filter::Amount::Number(1) => {
                    format!("an additional {counter} counter on it")
                }
                crate::filter::Amount::Number(n) => {
                    format!("an additional {n} {counter} counters on it")
                }
                c => format!("an additional X {counter} counters on it, where X is {c}"),
            };
            format!("each {} comes into play with {more}", filter.singular())
        }
        Ability::EntersWithAbilities {
            abilities,
            condition,
        } => {
            let with = granted_text(abilities);
            match condition {
                Some(c) => format!("it comes into play with {with} if {c}"),
                None => format!("it comes into play with {with}"),
            }
        }
        Ability::EntersWithCountersEachKick { count } => format!(
            "it comes into play with {count} +1/+1 counter(s) on it for each time it was kicked"
        ),
        Ability::Combat {
            scope,
            rule,
            condition,
        } => {
            let what = match rule {
                R::MaxAttackers { max } => {
                    return format!("no more than {max} creature(s) can attack each turn");
                }
                R::MaxBlockersTotal { max } => {
                    return format!("no more than {max} creature(s) can block each turn");
                }
                _ => rule_text(rule),
            };
            match condition {
                Some(Condition::Not { of }) => format!("{scope}: {what} unless {of}"),
                Some(c) => format!("{scope}: {what} as long as {c}"),
                None => format!("{scope}: {what}"),
            }
        }
        Ability::Static {
            effect: crate::ability::StaticEffect::IncreaseDamage(increase),
            condition,
            ..
        } => match condition {
            Some(Condition::Not { of }) => format!("{} unless {of}", increase.words()),
            Some(c) => format!("{} as long as {c}", increase.words()),
            None => increase.words(),
        },
        Ability::Static {
            effect: crate::ability::StaticEffect::Prevent(prevention),
            condition,
            ..
        } => match condition {
            Some(Condition::Not { of }) => format!("{} unless {of}", prevention.words()),
            Some(c) => format!("{} as long as {c}", prevention.words()),
            None => prevention.words(),
        },
        Ability::Static {
            effect: crate::ability::StaticEffect::CantCast { who, spells },
            condition,
            ..
        } => {
            let head = cant_cast_words(*who, spells);
            match condition {
                Some(Condition::DuringCombat) => format!("{head} during combat"),
                Some(Condition::YourTurn) => format!("{head} during your turn"),
                Some(Condition::Not { of }) => format!("{head} unless {of}"),
                Some(c) => format!("as long as {c}, {head}"),
                None => head,
            }
        }
        Ability::Static {
            effect: crate::ability::StaticEffect::Redirect(redirection),
            condition,
            ..
        } => match condition {
            Some(Condition::Not { of }) => format!("{} unless {of}", redirection.words()),
            Some(c) => format!("{} as long as {c}", redirection.words()),
            None => redirection.words(),
        },
        Ability::Static {
            scope,
            effect,
            condition,
        } => {
            let what = match effect {
                crate::ability::StaticEffect::Pump { power, toughness } => {
                    format!("gets {}", pt_change(*power, *toughness))
                }
                crate::ability::StaticEffect::PumpFor {
                    power,
                    toughness,
                    per,
                } => {
                    let x = |n: i32| match n {
                        1 => Some("+X"),
                        0 => Some("+0"),
                        -1 => Some("-X"),
                        _ => None,
                    };
                    match (per.each_text(), x(*power), x(*toughness)) {
                        (Some(each), _, _) => {
                            format!("gets {} for each {each}", pt_change(*power, *toughness))
                        }
                        // "gets +X/+X, where X is the number of creature cards in all
                        // graveyards"
                        (None, Some(a), Some(b)) => format!("gets {a}/{b}, where X is {per}"),
                        (None, _, _) => format!(
                            "gets {} for each one of {per}",
                            pt_change(*power, *toughness)
                        ),
                    }
                }
                crate::ability::StaticEffect::Keywords { keywords } => {
                    let k: Vec<String> = keywords.iter().map(|k| k.to_string()).collect();
                    format!("has {}", k.join(" and "))
                }
                crate::ability::StaticEffect::Abilities { abilities } => {
                    format!("has {}", granted_text(abilities))
                }
                crate::ability::StaticEffect::Colors { colors } => {
                    let c: Vec<String> = colors.iter().map(|c| c.name().to_lowercase()).collect();
                    format!("is {}", c.join(" and "))
                }
                crate::ability::StaticEffect::LoseKeywords { keywords, barred } => {
                    let k: Vec<String> = keywords.iter().map(|k| k.to_string()).collect();
                    let k = k.join(" and ");
                    if *barred {
                        format!("loses {k} and can't have or gain {k}")
                    } else {
                        format!("loses {k}")
                    }
                }
                crate::ability::StaticEffect::CantActivate { only_tap: false } => {
                    "its activated abilities can't be played".to_string()
                }
                crate::ability::StaticEffect::CantActivate { only_tap: true } => {
                    "its activated abilities with {T} in their costs can't be played".to_string()
                }
                crate::ability::StaticEffect::DoesntUntap => {
                    "doesn't untap during its controller's untap step".to_string()
                }
                crate::ability::StaticEffect::Prevent(p) => p.words(),
                crate::ability::StaticEffect::CantCast { who, spells } => {
                    cant_cast_words(*who, spells)
                }
                crate::ability::StaticEffect::Redirect(r) => r.words(),
                crate::ability::StaticEffect::NotCreature => "isn't a creature".to_string(),
                crate::ability::StaticEffect::AddTypes {
                    colors,
                    card_types,
                    subtypes,
                } => format!(
                    "is {}",
                    crate::cards::added_types::words(colors, card_types, subtypes)
                ),
                crate::ability::StaticEffect::IncreaseDamage(i) => i.words(),
                crate::ability::StaticEffect::Control => {
                    "is controlled by this permanent's controller".to_string()
                }
            };
            match condition {
                Some(Condition::Not { of }) => format!("{scope}: {what} unless {of}"),
                Some(c) => format!("{scope}: {what} as long as {c}"),
                None => format!("{scope}: {what}"),
            }
        }
        Ability::Activated {
            cost,
            effects,
            only,
        } => {
            let e = describe_effects(effects);
            let limits: Vec<String> = only.iter().map(ToString::to_string).collect();
            let limits = if limits.is_empty() {
                String::new()
            } else {
                format!(" (play {})", limits.join(", "))
            };
            format!("{cost}: {}{limits}", e.join(", then "))
        }
        Ability::Spell { effect } => describe_effect(effect),
        Ability::Triggered { trigger, effects } => {
            let when = trigger_text(trigger);
            let e = describe_effects(effects);
            format!("{when}, {}", e.join(", then "))
        }
        Ability::Modal { min, max, modes } => describe_modes(*min, *max, modes),
        Ability::Mode { effects } => {
            let e: Vec<String> = effects.iter().map(describe_effect).collect();
            format!("mode: {}", e.join(", then "))
        }
    }
}

/// A library search as Oracle text writes it: "search your library for up to two basic land
/// cards, put them into play tapped, then shuffle your library". The card grammar reads it
/// back to the same instruction.
fn search_text(
    filter: &crate::filter::Filter,
    count: crate::ability::SearchCount,
    reveal: bool,
    to: crate::ability::SearchTo,
    shuffle: bool,
) -> String {
    use crate::ability::{SearchCount, SearchTo};
    let plural = !matches!(count, SearchCount::Exactly(1) | SearchCount::UpTo(1));
    let cards = filter.card_phrase(plural).unwrap_or_else(|| {
        format!(
            "{} card{}",
            filter.singular(),
            if plural { "s" } else { "" }
        )
    });
    let how_many = match count {
        SearchCount::Exactly(1) => with_article(&cards),
        SearchCount::Exactly(n) => format!("{} {cards}", number_text(n)),
        SearchCount::UpTo(n) => format!("up to {} {cards}", number_text(n)),
        SearchCount::AnyNumber => format!("any number of {cards}"),
    };
    let them = if plural { "them" } else { "it" };
    let mut out = format!("search your library for {how_many}");
    if reveal {
        out.push_str(&format!(", reveal {them}"));
    }
    match to {
        SearchTo::Hand => out.push_str(&format!(", put {them} into your hand")),
        SearchTo::Play { tapped } => out.push_str(&format!(
            ", put {them} into play{}",
            if tapped { " tapped" } else { "" }
        )),
        SearchTo::Graveyard => out.push_str(&format!(", put {them} into your graveyard")),
        SearchTo::RemovedFromGame => out.push_str(&format!(", remove {them} from the game")),
        SearchTo::Top => {
            out.push_str(&format!(
                ", then shuffle your library and put {them} on top of it"
            ));
            return out;
        }
    }
    if shuffle {
        out.push_str(", then shuffle your library");
    }
    out
}

/// "one" .. "ten" as words (as Oracle text writes small numbers), larger ones as digits.
fn number_text(n: u32) -> String {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// "choose one — • ... • ...": how many modes are chosen (409.1b), and each, as Oracle text
/// writes them.
fn describe_modes(min: u32, max: u32, modes: &[Vec<crate::ability::Effect>]) -> String {
    let word = |n: u32| match n {
        1 => "one".to_string(),
        2 => "two".to_string(),
        3 => "three".to_string(),
        4 => "four".to_string(),
        n => n.to_string(),
    };
    let how = match (min, max) {
        (a, b) if a == b => word(a),
        (1, 2) if modes.len() == 2 => "one or both".to_string(),
        (a, b) if b as usize >= modes.len() => format!("{} or more", word(a)),
        (a, b) => format!("{} to {}", word(a), word(b)),
    };
    let m: Vec<String> = modes
        .iter()
        .map(|m| {
            let e: Vec<String> = m.iter().map(describe_effect).collect();
            format!("• {}", e.join(", then "))
        })
        .collect();
    format!("choose {how} — {}", m.join(" "))
}

/// "1/1 Thopter artifact creature token with flying" as several: "tokens" where it says
/// "token".
fn plural_token(one: &str) -> String {
    match one.find(" token") {
        Some(i) => format!("{}s{}", &one[..i + 6], &one[i + 6..]),
        None => format!("{one}s"),
    }
}

/// A number of things read as an instruction is carried out: "that many", "X".
/// An instruction whose amount is "N for each <counted>", as the instruction with the number N
/// and what is counted: "create a 1/1 Sand token" and "land you control".
fn per_each_effect(e: &crate::ability::Effect) -> Option<(crate::ability::Effect, String)> {
    use crate::ability::Effect as E;
    use crate::filter::Amount;
    let amount = match e {
        E::DealDamage { amount, .. }
        | E::DealDamageBy { amount, .. }
        | E::CreateTokensAmount { amount, .. }
        | E::DrawAmount { amount, .. }
        | E::LoseLifeAmount { amount, .. }
        | E::DiscardAmount { amount, .. }
        | E::PutCountersAmount { amount, .. } => amount,
        E::GainLifeAmount { who, amount } if who.is_you() => amount,
        _ => return None,
    };
    let (n, each) = amount.per_each()?;
    let count = u32::try_from(n).ok()?;
    let fixed = match e.clone() {
        E::DealDamage { to, .. } => E::DealDamage {
            amount: Amount::Number(n),
            to,
        },
        E::DealDamageBy { by, to, .. } => E::DealDamageBy {
            by,
            amount: Amount::Number(n),
            to,
        },
        E::CreateTokensAmount { token, .. } => E::CreateTokens { token, count },
        E::DrawAmount { who, .. } => E::Draw { who, count },
        E::LoseLifeAmount { who, .. } => E::LoseLife { who, amount: count },
        E::DiscardAmount { who, .. } => E::Discard {
            who,
            count,
            random: false,
        },
        E::PutCountersAmount { what, counter, .. } => E::PutCounters {
            what,
            counter,
            count,
        },
        _ => E::GainLife { amount: count },
    };
    Some((fixed, each))
}

fn many(amount: &crate::filter::Amount) -> String {
    match amount {
        crate::filter::Amount::ThatMuch => "that many".into(),
        a => a.to_string(),
    }
}

/// "2 cards", "X cards", "that many cards", or "cards equal to its power" for an amount read
/// from the game.
fn many_cards(amount: &crate::filter::Amount) -> String {
    use crate::filter::Amount;
    match amount {
        Amount::ThatMuch | Amount::X | Amount::Number(_) => format!("{} cards", many(amount)),
        a => format!("cards equal to {a}"),
    }
}

/// "+1/+1", "-1/-0", "+0/-2": a change to power and toughness as Oracle text writes it, a 0
/// taking the other number's sign.
pub(crate) fn pt_change(power: i32, toughness: i32) -> String {
    let signed = |n: i32, other: i32| {
        if n == 0 && other < 0 {
            "-0".to_string()
        } else {
            format!("{n:+}")
        }
    };
    format!("{}/{}", signed(power, toughness), signed(toughness, power))
}

/// "a creature", "an Elf": the description with its article.
pub(crate) fn with_article(what: &str) -> String {
    // "an other creature" is said "another creature".
    if let Some(rest) = what.strip_prefix("other ") {
        return format!("another {rest}");
    }
    let vowel = what
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {what}", if vowel { "an" } else { "a" })
}

/// An instruction after "you may", in card words: an imperative stays ("you may draw a
/// card"); one with its own subject takes "have" and a bare verb ("you may have target
/// creature get -1/-1", "you may have this deal 3 damage").
fn optional(instruction: &str) -> String {
    const VERBS: [(&str, &str); 6] = [
        ("deals ", "deal "),
        ("gets ", "get "),
        ("gains ", "gain "),
        ("loses ", "lose "),
        ("fights ", "fight "),
        ("becomes ", "become "),
    ];
    if let Some(rest) = VERBS
        .iter()
        .find_map(|(v, bare)| instruction.strip_prefix(v).map(|r| format!("{bare}{r}")))
    {
        return format!("have this {rest}");
    }
    for (v, bare) in VERBS {
        if let Some(at) = instruction.find(&format!(" {v}")) {
            let subject = &instruction[..at];
            if subject.starts_with("target ") || subject == "this" || subject.starts_with("this ") {
                return format!("have {subject} {bare}{}", &instruction[at + 1 + v.len()..]);
            }
        }
    }
    // "you gain 2 life" after "you may": the subject is said once.
    if let Some(rest) = instruction.strip_prefix("you ") {
        return rest.to_string();
    }
    instruction.to_string()
}

pub(crate) fn trigger_text(trigger: &crate::ability::Trigger) -> std::borrow::Cow<'static, str> {
    if let crate::ability::Trigger::YouCastNthSpell { n } = trigger {
        return std::borrow::Cow::Owned(format!(
            "whenever you play your spell number {n} each turn"
        ));
    }
    if let crate::ability::Trigger::BecomesTarget { spells_only, by } = trigger {
        let what = if *spells_only {
            "a spell"
        } else {
            "a spell or ability"
        };
        let whose = match by {
            Some(crate::filter::PlayerRef::You) => " you control",
            Some(_) => " an opponent controls",
            None => "",
        };
        return std::borrow::Cow::Owned(format!(
            "whenever this becomes the target of {what}{whose}"
        ));
    }
    if let crate::ability::Trigger::AttacksWithOthers { others } = trigger {
        return std::borrow::Cow::Owned(format!(
            "whenever this and at least {others} other creatures attack"
        ));
    }
    std::borrow::Cow::Borrowed(match trigger {
        crate::ability::Trigger::YouCastSpell { filter } => {
            use crate::filter::Filter;
            let (filter, targeting) = match filter.without(&Filter::TargetsThis) {
                Some(rest) => (rest, " that targets this"),
                None => (filter.clone(), ""),
            };
            return format!("whenever you play {}{targeting}", spell_words(&filter)).into();
        }
        crate::ability::Trigger::AtStep { step, whose } => {
            return moment_words(*step, *whose).into();
        }
        crate::ability::Trigger::GroupAttacks { filter } => {
            let (group, you) = attacking_you(filter);
            return format!("whenever one or more {} attack{you}", group.plural()).into();
        }
        crate::ability::Trigger::GroupBlocks { filter } => {
            return format!("whenever one or more {} block", filter.plural()).into();
        }
        crate::ability::Trigger::LeavesPlay => "when this leaves play",
        crate::ability::Trigger::YouGainLife => "whenever you gain life",
        crate::ability::Trigger::IsDealtDamage => "whenever this is dealt damage",
        crate::ability::Trigger::IsDealtCombatDamage => "whenever this is dealt combat damage",
        crate::ability::Trigger::DealsCombatDamageToPlayer => {
            "whenever this deals combat damage to a player"
        }
        crate::ability::Trigger::DealsDamage { combat: false } => "whenever this deals damage",
        crate::ability::Trigger::DealsDamage { combat: true } => {
            "whenever this deals combat damage"
        }
        crate::ability::Trigger::DealsDamageToACreature => {
            "whenever this deals damage to a creature"
        }
        crate::ability::Trigger::DealsDamageToPlayer { opponent: false } => {
            "whenever this deals damage to a player"
        }
        crate::ability::Trigger::DealsDamageToPlayer { opponent: true } => {
            "whenever this deals damage to an opponent"
        }
        crate::ability::Trigger::Attacks => "whenever this attacks",
        crate::ability::Trigger::ComesIntoPlay => "when this comes into play",
        crate::ability::Trigger::TurnedFaceUp => "when this is turned face up",
        crate::ability::Trigger::Blocks => "whenever this blocks",
        crate::ability::Trigger::AttacksOrBlocks => "whenever this attacks or blocks",
        crate::ability::Trigger::AttacksAlone => "whenever this attacks alone",
        crate::ability::Trigger::AttacksWithAnotherDifferentPlayers => {
            "whenever this and another creature attack different players"
        }
        crate::ability::Trigger::Either(events) => {
            // "whenever this blocks a creature or becomes blocked by a creature": the words
            // the events share said once.
            let texts: Vec<String> = events
                .iter()
                .map(|e| trigger_text(e).into_owned())
                .collect();
            let first: Vec<&str> = texts[0].split(' ').collect();
            let mut out = texts[0].clone();
            for t in &texts[1..] {
                let words: Vec<&str> = t.split(' ').collect();
                let shared = first.iter().zip(&words).take_while(|(a, b)| a == b).count();
                out.push_str(" or ");
                out.push_str(&words[shared..].join(" "));
            }
            return out.into();
        }
        crate::ability::Trigger::Attached(inner) => {
            return trigger_text(inner)
                .replacen("this", "the creature this is attached to", 1)
                .into();
        }
        crate::ability::Trigger::CreatureEvent { filter, event } => {
            // Of any of a kind, it happens again and again: "whenever".
            let own = trigger_text(event);
            let own = match own.strip_prefix("when ") {
                Some(rest) => format!("whenever {rest}"),
                None => own.into_owned(),
            };
            return own
                .replacen("this", &with_article(&filter.singular()), 1)
                .into();
        }
        crate::ability::Trigger::BecomesBlocked => "whenever this becomes blocked",
        crate::ability::Trigger::Dies => "when this is put into a graveyard from play",
        crate::ability::Trigger::AttacksFirstTimeEachTurn => {
            "whenever this attacks for the first time each turn"
        }
        crate::ability::Trigger::DiesDuringCombat => {
            "when this is put into a graveyard from play during combat"
        }
        crate::ability::Trigger::Exerted => "when you exert this",
        crate::ability::Trigger::PermanentEnters { filter } => {
            return format!(
                "whenever {} comes into play",
                with_article(&filter.singular())
            )
            .into();
        }
        crate::ability::Trigger::PermanentDies { filter } => {
            // "during combat" is said of the moment, after the event.
            let (filter, combat) = match filter.without(&crate::filter::Filter::DuringCombat) {
                Some(rest) => (rest, " during combat"),
                None => (filter.clone(), ""),
            };
            return format!(
                "whenever {} is put into a graveyard from play{combat}",
                with_article(&filter.singular())
            )
            .into();
        }
        crate::ability::Trigger::Exploits => "when this exploits a creature",
        crate::ability::Trigger::BecomesMonstrous => "when this becomes monstrous",
        crate::ability::Trigger::BlocksOneOrMore { filter } => {
            return format!("whenever this blocks one or more {}", filter.plural()).into();
        }
        crate::ability::Trigger::BecomesBlockedByOneOrMore { filter } => {
            return format!(
                "whenever this becomes blocked by one or more {}",
                filter.plural()
            )
            .into();
        }
        crate::ability::Trigger::DealsDamageToCreatureThat { combat, filter } => {
            return format!(
                "whenever this deals {}damage to {}",
                if *combat { "combat " } else { "" },
                with_article(&filter.singular())
            )
            .into();
        }
        crate::ability::Trigger::BlocksACreature { filter } => {
            return format!("whenever this blocks {}", with_article(&filter.singular())).into();
        }
        crate::ability::Trigger::BecomesBlockedBy { filter } => {
            return format!(
                "whenever this becomes blocked by {}",
                with_article(&filter.singular())
            )
            .into();
        }
        crate::ability::Trigger::AttacksAndIsntBlocked => "whenever this attacks and isn't blocked",
        crate::ability::Trigger::AttacksPlayerAndIsntBlocked => {
            "whenever this attacks a player and isn't blocked"
        }
        crate::ability::Trigger::DealsCombatDamageToACreature => {
            "whenever this deals combat damage to a creature"
        }
        crate::ability::Trigger::AtBeginningOfCleanup => {
            "at the beginning of the next cleanup step"
        }
        crate::ability::Trigger::LastTimeCounterRemoved => {
            "when the last time counter is removed from this while it's removed from the game"
        }
        crate::ability::Trigger::AttacksWithOthers { .. } => "whenever this attacks with others",
        crate::ability::Trigger::BecomesTarget { .. } => "whenever this becomes the target",
        crate::ability::Trigger::BecomesTapped => "whenever this becomes tapped",
        crate::ability::Trigger::BecomesUntapped => "whenever this becomes untapped",
        crate::ability::Trigger::YouDiscard => "whenever you discard a card",
        crate::ability::Trigger::YouCastThis => "when you cast this",
        crate::ability::Trigger::YouCycleThis => "when you cycle this",
        crate::ability::Trigger::YouCastNthSpell { .. } => {
            "whenever you play your nth spell each turn"
        }
        crate::ability::Trigger::PlayerCycles { who } => match who {
            crate::filter::PlayerRef::You => "whenever you cycle a card",
            crate::filter::PlayerRef::Opponent => "whenever an opponent cycles a card",
            _ => "whenever a player cycles a card",
        },
        crate::ability::Trigger::PlayerGetsEnergy { who } => match who {
            crate::filter::PlayerRef::You => "whenever you get one or more {E}",
            crate::filter::PlayerRef::Opponent => "whenever an opponent gets one or more {E}",
            _ => "whenever a player gets one or more {E}",
        },
        crate::ability::Trigger::PlayerPlaysLand { who } => match who {
            crate::filter::PlayerRef::You => "whenever you play a land",
            crate::filter::PlayerRef::Opponent => "whenever an opponent plays a land",
            _ => "whenever a player plays a land",
        },
        crate::ability::Trigger::PlayerSurveils { who } => match who {
            crate::filter::PlayerRef::You => "whenever you surveil",
            crate::filter::PlayerRef::Opponent => "whenever an opponent surveils",
            _ => "whenever a player surveils",
        },
        crate::ability::Trigger::PlayerDraws { who } => match who {
            crate::filter::PlayerRef::You => "whenever you draw a card",
            crate::filter::PlayerRef::Opponent => "whenever an opponent draws a card",
            _ => "whenever a player draws a card",
        },
        crate::ability::Trigger::DealsDamageToYou { combat } => {
            if *combat {
                "whenever this deals combat damage to you"
            } else {
                "whenever this deals damage to you"
            }
        }
        crate::ability::Trigger::CountersPut {
            counter,
            one_or_more,
        } => {
            return if *one_or_more {
                format!("whenever one or more {counter} counters are put on this")
            } else {
                format!("whenever a {counter} counter is put on this")
            }
            .into();
        }
        crate::ability::Trigger::PlayerSacrifices { who, filter } => {
            return format!(
                "whenever {} {}",
                match who {
                    crate::filter::PlayerRef::Opponent => "an opponent sacrifices",
                    crate::filter::PlayerRef::You => "you sacrifice",
                    _ => "a player sacrifices",
                },
                with_article(&filter.singular())
            )
            .into();
        }
        crate::ability::Trigger::PlayerCastsSpell { who, filter } => {
            return format!(
                "whenever {} plays {}",
                match who {
                    crate::filter::PlayerRef::Opponent => "an opponent",
                    _ => "a player",
                },
                spell_words(filter)
            )
            .into();
        }
    })
}

/// A spell a description fits, with its article: "a spell", "a noncreature spell", "an
/// instant or sorcery spell" (a description with no card type is of any spell, never of
/// "permanent" spells, which would leave out instants and sorceries).
pub(crate) fn spell_words(filter: &crate::filter::Filter) -> String {
    use crate::filter::Filter;
    // "with converted mana cost 6 or greater" comes after the word "spell".
    let is_stat = |f: &Filter| {
        matches!(
            f,
            Filter::ManaValue(..) | Filter::Power(..) | Filter::Toughness(..)
        )
    };
    let (stats, rest): (Vec<Filter>, Vec<Filter>) = match filter {
        Filter::All(parts) => parts.iter().cloned().partition(|f| is_stat(f)),
        f if is_stat(f) => (vec![f.clone()], Vec::new()),
        f => (Vec::new(), vec![f.clone()]),
    };
    let what = Filter::All(rest).singular();
    let what = what
        .trim_end_matches(" permanent")
        .trim_end_matches("permanent");
    let with = if stats.is_empty() {
        String::new()
    } else {
        let words = Filter::All(stats).singular();
        format!(
            " {}",
            words
                .trim_start_matches("permanent ")
                .trim_start_matches("creature ")
        )
    };
    if what.is_empty() {
        format!("a spell{with}")
    } else {
        with_article(&format!("{what} spell{with}"))
    }
}

/// "your opponents can't cast instant spells": who can't play which spells.
fn cant_cast_words(who: crate::filter::PlayerRef, spells: &crate::filter::Filter) -> String {
    use crate::filter::PlayerRef;
    let players = match who {
        PlayerRef::You => "you",
        PlayerRef::Opponent => "your opponents",
        PlayerRef::Each => "players",
        other => other.subject(),
    };
    let said = spell_words(spells);
    let said = said
        .strip_prefix("an ")
        .or_else(|| said.strip_prefix("a "))
        .unwrap_or(&said)
        .replacen("spell", "spells", 1);
    format!("{players} can't cast {said}")
}

/// One combat rule in words: "can't be blocked by Walls".
fn rule_text(rule: &crate::ability::CombatRule) -> String {
    use crate::ability::CombatRule as R;
    use crate::filter::Filter;
    match rule {
        R::AttacksEachTurn => "attacks each turn if able".to_string(),
        R::BlocksEachTurn => "blocks each turn if able".to_string(),
        R::CantAttack => "can't attack".to_string(),
        R::CantBlock => "can't block".to_string(),
        R::CantAttackAlone => "can't attack alone".to_string(),
        R::AttacksOnlyAlone => "can only attack alone".to_string(),
        R::CantBlockAlone => "can't block alone".to_string(),
        R::MinBlockers { min } => {
            format!("can't be blocked except by {min} or more creatures")
        }
        R::Unblockable => "can't be blocked".to_string(),
        R::MaxOneBlocker => "can't be blocked by more than one creature".to_string(),
        R::BlocksOnly { filter } => format!("can block only {filter}"),
        R::CantBlockCreatures {
            filter: Filter::This,
        } => "can't block it".to_string(),
        R::CantBlockCreatures { filter } => format!("can't block {filter}"),
        R::CantAttackYou => "can't attack you".to_string(),
        R::BlocksAdditional { extra } => {
            format!("can block {extra} additional creature(s)")
        }
        R::BlocksAnyNumber => "can block any number of creatures".to_string(),
        R::BlocksAdditionalFor { per } => {
            format!(
                "can block an additional creature for each {}",
                per.singular()
            )
        }
        R::BlocksAsThough {
            attackers,
            ignoring,
        } => {
            let k: Vec<String> = ignoring.iter().map(ToString::to_string).collect();
            format!(
                "can block {} as though they didn't have {}",
                attackers.plural(),
                k.join(" or ")
            )
        }
        R::AttacksAsThoughHaste => "can attack as though it had haste".to_string(),
        R::BlockedAsThough { ignoring } => {
            let k: Vec<String> = ignoring.iter().map(ToString::to_string).collect();
            format!("can be blocked as though it didn't have {}", k.join(" or "))
        }
        R::CantBeBlockedBy { filter } => match filter {
            // "except by X" is kept as "creatures that aren't X".
            Filter::All(parts)
                if parts.len() == 2
                    && parts[0] == Filter::Type(crate::typeline::CardType::Creature) =>
            {
                match &parts[1] {
                    Filter::Not(x) => format!("can't be blocked except by {x}"),
                    _ => format!("can't be blocked by {filter}"),
                }
            }
            _ => format!("can't be blocked by {filter}"),
        },
        R::LureRequirement => "all creatures able to block it do so".to_string(),
        R::LureBy { filter } => format!("all {} able to block it do so", filter.plural()),
        R::BlocksCreature {
            filter: Filter::This,
        } => "blocks this creature if able".to_string(),
        R::BlocksCreature {
            filter: Filter::Object(_),
        } => "blocks the creature the effect named if able".to_string(),
        R::BlocksCreature { filter } => format!("blocks {} if able", filter.singular()),
        R::MustBeBlocked => "must be blocked if able".to_string(),
        R::MustBeBlockedByOne => "must be blocked by exactly one creature if able".to_string(),
        R::AssignsNoCombatDamage => "assigns no combat damage".to_string(),
        R::DamageAsThoughUnblocked => {
            "may assign its combat damage as though it weren't blocked".to_string()
        }
        R::MaxAttackers { max } => {
            format!("no more than {max} creature(s) can attack each turn")
        }
        R::MaxBlockersTotal { max } => {
            format!("no more than {max} creature(s) can block each turn")
        }
        R::AttackCost {
            mana,
            you,
            planeswalkers,
            parts,
        } => {
            let whom = match (you, planeswalkers) {
                (false, _) => "",
                (true, false) => " you",
                (true, true) => " you or a planeswalker you control",
            };
            let mut what: Vec<String> = Vec::new();
            if parts.is_empty() || *mana != crate::filter::Amount::Number(0) {
                what.push(format!("pays {}", generic(mana)));
            }
            what.extend(parts.iter().map(|p| format!("chooses to {p}")));
            format!(
                "can't attack{whom} unless its controller {}",
                what.join(" and ")
            )
        }
        R::BlockCost {
            mana,
            attackers,
            life,
        } => {
            let whom = attackers
                .as_ref()
                .map_or(String::new(), |f| format!(" {f}"));
            let what = match (*mana == crate::filter::Amount::Number(0), *life) {
                (_, 0) => generic(mana),
                (true, l) => format!("{l} life"),
                (false, l) => format!("{} and {l} life", generic(mana)),
            };
            format!("can't block{whom} unless its controller pays {what}")
        }
        R::BlocksWhileTapped => "can block as though it were untapped".to_string(),
        R::AttacksDespiteDefender => "can attack as though it didn't have defender".to_string(),
        R::CantCrew => "can't crew Vehicles".to_string(),
        R::AttacksOnlyWith { others, at_least } => match others {
            None => format!("can't attack unless at least {at_least} other creature(s) attack"),
            Some(f) => format!(
                "can't attack unless {at_least} {} also attack(s)",
                f.singular()
            ),
        },
        R::BlocksOnlyWith { others, at_least } => match others {
            None => format!("can't block unless at least {at_least} other creature(s) block"),
            Some(f) => format!(
                "can't block unless {at_least} {} also block(s)",
                f.singular()
            ),
        },
        R::BlockedOnlyByAll => {
            "can't be blocked unless all creatures defending player controls block it".to_string()
        }
        R::MustBeBlockedBy { filter } => {
            format!("must be blocked by {} if able", filter.singular())
        }
        R::BlockedCost { mana } => format!(
            "can't be blocked unless defending player pays {} for each creature blocking it",
            generic(mana)
        ),
        R::AttacksDefender { defender } => {
            let whom = match defender {
                crate::ability::Defender::You => "you",
                crate::ability::Defender::This => "this planeswalker",
                crate::ability::Defender::Player(_) => "the player the effect named",
                crate::ability::Defender::Planeswalker(_) => "the effect's planeswalker",
            };
            format!("attacks {whom} if able")
        }
        R::MaxAttackersYou { max } => {
            format!("no more than {max} creature(s) can attack you each combat")
        }
        R::OpponentsAttackYou { planeswalkers } => format!(
            "each opponent must attack you{} with at least one creature each combat if able",
            if *planeswalkers {
                " or a planeswalker you control"
            } else {
                ""
            }
        ),
        R::CantAttackOwner => {
            "can't attack its owner or planeswalkers its owner controls".to_string()
        }
        R::AttacksIfOthersAttack { others } => {
            format!("attacks if able if {} attacks", others.singular())
        }
    }
}

/// Generic mana as an amount: "{2}", or "{X} where X is the number of enchantments you
/// control".
fn generic(a: &crate::filter::Amount) -> String {
    match a {
        crate::filter::Amount::Number(n) => format!("{{{n}}}"),
        crate::filter::Amount::Times(n, of) => match &**of {
            crate::filter::Amount::Counters(kind) => {
                format!("{{{n}}} for each {kind} counter on it")
            }
            of => format!("{{{n}}} times {of}"),
        },
        crate::filter::Amount::X => "{X}".into(),
        a => format!("{{X}}, where X is {a}"),
    }
}

/// Combat rules in words, joined by "and": "can't attack and can't block".
pub fn rules_text(rules: &[crate::ability::CombatRule]) -> String {
    let words: Vec<String> = rules.iter().map(rule_text).collect();
    words.join(" and ")
}

/// Abilities given to a permanent (402.9), as the card says them: keywords bare, the others
/// in quotes.
pub(crate) fn granted_text(abilities: &[Ability]) -> String {
    let parts: Vec<String> = abilities
        .iter()
        .map(|a| match a {
            Ability::Keyword { keyword } => keyword.to_string(),
            other => format!("\"{}\"", describe(other)),
        })
        .collect();
    parts.join(" and ")
}

/// Instructions in order, a target an earlier one names read "it" again ("tap target land,
/// then it doesn't untap ...": one target, 409.1c).
fn describe_effects(effects: &[crate::ability::Effect]) -> Vec<String> {
    let mut named: Vec<crate::ability::Subject> = Vec::new();
    effects
        .iter()
        .map(|e| {
            let text = describe_effect(e);
            let Some(s) = e.subject().filter(|s| s.target().is_some()).cloned() else {
                return text;
            };
            if !named.contains(&s) {
                named.push(s);
                return text;
            }
            // A player is "that player", not "it".
            let back = match &s {
                crate::ability::Subject::TargetPlayer { .. } => "that player",
                crate::ability::Subject::TargetCreatureOrPlayer => "that creature or player",
                _ => "it",
            };
            let words = subject(&s).to_string();
            match text.strip_prefix(words.as_str()) {
                Some(rest) => format!("{back}{rest}"),
                None => text.replacen(&format!(" {words}"), &format!(" {back}"), 1),
            }
        })
        .collect()
}

/// Instructions said one after another ("..., then ..."), a reflexive "When you do" after
/// the instruction it follows ("...; when you do, ..."); `say` words each one.
fn in_sequence(
    effects: &[crate::ability::Effect],
    say: impl Fn(&crate::ability::Effect) -> String,
) -> String {
    let mut out = String::new();
    for (i, e) in effects.iter().enumerate() {
        if i > 0 {
            out.push_str(if matches!(e, crate::ability::Effect::Reflexive { .. }) {
                "; "
            } else {
                ", then "
            });
        }
        out.push_str(&say(e));
    }
    out
}

pub(crate) fn describe_effect(e: &crate::ability::Effect) -> String {
    use crate::ability::Effect as E;
    if let Some((fixed, each)) = per_each_effect(e) {
        return format!("{} for each {each}", describe_effect(&fixed));
    }
    match e {
        E::GainLifeAmount { who, amount } => {
            let gain = if who.is_you() {
                "you gain".to_string()
            } else {
                format!("{} gains", subject(who))
            };
            match amount {
                crate::filter::Amount::ThatMuch => format!("{gain} that much life"),
                crate::filter::Amount::Number(n) => format!("{gain} {n} life"),
                amount => format!("{gain} life equal to {amount}"),
            }
        }
        E::PumpFor {
            what,
            power,
            toughness,
            times: crate::filter::Amount::Count(f),
            duration,
        } => format!(
            "{} gets {} {duration} for each {}",
            subject(what),
            pt_change(*power, *toughness),
            f.singular()
        ),
        E::PumpFor {
            what,
            power,
            toughness,
            times,
            duration,
        } => format!(
            "{} gets {} {duration}, times {times}",
            subject(what),
            pt_change(*power, *toughness)
        ),
        E::GainAbilities {
            what,
            abilities,
            duration,
        } => format!(
            "{} gains {} {duration}",
            subject(what),
            granted_text(abilities)
        ),
        E::AddMana { color } => format!("add {{{}}}", color.symbol()),
        E::AddManaAmount { mana, amount } => match amount.per_each() {
            Some((1, each)) => format!("add {} for each {each}", crate::mana::mana_text(*mana)),
            _ => format!(
                "add an amount of {} equal to {amount}",
                crate::mana::mana_text(*mana)
            ),
        },
        E::AddColorless => "add {C}".to_string(),
        E::Fight { what, other } => format!("{} fights {}", subject(what), subject(other)),
        E::BecomesBlocked { what } => format!("{} becomes blocked", subject(what)),
        E::AddManaList { mana } => format!(
            "add {}",
            mana.iter()
                .map(|m| crate::mana::mana_text(*m))
                .collect::<String>()
        ),
        E::AddOneOf { colors } if colors.len() == 5 => "add one mana of any color".to_string(),
        E::AddOneOf { colors } => format!(
            "add {}",
            colors
                .iter()
                .map(|c| crate::mana::mana_text(Some(*c)))
                .collect::<Vec<_>>()
                .join(" or ")
        ),
        E::Prevent {
            what,
            side,
            prevention,
            duration,
        } => {
            let mut text = prevention.words();
            if let Some(what) = what {
                let joint = match (side, &prevention.to) {
                    (crate::prevention::Side::To, Some(_)) => " and".to_string(),
                    (side, _) => format!(" {}", side.words()),
                };
                // "damage that would be dealt by target creature can't be prevented"
                let (head, tail) = match text.strip_suffix(" can't be prevented") {
                    Some(head) if prevention.to.is_none() && prevention.by.is_none() => {
                        (format!("{head} that would be dealt"), " can't be prevented")
                    }
                    Some(head) => (head.to_string(), " can't be prevented"),
                    None => (text.clone(), ""),
                };
                text = format!("{head}{joint} {}{tail}", subject(what));
            }
            let until = match duration {
                crate::ability::Duration::UntilYourNextTurn
                | crate::ability::Duration::UntilTurnOf { .. } => "until your next turn",
                crate::ability::Duration::UntilEndOfTurn => "until end of turn",
                _ => "this turn",
            };
            format!("{text} {until}")
        }
        E::Redirect {
            what,
            named,
            redirection,
            next,
            duration,
        } => redirect_words(what.as_ref(), *named, redirection, next.as_ref(), *duration),
        E::ChooseTarget { what } => format!("choose {}", subject(what)),
        E::SkipNextUntap {
            what:
                what @ (crate::ability::Subject::ThatPlayers { .. }
                | crate::ability::Subject::EachOfTargetPlayer { .. }),
            ..
        } => format!(
            "{} don't untap during that player's next untap step",
            subject(what)
        ),
        E::SkipNextUntap {
            what: what @ crate::ability::Subject::Those(_),
            yours,
        } => format!(
            "{} don't untap during {} next untap steps",
            subject(what),
            if *yours { "your" } else { "their controllers'" }
        ),
        E::SkipNextUntap { what, yours } => format!(
            "{} doesn't untap during {} next untap step",
            subject(what),
            if *yours { "your" } else { "its controller's" }
        ),
        E::SacrificeChosen { who, filter, count } => {
            let what = if *count == 1 {
                with_article(&filter.singular())
            } else {
                format!("{count} {}", filter.plural())
            };
            match who {
                crate::ability::Subject::You => format!("sacrifice {what}"),
                who => format!("{} sacrifices {what}", subject(who)),
            }
        }
        E::MayPayEnergy { amount, effects } => {
            format!(
                "you may pay {}; if you do, {}",
                "{E}".repeat(*amount as usize),
                in_sequence(effects, describe_effect)
            )
        }
        E::IfCant { action, effects } => {
            let e: Vec<String> = effects.iter().map(describe_effect).collect();
            let action = match action {
                crate::ability::Attempt::Sacrifice { filter } => {
                    format!("sacrifice {}", with_article(&filter.singular()))
                }
                crate::ability::Attempt::PayEnergy { amount } => {
                    format!("pay {}", "{E}".repeat(*amount as usize))
                }
            };
            if e.is_empty() {
                action
            } else {
                format!("{action}; if you can't, {}", e.join(", then "))
            }
        }
        E::GetEnergy { amount } => format!("you get {amount} energy counter(s)"),
        E::MayPay {
            cost,
            effects,
            unless: true,
        } => {
            let e: Vec<String> = effects.iter().map(describe_effect).collect();
            format!("{} unless you pay {cost}", e.join(", then "))
        }
        E::MayPay { cost, effects, .. } => {
            // "you may pay {1}{R}; when you do, ...": the reflexive ability says its own lead.
            let lead = match effects.first() {
                Some(E::Reflexive { .. }) => "",
                _ => "if you do, ",
            };
            format!(
                "you may pay {cost}; {lead}{}",
                in_sequence(effects, describe_effect)
            )
        }
        E::Modal { min, max, modes } => describe_modes(*min, *max, modes),
        E::If { condition, effects } | E::InterveningIf { condition, effects } => {
            let e: Vec<String> = effects.iter().map(describe_effect).collect();
            format!("if {condition}, {}", e.join(", then "))
        }
        E::Regenerate { what } => format!("regenerate {}", subject(what)),
        E::CantBeRegenerated { what } => {
            format!("{} can't be regenerated this turn", subject(what))
        }
        E::ExileIfDies { what } => format!(
            "if {} would be put into a graveyard from play this turn, remove it from the game instead",
            subject(what)
        ),
        E::Pump {
            what,
            power,
            toughness,
            duration,
        } => format!(
            "{} {} {} {}",
            subject(what),
            verb(what, "gets", "each get"),
            pt_change(*power, *toughness),
            match duration {
                crate::ability::Duration::UntilEndOfCombat => "until end of combat",
                crate::ability::Duration::UntilEndOfTurn | crate::ability::Duration::ThisTurn => {
                    "until end of turn"
                }
                d => d.as_str(),
            }
        ),
        // Only "each opponent can't block with more than one creature" makes these.
        E::GainRules {
            rules, duration, ..
        } if matches!(
            rules.as_slice(),
            [crate::ability::CombatRule::MaxBlockersTotal { .. }
                | crate::ability::CombatRule::MaxAttackers { .. }]
        ) =>
        {
            let (verb, max) = match rules[0] {
                crate::ability::CombatRule::MaxBlockersTotal { max } => ("block", max),
                crate::ability::CombatRule::MaxAttackers { max } => ("attack", max),
                _ => ("block", 0),
            };
            format!("each opponent can't {verb} with more than {max} creature(s) {duration}")
        }
        E::GainRules {
            what,
            rules,
            duration,
        } => format!("{} {} {duration}", subject(what), rules_text(rules)),
        E::DealDamage {
            amount: crate::filter::Amount::Number(n),
            to,
        } => format!("this deals {n} damage to {}", subject(to)),
        E::DealDamage {
            amount: crate::filter::Amount::X,
            to,
        } => format!("this deals X damage to {}", subject(to)),
        E::DealDamage {
            amount: crate::filter::Amount::ThatMuch,
            to,
        } => format!("this deals that much damage to {}", subject(to)),
        E::DealDamage { amount, to } => {
            format!("this deals damage equal to {amount} to {}", subject(to))
        }
        E::DealDamageBy { by, amount, to } => {
            let to = if to == by {
                "itself".into()
            } else {
                subject(to)
            };
            match amount {
                crate::filter::Amount::Number(n) => {
                    format!("{} deals {n} damage to {to}", subject(by))
                }
                crate::filter::Amount::ThatMuch => {
                    format!("{} deals that much damage to {to}", subject(by))
                }
                amount => format!("{} deals damage equal to {amount} to {to}", subject(by)),
            }
        }
        E::Destroy {
            what,
            no_regeneration,
        } => format!(
            "destroy {}{}",
            subject(what),
            if *no_regeneration {
                " (it can't be regenerated)"
            } else {
                ""
            }
        ),
        E::Counter { what } => format!("counter {}", subject(what)),
        E::DivideDamage { amount, among } => format!(
            "this deals {amount} damage divided as its controller chose among {}",
            subject(among)
        ),
        E::DividePrevention { amount, among } => format!(
            "prevent the next {amount} damage this turn to {}, divided as its controller chose",
            subject(among)
        ),
        E::PreventDamage { amount, to } => match amount {
            crate::filter::Amount::Number(_) | crate::filter::Amount::X => format!(
                "prevent the next {amount} damage to {} this turn",
                subject(to)
            ),
            a => format!(
                "prevent the next X damage to {} this turn, where X is {a}",
                subject(to)
            ),
        },
        E::GainControl { what, duration } => {
            format!("gain control of {} {duration}", subject(what))
        }
        E::Untap { what } => format!("untap {}", subject(what)),
        E::TapOrUntap { what } => format!("tap or untap {}", subject(what)),
        E::BecomeChosen {
            what,
            creature_type,
            duration,
        } => format!(
            "{} becomes the {} of your choice {duration}",
            subject(what),
            if *creature_type {
                "creature type"
            } else {
                "color"
            }
        ),
        E::SwitchPt { what, duration } => {
            let whose = match what {
                crate::ability::Subject::This => "~'s".to_string(),
                w => format!("{}'s", subject(w)),
            };
            format!("switch {whose} power and toughness {duration}")
        }
        E::Tap { what } => format!("tap {}", subject(what)),
        E::RemoveFromCombat { what, untap } => format!(
            "remove {} from combat{}",
            subject(what),
            if *untap { " and untap it" } else { "" }
        ),
        E::LoseKeyword { what, keyword, .. } => {
            format!("{} loses {keyword} until end of turn", subject(what))
        }
        E::LoseAllAbilities { what, duration } => {
            format!("{} loses all abilities {duration}", subject(what))
        }
        E::Provoke { what } => format!(
            "provoke: {} untaps and blocks this creature this combat if able",
            subject(what)
        ),
        E::SkipCombat { who, whole_turn } => {
            let (verb, whose) = if who.is_you() {
                ("you skip".to_string(), "your")
            } else {
                (format!("{} skips", subject(who)), "his or her")
            };
            if *whole_turn {
                format!("{verb} all combat phases of {whose} next turn")
            } else {
                format!("{verb} {whose} next combat phase")
            }
        }
        E::ChosenKeyword {
            what,
            options,
            lose,
            duration,
        } => {
            let mut words: Vec<String> = options.iter().map(ToString::to_string).collect();
            let last = words.pop().unwrap_or_default();
            let list = if words.len() == 1 {
                format!("{} or {last}", words[0])
            } else {
                format!("{}, or {last}", words.join(", "))
            };
            format!(
                "{} {} your choice of {list} {duration}",
                subject(what),
                if *lose { "loses" } else { "gains" }
            )
        }
        E::GainChosenProtection {
            what,
            its_controller,
            ..
        } => format!(
            "{} gains protection from the color of {} choice until end of turn",
            subject(what),
            if *its_controller {
                "its controller's"
            } else {
                "your"
            }
        ),
        E::GainKeyword { what, keyword, .. } => format!(
            "{} {} {keyword} until end of turn",
            subject(what),
            verb(what, "gains", "each gain")
        ),
        E::Draw { who, count } => match who {
            crate::ability::Subject::You if *count == 1 => "draw a card".to_string(),
            crate::ability::Subject::You => format!("draw {}", cards(*count)),
            who => format!("{} draws {}", subject(who), cards(*count)),
        },
        E::Poison { who, count } => match count {
            1 => format!("{} gets a poison counter", subject(who)),
            n => format!("{} gets {n} poison counters", subject(who)),
        },
        E::Discard {
            who: crate::ability::Subject::You,
            count,
            random,
        } => format!(
            "discard {}{}",
            cards(*count),
            if *random { " at random" } else { "" }
        ),
        E::Discard { who, count, random } => format!(
            "{} discards {}{}",
            subject(who),
            cards(*count),
            if *random { " at random" } else { "" }
        ),
        E::DrawAmount { who, amount } => match who {
            crate::ability::Subject::You => format!("draw {}", many_cards(amount)),
            who => format!("{} draws {}", subject(who), many_cards(amount)),
        },
        E::DiscardAmount { who, amount } => match who {
            crate::ability::Subject::You => format!("discard {}", many_cards(amount)),
            who => format!("{} discards {}", subject(who), many_cards(amount)),
        },
        E::PreventNextFromChosen { source, to } => format!(
            "the next time {} would deal damage to {} this turn, prevent that damage",
            subject(&crate::ability::Subject::ChosenSource(source.clone())),
            subject(to)
        ),
        E::DiscardHand {
            who: crate::ability::Subject::You,
        } => "discard your hand".to_string(),
        E::DiscardHand { who } => format!("{} discards his or her hand", subject(who)),
        E::RevealHand { who } => format!("{} reveals his or her hand", subject(who)),
        E::LookAtHand { who } => format!("look at {}'s hand", subject(who)),
        E::Mill {
            who: crate::ability::Subject::You,
            count,
        } => format!("put {} your library into your graveyard", top(count)),
        E::Mill { who, count } => format!(
            "{} puts {} his or her library into his or her graveyard",
            subject(who),
            top(count)
        ),
        E::Sacrifice { what } => format!("sacrifice {}", subject(what)),
        E::GainLife { amount } => format!("you gain {amount} life"),
        E::BecomeMonarch {
            its_controller: false,
        } => "you become the monarch".to_string(),
        E::BecomeMonarch {
            its_controller: true,
        } => "its controller becomes the monarch".to_string(),
        E::ExtraTurn => "take an extra turn after this one".to_string(),
        E::AdditionalCombat {
            then_main,
            after_main,
        } => format!(
            "after this {}phase, there is an additional combat phase{}",
            if *after_main { "main " } else { "" },
            if *then_main {
                " followed by an additional main phase"
            } else {
                ""
            }
        ),
        E::FlipCoin => "flip a coin".to_string(),
        E::ExileUntilLeaves { what } => format!(
            "remove {} from the game until this leaves play",
            subject(what)
        ),
        E::ReturnExiled { to_hand: false } => {
            "return the cards removed from the game with this to play under their owners' control"
                .to_string()
        }
        E::ReturnExiled { to_hand: true } => {
            "return the cards removed from the game with this to their owners' hands".to_string()
        }
        E::UnblockSoleBlocked => {
            "creatures this was blocking that only this blocked this combat become unblocked"
                .to_string()
        }
        E::OpponentGainsControl { what } => {
            format!("an opponent gains control of {}", subject(what))
        }
        E::EnterAttacking { .. } => "put this card into play tapped and attacking".to_string(),
        E::CreateTokens { token, count: 1 } => {
            format!("put a {token} into play{}", token.enters)
        }
        E::CreateTokens { token, count } => format!(
            "put {count} {} into play{}",
            plural_token(&token.to_string()),
            token.enters
        ),
        E::CreateTokensAmount { token, amount } => format!(
            "put {} {} into play{}",
            many(amount),
            plural_token(&token.to_string()),
            token.enters
        ),
        E::PutFromHandAttacking { creature_type } => format!(
            "you may put a {creature_type} creature card from your hand into play tapped and attacking"
        ),
        E::Animate { what, .. } | E::AddTypes { what, .. } | E::BecomeOnly { what, .. } => {
            format!("{} {}", subject(what), e.becomes_text().unwrap_or_default())
        }
        E::RampagePump { per_blocker } => format!(
            "this gets +{per_blocker}/+{per_blocker} until end of turn for each creature blocking it beyond the first"
        ),
        E::Attach { what } => format!("attach this to {}", subject(what)),
        E::PutCounters {
            what,
            counter,
            count,
        } => format!("put {} on {}", counters(*count, counter), subject(what)),
        E::PutCountersAmount {
            what,
            counter,
            amount: amount @ (crate::filter::Amount::ThatMuch | crate::filter::Amount::X),
        } => format!(
            "put {} {counter} counters on {}",
            many(amount),
            subject(what)
        ),
        E::PutCountersAmount {
            what,
            counter,
            amount,
        } => format!(
            "put a number of {counter} counters equal to {amount} on {}",
            subject(what)
        ),
        E::DoubleCounters { what, counter } => format!(
            "double the number of {counter} counters on {}",
            subject(what)
        ),
        E::RemoveCountersAmount {
            what,
            counter,
            amount,
        } => format!(
            "remove {} {counter} counters from {}",
            many(amount),
            subject(what)
        ),
        E::RemoveCounters {
            what,
            counter,
            count: u32::MAX,
        } => format!("remove all {counter} counters from {}", subject(what)),
        E::RemoveCounters {
            what,
            counter,
            count,
        } => format!("remove {} from {}", counters(*count, counter), subject(what)),
        E::ReturnToHand { what } => format!("return {} to its owner's hand", subject(what)),
        E::PutOnLibrary { what } => {
            format!("put {} on top of its owner's library", subject(what))
        }
        E::May { effects } => {
            let say = |e: &crate::ability::Effect| match e {
                E::Reflexive { .. } => describe_effect(e),
                e => optional(&describe_effect(e)),
            };
            format!("you may {}", in_sequence(effects, say))
        }
        // The player does it: "your" in the instructions is his or hers.
        E::PlayerMay { who, effects } => format!(
            "{} may {}",
            subject(who),
            in_sequence(effects, |e| optional(&describe_effect(e)))
                .replace("your ", "his or her ")
        ),
        E::Reflexive { effects } => {
            format!("when you do, {}", describe_effects(effects).join(", then "))
        }
        E::UnlessSacrifices {
            who,
            filter,
            effects,
        } => {
            let e: Vec<String> = effects.iter().map(describe_effect).collect();
            format!(
                "{} unless {} sacrifices a {}",
                e.join(", then "),
                subject(who),
                filter.singular()
            )
        }
        E::Delayed { when, effects } => {
            let e: Vec<String> = effects.iter().map(describe_effect).collect();
            format!("{}, {}", trigger_text(when), e.join(", then "))
        }
        E::Modular { what, count } => {
            format!("you may put {} on {}", counters(*count, "+1/+1"), subject(what))
        }
        E::Graft => "you may move a +1/+1 counter from this onto that creature".into(),
        E::Champion { filter } => format!(
            "sacrifice this unless you remove another {} you control from the game",
            filter.singular()
        ),
        E::ChampionReturn => "return the removed card to play under its owner's control".into(),
        E::Soulbond => {
            "you may pair this creature with another unpaired creature you control".into()
        }
        E::Evolve => {
            "if that creature has greater power or toughness than this, put a +1/+1 counter on this"
                .into()
        }
        E::SiegeDefeated => {
            "exile this, then you may cast it transformed without paying its mana cost".into()
        }
        E::Renown { count } => format!(
            "if this isn't renowned, put {count} +1/+1 counter(s) on it and it becomes renowned"
        ),
        E::UpkeepCounter { by } => format!("{by}: remove a counter from this"),
        E::LoseLife { who, amount } => format!("{} loses {amount} life", subject(who)),
        E::UpkeepCost { by } => format!("{by}: pay its upkeep cost or sacrifice this"),
        E::Unearth => "return this card from your graveyard to play; it gains haste".into(),
        E::PlayFromExile { by } => {
            format!("{by}: play this card from the removed-from-the-game zone")
        }
        E::SuspendCounter => "suspend: remove a time counter from this card".into(),
        E::SearchLibrary {
            filter,
            count,
            reveal,
            to,
            shuffle,
            ..
        } => search_text(filter, *count, *reveal, *to, *shuffle),
        E::ShuffleLibrary { who } => match who {
            crate::ability::Subject::You => "shuffle your library".into(),
            w => format!("{} shuffles his or her library", subject(w)),
        },
        E::RemoveFromGame { what } => format!("remove {} from the game", subject(what)),
        E::ReturnCardToPlay { what, under_you } => format!(
            "return {} to play{}",
            subject(what),
            if *under_you {
                " under your control"
            } else {
                ""
            }
        ),
        E::ExileCard { what } => format!("remove {} from the game", subject(what)),
        E::ReturnCardToHand { what, may } => format!(
            "{}return {} to your hand",
            if *may { "you may " } else { "" },
            subject(what)
        ),
        E::Fabricate { count } => format!(
            "you may put {count} +1/+1 counter(s) on it; if you don't, put {count} 1/1 colorless Servo artifact creature token(s) into play"
        ),
        E::Exploit => "you may sacrifice a creature".into(),
        E::Extort => "you may pay {W/B}; if you do, each opponent loses 1 life and you gain life equal to the total life lost this way".into(),
        E::LivingWeapon => {
            "put a 0/0 black Phyrexian Germ creature token into play, then attach this Equipment to it".into()
        }
        E::Transmute { mana_value } => format!(
            "search your library for a card with converted mana cost {mana_value}, reveal it, put it into your hand, then shuffle your library"
        ),
        E::RequirementToward {
            what,
            toward,
            blocks,
            duration,
            ..
        } => format!(
            "{} {} {} {duration} if able",
            subject(what),
            if *blocks { "blocks" } else { "attacks" },
            subject(toward)
        ),
        E::ChooseCreature { who, filter } => format!(
            "{} chooses {} he or she controls",
            subject(who),
            with_article(&filter.singular())
        ),
        E::Scry { count } => format!("scry {count}"),
        E::Surveil { count } => format!("surveil {count}"),
        E::Bolster { amount } => format!("bolster {}", many(amount)),
        E::Monstrosity { count } => format!(
            "if this isn't monstrous, put {count} +1/+1 counter(s) on it and it becomes monstrous"
        ),
        E::ExileSelfWithTimeCounters { count } => {
            format!("remove this from the game with {count} time counter(s) on it")
        }
        E::Hideaway => "look at the top four cards of your library, remove one of them from the game face down and put the rest on the bottom of your library".into(),
        E::Miracle { cost } => {
            format!("you may cast this revealed card by paying {cost} rather than its mana cost")
        }
        E::Recover { cost } => format!(
            "you may pay {cost}; if you do, return this card from your graveyard to your hand, otherwise remove it from the game"
        ),
        E::TokenCopy { by } => format!("create a token that's a copy of this card ({by})"),
        E::ExileTop {
            who: crate::ability::Subject::You,
            count,
        } => format!("remove {} your library from the game", top(count)),
        E::ExileTop { who, count } => format!(
            "{} removes {} his or her library from the game",
            subject(who),
            top(count)
        ),
        E::RevealTop {
            who: crate::ability::Subject::You,
        } => "reveal the top card of your library".into(),
        E::RevealTop { who } => format!(
            "{} reveals the top card of his or her library",
            subject(who)
        ),
        E::RevealedToHand => "put that card into its owner's hand".into(),
        E::LookAtTop => "look at the top card of your library".into(),
        E::RevealLooked => "reveal it".into(),
        E::ExileTopOfLibrary { .. } => {
            "that player removes the top card of his or her library from the game".into()
        }
        E::SacrificePermanents { count, .. } => {
            match count {
                1 => "defending player sacrifices a permanent".to_string(),
                n => format!("defending player sacrifices {n} permanents"),
            }
        }
        E::SetLife { who, amount } => match who.is_you() {
            true => format!("your life total becomes {amount}"),
            false => format!("{}'s life total becomes {amount}", subject(who)),
        },
        E::LoseLifeAmount { who, amount } => match (who.is_you(), amount) {
            (true, crate::filter::Amount::ThatMuch) => "you lose that much life".into(),
            (true, crate::filter::Amount::Number(n)) => format!("you lose {n} life"),
            (true, amount) => format!("you lose life equal to {amount}"),
            (false, crate::filter::Amount::ThatMuch) => {
                format!("{} loses that much life", subject(who))
            }
            (false, crate::filter::Amount::Number(n)) => {
                format!("{} loses {n} life", subject(who))
            }
            (false, amount) => format!("{} loses life equal to {amount}", subject(who)),
        },
        E::PlayersMay {
            who,
            option,
            effects,
            if_not,
        } => {
            let (who, then) = match (who, if_not) {
                (crate::ability::Chooser::AnyPlayer, _) => ("any player may", "if a player does"),
                (crate::ability::Chooser::EachPlayer, _) => ("each player may", "if a player does"),
                (crate::ability::Chooser::ActivePlayer, false) => {
                    ("the active player may", "if the player does")
                }
                (crate::ability::Chooser::ActivePlayer, true) => {
                    ("the active player may", "if the player doesn't")
                }
                (crate::ability::Chooser::DefendingPlayer, false) => {
                    ("defending player may", "if that player does")
                }
                (crate::ability::Chooser::DefendingPlayer, true) => {
                    ("defending player may", "if that player doesn't")
                }
            };
            let what = match option {
                crate::ability::PlayerOption::ExileFromGraveyard { count } => format!(
                    "remove {} in his or her graveyard from the game",
                    cards(*count)
                ),
                crate::ability::PlayerOption::PutCounters {
                    counter,
                    count,
                    filter,
                } => format!(
                    "put {count} {counter} counter(s) on {} he or she controls",
                    filter.singular()
                ),
                crate::ability::PlayerOption::Draw { count } => format!("draw {}", cards(*count)),
                crate::ability::PlayerOption::Pay { cost } => format!("pay {cost}"),
            };
            if effects.is_empty() {
                return format!("{who} {what}");
            }
            let then_text: Vec<String> = effects.iter().map(describe_effect).collect();
            format!("{who} {what}; {then}, {}", then_text.join(", then "))
        }
        E::SacrificeUnlessExile { count } => format!(
            "sacrifice this unless you remove {} in your graveyard from the game",
            cards(*count)
        ),
        E::CantActivate { what, duration } => format!(
            "{}'s activated abilities can't be played {duration}",
            subject(what)
        ),
        E::ReturnToPlay { counter, .. } => {
            format!("return it to play under its owner's control with a {counter} counter on it")
        }
    }
}

/// The verb for a subject: singular, or plural for several targets ("two target creatures
/// each get").
/// The verb for what `subject` writes: `several` ("each get") after a number of targets,
/// its plain plural ("get") after a plural description ("creatures you control get"), else
/// `one` ("gets").
fn verb(s: &crate::ability::Subject, one: &'static str, several: &'static str) -> &'static str {
    use crate::ability::Subject as S;
    use crate::filter::Filter;
    let plural = several.strip_prefix("each ").unwrap_or(several);
    match s {
        S::Targets { max, .. } if *max > 1 => several,
        S::Each(Filter::Triggering | Filter::Object(_)) => one,
        S::Each(Filter::Any(alts))
            if !alts.is_empty() && alts.iter().all(|f| matches!(f, Filter::Object(_))) =>
        {
            if alts.len() == 1 { one } else { plural }
        }
        S::Each(_)
        | S::Those(_)
        | S::ChosenTypeCreatures { .. }
        | S::ChoosersCreatures { .. }
        | S::ThatPlayers { .. }
        | S::OfTargetsController { .. }
        | S::EachOfTargetPlayer { .. } => plural,
        _ => one,
    }
}

pub(crate) fn subject(s: &crate::ability::Subject) -> std::borrow::Cow<'static, str> {
    use crate::ability::Subject as S;
    match s {
        S::Target(f) => format!("target {}", f.singular()).into(),
        S::Each(crate::filter::Filter::Triggering) => "that creature".into(),
        S::Each(crate::filter::Filter::Object(_)) => "that creature".into(),
        // The same, bound as the delayed ability was created.
        S::Each(crate::filter::Filter::Any(alts))
            if !alts.is_empty()
                && alts
                    .iter()
                    .all(|f| matches!(f, crate::filter::Filter::Object(_))) =>
        {
            if alts.len() == 1 {
                "that creature".into()
            } else {
                "those creatures".into()
            }
        }
        S::Each(f) => f.plural().into(),
        S::Those(f) => format!("those {}", f.plural()).into(),
        S::CreatedTokens => "the token(s) it created".into(),
        S::ChosenSource(f) if *f == crate::filter::Filter::every() => {
            "a source of your choice".into()
        }
        S::ChosenSource(f) => {
            let color = |f: &crate::filter::Filter| match f {
                crate::filter::Filter::Color(c) => Some(c.to_string().to_lowercase()),
                _ => None,
            };
            let words = match f {
                crate::filter::Filter::Any(fs) => fs
                    .iter()
                    .map(color)
                    .collect::<Option<Vec<_>>>()
                    .map(|cs| cs.join(" or ")),
                f => color(f),
            }
            .unwrap_or_else(|| f.singular());
            format!("a {words} source of your choice").into()
        }
        S::DamagedThisWay => "each creature dealt damage this way".into(),
        S::ControllerOfTarget { target } => match **target {
            crate::ability::TargetKind::Spell => "that spell's controller".into(),
            ref k if k.is_creature() => "that creature's controller".into(),
            _ => "that permanent's controller".into(),
        },
        S::ChosenTypeCreatures { filter } => {
            format!("{} of the creature type of your choice", filter.plural()).into()
        }
        // 404.4c: the earlier instruction's target, whatever it is by then.
        S::ThoseThat { earlier, filter } if *filter == crate::filter::Filter::every() => {
            match **earlier {
                S::Those(_) => "each of those creatures".into(),
                _ => "that creature".into(),
            }
        }
        S::ThoseThat { earlier, filter } => {
            let which = if *filter == crate::filter::Filter::AttackedThisTurn.negated() {
                "that didn't attack this turn".to_string()
            } else {
                format!("that are {}", filter.plural())
            };
            match **earlier {
                S::Those(_) => format!("each of {} {which}", subject(earlier)),
                _ => format!("{} if it is one {which}", subject(earlier)),
            }
            .into()
        }
        S::ChoosersCreatures { filter, other } => format!(
            "{}{} the choosing player controls",
            if *other { "other " } else { "" },
            filter.plural()
        )
        .into(),
        S::ThatPlayers { filter, other } | S::OfTargetsController { filter, other, .. } => format!(
            "{}{} that player controls",
            if *other { "other " } else { "" },
            filter.plural()
        )
        .into(),
        S::EachOfTargetPlayer { filter, opponent } => format!(
            "{} target {} controls",
            filter.plural(),
            if *opponent { "opponent" } else { "player" }
        )
        .into(),
        S::This => "this".into(),
        S::TargetCreature => "target creature".into(),
        S::TargetCreatureOrPlayer => "target creature or player".into(),
        S::TargetSpell => "target spell".into(),
        S::TargetAttackingCreatureYouControl => "target attacking creature you control".into(),
        S::TargetAttackingCreature => "target attacking creature".into(),
        S::TargetCreatureYouControl => "target creature you control".into(),
        S::You => "you".into(),
        S::TargetPlayer { opponent: false } => "target player".into(),
        S::TargetPlayer { opponent: true } => "target opponent".into(),
        S::Players(crate::filter::PlayerRef::Opponent) => "each opponent".into(),
        S::Targets {
            filter,
            min,
            max,
            players,
        } => {
            let what = if *players {
                format!("{} and/or players", filter.plural())
            } else {
                filter.plural()
            };
            match (*min, *max) {
                (0, u32::MAX) => format!("any number of target {what}"),
                (0, max) => format!("up to {max} target {what}"),
                (min, max) if min == max => format!("{max} target {what}"),
                (min, max) => format!("{min} to {max} target {what}"),
            }
            .into()
        }
        S::XTargets { filter } => format!("X target {}", filter.plural()).into(),
        S::Players(r) => r.subject().into(),
        S::TargetCardInYourGraveyard {
            filter,
            max_mana_value,
            from,
        } => {
            let cmc = max_mana_value
                .map(|n| format!(" with converted mana cost {n} or less"))
                .unwrap_or_default();
            // Any card at all is just "card", not a permanent card; the card grammar's own
            // order ("creature card with power 2 or less") where it can say the description.
            let card = if *filter == crate::filter::Filter::every() {
                "card".to_string()
            } else {
                filter
                    .card_phrase(false)
                    .unwrap_or_else(|| format!("{} card", filter.singular()))
            };
            format!("target {card}{cmc} from {}", from.words()).into()
        }
    }
}

impl BoardView {
    pub fn of(game: &Game) -> BoardView {
        let name = |p: crate::model::PlayerId| {
            game.player(p)
                .map_or_else(|| format!("player {}", p.0), |p| p.name.clone())
        };
        let combat = game.combat.as_ref();
        let permanent = |o: &Object| -> PermanentView {
            let status = o.status.clone().unwrap_or_default();
            PermanentView {
                label: o.label.clone(),
                card: if o.is_face_down() {
                    "(face down)".to_string()
                } else {
                    o.card.name.clone()
                },
                type_line: o.type_line().to_string(),
                owner: name(o.owner),
                token: o.token,
                power: game.power(o.id),
                toughness: game.toughness(o.id),
                loyalty: o.loyalty(),
                tapped: status.tapped,
                summoning_sick: status.summoning_sick,
                damage: status.damage,
                counters: status
                    .counters
                    .iter()
                    .map(|(k, v)| (k.to_string(), *v))
                    .collect(),
                attached_to: status
                    .attached_to
                    .and_then(|t| game.object(t))
                    .map(|t| t.label.clone()),
                attacking: combat
                    .and_then(|c| c.attackers.get(&o.id))
                    .map(|t| match t {
                        AttackTarget::Player(p) => name(*p),
                        AttackTarget::Planeswalker(w) | AttackTarget::Battle(w) => game
                            .object_or_last_known(*w)
                            .map_or("?".into(), |w| w.label.clone()),
                        AttackTarget::Nothing => "nothing (306.4c)".into(),
                    }),
                blocked: combat.is_some_and(|c| c.blocked.contains(&o.id)),
                blocking: combat
                    .and_then(|c| c.blockers.get(&o.id))
                    .map(|ids| labels(game, ids))
                    .unwrap_or_default(),
                abilities: o.abilities().iter().map(describe).collect(),
            }
        };
        BoardView {
            edition: game.rules.name(),
            rules: game.rules,
            turn: game.turn.number,
            active_player: name(game.turn.active),
            step: game.turn.step.key().to_string(),
            step_rule: game.rules.cite(game.turn.step.rule()).into_owned(),
            defending_player: combat.and_then(|c| c.defending_player).map(name),
            players: game
                .players
                .iter()
                .map(|p| PlayerView {
                    name: p.name.clone(),
                    life: p.life,
                    hand: labels(game, &p.hand),
                    library: labels(game, &p.library),
                    graveyard: labels(game, &p.graveyard),
                    removed_from_game: labels(game, &p.removed_from_game),
                    permanents: game
                        .in_play()
                        .filter(|o| o.controller == p.id)
                        .map(permanent)
                        .collect(),
                })
                .collect(),
        }
    }
}

impl fmt::Display for BoardView {
    /// The board in the words of its rules (`Rules::words`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = Plain(self).to_string();
        f.write_str(&self.rules.words(&text))
    }
}

/// The board in 2009's words.
struct Plain<'a>(&'a BoardView);

impl fmt::Display for Plain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Plain(board) = self;
        writeln!(
            f,
            "Turn {} of {}: {} ({}), rules of {}",
            board.turn,
            board.active_player,
            board.step.replace('-', " "),
            board.step_rule,
            board.edition
        )?;
        if let Some(d) = &board.defending_player {
            writeln!(f, "Defending player: {d}")?;
        }
        for p in &board.players {
            writeln!(f)?;
            writeln!(f, "{} — life {}", p.name, p.life)?;
            let zone = |f: &mut fmt::Formatter<'_>, name: &str, cards: &[String]| -> fmt::Result {
                if cards.is_empty() {
                    Ok(())
                } else {
                    writeln!(f, "  {name}: {}", cards.join(", "))
                }
            };
            zone(f, "hand", &p.hand)?;
            if !p.library.is_empty() {
                writeln!(
                    f,
                    "  library: {} cards (top: {})",
                    p.library.len(),
                    p.library[0]
                )?;
            }
            zone(f, "graveyard", &p.graveyard)?;
            zone(f, "removed from the game", &p.removed_from_game)?;
            for m in &p.permanents {
                write!(f, "  {}", m.label)?;
                if m.label != m.card {
                    write!(f, " ({})", m.card)?;
                }
                if let (Some(pw), Some(t)) = (m.power, m.toughness) {
                    write!(f, " {pw}/{t}")?;
                }
                if let Some(l) = m.loyalty {
                    write!(f, " loyalty {l}")?;
                }
                let mut status = Vec::new();
                if m.token {
                    status.push("token".to_string());
                }
                if m.tapped {
                    status.push("tapped".to_string());
                }
                if m.summoning_sick {
                    status.push("summoning sick".to_string());
                }
                if m.damage > 0 {
                    status.push(format!("{} damage", m.damage));
                }
                for (k, v) in &m.counters {
                    if k != "loyalty" {
                        status.push(format!("{v} {k} counter(s)"));
                    }
                }
                if let Some(a) = &m.attached_to {
                    status.push(format!("attached to {a}"));
                }
                if let Some(a) = &m.attacking {
                    status.push(format!(
                        "attacking {a}{}",
                        if m.blocked { ", blocked" } else { "" }
                    ));
                }
                if !m.blocking.is_empty() {
                    status.push(format!("blocking {}", m.blocking.join(", ")));
                }
                if !status.is_empty() {
                    write!(f, " [{}]", status.join("; "))?;
                }
                writeln!(f)?;
                if !m.abilities.is_empty() {
                    writeln!(f, "      {}", m.abilities.join("; "))?;
                }
            }
        }
        Ok(())
    }
}

/// "at the beginning of each opponent's upkeep", "at end of turn": a moment in the words the
/// card compiler reads ([`crate::ability::Trigger::AtStep`]).
fn moment_words(step: crate::model::Step, whose: crate::ability::Whose) -> String {
    use crate::ability::Whose;
    use crate::model::Step;
    let owner = match whose {
        Whose::Yours => "your",
        Whose::Each => "each",
        Whose::Opponents => "each opponent's",
    };
    match (step, whose) {
        (Step::EndOfTurn, Whose::Each) => "at end of turn".into(),
        (Step::EndOfTurn, Whose::Yours) => "at the end of your turn".into(),
        (Step::EndOfCombat, Whose::Each) => "at end of combat".into(),
        (Step::BeginningOfCombat, Whose::Each) => "at the beginning of each combat".into(),
        (Step::BeginningOfCombat, Whose::Yours) => "at the beginning of combat on your turn".into(),
        (Step::BeginningOfCombat, Whose::Opponents) => {
            "at the beginning of combat on each opponent's turn".into()
        }
        (step, _) => {
            let name = match step {
                Step::Upkeep => "upkeep",
                Step::Draw => "draw step",
                Step::PrecombatMain => "precombat main phase",
                Step::PostcombatMain => "postcombat main phase",
                Step::EndOfCombat => "end of combat step",
                _ => "end step",
            };
            format!("at the beginning of {owner} {name}")
        }
    }
}

/// "a card", "3 cards".
fn cards(n: u32) -> String {
    if n == 1 {
        "a card".to_string()
    } else {
        format!("{n} cards")
    }
}

/// "card" or "3 cards" after "the top".
/// A resolving redirection effect in card text's order: "all damage that would be dealt to
/// you by target attacking creature this turn is dealt to ~ instead", "the next 1 damage that
/// would be dealt to target white creature this turn is dealt to ~ instead".
fn redirect_words(
    what: Option<&crate::ability::Subject>,
    named: crate::redirection::Named,
    redirection: &crate::redirection::Redirection,
    next: Option<&crate::filter::Amount>,
    duration: crate::ability::Duration,
) -> String {
    use crate::prevention::Side;
    use crate::redirection::Named;
    let mut reach = redirection.reach.reach();
    if let (Some(what), Named::Reach(side)) = (what, named) {
        let joint = match (side, &redirection.reach.to) {
            (Side::To, Some(_)) => " and".to_string(),
            (side, _) => format!(" {}", side.words()),
        };
        reach.push_str(&format!("{joint} {}", subject(what)));
    }
    if let Some(n) = next {
        let rest = reach.strip_prefix("all ").unwrap_or(&reach).to_string();
        reach = format!("the next {n} {rest}");
    }
    let until = match duration {
        crate::ability::Duration::UntilYourNextTurn
        | crate::ability::Duration::UntilTurnOf { .. } => "until your next turn",
        crate::ability::Duration::UntilEndOfTurn => "until end of turn",
        _ => "this turn",
    };
    let onto = match (what, named) {
        (Some(what), Named::Onto) => subject(what).into_owned(),
        _ => "~".to_string(),
    };
    format!("{reach} {until} is dealt to {onto} instead")
}

/// "the top card of", "the top 2 cards of", "that many cards from the top of": the cards an
/// instruction takes from a library, before the library's name.
fn top(count: &crate::filter::Amount) -> String {
    match count {
        crate::filter::Amount::Number(1) => "the top card of".to_string(),
        crate::filter::Amount::Number(n) => format!("the top {n} cards of"),
        a => format!("{} cards from the top of", many(a)),
    }
}

/// A description of attackers without its "attacking you" part, and that part as words after
/// "attack" (" you", " you or a planeswalker you control").
fn attacking_you(f: &crate::filter::Filter) -> (crate::filter::Filter, &'static str) {
    use crate::filter::Filter;
    let parts = match f {
        Filter::All(p) => p.clone(),
        f => vec![f.clone()],
    };
    let mut you = "";
    let rest: Vec<Filter> = parts
        .into_iter()
        .filter(|p| match p {
            Filter::AttackingYou { planeswalkers } => {
                you = if *planeswalkers {
                    " you or a planeswalker you control"
                } else {
                    " you"
                };
                false
            }
            _ => true,
        })
        .collect();
    (rest.into_iter().fold(Filter::every(), Filter::and), you)
}

/// "a +1/+1 counter", "2 -1/-1 counters".
fn counters(n: impl Into<i64>, kind: impl std::fmt::Display) -> String {
    match n.into() {
        1 => format!("a {kind} counter"),
        n => format!("{n} {kind} counters"),
    }
}
