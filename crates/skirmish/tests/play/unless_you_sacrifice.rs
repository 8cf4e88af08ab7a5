//! "<instruction> unless you sacrifice a <filter>" (501.6): the ability's controller chooses
//! as it resolves whether to sacrifice one of his or her permanents the description fits;
//! only if he or she doesn't is the instruction carried out.

use crate::common;

use common::play;

fn upkeep(lands: usize, answer: &str, expect: &str) -> String {
    let mut t = String::from(
        r#"stop_after = "upkeep"
[turn]
active = "Alice"
step = "upkeep"
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Bog Elemental"
controller = "Alice"
"#,
    );
    for i in 0..lands {
        t += &format!(
            "[[permanent]]\ncard = \"Swamp\"\ncontroller = \"Alice\"\nlabel = \"Swamp {i}\"\n"
        );
    }
    t += answer;
    t += "[expect]\n";
    t += expect;
    t
}

#[test]
fn a_land_sacrificed_keeps_the_elemental() {
    play(&upkeep(
        2,
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Bog Elemental: Swamp 1\"\n",
        "in_play = [\"Bog Elemental\", \"Swamp 0\"]\ngraveyard = { Alice = [\"Swamp 1\"] }\n",
    ));
}

#[test]
fn declining_or_having_no_land_sacrifices_the_elemental() {
    play(&upkeep(
        1,
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Bog Elemental: nothing\"\n",
        "in_play = [\"Swamp 0\"]\ngraveyard = { Alice = [\"Bog Elemental\"] }\n",
    ));
    play(&upkeep(
        0,
        "",
        "graveyard = { Alice = [\"Bog Elemental\"] }\n",
    ));
}
