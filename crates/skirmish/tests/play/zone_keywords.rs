//! Keywords of upkeeps and of playing cards from other zones: cumulative upkeep (502.13), echo
//! (502.19), dash (current 702.109), unearth (502.84), madness (502.24), suspend (502.59),
//! rebound (current 702.88), retrace (502.81), jump-start (current 702.133), typecycling
//! (502.18d). Played through the engine over several turns: what they do, and how an illegal use
//! is refused with the rule it breaks, changing nothing (422).

use crate::common;

use common::{log, scenario};
use skirmish::ability::Keyword;
use skirmish::engine::{Agent, AgentError, Choice, Engine, PriorityAction, run_scenario};
use skirmish::model::{CastOption, Game, ObjectId, PlayerId, Step, TargetRef, Zone};

/// An action chosen from the game as priority comes (object ids change with every zone change).
type Act = Box<dyn Fn(&Game) -> PriorityAction>;

/// Plays the first player's actions, each at the first priority of its turn and step with the
/// stack empty (what came before has resolved); answers
/// every "you may" with `answer` (or the default); keeps the game going until `until` turns
/// are over. Refusals are recorded with their rule and whether the game was left unchanged.
struct Driver {
    actions: Vec<(u32, Step, Act)>,
    answer: Option<Choice>,
    /// Answers to give first, in order, before `answer`.
    answers: Vec<Choice>,
    /// The target to choose as a spell or ability asks: a player's name or a label.
    target: Option<String>,
    /// The first player's attack declaration in one turn.
    attack: Option<(u32, String)>,
    until: u32,
    turn: u32,
    before: Option<Game>,
    refused: Vec<(String, bool)>,
}

impl Driver {
    fn new(until: u32, actions: Vec<(u32, Step, Act)>) -> Self {
        Driver {
            actions,
            answer: None,
            answers: Vec::new(),
            target: None,
            attack: None,
            until,
            turn: 0,
            before: None,
            refused: Vec::new(),
        }
    }

    fn declining(mut self) -> Self {
        self.answer = Some(Choice::Nothing);
        self
    }

    fn attacking(mut self, turn: u32, declaration: &str) -> Self {
        self.attack = Some((turn, declaration.to_string()));
        self
    }

    fn answering(mut self, answers: Vec<Choice>) -> Self {
        self.answers = answers;
        self
    }

    fn targeting(mut self, name: &str) -> Self {
        self.target = Some(name.to_string());
        self
    }
}

impl Agent for Driver {
    fn priority(&mut self, game: &Game, player: PlayerId) -> Result<PriorityAction, AgentError> {
        self.turn = game.turn.number;
        let due = self
            .actions
            .first()
            .is_some_and(|(t, s, _)| *t == game.turn.number && *s == game.turn.step)
            && game.stack_ids().is_empty();
        if player != PlayerId(0) || !due {
            return Ok(PriorityAction::Pass);
        }
        let (_, _, next) = self.actions.remove(0);
        self.before = Some(game.clone());
        Ok(next(game))
    }
    fn attackers(&mut self, game: &Game, player: PlayerId) -> Result<Option<String>, AgentError> {
        Ok(self
            .attack
            .clone()
            .filter(|(turn, _)| player == PlayerId(0) && *turn == game.turn.number)
            .map(|(_, d)| d))
    }
    fn choose_target(
        &mut self,
        game: &Game,
        _: PlayerId,
        _: ObjectId,
        _: &str,
        candidates: &[TargetRef],
    ) -> Result<Option<TargetRef>, AgentError> {
        let Some(name) = &self.target else {
            return Ok(None);
        };
        Ok(candidates.iter().copied().find(|t| match t {
            TargetRef::Player(p) => game.player(*p).is_some_and(|p| &p.name == name),
            TargetRef::Object(o) => game.object(*o).is_some_and(|o| &o.label == name),
        }))
    }
    fn choose(
        &mut self,
        _: &Game,
        _: PlayerId,
        _: &str,
        _: &str,
        _: &[Choice],
    ) -> Result<Option<Choice>, AgentError> {
        if !self.answers.is_empty() {
            return Ok(Some(self.answers.remove(0)));
        }
        Ok(self.answer)
    }
    fn rejected(
        &mut self,
        game: &Game,
        _: PlayerId,
        rule: &str,
        _: &str,
    ) -> Result<(), AgentError> {
        let unchanged = self.before.as_ref() == Some(game);
        self.refused.push((rule.to_string(), unchanged));
        Ok(())
    }
    fn wants_more(&self) -> bool {
        self.turn < self.until
    }
}

