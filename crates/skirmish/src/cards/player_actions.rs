//! What players do and damage dealt: the instructions about players ("target player loses 2
//! life", "each opponent discards a card", "you gain that much life") and about damage ("~ deals
//! 3 damage to target creature and 2 damage to that creature's controller", "damage equal to
//! <amount>"), with the players an instruction acts on.
//!
//! ```text
//! player-act := [players] ("loses" amount "life" | "gains" life | "draws" count | "discards" count
//!               | "mills" count | ...) ("and" [players] ...)*
//! damage     := ("~" | "it") "deals" dealt "to" recipient ("," | "and" | ", and") dealt "to" recipient)*
//! dealt      := number "damage" | "X damage" | "that much damage" | "damage equal to" amount
//! players    := "target player" | "target opponent" | "each opponent" | "each player"
//!             | "defending player" | "that player" | "you" | "its controller"
//!             | "that" ("creature" | "permanent" | "land" | "artifact" | "enchantment") "'s controller"
//! ```

use super::effects::target;
use super::parser::Parser;
use super::phrase;
use crate::ability::{Effect, Subject};
use crate::filter::{Amount, Filter, PlayerRef};

/// "target player", "target opponent", "each opponent", "each player", "defending player",
/// "you", "that player": the players an instruction about players acts on; the flag says it
/// was "that player".
pub(super) fn players(p: &mut Parser) -> Option<(Subject, bool)> {
    // "target player or planeswalker" is one target of either kind (`effects::one_target`).
    if p.clone().eat("target player or planeswalker") {
        return None;
    }
    let i = p.eat_one_of(&[
        "target player",
        "target opponent",
        "each opponent",
        "each player",
        "defending player",
        "that player",
        "you",
        "its controller",
        "that creature's controller",
        "him or her",
        "each other opponent",
        "that spell's controller",
        "that permanent's controller",
        "the chosen player",
        "the attacking player",
        "attacking player",
        "that land's controller",
        "that artifact's controller",
        "that enchantment's controller",
    ])?;
    Some(match i {
        13 => (Subject::Players(PlayerRef::ChosenPlayer), false),
        // The active player, whose creatures attack (306.2's attacking player).
        14 | 15 => (Subject::Players(PlayerRef::AttackingPlayer), false),
        // After "deals combat damage to an opponent": the opponents other than that one, so
        // only where "that player" is understood.
        10 => (Subject::Players(PlayerRef::OtherOpponents), true),
        // "deals 1 damage to him or her": the player the trigger names, as "that player".
        9 => (Subject::Players(PlayerRef::DefendingPlayer), true),
        0 => (Subject::TargetPlayer { opponent: false }, false),
        1 => (Subject::TargetPlayer { opponent: true }, false),
        2 => (Subject::Players(PlayerRef::Opponent), false),
        3 => (Subject::Players(PlayerRef::Each), false),
        4 => (Subject::Players(PlayerRef::DefendingPlayer), false),
        // Only a "deals combat damage to a player" trigger names one; its creature deals
        // combat damage only to the player it attacks, its defending player (306.2).
        5 => (Subject::Players(PlayerRef::DefendingPlayer), true),
        6 => (Subject::You, false),
        // Only a trigger about another creature names one (checked by the caller).
        _ => (Subject::Players(PlayerRef::ControllerOfTriggering), false),
    })
}

/// "a card" or "<number> cards" after draw, discard or mill; "an additional card", "two
/// additional cards" (Anvil of Bogardan's draw step: more of the same action, no other rule).
pub(super) fn card_count(p: &mut Parser) -> Option<u32> {
    if p.eat_one_of(&["a card", "an additional card"]).is_some() {
        return Some(1);
    }
    let n = phrase::number(p)?;
    p.eat("additional");
    p.eat("cards").then_some(n)
}

/// "that many cards" (the damage a trigger binds), "X cards" or "cards equal to <amount>": a
/// number of cards read as the instruction is carried out.
pub(super) fn card_amount(p: &mut Parser) -> Option<crate::filter::Amount> {
    // "draw cards equal to the number of creatures you control", "... equal to its power".
    if let Some(amount) = p.attempt(|p| {
        p.eat("cards equal to").then_some(())?;
        phrase::amount(p)
    }) {
        return Some(amount);
    }
    let amount = match p.eat_one_of(&["that many", "X"])? {
        0 => crate::filter::Amount::ThatMuch,
        _ => crate::filter::Amount::X,
    };
    p.eat("cards").then_some(amount)
}

