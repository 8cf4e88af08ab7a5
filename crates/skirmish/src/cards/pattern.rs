//! A tiny pattern language for card-text templates.
//!
//! A pattern is a sentence with three kinds of piece: literal words (matched ignoring case),
//! alternatives `[each turn|each combat]` (an empty alternative makes the group optional), and
//! typed slots `<number>`, `<cost>`, ... that capture a value. Patterns are data, so the same
//! table that compiles card text also prints `docs/card-text.md`.

use crate::ability::Keyword;
use crate::mana::{Color, ManaCost, ManaSymbol};
use crate::typeline::{BasicLandType, creature_type_named};

/// Splits text into tokens: words, `{...}` symbol runs, the punctuation `. , :` and quote marks.
pub fn tokenize(text: &str) -> Vec<String> {
    let text = text.replace(['’', '‘'], "'").replace(['“', '”'], "\"");
    let mut out = Vec::new();
    for chunk in text.split_whitespace() {
        let mut word = chunk;
        // A quote mark is a word of its own, so a quoted ability's words are the same words
        // as when it stands alone (`"{T}:` is `"`, `{T}`, `:`).
        while word.len() > 1 && word.starts_with('"') {
            out.push("\"".to_string());
            word = &word[1..];
        }
        let mut trailing = Vec::new();
        while let Some(last) = word.chars().last() {
            if matches!(last, '.' | ',' | ':' | '"') && word.len() > 1 {
                trailing.push(last.to_string());
                word = &word[..word.len() - 1];
            } else {
                break;
            }
        }
        out.push(word.to_string());
        out.extend(trailing.into_iter().rev());
    }
    out
}

/// What a slot accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotKind {
    /// "one" .. "ten" or digits.
    Number,
    /// A mana cost, `{2}` or `{1}{G}`.
    ManaCost,
    /// An activation cost: mana symbols and/or `{T}`.
    Cost,
    /// One colored mana symbol, `{G}`.
    ColoredMana,
    /// A power/toughness change, `+3/+3`, `-1/-0`.
    PtChange,
    /// A power and toughness an effect sets, `3/3`.
    PtSet,
    /// A creature type, singular or plural: `Walls`.
    CreatureType,
    /// A color word.
    Color,
    /// `forestwalk`, `islandwalk`, ...
    Landwalk,
    /// `~` or `enchanted creature`.
    Subject,
    /// A keyword without a number that an effect can grant: `flying`, `first strike`, ...
    Keyword,
}

impl SlotKind {
    fn from_name(name: &str) -> Option<SlotKind> {
        Some(match name {
            "number" => SlotKind::Number,
            "mana-cost" => SlotKind::ManaCost,
            "cost" => SlotKind::Cost,
            "colored-mana" => SlotKind::ColoredMana,
            "pt" => SlotKind::PtChange,
            "pt-set" => SlotKind::PtSet,
            "creature-types" => SlotKind::CreatureType,
            "color" => SlotKind::Color,
            "landwalk" => SlotKind::Landwalk,
            "subject" => SlotKind::Subject,
            "keyword" => SlotKind::Keyword,
            _ => return None,
        })
    }

