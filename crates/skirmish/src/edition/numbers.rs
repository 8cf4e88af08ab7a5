//! The current number of every 2009 rule Skirmish cites (`current_numbers.txt`, checked by hand
//! against both texts): the log under the current rules cites the rule that says the same
//! thing today. Numbers Skirmish already cites from the current rules (keywords 2009 didn't
//! have, 700s) are current numbers in both editions and pass unchanged.

use std::collections::HashMap;
use std::sync::OnceLock;

/// Whether a rule is cited about declaring attackers or blockers: 2009's rule 500 covers both,
/// the current rules split it between 508.1 and 509.1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Declaring {
    Attackers,
    Blockers,
}

const TABLE: &str = include_str!("current_numbers.txt");

/// The engine cites a rule that only the current rules have (for behaviour 2009 doesn't have)
/// as "current <number>": under the current numbering the prefix goes; under 2009's it stays,
/// so a 2009 number is never confused with a current one.
pub const CURRENT: &str = "current ";

/// One line of the table: the 2009 number (with " attack" or " block" for rule 500), the
/// current number or `None` where the rule has no counterpart, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entry {
    pub key: &'static str,
    pub current: Option<&'static str>,
    pub note: &'static str,
}

pub(crate) fn entries() -> Vec<Entry> {
    TABLE
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.splitn(3, " | ");
            let key = parts.next().unwrap_or("").trim();
            let current = parts.next().unwrap_or("-").trim();
            let note = parts.next().unwrap_or("").trim();
            Entry {
                key,
                current: (current != "-").then_some(current),
                note,
            }
        })
        .collect()
}

fn table() -> &'static HashMap<&'static str, Option<&'static str>> {
    static TABLE: OnceLock<HashMap<&'static str, Option<&'static str>>> = OnceLock::new();
    TABLE.get_or_init(|| entries().into_iter().map(|e| (e.key, e.current)).collect())
}

/// The current number of a 2009 rule, if the table has the rule: `Some(None)` when the rule
/// has no current counterpart.
pub fn current_number(rule: &str, declaring: Option<Declaring>) -> Option<Option<&'static str>> {
    let t = table();
    let suffixed = |d: Declaring| {
        let key = match d {
            Declaring::Attackers => format!("{rule} attack"),
            Declaring::Blockers => format!("{rule} block"),
        };
        t.get(key.as_str()).copied()
    };
    match declaring {
        Some(d) => suffixed(d).or_else(|| t.get(rule).copied()),
        None => t
            .get(rule)
            .copied()
            .or_else(|| suffixed(Declaring::Attackers)),
    }
}

/// Whether a number, as printed, can be a current citation: a current number the table gives
/// for some 2009 rule, or a number that is no 2009 rule Skirmish cites (the 700s of later
/// keywords). A 2009 number left untranslated is neither.
pub fn is_current_citation(rule: &str) -> bool {
    static VALUES: OnceLock<std::collections::HashSet<&'static str>> = OnceLock::new();
    let values = VALUES.get_or_init(|| entries().into_iter().filter_map(|e| e.current).collect());
    values.contains(rule) || DIRECT.contains(&rule) || current_number(rule, None).is_none()
}

/// The current numbers the engine writes itself, as "current <number>" or "<2009>|<current>"
/// (a test reads the sources to keep this list whole).
const DIRECT: &[&str] = &[
    "306.8", "310.4b", "310.6", "310.7", "310.8b", "310.11a", "310.11b", "500.5", "506.2",
    "506.2a", "508.1c", "509.1b", "510.2", "510.3", "602.2", "702.15b", "704.5h", "704.5j",
    "704.5v", "704.5w", "603.12", "610.3", "615.12",
];

/// How the current rules cite a 2009 rule: its current number; a 2009 rule with no counterpart
/// is cited as "2009 <number>", so the reader knows it is old; a number the table doesn't have
/// is a current number already (the 700s Skirmish cites for later keywords) and passes.
pub(super) fn cite_current(rule: &str, declaring: Option<Declaring>) -> String {
    if let Some(now) = rule.strip_prefix(CURRENT) {
        return now.to_string();
    }
    match current_number(rule, declaring) {
        Some(Some(now)) => now.to_string(),
        Some(None) => format!("2009 {rule}"),
        None => rule.to_string(),
    }
}

