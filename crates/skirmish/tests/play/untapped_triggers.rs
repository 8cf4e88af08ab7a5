//! "Whenever ~ becomes untapped" (inspired): it triggers as the permanent changes from tapped
//! to untapped, in its controller's untap step (302.2; the ability goes on the stack when a
//! player next receives priority, in the upkeep, 302.3) or by an effect; one that stays tapped
//! or was untapped already doesn't trigger.

use crate::common;

use common::{log, logged, play};

fn hypnotist(tapped: bool, extra: &str) -> String {
    format!(
        r#"stop_after = "upkeep"
[turn]
active = "Alice"
step = "untap"
[[player]]
name = "Alice"
library = ["Hill Giant"]
[[player]]
name = "Bob"
[[permanent]]
card = "Deepwater Hypnotist"
controller = "Alice"
tapped = {tapped}
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{extra}"#
    )
}

#[test]
fn a_permanent_untapped_in_the_untap_step_triggers_in_the_upkeep() {
    let game = play(&format!(
        "{}[expect]\npt = {{ \"Grizzly Bears\" = \"-1/2\" }}\nuntapped = [\"Deepwater Hypnotist\"]\n",
        hypnotist(true, "")
    ));
    assert!(
        logged(
            &game,
            "Deepwater Hypnotist's ability \"whenever this becomes untapped"
        ),
        "{:?}",
        log(&game)
    );
    // Untapped already: nothing changes from tapped to untapped, nothing triggers.
    play(&format!(
        "{}[expect]\npt = {{ \"Grizzly Bears\" = \"2/2\" }}\n",
        hypnotist(false, "")
    ));
}

#[test]
fn the_revealed_card_goes_to_the_hand_and_costs_its_converted_mana_cost_in_life() {
    play(
        r#"stop_after = "upkeep"
[turn]
active = "Alice"
step = "untap"
[[player]]
name = "Alice"
library = ["Hill Giant", "Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Pain Seer"
controller = "Alice"
tapped = true
[expect]
hand = { Alice = ["Hill Giant"] }
life = { Alice = 16 }
"#,
    );
}

#[test]
fn an_effect_that_untaps_it_triggers_too() {
    play(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Untap"
cost = "{U}"
type = "Instant"
text = "Untap target creature."
[[player]]
name = "Alice"
hand = ["Sample Untap"]
[[player]]
name = "Bob"
[[permanent]]
card = "Deepwater Hypnotist"
controller = "Alice"
tapped = true
[[permanent]]
card = "Island"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Sample Untap"
targets = ["Deepwater Hypnotist"]
[expect]
pt = { "Grizzly Bears" = "-1/2" }
"#,
    );
}
