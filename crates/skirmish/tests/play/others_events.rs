//! Events of another creature as trigger conditions: "Whenever equipped creature attacks
//! alone", "Whenever a creature you control attacks alone", "Whenever enchanted creature is
//! dealt damage", "Whenever a creature you control is dealt [combat] damage" (each the same
//! event as "~ ..." of that creature, 410.1); "it" in their instructions is that creature,
//! the source of the damage it deals (413.2f), and "other" in "for each other creature you
//! control" is other than it.

use crate::common;

use common::{logged, play};

/// 308.3, 502.83a: Sigil of Valor's trigger when the equipped creature attacks alone: +1/+1
/// for each other creature its controller controls, the Bears themselves not counted.
#[test]
fn sigil_of_valor_counts_the_other_creatures_when_its_creature_attacks_alone() {
    let text = |also_attacking: &str, pt: &str| {
        format!(
            r#"stop_after = "declare-attackers"
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
card = "Sigil of Valor"
controller = "Alice"
attached_to = "Grizzly Bears"
[[permanent]]
card = "Llanowar Elves"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[action]]
player = "Alice"
attack = "Grizzly Bears{also_attacking}"
[expect]
pt = {{ "Grizzly Bears" = "{pt}" }}
"#
        )
    };
    let game = play(&text("", "4/4"));
    assert!(logged(&game, "[410.3] Sigil of Valor's ability"));
    // Not alone: no trigger.
    let game = play(&text(", Hill Giant", "2/2"));
    assert!(!logged(&game, "[410.3] Sigil of Valor's ability"));
}

/// 308.3: "Whenever a creature you control attacks alone" triggers for whichever creature
/// attacks alone, "it" being that creature, and not for an opponent's.
#[test]
fn a_creature_you_control_attacking_alone_is_the_creature_it_pumps() {
    let text = |active: &str, attacker: &str, pt: &str| {
        format!(
            r#"stop_after = "declare-attackers"
[[card]]
name = "Lone Banner"
cost = "{{2}}"
type = "Artifact"
text = "Whenever a creature you control attacks alone, it gets +2/+2 until end of turn."
[turn]
active = "{active}"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Lone Banner"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "{active}"
attack = "{attacker}"
[expect]
pt = {{ "{attacker}" = "{pt}" }}
"#
        )
    };
    play(&text("Alice", "Hill Giant", "5/5"));
    play(&text("Bob", "Grizzly Bears", "2/2"));
}

/// 310.4, 416.1: Rite of Passage puts a +1/+1 counter on each creature its controller
/// controls that is dealt damage: the Hill Giant blocked by Grizzly Bears survives their 2
/// damage as a 4/4; the Bears, Bob's, get nothing and die.
#[test]
fn rite_of_passage_grows_the_creature_dealt_damage() {
    play(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Rite of Passage"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Bob"
block = "Grizzly Bears=Hill Giant"
[expect]
counters = { "Hill Giant" = { "+1/+1" = 1 } }
pt = { "Hill Giant" = "4/4" }
graveyard = { Bob = ["Grizzly Bears"] }
"#,
    );
}

/// 413.2f, 416.1: Spiteful Shadows makes the enchanted creature the source of the damage it
/// deals to its controller, that much as it was dealt: Bob's Grizzly Bears, blocking the Hill
/// Giant, are dealt 3 and deal 3 to Bob.
#[test]
fn spiteful_shadows_has_the_damaged_creature_deal_that_much_to_its_controller() {
    let game = play(
        r#"stop_after = "combat-damage"
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
controller = "Bob"
[[permanent]]
card = "Spiteful Shadows"
controller = "Alice"
attached_to = "Grizzly Bears"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Bob"
block = "Grizzly Bears=Hill Giant"
[expect]
life = { Alice = 20, Bob = 17 }
graveyard = { Bob = ["Grizzly Bears"], Alice = ["Spiteful Shadows"] }
"#,
    );
    assert!(logged(
        &game,
        "[413.2f] Grizzly Bears deals the damage as the instruction says"
    ));
}

/// 416.1: Ragged Veins: the enchanted creature's controller loses as much life as the
/// creature was dealt damage, combat damage or not.
#[test]
fn ragged_veins_costs_the_controller_the_damage_as_life() {
    play(
        r#"stop_after = "combat-damage"
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
card = "Craw Wurm"
label = "Wurm"
controller = "Bob"
[[permanent]]
card = "Ragged Veins"
controller = "Alice"
attached_to = "Wurm"
[[action]]
player = "Alice"
attack = "Hill Giant"
[[action]]
player = "Bob"
block = "Wurm=Hill Giant"
[expect]
life = { Alice = 20, Bob = 17 }
"#,
    );
}

