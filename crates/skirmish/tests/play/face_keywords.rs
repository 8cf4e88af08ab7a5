//! Keywords of face-down permanents, levelers, Vehicles, bestow, soulbond and champion, played
//! through the engine: morph (502.26, 504), megamorph (current 702.37), and the refusals of
//! illegal uses, each with the rule it breaks.

use crate::common;

use common::{log, scenario};
use skirmish::engine::run_scenario;
use skirmish::model::{Game, Zone};

/// Runs a scenario that must play out, and checks its `[expect]` table on the final state.
fn play(text: &str) -> Game {
    let s = scenario(text);
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.expect.check(&game), vec![], "{:#?}", log(&game));
    game
}

/// The rule a scenario's refused action breaks.
fn refused(text: &str) -> String {
    let e = run_scenario(&scenario(text)).expect_err("the action is refused");
    e.rule.clone().unwrap_or_else(|| panic!("no rule: {e}"))
}

fn plains(n: usize, controller: &str) -> String {
    (1..=n)
        .map(|i| {
            format!(
                "[[permanent]]\ncard = \"Plains\"\ncontroller = \"{controller}\"\nlabel = \"{controller}'s Plains {i}\"\n"
            )
        })
        .collect()
}

const MAIN: &str = r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Daru Lancer", "Grizzly Bears"]
[[player]]
name = "Bob"
"#;

#[test]
fn morph_plays_a_card_face_down_for_three_as_a_nameless_colorless_2_2() {
    let game = play(&format!(
        "{MAIN}{}\n[[action]]\nplayer = \"Alice\"\ncast = \"Daru Lancer\"\nwith = [\"morph\"]\n\n[expect]\nin_play = [\"Daru Lancer\"]\ntapped = [\"Alice's Plains 1\", \"Alice's Plains 2\", \"Alice's Plains 3\"]\nlog = [\"[502.26b] Alice plays Daru Lancer face down\"]\n",
        plains(3, "Alice")
    ));
    let lancer = game.object_labelled("Daru Lancer").unwrap();
    assert!(lancer.is_face_down());
    assert_eq!((lancer.power(), lancer.toughness()), (Some(2), Some(2)));
    assert!(lancer.colors().is_empty(), "no mana cost, so colorless");
    assert_eq!(lancer.name(), "");
    assert!(lancer.type_line().subtypes.is_empty());
    assert!(
        game.keywords(lancer.id).is_empty(),
        "no first strike: no text"
    );
    assert_eq!(lancer.real_card().name, "Daru Lancer");
}

#[test]
fn morph_refusals_name_their_rule() {
    // 502.26c: a card without morph can't be played face down.
    let no_morph = format!(
        "{MAIN}{}\n[[action]]\nplayer = \"Alice\"\ncast = \"Grizzly Bears\"\nwith = [\"morph\"]\n",
        plains(3, "Alice")
    );
    assert_eq!(refused(&no_morph), "502.26c");
    // 502.26b: the face-down spell has no text, so no kicker to pay.
    let kicked = format!(
        "{MAIN}{}\n[[action]]\nplayer = \"Alice\"\ncast = \"Daru Lancer\"\nwith = [\"morph\", \"kicker\"]\n",
        plains(3, "Alice")
    );
    assert_eq!(refused(&kicked), "502.26b");
    // 409.1h: {3} with two lands.
    let poor = format!(
        "{MAIN}{}\n[[action]]\nplayer = \"Alice\"\ncast = \"Daru Lancer\"\nwith = [\"morph\"]\n",
        plains(2, "Alice")
    );
    assert_eq!(refused(&poor), "409.1h");
    // 408.1d: a face-down spell is a creature spell, played only at sorcery speed.
    let combat = format!(
        "{}{}\n[[action]]\nplayer = \"Alice\"\nstep = \"beginning-of-combat\"\ncast = \"Daru Lancer\"\nwith = [\"morph\"]\n",
        MAIN,
        plains(3, "Alice")
    );
    assert_eq!(refused(&combat), "408.1d");
}

