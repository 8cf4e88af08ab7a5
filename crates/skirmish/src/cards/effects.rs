//! Instructions of spells, activated and triggered abilities: what they do once (damage,
//! destroying, tapping, drawing) and how they change creatures for a while (power and
//! toughness, keywords, attacking and blocking).
//!
//! ```text
//! instruction := step (("," "then" | "then" | "and" | "," "and") step)* "."
//! step        := action | "all creatures able to block" target [duration] "do so"
//!              | ["until end of turn" ","] target part (("," | "and" | ", and") part)*
//! action      := ("~" | "it") "deals" number "damage to" (target | "you") | "destroy" target | "tap" target
//!              | "exile" target | "remove" target "from the game"
//!              | "return target" card "from" graveyard "to" ("your hand" | "play" | "the battlefield")
//!              | target "doesn't untap during its controller's next untap step"
//!              | "prevent all combat damage that would be dealt this turn"
//!              | "untap" target | "regenerate" target | "sacrifice ~" | "counter target spell"
//!              | "prevent the next" number "damage that would be dealt to" target "this turn"
//!              | "draw a card" | "draw" number "cards" | "you gain" number "life"
//!              | "put" ("a" | number) ("+1/+1" | "-1/-1") "counter(s) on" target
//! target      := "~" | "it" | "that creature" | "those creatures" | "they" | "target creature or player"
//!              | "any target" | ["another"] "target" filter | ["each" | "all"] creature-filter
//!              | ["each of"] ("up to" number | number | "any number of") "target" filter
//!              | creature-filter ("target player" | "target opponent") "controls"
//! players     := "target player" | "target opponent" | "each opponent" | "each player"
//!              | "defending player" | "that player" | "you"
//! player-act  := [players] ("loses" number "life" | "draws" count | "discards" count
//!              | "mills" count | "puts the top" count "of" whose "library into" whose "graveyard")
//!              ("and" [players] ...)* | "~ deals" number "damage to" players
//! optional    := "you may" instruction
//! part        := ("gets" pt-change | "gains" keywords | "loses" keyword | "loses all abilities"
//!                 | predicate) [duration]
//! duration    := "until end of turn" | "this turn" | "until end of combat" | "this combat"
//! activated   := cost ":" instruction
//! cost        := cost-part ("," cost-part)*
//! cost-part   := mana symbols | "{T}" | "{Q}" | "sacrifice ~" | "sacrifice" count filter
//!              | "tap" count "untapped" filter | "discard a card" | "discard" number "cards"
//!              | "discard" count card-filter | "exile" count card-filter "from your graveyard"
//!              | "put" count kind "counter(s) on" ("~" | "a" filter)
//!              | "remove" count kind "counter(s) from ~" | "pay" number "life"
//!              | "return" count filter "to its owner's hand"
//! ```
//!
//! "target <filter>" is one permanent the description fits (409.1c); a description without
//! "target" ("creatures without flying", "each creature you control") is every creature it
//! fits: an effect on characteristics affects those that fit as it begins, one that changes
//! the rules applies to whatever fits until it ends (418.3b).
//!
//! A part without its own duration lasts as long as the next part that states one ("gets +1/+0
//! and gains flying until end of turn"), or as the leading "until end of turn". The predicates
//! are those of static abilities (`statics`): an effect gives the creature those combat rules
//! for the duration (500.1).

use super::parser::Parser;
use super::phrase;
use super::player_actions::{
    card_count, damage_to, life_gained, player_action, players, says_it_deals,
};
use super::statics::{Form, keyword_ability, predicate, pt_change};
use crate::ability::{
    Ability, ActivationLimit, Cost, CostPart, Duration, Effect, Subject, TokenEntry, TokenSpec,
    Trigger, Whose,
};
use crate::filter::{Filter, PlayerRef};
use crate::mana::{Color, ManaCost};
use crate::model::Step;
use crate::typeline::CardType;

