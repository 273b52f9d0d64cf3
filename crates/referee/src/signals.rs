//! SIGINT and SIGTERM during a game: the brains are killed and the referee exits with
//! `EXIT_ABORTED`; the game thread, which sees its brains die, waits for that exit instead of
//! judging the game.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::ending::EXIT_ABORTED;

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
pub(crate) fn watch() -> Result<(), String> {
    static INSTALLED: AtomicBool = AtomicBool::new(false);
    if INSTALLED.swap(true, Ordering::SeqCst) {
        return Ok(());
    }
    let flag = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(sig, Arc::clone(&flag))
            .map_err(|e| format!("cannot watch signals: {e}"))?;
    }
    std::thread::Builder::new()
        .name("referee-signals".into())
        .spawn(move || {
            loop {
                if flag.load(Ordering::SeqCst) {
                    // First, so that the game thread knows why its brains die.
                    INTERRUPTED.store(true, Ordering::SeqCst);
                    renzoku_arena::engines::process::kill_all();
                    eprintln!("renzoku referee: interrupted; the brains were killed");
                    std::process::exit(i32::from(EXIT_ABORTED));
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        })
        .map_err(|e| format!("cannot watch signals: {e}"))?;
    Ok(())
}
