//! "<instruction>. If this spell was kicked, <instruction> instead." (413.1): one branch or the
//! other as the spell resolves; "that creature" in the second is the first's target, chosen as
//! the spell is played (409.1c). The same in triggered abilities, whose condition may be about
//! the target ("If that creature is a Human") or the permanent the trigger is about ("If that
//! land is a Swamp").

use crate::common;

use common::{BOTH_PASS, lands, play};

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

const RECRUITER: &str = r#"[[card]]
name = "Cathar Recruiter"
cost = "{W}"
type = "Creature — Human Soldier"
pt = "1/1"
text = "When Cathar Recruiter enters the battlefield, put a +1/+1 counter on target creature you control. If that creature is a Human, put two +1/+1 counters on it instead."
"#;

/// Alice casts Cathar Recruiter (Elder Cathar's sentence on an entering trigger); its
/// trigger targets `target`.
fn recruiter(target: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
{RECRUITER}
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Cathar Recruiter"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "White Knight"
controller = "Alice"
[[permanent]]
card = "Plains"
controller = "Alice"
[[action]]
player = "Alice"
cast = "Cathar Recruiter"
{BOTH_PASS}[[action]]
player = "Alice"
choose = "Cathar Recruiter: {target}"
{BOTH_PASS}"#
    )
}

#[test]
fn a_triggered_ability_checks_its_target_for_the_instead_branch() {
    // The Bears aren't Human: one counter. The Knight is: two, and not three.
    play(
        &(recruiter("Grizzly Bears")
            + "[expect]\ncounters = { \"Grizzly Bears\" = { \"+1/+1\" = 1 } }\n"),
    );
    play(
        &(recruiter("White Knight")
            + "[expect]\ncounters = { \"White Knight\" = { \"+1/+1\" = 2 } }\n"),
    );
}

#[test]
fn landfall_checks_the_land_that_came_into_play() {
    let overseer = |land: &str, pt: &str| {
        format!(
            r#"stop_after = "precombat-main"
[[card]]
name = "Guul Draz Overseer"
cost = "{{4}}{{B}}{{B}}"
type = "Creature — Vampire"
pt = "3/4"
text = """
Flying
Landfall — Whenever a land enters the battlefield under your control, other creatures you control get +1/+0 until end of turn. If that land is a Swamp, those creatures get +2/+0 until end of turn instead."""
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["{land}"]
[[player]]
name = "Bob"
[[permanent]]
card = "Guul Draz Overseer"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[action]]
player = "Alice"
play_land = "{land}"
{BOTH_PASS}[expect]
pt = {{ "Grizzly Bears" = "{pt}", "Guul Draz Overseer" = "3/4" }}
"#
        )
    };
    play(&overseer("Forest", "3/2"));
    play(&overseer("Swamp", "4/2"));
}