/// The forms of instructions, as `docs/card-text.md` lists them.
pub static EFFECT_FORMS: &[Form] = &[
    Form {
        id: "effect-gets",
        rule: "418.5a",
        wording: "<target> gets <pt-change> <duration>",
        meaning: "Its power and toughness change for the duration (layer 6b); until end of turn and this turn end in the cleanup step (314.2), until end of combat as the combat phase ends (300.4), until your next turn as the next turn of the spell's or ability's controller begins (418.3a; cleanup steps before it don't end it).",
        example: Some((
            "Giant Growth",
            "Target creature gets +3/+3 until end of turn.",
        )),
    },
    Form {
        id: "effect-gains",
        rule: "402.9",
        wording: "<target> gains <keyword> [and <keyword>]... <duration>",
        meaning: "It gains the keywords for the duration, in timestamp order with other effects that add or remove them (402.9).",
        example: Some(("Jump", "Target creature gains flying until end of turn.")),
    },
    Form {
        id: "effect-token-has",
        rule: "216.1",
        wording: "It has <keyword or \"<ability>\"> [and <keyword or \"<ability>\">]... (after an instruction that creates a token)",
        meaning: "The tokens the instruction before creates have these keywords and quoted abilities from the start (216.1); the token's name in the quotes is the token.",
        example: None,
    },
    Form {
        id: "effect-unless-sacrifices",
        rule: "501.6",
        wording: "<instruction> unless [<player> sacrifices|you sacrifice] a <filter>",
        meaning: "As it resolves the player chooses whether to sacrifice one of his or her permanents the description fits (the script's `choose` answers with its label, or `nothing`; nothing if unanswered); only if he or she doesn't is the instruction carried out. Bog Elemental: \"At the beginning of your upkeep, sacrifice Bog Elemental unless you sacrifice a land.\"",
        example: Some((
            "Bog Elemental",
            "At the beginning of your upkeep, sacrifice Bog Elemental unless you sacrifice a land.",
        )),
    },
    Form {
        id: "effect-gains-ability",
        rule: "402.9",
        wording: "<target> gains [<keyword>, ...] \"<ability>\" <duration>",
        meaning: "It has the quoted ability for the duration, as an ability of its own (layer 5): \"this creature\" in the quotes is that permanent, and a triggered or activated ability it gains triggers or is played as its own.",
        example: Some((
            "Whipgrass Entangler",
            "{1}{W}: Until end of turn, target creature gains \"This creature can't attack or block unless its controller pays {1} for each Cleric on the battlefield.\"",
        )),
    },
    Form {
        id: "effect-loses",
        rule: "402.9",
        wording: "<target> loses <keyword> <duration>",
        meaning: "It loses every instance of the keyword for the duration; with effects that grant it, the most recent prevails (402.9).",
        example: None,
    },
    Form {
        id: "effect-loses-all-abilities",
        rule: "402.9",
        wording: "<target> loses all abilities <duration> [and <part>...]",
        meaning: "For the duration the permanent has none of its printed abilities (keywords, triggered, activated, static and combat rules) and none given it earlier, by effects or by static abilities whose timestamp is earlier (layer 5 of 418.5a, in timestamp order, 418.5f); an ability given it later applies. Its power, toughness, types and colors don't change unless the sentence says so.",
        example: Some((
            "Humble",
            "Until end of turn, target creature loses all abilities and has base power and toughness 0/1.",
        )),
    },
    Form {
        id: "triggered-instruction",
        rule: "404.1, 410.4",
        wording: "[When|Whenever] ~ [enters the battlefield|comes into play|attacks|attacks for the first time each turn|attacks alone|attacks a player and isn't blocked|and at least <number> other creatures attack|blocks|attacks or blocks|becomes blocked|becomes blocked by a[n] <description>|dies|is put into a graveyard from play|deals combat damage to [a player|an opponent]|deals damage to [a player|an opponent|a creature]|deals [combat] damage to a[n] <creature-description>|exploits a creature|becomes tapped|becomes untapped|becomes the target of [a spell or ability|a spell] [you control|an opponent controls]|blocks one or more <description>|[blocks or ]becomes blocked by one or more <description>], <instruction> (once however many fit) / Whenever ~ or [enchanted|equipped] creature <event>, <instruction> / At [the beginning of your upkeep|the beginning of each upkeep|the beginning of each player's upkeep|the beginning of each opponent's upkeep|the beginning of combat on your turn|the beginning of your end step|end of turn|end of combat], <instruction> (after \"each player's upkeep\" or \"each opponent's upkeep\", \"that player\" is the player whose upkeep it is) / When ~ [leaves play|leaves the battlefield], <instruction> / Whenever ~ is dealt damage, <instruction> / Whenever you gain life, <instruction> / Whenever you [cast|play] a[n] <spell-description> spell [with <stat> <comparison>] [that targets ~], <instruction> / Whenever [a player|an opponent] [casts|plays] a[n] <spell-description> spell [with <stat> <comparison>], <instruction> (\"that player\" is the player who cast it) / Whenever [a player sacrifices|an opponent sacrifices|you sacrifice] a[n] <description>, <instruction> (501.6: for any reason, the permanent as it last existed; \"that player\" is the player who sacrificed it) / Whenever you [discard|cycle or discard] a card, <instruction> / Whenever you [cast|play] your [second|third|fourth|fifth] spell each turn, <instruction> / When you [cast|play] ~, <instruction> (from the stack, as the card becomes cast, before it resolves; current 113.6k) / [When|Whenever] [enchanted|equipped] creature [attacks|blocks|attacks or blocks|becomes blocked|deals combat damage to a player|becomes tapped], <instruction> / [When|Whenever] [a|an|another|~ or another] <description> [enters the battlefield|comes into play] [under your control], <instruction> / [When|Whenever] [a|an|another|~ or another] <description> [dies|is put into a graveyard from play] [during combat], <instruction> (\"during combat\": only while the turn is in its combat phase, 306.1) / Whenever [a|an|another] <creature-description> [attacks|blocks|attacks or blocks], <instruction> / Whenever [a|an|another] <description> [becomes the target of ...|leaves the battlefield|is turned face up|becomes monstrous|exploits a creature|deals damage to [a player|an opponent]], <instruction> (the same events as of \"~\", of any permanent the description fits; leaving play is looked for as the permanent last existed, 410.10d) / Whenever [you draw|an opponent draws|a player draws] a card, <instruction> (\"that player\", \"him or her\": the player who drew) / Whenever [you cycle|an opponent cycles|a player cycles] a card, <instruction> (502.18c, 502.18e: typecycling too; \"that player\": the player who cycled) / Whenever [you surveil|an opponent surveils|a player surveils], <instruction> (current 701.25d: once the surveil is done) / When you cycle ~ [or it dies], <instruction> (502.18c: as the card is discarded to pay its cycling or typecycling cost, from the graveyard; on an instant or sorcery too)",
        meaning: "A triggered ability whose effect is an instruction of this table (\"it\" is the object itself). It triggers as the permanent comes into play (410.10a), as its controller plays a spell the description fits (\"red\", \"noncreature\", \"instant or sorcery\", \"with converted mana cost 6 or greater\" (203.3), \"that targets ~\" for heroic; once the spell is played with its targets, 409.1i; \"that spell's converted mana cost\" in its instructions is that spell's, read on the stack or as it last existed there, 413.2f), as it is declared as an attacker (308.3) or blocker (309.3) (battalion, an ability word: \"~ and at least two other creatures attack\", as it and at least that many other creatures are declared as attackers), the first time it becomes blocked in a combat (309.4), as blockers are declared once for each of its blockers the description of \"becomes blocked by a creature ...\" fits (\"that creature\" is that blocker), as it is put into a graveyard from play (looking back at it as it last existed, 410.10d), as its combat damage to a player is dealt (\"to an opponent\" is the same: a creature attacks only opponents; \"deals damage to a player\": any damage it deals to a player, combat or not, \"that player\" being that player), as its damage (or combat damage) to a creature a description fits is dealt, once for each such creature (\"that creature\" being it, read as it is then), as its controller sacrifices a creature to its exploit ability (current 702.110b), as it attacks a player (not a planeswalker, 308.1) and becomes an unblocked creature (309.2f; \"that player\" is that player), as its controller plays his or her second (third, ...) spell of the turn (409.1i; spells played before the scenario began aren't known), as its controller discards a card for any reason (a cost, cycling, an instruction, cleanup; cycling is a discard, so it triggers once), as it changes from untapped to tapped for any reason (a cost, attacking, an effect, regeneration; not by coming into play tapped), as a spell or ability (of that player) that targets it is played or put on the stack (409.1c, 410.4; once per spell or ability), as a creature the description fits deals damage (\"combat damage\": only combat damage) to its controller (\"Whenever a Human deals damage to you, destroy it\": \"it\" is that creature, \"that much\" the damage; a \"source\" or \"permanent\" that may be a spell or a noncreature permanent is refused), as counters of a kind are put on it (\"a +1/+1 counter is put on ~\": once for each counter; \"one or more +1/+1 counters are put on ~\": once each time; counters it comes into play with count, current 122.6; Fathom Mage, and of another permanent, Enduring Scalelord), or as the step begins (your upkeep 303.2, beginning of combat on your turn 307, end of turn 313.1, end of combat 311.1); as a permanent the description fits comes into play (410.10a; Soul Warden) or is put into a graveyard from play, looking back in time so that permanents leaving together see each other (410.10d; Zulaport Cutthroat); as that event happens to the creature an Aura or Equipment is attached to (Luminous Wake), whose instructions say \"enchanted creature\" for that creature alone; as any creature the description fits (read from the ability's permanent, which is included if it fits) attacks or blocks, once for each (Powerstone Minefield); after a trigger about the creature an Aura or Equipment is attached to, or about \"a creature\", \"it\" in the trigger's sentence is that creature (bound as the ability triggers; nothing happens to it if it has left play, 413.2) and \"its controller\" its controller as the ability resolves, or as it last existed (Contaminated Bond, Grappling Hook: \"block it\"), elsewhere refused; a target is chosen as it goes on the stack, and with no legal target it is removed (410.4). \"When the last time counter is removed from ~ while it's exiled\" (2009: removed from the game) triggers from that zone (402.8g) as suspend's upkeep ability removes the card's last time counter (502.59a), together with the ability that plays it (Veiling Oddity).",
        example: Some((
            "Fervent Cathar",
            "When Fervent Cathar enters the battlefield, target creature can't block this turn.",
        )),
    },
    Form {
        id: "effect-damage",
        rule: "212.3g",
        wording: "~ deals <number> damage to [<target>|you] / ~ deals damage to <players> equal to the number of [<description> [he or she|that player] controls|cards in [his or her|that player's] hand|<description> cards in [his or her|that player's] graveyard]",
        meaning: "The object deals that much damage: to a creature it stays marked until cleanup (212.3g, 314.2), to a player it is life loss (215.2). \"Any target\" is read as the February 2009 Oracle wording of the same cards, \"target creature or player\"; \"each creature ...\" deals it to every creature the description fits. An amount said of \"that player\" or \"he or she\" after damage to players is counted for each player dealt the damage, as it is dealt (Typhoon: each opponent is dealt as much as the Islands he or she controls).",
        example: Some((
            "Lightning Bolt",
            "Lightning Bolt deals 3 damage to target creature or player.",
        )),
    },
    Form {
        id: "effect-destroy",
        rule: "501.4",
        wording: "destroy <target>",
        meaning: "Puts the permanent into its owner's graveyard (501.4a); regeneration can replace this (419.6b).",
        example: Some(("Murder", "Destroy target creature.")),
    },
    Form {
        id: "effect-tap",
        rule: "501.7",
        wording: "[tap|untap|tap or untap] <target>",
        meaning: "Taps or untaps the permanent. Tapping a creature already declared as an attacker or blocker doesn't remove it from combat (306.4b). With \"tap or untap\", the ability's controller chooses as it resolves (413.2c): `choose = \"<source>: <permanent's label>\"` taps it, `nothing` untaps it; unanswered, a tapped permanent is untapped and an untapped one tapped (Bounding Krasis).",
        example: Some(("Master Decoy", "{W}, {T}: Tap target creature.")),
    },
    Form {
        id: "effect-regenerate",
        rule: "501.5",
        wording: "regenerate <target>",
        meaning: "Sets up a regeneration shield: the next time it would be destroyed this turn, instead tap it, remove all damage from it and remove it from combat (419.6b).",
        example: Some(("Mire Boa", "{G}: Regenerate Mire Boa.")),
    },
    Form {
        id: "effect-divide-damage",
        rule: "409.1e",
        wording: "~ deals <number> damage divided as you choose among [one or two|one, two, or three|any number of] [target <description> [and/or players]|targets]",
        meaning: "The controller announces how many targets and which (409.1c), then how the damage is divided among them (409.1e), each getting at least 1, as the spell or ability is played; the division is fixed then (413.2f). As it resolves, each target still legal is dealt its part; the part of an illegal target is dealt to no one (413.2a). \"Targets\" alone is \"creatures and/or players\". Scripts say the division with `divide`; unsaid, it is as even as can be, the targets named first getting the odd points.",
        example: Some((
            "Arc Lightning",
            "Arc Lightning deals 3 damage divided as you choose among one, two, or three target creatures and/or players.",
        )),
    },
    Form {
        id: "effect-divide-prevention",
        rule: "409.1e",
        wording: "prevent the next <number> damage that would be dealt this turn to [one or two|one, two, or three|any number of] target <description> [and/or players], divided as you choose",
        meaning: "The division is announced as for divided damage (409.1e); as it resolves each target still legal gets a prevention shield for its part this turn (419.7b).",
        example: Some((
            "Embolden",
            "Prevent the next 4 damage that would be dealt this turn to any number of target creatures and/or players, divided as you choose.",
        )),
    },
    Form {
        id: "effect-gain-control",
        rule: "418.5a",
        wording: "gain control of [<target>|all <description>] [until end of turn|until your next turn|for as long as you control ~|for as long as ~ remains in play|for as long as ~ remains on the battlefield|for as long as ~ remains tapped|for as long as you control ~ and ~ remains tapped]",
        meaning: "The controller of the spell or ability controls the permanent (layer 2 of 418.5a; not having controlled it since the turn began, a creature can't attack or use {T} abilities, 212.3f) until the duration ends, then it returns to the player who controlled it before. A \"for as long as\" duration (418.3d) ends the moment it stops being true, whatever the step; if it is already over as the ability resolves, the ability does nothing. With a description (\"all creatures target opponent controls\"), each permanent it fits as the ability resolves. \"Them\" and \"they\" after an instruction about all permanents a description fits (\"Untap all creatures and gain control of them\") read the description again, and only where the instruction can't have changed what it fits (untapping \"all tapped creatures\" or taking control of \"all creatures target opponent controls\" would: refused).",
        example: Some((
            "Sower of Temptation",
            "When Sower of Temptation enters the battlefield, gain control of target creature for as long as Sower of Temptation remains on the battlefield.",
        )),
    },
    Form {
        id: "effect-prevent",
        rule: "419.7b",
        wording: "prevent the next [<number>|X] damage that would be dealt to <target> this turn [, where X is <amount>]",
        meaning: "A prevention shield that prevents that much damage to it this turn, from any sources (419.7b). X is the number announced as the ability is played (409.1b) or the amount \"where X is\" names, read as it resolves.",
        example: Some((
            "Samite Healer",
            "{T}: Prevent the next 1 damage that would be dealt to target creature or player this turn.",
        )),
    },
    Form {
        id: "effect-counter",
        rule: "501.3",
        wording: "counter target spell",
        meaning: "Removes target spell from the stack to its owner's graveyard; it doesn't resolve (501.3a, 414).",
        example: Some(("Counterspell", "Counter target spell.")),
    },
    Form {
        id: "effect-draw",
        rule: "423.1",
        wording: "draw [a card|<number> cards|cards equal to <amount>]",
        meaning: "Its controller draws that many cards, one at a time (423.1, 423.2); an amount (\"the number of creatures you control\", \"its power\") is read as the instruction is carried out.",
        example: Some(("Aggressive Urge", "Draw a card.")),
    },
    Form {
        id: "effect-scry",
        rule: "501.8a",
        wording: "scry <number>",
        meaning: "The ability's controller looks at the top N cards of his or her library (fewer if it has fewer) and puts any number of them on the bottom in any order and the rest on top in any order. Asked card by card from the top (`choose = \"<source>: <card>\"` puts that card on the bottom, `nothing` keeps it on top; unanswered, on top), then, for two or more cards on either side, the order: which goes on top first, which goes to the bottom first (unanswered, as they were).",
        example: Some(("Magma Jet", "Scry 2.")),
    },
    Form {
        id: "effect-surveil",
        rule: "current 701.25",
        wording: "surveil <number>",
        meaning: "No 2009 rule; the same under both editions. The ability's controller looks at the top N cards of his or her library (fewer if it has fewer) and puts any number of them into his or her graveyard and the rest on top in any order: asked card by card from the top (`choose = \"<source>: <card>\"` puts that card into the graveyard, `nothing` keeps it; unanswered, kept), then the order of those kept. Then \"whenever you surveil\" triggers (701.25d), never for surveil 0 or an empty library (701.25c).",
        example: Some(("Unexplained Disappearance", "Surveil 1.")),
    },
    Form {
        id: "effect-prevent-next-from-chosen",
        rule: "419.8a, 419.7",
        wording: "the next time a [<color> [or <color>]] source of your choice would deal damage to [you|target player|<target>] this turn, prevent that damage",
        meaning: "As it resolves, its controller chooses the source (419.8a; not a target) among the permanents, the spells on the stack and the creatures whose combat damage is on the stack that fit (`choose = \"<card>: <source>\"`; unanswered, the first of another player's); the next time that source would deal damage to the player or creature this turn, all of that damage is prevented, once (a double striker's regular damage is dealt).",
        example: Some((
            "Circle of Protection: Red",
            "{1}: The next time a red source of your choice would deal damage to you this turn, prevent that damage.",
        )),
    },
    Form {
        id: "effect-discard-hand",
        rule: "217.4",
        wording: "<players> discard[s] [all the cards in] [your|his or her|their] hand[, then draw[s] that many cards]",
        meaning: "Each player named discards every card in his or her hand, one discard each (\"whenever you discard a card\" triggers for each; madness applies, 502.24a). \"Then draws that many cards\" after it, or \"If you do, draw that many cards.\" after \"you may discard ...\", draws as many as were discarded (for one player; not the damage a \"deals damage\" trigger binds).",
        example: Some(("One with Nothing", "Discard your hand.")),
    },
    Form {
        id: "effect-bolster",
        rule: "current 701.39",
        wording: "bolster [<number>|X]",
        meaning: "No 2009 rule; the same under both editions. The ability's controller chooses a creature he or she controls with the least toughness, or among those tied for it (asked: `choose = \"<source>: <creature>\"`; unanswered, the first), and puts that many +1/+1 counters on it (not a target: a creature with shroud can be chosen). With no creature, nothing happens.",
        example: Some(("Cached Defenses", "Bolster 3.")),
    },
    Form {
        id: "effect-monstrosity",
        rule: "current 701.37",
        wording: "Monstrosity <number>",
        meaning: "A keyword action of current cards (no 2009 rule; same meaning under both editions): if the permanent isn't monstrous, put that many +1/+1 counters on it and it becomes monstrous until it leaves play (701.37a-b); \"When ~ becomes monstrous\" triggers then, and \"as long as ~ is monstrous\" reads the designation.",
        example: Some(("Stoneshock Giant", "{6}{R}{R}: Monstrosity 3.")),
    },
    Form {
        id: "effect-skip-combat",
        rule: "300.9, 419.6e",
        wording: "<player> [skips|skip] [his or her|their|your] next combat phase | <player> [skips|skip] all combat phases of [his or her|their|your] next turn",
        meaning: "A replacement of that player's next combat phase not yet begun (in a turn he or she is the active player in), or of every combat phase of his or her next turn, by nothing: the phase proceeds as though it didn't exist (logged [300.9]); each such effect skips one more (419.6f).",
        example: Some((
            "Stonehorn Dignitary",
            "When Stonehorn Dignitary enters the battlefield, target opponent skips his or her next combat phase.",
        )),
    },
    Form {
        id: "effect-life",
        rule: "215.3",
        wording: "you gain <number> life",
        meaning: "Its controller gains that much life (215.3).",
        example: None,
    },
    Form {
        id: "effect-counters",
        rule: "200.10",
        wording: "put [a|<number>] [+1/+1|-1/-1] counter[s] on <target> | remove [a|<number>|all|that many] <kind> counter[s] from <target> | double the number of <kind> counters on <target>",
        meaning: "Puts the counters on the permanent (or removes as many as it has, at most); +1/+1 and -1/-1 counters change its power and toughness after continuous effects (418.5a layer 6c). Doubling gives it as many of those counters as it already has (current 701.10e; the 2009 rules have no such word, and the meaning is the same under both).",
        example: None,
    },
    Form {
        id: "effect-sacrifice",
        rule: "501.6",
        wording: "sacrifice [~|it] / [<players>] sacrifice[s] [a|another|<number>] <description>",
        meaning: "Its controller puts it into its owner's graveyard; regeneration can't replace this (501.6). With a description, each of the players (the controller for the imperative) chooses that many permanents he or she controls that it fits (\"another\": not the object with the ability), all of them if fewer, and sacrifices them at once; not targeted. A script answers `choose = \"<source>: <label>\"` for each.",
        example: None,
    },
    Form {
        id: "effect-create-tokens",
        rule: "216.1",
        wording: "[create|put] <count> <N/N> <colors|colorless> <creature-types> [artifact] creature token[s] [named <Name>] [with <keyword or \"<ability>\"> [and <keyword or \"<ability>\">]...] [into play|onto the battlefield]",
        meaning: "Puts that many creature tokens into play under the controller's control, named after their creature types or the name given (216.1a), new to play (212.3f), with the keywords and quoted abilities given (\"this creature\" or the token's name in the quotes is the token); comes-into-play abilities trigger (410.10a).",
        example: Some((
            "Raise the Alarm",
            "Put two 1/1 white Soldier creature tokens into play.",
        )),
    },
    Form {
        id: "effect-create-tokens-entering",
        rule: "216.1, 308.4, 309.5",
        wording: "create [a|<count>] [tapped] <token> / create <token> [that's|that are] [tapped and] attacking / create <token> that's blocking [that creature|<target attacking creature>] / put <token> [into play|onto the battlefield] [tapped and attacking|blocking <target attacking creature>]",
        meaning: "The tokens come into play tapped (they never were untapped, so they don't become tapped), or attacking what their controller chooses, tapped only if it says so (308.4: they never \"attacked\"; only for the attacking player, 306.3b), or blocking that attacker, which becomes blocked (309.5: they never \"blocked\"; only an attacker that attacks their controller or his or her planeswalker, 306.3c). \"That creature\" is the creature the trigger is about. Comes-into-play abilities see them (410.10a). \"it\", \"them\" or \"that token\" in the next instruction are the tokens made, fixed as a delayed instruction (\"Exile that token at end of combat\") is created (404.4).",
        example: Some((
            "Flash Foliage",
            "Create a 1/1 green Saproling creature token that's blocking target creature attacking you.",
        )),
    },
    Form {
        id: "effect-becomes-blocked",
        rule: "309.2f, 309.4, 410.9c",
        wording: "<target creature> becomes blocked",
        meaning: "If the creature is attacking and hasn't been blocked this combat, it becomes a blocked creature with no creature blocking it (309.2f): unblocked damage rules no longer apply to it, it assigns combat damage only with trample (to the player or planeswalker it attacks), and its \"becomes blocked\" abilities trigger (410.9c), once: creatures declared as its blockers later don't trigger them again (309.4). A creature already blocked, or not attacking, is unaffected.",
        example: Some((
            "Dazzling Beauty",
            "Target unblocked attacking creature becomes blocked.",
        )),
    },
    Form {
        id: "effect-fight",
        rule: "current 701.14",
        wording: "[~|<target creature>] fights <another target creature>",
        meaning: "Each creature deals damage equal to its power to the other at once; it isn't combat damage (701.14d). If either has left play, is no longer a creature or is an illegal target as the instruction is carried out, neither deals damage (701.14b). The two targets must be of different descriptions (\"target creature you control\" and \"target creature you don't control\").",
        example: Some((
            "Prey Upon",
            "Target creature you control fights target creature you don't control.",
        )),
    },
    Form {
        id: "effect-damage-by",
        rule: "413.2f, 413.2a",
        wording: "[<target creature>|that creature] deals damage [to itself|to ~|to <target>] equal to <amount> | ... deals damage equal to <amount> to [itself|~|<target>]",
        meaning: "The creature named deals the damage, not the object with the ability: it is the damage's source (its protection, prevention, deathtouch and lifelink apply), as it is or, gone, as it last existed (413.2f). An illegal target deals nothing (413.2a). It isn't combat damage. \"Its power\" is the power of the creature dealing the damage, read as the instruction is carried out.",
        example: Some((
            "Inner Struggle",
            "Target creature deals damage to itself equal to its power.",
        )),
    },
    Form {
        id: "additional-sacrifice",
        rule: "409.1f, 409.1h",
        wording: "As an additional cost to [cast|play] [~|this spell], sacrifice <number> <permanent-description>.",
        meaning: "Playing the spell costs that many permanents its controller controls that the description fits besides its mana cost: they are chosen as the total cost is determined (the script's `choose = \"<spell>: <permanent>\"`, once per permanent; unanswered, the first that fit, permanents without mana abilities first), are not tapped for mana, and are sacrificed as the cost is paid (409.1h). Without enough of them the spell can't be played (409.1h), and nothing changes.",
        example: Some((
            "Altar's Reap",
            "As an additional cost to play Altar's Reap, sacrifice a creature.",
        )),
    },
    Form {
        id: "cant-be-countered",
        rule: "103.2",
        wording: "[This spell|~] can't be countered.",
        meaning: "A spell or ability that would counter it does nothing to it; it stays on the stack and resolves (the \"can't\" wins, 103.2).",
        example: Some(("Scragnoth", "Scragnoth can't be countered.")),
    },
    Form {
        id: "cant-be-regenerated",
        rule: "419.6b",
        wording: "[It|They] can't be regenerated. (after an instruction that destroys)",
        meaning: "The destruction the sentence before orders can't be replaced by regeneration: a regeneration shield doesn't save the permanent (419.6b).",
        example: Some(("Wrath of God", "They can't be regenerated.")),
    },
    Form {
        id: "effect-return",
        rule: "217.3, 217.2",
        wording: "return <target> to its owner's hand | put <target> on top of its owner's library",
        meaning: "The permanent leaves play for its owner's hand or the top of his or her library, a new object there (217.1c).",
        example: Some(("Unsummon", "Return target creature to its owner's hand.")),
    },
    Form {
        id: "effect-exile",
        rule: "217.7",
        wording: "exile <target> | remove <target> from the game",
        meaning: "The permanent leaves play for its owner's removed-from-the-game zone (2009 wording; current \"exile\"), a new object there (217.1c). Not of \"~\" in a spell (the spell would go to that zone instead of its owner's graveyard, which isn't modelled).",
        example: Some(("Final Reward", "Exile target creature.")),
    },
    Form {
        id: "effect-return-card",
        rule: "217.3, 409.1c",
        wording: "return target <card> from your graveyard to your hand / return target <card> from <graveyard> to [play|the battlefield][ under your control] / put target <card> from <graveyard> [onto the battlefield|into play] under your control; <card>: \"<description> card\"[ with converted mana cost|mana value|power|toughness <comparison>]; <graveyard>: your graveyard, a graveyard, an opponent's graveyard, that player's graveyard, defending player's graveyard",
        meaning: "With \"... under your control\" (Hymn of Rebirth) the target may be in any graveyard the words name and comes into play under the control of the spell's or ability's controller, its owner unchanged; \"that player's graveyard\" is the graveyard of the player the trigger names (the player dealt the damage). The target is a card in that graveyard (the controller's if it says \"your\") that the description fits (\"creature\", \"instant or sorcery\", \"artifact\", \"with converted mana cost 2 or less\": characteristics of a card in a graveyard are its printed ones, 200.2), checked again as it resolves (413.2a); it goes to his or her hand, or comes into play under its owner's control (2009 \"to play\", current \"to the battlefield\"), a new object whose comes-into-play abilities trigger (217.1c, 410.10a).",
        example: Some((
            "Cemetery Recruitment",
            "Return target creature card from your graveyard to your hand.",
        )),
    },
    Form {
        id: "effect-look-hand",
        rule: "217.3c",
        wording: "look at <player>'s hand; <player>: that player, target player, target opponent, defending player, each player, each opponent",
        meaning: "The ability's controller sees the cards in those players' hands, which a player otherwise can't (217.3c): the log lists them ([217.3c] Alice looks at Bob's hand: ...); the cards stay where they are. \"that player\" is the player the trigger names.",
        example: None,
    },
    Form {
        id: "effect-reveal-hand",
        rule: "217.3",
        wording: "<players> reveals his or her hand",
        meaning: "The players show the cards in their hands to all players (glossary \"Reveal\"): the log lists them ([217.3] Bob reveals his or her hand: ...); the cards stay where they are.",
        example: Some((
            "Appetite for Brains",
            "Target opponent reveals his or her hand.",
        )),
    },
    Form {
        id: "effect-player",
        rule: "215.3, 217.4",
        wording: "<players> [loses <number> life|loses half [your|his or her] life, rounded [up|down]|discards <count> [at random]|discards that many cards|mills [<count>|that many cards|X cards]|puts <top> <whose> library into his or her graveyard|exiles <top> <whose> library] / [discard|mill] <count> / [put|exile] <top> <whose> library [into <whose> graveyard] / ~ deals <number> damage to <players> / <players> draws [<count>|that many cards|X cards]",
        meaning: "What players do: lose life (215.3; \"half your life, rounded up\": half of that one player's life total as it resolves, rounded as written, 104.1a), discard cards of their choice, all of them if the hand holds fewer (217.4; \"at random\": the player doesn't choose, and since a run is deterministic the cards that come up are the script's `discard` answer, else those most recently put into the hand), put the top cards of their library into their graveyard, as many as it holds (217.2) or remove them from the game (217.7), draw, or are dealt damage. <top> is \"the top card of\", \"the top <number> cards of\", \"the top X cards of\" or \"<count> from the top of\" (\"that many cards\", \"X cards\", a number read as the instruction is carried out); <whose> is \"his or her\" (the player doing it), \"your\", or a player's: \"that player's\", \"target player's\", \"target opponent's\", \"defending player's\", \"each player's\", \"each opponent's\". Milled cards go to their owner's graveyard, so no other graveyard is read. <players> is \"target player\", \"target opponent\" (a target, 409.1c), \"each opponent\", \"each player\", \"defending player\", \"you\", or \"that player\" in a \"deals combat damage to a player\" trigger: the player it damaged, its defending player (306.2).",
        example: Some(("Mind Rot", "Target player discards two cards.")),
    },
    Form {
        id: "effect-exile-card",
        rule: "217.7, 409.1c",
        wording: "[Exile target <card> from|Remove target <card> in] [a graveyard|an opponent's graveyard|your graveyard] [from the game]",
        meaning: "The target card, one in a graveyard the words name that the description fits (\"card\", \"creature card\", \"instant or sorcery card\"), is removed from the game (current: exiled) as the instruction is carried out; gone from that graveyard by then, nothing happens (413.2a).",
        example: None,
    },
    Form {
        id: "effect-life-becomes",
        rule: "215.5, 104.1b",
        wording: "<whose> life total becomes [<number>|X|equal to <amount>]",
        meaning: "The player gains or loses the life that makes the total that number (215.5), even below 0 (104.1b); the log says the new total and the change. <whose> is \"your\", \"that player's\" (in a trigger naming a player), \"target player's\", \"target opponent's\", \"defending player's\", \"each player's\" or \"each opponent's\".",
        example: None,
    },
    Form {
        id: "target-count",
        rule: "409.1c, 413.2a",
        wording: "[each of] [up to <number>|<number>|any number of] target <description> ... [those creatures]",
        meaning: "A variable number of targets, announced as the spell or ability is played: different objects the description fits, from none (\"up to\") or exactly that many; the instruction acts on each that is still legal as it resolves, and \"those creatures\" later names the same ones. One such \"target\" per spell or ability. A triggered ability takes one `choose` answer per target; unanswered, no more than it needs. Panic Attack: \"Up to three target creatures can't block this turn.\"",
        example: None,
    },
    Form {
        id: "effect-may",
        rule: "410.5",
        wording: "you may <instruction>",
        meaning: "An optional instruction: its controller chooses as it resolves whether to carry it out, all of it or none (410.5: a triggered ability goes on the stack either way; a target is still chosen as it is played). A script answers with `choose = \"<source>: <source>\"` for yes and `choose = \"<source>: nothing\"` for no; the default is yes. Ninja of the Deep Hours: \"Whenever Ninja of the Deep Hours deals combat damage to a player, you may draw a card.\"",
        // A sentence is listed under its first form, here the trigger's.
        example: None,
    },
    Form {
        id: "effect-delayed",
        rule: "404.4",
        wording: "<action> [at end of combat | at the beginning of the next end step | at the beginning of the next cleanup step | at the beginning of the next turn's upkeep]",
        meaning: "Resolving creates a delayed triggered ability: the action happens the next time that moment comes, once (404.4b); one about a permanent that has left play meanwhile does nothing (404.4d). Fog Elemental: \"When Fog Elemental attacks or blocks, sacrifice it at end of combat.\" \"The next turn's upkeep\" is the first upkeep step to begin after the ability is created, whoever's turn it is (303.2).",
        // A sentence is listed under its first form, here the trigger's.
        example: None,
    },
    Form {
        id: "effect-lure",
        rule: "500.3",
        wording: "all creatures able to block <target> [<duration>] do so",
        meaning: "A requirement for the duration (this turn when none is said): each creature able to block it must block it, as many requirements as possible obeyed (500.3).",
        example: Some((
            "Alluring Scent",
            "All creatures able to block target creature this turn do so.",
        )),
    },
    Form {
        id: "activate-only",
        rule: "103.1",
        wording: "[Activate|Play] this ability only <limit> [(, | and only) <limit>]... | Activate this ability no more than <number> times each turn",
        meaning: "A sentence after an activated ability limits when it may be played: once (or N times) each turn, during your turn, during an opponent's turn, before combat (the beginning phase and precombat main phase), before attackers are declared, any time you could play a sorcery, during your upkeep (its controller's upkeep step) / each upkeep (any player's) / combat / a combat step, if <condition>. \"Any time you could cast an instant\" limits nothing: an activated ability is played whenever its controller has priority (409.1). Playing it otherwise is refused.",
        example: Some((
            "Alaborn Veteran",
            "Play this ability only during your turn, before attackers are declared.",
        )),
    },
    Form {
        id: "cast-only",
        rule: "402.8d",
        wording: "Cast [this spell|~] only <limit> [(, | and only) <limit>]... / Play ~ only <limit>...",
        meaning: "A sentence of an instant or sorcery limits when it may be played: during your turn, during combat, during a combat step, before attackers are declared, before blockers are declared (\"during combat before blockers are declared\": the beginning of combat and declare attackers steps), any time you could play a sorcery, if <condition>. It restricts how the card is played, so it works from any zone the card is played from (402.8d); playing it otherwise is refused.",
        example: Some((
            "Blaze of Glory",
            "Cast this spell only during combat before blockers are declared.",
        )),
    },
    Form {
        id: "effect-blocks-each-attacker",
        rule: "500.3",
        wording: "<target> blocks each attacking creature <duration> if able",
        meaning: "A requirement for the duration for each attacking creature the creature could block: obeyed when it blocks that attacker, as many requirements as possible obeyed (500.3). With \"can block any number of creatures\" it must block every attacker it can; otherwise one of them.",
        example: None,
    },
    Form {
        id: "effect-blocks-source",
        rule: "500.3",
        wording: "<target> blocks [~|it] <duration> if able / you may have <target> block [~|it] <duration> if able",
        meaning: "A requirement for the duration: the creature blocks the object with the ability if able (\"it\" only in a triggered ability of that object, never of an Aura or Equipment, whose \"it\" is another creature); obeyed when it blocks that attacker, as many requirements as possible obeyed (500.3). With \"you may have\", the target is chosen as the ability is played or put on the stack and its controller chooses as it resolves whether to impose the requirement (410.5; Giant Ambush Beetle).",
        example: Some((
            "Trumpeting Armodon",
            "{1}{G}: Target creature blocks Trumpeting Armodon this turn if able.",
        )),
    },
    Form {
        id: "effect-becomes",
        rule: "418.5a, 212.1c",
        wording: "<target> becomes a <N/N> [<color> [and <color>]...] <creature-types> [artifact] creature [with <keyword> [and <keyword>]...] until end of turn [and <part>...] [. It's still a land.]",
        meaning: "Until end of turn the permanent is also a creature (and an artifact) of those creature types (layer 4), of those colors if any are named (layer 5; none named, it keeps its colors), with the keywords (layer 5, 402.9) and that power and toughness (layer 6b, in timestamp order with \"gets +N/+N\" effects: the Svogthos example of 418.5b); it keeps its other types, which 212.1c allows only with \"It's still a [type]\" or \"artifact creature\", so the form needs one of them. Parts joined by \"and\" apply to it too (\"and can't be blocked this turn\"). A creature that stops being one in combat leaves combat (306.4).",
        example: Some((
            "Elemental Uprising",
            "Target land you control becomes a 4/4 Elemental creature with haste until end of turn.",
        )),
    },
    Form {
        id: "effect-additional-combat",
        rule: "300.7",
        wording: "after this [main] phase, [there is|there's] an additional combat phase [followed by an additional main phase]",
        meaning: "The phases are added directly after the phase the instruction resolves in, the most recently created first (300.7): a whole combat phase (its steps as 306.1 says; \"attacks each combat if able\" applies in it again), then a main phase if it says so, then the rest of the turn. \"After this main phase\" adds nothing if it resolves outside a main phase (logged [300.7]). A script's actions with `step = \"declare-attackers\"` wait for the next declare attackers step, the additional one included.",
        example: Some((
            "Relentless Assault",
            "Untap all creatures that attacked this turn. After this main phase, there is an additional combat phase followed by an additional main phase.",
        )),
    },
    Form {
        id: "effect-becomes-chosen",
        rule: "413.2c",
        wording: "<target> becomes the [color|creature type] of your choice until end of turn",
        meaning: "As it resolves its controller names a color (`choose = \"<source>: red\"`, white if unanswered) or a creature type (`choose = \"<source>: Goblin\"`, any case; unanswered, the first creature type among the creatures in play), logged [413.2c]; until end of turn the permanent is that color only (layer 5), or that creature type instead of its own (212.1b, layer 4). Caldera Kavu, Mistform Dreamer.",
        example: Some((
            "Mistform Dreamer",
            "{1}: Mistform Dreamer becomes the creature type of your choice until end of turn.",
        )),
    },
    Form {
        id: "effect-switch-pt",
        rule: "418.5a",
        wording: "switch [target creature's|~'s|its] power and toughness until end of turn",
        meaning: "Layer 6e: after everything else that changes its power and toughness (effects that set or change them, counters, static abilities), they are swapped; two such effects undo each other. A 1/4 with a +1/+1 counter that is switched is a 5/2; a later \"gets +2/+0\" makes it a 5/4 (it raises the power before the switch). About Face.",
        example: Some((
            "About Face",
            "Switch target creature's power and toughness until end of turn.",
        )),
    },
    Form {
        id: "effect-becomes-qualities",
        rule: "418.5a, 212.1b, 212.1c",
        wording: "<target> becomes <color> [and <color>]... / <target> becomes a [<N/N>] [<color>...] [<creature-types>] [in addition to its other types] [with base power and toughness <N/N>] until end of turn [and <part>...]",
        meaning: "Without a card type word the permanent keeps its card types. Colors named are the only colors it has (layer 5). Creature types named replace the ones it had (212.1b; layer 4), or add to them with \"in addition to its other types\" (212.1c). The power and toughness are its new base ones (layer 6b, in timestamp order with other effects that set them; \"gets +N/+N\" and counters apply after, 418.5b). Chromium, the Mutable: \"Discard a card: Until end of turn, Chromium, the Mutable becomes a Human with base power and toughness 1/1, loses all abilities, and gains hexproof. It can't be blocked this turn.\" (\"it\", after an instruction about ~ with no creature targeted, is ~ in an activated ability too).",
        example: Some((
            "Chromium, the Mutable",
            "Discard a card: Until end of turn, Chromium, the Mutable becomes a Human with base power and toughness 1/1, loses all abilities, and gains hexproof. It can't be blocked this turn.",
        )),
    },
    Form {
        id: "modal",
        rule: "409.1b, 409.1d",
        wording: "Choose [one|two|<number>|one or both|one or more] — / • <instruction> (each mode a line)",
        meaning: "A modal instant or sorcery: as it is played its controller announces that many different modes (409.1b; scenario key `modes = [..]`, numbered from 1; unsaid, the first ones), and the spell has the instructions and targets of those modes only, followed in the printed order (409.1d). Each mode is an instruction of this table; a mode's \"it\" names its own target. Modes that may be chosen together never target the same kind of object (the engine tells a spell's targets apart by kind). Entwine and \"choose one that hasn't been chosen\" are not supported.",
        example: Some(("Hearth Charm", "Choose one —")),
    },
    Form {
        id: "modal-ability",
        rule: "409.1b, 409.1d, 410.4a",
        wording: "<cost>: Choose [one|two|one or both|one or more] — / <trigger>, choose ... — / • <instruction> (each mode a line)",
        meaning: "An activated or triggered ability of a permanent whose instruction is its modes. Each mode is read as the ability with that mode for its instruction, so it means what it would mean there (\"it\" after a trigger about another creature, \"that player\", ...). Its controller announces the modes as the ability is played (409.1b; scenario key `modes = [..]` with `activate`, numbered from 1; unsaid, the first ones) or put on the stack (410.4a; `choose = \"<permanent>: mode 2\"`; a mode without a legal target can't be chosen, and with none left the ability is removed from the stack). The ability then has the instructions and targets of the chosen modes only (409.1d). A modal ability with an intervening \"if\" is not supported.",
        example: Some((
            "Tormentor Exarch",
            "When Tormentor Exarch enters the battlefield, choose one —",
        )),
    },
    Form {
        id: "target-player-controls",
        rule: "409.1c, 418.3b",
        wording: "<creatures> [target player|target opponent] controls <part>...",
        meaning: "The player is the spell's or ability's target, chosen as it is played; as it resolves, if the player is still a legal target (413.2a), the instruction acts on every creature the description fits that this player controls: one that changes the rules (\"attack this turn if able\") applies to whatever fits until it ends, newcomers under that player's control too; one that changes characteristics affects those that fit as it begins. Instigator: \"Creatures target player controls attack this turn if able.\"",
        example: None,
    },
    Form {
        id: "effect-if",
        rule: "413.1",
        wording: "[<ability word> —] If [<condition>|~ was kicked|this spell was kicked], <instruction> (instants and sorceries) | <instruction> if <condition> (any spell or ability)",
        meaning: "The instruction is followed only if the condition holds as the spell resolves and it comes to this instruction, read with the spell and its controller (\"you control a creature with power 4 or greater\", \"seven or more cards are in your graveyard\", any condition of the static abilities above; \"~ was kicked\": its kicker cost was paid as it was played, 502.21a-b); otherwise nothing happens. The instruction has no targets. In triggered abilities the same words first are an intervening \"if\" (410.8): see `triggered-intervening-if`; after the instruction (\"it gains trample until end of turn if its power is 10 or greater\") they are checked only as the ability resolves.",
        example: None,
    },
    Form {
        id: "effect-if-instead",
        rule: "413.1",
        wording: "<instruction>. [If [<condition>|~ was kicked|this spell was kicked], <instruction> instead|<instruction> instead if <condition>].",
        meaning: "Two branches: as the spell or ability resolves, the second instruction is followed if the condition holds, the first (the sentence before it; in an activated or triggered ability, its first sentence) if it doesn't (413.1). \"That creature\" (\"that creature or player\", \"that permanent or player\", \"that player\") in the second names the first's target, chosen as the spell or ability is played either way (409.1c); what the second leaves unsaid (\"gets -4/-4 instead\") lasts as long as the first; in the condition (\"If that creature is a Human\", \"If that land is a Mountain\") it is that target, else the permanent the trigger is about, read as it is or last existed (413.2f). Elder Cathar, Guul Draz Overseer. Shivan Fire: \"Shivan Fire deals 2 damage to target creature. If this spell was kicked, it deals 4 damage to that creature instead.\"",
        example: Some((
            "Shivan Fire",
            "If this spell was kicked, it deals 4 damage to that creature instead.",
        )),
    },
    Form {
        id: "effect-unless-you-pay",
        rule: "410.5",
        wording: "<instruction> unless you pay <mana> / you may pay <mana>. If you don't, <instruction>",
        meaning: "As the ability resolves its controller chooses whether to pay the mana, if he or she can (automatic payment from the mana pool and untapped mana sources); the instruction is followed only if he or she doesn't. A script answers `choose = \"<source>: <source>\"` to pay and `choose = \"<source>: nothing\"` not to; the default is to pay.",
        example: Some((
            "Force of Nature",
            "At the beginning of your upkeep, Force of Nature deals 8 damage to you unless you pay {G}{G}{G}{G}.",
        )),
    },
    Form {
        id: "effect-may-pay",
        rule: "410.5",
        wording: "[if <condition>, ]you may pay <mana, {X} too>. If you do, <instruction> / remove a <kind> counter from [it|~]. If you do, <instruction>",
        meaning: "As the ability resolves its controller chooses whether to pay the mana, if he or she can (automatic payment from the mana pool and untapped mana sources); if he or she does, the instructions of the \"If you do\" sentence are followed. Their targets are chosen as the ability is played or put on the stack, paid for or not. A script answers `choose = \"<source>: <source>\"` to pay and `choose = \"<source>: nothing\"` not to; the default is to pay. With {X} in the cost (\"you may pay {X}. If you do, put X +1/+1 counters on ~\"), X isn't defined by the text, so its controller chooses it as he or she pays (2009 glossary \"X\"; current 107.3f) and the instructions after \"If you do\" read that X: a script answers with the number (`choose = \"<source>: 2\"`), the largest X that can be paid if unanswered. \"If you do, <instruction>\" also follows \"you may <instruction>\": the second instruction is part of the optional one (all of it or none); after \"remove a <kind> counter from it\", both the removal and the instruction happen only if the permanent, still in play, has such a counter as the ability resolves (its target is chosen as it goes on the stack all the same). Frenzied Goblin: \"Whenever Frenzied Goblin attacks, you may pay {R}. If you do, target creature can't block this turn.\"",
        // A sentence is listed under its first form, here the trigger's.
        example: None,
    },
    Form {
        id: "effect-when-you-do",
        rule: "current 603.12, 404.4, 410.4",
        wording: "you may <instruction>. When you do, <instruction> / you may pay <mana>. When you do, <instruction>",
        meaning: "A reflexive triggered ability (current 603.12): if, as the ability resolves, its controller takes the option (sacrifices, pays, ...), the \"When you do\" ability triggers at once, with the same source and controller (404.4e), and goes on the stack the next time a player would receive priority (410.3); its targets are chosen then (410.4), not as the first ability was put on the stack, so they may be what the first ability changed. February 2009 has no rule for it (the wording was printed from 2017): both editions read it as current 603.12 does. After \"You may exert ~ as it attacks.\" the sentence is exert's linked ability instead.",
        // A sentence is listed under its first form, here the trigger's.
        example: None,
    },
    Form {
        id: "triggered-intervening-if",
        rule: "410.8, 404.3",
        wording: "<trigger>, if <condition>, <instruction>",
        meaning: "An intervening \"if\" clause: the ability triggers only if the condition holds as its trigger event happens (Skirmish checks it as soon as the event's action is over, before state-based effects and before other abilities are put on the stack), and it is checked again as the ability resolves: if it no longer holds, the ability does nothing. A target is chosen only if it triggers (410.4). Any condition of the static abilities above.",
        // A sentence is listed under its first form, here the trigger's.
        example: None,
    },
    Form {
        id: "mana-colorless",
        rule: "406.1, current 107.4c",
        wording: "{C} in a cost and in added mana",
        meaning: "Current rules (2015; no 2009 symbol): {C} is one colorless mana (106.1b, 107.4c), added to its controller's pool and emptied with the rest (300.3); {C} in a cost is paid only with colorless mana, never colored, while generic costs take either.",
        example: None,
    },
    Form {
        id: "effect-add-mana",
        rule: "406.1, 406.2, 411",
        wording: "Add <mana symbols> [to your mana pool] / Add {X} or {Y} / Add {X}, {Y}, or {Z} / Add one mana of any color / Add <one mana symbol> for each <amount> / Add an amount of <one mana symbol> equal to <amount>",
        meaning: "Adds that mana to the pool of the ability's controller: the symbols as written (\"{C}{C}\", \"{B}{R}{G}\"), that many of one symbol, counted as the ability is played (\"for each Elf on the battlefield\", \"equal to ~'s power\"; also when a cost is paid automatically, so a source that would make none pays nothing), or one mana of a color that player chooses as it resolves (the script's `choose = \"<source>: <color>\"`; unanswered, the first color offered). An activated ability adding mana without a target is a mana ability (406.1): it resolves at once, without the stack, any other instruction of it too (408.2e, 411.1); a spell adding mana is an ordinary spell (406.2). When a cost is paid automatically, `{T}` abilities whose one instruction adds mana are tapped: the color chosen is the one the cost needs, and a source making several mana at once is tapped only when needed, the mana it makes beyond the cost staying in the pool (and burning, 300.3). A mana ability that also does something else (a painland's damage) is never tapped automatically: the player plays it.",
        example: Some((
            "Karplusan Forest",
            "{T}: Add {R} or {G} to your mana pool. Karplusan Forest deals 1 damage to you.",
        )),
    },
    Form {
        id: "effect-rules",
        rule: "500.1",
        wording: "<target> <predicate> <duration>",
        meaning: "It has the combat rule for the duration (\"can't block\", \"can't be blocked\", \"attacks this turn if able\", any predicate of the static abilities above); a creature already declared as an attacker or blocker stays in combat (306.4a).",
        example: Some((
            "Off Balance",
            "Target creature can't attack or block this turn.",
        )),
    },
    Form {
        id: "effect-objects-joined",
        rule: "409.1c",
        wording: "[destroy|exile|tap|untap|tap or untap] <target> and <target>",
        meaning: "One verb for two objects (Fumarole's \"destroy target creature and target land\"): the instruction is carried out on each, in order, each a target of its own chosen as the ability is played (409.1c). The second object may also be a description (\"destroy it and all creatures blocking it\"). Two targets of the same kind would be one target to the engine, so they are refused.",
        example: None,
    },
    Form {
        id: "effect-for-each",
        rule: "413.1",
        wording: "<instruction with a number> for each <counted>",
        meaning: "The instruction's number (damage, life gained or lost, cards drawn or discarded, counters, tokens) times the count, read as the instruction is carried out: permanents a description fits (\"land you control\"), cards in graveyards (\"creature card in your graveyard\") or in a hand (\"card in your hand\"), counters of a kind on an object (\"+1/+1 counter on ~\", \"... on it\", as it last existed in play if it has left, 413.2f), basic land types among your lands (212.6g). Tokens are created a hundred at most (docs/limits.md).",
        example: Some((
            "Dune-Brood Nephilim",
            "Whenever Dune-Brood Nephilim deals combat damage to a player, create a 1/1 colorless Sand creature token for each land you control.",
        )),
    },
    Form {
        id: "effect-reveal-top",
        rule: "217.2",
        wording: "<players> reveal[s] the top card of [your|his or her] library [and put that card into your hand] / If it's a <description> card, <instruction>. / If it's a land card, that player puts it into his or her hand.",
        meaning: "The top card of that player's library is shown to all players and stays where it is (glossary \"Reveal\"); nothing with an empty library. \"If it's a <description> card\" (also after \"exile the top card of your library\") follows the next instruction, without targets, only if that card fits; \"put that card into your hand\" moves it from the top of the library to its owner's hand (217.3). Without a reveal before it in the same ability, \"that card\" is refused.",
        example: Some((
            "Goblin Guide",
            "Whenever Goblin Guide attacks, defending player reveals the top card of his or her library. If it's a land card, that player puts it into his or her hand.",
        )),
    },
    Form {
        id: "effect-cant-be-regenerated",
        rule: "419.6b",
        wording: "<target creature> can't be regenerated this turn",
        meaning: "Until the cleanup step, no regeneration shield replaces the creature's destruction (a shield made before or after it waits unused); it is destroyed as if it had none.",
        example: Some((
            "Orcish Healer",
            "{R}{R}, {T}: Target creature can't be regenerated this turn.",
        )),
    },
    Form {
        id: "effect-sacrifice-unless-exile",
        rule: "501.6",
        wording: "sacrifice [~|it] unless you exile [a card|<number> cards] from your graveyard",
        meaning: "As it resolves, its controller chooses that many cards of his or her graveyard (if there are that many) to remove from the game (2009 wording; current \"exile\"), or declines; if he or she doesn't remove them all, the permanent is sacrificed (501.6). If the permanent has left play, nothing happens. \"It\" is the object with the ability: after a trigger about another creature it is refused.",
        example: None,
    },
    Form {
        id: "effect-cant-activate",
        rule: "103.2",
        wording: "<target> ... and its activated abilities can't be activated <duration>",
        meaning: "For the duration no activated ability of the permanent (mana abilities included, 406.1) can be played; the \"can't\" wins over any permission (103.2). Only as a part after another about the same permanent (\"its\").",
        example: None,
    },
    Form {
        id: "effect-exile-time-counters",
        rule: "502.59b",
        wording: "Exile ~ with <number> time counters on it. (instants and sorceries)",
        meaning: "As the spell resolves and comes to this instruction, its card is removed from the game with that many time counters on it instead of going to the graveyard; with suspend it is then suspended (502.59b), so its owner's upkeeps remove the counters and the last one lets it be played without paying its mana cost (502.59a).",
        example: None,
    },
    Form {
        id: "loyalty-ability",
        rule: "212.9f",
        wording: "[+N|\u{2212}N|0]: <instruction>",
        meaning: "A planeswalker's loyalty ability: its cost is putting N loyalty counters on the planeswalker (+N) or removing N (\u{2212}N; it can't be played with fewer, 212.9f). Its controller may play it only during a main phase of his or her turn, with priority and the stack empty, and only if none of the planeswalker's activated abilities has been played this turn (a planeswalker that becomes a new object, 217.1c, starts afresh). The instruction is any instruction of activated abilities. +X and \u{2212}X costs are not supported.",
        example: Some(("Garruk Wildspeaker", "+1: Untap two target lands.")),
    },
    Form {
        id: "effect-player-chooses-creature",
        rule: "413.2c",
        wording: "<players> chooses a <creature description> he or she controls. / [Other] <creatures> he or she controls <part>...",
        meaning: "As the instruction is carried out, each of those players chooses one permanent he or she controls that the description fits (none if there is none; scenario `choose = \"<source>: <permanent>\"` by that player). A later instruction of the same spell or ability about \"<creatures> he or she controls\" acts on that player's permanents the description fits, \"other\" leaving out the chosen one; a rule it gives reaches newcomers (418.3b). \"he or she\" without such a choice before it is refused.",
        example: Some((
            "Eunuchs' Intrigues",
            "Target opponent chooses a creature he or she controls.",
        )),
    },
    Form {
        id: "effect-requirement-toward-target",
        rule: "500.2, 500.3, 409.1c",
        wording: "<target> blocks <target creature> <duration> if able / <target> attacks [target player|target opponent] <duration> if able / [Another] <target> blocks it <duration> if able (a spell's \"it\": its earlier target)",
        meaning: "A requirement for the duration naming a second target, chosen on its own as the spell or ability is played (409.1c: two instances of \"target creature\" are two targets, and the same creature may be chosen for both; \"another target creature\" may not be the creature \"it\" names). As it resolves it becomes a requirement to block that creature, obeyed by blocking it if it attacks (500.3), or to attack that player, obeyed only by attacking that player (500.2). If the second target is illegal as it resolves (413.2a), nothing is required.",
        example: Some((
            "Hunt Down",
            "Target creature blocks target creature this turn if able.",
        )),
    },
    Form {
        id: "effect-skip-next-untap-one",
        rule: "302.2",
        wording: "<target> [doesn't|don't] untap during [its controller's|their controller's|their controllers'|your] next untap step[s]",
        meaning: "The permanent (\"~\", a target, or \"it\", \"that creature\", \"that land\", \"that permanent\" for an earlier target; \"they\", \"those creatures\" for the creatures an earlier \"tap all <creatures>\" tapped, when tapping can't change which fit, each under its own controller) doesn't untap during the next untap step of the player who controls it as the instruction is carried out, or with \"your\" of the ability's controller (logged [302.2]); the effect is used up by that untap step, and a permanent that leaves play and comes back is a new object it doesn't follow (217.1c). Frost Lynx: \"When Frost Lynx enters the battlefield, tap target creature an opponent controls. That creature doesn't untap during its controller's next untap step.\"",
        example: None,
    },
    Form {
        id: "effect-chosen-keyword",
        rule: "413.2c, 402.9",
        wording: "<target> [gains|loses] your choice of <keyword>, <keyword>, [or] <keyword> <duration>",
        meaning: "As the instruction is carried out its controller names one of the keywords listed (413.2c; in a scenario `choose = \"<source>: lifelink\"`, the first if unanswered; a keyword not listed is refused), and the permanent gains or loses it for the duration (402.9).",
        example: Some((
            "Butcher of the Horde",
            "Sacrifice another creature: Butcher of the Horde gains your choice of vigilance, lifelink, or haste until end of turn.",
        )),
    },
    Form {
        id: "effect-chosen-protection",
        rule: "502.7, 413.2c",
        wording: "<target> gains protection from the color of [your|its controller's] choice <duration>",
        meaning: "As the instruction is carried out its controller names a color (413.2c; in a scenario `choose = \"<source>: red\"`, white if unanswered), or with \"its controller's choice\" the controller of the permanent gaining it does, and the permanent gains protection from that color for the duration (402.9, 502.7).",
        example: None,
    },
    Form {
        id: "effect-exile-if-dies",
        rule: "419.6",
        wording: "If [that creature|it|the creature|that creature or planeswalker|a creature dealt damage this way] [would die this turn|would be put into a graveyard this turn], [exile it|remove it from the game] instead",
        meaning: "A replacement effect on the creature an earlier instruction of the same spell or ability targets (or each creature it dealt damage), from then until the cleanup step (314.2): if it would be put into a graveyard from play (\"die\", current 700.4) for any reason, lethal damage, destruction or sacrifice, it is removed from the game instead (logged [419.6]); \"when ~ is put into a graveyard from play\" doesn't trigger. Lava Coil: \"Lava Coil deals 4 damage to target creature. If that creature would die this turn, exile it instead.\"",
        example: None,
    },
    Form {
        id: "effect-redirect",
        rule: "419.6c",
        wording: "[all|the next <number>|the next X] [combat|noncombat] damage that would be dealt [to <recipients>] [by <sources>] <duration> is dealt to [~|you|enchanted creature|<target>] instead",
        meaning: "A redirection effect for the duration (\"this turn\" ends in the cleanup step, 314.2): each time damage of that kind from a source the sources name would be dealt to something the recipients name, it is dealt to where the sentence says instead, as damage of the same source (logged [419.6c]); with \"the next N\", N damage in all. It does nothing while what the damage would go to is no longer in play or no longer a creature or planeswalker (419.6c), and meets each damage event once (419.6a). Among redirections the affected player's order (419.9a) isn't asked: the planeswalker rule (212.9g), then resolved effects in the order they began, then static abilities. One thing is named, in the reach (\"by target attacking creature\", \"to target white creature\") or as where the damage goes (\"is dealt to target creature instead\"), and fixed as the effect begins, as \"~\" and \"you\" are.",
        example: Some((
            "Shimian Night Stalker",
            "{B}, {T}: All damage that would be dealt to you this turn by target attacking creature is dealt to Shimian Night Stalker instead.",
        )),
    },
    Form {
        id: "effect-prevent-all",
        rule: "419.7",
        wording: "[until your next turn,] prevent all [combat|noncombat] damage that would be dealt [to <recipients>] [by <sources>] [to and dealt by <one>] <duration> | prevent all [combat] damage <sources> would deal [to <recipients>] <duration> | [combat|noncombat] damage [that would be dealt [to <recipients>] [by <sources>]] can't be prevented <duration> | [the|this] damage can't be prevented",
        meaning: "A prevention effect for the duration (\"this turn\" and \"until end of turn\" end in the cleanup step, 314.2; \"until your next turn\" as its controller's next turn begins): each time damage of that kind would be dealt to something the recipients name by something the sources name, it is prevented (logged [419.7]). Recipients are \"you\", \"players\", one thing (\"~\", \"it\", \"target creature\", \"enchanted creature\") or a description (\"creatures you control\"), joined by \"and\"; sources are one thing or a description (\"creatures blocking it\", \"non-Human sources\"), or \"a [red] source of your choice\": chosen by the controller as the effect begins (419.8a; not a target) among the permanents, the spells on the stack and the creatures whose combat damage is on the stack that fit (`choose = \"<card>: <source>\"`; unanswered, the first of another player's, permanents first; a card only referred to by an object on the stack isn't offered). A target is fixed as the effect begins; a description is read whenever damage would be dealt (418.3b fixes sets only for characteristics and control). \"to and dealt by\" is two effects, one on each side. \"... can't be prevented\" reaches the same damage and makes it unpreventable for the duration: no prevention effect, shield or protection stops any of it and no shield is used up (2009 103.2, \"can't\" wins; current 615.12; logged [103.2]). Skullcrack: \"Damage can't be prevented this turn.\" After an instant's or sorcery's damage, \"The damage can't be prevented.\" is about that spell's damage (a spell deals damage only as it resolves), begun before its first instruction.",
        example: Some((
            "Holy Day",
            "Prevent all combat damage that would be dealt this turn.",
        )),
    },
    Form {
        id: "effect-if-that-card",
        rule: "413.1, 217.4",
        wording: "Put the top card of your library into your graveyard. If that card is <article> <description> card, <instruction>.",
        meaning: "As the ability resolves its controller puts the top card of his or her library into the graveyard (nothing with an empty library); the next instruction, which has no targets, is followed only if that card, now in the graveyard, fits the description (\"a land card\", \"a creature card\"); with an empty library it isn't. Saprazzan Breaker: \"{U}: Put the top card of your library into your graveyard. If that card is a land card, Saprazzan Breaker can't be blocked this turn.\"",
        example: None,
    },
    Form {
        id: "effect-opponents-max-blockers",
        rule: "500.3",
        wording: "each opponent can't [block|attack] with more than <number> [creature|creatures] <duration>",
        meaning: "For the duration each opponent of the ability's controller may declare at most that many blockers (or attackers) in all: a restriction on his or her whole declaration, like \"No more than one creature can block each combat\" but only for those players (500.2, 500.3). It binds the declarations made while it lasts. Mirri, Weatherlight Duelist: \"Whenever Mirri, Weatherlight Duelist attacks, each opponent can't block with more than one creature this combat.\"",
        example: None,
    },
    Form {
        id: "effect-players-may",
        rule: "410.5",
        wording: "[any player|each player|that player|defending player] may [exile <cards> from his or her graveyard|put <number> <kind> counters on a <description> he or she controls|draw <cards>|pay <mana>]. [If [a player|the player|that player] [does|doesn't], <instruction>.]",
        meaning: "As the ability resolves the players choose, in turn order from the active player (103.4): \"any player\" asks each until one does it, \"each player\" asks them all, \"that player\" (only after \"At the beginning of combat on each opponent's turn\") is the player whose turn it is, \"defending player\" each defending player (306.2). A player removes that many cards of his or her graveyard from the game (2009 wording for exile; all of them or none, and not with fewer there) or puts the counters on one creature of his or hers, declining by default; or draws, or pays the mana if he or she can (`choose = \"<source>: <source>\"` for yes, `nothing` for no; unanswered, yes). The next sentence's instruction, without targets, follows once if a player did (\"doesn't\": if the player didn't); in it \"he or she\" and \"that player\" are the players who did (didn't). Carrion Rats: \"Whenever Carrion Rats attacks or blocks, any player may exile a card from his or her graveyard. If a player does, Carrion Rats assigns no combat damage this turn.\"",
        example: None,
    },
    Form {
        id: "effect-player-may",
        rule: "413.2c",
        wording: "<player> may <instruction without targets>",
        meaning: "A player other than the controller, named as instructions about players name one (\"its controller\", \"that creature's controller\", \"that player\", \"target opponent\"), chooses as it resolves whether to carry the instruction out (410.5, 413.2c), and carries it out himself or herself: \"you\" and \"your\" in it, and \"his or her\" or \"their\" (\"search his or her library ...\", \"shuffle their library\"), are that player, so a token he or she creates or a card he or she puts into play is his or hers. An impossible option can't be chosen (413.2c). In a script he or she answers `choose = \"<source>: <source>\"` for yes, `nothing` for no; unanswered, yes. Path to Exile: \"Exile target creature. Its controller may search his or her library for a basic land card, put that card onto the battlefield tapped, then shuffle his or her library.\"",
        example: None,
    },
    Form {
        id: "effect-exile-until-leaves",
        rule: "current 610.3",
        wording: "exile <target> until ~ leaves the battlefield",
        meaning: "The permanent is removed from the game (217.7) until the object with the ability leaves play; then it returns to play under its owner's control at once (current 610.3, 610.3c: the February 2009 rules have no such wording, so the current meaning is used under both editions; logged [current 610.3]). If that object has already left play as the ability resolves, nothing is removed (610.3a-b). Only in abilities of permanents.",
        example: None,
    },
    Form {
        id: "effect-return-exiled",
        rule: "407.2a",
        wording: "return the exiled card[s] to the battlefield under [its|their] owner['s|s'] control | return the removed card[s] to play ... | ... to [its|their] owner['s|s'] hand[s]",
        meaning: "Linked abilities (407.2a; current 607.2a): the cards another ability of the same permanent removed from the game, still there, go to play under their owners' control (217.1c), or to their owners' hands. Only on a permanent with an ability that removes a card from the game. Journey to Nowhere: \"When Journey to Nowhere leaves the battlefield, return the exiled card to the battlefield under its owner's control.\"",
        example: None,
    },
    Form {
        id: "effect-assigns-no-combat-damage",
        rule: "310.2a",
        wording: "<subject> assigns no combat damage <duration>",
        meaning: "For the duration the creature assigns no combat damage at all (310.2a), so it deals none and there is none to prevent; it still attacks or blocks.",
        example: None,
    },
    Form {
        id: "effect-get-energy",
        rule: "current 122.1, 107.14",
        wording: "you get [{E}...|an amount of {E} equal to <amount>]",
        meaning: "Current rules (2015; no 2009 counterpart): its controller gets that many energy counters (122.1), counted as it resolves (\"the greatest power among creatures you control\": the highest power after effects, 0 with none). A player keeps energy for the rest of the game; {E} in a cost (\"Pay {E}{E}{E}:\") is paid by removing that many, and can't be paid with fewer (107.14).",
        example: None,
    },
    Form {
        id: "effect-look-top",
        rule: "217.2",
        wording: "you may look at the top card of your library. If it shares a creature type with ~, you may reveal it. If you do, <instruction>.",
        meaning: "Kinship (an ability word): its controller may look at the top card of his or her library, which stays there; if that card has a creature type the object with the ability has (changeling: every creature type, 502.73a), he or she may reveal it (glossary \"Reveal\"), and if he or she does, the instruction is followed (410.5). Each part is a phrase of its own: \"look at the top card of your library\", \"If it shares a creature type with ~, <instruction>\", \"reveal it\".",
        example: Some((
            "Winnower Patrol",
            "Kinship — At the beginning of your upkeep, you may look at the top card of your library. If it shares a creature type with Winnower Patrol, you may reveal it. If you do, put a +1/+1 counter on Winnower Patrol.",
        )),
    },
    Form {
        id: "effect-pay-energy",
        rule: "current 107.14, 103.3",
        wording: "pay {E}... .",
        meaning: "Its controller removes that many energy counters from himself or herself if he or she has them; with fewer it can't be done and is ignored (103.3), unless the next sentence says \"If you can't, <instruction>\". Greenbelt Rampager.",
        example: None,
    },
    Form {
        id: "effect-if-you-cant",
        rule: "103.3",
        wording: "<sacrifice a <description>|pay {E}...>. If you can't[ <the same action>], <instruction>.",
        meaning: "Its controller must do the action if able: sacrifice one permanent he or she controls that the description fits (501.6), or pay the energy. If he or she can't (none to sacrifice, too little energy), the action is ignored (103.3) and the instructions after \"If you can't\" are followed instead; otherwise they aren't. Their targets are chosen as the ability is put on the stack.",
        example: Some((
            "Liege of the Pit",
            "At the beginning of your upkeep, sacrifice a creature other than Liege of the Pit. If you can't, Liege of the Pit deals 7 damage to you.",
        )),
    },
    Form {
        id: "effect-may-pay-energy",
        rule: "current 107.14, 410.5",
        wording: "you may pay {E}... . If you do, <instruction>.",
        meaning: "As it resolves, its controller chooses whether to remove that many energy counters from himself or herself (only with that many, current 107.14); if he or she does, the next sentence's instructions are followed (410.5). Their targets are chosen as the ability is put on the stack. Maulfist Doorbuster: \"Whenever Maulfist Doorbuster attacks, you may pay {E}. If you do, target creature can't block this turn.\"",
        example: None,
    },
    Form {
        id: "effect-dealt-damage-this-way",
        rule: "416.1, 419.7",
        wording: "[each creature|creatures] dealt damage this way <part> (after \"~ deals N damage to ...\" in the same spell or ability)",
        meaning: "The creatures the earlier damage instruction of the same spell or ability dealt damage to as it resolved (damage prevented, by protection or a shield, isn't dealt), those still creatures in play; the later instruction acts on each. Aggravate: \"Aggravate deals 1 damage to each creature target player controls. Each creature dealt damage this way attacks this turn if able.\" Without a damage instruction before it, refused.",
        example: None,
    },
    Form {
        id: "effect-choose-target",
        rule: "409.1c",
        wording: "Choose target <description>. (then \"That creature ...\")",
        meaning: "The target is chosen as the spell or ability is played, for the instructions after it that name it (\"That creature attacks this turn if able.\"); the sentence itself does nothing as it resolves. The description may say \"the active player has controlled continuously since the beginning of the turn\": the active player's permanents that have been under his or her control since the untap step (not summoning sick, 212.3f). Nettling Imp: \"{T}: Choose target non-Wall creature the active player has controlled continuously since the beginning of the turn. That creature attacks this turn if able. ...\"",
        example: None,
    },
    Form {
        id: "effect-if-it-doesnt-attack",
        rule: "404.4, 500.2",
        wording: "<target creature> attacks this turn if able. If [it|that creature] doesn't, <instruction on it> at the beginning of the next end step. / At the beginning of the next end step, <instruction on> each of those creatures that didn't attack this turn.",
        meaning: "A delayed triggered ability (404.4) created as the ability resolves, naming the creature the requirement targets (if still legal, 413.2a) or the creatures an earlier instruction about every creature a description fits acted on, fixed then (Maddening Imp: \"those creatures\"); at the beginning of the next end step it acts on those of them still in play that weren't declared as attackers this turn (308.2; a creature that left play and returned is a new object, 217.1c).",
        example: None,
    },
    Form {
        id: "effect-skip-next-untap",
        rule: "302.2",
        wording: "During that player's next untap step, <creatures> he or she controls don't untap. (after an instruction that targets a player)",
        meaning: "\"That player\" is the earlier target player, if still legal as it resolves (413.2a). During that player's next untap step the permanents the description fits that he or she controls then don't untap (logged [302.2]); the effect is used up by that untap step. Imaginary Threats: \"Creatures target opponent controls attack this turn if able. During that player's next untap step, creatures he or she controls don't untap.\"",
        example: None,
    },
    Form {
        id: "effect-chosen-creature-type",
        rule: "413.2c",
        wording: "creatures of the creature type of your choice <part>",
        meaning: "As the instruction is carried out its controller names a creature type (scenario `choose = \"<source>: <type>\"`; unanswered, the first creature type among the creatures in play); the instruction then acts on every creature with that type (changeling: every type), and a rule it gives reaches creatures of that type that come later (418.3b). Walking Desecration: \"{B}, {T}: Creatures of the creature type of your choice attack this turn if able.\"",
        example: None,
    },
    Form {
        id: "effect-base-pt",
        rule: "418.5a",
        wording: "~ has base power and toughness <N/N> until end of turn [and <part>...]",
        meaning: "Until end of turn the permanent's power and toughness are set to those numbers (layer 6b, in timestamp order with \"gets +N/+N\" effects, 418.5b; counters still apply after, layer 6c); its types, colors and abilities don't change. Riverfall Mimic: \"Whenever you cast a spell that's both blue and red, Riverfall Mimic has base power and toughness 3/3 until end of turn and can't be blocked this turn.\"",
        example: None,
    },
    Form {
        id: "effect-monarch",
        rule: "724",
        wording: "you become the monarch",
        meaning: "Current rule 724 (2015; no 2009 rule, the current meaning): the ability's controller becomes the monarch, and the player who was stops being it (724.3). The monarch has two inherent triggered abilities with no source, controlled by the monarch (724.2): at the beginning of the monarch's end step, that player draws a card; whenever a creature deals combat damage to the monarch, its controller becomes the monarch. Both use the stack; their text in the log cites 724.2, and each change of monarch is logged [724.3]. A scenario says who is the monarch with `monarch = true` on a `[[player]]`.",
        example: None,
    },
    Form {
        id: "effect-flip",
        rule: "511.1",
        wording: "[you may] flip a coin [at end of combat]. [If you win the flip, <instruction>.] [If you lose the flip, <instruction>.]",
        meaning: "The spell's or ability's controller flips a coin and calls it (511.1); the sentence after \"If you win the flip,\" or \"If you lose the flip,\" is read as the next sentence of the spell or ability would be (its targets chosen with the others as it is played or triggers, \"that creature\" the creature a trigger is about) and followed only if the flip came out so. After an optional flip or a flip made later (\"at end of combat\"), an outcome names no target. Skirmish runs are deterministic: the flip's result is the agent's answer, in a script `choose = \"<label>: lost\"` or `\"<label>: won\"` (won if unanswered); logged [511.1]. \"at end of combat\" makes it a delayed triggered ability (404.4). Fickle Efreet: \"Whenever Fickle Efreet attacks or blocks, flip a coin at end of combat. If you lose the flip, an opponent gains control of Fickle Efreet.\"",
        example: None,
    },
    Form {
        id: "effect-remove-from-combat",
        rule: "306.4",
        wording: "remove [~|<target>|it] from combat [and untap it] [and it <part> <duration>]. [Creatures it was blocking that had become blocked by only ~ this combat become unblocked.]",
        meaning: "The permanent with the ability, or the target (\"remove target attacking or blocking creature from combat\", \"untap it and remove it from combat\"), leaves combat (306.4: it stops attacking or blocking; creatures it blocked stay blocked), untapped with \"and untap it\"; \"and it can't block this turn\" gives it the rule. The sentence after it unblocks each attacker it was blocking that no other creature has blocked this combat (declared or put into play blocking), the card's text winning over the rule (103.1), logged [103.1]; they then deal combat damage as unblocked creatures. Ydwen Efreet.",
        example: Some((
            "Reconnaissance",
            "{0}: Remove target attacking creature you control from combat and untap it.",
        )),
    },
    Form {
        id: "effect-opponent-control",
        rule: "418.5a",
        wording: "an opponent gains control of ~",
        meaning: "An opponent of the ability's controller gains control of the permanent with no end (layer 2); with several opponents the controller chooses one (`choose = \"<label>: <player>\"`, the next in turn order if unanswered). A creature in combat that changes control is removed from combat (306.4).",
        example: None,
    },
    Form {
        id: "effect-search-library",
        rule: "217.2",
        wording: "search your library for [a|<number>|up to <number>|any number of] <card description> [, reveal <them>] [, and] [put <them> [into your hand|onto the battlefield [tapped]|into your graveyard]|exile <them>] [, then shuffle your library] / ..., reveal <them>, then shuffle your library and put <them> on top of it",
        meaning: "The ability's controller looks through his or her library and finds the cards: one at a time, each a card the description fits (a card type, subtype or supertype, \"Plains or Island\", \"permanent\", a color, \"with converted mana cost 2 or less\", \"named <name>\"), chosen with `choose = \"<source>: <card label>\"` (the topmost that fits if unanswered); a search for cards of a stated quality may stop short (`nothing`), a search for a quantity (\"a card\") finds that many if the library holds them (2009 glossary \"Search\"; current 701.23). Revealed cards are logged as revealed; found cards go to the hand (217.3), into play under their owner's control, tapped if it says so (217.1c; an Aura comes into play attached to what its controller chooses that it can enchant, 212.4j, or stays in the library if nothing, 212.4k), to the graveyard (217.4), out of the game (217.7), or on top of the library after the shuffle; then the library is shuffled (a pseudo-random order drawn from the game, so a run replays exactly). \"Then shuffle your library.\" and \"If you do, shuffle your library.\" in a sentence of their own shuffle after the search.",
        example: Some((
            "Civic Wayfinder",
            "When Civic Wayfinder enters the battlefield, you may search your library for a basic land card, reveal it, and put it into your hand. If you do, shuffle your library.",
        )),
    },
    Form {
        id: "effect-shuffle-library",
        rule: "217.2",
        wording: "[then] shuffle your library",
        meaning: "The library of the ability's controller is put in a new order (a pseudo-random order drawn from the game, so a run replays exactly); logged [217.2].",
        example: Some((
            "Demonic Tutor",
            "Search your library for a card and put that card into your hand. Then shuffle your library.",
        )),
    },
    Form {
        id: "effect-extra-turn",
        rule: "300.6",
        wording: "take an extra turn after this one",
        meaning: "The ability's controller gets an extra turn, added directly after the current one; several are added one at a time and the most recently added is taken first (300.6). \"during extra turns\" asks whether the current turn is one. The run goes on into it while script actions remain.",
        example: None,
    },
];

