//! Keyword abilities of permanents, played through the engine: protection from a quality other
//! than a color (502.7a-g), enchant with a description of permanents (502.45), persist (502.79)
//! and undying (702.93), battle cry (702.91), dethrone (702.105), melee (702.121), afflict
//! (702.130), fading (502.20), vanishing (502.60), bloodthirst (502.50).

use crate::common;

use common::{log, play, scenario};
use skirmish::engine::run_scenario;
use skirmish::model::Zone;

/// Alice attacks with `attacker`; Bob blocks with `blocker`.
fn attack(attacker: &str, blocker: &str, extra: &str) -> String {
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
card = "{attacker}"
controller = "Alice"
[[permanent]]
card = "{blocker}"
controller = "Bob"
[[action]]
player = "Alice"
attack = "{attacker}"
[[action]]
player = "Bob"
block = "{blocker}={attacker}"
{extra}
"#
    )
}

#[test]
fn protection_from_a_card_type_stops_blockers_of_that_type() {
    // Ornithopter is an artifact creature: 502.7f.
    let e = run_scenario(&scenario(&attack("Tel-Jilad Outrider", "Ornithopter", ""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("502.7f"), "{e}");
    assert!(e.message.contains("protection from artifacts"), "{e}");
    // A creature that isn't an artifact may block it.
    play(&attack(
        "Tel-Jilad Outrider",
        "Grizzly Bears",
        "[expect]\nnot_in_play = [\"Tel-Jilad Outrider\", \"Grizzly Bears\"]",
    ));
}

#[test]
fn protection_from_creatures_stops_every_blocker_and_their_damage() {
    let e = run_scenario(&scenario(&attack("Beloved Chaplain", "Grizzly Bears", ""))).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("502.7f"), "{e}");
    // Blocking, the Chaplain takes no damage from the creature it blocks (502.7e).
    play(&attack(
        "Grizzly Bears",
        "Beloved Chaplain",
        r#"[expect]
in_play = ["Grizzly Bears", "Beloved Chaplain"]
log = ["[502.7e] 2 damage from Grizzly Bears to Beloved Chaplain is prevented by protection"]"#,
    ));
}

#[test]
fn protection_from_artifacts_prevents_damage_from_an_artifact_creature() {
    // Juggernaut (5/3 artifact) attacks; Tel-Jilad Outrider (3/1) blocks, survives and kills it.
    play(&attack(
        "Juggernaut",
        "Tel-Jilad Outrider",
        r#"[expect]
in_play = ["Tel-Jilad Outrider"]
not_in_play = ["Juggernaut"]
log = ["[502.7e] 5 damage from Juggernaut to Tel-Jilad Outrider is prevented by protection"]"#,
    ));
}

#[test]
fn protection_from_a_creature_type_stops_blockers_of_that_type_only() {
    let e = run_scenario(&scenario(&attack(
        "Warren-Scourge Elf",
        "Raging Goblin",
        "",
    )))
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("502.7f"), "{e}");
    assert!(e.message.contains("protection from Goblins"), "{e}");
    play(&attack(
        "Warren-Scourge Elf",
        "Grizzly Bears",
        "[expect]\nnot_in_play = [\"Warren-Scourge Elf\"]",
    ));
}

/// Bob casts `spell` at Alice's `creature`, with two Mountains and two Plains.
fn cast_at(spell: &str, creature: &str) -> String {
    format!(
        r#"
[turn]
active = "Bob"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["{spell}"]
[[permanent]]
card = "Mountain"
controller = "Bob"
label = "Mountain 1"
[[permanent]]
card = "Mountain"
controller = "Bob"
label = "Mountain 2"
[[permanent]]
card = "Plains"
controller = "Bob"
label = "Plains 1"
[[permanent]]
card = "Plains"
controller = "Bob"
label = "Plains 2"
[[permanent]]
card = "{creature}"
controller = "Alice"
[[action]]
player = "Bob"
cast = "{spell}"
targets = ["{creature}"]
"#
    )
}