/// Every rule number in a text ("[500.4]", "(308.2a)", "rule 500"), cited by its current
/// number; a number is three digits, then optionally a dot, digits and a letter, standing as a
/// word of its own.
pub(super) fn cite_numbers_in(text: &str, declaring: Option<Declaring>) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'.');
        if starts_word && bytes[i].is_ascii_digit() {
            let mut j = i;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            if j - i == 3 {
                let mut end = j;
                if end + 1 < bytes.len() && bytes[end] == b'.' && bytes[end + 1].is_ascii_digit() {
                    end += 1;
                    while end < bytes.len() && bytes[end].is_ascii_digit() {
                        end += 1;
                    }
                    if end < bytes.len() && bytes[end].is_ascii_lowercase() {
                        end += 1;
                    }
                }
                let ends_word = end == bytes.len() || !bytes[end].is_ascii_alphanumeric();
                if ends_word {
                    let rule = &text[i..end];
                    if let Some(now) = current_number(rule, declaring) {
                        out.push_str(&text[copied..i]);
                        match now {
                            Some(now) => out.push_str(now),
                            None => {
                                out.push_str("2009 ");
                                out.push_str(rule);
                            }
                        }
                        copied = end;
                    }
                    i = end;
                    continue;
                }
            }
            i = j;
            continue;
        }
        i += 1;
    }
    out.push_str(&text[copied..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rule number: a section of three digits, then optionally a dot, digits and letters.
    fn is_rule_number(s: &str) -> bool {
        let (section, rest) = s.split_once('.').unwrap_or((s, ""));
        section.len() == 3
            && section.chars().all(|c| c.is_ascii_digit())
            && (rest.is_empty() || rest.starts_with(|c: char| c.is_ascii_digit()))
            && rest
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .chars()
                .all(|c| c.is_ascii_lowercase())
    }

    #[test]
    fn the_table_is_well_formed() {
        let entries = entries();
        assert!(entries.len() > 300, "{}", entries.len());
        let mut keys: Vec<&str> = entries.iter().map(|e| e.key).collect();
        keys.sort();
        let n = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), n, "a 2009 number is listed twice");
        let number = is_rule_number;
        for e in &entries {
            let old = e.key.trim_end_matches(" attack").trim_end_matches(" block");
            assert!(number(old), "{}", e.key);
            if let Some(now) = e.current {
                assert!(number(now), "{} -> {now}", e.key);
            }
            assert!(!e.note.is_empty(), "{} has no note", e.key);
        }
    }

    #[test]
    fn rules_are_cited_by_their_current_numbers() {
        assert_eq!(cite_current("310.4", None), "510.2");
        assert_eq!(cite_current("420.5a", None), "704.5a");
        assert_eq!(cite_current("300.3", None), "2009 300.3");
        assert_eq!(cite_current("500.4", Some(Declaring::Attackers)), "508.1d");
        assert_eq!(cite_current("500.4", Some(Declaring::Blockers)), "509.1c");
        // Already a current number.
        assert_eq!(cite_current("702.95a", None), "702.95a");
        assert_eq!(cite_current("current 500.5", None), "500.5");
    }

    /// Every rule number the engine's sources name, as a string of its own: a 2009 number the
    /// table has, a current number after "current " or "|" that `DIRECT` lists, or a number of
    /// the 700s (current keywords), which needs no translation.
    #[test]
    fn every_rule_the_engine_cites_has_its_current_number() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        let mut dirs = vec![src];
        while let Some(d) = dirs.pop() {
            for e in std::fs::read_dir(d).unwrap() {
                let p = e.unwrap().path();
                // The edition module's own literals are current numbers and test data; so are
                // the unit tests' (`tests.rs`).
                if p.is_dir() && !p.ends_with("edition") {
                    dirs.push(p);
                } else if p.extension().is_some_and(|x| x == "rs") && !p.ends_with("tests.rs") {
                    files.push(p);
                }
            }
        }
        let is_number = is_rule_number;
        let mut missing = Vec::new();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for literal in text.split('"').skip(1).step_by(2) {
                let (old, now) = match literal.split_once('|') {
                    Some((o, n)) => (Some(o), Some(n)),
                    None => match literal.strip_prefix(CURRENT) {
                        Some(n) => (None, Some(n)),
                        None => (Some(literal), None),
                    },
                };
                if let Some(o) = old.filter(|o| is_number(o) && !o.starts_with('7')) {
                    if current_number(o, None).is_none() {
                        missing.push(format!("{}: \"{o}\" has no current number", f.display()));
                    }
                }
                if let Some(n) = now.filter(|n| is_number(n) && !n.starts_with('7')) {
                    if !DIRECT.contains(&n) {
                        missing.push(format!("{}: \"{n}\" is not in DIRECT", f.display()));
                    }
                }
            }
        }
        assert!(missing.is_empty(), "{missing:#?}");
    }

    #[test]
    fn rule_numbers_in_a_text_are_cited_by_their_current_numbers() {
        assert_eq!(
            cite_numbers_in(
                "[500.4] illegal: see 310.4, and (308.2a).",
                Some(Declaring::Blockers)
            ),
            "[509.1c] illegal: see 510.2, and (508.1a)."
        );
        // Not rule numbers: longer or shorter digit runs, decimals inside words.
        assert_eq!(
            cite_numbers_in("1000.4 x310.4 31.4 2009-02-01", None),
            "1000.4 x310.4 31.4 2009-02-01"
        );
    }
}
