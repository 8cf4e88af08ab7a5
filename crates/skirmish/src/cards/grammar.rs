//! The card-text grammar: every supported template, in 2009 and current wording, and what it
//! compiles to. This table is the single source of `docs/card-text.md` (a test regenerates the
//! document and fails if the file differs).

use super::pattern::{Capture, Pattern, SlotKind, tokenize};
use crate::ability::{
    Ability, CombatRule, Cost, Duration, Effect, Scope, Subject, TokenSpec, Trigger,
};
use crate::typeline::CardType;
use std::sync::OnceLock;

/// Where a template may appear.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TemplateKind {
    /// A static ability of a permanent (400.2, 418.1).
    Static,
    /// An activated ability `[cost]: [effect]` of a permanent (402.1).
    Activated,
    /// An instruction of an instant or sorcery (401.3).
    Spell,
    /// A triggered ability "[When/Whenever/At] [trigger], [effect]." of a permanent (404.1).
    Triggered,
}

impl TemplateKind {
    fn heading(self) -> &'static str {
        match self {
            TemplateKind::Static => "Static abilities",
            TemplateKind::Activated => "Activated abilities",
            TemplateKind::Spell => "Instant and sorcery instructions",
            TemplateKind::Triggered => "Triggered abilities",
        }
    }
}

type Build = fn(&[Capture]) -> Result<Vec<Ability>, String>;

/// One supported template.
pub struct Template {
    /// Stable name, used in tests and diagnostics.
    pub id: &'static str,
    pub kind: TemplateKind,
    /// The 2009 rule that gives the ability its meaning.
    pub rule: &'static str,
    /// Accepted wordings; the first is the February 2009 Oracle wording.
    pub patterns: &'static [&'static str],
    /// What it means, for the documentation.
    pub meaning: &'static str,
    /// A real card of the bundled library and its sentence that this template compiles
    /// (checked by a test); `None` where no real card uses the wording on its own.
    pub example: Option<(&'static str, &'static str)>,
    build: Build,
}

fn number(caps: &[Capture], i: usize) -> u32 {
    caps.iter()
        .filter_map(|c| match c {
            Capture::Number(n) => Some(*n),
            _ => None,
        })
        .nth(i)
        .unwrap_or(0)
}

fn cost(caps: &[Capture]) -> Cost {
    caps.iter()
        .find_map(|c| match c {
            Capture::Cost { mana, tap } => Some(Cost {
                mana: mana.clone(),
                tap: *tap,
                ..Default::default()
            }),
            _ => None,
        })
        .unwrap_or_default()
}

/// "a 1/1 white Soldier creature [token]": a creature token's definition (216.1), or what an
/// animated permanent becomes.
fn token_spec(caps: &[Capture]) -> Result<TokenSpec, String> {
    let mut spec = TokenSpec {
        power: 0,
        toughness: 0,
        colors: Vec::new(),
        creature_type: String::new(),
        more_types: Vec::new(),
        artifact: false,
        keywords: Vec::new(),
        name: None,
        abilities: Vec::new(),
        enters: Default::default(),
    };
    for c in caps {
        match c {
            Capture::PtSet(p, t) => (spec.power, spec.toughness) = (*p, *t),
            Capture::Color(x) => spec.colors.push(*x),
            Capture::CreatureType(t) => spec.creature_type = t.to_string(),
            _ => {}
        }
    }
    if spec.creature_type.is_empty() {
        return Err("a creature token needs a creature type (216.1a)".into());
    }
    Ok(spec)
}

/// Every cost part together: "{W}, {T}" is one cost of {W} and {T}.
fn all_costs(caps: &[Capture]) -> Cost {
    let mut total = Cost::default();
    for c in caps {
        if let Capture::Cost { mana, tap } = c {
            total.mana.0.extend(mana.0.iter().copied());
            total.tap |= *tap;
        }
    }
    total
}

