//! `renzoku`: the command-line front end over the Renzoku libraries.

mod analyze;
mod board_command;
mod match_command;
mod referee_command;
mod rules_command;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "renzoku",
    version,
    about = "Gomoku and Renju toolkit: rules tools, engine matches, a referee",
    after_help = "Also: `renzoku match …` (c-gomoku-cli's command line; `renzoku match` alone runs a demo),\n`renzoku merge JOURNAL…|DIR` (joins the journals of a sharded match),\n`renzoku tune …` (SPSA over an engine's INFO parameters; see `renzoku tune --help`),\n`renzoku referee …` (one refereed game; see `renzoku referee --help`),\n`renzoku brain` (the engine on stdin/stdout)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Annotate a played game with the engine's evaluations (SGF out, SVG graph).
    Analyze(analyze::AnalyzeArgs),
    /// Play and analyse in the browser against pbrain-renzoku or any brain (`--engine CMD`).
    Board(board_command::BoardArgs),
    /// Rules tools (forbidden points, …).
    Rules {
        #[command(subcommand)]
        command: rules_command::RulesCommand,
    },
}

fn main() -> ExitCode {
    // `renzoku match …` takes c-gomoku-cli's command line, which is not clap-shaped.
    if let Some(code) = match_command::dispatch() {
        return code;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `renzoku referee …`: its own clap parser, so that its exit codes (1/2/3 = the result)
    // are never confused with clap's usage error code 2.
    if args.first().map(String::as_str) == Some("referee") {
        return referee_command::run(&args[1..]);
    }
    // `renzoku zoo MODE …`: the misbehaving test engines of renzoku-arena, so that end-to-end
    // tests of the `renzoku` binary have them without a second executable (not in --help).
    if args.first().map(String::as_str) == Some("zoo") {
        let me = std::env::current_exe().map(|p| p.to_string_lossy().into_owned());
        let relaunch = [me.unwrap_or_else(|_| "renzoku".into()), "zoo".into()];
        return match renzoku_arena::zoo::run(&args[1..], &relaunch) {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::from(2),
        };
    }
    // `renzoku brain`: pbrain-renzoku's protocol loop in this process, so the match demo (and
    // anyone with only the `renzoku` binary) has the engine without a second executable.
    if std::env::args().nth(1).as_deref() == Some("brain") {
        return match renzoku_brain::run_protocol() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("renzoku brain: {e:#}");
                ExitCode::from(2)
            }
        };
    }
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Rules { command } => rules_command::run(&command),
        Command::Analyze(args) => analyze::run(&args),
        Command::Board(args) => board_command::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("renzoku: {e:#}");
            ExitCode::from(2)
        }
    }
}
