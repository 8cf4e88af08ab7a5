//! Validation of a raw scenario into a [`Game`]: every name resolved, every value in range,
//! every state the rules forbid refused with the rule that forbids it.

use super::raw::{RawPermanent, RawScenario, RawZoneCard, S};
use super::{Action, ActionKind, Scenario, expect};
use crate::cards::library::closest;
use crate::cards::{CardDef, CardLibrary};
use crate::declaration::{self, DeclarationError, RESERVED};
use crate::diagnostics::{ErrorKind, FileError, SourceFile, from_toml};
use crate::edition::Edition;
use crate::model::{
    AttackTarget, CastOption, Combat, Counter, Game, ObjectId, Player, PlayerId, Step, TurnState,
    Zone,
};
use crate::typeline::CardType;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::sync::Arc;

const DOC: &str = "docs/scenario-format.md";

/// Shorthand for building errors against one file.
pub(super) struct Ctx<'a> {
    pub file: &'a SourceFile,
}

impl Ctx<'_> {
    pub fn err(
        &self,
        kind: ErrorKind,
        span: Range<usize>,
        message: impl Into<String>,
        help: impl Into<String>,
    ) -> FileError {
        self.file.error(kind, span, message, help)
    }

    /// Where the text of a string value starts, after its opening quote(s) and, for a
    /// multi-line string, the newline TOML trims right after them. Offsets inside the value
    /// are exact for strings without escapes.
    pub fn string_body(&self, value: &S<String>) -> usize {
        let start = value.span().start;
        let raw = self.file.text.get(start..).unwrap_or("");
        if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
            let after = &raw[3..];
            let newline = if after.starts_with("\r\n") {
                2
            } else {
                usize::from(after.starts_with('\n'))
            };
            start + 3 + newline
        } else {
            start + 1
        }
    }

    pub fn decl_err(&self, value: &S<String>, e: DeclarationError) -> FileError {
        let start = self.string_body(value) + e.at;
        let kind = if e.message.contains("no permanent") || e.message.contains("neither a player") {
            ErrorKind::UnknownLabel
        } else {
            ErrorKind::WrongValue
        };
        self.err(kind, start..start + e.len.max(1), e.message, e.help)
    }
}

/// Names of players and labels of objects, as the file wrote them.
pub(super) struct Names {
    pub players: BTreeMap<String, PlayerId>,
    pub labels: BTreeMap<String, ObjectId>,
    /// For each card name numbered so far, the next number to try ("Forest #7"), so numbering
    /// 3,000 unlabelled copies is linear, not quadratic (issue 13).
    pub next_copy: BTreeMap<String, usize>,
    /// The names the cards of the starting state give the tokens they make ("a 0/1 blue Plant
    /// Wall creature token with defender named Kelp", 216.1a): labels a token may have later.
    pub token_names: std::collections::BTreeSet<String>,
}

impl Names {
    pub fn player(&self, cx: &Ctx, name: &S<String>) -> Result<PlayerId, FileError> {
        self.players.get(name.get_ref()).copied().ok_or_else(|| {
            let known: Vec<&str> = self.players.keys().map(String::as_str).collect();
            cx.err(
                ErrorKind::UnknownPlayer,
                name.span(),
                format!("there is no player named \"{}\"", name.get_ref()),
                format!("use one of the players in [[player]]: {}", known.join(", ")),
            )
        })
    }

    pub fn label(&self, cx: &Ctx, label: &S<String>) -> Result<ObjectId, FileError> {
        self.labels
            .get(label.get_ref())
            .copied()
            .ok_or_else(|| self.unknown_label(cx, label.get_ref(), label.span(), false))
    }

    /// Whether `label` names an object of the starting state or, with `later` (a script
    /// action, an expectation about a later state), perhaps a token made during the run.
    pub fn known(&self, label: &str, later: bool) -> bool {
        self.labels.contains_key(label)
            || (later && (token_label(label) || self.token_names.contains(label_base(label))))
    }

    /// Checks a label a script action or an expectation about a later state names: an object
    /// of the starting state, or a token's label (checked when the run gets there).
    pub fn later_label(&self, cx: &Ctx, label: &S<String>) -> Result<(), FileError> {
        if self.known(label.get_ref(), true) {
            Ok(())
        } else {
            Err(self.unknown_label(cx, label.get_ref(), label.span(), true))
        }
    }

    /// The error for a label no object has; `later`: where a token's label would do too.
    pub fn unknown_label(
        &self,
        cx: &Ctx,
        label: &str,
        span: Range<usize>,
        later: bool,
    ) -> FileError {
        let hint = closest(label, self.labels.keys().map(String::as_str))
            .map(|c| format!("did you mean \"{c}\"? "))
            .unwrap_or_default();
        let tokens = if later {
            ", or a token made during the run, labelled by its types (\"Soldier\", then \"Soldier #2\") or by the name a card gives it"
        } else {
            ""
        };
        cx.err(
            ErrorKind::UnknownLabel,
            span,
            format!("no object is labelled \"{label}\""),
            format!("{hint}a label is a permanent's `label` (by default its card name) or the name of a card in a hand, library or graveyard{tokens}"),
        )
    }

    /// Checks a player name or the label of an object a script action names (targets).
    pub fn later_player_or_label(&self, cx: &Ctx, s: &S<String>) -> Result<(), FileError> {
        if self.players.contains_key(s.get_ref()) || self.known(s.get_ref(), true) {
            Ok(())
        } else {
            Err(self.unknown_label(cx, s.get_ref(), s.span(), true))
        }
    }
}

/// Whether `label` is one a creature token made during the run could have: its creature types
/// as written ("Soldier", "Elf Warrior"), then " #N" for the N-th (216.1; `Game::fresh_label`).
/// Tokens with a name of their own ("Marit Lage") aren't recognized: a script can't name them.
/// A label without its copy number: "Soldier #2" is a "Soldier".
fn label_base(label: &str) -> &str {
    match label.rsplit_once(" #") {
        Some((base, n)) if n.parse::<u32>().is_ok_and(|n| n >= 2) => base,
        _ => label,
    }
}