/// Alice's Black Knight (first strike, protection from white) attacks; Bob blocks with his
/// face-down Daru Lancer.
fn knight_against_face_down_lancer(extra: &str) -> String {
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
card = "Black Knight"
controller = "Alice"
[[permanent]]
card = "Daru Lancer"
controller = "Bob"
face_down = true
{}
[[action]]
player = "Alice"
attack = "Black Knight"
[[action]]
player = "Bob"
block = "Daru Lancer=Black Knight"
{extra}
"#,
        plains(4, "Bob")
    )
}

#[test]
fn a_face_down_creature_blocks_as_a_colorless_2_2_and_is_revealed_as_it_dies() {
    // Face up, the white Lancer couldn't block a creature with protection from white (502.7f);
    // face down it is colorless. It has no first strike, so the Knight's first-strike damage
    // kills it before it deals any.
    let game = play(&knight_against_face_down_lancer(
        "[expect]\ngraveyard = { Bob = [\"Daru Lancer\"] }\nin_play = [\"Black Knight\"]\nlog = [\"[504.6] Daru Lancer is revealed as it leaves play: it is Daru Lancer\"]\n",
    ));
    assert_eq!(game.object_labelled("Black Knight").unwrap().damage(), 0);
    let face_up = knight_against_face_down_lancer("").replace("face_down = true\n", "");
    assert_eq!(refused(&face_up), "502.7f");
}

#[test]
fn turning_face_up_is_a_special_action_that_keeps_the_block_and_uses_no_stack() {
    // After blocks, Bob pays {2}{W}{W} and turns the Lancer face up: it is a 3/4 first striker
    // still blocking; its damage to the Knight is prevented by protection from white (502.7e),
    // and the Knight's 2 damage doesn't kill it.
    let game = play(&knight_against_face_down_lancer(
        "[[action]]\nplayer = \"Bob\"\nstep = \"declare-blockers\"\nturn_face_up = \"Daru Lancer\"\n\n[expect]\nin_play = [\"Black Knight\", \"Daru Lancer\"]\ntapped = [\"Bob's Plains 1\", \"Bob's Plains 2\", \"Bob's Plains 3\", \"Bob's Plains 4\"]\nlog = [\"[502.26d] Bob shows Daru Lancer's morph cost {2}{W}{W}, pays it and turns it face up\"]\n",
    ));
    let lancer = game.object_labelled("Daru Lancer").unwrap();
    assert!(!lancer.is_face_down());
    assert_eq!((lancer.power(), lancer.toughness()), (Some(3), Some(4)));
    assert_eq!(
        lancer.damage(),
        0,
        "first strike on both sides, 2 damage was removed at cleanup"
    );
    assert_eq!(game.object_labelled("Black Knight").unwrap().damage(), 0);
    let log = log(&game);
    let turned = log.iter().position(|e| e.contains("[502.26d]")).unwrap();
    // Nothing went on the stack for it: the next event isn't a resolution.
    assert!(
        !log[turned..]
            .iter()
            .any(|e| e.contains("morph cost") && e.contains("resolves")),
        "{log:#?}"
    );
}

#[test]
fn turning_face_up_is_refused_for_others_permanents_face_up_ones_and_without_the_mana() {
    let base = knight_against_face_down_lancer("");
    // Alice doesn't control the Lancer (502.26d).
    let alice = base.replace(
        "[[action]]\nplayer = \"Alice\"\nattack",
        "[[action]]\nplayer = \"Alice\"\nturn_face_up = \"Daru Lancer\"\n[[action]]\nplayer = \"Alice\"\nattack",
    );
    assert_eq!(refused(&alice), "502.26d");
    // The Black Knight is not face down.
    let knight = format!(
        "{base}[[action]]\nplayer = \"Alice\"\nstep = \"declare-blockers\"\nturn_face_up = \"Black Knight\"\n"
    );
    assert_eq!(refused(&knight), "502.26d");
    // Three Plains can't pay {2}{W}{W}.
    let poor = format!(
        "{}[[action]]\nplayer = \"Bob\"\nstep = \"declare-blockers\"\nturn_face_up = \"Daru Lancer\"\n",
        base.replace(&plains(4, "Bob"), &plains(3, "Bob"))
    );
    assert_eq!(refused(&poor), "409.1h");
}

