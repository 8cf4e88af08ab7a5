//! "Whenever a player cycles a card" (502.18c, 502.18e): any player's cycling, read from the
//! ability's controller ("you", "an opponent", "a player"); "When you cycle ~" (502.18c): the
//! cycled card's own ability, triggering from the graveyard it was discarded to, on a creature
//! card or an instant alike.

use crate::common;

use common::{lands, log, play};

/// Alice cycles Disciple of Grace in her main phase; Bob controls a card with `text`.
fn cycled(text: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Watcher"
cost = "{{W}}{{W}}"
type = "Creature — Human Soldier"
pt = "2/2"
text = "{text}"
[[player]]
name = "Alice"
hand = ["Disciple of Grace"]
library = ["Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Watcher"
controller = "Bob"
[[permanent]]
card = "Stoic Champion"
controller = "Bob"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains A"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains B"
[[action]]
player = "Alice"
cycle = "Disciple of Grace"
{expect}"#
    )
}

#[test]
fn any_players_cycling_pumps_the_champion() {
    play(&cycled(
        "Whenever an opponent cycles a card, Sample Watcher gets +1/+1 until end of turn.",
        "[expect]\npt = { \"Stoic Champion\" = \"4/4\", \"Sample Watcher\" = \"3/3\" }\nhand = { Alice = [\"Forest\"] }\ngraveyard = { Alice = [\"Disciple of Grace\"] }\n",
    ));
}

#[test]
fn you_cycle_is_only_its_controllers_cycling() {
    play(&cycled(
        "Whenever you cycle a card, Sample Watcher gets +1/+1 until end of turn.",
        "[expect]\npt = { \"Stoic Champion\" = \"4/4\", \"Sample Watcher\" = \"2/2\" }\n",
    ));
}

/// Alice cycles `card` in her declare blockers step: her Stoic Champion (a Soldier, 2/2 with
/// "whenever a player cycles" +2/+2) attacks and Bob's Hill Giant blocks it.
fn cycle_in_combat(card: &str, land: &str, answer: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = ["{card}"]
library = ["Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
{lands}[[action]]
player = "Alice"
attack = "Grizzly Bears"
[[action]]
player = "Bob"
block = "Hill Giant=Grizzly Bears"
[[action]]
player = "Alice"
cycle = "{card}"
{answer}[expect]
{expect}"#,
        lands = lands(land, "Alice", 3)
    )
}

#[test]
fn when_you_cycle_this_triggers_from_the_graveyard() {
    // Death Pulse cycled: Alice draws, and its own ability gives the Hill Giant -1/-1 (the
    // target chosen as it goes on the stack, from the graveyard): 2/2 bears kill the 2/2
    // giant and die to its 2 damage.
    let game = play(&cycle_in_combat(
        "Death Pulse",
        "Swamp",
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Death Pulse: Hill Giant\"\n",
        "graveyard = { Alice = [\"Death Pulse\", \"Grizzly Bears\"], Bob = [\"Hill Giant\"] }\nhand = { Alice = [\"Forest\"] }\n",
    ));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("when you cycle this") && l.contains("triggers")),
        "{:?}",
        log(&game)
    );
}

#[test]
fn when_you_cycle_a_creature_card_its_ability_pumps_soldiers() {
    // Gempalm Avenger: Soldier creatures get +1/+1 and first strike. The bears aren't Soldiers:
    // they and the giant trade blows as before (the giant survives).
    play(&cycle_in_combat(
        "Gempalm Avenger",
        "Plains",
        "",
        "graveyard = { Alice = [\"Gempalm Avenger\", \"Grizzly Bears\"] }\nin_play = [\"Hill Giant\"]\n",
    ));
    // A Soldier attacker gets it: Stoic Champion (2/2 Human Soldier, +2/+2 whenever a player
    // cycles) is 5/5 with first strike and kills the giant unharmed.
    let text = cycle_in_combat(
        "Gempalm Avenger",
        "Plains",
        "",
        "graveyard = { Bob = [\"Hill Giant\"] }\ndamage = { \"Grizzly Bears\" = 0 }\n",
    )
    .replace(
        "card = \"Grizzly Bears\"\ncontroller = \"Alice\"",
        "card = \"Stoic Champion\"\nlabel = \"Grizzly Bears\"\ncontroller = \"Alice\"",
    );
    play(&text);
}

#[test]
fn a_spell_with_a_cycle_trigger_is_cast_as_before() {
    // Death Pulse cast: its spell ability alone; the cycle trigger waits for a cycling.
    let game = play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Death Pulse"]
[[player]]
name = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
{swamps}[[action]]
player = "Alice"
cast = "Death Pulse"
targets = ["Hill Giant"]
[expect]
graveyard = {{ Alice = ["Death Pulse"], Bob = ["Hill Giant"] }}
"#,
        swamps = lands("Swamp", "Alice", 4)
    ));
    assert!(
        !log(&game).iter().any(|l| l.contains("when you cycle this")),
        "{:?}",
        log(&game)
    );
}

/// "Whenever you cycle or discard another card" (Archfiend of Ifnir): cycling is discarding
/// (502.18a), one event: Alice cycles Disciple of Grace and each creature Bob controls gets one
/// -1/-1 counter, hers none.
#[test]
fn archfiend_of_ifnir_counts_a_cycled_card_once() {
    play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Disciple of Grace"]
library = ["Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Archfiend of Ifnir"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
{plains}[[action]]
player = "Alice"
cycle = "Disciple of Grace"
[expect]
pt = {{ "Hill Giant" = "2/2", "Grizzly Bears" = "2/2", "Archfiend of Ifnir" = "5/4" }}
hand = {{ Alice = ["Forest"] }}
"#,
        plains = lands("Plains", "Alice", 2)
    ));
}
