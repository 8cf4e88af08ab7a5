//! An agent that asks a person at a terminal. Every question shows whose decision it is and in
//! which step; a refused answer is explained with its rule and asked again (422).

use super::agent::{Agent, AgentError, Choice, PriorityAction};
use crate::model::{Game, ObjectId, PlayerId, TargetRef, Zone};
use std::io::{BufRead, Write};

/// Prompts on `output` and reads answers from `input`.
pub struct Interactive<R, W> {
    input: R,
    output: W,
}

const HELP: &str = "answers: pass | cast CARD [-> TARGET, TARGET] | activate PERMANENT [N] [-> TARGET] [paying PERMANENT, CARD] | ninjutsu CARD -> UNBLOCKED ATTACKER | cycle CARD | unearth CARD | suspend CARD | turn-face-up PERMANENT | land CARD | board | help";

/// What a declaration prompt accepts; "help" shows it instead of being read as a label
/// (issue 13).
const ATTACK_HELP: &str = "attackers: labels separated by commas, each attacking the defending player, or `Label->Player` / `Label->Planeswalker`; an empty line declares none; `default` declares an optimal legal attack (500.4); `help` shows this";
const BLOCK_HELP: &str = "blockers: `Blocker=Attacker` pairs separated by commas; an empty line declares none; `default` declares an optimal legal block (500.4); `help` shows this";

impl<R: BufRead, W: Write> Interactive<R, W> {
    pub fn new(input: R, output: W) -> Self {
        Interactive { input, output }
    }

    /// Asks for a declaration until the answer is one: `None` for "default".
    fn declaration(&mut self, prompt: &str, help: &str) -> Result<Option<String>, AgentError> {
        loop {
            let a = self.ask(prompt)?;
            match a.as_str() {
                "help" => self.say(help),
                "default" => return Ok(None),
                _ => return Ok(Some(a)),
            }
        }
    }

    fn ask(&mut self, prompt: &str) -> Result<String, AgentError> {
        let _ = write!(self.output, "{prompt}");
        let _ = self.output.flush();
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) | Err(_) => Err(AgentError {
                rule: None,
                message: "the input ended before the game did".into(),
                line: None,
            }),
            Ok(_) => Ok(line.trim().to_string()),
        }
    }

    fn say(&mut self, text: &str) {
        let _ = writeln!(self.output, "{text}");
    }

    fn who(game: &Game, player: PlayerId) -> String {
        let name = game.player(player).map_or("?", |p| p.name.as_str());
        format!("{name}, {} of turn {}", game.turn.step, game.turn.number)
    }

    /// Resolves "NAME [-> T1, T2]" into an object among `ids` and targets.
    fn parse_named(
        game: &Game,
        text: &str,
        ids: &[ObjectId],
    ) -> Result<(ObjectId, Option<u32>, Vec<TargetRef>), String> {
        let (head, tail) = text.split_once("->").unwrap_or((text, ""));
        let head = head.trim();
        // "Mire Boa 2": a trailing number picks the ability.
        let (name, index) = match head.rsplit_once(' ') {
            Some((n, i)) if i.parse::<u32>().is_ok() => (n.trim(), i.parse::<u32>().ok()),
            _ => (head, None),
        };
        let id = ids
            .iter()
            .copied()
            .find(|id| game.object(*id).is_some_and(|o| o.label == name))
            .ok_or_else(|| format!("no \"{name}\" here"))?;
        let mut targets = Vec::new();
        for t in tail.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            if let Some(p) = game.player_named(t) {
                targets.push(TargetRef::Player(p.id));
            } else if let Some(o) = game
                .objects()
                .find(|o| o.label == t && matches!(o.zone, Zone::InPlay | Zone::Stack))
            {
                targets.push(TargetRef::Object(o.id));
            } else {
                return Err(format!("\"{t}\" is not a player, permanent or spell"));
            }
        }
        Ok((id, index, targets))
    }
}

