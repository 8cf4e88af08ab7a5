//! Colors and mana costs (rules 203, 105 in spirit): `{2}{R}`, `{R/G}`, `{X}`.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the five colors (203.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    White,
    Blue,
    Black,
    Red,
    Green,
}

impl Color {
    pub const ALL: [Color; 5] = [
        Color::White,
        Color::Blue,
        Color::Black,
        Color::Red,
        Color::Green,
    ];

    /// Its place in [`Color::ALL`] (the order of mana pools).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The mana symbol letter: W, U, B, R, G.
    pub fn symbol(self) -> char {
        match self {
            Color::White => 'W',
            Color::Blue => 'U',
            Color::Black => 'B',
            Color::Red => 'R',
            Color::Green => 'G',
        }
    }

    pub fn from_symbol(c: char) -> Option<Color> {
        Color::ALL.into_iter().find(|k| k.symbol() == c)
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Blue => "blue",
            Color::Black => "black",
            Color::Red => "red",
            Color::Green => "green",
        }
    }

    /// Parses a color word, any case.
    pub fn from_name(s: &str) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The mana one mana ability (or mana-adding instruction) makes when it resolves (406.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ManaYield {
    /// Exactly this mana: `{G}`, `{C}{C}`, `{B}{R}{G}` (`None`: colorless).
    Fixed(Vec<Option<Color>>),
    /// One mana of one of these colors, chosen as it resolves: "Add {B} or {R}", "Add one
    /// mana of any color".
    OneOf(Vec<Color>),
}

impl ManaYield {
    /// How much mana it makes.
    pub fn amount(&self) -> u32 {
        match self {
            ManaYield::Fixed(m) => m.len() as u32,
            ManaYield::OneOf(_) => 1,
        }
    }

    /// Whether it can make mana of this kind (`None`: colorless).
    pub fn can_make(&self, mana: Option<Color>) -> bool {
        match self {
            ManaYield::Fixed(m) => m.contains(&mana),
            ManaYield::OneOf(cs) => mana.is_some_and(|c| cs.contains(&c)),
        }
    }
}

/// How a mana symbol is written: `{G}`, or `{C}` for colorless.
pub fn mana_text(mana: Option<Color>) -> String {
    mana.map_or("{C}".to_string(), |c| format!("{{{}}}", c.symbol()))
}

/// One symbol of a mana cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ManaSymbol {
    /// `{3}`: that much mana of any type.
    Generic(u32),
    /// `{G}`
    Colored(Color),
    /// `{R/G}`: either color.
    Hybrid(Color, Color),
    /// `{X}`
    X,
    /// `{C}`: one colorless mana, which no other mana pays (current 107.4c; no 2009 symbol).
    Colorless,
    /// `{2/B}`: a monocolored hybrid symbol, paid with one mana of its color or two mana of
    /// any type (104.3f); it counts 2 toward converted mana cost (203.3c).
    MonoHybrid(Color),
    /// `{S}`: one mana of any type produced by a snow permanent (104.3i; current 107.4h);
    /// generic for every other purpose (it counts 1 toward converted mana cost, and
    /// reductions of generic mana don't reach it).
    Snow,
    /// `{B/P}`: a Phyrexian mana symbol (current 107.4f, 2011; no 2009 symbol, so read as
    /// today's rules say under both editions): paid with one mana of its color or 2 life.
    Phyrexian(Color),
}

impl ManaSymbol {
    /// Whether the symbol is of one of `colors` (devotion, current 700.5a: a hybrid symbol
    /// of either color; chroma): colored, hybrid, monocolored hybrid and Phyrexian symbols.
    pub fn is_of_any(&self, colors: &[Color]) -> bool {
        match *self {
            ManaSymbol::Colored(c) | ManaSymbol::MonoHybrid(c) | ManaSymbol::Phyrexian(c) => {
                colors.contains(&c)
            }
            ManaSymbol::Hybrid(a, b) => colors.contains(&a) || colors.contains(&b),
            ManaSymbol::Generic(_) | ManaSymbol::X | ManaSymbol::Colorless | ManaSymbol::Snow => {
                false
            }
        }
    }

    /// The ways a symbol that offers a choice can be paid (104.3f, current 107.4f): the
    /// mana it then asks for and the life paid instead, the way with mana first; `None` for
    /// a symbol paid one way only.
    pub fn ways(&self) -> Option<[(Vec<ManaSymbol>, u32); 2]> {
        match *self {
            ManaSymbol::MonoHybrid(c) => Some([
                (vec![ManaSymbol::Colored(c)], 0),
                (vec![ManaSymbol::Generic(2)], 0),
            ]),
            ManaSymbol::Phyrexian(c) => Some([(vec![ManaSymbol::Colored(c)], 0), (Vec::new(), 2)]),
            _ => None,
        }
    }
}

