//! Keywords about playing spells and playing cards from the hand or the graveyard: buyback
//! (502.16), cycling (502.18), kicker (502.21), flashback (502.22), affinity (502.31), convoke
//! (502.46), split second (502.58), delve (502.64), evoke (502.74), improvise (current
//! 702.126). Played through the engine:
//! what they do in play, and how an illegal use is refused with the rule it breaks, changing
//! nothing (422).

use crate::common;

use common::{log, scenario};
use skirmish::engine::{Agent, AgentError, Engine, PriorityAction, run_scenario};
use skirmish::model::{CastOption, Game, ObjectId, PlayerId, Zone};

/// An action chosen from the game as priority comes (object ids change with every zone change).
type Try = Box<dyn Fn(&Game) -> PriorityAction>;

/// Makes the first player try each action once, in order, as priority comes; then passes.
/// Every refusal is recorded with its rule and whether the game was exactly as before the try.
struct Tries {
    actions: Vec<Try>,
    before: Option<Game>,
    refused: Vec<(String, bool)>,
}

impl Tries {
    fn new(actions: Vec<Try>) -> Self {
        Tries {
            actions,
            before: None,
            refused: Vec::new(),
        }
    }
}

impl Agent for Tries {
    fn priority(&mut self, game: &Game, player: PlayerId) -> Result<PriorityAction, AgentError> {
        if player != PlayerId(0) || self.actions.is_empty() {
            return Ok(PriorityAction::Pass);
        }
        let next = self.actions.remove(0);
        self.before = Some(game.clone());
        Ok(next(game))
    }
    fn rejected(
        &mut self,
        game: &Game,
        _: PlayerId,
        rule: &str,
        _: &str,
    ) -> Result<(), AgentError> {
        let unchanged = self.before.as_ref() == Some(game);
        self.refused.push((rule.to_string(), unchanged));
        Ok(())
    }
}

fn id(game: &Game, label: &str) -> ObjectId {
    game.object_labelled(label)
        .unwrap_or_else(|| panic!("no {label}"))
        .id
}

const CYCLER: &str = r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = [{ card = "Disciple of Grace", label = "Held Disciple" }, "Grizzly Bears"]
library = ["Forest", "Llanowar Elves"]
[[player]]
name = "Bob"
[[permanent]]
card = "Disciple of Grace"
controller = "Alice"
label = "Disciple in play"
[[permanent]]
card = "Plains"
controller = "Alice"
"#;

#[test]
fn cycling_is_refused_outside_the_hand_without_its_cost_and_on_cards_without_it() {
    let s = scenario(CYCLER);
    let mut agent = Tries::new(vec![
        // 502.18a: only from the hand.
        Box::new(|g: &Game| PriorityAction::Cycle {
            card: id(g, "Disciple in play"),
        }),
        // 409.1h: one Plains can't pay {2}.
        Box::new(|g: &Game| PriorityAction::Cycle {
            card: id(g, "Held Disciple"),
        }),
        Box::new(|g: &Game| PriorityAction::Cycle {
            card: id(g, "Grizzly Bears"),
        }),
    ]);
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let rules: Vec<&str> = agent.refused.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["502.18a", "409.1h", "502.18a"]);
    assert!(agent.refused.iter().all(|(_, unchanged)| *unchanged));
    let held = game.object_labelled("Held Disciple").unwrap();
    assert_eq!(held.zone, Zone::Hand);
    assert_eq!(game.players[0].library.len(), 2, "nothing was drawn");
}

