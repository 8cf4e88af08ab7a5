//! More keyword abilities, played through the engine: annihilator (702.86), outlast (702.107),
//! undaunted (702.125), ingest (702.115), partner (702.124), fabricate (702.123), exploit
//! (702.110), living weapon (702.92), devour (502.82), soulshift (502.39), umbra (totem) armor
//! (702.89), sunburst (502.37), extort (702.101), amplify (502.27), ascend (702.131).

use crate::common;

use common::{log, play, scenario};
use skirmish::engine::run_scenario;
use skirmish::model::Zone;

/// Alice attacks Bob with `attackers`; Bob has `bobs` in play; `rest` holds further actions
/// and the `[expect]` table.
fn attack(attackers: &[&str], bobs: &[&str], rest: &str) -> String {
    let mut text = String::from(
        r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
"#,
    );
    for a in attackers {
        text += &format!("[[permanent]]\ncard = \"{a}\"\ncontroller = \"Alice\"\n");
    }
    for b in bobs {
        text += &format!("[[permanent]]\ncard = \"{b}\"\ncontroller = \"Bob\"\n");
    }
    text += &format!(
        "[[action]]\nplayer = \"Alice\"\nattack = \"{}\"\n",
        attackers.join(", ")
    );
    text + rest
}

#[test]
fn annihilator_makes_the_defending_player_sacrifice_permanents_of_his_choice() {
    let game = play(&attack(
        &["Ulamog's Crusher"],
        &["Grizzly Bears", "Forest", "Mountain"],
        r#"[[action]]
player = "Bob"
choose = "Ulamog's Crusher: Forest"
[[action]]
player = "Bob"
choose = "Ulamog's Crusher: Grizzly Bears"
[expect]
in_play = ["Mountain", "Ulamog's Crusher"]
not_in_play = ["Forest", "Grizzly Bears"]
life = { Bob = 12 }
log = ["[702.86a] Bob sacrifices Forest, Grizzly Bears"]
"#,
    ));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("annihilator 2 (702.86a)"))
    );
    // With fewer permanents than N, all of them go.
    play(&attack(
        &["Ulamog's Crusher"],
        &["Forest"],
        "[expect]\nnot_in_play = [\"Forest\"]\nlife = { Bob = 12 }\n",
    ));
}

/// Alice's precombat main phase with `permanents` of hers (and `plains` Plains) in play, then
/// `actions`.
fn main_phase(permanents: &[&str], plains: usize, hand: &[&str], actions: &str) -> String {
    let hand: Vec<String> = hand.iter().map(|h| format!("\"{h}\"")).collect();
    let mut text = format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = [{}]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
"#,
        hand.join(", ")
    );
    for p in permanents {
        text += &format!("[[permanent]]\ncard = \"{p}\"\ncontroller = \"Alice\"\n");
    }
    for i in 1..=plains {
        text += &format!(
            "[[permanent]]\ncard = \"Plains\"\ncontroller = \"Alice\"\nlabel = \"Plains {i}\"\n"
        );
    }
    text + actions
}

#[test]
fn outlast_puts_a_counter_on_it_as_a_sorcery_and_taps_it() {
    let game = play(&main_phase(
        &["Abzan Falconer"],
        1,
        &[],
        r#"[[action]]
player = "Alice"
activate = "Abzan Falconer"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[expect]
log = ["[200.10] 1 +1/+1 counter put on Abzan Falconer"]
"#,
    ));
    let f = game.object_labelled("Abzan Falconer").unwrap();
    assert_eq!((game.power(f.id), game.toughness(f.id)), (Some(3), Some(4)));
    assert!(f.tapped());
    // With the counter, its other ability gives it flying.
    assert!(game.has_keyword(f.id, &skirmish::ability::Keyword::Flying));
    // Not in combat: only as a sorcery.
    let e = run_scenario(&scenario(
        &main_phase(
            &["Abzan Falconer"],
            1,
            &[],
            "[[action]]\nplayer = \"Alice\"\nactivate = \"Abzan Falconer\"\n",
        )
        .replace("precombat-main", "beginning-of-combat"),
    ))
    .unwrap_err();
    assert!(e.message.contains("main phase"), "{e}");
}

