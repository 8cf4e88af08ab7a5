//! Prevention effects (2009 419.7; current 615): which damage one stops, as a plain value.
//!
//! A prevention effect is a replacement effect that watches for damage and stops some of it.
//! Card text names its reach by three independent phrases, and this module keeps them apart
//! so each combination works: the kind of damage ("combat", "noncombat" or any), what it would
//! be dealt to ("to you", "to ~", "to creatures you control", "to you and creatures you
//! control") and what would deal it ("by enchanted creature", "by creatures blocking it", "by
//! non-Human sources"), with how much of each event it stops ("prevent that damage" or
//! "prevent 1 of that damage").
//!
//! A description here is read whenever damage would be dealt, not fixed when the effect began:
//! 418.3b fixes the set only for effects that change characteristics or control, which a
//! prevention effect doesn't. "~" and "enchanted creature" are read from the object whose
//! ability it is (its static ability, or the resolving spell's source); a target is fixed as
//! the effect begins ([`crate::filter::Filter::Object`], [`PlayerRef::Player`]).

use crate::filter::{Context, Filter, PlayerRef};
use crate::model::{Game, Object, TargetRef};
use serde::{Deserialize, Serialize};

/// Which damage by kind (2009 310.4 combat damage; everything else is noncombat).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum DamageKind {
    #[default]
    Any,
    Combat,
    Noncombat,
}

impl DamageKind {
    pub fn covers(self, combat: bool) -> bool {
        match self {
            DamageKind::Any => true,
            DamageKind::Combat => combat,
            DamageKind::Noncombat => !combat,
        }
    }

    fn words(self) -> &'static str {
        match self {
            DamageKind::Any => "damage",
            DamageKind::Combat => "combat damage",
            DamageKind::Noncombat => "noncombat damage",
        }
    }
}

/// What damage would be dealt to: permanents a description fits, players, or both ("you and
/// creatures you control").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Recipients {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objects: Option<Filter>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<PlayerRef>,
}

impl Recipients {
    pub fn objects(f: Filter) -> Recipients {
        Recipients {
            objects: Some(f),
            players: None,
        }
    }

    pub fn players(p: PlayerRef) -> Recipients {
        Recipients {
            objects: None,
            players: Some(p),
        }
    }

    /// Both: "you and creatures you control" (a second description of the same kind joins
    /// the first as an alternative).
    pub fn join(self, other: Recipients) -> Recipients {
        let objects = match (self.objects, other.objects) {
            (Some(a), Some(b)) => Some(Filter::Any(vec![a, b])),
            (a, b) => a.or(b),
        };
        Recipients {
            objects,
            players: self.players.or(other.players),
        }
    }

    fn fits(&self, game: &Game, to: TargetRef, ctx: &Context) -> bool {
        match to {
            TargetRef::Object(id) => match (&self.objects, game.object_or_last_known(id)) {
                (Some(f), Some(o)) => f.matches(game, o, ctx),
                _ => false,
            },
            TargetRef::Player(p) => self
                .players
                .is_some_and(|r| ctx.player(game, r).contains(&p)),
        }
    }

    fn words(&self) -> String {
        let players = self.players.map(|p| match p {
            PlayerRef::You => "you".to_string(),
            PlayerRef::Each => "players".to_string(),
            PlayerRef::Opponent => "your opponents".to_string(),
            PlayerRef::DefendingPlayer => "defending player".to_string(),
            PlayerRef::AttackingPlayer => "the attacking player".to_string(),
            PlayerRef::ActivePlayer => "the active player".to_string(),
            PlayerRef::EnchantedPlayer => "enchanted player".to_string(),
            PlayerRef::ControllerOfTriggering | PlayerRef::ControllerOf(_) => {
                "its controller".to_string()
            }
            PlayerRef::Player(_) | PlayerRef::TriggeringPlayer | PlayerRef::Recipient => {
                "that player".to_string()
            }
            PlayerRef::OtherOpponents => "each other opponent".to_string(),
            PlayerRef::ChosenPlayer => "the chosen player".to_string(),
        });
        let objects = self.objects.as_ref().map(object_words);
        match (players, objects) {
            (Some(p), Some(o)) => format!("{p} and {o}"),
            (Some(p), None) => p,
            (None, Some(o)) => o,
            (None, None) => "nothing".into(),
        }
    }
}