/// The cards on top of a library an instruction takes and whose library it is: "the top
/// card of", "the top two cards of", "the top X cards of", "that many cards from the top of",
/// "X cards from the top of", then "<whose> library". `who` is the player doing it, whom "his
/// or her" names; the flag says the library was "that player's".
fn top_of_library(p: &mut Parser, who: &Subject) -> Option<(Amount, Subject, bool)> {
    let count = if p.eat("the top") {
        let count = if p.eat("card") {
            Amount::Number(1)
        } else if p.eat("X cards") {
            Amount::X
        } else {
            let n = phrase::number(p)?;
            p.eat("cards").then_some(Amount::Number(i64::from(n)))?
        };
        p.eat("of").then_some(())?;
        count
    } else {
        let count = p
            .attempt(card_amount)
            .or_else(|| card_count(p).map(|n| Amount::Number(i64::from(n))))?;
        p.eat("from the top of").then_some(())?;
        count
    };
    let (owner, that) = whose(p, who)?;
    p.eat("library").then_some((count, owner, that))
}

/// A possessive naming a player before "library" or "graveyard": "his or her" and "their" the
/// player `who` doing the instruction, "your" the controller, or "that player's", "target
/// player's", "target opponent's", "defending player's", "each player's", "each opponent's" as
/// [`players`] reads them; the flag says "that player's".
fn whose(p: &mut Parser, who: &Subject) -> Option<(Subject, bool)> {
    if p.eat_one_of(&["his or her", "their"]).is_some() {
        return Some((who.clone(), false));
    }
    if p.eat("your") {
        return Some((Subject::You, false));
    }
    Some(
        match p.eat_one_of(&[
            "that player's",
            "target player's",
            "target opponent's",
            "defending player's",
            "each player's",
            "each opponent's",
        ])? {
            0 => (Subject::Players(PlayerRef::DefendingPlayer), true),
            1 => (Subject::TargetPlayer { opponent: false }, false),
            2 => (Subject::TargetPlayer { opponent: true }, false),
            3 => (Subject::Players(PlayerRef::DefendingPlayer), false),
            4 => (Subject::Players(PlayerRef::Each), false),
            _ => (Subject::Players(PlayerRef::Opponent), false),
        },
    )
}

/// What players do: "~ deals 2 damage to each opponent", "target player loses 2 life", "each
/// player draws a card", "that player discards a card", "put the top two cards of your library
/// into your graveyard" (2009; current "mill two cards"). The flag says "that player".
pub(super) fn player_action(p: &mut Parser) -> Option<(&'static str, Vec<Effect>, bool)> {
    p.attempt(|p| {
        // "look at that player's hand", "look at target opponent's hand" (217.3c).
        if let Some((who, that)) = p.attempt(|p| {
            p.eat("look at").then_some(())?;
            let (who, that) = whose(p, &Subject::You)?;
            p.eat("hand").then_some(())?;
            (who != Subject::You).then_some((who, that))
        }) {
            return Some(("effect-look-hand", vec![Effect::LookAtHand { who }], that));
        }
        // "that player's life total becomes 1", "target opponent's life total becomes 10",
        // "your life total becomes X" (215.5).
        if let Some((who, that, amount)) = p.attempt(|p| {
            let (who, that) = whose(p, &Subject::You)?;
            p.eat("life total becomes").then_some(())?;
            let amount = if p.eat("X") {
                crate::filter::Amount::X
            } else if p.eat("equal to") {
                phrase::amount(p)?
            } else {
                crate::filter::Amount::Number(i64::from(phrase::number(p)?))
            };
            Some((who, that, amount))
        }) {
            return Some((
                "effect-life-becomes",
                vec![Effect::SetLife { who, amount }],
                that,
            ));
        }
        if p.eat_one_of(&["~ deals", "it deals"]).is_some() {
            // "damage to each opponent equal to the number of Islands that player controls":
            // counted for each player dealt the damage.
            if let Some((amount, to, that)) = p.attempt(|p| {
                p.eat("damage to").then_some(())?;
                let (to, that) = players(p)?;
                p.eat("equal to").then_some(())?;
                Some((recipient_amount(p)?, to, that))
            }) {
                return Some((
                    "effect-damage",
                    vec![Effect::DealDamage { amount, to }],
                    that,
                ));
            }
            let (amount, to, that) = damage_to(p, players)?;
            if to == Subject::You {
                // "to you" is read by `action`.
                return None;
            }
            return Some((
                "effect-damage",
                vec![Effect::DealDamage { amount, to }],
                that,
            ));
        }
        // Imperatives are the controller's own: "discard a card", "mill two cards". After
        // "<player> may" the verbs are bare and that player's ("its controller may gain 2
        // life"), as "you" is named.
        let (mut who, mut that, explicit) = match players(p) {
            Some((w, t)) => (w, t, true),
            None => (Subject::You, false, p.actor),
        };
        let (form, first, named_that) = player_verb(p, &who, explicit)?;
        that |= named_that;
        let mut effects = vec![first];
        // "Target player draws two cards and loses 2 life.", "each opponent loses 1 life and
        // you gain 1 life": more verbs, of the same players or of others.
        while let Some((w, t, e)) = p.attempt(|p| {
            p.eat(",");
            // "discards all the cards in his or her hand, then draws that many cards": the
            // same player, in order.
            (p.eat("and") || p.eat("then")).then_some(())?;
            let (w, t, explicit) = match players(p) {
                Some((w, t)) => (w, t, true),
                None => (who.clone(), false, true),
            };
            let (_, e, named_that) = player_verb(p, &w, explicit)?;
            Some((w, t || named_that, e))
        }) {
            let mut next = [e];
            super::effects::that_many_discarded(&effects, &mut next);
            let [e] = next;
            effects.push(e);
            that |= t;
            who = w;
        }
        Some((form, effects, that))
    })
}

