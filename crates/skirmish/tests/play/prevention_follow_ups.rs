//! A static prevention that does more each time it applies ("If damage would be dealt to ~,
//! prevent that damage. Remove a +1/+1 counter from ~.", 419.7e) and a replacement of damage by
//! something else ("..., put that many -1/-1 counters on it instead.", 419.6): the damage isn't
//! dealt, and the instructions happen at once after each damage event, "that many" being the
//! damage stopped. Combat damage dealt at once is one event (310.4): two blockers' damage
//! costs Phantom Nantuko one counter, as the Judgment rulings say.

use crate::common;

use common::{log, play};

fn combat(
    attacker: &str,
    attacker_counters: &str,
    block: &str,
    blockers: &[&str],
    expect: &str,
) -> String {
    let mut t = format!(
        r#"stop_after = "end-of-combat"
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
{attacker_counters}
"#
    );
    for b in blockers {
        t += &format!("[[permanent]]\ncard = \"{b}\"\ncontroller = \"Bob\"\n");
    }
    t += &format!(
        "[[action]]\nplayer = \"Alice\"\nattack = \"{attacker}\"\n[[action]]\nplayer = \"Bob\"\nblock = \"{block}\"\n[expect]\n{expect}"
    );
    t
}

#[test]
fn each_damage_event_prevented_removes_one_counter() {
    // One blocker: Hill Giant's 3 damage is prevented and one counter goes (2/2 -> 1/1).
    let game = play(&combat(
        "Phantom Nantuko",
        "counters = { \"+1/+1\" = 2 }",
        "Hill Giant=Phantom Nantuko",
        &["Hill Giant"],
        "pt = { \"Phantom Nantuko\" = \"1/1\" }\ndamage = { \"Phantom Nantuko\" = 0, \"Hill Giant\" = 2 }\n",
    ));
    let lines = log(&game);
    assert!(
        lines
            .iter()
            .filter(|l| l.contains("[419.7e]") && l.contains("remove a +1/+1 counter"))
            .count()
            == 1,
        "{lines:?}"
    );
    // Two blockers deal their damage at once, one event: one counter goes, not two or five.
    let game = play(&combat(
        "Phantom Nantuko",
        "counters = { \"+1/+1\" = 2 }",
        "Hill Giant=Phantom Nantuko, Grizzly Bears=Phantom Nantuko",
        &["Hill Giant", "Grizzly Bears"],
        "pt = { \"Phantom Nantuko\" = \"1/1\" }\ndamage = { \"Phantom Nantuko\" = 0 }\n",
    ));
    let lines = log(&game);
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.contains("[419.7]") && l.contains("prevented"))
            .count(),
        2,
        "each source's damage is prevented: {lines:?}"
    );
    assert_eq!(
        lines.iter().filter(|l| l.contains("[419.7e]")).count(),
        1,
        "{lines:?}"
    );
}

#[test]
fn damage_replaced_by_counters_is_not_dealt() {
    // Lichenthrope (5/5) is dealt no damage: Hill Giant's 3 becomes three -1/-1 counters.
    let game = play(&combat(
        "Lichenthrope",
        "",
        "Hill Giant=Lichenthrope",
        &["Hill Giant"],
        "pt = { \"Lichenthrope\" = \"2/2\" }\ndamage = { \"Lichenthrope\" = 0 }\ngraveyard = { Bob = [\"Hill Giant\"] }\n",
    ));
    let lines = log(&game);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("[419.6]") && l.contains("isn't dealt")),
        "{lines:?}"
    );
    // "That many" is all the damage of the event: 3 + 2 counters, and the 5/5 dies.
    play(&combat(
        "Lichenthrope",
        "",
        "Hill Giant=Lichenthrope, Grizzly Bears=Lichenthrope",
        &["Hill Giant", "Grizzly Bears"],
        "graveyard = { Alice = [\"Lichenthrope\"] }\n",
    ));
    // "For each 1 damage prevented this way": Phyrexian Hydra gets one counter per point.
    play(&combat(
        "Phyrexian Hydra",
        "",
        "Hill Giant=Phyrexian Hydra",
        &["Hill Giant"],
        "pt = { \"Phyrexian Hydra\" = \"4/4\" }\ndamage = { \"Phyrexian Hydra\" = 0 }\n",
    ));
}

#[test]
fn a_player_is_the_recipient_and_the_kind_matters() {
    // Noncombat damage to Alice is prevented and she gains that much life.
    let text = r#"stop_after = "precombat-main"
[turn]
active = "Bob"
step = "precombat-main"
[[card]]
name = "Sample Ward"
cost = "{2}{W}"
type = "Creature — Spirit"
pt = "1/1"
text = "If noncombat damage would be dealt to you, prevent that damage. You gain life equal to the damage prevented this way."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["Lightning Bolt"]
[[permanent]]
card = "Sample Ward"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Bob"
[[action]]
player = "Bob"
cast = "Lightning Bolt"
targets = ["Alice"]
[expect]
life = { Alice = 23 }
"#;
    play(text);
    // Combat damage isn't noncombat: Alice takes it.
    let combat = r#"stop_after = "end-of-combat"
[turn]
active = "Bob"
step = "declare-attackers"
[[card]]
name = "Sample Ward"
cost = "{2}{W}"
type = "Creature — Spirit"
pt = "1/1"
text = "If noncombat damage would be dealt to you, prevent that damage. You gain life equal to the damage prevented this way."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Ward"
controller = "Alice"
tapped = true
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Bob"
attack = "Hill Giant"
[expect]
life = { Alice = 17 }
"#;
    play(combat);
}
