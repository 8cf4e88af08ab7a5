//! The phrases card text reuses everywhere, each read by one production: numbers, object
//! descriptions (filters), players, conditions. Sentences (`statics`, `keywords`) are built
//! from these.

use super::parser::Parser;
use crate::ability::Keyword;
use crate::filter::{Amount, Cmp, Condition, Filter, Measure, PlayerRef};
use crate::mana::Color;
use crate::model::Zone;
use crate::typeline::{CardType, Supertype, creature_type_named};

pub(super) const NUMBER_WORDS: [&str; 21] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];

/// A number, as a word ("two") or digits ("2"). Digits beyond what any rule needs are refused
/// rather than wrapped.
pub fn number(p: &mut Parser) -> Option<u32> {
    p.attempt(|p| {
        let w = p.next_word()?;
        if let Some(n) = NUMBER_WORDS.iter().position(|x| x.eq_ignore_ascii_case(&w)) {
            return Some(n as u32);
        }
        if let Some(n) = tens_word(&w) {
            return Some(n);
        }
        if w.chars().all(|c| c.is_ascii_digit()) {
            return w.parse::<u32>().ok().filter(|n| *n <= 1_000_000);
        }
        None
    })
    .or_else(|| p.expected("a number"))
}

/// "thirty", "ninety-nine": the tens and their compounds with "-one" .. "-nine".
fn tens_word(w: &str) -> Option<u32> {
    const TENS: [&str; 8] = [
        "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    let lower = w.to_ascii_lowercase();
    let (tens, unit) = match lower.split_once('-') {
        Some((t, u)) => (t.to_string(), Some(u.to_string())),
        None => (lower, None),
    };
    let t = TENS.iter().position(|x| *x == tens)? as u32 * 10 + 20;
    match unit {
        None => Some(t),
        Some(u) => {
            let n = NUMBER_WORDS[1..10].iter().position(|x| *x == u)? as u32 + 1;
            Some(t + n)
        }
    }
}

/// "a", "an" or "one": a single object.
pub fn article(p: &mut Parser) -> bool {
    p.eat_one_of(&["a", "an"]).is_some()
}

/// A color word.
pub fn color(p: &mut Parser) -> Option<Color> {
    let w = p.peek()?;
    let c = Color::from_name(w)?;
    p.next_word();
    Some(c)
}

/// "white", "blue and black": color words joined by "and", none if there is none.
pub fn colors(p: &mut Parser) -> Vec<Color> {
    let mut out = Vec::new();
    if let Some(c) = p.attempt(color) {
        out.push(c);
        while let Some(c) = p.attempt(|p| {
            p.eat("and").then_some(())?;
            color(p)
        }) {
            out.push(c);
        }
    }
    out
}

fn card_type_word(w: &str) -> Option<(CardType, bool)> {
    let lower = w.to_ascii_lowercase();
    for t in CardType::ALL {
        let name = t.name().to_ascii_lowercase();
        if lower == name {
            return Some((t, false));
        }
        let plural = match t {
            CardType::Sorcery => "sorceries".to_string(),
            _ => format!("{name}s"),
        };
        if lower == plural {
            return Some((t, true));
        }
    }
    None
}

fn supertype_word(w: &str) -> Option<Supertype> {
    Supertype::ALL
        .into_iter()
        .find(|s| s.name().eq_ignore_ascii_case(w))
}

/// A subtype word, singular or plural: creature types ("Walls", "Elves") and land types
/// ("Island", "Islands"), Aura, Equipment, Arcane. Returns the subtype's name.
fn subtype_word(w: &str) -> Option<String> {
    if let Some(t) = creature_type_named(w) {
        return Some(t.to_string());
    }
    // Arcane: the spell type of 2009 (glossary "Spell Type"; current 205.3k).
    const OTHER: [&str; 13] = [
        "Plains",
        "Island",
        "Swamp",
        "Mountain",
        "Forest",
        "Desert",
        "Gate",
        "Aura",
        "Equipment",
        "Vehicle",
        "Curse",
        "Shrine",
        "Arcane",
    ];
    OTHER
        .iter()
        .find_map(|t| {
            let plural = crate::typeline::plural(t);
            (t.eq_ignore_ascii_case(w) || plural.eq_ignore_ascii_case(w)).then(|| t.to_string())
        })
        // Any other artifact, enchantment, land or planeswalker type ("Jace", "Lair", "Saga"),
        // capitalized as card text writes subtypes.
        .or_else(|| {
            w.chars()
                .next()
                .is_some_and(char::is_uppercase)
                .then(|| crate::typeline::other_subtype_named(w))
                .flatten()
                .map(str::to_string)
        })
}

/// A keyword an object can have, as filters say it ("with flying", "without defender").
pub fn keyword_quality(p: &mut Parser) -> Option<Keyword> {
    p.attempt(|p| {
        const WORDS: [(&str, Keyword); 21] = [
            ("first strike", Keyword::FirstStrike),
            ("double strike", Keyword::DoubleStrike),
            ("flying", Keyword::Flying),
            ("reach", Keyword::Reach),
            ("trample", Keyword::Trample),
            ("haste", Keyword::Haste),
            ("vigilance", Keyword::Vigilance),
            ("defender", Keyword::Defender),
            ("fear", Keyword::Fear),
            ("shadow", Keyword::Shadow),
            ("horsemanship", Keyword::Horsemanship),
            ("deathtouch", Keyword::Deathtouch),
            ("lifelink", Keyword::Lifelink),
            ("wither", Keyword::Wither),
            ("flanking", Keyword::Flanking),
            ("banding", Keyword::Banding),
            ("provoke", Keyword::Provoke),
            ("flash", Keyword::Flash),
            ("menace", Keyword::Menace),
            ("intimidate", Keyword::Intimidate),
            ("skulk", Keyword::Skulk),
        ];
        for (w, k) in WORDS {
            if p.eat(w) {
                return Some(k);
            }
        }
        if p.eat("changeling") {
            return Some(Keyword::Changeling);
        }
        // Any other keyword the keyword production reads ("islandwalk", "hexproof").
        super::statics::keyword_ability(p)
    })
}

/// "defending player", "you", "an opponent" as the subject of "controls".
pub fn player(p: &mut Parser) -> Option<PlayerRef> {
    // "the active player" is the attacking player of the turn's combat (306.2): one reference.
    match p.eat_one_of(&[
        "defending player",
        "you",
        "an opponent",
        "the attacking player",
        "attacking player",
        "the active player",
        "the chosen player",
    ])? {
        6 => Some(PlayerRef::ChosenPlayer),
        0 => Some(PlayerRef::DefendingPlayer),
        1 => Some(PlayerRef::You),
        2 => Some(PlayerRef::Opponent),
        _ => Some(PlayerRef::AttackingPlayer),
    }
}

/// "you control", "an opponent controls", "your opponents control", "defending player
/// controls", "you don't control": who controls the objects a filter describes.
fn control_clause(p: &mut Parser) -> Option<Filter> {
    p.attempt(|p| {
        // "the active player has controlled continuously since the beginning of the turn"
        // (Nettling Imp): the active player's, not summoning sick (212.3f).
        if p.eat("the active player has controlled continuously since the beginning of the turn") {
            return Some(Filter::ActiveControlledSinceTurnBegan);
        }
        let i = p.eat_one_of(&[
            "you control",
            "you don't control",
            "an opponent controls",
            "your opponents control",
            "defending player controls",
            "the attacking player controls",
            "attacking player controls",
            "the active player controls",
            "enchanted player controls",
            "the chosen player controls",
        ])?;
        Some(match i {
            0 => Filter::ControlledBy(PlayerRef::You),
            1 => Filter::ControlledBy(PlayerRef::You).negated(),
            2 | 3 => Filter::ControlledBy(PlayerRef::Opponent),
            4 => Filter::ControlledBy(PlayerRef::DefendingPlayer),
            // An Aura with "Enchant player" (Curse of the Nightly Hunt).
            8 => Filter::ControlledBy(PlayerRef::EnchantedPlayer),
            // Chosen as the permanent came into play (410.10e).
            9 => Filter::ControlledBy(PlayerRef::ChosenPlayer),
            _ => Filter::ControlledBy(PlayerRef::AttackingPlayer),
        })
    })
}

/// "power 2 or less", "power less than ~'s power", "toughness 3 or greater", "power or
/// toughness 1 or less" (either).
pub(super) fn stat_clause(p: &mut Parser) -> Option<Filter> {
    if let Some(f) = p.attempt(|p| {
        p.eat("power or toughness").then_some(())?;
        let (cmp, amount) = comparison(p)?;
        Some(Filter::Any(vec![
            Filter::Power(cmp, amount.clone()),
            Filter::Toughness(cmp, amount),
        ]))
    }) {
        return Some(f);
    }
    // "with greater power" (Okk): greater than the power of the object with the ability.
    if p.eat("greater power") {
        return Some(Filter::Power(Cmp::Greater, Amount::source_power()));
    }
    // "toughness greater than its power": "its" is the creature's own power there (208.1),
    // never the source's.
    if let Some(cmp) = p.attempt(|p| {
        p.eat("toughness").then_some(())?;
        let cmp = match p.eat_one_of(&["less than", "greater than", "equal to"])? {
            0 => Cmp::Less,
            1 => Cmp::Greater,
            _ => Cmp::Equal,
        };
        p.eat("its power").then_some(cmp)
    }) {
        return Some(Filter::ToughnessVsPower(cmp));
    }
    // "converted mana cost 3 or less", "mana value 2 or less" (203.3; current 202.3);
    // "even converted mana costs", "an odd mana value".
    if let Some(f) = p.attempt(|p| {
        article(p);
        let even = p.eat_one_of(&["even", "odd"])? == 0;
        p.eat_one_of(&[
            "converted mana costs",
            "converted mana cost",
            "mana values",
            "mana value",
        ])?;
        Some(Filter::ManaValueParity { even })
    }) {
        return Some(f);
    }
    if let Some(f) = p.attempt(|p| {
        p.eat_one_of(&["converted mana cost", "mana value"])?;
        let (cmp, amount) = comparison(p)?;
        Some(Filter::ManaValue(cmp, amount))
    }) {
        return Some(f);
    }
    p.attempt(|p| {
        let power = p.eat_one_of(&["power", "toughness"])? == 0;
        let (cmp, amount) = comparison(p)?;
        Some(if power {
            Filter::Power(cmp, amount)
        } else {
            Filter::Toughness(cmp, amount)
        })
    })
}

/// "2 or less", "3 or greater", "less than ~'s power", "greater than ~'s power", "X or less".
pub fn comparison(p: &mut Parser) -> Option<(Cmp, Amount)> {
    p.attempt(|p| {
        // "power X or less", "converted mana cost X": the X its ability announces (409.1b).
        if p.peek() == Some("X") {
            p.next_word()?;
            let cmp = match p.eat_one_of(&["or less", "or greater", "or more", "or fewer"]) {
                Some(0) | Some(3) => Cmp::AtMost,
                Some(_) => Cmp::AtLeast,
                None => Cmp::Equal,
            };
            return Some((cmp, Amount::X));
        }
        if let Some(n) = p.attempt(number) {
            let cmp = match p.eat_one_of(&["or less", "or greater", "or more", "or fewer"]) {
                Some(0) | Some(3) => Cmp::AtMost,
                Some(_) => Cmp::AtLeast,
                None => return p.expected("\"or less\" or \"or greater\""),
            };
            return Some((cmp, Amount::Number(i64::from(n))));
        }
        let cmp = match p.eat_one_of(&[
            "less than or equal to",
            "greater than or equal to",
            "less than",
            "greater than",
            "equal to",
        ]) {
            Some(0) => Cmp::AtMost,
            Some(1) => Cmp::AtLeast,
            Some(2) => Cmp::Less,
            Some(3) => Cmp::Greater,
            Some(_) => Cmp::Equal,
            None => return p.expected("a comparison such as \"2 or less\""),
        };
        Some((cmp, amount(p)?))
    })
}

/// An amount to compare with: "~'s power", "the number of Islands you control", "the number of
/// cards in your hand", or a number.
pub fn amount(p: &mut Parser) -> Option<Amount> {
    p.attempt(|p| {
        // "twice the number of creatures you control"
        let twice = p.eat("twice");
        let first = one_amount(p)?;
        let first = if twice {
            Amount::Times(2, Box::new(first))
        } else {
            first
        };
        // "1 plus the number of lands you control", "... plus the number of Treefolk you
        // control": sums, read left to right.
        let mut total = first;
        // "3 minus the number of cards in your hand" (104.1b: a negative result is read as
        // zero by what uses it).
        while let Some((plus, more)) = p.attempt(|p| {
            let plus = p.eat_one_of(&["plus", "minus"])? == 0;
            Some((plus, one_amount(p)?))
        }) {
            total = if plus {
                Amount::Plus(Box::new(total), Box::new(more))
            } else {
                Amount::Minus(Box::new(total), Box::new(more))
            };
        }
        Some(total)
    })
}

/// The cards a graveyard count or a target card describes: "creature", "instant and
/// sorcery", "nonbasic land", "green creature", or nothing (any card), then "card(s)" and
/// "with converted mana cost 2 or less" or "with power 3 or greater" after it.
pub(super) fn card_description(p: &mut Parser) -> Option<Filter> {
    p.attempt(|p| {
        let mut parts = Vec::new();
        while let Some(a) = adjective(p) {
            parts.push(a);
        }
        // "Elf card", "Zombie creature card", "Aura card": a subtype (205.3).
        if let Some(t) = p.peek().and_then(subtype_word) {
            p.next_word();
            parts.push(Filter::Subtype(t));
        }
        let mut alts = Vec::new();
        while let Some((t, false)) = p.peek().and_then(card_type_word) {
            p.next_word();
            alts.push(Filter::Type(t));
            if p.eat_one_of(&["and/or", "and", "or"]).is_none() {
                break;
            }
        }
        match alts.len() {
            0 => {}
            1 => parts.push(alts.remove(0)),
            _ => parts.push(Filter::Any(alts)),
        }
        p.eat_one_of(&["cards", "card"])?;
        // "creature card with converted mana cost 2 or less", "... with power 3 or greater":
        // a card's characteristics are read in any zone (200.2).
        while let Some(q) = p.attempt(|p| {
            p.eat("with").then_some(())?;
            let q = stat_clause(p)?;
            let stat = |f: &Filter| {
                matches!(
                    f,
                    Filter::ManaValue(..) | Filter::Power(..) | Filter::Toughness(..)
                )
            };
            match &q {
                Filter::Any(alts) if alts.iter().all(stat) => Some(q),
                f if stat(f) => Some(q),
                _ => None,
            }
        }) {
            parts.push(q);
        }
        Some(parts.into_iter().fold(Filter::every(), Filter::and))
    })
}

/// The cards a library search looks for (glossary "Search"): "a basic land card", "a Plains
/// or Island card", "a creature, instant, or sorcery card", "a Rebel permanent card with
/// converted mana cost 3 or less", "a card named Avarax", "up to two Forest cards". Only
/// descriptions that [`Filter::card_phrase`] can say again are read, so every explanation of
/// a search compiles back to it. Returns the description and whether the noun was plural.
pub(super) fn searched_cards(p: &mut Parser) -> Option<(Filter, bool)> {
    p.attempt(|p| {
        let mut parts = Vec::new();
        while let Some(a) = adjective(p) {
            parts.push(a);
        }
        // Alternatives, each word of one kind: "Island, Swamp, or Mountain", "artifact and/or
        // creature" ("and/or" and "or" both mean either).
        let alternatives = |p: &mut Parser, word: &dyn Fn(&str) -> Option<Filter>| {
            let mut alts: Vec<Filter> = Vec::new();
            while let Some(f) = p.peek().and_then(word) {
                p.next_word();
                alts.push(f);
                let more = p.attempt(|p| {
                    p.eat(",");
                    p.eat_one_of(&["and/or", "or"]);
                    p.peek().and_then(word).map(|_| ())
                });
                if more.is_none() {
                    break;
                }
            }
            match alts.len() {
                0 => None,
                1 => alts.pop(),
                _ => Some(Filter::Any(alts)),
            }
        };
        if let Some(f) = alternatives(p, &|w| subtype_word(w).map(Filter::Subtype)) {
            parts.push(f);
        }
        let type_word = |w: &str| match card_type_word(w) {
            Some((t, false)) => Some(Filter::Type(t)),
            _ if w.eq_ignore_ascii_case("permanent") => Some(Filter::permanent_card()),
            _ => None,
        };
        if let Some(f) = alternatives(p, &type_word) {
            parts.push(f);
        }
        let plural = p.eat_one_of(&["card", "cards"])? == 1;
        loop {
            if let Some(q) = p.attempt(|p| {
                p.eat_one_of(&["with", "that have", "that has"])?;
                let q = stat_clause(p)?;
                matches!(q, Filter::ManaValue(..)).then_some(q)
            }) {
                parts.push(q);
            } else if p.eat("named ~") {
                // "a card named ~" (Avarax): another card with its own name.
                parts.push(Filter::NamedLikeThis);
            } else if let Some(name) = p.attempt(card_name_after_named) {
                // "named Heart-Piercer Bow or Vial of Dragonfire": either name.
                let mut names = vec![Filter::Named(name)];
                while let Some(n) = p.attempt(|p| {
                    p.eat("or").then_some(())?;
                    p.peek()
                        .is_some_and(|w| w.chars().next().is_some_and(char::is_uppercase))
                        .then_some(())?;
                    card_name_after_named_words(p)
                }) {
                    names.push(Filter::Named(n));
                }
                parts.push(if names.len() == 1 {
                    names.remove(0)
                } else {
                    Filter::Any(names)
                });
            } else {
                break;
            }
        }
        let f = parts.into_iter().fold(Filter::every(), Filter::and);
        f.card_phrase(plural).is_some().then_some((f, plural))
    })
}

/// Whose graveyards: "in your graveyard", "in all graveyards", "in your opponents'
/// graveyards" (`None`: every player's).
fn graveyards(p: &mut Parser) -> Option<Option<PlayerRef>> {
    match p.eat_one_of(&[
        "in your graveyard",
        "in all graveyards",
        "in your opponents' graveyards",
        "in your opponents’ graveyards",
    ])? {
        0 => Some(Some(PlayerRef::You)),
        1 => Some(None),
        _ => Some(Some(PlayerRef::Opponent)),
    }
}

/// What is counted after "the number of" or "for each": cards in graveyards ("creature
/// cards in your graveyard", "instant card in all graveyards"), or permanents a description
/// fits ("artifacts you control", "other Rats on the battlefield").
pub fn counted(p: &mut Parser) -> Option<Amount> {
    let mut total = counted_one(p)?;
    // "for each other Zombie you control and each Zombie card in your graveyard": both
    // counts, added.
    while let Some(more) = p.attempt(|p| {
        p.eat("and each").then_some(())?;
        counted_one(p)
    }) {
        total = Amount::Plus(Box::new(total), Box::new(more));
    }
    Some(total)
}

/// One count after "for each" ([`counted`]).
fn counted_one(p: &mut Parser) -> Option<Amount> {
    p.attempt(|p| {
        // "+1/+1 counter on ~", "charge counters on it", "-1/-1 counter on that creature":
        // counters of a kind on one object ("it" and "that creature" joined by the card
        // compiler to the object meant).
        if let Some(a) = p.attempt(|p| {
            let kind = counter_kind(p)?.to_string();
            p.eat_one_of(&["counters on", "counter on"])?;
            Some(match p.eat_one_of(&["~", "it", "that creature"])? {
                0 => Amount::Counters(kind),
                1 => Amount::CountersOn {
                    kind,
                    of: crate::filter::StatOf::It,
                },
                _ => Amount::CountersOn {
                    kind,
                    of: crate::filter::StatOf::That,
                },
            })
        }) {
            return Some(a);
        }
        // "for each 1 damage prevented this way": the damage a prevention stopped.
        if p.eat("1 damage prevented this way") {
            return Some(Amount::ThatMuch);
        }
        // Domain: "basic land type among lands you control" (212.6g).
        if p.eat("basic land type among lands you control") {
            return Some(Amount::BasicLandTypes(PlayerRef::You));
        }
        // "for each opponent", "for each player": the players in the game (102.2).
        if let Some(i) = p.eat_one_of(&["opponent you have", "opponent", "player"]) {
            return Some(Amount::Players(if i < 2 {
                PlayerRef::Opponent
            } else {
                PlayerRef::Each
            }));
        }
        // "cards in your hand", "card in defending player's hand", "cards in all players'
        // hands": the cards of those players' hands.
        if let Some(who) = p.attempt(|p| {
            p.eat_one_of(&["cards in", "card in"])?;
            let who = match p.eat_one_of(&[
                "your hand",
                "defending player's hand",
                "all players' hands",
                "each player's hand",
                "your opponents' hands",
                "each opponent's hand",
                "his or her hand",
                "that player's hand",
                "their hand",
                "the chosen player's hand",
            ])? {
                9 => PlayerRef::ChosenPlayer,
                0 => PlayerRef::You,
                1 => PlayerRef::DefendingPlayer,
                2 | 3 => PlayerRef::Each,
                4 | 5 => PlayerRef::Opponent,
                // The player a trigger names ("At the beginning of each opponent's upkeep",
                // "Whenever ~ deals damage to a player"), bound as it triggers.
                _ => PlayerRef::TriggeringPlayer,
            };
            Some(who)
        }) {
            return Some(Amount::CardsInHand(who));
        }
        if let Some((filter, whose)) = p.attempt(|p| {
            let f = card_description(p)?;
            Some((f, graveyards(p)?))
        }) {
            return Some(Amount::CardsInGraveyards {
                filter: Box::new(filter),
                whose,
            });
        }
        let f = filter(p)?;
        // "creatures that died this turn", "Zubera that died this turn", "creature put into
        // your graveyard from the battlefield this turn": counted from the turn's record.
        if let Some(i) = p.eat_one_of(&[
            "that died this turn",
            "put into your graveyard from the battlefield this turn",
            "put into your graveyard from play this turn",
            "put into a graveyard from the battlefield this turn",
            "put into a graveyard from play this turn",
        ]) {
            return Some(Amount::DiedThisTurn {
                filter: Box::new(f),
                yours: i == 1 || i == 2,
            });
        }
        // Permanents are counted where they are: "on the battlefield" (2009: "in play") says
        // nothing more.
        let _ = p.eat_one_of(&["on the battlefield", "in play"]);
        Some(Amount::Count(Box::new(f)))
    })
}

/// The kind of a counter before "counter(s)": "+1/+1", "-1/-1", another that changes power and
/// toughness ("+1/+0", "-0/-2", 200.10a), or a named kind ("charge", "divinity", 200.10).
pub fn counter_kind(p: &mut Parser) -> Option<crate::model::Counter> {
    p.attempt(|p| {
        let w = p.next_word()?.to_ascii_lowercase();
        let counter = crate::model::Counter::parse(&w);
        let named = !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c == '-');
        (counter.pt_change().is_some() || named).then_some(counter)
    })
}

