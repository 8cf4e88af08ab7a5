//! Instructions about players: losing life (215.3), discarding cards of one's choice (217.4),
//! putting the top cards of a library into the graveyard (217.2, 217.4), drawing (423.1),
//! with "target player" / "target opponent" targets (409.1c), "each opponent" and the player a
//! "deals combat damage to a player" trigger names.

use crate::common;

use common::{log, play, scenario};
use skirmish::engine::run_scenario;
use skirmish::model::{Game, Player};

fn player<'a>(game: &'a Game, name: &str) -> &'a Player {
    game.player_named(name).expect("player")
}

fn labels(game: &Game, ids: &[skirmish::model::ObjectId]) -> Vec<String> {
    ids.iter()
        .map(|id| game.object(*id).expect("object").label.clone())
        .collect()
}

/// Alice casts Mind Rot at `target`, who may have answered which cards to discard.
fn mind_rot(target: &str, discard: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Mind Rot", "Forest"]
[[player]]
name = "Bob"
hand = ["Grizzly Bears", "Hill Giant", "Llanowar Elves"]
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 1"
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 2"
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 3"
[[action]]
player = "Alice"
cast = "Mind Rot"
targets = ["{target}"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
{discard}
"#
    )
}

#[test]
fn the_target_player_discards_the_cards_he_or_she_chooses() {
    let discard = r#"[[action]]
player = "Bob"
discard = ["Grizzly Bears", "Llanowar Elves"]"#;
    let (game, _) =
        run_scenario(&scenario(&mind_rot("Bob", discard))).unwrap_or_else(|e| panic!("{e}"));
    let bob = player(&game, "Bob");
    assert_eq!(labels(&game, &bob.hand), ["Hill Giant"], "{:?}", log(&game));
    assert_eq!(bob.graveyard.len(), 2);
    assert!(
        log(&game).iter().any(|e| e.contains("[217.4]")),
        "{:?}",
        log(&game)
    );
}

#[test]
fn a_hand_with_fewer_cards_is_discarded_whole_and_a_bad_answer_is_refused() {
    // Alice targets herself: after Mind Rot leaves her hand, only the Forest is there.
    let (game, _) =
        run_scenario(&scenario(&mind_rot("Alice", ""))).unwrap_or_else(|e| panic!("{e}"));
    let alice = player(&game, "Alice");
    assert!(alice.hand.is_empty());
    assert!(labels(&game, &alice.graveyard).contains(&"Forest".to_string()));
    // Naming a card Bob doesn't hold is refused.
    let discard = r#"[[action]]
player = "Bob"
discard = ["Grizzly Bears", "Forest"]"#;
    assert!(run_scenario(&scenario(&mind_rot("Bob", discard))).is_err());
}

const RATS: &str = r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Ravenous Rats", "Forest"]
[[player]]
name = "Bob"
hand = ["Grizzly Bears"]
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 1"
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 2"
[[action]]
player = "Alice"
cast = "Ravenous Rats"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
choose = "Ravenous Rats: TARGET"
"#;

#[test]
fn target_opponent_is_never_the_controller() {
    let (game, _) =
        run_scenario(&scenario(&RATS.replace("TARGET", "Bob"))).unwrap_or_else(|e| panic!("{e}"));
    assert!(player(&game, "Bob").hand.is_empty(), "{:?}", log(&game));
    assert_eq!(player(&game, "Alice").hand.len(), 1);
    // 410.4: Alice is not a legal target of "target opponent".
    let e = run_scenario(&scenario(&RATS.replace("TARGET", "Alice"))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("410.4"), "{e}");
}

