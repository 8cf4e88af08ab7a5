//! 418.5a: the layers in which continuous effects change an object's characteristics.
//!
//! Only what combat needs: card types and subtypes (layer 4), colors (layer 5; keywords are
//! read from the effects by `Game::keywords`, 402.9), quoted abilities effects give (layer 5,
//! kept in `Altered::abilities`), power and toughness (layer 6b), and what static abilities of
//! permanents give (keywords, quoted abilities and colors in layer 5, "gets +N/+N" in layer
//! 6d).
//! Control (layer 2) is a field of the object that effects set directly.

use crate::ability::{Ability, Effect, Keyword, StaticEffect};
use crate::filter::Context;
use crate::model::{Altered, Game, Object, ObjectId, Timestamp};
use crate::typeline::{BasicLandType, CardType, TypeLine, creature_type_named};
use std::collections::BTreeMap;

impl Effect {
    /// Whether the effect changes characteristics that `characteristics` computes.
    pub fn changes_characteristics(&self) -> bool {
        matches!(
            self,
            Effect::Pump { .. }
                | Effect::SwitchPt { .. }
                | Effect::Animate { .. }
                | Effect::AddTypes { .. }
                | Effect::BecomeOnly { .. }
                | Effect::GainAbilities { .. }
                | Effect::LoseAllAbilities { .. }
        )
    }
}

/// The object's characteristics after `effects` (those on it, in timestamp order), before
/// counters (layer 6c, added as power and toughness are read).
pub fn characteristics(obj: &Object, effects: &[Effect]) -> Altered {
    characteristics_defined(obj, effects, None)
}

/// The power and toughness a characteristic-defining ability sets, each `None` where it
/// leaves the printed number (208.2).
pub type DefinedPt = (Option<i32>, Option<i32>);

/// The power and toughness an object's characteristic-defining abilities give it (208.2,
/// 418.5a layer 6a), read from `game`: `None` without such an ability, else each number it
/// defines (the other stays as printed). An amount's value past `i32` is clamped.
pub fn defined_pt(game: &Game, obj: &Object) -> Option<DefinedPt> {
    let ctx = Context::of(obj, None);
    let value = |a: &crate::filter::Amount| {
        let v = a.value(game, &ctx);
        i32::try_from(v).unwrap_or(if v < 0 { i32::MIN } else { i32::MAX })
    };
    obj.abilities().iter().find_map(|a| match a {
        Ability::DefinesPt { power, toughness } => {
            Some((power.as_ref().map(value), toughness.as_ref().map(value)))
        }
        _ => None,
    })
}