/// The names tokens made by these cards' abilities are given (216.1a): every token definition
/// with a `name`, wherever in the abilities it is.
fn named_tokens<'a>(cards: impl Iterator<Item = &'a crate::cards::CardDef>) -> Vec<String> {
    fn walk(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(map) => {
                if map.contains_key("creature_type")
                    && let Some(serde_json::Value::String(name)) = map.get("name")
                {
                    out.push(name.clone());
                }
                map.values().for_each(|v| walk(v, out));
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for card in cards {
        if let Ok(v) = serde_json::to_value(&card.abilities) {
            walk(&v, &mut out);
        }
    }
    out
}

fn token_label(label: &str) -> bool {
    let base = label_base(label);
    !base.is_empty()
        && base
            .split(' ')
            .all(|w| crate::typeline::creature_type_named(w) == Some(w))
}

/// The largest turn number a scenario may start at. Turns are compared by number (summoning
/// sickness, "last turn", "until your next turn"), so the turns a scenario then plays must
/// number higher; a billion leaves room for more turns than any script can ask for.
pub const MAX_TURN_NUMBER: u32 = 1_000_000_000;

pub(super) fn build(file: SourceFile, options: &super::LoadOptions) -> Result<Scenario, FileError> {
    let raw: RawScenario = toml::from_str(&file.text).map_err(|e| {
        let mut err = from_toml(&file, &e, DOC);
        // The TOML parser gives no message for some errors, such as `key =` at the end of the file.
        if err.message.is_empty() {
            err.message = "invalid TOML: a value is missing or incomplete here".to_string();
        }
        err
    })?;
    let cx = Ctx { file: &file };

    let edition = match (&raw.edition, options.edition) {
        (_, Some(forced)) => forced,
        (None, None) => Edition::default(),
        (Some(e), None) => e.get_ref().parse().map_err(|_| {
            let known: Vec<String> = Edition::ALL
                .iter()
                .map(|e| format!("\"{}\" (or \"{}\")", e.alias(), e.date()))
                .collect();
            cx.err(
                ErrorKind::WrongValue,
                e.span(),
                format!("unknown rules edition \"{}\"", e.get_ref()),
                format!(
                    "Skirmish implements the editions {}; leave `edition` out for February 1, 2009",
                    known.join(" and ")
                ),
            )
        })?,
    };

    // Cards the file defines: compiled first, so the rest of the file can use them.
    let mut local = CardLibrary::default();
    let mut defined_at: BTreeMap<String, usize> = BTreeMap::new();
    for rc in &raw.card {
        let def = rc.compile_with(&file, options.unmodelled)?;
        if let Some(line) = defined_at.get(&def.name) {
            return Err(cx.err(
                ErrorKind::DuplicateCard,
                rc.name.span(),
                format!(
                    "card \"{}\" is defined twice in this file (first on line {line})",
                    def.name
                ),
                "keep one [[card]] table per name",
            ));
        }
        defined_at.insert(def.name.clone(), file.line_col(rc.name.span().start).0);
        local.insert(def);
    }
    let bundled = CardLibrary::bundled()?;
    let pools = card_pools(&cx, raw.card_pool.as_ref(), options)?;
    // Cards taken from pools, compiled once each.
    let from_pools: std::cell::RefCell<BTreeMap<String, Arc<CardDef>>> = Default::default();
    let find = |name: &S<String>| -> Result<Arc<CardDef>, FileError> {
        let wanted = name.get_ref();
        if let Some(def) = local.get(wanted) {
            return Ok(def.clone());
        }
        if let Some(def) = from_pools.borrow().get(wanted) {
            return Ok(def.clone());
        }
        for pool in &pools {
            if let Some(compiled) = pool.compile(wanted, options.unmodelled) {
                let def = Arc::new(compiled.map_err(|e| pool_card_error(&cx, name, pool, e))?);
                from_pools.borrow_mut().insert(wanted.clone(), def.clone());
                return Ok(def);
            }
        }
        bundled.get(wanted).cloned().ok_or_else(|| {
            let hint = local
                .closest(wanted)
                .or_else(|| bundled.closest(wanted))
                .or_else(|| {
                    pools
                        .iter()
                        .find_map(|p| crate::cards::library::closest(wanted, p.names()))
                })
                .map(|c| format!("did you mean \"{c}\"? "))
                .unwrap_or_default();
            let pooled = if pools.is_empty() {
                ", name a card file with `card_pool`"
            } else {
                ""
            };
            cx.err(
                ErrorKind::UnknownCard,
                name.span(),
                format!("unknown card \"{wanted}\""),
                format!("{hint}use a card of the bundled library (`skirmish cards` lists them){pooled} or define it in a [[card]] table with its real rules text"),
            )
        })
    };
    // Battles (2023) exist only under the current rules.
    let lookup = |name: &S<String>| -> Result<Arc<CardDef>, FileError> {
        let def = find(name)?;
        if def.is(CardType::Battle) && !edition.rules().has(crate::edition::Change::Battles) {
            return Err(cx.err(
                ErrorKind::WrongValue,
                name.span(),
                format!(
                    "\"{}\" is a battle, and there are no battles under the {edition} (current 310)",
                    name.get_ref()
                ),
                "play the scenario under the current rules: `edition = \"current\"` at the top of the file, or `--edition current`",
            ));
        }
        Ok(def)
    };

    // Players, in turn order.
    if raw.player.len() < 2 {
        let span = raw
            .player
            .first()
            .map_or(raw.turn.active.span(), |p| p.name.span());
        return Err(cx.err(
            ErrorKind::MissingField,
            span,
            format!(
                "a game needs at least two players; this file has {}",
                raw.player.len()
            ),
            "add a [[player]] table for each player, in turn order",
        ));
    }
    let mut players = Vec::new();
    let mut player_ids: BTreeMap<String, PlayerId> = BTreeMap::new();
    for (i, rp) in raw.player.iter().enumerate() {
        let name = rp.name.get_ref().trim();
        check_name(&cx, &rp.name, "player name")?;
        if player_ids.contains_key(name) {
            return Err(cx.err(
                ErrorKind::DuplicatePlayer,
                rp.name.span(),
                format!("two players are named \"{name}\""),
                "give each player a different name",
            ));
        }
        let life = match &rp.life {
            None => 20,
            Some(l) => i32::try_from(*l.get_ref()).map_err(|_| {
                cx.err(
                    ErrorKind::WrongValue,
                    l.span(),
                    format!("life {} is out of range", l.get_ref()),
                    "use a whole number between -2147483648 and 2147483647",
                )
            })?,
        };
        let id = PlayerId(i as u32);
        let mut player = Player::new(id, name, life);
        if let Some(m) = &rp.max_hand_size {
            player.max_hand_size = *m.get_ref();
        }
        if let Some(p) = &rp.poison {
            player.poison = *p.get_ref();
        }
        if let Some(e) = &rp.energy {
            player.energy = *e.get_ref();
        }
        if let Some(n) = &rp.lands_played {
            // 212.6c: one land a turn; no effect lets a player play more yet.
            if *n.get_ref() > 1 {
                return Err(cx.err(
                    ErrorKind::WrongValue,
                    n.span(),
                    format!(
                        "{} lands played this turn: a player may play only one (212.6c)",
                        n.get_ref()
                    ),
                    "write 0 or 1 (effects that allow more land plays aren't supported)",
                ));
            }
            player.lands_played = *n.get_ref();
        }
        if let Some(m) = rp.monarch.as_ref().filter(|m| *m.get_ref()) {
            // Current 724.3: only one player can be the monarch at a time.
            if players.iter().any(|p: &Player| p.monarch) {
                return Err(cx.err(
                    ErrorKind::WrongValue,
                    m.span(),
                    "two players are the monarch (current 724.3: only one at a time)".to_string(),
                    "give `monarch = true` to one player only",
                ));
            }
            player.monarch = true;
        }
        players.push(player);
        player_ids.insert(name.to_string(), id);
    }

    // The turn.
    let turn_raw = &raw.turn;
    let active = *player_ids.get(turn_raw.active.get_ref()).ok_or_else(|| {
        cx.err(
            ErrorKind::UnknownPlayer,
            turn_raw.active.span(),
            format!(
                "the active player \"{}\" is not one of the players",
                turn_raw.active.get_ref()
            ),
            format!(
                "name one of: {}",
                player_ids.keys().cloned().collect::<Vec<_>>().join(", ")
            ),
        )
    })?;
    // 212.6d: only the active player plays lands.
    for rp in &raw.player {
        if let Some(n) = rp.lands_played.as_ref().filter(|n| *n.get_ref() > 0) {
            if rp.name.get_ref() != turn_raw.active.get_ref() {
                return Err(cx.err(
                    ErrorKind::WrongValue,
                    n.span(),
                    format!(
                        "{} plays no lands this turn: it isn't his or her turn (212.6d)",
                        rp.name.get_ref()
                    ),
                    "give `lands_played` to the active player only",
                ));
            }
        }
    }
    let step = step_named(&cx, &turn_raw.step)?;
    let number = match &turn_raw.number {
        None => 1,
        Some(n) if (1..=MAX_TURN_NUMBER).contains(n.get_ref()) => *n.get_ref(),
        Some(n) => {
            return Err(cx.err(
                ErrorKind::WrongValue,
                n.span(),
                format!(
                    "turn number {} is out of range: turn numbers start at 1",
                    n.get_ref()
                ),
                format!("write a whole number from 1 to {MAX_TURN_NUMBER}"),
            ));
        }
    };
    let opponents: Vec<PlayerId> = players
        .iter()
        .map(|p| p.id)
        .filter(|p| *p != active)
        .collect();
    let multiple = raw
        .attack_multiple_players
        .as_ref()
        .is_some_and(|m| *m.get_ref());
    if let (true, Some(d)) = (multiple, &turn_raw.defending) {
        return Err(cx.err(
            ErrorKind::IllegalState,
            d.span(),
            "with the attack-multiple-players option every opponent is a defending player (602.2), so none is chosen",
            "remove `defending`, or the option",
        ));
    }
    let defending = match &turn_raw.defending {
        Some(d) => {
            let id = *player_ids.get(d.get_ref()).ok_or_else(|| {
                cx.err(
                    ErrorKind::UnknownPlayer,
                    d.span(),
                    format!("there is no player named \"{}\"", d.get_ref()),
                    "name an opponent of the active player",
                )
            })?;
            if id == active {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    d.span(),
                    "the active player can't be the defending player (306.2: the active player chooses one of his or her opponents)",
                    "name an opponent of the active player",
                ));
            }
            Some(id)
        }
        None if opponents.len() == 1 => Some(opponents[0]),
        None => None,
    };
    if step.is_combat() && defending.is_none() && !multiple {
        return Err(cx.err(
            ErrorKind::MissingField,
            turn_raw.step.span(),
            format!("the scenario starts in the {step} with {} opponents, so it must say who the defending player is (306.2)", opponents.len()),
            "add `defending = \"<player>\"` to [turn]",
        ));
    }

    let mut game = Game::new(
        edition,
        players,
        TurnState {
            number,
            active,
            step,
            extra: false,
            skips_combat: false,
        },
    );
    game.options.attack_multiple_players = multiple;
    let mut names = Names {
        players: player_ids.clone(),
        labels: BTreeMap::new(),
        next_copy: BTreeMap::new(),
        token_names: Default::default(),
    };
    let mut label_spans: BTreeMap<String, Range<usize>> = BTreeMap::new();

    // Cards in players' zones.
    for (i, rp) in raw.player.iter().enumerate() {
        let owner = PlayerId(i as u32);
        for (zone, list) in [
            (Zone::Library, &rp.library),
            (Zone::Hand, &rp.hand),
            (Zone::Graveyard, &rp.graveyard),
            (Zone::RemovedFromGame, &rp.removed),
        ] {
            for entry in list {
                let (card_name, explicit) = match entry.get_ref() {
                    RawZoneCard::Name(n) => (S::new(entry.span(), n.clone()), None),
                    RawZoneCard::Labelled(l) => (l.card.clone(), l.label.clone()),
                };
                let card = lookup(&card_name)?;
                let label = match &explicit {
                    Some(l) => {
                        check_name(&cx, l, "label")?;
                        claim_label(&cx, &names, &label_spans, l.get_ref(), l.span())?;
                        l.get_ref().trim().to_string()
                    }
                    // An unlabelled card in a hidden or graveyard zone takes its name, numbered
                    // if the name is taken: such cards are seldom named by actions.
                    None => unique_label(&mut names, &card.name),
                };
                let id = game
                    .create_object(card, label.clone(), false, owner, owner, zone)
                    .map_err(|e| {
                        cx.err(
                            ErrorKind::IllegalState,
                            entry.span(),
                            e.to_string(),
                            "fix the entry",
                        )
                    })?;
                label_spans.insert(label.clone(), explicit.map_or(entry.span(), |l| l.span()));
                names.labels.insert(label, id);
            }
        }
    }

    // The cards of spells that resolved before the scenario starts are in their controllers'
    // graveyards, where they went as they resolved (413.1): the last card of that name the
    // file lists there, or one put there now, nameable like the listed ones.
    let mut resolved_cards = Vec::new();
    for r in &raw.resolved {
        let card = lookup(&r.spell)?;
        if !card.is(CardType::Instant) && !card.is(CardType::Sorcery) {
            return Err(cx.err(
                ErrorKind::WrongValue,
                r.spell.span(),
                format!("\"{}\" is not an instant or sorcery", card.name),
                "name an instant or sorcery card; a permanent's effects come from the permanent itself, listed as a [[permanent]]",
            ));
        }
        let controller = names.player(&cx, &r.controller)?;
        let listed = game.player(controller).and_then(|p| {
            p.graveyard
                .iter()
                .rev()
                .copied()
                .find(|id| game.object(*id).is_some_and(|o| o.card.name == card.name))
                .filter(|id| !resolved_cards.iter().any(|(r, _)| r == id))
        });
        let id = match listed {
            Some(id) => id,
            None => {
                let label = unique_label(&mut names, &card.name);
                let id = game
                    .create_object(
                        card,
                        label.clone(),
                        false,
                        controller,
                        controller,
                        Zone::Graveyard,
                    )
                    .map_err(|e| {
                        cx.err(
                            ErrorKind::IllegalState,
                            r.spell.span(),
                            e.to_string(),
                            "fix the entry",
                        )
                    })?;
                label_spans.insert(label.clone(), r.spell.span());
                names.labels.insert(label, id);
                id
            }
        };
        resolved_cards.push((id, controller));
    }

    // Permanents: create them all first, since attachments and blocks refer to each other.
    let mut permanents: Vec<(ObjectId, &RawPermanent)> = Vec::new();
    for rp in &raw.permanent {
        let card = lookup(&rp.card)?;
        let controller = names.player(&cx, &rp.controller)?;
        let owner = match &rp.owner {
            Some(o) => names.player(&cx, o)?,
            None => controller,
        };
        if card.is(CardType::Instant) || card.is(CardType::Sorcery) {
            return Err(cx.err(
                ErrorKind::IllegalState,
                rp.card.span(),
                format!(
                    "\"{}\" is an {} and can't be in play (214.1, 217.1a)",
                    card.name,
                    if card.is(CardType::Instant) {
                        "instant"
                    } else {
                        "sorcery"
                    }
                ),
                "put it in a player's hand instead",
            ));
        }
        let (label, label_span) = match &rp.label {
            Some(l) => {
                check_name(&cx, l, "label")?;
                (l.get_ref().trim().to_string(), l.span())
            }
            None => (card.name.clone(), rp.card.span()),
        };
        claim_label(&cx, &names, &label_spans, &label, label_span.clone())?;
        let token = rp.token.as_ref().is_some_and(|t| *t.get_ref());
        let id = game
            .create_object(
                card.clone(),
                label.clone(),
                token,
                owner,
                controller,
                Zone::InPlay,
            )
            .map_err(|e| {
                cx.err(
                    ErrorKind::IllegalState,
                    rp.card.span(),
                    e.to_string(),
                    "fix the entry",
                )
            })?;
        names.labels.insert(label.clone(), id);
        label_spans.insert(label, label_span);
        // 504.2: a face-down permanent has only the face-down characteristics; the checks
        // below (damage on a creature, loyalty) are about those.
        let card = if rp.face_down.as_ref().is_some_and(|f| *f.get_ref()) {
            game.turn_face_down(id).map_err(|e| {
                cx.err(
                    ErrorKind::IllegalState,
                    rp.card.span(),
                    e.to_string(),
                    "fix the entry",
                )
            })?;
            Arc::new(crate::model::face_down_card())
        } else {
            card
        };

        let damage = match &rp.damage {
            None => 0,
            Some(d) => {
                let v = *d.get_ref();
                if v < 0 || v > u32::MAX as i64 {
                    return Err(cx.err(
                        ErrorKind::WrongValue,
                        d.span(),
                        format!("damage {v} is out of range"),
                        "damage is a whole number, 0 or more",
                    ));
                }
                if v > 0 && !card.is(CardType::Creature) {
                    return Err(cx.err(
                        ErrorKind::IllegalState,
                        d.span(),
                        format!("\"{}\" is not a creature, so it can't have damage marked on it (212.3g; damage to a planeswalker removes loyalty, 212.9d)", card.name),
                        "remove `damage`, or use `counters = { loyalty = N }` for a planeswalker",
                    ));
                }
                v as u32
            }
        };
        let mut counters = BTreeMap::new();
        for (key, n) in &rp.counters {
            let v = *n.get_ref();
            if v < 0 || v > u32::MAX as i64 {
                return Err(cx.err(
                    ErrorKind::WrongValue,
                    n.span(),
                    format!("{v} {key} counters is out of range"),
                    "counters are a whole number, 0 or more",
                ));
            }
            let kind = Counter::parse(key);
            if kind == Counter::Loyalty && !card.is(CardType::Planeswalker) {
                return Err(cx.err(ErrorKind::IllegalState, n.span(), format!("\"{}\" is not a planeswalker; only planeswalkers use loyalty counters (212.9)", card.name), "remove the loyalty counters"));
            }
            if v > 0 {
                counters.insert(kind, v as u32);
            }
        }
        if card.is(CardType::Planeswalker) && !rp.counters.contains_key("loyalty") {
            // 212.9b: a planeswalker comes into play with its printed loyalty in counters.
            if let Some(l) = card.loyalty.filter(|l| *l > 0) {
                counters.insert(Counter::Loyalty, l);
            }
        }
        // Current 310.4b: a battle enters with its printed defense in counters; 310.8a: its
        // protector, by default its controller (an opponent for a Siege).
        if card.is(CardType::Battle) && !rp.counters.contains_key("defense") {
            if let Some(d) = card.defense.filter(|d| *d > 0) {
                counters.insert(Counter::Defense, d);
            }
        }
        let protector = match (&rp.protector, card.is(CardType::Battle)) {
            (Some(p), true) => {
                let who = names.player(&cx, p)?;
                if card.type_line.has_subtype("Siege") && who == controller {
                    return Err(cx.err(
                        ErrorKind::IllegalState,
                        p.span(),
                        format!("a Siege's protector is an opponent of its controller (current 310.11a), not {}", p.get_ref()),
                        "name an opponent of the battle's controller",
                    ));
                }
                Some(who)
            }
            (Some(p), false) => {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    p.span(),
                    format!(
                        "\"{}\" is not a battle; only battles have a protector (current 310.8)",
                        card.name
                    ),
                    "remove `protector`",
                ));
            }
            (None, true) => game.object(id).and_then(|o| game.default_protector(o)),
            (None, false) => None,
        };
        // 410.10e: the color chosen as it came into play, by a card that asks for one.
        let asks = card
            .abilities
            .contains(&crate::ability::Ability::ChooseColorAsEnters);
        let chosen_color = match (&rp.chosen_color, asks) {
            (Some(c), true) => Some(
                crate::mana::Color::from_name(c.get_ref().trim()).ok_or_else(|| {
                    cx.err(
                        ErrorKind::WrongValue,
                        c.span(),
                        format!("\"{}\" is not a color", c.get_ref()),
                        "use white, blue, black, red or green",
                    )
                })?,
            ),
            (Some(c), false) => {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    c.span(),
                    format!("{} doesn't choose a color as it comes into play", card.name),
                    "remove `chosen_color`",
                ));
            }
            (None, true) => {
                return Err(cx.err(
                    ErrorKind::MissingField,
                    rp.card.span(),
                    format!(
                        "{} chose a color as it came into play (410.10e): say which",
                        card.name
                    ),
                    "add `chosen_color = \"blue\"` (or another color)",
                ));
            }
            (None, false) => None,
        };
        // Current 903.3: its owner's commander; no commanders under the 2009 rules.
        let commander = match &rp.commander {
            Some(c) if *c.get_ref() && !game.rules.has(crate::edition::Change::Commanders) => {
                return Err(cx.err(
                    ErrorKind::WrongValue,
                    c.span(),
                    format!(
                        "there are no commanders under the {} (the Commander variant is current 903)",
                        game.rules
                            .edition()
                            .map_or_else(|| game.rules.name(), |e| e.to_string())
                    ),
                    "play the scenario under the current rules: `edition = \"current\"` at the top of the file, or `--edition current`",
                ));
            }
            c => c.as_ref().is_some_and(|c| *c.get_ref()),
        };
        // 410.10e: the creature type chosen as it came into play, by a card that asks for one.
        let asks_type = card
            .abilities
            .contains(&crate::ability::Ability::ChooseCreatureTypeAsEnters);
        let chosen_type = match (&rp.chosen_type, asks_type) {
            (Some(t), true) => Some(
                crate::typeline::creature_type_named(t.get_ref().trim())
                    .map(str::to_string)
                    .ok_or_else(|| {
                        cx.err(
                            ErrorKind::WrongValue,
                            t.span(),
                            format!("\"{}\" is not a creature type", t.get_ref()),
                            "name a creature type, such as Goblin or Elf",
                        )
                    })?,
            ),
            (Some(t), false) => {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    t.span(),
                    format!(
                        "{} doesn't choose a creature type as it comes into play",
                        card.name
                    ),
                    "remove `chosen_type`",
                ));
            }
            (None, true) => {
                return Err(cx.err(
                    ErrorKind::MissingField,
                    rp.card.span(),
                    format!(
                        "{} chose a creature type as it came into play (410.10e): say which",
                        card.name
                    ),
                    "add `chosen_type = \"Goblin\"` (or another creature type)",
                ));
            }
            (None, false) => None,
        };
        // 410.10e: the player chosen as it came into play, by a card that asks for one.
        let asks_player = card.abilities.iter().find_map(|a| match a {
            crate::ability::Ability::ChoosePlayerAsEnters { opponent } => Some(*opponent),
            _ => None,
        });
        let chosen_player = match (&rp.chosen_player, asks_player) {
            (Some(p), Some(opponent)) => {
                let who = names.player(&cx, p)?;
                if opponent && who == controller {
                    return Err(cx.err(
                        ErrorKind::IllegalState,
                        p.span(),
                        format!(
                            "{} chose an opponent of its controller as it came into play (410.10e), not {}",
                            card.name,
                            p.get_ref()
                        ),
                        "name an opponent of its controller",
                    ));
                }
                Some(who)
            }
            (Some(p), None) => {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    p.span(),
                    format!(
                        "{} doesn't choose a player as it comes into play",
                        card.name
                    ),
                    "remove `chosen_player`",
                ));
            }
            (None, Some(_)) => {
                return Err(cx.err(
                    ErrorKind::MissingField,
                    rp.card.span(),
                    format!(
                        "{} chose a player as it came into play (410.10e): say which",
                        card.name
                    ),
                    "add `chosen_player = \"Bob\"` (or another player)",
                ));
            }
            (None, None) => None,
        };
        let tapped = rp.tapped.as_ref().is_some_and(|t| *t.get_ref());
        let sick = rp.summoning_sick.as_ref().is_some_and(|t| *t.get_ref());
        game.update_status(id, |s| {
            s.chosen_color = chosen_color;
            s.chosen_type = chosen_type;
            s.chosen_player = chosen_player;
            s.tapped = tapped;
            s.summoning_sick = sick;
            s.damage = damage;
            s.counters = counters;
            s.protector = protector;
            s.commander = commander;
        })
        .map_err(|e| {
            cx.err(
                ErrorKind::IllegalState,
                rp.card.span(),
                e.to_string(),
                "fix the entry",
            )
        })?;
        permanents.push((id, rp));
    }

    // Attachments (212.4, 420.5d).
    for (id, rp) in &permanents {
        let obj = game.object(*id).expect("just created").clone();
        let is_aura = obj.is(CardType::Enchantment) && obj.card.type_line.has_subtype("Aura");
        let is_equipment =
            obj.is(CardType::Artifact) && obj.card.type_line.has_subtype("Equipment");
        // 212.2h: an Equipment may start attached to a creature (or unattached).
        if let (Some(a), true) = (&rp.attached_to, is_equipment) {
            let target_id = names.label(&cx, a)?;
            let target = game.object(target_id).expect("label resolves").clone();
            if target.zone != Zone::InPlay || !target.is(CardType::Creature) || target_id == *id {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    a.span(),
                    format!(
                        "\"{}\" can equip only another creature in play, and \"{}\" is not one (212.2g, 212.2i)",
                        obj.label, target.label
                    ),
                    "attach it to a creature in play",
                ));
            }
            static_control(&cx, &mut game, &obj, &target, a)?;
            game.attach(*id, target_id).map_err(|e| {
                cx.err(
                    ErrorKind::IllegalState,
                    a.span(),
                    e.to_string(),
                    "fix the entry",
                )
            })?;
            continue;
        }
        // "Enchant player": attached to a player, named by name (glossary "Enchant Player").
        if let (Some(a), Some(opponent), true) = (&rp.attached_to, obj.enchants_player(), is_aura) {
            let Some(p) = game.player_named(a.get_ref().trim()).map(|p| p.id) else {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    a.span(),
                    format!(
                        "\"{}\" has Enchant {} and can be attached only to a player",
                        obj.label,
                        if opponent { "opponent" } else { "player" }
                    ),
                    "name a player",
                ));
            };
            if opponent && p == obj.controller {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    a.span(),
                    format!(
                        "\"{}\" has Enchant opponent: it can't enchant its controller",
                        obj.label
                    ),
                    "name an opponent of its controller",
                ));
            }
            game.update_status(*id, |s| s.attached_to_player = Some(p))
                .map_err(|e| {
                    cx.err(
                        ErrorKind::IllegalState,
                        a.span(),
                        e.to_string(),
                        "fix the entry",
                    )
                })?;
            continue;
        }
        match (&rp.attached_to, is_aura) {
            (None, false) => {}
            (None, true) => {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    rp.card.span(),
                    format!("the Aura \"{}\" is attached to nothing; it would be put into its owner's graveyard (212.4f, 420.5d)", obj.label),
                    "add `attached_to = \"<label>\"` naming the permanent it enchants",
                ));
            }
            (Some(a), false) => {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    a.span(),
                    format!("\"{}\" is not an Aura or Equipment, so it can't be attached to anything (212.4h, 212.2h; Fortifications are not supported)", obj.label),
                    "remove `attached_to`",
                ));
            }
            (Some(a), true) => {
                let target_id = names.label(&cx, a)?;
                let target = game.object(target_id).expect("label resolves").clone();
                if target.zone != Zone::InPlay {
                    return Err(cx.err(
                        ErrorKind::IllegalState,
                        a.span(),
                        format!(
                            "\"{}\" is in {}, not in play; an Aura enchants a permanent (212.4d)",
                            target.label, target.zone
                        ),
                        "attach it to a permanent in play",
                    ));
                }
                if target_id == *id {
                    return Err(cx.err(
                        ErrorKind::IllegalState,
                        a.span(),
                        "an Aura can't enchant itself (212.4g)",
                        "attach it to another permanent",
                    ));
                }
                let what = obj.enchant_filter();
                let ctx = crate::filter::Context::of(&obj, None);
                if let Some(what) = what.filter(|f| !f.matches(&game, &target, &ctx)) {
                    let what = what.singular();
                    return Err(cx.err(
                        ErrorKind::IllegalState,
                        a.span(),
                        format!(
                            "\"{}\" has Enchant {what} but \"{}\" is not a {what} (502.45, 212.4f)",
                            obj.label, target.label
                        ),
                        format!("attach it to a {what}"),
                    ));
                }
                static_control(&cx, &mut game, &obj, &target, a)?;
                game.update_status(*id, |s| s.attached_to = Some(target_id))
                    .map_err(|e| {
                        cx.err(
                            ErrorKind::IllegalState,
                            a.span(),
                            e.to_string(),
                            "fix the entry",
                        )
                    })?;
            }
        }
    }

    // Spells that resolved earlier in the turn, before any combat under way: an animated land
    // can be attacking.
    let mut game = begin_resolved_spells(&cx, game, &names, &raw.resolved, &resolved_cards)?;
    // Combat already under way (306.2, 308.2g, 309.2).
    let combat = build_combat(&cx, &game, &names, &permanents, defending)?;
    game.set_combat(combat);
    apply_resolved(&cx, &mut game, &names, &permanents, &lookup)?;

    names.token_names = named_tokens(game.objects().map(|o| o.card.as_ref()))
        .into_iter()
        .collect();
    let script = build_actions(&cx, &raw, &names)?;
    let expect = expect::build(&cx, raw.expect.as_ref(), &names, script.len())?;
    let stop_after = raw
        .stop_after
        .as_ref()
        .map(|st| step_named(&cx, st))
        .transpose()?;
    let mut cards = local;
    for def in from_pools.into_inner().into_values() {
        cards.insert((*def).clone());
    }
    let unmodelled = cards
        .iter()
        .flat_map(|def| {
            def.unmodelled.iter().map(|line| super::NotModelled {
                card: def.name.clone(),
                line: line.clone(),
            })
        })
        .collect();
    Ok(Scenario {
        description: raw.description.map(|d| d.into_inner()),
        game,
        cards,
        unmodelled,
        script,
        expect,
        stop_after,
        file,
    })
}

