//! Rule-500 sentences whose rule is made by an effect for a whole declaration, or whose
//! instructions wait on a player's choice: "each opponent can't block with more than one
//! creature this combat" (Mirri, Weatherlight Duelist), choices by opponents in triggered
//! abilities, exert, energy, and abilities with several targets. Played through the engine.

use crate::common;

use common::{BOTH_PASS, log, logged, play, scenario};
use skirmish::engine::{RunError, run_scenario};
use skirmish::model::Game;

fn run(text: &str) -> Result<Game, RunError> {
    run_scenario(&scenario(text)).map(|(g, _)| g)
}

const MIRRI: &str = r#"
[[card]]
name = "Mirri, Weatherlight Duelist"
cost = "{1}{G}{W}"
type = "Legendary Creature — Cat Warrior"
pt = "3/2"
text = """First strike
Whenever Mirri, Weatherlight Duelist attacks, each opponent can't block with more than one creature this combat.
As long as Mirri, Weatherlight Duelist is tapped, no more than one creature can attack you each combat."""
"#;

/// Alice attacks with Mirri and Hill Giant; Bob, with two Walls of Wood, blocks `block`.
fn mirri(block: &str) -> String {
    format!(
        r#"{MIRRI}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Mirri, Weatherlight Duelist"
controller = "Alice"
label = "Mirri"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
label = "Wall 1"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
label = "Wall 2"
[[action]]
player = "Alice"
attack = "Mirri, Hill Giant"
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn mirri_lets_each_opponent_block_with_one_creature_this_combat() {
    // 500.3: two blockers are refused while the effect lasts.
    let e = run(&mirri("Wall 1=Hill Giant, Wall 2=Mirri")).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.3"), "{e}");
    assert!(e.message.contains("Mirri"), "{e}");
    // One blocker is fine: Mirri's 3 reach Bob.
    let game = play(&(mirri("Wall 1=Hill Giant") + "[expect]\nlife = { Bob = 17 }\n"));
    assert!(
        logged(&game, "can't block with more than 1"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn without_mirri_attacking_nothing_limits_the_blockers() {
    // Without Mirri attacking, nothing limits Bob's blockers.
    let text = mirri("Wall 1=Hill Giant, Wall 2=Hill Giant")
        .replace("attack = \"Mirri, Hill Giant\"", "attack = \"Hill Giant\"");
    play(&(text + "[expect]\nlife = { Bob = 20 }\n"));
}

const CARRION: &str = r#"
[[card]]
name = "Carrion Rats"
cost = "{B}"
type = "Creature — Rat"
pt = "2/2"
text = "Whenever Carrion Rats attacks or blocks, any player may exile a card from his or her graveyard. If a player does, Carrion Rats assigns no combat damage this turn."
[[card]]
name = "Carrion Wurm"
cost = "{3}{B}{B}"
type = "Creature — Zombie Wurm"
pt = "6/5"
text = "Whenever Carrion Wurm attacks or blocks, any player may exile three cards from his or her graveyard. If a player does, Carrion Wurm assigns no combat damage this turn."
"#;

/// Alice attacks with `attacker`; Bob's graveyard holds `graveyard`; then the `rest`.
fn carrion(attacker: &str, graveyard: &str, rest: &str) -> String {
    format!(
        r#"{CARRION}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
graveyard = ["Forest"]
[[player]]
name = "Bob"
graveyard = [{graveyard}]
[[permanent]]
card = "{attacker}"
controller = "Alice"
[[action]]
player = "Alice"
attack = "{attacker}"
{rest}"#
    )
}

#[test]
fn carrion_rats_assigns_no_combat_damage_if_any_player_exiles_a_card() {
    // Alice (active) is asked first and declines by not answering; Bob removes Shock (410.5).
    let bob = "[[action]]\nplayer = \"Bob\"\nchoose = \"Carrion Rats: Shock\"\n";
    let game = play(
        &(carrion("Carrion Rats", "\"Shock\"", bob)
            + "[expect]\nlife = { Bob = 20 }\ngraveyard = { Bob = [] }\n"),
    );
    assert!(
        logged(&game, "Carrion Rats assigns no combat damage"),
        "{:?}",
        log(&game)
    );
    // No one removes a card: its 2 damage is dealt.
    play(&(carrion("Carrion Rats", "\"Shock\"", "") + "[expect]\nlife = { Bob = 18 }\n"));
    // Once Alice does, Bob isn't asked: an answer from him is never taken.
    let alice = "[[action]]\nplayer = \"Alice\"\nchoose = \"Carrion Rats: Forest\"\n";
    play(&(carrion("Carrion Rats", "", alice) + "[expect]\nlife = { Bob = 20 }\n"));
    let e = run(&carrion(
        "Carrion Rats",
        "\"Shock\"",
        &(alice.to_string() + bob),
    ))
    .unwrap_err();
    assert!(e.message.contains("never taken"), "{e}");
}

#[test]
fn carrion_wurm_needs_three_cards_from_one_graveyard() {
    // Two cards aren't enough: Bob can't choose, and the Wurm's 6 damage is dealt.
    play(
        &(carrion("Carrion Wurm", "\"Shock\", \"Island\"", "") + "[expect]\nlife = { Bob = 14 }\n"),
    );
    let three = "[[action]]\nplayer = \"Bob\"\nchoose = \"Carrion Wurm: Shock\"\n[[action]]\nplayer = \"Bob\"\nchoose = \"Carrion Wurm: Island\"\n[[action]]\nplayer = \"Bob\"\nchoose = \"Carrion Wurm: Swamp\"\n";
    play(
        &(carrion("Carrion Wurm", "\"Shock\", \"Island\", \"Swamp\"", three)
            + "[expect]\nlife = { Bob = 20 }\n"),
    );
}

#[test]
fn carrion_rats_blocking_assigns_no_damage_to_the_attacker() {
    let text = format!(
        r#"{CARRION}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
graveyard = ["Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Carrion Rats"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Grizzly Bears"
[[action]]
player = "Bob"
block = "Carrion Rats=Grizzly Bears"
[[action]]
player = "Alice"
choose = "Carrion Rats: Forest"
[expect]
in_play = ["Grizzly Bears"]
not_in_play = ["Carrion Rats"]
"#
    );
    play(&text);
}

const WEB: &str = r#"
[[card]]
name = "Web of Inertia"
cost = "{2}{U}"
type = "Enchantment"
text = "At the beginning of combat on each opponent's turn, that player may exile a card from his or her graveyard. If the player doesn't, creatures he or she controls can't attack you this turn."
"#;

/// Bob's turn, with Alice's Web of Inertia; Bob's graveyard holds `graveyard`; the `rest`
/// of the actions come after the beginning of combat's trigger.
fn web(graveyard: &str, rest: &str) -> String {
    format!(
        r#"{WEB}
[turn]
active = "Bob"
step = "precombat-main"
[[player]]
name = "Alice"
graveyard = ["Island"]
[[player]]
name = "Bob"
graveyard = [{graveyard}]
[[permanent]]
card = "Web of Inertia"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
pass = true
{rest}"#
    )
}

#[test]
fn web_of_inertia_keeps_the_creatures_of_a_player_who_doesnt_pay_from_attacking() {
    let attack = "[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\nattack = \"Grizzly Bears\"\n";
    // Bob removes Shock from the game: the Bears may attack Alice.
    let pay = "[[action]]\nplayer = \"Bob\"\nchoose = \"Web of Inertia: Shock\"\n";
    let game = play(
        &(web("\"Shock\"", &(pay.to_string() + attack)) + "[expect]\nlife = { Alice = 18 }\n"),
    );
    assert!(logged(&game, "Bob removes Shock"), "{:?}", log(&game));
    // He declines (or has nothing to remove): they can't attack Alice this turn (500.2).
    let e = run(&web("\"Shock\"", attack)).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.2"), "{e}");
    let e = run(&web("", attack)).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.2"), "{e}");
}

#[test]
fn web_of_inertia_doesnt_trigger_on_its_controllers_turn() {
    // Alice's own turn: nothing is asked, and her Bears attack.
    let text = web("", "")
        .replace("active = \"Bob\"", "active = \"Alice\"")
        .replace(
            "card = \"Grizzly Bears\"\ncontroller = \"Bob\"",
            "card = \"Grizzly Bears\"\ncontroller = \"Alice\"",
        );
    let text = text.replace(
        "[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\npass = true\n",
        "[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\nattack = \"Grizzly Bears\"\n",
    );
    play(&(text + "[expect]\nlife = { Bob = 18 }\n"));
}

const ADVOKIST: &str = r#"
[[card]]
name = "Orzhov Advokist"
cost = "{2}{W}"
type = "Creature — Human Advisor"
pt = "1/4"
text = "At the beginning of your upkeep, each player may put two +1/+1 counters on a creature he or she controls. If a player does, creatures that player controls can't attack you or a planeswalker you control until your next turn."
"#;

/// Alice's upkeep with Orzhov Advokist; Bob has Grizzly Bears and Llanowar Elves; the
/// choices, then Bob's turn where he declares `attack`.
fn advokist(choices: &str, attack: &str) -> String {
    format!(
        r#"{ADVOKIST}
[turn]
active = "Alice"
step = "upkeep"
[[player]]
name = "Alice"
library = ["Forest", "Forest"]
[[player]]
name = "Bob"
library = ["Forest", "Forest"]
[[permanent]]
card = "Orzhov Advokist"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Llanowar Elves"
controller = "Bob"
{choices}
[[action]]
player = "Bob"
attack = "{attack}"
"#
    )
}

#[test]
fn orzhov_advokist_keeps_a_player_who_takes_the_counters_from_attacking() {
    // Bob takes the counters: his creatures, the Elves too, can't attack Alice until her
    // next turn (500.2), but the Bears are 4/4.
    let bob = "[[action]]\nplayer = \"Bob\"\nchoose = \"Orzhov Advokist: Grizzly Bears\"\n";
    let e = run(&advokist(bob, "Llanowar Elves")).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.2"), "{e}");
    let game = play(&(advokist(bob, "") + "[expect]\nlife = { Alice = 20 }\n"));
    assert_eq!(
        game.power(game.object_labelled("Grizzly Bears").unwrap().id),
        Some(4)
    );
    // He declines: his Bears attack as a 2/2.
    play(&(advokist("", "Grizzly Bears") + "[expect]\nlife = { Alice = 18 }\n"));
    // Alice takes them herself: nothing stops Bob.
    let alice = "[[action]]\nplayer = \"Alice\"\nchoose = \"Orzhov Advokist: Orzhov Advokist\"\n";
    play(&(advokist(alice, "Grizzly Bears") + "[expect]\nlife = { Alice = 18 }\n"));
}

const ENERGY: &str = r#"
[[card]]
name = "Peema Aether-Seer"
cost = "{3}{G}"
type = "Creature — Elf Druid"
pt = "3/3"
text = """When Peema Aether-Seer enters the battlefield, you get an amount of {E} equal to the greatest power among creatures you control.
Pay {E}{E}{E}: Target creature blocks this turn if able."""
[[card]]
name = "Maulfist Doorbuster"
cost = "{2}{R}"
type = "Creature — Human Warrior"
pt = "3/3"
text = """When Maulfist Doorbuster enters the battlefield, you get {E}{E}.
Whenever Maulfist Doorbuster attacks, you may pay {E}. If you do, target creature can't block this turn."""
"#;

fn energy_of(game: &Game, name: &str) -> u32 {
    game.players
        .iter()
        .find(|p| p.name == name)
        .map_or(0, |p| p.energy)
}

/// Alice's main phase with `energy` energy counters, three Forests and a Mountain, Hill Giant and `alice`
/// (permanents) and `hand`; Bob has Wall of Wood; then the `rest` of the actions.
fn energy_game(energy: u32, alice: &[&str], hand: &str, rest: &str) -> String {
    let mut t = format!(
        "{ENERGY}\n[turn]\nactive = \"Alice\"\nstep = \"precombat-main\"\n[[player]]\nname = \"Alice\"\nenergy = {energy}\nhand = [{hand}]\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Wall of Wood\"\ncontroller = \"Bob\"\n"
    );
    for (i, land) in ["Forest", "Forest", "Forest", "Mountain"]
        .iter()
        .enumerate()
    {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"{land}\"\ncontroller = \"Alice\"\nlabel = \"Land {i}\"\n"
        ));
    }
    for c in ["Hill Giant"].iter().chain(alice) {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"{c}\"\ncontroller = \"Alice\"\n"
        ));
    }
    t + rest
}

#[test]
fn peema_gets_energy_equal_to_the_greatest_power_and_spends_it_on_a_block_requirement() {
    // Peema comes into play: the greatest power among Alice's creatures is 3 (current 122.1).
    let cast = format!(
        "[[action]]\nplayer = \"Alice\"\ncast = \"Peema Aether-Seer\"\n{BOTH_PASS}{BOTH_PASS}"
    );
    let game = play(&energy_game(1, &[], "\"Peema Aether-Seer\"", &cast));
    assert_eq!(energy_of(&game, "Alice"), 4, "{:?}", log(&game));
    // Three energy pay for the requirement: the Wall must block (500.3).
    let activate = format!(
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Peema Aether-Seer\"\ntargets = [\"Wall of Wood\"]\n{BOTH_PASS}[[action]]\nplayer = \"Alice\"\nattack = \"Hill Giant\"\n[[action]]\nplayer = \"Bob\"\nblock = \"\"\n"
    );
    let e = run(&energy_game(3, &["Peema Aether-Seer"], "", &activate)).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.4"), "{e}");
    assert!(e.message.contains("Wall of Wood blocks if able"), "{e}");
    let game = play(
        &(energy_game(
            3,
            &["Peema Aether-Seer"],
            "",
            &activate.replace("block = \"\"", "block = \"Wall of Wood=Hill Giant\""),
        ) + "[expect]\nlife = { Bob = 20 }\n"),
    );
    assert_eq!(energy_of(&game, "Alice"), 0);
    // Two energy can't pay {E}{E}{E} (current 107.14).
    let e = run(&energy_game(2, &["Peema Aether-Seer"], "", &activate)).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("107.14"), "{e}");
}

/// Alice attacks with Maulfist Doorbuster (targeting Wall of Wood) and `energy` energy; the
/// answer to "pay {E}?" is `pay`; Bob blocks with the Wall.
fn doorbuster(energy: u32, pay: &str) -> String {
    energy_game(
        energy,
        &["Maulfist Doorbuster"],
        "",
        &format!(
            "{BOTH_PASS}[[action]]\nplayer = \"Alice\"\nattack = \"Maulfist Doorbuster\"\n[[action]]\nplayer = \"Alice\"\nchoose = \"Maulfist Doorbuster: Wall of Wood\"\n{pay}[[action]]\nplayer = \"Bob\"\nblock = \"Wall of Wood=Maulfist Doorbuster\"\n"
        ),
    )
}

#[test]
fn maulfist_doorbuster_pays_energy_so_the_target_cant_block() {
    // Paid (yes by default): the Wall can't block this turn (500.3).
    let e = run(&doorbuster(1, "")).unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    // Declined, or no energy: it blocks.
    let no = "[[action]]\nplayer = \"Alice\"\nchoose = \"Maulfist Doorbuster: nothing\"\n";
    let game = play(&doorbuster(1, no));
    assert_eq!(energy_of(&game, "Alice"), 1);
    let game = play(&doorbuster(0, ""));
    assert!(logged(&game, "can't pay {E}"), "{:?}", log(&game));
}

#[test]
fn maulfist_doorbuster_gets_two_energy_as_it_comes_into_play() {
    let cast = format!(
        "[[action]]\nplayer = \"Alice\"\ncast = \"Maulfist Doorbuster\"\n{BOTH_PASS}{BOTH_PASS}"
    );
    let game = play(&energy_game(0, &[], "\"Maulfist Doorbuster\"", &cast));
    assert_eq!(energy_of(&game, "Alice"), 2, "{:?}", log(&game));
}

const CRASHER: &str = r#"
[[card]]
name = "Ahn-Crop Crasher"
cost = "{2}{R}"
type = "Creature — Minotaur Warrior"
pt = "3/2"
text = """Haste
You may exert Ahn-Crop Crasher as it attacks. When you do, target creature can't block this turn."""
"#;

/// Alice attacks with Ahn-Crop Crasher, answering `exert` (and the target); Bob blocks
/// `block` with Wall of Wood or Grizzly Bears; then the `rest`.
fn crasher(exert: &str, block: &str, rest: &str) -> String {
    format!(
        r#"{CRASHER}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
library = ["Forest", "Forest", "Forest"]
[[player]]
name = "Bob"
library = ["Forest", "Forest", "Forest"]
[[permanent]]
card = "Ahn-Crop Crasher"
controller = "Alice"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Ahn-Crop Crasher"
{exert}[[action]]
player = "Bob"
block = "{block}"
{rest}"#
    )
}

const EXERT_WALL: &str = "[[action]]\nplayer = \"Alice\"\nchoose = \"Ahn-Crop Crasher: Ahn-Crop Crasher\"\n[[action]]\nplayer = \"Alice\"\nchoose = \"Ahn-Crop Crasher: Wall of Wood\"\n";

#[test]
fn ahn_crop_crasher_exerted_makes_its_target_unable_to_block() {
    // Exerted: the Wall can't block this turn (500.3); the Bears still can.
    let e = run(&crasher(EXERT_WALL, "Wall of Wood=Ahn-Crop Crasher", "")).unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    let game = play(&crasher(EXERT_WALL, "Grizzly Bears=Ahn-Crop Crasher", ""));
    assert!(
        logged(&game, "Alice exerts Ahn-Crop Crasher"),
        "{:?}",
        log(&game)
    );
    // Not exerted (the default): nothing triggers, and the Wall blocks.
    play(&crasher(
        "",
        "Wall of Wood=Ahn-Crop Crasher",
        "[expect]\nlife = { Bob = 20 }\n",
    ));
}

#[test]
fn an_exerted_creature_doesnt_untap_during_its_controllers_next_untap_step() {
    // Through Bob's turn to Alice's next: the Crasher stays tapped (current 701.43a).
    let next = "[[action]]\nplayer = \"Bob\"\nattack = \"\"\n[[action]]\nplayer = \"Alice\"\nattack = \"\"\n[expect]\ntapped = [\"Ahn-Crop Crasher\"]\n";
    let game = play(&crasher(EXERT_WALL, "", next));
    assert!(
        logged(&game, "Ahn-Crop Crasher doesn't untap"),
        "{:?}",
        log(&game)
    );
    // Not exerted: it untaps as usual.
    let untapped = next.replace("tapped = ", "untapped = ");
    play(&crasher("", "", &untapped));
}

#[test]
fn at_the_beginning_of_each_combat_triggers_on_every_players_turn() {
    let text = |active: &str| {
        format!(
            r#"
[[card]]
name = "Combat Chime"
cost = "{{2}}"
type = "Artifact"
text = "At the beginning of each combat, you gain 1 life."
[turn]
active = "{active}"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Combat Chime"
controller = "Alice"
[[action]]
player = "{active}"
pass = true
[[action]]
player = "{}"
pass = true
[[action]]
player = "{active}"
attack = ""
[expect]
life = {{ Alice = 21 }}
"#,
            if active == "Alice" { "Bob" } else { "Alice" }
        )
    };
    // 307.1: on Alice's turn and on Bob's.
    play(&text("Alice"));
    play(&text("Bob"));
}