fn id(game: &Game, label: &str) -> ObjectId {
    game.object_labelled(label)
        .unwrap_or_else(|| panic!("no {label}"))
        .id
}

fn count(game: &Game, needle: &str) -> usize {
    log(game).iter().filter(|e| e.contains(needle)).count()
}

fn cast(label: &'static str) -> Act {
    cast_with(label, &[])
}

fn cast_with(label: &'static str, with: &'static [CastOption]) -> Act {
    Box::new(move |g: &Game| PriorityAction::Cast {
        card: id(g, label),
        targets: Vec::new(),
        with: with.to_vec(),
        convoke: Vec::new(),
        delve: Vec::new(),
        improvise: Vec::new(),
        x: 0,
    })
}

fn lands(card: &str, n: usize, controller: &str) -> String {
    (1..=n)
        .map(|i| {
            format!(
                "[[permanent]]\ncard = \"{card}\"\ncontroller = \"{controller}\"\nlabel = \"{card} {i}\"\n"
            )
        })
        .collect()
}

/// Alice's upkeep, with a library for each player so nobody draws from an empty one.
const UPKEEP: &str = r#"
[turn]
active = "Alice"
step = "upkeep"
[[player]]
name = "Alice"
library = ["Plains", "Plains", "Plains", "Plains"]
[[player]]
name = "Bob"
library = ["Plains", "Plains", "Plains", "Plains"]
"#;

fn age(game: &Game, label: &str) -> u32 {
    game.object_labelled(label)
        .map_or(0, |o| o.counter_count("age"))
}

#[test]
fn cumulative_upkeep_adds_an_age_counter_then_asks_the_cost_for_each() {
    // 502.13a: one age counter becomes two, and {U} is asked twice: {U}{U}.
    let s = scenario(&format!(
        "{UPKEEP}[[permanent]]\ncard = \"Illusionary Forces\"\ncontroller = \"Alice\"\ncounters = {{ age = 1 }}\n{}",
        lands("Island", 3, "Alice")
    ));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    let forces = game.object_labelled("Illusionary Forces").unwrap();
    assert_eq!(forces.zone, Zone::InPlay, "{:#?}", log(&game));
    assert_eq!(age(&game, "Illusionary Forces"), 2);
    assert_eq!(
        game.in_play().filter(|o| o.tapped()).count(),
        2,
        "{:#?}",
        log(&game)
    );
    assert_eq!(count(&game, "[502.13a] Alice pays {U}{U}"), 1);
}

#[test]
fn cumulative_upkeep_that_cant_be_paid_in_full_sacrifices_the_permanent() {
    // 502.13a: two age counters ask {U}{U}; one Island can't pay part of it (409.1h).
    let s = scenario(&format!(
        "{UPKEEP}[[permanent]]\ncard = \"Illusionary Forces\"\ncontroller = \"Alice\"\ncounters = {{ age = 1 }}\n{}",
        lands("Island", 1, "Alice")
    ));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    let forces = game.object_labelled("Illusionary Forces").unwrap();
    assert_eq!(forces.zone, Zone::Graveyard, "{:#?}", log(&game));
    assert!(
        game.in_play().all(|o| !o.tapped()),
        "nothing is paid in part"
    );
    assert_eq!(count(&game, "[501.6] Illusionary Forces is sacrificed"), 1);
}

#[test]
fn cumulative_upkeep_declined_sacrifices_the_permanent_and_pays_nothing() {
    let s = scenario(&format!(
        "{UPKEEP}[[permanent]]\ncard = \"Illusionary Forces\"\ncontroller = \"Alice\"\n{}",
        lands("Island", 3, "Alice")
    ));
    let mut agent = Driver::new(1, Vec::new()).declining();
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert_eq!(
        game.object_labelled("Illusionary Forces").unwrap().zone,
        Zone::Graveyard
    );
    assert!(game.in_play().all(|o| !o.tapped()));
}

#[test]
fn each_cumulative_upkeep_counts_every_age_counter() {
    // 502.13b's example: two instances of "Pay 1 life" and no counters: the first adds a
    // counter and asks 1 life, the second adds another and asks 2 life.
    let s = scenario(&format!(
        "{UPKEEP}[[card]]\nname = \"Twice Aged\"\ncost = \"{{3}}\"\ntype = \"Artifact\"\ntext = \"\"\"\nCumulative upkeep—Pay 1 life.\nCumulative upkeep—Pay 1 life.\"\"\"\n[[permanent]]\ncard = \"Twice Aged\"\ncontroller = \"Alice\"\n"
    ));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(age(&game, "Twice Aged"), 2);
    assert_eq!(game.players[0].life, 17, "{:#?}", log(&game));
}

