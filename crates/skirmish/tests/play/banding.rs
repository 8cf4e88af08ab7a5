//! Banding and "bands with other" (502.10, 502.11; current 702.22): bands announced as
//! attackers are declared (308.2b; scenario key `bands` with `attack`), the whole band blocked
//! by a creature that blocks one member (502.10e) or by an effect (502.10g), and the division
//! of combat damage given to the controller of the creature with banding (502.10h).

use crate::common;

use common::{log, logged, play, scenario};
use skirmish::engine::run_scenario;

/// Alice attacks with Benalish Hero and Hill Giant (`attack` keys add `bands`), and Bob
/// declares `block` with his Grizzly Bears; `more` adds permanents, `expect` the expectations.
fn hero(bands: &str, block: &str, more: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Benalish Hero"
controller = "Alice"
[[permanent]]
card = "Hill Giant"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{more}
[[action]]
player = "Alice"
attack = "Benalish Hero, Hill Giant"
{bands}
[[action]]
player = "Bob"
block = "{block}"
{expect}"#
    )
}

const BAND: &str = "bands = [[\"Benalish Hero\", \"Hill Giant\"]]";

#[test]
fn a_creature_blocking_one_member_of_a_band_blocks_the_whole_band() {
    // 502.10e: the Bears block the Hero and so the Giant; 502.10h: Alice divides the Bears'
    // damage, and by default gives it where it destroys nothing (2 to the Giant).
    let game = play(&hero(
        BAND,
        "Grizzly Bears=Benalish Hero",
        "",
        "[expect]\nlife = { Bob = 20 }\nin_play = [\"Benalish Hero\", \"Hill Giant\"]\ndamage = { \"Hill Giant\" = 2 }\ngraveyard = { Bob = [\"Grizzly Bears\"] }\n",
    ));
    let l = log(&game);
    for line in [
        "[308.2b] Alice announces a band: Benalish Hero and Hill Giant",
        "[502.10e] Grizzly Bears also blocks Hill Giant, banded with Benalish Hero",
        "[502.10h] Alice divides Grizzly Bears's combat damage: Benalish Hero, blocked by it, has banding",
    ] {
        assert!(l.iter().any(|e| e.contains(line)), "{line}: {l:?}");
    }
    // Without the band the same block stops the Hero only: the Giant's 3 damage goes through,
    // and Bob divides nothing: the Bears' 2 damage destroys the Hero.
    play(&hero(
        "",
        "Grizzly Bears=Benalish Hero",
        "",
        "[expect]\nlife = { Bob = 17 }\ngraveyard = { Alice = [\"Benalish Hero\"] }\n",
    ));
}

#[test]
fn the_banding_player_may_divide_the_blockers_damage_as_he_or_she_chooses() {
    // 502.10h: Alice's division, all of it to the Hero, is hers to make.
    let text = hero(
        BAND,
        "Grizzly Bears=Benalish Hero",
        "",
        "[[action]]\nplayer = \"Alice\"\nassign = \"Grizzly Bears: 2 to Benalish Hero\"\n[expect]\ngraveyard = { Alice = [\"Benalish Hero\"], Bob = [\"Grizzly Bears\"] }\ndamage = { \"Hill Giant\" = 0 }\n",
    );
    play(&text);
}

#[test]
fn a_band_is_creatures_with_banding_and_at_most_one_without() {
    // 502.10b: the Giant and the Bears have no banding between them. The band is refused and
    // the creatures attack unbanded.
    let more = "[[permanent]]\ncard = \"Wind Drake\"\ncontroller = \"Alice\"\n";
    let text = hero(BAND, "", more, "").replace(
        "attack = \"Benalish Hero, Hill Giant\"\nbands = [[\"Benalish Hero\", \"Hill Giant\"]]",
        "attack = \"Benalish Hero, Hill Giant, Wind Drake\"\nbands = [[\"Benalish Hero\", \"Hill Giant\", \"Wind Drake\"]]\nrefused = \"502.10b\"",
    ) + "[expect]\nlife = { Bob = 14 }\n";
    let game = play(&text);
    assert!(!logged(&game, "announces a band"), "{:?}", log(&game));
    // One creature alone is no band.
    let text = hero(
        "bands = [[\"Benalish Hero\"]]\nrefused = \"502.10b\"",
        "",
        "",
        "",
    );
    play(&text);
}

