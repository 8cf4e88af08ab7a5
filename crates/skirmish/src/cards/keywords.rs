//! Keyword abilities (502; current 702 for keywords printed after February 2009): one
//! keyword of a keyword line ("Flying, first strike" is two).
//!
//! ```text
//! keyword := simple-keyword | landwalk | "protection from" color ("and from" color)*
//!          | "enchant creature"
//!          | ("ninjutsu" | "equip" | "cycling" | "flashback" | "buyback" | "kicker"
//!             | "evoke") mana-cost
//!          | ("bushido" | "rampage") number
//!          | "affinity for" ("artifacts" | basic-land-type-plural)
//! ```

use super::parser::Parser;
use super::phrase::number;
use super::statics::Form;
use crate::ability::{Ability, AffinityFor, Keyword};
use crate::mana::{Color, ManaCost};
use crate::typeline::BasicLandType;

/// The keywords, as `docs/card-text.md` lists them. A keyword that postdates February 2009
/// keeps its current meaning under the 2009 edition, and its rule is the current one.
pub static KEYWORDS: &[Form] = &[
    kw(
        "flying",
        "502.4",
        "flying",
        "Can't be blocked except by creatures with flying or reach.",
        "Serra Angel",
    ),
    kw(
        "flash",
        "502.57",
        "flash",
        "May be played any time its controller could play an instant.",
        "Ambush Viper",
    ),
    kw(
        "reach",
        "502.70",
        "reach",
        "Can block creatures with flying.",
        "Giant Spider",
    ),
    kw(
        "first-strike",
        "502.2",
        "first strike",
        "Deals combat damage in a first combat damage step.",
        "White Knight",
    ),
    kw(
        "double-strike",
        "502.28",
        "double strike",
        "Deals combat damage in both combat damage steps.",
        "Fencing Ace",
    ),
    kw(
        "trample",
        "502.9",
        "trample",
        "May assign damage beyond lethal to its blockers to the player or planeswalker it attacks.",
        "Yavimaya Wurm",
    ),
    kw(
        "defender",
        "502.41",
        "defender",
        "Can't attack.",
        "Wall of Stone",
    ),
    kw(
        "vigilance",
        "502.14",
        "vigilance",
        "Attacking doesn't cause it to tap.",
        "Serra Angel",
    ),
    kw(
        "haste",
        "502.5",
        "haste",
        "Can attack and {T} despite summoning sickness (212.3f).",
        "Raging Goblin",
    ),
    kw(
        "fear",
        "502.25",
        "fear",
        "Can't be blocked except by artifact creatures and/or black creatures.",
        "Severed Legion",
    ),
    kw(
        "shadow",
        "502.8",
        "shadow",
        "Can block or be blocked only by creatures with shadow.",
        "Soltari Foot Soldier",
    ),
    kw(
        "horsemanship",
        "502.17",
        "horsemanship",
        "Can't be blocked except by creatures with horsemanship.",
        "Shu Cavalry",
    ),
    kw(
        "deathtouch",
        "502.63",
        "deathtouch",
        "Triggered in 2009: whenever it deals damage to a creature, destroy that creature.",
        "Thornweald Archer",
    ),
    kw(
        "lifelink",
        "502.68",
        "lifelink",
        "Triggered in 2009: whenever it deals damage, its controller gains that much life.",
        "Knight of Meadowgrain",
    ),
    kw(
        "wither",
        "502.80",
        "wither",
        "Deals damage to creatures in the form of -1/-1 counters.",
        "Juvenile Gloomwidow",
    ),
    kw(
        "provoke",
        "502.29",
        "provoke",
        "Whenever it attacks, its controller may have target creature defending player controls untap and block it if able.",
        "Krosan Vorine",
    ),
    kw(
        "flanking",
        "502.3",
        "flanking",
        "Whenever a creature without flanking blocks it, the blocker gets -1/-1 until end of turn.",
        "Benalish Cavalry",
    ),
    kw(
        "changeling",
        "502.73",
        "changeling",
        "It is every creature type (a characteristic-defining ability): descriptions such as \"Walls\" or \"Goblin creatures\" fit it.",
        "Woodland Changeling",
    ),
    kw(
        "menace",
        "702.111",
        "menace",
        "Current rule (2015, no 2009 rule; same meaning under both editions): can't be blocked except by two or more creatures.",
        "Boggart Brute",
    ),
    kw(
        "intimidate",
        "702.13",
        "intimidate",
        "Current rule (M10, no February 2009 rule; same meaning under both editions): can't be blocked except by artifact creatures and/or creatures that share a color with it.",
        "Bladetusk Boar",
    ),
    kw(
        "skulk",
        "702.118",
        "skulk",
        "Current rule (2016, no 2009 rule; same meaning under both editions): can't be blocked by creatures with greater power.",
        "Furtive Homunculus",
    ),
    kw(
        "split-second",
        "502.58",
        "split second",
        "While this spell is on the stack, players can't play other spells or activated abilities that aren't mana abilities (502.58a); triggered abilities still trigger and resolve.",
        "Sudden Death",
    ),
    kw(
        "convoke",
        "502.46",
        "convoke",
        "As it is played, its caster may tap untapped creatures he or she controls (summoning sick or not); each pays {1} or one mana of its colors of the cost (502.46a). Scenario files name them with `convoke = [...]`.",
        "Siege Wurm",
    ),
    kw(
        "delve",
        "502.64",
        "delve",
        "As it is played, its caster may remove cards in his or her graveyard from the game; each pays {1} of the cost, never colored mana (502.64a). Scenario files name them with `delve = [...]`.",
        "Gurmag Angler",
    ),
    kw(
        "improvise",
        "702.126",
        "improvise",
        "Current rule (2016, no 2009 rule; same meaning under both editions): once the total cost is known, each untapped artifact its caster taps pays {1} of it, never colored mana (702.126a-b). Scenario files name them with `improvise = [...]`.",
        "Reverse Engineer",
    ),
    kw(
        "enchant-creature",
        "502.45",
        "enchant creature",
        "An Aura that can enchant only a creature.",
        "Lure",
    ),
    Form {
        id: "landwalk",
        rule: "502.6",
        wording: "plainswalk | islandwalk | swampwalk | mountainwalk | forestwalk",
        meaning: "Unblockable as long as the defending player controls a land of that type.",
        example: Some(("Bog Wraith", "swampwalk")),
    },
    Form {
        id: "protection",
        rule: "502.7",
        wording: "protection from <color> [and from <color>]...",
        meaning: "Can't be blocked by, targeted by, dealt damage by or enchanted by anything of that color (502.7b-f); one ability per color.",
        example: Some(("Paladin en-Vec", "protection from black and from red")),
    },
    Form {
        id: "ninjutsu",
        rule: "502.43",
        wording: "ninjutsu <mana-cost>",
        meaning: "From the hand: pay the cost and return an unblocked attacker you control to its owner's hand to put this card into play tapped and attacking, unblocked (502.43a-c, 308.4).",
        example: Some(("Ninja of the Deep Hours", "ninjutsu {1}{U}")),
    },
    Form {
        id: "equip",
        rule: "502.33",
        wording: "equip <mana-cost>",
        meaning: "\"[Cost]: Attach this Equipment to target creature you control. Play this ability only any time you could play a sorcery.\" (502.33a); an Equipment that is also a creature can't equip, and one attached to anything but a creature becomes unattached (212.2i, 420.5k).",
        example: Some(("Bonesplitter", "equip {1}")),
    },
    Form {
        id: "cycling",
        rule: "502.18",
        wording: "cycling <mana-cost>",
        meaning: "\"[Cost], Discard this card: Draw a card.\" (502.18a), played from the hand only, any time its owner has priority; the draw uses the stack.",
        example: Some(("Disciple of Grace", "cycling {2}")),
    },
    Form {
        id: "flashback",
        rule: "502.22",
        wording: "flashback <mana-cost>",
        meaning: "An instant or sorcery may be played from its owner's graveyard for this cost instead of its mana cost, with the usual timing; played so, it is removed from the game whenever it would leave the stack (502.22a). Flashback costs that aren't mana (\"Flashback—Pay 3 life\") are not supported.",
        example: Some(("Think Twice", "flashback {2}{U}")),
    },
    Form {
        id: "buyback",
        rule: "502.16",
        wording: "buyback <mana-cost>",
        meaning: "An instant or sorcery may be played paying this cost in addition; if it was, it returns to its owner's hand instead of the graveyard as it resolves (502.16a). Countered, it goes to the graveyard.",
        example: Some(("Whispers of the Muse", "buyback {5}")),
    },
    Form {
        id: "kicker",
        rule: "502.21",
        wording: "kicker <mana-cost>",
        meaning: "The spell may be played paying this cost in addition (502.21a); its abilities linked to the kicker (\"If ~ was kicked, ...\") apply only if it was paid (502.21b). One kicker cost; \"and/or\" kickers and costs that aren't mana are not supported.",
        example: Some(("Ardent Soldier", "kicker {2}")),
    },
    Form {
        id: "affinity",
        rule: "502.31",
        wording: "affinity for [artifacts|Plains|Islands|Swamps|Mountains|Forests]",
        meaning: "The spell costs {1} less to play for each of those its caster controls; only generic mana is reduced (502.31a-b), and each instance applies (502.31c).",
        example: Some(("Myr Enforcer", "affinity for artifacts")),
    },
    Form {
        id: "evoke",
        rule: "502.74",
        wording: "evoke <mana-cost>",
        meaning: "The card may be played for this cost instead of its mana cost; if it was, as the permanent comes into play a triggered ability has its controller sacrifice it (502.74a). Its other comes-into-play abilities trigger too.",
        example: Some(("Mulldrifter", "evoke {2}{U}")),
    },
    Form {
        id: "bushido",
        rule: "502.38",
        wording: "bushido <number>",
        meaning: "Whenever it blocks or becomes blocked, it gets +N/+N until end of turn.",
        example: Some(("Devoted Retainer", "bushido 1")),
    },
    Form {
        id: "rampage",
        rule: "502.12",
        wording: "rampage <number>",
        meaning: "Whenever it becomes blocked, it gets +N/+N until end of turn for each creature blocking it beyond the first.",
        example: Some(("Wolverine Pack", "rampage 2")),
    },
];

