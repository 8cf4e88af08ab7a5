//! Instructions that refer to what an earlier instruction of the same spell or ability did
//! ("each creature dealt damage this way"), to players named earlier, and to choices and
//! numbers made as a spell or ability is played or resolves, with the rule-500 requirements and
//! restrictions they give. Played through the engine: what they require or forbid, and how a
//! declaration the rules forbid is refused with the rule it breaks.

use crate::common;

use common::{log, scenario};
use skirmish::engine::{RunError, run_scenario};
use skirmish::model::Game;

fn run(text: &str) -> Result<Game, RunError> {
    run_scenario(&scenario(text)).map(|(g, _)| g)
}

/// `count` untapped `land` permanents of `who`.
fn lands(land: &str, who: &str, count: usize) -> String {
    (1..=count)
        .map(|i| {
            format!("[[permanent]]\ncard = \"{land}\"\ncontroller = \"{who}\"\nlabel = \"{land} {who} {i}\"\n")
        })
        .collect()
}

const AGGRAVATE: &str = r#"
[[card]]
name = "Aggravate"
cost = "{3}{R}{R}"
type = "Instant"
text = "Aggravate deals 1 damage to each creature target player controls. Each creature dealt damage this way attacks this turn if able."
[[card]]
name = "Red Ward Test"
cost = "{1}{W}"
type = "Creature — Knight"
pt = "2/2"
text = "Protection from red"
"#;

/// Bob's precombat main phase: Alice casts Aggravate at Bob, whose Grizzly Bears survive the
/// damage, Llanowar Elves die of it and Red Ward Test is protected; then Bob attacks with
/// `attack`.
fn aggravate(attack: &str) -> Result<Game, RunError> {
    let mountains = lands("Mountain", "Alice", 5);
    run(&format!(
        r#"{AGGRAVATE}
[turn]
active = "Bob"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Aggravate"]
[[player]]
name = "Bob"
{mountains}[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Llanowar Elves"
controller = "Bob"
[[permanent]]
card = "Red Ward Test"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Aggravate"
targets = ["Bob"]
[[action]]
player = "Bob"
attack = "{attack}"
"#
    ))
}

#[test]
fn each_creature_dealt_damage_this_way_attacks() {
    // The Bears were dealt damage: they must attack (500.2); the protected creature wasn't
    // (502.7e), so it may stay home, and the Elves died.
    let game = aggravate("Grizzly Bears").unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("Llanowar Elves") && e.contains("graveyard")),
        "{l:?}"
    );
    aggravate("Grizzly Bears, Red Ward Test").unwrap_or_else(|e| panic!("{e}"));
    let e = aggravate("").unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    assert!(e.message.contains("Grizzly Bears"), "{e}");
    let e = aggravate("Red Ward Test").unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
}

const IMPS: &str = r#"
[[card]]
name = "Nettling Imp"
cost = "{2}{B}"
type = "Creature — Imp"
pt = "1/1"
text = "{T}: Choose target non-Wall creature the active player has controlled continuously since the beginning of the turn. That creature attacks this turn if able. If it doesn't, destroy it at the beginning of the next end step. Activate this ability only during an opponent's turn, before attackers are declared."
[[card]]
name = "Maddening Imp"
cost = "{2}{B}"
type = "Creature — Imp"
pt = "1/1"
text = """
Flying
{T}: Non-Wall creatures the active player controls attack this turn if able. At the beginning of the next end step, destroy each of those creatures that didn't attack this turn. Activate this ability only during an opponent's turn and only before combat."""
"#;

/// Bob's turn at `step`: Alice has the two Imps; Bob has untapped Grizzly Bears, tapped Hill
/// Giant, Wall of Wood, and Craw Giant that came under his control this turn; then `actions`.
fn imps(active: &str, step: &str, actions: &str) -> String {
    format!(
        r#"{IMPS}
[turn]
active = "{active}"
step = "{step}"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Nettling Imp"
controller = "Alice"
[[permanent]]
card = "Maddening Imp"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
tapped = true
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
[[permanent]]
card = "Craw Giant"
controller = "Bob"
summoning_sick = true
{actions}"#
    )
}

/// Alice plays `imp`'s ability (with `targets`) in Bob's precombat main phase, both pass,
/// then Bob attacks with `attack`.
fn imp_then_attack(imp: &str, targets: &str, attack: &str) -> Result<Game, RunError> {
    run(&imps(
        "Bob",
        "precombat-main",
        &format!(
            "[[action]]\nplayer = \"Alice\"\nactivate = \"{imp}\"\ntargets = [{targets}]\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Bob\"\nattack = \"{attack}\"\n"
        ),
    ))
}

fn in_graveyard(game: &Game, card: &str) -> bool {
    game.players.iter().any(|p| {
        p.graveyard
            .iter()
            .any(|id| game.object(*id).is_some_and(|o| o.card.name == card))
    })
}