/// "~'s power", "its toughness", "that creature's power", "the sacrificed creature's
/// converted mana cost" (413.2f): "its" and "that creature's" stay unjoined for the card
/// compiler, which knows what the sentence and the ones before it name.
fn stat_of_object(p: &mut Parser) -> Option<Amount> {
    use crate::filter::StatOf;
    p.attempt(|p| {
        // "the power of the creature tapped this way", "the converted mana cost of the
        // discarded card": the number first.
        if let Some(a) = p.attempt(|p| {
            p.eat("the").then_some(())?;
            let stat = stat_word(p)?;
            let of = match p.eat_one_of(&[
                "of the creature tapped this way",
                "of the tapped creature",
                "of the sacrificed creature",
                "of the discarded card",
            ])? {
                0 | 1 => StatOf::Tapped,
                2 => StatOf::Sacrificed,
                _ => StatOf::Discarded,
            };
            Some(Amount::Stat { stat, of })
        }) {
            return Some(a);
        }
        let of = match p.eat_one_of(&[
            "~'s",
            "its",
            "that creature's",
            "the sacrificed creature's",
            "the tapped creature's",
            "the discarded card's",
            "that card's",
            "the card's",
            "the revealed card's",
            "the exiled card's",
            "the exiled creature card's",
            "that spell's",
        ])? {
            11 => StatOf::Spell,
            0 => StatOf::This,
            1 => StatOf::It,
            2 => StatOf::That,
            3 => StatOf::Sacrificed,
            4 => StatOf::Tapped,
            5 => StatOf::Discarded,
            // The card an earlier instruction revealed or moved from the top of a library;
            // the card compiler refuses it without one.
            _ => StatOf::Revealed,
        };
        let stat = stat_word(p)?;
        Some(Amount::Stat { stat, of })
    })
}

