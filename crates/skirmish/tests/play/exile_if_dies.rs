//! "If that creature would die this turn, exile it instead." (419.6): a replacement effect on
//! the creature an earlier instruction targets, or on each creature it dealt damage, until the
//! cleanup step; lethal damage, destruction and sacrifice alike remove it from the game.

use crate::common;

use common::{BOTH_PASS, lands, log, play};
use skirmish::model::Game;

/// Alice, with five Mountains, casts each of `spells` (inline `cards`) at `targets`, in
/// order, in her precombat main phase; Bob controls Hill Giant and Grizzly Bears.
fn cast(cards: &str, spells: &[(&str, &str)]) -> Game {
    let hand: Vec<String> = spells.iter().map(|(s, _)| format!("\"{s}\"")).collect();
    let actions: String = spells
        .iter()
        .map(|(s, t)| {
            format!(
                "[[action]]\nplayer = \"Alice\"\ncast = \"{s}\"\ntargets = [\"{t}\"]\n{BOTH_PASS}"
            )
        })
        .collect();
    play(&format!(
        r#"stop_after = "precombat-main"
{cards}
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = [{}]
[[player]]
name = "Bob"
{}[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{actions}"#,
        hand.join(", "),
        lands("Mountain", "Alice", 5)
    ))
}

const COIL: &str = r#"[[card]]
name = "Sample Coil"
cost = "{1}{R}"
type = "Sorcery"
text = "Sample Coil deals 4 damage to target creature. If that creature would die this turn, exile it instead."
"#;

const FIRE: &str = r#"[[card]]
name = "Sample Fire"
cost = "{R}"
type = "Instant"
text = "Sample Fire deals 3 damage to target creature or player. If a creature dealt damage this way would die this turn, exile it instead."
"#;

const CURSE: &str = r#"[[card]]
name = "Sample Curse"
cost = "{R}"
type = "Instant"
text = "Target creature gets -1/-1 until end of turn. If it would die this turn, exile it instead."
"#;

const SHATTER: &str = r#"[[card]]
name = "Sample Murder"
cost = "{1}{R}"
type = "Instant"
text = "Destroy target creature."
"#;

fn zones(game: &Game, name: &str) -> (usize, usize) {
    let bob = &game.players[1];
    let named = |ids: &Vec<skirmish::model::ObjectId>| {
        ids.iter()
            .filter(|id| game.object(**id).is_some_and(|o| o.card.name == name))
            .count()
    };
    (named(&bob.graveyard), named(&bob.removed_from_game))
}

/// 419.6: lethal damage from the spell, and the Giant is removed from the game, not put into
/// the graveyard; without the sentence it would go to the graveyard.
#[test]
fn the_damaged_creature_is_exiled_instead_of_dying() {
    let game = cast(COIL, &[("Sample Coil", "Hill Giant")]);
    assert_eq!(zones(&game, "Hill Giant"), (0, 1), "{:?}", log(&game));
    assert!(
        log(&game).iter().any(|l| l.starts_with("[419.6]")),
        "{:?}",
        log(&game)
    );
    let plain = COIL.replace(
        " If that creature would die this turn, exile it instead.",
        "",
    );
    let game = cast(&plain, &[("Sample Coil", "Hill Giant")]);
    assert_eq!(zones(&game, "Hill Giant"), (1, 0), "{:?}", log(&game));
}

/// "a creature dealt damage this way": the Bears, dealt 3, are exiled.
#[test]
fn a_creature_dealt_damage_this_way_is_exiled() {
    let game = cast(FIRE, &[("Sample Fire", "Grizzly Bears")]);
    assert_eq!(zones(&game, "Grizzly Bears"), (0, 1), "{:?}", log(&game));
}

/// The effect lasts the turn: the Giant survives -1/-1, then a destroy spell later in the
/// turn exiles it; the Bears, not named, go to the graveyard as usual.
#[test]
fn the_replacement_lasts_the_turn_and_only_for_its_creature() {
    let cards = format!("{CURSE}{SHATTER}");
    let game = cast(
        &cards,
        &[
            ("Sample Curse", "Hill Giant"),
            ("Sample Murder", "Hill Giant"),
        ],
    );
    assert_eq!(zones(&game, "Hill Giant"), (0, 1), "{:?}", log(&game));
    let game = cast(
        &cards,
        &[
            ("Sample Curse", "Hill Giant"),
            ("Sample Murder", "Grizzly Bears"),
        ],
    );
    assert_eq!(zones(&game, "Grizzly Bears"), (1, 0), "{:?}", log(&game));
}