/// [`characteristics`], starting from the power and toughness characteristic-defining
/// abilities give it (layer 6a), when `defined` says so.
pub fn characteristics_defined(
    obj: &Object,
    effects: &[Effect],
    defined: Option<DefinedPt>,
) -> Altered {
    let card = &obj.card;
    let mut type_line = card.type_line.clone();
    // Layer 4, in timestamp order.
    for e in effects {
        match e {
            Effect::Animate {
                card_types,
                subtypes,
                replaces_types,
                ..
            } => {
                for t in card_types {
                    if !type_line.card_types.contains(t) {
                        type_line.card_types.push(*t);
                    }
                }
                // 212.1b: new creature types replace the old ones.
                if *replaces_types {
                    type_line
                        .subtypes
                        .retain(|s| creature_type_named(s).is_none());
                }
                for s in subtypes {
                    if !type_line.has_subtype(s) {
                        type_line.subtypes.push(s.clone());
                    }
                }
            }
            Effect::BecomeOnly { card_type, .. } => {
                type_line.card_types = vec![*card_type];
                drop_orphan_subtypes(&mut type_line);
            }
            Effect::AddTypes { card_types, .. } => {
                for t in card_types {
                    if !type_line.card_types.contains(t) {
                        type_line.card_types.push(*t);
                    }
                }
            }
            _ => {}
        }
    }
    // Layer 5: the most recent color-setting effect wins.
    let mut colors = obj.printed_colors();
    for e in effects {
        if let Effect::Animate { colors: c, .. } = e {
            if !c.is_empty() {
                colors = c.clone();
            }
        }
    }
    // Layer 6a: characteristic-defining abilities (208.2).
    let (mut power, mut toughness) = obj.base_pt();
    if let Some((p, t)) = defined {
        power = p.or(power);
        toughness = t.or(toughness);
    }
    // Layer 6b, in timestamp order: setting and "gets +N/+N" (the Svogthos example, 418.5b).
    for e in effects {
        match e {
            Effect::Animate {
                power: p,
                toughness: t,
                ..
            } => {
                if p.is_some() {
                    power = *p;
                }
                if t.is_some() {
                    toughness = *t;
                }
            }
            Effect::Pump {
                power: p,
                toughness: t,
                ..
            } => {
                power = power.map(|x| x.saturating_add(*p));
                toughness = toughness.map(|x| x.saturating_add(*t));
            }
            _ => {}
        }
    }
    // Layer 6e: switched after counters (6c) and static abilities (6d), so only marked here
    // and applied as power and toughness are read; two switches undo each other.
    let switched = effects
        .iter()
        .filter(|e| matches!(e, Effect::SwitchPt { .. }))
        .count()
        % 2
        == 1;
    // 208.3: a noncreature permanent has no power or toughness.
    if !type_line.has(CardType::Creature) {
        power = None;
        toughness = None;
    }
    // Layer 5, in timestamp order: quoted abilities effects give it (402.9), and "loses all
    // abilities", which takes away its own and those given before it.
    let mut gained: Vec<Ability> = Vec::new();
    let mut lost_all = false;
    for e in effects {
        match e {
            Effect::GainAbilities { abilities, .. } => gained.extend(abilities.iter().cloned()),
            Effect::LoseAllAbilities { .. } => {
                gained.clear();
                lost_all = true;
            }
            _ => {}
        }
    }
    Altered {
        type_line,
        colors,
        power,
        toughness,
        granted: Vec::new(),
        lost: Vec::new(),
        barred: Vec::new(),
        // From the printed abilities: `obj` still carries what it gained before this recomputation.
        abilities: if lost_all {
            Some(gained)
        } else {
            with_gained(&obj.card.abilities, gained)
        },
        abilities_lost: None,
        colors_set: None,
        switched,
    }
}

/// The abilities of an object that gained `gained` (402.9): its own, then those; `None` when
/// it gained none, so it reads its printed abilities.
fn with_gained(own: &[Ability], gained: Vec<Ability>) -> Option<Vec<Ability>> {
    (!gained.is_empty()).then(|| own.iter().cloned().chain(gained).collect())
}

/// What the static abilities of permanents in play give one object.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FromStatics {
    pub power: i32,
    pub toughness: i32,
    pub granted: Vec<(Timestamp, Keyword)>,
    /// Keywords they take away, each with its ability's timestamp (402.9).
    pub lost: Vec<(Timestamp, Keyword)>,
    /// Keywords they say it can't have.
    pub barred: Vec<Keyword>,
    /// Quoted abilities static abilities give it (402.9), in the order of their holders, each
    /// with its ability's timestamp (418.5f).
    pub abilities: Vec<(Timestamp, Ability)>,
    /// The colors the latest static ability that sets them gives it, with that timestamp.
    pub colors: Option<(Timestamp, Vec<crate::mana::Color>)>,
    /// "~ isn't a creature": it loses the card type (layer 4).
    pub not_creature: bool,
    /// "is an Angel in addition to its other types": card types and subtypes added (layer 4).
    pub added_types: Vec<(Vec<CardType>, Vec<String>)>,
    /// "... in addition to its other colors": colors added (layer 5), each with its ability's
    /// timestamp, so that a color-setting effect with a later one replaces them (418.5b).
    pub added_colors: Vec<(Timestamp, Vec<crate::mana::Color>)>,
}

