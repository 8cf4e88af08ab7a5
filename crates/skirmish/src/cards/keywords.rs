//! Keyword abilities (502; current 702 for keywords printed after February 2009): one
//! keyword of a keyword line ("Flying, first strike" is two).
//!
//! ```text
//! keyword := simple-keyword | landwalk | "protection from" quality ("and from" quality)*
//!          | "enchant" filter
//!          | ("ninjutsu" | "equip" | "cycling" | "flashback" | "buyback" | "kicker"
//!             | "evoke" | "outlast") mana-cost
//!          | ("bushido" | "rampage" | "annihilator" | ...) number
//!          | "affinity for" ("artifacts" | basic-land-type-plural)
//! quality := color | "everything" | "all colors" | "multicolored" | "monocolored"
//!          | "colorless" | filter
//! ```

use super::parser::Parser;
use super::phrase::{filter, number};
use super::statics::Form;
use crate::ability::{Ability, AffinityFor, Keyword};
use crate::filter::Filter;
use crate::mana::{Color, ManaCost};
use crate::typeline::{BasicLandType, CardType};

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
        "undaunted",
        "702.125",
        "undaunted",
        "Current rule (2016, no 2009 rule; same meaning under both editions): the spell costs {1} less to play for each opponent its caster has, not counting players who have left the game (702.125b); only generic mana is reduced, and each instance applies (702.125c).",
        "Sublime Exhalation",
    ),
    kw(
        "ingest",
        "702.115",
        "ingest",
        "Current rule (2015, no 2009 rule; same meaning under both editions): whenever it deals combat damage to a player, that player removes the top card of his or her library from the game (each instance separately, 702.115b).",
        "Mist Intruder",
    ),
    kw(
        "partner",
        "702.124",
        "partner",
        "Current rule (2016, no 2009 rule): a rule of deck construction for the Commander variant that lets two legendary cards with partner be the commander; it functions before the game begins (702.124a) and does nothing during a game, so the engine, which plays no Commander, gives it no effect.",
        "Sidar Kondo of Jamuraa",
    ),
    kw(
        "exploit",
        "702.110",
        "exploit",
        "Current rule (2015, no 2009 rule; same meaning under both editions): when it comes into play, its controller may sacrifice a creature (itself included); if he or she does, it \"exploits a creature\" and its \"When ~ exploits a creature\" abilities trigger (702.110b).",
        "Silumgar Butcher",
    ),
    kw(
        "living-weapon",
        "702.92",
        "living weapon",
        "Current rule (2011, no 2009 rule; same meaning under both editions): when this Equipment comes into play, its controller puts a 0/0 black Phyrexian Germ creature token into play, then attaches the Equipment to it.",
        "Sickleslicer",
    ),
    kw(
        "sunburst",
        "502.37",
        "sunburst",
        "Coming into play from the stack, it gets a +1/+1 counter (as a creature) or a charge counter (otherwise) for each color of mana spent on its total cost, additional and alternative costs included (502.37a-b); convoke, delve and improvise pay without mana and add no color; each instance separately (502.37d). \"Modular—Sunburst\" is not supported.",
        "Skyreach Manta",
    ),
    kw(
        "extort",
        "702.101",
        "extort",
        "Current rule (2013, no 2009 rule; same meaning under both editions): whenever its controller plays a spell, he or she may pay {W/B}; if he or she does, each opponent loses 1 life and he or she gains the total lost (each instance separately, 702.101b).",
        "Syndic of Tithes",
    ),
    Form {
        id: "ascend",
        rule: "702.131",
        wording: "ascend",
        meaning: "Current rule (2018, no 2009 rule; same meaning under both editions): a player who controls ten or more permanents, one of them with ascend, gets the city's blessing for the rest of the game (checked each time state-based effects are, 408.1b); an instant or sorcery with ascend gives it as it resolves if its controller controls ten or more permanents. The blessing is a designation with no rules meaning of its own (702.131c); text that asks whether a player has it is not supported.",
        example: None,
    },
    kw(
        "persist",
        "502.79",
        "persist",
        "When it is put into a graveyard from play, if it had no -1/-1 counters on it, return it to play under its owner's control with a -1/-1 counter on it (each instance triggers; the \"if\" looks at it as it last existed in play, 410.10d).",
        "Safehold Elite",
    ),
    kw(
        "undying",
        "702.93",
        "undying",
        "Current rule (2011, no 2009 rule; same meaning under both editions): persist with +1/+1 counters instead of -1/-1 counters.",
        "Young Wolf",
    ),
    kw(
        "battle-cry",
        "702.91",
        "battle cry",
        "Current rule (2010, no 2009 rule; same meaning under both editions): whenever it attacks, each other attacking creature gets +1/+0 until end of turn.",
        "Accorder Paladin",
    ),
    kw(
        "dethrone",
        "702.105",
        "dethrone",
        "Current rule (2013, no 2009 rule; same meaning under both editions): whenever it attacks the player with the most life or tied for most life, put a +1/+1 counter on it.",
        "Enraged Revolutionary",
    ),
    kw(
        "melee",
        "702.121",
        "melee",
        "Current rule (2016, no 2009 rule; same meaning under both editions): whenever it attacks, it gets +1/+1 until end of turn for each opponent its controller attacked with a creature this combat.",
        "Deputized Protester",
    ),
    kw(
        "mentor",
        "702.134",
        "mentor",
        "Current rule (2018, no 2009 rule; same meaning under both editions): whenever it attacks, put a +1/+1 counter on target attacking creature with lesser power.",
        "Blade Instructor",
    ),
    kw(
        "unleash",
        "702.98",
        "unleash",
        "Current rule (2012, no 2009 rule; same meaning under both editions): its controller may have it come into play with a +1/+1 counter; it can't block as long as it has a +1/+1 counter on it.",
        "Gore-House Chainwalker",
    ),
    kw(
        "evolve",
        "702.100",
        "evolve",
        "Current rule (2013, no 2009 rule; same meaning under both editions): whenever a creature comes into play under its controller's control, if that creature's power or toughness is greater than its own, put a +1/+1 counter on it (checked again on resolution).",
        "Cloudfin Raptor",
    ),
    kw(
        "enchant-creature",
        "502.45",
        "enchant creature",
        "An Aura that can enchant only a creature.",
        "Lure",
    ),
    Form {
        id: "enchant",
        rule: "502.45",
        wording: "enchant <filter>",
        meaning: "The Aura spell can target, and the Aura can enchant, only a permanent the description fits, relative to the Aura (\"you control\": its controller); with several enchant abilities, all apply (502.45c); one attached to anything else is put into its owner's graveyard (420.5d).",
        example: Some(("Cartouche of Knowledge", "enchant creature you control")),
    },
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
        id: "protection-quality",
        rule: "502.7",
        wording: "protection from (everything | all colors | multicolored | monocolored | colorless | <filter>) [and from ...]...",
        meaning: "The same, from every object with the quality (502.7a): a type, subtype or supertype counts sources out of play too (\"artifacts\", \"instants\", \"Goblins\"); \"everything\" is every object (502.7g); \"all colors\" every colored object. Equipment with the quality becomes unattached (502.7d).",
        example: Some(("Tel-Jilad Outrider", "protection from artifacts")),
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
        id: "outlast",
        rule: "702.107",
        wording: "outlast <mana-cost>",
        meaning: "Current rule (2014, no 2009 rule; same meaning under both editions): \"[Cost], {T}: Put a +1/+1 counter on this creature. Activate only as a sorcery.\" (702.107a); {T} asks that it has been under its controller's control since the turn began (212.3f).",
        example: Some(("Abzan Falconer", "outlast {W}")),
    },
    Form {
        id: "fabricate",
        rule: "702.123",
        wording: "fabricate <number>",
        meaning: "Current rule (2016, no 2009 rule; same meaning under both editions): when it comes into play, its controller may put N +1/+1 counters on it; if he or she doesn't (or it has left play), he or she puts N 1/1 colorless Servo artifact creature tokens into play (each instance separately, 702.123b).",
        example: Some(("Glint-Sleeve Artisan", "fabricate 1")),
    },
    Form {
        id: "devour",
        rule: "502.82",
        wording: "devour <number>",
        meaning: "As it comes into play, its controller may sacrifice any number of other creatures he or she controls; it comes into play with N +1/+1 counters for each (502.82a). \"Devour X, where ...\" is not supported.",
        example: Some(("Gorger Wurm", "devour 1")),
    },
    Form {
        id: "soulshift",
        rule: "502.39",
        wording: "soulshift <number>",
        meaning: "When it is put into a graveyard from play, its controller may return target Spirit card with converted mana cost N or less from his or her graveyard to his or her hand (the card itself included; each instance separately, 502.39b).",
        example: Some(("Kami of Empty Graves", "soulshift 3")),
    },
    Form {
        id: "umbra-armor",
        rule: "702.89",
        wording: "umbra armor | totem armor",
        meaning: "Current rule (2010, no 2009 rule; same meaning under both editions; \"totem armor\" is its former name, 702.89b): if the permanent this Aura enchants would be destroyed, instead all damage marked on it is removed and this Aura is destroyed. With a regeneration shield or several such Auras, the permanent's controller chooses which replacement applies (419.9); an indestructible permanent isn't destroyed, so none applies.",
        example: Some(("Hyena Umbra", "totem armor")),
    },
    Form {
        id: "amplify",
        rule: "502.27",
        wording: "amplify <number>",
        meaning: "As it comes into play, its controller may reveal any number of cards in his or her hand that share a creature type with it; it comes into play with N +1/+1 counters for each (each instance separately, 502.27b).",
        example: Some(("Glowering Rogon", "amplify 1")),
    },
    Form {
        id: "bushido",
        rule: "502.38",
        wording: "bushido <number>",
        meaning: "Whenever it blocks or becomes blocked, it gets +N/+N until end of turn.",
        example: Some(("Devoted Retainer", "bushido 1")),
    },
    Form {
        id: "renown",
        rule: "702.112",
        wording: "renown <number>",
        meaning: "Current rule (2015, no 2009 rule; same meaning under both editions): when it deals combat damage to a player, if it isn't renowned, put N +1/+1 counters on it and it becomes renowned (until it leaves play).",
        example: Some(("Knight of the Pilgrim's Road", "renown 1")),
    },
    Form {
        id: "modular",
        rule: "502.35",
        wording: "modular <number>",
        meaning: "Comes into play with N +1/+1 counters; when it is put into a graveyard from play, its controller may put a +1/+1 counter on target artifact creature for each +1/+1 counter it had (each instance separately, 502.35b).",
        example: Some(("Arcbound Worker", "modular 1")),
    },
    Form {
        id: "graft",
        rule: "502.54",
        wording: "graft <number>",
        meaning: "Comes into play with N +1/+1 counters; whenever another creature comes into play, if it has a +1/+1 counter, its controller may move one onto that creature (each instance separately, 502.54b).",
        example: Some(("Plaxcaster Frogling", "graft 3")),
    },
    Form {
        id: "fading",
        rule: "502.20",
        wording: "fading <number>",
        meaning: "Comes into play with N fade counters; at the beginning of its controller's upkeep, remove one, and if that can't be done, sacrifice it.",
        example: Some(("Blastoderm", "fading 3")),
    },
    Form {
        id: "vanishing",
        rule: "502.60",
        wording: "vanishing [<number>]",
        meaning: "Comes into play with N time counters; at the beginning of its controller's upkeep, if it has a time counter, remove one; when the last is removed, sacrifice it.",
        example: Some(("Waning Wurm", "vanishing 2")),
    },
    Form {
        id: "bloodthirst",
        rule: "502.50",
        wording: "bloodthirst <number>",
        meaning: "If an opponent was dealt damage this turn, it comes into play with N +1/+1 counters (each instance separately, 502.50c); \"bloodthirst X\" is not supported.",
        example: Some(("Bloodrage Vampire", "bloodthirst 1")),
    },
    Form {
        id: "afflict",
        rule: "702.130",
        wording: "afflict <number>",
        meaning: "Current rule (2017, no 2009 rule; same meaning under both editions): whenever it becomes blocked, defending player loses N life.",
        example: Some(("Khenra Eternal", "afflict 1")),
    },
    Form {
        id: "annihilator",
        rule: "702.86",
        wording: "annihilator <number>",
        meaning: "Current rule (2010, no 2009 rule; same meaning under both editions): whenever it attacks, defending player (the player it attacks, or the controller of the planeswalker it attacks) chooses N permanents he or she controls and sacrifices them (each instance separately, 702.86b).",
        example: Some(("Ulamog's Crusher", "annihilator 2")),
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
const SIMPLE: [(&str, &str, Keyword); 50] = [
    ("ascend", "ascend", Keyword::Ascend),
    ("extort", "extort", Keyword::Extort),
    ("sunburst", "sunburst", Keyword::Sunburst),
    ("umbra armor", "umbra-armor", Keyword::UmbraArmor),
    ("totem armor", "umbra-armor", Keyword::UmbraArmor),
    ("exploit", "exploit", Keyword::Exploit),
    ("living weapon", "living-weapon", Keyword::LivingWeapon),
    ("ingest", "ingest", Keyword::Ingest),
    ("partner", "partner", Keyword::Partner),
    ("undaunted", "undaunted", Keyword::Undaunted),
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
    ("persist", "persist", Keyword::Persist),
    ("undying", "undying", Keyword::Undying),
    ("battle cry", "battle-cry", Keyword::BattleCry),
    ("dethrone", "dethrone", Keyword::Dethrone),
    ("melee", "melee", Keyword::Melee),
    ("mentor", "mentor", Keyword::Mentor),
    ("unleash", "unleash", Keyword::Unleash),
    ("evolve", "evolve", Keyword::Evolve),
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
        let mut qualities = vec![protection_quality(p)?];
        while p.eat("and from") {
            qualities.push(protection_quality(p)?);
        }
        let id = if qualities.iter().all(|q| matches!(q, Filter::Color(_))) {
            "protection"
        } else {
            "protection-quality"
        };
        return Some((
            id,
            qualities
                .into_iter()
                .map(|q| Keyword::Protection(Box::new(q)))
                .collect(),
        ));
    }
    if p.eat("enchant") {
        let what = filter(p)?;
        // "Enchant creature" keeps its own line in the table: the one form the 2009 core
        // sets print.
        let id = if what == Filter::Type(CardType::Creature) {
            "enchant-creature"
        } else {
            "enchant"
        };
        return Some((id, vec![Keyword::Enchant(Box::new(what))]));
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
    if p.eat("outlast") {
        let w = p.next_word()?;
        let cost: ManaCost = w.parse().ok()?;
        return Some(("outlast", vec![Keyword::Outlast(cost)]));
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
    if p.eat("renown") {
        return Some(("renown", vec![Keyword::Renown(number(p)?)]));
    }
    if p.eat("graft") {
        return Some(("graft", vec![Keyword::Graft(number(p)?)]));
    }
    if p.eat("modular") {
        return Some(("modular", vec![Keyword::Modular(number(p)?)]));
    }
    if p.eat("fading") {
        return Some(("fading", vec![Keyword::Fading(number(p)?)]));
    }
    if p.eat("vanishing") {
        let n = if p.at_end() { None } else { Some(number(p)?) };
        return Some(("vanishing", vec![Keyword::Vanishing(n)]));
    }
    if p.eat("bloodthirst") {
        return Some(("bloodthirst", vec![Keyword::Bloodthirst(number(p)?)]));
    }
    if p.eat("soulshift") {
        return Some(("soulshift", vec![Keyword::Soulshift(number(p)?)]));
    }
    if p.eat("amplify") {
        return Some(("amplify", vec![Keyword::Amplify(number(p)?)]));
    }
    if p.eat("devour") {
        return Some(("devour", vec![Keyword::Devour(number(p)?)]));
    }
    if p.eat("fabricate") {
        return Some(("fabricate", vec![Keyword::Fabricate(number(p)?)]));
    }
    if p.eat("annihilator") {
        return Some(("annihilator", vec![Keyword::Annihilator(number(p)?)]));
    }
    if p.eat("afflict") {
        return Some(("afflict", vec![Keyword::Afflict(number(p)?)]));
    }
    None
}

/// 502.7a: a quality is any characteristic value; card text names a color, a kind of color,
/// everything (502.7g), or a description of objects ("artifacts", "Goblins", "instants").
fn protection_quality(p: &mut Parser) -> Option<Filter> {
    p.attempt(|p| {
        if let Some(f) = p.attempt(filter) {
            return Some(f);
        }
        if let Some(c) = p.peek().and_then(Color::from_name) {
            p.next_word();
            return Some(Filter::Color(c));
        }
        match p.eat_one_of(&[
            "everything",
            "all colors",
            "multicolored",
            "monocolored",
            "colorless",
        ]) {
            Some(0) => Some(Filter::every()),
            Some(1) => Some(Filter::Colorless.negated()),
            Some(2) => Some(Filter::Multicolored),
            Some(3) => Some(Filter::Monocolored),
            Some(_) => Some(Filter::Colorless),
            None => p.expected(
                "a quality: a color, \"everything\", \"all colors\" or a description such as \"artifacts\" or \"Goblins\"",
            ),
        }
    })
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
        let e = keyword("protection from the chosen player")
            .unwrap_err()
            .error();
        assert!(e.contains("a quality"), "{e}");
        let e = keyword("enchant player").unwrap_err().error();
        assert!(e.contains("a description"), "{e}");
    }

    #[test]
    fn protection_from_qualities_and_enchant_descriptions() {
        let protection = |text: &str| match keyword(text).unwrap().1.as_slice() {
            [
                Ability::Keyword {
                    keyword: Keyword::Protection(q),
                },
            ] => (**q).clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            protection("Protection from artifacts"),
            Filter::Type(CardType::Artifact)
        );
        assert_eq!(protection("protection from everything"), Filter::every());
        assert_eq!(
            protection("protection from all colors"),
            Filter::Colorless.negated()
        );
        assert_eq!(
            protection("protection from Goblins"),
            Filter::Subtype("Goblin".into())
        );
        let (id, abilities) = keyword("Protection from Demons and from Dragons").unwrap();
        assert_eq!((id, abilities.len()), ("protection-quality", 2));
        assert_eq!(keyword("protection from red").unwrap().0, "protection");
        // Printing gives back the card's words.
        for text in [
            "protection from everything",
            "protection from all colors",
            "protection from multicolored",
            "protection from artifacts",
            "enchant creature you control",
            "enchant land",
            "enchant nonbasic land",
        ] {
            let shown: Vec<String> = keyword(text)
                .unwrap()
                .1
                .iter()
                .map(|a| match a {
                    Ability::Keyword { keyword } => keyword.to_string(),
                    other => panic!("{other:?}"),
                })
                .collect();
            assert_eq!(shown, vec![text.to_string()]);
        }
        assert_eq!(keyword("Enchant creature").unwrap().0, "enchant-creature");
        assert_eq!(
            keyword("Enchant artifact or creature").unwrap().0,
            "enchant"
        );
    }
}
