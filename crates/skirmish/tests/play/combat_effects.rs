//! Spells, activated and triggered abilities whose instructions restrict or require attacks and
//! blocks (500.1) or otherwise change how creatures fight: optional block requirements (410.5),
//! permanents that become creatures (418.5a), and the events that trigger them.

use crate::common;

use common::{log, scenario};
use skirmish::engine::run_scenario;
use skirmish::model::Step;
use skirmish::typeline::CardType;

/// Alice casts Giant Ambush Beetle targeting Bob's Grizzly Bears (`choices` answers its "you
/// may"), attacks with it and Hill Giant, and Bob declares `block`.
fn ambush(choices: &str, block: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Giant Ambush Beetle"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 1"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 2"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 3"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 4"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Giant Ambush Beetle"
[[action]]
player = "Alice"
choose = "Giant Ambush Beetle: Grizzly Bears"
{choices}
[[action]]
player = "Alice"
attack = "Giant Ambush Beetle, Hill Giant"
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn you_may_have_target_creature_block_it_imposes_the_requirement() {
    // 500.3: the Bears could block the Beetle, so blocking Hill Giant instead (or nothing)
    // obeys fewer requirements than possible.
    for block in ["Grizzly Bears=Hill Giant", ""] {
        let e = run_scenario(&scenario(&ambush("", block))).unwrap_err();
        assert_eq!(e.step, Step::DeclareBlockers, "{e}");
        assert!(
            e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
            "{e}"
        );
        assert!(e.message.contains("Giant Ambush Beetle"), "{e}");
    }
    let (game, _) = run_scenario(&scenario(&ambush("", "Grizzly Bears=Giant Ambush Beetle")))
        .unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("Giant Ambush Beetle deals 4 damage to Grizzly Bears")),
        "{l:?}"
    );
}

#[test]
fn declining_leaves_the_target_free_to_block() {
    // 410.5: its controller chooses as it resolves; "no" imposes nothing.
    let no = "[[action]]\nplayer = \"Alice\"\nchoose = \"Giant Ambush Beetle: nothing\"";
    run_scenario(&scenario(&ambush(no, "Grizzly Bears=Hill Giant")))
        .unwrap_or_else(|e| panic!("{e}"));
    run_scenario(&scenario(&ambush(no, ""))).unwrap_or_else(|e| panic!("{e}"));
}

