//! The card-text compiler and the card library.
//!
//! A card is its real rules text: [`compile_card`] checks its facts (cost, type line,
//! power/toughness) and turns every line of its text into [`Ability`] values through the
//! templates of [`grammar`]. Text no template matches is an error naming the card and the exact
//! sentence; nothing is ever skipped.

pub(crate) mod added_types;
mod choices;
mod defining;
mod didnt_attack;
pub mod effects;
mod enters;
pub mod grammar;
mod index;
mod instead;
pub mod keywords;
pub mod library;
mod object_amounts;
pub mod parser;
pub mod pattern;
pub mod phrase;
mod player_actions;
pub mod pool;
mod prevention;
mod quoted;
mod redirection;
pub mod reference;
mod search;
pub mod statics;
mod that_player;
mod those;
mod triggers;

use crate::ability::{Ability, Cost, Effect, Keyword, Scope, TargetKind, targets_of};
use crate::filter::Filter;
use crate::mana::ManaCost;
use crate::typeline::{CardType, TypeLine};
use grammar::TemplateKind;
use serde::{Deserialize, Serialize};

pub use library::CardLibrary;

/// A card's printed facts, before checking: what a library or scenario file writes.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CardSpec {
    pub name: String,
    pub cost: Option<String>,
    pub type_line: String,
    pub pt: Option<String>,
    pub loyalty: Option<u32>,
    /// A battle's printed defense (current 310.4a).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defense: Option<u32>,
    pub text: String,
    /// A back face's color indicator (current 204): its colors, having no mana cost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colors: Option<Vec<String>>,
    /// The back face of a double-faced card (current 712): a Siege's, cast transformed once
    /// it is defeated (310.11b).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back: Option<Box<CardSpec>>,
}

/// A checked, compiled card definition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDef {
    pub name: String,
    pub mana_cost: Option<ManaCost>,
    pub type_line: TypeLine,
    pub power: Option<i32>,
    pub toughness: Option<i32>,
    pub loyalty: Option<u32>,
    /// A battle's printed defense (current 310.4a).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defense: Option<u32>,
    /// The rules text as given.
    pub text: String,
    /// Every ability, in text order, then intrinsic ones (212.6g).
    pub abilities: Vec<Ability>,
    /// A token's colors, as the effect that created it defines them (216.1); a card's colors
    /// are those of its mana cost (203.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token_colors: Option<Vec<crate::mana::Color>>,
    /// The back face of a double-faced card (current 712.1), compiled like any card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back: Option<std::sync::Arc<CardDef>>,
    /// Lines of its text the grammar doesn't know, left out because the card was loaded with
    /// [`Unmodelled::Warn`]: the card acts as if they weren't printed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unmodelled: Vec<String>,
}

impl CardDef {
    pub fn is(&self, t: CardType) -> bool {
        self.type_line.has(t)
    }

    /// The definition of a creature token (216.1): named after its creature type (216.1a),
    /// with no mana cost (203.1d), no abilities, and the colors the effect gives it.
    pub fn token(spec: &crate::ability::TokenSpec) -> CardDef {
        let mut card_types = vec![CardType::Creature];
        if spec.artifact {
            card_types.insert(0, CardType::Artifact);
        }
        CardDef {
            name: spec.name.clone().unwrap_or_else(|| spec.types().join(" ")),
            mana_cost: None,
            type_line: TypeLine {
                supertypes: Vec::new(),
                card_types,
                subtypes: spec.types(),
            },
            power: Some(spec.power),
            toughness: Some(spec.toughness),
            loyalty: None,
            defense: None,
            text: String::new(),
            abilities: spec
                .keywords
                .iter()
                .map(|k| Ability::Keyword { keyword: k.clone() })
                .chain(spec.abilities.iter().cloned())
                .collect(),
            token_colors: Some(spec.colors.clone()),
            back: None,
            unmodelled: Vec::new(),
        }
    }
}

/// Which part of a card an error is about, so file loaders can point at the right key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardField {
    Name,
    Cost,
    Type,
    Pt,
    Loyalty,
    Defense,
    Text,
    /// A double-faced card's back face.
    Back,
}

/// Why a card didn't compile.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("card \"{card}\": {message}")]
pub struct CardError {
    pub card: String,
    pub field: CardField,
    /// For text errors: the exact sentence or keyword, as written on the card.
    pub sentence: Option<String>,
    pub message: String,
}

impl CardError {
    fn new(card: &str, field: CardField, message: impl Into<String>) -> Self {
        CardError {
            card: card.to_string(),
            field,
            sentence: None,
            message: message.into(),
        }
    }
}

/// Checks a card's facts and compiles its text.
pub fn compile_card(spec: &CardSpec) -> Result<CardDef, CardError> {
    let name = spec.name.trim();
    if name.is_empty() {
        return Err(CardError::new(name, CardField::Name, "a card needs a name"));
    }
    let mana_cost = spec
        .cost
        .as_deref()
        .map(|c| {
            c.parse::<ManaCost>().map_err(|e| {
                CardError::new(
                    name,
                    CardField::Cost,
                    format!("mana cost `{c}`: {}", e.reason),
                )
            })
        })
        .transpose()?;
    let type_line: TypeLine =
        spec.type_line
            .parse()
            .map_err(|e: crate::typeline::TypeLineError| {
                CardError::new(
                    name,
                    CardField::Type,
                    format!("type line `{}`: {}", spec.type_line, e.0),
                )
            })?;
    // Current 301.7a: a Vehicle has a printed power and toughness, which it has only while it
    // is a creature (208.3).
    let is_vehicle = type_line.has(CardType::Artifact) && type_line.has_subtype("Vehicle");
    let is_creature = type_line.has(CardType::Creature) || is_vehicle;
    // 208.2: a `*` (alone or after "N+") stands for a characteristic-defining ability in the
    // text, checked once the text is compiled.
    let mut starred = (false, false);
    let (power, toughness) = match (&spec.pt, is_creature) {
        (Some(pt), true) => {
            let parsed = pt
                .split_once('/')
                .and_then(|(p, t)| Some((printed_number(p)?, printed_number(t)?)));
            match parsed {
                Some(((p, p_star), (t, t_star))) => {
                    starred = (p_star, t_star);
                    (Some(p), Some(t))
                }
                None => {
                    return Err(CardError::new(
                        name,
                        CardField::Pt,
                        format!(
                            "power/toughness `{pt}` should be two whole numbers like `2/2`, or `*` (`1+*`) where the text defines the number (208.2)"
                        ),
                    ));
                }
            }
        }
        (None, true) if is_vehicle => {
            return Err(CardError::new(
                name,
                CardField::Pt,
                "a Vehicle has a printed power and toughness (current 301.7a), e.g. pt = \"3/3\"",
            ));
        }
        (None, true) => {
            return Err(CardError::new(
                name,
                CardField::Pt,
                "a creature card needs power and toughness (208.1), e.g. pt = \"2/2\"",
            ));
        }
        (Some(_), false) => {
            return Err(CardError::new(
                name,
                CardField::Pt,
                "only creatures have power and toughness (208.3); remove `pt` or make the card a creature",
            ));
        }
        (None, false) => (None, None),
    };
    if type_line.has(CardType::Battle) && type_line.has_subtype("Siege") && spec.back.is_none() {
        return Err(CardError::new(
            name,
            CardField::Back,
            "a Siege is a double-faced card: \"when the last defense counter is removed from this permanent, exile it, then you may cast it transformed\" (current 310.11b) needs its back face",
        ));
    }
    // Its back face, and the colors of its color indicator (current 204.2).
    let back = match &spec.back {
        Some(b) => Some(std::sync::Arc::new(compile_card(b).map_err(|e| {
            CardError {
                field: CardField::Back,
                ..e
            }
        })?)),
        None => None,
    };
    let indicated = match &spec.colors {
        Some(words) => Some(
            words
                .iter()
                .map(|w| {
                    crate::mana::Color::from_name(w.trim()).ok_or_else(|| {
                        CardError::new(
                            name,
                            CardField::Back,
                            format!("\"{w}\" is not a color (white, blue, black, red, green)"),
                        )
                    })
                })
                .collect::<Result<Vec<_>, _>>()?,
        ),
        None => None,
    };
    // A number printed only on cards of one type: loyalty (209.1), defense (current 310.4a).
    let printed = [
        (
            spec.loyalty,
            CardType::Planeswalker,
            CardField::Loyalty,
            "a planeswalker card needs a loyalty number (209.1), e.g. loyalty = 3",
            "only planeswalkers have loyalty (209.1); remove `loyalty`",
        ),
        (
            spec.defense,
            CardType::Battle,
            CardField::Defense,
            "a battle card needs a defense number (current 310.4a), e.g. defense = 5",
            "only battles have defense (current 310.4); remove `defense`",
        ),
    ];
    for (value, card_type, field, needed, only) in printed {
        match (value, type_line.has(card_type)) {
            (None, true) => return Err(CardError::new(name, field, needed)),
            (Some(_), false) => return Err(CardError::new(name, field, only)),
            _ => {}
        }
    }
    if type_line.has(CardType::Land) && mana_cost.is_some() {
        return Err(CardError::new(
            name,
            CardField::Cost,
            "lands have no mana cost (203.1); remove `cost`",
        ));
    }

    let mut abilities = compile_text(name, &spec.text, &type_line)?;
    check_defined_pt(name, &abilities, starred)?;
    // 409.1b: a spell's X is the number announced for the {X} in its mana cost.
    let has_x = mana_cost
        .as_ref()
        .is_some_and(|c| c.0.contains(&crate::mana::ManaSymbol::X));
    if !has_x
        && abilities.iter().any(|a| {
            matches!(
                a,
                Ability::Spell { .. } | Ability::EntersWithCounters { .. }
            ) && crate::ability::mentions_x(a)
        })
    {
        return Err(CardError::new(
            name,
            CardField::Text,
            "its text reads X, but its mana cost has no {X} for the X to be announced with (409.1b)",
        ));
    }
    // 502.33a: "Equip [cost]" means "[Cost]: Attach this Equipment to target creature you
    // control. Play this ability only any time you could play a sorcery." (the timing is
    // checked as equip abilities are played).
    let equips: Vec<ManaCost> = abilities
        .iter()
        .filter_map(|a| match a {
            Ability::Keyword {
                keyword: Keyword::Equip(c),
            } => Some(c.clone()),
            _ => None,
        })
        .collect();
    for mana in equips {
        abilities.push(Ability::Activated {
            only: Vec::new(),
            cost: Cost {
                mana,
                ..Default::default()
            },
            effects: vec![Effect::Attach {
                what: crate::ability::Subject::TargetCreatureYouControl,
            }],
        });
    }
    // Current 702.87a: "Level up [cost]" means "[Cost]: Put a level counter on this
    // permanent. Activate only as a sorcery."
    let level_ups: Vec<ManaCost> = abilities
        .iter()
        .filter_map(|a| match a {
            Ability::Keyword {
                keyword: Keyword::LevelUp(c),
            } => Some(c.clone()),
            _ => None,
        })
        .collect();
    for mana in level_ups {
        abilities.push(Ability::Activated {
            only: vec![crate::ability::ActivationLimit::Sorcery],
            cost: Cost {
                mana,
                ..Default::default()
            },
            effects: vec![Effect::PutCounters {
                what: crate::ability::Subject::This,
                counter: crate::model::Counter::Other("level".into()),
                count: 1,
            }],
        });
    }
    // Current 702.107a: "Outlast [cost]" means "[Cost], {T}: Put a +1/+1 counter on this
    // creature. Activate only as a sorcery."
    let outlasts: Vec<ManaCost> = abilities
        .iter()
        .filter_map(|a| match a {
            Ability::Keyword {
                keyword: Keyword::Outlast(c),
            } => Some(c.clone()),
            _ => None,
        })
        .collect();
    for mana in outlasts {
        abilities.push(Ability::Activated {
            only: vec![crate::ability::ActivationLimit::Sorcery],
            cost: Cost {
                mana,
                tap: true,
                ..Default::default()
            },
            effects: vec![Effect::PutCounters {
                what: crate::ability::Subject::This,
                counter: crate::model::Counter::PlusOne,
                count: 1,
            }],
        });
    }
    // Current 702.122a: "Crew N" means "Tap any number of other untapped creatures you control
    // with total power N or greater: This permanent becomes an artifact creature until end of
    // turn."
    let crews: Vec<u32> = abilities
        .iter()
        .filter_map(|a| match a {
            Ability::Keyword {
                keyword: Keyword::Crew(n),
            } => Some(*n),
            _ => None,
        })
        .collect();
    if !crews.is_empty() && !is_vehicle {
        return Err(CardError::new(
            name,
            CardField::Text,
            "crew is an ability of Vehicles (current 702.122a, 301.7); add `Artifact — Vehicle` to the type line",
        ));
    }
    for power in crews {
        abilities.push(Ability::Activated {
            only: Vec::new(),
            cost: Cost {
                parts: vec![crate::ability::CostPart::Crew { power }],
                ..Default::default()
            },
            effects: vec![Effect::AddTypes {
                what: crate::ability::Subject::This,
                card_types: vec![CardType::Artifact, CardType::Creature],
                duration: crate::ability::Duration::UntilEndOfTurn,
            }],
        });
    }
    // Current 702.98a: unleash's second ability, "This permanent can't block as long as it
    // has a +1/+1 counter on it".
    if abilities.iter().any(|a| {
        matches!(
            a,
            Ability::Keyword {
                keyword: Keyword::Unleash
            }
        )
    }) {
        abilities.push(Ability::Combat {
            scope: Scope::This,
            rule: crate::ability::CombatRule::CantBlock,
            condition: Some(crate::filter::Condition::SourceIs {
                filter: Filter::Counter(Some("+1/+1".into())),
            }),
        });
    }
    // "This effect doesn't remove ~." says which protection spares the card: its own, given
    // to what it is attached to; without one it would mean nothing.
    let gives_protection = abilities.iter().any(|a| {
        matches!(
            a,
            Ability::Static {
                scope: Scope::EnchantedCreature | Scope::EquippedCreature,
                effect: crate::ability::StaticEffect::Keywords { keywords },
                ..
            } if keywords.iter().any(|k| matches!(k, Keyword::Protection(_)))
        )
    });
    if abilities.contains(&Ability::ProtectionKeepsThis) && !gives_protection {
        return Err(CardError::new(
            name,
            CardField::Text,
            "\"This effect doesn't remove ~.\" follows \"Enchanted creature has protection from ...\" on an Aura; this card gives no protection for it to be about",
        ));
    }
    // 502.75a: hideaway's first ability, "This permanent comes into play tapped".
    if abilities.iter().any(|a| {
        matches!(
            a,
            Ability::Keyword {
                keyword: Keyword::Hideaway
            }
        )
    }) && !abilities.contains(&Ability::EntersTapped)
    {
        abilities.push(Ability::EntersTapped);
    }
    // 212.6g: a basic land type implies "{T}: Add [mana symbol] to your mana pool."
    for t in type_line.basic_land_types() {
        abilities.push(Ability::Activated {
            only: Vec::new(),
            cost: Cost {
                mana: ManaCost::default(),
                tap: true,
                ..Default::default()
            },
            effects: vec![Effect::AddMana {
                color: t.mana_color(),
            }],
        });
    }
    Ok(CardDef {
        name: name.to_string(),
        mana_cost,
        type_line,
        power,
        toughness,
        loyalty: spec.loyalty,
        defense: spec.defense,
        text: spec.text.clone(),
        abilities,
        token_colors: indicated,
        back,
        unmodelled: Vec::new(),
    })
}