#[test]
fn nettling_imp_makes_its_target_attack_or_be_destroyed_at_end_of_turn() {
    // 500.2: the Bears must attack; attacking, they survive the end step.
    let e = imp_then_attack("Nettling Imp", "\"Grizzly Bears\"", "").unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    assert!(e.message.contains("Grizzly Bears"), "{e}");
    let game = imp_then_attack("Nettling Imp", "\"Grizzly Bears\"", "Grizzly Bears")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!in_graveyard(&game, "Grizzly Bears"), "{:?}", log(&game));
    assert!(
        log(&game).iter().any(|l| l.contains("[404.4]")),
        "{:?}",
        log(&game)
    );
    // Tapped, Hill Giant can't attack (the requirement asks only what is possible, 500.2);
    // it didn't attack, so the delayed ability destroys it.
    let game =
        imp_then_attack("Nettling Imp", "\"Hill Giant\"", "").unwrap_or_else(|e| panic!("{e}"));
    assert!(in_graveyard(&game, "Hill Giant"), "{:?}", log(&game));
    assert!(!in_graveyard(&game, "Grizzly Bears"), "{:?}", log(&game));
}

#[test]
fn nettling_imp_targets_only_non_walls_controlled_since_the_turn_began() {
    // 409.1c: a Wall, and a creature Bob hasn't controlled since his turn began, aren't
    // legal targets; neither is Alice's own creature in Bob's turn.
    for target in ["Wall of Wood", "Craw Giant", "Maddening Imp"] {
        let e =
            imp_then_attack("Nettling Imp", &format!("\"{target}\""), "Grizzly Bears").unwrap_err();
        assert_eq!(e.rule.as_deref(), Some("409.1c"), "{target}: {e}");
    }
}

#[test]
fn nettling_imp_is_played_only_in_an_opponents_turn_before_attackers() {
    let activate = "[[action]]\nplayer = \"Alice\"\nactivate = \"Nettling Imp\"\ntargets = [\"Grizzly Bears\"]\n";
    // 103.1: "Activate this ability only during an opponent's turn": not in Alice's own turn.
    let e = run(&imps("Alice", "precombat-main", activate)).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("103.1"), "{e}");
    assert!(e.message.contains("opponent's turn"), "{e}");
    let e = run(&imps(
        "Bob",
        "declare-blockers",
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Nettling Imp\"\ntargets = [\"Grizzly Bears\"]\n",
    ))
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("103.1"), "{e}");
    assert!(e.message.contains("before attackers are declared"), "{e}");
}

#[test]
fn maddening_imp_destroys_those_creatures_that_didnt_attack() {
    // All of Bob's non-Wall creatures able to attack must (500.2): the Bears; Craw Giant is
    // summoning sick and Hill Giant tapped, so neither can.
    let e = imp_then_attack("Maddening Imp", "", "").unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    let game =
        imp_then_attack("Maddening Imp", "", "Grizzly Bears").unwrap_or_else(|e| panic!("{e}"));
    // At the end step those that didn't attack are destroyed; the Wall was never one of them.
    for (card, gone) in [
        ("Grizzly Bears", false),
        ("Hill Giant", true),
        ("Craw Giant", true),
        ("Wall of Wood", false),
    ] {
        assert_eq!(in_graveyard(&game, card), gone, "{card}: {:?}", log(&game));
    }
    // "only before combat": not in the beginning of combat step.
    let e = run(&imps(
        "Bob",
        "beginning-of-combat",
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Maddening Imp\"\n",
    ))
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("103.1"), "{e}");
    assert!(e.message.contains("before combat"), "{e}");
}

