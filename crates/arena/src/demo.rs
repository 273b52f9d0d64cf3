//! `renzoku match` with no engine: pbrain-renzoku plays itself, the board drawn live.

use std::path::{Path, PathBuf};

use renzoku_rules::Board;

use crate::config::options::{EngineOptions, Options};
use crate::config::timecontrol::TimeControl;

/// The engine command of the demo (the one place that chooses it): `$RENZOKU_DEMO_ENGINE` if
/// set, else the running `renzoku` binary's hidden `brain` subcommand (pbrain-renzoku's protocol
/// loop in-process), so the demo needs no second executable and no build step.
pub fn engine_command() -> Result<String, String> {
    if let Some(p) = std::env::var_os("RENZOKU_DEMO_ENGINE") {
        return Ok(quote(&PathBuf::from(p)));
    }
    let exe =
        std::env::current_exe().map_err(|e| format!("cannot locate the running program: {e}"))?;
    Ok(format!("{} brain", quote(&exe)))
}

/// A path as one word of an engine command (see [`crate::engines::command::split_command`]).
fn quote(p: &Path) -> String {
    p.display().to_string().replace('\\', "\\\\").replace(' ', "\\ ")
}

fn draw(board: &Board, black: &str, white: &str) {
    let last = board.last_move().map(|m| m.point.to_string()).unwrap_or_default();
    // Clear the screen, then the board.
    print!(
        "\x1b[H\x1b[2J{black} (X) vs {white} (O), move {}: {last}\n\n{board}\n",
        board.stone_count()
    );
}

/// Plays two games (colours swapped) at 0.3 s per move on 15×15 freestyle.
pub fn run(mut opts: Options) -> i32 {
    let cmd = match engine_command() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("renzoku match: {e}");
            return 1;
        }
    };
    let engine = |name: &str| EngineOptions {
        cmd: cmd.clone(),
        name: Some(name.to_string()),
        tc: TimeControl { match_ms: 20_000, turn_ms: 300, increment_ms: 0 },
        tolerance_ms: 1000,
        ..EngineOptions::default()
    };
    opts.engines = vec![engine("Renzoku-A"), engine("Renzoku-B")];
    opts.games = opts.games.max(2);
    opts.repeat = true;
    opts.show_board = true;
    println!(
        "Demo: the Renzoku brain ({}) plays itself ({} games, 0.3 s per move, {} {}x{}).",
        cmd, opts.games, opts.rule, opts.board_size, opts.board_size
    );
    let observer = |b: &Board, black: &str, white: &str| draw(b, black, white);
    match crate::run::runner::run(&opts, Some(&observer)) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("renzoku match: {e}");
            1
        }
    }
}