/// A step by its key ("declare-blockers").
pub(super) fn step_named(cx: &Ctx, st: &S<String>) -> Result<Step, FileError> {
    Step::from_key(st.get_ref()).ok_or_else(|| {
        let keys: Vec<&str> = Step::ALL.iter().map(|s| s.key()).collect();
        cx.err(
            ErrorKind::WrongValue,
            st.span(),
            format!("unknown step \"{}\"", st.get_ref()),
            format!("use one of: {}", keys.join(", ")),
        )
    })
}

fn check_name(cx: &Ctx, s: &S<String>, what: &str) -> Result<(), FileError> {
    let v = s.get_ref().trim();
    if v.is_empty() {
        return Err(cx.err(
            ErrorKind::WrongValue,
            s.span(),
            format!("a {what} can't be empty"),
            format!("write a {what}"),
        ));
    }
    if let Some(bad) = RESERVED.iter().find(|r| v.contains(**r)) {
        return Err(cx.err(
            ErrorKind::WrongValue,
            s.span(),
            format!("a {what} can't contain `{bad}`: declarations use it as a separator"),
            format!("choose a {what} without `,`, `=` or `->`"),
        ));
    }
    Ok(())
}

fn claim_label(
    cx: &Ctx,
    names: &Names,
    spans: &BTreeMap<String, Range<usize>>,
    label: &str,
    span: Range<usize>,
) -> Result<(), FileError> {
    if names.players.contains_key(label) {
        return Err(cx.err(
            ErrorKind::DuplicateLabel,
            span,
            format!("\"{label}\" is a player's name, so it can't also be a label"),
            "give the object a `label` that differs from every player's name",
        ));
    }
    if let Some(first) = spans.get(label) {
        let (line, _) = cx.file.line_col(first.start);
        return Err(cx.err(
            ErrorKind::DuplicateLabel,
            span,
            format!("two objects would be labelled \"{label}\" (the first on line {line})"),
            "give each copy its own `label = \"...\"` so declarations can tell them apart",
        ));
    }
    Ok(())
}

