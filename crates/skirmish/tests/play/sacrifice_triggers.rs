//! "Whenever a player sacrifices a creature" (501.6): whoever sacrifices, for any reason (an
//! instruction, a cost), the permanent read as it last existed; "you sacrifice" is its
//! controller only. The sacrifice logs [501.6] once, wherever it comes from.

use crate::common;

use common::{lands, log, play};

fn edict(target: &str, extra_card: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
{extra_card}[[player]]
name = "Alice"
hand = ["Diabolic Edict"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mortician Beetle"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{swamps}[[action]]
player = "Alice"
cast = "Diabolic Edict"
targets = ["{target}"]
[expect]
{expect}"#,
        swamps = lands("Swamp", "Alice", 2)
    )
}

#[test]
fn any_players_sacrifice_triggers_a_player_sacrifices() {
    // Bob sacrifices his Bears to Alice's Edict: Alice's Beetle gets a counter.
    let game = play(&edict(
        "Bob",
        "",
        "graveyard = { Bob = [\"Grizzly Bears\"], Alice = [\"Diabolic Edict\"] }\ncounters = { \"Mortician Beetle\" = { \"+1/+1\" = 1 } }\n",
    ));
    assert_eq!(
        log(&game)
            .iter()
            .filter(|l| l.contains("[501.6]") && l.contains("Grizzly Bears"))
            .count(),
        1,
        "{:?}",
        log(&game)
    );
}

#[test]
fn you_sacrifice_is_its_controller_only() {
    let watcher = r#"[[card]]
name = "Sample Altar Keeper"
cost = "{1}{B}"
type = "Creature — Human Cleric"
pt = "1/1"
text = "Whenever you sacrifice a creature, you gain 2 life."
"#;
    let with_keeper = |target: &str, expect: &str| {
        edict(target, watcher, expect).replace(
            "[[permanent]]\ncard = \"Grizzly Bears\"",
            "[[permanent]]\ncard = \"Sample Altar Keeper\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Grizzly Bears\"",
        )
    };
    // Bob sacrifices: Alice's keeper doesn't care.
    play(&with_keeper("Bob", "life = { Alice = 20 }\n"));
    // Alice sacrifices one of her creatures (the Beetle's own sacrifice is seen too, looking
    // back in time, 410.10d; it just has nothing to put a counter on).
    play(&with_keeper("Alice", "life = { Alice = 22 }\n"));
}

#[test]
fn a_sacrifice_to_pay_a_cost_triggers_too() {
    play(
        r#"stop_after = "precombat-main"
[turn]
active = "Bob"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Mortician Beetle"
controller = "Alice"
[[permanent]]
card = "Barrage of Expendables"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Mountain"
controller = "Bob"
[[action]]
player = "Bob"
activate = "Barrage of Expendables"
targets = ["Alice"]
pay = ["Grizzly Bears"]
[expect]
graveyard = { Bob = ["Grizzly Bears"] }
counters = { "Mortician Beetle" = { "+1/+1" = 1 } }
life = { Alice = 19 }
"#,
    );
}
