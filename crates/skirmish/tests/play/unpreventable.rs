//! Damage that can't be prevented (2009 103.2: "can't" beats "can"; current 615.12): "Damage
//! that would be dealt by ~ can't be prevented." as a static ability and "Damage can't be
//! prevented this turn." as an instruction reach damage as a prevention effect would, and no
//! prevention effect or protection stops any of it.

use crate::common;

use common::{BOTH_PASS, logged, play};

const CARDS: &str = r#"[[card]]
name = "Sample Excruciator"
cost = "{2}{R}"
type = "Creature — Avatar"
pt = "3/3"
text = "Damage that would be dealt by Sample Excruciator can't be prevented."
[[card]]
name = "Sample Ward"
cost = "{2}{W}"
type = "Enchantment"
text = "Prevent all damage that would be dealt to you."
[[card]]
name = "Sample Guard"
cost = "{1}{W}"
type = "Creature — Human"
pt = "1/4"
text = "Protection from red"
[[card]]
name = "Sample Crack"
cost = "{R}"
type = "Creature — Goblin"
pt = "1/1"
text = "{T}: Damage can't be prevented this turn."
"#;

fn board(edition: &str, alice: &[&str], bob: &[&str], actions: &str) -> String {
    let permanents = |who: &str, cards: &[&str]| {
        cards
            .iter()
            .map(|c| format!("[[permanent]]\ncard = \"{c}\"\ncontroller = \"{who}\"\n"))
            .collect::<String>()
    };
    format!(
        "stop_after = \"end-of-combat\"\n{edition}{CARDS}[turn]\nactive = \"Alice\"\nstep = \"precombat-main\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n{}{}{actions}",
        permanents("Alice", alice),
        permanents("Bob", bob),
    )
}

#[test]
fn damage_from_the_excruciator_passes_prevention_and_protection() {
    // Unblocked: Sample Ward prevents the Bears' 2, not the Excruciator's 3.
    let attack = format!(
        "{BOTH_PASS}[[action]]\nplayer = \"Alice\"\nattack = \"Sample Excruciator, Grizzly Bears\"\n"
    );
    let game = play(
        &(board(
            "",
            &["Sample Excruciator", "Grizzly Bears"],
            &["Sample Ward"],
            &attack,
        ) + "[expect]\nlife = { Bob = 17 }\n"),
    );
    assert!(logged(
        &game,
        "[103.2] 3 damage from Sample Excruciator to Bob can't be prevented"
    ));
    assert!(logged(&game, "[419.7]"), "the Bears' damage is prevented");
    // Blocked by a creature with protection from red: its damage is dealt all the same.
    let blocked = format!(
        "{BOTH_PASS}[[action]]\nplayer = \"Alice\"\nattack = \"Sample Excruciator\"\n[[action]]\nplayer = \"Bob\"\nblock = \"Sample Guard=Sample Excruciator\"\n"
    );
    play(
        &(board("", &["Sample Excruciator"], &["Sample Guard"], &blocked)
            + "[expect]\ndamage = { \"Sample Guard\" = 3 }\n"),
    );
    // Under the current rules the log cites 615.12.
    let game = play(
        &(board(
            "edition = \"current\"\n",
            &["Sample Excruciator"],
            &["Sample Ward"],
            &format!(
                "{BOTH_PASS}[[action]]\nplayer = \"Alice\"\nattack = \"Sample Excruciator\"\n"
            ),
        ) + "[expect]\nlife = { Bob = 17 }\n"),
    );
    assert!(logged(&game, "[615.12]"));
}

#[test]
fn damage_cant_be_prevented_this_turn_reaches_every_source() {
    let actions = |activate: bool| {
        let first = if activate {
            format!("[[action]]\nplayer = \"Alice\"\nactivate = \"Sample Crack\"\n{BOTH_PASS}")
        } else {
            String::new()
        };
        format!("{first}{BOTH_PASS}[[action]]\nplayer = \"Alice\"\nattack = \"Grizzly Bears\"\n")
    };
    play(
        &(board(
            "",
            &["Sample Crack", "Grizzly Bears"],
            &["Sample Ward"],
            &actions(false),
        ) + "[expect]\nlife = { Bob = 20 }\n"),
    );
    play(
        &(board(
            "",
            &["Sample Crack", "Grizzly Bears"],
            &["Sample Ward"],
            &actions(true),
        ) + "[expect]\nlife = { Bob = 18 }\n"),
    );
}

/// "The damage can't be prevented." after a spell's damage: the spell's own damage passes a
/// prevention effect that stops the same damage from a spell without the sentence.
#[test]
fn a_spells_damage_that_cant_be_prevented_passes_prevention() {
    let board = |text: &str| {
        format!(
            r#"stop_after = "precombat-main"
[[card]]
name = "Sample Combust"
cost = "{{R}}"
type = "Instant"
text = "{text}"
[[card]]
name = "Sample Shelter"
cost = "{{2}}{{W}}"
type = "Enchantment"
text = "Prevent all damage that would be dealt to creatures you control."
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Sample Combust"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Sample Shelter"
controller = "Bob"
[[permanent]]
card = "Craw Wurm"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Sample Combust"
targets = ["Craw Wurm"]
{BOTH_PASS}"#
        )
    };
    play(
        &(board("Sample Combust deals 5 damage to target creature.")
            + "[expect]\nin_play = [\"Craw Wurm\", \"Mountain\", \"Sample Shelter\"]\n"),
    );
    let game = play(
        &(board(
            "Sample Combust deals 5 damage to target creature. The damage can't be prevented.",
        ) + "[expect]\ngraveyard = { Alice = [\"Sample Combust\"], Bob = [\"Craw Wurm\"] }\n"),
    );
    assert!(logged(
        &game,
        "[103.2] 5 damage from Sample Combust to Craw Wurm can't be prevented"
    ));
}
