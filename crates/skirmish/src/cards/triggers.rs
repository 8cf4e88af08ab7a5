//! Trigger conditions (410.1): moments ("At the beginning of your upkeep"), events of players
//! ("Whenever you gain life"), and a subject with one or more events joined by "or":
//!
//! ```text
//! trigger := ("when" | "whenever") subject event ("or" event)*
//!          | "whenever" ("you draw" | "an opponent draws" | "a player draws") "a card"
//!          | "whenever" ("you cycle" | "an opponent cycles" | "a player cycles") "a card"
//! subject := "~" | "enchanted creature" | "equipped creature" | "~ or another" filter
//!          | "~ or enchanted creature"
//!          | "another" filter | ("a" | "an") filter
//! event   := "enters the battlefield" ["under your control"] | "dies" ["during combat"]
//!          | "attacks" ["for the first time each turn"] | "blocks"
//!          | "attacks you" ["or a planeswalker you control"] (another creature's)
//!          | "attacks or blocks" | "becomes blocked" ["by" filter] | "deals combat damage to a player"
//!          | "becomes tapped" | "attacks and isn't blocked" | "attacks a player and isn't blocked"
//!          | "leaves the battlefield" | "is turned face up" | "becomes monstrous"
//!          | "deals damage to" ("a player" | "an opponent")
//!          | "blocks one or more" filter | "becomes blocked by one or more" filter
//!          | "becomes the target of" ("a spell or ability" | "a spell")
//!            ["you control" | "an opponent controls"] | ... (the events of "~")
//! ```
//!
//! Every subject goes with every event the engine looks for on any creature
//! ([`happens_to_any_creature`]); "~" goes with all of them. A new event or subject is one
//! production, and combines with the others at once.

use super::parser::Parser;
use super::phrase;
use crate::ability::{Trigger, Whose};
use crate::filter::{Filter, PlayerRef};
use crate::model::Step;

