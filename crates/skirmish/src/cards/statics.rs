//! Static abilities about attacking and blocking (500.1): a subject, one or more predicates
//! joined by "and", and an optional condition.
//!
//! ```text
//! static    := [ability-word "—"] [("as long as" | "if") condition "," | turn ","] subject
//!              predicates ("and" subject predicates)*
//!              [("as long as" | "if" | "unless") condition | turn] "."
//! turn      := "during your turn" | "during each opponent's turn" | ...
//!            | "All creatures able to block" subject "do so."
//!            | ("your opponents" | "each opponent" | "you") "can't" ("attack" | "block") "with"
//!              filter "."
//! subject   := "~" | "enchanted creature" | "all creatures" | "each" filter | filter
//! predicates:= predicate ("," predicate)* [","] "and" predicate
//! ```
//!
//! Each predicate is one [`Form`]: its wording, rule and meaning are listed in [`FORMS`], which
//! `docs/card-text.md` prints, and each has a real card as its example, checked by a test.

use super::parser::Parser;
use super::phrase::{self, condition, creature_filter, number};
use crate::ability::{Ability, CombatRule, Keyword, Scope, StaticEffect};
use crate::filter::{Condition, Filter, PlayerRef};
use crate::typeline::CardType;

/// One production of the grammar as the documentation lists it.
pub struct Form {
    pub id: &'static str,
    pub rule: &'static str,
    /// How card text says it; `<filter>` and `<condition>` are the phrases of
    /// `docs/card-text.md`, `[a|b]` either wording.
    pub wording: &'static str,
    pub meaning: &'static str,
    /// A real card and its sentence that use the form (checked by a test against the bundled
    /// library); `None` where no bundled card does.
    pub example: Option<(&'static str, &'static str)>,
}