impl<R: BufRead, W: Write> Agent for Interactive<R, W> {
    fn priority(&mut self, game: &Game, player: PlayerId) -> Result<PriorityAction, AgentError> {
        loop {
            let answer = self.ask(&format!("{} — priority> ", Self::who(game, player)))?;
            let (verb, rest) = answer.split_once(' ').unwrap_or((answer.as_str(), ""));
            match verb {
                "" | "pass" | "p" => return Ok(PriorityAction::Pass),
                "board" => {
                    let view = crate::view::BoardView::of(game).to_string();
                    self.say(&view);
                }
                "cast" => {
                    let hand = game
                        .player(player)
                        .map(|p| p.hand.clone())
                        .unwrap_or_default();
                    match Self::parse_named(game, rest, &hand) {
                        Ok((card, _, targets)) => {
                            return Ok(PriorityAction::Cast {
                                card,
                                targets,
                                with: Vec::new(),
                                convoke: Vec::new(),
                                delve: Vec::new(),
                                improvise: Vec::new(),
                                x: 0,
                            });
                        }
                        Err(e) => self.say(&e),
                    }
                }
                "activate" => {
                    // Permanents, then the player's cards in hand and graveyard (transmute,
                    // reinforce, scavenge, embalm: abilities played from a card).
                    let mine: Vec<ObjectId> = game
                        .in_play()
                        .filter(|o| o.controller == player)
                        .chain(game.objects().filter(|o| {
                            o.owner == player
                                && matches!(
                                    o.zone,
                                    crate::model::Zone::Hand | crate::model::Zone::Graveyard
                                )
                        }))
                        .map(|o| o.id)
                        .collect();
                    // "... modes 1, 3": the modes of a modal ability (409.1b).
                    let (rest, modes) = match rest
                        .rsplit_once(" modes ")
                        .or_else(|| rest.rsplit_once(" mode "))
                    {
                        Some((rest, m)) => match super::agent::mode_list(m) {
                            Some(m) => (rest, Some(m)),
                            None => {
                                self.say("modes are numbers from 1: \"mode 2\", \"modes 1, 3\"");
                                continue;
                            }
                        },
                        None => (rest, None),
                    };
                    // "... paying Goblin Token, Forest": what pays the cost's other parts.
                    let (rest, paying) = rest.split_once(" paying ").unwrap_or((rest, ""));
                    let pay: Result<Vec<ObjectId>, String> = paying
                        .split(',')
                        .map(str::trim)
                        .filter(|l| !l.is_empty())
                        .map(|l| {
                            super::agent::cost_payer(game, player, l).ok_or_else(|| {
                                format!("\"{l}\" is neither your permanent nor a card in your hand")
                            })
                        })
                        .collect();
                    match (Self::parse_named(game, rest, &mine), pay) {
                        (Ok((source, n, targets)), Ok(pay)) => {
                            return Ok(PriorityAction::Activate {
                                source,
                                ability: n.unwrap_or(1).saturating_sub(1) as usize,
                                targets,
                                pay,
                                x: 0,
                                modes,
                            });
                        }
                        (Err(e), _) | (_, Err(e)) => self.say(&e),
                    }
                }
                "suspend" => {
                    let hand = game
                        .player(player)
                        .map(|p| p.hand.clone())
                        .unwrap_or_default();
                    match Self::parse_named(game, rest, &hand) {
                        Ok((card, _, _)) => return Ok(PriorityAction::Suspend { card }),
                        Err(e) => self.say(&e),
                    }
                }
                "land" => {
                    let hand = game
                        .player(player)
                        .map(|p| p.hand.clone())
                        .unwrap_or_default();
                    match Self::parse_named(game, rest, &hand) {
                        Ok((card, _, _)) => return Ok(PriorityAction::PlayLand { card }),
                        Err(e) => self.say(&e),
                    }
                }
                "unearth" => {
                    let graveyard = game
                        .player(player)
                        .map(|p| p.graveyard.clone())
                        .unwrap_or_default();
                    match Self::parse_named(game, rest, &graveyard) {
                        Ok((card, _, _)) => return Ok(PriorityAction::Unearth { card }),
                        Err(e) => self.say(&e),
                    }
                }
                "turn-face-up" => {
                    let ids: Vec<ObjectId> = game.in_play_ids().to_vec();
                    match Self::parse_named(game, rest, &ids) {
                        Ok((permanent, _, _)) => {
                            return Ok(PriorityAction::TurnFaceUp { permanent });
                        }
                        Err(e) => self.say(&e),
                    }
                }
                "cycle" => {
                    let hand = game
                        .player(player)
                        .map(|p| p.hand.clone())
                        .unwrap_or_default();
                    match Self::parse_named(game, rest, &hand) {
                        Ok((card, _, _)) => return Ok(PriorityAction::Cycle { card }),
                        Err(e) => self.say(&e),
                    }
                }
                "ninjutsu" => {
                    let hand = game
                        .player(player)
                        .map(|p| p.hand.clone())
                        .unwrap_or_default();
                    match Self::parse_named(game, rest, &hand) {
                        Ok((card, _, targets)) => match targets.first() {
                            Some(TargetRef::Object(returning)) => {
                                return Ok(PriorityAction::Ninjutsu {
                                    card,
                                    returning: *returning,
                                });
                            }
                            _ => self.say("name the unblocked attacker to return after ->"),
                        },
                        Err(e) => self.say(&e),
                    }
                }
                _ => self.say(HELP),
            }
        }
    }