#[test]
fn a_choice_of_mana_is_made_for_each_age_counter() {
    // 502.13a: "{R} or {G}" with two age counters may be paid {R}{G}.
    let s = scenario(&format!(
        "{UPKEEP}[[card]]\nname = \"Earthen Goo\"\ncost = \"{{2}}\"\ntype = \"Creature — Ooze\"\npt = \"2/2\"\ntext = \"\"\"\nTrample\nCumulative upkeep {{R}} or {{G}}\"\"\"\n[[permanent]]\ncard = \"Earthen Goo\"\ncontroller = \"Alice\"\ncounters = {{ age = 1 }}\n{}{}",
        lands("Mountain", 1, "Alice"),
        lands("Forest", 1, "Alice")
    ));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.object_labelled("Earthen Goo").unwrap().zone,
        Zone::InPlay,
        "{:#?}",
        log(&game)
    );
    assert_eq!(game.in_play().filter(|o| o.tapped()).count(), 2);
}

#[test]
fn sacrificing_for_cumulative_upkeep_never_uses_one_land_twice() {
    // 502.13a's second example: two age counters ask two different lands.
    let base = format!(
        "{UPKEEP}[[card]]\nname = \"Polar Kraken\"\ncost = \"{{8}}{{U}}{{U}}{{U}}\"\ntype = \"Creature — Kraken\"\npt = \"11/11\"\ntext = \"\"\"\nTrample\nPolar Kraken enters the battlefield tapped.\nCumulative upkeep—Sacrifice a land.\"\"\"\n[[permanent]]\ncard = \"Polar Kraken\"\ncontroller = \"Alice\"\ncounters = {{ age = 1 }}\n"
    );
    let s = scenario(&format!("{base}{}", lands("Island", 2, "Alice")));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.object_labelled("Polar Kraken").unwrap().zone,
        Zone::InPlay
    );
    assert_eq!(game.players[0].graveyard.len(), 2, "{:#?}", log(&game));
    let s = scenario(&format!("{base}{}", lands("Island", 1, "Alice")));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.object_labelled("Polar Kraken").unwrap().zone,
        Zone::Graveyard
    );
    assert_eq!(game.object_labelled("Island 1").unwrap().zone, Zone::InPlay);
}

/// Alice's first main phase with Goblin Patrol in hand and Mountains to pay for it twice.
const PATROL: &str = r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Goblin Patrol"]
library = ["Plains", "Plains", "Plains", "Plains"]
[[player]]
name = "Bob"
library = ["Plains", "Plains", "Plains", "Plains"]
"#;

#[test]
fn echo_is_paid_in_the_first_upkeep_only() {
    // 502.19a: cast in turn 1, the echo triggers in Alice's next upkeep (turn 3), not again in
    // turn 5.
    let s = scenario(&format!("{PATROL}{}", lands("Mountain", 1, "Alice")));
    let mut agent = Driver::new(5, vec![(1, Step::PrecombatMain, cast("Goblin Patrol"))]);
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert!(agent.refused.is_empty(), "{:?}", agent.refused);
    assert_eq!(
        game.object_labelled("Goblin Patrol").unwrap().zone,
        Zone::InPlay,
        "{:#?}",
        log(&game)
    );
    assert_eq!(
        count(&game, "echo {R} (502.19a)"),
        2,
        "triggered once, resolved once"
    );
    assert_eq!(count(&game, "[502.19a] Alice pays {R}"), 1);
}

#[test]
fn echo_unpaid_sacrifices_the_permanent() {
    let s = scenario(&format!("{PATROL}{}", lands("Mountain", 1, "Alice")));
    let mut agent =
        Driver::new(3, vec![(1, Step::PrecombatMain, cast("Goblin Patrol"))]).declining();
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert_eq!(
        game.object_labelled("Goblin Patrol").unwrap().zone,
        Zone::Graveyard,
        "{:#?}",
        log(&game)
    );
    assert_eq!(
        count(&game, "[502.19a] Alice doesn't pay its echo cost {R}"),
        1
    );
}

#[test]
fn a_permanent_there_before_the_last_upkeep_has_no_echo_to_pay() {
    let s = scenario(&format!(
        "{UPKEEP}[[permanent]]\ncard = \"Goblin Patrol\"\ncontroller = \"Alice\"\n"
    ));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(count(&game, "502.19a"), 0);
    assert_eq!(
        game.object_labelled("Goblin Patrol").unwrap().zone,
        Zone::InPlay
    );
}