#[test]
fn a_cycled_card_draws_only_as_the_ability_resolves() {
    // The card is discarded as a cost (409.1f), before the ability resolves and draws.
    let s = scenario(&format!(
        "{CYCLER}\n[[permanent]]\ncard = \"Plains\"\ncontroller = \"Alice\"\nlabel = \"Plains 2\"\n\n[[action]]\nplayer = \"Alice\"\ncycle = \"Held Disciple\"\n"
    ));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    let log = log(&game);
    let discarded = log
        .iter()
        .position(|e| e.contains("[502.18a] Held Disciple is discarded"))
        .expect("discarded");
    let drew = log
        .iter()
        .position(|e| e.contains("Alice draws Forest"))
        .expect("drew");
    let resolved = log
        .iter()
        .position(|e| e.contains("\"cycling {2}\" resolves"))
        .expect("resolved");
    assert!(discarded < resolved && resolved < drew, "{log:#?}");
    assert_eq!(
        game.object_labelled("Held Disciple").unwrap().zone,
        Zone::Graveyard
    );
    assert_eq!(game.object_labelled("Forest").unwrap().zone, Zone::Hand);
}

const SPELLS: &str = r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = [{ card = "Think Twice", label = "Held Think Twice" }, "Whispers of the Muse", "Giant Growth"]
graveyard = ["Think Twice", "Shock"]
library = ["Forest", "Llanowar Elves", "Grizzly Bears"]
[[player]]
name = "Bob"
[[permanent]]
card = "Island"
controller = "Alice"
label = "Island 1"
[[permanent]]
card = "Island"
controller = "Alice"
label = "Island 2"
"#;

fn cast(label: &'static str, with: &'static [CastOption]) -> Try {
    Box::new(move |g: &Game| PriorityAction::Cast {
        card: id(g, label),
        targets: Vec::new(),
        with: with.to_vec(),
        convoke: Vec::new(),
        delve: Vec::new(),
        improvise: Vec::new(),
        x: 0,
    })
}

#[test]
fn flashback_and_buyback_are_refused_when_the_card_or_the_mana_doesnt_allow_them() {
    let s = scenario(SPELLS);
    let mut agent = Tries::new(vec![
        // 502.22a: flashback plays a card only from the graveyard.
        cast("Held Think Twice", &[CastOption::Flashback]),
        // 502.22a: Shock has no flashback.
        cast("Shock", &[CastOption::Flashback]),
        // 409.1a: without flashback a card in the graveyard can't be played.
        cast("Think Twice", &[]),
        // 409.1h: two Islands pay {U} but not {U} plus the buyback cost {5}.
        cast("Whispers of the Muse", &[CastOption::Buyback]),
        // 502.16a: Giant Growth has no buyback.
        cast("Giant Growth", &[CastOption::Buyback]),
    ]);
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let rules: Vec<&str> = agent.refused.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["502.22a", "502.22a", "409.1a", "409.1h", "502.16a"]);
    assert!(
        agent.refused.iter().all(|(_, unchanged)| *unchanged),
        "{:?}",
        agent.refused
    );
    assert_eq!(game.players[0].library.len(), 3, "nothing was drawn");
    assert_eq!(game.players[0].hand.len(), 3);
}

#[test]
fn without_its_buyback_cost_a_spell_goes_to_the_graveyard() {
    let s = scenario(&format!(
        "{SPELLS}\n[[action]]\nplayer = \"Alice\"\ncast = \"Whispers of the Muse\"\n"
    ));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.object_labelled("Whispers of the Muse").unwrap().zone,
        Zone::Graveyard
    );
    assert!(!log(&game).iter().any(|e| e.contains("502.16a")));
}

#[test]
fn a_card_played_from_the_hand_is_not_removed_by_its_flashback() {
    // 502.22a: only a spell whose flashback cost was paid leaves the game.
    let s = scenario(&format!(
        "{SPELLS}\n[[action]]\nplayer = \"Alice\"\ncast = \"Held Think Twice\"\n"
    ));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.object_labelled("Held Think Twice").unwrap().zone,
        Zone::Graveyard
    );
    assert_eq!(game.object_labelled("Forest").unwrap().zone, Zone::Hand);
}

