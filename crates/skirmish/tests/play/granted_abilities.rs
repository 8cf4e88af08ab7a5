//! Quoted abilities given to a permanent (402.9): by a static ability ("Enchanted land has
//! \"{T}: ...\"", "Equipped creature has \"Whenever this creature attacks ...\"") or by an
//! effect for a while ("target creature gains \"This creature can't attack ...\" until end of
//! turn"). Each is an ability of the permanent that has it: played, triggered and obeyed as
//! its own, and gone when what gave it is.

use crate::common;

use common::{log, logged, play, scenario};
use skirmish::engine::run_scenario;

const PLAYERS: &str = "[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n";

/// Alice's Forest under Hostile Realm plays the ability the Aura gives it, targeting Bob's
/// Grizzly Bears, at the beginning of combat; then Hill Giant attacks and Bob declares `block`.
fn hostile_realm(block: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "beginning-of-combat"
{PLAYERS}
[[permanent]]
card = "Forest"
controller = "Alice"
[[permanent]]
card = "Hostile Realm"
controller = "Alice"
attached_to = "Forest"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
activate = "Forest"
ability = 2
targets = ["Grizzly Bears"]
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
fn an_enchanted_land_plays_the_ability_its_aura_gives_it() {
    // 402.9: the Forest has "{T}: Target creature can't block this turn." after its own mana
    // ability; played, it taps the Forest and the Bears can't block (500.3).
    let e = run_scenario(&scenario(&hostile_realm("Grizzly Bears=Hill Giant"))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.3"), "{e}");
    assert!(e.message.contains("Grizzly Bears can't block"), "{e}");
    let game = play(&hostile_realm(""));
    assert!(
        logged(&game, "[409.1] Alice plays Forest's ability"),
        "{:?}",
        log(&game)
    );
    assert!(game.in_play().any(|o| o.label == "Forest" && o.tapped()));
    assert_eq!(game.player_named("Bob").map(|p| p.life), Some(17));
}

#[test]
fn without_the_aura_the_land_has_only_its_own_ability() {
    // The same script with the Aura on no land: the Forest has one activated ability, so the
    // second is refused with the rule for playing abilities (409.1a).
    let text = hostile_realm("").replace(
        "[[permanent]]\ncard = \"Hostile Realm\"\ncontroller = \"Alice\"\nattached_to = \"Forest\"\n",
        "",
    );
    let e = run_scenario(&scenario(&text)).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("409.1a"), "{e}");
    assert!(e.message.contains("1 activated ability"), "{e}");
}

/// Bob (active) with Hill Giant and `mountains` Mountains; Alice with `clerics` Whipgrass
/// Entanglers and two Plains plays the first one's ability on the Giant at the beginning of
/// combat; then Bob attacks with it.
fn whipgrass(clerics: usize, mountains: usize) -> String {
    let mut t = format!("[turn]\nactive = \"Bob\"\nstep = \"beginning-of-combat\"\n{PLAYERS}");
    for i in 1..=clerics {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"Whipgrass Entangler\"\ncontroller = \"Alice\"\nlabel = \"Whipgrass {i}\"\n"
        ));
    }
    for i in 1..=2 {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"Plains\"\ncontroller = \"Alice\"\nlabel = \"Plains {i}\"\n"
        ));
    }
    for i in 1..=mountains {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"Mountain\"\ncontroller = \"Bob\"\nlabel = \"Mountain {i}\"\n"
        ));
    }
    t.push_str("[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Bob\"\n[[action]]\nplayer = \"Alice\"\nactivate = \"Whipgrass 1\"\ntargets = [\"Hill Giant\"]\n[[action]]\nplayer = \"Bob\"\nattack = \"Hill Giant\"\n");
    t
}

