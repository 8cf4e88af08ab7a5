//! "look at that player's hand" (217.3c: a player can't look at another player's hand unless
//! an effect lets him or her): the ability's controller sees the cards, which stay where they
//! are.

use crate::common;

use common::{log, logged, play};

#[test]
fn the_controller_sees_the_hand_of_the_player_dealt_damage() {
    let text = r#"stop_after = "end-of-combat"
[[card]]
name = "Sample Spy"
cost = "{1}{U}"
type = "Creature — Human Rogue"
pt = "1/1"
text = "Whenever Sample Spy deals combat damage to a player, look at that player's hand."
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = ["Giant Growth"]
[[player]]
name = "Bob"
hand = ["Lightning Bolt", "Forest"]
[[permanent]]
card = "Sample Spy"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Sample Spy"
[expect]
life = { Bob = 19 }
hand = { Bob = ["Lightning Bolt", "Forest"], Alice = ["Giant Growth"] }
"#;
    let game = play(text);
    assert!(
        logged(
            &game,
            "[217.3c] Alice looks at Bob's hand: Lightning Bolt, Forest"
        ),
        "{:?}",
        log(&game)
    );
    // Alice's own hand isn't shown: the trigger names Bob.
    assert!(!logged(&game, "Giant Growth"), "{:?}", log(&game));
}