/// The predicates of static combat abilities, in the order they are tried.
pub static FORMS: &[Form] = &[
    Form {
        id: "cant-attack-or-block-alone",
        rule: "306.5",
        wording: "can't attack or block alone",
        meaning: "Two restrictions: it can attack only if another creature attacks too, and block only if another creature blocks too.",
        example: Some((
            "Mogg Flunkies",
            "Mogg Flunkies can't attack or block alone.",
        )),
    },
    Form {
        id: "cant-attack-or-block",
        rule: "500.2, 500.3",
        wording: "can't attack or block",
        meaning: "Two restrictions: it can't attack, and it can't block.",
        example: Some(("Pacifism", "Enchanted creature can't attack or block.")),
    },
    Form {
        id: "cant-attack-alone",
        rule: "306.5",
        wording: "can't attack alone",
        meaning: "Restriction: it can attack only if another creature is declared as an attacker too.",
        example: Some(("Bonded Construct", "Bonded Construct can't attack alone.")),
    },
    Form {
        id: "attacks-only-alone",
        rule: "306.5, 500.2",
        wording: "can only attack alone",
        meaning: "Restriction: it can attack only as the one creature declared as an attacker; if it attacks, no other creature does.",
        example: Some((
            "Master of Cruelties",
            "Master of Cruelties can only attack alone.",
        )),
    },
    Form {
        id: "cant-block-alone",
        rule: "306.5",
        wording: "can't block alone",
        meaning: "Restriction: it can block only if another creature is declared as a blocker too.",
        example: None,
    },
    Form {
        id: "cant-attack-you",
        rule: "500.2",
        wording: "can't attack you [|or planeswalkers you control|or a planeswalker you control]",
        meaning: "Restriction: it can't attack the controller of the ability's object, nor a planeswalker that player controls.",
        example: None,
    },
    Form {
        id: "cant-attack-its-owner",
        rule: "500.2",
        wording: "can't attack its owner [or planeswalkers its owner controls]",
        meaning: "Restriction: the creature can't attack the player who owns it (200.6a: the owner of the card), nor a planeswalker that player controls; it matters once another player controls it (Xantcha, Sleeper Agent).",
        example: None,
    },
    Form {
        id: "cant-attack-or-block-unless-pay",
        rule: "308.2d, 309.2b, 500.2, 500.3",
        wording: "can't attack or block unless [you pay|its controller pays] <mana> [for each <counter> counter on it]",
        meaning: "Two costs: to attack, its controller pays that much generic mana as attackers are declared; to block, as blockers are declared. Partial payments are not allowed, and a requirement never forces the payment (500.2, 500.3).",
        example: Some((
            "Qal Sisma Behemoth",
            "Qal Sisma Behemoth can't attack or block unless you pay {2}.",
        )),
    },
    Form {
        id: "cant-attack-you-unless-pay",
        rule: "308.2d, 500.2",
        wording: "can't attack you [or a planeswalker you control] unless their controller pays <mana> for each [creature he or she controls that's attacking you|of those creatures] [, where X is <amount>]",
        meaning: "A cost to attack the controller of the ability (and that player's planeswalkers) for each creature the description fits; `{X}` is read as attackers are declared. Creatures the description doesn't fit attack for free.",
        example: Some((
            "Elephant Grass",
            "Nonblack creatures can't attack you unless their controller pays {2} for each creature he or she controls that's attacking you.",
        )),
    },
    Form {
        id: "cant-attack-unless-give-up",
        rule: "308.2d, 308.2f, 500.2",
        wording: "can't attack unless [you sacrifice|you return|their controller sacrifices|its controller returns] <count> <filter> [to its owner's hand] [for each <creature filter> he or she controls that's attacking]",
        meaning: "A cost to attack paid with permanents of the creature's controller, for each creature it applies to: as attackers are declared the declaration is legal only if every such cost can be paid at once, a permanent paying one cost once (checked as a matching of costs to permanents); the engine then sacrifices them or returns them to their owners' hands, tapped ones and those without mana abilities first, after mana is paid. Like every cost, nobody must pay it to obey a requirement (500.2).",
        example: Some((
            "Exalted Dragon",
            "Exalted Dragon can't attack unless you sacrifice a land.",
        )),
    },
    Form {
        id: "cant-attack-unless-pay",
        rule: "308.2d, 500.2",
        wording: "can't attack unless [you pay|its controller pays] <mana> [for each <counter> counter on it]",
        meaning: "A cost to attack with it, whatever it attacks, paid with the other costs as attackers are declared (308.2d-f).",
        example: Some((
            "Brainwash",
            "Enchanted creature can't attack unless its controller pays {3}.",
        )),
    },
    Form {
        id: "cant-block-unless-pay-life",
        rule: "309.2b, 309.2d, 215.4, 500.3",
        wording: "can't block [<filter>] unless [you pay|their controller pays] <number> life [for each blocking creature he or she controls]",
        meaning: "A cost to block paid in life by the defending player, once per blocking creature (per attacker when it can block attackers the description doesn't fit); a declaration whose life costs exceed the player's life total is illegal (215.4). Like every cost, nobody must pay it to obey a requirement (500.3).",
        example: None,
    },
    Form {
        id: "cant-block-unless-pay",
        rule: "309.2b, 500.3",
        wording: "can't block [<filter>] unless [you pay|their controller pays] <mana> [for each of those creatures]",
        meaning: "A cost to block with it (to block the attackers the description fits, if one is given), paid as blockers are declared (309.2b-d) from the mana the defending player can make; blocking doesn't tap, so its own mana abilities can pay.",
        example: Some((
            "Hipparion",
            "Hipparion can't block creatures with power 3 or greater unless you pay {1}.",
        )),
    },
    Form {
        id: "cant-be-blocked-unless-pay",
        rule: "309.2b, 500.3",
        wording: "can't be blocked unless defending player pays <mana> for each creature he or she controls that's blocking it",
        meaning: "Each creature that blocks it costs the defending player that much generic mana as blockers are declared.",
        example: Some((
            "Awesome Presence",
            "Enchanted creature can't be blocked unless defending player pays {3} for each creature he or she controls that's blocking it.",
        )),
    },
    Form {
        id: "blocks-while-tapped",
        rule: "309.2a, 500.3",
        wording: "can block as though [it were|they were] untapped",
        meaning: "A permission: being tapped doesn't keep it from blocking (309.2a says blockers must be untapped). A tapped creature is still exempt from requirements to block (500.3).",
        example: Some((
            "Masako the Humorless",
            "Tapped creatures you control can block as though they were untapped.",
        )),
    },
    Form {
        id: "cant-attack-unless-others",
        rule: "500.2",
        wording: "can't attack unless [at least <number> other creatures attack|a <filter> also attacks]",
        meaning: "Restriction: it attacks only if that many other creatures (any, or those the description fits, read with it) are declared as attackers too.",
        example: Some((
            "Orcish Conscripts",
            "Orcish Conscripts can't attack unless at least two other creatures attack.",
        )),
    },
    Form {
        id: "cant-block-unless-others",
        rule: "500.3",
        wording: "can't block unless [at least <number> other creatures block|a <filter> also blocks]",
        meaning: "Restriction: it blocks only if that many other creatures (any, or those the description fits) are declared as blockers too.",
        example: Some((
            "Orcish Conscripts",
            "Orcish Conscripts can't block unless at least two other creatures block.",
        )),
    },
    Form {
        id: "blocked-only-by-all",
        rule: "500.3",
        wording: "can't be blocked unless all creatures defending player controls block it",
        meaning: "Restriction: if anything blocks it, every creature the defending player controls blocks it; with a tapped one, or one that can't block it, it can't be blocked at all.",
        example: Some((
            "Tromokratis",
            "Tromokratis can't be blocked unless all creatures defending player controls block it.",
        )),
    },
    Form {
        id: "must-be-blocked-by",
        rule: "500.3",
        wording: "must be blocked by [a|an] <filter> if able",
        meaning: "Requirement: obeyed when a creature the description fits blocks it. Slayer's Cleaver (bundled) says it after a pump: \"Equipped creature gets +3/+1 and must be blocked by an Eldrazi if able.\"",
        example: None,
    },
    Form {
        id: "blocks-additional-for-each",
        rule: "309.2a",
        wording: "can block an additional creature for each <filter>",
        meaning: "It may block one more attacker for each permanent the description fits (\"Equipment attached to ~\"), counted as blockers are declared.",
        example: Some((
            "Kemba's Legion",
            "Kemba's Legion can block an additional creature for each Equipment attached to Kemba's Legion.",
        )),
    },
    Form {
        id: "cant-attack-block-or-crew",
        rule: "500.2, 500.3; current 702.122a",
        wording: "can't attack, block, or crew Vehicles",
        meaning: "Three restrictions: it can't attack, it can't block, and it can't be tapped to pay a crew cost.",
        example: Some((
            "Revoke Privileges",
            "Enchanted creature can't attack, block, or crew Vehicles.",
        )),
    },
    Form {
        id: "cant-crew",
        rule: "current 702.122a",
        wording: "can't crew Vehicles",
        meaning: "It can't be tapped to pay a crew cost.",
        example: None,
    },
    Form {
        id: "doesnt-untap",
        rule: "302.2",
        wording: "[doesn't|don't] untap during [your|its controller's] untap step",
        meaning: "Its controller's untap step leaves it tapped (302.2: effects can keep permanents from untapping); a tapped creature can't attack or block (308.2a, 309.2a).",
        example: Some((
            "Claustrophobia",
            "Enchanted creature doesn't untap during its controller's untap step.",
        )),
    },
    Form {
        id: "cant-attack",
        rule: "500.2",
        wording: "can't attack",
        meaning: "Restriction: it can't attack. With a condition about the defending player, it can't attack a player (or that player's planeswalkers) for whom the condition holds.",
        example: Some((
            "Magus of the Moat",
            "Creatures without flying can't attack.",
        )),
    },
    Form {
        id: "cant-block-creatures",
        rule: "500.3",
        wording: "can't block <filter> | can't block [it|~]",
        meaning: "Restriction: it can't block attackers the description fits (\"it\" is the ability's object).",
        example: Some((
            "Brassclaw Orcs",
            "Brassclaw Orcs can't block creatures with power 2 or greater.",
        )),
    },
    Form {
        id: "cant-block",
        rule: "500.3",
        wording: "can't block",
        meaning: "Restriction: it can't block.",
        example: Some(("Spineless Thug", "Spineless Thug can't block.")),
    },
    Form {
        id: "min-blockers",
        rule: "500.3",
        wording: "can't be blocked except by <number> or more creatures",
        meaning: "Restriction: if it's blocked at all, it's blocked by at least that many creatures.",
        example: Some((
            "Gorilla Berserkers",
            "Gorilla Berserkers can't be blocked except by three or more creatures.",
        )),
    },
    Form {
        id: "cant-be-blocked-except-by",
        rule: "500.3a",
        wording: "can't be blocked except by <filter>",
        meaning: "Evasion: creatures the description doesn't fit can't block it.",
        example: Some((
            "Dread Warlock",
            "Dread Warlock can't be blocked except by black creatures.",
        )),
    },
    Form {
        id: "max-one-blocker",
        rule: "500.3",
        wording: "can't be blocked by more than one creature",
        meaning: "Restriction: at most one creature blocks it.",
        example: Some((
            "Charging Rhino",
            "Charging Rhino can't be blocked by more than one creature.",
        )),
    },
    Form {
        id: "cant-be-blocked-by",
        rule: "500.3a",
        wording: "can't be blocked by <filter>",
        meaning: "Evasion: creatures the description fits can't block it.",
        example: Some(("Juggernaut", "Juggernaut can't be blocked by Walls.")),
    },
    Form {
        id: "cant-block-or-be-blocked-by",
        rule: "500.3a",
        wording: "can't block or be blocked by <filter>",
        meaning: "Both ways: it can't block creatures the description fits, and they can't block it.",
        example: Some((
            "Sneaky Homunculus",
            "Sneaky Homunculus can't block or be blocked by creatures with power 2 or greater.",
        )),
    },
    Form {
        id: "unblockable",
        rule: "500.3a",
        wording: "[is unblockable|can't be blocked]",
        meaning: "Evasion: no creature can block it.",
        example: Some(("Phantom Warrior", "Phantom Warrior is unblockable.")),
    },
    Form {
        id: "attacks-or-blocks-each-combat",
        rule: "500.2, 500.3",
        wording: "attacks or blocks each [turn|combat] if able",
        meaning: "Two requirements: it attacks if able, and it blocks if able.",
        example: None,
    },
    Form {
        id: "attacks-each-combat",
        rule: "500.2",
        wording: "attack[s] each [turn|combat] if able",
        meaning: "Requirement: it attacks if able. Tapped creatures and creatures with unpaid attack costs are exempt.",
        example: Some(("Crazed Goblin", "Crazed Goblin attacks each turn if able.")),
    },
    Form {
        id: "blocks-each-combat",
        rule: "500.3",
        wording: "block[s] each [turn|combat] if able",
        meaning: "Requirement: it blocks if able. Tapped creatures and creatures with unpaid block costs are exempt.",
        example: Some((
            "Razorgrass Screen",
            "Razorgrass Screen blocks each turn if able.",
        )),
    },
    Form {
        id: "must-be-blocked-by-one",
        rule: "500.3",
        wording: "must be blocked by exactly one creature [|each turn|each combat] if able",
        meaning: "Requirement, one instance: obeyed when exactly one creature blocks it; two or more blockers are legal but disobey it, so a declaration with them is legal only if no declaration obeys more requirements.",
        example: None,
    },
    Form {
        id: "must-be-blocked",
        rule: "500.3",
        wording: "must be blocked [|each turn|each combat] if able",
        meaning: "Requirement, one instance: obeyed when at least one creature blocks it.",
        example: Some((
            "Gaea's Protector",
            "Gaea's Protector must be blocked if able.",
        )),
    },
    Form {
        id: "blocks-only",
        rule: "500.3",
        wording: "can block only <filter>",
        meaning: "Restriction: it can't block attackers the description doesn't fit.",
        example: Some((
            "Cloud Sprite",
            "Cloud Sprite can block only creatures with flying.",
        )),
    },
    Form {
        id: "blocks-additional",
        rule: "309.2a",
        wording: "can block an additional creature [|each turn|each combat] | can block [an additional <number>|[up to] <number> additional] creatures [|each combat|this turn]",
        meaning: "It may block one (or that many) more attackers.",
        example: Some((
            "Two-Headed Dragon",
            "Two-Headed Dragon can block an additional creature.",
        )),
    },
    Form {
        id: "blocks-as-though",
        rule: "500.3",
        wording: "can block <filter> as though [~|it] had [flying|reach|shadow|horsemanship] | can block <filter> as though they didn't have <keyword>",
        meaning: "Against attackers the description fits, that evasion keyword doesn't stop it from blocking (\"as though it had reach\" answers flying). It doesn't gain the keyword: a shadow creature still can't block it unless it has shadow (502.8).",
        example: Some((
            "Heartwood Dryad",
            "Heartwood Dryad can block creatures with shadow as though Heartwood Dryad had shadow.",
        )),
    },
    Form {
        id: "blocked-as-though",
        rule: "500.3",
        wording: "can be blocked as though [it|they] didn't have <keyword>",
        meaning: "Those evasion keywords of the creature don't stop any creature from blocking it; it keeps them for everything else.",
        example: Some((
            "Quagmire",
            "Creatures with swampwalk can be blocked as though they didn't have swampwalk.",
        )),
    },
    Form {
        id: "attacks-as-though-haste",
        rule: "212.3f",
        wording: "can attack as though [it|they|~] had haste",
        meaning: "It may attack although it hasn't been under its controller's control since the turn began; it doesn't gain haste, so its {T} abilities still wait.",
        example: Some((
            "Instill Energy",
            "Enchanted creature can attack as though it had haste.",
        )),
    },
    Form {
        id: "blocks-any-number",
        rule: "309.2a",
        wording: "can block any number of creatures [|each turn|each combat]",
        meaning: "It may block any number of attackers.",
        example: Some((
            "Palace Guard",
            "Palace Guard can block any number of creatures.",
        )),
    },
    Form {
        id: "gets-pt",
        rule: "418.5a",
        wording: "[gets|get] <pt-change> [for each <counted>] / [gets|get] <x-change>, where X is <amount>",
        meaning: "A static ability that changes power and toughness (layer 6d in 2009: after counters), as long as the subject fits and the condition holds; with \"for each\", that much for each permanent the description fits or card in the graveyards named (\"for each artifact you control\", \"for each creature card in your graveyard\"), counted as characteristics are computed.",
        example: Some(("Glorious Anthem", "Creatures you control get +1/+1.")),
    },
    Form {
        id: "has-keywords",
        rule: "402.9, 418.5a",
        wording: "[has|have] <keyword> [, <keyword>]... [and <keyword>]",
        meaning: "A static ability that grants keywords (layer 5), in timestamp order with effects that add or remove them; its timestamp is its object's (418.5f).",
        example: Some(("Flight", "Enchanted creature has flying.")),
    },
    Form {
        id: "loses-keywords",
        rule: "402.9, 418.5a",
        wording: "[loses|lose] <keyword> [and <keyword>]... [and can't have or gain <the same keywords>]",
        meaning: "A static ability that takes keywords away (layer 5), in timestamp order with effects that add or remove them (the most recent prevails, 402.9); with \"can't have or gain\", no effect gives them back whatever its timestamp.",
        example: None,
    },
    Form {
        id: "has-abilities",
        rule: "402.9, 418.5a",
        wording: "[enchanted land|enchanted permanent|<subject>] [has|have] \"<ability>\" [and <keyword or \"<ability>\">]...",
        meaning: "A static ability that grants quoted abilities (and keywords listed with them) to each permanent it applies to, in layer 5: a granted activated ability can be played by the permanent's controller, a granted triggered ability triggers for it, a granted static ability applies to it. \"This creature\" in the quotes is the permanent that has the ability; the card's own name there is refused unless the card gives the ability to itself.",
        example: Some((
            "Hostile Realm",
            "Enchanted land has \"{T}: Target creature can't block this turn.\"",
        )),
    },
    Form {
        id: "cant-activate",
        rule: "103.2",
        wording: "[its|their] activated abilities [|with {T} in their costs] can't be [played|activated]",
        meaning: "Its activated abilities (or those whose cost has {T}), mana abilities included, can't be played (Arrest: \"Enchanted creature can't attack or block, and its activated abilities can't be played.\"): the \"can't\" wins over the permission (103.2). A mana source so bound doesn't pay costs either.",
        // Arrest says it after "can't attack or block", and a sentence is listed under its first
        // form only.
        example: None,
    },
    Form {
        id: "cant-be-targeted",
        rule: "502.36a",
        wording: "[can't be the target|can't be the targets] of spells or abilities [your opponents control]",
        meaning: "Shroud's own words (502.36a): the permanent can't be the target of spells or abilities; with \"your opponents control\", hexproof's (current 702.11b): not of those its controller's opponents control. Read as the keyword, so everything that reads shroud or hexproof sees it.",
        example: None,
    },
    Form {
        id: "is-color",
        rule: "418.5a, 418.5b",
        wording: "[is|are] <color> [and <color>]...",
        meaning: "A static ability that sets the permanent's colors (layer 5): it is those colors and no others, in timestamp order with resolved effects that set colors (the most recent prevails, 418.5b); its timestamp is its object's (418.5f).",
        example: Some(("Darkest Hour", "All creatures are black.")),
    },
    Form {
        id: "is-types-added",
        rule: "212.1c, 418.5a, 418.5b",
        wording: "is [a|an] [<color> [and <color>]...] <type>... in addition to its other [types|creature types|colors and types]",
        meaning: "A static ability that adds card types (artifact, enchantment, creature, land) and creature types to the permanent's own (212.1c; layer 4), and with \"colors and types\" the colors named to its colors (layer 5), each part in its own layer (418.5b). Static abilities of later layers see them: an Aura that makes its creature an Angel gives it \"Angels you control get +1/+1\" (layer 6). A permanent made a creature has its printed power and toughness. Angelic Destiny: \"Enchanted creature gets +4/+4, has flying and first strike, and is an Angel in addition to its other types.\"",
        example: None,
    },
    Form {
        id: "increase-damage-static",
        rule: "419.6, 419.9a",
        wording: "If <sources> would deal [combat|noncombat] damage[ to <recipients>], [it|that source] deals [double that damage|that much damage plus <number>][ to that <recipients>] instead",
        meaning: "A replacement effect for as long as the permanent is in play (and its condition holds): damage from a source the description fits (\"a source you control\", \"another red source you control\", \"a creature you control\", \"~\"; not spells, which descriptions don't name yet) to a recipient it names (\"a permanent or player\", \"an opponent or a permanent an opponent controls\", \"a creature\"; none: anything) is dealt doubled, or increased by the number, instead (419.6; logged [419.6]). It applies after prevention, and several apply doublings first: the affected player chooses the order (419.9a) and Skirmish makes the choice that deals the least damage, which the log says. Damage all prevented is no event to increase (419.5a).",
        example: None,
    },
    Form {
        id: "controls-attached",
        rule: "418.5a",
        wording: "You control [enchanted|equipped] [creature|permanent|artifact|land]",
        meaning: "A control-changing static ability (layer 2): the controller of the Aura (or Equipment) controls the permanent it is attached to, for as long as it is attached; a control effect that began later prevails while it lasts (418.7). When the Aura leaves play or stops being attached, control goes back to the player who controlled the permanent before. A creature that comes under a new controller this way can't attack until it has been under his or her control continuously since the turn began (212.3f). In a scenario, the permanent is written with the Aura's controller as its `controller` and its `owner`.",
        example: Some(("Control Magic", "You control enchanted creature.")),
    },
    Form {
        id: "isnt-creature",
        rule: "418.5a",
        wording: "[as long as <condition>,] ~ isn't a creature",
        meaning: "A type-changing static ability (layer 4) while its condition holds: the permanent loses the card type creature, with it its creature types and its power and toughness (205.3d, 208.3), so it can't attack or block and nothing about creatures applies to it; its other types stay. The condition may compare an amount with a number (\"your devotion to white is less than five\": the white mana symbols among the mana costs of permanents you control, a hybrid symbol counting once if either of its colors is named, current 700.5).",
        example: Some((
            "Purphoros, God of the Forge",
            "As long as your devotion to red is less than five, Purphoros isn't a creature.",
        )),
    },
    Form {
        id: "is-indestructible",
        rule: "Glossary: Indestructible",
        wording: "[is|are] indestructible",
        meaning: "The 2009 wording of indestructible: rules and effects can't destroy it, and lethal damage doesn't (420.5c).",
        example: Some(("Darksteel Myr", "Darksteel Myr is indestructible.")),
    },
    Form {
        id: "attacks-if-another-attacks",
        rule: "500.1",
        wording: "If [~|a <filter>] attacks, [~|<subject>|all <filter>] [also] attack[s] if able.",
        meaning: "A conditional requirement on each creature of the subject: it asks the creature to attack only once another creature the condition names attacks, so a declaration obeys it when none of those attacks or the creature attacks too (500.4 counts obeyed requirements). \"If able\" exempts a creature that can't attack at all, and a tapped one (500.2).",
        example: Some((
            "Ekundu Cyclops",
            "If a creature you control attacks, Ekundu Cyclops also attacks if able.",
        )),
    },
    Form {
        id: "max-attackers-you",
        rule: "500.2",
        wording: "[<condition>,] No more than <number> creature[s] can attack you [each combat].",
        meaning: "Restriction on each opponent's whole declaration: at most that many creatures attack the ability's controller (attacks on that player's planeswalkers don't count).",
        example: None,
    },
    Form {
        id: "otherwise",
        rule: "500.1",
        wording: "<subject> <predicates> as long as <condition>. Otherwise, it <predicates>.",
        meaning: "The second sentence's static abilities hold about the same subject exactly when the first sentence's condition doesn't (Bonds of Faith: \"Enchanted creature gets +2/+2 as long as it's a Human. Otherwise, it can't attack or block.\"). The sentence is listed under its predicate's form.",
        example: None,
    },
    Form {
        id: "opponents-attack-you",
        rule: "500.1",
        wording: "Each opponent must attack you [or a planeswalker you control] with at least one creature each combat if able.",
        meaning: "One requirement on each opponent as the attacking player, obeyed when at least one creature attacks you (or one of your planeswalkers); tapped creatures and creatures with unpaid costs to attack don't count as able (500.2).",
        example: None,
    },
    Form {
        id: "lure",
        rule: "500.4",
        wording: "All <filter> able to block [~|enchanted creature|equipped creature] do so. | <subject> <predicates> and all creatures able to block it do so.",
        meaning: "Requirement, one per creature able to block it (that the description fits), per instance: two Lures outweigh one (500.Ruling.1).",
        example: Some((
            "Lure",
            "All creatures able to block enchanted creature do so.",
        )),
    },
    Form {
        id: "cant-attack-block-or-transform",
        rule: "500.2, 500.3; current 701.27a",
        wording: "can't attack, block, or transform",
        meaning: "Two restrictions: it can't attack, and it can't block. The third, that it can't transform (current 701.27, 2011; no 2009 rule), has nothing to stop in Skirmish: only double-faced cards and tokens can transform (701.27a, 701.27c), and Skirmish has none, so the permanent never transforms with or without it.",
        example: None,
    },
    Form {
        id: "others-enter-with-counters",
        rule: "419.1b, 410.10e",
        wording: "Each [other] <filter> enters the battlefield with an additional [N|X] <kind> counter[s] on it[, where X is <amount>].",
        meaning: "A replacement effect of the permanent while it is in play: each other permanent the description fits (read from it: \"you control\" is its controller) comes into play with that many more counters, the amount read from it then (logged [419.1b]); permanents coming into play with it don't get them.",
        example: Some((
            "Oona's Blackguard",
            "Each other Rogue creature you control enters the battlefield with an additional +1/+1 counter on it.",
        )),
    },
    Form {
        id: "enters-with-counters",
        rule: "410.10e, 419.1b",
        wording: "~ [comes into play|enters the battlefield|enters] with [a|<number>|X] <kind> counter(s) on it [for each <counted>] [and [a|<number>] <kind> counter(s) on it for each <counted>] [if|unless <condition>]",
        meaning: "It comes into play with that many counters of that kind on it, however it comes into play (cast, returned, put into play by an effect): a replacement effect (419.1b) that is part of the event (410.10e), so its comes-into-play abilities see the counters. X is the X announced for its spell (409.1b), 0 if it comes into play any other way; \"for each\" counts as it comes into play; with \"if\", only if the condition then holds, read about the permanent and its controller. A scenario's starting state gives counters with `counters`.",
        example: Some((
            "Clockwork Beetle",
            "Clockwork Beetle comes into play with two +1/+1 counters on it.",
        )),
    },
    Form {
        id: "attacks-despite-defender",
        rule: "502.41b",
        wording: "can attack [this turn] as though [it|they] didn't have defender",
        meaning: "A permission: defender doesn't keep the creature from attacking (it still has defender, so whatever else reads defender still sees it). With \"this turn\" in an instruction, for that long.",
        example: None,
    },
    Form {
        id: "cant-cast-static",
        rule: "103.2",
        wording: "[as long as <condition>,|during your turn,] [players|each player|your opponents|each opponent|defending player|you] can't cast [<spell description>] spells [with <stat>] [during combat|during your turn]",
        meaning: "While the permanent is in play (and its condition holds), the players named can't play spells the description fits: \"can't\" wins over the permission to play a spell (103.2, 409.1); an attempt is refused citing 103.2 with the ability's words. \"You\" and \"your opponents\" are read from the permanent's controller, \"defending player\" is the player being attacked (306.2; nobody outside combat). \"During combat\" holds in the combat phase's steps (306.1), \"during your turn\" in its controller's turns. Abilities aren't restricted by it. Basandra, Battle Seraph: \"Players can't cast spells during combat.\"",
        example: None,
    },
    Form {
        id: "prevent-static",
        rule: "419.7",
        wording: "[as long as <condition>,] prevent all [combat|noncombat] damage that would be dealt [to <recipients>] [by <sources>] [to and dealt by <one>] | [combat|noncombat] damage [that would be dealt [to <recipients>] [by <sources>]] can't be prevented | prevent all [combat] damage <sources> would deal [to <recipients>] | if [combat] damage would be dealt to <recipients>, prevent that damage [and <instruction>] | if <recipient> would be dealt [combat] damage, prevent that damage [and <instruction>] | if <source> would deal [combat] damage to <recipients>, prevent [that|<number> of that] damage | if [combat] damage would be dealt to <recipients>, <instruction> instead",
        meaning: "A prevention effect for as long as the permanent is in play (and its condition holds): each time damage of that kind from a source the sources name would be dealt to something the recipients name, all of it (or that much of each such event) is prevented (logged [419.7]). An instruction after \"and\" is carried out by the permanent's controller each time, at once, as part of the damage event (\"that many\" and \"the damage prevented this way\" are the damage stopped; \"it\" is the permanent, which only damage to it can say; nothing is targeted). With \"<instruction> instead\" it is a replacement effect (419.6): the damage isn't dealt and the instruction happens in its place (logged [419.6]). \"~\", \"it\" and \"enchanted creature\" are read from the permanent with the ability, descriptions whenever damage would be dealt. Cho-Manno, Revolutionary: \"Prevent all damage that would be dealt to Cho-Manno, Revolutionary.\" \"Damage that would be dealt by ~ can't be prevented.\" (Excruciator) reaches damage the same way and makes it unpreventable while it is in force: no prevention effect, shield or protection stops any of it and no shield is used up (2009 103.2, \"can't\" wins; current 615.12; logged [103.2]).",
        example: None,
    },
    Form {
        id: "redirect-static",
        rule: "419.6c",
        wording: "[as long as <condition>,] all [combat|noncombat] damage that would be dealt [to <recipients>] [by <sources>] is dealt to [~|enchanted creature|you] instead",
        meaning: "A redirection effect for as long as the permanent is in play (and its condition holds): each time damage of that kind from a source the sources name would be dealt to something the recipients name, it is dealt to the permanent (\"enchanted creature\": the one it enchants; \"you\": its controller) instead, as damage of the same source (logged [419.6c]), which may trigger or be prevented there. It does nothing while where it goes is no longer a creature or planeswalker, or is what the damage was going to (419.6c), and meets each damage event once (419.6a); redirected combat damage is still combat damage, dealt to the creature, not the player (no \"deals combat damage to a player\" trigger).",
        example: Some((
            "Protector of the Crown",
            "All damage that would be dealt to you is dealt to Protector of the Crown instead.",
        )),
    },
    Form {
        id: "prevent-then",
        rule: "419.7e",
        wording: "if ... damage would be dealt to <recipients>, prevent that damage. <instruction>.",
        meaning: "The sentence after a static \"If ..., prevent that damage.\" is more of what that prevention does: its instruction is carried out by the permanent's controller each time damage is prevented, once per damage event, at once (no stack). \"That many\", \"the damage prevented this way\" and \"for each 1 damage prevented this way\" are the damage it stopped; \"~\" and \"it\" are the permanent; nothing is targeted.",
        example: Some((
            "Phantom Nantuko",
            "Remove a +1/+1 counter from Phantom Nantuko.",
        )),
    },
    Form {
        id: "defines-pt",
        rule: "208.2, 405.2",
        wording: "~'s power and toughness are each equal to <amount> | ~'s power is equal to <amount> [and its toughness is equal to [that number plus <number>|<amount>]] | ~'s toughness is equal to <amount>",
        meaning: "A characteristic-defining ability, printed with `*` in the power/toughness box (a card with `*` needs one, and one needs the `*`): the number it names is the amount, in every zone, applied first among effects on power and toughness (418.5a layer 6a), so pumps and counters add to it. An amount that reads powers or toughnesses is refused (the dependency of 418.5c-d is not modelled).",
        example: None,
    },
];

