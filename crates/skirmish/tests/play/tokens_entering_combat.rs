//! Tokens an instruction puts into play tapped, attacking or blocking (216.1): "create a tapped
//! 2/2 black Zombie creature token", "... token that's attacking" (untapped: Brimaz's cat has
//! vigilance), "... that are tapped and attacking", "... that's blocking that creature",
//! "... that's blocking target creature attacking you". A token put into play attacking
//! attacks what its controller chooses and never "attacked" (308.4); one put into play
//! blocking blocks that attacker, which becomes blocked, and never "blocked" (309.5); neither
//! joins combat for a player the rules don't allow (306.3b-c). Each comes into play: "whenever
//! a creature comes into play" sees it. "Exile that token at end of combat" and "Exile it at
//! the beginning of the next end step" name the tokens made, fixed as the delayed ability is
//! created (404.4).

use crate::common;

use common::{lands, log, logged, play};

fn attack_with(attacker: &str, extra: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
{extra}[[player]]
name = "Bob"
[[permanent]]
card = "{attacker}"
label = "Attacker"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Attacker"
[expect]
{expect}"#
    )
}

#[test]
fn a_token_that_is_attacking_attacks_untapped_and_never_attacked() {
    // Brimaz's cat has vigilance and enters "attacking", not "tapped and attacking": it stays
    // untapped, deals its 1 damage, and Brimaz's own attack trigger doesn't see it attack.
    let game = play(&attack_with(
        "Brimaz, King of Oreskos",
        "",
        "life = { Bob = 16 }\nuntapped = [\"Attacker\", \"Cat Soldier\"]\n",
    ));
    assert!(
        logged(&game, "[308.4] Cat Soldier is put into play attacking Bob"),
        "{:?}",
        log(&game)
    );
    assert!(!logged(&game, "Cat Soldier #2"), "{:?}", log(&game));
}

#[test]
fn tokens_that_are_tapped_and_attacking_are_tapped() {
    // Hero of Bladehold: battle cry and the tokens trigger together; whatever their order, the
    // two soldiers enter tapped and attacking and deal damage.
    let game = play(&attack_with(
        "Hero of Bladehold",
        "",
        "tapped = [\"Soldier\", \"Soldier #2\"]\n",
    ));
    let entered = log(&game)
        .iter()
        .filter(|l| l.starts_with("[308.4]") && l.contains("tapped and attacking Bob"))
        .count();
    assert_eq!(entered, 2, "{:?}", log(&game));
    let bob = game.player_named("Bob").unwrap();
    assert!(bob.life <= 20 - 3 - 2, "{}", bob.life);
}

#[test]
fn one_token_that_is_attacking_for_each_creature_card() {
    // Two creature cards in Alice's graveyard: two 2/2 wolves join the 3/4 attacker.
    play(&attack_with(
        "Kessig Cagebreakers",
        "graveyard = [\"Grizzly Bears\", \"Hill Giant\", \"Forest\"]\n",
        "life = { Bob = 13 }\ntapped = [\"Wolf\", \"Wolf #2\"]\nnot_in_play = [\"Wolf #3\"]\n",
    ));
}

#[test]
fn exile_that_token_at_end_of_combat_exiles_the_token_made() {
    // The angel deals 4 with Geist's 2, then is exiled as combat ends (404.4); Geist stays.
    let game = play(&attack_with(
        "Geist of Saint Traft",
        "",
        "life = { Bob = 14 }\nin_play = [\"Attacker\"]\nnot_in_play = [\"Angel\"]\n",
    ));
    assert!(logged(&game, "Angel"), "{:?}", log(&game));
}

#[test]
fn a_token_that_is_blocking_that_creature_blocks_the_attacker() {
    // Bob's Brimaz blocks the 6/4 wurm; the cat enters blocking it too (309.5), so the wurm
    // takes 3 + 1 and dies. Without the cat it would survive 3 damage.
    let game = play(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Craw Wurm"
controller = "Alice"
[[permanent]]
card = "Brimaz, King of Oreskos"
label = "Brimaz"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Craw Wurm"
[[action]]
player = "Bob"
block = "Brimaz=Craw Wurm"
[expect]
graveyard = { Alice = ["Craw Wurm"] }
life = { Bob = 20 }
"#,
    );
    assert!(
        logged(
            &game,
            "[309.5] Cat Soldier is put into play blocking Craw Wurm"
        ),
        "{:?}",
        log(&game)
    );
}

