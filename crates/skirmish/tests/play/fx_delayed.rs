//! Triggered and delayed abilities of rule-500 lines, played through the engine: delayed
//! triggered abilities whose moment comes first ("At end of combat, sacrifice it and ...") or
//! last ("... at the beginning of the next cleanup step", 404.4, 314.3), counters of any kind
//! ("Put a brick counter on ~", 200.10), requirements to block the creature a trigger is about
//! (500.3, 410.10), life lost "for each" counter, and effects that wait for a player's next
//! turn.

use crate::common;

use common::{log, logged, play, scenario};
use skirmish::engine::run_scenario;

const MAGNETIC_WEB: &str = r#"
[[card]]
name = "Magnetic Web"
cost = "{2}"
type = "Artifact"
text = """
If a creature with a magnet counter on it attacks, all creatures with magnet counters on them attack if able.
Whenever a creature with a magnet counter on it attacks, all creatures with magnet counters on them block that creature this turn if able.
{1}, {T}: Put a magnet counter on target creature."""
"#;

/// Alice's Grizzly Bears (with a magnet counter, given by the Web's ability played in Alice's
/// upkeep) attacks; Bob's Hill Giant has a magnet counter; Bob declares `block`.
fn magnetic(block: &str) -> String {
    format!(
        r#"{MAGNETIC_WEB}
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Magnetic Web"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
counters = {{ magnet = 1 }}
[[permanent]]
card = "Llanowar Elves"
controller = "Bob"
[[action]]
player = "Alice"
activate = "Magnetic Web"
targets = ["Grizzly Bears"]
[[action]]
player = "Alice"
attack = "Grizzly Bears"
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn a_counter_of_any_kind_and_blocking_the_creature_a_trigger_is_about() {
    // The Bears got a magnet counter (200.10) and attack: the Giant, with one too, must block
    // them (500.3); blocking with the Elves alone, or not at all, breaks the requirement.
    let e = run_scenario(&scenario(&magnetic(""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.4"), "{e}");
    let e = run_scenario(&scenario(&magnetic("Llanowar Elves=Grizzly Bears"))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.4"), "{e}");
    let game = play(
        &(magnetic("Hill Giant=Grizzly Bears") + "[expect]\nnot_in_play = [\"Grizzly Bears\"]\n"),
    );
    assert!(logged(&game, "magnet"), "{:?}", log(&game));
}

const TIME_ELEMENTAL: &str = r#"
[[card]]
name = "Time Elemental"
cost = "{2}{U}"
type = "Creature — Elemental"
pt = "0/2"
text = """
When Time Elemental attacks or blocks, at end of combat, sacrifice it and it deals 5 damage to you.
{2}{U}{U}, {T}: Return target permanent that isn't enchanted to its owner's hand."""
"#;

#[test]
fn a_delayed_ability_with_its_moment_first_follows_each_instruction() {
    // Time Elemental blocks; at end of combat it is sacrificed and deals 5 damage to Bob, its
    // controller (404.4).
    let text = format!(
        r#"{TIME_ELEMENTAL}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Time Elemental"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Grizzly Bears"
[[action]]
player = "Bob"
block = "Time Elemental=Grizzly Bears"
[[action]]
player = "Alice"
pass = true
step = "postcombat-main"
[expect]
life = {{ Alice = 20, Bob = 15 }}
not_in_play = ["Time Elemental"]
"#
    );
    let game = play(&text);
    assert!(logged(&game, "[404.4]"), "{:?}", log(&game));
}

const CUNNING: &str = r#"
[[card]]
name = "Cunning"
cost = "{1}{U}"
type = "Enchantment — Aura"
text = """
Enchant creature
Enchanted creature gets +3/+3.
When enchanted creature attacks or blocks, sacrifice Cunning at the beginning of the next cleanup step."""
"#;

#[test]
fn a_delayed_ability_at_the_next_cleanup_step_gives_priority_there() {
    // The Bears attack with Cunning: 5 damage to Bob; Cunning stays until the cleanup step,
    // where its delayed ability triggers (404.4) and players get priority (314.3).
    let text = format!(
        r#"{CUNNING}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Cunning"
controller = "Alice"
attached_to = "Grizzly Bears"
[[action]]
player = "Alice"
attack = "Grizzly Bears"
[[action]]
player = "Alice"
pass = true
step = "end-of-turn"
[expect]
life = {{ Bob = 15 }}
not_in_play = ["Cunning"]
"#
    );
    let game = play(&text);
    let lines = log(&game);
    let at = |part: &str| lines.iter().position(|l| l.contains(part));
    let cleanup = at("cleanup step begins").unwrap_or_else(|| panic!("{lines:?}"));
    let gone = at("Cunning is sacrificed").unwrap_or_else(|| panic!("{lines:?}"));
    assert!(cleanup < gone, "{lines:?}");
}

const KOOKUS: &str = r#"
[[card]]
name = "Kookus"
cost = "{3}{R}{R}"
type = "Creature — Djinn"
pt = "3/5"
text = """
Trample
At the beginning of your upkeep, if you don't control a creature named Keeper of Kookus, Kookus deals 3 damage to you and attacks this turn if able.
{R}: Kookus gets +1/+0 until end of turn."""

[[card]]
name = "Keeper of Kookus"
cost = "{R}"
type = "Creature — Goblin"
pt = "1/1"
text = "{R}: Keeper of Kookus gains protection from red until end of turn."
"#;

/// Alice's upkeep with Kookus (and `more` permanents); Alice declares `attack`.
fn kookus(more: &str, attack: &str) -> String {
    format!(
        r#"{KOOKUS}
[turn]
active = "Alice"
step = "upkeep"
[[player]]
name = "Alice"
library = ["Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Kookus"
controller = "Alice"
{more}
[[action]]
player = "Alice"
attack = "{attack}"
"#
    )
}

#[test]
fn a_name_that_holds_the_cards_own_name_and_damage_then_a_requirement() {
    // No Keeper of Kookus: Kookus deals 3 damage to Alice and must attack this turn (500.2).
    let e = run_scenario(&scenario(&kookus("", ""))).unwrap_err();
    assert!(e.message.contains("attack"), "{e}");
    let game = play(&(kookus("", "Kookus") + "[expect]\nlife = { Alice = 17, Bob = 17 }\n"));
    assert!(
        logged(&game, "Kookus deals 3 damage to Alice"),
        "{:?}",
        log(&game)
    );
    // "Keeper of ~" is Keeper of Kookus: with it, the ability doesn't trigger (410.8).
    let keeper = "[[permanent]]\ncard = \"Keeper of Kookus\"\ncontroller = \"Alice\"";
    play(&(kookus(keeper, "") + "[expect]\nlife = { Alice = 20, Bob = 20 }\n"));
}

const EDIFICE: &str = r#"
[[card]]
name = "Edifice of Authority"
cost = "{3}"
type = "Artifact"
text = """
{1}, {T}: Target creature can't attack this turn. Put a brick counter on Edifice of Authority.
{1}, {T}: Until your next turn, target creature can't attack or block and its activated abilities can't be activated. Activate this ability only if there are three or more brick counters on Edifice of Authority."""
"#;

#[test]
fn a_counter_of_a_kind_no_rule_names_is_put_on_and_counted() {
    // Bob plays the first ability in Alice's upkeep: her Bears can't attack, and the Edifice
    // gets its third brick counter.
    let text = format!(
        r#"{EDIFICE}
[turn]
active = "Alice"
step = "upkeep"
[[player]]
name = "Alice"
library = ["Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Edifice of Authority"
controller = "Bob"
counters = {{ brick = 2 }}
[[permanent]]
card = "Mountain"
controller = "Bob"
[[action]]
player = "Bob"
activate = "Edifice of Authority"
targets = ["Grizzly Bears"]
[[action]]
player = "Alice"
attack = "{{attack}}"
"#
    );
    let e = run_scenario(&scenario(&text.replace("{attack}", "Grizzly Bears"))).unwrap_err();
    assert!(e.message.contains("can't attack"), "{e}");
    let game = play(&(text.replace("{attack}", "") + "[expect]\nlife = { Bob = 20 }\n"));
    let edifice = game
        .in_play()
        .find(|o| o.name() == "Edifice of Authority")
        .expect("in play");
    assert_eq!(edifice.counter_count("brick"), 3, "{:?}", log(&game));
}

/// Bob plays the Edifice's second ability (its bricks given by `bricks`) on Alice's Llanowar
/// Elves in her upkeep; then Alice plays the Elves' mana ability.
fn edifice_lock(bricks: u32) -> String {
    format!(
        r#"{EDIFICE}
[turn]
active = "Alice"
step = "upkeep"
[[player]]
name = "Alice"
library = ["Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
[[permanent]]
card = "Edifice of Authority"
controller = "Bob"
counters = {{ brick = {bricks} }}
[[permanent]]
card = "Mountain"
controller = "Bob"
[[action]]
player = "Bob"
activate = "Edifice of Authority"
ability = 2
targets = ["Llanowar Elves"]
[[action]]
player = "Alice"
activate = "Llanowar Elves"
step = "precombat-main"
"#
    )
}

#[test]
fn activated_abilities_that_cant_be_activated_until_your_next_turn() {
    // Two bricks: the ability can't be played yet.
    let e = run_scenario(&scenario(&edifice_lock(2))).unwrap_err();
    assert!(e.message.contains("brick"), "{e}");
    // Three: the Elves' mana ability can't be played (103.2).
    let e = run_scenario(&scenario(&edifice_lock(3))).unwrap_err();
    assert!(
        e.message.contains("activated abilities can't be played"),
        "{e}"
    );
}

const BRAWLER: &str = r#"
[[card]]
name = "Embalmed Brawler"
cost = "{2}{B}"
type = "Creature — Zombie"
pt = "2/2"
text = """
Amplify 1
Whenever Embalmed Brawler attacks or blocks, you lose 1 life for each +1/+1 counter on it."""
"#;

#[test]
fn life_lost_for_each_counter_on_the_creature() {
    // Two +1/+1 counters: Alice loses 2 life as it attacks (215.3), and it deals 4 to Bob.
    let text = format!(
        r#"{BRAWLER}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Embalmed Brawler"
controller = "Alice"
counters = {{ "+1/+1" = 2 }}
[[action]]
player = "Alice"
attack = "Embalmed Brawler"
[expect]
life = {{ Alice = 18, Bob = 16 }}
"#
    );
    play(&text);
    // None: no life lost.
    let none = text
        .replace("counters = { \"+1/+1\" = 2 }\n", "")
        .replace("Alice = 18, Bob = 16", "Alice = 20, Bob = 18");
    play(&none);
}

const WALL_OF_DUST: &str = r#"
[[card]]
name = "Wall of Dust"
cost = "{2}{R}"
type = "Creature — Wall"
pt = "1/4"
text = """
Defender
Whenever Wall of Dust blocks a creature, that creature can't attack during its controller's next turn."""
"#;

/// Turn 1: Alice's Grizzly Bears and Hill Giant attack, Bob's Wall of Dust blocks the Bears;
/// turn 2 is Bob's; in turn 3 Alice declares `attack`.
fn wall_of_dust(attack: &str) -> String {
    format!(
        r#"{WALL_OF_DUST}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
library = ["Forest", "Forest"]
[[player]]
name = "Bob"
library = ["Forest", "Forest"]
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Wall of Dust"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Grizzly Bears, Hill Giant"
[[action]]
player = "Bob"
block = "Wall of Dust=Grizzly Bears"
[[action]]
player = "Bob"
attack = ""
[[action]]
player = "Alice"
attack = "{attack}"
"#
    )
}

#[test]
fn a_creature_blocked_by_wall_of_dust_cant_attack_during_its_controllers_next_turn() {
    // Turn 3 is Alice's next turn: the Bears can't attack (500.2), the Giant (unblocked) can.
    let e = run_scenario(&scenario(&wall_of_dust("Grizzly Bears"))).unwrap_err();
    assert!(e.message.contains("can't attack"), "{e}");
    assert_eq!(e.turn, 3, "{e}");
    let game = play(&(wall_of_dust("Hill Giant") + "[expect]\nlife = { Bob = 14 }\n"));
    assert!(
        logged(&game, "waiting for Alice's next turn begin to apply"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn the_effect_ends_with_that_turn() {
    // Turn 5: the effect ended in turn 3's cleanup step (314.2), and the Bears attack again.
    let text = wall_of_dust("Hill Giant").replace(
        "library = [\"Forest\", \"Forest\"]",
        "library = [\"Forest\", \"Forest\", \"Forest\"]",
    ) + r#"[[action]]
player = "Bob"
attack = ""
[[action]]
player = "Alice"
attack = "Grizzly Bears"
[expect]
life = { Bob = 12 }
"#;
    play(&text);
}

/// A stand-in with Gideon Jura's and Gideon, Battle-Forged's +2 abilities (their other
/// abilities are not in the card grammar, and a real card must not be defined with its text
/// left out). Alice plays ability `ability` (targets `targets`) in her main phase; in Bob's
/// turn 2 Bob declares `attack`.
fn gideon(ability: u32, targets: &str, attack: &str) -> String {
    format!(
        r#"
[[card]]
name = "Gideon Test"
cost = "{{3}}{{W}}{{W}}"
type = "Legendary Planeswalker — Gideon"
loyalty = 3
text = """
+2: During target opponent's next turn, creatures that player controls attack Gideon Test if able.
+2: Up to one target creature an opponent controls attacks Gideon Test during its controller's next turn if able."""
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
library = ["Forest"]
[[player]]
name = "Bob"
library = ["Forest"]
[[permanent]]
card = "Gideon Test"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Alice"
activate = "Gideon Test"
ability = {ability}
targets = [{targets}]
[[action]]
player = "Alice"
attack = ""
[[action]]
player = "Bob"
attack = "{attack}"
"#
    )
}

#[test]
fn creatures_a_targeted_opponent_controls_attack_the_planeswalker_during_his_next_turn() {
    // Bob's turn: each of his creatures must attack Gideon (500.2); attacking Alice doesn't
    // obey the requirement.
    for attack in [
        "",
        "Grizzly Bears->Gideon Test",
        "Grizzly Bears->Gideon Test, Hill Giant",
    ] {
        let e = run_scenario(&scenario(&gideon(1, "\"Bob\"", attack))).unwrap_err();
        assert_eq!(e.rule.as_deref(), Some("500.4"), "{attack}: {e}");
        assert_eq!(e.turn, 2, "{e}");
    }
    let game = play(&gideon(
        1,
        "\"Bob\"",
        "Grizzly Bears->Gideon Test, Hill Giant->Gideon Test",
    ));
    assert!(logged(&game, "[418.3a]"), "{:?}", log(&game));
}

#[test]
fn one_target_creature_attacks_the_planeswalker_during_its_controllers_next_turn() {
    let e = run_scenario(&scenario(&gideon(2, "\"Grizzly Bears\"", "Grizzly Bears"))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.4"), "{e}");
    play(&gideon(
        2,
        "\"Grizzly Bears\"",
        "Grizzly Bears->Gideon Test",
    ));
    // Up to one: no target, no requirement.
    play(&gideon(2, "", ""));
}

const ROTTING_GIANT: &str = r#"
[[card]]
name = "Rotting Giant"
cost = "{1}{B}"
type = "Creature — Zombie Giant"
pt = "3/3"
text = "Whenever Rotting Giant attacks or blocks, sacrifice it unless you exile a card from your graveyard."
"#;

/// Alice's Rotting Giant attacks, with `graveyard` in her graveyard and `choose` answering.
fn rotting(graveyard: &str, choose: &str) -> String {
    format!(
        r#"{ROTTING_GIANT}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
graveyard = [{graveyard}]
[[player]]
name = "Bob"
[[permanent]]
card = "Rotting Giant"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Rotting Giant"
{choose}
"#
    )
}

#[test]
fn sacrificed_unless_a_card_leaves_the_graveyard() {
    // A card removed from the game: the Giant stays and deals 3.
    let choose = "[[action]]\nplayer = \"Alice\"\nchoose = \"Rotting Giant: Shock\"\n";
    let game = play(
        &(rotting("\"Forest\", \"Shock\"", choose)
            + "[expect]\nlife = { Bob = 17 }\nin_play = [\"Rotting Giant\"]\n"),
    );
    assert!(
        logged(&game, "Shock is removed from the game"),
        "{:?}",
        log(&game)
    );
    // Declined: it is sacrificed (501.6) before combat damage.
    let decline = "[[action]]\nplayer = \"Alice\"\nchoose = \"Rotting Giant: nothing\"\n";
    play(
        &(rotting("\"Forest\"", decline)
            + "[expect]\nlife = { Bob = 20 }\nnot_in_play = [\"Rotting Giant\"]\n"),
    );
    // An empty graveyard: nothing to remove, so it is sacrificed.
    play(&(rotting("", "") + "[expect]\nlife = { Bob = 20 }\nnot_in_play = [\"Rotting Giant\"]\n"));
}
