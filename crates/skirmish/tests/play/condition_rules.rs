//! Conditions and descriptions of the grammar decided in play: "unless you control more
//! creatures than defending player", "unless defending player is poisoned", "unless it's
//! equipped", "as long as enchanted creature is blue", Lure for the creatures a description
//! fits (500.4), "with power or toughness 1 or less", "with bribery counters on them".

use crate::common;

use common::{play, scenario};
use skirmish::engine::{RunError, run_scenario};

/// Alice's turn at the declaration of attackers: `cards` defines cards, `alice` and `bob` list
/// permanents (a `[[permanent]]` body each), `actions` follows.
fn turn(cards: &str, alice: &[&str], bob: &[&str], actions: &str) -> Result<(), RunError> {
    let mut text = format!(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n{cards}\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n"
    );
    for (who, list) in [("Alice", alice), ("Bob", bob)] {
        for p in list {
            text.push_str(&format!("[[permanent]]\ncontroller = \"{who}\"\n{p}\n"));
        }
    }
    text.push_str(actions);
    run_scenario(&scenario(&text)).map(|_| ())
}

fn attack(what: &str) -> String {
    format!("[[action]]\nplayer = \"Alice\"\nattack = \"{what}\"\n")
}

#[test]
fn goblin_goon_attacks_only_with_more_creatures_than_the_defender() {
    let two = [
        "card = \"Grizzly Bears\"\nlabel = \"Bear 1\"",
        "card = \"Grizzly Bears\"\nlabel = \"Bear 2\"",
    ];
    let e = turn(
        "",
        &["card = \"Goblin Goon\"", "card = \"Raging Goblin\""],
        &two,
        &attack("Goblin Goon"),
    )
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.2"), "{e}");
    assert!(e.message.contains("Goblin Goon"), "{e}");
    turn(
        "",
        &[
            "card = \"Goblin Goon\"",
            "card = \"Raging Goblin\"",
            "card = \"Hill Giant\"",
        ],
        &two,
        &attack("Goblin Goon"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

const THROATSEEKER: &str = r#"
[[card]]
name = "Chained Throatseeker"
cost = "{5}{U}"
type = "Creature — Horror"
pt = "5/5"
text = """
Infect
Chained Throatseeker can't attack unless defending player is poisoned."""
"#;

#[test]
fn a_poisoned_defender_can_be_attacked() {
    let e = turn(
        THROATSEEKER,
        &["card = \"Chained Throatseeker\""],
        &[],
        &attack("Chained Throatseeker"),
    )
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.2"), "{e}");
    let poisoned = THROATSEEKER.to_string();
    let text = format!(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n{poisoned}\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\npoison = 1\n[[permanent]]\ncard = \"Chained Throatseeker\"\ncontroller = \"Alice\"\n{}",
        attack("Chained Throatseeker")
    );
    run_scenario(&scenario(&text)).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_drone_fights_only_while_equipped() {
    let drone = r#"
[[card]]
name = "Training Drone"
cost = "{3}"
type = "Artifact Creature — Drone"
pt = "4/4"
text = "Training Drone can't attack or block unless it's equipped."
"#;
    let e = turn(
        drone,
        &["card = \"Training Drone\""],
        &[],
        &attack("Training Drone"),
    )
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.2"), "{e}");
    turn(
        drone,
        &[
            "card = \"Training Drone\"",
            "card = \"Bonesplitter\"\nattached_to = \"Training Drone\"",
        ],
        &[],
        &attack("Training Drone"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

fn block(what: &str) -> String {
    format!("[[action]]\nplayer = \"Bob\"\nblock = \"{what}\"\n")
}

#[test]
fn steel_of_the_godhead_makes_a_blue_creature_unblockable_only() {
    // Coral Merfolk: a vanilla blue creature.
    let merfolk = "[[card]]\nname = \"Coral Merfolk\"\ncost = \"{1}{U}\"\ntype = \"Creature — Merfolk\"\npt = \"2/1\"\ntext = \"\"\n";
    for (creature, blockable) in [("Coral Merfolk", false), ("Grizzly Bears", true)] {
        let r = turn(
            merfolk,
            &[
                &format!("card = \"{creature}\""),
                &format!("card = \"Steel of the Godhead\"\nattached_to = \"{creature}\""),
            ],
            &["card = \"Hill Giant\""],
            &format!(
                "{}{}",
                attack(creature),
                block(&format!("Hill Giant={creature}"))
            ),
        );
        match (r, blockable) {
            (Ok(()), true) => {}
            (Err(e), false) => assert_eq!(e.rule.as_deref(), Some("500.3a"), "{e}"),
            (r, _) => panic!("{creature}: {r:?}"),
        }
    }
}

#[test]
fn only_flyers_must_block_talruum_piper() {
    let bob = ["card = \"Serra Angel\"", "card = \"Grizzly Bears\""];
    let alice = ["card = \"Talruum Piper\"", "card = \"Hill Giant\""];
    // The Angel must block the Piper; the Bears are free.
    let e = turn(
        "",
        &alice,
        &bob,
        &format!(
            "{}{}",
            attack("Talruum Piper, Hill Giant"),
            block("Serra Angel=Hill Giant")
        ),
    )
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.4"), "{e}");
    turn(
        "",
        &alice,
        &bob,
        &format!(
            "{}{}",
            attack("Talruum Piper, Hill Giant"),
            block("Serra Angel=Talruum Piper, Grizzly Bears=Hill Giant")
        ),
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn descriptions_with_either_statistic_and_named_counters() {
    let cards = r#"
[[card]]
name = "Sample Rogue"
cost = "{1}{U}"
type = "Creature — Human Rogue"
pt = "1/3"
text = "Creatures you control with power or toughness 1 or less can't be blocked."
[[card]]
name = "Sample Briber"
cost = "{1}{W}{U}"
type = "Creature — Human Rogue"
pt = "2/2"
text = "Creatures with bribery counters on them can't attack or block."
"#;
    // Sample Rogue has power 1: unblockable; Hill Giant (3/3) isn't.
    let e = turn(
        cards,
        &["card = \"Sample Rogue\""],
        &["card = \"Grizzly Bears\""],
        &format!(
            "{}{}",
            attack("Sample Rogue"),
            block("Grizzly Bears=Sample Rogue")
        ),
    )
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.3a"), "{e}");
    turn(
        cards,
        &["card = \"Sample Rogue\"", "card = \"Hill Giant\""],
        &["card = \"Grizzly Bears\""],
        &format!(
            "{}{}",
            attack("Hill Giant"),
            block("Grizzly Bears=Hill Giant")
        ),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // A bribery counter keeps Hill Giant home; a +1/+1 counter doesn't.
    let e = turn(
        cards,
        &["card = \"Hill Giant\"\ncounters = { bribery = 1 }"],
        &["card = \"Sample Briber\""],
        &attack("Hill Giant"),
    )
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.2"), "{e}");
    turn(
        cards,
        &["card = \"Hill Giant\"\ncounters = { \"+1/+1\" = 1 }"],
        &["card = \"Sample Briber\""],
        &attack("Hill Giant"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

/// Alice attacks with Grizzly Bears and Hill Giant (the Giant `giant_to`: Bob or his
/// planeswalker); Bob controls Watchdog, `tapped` or not, and Garruk Wildspeaker.
fn watchdog(tapped: bool, giant_to: &str, expect: &str) -> skirmish::model::Game {
    play(&format!(
        r#"stop_after = "declare-attackers"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Watchdog"
cost = "{{3}}"
type = "Artifact Creature — Hound"
pt = "1/2"
text = """
Watchdog blocks each turn if able.
As long as Watchdog is untapped, all creatures attacking you get -1/-0."""
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Watchdog"
controller = "Bob"
tapped = {tapped}
[[permanent]]
card = "Garruk Wildspeaker"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Grizzly Bears, Hill Giant -> {giant_to}"
{expect}"#
    ))
}

#[test]
fn creatures_attacking_you_are_those_attacking_the_abilitys_controller() {
    // 306.2: "creatures attacking you" are attacking Bob himself, not his planeswalker; the
    // static ability applies while its condition holds (Watchdog untapped).
    watchdog(
        false,
        "Bob",
        "[expect]\npt = { \"Grizzly Bears\" = \"1/2\", \"Hill Giant\" = \"2/3\" }\n",
    );
    watchdog(
        false,
        "Garruk Wildspeaker",
        "[expect]\npt = { \"Grizzly Bears\" = \"1/2\", \"Hill Giant\" = \"3/3\" }\n",
    );
    watchdog(
        true,
        "Bob",
        "[expect]\npt = { \"Grizzly Bears\" = \"2/2\", \"Hill Giant\" = \"3/3\" }\n",
    );
}

#[test]
fn your_commander_is_the_permanent_designated_so() {
    // Current 903.3: the Lieutenant's condition reads the designation; without a commander in
    // play (410.8), the ability doesn't trigger. "Commander creatures you control get +2/+2"
    // (Bloodsworn Steward) reads it too.
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/editions/commanders/current.toml"),
    )
    .expect("the pair scenario");
    let steward = "[[card]]\nname = \"Sample Steward\"\ncost = \"{2}{R}{R}\"\ntype = \"Creature — Human Soldier\"\npt = \"3/3\"\ntext = \"Commander creatures you control get +2/+2 and have haste.\"\n\n[[permanent]]\ncard = \"Sample Steward\"\ncontroller = \"Alice\"\n\n[[action]]";
    let with = text.replacen("[[action]]", steward, 1).replace(
        "life = { Bob = 17 }",
        "life = { Bob = 17 }\npt = { \"Sample Champion\" = \"5/5\", \"Sample Steward\" = \"3/3\" }",
    );
    play(&with);
    let without = with
        .replace("commander = true\n", "")
        .replace("life = { Bob = 17 }", "life = { Bob = 20 }")
        .replace(
            "\"Sample Champion\" = \"5/5\"",
            "\"Sample Champion\" = \"3/3\"",
        );
    let game = play(&without);
    assert!(
        common::logged(&game, "doesn't trigger"),
        "{:?}",
        common::log(&game)
    );
}

/// Alice's Goblin Piker attacks; Bob may block with Grizzly Bears; `cover` is Alice's Cover of
/// Darkness (a `[[permanent]]` body, or a card cast from her hand with its choice).
fn cover(cover: &str, block: &str) -> String {
    format!(
        r#"[[card]]
name = "Goblin Piker"
cost = "{{1}}{{R}}"
type = "Creature — Goblin Warrior"
pt = "2/1"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Cover of Darkness"]
[[player]]
name = "Bob"
[[permanent]]
card = "Goblin Piker"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{cover}
[[action]]
player = "Alice"
attack = "Goblin Piker"
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn the_creature_type_chosen_as_it_came_into_play_is_read_by_its_abilities() {
    // 410.10e: Cover of Darkness cast, Goblin chosen as it comes into play: the Piker has fear
    // (502.25), so the green Bears can't block it.
    let cast = "[[permanent]]\ncard = \"Swamp\"\ncontroller = \"Alice\"\nlabel = \"Swamp A\"\n[[permanent]]\ncard = \"Swamp\"\ncontroller = \"Alice\"\nlabel = \"Swamp B\"\n[[action]]\nplayer = \"Alice\"\ncast = \"Cover of Darkness\"\n[[action]]\nplayer = \"Alice\"\nchoose = \"Cover of Darkness: Goblin\"";
    let e = run_scenario(&scenario(&cover(cast, "Grizzly Bears=Goblin Piker"))).unwrap_err();
    assert!(e.message.contains("fear"), "{e}");
    let (game, _) = run_scenario(&scenario(&cover(cast, ""))).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        common::logged(
            &game,
            "[410.10e] Alice chooses Goblin as Cover of Darkness comes into play"
        ),
        "{:?}",
        common::log(&game)
    );
    // Another type chosen: the Bears block.
    let elf = cast.replace("Cover of Darkness: Goblin", "Cover of Darkness: Elf");
    run_scenario(&scenario(&cover(&elf, "Grizzly Bears=Goblin Piker")))
        .unwrap_or_else(|e| panic!("{e}"));
    // Already in play, the choice is the permanent's `chosen_type`, which it must have.
    let in_play = "[[permanent]]\ncard = \"Cover of Darkness\"\ncontroller = \"Alice\"\nchosen_type = \"Goblin\"";
    let no_hand = |text: String| text.replace("hand = [\"Cover of Darkness\"]\n", "");
    let e = run_scenario(&scenario(&no_hand(cover(
        in_play,
        "Grizzly Bears=Goblin Piker",
    ))))
    .unwrap_err();
    assert!(e.message.contains("fear"), "{e}");
    let text = no_hand(cover(
        "[[permanent]]\ncard = \"Cover of Darkness\"\ncontroller = \"Alice\"",
        "",
    ));
    let file = skirmish::diagnostics::SourceFile::new("inline.toml", &text);
    let e = skirmish::scenario::Scenario::parse(file).unwrap_err();
    assert!(e.to_string().contains("chose a creature type"), "{e}");
    assert!(e.help.contains("chosen_type"), "{}", e.help);
}

/// "if ~ is renowned" (current 702.112b): Scab-Clan Berserker becomes renowned as its combat
/// damage to Bob is dealt (renown 1); Bob's Giant Growth after combat then costs him 2 life.
/// Without the attack the Berserker isn't renowned and the spell costs nothing.
#[test]
fn a_renowned_creature_s_condition_holds_only_after_renown() {
    let run = |attack: &str| {
        let actions = if attack.is_empty() {
            String::new()
        } else {
            format!(
                "[[action]]\nplayer = \"Alice\"\nattack = \"{attack}\"\n[[action]]\nplayer = \"Bob\"\nblock = \"\"\n"
            )
        };
        play(&format!(
            r#"stop_after = "end-of-combat"
[[card]]
name = "Scab-Clan Berserker"
cost = "{{1}}{{R}}{{R}}"
type = "Creature — Human Berserker"
pt = "2/2"
text = """
Haste
Renown 1
Whenever an opponent casts a noncreature spell, if Scab-Clan Berserker is renowned, Scab-Clan Berserker deals 2 damage to that player."""
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["Giant Growth"]
[[permanent]]
card = "Scab-Clan Berserker"
controller = "Alice"
[[permanent]]
card = "Forest"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{actions}[[action]]
player = "Alice"
step = "end-of-combat"
pass = true
[[action]]
player = "Bob"
cast = "Giant Growth"
targets = ["Grizzly Bears"]
"#
        ))
    };
    let game = run("Scab-Clan Berserker");
    assert_eq!(game.players[1].life, 16, "{:?}", common::log(&game));
    let game = run("");
    assert_eq!(game.players[1].life, 20, "{:?}", common::log(&game));
}