/// When a triggered ability triggers: a moment ("At the beginning of your upkeep"), an event of
/// a player ("Whenever you gain life", "Whenever an opponent casts a red spell"), or a subject
/// and its events ("When ~ enters the battlefield", "Whenever a creature you control deals
/// combat damage to a player", "Whenever ~ blocks or becomes blocked by a creature"); 2009 and
/// current wordings.
pub(super) fn trigger_condition(p: &mut Parser) -> Option<Trigger> {
    p.attempt(|p| {
        // "When you do, ..." linked to "You may exert ~ as it attacks." (current 701.43d); the
        // card compiler refuses it without that sentence.
        if p.eat("when you do") {
            return Some(Trigger::Exerted);
        }
        if p.eat("at") {
            return moment(p);
        }
        if p.eat("whenever you gain life") {
            return Some(Trigger::YouGainLife);
        }
        // "Whenever you cycle or discard a card": cycling discards (502.18a), so both are one
        // event.
        if p.eat_one_of(&[
            "whenever you cycle or discard a card",
            "whenever you discard a card",
            "whenever you cycle or discard another card",
        ])
        .is_some()
        {
            return Some(Trigger::YouDiscard);
        }
        // "When you cycle ~", "When you cycle ~ or it dies" (502.18c).
        if p.eat("when you cycle ~") {
            if p.eat_one_of(&["or it dies", "or it is put into a graveyard from play"])
                .is_some()
            {
                return Some(Trigger::Either(vec![Trigger::YouCycleThis, Trigger::Dies]));
            }
            return Some(Trigger::YouCycleThis);
        }
        // "When you cast ~": the card itself, as a spell.
        if p.eat_one_of(&["when you cast ~", "when you play ~"])
            .is_some()
        {
            return Some(Trigger::YouCastThis);
        }
        // "Whenever you cast your second spell each turn"
        if let Some(n) = p.attempt(|p| {
            p.eat("whenever you").then_some(())?;
            p.eat_one_of(&["cast", "play"])?;
            p.eat("your").then_some(())?;
            let n = p.eat_one_of(&["second", "third", "fourth", "fifth"])? as u32 + 2;
            p.eat("spell each turn").then_some(n)
        }) {
            return Some(Trigger::YouCastNthSpell { n });
        }
        // "Whenever you cast a noncreature spell" (2009: "play")
        if let Some(filter) = p.attempt(|p| {
            p.eat("whenever you").then_some(())?;
            p.eat_one_of(&["cast", "play"])?;
            phrase::article(p);
            let f = phrase::spell_noun(p)?;
            // Heroic: "Whenever you cast a spell that targets ~"
            Some(if p.eat("that targets ~") {
                f.and(Filter::TargetsThis)
            } else if let Some(colors) = p.attempt(both_colors) {
                colors.into_iter().fold(f, |f, c| f.and(Filter::Color(c)))
            } else {
                f
            })
        }) {
            return Some(Trigger::YouCastSpell { filter });
        }
        // A player's action, said of "you", "an opponent" or "a player": "Whenever a player
        // cycles a card" (502.18c, 502.18e), "Whenever you surveil" (current 701.25d),
        // "Whenever you get one or more {E}" (current 122.1).
        type PlayerEvent = fn(PlayerRef) -> Trigger;
        let actions: [(&str, &str, PlayerEvent); 4] = [
            ("cycle a card", "cycles a card", |who| {
                Trigger::PlayerCycles { who }
            }),
            ("surveil", "surveils", |who| Trigger::PlayerSurveils { who }),
            ("play a land", "plays a land", |who| {
                Trigger::PlayerPlaysLand { who }
            }),
            ("get one or more {E}", "gets one or more {E}", |who| {
                Trigger::PlayerGetsEnergy { who }
            }),
        ];
        for (you, others, event) in actions {
            let phrases = [
                format!("whenever you {you}"),
                format!("whenever an opponent {others}"),
                format!("whenever a player {others}"),
            ];
            let phrases: Vec<&str> = phrases.iter().map(String::as_str).collect();
            if let Some(i) = p.eat_one_of(&phrases) {
                return Some(event(match i {
                    0 => PlayerRef::You,
                    1 => PlayerRef::Opponent,
                    _ => PlayerRef::Each,
                }));
            }
        }
        // "Whenever you draw a card", "Whenever an opponent draws a card" (423.1)
        if let Some(who) = p.attempt(|p| {
            let who = match p.eat_one_of(&[
                "whenever you draw a card",
                "whenever an opponent draws a card",
                "whenever a player draws a card",
            ])? {
                0 => PlayerRef::You,
                1 => PlayerRef::Opponent,
                _ => PlayerRef::Each,
            };
            Some(who)
        }) {
            return Some(Trigger::PlayerDraws { who });
        }
        // "Whenever a player sacrifices a creature", "Whenever you sacrifice a permanent"
        if let Some((who, filter)) = p.attempt(|p| {
            p.eat("whenever").then_some(())?;
            let who = match p.eat_one_of(&[
                "a player sacrifices",
                "an opponent sacrifices",
                "you sacrifice",
            ])? {
                0 => crate::filter::PlayerRef::Each,
                1 => crate::filter::PlayerRef::Opponent,
                _ => crate::filter::PlayerRef::You,
            };
            phrase::article(p).then_some(())?;
            let f = phrase::filter(p)?;
            Some((who, f))
        }) {
            return Some(Trigger::PlayerSacrifices { who, filter });
        }
        // "Whenever a player casts a red spell", "Whenever an opponent casts ..."
        if let Some((who, filter)) = p.attempt(|p| {
            p.eat("whenever").then_some(())?;
            let who = match p.eat_one_of(&["a player", "an opponent"])? {
                0 => crate::filter::PlayerRef::Each,
                _ => crate::filter::PlayerRef::Opponent,
            };
            p.eat_one_of(&["casts", "plays"])?;
            phrase::article(p);
            let f = phrase::spell_noun(p)?;
            Some((who, f))
        }) {
            return Some(Trigger::PlayerCastsSpell { who, filter });
        }
        if let Some(t) = p.attempt(group_event) {
            return Some(t);
        }
        p.eat_one_of(&["when", "whenever"])?;
        // Suspend's last time counter (Veiling Oddity).
        if p.eat("the last time counter is removed from ~ while it's") {
            p.eat_one_of(&["exiled", "removed from the game"])?;
            return Some(Trigger::LastTimeCounterRemoved);
        }
        // "Whenever a +1/+1 counter is put on ~", "Whenever one or more +1/+1 counters are
        // put on another creature you control" (current 122.6): the subject comes last.
        if let Some(t) = p.attempt(|p| {
            let one_or_more = p.eat("one or more");
            if !one_or_more {
                phrase::article(p).then_some(())?;
            }
            let counter = crate::model::Counter::parse(&p.next_word()?);
            p.eat_one_of(&["counter is put on", "counters are put on"])?;
            let subject = subject(p)?;
            compose(
                p,
                &subject,
                Event::This(Trigger::CountersPut {
                    counter,
                    one_or_more,
                }),
            )
        }) {
            return Some(t);
        }
        let subject = subject(p)?;
        let mut events = vec![event(p)?];
        while let Some(e) = p.attempt(|p| {
            p.eat("or").then_some(())?;
            event(p)
        }) {
            events.push(e);
        }
        // "blocks or becomes blocked by a nonblack creature": "by a nonblack creature" is said
        // of both, and "that creature" is the other creature of the block either way.
        if let [
            Event::This(Trigger::Blocks),
            Event::This(Trigger::BecomesBlockedBy { filter }),
        ] = events.as_slice()
        {
            events[0] = Event::This(Trigger::BlocksACreature {
                filter: filter.clone(),
            });
        }
        if let [
            Event::This(Trigger::Blocks),
            Event::This(Trigger::BecomesBlockedByOneOrMore { filter }),
        ] = events.as_slice()
        {
            events[0] = Event::This(Trigger::BlocksOneOrMore {
                filter: filter.clone(),
            });
        }
        let mut triggers = Vec::new();
        for e in events {
            if let (Subject::ThisOrAttached, Event::This(t)) = (&subject, &e) {
                triggers.push(compose(p, &Subject::This, Event::This(t.clone()))?);
                triggers.push(compose(p, &Subject::Attached, e)?);
                continue;
            }
            triggers.push(compose(p, &subject, e)?);
        }
        if triggers.len() == 1 {
            return triggers.pop();
        }
        // Whether the events name the same things is asked once the instructions are read
        // (`shares_bindings`): only what they refer to must mean the same in each.
        Some(Trigger::Either(triggers))
    })
}

