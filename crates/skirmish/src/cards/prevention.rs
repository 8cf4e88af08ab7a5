//! Prevention sentences (419.7), as instructions and as static abilities.
//!
//! ```text
//! instruction := ["until your next turn" ","] "prevent all" kind "damage" reach
//!              | kind "damage" ["that would be dealt" part*] "can't be prevented" duration
//!              | ("the" | "this" | "that") "damage can't be prevented" (after a spell's damage)
//! static      := "prevent all" kind "damage" reach
//!              | kind "damage" ["that would be dealt" part*] "can't be prevented"
//!              | "if" [kind] "damage would be dealt to" recipients "," prevent-that
//!              | "if" source "would deal" [kind] "damage to" recipients "," prevent-that
//! prevent-that:= "prevent that damage" | "prevent" number "of that damage"
//! kind        := ["combat" | "noncombat"]
//! reach       := "that would be dealt" part* | sources "would deal" ["to" recipients] [duration]
//!              | "that" sources "would deal" [duration]
//! part        := "to and dealt by" one | "to" recipients | "by" sources | duration
//! recipients  := recipient ("and" recipient)*
//! recipient   := "you" | "players" | "each player" | one | creatures
//! sources     := one | description ("creatures blocking it", "non-Human sources")
//!              | "a" [color ("or" color)*] "source of your choice"
//! one         := "~" | "it" | "that creature" | "enchanted creature" | "target ..."
//! duration    := "this turn" | "until end of turn"
//! ```
//!
//! The three parts compose: any kind with any recipients and any sources. One thing named by
//! a target or "it" is fixed as the effect begins; every description is read whenever damage
//! would be dealt (`crate::prevention`).

use super::parser::Parser;
use super::phrase;
use crate::ability::{Duration, Effect, Subject};
use crate::filter::{Filter, PlayerRef};
use crate::prevention::{DamageKind, Prevention, Recipients, Side};

/// What a phrase after "to" or "by" named: something fixed as the effect begins, or a
/// description read whenever damage would be dealt.
pub(super) enum Named {
    One(Subject, bool),
    Fits(Recipients),
}

/// "~", "it", "target creature", "enchanted creature", "creatures you control", "you".
fn party(p: &mut Parser, players_too: bool) -> Option<Named> {
    if players_too {
        // "a permanent or player", "an opponent or a permanent an opponent controls": any
        // player, any opponent.
        match p.eat_one_of(&[
            "you",
            "players",
            "each player",
            "a player",
            "player",
            "your opponents",
            "an opponent",
            "opponent",
        ]) {
            Some(0) => return Some(Named::Fits(Recipients::players(PlayerRef::You))),
            Some(1..=4) => return Some(Named::Fits(Recipients::players(PlayerRef::Each))),
            Some(_) => return Some(Named::Fits(Recipients::players(PlayerRef::Opponent))),
            None => {}
        }
        if let Some(i) = p.eat_one_of(&["target player", "target opponent"]) {
            let s = Subject::TargetPlayer { opponent: i == 1 };
            return Some(Named::One(s, false));
        }
    }
    // The words that begin a named thing or a subject of the instruction grammar; any other
    // description ("non-Human sources", "creatures you control", "a source") is read as a
    // description of any object, a source possibly a spell (419.7).
    let lead = [
        "~",
        "it",
        "that",
        "enchanted",
        "equipped",
        "target",
        "another",
        "each",
        "all",
        "up",
        "one",
        "any",
    ];
    // "another permanent you control" is a description ("another target creature" a target).
    let another = p.peek().is_some_and(|w| w.eq_ignore_ascii_case("another"))
        && !p.peek2().is_some_and(|w| w.eq_ignore_ascii_case("target"));
    if another
        || !p
            .peek()
            .is_some_and(|w| lead.iter().any(|l| w.eq_ignore_ascii_case(l)))
    {
        let f = phrase::filter(p)?;
        return Some(Named::Fits(Recipients::objects(f)));
    }
    let (s, back) = super::effects::target(p)?;
    Some(match s {
        Subject::This => Named::Fits(Recipients::objects(Filter::This)),
        Subject::Each(f) => Named::Fits(Recipients::objects(f)),
        s @ (Subject::TargetCreature
        | Subject::Target(_)
        | Subject::TargetCreatureYouControl
        | Subject::TargetAttackingCreature
        | Subject::TargetAttackingCreatureYouControl
        | Subject::TargetCreatureOrPlayer) => Named::One(s, back),
        _ => return None,
    })
}