#[test]
fn undaunted_costs_one_less_for_each_opponent() {
    // {6}{W} less {1} for Bob: six Plains pay it.
    let game = play(&main_phase(
        &["Raging Goblin"],
        6,
        &["Sublime Exhalation"],
        r#"[[action]]
player = "Alice"
cast = "Sublime Exhalation"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
[expect]
not_in_play = ["Grizzly Bears", "Raging Goblin"]
"#,
    ));
    assert!(log(&game).iter().any(|e| e.contains(
        "[702.125a] undaunted: Sublime Exhalation costs {1} less for each of its caster's 1 opponent(s); it costs {5}{W}"
    )));
    // Five Plains don't.
    let e = run_scenario(&scenario(&main_phase(
        &[],
        5,
        &["Sublime Exhalation"],
        "[[action]]\nplayer = \"Alice\"\ncast = \"Sublime Exhalation\"\n",
    )))
    .unwrap_err();
    assert!(
        e.message.contains("{5}{W}") || e.message.contains("mana"),
        "{e}"
    );
}

#[test]
fn ingest_removes_the_top_card_of_the_damaged_players_library() {
    let text = attack(&["Mist Intruder"], &[], "[expect]\nlife = { Bob = 19 }\n").replace(
        "name = \"Bob\"\n",
        "name = \"Bob\"\nlibrary = [\"Forest\", \"Island\"]\n",
    );
    let game = play(&text);
    assert_eq!(
        game.object_labelled("Forest").unwrap().zone,
        Zone::RemovedFromGame
    );
    assert_eq!(game.object_labelled("Island").unwrap().zone, Zone::Library);
    assert!(log(&game).iter().any(|e| e.contains(
        "[702.115a] Bob removes the top card of his or her library, Forest, from the game"
    )));
    // Blocked, it deals no damage to a player and nothing is removed.
    let text = attack(
        &["Mist Intruder"],
        &["Giant Spider"],
        "[[action]]\nplayer = \"Bob\"\nblock = \"Giant Spider=Mist Intruder\"\n[expect]\nlife = { Bob = 20 }\n",
    )
    .replace("name = \"Bob\"\n", "name = \"Bob\"\nlibrary = [\"Forest\"]\n");
    let game = play(&text);
    assert_eq!(game.object_labelled("Forest").unwrap().zone, Zone::Library);
}

#[test]
fn partner_does_nothing_in_a_game() {
    // Sidar Kondo of Jamuraa attacks as any 2/5 would; partner (a rule of Commander deck
    // construction, 702.124a) changes nothing and nothing in the log mentions it.
    let game = play(&attack(
        &["Sidar Kondo of Jamuraa"],
        &[],
        "[expect]\nlife = { Bob = 18 }\n",
    ));
    let s = game.object_labelled("Sidar Kondo of Jamuraa").unwrap();
    assert!(game.has_keyword(s.id, &skirmish::ability::Keyword::Partner));
    assert!(!log(&game).iter().any(|e| e.contains("partner")));
}

/// Alice casts `card` in her main phase with `lands` (`land` 1, 2, ...) and `permanents` of
/// hers in play and Grizzly Bears of Bob's, answers `choices` (`choose` values) after it
/// resolves, then the rest plays out; `expect` is the `[expect]` table.
fn cast(
    card: &str,
    land: &str,
    lands: usize,
    permanents: &[&str],
    choices: &[&str],
    expect: &str,
) -> String {
    let mut text = main_phase(permanents, 0, &[card], "");
    for i in 1..=lands {
        text += &format!(
            "[[permanent]]\ncard = \"{land}\"\ncontroller = \"Alice\"\nlabel = \"{land} {i}\"\n"
        );
    }
    text += &format!(
        "[[action]]\nplayer = \"Alice\"\ncast = \"{card}\"\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n"
    );
    for c in choices {
        text += &format!("[[action]]\nplayer = \"Alice\"\nchoose = \"{c}\"\n");
    }
    text + expect
}