/// Alice casts Elemental Uprising on her Forest in her first main phase, attacks with it, and
/// Bob declares `block`.
fn uprising(block: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Elemental Uprising"]
[[player]]
name = "Bob"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 2"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 3"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Uprising Forest"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Elemental Uprising"
targets = ["Uprising Forest"]
[[action]]
player = "Alice"
attack = "Uprising Forest"
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn a_land_that_becomes_a_creature_fights_and_must_be_blocked() {
    // 418.5a: a 4/4 Elemental creature until end of turn, still a land (212.1c); "It must be
    // blocked this turn if able" (500.3) is about the same land.
    let e = run_scenario(&scenario(&uprising(""))).unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    let (game, _) = run_scenario(&scenario(&uprising("Grizzly Bears=Uprising Forest")))
        .unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    assert!(
        l.iter()
            .any(|e| e.contains("Uprising Forest deals 4 damage to Grizzly Bears")),
        "{l:?}"
    );
    // The turn ran to its end: "until end of turn" is over (314.2), and it was a land all along.
    let forest = game.object_labelled("Uprising Forest").expect("forest");
    assert!(forest.is(CardType::Land) && !forest.is_creature(), "{l:?}");
}

/// A land with Creeping Tar Pit's ability animates itself in the beginning of combat step and
/// attacks; Bob declares `block`.
fn tar_pit(block: &str) -> String {
    format!(
        r#"
[[card]]
name = "Tar Pit Test"
type = "Land"
text = "{{1}}{{U}}{{B}}: Tar Pit Test becomes a 3/2 blue and black Elemental creature until end of turn and can't be blocked this turn. It's still a land."
[turn]
active = "Alice"
step = "beginning-of-combat"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Tar Pit Test"
controller = "Alice"
[[permanent]]
card = "Island"
controller = "Alice"
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 1"
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 2"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
activate = "Tar Pit Test"
[[action]]
player = "Alice"
attack = "Tar Pit Test"
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn becoming_a_creature_and_more_parts_joined_by_and() {
    // The parts after "and" apply to the same permanent: it can't be blocked this turn
    // (500.3a).
    let e = run_scenario(&scenario(&tar_pit("Grizzly Bears=Tar Pit Test"))).unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    let (game, _) = run_scenario(&scenario(&tar_pit(""))).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.player_named("Bob").expect("bob").life,
        17,
        "{:?}",
        log(&game)
    );
}

#[test]
fn becoming_a_creature_without_keeping_its_types_is_refused() {
    // 212.1c: without "It's still a land" or "artifact creature" the permanent would lose its
    // other card types.
    let spec = skirmish::cards::CardSpec {
        name: "Lost Land".into(),
        cost: None,
        type_line: "Land".into(),
        pt: None,
        loyalty: None,
        defense: None,
        text: "{1}: Lost Land becomes a 2/2 Elemental creature until end of turn.".into(),
        ..Default::default()
    };
    let e = skirmish::cards::compile_card(&spec).unwrap_err();
    assert!(e.to_string().contains("212.1c"), "{e}");
}

/// Alice, with Kami of Fire's Roar, casts `spell` at Bob in her first main phase (its trigger,
/// if any, targets Bob's Grizzly Bears), then attacks with Hill Giant; Bob declares `block`.
fn kami(spell: &str, block: &str) -> String {
    let choose = if spell == "Lava Spike" {
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Kami of Fire's Roar: Grizzly Bears\""
    } else {
        ""
    };
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["{spell}"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Kami of Fire's Roar"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "{spell}"
targets = ["Bob"]
{choose}
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn an_arcane_spell_triggers_the_kami_and_another_spell_doesnt() {
    // 409.1i: Lava Spike is an Arcane spell; the trigger's target can't block this turn.
    let e = run_scenario(&scenario(&kami("Lava Spike", "Grizzly Bears=Hill Giant"))).unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    let (game, _) =
        run_scenario(&scenario(&kami("Lava Spike", ""))).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("Kami of Fire's Roar") && e.contains("410.3")),
        "{:?}",
        log(&game)
    );
    // A spell that is neither Spirit nor Arcane: nothing triggers, the Bears may block.
    let text = kami("Plain Spike", "Grizzly Bears=Hill Giant");
    let text = format!(
        r#"
[[card]]
name = "Plain Spike"
cost = "{{R}}"
type = "Sorcery"
text = "Plain Spike deals 3 damage to target player."
{}"#,
        text
    );
    let (game, _) = run_scenario(&scenario(&text)).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !log(&game)
            .iter()
            .any(|e| e.contains("Kami of Fire's Roar") && e.contains("410.3")),
        "{:?}",
        log(&game)
    );
}

/// Alice attacks with Firefist Striker and `others`; its battalion ability, if it triggers,
/// targets Bob's Grizzly Bears; Bob declares `block`.
fn battalion(others: &str, block: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Firefist Striker"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Raging Goblin"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Firefist Striker, {others}"
[[action]]
player = "Alice"
choose = "Firefist Striker: Grizzly Bears"
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn battalion_triggers_with_two_other_attackers_only() {
    // 308.3: declared with two other attackers, the Striker's ability triggers and the Bears
    // can't block this turn.
    let e = run_scenario(&scenario(&battalion(
        "Hill Giant, Raging Goblin",
        "Grizzly Bears=Hill Giant",
    )))
    .unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    // With one other, nothing triggers: the script's answer for it is never asked for.
    let e = run_scenario(&scenario(&battalion(
        "Hill Giant",
        "Grizzly Bears=Hill Giant",
    )))
    .unwrap_err();
    assert!(e.message.contains("never taken"), "{e}");
    let text = battalion("Hill Giant", "Grizzly Bears=Hill Giant").replace(
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Firefist Striker: Grizzly Bears\"\n",
        "",
    );
    let (game, _) = run_scenario(&scenario(&text)).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !log(&game)
            .iter()
            .any(|e| e.contains("Firefist Striker") && e.contains("410.3")),
        "{:?}",
        log(&game)
    );
}

/// Alice declares `attack` with Renegade Wheelsmith and Hill Giant in play (`tapped`: the
/// Wheelsmith starts tapped); its trigger, if any, targets Bob's Grizzly Bears; Bob declares
/// `block`.
fn wheelsmith(tapped: bool, attack: &str, choose: bool, block: &str) -> String {
    let choose = if choose {
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Renegade Wheelsmith: Grizzly Bears\"\n"
    } else {
        ""
    };
    format!(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Renegade Wheelsmith"
controller = "Alice"
tapped = {tapped}
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "{attack}"
{choose}[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn becoming_tapped_by_attacking_triggers() {
    // 308.2c: attacking taps it; its ability triggers and the Bears can't block this turn.
    let e = run_scenario(&scenario(&wheelsmith(
        false,
        "Renegade Wheelsmith, Hill Giant",
        true,
        "Grizzly Bears=Hill Giant",
    )))
    .unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    let (game, _) = run_scenario(&scenario(&wheelsmith(
        false,
        "Renegade Wheelsmith, Hill Giant",
        true,
        "",
    )))
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.player_named("Bob").expect("bob").life, 14);
}

#[test]
fn staying_untapped_or_already_tapped_triggers_nothing() {
    // Not attacking, it stays untapped; and a permanent tapped as the game was set up didn't
    // become tapped during it.
    for tapped in [false, true] {
        let (game, _) = run_scenario(&scenario(&wheelsmith(
            tapped,
            "Hill Giant",
            false,
            "Grizzly Bears=Hill Giant",
        )))
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            !log(&game)
                .iter()
                .any(|e| e.contains("Renegade Wheelsmith") && e.contains("410.3")),
            "{:?}",
            log(&game)
        );
    }
}

/// Kozilek's Pathfinder attacks; Alice, with `land`, plays its ability on Bob's Grizzly Bears;
/// Bob declares `block`.
fn pathfinder(land: &str, block: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "{land}"
controller = "Alice"
[[permanent]]
card = "Kozilek's Pathfinder"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Kozilek's Pathfinder"
[[action]]
player = "Alice"
activate = "Kozilek's Pathfinder"
targets = ["Grizzly Bears"]
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn colorless_mana_pays_c_and_colored_mana_doesnt() {
    // Current 107.4c: {C} is paid with colorless mana, here from Wastes' "{T}: Add {C}."
    let e = run_scenario(&scenario(&pathfinder(
        "Wastes",
        "Grizzly Bears=Kozilek's Pathfinder",
    )))
    .unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    let (game, _) =
        run_scenario(&scenario(&pathfinder("Wastes", ""))).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("Wastes") && e.contains("{C}")),
        "{:?}",
        log(&game)
    );
    // A Mountain's red mana can't pay {C}.
    let e = run_scenario(&scenario(&pathfinder("Mountain", ""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1h"), "{e}");
}

#[test]
fn colorless_mana_pays_generic_costs() {
    // A generic {1} takes any mana, colorless too.
    let text = r#"
[[card]]
name = "One Drop Test"
cost = "{1}"
type = "Artifact Creature — Golem"
pt = "1/1"
text = ""
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["One Drop Test"]
[[player]]
name = "Bob"
[[permanent]]
card = "Wastes"
controller = "Alice"
[[action]]
player = "Alice"
cast = "One Drop Test"
"#;
    let (game, _) = run_scenario(&scenario(text)).unwrap_or_else(|e| panic!("{e}"));
    let golem = game.object_labelled("One Drop Test").expect("golem");
    assert!(golem.is_permanent(), "{:?}", log(&game));
}

/// Alice, with Cunning Survivor, cycles Disciple of Grace (`cycle`) or not in her first main
/// phase, then attacks with the Survivor; Bob, with Grizzly Bears, declares `block`.
fn survivor(cycle: bool, block: &str) -> String {
    let cycling = if cycle {
        "[[action]]\nplayer = \"Alice\"\ncycle = \"Disciple of Grace\"\n"
    } else {
        ""
    };
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Disciple of Grace"]
library = ["Grizzly Bears"]
[[player]]
name = "Bob"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains 1"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains 2"
[[permanent]]
card = "Cunning Survivor"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
label = "Bob's Bears"
{cycling}[[action]]
player = "Alice"
attack = "Cunning Survivor"
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn cycling_is_a_discard_and_triggers_once() {
    // 502.18a: cycling discards the card; the Survivor gets +1/+0 once and can't be blocked.
    let e = run_scenario(&scenario(&survivor(true, "Bob's Bears=Cunning Survivor"))).unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    let (game, _) = run_scenario(&scenario(&survivor(true, ""))).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.player_named("Bob").expect("bob").life,
        18,
        "{:?}",
        log(&game)
    );
    // Without a discard, nothing: the Bears may block it.
    run_scenario(&scenario(&survivor(false, "Bob's Bears=Cunning Survivor")))
        .unwrap_or_else(|e| panic!("{e}"));
}

/// Alice, with Incursion Specialist, casts Lava Spike and then (`second`) an instant at Bob,
/// attacks with the Specialist, and Bob declares `block`.
fn specialist(second: bool, block: &str) -> String {
    let shock = if second {
        "[[action]]\nplayer = \"Alice\"\ncast = \"Plain Shock\"\ntargets = [\"Bob\"]\n"
    } else {
        ""
    };
    format!(
        r#"
[[card]]
name = "Plain Shock"
cost = "{{R}}"
type = "Instant"
text = "Plain Shock deals 2 damage to target player."
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Lava Spike", "Plain Shock"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 1"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 2"
[[permanent]]
card = "Incursion Specialist"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Lava Spike"
targets = ["Bob"]
{shock}[[action]]
player = "Alice"
attack = "Incursion Specialist"
[[action]]
player = "Bob"
block = "{block}"
"#
    )
}

#[test]
fn the_second_spell_of_the_turn_triggers_and_the_first_doesnt() {
    let e = run_scenario(&scenario(&specialist(
        true,
        "Grizzly Bears=Incursion Specialist",
    )))
    .unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    // 3 + 2 from the spells, 3 from the Specialist with +2/+0.
    let (game, _) =
        run_scenario(&scenario(&specialist(true, ""))).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.player_named("Bob").expect("bob").life,
        12,
        "{:?}",
        log(&game)
    );
    run_scenario(&scenario(&specialist(
        false,
        "Grizzly Bears=Incursion Specialist",
    )))
    .unwrap_or_else(|e| panic!("{e}"));
}

/// Alice, with `graveyard` cards in her graveyard, casts Demoralize before attacking with Hill
/// Giant; Bob, with two Grizzly Bears, declares `block`.
fn demoralize(graveyard: usize, block: &str) -> String {
    let cards: Vec<String> = (0..graveyard)
        .map(|_| "\"Lava Spike\"".to_string())
        .collect();
    format!(
        r#"
[turn]
active = "Alice"
step = "beginning-of-combat"
[[player]]
name = "Alice"
hand = ["Demoralize"]
graveyard = [{}]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 1"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 2"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain 3"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
label = "Bears 1"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
label = "Bears 2"
[[action]]
player = "Alice"
cast = "Demoralize"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Bob"
block = "{block}"
"#,
        cards.join(", ")
    )
}

#[test]
fn a_spells_condition_is_checked_as_it_resolves() {
    // Threshold: with seven cards in the graveyard, creatures can't block this turn.
    let e = run_scenario(&scenario(&demoralize(
        7,
        "Bears 1=Hill Giant, Bears 2=Hill Giant",
    )))
    .unwrap_err();
    assert_eq!(e.step, Step::DeclareBlockers, "{e}");
    // With six, only menace: two blockers may block it together.
    let (game, _) = run_scenario(&scenario(&demoralize(
        6,
        "Bears 1=Hill Giant, Bears 2=Hill Giant",
    )))
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        log(&game).iter().any(|e| e.contains("doesn't hold")),
        "{:?}",
        log(&game)
    );
}

/// In Bob's beginning of combat step Alice plays Instigator's ability targeting `target`; Bob
/// declares `attack`.
fn instigator(target: &str, attack: &str) -> String {
    format!(
        r#"
[turn]
active = "Bob"
step = "beginning-of-combat"
[[player]]
name = "Alice"
hand = ["Lava Spike"]
[[player]]
name = "Bob"
[[permanent]]
card = "Instigator"
controller = "Alice"
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 1"
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 2"
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 3"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[action]]
player = "Alice"
activate = "Instigator"
targets = ["{target}"]
[[action]]
player = "Bob"
attack = "{attack}"
"#
    )
}

#[test]
fn creatures_target_player_controls_attack_if_able() {
    // 500.2: the Bears, Bob's, must attack; Alice's own creatures aren't affected.
    let e = run_scenario(&scenario(&instigator("Bob", ""))).unwrap_err();
    assert_eq!(e.step, Step::DeclareAttackers, "{e}");
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("500")),
        "{e}"
    );
    run_scenario(&scenario(&instigator("Bob", "Grizzly Bears"))).unwrap_or_else(|e| panic!("{e}"));
    // Targeting Alice, Bob's creatures are free.
    run_scenario(&scenario(&instigator("Alice", ""))).unwrap_or_else(|e| panic!("{e}"));
}