#[test]
fn flashback_and_buyback_together_the_card_is_removed_from_the_game() {
    // Both replace where the resolving spell goes; flashback's "instead of putting it anywhere
    // else" wins over buyback's "into its owner's hand" (502.22a, 502.16a).
    let mut text = SPELLS.replace(
        "graveyard = [\"Think Twice\", \"Shock\"]",
        "graveyard = [\"Shock\"]",
    );
    for n in 3..=9 {
        text.push_str(&format!(
            "[[permanent]]\ncard = \"Island\"\ncontroller = \"Alice\"\nlabel = \"Island {n}\"\n"
        ));
    }
    let custom = text.replace(
        "[[player]]\nname = \"Bob\"",
        "[[card]]\nname = \"Echoing Whispers\"\ncost = \"{U}\"\ntype = \"Instant\"\ntext = \"\"\"\nDraw a card.\nFlashback {2}{U}\nBuyback {5}\"\"\"\n[[player]]\nname = \"Bob\"",
    );
    let custom = custom.replace(
        "graveyard = [\"Shock\"]",
        "graveyard = [\"Shock\", \"Echoing Whispers\"]",
    );
    let s = scenario(&format!(
        "{custom}\n[[action]]\nplayer = \"Alice\"\ncast = \"Echoing Whispers\"\nwith = [\"flashback\", \"buyback\"]\n"
    ));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.object_labelled("Echoing Whispers").unwrap().zone,
        Zone::RemovedFromGame,
        "{:#?}",
        log(&game)
    );
    // {2}{U} + {5}: eight of the nine Islands.
    let tapped = game.in_play().filter(|o| o.tapped()).count();
    assert_eq!(tapped, 8);
}

const DRAKE: &str = r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Academy Drake", "Grizzly Bears"]
[[player]]
name = "Bob"
[[permanent]]
card = "Island"
controller = "Alice"
label = "Island 1"
[[permanent]]
card = "Island"
controller = "Alice"
label = "Island 2"
[[permanent]]
card = "Forest"
controller = "Alice"
"#;

#[test]
fn kicker_is_refused_on_a_card_without_it_and_without_the_mana() {
    let s = scenario(DRAKE);
    let mut agent = Tries::new(vec![
        // 502.21a: Grizzly Bears has no kicker.
        cast("Grizzly Bears", &[CastOption::Kicker]),
        // 409.1h: three lands pay {2}{U} but not {2}{U} plus the kicker cost {4}.
        cast("Academy Drake", &[CastOption::Kicker]),
    ]);
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let rules: Vec<&str> = agent.refused.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["502.21a", "409.1h"]);
    assert!(agent.refused.iter().all(|(_, unchanged)| *unchanged));
    assert_eq!(game.players[0].hand.len(), 2);
}

#[test]
fn a_kicked_creature_comes_into_play_with_its_counters_and_an_unkicked_one_without() {
    let mut kicked = DRAKE.to_string();
    for n in 3..=6 {
        kicked.push_str(&format!(
            "[[permanent]]\ncard = \"Island\"\ncontroller = \"Alice\"\nlabel = \"Island {n}\"\n"
        ));
    }
    for (board, with, power) in [
        (kicked.as_str(), "with = [\"kicker\"]\n", 4),
        (DRAKE, "", 2),
    ] {
        let s = scenario(&format!(
            "{board}\n[[action]]\nplayer = \"Alice\"\ncast = \"Academy Drake\"\n{with}"
        ));
        let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
        let drake = id(&game, "Academy Drake");
        assert_eq!(game.object(drake).unwrap().zone, Zone::InPlay);
        assert_eq!(game.power(drake), Some(power), "{with}");
        assert_eq!(game.toughness(drake), Some(power), "{with}");
    }
}