/// One side of a printed power/toughness box: a whole number, `*`, or `N+*` (208.2), with
/// whether it has the `*`; a `*` counts 0 until its ability says more.
fn printed_number(side: &str) -> Option<(i32, bool)> {
    let side = side.trim();
    if side == "*" {
        return Some((0, true));
    }
    if let Some(n) = side.strip_suffix("+*") {
        return Some((n.trim().parse().ok()?, true));
    }
    Some((side.parse().ok()?, false))
}

/// 208.2, 405.2a: a `*` in the power/toughness box is defined by an ability printed on the card
/// ("~'s power is equal to ..."), and such an ability defines only a number printed as `*`.
fn check_defined_pt(
    name: &str,
    abilities: &[Ability],
    (power_star, toughness_star): (bool, bool),
) -> Result<(), CardError> {
    let (mut power, mut toughness) = (false, false);
    for a in abilities {
        if let Ability::DefinesPt {
            power: p,
            toughness: t,
        } = a
        {
            power |= p.is_some();
            toughness |= t.is_some();
        }
    }
    for (stat, star, defined) in [
        ("power", power_star, power),
        ("toughness", toughness_star, toughness),
    ] {
        if star && !defined {
            return Err(CardError::new(
                name,
                CardField::Pt,
                format!(
                    "its {stat} is `*`, so its text must say what it is (208.2), such as \"~'s {stat} is equal to the number of creatures you control.\""
                ),
            ));
        }
        if defined && !star {
            return Err(CardError::new(
                name,
                CardField::Pt,
                format!(
                    "its text defines its {stat} (a characteristic-defining ability, 208.2), so its power/toughness box prints `*` there"
                ),
            ));
        }
    }
    Ok(())
}

/// How a card's text the grammar doesn't know is taken.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unmodelled {
    /// Refused, naming the sentence: the default.
    #[default]
    Strict,
    /// The line is left out and listed as not modelled ([`CardDef::unmodelled`]); answers
    /// about the card then assume it does not matter. A line about combat (see
    /// [`touches_combat`]) is refused all the same.
    Warn,
}

/// Whether a line of text may bear on combat, so that it can never be assumed not to matter:
/// it mentions attacking, blocking, combat, damage, fighting, power or toughness, changes
/// power and toughness ("+1/+1"), or names a keyword of combat (evasion, banding, strikes,
/// protection, regeneration, indestructibility).
pub fn touches_combat(line: &str) -> bool {
    const WORDS: &[&str] = &[
        "attack",
        "block",
        "combat",
        "damage",
        "fight",
        "power",
        "toughness",
        "banding",
        "bands with",
        "strike",
        "trample",
        "deathtouch",
        "lifelink",
        "flying",
        "reach",
        "shadow",
        "horsemanship",
        "fear",
        "intimidate",
        "menace",
        "skulk",
        "walk",
        "vigilance",
        "haste",
        "defender",
        "protection",
        "regenerate",
        "indestructible",
        "flanking",
        "rampage",
        "bushido",
        "provoke",
        "lure",
        "prevent",
    ];
    let lower = line.to_lowercase();
    if WORDS.iter().any(|w| lower.contains(w)) {
        return true;
    }
    // "+1/+1", "-2/-0", "gets +X/+0", counters of the kind.
    let b = lower.as_bytes();
    b.windows(3).enumerate().any(|(i, w)| {
        w[1] == b'/'
            && (w[0].is_ascii_digit() || w[0] == b'x')
            && matches!(b.get(i + 2), Some(c) if *c == b'+' || *c == b'-')
    })
}

/// [`compile_card`], with text the grammar doesn't know taken as `mode` says. A card's facts
/// (cost, type line, power and toughness) must always be right.
pub fn compile_card_with(spec: &CardSpec, mode: Unmodelled) -> Result<CardDef, CardError> {
    let err = match compile_card(spec) {
        Ok(def) => return Ok(def),
        Err(e) if mode == Unmodelled::Warn && e.field == CardField::Text => e,
        Err(e) => return Err(e),
    };
    let Ok(type_line) = spec.type_line.parse::<TypeLine>() else {
        return Err(err);
    };
    let name = spec.name.trim();
    let mut kept = Vec::new();
    let mut left_out = Vec::new();
    for (line, result) in explain_lines(name, &spec.text, &type_line) {
        match result {
            Ok(_) => kept.push(line),
            Err(e) if touches_combat(&line) => {
                return Err(CardError {
                    message: format!(
                        "{} (this line bears on combat, so it can't be left out as not modelled)",
                        e.message
                    ),
                    ..e
                });
            }
            Err(_) => left_out.push(line),
        }
    }
    if left_out.is_empty() {
        // Every line reads alone but not together (a line refers to one before it).
        return Err(err);
    }
    let reduced = CardSpec {
        text: kept.join("\n"),
        ..spec.clone()
    };
    let mut def = compile_card(&reduced)?;
    def.text = spec.text.clone();
    def.unmodelled = left_out;
    Ok(def)
}

/// Removes reminder text (400.1: "Reminder text ... [is] not abilities").
fn strip_reminder_text(card: &str, line: &str) -> Result<String, CardError> {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in line.chars() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.checked_sub(1).ok_or_else(|| CardError {
                    sentence: Some(line.to_string()),
                    ..CardError::new(card, CardField::Text, "`)` without a matching `(`")
                })?
            }
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    if depth > 0 {
        return Err(CardError {
            sentence: Some(line.to_string()),
            ..CardError::new(card, CardField::Text, "reminder text `(` is never closed")
        });
    }
    // Reminder text in mid-line leaves two spaces behind; sentences are matched word by word,
    // but errors quote them, so keep them tidy.
    Ok(out.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// Splits a line into sentences, each keeping its final period. A quoted ability ("Enchanted
/// land has \"{T}: Target creature can't block this turn.\"") is part of the sentence that
/// quotes it, whatever sentences it holds.
fn sentences(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut quoted = false;
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'"' {
            quoted = !quoted;
        }
        let ends_quote = b == b'"' && !quoted && i > 0 && bytes[i - 1] == b'.';
        if (b == b'.' && !quoted || ends_quote) && (i + 1 == bytes.len() || bytes[i + 1] == b' ') {
            out.push(line[start..=i].trim().to_string());
            start = i + 1;
        }
    }
    let rest = line[start..].trim();
    if !rest.is_empty() {
        out.push(rest.to_string());
    }
    out
}

/// "~ enters the battlefield tapped and doesn't untap during your untap step.": two
/// predicates of the card itself, each a sentence of its own ("~ enters the battlefield
/// tapped." and "~ doesn't untap during your untap step."), read as such.
fn two_predicates(name: &str, pieces: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(pieces.len());
    for piece in pieces {
        let split = [
            " enters the battlefield tapped and ",
            " enters tapped and ",
            " comes into play tapped and ",
        ]
        .iter()
        .find_map(|joint| {
            let at = piece.find(joint)?;
            let subject = &piece[..at];
            (self_reference(name, subject) == "~").then(|| {
                let entering = &joint[..joint.len() - " and ".len()];
                (
                    format!("{subject}{entering}."),
                    format!("{subject} {}", &piece[at + joint.len()..]),
                )
            })
        });
        match split {
            Some((first, second)) => out.extend([first, second]),
            None => out.push(piece),
        }
    }
    out
}

/// Replaces the card's own name with `~`, as the templates are written. Current Oracle text
/// calls a card whose name has a comma by the part before it ("Ayula, Queen Among Bears" is
/// "Ayula"), and one named "<Name> the <epithet>" by its one-word name ("Rashka the Slayer" is
/// "Rashka"), so that part is replaced too, as a whole word.
fn self_reference(name: &str, text: &str) -> String {
    let text = text.replace(name, "~");
    let short = match name.split_once(',') {
        Some((short, _)) => Some(short.trim()),
        None => name
            .split_once(" the ")
            .map(|(short, _)| short.trim())
            .filter(|s| !s.contains(' ')),
    };
    match short {
        Some(short) if !short.is_empty() => replace_word(&text, short, "~"),
        _ => text,
    }
}

/// Replaces `word` where it stands as a whole word (not inside a longer word).
fn replace_word(text: &str, word: &str, with: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(word) {
        let before = rest[..i].chars().next_back();
        let after = rest[i + word.len()..].chars().next();
        let boundary = |c: Option<char>| !c.is_some_and(|c| c.is_alphanumeric());
        out.push_str(&rest[..i]);
        if boundary(before) && boundary(after) {
            out.push_str(with);
        } else {
            out.push_str(word);
        }
        rest = &rest[i + word.len()..];
    }
    out.push_str(rest);
    out
}

/// One keyword or sentence of a card's text and what it compiled to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CompiledText {
    /// As written on the card.
    pub text: String,
    /// The id of the template it matched (see `docs/card-text.md`).
    pub template: &'static str,
    pub abilities: Vec<Ability>,
}

/// Compiles every line of a card's text.
pub fn compile_text(
    name: &str,
    text: &str,
    type_line: &TypeLine,
) -> Result<Vec<Ability>, CardError> {
    Ok(explain_text(name, text, type_line)?
        .into_iter()
        .flat_map(|c| c.abilities)
        .collect())
}

/// Compiles every line of a card's text, keeping which template each piece matched.
pub fn explain_text(
    name: &str,
    text: &str,
    type_line: &TypeLine,
) -> Result<Vec<CompiledText>, CardError> {
    let mut out: Vec<CompiledText> = Vec::new();
    let (lines, striation) = read_lines(name, text, type_line);
    for (_, line) in lines {
        out.extend(line?);
    }
    if let Some(s) = striation.filter(|s| !s.pt) {
        return Err(CardError {
            sentence: Some(s.header),
            ..CardError::new(
                name,
                CardField::Text,
                "a level symbol needs its power/toughness box on the next line (711.2), e.g. \"2/3\"",
            )
        });
    }
    fold_modes(name, &mut out)?;
    let abilities: Vec<Ability> = out
        .iter()
        .flat_map(|c| c.abilities.iter().cloned())
        .collect();
    check_enchant(name, type_line, &abilities)?;
    // 407.2a: "the exiled card" is linked to another ability of the same permanent that
    // removes a card from the game.
    let removes = |a: &Ability| {
        effects_anywhere(a).any(|e| {
            matches!(
                e,
                Effect::RemoveFromGame { .. } | Effect::ExileUntilLeaves { .. }
            )
        })
    };
    let returns =
        |a: &Ability| effects_anywhere(a).any(|e| matches!(e, Effect::ReturnExiled { .. }));
    if !abilities.iter().any(removes)
        && let Some(c) = out.iter().find(|c| c.abilities.iter().any(returns))
    {
        return Err(CardError {
            sentence: Some(c.text.clone()),
            ..CardError::new(
                name,
                CardField::Text,
                "\"the exiled card\" names cards another ability of this permanent removes from the game (407.2a), and this card has none that does",
            )
        });
    }
    if object_amounts::spell_reads_sacrificed(&abilities) {
        let sentence = out
            .iter()
            .find(|c| {
                c.abilities
                    .iter()
                    .any(|a| object_amounts::spell_reads_sacrificed(std::slice::from_ref(a)))
            })
            .map(|c| c.text.clone());
        return Err(CardError {
            sentence,
            ..CardError::new(
                name,
                CardField::Text,
                "\"the sacrificed creature's\" names the permanent the spell's additional cost sacrifices (\"As an additional cost to cast ~, sacrifice a creature.\"), and this card has none",
            )
        });
    }
    Ok(out)
}