#[test]
fn fabricate_gives_counters_or_servos_as_its_controller_chooses() {
    let game = play(&cast(
        "Glint-Sleeve Artisan",
        "Plains",
        3,
        &[],
        &["Glint-Sleeve Artisan: Glint-Sleeve Artisan"],
        "[expect]\nlog = [\"[702.123a] 1 +1/+1 counter(s) put on Glint-Sleeve Artisan (fabricate)\"]\n",
    ));
    let a = game.object_labelled("Glint-Sleeve Artisan").unwrap();
    assert_eq!(game.power(a.id), Some(3));
    assert!(game.object_labelled("Servo").is_none());
    let game = play(&cast(
        "Glint-Sleeve Artisan",
        "Plains",
        3,
        &[],
        &["Glint-Sleeve Artisan: nothing"],
        "[expect]\nin_play = [\"Glint-Sleeve Artisan\"]\nlog = [\"[702.123a] Glint-Sleeve Artisan fabricates 1 Servo token(s)\"]\n",
    ));
    let a = game.object_labelled("Glint-Sleeve Artisan").unwrap();
    assert_eq!(game.power(a.id), Some(2));
    let servo = game.object_labelled("Servo").unwrap();
    assert!(servo.is(skirmish::typeline::CardType::Artifact));
    assert_eq!(
        (game.power(servo.id), game.toughness(servo.id)),
        (Some(1), Some(1))
    );
}

#[test]
fn exploit_sacrifices_a_creature_and_triggers_its_exploits_ability() {
    let game = play(&cast(
        "Silumgar Butcher",
        "Swamp",
        5,
        &["Raging Goblin"],
        &[
            "Silumgar Butcher: Raging Goblin",
            "Silumgar Butcher: Grizzly Bears",
        ],
        r#"[expect]
in_play = ["Silumgar Butcher"]
not_in_play = ["Raging Goblin", "Grizzly Bears"]
log = ["[501.6] Raging Goblin is sacrificed", "[702.110b] Silumgar Butcher exploits Raging Goblin"]
"#,
    ));
    assert!(log(&game).iter().any(|e| e.contains("-3/-3")));
    // Declining: nothing is sacrificed and the exploits ability never triggers.
    let game = play(&cast(
        "Silumgar Butcher",
        "Swamp",
        5,
        &["Raging Goblin"],
        &["Silumgar Butcher: nothing"],
        "[expect]\nin_play = [\"Silumgar Butcher\", \"Raging Goblin\", \"Grizzly Bears\"]\n",
    ));
    assert!(!log(&game).iter().any(|e| e.contains("-3/-3")));
}

#[test]
fn living_weapon_puts_a_germ_into_play_and_equips_it() {
    let game = play(&cast(
        "Sickleslicer",
        "Plains",
        3,
        &[],
        &[],
        "[expect]\nin_play = [\"Sickleslicer\"]\nlog = [\"[702.92a] Sickleslicer is attached to Phyrexian Germ\"]\n",
    ));
    let germ = game.object_labelled("Phyrexian Germ").unwrap();
    assert_eq!(germ.zone, Zone::InPlay);
    assert_eq!(
        (game.power(germ.id), game.toughness(germ.id)),
        (Some(2), Some(2))
    );
    assert!(germ.colors().contains(&skirmish::mana::Color::Black));
    assert_eq!(
        game.object_labelled("Sickleslicer").unwrap().attached_to(),
        Some(germ.id)
    );
}

