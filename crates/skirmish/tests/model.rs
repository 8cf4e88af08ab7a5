//! The game model: zone changes make new objects (217.1c) and keep last known information, and
//! the invariant checker catches states no rule can produce.

use skirmish::diagnostics::SourceFile;
use skirmish::model::{Game, Zone};
use skirmish::scenario::Scenario;

fn load(text: &str) -> Scenario {
    Scenario::parse(SourceFile::new("test.toml", text)).unwrap_or_else(|e| panic!("{e}"))
}

const BOARD: &str = r#"
[turn]
active = "Alice"
step = "combat-damage"

[[player]]
name = "Alice"

[[player]]
name = "Bob"

[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
attacking = "Bob"
damage = 1

[[permanent]]
card = "Lure"
controller = "Alice"
attached_to = "Grizzly Bears"

[[permanent]]
card = "Wall of Wood"
controller = "Bob"
blocking = ["Grizzly Bears"]
"#;

#[test]
fn a_permanent_that_leaves_play_becomes_a_new_object_with_last_known_information() {
    let mut game = load(BOARD).game;
    let bears = game.object_labelled("Grizzly Bears").unwrap().id;
    let new = game
        .move_object(bears, Zone::Graveyard, skirmish::model::Position::Top)
        .unwrap();
    assert_ne!(new, bears, "217.1c: a new object");
    let now = game.object(new).unwrap();
    assert_eq!(now.zone, Zone::Graveyard);
    assert!(
        now.status.is_none(),
        "no tapped or damage status outside play (217.5d)"
    );
    assert!(game.object(bears).is_none());
    let lki = game.last_known(bears).unwrap();
    assert_eq!(lki.zone, Zone::InPlay);
    assert_eq!(
        lki.damage(),
        1,
        "last known information keeps the damage it had"
    );
    assert_eq!(game.object_or_last_known(bears).unwrap().damage(), 1);
    assert_eq!(game.players[0].graveyard, vec![new]);

    // 306.4: it left combat; the Wall blocks nothing now.
    let combat = game.combat.as_ref().unwrap();
    assert!(combat.attackers.is_empty());
    // 310.2d: the Wall is still a blocking creature, now blocking nothing.
    let wall = game.object_labelled("Wall of Wood").unwrap().id;
    assert_eq!(combat.blockers.get(&wall), Some(&vec![]));
    // The Aura is unattached (its fate is a state-based effect, 420.5d).
    let lure = game.object_labelled("Lure").unwrap();
    assert_eq!(lure.attached_to(), None);

    let ev = game.events.last().unwrap();
    assert_eq!(ev.rule, "217.1c");
    assert!(
        ev.to_string()
            .starts_with("[217.1c] Grizzly Bears moves from in play to graveyard")
    );
    assert!(skirmish::invariants::check(&game).is_ok());
}

#[test]
fn a_card_put_on_top_of_a_library_is_drawn_first() {
    let mut game = load(BOARD).game;
    let wall = game.object_labelled("Wall of Wood").unwrap().id;
    let new = game
        .move_object(wall, Zone::Library, skirmish::model::Position::Top)
        .unwrap();
    assert_eq!(game.players[1].library.first(), Some(&new));
    assert_eq!(
        game.object(new).unwrap().owner,
        game.players[1].id,
        "217.1a: to its owner's library"
    );
}

fn corrupt(game: &Game, f: impl FnOnce(&mut serde_json::Value)) -> Game {
    let mut v = serde_json::to_value(game).unwrap();
    f(&mut v);
    serde_json::from_value(v).unwrap()
}

#[test]
fn the_invariant_checker_finds_impossible_states() {
    let game = load(BOARD).game;
    assert!(skirmish::invariants::check(&game).is_ok());

    // An object listed in two zones.
    let bears = game.object_labelled("Grizzly Bears").unwrap().id.0;
    let two_zones = corrupt(&game, |v| {
        v["players"][0]["hand"] = serde_json::json!([bears]);
    });
    let problems = skirmish::invariants::check(&two_zones).unwrap_err();
    assert!(
        problems.iter().any(|p| p.contains("more than one zone")),
        "{problems:?}"
    );

    // An Aura attached to an object that doesn't exist.
    let lure = game.object_labelled("Lure").unwrap().id.0.to_string();
    let dangling = corrupt(&game, |v| {
        v["objects"][&lure]["status"]["attached_to"] = serde_json::json!(999);
    });
    let problems = skirmish::invariants::check(&dangling).unwrap_err();
    assert!(
        problems
            .iter()
            .any(|p| p.contains("not a permanent in play")),
        "{problems:?}"
    );

    // Two objects with one label.
    let dup = corrupt(&game, |v| {
        v["objects"][&lure]["label"] = serde_json::json!("Grizzly Bears");
    });
    let problems = skirmish::invariants::check(&dup).unwrap_err();
    assert!(
        problems
            .iter()
            .any(|p| p.contains("two objects are labelled")),
        "{problems:?}"
    );

    // A blocker of a creature that isn't attacking.
    let no_attack = corrupt(&game, |v| {
        v["combat"]["attackers"] = serde_json::json!({});
    });
    let problems = skirmish::invariants::check(&no_attack).unwrap_err();
    assert!(
        problems.iter().any(|p| p.contains("not attacking")),
        "{problems:?}"
    );
}
