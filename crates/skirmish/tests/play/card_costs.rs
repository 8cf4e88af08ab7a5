//! Costs paid with counters and with cards (409.1f, 409.1h): "Put a -1/-1 counter on ~",
//! "Put a -1/-1 counter on a creature you control", "Exile an Elf card from your graveyard",
//! "Discard a creature card". Everything is checked before anything is paid, and a part
//! nothing can pay refuses the activation with 409.1h.

use crate::common;

use common::{log, logged, play};

const PLAYERS: &str = r#"[[player]]
name = "Alice"
[[player]]
name = "Bob"
"#;

#[test]
fn a_counter_put_on_itself_pays_for_the_untap() {
    // 200.10: the -1/-1 counter makes the 0/2 Druid a -1/1, untapped by its own ability.
    let game = play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
{PLAYERS}
[[permanent]]
card = "Devoted Druid"
controller = "Alice"
tapped = true
[[action]]
player = "Alice"
activate = "Devoted Druid"
ability = 2
[expect]
untapped = ["Devoted Druid"]
counters = {{ "Devoted Druid" = {{ "-1/-1" = 1 }} }}
pt = {{ "Devoted Druid" = "-1/1" }}
"#
    ));
    assert!(
        logged(
            &game,
            "[409.1h] 1 -1/-1 counter put on Devoted Druid to pay the cost"
        ),
        "{:?}",
        log(&game)
    );
}

#[test]
fn a_second_counter_kills_the_druid_after_the_ability_is_played() {
    // The cost can always be paid; the second counter makes it 0/0 and it is put into the
    // graveyard as a state-based effect (420.5c) before its ability resolves.
    play(&format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
{PLAYERS}
[[permanent]]
card = "Devoted Druid"
controller = "Alice"
tapped = true
counters = {{ "-1/-1" = 1 }}
[[action]]
player = "Alice"
activate = "Devoted Druid"
ability = 2
[expect]
graveyard = {{ Alice = ["Devoted Druid"] }}
"#
    ));
}

/// Hatchet Bully and Raging Goblin for Alice with three Mountains; Bob has Grizzly Bears.
fn bully(pay: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
{PLAYERS}
[[permanent]]
card = "Hatchet Bully"
controller = "Alice"
[[permanent]]
card = "Raging Goblin"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Alice"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain B"
[[permanent]]
card = "Mountain"
controller = "Alice"
label = "Mountain C"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
[[action]]
player = "Alice"
activate = "Hatchet Bully"
targets = ["Grizzly Bears"]
{pay}
{expect}"#
    )
}

#[test]
fn the_counter_goes_on_the_creature_the_payment_names() {
    // The Goblin gets the counter (1/1 with -1/-1: dies, 420.5c); the Bears take 2 and die.
    play(&bully(
        "pay = [\"Raging Goblin\"]",
        "[expect]\ngraveyard = { Alice = [\"Raging Goblin\"], Bob = [\"Grizzly Bears\"] }\npt = { \"Hatchet Bully\" = \"3/3\" }\n",
    ));
}

#[test]
fn unnamed_the_counter_goes_on_another_creature_first_and_the_tapped_source_may_take_it() {
    play(&bully(
        "",
        "[expect]\ngraveyard = { Alice = [\"Raging Goblin\"], Bob = [\"Grizzly Bears\"] }\n",
    ));
    // The Bully itself, tapped for {T}, may still get the counter.
    play(&bully(
        "pay = [\"Hatchet Bully\"]",
        "[expect]\npt = { \"Hatchet Bully\" = \"2/2\", \"Raging Goblin\" = \"1/1\" }\ntapped = [\"Hatchet Bully\"]\n",
    ));
}

#[test]
fn a_permanent_of_another_player_cant_get_the_counter() {
    play(&bully(
        "pay = [\"Grizzly Bears\"]\nrefused = \"409.1h\"",
        "[expect]\nin_play = [\"Grizzly Bears\", \"Raging Goblin\"]\nuntapped = [\"Hatchet Bully\", \"Mountain\"]\n",
    ));
}

/// Scarred Vinebreeder for Alice with three Swamps and `graveyard` in her graveyard.
fn vinebreeder(graveyard: &str, pay: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
graveyard = [{graveyard}]
[[player]]
name = "Bob"
[[permanent]]
card = "Scarred Vinebreeder"
controller = "Alice"
[[permanent]]
card = "Swamp"
controller = "Alice"
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp B"
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp C"
[[action]]
player = "Alice"
activate = "Scarred Vinebreeder"
{pay}
{expect}"#
    )
}

