//! The card grammar is compositional: any subject, any list of predicates and any condition
//! make a sentence, and the sentence compiles to the abilities its parts mean, in order. The
//! property test writes random sentences from the parts and the abilities they must give,
//! independently of the parser, and compares.

use proptest::prelude::*;
use skirmish::ability::{Ability, CombatRule, Keyword, Scope, StaticEffect};
use skirmish::cards::statics::static_ability;
use skirmish::filter::{Condition, Filter, PlayerRef};
use skirmish::mana::Color;
use skirmish::model::Zone;
use skirmish::typeline::CardType;

fn creature() -> Filter {
    Filter::Type(CardType::Creature)
}

/// A subject: its words, whether the verb after it is singular, and its scope.
fn subjects() -> Vec<(&'static str, bool, Scope)> {
    vec![
        ("~", true, Scope::This),
        ("Enchanted creature", true, Scope::EnchantedCreature),
        (
            "Creatures you control",
            false,
            Scope::Each(creature().and(Filter::ControlledBy(PlayerRef::You))),
        ),
        (
            "Other Goblin creatures you control",
            false,
            Scope::Each(
                Filter::This
                    .negated()
                    .and(Filter::Subtype("Goblin".into()))
                    .and(creature())
                    .and(Filter::ControlledBy(PlayerRef::You)),
            ),
        ),
        (
            "Creatures with flying",
            false,
            Scope::Each(creature().and(Filter::Keyword(Keyword::Flying))),
        ),
        (
            "Nonblack creatures",
            false,
            Scope::Each(Filter::Color(Color::Black).negated().and(creature())),
        ),
        (
            "Walls",
            false,
            Scope::Each(creature().and(Filter::Subtype("Wall".into()))),
        ),
    ]
}

/// What one predicate gives: a combat rule or a characteristic change.
#[derive(Debug, Clone)]
enum Part {
    Rule(CombatRule),
    Static(StaticEffect),
}

/// A predicate: its words after a singular and a plural subject, and what it gives.
fn predicates() -> Vec<(String, String, Vec<Part>)> {
    use CombatRule as R;
    let same = |w: &str, parts: Vec<Part>| (w.to_string(), w.to_string(), parts);
    let mut out = vec![
        same("can't attack", vec![Part::Rule(R::CantAttack)]),
        same("can't block", vec![Part::Rule(R::CantBlock)]),
        same(
            "can't attack or block",
            vec![Part::Rule(R::CantAttack), Part::Rule(R::CantBlock)],
        ),
        same("can't be blocked", vec![Part::Rule(R::Unblockable)]),
        same(
            "can't be blocked by Walls",
            vec![Part::Rule(R::CantBeBlockedBy {
                filter: creature().and(Filter::Subtype("Wall".into())),
            })],
        ),
        same(
            "can block only creatures with flying",
            vec![Part::Rule(R::BlocksOnly {
                filter: creature().and(Filter::Keyword(Keyword::Flying)),
            })],
        ),
        same(
            "can block an additional creature each combat",
            vec![Part::Rule(R::BlocksAdditional { extra: 1 })],
        ),
        (
            "attacks each combat if able".into(),
            "attack each combat if able".into(),
            vec![Part::Rule(R::AttacksEachTurn)],
        ),
        (
            "blocks each turn if able".into(),
            "block each turn if able".into(),
            vec![Part::Rule(R::BlocksEachTurn)],
        ),
        same(
            "must be blocked if able",
            vec![Part::Rule(R::MustBeBlocked)],
        ),
        (
            "has flying".into(),
            "have flying".into(),
            vec![Part::Static(StaticEffect::Keywords {
                keywords: vec![Keyword::Flying],
            })],
        ),
        (
            "has trample and haste".into(),
            "have trample and haste".into(),
            vec![Part::Static(StaticEffect::Keywords {
                keywords: vec![Keyword::Trample, Keyword::Haste],
            })],
        ),
    ];
    for n in 2..=4u32 {
        out.push(same(
            &format!("can't be blocked except by {n} or more creatures"),
            vec![Part::Rule(R::MinBlockers { min: n })],
        ));
    }
    for (p, t) in [(1, 1), (2, 0), (-1, -1), (0, 3)] {
        let words = |verb: &str| format!("{verb} {p:+}/{t:+}");
        out.push((
            words("gets"),
            words("get"),
            vec![Part::Static(StaticEffect::Pump {
                power: p,
                toughness: t,
            })],
        ));
    }
    out
}