/// "{1}, Remove a +1/+1 counter from ~: Choose one —", "When ~ enters the battlefield, choose
/// one —": a permanent's activated or triggered ability whose instruction is its modes
/// (409.1b, 410.4a). The part before "choose", with its ":" or ",", and how many modes.
fn permanent_modal_header(line: &str) -> Option<(String, u32, u32)> {
    let line = line.trim();
    let at = line
        .rfind(": Choose ")
        .map(|i| i + 2)
        .or_else(|| line.rfind(", choose ").map(|i| i + 2))?;
    let (prefix, rest) = line.split_at(at);
    let header = format!("C{}", &rest[1..]);
    let (min, max) = modal_header(&header)?;
    Some((prefix.trim_end().to_string(), min, max))
}

/// A permanent's modal ability as its lines are read: the words before "choose" that each
/// mode is read after, how many modes it chooses, and what the modes make.
struct PermanentModal {
    prefix: String,
    min: u32,
    max: u32,
    /// The ability with no instruction: every mode must read as the same one.
    carrier: Option<Ability>,
    modes: Vec<Vec<Effect>>,
}

impl PermanentModal {
    /// Reads the mode `mode` of the line `raw` as the ability with that mode for its
    /// instruction, keeping its instructions; the rest of that ability must be what the other
    /// modes make too.
    fn read_mode(
        &mut self,
        name: &str,
        raw: &str,
        mode: &str,
        type_line: &TypeLine,
        targeted: &mut Vec<TargetKind>,
        striation: &mut Option<Striation>,
    ) -> Result<CompiledText, CardError> {
        let line = raw.trim().to_string();
        let err = |message: String| CardError {
            sentence: Some(line.clone()),
            ..CardError::new(name, CardField::Text, message)
        };
        // After a trigger's comma the mode goes on the sentence: "When ~ enters the
        // battlefield, put ..." (a card's name keeps its capital).
        let short = name.split(',').next().unwrap_or(name);
        let mode = if self.prefix.ends_with(',') && !mode.starts_with(short) {
            let mut c = mode.chars();
            c.next()
                .map(|f| f.to_lowercase().chain(c).collect::<String>())
                .unwrap_or_default()
        } else {
            mode.to_string()
        };
        let whole = format!("{} {mode}", self.prefix);
        let pieces = explain_leveler_line(name, &whole, type_line, targeted, striation).map_err(
            |mut e| {
                e.sentence = Some(line.clone());
                e
            },
        )?;
        let (template, ability) = match pieces.as_slice() {
            [one] if one.abilities.len() == 1 => (one.template, one.abilities[0].clone()),
            _ => {
                return Err(err(format!(
                    "a mode is an instruction of the ability above it, and \"{whole}\" is not one such ability"
                )));
            }
        };
        let (carrier, effects) = match ability {
            Ability::Activated {
                cost,
                effects,
                only,
            } => (
                Ability::Activated {
                    cost,
                    effects: Vec::new(),
                    only,
                },
                effects,
            ),
            Ability::Triggered { trigger, effects } => (
                Ability::Triggered {
                    trigger,
                    effects: Vec::new(),
                },
                effects,
            ),
            _ => {
                return Err(err(format!(
                    "\"{}\" should read as an activated or triggered ability with a mode for its instruction",
                    self.prefix
                )));
            }
        };
        if effects
            .iter()
            .any(|e| matches!(e, Effect::InterveningIf { .. }))
        {
            return Err(err(
                "a modal triggered ability with an intervening \"if\" clause isn't supported"
                    .into(),
            ));
        }
        match &self.carrier {
            None => self.carrier = Some(carrier),
            Some(c) if *c == carrier => {}
            Some(_) => {
                return Err(err(
                    "each mode should read as the same ability with another instruction".into(),
                ));
            }
        }
        self.modes.push(effects);
        Ok(CompiledText {
            text: line,
            template,
            abilities: Vec::new(),
        })
    }

    /// The header line `header` with the whole ability: two or more modes (current 700.2),
    /// no fewer than it chooses.
    fn finish(self, name: &str, header: &str) -> Result<CompiledText, CardError> {
        let count = u32::try_from(self.modes.len()).unwrap_or(u32::MAX);
        let Some(carrier) = self.carrier.filter(|_| count >= 2 && self.min <= count) else {
            return Err(CardError {
                sentence: Some(header.to_string()),
                ..CardError::new(
                    name,
                    CardField::Text,
                    format!(
                        "\"{header}\" needs at least two modes (\"• ...\" lines) and no fewer than it chooses (current 700.2); it has {count}"
                    ),
                )
            });
        };
        let modal = Effect::Modal {
            min: self.min,
            max: self.max.min(count),
            modes: self.modes,
        };
        let ability = match carrier {
            Ability::Activated { cost, only, .. } => Ability::Activated {
                cost,
                effects: vec![modal],
                only,
            },
            Ability::Triggered { trigger, .. } => Ability::Triggered {
                trigger,
                effects: vec![modal],
            },
            other => other,
        };
        Ok(CompiledText {
            text: header.to_string(),
            template: "modal-ability",
            abilities: vec![ability],
        })
    }
}

/// "Choose one —" (one mode), "Choose two —", "Choose one or both —", "Choose one or more —":
/// how many modes are chosen, at least and at most (409.1b; `u32::MAX`: any number).
fn modal_header(line: &str) -> Option<(u32, u32)> {
    let rest = line.strip_prefix("Choose ")?.strip_suffix('—')?.trim();
    match rest {
        "one or both" => Some((1, 2)),
        "one or more" => Some((1, u32::MAX)),
        _ => {
            let mut p = parser::Parser::new(rest);
            let n = phrase::number(&mut p)?;
            p.finish()?;
            (n >= 1).then_some((n, n))
        }
    }
}

