//! The `skirmish` command: files in, text or JSON out. All rules knowledge lives in the
//! `skirmish` library; this crate parses arguments, calls it and prints.

use clap::{Parser, Subcommand};
use skirmish::answers::{self, Asked, judge_error};
use skirmish::cards::Unmodelled;
use skirmish::cards::pool::CardPool;
use skirmish::cards::{CardLibrary, explain_text};
use skirmish::diagnostics::SourceFile;
use skirmish::legality::Budget;
use skirmish::legality::judge::{self, JudgeError};
use skirmish::scenario::{ASSUMING, LoadOptions, NotModelled, Scenario};
use skirmish::view::{BoardView, describe};
use skirmish::{ErrorKind, FileError};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Skirmish: the combat of Magic: The Gathering under the Comprehensive Rules of
/// February 1, 2009, decided exactly.
#[derive(Parser)]
#[command(name = "skirmish", version, about)]
struct Cli {
    /// Print JSON instead of text (errors too, on standard output).
    #[arg(long, global = true)]
    json: bool,
    /// A card file (Scryfall or MTGJSON JSON) whose cards scenarios may name without defining
    /// them; may be given more than once. Looked in after a scenario's own cards and its
    /// `card_pool`, before the bundled library.
    #[arg(long = "cards", global = true, value_name = "FILE")]
    card_files: Vec<PathBuf>,
    /// How card text the grammar doesn't know is taken: `strict` refuses the card, naming the
    /// sentence; `warn` leaves the line out, lists it as not modelled in every answer, and
    /// answers assuming it does not matter (a line about combat is refused all the same).
    #[arg(long, global = true, value_enum, default_value = "strict")]
    unmodelled: UnmodelledMode,
    /// The Comprehensive Rules to answer under, whatever the scenario file says: `2009` (the
    /// rules of February 1, 2009) or `current` (January 16, 2026); the dates work too.
    /// Without it, each file's `edition`, or 2009.
    #[arg(long, global = true, value_name = "EDITION", value_parser = parse_edition)]
    edition: Option<skirmish::Edition>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum UnmodelledMode {
    Strict,
    Warn,
}

/// How scenarios are loaded in this process (`--cards`, `--unmodelled`).
static LOAD: std::sync::OnceLock<LoadOptions> = std::sync::OnceLock::new();

thread_local! {
    /// Lines left out as not modelled in the scenarios loaded so far, for the note every
    /// answer carries.
    static NOT_MODELLED: std::cell::RefCell<Vec<NotModelled>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Loads a scenario as the command line says, noting the text it leaves out.
fn load(file: &Path) -> Result<Scenario, FileError> {
    let options = LOAD.get_or_init(LoadOptions::default);
    let scenario = Scenario::load_with(file, options)?;
    NOT_MODELLED.with(|n| {
        let mut n = n.borrow_mut();
        for m in &scenario.unmodelled {
            if !n.contains(m) {
                n.push(m.clone());
            }
        }
    });
    Ok(scenario)
}

/// Reads the card files `--cards` names.
fn load_options(cli: &Cli) -> Result<LoadOptions, FileError> {
    let pools = cli
        .card_files
        .iter()
        .map(|p| CardPool::load(p).map(std::sync::Arc::new))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(LoadOptions {
        pools,
        unmodelled: match cli.unmodelled {
            UnmodelledMode::Strict => Unmodelled::Strict,
            UnmodelledMode::Warn => Unmodelled::Warn,
        },
        edition: cli.edition,
        sandboxed: false,
    })
}

/// Text in the words of the edition `--edition` asks for (JSON is left as it is: its values are
/// data).
fn in_words(cli: &Cli, text: String) -> String {
    match cli.edition {
        Some(e) if !cli.json => e.rules().words(&text).into_owned(),
        _ => text,
    }
}

fn parse_edition(s: &str) -> Result<skirmish::Edition, String> {
    s.parse().map_err(|_| {
        let known: Vec<String> = skirmish::Edition::ALL
            .iter()
            .map(|e| format!("`{}` ({})", e.alias(), e.date()))
            .collect();
        format!("unknown rules edition `{s}`: use {}", known.join(" or "))
    })
}

/// An answer marked with the text it leaves out, if any: listed before a text answer, and as
/// `unmodelled` and `assuming` in a JSON object.
fn mark_unmodelled(text: String, json: bool) -> String {
    let left_out = NOT_MODELLED.with(|n| n.borrow().clone());
    if left_out.is_empty() {
        return text;
    }
    if json {
        return match serde_json::from_str(&text) {
            Ok(v @ serde_json::Value::Object(_)) => {
                to_json(&answers::mark_unmodelled(v, &left_out))
            }
            _ => text,
        };
    }
    let mut out = String::new();
    for m in &left_out {
        out.push_str(&format!("not modelled: {}: \"{}\"\n", m.card, m.line));
    }
    out.push_str(&format!("(answers below are {ASSUMING})\n\n"));
    out + &text
}

#[derive(Subcommand)]
enum Command {
    /// Print the board of a scenario file.
    Show {
        /// A scenario file (docs/scenario-format.md).
        file: PathBuf,
    },
    /// The legal attacks: the maximum number of requirements, an optimal declaration, the count.
    Attacks {
        file: PathBuf,
        /// Print the board's legality problem as a JSON document for `skirmish solve`
        /// (docs/legality.md, "The problem as JSON") instead of answering it.
        #[arg(long, conflicts_with_all = ["all", "budget"])]
        problem: bool,
        /// List every legal declaration.
        #[arg(long)]
        all: bool,
        /// Work budget in search steps; past it the answer is "undecided".
        #[arg(long, default_value_t = Budget::DEFAULT)]
        budget: u64,
    },
    /// The legal blocks against the scenario's attack, or against `--attack`.
    Blocks {
        file: PathBuf,
        /// The attack to block, e.g. "Crazed Goblin, Grizzly Bears->Garruk".
        #[arg(long)]
        attack: Option<String>,
        /// Whose blocks, when creatures attack several players (602.4).
        #[arg(long)]
        defender: Option<String>,
        /// Print the legality problem of these blocks as a JSON document for `skirmish solve`
        /// instead of answering it.
        #[arg(long, conflicts_with_all = ["all", "budget"])]
        problem: bool,
        #[arg(long)]
        all: bool,
        #[arg(long, default_value_t = Budget::DEFAULT)]
        budget: u64,
    },
    /// Whether a declaration is legal, and why. Exit code 0 legal, 1 illegal, 3 undecided.
    Check {
        file: PathBuf,
        /// An attack ("A, B->Garruk"); with --block, the attack being blocked.
        #[arg(long)]
        attack: Option<String>,
        /// A block ("X=A, Y=A").
        #[arg(long)]
        block: Option<String>,
        /// Whose blocks, when creatures attack several players and none block (602.4).
        #[arg(long)]
        defender: Option<String>,
        #[arg(long, default_value_t = Budget::DEFAULT)]
        budget: u64,
    },
    /// Answer a legality problem written as JSON (docs/legality.md, "The problem as JSON"):
    /// the maximum, an optimal declaration, the count, and a verdict on a declaration.
    /// Exit code as `attacks`/`blocks`, or with a declaration to check as `check`.
    Solve {
        /// A problem document; `-` reads standard input.
        file: PathBuf,
        /// A declaration to judge, in the problem's labels: "A, B->Label" for attacks,
        /// "X=A, Y=A" for blocks (or give "check" in the document, by index).
        #[arg(long)]
        check: Option<String>,
        /// List every legal declaration.
        #[arg(long)]
        all: bool,
        /// Work budget in search steps, for the answer and for the check each.
        #[arg(long, default_value_t = Budget::DEFAULT)]
        budget: u64,
    },
    /// Run a scenario: the rest of its turn (and more while its script goes on), as a log of
    /// events with rule numbers; then its expectations are checked.
    Run { file: PathBuf },
    /// Play a scenario at the terminal: every decision of every player is asked for.
    Play { file: PathBuf },
    /// Run scenario files (or every .toml under folders) and report pass or fail for each.
    Test {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// List the bundled card library, or show how named cards compile; with --pool, the cards
    /// of a card file (Scryfall or MTGJSON JSON) and how much of it Skirmish understands.
    Cards {
        /// Card names; none lists every card.
        names: Vec<String>,
        /// A card file in Scryfall's or MTGJSON's AtomicCards JSON shape.
        #[arg(long)]
        pool: Option<PathBuf>,
        /// With --pool: report how much of the pool compiles (docs/cli.md defines the figures).
        #[arg(long, requires = "pool")]
        coverage: bool,
        /// With --coverage: how many of the most frequent rejected sentences to list.
        #[arg(long, default_value_t = 25, requires = "coverage")]
        top: usize,
        /// With --coverage: measure the two halves of the pool (split by a hash of each card's
        /// name) side by side, listing refused sentences from the first half only.
        #[arg(long, requires = "coverage")]
        split: bool,
    },
    /// Serve the web page and its JSON API (docs/web.md) on a local port until stopped; the
    /// card files of --cards are offered to every scenario, and no other file is read.
    Serve {
        /// The port; 0 picks a free one (the address is printed).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on; the default answers this machine only.
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        /// The largest request body, in bytes.
        #[arg(long, default_value_t = skirmish_web::Limits::default().max_body)]
        max_body: usize,
        /// The largest work budget a request may ask for (search steps).
        #[arg(long, default_value_t = Budget::DEFAULT)]
        max_budget: u64,
        /// Seconds one answer may take before its request is answered 503.
        #[arg(long, default_value_t = 20)]
        time_limit: u64,
    },
}

/// Exit code for bad input: a file, card or argument Skirmish can't accept.
const BAD_INPUT: u8 = 2;

/// Exit code when standard output was closed before the answer was written (`skirmish cards |
/// head`): the status a shell reports for a process ended by SIGPIPE (128 + 13), without the
/// panic `print!` would end in.
const CLOSED_PIPE: u8 = 141;

/// Writes an answer to standard output; an error (a closed pipe) is returned, never a panic.
fn write_out(text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return argument_error(e),
    };
    let options = match load_options(&cli) {
        Ok(o) => o,
        Err(e) => return report(Err(e), cli.json),
    };
    let _ = LOAD.set(options);
    let result = match &cli.command {
        Command::Show { file } => show(file, cli.json).map(|t| (t, 0)),
        // Card text is read in either edition's wording; the explanation is printed in the
        // words of the edition asked for.
        Command::Cards {
            names, pool: None, ..
        } => cards(names, cli.json).map(|t| (in_words(&cli, t), 0)),
        Command::Cards {
            names,
            pool: Some(pool),
            coverage,
            top,
            split,
        } => pool_cards(pool, names, (*coverage).then_some(*split), *top, cli.json)
            .map(|t| (in_words(&cli, t), 0)),
        Command::Run { file } => run(file, cli.json),
        Command::Serve {
            port,
            bind,
            max_body,
            max_budget,
            time_limit,
        } => {
            let limits = skirmish_web::Limits {
                max_body: *max_body,
                max_budget: *max_budget,
                time_limit: std::time::Duration::from_secs(*time_limit),
                ..skirmish_web::Limits::default()
            };
            serve(std::net::SocketAddr::new(*bind, *port), limits)
        }
        Command::Play { file } => play(file),
        Command::Test { paths } => test(paths, cli.json),
        Command::Attacks {
            file,
            problem: true,
            ..
        } => problem_document(file, None, None, false).map(|t| (t, 0)),
        Command::Blocks {
            file,
            attack,
            defender,
            problem: true,
            ..
        } => problem_document(file, attack.as_deref(), defender.as_deref(), true).map(|t| (t, 0)),
        Command::Solve {
            file,
            check,
            all,
            budget,
        } => solve(
            file,
            check.as_deref(),
            *all,
            *budget,
            cli.json,
            cli.edition.unwrap_or_default().rules(),
        ),
        Command::Attacks {
            file, all, budget, ..
        } => summary(file, None, None, false, *all, *budget, cli.json),
        Command::Blocks {
            file,
            attack,
            defender,
            all,
            budget,
            ..
        } => summary(
            file,
            attack.as_deref(),
            defender.as_deref(),
            true,
            *all,
            *budget,
            cli.json,
        ),
        Command::Check {
            file,
            attack,
            block,
            defender,
            budget,
        } => check(
            file,
            attack.as_deref(),
            block.as_deref(),
            defender.as_deref(),
            *budget,
            cli.json,
        ),
    };
    report(result, cli.json)
}

/// Prints an answer (marked with any text left out as not modelled) or an error.
fn report(result: Result<(String, u8), FileError>, json: bool) -> ExitCode {
    let cli_json = json;
    match result {
        Ok((text, code)) => {
            if write_out(&mark_unmodelled(text, json)).is_err() {
                return ExitCode::from(CLOSED_PIPE);
            }
            ExitCode::from(code)
        }
        Err(e) => {
            if cli_json {
                if write_out(&format!("{}\n", serde_json::json!({ "error": e }))).is_err() {
                    return ExitCode::from(CLOSED_PIPE);
                }
            } else {
                eprintln!("{:?}", miette::Report::new(e));
            }
            ExitCode::from(BAD_INPUT)
        }
    }
}

/// An argument clap refuses: under `--json`, an error object like every other (issue 13);
/// otherwise clap's own message. Help and version requests print as usual.
fn argument_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind as Clap;
    let wants_json = std::env::args_os().any(|a| a == "--json");
    if !wants_json || matches!(e.kind(), Clap::DisplayHelp | Clap::DisplayVersion) {
        e.exit();
    }
    let text = e.render().to_string();
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    // clap's message is the lines before its usage and tips.
    let cut = lines
        .iter()
        .position(|l| l.starts_with("Usage:") || l.starts_with("tip:") || l.starts_with("For more"))
        .unwrap_or(lines.len());
    let message = lines[..cut].join(" ");
    let message = message.trim_start_matches("error: ").to_string();
    let help = &lines[cut..];
    let help = if help.is_empty() {
        "run `skirmish --help` for the commands and their arguments".to_string()
    } else {
        help.join(" ")
    };
    let err = FileError::whole_file(ErrorKind::Argument, "(command line)", message, help);
    if write_out(&format!("{}\n", serde_json::json!({ "error": err }))).is_err() {
        return ExitCode::from(CLOSED_PIPE);
    }
    ExitCode::from(BAD_INPUT)
}

fn to_json(v: &impl serde::Serialize) -> String {
    // Serializing these plain views can't fail: they hold only strings, numbers and maps
    // with string keys.
    serde_json::to_string_pretty(v).expect("views serialize") + "\n"
}

fn show(file: &Path, json: bool) -> Result<String, FileError> {
    let scenario = load(file)?;
    let shown = answers::show(&scenario);
    if json {
        return Ok(to_json(&shown));
    }
    let view = shown.board;
    let mut out = String::new();
    if let Some(d) = &scenario.description {
        out.push_str(d.trim());
        out.push_str("\n\n");
    }
    out.push_str(&view.to_string());
    if !scenario.script.is_empty() {
        out.push_str(&format!("\nScript: {} action(s)\n", scenario.script.len()));
    }
    let ex = &scenario.expect;
    if !ex.is_empty() {
        out.push_str(&format!(
            "Expectations: {} on the state, {} legality verdict(s)\n",
            ex.checks.len(),
            ex.verdicts.len()
        ));
    }
    Ok(out)
}

/// `cards --pool FILE`: the coverage report (`coverage` is `Some(split)`), or how named cards
/// of the pool compile line by line (a pool card may not compile; each line says why).
fn pool_cards(
    path: &Path,
    names: &[String],
    coverage: Option<bool>,
    top: usize,
    json: bool,
) -> Result<String, FileError> {
    use skirmish::cards::pool;
    let cards = pool::load_pool(path)?;
    if let Some(split) = coverage {
        return Ok(match (split, json) {
            (true, true) => to_json(&pool::coverage_split(&cards, top)),
            (true, false) => pool::coverage_split(&cards, top).text(),
            (false, true) => to_json(&pool::coverage(&cards, top)),
            (false, false) => pool::coverage(&cards, top).text(),
        });
    }
    if names.is_empty() && json {
        #[derive(serde::Serialize)]
        struct Listed<'a> {
            name: &'a str,
            type_line: &'a str,
        }
        let listed: Vec<Listed> = cards
            .iter()
            .map(|c| Listed {
                name: &c.spec.name,
                type_line: &c.spec.type_line,
            })
            .collect();
        return Ok(to_json(&listed));
    }
    if names.is_empty() {
        let mut out = String::new();
        for c in &cards {
            out.push_str(&format!("{:<40} {}\n", c.spec.name, c.spec.type_line));
        }
        out.push_str(&format!("{} cards in {}\n", cards.len(), path.display()));
        return Ok(out);
    }
    #[derive(serde::Serialize)]
    struct Line {
        text: String,
        compiled: bool,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        abilities: Vec<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        error: Option<String>,
    }
    #[derive(serde::Serialize)]
    struct Explained {
        name: String,
        type_line: String,
        /// What the card says that is read as today's rules say it (a merged creature type).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        readings: Vec<String>,
        compiles: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        error: Option<String>,
        lines: Vec<Line>,
    }
    let mut found = Vec::new();
    for name in names {
        let card = cards
            .iter()
            .find(|c| c.spec.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                FileError::whole_file(
                    ErrorKind::UnknownCard,
                    "(command line)",
                    format!("unknown card \"{name}\" in {}", path.display()),
                    format!("`skirmish cards --pool {}` lists its cards", path.display()),
                )
            })?;
        let whole = skirmish::cards::compile_card(&card.spec);
        let mut lines = Vec::new();
        if let Ok(t) = card.spec.type_line.parse::<skirmish::typeline::TypeLine>() {
            for (text, r) in skirmish::cards::explain_lines(&card.spec.name, &card.spec.text, &t) {
                lines.push(match r {
                    Ok(pieces) => Line {
                        text,
                        compiled: true,
                        abilities: pieces
                            .iter()
                            .flat_map(|p| p.abilities.iter().map(describe))
                            .collect(),
                        error: None,
                    },
                    Err(e) => Line {
                        text,
                        compiled: false,
                        abilities: Vec::new(),
                        error: Some(e.message),
                    },
                });
            }
        }
        let compiles = whole.is_ok() && card.fact_error.is_none();
        // A line's own error is shown with the line; the card's is shown when it is about
        // something else (its facts, or the card as a whole).
        let line_failed = lines.iter().any(|l| !l.compiled);
        let error = card.fact_error.clone().or_else(|| {
            whole
                .err()
                .filter(|e| e.field != skirmish::cards::CardField::Text || !line_failed)
                .map(|e| e.message)
        });
        found.push(Explained {
            name: card.spec.name.clone(),
            type_line: card.spec.type_line.clone(),
            readings: skirmish::typeline::readings(&card.spec.type_line),
            compiles,
            error,
            lines,
        });
    }
    if json {
        return Ok(to_json(&found));
    }
    let mut out = String::new();
    for e in found {
        out.push_str(&format!("{}\n{}\n", e.name, e.type_line));
        for r in &e.readings {
            out.push_str(&format!("  note: {r}\n"));
        }
        match (&e.error, e.compiles) {
            (_, true) => out.push_str("  compiles\n"),
            (Some(why), false) => out.push_str(&format!("  does not compile: {why}\n")),
            (None, false) => out.push_str("  does not compile: see its lines\n"),
        }
        for l in e.lines {
            let mark = if l.compiled { "ok " } else { "no " };
            out.push_str(&format!("  {mark} \"{}\"\n", l.text));
            for a in l.abilities {
                out.push_str(&format!("      -> {a}\n"));
            }
            if let Some(why) = l.error {
                out.push_str(&format!("      {why}\n"));
            }
        }
        out.push('\n');
    }
    Ok(out)
}

