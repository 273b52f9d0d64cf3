#![doc = include_str!("../README.md")]

pub mod brain;
pub mod clock;
pub mod config;
pub mod display;
pub mod ending;
pub mod event;
pub mod game;
pub mod human;
pub mod ini;
pub mod live;
pub mod memory;
pub mod opening_rule;
pub mod player;
pub mod preflight;
pub mod raw;
pub mod records;
pub mod replay;
mod signals;

use std::io::BufRead;
use std::path::Path;
use std::time::Instant;

use renzoku_arena::engines::logger::Logger;

pub use config::Config;
pub use ending::{EXIT_ABORTED, EXIT_CONFIG, EXIT_RUN, EndReason, Ending};
pub use raw::{ConfigError, RawConfig};

use crate::event::Observer;

/// How the result is shown besides the records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Display {
    /// Print the brains' MESSAGE lines on the console.
    pub verbose: bool,
}

/// What stops a game from being run or recorded.
#[derive(Debug)]
pub struct RunError(pub String);

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RunError {}

fn create_err(what: &str, path: &Path, e: &std::io::Error) -> RunError {
    RunError(format!("cannot create the {what} {}: {e}", path.display()))
}

fn wait_for_enter(what: &str) {
    println!("Press Enter to {what}.");
    let mut line = String::new();
    let _ = std::io::stdin().lock().read_line(&mut line);
}

/// Referees one game with the given extra observers (e.g. the live view); records are
/// created before any brain starts, so a bad path costs no game.
pub fn run(
    config: &Config,
    display: Display,
    extra: &mut [&mut dyn Observer],
) -> Result<Ending, RunError> {
    signals::watch().map_err(RunError)?;
    let log = match &config.protocol_file {
        Some(p) => Some(
            Logger::create_timestamped(p.clone(), Instant::now())
                .map_err(|e| create_err("protocol log", p, &e))?,
        ),
        None => None,
    };
    let mut replay = match &config.replay_file {
        Some(p) => {
            Some(replay::ReplayWriter::create(p).map_err(|e| create_err("replay file", p, &e))?)
        }
        None => None,
    };
    let mut board_file = match &config.board_file {
        Some(p) => {
            Some(records::BoardFile::create(p).map_err(|e| create_err("board file", p, &e))?)
        }
        None => None,
    };
    let mut sgf = match &config.sgf_file {
        Some(p) => {
            // Created now so that a bad path is found before the game.
            std::fs::write(p, "").map_err(|e| create_err("SGF file", p, &e))?;
            Some(records::SgfWriter::new(p))
        }
        None => None,
    };
    let mut console = records::Console::new(display.verbose);
    if !config.auto_start {
        wait_for_enter("start the game");
    }
    let ending = {
        let mut observers: Vec<&mut dyn Observer> = vec![&mut console];
        if let Some(r) = replay.as_mut() {
            observers.push(r);
        }
        if let Some(b) = board_file.as_mut() {
            observers.push(b);
        }
        if let Some(s) = sgf.as_mut() {
            observers.push(s);
        }
        for o in extra.iter_mut() {
            observers.push(&mut **o);
        }
        game::play(config, &mut observers, log.as_ref()).map_err(RunError)?
    };
    let errors = [
        replay.as_mut().and_then(replay::ReplayWriter::take_error).map(|e| ("replay", e)),
        board_file.as_mut().and_then(|b| b.error.take()).map(|e| ("board file", e)),
        sgf.as_mut().and_then(|s| s.error.take()).map(|e| ("SGF file", e)),
    ];
    for (what, e) in errors.into_iter().flatten() {
        eprintln!("renzoku referee: warning: the {what} could not be written completely: {e}");
    }
    if !config.auto_close {
        wait_for_enter("close");
    }
    Ok(ending)
}
