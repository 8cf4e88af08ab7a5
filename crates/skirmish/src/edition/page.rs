//! `docs/editions.md`, "What changed since 2009", generated from [`Change::ALL`] so the page
//! and the engine's questions can't drift apart (a test compares them).

use super::{Change, Edition};

/// Differences the issue list names that turned out the same in both editions: the current
/// rules say them outright, and Skirmish answers them alike.
const UNCHANGED: &[(&str, &str, &str)] = &[
    (
        "Damage divided among blockers",
        "310.2c-d",
        "510.1c-d: a blocked creature's damage is divided as its controller chooses among its blockers, and a blocker's among the attackers it blocks. Magic 2010 added a damage assignment order; Foundations (November 2024) removed it again, so today's rule is 2009's. Trample still needs lethal damage on every blocker first (702.19b), with deathtouch's lethal under `static-deathtouch`.",
    ),
    (
        "Costs to attack or block are never forced",
        "500.2, 500.3, 500.4",
        "508.1d, 509.1c: a player is never required to pay a cost to attack or block, even to obey more requirements. 2009 exempted creatures with unpaid costs from requirements; Skirmish compares a declaration only with declarations that pay no cost it doesn't, which is what both say.",
    ),
    (
        "\"If able\" in every combat",
        "500.2, 500.3",
        "508.1d, 509.1c: a requirement such as \"attacks each combat if able\" applies in each combat of a turn with several. Skirmish has always asked requirements in every combat.",
    ),
    (
        "+1/+1 and -1/-1 counters annihilate",
        "420.5n",
        "704.5q: the same state-based action since Shadowmoor (2008); only its number changed.",
    ),
];

/// The page, in Markdown.
pub fn markdown() -> String {
    let mut out = String::new();
    out.push_str("# What changed since 2009\n\n");
    out.push_str(
        "<!-- Generated from crates/skirmish/src/edition/page.rs and the `Change` list by `cargo test`: edit those, then run\n\
         `SKIRMISH_BLESS=1 cargo test -p skirmish --test play edition_scenarios` to rewrite this file. -->\n\n",
    );
    out.push_str(&format!(
        "Skirmish answers under two editions of the Comprehensive Rules: the {} (the default) and \
         the {}. Choose one with `edition = \"2009\"` or `edition = \"current\"` at the top of a \
         scenario file (the dates `\"{}\"` and `\"{}\"` work too), or with `--edition` on any \
         command, which overrides the file.\n\n",
        Edition::Feb2009,
        Edition::Current,
        Edition::Feb2009.date(),
        Edition::Current.date(),
    ));
    out.push_str(
        "The engine is one engine. Each difference below is one question (`skirmish::edition::Change`) \
         asked in one place; the current rules answer every one the other way. Each has a pair of \
         scenarios with the same board, `tests/editions/<change>/2009.toml` and `current.toml`: \
         each holds under its own edition and fails under the other, so every difference is shown \
         changing an answer. A differential test plays random boards under both editions and \
         names the change that explains every difference it finds (`tests/play/edition_differences.rs`).\n\n",
    );
    out.push_str("| change | 2009 | now |\n|---|---|---|\n");
    for c in Change::ALL {
        out.push_str(&format!(
            "| [{}](#{}) (`{}`) | {} | {} |\n",
            c.title(),
            c.key(),
            c.key(),
            c.rules_2009(),
            c.rules_current()
        ));
    }
    out.push('\n');
    for c in Change::ALL {
        out.push_str(&format!("<a id=\"{}\"></a>\n## {}\n\n", c.key(), c.title()));
        out.push_str(&format!(
            "2009: {}. Now: {}.\n\n",
            c.rules_2009(),
            c.rules_current()
        ));
        out.push_str(c.explanation());
        out.push_str("\n\n");
        out.push_str(&format!(
            "Scenarios: [`tests/editions/{k}/2009.toml`](../tests/editions/{k}/2009.toml), \
             [`tests/editions/{k}/current.toml`](../tests/editions/{k}/current.toml).\n\n",
            k = c.key()
        ));
    }
    out.push_str("## The same in both editions\n\n");
    out.push_str(
        "These were checked against both texts and give the same answers; only their numbers \
         changed.\n\n",
    );
    for (title, old, now) in UNCHANGED {
        out.push_str(&format!("- **{title}** (2009 {old}; now {now})\n"));
    }
    out.push_str(
        "\n## Rule numbers\n\n\
         Under the current rules every rule Skirmish cites is cited by its current number: \
         `crates/skirmish/src/edition/current_numbers.txt` gives the current number of each 2009 \
         rule the engine names, checked against both texts. Rule 500 became parts of 508.1 \
         (attacks) and 509.1 (blocks), and verdicts cite the one they are about. A 2009 rule with \
         no current counterpart is cited as `2009 <number>` (it only appears where a file asks \
         for something the current rules no longer have).\n",
    );
    out
}
