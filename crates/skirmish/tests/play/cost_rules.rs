//! Activation costs besides mana and `{T}` (409.1f, 409.1h), played in real turns: sacrificing
//! (501.6), tapping untapped permanents (501.7), discarding, removing counters, paying life
//! (215.4) and returning permanents to hand. A cost that can't be paid whole refuses the
//! activation with its rule, and nothing changes.

use crate::common;

use common::{log, play, scenario};
use skirmish::engine::run_scenario;
use skirmish::model::Step;

const PLAYERS: &str = r#"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
"#;

fn main_phase(board: &str, actions: &str, expect: &str) -> String {
    format!(
        "[turn]\nactive = \"Alice\"\nstep = \"precombat-main\"\n{PLAYERS}\n{board}\n{actions}\n[expect]\n{expect}\n"
    )
}

#[test]
fn sacrificing_a_creature_the_player_names_pays_the_cost() {
    let game = play(&main_phase(
        r#"
[[permanent]]
card = "Barrage of Expendables"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Raging Goblin"
controller = "Alice"
"#,
        r#"
[[action]]
player = "Alice"
activate = "Barrage of Expendables"
targets = ["Bob"]
pay = ["Raging Goblin"]
"#,
        r#"life = { Bob = 19 }
in_play = ["Grizzly Bears"]
graveyard = { Alice = ["Raging Goblin"] }
log = ["[501.6] Raging Goblin is sacrificed", "Barrage of Expendables deals 1 damage to Bob"]"#,
    ));
    assert!(
        !log(&game)
            .iter()
            .any(|e| e.contains("Grizzly Bears is sacrificed"))
    );
}

#[test]
fn a_cost_that_cant_be_paid_whole_changes_nothing() {
    // 409.1h: no creature to sacrifice, so the {R} isn't paid either.
    let s = scenario(&main_phase(
        r#"
[[permanent]]
card = "Barrage of Expendables"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Alice"
"#,
        r#"
[[action]]
player = "Alice"
activate = "Barrage of Expendables"
targets = ["Bob"]
"#,
        "",
    ));
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1h"), "{e}");
    assert!(e.message.contains("sacrifice a creature"), "{e}");
}

#[test]
fn a_named_object_that_pays_no_part_is_refused() {
    let s = scenario(&main_phase(
        r#"
[[permanent]]
card = "Barrage of Expendables"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
"#,
        r#"
[[action]]
player = "Alice"
activate = "Barrage of Expendables"
targets = ["Bob"]
pay = ["Forest"]
"#,
        "",
    ));
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1h"), "{e}");
    assert!(e.message.contains("Forest pays no part"), "{e}");
}

#[test]
fn a_sacrificed_source_still_deals_its_damage() {
    // 501.6 as a cost; the ability resolves with the source's last known information.
    play(&main_phase(
        r#"
[[permanent]]
card = "Mogg Fanatic"
controller = "Alice"
[[permanent]]
card = "Raging Goblin"
controller = "Bob"
"#,
        r#"
[[action]]
player = "Alice"
activate = "Mogg Fanatic"
targets = ["Raging Goblin"]
"#,
        r#"not_in_play = ["Mogg Fanatic", "Raging Goblin"]
graveyard = { Alice = ["Mogg Fanatic"], Bob = ["Raging Goblin"] }
log = ["[501.6] Mogg Fanatic is sacrificed", "Mogg Fanatic deals 1 damage to Raging Goblin"]"#,
    ));
}

#[test]
fn tapping_untapped_creatures_ignores_summoning_sickness() {
    // Only {T} asks about 212.3f: a Beast that arrived this turn can be tapped for the cost.
    play(&main_phase(
        r#"
[[permanent]]
card = "Spurred Wolverine"
controller = "Alice"
summoning_sick = true
[[permanent]]
card = "Craw Wurm"
controller = "Alice"
label = "Not a Beast"
[[permanent]]
card = "Spurred Wolverine"
controller = "Alice"
label = "Second Wolverine"
summoning_sick = true
"#,
        r#"
[[action]]
player = "Alice"
activate = "Spurred Wolverine"
targets = ["Not a Beast"]
"#,
        r#"tapped = ["Spurred Wolverine", "Second Wolverine"]
untapped = ["Not a Beast"]
log = ["[501.7] Second Wolverine becomes tapped", "[501.7] Spurred Wolverine becomes tapped", "Not a Beast gains first strike"]"#,
    ));
}

#[test]
fn tapped_creatures_cant_pay_a_tap_cost() {
    let s = scenario(&main_phase(
        r#"
[[permanent]]
card = "Spurred Wolverine"
controller = "Alice"
[[permanent]]
card = "Spurred Wolverine"
controller = "Alice"
label = "Second Wolverine"
tapped = true
"#,
        r#"
[[action]]
player = "Alice"
activate = "Spurred Wolverine"
targets = ["Spurred Wolverine"]
"#,
        "",
    ));
    let e = run_scenario(&s).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1h"), "{e}");
    assert!(e.message.contains("needs 2, and only 1"), "{e}");
}

