//! The cursor the card-text grammar reads with: a hand-written recursive-descent parser over
//! the words of one sentence.
//!
//! Why hand-written: card text is a small language of phrases that nest (a filter inside a
//! condition inside a static ability) and its errors must say how far a sentence was
//! understood and what was expected there ("expected a creature description after 'can't be
//! blocked by'"). A cursor with backtracking ([`Parser::attempt`]) and a record of the furthest
//! point reached gives both without a dependency; each production is a plain function in
//! `phrase`, `keywords` or `statics`.

use super::pattern::tokenize;
use std::borrow::Cow;

/// A position in a sentence's words, with the furthest point any production reached and what
/// was expected there.
#[derive(Debug, Clone)]
pub struct Parser {
    tokens: Vec<String>,
    pos: usize,
    furthest: usize,
    expected: Vec<Cow<'static, str>>,
    /// A description read "it" as the object with the ability ("creatures blocking it"):
    /// after a trigger about another creature "it" is that creature, which the caller
    /// refuses rather than read wrong. Set even by an attempt that failed, so at worst a
    /// sentence is refused that could have been read.
    pub it_as_this: bool,
    /// The static ability being read is about the object with it ("~ has ..."): a quoted
    /// ability there may say the card's name, which then means that object.
    pub subject_is_this: bool,
    /// The instructions being read are carried out by a player the sentence named before
    /// them ("Its controller may search his or her library ..."): "his or her" and "their"
    /// are that player's, as "your" is the controller's in an imperative.
    pub actor: bool,
}

/// "you may have ~ deal 3 damage", "have it fight target creature": after "have" (and "let")
/// a verb is bare, so the grammar's "deals", "fights" and "becomes" read their bare forms too;
/// nowhere else does card text write them so.
fn bare_verb(token: &str, word: &str) -> bool {
    matches!(word, "deals" | "fights" | "becomes")
        && word
            .strip_suffix('s')
            .is_some_and(|bare| token.eq_ignore_ascii_case(bare))
}

