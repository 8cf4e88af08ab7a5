//! Landwalk of every kind (502.6a: a land subtype or supertype named; 502.6c: snow landwalk;
//! current 702.14c: "nonbasic landwalk"): each is unblockable exactly while the defending
//! player controls a land it names, and "landwalk abilities" takes them all in.

use crate::common;

use common::scenario;
use skirmish::engine::{RunError, run_scenario};

/// Alice attacks with `attacker`; Bob controls `land` (and Street Savvy on his Grizzly
/// Bears if `savvy`) and blocks with the Bears.
fn block_past(attacker: &str, land: &str, savvy: bool) -> Result<(), RunError> {
    let savvy = if savvy {
        "[[permanent]]\ncard = \"Street Savvy\"\ncontroller = \"Bob\"\nattached_to = \"Grizzly Bears\"\n"
    } else {
        ""
    };
    let text = format!(
        r#"stop_after = "declare-blockers"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "{attacker}"
controller = "Alice"
label = "Walker"
[[permanent]]
card = "{land}"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{savvy}
[[action]]
player = "Alice"
attack = "Walker"
[[action]]
player = "Bob"
block = "Grizzly Bears=Walker"
"#
    );
    run_scenario(&scenario(&text)).map(|_| ())
}

/// Asserts the block is refused for the landwalk `walk`, citing 502.6.
fn refused(attacker: &str, land: &str, walk: &str) {
    let e = block_past(attacker, land, false).expect_err(&format!("{attacker} against {land}"));
    assert!(e.message.contains(walk), "{e}");
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("502.6")),
        "{:?}: {e}",
        e.rule
    );
}

/// 502.6c: snow forestwalk looks for a snow Forest; a Forest that isn't snow lets Rime Dryad
/// be blocked.
#[test]
fn snow_forestwalk_needs_a_snow_forest() {
    refused("Rime Dryad", "Snow-Covered Forest", "snow forestwalk");
    block_past("Rime Dryad", "Forest", false).unwrap_or_else(|e| panic!("{e}"));
    block_past("Rime Dryad", "Snow-Covered Island", false).unwrap_or_else(|e| panic!("{e}"));
}

/// 502.6a: desertwalk names the land subtype Desert, not a basic land type.
#[test]
fn desertwalk_needs_a_desert() {
    refused("Desert Nomads", "Desert", "desertwalk");
    block_past("Desert Nomads", "Mountain", false).unwrap_or_else(|e| panic!("{e}"));
}

/// 502.6a: legendary landwalk names a supertype; current 702.14c: nonbasic landwalk names a
/// land without the supertype basic (a basic snow land is still basic).
#[test]
fn supertype_landwalks_read_the_supertypes() {
    refused(
        "Ayumi, the Last Visitor",
        "Mikokoro, Center of the Sea",
        "legendary landwalk",
    );
    block_past("Ayumi, the Last Visitor", "Forest", false).unwrap_or_else(|e| panic!("{e}"));
    refused(
        "Dryad Sophisticate",
        "Mikokoro, Center of the Sea",
        "nonbasic landwalk",
    );
    refused("Dryad Sophisticate", "Desert", "nonbasic landwalk");
    block_past("Dryad Sophisticate", "Snow-Covered Forest", false)
        .unwrap_or_else(|e| panic!("{e}"));
}

/// 502.6c: "creatures with landwalk abilities" takes in snow landwalk and desertwalk, so
/// Street Savvy's creature blocks them through the lands they name.
#[test]
fn street_savvy_blocks_every_kind_of_landwalk() {
    for (attacker, land) in [
        ("Rime Dryad", "Snow-Covered Forest"),
        ("Desert Nomads", "Desert"),
        ("Dryad Sophisticate", "Desert"),
    ] {
        block_past(attacker, land, true).unwrap_or_else(|e| panic!("{attacker}: {e}"));
    }
}
