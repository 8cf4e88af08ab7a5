//! Searching a library (the 2009 glossary's "Search"; current 701.23) and shuffling it
//! (217.2): how many cards a search finds, what fits, where the cards go (hand 217.3, play
//! 217.1c, an Aura attached as it comes into play 212.4j or left in the library 212.4k, the
//! graveyard 217.4, out of the game 217.7, the top of the library), and the shuffle.

use crate::common;

use common::{log, logged, play, scenario};
use skirmish::model::{Game, Zone};

const PLAYERS: &str = r#"[[player]]
name = "Alice"
library = {LIBRARY}
[[player]]
name = "Bob"
"#;

fn zone(game: &Game, label: &str) -> Zone {
    game.object_labelled(label)
        .unwrap_or_else(|| panic!("no {label}: {:?}", log(game)))
        .zone
}

/// Alice sacrifices Sakura-Tribe Elder with `library` (top first) and the script lines
/// `extra` after the activation.
fn elder(library: &str, extra: &str) -> Game {
    play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
{}
[[permanent]]
card = "Sakura-Tribe Elder"
controller = "Alice"
[[action]]
player = "Alice"
activate = "Sakura-Tribe Elder"
{extra}
"#,
        PLAYERS.replace("{LIBRARY}", library)
    ))
}

#[test]
fn a_basic_land_found_comes_into_play_tapped_and_the_library_is_shuffled() {
    // Unanswered, the topmost card that fits is found: the Forest, not the Hill Giant above it.
    let game = elder(r#"["Hill Giant", "Forest", "Island"]"#, "");
    let forest = game.object_labelled("Forest").unwrap();
    assert_eq!(forest.zone, Zone::InPlay, "{:?}", log(&game));
    assert!(forest.tapped());
    assert_eq!(zone(&game, "Hill Giant"), Zone::Library);
    assert_eq!(game.players[0].library.len(), 2);
    assert!(
        logged(
            &game,
            "[217.2] Alice searches the library and finds Forest (not revealed)"
        ),
        "{:?}",
        log(&game)
    );
    assert!(logged(&game, "[217.1c] Alice puts Forest into play tapped"));
    assert!(logged(&game, "[217.2] Alice shuffles the library"));
}

#[test]
fn the_searcher_chooses_which_card_and_may_find_none_of_a_stated_quality() {
    let game = elder(
        r#"["Forest", "Island"]"#,
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Sakura-Tribe Elder: Island\"\n",
    );
    assert_eq!(zone(&game, "Island"), Zone::InPlay, "{:?}", log(&game));
    assert_eq!(zone(&game, "Forest"), Zone::Library);
    // "a basic land card" states a quality: the search may find nothing (glossary "Search").
    let game = elder(
        r#"["Forest"]"#,
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Sakura-Tribe Elder: nothing\"\n",
    );
    assert_eq!(zone(&game, "Forest"), Zone::Library, "{:?}", log(&game));
    assert!(logged(
        &game,
        "Alice searches the library and finds no basic land card"
    ));
    // Nothing fits: nothing is found, and the library is shuffled all the same.
    let game = elder(r#"["Hill Giant"]"#, "");
    assert!(logged(
        &game,
        "Alice searches the library and finds no basic land card"
    ));
    assert!(logged(&game, "Alice shuffles the library"));
}

#[test]
fn a_search_for_a_quantity_must_find_it() {
    let text = |extra: &str| {
        format!(
            r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
library = ["Hill Giant", "Forest"]
hand = ["Demonic Tutor"]
[[player]]
name = "Bob"
[[permanent]]
card = "Swamp"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[action]]
player = "Alice"
cast = "Demonic Tutor"
{extra}
"#
        )
    };
    let game = play(&format!(
        "{}[expect]\nhand = {{ Alice = [\"Forest\"] }}\n",
        text("[[action]]\nplayer = \"Alice\"\nchoose = \"Demonic Tutor: Forest\"\n")
    ));
    // The sentence "Then shuffle your library." shuffles after the card is put into the hand.
    let events = log(&game);
    let put = events
        .iter()
        .position(|l| l.contains("[217.3] Alice puts Forest into his or her hand"))
        .unwrap_or_else(|| panic!("{events:?}"));
    let shuffled = events
        .iter()
        .position(|l| l.contains("[217.2] Alice shuffles the library"))
        .unwrap();
    assert!(put < shuffled, "{events:?}");
    // "a card" is a quantity: declining to find one is refused (glossary "Search").
    let s = scenario(&text(
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Demonic Tutor: nothing\"\n",
    ));
    let err = skirmish::engine::run_scenario(&s)
        .err()
        .map(|e| e.to_string());
    assert!(
        err.as_deref().is_some_and(|e| e.contains("217.2")),
        "{err:?}"
    );
}

/// Alice casts `creature` (from her hand, with `lands` in play); her library is `library`.
fn cast(creature: &str, lands: &[&str], library: &str, extra: &str) -> String {
    let mut t = format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
library = {library}
hand = ["{creature}"]
[[player]]
name = "Bob"
"#
    );
    for (i, land) in lands.iter().enumerate() {
        t += &format!(
            "[[permanent]]\ncard = \"{land}\"\ncontroller = \"Alice\"\nlabel = \"{land} {i}\"\n"
        );
    }
    t += &format!("[[action]]\nplayer = \"Alice\"\ncast = \"{creature}\"\n{extra}");
    t
}