impl Parser {
    pub fn new(text: &str) -> Parser {
        Parser {
            tokens: tokenize(text),
            pos: 0,
            furthest: 0,
            expected: Vec::new(),
            it_as_this: false,
            subject_is_this: false,
            actor: false,
        }
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Runs `f` on the words up to one of the commas ahead (the first where `f` reads all of
    /// them), leaving the cursor at that comma: for a phrase ended by a comma that a greedy
    /// production would read past ("if you control a creature with power 4 or greater,
    /// creatures can't block" is not a list of creatures).
    pub fn before_comma<T>(&mut self, f: impl Fn(&mut Parser) -> Option<T>) -> Option<T> {
        let commas: Vec<usize> = (self.pos..self.tokens.len())
            .filter(|i| self.tokens[*i] == ",")
            .collect();
        for k in commas {
            let mut sub = Parser {
                tokens: self.tokens[..k].to_vec(),
                pos: self.pos,
                furthest: self.furthest,
                expected: self.expected.clone(),
                it_as_this: self.it_as_this,
                subject_is_this: self.subject_is_this,
                actor: self.actor,
            };
            let v = f(&mut sub);
            self.it_as_this |= sub.it_as_this;
            if sub.furthest > self.furthest {
                self.furthest = sub.furthest;
                self.expected = sub.expected.clone();
            }
            if let Some(v) = v.filter(|_| sub.at_end()) {
                self.pos = k;
                return Some(v);
            }
        }
        None
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    /// The next word, if any.
    pub fn peek(&self) -> Option<&str> {
        self.tokens.get(self.pos).map(String::as_str)
    }

    /// The word after the next one.
    pub fn peek2(&self) -> Option<&str> {
        self.tokens.get(self.pos + 1).map(String::as_str)
    }

    /// Takes the next word, whatever it is.
    pub fn next_word(&mut self) -> Option<String> {
        let w = self.tokens.get(self.pos).cloned();
        if w.is_some() {
            self.advance(1);
        }
        w
    }

    fn advance(&mut self, n: usize) {
        self.pos += n;
        if self.pos > self.furthest {
            self.furthest = self.pos;
            self.expected.clear();
        }
    }

    /// Takes `words` (one or more, space-separated, matched ignoring case) if they come next.
    pub fn eat(&mut self, words: &str) -> bool {
        // The grammar's own wordings are words separated by spaces, each one token; splitting
        // them needs no allocation (this runs for every alternative tried).
        let rest = &self.tokens[self.pos.min(self.tokens.len())..];
        let mut n = 0;
        let mut pattern = words.split(' ').filter(|w| !w.is_empty()).peekable();
        let mut after_enters = false;
        while let Some(w) = pattern.next() {
            // Today's Oracle wording (since late 2024) says "When ~ enters," for "When ~ enters
            // the battlefield,": every wording of the grammar with "enter(s) the battlefield"
            // reads the short one too.
            if after_enters
                && w.eq_ignore_ascii_case("the")
                && pattern
                    .peek()
                    .is_some_and(|x| x.eq_ignore_ascii_case("battlefield"))
                && !rest.get(n).is_some_and(|t| t.eq_ignore_ascii_case("the"))
            {
                pattern.next();
                after_enters = false;
                continue;
            }
            match rest.get(n) {
                Some(t) if t.eq_ignore_ascii_case(w) || bare_verb(t, w) => n += 1,
                _ => return false,
            }
            after_enters = w.eq_ignore_ascii_case("enters") || w.eq_ignore_ascii_case("enter");
        }
        self.advance(n);
        true
    }

    /// Takes the first of several wordings that comes next; returns its index.
    pub fn eat_one_of(&mut self, options: &[&str]) -> Option<usize> {
        options.iter().position(|o| self.eat(o))
    }

    /// Records that `what` was expected here, for the error message; always `None`.
    pub fn expected<T>(&mut self, what: &'static str) -> Option<T> {
        self.expected_text(Cow::Borrowed(what))
    }

    /// Like [`Parser::expected`], with a message made for this sentence (what a quoted
    /// ability inside it lacked).
    pub fn expected_text<T>(&mut self, what: Cow<'static, str>) -> Option<T> {
        if self.pos == self.furthest && !self.expected.contains(&what) {
            self.expected.push(what);
        }
        None
    }

    /// Takes a quoted text (`"` words `"`) if one comes next, and returns its words as text:
    /// a quoted ability, read by its own grammar.
    pub fn quoted(&mut self) -> Option<String> {
        self.attempt(|p| {
            p.eat("\"").then_some(())?;
            let start = p.pos;
            let end = (start..p.tokens.len()).find(|i| p.tokens[*i] == "\"")?;
            let text = join_words(&p.tokens[start..end]);
            (!text.is_empty()).then_some(())?;
            p.advance(end + 1 - start);
            Some(text)
        })
    }

    /// Runs a production; if it fails, the cursor goes back to where it was.
    pub fn attempt<T>(&mut self, f: impl FnOnce(&mut Parser) -> Option<T>) -> Option<T> {
        let start = self.pos;
        let out = f(self);
        if out.is_none() {
            self.pos = start;
        }
        out
    }

    /// Whether the sentence ends here: its final period, if any, is the last word.
    pub fn at_sentence_end(&self) -> bool {
        self.at_end() || (self.pos + 1 == self.tokens.len() && self.tokens[self.pos] == ".")
    }

    /// Takes the sentence's final period and checks nothing follows.
    pub fn finish(&mut self) -> Option<()> {
        self.eat(".");
        if self.at_end() {
            Some(())
        } else {
            self.expected("the end of the sentence")
        }
    }

    /// How far the sentence was understood and what was expected there, in words.
    pub fn error(&self) -> String {
        let understood = self.tokens[..self.furthest.min(self.tokens.len())].join(" ");
        let expected = match self.expected.as_slice() {
            [] => "something Skirmish understands".to_string(),
            [one] => one.to_string(),
            many => {
                let (last, rest) = many.split_last().expect("several");
                format!("{} or {last}", rest.join(", "))
            }
        };
        let at = match self.tokens.get(self.furthest) {
            Some(w) => format!(" (found \"{w}\")"),
            None => " (found the end of the sentence)".to_string(),
        };
        if understood.is_empty() {
            format!("expected {expected} at the start{at}")
        } else {
            format!("expected {expected} after \"{understood}\"{at}")
        }
    }

    /// How many words the furthest production understood.
    pub fn furthest(&self) -> usize {
        self.furthest
    }
}

/// Words back into text: no space before the punctuation the tokenizer split off.
fn join_words(words: &[String]) -> String {
    let mut out = String::new();
    for w in words {
        if !out.is_empty() && !matches!(w.as_str(), "." | "," | ":") {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eats_words_ignoring_case_and_backtracks() {
        let mut p = Parser::new("Creatures can't block.");
        assert!(!p.eat("creatures can't attack"));
        assert_eq!(p.pos(), 0);
        assert!(p.eat("creatures"));
        let r: Option<()> = p.attempt(|p| {
            p.eat("can't");
            p.expected("attack")
        });
        assert!(r.is_none());
        assert_eq!(p.pos(), 1);
        assert!(p.eat("can't block"));
        assert!(p.finish().is_some());
    }

    #[test]
    fn the_error_names_the_furthest_point_and_what_was_expected_there() {
        let mut p = Parser::new("~ can't be blocked by purple dragons.");
        assert!(p.eat("~ can't be blocked by"));
        let _: Option<()> = p.expected("a creature description");
        assert_eq!(
            p.error(),
            "expected a creature description after \"~ can't be blocked by\" (found \"purple\")"
        );
    }
}