/// Whom a trigger's events happen to.
enum Subject {
    /// "~": the object with the ability.
    This,
    /// "enchanted creature", "equipped creature": the creature an Aura or Equipment is
    /// attached to (212.4, 212.2j).
    Attached,
    /// "a creature you control", "another Goblin": any permanent the description fits, read
    /// from the ability's permanent.
    Described(Filter),
    /// "~ or enchanted creature" (bestow): the event of either, each its own trigger event.
    ThisOrAttached,
}

/// One event as said of "~", with what it adds about the permanent ("enters the battlefield
/// under your control").
enum Event {
    This(Trigger),
    /// "enters the battlefield" / "comes into play", with "under your control".
    Enters {
        yours: bool,
    },
    /// "dies" / "is put into a graveyard from play", "dies during combat" (306.1).
    Dies {
        combat: bool,
    },
    /// "attacks you [or a planeswalker you control]": of another creature only.
    AttacksYou {
        planeswalkers: bool,
    },
}

fn subject(p: &mut Parser) -> Option<Subject> {
    p.attempt(|p| {
        if p.eat_one_of(&["enchanted creature", "equipped creature"])
            .is_some()
        {
            return Some(Subject::Attached);
        }
        if p.eat_one_of(&["~ or enchanted creature", "~ or equipped creature"])
            .is_some()
        {
            return Some(Subject::ThisOrAttached);
        }
        // "Whenever ~ or another Ally enters the battlefield under your control"
        if p.eat("~ or another") {
            let f = phrase::filter(p)?;
            return Some(Subject::Described(Filter::Any(vec![
                Filter::This,
                Filter::This.negated().and(f),
            ])));
        }
        if p.eat("~") {
            return Some(Subject::This);
        }
        if p.eat("another") {
            return Some(Subject::Described(
                Filter::This.negated().and(phrase::filter(p)?),
            ));
        }
        phrase::article(p).then_some(())?;
        Some(Subject::Described(phrase::filter(p)?))
    })
}

