//! Combat sentences read by the grammar, in play: a requirement to block the ability's source
//! for a while (500.3), "its activated abilities can't be played" (103.2), and attack costs in
//! the current wording that covers planeswalkers (308.2d).

use crate::common;

use common::{log, scenario};
use skirmish::engine::run_scenario;
use skirmish::model::Step;

/// Trumpeting Armodon attacks Bob and its ability targets `target`; then Bob declares `block`.
fn armodon(target: &str, block: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 1"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 2"
[[permanent]]
card = "Trumpeting Armodon"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Trumpeting Armodon, Hill Giant"
[[action]]
player = "Alice"
activate = "Trumpeting Armodon"
targets = ["{target}"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn the_target_must_block_the_source_when_it_can() {
    // 500.3: blocking Hill Giant instead obeys no requirement, and blocking the Armodon obeys
    // one; the declaration that obeys fewer is refused.
    let e = run_scenario(&scenario(&armodon(
        "Grizzly Bears",
        "Grizzly Bears=Hill Giant",
    )))
    .unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    assert!(e.message.contains("Trumpeting Armodon"), "{e}");
}

#[test]
fn obeying_the_requirement_is_legal_and_other_blockers_are_free() {
    let s = scenario(&armodon(
        "Grizzly Bears",
        "Grizzly Bears=Trumpeting Armodon, Wall of Wood=Hill Giant",
    ));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("Trumpeting Armodon deals 3 damage to Grizzly Bears")),
        "{l:?}"
    );
}

#[test]
fn a_creature_that_isnt_the_target_is_free_to_block_anything() {
    let s = scenario(&armodon(
        "Wall of Wood",
        "Grizzly Bears=Hill Giant, Wall of Wood=Trumpeting Armodon",
    ));
    run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    // Without the target blocking the Armodon, the requirement is broken.
    let e = run_scenario(&scenario(&armodon(
        "Wall of Wood",
        "Wall of Wood=Hill Giant",
    )))
    .unwrap_err();
    assert!(e.message.contains("Trumpeting Armodon"), "{e}");
}

#[test]
fn a_trigger_of_the_attacker_names_it_as_it() {
    // Avalanche Tusker: "target creature defending player controls blocks it this turn if
    // able"; "it" is the Tusker.
    let text = |block: &str| {
        format!(
            r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Avalanche Tusker"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Avalanche Tusker, Hill Giant"
[[action]]
player = "Alice"
choose = "Avalanche Tusker: Grizzly Bears"
[[action]]
player = "Bob"
block = "{block}"
"#
        )
    };
    let e = run_scenario(&scenario(&text(""))).unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    assert!(e.message.contains("Avalanche Tusker"), "{e}");
    run_scenario(&scenario(&text("Grizzly Bears=Avalanche Tusker")))
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn an_arrested_creature_can_neither_fight_nor_play_its_abilities() {
    let board = r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Mogg Fanatic"
controller = "Alice"
[[permanent]]
card = "Arrest"
controller = "Bob"
attached_to = "Mogg Fanatic"
[[permanent]]
card = "Raging Goblin"
controller = "Bob"
"#;
    let e = run_scenario(&scenario(&format!(
        "{board}\n[[action]]\nplayer = \"Alice\"\nattack = \"Mogg Fanatic\"\n"
    )))
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.2"), "{e}");
    // 103.2: the "can't" wins over the permission to sacrifice it for its ability.
    let e = run_scenario(&scenario(&format!(
        "{board}\n[[action]]\nplayer = \"Alice\"\nactivate = \"Mogg Fanatic\"\ntargets = [\"Raging Goblin\"]\n"
    )))
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("103.2"), "{e}");
    assert!(e.message.contains("Arrest"), "{e}");
}

#[test]
fn an_arrested_mana_creature_pays_no_costs() {
    // Llanowar Elves under Arrest can't tap for mana, so Giant Growth can't be paid.
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Giant Growth"]
[[player]]
name = "Bob"
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
[[permanent]]
card = "Arrest"
controller = "Bob"
attached_to = "Llanowar Elves"
[[action]]
player = "Alice"
cast = "Giant Growth"
targets = ["Llanowar Elves"]
"#,
    );
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1h"), "{e}");
}