#[test]
fn protection_from_monocolored_stops_a_monocolored_spell_targeting_it() {
    let e = run_scenario(&scenario(&cast_at(
        "Lightning Bolt",
        "Guardian of the Guildpact",
    )))
    .unwrap_err();
    assert!(e.message.contains("Guardian of the Guildpact"), "{e}");
    // Without protection the same spell is legal and kills.
    let game = play(&cast_at("Lightning Bolt", "Grizzly Bears"));
    assert!(
        game.object_labelled("Grizzly Bears")
            .is_some_and(|o| o.zone == Zone::Graveyard)
    );
}

#[test]
fn protection_from_enchantments_stops_an_aura_spell_and_drops_an_attached_aura() {
    let e = run_scenario(&scenario(&cast_at("Pacifism", "Azorius First-Wing"))).unwrap_err();
    assert!(e.message.contains("Azorius First-Wing"), "{e}");
    play(&cast_at("Pacifism", "Grizzly Bears").replace(
        "targets = [\"Grizzly Bears\"]",
        "targets = [\"Grizzly Bears\"]\n[expect]\nin_play = [\"Pacifism\"]",
    ));
    // An Aura already attached is put into the graveyard as a state-based effect (502.7c).
    play(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Azorius First-Wing"
controller = "Alice"
[[permanent]]
card = "Pacifism"
controller = "Bob"
attached_to = "Azorius First-Wing"
[[action]]
player = "Alice"
pass = true
[expect]
graveyard = { Bob = ["Pacifism"] }
log = ["[502.7c] Pacifism is put into its owner's graveyard: what the Aura enchants has protection from it"]
"#,
    );
}

#[test]
fn equipment_with_the_quality_becomes_unattached_and_stays() {
    let game = play(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Tel-Jilad Outrider"
controller = "Alice"
[[permanent]]
card = "Bonesplitter"
controller = "Alice"
attached_to = "Tel-Jilad Outrider"
[[action]]
player = "Alice"
pass = true
[expect]
in_play = ["Bonesplitter", "Tel-Jilad Outrider"]
log = ["[502.7d] Bonesplitter becomes unattached and stays in play (the creature has protection from it)"]
"#,
    );
    let b = game.object_labelled("Bonesplitter").unwrap();
    assert_eq!(b.attached_to(), None);
}

#[test]
fn protection_from_everything_stops_any_blocker_and_any_damage() {
    // Progenitus without its graveyard replacement ability, which Skirmish doesn't read.
    let card = r#"
[[card]]
name = "Progenitus"
cost = "{W}{W}{U}{U}{B}{B}{R}{R}{G}{G}"
type = "Legendary Creature — Hydra Avatar"
pt = "10/10"
text = "Protection from everything"
"#;
    let e = run_scenario(&scenario(&format!(
        "{card}{}",
        attack("Progenitus", "Ornithopter", "")
    )))
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("502.7f"), "{e}");
    play(&format!(
        "{card}{}",
        attack(
            "Grizzly Bears",
            "Progenitus",
            r#"[expect]
in_play = ["Progenitus"]
log = ["[502.7e] 2 damage from Grizzly Bears to Progenitus is prevented by protection"]"#
        )
    ));
}

/// Alice, with Islands, casts Cartouche of Knowledge ("Enchant creature you control") at
/// `target`; she has a card in her library to draw.
fn cartouche_at(target: &str, expect: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Cartouche of Knowledge"]
library = ["Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Island"
controller = "Alice"
label = "Island 1"
[[permanent]]
card = "Island"
controller = "Alice"
label = "Island 2"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
label = "Alice's Bears"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
label = "Bob's Bears"
[[action]]
player = "Alice"
cast = "Cartouche of Knowledge"
targets = ["{target}"]
{expect}
"#
    )
}

#[test]
fn enchant_creature_you_control_allows_only_such_targets() {
    let e = run_scenario(&scenario(&cartouche_at("Bob's Bears", ""))).unwrap_err();
    assert!(e.message.contains("Bob's Bears"), "{e}");
    let game = play(&cartouche_at(
        "Alice's Bears",
        "[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n[expect]\nin_play = [\"Cartouche of Knowledge\"]\nhand = { Alice = [\"Forest\"] }",
    ));
    let bears = game.object_labelled("Alice's Bears").unwrap().id;
    let aura = game.object_labelled("Cartouche of Knowledge").unwrap();
    assert_eq!(aura.attached_to(), Some(bears));
    assert_eq!(game.power(bears), Some(3));
    assert!(game.has_keyword(bears, &skirmish::ability::Keyword::Flying));
}