/// The events "~" can be the subject of.
fn event(p: &mut Parser) -> Option<Event> {
    p.attempt(|p| {
        if p
            .eat_one_of(&["enters the battlefield", "comes into play"])
            .is_some()
        {
            return Some(Event::Enters {
                yours: p.eat("under your control"),
            });
        }
        if p
            .eat_one_of(&[
                "dies",
                "is put into a graveyard from play",
                "is put into a graveyard from the battlefield",
            ])
            .is_some()
        {
            return Some(Event::Dies {
                combat: p.eat("during combat"),
            });
        }
        // "Whenever a creature attacks you or a planeswalker you control" (306.2): an attack
        // on the controller of the ability.
        if let Some(i) = p.eat_one_of(&[
            "attacks you or a planeswalker you control",
            "attacks you",
        ]) {
            return Some(Event::AttacksYou {
                planeswalkers: i == 0,
            });
        }
        if p.eat("attacks alone") {
            return Some(Event::This(Trigger::AttacksAlone));
        }
        if p.eat("attacks and isn't blocked") {
            return Some(Event::This(Trigger::AttacksAndIsntBlocked));
        }
        if p.eat("attacks a player and isn't blocked") {
            return Some(Event::This(Trigger::AttacksPlayerAndIsntBlocked));
        }
        if p.eat("deals damage to a creature") {
            return Some(Event::This(Trigger::DealsDamageToACreature));
        }
        // "deals damage to a Dinosaur", "deals combat damage to a creature with flying": a
        // creature a description fits.
        if let Some((combat, filter)) = p.attempt(|p| {
            p.eat("deals").then_some(())?;
            let combat = p.eat("combat");
            p.eat("damage to").then_some(())?;
            phrase::article(p).then_some(())?;
            let filter = phrase::filter(p)?;
            let creature = Filter::Type(crate::typeline::CardType::Creature);
            if filter == creature {
                return None;
            }
            // A creature type names creatures (205.3); anything else must say "creature".
            let of_creatures = filter.clone().and(creature);
            Some((combat, of_creatures))
        }) {
            return Some(Event::This(Trigger::DealsDamageToCreatureThat { combat, filter }));
        }
        // "deals combat damage to an opponent": a creature deals combat damage only to the
        // player or planeswalker it attacks (306.2), and attacks only opponents (308.1).
        if p.eat("deals combat damage to an opponent") {
            return Some(Event::This(Trigger::DealsCombatDamageToPlayer));
        }
        // "deals damage to you", "deals combat damage to you": of another permanent's source.
        if let Some(i) = p.eat_one_of(&["deals damage to you", "deals combat damage to you"]) {
            return Some(Event::This(Trigger::DealsDamageToYou { combat: i == 1 }));
        }
        if let Some(i) = p.eat_one_of(&["deals damage to a player", "deals damage to an opponent"]) {
            return Some(Event::This(Trigger::DealsDamageToPlayer { opponent: i == 1 }));
        }
        // "Whenever ~ blocks a creature", "... a creature with flying": once for each such
        // attacker; "Whenever ~ becomes blocked by a creature", "... by a creature with
        // flying": once for each such blocker.
        // "blocks one or more black creatures", "becomes blocked by one or more Orcs": once,
        // naming none of them.
        if let Some(filter) = p.attempt(|p| {
            p.eat("blocks one or more").then_some(())?;
            phrase::filter(p)
        }) {
            return Some(Event::This(Trigger::BlocksOneOrMore { filter }));
        }
        if let Some(filter) = p.attempt(|p| {
            p.eat("becomes blocked by one or more").then_some(())?;
            phrase::filter(p)
        }) {
            return Some(Event::This(Trigger::BecomesBlockedByOneOrMore { filter }));
        }
        if let Some(filter) = p.attempt(|p| {
            p.eat("blocks").then_some(())?;
            phrase::article(p).then_some(())?;
            phrase::filter(p)
        }) {
            return Some(Event::This(Trigger::BlocksACreature { filter }));
        }
        if let Some(filter) = p.attempt(|p| {
            p.eat("becomes blocked by").then_some(())?;
            phrase::article(p).then_some(())?;
            phrase::filter(p)
        }) {
            return Some(Event::This(Trigger::BecomesBlockedBy { filter }));
        }
        if p.eat("and another creature attack different players") {
            return Some(Event::This(Trigger::AttacksWithAnotherDifferentPlayers));
        }
        // Battalion: "Whenever ~ and at least two other creatures attack"
        if p.eat("and at least") {
            let others = phrase::number(p)?;
            p.eat("other creatures attack").then_some(())?;
            return Some(Event::This(Trigger::AttacksWithOthers { others }));
        }
        // "becomes the target of a spell or ability [you control|an opponent controls]",
        // "... of a spell".
        if let Some(t) = p.attempt(|p| {
            p.eat("becomes the target of").then_some(())?;
            let spells_only = p.eat_one_of(&["a spell or ability", "a spell"])? == 1;
            let by = match p.eat_one_of(&["you control", "an opponent controls"]) {
                Some(0) => Some(PlayerRef::You),
                Some(_) => Some(PlayerRef::Opponent),
                None => None,
            };
            Some(Trigger::BecomesTarget { spells_only, by })
        }) {
            return Some(Event::This(t));
        }
        if p.eat("attacks for the first time each turn") {
            return Some(Event::This(Trigger::AttacksFirstTimeEachTurn));
        }
        let t = match p.eat_one_of(&[
            "attacks or blocks",
            "attacks",
            "blocks",
            "becomes blocked",
            "deals combat damage to a player",
            "is turned face up",
            "exploits a creature",
            "becomes tapped",
            "becomes monstrous",
            "becomes untapped",
            "deals combat damage to a creature",
            "leaves play",
            "leaves the battlefield",
            "is dealt combat damage",
            "is dealt damage",
            "deals combat damage",
            "deals damage",
        ]) {
            Some(0) => Trigger::AttacksOrBlocks,
            Some(1) => Trigger::Attacks,
            Some(2) => Trigger::Blocks,
            Some(3) => Trigger::BecomesBlocked,
            Some(4) => Trigger::DealsCombatDamageToPlayer,
            Some(5) => Trigger::TurnedFaceUp,
            Some(6) => Trigger::Exploits,
            Some(7) => Trigger::BecomesTapped,
            Some(8) => Trigger::BecomesMonstrous,
            Some(9) => Trigger::BecomesUntapped,
            Some(10) => Trigger::DealsCombatDamageToACreature,
            Some(11 | 12) => Trigger::LeavesPlay,
            Some(13) => Trigger::IsDealtCombatDamage,
            Some(14) => Trigger::IsDealtDamage,
            Some(15) => Trigger::DealsDamage { combat: true },
            Some(_) => Trigger::DealsDamage { combat: false },
            None => {
                return p.expected(
                    "\"enters the battlefield\", \"attacks\", \"blocks\", \"becomes blocked\", \"dies\", \"deals combat damage to a player\", \"is turned face up\" or \"exploits a creature\"",
                );
            }
        };
        Some(Event::This(t))
    })
}

