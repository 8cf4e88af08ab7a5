//! Static abilities that take keywords away (402.9): "All creatures lose flying" in timestamp
//! order with effects that give them (the most recent prevails), and "lose first strike and
//! can't have or gain first strike", which nothing gives back.

use crate::common;

use common::{lands, play, scenario};

/// 402.9, 502.4b: under Gravity Sphere a Wind Drake has no flying, so Grizzly Bears block it;
/// Jump, resolved later, gives flying back (the most recent effect prevails) and the same
/// block breaks 502.4b.
#[test]
fn gravity_sphere_grounds_fliers_until_a_later_effect_gives_flying_back() {
    let text = |jump: &str| {
        format!(
            r#"stop_after = "declare-blockers"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Jump"]
[[player]]
name = "Bob"
[[permanent]]
card = "Gravity Sphere"
controller = "Bob"
[[permanent]]
card = "Wind Drake"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{island}{jump}[[action]]
player = "Alice"
attack = "Wind Drake"
step = "declare-attackers"
[[action]]
player = "Bob"
block = "Grizzly Bears=Wind Drake"
"#,
            island = lands("Island", "Alice", 1)
        )
    };
    play(&text(""));
    let jump = "[[action]]\nplayer = \"Alice\"\ncast = \"Jump\"\ntargets = [\"Wind Drake\"]\n";
    let e = skirmish::engine::run_scenario(&scenario(&text(jump))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("502.4b"), "{e}");
}

/// 402.9, 502.2: Archetype of Courage gives Alice's Grizzly Bears first strike and takes
/// White Knight's away: the Bears kill the Knight before it deals damage, and live.
#[test]
fn archetype_of_courage_takes_first_strike_from_the_opponents_creatures() {
    let text = |archetype: &str| {
        format!(
            r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
{archetype}[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "White Knight"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Grizzly Bears"
[[action]]
player = "Bob"
block = "White Knight=Grizzly Bears"
"#
        )
    };
    let archetype = "[[permanent]]\ncard = \"Archetype of Courage\"\ncontroller = \"Alice\"\n";
    play(&format!(
        "{}[expect]\ngraveyard = {{ Bob = [\"White Knight\"], Alice = [] }}\n",
        text(archetype)
    ));
    // Without it the Knight strikes first and the Bears die.
    play(&format!(
        "{}[expect]\ngraveyard = {{ Bob = [], Alice = [\"Grizzly Bears\"] }}\n",
        text("")
    ));
}

/// "Can't have or gain": Hyena Umbra, put on White Knight after Archetype of Courage, would
/// win by timestamp alone (402.9), but the Knight can't have first strike: the Hill Giant's
/// first-strike damage destroys the Umbra instead (totem armor), and the Knight's regular 2
/// damage leaves the Giant alive.
#[test]
fn cant_have_or_gain_keeps_first_strike_off_whatever_gives_it_later() {
    play(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Archetype of Courage"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "White Knight"
controller = "Bob"
[[permanent]]
card = "Hyena Umbra"
controller = "Bob"
attached_to = "White Knight"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Bob"
block = "White Knight=Hill Giant"
[expect]
graveyard = { Bob = ["Hyena Umbra"], Alice = [] }
in_play = ["Hill Giant", "White Knight"]
"#,
    );
}

/// 402.9, 502.6: Mystic Decree takes away the islandwalk Lord of Atlantis gives other Merfolk
/// when it came later (the most recent prevails), so a creature can block the Lord although
/// its defender controls an Island; put into play before the Lords, it loses to their grant
/// and the block breaks 502.6b.
#[test]
fn mystic_decree_takes_landwalk_away_in_timestamp_order() {
    let text = |before: &str, after: &str| {
        format!(
            r#"stop_after = "declare-blockers"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
{before}[[permanent]]
card = "Lord of Atlantis"
controller = "Alice"
[[permanent]]
card = "Lord of Atlantis"
label = "Second Lord"
controller = "Alice"
[[permanent]]
card = "Island"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{after}[[action]]
player = "Alice"
attack = "Lord of Atlantis"
[[action]]
player = "Bob"
block = "Grizzly Bears=Lord of Atlantis"
"#
        )
    };
    let decree = "[[permanent]]\ncard = \"Mystic Decree\"\ncontroller = \"Bob\"\n";
    play(&text("", decree));
    let e = skirmish::engine::run_scenario(&scenario(&text(decree, ""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("502.6b"), "{e}");
}
