//! "Its controller" after an instruction with a target: the controller of that permanent or
//! spell as the instruction is carried out, or as it last existed (413.2f), in a spell and
//! in an activated ability alike.

use crate::common;
use common::{lands, play};

/// Alice's Nature's Claim destroys Bob's Bonesplitter, and Bob, its controller, gains 4 life.
#[test]
fn natures_claim_gives_life_to_the_artifacts_controller() {
    play(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Nature's Claim"]
[[player]]
name = "Bob"
[[permanent]]
card = "Forest"
controller = "Alice"
[[permanent]]
card = "Bonesplitter"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Nature's Claim"
targets = ["Bonesplitter"]
[expect]
graveyard = { Alice = ["Nature's Claim"], Bob = ["Bonesplitter"] }
life = { Alice = 20, Bob = 24 }
"#,
    );
}

/// Bob's Undermine counters Alice's Grizzly Bears, and Alice, the spell's controller, loses 3
/// life.
#[test]
fn undermine_makes_the_countered_spells_controller_lose_life() {
    play(&format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Grizzly Bears"]
[[player]]
name = "Bob"
hand = ["Undermine"]
{forests}{islands}{swamp}[[action]]
player = "Alice"
cast = "Grizzly Bears"
[[action]]
player = "Alice"
pass = true
[[action]]
player = "Bob"
cast = "Undermine"
targets = ["Grizzly Bears"]
[expect]
graveyard = {{ Alice = ["Grizzly Bears"], Bob = ["Undermine"] }}
life = {{ Alice = 17, Bob = 20 }}
"#,
        forests = lands("Forest", "Alice", 2),
        islands = lands("Island", "Bob", 2),
        swamp = lands("Swamp", "Bob", 1)
    ));
}

/// Alice's Avenger en-Dal exiles Bob's attacking Hill Giant; Bob, its controller, gains life
/// equal to its toughness (3), read as it last existed.
#[test]
fn avenger_en_dal_gives_the_exiled_attackers_controller_its_toughness() {
    play(&format!(
        r#"
[turn]
active = "Bob"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = ["Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Avenger en-Dal"
controller = "Alice"
{plains}[[permanent]]
card = "Hill Giant"
controller = "Bob"
[[action]]
player = "Bob"
attack = "Hill Giant"
[[action]]
player = "Alice"
activate = "Avenger en-Dal"
targets = ["Hill Giant"]
pay = ["Forest"]
[expect]
life = {{ Alice = 20, Bob = 23 }}
removed = {{ Bob = ["Hill Giant"] }}
"#,
        plains = lands("Plains", "Alice", 3)
    ));
}

/// "that land's controller" (and "that artifact's", "that enchantment's") names the same
/// player: after a spell's target, its controller as it last existed (413.2f); after a trigger
/// about another permanent, that permanent's controller, bound as it triggers (410.2).
#[test]
fn that_lands_controller_is_the_controller_of_the_land_named() {
    let board = |text: &str, actions: &str| {
        format!(
            r#"stop_after = "precombat-main"
[[card]]
name = "Sample Melt"
cost = "{{1}}{{R}}"
type = "Sorcery"
text = "Destroy target land. Sample Melt deals 2 damage to that land's controller."
[[card]]
name = "Sample Ankh"
cost = "{{2}}"
type = "Artifact"
text = "{text}"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Sample Melt", "Forest"]
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Ankh"
controller = "Bob"
[[permanent]]
card = "Plains"
controller = "Bob"
{mountains}{actions}"#,
            mountains = lands("Mountain", "Alice", 2),
        )
    };
    let melt = "[[action]]\nplayer = \"Alice\"\ncast = \"Sample Melt\"\ntargets = [\"Plains\"]\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n";
    play(
        &(board("", melt)
            + "[expect]\nlife = { Alice = 20, Bob = 18 }\ngraveyard = { Bob = [\"Plains\"] }\n"),
    );
    let forest = "[[action]]\nplayer = \"Alice\"\nplay_land = \"Forest\"\n[[action]]\nplayer = \"Alice\"\npass = true\n[[action]]\nplayer = \"Bob\"\npass = true\n";
    play(
        &(board(
            "Whenever a land enters the battlefield, Sample Ankh deals 2 damage to that land's controller.",
            forest,
        ) + "[expect]\nlife = { Alice = 18, Bob = 20 }\n"),
    );
}
