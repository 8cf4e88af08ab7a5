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

/// An activated ability whose other branch names its target back: "that creature or player"
/// (either kind of target, 409.1c) and "that player" after "target opponent", and the
/// condition said last ("... instead if <condition>").
fn shooter(text: &str, target: &str, mountains: usize) -> String {
    format!(
        r#"stop_after = "precombat-main"
[[card]]
name = "Sample Shooter"
cost = "{{1}}{{R}}"
type = "Creature — Human"
pt = "1/1"
text = "{text}"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Shooter"
controller = "Alice"
{lands}[[permanent]]
card = "Craw Wurm"
controller = "Bob"
[[action]]
player = "Alice"
activate = "Sample Shooter"
targets = ["{target}"]
{BOTH_PASS}"#,
        lands = lands("Mountain", "Alice", mountains),
    )
}

#[test]
fn the_instead_branch_follows_the_creature_or_player_targeted() {
    let either = "{T}: Sample Shooter deals 1 damage to any target. If you control two or more Mountains, Sample Shooter deals 3 damage to that permanent or player instead.";
    play(&(shooter(either, "Bob", 1) + "[expect]\nlife = { Bob = 19 }\n"));
    play(&(shooter(either, "Bob", 2) + "[expect]\nlife = { Bob = 17 }\n"));
    play(
        &(shooter(either, "Craw Wurm", 2)
            + "[expect]\ndamage = { \"Craw Wurm\" = 3 }\nlife = { Bob = 20 }\n"),
    );
    let opponent = "{T}: Target opponent loses 1 life. That player loses 3 life instead if you control two or more Mountains.";
    play(&(shooter(opponent, "Bob", 0) + "[expect]\nlife = { Bob = 19 }\n"));
    play(&(shooter(opponent, "Bob", 2) + "[expect]\nlife = { Alice = 20, Bob = 17 }\n"));
}

/// "That creature gets -4/-4 instead if ...": the other branch lasts as long as the first,
/// until end of turn.
#[test]
fn the_instead_branch_lasts_as_long_as_the_first() {
    let text = "{T}: Target creature gets -1/-1 until end of turn. That creature gets -4/-4 instead if you control a creature named Hill Giant.";
    let board = |giant: bool| {
        shooter(text, "Craw Wurm", 0).replacen(
            "[[action]]",
            &format!(
                "{}[[action]]",
                if giant {
                    "[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Alice\"\n"
                } else {
                    ""
                }
            ),
            1,
        )
    };
    play(&(board(false) + "[expect]\npt = { \"Craw Wurm\" = \"5/3\" }\n"));
    // 6/4 less 4/4 is 2/0: put into its owner's graveyard (420.5b).
    play(&(board(true) + "[expect]\ngraveyard = { Bob = [\"Craw Wurm\"] }\n"));
}