#[test]
fn an_aura_whose_creature_changes_control_is_put_into_the_graveyard() {
    // Alice's Cartouche enchants her Bears; Bob takes them with Threaten: they are no longer a
    // creature the Aura's controller controls (502.45a, 420.5d).
    play(
        r#"
[turn]
active = "Bob"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["Threaten"]
[[permanent]]
card = "Mountain"
controller = "Bob"
label = "Mountain 1"
[[permanent]]
card = "Mountain"
controller = "Bob"
label = "Mountain 2"
[[permanent]]
card = "Mountain"
controller = "Bob"
label = "Mountain 3"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Cartouche of Knowledge"
controller = "Alice"
attached_to = "Grizzly Bears"
[[action]]
player = "Bob"
cast = "Threaten"
targets = ["Grizzly Bears"]
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
pass = true
[expect]
graveyard = { Alice = ["Cartouche of Knowledge"], Bob = ["Threaten"] }
log = ["[420.5d] Cartouche of Knowledge is put into its owner's graveyard: the Aura is attached to nothing it can enchant"]
"#,
    );
}

#[test]
fn a_scenario_attaching_an_aura_to_what_it_cant_enchant_is_refused() {
    let text = r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Cartouche of Knowledge"
controller = "Alice"
attached_to = "Grizzly Bears"
"#;
    let file = skirmish::diagnostics::SourceFile::new("inline.toml", text);
    let e = skirmish::scenario::Scenario::parse(file).unwrap_err();
    let e = e.to_string();
    assert!(e.contains("Enchant creature you control"), "{e}");
}

/// Bob bolts Alice's `creature` (with `counters`, a TOML table, on it) in his main phase; the
/// triggers resolve.
fn bolt(creature: &str, counters: &str, expect: &str) -> String {
    format!(
        r#"
[turn]
active = "Bob"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
hand = ["Lightning Bolt"]
[[permanent]]
card = "Mountain"
controller = "Bob"
[[permanent]]
card = "{creature}"
controller = "Alice"
counters = {counters}
[[action]]
player = "Bob"
cast = "Lightning Bolt"
targets = ["{creature}"]
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
pass = true
{expect}
"#
    )
}

#[test]
fn persist_returns_the_creature_with_a_minus_one_counter_once() {
    let game = play(&bolt(
        "Safehold Elite",
        "{}",
        r#"[expect]
in_play = ["Safehold Elite"]
log = ["[502.79a] Safehold Elite returns to play under its owner's control with a -1/-1 counter on it (persist)"]"#,
    ));
    let elite = game.object_labelled("Safehold Elite").unwrap();
    assert_eq!(game.power(elite.id), Some(1));
    assert_eq!(elite.controller, game.player_named("Alice").unwrap().id);
    // With a -1/-1 counter already on it, it stays in the graveyard (the intervening "if").
    let game = play(&bolt(
        "Safehold Elite",
        "{ \"-1/-1\" = 1 }",
        "[expect]\ngraveyard = { Alice = [\"Safehold Elite\"], Bob = [\"Lightning Bolt\"] }",
    ));
    assert!(!log(&game).iter().any(|e| e.contains("[502.79a]")));
}

#[test]
fn undying_returns_the_creature_with_a_plus_one_counter_once() {
    let game = play(&bolt(
        "Young Wolf",
        "{}",
        r#"[expect]
in_play = ["Young Wolf"]
log = ["[702.93a] Young Wolf returns to play under its owner's control with a +1/+1 counter on it (undying)"]"#,
    ));
    let wolf = game.object_labelled("Young Wolf").unwrap();
    assert_eq!(game.power(wolf.id), Some(2));
    play(&bolt(
        "Young Wolf",
        "{ \"+1/+1\" = 1 }",
        "[expect]\ngraveyard = { Alice = [\"Young Wolf\"], Bob = [\"Lightning Bolt\"] }",
    ));
}

