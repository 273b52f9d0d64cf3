//! Renzoku referee: one game between two brains (or a brain and a person at the terminal), as
//! liskvork and Piskvork's batch mode referee it, with GomocupJudge's enforcement.
//!
//! Layers: [`config`] (the schema; TOML through serde, liskvork INI through [`ini`]),
//! [`clock`] (turn and match clocks, Fischer increment, tolerance), [`memory`] (resident memory
//! of a brain's whole process tree), [`brain`] (one brain's dialogue over renzoku-arena's
//! process layer), [`human`] (moves typed at the terminal), [`opening_rule`] (swap1st, swap,
//! swap2 played with the AlphaGomoku opening commands), [`game`] (the game itself), and the
//! observers of its [`event`]s: [`replay`] (the replay file and its viewer), [`records`]
//! (console, SGF, board log) and [`live`] (renzoku-live's events for the web view).

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
pub mod records;
pub mod replay;

use std::io::BufRead;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use renzoku_arena::logger::Logger;

pub use config::{Config, ConfigError, RawConfig};
pub use ending::{EXIT_ABORTED, EXIT_CONFIG, EXIT_RUN, EndReason, Ending};

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

/// Set by the signal watcher before it kills the brains.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// After an interrupt the brains die because the referee killed them, not because they
/// failed: a game thread that sees them die must neither judge the game (a false "crashed"
/// result in the records) nor exit with its code. `game::play` reports every ending through
/// `emit_end`, which waits here for the watcher's exit.
pub(crate) fn hold_if_interrupted() {
    while INTERRUPTED.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// On SIGINT or SIGTERM: every brain's process group is killed and the process exits with
/// [`EXIT_ABORTED`] (the replay keeps every stone played so far).
fn watch_signals() -> Result<(), RunError> {
    static INSTALLED: AtomicBool = AtomicBool::new(false);
    if INSTALLED.swap(true, Ordering::SeqCst) {
        return Ok(());
    }
    let flag = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(sig, Arc::clone(&flag))
            .map_err(|e| RunError(format!("cannot watch signals: {e}")))?;
    }
    std::thread::Builder::new()
        .name("referee-signals".into())
        .spawn(move || {
            loop {
                if flag.load(Ordering::SeqCst) {
                    // First, so that the game thread knows why its brains die.
                    INTERRUPTED.store(true, Ordering::SeqCst);
                    renzoku_arena::process::kill_all();
                    eprintln!("renzoku referee: interrupted; the brains were killed");
                    std::process::exit(i32::from(EXIT_ABORTED));
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        })
        .map_err(|e| RunError(format!("cannot watch signals: {e}")))?;
    Ok(())
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
    watch_signals()?;
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
