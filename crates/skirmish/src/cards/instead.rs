//! What happens instead: "<action>. If you can't, <instruction>." (103.3: an impossible
//! instruction is ignored, and the card says what happens then) and "<instruction>. If
//! <condition>, <instruction> instead." (or "<instruction> instead if <condition>.") in an
//! activated or triggered ability (413.1: the instructions are followed in order, the
//! condition checked as the ability resolves). Each reads the sentence after "If ...," as
//! more of the ability, like any later sentence, then makes it the other branch.

use super::CompiledText;
use super::parser::Parser;
use super::phrase;
use crate::ability::{Ability, Effect, TargetKind, targets_of};
use crate::filter::{Condition, StatOf};

/// What follows "If you can't," or "If you can't <the action restated>,".
pub(super) fn if_you_cant(text: &str) -> Option<&str> {
    let rest = super::strip_prefix_ci(text, "if you can't")?;
    if let Some(r) = rest.strip_prefix(", ") {
        return Some(r);
    }
    // "If you can't sacrifice a creature, tap ~ ...": the action said again.
    let (restated, after) = rest.strip_prefix(' ')?.split_once(", ")?;
    (restated.starts_with("sacrifice ") || restated.starts_with("pay ")).then_some(after)
}

/// The latest ability of the line, if any.
fn latest(out: &mut [CompiledText]) -> Option<&mut Ability> {
    out.iter_mut()
        .rev()
        .find(|c| !c.abilities.is_empty())?
        .abilities
        .last_mut()
}

/// An activated or triggered ability's instructions.
fn effects_of(ability: &mut Ability) -> Option<&mut Vec<Effect>> {
    match ability {
        Ability::Activated { effects, .. } | Ability::Triggered { effects, .. } => Some(effects),
        _ => None,
    }
}

/// Reads `words` (the sentence after "If ...,", lowercase first) as more of the latest
/// ability, like any later sentence ("it", "that creature", "those creatures" joined the same
/// way), and takes back the instructions it added: the ability's instructions before it, and
/// those.
fn read_more<'o>(
    out: &'o mut [CompiledText],
    words: &str,
) -> Result<(&'o mut Vec<Effect>, Vec<Effect>), String> {
    let before = latest(out)
        .and_then(effects_of)
        .map(|e| e.len())
        .ok_or("it follows no activated or triggered ability")?;
    let sentence = super::keywords::capitalize(words);
    match super::continue_ability(out, &sentence) {
        Some(Ok(_)) => {}
        Some(Err(message)) => return Err(message),
        None => {
            return Err(format!(
                "\"{sentence}\" is not an instruction Skirmish understands"
            ));
        }
    }
    let effects = latest(out)
        .and_then(effects_of)
        .ok_or("it follows no activated or triggered ability")?;
    let more = effects.split_off(before);
    Ok((effects, more))
}

/// "If you can't, <instruction>." after an action its controller must do if able ("Sacrifice a
/// Human.", "Pay {E}{E}."): the instructions, read as more of the ability, become what happens
/// instead when the action can't be done (103.3).
pub(super) fn if_you_cant_join(
    out: &mut [CompiledText],
    rest: &str,
) -> Result<&'static str, String> {
    let refused = || {
        format!(
            "\"If you can't, {rest}\" follows no action its controller may be unable to do (\"sacrifice a creature\", \"pay {{E}}\")"
        )
    };
    let able = |e: Option<&Effect>| match e {
        Some(Effect::SacrificeChosen {
            who: crate::ability::Subject::You,
            count: 1,
            ..
        }) => true,
        Some(Effect::IfCant { effects, .. }) => effects.is_empty(),
        _ => false,
    };
    if !latest(out)
        .and_then(effects_of)
        .is_some_and(|e| able(e.last()))
    {
        return Err(refused());
    }
    let (effects, instead) = read_more(out, rest)?;
    let action = match effects.pop() {
        Some(Effect::SacrificeChosen { filter, .. }) => {
            crate::ability::Attempt::Sacrifice { filter }
        }
        Some(Effect::IfCant { action, .. }) => action,
        _ => return Err(refused()),
    };
    effects.push(Effect::IfCant {
        action,
        effects: instead,
    });
    Ok("effect-if-you-cant")
}