/// A compiled instruction: the forms it used, its effects, and whether it names its creature
/// as "it" or "that creature" (the target of an earlier instruction, 409.1c).
pub struct Instruction {
    pub forms: Vec<&'static str>,
    pub effects: Vec<Effect>,
    pub refers_back: bool,
    /// "blocks it this combat if able": "it" names the object with the ability, which only a
    /// triggered ability of that object can say.
    pub source_as_it: bool,
    /// "that player": the player a "deals combat damage to a player" trigger names, which
    /// only such a trigger can say.
    pub that_player: bool,
    /// "it deals ... damage", "it fights ...": the object with the ability acts, so after a
    /// trigger about another permanent ("Whenever a Beast enters the battlefield under your
    /// control, you may have it deal 4 damage"), where "it" is that permanent, the sentence
    /// is refused.
    pub it_deals: bool,
}

impl Instruction {
    /// One effect of one form, naming nothing earlier.
    pub(super) fn single(form: &'static str, effect: Effect) -> Instruction {
        Instruction {
            forms: vec![form],
            effects: vec![effect],
            refers_back: false,
            source_as_it: false,
            that_player: false,
            it_deals: false,
        }
    }
}

/// Reads an instruction of an instant or sorcery; `Err` carries how far it was understood.
pub fn spell_instruction(text: &str) -> Result<Instruction, Parser> {
    let mut p = Parser::new(text);
    match p.attempt(|p| {
        // "Domain — Target creature gets ...": an ability word has no rules meaning.
        super::statics::ability_word(p);
        let i = p
            .attempt(conditional)
            .or_else(|| p.attempt(exile_with_time_counters))
            .or_else(|| instruction(p))?;
        p.finish()?;
        names_card_only_for_itself(p, &i)?;
        let mut i = i;
        toward_earlier_target(&mut i);
        // "Its controller gains life equal to its power.": the controller of a creature an
        // earlier instruction targets, joined by the card compiler; nothing else in a spell
        // names a creature an event happened to.
        let its_controller = Subject::Players(PlayerRef::ControllerOfTriggering);
        let other_mention = i.effects.iter().any(|e| {
            let mut e = e.clone();
            if e.subject() == Some(&its_controller) {
                e.set_subject(Subject::You);
            }
            e.mentions_triggering()
        });
        if i.source_as_it || other_mention {
            return p.expected("\"~\"");
        }
        if i.that_player {
            return p.expected(
                "a player such as \"target player\" (\"that player\" names no one here)",
            );
        }
        Some(i)
    }) {
        Some(i) => Ok(i),
        None => Err(p),
    }
}

/// "Another target creature blocks it this turn if able." (Feral Contest): a spell is never an
/// attacker, so its "it" is the creature an earlier instruction targets, and the requirement
/// names that target (409.1c); "another" keeps the two apart.
fn toward_earlier_target(i: &mut Instruction) {
    if !i.source_as_it || i.refers_back {
        return;
    }
    let [
        Effect::GainRules {
            what,
            rules,
            duration,
        },
    ] = i.effects.as_slice()
    else {
        return;
    };
    let blocks_it = crate::ability::CombatRule::BlocksCreature {
        filter: Filter::This,
    };
    if rules.as_slice() != [blocks_it] || what.target().is_none() {
        return;
    }
    let distinct = match what {
        Subject::Target(f) => {
            f == &Filter::This.negated()
                || matches!(f, Filter::All(parts) if parts.contains(&Filter::This.negated()))
        }
        _ => false,
    };
    i.effects = vec![Effect::RequirementToward {
        what: what.clone(),
        toward: Subject::TargetCreature,
        blocks: true,
        duration: *duration,
        distinct,
    }];
    i.forms = vec!["effect-requirement-toward-target"];
    i.source_as_it = false;
    i.refers_back = true;
}

/// "Exile ~ with three time counters on it." (2009: "Remove ~ from the game with ..."): only
/// an instant's or sorcery's, whose card is on the stack as it resolves.
fn exile_with_time_counters(p: &mut Parser) -> Option<Instruction> {
    p.eat_one_of(&["exile ~ with", "remove ~ from the game with"])?;
    let count = if phrase::article(p) {
        1
    } else {
        phrase::number(p)?
    };
    p.eat_one_of(&["time counter on it", "time counters on it"])?;
    (count > 0).then_some(())?;
    Some(Instruction {
        forms: vec!["effect-exile-time-counters"],
        effects: vec![Effect::ExileSelfWithTimeCounters { count }],
        refers_back: false,
        source_as_it: false,
        that_player: false,
        it_deals: false,
    })
}

/// "Ferocious — If you control a creature with power 4 or greater, creatures can't block this
/// turn.": a spell's instruction followed only if the condition holds as it is carried out.
/// Only on spells: in a triggered ability the same words are an intervening "if" (410.8),
/// checked as it triggers too.
fn conditional(p: &mut Parser) -> Option<Instruction> {
    super::statics::ability_word(p);
    p.eat("if").then_some(())?;
    // "If ~ was kicked" (502.21b: linked to the kicker it was played with) is a condition
    // like any other.
    let condition = p.before_comma(phrase::condition)?;
    p.eat(",").then_some(())?;
    let inner = instruction(p)?;
    // "If this spell was kicked, <instruction> instead.": the card compiler makes the sentence
    // before it the other branch.
    let instead = p.eat("instead");
    // With "instead", "that creature" is the earlier instruction's target (joined by the card
    // compiler), which the replaced instruction names too.
    let joins_earlier = inner.refers_back && instead;
    if (inner.refers_back && !instead)
        || inner.source_as_it
        || inner.that_player
        || (!joins_earlier && !crate::ability::targets_of(&inner.effects).is_empty())
    {
        return p.expected("an instruction without targets after the condition");
    }
    let mut forms = vec![if instead {
        "effect-if-instead"
    } else {
        "effect-if"
    }];
    forms.extend(inner.forms);
    Some(Instruction {
        forms,
        effects: vec![Effect::If {
            condition,
            effects: inner.effects,
        }],
        refers_back: inner.refers_back,
        source_as_it: false,
        that_player: false,
        it_deals: inner.it_deals,
    })
}

/// Reads a later sentence of an activated or triggered ability: an instruction that may say
/// "it" for the object with the ability; the caller decides what "it" can name.
pub fn continuation(text: &str) -> Result<Instruction, Parser> {
    let mut p = Parser::new(text);
    match p.attempt(|p| {
        let i = instruction(p)?;
        p.finish()?;
        names_card_only_for_itself(p, &i)?;
        Some(i)
    }) {
        Some(i) => Ok(i),
        None => Err(p),
    }
}

/// "... unless defending player sacrifices a creature": the player may sacrifice a permanent
/// the description fits instead of the instructions being carried out (501.6).
fn unless_sacrifices(p: &mut Parser, i: &mut Instruction) {
    let Some((who, filter)) = p.attempt(|p| {
        p.eat("unless").then_some(())?;
        let (who, that) = players(p)?;
        (!that).then_some(())?;
        // The verb agrees with the player: "you sacrifice", "defending player sacrifices".
        p.eat(if who == Subject::You {
            "sacrifice"
        } else {
            "sacrifices"
        })
        .then_some(())?;
        phrase::article(p).then_some(())?;
        let filter = phrase::filter(p)?;
        Some((who, filter))
    }) else {
        return;
    };
    i.forms.push("effect-unless-sacrifices");
    let effects = std::mem::take(&mut i.effects);
    i.effects = vec![Effect::UnlessSacrifices {
        who,
        filter,
        effects,
    }];
}

/// The form that marks an instruction whose quoted ability says the card's own name.
const NAMES_CARD: &str = "effect-gains-ability-naming-card";

/// The form that marks "it gets +1/+0 ... for each other attacking Goblin": "other" is ~'s,
/// right only once "it" turns out to be ~ itself.
const COUNTS_OTHERS: &str = "effect-gets-for-each-other";

/// What only the card itself may be the subject of, checked once "it" is settled: a quoted
/// ability that says the card's name (anywhere else the name would mean another object than
/// the one that has the ability), and "for each other ..." (the count is read once, about the
/// source, so "other" is the source's).
fn names_card_only_for_itself(p: &mut Parser, i: &Instruction) -> Option<()> {
    let about_other = |marker: &str, pick: fn(&Effect) -> Option<&Subject>| {
        i.forms.contains(&marker)
            && i.effects.iter().any(|e| {
                let mut other = false;
                let mut e = e.clone();
                for_each_leaf(&mut e, &mut |e| {
                    other |= pick(e).is_some_and(|what| *what != Subject::This);
                });
                other
            })
    };
    if about_other(NAMES_CARD, |e| match e {
        Effect::GainAbilities { what, .. } => Some(what),
        _ => None,
    }) {
        return p.expected(
            "a quoted ability that doesn't name the card (the card gives it to another permanent)",
        );
    }
    if about_other(COUNTS_OTHERS, |e| match e {
        Effect::PumpFor {
            what,
            times: crate::filter::Amount::Count(f),
            ..
        } if f.mentions_this() => Some(what),
        _ => None,
    }) {
        return p.expected(
            "\"for each other ...\" about ~ itself (\"other\" about each of several creatures is not read)",
        );
    }
    Some(())
}

/// Reads an activated ability `cost: instruction`.
pub fn activated(text: &str) -> Result<(Vec<&'static str>, Ability), Parser> {
    let mut p = Parser::new(text);
    match p.attempt(|p| {
        super::statics::ability_word(p);
        let loyalty = loyalty_cost(p);
        let c = match loyalty {
            Some(delta) => Cost {
                parts: vec![CostPart::Loyalty { delta }],
                ..Cost::default()
            },
            None => cost(p)?,
        };
        p.eat(":").then_some(())?;
        let mut i = instruction(p)?;
        p.finish()?;
        // "Untap ~ and put a +1/+1 counter on it.": after an instruction about ~, with no
        // creature targeted, "it" is ~ (as in a later sentence of the ability).
        if i.refers_back
            && !i.source_as_it
            && i.effects
                .iter()
                .any(|e| e.subject() == Some(&Subject::This))
            && !crate::ability::targets_of(
                i.effects
                    .iter()
                    .filter(|e| e.subject() != Some(&Subject::TargetCreature)),
            )
            .iter()
            .any(crate::ability::TargetKind::is_creature)
        {
            for e in &mut i.effects {
                e.replace_subject(&Subject::TargetCreature, &Subject::This);
            }
            i.refers_back = false;
        }
        if i.refers_back || i.source_as_it || i.effects.iter().any(Effect::mentions_triggering) {
            // "it" in an activated ability would refer to nothing targeted before it.
            return p.expected("\"~\" or \"target creature\"");
        }
        if i.that_player {
            return p.expected(
                "a player such as \"target player\" (\"that player\" names no one here)",
            );
        }
        let mut forms = i.forms;
        if loyalty.is_some() {
            forms.insert(0, "loyalty-ability");
        }
        Some((
            forms,
            Ability::Activated {
                only: loyalty
                    .map(|_| vec![ActivationLimit::Loyalty])
                    .unwrap_or_default(),
                cost: c,
                effects: i.effects,
            },
        ))
    }) {
        Some(a) => Ok(a),
        None => Err(p),
    }
}