#[test]
fn a_face_down_permanent_comes_into_play_and_turns_face_up_without_its_comes_into_play_ability() {
    // 504.2, 502.26d: neither the face-down spell's arrival nor turning it face up draws.
    let game = play(&format!(
        r#"
[[card]]
name = "Hidden Courier"
cost = "{{1}}{{U}}"
type = "Creature — Human Wizard"
pt = "1/1"
text = """
When Hidden Courier comes into play, draw a card.
Morph {{W}}"""
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Hidden Courier"]
library = ["Grizzly Bears"]
[[player]]
name = "Bob"
{}
[[action]]
player = "Alice"
cast = "Hidden Courier"
with = ["morph"]
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Alice"
turn_face_up = "Hidden Courier"
[expect]
in_play = ["Hidden Courier"]
hand = {{ Alice = [] }}
"#,
        plains(4, "Alice")
    ));
    let courier = game.object_labelled("Hidden Courier").unwrap();
    assert!(!courier.is_face_down());
    assert_eq!(courier.power(), Some(1));
}

#[test]
fn megamorph_turned_face_up_gets_a_plus_one_counter() {
    let game = play(&format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Misthoof Kirin"
controller = "Alice"
face_down = true
{}
[[action]]
player = "Alice"
turn_face_up = "Misthoof Kirin"
[expect]
log = ["[702.37b] Misthoof Kirin is turned face up for its megamorph cost and gets a +1/+1 counter"]
"#,
        plains(2, "Alice")
    ));
    let kirin = game.object_labelled("Misthoof Kirin").unwrap();
    assert_eq!((kirin.power(), kirin.toughness()), (Some(3), Some(2)));
    assert_eq!(kirin.counter_count("+1/+1"), 1);
    assert!(game.has_keyword(kirin.id, &skirmish::ability::Keyword::Flying));
    assert_eq!(kirin.zone, Zone::InPlay);
}

/// Alice's Knight of Cliffhaven with `levels` level counters, three Plains, and Bob's Grizzly
/// Bears.
fn knight_of_cliffhaven(levels: u32, step: &str, extra: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "{step}"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Knight of Cliffhaven"
controller = "Alice"
counters = {{ level = {levels} }}
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{}
{extra}
"#,
        plains(3, "Alice")
    )
}

#[test]
fn a_levelers_striation_gives_its_power_toughness_and_keywords_for_its_range() {
    for (levels, pt, flying, vigilance) in [
        // 711.5: below the first range, the printed box.
        (0, (2, 2), false, false),
        (1, (2, 3), true, false),
        (3, (2, 3), true, false),
        (4, (4, 4), true, true),
        (9, (4, 4), true, true),
    ] {
        let s = scenario(&knight_of_cliffhaven(levels, "precombat-main", ""));
        let knight = s.game.object_labelled("Knight of Cliffhaven").unwrap();
        assert_eq!(
            (knight.power(), knight.toughness()),
            (Some(pt.0), Some(pt.1)),
            "{levels} level counters"
        );
        use skirmish::ability::Keyword;
        assert_eq!(s.game.has_keyword(knight.id, &Keyword::Flying), flying);
        assert_eq!(
            s.game.has_keyword(knight.id, &Keyword::Vigilance),
            vigilance
        );
    }
    // The striation's flying is evasion the legality builder sees (502.4).
    let blocked = knight_of_cliffhaven(
        2,
        "declare-attackers",
        "[[action]]\nplayer = \"Alice\"\nattack = \"Knight of Cliffhaven\"\n[[action]]\nplayer = \"Bob\"\nblock = \"Grizzly Bears=Knight of Cliffhaven\"\n",
    );
    assert_eq!(refused(&blocked), "502.4b");
    play(&blocked.replace("level = 2", "level = 0"));
}