/// Every template Skirmish compiles.
pub static TEMPLATES: &[Template] = &[
    // --- static abilities: requirements (500.1) ---
    // --- static abilities: restrictions (500.1) ---
    Template {
        id: "max-attackers",
        kind: TemplateKind::Static,
        rule: "500.2",
        patterns: &[
            "No more than <number> [creature|creatures] can attack [each turn|each combat].",
        ],
        meaning: "Restriction on the whole declaration: at most that many attackers.",
        example: Some((
            "Silent Arbiter",
            "No more than one creature can attack each combat.",
        )),
        build: |c| {
            Ok(vec![Ability::Combat {
                scope: Scope::AllCreatures,
                rule: CombatRule::MaxAttackers { max: number(c, 0) },
                condition: None,
            }])
        },
    },
    Template {
        id: "max-blockers",
        kind: TemplateKind::Static,
        rule: "500.3",
        patterns: &[
            "No more than <number> [creature|creatures] can block [each turn|each combat].",
        ],
        meaning: "Restriction on the whole declaration: at most that many blockers.",
        example: Some((
            "Silent Arbiter",
            "No more than one creature can block each combat.",
        )),
        build: |c| {
            Ok(vec![Ability::Combat {
                scope: Scope::AllCreatures,
                rule: CombatRule::MaxBlockersTotal { max: number(c, 0) },
                condition: None,
            }])
        },
    },
    // --- static abilities: permissions (309.2a, 310.2e) ---
    Template {
        id: "damage-as-though-unblocked",
        kind: TemplateKind::Static,
        rule: "310.2e",
        patterns: &["You may have ~ assign its combat damage as though it weren't blocked."],
        meaning: "When blocked, its controller may have it assign all its combat damage to the player or planeswalker it attacks instead of its blockers (310.2e).",
        example: Some((
            "Thorn Elemental",
            "You may have Thorn Elemental assign its combat damage as though it weren't blocked.",
        )),
        build: |_| {
            Ok(vec![Ability::Combat {
                scope: Scope::This,
                rule: CombatRule::DamageAsThoughUnblocked,
                condition: None,
            }])
        },
    },
    Template {
        id: "may-exert",
        kind: TemplateKind::Static,
        rule: "current 701.43",
        patterns: &["You may exert ~ as it attacks."],
        meaning: "Current rules (2017; no 2009 counterpart): an optional cost to attack (701.43d). As it is declared as an attacker its controller chooses whether to exert it (the default is no); an exerted permanent doesn't untap during that player's next untap step, which ends the effect (701.43a-b). Exerting triggers the linked \"When you do, <instruction>\" ability of the same paragraph (607.2h), whose target is chosen as it goes on the stack.",
        example: None,
        build: |_| Ok(vec![Ability::MayExert]),
    },
    Template {
        id: "protection-keeps-this",
        kind: TemplateKind::Static,
        rule: "502.7c",
        patterns: &["This effect doesn't remove ~."],
        meaning: "After \"Enchanted creature has protection from <quality>.\" on an Aura: the protection the Aura itself gives doesn't put it into the graveyard as a state-based effect (the card's text winning over 502.7c and 420.5d, 103.1); protection from it that the creature has from anything else still does. Refused on a card whose own text gives no protection. White Ward.",
        example: Some(("White Ward", "This effect doesn't remove White Ward.")),
        build: |_| Ok(vec![Ability::ProtectionKeepsThis]),
    },
    Template {
        id: "enters-tapped",
        kind: TemplateKind::Static,
        rule: "410.10e",
        patterns: &["~ [comes into play|enters the battlefield] tapped."],
        meaning: "It comes into play tapped: part of the event that puts it into play, not a trigger (410.10e).",
        example: Some(("Treetop Village", "Treetop Village comes into play tapped.")),
        build: |_| Ok(vec![Ability::EntersTapped]),
    },
    Template {
        id: "enters-with-counters-each-kick",
        kind: TemplateKind::Static,
        rule: "702.33e",
        patterns: &[
            "~ [comes into play|enters the battlefield] with a +1/+1 counter on it for each time it was kicked.",
        ],
        meaning: "Current 702.33d-e (linked to its kicker and multikicker abilities): the permanent comes into play with a +1/+1 counter on it for each kicker cost paid as its spell was played, each multikicker payment counting, as part of the event (410.10e).",
        example: Some((
            "Apex Hawks",
            "Apex Hawks enters the battlefield with a +1/+1 counter on it for each time it was kicked.",
        )),
        build: |_| Ok(vec![Ability::EntersWithCountersEachKick { count: 1 }]),
    },
    // --- activated abilities ---
    Template {
        id: "animate-land",
        kind: TemplateKind::Activated,
        rule: "418.5a",
        patterns: &[
            "<cost>: ~ becomes a <pt-set> <color> <creature-types> creature [|with <keyword>] until end of turn. It's still a land.",
            "<cost>: Until end of turn, ~ becomes a <pt-set> <color> <creature-types> creature [|with <keyword>]. It's still a land.",
        ],
        meaning: "Until end of turn the land is also a creature of that color and creature type with that power and toughness (418.5a: type in layer 4, color and keyword in layer 5, power and toughness in layer 6b). A land that stops being a creature in combat leaves combat (306.4).",
        example: Some((
            "Forbidding Watchtower",
            "{1}{W}: Forbidding Watchtower becomes a 1/5 white Soldier creature until end of turn. It's still a land.",
        )),
        build: |c| {
            // "a 3/3 green Ape creature": the same words that define a creature token.
            let body = token_spec(c)?;
            let keywords = c
                .iter()
                .filter_map(|c| match c {
                    Capture::Keyword(k) => Some(k.clone()),
                    _ => None,
                })
                .collect();
            Ok(vec![Ability::Activated {
                only: Vec::new(),
                cost: cost(c),
                effects: vec![Effect::Animate {
                    what: Subject::This,
                    power: Some(body.power),
                    toughness: Some(body.toughness),
                    colors: body.colors,
                    card_types: vec![CardType::Creature],
                    subtypes: vec![body.creature_type],
                    keywords,
                    duration: Duration::UntilEndOfTurn,
                    replaces_types: false,
                    pt_equal: None,
                }],
            }])
        },
    },
    Template {
        id: "become-enchantment",
        kind: TemplateKind::Activated,
        rule: "418.5a",
        patterns: &[
            "[<cost>|<cost>, <cost>]: Target creature becomes an enchantment and loses all other card types until a player [plays|casts] a creature spell.",
        ],
        meaning: "The creature becomes an enchantment and nothing else (418.5a layer 4) until any player plays a creature spell, in any turn. It has no power or toughness (208.3); attacking or blocking, it leaves combat (306.4).",
        example: Some((
            "Soul Sculptor",
            "{1}{W}, {T}: Target creature becomes an enchantment and loses all other card types until a player plays a creature spell.",
        )),
        build: |c| {
            Ok(vec![Ability::Activated {
                only: Vec::new(),
                cost: all_costs(c),
                effects: vec![Effect::BecomeOnly {
                    what: Subject::TargetCreature,
                    card_type: CardType::Enchantment,
                    duration: Duration::UntilCreatureSpell,
                }],
            }])
        },
    },
    // --- triggered abilities ---
    Template {
        id: "attacks-put-from-hand-attacking",
        kind: TemplateKind::Triggered,
        rule: "308.4",
        patterns: &[
            "Whenever ~ attacks, you may put a <creature-types> creature card from your hand [into play|onto the battlefield] tapped and attacking.",
        ],
        meaning: "Triggers as it is declared as an attacker (308.3). As it resolves, its controller may put such a card from hand into play tapped and attacking, choosing which defending player or planeswalker it attacks (308.4). That creature is attacking but never \"attacked\": its own attack triggers don't trigger.",
        example: Some((
            "Preeminent Captain",
            "Whenever Preeminent Captain attacks, you may put a Soldier creature card from your hand into play tapped and attacking.",
        )),
        build: |c| match c.first() {
            Some(Capture::CreatureType(t)) => Ok(vec![Ability::Triggered {
                trigger: Trigger::Attacks,
                effects: vec![Effect::PutFromHandAttacking {
                    creature_type: t.to_string(),
                }],
            }]),
            _ => Err("expected a creature type".into()),
        },
    },
    // --- instructions of instants and sorceries ---
    Template {
        id: "choose-color-as-enters",
        kind: TemplateKind::Static,
        rule: "410.10e",
        patterns: &["As ~ [comes into play|enters the battlefield|enters], choose a color."],
        meaning: "As part of the event that puts it into play (410.10e, 419.1b; not a trigger), its controller chooses a color: asked with `choose = \"<label>: blue\"` (the first color, white, if unanswered; logged [410.10e]); a scenario's permanent already in play has it as `chosen_color`. Its other abilities' \"of the chosen color\" read it.",
        example: None,
        build: |_| Ok(vec![Ability::ChooseColorAsEnters]),
    },
    Template {
        id: "choose-opponent-as-enters",
        kind: TemplateKind::Static,
        rule: "410.10e",
        patterns: &["As ~ [comes into play|enters the battlefield|enters], choose an opponent."],
        meaning: "As part of the event that puts it into play (410.10e, 419.1b; not a trigger), its controller chooses one of his or her opponents: asked with `choose = \"<label>: Bob\"` (unanswered, the next opponent in turn order; logged [410.10e]); a scenario's permanent already in play has it as `chosen_player`. Its other abilities' \"the chosen player\" read it, as it is or as the permanent last existed.",
        example: Some((
            "Nyxathid",
            "As Nyxathid enters the battlefield, choose an opponent.",
        )),
        build: |_| Ok(vec![Ability::ChoosePlayerAsEnters { opponent: true }]),
    },
    Template {
        id: "choose-player-as-enters",
        kind: TemplateKind::Static,
        rule: "410.10e",
        patterns: &["As ~ [comes into play|enters the battlefield|enters], choose a player."],
        meaning: "The same, any player, its controller too (unanswered, the next opponent in turn order).",
        example: None,
        build: |_| Ok(vec![Ability::ChoosePlayerAsEnters { opponent: false }]),
    },
    Template {
        id: "choose-creature-type-as-enters",
        kind: TemplateKind::Static,
        rule: "410.10e",
        patterns: &[
            "As ~ [comes into play|enters the battlefield|enters], choose a creature type.",
        ],
        meaning: "As part of the event that puts it into play (410.10e, 419.1b; not a trigger), its controller chooses a creature type: asked with `choose = \"<label>: Goblin\"` (unanswered, the first creature type among the creatures in play, in the order they came into play; logged [410.10e]); a scenario's permanent already in play has it as `chosen_type`. Its other abilities' \"of the chosen type\" read it.",
        example: Some((
            "Cover of Darkness",
            "As Cover of Darkness enters the battlefield, choose a creature type.",
        )),
        build: |_| Ok(vec![Ability::ChooseCreatureTypeAsEnters]),
    },
    Template {
        id: "may-choose-not-to-untap",
        kind: TemplateKind::Static,
        rule: "302.2",
        patterns: &["You may choose not to untap ~ during your untap step."],
        meaning: "As its controller's untap step untaps his or her permanents (302.2), he or she chooses whether this one, if tapped, stays tapped: asked with `choose`, the permanent's own label to keep it tapped (`choose = \"Spirit Shield: Spirit Shield\"`), `nothing` or no answer to untap it. A \"for as long as ~ remains tapped\" effect of its own lasts while it stays tapped (418.3d).",
        example: Some((
            "Spirit Shield",
            "You may choose not to untap Spirit Shield during your untap step.",
        )),
        build: |_| Ok(vec![Ability::MayNotUntap]),
    },
];