/// Alice's first main phase with two Mountains and a Swamp, and cards to play.
fn main_phase(hand: &str, graveyard: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = [{hand}]
graveyard = [{graveyard}]
library = ["Plains", "Plains", "Plains", "Plains"]
[[player]]
name = "Bob"
library = ["Plains", "Plains", "Plains", "Plains"]
{}{}"#,
        lands("Mountain", 2, "Alice"),
        lands("Swamp", 1, "Alice")
    )
}

#[test]
fn a_dashed_creature_attacks_at_once_and_returns_to_the_hand_at_the_end_step() {
    // Current 702.109a: {1}{R} rather than {R}{R}; haste; back to the hand at the beginning of
    // the next end step.
    let s = scenario(&main_phase("\"Mardu Scout\"", ""));
    let mut agent = Driver::new(
        1,
        vec![(
            1,
            Step::PrecombatMain,
            cast_with("Mardu Scout", &[CastOption::Dash]),
        )],
    )
    .attacking(1, "Mardu Scout");
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert!(agent.refused.is_empty(), "{:?}", agent.refused);
    assert_eq!(game.players[1].life, 17, "{:#?}", log(&game));
    assert_eq!(
        game.object_labelled("Mardu Scout").unwrap().zone,
        Zone::Hand,
        "{:#?}",
        log(&game)
    );
    // The Swamp paid the {1}: the dash cost, not {R}{R}.
    assert_eq!(
        count(
            &game,
            "[702.109a] Alice plays Mardu Scout, paying its dash cost {1}{R}"
        ),
        1
    );
    assert_eq!(
        count(&game, "Mardu Scout is returned to its owner's hand"),
        1
    );
}

#[test]
fn a_creature_cast_for_its_mana_cost_has_no_dash() {
    let s = scenario(&main_phase("\"Mardu Scout\"", ""));
    let mut agent = Driver::new(1, vec![(1, Step::PrecombatMain, cast("Mardu Scout"))]);
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let scout = game.object_labelled("Mardu Scout").unwrap();
    assert_eq!(scout.zone, Zone::InPlay);
    assert!(!game.has_keyword(scout.id, &Keyword::Haste));
    assert_eq!(count(&game, "702.109a"), 0);
}

#[test]
fn dash_is_refused_without_the_keyword_or_with_another_alternative_cost() {
    let s = scenario(&main_phase("\"Mardu Scout\", \"Goblin Patrol\"", ""));
    let mut agent = Driver::new(
        1,
        vec![
            (
                1,
                Step::PrecombatMain,
                cast_with("Goblin Patrol", &[CastOption::Dash]),
            ),
            (
                1,
                Step::PrecombatMain,
                cast_with("Mardu Scout", &[CastOption::Dash, CastOption::Evoke]),
            ),
        ],
    );
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let rules: Vec<&str> = agent.refused.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["702.109a", "409.1b"]);
    assert!(agent.refused.iter().all(|(_, unchanged)| *unchanged));
    assert_eq!(game.players[0].hand.len(), 2);
}

fn unearth(label: &'static str) -> Act {
    Box::new(move |g: &Game| PriorityAction::Unearth { card: id(g, label) })
}

#[test]
fn an_unearthed_creature_attacks_with_haste_and_is_removed_at_end_of_turn() {
    // 502.84a: {B} from the graveyard; haste; removed from the game at end of turn.
    let s = scenario(&main_phase("", "\"Dregscape Zombie\""));
    let mut agent = Driver::new(
        1,
        vec![(1, Step::PrecombatMain, unearth("Dregscape Zombie"))],
    )
    .attacking(1, "Dregscape Zombie");
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert!(agent.refused.is_empty(), "{:?}", agent.refused);
    assert_eq!(game.players[1].life, 18, "{:#?}", log(&game));
    assert_eq!(
        game.object_labelled("Dregscape Zombie").unwrap().zone,
        Zone::RemovedFromGame,
        "{:#?}",
        log(&game)
    );
    assert_eq!(count(&game, "Dregscape Zombie is removed from the game"), 1);
}