#[test]
fn a_persisting_creature_killed_in_combat_comes_back_untapped_and_out_of_combat() {
    // Safehold Elite blocks Grizzly Bears; both die, the Elite returns as a 1/1.
    let game = play(&attack(
        "Grizzly Bears",
        "Safehold Elite",
        "[expect]\nin_play = [\"Safehold Elite\"]\nnot_in_play = [\"Grizzly Bears\"]",
    ));
    let elite = game.object_labelled("Safehold Elite").unwrap();
    assert_eq!(game.toughness(elite.id), Some(1));
    assert!(!elite.tapped());
}

/// Alice attacks Bob with `attackers` (a comma-separated declaration); Bob blocks as `blocks`
/// says (none if empty); Alice has 20 life and Bob `bob_life`; everything plays out to the end
/// of the turn.
fn combat(
    attackers: &[&str],
    blockers: &[&str],
    bob_life: i32,
    blocks: &str,
    expect: &str,
) -> String {
    let mut text = format!(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
life = {bob_life}
"#
    );
    for a in attackers {
        text += &format!("[[permanent]]\ncard = \"{a}\"\ncontroller = \"Alice\"\n");
    }
    for b in blockers {
        text += &format!("[[permanent]]\ncard = \"{b}\"\ncontroller = \"Bob\"\n");
    }
    text += &format!(
        "[[action]]\nplayer = \"Alice\"\nattack = \"{}\"\n",
        attackers.join(", ")
    );
    if !blocks.is_empty() {
        text += &format!("[[action]]\nplayer = \"Bob\"\nblock = \"{blocks}\"\n");
    }
    text + expect
}

#[test]
fn battle_cry_pumps_each_other_attacker_but_not_itself() {
    // Accorder Paladin (3/1) and Grizzly Bears (2/2) attack; the Bears deal 3.
    play(&combat(
        &["Accorder Paladin", "Grizzly Bears"],
        &[],
        20,
        "",
        "[expect]\nlife = { Bob = 14 }",
    ));
}

#[test]
fn dethrone_counts_only_attacks_on_the_player_with_the_most_life() {
    // Bob at 20 ties Alice: a +1/+1 counter, 3 damage.
    let game = play(&combat(
        &["Enraged Revolutionary"],
        &[],
        20,
        "",
        "[expect]\nlife = { Bob = 17 }",
    ));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("1 +1/+1 counter put on Enraged Revolutionary"))
    );
    // Bob at 10 has less life than Alice: no counter.
    play(&combat(
        &["Enraged Revolutionary"],
        &[],
        10,
        "",
        "[expect]\nlife = { Bob = 8 }",
    ));
}

#[test]
fn melee_counts_the_opponents_attacked() {
    // One opponent attacked: Deputized Protester (2/1) gets +1/+1.
    play(&combat(
        &["Deputized Protester"],
        &[],
        20,
        "",
        "[expect]\nlife = { Bob = 17 }",
    ));
}

#[test]
fn afflict_makes_the_defending_player_lose_life_when_it_becomes_blocked() {
    play(&combat(
        &["Khenra Eternal"],
        &["Grizzly Bears"],
        20,
        "Grizzly Bears=Khenra Eternal",
        "[expect]\nlife = { Bob = 19, Alice = 20 }\nnot_in_play = [\"Khenra Eternal\", \"Grizzly Bears\"]",
    ));
    // Unblocked, it only deals its damage.
    play(&combat(
        &["Khenra Eternal"],
        &["Grizzly Bears"],
        20,
        "",
        "[expect]\nlife = { Bob = 18 }",
    ));
}

/// Alice's upkeep with `permanent` (carrying `counters`) in play; the triggers resolve.
fn upkeep(permanent: &str, counters: &str, expect: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "upkeep"
[[player]]
name = "Alice"
library = ["Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "{permanent}"
controller = "Alice"
counters = {counters}
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
{expect}
"#
    )
}