/// In Bob's beginning of combat step Alice casts a kicker spell (`with`: its extra keys) whose
/// instruction needs the kicker; Bob attacks with Grizzly Bears.
fn kicked_chant(with: &str) -> String {
    format!(
        r#"
[[card]]
name = "Chant Test"
cost = "{{W}}"
type = "Instant"
text = """
Kicker {{W}}
If Chant Test was kicked, creatures can't attack this turn.
"""
[turn]
active = "Bob"
step = "beginning-of-combat"
[[player]]
name = "Alice"
hand = ["Chant Test"]
[[player]]
name = "Bob"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains 1"
[[permanent]]
card = "Plains"
controller = "Alice"
label = "Plains 2"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Chant Test"
{with}
[[action]]
player = "Bob"
attack = "Grizzly Bears"
"#
    )
}

#[test]
fn if_it_was_kicked_is_the_kicker_paid_as_it_was_played() {
    // 502.21a-b: kicked, creatures can't attack this turn.
    let e = run_scenario(&scenario(&kicked_chant("with = [\"kicker\"]"))).unwrap_err();
    assert_eq!(e.step, Step::DeclareAttackers, "{e}");
    run_scenario(&scenario(&kicked_chant(""))).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn damage_to_each_creature_target_player_controls() {
    let text = r#"
[[card]]
name = "Aggravate Test"
cost = "{R}"
type = "Instant"
text = "Aggravate Test deals 1 damage to each creature target player controls."
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Aggravate Test"]
[[player]]
name = "Bob"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Wall of Wood"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Aggravate Test"
targets = ["Bob"]
"#;
    let (game, _) = run_scenario(&scenario(text)).unwrap_or_else(|e| panic!("{e}"));
    let l = log(&game);
    for hit in ["Grizzly Bears", "Wall of Wood"] {
        assert!(
            l.iter()
                .any(|e| e.contains(&format!("Aggravate Test deals 1 damage to {hit}"))),
            "{l:?}"
        );
    }
    assert!(
        !l.iter().any(|e| e.contains("damage to Hill Giant")),
        "{l:?}"
    );
}