/// The events the engine looks for on every creature, not only on the object with the ability
/// (`Engine::event_triggers`): these, and leaving play (looked for as the permanent last
/// existed), go with a subject other than "~".
fn happens_to_any_creature(t: &Trigger) -> bool {
    matches!(
        t,
        Trigger::Attacks
            | Trigger::Blocks
            | Trigger::AttacksOrBlocks
            | Trigger::BecomesBlocked
            | Trigger::AttacksAndIsntBlocked
            | Trigger::AttacksPlayerAndIsntBlocked
            | Trigger::AttacksAlone
            | Trigger::IsDealtDamage
            | Trigger::IsDealtCombatDamage
            | Trigger::DealsCombatDamageToPlayer
            | Trigger::BecomesTapped
            | Trigger::BecomesUntapped
            | Trigger::DealsDamage { .. }
            | Trigger::DealsCombatDamageToACreature
            | Trigger::DealsDamageToACreature
            | Trigger::DealsDamageToCreatureThat { .. }
            | Trigger::CountersPut { .. }
            | Trigger::DealsDamageToYou { .. }
            | Trigger::DealsDamageToPlayer { .. }
            | Trigger::BecomesTarget { .. }
            | Trigger::TurnedFaceUp
            | Trigger::BecomesMonstrous
            | Trigger::Exploits
    )
}