/// "~ deals <damage> to <recipient> (and <damage> to <recipient>)*" with two recipients or
/// more; the flags say "that player" and a creature named earlier ("that creature": the one a
/// trigger is about, or an earlier target). Recipients are players ("you", "each opponent",
/// "target player", "that creature's controller") or permanents ("target creature", "each
/// creature without flying", "that creature"). Two recipients of the same kind of target
/// would be one target to the engine, so they are refused.
pub(super) fn damage_clauses(p: &mut Parser) -> Option<(Vec<Effect>, bool, bool)> {
    p.eat_one_of(&["~ deals", "it deals"])?;
    // Each recipient with whether it names an earlier creature; the flag after it is "that
    // player".
    let recipient = |p: &mut Parser| -> Option<((Subject, bool), bool)> {
        if let Some((s, that)) = players(p) {
            return Some(((s, false), that));
        }
        Some((target(p)?, false))
    };
    let (amount, (first, mut back), mut that) = damage_to(p, recipient)?;
    let mut effects = vec![Effect::DealDamage {
        amount: amount.clone(),
        to: first,
    }];
    let mut last = amount;
    while let Some((a, to, t)) = p.attempt(|p| {
        // "A, B, and C" as well as "A and B".
        let comma = p.eat(",");
        if !p.eat("and") && !comma {
            return None;
        }
        // "and each player": the amount before.
        if p.peek().is_some_and(|w| w.eq_ignore_ascii_case("each")) {
            let (to, t) = recipient(p)?;
            return Some((last.clone(), to, t));
        }
        // "and 2 damage to that creature's controller": the controller of the creature an
        // earlier recipient targets (not of one named back, whose controller is the one
        // "that creature's controller" names by itself).
        let creature = effects
            .iter()
            .filter_map(|e| e.subject().and_then(Subject::target))
            .find(crate::ability::TargetKind::is_creature)
            .filter(|_| !back);
        if let Some(kind) = creature
            && let Some(r) = p.attempt(|p| {
                damage_to(p, |p| {
                    p.eat_one_of(&["that creature's controller", "its controller"])?;
                    Some((
                        Subject::ControllerOfTarget {
                            target: Box::new(kind.clone()),
                        },
                        false,
                    ))
                })
            })
        {
            return Some((r.0, (r.1, false), r.2));
        }
        damage_to(p, recipient)
    }) {
        last = a.clone();
        that |= t;
        back |= to.1;
        effects.push(Effect::DealDamage {
            amount: a,
            to: to.0,
        });
    }
    if effects.len() < 2 {
        return None;
    }
    let kinds: Vec<crate::ability::TargetKind> = effects
        .iter()
        .filter_map(|e| e.subject().and_then(Subject::target))
        .collect();
    if kinds
        .iter()
        .enumerate()
        .any(|(i, k)| kinds[..i].contains(k))
    {
        return p.expected("recipients that aren't two targets of the same kind");
    }
    Some((effects, that, back))
}