/// A source may be a spell as well as a permanent (glossary "Source of Damage"): a
/// description with no card type is of sources.
fn as_source(words: &str) -> String {
    if let Some(head) = words.strip_suffix("permanents") {
        format!("{head}sources")
    } else if let Some(head) = words.strip_suffix("permanent") {
        format!("{head}source")
    } else {
        words.to_string()
    }
}

/// A description as card text names it after "to" or "by": "~", "enchanted creature",
/// "that creature", or a plural noun phrase ("creatures you control").
fn object_words(f: &Filter) -> String {
    match f {
        Filter::This => "~".into(),
        Filter::Object(_) => "that creature".into(),
        Filter::Any(alts) => alts
            .iter()
            .map(object_words)
            .collect::<Vec<_>>()
            .join(" and "),
        f if *f == Filter::HostOfThis.and(Filter::Type(crate::typeline::CardType::Creature)) => {
            "enchanted creature".into()
        }
        f if *f == Filter::HostOfThis => "enchanted permanent".into(),
        f => f.plural(),
    }
}

/// The reach of one prevention effect (419.7).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Prevention {
    #[serde(default)]
    pub kind: DamageKind,
    /// What the damage would be dealt to; `None`: anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Recipients>,
    /// What would deal it; `None`: any source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Filter>,
    /// "prevent 1 of that damage": that much of each event; `None`: all of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of_each: Option<u32>,
    /// "prevent that damage and remove a +1/+1 counter from it", "prevent that damage. You
    /// gain life equal to the damage prevented this way.": instructions of a static ability
    /// carried out by its controller each time it stops damage, as part of that event (no
    /// stack, 419.7e), "that much" and "that many" being the damage it stopped.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub then: Vec<crate::ability::Effect>,
    /// "If damage would be dealt to ~, put that many -1/-1 counters on it instead.": a
    /// replacement effect (419.6) whose instructions happen in place of the damage, which isn't
    /// dealt; it stops damage as a prevention effect does and is logged as 419.6.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub replaces: bool,
    /// "Damage that would be dealt by ~ can't be prevented.", "Damage can't be prevented this
    /// turn.": the damage it reaches can't be prevented (2009 103.2: "can't" wins; current
    /// 615.12): no prevention effect, shield or protection stops any of it, and no shield is
    /// used up by it. It stops nothing itself.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unpreventable: bool,
}

impl Prevention {
    /// How much of `amount` damage from `source` to `to` this effect stops, its description
    /// read with `ctx` (the object whose effect it is and its controller).
    pub fn stops(
        &self,
        game: &Game,
        ctx: &Context,
        source: &Object,
        to: TargetRef,
        combat: bool,
        amount: u32,
    ) -> u32 {
        if self.unpreventable {
            return 0;
        }
        let applies = self.reaches(game, ctx, source, to, combat);
        match (applies, self.of_each) {
            (false, _) => 0,
            (true, None) => amount,
            (true, Some(n)) => n.min(amount),
        }
    }

    /// Whether damage of this kind from `source` to `to` is damage this effect is about, its
    /// descriptions read with `ctx`.
    pub fn reaches(
        &self,
        game: &Game,
        ctx: &Context,
        source: &Object,
        to: TargetRef,
        combat: bool,
    ) -> bool {
        reaches(
            (self.kind, self.to.as_ref(), self.by.as_ref()),
            game,
            ctx,
            source,
            to,
            combat,
        )
    }

    /// The damage it stops, as the log says it: "all combat damage that would be dealt to
    /// ~", "1 of each damage a creature would deal to you".
    pub fn reach(&self) -> String {
        let kind = self.kind.words();
        let to = self
            .to
            .as_ref()
            .map(|r| format!(" to {}", r.words()))
            .unwrap_or_default();
        match self.of_each {
            None => {
                let by = self
                    .by
                    .as_ref()
                    .map(|f| format!(" by {}", as_source(&object_words(f))))
                    .unwrap_or_default();
                format!("all {kind} that would be dealt{to}{by}")
            }
            Some(n) => format!("{n} of each {kind} {} would deal{to}", self.source_words()),
        }
    }

