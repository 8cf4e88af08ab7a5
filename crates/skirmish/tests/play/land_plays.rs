//! Playing a land (212.6, 408.2d), a script action (`play_land`) and a starting state
//! (`lands_played`): a special action from the hand, in a main phase of the player's own turn
//! with the stack empty, once a turn; the land comes into play without the stack, and the
//! player keeps priority.

use skirmish::diagnostics::SourceFile;
use skirmish::engine::{RunError, play_scenario};
use skirmish::legality::Budget;
use skirmish::model::{Game, Zone};
use skirmish::scenario::Scenario;

/// Alice, active in `step`, holds a Forest, a second Forest, Giant Growth and a Treetop
/// Village; Bob holds a Mountain (and has an Island to draw). `extra` goes into Alice's `[[player]]` table.
fn board(step: &str, extra: &str, rest: &str) -> Result<Scenario, String> {
    let text = format!(
        r#"
[turn]
active = "Alice"
step = "{step}"

[[player]]
name = "Alice"
hand = ["Forest", {{ card = "Forest", label = "Second Forest" }}, "Giant Growth", "Treetop Village"]
{extra}

[[player]]
name = "Bob"
hand = ["Mountain"]
library = ["Island"]

[[permanent]]
card = "Grizzly Bears"
controller = "Alice"

{rest}
"#
    );
    Scenario::parse(SourceFile::new("lands.toml", text)).map_err(|e| e.to_string())
}

fn run(s: &Scenario) -> Result<Game, RunError> {
    play_scenario(s).map(|p| {
        let failures = s.failures(Some(&p), &mut Budget::default());
        assert!(failures.is_empty(), "{failures:#?}");
        p.game
    })
}

fn action(player: &str, body: &str) -> String {
    format!("[[action]]\nplayer = \"{player}\"\n{body}\n")
}

fn log(game: &Game) -> String {
    game.events
        .iter()
        .map(|e| format!("{}\n", e.text(game.rules)))
        .collect::<String>()
}

#[test]
fn a_land_played_comes_into_play_and_pays_at_once() {
    // 408.2d: Alice keeps priority after playing the Forest, and taps it for Giant Growth.
    let s = board(
        "precombat-main",
        "",
        &[
            action("Alice", "play_land = \"Forest\""),
            action(
                "Alice",
                "cast = \"Giant Growth\"\ntargets = [\"Grizzly Bears\"]",
            ),
        ]
        .concat(),
    )
    .unwrap();
    let game = run(&s).unwrap();
    let text = log(&game);
    assert!(
        text.contains("[212.6a] Alice plays Forest, a special action"),
        "{text}"
    );
    let played = text.find("Alice plays Forest").unwrap();
    let cast = text.find("Alice plays Giant Growth").unwrap();
    assert!(played < cast, "{text}");
    // Nothing went on the stack between the land and the spell.
    assert!(!text[played..cast].contains("resolves"), "{text}");
    assert_eq!(game.object_labelled("Forest").unwrap().zone, Zone::InPlay);
    assert_eq!(game.player_named("Alice").unwrap().lands_played, 1);
}

#[test]
fn a_land_that_comes_into_play_tapped_does() {
    let s = board(
        "postcombat-main",
        "",
        &action("Alice", "play_land = \"Treetop Village\""),
    )
    .unwrap();
    let game = run(&s).unwrap();
    let village = game.object_labelled("Treetop Village").unwrap();
    assert_eq!(village.zone, Zone::InPlay);
    assert!(village.tapped());
}