/// "a source of your choice", "a red source of your choice", "a black or red source of your
/// choice" (419.8a): chosen as the effect is created.
fn chosen_source(p: &mut Parser) -> Option<Named> {
    let filter = chosen_source_filter(p)?;
    Some(Named::One(Subject::ChosenSource(filter), false))
}

/// What "a [red [or black]] source of your choice" lets its controller choose among.
pub fn chosen_source_filter(p: &mut Parser) -> Option<Filter> {
    p.attempt(|p| {
        p.eat("a").then_some(())?;
        let mut colors = Vec::new();
        while let Some(c) = p.attempt(|p| {
            if !colors.is_empty() {
                p.eat("or").then_some(())?;
            }
            phrase::color(p)
        }) {
            colors.push(c);
        }
        p.eat("source of your choice").then_some(())?;
        Some(match colors.as_slice() {
            [] => Filter::every(),
            [c] => Filter::Color(*c),
            cs => Filter::Any(cs.iter().map(|c| Filter::Color(*c)).collect()),
        })
    })
}

/// `party` where what comes is a source: "a source", "creatures with flying"; a player
/// deals no damage.
fn sources(p: &mut Parser) -> Option<Named> {
    if let Some(chosen) = chosen_source(p) {
        return Some(chosen);
    }
    match party(p, false)? {
        Named::One(Subject::TargetCreatureOrPlayer, _) => None,
        Named::Fits(r) => Some(Named::Fits(r)),
        one => Some(one),
    }
}

/// Several recipients joined by "and": "you and creatures you control".
fn recipients(p: &mut Parser) -> Option<Named> {
    let first = party(p, true)?;
    let Named::Fits(mut all) = first else {
        return Some(first);
    };
    // "you and creatures you control"; "you or a creature you control" after "if a source
    // would deal damage to" means the same: each of them.
    while let Some(more) = p.attempt(|p| {
        p.eat_one_of(&["and", "or", "and/or"])?;
        match party(p, true)? {
            Named::Fits(r) => Some(r),
            Named::One(..) => None,
        }
    }) {
        all = all.join(more);
    }
    Some(Named::Fits(all))
}

pub(super) fn kind(p: &mut Parser) -> DamageKind {
    match p.eat_one_of(&["combat", "noncombat"]) {
        Some(0) => DamageKind::Combat,
        Some(_) => DamageKind::Noncombat,
        None => DamageKind::Any,
    }
}

fn this_turn(p: &mut Parser) -> Option<Duration> {
    match p.eat_one_of(&["this turn", "until end of turn"])? {
        0 => Some(Duration::ThisTurn),
        _ => Some(Duration::UntilEndOfTurn),
    }
}

/// A prevention effect read so far: its value, the one thing it names (with its side and
/// whether it was "it"), and the duration the text gave.
#[derive(Default)]
pub(super) struct Read {
    pub(super) prevention: Prevention,
    pub(super) one: Option<(Subject, Side, bool)>,
    pub(super) duration: Option<Duration>,
}

impl Read {
    pub(super) fn put(&mut self, side: Side, named: Named) -> Option<()> {
        match named {
            Named::One(s, back) => {
                if self.one.is_some() {
                    return None;
                }
                self.one = Some((s, side, back));
            }
            Named::Fits(r) => match side {
                Side::To => {
                    if self.prevention.to.is_some() {
                        return None;
                    }
                    self.prevention.to = Some(r);
                }
                Side::By => {
                    if self.prevention.by.is_some() || r.players.is_some() {
                        return None;
                    }
                    // "a source": any source, which is what no description means.
                    self.prevention.by = r.objects.filter(|f| *f != Filter::every());
                }
                // "to and dealt by creatures you control": both descriptions.
                Side::ToAndBy => {
                    if self.prevention.to.is_some()
                        || self.prevention.by.is_some()
                        || r.players.is_some()
                    {
                        return None;
                    }
                    self.prevention.by = r.objects.clone();
                    self.prevention.to = Some(r);
                }
            },
        }
        Some(())
    }
}

