//! Triggered abilities of rule-500 lines, played through the engine: intervening "if" clauses
//! (410.8, 404.3), triggers on any creature attacking or blocking and on the creature an Aura
//! or Equipment is attached to, with "it" and "its controller" naming that creature (410.10,
//! 212.4), and the phrases these lines need.

use crate::common;

use common::{log, logged, play, scenario};
use skirmish::engine::run_scenario;

const CERODON: &str = r#"
[[card]]
name = "Gilded Cerodon"
cost = "{4}{R}"
type = "Creature — Beast"
pt = "4/4"
text = "Whenever Gilded Cerodon attacks, if you control a Desert or there is a Desert card in your graveyard, target creature can't block this turn."

[[card]]
name = "Desert"
type = "Land — Desert"
text = "{T}: Add {C}."
"#;

/// Alice attacks with Gilded Cerodon, its trigger (if any) targets Bob's Grizzly Bears, and Bob
/// then tries to block with the Bears. `alice` holds more of Alice's keys and permanents.
fn cerodon(alice: &str, permanents: &str, choose: bool) -> String {
    let choose = if choose {
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Gilded Cerodon: Grizzly Bears\"\n"
    } else {
        ""
    };
    format!(
        r#"{CERODON}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
{alice}
[[player]]
name = "Bob"
[[permanent]]
card = "Gilded Cerodon"
controller = "Alice"
{permanents}
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Gilded Cerodon"
{choose}
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Bob"
block = "Grizzly Bears=Gilded Cerodon"
"#
    )
}

#[test]
fn an_intervening_if_that_holds_lets_the_ability_trigger() {
    let desert = "[[permanent]]\ncard = \"Desert\"\ncontroller = \"Alice\"";
    let e = run_scenario(&scenario(&cerodon("", desert, true))).unwrap_err();
    assert!(e.message.contains("can't block"), "{e}");
    // A Desert card in the graveyard is the other half of the condition.
    let e = run_scenario(&scenario(&cerodon("graveyard = [\"Desert\"]", "", true))).unwrap_err();
    assert!(e.message.contains("can't block"), "{e}");
}

#[test]
fn an_intervening_if_that_is_false_keeps_the_ability_from_triggering() {
    // No Desert anywhere: the ability doesn't trigger (410.8), no target is chosen, and the
    // Bears may block.
    let text = cerodon("graveyard = [\"Shock\"]", "", false)
        + "[expect]\nlife = { Bob = 20 }\nnot_in_play = [\"Grizzly Bears\"]\n";
    let game = play(&text);
    assert!(
        logged(&game, "[410.8] Gilded Cerodon's ability") && logged(&game, "doesn't trigger"),
        "{:?}",
        log(&game)
    );
    assert!(!logged(&game, "[410.3]"), "{:?}", log(&game));
}

