//! "all nonland permanents", "each permanent you control": the noun "permanents" names every
//! kind of permanent (the 2009 glossary's "Permanent"), not only the creatures a description
//! of a mass instruction means when it names no card type.

use crate::common;

use common::{log, play};
use skirmish::model::Zone;

#[test]
fn all_nonland_permanents_are_more_than_creatures() {
    let game = play(
        r#"stop_after = "precombat-main"
[[card]]
name = "Sample Wipe"
cost = "{0}"
type = "Sorcery"
text = "Destroy all nonland permanents."
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Sample Wipe"]
[[player]]
name = "Bob"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[permanent]]
card = "Forest"
controller = "Bob"
[[permanent]]
card = "Howling Mine"
controller = "Bob"
[[action]]
player = "Alice"
cast = "Sample Wipe"
[expect]
in_play = ["Forest"]
"#,
    );
    let mine = game.object_labelled("Howling Mine").unwrap();
    assert_eq!(mine.zone, Zone::Graveyard, "{:?}", log(&game));
}