#[test]
fn an_elf_card_is_removed_from_the_graveyard_to_pay() {
    let game = play(&vinebreeder(
        "\"Grizzly Bears\", \"Llanowar Elves\"",
        "",
        "[expect]\npt = { \"Scarred Vinebreeder\" = \"5/6\" }\nremoved = { Alice = [\"Llanowar Elves\"] }\ngraveyard = { Alice = [\"Grizzly Bears\"] }\n",
    ));
    assert!(
        logged(
            &game,
            "Llanowar Elves is removed from the game from Alice's graveyard"
        ),
        "{:?}",
        log(&game)
    );
}

#[test]
fn without_an_elf_card_the_cost_cant_be_paid_and_nothing_is_paid() {
    play(&vinebreeder(
        "\"Grizzly Bears\"",
        "refused = \"409.1h\"",
        "[expect]\npt = { \"Scarred Vinebreeder\" = \"2/3\" }\ngraveyard = { Alice = [\"Grizzly Bears\"] }\nuntapped = [\"Swamp\", \"Swamp B\", \"Swamp C\"]\n",
    ));
    // Naming a card that isn't an Elf pays nothing either.
    play(&vinebreeder(
        "\"Grizzly Bears\", \"Llanowar Elves\"",
        "pay = [\"Grizzly Bears\"]\nrefused = \"409.1h\"",
        "[expect]\npt = { \"Scarred Vinebreeder\" = \"2/3\" }\n",
    ));
}

#[test]
fn only_a_creature_card_can_be_discarded_for_the_troll() {
    let troll = |hand: &str, pay: &str, expect: &str| {
        format!(
            r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = [{hand}]
[[player]]
name = "Bob"
[[permanent]]
card = "Lotleth Troll"
controller = "Alice"
[[action]]
player = "Alice"
activate = "Lotleth Troll"
{pay}
{expect}"#
        )
    };
    // The newest creature card is discarded, not the land put into the hand after it.
    play(&troll(
        "\"Grizzly Bears\", \"Forest\"",
        "",
        "[expect]\npt = { \"Lotleth Troll\" = \"3/2\" }\nhand = { Alice = [\"Forest\"] }\ngraveyard = { Alice = [\"Grizzly Bears\"] }\n",
    ));
    play(&troll(
        "\"Forest\"",
        "refused = \"409.1h\"",
        "[expect]\npt = { \"Lotleth Troll\" = \"2/1\" }\nhand = { Alice = [\"Forest\"] }\n",
    ));
}

#[test]
fn the_costs_read_back_as_card_text() {
    let card = common::sample_card(
        "{1}{B}",
        "Creature — Elf",
        Some("2/2"),
        "{1}, Exile two creature cards from your graveyard, Discard an artifact card, Put a +1/+1 counter on Sample: Draw a card.",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let text = skirmish::view::describe(&card.abilities[0]);
    assert!(
        text.contains("remove 2 creature cards in your graveyard from the game")
            && text.contains("discard an artifact card")
            && text.contains("put a +1/+1 counter on ~"),
        "{text}"
    );
}

/// Necratog for Alice with `graveyard` (bottom card first) in her graveyard.
fn necratog(graveyard: &str, pay: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
graveyard = [{graveyard}]
[[player]]
name = "Bob"
[[permanent]]
card = "Necratog"
controller = "Alice"
[[action]]
player = "Alice"
activate = "Necratog"
{pay}
{expect}"#
    )
}

#[test]
fn the_top_creature_card_of_the_graveyard_pays_and_no_other() {
    // The topmost creature card is Llanowar Elves (a Forest lies above it); the Bears below
    // stay (217.4b: the order of a graveyard can't change, so there is no choice).
    let game = play(&necratog(
        "\"Grizzly Bears\", \"Llanowar Elves\", \"Forest\"",
        "",
        "[expect]\npt = { \"Necratog\" = \"3/4\" }\nremoved = { Alice = [\"Llanowar Elves\"] }\ngraveyard = { Alice = [\"Grizzly Bears\", \"Forest\"] }\n",
    ));
    assert!(
        logged(
            &game,
            "Llanowar Elves is removed from the game from Alice's graveyard"
        ),
        "{:?}",
        log(&game)
    );
    // Naming the Bears, which aren't the top creature card, pays nothing.
    play(&necratog(
        "\"Grizzly Bears\", \"Llanowar Elves\"",
        "pay = [\"Grizzly Bears\"]\nrefused = \"409.1h\"",
        "[expect]\npt = { \"Necratog\" = \"1/2\" }\ngraveyard = { Alice = [\"Grizzly Bears\", \"Llanowar Elves\"] }\n",
    ));
    // No creature card: no payment.
    play(&necratog(
        "\"Forest\"",
        "refused = \"409.1h\"",
        "[expect]\npt = { \"Necratog\" = \"1/2\" }\n",
    ));
}