/// A compiled static sentence: the forms it used and its abilities.
pub struct StaticSentence {
    pub forms: Vec<&'static str>,
    pub abilities: Vec<Ability>,
}

/// Reads a sentence as a static combat ability; `Err` carries how far it was understood.
pub fn static_ability(text: &str) -> Result<StaticSentence, Parser> {
    let mut p = Parser::new(text);
    match p.attempt(sentence) {
        Some(s) => Ok(s),
        None => Err(p),
    }
}

fn sentence(p: &mut Parser) -> Option<StaticSentence> {
    ability_word(p);
    if let Some(abilities) = p.attempt(super::enters::enters_with) {
        return Some(StaticSentence {
            forms: vec!["enters-with-counters"],
            abilities,
        });
    }
    if let Some(abilities) = p.attempt(super::enters::others_enter_with) {
        return Some(StaticSentence {
            forms: vec!["others-enter-with-counters"],
            abilities,
        });
    }
    if let Some(a) = p.attempt(super::defining::defines_pt) {
        return Some(StaticSentence {
            forms: vec!["defines-pt"],
            abilities: vec![a],
        });
    }
    // "You control enchanted creature." (418.5a layer 2)
    if let Some(scope) = p.attempt(|p| {
        p.eat("you control").then_some(())?;
        let scope = match p.eat_one_of(&[
            "enchanted creature",
            "equipped creature",
            "enchanted permanent",
            "enchanted artifact",
            "enchanted land",
        ])? {
            0 => Scope::EnchantedCreature,
            1 => Scope::EquippedCreature,
            _ => Scope::EnchantedPermanent,
        };
        p.finish()?;
        Some(scope)
    }) {
        return Some(StaticSentence {
            forms: vec!["controls-attached"],
            abilities: vec![Ability::Static {
                scope,
                effect: StaticEffect::Control,
                condition: None,
            }],
        });
    }
    if let Some(s) = p.attempt(lure) {
        return Some(s);
    }
    if let Some(s) = p.attempt(attacks_if_another_attacks) {
        return Some(s);
    }
    if let Some(s) = p.attempt(opponents_attack_you) {
        return Some(s);
    }
    // Current 702.95b: "As long as ~ is paired with another creature, both creatures have
    // ..." / "each of those creatures gets ...": the pair, while paired.
    let paired = p
        .attempt(|p| {
            p.eat("as long as ~ is paired with another creature")
                .then_some(())?;
            p.eat(",").then_some(())?;
            p.eat_one_of(&["both creatures", "each of those creatures"])
        })
        .is_some();
    // What a leading condition is about, for a subject of "it": "As long as enchanted creature
    // is blue, it gets +1/+1".
    let mut about: Option<Scope> = None;
    let mut cond: Option<Condition> = if paired {
        None
    } else if let Some(c) = p.attempt(|p| {
        // "During your turn, ~ has first strike."
        let c = whose_turn(p)?;
        p.eat(",").then_some(c)
    }) {
        Some(c)
    } else {
        p.attempt(|p| {
            p.eat_one_of(&["as long as", "if"])?;
            about = match p.peek2() {
                Some(w) if w.eq_ignore_ascii_case("creature") => match p.peek() {
                    Some(e) if e.eq_ignore_ascii_case("enchanted") => {
                        Some(Scope::EnchantedCreature)
                    }
                    Some(e) if e.eq_ignore_ascii_case("equipped") => Some(Scope::EquippedCreature),
                    _ => None,
                },
                _ if p.peek() == Some("~") => Some(Scope::This),
                _ => None,
            };
            let c = condition(p)?;
            p.eat(",").then_some(c)
        })
    };
    // "[As long as you control a permanent of each color,] prevent all damage that would be
    // dealt to you." (419.7)
    if !paired
        && let Some(list) = p.attempt(|p| {
            let list = super::prevention::static_prevention(p)?;
            p.finish()?;
            Some(list)
        })
    {
        return Some(StaticSentence {
            forms: vec!["prevent-static"],
            abilities: list
                .into_iter()
                .map(|pv| Ability::Static {
                    scope: Scope::This,
                    effect: StaticEffect::Prevent(pv),
                    condition: cond.clone(),
                })
                .collect(),
        });
    }
    // "Players can't cast spells during combat.", "As long as ~ is attacking, defending
    // player can't cast spells." (103.2)
    if !paired
        && let Some((who, spells, when)) = p.attempt(|p| {
            let r = cant_cast(p)?;
            p.finish()?;
            Some(r)
        })
    {
        // A moment said last ("during combat") is the ability's condition; with a condition
        // said first too, both would have to hold, which one condition can't say.
        let condition = match (cond.clone(), when) {
            (c, None) => c,
            (None, Some(w)) => Some(w),
            (Some(_), Some(_)) => {
                return p.expected(
                    "one condition: a condition first or a moment (\"during combat\") last",
                );
            }
        };
        return Some(StaticSentence {
            forms: vec!["cant-cast-static"],
            abilities: vec![Ability::Static {
                scope: Scope::This,
                effect: StaticEffect::CantCast { who, spells },
                condition,
            }],
        });
    }
    // "If a source you control would deal damage to a permanent or player, it deals double
    // that damage to that permanent or player instead." (419.6)
    if !paired
        && let Some(increase) = p.attempt(|p| {
            let i = super::prevention::static_increase(p)?;
            p.finish()?;
            Some(i)
        })
    {
        return Some(StaticSentence {
            forms: vec!["increase-damage-static"],
            abilities: vec![Ability::Static {
                scope: Scope::This,
                effect: StaticEffect::IncreaseDamage(increase),
                condition: cond.clone(),
            }],
        });
    }
    // "[As long as ~ is untapped,] all combat damage that would be dealt to you by unblocked
    // creatures is dealt to ~ instead." (419.6c)
    if !paired
        && let Some(r) = p.attempt(|p| {
            let r = super::redirection::static_redirection(p)?;
            p.finish()?;
            Some(r)
        })
    {
        return Some(StaticSentence {
            forms: vec!["redirect-static"],
            abilities: vec![Ability::Static {
                scope: Scope::This,
                effect: StaticEffect::Redirect(r),
                condition: cond.clone(),
            }],
        });
    }
    // "[As long as ~ is tapped,] no more than one creature can attack you each combat."
    if let Some(max) = p.attempt(|p| {
        p.eat("no more than").then_some(())?;
        let max = number(p)?;
        p.eat_one_of(&["creatures", "creature"])?;
        p.eat("can attack you").then_some(())?;
        each_combat(p);
        p.finish()?;
        Some(max)
    }) {
        return Some(StaticSentence {
            forms: vec!["max-attackers-you"],
            abilities: vec![Ability::Combat {
                scope: Scope::AllCreatures,
                rule: CombatRule::MaxAttackersYou { max },
                condition: cond,
            }],
        });
    }
    // "Your opponents can't block with creatures with even converted mana costs" (Void
    // Winnower): the restriction of those creatures those players control (500.2, 500.3).
    if !paired
        && let Some((form, rule, filter)) = p.attempt(|p| {
            // "Each opponent who cast a spell this turn can't attack with creatures" (Angelic
            // Arbiter): only the creatures of those who have.
            let (who, cast) = match p.eat_one_of(&[
                "each opponent who cast a spell this turn",
                "your opponents",
                "each opponent",
                "you",
            ])? {
                0 => (PlayerRef::Opponent, true),
                3 => (PlayerRef::You, false),
                _ => (PlayerRef::Opponent, false),
            };
            p.eat("can't").then_some(())?;
            let (form, rule) = match p.eat_one_of(&["attack", "block"])? {
                0 => ("cant-attack", CombatRule::CantAttack),
                _ => ("cant-block", CombatRule::CantBlock),
            };
            p.eat("with").then_some(())?;
            let f = creature_filter(p)?.and(Filter::ControlledBy(who));
            let f = if cast {
                f.and(Filter::ControllerCastSpellThisTurn)
            } else {
                f
            };
            Some((form, rule, f))
        })
    {
        p.finish()?;
        return Some(StaticSentence {
            forms: vec![form],
            abilities: vec![Ability::Combat {
                scope: Scope::Each(filter),
                rule,
                condition: cond,
            }],
        });
    }
    // "Except for creatures named ~ and artifact creatures, creatures you control can't
    // attack.": the subject without the exceptions.
    let except = p.attempt(|p| {
        p.eat("except for").then_some(())?;
        let f = p.before_comma(creature_filter)?;
        p.eat(",").then_some(f)
    });
    let scope = match about.filter(|_| cond.is_some()) {
        _ if paired => Scope::PairedCreatures,
        Some(s) if p.eat("it") => s,
        _ => subject(p)?,
    };
    let scope = match (except, scope) {
        (None, s) => s,
        (Some(x), Scope::Each(f)) => Scope::Each(f.and(x.negated())),
        (Some(_), _) => return p.expected("a description of creatures after \"Except for ...,\""),
    };
    let mut forms = Vec::new();
    let mut rules: Vec<(Scope, Grant)> = Vec::new();
    let mut subject_now = Some(scope.clone());
    // "~ gets +2/+2 and creatures you control have vigilance": each subject with its
    // predicates, under the one condition.
    while let Some(scope) = subject_now.take() {
        p.subject_is_this = scope == Scope::This;
        let (id, r) = any_predicate(p)?;
        forms.push(id);
        rules.extend(r.into_iter().map(|g| (scope.clone(), g)));
        while let Some((id, r)) = p.attempt(|p| {
            let comma = p.eat(",");
            if !p.eat("and") && !comma {
                return None;
            }
            any_predicate(p)
        }) {
            forms.push(id);
            rules.extend(r.into_iter().map(|g| (scope.clone(), g)));
        }
        subject_now = p.attempt(|p| {
            p.eat(",");
            p.eat("and").then_some(())?;
            subject(p)
        });
    }
    // "~ can't attack during extra turns" (Medomai the Ageless, 300.6).
    if cond.is_none() && !paired && p.eat("during extra turns") {
        cond = Some(Condition::ExtraTurn);
    }
    // "~ has first strike during your turn."
    if cond.is_none() && !paired {
        cond = p.attempt(whose_turn);
    }
    if cond.is_none() && !paired {
        cond = p.attempt(|p| {
            let i = p.eat_one_of(&["as long as", "if", "unless"])?;
            // "Enchanted creature gets +2/+2 as long as it's a Human": "it" is the subject.
            let of_subject = matches!(p.peek(), Some("it's") | Some("it"));
            let c = condition(p)?;
            let c = match (c, &scope) {
                (
                    Condition::SourceIs { filter },
                    Scope::EnchantedCreature | Scope::EquippedCreature,
                ) if of_subject => Condition::AttachedIs { filter },
                (c, _) => c,
            };
            Some(if i == 2 { c.negated() } else { c })
        });
    }
    p.finish()?;
    // An enchanted noncreature only gets abilities here: rules about attacking or blocking
    // and power changes are about creatures.
    if rules.iter().any(|(s, g)| {
        *s == Scope::EnchantedPermanent
            && !matches!(g, Grant::Effect(StaticEffect::Abilities { .. }))
    }) {
        return p.expected(
            "\"has\" and a quoted ability (what an Aura gives an enchanted noncreature permanent)",
        );
    }
    let abilities = rules
        .into_iter()
        .map(|(scope, g)| match g {
            Grant::Rule(rule) => Ability::Combat {
                scope,
                rule,
                condition: cond.clone(),
            },
            Grant::Effect(effect) => Ability::Static {
                scope,
                effect,
                condition: cond.clone(),
            },
        })
        .collect();
    Some(StaticSentence { forms, abilities })
}