/// "If <condition>, <instruction> instead." or "<instruction> instead if <condition>.": the
/// condition and the instruction (a sentence's words, without "instead"); `None` for any
/// other sentence, or a condition the grammar doesn't read.
pub(super) fn if_instead(text: &str) -> Option<(Condition, String)> {
    // "<instruction> instead if <condition>." says the same with the condition last.
    if let Some((instruction, condition)) = text
        .strip_suffix('.')
        .and_then(|body| body.split_once(" instead if "))
    {
        let mut p = Parser::new(condition);
        let condition = phrase::condition(&mut p)?;
        p.finish()?;
        return Some((condition, format!("{instruction}.")));
    }
    let rest = super::strip_prefix_ci(text, "if ")?;
    let body = rest.strip_suffix(" instead.")?;
    let (condition, instruction) = body.split_once(", ")?;
    let mut p = Parser::new(condition);
    let condition = phrase::condition(&mut p)?;
    p.finish()?;
    Some((condition, format!("{instruction}.")))
}

/// "If that land is a Mountain, <instruction> instead." after the ability's first sentence:
/// the first sentence is followed if the condition doesn't hold as the ability resolves, this
/// instruction if it does (413.1). "That creature" in the condition is the creature the
/// first sentence targets, else the object the trigger is about.
pub(super) fn if_instead_join(
    out: &mut [CompiledText],
    condition: Condition,
    rest: &str,
) -> Result<&'static str, String> {
    let said = rest.strip_suffix('.').unwrap_or(rest);
    let refused = |why: &str| format!("\"If ..., {said} instead\" {why}");
    if out.last().is_none_or(|c| c.abilities.is_empty()) {
        return Err(refused(
            "replaces the ability's first sentence, and it doesn't follow it",
        ));
    }
    let Some(ability) = latest(out) else {
        return Err(refused("follows no ability"));
    };
    let about_other = match ability {
        Ability::Triggered { trigger, .. } => trigger.any(|t| t.about_another(true)),
        _ => false,
    };
    let latest_creature = effects_of(ability).and_then(|e| {
        targets_of(e.iter())
            .into_iter()
            .rev()
            .find(TargetKind::is_creature)
    });
    let mut unjoined = false;
    let condition = crate::filter::map_stats(&condition, &mut |of| {
        (*of == StatOf::That).then(|| match (&latest_creature, about_other) {
            (Some(k), _) => StatOf::Target(Box::new(k.clone())),
            (None, true) => StatOf::Triggering,
            (None, false) => {
                unjoined = true;
                StatOf::That
            }
        })
    });
    if unjoined {
        return Err(refused(
            "names \"that creature\" or \"that land\", but the ability targets no creature and its trigger is about no other permanent",
        ));
    }
    // "Target creature gets -1/-1 until end of turn. That creature gets -4/-4 instead if ...":
    // what the other branch leaves unsaid (how long it lasts) is as the instruction it
    // replaces says.
    let lasting = latest(out)
        .and_then(effects_of)
        .and_then(|e| e.last())
        .and_then(Effect::duration)
        == Some(crate::ability::Duration::UntilEndOfTurn);
    let (effects, instead) = match read_more(out, rest) {
        Err(message) => match rest.strip_suffix('.') {
            Some(said) if lasting && !said.ends_with("until end of turn") => {
                read_more(out, &format!("{said} until end of turn.")).map_err(|_| message)?
            }
            _ => return Err(message),
        },
        Ok(read) => read,
    };
    let first = std::mem::take(effects);
    effects.push(Effect::If {
        condition: condition.clone().negated(),
        effects: first,
    });
    effects.push(Effect::If {
        condition,
        effects: instead,
    });
    Ok("effect-if-instead")
}
