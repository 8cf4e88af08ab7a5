//! Redirection effects (419.6c; current 614.9): damage that would be dealt to one creature or
//! player is dealt to another instead, by static abilities ("All damage that would be dealt to
//! you is dealt to ~ instead.") and by resolved ones, shields included ("The next 1 damage that
//! would be dealt to target white creature this turn is dealt to ~ instead."); each effect
//! meets an event once (419.6a).

use crate::common;

use common::{BOTH_PASS, log, logged, play};
use skirmish::model::Game;

/// `[[permanent]]` tables for `names`, controlled by `who`.
fn permanents(who: &str, names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("[[permanent]]\ncard = \"{n}\"\ncontroller = \"{who}\"\n"))
        .collect()
}

/// Alice's `attackers` attack Bob, who controls the permanents `bob` names and blocks as
/// `block` says; `cards` are card tables, `more` actions after the block.
fn combat(cards: &str, attackers: &[&str], bob: &[&str], block: &str, more: &str) -> Game {
    combat_in("", cards, attackers, &permanents("Bob", bob), block, more)
}

/// [`combat`] under `edition` (a top-level line, or nothing), Bob's permanents as tables.
fn combat_in(
    edition: &str,
    cards: &str,
    attackers: &[&str],
    bob: &str,
    block: &str,
    more: &str,
) -> Game {
    play(&format!(
        r#"{edition}stop_after = "end-of-combat"
{cards}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
{}{bob}
[[action]]
player = "Alice"
attack = "{}"
[[action]]
player = "Bob"
block = "{block}"
{more}"#,
        permanents("Alice", attackers),
        attackers.join(", ")
    ))
}

/// Bob's activation of `source` (with `targets`) after Alice passes, and both passing.
fn bob_activates(source: &str, targets: &str) -> String {
    format!(
        "[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\nactivate = \"{source}\"\ntargets = [\"{targets}\"]\n{BOTH_PASS}"
    )
}

fn damage(game: &Game, label: &str) -> u32 {
    game.in_play()
        .find(|o| o.label == label)
        .unwrap_or_else(|| panic!("{label}: {:?}", log(game)))
        .damage()
}

const RAIDER: &str = r#"[[card]]
name = "Sample Raider"
cost = "{2}{R}"
type = "Creature — Human Warrior"
pt = "3/3"
text = "Whenever Sample Raider deals combat damage to a player, you gain 3 life."
"#;

/// 419.6c: the Raider's 3 combat damage to Bob is dealt to Protector of the Crown instead:
/// Bob loses no life, the Protector has 3 damage, and the Raider dealt combat damage to a
/// creature, not a player, so its trigger doesn't fire.
#[test]
fn damage_to_you_is_dealt_to_the_protector_instead() {
    let game = combat(
        RAIDER,
        &["Sample Raider"],
        &["Protector of the Crown"],
        "",
        "",
    );
    assert_eq!(game.players[1].life, 20, "{:?}", log(&game));
    assert_eq!(damage(&game, "Protector of the Crown"), 3);
    assert_eq!(game.players[0].life, 20, "no trigger: {:?}", log(&game));
    assert!(logged(&game, "[419.6c]"), "{:?}", log(&game));
    // Without the Protector, Bob takes it and the trigger fires.
    let game = combat(RAIDER, &["Sample Raider"], &["Grizzly Bears"], "", "");
    assert_eq!(game.players[1].life, 17, "{:?}", log(&game));
    assert_eq!(game.players[0].life, 23, "{:?}", log(&game));
}

/// The condition is read as the damage would be dealt: untapped, Weathered Bodyguards takes
/// the unblocked Giant's combat damage; tapped, Bob does.
#[test]
fn a_condition_decides_whether_the_bodyguards_take_it() {
    let game = combat("", &["Hill Giant"], &["Weathered Bodyguards"], "", "");
    assert_eq!(game.players[1].life, 20, "{:?}", log(&game));
    assert_eq!(damage(&game, "Weathered Bodyguards"), 3);
    let tapped =
        "[[permanent]]\ncard = \"Weathered Bodyguards\"\ncontroller = \"Bob\"\ntapped = true\n";
    let game = combat_in("", "", &["Hill Giant"], tapped, "", "");
    assert_eq!(game.players[1].life, 17, "{:?}", log(&game));
    assert_eq!(damage(&game, "Weathered Bodyguards"), 0);
}