/// Each refusal, with the rule it cites; with `refused` the script goes on.
#[test]
fn land_plays_the_rules_refuse() {
    let forest = action("Alice", "play_land = \"Forest\"");
    // (step, Alice's extra keys, actions before, who plays which card, the rule)
    let cases = [
        // 212.6c: one land a turn.
        (
            "precombat-main",
            "",
            forest.as_str(),
            ("Alice", "Second Forest"),
            "212.6c",
        ),
        // 212.6c, a land already played before the scenario starts.
        (
            "postcombat-main",
            "lands_played = 1",
            "",
            ("Alice", "Forest"),
            "212.6c",
        ),
        // 408.2d: only in a main phase.
        ("beginning-of-combat", "", "", ("Alice", "Forest"), "408.2d"),
        // 212.6d: only in the player's own turn.
        ("precombat-main", "", "", ("Bob", "Mountain"), "212.6d"),
        // 212.6a: a spell isn't played as a land.
        (
            "precombat-main",
            "",
            "",
            ("Alice", "Giant Growth"),
            "212.6a",
        ),
        // 212.6b: from the hand; the Bears are in play.
        (
            "precombat-main",
            "",
            "",
            ("Alice", "Grizzly Bears"),
            "212.6b",
        ),
    ];
    for (step, extra, before, (who, card), rule) in cases {
        let play = format!("play_land = \"{card}\"");
        let s = board(step, extra, &format!("{before}{}", action(who, &play))).unwrap();
        let e = play_scenario(&s).unwrap_err();
        assert_eq!(e.rule.as_deref(), Some(rule), "{step} {card}: {e}");
        // Expected, the refusal lets the script go on.
        let refused = format!("{play}\nrefused = \"{rule}\"");
        let s = board(step, extra, &format!("{before}{}", action(who, &refused))).unwrap();
        let game = run(&s).unwrap_or_else(|e| panic!("{step} {card}: {e}"));
        // Refused, the card stays where it was.
        let zone = |g: &Game| g.object_labelled(card).unwrap().zone;
        assert_eq!(zone(&game), zone(&s.game), "{card}");
    }
}

#[test]
fn the_count_starts_afresh_each_turn() {
    // Alice plays a Forest this turn; Bob plays his Mountain in his own turn, after it.
    let s = board(
        "postcombat-main",
        "",
        &[
            action("Alice", "play_land = \"Forest\""),
            action("Bob", "play_land = \"Mountain\"\nstep = \"precombat-main\""),
        ]
        .concat(),
    )
    .unwrap();
    let game = run(&s).unwrap();
    assert_eq!(game.object_labelled("Mountain").unwrap().zone, Zone::InPlay);
    assert_eq!(game.player_named("Alice").unwrap().lands_played, 0);
    assert_eq!(game.player_named("Bob").unwrap().lands_played, 1);
}

#[test]
fn lands_played_is_checked_as_the_file_loads() {
    let e = board("precombat-main", "lands_played = 2", "").unwrap_err();
    assert!(e.contains("a player may play only one (212.6c)"), "{e}");
    let e = Scenario::parse(SourceFile::new(
        "lands.toml",
        "[turn]\nactive = \"Alice\"\nstep = \"precombat-main\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\nlands_played = 1\n",
    ))
    .unwrap_err()
    .to_string();
    assert!(e.contains("it isn't his or her turn (212.6d)"), "{e}");
    let e = board(
        "precombat-main",
        "",
        &action("Alice", "play_land = \"Plains\""),
    )
    .unwrap_err();
    assert!(e.contains("Plains"), "{e}");
}

/// Playing a land is an event abilities see (212.6a): Bob's Dirtcowl Wurm grows when Alice, its
/// controller's opponent, plays one, and Horn of Greed makes "that player" (Alice, who played
/// it) draw. A land Bob plays doesn't grow his own Wurm.
#[test]
fn a_land_played_triggers_abilities_about_the_player_who_played_it() {
    let text = |active: &str, land: &str| {
        format!(
            r#"stop_after = "precombat-main"
[turn]
active = "{active}"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Forest"]
library = ["Plains"]
[[player]]
name = "Bob"
hand = ["Mountain"]
library = ["Island"]
[[permanent]]
card = "Dirtcowl Wurm"
controller = "Bob"
[[permanent]]
card = "Horn of Greed"
controller = "Bob"
[[action]]
player = "{active}"
play_land = "{land}"
"#
        )
    };
    let s = Scenario::parse(SourceFile::new("lands.toml", text("Alice", "Forest"))).unwrap();
    let game = run(&s).unwrap_or_else(|e| panic!("{e:?}"));
    let wurm = game.object_labelled("Dirtcowl Wurm").unwrap();
    assert_eq!(wurm.power(), Some(4));
    let alice = game.player_named("Alice").unwrap();
    assert_eq!(alice.hand.len(), 1, "Alice drew the Plains");
    assert!(game.player_named("Bob").unwrap().library.len() == 1);
    let s = Scenario::parse(SourceFile::new("lands.toml", text("Bob", "Mountain"))).unwrap();
    let game = run(&s).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(
        game.object_labelled("Dirtcowl Wurm").unwrap().power(),
        Some(3)
    );
    assert_eq!(
        game.player_named("Bob").unwrap().hand.len(),
        1,
        "Bob drew the Island"
    );
}
