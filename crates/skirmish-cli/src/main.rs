//! The `skirmish` command: files in, text or JSON out. All rules knowledge lives in the
//! `skirmish` library; this crate parses arguments, calls it and prints.

use clap::{Parser, Subcommand};
use skirmish::cards::{CardLibrary, explain_text};
use skirmish::scenario::Scenario;
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
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the board of a scenario file.
    Show {
        /// A scenario file (docs/scenario-format.md).
        file: PathBuf,
    },
    /// List the bundled card library, or show how named cards compile.
    Cards {
        /// Card names; none lists every card.
        names: Vec<String>,
    },
}

/// Exit code for bad input: a file, card or argument Skirmish can't accept.
const BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Show { file } => show(file, cli.json),
        Command::Cards { names } => cards(names, cli.json),
    };
    match result {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            if cli.json {
                println!("{}", serde_json::json!({ "error": e }));
            } else {
                eprintln!("{:?}", miette::Report::new(e));
            }
            ExitCode::from(BAD_INPUT)
        }
    }
}

fn to_json(v: &impl serde::Serialize) -> String {
    // Serializing these plain views can't fail: they hold only strings, numbers and maps
    // with string keys.
    serde_json::to_string_pretty(v).expect("views serialize") + "\n"
}

fn show(file: &Path, json: bool) -> Result<String, FileError> {
    let scenario = Scenario::load(file)?;
    let view = BoardView::of(&scenario.game);
    if json {
        return Ok(to_json(&serde_json::json!({
            "description": scenario.description,
            "board": view,
        })));
    }
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
            for p in pieces {
                out.push_str(&format!("  \"{}\"  [{}]\n", p.text, p.template));
                for a in &p.abilities {
                    out.push_str(&format!("      -> {}\n", describe(a)));
                }
            }
        }
        out.push('\n');
    }
    Ok(out)
}