#[test]
fn fading_removes_a_counter_each_upkeep_and_sacrifices_when_it_cant() {
    let game = play(&upkeep(
        "Blastoderm",
        "{ fade = 2 }",
        "[expect]\nin_play = [\"Blastoderm\"]",
    ));
    let b = game.object_labelled("Blastoderm").unwrap();
    assert_eq!(b.counter_count("fade"), 1);
    play(&upkeep(
        "Blastoderm",
        "{}",
        r#"[expect]
graveyard = { Alice = ["Blastoderm"] }
log = ["[502.20a] no fade counter can be removed from Blastoderm", "[501.6] Blastoderm is sacrificed"]"#,
    ));
}

#[test]
fn vanishing_sacrifices_when_the_last_time_counter_is_removed() {
    let game = play(&upkeep(
        "Waning Wurm",
        "{ time = 2 }",
        "[expect]\nin_play = [\"Waning Wurm\"]",
    ));
    assert_eq!(
        game.object_labelled("Waning Wurm")
            .unwrap()
            .counter_count("time"),
        1
    );
    play(&upkeep(
        "Waning Wurm",
        "{ time = 1 }",
        r#"[expect]
graveyard = { Alice = ["Waning Wurm"] }
log = ["[502.60a] a time counter is removed from Waning Wurm (0 left)"]"#,
    ));
    // Without a time counter it doesn't trigger at all (410.8), and stays.
    let game = play(&upkeep(
        "Waning Wurm",
        "{}",
        "[expect]\nin_play = [\"Waning Wurm\"]",
    ));
    assert!(!log(&game).iter().any(|e| e.contains("vanishing")));
}

/// Alice casts `creature` in her postcombat main phase, after Grizzly Bears attacked Bob and
/// Bob blocked as `block` says (nothing if empty).
fn cast_after_combat(creature: &str, cost_lands: &[&str], block: &str, expect: &str) -> String {
    let mut text = format!(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = ["{creature}"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Wall of Stone"
controller = "Bob"
"#
    );
    for (i, l) in cost_lands.iter().enumerate() {
        text += &format!(
            "[[permanent]]\ncard = \"{l}\"\ncontroller = \"Alice\"\nlabel = \"{l} {i}\"\n"
        );
    }
    text += "[[action]]\nplayer = \"Alice\"\nattack = \"Grizzly Bears\"\n";
    if !block.is_empty() {
        text += &format!("[[action]]\nplayer = \"Bob\"\nblock = \"{block}\"\n");
    }
    text += &format!(
        "[[action]]\nplayer = \"Alice\"\nstep = \"postcombat-main\"\ncast = \"{creature}\"\n"
    );
    text +=
        "[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n";
    text + expect
}

#[test]
fn bloodthirst_adds_counters_only_if_an_opponent_was_dealt_damage_this_turn() {
    let lands = ["Swamp", "Swamp", "Swamp"];
    let game = play(&cast_after_combat(
        "Bloodrage Vampire",
        &lands,
        "",
        r#"[expect]
life = { Bob = 18 }
in_play = ["Bloodrage Vampire"]
log = ["[502.50a] Bloodrage Vampire comes into play with 1 +1/+1 counter(s)"]"#,
    ));
    let v = game.object_labelled("Bloodrage Vampire").unwrap();
    assert_eq!(game.power(v.id), Some(4));
    // Blocked by the Wall, the Bears deal Bob nothing: no counter.
    let game = play(&cast_after_combat(
        "Bloodrage Vampire",
        &lands,
        "Wall of Stone=Grizzly Bears",
        "[expect]\nlife = { Bob = 20 }\nin_play = [\"Bloodrage Vampire\"]",
    ));
    let v = game.object_labelled("Bloodrage Vampire").unwrap();
    assert_eq!(game.power(v.id), Some(3));
}

#[test]
fn renown_adds_counters_once_and_marks_the_creature_renowned() {
    let game = play(&combat(
        &["Knight of the Pilgrim's Road"],
        &[],
        20,
        "",
        r#"[expect]
life = { Bob = 17 }
log = ["[702.112a] 1 +1/+1 counter(s) put on Knight of the Pilgrim's Road, which becomes renowned"]"#,
    ));
    let k = game
        .object_labelled("Knight of the Pilgrim's Road")
        .unwrap();
    assert_eq!(game.power(k.id), Some(4));
    assert!(k.status.as_ref().unwrap().renowned);
    // Blocked, it deals no damage to a player: no counter.
    let game = play(&combat(
        &["Knight of the Pilgrim's Road"],
        &["Wall of Stone"],
        20,
        "Wall of Stone=Knight of the Pilgrim's Road",
        "[expect]\nlife = { Bob = 20 }",
    ));
    let k = game
        .object_labelled("Knight of the Pilgrim's Road")
        .unwrap();
    assert_eq!(game.power(k.id), Some(3));
}

#[test]
fn mentor_puts_a_counter_on_an_attacker_with_lesser_power() {
    // Blade Instructor (3/1) mentors Grizzly Bears (2/2): 3 + 3 damage.
    play(&combat(
        &["Blade Instructor", "Grizzly Bears"],
        &[],
        20,
        "",
        "[expect]\nlife = { Bob = 14 }",
    ));
    // Alone, it has no legal target and the ability is removed (410.4).
    let game = play(&combat(
        &["Blade Instructor"],
        &[],
        20,
        "",
        "[expect]\nlife = { Bob = 17 }",
    ));
    assert!(log(&game).iter().any(|e| e.contains("has no legal target")));
}

/// Alice casts `creature` in her main phase with two Mountains and two Forests, answering
/// `choose` (a `choose` action's value, or nothing for the default) to its questions;
/// `permanents` are hers in play already.
fn cast_creature(creature: &str, permanents: &[&str], choose: &str, expect: &str) -> String {
    let mut text = format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["{creature}"]
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
card = "Forest"
controller = "Alice"
label = "Forest 1"
[[permanent]]
card = "Forest"
controller = "Alice"
label = "Forest 2"
"#
    );
    for p in permanents {
        text += &format!("[[permanent]]\ncard = \"{p}\"\ncontroller = \"Alice\"\n");
    }
    text += &format!(
        "[[action]]\nplayer = \"Alice\"\ncast = \"{creature}\"\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n"
    );
    if !choose.is_empty() {
        text += &format!("[[action]]\nplayer = \"Alice\"\nchoose = \"{choose}\"\n");
    }
    text + "[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n"
        + expect
}

