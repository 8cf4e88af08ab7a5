//! Readable explanations at scale: lines of text that differ only in which of several copies of
//! a card they are about are said once for all of them ("each of 300 Grizzly Bears (Grizzly
//! Bears 1-300) blocks Goblin if able (from Lure)"), and numbered labels are written as ranges.
//!
//! This is for text meant to be read. Answers meant for programs (JSON) keep one entry per
//! creature: requirements are counted by instance (500.4), so every instance stays listed there.
//!
//! Lines are grouped only when everything said in them is the same except the creature's label,
//! and the creatures have the same card name: the rule, the source, the other creatures named
//! and every other word are part of what must match. So a group never hides a difference that
//! matters for the verdict, and [`expand`] gives back exactly the lines grouped.

use std::collections::HashMap;

/// A creature a line is about: its label, and its card name (what makes copies copies).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Subject {
    pub label: String,
    pub card: String,
}

impl Subject {
    pub fn new(label: impl Into<String>, card: impl Into<String>) -> Self {
        Subject {
            label: label.into(),
            card: card.into(),
        }
    }
}

/// One line of an explanation, with the creature it is about cut out of it: the text is
/// `head`, the creature's label, `tail`. A line about no single creature has no subject and is
/// never merged with another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub head: String,
    pub subject: Option<Subject>,
    pub tail: String,
}

impl Line {
    pub fn about(head: impl Into<String>, subject: Subject, tail: impl Into<String>) -> Self {
        Line {
            head: head.into(),
            subject: Some(subject),
            tail: tail.into(),
        }
    }

    /// A line about no one creature.
    pub fn plain(text: impl Into<String>) -> Self {
        Line {
            head: text.into(),
            subject: None,
            tail: String::new(),
        }
    }

    /// The line as it reads on its own.
    pub fn text(&self) -> String {
        match &self.subject {
            Some(s) => format!("{}{}{}", self.head, s.label, self.tail),
            None => self.head.clone(),
        }
    }
}

/// Lines that say the same thing of copies of one card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// Where the lines were in the list grouped, ascending.
    pub at: Vec<usize>,
    pub head: String,
    pub tail: String,
    /// The card name and the labels (one per position in `at`); `None` for a line about no
    /// single creature, which is a group of its own.
    pub subjects: Option<(String, Vec<String>)>,
}

impl Group {
    pub fn len(&self) -> usize {
        self.at.len()
    }

    pub fn is_empty(&self) -> bool {
        self.at.is_empty()
    }

    /// The group as one line: a group of one reads exactly as its line.
    pub fn text(&self) -> String {
        match &self.subjects {
            Some((_, labels)) if labels.len() == 1 => {
                format!("{}{}{}", self.head, labels[0], self.tail)
            }
            Some((card, labels)) => format!(
                "{}each of {} {} ({}){}",
                self.head,
                labels.len(),
                card_words(card),
                ranges(labels.iter().map(String::as_str)),
                self.tail
            ),
            None => self.head.clone(),
        }
    }
}

/// A face-down creature has no name (502.26a): say what it is instead.
fn card_words(card: &str) -> &str {
    if card.is_empty() { "creatures" } else { card }
}

/// Groups the lines that differ only in which copy of a card they are about, in the order of
/// each group's first line.
pub fn group(lines: &[Line]) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    let mut index: HashMap<(&str, &str, &str), usize> = HashMap::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(s) = &line.subject else {
            groups.push(Group {
                at: vec![i],
                head: line.head.clone(),
                tail: line.tail.clone(),
                subjects: None,
            });
            continue;
        };
        let key = (line.head.as_str(), line.tail.as_str(), s.card.as_str());
        match index.get(&key) {
            Some(&g) => {
                let group = &mut groups[g];
                group.at.push(i);
                if let Some((_, labels)) = &mut group.subjects {
                    labels.push(s.label.clone());
                }
            }
            None => {
                index.insert(key, groups.len());
                groups.push(Group {
                    at: vec![i],
                    head: line.head.clone(),
                    tail: line.tail.clone(),
                    subjects: Some((s.card.clone(), vec![s.label.clone()])),
                });
            }
        }
    }
    groups
}