#[test]
fn an_intervening_if_is_checked_again_as_the_ability_resolves() {
    // The Desert returns to its owner's hand in response: the condition no longer holds (a
    // sacrificed one would be a Desert card in the graveyard), so the ability
    // does nothing (410.8) and the Bears may block.
    let text = format!(
        r#"{CERODON}
[[card]]
name = "Sandblown Desert"
type = "Land — Desert"
text = "{{T}}: Add {{C}}."

[[card]]
name = "Sand Scoop"
type = "Artifact"
text = "{{T}}: Return target land to its owner's hand."

[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Gilded Cerodon"
controller = "Alice"
[[permanent]]
card = "Sandblown Desert"
controller = "Alice"
[[permanent]]
card = "Sand Scoop"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Gilded Cerodon"
[[action]]
player = "Alice"
choose = "Gilded Cerodon: Grizzly Bears"
[[action]]
player = "Alice"
activate = "Sand Scoop"
targets = ["Sandblown Desert"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Bob"
block = "Grizzly Bears=Gilded Cerodon"
[expect]
not_in_play = ["Grizzly Bears", "Sandblown Desert"]
hand = {{ Alice = ["Sandblown Desert"] }}
"#
    );
    let game = play(&text);
    assert!(logged(&game, "[410.3]"), "{:?}", log(&game));
    assert!(logged(&game, "[410.8] the condition"), "{:?}", log(&game));
}

/// Alice casts Mournwillow (cost lowered to {0} for the test) with `graveyard` in her
/// graveyard, then attacks with it; Bob blocks with Grizzly Bears.
fn mournwillow(graveyard: &str) -> String {
    format!(
        r#"
[[card]]
name = "Mournwillow"
cost = "{{0}}"
type = "Creature — Plant Skeleton"
pt = "3/2"
text = """
Haste
Delirium — When Mournwillow enters the battlefield, if there are four or more card types among cards in your graveyard, creatures with power 2 or less can't block this turn."""

[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Mournwillow"]
graveyard = [{graveyard}]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Mournwillow"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
attack = "Mournwillow"
[[action]]
player = "Bob"
block = "Grizzly Bears=Mournwillow"
"#
    )
}

#[test]
fn delirium_counts_card_types_among_cards_in_the_graveyard() {
    // Instant, artifact and creature (Ornithopter is both), land: four types.
    let e = run_scenario(&scenario(&mournwillow(
        r#""Shock", "Ornithopter", "Forest""#,
    )))
    .unwrap_err();
    assert!(e.message.contains("can't block"), "{e}");
    // Instant, creature, land: three, so it doesn't trigger and the Bears block.
    let game = play(&mournwillow(r#""Shock", "Hill Giant", "Forest""#));
    assert!(logged(&game, "doesn't trigger"), "{:?}", log(&game));
}

const CREATURE_TRIGGERS: &str = r#"
[[card]]
name = "Contaminated Bond"
cost = "{1}{B}"
type = "Enchantment — Aura"
text = """
Enchant creature
Whenever enchanted creature attacks or blocks, its controller loses 3 life."""

[[card]]
name = "Powerstone Minefield"
cost = "{2}{R}{W}"
type = "Enchantment"
text = "Whenever a creature attacks or blocks, Powerstone Minefield deals 2 damage to it."

[[card]]
name = "Grappling Hook"
cost = "{4}"
type = "Artifact — Equipment"
text = """
Equipped creature has double strike.
Whenever equipped creature attacks, you may have target creature block it this turn if able.
Equip {4}"""
"#;

#[test]
fn its_controller_is_the_controller_of_the_enchanted_creature() {
    // Bob's Aura on Alice's Bears: Alice, who controls the Bears, loses the life.
    let text = format!(
        r#"{CREATURE_TRIGGERS}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Contaminated Bond"
controller = "Bob"
attached_to = "Grizzly Bears"
[[action]]
player = "Alice"
attack = "Grizzly Bears"
[expect]
life = {{ Alice = 17, Bob = 18 }}
"#
    );
    let game = play(&text);
    assert!(logged(&game, "under Bob's control"), "{:?}", log(&game));
}

#[test]
fn a_trigger_on_any_creature_attacking_or_blocking_deals_damage_to_that_creature() {
    // Each attacker and each blocker triggers Bob's Minefield once; the Elves die before
    // combat damage, so the Giant (blocked) deals none, and the Bears die too.
    let text = format!(
        r#"{CREATURE_TRIGGERS}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Llanowar Elves"
controller = "Bob"
[[permanent]]
card = "Powerstone Minefield"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Hill Giant, Grizzly Bears"
[[action]]
player = "Bob"
block = "Llanowar Elves=Hill Giant"
[expect]
life = {{ Bob = 20 }}
not_in_play = ["Grizzly Bears", "Llanowar Elves"]
in_play = ["Hill Giant"]
"#
    );
    let game = play(&text);
    for hit in ["Hill Giant", "Grizzly Bears", "Llanowar Elves"] {
        let line = format!("[416.1] Powerstone Minefield deals 2 damage to {hit}");
        assert!(logged(&game, &line), "{line}: {:?}", log(&game));
    }
}

#[test]
fn it_in_an_equipment_trigger_is_the_equipped_creature() {
    // The Hook's requirement: the Bears must block the equipped Giant, not the Hook.
    let text = |block: &str| {
        format!(
            r#"{CREATURE_TRIGGERS}
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grappling Hook"
controller = "Alice"
attached_to = "Hill Giant"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Alice"
choose = "Grappling Hook: Grizzly Bears"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Bob"
block = "{block}"
"#
        )
    };
    let e = run_scenario(&scenario(&text(""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.4"), "{e}");
    assert!(
        e.message
            .contains("Grizzly Bears blocks Hill Giant if able"),
        "{e}"
    );
    let game =
        play(&(text("Grizzly Bears=Hill Giant") + "[expect]\nnot_in_play = [\"Grizzly Bears\"]\n"));
    assert!(logged(&game, "under Alice's control"), "{:?}", log(&game));
}

#[test]
fn its_controller_needs_a_trigger_about_another_creature() {
    let text = r#"
[[card]]
name = "Odd Giant"
cost = "{2}{R}"
type = "Creature — Giant"
pt = "3/3"
text = "Whenever Odd Giant attacks, its controller loses 1 life."
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
"#;
    let file = skirmish::diagnostics::SourceFile::new("inline.toml", text);
    let e = skirmish::scenario::Scenario::parse(file).expect_err("refused");
    assert!(e.to_string().contains("its controller"), "{e}");
}

#[test]
fn creature_tokens_in_descriptions_at_the_beginning_of_combat() {
    // Temmet's target is a creature token Alice controls: her token Bears, not her card
    // Bears (which the answer can't choose), and it can't be blocked this turn.
    let text = |choose: &str, block: &str| {
        format!(
            r#"
[[card]]
name = "Temmet, Vizier of Naktamun"
cost = "{{W}}{{U}}"
type = "Legendary Creature — Human Cleric"
pt = "2/2"
text = """
At the beginning of combat on your turn, target creature token you control gets +1/+1 until end of turn and can't be blocked this turn.
Embalm {{3}}{{W}}{{U}}"""

[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Temmet, Vizier of Naktamun"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
token = true
label = "Bear Token"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Llanowar Elves"
controller = "Bob"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
choose = "Temmet, Vizier of Naktamun: {choose}"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
attack = "Bear Token"
[[action]]
player = "Bob"
block = "{block}"
"#
        )
    };
    let e = run_scenario(&scenario(&text("Bear Token", "Llanowar Elves=Bear Token"))).unwrap_err();
    assert!(e.message.contains("can't be blocked"), "{e}");
    let game = play(&(text("Bear Token", "") + "[expect]\nlife = { Bob = 17 }\n"));
    assert!(logged(&game, "Bear Token gets +1/+1"), "{:?}", log(&game));
    // Hill Giant is no token: not a legal target.
    assert!(run_scenario(&scenario(&text("Hill Giant", ""))).is_err());
}

#[test]
fn battalion_grants_evasion_from_creature_tokens() {
    let text = |blocker: &str| {
        format!(
            r#"
[[card]]
name = "Legion Loyalist"
cost = "{{R}}"
type = "Creature — Goblin Soldier"
pt = "1/1"
text = """
Haste
Battalion — Whenever Legion Loyalist and at least two other creatures attack, creatures you control gain first strike and trample until end of turn and can't be blocked by creature tokens this turn."""

[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Legion Loyalist"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Llanowar Elves"
controller = "Bob"
token = {blocker}
[[action]]
player = "Alice"
attack = "Legion Loyalist, Hill Giant, Grizzly Bears"
[[action]]
player = "Bob"
block = "Llanowar Elves=Hill Giant"
"#
        )
    };
    let e = run_scenario(&scenario(&text("true"))).unwrap_err();
    assert!(e.message.contains("can't be blocked"), "{e}");
    // A card Elves may block; the Giant's first strike and trample kill it first and trample
    // over: 2 of its 3 damage go to Bob, with 1 + 2 unblocked.
    let game = play(
        &(text("false")
            + "[expect]\nlife = { Bob = 15 }\nin_play = [\"Hill Giant\"]\nnot_in_play = [\"Llanowar Elves\"]\n"),
    );
    assert!(logged(&game, "first strike"), "{:?}", log(&game));
}

/// Alice attacks with Frenzied Goblin (with `lands`); its trigger targets Bob's Bears and
/// `answer` (if any) answers "pay {R}?"; then Bob blocks with the Bears.
fn frenzied(lands: &str, answer: Option<&str>) -> String {
    let answer = answer
        .map(|a| format!("[[action]]\nplayer = \"Alice\"\nchoose = \"Frenzied Goblin: {a}\"\n"))
        .unwrap_or_default();
    format!(
        r#"
[[card]]
name = "Frenzied Goblin"
cost = "{{R}}"
type = "Creature — Goblin Berserker"
pt = "1/1"
text = "Whenever Frenzied Goblin attacks, you may pay {{R}}. If you do, target creature can't block this turn."

[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Frenzied Goblin"
controller = "Alice"
{lands}
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Frenzied Goblin"
[[action]]
player = "Alice"
choose = "Frenzied Goblin: Grizzly Bears"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
{answer}
[[action]]
player = "Bob"
block = "Grizzly Bears=Frenzied Goblin"
"#
    )
}

#[test]
fn you_may_pay_mana_and_if_you_do_the_instruction_follows() {
    let mountain = "[[permanent]]\ncard = \"Mountain\"\ncontroller = \"Alice\"";
    // Paid (the default answer): the Bears can't block, and the Mountain is tapped for it.
    let e = run_scenario(&scenario(&frenzied(mountain, None))).unwrap_err();
    assert!(e.message.contains("can't block"), "{e}");
    // Not paid: nothing happens, the Bears block.
    let game = play(
        &(frenzied(mountain, Some("nothing"))
            + "[expect]\nuntapped = [\"Mountain\"]\nnot_in_play = [\"Frenzied Goblin\"]\n"),
    );
    assert!(
        logged(&game, "Alice chooses not to pay {R}"),
        "{:?}",
        log(&game)
    );
    // No red mana: it can't be paid.
    let forest = "[[permanent]]\ncard = \"Forest\"\ncontroller = \"Alice\"";
    let game = play(&frenzied(forest, None));
    assert!(logged(&game, "Alice can't pay {R}"), "{:?}", log(&game));
}

#[test]
fn if_you_do_joins_the_optional_instruction_before_it() {
    let text = |answer: &str| {
        format!(
            r#"
[[card]]
name = "Copter Test"
cost = "{{2}}"
type = "Artifact Creature — Construct"
pt = "3/3"
text = "Whenever Copter Test attacks or blocks, you may draw a card. If you do, discard a card."

[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = ["Shock"]
library = ["Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Copter Test"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Copter Test"
{answer}
"#
        )
    };
    play(
        &(text("[[action]]\nplayer = \"Alice\"\ndiscard = [\"Shock\"]")
            + "[expect]\nhand = { Alice = [\"Forest\"] }\ngraveyard = { Alice = [\"Shock\"] }\n"),
    );
    play(
        &(text("[[action]]\nplayer = \"Alice\"\nchoose = \"Copter Test: nothing\"")
            + "[expect]\nhand = { Alice = [\"Shock\"] }\n"),
    );
    // "If you do" after an instruction that isn't optional is refused.
    let bad = text("").replace("you may draw a card", "draw a card");
    let file = skirmish::diagnostics::SourceFile::new("inline.toml", &bad);
    let e = skirmish::scenario::Scenario::parse(file).expect_err("refused");
    assert!(e.to_string().contains("isn't optional"), "{e}");
}

/// Alice attacks with Morkrut Necropod, controlling `more` besides; `answer` answers which
/// permanent to sacrifice.
fn necropod(more: &str, answer: &str) -> String {
    format!(
        r#"
[[card]]
name = "Morkrut Necropod"
cost = "{{5}}{{B}}"
type = "Creature — Slug Horror"
pt = "7/7"
text = """
Menace
Whenever Morkrut Necropod attacks or blocks, sacrifice another creature or land."""

[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Morkrut Necropod"
controller = "Alice"
{more}
[[permanent]]
card = "Llanowar Elves"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Morkrut Necropod"
{answer}
"#
    )
}

#[test]
fn sacrifice_another_permanent_the_description_fits() {
    let more = "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Forest\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Ornithopter\"\ncontroller = \"Alice\"";
    let answer = "[[action]]\nplayer = \"Alice\"\nchoose = \"Morkrut Necropod: Forest\"";
    let game = play(
        &(necropod(more, answer)
            + "[expect]\nin_play = [\"Morkrut Necropod\", \"Grizzly Bears\", \"Ornithopter\", \"Llanowar Elves\"]\ngraveyard = { Alice = [\"Forest\"] }\nlife = { Bob = 13 }\n"),
    );
    assert!(
        logged(&game, "[501.6] Forest is sacrificed"),
        "{:?}",
        log(&game)
    );
    // Ornithopter is an artifact creature, so a creature: it may be the one.
    let answer = "[[action]]\nplayer = \"Alice\"\nchoose = \"Morkrut Necropod: Ornithopter\"";
    play(&(necropod(more, answer) + "[expect]\ngraveyard = { Alice = [\"Ornithopter\"] }\n"));
    // Nothing else that fits: never the Necropod itself, and Bob's Elves aren't Alice's.
    let game = play(
        &(necropod("", "") + "[expect]\nin_play = [\"Morkrut Necropod\", \"Llanowar Elves\"]\n"),
    );
    assert!(logged(&game, "Alice controls no"), "{:?}", log(&game));
}

/// Alice's Runner (2/2, with `runner` as its text) attacks Bob, who has a Wall (0/4, with
/// `wall`) and blocks with it if `blocked`; `extra` holds more tables and `expect` an
/// `[expect]` table. The combat is played to its end.
fn runner_board(runner: &str, wall: &str, extra: &str, blocked: bool, expect: &str) -> String {
    let block = if blocked {
        "[[action]]\nplayer = \"Bob\"\nblock = \"Wall=Runner\"\n"
    } else {
        ""
    };
    format!(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Runner"
cost = "{{1}}{{R}}"
type = "Creature — Goblin"
pt = "2/2"
text = "{runner}"
[[card]]
name = "Wall"
cost = "{{1}}{{W}}"
type = "Creature — Wall"
pt = "0/4"
text = "{wall}"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Runner"
controller = "Alice"
[[permanent]]
card = "Wall"
controller = "Bob"
{extra}
[[action]]
player = "Alice"
attack = "Runner"
{block}{expect}"#
    )
}

/// One combat in which `event` happens (`runner_board`; Bob blocks for the events of a
/// block). The permanent whose ability watches is the creature itself ("~"), an Aura on it
/// ("enchanted creature") or an enchantment of the creature's controller ("a creature you
/// control"); the creature is the Wall for "blocks", else the Runner.
fn one_event(subject: &str, event: &str) -> skirmish::model::Game {
    let watched = if event == "blocks" { "Wall" } else { "Runner" };
    let owner = if watched == "Wall" { "Bob" } else { "Alice" };
    let line = format!("Whenever {{}} {event}, you gain 1 life.");
    let (runner, wall, extra) = match subject {
        "~" => {
            let text = line.replace("{}", watched);
            if watched == "Runner" {
                (text, String::new(), String::new())
            } else {
                (String::new(), text, String::new())
            }
        }
        "enchanted creature" => (
            String::new(),
            String::new(),
            format!(
                "[[card]]\nname = \"Charm\"\ncost = \"{{W}}\"\ntype = \"Enchantment — Aura\"\ntext = \"\"\"\nEnchant creature\n{}\"\"\"\n[[permanent]]\ncard = \"Charm\"\ncontroller = \"{owner}\"\nattached_to = \"{watched}\"\n",
                line.replace("{}", "enchanted creature")
            ),
        ),
        _ => (
            String::new(),
            String::new(),
            format!(
                "[[card]]\nname = \"Banner\"\ncost = \"{{W}}\"\ntype = \"Enchantment\"\ntext = \"{}\"\n[[permanent]]\ncard = \"Banner\"\ncontroller = \"{owner}\"\n",
                line.replace("{}", subject)
            ),
        ),
    };
    let blocked = matches!(event, "blocks" | "becomes blocked");
    let s = scenario(&runner_board(&runner, &wall, &extra, blocked, ""));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{subject} {event}: {e}"));
    game
}

#[test]
fn every_subject_goes_with_every_event_of_any_creature() {
    // 410.1: the subject and the event are separate phrases; each pair triggers in play, once,
    // for the controller of the permanent with the ability.
    for subject in ["~", "enchanted creature", "a creature you control"] {
        for event in [
            "attacks",
            "blocks",
            "becomes blocked",
            "attacks and isn't blocked",
            "deals combat damage to a player",
            "becomes tapped",
            "deals damage",
            "deals combat damage",
            "deals damage to a player",
            "deals damage to an opponent",
        ] {
            let game = one_event(subject, event);
            let life = |name: &str| {
                game.players
                    .iter()
                    .find(|p| p.name == name)
                    .map(|p| p.life)
                    .unwrap()
            };
            let blocked = matches!(event, "blocks" | "becomes blocked");
            let (alice, bob) = match (event, blocked) {
                ("blocks", _) => (20, 21),
                (_, true) => (21, 20),
                // Unblocked, the Runner deals 2 to Bob.
                (_, false) => (21, 18),
            };
            assert_eq!(
                (life("Alice"), life("Bob")),
                (alice, bob),
                "Whenever {subject} {event}: {:?}",
                log(&game)
            );
        }
    }
}

#[test]
fn events_joined_by_or_trigger_on_each() {
    for (event, blocked, alice) in [
        ("blocks or becomes blocked", true, 21),
        ("blocks or becomes blocked", false, 20),
        (
            "becomes blocked or deals combat damage to a player",
            false,
            21,
        ),
        (
            "becomes blocked or deals combat damage to a player",
            true,
            21,
        ),
    ] {
        let runner = format!("Whenever Runner {event}, you gain 1 life.");
        let expect = format!("[expect]\nlife = {{ Alice = {alice} }}\n");
        let game = play(&runner_board(&runner, "", "", blocked, &expect));
        assert!(logged(&game, "Runner"), "{event}");
    }
}

#[test]
fn blocks_or_becomes_blocked_by_a_creature_names_the_other_creature() {
    // "that creature" is the creature it blocks, or the one blocking it (309.3).
    let game = play(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Stinger"
cost = "{1}{B}"
type = "Creature — Insect"
pt = "0/1"
text = "Whenever Stinger blocks or becomes blocked by a creature, that creature gets -1/-1 until end of turn."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Stinger"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Grizzly Bears"
[[action]]
player = "Bob"
block = "Stinger=Grizzly Bears"
[expect]
pt = { "Grizzly Bears" = "1/1" }
"#,
    );
    assert!(
        logged(&game, "Grizzly Bears gets -1/-1"),
        "{:?}",
        log(&game)
    );
}

/// Gorgon Recluse's trigger: Alice attacks with `attacker`, Bob blocks with the Recluse, or
/// (with `recluse_attacks`) the Recluse attacks and Bob blocks it with `attacker`.
fn recluse(attacker: &str, recluse_attacks: bool, expect: &str) -> skirmish::model::Game {
    let (alice, bob, attack, block) = if recluse_attacks {
        (
            "Gorgon Recluse",
            attacker,
            "Gorgon Recluse",
            format!("{attacker}=Gorgon Recluse"),
        )
    } else {
        (
            attacker,
            "Gorgon Recluse",
            attacker,
            format!("Gorgon Recluse={attacker}"),
        )
    };
    play(&format!(
        r#"stop_after = "end-of-combat"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Gorgon Recluse"
cost = "{{3}}{{B}}"
type = "Creature — Gorgon"
pt = "2/4"
text = "Whenever Gorgon Recluse blocks or becomes blocked by a nonblack creature, destroy that creature at end of combat."
[[card]]
name = "Crypt Warden"
cost = "{{2}}{{B}}"
type = "Creature — Zombie"
pt = "1/5"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "{alice}"
controller = "Alice"
[[permanent]]
card = "{bob}"
controller = "Bob"
[[action]]
player = "Alice"
attack = "{attack}"
[[action]]
player = "Bob"
block = "{block}"
{expect}"#
    ))
}

#[test]
fn blocks_or_becomes_blocked_by_a_described_creature_triggers_only_for_it() {
    // 309.3: the Recluse blocks a nonblack creature; the delayed ability destroys that
    // creature at end of combat (404.4), although the block's damage didn't kill it.
    let game = recluse(
        "Grizzly Bears",
        false,
        "[expect]\ngraveyard = { Alice = [\"Grizzly Bears\"] }\n",
    );
    assert!(logged(&game, "Grizzly Bears"), "{:?}", log(&game));
    // The same when the nonblack creature blocks the Recluse.
    recluse(
        "Grizzly Bears",
        true,
        "[expect]\ngraveyard = { Bob = [\"Grizzly Bears\"] }\n",
    );
    // A black creature doesn't fit: nothing triggers, and the Warden survives the block.
    let game = recluse(
        "Crypt Warden",
        false,
        "[expect]\nin_play = [\"Crypt Warden\"]\n",
    );
    assert!(!logged(&game, "destroy"), "{:?}", log(&game));
}

#[test]
fn blocks_a_described_creature_triggers_once_per_attacker_that_fits() {
    // Ezuri's Archers blocks a creature with flying: +3/+0; a creature without flying: nothing.
    let archers = |attacker: &str, expect: &str| {
        play(&format!(
            r#"stop_after = "declare-blockers"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Ezuri's Archers"
cost = "{{G}}"
type = "Creature — Elf Archer"
pt = "1/2"
text = """
Reach
Whenever Ezuri's Archers blocks a creature with flying, Ezuri's Archers gets +3/+0 until end of turn."""
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "{attacker}"
controller = "Alice"
[[permanent]]
card = "Ezuri's Archers"
controller = "Bob"
[[action]]
player = "Alice"
attack = "{attacker}"
[[action]]
player = "Bob"
block = "Ezuri's Archers={attacker}"
[expect]
pt = {{ "Ezuri's Archers" = "{expect}" }}
"#
        ))
    };
    archers("Wind Drake", "4/2");
    archers("Grizzly Bears", "1/2");
}

#[test]
fn a_subject_goes_only_with_events_the_engine_follows_for_it() {
    let compile = |text: &str| common::sample_card("{1}", "Enchantment", None, text);
    let creature = |text: &str| common::sample_card("{1}", "Creature — Bear", Some("2/2"), text);
    // "blocks a creature with flying" names a second creature and is followed on "~" only.
    let e =
        compile("Whenever a creature you control blocks a creature with flying, you gain 1 life.")
            .unwrap_err();
    assert!(e.message.contains("is not understood"), "{e}");
    // Events naming different things can't share what the instructions refer to: after
    // "becomes blocked" there is no "that player", nor a "that creature" dealt damage.
    let e = compile(
        "Whenever equipped creature becomes blocked or deals combat damage to a player, that player discards a card.",
    )
    .unwrap_err();
    assert!(e.message.contains("that player"), "{e}");
    let e = creature(
        "Whenever Sample attacks or deals damage to a creature, that creature gets -1/-1 until end of turn.",
    )
    .unwrap_err();
    assert!(e.message.contains("name the same things"), "{e}");
    // Without a reference, any events join.
    assert!(
        creature("Whenever Sample attacks or deals damage to a creature, you gain 1 life.").is_ok()
    );
    // "attacks for the first time each turn" is counted for "~" only.
    let e = compile(
        "Whenever a creature you control attacks for the first time each turn, you gain 1 life.",
    )
    .unwrap_err();
    assert!(
        e.message.contains("an event that happens to any creature"),
        "{e}"
    );
    // "deals damage to a creature" is followed for any creature, "that creature" being the
    // one dealt damage (others_events.rs plays it).
    assert!(
        compile("Whenever a creature you control deals damage to a creature, you gain 1 life.")
            .is_ok()
    );
}