/// The description of what an event happens to: of creatures for the events only creatures
/// have (attacking, blocking, combat damage, exploit, monstrosity); as said for the rest, which
/// happen to any permanent ("Whenever a permanent you control becomes tapped", "... is turned
/// face up", "... becomes the target of a spell").
fn of_subjects(f: &Filter, t: &Trigger) -> Filter {
    let any_permanent = matches!(
        t,
        Trigger::BecomesTapped
            | Trigger::BecomesUntapped
            | Trigger::BecomesTarget { .. }
            | Trigger::TurnedFaceUp
            | Trigger::CountersPut { .. }
            | Trigger::IsDealtDamage
    );
    if any_permanent {
        f.clone()
    } else {
        phrase::creatures_only(f.clone())
    }
}

/// Whether a description says a card type or a subtype ("creature", "Human"), not only
/// "permanent" or "source".
fn names_a_kind(f: &Filter) -> bool {
    match f {
        Filter::Type(_) | Filter::Subtype(_) => true,
        Filter::All(parts) => parts.iter().any(names_a_kind),
        Filter::Any(alts) => alts.iter().all(names_a_kind),
        _ => false,
    }
}

/// A subject and one of its events as a trigger condition.
fn compose(p: &mut Parser, subject: &Subject, event: Event) -> Option<Trigger> {
    Some(match (subject, event) {
        (Subject::This, Event::Enters { yours: false }) => Trigger::ComesIntoPlay,
        (Subject::This, Event::Dies { combat: false }) => Trigger::Dies,
        (Subject::This, Event::Dies { combat: true }) => Trigger::DiesDuringCombat,
        // Said of another permanent's source only ("Whenever a creature deals damage to
        // you"); the engine follows it for creatures a description fits.
        (
            Subject::This | Subject::Attached | Subject::ThisOrAttached,
            Event::This(Trigger::DealsDamageToYou { .. }),
        ) => {
            return p.expected(
                "a creature or a kind of creature (\"a creature\", \"a Human\") as what deals damage to you",
            );
        }
        (Subject::This, Event::This(t)) => t,
        (Subject::Described(f), Event::Enters { yours }) => Trigger::PermanentEnters {
            filter: if yours {
                f.clone().and(Filter::ControlledBy(PlayerRef::You))
            } else {
                f.clone()
            },
        },
        (Subject::Described(f), Event::Dies { combat }) => Trigger::PermanentDies {
            filter: if combat {
                f.clone().and(Filter::DuringCombat)
            } else {
                f.clone()
            },
        },
        // "Whenever a creature you control leaves the battlefield" (410.10d): looked for as
        // the permanent last existed, like dying; an Aura's "enchanted creature" is gone with it.
        (Subject::Described(f), Event::This(Trigger::LeavesPlay)) => Trigger::CreatureEvent {
            filter: f.clone(),
            event: Box::new(Trigger::LeavesPlay),
        },
        // "a source an opponent controls deals damage to you", "a permanent deals damage to
        // you": a source may be a spell or a noncreature permanent, which the creature events
        // don't follow; a creature type or card type says what it is.
        (Subject::Described(f), Event::This(Trigger::DealsDamageToYou { .. }))
            if !names_a_kind(f) =>
        {
            return p.expected(
                "a creature or a kind of creature (\"a creature\", \"a Human\") as what deals damage to you",
            );
        }
        (Subject::Described(f), Event::AttacksYou { planeswalkers }) => Trigger::CreatureEvent {
            filter: phrase::of_creatures(f.clone()).and(Filter::AttackingYou { planeswalkers }),
            event: Box::new(Trigger::Attacks),
        },
        (Subject::Described(f), Event::This(t)) if happens_to_any_creature(&t) => {
            Trigger::CreatureEvent {
                filter: of_subjects(f, &t),
                event: Box::new(t),
            }
        }
        (Subject::Attached, Event::This(t)) if happens_to_any_creature(&t) => {
            Trigger::Attached(Box::new(t))
        }
        (Subject::This, Event::Enters { yours: true }) => {
            return p.expected(
                "\"enters the battlefield\" (\"under your control\" is said of other permanents)",
            );
        }
        _ => {
            return p.expected(
                "an event that happens to any creature (\"attacks\", \"blocks\", \"becomes blocked\", \"attacks and isn't blocked\", \"deals combat damage to a player\", \"becomes tapped\", \"becomes untapped\"), or \"~\" for its own events",
            );
        }
    })
}

