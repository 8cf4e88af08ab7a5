//! "That creature attacks this turn if able. If it doesn't, destroy it at the beginning of the
//! next end step." (Nettling Imp): a delayed instruction after a requirement to attack,
//! followed only for the creature if it didn't attack that turn.

use super::effects;
use crate::ability::{CombatRule, Effect, Subject, targets_of};
use crate::filter::Filter;

/// Reads `rest`, the sentence after "If it doesn't, ", as more instructions of an ability
/// whose last instruction makes a creature attack this turn if able: the delayed instruction
/// acts on "it" only if it wasn't declared as an attacker this turn, as the delayed
/// instruction is carried out.
pub(super) fn if_it_doesnt(effects: &mut Vec<Effect>, rest: &str) -> Result<&'static str, String> {
    let refused = |why: &str| format!("\"If it doesn't, {rest}\" {why}");
    let after_attack = matches!(
        effects.last(),
        Some(Effect::GainRules { rules, what, .. })
            if rules.as_slice() == [CombatRule::AttacksEachTurn] && what.target().is_some()
    );
    if !after_attack {
        return Err(refused(
            "follows no \"<target creature> attacks this turn if able\" of the same ability",
        ));
    }
    let mut i = effects::continuation(rest)
        .map_err(|p| refused(&format!("is not understood: {}", p.error())))?;
    let [Effect::Delayed { effects: later, .. }] = i.effects.as_mut_slice() else {
        return Err(refused(
            "is read only as an instruction at a later moment (\"destroy it at the beginning of the next end step\")",
        ));
    };
    if !i.refers_back || i.that_player || i.source_as_it {
        return Err(refused("names no \"it\" Skirmish follows there"));
    }
    let didnt = Subject::ThoseThat {
        earlier: Box::new(Subject::TargetCreature),
        filter: Filter::AttackedThisTurn.negated(),
    };
    for e in later.iter_mut() {
        e.replace_subject(&Subject::TargetCreature, &didnt);
    }
    let mut targeted = targets_of(effects.iter());
    super::check_targets(rest, true, false, &mut i.effects, &mut targeted, None)?;
    if targets_of(effects.iter()) != targeted {
        return Err(refused("asks for a target of its own"));
    }
    effects.extend(i.effects);
    Ok("effect-if-it-doesnt-attack")
}
