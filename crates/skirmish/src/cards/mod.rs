//! The card-text compiler and the card library.
//!
//! A card is its real rules text: [`compile_card`] checks its facts (cost, type line,
//! power/toughness) and turns every line of its text into [`Ability`] values through the
//! templates of [`grammar`]. Text no template matches is an error naming the card and the exact
//! sentence; nothing is ever skipped.

pub mod effects;
pub mod grammar;
pub mod keywords;
pub mod library;
pub mod parser;
pub mod pattern;
pub mod phrase;
pub mod pool;
pub mod reference;
pub mod statics;

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
    pub text: String,
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
    /// The rules text as given.
    pub text: String,
    /// Every ability, in text order, then intrinsic ones (212.6g).
    pub abilities: Vec<Ability>,
    /// A token's colors, as the effect that created it defines them (216.1); a card's colors
    /// are those of its mana cost (203.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token_colors: Option<Vec<crate::mana::Color>>,
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
            name: spec.types().join(" "),
            mana_cost: None,
            type_line: TypeLine {
                supertypes: Vec::new(),
                card_types,
                subtypes: spec.types(),
            },
            power: Some(spec.power),
            toughness: Some(spec.toughness),
            loyalty: None,
            text: String::new(),
            abilities: spec
                .keywords
                .iter()
                .map(|k| Ability::Keyword { keyword: k.clone() })
                .collect(),
            token_colors: Some(spec.colors.clone()),
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
    Text,
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
    let is_creature = type_line.has(CardType::Creature);
    let (power, toughness) = match (&spec.pt, is_creature) {
        (Some(pt), true) => {
            let parsed = pt.split_once('/').and_then(|(p, t)| {
                Some((p.trim().parse::<i32>().ok()?, t.trim().parse::<i32>().ok()?))
            });
            match parsed {
                Some((p, t)) => (Some(p), Some(t)),
                None => {
                    return Err(CardError::new(
                        name,
                        CardField::Pt,
                        format!(
                            "power/toughness `{pt}` should be two whole numbers like `2/2` (characteristic-defining `*` is not supported)"
                        ),
                    ));
                }
            }
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
    let is_planeswalker = type_line.has(CardType::Planeswalker);
    match (spec.loyalty, is_planeswalker) {
        (None, true) => {
            return Err(CardError::new(
                name,
                CardField::Loyalty,
                "a planeswalker card needs a loyalty number (209.1), e.g. loyalty = 3",
            ));
        }
        (Some(_), false) => {
            return Err(CardError::new(
                name,
                CardField::Loyalty,
                "only planeswalkers have loyalty (209.1); remove `loyalty`",
            ));
        }
        _ => {}
    }
    if type_line.has(CardType::Land) && mana_cost.is_some() {
        return Err(CardError::new(
            name,
            CardField::Cost,
            "lands have no mana cost (203.1); remove `cost`",
        ));
    }

    let mut abilities = compile_text(name, &spec.text, &type_line)?;
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
        text: spec.text.clone(),
        abilities,
        token_colors: None,
    })
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