#[test]
fn discarding_a_card_pays_and_the_pump_follows() {
    play(&format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Giant Growth", "Grizzly Bears"]
[[player]]
name = "Bob"
[[permanent]]
card = "Aven Trooper"
controller = "Alice"
{}
[[action]]
player = "Alice"
activate = "Aven Trooper"
pay = ["Grizzly Bears"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true

[expect]
hand = {{ Alice = ["Giant Growth"] }}
graveyard = {{ Alice = ["Grizzly Bears"] }}
log = ["[409.1h] Alice discards Grizzly Bears", "Aven Trooper gets +1/+2"]
"#,
        plains(3)
    ));
}

fn plains(n: usize) -> String {
    (1..=n)
        .map(|i| {
            format!(
                "[[permanent]]\ncard = \"Plains\"\ncontroller = \"Alice\"\nlabel = \"Plains {i}\"\n"
            )
        })
        .collect()
}

#[test]
fn removing_a_counter_makes_spincrusher_unblockable() {
    let board = r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Spincrusher"
controller = "Alice"
counters = { "+1/+1" = 1 }
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Spincrusher"
[[action]]
player = "Alice"
activate = "Spincrusher"
"#;
    let e = run_scenario(&scenario(&format!(
        "{board}\n[[action]]\nplayer = \"Bob\"\nblock = \"Grizzly Bears=Spincrusher\"\n"
    )))
    .unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    assert_eq!(e.rule.as_deref(), Some("500.3a"), "{e}");
    // Without a counter the cost can't be paid.
    let e = run_scenario(&scenario(
        &board.replace("counters = { \"+1/+1\" = 1 }", ""),
    ))
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1h"), "{e}");
    assert!(e.message.contains("has 0 +1/+1 counters"), "{e}");
}

#[test]
fn paying_life_down_to_zero_is_allowed_and_then_loses() {
    // 215.4: a life total equal to the payment may pay it; 420.5a then ends the game for her.
    let game = play(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
life = 1
[[player]]
name = "Bob"
[[permanent]]
card = "Wall of Blood"
controller = "Alice"
[[action]]
player = "Alice"
activate = "Wall of Blood"

[expect]
life = { Alice = 0 }
log = ["[215.4] Alice loses 1 life"]
"#,
    );
    assert!(game.player(skirmish::model::PlayerId(0)).unwrap().lost);
}

#[test]
fn returning_a_land_pays_and_the_target_is_unblockable() {
    play(&format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
{PLAYERS}
[[permanent]]
card = "Soratami Mirror-Guard"
controller = "Alice"
[[permanent]]
card = "Island"
controller = "Alice"
label = "Island 1"
[[permanent]]
card = "Island"
controller = "Alice"
label = "Island 2"
[[permanent]]
card = "Island"
controller = "Alice"
label = "Island 3"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[action]]
player = "Alice"
activate = "Soratami Mirror-Guard"
targets = ["Grizzly Bears"]
pay = ["Island 3"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true

[expect]
hand = {{ Alice = ["Island 3"] }}
tapped = ["Island 1", "Island 2"]
log = ["[409.1h] Island 3 is returned to its owner's hand", "Grizzly Bears can't be blocked this turn"]
"#
    ));
}

/// Alice activates Test Drake ("{1}, Discard a card at random: ... gets +2/+0") holding a
/// Forest and an Island; `pay` names the card that comes up, if any.
fn random_drake(pay: &str, expect: &str) -> skirmish::model::Game {
    common::play(&format!(
        r#"stop_after = "precombat-main"
[[card]]
name = "Test Drake"
cost = "{{2}}{{R}}"
type = "Creature — Drake"
pt = "1/1"
text = "{{1}}, Discard a card at random: Test Drake gets +2/+0 until end of turn."
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Forest", "Island"]
[[player]]
name = "Bob"
[[permanent]]
card = "Test Drake"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[action]]
player = "Alice"
activate = "Test Drake"
{pay}
{expect}"#
    ))
}

#[test]
fn a_card_discarded_at_random_is_the_one_that_comes_up() {
    // Glossary "Random": the player doesn't choose; a run is deterministic, so the card that
    // comes up is the one `pay` names, else the card most recently put into the hand.
    let game = random_drake(
        "",
        "[expect]\npt = { \"Test Drake\" = \"3/1\" }\nhand = { Alice = [\"Forest\"] }\n",
    );
    assert!(
        common::logged(&game, "is the card discarded at random"),
        "{:?}",
        common::log(&game)
    );
    random_drake(
        "pay = [\"Forest\"]",
        "[expect]\nhand = { Alice = [\"Island\"] }\ngraveyard = { Alice = [\"Forest\"] }\n",
    );
}