#[test]
fn each_opponent_loses_life_and_you_gain_it() {
    let text = r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Siege Rhino"]
[[player]]
name = "Bob"
[[permanent]]
card = "Plains"
controller = "Alice"
[[permanent]]
card = "Swamp"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 1"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 2"
[[action]]
player = "Alice"
cast = "Siege Rhino"
"#;
    let (game, _) = run_scenario(&scenario(text)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(player(&game, "Bob").life, 17, "{:?}", log(&game));
    assert_eq!(player(&game, "Alice").life, 23);
}

#[test]
fn put_the_top_cards_into_the_graveyard_takes_as_many_as_there_are() {
    let text = r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Armored Skaab"]
library = ["Forest", "Island", "Swamp"]
[[player]]
name = "Bob"
[[permanent]]
card = "Island"
controller = "Alice"
label = "Island 1"
[[permanent]]
card = "Island"
controller = "Alice"
label = "Island 2"
[[permanent]]
card = "Island"
controller = "Alice"
label = "Island 3"
[[action]]
player = "Alice"
cast = "Armored Skaab"
"#;
    let (game, _) = run_scenario(&scenario(text)).unwrap_or_else(|e| panic!("{e}"));
    let alice = player(&game, "Alice");
    // Four asked for, three there: the library is empty and nobody drew from it (420.5g).
    assert!(alice.library.is_empty(), "{:?}", log(&game));
    assert_eq!(alice.graveyard.len(), 3);
    assert!(!alice.lost);
}

#[test]
fn that_player_is_the_player_the_creature_dealt_combat_damage_to() {
    let text = r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = ["Forest"]
[[player]]
name = "Bob"
hand = ["Grizzly Bears", "Hill Giant"]
[[permanent]]
card = "Chilling Apparition"
controller = "Alice"
[[permanent]]
card = "Infectious Horror"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Chilling Apparition, Infectious Horror"
[[action]]
player = "Bob"
block = ""
"#;
    let (game, _) = run_scenario(&scenario(text)).unwrap_or_else(|e| panic!("{e}"));
    let bob = player(&game, "Bob");
    // Infectious Horror: 2 life as it attacks; then 1 + 2 combat damage.
    assert_eq!(bob.life, 20 - 2 - 3, "{:?}", log(&game));
    assert_eq!(bob.hand.len(), 1, "{:?}", log(&game));
    assert_eq!(player(&game, "Alice").hand.len(), 1);
}

#[test]
fn a_card_discarded_by_an_instruction_can_use_madness() {
    // 502.24a: every discard, this one too, lets the owner of a madness card remove it from
    // the game instead of putting it into the graveyard.
    let discard = r#"[[action]]
player = "Bob"
discard = ["Arrogant Wurm", "Hill Giant"]
[[action]]
player = "Bob"
choose = "Arrogant Wurm: Arrogant Wurm""#;
    let text = mind_rot("Bob", discard).replace(
        r#"hand = ["Grizzly Bears", "Hill Giant", "Llanowar Elves"]"#,
        r#"hand = ["Arrogant Wurm", "Hill Giant", "Llanowar Elves"]"#,
    );
    let (game, _) = run_scenario(&scenario(&text)).unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter().any(|e| e.contains("[502.24a]")
            && e.contains("Arrogant Wurm is discarded and removed from the game")),
        "{l:?}"
    );
}

/// Alice's `attacker` (defined in `cards`) attacks unblocked; Bob holds three Forests and
/// Alice's library two.
fn that_many(cards: &str, attacker: &str, more: &str, expect: &str) -> skirmish::model::Game {
    play(&format!(
        r#"stop_after = "combat-damage"
{cards}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
library = ["Island", "Island", "Island", "Island"]
[[player]]
name = "Bob"
hand = ["Forest", "Forest", "Forest"]
[[permanent]]
card = "{attacker}"
controller = "Alice"
{more}
[[action]]
player = "Alice"
attack = "{attacker}"
{expect}"#
    ))
}

