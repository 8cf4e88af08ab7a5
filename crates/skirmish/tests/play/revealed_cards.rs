//! "reveal the top card of your library" (glossary "Reveal"; the card stays on top), "If it's
//! a <description> card, <instruction>", "put that card into your hand" (217.3), and "its" /
//! "that card's" after it: the revealed card's numbers, as printed off the battlefield. And
//! kinship's "you may look at the top card of your library. If it shares a creature type with
//! ~, you may reveal it. If you do, <instruction>." (changeling: every creature type).

use crate::common;

use common::{log, logged, play};

/// Alice attacks Bob with Goblin Guide; Bob's library is `library`, top first.
fn guide(library: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "declare-attackers"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
library = [{library}]
[[permanent]]
card = "Goblin Guide"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Goblin Guide"
{expect}"#
    )
}

#[test]
fn a_revealed_land_goes_to_its_owners_hand() {
    let game = play(&guide(
        "\"Forest\", \"Hill Giant\"",
        "[expect]\nhand = { Bob = [\"Forest\"] }\nlibrary = { Bob = [\"Hill Giant\"] }\n",
    ));
    assert!(
        logged(
            &game,
            "[217.2] Bob reveals Forest from the top of his or her library"
        ),
        "{:?}",
        log(&game)
    );
}

#[test]
fn a_revealed_nonland_stays_on_top() {
    play(&guide(
        "\"Hill Giant\", \"Forest\"",
        "[expect]\nhand = { Bob = [] }\nlibrary = { Bob = [\"Hill Giant\", \"Forest\"] }\n",
    ));
    // An empty library reveals nothing.
    let game = play(&guide("", "[expect]\nhand = { Bob = [] }\n"));
    assert!(
        logged(&game, "Bob's library is empty: nothing is revealed"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn the_confidant_loses_life_equal_to_the_revealed_cards_converted_mana_cost() {
    // Hill Giant ({3}{R}) is revealed and put into Alice's hand: she loses 4 life.
    play(
        r#"stop_after = "upkeep"
[turn]
active = "Alice"
step = "upkeep"
[[player]]
name = "Alice"
library = ["Hill Giant", "Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Dark Confidant"
controller = "Alice"
[expect]
hand = { Alice = ["Hill Giant"] }
library = { Alice = ["Forest"] }
life = { Alice = 16 }
"#,
    );
    // A land costs nothing: no life is lost.
    let game = play(
        r#"stop_after = "upkeep"
[turn]
active = "Alice"
step = "upkeep"
[[player]]
name = "Alice"
library = ["Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Dark Confidant"
controller = "Alice"
[expect]
hand = { Alice = ["Forest"] }
life = { Alice = 20 }
"#,
    );
    assert!(
        logged(&game, "[215.3] Alice loses no life (the amount is 0)"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn an_activated_reveal_pumps_only_for_a_land() {
    let deceiver = |library: &str, pt: &str| {
        format!(
            r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Deceiver"
cost = "{{3}}{{G}}"
type = "Creature — Spirit"
pt = "3/2"
text = "{{2}}: Reveal the top card of your library. If it's a land card, Sample Deceiver gets +2/+2 and gains trample until end of turn."
[[player]]
name = "Alice"
library = [{library}]
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Deceiver"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest A"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest B"
[[action]]
player = "Alice"
activate = "Sample Deceiver"
[expect]
pt = {{ "Sample Deceiver" = "{pt}" }}
"#
        )
    };
    play(&deceiver("\"Swamp\"", "5/4"));
    play(&deceiver("\"Grizzly Bears\"", "3/2"));
}

#[test]
fn that_card_after_an_exiled_top_card_reads_its_printed_power() {
    // The exiled Craw Wurm is a 6/4 card: Alice gains 6.
    play(
        r#"stop_after = "declare-attackers"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Plasm"
cost = "{2}{G}"
type = "Creature — Ooze"
pt = "2/2"
text = "Whenever Sample Plasm attacks, exile the top card of your library. You gain life equal to that card's power."
[[player]]
name = "Alice"
library = ["Craw Wurm"]
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Plasm"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Sample Plasm"
[expect]
life = { Alice = 26 }
removed = { Alice = ["Craw Wurm"] }
"#,
    );
}

#[test]
fn that_card_with_nothing_revealed_is_refused() {
    for text in [
        "Whenever Sample attacks, you gain life equal to that card's power.",
        "Whenever Sample attacks, put that card into your hand.",
        "Sample gets +1/+1 as long as that card's power is 2 or greater.",
    ] {
        let e =
            common::sample_card("{1}{B}", "Creature — Human", Some("2/1"), text).expect_err(text);
        assert!(e.to_string().contains("that card"), "{text}: {e}");
    }
}

/// Alice's upkeep with Winnower Patrol and `top` on top of her library; then `choices`.
fn kinship(top: &str, choices: &str) -> String {
    format!(
        r#"stop_after = "upkeep"
[[card]]
name = "Shifting One"
cost = "{{3}}"
type = "Creature — Shapeshifter"
pt = "1/1"
text = "Changeling"
[turn]
active = "Alice"
step = "upkeep"
[[player]]
name = "Alice"
library = ["{top}", "Island"]
[[player]]
name = "Bob"
[[permanent]]
card = "Winnower Patrol"
controller = "Alice"
{choices}"#
    )
}

#[test]
fn kinship_looks_at_the_top_card_and_acts_if_it_shares_a_creature_type() {
    // An Elf on top shares Elf with the Patrol (an Elf Warrior): revealed, and the counter.
    let game = play(
        &(kinship("Llanowar Elves", "") + "[expect]\npt = { \"Winnower Patrol\" = \"4/3\" }\n"),
    );
    assert!(
        logged(&game, "Alice reveals Llanowar Elves"),
        "{:?}",
        log(&game)
    );
    // A Bear shares none: no counter, nothing revealed; the card stays on top.
    let game = play(
        &(kinship("Grizzly Bears", "") + "[expect]\npt = { \"Winnower Patrol\" = \"3/2\" }\n"),
    );
    assert!(!logged(&game, "reveals"), "{:?}", log(&game));
    assert!(
        logged(&game, "Alice looks at Grizzly Bears, the top card"),
        "{:?}",
        log(&game)
    );
    // Changeling is every creature type (502.73a).
    play(&(kinship("Shifting One", "") + "[expect]\npt = { \"Winnower Patrol\" = \"4/3\" }\n"));
    // A land has no creature type.
    play(&(kinship("Forest", "") + "[expect]\npt = { \"Winnower Patrol\" = \"3/2\" }\n"));
}

#[test]
fn kinship_may_be_declined_at_the_look_or_at_the_reveal() {
    let no = "[[action]]\nplayer = \"Alice\"\nchoose = \"Winnower Patrol: nothing\"\n";
    // Declining to look: nothing more.
    play(&(kinship("Llanowar Elves", no) + "[expect]\npt = { \"Winnower Patrol\" = \"3/2\" }\n"));
    // Looking, then declining to reveal: no counter.
    let yes_then_no = format!(
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Winnower Patrol: Winnower Patrol\"\n{no}"
    );
    let game = play(
        &(kinship("Llanowar Elves", &yes_then_no)
            + "[expect]\npt = { \"Winnower Patrol\" = \"3/2\" }\n"),
    );
    assert!(!logged(&game, "reveals"), "{:?}", log(&game));
}