#[test]
fn up_to_two_cards_are_found_one_at_a_time_and_the_rest_may_be_left() {
    // Ranger of Eos: "up to two creature cards with converted mana cost 1 or less". Hill Giant
    // costs 4 and doesn't fit.
    let library = r#"["Hill Giant", "Raging Goblin", "Forest", "Goblin Guide"]"#;
    let game = play(&format!(
        "{}[expect]\nhand = {{ Alice = [\"Raging Goblin\", \"Goblin Guide\"] }}\n",
        cast("Ranger of Eos", &["Plains"; 4], library, "")
    ));
    assert!(
        logged(
            &game,
            "[217.2] Alice searches the library and reveals Raging Goblin, Goblin Guide"
        ),
        "{:?}",
        log(&game)
    );
    // One is found, then the search stops.
    play(&format!(
        "{}[expect]\nhand = {{ Alice = [\"Goblin Guide\"] }}\n",
        cast(
            "Ranger of Eos",
            &["Plains"; 4],
            library,
            "[[action]]\nplayer = \"Alice\"\nchoose = \"Ranger of Eos: Ranger of Eos\"\n[[action]]\nplayer = \"Alice\"\nchoose = \"Ranger of Eos: Goblin Guide\"\n[[action]]\nplayer = \"Alice\"\nchoose = \"Ranger of Eos: nothing\"\n"
        )
    ));
}

/// Academy Rector dies to Bob's Pestilence-like sacrifice: Alice sacrifices it to a sample
/// outlet, removes it from the game, and searches for an enchantment card.
fn rector(library: &str, permanents: &str, extra: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Altar"
cost = "{{1}}"
type = "Artifact"
text = "Sacrifice a creature: You gain 1 life."
[[player]]
name = "Alice"
library = {library}
[[player]]
name = "Bob"
[[permanent]]
card = "Academy Rector"
controller = "Alice"
[[permanent]]
card = "Sample Altar"
controller = "Alice"
{permanents}
[[action]]
player = "Alice"
activate = "Sample Altar"
pay = ["Academy Rector"]
{extra}
"#
    )
}

#[test]
fn an_aura_found_comes_into_play_attached_to_what_its_controller_chooses() {
    let game = play(&format!(
        "{}[expect]\nattached_to = {{ Lure = \"Goblin Guide\" }}\nremoved = {{ Alice = [\"Academy Rector\"] }}\n",
        rector(
            r#"["Lure"]"#,
            "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Goblin Guide\"\ncontroller = \"Bob\"\n",
            "[[action]]\nplayer = \"Alice\"\nchoose = \"Lure: Goblin Guide\"\n"
        )
    ));
    assert!(
        logged(
            &game,
            "[212.4j] Alice puts Lure into play attached to Goblin Guide"
        ),
        "{:?}",
        log(&game)
    );
    // No creature to enchant: the Aura stays in the library (212.4k).
    let game = play(&format!(
        "{}[expect]\nremoved = {{ Alice = [\"Academy Rector\"] }}\n",
        rector(r#"["Lure"]"#, "", "")
    ));
    assert_eq!(zone(&game, "Lure"), Zone::Library, "{:?}", log(&game));
    assert!(logged(
        &game,
        "[212.4k] Lure can enchant nothing in play, so it stays in Alice's library"
    ));
}

#[test]
fn a_trigger_on_its_own_move_from_play_finds_the_card_where_it_went() {
    // 217.1c, exception 2: Rancor's "When Rancor is put into a graveyard from play, return
    // Rancor to its owner's hand" finds the card in the graveyard; Academy Rector's "you may
    // exile it" above does the same.
    let game = play(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Altar"
cost = "{1}"
type = "Artifact"
text = "Sacrifice a creature: You gain 1 life."
[[card]]
name = "Rancor"
cost = "{G}"
type = "Enchantment — Aura"
text = """
Enchant creature
Enchanted creature gets +2/+0 and has trample.
When Rancor is put into a graveyard from the battlefield, return Rancor to its owner's hand."""
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Rancor"
controller = "Alice"
attached_to = "Grizzly Bears"
[[permanent]]
card = "Sample Altar"
controller = "Alice"
[[action]]
player = "Alice"
activate = "Sample Altar"
pay = ["Grizzly Bears"]
[expect]
hand = { Alice = ["Rancor"] }
graveyard = { Alice = ["Grizzly Bears"] }
"#,
    );
    assert!(
        logged(&game, "[217.3] Rancor is returned to its owner's hand"),
        "{:?}",
        log(&game)
    );
}

/// Alice casts a sample sorcery with `text` for {R}; her library is `library`.
fn sorcery(text: &str, library: &str, extra: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Search"
cost = "{{R}}"
type = "Sorcery"
text = "{text}"
[[player]]
name = "Alice"
library = {library}
hand = ["Sample Search"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[action]]
player = "Alice"
cast = "Sample Search"
{extra}"#
    )
}