#[test]
fn level_up_puts_a_level_counter_on_at_sorcery_speed_and_the_knight_grows() {
    let game = play(&knight_of_cliffhaven(
        3,
        "precombat-main",
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Knight of Cliffhaven\"\nability = 1\n[expect]\nlog = [\"1 level counter put on Knight of Cliffhaven\"]\n",
    ));
    let knight = game.object_labelled("Knight of Cliffhaven").unwrap();
    assert_eq!(knight.counter_count("level"), 4);
    assert_eq!((knight.power(), knight.toughness()), (Some(4), Some(4)));
    // Only as a sorcery (702.87a): not in combat.
    let combat = knight_of_cliffhaven(
        0,
        "beginning-of-combat",
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Knight of Cliffhaven\"\n",
    );
    assert_eq!(refused(&combat), "702.87a");
}

/// Alice's Sky Skiff (a 2/3 flying Vehicle, crew 1) and her creatures `crew`, in her
/// beginning of combat step.
fn skiff(crew: &[&str], extra: &str) -> String {
    let creatures: String = crew
        .iter()
        .map(|c| {
            format!(
                "[[permanent]]\ncard = \"{c}\"\ncontroller = \"Alice\"\nsummoning_sick = true\n"
            )
        })
        .collect();
    format!(
        r#"
[turn]
active = "Alice"
step = "beginning-of-combat"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sky Skiff"
controller = "Alice"
{creatures}
{extra}
"#
    )
}

#[test]
fn an_uncrewed_vehicle_is_no_creature_and_has_no_power() {
    let s = scenario(&skiff(&[], ""));
    let skiff = s.game.object_labelled("Sky Skiff").unwrap();
    assert!(!skiff.is_creature());
    assert_eq!((skiff.power(), skiff.toughness()), (None, None));
    let attack = skiff_attack(&[], "");
    let e = run_scenario(&scenario(&attack)).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("308.2a"), "{e}");
}

fn skiff_attack(crew: &[&str], crew_action: &str) -> String {
    skiff(
        crew,
        &format!(
            "{crew_action}\n[[action]]\nplayer = \"Alice\"\nattack = \"Sky Skiff\"\n[[action]]\nplayer = \"Bob\"\nblock = \"\"\n"
        ),
    )
}

#[test]
fn crew_taps_creatures_with_enough_power_and_the_vehicle_attacks_as_an_artifact_creature() {
    // A summoning-sick creature may crew: the cost has no {T} (702.122a).
    let game = play(&format!(
        "{}[expect]\nlife = {{ Bob = 18 }}\ntapped = [\"Grizzly Bears\", \"Sky Skiff\"]\nlog = [\"[702.122b] Grizzly Bears is tapped and crews Sky Skiff\", \"Sky Skiff becomes an artifact creature until end of turn\"]\n",
        skiff_attack(
            &["Grizzly Bears"],
            "[[action]]\nplayer = \"Alice\"\nactivate = \"Sky Skiff\"\npay = [\"Grizzly Bears\"]\n[[action]]\nplayer = \"Alice\"\npass = true\n",
        )
    ));
    // Until end of turn: after the cleanup step it is no creature again.
    let skiff = game.object_labelled("Sky Skiff").unwrap();
    assert!(!skiff.is_creature());
    assert_eq!(skiff.power(), None);
}

#[test]
fn crew_is_refused_without_enough_power_and_with_the_vehicle_itself() {
    // An Ornithopter (power 0) can't crew 1.
    let weak = skiff(
        &["Ornithopter"],
        "[[action]]\nplayer = \"Alice\"\nactivate = \"Sky Skiff\"\n",
    );
    assert_eq!(refused(&weak), "702.122a");
    // A tapped creature can't crew.
    let tapped = skiff(
        &[],
        "[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\ntapped = true\n[[action]]\nplayer = \"Alice\"\nactivate = \"Sky Skiff\"\npay = [\"Grizzly Bears\"]\n",
    );
    assert_eq!(refused(&tapped), "702.122a");
}

