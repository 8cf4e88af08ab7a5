//! The words of Magic 2010 and later for text Skirmish writes in 2009's words: the engine
//! writes its log in the words of its default edition, and under the current rules every
//! printed line passes through [`current`] (the events with structured text, zone changes,
//! casting and activating, choose their current words themselves).

use std::borrow::Cow;

/// Phrases in the order they are tried: longer before the shorter ones they contain.
const PHRASES: &[(&str, &str)] = &[
    ("comes into play", "enters the battlefield"),
    ("come into play", "enter the battlefield"),
    ("came into play", "entered the battlefield"),
    ("coming into play", "entering the battlefield"),
    ("put into play", "put onto the battlefield"),
    ("puts into play", "puts onto the battlefield"),
    ("into play", "onto the battlefield"),
    ("in play", "on the battlefield"),
    ("from play", "from the battlefield"),
    ("leaves play", "leaves the battlefield"),
    ("leave play", "leave the battlefield"),
    ("left play", "left the battlefield"),
    ("leaving play", "leaving the battlefield"),
    ("remains in play", "remains on the battlefield"),
    ("is removed from the game", "is exiled"),
    ("are removed from the game", "are exiled"),
    ("removed from the game", "exiled"),
    ("removed-from-the-game zone", "exile"),
    ("at end of turn", "at the beginning of the end step"),
    ("end of turn step", "end step"),
    ("end phase", "ending phase"),
    ("state-based effects", "state-based actions"),
    ("state-based effect", "state-based action"),
    ("game actions", "turn-based actions"),
    ("each turn if able", "each combat if able"),
    ("play only", "activate only"),
    ("is unblockable", "can't be blocked"),
    ("he or she controls", "they control"),
    ("he or she has", "they have"),
    ("he or she is", "they are"),
    ("his or her", "their"),
    ("he or she", "they"),
    ("him or her", "them"),
];

/// 2009's words replaced by today's, phrase by phrase (whole words only, either case of the
/// first letter); "remove(s) ... from the game" becomes "exile(s) ...".
pub(super) fn current(text: &str) -> Cow<'_, str> {
    let lower = text.to_ascii_lowercase();
    let mentions_old =
        PHRASES.iter().any(|(old, _)| lower.contains(old)) || lower.contains("from the game");
    if !mentions_old {
        return Cow::Borrowed(text);
    }
    let mut out = text.to_string();
    for (old, new) in PHRASES {
        out = replace_phrase(&out, old, new);
        out = replace_phrase(&out, &capitalized(old), &capitalized(new));
    }
    Cow::Owned(exile(&out))
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn boundary(c: Option<char>) -> bool {
    c.is_none_or(|c| !c.is_alphanumeric() && c != '-')
}

/// Replaces `old` where it stands as whole words.
fn replace_phrase(text: &str, old: &str, new: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(old) {
        out.push_str(&rest[..at]);
        let before = out.chars().next_back();
        let after = rest[at + old.len()..].chars().next();
        out.push_str(if boundary(before) && boundary(after) {
            new
        } else {
            old
        });
        rest = &rest[at + old.len()..];
    }
    out.push_str(rest);
    out
}

/// "remove(s) X from the game" -> "exile(s) X", within one clause.
fn exile(text: &str) -> String {
    let mut out = text.to_string();
    for (verb, now) in [
        ("removes ", "exiles "),
        ("remove ", "exile "),
        ("Remove ", "Exile "),
    ] {
        let mut from = 0;
        while let Some(at) = out[from..].find(verb).map(|i| i + from) {
            let tail = &out[at + verb.len()..];
            let clause_end = tail.find(['.', ';', '(', ')']).unwrap_or(tail.len());
            match tail[..clause_end].find(" from the game") {
                Some(end) if boundary(out[..at].chars().next_back()) => {
                    let object = tail[..end].to_string();
                    let after = tail[end + " from the game".len()..].to_string();
                    out = format!("{}{now}{object}{after}", &out[..at]);
                    from = at + now.len();
                }
                _ => from = at + verb.len(),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_of_2009_become_todays() {
        assert_eq!(
            current("Grizzly Bears comes into play"),
            "Grizzly Bears enters the battlefield"
        );
        assert_eq!(
            current("the creatures in play; Into play it goes"),
            "the creatures on the battlefield; Onto the battlefield it goes"
        );
        assert_eq!(current("it is removed from the game"), "it is exiled");
        assert_eq!(
            current("ingest: that player removes the top card of his or her library from the game"),
            "ingest: that player exiles the top card of their library"
        );
        assert_eq!(
            current("the end of turn step begins"),
            "the end step begins"
        );
        assert_eq!(
            current("state-based effects are checked"),
            "state-based actions are checked"
        );
        // Whole words only, and text without 2009 words is borrowed as it is.
        assert_eq!(current("display"), "display");
        assert!(matches!(current("Bob attacks"), Cow::Borrowed(_)));
        assert_eq!(current("replay"), "replay");
    }
}