/// Bob's precombat main phase: Alice casts Imaginary Threats at Bob; Bob attacks with
/// `attack`, then `later` actions follow in the turns after.
fn threats(attack: &str, later: &str) -> Result<Game, RunError> {
    let islands = lands("Island", "Alice", 4);
    run(&format!(
        r#"
[[card]]
name = "Imaginary Threats"
cost = "{{2}}{{U}}{{U}}"
type = "Instant"
text = """
Creatures target opponent controls attack this turn if able. During that player's next untap step, creatures he or she controls don't untap.
Cycling {{2}}"""
[turn]
active = "Bob"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Imaginary Threats"]
library = ["Island", "Island", "Island", "Island", "Island", "Island"]
[[player]]
name = "Bob"
library = ["Forest", "Forest", "Forest", "Forest", "Forest", "Forest"]
{islands}[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[permanent]]
card = "Forest"
controller = "Bob"
label = "Bob's Forest"
tapped = true
[[action]]
player = "Alice"
cast = "Imaginary Threats"
targets = ["Bob"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Bob"
attack = "{attack}"
{later}"#
    ))
}

/// A pass by `player` in `step`: the first time he or she gets priority in that step.
fn pass_in(player: &str, step: &str) -> String {
    format!("[[action]]\nplayer = \"{player}\"\nstep = \"{step}\"\npass = true\n")
}

#[test]
fn imaginary_threats_keeps_that_players_creatures_tapped_in_his_next_untap_step() {
    const BOTH: &str = "Grizzly Bears, Hill Giant";
    // 500.2: each of Bob's creatures must attack this turn.
    let e = threats("Grizzly Bears", "").unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    assert!(e.message.contains("Hill Giant"), "{e}");
    // Alice's turn passes (her draw step, then Bob's next upkeep); in Bob's next turn his
    // creatures, tapped by attacking, stay tapped (302.2); his Forest untaps.
    let next_turn = pass_in("Alice", "draw") + &pass_in("Bob", "upkeep");
    let game = threats(BOTH, &next_turn).unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    for card in ["Grizzly Bears", "Hill Giant"] {
        assert!(
            l.iter().any(|e| e.contains("[302.2]")
                && e.contains(&format!("{card} doesn't untap"))
                && e.contains("Imaginary Threats")),
            "{l:?}"
        );
    }
    let tapped = |g: &Game, label: &str| g.object_labelled(label).is_some_and(|o| o.tapped());
    assert!(
        tapped(&game, "Grizzly Bears") && tapped(&game, "Hill Giant"),
        "{l:?}"
    );
    assert!(!tapped(&game, "Bob's Forest"), "{l:?}");
    // Tapped, they can't attack in that turn.
    let e = threats(
        BOTH,
        &format!("{next_turn}[[action]]\nplayer = \"Bob\"\nattack = \"Grizzly Bears\"\n"),
    )
    .unwrap_err();
    assert!(e.message.contains("tapped"), "{e}");
    // The untap step used the effect up: in Bob's turn after that they untap and may attack.
    let third = format!(
        "{next_turn}{}{}[[action]]\nplayer = \"Bob\"\nattack = \"Grizzly Bears\"\n",
        pass_in("Alice", "draw"),
        pass_in("Bob", "upkeep")
    );
    let game = threats(BOTH, &third).unwrap_or_else(|e| panic!("{e}"));
    assert!(game.untap_skips.is_empty(), "{:?}", log(&game));
    assert_eq!(
        game.player_named("Alice").map(|p| p.life),
        Some(13),
        "{:?}",
        log(&game)
    );
}

/// Bob's precombat main phase: Alice plays Walking Desecration's ability, naming `named` (none:
/// the default) as it resolves; then Bob attacks with `attack`. Bob has Grizzly Bears (a Bear)
/// and Raging Goblin (a Goblin).
fn desecration(named: Option<&str>, attack: &str) -> Result<Game, RunError> {
    let choose = named.map_or(String::new(), |n| {
        format!("[[action]]\nplayer = \"Alice\"\nchoose = \"Walking Desecration: {n}\"\n")
    });
    run(&format!(
        r#"
[[card]]
name = "Walking Desecration"
cost = "{{2}}{{B}}"
type = "Creature — Zombie"
pt = "1/1"
text = "{{B}}, {{T}}: Creatures of the creature type of your choice attack this turn if able."
[turn]
active = "Bob"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Walking Desecration"
controller = "Alice"
[[permanent]]
card = "Swamp"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Raging Goblin"
controller = "Bob"
[[action]]
player = "Alice"
activate = "Walking Desecration"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
{choose}[[action]]
player = "Bob"
attack = "{attack}"
"#
    ))
}

#[test]
fn walking_desecration_makes_creatures_of_the_named_type_attack() {
    // 413.2c: Alice names Bear as it resolves; the Bears must attack (500.2), the Goblin may
    // stay home.
    let game = desecration(Some("Bear"), "Grizzly Bears").unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("[413.2c]") && e.contains("Alice chooses Bear")),
        "{l:?}"
    );
    let e = desecration(Some("bear"), "Raging Goblin").unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    assert!(e.message.contains("Grizzly Bears"), "{e}");
    // Naming Goblin, the Goblin must attack instead.
    desecration(Some("Goblin"), "Raging Goblin").unwrap_or_else(|e| panic!("{e}"));
    let e = desecration(Some("Goblin"), "").unwrap_err();
    assert!(e.message.contains("Raging Goblin"), "{e}");
    // Only a creature type can be named.
    let e = desecration(Some("Swamp"), "").unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("413.2c"), "{e}");
    // Unanswered, the first type of a creature in play is named: Zombie, so nobody of Bob's
    // must attack.
    let game = desecration(None, "").unwrap_or_else(|e| panic!("{e}"));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("Alice chooses Zombie")),
        "{:?}",
        log(&game)
    );
}
