//! Keyword abilities played from a card, and a replacement of a draw from the graveyard:
//! transmute (502.48), reinforce (502.77), scavenge (current 702.97), embalm (current 702.128),
//! eternalize (current 702.129), dredge (502.47). Played through the engine: what they do,
//! and how a use the rules forbid is refused with the rule it breaks.

use crate::common;

use common::{BOTH_PASS, log, play, scenario};
use skirmish::engine::run_scenario;
use skirmish::model::Zone;

/// A scenario that must stop on a refused action: the refusal's message.
fn refused(text: &str) -> String {
    let e = run_scenario(&scenario(text)).unwrap_err();
    e.to_string()
}

/// Alice's `step` (her turn) with `lands` of hers in play, Grizzly Bears of hers and Hill Giant
/// of Bob's, her `hand`, `graveyard` and `library`; then `rest` (actions, `[expect]`, cards).
fn board(
    step: &str,
    lands: &[&str],
    hand: &[&str],
    graveyard: &[&str],
    library: &[&str],
    rest: &str,
) -> String {
    let list = |cards: &[&str]| {
        cards
            .iter()
            .map(|c| format!("\"{c}\""))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut text = format!(
        r#"
[turn]
active = "Alice"
step = "{step}"
[[player]]
name = "Alice"
hand = [{}]
graveyard = [{}]
library = [{}]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Bob"
"#,
        list(hand),
        list(graveyard),
        list(library)
    );
    for (i, l) in lands.iter().enumerate() {
        text += &format!(
            "[[permanent]]\ncard = \"{l}\"\ncontroller = \"Alice\"\nlabel = \"{l} {}\"\n",
            i + 1
        );
    }
    text + rest
}

#[test]
fn transmute_discards_the_card_and_finds_a_card_with_its_converted_mana_cost() {
    // Dizzy Spell's converted mana cost is 1: Llanowar Elves ({G}) fits, Grizzly Bears doesn't.
    let game = play(&board(
        "precombat-main",
        &["Island", "Island", "Island"],
        &["Dizzy Spell"],
        &[],
        &["Forest", "Llanowar Elves", "White Knight"],
        &format!(
            r#"
[[action]]
player = "Alice"
activate = "Dizzy Spell"
{BOTH_PASS}
[[action]]
player = "Alice"
choose = "Dizzy Spell: Llanowar Elves"
[expect]
hand = {{ Alice = ["Llanowar Elves"] }}
graveyard = {{ Alice = ["Dizzy Spell"] }}
log = ["[409.1] Alice plays Dizzy Spell's ability", "[502.48a] Dizzy Spell is discarded to pay its transmute {{1}}{{U}}{{U}} cost", "[502.48a] Alice reveals Llanowar Elves (converted mana cost 1) from the library and puts it into the hand", "[502.48a] Alice shuffles the library"]
"#
        ),
    ));
    assert_eq!(game.players[0].library.len(), 2);
}

#[test]
fn transmute_refuses_a_card_of_another_converted_mana_cost_and_other_timings() {
    // The card found must have the same converted mana cost (502.48a).
    let e = refused(&board(
        "precombat-main",
        &["Island", "Island", "Island"],
        &["Dizzy Spell"],
        &[],
        &["Forest", "White Knight"],
        &format!(
            "[[action]]\nplayer = \"Alice\"\nactivate = \"Dizzy Spell\"\n{BOTH_PASS}[[action]]\nplayer = \"Alice\"\nchoose = \"Dizzy Spell: White Knight\"\n"
        ),
    ));
    assert!(e.contains("502.48a"), "{e}");
    // Only any time its owner could play a sorcery.
    let e = refused(&board(
        "beginning-of-combat",
        &["Island", "Island", "Island"],
        &["Dizzy Spell"],
        &[],
        &["Forest"],
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Dizzy Spell\"\n",
    ));
    assert!(e.contains("502.48a") && e.contains("sorcery"), "{e}");
    // Only from the hand (502.48b): not from the graveyard.
    let e = refused(&board(
        "precombat-main",
        &["Island", "Island", "Island"],
        &[],
        &["Dizzy Spell"],
        &["Forest"],
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Dizzy Spell\"\n",
    ));
    assert!(e.contains("502.48a") && e.contains("hand"), "{e}");
    // Its cost must be paid (409.1h): two Islands can't pay {1}{U}{U}.
    let e = refused(&board(
        "precombat-main",
        &["Island", "Island"],
        &["Dizzy Spell"],
        &[],
        &["Forest"],
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Dizzy Spell\"\n",
    ));
    assert!(e.contains("409.1h"), "{e}");
}

#[test]
fn reinforce_discards_the_card_and_puts_counters_on_the_target_at_instant_speed() {
    // In combat, not a main phase: reinforce has no sorcery timing.
    let game = play(&board(
        "beginning-of-combat",
        &["Plains", "Plains"],
        &["Mosquito Guard"],
        &[],
        &[],
        &format!(
            r#"
[[action]]
player = "Alice"
activate = "Mosquito Guard"
targets = ["Grizzly Bears"]
{BOTH_PASS}
[expect]
graveyard = {{ Alice = ["Mosquito Guard"] }}
log = ["[502.77a] Mosquito Guard is discarded to pay its reinforce 1—{{1}}{{W}} cost", "1 +1/+1 counter put on Grizzly Bears"]
"#
        ),
    ));
    let bears = game.object_labelled("Grizzly Bears").unwrap();
    assert_eq!(game.power(bears.id), Some(3));
    // It needs its target (409.1c), and works only from the hand (502.77b).
    let e = refused(&board(
        "beginning-of-combat",
        &["Plains", "Plains"],
        &["Mosquito Guard"],
        &[],
        &[],
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Mosquito Guard\"\n",
    ));
    assert!(e.contains("409.1c"), "{e}");
    let e = refused(&board(
        "beginning-of-combat",
        &["Plains", "Plains"],
        &[],
        &["Mosquito Guard"],
        &[],
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Mosquito Guard\"\ntargets = [\"Grizzly Bears\"]\n",
    ));
    assert!(e.contains("502.77a"), "{e}");
}

const SEWER_SHAMBLER: &str = r#"
[[card]]
name = "Sewer Shambler"
cost = "{2}{B}"
type = "Creature — Zombie"
pt = "2/1"
text = """
Swampwalk
Scavenge {2}{B}"""
"#;

#[test]
fn scavenge_removes_the_card_and_puts_counters_equal_to_its_power_on_the_target() {
    let game = play(&board(
        "precombat-main",
        &["Swamp", "Swamp", "Swamp"],
        &[],
        &["Sewer Shambler"],
        &[],
        &format!(
            r#"{SEWER_SHAMBLER}
[[action]]
player = "Alice"
activate = "Sewer Shambler"
targets = ["Grizzly Bears"]
{BOTH_PASS}
[expect]
graveyard = {{ Alice = [] }}
log = ["[702.97a] Sewer Shambler is removed from its owner's graveyard from the game to pay its scavenge {{2}}{{B}} cost", "2 +1/+1 counters put on Grizzly Bears"]
"#
        ),
    ));
    let bears = game.object_labelled("Grizzly Bears").unwrap();
    assert_eq!(game.power(bears.id), Some(4));
    let shambler = game.object_labelled("Sewer Shambler").unwrap();
    assert_eq!(shambler.zone, Zone::RemovedFromGame);
    // Only as a sorcery, and only from the graveyard.
    let e = refused(&board(
        "beginning-of-combat",
        &["Swamp", "Swamp", "Swamp"],
        &[],
        &["Sewer Shambler"],
        &[],
        &format!(
            "{SEWER_SHAMBLER}[[action]]\nplayer = \"Alice\"\nactivate = \"Sewer Shambler\"\ntargets = [\"Grizzly Bears\"]\n"
        ),
    ));
    assert!(e.contains("702.97a") && e.contains("sorcery"), "{e}");
    let e = refused(&board(
        "precombat-main",
        &["Swamp", "Swamp", "Swamp"],
        &["Sewer Shambler"],
        &[],
        &[],
        &format!(
            "{SEWER_SHAMBLER}[[action]]\nplayer = \"Alice\"\nactivate = \"Sewer Shambler\"\ntargets = [\"Grizzly Bears\"]\n"
        ),
    ));
    assert!(e.contains("702.97a") && e.contains("graveyard"), "{e}");
}

#[test]
fn embalm_puts_a_white_zombie_token_copy_into_play() {
    let game = play(&board(
        "precombat-main",
        &["Plains"],
        &[],
        &["Sacred Cat"],
        &[],
        &format!(
            r#"
[[action]]
player = "Alice"
activate = "Sacred Cat"
{BOTH_PASS}
[expect]
log = ["[702.128a] Sacred Cat is removed from its owner's graveyard", "[702.128a] Alice puts into play Sacred Cat token, a token that's a copy of Sacred Cat, except it's a white Zombie with no mana cost"]
"#
        ),
    ));
    let token = game.object_labelled("Sacred Cat token").unwrap();
    assert!(token.token);
    assert_eq!(token.card.mana_cost, None);
    assert_eq!(token.card.type_line.subtypes, vec!["Cat", "Zombie"]);
    assert_eq!(
        token.card.token_colors,
        Some(vec![skirmish::mana::Color::White])
    );
    assert!(game.has_keyword(token.id, &skirmish::ability::Keyword::Lifelink));
    assert_eq!(
        (game.power(token.id), game.toughness(token.id)),
        (Some(1), Some(1))
    );
    assert_eq!(
        game.object_labelled("Sacred Cat").unwrap().zone,
        Zone::RemovedFromGame
    );
    // Only as a sorcery.
    let e = refused(&board(
        "beginning-of-combat",
        &["Plains"],
        &[],
        &["Sacred Cat"],
        &[],
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Sacred Cat\"\n",
    ));
    assert!(e.contains("702.128a"), "{e}");
}

#[test]
fn eternalize_puts_a_black_four_four_zombie_token_copy_into_play() {
    let game = play(&board(
        "precombat-main",
        &["Island", "Island", "Island", "Island", "Island", "Island"],
        &[],
        &["Proven Combatant"],
        &[],
        &format!(
            r#"
[[action]]
player = "Alice"
activate = "Proven Combatant"
{BOTH_PASS}
[expect]
log = ["[702.129a] Alice puts into play Proven Combatant token"]
"#
        ),
    ));
    let token = game.object_labelled("Proven Combatant token").unwrap();
    assert_eq!(
        (game.power(token.id), game.toughness(token.id)),
        (Some(4), Some(4))
    );
    assert_eq!(
        token.card.token_colors,
        Some(vec![skirmish::mana::Color::Black])
    );
    assert_eq!(
        token.card.type_line.subtypes,
        vec!["Human", "Warrior", "Zombie"]
    );
    // Five Islands can't pay {4}{U}{U} (409.1h).
    let e = refused(&board(
        "precombat-main",
        &["Island", "Island", "Island", "Island", "Island"],
        &[],
        &["Proven Combatant"],
        &[],
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Proven Combatant\"\n",
    ));
    assert!(e.contains("409.1h"), "{e}");
}

#[test]
fn dredge_replaces_the_draw_if_its_player_wants() {
    let game = play(&board(
        "upkeep",
        &[],
        &[],
        &["Grave-Shell Scarab"],
        &["Forest", "Mountain"],
        r#"
[[action]]
player = "Alice"
choose = "Grave-Shell Scarab: Grave-Shell Scarab"
[expect]
hand = { Alice = ["Grave-Shell Scarab"] }
graveyard = { Alice = ["Forest"] }
log = ["[502.47a] Alice dredges 1 instead of drawing: Forest put into the graveyard from the library, and Grave-Shell Scarab returned to the hand"]
no_log = ["Alice draws"]
"#,
    ));
    assert_eq!(game.players[0].library.len(), 1);
    // Declined (the default), the player draws.
    play(&board(
        "upkeep",
        &[],
        &[],
        &["Grave-Shell Scarab"],
        &["Forest", "Mountain"],
        r#"
[expect]
hand = { Alice = ["Forest"] }
graveyard = { Alice = ["Grave-Shell Scarab"] }
no_log = ["dredges"]
"#,
    ));
}

#[test]
fn dredge_needs_as_many_cards_in_the_library() {
    // 502.47b: Dakmor Salvage's dredge 2 with one card in the library isn't offered, so the
    // script's answer to it is never asked for.
    let salvage = r#"
[[card]]
name = "Dakmor Salvage"
type = "Land"
text = """
Dakmor Salvage enters the battlefield tapped.
{T}: Add {B}.
Dredge 2"""
"#;
    let e = refused(&board(
        "upkeep",
        &[],
        &[],
        &["Dakmor Salvage"],
        &["Forest"],
        &format!(
            "{salvage}[[action]]\nplayer = \"Alice\"\nchoose = \"Dakmor Salvage: Dakmor Salvage\"\n"
        ),
    ));
    assert!(e.contains("never taken"), "{e}");
    let game = play(&board(
        "upkeep",
        &[],
        &[],
        &["Dakmor Salvage"],
        &["Forest"],
        &format!("{salvage}[expect]\nhand = {{ Alice = [\"Forest\"] }}\nno_log = [\"dredges\"]\n"),
    ));
    assert!(game.players[0].library.is_empty());
}

#[test]
fn surge_is_paid_rather_than_the_mana_cost_once_its_caster_has_played_another_spell() {
    // Giant Growth first, then Boulder Salvo for {1}{R}: 4 damage kills Hill Giant.
    let game = play(&board(
        "precombat-main",
        &["Forest", "Mountain", "Mountain"],
        &["Giant Growth", "Boulder Salvo"],
        &[],
        &[],
        &format!(
            r#"
[[action]]
player = "Alice"
cast = "Giant Growth"
targets = ["Grizzly Bears"]
{BOTH_PASS}
[[action]]
player = "Alice"
cast = "Boulder Salvo"
targets = ["Hill Giant"]
with = ["surge"]
{BOTH_PASS}
[expect]
not_in_play = ["Hill Giant"]
untapped = []
log = ["[702.117a] Alice plays Boulder Salvo, paying its surge cost {{1}}{{R}} rather than its mana cost"]
"#
        ),
    ));
    assert!(game.players[0].graveyard.len() == 2, "{:?}", log(&game));
    // Without another spell this turn, the surge cost can't be paid.
    let e = refused(&board(
        "precombat-main",
        &["Forest", "Mountain", "Mountain"],
        &["Boulder Salvo"],
        &[],
        &[],
        "[[action]]\nplayer = \"Alice\"\ncast = \"Boulder Salvo\"\ntargets = [\"Hill Giant\"]\nwith = [\"surge\"]\n",
    ));
    assert!(e.contains("702.117a"), "{e}");
    // A card without surge has no surge cost.
    let e = refused(&board(
        "precombat-main",
        &["Forest", "Mountain", "Mountain"],
        &["Shock"],
        &[],
        &[],
        "[[action]]\nplayer = \"Alice\"\ncast = \"Shock\"\ntargets = [\"Hill Giant\"]\nwith = [\"surge\"]\n",
    ));
    assert!(e.contains("702.117a"), "{e}");
}

#[test]
fn miracle_lets_the_first_card_drawn_this_turn_be_revealed_and_cast_for_its_cost() {
    let game = play(&board(
        "upkeep",
        &["Mountain"],
        &[],
        &[],
        &["Thunderous Wrath", "Forest"],
        &format!(
            r#"
[[action]]
player = "Alice"
choose = "Thunderous Wrath: Thunderous Wrath"
{BOTH_PASS}
[[action]]
player = "Alice"
choose = "Thunderous Wrath: Thunderous Wrath"
[[action]]
player = "Alice"
choose = "Thunderous Wrath: Bob"
{BOTH_PASS}
[expect]
life = {{ Bob = 15 }}
tapped = ["Mountain 1"]
graveyard = {{ Alice = ["Thunderous Wrath"] }}
log = ["[702.94a] Alice reveals Thunderous Wrath, the first card he or she has drawn this turn (miracle {{R}})", "[702.94a] Alice plays Thunderous Wrath by its miracle ability, paying {{R}} rather than its mana cost"]
"#
        ),
    ));
    assert_eq!(game.players[0].library.len(), 1);
    // Not revealed (the default), it is an ordinary card in the hand.
    play(&board(
        "upkeep",
        &["Mountain"],
        &[],
        &[],
        &["Thunderous Wrath", "Forest"],
        "[expect]\nlife = { Bob = 20 }\nhand = { Alice = [\"Thunderous Wrath\"] }\nno_log = [\"702.94a\"]\n",
    ));
}

#[test]
fn miracle_is_offered_only_for_the_first_card_drawn_this_turn() {
    // The draw step's card is the first; Thunderous Wrath, drawn by Grave-Shell Scarab's
    // ability afterwards, can't be revealed, so the script's answer is never asked for.
    let mut text = board(
        "upkeep",
        &["Mountain", "Mountain"],
        &[],
        &[],
        &["Forest", "Thunderous Wrath"],
        r#"
[[permanent]]
card = "Grave-Shell Scarab"
controller = "Alice"
[[action]]
player = "Alice"
step = "precombat-main"
activate = "Grave-Shell Scarab"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
pass = true
"#,
    );
    let game = play(&text);
    assert!(game.players[0].hand.iter().any(|id| {
        game.object(*id)
            .is_some_and(|o| o.label == "Thunderous Wrath")
    }));
    text += "[[action]]\nplayer = \"Alice\"\nchoose = \"Thunderous Wrath: Thunderous Wrath\"\n";
    let e = refused(&text);
    assert!(e.contains("never taken"), "{e}");
}

#[test]
fn recover_returns_the_card_if_paid_and_removes_it_from_the_game_otherwise() {
    // Alice's Krovikan Rot destroys her own Grizzly Bears: the Rot already in her graveyard
    // triggers; the one just played was put there after the Bears, so it doesn't.
    let rot = |answer: &str, expect: &str| {
        board(
            "precombat-main",
            &["Swamp", "Swamp", "Swamp", "Swamp", "Swamp", "Swamp"],
            &["Krovikan Rot"],
            &[r#"{ card = "Krovikan Rot", label = "Old Rot" }"#],
            &[],
            &format!(
                r#"
[[action]]
player = "Alice"
cast = "Krovikan Rot"
targets = ["Grizzly Bears"]
{BOTH_PASS}
[[action]]
player = "Alice"
choose = "Old Rot: {answer}"
{BOTH_PASS}
[expect]
{expect}
"#
            ),
        )
        .replace(
            r#""{ card = "Krovikan Rot", label = "Old Rot" }""#,
            r#"{ card = "Krovikan Rot", label = "Old Rot" }"#,
        )
    };
    let game = play(&rot(
        "Old Rot",
        "hand = { Alice = [\"Old Rot\"] }\ngraveyard = { Alice = [\"Grizzly Bears\", \"Krovikan Rot\"] }\nlog = [\"[502.55a] Alice pays {1}{B}{B} and returns Old Rot from the graveyard to the hand\"]",
    ));
    assert_eq!(
        log(&game)
            .iter()
            .filter(|l| l.contains("recover {1}{B}{B} (502.55a)") && l.contains("triggers"))
            .count(),
        1,
        "{:?}",
        log(&game)
    );
    let game = play(&rot(
        "nothing",
        "graveyard = { Alice = [\"Grizzly Bears\", \"Krovikan Rot\"] }\nlog = [\"[502.55a] Alice doesn't pay {1}{B}{B}, so Old Rot is removed from the game\"]",
    ));
    assert_eq!(
        game.object_labelled("Old Rot").unwrap().zone,
        Zone::RemovedFromGame
    );
}

#[test]
fn multikicker_is_paid_any_number_of_times_and_counted() {
    let seven = ["Plains"; 7];
    let game = play(&board(
        "precombat-main",
        &seven,
        &["Apex Hawks"],
        &[],
        &[],
        &format!(
            r#"
[[action]]
player = "Alice"
cast = "Apex Hawks"
with = ["multikicker", "multikicker"]
{BOTH_PASS}
[expect]
log = ["[409.1h] Alice pays {{W}}{{W}}{{W}}{{W}}{{W}}{{W}}{{W}} for Apex Hawks", "[702.33c] Alice pays the multikicker cost {{1}}{{W}} of Apex Hawks", "[702.33c] Alice pays the multikicker cost {{1}}{{W}} of Apex Hawks", "[702.33e] Apex Hawks was kicked 2 time(s), so it comes into play with 2 +1/+1 counter(s) on it"]
"#
        ),
    ));
    let hawks = game.object_labelled("Apex Hawks").unwrap();
    assert_eq!(game.power(hawks.id), Some(4));
    // Not kicked: no counters.
    let game = play(&board(
        "precombat-main",
        &seven,
        &["Apex Hawks"],
        &[],
        &[],
        &format!(
            "[[action]]\nplayer = \"Alice\"\ncast = \"Apex Hawks\"\n{BOTH_PASS}[expect]\nno_log = [\"702.33\"]\n"
        ),
    ));
    let hawks = game.object_labelled("Apex Hawks").unwrap();
    assert_eq!(game.power(hawks.id), Some(2));
    // Three payments need nine mana (409.1h); a card without multikicker has none (702.33c).
    let e = refused(&board(
        "precombat-main",
        &seven,
        &["Apex Hawks"],
        &[],
        &[],
        "[[action]]\nplayer = \"Alice\"\ncast = \"Apex Hawks\"\nwith = [\"multikicker\", \"multikicker\", \"multikicker\"]\n",
    ));
    assert!(e.contains("409.1h"), "{e}");
    let e = refused(&board(
        "precombat-main",
        &seven,
        &["White Knight"],
        &[],
        &[],
        "[[action]]\nplayer = \"Alice\"\ncast = \"White Knight\"\nwith = [\"multikicker\"]\n",
    ));
    assert!(e.contains("702.33c"), "{e}");
}

/// Two kicker costs, and an ability counting the kicker costs paid.
const TWO_KICKERS: &str = r#"
[[card]]
name = "Twice Kicked Wizard"
cost = "{2}{G}"
type = "Creature — Elf Wizard"
pt = "2/2"
text = """
Kicker {R} and/or {W}
Twice Kicked Wizard enters the battlefield with a +1/+1 counter on it for each time it was kicked."""
"#;

#[test]
fn kicker_and_or_is_two_kicker_costs_paid_either_or_both() {
    let lands = ["Forest", "Forest", "Forest", "Mountain", "Plains"];
    let game = play(&board(
        "precombat-main",
        &lands,
        &["Twice Kicked Wizard"],
        &[],
        &[],
        &format!(
            r#"{TWO_KICKERS}
[[action]]
player = "Alice"
cast = "Twice Kicked Wizard"
with = ["kicker", "second-kicker"]
{BOTH_PASS}
[expect]
log = ["[502.21a] Alice pays the kicker cost {{R}} of Twice Kicked Wizard", "[502.21a] Alice pays the second-kicker cost {{W}} of Twice Kicked Wizard", "[702.33e] Twice Kicked Wizard was kicked 2 time(s)"]
"#
        ),
    ));
    let w = game.object_labelled("Twice Kicked Wizard").unwrap();
    assert_eq!(game.power(w.id), Some(4));
    // Only the second: {W}, not {R}, is paid.
    let game = play(&board(
        "precombat-main",
        &["Forest", "Forest", "Forest", "Plains"],
        &["Twice Kicked Wizard"],
        &[],
        &[],
        &format!(
            "{TWO_KICKERS}[[action]]\nplayer = \"Alice\"\ncast = \"Twice Kicked Wizard\"\nwith = [\"second-kicker\"]\n{BOTH_PASS}[expect]\nno_log = [\"the kicker cost\"]\nlog = [\"the second-kicker cost {{W}}\"]\n"
        ),
    ));
    let w = game.object_labelled("Twice Kicked Wizard").unwrap();
    assert_eq!(game.power(w.id), Some(3));
    // A card with one kicker cost has no second one (502.21a).
    let e = refused(&board(
        "precombat-main",
        &lands,
        &["Ardent Soldier"],
        &[],
        &[],
        "[[action]]\nplayer = \"Alice\"\ncast = \"Ardent Soldier\"\nwith = [\"second-kicker\"]\n",
    ));
    assert!(e.contains("502.21a"), "{e}");
}

const TRIBUTE: &str = r#"
[[card]]
name = "Tribute Taker"
cost = "{1}{G}"
type = "Creature — Beast"
pt = "2/2"
text = "Tribute 2"
"#;

#[test]
fn tribute_lets_the_opponent_put_counters_on_it_as_it_comes_into_play() {
    let cast = |answer: &str| {
        board(
            "precombat-main",
            &["Forest", "Forest"],
            &["Tribute Taker"],
            &[],
            &[],
            &format!(
                "{TRIBUTE}[[action]]\nplayer = \"Alice\"\ncast = \"Tribute Taker\"\n{BOTH_PASS}{answer}"
            ),
        )
    };
    let game = play(&cast(
        "[[action]]\nplayer = \"Bob\"\nchoose = \"Tribute Taker: Tribute Taker\"\n[expect]\nlog = [\"[702.104a] Alice chooses Bob for Tribute Taker's tribute 2\", \"[702.104a] Bob pays tribute: Tribute Taker comes into play with 2 +1/+1 counter(s) on it\"]\n",
    ));
    let t = game.object_labelled("Tribute Taker").unwrap();
    assert_eq!(game.power(t.id), Some(4));
    // By default the opponent doesn't pay.
    let game = play(&cast(
        "[expect]\nlog = [\"[702.104a] Bob doesn't pay Tribute Taker's tribute\"]\n",
    ));
    let t = game.object_labelled("Tribute Taker").unwrap();
    assert_eq!(game.power(t.id), Some(2));
}

const HIDEAWAY: &str = r#"
[[card]]
name = "Hideaway Keeper"
cost = "{G}"
type = "Creature — Elf"
pt = "1/1"
text = "Hideaway"
"#;

#[test]
fn hideaway_comes_into_play_tapped_and_removes_one_of_the_top_four_cards() {
    let game = play(&board(
        "precombat-main",
        &["Forest"],
        &["Hideaway Keeper"],
        &[],
        &["Forest", "Mountain", "Island", "Swamp", "Plains"],
        &format!(
            r#"{HIDEAWAY}
[[action]]
player = "Alice"
cast = "Hideaway Keeper"
{BOTH_PASS}
{BOTH_PASS}
[[action]]
player = "Alice"
choose = "Hideaway Keeper: Mountain"
[expect]
log = ["[502.75a] Alice looks at the top card(s) of the library, removes one of them from the game face down, and puts 3 on the bottom"]
"#
        ),
    ));
    let keeper = game.object_labelled("Hideaway Keeper").unwrap();
    assert!(keeper.tapped());
    assert_eq!(
        game.object_labelled("Mountain").unwrap().zone,
        Zone::RemovedFromGame
    );
    let library: Vec<String> = game.players[0]
        .library
        .iter()
        .map(|id| game.object(*id).unwrap().label.clone())
        .collect();
    assert_eq!(library, ["Plains", "Forest", "Island", "Swamp"]);
}

const EMERGE: &str = r#"
[[card]]
name = "Emerging Hippogriff"
cost = "{7}"
type = "Creature — Eldrazi Hippogriff"
pt = "3/4"
text = """
Emerge {5}{U}
Flying"""
"#;

#[test]
fn emerge_sacrifices_a_creature_and_reduces_the_cost_by_its_mana_value() {
    // {5}{U} less Grizzly Bears' 2: four lands pay it.
    let game = play(&board(
        "precombat-main",
        &["Island", "Island", "Island", "Island"],
        &["Emerging Hippogriff"],
        &[],
        &[],
        &format!(
            r#"{EMERGE}
[[action]]
player = "Alice"
cast = "Emerging Hippogriff"
with = ["emerge"]
[[action]]
player = "Alice"
choose = "Emerging Hippogriff: Grizzly Bears"
{BOTH_PASS}
[expect]
not_in_play = ["Grizzly Bears"]
graveyard = {{ Alice = ["Grizzly Bears"] }}
log = ["[409.1h] Alice pays {{U}}{{U}}{{U}}{{U}} for Emerging Hippogriff", "[702.119a] Alice plays Emerging Hippogriff, sacrificing Grizzly Bears and paying its emerge cost {{5}}{{U}} reduced by 2 rather than its mana cost", "[501.6] Grizzly Bears is sacrificed"]
"#
        ),
    ));
    assert_eq!(
        game.object_labelled("Emerging Hippogriff").unwrap().zone,
        Zone::InPlay
    );
    // Three lands can't pay {3}{U} (409.1h).
    let e = refused(&board(
        "precombat-main",
        &["Island", "Island", "Island"],
        &["Emerging Hippogriff"],
        &[],
        &[],
        &format!(
            "{EMERGE}[[action]]\nplayer = \"Alice\"\ncast = \"Emerging Hippogriff\"\nwith = [\"emerge\"]\n"
        ),
    ));
    assert!(e.contains("409.1h"), "{e}");
    // A card without emerge has no emerge cost.
    let e = refused(&board(
        "precombat-main",
        &["Island", "Island", "Island"],
        &["White Knight"],
        &[],
        &[],
        "[[action]]\nplayer = \"Alice\"\ncast = \"White Knight\"\nwith = [\"emerge\"]\n",
    ));
    assert!(e.contains("702.119a"), "{e}");
}

/// A Rogue to attack with, a Warrior, and a Rogue sorcery with prowl.
const PROWL: &str = r#"
[[card]]
name = "Sneaky Rogue"
cost = "{1}{B}"
type = "Creature — Goblin Rogue"
pt = "1/1"
text = ""

[[card]]
name = "Plain Warrior"
cost = "{1}{B}"
type = "Creature — Goblin Warrior"
pt = "1/1"
text = ""

[[card]]
name = "Rogue's Gambit"
cost = "{3}{B}{B}"
type = "Tribal Sorcery — Rogue"
text = """
Prowl {B}
You gain 2 life."""
"#;

fn prowl_board(attacker: &str, rest: &str) -> String {
    board(
        "declare-attackers",
        &["Swamp"],
        &["Rogue's Gambit"],
        &[],
        &[],
        &format!(
            r#"{PROWL}
[[permanent]]
card = "{attacker}"
controller = "Alice"
[[action]]
player = "Alice"
attack = "{attacker}"
[[action]]
player = "Alice"
step = "postcombat-main"
cast = "Rogue's Gambit"
with = ["prowl"]
{rest}"#
        ),
    )
}

#[test]
fn prowl_is_paid_after_a_creature_sharing_a_type_dealt_combat_damage_to_a_player() {
    play(&prowl_board(
        "Sneaky Rogue",
        &format!(
            "{BOTH_PASS}[expect]\nlife = {{ Alice = 22, Bob = 19 }}\nlog = [\"[502.76a] Alice plays Rogue's Gambit, paying its prowl cost {{B}} rather than its mana cost\"]\n"
        ),
    ));
    // A Warrior shares no creature type with the Rogue sorcery.
    let e = refused(&prowl_board("Plain Warrior", ""));
    assert!(e.contains("502.76a") && e.contains("Rogue"), "{e}");
}

#[test]
fn awaken_makes_a_land_of_its_casters_a_creature_with_counters_for_good() {
    let six = ["Island"; 6];
    let game = play(&board(
        "precombat-main",
        &six,
        &["Coastal Discovery"],
        &[],
        &["Forest", "Mountain"],
        &format!(
            r#"
[[action]]
player = "Alice"
cast = "Coastal Discovery"
targets = ["Island 1"]
with = ["awaken"]
{BOTH_PASS}
[expect]
hand = {{ Alice = ["Forest", "Mountain"] }}
log = ["[702.113a] Alice plays Coastal Discovery, paying its awaken cost {{5}}{{U}} rather than its mana cost", "4 +1/+1 counters put on Island 1"]
"#
        ),
    ));
    // After the turn's cleanup it is still a 4/4 Elemental creature land with haste.
    let island = game.object_labelled("Island 1").unwrap();
    assert!(
        island.is(skirmish::typeline::CardType::Creature),
        "{:?}",
        log(&game)
    );
    assert!(island.is(skirmish::typeline::CardType::Land));
    assert!(island.type_line().has_subtype("Elemental"));
    assert_eq!(
        (game.power(island.id), game.toughness(island.id)),
        (Some(4), Some(4))
    );
    assert!(game.has_keyword(island.id, &skirmish::ability::Keyword::Haste));
    // Without it, the spell has no land target: one target too many (409.1c).
    let e = refused(&board(
        "precombat-main",
        &six,
        &["Coastal Discovery"],
        &[],
        &["Forest", "Mountain"],
        "[[action]]\nplayer = \"Alice\"\ncast = \"Coastal Discovery\"\ntargets = [\"Island 1\"]\n",
    ));
    assert!(e.contains("409.1c"), "{e}");
    // The land must be its caster's (409.1c), and the target is needed.
    let e = refused(&board(
        "precombat-main",
        &six,
        &["Coastal Discovery"],
        &[],
        &["Forest", "Mountain"],
        "[[permanent]]\ncard = \"Forest\"\ncontroller = \"Bob\"\nlabel = \"Bob's Forest\"\n[[action]]\nplayer = \"Alice\"\ncast = \"Coastal Discovery\"\ntargets = [\"Bob's Forest\"]\nwith = [\"awaken\"]\n",
    ));
    assert!(e.contains("409.1c"), "{e}");
    let e = refused(&board(
        "precombat-main",
        &six,
        &["Coastal Discovery"],
        &[],
        &["Forest", "Mountain"],
        "[[action]]\nplayer = \"Alice\"\ncast = \"Coastal Discovery\"\nwith = [\"awaken\"]\n",
    ));
    assert!(e.contains("409.1c"), "{e}");
}