#[test]
fn a_token_blocking_target_creature_attacking_you() {
    // Flash Foliage after blockers: the saproling blocks the unblocked bears, so Bob takes
    // no damage, and Bob draws a card.
    let game = play(&format!(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["Flash Foliage"]
library = ["Island"]
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
{forests}[[action]]
player = "Alice"
attack = "Grizzly Bears"
[[action]]
player = "Bob"
block = ""
[[action]]
player = "Bob"
cast = "Flash Foliage"
targets = ["Grizzly Bears"]
[expect]
life = {{ Bob = 20 }}
hand = {{ Bob = ["Island"] }}
graveyard = {{ Bob = ["Flash Foliage"] }}
"#,
        forests = lands("Forest", "Bob", 3)
    ));
    assert!(
        logged(
            &game,
            "[309.5] Saproling is put into play blocking Grizzly Bears"
        ),
        "{:?}",
        log(&game)
    );
}

#[test]
fn a_token_put_into_play_attacking_for_a_defending_player_never_attacks() {
    // 306.3b: Bob, not the attacking player, makes a token "that's tapped and attacking": it
    // comes into play tapped but never attacks.
    let game = play(&format!(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Sample Ambush Call"
cost = "{{G}}"
type = "Instant"
text = "Create a 3/3 green Beast creature token that's tapped and attacking."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["Sample Ambush Call"]
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
{forest}[[action]]
player = "Alice"
attack = "Grizzly Bears"
[[action]]
player = "Bob"
cast = "Sample Ambush Call"
[expect]
life = {{ Alice = 20, Bob = 18 }}
in_play = ["Beast"]
"#,
        forest = lands("Forest", "Bob", 1)
    ));
    assert!(logged(&game, "[306.3b] Beast"), "{:?}", log(&game));
}

#[test]
fn a_token_put_into_play_attacking_comes_into_play() {
    // Soul Warden sees the cat come into play, though it was put into play attacking.
    play(&attack_with(
        "Brimaz, King of Oreskos",
        "[[permanent]]\ncard = \"Soul Warden\"\ncontroller = \"Alice\"\n",
        "life = { Alice = 21, Bob = 16 }\n",
    ));
}

#[test]
fn a_token_created_tapped_is_tapped_and_never_became_tapped() {
    let game = play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
graveyard = ["Grizzly Bears"]
[[player]]
name = "Bob"
[[permanent]]
card = "Graveyard Marshal"
controller = "Alice"
{swamps}[[action]]
player = "Alice"
activate = "Graveyard Marshal"
[expect]
tapped = ["Zombie"]
removed = {{ Alice = ["Grizzly Bears"] }}
"#,
        swamps = lands("Swamp", "Alice", 3)
    ));
    assert!(logged(&game, "[216.1]"), "{:?}", log(&game));
}

#[test]
fn exile_it_and_sacrifice_those_tokens_at_the_next_end_step() {
    // Rakdos Guildmage's goblin is exiled, Thatcher Revolt's humans sacrificed (501.6), as the
    // end step begins; until then they are in play.
    let text = |stop: &str, expect: &str| {
        format!(
            r#"stop_after = "{stop}"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Thatcher Revolt"]
[[player]]
name = "Bob"
[[permanent]]
card = "Rakdos Guildmage"
controller = "Alice"
{mountains}[[action]]
player = "Alice"
cast = "Thatcher Revolt"
[[action]]
player = "Alice"
activate = "Rakdos Guildmage"
ability = 2
[expect]
{expect}"#,
            mountains = lands("Mountain", "Alice", 7)
        )
    };
    play(&text(
        "postcombat-main",
        "in_play = [\"Goblin\", \"Human\", \"Human #2\", \"Human #3\"]\n",
    ));
    let game = play(&text(
        "end-of-turn",
        "not_in_play = [\"Goblin\", \"Human\", \"Human #2\", \"Human #3\"]\nin_play = [\"Rakdos Guildmage\"]\n",
    ));
    let sacrificed = log(&game)
        .iter()
        .filter(|l| l.starts_with("[501.6]") && l.contains("Human"))
        .count();
    assert_eq!(sacrificed, 3, "{:?}", log(&game));
}