fn unique_label(names: &mut Names, base: &str) -> String {
    if !names.labels.contains_key(base) && !names.players.contains_key(base) {
        return base.to_string();
    }
    let next = names.next_copy.entry(base.to_string()).or_insert(2);
    loop {
        let label = format!("{base} #{next}");
        *next += 1;
        if !names.labels.contains_key(&label) {
            return label;
        }
    }
}

fn build_combat(
    cx: &Ctx,
    game: &Game,
    names: &Names,
    permanents: &[(ObjectId, &RawPermanent)],
    defending: Option<PlayerId>,
) -> Result<Option<Combat>, FileError> {
    let step = game.turn.step;
    let active = game.turn.active;
    let attackers_declared = matches!(
        step,
        Step::DeclareBlockers | Step::CombatDamage | Step::EndOfCombat
    );
    let blockers_declared = matches!(step, Step::CombatDamage | Step::EndOfCombat);
    let multiple = game.options.attack_multiple_players;
    let is_defender = |p: PlayerId| {
        if multiple {
            p != active
        } else {
            Some(p) == defending
        }
    };
    let mut combat = Combat {
        defending_player: if multiple { None } else { defending },
        ..Combat::default()
    };
    for (id, rp) in permanents {
        let Some(target) = &rp.attacking else {
            continue;
        };
        let obj = game.object(*id).expect("created");
        if !attackers_declared {
            let message = if step > Step::EndOfCombat {
                format!(
                    "the scenario starts in the {step}, after combat has ended, so nothing is attacking (311.2)"
                )
            } else {
                format!(
                    "the scenario starts at the beginning of the {step}, before any attackers are declared"
                )
            };
            return Err(cx.err(
                ErrorKind::IllegalState,
                target.span(),
                message,
                "start at `declare-blockers`, `combat-damage` or `end-of-combat` to have creatures already attacking, or declare attackers with an [[action]]",
            ));
        }
        if !obj.is_creature() || obj.controller != active {
            return Err(cx.err(
                ErrorKind::IllegalState,
                target.span(),
                format!("\"{}\" can't be attacking: only creatures the active player controls attack (306.2, 306.3)", obj.label),
                "remove `attacking`, or change its controller",
            ));
        }
        let t = if let Some(p) = names.players.get(target.get_ref()) {
            if !is_defender(*p) {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    target.span(),
                    format!(
                        "\"{}\" is not the defending player (306.2)",
                        target.get_ref()
                    ),
                    "attack the defending player or a planeswalker he or she controls",
                ));
            }
            AttackTarget::Player(*p)
        } else {
            let pw = names.label(cx, target)?;
            let w = game.object(pw).expect("label resolves");
            let protector = w.status.as_ref().and_then(|s| s.protector);
            if w.zone == Zone::InPlay && w.is(CardType::Planeswalker) && is_defender(w.controller) {
                AttackTarget::Planeswalker(pw)
            } else if w.zone == Zone::InPlay
                && w.is(CardType::Battle)
                && protector.is_some_and(|p| is_defender(p) && p != active)
            {
                // Current 310.8b: a battle whose protector is a defending player.
                AttackTarget::Battle(pw)
            } else if w.zone != Zone::InPlay && w.is(CardType::Planeswalker) && is_defender(w.owner)
            {
                // 306.4c: a planeswalker card of a defending player's that has left play (in a
                // graveyard, the removed-from-the-game zone, a hand or a library): the creature
                // attacked it and still attacks, though it attacks neither a player nor a
                // planeswalker.
                AttackTarget::Nothing
            } else {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    target.span(),
                    format!(
                        "\"{}\" is not a planeswalker the defending player controls (306.2, 306.3)",
                        target.get_ref()
                    ),
                    "attack the defending player or one of his or her planeswalkers (or, for one that has left play since, name its card in that player's graveyard or another zone: 306.4c)",
                ));
            }
        };
        combat.attackers.insert(*id, t);
        if rp.blocked.as_ref().is_some_and(|b| *b.get_ref()) {
            combat.blocked.insert(*id);
        }
    }
    for (id, rp) in permanents {
        if let Some(b) = &rp.blocked {
            if rp.attacking.is_none() && *b.get_ref() {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    b.span(),
                    "only an attacking creature can be blocked (309.2e)",
                    "add `attacking`, or remove `blocked`",
                ));
            }
        }
        let Some(blocking) = &rp.blocking else {
            continue;
        };
        let obj = game.object(*id).expect("created");
        if !blockers_declared {
            let message = if step > Step::EndOfCombat {
                format!(
                    "the scenario starts in the {step}, after combat has ended, so nothing is blocking (311.2)"
                )
            } else {
                format!(
                    "the scenario starts at the beginning of the {step}, before any blockers are declared"
                )
            };
            return Err(cx.err(
                ErrorKind::IllegalState,
                blocking.span(),
                message,
                "start at `combat-damage` or `end-of-combat` to have creatures already blocking, or declare blockers with an [[action]]",
            ));
        }
        if !obj.is_creature() || !is_defender(obj.controller) {
            return Err(cx.err(
                ErrorKind::IllegalState,
                blocking.span(),
                format!("\"{}\" can't be blocking: only creatures the defending player controls block (306.3, 309.2a)", obj.label),
                "remove `blocking`, or change its controller",
            ));
        }
        let mut seen = BTreeSet::new();
        let mut list = Vec::new();
        for a in blocking.get_ref() {
            let aid = names.label(cx, a)?;
            if multiple {
                // 602.4a: a defending player's creatures block only creatures attacking that
                // player or that player's planeswalkers.
                let attacks_controller = match combat.attackers.get(&aid) {
                    Some(AttackTarget::Nothing) | None => true,
                    Some(t) => game.attacked_player(t) == Some(obj.controller),
                };
                if !attacks_controller {
                    return Err(cx.err(
                        ErrorKind::IllegalState,
                        a.span(),
                        format!("\"{}\" doesn't attack {}'s controller, so it can't block it (602.4a)", a.get_ref(), obj.label),
                        "block only creatures attacking this creature's controller or that player's planeswalkers",
                    ));
                }
            }
            if !combat.attackers.contains_key(&aid) {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    a.span(),
                    format!(
                        "\"{}\" is not attacking, so it can't be blocked",
                        a.get_ref()
                    ),
                    "give that permanent `attacking = ...`",
                ));
            }
            if !seen.insert(aid) {
                return Err(cx.err(
                    ErrorKind::WrongValue,
                    a.span(),
                    format!("\"{}\" is listed twice", a.get_ref()),
                    "list each attacker once",
                ));
            }
            list.push(aid);
            combat.blocked.insert(aid);
        }
        if !list.is_empty() {
            combat.blockers.insert(*id, list);
        }
    }
    Ok(step.is_combat().then_some(combat))
}