/// "prevent all [combat] damage <reach>", the duration included if the text gives one.
fn prevent_all(p: &mut Parser) -> Option<Read> {
    p.eat("prevent all").then_some(())?;
    let mut r = Read {
        prevention: Prevention {
            kind: kind(p),
            ..Prevention::default()
        },
        ..Read::default()
    };
    p.eat("damage").then_some(())?;
    if p.eat("that would be dealt") {
        dealt_parts(p, &mut r)?;
        return Some(r);
    }
    // "Prevent all combat damage ~ would deal this turn", "... that black sources and red
    // sources would deal this turn", "... target creature would deal this turn".
    p.eat("that");
    let by = sources(p)?;
    r.put(Side::By, by)?;
    p.eat("would deal").then_some(())?;
    if p.eat("to") {
        let to = recipients(p)?;
        r.put(Side::To, to)?;
    }
    r.duration = this_turn(p);
    Some(r)
}

/// "[combat] damage [that would be dealt <parts>] can't be prevented [this turn]" (2009
/// 103.2, current 615.12): the same reach as a prevention effect's, making that damage
/// unpreventable.
fn cant_be_prevented(p: &mut Parser) -> Option<Read> {
    let mut r = Read {
        prevention: Prevention {
            kind: kind(p),
            unpreventable: true,
            ..Prevention::default()
        },
        ..Read::default()
    };
    p.eat("damage").then_some(())?;
    if p.eat("that would be dealt") {
        dealt_parts(p, &mut r)?;
    }
    p.eat("can't be prevented").then_some(())?;
    if r.duration.is_none() {
        r.duration = this_turn(p);
    }
    Some(r)
}

/// What follows "damage that would be dealt", in any order: "to <recipients>", "by
/// <sources>", "to and dealt by <one>", and once a duration ("this turn").
pub(super) fn dealt_parts(p: &mut Parser, r: &mut Read) -> Option<()> {
    loop {
        if r.duration.is_none()
            && let Some(d) = this_turn(p)
        {
            r.duration = Some(d);
            continue;
        }
        let side = match p.eat_one_of(&["to and dealt by", "to", "by"]) {
            Some(0) => Side::ToAndBy,
            Some(1) => Side::To,
            Some(_) => Side::By,
            None => return Some(()),
        };
        let named = if side == Side::To {
            recipients(p)?
        } else {
            sources(p)?
        };
        r.put(side, named)?;
    }
}

/// The instruction: a prevention effect from a resolving spell or ability, which must say how
/// long it lasts. Returns the effect and whether it named "it" or "that creature".
pub fn instruction(p: &mut Parser) -> Option<(Effect, bool)> {
    p.attempt(|p| {
        let next_turn = p.attempt(|p| {
            p.eat("until your next turn").then_some(())?;
            p.eat(",").then_some(())
        });
        let r = p
            .attempt(prevent_all)
            .or_else(|| p.attempt(cant_be_prevented))?;
        let duration = match (next_turn, r.duration) {
            (Some(()), None) => Duration::UntilYourNextTurn,
            (None, Some(d)) => d,
            (Some(()), Some(_)) => return None,
            (None, None) => return p.expected("how long it lasts (\"this turn\")"),
        };
        let (what, side, back) = match r.one {
            Some((s, side, back)) => (Some(s), side, back),
            None => (None, Side::To, false),
        };
        Some((
            Effect::Prevent {
                what,
                side,
                prevention: r.prevention,
                duration,
            },
            back,
        ))
    })
}

/// The static ability: a prevention effect while its object is in play. "It" is that object;
/// nothing is a target.
pub fn static_prevention(p: &mut Parser) -> Option<Vec<Prevention>> {
    p.attempt(|p| {
        let r = match p
            .attempt(prevent_all)
            .or_else(|| p.attempt(cant_be_prevented))
        {
            Some(r) => r,
            None => if_would(p)?,
        };
        if r.duration.is_some() {
            return None;
        }
        let mut r = r;
        if let Some((s, side, _)) = r.one.take() {
            // Only "it" and "that creature" come here, meaning the object itself.
            if s != Subject::TargetCreature {
                return p.expected("\"~\" or a description (a static ability has no target)");
            }
            r.put(side, Named::Fits(Recipients::objects(Filter::This)))?;
        }
        let whole = r.prevention;
        // "to and dealt by enchanted creature": two effects, each read alone.
        let out = match (&whole.to, &whole.by) {
            (Some(to), Some(by)) if to.objects.as_ref() == Some(by) && to.players.is_none() => {
                vec![
                    Prevention {
                        by: None,
                        ..whole.clone()
                    },
                    Prevention { to: None, ..whole },
                ]
            }
            _ => vec![whole],
        };
        Some(out)
    })
}