/// The lines a grouping was made from, in their original order.
pub fn expand(groups: &[Group]) -> Vec<Line> {
    let mut out: Vec<(usize, Line)> = Vec::new();
    for g in groups {
        match &g.subjects {
            Some((card, labels)) => {
                for (at, label) in g.at.iter().zip(labels) {
                    out.push((
                        *at,
                        Line::about(
                            g.head.clone(),
                            Subject::new(label.clone(), card.clone()),
                            g.tail.clone(),
                        ),
                    ));
                }
            }
            None => {
                for at in &g.at {
                    out.push((
                        *at,
                        Line {
                            head: g.head.clone(),
                            subject: None,
                            tail: g.tail.clone(),
                        },
                    ));
                }
            }
        }
    }
    out.sort_by_key(|(at, _)| *at);
    out.into_iter().map(|(_, l)| l).collect()
}

/// The lines as text, grouped.
pub fn grouped_text(lines: &[Line]) -> Vec<String> {
    group(lines).iter().map(Group::text).collect()
}

/// "Grizzly Bears 7" is stem "Grizzly Bears " and number 7. Only a number written the usual way
/// (no leading zero) counts, so that writing the number back gives the label back.
fn numbered(label: &str) -> Option<(&str, u64)> {
    let digits = label.bytes().rev().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let (stem, number) = label.split_at(label.len() - digits);
    if number.len() > 1 && number.starts_with('0') {
        return None;
    }
    Some((stem, number.parse().ok()?))
}

/// Labels written short: numbered labels with the same stem become ranges ("Soldier 1-5, 7,
/// 9-300"); other labels are listed as they are. Stems come in the order first seen, numbers
/// in increasing order.
pub fn ranges<'a>(labels: impl IntoIterator<Item = &'a str>) -> String {
    // Each entry is a stem with its numbers, or a label without a number.
    let mut entries: Vec<(&str, Vec<u64>)> = Vec::new();
    let mut plain: Vec<Option<&str>> = Vec::new();
    let mut by_stem: HashMap<&str, usize> = HashMap::new();
    for label in labels {
        match numbered(label) {
            Some((stem, n)) => match by_stem.get(stem) {
                Some(&e) => entries[e].1.push(n),
                None => {
                    by_stem.insert(stem, entries.len());
                    entries.push((stem, vec![n]));
                    plain.push(None);
                }
            },
            None => {
                entries.push((label, Vec::new()));
                plain.push(Some(label));
            }
        }
    }
    let mut parts = Vec::new();
    for ((stem, mut numbers), plain) in entries.into_iter().zip(plain) {
        if let Some(label) = plain {
            parts.push(label.to_string());
            continue;
        }
        numbers.sort_unstable();
        let mut runs: Vec<String> = Vec::new();
        let mut i = 0;
        while i < numbers.len() {
            let mut j = i;
            while j + 1 < numbers.len() && numbers[j].checked_add(1) == Some(numbers[j + 1]) {
                j += 1;
            }
            match j - i {
                0 => runs.push(numbers[i].to_string()),
                // Two in a row read better listed than as a range.
                1 => runs.extend([numbers[i].to_string(), numbers[j].to_string()]),
                _ => runs.push(format!("{}-{}", numbers[i], numbers[j])),
            }
            i = j + 1;
        }
        parts.push(format!("{stem}{}", runs.join(", ")));
    }
    parts.join(", ")
}

/// One creature of a declaration and what it attacks or blocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pair {
    pub subject: Subject,
    /// The player or planeswalker attacked, or the attacker blocked.
    pub object: String,
}

