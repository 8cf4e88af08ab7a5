//! "is a white Angel in addition to its other colors and types", "becomes an artifact in
//! addition to its other types": types added to the permanent's own (212.1c, layer 4 of
//! 418.5a) and colors added to its colors (layer 5), each part in its own layer (418.5b).
//! Static abilities of later layers read the permanent as the earlier layers left it.

use crate::common;

use common::{log, play};
use skirmish::mana::Color;

/// Alice's Grizzly Bears wear "Sample Vestment"; her "Sample Host" says "Angels you control
/// get +1/+1"; Bob attacks with Black Knight (protection from white) and Alice blocks with
/// `block`.
fn vestment(text: &str, block: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "declare-blockers"
[turn]
active = "Bob"
step = "declare-attackers"
[[card]]
name = "Sample Vestment"
cost = "{{W}}"
type = "Enchantment — Aura"
text = "Enchant creature\n{text}"
[[card]]
name = "Sample Host"
cost = "{{3}}{{W}}"
type = "Creature — Human Cleric"
pt = "1/1"
text = "Angels you control get +1/+1."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Sample Vestment"
controller = "Alice"
attached_to = "Grizzly Bears"
[[permanent]]
card = "Sample Host"
controller = "Alice"
[[permanent]]
card = "Black Knight"
controller = "Bob"
[[action]]
player = "Bob"
attack = "Black Knight"
[[action]]
player = "Alice"
block = "{block}"
{expect}"#
    )
}

#[test]
fn an_aura_makes_its_creature_a_white_angel_besides_a_green_bear() {
    let text = "Enchanted creature is a white Angel in addition to its other colors and types.";
    // Layer 6 sees the Angel of layer 4: the Host's bonus applies.
    let game = play(&vestment(
        text,
        "",
        "[expect]\npt = { \"Grizzly Bears\" = \"3/3\", \"Sample Host\" = \"1/1\" }\n",
    ));
    let bears = game.object_labelled("Grizzly Bears").unwrap();
    assert!(bears.type_line().has_subtype("Angel") && bears.type_line().has_subtype("Bear"));
    let colors = bears.colors();
    assert!(
        colors.contains(&Color::White) && colors.contains(&Color::Green),
        "{colors:?}"
    );
    // White now, it can't block a creature with protection from white (502.7).
    let e = skirmish::engine::run_scenario(&common::scenario(&vestment(
        text,
        "Grizzly Bears=Black Knight",
        "",
    )))
    .unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("502.7")),
        "{e}"
    );
    // Types alone leave its colors: green still, so the block stands.
    play(&vestment(
        "Enchanted creature is an Angel in addition to its other types.",
        "Grizzly Bears=Black Knight",
        "[expect]\npt = { \"Grizzly Bears\" = \"3/3\" }\n",
    ));
}

/// "That creature becomes a Vampire in addition to its other types." with no duration: the
/// change lasts as long as the creature is in play (418.3a), and "can't be blocked by
/// Vampires" then keeps it from blocking.
#[test]
fn a_creature_made_a_vampire_stays_one_and_cant_block_a_vampire_hater() {
    let board = |activate: bool, block: &str| {
        let act = if activate {
            "[[action]]\nplayer = \"Alice\"\nactivate = \"Sample Lady\"\ntargets = [\"Hill Giant\"]\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n"
        } else {
            ""
        };
        format!(
            r#"stop_after = "declare-blockers"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Lady"
cost = "{{2}}{{B}}{{R}}"
type = "Creature — Vampire"
pt = "3/3"
text = "{{R}}: Sample Lady deals 1 damage to another target creature. That creature becomes a Vampire in addition to its other types."
[[card]]
name = "Sample Stalker"
cost = "{{1}}{{B}}"
type = "Creature — Human Rogue"
pt = "2/2"
text = "Sample Stalker can't be blocked by Vampires."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Sample Lady"
controller = "Alice"
[[permanent]]
card = "Sample Stalker"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
{act}[[action]]
player = "Alice"
attack = "Sample Stalker"
[[action]]
player = "Bob"
block = "{block}"
"#
        )
    };
    play(&board(false, "Hill Giant=Sample Stalker"));
    let game = play(&board(true, ""));
    let giant = game.object_labelled("Hill Giant").unwrap();
    assert!(
        giant.type_line().has_subtype("Vampire") && giant.type_line().has_subtype("Giant"),
        "{:?}",
        log(&game)
    );
    assert_eq!(giant.damage(), 1);
    let e = skirmish::engine::run_scenario(&common::scenario(&board(
        true,
        "Hill Giant=Sample Stalker",
    )))
    .unwrap_err();
    assert!(e.message.contains("Vampire"), "{e}");
}

/// "Target creature becomes an artifact in addition to its other types until end of turn": an
/// artifact creature now, so "can't block artifact creatures" applies to it.
#[test]
fn a_creature_made_an_artifact_until_end_of_turn_is_an_artifact_creature() {
    let board = |block: &str| {
        format!(
            r#"stop_after = "declare-blockers"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Transmuter"
cost = "{{1}}{{U}}"
type = "Creature — Human Artificer"
pt = "1/2"
text = "{{U}}: Target creature becomes an artifact in addition to its other types until end of turn."
[[card]]
name = "Sample Guard"
cost = "{{1}}{{W}}"
type = "Creature — Human Soldier"
pt = "2/2"
text = "Sample Guard can't block artifact creatures."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Island"
controller = "Alice"
[[permanent]]
card = "Sample Transmuter"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Sample Guard"
controller = "Bob"
[[action]]
player = "Alice"
activate = "Sample Transmuter"
targets = ["Grizzly Bears"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
attack = "Grizzly Bears"
[[action]]
player = "Bob"
block = "{block}"
"#
        )
    };
    let game = play(&board(""));
    let bears = game.object_labelled("Grizzly Bears").unwrap();
    assert!(
        bears.is(skirmish::typeline::CardType::Artifact)
            && bears.is(skirmish::typeline::CardType::Creature)
            && bears.type_line().has_subtype("Bear"),
        "{:?}",
        log(&game)
    );
    assert!(
        skirmish::engine::run_scenario(&common::scenario(&board("Sample Guard=Grizzly Bears")))
            .is_err()
    );
}

/// 418.5a: static abilities apply layer by layer, so "creatures with flying get +1/+1" (layer
/// 6d) counts the flying "creatures you control have flying" gives (layer 5).
#[test]
fn a_power_bonus_reads_a_keyword_a_static_ability_gives() {
    play(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Banner"
cost = "{3}"
type = "Artifact"
text = "Creatures you control have flying."
[[card]]
name = "Sample Captain"
cost = "{3}"
type = "Artifact"
text = "Creatures with flying get +1/+1."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Captain"
controller = "Alice"
[[permanent]]
card = "Sample Banner"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[expect]
pt = { "Grizzly Bears" = "3/3", "Hill Giant" = "3/3" }
"#,
    );
}