#[test]
fn split_second_stops_spells_and_abilities_but_not_mana_abilities() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Sudden Death", "Giant Growth"]
[[player]]
name = "Bob"
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 1"
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 2"
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 3"
[[permanent]]
card = "Forest"
controller = "Alice"
[[permanent]]
card = "Prodigal Pyromancer"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
"#,
    );
    let target = |label: &'static str| {
        move |g: &Game| vec![skirmish::model::TargetRef::Object(id(g, label))]
    };
    let mut agent = Tries::new(vec![
        Box::new(move |g: &Game| PriorityAction::Cast {
            card: id(g, "Sudden Death"),
            targets: target("Grizzly Bears")(g),
            with: Vec::new(),
            convoke: Vec::new(),
            delve: Vec::new(),
            improvise: Vec::new(),
            x: 0,
        }),
        // 502.58a: no other spell ...
        Box::new(move |g: &Game| PriorityAction::Cast {
            card: id(g, "Giant Growth"),
            targets: target("Grizzly Bears")(g),
            with: Vec::new(),
            convoke: Vec::new(),
            delve: Vec::new(),
            improvise: Vec::new(),
            x: 0,
        }),
        // ... and no activated ability that isn't a mana ability ...
        Box::new(|g: &Game| PriorityAction::Activate {
            source: id(g, "Prodigal Pyromancer"),
            ability: 0,
            targets: vec![skirmish::model::TargetRef::Player(PlayerId(1))],
            pay: Vec::new(),
            x: 0,
            modes: None,
        }),
        // ... but a mana ability is played at once.
        Box::new(|g: &Game| PriorityAction::Activate {
            source: id(g, "Forest"),
            ability: 0,
            targets: Vec::new(),
            pay: Vec::new(),
            x: 0,
            modes: None,
        }),
    ]);
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let rules: Vec<&str> = agent.refused.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["502.58a", "502.58a"]);
    assert!(agent.refused.iter().all(|(_, unchanged)| *unchanged));
    assert!(game.object_labelled("Forest").unwrap().tapped());
    assert_eq!(
        game.object_labelled("Grizzly Bears").unwrap().zone,
        Zone::Graveyard
    );
    assert_eq!(
        game.object_labelled("Giant Growth").unwrap().zone,
        Zone::Hand
    );
    assert_eq!(game.players[1].life, 20, "the Pyromancer never pinged Bob");
}

#[test]
fn affinity_reduces_only_generic_mana_by_what_its_caster_controls() {
    // Two artifacts: {7} costs {5}, more than four Plains; an inline card with colored mana
    // and affinity for Plains keeps its colored part: {3}{W} with four Plains costs {W}.
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Plains Golem"
cost = "{3}{W}"
type = "Artifact Creature — Golem"
pt = "3/4"
text = "Affinity for Plains"
[[player]]
name = "Alice"
hand = ["Myr Enforcer", "Plains Golem"]
[[player]]
name = "Bob"
[[permanent]]
card = "Ornithopter"
controller = "Alice"
label = "Ornithopter 1"
[[permanent]]
card = "Ornithopter"
controller = "Alice"
label = "Ornithopter 2"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains 1"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains 2"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains 3"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains 4"
"#,
    );
    let mut agent = Tries::new(vec![cast("Myr Enforcer", &[]), cast("Plains Golem", &[])]);
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let rules: Vec<&str> = agent.refused.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["409.1h"]);
    assert!(agent.refused.iter().all(|(_, unchanged)| *unchanged));
    assert_eq!(
        game.object_labelled("Plains Golem").unwrap().zone,
        Zone::InPlay
    );
    let tapped = game.in_play().filter(|o| o.tapped()).count();
    assert_eq!(tapped, 1, "{:#?}", log(&game));
}