#[test]
fn an_unearthed_creature_that_would_die_is_removed_from_the_game_instead() {
    let s = scenario(&main_phase("\"Shock\"", "\"Dregscape Zombie\""));
    let shock: Act = Box::new(|g: &Game| PriorityAction::Cast {
        card: id(g, "Shock"),
        targets: vec![skirmish::model::TargetRef::Object(id(
            g,
            "Dregscape Zombie",
        ))],
        with: Vec::new(),
        convoke: Vec::new(),
        delve: Vec::new(),
        improvise: Vec::new(),
        x: 0,
    });
    let mut agent = Driver::new(
        1,
        vec![
            (1, Step::PrecombatMain, unearth("Dregscape Zombie")),
            (1, Step::PrecombatMain, shock),
        ],
    );
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert!(agent.refused.is_empty(), "{:?}", agent.refused);
    assert_eq!(
        game.object_labelled("Dregscape Zombie").unwrap().zone,
        Zone::RemovedFromGame
    );
    assert_eq!(
        count(
            &game,
            "[502.84a] Dregscape Zombie was returned to play by unearth"
        ),
        1
    );
    assert_eq!(game.players[0].graveyard.len(), 1, "only Shock");
}

#[test]
fn unearth_is_refused_outside_the_graveyard_at_instant_speed_and_without_the_keyword() {
    let s = scenario(&main_phase(
        "{ card = \"Dregscape Zombie\", label = \"Held Zombie\" }",
        "\"Dregscape Zombie\", \"Goblin Patrol\"",
    ));
    let mut agent = Driver::new(
        1,
        vec![
            (1, Step::PrecombatMain, unearth("Held Zombie")),
            (1, Step::PrecombatMain, unearth("Goblin Patrol")),
            (1, Step::BeginningOfCombat, unearth("Dregscape Zombie")),
        ],
    );
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let rules: Vec<&str> = agent.refused.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["502.84a", "502.84a", "502.84a"]);
    assert!(agent.refused.iter().all(|(_, unchanged)| *unchanged));
    assert_eq!(
        game.object_labelled("Dregscape Zombie").unwrap().zone,
        Zone::Graveyard
    );
}

/// Alice's cleanup step with eight cards in hand: the last listed is discarded by default.
fn cleanup(last: &str, lands: &str) -> String {
    format!(
        r#"
[turn]
active = "Alice"
step = "cleanup"
[[player]]
name = "Alice"
hand = ["Plains", "Plains", "Plains", "Plains", "Plains", "Plains", "Plains", "{last}"]
library = ["Plains", "Plains", "Plains", "Plains"]
[[player]]
name = "Bob"
library = ["Plains", "Plains", "Plains", "Plains"]
[[permanent]]
card = "Grizzly Bears"
controller = "Bob"
{lands}"#
    )
}

#[test]
fn a_madness_card_discarded_in_cleanup_is_played_for_its_madness_cost() {
    // 502.24a: removed from the game instead of the graveyard, then played for {2}{G} from
    // there in the cleanup step (314.3), not for its mana cost {3}{G}{G}.
    let s = scenario(&cleanup("Arrogant Wurm", &lands("Forest", 3, "Alice")));
    let mut agent = Driver::new(1, Vec::new());
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert!(agent.refused.is_empty(), "{:?}", agent.refused);
    assert_eq!(
        game.object_labelled("Arrogant Wurm").unwrap().zone,
        Zone::InPlay,
        "{:#?}",
        log(&game)
    );
    assert_eq!(game.in_play().filter(|o| o.tapped()).count(), 3);
    assert_eq!(
        count(
            &game,
            "Arrogant Wurm is discarded and removed from the game instead"
        ),
        1
    );
    assert_eq!(
        count(
            &game,
            "[502.24a] Alice plays Arrogant Wurm by its madness ability, paying {2}{G}"
        ),
        1
    );
}

#[test]
fn a_madness_card_not_played_goes_to_the_graveyard() {
    // Removed from the game, then not played: its owner puts it into the graveyard.
    let s = scenario(&cleanup("Arrogant Wurm", &lands("Forest", 3, "Alice")));
    let mut agent =
        Driver::new(1, Vec::new()).answering(vec![Choice::Object(ObjectId(0)), Choice::Nothing]);
    // The first answer must name the card itself: find its id as the game will have it.
    let wurm = id(&s.game, "Arrogant Wurm");
    agent.answers[0] = Choice::Object(wurm);
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert_eq!(
        game.object_labelled("Arrogant Wurm").unwrap().zone,
        Zone::Graveyard,
        "{:#?}",
        log(&game)
    );
    assert_eq!(count(&game, "isn't played for its madness cost"), 1);
    assert!(game.in_play().all(|o| !o.tapped()));
}

#[test]
fn a_madness_card_that_cant_be_paid_for_goes_to_the_graveyard() {
    let s = scenario(&cleanup("Arrogant Wurm", &lands("Forest", 2, "Alice")));
    let (game, _) = run_scenario(&s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.object_labelled("Arrogant Wurm").unwrap().zone,
        Zone::Graveyard
    );
    assert_eq!(count(&game, "Arrogant Wurm can't be played: [409.1h]"), 1);
}