/// "If [combat] damage would be dealt to ~, prevent that damage.", "If ~ would be dealt
/// damage, prevent that damage and remove a +1/+1 counter from it.", "If a source would deal
/// damage to you, prevent 1 of that damage.", "If damage would be dealt to ~, put that many
/// -1/-1 counters on it instead." (a replacement, 419.6).
fn if_would(p: &mut Parser) -> Option<Read> {
    p.eat("if").then_some(())?;
    let mut r = Read::default();
    // "If ~ would be dealt [combat] damage": the recipient first.
    if let Some((to, k)) = p.attempt(|p| {
        let to = recipients(p)?;
        p.eat("would be dealt").then_some(())?;
        let k = kind(p);
        p.eat("damage").then_some((to, k))
    }) {
        r.prevention.kind = k;
        r.put(Side::To, to)?;
    } else {
        let by = p.attempt(|p| {
            let k = kind(p);
            p.eat("damage would be dealt to").then_some(k)
        });
        match by {
            Some(k) => r.prevention.kind = k,
            None => {
                let source = sources(p)?;
                r.put(Side::By, source)?;
                p.eat("would deal").then_some(())?;
                r.prevention.kind = kind(p);
                p.eat("damage to").then_some(())?;
            }
        }
        let to = recipients(p)?;
        r.put(Side::To, to)?;
    }
    p.eat(",").then_some(())?;
    // "~", or "it" (which a static ability can only mean as itself).
    let to_this = r.prevention.to == Some(Recipients::objects(Filter::This))
        || matches!(r.one, Some((Subject::TargetCreature, Side::To, _)));
    if !p.eat("prevent") {
        // "..., put that many -1/-1 counters on it instead."
        r.prevention.then = follow_up(p, to_this)?;
        p.eat("instead").then_some(())?;
        r.prevention.replaces = true;
        return Some(r);
    }
    if !p.eat("that damage") {
        let n = phrase::number(p)?;
        p.eat("of that damage").then_some(())?;
        r.prevention.of_each = Some(n);
        return Some(r);
    }
    // "prevent that damage and remove a +1/+1 counter from it"
    if p.eat("and") {
        r.prevention.then = follow_up(p, to_this)?;
    }
    Some(r)
}

/// "If a source you control would deal damage to a permanent or player, it deals double that
/// damage to that permanent or player instead.", "If another red source you control would
/// deal damage to a permanent or player, it deals that much damage plus 1 to that permanent
/// or player instead.", "If a creature you control would deal damage to a creature, it deals
/// double that damage to that creature instead." (419.6): a static replacement effect that increases
/// damage. Its sources and recipients are descriptions (or "~"), read whenever damage would
/// be dealt; the words after "to that" only repeat the recipients.
pub fn static_increase(p: &mut Parser) -> Option<crate::prevention::DamageIncrease> {
    use crate::prevention::{DamageIncrease, Increase};
    p.attempt(|p| {
        p.eat("if").then_some(())?;
        let mut r = Read::default();
        let source = sources(p)?;
        r.put(Side::By, source)?;
        p.eat("would deal").then_some(())?;
        r.prevention.kind = kind(p);
        p.eat("damage").then_some(())?;
        if p.eat("to") {
            let to = recipients(p)?;
            r.put(Side::To, to)?;
        }
        // A static ability names nothing but descriptions and itself.
        if r.one.is_some() {
            return None;
        }
        p.eat(",").then_some(())?;
        p.eat_one_of(&["it deals", "that source deals", "~ deals"])?;
        let increase = if p.eat("double that damage") {
            Increase::Double
        } else {
            p.eat("that much damage plus").then_some(())?;
            Increase::Plus(phrase::number(p)?)
        };
        if p.eat("to that") {
            while p
                .eat_one_of(&["permanent", "player", "creature", "planeswalker", "or"])
                .is_some()
            {}
        }
        p.eat("instead").then_some(())?;
        let reach = r.prevention;
        Some(DamageIncrease {
            kind: reach.kind,
            to: reach.to,
            by: reach.by,
            increase,
        })
    })
}