/// Moves each mode into the modal ability before it (409.1b): a modal spell has two or more
/// modes (current 700.2), and chooses no more than it has. The modes' targets are told apart by
/// their kind, like every target of a spell, so two modes that may be chosen together, or a
/// mode and the spell's other instructions, never target the same kind.
fn fold_modes(name: &str, out: &mut [CompiledText]) -> Result<(), CardError> {
    let err = |text: &str, message: String| CardError {
        sentence: Some(text.to_string()),
        ..CardError::new(name, CardField::Text, message)
    };
    let mut header: Option<usize> = None;
    for i in 0..out.len() {
        let modes: Vec<Vec<Effect>> = out[i]
            .abilities
            .iter()
            .filter_map(|a| match a {
                Ability::Mode { effects } => Some(effects.clone()),
                _ => None,
            })
            .collect();
        if out[i]
            .abilities
            .iter()
            .any(|a| matches!(a, Ability::Modal { .. }))
        {
            header = Some(i);
            continue;
        }
        if modes.is_empty() {
            continue;
        }
        let Some(h) = header else {
            return Err(err(
                &out[i].text,
                "a mode (\"• ...\") needs a \"Choose one —\" line before it (409.1b)".into(),
            ));
        };
        out[i]
            .abilities
            .retain(|a| !matches!(a, Ability::Mode { .. }));
        if let Some(Ability::Modal { modes: all, .. }) = out[h]
            .abilities
            .iter_mut()
            .find(|a| matches!(a, Ability::Modal { .. }))
        {
            all.extend(modes);
        }
    }
    let spell_kinds = targets_of(out.iter().flat_map(|c| {
        c.abilities.iter().filter_map(|a| match a {
            Ability::Spell { effect } => Some(effect),
            _ => None,
        })
    }));
    for c in out.iter_mut() {
        for a in &mut c.abilities {
            let Ability::Modal { min, max, modes } = a else {
                continue;
            };
            let count = u32::try_from(modes.len()).unwrap_or(u32::MAX);
            if count < 2 || *min > count {
                return Err(err(
                    &c.text,
                    format!(
                        "\"{}\" needs at least two modes and no fewer than it chooses (current 700.2); it has {count}",
                        c.text
                    ),
                ));
            }
            *max = (*max).min(count);
            let kinds: Vec<Vec<TargetKind>> = modes.iter().map(|m| targets_of(m.iter())).collect();
            for (i, k) in kinds.iter().enumerate() {
                let clash = k.iter().any(|k| spell_kinds.contains(k))
                    || (*max > 1
                        && kinds[i + 1..]
                            .iter()
                            .any(|o| o.iter().any(|x| k.contains(x))));
                if clash {
                    return Err(err(
                        &c.text,
                        format!(
                            "mode {} of \"{}\" targets the same kind of object as another instruction the spell may have with it; Skirmish tells a spell's targets apart by kind (409.1c)",
                            i + 1,
                            c.text
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A line of a card's text as written, with what it compiles to or why it doesn't.
pub type LineReading = (String, Result<Vec<CompiledText>, CardError>);

/// The lines of a card's text, each compiled on its own: what the coverage report counts.
/// Checks about the card as a whole (an Aura's enchant keyword) are left to [`explain_text`];
/// an instruction that refers back to a target sees only the earlier lines' targets.
pub fn explain_lines(name: &str, text: &str, type_line: &TypeLine) -> Vec<LineReading> {
    read_lines(name, text, type_line).0
}

/// Reads each line of a card's text in order, each with what it compiles to or why it
/// doesn't, and the striation a leveler's text ends in. A permanent's modal ability is read
/// with its modes (409.1b, 410.4a): each mode as the ability with that mode for its
/// instruction; the header line holds the whole ability, or the first mode's error.
fn read_lines(
    name: &str,
    text: &str,
    type_line: &TypeLine,
) -> (Vec<LineReading>, Option<Striation>) {
    let mut targeted: Vec<TargetKind> = Vec::new();
    let mut striation: Option<Striation> = None;
    let spell = type_line.has(CardType::Instant) || type_line.has(CardType::Sorcery);
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let raw = lines[i];
        i += 1;
        let Some((prefix, min, max)) = permanent_modal_header(raw).filter(|_| !spell) else {
            let line = explain_leveler_line(name, raw, type_line, &mut targeted, &mut striation);
            out.push((raw.to_string(), line));
            continue;
        };
        let mut modal = PermanentModal {
            prefix,
            min,
            max,
            carrier: None,
            modes: Vec::new(),
        };
        let mut modes = Vec::new();
        let mut failed: Option<CardError> = None;
        while let Some(mode) = lines
            .get(i)
            .and_then(|l| l.trim().strip_prefix('•'))
            .map(str::trim)
        {
            let read = modal.read_mode(
                name,
                lines[i],
                mode,
                type_line,
                &mut targeted,
                &mut striation,
            );
            if let Err(e) = &read {
                failed.get_or_insert_with(|| e.clone());
            }
            modes.push((lines[i].to_string(), read.map(|c| vec![c])));
            i += 1;
        }
        let header = match failed {
            Some(e) => Err(e),
            None => modal.finish(name, raw.trim()),
        };
        out.push((raw.to_string(), header.map(|c| vec![c])));
        out.extend(modes);
    }
    (out, striation)
}

/// The striation of a leveler card the lines being read belong to (current 711.2-3): the
/// range of its level symbol, and whether its power/toughness box was read.
#[derive(Debug, Clone)]
struct Striation {
    header: String,
    min: u32,
    max: Option<u32>,
    pt: bool,
}

/// Reads "LEVEL 1-3" or "LEVEL 4+" (either dash): the level symbol's range (711.2).
fn level_symbol(line: &str) -> Option<(u32, Option<u32>)> {
    let rest = line.strip_prefix("LEVEL ")?.trim();
    if let Some(n) = rest.strip_suffix('+') {
        return Some((n.trim().parse().ok()?, None));
    }
    let (a, b) = rest.split_once(['-', '\u{2013}'])?;
    let (min, max): (u32, u32) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    (min <= max).then_some((min, Some(max)))
}

/// "2/3": a power/toughness box.
fn pt_box(line: &str) -> Option<(i32, i32)> {
    let (p, t) = line.split_once('/')?;
    Some((p.trim().parse().ok()?, t.trim().parse().ok()?))
}

/// One line of a card's text, read as part of a leveler's striations (current 711.2-3): a
/// level symbol starts a striation, its next line is the power/toughness box, and every line
/// after it until the next level symbol is part of its static ability, so the abilities on it
/// apply only while the number of level counters is in its range. Any other line is an
/// ordinary line ([`explain_line`]). "X" is understood only in an activated ability with
/// {X} in its cost, whose controller announces it as it is played (409.1b).
fn explain_leveler_line(
    name: &str,
    raw_line: &str,
    type_line: &TypeLine,
    targeted: &mut Vec<TargetKind>,
    striation: &mut Option<Striation>,
) -> Result<Vec<CompiledText>, CardError> {
    let before = targeted.clone();
    let mut out = explain_leveler_line_x(name, raw_line, type_line, targeted, striation)?;
    // "its power", "that creature's toughness": joined to the object meant (413.2f), a
    // spell's instructions knowing the targets of the sentences before theirs.
    let mut spell_targets = before;
    for piece in &mut out {
        for a in &mut piece.abilities {
            if let Ability::Spell { effect } = a {
                for k in crate::ability::targets_of(std::iter::once(&*effect)) {
                    if !spell_targets.contains(&k) {
                        spell_targets.push(k);
                    }
                }
            }
            object_amounts::join(a, &spell_targets).map_err(|message| CardError {
                sentence: Some(piece.text.clone()),
                ..CardError::new(name, CardField::Text, message)
            })?;
            // "that player" in a description or condition is bound only by a trigger that names
            // a player (`effects::triggered`).
            if !matches!(a, Ability::Triggered { .. })
                && crate::ability::mentions_player_ref(
                    a,
                    crate::filter::PlayerRef::TriggeringPlayer,
                )
            {
                return Err(CardError {
                    sentence: Some(piece.text.clone()),
                    ..CardError::new(
                        name,
                        CardField::Text,
                        "\"that player\" names the player a trigger is about (\"Whenever ~ deals combat damage to a player\", \"At the beginning of each opponent's upkeep\"), and here there is none",
                    )
                });
            }
            if !revealed_before_read(a) {
                return Err(CardError {
                    sentence: Some(piece.text.clone()),
                    ..CardError::new(
                        name,
                        CardField::Text,
                        "\"that card\" names the card an earlier instruction of the ability revealed (\"reveal the top card of your library\"), and here there is none",
                    )
                });
            }
        }
    }
    // An instant's or sorcery's X is announced as it is cast (409.1b), when its mana cost has
    // {X} (checked against the mana cost in `compile_card`).
    let spell = type_line.has(CardType::Instant) || type_line.has(CardType::Sorcery);
    for piece in &out {
        for a in &piece.abilities {
            // A permanent's "enters with X counters" reads its spell's X (checked against the
            // mana cost in `compile_card` too).
            let announced = matches!(a, Ability::Activated { cost, .. } if cost.has_x())
                || spell && matches!(a, Ability::Spell { .. })
                || matches!(a, Ability::EntersWithCounters { .. });
            // "that much" is bound only by a "deals damage" trigger (the damage it dealt).
            // A prevention's follow-up binds it too: the damage it stopped.
            let damage_trigger = matches!(a, Ability::Triggered { trigger, .. }
                if trigger.binds_that_much())
                || matches!(a, Ability::Static { effect: crate::ability::StaticEffect::Prevent(pv), .. }
                    if !pv.then.is_empty());
            if !damage_trigger && format!("{a:?}").contains("ThatMuch") {
                return Err(CardError {
                    sentence: Some(piece.text.clone()),
                    ..CardError::new(
                        name,
                        CardField::Text,
                        "\"that much\" and \"that many\" are understood only in the instructions of \"Whenever ~ deals [combat] damage [to a player]\" or \"Whenever ~ is dealt [combat] damage\", where they are the damage dealt, and of \"Whenever one or more <description> attack [or block]\", where they are how many did",
                    )
                });
            }
            if !announced && crate::ability::mentions_x(a) {
                return Err(CardError {
                    sentence: Some(piece.text.clone()),
                    ..CardError::new(
                        name,
                        CardField::Text,
                        "\"X\" is understood only in an instant or sorcery with {X} in its mana cost, an activated ability with {X} in its cost, which announce it as they are played (409.1b), or the counters a permanent with {X} in its mana cost comes into play with",
                    )
                });
            }
        }
    }
    Ok(out)
}

fn explain_leveler_line_x(
    name: &str,
    raw_line: &str,
    type_line: &TypeLine,
    targeted: &mut Vec<TargetKind>,
    striation: &mut Option<Striation>,
) -> Result<Vec<CompiledText>, CardError> {
    let line = strip_reminder_text(name, raw_line)?;
    let err = |message: String| CardError {
        sentence: Some(line.clone()),
        ..CardError::new(name, CardField::Text, message)
    };
    if let Some((min, max)) = level_symbol(&line) {
        if let Some(s) = striation.as_ref().filter(|s| !s.pt) {
            return Err(err(format!(
                "the level symbol \"{}\" has no power/toughness box (711.2)",
                s.header
            )));
        }
        if !type_line.has(CardType::Creature) {
            return Err(err(
                "a level symbol gives a creature its power and toughness (711.2a); this card is not a creature".into(),
            ));
        }
        *striation = Some(Striation {
            header: line.clone(),
            min,
            max,
            pt: false,
        });
        return Ok(vec![CompiledText {
            text: line,
            template: "level",
            abilities: Vec::new(),
        }]);
    }
    let Some(s) = striation.as_mut() else {
        return explain_line(name, raw_line, type_line, targeted);
    };
    if !s.pt {
        let (power, toughness) = pt_box(&line).ok_or_else(|| {
            err(format!(
                "the level symbol \"{}\" must be followed by its power/toughness box, such as \"2/3\" (711.2)",
                s.header
            ))
        })?;
        s.pt = true;
        return Ok(vec![CompiledText {
            text: line,
            template: "level",
            abilities: vec![Ability::LevelPt {
                min: s.min,
                max: s.max,
                power,
                toughness,
            }],
        }]);
    }
    let condition = crate::filter::Condition::Level {
        min: s.min,
        max: s.max,
    };
    let mut out = explain_line(name, raw_line, type_line, targeted)?;
    for piece in &mut out {
        let mut conditioned = Vec::new();
        for a in piece.abilities.drain(..) {
            conditioned.push(match a {
                Ability::Keyword { keyword } if keyword_can_be_granted(&keyword) => {
                    Ability::Static {
                        scope: Scope::This,
                        effect: crate::ability::StaticEffect::Keywords {
                            keywords: vec![keyword],
                        },
                        condition: Some(condition.clone()),
                    }
                }
                Ability::Static {
                    scope,
                    effect,
                    condition: None,
                } => Ability::Static {
                    scope,
                    effect,
                    condition: Some(condition.clone()),
                },
                Ability::Combat {
                    scope,
                    rule,
                    condition: None,
                } => Ability::Combat {
                    scope,
                    rule,
                    condition: Some(condition.clone()),
                },
                _ => {
                    return Err(err(format!(
                        "\"{}\" is in a leveler's striation (711.2), which Skirmish supports only for keywords such as flying and for static abilities without a condition of their own",
                        piece.text
                    )));
                }
            });
        }
        piece.abilities = conditioned;
    }
    Ok(out)
}

/// Keywords that mean the same whether printed or given by a static ability: those the
/// engine reads from an object's keywords now (402.9), not from its printed text.
fn keyword_can_be_granted(k: &Keyword) -> bool {
    matches!(
        k,
        Keyword::Flying
            | Keyword::Reach
            | Keyword::FirstStrike
            | Keyword::DoubleStrike
            | Keyword::Trample
            | Keyword::Vigilance
            | Keyword::Haste
            | Keyword::Lifelink
            | Keyword::Deathtouch
            | Keyword::Shroud
            | Keyword::Hexproof
            | Keyword::Indestructible
            | Keyword::Fear
            | Keyword::Intimidate
            | Keyword::Menace
            | Keyword::Skulk
            | Keyword::Shadow
            | Keyword::Horsemanship
            | Keyword::Banding
            | Keyword::BandsWithOther(_)
            | Keyword::Landwalk(_)
            | Keyword::Protection(_)
            | Keyword::Defender
            | Keyword::Wither
            | Keyword::Infect
    )
}

/// Compiles one line of a card's text: a keyword line, or one or more sentences. `targeted`
/// holds the kinds of target the earlier instructions of an instant or sorcery asked for
/// (409.1c).
///
/// 201.5: a card's name in its text means the card, so the name reads as `~`; but a word that
/// is the card's name isn't always used as one ("Regenerate target creature." on a card named
/// Regenerate). A line that doesn't compile with its name read as `~` is read again with the
/// words as they are, and kept if that compiles.
pub fn explain_line(
    name: &str,
    raw_line: &str,
    type_line: &TypeLine,
    targeted: &mut Vec<TargetKind>,
) -> Result<Vec<CompiledText>, CardError> {
    let as_name = explain_line_named(name, raw_line, type_line, targeted);
    if as_name.is_ok() || !raw_line.contains(name) {
        return as_name;
    }
    // No card text holds a NUL character, so nothing is read as the card's name.
    let mut again = targeted.clone();
    match explain_line_named("\0", raw_line, type_line, &mut again) {
        Ok(words) => {
            *targeted = again;
            Ok(words)
        }
        Err(_) => as_name.map_err(|e| CardError {
            card: name.to_string(),
            ..e
        }),
    }
}

fn explain_line_named(
    name: &str,
    raw_line: &str,
    type_line: &TypeLine,
    targeted: &mut Vec<TargetKind>,
) -> Result<Vec<CompiledText>, CardError> {
    let is_spell = type_line.has(CardType::Instant) || type_line.has(CardType::Sorcery);
    const SPELL: &[TemplateKind] = &[TemplateKind::Spell];
    const PERMANENT: &[TemplateKind] = &[
        TemplateKind::Static,
        TemplateKind::Activated,
        TemplateKind::Triggered,
    ];
    let (allowed, other_kind) = if is_spell {
        (SPELL, PERMANENT)
    } else {
        (PERMANENT, SPELL)
    };
    let mut out: Vec<CompiledText> = Vec::new();
    let line = strip_reminder_text(name, raw_line)?;
    if line.is_empty() {
        return Ok(out);
    }
    let unsupported = |piece: &str, message: String| CardError {
        sentence: Some(piece.to_string()),
        ..CardError::new(name, CardField::Text, message)
    };
    // "Choose one —" and its bulleted modes (409.1b), each mode a line of its own.
    if let Some((min, max)) = modal_header(&line) {
        if !is_spell {
            return Err(unsupported(
                &line,
                "modal abilities of permanents are not supported (only modal instants and sorceries, 409.1b)".into(),
            ));
        }
        out.push(CompiledText {
            text: line,
            template: "modal",
            abilities: vec![Ability::Modal {
                min,
                max,
                modes: Vec::new(),
            }],
        });
        return Ok(out);
    }
    if let Some(mode) = line.strip_prefix('•').map(str::trim) {
        if !is_spell {
            return Err(unsupported(
                &line,
                "modes of abilities of permanents are not supported (only modal instants and sorceries, 409.1b)".into(),
            ));
        }
        // A mode's targets are its own (409.1d): they are chosen only if it is.
        let mut own = Vec::new();
        let pieces = explain_line(name, mode, type_line, &mut own)?;
        let mut effects = Vec::new();
        for c in &pieces {
            for a in &c.abilities {
                match a {
                    Ability::Spell { effect } => effects.push(effect.clone()),
                    _ => {
                        return Err(unsupported(
                            &line,
                            format!("a mode is an instruction, and \"{}\" is not one", c.text),
                        ));
                    }
                }
            }
        }
        for (i, c) in pieces.into_iter().enumerate() {
            out.push(CompiledText {
                text: if i == 0 {
                    format!("• {}", c.text)
                } else {
                    c.text
                },
                template: c.template,
                abilities: if i == 0 {
                    vec![Ability::Mode {
                        effects: std::mem::take(&mut effects),
                    }]
                } else {
                    Vec::new()
                },
            });
        }
        return Ok(out);
    }
    // A keyword whose cost is a sentence: "Cumulative upkeep—Pay 1 life." (502.13a).
    if let Some(keyword) = line.strip_suffix('.').filter(|l| l.contains('—'))
        && let Ok((form, abilities)) = keywords::keyword(&self_reference(name, keyword))
    {
        out.push(CompiledText {
            text: line.clone(),
            template: form,
            abilities,
        });
        return Ok(out);
    }
    if !line.ends_with('.') && !line.ends_with(".\"") {
        // A keyword line: "Flying, first strike"; older Oracle text separates them with
        // semicolons ("Flying; trample; rampage 4"). "Protection from blue, from black, and
        // from red" is one keyword whose qualities are listed with commas.
        let mut pieces: Vec<String> = Vec::new();
        for piece in line.split([',', ';']).map(str::trim) {
            let quality = piece
                .strip_prefix("and ")
                .unwrap_or(piece)
                .starts_with("from ");
            match pieces.last_mut() {
                Some(last) if quality && last.to_lowercase().starts_with("protection from") => {
                    last.push_str(" and ");
                    last.push_str(piece.strip_prefix("and ").unwrap_or(piece));
                }
                _ => pieces.push(piece.to_string()),
            }
        }
        for piece in pieces.iter().map(String::as_str) {
            match keywords::keyword(&self_reference(name, piece)) {
                Ok((form, abilities)) => out.push(CompiledText {
                    text: piece.to_string(),
                    template: form,
                    abilities,
                }),
                Err(p) => {
                    return Err(unsupported(
                        piece,
                        format!("the keyword \"{piece}\" is not understood: {}", p.error()),
                    ));
                }
            }
        }
        return Ok(out);
    }
    // A few templates span two sentences ("... until end of turn. It's still a land."):
    // the whole line is tried first.
    let mut pieces = two_predicates(name, sentences(&line));
    let whole = self_reference(name, &line);
    let whole_matches = |kinds| matches!(grammar::match_text(&whole, kinds), Ok(Some(_)));
    if pieces.len() > 1 && (whole_matches(allowed) || whole_matches(other_kind)) {
        pieces = vec![line.clone()];
    }
    for sentence in pieces {
        let mut text = self_reference(name, &sentence);
        // "As ~ enters the battlefield, choose an opponent. ~ enters the battlefield with a
        // -1/-1 counter on it for each creature that player controls.": after the choice, in
        // the same line, "that player" is the player chosen (410.10e).
        if out.iter().any(|c| {
            c.abilities
                .iter()
                .any(|a| matches!(a, Ability::ChoosePlayerAsEnters { .. }))
        }) {
            text = text.replace("that player", "the chosen player");
        }
        // "This spell can't be countered." (2009: "~ can't be countered."), on any spell.
        if matches!(
            text.to_ascii_lowercase().as_str(),
            "this spell can't be countered." | "~ can't be countered."
        ) {
            out.push(CompiledText {
                text: sentence,
                template: "cant-be-countered",
                abilities: vec![Ability::CantBeCountered],
            });
            continue;
        }
        if let Some(a) = effects::additional_sacrifice(&text) {
            out.push(CompiledText {
                text: sentence,
                template: "additional-sacrifice",
                abilities: vec![a],
            });
            continue;
        }
        // "It can't be regenerated." after "Destroy ...": that destruction can't be replaced by
        // regeneration (419.6b).
        if matches!(
            text.to_ascii_lowercase().as_str(),
            "it can't be regenerated."
                | "they can't be regenerated."
                | "that creature can't be regenerated."
        ) {
            let destroys = out.last_mut().into_iter().flat_map(|c| {
                c.abilities.iter_mut().flat_map(|a| match a {
                    Ability::Spell { effect } => std::slice::from_mut(effect).iter_mut(),
                    Ability::Activated { effects, .. } | Ability::Triggered { effects, .. } => {
                        effects.iter_mut()
                    }
                    _ => [].iter_mut(),
                })
            });
            let mut found = false;
            // Also a destruction under a condition ("if it was kicked, destroy ...").
            for e in destroys {
                effects::for_each_leaf(e, &mut |leaf| {
                    if let Effect::Destroy {
                        no_regeneration, ..
                    } = leaf
                    {
                        *no_regeneration = true;
                        found = true;
                    }
                });
            }
            if found {
                out.push(CompiledText {
                    text: sentence,
                    template: "cant-be-regenerated",
                    abilities: Vec::new(),
                });
                continue;
            }
        }
        // "It's still a land." after "~ becomes a 3/2 ... creature": the permanent keeps its
        // card types (212.1c), as the effect that adds the creature type does.
        if text.eq_ignore_ascii_case("it's still a land.")
            && out
                .iter()
                .rev()
                .find(|c| !c.abilities.is_empty())
                .is_some_and(|c| c.abilities.iter().any(animates))
        {
            out.push(CompiledText {
                text: sentence,
                template: "effect-becomes",
                abilities: Vec::new(),
            });
            continue;
        }
        // "Activate this ability only once each turn." limits the ability before it.
        if !is_spell
            && let Some(Ability::Activated { only, .. }) = out
                .iter_mut()
                .rev()
                .find(|c| !c.abilities.is_empty())
                .and_then(|c| c.abilities.last_mut())
            && let Ok(limits) = effects::activation_limits(&text)
        {
            only.extend(limits);
            out.push(CompiledText {
                text: sentence,
                template: "activate-only",
                abilities: Vec::new(),
            });
            continue;
        }
        // "Enchanted creature gets +2/+2 as long as it's a Human. Otherwise, it can't attack or
        // block.": the static abilities of the sentence before hold under a condition; these
        // hold under its negation, about the same subject.
        if !is_spell
            && let Some(rest) = strip_prefix_ci(&text, "otherwise, ")
            && let Some(prev) = out.iter().rev().find(|c| !c.abilities.is_empty())
            && let Some((scope, cond)) = shared_static_condition(&prev.abilities)
        {
            let subject = match scope {
                Scope::This => Some("~"),
                Scope::EnchantedCreature => Some("enchanted creature"),
                Scope::EquippedCreature => Some("equipped creature"),
                _ => None,
            };
            let rewritten = subject
                .and_then(|sub| strip_prefix_ci(rest, "it ").map(|tail| format!("{sub} {tail}")));
            if let Some(Ok(st)) = rewritten.as_deref().map(statics::static_ability) {
                let negated = cond.negated();
                let mut abilities = st.abilities;
                let mut all_plain = true;
                for a in &mut abilities {
                    match a {
                        Ability::Combat { condition, .. } | Ability::Static { condition, .. }
                            if condition.is_none() =>
                        {
                            *condition = Some(negated.clone())
                        }
                        _ => all_plain = false,
                    }
                }
                if all_plain {
                    out.push(CompiledText {
                        text: sentence,
                        template: st.forms[0],
                        abilities,
                    });
                    continue;
                }
            }
        }
        // "Cast this spell only during combat before blockers are declared." (402.8d)
        if is_spell && let Ok(only) = effects::cast_limits(&text) {
            out.push(CompiledText {
                text: sentence,
                template: "cast-only",
                abilities: vec![Ability::CastOnly { only }],
            });
            continue;
        }
        // Static abilities of permanents are read by the compositional grammar first; the
        // furthest point it understood makes the error message if nothing matches.
        let mut furthest: Option<parser::Parser> = None;
        let mut keep_furthest = |p: parser::Parser| {
            if furthest
                .as_ref()
                .is_none_or(|f| p.furthest() > f.furthest())
            {
                furthest = Some(p);
            }
        };
        // "Flip a coin. If you win the flip, <instruction>." (511.1): the sentence read as any
        // other of the spell, its instructions followed only if the flip came out so.
        let flip = if is_spell {
            flip_outcome(&text).map(|(condition, rest)| (condition, keywords::capitalize(rest)))
        } else {
            None
        };
        if flip.is_some() {
            let flipped = out
                .iter()
                .flat_map(|c| c.abilities.iter())
                .filter_map(|a| match a {
                    Ability::Spell { effect } => Some(effect.clone()),
                    _ => None,
                })
                .collect::<Vec<_>>();
            if !ends_with_flip(&flipped) {
                return Err(unsupported(
                    &sentence,
                    format!("\"{sentence}\" follows no \"flip a coin\""),
                ));
            }
        }
        // "The damage can't be prevented." after a spell's damage (Combust).
        if is_spell && flip.is_none() {
            match prevention::spell_damage_unpreventable(&mut out, &sentence, &text) {
                Some(Ok(())) => continue,
                Some(Err(message)) => return Err(unsupported(&sentence, message)),
                None => {}
            }
        }
        if is_spell {
            let parsed = match &flip {
                Some((_, rest)) => effects::spell_instruction(rest),
                None => effects::spell_instruction(&text),
            };
            match parsed {
                Ok(mut i) => {
                    let animated = out.iter().any(|c| c.abilities.iter().any(animates));
                    let earlier: Vec<Effect> = out
                        .iter()
                        .flat_map(|c| c.abilities.iter())
                        .filter_map(|a| match a {
                            Ability::Spell { effect } => Some(effect.clone()),
                            _ => None,
                        })
                        .collect();
                    those::those_creatures(
                        &sentence,
                        &earlier,
                        targeted,
                        &mut i.refers_back,
                        &mut i.effects,
                    );
                    those::it_is_the_token(&earlier, targeted, &mut i.refers_back, &mut i.effects);
                    check_targets(
                        &sentence,
                        i.refers_back,
                        animated,
                        &mut i.effects,
                        targeted,
                        None,
                    )
                    .map_err(|message| unsupported(&sentence, message))?;
                    its_controller(&sentence, &mut i.effects, targeted)
                        .map_err(|message| unsupported(&sentence, message))?;
                    if i.forms[0] == "effect-if-instead" {
                        otherwise_branch(&mut out, &i.effects)
                            .map_err(|message| unsupported(&sentence, message))?;
                    }
                    let (template, effects) = match &flip {
                        Some((condition, _)) => (
                            "effect-flip",
                            vec![Effect::If {
                                condition: condition.clone(),
                                effects: i.effects,
                            }],
                        ),
                        None => (i.forms[0], i.effects),
                    };
                    out.push(CompiledText {
                        text: sentence,
                        template,
                        abilities: effects
                            .into_iter()
                            .map(|effect| Ability::Spell { effect })
                            .collect(),
                    });
                    continue;
                }
                // An outcome's instruction is read only as one: no other grammar is tried.
                Err(p) if flip.is_some() => {
                    return Err(unsupported(
                        &sentence,
                        format!(
                            "the sentence \"{sentence}\" is not understood: {}",
                            p.error()
                        ),
                    ));
                }
                Err(p) => keep_furthest(p),
            }
            // "When you cycle ~, ...": an instant's or sorcery's triggered ability, which works
            // from the graveyard the card is discarded to (502.18c).
            match effects::triggered(&text) {
                Ok((forms, ability))
                    if matches!(&ability, Ability::Triggered { trigger, .. }
                        if trigger.any(|t| *t == crate::ability::Trigger::YouCycleThis)) =>
                {
                    out.push(CompiledText {
                        text: sentence,
                        template: forms[0],
                        abilities: vec![ability],
                    });
                    continue;
                }
                Ok(_) => {}
                Err(p) => keep_furthest(p),
            }
        } else {
            match statics::static_ability(&text) {
                Ok(s) => {
                    out.push(CompiledText {
                        text: sentence,
                        template: s.forms[0],
                        abilities: s.abilities,
                    });
                    continue;
                }
                Err(p) => keep_furthest(p),
            }
            if let Some(form) = prevention::continue_prevention(&mut out, &text) {
                out.push(CompiledText {
                    text: sentence,
                    template: form,
                    abilities: Vec::new(),
                });
                continue;
            }
            // "{2}, {T}: ~ deals 1 damage to target creature. That creature attacks this turn if
            // able.": a later sentence of an activated or triggered ability is more of its
            // instructions, resolved together.
            match continue_ability(&mut out, &text) {
                Some(Ok(form)) => {
                    out.push(CompiledText {
                        text: sentence,
                        template: form,
                        abilities: Vec::new(),
                    });
                    continue;
                }
                Some(Err(message)) => return Err(unsupported(&sentence, message)),
                None => {}
            }
            match effects::activated(&text).or_else(|e| {
                keep_furthest(e);
                effects::triggered(&text)
            }) {
                Ok((forms, ability)) => {
                    out.push(CompiledText {
                        text: sentence,
                        template: forms[0],
                        abilities: vec![ability],
                    });
                    continue;
                }
                Err(p) => keep_furthest(p),
            }
        }
        let found = grammar::match_text(&text, allowed).map_err(|m| unsupported(&sentence, m))?;
        let Some(m) = found else {
            let understood = furthest.filter(|p| p.furthest() > 1).map(|p| p.error());
            let other_grammar = if is_spell {
                statics::static_ability(&text).is_ok() || effects::activated(&text).is_ok()
            } else {
                effects::spell_instruction(&text).is_ok()
            };
            let message = if other_grammar
                || matches!(grammar::match_text(&text, other_kind), Ok(Some(_)))
            {
                if is_spell {
                    format!(
                        "\"{sentence}\" is an ability of a permanent, but this card is an instant or sorcery"
                    )
                } else {
                    format!(
                        "\"{sentence}\" is an instruction for an instant or sorcery, but this card is a permanent"
                    )
                }
            } else if let Some(why) = understood {
                format!("the sentence \"{sentence}\" is not understood: {why}")
            } else {
                format!("no grammar rule matches the sentence \"{sentence}\"")
            };
            return Err(unsupported(&sentence, message));
        };
        if is_spell {
            let mut effects: Vec<Effect> = m
                .abilities
                .iter()
                .filter_map(|a| match a {
                    Ability::Spell { effect } => Some(effect.clone()),
                    _ => None,
                })
                .collect();
            // Sentences that name an earlier target are instructions (`effects`), never
            // templates.
            check_targets(&sentence, false, false, &mut effects, targeted, None)
                .map_err(|message| unsupported(&sentence, message))?;
        }
        out.push(CompiledText {
            text: sentence,
            template: m.template,
            abilities: m.abilities,
        });
    }
    // 212.1c: a permanent that becomes a creature keeps its other card types only if the text
    // says it is "still a [type]" or becomes an "artifact creature"; the engine only adds types.
    for (i, c) in out.iter().enumerate() {
        let keeps = |a: &Ability| {
            effects_of(a).all(|e| match e {
                Effect::Animate { card_types, .. } => {
                    // "has base power and toughness 3/3" adds no card type.
                    card_types.is_empty()
                        || card_types.contains(&CardType::Artifact)
                        || c.text.to_ascii_lowercase().contains("it's still a land")
                        || c.text.to_ascii_lowercase().contains("that's still a land")
                        || out[i + 1..]
                            .iter()
                            .take_while(|n| n.abilities.is_empty())
                            .any(|n| n.text.eq_ignore_ascii_case("it's still a land."))
                }
                _ => true,
            })
        };
        if that_player::chooser_first(&out[..=i]).as_deref() == Some(c.text.as_str()) {
            return Err(unsupported(
                &c.text,
                format!(
                    "\"{}\" says \"he or she controls\", \"that token\" or \"dealt damage this way\", but no instruction before it has a player choose (\"<player> chooses a creature he or she controls\"), creates a token or deals damage",
                    c.text
                ),
            ));
        }
        if c.abilities.iter().any(|a| {
            matches!(
                a,
                Ability::Triggered {
                    trigger: crate::ability::Trigger::Exerted,
                    ..
                }
            )
        }) && !out[..i]
            .iter()
            .any(|e| e.abilities.contains(&Ability::MayExert))
        {
            return Err(unsupported(
                &c.text,
                format!(
                    "\"{}\" says \"When you do\" without \"You may exert ~ as it attacks.\" before it",
                    c.text
                ),
            ));
        }
        // 407.2a: "the exiled card" is linked to another ability of the same permanent that
        // removes a card from the game; "until ~ leaves the battlefield" needs a permanent.
        let linked = |a: &Ability| {
            effects_anywhere(a).any(|e| {
                matches!(
                    e,
                    Effect::ReturnExiled { .. } | Effect::ExileUntilLeaves { .. }
                )
            })
        };
        if is_spell && c.abilities.iter().any(linked) {
            return Err(unsupported(
                &c.text,
                format!(
                    "\"{}\" names cards removed from the game with the object or its leaving play, which only a permanent's abilities can (407.2a)",
                    c.text
                ),
            ));
        }
        if c.abilities.iter().any(choices::active_player_unnamed) {
            return Err(unsupported(
                &c.text,
                format!(
                    "\"{}\" says \"that player may\", which Skirmish reads only after \"At the beginning of combat on each opponent's turn\"",
                    c.text
                ),
            ));
        }
        if c.abilities.iter().any(that_player::unjoined) {
            return Err(unsupported(
                &c.text,
                format!(
                    "\"{}\" says \"that player\", but no earlier instruction of this ability targets a player or a creature",
                    c.text
                ),
            ));
        }
        if !c.abilities.iter().all(keeps) {
            return Err(unsupported(
                &c.text,
                format!(
                    "\"{}\" makes a permanent a creature without \"It's still a land\" or \"artifact creature\": it would lose its other card types (212.1c), which Skirmish doesn't model",
                    c.text
                ),
            ));
        }
    }
    Ok(out)
}

/// Every instruction of an ability, at any depth (inside options, conditions, delayed and
/// modal ones).
fn effects_anywhere(a: &Ability) -> impl Iterator<Item = &Effect> {
    fn walk<'e>(e: &'e Effect, out: &mut Vec<&'e Effect>) {
        out.push(e);
        match e {
            Effect::Delayed { effects, .. } | Effect::Reflexive { effects } => {
                effects.iter().for_each(|e| walk(e, out));
            }
            Effect::Modal { modes, .. } => modes.iter().flatten().for_each(|e| walk(e, out)),
            e => {
                if let Some(inner) = e.conditional() {
                    inner.iter().for_each(|e| walk(e, out));
                }
            }
        }
    }
    let top: &[Effect] = match a {
        Ability::Spell { effect } => std::slice::from_ref(effect),
        Ability::Activated { effects, .. } | Ability::Triggered { effects, .. } => effects,
        _ => &[],
    };
    let mut out = Vec::new();
    top.iter().for_each(|e| walk(e, &mut out));
    out.into_iter()
}

/// The instructions of an ability that has them.
fn effects_of(a: &Ability) -> impl Iterator<Item = &Effect> {
    let effects: &[Effect] = match a {
        Ability::Spell { effect } => std::slice::from_ref(effect),
        Ability::Activated { effects, .. } | Ability::Triggered { effects, .. } => effects,
        _ => &[],
    };
    effects.iter().flat_map(|e| match e {
        Effect::May { effects }
        | Effect::Delayed { effects, .. }
        | Effect::Reflexive { effects } => effects.iter().collect(),
        e => vec![e],
    })
}

/// Whether every "put that card into your hand" of the ability comes after an instruction that
/// revealed the top card of a library.
fn revealed_before_read(a: &Ability) -> bool {
    let mut revealed = false;
    let mut ok = true;
    for e in effects_of(a) {
        let mut e = e.clone();
        effects::for_each_leaf(&mut e, &mut |leaf| match leaf {
            Effect::RevealTop { .. } => revealed = true,
            Effect::RevealedToHand if !revealed => ok = false,
            _ => {}
        });
    }
    ok
}

/// Whether the ability makes a permanent a creature ("becomes a 3/2 ... creature").
fn animates(a: &Ability) -> bool {
    effects_of(a).any(|e| matches!(e, Effect::Animate { .. }))
}

/// Reads a sentence as more instructions of the activated or triggered ability the line's
/// sentence before it compiled to. `None` if it isn't an instruction or there is no such
/// ability; an error if it is one the ability can't carry (a second target of a kind, "that
/// creature" with nothing targeted before).
fn continue_ability(out: &mut [CompiledText], text: &str) -> Option<Result<&'static str, String>> {
    // "If you can't, <instruction>." after "Sacrifice a Human." or "Pay {E}{E}." (103.3).
    if let Some(rest) = instead::if_you_cant(text) {
        return Some(instead::if_you_cant_join(out, rest));
    }
    // "If that land is a Mountain, <instruction> instead." (413.1).
    if let Some((condition, rest)) = instead::if_instead(text) {
        return Some(instead::if_instead_join(out, condition, &rest));
    }
    // "If you win the flip, <instruction>." / "If you lose the flip, <instruction>." after
    // "flip a coin [at end of combat]." (511.1).
    if let Some((condition, rest)) = flip_outcome(text) {
        return Some(if_flip(out, condition, rest));
    }
    // Past the sentences that only limit or continue it ("Activate only once each turn.").
    let ability = out
        .iter_mut()
        .rev()
        .find(|c| !c.abilities.is_empty())?
        .abilities
        .last_mut()?;
    let (effects, triggered, damage_to_player, about_creature, about_other) = match ability {
        Ability::Activated { effects, .. } => (effects, false, false, false, false),
        Ability::Triggered { effects, trigger } => (
            effects,
            true,
            trigger.any(|t| *t == crate::ability::Trigger::DealsCombatDamageToPlayer),
            // "Whenever enchanted creature attacks", "Whenever ~ blocks a creature", "Whenever
            // ~ deals combat damage to a creature": another creature, bound as it triggers.
            trigger.any(|t| t.about_another(false)),
            trigger.any(|t| {
                matches!(
                    t,
                    crate::ability::Trigger::PermanentEnters { .. }
                        | crate::ability::Trigger::PermanentDies { .. }
                )
            }),
        ),
        _ => return None,
    };
    // A trigger about another permanent: a creature's event, or a permanent coming or going.
    let about_other = about_creature || about_other;
    // "If a player does, <instruction>." after "any player may exile a card from his or her
    // graveyard.": followed once if a player did (410.5).
    if let Some((rest, if_not)) = choices::players_did(text) {
        return Some(choices::join(effects, triggered, rest, if_not));
    }
    // "If you do, <instruction>." after "you may pay {R}." or "you may <instruction>.": more
    // of the optional instruction, followed only if it was (410.5).
    if let Some(rest) = text
        .strip_prefix("If you do, ")
        .or_else(|| text.strip_prefix("if you do, "))
    {
        return Some(if_you_do(effects, triggered, rest));
    }
    // "When you do, <instruction>." after "you may sacrifice another creature." or "you may
    // pay {1}{R}.": a reflexive ability, its own targets (current 603.12). Without an optional
    // instruction before it, it is exert's linked ability (a trigger of its own).
    if let Some(rest) = strip_prefix_ci(text, "when you do, ")
        && last_optional(effects, false).is_some()
    {
        return Some(when_you_do(effects, rest));
    }
    // "If you don't, <instruction>." after "you may pay {U}.": followed unless it was paid.
    if let Some(rest) = strip_prefix_ci(text, "if you don't, ") {
        return Some(if_you(effects, triggered, rest, true));
    }
    // "If it doesn't, destroy it at the beginning of the next end step." after "That creature
    // attacks this turn if able.": only if it wasn't declared as an attacker.
    if let Some(rest) = strip_prefix_ci(text, "if it doesn't, ")
        .or_else(|| strip_prefix_ci(text, "if that creature doesn't, "))
    {
        return Some(didnt_attack::if_it_doesnt(effects, rest));
    }
    // "Creatures it was blocking that had become blocked by only ~ this combat become
    // unblocked." after an instruction that removes ~ from combat (Ydwen Efreet): followed
    // just before that removal, while its blocks are known.
    if text.eq_ignore_ascii_case(
        "creatures it was blocking that had become blocked by only ~ this combat become unblocked.",
    ) {
        return Some(if unblock_before_removal(effects) {
            Ok("effect-remove-from-combat")
        } else {
            Err(format!(
                "\"{text}\" follows no instruction that removes ~ from combat"
            ))
        });
    }
    // Kinship: "If it shares a creature type with ~, <instruction>." after "you may look at
    // the top card of your library.".
    if let Some(rest) = strip_prefix_ci(text, "if it shares a creature type with ~, ") {
        return Some(if_it_shares(effects, rest));
    }
    // "If that card is a land card, <instruction>." after "Put the top card of your library
    // into your graveyard.": followed only if the card that instruction moved fits (413.1).
    if let Some(rest) =
        strip_prefix_ci(text, "if that card is ").or_else(|| strip_prefix_ci(text, "if it's "))
        && matches!(
            effects.last(),
            Some(
                Effect::Mill {
                    count: crate::filter::Amount::Number(1),
                    ..
                } | Effect::ExileTop {
                    count: crate::filter::Amount::Number(1),
                    ..
                } | Effect::RevealTop { .. }
            )
        )
    {
        return Some(if_that_card(effects, rest));
    }
    // "It has flying and \"...\"." after "Create a 1/1 ... token named Cloud Sprite.": what
    // the token is created with (216.1).
    if let Some(Effect::CreateTokens { token, .. } | Effect::CreateTokensAmount { token, .. }) =
        effects.last_mut()
        && let Ok((keywords, abilities)) = effects::token_has(text, token.name.as_deref())
    {
        token.keywords.extend(keywords);
        token.abilities.extend(abilities);
        return Some(Ok("effect-token-has"));
    }
    let mut i = effects::continuation(text).ok()?;
    // "{2}{W}, {T}: Exile target attacking creature. Its controller gains life equal to its
    // toughness.": with no creature the ability is about, "its controller" is the controller
    // of the object an earlier instruction targets, as in a spell.
    if !about_creature && i.effects.iter().any(Effect::mentions_triggering) {
        let targeted = targets_of(effects.iter());
        let _ = its_controller(text, &mut i.effects, &targeted);
    }
    if !about_creature && i.effects.iter().any(Effect::mentions_triggering) {
        return Some(Err(format!(
            "\"{text}\" says \"its controller\", which only a trigger about another creature (\"enchanted creature\", \"a creature\") names"
        )));
    }
    // The creature an "enchanted creature" or "a creature" trigger is about can't be named
    // by a later sentence's "it" (it would need the same binding), so such a sentence is
    // refused rather than read as the object with the ability.
    let names_permanent = names_earlier_permanent(text);
    // "Whenever ~ deals combat damage to a creature, flip a coin. If you win the flip, destroy
    // that creature.": with no creature targeted before, "that creature" is the one the
    // trigger is about, bound as it triggers (as in the trigger's own sentence).
    if about_creature
        && i.refers_back
        && !i.source_as_it
        && says_that_creature_only(text)
        && !targets_of(effects.iter())
            .iter()
            .any(TargetKind::is_creature)
    {
        for e in &mut i.effects {
            e.replace_subject(
                &crate::ability::Subject::TargetCreature,
                &crate::ability::Subject::Each(crate::filter::Filter::Triggering),
            );
        }
        i.refers_back = false;
    }
    if about_creature && ((i.refers_back && !names_permanent) || i.source_as_it) {
        return Some(Err(format!(
            "\"{text}\" says \"it\" after a trigger about another creature; Skirmish reads \"it\" there only in the trigger's own sentence"
        )));
    }
    // "It deals" is the object with the ability dealing the damage; after a trigger about
    // another permanent "it" would be that permanent.
    if i.it_deals && about_other {
        return Some(Err(format!(
            "\"{text}\" says \"it\" dealing damage or fighting after a trigger about another permanent; Skirmish reads only the object with the ability doing so (\"~ deals\")"
        )));
    }
    // "that player" after an instruction that targets a player is that player.
    let acting = (i.that_player && !damage_to_player)
        .then(|| that_player::join_acting(&mut i.effects, &targets_of(effects.iter())))
        .flatten();
    if acting.is_some() {
        i.that_player = false;
    }
    if i.that_player && !damage_to_player {
        return Some(Err(format!(
            "\"{text}\" says \"that player\", which only a \"deals combat damage to a player\" trigger names"
        )));
    }
    // "it" as the object with the ability, or as the earlier target, is only known to a
    // triggered ability of that object.
    if i.source_as_it && !triggered {
        return Some(Err(format!(
            "\"{text}\" says \"it\" for the object with the ability, which only its triggered abilities can"
        )));
    }
    // After "deals combat damage to a player", "that player" is that player, not a target's.
    if damage_to_player
        && i.effects
            .iter()
            .any(|e| that_player::unjoined(&Ability::Spell { effect: e.clone() }))
    {
        return Some(Err(format!(
            "\"{text}\" says \"creatures that player controls\" after a \"deals combat damage to a player\" trigger, which Skirmish doesn't follow"
        )));
    }
    let mut targeted = targets_of(effects.iter());
    those::those_creatures(text, effects, &targeted, &mut i.refers_back, &mut i.effects);
    those::it_is_the_token(effects, &targeted, &mut i.refers_back, &mut i.effects);
    // "{1}: ~ becomes a Human with base power and toughness 1/1. It can't be blocked this
    // turn.": after an instruction about ~, with no creature targeted, "it" is ~ in an
    // activated ability too.
    let about_this = effects
        .iter()
        .any(|e| e.subject() == Some(&crate::ability::Subject::This));
    if i.refers_back
        && (triggered || about_this)
        && !names_permanent
        && !says_either(text)
        && !those::says_plural(text)
        && !targeted.iter().any(TargetKind::is_creature)
    {
        // "Whenever ~ attacks, it gets +1/+0. It gains flying until end of turn.": "it" is ~.
        for e in &mut i.effects {
            e.replace_subject(
                &crate::ability::Subject::TargetCreature,
                &crate::ability::Subject::This,
            );
        }
        i.refers_back = false;
    }
    that_player::join_named(effects, &mut i.effects, &targeted);
    let animated = effects.iter().any(|e| matches!(e, Effect::Animate { .. }));
    if let Err(message) = check_targets(
        text,
        i.refers_back,
        animated,
        &mut i.effects,
        &mut targeted,
        acting,
    ) {
        return Some(Err(message));
    }
    // 410.4: a triggered ability's one target is chosen as it goes on the stack.
    if triggered && targeted.len() > 1 {
        return Some(Err(format!(
            "\"{text}\" asks for a second target; Skirmish chooses one target for a triggered ability"
        )));
    }
    // 404.4c: "Destroy that creature at the beginning of the next end step": the delayed
    // ability acts on the creature the earlier instruction targeted, fixed as it is created,
    // not on a target of its own.
    if i.refers_back {
        for e in &mut i.effects {
            if let Effect::Delayed { effects: later, .. } = e {
                for l in later {
                    if let Some(s) = l.subject().filter(|s| s.target().is_some()).cloned() {
                        l.set_subject(crate::ability::Subject::ThoseThat {
                            earlier: Box::new(s),
                            filter: crate::filter::Filter::every(),
                        });
                    }
                }
            }
        }
    }
    effects.extend(i.effects);
    Some(Ok(i.forms[0]))
}

/// "If it shares a creature type with ~, <instruction>." after "[you may] look at the top card
/// of your library": followed only if the card looked at has a creature type of the object
/// with the ability (changeling: every one), inside the "you may" if there is one.
fn if_it_shares(effects: &mut Vec<Effect>, rest: &str) -> Result<&'static str, String> {
    let looked = |list: &[Effect]| matches!(list.last(), Some(Effect::LookAtTop));
    let in_may = matches!(effects.last(), Some(Effect::May { effects: inner }) if looked(inner));
    if !in_may && !looked(effects) {
        return Err(format!(
            "\"If it shares a creature type with ~, {rest}\" follows no \"look at the top card of your library\""
        ));
    }
    let i = effects::continuation(&keywords::capitalize(rest)).map_err(|p| {
        format!(
            "\"If it shares a creature type with ~, {rest}\" is not understood: {}",
            p.error()
        )
    })?;
    if i.refers_back
        || i.that_player
        || i.source_as_it
        || i.effects.iter().any(Effect::mentions_triggering)
        || !targets_of(i.effects.iter()).is_empty()
    {
        return Err(format!(
            "\"If it shares a creature type with ~, {rest}\" names a target or a creature Skirmish doesn't follow there"
        ));
    }
    let shares = Effect::If {
        condition: crate::filter::Condition::MilledCardIs {
            filter: Filter::SharesCreatureTypeWithThis,
        },
        effects: i.effects,
    };
    match effects.last_mut() {
        Some(Effect::May { effects: inner }) if in_may => inner.push(shares),
        _ => effects.push(shares),
    }
    Ok("effect-look-top")
}

/// "If that card is <description> card, <instruction>." after an instruction that put the
/// top card of a library into a graveyard: the instruction, with no targets, followed only if
/// that card fits the description as the ability resolves.
fn if_that_card(effects: &mut Vec<Effect>, rest: &str) -> Result<&'static str, String> {
    let refused = |why: &str| format!("\"If that card is {rest}\" {why}");
    let (description, instruction) = rest
        .split_once(", ")
        .ok_or_else(|| refused("needs a comma before its instruction"))?;
    let mut p = parser::Parser::new(description);
    let filter = p
        .attempt(|p| {
            phrase::article(p);
            let f = phrase::spell_filter(p)?;
            p.eat("card").then_some(())?;
            p.finish()?;
            Some(f)
        })
        .ok_or_else(|| refused(&format!("is not understood: {}", p.error())))?;
    let i = effects::continuation(instruction)
        .map_err(|p| refused(&format!("is not understood: {}", p.error())))?;
    if i.refers_back
        || i.that_player
        || i.source_as_it
        || i.effects.iter().any(Effect::mentions_triggering)
        || !targets_of(i.effects.iter()).is_empty()
    {
        return Err(refused(
            "names a target or a creature Skirmish doesn't follow there; only an instruction without targets is read after it",
        ));
    }
    effects.push(Effect::If {
        condition: crate::filter::Condition::MilledCardIs { filter },
        effects: i.effects,
    });
    Ok("effect-if-that-card")
}

/// Puts Ydwen Efreet's unblocking just before the instruction that removes ~ from combat, in
/// the ability's last instructions or the last "If ..." among them.
fn unblock_before_removal(list: &mut Vec<Effect>) -> bool {
    let removal = list.iter().position(|e| {
        matches!(
            e,
            Effect::RemoveFromCombat {
                what: crate::ability::Subject::This,
                ..
            }
        )
    });
    if let Some(i) = removal {
        list.insert(i, Effect::UnblockSoleBlocked);
        return true;
    }
    match list.last_mut() {
        Some(Effect::If { effects, .. }) => unblock_before_removal(effects),
        _ => false,
    }
}

/// "If you win the flip, " or "If you lose the flip, " at the start of a sentence (511.1), with
/// the condition it states and the instruction after it.
fn flip_outcome(text: &str) -> Option<(crate::filter::Condition, &str)> {
    use crate::filter::Condition;
    strip_prefix_ci(text, "if you win the flip, ")
        .map(|rest| (Condition::WonFlip, rest))
        .or_else(|| {
            strip_prefix_ci(text, "if you lose the flip, ").map(|r| (Condition::LostFlip, r))
        })
}

/// The instructions of the activated or triggered ability the latest sentence compiled to.
fn last_ability_effects(out: &mut [CompiledText]) -> Option<&mut Vec<Effect>> {
    match out
        .iter_mut()
        .rev()
        .find(|c| !c.abilities.is_empty())?
        .abilities
        .last_mut()?
    {
        Ability::Activated { effects, .. } | Ability::Triggered { effects, .. } => Some(effects),
        _ => None,
    }
}

/// Whether the instructions end with "flip a coin" and only outcomes of that flip after it
/// ("Flip a coin. If you win the flip, ... If you lose the flip, ...").
fn ends_with_flip(effects: &[Effect]) -> bool {
    use crate::filter::Condition;
    let outcomes = effects
        .iter()
        .rev()
        .take_while(|e| {
            matches!(
                e,
                Effect::If {
                    condition: Condition::WonFlip | Condition::LostFlip,
                    ..
                }
            )
        })
        .count();
    effects.len() > outcomes && effects[effects.len() - outcomes - 1] == Effect::FlipCoin
}

/// "If you win the flip, <instruction>." or "If you lose the flip, <instruction>." after "flip
/// a coin" (511.1): the sentence read as the ability's next instruction would be (its targets
/// chosen with the ability's, as it is played or put on the stack), followed only if the flip
/// came out so. Inside the delayed ability when the flip waits for a moment ("flip a coin at
/// end of combat"), only an instruction without targets.
fn if_flip(
    out: &mut [CompiledText],
    condition: crate::filter::Condition,
    rest: &str,
) -> Result<&'static str, String> {
    let lead = if condition == crate::filter::Condition::WonFlip {
        "If you win the flip"
    } else {
        "If you lose the flip"
    };
    let refused = |why: &str| format!("\"{lead}, {rest}\" {why}");
    let Some(effects) = last_ability_effects(out) else {
        return Err(refused("follows no \"flip a coin\""));
    };
    if let Some(Effect::Delayed { effects: later, .. }) = effects.last_mut()
        && ends_with_flip(later)
    {
        let i = effects::continuation(rest)
            .map_err(|p| refused(&format!("is not understood: {}", p.error())))?;
        if i.refers_back
            || i.that_player
            || i.effects.iter().any(Effect::mentions_triggering)
            || !targets_of(i.effects.iter()).is_empty()
        {
            return Err(refused(
                "names a target or a creature Skirmish doesn't follow there; only an instruction without targets is read after a flip made later",
            ));
        }
        later.push(Effect::If {
            condition,
            effects: i.effects,
        });
        return Ok("effect-flip");
    }
    // "you may flip a coin. If you win the flip, ...": the outcome is part of the option.
    let in_may =
        matches!(effects.last(), Some(Effect::May { effects: inner }) if ends_with_flip(inner));
    if !in_may && !ends_with_flip(effects) {
        return Err(refused("follows no \"flip a coin\""));
    }
    let before = effects.len();
    let body = keywords::capitalize(rest);
    match continue_ability(out, &body) {
        Some(Ok(_)) => {}
        Some(Err(message)) => return Err(message),
        None => {
            let why = effects::continuation(&body).err().map_or_else(
                || "is not understood".to_string(),
                |p| format!("is not understood: {}", p.error()),
            );
            return Err(refused(&why));
        }
    }
    let effects = last_ability_effects(out).ok_or_else(|| refused("follows no \"flip a coin\""))?;
    let outcome: Vec<Effect> = effects.drain(before..).collect();
    if outcome.is_empty() {
        return Err(refused("adds no instruction to follow after the flip"));
    }
    // The targets of an ability are found one "if" deep (`targets_of`): an optional flip's
    // outcome is two.
    if in_may && !targets_of(outcome.iter()).is_empty() {
        return Err(refused(
            "names a target after an optional flip; Skirmish reads targets there only after a flip that isn't optional",
        ));
    }
    let list = match effects.last_mut() {
        Some(Effect::May { effects: inner }) if in_may => inner,
        _ => effects,
    };
    list.push(Effect::If {
        condition,
        effects: outcome,
    });
    Ok("effect-flip")
}

/// "If you do, <instruction>" joined to the optional instruction it follows (the ability's
/// last): "you may pay {R}" or "you may draw a card". "it" names the object with a triggered
/// ability when nothing before targets a creature, as in [`continue_ability`].
fn if_you_do(effects: &mut [Effect], triggered: bool, rest: &str) -> Result<&'static str, String> {
    if_you(effects, triggered, rest, false)
}

/// The instructions of the latest optional instruction ("you may ..."), also under an
/// intervening "if" ("if you attacked with a creature this turn, you may draw a card"); with
/// `dont`, only of "you may pay <mana>" with nothing after it yet, made "unless you pay".
fn last_optional(effects: &mut [Effect], dont: bool) -> Option<&mut Vec<Effect>> {
    // "If it shares a creature type with ~, you may reveal it." (kinship).
    if matches!(
        effects.last(),
        Some(Effect::If {
            condition: crate::filter::Condition::MilledCardIs { .. },
            ..
        })
    ) {
        let Some(Effect::If { effects, .. }) = effects.last_mut() else {
            return None;
        };
        return last_optional(effects, dont);
    }
    match effects.last_mut()? {
        Effect::InterveningIf { effects, .. } => last_optional(effects, dont),
        // A removal made conditional on having the counter (`if_you`).
        Effect::If {
            condition: crate::filter::Condition::SourceIs { .. },
            effects,
        } if !dont && matches!(effects.first(), Some(Effect::RemoveCounters { .. })) => {
            Some(effects)
        }
        Effect::MayPay {
            effects,
            unless,
            cost,
        } => {
            // "you may pay {X}. If you don't, ...": paying X = 0 would always do; not read.
            if dont && cost.has_x() {
                return None;
            }
            if dont && effects.is_empty() && !*unless {
                *unless = true;
                return Some(effects);
            }
            (!dont && !*unless).then_some(effects)
        }
        Effect::MayPayEnergy { effects, .. } | Effect::May { effects } => {
            if dont {
                return None;
            }
            // "You may look at the top card of your library. If it shares a creature type
            // with ~, you may reveal it. If you do, ...": the latest "you may" is the inner one.
            let nested = matches!(
                effects.last(),
                Some(Effect::If {
                    condition: crate::filter::Condition::MilledCardIs { .. },
                    effects: inner,
                }) if matches!(inner.last(), Some(Effect::May { .. }))
            );
            if nested {
                last_optional(effects, dont)
            } else {
                Some(effects)
            }
        }
        _ => None,
    }
}

/// "If you do, <instruction>." (`dont` false) or "If you don't, <instruction>." after "you may
/// pay <mana>." (410.5): more of the optional instruction, or what happens unless it was paid.
fn if_you(
    effects: &mut [Effect],
    triggered: bool,
    rest: &str,
    dont: bool,
) -> Result<&'static str, String> {
    let before = targets_of(effects.iter());
    let lead = if dont { "If you don't" } else { "If you do" };
    // "Remove a +1/+1 counter from it. If you do, ...": done only if it had one to remove,
    // so the removal and what follows both wait on that (checked as the ability resolves).
    if !dont
        && let Some(last) = effects.last_mut()
        && let Effect::RemoveCounters {
            what: crate::ability::Subject::This,
            counter,
            count: 1,
        } = last
    {
        let condition = crate::filter::Condition::SourceIs {
            filter: crate::filter::Filter::Counter(Some(counter.to_string())),
        };
        let removal = last.clone();
        *last = Effect::If {
            condition,
            effects: vec![removal],
        };
    }
    let Some(inner) = last_optional(effects, dont) else {
        return Err(if dont {
            format!("\"{lead}, {rest}\" follows no \"you may pay <mana>.\"")
        } else {
            format!(
                "\"{lead}, {rest}\" follows an instruction that isn't optional (\"you may ...\")"
            )
        });
    };
    let mut i = effects::continuation(rest).map_err(|p| {
        format!(
            "the sentence \"{lead}, {rest}\" is not understood: {}",
            p.error()
        )
    })?;
    // "You may discard all the cards in your hand. If you do, draw that many cards."
    effects::that_many_discarded(inner, &mut i.effects);
    if i.that_player || i.source_as_it || i.effects.iter().any(Effect::mentions_triggering) {
        return Err(format!(
            "\"{lead}, {rest}\" names a player or creature Skirmish doesn't follow there"
        ));
    }
    let mut targeted = before;
    if i.refers_back && triggered && !targeted.iter().any(TargetKind::is_creature) {
        for e in &mut i.effects {
            e.replace_subject(
                &crate::ability::Subject::TargetCreature,
                &crate::ability::Subject::This,
            );
        }
        i.refers_back = false;
    }
    check_targets(
        rest,
        i.refers_back,
        false,
        &mut i.effects,
        &mut targeted,
        None,
    )?;
    if triggered && targeted.len() > 1 {
        return Err(format!(
            "\"{lead}, {rest}\" asks for a second target; Skirmish chooses one target for a triggered ability"
        ));
    }
    inner.extend(i.effects);
    Ok(if dont {
        "effect-unless-you-pay"
    } else {
        "effect-may-pay"
    })
}