#[test]
fn found_cards_go_on_top_after_the_shuffle_to_the_graveyard_or_out_of_the_game() {
    // "Plains or Island": either subtype fits; the card goes on top after the shuffle.
    let game = play(&sorcery(
        "Search your library for a Plains or Island card, reveal it, then shuffle your library and put that card on top of it.",
        r#"["Forest", "Hill Giant", "Island", "Swamp"]"#,
        "",
    ));
    let top = game.players[0].library[0];
    assert_eq!(
        game.object(top).unwrap().label,
        "Island",
        "{:?}",
        log(&game)
    );
    assert_eq!(game.players[0].library.len(), 4);
    let events = log(&game);
    let shuffled = events
        .iter()
        .position(|l| l.contains("Alice shuffles the library"))
        .unwrap();
    let put = events
        .iter()
        .position(|l| l.contains("Alice puts Island on top of the library"))
        .unwrap();
    assert!(shuffled < put, "{events:?}");
    // A named card, into the graveyard.
    play(&format!(
        "{}[expect]\ngraveyard = {{ Alice = [\"Sample Search\", \"Hill Giant\"] }}\n",
        sorcery(
            "Search your library for a card named Hill Giant and put it into your graveyard. Then shuffle your library.",
            r#"["Forest", "Hill Giant"]"#,
            "",
        )
    ));
    // "any number of": every fitting card the script names, until `nothing`; out of the game.
    play(&format!(
        "{}[expect]\nremoved = {{ Alice = [\"Forest\", \"Second Forest\"] }}\nin_play = [\"Mountain\"]\n",
        sorcery(
            "Search your library for any number of land cards, exile them, then shuffle your library.",
            r#"["Forest", "Hill Giant", { card = "Forest", label = "Second Forest" }, "Island"]"#,
            "[[action]]\nplayer = \"Alice\"\nchoose = \"Sample Search: Forest\"\n[[action]]\nplayer = \"Alice\"\nchoose = \"Sample Search: Second Forest\"\n[[action]]\nplayer = \"Alice\"\nchoose = \"Sample Search: nothing\"\n",
        )
    ));
}

/// Alice casts Path to Exile on Bob's attacking Craw Wurm; Bob's library is `library`; `extra`
/// are script lines after the cast.
fn path(library: &str, extra: &str) -> Game {
    play(&format!(
        r#"stop_after = "end-of-combat"
[[card]]
name = "Path to Exile"
cost = "{{W}}"
type = "Instant"
text = "Exile target creature. Its controller may search his or her library for a basic land card, put that card onto the battlefield tapped, then shuffle his or her library."
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = ["Path to Exile"]
[[player]]
name = "Bob"
library = {library}
[[permanent]]
card = "Plains"
controller = "Alice"
[[permanent]]
card = "Craw Wurm"
controller = "Bob"
[[action]]
player = "Bob"
attack = "Craw Wurm"
[[action]]
player = "Alice"
cast = "Path to Exile"
targets = ["Craw Wurm"]
{extra}
"#
    ))
}

/// "Its controller may search his or her library ...": the exiled creature's controller
/// chooses (413.2c) and searches his or her own library; the land comes into play under his or
/// her control.
#[test]
fn the_exiled_creatures_controller_may_search_his_or_her_library() {
    let game = path(r#"["Hill Giant", "Forest"]"#, "");
    assert_eq!(
        zone(&game, "Craw Wurm"),
        Zone::RemovedFromGame,
        "{:?}",
        log(&game)
    );
    let forest = game.object_labelled("Forest").unwrap();
    assert_eq!(forest.zone, Zone::InPlay, "{:?}", log(&game));
    assert_eq!(forest.controller, skirmish::model::PlayerId(1));
    assert!(forest.tapped());
    assert!(
        logged(
            &game,
            "[217.2] Bob searches the library and finds Forest (not revealed)"
        ),
        "{:?}",
        log(&game)
    );
    assert!(
        logged(&game, "[217.2] Bob shuffles the library"),
        "{:?}",
        log(&game)
    );
    assert_eq!(game.players[0].life, 20);
    // Bob declines: nothing is searched or shuffled.
    let game = path(
        r#"["Hill Giant", "Forest"]"#,
        "[[action]]\nplayer = \"Bob\"\nchoose = \"Path to Exile: nothing\"\n",
    );
    assert_eq!(zone(&game, "Forest"), Zone::Library, "{:?}", log(&game));
    assert!(!logged(&game, "searches the library"), "{:?}", log(&game));
    assert!(logged(&game, "Bob chooses not to"), "{:?}", log(&game));
}