    fn attackers(&mut self, game: &Game, player: PlayerId) -> Result<Option<String>, AgentError> {
        let prompt = format!(
            "{} — attackers (e.g. \"A, B->Garruk\"; empty for none; \"default\"; \"help\")> ",
            Self::who(game, player)
        );
        self.declaration(&prompt, ATTACK_HELP)
    }

    fn blockers(&mut self, game: &Game, player: PlayerId) -> Result<Option<String>, AgentError> {
        let prompt = format!(
            "{} — blockers (e.g. \"X=A, Y=A\"; empty for none; \"default\"; \"help\")> ",
            Self::who(game, player)
        );
        self.declaration(&prompt, BLOCK_HELP)
    }

    fn discard(
        &mut self,
        game: &Game,
        player: PlayerId,
        count: usize,
    ) -> Result<Option<Vec<ObjectId>>, AgentError> {
        let hand = game
            .player(player)
            .map(|p| p.hand.clone())
            .unwrap_or_default();
        let names: Vec<String> = hand
            .iter()
            .filter_map(|id| game.object(*id))
            .map(|o| o.label.clone())
            .collect();
        self.say(&format!("hand: {}", names.join(", ")));
        let a = self.ask(&format!(
            "{} — discard {count} (comma-separated)> ",
            Self::who(game, player)
        ))?;
        let ids = a
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .filter_map(|n| {
                hand.iter()
                    .copied()
                    .find(|id| game.object(*id).is_some_and(|o| o.label == n))
            })
            .collect();
        Ok(Some(ids))
    }

    fn order_triggers(
        &mut self,
        game: &Game,
        player: PlayerId,
        abilities: &[String],
    ) -> Result<Option<Vec<usize>>, AgentError> {
        for (i, a) in abilities.iter().enumerate() {
            self.say(&format!("  {}: {a}", i + 1));
        }
        let a = self.ask(&format!("{} — order your triggered abilities, first on the stack first (e.g. \"2, 1\"; empty keeps this order)> ", Self::who(game, player)))?;
        if a.is_empty() {
            return Ok(None);
        }
        Ok(Some(
            a.split(',')
                .filter_map(|n| n.trim().parse::<usize>().ok())
                .map(|n| n.saturating_sub(1))
                .collect(),
        ))
    }