#[test]
fn an_attack_cost_in_current_wording_covers_planeswalkers() {
    let board = |attack: &str| {
        format!(
            r#"
[turn]
active = "Alice"
step = "declare-attackers"
# Baird in today's Oracle wording.
[[card]]
name = "Baird, Steward of Argive"
cost = "{{2}}{{W}}{{W}}"
type = "Legendary Creature — Human Soldier"
pt = "2/4"
text = """
Vigilance
Creatures can't attack you or a planeswalker you control unless their controller pays {{1}} for each of those creatures."""
# A stand-in planeswalker: real loyalty abilities are not in the grammar.
[[card]]
name = "Sample Planeswalker"
cost = "{{2}}{{G}}{{G}}"
type = "Planeswalker — Garruk"
loyalty = 3
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Baird, Steward of Argive"
controller = "Bob"
[[permanent]]
card = "Sample Planeswalker"
label = "Garruk"
controller = "Bob"
[[action]]
player = "Alice"
attack = "{attack}"
"#
        )
    };
    // No mana: neither Bob nor Garruk can be attacked.
    for attack in ["Grizzly Bears", "Grizzly Bears->Garruk"] {
        let e = run_scenario(&scenario(&board(attack))).unwrap_err();
        assert!(
            e.rule.as_deref().is_some_and(|r| r.starts_with("308.2")),
            "{attack}: {e}"
        );
        assert!(e.message.contains("Baird"), "{attack}: {e}");
    }
    // With a Forest to pay {1}, the Bears attack Garruk.
    let paid = board("Grizzly Bears->Garruk").replace(
        "[[action]]",
        "[[permanent]]\ncard = \"Forest\"\ncontroller = \"Alice\"\n[[action]]",
    );
    let (game, _) = run_scenario(&scenario(&paid)).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("Grizzly Bears deals 2 damage to Garruk")),
        "{:?}",
        log(&game)
    );
}

/// Alaborn Veteran's ability, played by Alice in `step` of `active`'s turn.
fn veteran(active: &str, step: &str) -> Result<(), skirmish::engine::RunError> {
    let s = scenario(&format!(
        r#"
[turn]
active = "{active}"
step = "{step}"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Alaborn Veteran"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[action]]
player = "Alice"
activate = "Alaborn Veteran"
targets = ["Grizzly Bears"]
step = "{step}"
"#
    ));
    run_scenario(&s).map(|_| ())
}

#[test]
fn a_limited_ability_is_played_only_when_its_card_allows() {
    veteran("Alice", "precombat-main").unwrap_or_else(|e| panic!("{e}"));
    veteran("Alice", "beginning-of-combat").unwrap_or_else(|e| panic!("{e}"));
    for (active, step, why) in [
        (
            "Alice",
            "declare-attackers",
            "before attackers are declared",
        ),
        ("Bob", "precombat-main", "during your turn"),
    ] {
        let e = veteran(active, step).unwrap_err();
        assert_eq!(e.rule.as_deref(), Some("103.1"), "{e}");
        assert!(e.message.contains(why), "{e}");
    }
}

#[test]
fn once_each_turn_counts_this_turns_playings_and_if_reads_the_condition() {
    let text = |limit: &str, times: usize, graveyard: &str| {
        let mut s = format!(
            r#"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Pumper"
cost = "{{1}}{{G}}"
type = "Creature — Beast"
pt = "2/2"
text = "{{0}}: Sample Pumper gets +1/+1 until end of turn. {limit}"
[[player]]
name = "Alice"
graveyard = [{graveyard}]
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Pumper"
controller = "Alice"
"#
        );
        for _ in 0..times {
            s.push_str("[[action]]\nplayer = \"Alice\"\nactivate = \"Sample Pumper\"\n");
        }
        scenario(&s)
    };
    let once = "Activate this ability only once each turn.";
    run_scenario(&text(once, 1, "")).unwrap_or_else(|e| panic!("{e}"));
    let e = run_scenario(&text(once, 2, "")).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("103.1"), "{e}");
    assert!(e.message.contains("played 1 time(s) this turn"), "{e}");
    run_scenario(&text(
        "Activate this ability no more than twice each turn.",
        2,
        "",
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    let threshold = "Activate this ability only if seven or more cards are in your graveyard.";
    let e = run_scenario(&text(threshold, 1, "")).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("103.1"), "{e}");
    let seven = ["\"Forest\""; 7].join(", ");
    run_scenario(&text(threshold, 1, &seven)).unwrap_or_else(|e| panic!("{e}"));
}