const fn kw(
    id: &'static str,
    rule: &'static str,
    wording: &'static str,
    meaning: &'static str,
    card: &'static str,
) -> Form {
    Form {
        id,
        rule,
        wording,
        meaning,
        example: Some((card, wording)),
    }
}

/// The keywords without a parameter, by their words.
const SIMPLE: [(&str, &str, Keyword); 33] = [
    ("improvise", "improvise", Keyword::Improvise),
    ("delve", "delve", Keyword::Delve),
    ("convoke", "convoke", Keyword::Convoke),
    ("split second", "split-second", Keyword::SplitSecond),
    ("infect", "infect", Keyword::Infect),
    ("prowess", "prowess", Keyword::Prowess),
    ("shroud", "shroud", Keyword::Shroud),
    ("hexproof", "hexproof", Keyword::Hexproof),
    ("indestructible", "indestructible", Keyword::Indestructible),
    ("exalted", "exalted", Keyword::Exalted),
    ("devoid", "devoid", Keyword::Devoid),
    ("flying", "flying", Keyword::Flying),
    ("flash", "flash", Keyword::Flash),
    ("reach", "reach", Keyword::Reach),
    ("first strike", "first-strike", Keyword::FirstStrike),
    ("double strike", "double-strike", Keyword::DoubleStrike),
    ("trample", "trample", Keyword::Trample),
    ("defender", "defender", Keyword::Defender),
    ("vigilance", "vigilance", Keyword::Vigilance),
    ("haste", "haste", Keyword::Haste),
    ("fear", "fear", Keyword::Fear),
    ("shadow", "shadow", Keyword::Shadow),
    ("horsemanship", "horsemanship", Keyword::Horsemanship),
    ("deathtouch", "deathtouch", Keyword::Deathtouch),
    ("lifelink", "lifelink", Keyword::Lifelink),
    ("wither", "wither", Keyword::Wither),
    ("provoke", "provoke", Keyword::Provoke),
    ("flanking", "flanking", Keyword::Flanking),
    ("changeling", "changeling", Keyword::Changeling),
    ("menace", "menace", Keyword::Menace),
    ("intimidate", "intimidate", Keyword::Intimidate),
    ("skulk", "skulk", Keyword::Skulk),
    (
        "enchant creature",
        "enchant-creature",
        Keyword::EnchantCreature,
    ),
];

