//! Spells and activated abilities whose rule-500 requirements and restrictions name more than
//! one target, the players of earlier targets, numbers and choices: "Target creature blocks
//! target creature this turn if able" (two instances of the word "target", 409.1c), "attacks
//! target opponent", "Another target creature blocks it". Played through the engine: what
//! they require, and how a declaration or a choice the rules forbid is refused.

use crate::common;

use common::{log, scenario};
use skirmish::engine::{RunError, run_scenario};
use skirmish::model::Game;

fn run(text: &str) -> Result<Game, RunError> {
    run_scenario(&scenario(text)).map(|(g, _)| g)
}

/// Alice's first main phase: she has `alice` (labels "<card> A"), Bob has `bob` ("<card> B");
/// Alice casts `spell` with `targets`, both pass, then the `rest` of the actions.
fn cast_then(spell: &str, targets: &str, alice: &[&str], bob: &[&str], rest: &str) -> String {
    let mut t = format!(
        "[turn]\nactive = \"Alice\"\nstep = \"precombat-main\"\n[[player]]\nname = \"Alice\"\nhand = [\"{spell}\"]\n[[player]]\nname = \"Bob\"\n"
    );
    for (who, tag, cards) in [("Alice", "A", alice), ("Bob", "B", bob)] {
        for (i, c) in cards.iter().enumerate() {
            t.push_str(&format!(
                "[[permanent]]\ncard = \"{c}\"\ncontroller = \"{who}\"\nlabel = \"{c} {tag}{}\"\n",
                i + 1
            ));
        }
    }
    t.push_str(&format!(
        "[[action]]\nplayer = \"Alice\"\ncast = \"{spell}\"\ntargets = [{targets}]\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n"
    ));
    t + rest
}

fn attack_block(attack: &str, block: &str) -> String {
    format!(
        "[[action]]\nplayer = \"Alice\"\nattack = \"{attack}\"\n[[action]]\nplayer = \"Bob\"\nblock = \"{block}\"\n"
    )
}

const HUNT_ALICE: &[&str] = &["Forest", "Hill Giant", "Grizzly Bears"];
const HUNT_BOB: &[&str] = &["Wall of Wood", "Llanowar Elves"];

