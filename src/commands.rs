//! The table of `renzoku`'s subcommands: each name with its one-line summary (what `renzoku
//! --help` lists) and the function that runs it on the arguments after the name. Each command
//! parses its own arguments: `match`, `merge` and `tune` keep c-gomoku-cli's single-dash syntax
//! (renzoku-arena parses them), the others use clap.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::Parser;

use crate::{analyze, board_command, referee_command, rules_command};

/// One subcommand.
#[derive(Debug)]
pub struct Subcommand {
    pub name: &'static str,
    pub summary: &'static str,
    /// Runs the command on the arguments after its name; `--help` among them prints its help.
    pub run: fn(&[String]) -> ExitCode,
}

const ANALYZE: &str = "Annotate a played game with the engine's evaluations (SGF out, SVG graph)";
const RULES: &str = "Rules tools: renju forbidden points of positions";
const BOARD: &str =
    "Play and analyse in the browser against pbrain-renzoku or any brain (--engine CMD)";

/// Every subcommand, in the order `renzoku --help` lists them.
pub const SUBCOMMANDS: &[Subcommand] = &[
    Subcommand {
        name: "match",
        summary: "Play engines against each other (c-gomoku-cli's -engine cmd=… -each tc=10/1 …)",
        run: |args| arena_exit(renzoku_arena::cli::run(args)),
    },
    Subcommand {
        name: "merge",
        summary: "Join the journals of a sharded match: one report, one set of outputs",
        run: |args| arena_exit(renzoku_arena::run::merge::run(args)),
    },
    Subcommand {
        name: "tune",
        summary: "Tune an engine's INFO parameters by SPSA over games",
        run: |args| arena_exit(renzoku_arena::tuning::tune::run(args)),
    },
    Subcommand {
        name: "referee",
        summary: "Referee one game between two brains (or a brain and a person), liskvork-style",
        run: referee_command::run,
    },
    Subcommand { name: "analyze", summary: ANALYZE, run: run_analyze },
    Subcommand { name: "board", summary: BOARD, run: run_board },
    Subcommand { name: "rules", summary: RULES, run: run_rules },
    Subcommand {
        name: "brain",
        summary: "The engine on stdin/stdout, speaking the Gomocup protocol (as pbrain-renzoku)",
        run: run_brain,
    },
];

/// The subcommand called `name`.
pub fn find(name: &str) -> Option<&'static Subcommand> {
    SUBCOMMANDS.iter().find(|c| c.name == name)
}

/// `renzoku --help`: the table.
pub fn overview() -> String {
    let width = SUBCOMMANDS.iter().map(|c| c.name.len()).max().unwrap_or(0).max("help".len());
    let mut out = format!(
        "renzoku {}: Gomoku and Renju toolkit: engine matches, tuning, a referee, rules tools\n\n\
         Usage: renzoku <COMMAND> [ARGS]...\n\nCommands:\n",
        env!("CARGO_PKG_VERSION")
    );
    for c in SUBCOMMANDS {
        let _ = writeln!(out, "  {:<width$}  {}", c.name, c.summary);
    }
    let _ = write!(
        out,
        "  {:<width$}  This list, or one command's help (`renzoku help match`)\n\n\
         Options:\n  -h, --help     Print this list\n  -V, --version  Print the version\n\n\
         `renzoku COMMAND --help` shows a command's options.\n",
        "help"
    );
    out
}

/// The arena's exit codes (0..=130) as a process exit code.
fn arena_exit(code: i32) -> ExitCode {
    ExitCode::from(u8::try_from(code).unwrap_or(1))
}

/// An error of a clap-parsed command: `renzoku: …` and exit code 2.
fn failed(e: &anyhow::Error) -> ExitCode {
    eprintln!("renzoku: {e:#}");
    ExitCode::from(2)
}

#[derive(Parser, Debug)]
#[command(name = "renzoku analyze", bin_name = "renzoku analyze", about = ANALYZE)]
struct AnalyzeCommand {
    #[command(flatten)]
    args: analyze::AnalyzeArgs,
}

fn run_analyze(args: &[String]) -> ExitCode {
    let parsed = AnalyzeCommand::parse_from(
        std::iter::once("renzoku analyze".into()).chain(args.iter().cloned()),
    );
    analyze::run(&parsed.args).unwrap_or_else(|e| failed(&e))
}

#[derive(Parser, Debug)]
#[command(name = "renzoku board", bin_name = "renzoku board", about = BOARD)]
struct BoardCommand {
    #[command(flatten)]
    args: board_command::BoardArgs,
}

fn run_board(args: &[String]) -> ExitCode {
    let parsed = BoardCommand::parse_from(
        std::iter::once("renzoku board".into()).chain(args.iter().cloned()),
    );
    board_command::run(&parsed.args).unwrap_or_else(|e| failed(&e))
}

#[derive(Parser, Debug)]
#[command(name = "renzoku rules", bin_name = "renzoku rules", about = RULES)]
struct RulesCommand {
    #[command(subcommand)]
    command: rules_command::RulesCommand,
}

fn run_rules(args: &[String]) -> ExitCode {
    let parsed = RulesCommand::parse_from(
        std::iter::once("renzoku rules".into()).chain(args.iter().cloned()),
    );
    rules_command::run(&parsed.command).unwrap_or_else(|e| failed(&e))
}

const BRAIN_HELP: &str = "\
The engine on stdin/stdout, speaking the Gomocup protocol (as pbrain-renzoku): what a manager
(c-gomoku-cli, Piskvork, Yixin-Board, `renzoku match -engine cmd=\"renzoku brain\"`) starts.

Usage: renzoku brain";

/// `renzoku brain`: pbrain-renzoku's protocol loop in this process, so the match demo (and
/// anyone with only the `renzoku` binary) has the engine without a second executable.
fn run_brain(args: &[String]) -> ExitCode {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{BRAIN_HELP}");
        return ExitCode::SUCCESS;
    }
    match renzoku_brain::run_protocol() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("renzoku brain: {e:#}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_overview_lists_every_command_once() {
        let text = overview();
        for c in SUBCOMMANDS {
            assert_eq!(text.matches(&format!("\n  {} ", c.name)).count(), 1, "{}", c.name);
            assert!(!c.summary.contains('\n'), "{}", c.name);
        }
        assert!(find("analyze").is_some_and(|c| c.summary == ANALYZE));
        assert!(find("nonsense").is_none());
    }
}
