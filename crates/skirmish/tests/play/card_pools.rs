//! Cards named from a card file (a scenario's `card_pool`, or pools the caller gives), and
//! text the grammar doesn't know loaded as "not modelled" (`Unmodelled::Warn`).

use skirmish::ErrorKind;
use skirmish::ability::{Ability, Keyword};
use skirmish::cards::pool::{CardPool, read_pool};
use skirmish::cards::{Unmodelled, touches_combat};
use skirmish::diagnostics::SourceFile;
use skirmish::scenario::{LoadOptions, NotModelled, Scenario};
use std::sync::Arc;

/// A Scryfall-shaped card file: a Grizzly Bears unlike the bundled one (it flies), a card
/// with a line the grammar doesn't know, and one whose unknown line is about combat.
const POOL: &str = r#"[
 {"name": "Grizzly Bears", "mana_cost": "{1}{G}", "type_line": "Creature — Bear",
  "oracle_text": "Flying", "power": "2", "toughness": "2"},
 {"name": "Eager Construct", "mana_cost": "{2}", "type_line": "Artifact Creature — Construct",
  "oracle_text": "When Eager Construct enters the battlefield, each player chooses a card name.",
  "power": "2", "toughness": "2"},
 {"name": "Gomazoa", "mana_cost": "{2}{U}", "type_line": "Creature — Jellyfish",
  "oracle_text": "Defender, flying\n{T}: Put Gomazoa and each creature it's blocking on top of their owners' libraries, then those players shuffle.",
  "power": "0", "toughness": "3"}
]"#;

fn pool() -> Arc<CardPool> {
    let cards = read_pool(&SourceFile::new("pool.json", POOL)).expect("the pool reads");
    Arc::new(CardPool::new("pool.json", cards))
}

fn board(card: &str, extra: &str) -> String {
    format!(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n\n[[player]]\nname = \"Alice\"\n\n\
         [[player]]\nname = \"Bob\"\n\n{extra}[[permanent]]\ncard = \"{card}\"\ncontroller = \"Alice\"\n"
    )
}

fn load(text: &str, unmodelled: Unmodelled) -> Result<Scenario, skirmish::FileError> {
    let options = LoadOptions {
        pools: vec![pool()],
        unmodelled,
        edition: None,
        sandboxed: false,
    };
    Scenario::parse_with(SourceFile::new("board.toml", text), &options)
}

fn flies(s: &Scenario) -> bool {
    let o = s.game.in_play().next().expect("a permanent");
    s.game.has_keyword(o.id, &Keyword::Flying)
}

#[test]
fn a_pool_comes_before_the_bundled_library_and_after_the_files_own_cards() {
    let bundled = Scenario::parse(SourceFile::new("b.toml", board("Grizzly Bears", ""))).unwrap();
    assert!(!flies(&bundled));
    let pooled = load(&board("Grizzly Bears", ""), Unmodelled::Strict).unwrap();
    assert!(flies(&pooled));
    assert!(pooled.unmodelled.is_empty());
    let own = "[[card]]\nname = \"Grizzly Bears\"\ncost = \"{1}{G}\"\ntype = \"Creature — Bear\"\npt = \"2/2\"\ntext = \"\"\n\n";
    let defined = load(&board("Grizzly Bears", own), Unmodelled::Strict).unwrap();
    assert!(!flies(&defined));
}

#[test]
fn unknown_text_is_refused_naming_the_sentence_unless_warned() {
    let text = board("Eager Construct", "");
    let e = load(&text, Unmodelled::Strict).unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnsupportedText);
    assert!(
        e.message.contains("each player chooses a card name"),
        "{}",
        e.message
    );
    assert!(e.message.contains("pool.json"), "{}", e.message);
    assert!(e.help.contains("--unmodelled=warn"), "{}", e.help);
    assert_eq!((e.line, e.column), (12, 8));

    let s = load(&text, Unmodelled::Warn).unwrap();
    assert_eq!(
        s.unmodelled,
        vec![NotModelled {
            card: "Eager Construct".into(),
            line: "When Eager Construct enters the battlefield, each player chooses a card name."
                .into(),
        }]
    );
    // The card is there, as if the line weren't printed.
    let o = s.game.in_play().next().unwrap();
    assert_eq!(o.label, "Eager Construct");
    assert!(
        o.abilities()
            .iter()
            .all(|a| !matches!(a, Ability::Triggered { .. }))
    );
}

#[test]
fn a_line_about_combat_is_never_left_out() {
    let e = load(&board("Gomazoa", ""), Unmodelled::Warn).unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnsupportedText);
    assert!(
        e.message.contains("each creature it's blocking"),
        "{}",
        e.message
    );
    assert!(e.message.contains("bears on combat"), "{}", e.message);
    // The same goes for a [[card]] table of the file.
    let own = "[[card]]\nname = \"Test Striker\"\ncost = \"{1}{R}\"\ntype = \"Creature — Goblin\"\npt = \"2/1\"\ntext = \"Whenever Test Striker attacks, each player chooses a card name.\"\n\n";
    let e = load(&board("Test Striker", own), Unmodelled::Warn).unwrap_err();
    assert!(e.message.contains("bears on combat"), "{}", e.message);
}

#[test]
fn what_bears_on_combat() {
    for line in [
        "Banding",
        "Whenever this creature attacks, scry 1.",
        "Creatures you control get +1/+0.",
        "Enchanted creature has first strike.",
        "Prevent the next 2 damage that would be dealt to target creature this turn.",
        "Target creature fights another target creature.",
        "Each creature with power 2 or less can't be countered.",
        "Put a -1/-1 counter on target creature.",
    ] {
        assert!(touches_combat(line), "{line}");
    }
    for line in [
        "When this enters the battlefield, scry 1.",
        "Draw a card.",
        "{T}: Add one mana of any color. Spend this mana only to cast creature spells.",
        "Storm",
    ] {
        assert!(!touches_combat(line), "{line}");
    }
}

#[test]
fn a_scenarios_card_pool_is_read_from_its_folder() {
    let dir = std::env::temp_dir().join(format!("skirmish-card-pool-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("cards")).unwrap();
    std::fs::write(dir.join("cards/pool.json"), POOL).unwrap();
    let text = format!(
        "card_pool = \"cards/pool.json\"\n{}",
        board("Grizzly Bears", "")
    );
    std::fs::write(dir.join("board.toml"), &text).unwrap();
    let s = Scenario::load(&dir.join("board.toml")).unwrap();
    assert!(flies(&s));
    // A missing file is an error at the key.
    let broken = text.replace("cards/pool.json", "cards/none.json");
    std::fs::write(dir.join("broken.toml"), broken).unwrap();
    let e = Scenario::load(&dir.join("broken.toml")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::WrongValue);
    assert_eq!((e.line, e.column), (1, 13));
    assert!(
        e.message.contains("can't read the card file"),
        "{}",
        e.message
    );
    std::fs::remove_dir_all(&dir).ok();
}