/// "When you do, <instruction>." joined to the optional instruction it follows (the ability's
/// last): a reflexive triggered ability created if the option is taken ([`Effect::Reflexive`]),
/// with targets of its own, chosen as it goes on the stack. "it" names the object with a
/// triggered ability when the reflexive ability targets no creature, as after "If you do".
fn when_you_do(effects: &mut [Effect], rest: &str) -> Result<&'static str, String> {
    let mut i = effects::continuation(rest).map_err(|p| {
        format!(
            "the sentence \"When you do, {rest}\" is not understood: {}",
            p.error()
        )
    })?;
    if i.that_player || i.source_as_it || i.effects.iter().any(Effect::mentions_triggering) {
        return Err(format!(
            "\"When you do, {rest}\" names a player or creature Skirmish doesn't follow there"
        ));
    }
    if i.refers_back
        && !targets_of(i.effects.iter())
            .iter()
            .any(TargetKind::is_creature)
    {
        for e in &mut i.effects {
            e.replace_subject(
                &crate::ability::Subject::TargetCreature,
                &crate::ability::Subject::This,
            );
        }
        i.refers_back = false;
    }
    let mut targeted = Vec::new();
    check_targets(
        rest,
        i.refers_back,
        false,
        &mut i.effects,
        &mut targeted,
        None,
    )?;
    if targeted.len() > 1 {
        return Err(format!(
            "\"When you do, {rest}\" asks for a second target; Skirmish chooses one target for a triggered ability"
        ));
    }
    let Some(inner) = last_optional(effects, false) else {
        return Err(format!(
            "\"When you do, {rest}\" follows an instruction that isn't optional (\"you may ...\")"
        ));
    };
    inner.push(Effect::Reflexive { effects: i.effects });
    Ok("effect-when-you-do")
}