/// One keyword of a keyword line: the form's id and its abilities (protection from two colors
/// is two abilities); `Err` carries how far it was understood.
pub fn keyword(text: &str) -> Result<(&'static str, Vec<Ability>), Parser> {
    let mut p = Parser::new(text);
    let found = p.attempt(|p| {
        let (id, keywords) = one(p)?;
        p.at_end().then_some(())?;
        Some((id, keywords))
    });
    match found {
        Some((id, keywords)) => Ok((
            id,
            keywords
                .into_iter()
                .map(|keyword| Ability::Keyword { keyword })
                .collect(),
        )),
        None => {
            // Name the end of the keyword as the point reached when all of it was understood.
            let _: Option<()> =
                p.expected("a keyword such as flying, bushido 1 or protection from red");
            Err(p)
        }
    }
}

fn one(p: &mut Parser) -> Option<(&'static str, Vec<Keyword>)> {
    for (words, id, k) in SIMPLE {
        if p.attempt(|p| (p.eat(words) && p.at_end()).then_some(()))
            .is_some()
        {
            return Some((id, vec![k]));
        }
    }
    if let Some(t) = p.attempt(|p| {
        let w = p.next_word()?;
        let stem = w.to_ascii_lowercase();
        let land = stem.strip_suffix("walk")?;
        BasicLandType::from_name(&capitalize(land))
    }) {
        return Some(("landwalk", vec![Keyword::Landwalk(t)]));
    }
    if p.eat("protection from") {
        let mut colors = vec![protection_color(p)?];
        while p.eat("and from") {
            colors.push(protection_color(p)?);
        }
        return Some((
            "protection",
            colors.into_iter().map(Keyword::Protection).collect(),
        ));
    }
    if p.eat("ninjutsu") {
        let w = p.next_word()?;
        let cost: ManaCost = w.parse().ok()?;
        return Some(("ninjutsu", vec![Keyword::Ninjutsu(cost)]));
    }
    if p.eat("equip") {
        let w = p.next_word()?;
        let cost: ManaCost = w.parse().ok()?;
        return Some(("equip", vec![Keyword::Equip(cost)]));
    }
    if p.eat("cycling") {
        let w = p.next_word()?;
        let cost: ManaCost = w.parse().ok()?;
        return Some(("cycling", vec![Keyword::Cycling(cost)]));
    }
    if p.eat("flashback") {
        let w = p.next_word()?;
        let cost: ManaCost = w.parse().ok()?;
        return Some(("flashback", vec![Keyword::Flashback(cost)]));
    }
    if p.eat("buyback") {
        let w = p.next_word()?;
        let cost: ManaCost = w.parse().ok()?;
        return Some(("buyback", vec![Keyword::Buyback(cost)]));
    }
    if p.eat("kicker") {
        let w = p.next_word()?;
        let cost: ManaCost = w.parse().ok()?;
        return Some(("kicker", vec![Keyword::Kicker(cost)]));
    }
    if p.eat("affinity for") {
        let w = p.next_word()?;
        if w.eq_ignore_ascii_case("artifacts") {
            return Some(("affinity", vec![Keyword::Affinity(AffinityFor::Artifacts)]));
        }
        let singular = if w.eq_ignore_ascii_case("plains") {
            w.as_str()
        } else {
            w.strip_suffix('s')?
        };
        let t = BasicLandType::from_name(singular)?;
        return Some(("affinity", vec![Keyword::Affinity(AffinityFor::Land(t))]));
    }
    if p.eat("evoke") {
        let w = p.next_word()?;
        let cost: ManaCost = w.parse().ok()?;
        return Some(("evoke", vec![Keyword::Evoke(cost)]));
    }
    if p.eat("bushido") {
        return Some(("bushido", vec![Keyword::Bushido(number(p)?)]));
    }
    if p.eat("rampage") {
        return Some(("rampage", vec![Keyword::Rampage(number(p)?)]));
    }
    None
}