#[test]
fn convoke_is_refused_for_tapped_creatures_spells_without_it_and_short_mana() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Siege Wurm", "Grizzly Bears"]
[[player]]
name = "Bob"
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
tapped = true
[[permanent]]
card = "Ornithopter"
controller = "Alice"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 1"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 2"
"#,
    );
    let convoking = |card: &'static str, creatures: &'static [&'static str]| -> Try {
        Box::new(move |g: &Game| PriorityAction::Cast {
            card: id(g, card),
            targets: Vec::new(),
            with: Vec::new(),
            convoke: creatures.iter().map(|c| id(g, c)).collect(),
            delve: Vec::new(),
            improvise: Vec::new(),
            x: 0,
        })
    };
    let mut agent = Tries::new(vec![
        // 502.46a: a tapped creature, an opponent's creature, a spell without convoke.
        convoking("Siege Wurm", &["Llanowar Elves"]),
        convoking("Siege Wurm", &["Wall of Wood"]),
        convoking("Grizzly Bears", &["Ornithopter"]),
        // 409.1h: the Ornithopter and two Forests pay 3 of 7.
        convoking("Siege Wurm", &["Ornithopter"]),
        // Bears {1}{G}: the Ornithopter pays {1}, a Forest {G}.
        convoking("Grizzly Bears", &[]),
    ]);
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let rules: Vec<&str> = agent.refused.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["502.46a", "502.46a", "502.46a", "409.1h"]);
    assert!(agent.refused.iter().all(|(_, unchanged)| *unchanged));
    assert!(!game.object_labelled("Ornithopter").unwrap().tapped());
    assert_eq!(game.object_labelled("Siege Wurm").unwrap().zone, Zone::Hand);
}

#[test]
fn convoke_with_creatures_only_pays_the_whole_cost() {
    // {1}{G} with two green creatures: both pay, no land is tapped, and a creature that is also
    // a mana source is not tapped twice.
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Convoked Bear"
cost = "{1}{G}"
type = "Creature — Bear"
pt = "2/2"
text = "Convoke"
[[player]]
name = "Alice"
hand = ["Convoked Bear"]
[[player]]
name = "Bob"
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
[[action]]
player = "Alice"
cast = "Convoked Bear"
convoke = ["Grizzly Bears", "Llanowar Elves"]
"#,
    );
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.object_labelled("Convoked Bear").unwrap().zone,
        Zone::InPlay
    );
    assert!(!game.object_labelled("Forest").unwrap().tapped());
    let log = log(&game);
    assert!(
        log.iter()
            .any(|e| e.contains("Grizzly Bears is tapped for convoke, paying {G}")),
        "{log:#?}"
    );
    assert!(!log.iter().any(|e| e.contains("[411.1]")), "{log:#?}");
}

#[test]
fn evoke_is_refused_without_the_keyword_and_beside_flashback() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Mulldrifter", "Grizzly Bears"]
[[player]]
name = "Bob"
[[permanent]]
card = "Island"
controller = "Alice"
label = "Island 1"
[[permanent]]
card = "Island"
controller = "Alice"
label = "Island 2"
[[permanent]]
card = "Forest"
controller = "Alice"
"#,
    );
    let mut agent = Tries::new(vec![
        // 502.74a: Grizzly Bears has no evoke.
        cast("Grizzly Bears", &[CastOption::Evoke]),
        // 409.1b: two alternative costs.
        cast("Mulldrifter", &[CastOption::Evoke, CastOption::Flashback]),
        // Without evoke, three lands can't pay {4}{U}.
        cast("Mulldrifter", &[]),
        // With it, {2}{U} is paid and the Mulldrifter is sacrificed.
        cast("Mulldrifter", &[CastOption::Evoke]),
    ]);
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let rules: Vec<&str> = agent.refused.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["502.74a", "409.1b", "409.1h"]);
    assert!(agent.refused.iter().all(|(_, unchanged)| *unchanged));
    assert_eq!(
        game.object_labelled("Mulldrifter").unwrap().zone,
        Zone::Graveyard
    );
}