#[test]
fn that_many_is_the_combat_damage_dealt_to_the_player() {
    // 413.2f: Needle Specter-like: 2 combat damage to Bob, who discards that many cards.
    let stealer = "[[card]]\nname = \"Test Stealer\"\ncost = \"{2}{B}\"\ntype = \"Creature — Human Wizard\"\npt = \"2/2\"\ntext = \"Whenever Test Stealer deals combat damage to a player, that player discards that many cards.\"";
    let game = that_many(
        stealer,
        "Test Stealer",
        "",
        "[expect]\nlife = { Bob = 18 }\n",
    );
    let bob = game.player_named("Bob").unwrap();
    assert_eq!(bob.hand.len(), 1, "{:?}", log(&game));
    assert_eq!(bob.graveyard.len(), 2, "{:?}", log(&game));
    // "you may draw that many cards": 3 damage, 3 cards.
    let selkie = "[[card]]\nname = \"Test Selkie\"\ncost = \"{1}{G}{U}\"\ntype = \"Creature — Merfolk Rogue\"\npt = \"3/1\"\ntext = \"Whenever Test Selkie deals combat damage to a player, you may draw that many cards.\"";
    let game = that_many(selkie, "Test Selkie", "", "[expect]\nlife = { Bob = 17 }\n");
    let alice = game.player_named("Alice").unwrap();
    assert_eq!(alice.hand.len(), 3, "{:?}", log(&game));
    // "put that many +1/+1 counters on it", about the creature that dealt the damage.
    let regent = "[[card]]\nname = \"Test Regent\"\ncost = \"{3}{B}{B}{B}\"\ntype = \"Creature — Vampire\"\npt = \"6/5\"\ntext = \"Whenever a creature you control deals combat damage to a player, put that many +1/+1 counters on it.\"";
    that_many(
        regent,
        "Hill Giant",
        "[[permanent]]\ncard = \"Test Regent\"\ncontroller = \"Alice\"\n",
        "[expect]\ncounters = { \"Hill Giant\" = { \"+1/+1\" = 3 }, \"Test Regent\" = { \"+1/+1\" = 0 } }\n",
    );
}

#[test]
fn that_many_needs_a_trigger_that_deals_or_is_dealt_damage() {
    let e = common::sample_card(
        "{1}",
        "Creature — Bear",
        Some("2/2"),
        "Whenever Sample attacks, draw that many cards.",
    )
    .unwrap_err();
    assert!(e.to_string().contains("that much"), "{e}");
}

#[test]
fn a_player_discards_at_random_the_cards_that_come_up() {
    // Rakdos Ringleader-like: Bob discards one card at random; unanswered, the card most
    // recently put into his hand.
    let ringleader = "[[card]]\nname = \"Test Ringleader\"\ncost = \"{4}{B}{R}\"\ntype = \"Creature — Skeleton Warrior\"\npt = \"3/1\"\ntext = \"Whenever Test Ringleader deals combat damage to a player, that player discards a card at random.\"";
    let game = that_many(
        ringleader,
        "Test Ringleader",
        "",
        "[expect]\nlife = { Bob = 17 }\n",
    );
    let bob = game.player_named("Bob").unwrap();
    assert_eq!(bob.hand.len(), 2, "{:?}", log(&game));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("discards a card at random")),
        "{:?}",
        log(&game)
    );
}

#[test]
fn that_many_tokens_are_created() {
    // 216.1, 413.2f: 3 combat damage to Bob, 3 tokens with the quoted ability "They have".
    let one = "[[card]]\nname = \"Test Rapacious\"\ncost = \"{4}{G}\"\ntype = \"Creature — Eldrazi Drone\"\npt = \"3/3\"\ntext = \"Whenever Test Rapacious deals combat damage to a player, create that many 0/1 colorless Eldrazi Spawn creature tokens. They have \\\"Sacrifice this creature: Add {C}.\\\"\"";
    let game = that_many(one, "Test Rapacious", "", "[expect]\nlife = { Bob = 17 }\n");
    let spawn: Vec<_> = game
        .in_play()
        .filter(|o| o.name() == "Eldrazi Spawn" && o.token)
        .collect();
    assert_eq!(spawn.len(), 3, "{:?}", log(&game));
    assert!(
        spawn[0]
            .abilities()
            .iter()
            .any(|a| matches!(a, skirmish::ability::Ability::Activated { .. })),
        "{:?}",
        spawn[0].abilities()
    );
}

#[test]
fn a_player_exiles_the_top_cards_of_his_or_her_library() {
    // 217.7: "defending player exiles the top two cards of his or her library" (2009: removes
    // them from the game), from the top, as many as the library holds.
    let hunger = "[[card]]\nname = \"Test Hunger\"\ncost = \"{10}\"\ntype = \"Creature — Eldrazi\"\npt = \"1/1\"\ntext = \"Whenever Test Hunger attacks, defending player exiles the top two cards of his or her library.\"";
    let text = format!(
        r#"stop_after = "declare-attackers"
{hunger}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
library = ["Island", "Forest", "Swamp"]
[[permanent]]
card = "Test Hunger"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Test Hunger"
[expect]
library = {{ Bob = ["Swamp"] }}
removed = {{ Bob = ["Island", "Forest"] }}
"#
    );
    play(&text);
}