/// "by unblocked creatures": a blocked trampler's damage assigned to Bob isn't from an
/// unblocked creature, so Bob takes it.
#[test]
fn only_the_damage_the_sources_fit_is_redirected() {
    let game = combat(
        "",
        &["Yavimaya Wurm", "Hill Giant"],
        &["Weathered Bodyguards", "Grizzly Bears"],
        "Grizzly Bears=Yavimaya Wurm",
        "",
    );
    // The Wurm (6/4 trample) is blocked: the 4 it tramples over are Bob's; the Giant's 3 are
    // the Bodyguards'.
    assert_eq!(damage(&game, "Weathered Bodyguards"), 3, "{:?}", log(&game));
    assert_eq!(game.players[1].life, 16, "{:?}", log(&game));
}

/// A resolved redirection: Shimian Night Stalker's ability, aimed at the attacking Giant,
/// sends the Giant's damage to the Stalker this turn; the Bears' damage still reaches Bob.
#[test]
fn a_resolved_redirection_reaches_only_its_target_s_damage() {
    let game = combat(
        "",
        &["Hill Giant", "Grizzly Bears"],
        &["Shimian Night Stalker", "Swamp"],
        "",
        &bob_activates("Shimian Night Stalker", "Hill Giant"),
    );
    assert_eq!(
        damage(&game, "Shimian Night Stalker"),
        3,
        "{:?}",
        log(&game)
    );
    assert_eq!(game.players[1].life, 18, "{:?}", log(&game));
    assert!(logged(&game, "[419.6c]"), "{:?}", log(&game));
}

/// A shield (419.6c with an amount): Daughter of Autumn takes the next 1 damage that would be
/// dealt to the white Squire; the other 2 of the Giant's 3 are the Squire's.
#[test]
fn a_shield_redirects_only_its_amount() {
    let squire = "[[card]]\nname = \"Sample Squire\"\ncost = \"{1}{W}\"\ntype = \"Creature — Human Soldier\"\npt = \"1/3\"\n";
    let game = combat(
        squire,
        &["Hill Giant"],
        &["Daughter of Autumn", "Sample Squire", "Plains"],
        "Sample Squire=Hill Giant",
        &bob_activates("Daughter of Autumn", "Sample Squire"),
    );
    assert_eq!(damage(&game, "Daughter of Autumn"), 1, "{:?}", log(&game));
    assert_eq!(damage(&game, "Sample Squire"), 2, "{:?}", log(&game));
}

/// Palisade Giant takes the damage to Bob's other permanents: the Bears blocking Hill Giant
/// survive, the Palisade Giant has the 3 damage.
#[test]
fn damage_to_another_permanent_you_control_is_redirected() {
    let game = combat(
        "",
        &["Hill Giant"],
        &["Palisade Giant", "Grizzly Bears"],
        "Grizzly Bears=Hill Giant",
        "",
    );
    assert_eq!(damage(&game, "Grizzly Bears"), 0, "{:?}", log(&game));
    assert_eq!(damage(&game, "Palisade Giant"), 3);
    // The Bears dealt their damage to the Giant as usual.
    assert_eq!(damage(&game, "Hill Giant"), 2);
}

/// 419.6a: two Palisade Giants. Damage to Bob goes to the first; the second's effect sends
/// damage to the first (another permanent Bob controls) to itself; the first can't meet that
/// event again, so the damage ends on the second, once, and the game goes on.
#[test]
fn each_redirection_meets_an_event_once() {
    let giants = "[[permanent]]\ncard = \"Palisade Giant\"\ncontroller = \"Bob\"\nlabel = \"Giant A\"\n[[permanent]]\ncard = \"Palisade Giant\"\ncontroller = \"Bob\"\nlabel = \"Giant B\"\n";
    let game = combat_in("", "", &["Hill Giant"], giants, "", "");
    assert_eq!(game.players[1].life, 20, "{:?}", log(&game));
    assert_eq!(damage(&game, "Giant A"), 0, "{:?}", log(&game));
    assert_eq!(damage(&game, "Giant B"), 3, "{:?}", log(&game));
}

/// Under the current rules the log cites 614.9 for the same event.
#[test]
fn the_current_rules_cite_614_9() {
    let game = combat_in(
        "edition = \"current\"\n",
        "",
        &["Hill Giant"],
        &permanents("Bob", &["Protector of the Crown"]),
        "",
        "",
    );
    assert_eq!(game.players[1].life, 20, "{:?}", log(&game));
    assert!(logged(&game, "[614.9]"), "{:?}", log(&game));
}