#[test]
fn delve_is_refused_for_cards_outside_the_graveyard_without_it_and_beyond_generic_mana() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Gurmag Angler", "Grizzly Bears", "Lure"]
graveyard = ["Shock", "Giant Growth", "Forest"]
[[player]]
name = "Bob"
graveyard = ["Counterspell"]
[[permanent]]
card = "Swamp"
controller = "Alice"
"#,
    );
    let delving = |card: &'static str, cards: &'static [&'static str]| -> Try {
        Box::new(move |g: &Game| PriorityAction::Cast {
            card: id(g, card),
            targets: Vec::new(),
            with: Vec::new(),
            convoke: Vec::new(),
            delve: cards.iter().map(|c| id(g, c)).collect(),
            improvise: Vec::new(),
            x: 0,
        })
    };
    let mut agent = Tries::new(vec![
        // 502.64a: a card in the hand, an opponent's card, a spell without delve.
        delving("Gurmag Angler", &["Lure"]),
        delving("Gurmag Angler", &["Counterspell"]),
        delving("Grizzly Bears", &["Shock"]),
        // 409.1h: three cards and a Swamp pay 4 of {6}{B}.
        delving("Gurmag Angler", &["Shock", "Giant Growth", "Forest"]),
    ]);
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let rules: Vec<&str> = agent.refused.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["502.64a", "502.64a", "502.64a", "409.1h"]);
    assert!(agent.refused.iter().all(|(_, unchanged)| *unchanged));
    assert_eq!(game.players[0].graveyard.len(), 3, "nothing was removed");
}

#[test]
fn delve_never_pays_colored_mana() {
    // {B} of a {1}{B} delve spell: the second card would pay nothing, so it is refused.
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Small Delver"
cost = "{1}{B}"
type = "Creature — Zombie"
pt = "2/2"
text = "Delve"
[[player]]
name = "Alice"
hand = ["Small Delver"]
graveyard = ["Shock", "Giant Growth"]
[[player]]
name = "Bob"
[[permanent]]
card = "Swamp"
controller = "Alice"
[[action]]
player = "Alice"
cast = "Small Delver"
delve = ["Shock", "Giant Growth"]
"#,
    );
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("502.64a"), "{e}");
    assert!(e.message.contains("generic"), "{e}");
}

#[test]
fn improvise_is_refused_for_non_artifacts_spells_without_it_and_colored_mana() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Small Engineer"
cost = "{1}{U}"
type = "Sorcery"
text = """
Improvise
Draw a card."""
[[player]]
name = "Alice"
hand = ["Small Engineer", "Grizzly Bears"]
library = ["Lure", "Shock"]
[[player]]
name = "Bob"
[[permanent]]
card = "Ornithopter"
controller = "Alice"
label = "Ornithopter 1"
[[permanent]]
card = "Ornithopter"
controller = "Alice"
label = "Ornithopter 2"
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
[[permanent]]
card = "Island"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
"#,
    );
    let improvising = |card: &'static str, artifacts: &'static [&'static str]| -> Try {
        Box::new(move |g: &Game| PriorityAction::Cast {
            card: id(g, card),
            targets: Vec::new(),
            with: Vec::new(),
            convoke: Vec::new(),
            delve: Vec::new(),
            improvise: artifacts.iter().map(|c| id(g, c)).collect(),
            x: 0,
        })
    };
    let mut agent = Tries::new(vec![
        // 702.126a: not an artifact; a spell without improvise; the second artifact would pay
        // {U}, which improvise never pays.
        improvising("Small Engineer", &["Llanowar Elves"]),
        improvising("Grizzly Bears", &["Ornithopter 1"]),
        improvising("Small Engineer", &["Ornithopter 1", "Ornithopter 2"]),
        // One Ornithopter pays {1}, the Island {U}; the Forest stays untapped.
        improvising("Small Engineer", &["Ornithopter 1"]),
    ]);
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let rules: Vec<&str> = agent.refused.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["702.126a", "702.126a", "702.126a"]);
    assert!(agent.refused.iter().all(|(_, unchanged)| *unchanged));
    assert_eq!(
        game.object_labelled("Small Engineer").unwrap().zone,
        Zone::Graveyard
    );
    assert!(game.object_labelled("Ornithopter 1").unwrap().tapped());
    assert!(!game.object_labelled("Ornithopter 2").unwrap().tapped());
    assert!(!game.object_labelled("Forest").unwrap().tapped());
}