/// A condition after the predicates, and what it means.
fn conditions() -> Vec<(&'static str, Option<Condition>)> {
    vec![
        ("", None),
        (
            " as long as you control an Island",
            Some(Condition::Controls {
                filter: Filter::Subtype("Island".into()).and(Filter::ControlledBy(PlayerRef::You)),
                count: 1,
            }),
        ),
        (
            " unless defending player controls an artifact",
            Some(
                Condition::Controls {
                    filter: Filter::Type(CardType::Artifact)
                        .and(Filter::ControlledBy(PlayerRef::DefendingPlayer)),
                    count: 1,
                }
                .negated(),
            ),
        ),
        (
            " as long as seven or more cards are in your graveyard",
            Some(Condition::Cards {
                player: PlayerRef::You,
                zone: Zone::Graveyard,
                cmp: skirmish::filter::Cmp::AtLeast,
                count: 7,
            }),
        ),
    ]
}

fn join(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} and {b}"),
        [rest @ .., last] => format!("{}, and {last}", rest.join(", ")),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_subject_predicates_and_condition_compile_to_their_meaning(
        s in 0..7usize,
        ps in proptest::collection::vec(0..19usize, 1..4),
        c in 0..4usize,
    ) {
        let (subject, singular, scope) = subjects()[s].clone();
        let all = predicates();
        let (condition_words, condition) = conditions()[c].clone();
        let words: Vec<String> = ps
            .iter()
            .map(|&i| if singular { all[i].0.clone() } else { all[i].1.clone() })
            .collect();
        let sentence = format!("{subject} {}{condition_words}.", join(&words));
        let expected: Vec<Ability> = ps
            .iter()
            .flat_map(|&i| all[i].2.clone())
            .map(|part| match part {
                Part::Rule(rule) => Ability::Combat {
                    scope: scope.clone(),
                    rule,
                    condition: condition.clone(),
                },
                Part::Static(effect) => Ability::Static {
                    scope: scope.clone(),
                    effect,
                    condition: condition.clone(),
                },
            })
            .collect();
        let compiled = static_ability(&sentence)
            .map(|s| s.abilities)
            .map_err(|p| p.error());
        prop_assert_eq!(compiled, Ok(expected), "{}", sentence);
    }

    /// Any sequence of the grammar's own words is either a sentence or an error that says how
    /// far it was understood and what was expected there; never a panic.
    #[test]
    fn any_word_salad_is_a_sentence_or_a_located_error(
        ws in proptest::collection::vec(0..VOCABULARY.len(), 0..14),
    ) {
        let text = ws.iter().map(|&i| VOCABULARY[i]).collect::<Vec<_>>().join(" ");
        if let Err(p) = static_ability(&text) {
            let e = p.error();
            prop_assert!(e.starts_with("expected "), "{}: {}", text, e);
        }
    }
}

const VOCABULARY: &[&str] = &[
    "~",
    "enchanted",
    "creature",
    "creatures",
    "you",
    "control",
    "other",
    "Goblin",
    "Walls",
    "with",
    "flying",
    "power",
    "2",
    "or",
    "less",
    "greater",
    "can't",
    "attack",
    "block",
    "be",
    "blocked",
    "by",
    "except",
    "more",
    "and",
    ",",
    "gets",
    "+1/+1",
    "has",
    "as",
    "long",
    "unless",
    "defending",
    "player",
    "controls",
    "an",
    "Island",
    "each",
    "combat",
    "if",
    "able",
    "all",
    "to",
    "do",
    "so",
    ".",
    "—",
    "Threshold",
    "seven",
    "cards",
    "are",
    "in",
    "your",
    "graveyard",
    "must",
    "only",
    "additional",
    "any",
    "number",
    "of",
];
