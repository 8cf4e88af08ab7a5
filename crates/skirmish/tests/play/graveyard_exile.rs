//! "Exile target card from a graveyard." (2009: "Remove target card in a graveyard from the
//! game.", 217.7): a target card in a graveyard the words name (409.1c), removed from the game
//! as the ability resolves.

use crate::common;

use common::{log, logged, play, scenario};
use skirmish::engine::run_scenario;

/// Alice activates `ability` (her creature's `{T}` ability) targeting `target`: Bob's
/// graveyard holds a Hill Giant and a Lightning Bolt, hers a Grizzly Bears.
fn warden(ability: &str, target: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Grave Warden"
cost = "{{1}}{{B}}"
type = "Creature — Human Cleric"
pt = "1/1"
text = "{ability}"
[[player]]
name = "Alice"
graveyard = ["Grizzly Bears"]
[[player]]
name = "Bob"
graveyard = ["Hill Giant", "Lightning Bolt"]
[[permanent]]
card = "Grave Warden"
controller = "Alice"
[[action]]
player = "Alice"
activate = "Grave Warden"
targets = ["{target}"]
[expect]
{expect}
"#
    )
}

#[test]
fn any_card_in_any_graveyard_is_removed_from_the_game() {
    let any = "{T}: Exile target card from a graveyard.";
    let game = play(&warden(
        any,
        "Lightning Bolt",
        "removed = { Bob = [\"Lightning Bolt\"] }\ngraveyard = { Alice = [\"Grizzly Bears\"], Bob = [\"Hill Giant\"] }",
    ));
    assert!(
        logged(&game, "[217.7] Lightning Bolt is removed from the game"),
        "{:?}",
        log(&game)
    );
    // The 2009 wording reads the same, and Alice's own graveyard is "a graveyard" too.
    play(&warden(
        "{T}: Remove target card in a graveyard from the game.",
        "Grizzly Bears",
        "removed = { Alice = [\"Grizzly Bears\"] }",
    ));
}

#[test]
fn the_description_and_the_graveyard_limit_the_target() {
    let creature = "{T}: Exile target creature card from an opponent's graveyard.";
    play(&warden(
        creature,
        "Hill Giant",
        "removed = { Bob = [\"Hill Giant\"] }",
    ));
    // 409.1c: an instant isn't a creature card, and Alice's graveyard isn't an opponent's.
    for wrong in ["Lightning Bolt", "Grizzly Bears"] {
        let e = run_scenario(&scenario(&warden(creature, wrong, ""))).unwrap_err();
        assert_eq!(e.rule.as_deref(), Some("409.1c"), "{wrong}: {e}");
    }
}