fn lands(card: &str, n: usize) -> String {
    (1..=n)
        .map(|i| {
            format!(
                "[[permanent]]\ncard = \"{card}\"\ncontroller = \"Alice\"\nlabel = \"{card} {i}\"\n"
            )
        })
        .collect()
}

/// Alice's main phase: `hand` in her hand, `board` creatures in play, Forests and Mountains.
fn soulbond_main(hand: &str, board: &[&str], extra: &str) -> String {
    let creatures: String = board
        .iter()
        .map(|c| format!("[[permanent]]\ncard = \"{c}\"\ncontroller = \"Alice\"\n"))
        .collect();
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["{hand}"]
[[player]]
name = "Bob"
{creatures}{}{}
[[action]]
player = "Alice"
cast = "{hand}"
[[action]]
player = "Alice"
pass = true
{extra}
"#,
        lands("Forest", 3),
        lands("Mountain", 3)
    )
}

#[test]
fn soulbond_pairs_as_it_comes_into_play_and_both_creatures_have_the_ability() {
    let game = play(&soulbond_main(
        "Hanweir Lancer",
        &["Grizzly Bears"],
        "[expect]\nlog = [\"[702.95a] Hanweir Lancer is paired with Grizzly Bears\"]\n",
    ));
    use skirmish::ability::Keyword;
    let lancer = game.object_labelled("Hanweir Lancer").unwrap();
    let bears = game.object_labelled("Grizzly Bears").unwrap();
    assert_eq!(lancer.paired_with(), Some(bears.id));
    assert_eq!(bears.paired_with(), Some(lancer.id));
    assert!(game.has_keyword(bears.id, &Keyword::FirstStrike));
    assert!(game.has_keyword(lancer.id, &Keyword::FirstStrike));
}

#[test]
fn soulbond_triggers_for_another_creature_and_may_be_declined() {
    // The Forcemage in play pairs with the Bears that come into play: each gets +1/+1.
    let game = play(&soulbond_main("Grizzly Bears", &["Trusted Forcemage"], ""));
    let bears = game.object_labelled("Grizzly Bears").unwrap();
    assert_eq!((bears.power(), bears.toughness()), (Some(3), Some(3)));
    assert_eq!(
        game.power(game.object_labelled("Trusted Forcemage").unwrap().id),
        Some(3)
    );
    // "You may": declined, nothing is paired.
    let game = play(&soulbond_main(
        "Grizzly Bears",
        &["Trusted Forcemage"],
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Trusted Forcemage: nothing\"\n",
    ));
    let bears = game.object_labelled("Grizzly Bears").unwrap();
    assert_eq!(bears.paired_with(), None);
    assert_eq!(bears.power(), Some(2));
    // With no other creature, a soulbond creature coming into play doesn't trigger.
    let game = play(&soulbond_main("Hanweir Lancer", &[], ""));
    assert!(
        !log(&game).iter().any(|e| e.contains("soulbond")),
        "{:#?}",
        log(&game)
    );
}

#[test]
fn a_pair_breaks_when_one_creature_leaves_play() {
    // 702.95e: the Forcemage dies to Lightning Bolt; the Bears are unpaired and 2/2 again.
    let text = soulbond_main(
        "Grizzly Bears",
        &["Trusted Forcemage"],
        "[[action]]\nplayer = \"Alice\"\ncast = \"Lightning Bolt\"\ntargets = [\"Trusted Forcemage\"]\n",
    )
    .replace("hand = [\"Grizzly Bears\"]", "hand = [\"Grizzly Bears\", \"Lightning Bolt\"]")
    .replace("label = \"Mountain 3\"\n", "label = \"Mountain 3\"\n[[permanent]]\ncard = \"Mountain\"\ncontroller = \"Alice\"\nlabel = \"Mountain 4\"\n");
    let game = play(&format!(
        "{text}[[action]]\nplayer = \"Alice\"\npass = true\n[expect]\ngraveyard = {{ Alice = [\"Lightning Bolt\", \"Trusted Forcemage\"] }}\n"
    ));
    let bears = game.object_labelled("Grizzly Bears").unwrap();
    assert_eq!(bears.paired_with(), None);
    assert_eq!((bears.power(), bears.toughness()), (Some(2), Some(2)));
}