/// What one predicate gives its subject.
enum Grant {
    Rule(CombatRule),
    Effect(StaticEffect),
}

fn any_predicate(p: &mut Parser) -> Option<(&'static str, Vec<Grant>)> {
    if let Some((id, e)) = p.attempt(characteristic) {
        return Some((id, vec![Grant::Effect(e)]));
    }
    let (id, rules) = predicate(p)?;
    Some((id, rules.into_iter().map(Grant::Rule).collect()))
}

/// "gets +2/+2", "has flying", "have haste and first strike": what the subject is.
fn characteristic(p: &mut Parser) -> Option<(&'static str, StaticEffect)> {
    // "gets +X/+X, where X is the number of creature cards in all graveyards": that much,
    // counted as characteristics are computed.
    if let Some((power, toughness, per)) = p.attempt(|p| {
        p.eat_one_of(&["gets", "get"])?;
        let (a, b) = super::effects::x_change(p)?;
        let per = super::effects::where_x(p)?;
        Some((a, b, per))
    }) {
        return Some((
            "gets-pt",
            StaticEffect::PumpFor {
                power,
                toughness,
                per,
            },
        ));
    }
    if p.eat_one_of(&["gets", "get"]).is_some() {
        let (power, toughness) = pt_change(p)?;
        // "gets +1/+0 for each artifact you control"
        if let Some(per) = p.attempt(|p| {
            p.eat("for each").then_some(())?;
            super::phrase::counted(p)
        }) {
            return Some((
                "gets-pt",
                StaticEffect::PumpFor {
                    power,
                    toughness,
                    per,
                },
            ));
        }
        return Some(("gets-pt", StaticEffect::Pump { power, toughness }));
    }
    if let Some(only_tap) = p.attempt(|p| {
        p.eat_one_of(&["its activated abilities", "their activated abilities"])?;
        let only_tap = p.eat("with {T} in their costs");
        p.eat_one_of(&["can't be activated", "can't be played"])?;
        Some(only_tap)
    }) {
        return Some(("cant-activate", StaticEffect::CantActivate { only_tap }));
    }
    if p.attempt(|p| {
        p.eat_one_of(&["doesn't untap during", "don't untap during"])?;
        p.eat_one_of(&[
            "your untap step",
            "its controller's untap step",
            "their controller's untap step",
            "their controllers' untap steps",
        ])
    })
    .is_some()
    {
        return Some(("doesnt-untap", StaticEffect::DoesntUntap));
    }
    // "can't be the target of spells or abilities [your opponents control]": shroud's words
    // (502.36a) and hexproof's (current 702.11b), the keyword by another name.
    if let Some(i) = p.eat_one_of(&[
        "can't be the target of spells or abilities your opponents control",
        "can't be the targets of spells or abilities your opponents control",
        "can't be the target of spells or abilities",
        "can't be the targets of spells or abilities",
    ]) {
        let keyword = if i < 2 {
            Keyword::Hexproof
        } else {
            Keyword::Shroud
        };
        return Some((
            "cant-be-targeted",
            StaticEffect::Keywords {
                keywords: vec![keyword],
            },
        ));
    }
    if p.eat_one_of(&["is indestructible", "are indestructible"])
        .is_some()
    {
        return Some((
            "is-indestructible",
            StaticEffect::Keywords {
                keywords: vec![Keyword::Indestructible],
            },
        ));
    }
    // "isn't a creature" (418.5a layer 4), the Theros gods' "As long as your devotion to
    // white is less than five, ~ isn't a creature."
    if p.eat_one_of(&["isn't a creature", "is not a creature"])
        .is_some()
    {
        return Some(("isnt-creature", StaticEffect::NotCreature));
    }
    // "is an Angel in addition to its other types", "is a white Angel in addition to its other
    // colors and types" (212.1c; layers 4 and 5).
    if let Some(a) = p.attempt(|p| {
        p.eat_one_of(&["is", "are"])?;
        super::added_types::added(p)
    }) {
        return Some((
            "is-types-added",
            StaticEffect::AddTypes {
                colors: a.colors,
                card_types: a.card_types,
                subtypes: a.subtypes,
            },
        ));
    }
    // "is black", "are red and green" (418.5a layer 5): the colors it is, and no others.
    if let Some(colors) = p.attempt(|p| {
        p.eat_one_of(&["is", "are"])?;
        let mut colors = vec![crate::mana::Color::from_name(&p.next_word()?)?];
        while let Some(c) = p.attempt(|p| {
            p.eat("and").then_some(())?;
            crate::mana::Color::from_name(&p.next_word()?)
        }) {
            colors.push(c);
        }
        Some(colors)
    }) {
        return Some(("is-color", StaticEffect::Colors { colors }));
    }
    // "lose flying", "lose hexproof and can't have or gain hexproof" (402.9): the same
    // keywords both times.
    let keyword_list = |p: &mut Parser| -> Option<Vec<Keyword>> {
        let mut out = keyword_abilities(p)?;
        while let Some(mut more) = p.attempt(|p| {
            let comma = p.eat(",");
            if !p.eat("and") && !comma {
                return None;
            }
            keyword_abilities(p)
        }) {
            out.append(&mut more);
        }
        Some(out)
    };
    if let Some((keywords, barred)) = p.attempt(|p| {
        p.eat_one_of(&["loses", "lose"])?;
        let keywords = keyword_list(p)?;
        let barred = p.eat("and can't have or gain");
        if barred && keyword_list(p)? != keywords {
            return None;
        }
        Some((keywords, barred))
    }) {
        return Some((
            "loses-keywords",
            StaticEffect::LoseKeywords { keywords, barred },
        ));
    }
    if p.eat_one_of(&["has", "have"]).is_some() {
        // Keywords and quoted abilities, in any order: "has flying and \"{T}: ...\"".
        let item = |p: &mut Parser| -> Option<Vec<Ability>> {
            match keyword_abilities(p) {
                Some(keywords) => Some(
                    keywords
                        .into_iter()
                        .map(|keyword| Ability::Keyword { keyword })
                        .collect(),
                ),
                // The card's name in the quotes would name the card, not the permanent
                // that has the ability: not read.
                None => match super::quoted::quoted_abilities(p)? {
                    // "~ gets +2/+2 and has \"Whenever ~ attacks, ...\"": the card gives the
                    // ability to itself, so its name means itself.
                    (abilities, true) if p.subject_is_this => Some(abilities),
                    (_, true) => p.expected("a quoted ability that doesn't name the card"),
                    (abilities, false) => Some(abilities),
                },
            }
        };
        let mut abilities = item(p)?;
        while let Some(mut more) = p.attempt(|p| {
            let comma = p.eat(",");
            if !p.eat("and") && !comma {
                return None;
            }
            item(p)
        }) {
            abilities.append(&mut more);
        }
        let keywords: Vec<Keyword> = abilities
            .iter()
            .filter_map(|a| match a {
                Ability::Keyword { keyword } => Some(keyword.clone()),
                _ => None,
            })
            .collect();
        if keywords.len() == abilities.len() {
            return Some(("has-keywords", StaticEffect::Keywords { keywords }));
        }
        return Some(("has-abilities", StaticEffect::Abilities { abilities }));
    }
    None
}

