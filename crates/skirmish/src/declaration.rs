//! The text form of attack and block declarations, shared by scenario files and the CLI:
//! attacks `"Crazed Goblin, Grizzly Bears->Garruk Wildspeaker"` (each attacker, optionally
//! `->` what it attacks), blocks `"Razorgrass Screen=Crazed Goblin, Wall=A, Wall=B"` (each
//! blocker `=` the attacker it blocks; a blocker named twice blocks both).
//!
//! Parsing and resolving names are input handling; whether a declaration is *legal* is the
//! legality kernel's question (rule 500).

use crate::model::{AttackTarget, Game, ObjectId, PlayerId, Zone};
use crate::typeline::CardType;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Characters that separate parts of a declaration, so labels can't contain them.
pub const RESERVED: [&str; 3] = [",", "=", "->"];

/// A problem in a declaration's text, at a byte offset of it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct DeclarationError {
    pub at: usize,
    pub len: usize,
    pub message: String,
    pub help: String,
}

/// One `name` or `name->target` item, with its offsets in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedItem {
    pub name: String,
    pub at: usize,
    pub target: Option<(String, usize)>,
}

fn items(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    for part in text.split(',') {
        let lead = part.len() - part.trim_start().len();
        if !part.trim().is_empty() {
            out.push((start + lead, part.trim()));
        }
        start += part.len() + 1;
    }
    out
}

fn split_pair<'a>(text: &'a str, at: usize, sep: &str) -> Option<(&'a str, (&'a str, usize))> {
    let (l, r) = text.split_once(sep)?;
    let r_at = at + l.len() + sep.len() + (r.len() - r.trim_start().len());
    Some((l.trim(), (r.trim(), r_at)))
}

/// Parses an attack declaration. The empty string declares no attackers.
pub fn parse_attack(text: &str) -> Result<Vec<NamedItem>, DeclarationError> {
    let mut out = Vec::new();
    for (at, item) in items(text) {
        let (name, target) = match split_pair(item, at, "->") {
            Some((l, (r, r_at))) => {
                if r.is_empty() {
                    return Err(DeclarationError {
                        at,
                        len: item.len(),
                        message: format!("`{item}` names no player or planeswalker after `->`"),
                        help: "write `Attacker->Player` or `Attacker->Planeswalker`, or leave out `->` to attack the defending player".into(),
                    });
                }
                (l, Some((r.to_string(), r_at)))
            }
            None => (item, None),
        };
        if name.is_empty() || name.contains('=') {
            return Err(DeclarationError {
                at,
                len: item.len(),
                message: format!("`{item}` is not an attacker"),
                help: "an attack lists attackers separated by commas: `A, B->Garruk`".into(),
            });
        }
        out.push(NamedItem {
            name: name.to_string(),
            at,
            target,
        });
    }
    Ok(out)
}

/// Parses a block declaration. The empty string declares no blockers.
pub fn parse_block(text: &str) -> Result<Vec<NamedItem>, DeclarationError> {
    let mut out = Vec::new();
    for (at, item) in items(text) {
        match split_pair(item, at, "=") {
            Some((l, (r, r_at))) if !l.is_empty() && !r.is_empty() && !r.contains('=') => {
                out.push(NamedItem {
                    name: l.to_string(),
                    at,
                    target: Some((r.to_string(), r_at)),
                })
            }
            _ => {
                return Err(DeclarationError {
                    at,
                    len: item.len(),
                    message: format!("`{item}` is not `Blocker=Attacker`"),
                    help: "a block lists `Blocker=Attacker` pairs separated by commas; name a blocker twice to block two attackers".into(),
                });
            }
        }
    }
    Ok(out)
}

/// An attack with names resolved to objects and players.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Attack {
    pub attackers: BTreeMap<ObjectId, AttackTarget>,
}

/// A block with names resolved: each blocker and the attackers it blocks.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Block {
    pub blockers: BTreeMap<ObjectId, Vec<ObjectId>>,
}

