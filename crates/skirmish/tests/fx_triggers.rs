//! Triggered abilities of rule-500 lines, played through the engine: intervening "if" clauses
//! (410.8, 404.3), triggers on any creature attacking or blocking and on the creature an Aura
//! or Equipment is attached to, with "it" and "its controller" naming that creature (410.10,
//! 212.4), and the phrases these lines need.

mod common;

use common::scenario;
use skirmish::engine::run_scenario;
use skirmish::model::Game;

fn log(game: &Game) -> Vec<String> {
    game.events.iter().map(|e| e.to_string()).collect()
}

/// Runs a scenario that must play out, and checks its `[expect]` table on the final state.
fn play(text: &str) -> Game {
    let s = scenario(text);
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.expect.check(&game), vec![], "{:?}", log(&game));
    game
}

fn logged(game: &Game, part: &str) -> bool {
    log(game).iter().any(|l| l.contains(part))
}

const CERODON: &str = r#"
[[card]]
name = "Gilded Cerodon"
cost = "{4}{R}"
type = "Creature — Beast"
pt = "4/4"
text = "Whenever Gilded Cerodon attacks, if you control a Desert or there is a Desert card in your graveyard, target creature can't block this turn."

[[card]]
name = "Desert"
type = "Land — Desert"
text = "{T}: Add {C}."
"#;

/// Alice attacks with Gilded Cerodon, its trigger (if any) targets Bob's Grizzly Bears, and Bob
/// then tries to block with the Bears. `alice` holds more of Alice's keys and permanents.
fn cerodon(alice: &str, permanents: &str, choose: bool) -> String {
    let choose = if choose {
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Gilded Cerodon: Grizzly Bears\"\n"
    } else {
        ""
    };
    format!(
        r#"{CERODON}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
{alice}
[[player]]
name = "Bob"
[[permanent]]
card = "Gilded Cerodon"
controller = "Alice"
{permanents}
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Gilded Cerodon"
{choose}
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Bob"
block = "Grizzly Bears=Gilded Cerodon"
"#
    )
}

#[test]
fn an_intervening_if_that_holds_lets_the_ability_trigger() {
    let desert = "[[permanent]]\ncard = \"Desert\"\ncontroller = \"Alice\"";
    let e = run_scenario(&scenario(&cerodon("", desert, true))).unwrap_err();
    assert!(e.message.contains("can't block"), "{e}");
    // A Desert card in the graveyard is the other half of the condition.
    let e = run_scenario(&scenario(&cerodon("graveyard = [\"Desert\"]", "", true))).unwrap_err();
    assert!(e.message.contains("can't block"), "{e}");
}

#[test]
fn an_intervening_if_that_is_false_keeps_the_ability_from_triggering() {
    // No Desert anywhere: the ability doesn't trigger (410.8), no target is chosen, and the
    // Bears may block.
    let text = cerodon("graveyard = [\"Shock\"]", "", false)
        + "[expect]\nlife = { Bob = 20 }\nnot_in_play = [\"Grizzly Bears\"]\n";
    let game = play(&text);
    assert!(
        logged(&game, "[410.8] Gilded Cerodon's ability") && logged(&game, "doesn't trigger"),
        "{:?}",
        log(&game)
    );
    assert!(!logged(&game, "[410.3]"), "{:?}", log(&game));
}

#[test]
fn an_intervening_if_is_checked_again_as_the_ability_resolves() {
    // The Desert returns to its owner's hand in response: the condition no longer holds (a
    // sacrificed one would be a Desert card in the graveyard), so the ability
    // does nothing (410.8) and the Bears may block.
    let text = format!(
        r#"{CERODON}
[[card]]
name = "Sandblown Desert"
type = "Land — Desert"
text = "{{T}}: Add {{C}}."

[[card]]
name = "Sand Scoop"
type = "Artifact"
text = "{{T}}: Return target land to its owner's hand."

[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Gilded Cerodon"
controller = "Alice"
[[permanent]]
card = "Sandblown Desert"
controller = "Alice"
[[permanent]]
card = "Sand Scoop"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Gilded Cerodon"
[[action]]
player = "Alice"
choose = "Gilded Cerodon: Grizzly Bears"
[[action]]
player = "Alice"
activate = "Sand Scoop"
targets = ["Sandblown Desert"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Bob"
block = "Grizzly Bears=Gilded Cerodon"
[expect]
not_in_play = ["Grizzly Bears", "Sandblown Desert"]
hand = {{ Alice = ["Sandblown Desert"] }}
"#
    );
    let game = play(&text);
    assert!(logged(&game, "[410.3]"), "{:?}", log(&game));
    assert!(logged(&game, "[410.8] the condition"), "{:?}", log(&game));
}

/// Alice casts Mournwillow (cost lowered to {0} for the test) with `graveyard` in her
/// graveyard, then attacks with it; Bob blocks with Grizzly Bears.
fn mournwillow(graveyard: &str) -> String {
    format!(
        r#"
[[card]]
name = "Mournwillow"
cost = "{{0}}"
type = "Creature — Plant Skeleton"
pt = "3/2"
text = """
Haste
Delirium — When Mournwillow enters the battlefield, if there are four or more card types among cards in your graveyard, creatures with power 2 or less can't block this turn."""

[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Mournwillow"]
graveyard = [{graveyard}]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Mournwillow"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
attack = "Mournwillow"
[[action]]
player = "Bob"
block = "Grizzly Bears=Mournwillow"
"#
    )
}

#[test]
fn delirium_counts_card_types_among_cards_in_the_graveyard() {
    // Instant, artifact and creature (Ornithopter is both), land: four types.
    let e = run_scenario(&scenario(&mournwillow(
        r#""Shock", "Ornithopter", "Forest""#,
    )))
    .unwrap_err();
    assert!(e.message.contains("can't block"), "{e}");
    // Instant, creature, land: three, so it doesn't trigger and the Bears block.
    let game = play(&mournwillow(r#""Shock", "Hill Giant", "Forest""#));
    assert!(logged(&game, "doesn't trigger"), "{:?}", log(&game));
}
