//! Rule-500 lines of granted and quoted abilities, designations and choices, played through the
//! engine: the city's blessing (current 702.131c) and the sentences these lines need.

use crate::common;

use common::{log, logged, play, scenario};
use skirmish::engine::run_scenario;

/// `n` Plains under Alice's control.
fn plains(n: usize) -> String {
    (1..=n)
        .map(|i| {
            format!(
                "[[permanent]]\ncard = \"Plains\"\nlabel = \"Plains {i}\"\ncontroller = \"Alice\"\n"
            )
        })
        .collect()
}

/// Alice attacks with Slippery Scoundrel beside `lands` Plains; Bob blocks it with Grizzly
/// Bears.
fn scoundrel(lands: usize) -> String {
    format!(
        r#"
[[card]]
name = "Slippery Scoundrel"
cost = "{{2}}{{U}}"
type = "Creature — Human Pirate"
pt = "2/2"
text = """
Ascend
As long as you have the city's blessing, Slippery Scoundrel has hexproof and can't be blocked."""

[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Slippery Scoundrel"
controller = "Alice"
{}
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Slippery Scoundrel"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Bob"
block = "Grizzly Bears=Slippery Scoundrel"
"#,
        plains(lands)
    )
}

#[test]
fn the_citys_blessing_makes_slippery_scoundrel_unblockable() {
    // Ten permanents: Alice gets the blessing (702.131b), and the Scoundrel can't be blocked.
    let e = run_scenario(&scenario(&scoundrel(9))).unwrap_err();
    assert!(e.message.contains("can't be blocked"), "{e}");
    // Nine permanents: no blessing, and the Bears block.
    let game = play(&scoundrel(8));
    assert!(
        logged(&game, "[309.2e] Grizzly Bears blocks Slippery Scoundrel"),
        "{:?}",
        log(&game)
    );
}

/// Bob's Grizzly Bears under Bound by Moonsilver (its first two lines); `action` is Bob's.
fn moonsilver(step: &str, active: &str, action: &str) -> String {
    format!(
        r#"
[[card]]
name = "Bound by Moonsilver"
cost = "{{2}}{{W}}"
type = "Enchantment — Aura"
text = """
Enchant creature
Enchanted creature can't attack, block, or transform."""

[turn]
active = "{active}"
step = "{step}"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Bound by Moonsilver"
controller = "Alice"
attached_to = "Grizzly Bears"
{action}
"#
    )
}

#[test]
fn bound_by_moonsilver_keeps_its_creature_from_attacking_and_blocking() {
    let e = run_scenario(&scenario(&moonsilver(
        "declare-attackers",
        "Bob",
        "[[action]]\nplayer = \"Bob\"\nattack = \"Grizzly Bears\"\n",
    )))
    .unwrap_err();
    assert!(e.message.contains("can't attack"), "{e}");
    let block = "[[action]]\nplayer = \"Alice\"\nattack = \"Hill Giant\"\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Bob\"\nblock = \"Grizzly Bears=Hill Giant\"\n";
    let e = run_scenario(&scenario(&moonsilver("declare-attackers", "Alice", block))).unwrap_err();
    assert!(e.message.contains("can't block"), "{e}");
}

/// Alice attacks with Saprazzan Breaker and activates it once with `library` as her library;
/// Bob then blocks with Grizzly Bears.
fn breaker(library: &str) -> String {
    format!(
        r#"
[[card]]
name = "Saprazzan Breaker"
cost = "{{4}}{{U}}"
type = "Creature — Beast"
pt = "3/3"
text = "{{U}}: Put the top card of your library into your graveyard. If that card is a land card, Saprazzan Breaker can't be blocked this turn."

[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
library = [{library}]
[[player]]
name = "Bob"
[[permanent]]
card = "Saprazzan Breaker"
controller = "Alice"
[[permanent]]
card = "Island"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Saprazzan Breaker"
[[action]]
player = "Alice"
activate = "Saprazzan Breaker"
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
block = "Grizzly Bears=Saprazzan Breaker"
"#
    )
}

#[test]
fn saprazzan_breaker_cant_be_blocked_if_the_milled_card_is_a_land() {
    let e = run_scenario(&scenario(&breaker("\"Forest\", \"Hill Giant\""))).unwrap_err();
    assert!(e.message.contains("can't be blocked"), "{e}");
    // A creature card on top: the instruction isn't followed, and the Bears block.
    let game = play(&breaker("\"Hill Giant\", \"Forest\""));
    assert!(
        logged(&game, "[309.2e] Grizzly Bears blocks Saprazzan Breaker"),
        "{:?}",
        log(&game)
    );
    assert!(
        logged(
            &game,
            "the condition \"that card is a land card\" doesn't hold"
        ),
        "{:?}",
        log(&game)
    );
    // An empty library: nothing is put into the graveyard, so nothing is a land card.
    let game = play(&breaker(""));
    assert!(
        logged(&game, "[309.2e] Grizzly Bears blocks Saprazzan Breaker"),
        "{:?}",
        log(&game)
    );
}

/// Alice suspends a Veiling Oddity with one time counter (a test version: its suspend cost
/// lowered) in her turn 1; in her turn 3 the last counter goes in her upkeep, and she attacks
/// with Hill Giant, which Bob tries to block with Grizzly Bears.
fn oddity(suspended: bool) -> String {
    let suspend = if suspended {
        "[[action]]\nplayer = \"Alice\"\nsuspend = \"Veiling Test\"\n"
    } else {
        ""
    };
    format!(
        r#"
[[card]]
name = "Veiling Test"
cost = "{{3}}{{U}}"
type = "Creature — Illusion"
pt = "2/3"
text = """
Suspend 1—{{U}}
When the last time counter is removed from Veiling Test while it's exiled, creatures can't be blocked this turn."""

[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Veiling Test"]
library = ["Forest", "Forest"]
[[player]]
name = "Bob"
library = ["Forest", "Forest"]
[[permanent]]
card = "Island"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{suspend}
[[action]]
player = "Alice"
attack = ""
[[action]]
player = "Bob"
attack = ""
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Bob"
block = "Grizzly Bears=Hill Giant"
"#
    )
}

#[test]
fn the_last_time_counter_of_veiling_oddity_makes_creatures_unblockable_this_turn() {
    let e = run_scenario(&scenario(&oddity(true))).unwrap_err();
    assert!(e.message.contains("can't be blocked"), "{e}");
    // Not suspended: nothing triggers and the Bears block.
    let game = play(&oddity(false));
    assert!(
        logged(&game, "[309.2e] Grizzly Bears blocks Hill Giant"),
        "{:?}",
        log(&game)
    );
}

/// Alice attacks Bob with Loafing Giant, `library` on top of her library; nobody blocks.
fn loafing(library: &str, life: i64) -> String {
    format!(
        r#"
[[card]]
name = "Loafing Giant"
cost = "{{4}}{{R}}"
type = "Creature — Giant"
pt = "4/6"
text = "Whenever Loafing Giant attacks or blocks, put the top card of your library into your graveyard. If that card is a land card, prevent all combat damage Loafing Giant would deal this turn."

[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
library = [{library}]
[[player]]
name = "Bob"
[[permanent]]
card = "Loafing Giant"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Loafing Giant"
[expect]
life = {{ Bob = {life} }}
"#
    )
}

#[test]
fn loafing_giant_deals_no_combat_damage_if_it_milled_a_land() {
    let game = play(&loafing("\"Forest\"", 20));
    assert!(
        logged(&game, "[419.7]") && logged(&game, "Loafing Giant"),
        "{:?}",
        log(&game)
    );
    play(&loafing("\"Hill Giant\"", 16));
}