/// "Exile target creature. Its controller gains life equal to its power.": in a spell, "its
/// controller" is the controller of the creature the latest instruction targets, as it is or
/// as it last existed (413.2f).
fn its_controller(
    sentence: &str,
    effects: &mut [Effect],
    targeted: &[TargetKind],
) -> Result<(), String> {
    let its = crate::ability::Subject::Players(crate::filter::PlayerRef::ControllerOfTriggering);
    for e in effects.iter_mut() {
        if e.subject() != Some(&its) {
            continue;
        }
        // The latest object targeted: a creature, another permanent ("Destroy target artifact
        // or enchantment. Its controller gains 4 life.") or a spell ("Counter target spell. Its
        // controller draws a card."); not a player, nor a card in a graveyard.
        let Some(kind) = targeted.iter().rev().find(|k| {
            !matches!(
                k,
                TargetKind::Player { .. }
                    | TargetKind::CreatureOrPlayer
                    | TargetKind::Many { players: true, .. }
                    | TargetKind::CardInYourGraveyard { .. }
            )
        }) else {
            return Err(format!(
                "\"{sentence}\" says \"its controller\", the controller of a permanent or spell an earlier instruction targets, but no earlier instruction of this card targets one"
            ));
        };
        e.set_subject(crate::ability::Subject::ControllerOfTarget {
            target: Box::new(kind.clone()),
        });
    }
    Ok(())
}