    fn choose(
        &mut self,
        game: &Game,
        player: PlayerId,
        source: &str,
        question: &str,
        options: &[Choice],
    ) -> Result<Option<Choice>, AgentError> {
        for (i, o) in options.iter().enumerate() {
            let name = match o {
                Choice::Object(id) => game.object(*id).map_or("?".into(), |o| o.label.clone()),
                Choice::Player(p) => game.player(*p).map_or("?".into(), |p| p.name.clone()),
                Choice::Nothing => "nothing".into(),
                Choice::Color(c) => c.name().into(),
                Choice::Flip { won: true } => "won".into(),
                Choice::Flip { won: false } => "lost".into(),
                Choice::Number(n) => format!("X = {n}"),
            };
            self.say(&format!("  {}: {name}", i + 1));
        }
        loop {
            let a = self.ask(&format!(
                "{} — {source}: choose {question} (a number; empty takes 1)> ",
                Self::who(game, player)
            ))?;
            if a.is_empty() {
                return Ok(None);
            }
            match a
                .parse::<usize>()
                .ok()
                .and_then(|n| options.get(n.wrapping_sub(1)))
            {
                Some(c) => return Ok(Some(*c)),
                None => self.say(&format!("answer a number from 1 to {}", options.len())),
            }
        }
    }

    fn bands(
        &mut self,
        game: &Game,
        player: PlayerId,
        attackers: &[ObjectId],
    ) -> Result<Option<Vec<Vec<ObjectId>>>, AgentError> {
        use crate::ability::Keyword;
        let banding = attackers.iter().any(|a| {
            game.keywords(*a)
                .iter()
                .any(|k| matches!(k, Keyword::Banding | Keyword::BandsWithOther(_)))
        });
        if !banding {
            return Ok(None);
        }
        loop {
            let a = self.ask(&format!(
                "{} — bands (308.2b), such as \"Benalish Hero + Hill Giant; ...\" (empty: none)> ",
                Self::who(game, player)
            ))?;
            if a.trim().is_empty() {
                return Ok(None);
            }
            let mut bands = Vec::new();
            let mut unknown = None;
            for band in a.split(';').filter(|b| !b.trim().is_empty()) {
                let mut ids = Vec::new();
                for name in band.split('+').map(str::trim) {
                    match attackers
                        .iter()
                        .find(|id| game.object(**id).is_some_and(|o| o.label == name))
                    {
                        Some(id) => ids.push(*id),
                        None => unknown = Some(name.to_string()),
                    }
                }
                bands.push(ids);
            }
            match unknown {
                Some(name) => self.say(&format!("\"{name}\" is not an attacking creature")),
                None => return Ok(Some(bands)),
            }
        }
    }

    fn choose_ability_modes(
        &mut self,
        game: &Game,
        player: PlayerId,
        source: ObjectId,
        ability: &str,
        min: u32,
        max: u32,
        legal: &[usize],
    ) -> Result<Option<Vec<usize>>, AgentError> {
        let label = game
            .object_or_last_known(source)
            .map_or("?".to_string(), |o| o.label.clone());
        let listed: Vec<String> = legal.iter().map(|m| (m + 1).to_string()).collect();
        let how = if min == max {
            format!("{min}")
        } else {
            format!("{min} to {max}")
        };
        loop {
            let a = self.ask(&format!(
                "{} — {label}: \"{ability}\": choose {how} of modes {} (numbers; empty takes the first)> ",
                Self::who(game, player),
                listed.join(", ")
            ))?;
            if a.is_empty() {
                return Ok(None);
            }
            match super::agent::mode_list(&a) {
                Some(m) => return Ok(Some(m)),
                None => self.say("answer mode numbers, such as \"2\" or \"1, 3\""),
            }
        }
    }

    fn choose_word(
        &mut self,
        game: &Game,
        player: PlayerId,
        source: &str,
        question: &str,
        options: &[String],
    ) -> Result<Option<String>, AgentError> {
        let first = options.first().cloned().unwrap_or_default();
        let a = self.ask(&format!(
            "{} — {source}: name {question} (empty takes {first})> ",
            Self::who(game, player)
        ))?;
        Ok((!a.is_empty()).then_some(a))
    }