#[test]
fn a_madness_instant_chooses_its_target_as_it_is_played() {
    let card = "[[card]]\nname = \"Fiery Temper\"\ncost = \"{1}{R}{R}\"\ntype = \"Instant\"\ntext = \"\"\"\nFiery Temper deals 3 damage to target creature or player.\nMadness {R}\"\"\"\n";
    let s = scenario(&format!(
        "{}{card}",
        cleanup("Fiery Temper", &lands("Mountain", 1, "Alice"))
    ));
    let mut agent = Driver::new(1, Vec::new()).targeting("Bob");
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert_eq!(game.players[1].life, 17, "{:#?}", log(&game));
    assert_eq!(
        game.object_labelled("Fiery Temper").unwrap().zone,
        Zone::Graveyard
    );
}

#[test]
fn madness_isnt_a_way_to_play_a_card_with_priority() {
    let s = scenario(&main_phase("\"Arrogant Wurm\"", ""));
    let mut agent = Driver::new(
        1,
        vec![(
            1,
            Step::PrecombatMain,
            cast_with("Arrogant Wurm", &[CastOption::Madness]),
        )],
    );
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let rules: Vec<&str> = agent.refused.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["409.1b"]);
    assert_eq!(
        game.object_labelled("Arrogant Wurm").unwrap().zone,
        Zone::Hand
    );
}

fn suspend(label: &'static str) -> Act {
    Box::new(move |g: &Game| PriorityAction::Suspend { card: id(g, label) })
}

#[test]
fn a_suspended_card_is_played_without_its_mana_cost_when_the_last_counter_goes() {
    // 502.59a: {R} and one time counter in turn 1; in Alice's next upkeep (turn 3) the counter
    // goes and Rift Bolt is played for free.
    let s = scenario(&main_phase("\"Rift Bolt\"", ""));
    let mut agent =
        Driver::new(3, vec![(1, Step::PrecombatMain, suspend("Rift Bolt"))]).targeting("Bob");
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert!(agent.refused.is_empty(), "{:?}", agent.refused);
    assert_eq!(game.players[1].life, 17, "{:#?}", log(&game));
    assert_eq!(
        count(
            &game,
            "Alice suspends Rift Bolt, paying {R}: it is removed from the game with 1 time counter(s)"
        ),
        1
    );
    assert_eq!(
        count(&game, "a time counter is removed from Rift Bolt (0 left)"),
        1
    );
    assert_eq!(
        count(
            &game,
            "Alice plays Rift Bolt by its suspend ability without paying its mana cost"
        ),
        1
    );
    assert_eq!(
        game.object_labelled("Rift Bolt").unwrap().zone,
        Zone::Graveyard
    );
}

#[test]
fn a_creature_played_by_suspend_has_haste() {
    let card = "[[card]]\nname = \"Knight of Sursi\"\ncost = \"{3}{W}\"\ntype = \"Creature — Human Knight\"\npt = \"2/2\"\ntext = \"\"\"\nFlying, flanking\nSuspend 3—{W}\"\"\"\n";
    let s = scenario(&format!(
        "{}{card}{}",
        main_phase("\"Knight of Sursi\"", ""),
        lands("Plains", 1, "Alice")
    ));
    let mut agent = Driver::new(
        7,
        vec![(1, Step::PrecombatMain, suspend("Knight of Sursi"))],
    )
    .attacking(7, "Knight of Sursi");
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert!(agent.refused.is_empty(), "{:?}", agent.refused);
    let knight = game.object_labelled("Knight of Sursi").unwrap();
    assert_eq!(knight.zone, Zone::InPlay, "{:#?}", log(&game));
    assert!(game.has_keyword(knight.id, &Keyword::Haste));
    assert_eq!(game.players[1].life, 18, "it attacked the turn it came");
    assert_eq!(
        count(&game, "a time counter is removed from Knight of Sursi"),
        3
    );
}

#[test]
fn suspend_is_refused_outside_the_hand_and_when_the_card_couldnt_be_played() {
    let s = scenario(&main_phase(
        "\"Rift Bolt\", \"Goblin Patrol\"",
        "{ card = \"Rift Bolt\", label = \"Old Bolt\" }",
    ));
    let mut agent = Driver::new(
        1,
        vec![
            (1, Step::PrecombatMain, suspend("Old Bolt")),
            (1, Step::PrecombatMain, suspend("Goblin Patrol")),
            // A sorcery can't be played in combat, so it can't be suspended then.
            (1, Step::BeginningOfCombat, suspend("Rift Bolt")),
        ],
    );
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let rules: Vec<&str> = agent.refused.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["502.59a", "502.59a", "502.59a"]);
    assert!(agent.refused.iter().all(|(_, unchanged)| *unchanged));
    assert_eq!(game.object_labelled("Rift Bolt").unwrap().zone, Zone::Hand);
}

