//! Spells described by a number (203.3: converted mana cost; "with converted mana cost 3 or
//! less") in triggers on playing spells, and "that spell's converted mana cost" in their
//! instructions (413.2f: the spell on the stack, or as it last existed there).

use crate::common;

use common::{BOTH_PASS, lands, log, logged, play};

/// Alice plays `spell` (from her hand, with Swamps and Mountains) in her main phase, Erratic
/// Cyclops and Grizzly Bears on her side, Bob's Eidolon of the Great Revel and Hill Giant on
/// his; the spell and the `resolving` - 1 triggers it causes resolve.
fn cast(spell: &str, targets: &str, resolving: usize, expect: &str) -> skirmish::model::Game {
    play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["{spell}"]
[[player]]
name = "Bob"
[[permanent]]
card = "Erratic Cyclops"
controller = "Alice"
[[permanent]]
card = "Eidolon of the Great Revel"
controller = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
{swamps}{mountains}[[action]]
player = "Alice"
cast = "{spell}"
targets = [{targets}]
{passes}
[expect]
{expect}
"#,
        swamps = lands("Swamp", "Alice", 2),
        mountains = lands("Mountain", "Alice", 3),
        passes = BOTH_PASS.repeat(resolving),
    ))
}

/// 203.3, 413.2f: Last Gasp ({1}{B}) is an instant with converted mana cost 2: Erratic
/// Cyclops gets +2/+0; Eidolon's "converted mana cost 3 or less" fits, so Alice takes 2.
#[test]
fn a_two_mana_instant_pumps_the_cyclops_by_two_and_triggers_the_eidolon() {
    let game = cast(
        "Last Gasp",
        "\"Hill Giant\"",
        3,
        "pt = { \"Erratic Cyclops\" = \"2/8\" }\nlife = { Alice = 18 }",
    );
    assert!(
        logged(&game, "Eidolon of the Great Revel deals 2 damage to Alice"),
        "{:?}",
        log(&game)
    );
}

/// 203.3: Boulder Salvo ({4}{R}) has converted mana cost 5: the Cyclops gets +5/+0, and the
/// Eidolon, asking for 3 or less, doesn't trigger.
#[test]
fn a_five_mana_sorcery_pumps_by_five_and_leaves_the_eidolon_quiet() {
    let game = cast(
        "Boulder Salvo",
        "\"Hill Giant\"",
        2,
        "pt = { \"Erratic Cyclops\" = \"5/8\" }\nlife = { Alice = 20 }",
    );
    assert!(
        !logged(&game, "Eidolon of the Great Revel deals"),
        "{:?}",
        log(&game)
    );
}