/// The card pools a scenario draws on: its own `card_pool` (relative to its folder), then
/// those the caller gives.
fn card_pools(
    cx: &Ctx,
    key: Option<&S<String>>,
    options: &super::LoadOptions,
) -> Result<Vec<Arc<crate::cards::pool::CardPool>>, FileError> {
    let mut out = Vec::new();
    if let Some(key) = key {
        if options.sandboxed {
            return Err(cx.err(
                ErrorKind::WrongValue,
                key.span(),
                format!(
                    "card_pool \"{}\" names a file, and a scenario sent to the server may not read files",
                    key.get_ref()
                ),
                "remove `card_pool` and start the server with `skirmish serve --cards FILE` to offer that card file's cards",
            ));
        }
        let folder = std::path::Path::new(&cx.file.name)
            .parent()
            .unwrap_or(std::path::Path::new(""));
        let path = folder.join(key.get_ref());
        let pool = crate::cards::pool::CardPool::load(&path).map_err(|e| {
            cx.err(
                ErrorKind::WrongValue,
                key.span(),
                format!("card_pool \"{}\": {}", key.get_ref(), e.message),
                "give the path of a Scryfall or MTGJSON card file, relative to this scenario's folder (docs/cli.md)",
            )
        })?;
        out.push(Arc::new(pool));
    }
    out.extend(options.pools.iter().cloned());
    Ok(out)
}