    /// What the slot accepts, for the documentation.
    pub fn describe(self) -> &'static str {
        match self {
            SlotKind::Number => "a number, as a word (`two`) or digits (`2`)",
            SlotKind::ManaCost => "a mana cost such as `{2}`",
            SlotKind::Cost => {
                "an activation cost: mana symbols and/or `{T}`, such as `{1}{G}` or `{T}`"
            }
            SlotKind::ColoredMana => "one colored mana symbol: `{W}`, `{U}`, `{B}`, `{R}` or `{G}`",
            SlotKind::PtChange => "a power/toughness change such as `+3/+3`, `+1/+0` or `-2/-2`",
            SlotKind::PtSet => "a power and toughness such as `3/3` or `1/5`",
            SlotKind::CreatureType => {
                "a creature type of the 2009 glossary, usually plural: `Walls`, `Elves`"
            }
            SlotKind::Color => "a color: white, blue, black, red or green",
            SlotKind::Landwalk => {
                "a basic land type followed by `walk`: `plainswalk`, `islandwalk`, `swampwalk`, `mountainwalk`, `forestwalk`"
            }
            SlotKind::Subject => {
                "`~` (the card's own name) or `enchanted creature` (on an Aura with Enchant creature)"
            }
            SlotKind::Keyword => {
                "a keyword ability without a number: `flying`, `first strike`, `double strike`, `trample`, `haste`, `vigilance`, `reach`, `fear`, `shadow`, `horsemanship`, `deathtouch`, `lifelink`, `wither`, `defender`, `flanking`, `provoke`, a landwalk such as `forestwalk`, or `protection from` a color"
            }
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            SlotKind::Number => "number",
            SlotKind::ManaCost => "mana-cost",
            SlotKind::Cost => "cost",
            SlotKind::ColoredMana => "colored-mana",
            SlotKind::PtChange => "pt",
            SlotKind::PtSet => "pt-set",
            SlotKind::CreatureType => "creature-types",
            SlotKind::Color => "color",
            SlotKind::Landwalk => "landwalk",
            SlotKind::Subject => "subject",
            SlotKind::Keyword => "keyword",
        }
    }

    pub const ALL: [SlotKind; 11] = [
        SlotKind::Number,
        SlotKind::ManaCost,
        SlotKind::Cost,
        SlotKind::ColoredMana,
        SlotKind::PtChange,
        SlotKind::PtSet,
        SlotKind::CreatureType,
        SlotKind::Color,
        SlotKind::Landwalk,
        SlotKind::Subject,
        SlotKind::Keyword,
    ];
}

/// A captured slot value.
#[derive(Debug, Clone, PartialEq)]
pub enum Capture {
    Number(u32),
    ManaCost(ManaCost),
    Cost {
        mana: ManaCost,
        tap: bool,
    },
    ColoredMana(Color),
    PtChange(i32, i32),
    PtSet(i32, i32),
    CreatureType(&'static str),
    Color(Color),
    Landwalk(BasicLandType),
    /// `true` for `enchanted creature`, `false` for `~`.
    Subject {
        enchanted: bool,
    },
    Keyword(Keyword),
}

#[derive(Debug, Clone, PartialEq)]
enum Piece {
    Word(String),
    Slot(SlotKind),
    Alt(Vec<Vec<Piece>>),
}

/// A compiled pattern.
#[derive(Debug, Clone, PartialEq)]
pub struct Pattern {
    source: &'static str,
    pieces: Vec<Piece>,
}

impl Pattern {
    /// Compiles a pattern. Patterns are written in this crate, so a malformed one is a bug
    /// caught by the test that compiles every template.
    pub fn new(source: &'static str) -> Result<Pattern, String> {
        let tokens = tokenize(source);
        let mut pos = 0;
        let pieces = parse_seq(&tokens, &mut pos)?;
        Ok(Pattern { source, pieces })
    }

    pub fn source(&self) -> &'static str {
        self.source
    }

    /// Matches a whole tokenized sentence, returning the captured slots in order.
    pub fn matches(&self, tokens: &[String]) -> Option<Vec<Capture>> {
        let mut caps = Vec::new();
        if match_seq(&self.pieces, tokens, &mut caps, &mut |rest, _| {
            rest.is_empty()
        }) {
            Some(caps)
        } else {
            None
        }
    }