#[test]
fn hunt_down_makes_one_target_block_the_other() {
    let hunt = |attack: &str, block: &str| {
        run(&cast_then(
            "Hunt Down",
            r#""Wall of Wood B1", "Hill Giant A2""#,
            HUNT_ALICE,
            HUNT_BOB,
            &attack_block(attack, block),
        ))
    };
    // 500.3: Wall of Wood must block Hill Giant, the second target, if it attacks.
    let game = hunt(
        "Hill Giant A2, Grizzly Bears A3",
        "Wall of Wood B1=Hill Giant A2",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("[500.3]") && e.contains("names Hill Giant A2")),
        "{l:?}"
    );
    for block in ["Wall of Wood B1=Grizzly Bears A3", ""] {
        let e = hunt("Hill Giant A2, Grizzly Bears A3", block).unwrap_err();
        assert!(
            e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
            "{e}"
        );
        assert!(e.message.contains("Wall of Wood B1"), "{e}");
    }
    // Not attacked by Hill Giant, the Wall may block anything or nothing.
    hunt("Grizzly Bears A3", "Wall of Wood B1=Grizzly Bears A3").unwrap_or_else(|e| panic!("{e}"));
    hunt("Grizzly Bears A3", "").unwrap_or_else(|e| panic!("{e}"));
    // Each instance of "target" is its own target: two creatures are needed, and one creature
    // may be chosen for both (409.1c).
    let e = run(&cast_then(
        "Hunt Down",
        r#""Wall of Wood B1""#,
        HUNT_ALICE,
        HUNT_BOB,
        "",
    ))
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1c"), "{e}");
    run(&cast_then(
        "Hunt Down",
        r#""Wall of Wood B1", "Wall of Wood B1""#,
        HUNT_ALICE,
        HUNT_BOB,
        "",
    ))
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn feral_contest_makes_another_target_block_the_countered_creature() {
    let contest = |targets: &str, attack: &str, block: &str| {
        run(&cast_then(
            "Feral Contest",
            targets,
            &[
                "Forest",
                "Forest",
                "Forest",
                "Forest",
                "Hill Giant",
                "Grizzly Bears",
            ],
            HUNT_BOB,
            &attack_block(attack, block),
        ))
    };
    let ok = r#""Grizzly Bears A6", "Wall of Wood B1""#;
    let game = contest(
        ok,
        "Hill Giant A5, Grizzly Bears A6",
        "Wall of Wood B1=Grizzly Bears A6",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.power(game.object_labelled("Grizzly Bears A6").unwrap().id),
        Some(3)
    );
    let e = contest(
        ok,
        "Hill Giant A5, Grizzly Bears A6",
        "Wall of Wood B1=Hill Giant A5",
    )
    .unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    // "Another target creature": not the creature "it" names (409.1c).
    let e = contest(r#""Grizzly Bears A6", "Grizzly Bears A6""#, "", "").unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1c"), "{e}");
    assert!(e.message.contains("another target creature"), "{e}");
}

/// Bob's turn with three players; Alice's Dulcet Sirens makes Bob's Bears attack `opponent`
/// before attackers are declared, then Bob attacks with `attack`.
fn sirens(opponent: &str, attack: &str) -> Result<Game, RunError> {
    run(&format!(
        "attack_multiple_players = true\n[turn]\nactive = \"Bob\"\nstep = \"beginning-of-combat\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[player]]\nname = \"Carol\"\n[[permanent]]\ncard = \"Island\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Dulcet Sirens\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Grizzly Bears\"\nlabel = \"Bears\"\ncontroller = \"Bob\"\n[[action]]\nplayer = \"Alice\"\nactivate = \"Dulcet Sirens\"\ntargets = [\"Bears\", \"{opponent}\"]\n[[action]]\nplayer = \"Bob\"\nattack = \"{attack}\"\n"
    ))
}

#[test]
fn dulcet_sirens_makes_a_creature_attack_the_target_opponent() {
    sirens("Carol", "Bears->Carol").unwrap_or_else(|e| panic!("{e}"));
    for attack in ["Bears->Alice", ""] {
        let e = sirens("Carol", attack).unwrap_err();
        assert!(
            e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
            "{e}"
        );
        assert!(e.message.contains("Bears"), "{e}");
    }
    // "Target opponent": not the ability's controller (409.1c).
    let e = sirens("Alice", "Bears->Alice").unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1c"), "{e}");
}

/// Bob's turn, beginning of combat: Alice sacrifices Suicidal Charge, then Bob attacks with
/// `attack`.
fn charge(attack: &str) -> Result<Game, RunError> {
    run(&format!(
        "[turn]\nactive = \"Bob\"\nstep = \"beginning-of-combat\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Suicidal Charge\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Llanowar Elves\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\n[[action]]\nplayer = \"Alice\"\nactivate = \"Suicidal Charge\"\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Bob\"\nattack = \"{attack}\"\n"
    ))
}

#[test]
fn suicidal_charge_makes_those_creatures_attack() {
    let game = charge("Hill Giant").unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    for line in [
        "Hill Giant gets -1/-1 until end of turn",
        "Hill Giant attacks each turn if able this turn",
        "[420.5b] Llanowar Elves is put into its owner's graveyard",
    ] {
        assert!(l.iter().any(|e| e.contains(line)), "{line}: {l:?}");
    }
    // Alice's Bears are no opponent's: nothing happens to them.
    assert!(!l.iter().any(|e| e.contains("Grizzly Bears gets")), "{l:?}");
    let e = charge("").unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    assert!(e.message.contains("Hill Giant"), "{e}");
}

const MOUNTAINS: [&str; 5] = ["Mountain", "Mountain", "Mountain", "Mountain", "Mountain"];

#[test]
fn mark_for_death_leaves_its_target_the_only_blocker_of_that_player() {
    let mut alice = MOUNTAINS[..4].to_vec();
    alice.push("Hill Giant");
    let mark = |block: &str| {
        run(&cast_then(
            "Mark for Death",
            r#""Wall of Wood B1""#,
            &alice,
            &["Wall of Wood", "Llanowar Elves"],
            &attack_block("Hill Giant A5", block),
        ))
    };
    // The target must block (500.3) and the other creatures of its controller can't.
    mark("Wall of Wood B1=Hill Giant A5").unwrap_or_else(|e| panic!("{e}"));
    for block in ["Llanowar Elves B2=Hill Giant A5", ""] {
        let e = mark(block).unwrap_err();
        assert!(
            e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
            "{e}"
        );
    }
    let e = mark("Wall of Wood B1=Hill Giant A5, Llanowar Elves B2=Hill Giant A5").unwrap_err();
    assert!(e.message.contains("Llanowar Elves B2"), "{e}");
    assert!(e.message.contains("Mark for Death"), "{e}");
    // Its target is a creature an opponent controls (409.1c).
    let e = mark_own();
    assert_eq!(e.rule.as_deref(), Some("409.1c"), "{e}");
}

fn mark_own() -> RunError {
    let mut alice = MOUNTAINS[..4].to_vec();
    alice.push("Hill Giant");
    run(&cast_then(
        "Mark for Death",
        r#""Hill Giant A5""#,
        &alice,
        &["Wall of Wood"],
        "",
    ))
    .unwrap_err()
}

#[test]
fn concussive_bolt_with_metalcraft_stops_the_target_players_blockers() {
    let bolt = |artifacts: usize, block: &str| {
        let mut alice = MOUNTAINS.to_vec();
        alice.push("Hill Giant");
        alice.extend(std::iter::repeat_n("Ornithopter", artifacts));
        run(&cast_then(
            "Concussive Bolt",
            r#""Bob""#,
            &alice,
            &["Wall of Wood"],
            &attack_block("Hill Giant A6", block),
        ))
    };
    let game = bolt(3, "").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.players[1].life, 20 - 4 - 3);
    let e = bolt(3, "Wall of Wood B1=Hill Giant A6").unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    assert!(e.message.contains("Concussive Bolt"), "{e}");
    // Without metalcraft only the damage happens.
    let game = bolt(2, "Wall of Wood B1=Hill Giant A6").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.players[1].life, 16);
}