/// Whether every event of a trigger condition binds what its instructions refer to in the
/// same way, so that "that creature", "that player" or "it" means one thing whichever event
/// happened.
pub(super) fn shares_bindings(t: &Trigger) -> bool {
    let events = t.events();
    events.iter().all(|e| binding(e) == binding(events[0]))
}

/// What a trigger's instructions may name besides its own object: the other creature of a
/// block or of damage ("that creature", "it"), the player dealt damage or casting, a permanent
/// that came or went, the player dealt combat damage, or nothing more.
fn binding(t: &Trigger) -> u8 {
    match t {
        t if t.about_another(false) => 1,
        Trigger::DealsDamageToPlayer { .. }
        | Trigger::PlayerCastsSpell { .. }
        | Trigger::PlayerSacrifices { .. }
        | Trigger::PlayerDraws { .. }
        | Trigger::PlayerCycles { .. }
        | Trigger::PlayerSurveils { .. }
        | Trigger::PlayerPlaysLand { .. }
        | Trigger::PlayerGetsEnergy { .. } => 2,
        Trigger::PermanentEnters { .. } | Trigger::PermanentDies { .. } => 3,
        Trigger::DealsCombatDamageToPlayer => 4,
        _ => 0,
    }
}

/// "that's both blue and red" after "spell" (Riverfall Mimic): the spell has each of the
/// colors (105.2; a hybrid card of those two colors is both, 203.4 current).
fn both_colors(p: &mut Parser) -> Option<Vec<crate::mana::Color>> {
    p.eat_one_of(&["that's both", "that is both"])?;
    let a = phrase::color(p)?;
    p.eat("and").then_some(())?;
    let b = phrase::color(p)?;
    (a != b).then_some(vec![a, b])
}