/// A card of a pool that doesn't compile: the sentence, and the way to load it anyway.
fn pool_card_error(
    cx: &Ctx,
    name: &S<String>,
    pool: &crate::cards::pool::CardPool,
    e: crate::cards::CardError,
) -> FileError {
    let kind = match e.field {
        crate::cards::CardField::Text => ErrorKind::UnsupportedText,
        _ => ErrorKind::BadCard,
    };
    cx.err(
        kind,
        name.span(),
        format!("{e} (from the card file {})", pool.name),
        "define the card in a [[card]] table in wording Skirmish knows (docs/card-text.md), or load it with `skirmish --unmodelled=warn` to leave out the lines it doesn't know (never a line about combat)",
    )
}

/// Finds a card by name in the file's own cards, then the card pools, then the bundled
/// library.
type CardLookup<'a> = dyn Fn(&S<String>) -> Result<Arc<CardDef>, FileError> + 'a;

/// Effects of spells that resolved before the scenario starts (`affected_by`) and block
/// requirements from resolved abilities such as provoke (`must_block`, 502.29a).
fn apply_resolved(
    cx: &Ctx,
    game: &mut Game,
    names: &Names,
    permanents: &[(ObjectId, &RawPermanent)],
    lookup: &CardLookup,
) -> Result<(), FileError> {
    use crate::ability::{Ability, Subject};
    for (id, rp) in permanents {
        let label = game
            .object(*id)
            .map(|o| o.label.clone())
            .unwrap_or_default();
        for spell in &rp.affected_by {
            let card = lookup(spell)?;
            let effects: Vec<_> = card
                .abilities
                .iter()
                .filter_map(|a| match a {
                    Ability::Spell { effect } => Some(effect.clone()),
                    _ => None,
                })
                .collect();
            let targets_creature = effects.iter().all(|e| {
                matches!(
                    e,
                    crate::ability::Effect::Pump {
                        what: Subject::TargetCreature,
                        ..
                    } | crate::ability::Effect::GainRules {
                        what: Subject::TargetCreature,
                        ..
                    } | crate::ability::Effect::GainKeyword {
                        what: Subject::TargetCreature,
                        ..
                    } | crate::ability::Effect::LoseKeyword {
                        what: Subject::TargetCreature,
                        ..
                    }
                )
            });
            if effects.is_empty() || !targets_creature {
                return Err(cx.err(
                    ErrorKind::WrongValue,
                    spell.span(),
                    format!("\"{}\" is not an instant or sorcery whose effect targets a creature", card.name),
                    "name a spell like \"Giant Growth\" or \"Off Balance\" that resolved targeting this creature",
                ));
            }
            if !game.object(*id).is_some_and(|o| o.is_creature()) {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    spell.span(),
                    format!(
                        "\"{label}\" is not a creature, so \"{}\" couldn't have targeted it",
                        card.name
                    ),
                    "remove `affected_by`",
                ));
            }
            for e in effects {
                game.add_effect(card.name.clone(), *id, e).map_err(|e| {
                    cx.err(
                        ErrorKind::IllegalState,
                        spell.span(),
                        e.to_string(),
                        "fix the entry",
                    )
                })?;
            }
        }
        if let Some(target) = &rp.must_block {
            let attacker = names.label(cx, target)?;
            let combat = game
                .combat
                .clone()
                .filter(|c| c.attackers.contains_key(&attacker));
            let Some(mut combat) = combat else {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    target.span(),
                    format!(
                        "\"{}\" is not attacking, so nothing can be required to block it",
                        target.get_ref()
                    ),
                    "give that creature `attacking = ...` and start at declare-blockers",
                ));
            };
            let blocker = game.object(*id).expect("created");
            if !blocker.is_creature() || !game.defending_players().contains(&blocker.controller) {
                return Err(cx.err(
                    ErrorKind::IllegalState,
                    target.span(),
                    format!("\"{label}\" is not a creature a defending player controls, so it can't be required to block"),
                    "put `must_block` on a creature of the defending player",
                ));
            }
            combat
                .must_block
                .push((*id, attacker, target.get_ref().clone()));
            game.set_combat(Some(combat));
        }
    }
    Ok(())
}

/// `[[resolved]]`: instants and sorceries that resolved before the scenario starts, with their
/// cards (in graveyards already) and controllers, checked as the cards were put there. Their lasting effects begin now, in the file's
/// order, as `engine::resolve_earlier` explains, before any combat under way is set up: they
/// resolved before it (a spell played during combat that targeted a creature is stated with
/// `affected_by` on it).
fn begin_resolved_spells(
    cx: &Ctx,
    mut game: Game,
    names: &Names,
    resolved: &[super::raw::RawResolved],
    cards: &[(ObjectId, PlayerId)],
) -> Result<Game, FileError> {
    for (r, &(spell, controller)) in resolved.iter().zip(cards) {
        let targets = r
            .targets
            .iter()
            .map(|t| match names.players.get(t.get_ref()) {
                Some(p) => Ok(crate::model::TargetRef::Player(*p)),
                None => names.label(cx, t).map(crate::model::TargetRef::Object),
            })
            .collect::<Result<Vec<_>, _>>()?;
        game = crate::engine::resolve_earlier(game, spell, controller, &targets).map_err(|e| {
            let help = match e.rule {
                "409.1c" => "name the targets it was played with, in the order its text asks for them, as the starting state has them",
                "418.5a" => "state the permanent under the spell's controller, with `owner` the player who gets it back",
                "418.3a" => "leave the entry out and state its results (tapped, damage, life, cards) in the starting state",
                _ => "play it with a `cast` action in the script instead",
            };
            cx.err(
                ErrorKind::IllegalState,
                r.spell.span(),
                format!("{} ({})", e.why, e.rule),
                help,
            )
        })?;
    }
    Ok(game)
}

/// "Craw Wurm: 2 to Grizzly Bears, 4 to Wall of Wood": the object that divides, and the
/// amount each recipient gets, by label or player name (310.2, 409.1e).
fn amounts_to(
    cx: &Ctx,
    names: &Names,
    text: &S<String>,
    what: &str,
    hint: &str,
) -> Result<(String, Vec<(String, u32)>), FileError> {
    let bad = |m: &str| {
        cx.err(
            ErrorKind::WrongValue,
            text.span(),
            format!("`{}` is not {what}: {m}", text.get_ref()),
            hint.to_string(),
        )
    };
    let (source, rest) = text
        .get_ref()
        .split_once(':')
        .ok_or_else(|| bad("no `:` after the object that divides"))?;
    let source = source.trim().to_string();
    names.later_label(cx, &S::new(text.span(), source.clone()))?;
    let mut parts = Vec::new();
    for part in rest.split(',') {
        let (n, to) = part
            .trim()
            .split_once(" to ")
            .ok_or_else(|| bad("each part is `N to RECIPIENT`"))?;
        let n: u32 = n
            .trim()
            .parse()
            .map_err(|_| bad("the amount is a whole number"))?;
        let to = to.trim().to_string();
        names.later_player_or_label(cx, &S::new(text.span(), to.clone()))?;
        parts.push((to, n));
    }
    Ok((source, parts))
}