#[test]
fn a_gained_cost_to_attack_counts_the_clerics_as_attackers_are_declared() {
    // Two Clerics: the Giant's gained ability costs {2} to attack (308.2d); one Mountain can't
    // pay it (308.2f), two can, and do.
    let e = run_scenario(&scenario(&whipgrass(2, 1))).unwrap_err();
    assert!(
        e.rule.as_deref().is_some_and(|r| r.starts_with("308.2")),
        "{e}"
    );
    let game = play(&whipgrass(2, 2));
    assert!(
        logged(
            &game,
            "[402.9] Whipgrass 1: Hill Giant gains \"this creature: can't attack unless its controller pays {1} times the number of Clerics\""
        ),
        "{:?}",
        log(&game)
    );
    assert!(
        logged(&game, "Bob pays {R}{R} for attacking"),
        "{:?}",
        log(&game)
    );
    assert_eq!(game.player_named("Alice").map(|p| p.life), Some(17));
    // One Cleric: {1}, and one Mountain pays it.
    let game = play(&whipgrass(1, 1));
    assert!(
        logged(&game, "Bob pays {R} for attacking"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn a_gained_ability_ends_with_its_effect() {
    // "Until end of turn" (314.2): in the cleanup step the ability is gone; the Giant has its
    // printed abilities (none) again.
    let game = play(&whipgrass(1, 1));
    let giant = game
        .in_play()
        .find(|o| o.label == "Hill Giant")
        .expect("the Giant");
    assert!(giant.abilities().is_empty(), "{:?}", giant.abilities());
}

const ARMAMENTS_AND_TOWER: &str = r#"
[[card]]
name = "Veteran's Armaments"
cost = "{2}"
type = "Tribal Artifact — Soldier Equipment"
text = """
Equipped creature has "Whenever this creature attacks or blocks, it gets +1/+1 until end of turn for each attacking creature."
Equip {2}"""

[[card]]
name = "Tower Test"
cost = "{4}{G}"
type = "Sorcery"
text = """Until end of turn, target creature gets +4/+4 and gains trample, wither, and "When this creature attacks, target creature blocks it this turn if able.\""""
"#;

/// Alice casts Tower Test (Tower Above's text) on Hill Giant, then attacks with it and her
/// Bears wearing Veteran's Armaments; the Giant's gained trigger targets Wall of Wood; Bob
/// declares `block`.
fn armaments(block: &str) -> String {
    let mut t = format!(
        "{ARMAMENTS_AND_TOWER}[turn]\nactive = \"Alice\"\nstep = \"precombat-main\"\n[[player]]\nname = \"Alice\"\nhand = [\"Tower Test\"]\n[[player]]\nname = \"Bob\"\n"
    );
    t.push_str("[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\nlabel = \"Bears\"\n[[permanent]]\ncard = \"Veteran's Armaments\"\ncontroller = \"Alice\"\nattached_to = \"Bears\"\n[[permanent]]\ncard = \"Hill Giant\"\ncontroller = \"Alice\"\n");
    for i in 1..=5 {
        t.push_str(&format!(
            "[[permanent]]\ncard = \"Forest\"\ncontroller = \"Alice\"\nlabel = \"Forest {i}\"\n"
        ));
    }
    t.push_str(&format!("[[permanent]]\ncard = \"Wall of Wood\"\ncontroller = \"Bob\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Bob\"\nlabel = \"Bob's Bears\"\n[[action]]\nplayer = \"Alice\"\ncast = \"Tower Test\"\ntargets = [\"Hill Giant\"]\n[[action]]\nplayer = \"Alice\"\nattack = \"Bears, Hill Giant\"\n[[action]]\nplayer = \"Alice\"\nchoose = \"Hill Giant: Wall of Wood\"\n[[action]]\nplayer = \"Bob\"\nblock = \"{block}\"\n"));
    t
}

#[test]
fn gained_triggered_abilities_trigger_for_the_creature_that_has_them() {
    // The Giant's gained "When this creature attacks, target creature blocks it this turn if
    // able" puts a requirement on Wall of Wood (500.3): a block without it is refused while
    // the Wall could block the Giant.
    let e = run_scenario(&scenario(&armaments("Bob's Bears=Bears"))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("500.4"), "{e}");
    assert!(e.message.contains("Wall of Wood blocks Hill Giant"), "{e}");
    // Obeyed: the Bears' gained trigger counted two attacking creatures (+2/+2, a 4/4 that
    // kills Bob's Bears and survives), and the Giant (7/7, trample, wither) puts three -1/-1
    // counters on the Wall and tramples over for 4.
    let game = play(&armaments("Wall of Wood=Hill Giant, Bob's Bears=Bears"));
    assert!(
        logged(&game, "[418.5a] Bears: Bears gets +2/+2 until end of turn"),
        "{:?}",
        log(&game)
    );
    assert_eq!(game.player_named("Bob").map(|p| p.life), Some(16));
    assert!(game.in_play().any(|o| o.label == "Bears"));
    assert!(
        !game
            .in_play()
            .any(|o| o.label == "Bob's Bears" || o.label == "Wall of Wood")
    );
}

#[test]
fn an_unequipped_creature_has_no_such_trigger() {
    // The same attack with the Armaments on no creature: the Bears stay 2/2 and trade.
    let text = armaments("Wall of Wood=Hill Giant, Bob's Bears=Bears")
        .replace("attached_to = \"Bears\"\n", "");
    let game = play(&text);
    assert!(!logged(&game, "Bears gets +2/+2"), "{:?}", log(&game));
    assert!(!game.in_play().any(|o| o.label == "Bears"));
}

#[test]
fn quoted_abilities_that_cant_be_read_right_are_refused() {
    let compile = |text: &str, type_line: &str| {
        skirmish::cards::compile_card(&skirmish::cards::CardSpec {
            name: "Test Aura".into(),
            cost: Some("{1}{W}".into()),
            type_line: type_line.into(),
            pt: None,
            loyalty: None,
            defense: None,
            text: text.into(),
            ..Default::default()
        })
    };
    // The card's own name in the quotes would name the Aura, not the creature that has the
    // ability: refused rather than read as the creature.
    let e = compile(
        "Enchant creature\nEnchanted creature has \"Sacrifice Test Aura: Draw a card.\"",
        "Enchantment — Aura",
    )
    .unwrap_err();
    assert!(e.to_string().contains("doesn't name the card"), "{e}");
    // "For each other attacking creature" about several creatures: "other" is each one's own.
    let e = compile(
        "Attacking creatures you control get +1/+0 until end of turn for each other attacking creature.",
        "Instant",
    )
    .unwrap_err();
    assert!(e.to_string().contains("for each other"), "{e}");
    // "it" is an earlier target: "other" would be ~'s.
    let text = "{1}: Target creature gains flying until end of turn. It gets +1/+0 until end of turn for each other attacking creature.";
    let e = compile(text, "Enchantment").unwrap_err();
    assert!(e.to_string().contains("for each other"), "{text}: {e}");
    // "it" is the creature the trigger is about: "other" is other than that creature.
    let def = compile(
        "Whenever a creature you control attacks, it gets +1/+0 until end of turn for each other attacking creature.",
        "Enchantment",
    )
    .unwrap();
    assert!(
        format!("{:?}", def.abilities).contains("Not(Triggering)"),
        "{:?}",
        def.abilities
    );
    // An instruction in quotes is not an ability.
    let e = compile(
        "Enchant creature\nEnchanted creature has \"Draw a card.\"",
        "Enchantment — Aura",
    )
    .unwrap_err();
    assert!(e.to_string().contains("quoted ability"), "{e}");
}

#[test]
fn a_bonus_for_each_counts_once_as_the_spell_resolves() {
    // Mutilate with two Swamps: every creature gets -2/-2 (the count read as it resolves,
    // 418.3b); the Bears die, the Giant lives as a 1/1.
    let text = r#"
[[card]]
name = "Mutilate"
cost = "{2}{B}{B}"
type = "Sorcery"
text = "All creatures get -1/-1 until end of turn for each Swamp you control."
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Mutilate"]
[[player]]
name = "Bob"
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 1"
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 2"
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
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Mutilate"
"#;
    let game = play(text);
    assert!(
        logged(&game, "Mutilate: Hill Giant gets -2/-2 until end of turn")
            && logged(
                &game,
                "Mutilate: Grizzly Bears gets -2/-2 until end of turn"
            )
            && logged(
                &game,
                "[420.5b] Grizzly Bears is put into its owner's graveyard"
            ),
        "{:?}",
        log(&game)
    );
    assert!(game.in_play().any(|o| o.label == "Hill Giant"));
}

#[test]
fn a_token_is_created_with_its_name_and_quoted_abilities() {
    // Cloudseeder's Cloud Sprite (216.1): named so, a 1/1 blue Faerie with flying and "Cloud
    // Sprite can block only creatures with flying" (the name in the quotes is the token).
    let text = r#"
[turn]
active = "Bob"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Grizzly Bears"]
[[player]]
name = "Bob"
[[permanent]]
card = "Cloudseeder"
controller = "Alice"
[[permanent]]
card = "Island"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[permanent]]
card = "Wind Drake"
controller = "Bob"
[[action]]
player = "Alice"
activate = "Cloudseeder"
pay = ["Grizzly Bears"]
"#;
    let game = play(text);
    assert!(
        logged(
            &game,
            "Alice puts a 1/1 blue Faerie creature token named Cloud Sprite with flying and \"this creature: can block only creatures with flying\" into play: Cloud Sprite"
        ),
        "{:?}",
        log(&game)
    );
    let sprite = game
        .in_play()
        .find(|o| o.label == "Cloud Sprite")
        .expect("the token");
    assert!(sprite.token && sprite.is_creature());
    assert!(game.has_keyword(sprite.id, &skirmish::ability::Keyword::Flying));
    // Its quoted ability is obeyed: it may block the Drake, not the Giant (309.2a).
    let attacked =
        skirmish::legality::judge::with_attack(&game, "Hill Giant, Wind Drake").expect("attack");
    let mut budget = skirmish::legality::Budget::default();
    let giant = skirmish::legality::judge::judge_block(
        &attacked,
        "Cloud Sprite=Hill Giant",
        None,
        &mut budget,
    )
    .expect("judged");
    assert!(!giant.legal, "{giant:?}");
    let drake = skirmish::legality::judge::judge_block(
        &attacked,
        "Cloud Sprite=Wind Drake",
        None,
        &mut budget,
    )
    .expect("judged");
    assert!(drake.legal, "{drake:?}");
}

#[test]
fn it_gets_a_bonus_for_each_other_attacker_when_it_is_the_card_itself() {
    // "it" in a trigger of ~ is ~ (410.10): Goblin Rabblemaster attacks with two other Goblins
    // and a Bear, and gets +1/+0 for each other attacking Goblin, counted as it resolves.
    let game = play(
        r#"stop_after = "declare-attackers"
[turn]
active = "Alice"
step = "declare-attackers"
[[card]]
name = "Goblin Rabblemaster"
cost = "{2}{R}"
type = "Creature — Goblin Warrior"
pt = "2/2"
text = "Whenever Goblin Rabblemaster attacks, it gets +1/+0 until end of turn for each other attacking Goblin."
[[card]]
name = "Goblin Piker"
cost = "{1}{R}"
type = "Creature — Goblin Warrior"
pt = "2/1"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Goblin Rabblemaster"
controller = "Alice"
[[permanent]]
card = "Goblin Piker"
controller = "Alice"
label = "Piker A"
[[permanent]]
card = "Goblin Piker"
controller = "Alice"
label = "Piker B"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Goblin Rabblemaster, Piker A, Piker B, Grizzly Bears"
[expect]
pt = { "Goblin Rabblemaster" = "4/2", "Piker A" = "2/1" }
"#,
    );
    assert!(logged(&game, "Goblin Rabblemaster"), "{:?}", log(&game));
}

#[test]
fn a_card_may_name_itself_in_an_ability_it_gives_itself() {
    // "~ has \"Whenever ~ attacks, ...\"": the card gives the ability to itself, so its name
    // in the quotes means itself (201.5).
    play(
        r#"stop_after = "declare-attackers"
[[card]]
name = "Sample Familiar"
cost = "{5}{R}{R}"
type = "Creature — Dragon"
pt = "5/5"
text = "Sample Familiar has \"Whenever Sample Familiar attacks, defending player loses 2 life.\""
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Familiar"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Sample Familiar"
[expect]
life = { Bob = 18 }
"#,
    );
}

#[test]
fn one_static_sentence_may_give_two_subjects_their_predicates() {
    // "~ gets +1/+1 and other creatures you control have vigilance": two static abilities
    // (402.9-style grants, one sentence): the Marshal is 3/3, the Bears attack untapped and
    // the Marshal itself, with no vigilance, taps.
    play(
        r#"stop_after = "declare-attackers"
[[card]]
name = "Sample Marshal"
cost = "{2}{W}"
type = "Creature — Human Soldier"
pt = "2/2"
text = "Sample Marshal gets +1/+1 and other creatures you control have vigilance."
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Marshal"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Sample Marshal, Grizzly Bears"
[expect]
pt = { "Sample Marshal" = "3/3" }
untapped = ["Grizzly Bears"]
tapped = ["Sample Marshal"]
"#,
    );
}