/// The layers of 418.5a that static abilities' effects apply in, in order: an effect's scope
/// and amounts are read from the objects as the layers before left them, so a creature an
/// Aura makes an Angel (layer 4) gets "Angels you control get +1/+1" (layer 6), and a creature
/// made white (layer 5) gets Crusade's bonus, as 418.5a's first example says. Within a layer
/// the scopes are read before any effect of that layer applies (the dependencies of 418.5c
/// within one layer are not modelled).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaticLayer {
    /// Layer 4: type-changing effects.
    Types,
    /// Layer 5: colors, abilities and keywords.
    Other,
    /// Layer 6d: power and toughness changed without being set.
    PowerToughness,
}

impl StaticLayer {
    pub const ALL: [StaticLayer; 3] = [
        StaticLayer::Types,
        StaticLayer::Other,
        StaticLayer::PowerToughness,
    ];

    /// Whether a part of `effect` applies in this layer (418.5b: an effect with parts in
    /// several layers applies each in its own).
    fn holds(self, effect: &StaticEffect) -> bool {
        match effect {
            StaticEffect::NotCreature => self == StaticLayer::Types,
            StaticEffect::AddTypes { .. } => self != StaticLayer::PowerToughness,
            StaticEffect::Keywords { .. }
            | StaticEffect::LoseKeywords { .. }
            | StaticEffect::Abilities { .. }
            | StaticEffect::Colors { .. } => self == StaticLayer::Other,
            StaticEffect::Pump { .. } | StaticEffect::PumpFor { .. } => {
                self == StaticLayer::PowerToughness
            }
            StaticEffect::CantActivate { .. }
            | StaticEffect::CantCast { .. }
            | StaticEffect::DoesntUntap
            | StaticEffect::Prevent(_)
            | StaticEffect::Redirect(_)
            | StaticEffect::Control
            | StaticEffect::IncreaseDamage(_) => false,
        }
    }
}

/// The contributions of the static abilities' effects in one layer (418.5a: 4, 5 or 6d) to
/// every object they apply to, read from a game whose objects carry the characteristics
/// resolved effects give them (layers 4, 5 and 6b) and those static abilities of the earlier
/// layers gave. A scope or condition is read before any static ability of its own layer
/// applies: one that reads colors another static ability of layer 5 sets ("is black") sees the
/// colors before it (the dependency of 418.5c within a layer is not modelled), while one of
/// layer 6d sees them ("creatures with flying get +1/+1" with "creatures you control have
/// flying").
pub fn static_effects(game: &Game, layer: StaticLayer) -> BTreeMap<ObjectId, FromStatics> {
    let mut out: BTreeMap<ObjectId, FromStatics> = BTreeMap::new();
    let defending = {
        let d = game.defending_players();
        (d.len() == 1).then(|| d[0])
    };
    for holder in game.in_play() {
        for ability in holder.abilities() {
            let Ability::Static {
                scope,
                effect,
                condition,
            } = ability
            else {
                continue;
            };
            if !layer.holds(effect) {
                continue;
            }
            let ctx = Context::of(holder, defending);
            if condition.as_ref().is_some_and(|c| !c.holds(game, &ctx)) {
                continue;
            }
            // 418.5f: the timestamp of the object the static ability is on.
            let timestamp = holder.timestamp;
            for o in game.in_play() {
                // Quoted abilities go to any permanent ("Enchanted land has ..."); the rest
                // of what static abilities give is for creatures.
                let any_permanent = matches!(
                    effect,
                    StaticEffect::Abilities { .. }
                        | StaticEffect::NotCreature
                        | StaticEffect::AddTypes { .. }
                );
                if !scope.applies(game, holder, o, &ctx)
                    || !(any_permanent || o.is(CardType::Creature))
                {
                    continue;
                }
                let entry = out.entry(o.id).or_default();
                match effect {
                    StaticEffect::Pump { power, toughness } => {
                        entry.power = entry.power.saturating_add(*power);
                        entry.toughness = entry.toughness.saturating_add(*toughness);
                    }
                    StaticEffect::PumpFor {
                        power,
                        toughness,
                        per,
                    } => {
                        let n = i32::try_from(per.value(game, &ctx)).unwrap_or(i32::MAX);
                        entry.power = entry.power.saturating_add(power.saturating_mul(n));
                        entry.toughness =
                            entry.toughness.saturating_add(toughness.saturating_mul(n));
                    }
                    StaticEffect::Keywords { keywords } => entry.granted.extend(
                        keywords
                            .iter()
                            .map(|k| (timestamp, chosen_color_of(k, holder))),
                    ),
                    StaticEffect::LoseKeywords { keywords, barred } => {
                        entry
                            .lost
                            .extend(keywords.iter().map(|k| (timestamp, k.clone())));
                        if *barred {
                            entry.barred.extend(keywords.iter().cloned());
                        }
                    }
                    StaticEffect::Abilities { abilities } => {
                        for a in abilities {
                            match a {
                                Ability::Keyword { keyword } => {
                                    entry.granted.push((timestamp, keyword.clone()))
                                }
                                other => entry.abilities.push((timestamp, other.clone())),
                            }
                        }
                    }
                    // The latest of them (418.5b).
                    StaticEffect::Colors { colors } => {
                        if entry.colors.as_ref().is_none_or(|(t, _)| timestamp >= *t) {
                            entry.colors = Some((timestamp, colors.clone()));
                        }
                    }
                    StaticEffect::NotCreature => entry.not_creature = true,
                    StaticEffect::AddTypes {
                        colors,
                        card_types,
                        subtypes,
                    } => match layer {
                        StaticLayer::Types => entry
                            .added_types
                            .push((card_types.clone(), subtypes.clone())),
                        _ if !colors.is_empty() => {
                            entry.added_colors.push((timestamp, colors.clone()))
                        }
                        _ => {}
                    },
                    StaticEffect::CantActivate { .. }
                    | StaticEffect::CantCast { .. }
                    | StaticEffect::DoesntUntap
                    | StaticEffect::Prevent(_)
                    | StaticEffect::Redirect(_)
                    | StaticEffect::Control
                    | StaticEffect::IncreaseDamage(_) => {}
                }
            }
        }
    }
    out
}