#[test]
fn a_rebound_spell_is_cast_again_at_the_next_upkeep() {
    // Current 702.88a: cast from the hand, it is exiled as it resolves; in Alice's next upkeep
    // she casts it again for free, and then it goes to the graveyard.
    let s = scenario(&main_phase("\"Staggershock\"", ""));
    let shock: Act = Box::new(|g: &Game| PriorityAction::Cast {
        card: id(g, "Staggershock"),
        targets: vec![TargetRef::Player(PlayerId(1))],
        with: Vec::new(),
        convoke: Vec::new(),
        delve: Vec::new(),
        improvise: Vec::new(),
        x: 0,
    });
    let mut agent = Driver::new(3, vec![(1, Step::PrecombatMain, shock)]).targeting("Bob");
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert!(agent.refused.is_empty(), "{:?}", agent.refused);
    assert_eq!(game.players[1].life, 16, "{:#?}", log(&game));
    assert_eq!(
        count(
            &game,
            "[702.88a] Staggershock was cast from its owner's hand"
        ),
        1
    );
    assert_eq!(
        game.object_labelled("Staggershock").unwrap().zone,
        Zone::Graveyard
    );
}

#[test]
fn a_rebound_spell_declined_stays_removed_from_the_game() {
    let s = scenario(&main_phase("\"Staggershock\"", ""));
    let shock: Act = Box::new(|g: &Game| PriorityAction::Cast {
        card: id(g, "Staggershock"),
        targets: vec![TargetRef::Player(PlayerId(1))],
        with: Vec::new(),
        convoke: Vec::new(),
        delve: Vec::new(),
        improvise: Vec::new(),
        x: 0,
    });
    let mut agent = Driver::new(3, vec![(1, Step::PrecombatMain, shock)]).declining();
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert_eq!(game.players[1].life, 18);
    assert_eq!(
        game.object_labelled("Staggershock").unwrap().zone,
        Zone::RemovedFromGame
    );
}

fn cast_at(label: &'static str, with: &'static [CastOption], target: Option<PlayerId>) -> Act {
    Box::new(move |g: &Game| PriorityAction::Cast {
        card: g
            .objects()
            .filter(|o| o.label == label)
            .min_by_key(|o| o.zone != Zone::Graveyard)
            .map(|o| o.id)
            .unwrap_or_else(|| panic!("no {label}")),
        targets: target.map(TargetRef::Player).into_iter().collect(),
        with: with.to_vec(),
        convoke: Vec::new(),
        delve: Vec::new(),
        improvise: Vec::new(),
        x: 0,
    })
}

#[test]
fn retrace_plays_a_card_from_the_graveyard_by_discarding_a_land() {
    // 502.81a: the mana cost {R} and a land card; Grizzly Bears, put into the hand later, is
    // no land and stays. Back in the graveyard, it can be played again only with another land.
    let s = scenario(&main_phase(
        "\"Forest\", \"Grizzly Bears\"",
        "\"Flame Jab\"",
    ));
    let jab = || cast_at("Flame Jab", &[CastOption::Retrace], Some(PlayerId(1)));
    let mut agent = Driver::new(
        1,
        vec![
            (1, Step::PrecombatMain, jab()),
            (1, Step::PrecombatMain, jab()),
        ],
    );
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let rules: Vec<&str> = agent.refused.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(
        rules,
        ["502.81a"],
        "the second time, no land is left to discard"
    );
    assert_eq!(game.players[1].life, 19, "{:#?}", log(&game));
    assert_eq!(
        game.object_labelled("Forest").unwrap().zone,
        Zone::Graveyard
    );
    assert_eq!(
        game.object_labelled("Grizzly Bears").unwrap().zone,
        Zone::Hand
    );
    assert_eq!(
        game.object_labelled("Flame Jab").unwrap().zone,
        Zone::Graveyard
    );
}