fn cards(names: &[String], json: bool) -> Result<String, FileError> {
    let lib = CardLibrary::bundled()?;
    if names.is_empty() {
        let all: Vec<_> = lib.iter().collect();
        if json {
            return Ok(to_json(&all));
        }
        let mut out = String::new();
        for c in all {
            let cost = c
                .mana_cost
                .as_ref()
                .map(|m| m.to_string())
                .unwrap_or_default();
            let pt = match (c.power, c.toughness) {
                (Some(p), Some(t)) => format!(" {p}/{t}"),
                _ => String::new(),
            };
            out.push_str(&format!(
                "{:<32} {:<12} {}{pt}\n",
                c.name, cost, c.type_line
            ));
        }
        out.push_str(&format!("{} cards\n", lib.len()));
        return Ok(out);
    }
    let mut found = Vec::new();
    for name in names {
        let def = lib.get(name).ok_or_else(|| {
            let hint = lib
                .closest(name)
                .map(|c| format!("did you mean \"{c}\"? "))
                .unwrap_or_default();
            FileError::whole_file(
                ErrorKind::UnknownCard,
                "(command line)",
                format!("unknown card \"{name}\""),
                format!("{hint}`skirmish cards` lists the bundled library"),
            )
        })?;
        found.push(def.clone());
    }
    if json {
        return Ok(to_json(&found));
    }
    let mut out = String::new();
    for def in found {
        let cost = def
            .mana_cost
            .as_ref()
            .map(|m| m.to_string())
            .unwrap_or_default();
        out.push_str(&format!("{} {cost}\n{}", def.name, def.type_line));
        if let (Some(p), Some(t)) = (def.power, def.toughness) {
            out.push_str(&format!(" {p}/{t}"));
        }
        out.push('\n');
        // The library compiled when it loaded, so explaining it again succeeds.
        if let Ok(pieces) = explain_text(&def.name, &def.text, &def.type_line) {
            let from_text: usize = pieces.iter().map(|p| p.abilities.len()).sum();
            for p in pieces {
                out.push_str(&format!("  \"{}\"  [{}]\n", p.text, p.template));
                for a in &p.abilities {
                    out.push_str(&format!("      -> {}\n", describe(a)));
                }
            }
            for a in def.abilities.iter().skip(from_text) {
                out.push_str(&format!("  intrinsic (212.6g): {}\n", describe(a)));
            }
        }
        out.push('\n');
    }
    Ok(out)
}