/// Splits a line into sentences, each keeping its final period.
fn sentences(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'.' && (i + 1 == bytes.len() || bytes[i + 1] == b' ') {
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

/// Replaces the card's own name with `~`, as the templates are written. Current Oracle text
/// calls a card whose name has a comma by the part before it ("Ayula, Queen Among Bears" is
/// "Ayula"), so that part is replaced too, as a whole word.
fn self_reference(name: &str, text: &str) -> String {
    let text = text.replace(name, "~");
    match name.split_once(',') {
        Some((short, _)) if !short.trim().is_empty() => replace_word(&text, short.trim(), "~"),
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
    let mut targeted: Vec<TargetKind> = Vec::new();
    let mut out: Vec<CompiledText> = Vec::new();
    for raw_line in text.lines() {
        out.extend(explain_line(name, raw_line, type_line, &mut targeted)?);
    }
    let abilities: Vec<Ability> = out
        .iter()
        .flat_map(|c| c.abilities.iter().cloned())
        .collect();
    check_enchant(name, type_line, &abilities)?;
    Ok(out)
}

/// The lines of a card's text, each compiled on its own: what the coverage report counts.
/// Checks about the card as a whole (an Aura's enchant keyword) are left to [`explain_text`];
/// an instruction that refers back to a target sees only the earlier lines' targets.
pub fn explain_lines(
    name: &str,
    text: &str,
    type_line: &TypeLine,
) -> Vec<(String, Result<Vec<CompiledText>, CardError>)> {
    let mut targeted: Vec<TargetKind> = Vec::new();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            (
                l.to_string(),
                explain_line(name, l, type_line, &mut targeted),
            )
        })
        .collect()
}

/// Compiles one line of a card's text: a keyword line, or one or more sentences. `targeted`
/// holds the kinds of target the earlier instructions of an instant or sorcery asked for
/// (409.1c).
pub fn explain_line(
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
    if !line.ends_with('.') {
        // A keyword line: "Flying, first strike".
        for piece in line.split(',').map(str::trim) {
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
    let mut pieces = sentences(&line);
    let whole = self_reference(name, &line);
    let whole_matches = |kinds| matches!(grammar::match_text(&whole, kinds), Ok(Some(_)));
    if pieces.len() > 1 && (whole_matches(allowed) || whole_matches(other_kind)) {
        pieces = vec![line.clone()];
    }
    for sentence in pieces {
        let text = self_reference(name, &sentence);
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
        // "It can't be regenerated." after "Destroy ...": that destruction can't be replaced by
        // regeneration (419.6b).
        if matches!(
            text.to_ascii_lowercase().as_str(),
            "it can't be regenerated." | "they can't be regenerated."
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
            for e in destroys {
                if let Effect::Destroy {
                    no_regeneration, ..
                } = e
                {
                    *no_regeneration = true;
                    found = true;
                }
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
        // "Activate this ability only once each turn." limits the ability before it.
        if !is_spell
            && let Some(Ability::Activated { only, .. }) =
                out.last_mut().and_then(|c| c.abilities.last_mut())
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
        if is_spell {
            match effects::spell_instruction(&text) {
                Ok(i) => {
                    let kinds = targets_of(&i.effects);
                    check_targets(&sentence, i.refers_back, &kinds, targeted)
                        .map_err(|message| unsupported(&sentence, message))?;
                    out.push(CompiledText {
                        text: sentence,
                        template: i.forms[0],
                        abilities: i
                            .effects
                            .into_iter()
                            .map(|effect| Ability::Spell { effect })
                            .collect(),
                    });
                    continue;
                }
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
            let kinds = targets_of(m.abilities.iter().filter_map(|a| match a {
                Ability::Spell { effect } => Some(effect),
                _ => None,
            }));
            // Sentences that name an earlier target are instructions (`effects`), never
            // templates.
            check_targets(&sentence, false, &kinds, targeted)
                .map_err(|message| unsupported(&sentence, message))?;
        }
        out.push(CompiledText {
            text: sentence,
            template: m.template,
            abilities: m.abilities,
        });
    }
    Ok(out)
}

/// An instruction that says "that creature" or "it" names the creature an earlier instruction
/// targets; any other instruction asks for new targets, at most one of each kind per spell,
/// because [`targets_of`] takes later mentions of a kind for the same target (409.1c).
fn check_targets(
    sentence: &str,
    refers_back: bool,
    kinds: &[TargetKind],
    targeted: &mut Vec<TargetKind>,
) -> Result<(), String> {
    if refers_back {
        if !targeted.contains(&TargetKind::Creature) {
            return Err(format!(
                "\"{sentence}\" refers to a creature an earlier instruction targets, but no earlier instruction of this card targets a creature"
            ));
        }
        return Ok(());
    }
    for k in kinds {
        if targeted.contains(k) {
            return Err(format!(
                "\"{sentence}\" asks for a second target of the same kind as an earlier instruction; Skirmish supports one target of each kind per spell (write \"that creature\" or \"it\" for the same one)"
            ));
        }
        targeted.push(k.clone());
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
    let enchants = !enchanted.is_empty();
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
    if mentions_enchanted && !enchants_creatures {
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