/// "power", "toughness", "converted mana cost" (current "mana value").
fn stat_word(p: &mut Parser) -> Option<crate::filter::Stat> {
    use crate::filter::Stat;
    Some(
        match p.eat_one_of(&["power", "toughness", "converted mana cost", "mana value"])? {
            0 => Stat::Power,
            1 => Stat::Toughness,
            _ => Stat::ManaValue,
        },
    )
}

fn one_amount(p: &mut Parser) -> Option<Amount> {
    p.attempt(|p| {
        if p.eat("your life total") {
            return Some(Amount::LifeTotal(PlayerRef::You));
        }
        // "that much" after "Whenever ~ deals damage" (bound as it triggers).
        if p.eat("that much") {
            return Some(Amount::ThatMuch);
        }
        // "the damage prevented this way" after a prevention's "prevent that damage" (bound
        // as it applies, like "that much").
        if p.eat("the damage prevented this way") {
            return Some(Amount::ThatMuch);
        }
        if let Some(a) = stat_of_object(p) {
            return Some(a);
        }
        if p.eat("the number of cards in your hand") {
            return Some(Amount::CardsInHand(PlayerRef::You));
        }
        if p.eat("the number of basic land types among lands you control") {
            return Some(Amount::BasicLandTypes(PlayerRef::You));
        }
        // "the number of opponents you have", "the number of players" (in the game, 102.2).
        if let Some(i) =
            p.eat_one_of(&["the number of opponents you have", "the number of players"])
        {
            return Some(Amount::Players(if i == 0 {
                PlayerRef::Opponent
            } else {
                PlayerRef::Each
            }));
        }
        if p.eat("the number of card types among cards in your graveyard") {
            return Some(Amount::CardTypesInGraveyard(PlayerRef::You));
        }
        // "half the number of cards in your graveyard, rounded down" (104.1a).
        if let Some(a) = p.attempt(|p| {
            p.eat("half").then_some(())?;
            let of = one_amount(p)?;
            p.eat(",");
            let up = p.eat_one_of(&["rounded up", "rounded down"])? == 0;
            Some(Amount::Half {
                of: Box::new(of),
                up,
            })
        }) {
            return Some(a);
        }
        // "your devotion to white", "your devotion to red and white" (current 700.5).
        if let Some(colors) = p.attempt(|p| {
            p.eat("your devotion to").then_some(())?;
            let mut colors = vec![color(p)?];
            if let Some(c) = p.attempt(|p| {
                p.eat("and").then_some(())?;
                color(p)
            }) {
                colors.push(c);
            }
            Some(colors)
        }) {
            return Some(Amount::ManaSymbols {
                colors,
                whose: PlayerRef::You,
                in_graveyard: false,
            });
        }
        // Chroma: "the number of red mana symbols in the mana costs of permanents you
        // control", "... of cards in your graveyard".
        if let Some((c, in_graveyard)) = p.attempt(|p| {
            p.eat("the number of").then_some(())?;
            let c = color(p)?;
            p.eat("mana symbols in the mana costs of").then_some(())?;
            let g = p.eat_one_of(&["permanents you control", "cards in your graveyard"])?;
            Some((c, g == 1))
        }) {
            return Some(Amount::ManaSymbols {
                colors: vec![c],
                whose: PlayerRef::You,
                in_graveyard,
            });
        }
        if p.eat("the greatest power among") {
            let f = filter(p)?;
            return Some(Amount::GreatestPower(Box::new(f)));
        }
        if p.eat_one_of(&["the number of", "the total number of"])
            .is_some()
        {
            return counted(p);
        }
        // "the total power of creatures you control" (208.1, 418.5a: after effects).
        if p.eat("the total power of") {
            let f = filter(p)?;
            return Some(Amount::TotalPower(Box::new(f)));
        }
        if let Some(n) = p.attempt(number) {
            return Some(Amount::Number(i64::from(n)));
        }
        p.expected("an amount such as \"~'s power\"")
    })
}

/// One "with ..." quality: a keyword, power or toughness, counters.
fn with_quality(p: &mut Parser) -> Option<Filter> {
    p.attempt(|p| {
        if let Some(f) = stat_clause(p) {
            return Some(f);
        }
        if p.eat("a +1/+1 counter on it")
            || p.eat("+1/+1 counters on them")
            || p.eat("a +1/+1 counter on them")
        {
            return Some(Filter::Counter(Some("+1/+1".into())));
        }
        if p.eat("counters on them") || p.eat("a counter on it") || p.eat("counters on it") {
            return Some(Filter::Counter(None));
        }
        // "with bribery counters on them", "with a magnet counter on it": any named kind.
        if let Some(kind) = p.attempt(|p| {
            article(p);
            let kind = p.next_word()?;
            if !kind.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
                return None;
            }
            p.eat_one_of(&[
                "counters on them",
                "counter on it",
                "counters on it",
                "counter on them",
            ])?;
            Some(kind)
        }) {
            return Some(Filter::Counter(Some(kind)));
        }
        // "with landwalk abilities" (Street Savvy): any landwalk, snow landwalk included
        // (502.6a, 502.6c).
        if p.eat_one_of(&["landwalk abilities", "landwalk"]).is_some() {
            return Some(Filter::Keyword(Keyword::Landwalk(
                crate::landwalk::Walk::Any,
            )));
        }
        let k = keyword_quality(p)?;
        // "with flying or reach": either keyword.
        if let Some(k2) = p.attempt(|p| {
            p.eat("or").then_some(())?;
            keyword_quality(p)
        }) {
            return Some(Filter::Any(vec![Filter::Keyword(k), Filter::Keyword(k2)]));
        }
        Some(Filter::Keyword(k))
    })
}