#[test]
fn a_band_attacks_one_player_or_planeswalker() {
    // 502.10b: the Hero attacks Bob, the Giant Bob's Garruk: no band.
    let more = "[[permanent]]\ncard = \"Garruk Wildspeaker\"\ncontroller = \"Bob\"\n";
    let text = hero(BAND, "", more, "").replace(
        "attack = \"Benalish Hero, Hill Giant\"",
        "attack = \"Benalish Hero, Hill Giant -> Garruk Wildspeaker\"",
    );
    let text = text.replace(BAND, &format!("{BAND}\nrefused = \"502.10b\""));
    play(&text);
}

#[test]
fn a_blocker_with_banding_gives_its_controller_the_attackers_division() {
    // 502.10h: Craw Wurm is blocked by Wall of Shields (banding) and the Bears: Bob divides
    // its 6 damage. By default as few of his creatures as can be are destroyed: the Bears get
    // 1 and survive, the rest goes to the Wall.
    let text = r#"stop_after = "combat-damage"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Craw Wurm"
controller = "Alice"
[[permanent]]
card = "Wall of Shields"
controller = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
attack = "Craw Wurm"
[[action]]
player = "Bob"
block = "Wall of Shields=Craw Wurm, Grizzly Bears=Craw Wurm"
"#;
    let game = play(&format!(
        "{text}[expect]\nin_play = [\"Grizzly Bears\"]\ndamage = {{ \"Grizzly Bears\" = 1 }}\ngraveyard = {{ Bob = [\"Wall of Shields\"] }}\n"
    ));
    assert!(
        logged(
            &game,
            "[502.10h] Bob divides Craw Wurm's combat damage: Wall of Shields, blocking it, has banding"
        ),
        "{:?}",
        log(&game)
    );
    // Bob's own division: all 6 to the Wall.
    play(&format!(
        "{text}[[action]]\nplayer = \"Bob\"\nassign = \"Craw Wurm: 6 to Wall of Shields\"\n[expect]\ndamage = {{ \"Grizzly Bears\" = 0 }}\ngraveyard = {{ Bob = [\"Wall of Shields\"] }}\n"
    ));
}

#[test]
fn an_effect_that_blocks_one_member_of_a_band_blocks_the_band() {
    // 502.10g: Bob blocks nothing, then makes the Hero blocked: the Giant is blocked too, and
    // neither deals damage to Bob.
    let text = hero(
        BAND,
        "",
        "[[card]]\nname = \"Test Snare\"\ncost = \"{W}\"\ntype = \"Instant\"\ntext = \"Target unblocked attacking creature becomes blocked.\"\n[[permanent]]\ncard = \"Plains\"\ncontroller = \"Bob\"\n",
        "[[action]]\nplayer = \"Bob\"\ncast = \"Test Snare\"\ntargets = [\"Benalish Hero\"]\n[expect]\nlife = { Bob = 20 }\n",
    )
    .replace("name = \"Bob\"\n", "name = \"Bob\"\nhand = [\"Test Snare\"]\n");
    let game = play(&text);
    assert!(
        logged(&game, "[502.10g] Hill Giant is banded with Benalish Hero"),
        "{:?}",
        log(&game)
    );
}

#[test]
fn bands_are_refused_without_an_attack() {
    let text = hero("", "", "", "").replace(
        "block = \"\"",
        "block = \"\"\nbands = [[\"Benalish Hero\", \"Hill Giant\"]]",
    );
    let file = skirmish::diagnostics::SourceFile::new("inline.toml", &text);
    let e = skirmish::scenario::Scenario::parse(file).unwrap_err();
    assert!(e.to_string().contains("`bands`"), "{e}");
    // A band naming a creature that isn't attacking stops the script with 308.2b.
    let text = hero(
        "bands = [[\"Benalish Hero\", \"Grizzly Bears\"]]",
        "",
        "",
        "",
    );
    let e = run_scenario(&scenario(&text)).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("308.2b"), "{e}");
}
