//! "Players can't cast spells during combat." and "As long as ~ is attacking, defending player
//! can't cast spells.": a static ability in force forbids playing spells, and "can't" wins over
//! the permission to play them (2009 103.2, 409.1); the refusal cites 103.2.

use crate::common;

use common::{BOTH_PASS, lands, play};

const CARDS: &str = r#"[[card]]
name = "Sample Seraph"
cost = "{3}{R}{W}"
type = "Creature — Angel"
pt = "4/4"
text = "Flying\nPlayers can't cast spells during combat."
[[card]]
name = "Sample Dragon"
cost = "{4}{W}{W}"
type = "Creature — Dragon"
pt = "4/4"
text = "Flying\nAs long as Sample Dragon is attacking, defending player can't cast spells."
[[card]]
name = "Sample Growth"
cost = "{G}"
type = "Instant"
text = "Target creature gets +3/+3 until end of turn."
"#;

fn board(alice: &str, step: &str, actions: &str) -> String {
    format!(
        "stop_after = \"{step}\"\n{CARDS}[turn]\nactive = \"Alice\"\nstep = \"{step}\"\n[[player]]\nname = \"Alice\"\nhand = [\"Giant Growth\"]\n[[player]]\nname = \"Bob\"\nhand = [\"Sample Growth\"]\n[[permanent]]\ncard = \"{alice}\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\nlabel = \"Bob's Bears\"\n{}{}{actions}",
        lands("Forest", "Alice", 1),
        "[[permanent]]\ncard = \"Forest\"\ncontroller = \"Bob\"\nlabel = \"Bob's Forest\"\n",
    )
}

const GROW_ALICE: &str =
    "[[action]]\nplayer = \"Alice\"\ncast = \"Giant Growth\"\ntargets = [\"Grizzly Bears\"]\n";
const GROW_BOB: &str = "[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\ncast = \"Sample Growth\"\ntargets = [\"Bob's Bears\"]\n";

#[test]
fn no_one_casts_spells_during_combat_but_may_before() {
    // In the main phase the Seraph forbids nothing.
    play(
        &(board(
            "Sample Seraph",
            "precombat-main",
            &format!("{GROW_ALICE}{BOTH_PASS}"),
        ) + "[expect]\npt = { \"Grizzly Bears\" = \"5/5\" }\n"),
    );
    // In the declare attackers step neither player may.
    let attack = "[[action]]\nplayer = \"Alice\"\nattack = \"Grizzly Bears\"\n";
    play(
        &(board(
            "Sample Seraph",
            "declare-attackers",
            &format!("{attack}{GROW_ALICE}refused = \"103.2\"\n"),
        ) + "[expect]\npt = { \"Grizzly Bears\" = \"2/2\" }\n"),
    );
    play(
        &(board(
            "Sample Seraph",
            "declare-attackers",
            &format!("{attack}{GROW_BOB}refused = \"103.2\"\n"),
        ) + "[expect]\npt = { \"Bob's Bears\" = \"2/2\" }\n"),
    );
}

#[test]
fn the_defending_player_cant_cast_spells_while_the_dragon_attacks() {
    let attack = |who: &str| format!("[[action]]\nplayer = \"Alice\"\nattack = \"{who}\"\n");
    // The Dragon attacks: Bob, the defending player, can't; Alice can.
    play(
        &(board(
            "Sample Dragon",
            "declare-attackers",
            &format!("{}{GROW_BOB}refused = \"103.2\"\n", attack("Sample Dragon")),
        ) + "[expect]\npt = { \"Bob's Bears\" = \"2/2\" }\n"),
    );
    play(
        &(board(
            "Sample Dragon",
            "declare-attackers",
            &format!("{}{GROW_ALICE}{BOTH_PASS}", attack("Sample Dragon")),
        ) + "[expect]\npt = { \"Grizzly Bears\" = \"5/5\" }\n"),
    );
    // Only the Bears attack: Bob may.
    play(
        &(board(
            "Sample Dragon",
            "declare-attackers",
            &format!("{}{GROW_BOB}{BOTH_PASS}", attack("Grizzly Bears")),
        ) + "[expect]\npt = { \"Bob's Bears\" = \"5/5\" }\n"),
    );
}
