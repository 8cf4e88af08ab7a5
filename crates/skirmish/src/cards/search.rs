//! Searching a library (the 2009 glossary's "Search"; current 701.23):
//!
//! ```text
//! search  := "search" library "for" how-many searched-cards
//!            ((", and" | "," | "and" | ", then" | "then") after)*
//! how-many:= "a" | "an" | number | "up to" number | "any number of"
//! after   := "reveal" them | "put" them where | "exile" them | "remove" them "from the game"
//!          | "shuffle your library" ["and put" them "on top of it"]
//! where   := "into" hand | ("onto the battlefield" | "into play") ["tapped"]
//!          | "into your graveyard"
//! them    := "it" | "them" | "that card" | "those cards"
//! shuffle := "shuffle" library | "shuffle" <end of the sentence>
//! library := "your library" | ("his or her library" | "their library")  (only after "<player> may")
//! hand    := "your hand" | ("his or her hand" | "their hand")  (only after "<player> may")
//! ```
//!
//! One search finds its cards and puts them in one place; the shuffle that Oracle text often
//! writes as a sentence of its own ("Then shuffle your library.") is an instruction too.

use super::effects::Instruction;
use super::parser::Parser;
use super::phrase;
use crate::ability::{Effect, SearchCount, SearchTo, Subject};

/// "search your library for a basic land card, reveal it, put it into your hand, then shuffle
/// your library": the whole search, with where its cards go.
pub(super) fn search(p: &mut Parser) -> Option<Instruction> {
    p.attempt(|p| {
        // "Its controller may search his or her library for ...": the player named does.
        let searches = p.eat("search your library for")
            || (p.actor
                && p.eat_one_of(&["search his or her library for", "search their library for"])
                    .is_some());
        searches.then_some(())?;
        let count = how_many(p)?;
        let (filter, plural) = phrase::searched_cards(p)?;
        // "a card" but "two cards", "up to one card" but "up to two cards".
        if plural != (count.most() > 1) {
            return p.expected(if plural { "\"card\"" } else { "\"cards\"" });
        }
        let mut reveal = false;
        let mut to: Option<SearchTo> = None;
        let mut shuffle = false;
        loop {
            let step = p.attempt(|p| {
                let comma = p.eat(",");
                let joined = p.eat_one_of(&["and", "then"]).is_some();
                (comma || joined).then_some(())?;
                after(p)
            });
            let Some(step) = step else { break };
            match step {
                After::Reveal if !reveal && to.is_none() => reveal = true,
                After::Put(place) if to.is_none() => to = Some(place),
                After::Shuffle { top: false } if to.is_some() && !shuffle => shuffle = true,
                After::Shuffle { top: true } if to.is_none() => {
                    to = Some(SearchTo::Top);
                    shuffle = true;
                    break;
                }
                _ => return p.expected("the next step of the search"),
            }
        }
        let Some(to) = to else {
            return p.expected("where the cards found go, such as \"put it into your hand\"");
        };
        Some(Instruction::single(
            "effect-search-library",
            Effect::SearchLibrary {
                filter,
                count,
                reveal,
                to,
                shuffle,
                typecycling: false,
            },
        ))
    })
}

/// "Shuffle your library." on its own, "Then shuffle your library." after a search written in
/// two sentences.
pub(super) fn shuffle(p: &mut Parser) -> Option<Instruction> {
    p.attempt(|p| {
        p.eat("then");
        p.eat("shuffle your library").then_some(())?;
        Some(Instruction::single(
            "effect-shuffle-library",
            Effect::ShuffleLibrary { who: Subject::You },
        ))
    })
}

fn how_many(p: &mut Parser) -> Option<SearchCount> {
    p.attempt(|p| {
        if phrase::article(p) {
            return Some(SearchCount::Exactly(1));
        }
        if p.eat("any number of") {
            return Some(SearchCount::AnyNumber);
        }
        let up_to = p.eat("up to");
        let n = phrase::number(p)?;
        (1..=100).contains(&n).then_some(())?;
        Some(if up_to {
            SearchCount::UpTo(n)
        } else {
            SearchCount::Exactly(n)
        })
    })
}

/// One step after the cards are found.
enum After {
    Reveal,
    Put(SearchTo),
    Shuffle { top: bool },
}

fn after(p: &mut Parser) -> Option<After> {
    const THEM: [&str; 4] = ["it", "them", "that card", "those cards"];
    p.attempt(|p| {
        if p.eat("reveal") {
            p.eat_one_of(&THEM)?;
            return Some(After::Reveal);
        }
        if p.eat("exile") {
            p.eat_one_of(&THEM)?;
            return Some(After::Put(SearchTo::RemovedFromGame));
        }
        if p.eat("remove") {
            p.eat_one_of(&THEM)?;
            p.eat("from the game").then_some(())?;
            return Some(After::Put(SearchTo::RemovedFromGame));
        }
        // "then shuffle" (the current wording) is the searcher's own library too.
        let shuffles = p.eat("shuffle your library")
            || (p.actor
                && p.eat_one_of(&["shuffle his or her library", "shuffle their library"])
                    .is_some())
            || p.attempt(|p| {
                p.eat("shuffle").then_some(())?;
                p.at_sentence_end().then_some(())
            })
            .is_some();
        if shuffles {
            let top = p.attempt(|p| {
                p.eat("and put").then_some(())?;
                p.eat_one_of(&THEM)?;
                p.eat("on top of it").then_some(())
            });
            return Some(After::Shuffle { top: top.is_some() });
        }
        p.eat("put").then_some(())?;
        p.eat_one_of(&THEM)?;
        if p.actor
            && p.eat_one_of(&["into his or her hand", "into their hand"])
                .is_some()
        {
            return Some(After::Put(SearchTo::Hand));
        }
        let place = match p.eat_one_of(&[
            "into your hand",
            "onto the battlefield",
            "into play",
            "into your graveyard",
        ])? {
            0 => SearchTo::Hand,
            1 | 2 => SearchTo::Play {
                tapped: p.eat("tapped"),
            },
            _ => SearchTo::Graveyard,
        };
        Some(After::Put(place))
    })
}
