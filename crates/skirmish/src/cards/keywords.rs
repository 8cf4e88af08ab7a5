//! Keyword abilities (502; current 702 for keywords printed after February 2009): one
//! keyword of a keyword line ("Flying, first strike" is two).
//!
//! ```text
//! keyword := simple-keyword | landwalk | "protection from" quality ("and from" quality)*
//!          | "enchant" filter | "champion" ("a" | "an") filter
//!          | ("ninjutsu" | "equip" | "cycling" | "flashback" | "buyback" | "kicker"
//!             | "evoke" | "dash" | "unearth" | "madness" | "morph" | "megamorph" | "level up"
//!             | "bestow" | "outlast") mana-cost
//!          | "suspend" number "—" mana-cost
//!          | ("bushido" | "rampage" | "crew" | "annihilator" | ...) number
//!          | "affinity for" ("artifacts" | basic-land-type-plural)
//!          | ("cumulative upkeep" | "echo") keyword-cost
//! keyword-cost := mana-cost | colored-symbol "or" colored-symbol | "—" cost
//! quality := color | "everything" | "all colors" | "multicolored" | "monocolored"
//!          | "colorless" | filter
//! ```

use super::parser::Parser;
use super::phrase::{filter, number};
use super::statics::Form;
use crate::ability::{Ability, AffinityFor, Cost, Keyword};
use crate::filter::Filter;
use crate::mana::{Color, ManaCost, ManaSymbol};
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
        "banding",
        "502.10",
        "banding",
        "As attackers are declared its controller may announce bands (scenario key `bands` with `attack`, 308.2b): any number of attacking creatures with banding and at most one without, all attacking the same player or planeswalker (502.10b). A creature blocking one member of a band blocks them all (502.10e; an effect that blocks one blocks the band, 502.10g). The controller of an attacking creature with banding divides the combat damage of the creatures blocking it, and the controller of a blocking creature with banding the damage of the creatures it blocks (502.10h; by default so that as few of that player's creatures are destroyed as can be).",
        "Benalish Hero",
    ),
    Form {
        id: "bands-with-other",
        rule: "502.11",
        wording: "bands with other <creatures>",
        meaning: "Banding with the creatures the description names (502.11a): in 2009 a band of creatures with the same \"bands with other\" ability or with banding (502.11b); under the current rules one of creatures with the quality, one or more of them with the ability (702.22c). Two blockers of an attacker (or two attackers a creature blocks) with the same ability give the division of its damage to their controller (502.11c; current 702.22j-k: one with the ability and another with the quality).",
        // Printed only inside quotes on real cards (Mountain Stronghold: "Red legendary
        // creatures you control have \"bands with other legendary creatures.\""), where the
        // sentence's own form is counted.
        example: None,
    },
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
        meaning: "Current rule (2018, no 2009 rule; same meaning under both editions): a player who controls ten or more permanents, one of them with ascend, gets the city's blessing for the rest of the game (checked each time state-based effects are, 408.1b); an instant or sorcery with ascend gives it as it resolves if its controller controls ten or more permanents. The blessing is a designation with no rules meaning of its own (702.131c); \"as long as you have the city's blessing\" asks whether the ability's controller has it.",
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
        wording: "[snow] plainswalk | [snow] islandwalk | [snow] swampwalk | [snow] mountainwalk | [snow] forestwalk | desertwalk | legendary landwalk | nonbasic landwalk",
        meaning: "Unblockable as long as the defending player controls a land it names (502.6b): one of that type, a snow one of that type (502.6c), a legendary land, or a land that isn't basic (current 702.14c).",
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
        meaning: "The spell may be played paying this cost in addition (502.21a); its abilities linked to the kicker (\"If ~ was kicked, ...\") apply only if it was paid (502.21b). Two kicker costs (\"and/or\") are the form kicker-and-or; costs that aren't mana are not supported.",
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
        id: "morph",
        rule: "502.26",
        wording: "morph <mana-cost>",
        meaning: "The card may be played face down for {3} as a 2/2 creature spell with no text, name, subtypes or mana cost (502.26a-c, 504.2: scenario `with = [\"morph\"]`); the permanent keeps those characteristics (for blocks, evasion, targets) until its controller, any time he or she has priority, pays the morph cost and turns it face up, a special action that doesn't use the stack and triggers nothing about coming into play (502.26d, 408.2h, 504.5); it is revealed when it leaves play (504.6). Costs other than mana (\"Morph—Pay 5 life\") are not supported.",
        example: Some(("Daru Lancer", "morph {2}{W}{W}")),
    },
    Form {
        id: "megamorph",
        rule: "702.37",
        wording: "megamorph <mana-cost>",
        meaning: "Current 702.37b (2015; no 2009 rule): morph (502.26) whose permanent, turned face up by paying its megamorph cost, gets a +1/+1 counter as it is turned face up.",
        example: Some(("Misthoof Kirin", "megamorph {1}{W}")),
    },
    Form {
        id: "level-up",
        rule: "702.87",
        wording: "level up <mana-cost>",
        meaning: "Current 702.87a (2010; no 2009 rule): \"[Cost]: Put a level counter on this permanent. Activate only as a sorcery.\" A leveler's striations follow it (current 711.2): a line `LEVEL N1-N2` or `LEVEL N3+`, its power/toughness line, then the striation's keywords and static abilities, which apply (and whose base power and toughness it has, layer 6b) only while the number of level counters is in the range; below the first range and outside play it has its printed power and toughness (711.5-6). Activated and triggered abilities inside a striation are not supported.",
        example: Some(("Knight of Cliffhaven", "level up {3}")),
    },
    Form {
        id: "crew",
        rule: "702.122",
        wording: "crew <number>",
        meaning: "Current 702.122a (2016; no 2009 rule), on Vehicles: \"Tap any number of other untapped creatures you control with total power N or greater: This permanent becomes an artifact creature until end of turn.\" (scenario `pay` names the creatures; summoning-sick ones may crew); a creature, it has its printed power and toughness (current 301.7, 208.3), none before. Abilities that trigger as it becomes crewed are not supported.",
        example: Some(("Sky Skiff", "crew 1")),
    },
    Form {
        id: "soulbond",
        rule: "702.95",
        wording: "soulbond",
        meaning: "Current 702.95a-e (2012; no 2009 rule): as it or another creature comes into play under its controller, if both are unpaired, its controller may pair them (an intervening \"if\", checked again on resolution; scenario `choose = \"<soulbond creature>: <partner>\"` or `nothing`); they stay paired while both are creatures in play under that player's control. \"As long as ~ is paired with another creature, both creatures have ... / each of those creatures gets ...\" applies to both while paired.",
        example: Some(("Hanweir Lancer", "soulbond")),
    },
    Form {
        id: "champion",
        rule: "502.72",
        wording: "champion a[n] <filter>",
        meaning: "\"When this permanent comes into play, sacrifice it unless you remove another [object] you control from the game\" and, linked (502.72b), \"When this permanent leaves play, return the removed card to play under its owner's control\" (502.72a); scenario `choose = \"<champion>: <permanent>\"` or `nothing`. A card removed while the champion is no longer in play stays removed; with several champion abilities on one permanent only the last card removed is remembered.",
        example: Some(("Changeling Berserker", "champion a creature")),
    },
    Form {
        id: "bestow",
        rule: "702.103",
        wording: "bestow <mana-cost>",
        meaning: "Current 702.103a-f (2013; no 2009 rule): the card may be cast bestowed for this cost instead of its mana cost (scenario `with = [\"bestow\"]`, a creature target): as it goes on the stack it is an Aura enchantment with enchant creature and no other card type, subtype, power or toughness; if its target is illegal as it begins resolving it resolves as a creature spell instead (702.103e); a bestowed Aura attached to nothing or illegally becomes unattached and an enchantment creature again rather than going to the graveyard (702.103f). Its \"Enchanted creature ...\" abilities apply while it is attached.",
        example: Some(("Nyxborn Wolf", "bestow {4}{G}")),
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
        meaning: "Current rule (2015, no 2009 rule; same meaning under both editions): when it deals combat damage to a player, if it isn't renowned, put N +1/+1 counters on it and it becomes renowned (until it leaves play); \"renowned\" in a description or a condition (\"if ~ is renowned\", \"as long as ~ is renowned\") reads the designation (702.112b).",
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
        id: "cumulative-upkeep",
        rule: "502.13",
        wording: "cumulative upkeep (<mana-cost> | <symbol> or <symbol> | —<cost>)",
        meaning: "At the beginning of its controller's upkeep, put an age counter on it; then that player may pay the cost once for each age counter, all of it or none (a choice of symbols made for each counter), or sacrifice it (502.13a). Each instance triggers and counts every age counter (502.13b). Costs in words are those of activated abilities: pay life, sacrifice, discard, tap, return, remove counters; the permanents or cards that pay them are picked as for an activation cost left unnamed (other permanents first, those without mana abilities first, the newest cards of the hand); the player chooses whether to pay (`choose`, `nothing` declines).",
        example: Some(("Illusionary Forces", "cumulative upkeep {U}")),
    },
    Form {
        id: "echo",
        rule: "502.19",
        wording: "echo (<mana-cost> | —<cost>)",
        meaning: "At the beginning of its controller's upkeep, if it came under that player's control since the beginning of his or her last upkeep, sacrifice it unless that player pays the cost (502.19a); on resolution the ability checks that it is still the same permanent under the same control (410.8). Costs in words are paid as for cumulative upkeep.",
        example: Some(("Goblin Patrol", "echo {R}")),
    },
    Form {
        id: "dash",
        rule: "702.109",
        wording: "dash <mana-cost>",
        meaning: "Current rule (2014, no 2009 rule; same meaning under both editions): the card may be played for this cost instead of its mana cost (never with another alternative cost, 409.1b); if it was, the permanent has haste as long as it stays in play, and at the beginning of the next end step a delayed triggered ability returns it to its owner's hand (702.109a, 608.3g). Scenario files announce it with `with = [\"dash\"]`.",
        example: Some(("Mardu Scout", "dash {1}{R}")),
    },
    Form {
        id: "unearth",
        rule: "502.84",
        wording: "unearth <mana-cost>",
        meaning: "From its owner's graveyard, any time he or she could play a sorcery: pay the cost to return the card to play; it has haste, a delayed triggered ability removes it from the game at end of turn, and if it would leave play it is removed from the game instead (502.84a). Scenario action `unearth`.",
        example: Some(("Dregscape Zombie", "unearth {B}")),
    },
    Form {
        id: "madness",
        rule: "502.24",
        wording: "madness <mana-cost>",
        meaning: "Discarded (in cleanup, to pay a cost, or by cycling), its owner may remove it from the game instead of putting it into the graveyard; then a triggered ability lets the owner play it for this cost rather than its mana cost, with no timing restriction (502.24a-b); if not played, it is put into the graveyard. Targets are chosen as it is played (`choose`).",
        example: Some(("Arrogant Wurm", "madness {2}{G}")),
    },
    Form {
        id: "suspend",
        rule: "502.59",
        wording: "suspend <number>—<mana-cost>",
        meaning: "Whenever its owner could play it from the hand, he or she may pay the cost and remove it from the game with N time counters, a special action (502.59a; scenario action `suspend`). At the beginning of the owner's upkeep, if it is suspended (502.59b), a time counter is removed; when the last is, it is played without paying its mana cost if able, else it stays removed; a creature spell played so gains haste until its player loses control of it.",
        example: Some(("Rift Bolt", "suspend 1—{R}")),
    },
    Form {
        id: "rebound",
        rule: "702.88",
        wording: "rebound",
        meaning: "Current rule (2010, no 2009 rule; same meaning under both editions): an instant or sorcery cast from its owner's hand is removed from the game instead of put into the graveyard as it resolves, and at the beginning of the caster's next upkeep a delayed triggered ability lets him or her cast it from there without paying its mana cost (702.88a). Countered, it goes to the graveyard.",
        example: Some(("Staggershock", "rebound")),
    },
    Form {
        id: "retrace",
        rule: "502.81",
        wording: "retrace",
        meaning: "The card may be played from its owner's graveyard, with the usual timing, by discarding a land card in addition to its other costs (502.81a); it then goes wherever it would. Scenario files announce it with `with = [\"retrace\"]`; the land discarded is asked like any discard (the `discard` action; by default the land most recently put into the hand).",
        example: Some(("Flame Jab", "retrace")),
    },
    Form {
        id: "jump-start",
        rule: "702.133",
        wording: "jump-start",
        meaning: "Current rule (2018, no 2009 rule; same meaning under both editions): an instant or sorcery may be played from its owner's graveyard by discarding a card in addition to its other costs; played so, it is removed from the game whenever it would leave the stack (702.133a). Scenario files announce it with `with = [\"jump-start\"]`; the card discarded is asked like any discard (by default the card most recently put into the hand).",
        example: Some(("Chemister's Insight", "jump-start")),
    },
    Form {
        id: "typecycling",
        rule: "502.18",
        wording: "<type>cycling <mana-cost>",
        meaning: "\"[Cost], Discard this card: Search your library for a [type] card, reveal it, and put it into your hand. Then shuffle your library.\" (502.18d), played from the hand like cycling (scenario action `cycle`; a card with several cycling abilities plays the first). The card found is its player's choice (`choose`, or `nothing` to find none); the engine's shuffle is a reproducible pseudo-random order.",
        example: Some(("Pale Recluse", "forestcycling {2}")),
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
    Form {
        id: "transmute",
        rule: "502.48",
        wording: "transmute <mana-cost>",
        meaning: "\"[Cost], Discard this card: Search your library for a card with the same converted mana cost as the discarded card, reveal that card, and put it into your hand. Then shuffle your library. Play this ability only any time you could play a sorcery.\" (502.48a), played only from its owner's hand (502.48b; scenario action `activate` naming the card). The card found is its player's choice (`choose`, or `nothing` to find none); the engine's shuffle is a reproducible pseudo-random order.",
        example: Some(("Dizzy Spell", "transmute {1}{U}{U}")),
    },
    Form {
        id: "reinforce",
        rule: "502.77",
        wording: "reinforce <number>—<mana-cost>",
        meaning: "\"[Cost], Discard this card: Put N +1/+1 counters on target creature.\" (502.77a), played only from its owner's hand (502.77b; scenario action `activate` naming the card), any time he or she has priority.",
        example: Some(("Mosquito Guard", "reinforce 1—{1}{W}")),
    },
    Form {
        id: "scavenge",
        rule: "702.97",
        wording: "scavenge <mana-cost>",
        meaning: "Current rule (2012, no 2009 rule; same meaning under both editions): \"[Cost], Exile this card from your graveyard: Put a number of +1/+1 counters equal to the power of the card you exiled on target creature. Activate only as a sorcery.\" (702.97a; exiling is 2009's removing from the game), played only from its owner's graveyard (scenario action `activate` naming the card); the power is the printed one, as nothing changes a card out of the game.",
        example: Some(("Slitherhead", "scavenge {0}")),
    },
    Form {
        id: "embalm",
        rule: "702.128",
        wording: "embalm <mana-cost>",
        meaning: "Current rule (2017, no 2009 rule; same meaning under both editions): \"[Cost], Exile this card from your graveyard: Create a token that's a copy of this card, except it's white, it has no mana cost, and it's a Zombie in addition to its other types. Activate only as a sorcery.\" (702.128a; exiling is 2009's removing from the game, creating a token putting it into play), played only from its owner's graveyard (scenario action `activate` naming the card). The token copies the printed card with those exceptions; its comes-into-play abilities trigger.",
        example: Some(("Sacred Cat", "embalm {W}")),
    },
    Form {
        id: "eternalize",
        rule: "702.129",
        wording: "eternalize <mana-cost>",
        meaning: "Current rule (2017, no 2009 rule; same meaning under both editions): embalm's token, except it's black and 4/4 (702.129a). Costs that aren't mana (\"Eternalize—{2}{W}{W}, Discard a card\") are not supported.",
        example: Some(("Proven Combatant", "eternalize {4}{U}{U}")),
    },
    Form {
        id: "dredge",
        rule: "502.47",
        wording: "dredge <number>",
        meaning: "While the card is in its owner's graveyard and he or she has at least N cards in the library (502.47b), each time he or she would draw a card, he or she may instead put the top N cards of the library into the graveyard and return this card to the hand (502.47a): a replacement of the draw, asked before each draw (scenario `choose` with the dredge card as both source and answer; by default the player draws).",
        example: Some(("Grave-Shell Scarab", "dredge 1")),
    },
    Form {
        id: "surge",
        rule: "702.117",
        wording: "surge <mana-cost>",
        meaning: "Current rule (2016, no 2009 rule; same meaning under both editions): the spell may be played for this cost rather than its mana cost if its caster has played another spell this turn (702.117a; a two-player game has no teammates). Scenario files announce it with `with = [\"surge\"]`.",
        example: Some(("Boulder Salvo", "surge {1}{R}")),
    },
    Form {
        id: "miracle",
        rule: "702.94",
        wording: "miracle <mana-cost>",
        meaning: "Current rule (2012, no 2009 rule; same meaning under both editions): as its owner draws it, if it's the first card he or she has drawn this turn, he or she may reveal it (`choose` the card; by default it isn't); revealing it triggers, and as that ability resolves he or she may cast it for this cost rather than its mana cost, whatever its type's timing, if it is still in the hand (702.94a-b). Miracle costs with {X} are not supported.",
        example: Some(("Thunderous Wrath", "miracle {R}")),
    },
    Form {
        id: "recover",
        rule: "502.55",
        wording: "recover <mana-cost>",
        meaning: "While the card is in a graveyard: when a creature is put into that graveyard from play, its owner may pay this cost (offered only if it can be paid); if he or she does, the card returns to the hand, otherwise it is removed from the game (502.55a). Each creature triggers it; a card put into the graveyard at the same time as the creature doesn't trigger (410.10d). Costs that aren't mana (\"Recover—Pay half your life\") are not supported.",
        example: Some(("Krovikan Rot", "recover {1}{B}{B}")),
    },
    Form {
        id: "kicker-and-or",
        rule: "502.21",
        wording: "kicker <mana-cost> and/or <mana-cost>",
        meaning: "Two kicker abilities, \"Kicker [cost 1], kicker [cost 2]\" (502.21a): either, both or neither may be paid in addition (scenario `with = [\"kicker\"]` for the first, `\"second-kicker\"` for the second); the spell remembers which were paid, for the abilities linked to each (502.21c), and it was kicked if either was.",
        example: None,
    },
    Form {
        id: "multikicker",
        rule: "702.33",
        wording: "multikicker <mana-cost>",
        meaning: "Current 702.33c (Zendikar, after February 2009; the kicker rule 502.21 otherwise applies): the cost may be paid in addition any number of times (scenario `with` lists `\"multikicker\"` once for each payment), all of it as one total cost (409.1f-h); the spell remembers how many times it was kicked, for the abilities linked to it (\"for each time it was kicked\", current 702.33d-e).",
        example: Some(("Apex Hawks", "multikicker {1}{W}")),
    },
    Form {
        id: "tribute",
        rule: "702.104",
        wording: "tribute <number>",
        meaning: "Current rule (2014, no 2009 rule; same meaning under both editions): as it comes into play, its controller chooses an opponent (`choose` the player; by default the first in turn order), who may have it come into play with N more +1/+1 counters (`choose` the permanent; by default he or she doesn't), part of the event (702.104a). The abilities that check \"if tribute wasn't paid\" (702.104b) are not supported.",
        example: None,
    },
    Form {
        id: "hideaway",
        rule: "502.75",
        wording: "hideaway",
        meaning: "It comes into play tapped; as it comes into play its controller looks at the top four cards of his or her library, removes one of them (`choose`; by default the first) from the game face down and puts the rest on the bottom in any order (the engine keeps the order they had and doesn't ask) (502.75a). The engine keeps no hidden information, so \"face down\" changes nothing it models. The abilities that play the removed card are not supported.",
        example: None,
    },
    Form {
        id: "emerge",
        rule: "702.119",
        wording: "emerge <mana-cost>",
        meaning: "Current rule (2016, no 2009 rule; same meaning under both editions): the spell may be played by paying this cost and sacrificing a creature its caster controls rather than paying its mana cost; the total cost is reduced by the sacrificed creature's mana value (converted mana cost; generic mana only) (702.119a-b). Scenario files announce it with `with = [\"emerge\"]` and `choose` the creature (by default the first the player controls).",
        example: None,
    },
    Form {
        id: "prowl",
        rule: "502.76",
        wording: "prowl <mana-cost>",
        meaning: "The spell may be played for this cost rather than its mana cost if a player was dealt combat damage this turn by a source that, as it dealt that damage, was under its caster's control and had any of the spell's creature types (502.76a); a source that had left play is known by its last known information (502.76b); changeling counts as every creature type. Scenario files announce it with `with = [\"prowl\"]`.",
        example: None,
    },
    Form {
        id: "awaken",
        rule: "702.113",
        wording: "awaken <number>—<mana-cost>",
        meaning: "Current rule (2015, no 2009 rule; same meaning under both editions): the spell may be played for this cost rather than its mana cost; if it is, it has one more target, a land its caster controls (the last of `targets`), and as it resolves, after its other instructions, N +1/+1 counters are put on that land and it becomes a 0/0 Elemental creature with haste, still a land, with no end (702.113a). Scenario files announce it with `with = [\"awaken\"]`.",
        example: Some(("Coastal Discovery", "awaken 4—{5}{U}")),
    },
    Form {
        id: "enchant-player",
        rule: "502.45",
        wording: "enchant player | enchant opponent",
        meaning: "The Aura spell targets a player (an opponent of its caster for \"enchant opponent\"), and the Aura comes into play attached to that player (212.4d; glossary \"Enchant Player\"); it can't target or be attached to an object. \"enchanted player\" in its other abilities is that player (\"Creatures enchanted player controls attack each combat if able.\"). One attached to no player, or to one who has left the game, is put into its owner's graveyard (420.5d). A scenario's Aura in play names the player in `attached_to`.",
        example: None,
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
const SIMPLE: [(&str, &str, Keyword); 56] = [
    ("retrace", "retrace", Keyword::Retrace),
    ("jump-start", "jump-start", Keyword::JumpStart),
    ("rebound", "rebound", Keyword::Rebound),
    ("soulbond", "soulbond", Keyword::Soulbond),
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
    ("banding", "banding", Keyword::Banding),
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
    ("hideaway", "hideaway", Keyword::Hideaway),
];

/// One keyword of a keyword line: the form's id and its abilities (protection from two colors
/// is two abilities); `Err` carries how far it was understood.
pub fn keyword(text: &str) -> Result<(&'static str, Vec<Ability>), Parser> {
    // "Cumulative upkeep—Pay 1 life": the dash is a word of its own.
    let mut p = Parser::new(&text.replace('—', " — "));
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
    // "islandwalk", "snow forestwalk", "desertwalk", "legendary landwalk" (502.6a).
    if let Some(w) = p.attempt(|p| {
        let before = p
            .eat_one_of(&["snow", "legendary", "nonbasic"])
            .map(|i| ["snow", "legendary", "nonbasic"][i]);
        let word = p.next_word()?.to_ascii_lowercase();
        crate::landwalk::Walk::from_words(before, &word)
            .filter(|w| *w != crate::landwalk::Walk::Any)
    }) {
        return Some(("landwalk", vec![Keyword::Landwalk(w)]));
    }
    // "Bands with other legendary creatures" (502.11): the quality as a description of
    // creatures.
    if p.eat("bands with other") {
        let quality = super::phrase::of_creatures(filter(p)?);
        return Some((
            "bands-with-other",
            vec![Keyword::BandsWithOther(Box::new(quality))],
        ));
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
        if let Some(i) = p.eat_one_of(&["player", "opponent"]) {
            return Some((
                "enchant-player",
                vec![Keyword::EnchantPlayer { opponent: i == 1 }],
            ));
        }
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
        // 502.21a: "Kicker [cost 1] and/or [cost 2]" is two kicker abilities.
        if p.eat("and/or") {
            let second = fixed_cost(&p.next_word()?)?;
            return Some((
                "kicker-and-or",
                vec![Keyword::Kicker(cost), Keyword::Kicker(second)],
            ));
        }
        return Some(("kicker", vec![Keyword::Kicker(cost)]));
    }
    if p.eat("awaken") {
        let n = number(p)?;
        p.eat("—").then_some(())?;
        let cost = fixed_cost(&p.next_word()?)?;
        return Some(("awaken", vec![Keyword::Awaken(n, cost)]));
    }
    if p.eat("prowl") {
        let cost = fixed_cost(&p.next_word()?)?;
        return Some(("prowl", vec![Keyword::Prowl(cost)]));
    }
    if p.eat("emerge") {
        let cost = fixed_cost(&p.next_word()?)?;
        return Some(("emerge", vec![Keyword::Emerge(cost)]));
    }
    if p.eat("tribute") {
        return Some(("tribute", vec![Keyword::Tribute(number(p)?)]));
    }
    if p.eat("multikicker") {
        let cost = fixed_cost(&p.next_word()?)?;
        return Some(("multikicker", vec![Keyword::Multikicker(cost)]));
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
    if p.eat("level up") {
        let w = p.next_word()?;
        let cost = fixed_cost(&w)?;
        return Some(("level-up", vec![Keyword::LevelUp(cost)]));
    }
    if p.eat("megamorph") {
        let w = p.next_word()?;
        let cost = fixed_cost(&w)?;
        return Some(("megamorph", vec![Keyword::Megamorph(cost)]));
    }
    if p.eat("morph") {
        let w = p.next_word()?;
        let cost = fixed_cost(&w)?;
        return Some(("morph", vec![Keyword::Morph(cost)]));
    }
    if p.eat("bestow") {
        let w = p.next_word()?;
        let cost = fixed_cost(&w)?;
        return Some(("bestow", vec![Keyword::Bestow(cost)]));
    }
    if p.eat("champion") {
        p.eat_one_of(&["an", "a"])?;
        let what = filter(p)?;
        return Some(("champion", vec![Keyword::Champion(Box::new(what))]));
    }
    if p.eat("crew") {
        return Some(("crew", vec![Keyword::Crew(number(p)?)]));
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
    if p.eat("cumulative upkeep") {
        let cost = keyword_cost(p)?;
        return Some(("cumulative-upkeep", vec![Keyword::CumulativeUpkeep(cost)]));
    }
    if p.eat("echo") {
        return Some(("echo", vec![Keyword::Echo(keyword_cost(p)?)]));
    }
    if p.eat("dash") {
        let cost: ManaCost = p.next_word()?.parse().ok()?;
        return Some(("dash", vec![Keyword::Dash(cost)]));
    }
    if let Some((kind, what)) = p.attempt(typecycling) {
        let cost: ManaCost = p.next_word()?.parse().ok()?;
        return Some((
            "typecycling",
            vec![Keyword::Typecycling {
                kind,
                filter: Box::new(what),
                cost,
            }],
        ));
    }
    if p.eat("madness") {
        let cost: ManaCost = p.next_word()?.parse().ok()?;
        return Some(("madness", vec![Keyword::Madness(cost)]));
    }
    if p.eat("suspend") {
        let n = number(p)?;
        p.eat("—").then_some(())?;
        let cost: ManaCost = p.next_word()?.parse().ok()?;
        return Some(("suspend", vec![Keyword::Suspend(n, cost)]));
    }
    if p.eat("unearth") {
        let cost: ManaCost = p.next_word()?.parse().ok()?;
        return Some(("unearth", vec![Keyword::Unearth(cost)]));
    }
    if p.eat("transmute") {
        let cost = fixed_cost(&p.next_word()?)?;
        return Some(("transmute", vec![Keyword::Transmute(cost)]));
    }
    if p.eat("reinforce") {
        let n = number(p)?;
        p.eat("—").then_some(())?;
        let cost = fixed_cost(&p.next_word()?)?;
        return Some(("reinforce", vec![Keyword::Reinforce(n, cost)]));
    }
    if p.eat("scavenge") {
        let cost = fixed_cost(&p.next_word()?)?;
        return Some(("scavenge", vec![Keyword::Scavenge(cost)]));
    }
    if p.eat("embalm") {
        let cost = fixed_cost(&p.next_word()?)?;
        return Some(("embalm", vec![Keyword::Embalm(cost)]));
    }
    if p.eat("eternalize") {
        let cost = fixed_cost(&p.next_word()?)?;
        return Some(("eternalize", vec![Keyword::Eternalize(cost)]));
    }
    if p.eat("surge") {
        let cost = fixed_cost(&p.next_word()?)?;
        return Some(("surge", vec![Keyword::Surge(cost)]));
    }
    if p.eat("miracle") {
        let cost = fixed_cost(&p.next_word()?)?;
        return Some(("miracle", vec![Keyword::Miracle(cost)]));
    }
    if p.eat("recover") {
        let cost = fixed_cost(&p.next_word()?)?;
        return Some(("recover", vec![Keyword::Recover(cost)]));
    }
    if p.eat("dredge") {
        return Some(("dredge", vec![Keyword::Dredge(number(p)?)]));
    }
    None
}

/// "Forestcycling", "Basic landcycling", "Slivercycling" (502.18d): the type before "cycling",
/// as written, and the cards it describes.
fn typecycling(p: &mut Parser) -> Option<(String, Filter)> {
    let mut words = Vec::new();
    loop {
        let w = p.next_word()?;
        let lower = w.to_ascii_lowercase();
        if let Some(n) = lower.strip_suffix("cycling").map(str::len) {
            if n == 0 {
                return None;
            }
            words.push(w[..n].to_string());
            break;
        }
        words.push(w);
        if words.len() > 3 {
            return None;
        }
    }
    let kind = words.join(" ");
    let mut inner = Parser::new(&kind);
    let what = filter(&mut inner)?;
    inner.at_end().then_some((kind, what))
}

/// The cost after a keyword (502.13a, 502.19a): mana symbols ("{1}{U}"), a choice of two colored
/// symbols ("{R} or {G}", held as one hybrid symbol: each payment chooses one), or an em dash
/// and a cost in words ("—Pay 1 life", "—Sacrifice a land"). Never `{T}`: an upkeep cost isn't
/// an activation.
fn keyword_cost(p: &mut Parser) -> Option<Cost> {
    if p.eat("—") {
        let cost = super::effects::cost(p)?;
        return (!cost.tap).then_some(cost);
    }
    let w = p.next_word()?;
    let mana: ManaCost = w.parse().ok()?;
    if p.eat("or") {
        let other: ManaCost = p.next_word()?.parse().ok()?;
        return match (mana.0.as_slice(), other.0.as_slice()) {
            ([ManaSymbol::Colored(a)], [ManaSymbol::Colored(b)]) if a != b => Some(Cost {
                mana: ManaCost(vec![ManaSymbol::Hybrid(*a, *b)]),
                ..Cost::default()
            }),
            _ => None,
        };
    }
    Some(Cost {
        mana,
        ..Cost::default()
    })
}

/// 502.7a: a quality is any characteristic value; card text names a color, a kind of color,
/// everything (502.7g), or a description of objects ("artifacts", "Goblins", "instants").
pub(super) fn protection_quality(p: &mut Parser) -> Option<Filter> {
    p.attempt(|p| {
        // "the chosen color": the color chosen as the permanent with the ability came into
        // play (410.10e), bound to it by the layers (`layers::static_effects`).
        if p.eat("the chosen color") {
            return Some(Filter::ChosenColor);
        }
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
            "snow",
        ]) {
            // "Protection from snow" (Ronom Hulk): snow objects, a supertype (205.4a).
            Some(5) => Some(Filter::Supertype(crate::typeline::Supertype::Snow)),
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

/// A mana cost without {X}: turning a permanent face up has no way to choose X (Bane of the
/// Living's "Morph {X}{B}{B}" is not supported).
fn fixed_cost(w: &str) -> Option<ManaCost> {
    let cost: ManaCost = w.parse().ok()?;
    (!cost.0.contains(&crate::mana::ManaSymbol::X)).then_some(cost)
}

pub(super) fn capitalize(s: &str) -> String {
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
                keyword: Keyword::Landwalk(crate::landwalk::Walk::Basic(BasicLandType::Mountain))
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
        let e = keyword("enchant the chosen player").unwrap_err().error();
        assert!(e.contains("a description"), "{e}");
        assert!(keyword("enchant player").is_ok());
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