/// A keyword a static ability grants: "flying", "first strike", "bushido 1", "forestwalk".
pub(super) fn keyword_ability(p: &mut Parser) -> Option<Keyword> {
    p.attempt(|p| {
        // The keyword production reads a whole keyword; try the longest run of words that is one.
        let start = p.pos();
        let mut best: Option<(usize, Keyword)> = None;
        for len in 1..=5 {
            let mut q = p.clone();
            let words: Vec<String> = (0..len).map_while(|_| q.next_word()).collect();
            if words.len() < len
                || words
                    .iter()
                    .any(|w| matches!(w.as_str(), "," | "." | "and"))
            {
                break;
            }
            if let Ok((_, abilities)) = super::keywords::keyword(&words.join(" ")) {
                if let [Ability::Keyword { keyword }] = abilities.as_slice() {
                    best = Some((len, keyword.clone()));
                }
            }
        }
        let (len, k) = best?;
        debug_assert_eq!(p.pos(), start);
        for _ in 0..len {
            p.next_word();
        }
        Some(k)
    })
    .or_else(|| p.expected("a keyword such as flying"))
}

/// One keyword, or protection from several qualities ("protection from green and from
/// white", 502.7: one protection ability for each).
pub(super) fn keyword_abilities(p: &mut Parser) -> Option<Vec<Keyword>> {
    let first = keyword_ability(p)?;
    let mut out = vec![first];
    if matches!(out[0], Keyword::Protection(_)) {
        while let Some(q) = p.attempt(|p| {
            p.eat("and from").then_some(())?;
            super::keywords::protection_quality(p)
        }) {
            out.push(Keyword::Protection(Box::new(q)));
        }
    }
    Some(out)
}

/// "+2/+2", "-1/-0", "+0/+3".
pub fn pt_change(p: &mut Parser) -> Option<(i32, i32)> {
    p.attempt(|p| {
        let w = p.next_word()?;
        let (a, b) = w.split_once('/')?;
        let signed = |x: &str| -> Option<i32> {
            let x = x.replace('−', "-");
            if !(x.starts_with('+') || x.starts_with('-')) {
                return None;
            }
            x.parse::<i32>().ok().filter(|n| n.abs() <= 1_000_000)
        };
        Some((signed(a)?, signed(b)?))
    })
    .or_else(|| p.expected("a power/toughness change such as +2/+2"))
}

/// An ability word and its dash ("Threshold —", "Join forces —"): no rules meaning of its own
/// (current 207.2c; in 2009 threshold's condition is spelled out after it, 502.23), so what
/// follows is read as if it weren't there.
pub(super) fn ability_word(p: &mut Parser) {
    p.attempt(|p| {
        let w = p.next_word()?;
        if !w.chars().next().is_some_and(char::is_uppercase) {
            return None;
        }
        for _ in 0..3 {
            if p.eat("—") {
                return Some(());
            }
            let w = p.next_word()?;
            if !w.chars().all(|c| c.is_alphabetic() || c == '\'') {
                return None;
            }
        }
        None
    });
}

/// Who the predicates are about.
fn subject(p: &mut Parser) -> Option<Scope> {
    p.attempt(|p| {
        if p.eat("~") {
            return Some(Scope::This);
        }
        if p.eat("enchanted creature") {
            return Some(Scope::EnchantedCreature);
        }
        if p.eat("equipped creature") {
            return Some(Scope::EquippedCreature);
        }
        // "Enchanted land has \"...\"": the one permanent an Aura enchants, for the abilities
        // it gives (checked by `sentence`).
        if p.eat_one_of(&[
            "enchanted land",
            "enchanted permanent",
            "enchanted artifact",
            "enchanted enchantment",
            "enchanted planeswalker",
        ])
        .is_some()
        {
            return Some(Scope::EnchantedPermanent);
        }
        // "Enchanted lands", "enchanted permanents": not every enchanted permanent a
        // description fits.
        if p.peek().is_some_and(|w| w.eq_ignore_ascii_case("enchanted"))
            && p.peek2().is_some_and(|w| !w.ends_with('s'))
        {
            return p.expected("\"enchanted creature\" (an Aura that enchants something other than a creature is not a subject yet)");
        }
        // "each Goblin creature", "all Sliver creatures", "all creatures attacking you": every
        // creature the description fits.
        let _ = p.eat_one_of(&["each", "all"]);
        let f = creature_filter(p)?;
        Some(Scope::Each(f))
    })
    .or_else(|| {
        p.expected("a subject such as \"~\", \"enchanted creature\" or \"creatures you control\"")
    })
}