/// Fog Elemental attacks Bob; `then` are more script actions.
fn fog(then: &str) -> skirmish::scenario::Scenario {
    scenario(&format!(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = ["Unsummon"]
[[player]]
name = "Bob"
[[permanent]]
card = "Fog Elemental"
controller = "Alice"
[[permanent]]
card = "Island"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Fog Elemental"
{then}
[expect]
"#
    ))
}

#[test]
fn a_delayed_trigger_sacrifices_the_attacker_at_end_of_combat() {
    let (game, _) = run_scenario(&fog("")).unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    let created = l
        .iter()
        .position(|e| e.contains("[404.4] Fog Elemental creates a delayed triggered ability"))
        .unwrap_or_else(|| panic!("{l:?}"));
    let end = l
        .iter()
        .position(|e| e.contains("end of combat step begins"))
        .unwrap_or_else(|| panic!("{l:?}"));
    let sacrificed = l
        .iter()
        .position(|e| e.contains("[501.6] Fog Elemental is sacrificed"))
        .unwrap_or_else(|| panic!("{l:?}"));
    assert!(created < end && end < sacrificed, "{l:?}");
    assert!(
        l.iter()
            .any(|e| e.contains("Fog Elemental deals 4 damage to Bob")),
        "{l:?}"
    );
    assert!(
        game.object_labelled("Fog Elemental")
            .is_some_and(|o| o.zone == skirmish::model::Zone::Graveyard)
    );
}

#[test]
fn a_delayed_trigger_about_a_permanent_that_left_play_does_nothing() {
    // 404.4d: Unsummon returns the Elemental to hand after its trigger resolved; the delayed
    // ability then finds no such permanent, and the card stays in hand.
    let s = fog(r#"[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
cast = "Unsummon"
targets = ["Fog Elemental"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true"#);
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("[217.3] Fog Elemental is returned to its owner's hand")),
        "{l:?}"
    );
    assert!(
        !l.iter().any(|e| e.contains("Fog Elemental is sacrificed")),
        "{l:?}"
    );
    assert!(
        game.object_labelled("Fog Elemental")
            .is_some_and(|o| o.zone == skirmish::model::Zone::Hand)
    );
}

#[test]
fn delayed_counter_removal_and_library_return_happen_at_end_of_combat() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Clockwork"
cost = "{4}"
type = "Artifact Creature — Insect"
pt = "0/0"
text = "Whenever Sample Clockwork attacks or blocks, remove a +1/+1 counter from it at end of combat."
[[card]]
name = "Sample Drifter"
cost = "{1}{U}"
type = "Creature — Spirit"
pt = "2/2"
text = "When Sample Drifter attacks or blocks, put it on top of its owner's library at end of combat."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Clockwork"
controller = "Alice"
counters = { "+1/+1" = 3 }
[[permanent]]
card = "Sample Drifter"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Sample Clockwork, Sample Drifter"

[expect]
life = { Bob = 15 }
log = ["[200.10] 1 +1/+1 counter removed from Sample Clockwork", "[217.2] Sample Drifter is put on top of its owner's library"]
"#,
    );
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.expect.check(&game), vec![], "{:?}", log(&game));
    assert_eq!(
        game.object_labelled("Sample Clockwork")
            .and_then(|o| o.power()),
        Some(2)
    );
    let alice = &game.players[0];
    assert_eq!(
        alice
            .library
            .first()
            .and_then(|id| game.object(*id))
            .map(|o| o.label.as_str()),
        Some("Sample Drifter")
    );
}

