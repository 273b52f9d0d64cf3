//! `renzoku match …`, `renzoku merge …` and `renzoku tune …`: hand the raw arguments to
//! renzoku-arena (c-gomoku-cli's syntax, not clap's).

use std::process::ExitCode;

/// Runs `renzoku match`, `merge` or `tune` when it is the subcommand; `None` otherwise.
pub fn dispatch() -> Option<ExitCode> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let run: fn(&[String]) -> i32 = match args.first().map(String::as_str) {
        Some("match") => renzoku_arena::cli::run,
        Some("merge") => renzoku_arena::run::merge::run,
        Some("tune") => renzoku_arena::tuning::tune::run,
        _ => return None,
    };
    let code = run(&args[1..]);
    Some(ExitCode::from(u8::try_from(code).unwrap_or(1)))
}