/// A planeswalker's loyalty cost before the colon (212.9f): "+2", "\u{2212}1" (or "-1"), "0".
/// "+X" and "\u{2212}X" aren't read: X would be chosen as the ability is played.
fn loyalty_cost(p: &mut Parser) -> Option<i32> {
    let w = p.peek()?;
    if p.peek2() != Some(":") {
        return None;
    }
    let (sign, digits) = if let Some(d) = w.strip_prefix('+') {
        (1, d)
    } else if let Some(d) = w.strip_prefix('\u{2212}').or_else(|| w.strip_prefix('-')) {
        (-1, d)
    } else {
        (1, w)
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if sign == 1 && digits == w && digits != "0" {
        // A bare number other than 0 is no loyalty cost.
        return None;
    }
    let n: i32 = digits.parse().ok()?;
    let delta = n.checked_mul(sign)?;
    p.next_word()?;
    Some(delta)
}

/// Reads the sentence that limits when the activated ability before it may be played:
/// "Activate this ability only once each turn.", "Activate only during your turn, before
/// attackers are declared.", "Play this ability only any time you could play a sorcery."
/// (2009), "Activate this ability no more than twice each turn."
pub fn activation_limits(text: &str) -> Result<Vec<ActivationLimit>, Parser> {
    let mut p = Parser::new(text);
    match p.attempt(|p| {
        // "Any player may activate this ability." (403.2)
        if p.eat_one_of(&[
            "any player may activate this ability",
            "any player may play this ability",
        ])
        .is_some()
        {
            p.finish()?;
            return Some(vec![ActivationLimit::AnyPlayer]);
        }
        p.eat_one_of(&["activate this ability", "play this ability", "activate"])?;
        let mut out = Vec::new();
        if p.eat("no more than") {
            let times = match p.eat_one_of(&["once", "twice"]) {
                Some(i) => i as u32 + 1,
                None => {
                    let n = phrase::number(p)?;
                    p.eat("times").then_some(())?;
                    n
                }
            };
            p.eat("each turn").then_some(())?;
            out.push(ActivationLimit::TimesEachTurn { times });
        } else {
            p.eat("only").then_some(())?;
            out = limits(p)?;
        }
        p.finish()?;
        Some(out)
    }) {
        Some(l) => Ok(l),
        None => Err(p),
    }
}

/// The limits after "only": "during your turn and only once each turn", "during your turn,
/// before attackers are declared", "during combat before blockers are declared".
fn limits(p: &mut Parser) -> Option<Vec<ActivationLimit>> {
    let mut out = Vec::new();
    loop {
        if let Some(i) = p.eat_one_of(&[
            "during your upkeep",
            "during each upkeep",
            "during any upkeep step",
            "during any upkeep",
            "any time you could cast an instant",
            "any time you could play an instant",
        ]) {
            match i {
                // "your upkeep": the upkeep step of its controller's turn (303).
                0 => out.extend([
                    ActivationLimit::YourTurn,
                    ActivationLimit::During {
                        steps: vec![crate::model::Step::Upkeep],
                    },
                ]),
                1..=3 => out.push(ActivationLimit::During {
                    steps: vec![crate::model::Step::Upkeep],
                }),
                // 409.1: an activated ability is played whenever its controller has priority,
                // any time an instant could be: the words limit nothing.
                _ => {}
            }
        } else {
            out.push(limit(p)?);
        }
        // "during combat before blockers are declared", "... after blockers are declared": a
        // timing that narrows the one before it, with no word between.
        while let Some(l) = p.attempt(|p| {
            p.peek()
                .is_some_and(|w| {
                    w.eq_ignore_ascii_case("before") || w.eq_ignore_ascii_case("after")
                })
                .then_some(())?;
            limit(p)
        }) {
            out.push(l);
        }
        let more = p.attempt(|p| {
            let comma = p.eat(",");
            let and = p.eat("and");
            p.eat("only");
            (comma || and).then_some(())
        });
        if more.is_none() {
            break;
        }
    }
    Some(out)
}

/// Reads the sentence that limits when an instant or sorcery may be played (402.8d: it
/// functions in any zone the card could be played from): "Cast this spell only during combat
/// before blockers are declared.", "Cast ~ only during your turn." (2009: "Play ~ only ...").
pub fn cast_limits(text: &str) -> Result<Vec<ActivationLimit>, Parser> {
    let mut p = Parser::new(text);
    match p.attempt(|p| {
        p.eat_one_of(&["cast this spell only", "cast ~ only", "play ~ only"])?;
        let out = limits(p)?;
        p.finish()?;
        Some(out)
    }) {
        Some(l) => Ok(l),
        None => Err(p),
    }
}

/// One limit on when an activated ability may be played.
fn limit(p: &mut Parser) -> Option<ActivationLimit> {
    use crate::model::Step;
    p.attempt(|p| {
        if p.eat("once each turn") {
            return Some(ActivationLimit::TimesEachTurn { times: 1 });
        }
        if p.eat_one_of(&[
            "any time you could cast a sorcery",
            "any time you could play a sorcery",
            "as a sorcery",
        ])
        .is_some()
        {
            return Some(ActivationLimit::Sorcery);
        }
        if p.eat("before attackers are declared") {
            return Some(ActivationLimit::BeforeAttackers);
        }
        if p.eat("before blockers are declared") {
            return Some(ActivationLimit::BeforeBlockers);
        }
        if p.eat("before the combat damage step") {
            return Some(ActivationLimit::BeforeCombatDamage);
        }
        if p.eat("after blockers are declared") {
            return Some(ActivationLimit::AfterBlockers);
        }
        if p.eat("during your turn") {
            return Some(ActivationLimit::YourTurn);
        }
        if p.eat("during an opponent's turn") {
            return Some(ActivationLimit::OpponentsTurn);
        }
        if p.eat("before combat") {
            return Some(ActivationLimit::BeforeCombat);
        }
        if p.eat("during combat") {
            return Some(ActivationLimit::During {
                steps: vec![
                    Step::BeginningOfCombat,
                    Step::DeclareAttackers,
                    Step::DeclareBlockers,
                    Step::CombatDamage,
                    Step::EndOfCombat,
                ],
            });
        }
        if p.eat("during the") {
            let step = match p.eat_one_of(&[
                "declare attackers step",
                "declare blockers step",
                "combat damage step",
                "end of combat step",
                "beginning of combat step",
            ])? {
                0 => Step::DeclareAttackers,
                1 => Step::DeclareBlockers,
                2 => Step::CombatDamage,
                3 => Step::EndOfCombat,
                _ => Step::BeginningOfCombat,
            };
            return Some(ActivationLimit::During { steps: vec![step] });
        }
        if p.eat("if") {
            let condition = phrase::condition(p)?;
            return Some(ActivationLimit::If { condition });
        }
        p.expected("a limit such as \"once each turn\" or \"during your turn\"")
    })
}

/// Reads a triggered ability whose effect is an instruction: "When ~ enters the battlefield,
/// target creature can't block this turn.", "Whenever ~ attacks, it gets +2/+0 until end of
/// turn." ("it" is the object itself there.)
pub fn triggered(text: &str) -> Result<(Vec<&'static str>, Ability), Parser> {
    // "Whenever ~ deals damage to an opponent, that opponent discards a card.": "that
    // opponent" is the opponent the trigger names, read as "that player" is.
    if let Some((head, rest)) = text.split_once(", ")
        && head.contains("opponent")
        && rest.contains("that opponent")
    {
        let said = format!("{head}, {}", rest.replace("that opponent", "that player"));
        return triggered(&said);
    }
    let mut p = Parser::new(text);
    match p.attempt(|p| {
        super::statics::ability_word(p);
        let trigger = super::triggers::trigger_condition(p)?;
        p.eat(",").then_some(())?;
        // "Whenever ~ attacks, if you control a Desert, ...": an intervening "if" (410.8),
        // read up to its comma.
        let intervening = p.attempt(|p| {
            p.eat("if").then_some(())?;
            let c = p.before_comma(phrase::condition)?;
            p.eat(",").then_some(c)
        });
        let mut i = instruction(p)?;
        unless_sacrifices(p, &mut i);
        p.finish()?;
        // "that much" is bound only by "deals damage" triggers (the damage dealt) and a
        // group's events (how many of it).
        if format!("{:?}", i.effects).contains("ThatMuch") && !trigger.binds_that_much() {
            return p.expected("\"that much\" or \"that many\" only after \"Whenever ~ deals [combat] damage [to a player]\", \"Whenever ~ is dealt [combat] damage\" or \"Whenever one or more <description> attack\"");
        }
        let damage = Trigger::DealsCombatDamageToPlayer;
        // "At the beginning of each player's upkeep, ~ deals 2 damage to that player": the
        // player whose upkeep it is (303.2). "Whenever ~ deals damage to a player, that player
        // discards a card": the player dealt the damage; "Whenever an opponent casts a creature
        // spell, ~ deals 1 damage to that player": the caster; both bound as it triggers.
        // Events joined by "or" must name the same things for the instructions to refer to
        // them; then the first stands for all in what follows.
        let refers = i.that_player
            || i.refers_back
            || i.source_as_it
            || i.effects.iter().any(Effect::mentions_triggering);
        if refers && !super::triggers::shares_bindings(&trigger) {
            return p.expected("events that name the same things (\"that creature\", \"that player\" or \"it\" must mean the same after each)");
        }
        let lead = trigger.events()[0].clone();
        // "Whenever a creature you control deals combat damage to a creature, it ...": "it"
        // would be the creature dealing the damage and "that creature" the one dealt it; the
        // ability binds only the second, as it triggers.
        let hits_a_creature = matches!(&lead, Trigger::CreatureEvent { event, .. } | Trigger::Attached(event) if matches!(
            **event,
            Trigger::DealsCombatDamageToACreature
                | Trigger::DealsDamageToACreature
                | Trigger::DealsDamageToCreatureThat { .. }
        ));
        let said_it = |w: &str| w.eq_ignore_ascii_case("it") || w.eq_ignore_ascii_case("its");
        if hits_a_creature && text.split(|c: char| !c.is_ascii_alphabetic()).any(said_it) {
            return p.expected("\"that creature\" (the creature dealt damage; \"it\", the creature dealing it, isn't supported after a trigger about another creature)");
        }
        // "Whenever a creature you control deals damage to an opponent, that player ...": the
        // player the event of another creature names.
        let said = match &lead {
            Trigger::Attached(e) | Trigger::CreatureEvent { event: e, .. } => (**e).clone(),
            t => t.clone(),
        };
        let that = match said {
            Trigger::AtStep {
                whose: Whose::Each | Whose::Opponents,
                ..
            } => Some(PlayerRef::ActivePlayer),
            Trigger::DealsDamageToPlayer { .. }
            | Trigger::PlayerCastsSpell { .. }
            | Trigger::PlayerDraws { .. }
            | Trigger::PlayerCycles { .. }
            | Trigger::PlayerSurveils { .. }
            | Trigger::PlayerPlaysLand { .. }
            | Trigger::PlayerGetsEnergy { .. } => {
                Some(PlayerRef::TriggeringPlayer)
            }
            _ => None,
        };
        // "At the beginning of each player's precombat main phase, add {G}{G}." (Eladamri's
        // Vineyard): Oracle's short wording for mana the player whose phase it is adds (its
        // rulings), which "add" alone (your pool, 406.1) would misstate: refused.
        if matches!(lead, Trigger::AtStep { whose: Whose::Each | Whose::Opponents, .. })
            && i.effects.iter().any(Effect::adds_mana)
        {
            return p.expected("\"that player adds\": whose mana pool gets the mana on another player's turn");
        }
        if let (true, Some(that)) = (i.that_player, that) {
            for e in &mut i.effects {
                if e.subject() == Some(&Subject::Players(PlayerRef::DefendingPlayer)) {
                    e.set_subject(Subject::Players(that));
                }
            }
            // "target land that player controls" at the beginning of that player's upkeep.
            if that != PlayerRef::TriggeringPlayer {
                i.effects =
                    crate::ability::replace_player_ref(&i.effects, PlayerRef::TriggeringPlayer, that);
            }
            // "That player" named anywhere else (inside a choice or a description) isn't
            // modelled.
            if i.effects.iter().any(|e| format!("{e:?}").contains("DefendingPlayer")) {
                return p.expected("\"that player\" as the player an instruction acts on");
            }
            i.that_player = false;
        }
        // "Whenever ~ attacks a player and isn't blocked, that player's life total becomes 1":
        // the player attacked, the defending player as "that player" is after combat damage.
        let names_defender = |t: &Trigger| *t == damage || *t == Trigger::AttacksPlayerAndIsntBlocked;
        let is_damage = |t: &Trigger| match t {
            Trigger::Attached(e) | Trigger::CreatureEvent { event: e, .. } => names_defender(e),
            t => names_defender(t),
        };
        if i.that_player && !trigger.events().into_iter().all(is_damage) {
            return p.expected("a player such as \"each opponent\" (\"that player\" is only the player a \"deals combat damage to a player\" trigger names)");
        }
        // "it" and "its controller" after "Whenever enchanted creature attacks" or "Whenever a
        // creature blocks": the creature the event happened to, bound as the ability triggers.
        // "Whenever another creature enters the battlefield under your control, that creature
        // gains haste": the permanent that came into play, bound as the ability triggers
        // (410.10a); it is in play, unlike one that died (a new object, 217.1c).
        let entering = matches!(lead, Trigger::PermanentEnters { .. });
        let about_creature = lead.about_another(false) || entering;
        if p.it_as_this && lead.about_another(true) {
            // "creatures blocking it" would be blocking the creature the event happened to.
            return p.expected("\"~\" (\"blocking it\" after a trigger about another creature isn't supported)");
        }
        if i.source_as_it
            && matches!(
                lead,
                Trigger::PermanentEnters { .. } | Trigger::PermanentDies { .. }
            )
        {
            // "blocks it": the permanent that came or went, not the object with the ability.
            return p.expected("\"~\" (\"it\" after a trigger about another creature isn't supported)");
        }
        // "it deals" is read as the object with the ability dealing the damage: after a trigger
        // about another creature ("Whenever enchanted creature is dealt damage, it deals that
        // much damage to its controller"), "it" is that creature, the damage's source (413.2f),
        // bound as the ability triggers. A fight of that creature isn't modelled.
        if i.it_deals
            && matches!(
                lead,
                Trigger::Attached(_)
                    | Trigger::CreatureEvent { .. }
                    | Trigger::PermanentEnters { .. }
                    | Trigger::PermanentDies { .. }
            )
        {
            let mut fights = false;
            for e in &mut i.effects {
                for_each_leaf(e, &mut |e| match e {
                    Effect::DealDamage { amount, to } => {
                        *e = Effect::DealDamageBy {
                            by: Subject::Each(Filter::Triggering),
                            amount: amount.clone(),
                            to: to.clone(),
                        }
                    }
                    Effect::Fight { .. } => fights = true,
                    _ => {}
                });
            }
            if fights {
                return p.expected("\"~\" (\"it\" fighting after a trigger about another permanent would be that permanent, which isn't supported)");
            }
        }
        if i.refers_back && matches!(lead, Trigger::PermanentDies { .. }) {
            // "it" would be the card the permanent became in the graveyard (217.1c), which
            // the engine doesn't pass on.
            return p.expected("\"~\" or a target (\"it\" after a trigger about a permanent that left play isn't supported)");
        }
        if about_creature
            && i
                .effects
                .iter()
                .any(|e| match e {
                    // "its controller loses that much life": the damage of the event, not a
                    // count read from "it".
                    Effect::LoseLifeAmount { amount, .. } => !matches!(
                        amount,
                        crate::filter::Amount::ThatMuch | crate::filter::Amount::Number(_)
                    ),
                    Effect::SacrificeUnlessExile { .. } => true,
                    _ => false,
                })
        {
            // "counters on it" would be the other creature's, which the amount doesn't read.
            return p.expected("\"~\" (\"it\" in an amount after a trigger about another creature isn't supported)");
        }
        // "Whenever another creature you control dies, it deals damage equal to its power to
        // target player": the creature that died deals it, as it last existed (413.2f).
        let dead_deals = matches!(lead, Trigger::PermanentDies { .. })
            && i.effects.iter().all(|e| {
                !e.mentions_triggering()
                    || matches!(e, Effect::DealDamageBy { by: Subject::Each(Filter::Triggering), .. })
            });
        // "Whenever a creature dies, ~ deals 1 damage to that creature's controller": the
        // controller of the creature that died, as it last existed (413.2f), as the player an
        // instruction acts on.
        let its = Subject::Players(PlayerRef::ControllerOfTriggering);
        let dead_controller = matches!(lead, Trigger::PermanentDies { .. })
            && i.effects.iter().all(|e| {
                let mut e = e.clone();
                if e.subject() == Some(&its) {
                    e.set_subject(Subject::You);
                }
                !e.mentions_triggering()
            });
        if !about_creature
            && !dead_deals
            && !dead_controller
            && i.effects.iter().any(Effect::mentions_triggering)
        {
            return p.expected("a player such as \"you\" (\"its controller\" names the controller of the creature an \"enchanted creature\" or \"a creature\" trigger is about)");
        }
        if about_creature && i.source_as_it {
            let it = crate::ability::CombatRule::BlocksCreature {
                filter: Filter::Triggering,
            };
            for e in &mut i.effects {
                for_each_leaf(e, &mut |e| {
                    if let Effect::GainRules { rules, .. } = e {
                        for r in rules.iter_mut() {
                            if *r
                                == (crate::ability::CombatRule::BlocksCreature {
                                    filter: Filter::This,
                                })
                            {
                                *r = it.clone();
                            }
                        }
                    }
                });
            }
        }
        // "one or more <creatures>" names none of them: "that creature" would be a guess.
        if i.refers_back
            && trigger.any(|t| {
                matches!(
                    t,
                    Trigger::BlocksOneOrMore { .. } | Trigger::BecomesBlockedByOneOrMore { .. }
                )
            })
        {
            return p.expected("\"~\" (\"one or more\" creatures name no one creature for \"it\" or \"that creature\")");
        }
        if about_creature && i.refers_back {
            for e in &mut i.effects {
                e.replace_subject(&Subject::TargetCreature, &Subject::Each(Filter::Triggering));
                // "it gets +1/+1 ... for each other creature you control": other than that
                // creature, bound with it as the ability triggers.
                if let Effect::PumpFor {
                    what: Subject::Each(Filter::Triggering),
                    times: crate::filter::Amount::Count(f),
                    ..
                } = e
                    && f.mentions_this()
                {
                    **f = f.this_as_triggering();
                }
            }
        } else if i.refers_back {
            // "it" in a trigger of ~ is ~ itself.
            for e in &mut i.effects {
                e.replace_subject(&Subject::TargetCreature, &Subject::This);
            }
        }
        names_card_only_for_itself(p, &i)?;
        let mut forms = vec!["triggered-instruction"];
        let mut effects = match intervening {
            Some(condition) => {
                forms.push("triggered-intervening-if");
                vec![Effect::InterveningIf {
                    condition,
                    effects: i.effects,
                }]
            }
            None => i.effects,
        };
        // "creatures that player controls" with no player targeted before it: the player the
        // trigger names (read below like any other "that player").
        let names_player = that.is_some() || trigger.events().into_iter().all(is_damage);
        let targets_player = crate::ability::targets_of(&effects)
            .iter()
            .any(|k| matches!(k, crate::ability::TargetKind::Player { .. }));
        if names_player && !targets_player {
            for e in &mut effects {
                for_each_leaf(e, &mut |e| {
                    if let Some(Subject::ThatPlayers {
                        filter,
                        other: false,
                    }) = e.subject().cloned()
                    {
                        e.set_subject(Subject::Each(
                            filter.and(Filter::ControlledBy(PlayerRef::TriggeringPlayer)),
                        ));
                    }
                });
            }
        }
        // "if that player has two or fewer cards in hand": the player the trigger names.
        if crate::ability::mentions_player_ref(&effects, PlayerRef::TriggeringPlayer) {
            match that {
                Some(PlayerRef::TriggeringPlayer) => {}
                Some(that) => {
                    effects = crate::ability::replace_player_ref(
                        &effects,
                        PlayerRef::TriggeringPlayer,
                        that,
                    );
                }
                // "target creature that player controls" after "deals combat damage to a
                // player": the player dealt the damage, the one the creature attacks (its
                // defending player, 306.2), as "that player discards a card" is read there.
                None if trigger.events().into_iter().all(is_damage) => {
                    effects = crate::ability::replace_player_ref(
                        &effects,
                        PlayerRef::TriggeringPlayer,
                        PlayerRef::DefendingPlayer,
                    );
                }
                None => {
                    return p.expected("a player such as \"you\" (\"that player\" names no player after this trigger)");
                }
            }
        }
        forms.extend(i.forms);
        Some((forms, Ability::Triggered { trigger, effects }))
    }) {
        Some(a) => Ok(a),
        None => Err(p),
    }
}

/// Calls `f` on the effect, or on each instruction inside an optional, delayed or conditional
/// one.
pub(super) fn for_each_leaf(e: &mut Effect, f: &mut dyn FnMut(&mut Effect)) {
    match e {
        Effect::May { effects }
        | Effect::Delayed { effects, .. }
        | Effect::Reflexive { effects }
        | Effect::If { effects, .. }
        | Effect::UnlessSacrifices { effects, .. }
        | Effect::MayPay { effects, .. }
        | Effect::MayPayEnergy { effects, .. }
        | Effect::IfCant { effects, .. }
        | Effect::InterveningIf { effects, .. } => {
            for e in effects {
                for_each_leaf(e, f);
            }
        }
        Effect::Modal { modes, .. } => {
            for e in modes.iter_mut().flatten() {
                for_each_leaf(e, f);
            }
        }
        e => f(e),
    }
}

/// An activation cost: mana symbols, `{T}` and the other parts of [`cost_part`], separated by
/// commas ("{1}{G}, {T}, Sacrifice a creature").
pub fn cost(p: &mut Parser) -> Option<Cost> {
    p.attempt(|p| {
        let mut cost = Cost::default();
        loop {
            // Peek first: reading a word that turns out not to be a symbol would count as
            // understanding it in the error message.
            if p.peek().is_some_and(|w| w.starts_with('{')) {
                let w = p.next_word()?;
                if w.eq_ignore_ascii_case("{T}") {
                    if cost.tap {
                        return None;
                    }
                    cost.tap = true;
                } else if w.eq_ignore_ascii_case("{Q}") {
                    // The untap symbol (104.5), once.
                    if cost.tap || cost.parts.contains(&CostPart::UntapThis) {
                        return None;
                    }
                    cost.parts.push(CostPart::UntapThis);
                } else if let Some(amount) = energy_symbols(&w) {
                    cost.parts.push(CostPart::PayEnergy { amount });
                } else {
                    let m: ManaCost = w.parse().ok()?;
                    cost.mana.0.extend(m.0);
                }
            } else {
                let part = cost_part(p).or_else(|| {
                    p.expected("a cost such as {1}{G}, {T}, \"Sacrifice a creature\" or \"Discard a card\"")
                })?;
                cost.parts.push(part);
            }
            // A cost ends at the colon; a comma before it always starts another part.
            if !p.eat(",") {
                return Some(cost);
            }
        }
    })
    .or_else(|| p.expected("a cost such as {1}{G}, {T} or \"Sacrifice a creature\""))
}

/// What follows "you get": "{E}{E}", "{E} for each creature you control", "an amount of {E}
/// equal to <amount>" (current 122.1), counted as the instruction is carried out.
pub(super) fn energy_gained(p: &mut Parser) -> Option<crate::filter::Amount> {
    use crate::filter::Amount;
    p.attempt(|p| {
        if p.eat("an amount of {E} equal to") {
            return phrase::amount(p);
        }
        let n = i64::from(energy_symbols(&p.next_word()?)?);
        if p.eat("for each") {
            let per = phrase::counted(p)?;
            return Some(if n == 1 {
                per
            } else {
                Amount::Times(n, Box::new(per))
            });
        }
        Some(Amount::Number(n))
    })
}

/// "{E}{E}": how many energy symbols a word is made of (current 107.14), if only those.
fn energy_symbols(word: &str) -> Option<u32> {
    let mut rest = word;
    let mut n = 0u32;
    while let Some(r) = rest
        .strip_prefix("{E}")
        .or_else(|| rest.strip_prefix("{e}"))
    {
        n = n.checked_add(1)?;
        rest = r;
    }
    (rest.is_empty() && n > 0).then_some(n)
}

/// "a", "two", "another": how many objects a cost part names (at least one), and whether
/// they are other than the source.
/// Whether a count ("a", "two", "another") comes next, looked at without reading it, so that a
/// cost the grammar doesn't know ("Exile ~") is reported where it begins.
fn count_comes(p: &Parser) -> bool {
    p.peek().is_some_and(|w| {
        let w = w.to_ascii_lowercase();
        matches!(w.as_str(), "a" | "an" | "another")
            || phrase::NUMBER_WORDS.contains(&w.as_str())
            || w.chars().all(|c| c.is_ascii_digit())
    })
}

fn cost_count(p: &mut Parser) -> Option<(u32, bool)> {
    if p.eat("another") {
        return Some((1, true));
    }
    let count = if phrase::article(p) {
        1
    } else {
        phrase::number(p)?
    };
    (count > 0).then_some((count, false))
}

/// "a creature", "two Islands", "another untapped Merfolk": how many objects a cost names, and
/// the description, which is of the paying player's own permanents. `untapped` says the word
/// must come before the description ("Tap an untapped creature you control").
fn counted_permanents(p: &mut Parser, untapped: bool) -> Option<(Filter, u32)> {
    let (count, other) = cost_count(p)?;
    if untapped {
        p.eat("untapped").then_some(())?;
    }
    let mut f = phrase::filter(p)?;
    if other {
        f = Filter::This.negated().and(f);
    }
    if untapped {
        // The word is part of the description: an already tapped permanent never fits.
        f = Filter::Tapped.negated().and(f);
    }
    Some((f.and(Filter::ControlledBy(PlayerRef::You)), count))
}

/// One part of a cost besides mana and `{T}` (409.1f): sacrificing, tapping untapped
/// permanents, discarding, removing counters, paying life, returning permanents to hand.
/// "As an additional cost to [cast|play] [~|this spell], sacrifice <permanents>." (409.1f)
pub fn additional_sacrifice(text: &str) -> Option<Ability> {
    let mut p = Parser::new(text);
    p.eat("as an additional cost to").then_some(())?;
    p.eat_one_of(&["cast", "play"])?;
    p.eat_one_of(&["~", "this spell"])?;
    p.eat(",").then_some(())?;
    let CostPart::Sacrifice { filter, count } = cost_part(&mut p)? else {
        return None;
    };
    p.finish()?;
    Some(Ability::AdditionalSacrifice { filter, count })
}

fn cost_part(p: &mut Parser) -> Option<CostPart> {
    p.attempt(|p| {
        if p.eat("sacrifice ~") {
            return Some(CostPart::SacrificeThis);
        }
        if p.eat("sacrifice") {
            let (filter, count) = counted_permanents(p, false)?;
            return Some(CostPart::Sacrifice { filter, count });
        }
        if p.eat("tap") {
            let (filter, count) = counted_permanents(p, true)?;
            return Some(CostPart::TapUntapped { filter, count });
        }
        if p.eat("discard ~") {
            return Some(CostPart::DiscardThis);
        }
        if p.eat_one_of(&[
            "exile ~ from your graveyard",
            "remove ~ in your graveyard from the game",
        ])
        .is_some()
        {
            return Some(CostPart::ExileThis);
        }
        if p.eat("discard a card") {
            let random = p.eat("at random");
            return Some(CostPart::Discard { count: 1, random });
        }
        // "Discard a creature card", "Discard two land cards".
        if let Some((filter, count)) = p.attempt(|p| {
            p.eat("discard").then_some(())?;
            count_comes(p).then_some(())?;
            let (count, false) = cost_count(p)? else {
                return None;
            };
            let filter = phrase::card_description(p)?;
            // Any card: [`CostPart::Discard`], below.
            (filter != Filter::every()).then_some((filter, count))
        }) {
            return Some(CostPart::DiscardCards { filter, count });
        }
        // "Exile the top creature card of your graveyard" (2009: "Remove the top creature card
        // of your graveyard from the game"): the topmost card that fits.
        if let Some(filter) = p.attempt(|p| {
            let current = p.eat("exile the top");
            if !current {
                p.eat("remove the top").then_some(())?;
            }
            let filter = phrase::card_description(p)?;
            p.eat("of your graveyard").then_some(())?;
            if !current {
                p.eat("from the game").then_some(())?;
            }
            Some(filter)
        }) {
            return Some(CostPart::ExileFromGraveyard {
                filter,
                count: 1,
                top: true,
            });
        }
        // "Exile a creature card from your graveyard", "Exile two cards from your graveyard";
        // 2009: "Remove a creature card in your graveyard from the game".
        if let Some((filter, count)) = p.attempt(|p| {
            let current = p.eat("exile");
            if !current {
                p.eat("remove").then_some(())?;
            }
            if !count_comes(p) {
                return p.expected(
                    "cards of your graveyard, such as \"a creature card from your graveyard\"",
                );
            }
            let (count, false) = cost_count(p)? else {
                return None;
            };
            let filter = phrase::card_description(p)?;
            if current {
                p.eat("from your graveyard").then_some(())?;
            } else {
                p.eat("in your graveyard from the game").then_some(())?;
            }
            Some((filter, count))
        }) {
            return Some(CostPart::ExileFromGraveyard {
                filter,
                count,
                top: false,
            });
        }
        // "Put a -1/-1 counter on ~", "Put a -1/-1 counter on a creature you control".
        if let Some(part) = p.attempt(|p| {
            p.eat("put").then_some(())?;
            count_comes(p).then_some(())?;
            let (count, false) = cost_count(p)? else {
                return None;
            };
            let counter = phrase::counter_kind(p)?;
            p.eat_one_of(&["counters on", "counter on"])?;
            if p.eat("~") {
                return Some(CostPart::PutCounters { counter, count });
            }
            if count != 1 {
                return None;
            }
            let (filter, 1) = counted_permanents(p, false)? else {
                return None;
            };
            Some(CostPart::PutCounterOn { filter, counter })
        }) {
            return Some(part);
        }
        if p.eat("discard") {
            let count = phrase::number(p)?;
            p.eat("cards").then_some(())?;
            let random = p.eat("at random");
            return Some(CostPart::Discard { count, random });
        }
        // "Remove X +1/+1 counters from ~": counted by the X announced (409.1b).
        if let Some(kind) = p.attempt(|p| {
            p.eat("remove X").then_some(())?;
            let kind = p.next_word()?;
            p.eat("counters from ~").then_some(kind)
        }) {
            return Some(CostPart::X {
                counted: Box::new(CostPart::RemoveCounters {
                    counter: crate::model::Counter::parse(&kind.to_ascii_lowercase()),
                    count: 1,
                }),
            });
        }
        // "Exile X cards from your graveyard", "Exile X creature cards from your graveyard".
        if let Some(filter) = p.attempt(|p| {
            p.eat("exile X").then_some(())?;
            let filter = phrase::card_description(p)?;
            p.eat("from your graveyard").then_some(filter)
        }) {
            return Some(CostPart::X {
                counted: Box::new(CostPart::ExileFromGraveyard {
                    filter,
                    count: 1,
                    top: false,
                }),
            });
        }
        if p.eat("remove") {
            let (count, false) = cost_count(p)? else {
                return None;
            };
            let kind = p.next_word()?;
            if kind.starts_with('{') || kind == "~" {
                return None;
            }
            p.eat_one_of(&["counter from ~", "counters from ~"])?;
            return Some(CostPart::RemoveCounters {
                counter: crate::model::Counter::parse(&kind.to_ascii_lowercase()),
                count,
            });
        }
        if let Some(amount) = p.attempt(|p| {
            p.eat("pay").then_some(())?;
            energy_symbols(&p.next_word()?)
        }) {
            return Some(CostPart::PayEnergy { amount });
        }
        if p.eat("pay") {
            let amount = phrase::number(p)?;
            p.eat("life").then_some(())?;
            return Some(CostPart::PayLife { amount });
        }
        if p.eat("return") {
            let (filter, count) = counted_permanents(p, false)?;
            p.eat_one_of(&[
                "to its owner's hand",
                "to their owner's hand",
                "to their owners' hand",
            ])?;
            return Some(CostPart::ReturnToHand { filter, count });
        }
        None
    })
}

/// "sacrifice a land", "sacrifice two Islands", "return an enchantment you control to its
/// owner's hand", and the same in the third person ("sacrifices ...", "returns ..."):
/// permanents a player gives up to pay a cost to attack (308.2d). The description is of the
/// paying player's own permanents.
pub(super) fn give_up_part(p: &mut Parser) -> Option<CostPart> {
    p.attempt(|p| {
        let verb = p.eat_one_of(&["sacrifices", "sacrifice", "returns", "return"])?;
        let (filter, count) = counted_permanents(p, false)?;
        if verb < 2 {
            return Some(CostPart::Sacrifice { filter, count });
        }
        p.eat_one_of(&[
            "to its owner's hand",
            "to their owner's hand",
            "to their owners' hand",
        ])?;
        Some(CostPart::ReturnToHand { filter, count })
    })
}

fn duration(p: &mut Parser) -> Option<Duration> {
    // "for as long as you control ~" (418.3d), the longer wordings first.
    if let Some(i) = p.eat_one_of(&[
        "for as long as you control ~ and ~ remains tapped",
        "for as long as you control ~",
        "for as long as ~ remains tapped",
        "for as long as ~ remains on the battlefield",
        "for as long as ~ remains in play",
    ]) {
        use crate::ability::Hold;
        return Some(Duration::AsLongAs(match i {
            0 => Hold::YouControlAndTapped,
            1 => Hold::YouControl,
            2 => Hold::Tapped,
            _ => Hold::InPlay,
        }));
    }
    match p.eat_one_of(&[
        "until end of turn",
        "this turn",
        "until end of combat",
        "this combat",
        "until your next turn",
        "during its controller's next turn",
        "during their controller's next turn",
    ])? {
        0 => Some(Duration::UntilEndOfTurn),
        1 => Some(Duration::ThisTurn),
        4 => Some(Duration::UntilYourNextTurn),
        5 | 6 => Some(Duration::DuringNextTurn),
        _ => Some(Duration::UntilEndOfCombat),
    }
}

/// What an instruction is about: "~", "it", "target <description>" (one object, 409.1c) or a
/// description of many ("creatures without flying", "each creature you control", 418.3b).
/// The second value says whether it names an earlier target ("it", "that creature").
pub(super) fn target(p: &mut Parser) -> Option<(Subject, bool)> {
    p.attempt(|p| {
        // "that token": what an earlier "create ..." of the same ability created.
        if p.eat_one_of(&["that token", "those tokens"]).is_some() {
            return Some((Subject::CreatedTokens, false));
        }
        // "each of those creatures that didn't attack this turn" in a delayed instruction: of the
        // creatures an earlier instruction acted on (fixed as the delayed ability is created),
        // those that fit then (`cards::those`).
        if let Some(i) = p.eat_one_of(&[
            "each of those creatures that didn't attack this turn",
            "each of those creatures that attacked this turn",
        ]) {
            let attacked = Filter::AttackedThisTurn;
            let filter = if i == 0 { attacked.negated() } else { attacked };
            let earlier = Box::new(Subject::TargetCreature);
            return Some((Subject::ThoseThat { earlier, filter }, true));
        }
        // "creatures of the creature type of your choice": the type named as it resolves.
        if p.eat("creatures of the creature type of your choice") {
            return Some((
                Subject::ChosenTypeCreatures {
                    filter: Filter::Type(CardType::Creature),
                },
                false,
            ));
        }
        // "each creature dealt damage this way": what an earlier "deals damage" of the same
        // ability dealt damage to.
        if p.eat_one_of(&[
            "each creature dealt damage this way",
            "creatures dealt damage this way",
        ])
        .is_some()
        {
            return Some((Subject::DamagedThisWay, false));
        }
        // "that creature or player" (2009 Oracle) / "that permanent or player" (today's, for
        // "any target"): the one target of an earlier "target creature or player", 409.1c
        // (`check_targets` finds it by the words).
        if p.eat_one_of(&["that creature or player", "that permanent or player"])
            .is_some()
        {
            return Some((Subject::TargetCreature, true));
        }
        // "that land", "that permanent": a noncreature permanent an earlier instruction targets
        // (`check_targets` finds it by the word).
        if p.eat_one_of(&[
            "that land",
            "that permanent",
            "that artifact",
            "that enchantment",
        ])
        .is_some()
        {
            return Some((Subject::TargetCreature, true));
        }
        // "those creatures", "they", "them": the creatures of an earlier "up to two target
        // creatures".
        match p.eat_one_of(&[
            "~",
            "that creature",
            "it",
            "those creatures",
            "they",
            "them",
        ]) {
            Some(0) => return Some((Subject::This, false)),
            Some(_) => return Some((Subject::TargetCreature, true)),
            None => {}
        }
        if let Some(t) = one_target(p) {
            return Some((t, false));
        }
        // "put a +1/+1 counter on enchanted creature": the one this Aura or Equipment is
        // attached to.
        if let Some(i) = p.eat_one_of(&[
            "enchanted creature",
            "equipped creature",
            "enchanted permanent",
        ]) {
            let host = if i == 2 {
                Filter::HostOfThis
            } else {
                Filter::HostOfThis.and(Filter::Type(CardType::Creature))
            };
            return Some((Subject::Each(host), false));
        }
        // "other creatures he or she controls" after "<player> chooses a creature he or she
        // controls": that player's (`cards::that_player::chooser_first`).
        if let Some(s) = p.attempt(|p| {
            let other = p.eat("other");
            let filter = phrase::creature_filter(p)?;
            p.eat("he or she controls").then_some(())?;
            Some(Subject::ChoosersCreatures { filter, other })
        }) {
            return Some((s, false));
        }
        // "other creatures that player controls": joined to an earlier target by the card
        // compiler (`cards::that_player`).
        if let Some(s) = p.attempt(|p| {
            p.eat_one_of(&["each", "all"]);
            let other = p.eat("other");
            let filter = phrase::creature_filter(p)?;
            p.eat("that player controls").then_some(())?;
            Some(Subject::ThatPlayers { filter, other })
        }) {
            return Some((s, false));
        }
        // "creatures target player controls" (409.1c: the player is the target).
        if let Some(s) = p.attempt(|p| {
            p.eat_one_of(&["each", "all"]);
            let filter = phrase::creature_filter(p)?;
            let opponent =
                p.eat_one_of(&["target player controls", "target opponent controls"])? == 1;
            Some(Subject::EachOfTargetPlayer { filter, opponent })
        }) {
            return Some((s, false));
        }
        // "target player's creatures", "target opponent's creatures": the same, said with the
        // possessive.
        if let Some(s) = p.attempt(|p| {
            let opponent = p.eat_one_of(&["target player's", "target opponent's"])? == 1;
            let filter = phrase::creature_filter(p)?;
            Some(Subject::EachOfTargetPlayer { filter, opponent })
        }) {
            return Some((s, false));
        }
        mass(p).map(|s| (s, false))
    })
    .or_else(|| {
        p.expected(
            "\"~\", \"target creature\", \"it\" or a description such as \"creatures you control\"",
        )
    })
}

/// What a prevention shield protects: "you", "target player" (419.7b: a shield on a player),
/// or a target permanent.
fn shielded(p: &mut Parser) -> Option<(Subject, bool)> {
    match p.eat_one_of(&["you", "target player", "target opponent"]) {
        Some(0) => Some((Subject::You, false)),
        Some(i) => Some((Subject::TargetPlayer { opponent: i == 2 }, false)),
        None => target(p),
    }
}

/// The targets something divided is divided among (409.1e): "one or two target creatures",
/// "one, two, or three target creatures and/or players", "any number of target creatures",
/// "any number of targets" ("any target": creatures and players). Each target gets at least
/// 1, so there is at least one and no more targets than there is to divide.
fn divided_targets(p: &mut Parser, amount: u32) -> Option<Subject> {
    p.attempt(|p| {
        let most = if p.eat("one or two") {
            2
        } else if p.eat("one , two , or three") {
            3
        } else if p.eat("any number of") {
            amount
        } else {
            return p.expected("\"one or two\", \"one, two, or three\" or \"any number of\"");
        };
        let max = most.min(amount);
        if max == 0 {
            return None;
        }
        let creature = Filter::Type(CardType::Creature);
        if p.eat("targets") {
            return Some(Subject::Targets {
                filter: creature,
                min: 1,
                max,
                players: true,
            });
        }
        p.eat("target").then_some(())?;
        let filter = phrase::filter(p)?;
        let players = p.eat("and/or players");
        Some(Subject::Targets {
            filter,
            min: 1,
            max,
            players,
        })
    })
}

/// "target creature", "target creature or player", "any target", "another target creature",
/// "target artifact", "target creature with power 2 or less": one target. The kinds the engine
/// has always named keep their names; any other description is a filtered permanent.
fn one_target(p: &mut Parser) -> Option<Subject> {
    p.attempt(|p| {
        // "any target": a creature, player or planeswalker (current 115.4); the February 2009
        // Oracle wording of the same cards is "target creature or player".
        if p.eat_one_of(&["target creature or player", "any target"])
            .is_some()
        {
            return Some(Subject::TargetCreatureOrPlayer);
        }
        // "target player or planeswalker" (current 115.4): one target, a player or a
        // planeswalker.
        if p.eat("target player or planeswalker") {
            return Some(Subject::Targets {
                filter: Filter::Type(CardType::Planeswalker),
                min: 1,
                max: 1,
                players: true,
            });
        }
        // "X target creatures" (an activated ability with {X} in its cost, 409.1b).
        if p.peek() == Some("X") {
            p.next_word()?;
            p.eat("target").then_some(())?;
            let filter = phrase::filter(p)?;
            return Some(Subject::XTargets { filter });
        }
        // "up to two target creatures", "two target creatures", "any number of target
        // creatures", "each of up to three target creatures" (409.1c).
        if let Some((min, max)) = p.attempt(|p| {
            p.eat("each of");
            if p.eat("any number of") {
                return Some((0, u32::MAX));
            }
            if p.eat("up to") {
                let n = phrase::number(p)?;
                return (n >= 1).then_some((0, n));
            }
            let n = phrase::number(p)?;
            (n >= 2).then_some((n, n))
        }) {
            p.eat("target").then_some(())?;
            let filter = phrase::filter(p)?;
            return Some(Subject::Targets {
                filter,
                min,
                max,
                players: false,
            });
        }
        let another = p.eat("another");
        p.eat("target").then_some(())?;
        let f = phrase::filter(p)?;
        // "target land that player controls": the player a trigger is about (bound as it
        // triggers; `counted_instruction` marks the instruction as saying "that player").
        let f = if p.eat("that player controls") {
            f.and(Filter::ControlledBy(PlayerRef::TriggeringPlayer))
        } else {
            f
        };
        let creature = Filter::Type(CardType::Creature);
        let f = if another {
            Filter::This.negated().and(f)
        } else {
            f
        };
        Some(match f {
            f if f == creature => Subject::TargetCreature,
            Filter::All(ref parts) if parts.len() == 2 && parts.contains(&creature) => {
                if parts.contains(&Filter::Attacking) {
                    Subject::TargetAttackingCreature
                } else if parts.contains(&Filter::ControlledBy(PlayerRef::You)) {
                    Subject::TargetCreatureYouControl
                } else {
                    Subject::Target(f)
                }
            }
            Filter::All(ref parts)
                if parts.len() == 3
                    && parts.contains(&creature)
                    && parts.contains(&Filter::Attacking)
                    && parts.contains(&Filter::ControlledBy(PlayerRef::You)) =>
            {
                Subject::TargetAttackingCreatureYouControl
            }
            f => Subject::Target(f),
        })
    })
}

/// "creatures without flying", "each creature you control", "all creatures", "other Elves you
/// control": every creature the description fits.
fn mass(p: &mut Parser) -> Option<Subject> {
    p.attempt(|p| {
        p.eat_one_of(&["each", "all"]);
        let f = phrase::creature_filter(p)?;
        Some(Subject::Each(f))
    })
}

/// An instruction that does something once: damage, drawing, life, destroying, tapping,
/// regenerating, counters.
fn action(p: &mut Parser) -> Option<(&'static str, Effect, bool)> {
    p.attempt(|p| {
        // After "reveal the top card of your library": that card to its owner's hand (the card
        // compiler refuses it without the reveal before it).
        if p.eat_one_of(&[
            "put that card into your hand",
            "put it into your hand",
            "that player puts it into his or her hand",
            "that player puts that card into his or her hand",
            "that player puts it into their hand",
        ])
        .is_some()
        {
            return Some(("effect-revealed-to-hand", Effect::RevealedToHand, false));
        }
        // "It deals" in current wording ("Sacrifice Mogg Fanatic: It deals 1 damage to any
        // target."): the damage source is always the object with the ability.
        if p.eat_one_of(&["~ deals", "it deals"]).is_some() {
            // "~ deals 3 damage divided as you choose among one, two, or three target
            // creatures and/or players." (409.1e)
            if let Some((amount, among)) = p.attempt(|p| {
                let amount = phrase::number(p)?;
                p.eat("damage divided as you choose among").then_some(())?;
                Some((amount, divided_targets(p, amount)?))
            }) {
                return Some((
                    "effect-divide-damage",
                    Effect::DivideDamage { amount, among },
                    false,
                ));
            }
            let (amount, to, back) = damage_to(p, |p| {
                if p.eat("you") {
                    return Some((Subject::You, false));
                }
                target(p)
            })?;
            return Some(("effect-damage", Effect::DealDamage { amount, to }, back));
        }
        // "gain control of target creature until end of turn", "... for as long as you
        // control ~" (418.5a layer 2; 418.3d).
        if p.eat("gain control of") {
            let (what, back) = target(p)?;
            // "gain control of all creatures target player controls until end of turn": each
            // permanent the description fits as the effect begins.
            if !matches!(
                what,
                Subject::TargetCreature
                    | Subject::Target(_)
                    | Subject::Each(_)
                    | Subject::EachOfTargetPlayer { .. }
            ) {
                return p.expected(
                    "one target permanent (\"target creature\", \"target artifact\") or a description (\"all creatures target player controls\")",
                );
            }
            let duration = duration(p)?;
            if !matches!(
                duration,
                Duration::UntilEndOfTurn | Duration::UntilYourNextTurn | Duration::AsLongAs(_)
            ) {
                return p.expected(
                    "\"until end of turn\", \"until your next turn\" or \"for as long as ...\"",
                );
            }
            return Some((
                "effect-gain-control",
                Effect::GainControl { what, duration },
                back,
            ));
        }
        // "Surveil 2." (current 701.25a)
        if p.eat("surveil") {
            let count = phrase::number(p)?;
            return Some(("effect-surveil", Effect::Surveil { count }, false));
        }
        // "Bolster 2.", "bolster X, where X is ..." (current 701.39a)
        if p.eat("bolster") {
            let amount = if p.eat("X") {
                crate::filter::Amount::X
            } else {
                crate::filter::Amount::Number(i64::from(phrase::number(p)?))
            };
            return Some(("effect-bolster", Effect::Bolster { amount }, false));
        }
        // "Scry 2." (501.8a)
        if p.eat("scry") {
            let count = phrase::number(p)?;
            return Some(("effect-scry", Effect::Scry { count }, false));
        }
        // "Monstrosity 3." (current 701.37a)
        if p.eat("monstrosity") {
            let count = phrase::number(p)?;
            return Some(("effect-monstrosity", Effect::Monstrosity { count }, false));
        }
        // "Add {C}." (current 106.1b, 107.4c), "Add {C}{C}.", "Add {B} or {R}.", "Add {W},
        // {U}, or {B}.", "Add one mana of any color." (406.1; a spell's instruction, 406.2).
        if p.eat("add") {
            let e = added_mana(p)?;
            p.eat("to your mana pool");
            return Some(("effect-add-mana", e, false));
        }
        if p.eat("draw a card") {
            return Some((
                "effect-draw",
                Effect::Draw {
                    who: Subject::You,
                    count: 1,
                },
                false,
            ));
        }
        if p.eat("draw") {
            if let Some(amount) = p.attempt(super::player_actions::card_amount) {
                return Some((
                    "effect-draw",
                    Effect::DrawAmount {
                        who: Subject::You,
                        amount,
                    },
                    false,
                ));
            }
            let count = super::player_actions::card_count(p)?;
            return Some((
                "effect-draw",
                Effect::Draw {
                    who: Subject::You,
                    count,
                },
                false,
            ));
        }
        if p.eat("you gain") {
            return Some(("effect-life", life_gained(p)?, false));
        }
        // "remove ~ from combat" (306.4; Ydwen Efreet).
        if p.eat("remove ~ from combat") {
            return Some((
                "effect-remove-from-combat",
                Effect::RemoveFromCombat {
                    what: Subject::This,
                    untap: false,
                },
                false,
            ));
        }
        // "remove target attacking or blocking creature from combat", "remove it from combat"
        // (306.4), "... and untap it".
        if let Some((what, back, untap)) = p.attempt(|p| {
            p.eat("remove").then_some(())?;
            let (what, back) = target(p)?;
            p.eat("from combat").then_some(())?;
            // "and untap it", "... all attacking creatures from combat and untap them".
            let plural = matches!(what, Subject::Each(_));
            let untap = if plural {
                p.eat("and untap them")
            } else {
                p.eat("and untap it")
            };
            Some((what, back, untap))
        }) {
            return Some((
                "effect-remove-from-combat",
                Effect::RemoveFromCombat { what, untap },
                back,
            ));
        }
        if p.eat("flip a coin") {
            return Some(("effect-flip", Effect::FlipCoin, false));
        }
        if p.eat("an opponent gains control of ~") {
            return Some((
                "effect-opponent-control",
                Effect::OpponentGainsControl {
                    what: Subject::This,
                },
                false,
            ));
        }
        if p.eat("you become the monarch") {
            return Some((
                "effect-monarch",
                Effect::BecomeMonarch {
                    its_controller: false,
                },
                false,
            ));
        }
        if p.eat("take an extra turn after this one") {
            return Some(("effect-extra-turn", Effect::ExtraTurn, false));
        }
        if p.eat("counter target spell") {
            return Some((
                "effect-counter",
                Effect::Counter {
                    what: Subject::TargetSpell,
                },
                false,
            ));
        }
        if let Some((e, back)) = super::prevention::instruction(p) {
            return Some(("effect-prevent-all", e, back));
        }
        // "All damage that would be dealt to you this turn by target attacking creature is
        // dealt to ~ instead." (419.6c)
        if let Some((e, back)) = super::redirection::instruction(p) {
            return Some(("effect-redirect", e, back));
        }
        // "The next time a red source of your choice would deal damage to you this turn,
        // prevent that damage." (419.8a)
        if let Some((source, to, back)) = p.attempt(|p| {
            p.eat("the next time").then_some(())?;
            let source = super::prevention::chosen_source_filter(p)?;
            p.eat("would deal damage to").then_some(())?;
            let (to, back) = shielded(p)?;
            p.eat("this turn , prevent that damage")
                .then_some((source, to, back))
        }) {
            return Some((
                "effect-prevent-next-from-chosen",
                Effect::PreventNextFromChosen { source, to },
                back,
            ));
        }
        if p.eat("prevent the next") {
            // "the next X damage" (409.1b's X, or the amount "where X is" names).
            let (amount, fixed) = if p.eat("X") {
                (crate::filter::Amount::X, None)
            } else {
                let n = phrase::number(p)?;
                (crate::filter::Amount::Number(i64::from(n)), Some(n))
            };
            // "Prevent the next 5 damage that would be dealt this turn to any number of target
            // creatures and/or players, divided as you choose." (409.1e, 419.7)
            if p.eat("damage that would be dealt this turn to") {
                if let Some((among, amount)) = p.attempt(|p| {
                    let amount = fixed?;
                    let among = divided_targets(p, amount)?;
                    p.eat(", divided as you choose").then_some((among, amount))
                }) {
                    return Some((
                        "effect-divide-prevention",
                        Effect::DividePrevention { amount, among },
                        false,
                    ));
                }
                // "... dealt this turn to target creature you control" (Samite Alchemist).
                let (to, back) = shielded(p)?;
                return Some(("effect-prevent", Effect::PreventDamage { amount, to }, back));
            }
            p.eat("damage that would be dealt to").then_some(())?;
            // "to you", "to target player" (419.7b: a shield on a player).
            let (to, back) = shielded(p)?;
            p.eat("this turn").then_some(())?;
            return Some(("effect-prevent", Effect::PreventDamage { amount, to }, back));
        }
        if let Some((token, count)) = p.attempt(token_creation) {
            let effect = match count {
                Ok(count) => Effect::CreateTokens { token, count },
                Err(amount) => Effect::CreateTokensAmount { token, amount },
            };
            let (form, back) = match token_entry_of(&effect) {
                Some(TokenEntry::Untapped) | None => ("effect-create-tokens", false),
                // "that's blocking that creature": the creature the trigger is about.
                Some(TokenEntry::Blocking(Subject::TargetCreature)) => {
                    ("effect-create-tokens-entering", true)
                }
                Some(_) => ("effect-create-tokens-entering", false),
            };
            return Some((form, effect, back));
        }
        // "Exile target card from a graveyard.", "... target creature card from an opponent's
        // graveyard", 2009 "Remove target card in a graveyard from the game." (217.7)
        if let Some((filter, from)) = p.attempt(|p| {
            let current = p.eat_one_of(&["exile target", "remove target"])? == 0;
            let filter = phrase::card_description(p)?;
            // 2009 says "in a graveyard"; its explanation "from a graveyard".
            if current {
                p.eat("from").then_some(())?;
            } else {
                p.eat_one_of(&["in", "from"])?;
            }
            let from = graveyards_named(p)?;
            if !current {
                p.eat("from the game").then_some(())?;
            }
            Some((filter, from))
        }) {
            let what = Subject::TargetCardInYourGraveyard {
                filter,
                max_mana_value: None,
                from,
            };
            return Some(("effect-exile-card", Effect::ExileCard { what }, false));
        }
        // "Exile target creature." (2009: "Remove target creature from the game."). Not "~":
        // a spell removing itself from the game instead of going to its owner's graveyard
        // isn't modelled.
        if let Some((what, back)) = p.attempt(|p| {
            let current = p.eat("exile");
            if !current {
                p.eat("remove").then_some(())?;
            }
            let (what, back) = target(p)?;
            if !current {
                p.eat("from the game").then_some(())?;
            }
            (what != Subject::This).then_some((what, back))
        }) {
            // "exile target creature an opponent controls until ~ leaves the battlefield"
            // (current 610.3): back in play once the object with the ability has left.
            if p.eat_one_of(&["until ~ leaves the battlefield", "until ~ leaves play"])
                .is_some()
            {
                return Some((
                    "effect-exile-until-leaves",
                    Effect::ExileUntilLeaves { what },
                    back,
                ));
            }
            return Some(("effect-exile", Effect::RemoveFromGame { what }, back));
        }
        // "return the exiled card to the battlefield under its owner's control" (407.2a):
        // the cards the object's other ability removed from the game.
        if let Some(to_hand) = p.attempt(|p| {
            p.eat("return the").then_some(())?;
            let plural = !matches!(
                p.eat_one_of(&[
                    "exiled card",
                    "removed card",
                    "exiled cards",
                    "removed cards",
                    "cards exiled with ~",
                    "cards removed from the game with ~",
                    "card exiled with ~",
                    "card removed from the game with ~",
                ])?,
                0 | 1 | 6 | 7
            );
            p.eat("to").then_some(())?;
            if p.eat_one_of(&[
                "its owner's hand",
                "their owner's hand",
                "their owners' hands",
                "their owner's hands",
            ])
            .is_some()
            {
                return Some(true);
            }
            p.eat_one_of(&["the battlefield", "play"])?;
            let whose: &[&str] = if plural {
                &["under their owner's control", "under their owners' control"]
            } else {
                &["under its owner's control"]
            };
            p.eat_one_of(whose)?;
            Some(false)
        }) {
            return Some((
                "effect-return-exiled",
                Effect::ReturnExiled { to_hand },
                false,
            ));
        }
        // "Return target creature card from your graveyard to your hand.", "... with converted
        // mana cost 2 or less ... to play" (current "to the battlefield"), "Put target creature
        // card from a graveyard onto the battlefield under your control." (2009: "into play"),
        // "... from that player's graveyard ...": a target card (217.3, 217.1c).
        if let Some((what, to)) = p.attempt(|p| {
            let put = p.eat_one_of(&["return target", "put target"])? == 1;
            let filter = target_card_description(p)?;
            p.eat("from").then_some(())?;
            let from = graveyards_named(p)?;
            let to = if put {
                p.eat_one_of(&["onto the battlefield", "into play"])?;
                p.eat("under your control").then_some(CardTo::PlayYours)?
            } else {
                match p.eat_one_of(&["to your hand", "to play", "to the battlefield"])? {
                    0 if from == crate::ability::Graveyards::Yours => CardTo::Hand,
                    0 => return None,
                    _ if p.eat("under your control") => CardTo::PlayYours,
                    _ => CardTo::Play,
                }
            };
            let what = Subject::TargetCardInYourGraveyard {
                filter,
                max_mana_value: None,
                from,
            };
            Some((what, to))
        }) {
            let effect = match to {
                CardTo::Hand => Effect::ReturnCardToHand { what, may: false },
                CardTo::Play | CardTo::PlayYours => Effect::ReturnCardToPlay {
                    what,
                    under_you: to == CardTo::PlayYours,
                },
            };
            return Some(("effect-return-card", effect, false));
        }
        // "Return target creature to its owner's hand." / "Put it on top of its owner's
        // library."
        if let Some((to_hand, what, back)) = p.attempt(|p| {
            let to_hand = p.eat_one_of(&["return", "put"])? == 0;
            let (what, back) = target(p)?;
            if to_hand {
                p.eat_one_of(&["to its owner's hand", "to their owner's hand"])?;
            } else {
                p.eat("on top of its owner's library").then_some(())?;
            }
            Some((to_hand, what, back))
        }) {
            return Some(if to_hand {
                ("effect-return", Effect::ReturnToHand { what }, back)
            } else {
                ("effect-return", Effect::PutOnLibrary { what }, back)
            });
        }
        // "double the number of +1/+1 counters on each creature you control" (current
        // 701.10e).
        if let Some((counter, what, back)) = p.attempt(|p| {
            p.eat("double the number of").then_some(())?;
            let counter = phrase::counter_kind(p)?;
            p.eat("counters on").then_some(())?;
            let (what, back) = target(p)?;
            Some((counter, what, back))
        }) {
            return Some((
                "effect-counters",
                Effect::DoubleCounters { what, counter },
                back,
            ));
        }
        if p.eat("remove") {
            // "remove that many +1/+1 counters from it": the damage a prevention stopped.
            if let Some((what, back, counter)) = p.attempt(|p| {
                p.eat("that many").then_some(())?;
                let counter = phrase::counter_kind(p)?;
                p.eat("counters from").then_some(())?;
                let (what, back) = target(p)?;
                Some((what, back, counter))
            }) {
                return Some((
                    "effect-counters",
                    Effect::RemoveCountersAmount {
                        what,
                        counter,
                        amount: crate::filter::Amount::ThatMuch,
                    },
                    back,
                ));
            }
            // "remove all -1/-1 counters from it": as many as it has (200.10).
            let count = if phrase::article(p) {
                1
            } else if p.eat("all") {
                u32::MAX
            } else {
                phrase::number(p)?
            };
            let kind = p.next_word()?;
            p.eat_one_of(&["counter from", "counters from"])?;
            let (what, back) = target(p)?;
            return Some((
                "effect-counters",
                Effect::RemoveCounters {
                    what,
                    counter: crate::model::Counter::parse(&kind.to_ascii_lowercase()),
                    count,
                },
                back,
            ));
        }
        if p.eat("put") {
            // "put X +1/+1 counters on ~", "put a number of +1/+1 counters on it equal to
            // <amount>": as many as the amount as it resolves.
            let x = p.eat("X");
            // "put that many +1/+1 counters on it": the damage a trigger binds (413.2f).
            let that_many = !x && p.eat("that many");
            let number_of = !x && !that_many && p.eat("a number of");
            let count = if x || number_of || that_many {
                0
            } else if phrase::article(p) {
                1
            } else {
                phrase::number(p)?
            };
            // "Put a brick counter on ~", "put a magnet counter on target creature" (200.10:
            // a counter of any named kind, which only cards that count it give a meaning),
            // "put a +1/+0 counter on it" (200.10a).
            let counter = phrase::counter_kind(p)?;
            p.eat_one_of(&["counters on", "counter on"])?;
            let (what, back) = target(p)?;
            let amount = match (x, number_of) {
                (true, _) => Some(crate::filter::Amount::X),
                _ if that_many => Some(crate::filter::Amount::ThatMuch),
                (_, true) => {
                    p.eat("equal to").then_some(())?;
                    Some(phrase::amount(p)?)
                }
                // "put a +1/+1 counter on it for each attacking creature you control"
                _ => p
                    .attempt(|p| {
                        p.eat("for each").then_some(())?;
                        phrase::counted(p)
                    })
                    .map(|per| crate::filter::Amount::Times(i64::from(count), Box::new(per))),
            };
            if let Some(amount) = amount {
                return Some((
                    "effect-counters",
                    Effect::PutCountersAmount {
                        what,
                        counter,
                        amount,
                    },
                    back,
                ));
            }
            return Some((
                "effect-counters",
                Effect::PutCounters {
                    what,
                    counter,
                    count,
                },
                back,
            ));
        }
        let verb = p.eat_one_of(&[
            "destroy",
            "tap or untap",
            "tap",
            "untap",
            "regenerate",
            "sacrifice",
        ])?;
        let (what, back) = target(p)?;
        let (form, effect) = match verb {
            // "destroy target Knight and it can't be regenerated" (419.6b).
            0 => (
                "effect-destroy",
                Effect::Destroy {
                    what,
                    no_regeneration: p
                        .eat_one_of(&[
                            "and it can't be regenerated",
                            "and they can't be regenerated",
                        ])
                        .is_some(),
                },
            ),
            1 => ("effect-tap", Effect::TapOrUntap { what }),
            2 => ("effect-tap", Effect::Tap { what }),
            3 => ("effect-tap", Effect::Untap { what }),
            4 => ("effect-regenerate", Effect::Regenerate { what }),
            // "sacrifice it unless you exile a card from your graveyard" (Rotting Giant): only
            // of ~ itself, in a trigger of its own.
            _ if (what == Subject::This || (back && what == Subject::TargetCreature))
                && p.eat("unless you exile") =>
            {
                let count = card_count(p)?;
                p.eat("from your graveyard").then_some(())?;
                (1..=100).contains(&count).then_some(())?;
                (
                    "effect-sacrifice-unless-exile",
                    Effect::SacrificeUnlessExile { count },
                )
            }
            // Only "~", "it" or "that token": a player sacrifices his or her own permanents,
            // never targets.
            _ if what == Subject::This
                || what == Subject::CreatedTokens
                || (back && what == Subject::TargetCreature) =>
            {
                ("effect-sacrifice", Effect::Sacrifice { what })
            }
            _ => return None,
        };
        Some((form, effect, back))
    })
}

/// The moment a delayed triggered ability waits for (404.4): "at end of combat", "at the
/// beginning of the next end step" (2009: "at end of turn"), "at the beginning of the next
/// cleanup step", "at the beginning of the next turn's upkeep".
fn delayed_moment(p: &mut Parser) -> Option<Trigger> {
    Some(
        match p.eat_one_of(&[
            "at end of combat",
            "at the beginning of the next end step",
            "at end of turn",
            "at the beginning of the next cleanup step",
            "at the beginning of the next turn's upkeep",
        ])? {
            0 => Trigger::AtStep {
                step: Step::EndOfCombat,
                whose: Whose::Each,
            },
            3 => Trigger::AtBeginningOfCleanup,
            4 => Trigger::AtStep {
                step: Step::Upkeep,
                whose: Whose::Each,
            },
            _ => Trigger::AtStep {
                step: Step::EndOfTurn,
                whose: Whose::Each,
            },
        },
    )
}

/// "At end of combat, sacrifice it and it deals 5 damage to you.": the moment first, then one
/// or more actions joined by "and", all of them instructions of the one delayed triggered
/// ability (404.4), followed in order as it resolves.
fn delayed_lead(p: &mut Parser) -> Option<Instruction> {
    let when = delayed_moment(p)?;
    p.eat(",").then_some(())?;
    let (_, first, mut refers_back) = action(p)?;
    let mut effects = vec![first];
    while let Some((_, e, back)) = p.attempt(|p| {
        p.eat(",");
        p.eat("and").then_some(())?;
        action(p)
    }) {
        effects.push(e);
        refers_back |= back;
    }
    Some(Instruction {
        forms: vec!["effect-delayed"],
        effects: vec![Effect::Delayed { when, effects }],
        refers_back,
        source_as_it: false,
        that_player: false,
        it_deals: false,
    })
}

/// "Create two 1/1 white Soldier creature tokens with flying" (2009: "Put a 1/1 white Soldier
/// creature token into play"): how many, and the token's definition (216.1).
fn token_creation(p: &mut Parser) -> Option<(TokenSpec, Result<u32, crate::filter::Amount>)> {
    let create = p.eat_one_of(&["create", "put"])? == 0;
    // "create that many 1/1 green Insect creature tokens", "create X 1/1 ... tokens, where X
    // is ...": counted as it resolves.
    let counted = if p.eat("that many") {
        Some(crate::filter::Amount::ThatMuch)
    } else if p.eat("X") {
        Some(crate::filter::Amount::X)
    } else {
        None
    };
    let count = if counted.is_some() || phrase::article(p) {
        1
    } else {
        phrase::number(p)?
    };
    // "create a tapped 2/2 black Zombie creature token"
    let tapped = p.eat("tapped");
    // More would be a typo or a loop, not a card; refused rather than flooding the game.
    if !(0..=100).contains(&count) {
        return p.expected("a number of tokens from one to a hundred");
    }
    let (power, toughness) = p.attempt(|p| {
        let w = p.next_word()?;
        let (a, b) = w.split_once('/')?;
        let n = |x: &str| x.parse::<i32>().ok().filter(|n| (0..=1000).contains(n));
        Some((n(a)?, n(b)?))
    })?;
    let mut colors = Vec::new();
    if !p.eat("colorless") {
        colors.push(phrase::color(p)?);
        while let Some(c) = p.attempt(|p| {
            p.eat("and").then_some(())?;
            phrase::color(p)
        }) {
            colors.push(c);
        }
    }
    let mut types = Vec::new();
    while let Some(t) = p.attempt(|p| {
        let w = p.next_word()?;
        if !w.chars().next().is_some_and(char::is_uppercase) {
            return None;
        }
        crate::typeline::creature_type_named(&w)
    }) {
        types.push(t.to_string());
    }
    if types.is_empty() {
        return p.expected("a creature type (216.1a: a token is named after its creature types)");
    }
    let artifact = p.eat("artifact");
    p.eat_one_of(&["creature token", "creature tokens"])?;
    // "named Cloud Sprite" (216.1a): capitalized words.
    let named = |p: &mut Parser| {
        p.attempt(|p| {
            p.eat("named").then_some(())?;
            let mut words = Vec::new();
            while let Some(w) = p.peek() {
                if !w.chars().next().is_some_and(char::is_uppercase) {
                    break;
                }
                words.push(p.next_word()?);
            }
            (!words.is_empty()).then(|| words.join(" "))
        })
    };
    let mut name = named(p);
    let mut keywords = Vec::new();
    let mut abilities = Vec::new();
    if p.eat("with") {
        token_qualities(p, name.as_deref(), &mut keywords, &mut abilities)?;
        // "a 0/1 green Wall creature token with defender named Wood": the name after its
        // keywords.
        if name.is_none() {
            name = named(p);
        }
    }
    if !create {
        p.eat_one_of(&["into play", "onto the battlefield"])?;
    }
    let enters = token_entry(p, create, tapped)?;
    Some((
        TokenSpec {
            power,
            toughness,
            colors,
            creature_type: types.remove(0),
            more_types: types,
            artifact,
            keywords,
            name,
            abilities,
            enters,
        },
        match counted {
            Some(amount) => Err(amount),
            None => Ok(count),
        },
    ))
}

fn token_entry_of(e: &Effect) -> Option<&TokenEntry> {
    match e {
        Effect::CreateTokens { token, .. } | Effect::CreateTokensAmount { token, .. } => {
            Some(&token.enters)
        }
        _ => None,
    }
}

/// How the tokens come into play (216.1): "that's attacking", "that are tapped and attacking",
/// "that's blocking that creature", "that's blocking target creature attacking you"; in the
/// 2009 wording, after "into play": "tapped and attacking", "blocking target attacking
/// creature" (308.4, 309.5). `tapped` is a "tapped" before the token's power and toughness.
fn token_entry(p: &mut Parser, create: bool, tapped: bool) -> Option<TokenEntry> {
    let joined = if create {
        p.eat_one_of(&["that's", "that are"]).is_some()
    } else {
        true
    };
    if !joined {
        return Some(if tapped {
            TokenEntry::Tapped
        } else {
            TokenEntry::Untapped
        });
    }
    if tapped {
        return p.expected("\"attacking\" or nothing after a token created tapped");
    }
    if p.eat("tapped and attacking") {
        return Some(TokenEntry::Attacking { tapped: true });
    }
    if p.eat("attacking") {
        return Some(TokenEntry::Attacking { tapped: false });
    }
    if p.eat("blocking") {
        // "blocking that creature": the creature the trigger is about (or an earlier target).
        if p.eat("that creature") {
            return Some(TokenEntry::Blocking(Subject::TargetCreature));
        }
        let what = one_target(p)?;
        let attacking = match &what {
            Subject::TargetAttackingCreature => true,
            Subject::Target(f) => f.only_attacking(),
            _ => false,
        };
        if !attacking {
            return p.expected("an attacking creature to block (309.5)");
        }
        return Some(TokenEntry::Blocking(what));
    }
    if create {
        return p.expected("\"attacking\", \"tapped and attacking\" or \"blocking ...\"");
    }
    Some(TokenEntry::Untapped)
}

/// "flying and \"Cloud Sprite can block only creatures with flying.\"": the keywords and
/// quoted abilities a token is created with (216.1); its name (`name`) or "this creature" in
/// the quotes is the token. The card's own name there would be another object: refused.
fn token_qualities(
    p: &mut Parser,
    name: Option<&str>,
    keywords: &mut Vec<crate::ability::Keyword>,
    abilities: &mut Vec<Ability>,
) -> Option<()> {
    let mut item = |p: &mut Parser| -> Option<()> {
        if let Some(k) = keyword_ability(p) {
            keywords.push(k);
            return Some(());
        }
        let (mut a, names_card) = super::quoted::quoted_abilities_of(p, name)?;
        if names_card {
            return p.expected("a quoted ability that doesn't name the card");
        }
        abilities.append(&mut a);
        Some(())
    };
    item(p)?;
    while p
        .attempt(|p| {
            let comma = p.eat(",");
            if !p.eat("and") && !comma {
                return None;
            }
            item(p)
        })
        .is_some()
    {}
    Some(())
}

/// "It has flying and \"...\"." after an instruction that creates a token named `name`: what
/// the token is created with (216.1).
pub fn token_has(
    text: &str,
    name: Option<&str>,
) -> Result<(Vec<crate::ability::Keyword>, Vec<Ability>), Parser> {
    let mut p = Parser::new(text);
    let mut keywords = Vec::new();
    let mut abilities = Vec::new();
    match p.attempt(|p| {
        p.eat_one_of(&["it has", "they have"])?;
        token_qualities(p, name, &mut keywords, &mut abilities)?;
        p.finish()
    }) {
        Some(()) => Ok((keywords, abilities)),
        None => Err(p),
    }
}

/// What one part does, before its duration is known.
enum Part {
    Gets(i32, i32),
    Gains(Vec<crate::ability::Keyword>),
    Loses(crate::ability::Keyword),
    /// "loses all abilities"
    LosesAll,
    Rules(Vec<crate::ability::CombatRule>),
    /// Rules whose duration is said inside them ("can't be blocked this turn except by Walls").
    RulesFor(Vec<crate::ability::CombatRule>, Duration),
    Becomes(Body),
    /// "its activated abilities can't be activated"
    CantActivate,
    /// "gains flying and \"...\"": keywords, quoted abilities (402.9), and whether the quotes
    /// say the card's own name.
    GainsAbilities(
        Vec<crate::ability::Keyword>,
        Vec<crate::ability::Ability>,
        bool,
    ),
    /// "gets +1/+1 ... for each attacking creature"
    GetsFor(i32, i32, crate::filter::Amount),
    /// "gets +1/+1 ... for each attacking creature other than ~": a count that excludes the
    /// object with the ability by name, read once about it whoever gets it.
    GetsForNamed(i32, i32, crate::filter::Amount),
    /// "gains your choice of vigilance, lifelink, or haste" (`false`), "loses your choice of
    /// ..." (`true`): one of the keywords named as it resolves.
    ChosenKeyword(bool, Vec<crate::ability::Keyword>),
    /// "gains protection from the color of your choice": the color named as it resolves.
    /// With `true`, "of its controller's choice".
    GainsChosenProtection(bool),
    /// "becomes the color of your choice" (false), "becomes the creature type of your choice"
    /// (true): named as it resolves.
    BecomesChosen(bool),
    /// "... and deals 1 damage to you" after a part of "~": the object with the ability deals
    /// it.
    Deals(crate::filter::Amount, Subject),
}

/// "a 3/2 blue and black Elemental creature with haste": what a permanent becomes (418.5a).
struct Body {
    power: Option<i32>,
    toughness: Option<i32>,
    colors: Vec<crate::mana::Color>,
    card_types: Vec<CardType>,
    subtypes: Vec<String>,
    keywords: Vec<crate::ability::Keyword>,
    /// The creature types named replace the permanent's own (212.1b).
    replaces_types: bool,
    /// "with power and toughness each equal to <amount>", read as the effect begins.
    pt_equal: Option<crate::filter::Amount>,
}

/// "becomes a <N/N> [<color> [and <color>]] <creature-types> [artifact] creature [with
/// <keyword> [and <keyword>]...]": the words that define a creature token, as a permanent's
/// new characteristics.
fn becomes(p: &mut Parser) -> Option<Body> {
    p.attempt(|p| {
        p.eat_one_of(&["becomes a", "becomes an"])?;
        // "becomes an artifact creature with power and toughness each equal to ...": the
        // numbers may come after the card type instead.
        let pt = p.attempt(|p| {
            let w = p.next_word()?;
            let (a, b) = w.split_once('/')?;
            let n = |x: &str| x.parse::<i32>().ok().filter(|n| (0..=1000).contains(n));
            Some((n(a)?, n(b)?))
        });
        let colors = phrase::colors(p);
        let mut subtypes = Vec::new();
        while let Some(t) = p.attempt(|p| {
            let w = p.next_word()?;
            if !w.chars().next().is_some_and(char::is_uppercase) {
                return None;
            }
            crate::typeline::creature_type_named(&w)
        }) {
            subtypes.push(t.to_string());
        }
        let mut card_types = Vec::new();
        if p.eat("artifact") {
            card_types.push(CardType::Artifact);
        }
        p.eat("creature").then_some(())?;
        card_types.push(CardType::Creature);
        let pt_equal = match pt {
            Some(_) => None,
            None => {
                p.eat("with power and toughness each equal to")
                    .then_some(())?;
                Some(phrase::amount(p)?)
            }
        };
        let (power, toughness) = pt.unwrap_or((0, 0));
        let mut keywords = Vec::new();
        if p.eat("with") {
            keywords.extend(super::statics::keyword_abilities(p)?);
            while let Some(k) = p.attempt(|p| {
                let comma = p.eat(",");
                if !p.eat("and") && !comma {
                    return None;
                }
                super::statics::keyword_abilities(p)
            }) {
                keywords.extend(k);
            }
        }
        // "a 3/3 creature that's still a land" (the one-sentence form of "It's still a
        // land."): read by the check that the permanent keeps its types (212.1c).
        p.eat("that's still a land");
        Some(Body {
            power: pt_equal.is_none().then_some(power),
            toughness: pt_equal.is_none().then_some(toughness),
            colors,
            card_types,
            subtypes,
            keywords,
            replaces_types: false,
            pt_equal,
        })
    })
}

/// "becomes black", "becomes white and blue": the colors it has now (layer 5); "becomes a 0/1
/// Frog", "becomes a Human with base power and toughness 1/1", "becomes a blue Frog", "becomes
/// a 5/5", "becomes a Zombie in addition to its other types": no card type word, so the
/// permanent keeps its card types; the creature types named replace its own (212.1b) unless
/// "in addition to its other types" (212.1c), and the power and toughness are its new base
/// ones (layer 6b).
fn becomes_qualities(p: &mut Parser) -> Option<Body> {
    // "becomes an artifact in addition to its other types", "becomes a Vampire in addition to
    // its other types": card types and creature types added (212.1c). Colors added ("in
    // addition to its other colors and types") are not read here.
    if let Some(a) = p.attempt(|p| {
        p.eat("becomes").then_some(())?;
        let a = super::added_types::added(p)?;
        a.colors.is_empty().then_some(a)
    }) {
        return Some(Body {
            power: None,
            toughness: None,
            colors: Vec::new(),
            card_types: a.card_types,
            subtypes: a.subtypes,
            keywords: Vec::new(),
            replaces_types: false,
            pt_equal: None,
        });
    }
    p.attempt(|p| {
        p.eat("becomes").then_some(())?;
        let colors = phrase::colors;
        let pt = |p: &mut Parser| {
            p.attempt(|p| {
                let w = p.next_word()?;
                let (a, b) = w.split_once('/')?;
                let n = |x: &str| x.parse::<i32>().ok().filter(|n| (0..=1000).contains(n));
                Some((n(a)?, n(b)?))
            })
        };
        if !phrase::article(p) {
            let colors = colors(p);
            (!colors.is_empty()).then_some(())?;
            return Some(Body {
                power: None,
                toughness: None,
                colors,
                card_types: Vec::new(),
                subtypes: Vec::new(),
                keywords: Vec::new(),
                replaces_types: false,
                pt_equal: None,
            });
        }
        let mut base = pt(p);
        let colors = colors(p);
        let mut subtypes = Vec::new();
        while let Some(t) = p.attempt(|p| {
            let w = p.next_word()?;
            if !w.chars().next().is_some_and(char::is_uppercase) {
                return None;
            }
            crate::typeline::creature_type_named(&w)
        }) {
            subtypes.push(t.to_string());
        }
        let in_addition = p.eat("in addition to its other types");
        if base.is_none() && p.eat("with base power and toughness") {
            base = Some(pt(p)?);
        }
        // A card type word is `becomes`'s; a color alone needs no article.
        (base.is_some() || !subtypes.is_empty()).then_some(())?;
        (!(in_addition && subtypes.is_empty())).then_some(())?;
        Some(Body {
            power: base.map(|b| b.0),
            toughness: base.map(|b| b.1),
            colors,
            card_types: Vec::new(),
            replaces_types: !subtypes.is_empty() && !in_addition,
            subtypes,
            keywords: Vec::new(),
            pt_equal: None,
        })
    })
}

/// A power/toughness change in X: "+X/+X", "+X/+0", "-X/-X", "+0/+X" as multipliers of X
/// (each -1, 0 or 1), at least one X.
pub(super) fn x_change(p: &mut Parser) -> Option<(i32, i32)> {
    let w = p.next_word()?.replace('−', "-");
    let (a, b) = w.split_once('/')?;
    let one = |x: &str| match x {
        "+X" => Some(1),
        "-X" => Some(-1),
        "+0" | "-0" => Some(0),
        _ => None,
    };
    let (a, b) = (one(a)?, one(b)?);
    (a != 0 || b != 0).then_some((a, b))
}

/// "a graveyard", "an opponent's graveyard", "your graveyard": the graveyards a target card
/// may be in (409.1c).
fn graveyards_named(p: &mut Parser) -> Option<crate::ability::Graveyards> {
    use crate::ability::Graveyards;
    Some(
        match p.eat_one_of(&[
            "a graveyard",
            "an opponent's graveyard",
            "your graveyard",
            "that player's graveyard",
            "defending player's graveyard",
        ])? {
            0 => Graveyards::Any,
            1 => Graveyards::Opponents,
            2 => Graveyards::Yours,
            // The player the trigger names (bound as it triggers), or the creature's defending
            // player (306.2).
            3 => Graveyards::Of(PlayerRef::TriggeringPlayer),
            _ => Graveyards::Of(PlayerRef::DefendingPlayer),
        },
    )
}

/// Where a target card from a graveyard goes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum CardTo {
    Hand,
    Play,
    PlayYours,
}