/// Words that describe an object before its noun: colors, "non"-words, supertypes, "token",
/// "tapped", "attacking", "enchanted" ...
fn adjective(p: &mut Parser) -> Option<Filter> {
    p.attempt(|p| {
        let w = p.peek()?.to_string();
        let lower = w.to_ascii_lowercase();
        let simple = match lower.as_str() {
            "token" => Some(Filter::Token),
            "nontoken" => Some(Filter::Token.negated()),
            "tapped" => Some(Filter::Tapped),
            "untapped" => Some(Filter::Tapped.negated()),
            "attacking" => Some(Filter::Attacking),
            "nonattacking" => Some(Filter::Attacking.negated()),
            "blocking" => Some(Filter::Blocking),
            "blocked" => Some(Filter::Blocked),
            "unblocked" => Some(Filter::Blocked.negated()),
            "colorless" => Some(Filter::Colorless),
            "multicolored" => Some(Filter::Multicolored),
            "monocolored" => Some(Filter::Monocolored),
            "enchanted" => Some(Filter::Enchanted),
            "equipped" => Some(Filter::Equipped),
            "monstrous" => Some(Filter::Monstrous),
            "renowned" => Some(Filter::Renowned),
            "commander" => Some(Filter::Commander { yours: false }),
            _ => None,
        };
        if let Some(f) = simple {
            p.next_word();
            // "attacking or blocking": either state.
            if matches!(f, Filter::Attacking | Filter::Blocking)
                && let Some(g) = p.attempt(|p| {
                    p.eat("or").then_some(())?;
                    match p.next_word()?.to_ascii_lowercase().as_str() {
                        "attacking" => Some(Filter::Attacking),
                        "blocking" => Some(Filter::Blocking),
                        _ => None,
                    }
                })
                && g != f
            {
                return Some(Filter::Any(vec![f, g]));
            }
            return Some(f);
        }
        if let Some(c) = Color::from_name(&w) {
            p.next_word();
            // "black and/or red creatures", "white, blue, black, or red spell": any one of the
            // colors listed ("white and blue creatures"? only and/or, or).
            if let Some(more) = p.attempt(|p| {
                let mut more = Vec::new();
                while let Some(c) = p.attempt(|p| {
                    p.eat(",").then_some(())?;
                    color(p)
                }) {
                    more.push(c);
                }
                if !more.is_empty() {
                    p.eat(",").then_some(())?;
                }
                p.eat_one_of(&["and/or", "or"])?;
                more.push(color(p)?);
                Some(more)
            }) {
                let mut alts = vec![Filter::Color(c)];
                alts.extend(more.into_iter().map(Filter::Color));
                return Some(Filter::Any(alts));
            }
            return Some(Filter::Color(c));
        }
        if let Some(s) = supertype_word(&w) {
            p.next_word();
            return Some(Filter::Supertype(s));
        }
        if let Some(rest) = lower.strip_prefix("non") {
            let rest = rest.trim_start_matches('-');
            let original = &w[w.len() - rest.len()..];
            let inner = if let Some(c) = Color::from_name(rest) {
                Filter::Color(c)
            } else if let Some((t, false)) = card_type_word(rest) {
                Filter::Type(t)
            } else if let Some(s) = subtype_word(original) {
                Filter::Subtype(s)
            } else if let Some(s) = supertype_word(rest) {
                Filter::Supertype(s)
            } else {
                return None;
            };
            p.next_word();
            // "nonartifact, nonblack creature": "non"-words joined by a comma all hold.
            if let Some(more) = p.attempt(|p| {
                p.eat(",").then_some(())?;
                p.peek()?
                    .to_ascii_lowercase()
                    .starts_with("non")
                    .then_some(())?;
                adjective(p)
            }) {
                return Some(inner.negated().and(more));
            }
            return Some(inner.negated());
        }
        None
    })
}

/// The noun of a description: card types ("artifact creatures": both), subtypes ("Walls",
/// "Goblin creatures"), "permanents". Returns what the nouns require and whether one was
/// plural.
fn nouns(p: &mut Parser) -> Option<(Vec<Filter>, bool)> {
    let mut out = Vec::new();
    let mut plural = false;
    while let Some(w) = p.peek().map(str::to_string) {
        if let Some((t, pl)) = card_type_word(&w) {
            p.next_word();
            out.push(Filter::Type(t));
            plural |= pl;
        } else if w.eq_ignore_ascii_case("permanent")
            || w.eq_ignore_ascii_case("permanents")
            || super::prevention::source_noun(&w)
        {
            p.next_word();
            plural |= w.ends_with('s');
            // Every object a filter is checked against here is a permanent in play; the noun
            // is kept (as "not an instant or sorcery", true of each of them) so that "all
            // nonland permanents" isn't read as creatures.
            out.push(if w.to_ascii_lowercase().starts_with("permanent") {
                Filter::permanent_card()
            } else {
                Filter::every()
            });
        } else if let Some(s) = subtype_word(&w) {
            // "Goblin creatures": a subtype before a type; "Walls": a plural subtype alone.
            p.next_word();
            plural |= !w.eq_ignore_ascii_case(&s);
            out.push(Filter::Subtype(s));
        } else if w.eq_ignore_ascii_case("token") || w.eq_ignore_ascii_case("tokens") {
            // "creature tokens", "target creature token you control" (216.1); "tokens" alone
            // ("Tokens can't block"), any token, read as creatures where creatures are meant.
            p.next_word();
            plural |= w.ends_with('s');
            out.push(Filter::Token);
        } else {
            break;
        }
    }
    if out.is_empty() {
        return p.expected("a noun such as \"creatures\", \"Walls\" or \"artifact creatures\"");
    }
    // A subtype alone names creatures of that type ("Walls" are creatures); with a type word
    // ("Goblin creatures") the type is already there.
    Some((out, plural))
}

/// One noun phrase: "other untapped Goblin creatures with flying you control".
fn noun_phrase(p: &mut Parser) -> Option<Filter> {
    p.attempt(|p| {
        let mut parts: Vec<Filter> = Vec::new();
        match p.eat_one_of(&["other", "another"]) {
            Some(_) => parts.push(Filter::This.negated()),
            None => {
                article(p);
            }
        }
        while let Some(a) = adjective(p) {
            parts.push(a);
        }
        // "a token you control": "token" read as an adjective is the noun itself (216.1).
        let n = match p.attempt(nouns) {
            Some((n, _)) => n,
            None if parts.last() == Some(&Filter::Token) => Vec::new(),
            None => nouns(p)?.0,
        };
        parts.extend(n);
        loop {
            if p.eat("with") {
                let mut q = with_quality(p).or_else(|| p.expected("a quality after \"with\""))?;
                // "with flying and power 2 or less"; an "and" that doesn't go on with a quality
                // belongs to the sentence ("... with flying and can't block").
                while let Some(q2) = p.attempt(|p| {
                    p.eat("and").then_some(())?;
                    with_quality(p)
                }) {
                    q = q.and(q2);
                }
                parts.push(q);
            } else if p.eat("of the chosen type") {
                // Chosen as the permanent came into play (410.10e, Adaptive Automaton).
                parts.push(Filter::ChosenType);
            } else if p.eat("of the chosen color") {
                // Chosen as the permanent came into play (410.10e, Teferi's Moat).
                parts.push(Filter::ChosenColor);
            } else if p.eat("without") {
                let k = keyword_quality(p)?;
                // "without flying or islandwalk": neither keyword.
                match p.attempt(|p| {
                    p.eat("or").then_some(())?;
                    keyword_quality(p)
                }) {
                    Some(k2) => parts
                        .push(Filter::Any(vec![Filter::Keyword(k), Filter::Keyword(k2)]).negated()),
                    None => parts.push(Filter::Keyword(k).negated()),
                }
            } else if let Some(i) = p.attempt(|p| {
                // "creatures attacking you", "target creature without flying that's attacking
                // you"
                p.eat_one_of(&["that's", "that is", "that are"]);
                p.eat_one_of(&[
                    "attacking you or a planeswalker you control",
                    "attacking you",
                ])
            }) {
                // "creatures attacking you" (306.2): attacking the controller of the ability.
                parts.push(Filter::AttackingYou {
                    planeswalkers: i == 0,
                });
            } else if let Some(a) = p.attempt(|p| {
                // "creatures that are enchanted", "a creature that's tapped"
                p.eat_one_of(&["that are", "that's", "that is"])?;
                adjective(p)
            }) {
                parts.push(a);
            } else if let Some(a) = p.attempt(|p| {
                // "permanent that isn't enchanted", "creatures that aren't attacking"
                p.eat_one_of(&["that isn't", "that aren't", "that's not"])?;
                adjective(p)
            }) {
                parts.push(a.negated());
            } else if let Some(c) = control_clause(p) {
                parts.push(c);
            } else if let Some(f) = blocking_relation(p) {
                parts.push(f);
            } else if p.eat("banded with ~") {
                // 502.10: the other members of its band.
                parts.push(Filter::BandedWithThis);
            } else if p.eat("dealt damage by ~ this turn") {
                parts.push(Filter::DealtDamageByThisThisTurn);
            } else if p.eat("that was dealt damage this turn") {
                parts.push(Filter::DealtDamageThisTurn);
            } else if p
                .eat_one_of(&[
                    "that dealt damage to you this turn",
                    "that dealt combat damage to you this turn",
                ])
                .is_some()
            {
                parts.push(Filter::DealtDamageToYouThisTurn);
            } else if p.eat("other than ~") {
                // "a creature other than ~": "another creature" said after the noun.
                parts.push(Filter::This.negated());
            } else if p.eat("named ~") {
                parts.push(Filter::NamedLikeThis);
            } else if p.eat_one_of(&["on the battlefield", "in play"]).is_some() {
                // "each other creature on the battlefield named ~": permanents are where they
                // are, so "on the battlefield" (2009: "in play") says nothing more.
            } else if p.eat_one_of(&["attached to ~", "attached to it"]).is_some() {
                parts.push(Filter::AttachedToThis);
            } else if p
                .eat_one_of(&[
                    "that attacked during their controller's last turn",
                    "that attacked during its controller's last turn",
                ])
                .is_some()
            {
                parts.push(Filter::AttackedLastTurn);
            } else if let Some(i) =
                p.eat_one_of(&["that attacked this turn", "that didn't attack this turn"])
            {
                let attacked = Filter::AttackedThisTurn;
                parts.push(if i == 0 { attacked } else { attacked.negated() });
            } else if let Some(name) = p.attempt(card_name_after_named) {
                parts.push(Filter::Named(name));
            } else {
                break;
            }
        }
        Some(parts.into_iter().fold(Filter::every(), Filter::and))
    })
}