fn summary(
    file: &Path,
    attack: Option<&str>,
    defender: Option<&str>,
    blocks: bool,
    all: bool,
    budget: u64,
    json: bool,
) -> Result<(String, u8), FileError> {
    let scenario = load(file)?;
    if all {
        let game = answers::with_attack(&scenario, attack)?;
        return listed(&game, blocks, defender, &mut Budget::new(budget), json)
            .map_err(|e| judge_error(e, "--attack", attack.unwrap_or(""), &scenario));
    }
    let asked = Asked {
        attack,
        block: None,
        defender,
    };
    let summary = match answers::summary(&scenario, blocks, asked, budget)? {
        Ok(s) => s,
        Err(e) => return Ok(undecided(&e, json)),
    };
    if json {
        return Ok((to_json(&summary), 0));
    }
    Ok((head_text(&summary), 0))
}

/// What a command prints when the budget ran out before the answer, and its exit code.
fn undecided(e: &skirmish::legality::Exhausted, json: bool) -> (String, u8) {
    let text = if json {
        to_json(&serde_json::json!({ "undecided": e }))
    } else {
        format!("undecided: {e}; raise --budget to search further\n")
    };
    (text, 3)
}

/// A summary in words, without its list of declarations.
fn head_text(summary: &judge::Summary) -> String {
    let kind = summary.kind;
    let mut out = format!(
        "Requirements that can be obeyed at once: {} (of {} instance(s))\nOptimal {kind} (fewest creatures): {}\n",
        summary.maximum,
        summary.requirements,
        if summary.optimum.is_empty() {
            "no creatures".to_string()
        } else {
            summary.readable_optimum.clone()
        }
    );
    match &summary.count {
        Some(c) => out.push_str(&format!("Legal {kind}s: {c}\n")),
        None => out.push_str(&format!(
            "Legal {kind}s: not counted within the work budget\n"
        )),
    }
    out
}

