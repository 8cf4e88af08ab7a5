//! Spells and activated abilities with targets, numbers and choices that make rule 500's
//! restrictions and requirements: an ability played from the hand by discarding its card
//! (402.8h, channel), descriptions that compare a creature's own power and toughness or read
//! its converted mana cost's parity, and requirements against every attacker. Played through
//! the engine: what they do, and how a use the rules forbid is refused with the rule it breaks.

use crate::common;

use common::{BOTH_PASS, log, play, scenario};
use skirmish::engine::run_scenario;
use skirmish::legality::Budget;
use skirmish::legality::judge::judge_block;
use skirmish::model::Game;

/// A scenario that must stop on a refused action: the rule it names and its message.
fn refused(text: &str) -> (Option<String>, String) {
    let e = run_scenario(&scenario(text)).unwrap_err();
    (e.rule.clone(), e.to_string())
}

/// Alice's turn at `step`; `alice` and `bob` are `[[permanent]]` tables or other TOML, and
/// Alice's hand is `hand`.
fn board(step: &str, hand: &[&str], alice: &[&str], bob: &[&str], rest: &str) -> String {
    let list = |cards: &[&str]| {
        cards
            .iter()
            .map(|c| format!("\"{c}\""))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut t = format!(
        "[turn]\nactive = \"Alice\"\nstep = \"{step}\"\n[[player]]\nname = \"Alice\"\nhand = [{}]\n[[player]]\nname = \"Bob\"\n",
        list(hand)
    );
    for (who, cards) in [("Alice", alice), ("Bob", bob)] {
        for (i, c) in cards.iter().enumerate() {
            t.push_str(&format!(
                "[[permanent]]\ncard = \"{c}\"\ncontroller = \"{who}\"\nlabel = \"{c} {who} {}\"\n",
                i + 1
            ));
        }
    }
    t + rest
}

#[test]
fn channel_is_played_from_the_hand_by_discarding_the_card() {
    // 402.8h: "Discard ~" moves the card out of the hand, so the ability works only there.
    let text = board(
        "beginning-of-combat",
        &["Shinen of Fear's Chill"],
        &["Swamp", "Swamp", "Grizzly Bears"],
        &["Hill Giant"],
        &format!(
            r#"
[[action]]
player = "Alice"
activate = "Shinen of Fear's Chill"
targets = ["Hill Giant Bob 1"]
{BOTH_PASS}
[expect]
graveyard = {{ Alice = ["Shinen of Fear's Chill"] }}
log = ["[402.8h] Shinen of Fear's Chill is discarded from its owner's hand to pay the cost of its own ability"]
"#
        ),
    );
    let game = play(&text);
    assert!(game.players[0].hand.is_empty());
    // The target can't block this turn: Bears attack, Hill Giant's block is refused.
    let attack = format!(
        "{}[[action]]\nplayer = \"Alice\"\nattack = \"Grizzly Bears Alice 3\"\n{BOTH_PASS}[[action]]\nplayer = \"Bob\"\nblock = \"Hill Giant Bob 1=Grizzly Bears Alice 3\"\n",
        text.split("[expect]").next().unwrap_or_default()
    );
    let (rule, e) = refused(&attack);
    assert!(
        rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{rule:?} {e}"
    );
    assert!(e.contains("Shinen of Fear's Chill"), "{e}");
    // From play, the ability doesn't function (402.8h).
    let (rule, e) = refused(&board(
        "beginning-of-combat",
        &[],
        &["Swamp", "Swamp", "Shinen of Fear's Chill"],
        &["Hill Giant"],
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Shinen of Fear's Chill Alice 3\"\ntargets = [\"Hill Giant Bob 1\"]\n",
    ));
    assert_eq!(rule.as_deref(), Some("402.8h"), "{e}");
    // Its mana must still be paid (409.1h): the card stays in the hand.
    let (rule, e) = refused(&board(
        "beginning-of-combat",
        &["Shinen of Fear's Chill"],
        &["Swamp"],
        &["Hill Giant"],
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Shinen of Fear's Chill\"\ntargets = [\"Hill Giant Bob 1\"]\n",
    ));
    assert_eq!(rule.as_deref(), Some("409.1h"), "{e}");
}

/// The scenario `text` (its `[expect]` table left out) goes on: Alice attacks Bob with
/// `attacker`, both pass, and Bob blocks as `block` says.
fn then_block(text: &str, attacker: &str, block: &str) -> Result<Game, (Option<String>, String)> {
    let t = format!(
        "{}[[action]]\nplayer = \"Alice\"\nattack = \"{attacker}\"\n{BOTH_PASS}[[action]]\nplayer = \"Bob\"\nblock = \"{block}\"\n",
        text.split("[expect]").next().unwrap_or_default()
    );
    run_scenario(&scenario(&t))
        .map(|(g, _)| g)
        .map_err(|e| (e.rule.clone(), e.to_string()))
}

#[test]
fn toughness_greater_than_its_power_reads_each_creature_s_own_values() {
    // Immobilizer Eldrazi: Ornithopter (0/2) can't block this turn; Grizzly Bears (2/2) can.
    let text = board(
        "beginning-of-combat",
        &[],
        &[
            "Wastes",
            "Mountain",
            "Mountain",
            "Immobilizer Eldrazi",
            "Hill Giant",
        ],
        &["Ornithopter", "Grizzly Bears"],
        &format!(
            "[[action]]\nplayer = \"Alice\"\nactivate = \"Immobilizer Eldrazi Alice 4\"\n{BOTH_PASS}[expect]\nlog = [\"[409.1] Alice plays Immobilizer Eldrazi Alice 4's ability\"]\n"
        ),
    );
    play(&text);
    let (rule, e) = then_block(
        &text,
        "Hill Giant Alice 5",
        "Ornithopter Bob 1=Hill Giant Alice 5",
    )
    .map(|_| ())
    .unwrap_err();
    assert!(
        rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{rule:?} {e}"
    );
    assert!(e.contains("Immobilizer Eldrazi"), "{e}");
    let game = then_block(
        &text,
        "Hill Giant Alice 5",
        "Grizzly Bears Bob 2=Hill Giant Alice 5",
    )
    .unwrap_or_else(|(_, e)| panic!("{e}"));
    assert!(
        log(&game)
            .iter()
            .any(|l| l.contains("Grizzly Bears Bob 2 blocks Hill Giant Alice 5")),
        "{:?}",
        log(&game)
    );
}

/// Alice attacks Bob with Hill Giant (already declared); Alice controls `alice` too, and Bob
/// has `bob`; `cards` are inline card definitions.
fn blocking(cards: &str, alice: &[&str], bob: &[&str]) -> skirmish::scenario::Scenario {
    let mut t = format!(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-blockers\"\n{cards}[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Alice\"\nattacking = \"Bob\"\n"
    );
    for (who, list) in [("Alice", alice), ("Bob", bob)] {
        for c in list {
            t.push_str(&format!(
                "[[permanent]]\ncard = \"{c}\"\ncontroller = \"{who}\"\n"
            ));
        }
    }
    scenario(&t)
}

const WINNOWER: &str = "[[card]]\nname = \"Test Winnower\"\ncost = \"{9}\"\ntype = \"Creature — Eldrazi\"\npt = \"11/9\"\ntext = \"Your opponents can't block with creatures with even converted mana costs.\"\n";

#[test]
fn opponents_can_t_block_with_creatures_of_even_converted_mana_cost() {
    let s = blocking(
        WINNOWER,
        &["Test Winnower"],
        &["Grizzly Bears", "Llanowar Elves", "Ornithopter"],
    );
    let judge = |block: &str| judge_block(&s.game, block, None, &mut Budget::default()).unwrap();
    // {1}{G}: 2, even; {0}: 0, even (203.3).
    for block in ["Grizzly Bears=Hill Giant", "Ornithopter=Hill Giant"] {
        let j = judge(block);
        assert!(!j.legal, "{block}: {j:?}");
        assert!(
            j.violations.iter().any(|v| v.rule.starts_with("500")),
            "{block}: {j:?}"
        );
    }
    // {G}: 1, odd.
    assert!(judge("Llanowar Elves=Hill Giant").legal);
    // Only the opponents' creatures: Bob's own Winnower doesn't stop Bob's Bears.
    let s = blocking(WINNOWER, &[], &["Test Winnower", "Grizzly Bears"]);
    let j = judge_block(
        &s.game,
        "Grizzly Bears=Hill Giant",
        None,
        &mut Budget::default(),
    )
    .unwrap();
    assert!(j.legal, "{j:?}");
}

/// Alice, with Hill Giant and Grizzly Bears, and Bob, with a Plains and Wall of Wood, at
/// `step`; the actions `before`, then Bob plays Blaze of Glory on Wall of Wood once Alice
/// passes, and both pass; then `then`.
fn blaze(step: &str, before: &str, then: &str) -> String {
    format!(
        r#"[turn]
active = "Alice"
step = "{step}"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["Blaze of Glory"]
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Plains"
controller = "Bob"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
{before}
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
cast = "Blaze of Glory"
targets = ["Wall of Wood"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
{then}"#
    )
}

#[test]
fn blaze_of_glory_makes_its_target_block_each_attacker_and_only_before_blockers() {
    let attack = "[[action]]\nplayer = \"Alice\"\nattack = \"Hill Giant, Grizzly Bears\"\n";
    let then = |block: &str| format!("[[action]]\nplayer = \"Bob\"\nblock = \"{block}\"\n");
    // One requirement per attacker it can block (500.3): blocking one of two disobeys one.
    let e = run_scenario(&scenario(&blaze(
        "declare-attackers",
        attack,
        &then("Wall of Wood=Hill Giant"),
    )))
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.4"), "{e}");
    assert!(
        e.to_string()
            .contains("Wall of Wood blocks Grizzly Bears if able (from Blaze of Glory)"),
        "{e}"
    );
    let (game, _) = run_scenario(&scenario(&blaze(
        "declare-attackers",
        attack,
        &then("Wall of Wood=Hill Giant, Wall of Wood=Grizzly Bears"),
    )))
    .unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("Wall of Wood blocks Hill Giant and Grizzly Bears")),
        "{l:?}"
    );
    // Cast only during combat before blockers are declared (402.8d).
    let late = format!("{attack}{BOTH_PASS}[[action]]\nplayer = \"Bob\"\nblock = \"\"\n");
    let e = run_scenario(&scenario(&blaze("declare-attackers", &late, ""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("402.8d"), "{e}");
    let e = run_scenario(&scenario(&blaze("precombat-main", "", ""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("402.8d"), "{e}");
}

/// Alice's `source` with `lands` Islands, at the beginning of combat, activates its first
/// ability with `x` (and `targets`), both pass; then `then`.
fn with_x(source: &str, lands: usize, x: u32, targets: &[&str], then: &str) -> String {
    let mut alice = vec!["Island"; lands];
    alice.push(source);
    alice.push("Hill Giant");
    alice.push("Grizzly Bears");
    let targets: Vec<String> = targets.iter().map(|t| format!("\"{t}\"")).collect();
    board(
        "beginning-of-combat",
        &[],
        &alice,
        &["Wall of Wood", "Llanowar Elves"],
        &format!(
            "[[action]]\nplayer = \"Alice\"\nactivate = \"{source} Alice {}\"\nx = {x}\ntargets = [{}]\n{BOTH_PASS}{then}",
            lands + 1,
            targets.join(", ")
        ),
    )
}

#[test]
fn x_in_an_activation_cost_is_announced_paid_and_read_by_the_target_s_description() {
    // Minamo Sightbender, X = 3: Hill Giant (power 3) fits "power X or less" and can't be
    // blocked; {X} is paid with three Islands (409.1b, 409.1f).
    let g = "Hill Giant Alice 5";
    let blocked = |x: u32| {
        let t = with_x("Minamo Sightbender", 3, x, &[g], "");
        then_block(&t, g, &format!("Wall of Wood Bob 1={g}"))
    };
    let (rule, e) = blocked(3).map(|_| ()).unwrap_err();
    assert_eq!(rule.as_deref(), Some("500.3a"), "{e}");
    assert!(e.contains("Minamo Sightbender"), "{e}");
    // With X = 2, Hill Giant isn't a legal target (409.1c).
    let (rule, e) = run_scenario(&scenario(&with_x("Minamo Sightbender", 3, 2, &[g], "")))
        .map(|_| ())
        .map_err(|e| (e.rule.clone(), e.to_string()))
        .unwrap_err();
    assert_eq!(rule.as_deref(), Some("409.1c"), "{e}");
    // X = 4 needs four mana (409.1h).
    let (rule, e) = run_scenario(&scenario(&with_x("Minamo Sightbender", 3, 4, &[g], "")))
        .map(|_| ())
        .map_err(|e| (e.rule.clone(), e.to_string()))
        .unwrap_err();
    assert_eq!(rule.as_deref(), Some("409.1h"), "{e}");
    let game = play(&format!(
        "{}[expect]\nlog = [\"[409.1b] Alice announces X = 3 for Minamo Sightbender Alice 4's ability\"]\n",
        with_x("Minamo Sightbender", 3, 3, &[g], "")
    ));
    assert_eq!(game.players[0].hand.len(), 0);
}

#[test]
fn x_target_creatures_takes_as_many_targets_as_x() {
    // Runed Arch, X = 2: Grizzly Bears (2/2) and a second creature with power 2 or less.
    let arch = |x: u32, targets: &[&str]| with_x("Runed Arch", 2, x, targets, "");
    let e = run_scenario(&scenario(&arch(2, &["Grizzly Bears Alice 5"]))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1c"), "{e}");
    let t = arch(1, &["Grizzly Bears Alice 5"]);
    let (rule, e) = then_block(
        &t,
        "Grizzly Bears Alice 5",
        "Wall of Wood Bob 1=Grizzly Bears Alice 5",
    )
    .map(|_| ())
    .unwrap_err();
    assert_eq!(rule.as_deref(), Some("500.3a"), "{e}");
    // X = 0 takes no target at all (409.1c), and one named is refused.
    let e = run_scenario(&scenario(&arch(0, &["Grizzly Bears Alice 5"]))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1c"), "{e}");
}

#[test]
fn converted_mana_cost_x_is_the_announced_number() {
    // Droning Bureaucrats, X = 2: Grizzly Bears ({1}{G}) can't attack this turn; Hill Giant
    // ({3}{R}) can.
    let t = with_x("Droning Bureaucrats", 2, 2, &[], "");
    let attack = |who: &str| {
        let t = format!(
            "{}[[action]]\nplayer = \"Alice\"\nattack = \"{who}\"\n",
            t.split("[expect]").next().unwrap_or_default()
        );
        run_scenario(&scenario(&t))
            .map(|_| ())
            .map_err(|e| (e.rule.clone(), e.to_string()))
    };
    let (rule, e) = attack("Grizzly Bears Alice 5").unwrap_err();
    assert!(
        rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{rule:?} {e}"
    );
    assert!(e.contains("Droning Bureaucrats"), "{e}");
    attack("Hill Giant Alice 4").unwrap_or_else(|(_, e)| panic!("{e}"));
}