#[test]
fn retrace_is_refused_outside_the_graveyard_and_without_the_keyword() {
    let s = scenario(&main_phase(
        "\"Forest\", { card = \"Flame Jab\", label = \"Held Jab\" }",
        "\"Shock\"",
    ));
    let mut agent = Driver::new(
        1,
        vec![
            (
                1,
                Step::PrecombatMain,
                cast_at("Held Jab", &[CastOption::Retrace], Some(PlayerId(1))),
            ),
            (
                1,
                Step::PrecombatMain,
                cast_at("Shock", &[CastOption::Retrace], Some(PlayerId(1))),
            ),
        ],
    );
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let rules: Vec<&str> = agent.refused.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["502.81a", "502.81a"]);
    assert!(agent.refused.iter().all(|(_, unchanged)| *unchanged));
    assert_eq!(game.object_labelled("Forest").unwrap().zone, Zone::Hand);
}

#[test]
fn jump_start_discards_a_card_and_removes_the_spell_as_it_leaves_the_stack() {
    // Current 702.133a: {3}{U} and any card from the hand; resolved, it is removed from the
    // game instead of going to the graveyard.
    let s = scenario(&format!(
        "{}{}",
        main_phase("\"Grizzly Bears\"", "\"Chemister's Insight\""),
        lands("Island", 1, "Alice")
    ));
    let mut agent = Driver::new(
        1,
        vec![(
            1,
            Step::PrecombatMain,
            cast_at("Chemister's Insight", &[CastOption::JumpStart], None),
        )],
    );
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert!(agent.refused.is_empty(), "{:?}", agent.refused);
    assert_eq!(
        game.object_labelled("Chemister's Insight").unwrap().zone,
        Zone::RemovedFromGame,
        "{:#?}",
        log(&game)
    );
    assert_eq!(
        game.object_labelled("Grizzly Bears").unwrap().zone,
        Zone::Graveyard
    );
    assert_eq!(game.players[0].hand.len(), 2, "two cards drawn");
    assert_eq!(
        count(
            &game,
            "[702.133a] Chemister's Insight was played with jump-start"
        ),
        1
    );
}

#[test]
fn jump_start_needs_a_card_to_discard() {
    let s = scenario(&format!(
        "{}{}",
        main_phase("", "\"Chemister's Insight\""),
        lands("Island", 1, "Alice")
    ));
    let mut agent = Driver::new(
        1,
        vec![(
            1,
            Step::PrecombatMain,
            cast_at("Chemister's Insight", &[CastOption::JumpStart], None),
        )],
    );
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    let rules: Vec<&str> = agent.refused.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["702.133a"]);
    assert!(agent.refused.iter().all(|(_, unchanged)| *unchanged));
    assert!(game.in_play().all(|o| !o.tapped()));
}

const RECLUSE: &str = r#"
[turn]
active = "Alice"
step = "precombat-main"
[[player]]
name = "Alice"
hand = ["Pale Recluse"]
library = ["Plains", "Island", "Forest", "Island"]
[[player]]
name = "Bob"
library = ["Plains", "Plains", "Plains", "Plains"]
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 1"
[[permanent]]
card = "Swamp"
controller = "Alice"
label = "Swamp 2"
"#;

fn cycle(label: &'static str) -> Act {
    Box::new(move |g: &Game| PriorityAction::Cycle { card: id(g, label) })
}

#[test]
fn typecycling_finds_a_card_of_its_type_and_shuffles_the_library() {
    // 502.18d: {2} and the card discarded; the ability finds the Forest (not the Plains, which
    // comes first in the library) and the library is shuffled.
    let s = scenario(RECLUSE);
    let mut agent = Driver::new(1, vec![(1, Step::PrecombatMain, cycle("Pale Recluse"))]);
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert!(agent.refused.is_empty(), "{:?}", agent.refused);
    assert_eq!(
        game.object_labelled("Forest").unwrap().zone,
        Zone::Hand,
        "{:#?}",
        log(&game)
    );
    assert_eq!(
        game.object_labelled("Pale Recluse").unwrap().zone,
        Zone::Graveyard
    );
    assert_eq!(game.players[0].library.len(), 3);
    assert_eq!(count(&game, "[502.18d] Alice shuffles the library"), 1);
}

#[test]
fn a_typecycling_search_may_find_nothing() {
    let s = scenario(RECLUSE);
    let mut agent =
        Driver::new(1, vec![(1, Step::PrecombatMain, cycle("Pale Recluse"))]).declining();
    let (game, _) = Engine::new(s.game.clone(), &mut agent).run().unwrap();
    assert_eq!(game.players[0].library.len(), 4);
    assert!(game.players[0].hand.is_empty());
    assert_eq!(
        count(
            &game,
            "[502.18d] Alice searches the library and finds no Forest card"
        ),
        1
    );
}