/// What follows "you gain": "3 life", "X life", "that much life", "life equal to <amount>"
/// (215.1).
pub(super) fn life_gained(p: &mut Parser) -> Option<Effect> {
    use crate::filter::Amount;
    p.attempt(|p| {
        if p.eat("life equal to") {
            // "its power" is joined to the object meant by `object_amounts`.
            return Some(Effect::GainLifeAmount {
                who: Subject::You,
                amount: phrase::amount(p)?,
            });
        }
        let amount = if p.eat("X") {
            Amount::X
        } else if p.eat("that much") {
            Amount::ThatMuch
        } else {
            let amount = phrase::number(p)?;
            p.eat("life").then_some(())?;
            return Some(Effect::GainLife { amount });
        };
        p.eat("life").then_some(())?;
        Some(Effect::GainLifeAmount {
            who: Subject::You,
            amount,
        })
    })
}

/// One thing players do, after who does it (`explicit`: the players were named, so "draw" is
/// theirs and not the imperative of `action`). The flag says a library was "that player's".
fn player_verb(
    p: &mut Parser,
    who: &Subject,
    explicit: bool,
) -> Option<(&'static str, Effect, bool)> {
    let who = who.clone();
    let mut that = false;
    let verb = p.attempt(|p| {
        if explicit && p.eat_one_of(&["gains", "gain"]).is_some() {
            let gained = life_gained(p)?;
            // "Its controller gains life equal to its power", "target player gains 3 life".
            return Some((
                "effect-life",
                match gained {
                    e if who == Subject::You => e,
                    Effect::GainLife { amount } => Effect::GainLifeAmount {
                        who,
                        amount: crate::filter::Amount::Number(i64::from(amount)),
                    },
                    Effect::GainLifeAmount { amount, .. } => Effect::GainLifeAmount { who, amount },
                    e => e,
                },
            ));
        }
        // "target opponent skips his or her next combat phase", "target player skips all
        // combat phases of his or her next turn" (300.9).
        if let Some(whole_turn) = p.attempt(|p| {
            p.eat_one_of(&["skips", "skip"])?;
            if p.eat("all combat phases of") {
                p.eat_one_of(&["his or her", "their", "your"])?;
                p.eat("next turn").then_some(true)
            } else {
                p.eat_one_of(&["his or her", "their", "your"])?;
                p.eat("next combat phase").then_some(false)
            }
        }) {
            return Some(("effect-skip-combat", Effect::SkipCombat { who, whole_turn }));
        }
        // "you gain 3 life and get {E}{E}{E}" (current 122.1): energy is the controller's.
        if who == Subject::You && p.eat("get") {
            let amount = super::effects::energy_gained(p)?;
            return Some(("effect-get-energy", Effect::GetEnergy { amount }));
        }
        if p.eat_one_of(&["loses", "lose"]).is_some() {
            // "you lose half your life, rounded up", "that player loses half his or her life,
            // rounded up" (one player's own life total).
            if let Some(amount) = p.attempt(|p| {
                p.eat("half").then_some(())?;
                p.eat_one_of(&["your life", "his or her life", "their life"])?;
                p.eat(",");
                let up = p.eat_one_of(&["rounded up", "rounded down"])? == 0;
                let whose = match &who {
                    Subject::You => PlayerRef::You,
                    Subject::Players(
                        r @ (PlayerRef::DefendingPlayer
                        | PlayerRef::TriggeringPlayer
                        | PlayerRef::ActivePlayer),
                    ) => *r,
                    _ => return None,
                };
                Some(crate::filter::Amount::Half {
                    of: Box::new(crate::filter::Amount::LifeTotal(whose)),
                    up,
                })
            }) {
                return Some(("effect-player", Effect::LoseLifeAmount { who, amount }));
            }
            // "loses life equal to its power", "loses X life", "loses that much life" (215.1).
            if let Some(amount) = p.attempt(|p| {
                if p.eat("life equal to") {
                    return phrase::amount(p);
                }
                let amount = if p.eat("X") {
                    crate::filter::Amount::X
                } else {
                    p.eat("that much")
                        .then_some(crate::filter::Amount::ThatMuch)?
                };
                p.eat("life").then_some(amount)
            }) {
                return Some(("effect-player", Effect::LoseLifeAmount { who, amount }));
            }
            let amount = phrase::number(p)?;
            p.eat("life").then_some(())?;
            // "... for each +1/+1 counter on it" is read after any instruction
            // (`effects::counted_one`).
            return Some(("effect-player", Effect::LoseLife { who, amount }));
        }
        // "defending player gets a poison counter", "target player gets two poison counters"
        if explicit && p.eat_one_of(&["gets", "get"]).is_some() {
            let count = if phrase::article(p) {
                1
            } else {
                phrase::number(p)?
            };
            p.eat_one_of(&["poison counters", "poison counter"])?;
            return Some(("effect-player", Effect::Poison { who, count }));
        }
        if explicit && p.eat_one_of(&["draws", "draw"]).is_some() {
            if let Some(amount) = p.attempt(card_amount) {
                return Some(("effect-draw", Effect::DrawAmount { who, amount }));
            }
            let count = card_count(p)?;
            return Some(("effect-draw", Effect::Draw { who, count }));
        }
        if p.eat_one_of(&["discards", "discard"]).is_some() {
            // "discard your hand", "discards all the cards in his or her hand"
            if p.attempt(|p| {
                p.eat("all the cards in");
                p.eat_one_of(&["your hand", "his or her hand", "their hand"])
            })
            .is_some()
            {
                return Some(("effect-discard-hand", Effect::DiscardHand { who }));
            }
            if let Some(amount) = p.attempt(card_amount) {
                return Some(("effect-player", Effect::DiscardAmount { who, amount }));
            }
            let count = card_count(p)?;
            let random = p.eat("at random");
            return Some(("effect-player", Effect::Discard { who, count, random }));
        }
        if explicit
            && p.eat_one_of(&[
                "reveals his or her hand",
                "reveals their hand",
                "reveal your hand",
            ])
            .is_some()
        {
            return Some(("effect-reveal-hand", Effect::RevealHand { who }));
        }
        // "sacrifice another creature or land", "each opponent sacrifices a creature" (501.6):
        // permanents the players choose, never targets.
        if let Some(e) = p.attempt(|p| {
            p.eat_one_of(&["sacrifices", "sacrifice"])?;
            let (count, other) = if p.eat("another") {
                (1, true)
            } else if phrase::article(p) {
                (1, false)
            } else {
                (phrase::number(p)?, false)
            };
            if !(1..=100).contains(&count) {
                return None;
            }
            let f = phrase::filter(p)?;
            let filter = if other {
                Filter::This.negated().and(f)
            } else {
                f
            };
            Some(Effect::SacrificeChosen {
                who: who.clone(),
                filter,
                count,
            })
        }) {
            return Some(("effect-sacrifice", e));
        }
        // "look at the top card of your library" (kinship), "reveal it" after it.
        if who == Subject::You && p.eat("look at the top card of your library") {
            return Some(("effect-look-top", Effect::LookAtTop));
        }
        if who == Subject::You && p.eat("reveal it") {
            return Some(("effect-look-top", Effect::RevealLooked));
        }
        // "reveals the top card of his or her library" (glossary "Reveal").
        if p.attempt(|p| {
            p.eat_one_of(&["reveals", "reveal"])?;
            p.eat("the top card of").then_some(())?;
            p.eat_one_of(&["his or her", "their", "your"])?;
            p.eat("library").then_some(())
        })
        .is_some()
        {
            return Some(("effect-reveal-top", Effect::RevealTop { who }));
        }
        // "exiles the top two cards of his or her library" (2009: "removes ... from the game"),
        // "exile that many cards from the top of your library", "exile the top card of that
        // player's library".
        if let Some((count, owner, named_that)) = p.attempt(|p| {
            let removes = p.eat_one_of(&["exiles", "exile", "removes", "remove"])? >= 2;
            let (count, owner, named_that) = top_of_library(p, &who)?;
            if removes {
                p.eat("from the game").then_some(())?;
            }
            Some((count, owner, named_that))
        }) {
            that |= named_that;
            return Some(("effect-player", Effect::ExileTop { who: owner, count }));
        }
        if p.eat_one_of(&["mills", "mill"]).is_some() {
            let count = p
                .attempt(card_amount)
                .or_else(|| card_count(p).map(|n| Amount::Number(i64::from(n))))?;
            return Some(("effect-player", Effect::Mill { who, count }));
        }
        // "put the top two cards of your library into your graveyard" (2009; current "mill"),
        // "that player puts that many cards from the top of his or her library into his or
        // her graveyard": the cards go to their owner's graveyard (217.4), so the graveyard
        // named is the library's owner's.
        if p.eat_one_of(&["puts", "put"]).is_some() {
            let (count, owner, named_that) = top_of_library(p, &who)?;
            p.eat("into").then_some(())?;
            // "his or her graveyard", "that player's graveyard": the library's owner, whom
            // they name back; another player's graveyard can't be where the cards go.
            if !p.eat("that player's") {
                let (graveyard, _) = whose(p, &owner)?;
                (graveyard == owner).then_some(())?;
            }
            p.eat("graveyard").then_some(())?;
            that |= named_that;
            return Some(("effect-player", Effect::Mill { who: owner, count }));
        }
        None
    });
    verb.map(|(form, effect)| (form, effect, that))
}

