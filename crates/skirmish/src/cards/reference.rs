//! The compositional part of `docs/card-text.md`: how a line is read, the phrases every
//! sentence reuses, the keywords and the static combat predicates, printed from the same
//! tables the parser uses ([`KEYWORDS`], [`FORMS`]).

use super::effects::EFFECT_FORMS;
use super::keywords::KEYWORDS;
use super::statics::{FORMS, Form};

/// Figures of `skirmish cards --pool ../shared/cards/oracle-cards.json --coverage`, measured by
/// hand when the grammar changes (the pool is not part of the repository).
pub const COVERAGE: &str = include_str!("coverage.md");

fn table(out: &mut String, forms: &[Form]) {
    out.push_str("| form | wording | rule | meaning | example |\n|---|---|---|---|---|\n");
    for f in forms {
        let example = match f.example {
            Some((card, text)) => format!("{card}: \"{}\"", text.replace('|', "\\|")),
            None => "no bundled card uses this wording; define one in a scenario".into(),
        };
        out.push_str(&format!(
            "| {} | `{}` | {} | {} | {} |\n",
            f.id,
            f.wording.replace('|', "\\|"),
            f.rule,
            f.meaning,
            example
        ));
    }
}

/// The grammar's phrases, keywords and static predicates, as Markdown.
pub fn phrases_markdown() -> String {
    let mut out = String::new();
    out.push_str(
        "## How a line is read\n\n\
         Keywords and static abilities about attacking and blocking are read by a compositional \
         grammar (`crates/skirmish/src/cards/{parser,phrase,keywords,statics}.rs`, a hand-written \
         recursive-descent parser): a sentence is a subject, one or more predicates joined by \
         \"and\", and an optional condition, and every description of objects in it is one \
         *filter* phrase, read by the same production wherever it appears. The remaining \
         sentences (activated, triggered, spell instructions and a few static ones) are still \
         whole-sentence templates, listed after the grammar; they move into the grammar as the \
         effect language grows. When no rule matches, the error names the sentence, how far the \
         grammar understood it and what it expected there, e.g. `expected a description of \
         creatures or permanents after \"~ can't be blocked by\" (found \"purple\")`.\n\n",
    );
    out.push_str(
        "## Phrases\n\n\
         ```text\n\
         filter      := noun-phrase ((\",\" | \"and\" | \"or\" | \"and/or\") noun-phrase)*   any of them\n\
         noun-phrase := [\"other\" | \"another\" | \"a\" | \"an\"] adjective* noun+ post*\n\
         adjective   := color [\"and/or\" color] | \"non\"color | \"non\"type | \"non-\"Subtype | supertype\n\
                      | token | nontoken | tapped | untapped | attacking | nonattacking | blocking\n\
                      | colorless | multicolored | monocolored | enchanted\n\
         noun        := card type (singular or plural) | subtype (creature or land type, Aura,\n\
                        Equipment, Vehicle, ...; singular or plural) | permanent(s)\n\
         post        := \"with\" quality (\"and\" quality)* | \"without\" keyword | \"named ~\"\n\
                      | \"you control\" | \"you don't control\" | \"an opponent controls\"\n\
                      | \"your opponents control\" | \"defending player controls\"\n\
                      | \"blocking ~\" | \"blocked by ~\" | \"that blocked ~ this turn\"\n\
                      | \"it blocked this turn\" | \"that were blocked by ~ this turn\"\n\
         quality     := keyword [\"or\" keyword] | (\"power\" | \"toughness\") comparison\n\
                      | \"a +1/+1 counter on it\" | \"counters on them\"\n\
         comparison  := number (\"or less\" | \"or greater\") | (\"less than\" | \"greater than\"\n\
                        | \"equal to\" | \"less than or equal to\" ...) amount\n\
         amount      := [\"twice\"] one-amount (\"plus\" one-amount)*\n\
         one-amount  := number | (\"~'s\" | \"its\" | \"that creature's\" | \"that spell's\" ...) stat\n\
                      | \"the number of\" filter [\"on the battlefield\" | \"in play\"]\n\
                      | \"the number of cards in your hand\" | \"your life total\"\n\
                      | \"the number of\" [adjective* type ((\"and\" | \"or\") type)*] \"cards\"\n\
                        (\"in your graveyard\" | \"in all graveyards\" | \"in your opponents' graveyards\")\n\
         stat        := \"power\" | \"toughness\" | \"converted mana cost\" | \"mana value\"\n\
         spell       := adjective* [type ((\"or\" type)*)] \"spell\" [\"with\" stat comparison]\n\
         number      := \"zero\" .. \"twenty\" | digits\n\
         condition   := player (\"controls\" | \"control\") [\"no\" | number \"or more\"] filter\n\
                      | (\"a player\" | \"any player\" | \"no player\" | \"no opponent\") \"controls\" filter\n\
                      | [\"there are\"] number (\"or more\" | \"or fewer\") \"cards\" [\"are\"] \"in your graveyard\"\n\
                      | \"you have\" number (\"or more\" | \"or fewer\") \"cards in hand\"\n\
                      | side (\"has\" | \"have\") (\"more\" | \"fewer\" | \"less\") (\"life\" | \"cards in hand\") \"than\" side\n\
                      | side (\"controls\" | \"control\") (\"more\" | \"fewer\") filter \"than\" side\n\
         side        := player | \"each opponent\" | \"a player\" | \"each other player\" | \"that player\"\n\
                      | (\"~ is\" | \"it's\") adjective\n\
         player      := \"you\" | \"defending player\" | \"an opponent\" | \"the attacking player\"\n\
         trigger     := (\"when\" | \"whenever\") subject event (\"or\" event)*   (410.1; also moments and players' events)\n\
         subject     := \"~\" | \"enchanted creature\" | \"equipped creature\" | \"~ or another\" filter\n\
                      | \"another\" filter | (\"a\" | \"an\") filter\n\
         event       := \"enters the battlefield\" [\"under your control\"] | \"dies\" | \"attacks\" | \"blocks\"\n\
                      | \"attacks or blocks\" | \"becomes blocked\" | \"attacks and isn't blocked\"\n\
                      | \"deals combat damage to a player\" | \"becomes tapped\" | ... (any event of \"~\")\n\
         ```\n\n\
         A subtype alone names creatures of that type (\"Walls\"); a filter after \"blocked by\", \
         \"block\" or \"block only\" describes creatures. \"you\" is the controller of the object \
         with the ability; \"defending player\" is the player a creature attacks or would attack \
         (306.2): a condition about the defending player is decided separately for each player and \
         planeswalker a creature could attack, and is false when nobody is defending. A creature \
         with changeling (502.73) fits every creature type.\n\n\
         A trigger's subject and its events are separate phrases: \"~\" goes with every event, \
         and every other subject with every event the engine follows on any creature (attacks, \
         blocks, becomes blocked, attacks and isn't blocked, deals combat damage to a player, \
         deals damage to a player or an opponent, becomes tapped, becomes the target of a spell or \
         ability, is turned face up, becomes monstrous; enters, dies and leaves the battlefield \
         for a description). Events joined by \"or\" trigger on \
         each; their instructions may refer to \"that creature\", \"that player\" or \"it\" \
         only when it means the same after each (\"blocks or becomes blocked by a creature\": the \
         other creature of the block). Today's \"enters\" reads as \"enters the battlefield\" \
         everywhere.\n\n",
    );
    out.push_str(
        "## Static abilities about attacking and blocking (500.1)\n\n\
         ```text\n\
         static     := [ability-word \"—\"] [(\"as long as\" | \"if\") condition \",\"] subject predicates\n\
                       [(\"as long as\" | \"if\" | \"unless\") condition] \".\"\n\
                     | \"All creatures able to block\" (\"~\" | \"enchanted creature\") \"do so.\"\n\
         subject    := \"~\" | \"enchanted creature\" | \"all creatures\" | [\"each\"] filter\n\
         predicates := predicate ((\",\" | \"and\" | \", and\") predicate)*\n\
         ```\n\n\
         \"unless C\" means the ability applies while C does not hold; \"as long as C\" and \"if C\" \
         while it holds. An ability word before a dash (\"Threshold —\") has no rules meaning of \
         its own. Each predicate gives the subject one combat rule (two for \"can't attack or \
         block\"):\n\n",
    );
    table(&mut out, FORMS);
    out.push_str(
        "\n## Keywords\n\n\
         A keyword line is a line with no final period: keywords separated by commas. Keywords \
         printed after February 2009 (menace, intimidate, skulk) mean under the 2009 edition what \
         the current rules say, and cite the current rule.\n\n",
    );
    table(&mut out, KEYWORDS);
    out.push_str(
        "\n## Instructions that change a creature for a while\n\n\
         Instants, sorceries and activated abilities (`cost: instruction`) say what happens to one \
         creature for a duration (`crates/skirmish/src/cards/effects.rs`). A cost is parts \
         separated by commas, paid in any order, all or none (409.1h); objects it names are the \
         player's own, chosen with a scenario action's `pay` list or by default:\n\n\
         ```text\n\
         cost        := cost-part (\",\" cost-part)*\n\
         cost-part   := mana-symbols | \"{T}\" | \"sacrifice ~\" | \"sacrifice\" count filter (501.6)\n\
         \x20            | \"tap\" count \"untapped\" filter (501.7; no summoning sickness needed)\n\
         \x20            | \"discard a card\" | \"discard\" number \"cards\" | \"pay\" number \"life\" (215.4)\n\
         \x20            | \"remove\" count kind \"counter(s) from ~\" | \"return\" count filter \"to its owner's hand\"\n\
         count       := \"a\" | \"an\" | \"another\" | number\n\
         ```\n\n\
         ```text\n\
         instruction := [\"until end of turn\" \",\"] target part ((\",\" | \"and\" | \", and\") part)* \".\"\n\
         target      := \"~\" | \"target creature\" | \"target attacking creature\" [\"you control\"] | \"it\" | \"that creature\"\n\
         part        := (\"gets\" pt-change | \"gains\" keywords | \"loses\" keyword | predicate) [duration]\n\
         duration    := \"until end of turn\" | \"this turn\" | \"until end of combat\" | \"this combat\"\n\
         ```\n\n\
         A part without a duration lasts as long as the next part that states one, or the leading \
         \"until end of turn\"; \"attacks this turn if able\" and \"must be blocked this turn if \
         able\" state theirs inside. \"it\" and \"that creature\" are the creature an earlier \
         instruction of the same spell targets (409.1c).\n\n",
    );
    table(&mut out, EFFECT_FORMS);
    out.push('\n');
    out.push_str(COVERAGE);
    out.push('\n');
    out
}