/// "blocking ~", "blocked by it", "blocking or blocked by ~", "it's blocking", "~ is
/// blocking" after a noun (309.2): the creatures in that combat relation with the object with
/// the ability, this combat; "that blocked ~ this turn", "it blocked this turn": blocks
/// declared this turn.
fn blocking_relation(p: &mut Parser) -> Option<Filter> {
    let this = Box::new(Filter::This);
    if let Some(i) = p.eat_one_of(&[
        "that blocked or were blocked by ~ this turn",
        "that blocked or were blocked by it this turn",
    ]) {
        p.it_as_this |= i == 1;
        return Some(Filter::Any(vec![
            Filter::BlockedThisTurn {
                blocker: true,
                other: this.clone(),
            },
            Filter::BlockedThisTurn {
                blocker: false,
                other: this,
            },
        ]));
    }
    if let Some(i) = p.eat_one_of(&[
        "that were blocked by ~ this turn",
        "that were blocked by it this turn",
    ]) {
        p.it_as_this |= i == 1;
        return Some(Filter::BlockedThisTurn {
            blocker: false,
            other: this,
        });
    }
    if let Some(i) = p.eat_one_of(&[
        "that blocked ~ this turn",
        "that blocked it this turn",
        "~ blocked this turn",
        "it blocked this turn",
    ]) {
        if i % 2 == 1 {
            p.it_as_this = true;
        }
        return Some(Filter::BlockedThisTurn {
            blocker: i < 2,
            other: this,
        });
    }
    let i = p.eat_one_of(&[
        "blocking or blocked by ~",
        "blocking or blocked by it",
        "blocking ~",
        "blocking it",
        "blocked by ~",
        "blocked by it",
        "it's blocking",
        "~ is blocking",
        "it blocks",
        "~ blocks",
    ])?;
    if matches!(i, 1 | 3 | 5 | 6 | 8) {
        p.it_as_this = true;
    }
    Some(match i {
        0 | 1 => Filter::Any(vec![
            Filter::BlockingWhat(this.clone()),
            Filter::BlockedBy(this),
        ]),
        2 | 3 => Filter::BlockingWhat(this),
        _ => Filter::BlockedBy(this),
    })
}

/// "named Lightning Rager": a card name, read as its capitalized words (with "of", "the" and
/// the like between them: "named Keeper of the Flame").
fn card_name_after_named(p: &mut Parser) -> Option<String> {
    p.eat("named").then_some(())?;
    card_name_after_named_words(p)
}

/// The capitalized words of a card name ([`card_name_after_named`] without "named").
fn card_name_after_named_words(p: &mut Parser) -> Option<String> {
    let capital = |w: &str| w.chars().next().is_some_and(char::is_uppercase);
    let joins = ["of", "the", "and", "a", "an", "to", "from", "in", "on"];
    let mut words: Vec<String> = Vec::new();
    loop {
        match p.peek() {
            Some(w) if capital(w) => words.push(p.next_word()?),
            Some(w)
                if !words.is_empty()
                    && joins.contains(&w)
                    && p.peek2().is_some_and(|n| capital(n) || n == "~") =>
            {
                words.push(p.next_word()?)
            }
            // "Keeper of ~": the card's own name inside another's (read as the object's name).
            Some("~") if words.last().is_some_and(|w| joins.contains(&w.as_str())) => {
                words.push(p.next_word()?)
            }
            _ => break,
        }
    }
    (!words.is_empty()).then(|| words.join(" "))
}

/// A description of objects: one noun phrase, or several joined by "and/or", "or" or "and"
/// ("Walls and/or creatures with flying", "Vampires or Zombies", "green creatures and white
/// creatures": any of them).
pub fn filter(p: &mut Parser) -> Option<Filter> {
    p.attempt(|p| {
        let first = noun_phrase(p)?;
        let mut alts = vec![first];
        loop {
            let more = p.attempt(|p| {
                let comma = p.eat(",");
                p.eat_one_of(&["and/or", "or", "and"])
                    .or_else(|| comma.then_some(0))?;
                noun_phrase(p)
            });
            match more {
                Some(f) => alts.push(f),
                None => break,
            }
        }
        Some(if alts.len() == 1 {
            alts.pop().expect("one")
        } else {
            Filter::Any(alts)
        })
    })
    .or_else(|| p.expected("a description of creatures or permanents"))
}

/// A description that must be of creatures: a filter with no card type names creatures
/// ("Walls" are Wall creatures; "permanents" don't fit here).
pub fn creature_filter(p: &mut Parser) -> Option<Filter> {
    Some(of_creatures(filter(p)?))
}

/// A description of creatures even where it says "permanent" ("Whenever a permanent you
/// control attacks": only creatures attack).
pub fn creatures_only(f: Filter) -> Filter {
    let parts = match f {
        Filter::All(parts) => parts,
        f => vec![f],
    };
    of_creatures(
        parts
            .into_iter()
            .filter(|x| *x != Filter::permanent_card())
            .fold(Filter::every(), Filter::and),
    )
}

/// A description read as one of creatures: each alternative without a card type gets
/// "creature" ("Walls and/or creatures with flying").
pub fn of_creatures(f: Filter) -> Filter {
    let noun = |x: &Filter| matches!(x, Filter::Type(_)) || *x == Filter::permanent_card();
    let typed = match &f {
        Filter::All(parts) => parts.iter().any(noun),
        f => noun(f),
    };
    match f {
        Filter::Any(alts) => Filter::Any(alts.into_iter().map(of_creatures).collect()),
        f if typed => f,
        f => Filter::Type(CardType::Creature).and(f),
    }
}

/// What a spell must be, before the word "spell": "red", "noncreature", "instant or sorcery",
/// "Spirit or Arcane", "multicolored", or nothing (any spell).
pub fn spell_filter(p: &mut Parser) -> Option<Filter> {
    p.attempt(|p| {
        let mut parts = Vec::new();
        while let Some(a) = adjective(p) {
            parts.push(a);
        }
        let mut alts = Vec::new();
        while let Some(w) = p.peek().map(str::to_string) {
            let noun = if let Some((t, false)) = card_type_word(&w) {
                Filter::Type(t)
            } else if w.chars().next().is_some_and(char::is_uppercase)
                && let Some(s) = subtype_word(&w)
            {
                Filter::Subtype(s)
            } else {
                break;
            };
            p.next_word();
            alts.push(noun);
            if !p.eat("or") {
                break;
            }
        }
        match alts.len() {
            0 => {}
            1 => parts.push(alts.remove(0)),
            _ => parts.push(Filter::Any(alts)),
        }
        Some(parts.into_iter().fold(Filter::every(), Filter::and))
    })
}

/// A spell a trigger describes, after its article: "creature spell", "red spell", "spell with
/// converted mana cost 6 or greater", "instant or sorcery spell with mana value 3 or less"
/// (203.3: a spell's converted mana cost is its mana cost's, X counted as announced).
pub fn spell_noun(p: &mut Parser) -> Option<Filter> {
    p.attempt(|p| {
        let f = spell_filter(p)?;
        p.eat("spell").then_some(())?;
        Some(
            match p.attempt(|p| {
                p.eat("with").then_some(())?;
                stat_clause(p)
            }) {
                Some(with) => f.and(with),
                None => f,
            },
        )
    })
}

/// A condition: "defending player controls an Island", "you control another Giant",
/// "seven or more cards are in your graveyard", "~ is untapped", "it's attacking"; several
/// joined by "or" ("you control a Desert or there is a Desert card in your graveyard") hold
/// when any of them does.
pub fn condition(p: &mut Parser) -> Option<Condition> {
    p.attempt(|p| {
        let first = one_condition(p)?;
        let mut of = vec![first];
        while let Some(c) = p.attempt(|p| {
            p.eat("or").then_some(())?;
            one_condition(p)
        }) {
            of.push(c);
        }
        Some(if of.len() == 1 {
            of.pop().expect("one")
        } else {
            Condition::Any { of }
        })
    })
}

/// A player of a comparison, and whether each of the players it names must compare so
/// ("each opponent") or one of them will do ("an opponent", "a player").
fn compared_player(p: &mut Parser) -> Option<(PlayerRef, bool)> {
    let i = p.eat_one_of(&[
        "each opponent",
        "each other player",
        "any other player",
        "a player",
        "that player",
    ]);
    Some(match i {
        Some(0) => (PlayerRef::Opponent, true),
        Some(1) => (PlayerRef::Each, true),
        Some(2 | 3) => (PlayerRef::Each, false),
        Some(_) => (PlayerRef::TriggeringPlayer, false),
        None => (player(p)?, false),
    })
}

/// "<player> [has|have|controls|control] [more|fewer|less] [life|cards in hand|<filter>] than
/// <player>": two players compared by one measure, each side "you", "an opponent", "each
/// opponent", "a player", "each other player", "defending player", "that player".
fn compare_condition(p: &mut Parser) -> Option<Condition> {
    let (who, who_every) = compared_player(p)?;
    let has = p.eat_one_of(&["has", "have", "controls", "control"])? < 2;
    let more = match p.eat_one_of(&["more", "fewer", "less"])? {
        0 => true,
        1 => false,
        _ if has => false,
        _ => return None,
    };
    let measure = if has {
        match p.eat_one_of(&[
            "life",
            "cards in hand",
            "cards in his or her hand",
            "cards in their hand",
        ])? {
            0 => Measure::Life,
            _ => Measure::CardsInHand,
        }
    } else {
        Measure::Controls(filter(p)?)
    };
    // "less life", "fewer cards": the words agree with the measure.
    p.eat("than").then_some(())?;
    let (than, than_every) = compared_player(p)?;
    p.eat_one_of(&["does", "do", "controls", "has"]);
    (who != than || who_every || than_every).then_some(Condition::Compare {
        who,
        who_every,
        measure,
        more,
        than,
        than_every,
    })
}