/// "If ~ attacks, all creatures you control attack if able.", "If a creature you control
/// attacks, ~ also attacks if able.": a requirement that binds once another creature attacks.
fn attacks_if_another_attacks(p: &mut Parser) -> Option<StaticSentence> {
    p.eat("if").then_some(())?;
    let others = if p.eat("~") {
        Filter::This
    } else {
        creature_filter(p)?
    };
    p.eat("attacks").then_some(())?;
    p.eat(",").then_some(())?;
    let scope = match p.attempt(|p| {
        p.eat("all").then_some(())?;
        creature_filter(p)
    }) {
        Some(f) => Scope::Each(f),
        None => subject(p)?,
    };
    p.eat("also");
    p.eat_one_of(&["attacks", "attack"])?;
    p.eat_one_of(&["this combat", "each combat"]);
    p.eat("if able").then_some(())?;
    p.finish()?;
    Some(StaticSentence {
        forms: vec!["attacks-if-another-attacks"],
        abilities: vec![Ability::Combat {
            scope,
            rule: CombatRule::AttacksIfOthersAttack { others },
            condition: None,
        }],
    })
}

/// "Each opponent must attack you or a planeswalker you control with at least one creature
/// each combat if able.": a requirement on the attacking player, not on one creature.
fn opponents_attack_you(p: &mut Parser) -> Option<StaticSentence> {
    p.eat("each opponent must attack you").then_some(())?;
    let planeswalkers = p
        .eat_one_of(&[
            "or a planeswalker you control",
            "or planeswalkers you control",
        ])
        .is_some();
    p.eat("with at least one creature").then_some(())?;
    each_combat(p);
    p.eat("if able").then_some(())?;
    p.finish()?;
    Some(StaticSentence {
        forms: vec!["opponents-attack-you"],
        abilities: vec![Ability::Combat {
            scope: Scope::AllCreatures,
            rule: CombatRule::OpponentsAttackYou { planeswalkers },
            condition: None,
        }],
    })
}

/// The keywords a description asks for ("creatures with landwalk abilities": the five
/// landwalks).
fn keywords_named(f: &Filter) -> Vec<Keyword> {
    match f {
        Filter::Keyword(k) => vec![k.clone()],
        Filter::All(parts) | Filter::Any(parts) => parts.iter().flat_map(keywords_named).collect(),
        _ => Vec::new(),
    }
}

fn each_combat(p: &mut Parser) {
    p.eat_one_of(&["each turn", "each combat"]);
}

/// One predicate: its form's id and the combat rules it gives the subject.
pub(super) fn predicate(p: &mut Parser) -> Option<(&'static str, Vec<CombatRule>)> {
    use CombatRule as R;
    p.attempt(|p| {
        // "can't block or be blocked by creatures with power 2 or greater"
        if p.eat("can't block or be blocked by") {
            let f = creature_filter(p)?;
            return Some((
                "cant-block-or-be-blocked-by",
                vec![
                    R::CantBlockCreatures { filter: f.clone() },
                    R::CantBeBlockedBy { filter: f },
                ],
            ));
        }
        if p.eat("can't attack , block , or crew vehicles") {
            return Some(("cant-attack-block-or-crew", vec![R::CantAttack, R::CantBlock, R::CantCrew]));
        }
        if p.eat("can't attack , block , or transform") {
            return Some(("cant-attack-block-or-transform", vec![R::CantAttack, R::CantBlock]));
        }
        if p.eat("can't crew vehicles") {
            return Some(("cant-crew", vec![R::CantCrew]));
        }
        if p.eat("can't attack or block alone") {
            return Some(("cant-attack-or-block-alone", vec![R::CantAttackAlone, R::CantBlockAlone]));
        }
        if p.eat("can't attack or block") {
            if let Some(mana) = p.attempt(|p| pay_clause(p, Payer::Controller)) {
                return Some((
                    "cant-attack-or-block-unless-pay",
                    vec![
                        R::AttackCost { mana: mana.clone(), you: false, planeswalkers: false, parts: vec![] },
                        R::BlockCost { mana, attackers: None, life: 0 },
                    ],
                ));
            }
            return Some(("cant-attack-or-block", vec![R::CantAttack, R::CantBlock]));
        }
        if p.eat("can't attack alone") {
            return Some(("cant-attack-alone", vec![R::CantAttackAlone]));
        }
        if p.eat("can only attack alone") {
            return Some(("attacks-only-alone", vec![R::AttacksOnlyAlone]));
        }
        if p.eat("can't block alone") {
            return Some(("cant-block-alone", vec![R::CantBlockAlone]));
        }
        if p.eat("can't attack its owner") {
            p.eat_one_of(&[
                "or planeswalkers its owner controls",
                "or a planeswalker its owner controls",
            ]);
            return Some(("cant-attack-its-owner", vec![R::CantAttackOwner]));
        }
        if p.eat("can't attack you") {
            let planeswalkers = p
                .eat_one_of(&[
                    "or planeswalkers you control",
                    "or a planeswalker you control",
                ])
                .is_some();
            if let Some(mana) = p.attempt(|p| pay_clause(p, Payer::Controller)) {
                return Some((
                    "cant-attack-you-unless-pay",
                    vec![R::AttackCost { mana, you: true, planeswalkers, parts: vec![] }],
                ));
            }
            return Some(("cant-attack-you", vec![R::CantAttackYou]));
        }
        if p.eat("can't attack") {
            if let Some(parts) = p.attempt(give_up_clause) {
                return Some((
                    "cant-attack-unless-give-up",
                    vec![R::AttackCost {
                        mana: crate::filter::Amount::Number(0),
                        you: false,
                        planeswalkers: false,
                        parts,
                    }],
                ));
            }
            if let Some(mana) = p.attempt(|p| pay_clause(p, Payer::Controller)) {
                return Some((
                    "cant-attack-unless-pay",
                    vec![R::AttackCost { mana, you: false, planeswalkers: false, parts: vec![] }],
                ));
            }
            if let Some((others, at_least)) = p.attempt(|p| company_clause(p, true)) {
                return Some(("cant-attack-unless-others", vec![R::AttacksOnlyWith { others, at_least }]));
            }
            return Some(("cant-attack", vec![R::CantAttack]));
        }
        if let Some((attackers, life)) = p.attempt(|p| {
            p.eat("can't block").then_some(())?;
            let attackers = p.attempt(creature_filter);
            let life = life_clause(p)?;
            Some((attackers, life))
        }) {
            return Some((
                "cant-block-unless-pay-life",
                vec![R::BlockCost {
                    mana: crate::filter::Amount::Number(0),
                    attackers,
                    life,
                }],
            ));
        }
        if let Some((attackers, mana)) = p.attempt(|p| {
            p.eat("can't block").then_some(())?;
            let attackers = p.attempt(creature_filter);
            let mana = pay_clause(p, Payer::Controller)?;
            Some((attackers, mana))
        }) {
            return Some(("cant-block-unless-pay", vec![R::BlockCost { mana, attackers, life: 0 }]));
        }
        if let Some((others, at_least)) = p.attempt(|p| {
            p.eat("can't block").then_some(())?;
            company_clause(p, false)
        }) {
            return Some(("cant-block-unless-others", vec![R::BlocksOnlyWith { others, at_least }]));
        }
        if p.eat("can't be blocked unless all creatures defending player controls block it") {
            return Some(("blocked-only-by-all", vec![R::BlockedOnlyByAll]));
        }
        if let Some(mana) = p.attempt(|p| {
            p.eat("can't be blocked").then_some(())?;
            pay_clause(p, Payer::Defending)
        }) {
            return Some(("cant-be-blocked-unless-pay", vec![R::BlockedCost { mana }]));
        }
        if p.eat("can't block") {
            if p.eat_one_of(&["it", "~"]).is_some() {
                return Some(("cant-block-creatures", vec![R::CantBlockCreatures { filter: Filter::This }]));
            }
            if let Some(f) = p.attempt(creature_filter) {
                return Some(("cant-block-creatures", vec![R::CantBlockCreatures { filter: f }]));
            }
            return Some(("cant-block", vec![R::CantBlock]));
        }
        if p.eat("can't be blocked except by") {
            if let Some(n) = p.attempt(|p| {
                let n = number(p)?;
                p.eat("or more creatures").then_some(n)
            }) {
                // "except by one or more" would restrict nothing: refused as a likely typo.
                if n < 2 {
                    return p.expected("two or more creatures");
                }
                return Some(("min-blockers", vec![R::MinBlockers { min: n }]));
            }
            let f = creature_filter(p)?;
            return Some((
                "cant-be-blocked-except-by",
                vec![R::CantBeBlockedBy { filter: Filter::Type(CardType::Creature).and(f.negated()) }],
            ));
        }
        if p.eat("can't be blocked by more than one creature") {
            return Some(("max-one-blocker", vec![R::MaxOneBlocker]));
        }
        if p.eat("can't be blocked by") {
            let f = creature_filter(p)?;
            return Some(("cant-be-blocked-by", vec![R::CantBeBlockedBy { filter: f }]));
        }
        if p.eat_one_of(&["can't be blocked", "is unblockable", "are unblockable"]).is_some() {
            return Some(("unblockable", vec![R::Unblockable]));
        }
        if p.eat_one_of(&["attacks or blocks", "attack or block"]).is_some() {
            each_combat(p);
            p.eat("if able").then_some(())?;
            return Some(("attacks-or-blocks-each-combat", vec![R::AttacksEachTurn, R::BlocksEachTurn]));
        }
        if p.eat_one_of(&["attacks", "attack"]).is_some() {
            p.eat_one_of(&["each turn", "each combat"])?;
            p.eat("if able").then_some(())?;
            return Some(("attacks-each-combat", vec![R::AttacksEachTurn]));
        }
        if p.eat_one_of(&["blocks", "block"]).is_some() {
            p.eat_one_of(&["each turn", "each combat"])?;
            p.eat("if able").then_some(())?;
            return Some(("blocks-each-combat", vec![R::BlocksEachTurn]));
        }
        if p.eat("must be blocked by exactly one creature") {
            each_combat(p);
            p.eat("if able").then_some(())?;
            return Some(("must-be-blocked-by-one", vec![R::MustBeBlockedByOne]));
        }
        if let Some(f) = p.attempt(|p| {
            p.eat("must be blocked by").then_some(())?;
            super::phrase::article(p);
            let f = creature_filter(p)?;
            each_combat(p);
            p.eat("if able").then_some(f)
        }) {
            return Some(("must-be-blocked-by", vec![R::MustBeBlockedBy { filter: f }]));
        }
        if p.eat("must be blocked") {
            each_combat(p);
            p.eat("if able").then_some(())?;
            return Some(("must-be-blocked", vec![R::MustBeBlocked]));
        }
        // "can block creatures with shadow as though ~ had shadow", "... as though they didn't
        // have shadow", "can block Dragons as though it had reach"
        if let Some((attackers, ignoring)) = p.attempt(|p| {
            p.eat("can block").then_some(())?;
            // "can block as though it had reach": any attacker.
            let attackers = if p.peek() == Some("as") {
                Filter::Type(crate::typeline::CardType::Creature)
            } else {
                creature_filter(p)?
            };
            p.eat("as though").then_some(())?;
            // "as though they didn't have those abilities" (Street Savvy): the keywords the
            // description of the attackers names.
            if p.eat("they didn't have those abilities") {
                let ks = keywords_named(&attackers);
                return (!ks.is_empty()).then_some((attackers, ks));
            }
            let k = if p.eat_one_of(&["~ had", "it had"]).is_some() {
                match super::phrase::keyword_quality(p)? {
                    Keyword::Reach | Keyword::Flying => Keyword::Flying,
                    k @ (Keyword::Shadow | Keyword::Horsemanship) => k,
                    _ => return p.expected("flying, reach, shadow or horsemanship"),
                }
            } else {
                p.eat("they didn't have").then_some(())?;
                super::phrase::keyword_quality(p)?
            };
            Some((attackers, vec![k]))
        }) {
            return Some((
                "blocks-as-though",
                vec![R::BlocksAsThough {
                    attackers,
                    ignoring,
                }],
            ));
        }
        // "can be blocked as though it didn't have swampwalk" (Quagmire, for creatures with
        // swampwalk): the keywords named, for every blocker.
        if let Some(ignoring) = p.attempt(|p| {
            p.eat("can be blocked as though").then_some(())?;
            p.eat_one_of(&["it didn't have", "they didn't have", "~ didn't have"])?;
            // Only an evasion keyword stops a block (502): "as though it didn't have trample"
            // would say nothing.
            let evasion = |p: &mut Parser| match super::phrase::keyword_quality(p)? {
                k @ (Keyword::Flying
                | Keyword::Fear
                | Keyword::Shadow
                | Keyword::Horsemanship
                | Keyword::Landwalk(_)
                | Keyword::Intimidate
                | Keyword::Skulk) => Some(k),
                _ => p.expected("an evasion keyword such as flying or swampwalk"),
            };
            let mut ks = vec![evasion(p)?];
            while p.eat_one_of(&["or", "and"]).is_some() {
                ks.push(evasion(p)?);
            }
            Some(ks)
        }) {
            return Some(("blocked-as-though", vec![R::BlockedAsThough { ignoring }]));
        }
        if p.eat_one_of(&[
            "can block as though they were untapped",
            "can block as though it were untapped",
        ])
        .is_some()
        {
            return Some(("blocks-while-tapped", vec![R::BlocksWhileTapped]));
        }
        if p.eat_one_of(&[
            "can attack as though it had haste",
            "can attack as though they had haste",
            "can attack as though ~ had haste",
        ])
        .is_some()
        {
            return Some(("attacks-as-though-haste", vec![R::AttacksAsThoughHaste]));
        }
        if p.eat_one_of(&[
            "can attack as though it didn't have defender",
            "can attack as though they didn't have defender",
            "can attack as though ~ didn't have defender",
        ])
        .is_some()
        {
            return Some(("attacks-despite-defender", vec![R::AttacksDespiteDefender]));
        }
        if p.eat("can block only") {
            let f = creature_filter(p)?;
            return Some(("blocks-only", vec![R::BlocksOnly { filter: f }]));
        }
        // "can block an additional creature", "can block up to two additional creatures" (the
        // older wording of the same permission)
        if let Some(per) = p.attempt(|p| {
            p.eat("can block an additional creature for each").then_some(())?;
            super::phrase::filter(p)
        }) {
            return Some(("blocks-additional-for-each", vec![R::BlocksAdditionalFor { per }]));
        }
        if let Some(extra) = p.attempt(|p| {
            if p.eat("can block an additional creature") {
                return Some(1);
            }
            let n = if p.eat("can block an additional") {
                number(p)?
            } else {
                // "can block up to two additional creatures", "can block two additional
                // creatures".
                p.eat("can block").then_some(())?;
                p.eat("up to");
                let n = number(p)?;
                p.eat("additional").then_some(())?;
                n
            };
            p.eat_one_of(&["creatures", "creature"]).map(|_| n)
        }) {
            each_combat(p);
            return Some(("blocks-additional", vec![R::BlocksAdditional { extra }]));
        }
        if p.eat("can block any number of creatures") {
            each_combat(p);
            return Some(("blocks-any-number", vec![R::BlocksAnyNumber]));
        }
        // Lure as one predicate of several: "gets +1/+1 and all creatures able to block it do
        // so".
        if p.eat("all creatures able to block it do so") {
            return Some(("lure", vec![R::LureRequirement]));
        }
        p.expected("a rule about attacking or blocking such as \"can't block\" or \"attacks each combat if able\"")
    })
}