impl fmt::Display for ManaSymbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ManaSymbol::Generic(n) => write!(f, "{{{n}}}"),
            ManaSymbol::Colored(c) => write!(f, "{{{}}}", c.symbol()),
            ManaSymbol::Hybrid(a, b) => write!(f, "{{{}/{}}}", a.symbol(), b.symbol()),
            ManaSymbol::X => f.write_str("{X}"),
            ManaSymbol::Colorless => f.write_str("{C}"),
            ManaSymbol::MonoHybrid(c) => write!(f, "{{2/{}}}", c.symbol()),
            ManaSymbol::Phyrexian(c) => write!(f, "{{{}/P}}", c.symbol()),
            ManaSymbol::Snow => f.write_str("{S}"),
        }
    }
}

/// A mana cost as printed. An empty cost `{0}` and no cost at all differ (401.1b: a nonexistent
/// mana cost can't be paid), so objects hold `Option<ManaCost>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ManaCost(pub Vec<ManaSymbol>);

impl ManaCost {
    /// 203.2: an object is the color or colors of the mana symbols in its mana cost.
    pub fn colors(&self) -> Vec<Color> {
        let mut out: Vec<Color> = Vec::new();
        for s in &self.0 {
            match *s {
                ManaSymbol::Colored(c) | ManaSymbol::MonoHybrid(c) | ManaSymbol::Phyrexian(c) => {
                    out.push(c)
                }
                ManaSymbol::Hybrid(a, b) => out.extend([a, b]),
                ManaSymbol::Generic(_)
                | ManaSymbol::X
                | ManaSymbol::Colorless
                | ManaSymbol::Snow => {}
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// Whether the cost has an {X}.
    pub fn has_x(&self) -> bool {
        self.0.contains(&ManaSymbol::X)
    }

    /// The cost with X chosen as `x` (409.1b): each {X} is `x` generic mana, none for 0.
    pub fn with_x(&self, x: u32) -> ManaCost {
        ManaCost(
            self.0
                .iter()
                .map(|s| match s {
                    ManaSymbol::X => ManaSymbol::Generic(x),
                    s => *s,
                })
                .filter(|s| *s != ManaSymbol::Generic(0))
                .collect(),
        )
    }

    /// 203.3: converted mana cost; X counts as 0 outside the stack.
    pub fn converted(&self) -> u32 {
        self.0
            .iter()
            .map(|s| match s {
                ManaSymbol::Generic(n) => *n,
                ManaSymbol::Colored(_)
                | ManaSymbol::Hybrid(..)
                | ManaSymbol::Colorless
                | ManaSymbol::Snow
                | ManaSymbol::Phyrexian(_) => 1,
                // 203.3c: the largest component.
                ManaSymbol::MonoHybrid(_) => 2,
                ManaSymbol::X => 0,
            })
            .sum()
    }

    /// The total of generic symbols, when the cost is generic only (`{2}`), as attack costs are.
    pub fn generic_only(&self) -> Option<u32> {
        self.0
            .iter()
            .map(|s| match s {
                ManaSymbol::Generic(n) => Some(*n),
                _ => None,
            })
            .sum()
    }
}

impl fmt::Display for ManaCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("{0}");
        }
        for s in &self.0 {
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

/// Why a mana cost didn't parse; `at` is the byte offset of the bad symbol.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct ManaCostError {
    pub at: usize,
    pub reason: String,
}

impl std::str::FromStr for ManaCost {
    type Err = ManaCostError;

    /// Parses a sequence of `{...}` symbols: `{2}{R}`, `{R/G}{R/G}`, `{X}{G}`, `{0}`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut symbols = Vec::new();
        let mut rest = s;
        let mut offset = 0;
        if s.trim().is_empty() {
            return Err(ManaCostError {
                at: 0,
                reason: "empty mana cost; write {0} for a cost of zero, or leave the field out"
                    .into(),
            });
        }
        while !rest.is_empty() {
            let Some(body_start) = rest.strip_prefix('{') else {
                return Err(ManaCostError {
                    at: offset,
                    reason: format!("expected `{{` to open a mana symbol, found `{rest}`"),
                });
            };
            let Some(close) = body_start.find('}') else {
                return Err(ManaCostError {
                    at: offset,
                    reason: "mana symbol is missing its closing `}`".into(),
                });
            };
            let body = &body_start[..close];
            symbols.push(parse_symbol(body).ok_or_else(|| ManaCostError {
                at: offset,
                reason: format!(
                    "`{{{body}}}` is not a mana symbol (expected {{W}}, {{U}}, {{B}}, {{R}}, {{G}}, {{C}}, a number, {{X}}, {{S}}, a hybrid like {{R/G}} or {{2/W}}, or a Phyrexian symbol like {{W/P}})"
                ),
            })?);
            let used = close + 2;
            rest = &rest[used..];
            offset += used;
        }
        // `{0}` is a real, payable cost of nothing: keep it as no symbols.
        symbols.retain(|s| *s != ManaSymbol::Generic(0));
        Ok(ManaCost(symbols))
    }
}

fn parse_symbol(body: &str) -> Option<ManaSymbol> {
    if let Ok(n) = body.parse::<u32>() {
        return Some(ManaSymbol::Generic(n));
    }
    if body == "X" {
        return Some(ManaSymbol::X);
    }
    if body == "C" {
        return Some(ManaSymbol::Colorless);
    }
    if body == "S" {
        return Some(ManaSymbol::Snow);
    }
    let mut chars = body.chars();
    match (chars.next(), chars.next(), chars.next(), chars.next()) {
        (Some(c), None, _, _) => Color::from_symbol(c).map(ManaSymbol::Colored),
        (Some('2'), Some('/'), Some(b), None) => {
            Some(ManaSymbol::MonoHybrid(Color::from_symbol(b)?))
        }
        (Some(a), Some('/'), Some('P'), None) => {
            Some(ManaSymbol::Phyrexian(Color::from_symbol(a)?))
        }
        (Some(a), Some('/'), Some(b), None) => Some(ManaSymbol::Hybrid(
            Color::from_symbol(a)?,
            Color::from_symbol(b)?,
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_generic_colored_hybrid_and_x() {
        let c: ManaCost = "{2}{R}{R/G}{X}".parse().unwrap();
        assert_eq!(
            c.0,
            vec![
                ManaSymbol::Generic(2),
                ManaSymbol::Colored(Color::Red),
                ManaSymbol::Hybrid(Color::Red, Color::Green),
                ManaSymbol::X
            ]
        );
        assert_eq!(c.converted(), 4);
        assert_eq!(c.colors(), vec![Color::Red, Color::Green]);
        assert_eq!(c.to_string(), "{2}{R}{R/G}{X}");
    }

    #[test]
    fn monocolored_hybrid_and_phyrexian_symbols() {
        let c: ManaCost = "{2/W}{2/W}{U/P}".parse().unwrap();
        assert_eq!(
            c.0,
            vec![
                ManaSymbol::MonoHybrid(Color::White),
                ManaSymbol::MonoHybrid(Color::White),
                ManaSymbol::Phyrexian(Color::Blue)
            ]
        );
        // 203.3c: {2/W} counts its larger half; current 107.4f: {U/P} is one blue symbol.
        assert_eq!(c.converted(), 5);
        assert_eq!(c.colors(), vec![Color::White, Color::Blue]);
        assert_eq!(c.to_string(), "{2/W}{2/W}{U/P}");
        assert_eq!(
            ManaSymbol::Phyrexian(Color::Blue).ways().unwrap()[1],
            (Vec::new(), 2)
        );
        assert!("{2/P}".parse::<ManaCost>().is_err());
        // 104.3i: {S} is generic for converted mana cost and colors.
        let s: ManaCost = "{1}{S}".parse().unwrap();
        assert_eq!(
            (s.converted(), s.colors(), s.to_string()),
            (2, vec![], "{1}{S}".into())
        );
        assert!("{3/W}".parse::<ManaCost>().is_err());
    }

    #[test]
    fn zero_cost_is_payable_and_colorless() {
        let c: ManaCost = "{0}".parse().unwrap();
        assert_eq!(c.converted(), 0);
        assert!(c.colors().is_empty());
        assert_eq!(c.generic_only(), Some(0));
    }

    #[test]
    fn rejects_bad_symbols_with_their_offset() {
        let e = "{1}{Q}".parse::<ManaCost>().unwrap_err();
        assert_eq!(e.at, 3);
        assert!(e.reason.contains("{Q}"));
        assert!("{1".parse::<ManaCost>().is_err());
        assert!("1G".parse::<ManaCost>().is_err());
        assert!("".parse::<ManaCost>().is_err());
    }
}