/// An amount counted for the player dealt damage ([`PlayerRef::Recipient`]): "the number of
/// <description> [he or she|that player] controls", "the number of cards in [his or her|that
/// player's] hand", "the number of <description> cards in [his or her|that player's]
/// graveyard".
fn recipient_amount(p: &mut Parser) -> Option<Amount> {
    p.attempt(|p| {
        p.eat("the number of").then_some(())?;
        if p.eat("cards in") {
            p.eat_one_of(&["his or her", "that player's", "their"])?;
            p.eat("hand").then_some(())?;
            return Some(Amount::CardsInHand(PlayerRef::Recipient));
        }
        if let Some(filter) = p.attempt(|p| {
            let f = phrase::filter(p).unwrap_or_else(Filter::every);
            p.eat_one_of(&["cards in", "card in"])?;
            p.eat_one_of(&["his or her", "that player's", "their"])?;
            p.eat("graveyard").then_some(f)
        }) {
            return Some(Amount::CardsInGraveyards {
                filter: Box::new(filter),
                whose: Some(PlayerRef::Recipient),
            });
        }
        let f = phrase::filter(p)?;
        p.eat_one_of(&["he or she controls", "that player controls", "they control"])?;
        Some(Amount::Count(Box::new(
            f.and(Filter::ControlledBy(PlayerRef::Recipient)),
        )))
    })
}