/// "during your turn" (it's your turn), "during each opponent's turn", "during your
/// opponents' turns", "during an opponent's turn" (it's not: every other player is an
/// opponent, 102.2).
fn whose_turn(p: &mut Parser) -> Option<Condition> {
    let i = p.eat_one_of(&[
        "during your turn",
        "during each of your turns",
        "during each opponent's turn",
        "during your opponents' turns",
        "during an opponent's turn",
    ])?;
    Some(if i < 2 {
        Condition::YourTurn
    } else {
        Condition::YourTurn.negated()
    })
}

/// "unless at least two other creatures attack" (any creatures: `None`), "unless a black or
/// green creature also attacks", "unless a creature with greater power also blocks": a
/// restriction met with company (`attack` says which verb).
fn company_clause(p: &mut Parser, attack: bool) -> Option<(Option<Filter>, u32)> {
    let verb: &[&str] = if attack {
        &["attack", "attacks"]
    } else {
        &["block", "blocks"]
    };
    p.eat("unless").then_some(())?;
    if let Some(n) = p.attempt(|p| {
        p.eat("at least").then_some(())?;
        let n = number(p)?;
        p.eat_one_of(&["other creatures", "other creature"])?;
        p.eat_one_of(verb)?;
        Some(n)
    }) {
        return (n >= 1).then_some((None, n));
    }
    super::phrase::article(p).then_some(())?;
    let f = creature_filter(p)?;
    p.eat("also").then_some(())?;
    p.eat_one_of(verb)?;
    Some((Some(f), 1))
}

/// Who pays a cost to attack or block, as the card says it: the creature's controller ("you",
/// "its controller", "their controller"), or, for a cost to block a creature, "defending
/// player". Either way it is the player declaring (308.2d, 309.2b).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Payer {
    Controller,
    Defending,
}

/// "unless you pay {2}", "unless its controller pays {3}", "unless their controller pays {1}
/// for each of those creatures", "... {2} for each creature he or she controls that's
/// attacking you", "... {1} for each +1/+1 counter on it", "... {X} for each ..., where X is
/// the number of enchantments you control": generic mana per creature (308.2d, 309.2b).
/// Colored and Phyrexian mana are refused: Skirmish pays these costs from any mana.
fn pay_clause(p: &mut Parser, payer: Payer) -> Option<crate::filter::Amount> {
    use crate::filter::Amount;
    p.eat("unless").then_some(())?;
    match payer {
        Payer::Controller => p.eat_one_of(&[
            "you pay",
            "its controller pays",
            "their controller pays",
            "their controllers pay",
        ])?,
        Payer::Defending => p.eat_one_of(&["defending player pays"])?,
    };
    let w = p.peek()?.to_string();
    let x = w.eq_ignore_ascii_case("{X}");
    let n = if x {
        p.next_word();
        None
    } else {
        let m: crate::mana::ManaCost = w.parse().ok()?;
        let n = m.generic_only()?;
        p.next_word();
        Some(n)
    };
    // What "for each" counts: the creature itself (the cost is per creature already), or a
    // number read from the game.
    let mut times: Option<Amount> = None;
    if p.eat("for each") {
        let per_creature = p
            .eat_one_of(&[
                "of those creatures",
                "creature he or she controls that's attacking you",
                "creature they control that's attacking you",
                "creature he or she controls that's blocking it",
                "creature they control that's blocking it",
                "attacking creature he or she controls",
                "attacking creature they control",
            ])
            .is_some();
        if !per_creature {
            times = Some(
                p.attempt(|p| {
                    let kind = p.next_word()?;
                    p.eat("counter on it").then_some(())?;
                    if !kind.contains('/') && !kind.chars().all(char::is_alphabetic) {
                        return None;
                    }
                    Some(Amount::Counters(kind))
                })
                .or_else(|| {
                    // "for each Cleric on the battlefield": permanents in play, counted as
                    // the cost is determined (308.2d).
                    p.attempt(|p| {
                        let f = super::phrase::filter(p)?;
                        p.eat_one_of(&["on the battlefield", "in play"]);
                        Some(Amount::Count(Box::new(f)))
                    })
                })?,
            );
        }
    }
    // A bare {X} is the X an activated ability announces (War Tax's "{X}{U}: This turn,
    // creatures can't attack unless their controller pays {X} ..."); elsewhere the card is
    // refused, since nothing announces it.
    let amount = if x {
        if p.eat(", where X is") {
            super::phrase::amount(p)?
        } else {
            Amount::X
        }
    } else {
        Amount::Number(i64::from(n?))
    };
    Some(match times {
        Some(t) => match amount {
            Amount::Number(k) => Amount::Times(k, Box::new(t)),
            _ => return None,
        },
        None => amount,
    })
}

/// "unless you sacrifice a land", "unless you sacrifice two Islands", "unless you return an
/// enchantment you control to its owner's hand", "unless their controller sacrifices a land
/// for each black creature he or she controls that's attacking": permanents the creature's
/// controller gives up for it to attack (308.2d). "For each <creature> ... that's attacking"
/// is read as once per creature the sentence's subject names (the cards that say it name the
/// same creatures twice: "Black creatures ... for each black creature").
fn give_up_clause(p: &mut Parser) -> Option<Vec<crate::ability::CostPart>> {
    p.eat("unless").then_some(())?;
    let third = p.eat_one_of(&["you", "its controller", "their controller"])? != 0;
    // The verb agrees with the payer: "you sacrifice", "their controller sacrifices".
    if p.peek()?.ends_with('s') != third {
        return None;
    }
    let part = super::effects::give_up_part(p)?;
    if third {
        p.attempt(|p| {
            p.eat("for each").then_some(())?;
            creature_filter(p)?;
            p.eat_one_of(&[
                "he or she controls that's attacking",
                "they control that's attacking",
                "that's attacking",
            ])
            .map(|_| ())
        })?;
    }
    Some(vec![part])
}

/// "unless you pay 2 life", "unless their controller pays 1 life for each blocking creature
/// he or she controls": life per blocking creature (309.2b, 215.4).
fn life_clause(p: &mut Parser) -> Option<u32> {
    p.eat("unless").then_some(())?;
    p.eat_one_of(&["you pay", "its controller pays", "their controller pays"])?;
    let n = super::phrase::number(p)?;
    p.eat("life").then_some(())?;
    p.eat_one_of(&[
        "for each blocking creature he or she controls",
        "for each blocking creature they control",
        "for each of those creatures",
    ]);
    Some(n)
}