fn one_condition(p: &mut Parser) -> Option<Condition> {
    p.attempt(|p| {
        // "you cast it from your hand", "~ was cast from a graveyard": where its spell was
        // played from.
        if let Some(c) = p.attempt(|p| {
            let negated = p.eat_one_of(&[
                "you cast it from",
                "you didn't cast it from",
                "~ was cast from",
                "this spell was cast from",
                "it was cast from",
            ])? == 1;
            let zone = match p.eat_one_of(&["your hand", "a graveyard", "your graveyard"])? {
                0 => crate::model::Zone::Hand,
                _ => crate::model::Zone::Graveyard,
            };
            let c = Condition::CastFrom { zone };
            Some(if negated {
                Condition::Not { of: Box::new(c) }
            } else {
                c
            })
        }) {
            return Some(c);
        }
        // "~ was kicked", "it was kicked with its {1}{R} kicker" (502.21b-c): linked to the
        // kicker the object was played with.
        if p.eat_one_of(&["~ was kicked", "it was kicked", "this spell was kicked"])
            .is_some()
        {
            let with = p.attempt(|p| {
                p.eat("with its").then_some(())?;
                let cost = p.next_word()?.parse::<crate::mana::ManaCost>().ok()?;
                p.eat("kicker").then_some(cost)
            });
            return Some(match with {
                Some(cost) => Condition::KickedWith { cost },
                None => Condition::Kicked,
            });
        }
        // "if you control your commander" (current 903.3, Lieutenant).
        if p.eat("you control your commander") {
            return Some(Condition::Controls {
                filter: Filter::Commander { yours: true }.and(Filter::ControlledBy(PlayerRef::You)),
                count: 1,
            });
        }
        // "as long as it's your turn", "... it's not your turn"
        if let Some(i) = p.eat_one_of(&[
            "it's your turn",
            "it is your turn",
            "it's not your turn",
            "it isn't your turn",
            "it is not your turn",
        ]) {
            return Some(if i < 2 {
                Condition::YourTurn
            } else {
                Condition::Not {
                    of: Box::new(Condition::YourTurn),
                }
            });
        }
        // "an artifact card is in your graveyard", "there are two or more instant and/or
        // sorcery cards in your graveyard", "two or more creature cards are in your
        // graveyard": cards a description fits (any card at all is threshold's count, below).
        if let Some(c) = p.attempt(|p| {
            let there = p
                .eat_one_of(&["there is", "there's", "there are"])
                .is_some();
            let count = if article(p) {
                1
            } else {
                let n = number(p)?;
                p.eat("or more").then_some(n)?
            };
            let filter = card_description(p)?;
            if filter == Filter::every() {
                return None;
            }
            if !there {
                p.eat_one_of(&["is", "are"])?;
            }
            p.eat("in your graveyard").then_some(())?;
            Some(Condition::GraveyardHas {
                player: PlayerRef::You,
                filter,
                count,
            })
        }) {
            return Some(c);
        }
        // "its power is 10 or greater", "~'s toughness is 2 or less": the object with the
        // ability, read as the condition is checked.
        if let Some(c) = p.attempt(|p| {
            p.eat_one_of(&["its", "~'s"])?;
            let power = p.eat_one_of(&["power", "toughness"])? == 0;
            p.eat("is").then_some(())?;
            let n = number(p)?;
            let cmp = match p.eat_one_of(&["or greater", "or less"])? {
                0 => Cmp::AtLeast,
                _ => Cmp::AtMost,
            };
            let amount = Amount::Number(i64::from(n));
            let filter = if power {
                Filter::Power(cmp, amount)
            } else {
                Filter::Toughness(cmp, amount)
            };
            Some(Condition::SourceIs { filter })
        }) {
            return Some(c);
        }
        // "you have more cards in hand than each opponent", "an opponent has more life than
        // you", "defending player controls more lands than you"
        if let Some(c) = p.attempt(compare_condition) {
            return Some(c);
        }
        // "there is a Desert card in your graveyard"
        if let Some(c) = p.attempt(|p| {
            p.eat_one_of(&["there is", "there's"])?;
            article(p).then_some(())?;
            let filter = spell_filter(p)?;
            p.eat("card in your graveyard").then_some(())?;
            Some(Condition::GraveyardHas {
                player: PlayerRef::You,
                filter,
                count: 1,
            })
        }) {
            return Some(c);
        }
        // Delirium: "there are four or more card types among cards in your graveyard"
        if let Some(c) = p.attempt(|p| {
            p.eat("there are").then_some(())?;
            let count = number(p)?;
            p.eat("or more card types among cards in your graveyard")
                .then_some(())?;
            Some(Condition::CardTypesInGraveyard {
                player: PlayerRef::You,
                count,
            })
        }) {
            return Some(c);
        }
        // "[player] control(s) [count] [filter]" / "... controls no [filter]" / "you don't
        // control [filter]"; "a player controls" / "any player controls" (any of them); "no
        // opponent controls" (none of them does).
        if let Some(c) = p.attempt(|p| {
            let (who, nobody) =
                match p.eat_one_of(&["a player", "any player", "no player", "no opponent"]) {
                    Some(0 | 1) => (PlayerRef::Each, false),
                    Some(2) => (PlayerRef::Each, true),
                    Some(_) => (PlayerRef::Opponent, true),
                    None => (player(p)?, false),
                };
            let negative =
                match p.eat_one_of(&["controls", "control", "doesn't control", "don't control"])? {
                    0 | 1 => nobody,
                    _ if nobody => return None,
                    _ => true,
                };
            // "doesn't control a Wall" is "controls no Wall".
            let (count, none) = if negative || p.eat("no") {
                (1, true)
            } else if let Some(n) = p.attempt(|p| {
                if p.eat("at least") {
                    return number(p);
                }
                let n = number(p)?;
                p.eat_one_of(&["or more"])?;
                Some(n)
            }) {
                (n, false)
            } else {
                (1, false)
            };
            let f = filter(p)?.and(Filter::ControlledBy(who));
            // "three or more creatures that share a creature type" (Graxiplon).
            if !none && p.eat("that share a creature type") {
                return Some(Condition::ControlsSharingType { filter: f, count });
            }
            let c = Condition::Controls { filter: f, count };
            Some(if none { c.negated() } else { c })
        }) {
            return Some(c);
        }
        // "that player has two or fewer cards in hand" (the player a trigger names, bound by
        // the card compiler), "defending player has ...".
        if let Some(c) = p.attempt(|p| {
            let player = match p.eat_one_of(&["that player has", "defending player has"])? {
                0 => PlayerRef::TriggeringPlayer,
                _ => PlayerRef::DefendingPlayer,
            };
            let count = number(p)?;
            let cmp = match p.eat_one_of(&["or more", "or fewer"])? {
                0 => Cmp::AtLeast,
                _ => Cmp::AtMost,
            };
            p.eat("cards in hand").then_some(())?;
            Some(Condition::Cards {
                player,
                zone: Zone::Hand,
                cmp,
                count,
            })
        }) {
            return Some(c);
        }
        // Threshold: "seven or more cards are in your graveyard", "there are ..."; and "you
        // have one or fewer cards in hand".
        if let Some(c) = p.attempt(|p| {
            let in_hand = p.eat("you have");
            if !in_hand {
                p.eat("there are");
            }
            let count = number(p)?;
            let cmp = match p.eat_one_of(&["or more", "or fewer"])? {
                0 => Cmp::AtLeast,
                _ => Cmp::AtMost,
            };
            p.eat("cards").then_some(())?;
            let zone = if in_hand {
                p.eat("in hand").then_some(Zone::Hand)?
            } else {
                p.eat("are");
                p.eat("in your graveyard").then_some(Zone::Graveyard)?
            };
            Some(Condition::Cards {
                player: PlayerRef::You,
                zone,
                cmp,
                count,
            })
        }) {
            return Some(c);
        }
        // "creatures you control have total power 8 or greater" (formidable)
        if let Some(c) = p.attempt(|p| {
            let f = filter(p)?;
            p.eat("have total power").then_some(())?;
            let n = number(p)?;
            p.eat("or greater").then_some(())?;
            Some(Condition::TotalPower {
                filter: f,
                at_least: i64::from(n),
            })
        }) {
            return Some(c);
        }
        // "there is a Mountain on the battlefield", "there's another creature in play", "an
        // enchantment is on the battlefield": a permanent anyone controls.
        if let Some(c) = p.attempt(|p| {
            let there = p.eat_one_of(&["there is", "there's"]).is_some();
            let f = filter(p)?;
            if !there {
                p.eat("is").then_some(())?;
            }
            // After "there is", the description itself may end with the place.
            let placed = p.eat_one_of(&["on the battlefield", "in play"]).is_some();
            (placed || there).then_some(())?;
            Some(Condition::Controls {
                filter: f,
                count: 1,
            })
        }) {
            return Some(c);
        }
        // "you've cast a creature spell this turn", "you've cast a historic spell this turn"
        // (historic: artifacts, legendaries and Sagas, current 700.6), "you've cast another red
        // spell this turn" (a spell other than the object with the ability).
        if let Some(c) = p.attempt(|p| {
            p.eat_one_of(&["you've cast", "you have cast"])?;
            let another = p.eat("another");
            if !another {
                article(p).then_some(())?;
            }
            let spell = if p.eat("historic") {
                Filter::Any(vec![
                    Filter::Type(CardType::Artifact),
                    Filter::Supertype(Supertype::Legendary),
                    Filter::Subtype("Saga".into()),
                ])
            } else {
                spell_filter(p)?
            };
            p.eat("spell this turn").then_some(())?;
            Some(Condition::CastThisTurn {
                player: PlayerRef::You,
                spell: if another {
                    Filter::This.negated().and(spell)
                } else {
                    spell
                },
            })
        }) {
            return Some(c);
        }
        // "it attacked during your last turn" (Giant Turtle): "your" is its controller, so it
        // asks whether it attacked during its controller's last turn.
        if p.eat_one_of(&[
            "it attacked during your last turn",
            "~ attacked during your last turn",
        ])
        .is_some()
        {
            return Some(Condition::SourceIs {
                filter: Filter::AttackedLastTurn,
            });
        }
        // "you're the monarch" (Entourage of Trest), "defending player is the monarch"
        // (Crown-Hunter Hireling; current 724).
        if let Some(c) = p.attempt(|p| {
            if p.eat_one_of(&["you're the monarch", "you are the monarch"])
                .is_some()
            {
                return Some(Condition::Monarch {
                    player: crate::filter::PlayerRef::You,
                });
            }
            let player = player(p)?;
            p.eat("is the monarch")
                .then_some(Condition::Monarch { player })
        }) {
            return Some(c);
        }
        // "you have the city's blessing" (Slippery Scoundrel; current 702.131c).
        if let Some(c) = p.attempt(|p| {
            let player = player(p)?;
            p.eat_one_of(&["have the city's blessing", "has the city's blessing"])?;
            Some(Condition::CitysBlessing { player })
        }) {
            return Some(c);
        }
        // "a permanent you controlled left the battlefield this turn" (revolt).
        if let Some(c) = p.attempt(|p| {
            p.eat("a permanent").then_some(())?;
            let player = match p.eat_one_of(&["you controlled", "an opponent controlled"])? {
                0 => PlayerRef::You,
                _ => PlayerRef::Opponent,
            };
            p.eat_one_of(&["left the battlefield", "left play"])?;
            p.eat("this turn").then_some(())?;
            Some(Condition::LeftPlayThisTurn { player })
        }) {
            return Some(c);
        }
        // "a creature died under your control this turn" (Bontu the Glorified), "a creature
        // died this turn" (morbid: under anyone's control).
        if let Some(c) = p.attempt(|p| {
            p.eat("a creature died").then_some(())?;
            let player = if p.eat("under") {
                let who = match p.eat_one_of(&["your", "an opponent's"])? {
                    0 => PlayerRef::You,
                    _ => PlayerRef::Opponent,
                };
                p.eat("control").then_some(())?;
                who
            } else {
                PlayerRef::Each
            };
            p.eat("this turn").then_some(())?;
            Some(Condition::CreatureDiedThisTurn { player })
        }) {
            return Some(c);
        }
        // "you've been attacked this step" (with "during the declare attackers step").
        if p.eat_one_of(&[
            "you've been attacked this step",
            "you have been attacked this step",
        ])
        .is_some()
        {
            return Some(Condition::BeingAttacked {
                player: PlayerRef::You,
            });
        }
        // Raid: "you attacked with a creature this turn", "you attacked this turn".
        if let Some(c) = p.attempt(|p| {
            let player = player(p)?;
            p.eat("attacked").then_some(())?;
            p.eat("with a creature");
            p.eat("this turn").then_some(())?;
            Some(Condition::AttackedThisTurn { player })
        }) {
            return Some(c);
        }
        // Fateful hour: "you have 5 or less life"; "you have 30 or more life", "you have at
        // least 20 life", "an opponent has at most 10 life".
        if let Some(c) = p.attempt(|p| {
            let player = player(p)?;
            p.eat_one_of(&["has", "have"])?;
            let (count, cmp) = match p.eat_one_of(&["at least", "at most"]) {
                Some(0) => (i64::from(number(p)?), Cmp::AtLeast),
                Some(_) => (i64::from(number(p)?), Cmp::AtMost),
                None => {
                    let count = i64::from(number(p)?);
                    let cmp = match p.eat_one_of(&["or more", "or less", "or fewer"])? {
                        0 => Cmp::AtLeast,
                        _ => Cmp::AtMost,
                    };
                    (count, cmp)
                }
            };
            p.eat("life").then_some(())?;
            Some(Condition::Life { player, cmp, count })
        }) {
            return Some(c);
        }
        // Hellbent: "you have no cards in hand"; "that player has two or fewer cards in hand"
        // is read by the threshold form above for "you" only.
        if let Some(c) = p.attempt(|p| {
            let player = player(p)?;
            p.eat_one_of(&["has no cards in hand", "have no cards in hand"])?;
            Some(Condition::Cards {
                player,
                zone: Zone::Hand,
                cmp: Cmp::AtMost,
                count: 0,
            })
        }) {
            return Some(c);
        }
        // "it has a +1/+1 counter on it", "~ has a divinity counter on it", "it has no
        // counters on it" of one kind.
        if let Some(c) = p.attempt(|p| {
            p.eat_one_of(&["it has", "~ has"])?;
            let none = p.eat_one_of(&["a", "an", "no"])? == 2;
            let kind = p.next_word()?;
            p.eat_one_of(&["counter on it", "counters on it"])?;
            Some(Condition::SourceCounters {
                kind,
                cmp: if none { Cmp::AtMost } else { Cmp::AtLeast },
                count: u32::from(!none),
            })
        }) {
            return Some(c);
        }
        // "an opponent has been dealt damage this turn"
        if let Some(c) = p.attempt(|p| {
            let player = player(p)?;
            p.eat_one_of(&[
                "has been dealt damage this turn",
                "was dealt damage this turn",
            ])?;
            Some(Condition::DealtDamageThisTurn { player })
        }) {
            return Some(c);
        }
        // "a player has no cards in hand": any player.
        if let Some(c) = p.attempt(|p| {
            p.eat("a player has no cards in hand").then_some(())?;
            Some(Condition::Cards {
                player: PlayerRef::Each,
                zone: Zone::Hand,
                cmp: Cmp::AtMost,
                count: 0,
            })
        }) {
            return Some(c);
        }
        // "it's attacking alone" (Dream Prowler): the only attacking creature.
        if let Some(c) = p.attempt(|p| {
            p.eat_one_of(&["it's attacking alone", "~ is attacking alone"])?;
            Some(Condition::SourceIs {
                filter: Filter::AttackingAlone,
            })
        }) {
            return Some(c);
        }
        // "defending player is poisoned"
        if let Some(c) = p.attempt(|p| {
            let who = player(p)?;
            p.eat("is poisoned")
                .then_some(Condition::Poisoned { player: who })
        }) {
            return Some(c);
        }
        // "there are three or more brick counters on ~" (Edifice of Authority)
        if let Some(c) = p.attempt(|p| {
            p.eat_one_of(&["there are", "there is"])?;
            let count = number(p)?;
            let cmp = match p.eat_one_of(&["or more", "or fewer"])? {
                0 => Cmp::AtLeast,
                _ => Cmp::AtMost,
            };
            let kind = p.next_word()?;
            p.eat_one_of(&["counters on ~", "counter on ~"])?;
            Some(Condition::SourceCounters { kind, cmp, count })
        }) {
            return Some(c);
        }
        // "it has five or more +1/+1 counters on it"
        if let Some(c) = p.attempt(|p| {
            p.eat_one_of(&["it has", "~ has"])?;
            let count = number(p)?;
            let cmp = match p.eat_one_of(&["or more", "or fewer"])? {
                0 => Cmp::AtLeast,
                _ => Cmp::AtMost,
            };
            let kind = p.next_word()?;
            p.eat_one_of(&["counters on it", "counter on it"])?;
            Some(Condition::SourceCounters { kind, cmp, count })
        }) {
            return Some(c);
        }
        // "enchanted creature is blue", "equipped creature is a Human"
        if let Some(c) = p.attempt(|p| {
            p.eat_one_of(&["enchanted creature is", "equipped creature is"])?;
            article(p);
            let f = p.attempt(adjective).or_else(|| p.attempt(filter))?;
            Some(Condition::AttachedIs { filter: f })
        }) {
            return Some(c);
        }
        // "it's paired with a creature with soulbond" (Flowering Lumberknot).
        if let Some(c) = p.attempt(|p| {
            p.eat_one_of(&["it's paired with", "~ is paired with"])?;
            Some(Condition::PairedWith {
                filter: creature_filter(p)?,
            })
        }) {
            return Some(c);
        }
        // "it's attacking or blocking" (Tromokratis): either.
        if let Some(c) = p.attempt(|p| {
            p.eat_one_of(&["it's attacking or blocking", "~ is attacking or blocking"])?;
            Some(Condition::SourceIs {
                filter: Filter::Any(vec![Filter::Attacking, Filter::Blocking]),
            })
        }) {
            return Some(c);
        }
        // "that land is a Mountain", "that creature is a Human": the object a trigger is about
        // or an earlier instruction targets, joined by the card compiler.
        if let Some(c) = p.attempt(|p| {
            p.eat_one_of(&["that land is", "that creature is", "that permanent is"])?;
            Some(Condition::ObjectIs {
                of: crate::filter::StatOf::That,
                filter: what_it_is(p)?,
            })
        }) {
            return Some(c);
        }
        // "~ is untapped", "it's attacking", "~ is enchanted", "~ is a creature"
        if let Some(c) = p.attempt(|p| {
            p.eat_one_of(&["~ is", "it's", "it is"])?;
            Some(Condition::SourceIs {
                filter: what_it_is(p)?,
            })
        }) {
            return Some(c);
        }
        // "your devotion to white is less than five", "<amount> is 3 or greater": an amount
        // read as the condition is checked, compared with a number.
        if let Some(c) = p.attempt(|p| {
            let amount = amount(p)?;
            p.eat("is").then_some(())?;
            let (cmp, count) = match p.eat_one_of(&["less than", "greater than"]) {
                Some(0) => (Cmp::Less, number(p)?),
                Some(_) => (Cmp::Greater, number(p)?),
                None => {
                    let n = number(p)?;
                    let cmp =
                        match p.eat_one_of(&["or greater", "or more", "or less", "or fewer"])? {
                            0 | 1 => Cmp::AtLeast,
                            _ => Cmp::AtMost,
                        };
                    (cmp, n)
                }
            };
            Some(Condition::AmountIs {
                amount,
                cmp,
                count: i64::from(count),
            })
        }) {
            return Some(c);
        }
        p.expected("a condition such as \"defending player controls an Island\"")
    })
}