#[test]
fn tokens_created_during_combat_are_there_to_block() {
    // 216.1: Raise the Alarm's Soldiers come into play under Bob's control before blockers
    // are declared. (A script can't name them: labels are checked as the file loads.)
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["Raise the Alarm"]
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Plains"
controller = "Bob"
label = "Plains 1"
[[permanent]]
card = "Plains"
controller = "Bob"
label = "Plains 2"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
cast = "Raise the Alarm"
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
pass = true

[expect]
log = ["[216.1] Bob puts a 1/1 white Soldier creature token into play: Soldier", "[216.1] Bob puts a 1/1 white Soldier creature token into play: Soldier #2", "declare blockers step begins"]
"#,
    );
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.expect.check(&game), vec![], "{:?}", log(&game));
    for label in ["Soldier", "Soldier #2"] {
        let t = game
            .object_labelled(label)
            .unwrap_or_else(|| panic!("{label}"));
        assert!(t.token && t.is_creature(), "{t:?}");
        assert_eq!(t.controller, skirmish::model::PlayerId(1));
        assert!(!t.tapped());
    }
}

#[test]
fn a_comes_into_play_trigger_creates_a_flying_token() {
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Aviary"
cost = "{2}{W}"
type = "Creature — Human"
pt = "1/1"
text = "When Sample Aviary enters the battlefield, create a 1/1 white Bird creature token with flying."
[[player]]
name = "Alice"
hand = ["Sample Aviary"]
[[player]]
name = "Bob"
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
[[action]]
player = "Alice"
cast = "Sample Aviary"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
"#,
    );
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    let bird = game
        .object_labelled("Bird")
        .unwrap_or_else(|| panic!("{:?}", log(&game)));
    assert!(bird.token, "{bird:?}");
    assert!(game.has_keyword(bird.id, &skirmish::ability::Keyword::Flying));
    assert_eq!((bird.power(), bird.toughness()), (Some(1), Some(1)));
}

#[test]
fn a_spell_the_description_fits_triggers_kiln_fiend() {
    // 409.1i: once Giant Growth is played, Kiln Fiend's ability triggers; a creature spell
    // doesn't fit "instant or sorcery".
    let run = |card: &str| {
        let s = scenario(&format!(
            r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["{card}"]
[[player]]
name = "Bob"
[[permanent]]
card = "Kiln Fiend"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 1"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 2"
[[action]]
player = "Alice"
cast = "{card}"
{}
"#,
            if card == "Giant Growth" {
                "targets = [\"Kiln Fiend\"]"
            } else {
                ""
            }
        ));
        let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
        log(&game)
    };
    let l = run("Giant Growth");
    assert!(
        l.iter()
            .any(|e| e.contains("Kiln Fiend gets +3/+0 until end of turn")),
        "{l:?}"
    );
    let l = run("Grizzly Bears");
    assert!(
        !l.iter().any(|e| e.contains("Kiln Fiend gets +3/+0")),
        "{l:?}"
    );
    assert!(l.iter().any(|e| e.contains("Grizzly Bears")), "{l:?}");
}

#[test]
fn a_shield_doesnt_save_what_cant_be_regenerated() {
    // 419.6b: Drudge Skeletons' regeneration shield is up, but Wrath of God says its
    // creatures can't be regenerated; Grizzly Bears dies too.
    let s = scenario(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Wrath of God"]
[[player]]
name = "Bob"
[[permanent]]
card = "Drudge Skeletons"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Swamp"
controller = "Alice"
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
[[action]]
player = "Alice"
activate = "Drudge Skeletons"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
cast = "Wrath of God"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true

[expect]
graveyard = { Alice = ["Drudge Skeletons", "Wrath of God"], Bob = ["Grizzly Bears"] }
no_log = ["Drudge Skeletons regenerates"]
"#,
    );
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.expect.check(&game), vec![], "{:?}", log(&game));
    assert!(
        log(&game).iter().any(|e| e.contains("[419.6b]")),
        "the shield was set up: {:?}",
        log(&game)
    );
}