    /// The slots the pattern uses.
    pub fn slots(&self) -> Vec<SlotKind> {
        fn walk(ps: &[Piece], out: &mut Vec<SlotKind>) {
            for p in ps {
                match p {
                    Piece::Slot(k) => out.push(*k),
                    Piece::Alt(alts) => alts.iter().for_each(|a| walk(a, out)),
                    Piece::Word(_) => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.pieces, &mut out);
        out
    }
}

fn parse_seq(tokens: &[String], pos: &mut usize) -> Result<Vec<Piece>, String> {
    let mut seq = Vec::new();
    while *pos < tokens.len() {
        let t = &tokens[*pos];
        *pos += 1;
        if let Some(name) = t.strip_prefix('<').and_then(|r| r.strip_suffix('>')) {
            let kind = SlotKind::from_name(name).ok_or(format!("unknown slot <{name}>"))?;
            seq.push(Piece::Slot(kind));
        } else if t.starts_with('[') {
            // The tokenizer splits `[each turn|each combat]` at spaces; rejoin the group and
            // split it on `|` instead.
            let mut depth_text = t.clone();
            while !depth_text.ends_with(']') {
                let next = tokens
                    .get(*pos)
                    .ok_or("unterminated `[` in pattern".to_string())?;
                depth_text.push(' ');
                depth_text.push_str(next);
                *pos += 1;
            }
            let inner = &depth_text[1..depth_text.len() - 1];
            let mut alts = Vec::new();
            for alt in inner.split('|') {
                let alt_tokens = tokenize(alt);
                let mut p = 0;
                alts.push(parse_seq(&alt_tokens, &mut p)?);
            }
            seq.push(Piece::Alt(alts));
        } else if t.contains(['[', ']', '|']) {
            return Err(format!("misplaced `{t}` in pattern"));
        } else if matches!(t.to_lowercase().as_str(), "enters" | "enter")
            && tokens
                .get(*pos)
                .is_some_and(|w| w.eq_ignore_ascii_case("the"))
            && tokens
                .get(*pos + 1)
                .is_some_and(|w| w.eq_ignore_ascii_case("battlefield"))
        {
            // Today's Oracle wording (since late 2024): "enters" for "enters the battlefield",
            // as the grammar's parser reads it too.
            let enters = Piece::Word(t.to_lowercase());
            seq.push(Piece::Alt(vec![
                vec![
                    enters.clone(),
                    Piece::Word("the".into()),
                    Piece::Word("battlefield".into()),
                ],
                vec![enters],
            ]));
            *pos += 2;
        } else {
            seq.push(Piece::Word(t.to_lowercase()));
        }
    }
    Ok(seq)
}

type Cont<'a> = dyn FnMut(&[String], &mut Vec<Capture>) -> bool + 'a;

/// Backtracking match of `pieces` against a prefix of `tokens`; `k` accepts the rest.
fn match_seq(pieces: &[Piece], tokens: &[String], caps: &mut Vec<Capture>, k: &mut Cont) -> bool {
    let Some((first, rest_pieces)) = pieces.split_first() else {
        return k(tokens, caps);
    };
    match first {
        Piece::Word(w) => match tokens.split_first() {
            Some((t, rest)) if t.to_lowercase() == *w => match_seq(rest_pieces, rest, caps, k),
            _ => false,
        },
        Piece::Slot(kind) => {
            for (used, cap) in match_slot(*kind, tokens) {
                let mark = caps.len();
                caps.push(cap);
                if match_seq(rest_pieces, &tokens[used..], caps, k) {
                    return true;
                }
                caps.truncate(mark);
            }
            false
        }
        Piece::Alt(alts) => {
            for alt in alts {
                let mark = caps.len();
                let ok = match_seq(alt, tokens, caps, &mut |rest, caps| {
                    match_seq(rest_pieces, rest, caps, k)
                });
                if ok {
                    return true;
                }
                caps.truncate(mark);
            }
            false
        }
    }
}

/// The ways a slot can match at the start of `tokens`: (tokens used, value).
fn match_slot(kind: SlotKind, tokens: &[String]) -> Vec<(usize, Capture)> {
    let Some(t) = tokens.first() else {
        return Vec::new();
    };
    let lower = t.to_lowercase();
    let one = |c: Option<Capture>| c.map(|c| vec![(1, c)]).unwrap_or_default();
    match kind {
        SlotKind::Number => one(number_word(&lower).map(Capture::Number)),
        SlotKind::ManaCost => one(t
            .starts_with('{')
            .then(|| t.parse::<ManaCost>().ok())
            .flatten()
            .filter(|c| !c.0.contains(&ManaSymbol::X))
            .map(Capture::ManaCost)),
        SlotKind::Cost => one(parse_cost(t)),
        SlotKind::ColoredMana => one(match t.parse::<ManaCost>() {
            Ok(ManaCost(v)) if v.len() == 1 => match v[0] {
                ManaSymbol::Colored(c) => Some(Capture::ColoredMana(c)),
                _ => None,
            },
            _ => None,
        }),
        SlotKind::PtChange => one(parse_pt(t).map(|(p, q)| Capture::PtChange(p, q))),
        SlotKind::PtSet => one(t.split_once('/').and_then(|(p, q)| {
            let digits = |s: &str| {
                (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| s.parse::<i32>().ok())
                    .flatten()
            };
            Some(Capture::PtSet(digits(p)?, digits(q)?))
        })),
        SlotKind::CreatureType => one(creature_type_named(t).map(Capture::CreatureType)),
        SlotKind::Color => one(Color::from_name(t).map(Capture::Color)),
        SlotKind::Landwalk => one(lower
            .strip_suffix("walk")
            .and_then(BasicLandType::from_name)
            .map(Capture::Landwalk)),
        SlotKind::Subject => {
            if t == "~" {
                vec![(1, Capture::Subject { enchanted: false })]
            } else if lower == "enchanted" && tokens.get(1).is_some_and(|n| n == "creature") {
                vec![(2, Capture::Subject { enchanted: true })]
            } else {
                Vec::new()
            }
        }
        SlotKind::Keyword => keyword_at(tokens).into_iter().collect(),
    }
}

/// A keyword without a number at the start of `tokens`: (tokens used, value).
fn keyword_at(tokens: &[String]) -> Option<(usize, Capture)> {
    let word = |i: usize| tokens.get(i).map(|t| t.to_lowercase());
    let first = word(0)?;
    let two = match (first.as_str(), word(1).as_deref()) {
        ("first", Some("strike")) => Some(Keyword::FirstStrike),
        ("double", Some("strike")) => Some(Keyword::DoubleStrike),
        _ => None,
    };
    if let Some(k) = two {
        return Some((2, Capture::Keyword(k)));
    }
    if first == "protection" && word(1).as_deref() == Some("from") {
        let color = Color::from_name(tokens.get(2)?)?;
        return Some((
            3,
            Capture::Keyword(Keyword::Protection(Box::new(crate::filter::Filter::Color(
                color,
            )))),
        ));
    }
    let k = match first.as_str() {
        "flying" => Keyword::Flying,
        "trample" => Keyword::Trample,
        "haste" => Keyword::Haste,
        "vigilance" => Keyword::Vigilance,
        "reach" => Keyword::Reach,
        "flash" => Keyword::Flash,
        "fear" => Keyword::Fear,
        "shadow" => Keyword::Shadow,
        "horsemanship" => Keyword::Horsemanship,
        "deathtouch" => Keyword::Deathtouch,
        "lifelink" => Keyword::Lifelink,
        "wither" => Keyword::Wither,
        "defender" => Keyword::Defender,
        "flanking" => Keyword::Flanking,
        "banding" => Keyword::Banding,
        "provoke" => Keyword::Provoke,
        other => Keyword::Landwalk(crate::landwalk::Walk::Basic(
            other
                .strip_suffix("walk")
                .and_then(BasicLandType::from_name)?,
        )),
    };
    Some((1, Capture::Keyword(k)))
}

/// "one" .. "ten", or digits.
pub fn number_word(s: &str) -> Option<u32> {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .iter()
        .position(|w| *w == s)
        .map(|n| n as u32)
        .or_else(|| s.parse().ok())
}

fn parse_cost(t: &str) -> Option<Capture> {
    if !t.starts_with('{') {
        return None;
    }
    let tap = t.contains("{T}");
    let mana_text = t.replace("{T}", "");
    let mana = if mana_text.is_empty() {
        ManaCost::default()
    } else {
        mana_text.parse().ok()?
    };
    Some(Capture::Cost { mana, tap })
}

fn parse_pt(t: &str) -> Option<(i32, i32)> {
    let (p, q) = t.split_once('/')?;
    let signed = |s: &str| -> Option<i32> {
        let (sign, digits) = match s.as_bytes().first()? {
            b'+' => (1, &s[1..]),
            b'-' => (-1, &s[1..]),
            _ => return None,
        };
        digits.parse::<i32>().ok().map(|n| sign * n)
    };
    Some((signed(p)?, signed(q)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<String> {
        tokenize(s)
    }

    #[test]
    fn tokenizer_splits_punctuation_and_keeps_symbols() {
        assert_eq!(
            toks("{1}{G}: Regenerate ~."),
            vec!["{1}{G}", ":", "Regenerate", "~", "."]
        );
        assert_eq!(
            toks("Flying, first strike"),
            vec!["Flying", ",", "first", "strike"]
        );
        assert_eq!(toks("can’t"), vec!["can't"]);
        assert_eq!(
            toks("has \"{T}: Draw a card.\""),
            vec!["has", "\"", "{T}", ":", "Draw", "a", "card", ".", "\""]
        );
        assert_eq!(
            toks("gains “~ can't attack” until"),
            vec!["gains", "\"", "~", "can't", "attack", "\"", "until"]
        );
    }

    #[test]
    fn alternatives_slots_and_optional_groups_match() {
        let p = Pattern::new("~ attacks [each turn|each combat] if able.").unwrap();
        assert!(p.matches(&toks("~ attacks each turn if able.")).is_some());
        assert!(p.matches(&toks("~ attacks each combat if able.")).is_some());
        assert!(p.matches(&toks("~ attacks each game if able.")).is_none());
        assert!(p.matches(&toks("~ attacks each turn if able")).is_none());

        let q = Pattern::new("~ can block any number of creatures [|each combat].").unwrap();
        assert!(
            q.matches(&toks("~ can block any number of creatures."))
                .is_some()
        );
        assert!(
            q.matches(&toks("~ can block any number of creatures each combat."))
                .is_some()
        );

        let r = Pattern::new("~ can't be blocked except by <number> or more creatures.").unwrap();
        assert_eq!(
            r.matches(&toks(
                "~ can't be blocked except by three or more creatures."
            )),
            Some(vec![Capture::Number(3)])
        );
    }

    #[test]
    fn slots_parse_their_values() {
        let p = Pattern::new("<cost>: <subject> gets <pt> until end of turn.").unwrap();
        assert_eq!(
            p.matches(&toks("{R}: ~ gets +1/+0 until end of turn.")),
            Some(vec![
                Capture::Cost {
                    mana: "{R}".parse().unwrap(),
                    tap: false
                },
                Capture::Subject { enchanted: false },
                Capture::PtChange(1, 0)
            ])
        );
        let q = Pattern::new("<cost>: Add <colored-mana>.").unwrap();
        assert_eq!(
            q.matches(&toks("{T}: Add {G}.")),
            Some(vec![
                Capture::Cost {
                    mana: ManaCost::default(),
                    tap: true
                },
                Capture::ColoredMana(Color::Green)
            ])
        );
        assert!(q.matches(&toks("{T}: Add {2}.")).is_none());
    }

    #[test]
    fn keyword_slot_takes_one_to_three_words() {
        let p = Pattern::new("It gains <keyword> until end of turn.").unwrap();
        for (text, k) in [
            ("It gains haste until end of turn.", Keyword::Haste),
            (
                "It gains first strike until end of turn.",
                Keyword::FirstStrike,
            ),
            (
                "It gains protection from red until end of turn.",
                Keyword::Protection(Box::new(crate::filter::Filter::Color(Color::Red))),
            ),
            (
                "It gains swampwalk until end of turn.",
                Keyword::Landwalk(crate::landwalk::Walk::Basic(BasicLandType::Swamp)),
            ),
        ] {
            assert_eq!(
                p.matches(&toks(text)),
                Some(vec![Capture::Keyword(k)]),
                "{text}"
            );
        }
        assert!(
            p.matches(&toks("It gains bushido until end of turn."))
                .is_none()
        );
        assert!(
            p.matches(&toks("It gains first until end of turn."))
                .is_none()
        );
        assert!(
            p.matches(&toks("It gains protection from goblins until end of turn."))
                .is_none()
        );
    }

    #[test]
    fn malformed_patterns_are_rejected() {
        assert!(Pattern::new("~ <nonsense>.").is_err());
        assert!(Pattern::new("~ [a|b").is_err());
    }
}