#[test]
fn turned_face_up_abilities_trigger_as_it_is_turned_face_up() {
    // 502.26d: Aphetto Exterminator's "When ~ is turned face up" goes on the stack; its target
    // is chosen then (410.4).
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
card = "Aphetto Exterminator"
controller = "Alice"
face_down = true
[[permanent]]
card = "Hill Giant"
controller = "Bob"
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
card = "Swamp"
controller = "Alice"
label = "Swamp 4"
[[action]]
player = "Alice"
turn_face_up = "Aphetto Exterminator"
[[action]]
player = "Alice"
choose = "Aphetto Exterminator: Hill Giant"
[expect]
graveyard = { Bob = ["Hill Giant"] }
log = ["[502.26d] Alice shows Aphetto Exterminator's morph cost {3}{B}", "gets -3/-3 until end of turn"]
"#,
    );
    let exterminator = game.object_labelled("Aphetto Exterminator").unwrap();
    assert_eq!(exterminator.power(), Some(3));
}

/// Alice casts Changeling Berserker (champion a creature) with `board` in play.
fn champion_main(board: &[&str], extra: &str) -> String {
    let creatures: String = board
        .iter()
        .map(|c| format!("[[permanent]]\ncard = \"{c}\"\ncontroller = \"Alice\"\n"))
        .collect();
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Changeling Berserker", "Lightning Bolt"]
[[player]]
name = "Bob"
{creatures}{}
[[action]]
player = "Alice"
cast = "Changeling Berserker"
[[action]]
player = "Alice"
pass = true
{extra}
"#,
        lands("Mountain", 5)
    )
}

#[test]
fn champion_removes_another_creature_and_returns_it_when_the_champion_leaves_play() {
    let game = play(&champion_main(
        &["Grizzly Bears"],
        "[[action]]\nplayer = \"Alice\"\npass = true\n[expect]\nin_play = [\"Changeling Berserker\"]\nnot_in_play = [\"Grizzly Bears\"]\nlog = [\"[502.72a] Grizzly Bears is removed from the game, championed by Changeling Berserker\"]\n",
    ));
    let bears = game.object_labelled("Grizzly Bears").unwrap();
    assert_eq!(bears.zone, Zone::RemovedFromGame);
    // Bolting the Berserker (5/3) returns the Bears under their owner's control (502.72a).
    let game = play(&champion_main(
        &["Grizzly Bears"],
        "[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Alice\"\ncast = \"Lightning Bolt\"\ntargets = [\"Changeling Berserker\"]\n[expect]\nin_play = [\"Grizzly Bears\"]\ngraveyard = { Alice = [\"Changeling Berserker\", \"Lightning Bolt\"] }\nlog = [\"[502.72a] Grizzly Bears returns to play under its owner's control (champion)\"]\n",
    ));
    assert_eq!(
        game.object_labelled("Grizzly Bears").unwrap().controller,
        game.player_named("Alice").unwrap().id
    );
}

#[test]
fn a_champion_with_nothing_removed_is_sacrificed() {
    // Nothing to champion.
    play(&champion_main(
        &[],
        "[expect]\ngraveyard = { Alice = [\"Changeling Berserker\"] }\nlog = [\"[502.72a] no other creature was removed from the game: Changeling Berserker is sacrificed\"]\n",
    ));
    // Declined.
    play(&champion_main(
        &["Grizzly Bears"],
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Changeling Berserker: nothing\"\n[expect]\nin_play = [\"Grizzly Bears\"]\ngraveyard = { Alice = [\"Changeling Berserker\"] }\n",
    ));
}