/// 310.4: "Whenever a creature you control is dealt combat damage, you gain that much life"
/// triggers once for each such creature, with the damage of the step: two blockers dealt 2
/// and 3 gain 5 in all; noncombat damage doesn't trigger it.
#[test]
fn a_creature_you_control_dealt_combat_damage_counts_that_much() {
    play(
        r#"stop_after = "combat-damage"
[[card]]
name = "Pain Ward"
cost = "{2}"
type = "Enchantment"
text = "Whenever a creature you control is dealt combat damage, you gain that much life."
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
card = "Craw Wurm"
controller = "Bob"
[[permanent]]
card = "Craw Wurm"
label = "Second Wurm"
controller = "Bob"
[[permanent]]
card = "Pain Ward"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Hill Giant, Grizzly Bears"
[[action]]
player = "Bob"
block = "Craw Wurm=Hill Giant, Second Wurm=Grizzly Bears"
[expect]
life = { Alice = 20, Bob = 25 }
"#,
    );
}

/// "Whenever a Sliver deals combat damage to a creature, destroy that creature. It can't be
/// regenerated." (410.2): another creature's combat damage to a creature, each creature dealt
/// damage triggering once; "that creature" is the one dealt damage, bound as it triggers.
/// Bears aren't Slivers: nothing triggers when they block.
#[test]
fn a_class_dealing_combat_damage_to_a_creature_names_that_creature() {
    let board = |blocker: &str| {
        format!(
            r#"stop_after = "end-of-combat"
[[card]]
name = "Sample Toxin"
cost = "{{2}}{{B}}"
type = "Creature — Sliver"
pt = "1/1"
text = "Whenever a Sliver deals combat damage to a creature, destroy that creature. It can't be regenerated."
[[card]]
name = "Sample Grunt"
cost = "{{1}}"
type = "Creature — Sliver"
pt = "1/1"
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Toxin"
controller = "Alice"
[[permanent]]
card = "{blocker}"
controller = "Alice"
[[permanent]]
card = "Craw Wurm"
controller = "Bob"
[[action]]
player = "Bob"
attack = "Craw Wurm"
[[action]]
player = "Alice"
block = "{blocker}=Craw Wurm"
"#
        )
    };
    let game = play(
        &(board("Sample Grunt")
            + "[expect]\ngraveyard = { Alice = [\"Sample Grunt\"], Bob = [\"Craw Wurm\"] }\n"),
    );
    assert!(
        logged(&game, "[410.3] Sample Toxin's ability"),
        "the trigger goes on the stack as a player would receive priority"
    );
    play(
        &(board("Giant Spider")
            + "[expect]\ngraveyard = { Alice = [\"Giant Spider\"] }\nin_play = [\"Craw Wurm\", \"Sample Toxin\"]\n"),
    );
}

/// The same event of an enchanted creature, and of a creature a description fits
/// ("deals damage to a creature with flying"): an Aura's trigger about the creature it
/// enchants, "that creature" the one dealt damage.
#[test]
fn an_enchanted_creature_dealing_damage_to_a_described_creature_names_that_creature() {
    let board = |attacker: &str| {
        format!(
            r#"stop_after = "end-of-combat"
[[card]]
name = "Sample Venom"
cost = "{{1}}{{B}}"
type = "Enchantment — Aura"
text = """
Enchant creature
Whenever enchanted creature deals combat damage to a creature with flying, destroy that creature."""
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Giant Spider"
controller = "Alice"
[[permanent]]
card = "Sample Venom"
controller = "Alice"
attached_to = "Giant Spider"
[[permanent]]
card = "{attacker}"
controller = "Bob"
[[action]]
player = "Bob"
attack = "{attacker}"
[[action]]
player = "Alice"
block = "Giant Spider={attacker}"
"#
        )
    };
    // Serra Angel (4/4, flying) is dealt 2 by the Spider and is destroyed; Craw Wurm has no flying.
    play(
        &(board("Serra Angel")
            + "[expect]\ngraveyard = { Alice = [\"Giant Spider\", \"Sample Venom\"], Bob = [\"Serra Angel\"] }\n"),
    );
    play(
        &(board("Craw Wurm")
            + "[expect]\ngraveyard = { Alice = [\"Giant Spider\", \"Sample Venom\"] }\nin_play = [\"Craw Wurm\"]\n"),
    );
}
