//! End-to-end tests of the `renzoku` binary, and the module graphs of the crates.
//!
//! One test binary for the crate (each file of `tests/` its own binary would link the whole
//! crate graph once per file); `cargo test -p CRATE --test it MODULE::` runs one module.

// The live view's test helpers (an HTTP client, the headless Chromium wrapper), shared with
// renzoku-live's own tests.
#[path = "../../crates/live/tests/it/chromium/mod.rs"]
mod chromium;
#[path = "../../crates/live/tests/it/common/mod.rs"]
mod common;

mod analyze;
mod board_browser;
mod board_cli;
mod board_openings;
mod help;
mod match_serve;
mod module_graph;
mod referee;
mod rules_forbid_cli;
mod slurm;

use std::sync::{Condvar, Mutex, PoisonError};

/// Which module's tests are running, and how many of them.
static TURN: (Mutex<(Option<&'static str>, usize)>, Condvar) =
    (Mutex::new((None, 0)), Condvar::new());

/// Holds the turn of one module's tests until dropped.
#[derive(Debug)]
pub struct ModuleTurn;

/// Waits until no test of another module runs, then lets this one run. The modules that call
/// it (whole games with time limits, searches for a time per position, a Slurm job array) ran
/// as test binaries of their own, one after the other: their tests may run together, but not
/// beside another module's, whose load would eat into their clocks.
pub fn module_turn(module: &'static str) -> ModuleTurn {
    let (lock, turns) = &TURN;
    let mut state = lock.lock().unwrap_or_else(PoisonError::into_inner);
    while state.0.is_some_and(|running| running != module) {
        state = turns.wait(state).unwrap_or_else(PoisonError::into_inner);
    }
    *state = (Some(module), state.1 + 1);
    ModuleTurn
}

impl Drop for ModuleTurn {
    fn drop(&mut self) {
        let (lock, turns) = &TURN;
        let mut state = lock.lock().unwrap_or_else(PoisonError::into_inner);
        state.1 -= 1;
        if state.1 == 0 {
            state.0 = None;
            turns.notify_all();
        }
    }
}