/// The `modes` of a `cast` or `activate` action, numbered from 1, each once (409.1b).
fn modes(cx: &Ctx, a: &super::raw::RawAction) -> Result<Vec<u32>, FileError> {
    let mut modes: Vec<u32> = Vec::new();
    for m in a.modes.iter().flat_map(|m| m.get_ref()) {
        let n = *m.get_ref();
        if n == 0 {
            return Err(cx.err(
                ErrorKind::WrongValue,
                m.span(),
                "modes are numbered from 1",
                "write 1 for the first mode printed, 2 for the second, and so on",
            ));
        }
        if modes.contains(&n) {
            return Err(cx.err(
                ErrorKind::WrongValue,
                m.span(),
                format!("mode {n} is listed twice"),
                "list each mode once (409.1b)",
            ));
        }
        modes.push(n);
    }
    Ok(modes)
}

fn build_actions(cx: &Ctx, raw: &RawScenario, names: &Names) -> Result<Vec<Action>, FileError> {
    let mut out = Vec::new();
    for a in &raw.action {
        let player = names.player(cx, &a.player)?;
        let line = cx.file.line_col(a.player.span().start).0;
        let chosen: Vec<&str> = [
            a.pass.as_ref().filter(|p| *p.get_ref()).map(|_| "pass"),
            a.attack.as_ref().map(|_| "attack"),
            a.block.as_ref().map(|_| "block"),
            a.cast.as_ref().map(|_| "cast"),
            a.activate.as_ref().map(|_| "activate"),
            a.discard.as_ref().map(|_| "discard"),
            a.assign.as_ref().map(|_| "assign"),
            a.divide.as_ref().map(|_| "divide"),
            a.choose.as_ref().map(|_| "choose"),
            a.ninjutsu.as_ref().map(|_| "ninjutsu"),
            a.cycle.as_ref().map(|_| "cycle"),
            a.unearth.as_ref().map(|_| "unearth"),
            a.suspend.as_ref().map(|_| "suspend"),
            a.turn_face_up.as_ref().map(|_| "turn_face_up"),
            a.play_land.as_ref().map(|_| "play_land"),
            a.order.as_ref().map(|_| "order"),
        ]
        .into_iter()
        .flatten()
        .collect();
        if chosen.len() != 1 {
            return Err(cx.err(
                ErrorKind::WrongValue,
                a.player.span(),
                if chosen.is_empty() {
                    "an [[action]] must say what the player does".to_string()
                } else {
                    format!("an [[action]] does one thing, but this one says {}", chosen.join(" and "))
                },
                "use exactly one of `pass = true`, `attack = \"...\"`, `block = \"...\"`, `cast = \"...\"`, `activate = \"...\"`, `discard = [...]`, `assign = \"...\"`, `divide = \"...\"`, `choose = \"...\"`, `ninjutsu = \"...\"`, `cycle = \"...\"`, `unearth = \"...\"`, `suspend = \"...\"`, `turn_face_up = \"...\"`, `play_land = \"...\"`, `order = [...]`",
            ));
        }
        if let Some(c) = a.convoke.as_ref().filter(|_| a.cast.is_none()) {
            return Err(cx.err(
                ErrorKind::WrongValue,
                c.span(),
                "`convoke` names the creatures tapped to help pay for a spell, so it goes with `cast`",
                "remove `convoke`, or make the action a `cast`",
            ));
        }
        if let Some(c) = a
            .modes
            .as_ref()
            .filter(|_| a.cast.is_none() && a.activate.is_none())
        {
            return Err(cx.err(
                ErrorKind::WrongValue,
                c.span(),
                "`modes` chooses the modes of a modal spell or activated ability as it is played, so it goes with `cast` or `activate`",
                "remove `modes`, or make the action a `cast` or an `activate`",
            ));
        }
        if let Some(c) = a.improvise.as_ref().filter(|_| a.cast.is_none()) {
            return Err(cx.err(
                ErrorKind::WrongValue,
                c.span(),
                "`improvise` names the artifacts tapped to help pay for a spell, so it goes with `cast`",
                "remove `improvise`, or make the action a `cast`",
            ));
        }
        if let Some(c) = a.delve.as_ref().filter(|_| a.cast.is_none()) {
            return Err(cx.err(
                ErrorKind::WrongValue,
                c.span(),
                "`delve` names the graveyard cards removed to help pay for a spell, so it goes with `cast`",
                "remove `delve`, or make the action a `cast`",
            ));
        }
        if let Some(w) = a.with.as_ref().filter(|_| a.cast.is_none()) {
            return Err(cx.err(
                ErrorKind::WrongValue,
                w.span(),
                "`with` names costs to play a spell with, so it goes with `cast`",
                "remove `with`, or make the action a `cast`",
            ));
        }
        if ((a.ability.is_some() || !a.pay.is_empty()) && a.activate.is_none())
            || (a.x.is_some() && a.activate.is_none() && a.cast.is_none())
            || (!a.targets.is_empty() && a.cast.is_none() && a.activate.is_none())
        {
            return Err(cx.err(
                ErrorKind::WrongValue,
                a.player.span(),
                "`ability` and `pay` go with `activate`, and `x` and `targets` with `cast` or `activate`",
                "remove the extra key",
            ));
        }
        for l in &a.pay {
            names.later_label(cx, l)?;
        }
        for t in &a.targets {
            names.later_player_or_label(cx, t)?;
        }
        let targets: Vec<String> = a.targets.iter().map(|t| t.get_ref().clone()).collect();
        let step = a.step.as_ref().map(|st| step_named(cx, st)).transpose()?;
        let declines = match &a.decline_costs {
            Some(d) if a.attack.is_none() && a.block.is_none() => {
                return Err(cx.err(
                    ErrorKind::WrongValue,
                    d.span(),
                    "`decline_costs` declines the costs a declaration of attackers or blockers locks in (308.2d, 309.2d), so it goes with `attack` or `block`",
                    "remove `decline_costs`, or make the action an `attack` or a `block`",
                ));
            }
            d => d.as_ref().is_some_and(|d| *d.get_ref()),
        };
        if let Some(b) = a.bands.as_ref().filter(|_| a.attack.is_none()) {
            return Err(cx.err(
                ErrorKind::WrongValue,
                b.span(),
                "`bands` announces which attacking creatures are banded with which (308.2b), so it goes with `attack`",
                "remove `bands`, or make the action an `attack`",
            ));
        }
        let kind = if let Some(sources) = &a.order {
            if sources.get_ref().len() < 2 {
                return Err(cx.err(
                    ErrorKind::WrongValue,
                    sources.span(),
                    "`order` orders two or more triggered abilities put on the stack at once (410.3)",
                    "list the sources of the abilities, the first to go on the stack first",
                ));
            }
            for s in sources.get_ref() {
                names.later_label(cx, s)?;
            }
            ActionKind::Order {
                sources: sources
                    .get_ref()
                    .iter()
                    .map(|s| s.get_ref().clone())
                    .collect(),
            }
        } else if let Some(card) = &a.play_land {
            names.later_label(cx, card)?;
            ActionKind::PlayLand {
                card: card.get_ref().clone(),
            }
        } else if let Some(permanent) = &a.turn_face_up {
            names.later_label(cx, permanent)?;
            ActionKind::TurnFaceUp {
                permanent: permanent.get_ref().clone(),
            }
        } else if let Some(card) = &a.cycle {
            names.later_label(cx, card)?;
            ActionKind::Cycle {
                card: card.get_ref().clone(),
            }
        } else if let Some(card) = &a.unearth {
            names.later_label(cx, card)?;
            ActionKind::Unearth {
                card: card.get_ref().clone(),
            }
        } else if let Some(card) = &a.suspend {
            names.later_label(cx, card)?;
            ActionKind::Suspend {
                card: card.get_ref().clone(),
            }
        } else if let Some(text) = &a.ninjutsu {
            let (card, returning) = text.get_ref().split_once(':').ok_or_else(|| {
                cx.err(
                    ErrorKind::WrongValue,
                    text.span(),
                    format!("`{}` is not `Card: Returned creature`", text.get_ref()),
                    "write the card with ninjutsu, a colon, and the unblocked attacker to return",
                )
            })?;
            let (card, returning) = (card.trim().to_string(), returning.trim().to_string());
            names.later_label(cx, &S::new(text.span(), card.clone()))?;
            names.later_label(cx, &S::new(text.span(), returning.clone()))?;
            ActionKind::Ninjutsu { card, returning }
        } else if let Some(text) = &a.choose {
            let (source, target) = text.get_ref().split_once(':').ok_or_else(|| {
                cx.err(
                    ErrorKind::WrongValue,
                    text.span(),
                    format!("`{}` is not `Source: Target`", text.get_ref()),
                    "write the permanent whose ability asks, a colon, and the target or choice (or `nothing`)",
                )
            })?;
            let (source, target) = (source.trim().to_string(), target.trim().to_string());
            names.later_label(cx, &S::new(text.span(), source.clone()))?;
            // "nothing" declines an optional choice ("you may put ..."); a creature type names
            // one ("of the creature type of your choice", 413.2c); a color answers "choose a
            // color" (410.10e); "won" or "lost" answers a coin flip (511.1); "mode 2" or
            // "modes 1, 3" the modes of a modal triggered ability (410.4a); a keyword answers
            // "your choice of vigilance, lifelink, or haste" (413.2c); a number the X of "you
            // may pay {X}" (2009 glossary "X").
            let modes = target
                .strip_prefix("modes ")
                .or_else(|| target.strip_prefix("mode "));
            if let Some(m) = modes
                && crate::engine::agent::mode_list(m).is_none()
            {
                return Err(cx.err(
                    ErrorKind::WrongValue,
                    text.span(),
                    format!("\"{target}\" names no modes"),
                    "number the modes from 1: \"mode 2\", \"modes 1, 3\"",
                ));
            }
            if modes.is_none()
                && target != "nothing"
                && target != "won"
                && target != "lost"
                && target.parse::<u32>().is_err()
                && crate::mana::Color::from_name(&target).is_none()
                && crate::typeline::creature_type_named(&target).is_none()
                && !crate::cards::keywords::keyword(&target).is_ok_and(|(_, a)| {
                    matches!(a.as_slice(), [crate::ability::Ability::Keyword { .. }])
                })
            {
                names.later_player_or_label(cx, &S::new(text.span(), target.clone()))?;
            }
            ActionKind::Choose { source, target }
        } else if let Some(text) = &a.assign {
            let (source, parts) = amounts_to(
                cx,
                names,
                text,
                "a damage assignment",
                "write \"Creature: 2 to Blocker, 1 to Other Blocker\" (amounts to recipients, by label or player name)",
            )?;
            ActionKind::Assign { source, parts }
        } else if let Some(text) = &a.divide {
            let (source, parts) = amounts_to(
                cx,
                names,
                text,
                "a division",
                "write \"Arc Lightning: 2 to Grizzly Bears, 1 to Bob\" (the spell or the permanent whose ability divides, then amounts to its targets, by label or player name)",
            )?;
            ActionKind::Divide { source, parts }
        } else if let Some(cards) = &a.discard {
            for c in cards.get_ref() {
                names.later_label(cx, c)?;
            }
            ActionKind::Discard {
                cards: cards
                    .get_ref()
                    .iter()
                    .map(|c| c.get_ref().clone())
                    .collect(),
            }
        } else if a.pass.as_ref().is_some_and(|p| *p.get_ref()) {
            ActionKind::Pass
        } else if let Some(text) = &a.attack {
            let items =
                declaration::parse_attack(text.get_ref()).map_err(|e| cx.decl_err(text, e))?;
            for item in &items {
                check_item_labels(cx, names, text, item, true, true)?;
            }
            let mut bands = Vec::new();
            for band in a.bands.iter().flat_map(|b| b.get_ref()) {
                for m in band.get_ref() {
                    names.later_label(cx, m)?;
                }
                bands.push(band.get_ref().iter().map(|m| m.get_ref().clone()).collect());
            }
            ActionKind::Attack {
                text: text.get_ref().clone(),
                items,
                decline_costs: declines,
                bands,
            }
        } else if let Some(text) = &a.block {
            let items =
                declaration::parse_block(text.get_ref()).map_err(|e| cx.decl_err(text, e))?;
            for item in &items {
                check_item_labels(cx, names, text, item, false, true)?;
            }
            ActionKind::Block {
                text: text.get_ref().clone(),
                items,
                decline_costs: declines,
            }
        } else if let Some(card) = &a.cast {
            names.later_label(cx, card)?;
            let mut with = Vec::new();
            for w in a.with.iter().flat_map(|w| w.get_ref()) {
                let option = CastOption::from_key(w.get_ref()).ok_or_else(|| {
                    let keys: Vec<&str> = CastOption::ALL.iter().map(|o| o.key()).collect();
                    cx.err(
                        ErrorKind::WrongValue,
                        w.span(),
                        format!("unknown cost \"{}\" to play a spell with", w.get_ref()),
                        format!("use one of: {}", keys.join(", ")),
                    )
                })?;
                // Current 702.33c: a multikicker cost is paid once for each time it is listed.
                if with.contains(&option) && option != CastOption::Multikicker {
                    return Err(cx.err(
                        ErrorKind::WrongValue,
                        w.span(),
                        format!("\"{}\" is listed twice", w.get_ref()),
                        "list each cost once",
                    ));
                }
                with.push(option);
            }
            let mut lists: [Vec<String>; 3] = Default::default();
            for (list, raw, once) in [
                (0, &a.convoke, "each creature is tapped for convoke once"),
                (1, &a.delve, "each card is removed for delve once"),
                (
                    2,
                    &a.improvise,
                    "each artifact is tapped for improvise once",
                ),
            ] {
                for c in raw.iter().flat_map(|c| c.get_ref()) {
                    names.later_label(cx, c)?;
                    if lists[list].contains(c.get_ref()) {
                        return Err(cx.err(
                            ErrorKind::WrongValue,
                            c.span(),
                            format!("\"{}\" is listed twice", c.get_ref()),
                            once,
                        ));
                    }
                    lists[list].push(c.get_ref().clone());
                }
            }
            let [convoke, delve, improvise] = lists;
            let modes = modes(cx, a)?;
            ActionKind::Cast {
                card: card.get_ref().clone(),
                targets,
                with,
                convoke,
                delve,
                improvise,
                modes,
                x: a.x.as_ref().map_or(0, |x| *x.get_ref()),
            }
        } else if let Some(source) = &a.activate {
            names.later_label(cx, source)?;
            let ability = match &a.ability {
                None => 1,
                Some(n) if *n.get_ref() >= 1 => *n.get_ref(),
                Some(n) => {
                    return Err(cx.err(
                        ErrorKind::WrongValue,
                        n.span(),
                        "abilities are counted from 1",
                        "write 1 for the first activated ability",
                    ));
                }
            };
            ActionKind::Activate {
                source: source.get_ref().clone(),
                ability,
                targets,
                pay: a.pay.iter().map(|l| l.get_ref().clone()).collect(),
                x: a.x.as_ref().map_or(0, |x| *x.get_ref()),
                modes: modes(cx, a)?,
            }
        } else {
            unreachable!("exactly one action kind was chosen above")
        };
        let refused = match &a.refused {
            None => None,
            Some(r) if matches!(kind, ActionKind::Pass) => {
                return Err(cx.err(
                    ErrorKind::WrongValue,
                    r.span(),
                    "passing priority is never refused",
                    "remove `refused`, or put it on the action the rules refuse",
                ));
            }
            Some(r) if !expect::is_rule_number(r.get_ref()) => {
                return Err(cx.err(
                    ErrorKind::WrongValue,
                    r.span(),
                    format!("\"{}\" is not a rule number", r.get_ref()),
                    "write the rule the action breaks, such as \"500.4\" or \"308.2a\"",
                ));
            }
            Some(r) => Some(r.get_ref().clone()),
        };
        out.push(Action {
            player,
            line,
            step,
            kind,
            refused,
        });
    }
    Ok(out)
}

