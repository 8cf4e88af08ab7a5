//! "tap or untap target creature": the ability's controller chooses as it resolves (413.2c)
//! whether the permanent is tapped (`choose` its label) or untapped (`nothing`); unanswered,
//! its state changes.

use crate::common;

use common::{log, logged, play};

fn twiddle(bears_tapped: bool, answer: &str, expect: &str) -> String {
    format!(
        r#"stop_after = "precombat-main"
[turn]
active = "Alice"
step = "precombat-main"
[[card]]
name = "Sample Twiddler"
cost = "{{1}}{{U}}"
type = "Creature — Human Wizard"
pt = "1/1"
text = "{{T}}: Tap or untap target creature."
[[player]]
name = "Alice"
[[player]]
name = "Bob"
[[permanent]]
card = "Sample Twiddler"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
tapped = {bears_tapped}
[[action]]
player = "Alice"
activate = "Sample Twiddler"
targets = ["Grizzly Bears"]
{answer}[expect]
{expect}
"#
    )
}

#[test]
fn the_controller_chooses_tap_or_untap_as_it_resolves() {
    // Unanswered, an untapped creature is tapped and a tapped one untapped.
    let game = play(&twiddle(false, "", "tapped = [\"Grizzly Bears\"]"));
    assert!(
        logged(&game, "[501.7] Grizzly Bears becomes tapped"),
        "{:?}",
        log(&game)
    );
    play(&twiddle(true, "", "untapped = [\"Grizzly Bears\"]"));
    // Answered: `nothing` untaps (an untapped creature stays untapped), its label taps.
    play(&twiddle(
        false,
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Sample Twiddler: nothing\"\n",
        "untapped = [\"Grizzly Bears\"]",
    ));
    play(&twiddle(
        true,
        "[[action]]\nplayer = \"Alice\"\nchoose = \"Sample Twiddler: Grizzly Bears\"\n",
        "tapped = [\"Grizzly Bears\"]",
    ));
}