fn compiled() -> &'static [Vec<Pattern>] {
    static CELL: OnceLock<Vec<Vec<Pattern>>> = OnceLock::new();
    CELL.get_or_init(|| {
        TEMPLATES
            .iter()
            .map(|t| {
                t.patterns
                    .iter()
                    .map(|p| Pattern::new(p).unwrap_or_else(|e| panic!("template {}: {e}", t.id)))
                    .collect()
            })
            .collect()
    })
}

/// The template a piece of text matched, and the abilities it compiled to.
#[derive(Debug, Clone)]
pub struct Matched {
    pub template: &'static str,
    pub abilities: Vec<Ability>,
}

/// Matches one keyword (`kinds = [Keyword]`) or one sentence (the other kinds).
pub fn match_text(text: &str, kinds: &[TemplateKind]) -> Result<Option<Matched>, String> {
    let tokens = tokenize(text);
    for (t, patterns) in TEMPLATES.iter().zip(compiled()) {
        if !kinds.contains(&t.kind) {
            continue;
        }
        for p in patterns {
            if let Some(caps) = p.matches(&tokens) {
                return (t.build)(&caps).map(|abilities| {
                    Some(Matched {
                        template: t.id,
                        abilities,
                    })
                });
            }
        }
    }
    Ok(None)
}