/// The card a target card instruction names: "creature card", "card", "Zombie card with power
/// 2 or less" ([`phrase::card_description`]), or a description of permanents before "card"
/// ("nonlegendary creature card").
fn target_card_description(p: &mut Parser) -> Option<Filter> {
    if let Some(f) = p.attempt(phrase::card_description) {
        return Some(f);
    }
    p.attempt(|p| {
        let filter = phrase::filter(p)?;
        p.eat("card").then_some(filter)
    })
}

/// ", where X is <amount>" after an instruction with X (current 107.3c; 2009 cards print
/// the same words): every X in it is that amount, read as the instruction is carried out.
/// "its" and "that creature's" are joined to the object meant by `object_amounts`.
pub(super) fn where_x(p: &mut Parser) -> Option<crate::filter::Amount> {
    p.attempt(|p| {
        p.eat(",");
        p.eat("where X is").then_some(())?;
        phrase::amount(p)
    })
}

fn part(p: &mut Parser) -> Option<(&'static str, Part)> {
    p.attempt(|p| {
        // "~ gets +2/+0 until end of turn and deals 1 damage to you" (Electric Eel).
        if p.eat("deals") {
            let (amount, to, back) = super::player_actions::damage_to(p, |p| {
                if p.eat("you") {
                    return Some((Subject::You, false));
                }
                target(p)
            })?;
            if back {
                return None;
            }
            return Some(("effect-damage", Part::Deals(amount, to)));
        }
        // Plural subjects ("creatures you control get") take the plural verb.
        if p.eat_one_of(&["gets", "get"]).is_some() {
            // "+X/+0", "-X/-X": that many times +1 or -1, X read as the instruction is carried
            // out (409.1b's X, or the amount "where X is" names).
            if let Some((a, b)) = p.attempt(x_change) {
                return Some(("effect-gets", Part::GetsFor(a, b, crate::filter::Amount::X)));
            }
            let (a, b) = pt_change(p)?;
            return Some(("effect-gets", Part::Gets(a, b)));
        }
        // "gains your choice of vigilance, lifelink, or haste": two keywords or more, the
        // last after "or".
        if let Some((lose, options)) = p.attempt(|p| {
            let lose = p.eat_one_of(&[
                "gains your choice of",
                "gain your choice of",
                "loses your choice of",
                "lose your choice of",
            ])? >= 2;
            let mut options = super::statics::keyword_abilities(p)?;
            let mut or = false;
            while !or
                && let Some(more) = p.attempt(|p| {
                    let comma = p.eat(",");
                    or = p.eat("or");
                    (comma || or).then_some(())?;
                    super::statics::keyword_abilities(p)
                })
            {
                options.extend(more);
            }
            (or && options.len() >= 2).then_some((lose, options))
        }) {
            return Some(("effect-chosen-keyword", Part::ChosenKeyword(lose, options)));
        }
        if let Some(i) = p.eat_one_of(&[
            "gains protection from the color of your choice",
            "gain protection from the color of your choice",
            "gains protection from the color of its controller's choice",
            "gain protection from the color of their controller's choice",
        ]) {
            return Some((
                "effect-chosen-protection",
                Part::GainsChosenProtection(i >= 2),
            ));
        }
        if p.eat_one_of(&["gains", "gain"]).is_some() {
            // Keywords and quoted abilities, in any order: "gains trample, wither, and
            // \"When this creature attacks, ...\"".
            let mut ks = Vec::new();
            let mut quoted = Vec::new();
            let mut names_card = false;
            let mut item = |p: &mut Parser| -> Option<()> {
                if let Some(k) = super::statics::keyword_abilities(p) {
                    ks.extend(k);
                    return Some(());
                }
                let (abilities, names) = super::quoted::quoted_abilities(p)?;
                quoted.extend(abilities);
                names_card |= names;
                Some(())
            };
            item(p)?;
            while p
                .attempt(|p| {
                    let comma = p.eat(",");
                    if !p.eat("and") && !comma {
                        return None;
                    }
                    item(p)
                })
                .is_some()
            {}
            if quoted.is_empty() {
                return Some(("effect-gains", Part::Gains(ks)));
            }
            return Some((
                "effect-gains-ability",
                Part::GainsAbilities(ks, quoted, names_card),
            ));
        }
        if p.eat_one_of(&["loses all abilities", "lose all abilities"])
            .is_some()
        {
            return Some(("effect-loses-all-abilities", Part::LosesAll));
        }
        if p.eat_one_of(&["loses", "lose"]).is_some() {
            return Some(("effect-loses", Part::Loses(keyword_ability(p)?)));
        }
        // "attacks you this turn if able" (Alluring Siren): a requirement to attack the
        // controller of the ability, fixed as the effect begins.
        if let Some(d) = p.attempt(|p| {
            p.eat_one_of(&["attacks you", "attack you"])?;
            let d = duration(p)?;
            p.eat("if able").then_some(d)
        }) {
            return Some((
                "effect-rules",
                Part::RulesFor(
                    vec![crate::ability::CombatRule::AttacksDefender {
                        defender: crate::ability::Defender::You,
                    }],
                    d,
                ),
            ));
        }
        // "attacks ~ during its controller's next turn if able" (Gideon, Battle-Forged), "attack
        // ~ if able" after "During target opponent's next turn,": a requirement to attack the
        // planeswalker with the ability, fixed as the effect begins.
        if let Some(d) = p.attempt(|p| {
            p.eat_one_of(&["attacks ~", "attack ~"])?;
            let d = p.attempt(duration);
            p.eat("if able").then_some(d)
        }) {
            let rules = vec![crate::ability::CombatRule::AttacksDefender {
                defender: crate::ability::Defender::This,
            }];
            return Some((
                "effect-rules",
                match d {
                    Some(d) => Part::RulesFor(rules, d),
                    None => Part::Rules(rules),
                },
            ));
        }
        // "can attack this turn as though it didn't have defender" (502.41b): the permission
        // with its duration inside it.
        if let Some(d) = p.attempt(|p| {
            p.eat("can attack").then_some(())?;
            let d = duration(p)?;
            p.eat_one_of(&[
                "as though it didn't have defender",
                "as though they didn't have defender",
            ])?;
            Some(d)
        }) {
            return Some((
                "effect-rules",
                Part::RulesFor(vec![crate::ability::CombatRule::AttacksDespiteDefender], d),
            ));
        }
        // "attacks this turn if able": the static predicate with a duration inside it;
        // "attacks or blocks this turn if able": both requirements (attacking on its
        // controller's turn, blocking on another's: 500.1 asks each only where it can apply).
        if let Some(r) = p.attempt(|p| {
            let rules = if p
                .eat_one_of(&["attacks or blocks", "attack or block"])
                .is_some()
            {
                vec![
                    crate::ability::CombatRule::AttacksEachTurn,
                    crate::ability::CombatRule::BlocksEachTurn,
                ]
            } else {
                let i = p.eat_one_of(&["attacks", "blocks", "attack", "block"])?;
                vec![if i % 2 == 0 {
                    crate::ability::CombatRule::AttacksEachTurn
                } else {
                    crate::ability::CombatRule::BlocksEachTurn
                }]
            };
            let d = duration(p)?;
            p.eat("if able").then_some(())?;
            Some((rules, d))
        }) {
            // "attacks this combat if able" lasts until end of combat, not the turn.
            return Some(("effect-rules", Part::RulesFor(r.0, r.1)));
        }
        if let Some(()) = p.attempt(|p| {
            p.eat("all creatures able to block it").then_some(())?;
            p.attempt(duration);
            p.eat("do so").then_some(())
        }) {
            return Some((
                "effect-lure",
                Part::Rules(vec![crate::ability::CombatRule::LureRequirement]),
            ));
        }
        if let Some(r) = p.attempt(|p| {
            p.eat("must be blocked").then_some(())?;
            duration(p)?;
            p.eat("if able").then_some(())
        }) {
            let () = r;
            return Some((
                "effect-rules",
                Part::Rules(vec![crate::ability::CombatRule::MustBeBlocked]),
            ));
        }
        // "can't be blocked this turn except by Walls": the duration inside the predicate.
        if let Some((d, n)) = p.attempt(|p| {
            p.eat("can't be blocked").then_some(())?;
            let d = duration(p)?;
            p.eat("except by").then_some(())?;
            let n = phrase::number(p)?;
            p.eat("or more creatures").then_some(())?;
            (n >= 2).then_some((d, n))
        }) {
            return Some((
                "effect-rules",
                Part::RulesFor(vec![crate::ability::CombatRule::MinBlockers { min: n }], d),
            ));
        }
        if let Some((d, f)) = p.attempt(|p| {
            p.eat("can't be blocked").then_some(())?;
            let d = duration(p)?;
            p.eat("except by").then_some(())?;
            Some((d, phrase::creature_filter(p)?))
        }) {
            let creature = Filter::Type(CardType::Creature);
            return Some((
                "effect-rules",
                Part::RulesFor(
                    vec![crate::ability::CombatRule::CantBeBlockedBy {
                        filter: creature.and(f.negated()),
                    }],
                    d,
                ),
            ));
        }
        // "assigns no combat damage this turn" (Carrion Rats, 310.2a).
        if let Some(d) = p.attempt(|p| {
            p.eat_one_of(&["assigns no combat damage", "assign no combat damage"])?;
            duration(p)
        }) {
            return Some((
                "effect-assigns-no-combat-damage",
                Part::RulesFor(vec![crate::ability::CombatRule::AssignsNoCombatDamage], d),
            ));
        }
        if let Some(body) = becomes(p) {
            return Some(("effect-becomes", Part::Becomes(body)));
        }
        if let Some(body) = becomes_qualities(p) {
            return Some(("effect-becomes-qualities", Part::Becomes(body)));
        }
        if let Some(i) = p.eat_one_of(&[
            "becomes the color of your choice",
            "becomes the creature type of your choice",
        ]) {
            return Some(("effect-becomes-chosen", Part::BecomesChosen(i == 1)));
        }
        // "has base power and toughness 3/3" (Riverfall Mimic): the power and toughness set
        // in layer 6b (418.5a), with no type, color or ability added; effects that set them
        // apply in timestamp order with "gets +N/+N" (418.5b).
        if let Some((power, toughness)) = p.attempt(|p| {
            p.eat_one_of(&[
                "has base power and toughness",
                "have base power and toughness",
            ])?;
            let w = p.next_word()?;
            let (a, b) = w.split_once('/')?;
            let n = |x: &str| x.parse::<i32>().ok().filter(|n| (0..=1000).contains(n));
            Some((n(a)?, n(b)?))
        }) {
            return Some((
                "effect-base-pt",
                Part::Becomes(Body {
                    power: Some(power),
                    toughness: Some(toughness),
                    colors: Vec::new(),
                    card_types: Vec::new(),
                    subtypes: Vec::new(),
                    keywords: Vec::new(),
                    replaces_types: false,
                    pt_equal: None,
                }),
            ));
        }
        if p.eat_one_of(&[
            "its activated abilities can't be activated",
            "its activated abilities can't be played",
        ])
        .is_some()
        {
            return Some(("effect-cant-activate", Part::CantActivate));
        }
        let (_, rules) = predicate(p)?;
        Some(("effect-rules", Part::Rules(rules)))
    })
}

