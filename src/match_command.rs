//! `renzoku match …`: hands the raw arguments to renzoku-arena (c-gomoku-cli's syntax).

use std::process::ExitCode;

/// Runs `renzoku match` when it is the subcommand; `None` otherwise.
pub fn dispatch() -> Option<ExitCode> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) != Some("match") {
        return None;
    }
    let code = renzoku_arena::cli::run(&args[1..]);
    Some(ExitCode::from(u8::try_from(code).unwrap_or(1)))
}