#[test]
fn unleash_may_add_a_counter_and_then_the_creature_cant_block() {
    let game = play(&cast_creature(
        "Gore-House Chainwalker",
        &[],
        "Gore-House Chainwalker: Gore-House Chainwalker",
        "[expect]\nin_play = [\"Gore-House Chainwalker\"]",
    ));
    let c = game.object_labelled("Gore-House Chainwalker").unwrap();
    assert_eq!(game.power(c.id), Some(3));
    let game = play(&cast_creature(
        "Gore-House Chainwalker",
        &[],
        "Gore-House Chainwalker: nothing",
        "[expect]\nin_play = [\"Gore-House Chainwalker\"]",
    ));
    let c = game.object_labelled("Gore-House Chainwalker").unwrap();
    assert_eq!(game.power(c.id), Some(2));
    // With the counter, it can't block (the combat ability unleash brings).
    let setup = |counters: &str| {
        format!(
            r#"
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Gore-House Chainwalker"
controller = "Alice"
counters = {counters}
[[action]]
player = "Bob"
attack = "Grizzly Bears"
[[action]]
player = "Alice"
block = "Gore-House Chainwalker=Grizzly Bears"
"#
        )
    };
    let e = run_scenario(&scenario(&setup("{ \"+1/+1\" = 1 }"))).unwrap_err();
    assert!(e.message.contains("can't block"), "{e}");
    play(&setup("{}"));
}

#[test]
fn evolve_counts_a_greater_creature_coming_into_play_under_its_controller() {
    // Cloudfin Raptor (0/1) evolves when Grizzly Bears (2/2) come into play.
    let game = play(&cast_creature(
        "Grizzly Bears",
        &["Cloudfin Raptor"],
        "",
        "[expect]\nin_play = [\"Grizzly Bears\", \"Cloudfin Raptor\"]",
    ));
    let r = game.object_labelled("Cloudfin Raptor").unwrap();
    assert_eq!((game.power(r.id), game.toughness(r.id)), (Some(1), Some(2)));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("[702.100a] Cloudfin Raptor evolves"))
    );
    // Not greater: with two +1/+1 counters the Raptor is 2/3, and the Bears (2/2) don't make it
    // evolve.
    let game = play(
        &cast_creature("Grizzly Bears", &["Cloudfin Raptor"], "", "").replace(
            "card = \"Cloudfin Raptor\"\ncontroller = \"Alice\"\n",
            "card = \"Cloudfin Raptor\"\ncontroller = \"Alice\"\ncounters = { \"+1/+1\" = 2 }\n",
        ),
    );
    let r = game.object_labelled("Cloudfin Raptor").unwrap();
    assert_eq!(game.power(r.id), Some(2));
    assert!(!log(&game).iter().any(|e| e.contains("evolve")));
}