#[test]
fn heartwood_dryad_blocks_shadow_as_though_it_had_shadow() {
    let text = |block: &str| {
        format!(
            r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Soltari Foot Soldier"
controller = "Alice"
[[permanent]]
card = "Heartwood Dryad"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Soltari Foot Soldier"
[[action]]
player = "Bob"
block = "{block}"
"#
        )
    };
    let (game, _) = run_scenario(&scenario(&text("Heartwood Dryad=Soltari Foot Soldier")))
        .unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("Heartwood Dryad deals 2 damage to Soltari Foot Soldier")),
        "{l:?}"
    );
    // 502.8a: without that ability, shadow still keeps the Bears from blocking.
    let e = run_scenario(&scenario(&text("Grizzly Bears=Soltari Foot Soldier"))).unwrap_err();
    assert!(e.message.contains("shadow"), "{e}");
}

/// 500.3 from the attacker's side: with Quagmire in play, a Swamp no longer keeps Bob's
/// creatures from blocking Bog Wraith; without it, swampwalk does (502.6b).
#[test]
fn quagmire_lets_swampwalk_be_blocked() {
    let text = |quagmire: bool| {
        let q = if quagmire {
            "[[permanent]]\ncard = \"Quagmire\"\ncontroller = \"Bob\"\n"
        } else {
            ""
        };
        format!(
            r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Bog Wraith"
controller = "Alice"
[[permanent]]
card = "Swamp"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{q}
[[action]]
player = "Alice"
attack = "Bog Wraith"
[[action]]
player = "Bob"
block = "Grizzly Bears=Bog Wraith"
"#
        )
    };
    let (game, _) = run_scenario(&scenario(&text(true))).unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("Grizzly Bears deals 2 damage to Bog Wraith")),
        "{l:?}"
    );
    let e = run_scenario(&scenario(&text(false))).unwrap_err();
    assert!(e.message.contains("swampwalk"), "{e}");
}

/// 212.3f: a creature that came under Alice's control this turn can't attack, unless
/// something lets it attack as though it had haste (Instill Energy); that permission doesn't
/// give it haste, so it still can't pay {T} (the Elves' mana ability).
#[test]
fn instill_energy_lets_a_new_creature_attack_but_not_tap() {
    let text = |aura: bool, action: &str| {
        let a = if aura {
            "[[permanent]]\ncard = \"Instill Energy\"\ncontroller = \"Alice\"\nattached_to = \"Llanowar Elves\"\n"
        } else {
            ""
        };
        format!(
            r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
summoning_sick = true
{a}
{action}
"#
        )
    };
    let attack = "[[action]]\nplayer = \"Alice\"\nattack = \"Llanowar Elves\"\n";
    let (game, _) = run_scenario(&scenario(&text(true, attack))).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.player_named("Bob").unwrap().life,
        19,
        "{:?}",
        log(&game)
    );
    let e = run_scenario(&scenario(&text(false, attack))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("212.3f"), "{e}");
    let tap = "[[action]]\nplayer = \"Alice\"\nactivate = \"Llanowar Elves\"\n";
    let e = run_scenario(&scenario(&text(true, tap))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("212.3f"), "{e}");
}

/// "Activate this ability only before the combat damage step": Bob's Angus Mackenzie, played
/// in the declare blockers step, prevents the combat damage of the turn (2009: before it goes
/// on the stack, 310.1); in the combat damage step it can't be played.
#[test]
fn angus_mackenzie_is_played_only_before_the_combat_damage_step() {
    let text = |step: &str| {
        format!(
            r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Angus Mackenzie"
controller = "Bob"
[[permanent]]
card = "Forest"
controller = "Bob"
[[permanent]]
card = "Plains"
controller = "Bob"
[[permanent]]
card = "Island"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Bob"
step = "{step}"
activate = "Angus Mackenzie"
"#
        )
    };
    let (game, _) =
        run_scenario(&scenario(&text("declare-blockers"))).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.player_named("Bob").unwrap().life,
        20,
        "{:?}",
        log(&game)
    );
    let e = run_scenario(&scenario(&text("combat-damage"))).unwrap_err();
    assert!(e.message.contains("combat damage step"), "{e}");
}