/// Bob's first main phase; Alice controls a creature with Angelic Arbiter's restriction. Bob
/// casts Hunt Down (both targets his Bears) if `cast`, then attacks with `attack`.
fn arbiter(cast: bool, attack: &str) -> Result<Game, RunError> {
    let spell = if cast {
        "[[action]]\nplayer = \"Bob\"\ncast = \"Hunt Down\"\ntargets = [\"Bears\", \"Bears\"]\n[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\npass = true\n"
    } else {
        ""
    };
    run(&format!(
        "[[card]]\nname = \"Arbiter Test\"\ncost = \"{{5}}{{W}}{{W}}\"\ntype = \"Creature — Angel\"\npt = \"5/6\"\ntext = \"Each opponent who cast a spell this turn can't attack with creatures.\"\n[turn]\nactive = \"Bob\"\nstep = \"precombat-main\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\nhand = [\"Hunt Down\"]\n[[permanent]]\ncard = \"Arbiter Test\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Forest\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Grizzly Bears\"\nlabel = \"Bears\"\ncontroller = \"Bob\"\n{spell}[[action]]\nplayer = \"Bob\"\nattack = \"{attack}\"\n"
    ))
}

#[test]
fn an_opponent_who_cast_a_spell_this_turn_cant_attack() {
    arbiter(false, "Bears").unwrap_or_else(|e| panic!("{e}"));
    let e = arbiter(true, "Bears").unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    assert!(e.message.contains("Arbiter Test"), "{e}");
    arbiter(true, "").unwrap_or_else(|e| panic!("{e}"));
}

/// Alice casts Eunuchs' Intrigues at Bob, who chooses `chosen`; Alice attacks with Hill Giant
/// and Bob blocks with `block`.
fn intrigues(chosen: &str, block: &str) -> Result<Game, RunError> {
    let mut alice = MOUNTAINS[..3].to_vec();
    alice.push("Hill Giant");
    let choose =
        format!("[[action]]\nplayer = \"Bob\"\nchoose = \"Eunuchs' Intrigues: {chosen}\"\n");
    let text = cast_then(
        "Eunuchs' Intrigues",
        r#""Bob""#,
        &alice,
        &["Wall of Wood", "Llanowar Elves"],
        &attack_block("Hill Giant A4", block),
    );
    // The choice is answered as the spell resolves, after both players pass.
    let at = text
        .find("[[action]]\nplayer = \"Alice\"\nattack")
        .expect("attack");
    run(&format!("{}{choose}{}", &text[..at], &text[at..]))
}

#[test]
fn eunuchs_intrigues_leaves_only_the_chosen_creature_able_to_block() {
    let game = intrigues("Llanowar Elves B2", "Llanowar Elves B2=Hill Giant A4")
        .unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("[413.2c] Bob chooses Llanowar Elves B2")),
        "{l:?}"
    );
    let e = intrigues("Llanowar Elves B2", "Wall of Wood B1=Hill Giant A4").unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    assert!(e.message.contains("Wall of Wood B1"), "{e}");
    intrigues("Wall of Wood B1", "Wall of Wood B1=Hill Giant A4").unwrap_or_else(|e| panic!("{e}"));
    // Only a creature Bob controls may be chosen (413.2c).
    let e = intrigues("Hill Giant A4", "").unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("413.2c"), "{e}");
}

/// Alice's turn with Legion Warboss; she attacks with `attack` (none said: the default, the
/// fewest creatures that obey the requirements) after its beginning-of-combat trigger
/// resolves.
fn warboss(attack: Option<&str>) -> Result<Game, RunError> {
    let attack = attack.map_or_else(String::new, |a| {
        format!("[[action]]\nplayer = \"Alice\"\nattack = \"{a}\"\n")
    });
    run(&format!(
        "[turn]\nactive = \"Alice\"\nstep = \"precombat-main\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Legion Warboss\"\ncontroller = \"Alice\"\n{attack}"
    ))
}

#[test]
fn legion_warboss_token_has_haste_and_must_attack() {
    let e = warboss(Some("")).unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    assert!(e.message.contains("Goblin"), "{e}");
    let e = warboss(Some("Legion Warboss")).unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    // The token came into play this turn: only its haste lets it attack (212.3f).
    let game = warboss(None).unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(l.iter().any(|e| e.contains("Goblin gains haste")), "{l:?}");
    assert!(l.iter().any(|e| e.contains("Goblin attacks Bob")), "{l:?}");
}