/// `--all`: the summary, then every legal declaration written as it is found, so a board with
/// millions of them lists in constant memory (issue 13). JSON is the same object as without
/// streaming, with `all` filled; if the budget runs out while listing, the list ends there and
/// the object gets an `undecided` field (exit code 3). Output that can't be written (a closed
/// pipe) stops the listing.
fn listed(
    game: &skirmish::model::Game,
    blocks: bool,
    defender: Option<&str>,
    budget: &mut Budget,
    json: bool,
) -> Result<(String, u8), JudgeError> {
    use std::cell::{Cell, RefCell};
    use std::io::Write;
    let out = RefCell::new(std::io::BufWriter::new(std::io::stdout().lock()));
    let (headed, first) = (Cell::new(false), Cell::new(true));
    let mut on_head = |s: &judge::Summary| {
        headed.set(true);
        let text = if json {
            // The object without its list, reopened to stream the list into it.
            let mut head = serde_json::to_string(s).expect("summaries serialize");
            let cut = head.rfind("\"all\":null").expect("the list comes last");
            head.truncate(cut);
            head + "\"all\":["
        } else {
            head_text(s)
        };
        let _ = out.borrow_mut().write_all(text.as_bytes());
    };
    let mut each = |d: &str| {
        let line = if json {
            let sep = if first.replace(false) { "" } else { "," };
            format!("{sep}{}", serde_json::Value::from(d))
        } else if d.is_empty() {
            "  (no creatures)\n".to_string()
        } else {
            format!("  {d}\n")
        };
        out.borrow_mut().write_all(line.as_bytes()).is_ok()
    };
    let result = if blocks {
        judge::blocks_listed(game, defender, budget, &mut on_head, &mut each)?
    } else {
        judge::attacks_listed(game, budget, &mut on_head, &mut each)?
    };
    let end = match (&result, json) {
        // The budget ran out before anything was written: the usual undecided answer.
        (Err(e), _) if !headed.get() => return Ok(undecided(e, json)),
        (Ok(()), true) => "]}\n".to_string(),
        (Ok(()), false) => String::new(),
        (Err(e), true) => format!("],\"undecided\":{}}}\n", serde_json::json!(e)),
        (Err(e), false) => {
            format!("listing stopped: undecided: {e}; raise --budget to list further\n")
        }
    };
    let mut out = out.into_inner();
    let _ = out.write_all(end.as_bytes());
    let _ = out.flush();
    Ok((String::new(), if result.is_ok() { 0 } else { 3 }))
}