#[test]
fn devour_sacrifices_the_chosen_creatures_for_counters() {
    let text = cast(
        "Gorger Wurm",
        "Forest",
        4,
        &["Raging Goblin", "Llanowar Elves", "Mountain"],
        &[],
        r#"[expect]
in_play = ["Gorger Wurm"]
not_in_play = ["Raging Goblin", "Llanowar Elves"]
log = ["[502.82a] Gorger Wurm devours 2 creature(s) and comes into play with 2 +1/+1 counter(s)"]
"#,
    )
    .replace(
        "[[action]]\nplayer = \"Bob\"\npass = true\n",
        "[[action]]\nplayer = \"Bob\"\npass = true\n[[action]]\nplayer = \"Alice\"\nchoose = \"Gorger Wurm: Raging Goblin\"\n[[action]]\nplayer = \"Alice\"\nchoose = \"Gorger Wurm: Llanowar Elves\"\n",
    );
    let game = play(&text);
    let w = game.object_labelled("Gorger Wurm").unwrap();
    assert_eq!(game.power(w.id), Some(7));
    // By default it devours nothing.
    let game = play(&cast(
        "Gorger Wurm",
        "Forest",
        4,
        &["Raging Goblin", "Mountain"],
        &[],
        "[expect]\nin_play = [\"Gorger Wurm\", \"Raging Goblin\"]\n",
    ));
    let w = game.object_labelled("Gorger Wurm").unwrap();
    assert_eq!(game.power(w.id), Some(5));
}

/// Bob bolts Alice's Kami of Empty Graves in his main phase; Alice's graveyard holds Lantern
/// Kami (a Spirit of converted mana cost 3) and Grizzly Bears; `choices` are Alice's answers.
fn bolt_the_kami(choices: &[&str], expect: &str) -> String {
    let mut text = String::from(
        r#"
[[card]]
name = "Lantern Kami"
cost = "{2}{W}"
type = "Creature — Spirit"
pt = "1/1"
text = "Flying"
[turn]
active = "Bob"
step = "precombat-main"
[[player]]
name = "Alice"
graveyard = ["Lantern Kami", "Grizzly Bears"]
[[player]]
name = "Bob"
hand = ["Lightning Bolt"]
[[permanent]]
card = "Mountain"
controller = "Bob"
[[permanent]]
card = "Kami of Empty Graves"
controller = "Alice"
[[action]]
player = "Bob"
cast = "Lightning Bolt"
targets = ["Kami of Empty Graves"]
[[action]]
player = "Bob"
pass = true
[[action]]
player = "Alice"
pass = true
"#,
    );
    for c in choices {
        text += &format!("[[action]]\nplayer = \"Alice\"\nchoose = \"{c}\"\n");
    }
    text + expect
}

#[test]
fn soulshift_returns_a_spirit_card_with_low_enough_cost_from_the_graveyard() {
    let game = play(&bolt_the_kami(
        &[
            "Kami of Empty Graves: Lantern Kami",
            "Kami of Empty Graves: Lantern Kami",
        ],
        "[expect]\nhand = { Alice = [\"Lantern Kami\"] }\ngraveyard = { Alice = [\"Kami of Empty Graves\", \"Grizzly Bears\"], Bob = [\"Lightning Bolt\"] }\nlog = [\"[502.39a] Alice returns Lantern Kami from the graveyard to his or her hand\"]\n",
    ));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("soulshift 3 (502.39a)"))
    );
    // "You may": declining leaves it in the graveyard.
    play(&bolt_the_kami(
        &[
            "Kami of Empty Graves: Lantern Kami",
            "Kami of Empty Graves: nothing",
        ],
        "[expect]\nhand = { Alice = [] }\n",
    ));
    // The Kami itself costs 4, more than 3; the Bears aren't a Spirit.
    for wrong in ["Kami of Empty Graves", "Grizzly Bears"] {
        let e = run_scenario(&scenario(&bolt_the_kami(
            &[&format!("Kami of Empty Graves: {wrong}")],
            "",
        )))
        .unwrap_err();
        assert_eq!(e.rule.as_deref(), Some("410.4"), "{e}");
    }
    // With no Spirit card to return, the ability is removed as it would go on the stack.
    let game = play(&bolt_the_kami(&[], "").replace(
        "graveyard = [\"Lantern Kami\", \"Grizzly Bears\"]",
        "graveyard = [\"Grizzly Bears\"]",
    ));
    assert!(log(&game).iter().any(|e| e.contains("has no legal target")));
}