/// Alice casts Nyxborn Wolf bestowed on her Grizzly Bears, then the `then` actions.
fn bestow_main(then: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Nyxborn Wolf", "Lightning Bolt"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Alice"
{}{}
[[action]]
player = "Alice"
cast = "Nyxborn Wolf"
with = ["bestow"]
targets = ["Grizzly Bears"]
{then}
"#,
        lands("Forest", 5),
        lands("Mountain", 1)
    )
}

#[test]
fn bestow_casts_the_card_as_an_aura_that_gives_its_bonus() {
    let game = play(&bestow_main(
        "[[action]]\nplayer = \"Alice\"\npass = true\n[expect]\nlog = [\"[702.103b] Alice casts Nyxborn Wolf bestowed, paying {4}{G}\"]\n",
    ));
    let wolf = game.object_labelled("Nyxborn Wolf").unwrap();
    let bears = game.object_labelled("Grizzly Bears").unwrap();
    assert_eq!(wolf.zone, Zone::InPlay);
    assert_eq!(wolf.attached_to(), Some(bears.id));
    assert!(!wolf.is_creature(), "a bestowed Aura is no creature");
    assert_eq!(wolf.power(), None);
    assert_eq!((bears.power(), bears.toughness()), (Some(5), Some(3)));
}

#[test]
fn a_bestowed_aura_left_unattached_becomes_an_enchantment_creature() {
    // 702.103f: the Bears die; the Wolf stays in play as a 3/1 enchantment creature.
    let game = play(&bestow_main(
        "[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Alice\"\ncast = \"Lightning Bolt\"\ntargets = [\"Grizzly Bears\"]\n[[action]]\nplayer = \"Alice\"\npass = true\n[expect]\nin_play = [\"Nyxborn Wolf\"]\ngraveyard = { Alice = [\"Grizzly Bears\", \"Lightning Bolt\"] }\nlog = [\"[702.103f] Nyxborn Wolf is unattached and ceases to be bestowed\"]\n",
    ));
    let wolf = game.object_labelled("Nyxborn Wolf").unwrap();
    assert!(wolf.is_creature());
    assert_eq!(wolf.attached_to(), None);
    assert_eq!((wolf.power(), wolf.toughness()), (Some(3), Some(1)));
}

#[test]
fn a_bestowed_spell_whose_target_is_gone_resolves_as_a_creature() {
    // 702.103e: the Bolt resolves first and kills the Bears; the Wolf isn't countered (413.2a)
    // but comes into play as a creature.
    let game = play(&bestow_main(
        "[[action]]\nplayer = \"Alice\"\ncast = \"Lightning Bolt\"\ntargets = [\"Grizzly Bears\"]\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Alice\"\npass = true\n[expect]\nin_play = [\"Nyxborn Wolf\"]\nlog = [\"[702.103e] Nyxborn Wolf's target is illegal: it ceases to be bestowed and resolves as a creature spell\"]\nno_log = [\"Nyxborn Wolf is countered\"]\n",
    ));
    let wolf = game.object_labelled("Nyxborn Wolf").unwrap();
    assert!(wolf.is_creature());
    assert_eq!(wolf.power(), Some(3));
}

#[test]
fn bestow_refusals_name_their_rule() {
    let bears = bestow_main("").replace(
        "cast = \"Nyxborn Wolf\"\nwith = [\"bestow\"]\ntargets = [\"Grizzly Bears\"]",
        "cast = \"Lightning Bolt\"\nwith = [\"bestow\"]\ntargets = [\"Grizzly Bears\"]",
    );
    assert_eq!(refused(&bears), "702.103a");
    let evoked = bestow_main("").replace("with = [\"bestow\"]", "with = [\"bestow\", \"evoke\"]");
    assert_eq!(refused(&evoked), "409.1b");
}