/// "protection from the chosen color" given by a permanent: the color chosen as that
/// permanent came into play (410.10e), not one the creature it protects might have; none
/// chosen, nothing fits.
fn chosen_color_of(k: &Keyword, holder: &Object) -> Keyword {
    match k {
        Keyword::Protection(q) if **q == crate::filter::Filter::ChosenColor => {
            let chosen = holder.status.as_ref().and_then(|s| s.chosen_color);
            Keyword::Protection(Box::new(match chosen {
                Some(c) => crate::filter::Filter::Color(c),
                None => crate::filter::Filter::every().negated(),
            }))
        }
        k => k.clone(),
    }
}

/// Adds what static abilities give an object to the characteristics effects give it.
pub fn with_statics(obj: &Object, altered: Option<Altered>, s: &FromStatics) -> Altered {
    let mut a = altered.unwrap_or_else(|| Altered {
        type_line: obj.card.type_line.clone(),
        colors: obj.printed_colors(),
        power: obj.unaltered_pt().0,
        toughness: obj.unaltered_pt().1,
        granted: Vec::new(),
        lost: Vec::new(),
        barred: Vec::new(),
        abilities: None,
        abilities_lost: None,
        colors_set: None,
        switched: false,
    });
    // 418.5a layer 6d; 208.3: a noncreature has no power or toughness to change.
    a.power = a.power.map(|p| p.saturating_add(s.power));
    a.toughness = a.toughness.map(|t| t.saturating_add(s.toughness));
    // Each layer's static abilities are added to what the layers before gave.
    a.granted.extend(s.granted.iter().cloned());
    a.lost.extend(s.lost.iter().cloned());
    a.barred.extend(s.barred.iter().cloned());
    // Layer 5 in timestamp order (418.5b): after any resolved effect that set its colors
    // earlier; colors added before the latest setting are gone with it.
    let mut set_at = a.colors_set;
    if let Some((t, colors)) = &s.colors
        && a.colors_set.is_none_or(|set| *t >= set)
    {
        a.colors = colors.clone();
        set_at = Some(*t);
    }
    for (t, colors) in &s.added_colors {
        if set_at.is_none_or(|set| *t >= set) {
            for c in colors {
                if !a.colors.contains(c) {
                    a.colors.push(*c);
                }
            }
        }
    }
    // Layer 4: types added keep the ones it had (212.1c); a permanent made a creature has its
    // printed power and toughness.
    for (card_types, subtypes) in &s.added_types {
        for t in card_types {
            if !a.type_line.card_types.contains(t) {
                a.type_line.card_types.push(*t);
                if *t == CardType::Creature && a.power.is_none() {
                    (a.power, a.toughness) = obj.base_pt();
                }
            }
        }
        for sub in subtypes {
            if !a.type_line.has_subtype(sub) {
                a.type_line.subtypes.push(sub.clone());
            }
        }
    }
    // Layer 4: "~ isn't a creature" takes the card type, its creature types, and its power
    // and toughness (205.3d, 208.3), whatever layer 6 gave it.
    if s.not_creature && a.type_line.card_types.contains(&CardType::Creature) {
        a.type_line.card_types.retain(|t| *t != CardType::Creature);
        drop_orphan_subtypes(&mut a.type_line);
        a.power = None;
        a.toughness = None;
    }
    // An ability given before the object lost all its abilities is lost too (418.5f).
    let given: Vec<Ability> = s
        .abilities
        .iter()
        .filter(|(t, _)| a.abilities_lost.is_none_or(|lost| *t >= lost))
        .map(|(_, ability)| ability.clone())
        .collect();
    if !given.is_empty() {
        let own = a
            .abilities
            .take()
            .unwrap_or_else(|| obj.card.abilities.clone());
        a.abilities = with_gained(&own, given);
    }
    a
}