/// What follows "is" in a condition: "untapped", "attacking", "a Human", "an artifact
/// creature".
/// "enchanted or equipped", "a Knight or a Soldier": either.
fn what_it_is(p: &mut Parser) -> Option<Filter> {
    let one = |p: &mut Parser| {
        if let Some(f) = p.attempt(adjective) {
            return Some(f);
        }
        article(p).then_some(())?;
        filter(p)
    };
    let first = one(p)?;
    let mut alts = vec![first];
    while let Some(f) = p.attempt(|p| {
        p.eat("or").then_some(())?;
        one(p)
    }) {
        alts.push(f);
    }
    Some(if alts.len() == 1 {
        alts.remove(0)
    } else {
        Filter::Any(alts)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_filter(text: &str) -> Filter {
        let mut p = Parser::new(text);
        let f = filter(&mut p).unwrap_or_else(|| panic!("{text}: {}", p.error()));
        assert!(p.at_end(), "{text}: stopped at {}", p.pos());
        f
    }

    #[test]
    fn descriptions_combine_adjectives_nouns_and_qualities() {
        assert_eq!(
            parse_filter("creatures with power 2 or less"),
            Filter::All(vec![
                Filter::Type(CardType::Creature),
                Filter::Power(Cmp::AtMost, Amount::Number(2))
            ])
        );
        assert_eq!(
            parse_filter("other Goblin creatures you control"),
            Filter::All(vec![
                Filter::This.negated(),
                Filter::Subtype("Goblin".into()),
                Filter::Type(CardType::Creature),
                Filter::ControlledBy(PlayerRef::You),
            ])
        );
        assert_eq!(parse_filter("Walls"), Filter::Subtype("Wall".into()));
        assert_eq!(
            parse_filter("nonblack creatures"),
            Filter::All(vec![
                Filter::Color(Color::Black).negated(),
                Filter::Type(CardType::Creature)
            ])
        );
        assert_eq!(
            parse_filter("non-Wall creatures"),
            Filter::All(vec![
                Filter::Subtype("Wall".into()).negated(),
                Filter::Type(CardType::Creature)
            ])
        );
    }

    #[test]
    fn subtypes_of_every_kind_name_what_they_are() {
        assert_eq!(
            parse_filter("Jace planeswalker"),
            Filter::All(vec![
                Filter::Subtype("Jace".into()),
                Filter::Type(CardType::Planeswalker)
            ])
        );
        assert_eq!(
            parse_filter("Sagas you control"),
            Filter::All(vec![
                Filter::Subtype("Saga".into()),
                Filter::ControlledBy(PlayerRef::You)
            ])
        );
        assert_eq!(
            parse_filter("creatures named Lightning Rager"),
            Filter::All(vec![
                Filter::Type(CardType::Creature),
                Filter::Named("Lightning Rager".into())
            ])
        );
        // "greater power": greater than the object with the ability.
        assert_eq!(
            parse_filter("creature with greater power"),
            Filter::All(vec![
                Filter::Type(CardType::Creature),
                Filter::Power(Cmp::Greater, Amount::source_power())
            ])
        );
    }

    #[test]
    fn alternatives_are_any_of_them() {
        assert_eq!(
            parse_filter("Vampires or Zombies"),
            Filter::Any(vec![
                Filter::Subtype("Vampire".into()),
                Filter::Subtype("Zombie".into())
            ])
        );
        assert_eq!(
            parse_filter("black and/or red creatures"),
            Filter::All(vec![
                Filter::Any(vec![Filter::Color(Color::Black), Filter::Color(Color::Red)]),
                Filter::Type(CardType::Creature)
            ])
        );
        assert_eq!(
            parse_filter("creatures with flying or reach"),
            Filter::All(vec![
                Filter::Type(CardType::Creature),
                Filter::Any(vec![
                    Filter::Keyword(Keyword::Flying),
                    Filter::Keyword(Keyword::Reach)
                ])
            ])
        );
    }

    #[test]
    fn comparisons_with_the_source() {
        assert_eq!(
            parse_filter("creatures with power less than ~'s power"),
            Filter::All(vec![
                Filter::Type(CardType::Creature),
                Filter::Power(Cmp::Less, Amount::source_power())
            ])
        );
    }

    #[test]
    fn conditions_about_counts_players_counters_and_attachments() {
        let c = |text: &str| {
            let mut p = Parser::new(text);
            let c = condition(&mut p).unwrap_or_else(|| panic!("{text}: {}", p.error()));
            assert!(p.at_end(), "{text}");
            c
        };
        let creature = Filter::Type(CardType::Creature);
        assert_eq!(
            c("you control more creatures than defending player"),
            Condition::Compare {
                who: PlayerRef::You,
                who_every: false,
                measure: Measure::Controls(creature.clone()),
                more: true,
                than: PlayerRef::DefendingPlayer,
                than_every: false,
            }
        );
        // Each side is any player phrase, and the measure any of three; the text written back
        // reads the same.
        for (text, who, who_every, measure, more, than, than_every) in [
            (
                "an opponent has more life than you",
                PlayerRef::Opponent,
                false,
                Measure::Life,
                true,
                PlayerRef::You,
                false,
            ),
            (
                "you have less life than each opponent",
                PlayerRef::You,
                false,
                Measure::Life,
                false,
                PlayerRef::Opponent,
                true,
            ),
            (
                "defending player controls fewer lands than you",
                PlayerRef::DefendingPlayer,
                false,
                Measure::Controls(Filter::Type(CardType::Land)),
                false,
                PlayerRef::You,
                false,
            ),
            (
                "a player has more cards in hand than each other player",
                PlayerRef::Each,
                false,
                Measure::CardsInHand,
                true,
                PlayerRef::Each,
                true,
            ),
        ] {
            let want = Condition::Compare {
                who,
                who_every,
                measure,
                more,
                than,
                than_every,
            };
            assert_eq!(c(text), want, "{text}");
            assert_eq!(want.to_string(), text);
        }
        assert_eq!(
            c("you have at least 20 life"),
            Condition::Life {
                player: PlayerRef::You,
                cmp: Cmp::AtLeast,
                count: 20
            }
        );
        assert_eq!(
            c("you control at least three other creatures"),
            Condition::Controls {
                filter: Filter::This
                    .negated()
                    .and(creature.clone())
                    .and(Filter::ControlledBy(PlayerRef::You)),
                count: 3
            }
        );
        assert_eq!(
            c("there is a Mountain on the battlefield"),
            Condition::Controls {
                filter: Filter::Subtype("Mountain".into()),
                count: 1
            }
        );
        assert_eq!(
            c("an enchantment is in play"),
            Condition::Controls {
                filter: Filter::Type(CardType::Enchantment),
                count: 1
            }
        );
        assert_eq!(
            c("defending player is poisoned"),
            Condition::Poisoned {
                player: PlayerRef::DefendingPlayer
            }
        );
        assert_eq!(
            c("it has five or more +1/+1 counters on it"),
            Condition::SourceCounters {
                kind: "+1/+1".into(),
                cmp: Cmp::AtLeast,
                count: 5
            }
        );
        assert_eq!(
            c("it's equipped"),
            Condition::SourceIs {
                filter: Filter::Equipped
            }
        );
        assert_eq!(
            c("enchanted creature is blue"),
            Condition::AttachedIs {
                filter: Filter::Color(Color::Blue)
            }
        );
        assert_eq!(
            c("~ is a creature"),
            Condition::SourceIs { filter: creature }
        );
    }

    #[test]
    fn descriptions_with_either_keyword_statistic_or_named_counters() {
        assert_eq!(
            parse_filter("creatures without flying or islandwalk"),
            Filter::Type(CardType::Creature).and(
                Filter::Any(vec![
                    Filter::Keyword(Keyword::Flying),
                    Filter::Keyword(Keyword::Landwalk(crate::landwalk::Walk::Basic(
                        crate::typeline::BasicLandType::Island
                    )))
                ])
                .negated()
            )
        );
        assert_eq!(
            parse_filter("creatures with power or toughness 1 or less"),
            Filter::Type(CardType::Creature).and(Filter::Any(vec![
                Filter::Power(Cmp::AtMost, Amount::Number(1)),
                Filter::Toughness(Cmp::AtMost, Amount::Number(1))
            ]))
        );
        assert_eq!(
            parse_filter("creatures with bribery counters on them"),
            Filter::Type(CardType::Creature).and(Filter::Counter(Some("bribery".into())))
        );
        assert_eq!(
            parse_filter("creatures that are enchanted"),
            Filter::Type(CardType::Creature).and(Filter::Enchanted)
        );
    }

    #[test]
    fn conditions() {
        let mut p = Parser::new("defending player controls an Island");
        assert_eq!(
            condition(&mut p),
            Some(Condition::Controls {
                filter: Filter::Subtype("Island".into())
                    .and(Filter::ControlledBy(PlayerRef::DefendingPlayer)),
                count: 1
            })
        );
        let mut p = Parser::new("seven or more cards are in your graveyard");
        assert!(matches!(
            condition(&mut p),
            Some(Condition::Cards {
                zone: Zone::Graveyard,
                cmp: Cmp::AtLeast,
                count: 7,
                ..
            })
        ));
        let mut p = Parser::new("you have one or fewer cards in hand");
        assert!(matches!(
            condition(&mut p),
            Some(Condition::Cards {
                zone: Zone::Hand,
                cmp: Cmp::AtMost,
                count: 1,
                ..
            })
        ));
        let mut p = Parser::new("there are seven or more cards in your graveyard");
        assert!(matches!(
            condition(&mut p),
            Some(Condition::Cards {
                zone: Zone::Graveyard,
                count: 7,
                ..
            })
        ));
        let mut p = Parser::new("you control three or more artifacts");
        assert!(matches!(
            condition(&mut p),
            Some(Condition::Controls { count: 3, .. })
        ));
    }

    /// Graveyard counts compose a count ("a", "N or more"), a card description and either word
    /// order ("there are ... in your graveyard", "... is/are in your graveyard"); each says
    /// itself again in words that parse back to the same value.
    #[test]
    fn graveyard_cards_and_hand_size_conditions() {
        let instants_or_sorceries = Filter::Any(vec![
            Filter::Type(CardType::Instant),
            Filter::Type(CardType::Sorcery),
        ]);
        let cases: Vec<(String, Filter, u32)> = ["two", "three", "4"]
            .iter()
            .zip([2, 3, 4])
            .flat_map(|(w, n)| {
                [
                    (
                        format!(
                            "there are {w} or more instant and/or sorcery cards in your graveyard"
                        ),
                        instants_or_sorceries.clone(),
                        n,
                    ),
                    (
                        format!("{w} or more creature cards are in your graveyard"),
                        Filter::Type(CardType::Creature),
                        n,
                    ),
                ]
            })
            .chain([
                (
                    "an artifact card is in your graveyard".to_string(),
                    Filter::Type(CardType::Artifact),
                    1,
                ),
                (
                    "a Warrior card is in your graveyard".to_string(),
                    Filter::Subtype("Warrior".into()),
                    1,
                ),
                (
                    "there is a green creature card in your graveyard".to_string(),
                    Filter::Color(crate::mana::Color::Green).and(Filter::Type(CardType::Creature)),
                    1,
                ),
            ])
            .collect();
        for (text, filter, count) in cases {
            let mut p = Parser::new(&text);
            let got = condition(&mut p);
            assert!(p.at_end(), "{text}");
            let want = Condition::GraveyardHas {
                player: PlayerRef::You,
                filter,
                count,
            };
            assert_eq!(got.as_ref(), Some(&want), "{text}");
            let again = want.to_string();
            let mut p = Parser::new(&again);
            assert_eq!(condition(&mut p), Some(want), "{text} -> {again}");
        }
        let mut p = Parser::new("you have more cards in hand than each opponent");
        let want = Condition::Compare {
            who: PlayerRef::You,
            who_every: false,
            measure: Measure::CardsInHand,
            more: true,
            than: PlayerRef::Opponent,
            than_every: true,
        };
        assert_eq!(condition(&mut p), Some(want.clone()));
        assert_eq!(
            want.to_string(),
            "you have more cards in hand than each opponent"
        );
        // Any card at all is threshold's count, not a description.
        let mut p = Parser::new("two or more cards are in your graveyard");
        assert!(matches!(condition(&mut p), Some(Condition::Cards { .. })));
    }

    #[test]
    fn numbers_in_words_and_digits() {
        for (t, n) in [("two", 2), ("3", 3), ("twenty", 20)] {
            assert_eq!(number(&mut Parser::new(t)), Some(n));
        }
        assert_eq!(number(&mut Parser::new("99999999999")), None);
    }
}