/// Whether the instruction next is "it deals" (or, after "have", "it deal").
pub(super) fn says_it_deals(p: &Parser) -> bool {
    p.peek().is_some_and(|w| w.eq_ignore_ascii_case("it"))
        && p.peek2()
            .is_some_and(|w| w.eq_ignore_ascii_case("deals") || w.eq_ignore_ascii_case("deal"))
}

/// What follows "~ deals": "2 damage to <recipient>", "X damage to <recipient>" (the X
/// announced, 409.1b), "damage equal to <amount> to <recipient>" or "damage to <recipient>
/// equal to <amount>". Returns the amount, the recipient `to` reads, and its flag.
pub(super) fn damage_to<T>(
    p: &mut Parser,
    to: impl Fn(&mut Parser) -> Option<(T, bool)>,
) -> Option<(crate::filter::Amount, T, bool)> {
    use crate::filter::Amount;
    p.attempt(|p| {
        if p.eat("damage equal to") {
            let amount = phrase::amount(p)?;
            p.eat("to").then_some(())?;
            let (t, flag) = to(p)?;
            return Some((amount, t, flag));
        }
        if p.eat("damage to") {
            let (t, flag) = to(p)?;
            p.eat("equal to").then_some(())?;
            return Some((phrase::amount(p)?, t, flag));
        }
        let amount = if p.eat("X") {
            Amount::X
        } else if p.eat("that much") {
            Amount::ThatMuch
        } else {
            Amount::Number(i64::from(phrase::number(p)?))
        };
        p.eat("damage to").then_some(())?;
        let (t, flag) = to(p)?;
        Some((amount, t, flag))
    })
}