/// "you may have target creature block ~ this turn if able" (Giant Ambush Beetle), after "you
/// may": the requirement of [`instruction`]'s "<target> blocks ~ <duration> if able", which its
/// controller chooses to impose as the ability resolves (410.5).
fn have_block(p: &mut Parser) -> Option<Instruction> {
    p.eat("have").then_some(())?;
    let (what, refers_back) = target(p)?;
    p.eat("block").then_some(())?;
    let source_as_it = p.eat_one_of(&["~", "it"])? == 1;
    let duration = duration(p)?;
    p.eat("if able").then_some(())?;
    Some(Instruction {
        forms: vec!["effect-blocks-source"],
        effects: vec![Effect::GainRules {
            what,
            rules: vec![crate::ability::CombatRule::BlocksCreature {
                filter: Filter::This,
            }],
            duration,
        }],
        refers_back,
        source_as_it,
        that_player: false,
        it_deals: false,
    })
}

/// One instruction, or several joined by ", then", "and" or ", and" ("Draw a card, then
/// discard a card.", "tap that creature and it doesn't untap during its controller's next
/// untap step", "put a +1/+1 counter on target creature, and that creature gains flying until
/// end of turn"): followed in order as the spell or ability resolves (413.1), each as it would
/// be alone.
pub(super) fn instruction(p: &mut Parser) -> Option<Instruction> {
    let start = p.clone();
    let mut first = counted_instruction(p)?;
    loop {
        let before = p.clone();
        let Some(next) = p.attempt(|p| {
            p.eat(",");
            if !p.eat("and") {
                p.eat("then").then_some(())?;
            }
            // "that player discards a card and you create a tapped 2/2 black Zombie creature
            // token": "you" doing what an imperative says is the controller's own instruction.
            p.attempt(counted_instruction)
                .or_else(|| {
                    p.attempt(|p| {
                        p.eat("you").then_some(())?;
                        counted_instruction(p)
                    })
                })
                .or_else(|| object_again(p, &first))
        }) else {
            break;
        };
        // Whether the part names earlier objects in the plural ("them", "they").
        let plural = says_between(before, p, &["them", "they"]);
        // "Untap target creature and gain control of it": "it" names the creature an earlier
        // part of the same sentence targets (409.1c), one target for both.
        let mut next = next;
        that_many_discarded(&first.effects, &mut next.effects);
        if next.refers_back
            && let Some(kind) = crate::ability::targets_of(first.effects.iter())
                .into_iter()
                .rev()
                .find(crate::ability::TargetKind::is_creature)
        {
            let subject = kind.subject();
            for e in &mut next.effects {
                e.replace_subject(&Subject::TargetCreature, &subject);
            }
            next.refers_back = false;
        } else if next.refers_back
            && plural
            && let Some(filter) = first.effects.last().and_then(super::those::same_after)
        {
            // "Untap all creatures and gain control of them": "them" is the permanents the
            // description before names, read again as this part is carried out, when the
            // part before can't have changed which permanents it fits.
            let those = Subject::Those(filter.clone());
            for e in &mut next.effects {
                e.replace_subject(&Subject::TargetCreature, &those);
            }
            next.refers_back = false;
        }
        first.forms.extend(next.forms);
        first.effects.extend(next.effects);
        first.refers_back |= next.refers_back;
        first.source_as_it |= next.source_as_it;
        first.it_deals |= next.it_deals;
        first.that_player |= next.that_player;
    }
    // "it gains trample until end of turn if its power is 10 or greater", "you gain 2 life if
    // you control an Island": followed only if the condition holds as the instruction is
    // carried out (413.1), like a leading "If <condition>,". Not with targets, which are
    // chosen before anything is checked.
    // "It" is no target of its own here (the trigger's object, or an earlier sentence's
    // target); the word "target" is.
    let names_target = says_between(start, p, &["target"]);
    if let Some(condition) = p.attempt(|p| {
        p.eat("if").then_some(())?;
        let c = phrase::condition(p)?;
        (p.at_sentence_end() && !names_target).then_some(c)
    }) {
        let effects = std::mem::take(&mut first.effects);
        first.effects = vec![Effect::If { condition, effects }];
        first.forms.push("effect-if");
    }
    if let Some(x) = where_x(p) {
        first.effects = crate::ability::replace_x(&first.effects, &x);
        first.forms.push("effect-where-x");
    }
    Some(first)
}

/// Whether any of `words` is a word read between the parser `from` and where `to` stands.
fn says_between(mut from: Parser, to: &Parser, words: &[&str]) -> bool {
    let mut found = false;
    while from.pos() < to.pos() {
        found |= from
            .next_word()
            .is_some_and(|w| words.iter().any(|x| w.eq_ignore_ascii_case(x)));
    }
    found
}

/// "destroy target creature and target land": the verb of the instruction before said once
/// for another object (409.1c), the same instruction carried out on it. Only verbs whose
/// object ends the instruction; the object must end it too.
fn object_again(p: &mut Parser, before: &Instruction) -> Option<Instruction> {
    p.attempt(|p| {
        let last = before.effects.last()?;
        let old = match last {
            Effect::Destroy { what, .. }
            | Effect::Tap { what }
            | Effect::Untap { what }
            | Effect::TapOrUntap { what }
            | Effect::RemoveFromGame { what } => what.clone(),
            _ => return None,
        };
        let (what, back) = target(p)?;
        // "tap target creature and it doesn't untap ...": not an object.
        let ends = p.at_sentence_end()
            || p.peek().is_some_and(|w| {
                [",", "and", "then"]
                    .iter()
                    .any(|e| w.eq_ignore_ascii_case(e))
            });
        if !ends || what == old || what == Subject::This {
            return None;
        }
        if let (Some(a), Some(b)) = (old.target(), what.target())
            && a == b
        {
            return p.expected("a second object that isn't a target of the same kind as the first");
        }
        let mut e = last.clone();
        e.replace_subject(&old, &what);
        let mut i = Instruction::single("effect-objects-joined", e);
        i.refers_back = back;
        Some(i)
    })
}

/// "that player discards all the cards in his or her hand, then draws that many cards": after
/// one player's hand is discarded, "that many" in the next instruction is the cards discarded
/// (not the damage a "deals damage" trigger binds).
pub(super) fn that_many_discarded(before: &[Effect], next: &mut [Effect]) {
    let one_player = matches!(
        before.last(),
        Some(Effect::DiscardHand {
            who: Subject::You
                | Subject::TargetPlayer { .. }
                | Subject::Players(PlayerRef::DefendingPlayer | PlayerRef::TriggeringPlayer),
        })
    );
    if !one_player {
        return;
    }
    for e in next {
        if let Effect::DrawAmount { amount, .. } = e
            && *amount == crate::filter::Amount::ThatMuch
        {
            *amount = crate::filter::Amount::DiscardedThisWay;
        }
    }
}

/// [`counted_one`], and "unless you pay <mana>" after it.
fn counted_instruction(p: &mut Parser) -> Option<Instruction> {
    let mut i = counted_one(p)?;
    // "~ deals 8 damage to you unless you pay {G}{G}{G}{G}" (410.5: the controller chooses as
    // it resolves; the instruction is followed only if he or she doesn't pay).
    if let Some(cost) = p.attempt(|p| {
        p.eat("unless you pay").then_some(())?;
        let c = cost(p)?;
        (c.parts.is_empty() && !c.tap && c.mana.converted() > 0).then_some(c.mana)
    }) {
        i.forms.push("effect-unless-you-pay");
        let effects = std::mem::take(&mut i.effects);
        i.effects = vec![Effect::MayPay {
            cost,
            effects,
            unless: true,
        }];
    }
    Some(i)
}

/// One instruction, and "for each <counted>" after it ("create a 1/1 green Saproling creature
/// token for each +1/+1 counter on ~", "it deals 1 damage to target opponent for each creature
/// card in your graveyard", "draw a card for each +1/+1 counter on it"): the instruction's
/// number times the count, read as it is carried out.
fn counted_one(p: &mut Parser) -> Option<Instruction> {
    let mut i = one_instruction(p)?;
    if crate::ability::mentions_player_ref(&i.effects, PlayerRef::TriggeringPlayer) {
        i.that_player = true;
    }
    let Some(per) = p.attempt(|p| {
        p.eat("for each").then_some(())?;
        phrase::counted(p)
    }) else {
        return Some(i);
    };
    let scaled = match i.effects.as_slice() {
        [e] => times_each(e, per),
        _ => None,
    };
    let Some(e) = scaled else {
        return p.expected("an instruction with a number before \"for each\" (damage, life, cards, counters, tokens)");
    };
    i.effects = vec![e];
    i.forms.push("effect-for-each");
    Some(i)
}