/// Bob bolts Alice's Grizzly Bears, enchanted by Hyena Umbra (a 3/3 then), in his main phase.
fn bolt_the_bears(extra: &str, expect: &str) -> String {
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
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hyena Umbra"
controller = "Alice"
attached_to = "Grizzly Bears"
{extra}
[[action]]
player = "Bob"
cast = "Lightning Bolt"
targets = ["Grizzly Bears"]
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
fn totem_armor_destroys_the_aura_instead_and_removes_the_damage() {
    let game = play(&bolt_the_bears(
        "",
        r#"[expect]
in_play = ["Grizzly Bears"]
graveyard = { Alice = ["Hyena Umbra"], Bob = ["Lightning Bolt"] }
log = ["[702.89a] Grizzly Bears isn't destroyed: all damage is removed from it and Hyena Umbra is destroyed instead (umbra armor)"]
"#,
    ));
    let bears = game.object_labelled("Grizzly Bears").unwrap();
    assert_eq!(bears.damage(), 0);
    assert_eq!(game.power(bears.id), Some(2));
    // An indestructible creature isn't destroyed at all: the Aura stays.
    let game = play(
        &bolt_the_bears(
            "[[card]]\nname = \"Stone Bears\"\ncost = \"{1}{G}\"\ntype = \"Creature — Bear\"\npt = \"2/2\"\ntext = \"Indestructible\"\n",
            "[expect]\nin_play = [\"Stone Bears\", \"Hyena Umbra\"]\n",
        )
        .replace("card = \"Grizzly Bears\"", "card = \"Stone Bears\"")
        .replace("\"Grizzly Bears\"", "\"Stone Bears\""),
    );
    assert!(!log(&game).iter().any(|e| e.contains("[702.89a]")));
}

#[test]
fn sunburst_counts_the_colors_of_mana_spent() {
    // One land of each basic type: five colors, five counters.
    let game = play(&cast(
        "Skyreach Manta",
        "Plains",
        1,
        &["Island", "Swamp", "Mountain", "Forest"],
        &[],
        "[expect]\nin_play = [\"Skyreach Manta\"]\nlog = [\"[502.37a] Skyreach Manta comes into play with 5 +1/+1 counter(s), one for each color of mana spent on it (white, blue, black, red, green)\"]\n",
    ));
    let m = game.object_labelled("Skyreach Manta").unwrap();
    assert_eq!((game.power(m.id), game.toughness(m.id)), (Some(5), Some(5)));
    // Five Plains: one color, one counter.
    let game = play(&cast(
        "Skyreach Manta",
        "Plains",
        5,
        &[],
        &[],
        "[expect]\nin_play = [\"Skyreach Manta\"]\n",
    ));
    let m = game.object_labelled("Skyreach Manta").unwrap();
    assert_eq!(game.power(m.id), Some(1));
}

#[test]
fn extort_may_drain_each_opponent_for_w_or_b_as_a_spell_is_played() {
    let game = play(&cast(
        "Llanowar Elves",
        "Forest",
        1,
        &["Syndic of Tithes", "Plains"],
        &["Syndic of Tithes: Alice"],
        "[expect]\nlife = { Alice = 21, Bob = 19 }\ntapped = [\"Plains\"]\n",
    ));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("Alice pays {W} for Syndic of Tithes"))
    );
    // Declined, nothing is paid and no life changes.
    play(&cast(
        "Llanowar Elves",
        "Forest",
        1,
        &["Syndic of Tithes", "Plains"],
        &["Syndic of Tithes: nothing"],
        "[expect]\nlife = { Alice = 20, Bob = 20 }\nuntapped = [\"Plains\"]\n",
    ));
    // Without mana left to pay, the payment isn't offered.
    let game = play(&cast(
        "Llanowar Elves",
        "Forest",
        1,
        &["Syndic of Tithes"],
        &[],
        "[expect]\nlife = { Alice = 20, Bob = 20 }\n",
    ));
    assert!(
        log(&game)
            .iter()
            .any(|e| e.contains("can't pay {W/B} for extort"))
    );
}