fn permanent(game: &Game, name: &str, at: usize) -> Result<ObjectId, DeclarationError> {
    game.in_play()
        .find(|o| o.label == name)
        .map(|o| o.id)
        .ok_or_else(|| DeclarationError {
            at,
            len: name.len(),
            message: format!("no permanent in play is labelled \"{name}\""),
            help: {
                let labels: Vec<&str> = game.in_play().map(|o| o.label.as_str()).collect();
                format!("use a label of a permanent in play: {}", labels.join(", "))
            },
        })
}

/// Resolves an attack's names. Without `->`, a creature attacks `default_target` (the defending
/// player); an explicit target is a player by name or a planeswalker by label.
pub fn resolve_attack(
    game: &Game,
    items: &[NamedItem],
    default_target: Option<PlayerId>,
) -> Result<Attack, DeclarationError> {
    let mut attack = Attack::default();
    for item in items {
        let id = permanent(game, &item.name, item.at)?;
        let target = match &item.target {
            None => AttackTarget::Player(default_target.ok_or_else(|| DeclarationError {
                at: item.at,
                len: item.name.len(),
                message: format!(
                    "\"{}\" attacks no one: there is no single defending player",
                    item.name
                ),
                help: "write `Attacker->Player` to say whom it attacks".into(),
            })?),
            Some((t, t_at)) => {
                if let Some(p) = game.player_named(t) {
                    AttackTarget::Player(p.id)
                } else {
                    match game.in_play().find(|o| o.label == *t) {
                        Some(o) if o.zone == Zone::InPlay && o.is(CardType::Planeswalker) => {
                            AttackTarget::Planeswalker(o.id)
                        }
                        // Current 310.5: battles can be attacked.
                        Some(o) if o.zone == Zone::InPlay && o.is(CardType::Battle) => {
                            AttackTarget::Battle(o.id)
                        }
                        _ => {
                            return Err(DeclarationError {
                                at: *t_at,
                                len: t.len(),
                                message: format!(
                                    "\"{t}\" is neither a player nor a planeswalker in play (306.3: only a player or a planeswalker can be attacked)"
                                ),
                                help: "name a player or the label of a planeswalker".into(),
                            });
                        }
                    }
                }
            }
        };
        if attack.attackers.insert(id, target).is_some() {
            return Err(DeclarationError {
                at: item.at,
                len: item.name.len(),
                message: format!("\"{}\" is declared as an attacker twice", item.name),
                help: "each creature attacks at most one player or planeswalker (308.2a)".into(),
            });
        }
    }
    Ok(attack)
}

/// Resolves a block's names.
pub fn resolve_block(game: &Game, items: &[NamedItem]) -> Result<Block, DeclarationError> {
    let mut block = Block::default();
    for item in items {
        let blocker = permanent(game, &item.name, item.at)?;
        let (a, a_at) = item
            .target
            .as_ref()
            .expect("parse_block always sets the attacker");
        let attacker = permanent(game, a, *a_at)?;
        let list = block.blockers.entry(blocker).or_default();
        if list.contains(&attacker) {
            return Err(DeclarationError {
                at: item.at,
                len: item.name.len(),
                message: format!("\"{}\" blocks \"{a}\" twice", item.name),
                help: "name each blocker-attacker pair once".into(),
            });
        }
        list.push(attacker);
    }
    Ok(block)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attack_items_keep_offsets_and_targets() {
        let items = parse_attack(" Crazed Goblin, Grizzly Bears -> Garruk ").unwrap();
        assert_eq!(items.len(), 2);
        assert_eq!(items[0].name, "Crazed Goblin");
        assert_eq!(items[0].at, 1);
        assert_eq!(items[1].name, "Grizzly Bears");
        assert_eq!(items[1].target, Some(("Garruk".to_string(), 33)));
        assert!(parse_attack("").unwrap().is_empty());
        assert!(parse_attack("A->").is_err());
        assert!(parse_attack("A=B").is_err());
    }

    #[test]
    fn block_items_need_blocker_and_attacker() {
        let items = parse_block("Screen=Goblin, Bears = Goblin").unwrap();
        assert_eq!(items[1].name, "Bears");
        assert_eq!(items[1].target, Some(("Goblin".to_string(), 23)));
        assert!(parse_block("Screen").is_err());
        assert!(parse_block("=Goblin").is_err());
        assert!(parse_block("A=B=C").is_err());
    }
}