    fn source_words(&self) -> String {
        match &self.by {
            None => "a source".into(),
            Some(f) => match object_words(f) {
                w if w == "~" || w == "that creature" || w.starts_with("enchanted") => w,
                _ => crate::view::with_article(&as_source(&f.singular())),
            },
        }
    }

    /// The effect in card text's words: "prevent all combat damage that would be dealt to
    /// and dealt by enchanted creature" is two values, each read alone.
    pub fn words(&self) -> String {
        if self.unpreventable {
            let reach = self.reach();
            let reach = reach.strip_prefix("all ").unwrap_or(&reach);
            let reach = reach.strip_suffix(" that would be dealt").unwrap_or(reach);
            return format!("{reach} can't be prevented");
        }
        if !self.then.is_empty() {
            let then: Vec<String> = self.then.iter().map(crate::view::describe_effect).collect();
            let to = self
                .to
                .as_ref()
                .map(|r| format!(" to {}", r.words()))
                .unwrap_or_default();
            let kind = self.kind.words();
            let head = match &self.by {
                None => format!("if {kind} would be dealt{to}"),
                Some(_) => format!("if {} would deal {kind}{to}", self.source_words()),
            };
            return if self.replaces {
                format!("{head}, {} instead", then.join(" and "))
            } else {
                format!("{head}, prevent that damage and {}", then.join(" and "))
            };
        }
        match self.of_each {
            None => format!("prevent {}", self.reach()),
            Some(n) => {
                let to = self
                    .to
                    .as_ref()
                    .map(|r| format!(" to {}", r.words()))
                    .unwrap_or_default();
                format!(
                    "if {} would deal {}{to}, prevent {n} of that damage",
                    self.source_words(),
                    self.kind.words()
                )
            }
        }
    }
}

/// Whether damage of this kind from `source` to `to` is damage a replacement or prevention
/// effect watches for: its kind, what it would be dealt to (`None`: anything) and what would
/// deal it (`None`: any source), descriptions read with `ctx`.
fn reaches(
    (kind, recipients, by): (DamageKind, Option<&Recipients>, Option<&Filter>),
    game: &Game,
    ctx: &Context,
    source: &Object,
    to: TargetRef,
    combat: bool,
) -> bool {
    kind.covers(combat)
        && recipients.is_none_or(|r| r.fits(game, to, ctx))
        && by.is_none_or(|f| f.matches(game, source, ctx))
}

/// How a replacement effect changes damage that would be dealt (419.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Increase {
    /// "it deals double that damage ... instead"
    Double,
    /// "it deals that much damage plus 1 ... instead"
    Plus(u32),
}

impl Increase {
    pub fn apply(self, amount: u32) -> u32 {
        match self {
            Increase::Double => amount.saturating_mul(2),
            Increase::Plus(n) => amount.saturating_add(n),
        }
    }
}

/// A static replacement effect that increases damage (419.6): "If a source you control would
/// deal damage to a permanent or player, it deals double that damage to that permanent or
/// player instead.", "If another red source you control would deal damage to a permanent or
/// player, it deals that much damage plus 1 to that permanent or player instead." Its reach
/// is read as a prevention effect's is.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DamageIncrease {
    #[serde(default)]
    pub kind: DamageKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Recipients>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Filter>,
    pub increase: Increase,
}

impl DamageIncrease {
    /// Whether it applies to damage from `source` to `to`, read with `ctx`.
    pub fn applies(
        &self,
        game: &Game,
        ctx: &Context,
        source: &Object,
        to: TargetRef,
        combat: bool,
    ) -> bool {
        reaches(
            (self.kind, self.to.as_ref(), self.by.as_ref()),
            game,
            ctx,
            source,
            to,
            combat,
        )
    }

