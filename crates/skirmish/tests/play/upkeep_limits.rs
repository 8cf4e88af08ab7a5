//! "Activate this ability only during your upkeep": the upkeep step of its controller's turn
//! (303), not another player's; "during each upkeep" is any player's; "any time you could cast
//! an instant" limits nothing (409.1: an activated ability is played whenever its controller
//! has priority).

use crate::common;

use common::{play, scenario};

fn keeper(limit: &str, active: &str) -> String {
    // The active player has priority first (408.1b): Bob passes it to Alice.
    let first = if active == "Bob" {
        "[[action]]\nplayer = \"Bob\"\npass = true\n"
    } else {
        ""
    };
    format!(
        r#"stop_after = "upkeep"
[turn]
active = "{active}"
step = "upkeep"
[[card]]
name = "Sample Keeper"
cost = "{{2}}"
type = "Creature — Human"
pt = "1/1"
text = "{{0}}: Sample Keeper gets +1/+1 until end of turn. Activate this ability only {limit}."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Keeper"
controller = "Alice"
{first}[[action]]
player = "Alice"
activate = "Sample Keeper"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[expect]
pt = {{ "Sample Keeper" = "2/2" }}
"#
    )
}

#[test]
fn your_upkeep_is_only_your_own() {
    play(&keeper("during your upkeep", "Alice"));
    let e = skirmish::engine::run_scenario(&scenario(&keeper("during your upkeep", "Bob")))
        .unwrap_err();
    assert!(e.message.contains("controller's turn"), "{e}");
    // Any player's upkeep, and no limit at all.
    for limit in ["during each upkeep", "any time you could cast an instant"] {
        play(&keeper(limit, "Bob"));
    }
}