fn protection_color(p: &mut Parser) -> Option<Color> {
    let w = p.peek()?;
    match Color::from_name(w) {
        Some(c) => {
            p.next_word();
            Some(c)
        }
        None => p.expected(
            "a color (protection from a quality other than a color is not supported yet)",
        ),
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_with_and_without_parameters() {
        assert_eq!(
            keyword("Flying").unwrap().1,
            vec![Ability::Keyword {
                keyword: Keyword::Flying
            }]
        );
        assert_eq!(keyword("menace").unwrap().0, "menace");
        assert_eq!(
            keyword("Protection from black and from red")
                .unwrap()
                .1
                .len(),
            2
        );
        assert_eq!(
            keyword("Bushido 2").unwrap().1,
            vec![Ability::Keyword {
                keyword: Keyword::Bushido(2)
            }]
        );
        assert_eq!(
            keyword("Mountainwalk").unwrap().1,
            vec![Ability::Keyword {
                keyword: Keyword::Landwalk(BasicLandType::Mountain)
            }]
        );
    }

    #[test]
    fn an_unknown_keyword_is_an_error_saying_what_was_expected() {
        let e = keyword("Flying fish").unwrap_err().error();
        assert!(e.contains("expected"), "{e}");
        assert!(
            keyword("protection from artifacts")
                .unwrap_err()
                .error()
                .contains("a color")
        );
    }
}
