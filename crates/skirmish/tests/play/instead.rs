//! "<instruction>. If this spell was kicked, <instruction> instead." (413.1): one branch or the
//! other as the spell resolves; "that creature" in the second is the first's target, chosen as
//! the spell is played (409.1c).

use crate::common;

use common::{lands, play};

fn fire(with: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Shivan Fire"]
[[player]]
name = "Bob"
{mountains}[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Shivan Fire"
targets = ["Hill Giant"]
{with}
[expect]
{expect}
"#,
        mountains = lands("Mountain", "Alice", 5)
    )
}

#[test]
fn the_kicked_branch_replaces_the_other() {
    // Unkicked: 2 damage to the 3/3 Hill Giant, which survives.
    play(&fire("", "damage = { \"Hill Giant\" = 2 }"));
    // Kicked: 4 damage instead (not 2 + 4), and the Giant dies.
    play(&fire(
        "with = [\"kicker\"]",
        "graveyard = { Bob = [\"Hill Giant\"], Alice = [\"Shivan Fire\"] }",
    ));
}