    fn rejected(&mut self, _: &Game, _: PlayerId, rule: &str, why: &str) -> Result<(), AgentError> {
        self.say(&format!("refused [{rule}]: {why}"));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::SourceFile;
    use crate::engine::Engine;
    use crate::scenario::Scenario;

    /// Plays a scenario with `answers` typed at the terminal (then empty lines: defaults),
    /// returning the final game and everything shown.
    fn play(scenario: &str, answers: &str) -> (Game, String) {
        let s = Scenario::parse(SourceFile::new("t.toml", scenario)).unwrap();
        let input = answers.to_string() + &"\n".repeat(40);
        let mut out = Vec::new();
        let mut agent = Interactive::new(std::io::Cursor::new(input), &mut out);
        let (game, _) = Engine::new(s.game, &mut agent).run().unwrap();
        (game, String::from_utf8(out).unwrap())
    }

    #[test]
    fn a_refused_answer_is_explained_and_asked_again() {
        // Alice first names a player as Giant Growth's target (refused, 409.1c), then the Bears.
        let (game, shown) = play(
            r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Giant Growth"]
[[player]]
name = "Bob"
[[permanent]]
card = "Forest"
controller = "Alice"
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
"#,
            "cast Giant Growth -> Bob\ncast Giant Growth -> Grizzly Bears\n",
        );
        assert!(shown.contains("refused [409.1c]"), "{shown}");
        assert!(
            shown.contains("Alice, precombat main phase of turn 1 — priority>"),
            "{shown}"
        );
        let growth = game.object_labelled("Giant Growth").unwrap();
        assert_eq!(growth.zone, Zone::Graveyard);
        assert!(game.events.iter().any(|e| {
            e.text(game.rules)
                .contains("Giant Growth: Grizzly Bears gets +3/+3")
        }));
    }

    #[test]
    fn a_land_is_played_at_the_terminal() {
        // A second land the same turn is refused (212.6c) and asked again.
        let (game, shown) = play(
            r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Forest", { card = "Island", label = "Island" }]
[[player]]
name = "Bob"
"#,
            "land Forest\nland Island\npass\n",
        );
        assert!(shown.contains("refused [212.6c]"), "{shown}");
        assert_eq!(game.object_labelled("Forest").unwrap().zone, Zone::InPlay);
        assert_eq!(game.object_labelled("Island").unwrap().zone, Zone::Hand);
    }

    #[test]
    fn help_at_a_declaration_prompt_explains_and_asks_again() {
        let input = "help\nGrizzly Bears\n";
        let mut out = Vec::new();
        let mut agent = Interactive::new(std::io::Cursor::new(input), &mut out);
        let s = Scenario::parse(SourceFile::new(
            "t.toml",
            "[turn]\nactive = \"Alice\"\nstep = \"declare-attackers\"\n[[player]]\nname = \"Alice\"\n[[player]]\nname = \"Bob\"\n[[permanent]]\ncard = \"Grizzly Bears\"\ncontroller = \"Alice\"\n",
        ))
        .unwrap();
        let alice = s.game.players[0].id;
        let answer = agent.attackers(&s.game, alice).unwrap();
        assert_eq!(answer.as_deref(), Some("Grizzly Bears"));
        let shown = String::from_utf8(out).unwrap();
        assert!(shown.contains(ATTACK_HELP), "{shown}");
        assert_eq!(shown.matches("attackers (e.g.").count(), 2, "{shown}");
    }

    #[test]
    fn a_choice_out_of_range_is_asked_again() {
        // Attack; both players pass with the trigger on the stack; as it resolves Alice answers
        // 7 (refused), then 2: put nothing into play.
        let (game, shown) = play(
            r#"
[turn]
active = "Alice"
step = "declare-attackers"
[[player]]
name = "Alice"
hand = ["Eager Cadet"]
[[player]]
name = "Bob"
[[permanent]]
card = "Preeminent Captain"
controller = "Alice"
"#,
            "Preeminent Captain\n\n\n7\n2\n",
        );
        assert!(shown.contains("  1: Eager Cadet\n  2: nothing"), "{shown}");
        assert!(shown.contains("answer a number from 1 to 2"), "{shown}");
        let cadet = game.object_labelled("Eager Cadet").unwrap();
        assert_eq!(cadet.zone, Zone::Hand);
    }
}