/// The instruction with its number `n` made "n for each" of `per`; `None` for an instruction
/// without one number to multiply.
fn times_each(e: &Effect, per: crate::filter::Amount) -> Option<Effect> {
    use crate::filter::Amount;
    let times = |n: i64| Amount::Times(n, Box::new(per.clone()));
    Some(match e {
        Effect::DealDamage {
            amount: Amount::Number(n),
            to,
        } => Effect::DealDamage {
            amount: times(*n),
            to: to.clone(),
        },
        Effect::DealDamageBy {
            by,
            amount: Amount::Number(n),
            to,
        } => Effect::DealDamageBy {
            by: by.clone(),
            amount: times(*n),
            to: to.clone(),
        },
        Effect::CreateTokens { token, count } => Effect::CreateTokensAmount {
            token: token.clone(),
            amount: times(i64::from(*count)),
        },
        Effect::Draw { who, count } => Effect::DrawAmount {
            who: who.clone(),
            amount: times(i64::from(*count)),
        },
        Effect::GainLife { amount } => Effect::GainLifeAmount {
            who: Subject::You,
            amount: times(i64::from(*amount)),
        },
        Effect::LoseLife { who, amount } => Effect::LoseLifeAmount {
            who: who.clone(),
            amount: times(i64::from(*amount)),
        },
        Effect::Discard {
            who,
            count,
            random: false,
        } => Effect::DiscardAmount {
            who: who.clone(),
            amount: times(i64::from(*count)),
        },
        Effect::PutCounters {
            what,
            counter,
            count,
        } => Effect::PutCountersAmount {
            what: what.clone(),
            counter: counter.clone(),
            amount: times(i64::from(*count)),
        },
        // "Add {G} for each +1/+1 counter on ~" (406.1).
        Effect::AddMana { color } => Effect::AddManaAmount {
            mana: Some(*color),
            amount: times(1),
        },
        Effect::AddColorless => Effect::AddManaAmount {
            mana: None,
            amount: times(1),
        },
        Effect::May { effects } => match effects.as_slice() {
            [one] => Effect::May {
                effects: vec![times_each(one, per)?],
            },
            _ => return None,
        },
        _ => return None,
    })
}

fn one_instruction(p: &mut Parser) -> Option<Instruction> {
    if let Some(i) = super::search::search(p).or_else(|| super::search::shuffle(p)) {
        return Some(i);
    }
    // "After this main phase, there is an additional combat phase followed by an additional
    // main phase." (300.7)
    if let Some((after_main, then_main)) = p.attempt(|p| {
        p.eat("after this").then_some(())?;
        let after_main = p.eat("main");
        p.eat("phase ,").then_some(())?;
        p.eat_one_of(&["there is", "there's"])?;
        p.eat("an additional combat phase").then_some(())?;
        let then_main = p.eat("followed by an additional main phase");
        Some((after_main, then_main))
    }) {
        return Some(Instruction::single(
            "effect-additional-combat",
            Effect::AdditionalCombat {
                then_main,
                after_main,
            },
        ));
    }
    // "Switch target creature's power and toughness until end of turn." (418.5a layer 6e)
    if let Some((what, back, duration)) = p.attempt(|p| {
        p.eat("switch").then_some(())?;
        let (what, back) = match p.eat_one_of(&["~'s", "its", "target creature's"])? {
            0 => (Subject::This, false),
            1 => (Subject::TargetCreature, true),
            _ => (Subject::TargetCreature, false),
        };
        p.eat("power and toughness").then_some(())?;
        Some((what, back, duration(p)?))
    }) {
        return Some(Instruction {
            refers_back: back,
            ..Instruction::single("effect-switch-pt", Effect::SwitchPt { what, duration })
        });
    }
    // "Target unblocked attacking creature becomes blocked." (309.2f)
    if let Some(what) = p.attempt(|p| {
        let (what, false) = target(p)? else {
            return None;
        };
        p.eat("becomes blocked").then_some(())?;
        what.target()
            .is_some_and(|k| k.is_creature())
            .then_some(what)
    }) {
        return Some(Instruction::single(
            "effect-becomes-blocked",
            Effect::BecomesBlocked { what },
        ));
    }
    // "Target creature deals damage to itself equal to its power", "Target creature you
    // control deals damage equal to its power to target creature you don't control", "That
    // creature deals damage equal to its power to ~" (413.2f): the creature named is the
    // source. "Another target creature" as the recipient would be a second target of the
    // same description, which isn't read.
    if let Some((by, amount, to, back)) = p.attempt(|p| {
        if p.peek().is_some_and(|w| w.eq_ignore_ascii_case("it")) {
            return None;
        }
        let (by, back) = target(p)?;
        if !by.target().is_some_and(|k| k.is_creature()) {
            return None;
        }
        p.eat("deals").then_some(())?;
        let (amount, to, to_back) = super::player_actions::damage_to(p, |p| {
            if p.eat("itself") {
                return Some((by.clone(), false));
            }
            if p.eat("~") {
                return Some((Subject::This, false));
            }
            if p.peek().is_some_and(|w| w.eq_ignore_ascii_case("another")) {
                return None;
            }
            target(p)
        })?;
        let distinct = to == by || to.target().is_none() || to.target() != by.target();
        distinct.then_some((by, amount, to, back || to_back))
    }) {
        return Some(Instruction {
            refers_back: back,
            ..Instruction::single("effect-damage-by", Effect::DealDamageBy { by, amount, to })
        });
    }
    // "Target creature you control fights target creature you don't control." (current
    // 701.14): two different creatures, each named once. "It fights ..." (after "you may
    // have", "it fight") is the object with the ability, like "it deals".
    let it_fights = p.peek().is_some_and(|w| w.eq_ignore_ascii_case("it"));
    if let Some((what, other)) = p.attempt(|p| {
        let what = if p.eat("it") {
            Subject::This
        } else {
            let (what, false) = target(p)? else {
                return None;
            };
            what
        };
        p.eat("fights").then_some(())?;
        // "Target creature fights another target creature": "another" here is a second
        // target, not "other than ~"; not modelled.
        if what != Subject::This && p.peek().is_some_and(|w| w.eq_ignore_ascii_case("another")) {
            return None;
        }
        let (other, false) = target(p)? else {
            return None;
        };
        let creature = |s: &Subject| match s {
            Subject::This => true,
            s => s.target().is_some_and(|k| k.is_creature()),
        };
        let distinct = what.target().is_none() || what.target() != other.target();
        (creature(&what) && other.target().is_some() && creature(&other) && distinct)
            .then_some((what, other))
    }) {
        return Some(Instruction {
            it_deals: it_fights,
            ..Instruction::single("effect-fight", Effect::Fight { what, other })
        });
    }
    // "you may pay {E}": the instructions come with the next sentence's "If you do".
    if let Some(amount) = p.attempt(|p| {
        p.eat("you may pay").then_some(())?;
        energy_symbols(&p.next_word()?)
    }) {
        return Some(Instruction {
            forms: vec!["effect-may-pay-energy"],
            effects: vec![Effect::MayPayEnergy {
                amount,
                effects: Vec::new(),
            }],
            refers_back: false,
            source_as_it: false,
            that_player: false,
            it_deals: false,
        });
    }
    // "Pay {E}{E}." (current 107.14): ignored if it can't be paid (103.3); "If you can't"
    // after it says what happens then.
    if let Some(amount) = p.attempt(|p| {
        p.eat("pay").then_some(())?;
        energy_symbols(&p.next_word()?)
    }) {
        return Some(Instruction::single(
            "effect-pay-energy",
            Effect::IfCant {
                action: crate::ability::Attempt::PayEnergy { amount },
                effects: Vec::new(),
            },
        ));
    }
    // "you get {E}{E}", "you get an amount of {E} equal to <amount>" (current 122.1).
    if let Some(amount) = p.attempt(|p| {
        p.eat("you get").then_some(())?;
        energy_gained(p)
    }) {
        return Some(Instruction {
            forms: vec!["effect-get-energy"],
            effects: vec![Effect::GetEnergy { amount }],
            refers_back: false,
            source_as_it: false,
            that_player: false,
            it_deals: false,
        });
    }
    // "you may draw a card", "you may tap target creature": chosen as it resolves (410.5).
    if let Some(i) = p.attempt(|p| {
        p.eat("you may").then_some(())?;
        // "you may pay {R}": the instructions come with the next sentence's "If you do".
        if let Some(cost) = p.attempt(|p| {
            p.eat("pay").then_some(())?;
            let c = cost(p)?;
            // "you may pay {X}": X is chosen as it is paid (2009 glossary "X").
            let x = c.mana.has_x();
            (c.parts.is_empty() && !c.tap && (c.mana.converted() > 0 || x)).then_some(c.mana)
        }) {
            return Some(Instruction {
                forms: vec!["effect-may-pay"],
                effects: vec![Effect::MayPay {
                    cost,
                    effects: Vec::new(),
                    unless: false,
                }],
                refers_back: false,
                source_as_it: false,
                that_player: false,
                it_deals: false,
            });
        }
        let inner = p
            .attempt(have_block)
            .or_else(|| {
                // "you may have ~ deal 3 damage to target creature", "you may have target
                // creature get +2/+0 until end of turn": the instruction with its subject said
                // after "have", its verb bare.
                p.attempt(|p| {
                    p.eat("have").then_some(())?;
                    instruction(p)
                })
            })
            .or_else(|| {
                p.attempt(|p| {
                    // "you may gain 2 life", "you may gain life equal to its toughness": the
                    // subject is said once, before "may".
                    p.eat("gain").then_some(())?;
                    let gained = life_gained(p)?;
                    Some(Instruction {
                        forms: vec!["effect-life"],
                        effects: vec![gained],
                        refers_back: false,
                        source_as_it: false,
                        that_player: false,
                        it_deals: false,
                    })
                })
            })
            .or_else(|| instruction(p))?;
        if crate::ability::targets_of(&inner.effects).len() > 1 {
            return p.expected("an optional instruction with at most one target");
        }
        let mut forms = vec!["effect-may"];
        forms.extend(inner.forms);
        Some(Instruction {
            forms,
            effects: vec![Effect::May {
                effects: inner.effects,
            }],
            refers_back: inner.refers_back,
            source_as_it: inner.source_as_it,
            that_player: inner.that_player,
            it_deals: inner.it_deals,
        })
    }) {
        return Some(i);
    }
    // "All creatures able to block target creature this turn do so." (Lure for a while)
    if let Some((what, refers_back, duration)) = p.attempt(|p| {
        p.eat("all creatures able to block").then_some(())?;
        let (what, back) = target(p)?;
        let d = duration(p).unwrap_or(Duration::ThisTurn);
        p.eat("do so").then_some((what, back, d))
    }) {
        return Some(Instruction {
            forms: vec!["effect-lure"],
            effects: vec![Effect::GainRules {
                what,
                rules: vec![crate::ability::CombatRule::LureRequirement],
                duration,
            }],
            refers_back,
            source_as_it: false,
            that_player: false,
            it_deals: false,
        });
    }
    // "any player may exile a card from his or her graveyard" (Carrion Rats): the players
    // choose as it resolves; "If a player does, ..." is joined to it by the card compiler.
    if let Some((who, option)) = p.attempt(|p| {
        let who = match p.eat_one_of(&[
            "any player may",
            "each player may",
            "that player may",
            "defending player may",
        ])? {
            0 => crate::ability::Chooser::AnyPlayer,
            1 => crate::ability::Chooser::EachPlayer,
            2 => crate::ability::Chooser::ActivePlayer,
            _ => crate::ability::Chooser::DefendingPlayer,
        };
        // "defending player may draw a card", "... may pay {U}" (410.5).
        if p.eat("draw") {
            let count = card_count(p)?;
            (1..=100).contains(&count).then_some(())?;
            return Some((who, crate::ability::PlayerOption::Draw { count }));
        }
        if let Some(cost) = p.attempt(|p| {
            p.eat("pay").then_some(())?;
            let c = cost(p)?;
            (c.parts.is_empty() && !c.tap && c.mana.converted() > 0).then_some(c.mana)
        }) {
            return Some((who, crate::ability::PlayerOption::Pay { cost }));
        }
        if p.eat("exile") {
            let count = card_count(p)?;
            p.eat("from his or her graveyard").then_some(())?;
            (1..=100).contains(&count).then_some(())?;
            return Some((
                who,
                crate::ability::PlayerOption::ExileFromGraveyard { count },
            ));
        }
        p.eat("put").then_some(())?;
        let count = phrase::number(p)?;
        let counter = match p.eat_one_of(&["+1/+1", "-1/-1"])? {
            0 => crate::model::Counter::PlusOne,
            _ => crate::model::Counter::MinusOne,
        };
        p.eat_one_of(&["counters on", "counter on"])?;
        phrase::article(p).then_some(())?;
        let filter = phrase::creature_filter(p)?;
        p.eat("he or she controls").then_some(())?;
        (1..=100).contains(&count).then_some(())?;
        Some((
            who,
            crate::ability::PlayerOption::PutCounters {
                counter,
                count,
                filter,
            },
        ))
    }) {
        return Some(Instruction {
            forms: vec!["effect-players-may"],
            effects: vec![Effect::PlayersMay {
                who,
                option,
                effects: Vec::new(),
                if_not: false,
            }],
            refers_back: false,
            source_as_it: false,
            that_player: false,
            it_deals: false,
        });
    }
    // "Its controller may search his or her library for a basic land card, put that card onto
    // the battlefield tapped, then shuffle his or her library." (Path to Exile), "its
    // controller may create a 1/1 colorless Sliver creature token": a player other than the
    // controller chooses (413.2c) and carries the instructions out, "his or her" being his or
    // hers. Nothing in them is a target.
    if let Some((who, inner, that)) = p.attempt(|p| {
        let (who, that) = super::player_actions::players(p)?;
        if who == Subject::You {
            return None;
        }
        p.eat("may").then_some(())?;
        let saved = p.actor;
        p.actor = true;
        let inner = instruction(p);
        p.actor = saved;
        let inner = inner?;
        (!inner.refers_back
            && !inner.source_as_it
            && !inner.that_player
            && crate::ability::targets_of(&inner.effects).is_empty()
            && !inner.effects.iter().any(Effect::mentions_triggering))
        .then_some((who, inner, that))
    }) {
        let mut forms = vec!["effect-player-may"];
        forms.extend(inner.forms);
        return Some(Instruction {
            forms,
            effects: vec![Effect::PlayerMay {
                who,
                effects: inner.effects,
            }],
            refers_back: false,
            source_as_it: false,
            that_player: that,
            it_deals: false,
        });
    }
    // "If that creature would die this turn, exile it instead." (419.6; 2009: "would be put
    // into a graveyard this turn, remove it from the game instead"), "If a creature dealt
    // damage this way would die this turn, ...".
    if let Some((what, refers_back)) = p.attempt(|p| {
        p.eat("if").then_some(())?;
        let (what, back) = if p.eat("a creature dealt damage this way") {
            (Subject::DamagedThisWay, false)
        } else if p
            .eat_one_of(&["the creature", "that creature or planeswalker"])
            .is_some()
        {
            (Subject::TargetCreature, true)
        } else {
            target(p)?
        };
        matches!(
            what,
            Subject::TargetCreature | Subject::Target(_) | Subject::DamagedThisWay
        )
        .then_some(())?;
        p.eat_one_of(&[
            "would die this turn",
            "would be put into a graveyard this turn",
        ])?;
        p.eat(",").then_some(())?;
        p.eat_one_of(&["exile it instead", "remove it from the game instead"])?;
        Some((what, back))
    }) {
        return Some(Instruction {
            forms: vec!["effect-exile-if-dies"],
            effects: vec![Effect::ExileIfDies { what }],
            refers_back,
            source_as_it: false,
            that_player: false,
            it_deals: false,
        });
    }
    // "Target creature can't be regenerated this turn." (419.6b)
    if let Some((what, refers_back)) = p.attempt(|p| {
        let (what, back) = target(p)?;
        matches!(what, Subject::TargetCreature | Subject::Target(_)).then_some(())?;
        p.eat("can't be regenerated this turn")
            .then_some((what, back))
    }) {
        return Some(Instruction {
            forms: vec!["effect-cant-be-regenerated"],
            effects: vec![Effect::CantBeRegenerated { what }],
            refers_back,
            source_as_it: false,
            that_player: false,
            it_deals: false,
        });
    }
    // "That creature doesn't untap during its controller's next untap step." (302.2), "~
    // doesn't untap during your next untap step", "That land ...".
    if let Some((what, refers_back, yours)) = p.attempt(|p| {
        let (what, back) = target(p)?;
        matches!(
            what,
            Subject::This | Subject::TargetCreature | Subject::Target(_)
        )
        .then_some(())?;
        // "They don't untap during their controllers' next untap steps": each its own
        // controller's.
        p.eat_one_of(&["doesn't untap during", "don't untap during"])?;
        let yours = p.eat_one_of(&[
            "its controller's",
            "their controller's",
            "their controllers'",
            "your",
        ])? == 3;
        p.eat_one_of(&["next untap steps", "next untap step"])?;
        Some((what, back, yours))
    }) {
        return Some(Instruction {
            forms: vec!["effect-skip-next-untap-one"],
            effects: vec![Effect::SkipNextUntap { what, yours }],
            refers_back,
            source_as_it: false,
            that_player: false,
            it_deals: false,
        });
    }
    // "During that player's next untap step, creatures he or she controls don't untap." (302.2)
    if let Some(filter) = p.attempt(|p| {
        p.eat("during that player's next untap step")
            .then_some(())?;
        p.eat(",");
        let filter = phrase::creature_filter(p)?;
        p.eat_one_of(&["he or she controls", "that player controls", "they control"])?;
        p.eat_one_of(&["don't untap", "doesn't untap"])?;
        Some(filter)
    }) {
        return Some(Instruction {
            forms: vec!["effect-skip-next-untap"],
            effects: vec![Effect::SkipNextUntap {
                what: Subject::ThatPlayers {
                    filter,
                    other: false,
                },
                yours: false,
            }],
            refers_back: false,
            source_as_it: false,
            that_player: false,
            it_deals: false,
        });
    }
    // "each opponent can't block with more than one creature this combat" (Mirri,
    // Weatherlight Duelist): a rule on the whole declaration of each opponent's creatures.
    if let Some((block, max, duration)) = p.attempt(|p| {
        p.eat("each opponent can't").then_some(())?;
        let block = p.eat_one_of(&["block", "attack"])? == 0;
        p.eat("with more than").then_some(())?;
        let max = phrase::number(p)?;
        p.eat_one_of(&["creatures", "creature"])?;
        let d = duration(p)?;
        matches!(
            d,
            Duration::ThisTurn | Duration::UntilEndOfTurn | Duration::UntilEndOfCombat
        )
        .then_some((block, max, d))
    }) {
        let rule = if block {
            crate::ability::CombatRule::MaxBlockersTotal { max }
        } else {
            crate::ability::CombatRule::MaxAttackers { max }
        };
        return Some(Instruction {
            forms: vec!["effect-opponents-max-blockers"],
            effects: vec![Effect::GainRules {
                what: Subject::Each(
                    Filter::Type(CardType::Creature)
                        .and(Filter::ControlledBy(crate::filter::PlayerRef::Opponent)),
                ),
                rules: vec![rule],
                duration,
            }],
            refers_back: false,
            source_as_it: false,
            that_player: false,
            it_deals: false,
        });
    }
    // "Choose target non-Wall creature ...": only the target, for the sentences after it.
    if let Some(what) = p.attempt(|p| {
        p.eat("choose").then_some(())?;
        one_target(p).filter(|s| s.target().is_some())
    }) {
        return Some(Instruction {
            forms: vec!["effect-choose-target"],
            effects: vec![Effect::ChooseTarget { what }],
            refers_back: false,
            source_as_it: false,
            that_player: false,
            it_deals: false,
        });
    }
    // "Target opponent chooses a creature he or she controls." (413.2c)
    if let Some((who, filter)) = p.attempt(|p| {
        let (who, that) = players(p)?;
        (!that).then_some(())?;
        p.eat_one_of(&["chooses", "choose"])?;
        phrase::article(p).then_some(())?;
        let filter = phrase::creature_filter(p)?;
        p.eat("he or she controls").then_some((who, filter))
    }) {
        return Some(Instruction {
            forms: vec!["effect-player-chooses-creature"],
            effects: vec![Effect::ChooseCreature { who, filter }],
            refers_back: false,
            source_as_it: false,
            that_player: false,
            it_deals: false,
        });
    }
    let it_deals = says_it_deals(p);
    // One "deals" and several recipients, each dealt its damage in order as the instruction is
    // carried out: "~ deals 2 damage to target creature or player and 3 damage to you", "~
    // deals 3 damage to target creature and 2 damage to target player", "~ deals 1 damage to
    // each creature and each player" (a recipient after "and" with no amount of its own takes
    // the one before), "~ deals 3 damage to that creature and 3 damage to that creature's
    // controller".
    if let Some((effects, that_player, refers_back)) =
        p.attempt(super::player_actions::damage_clauses)
    {
        return Some(Instruction {
            forms: vec!["effect-damage"],
            effects,
            refers_back,
            source_as_it: false,
            that_player,
            it_deals,
        });
    }
    if let Some((form, effects, that_player)) = player_action(p) {
        return Some(Instruction {
            forms: vec![form],
            effects,
            refers_back: false,
            source_as_it: false,
            that_player,
            it_deals,
        });
    }
    // "At end of combat, sacrifice it and it deals 5 damage to you." (Time Elemental): a
    // delayed triggered ability (404.4) whose instructions come after the moment.
    if let Some(i) = p.attempt(delayed_lead) {
        return Some(i);
    }
    if let Some((form, effect, refers_back)) = action(p) {
        // "Sacrifice it at end of combat.": a delayed triggered ability (404.4).
        let delayed = p.peek().is_some_and(|w| w.eq_ignore_ascii_case("at"));
        let form = if delayed { "effect-delayed" } else { form };
        let effect = match delayed_moment(p) {
            Some(when) => Effect::Delayed {
                when,
                effects: vec![effect],
            },
            None => effect,
        };
        let mut effects = vec![effect];
        let mut forms = vec![form];
        // "remove ~ from combat and it can't block this turn" (Ydwen Efreet): "it" is ~.
        if matches!(
            effects[0],
            Effect::RemoveFromCombat {
                what: Subject::This,
                ..
            }
        ) && let Some((f, rules, duration)) = p.attempt(|p| {
            p.eat("and it").then_some(())?;
            let (f, part) = part(p)?;
            match (part, duration(p)) {
                (Part::RulesFor(r, d), _) | (Part::Rules(r), Some(d)) => Some((f, r, d)),
                _ => None,
            }
        }) {
            forms.push(f);
            effects.push(Effect::GainRules {
                what: Subject::This,
                rules,
                duration,
            });
        }
        // "~ deals 3 damage to you and attacks this turn if able." (Kookus): the object that
        // dealt the damage is the subject of the next predicate too.
        if matches!(effects[0], Effect::DealDamage { .. }) {
            if let Some((f, e)) = p.attempt(|p| {
                p.eat("and").then_some(())?;
                let (f, part) = part(p)?;
                let stated = duration(p);
                let (rules, duration) = match (part, stated) {
                    (Part::RulesFor(r, d), _) => (r, d),
                    (Part::Rules(r), Some(d)) => (r, d),
                    (Part::Rules(r), None)
                        if matches!(
                            r.as_slice(),
                            [crate::ability::CombatRule::AttacksEachTurn]
                                | [crate::ability::CombatRule::BlocksEachTurn]
                        ) =>
                    {
                        (r, Duration::ThisTurn)
                    }
                    _ => return None,
                };
                Some((
                    f,
                    Effect::GainRules {
                        what: Subject::This,
                        rules,
                        duration,
                    },
                ))
            }) {
                forms.push(f);
                effects.push(e);
            }
        }
        // "it" / "that creature" after a verb names the earlier target too.
        return Some(Instruction {
            forms,
            effects,
            refers_back,
            source_as_it: false,
            that_player: false,
            it_deals,
        });
    }
    // "During target opponent's next turn, creatures that player controls attack ~ if able."
    // (Gideon Jura): the player is the target, and the effect waits for his or her next turn.
    if let Some((opponent, filter)) = p.attempt(|p| {
        p.eat("during").then_some(())?;
        let opponent = p.eat_one_of(&["target player's", "target opponent's"])? == 1;
        p.eat("next turn ,").then_some(())?;
        let filter = phrase::creature_filter(p)?;
        p.eat("that player controls").then_some((opponent, filter))
    }) {
        let mut parts = Vec::new();
        loop {
            if !parts.is_empty() && !p.eat("and") {
                break;
            }
            let (form, part) = part(p)?;
            let rules = match part {
                Part::Rules(r) => r,
                _ => return p.expected("a rule about attacking or blocking"),
            };
            parts.push((form, rules));
        }
        let what = Subject::EachOfTargetPlayer { filter, opponent };
        return Some(Instruction {
            forms: parts.iter().map(|(f, _)| *f).collect(),
            effects: parts
                .into_iter()
                .map(|(_, rules)| Effect::GainRules {
                    what: what.clone(),
                    rules,
                    duration: Duration::DuringNextTurn,
                })
                .collect(),
            refers_back: false,
            source_as_it: false,
            that_player: false,
            it_deals: false,
        });
    }
    let lead = p.attempt(|p| {
        let d = duration(p)?;
        p.eat(",").then_some(d)
    });
    let (what, refers_back) = target(p)?;
    // "Target creature blocks target creature this turn if able", "Target creature attacks
    // target opponent this turn if able": a requirement naming a second target (409.1c).
    if let Some((blocks, toward, duration)) = p.attempt(|p| {
        let blocks = p.eat_one_of(&["blocks", "block", "attacks", "attack"])? < 2;
        let toward = if blocks {
            let t = one_target(p)?;
            t.target().is_some_and(|k| k.is_creature()).then_some(t)?
        } else {
            let opponent = p.eat_one_of(&["target player", "target opponent"])? == 1;
            Subject::TargetPlayer { opponent }
        };
        let d = duration(p)?;
        p.eat("if able").then_some((blocks, toward, d))
    }) {
        // Two instances of "target creature" are two targets: the second is named by its
        // description so the two are chosen apart (the same creature may be both, 409.1c).
        let toward = match toward {
            t if t.target().is_some() && t.target() == what.target() => match t {
                Subject::TargetCreature => Subject::Target(Filter::Type(CardType::Creature)),
                _ => return p.expected("a second target with another description"),
            },
            t => t,
        };
        return Some(Instruction {
            forms: vec!["effect-requirement-toward-target"],
            effects: vec![Effect::RequirementToward {
                what,
                toward,
                blocks,
                duration,
                distinct: false,
            }],
            refers_back,
            source_as_it: false,
            that_player: false,
            it_deals: false,
        });
    }
    // "Target creature blocks ~ this turn if able": a requirement to block one creature.
    // "... block that creature this turn if able" (Magnetic Web): after a trigger about
    // another creature, that creature (bound as the ability triggers; refused elsewhere).
    if let Some((source_as_it, blocked, duration)) = p.attempt(|p| {
        p.eat_one_of(&["blocks", "block"])?;
        let which = p.eat_one_of(&["~", "it", "that creature"])?;
        let d = duration(p)?;
        let blocked = if which == 2 {
            Filter::Triggering
        } else {
            Filter::This
        };
        p.eat("if able").then_some((which == 1, blocked, d))
    }) {
        return Some(Instruction {
            forms: vec!["effect-blocks-source"],
            effects: vec![Effect::GainRules {
                what,
                rules: vec![crate::ability::CombatRule::BlocksCreature { filter: blocked }],
                duration,
            }],
            refers_back,
            source_as_it,
            that_player: false,
            it_deals: false,
        });
    }
    // "It blocks each attacking creature this turn if able" (Blaze of Glory): a requirement
    // for each attacker it could block.
    if let Some(duration) = p.attempt(|p| {
        p.eat_one_of(&["blocks", "block"])?;
        p.eat("each attacking creature").then_some(())?;
        let d = duration(p)?;
        p.eat("if able").then_some(d)
    }) {
        return Some(Instruction {
            forms: vec!["effect-blocks-each-attacker"],
            effects: vec![Effect::GainRules {
                what,
                rules: vec![crate::ability::CombatRule::BlocksCreature {
                    filter: Filter::Attacking.and(Filter::Type(CardType::Creature)),
                }],
                duration,
            }],
            refers_back,
            source_as_it: false,
            that_player: false,
            it_deals: false,
        });
    }
    // Each part with the duration it states, if any; "attacks this turn if able" states its own.
    let mut parts: Vec<(&'static str, Part, Option<Duration>)> = Vec::new();
    // "Two target creatures each get +2/+2": "each" of several targets says nothing more.
    if matches!(what, Subject::Targets { .. }) {
        p.eat("each");
    }
    loop {
        // "and" joins another part only if one follows: "gets +1/+1 until end of turn and you
        // gain 1 life" leaves "and you gain 1 life" to the next instruction.
        let next = if parts.is_empty() {
            part(p)
        } else {
            p.attempt(|p| {
                let comma = p.eat(",");
                (p.eat("and") || comma).then_some(())?;
                part(p)
            })
        };
        let Some((form, part)) = next else {
            if parts.is_empty() {
                return None;
            }
            break;
        };
        let d = duration(p);
        // "gets +1/+1 until end of turn for each attacking creature": the count is read as
        // the instruction is carried out.
        let part = match part {
            Part::Gets(a, b) => match p.attempt(|p| {
                p.eat("for each").then_some(())?;
                let start = p.clone();
                let per = phrase::counted(p)?;
                // "for each attacking creature other than ~": ~ is named, so the count is
                // the same for every creature that gets it (unlike "each other").
                let mut q = start;
                let mut named = false;
                while q.pos() < p.pos() {
                    if q.eat("other than ~") {
                        named = true;
                    } else {
                        q.next_word();
                    }
                }
                Some((per, named))
            }) {
                Some((per, true)) => Part::GetsForNamed(a, b, per),
                Some((per, false)) => Part::GetsFor(a, b, per),
                None => Part::Gets(a, b),
            },
            other => other,
        };
        parts.push((form, part, d));
    }
    // A part without a duration lasts as the next stated one, or the leading one.
    let mut next = lead;
    for i in (0..parts.len()).rev() {
        match parts[i].2 {
            Some(d) => next = Some(d),
            None => parts[i].2 = next,
        }
    }
    let mut forms = Vec::new();
    let mut effects = Vec::new();
    for (form, part, d) in parts {
        let duration = match (d, &part) {
            (_, Part::RulesFor(_, d)) => *d,
            // Damage is dealt once; it has no duration.
            (_, Part::Deals(..)) => Duration::ThisTurn,
            (Some(d), _) => d,
            // "attacks this turn if able" carries its own; the others need one.
            (None, Part::Rules(r))
                if matches!(
                    r.as_slice(),
                    [crate::ability::CombatRule::AttacksEachTurn]
                        | [crate::ability::CombatRule::BlocksEachTurn]
                        | [crate::ability::CombatRule::MustBeBlocked]
                        | [crate::ability::CombatRule::LureRequirement]
                ) =>
            {
                Duration::ThisTurn
            }
            // 418.3a: an effect of a resolving spell or ability that states no duration
            // lasts until the end of the game ("Put a +2/+2 counter on target Chimera
            // creature. It gains first strike."); on an object, as long as it is in play
            // (217.1c). Only for abilities gained and what it becomes: a "gets +N/+N" or a
            // combat rule without a duration is, in real Oracle text, a static ability's wording
            // ("Enchanted creature gets +2/+2.", "~ can't block."), so there it stays refused.
            (None, Part::Gains(_) | Part::GainsAbilities(..) | Part::Becomes(_)) => {
                Duration::Indefinitely
            }
            (None, _) => return p.expected("a duration such as \"until end of turn\""),
        };
        forms.push(form);
        // "during its controller's next turn" only binds for rules given to one creature (a
        // target, ~, or the creature a trigger is about).
        if duration == Duration::DuringNextTurn
            && (!matches!(part, Part::Rules(_) | Part::RulesFor(..))
                || !matches!(
                    what,
                    Subject::This
                        | Subject::TargetCreature
                        | Subject::Target(_)
                        | Subject::Targets { .. }
                        | Subject::Each(Filter::Triggering)
                )
                || refers_back && what != Subject::TargetCreature)
        {
            return p.expected("a rule about attacking or blocking of one creature (\"during its controller's next turn\")");
        }
        match part {
            Part::Deals(amount, to) => {
                if what != Subject::This {
                    return p.expected("\"~\" as what deals the damage");
                }
                effects.push(Effect::DealDamage { amount, to });
            }
            Part::Gets(power, toughness) => effects.push(Effect::Pump {
                what: what.clone(),
                power,
                toughness,
                duration,
            }),
            // "Attacking creatures you control get +1/+0 ... for each other attacking
            // creature" (Run): "other" is each creature's own; the count is read once, about
            // the source, so only the source may be the subject then.
            // "it gets ... for each other attacking Goblin": settled once "it" is.
            Part::GetsFor(power, toughness, crate::filter::Amount::Count(f))
                if f.mentions_this() && refers_back && what == Subject::TargetCreature =>
            {
                forms.push(COUNTS_OTHERS);
                effects.push(Effect::PumpFor {
                    what: what.clone(),
                    power,
                    toughness,
                    times: crate::filter::Amount::Count(f),
                    duration,
                });
            }
            Part::GetsFor(_, _, crate::filter::Amount::Count(ref f))
                if f.mentions_this() && what != Subject::This =>
            {
                return p.expected(
                    "\"for each other ...\" about ~ itself (\"other\" about each of several creatures is not read)",
                );
            }
            Part::GetsFor(power, toughness, times)
            | Part::GetsForNamed(power, toughness, times) => effects.push(Effect::PumpFor {
                what: what.clone(),
                power,
                toughness,
                times,
                duration,
            }),
            Part::ChosenKeyword(lose, options) => effects.push(Effect::ChosenKeyword {
                what: what.clone(),
                options,
                lose,
                duration,
            }),
            Part::GainsChosenProtection(its_controller) => {
                effects.push(Effect::GainChosenProtection {
                    what: what.clone(),
                    duration,
                    its_controller,
                })
            }
            Part::BecomesChosen(creature_type) => {
                // One permanent, as for what it becomes otherwise.
                if !matches!(
                    what,
                    Subject::This | Subject::TargetCreature | Subject::Target(_)
                ) || duration != Duration::UntilEndOfTurn
                {
                    return p.expected(
                        "one permanent (\"~\" or \"target <description>\") and \"until end of turn\"",
                    );
                }
                effects.push(Effect::BecomeChosen {
                    what: what.clone(),
                    creature_type,
                    duration,
                })
            }
            Part::Gains(ks) => effects.extend(ks.into_iter().map(|keyword| Effect::GainKeyword {
                what: what.clone(),
                keyword,
                duration,
            })),
            Part::GainsAbilities(ks, abilities, names_card) => {
                // The card's name in the quotes names the card: right only when the card
                // gives the ability to itself ("it" in a trigger of ~ is ~, settled by
                // `triggered`; [`NAMES_CARD`] marks the instruction for that check).
                if names_card {
                    if what != Subject::This && !(refers_back && what == Subject::TargetCreature) {
                        return p.expected(
                            "a quoted ability that doesn't name the card (the card gives it to another permanent)",
                        );
                    }
                    forms.push(NAMES_CARD);
                }
                effects.extend(ks.into_iter().map(|keyword| Effect::GainKeyword {
                    what: what.clone(),
                    keyword,
                    duration,
                }));
                effects.push(Effect::GainAbilities {
                    what: what.clone(),
                    abilities,
                    duration,
                });
            }
            Part::Loses(keyword) => effects.push(Effect::LoseKeyword {
                what: what.clone(),
                keyword,
                duration,
            }),
            Part::LosesAll => effects.push(Effect::LoseAllAbilities {
                what: what.clone(),
                duration,
            }),
            Part::Rules(rules) | Part::RulesFor(rules, _) => effects.push(Effect::GainRules {
                what: what.clone(),
                rules,
                duration,
            }),
            Part::CantActivate => effects.push(Effect::CantActivate {
                what: what.clone(),
                duration,
            }),
            Part::Becomes(body) => {
                // One permanent: the layers apply the effect to the object it names.
                if !matches!(
                    what,
                    Subject::This | Subject::TargetCreature | Subject::Target(_)
                ) {
                    return p.expected(
                        "one permanent (\"~\" or \"target <description>\") to become a creature",
                    );
                }
                // With no duration stated the change lasts as long as the permanent does
                // (418.3a, 217.1c).
                if !matches!(duration, Duration::UntilEndOfTurn | Duration::Indefinitely) {
                    return p.expected("\"until end of turn\" or no duration (a permanent becomes something else until end of turn, or for as long as it is in play)");
                }
                effects.push(Effect::Animate {
                    what: what.clone(),
                    power: body.power,
                    toughness: body.toughness,
                    colors: body.colors,
                    card_types: body.card_types,
                    subtypes: body.subtypes,
                    keywords: body.keywords,
                    duration,
                    replaces_types: body.replaces_types,
                    pt_equal: body.pt_equal,
                })
            }
        }
    }
    Some(Instruction {
        forms,
        effects,
        refers_back,
        source_as_it: false,
        that_player: false,
        it_deals: false,
    })
}

/// The mana symbols of one word, `{G}` or `{C}{C}` (`None`: colorless); `None` if the word is
/// anything else (a generic `{2}` is a cost's symbol, not mana a source makes).
fn mana_word(w: &str) -> Option<Vec<Option<Color>>> {
    let mut out = Vec::new();
    let mut rest = w;
    while !rest.is_empty() {
        let inner = rest.strip_prefix('{')?;
        let (sym, after) = inner.split_once('}')?;
        let mut chars = sym.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return None;
        };
        out.push(match c {
            'C' => None,
            _ => Some(Color::from_symbol(c)?),
        });
        rest = after;
    }
    (!out.is_empty()).then_some(out)
}

