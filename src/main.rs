//! `renzoku`: the command-line front end over the Renzoku libraries. The subcommands and their
//! summaries are one table, [`commands::SUBCOMMANDS`]; each parses its own arguments.

mod analyze;
mod board_command;
mod commands;
mod referee_command;
mod rules_command;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(first) = args.first().map(String::as_str) else {
        eprint!("{}", commands::overview());
        return ExitCode::from(2);
    };
    match first {
        "-h" | "--help" => {
            print!("{}", commands::overview());
            ExitCode::SUCCESS
        }
        "-V" | "--version" => {
            println!("renzoku {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        // `renzoku help COMMAND` is `renzoku COMMAND --help`.
        "help" => match args.get(1) {
            None => {
                print!("{}", commands::overview());
                ExitCode::SUCCESS
            }
            Some(name) => match commands::find(name) {
                Some(command) => (command.run)(&["--help".to_string()]),
                None => unknown(name),
            },
        },
        // The misbehaving test engines of renzoku-arena, so that end-to-end tests of the
        // `renzoku` binary have them without a second executable (a test tool: not listed).
        "zoo" => {
            let me = std::env::current_exe().map(|p| p.to_string_lossy().into_owned());
            let relaunch = [me.unwrap_or_else(|_| "renzoku".into()), "zoo".into()];
            match renzoku_arena::zoo::run(&args[1..], &relaunch) {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::from(2),
            }
        }
        name => match commands::find(name) {
            Some(command) => (command.run)(&args[1..]),
            None => unknown(name),
        },
    }
}

fn unknown(name: &str) -> ExitCode {
    eprint!("renzoku: unknown command '{name}'\n\n{}", commands::overview());
    ExitCode::from(2)
}