/// Instructions a prevention or replacement static ability carries out each time it applies:
/// "remove a +1/+1 counter from it", "you gain life equal to the damage prevented this way".
/// "It" is the permanent with the ability, which only damage dealt to it can say; nothing is
/// targeted (a static ability has no target).
pub fn follow_up(p: &mut Parser, to_this: bool) -> Option<Vec<Effect>> {
    p.attempt(|p| {
        let i = super::effects::instruction(p)?;
        if i.that_player || i.source_as_it || (i.refers_back && !to_this) {
            return None;
        }
        let mut effects = i.effects;
        if i.refers_back {
            for e in &mut effects {
                e.replace_subject(&Subject::TargetCreature, &Subject::This);
            }
        }
        if !crate::ability::targets_of(effects.iter()).is_empty()
            || effects.iter().any(Effect::mentions_triggering)
        {
            return None;
        }
        Some(effects)
    })
}

/// "a source", "sources": any object, as a noun of a description (a source may be a spell or
/// a permanent of any type, glossary "Source of Damage").
pub fn source_noun(w: &str) -> bool {
    w.eq_ignore_ascii_case("source") || w.eq_ignore_ascii_case("sources")
}

/// "The damage can't be prevented." (or "This damage") after an instant's or sorcery's
/// damage: a spell deals damage only as it resolves, so "damage this spell would deal this
/// turn" is that damage, made unpreventable by an effect that begins before the spell's first
/// instruction (2009 103.2; current 615.12). `None` for any other sentence; an error if no
/// earlier instruction of the spell deals damage.
pub fn spell_damage_unpreventable(
    out: &mut Vec<super::CompiledText>,
    sentence: &str,
    text: &str,
) -> Option<Result<(), String>> {
    [
        "The damage can't be prevented.",
        "This damage can't be prevented.",
        "That damage can't be prevented.",
    ]
    .iter()
    .any(|w| text.eq_ignore_ascii_case(w))
    .then_some(())?;
    let deals = out.iter().flat_map(|c| c.abilities.iter()).any(|a| {
        matches!(
            a,
            crate::ability::Ability::Spell {
                effect: Effect::DealDamage { .. } | Effect::DivideDamage { .. }
            }
        )
    });
    if !deals {
        return Some(Err(format!(
            "\"{sentence}\" follows no instruction of this spell that deals damage"
        )));
    }
    let prevention = Prevention {
        by: Some(Filter::This),
        unpreventable: true,
        ..Prevention::default()
    };
    out.insert(
        0,
        super::CompiledText {
            text: sentence.to_string(),
            template: "effect-prevent-all",
            abilities: vec![crate::ability::Ability::Spell {
                effect: Effect::Prevent {
                    what: None,
                    side: Side::By,
                    prevention,
                    duration: Duration::ThisTurn,
                },
            }],
        },
    );
    Some(Ok(()))
}

/// "If damage would be dealt to ~, prevent that damage. Remove a +1/+1 counter from ~.": the
/// sentence after a static "If ..., prevent that damage." is more of what it does each time it
/// applies. `None` when the sentence before isn't one or this one isn't such an instruction.
pub fn continue_prevention(out: &mut [super::CompiledText], text: &str) -> Option<&'static str> {
    let prev = out.iter_mut().rev().find(|c| !c.abilities.is_empty())?;
    let lower = prev.text.to_ascii_lowercase();
    if !lower.starts_with("if ") || !lower.contains("prevent that damage.") {
        return None;
    }
    let mut preventions: Vec<&mut Prevention> = Vec::new();
    for a in &mut prev.abilities {
        match a {
            crate::ability::Ability::Static {
                effect: crate::ability::StaticEffect::Prevent(pv),
                ..
            } if pv.then.is_empty() && !pv.replaces && pv.of_each.is_none() => preventions.push(pv),
            _ => return None,
        }
    }
    let to_this = preventions
        .iter()
        .all(|pv| pv.to == Some(Recipients::objects(Filter::This)));
    let mut p = Parser::new(text);
    let then = follow_up(&mut p, to_this)?;
    p.finish()?;
    for pv in preventions {
        pv.then = then.clone();
    }
    Some("prevent-then")
}