    /// In card text's words.
    pub fn words(&self) -> String {
        let reach = Prevention {
            kind: self.kind,
            to: self.to.clone(),
            by: self.by.clone(),
            ..Prevention::default()
        };
        let to = self
            .to
            .as_ref()
            .map(|r| format!(" to {}", r.words()))
            .unwrap_or_default();
        let change = match self.increase {
            Increase::Double => "double that damage".to_string(),
            Increase::Plus(n) => format!("that much damage plus {n}"),
        };
        format!(
            "if {} would deal {}{to}, it deals {change} instead",
            reach.source_words(),
            self.kind.words()
        )
    }
}

/// Which side of a prevention effect a named thing ("target creature", "it") stands on: the
/// damage dealt to it, by it, or both ("to and dealt by").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    To,
    By,
    ToAndBy,
}

impl Side {
    /// The effects `base` makes once the named thing is known: with "to and dealt by", two.
    pub fn bind(self, base: &Prevention, named: TargetRef) -> Vec<Prevention> {
        let to = |mut p: Prevention| {
            let r = match named {
                TargetRef::Object(id) => Recipients::objects(Filter::Object(id)),
                TargetRef::Player(pl) => Recipients::players(PlayerRef::Player(pl)),
            };
            p.to = Some(match p.to.take() {
                Some(old) => old.join(r),
                None => r,
            });
            p
        };
        let by = |mut p: Prevention| match named {
            TargetRef::Object(id) => {
                p.by = Some(Filter::Object(id));
                Some(p)
            }
            // A player deals no damage (a source is an object, 419.7 and glossary "Source").
            TargetRef::Player(_) => None,
        };
        match self {
            Side::To => vec![to(base.clone())],
            Side::By => by(base.clone()).into_iter().collect(),
            Side::ToAndBy => std::iter::once(to(base.clone()))
                .chain(by(base.clone()))
                .collect(),
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            Side::To => "to",
            Side::By => "by",
            Side::ToAndBy => "to and dealt by",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_cover_their_damage_only() {
        assert!(DamageKind::Any.covers(true) && DamageKind::Any.covers(false));
        assert!(DamageKind::Combat.covers(true) && !DamageKind::Combat.covers(false));
        assert!(!DamageKind::Noncombat.covers(true) && DamageKind::Noncombat.covers(false));
    }

    #[test]
    fn to_and_dealt_by_a_creature_is_two_effects_and_a_player_only_one() {
        let base = Prevention {
            kind: DamageKind::Combat,
            ..Prevention::default()
        };
        let id = crate::model::ObjectId(7);
        let two = Side::ToAndBy.bind(&base, TargetRef::Object(id));
        assert_eq!(two.len(), 2);
        assert_eq!(two[0].to, Some(Recipients::objects(Filter::Object(id))));
        assert_eq!(two[1].by, Some(Filter::Object(id)));
        let p = crate::model::PlayerId(1);
        let one = Side::ToAndBy.bind(&base, TargetRef::Player(p));
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].to, Some(Recipients::players(PlayerRef::Player(p))));
        assert!(Side::By.bind(&base, TargetRef::Player(p)).is_empty());
    }

    #[test]
    fn words_name_each_part() {
        let p = Prevention {
            kind: DamageKind::Noncombat,
            to: Some(
                Recipients::players(PlayerRef::You).join(Recipients::objects(
                    Filter::Type(crate::typeline::CardType::Creature)
                        .and(Filter::ControlledBy(PlayerRef::You)),
                )),
            ),
            by: None,
            of_each: Some(1),
            ..Prevention::default()
        };
        assert_eq!(
            p.words(),
            "if a source would deal noncombat damage to you and creatures you control, prevent 1 of that damage"
        );
        let all = Prevention {
            of_each: None,
            by: Some(Filter::Type(crate::typeline::CardType::Creature).and(Filter::Attacking)),
            ..p
        };
        assert_eq!(
            all.words(),
            "prevent all noncombat damage that would be dealt to you and creatures you control by attacking creatures"
        );
    }
}