#[test]
fn a_spell_that_cant_be_countered_resolves_anyway() {
    let forests: String = (1..=6)
        .map(|i| {
            format!(
                "[[permanent]]\ncard = \"Forest\"\ncontroller = \"Alice\"\nlabel = \"Forest {i}\"\n"
            )
        })
        .collect();
    let s = scenario(&format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Scragnoth"]
[[player]]
name = "Bob"
hand = ["Counterspell"]
{forests}
[[permanent]]
card = "Island"
controller = "Bob"
label = "Island 1"
[[permanent]]
card = "Island"
controller = "Bob"
label = "Island 2"
[[action]]
player = "Alice"
cast = "Scragnoth"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
cast = "Counterspell"
targets = ["Scragnoth"]

[expect]
in_play = ["Scragnoth"]
graveyard = {{ Bob = ["Counterspell"] }}
log = ["[103.2] Scragnoth can't be countered, so it stays on the stack"]
"#
    ));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.expect.check(&game), vec![], "{:?}", log(&game));
}

/// Alice attacks with `attack`; Bob, with Sneaky Homunculus, Hill Giant and Llanowar Elves,
/// blocks with `block`.
fn homunculus(active: &str, attack: &str, block: &str) -> String {
    let defender = if active == "Alice" { "Bob" } else { "Alice" };
    format!(
        r#"
[turn]
active = "{active}"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sneaky Homunculus"
controller = "Alice"
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
label = "Alice's Elves"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[permanent]]
card = "Llanowar Elves"
controller = "Bob"
label = "Bob's Elves"
[[action]]
player = "{active}"
attack = "{attack}"
[[action]]
player = "{defender}"
block = "{block}"
"#
    )
}

#[test]
fn a_creature_that_cant_block_or_be_blocked_by_the_big_ones() {
    // 500.3a both ways: the Giant (power 3) can't block the Homunculus, the Elves can.
    let e = run_scenario(&scenario(&homunculus(
        "Alice",
        "Sneaky Homunculus",
        "Hill Giant=Sneaky Homunculus",
    )))
    .unwrap_err();
    assert!(e.message.contains("Hill Giant"), "{e}");
    run_scenario(&scenario(&homunculus(
        "Alice",
        "Sneaky Homunculus",
        "Bob's Elves=Sneaky Homunculus",
    )))
    .unwrap_or_else(|e| panic!("{e}"));
    // And the Homunculus can't block the Giant, but can block the Elves.
    let e = run_scenario(&scenario(&homunculus(
        "Bob",
        "Hill Giant, Bob's Elves",
        "Sneaky Homunculus=Hill Giant",
    )))
    .unwrap_err();
    assert!(e.message.contains("Sneaky Homunculus"), "{e}");
    run_scenario(&scenario(&homunculus(
        "Bob",
        "Hill Giant, Bob's Elves",
        "Sneaky Homunculus=Bob's Elves",
    )))
    .unwrap_or_else(|e| panic!("{e}"));
}

/// Three attackers; Bob casts Yare on his Wall of Wood if `yare`, then blocks all three with it.
fn yare(yare: bool) -> String {
    let cast = if yare {
        r#"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
cast = "Yare"
targets = ["Wall of Wood"]
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
pass = true
"#
    } else {
        ""
    };
    format!(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["Yare"]
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
label = "Bears 1"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
label = "Bears 2"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
label = "Bears 3"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
[[permanent]]
card = "Plains"
controller = "Bob"
label = "Plains 1"
[[permanent]]
card = "Plains"
controller = "Bob"
label = "Plains 2"
[[permanent]]
card = "Plains"
controller = "Bob"
label = "Plains 3"
[[action]]
player = "Alice"
attack = "Bears 1, Bears 2, Bears 3"
{cast}
[[action]]
player = "Bob"
block = "Wall of Wood=Bears 1, Wall of Wood=Bears 2, Wall of Wood=Bears 3"
"#
    )
}

#[test]
fn up_to_two_additional_creatures_lets_one_wall_block_three() {
    // 309.2a: without the permission a creature blocks one attacker.
    let e = run_scenario(&scenario(&yare(false))).unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    let (game, _) = run_scenario(&scenario(&yare(true))).unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("Wall of Wood") && e.contains("Bears 3")),
        "{l:?}"
    );
}