fn check(
    file: &Path,
    attack: Option<&str>,
    block: Option<&str>,
    defender: Option<&str>,
    budget: u64,
    json: bool,
) -> Result<(String, u8), FileError> {
    let scenario = load(file)?;
    let asked = Asked {
        attack,
        block,
        defender,
    };
    let judged = answers::check(&scenario, asked, budget)?;
    let code = answers::verdict_code(&judged);
    if json {
        return Ok((to_json(&judged), code));
    }
    // Text groups copies of a card saying the same thing (docs/cli.md); JSON lists every one.
    let readable = &judged.readable;
    let shown = if judged.declaration.is_empty() {
        "no creatures".to_string()
    } else {
        readable.declaration.clone()
    };
    let mut out = format!(
        "{} \"{shown}\": {}\n",
        capitalize(judged.kind),
        judged.verdict.replace('-', " ")
    );
    for line in &readable.explanation {
        out.push_str(&format!("  {line}\n"));
    }
    if let Some(w) = &readable.witness {
        out.push_str(&format!(
            "  a legal {} instead: {}\n",
            judged.kind,
            if w.is_empty() { "no creatures" } else { w }
        ));
    }
    Ok((out, code))
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// Runs a scenario and checks its expectations: exit 0 when they hold, 1 when some don't, 2 for
/// bad input (including a scripted action the rules refuse).
fn run(file: &Path, json: bool) -> Result<(String, u8), FileError> {
    let scenario = load(file)?;
    let ran = answers::run(&scenario)?;
    let code = if ran.failures.is_empty() { 0 } else { 1 };
    if json {
        return Ok((to_json(&ran), code));
    }
    let failures = &ran.failures;
    let mut out = String::new();
    for line in &ran.log {
        out.push_str(line);
        out.push('\n');
    }
    out.push('\n');
    out.push_str(&ran.board.to_string());
    if !scenario.expect.is_empty() {
        out.push('\n');
        if failures.is_empty() {
            out.push_str("Expectations: all hold\n");
        }
        for f in failures {
            out.push_str(&format!(
                "Expectation failed (line {}): {}\n",
                f.line, f.message
            ));
        }
    }
    Ok((out, code))
}

fn scenario_paths(paths: &[PathBuf]) -> Vec<PathBuf> {
    /// A folder's `.toml` files, and its folders' in turn; each folder once, so a symbolic link
    /// back to a folder above ends instead of looping (issue 13).
    fn walk(dir: &Path, seen: &mut std::collections::HashSet<PathBuf>, out: &mut Vec<PathBuf>) {
        if !seen.insert(dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf())) {
            return;
        }
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        entries.sort();
        for e in entries {
            if e.is_dir() {
                walk(&e, seen, out);
            } else if e.extension().is_some_and(|x| x == "toml") {
                out.push(e);
            }
        }
    }
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut seen, &mut out);
        } else {
            // A file named on the command line is a scenario whatever its name: one that
            // isn't is reported, never skipped.
            out.push(p.clone());
        }
    }
    out
}