/// After "At": a step or phase of the turns named, read as two phrases. Whose: "your", "each",
/// "each player's", "the" (every turn's), "each opponent's"; the step: "upkeep", "draw step",
/// "precombat main phase", "postcombat main phase", "end step" (2009 "end of turn"),
/// "combat" (with "on your turn" / "on each opponent's turn" after it), "end of combat".
fn moment(p: &mut Parser) -> Option<Trigger> {
    let at = |step, whose| Some(Trigger::AtStep { step, whose });
    // 2009 wordings of the end step: "at end of turn", "at the end of your turn".
    if p.eat("end of turn") {
        return at(Step::EndOfTurn, Whose::Each);
    }
    if p.eat("end of combat") {
        return at(Step::EndOfCombat, Whose::Each);
    }
    if p.eat("the end of your turn") {
        return at(Step::EndOfTurn, Whose::Yours);
    }
    if !p.eat("the beginning of") {
        return p.expected(
            "\"the beginning of your upkeep\", \"the beginning of combat on your turn\", \"the beginning of each end step\", \"end of turn\" or \"end of combat\"",
        );
    }
    // "combat on your turn", "combat on each opponent's turn", "each combat"
    if p.eat("combat on") {
        let whose = match p.eat_one_of(&["your turn", "each opponent's turn", "each player's turn"])
        {
            Some(0) => Whose::Yours,
            Some(1) => Whose::Opponents,
            Some(_) => Whose::Each,
            None => return p.expected("\"your turn\" or \"each opponent's turn\""),
        };
        return at(Step::BeginningOfCombat, whose);
    }
    let whose = match p.eat_one_of(&["your", "each player's", "each opponent's", "each", "the"]) {
        Some(0) => Whose::Yours,
        Some(2) => Whose::Opponents,
        Some(_) => Whose::Each,
        None => return p.expected("\"your\", \"each\" or \"each opponent's\""),
    };
    let step = match p.eat_one_of(&[
        "upkeep",
        "draw step",
        "precombat main phase",
        "postcombat main phase",
        "combat",
        "end step",
        "end of combat step",
    ]) {
        Some(0) => Step::Upkeep,
        Some(1) => Step::Draw,
        Some(2) => Step::PrecombatMain,
        Some(3) => Step::PostcombatMain,
        // "the beginning of your combat" isn't said; "each combat" is.
        Some(4) if whose == Whose::Each => Step::BeginningOfCombat,
        Some(5) => Step::EndOfTurn,
        Some(6) => Step::EndOfCombat,
        _ => {
            return p.expected(
                "a step: \"upkeep\", \"draw step\", \"precombat main phase\", \"end step\" or \"combat\"",
            );
        }
    };
    at(step, whose)
}

/// A group's event, once however many of it: "Whenever one or more creatures [you control]
/// attack [you]", "... block", "Whenever you attack with one or more Zombies", "Whenever an
/// opponent attacks [you] with one or more creatures" (308.3, 309.3).
fn group_event(p: &mut Parser) -> Option<Trigger> {
    p.eat("whenever").then_some(())?;
    // "you attack with", "an opponent attacks [you] with", "a player attacks [you] with"
    if let Some(by) = p.attempt(|p| {
        let by = match p.eat_one_of(&["you attack", "an opponent attacks", "a player attacks"])? {
            0 => Some(PlayerRef::You),
            1 => Some(PlayerRef::Opponent),
            _ => None,
        };
        Some(by)
    }) {
        let you = attacked_you(p);
        p.eat("with one or more").then_some(())?;
        let mut f = phrase::of_creatures(phrase::filter(p)?);
        if let Some(by) = by {
            f = f.and(Filter::ControlledBy(by));
        }
        if let Some(planeswalkers) = you {
            f = f.and(Filter::AttackingYou { planeswalkers });
        }
        return Some(Trigger::GroupAttacks { filter: f });
    }
    p.eat("one or more").then_some(())?;
    let f = phrase::of_creatures(phrase::filter(p)?);
    if p.eat("attack") {
        return Some(Trigger::GroupAttacks {
            filter: match attacked_you(p) {
                Some(planeswalkers) => f.and(Filter::AttackingYou { planeswalkers }),
                None => f,
            },
        });
    }
    p.eat("block").then_some(Trigger::GroupBlocks { filter: f })
}

/// "you [and/or|or] a planeswalker you control" after "attack": whether it says the
/// planeswalkers; `None` without "you".
fn attacked_you(p: &mut Parser) -> Option<bool> {
    if p.eat_one_of(&[
        "you and/or a planeswalker you control",
        "you or a planeswalker you control",
    ])
    .is_some()
    {
        return Some(true);
    }
    p.eat("you").then_some(false)
}
