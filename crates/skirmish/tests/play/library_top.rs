//! Cards taken from the top of a library (217.4, 217.7) as many as an amount read as the
//! instruction is carried out ("that many cards from the top of his or her library"), from the
//! library a possessive names ("the top card of that player's library"), and prevention shields
//! of X damage (419.7b, 409.1b).

use crate::common;

use common::{BOTH_PASS, lands, log, logged, play};
use skirmish::model::Game;

/// Alice's `attacker` (defined by `card`) attacks Bob unblocked; each player's library holds
/// three Forests. `bob` is more of Bob's permanents, `after_block` actions after the block.
fn unblocked(card: &str, attacker: &str, bob: &str, after_block: &str) -> Game {
    play(&format!(
        r#"stop_after = "end-of-combat"
{card}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
library = ["Forest", "Forest", "Forest"]
[[player]]
name = "Bob"
library = ["Forest", "Forest", "Forest"]
[[permanent]]
card = "{attacker}"
controller = "Alice"
{bob}
[[action]]
player = "Alice"
attack = "{attacker}"
[[action]]
player = "Bob"
block = ""
{after_block}"#
    ))
}

fn sample(name: &str, pt: &str, text: &str) -> String {
    format!(
        "[[card]]\nname = \"{name}\"\ncost = \"{{3}}\"\ntype = \"Creature — Human Rogue\"\npt = \"{pt}\"\ntext = \"{text}\"\n"
    )
}

/// 217.4 with "that many": the Courier deals 2 combat damage to Bob, who puts the top two
/// cards of his library into his graveyard; Alice's library isn't touched.
#[test]
fn that_player_puts_that_many_cards_from_the_top_of_his_library_into_his_graveyard() {
    let courier = sample(
        "Sample Courier",
        "2/1",
        "Whenever Sample Courier deals combat damage to a player, that player puts that many cards from the top of his or her library into his or her graveyard.",
    );
    let game = unblocked(&courier, "Sample Courier", "", "");
    assert_eq!(game.players[1].life, 18, "{:?}", log(&game));
    assert_eq!(game.players[1].graveyard.len(), 2, "{:?}", log(&game));
    assert_eq!(game.players[1].library.len(), 1);
    assert_eq!(game.players[0].library.len(), 3);
    assert!(logged(&game, "[217.4]"), "{:?}", log(&game));
}

/// "mills that many cards" (current wording) is the same instruction.
#[test]
fn mills_that_many_cards_is_the_same() {
    let courier = sample(
        "Sample Courier",
        "3/1",
        "Whenever Sample Courier deals combat damage to a player, that player mills that many cards.",
    );
    let game = unblocked(&courier, "Sample Courier", "", "");
    assert_eq!(game.players[1].graveyard.len(), 3, "{:?}", log(&game));
    assert!(game.players[1].library.is_empty());
}

/// 217.7: "exile the top card of that player's library" takes the damaged player's card, not
/// the controller's.
#[test]
fn the_top_card_of_that_player_s_library_is_exiled() {
    let thief = sample(
        "Sample Thief",
        "2/2",
        "Whenever Sample Thief deals combat damage to a player, exile the top card of that player's library.",
    );
    let game = unblocked(&thief, "Sample Thief", "", "");
    assert_eq!(
        game.players[1].removed_from_game.len(),
        1,
        "{:?}",
        log(&game)
    );
    assert_eq!(game.players[1].library.len(), 2);
    assert_eq!(game.players[0].library.len(), 3);
    assert!(game.players[0].removed_from_game.is_empty());
    assert!(logged(&game, "[217.7]"), "{:?}", log(&game));
}

/// "exile that many cards from the top of your library": the controller's own, as many as
/// the damage.
#[test]
fn that_many_cards_from_the_top_of_your_library_are_exiled() {
    let pillager = sample(
        "Sample Pillager",
        "2/2",
        "Whenever Sample Pillager deals combat damage to a player, exile that many cards from the top of your library.",
    );
    let game = unblocked(&pillager, "Sample Pillager", "", "");
    assert_eq!(
        game.players[0].removed_from_game.len(),
        2,
        "{:?}",
        log(&game)
    );
    assert_eq!(game.players[0].library.len(), 1);
    assert_eq!(game.players[1].library.len(), 3);
}

/// 217.4: an imperative on a target player's library: "Put the top two cards of target
/// player's library into that player's graveyard." The cards are Bob's and go to his graveyard.
#[test]
fn the_top_cards_of_target_player_s_library_go_to_that_player_s_graveyard() {
    let game = play(&format!(
        r#"stop_after = "beginning-of-combat"
[[card]]
name = "Sample Sifter"
cost = "{{1}}"
type = "Artifact"
text = "{{T}}: Put the top two cards of target player's library into that player's graveyard."
[turn]
active = "Alice"
step = "beginning-of-combat"
[[player]]
name = "Alice"
library = ["Forest", "Forest", "Forest"]
[[player]]
name = "Bob"
library = ["Forest", "Forest", "Forest"]
[[permanent]]
card = "Sample Sifter"
controller = "Alice"
[[action]]
player = "Alice"
activate = "Sample Sifter"
targets = ["Bob"]
{BOTH_PASS}"#
    ));
    assert_eq!(game.players[1].graveyard.len(), 2, "{:?}", log(&game));
    assert_eq!(game.players[0].library.len(), 3);
}

/// 419.7b, 409.1b: "{X}: Prevent the next X damage that would be dealt to you this turn."
/// activated with X = 2 before combat damage: of the Giant's 3 damage, 1 is dealt.
#[test]
fn a_shield_of_x_damage_prevents_the_number_announced() {
    let archon = sample(
        "Sample Archon",
        "1/1",
        "{X}: Prevent the next X damage that would be dealt to you this turn.",
    );
    let bob = &format!(
        "[[permanent]]\ncard = \"Sample Archon\"\ncontroller = \"Bob\"\n{}",
        lands("Plains", "Bob", 2)
    );
    let activate = "[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\nactivate = \"Sample Archon\"\nx = 2\n";
    let game = unblocked(&archon, "Hill Giant", bob, activate);
    assert_eq!(game.players[1].life, 19, "{:?}", log(&game));
    assert!(logged(&game, "[419.7]"), "{:?}", log(&game));
    // Unactivated, all 3 damage is dealt.
    let game = unblocked(&archon, "Hill Giant", bob, "");
    assert_eq!(game.players[1].life, 17, "{:?}", log(&game));
}

/// "where X is <amount>" names the shield's size, read as the ability resolves: two basic
/// land types among Bob's lands, so 2 of the Giant's 3 damage to the Wall are prevented.
#[test]
fn a_shield_s_x_can_be_an_amount_read_as_it_resolves() {
    let medic = sample(
        "Sample Medic",
        "1/1",
        "{T}: Prevent the next X damage that would be dealt to target creature this turn, where X is the number of basic land types among lands you control.",
    );
    let bob = format!(
        "[[permanent]]\ncard = \"Sample Medic\"\ncontroller = \"Bob\"\n{}{}",
        lands("Plains", "Bob", 1),
        lands("Island", "Bob", 2)
    );
    let game = play(&format!(
        r#"stop_after = "end-of-combat"
{medic}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
{bob}
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Bob"
block = "Wall of Wood=Hill Giant"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
activate = "Sample Medic"
targets = ["Wall of Wood"]
"#
    ));
    let wall = game
        .in_play()
        .find(|o| o.label == "Wall of Wood")
        .unwrap_or_else(|| panic!("{:?}", log(&game)));
    assert_eq!(wall.damage(), 1, "{:?}", log(&game));
}