/// What follows "add": "one mana of any color", mana symbols, or a choice of one colored
/// mana ("{B} or {R}", "{W}, {U}, or {B}").
fn added_mana(p: &mut Parser) -> Option<Effect> {
    // "an amount of {G} equal to ~'s power"
    if let Some(e) = p.attempt(|p| {
        p.eat("an amount of").then_some(())?;
        let [mana] = mana_word(p.peek()?)?[..] else {
            return None;
        };
        p.next_word();
        p.eat("equal to").then_some(())?;
        let amount = phrase::amount(p)?;
        Some(Effect::AddManaAmount { mana, amount })
    }) {
        return Some(e);
    }
    if p.eat("one mana of any color") {
        return Some(Effect::AddOneOf {
            colors: Color::ALL.to_vec(),
        });
    }
    let first = mana_word(p.peek()?)?;
    p.next_word();
    let mut options = vec![first];
    while let Some(m) = p.attempt(|p| {
        (p.eat(", or") || p.eat("or") || p.eat(",")).then_some(())?;
        let m = mana_word(p.peek()?)?;
        p.next_word();
        Some(m)
    }) {
        options.push(m);
    }
    if options.len() > 1 {
        let colors: Vec<Color> = options
            .iter()
            .map(|o| match o.as_slice() {
                [Some(c)] => Some(*c),
                _ => None,
            })
            .collect::<Option<_>>()?;
        return Some(Effect::AddOneOf { colors });
    }
    let mana = options.pop()?;
    Some(match mana.as_slice() {
        [Some(c)] => Effect::AddMana { color: *c },
        [None] => Effect::AddColorless,
        _ => Effect::AddManaList { mana },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ability::{CombatRule, Keyword};

    fn spell(text: &str) -> Instruction {
        spell_instruction(text).unwrap_or_else(|p| panic!("{text}: {}", p.error()))
    }

    #[test]
    fn token_entries_compose_with_counts_and_qualities() {
        let attacking_you =
            Subject::Target(Filter::Type(CardType::Creature).and(Filter::AttackingYou {
                planeswalkers: false,
            }));
        let counts = [("a", 1u32, false), ("two", 2, true), ("three", 3, true)];
        let qualities: [(&str, usize); 3] = [
            ("", 0),
            (" with flying", 1),
            (" with vigilance and haste", 2),
        ];
        for (count, n, plural) in counts {
            let (token, that) = if plural {
                ("tokens", "that are")
            } else {
                ("token", "that's")
            };
            let entries = [
                (String::new(), false, TokenEntry::Untapped),
                (String::new(), true, TokenEntry::Tapped),
                (
                    format!(" {that} attacking"),
                    false,
                    TokenEntry::Attacking { tapped: false },
                ),
                (
                    format!(" {that} tapped and attacking"),
                    false,
                    TokenEntry::Attacking { tapped: true },
                ),
                (
                    format!(" {that} blocking target creature attacking you"),
                    false,
                    TokenEntry::Blocking(attacking_you.clone()),
                ),
            ];
            for (with, keywords) in qualities {
                for (suffix, tapped, entry) in &entries {
                    let tapped = if *tapped { " tapped" } else { "" };
                    let text = format!(
                        "Create {count}{tapped} 1/1 white Soldier creature {token}{with}{suffix}."
                    );
                    let i = spell(&text);
                    let [Effect::CreateTokens { token: t, count: c }] = i.effects.as_slice() else {
                        panic!("{text}: {:?}", i.effects);
                    };
                    assert_eq!(
                        (*c, t.keywords.len(), &t.enters),
                        (n, keywords, entry),
                        "{text}"
                    );
                }
            }
        }
        // The 2009 wording: after "into play".
        let i = spell("Put a 1/1 white Soldier creature token into play tapped and attacking.");
        assert!(
            matches!(i.effects.as_slice(), [Effect::CreateTokens { token, .. }]
                if token.enters == TokenEntry::Attacking { tapped: true }),
            "{:?}",
            i.effects
        );
        // Refused: tapped twice over, and blocking a creature that needn't be attacking.
        for text in [
            "Create a tapped 1/1 white Soldier creature token that's attacking.",
            "Create a 1/1 white Soldier creature token that's blocking target creature.",
        ] {
            assert!(spell_instruction(text).is_err(), "{text}");
        }
    }

    #[test]
    fn a_source_of_your_choice_composes_with_colors_and_forms() {
        use crate::mana::Color;
        let colors = [
            ("", Filter::every()),
            (" red", Filter::Color(Color::Red)),
            (
                " black or red",
                Filter::Any(vec![Filter::Color(Color::Black), Filter::Color(Color::Red)]),
            ),
        ];
        for (words, filter) in colors {
            let source = format!("a{words} source of your choice");
            // "Prevent all damage ... would deal [to you] this turn": the one thing named.
            for to in ["", " to you"] {
                let text = format!("Prevent all damage {source} would deal{to} this turn.");
                let i = spell(&text);
                let [Effect::Prevent { what, .. }] = i.effects.as_slice() else {
                    panic!("{text}: {:?}", i.effects);
                };
                assert_eq!(what, &Some(Subject::ChosenSource(filter.clone())), "{text}");
            }
            // "The next time ... would deal damage to <you|target creature> this turn, ...".
            for (to, subject) in [
                ("you", Subject::You),
                ("target creature", Subject::TargetCreature),
            ] {
                let text = format!(
                    "The next time {source} would deal damage to {to} this turn, prevent that damage."
                );
                let i = spell(&text);
                assert_eq!(
                    i.effects,
                    vec![Effect::PreventNextFromChosen {
                        source: filter.clone(),
                        to: subject
                    }],
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn a_condition_ends_at_its_comma() {
        // A greedy description would read ", creatures" as a second alternative.
        let i = spell(
            "Ferocious — If you control a creature with power 4 or greater, creatures can't block this turn.",
        );
        let [Effect::If { condition, effects }] = i.effects.as_slice() else {
            panic!("{:?}", i.effects);
        };
        assert!(
            matches!(
                condition,
                crate::filter::Condition::Controls { count: 1, .. }
            ),
            "{condition:?}"
        );
        assert!(
            matches!(
                effects.as_slice(),
                [Effect::GainRules {
                    what: Subject::Each(_),
                    ..
                }]
            ),
            "{effects:?}"
        );
    }

    #[test]
    fn evasion_for_a_while_can_name_who_may_block() {
        let i =
            spell("Target creature can't be blocked this turn except by two or more creatures.");
        assert_eq!(
            i.effects,
            vec![Effect::GainRules {
                what: Subject::TargetCreature,
                rules: vec![CombatRule::MinBlockers { min: 2 }],
                duration: Duration::ThisTurn,
            }]
        );
        let i = spell("Target creature can't be blocked until end of turn except by Walls.");
        assert_eq!(
            i.effects,
            vec![Effect::GainRules {
                what: Subject::TargetCreature,
                rules: vec![CombatRule::CantBeBlockedBy {
                    filter: Filter::Type(CardType::Creature).and(
                        Filter::All(vec![
                            Filter::Type(CardType::Creature),
                            Filter::Subtype("Wall".into())
                        ])
                        .negated()
                    ),
                }],
                duration: Duration::UntilEndOfTurn,
            }]
        );
    }

    #[test]
    fn parts_share_the_next_duration() {
        let i = spell("Target creature gets +1/+0 and gains flying until end of turn.");
        assert_eq!(
            i.effects,
            vec![
                Effect::Pump {
                    what: Subject::TargetCreature,
                    power: 1,
                    toughness: 0,
                    duration: Duration::UntilEndOfTurn
                },
                Effect::GainKeyword {
                    what: Subject::TargetCreature,
                    keyword: Keyword::Flying,
                    duration: Duration::UntilEndOfTurn
                }
            ]
        );
    }

    #[test]
    fn combat_rules_for_a_while() {
        let i =
            spell("Target creature gets +1/+0 until end of turn and can't be blocked this turn.");
        assert!(
            matches!(&i.effects[1], Effect::GainRules { rules, duration: Duration::ThisTurn, .. } if *rules == vec![CombatRule::Unblockable])
        );
        let i = spell("Target creature attacks this turn if able.");
        assert!(
            matches!(&i.effects[0], Effect::GainRules { rules, .. } if *rules == vec![CombatRule::AttacksEachTurn])
        );
        let i = spell("Until end of turn, target creature gets +6/+6 and gains trample.");
        assert_eq!(i.effects.len(), 2);
    }

    #[test]
    fn activated_abilities_with_costs() {
        let (_, a) = activated("{2}{U}, {T}: ~ can't be blocked this turn.")
            .unwrap_or_else(|p| panic!("{}", p.error()));
        let Ability::Activated { cost, effects, .. } = a else {
            panic!()
        };
        assert!(cost.tap);
        assert_eq!(cost.mana.converted(), 3);
        assert!(matches!(
            &effects[0],
            Effect::GainRules {
                what: Subject::This,
                ..
            }
        ));
    }

    #[test]
    fn triggers_on_playing_a_spell_the_description_fits() {
        let trigger = |text: &str| match triggered(text) {
            Ok((_, Ability::Triggered { trigger, .. })) => trigger,
            Ok(a) => panic!("{text}: {a:?}"),
            Err(p) => panic!("{text}: {}", p.error()),
        };
        let of = |filter: Filter| Trigger::YouCastSpell { filter };
        assert_eq!(
            trigger("Whenever you cast a noncreature spell, ~ gets +1/+0 until end of turn."),
            of(Filter::Type(CardType::Creature).negated())
        );
        assert_eq!(
            trigger("Whenever you play a red spell, ~ gets +1/+0 until end of turn."),
            of(Filter::Color(crate::mana::Color::Red))
        );
        assert_eq!(
            trigger(
                "Whenever you cast an instant or sorcery spell, ~ gets +1/+0 until end of turn."
            ),
            of(Filter::Any(vec![
                Filter::Type(CardType::Instant),
                Filter::Type(CardType::Sorcery)
            ]))
        );
        assert_eq!(
            trigger("Whenever you cast a spell, ~ gets +1/+0 until end of turn."),
            of(Filter::every())
        );
    }

    #[test]
    fn tokens_in_both_wordings() {
        let tokens = |text: &str| match spell(text).effects.as_slice() {
            [Effect::CreateTokens { token, count }] => (token.clone(), *count),
            e => panic!("{text}: {e:?}"),
        };
        let (old, n) = tokens("Put two 1/1 white Soldier creature tokens into play.");
        let (new, m) = tokens("Create two 1/1 white Soldier creature tokens.");
        assert_eq!((&old, n), (&new, m));
        assert_eq!(n, 2);
        let (t, _) = tokens("Create a 1/1 colorless Thopter artifact creature token with flying.");
        assert!(t.colors.is_empty() && t.artifact, "{t:?}");
        assert_eq!(t.keywords, vec![Keyword::Flying]);
        let (t, _) = tokens("Create a 2/2 green Cat Warrior creature token with forestwalk.");
        assert_eq!(t.types(), vec!["Cat".to_string(), "Warrior".to_string()]);
        // Without a creature type a token has no name (216.1a).
        assert!(spell_instruction("Create a 1/1 white creature token.").is_err());
        assert!(spell_instruction("Create 1000 1/1 white Soldier creature tokens.").is_err());
    }

    #[test]
    fn costs_besides_mana_and_tap() {
        use crate::ability::CostPart;
        use crate::model::Counter;
        let cost_of = |text: &str| match activated(text) {
            Ok((_, Ability::Activated { cost, .. })) => cost,
            Ok(a) => panic!("{text}: {a:?}"),
            Err(p) => panic!("{text}: {}", p.error()),
        };
        let c = cost_of("{1}, {T}, Sacrifice ~: Target creature can't block this turn.");
        assert_eq!(
            (c.mana.converted(), c.tap, c.parts.clone()),
            (1, true, vec![CostPart::SacrificeThis])
        );
        let mine = Filter::ControlledBy(PlayerRef::You);
        let c =
            cost_of("{R}, Sacrifice two artifacts: ~ deals 1 damage to target creature or player.");
        assert_eq!(
            c.parts,
            vec![CostPart::Sacrifice {
                filter: Filter::Type(CardType::Artifact).and(mine.clone()),
                count: 2
            }]
        );
        let c = cost_of("Tap another untapped Merfolk you control: ~ can't be blocked this turn.");
        assert_eq!(
            c.parts,
            vec![CostPart::TapUntapped {
                filter: Filter::Tapped
                    .negated()
                    .and(Filter::This.negated())
                    .and(Filter::Subtype("Merfolk".into()))
                    .and(mine.clone()),
                count: 1
            }]
        );
        // "you control" is said once in the description and in its printed form.
        assert_eq!(c.to_string(), "tap another untapped Merfolk you control");
        let c = cost_of("{2}, Discard two cards, Pay 3 life: Draw a card.");
        assert_eq!(
            c.parts,
            vec![
                CostPart::Discard {
                    count: 2,
                    random: false
                },
                CostPart::PayLife { amount: 3 }
            ]
        );
        let c = cost_of("Remove two gem counters from ~: Untap target creature.");
        assert_eq!(
            c.parts,
            vec![CostPart::RemoveCounters {
                counter: Counter::Other("gem".into()),
                count: 2
            }]
        );
        let c = cost_of("{2}, Return a land you control to its owner's hand: Draw a card.");
        assert_eq!(
            c.parts,
            vec![CostPart::ReturnToHand {
                filter: Filter::Type(CardType::Land).and(mine),
                count: 1
            }]
        );
        // A part the grammar doesn't know is an error at that part.
        let e = activated("{1}, Tickle ~: Draw a card.").expect_err("refused");
        assert!(
            e.error()
                .contains("expected a cost such as {1}{G}, {T}, \"Sacrifice a creature\" or \"Discard a card\" after \"{1} ,\""),
            "{}",
            e.error()
        );
        let e = activated("{1}, Exile ~: Draw a card.").expect_err("refused");
        assert!(
            e.error()
                .contains("expected cards of your graveyard, such as \"a creature card from your graveyard\" after \"{1} , Exile\" (found \"~\")"),
            "{}",
            e.error()
        );
    }

    #[test]
    fn targets_with_descriptions_and_every_creature_a_description_fits() {
        use crate::filter::{Amount, Cmp};
        let i = spell("Target creature with power 2 or less can't be blocked this turn.");
        let Effect::GainRules {
            what: Subject::Target(f),
            ..
        } = &i.effects[0]
        else {
            panic!("{:?}", i.effects)
        };
        assert_eq!(
            *f,
            Filter::Type(CardType::Creature).and(Filter::Power(Cmp::AtMost, Amount::Number(2)))
        );
        // The kinds the engine always named keep their names.
        let i = spell("Target creature you control gets +1/+1 until end of turn.");
        assert!(matches!(
            &i.effects[0],
            Effect::Pump {
                what: Subject::TargetCreatureYouControl,
                ..
            }
        ));
        let i = spell("Destroy target artifact.");
        assert_eq!(
            i.effects,
            vec![Effect::Destroy {
                what: Subject::Target(Filter::Type(CardType::Artifact)),
                no_regeneration: false,
            }]
        );
        let i = spell("Creatures without flying can't block this turn.");
        assert!(matches!(
            &i.effects[0],
            Effect::GainRules { what: Subject::Each(f), rules, .. }
                if *rules == vec![CombatRule::CantBlock]
                    && *f == Filter::Type(CardType::Creature).and(Filter::Keyword(Keyword::Flying).negated())
        ));
        // Plural verbs with plural subjects.
        let i = spell("Creatures you control get +1/+1 and gain trample until end of turn.");
        assert_eq!(i.effects.len(), 2);
        assert!(matches!(
            &i.effects[1],
            Effect::GainKeyword {
                what: Subject::Each(_),
                ..
            }
        ));
        let i = spell(
            "X deals 1 damage to each creature without flying."
                .replace('X', "~")
                .as_str(),
        );
        assert!(matches!(
            &i.effects[0],
            Effect::DealDamage {
                amount: crate::filter::Amount::Number(1),
                to: Subject::Each(_)
            }
        ));
    }

    #[test]
    fn one_shot_actions() {
        assert_eq!(
            spell("Draw two cards.").effects,
            vec![Effect::Draw {
                who: Subject::You,
                count: 2
            }]
        );
        assert_eq!(
            spell("You gain 4 life.").effects,
            vec![Effect::GainLife { amount: 4 }]
        );
        assert_eq!(
            spell("Put two +1/+1 counters on target creature.").effects,
            vec![Effect::PutCounters {
                what: Subject::TargetCreature,
                counter: crate::model::Counter::PlusOne,
                count: 2
            }]
        );
        assert!(spell("Untap that creature.").refers_back);
        assert!(!spell("Untap target creature.").refers_back);
    }

    /// "Exile" is the current word for 2009's "remove from the game"; both read the same.
    /// A spell exiling itself isn't modelled, so "~" is refused.
    #[test]
    fn exile_in_both_editions() {
        let exile = vec![Effect::RemoveFromGame {
            what: Subject::TargetCreature,
        }];
        assert_eq!(spell("Exile target creature.").effects, exile);
        assert_eq!(
            spell("Remove target creature from the game.").effects,
            exile
        );
        assert!(spell_instruction("Exile ~.").is_err());
        assert!(spell_instruction("Remove ~ from the game.").is_err());
    }

    /// A card in its controller's own graveyard, of a description, returned to the hand:
    /// nothing optional, unlike soulshift's "you may".
    #[test]
    fn return_a_card_from_your_graveyard() {
        assert_eq!(
            spell("Return target instant or sorcery card from your graveyard to your hand.")
                .effects,
            vec![Effect::ReturnCardToHand {
                what: Subject::TargetCardInYourGraveyard {
                    filter: Filter::Any(vec![
                        Filter::Type(CardType::Instant),
                        Filter::Type(CardType::Sorcery)
                    ]),
                    max_mana_value: None,
                    from: crate::ability::Graveyards::Yours,
                },
                may: false,
            }]
        );
        assert!(
            spell_instruction("Return target creature card from a graveyard to your hand.")
                .is_err()
        );
    }

    /// Added mana: symbols as written, a choice of colors (with or without the 2009 "to your
    /// mana pool"), any color; a choice between several mana at once isn't modelled.
    #[test]
    fn added_mana_in_both_editions() {
        use crate::mana::Color::*;
        let one = |t: &str| spell(t).effects;
        assert_eq!(
            one("Add {B}{B}{B} to your mana pool."),
            one("Add {B}{B}{B}.")
        );
        assert_eq!(
            one("Add {C}{C}."),
            vec![Effect::AddManaList {
                mana: vec![None, None]
            }]
        );
        assert_eq!(
            one("Add {B}{R}{G}."),
            vec![Effect::AddManaList {
                mana: vec![Some(Black), Some(Red), Some(Green)]
            }]
        );
        assert_eq!(one("Add {G}."), vec![Effect::AddMana { color: Green }]);
        assert_eq!(one("Add {C}."), vec![Effect::AddColorless]);
        assert_eq!(
            one("Add {R} or {G} to your mana pool."),
            vec![Effect::AddOneOf {
                colors: vec![Red, Green]
            }]
        );
        assert_eq!(
            one("Add {W}, {U}, or {B}."),
            vec![Effect::AddOneOf {
                colors: vec![White, Blue, Black]
            }]
        );
        assert_eq!(
            one("Add one mana of any color."),
            vec![Effect::AddOneOf {
                colors: crate::mana::Color::ALL.to_vec()
            }]
        );
        assert!(spell_instruction("Add {R}{R} or {G}{G}.").is_err());
        assert!(spell_instruction("Add {2}.").is_err());
    }

    #[test]
    fn scry_instructions() {
        assert_eq!(spell("Scry 2.").effects, vec![Effect::Scry { count: 2 }]);
        let (_, a) = triggered("When ~ enters the battlefield, scry 1.")
            .unwrap_or_else(|p| panic!("{}", p.error()));
        assert!(
            matches!(a, Ability::Triggered { effects, .. } if effects == vec![Effect::Scry { count: 1 }])
        );
        assert!(spell_instruction("Scry.").is_err());
    }

    #[test]
    fn becomes_blocked_instructions() {
        for text in [
            "Target attacking creature becomes blocked.",
            "Target unblocked attacking creature becomes blocked.",
        ] {
            let e = spell(text).effects;
            assert!(
                matches!(e.as_slice(), [Effect::BecomesBlocked { .. }]),
                "{text}: {e:?}"
            );
        }
        assert!(spell_instruction("Target player becomes blocked.").is_err());
    }

    /// "fights": ~ or a target creature, and another target creature of a different
    /// description; "another target creature" (a second target like the first) is refused.
    #[test]
    fn fight_instructions() {
        assert!(matches!(
            spell("Target creature you control fights target creature you don't control.")
                .effects
                .as_slice(),
            [Effect::Fight {
                what: Subject::TargetCreatureYouControl,
                ..
            }]
        ));
        assert!(spell_instruction("Target creature fights another target creature.").is_err());
        assert!(spell_instruction("Target creature fights target creature.").is_err());
        assert!(spell_instruction("Target creature fights target player.").is_err());
    }

    /// "As an additional cost to play ~" (2009) and "to cast this spell" (current) read the
    /// same; only permanents to sacrifice are such a cost here.
    #[test]
    fn additional_sacrifice_in_both_editions() {
        let a = additional_sacrifice("As an additional cost to play ~, sacrifice a creature.");
        assert_eq!(
            a,
            additional_sacrifice("As an additional cost to cast this spell, sacrifice a creature.")
        );
        assert_eq!(
            a,
            Some(Ability::AdditionalSacrifice {
                filter: Filter::All(vec![
                    Filter::Type(CardType::Creature),
                    Filter::ControlledBy(PlayerRef::You)
                ]),
                count: 1
            })
        );
        assert!(matches!(
            additional_sacrifice("As an additional cost to cast ~, sacrifice two lands."),
            Some(Ability::AdditionalSacrifice { count: 2, .. })
        ));
        assert_eq!(
            additional_sacrifice("As an additional cost to cast ~, discard a card."),
            None
        );
        assert_eq!(
            additional_sacrifice("As an additional cost to cast ~, sacrifice a creature. Draw."),
            None
        );
    }

    /// "to play" (2009) and "to the battlefield" (current) read the same.
    #[test]
    fn return_a_card_to_play_in_both_editions() {
        let to_play = spell("Return target creature card from your graveyard to play.").effects;
        assert_eq!(
            spell("Return target creature card from your graveyard to the battlefield.").effects,
            to_play
        );
        assert!(matches!(
            to_play.as_slice(),
            [Effect::ReturnCardToPlay {
                what: Subject::TargetCardInYourGraveyard { .. },
                under_you: false,
            }]
        ));
    }

    #[test]
    fn trigger_conditions_in_both_editions() {
        let same = |a: &str, b: &str| {
            let (_, x) = triggered(a).unwrap_or_else(|p| panic!("{a}: {}", p.error()));
            let (_, y) = triggered(b).unwrap_or_else(|p| panic!("{b}: {}", p.error()));
            assert_eq!(x, y, "{a} / {b}");
            x
        };
        let a = same(
            "When ~ is put into a graveyard from play, draw a card.",
            "When ~ dies, draw a card.",
        );
        assert!(matches!(
            a,
            Ability::Triggered {
                trigger: Trigger::Dies,
                ..
            }
        ));
        same(
            "At the end of your turn, sacrifice ~.",
            "At the beginning of your end step, sacrifice ~.",
        );
        same(
            "At end of turn, sacrifice ~.",
            "At the beginning of the end step, sacrifice ~.",
        );
        let trigger_of = |a: Ability| match a {
            Ability::Triggered { trigger, .. } => trigger,
            other => panic!("{other:?}"),
        };
        let leaves = same(
            "When ~ leaves play, you gain 2 life.",
            "When ~ leaves the battlefield, you gain 2 life.",
        );
        assert_eq!(trigger_of(leaves), Trigger::LeavesPlay);
        let upkeep = same(
            "At the beginning of each upkeep, ~ deals 1 damage to each player.",
            "At the beginning of each player's upkeep, ~ deals 1 damage to each player.",
        );
        assert_eq!(
            trigger_of(upkeep),
            Trigger::AtStep {
                step: Step::Upkeep,
                whose: Whose::Each
            }
        );
        // "that player" is the player whose upkeep it is.
        let (_, vortex) =
            triggered("At the beginning of each player's upkeep, ~ deals 2 damage to that player.")
                .unwrap_or_else(|p| panic!("{}", p.error()));
        let Ability::Triggered { effects, .. } = vortex else {
            panic!()
        };
        assert_eq!(
            effects,
            vec![Effect::DealDamage {
                amount: crate::filter::Amount::Number(2),
                to: Subject::Players(PlayerRef::ActivePlayer)
            }]
        );
        assert!(
            triggered("At the beginning of your upkeep, ~ deals 2 damage to that player.").is_err()
        );
        // One wording in both editions.
        for (text, expected) in [
            (
                "Whenever you gain life, put a +1/+1 counter on ~.",
                Trigger::YouGainLife,
            ),
            (
                "Whenever ~ is dealt damage, put a +1/+1 counter on ~.",
                Trigger::IsDealtDamage,
            ),
            (
                "Whenever ~ is dealt combat damage, you gain that much life.",
                Trigger::IsDealtCombatDamage,
            ),
            (
                "Whenever ~ is dealt damage, it deals that much damage to target creature or player.",
                Trigger::IsDealtDamage,
            ),
        ] {
            let (_, a) = triggered(text).unwrap_or_else(|p| panic!("{text}: {}", p.error()));
            assert_eq!(trigger_of(a), expected);
        }
        let (_, b) = triggered("Whenever ~ attacks or blocks, it gets +1/+1 until end of turn.")
            .unwrap_or_else(|p| panic!("{}", p.error()));
        let Ability::Triggered { trigger, effects } = b else {
            panic!()
        };
        assert!(trigger.fires_on(&Trigger::Attacks) && trigger.fires_on(&Trigger::Blocks));
        assert!(!trigger.fires_on(&Trigger::BecomesBlocked));
        // "it" in a trigger of ~ is ~.
        assert!(matches!(
            &effects[0],
            Effect::Pump {
                what: Subject::This,
                ..
            }
        ));
    }

    #[test]
    fn an_instruction_needs_a_duration() {
        assert!(spell_instruction("Target creature gets +2/+2.").is_err());
    }
}
