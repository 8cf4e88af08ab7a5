//! "Whenever a player cycles a card" (502.18c, 502.18e): any player's cycling, read from the
//! ability's controller ("you", "an opponent", "a player").

use crate::common;

use common::play;

/// Alice cycles Disciple of Grace in her main phase; Bob controls a card with `text`.
fn cycled(text: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Watcher"
cost = "{{W}}{{W}}"
type = "Creature — Human Soldier"
pt = "2/2"
text = "{text}"
[[player]]
name = "Alice"
hand = ["Disciple of Grace"]
library = ["Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Watcher"
controller = "Bob"
[[permanent]]
card = "Stoic Champion"
controller = "Bob"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains A"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains B"
[[action]]
player = "Alice"
cycle = "Disciple of Grace"
{expect}"#
    )
}

#[test]
fn any_players_cycling_pumps_the_champion() {
    play(&cycled(
        "Whenever an opponent cycles a card, Sample Watcher gets +1/+1 until end of turn.",
        "[expect]\npt = { \"Stoic Champion\" = \"4/4\", \"Sample Watcher\" = \"3/3\" }\nhand = { Alice = [\"Forest\"] }\ngraveyard = { Alice = [\"Disciple of Grace\"] }\n",
    ));
}

#[test]
fn you_cycle_is_only_its_controllers_cycling() {
    play(&cycled(
        "Whenever you cycle a card, Sample Watcher gets +1/+1 until end of turn.",
        "[expect]\npt = { \"Stoic Champion\" = \"4/4\", \"Sample Watcher\" = \"2/2\" }\n",
    ));
}