/// Checks that the names in one declaration item are labels (or, for attack targets, players).
/// `later`: the declaration is made during the run (a script action, a checkpoint's verdict),
/// so it may name tokens made by then.
pub(super) fn check_item_labels(
    cx: &Ctx,
    names: &Names,
    text: &S<String>,
    item: &declaration::NamedItem,
    attack: bool,
    later: bool,
) -> Result<(), FileError> {
    let base = cx.string_body(text);
    if !names.known(&item.name, later) {
        return Err(names.unknown_label(
            cx,
            &item.name,
            base + item.at..base + item.at + item.name.len(),
            later,
        ));
    }
    if let Some((t, at)) = &item.target {
        let ok = names.known(t, later) || (attack && names.players.contains_key(t));
        if !ok {
            return Err(names.unknown_label(cx, t, base + at..base + at + t.len(), later));
        }
    }
    Ok(())
}

/// An Aura or Equipment saying "You control enchanted creature." (418.5a layer 2) set up
/// attached to `target`: the scenario must say the Aura's controller controls it (its owner
/// may be another player, who gets it back when the Aura leaves).
fn static_control(
    cx: &Ctx,
    game: &mut Game,
    holder: &crate::model::Object,
    target: &crate::model::Object,
    at: &S<String>,
) -> Result<(), FileError> {
    if !holder.controls_attached() {
        return Ok(());
    }
    if target.controller != holder.controller {
        let name = |p| game.player(p).map_or_else(String::new, |p| p.name.clone());
        return Err(cx.err(
            ErrorKind::IllegalState,
            at.span(),
            format!(
                "\"{}\" says \"You control enchanted creature\", so its controller {} controls \"{}\", not {} (418.5a)",
                holder.label,
                name(holder.controller),
                target.label,
                name(target.controller)
            ),
            format!(
                "write controller = \"{}\" and owner = \"{}\" for \"{}\"",
                name(holder.controller),
                name(target.owner),
                target.label
            ),
        ));
    }
    game.begin_static_control(holder.id, target.id, target.owner);
    Ok(())
}