/// Alice casts Glowering Rogon (a Beast) with Krosan Vorine (a Cat Beast) and Raging Goblin
/// also in her hand, answering `choices`.
fn cast_the_rogon(choices: &[&str], expect: &str) -> String {
    cast("Glowering Rogon", "Forest", 6, &[], &[], expect)
        .replace(
            "hand = [\"Glowering Rogon\"]",
            "hand = [\"Glowering Rogon\", \"Krosan Vorine\", \"Raging Goblin\"]",
        )
        .replace(
            "[[action]]\nplayer = \"Bob\"\npass = true\n",
            &format!(
                "[[action]]\nplayer = \"Bob\"\npass = true\n{}",
                choices
                    .iter()
                    .map(|c| format!("[[action]]\nplayer = \"Alice\"\nchoose = \"{c}\"\n"))
                    .collect::<String>()
            ),
        )
}

#[test]
fn amplify_reveals_cards_sharing_a_creature_type_for_counters() {
    let game = play(&cast_the_rogon(
        &["Glowering Rogon: Krosan Vorine"],
        "[expect]\nhand = { Alice = [\"Krosan Vorine\", \"Raging Goblin\"] }\nlog = [\"[502.27a] Glowering Rogon reveals Krosan Vorine and comes into play with 1 +1/+1 counter(s)\"]\n",
    ));
    let r = game.object_labelled("Glowering Rogon").unwrap();
    assert_eq!(game.power(r.id), Some(5));
    // Raging Goblin shares no creature type with it.
    let e = run_scenario(&scenario(&cast_the_rogon(
        &["Glowering Rogon: Raging Goblin"],
        "",
    )))
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("502.27a"), "{e}");
    // By default nothing is revealed.
    let game = play(&cast_the_rogon(
        &[],
        "[expect]\nin_play = [\"Glowering Rogon\"]\n",
    ));
    let r = game.object_labelled("Glowering Rogon").unwrap();
    assert_eq!(game.power(r.id), Some(4));
}

/// Alice's main phase with a creature with ascend (a card defined here) and `plains` Plains.
fn ascender(plains: usize, with_ascend: bool) -> String {
    let text = if with_ascend { "Ascend" } else { "" };
    format!(
        "[[card]]\nname = \"Ascending Bear\"\ncost = \"{{1}}{{G}}\"\ntype = \"Creature — Bear\"\npt = \"2/2\"\ntext = \"{text}\"\n"
    ) + &main_phase(&["Ascending Bear"], plains, &[], "")
}

#[test]
fn ascend_gives_the_citys_blessing_for_the_rest_of_the_game_at_ten_permanents() {
    // Nine Plains and the Bear: ten permanents.
    let game = play(
        &(ascender(9, true)
            + "[expect]\nlog = [\"[702.131b] Alice controls 10 permanents and gets the city's blessing for the rest of the game\"]\n"),
    );
    assert!(game.player_named("Alice").unwrap().citys_blessing);
    assert!(!game.player_named("Bob").unwrap().citys_blessing);
    // Nine permanents aren't enough.
    let game = play(&ascender(8, true));
    assert!(!game.player_named("Alice").unwrap().citys_blessing);
    // Without ascend, ten permanents give nothing.
    let game = play(&ascender(9, false));
    assert!(!game.player_named("Alice").unwrap().citys_blessing);
}
