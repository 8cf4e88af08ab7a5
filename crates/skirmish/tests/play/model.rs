//! The game model: zone changes make new objects (217.1c) and keep last known information, and
//! the invariant checker catches states no rule can produce.

use crate::common;

use common::scenario;
use skirmish::model::{AttackTarget, Game, Zone};
use skirmish::typeline::CardType;

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
    let mut game = scenario(BOARD).game;
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
        ev.text(skirmish::edition::Rules::FEB_2009)
            .starts_with("[217.1c] Grizzly Bears moves from in play to graveyard")
    );
    assert!(skirmish::invariants::check(&game).is_ok());
}

#[test]
fn a_card_put_on_top_of_a_library_is_drawn_first() {
    let mut game = scenario(BOARD).game;
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
    let game = scenario(BOARD).game;
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

/// A creature that is also a planeswalker, blocking while it is attacked (306.4d). No 2009 card
/// makes one, and no card of the vocabulary takes exactly one of the two types away, so the
/// type-changing effects are built directly, as a library user would.
const WALKER_BOARD: &str = r#"
[turn]
active = "Alice"
step = "combat-damage"

[[card]]
name = "Test Walker Construct"
cost = "{4}"
type = "Planeswalker Creature — Construct"
pt = "2/2"
loyalty = 3
text = ""

[[player]]
name = "Alice"

[[player]]
name = "Bob"

[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
attacking = "Walker"

[[permanent]]
card = "Hill Giant"
controller = "Alice"
attacking = "Bob"

[[permanent]]
card = "Test Walker Construct"
label = "Walker"
controller = "Bob"
blocking = ["Hill Giant"]
"#;

fn become_only(t: CardType) -> skirmish::ability::Effect {
    skirmish::ability::Effect::BecomeOnly {
        what: skirmish::ability::Subject::TargetCreature,
        card_type: t,
        duration: skirmish::ability::Duration::UntilEndOfTurn,
    }
}

fn walker_game() -> (Game, [skirmish::model::ObjectId; 3]) {
    let game = scenario(WALKER_BOARD).game;
    let id = |l: &str| game.object_labelled(l).unwrap().id;
    let ids = [id("Walker"), id("Grizzly Bears"), id("Hill Giant")];
    (game, ids)
}

fn last_event(game: &Game, rule: &str) -> String {
    game.events
        .iter()
        .rev()
        .find(|e| e.rule == rule)
        .map(|e| e.text(skirmish::edition::Rules::FEB_2009))
        .unwrap_or_else(|| panic!("no [{rule}] event"))
}

#[test]
fn a_blocking_planeswalker_that_stops_being_a_creature_is_still_attacked() {
    let (mut game, [walker, bears, giant]) = walker_game();
    game.add_effect("test", walker, become_only(CardType::Planeswalker))
        .unwrap();
    let c = game.combat.as_ref().unwrap();
    assert!(
        !c.blockers.contains_key(&walker),
        "306.4d: no longer blocking"
    );
    assert!(
        c.blocked.contains(&giant),
        "309.2e: the Giant stays blocked"
    );
    assert_eq!(
        c.attackers.get(&bears),
        Some(&AttackTarget::Planeswalker(walker)),
        "306.4d: still attacked as a planeswalker"
    );
    assert!(last_event(&game, "306.4d").contains("stops being a creature"));
}

#[test]
fn a_blocking_planeswalker_that_stops_being_a_planeswalker_still_blocks() {
    let (mut game, [walker, bears, giant]) = walker_game();
    game.add_effect("test", walker, become_only(CardType::Creature))
        .unwrap();
    let c = game.combat.as_ref().unwrap();
    assert_eq!(
        c.blockers.get(&walker),
        Some(&vec![giant]),
        "306.4d: still blocking"
    );
    assert_eq!(
        c.attackers.get(&bears),
        Some(&AttackTarget::Nothing),
        "306.4c: its attackers attack nothing"
    );
    assert!(last_event(&game, "306.4d").contains("stops being a planeswalker"));
}

#[test]
fn a_blocking_planeswalker_that_stops_being_both_leaves_combat_entirely() {
    let (mut game, [walker, bears, giant]) = walker_game();
    game.add_effect("test", walker, become_only(CardType::Enchantment))
        .unwrap();
    let c = game.combat.as_ref().unwrap();
    assert!(!c.blockers.contains_key(&walker));
    assert!(c.blocked.contains(&giant));
    assert_eq!(c.attackers.get(&bears), Some(&AttackTarget::Nothing));
    let removals: Vec<String> = game
        .events
        .iter()
        .filter(|e| e.rule == "306.4")
        .map(|e| e.text(skirmish::edition::Rules::FEB_2009))
        .collect();
    assert_eq!(removals.len(), 2, "{removals:?}");
    assert!(game.events.iter().all(|e| e.rule != "306.4d"));
}

#[test]
fn a_permanent_that_comes_into_play_tapped_does_so_as_it_comes_into_play() {
    let text = r#"
[turn]
active = "Alice"
step = "precombat-main"

[[player]]
name = "Alice"
hand = ["Treetop Village", "Grizzly Bears"]

[[player]]
name = "Bob"
"#;
    let mut game = scenario(text).game;
    for (name, tapped) in [("Treetop Village", true), ("Grizzly Bears", false)] {
        let id = game.object_labelled(name).unwrap().id;
        let new = game
            .move_object(id, Zone::InPlay, skirmish::model::Position::Top)
            .unwrap();
        assert_eq!(
            game.object(new).unwrap().tapped(),
            tapped,
            "410.10e: {name}"
        );
        let logged = game.events.iter().any(|e| {
            e.text(skirmish::edition::Rules::FEB_2009)
                == format!("[410.10e] {name} comes into play tapped")
        });
        assert_eq!(logged, tapped, "the log says so: {name}");
    }
}