#[test]
fn modular_comes_into_play_with_counters() {
    let game = play(&cast_creature(
        "Arcbound Worker",
        &[],
        "",
        r#"[expect]
in_play = ["Arcbound Worker"]
log = ["[502.35a] Arcbound Worker comes into play with 1 +1/+1 counter(s)"]"#,
    ));
    let w = game.object_labelled("Arcbound Worker").unwrap();
    assert_eq!(game.power(w.id), Some(1));
}

/// Bob bolts Alice's Arcbound Worker (two +1/+1 counters) while she has Ornithopter; Alice
/// answers modular's question with `choose`.
fn bolt_the_worker(choose: &str) -> String {
    bolt("Arcbound Worker", "{ \"+1/+1\" = 2 }", "").replace(
        "[[permanent]]\ncard = \"Arcbound Worker\"",
        "[[permanent]]\ncard = \"Ornithopter\"\ncontroller = \"Alice\"\n[[permanent]]\ncard = \"Arcbound Worker\"",
    ) + &format!("[[action]]\nplayer = \"Alice\"\nchoose = \"{choose}\"\n")
}

#[test]
fn modular_moves_its_counters_to_an_artifact_creature_if_its_controller_wants() {
    let game = play(&bolt_the_worker("Arcbound Worker: Ornithopter"));
    let o = game.object_labelled("Ornithopter").unwrap();
    assert_eq!(game.power(o.id), Some(2));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("[502.35a] 2 +1/+1 counter(s) put on Ornithopter"))
    );
    let game = play(&bolt_the_worker("Arcbound Worker: nothing"));
    let o = game.object_labelled("Ornithopter").unwrap();
    assert_eq!(game.power(o.id), Some(0));
}

/// Alice casts Grizzly Bears with Plaxcaster Frogling (three +1/+1 counters) in play, and
/// answers graft's question with `choose`.
fn bears_beside_the_frogling(choose: &str) -> String {
    cast_creature("Grizzly Bears", &["Plaxcaster Frogling"], choose, "").replace(
        "card = \"Plaxcaster Frogling\"\ncontroller = \"Alice\"\n",
        "card = \"Plaxcaster Frogling\"\ncontroller = \"Alice\"\ncounters = { \"+1/+1\" = 3 }\n",
    )
}

#[test]
fn graft_may_move_a_counter_onto_a_creature_coming_into_play() {
    let game = play(&bears_beside_the_frogling(
        "Plaxcaster Frogling: Grizzly Bears",
    ));
    let (frog, bears) = (
        game.object_labelled("Plaxcaster Frogling").unwrap().id,
        game.object_labelled("Grizzly Bears").unwrap().id,
    );
    assert_eq!((game.power(frog), game.power(bears)), (Some(2), Some(3)));
    let game = play(&bears_beside_the_frogling("Plaxcaster Frogling: nothing"));
    let (frog, bears) = (
        game.object_labelled("Plaxcaster Frogling").unwrap().id,
        game.object_labelled("Grizzly Bears").unwrap().id,
    );
    assert_eq!((game.power(frog), game.power(bears)), (Some(3), Some(2)));
}

#[test]
fn graft_puts_its_counters_on_as_it_comes_into_play() {
    let game = play(&cast_creature(
        "Plaxcaster Frogling",
        &["Island"],
        "",
        "[expect]\nin_play = [\"Plaxcaster Frogling\"]",
    ));
    let frog = game.object_labelled("Plaxcaster Frogling").unwrap().id;
    assert_eq!(game.power(frog), Some(3));
}