/// Runs every scenario under the paths; exit 0 if all pass, 1 if an expectation fails, 2 if a
/// file can't be read or isn't a valid scenario (the others still run), and an error when the
/// paths hold no scenario at all.
fn test(paths: &[PathBuf], json: bool) -> Result<(String, u8), FileError> {
    let files = scenario_paths(paths);
    if files.is_empty() {
        let named: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        return Err(FileError::whole_file(
            ErrorKind::Io,
            named.join(", "),
            "no scenario file (.toml) was found there, so nothing was tested",
            "name scenario files or folders holding them, e.g. `skirmish test tests/scenarios`",
        ));
    }
    let mut results = Vec::new();
    let mut malformed = 0;
    for file in files {
        let outcome = match load(&file) {
            Err(e) => {
                malformed += 1;
                Err(e.to_string())
            }
            Ok(s) => {
                // Verdicts are questions about the starting position; the turn runs when the
                // scenario scripts it or expects something of a later state.
                let ran = if s.needs_run() {
                    skirmish::engine::play_scenario(&s).map(Some)
                } else {
                    Ok(None)
                };
                match ran {
                    Err(e) => Err(e.to_string()),
                    Ok(played) => {
                        let failures: Vec<String> = s
                            .failures(played.as_ref(), &mut Budget::default())
                            .into_iter()
                            .map(|f| format!("line {}: {}", f.line, f.message))
                            .collect();
                        if failures.is_empty() {
                            Ok(())
                        } else {
                            Err(failures.join("; "))
                        }
                    }
                }
            }
        };
        results.push((file.display().to_string(), outcome));
    }
    let failed = results.iter().filter(|(_, r)| r.is_err()).count();
    let code = if malformed > 0 {
        BAD_INPUT
    } else {
        u8::from(failed > 0)
    };
    if json {
        let list: Vec<_> = results
            .iter()
            .map(|(f, r)| serde_json::json!({ "file": f, "pass": r.is_ok(), "failure": r.as_ref().err() }))
            .collect();
        return Ok((
            to_json(
                &serde_json::json!({ "results": list, "passed": results.len() - failed, "failed": failed }),
            ),
            code,
        ));
    }
    let mut out = String::new();
    for (f, r) in &results {
        match r {
            Ok(()) => out.push_str(&format!("pass  {f}\n")),
            Err(e) => out.push_str(&format!("FAIL  {f}: {e}\n")),
        }
    }
    out.push_str(&format!(
        "{} passed, {failed} failed\n",
        results.len() - failed
    ));
    Ok((out, code))
}