/// 205.3d: each card type has its own subtypes; creature types belong to creatures and tribal
/// objects, land types to lands. An object that loses a card type loses its subtypes.
fn drop_orphan_subtypes(type_line: &mut TypeLine) {
    let creature = type_line.has(CardType::Creature) || type_line.has(CardType::Tribal);
    let land = type_line.has(CardType::Land);
    let enchantment = type_line.has(CardType::Enchantment);
    let artifact = type_line.has(CardType::Artifact);
    let planeswalker = type_line.has(CardType::Planeswalker);
    type_line.subtypes.retain(|s| {
        if creature_type_named(s).is_some() {
            creature
        } else if BasicLandType::from_name(s).is_some() {
            land
        } else {
            // Other subtypes (Aura, Equipment, planeswalker types, nonbasic land types): kept
            // only while the object has some type other than creature they could belong to.
            land || enchantment || artifact || planeswalker
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ability::{Duration, Keyword, Subject};
    use crate::cards::library::CardLibrary;
    use crate::mana::Color;
    use crate::model::{ObjectId, PlayerId, Timestamp, Zone};

    fn object(name: &str) -> Object {
        let card = CardLibrary::bundled()
            .expect("the bundled library loads")
            .get(name)
            .expect("a bundled card")
            .clone();
        Object {
            id: ObjectId(1),
            label: name.into(),
            card,
            token: false,
            owner: PlayerId(0),
            controller: PlayerId(0),
            zone: Zone::InPlay,
            status: Some(Default::default()),
            timestamp: Timestamp(0),
            altered: None,
            face_down: None,
            bestowed: None,
            transformed: None,
        }
    }

    fn animate(p: i32, t: i32) -> Effect {
        Effect::Animate {
            what: Subject::This,
            power: Some(p),
            toughness: Some(t),
            colors: vec![Color::White],
            card_types: vec![CardType::Creature],
            subtypes: vec!["Soldier".into()],
            keywords: vec![Keyword::Trample],
            duration: Duration::UntilEndOfTurn,
            replaces_types: false,
            pt_equal: None,
        }
    }

    fn pump(p: i32, t: i32) -> Effect {
        Effect::Pump {
            what: Subject::TargetCreature,
            power: p,
            toughness: t,
            duration: Duration::UntilEndOfTurn,
        }
    }

    #[test]
    fn an_animated_land_is_a_creature_and_still_a_land() {
        let land = object("Forbidding Watchtower");
        let a = characteristics(&land, &[animate(1, 5)]);
        assert!(a.type_line.has(CardType::Land) && a.type_line.has(CardType::Creature));
        assert!(a.type_line.has_subtype("Soldier"));
        assert_eq!(a.colors, vec![Color::White]);
        assert_eq!((a.power, a.toughness), (Some(1), Some(5)));
    }

    #[test]
    fn setting_and_pumping_apply_in_timestamp_order_in_layer_6b() {
        let land = object("Forbidding Watchtower");
        // 418.5b's Svogthos example: a pump before the setting effect is overwritten ...
        let a = characteristics(&land, &[animate(1, 5), pump(2, 2)]);
        assert_eq!((a.power, a.toughness), (Some(3), Some(7)));
        // ... and setting again after it overwrites it.
        let b = characteristics(&land, &[animate(1, 5), pump(2, 2), animate(1, 5)]);
        assert_eq!((b.power, b.toughness), (Some(1), Some(5)));
    }

    /// 418.5b: a static ability setting colors and a resolved effect setting them apply in
    /// timestamp order: the later one decides.
    #[test]
    fn static_and_resolved_colors_apply_in_timestamp_order() {
        let mut land = object("Forbidding Watchtower");
        let statics = FromStatics {
            colors: Some((Timestamp(5), vec![Color::Black])),
            ..Default::default()
        };
        let mut resolved = characteristics(&land, &[animate(1, 5)]);
        resolved.colors_set = Some(Timestamp(3));
        assert_eq!(
            with_statics(&land, Some(resolved.clone()), &statics).colors,
            vec![Color::Black]
        );
        resolved.colors_set = Some(Timestamp(7));
        assert_eq!(
            with_statics(&land, Some(resolved), &statics).colors,
            vec![Color::White]
        );
        // Nothing resolved: the static ability's colors replace the printed ones.
        land.altered = None;
        assert_eq!(
            with_statics(&land, None, &statics).colors,
            vec![Color::Black]
        );
    }

    #[test]
    fn losing_all_abilities_keeps_only_abilities_given_after() {
        let bears = object("Mogg Fanatic");
        let lose = Effect::LoseAllAbilities {
            what: Subject::TargetCreature,
            duration: Duration::UntilEndOfTurn,
        };
        let gain = |a: Ability| Effect::GainAbilities {
            what: Subject::TargetCreature,
            abilities: vec![a],
            duration: Duration::UntilEndOfTurn,
        };
        let first = Ability::Keyword {
            keyword: Keyword::Flying,
        };
        let second = Ability::Keyword {
            keyword: Keyword::Trample,
        };
        // Printed and earlier-given abilities are gone; the later one stays.
        let a = characteristics(
            &bears,
            &[gain(first.clone()), lose.clone(), gain(second.clone())],
        );
        assert_eq!(a.abilities, Some(vec![second.clone()]));
        // Losing all last leaves none at all, not the printed ones.
        let b = characteristics(&bears, &[gain(first), lose]);
        assert_eq!(b.abilities, Some(Vec::new()));
        // Without it, the printed abilities come first.
        let c = characteristics(&bears, &[gain(second.clone())]);
        let mut expected = bears.card.abilities.clone();
        expected.push(second);
        assert_eq!(c.abilities, Some(expected));
    }

    #[test]
    fn becoming_only_an_enchantment_loses_creature_types_and_power() {
        let bears = object("Grizzly Bears");
        let e = Effect::BecomeOnly {
            what: Subject::TargetCreature,
            card_type: CardType::Enchantment,
            duration: Duration::UntilCreatureSpell,
        };
        let a = characteristics(&bears, &[pump(3, 3), e]);
        assert_eq!(a.type_line.card_types, vec![CardType::Enchantment]);
        assert!(a.type_line.subtypes.is_empty(), "{:?}", a.type_line);
        assert_eq!((a.power, a.toughness), (None, None));
        // Its color is a characteristic no effect changed.
        assert_eq!(a.colors, vec![Color::Green]);
    }
}
