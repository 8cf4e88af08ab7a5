//! "<instruction> if <condition>" (413.1): the instruction is followed only if the condition
//! holds as the ability resolves ("it gains trample until end of turn if its power is 10 or
//! greater"); and "the number of cards in his or her hand" is the hand of the player the
//! trigger names.

use crate::common;

use common::play;

fn nephilim(counters: u32, bob_life: u32) -> String {
    format!(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Witch-Maw Nephilim"
controller = "Alice"
counters = {{ "+1/+1" = {counters} }}
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Witch-Maw Nephilim"
[[action]]
player = "Bob"
block = "Grizzly Bears=Witch-Maw Nephilim"
[expect]
life = {{ Bob = {bob_life} }}
"#
    )
}

#[test]
fn the_condition_is_read_as_the_ability_resolves() {
    // 1/1 with nine counters is 10/10: trample, 8 of its 10 damage past the 2/2 blocker.
    play(&nephilim(9, 12));
    // 9/9: no trample, nothing gets through.
    play(&nephilim(8, 20));
}

#[test]
fn his_or_her_hand_is_the_hand_of_the_player_whose_upkeep_it_is() {
    let text = |cards: &str, life: u32| {
        format!(
            r#"stop_after = "upkeep"
[turn]
active = "Bob"
step = "untap"
[[player]]
name = "Alice"
hand = ["Forest", "Forest", "Forest"]
[[player]]
name = "Bob"
hand = [{cards}]
[[permanent]]
card = "Rackling"
controller = "Alice"
[expect]
life = {{ Bob = {life} }}
"#
        )
    };
    // Bob holds one card: 3 - 1 = 2 damage (Alice's three cards don't count).
    play(&text("\"Shock\"", 18));
    // Three cards: none.
    play(&text("\"Shock\", \"Forest\", \"Island\"", 20));
}