/// `serve`: binds, says where, and serves until the process is stopped.
fn serve(
    addr: std::net::SocketAddr,
    limits: skirmish_web::Limits,
) -> Result<(String, u8), FileError> {
    use std::io::Write;
    let options = LOAD.get().cloned().unwrap_or_default();
    let config = skirmish_web::Config {
        pools: options.pools,
        edition: options.edition,
        unmodelled: options.unmodelled,
        limits,
    };
    let io_error = |e: std::io::Error| {
        FileError::whole_file(
            ErrorKind::Io,
            "(command line)",
            format!("can't serve on {addr}: {e}"),
            "choose another --port (0 picks a free one) or --bind address",
        )
    };
    let bound = skirmish_web::spawn(addr, config).map_err(io_error)?;
    let mut out = std::io::stdout();
    let _ = writeln!(
        out,
        "Skirmish is serving on http://{bound}/ (stop it with Ctrl-C)"
    );
    let _ = out.flush();
    loop {
        std::thread::park();
    }
}

/// Plays a scenario interactively; prints the log as it goes.
fn play(file: &Path) -> Result<(String, u8), FileError> {
    let scenario = load(file)?;
    let stdin = std::io::stdin();
    let mut agent = skirmish::engine::Interactive::new(stdin.lock(), std::io::stdout());
    // A closed terminal shows up as the agent's own read or write failing.
    let _ = write_out(&format!(
        "{}\n(answer \"help\" at any prompt to see what you can do)\n",
        BoardView::of(&scenario.game)
    ));
    let result = skirmish::engine::Engine::new(scenario.game.clone(), &mut agent).run();
    match result {
        Ok((game, _)) => {
            let mut out = String::new();
            for e in &game.events {
                out.push_str(&e.text(game.rules));
                out.push('\n');
            }
            out.push_str(&format!("\n{}", BoardView::of(&game)));
            Ok((out, 0))
        }
        Err(e) => Err(FileError::whole_file(
            ErrorKind::IllegalState,
            file.display().to_string(),
            e.to_string(),
            "the game stopped here",
        )),
    }
}

