//! `renzoku`: the command-line front end over the Renzoku libraries.

mod match_command;
mod rules_command;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "renzoku",
    version,
    about = "Gomoku and Renju toolkit: rules tools, engine matches"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
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
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("renzoku: {e:#}");
            ExitCode::from(2)
        }
    }
}