/// A declaration in words, the creatures attacking one player or planeswalker or blocking one
/// attacker said together with their labels as ranges ("Grizzly Bears 1-300, Wall of Wood
/// block Goblin; Hill Giant blocks Ogre"); `None` when no two copies of a card do the same
/// thing, so the declaration reads best as it is written.
pub fn grouped_declaration(pairs: &[Pair], verb: &str, verb_plural: &str) -> Option<String> {
    let mut groups: Vec<(&str, Vec<&Subject>)> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    for p in pairs {
        match index.get(p.object.as_str()) {
            Some(&g) => groups[g].1.push(&p.subject),
            None => {
                index.insert(&p.object, groups.len());
                groups.push((&p.object, vec![&p.subject]));
            }
        }
    }
    let copies = groups.iter().any(|(_, subjects)| {
        let mut cards = std::collections::HashSet::new();
        subjects.iter().any(|s| !cards.insert(s.card.as_str()))
    });
    if !copies {
        return None;
    }
    let said: Vec<String> = groups
        .iter()
        .map(|(object, subjects)| {
            let verb = if subjects.len() == 1 {
                verb
            } else {
                verb_plural
            };
            let labels = ranges(subjects.iter().map(|s| s.label.as_str()));
            format!("{labels} {verb} {object}")
        })
        .collect();
    Some(said.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn bears(n: usize) -> Vec<Line> {
        (1..=n)
            .map(|i| {
                Line::about(
                    "[500.3] unobeyed requirement: ",
                    Subject::new(format!("Grizzly Bears {i}"), "Grizzly Bears"),
                    " blocks Goblin if able (from Lure)",
                )
            })
            .collect()
    }

    #[test]
    fn copies_saying_the_same_thing_become_one_line() {
        let text = grouped_text(&bears(300));
        assert_eq!(
            text,
            vec![
                "[500.3] unobeyed requirement: each of 300 Grizzly Bears (Grizzly Bears 1-300) blocks Goblin if able (from Lure)"
            ]
        );
    }

    #[test]
    fn a_group_of_one_reads_as_its_line() {
        let lines = bears(1);
        assert_eq!(grouped_text(&lines), vec![lines[0].text()]);
    }

    #[test]
    fn different_cards_sources_or_rules_stay_apart() {
        let mut lines = bears(3);
        lines.push(Line::about(
            "[500.3] unobeyed requirement: ",
            Subject::new("Wall of Wood", "Wall of Wood"),
            " blocks Goblin if able (from Lure)",
        ));
        lines.push(Line::about(
            "[500.3] unobeyed requirement: ",
            Subject::new("Grizzly Bears 4", "Grizzly Bears"),
            " blocks Goblin if able (from Lure #2)",
        ));
        lines.push(Line::about(
            "[500.2] unobeyed requirement: ",
            Subject::new("Grizzly Bears 5", "Grizzly Bears"),
            " blocks Goblin if able (from Lure)",
        ));
        lines.push(Line::plain("[309.2d] the block costs 2 mana"));
        lines.push(Line::plain("[309.2d] the block costs 2 mana"));
        let text = grouped_text(&lines);
        assert_eq!(text.len(), 6, "{text:#?}");
        assert!(text[0].contains("each of 3 Grizzly Bears (Grizzly Bears 1-3)"));
        assert_eq!(text[1], lines[3].text());
        assert_eq!(text[2], lines[4].text());
        assert_eq!(text[3], lines[5].text());
    }

    #[test]
    fn numbered_labels_become_ranges() {
        let labels = [
            "B3",
            "B1",
            "B2",
            "B7",
            "Wall",
            "B9",
            "B10",
            "Soldier 1",
            "Soldier 2",
            "X01",
            "X1",
        ];
        assert_eq!(
            ranges(labels),
            "B1-3, 7, 9, 10, Wall, Soldier 1, 2, X01, X1"
        );
        assert_eq!(ranges(["7"]), "7");
        assert_eq!(
            ranges(["Forest", "Forest #2", "Forest #3", "Forest #4"]),
            "Forest, Forest #2-4"
        );
    }

    #[test]
    fn declarations_group_by_what_copies_do() {
        let pair = |label: &str, card: &str, object: &str| Pair {
            subject: Subject::new(label, card),
            object: object.to_string(),
        };
        let mut pairs: Vec<Pair> = (1..=300)
            .map(|i| pair(&format!("Grizzly Bears {i}"), "Grizzly Bears", "Goblin"))
            .collect();
        pairs.push(pair("Wall of Wood", "Wall of Wood", "Ogre"));
        assert_eq!(
            grouped_declaration(&pairs, "blocks", "block").as_deref(),
            Some("Grizzly Bears 1-300 block Goblin; Wall of Wood blocks Ogre")
        );
        // Nothing to group: the declaration is best read as written.
        assert_eq!(grouped_declaration(&pairs[..1], "blocks", "block"), None);
        assert_eq!(grouped_declaration(&pairs[299..], "blocks", "block"), None);
        // Whatever blocks one attacker is said together once copies are involved.
        pairs[300].object = "Goblin".into();
        pairs.push(pair("Hill Giant", "Hill Giant", "Ogre"));
        assert_eq!(
            grouped_declaration(&pairs, "blocks", "block").as_deref(),
            Some("Grizzly Bears 1-300, Wall of Wood block Goblin; Hill Giant blocks Ogre")
        );
        let (a, b) = (pair("A", "Bears", "Goblin"), pair("B", "Wall", "Goblin"));
        assert_eq!(grouped_declaration(&[a, b], "blocks", "block"), None);
    }

    /// Lines from a small vocabulary, so that many lines coincide except for the label.
    fn lines() -> impl Strategy<Value = Vec<Line>> {
        let line = (
            0usize..3,
            prop::option::of((0usize..3, 0usize..3, 0u64..12)),
            0usize..3,
        )
            .prop_map(|(h, s, t)| Line {
                head: ["[500.3] unobeyed requirement: ", "[309.2a] ", "x"][h].to_string(),
                subject: s.map(|(card, stem, n)| {
                    let card = ["Grizzly Bears", "Wall of Wood", ""][card];
                    let stem = ["Grizzly Bears ", "B", "Soldier #"][stem];
                    Subject::new(format!("{stem}{n}"), card)
                }),
                tail: [" blocks Goblin if able", " can't block: it is tapped", ""][t].to_string(),
            });
        prop::collection::vec(line, 0..60)
    }

    proptest! {
        #[test]
        fn grouping_then_expanding_gives_back_the_lines(lines in lines()) {
            prop_assert_eq!(expand(&group(&lines)), lines);
        }

        #[test]
        fn groups_merge_only_lines_that_differ_in_the_label(lines in lines()) {
            let groups = group(&lines);
            let mut seen = std::collections::HashSet::new();
            for g in &groups {
                let first = &lines[g.at[0]];
                for &i in &g.at {
                    let l = &lines[i];
                    prop_assert_eq!(&l.head, &first.head);
                    prop_assert_eq!(&l.tail, &first.tail);
                    prop_assert_eq!(
                        l.subject.as_ref().map(|s| &s.card),
                        first.subject.as_ref().map(|s| &s.card)
                    );
                }
                match &first.subject {
                    None => prop_assert_eq!(g.len(), 1),
                    // Complete: no two groups could have been one.
                    Some(s) => prop_assert!(seen.insert((g.head.clone(), g.tail.clone(), s.card.clone()))),
                }
                // The text names every creature of the group.
                if let Some((_, labels)) = &g.subjects {
                    if labels.len() > 1 {
                        let text = g.text();
                        let count = format!("each of {} ", labels.len());
                        prop_assert!(text.contains(&count));
                        prop_assert_eq!(decode(&ranges(labels.iter().map(String::as_str))), sorted(labels));
                    }
                }
            }
        }
    }

    fn sorted(labels: &[String]) -> Vec<String> {
        let mut v = labels.to_vec();
        v.sort();
        v
    }

    /// Reads a range text back into labels (for labels made of letters, spaces, `#` and a
    /// number, as the strategy makes them).
    fn decode(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut stem = String::new();
        for part in text.split(", ") {
            let (head, numbers) = match part.find(|c: char| c.is_ascii_digit()) {
                Some(at) => part.split_at(at),
                None => (part, ""),
            };
            if !head.is_empty() {
                stem = head.to_string();
            }
            match numbers.split_once('-') {
                Some((a, b)) => {
                    for n in a.parse::<u64>().unwrap()..=b.parse().unwrap() {
                        out.push(format!("{stem}{n}"));
                    }
                }
                None if numbers.is_empty() => out.push(head.to_string()),
                None => out.push(format!("{stem}{numbers}")),
            }
        }
        out.sort();
        out
    }
}