/// Whether a sentence names an earlier creature as "that creature" and never as "it" (which
/// after "Whenever ~ blocks a creature" could be either).
fn says_that_creature_only(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    // "that creature or player" is a target that may be a player (`check_targets`).
    lower.contains("that creature")
        && !says_either(sentence)
        && !lower
            .split(|c: char| !c.is_ascii_alphabetic())
            .any(|w| w == "it")
}

/// Whether a sentence names an earlier "target creature or player" back ("that creature or
/// player", today's "that permanent or player").
fn says_either(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    ["that creature or player", "that permanent or player"]
        .iter()
        .any(|w| lower.contains(w))
}

/// Whether a sentence names an earlier target by its noun ("That land doesn't untap ...",
/// "that permanent"): never the object with the ability, nor a creature an event happened to.
fn names_earlier_permanent(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    [
        "that land",
        "that permanent",
        "that artifact",
        "that enchantment",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// "If this spell was kicked, <B> instead." after "<A>." (`effects` is the conditional B): A,
/// the sentence before it, is followed only if the condition doesn't hold (413.1).
fn otherwise_branch(out: &mut [CompiledText], effects: &[Effect]) -> Result<(), String> {
    let [Effect::If { condition, .. }] = effects else {
        return Err("\"instead\" is read after one condition and one instruction".into());
    };
    let Some(before) = out.last_mut().filter(|c| {
        !c.abilities.is_empty()
            && c.abilities
                .iter()
                .all(|a| matches!(a, Ability::Spell { .. }))
    }) else {
        return Err(
            "\"instead\" replaces the instruction of the sentence before it, and there is none"
                .into(),
        );
    };
    let otherwise = crate::filter::Condition::Not {
        of: Box::new(condition.clone()),
    };
    for a in &mut before.abilities {
        if let Ability::Spell { effect } = a {
            *effect = Effect::If {
                condition: otherwise.clone(),
                effects: vec![effect.clone()],
            };
        }
    }
    Ok(())
}

/// An instruction that says "that creature" or "it" names the creature an earlier instruction
/// targets (the latest one that is always a creature): its effects take that target's subject,
/// so both resolve with the one target chosen (409.1c). Any other target is a new one, at most
/// one of each kind per spell or ability, because [`targets_of`] takes later mentions of a kind
/// for the same target.
fn check_targets(
    sentence: &str,
    refers_back: bool,
    animated: bool,
    effects: &mut [Effect],
    targeted: &mut Vec<TargetKind>,
    acting_player: Option<TargetKind>,
) -> Result<(), String> {
    let mut referent = None;
    if refers_back {
        let creatures = |k: &&TargetKind| match k {
            TargetKind::Many { filter, .. } => filter.only_creatures(),
            k => k.is_creature(),
        };
        // "Target land you control becomes a 4/4 Elemental creature ... It must be blocked this
        // turn if able.": after an instruction that makes a permanent a creature, "it" is that
        // permanent.
        let animated_permanent =
            |k: &&TargetKind| animated && matches!(k, TargetKind::Permanent(_));
        // "Tap target land. That land doesn't untap ...": the latest target permanent the noun
        // names.
        let named = names_earlier_permanent(sentence);
        let permanent = |k: &&TargetKind| named && matches!(k, TargetKind::Permanent(_));
        // "... to target creature or player. ... to that creature or player instead.": the
        // one target that may be either.
        let either = says_either(sentence);
        let or_player = |k: &&TargetKind| matches!(k, TargetKind::CreatureOrPlayer);
        let found = if either {
            targeted.iter().rev().find(or_player).cloned()
        } else {
            targeted
                .iter()
                .rev()
                .find(permanent)
                .or_else(|| targeted.iter().rev().find(creatures))
                .or_else(|| targeted.iter().rev().find(animated_permanent))
                .cloned()
        };
        let Some(kind) = found else {
            return Err(format!(
                "\"{sentence}\" refers to a creature an earlier instruction targets, but no earlier instruction of this card targets a creature"
            ));
        };
        let subject = kind.subject();
        for e in effects.iter_mut() {
            e.replace_subject(&crate::ability::Subject::TargetCreature, &subject);
        }
        referent = Some(kind);
    }
    let joined = that_player::join(sentence, effects, targeted)?;
    for k in targets_of(effects.iter()) {
        if !targeted.contains(&k) {
            targeted.push(k);
            continue;
        }
        // The same target again: the one an earlier instruction (or clause) chose.
        if referent.as_ref() == Some(&k)
            || joined.contains(&k)
            || acting_player.as_ref() == Some(&k)
        {
            continue;
        }
        return Err(format!(
            "\"{sentence}\" asks for a second target of the same kind as an earlier instruction; Skirmish supports one target of each kind per spell (write \"that creature\" or \"it\" for the same one)"
        ));
    }
    // 409.1c: the number of targets is announced for one "up to" at most, so the chosen
    // targets always share out among the instructions one way.
    if targeted
        .iter()
        .filter(|k| k.count().start() != k.count().end())
        .count()
        > 1
    {
        return Err(format!(
            "\"{sentence}\" asks for a second variable number of targets; Skirmish supports one \"up to N target\" per spell or ability"
        ));
    }
    Ok(())
}

/// "Enchanted creature" needs an Aura that enchants creatures (212.4, 502.45).
fn check_enchant(name: &str, type_line: &TypeLine, abilities: &[Ability]) -> Result<(), CardError> {
    let enchanted: Vec<&Filter> = abilities
        .iter()
        .filter_map(|a| match a {
            Ability::Keyword {
                keyword: Keyword::Enchant(what),
            } => Some(&**what),
            _ => None,
        })
        .collect();
    let enchants = !enchanted.is_empty()
        || abilities.iter().any(|a| {
            matches!(
                a,
                Ability::Keyword {
                    keyword: Keyword::EnchantPlayer { .. }
                }
            )
        });
    // "Enchanted creature" is sure to be a creature only if an enchant ability says so.
    let enchants_creatures = enchanted.iter().any(|f| match f {
        Filter::Type(CardType::Creature) => true,
        Filter::All(parts) => parts.contains(&Filter::Type(CardType::Creature)),
        _ => false,
    });
    let is_aura = type_line.has(CardType::Enchantment) && type_line.has_subtype("Aura");
    if enchants && !is_aura {
        return Err(CardError::new(
            name,
            CardField::Text,
            "only an Aura has an enchant keyword (212.4d, 502.45); add `— Aura` to the type line",
        ));
    }
    if is_aura && !enchants {
        return Err(CardError::new(
            name,
            CardField::Text,
            "an Aura needs an enchant keyword (212.4d), such as \"Enchant creature\"",
        ));
    }
    let is_equipment = type_line.has(CardType::Artifact) && type_line.has_subtype("Equipment");
    let equips = abilities.iter().any(|a| {
        matches!(
            a,
            Ability::Keyword {
                keyword: Keyword::Equip(_)
            }
        )
    });
    if equips && !is_equipment {
        return Err(CardError::new(
            name,
            CardField::Text,
            "only an Equipment has equip (502.33a, 212.2g); add `Artifact — Equipment` to the type line",
        ));
    }
    let mentions_equipped = abilities.iter().any(|a| {
        matches!(
            a,
            Ability::Combat {
                scope: Scope::EquippedCreature,
                ..
            } | Ability::Static {
                scope: Scope::EquippedCreature,
                ..
            }
        )
    });
    if mentions_equipped && !is_equipment {
        return Err(CardError::new(
            name,
            CardField::Text,
            "\"equipped creature\" needs an Equipment (212.2j); add `Artifact — Equipment` to the type line",
        ));
    }
    let mentions_enchanted = abilities.iter().any(|a| {
        matches!(
            a,
            Ability::Combat {
                scope: Scope::EnchantedCreature,
                ..
            } | Ability::Static {
                scope: Scope::EnchantedCreature,
                ..
            }
        )
    });
    // Current 702.103b: cast bestowed, the card is an Aura with enchant creature.
    let bestow = abilities.iter().any(|a| {
        matches!(
            a,
            Ability::Keyword {
                keyword: Keyword::Bestow(_)
            }
        )
    });
    if mentions_enchanted && !enchants_creatures && !bestow {
        return Err(CardError::new(
            name,
            CardField::Text,
            "\"enchanted creature\" needs an Aura that enchants only creatures (\"Enchant creature\", \"Enchant creature you control\")",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests;

/// `text` without `prefix`, compared ignoring ASCII case.
fn strip_prefix_ci<'t>(text: &'t str, prefix: &str) -> Option<&'t str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

/// The scope and condition every static ability of a sentence shares, if they share one
/// ("Enchanted creature gets +2/+2 as long as it's a Human.").
fn shared_static_condition(abilities: &[Ability]) -> Option<(Scope, crate::filter::Condition)> {
    let mut shared: Option<(Scope, crate::filter::Condition)> = None;
    for a in abilities {
        let (scope, cond) = match a {
            Ability::Combat {
                scope,
                condition: Some(c),
                ..
            }
            | Ability::Static {
                scope,
                condition: Some(c),
                ..
            } => (scope, c),
            _ => return None,
        };
        match &shared {
            None => shared = Some((scope.clone(), cond.clone())),
            Some((s, c)) if s == scope && c == cond => {}
            Some(_) => return None,
        }
    }
    shared
}