/// "All creatures able to block ~ do so." (Lure); "All Walls able to block ~ do so." for the
/// blockers a description fits.
fn lure(p: &mut Parser) -> Option<StaticSentence> {
    // "As long as seven or more cards are in your graveyard, all creatures able to block
    // enchanted creature do so." (Seton's Desire's threshold): only while it holds.
    let condition = p.attempt(|p| {
        p.eat("as long as").then_some(())?;
        let c = p.before_comma(condition)?;
        p.eat(",").then_some(c)
    });
    p.eat("all").then_some(())?;
    let by = creature_filter(p)?;
    p.eat("able to block").then_some(())?;
    let scope = match p.eat_one_of(&["~", "enchanted creature", "equipped creature"])? {
        0 => Scope::This,
        1 => Scope::EnchantedCreature,
        _ => Scope::EquippedCreature,
    };
    p.eat("do so").then_some(())?;
    p.finish()?;
    let rule = if by == Filter::Type(CardType::Creature) {
        CombatRule::LureRequirement
    } else {
        CombatRule::LureBy { filter: by }
    };
    Some(StaticSentence {
        forms: vec!["lure"],
        abilities: vec![Ability::Combat {
            scope,
            rule,
            condition,
        }],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::{Amount, Cmp, PlayerRef};

    fn compile(text: &str) -> Vec<Ability> {
        match static_ability(text) {
            Ok(s) => s.abilities,
            Err(p) => panic!("{text}: {}", p.error()),
        }
    }

    #[test]
    fn a_lure_can_hold_only_while_a_condition_does() {
        let a = compile(
            "Threshold — As long as seven or more cards are in your graveyard, all creatures able to block enchanted creature do so.",
        );
        assert_eq!(
            a,
            vec![Ability::Combat {
                scope: Scope::EnchantedCreature,
                rule: CombatRule::LureRequirement,
                condition: Some(Condition::Cards {
                    player: PlayerRef::You,
                    zone: crate::model::Zone::Graveyard,
                    cmp: Cmp::AtLeast,
                    count: 7,
                }),
            }]
        );
    }

    #[test]
    fn a_subject_with_several_predicates() {
        let a = compile("~ can't block and can't be blocked.");
        assert_eq!(a.len(), 2);
        assert!(matches!(
            &a[0],
            Ability::Combat {
                scope: Scope::This,
                rule: CombatRule::CantBlock,
                condition: None
            }
        ));
        assert!(matches!(
            &a[1],
            Ability::Combat {
                rule: CombatRule::Unblockable,
                ..
            }
        ));
    }

    #[test]
    fn unless_negates_the_condition() {
        let a = compile("~ can't attack unless defending player controls an Island.");
        let Ability::Combat {
            rule: CombatRule::CantAttack,
            condition: Some(c),
            ..
        } = &a[0]
        else {
            panic!("{a:?}")
        };
        assert_eq!(
            *c,
            Condition::Controls {
                filter: Filter::Subtype("Island".into())
                    .and(Filter::ControlledBy(PlayerRef::DefendingPlayer)),
                count: 1
            }
            .negated()
        );
    }

    #[test]
    fn filters_in_predicates_and_subjects() {
        let a = compile("~ can't be blocked by creatures with power 2 or less.");
        assert!(
            matches!(&a[0], Ability::Combat { rule: CombatRule::CantBeBlockedBy { filter }, .. }
            if *filter == Filter::Type(CardType::Creature).and(Filter::Power(Cmp::AtMost, Amount::Number(2))))
        );
        let a = compile("Creatures with power less than ~'s power can't block it.");
        assert!(matches!(
            &a[0],
            Ability::Combat {
                scope: Scope::Each(_),
                rule: CombatRule::CantBlockCreatures {
                    filter: Filter::This
                },
                ..
            }
        ));
        let a = compile(
            "Threshold — As long as seven or more cards are in your graveyard, ~ attacks each combat if able.",
        );
        assert!(matches!(
            &a[0],
            Ability::Combat {
                rule: CombatRule::AttacksEachTurn,
                condition: Some(Condition::Cards { count: 7, .. }),
                ..
            }
        ));
    }

    #[test]
    fn blocking_as_though_ignores_one_evasion_keyword() {
        let a = compile("~ can block Dragons as though it had reach.");
        assert_eq!(
            a,
            vec![Ability::Combat {
                scope: Scope::This,
                rule: CombatRule::BlocksAsThough {
                    attackers: Filter::Type(CardType::Creature)
                        .and(Filter::Subtype("Dragon".into())),
                    ignoring: vec![Keyword::Flying]
                },
                condition: None
            }]
        );
        let a = compile("~ can block creatures with shadow as though they didn't have shadow.");
        assert!(
            matches!(&a[0], Ability::Combat { rule: CombatRule::BlocksAsThough { ignoring, .. }, .. } if *ignoring == vec![Keyword::Shadow])
        );
        assert!(static_ability("~ can block Walls as though it had trample.").is_err());
    }

    #[test]
    fn being_blocked_as_though_is_the_attackers_side_for_a_class_or_one() {
        let a = compile(
            "Creatures with swampwalk can be blocked as though they didn't have swampwalk.",
        );
        assert!(matches!(
            &a[0],
            Ability::Combat {
                scope: Scope::Each(_),
                rule: CombatRule::BlockedAsThough { ignoring },
                ..
            } if *ignoring == vec![Keyword::Landwalk(crate::landwalk::Walk::Basic(
                crate::typeline::BasicLandType::Swamp
            ))]
        ));
        let a = compile("~ can be blocked as though it didn't have flying or shadow.");
        assert!(matches!(
            &a[0],
            Ability::Combat { scope: Scope::This, rule: CombatRule::BlockedAsThough { ignoring }, .. }
                if *ignoring == vec![Keyword::Flying, Keyword::Shadow]
        ));
        // Only evasion stops a block.
        assert!(static_ability("~ can be blocked as though it didn't have trample.").is_err());
    }

    #[test]
    fn it_after_a_condition_is_what_the_condition_is_about() {
        let a =
            compile("As long as enchanted creature is blue, it gets +1/+1 and can't be blocked.");
        assert!(
            a.iter().all(|a| matches!(
                a,
                Ability::Static {
                    scope: Scope::EnchantedCreature,
                    condition: Some(Condition::AttachedIs { .. }),
                    ..
                } | Ability::Combat {
                    scope: Scope::EnchantedCreature,
                    condition: Some(Condition::AttachedIs { .. }),
                    ..
                }
            )),
            "{a:?}"
        );
        // A trailing "it's" of an Aura's subject is the enchanted creature too.
        let a = compile("Enchanted creature gets +2/+2 as long as it's a Human.");
        assert!(
            matches!(
                &a[0],
                Ability::Static { condition: Some(Condition::AttachedIs { filter }), .. } if *filter == Filter::Subtype("Human".into())
            ),
            "{a:?}"
        );
        let a =
            compile("As long as ~ is a creature, it can block an additional creature each combat.");
        assert!(
            matches!(
                &a[0],
                Ability::Combat {
                    scope: Scope::This,
                    rule: CombatRule::BlocksAdditional { extra: 1 },
                    ..
                }
            ),
            "{a:?}"
        );
        // Every way of saying how many more: the same permission.
        for (text, extra) in [
            ("~ can block an additional two creatures each combat.", 2),
            ("~ can block up to two additional creatures.", 2),
            ("~ can block two additional creatures each combat.", 2),
            ("~ can block three additional creatures.", 3),
        ] {
            assert_eq!(
                compile(text),
                vec![Ability::Combat {
                    scope: Scope::This,
                    rule: CombatRule::BlocksAdditional { extra },
                    condition: None
                }],
                "{text}"
            );
        }
        let a = compile("All Walls able to block ~ do so.");
        assert_eq!(
            a,
            vec![Ability::Combat {
                scope: Scope::This,
                rule: CombatRule::LureBy {
                    filter: Filter::Type(CardType::Creature).and(Filter::Subtype("Wall".into()))
                },
                condition: None
            }]
        );
    }

    #[test]
    fn an_unknown_predicate_says_how_far_it_was_understood() {
        let Err(p) = static_ability("~ can't be blocked by purple dragons.") else {
            panic!("compiled")
        };
        let e = p.error();
        assert!(e.contains("after \"~ can't be blocked by\""), "{e}");
    }
}

#[cfg(test)]
mod characteristic_tests {
    use super::*;

    #[test]
    fn pumps_keywords_and_rules_in_one_sentence() {
        let s = static_ability(
            "Enchanted creature gets +2/+2, has flying and first strike, and can't block.",
        )
        .unwrap_or_else(|p| panic!("{}", p.error()));
        assert_eq!(s.forms, vec!["gets-pt", "has-keywords", "cant-block"]);
        assert!(matches!(
            &s.abilities[0],
            Ability::Static {
                effect: StaticEffect::Pump {
                    power: 2,
                    toughness: 2
                },
                ..
            }
        ));
        assert!(
            matches!(&s.abilities[1], Ability::Static { effect: StaticEffect::Keywords { keywords }, .. }
            if *keywords == vec![Keyword::Flying, Keyword::FirstStrike])
        );
        assert!(matches!(
            &s.abilities[2],
            Ability::Combat {
                rule: CombatRule::CantBlock,
                ..
            }
        ));
    }

    #[test]
    fn a_keyword_list_stops_before_the_next_predicate() {
        let s = static_ability("Creatures you control have haste and attack each combat if able.")
            .unwrap_or_else(|p| panic!("{}", p.error()));
        assert_eq!(s.forms, vec!["has-keywords", "attacks-each-combat"]);
    }

    #[test]
    fn power_toughness_changes() {
        for (t, v) in [("+2/+2", (2, 2)), ("-1/-0", (-1, 0)), ("+0/+3", (0, 3))] {
            assert_eq!(pt_change(&mut Parser::new(t)), Some(v));
        }
        assert_eq!(pt_change(&mut Parser::new("2/2")), None);
    }
}

/// "players can't cast spells [during combat]", "your opponents can't cast instant spells
/// [during your turn]", "defending player can't cast spells": who, which spells, and the
/// moment said last, if any.
fn cant_cast(p: &mut Parser) -> Option<(PlayerRef, Filter, Option<Condition>)> {
    let who = match p.eat_one_of(&[
        "players",
        "each player",
        "your opponents",
        "each opponent",
        "defending player",
        "you",
    ])? {
        0 | 1 => PlayerRef::Each,
        2 | 3 => PlayerRef::Opponent,
        4 => PlayerRef::DefendingPlayer,
        _ => PlayerRef::You,
    };
    p.eat("can't cast").then_some(())?;
    let spells = if p.eat("spells") {
        Filter::every()
    } else {
        let f = phrase::spell_filter(p)?;
        p.eat("spells").then_some(())?;
        f
    };
    let spells = match p.attempt(|p| {
        p.eat("with").then_some(())?;
        phrase::stat_clause(p)
    }) {
        Some(with) => spells.and(with),
        None => spells,
    };
    let when = match p.eat_one_of(&["during combat", "during your turn"]) {
        Some(0) => Some(Condition::DuringCombat),
        Some(_) => Some(Condition::YourTurn),
        None => None,
    };
    Some((who, spells, when))
}
