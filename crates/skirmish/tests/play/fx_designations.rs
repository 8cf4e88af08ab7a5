//! Rule-500 lines of player designations, random choices, modal triggers, extra turns, chosen
//! colors and Auras that enchant players, played through the engine.

use crate::common;

use common::{log, logged, play, scenario};
use skirmish::engine::run_scenario;

/// Alice, in her precombat main phase with Riverfall Mimic and enough lands, casts `spell`
/// (its cost `cost`), then attacks with the Mimic; Bob tries to block it with Grizzly Bears.
fn mimic(cost: &str) -> String {
    format!(
        r#"
[[card]]
name = "Riverfall Mimic"
cost = "{{1}}{{U/R}}"
type = "Creature — Shapeshifter"
pt = "2/1"
text = "Whenever you cast a spell that's both blue and red, Riverfall Mimic has base power and toughness 3/3 until end of turn and can't be blocked this turn."

[[card]]
name = "Test Bolt"
cost = "{cost}"
type = "Instant"
text = "You gain 1 life."

[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Test Bolt"]
[[player]]
name = "Bob"
[[permanent]]
card = "Riverfall Mimic"
controller = "Alice"
[[permanent]]
card = "Island"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Test Bolt"
[[action]]
player = "Alice"
attack = "Riverfall Mimic"
[[action]]
player = "Bob"
block = "Grizzly Bears=Riverfall Mimic"
"#
    )
}

#[test]
fn riverfall_mimic_answers_a_spell_that_is_both_blue_and_red() {
    // A blue and red spell: the Mimic is a 3/3 that can't be blocked this turn.
    let e = run_scenario(&scenario(&mimic("{U}{R}"))).unwrap_err();
    assert!(e.message.contains("can't be blocked"), "{e}");
    // A blue spell only: no trigger; the Bears block a 2/1 and it dies.
    let game = play(&mimic("{U}{1}"));
    assert!(
        logged(&game, "Grizzly Bears blocks Riverfall Mimic"),
        "{:?}",
        log(&game)
    );
    assert!(
        !logged(&game, "base power and toughness"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn riverfall_mimic_has_base_power_and_toughness_three() {
    // Unblocked, the 3/3 deals 3 to Bob.
    let text = mimic("{U}{R}").replace(
        "[[action]]\nplayer = \"Bob\"\nblock = \"Grizzly Bears=Riverfall Mimic\"\n",
        "[expect]\nlife = { Bob = 17 }\n",
    );
    let game = play(&text);
    assert!(
        logged(&game, "has base power and toughness 3/3"),
        "{:?}",
        log(&game)
    );
}

const ENTOURAGE: &str = r#"
[[card]]
name = "Entourage of Trest"
cost = "{4}{G}"
type = "Creature — Elf Soldier"
pt = "4/4"
text = """
When Entourage of Trest enters the battlefield, you become the monarch.
Entourage of Trest can block an additional creature each combat as long as you're the monarch."""
"#;

const HIRELING: &str = r#"
[[card]]
name = "Crown-Hunter Hireling"
cost = "{4}{R}"
type = "Creature — Ogre Mercenary"
pt = "4/4"
text = """
When Crown-Hunter Hireling enters the battlefield, you become the monarch.
Crown-Hunter Hireling can't attack unless defending player is the monarch."""
"#;

/// Bob attacks Alice with two Grizzly Bears; Alice, the monarch if `monarch`, blocks both
/// with Entourage of Trest.
fn entourage(monarch: bool) -> String {
    format!(
        r#"{ENTOURAGE}
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
monarch = {monarch}
[[player]]
name = "Bob"
[[permanent]]
card = "Entourage of Trest"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
label = "Bears 1"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
label = "Bears 2"
controller = "Bob"
[[action]]
player = "Bob"
attack = "Bears 1, Bears 2"
[[action]]
player = "Alice"
block = "Entourage of Trest=Bears 1, Entourage of Trest=Bears 2"
"#
    )
}

#[test]
fn entourage_of_trest_blocks_two_creatures_while_its_controller_is_the_monarch() {
    let game = play(&entourage(true));
    assert!(
        logged(&game, "Entourage of Trest blocks Bears 1 and Bears 2"),
        "{:?}",
        log(&game)
    );
    let e = run_scenario(&scenario(&entourage(false))).unwrap_err();
    assert!(e.message.contains("Entourage of Trest"), "{e}");
}

/// Alice attacks Bob with Crown-Hunter Hireling; `bob_monarch`: Bob is the monarch (else
/// no one is). Alice has a card to draw.
fn hireling(bob_monarch: bool) -> String {
    format!(
        r#"{HIRELING}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
library = ["Island"]
[[player]]
name = "Bob"
library = ["Forest"]
monarch = {bob_monarch}
[[permanent]]
card = "Crown-Hunter Hireling"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Crown-Hunter Hireling"
"#
    )
}

#[test]
fn crown_hunter_hireling_attacks_only_the_monarch_and_takes_the_crown() {
    let e = run_scenario(&scenario(&hireling(false))).unwrap_err();
    assert!(e.message.contains("can't attack"), "{e}");
    // 724.2: combat damage to the monarch makes the Hireling's controller the monarch, and
    // at the beginning of her end step she draws a card.
    let text = format!(
        "{}[expect]\nlife = {{ Bob = 16 }}\nhand = {{ Alice = [\"Island\"], Bob = [] }}\n",
        hireling(true)
    );
    let game = play(&text);
    assert!(
        logged(&game, "[724.3] Alice becomes the monarch"),
        "{:?}",
        log(&game)
    );
    assert!(
        logged(
            &game,
            "the monarch's end step, that player draws a card (724.2)"
        ),
        "{:?}",
        log(&game)
    );
    assert!(game.players[0].monarch && !game.players[1].monarch);
}

#[test]
fn a_creature_entering_makes_its_controller_the_monarch() {
    // Bob was the monarch; Alice casts Crown-Hunter Hireling and becomes it (724.3), and draws
    // at the beginning of her end step; Bob's end step would not come this turn.
    let text = format!(
        r#"{HIRELING}
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Crown-Hunter Hireling"]
library = ["Island"]
[[player]]
name = "Bob"
monarch = true
[[permanent]]
card = "Mountain"
label = "Mountain 1"
controller = "Alice"
[[permanent]]
card = "Mountain"
label = "Mountain 2"
controller = "Alice"
[[permanent]]
card = "Mountain"
label = "Mountain 3"
controller = "Alice"
[[permanent]]
card = "Mountain"
label = "Mountain 4"
controller = "Alice"
[[permanent]]
card = "Mountain"
label = "Mountain 5"
controller = "Alice"
[[action]]
player = "Alice"
cast = "Crown-Hunter Hireling"
[expect]
hand = {{ Alice = ["Island"] }}
"#
    );
    let game = play(&text);
    assert!(
        logged(&game, "[724.3] Alice becomes the monarch"),
        "{:?}",
        log(&game)
    );
    assert!(game.players[0].monarch && !game.players[1].monarch);
}

#[test]
fn two_monarchs_are_a_file_error() {
    let text = hireling(true).replace("name = \"Alice\"\n", "name = \"Alice\"\nmonarch = true\n");
    let file = skirmish::diagnostics::SourceFile::new("inline.toml", &text);
    let e = skirmish::scenario::Scenario::parse(file).unwrap_err();
    assert!(e.to_string().contains("724.3"), "{e}");
}

const MEDOMAI: &str = r#"
[[card]]
name = "Medomai the Ageless"
cost = "{4}{W}{U}"
type = "Legendary Creature — Sphinx"
pt = "4/4"
text = """
Flying
Whenever Medomai the Ageless deals combat damage to a player, take an extra turn after this one.
Medomai the Ageless can't attack during extra turns."""
"#;

/// Alice attacks with Medomai the Ageless; then `then`.
fn medomai(then: &str) -> String {
    format!(
        r#"{MEDOMAI}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
library = ["Island", "Island"]
[[player]]
name = "Bob"
library = ["Forest", "Forest"]
[[permanent]]
card = "Medomai the Ageless"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Medomai the Ageless"
{then}
"#
    )
}

#[test]
fn medomai_the_ageless_takes_an_extra_turn_and_cant_attack_during_it() {
    // The extra turn is Alice's (300.6), and Bob's turn follows it.
    let game = play(&medomai(
        "[[action]]\nplayer = \"Alice\"\nattack = \"Grizzly Bears\"\n[[action]]\nplayer = \"Bob\"\nattack = \"\"\n",
    ));
    assert!(
        logged(
            &game,
            "[300.6] Alice will take an extra turn after this one"
        ),
        "{:?}",
        log(&game)
    );
    assert!(
        logged(&game, "turn 2 (Alice): untap step begins"),
        "{:?}",
        log(&game)
    );
    assert!(
        logged(&game, "turn 3 (Bob): untap step begins"),
        "{:?}",
        log(&game)
    );
    // During the extra turn Medomai can't attack.
    let e = run_scenario(&scenario(&medomai(
        "[[action]]\nplayer = \"Alice\"\nattack = \"Medomai the Ageless\"\n",
    )))
    .unwrap_err();
    assert!(e.message.contains("can't attack") && e.turn == 2, "{e}");
}

const MOAT: &str = r#"
[[card]]
name = "Teferi's Moat"
cost = "{3}{W}{U}"
type = "Enchantment"
text = """
As Teferi's Moat enters the battlefield, choose a color.
Creatures of the chosen color without flying can't attack you."""
"#;

/// Bob attacks Alice with `attackers` past Teferi's Moat, green chosen.
fn moat(attackers: &str) -> String {
    format!(
        r#"{MOAT}
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Teferi's Moat"
controller = "Alice"
chosen_color = "green"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Raging Goblin"
controller = "Bob"
[[action]]
player = "Bob"
attack = "{attackers}"
"#
    )
}

#[test]
fn teferis_moat_keeps_out_creatures_of_the_chosen_color() {
    let e = run_scenario(&scenario(&moat("Grizzly Bears"))).unwrap_err();
    assert!(e.message.contains("can't attack"), "{e}");
    // A red creature isn't of the chosen color.
    let game = play(&moat("Raging Goblin"));
    assert!(
        logged(&game, "Raging Goblin attacks Alice"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn teferis_moat_asks_for_its_color_as_it_comes_into_play() {
    // Alice casts the Moat choosing `color`; on Bob's turn his Grizzly Bears try to attack.
    let text = |color: &str| {
        format!(
            r#"{MOAT}
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Teferi's Moat"]
library = ["Island", "Island"]
[[player]]
name = "Bob"
library = ["Forest", "Forest"]
[[permanent]]
card = "Plains"
controller = "Alice"
[[permanent]]
card = "Island"
label = "Island 1"
controller = "Alice"
[[permanent]]
card = "Island"
label = "Island 2"
controller = "Alice"
[[permanent]]
card = "Island"
label = "Island 3"
controller = "Alice"
[[permanent]]
card = "Island"
label = "Island 4"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Teferi's Moat"
[[action]]
player = "Alice"
choose = "Teferi's Moat: {color}"
[[action]]
player = "Bob"
attack = "Grizzly Bears"
"#
        )
    };
    let e = run_scenario(&scenario(&text("green"))).unwrap_err();
    assert!(e.message.contains("can't attack") && e.turn == 2, "{e}");
    let game = play(&text("red"));
    assert!(
        logged(
            &game,
            "[410.10e] Alice chooses red as Teferi's Moat comes into play"
        ),
        "{:?}",
        log(&game)
    );
    assert!(
        logged(&game, "Grizzly Bears attacks Alice"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn a_moat_in_play_needs_its_chosen_color() {
    let text = moat("Grizzly Bears").replace("chosen_color = \"green\"\n", "");
    let file = skirmish::diagnostics::SourceFile::new("inline.toml", &text);
    let e = skirmish::scenario::Scenario::parse(file).unwrap_err();
    assert!(e.to_string().contains("410.10e"), "{e}");
}

/// Alice attacks with Canal Courier and Grizzly Bears, declared as `attack`; Bob blocks the
/// Courier with Hill Giant.
fn courier(attack: &str) -> String {
    format!(
        r#"attack_multiple_players = true

[[card]]
name = "Canal Courier"
cost = "{{5}}{{U}}"
type = "Creature — Human Rogue"
pt = "3/5"
text = """
When Canal Courier enters the battlefield, you become the monarch.
Whenever Canal Courier and another creature attack different players, Canal Courier can't be blocked this combat."""

[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[player]]
name = "Carol"
[[permanent]]
card = "Canal Courier"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Alice"
attack = "{attack}"
[[action]]
player = "Bob"
block = "Hill Giant=Canal Courier"
"#
    )
}

#[test]
fn canal_courier_cant_be_blocked_when_it_and_another_attack_different_players() {
    let e = run_scenario(&scenario(&courier(
        "Canal Courier->Bob, Grizzly Bears->Carol",
    )))
    .unwrap_err();
    assert!(e.message.contains("can't be blocked"), "{e}");
    // Both attacking Bob: no trigger, and the Giant blocks.
    let game = play(&courier("Canal Courier->Bob, Grizzly Bears->Bob"));
    assert!(
        logged(&game, "Hill Giant blocks Canal Courier"),
        "{:?}",
        log(&game)
    );
}

const CURSE: &str = r#"
[[card]]
name = "Curse of the Nightly Hunt"
cost = "{2}{R}"
type = "Enchantment — Aura Curse"
text = """
Enchant player
Creatures enchanted player controls attack each combat if able."""
"#;

#[test]
fn creatures_the_cursed_player_controls_attack_each_combat() {
    let text = |attack: &str| {
        format!(
            r#"{CURSE}
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Curse of the Nightly Hunt"
controller = "Alice"
attached_to = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Bob"
attack = "{attack}"
"#
        )
    };
    let e = run_scenario(&scenario(&text(""))).unwrap_err();
    assert!(e.message.contains("Grizzly Bears"), "{e}");
    let game = play(&text("Grizzly Bears"));
    assert!(
        logged(&game, "Grizzly Bears attacks Alice"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn a_curse_is_cast_targeting_a_player_and_enchants_that_player() {
    // Alice curses Bob; on his turn his Grizzly Bears must attack, and Alice's own Hill
    // Giant never had to.
    let text = |target: &str| {
        format!(
            r#"{CURSE}
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Curse of the Nightly Hunt"]
library = ["Island", "Island"]
[[player]]
name = "Bob"
library = ["Forest", "Forest"]
[[permanent]]
card = "Mountain"
label = "Mountain 1"
controller = "Alice"
[[permanent]]
card = "Mountain"
label = "Mountain 2"
controller = "Alice"
[[permanent]]
card = "Mountain"
label = "Mountain 3"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Curse of the Nightly Hunt"
targets = ["{target}"]
[[action]]
player = "Alice"
attack = ""
[[action]]
player = "Bob"
attack = ""
"#
        )
    };
    let e = run_scenario(&scenario(&text("Bob"))).unwrap_err();
    assert!(e.message.contains("Grizzly Bears") && e.turn == 2, "{e}");
    // An Aura that enchants a player can't target a creature.
    let e = run_scenario(&scenario(&text("Grizzly Bears"))).unwrap_err();
    assert!(e.turn == 1, "{e}");
}

/// Alice attacks with Fickle Efreet; `answer` is her answer to the coin flip, if any.
fn efreet(answer: &str) -> String {
    format!(
        r#"
[[card]]
name = "Fickle Efreet"
cost = "{{3}}{{R}}"
type = "Creature — Efreet"
pt = "5/2"
text = "Whenever Fickle Efreet attacks or blocks, flip a coin at end of combat. If you lose the flip, an opponent gains control of Fickle Efreet."

[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Fickle Efreet"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Fickle Efreet"
{answer}
"#
    )
}

#[test]
fn fickle_efreet_goes_to_an_opponent_when_its_flip_at_end_of_combat_is_lost() {
    let game = play(&efreet(
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Fickle Efreet: lost\"\n",
    ));
    assert!(
        logged(
            &game,
            "[511.1] Alice flips a coin for Fickle Efreet and loses the flip"
        ),
        "{:?}",
        log(&game)
    );
    let it = game.object_labelled("Fickle Efreet").unwrap();
    assert_eq!(it.controller, skirmish::model::PlayerId(1));
    // The flip is made at end of combat, after the damage: Bob took 5.
    assert_eq!(game.players[1].life, 15);
    // Won (unanswered): Alice keeps it.
    let game = play(&efreet(""));
    assert!(logged(&game, "and wins the flip"), "{:?}", log(&game));
    let it = game.object_labelled("Fickle Efreet").unwrap();
    assert_eq!(it.controller, skirmish::model::PlayerId(0));
}

/// Bob attacks with Grizzly Bears; Alice blocks with `blockers`, Ydwen Efreet among them,
/// and answers its flip with `answer`.
fn ydwen(blockers: &str, answer: &str) -> String {
    format!(
        r#"
[[card]]
name = "Ydwen Efreet"
cost = "{{R}}{{R}}{{R}}"
type = "Creature — Efreet"
pt = "3/6"
text = "Whenever Ydwen Efreet blocks, flip a coin. If you lose the flip, remove Ydwen Efreet from combat and it can't block this turn. Creatures it was blocking that had become blocked by only Ydwen Efreet this combat become unblocked."

[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Ydwen Efreet"
controller = "Alice"
[[permanent]]
card = "Wall of Wood"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Bob"
attack = "Grizzly Bears"
[[action]]
player = "Alice"
block = "{blockers}"
{answer}
"#
    )
}

#[test]
fn ydwen_efreet_leaves_combat_on_a_lost_flip_and_its_lone_attacker_is_unblocked() {
    let lost = "[[action]]\nplayer = \"Alice\"\nchoose = \"Ydwen Efreet: lost\"\n";
    let game = play(&ydwen("Ydwen Efreet=Grizzly Bears", lost));
    assert!(
        logged(&game, "[103.1] Grizzly Bears becomes unblocked"),
        "{:?}",
        log(&game)
    );
    assert_eq!(game.players[0].life, 18, "{:?}", log(&game));
    // Blocked by the Wall too: it stays blocked, and deals no damage to Alice.
    let game = play(&ydwen(
        "Ydwen Efreet=Grizzly Bears, Wall of Wood=Grizzly Bears",
        lost,
    ));
    assert!(!logged(&game, "becomes unblocked"), "{:?}", log(&game));
    assert_eq!(game.players[0].life, 20);
    // Won: the Efreet blocks and the Bears die.
    let game = play(&ydwen("Ydwen Efreet=Grizzly Bears", ""));
    assert!(logged(&game, "and wins the flip"), "{:?}", log(&game));
    assert_eq!(game.players[0].life, 20);
}