/// `attacker` hits Bob unblocked; Alice holds `alice_hand` and Bob three cards.
fn wheel(attacker: &str, alice_hand: &str, answer: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = [{alice_hand}]
library = ["Plains", "Plains", "Plains"]
[[player]]
name = "Bob"
hand = ["Swamp", "Swamp", "Swamp"]
library = ["Island", "Island", "Island", "Island"]
[[permanent]]
card = "{attacker}"
controller = "Alice"
[[action]]
player = "Alice"
attack = "{attacker}"
{answer}[expect]
{expect}"#
    )
}

#[test]
fn discards_his_or_her_hand_then_draws_that_many() {
    // Barbed Shocker deals 2 damage; Bob discards his three cards and draws three, not two:
    // "that many" is the cards discarded.
    let game = play(&wheel(
        "Barbed Shocker",
        "",
        "",
        "life = { Bob = 18 }\ngraveyard = { Bob = [\"Swamp\", \"Swamp #2\", \"Swamp #3\"] }\nhand = { Bob = [\"Island\", \"Island #2\", \"Island #3\"] }\n",
    ));
    assert_eq!(player(&game, "Bob").library.len(), 1);
}

#[test]
fn you_may_discard_your_hand_if_you_do_draw_that_many() {
    // Book Devourer deals 4; Alice discards her one card and draws one.
    play(&wheel(
        "Book Devourer",
        "\"Forest\"",
        "",
        "life = { Bob = 16 }\ngraveyard = { Alice = [\"Forest\"] }\nhand = { Alice = [\"Plains\"] }\n",
    ));
    // Declined: nothing discarded, nothing drawn.
    play(&wheel(
        "Book Devourer",
        "\"Forest\"",
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Book Devourer: nothing\"\n",
        "graveyard = { Alice = [] }\nhand = { Alice = [\"Forest\"] }\n",
    ));
}

/// Alice attacks Bob with `attacker`; Bob has `bob_lands` and one card in his library.
fn defending_may(attacker: &str, bob_lands: &str, answer: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
library = ["Swamp"]
[[permanent]]
card = "{attacker}"
controller = "Alice"
{bob_lands}[[action]]
player = "Alice"
attack = "{attacker}"
{answer}[expect]
{expect}"#
    )
}

#[test]
fn defending_player_may_draw_a_card() {
    // Harbor Guardian attacks: Bob, the defending player, is asked (410.5); unanswered, he
    // draws.
    play(&defending_may(
        "Harbor Guardian",
        "",
        "",
        "hand = { Bob = [\"Swamp\"] }\nlife = { Bob = 17 }\n",
    ));
    // He declines: nothing drawn.
    play(&defending_may(
        "Harbor Guardian",
        "",
        "[[action]]\nplayer = \"Bob\"\nchoose = \"Harbor Guardian: nothing\"\n",
        "hand = { Bob = [] }\n",
    ));
}

#[test]
fn defending_player_may_pay_if_that_player_does() {
    // Mtenda Lion: Bob pays {U} with his Island, and the lion's combat damage is prevented.
    let game = play(&defending_may(
        "Mtenda Lion",
        &common::lands("Island", "Bob", 1),
        "",
        "life = { Bob = 20 }\ntapped = [\"Island 1\"]\n",
    ));
    assert!(
        log(&game).iter().any(|l| l.contains("Bob pays {U}")),
        "{:?}",
        log(&game)
    );
    // Without blue mana he can't pay: 2 damage.
    play(&defending_may(
        "Mtenda Lion",
        &common::lands("Forest", "Bob", 1),
        "",
        "life = { Bob = 18 }\n",
    ));
}

#[test]
fn loses_half_his_or_her_life_rounded_up() {
    // Ebonblade Reaper: Alice at 15 loses 8 as it attacks (half of 15, rounded up, 104.1a);
    // it deals 1 to Bob, who then loses half of 19 rounded up, 10.
    play(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
life = 15
[[player]]
name = "Bob"
[[permanent]]
card = "Ebonblade Reaper"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Ebonblade Reaper"
[expect]
life = { Alice = 7, Bob = 9 }
"#,
    );
}