/// Finds a template by id.
pub fn template(id: &str) -> Option<&'static Template> {
    TEMPLATES.iter().find(|t| t.id == id)
}

/// The reference of every supported template, as Markdown: the content of `docs/card-text.md`.
pub fn reference_markdown() -> String {
    let mut out = String::new();
    out.push_str("# Supported card text\n\n");
    out.push_str(
        "<!-- Generated from crates/skirmish/src/cards/grammar.rs by `cargo test`: edit the grammar, then run\n\
         `SKIRMISH_BLESS=1 cargo test -p skirmish --lib card_text_doc` to rewrite this file. -->\n\n",
    );
    out.push_str(
        "A card is defined by its real rules text. Each line of the text is either a keyword line \
         (keywords separated by commas, no final period) or one or more sentences. Reminder text in \
         parentheses is ignored (400.1). The card's own name is written `~` below. Every sentence \
         must match one template; text that matches none is an error naming the card and the exact \
         sentence: Skirmish never skips text.\n\n\
         Matching ignores case. `[a|b]` means either wording (the first is the February 2009 Oracle \
         wording, later ones the current wording); an empty alternative makes the group optional. \
         The first pattern of a template is the 2009 wording; later patterns are the current \
         wording or other wordings of the same ability.\n\n",
    );
    out.push_str(&super::reference::phrases_markdown());
    out.push_str("## Slots of the remaining templates\n\n| slot | accepts |\n|---|---|\n");
    for s in SlotKind::ALL {
        out.push_str(&format!("| `<{}>` | {} |\n", s.name(), s.describe()));
    }
    for kind in [
        TemplateKind::Static,
        TemplateKind::Activated,
        TemplateKind::Triggered,
        TemplateKind::Spell,
    ] {
        out.push_str(&format!("\n## {}\n\n", kind.heading()));
        out.push_str("| template | wording | rule | meaning | example |\n|---|---|---|---|---|\n");
        for t in TEMPLATES.iter().filter(|t| t.kind == kind) {
            let wordings: Vec<String> = t
                .patterns
                .iter()
                .map(|p| format!("`{}`", p.replace('|', "\\|")))
                .collect();
            let example = match t.example {
                Some((card, text)) => format!("{card}: \"{}\"", text.replace('|', "\\|")),
                None => "no real card uses this wording alone; define one in a scenario".into(),
            };
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} |\n",
                t.id,
                wordings.join("<br>"),
                t.rule,
                t.meaning,
                example,
            ));
        }
    }
    out.push_str(
        "\n## Checks beyond the sentence\n\n\
         - Instructions of instants and sorceries appear only on instants and sorceries; static, \
         activated and triggered abilities only on permanents.\n\
         - An instruction that says \"that creature\" or \"it\" (templates `untap-that-creature`, \
         `that-creature-gains`) needs an earlier instruction of the same text that targets a \
         creature; both name the same target (409.1c).\n\
         - An instant or sorcery asks for each kind of target (creature, creature or player, spell) \
         in one sentence only: a second sentence naming a new \"target creature\" is an error, \
         since Skirmish would take both for the same target.\n\
         - `enchanted creature` needs an Aura with `Enchant creature`.\n\
         - A basic land type implies its mana ability (212.6g), so basic lands need no text beyond \
         their reminder text.\n",
    );
    out
}