/// `attacks|blocks FILE --problem`: the board's legality problem as a document for `solve`.
fn problem_document(
    file: &Path,
    attack: Option<&str>,
    defender: Option<&str>,
    blocks: bool,
) -> Result<String, FileError> {
    use skirmish::legality::document;
    let scenario = load(file)?;
    let game = answers::with_attack(&scenario, attack)?;
    let doc = if blocks {
        document::block_document(&game, defender)
    } else {
        document::attack_document(&game)
    };
    Ok(doc
        .map_err(|e| judge_error(e, "--attack", attack.unwrap_or(""), &scenario))?
        .to_json())
}

/// Reads a problem document from a file, or from standard input for `-`.
fn read_document(file: &Path) -> Result<skirmish::legality::document::Document, FileError> {
    use skirmish::legality::document::{self, Document};
    use std::io::Read;
    if file != Path::new("-") {
        return Document::load(file);
    }
    let mut text = String::new();
    std::io::stdin()
        .take(document::MAX_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| {
            FileError::whole_file(
                ErrorKind::Io,
                "(standard input)",
                format!("can't read the problem document: {e}"),
                "pipe a problem document (UTF-8 JSON) into `skirmish solve -`",
            )
        })?;
    Document::read(&document::too_large(SourceFile::new(
        "(standard input)",
        text,
    ))?)
}

/// `solve FILE`: a problem document's answers; with a declaration (`--check` or the document's
/// `check`), its verdict too.
fn solve(
    file: &Path,
    check: Option<&str>,
    all: bool,
    budget: u64,
    json: bool,
    rules: skirmish::edition::Rules,
) -> Result<(String, u8), FileError> {
    use skirmish::legality::answer;
    use skirmish::legality::document::{Declaration, Problem};
    let doc = read_document(file)?;
    let declaration = match check {
        None => None,
        Some(_) if doc.check.is_some() => {
            return Err(FileError::whole_file(
                ErrorKind::WrongValue,
                "--check",
                format!(
                    "{} has a declaration to check (its \"check\") and --check gives another",
                    file.display()
                ),
                "give the declaration once: remove \"check\" from the document or leave out --check",
            ));
        }
        Some(text) => {
            let parsed = match &doc.problem {
                Problem::Attack(p) => answer::attack_declaration(p, text).map(Declaration::Attack),
                Problem::Block(p) => answer::block_declaration(p, text).map(Declaration::Block),
            };
            Some(parsed.map_err(|d| {
                let kind = if d.message.starts_with("no ") {
                    ErrorKind::UnknownLabel
                } else {
                    ErrorKind::WrongValue
                };
                SourceFile::new("--check", text).error(
                    kind,
                    d.at..d.at + d.len.max(1),
                    d.message,
                    d.help,
                )
            })?)
        }
    };
    let mut a = answer::solve(&doc, declaration.as_ref(), all, budget);
    // A problem document has no edition of its own: its verdict cites the one asked for.
    if let Some(c) = a.check.take() {
        a.check = Some(answer::Checked {
            judgement: c.judgement.cited(rules),
            ..c
        });
    }
    let code = match (&a.check, &a.undecided) {
        (Some(c), _) => answers::verdict_code(&c.judgement),
        (None, Some(_)) => 3,
        (None, None) => 0,
    };
    if json {
        return Ok((to_json(&a), code));
    }
    Ok((solve_text(&a), code))
}

/// An answer in the words `attacks`, `blocks` and `check` use.
fn solve_text(a: &skirmish::legality::answer::Answer) -> String {
    let kind = a.kind;
    let none = |d: &str| {
        if d.is_empty() {
            "no creatures".to_string()
        } else {
            d.to_string()
        }
    };
    let mut out = String::new();
    match (&a.maximum, &a.optimum, &a.undecided) {
        (Some(m), Some(o), _) => {
            out.push_str(&format!(
                "Requirements that can be obeyed at once: {m} (of {} instance(s))\nOptimal {kind} (fewest creatures): {}\n",
                a.requirements,
                none(o)
            ));
            match &a.count {
                Some(c) => out.push_str(&format!("Legal {kind}s: {c}\n")),
                None => out.push_str(&format!(
                    "Legal {kind}s: not counted within the work budget\n"
                )),
            }
            for d in a.all.iter().flatten() {
                out.push_str(&format!(
                    "  {}\n",
                    if d.is_empty() { "(no creatures)" } else { d }
                ));
            }
        }
        (_, _, Some(e)) => out.push_str(&format!(
            "undecided: {e}; raise --budget to search further\n"
        )),
        _ => {}
    }
    if let Some(c) = &a.check {
        let j = &c.judgement;
        out.push_str(&format!(
            "{} \"{}\": {}\n",
            capitalize(j.kind),
            none(&j.declaration),
            j.verdict.replace('-', " ")
        ));
        for line in &j.explanation {
            out.push_str(&format!("  {line}\n"));
        }
        if let Some(w) = &j.witness {
            out.push_str(&format!("  a legal {} instead: {}\n", j.kind, none(w)));
        }
    }
    out
}
