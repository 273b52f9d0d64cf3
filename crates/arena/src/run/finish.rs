//! The last phase of a run: the output files closed, the report and its verdict, the SPRT's
//! decision (over all shards with `-shard`), and the exit code.

use std::sync::atomic::Ordering;

use crate::run::play::Played;
use crate::run::prepare::{Results, Setup};
use crate::statistics::sprt::Decision;

/// Exit code after Ctrl-C / SIGTERM.
pub const EXIT_INTERRUPTED: i32 = 130;

/// Prints the closing block and returns the exit code of the run.
pub fn finish(setup: &Setup, mut results: Results, played: Played) -> i32 {
    let Played { mut fatal, interrupted, stopped_by_peer } = played;
    let o = &setup.options;
    let names = &setup.names;
    let standings = &results.standings;
    results.progress.finish();
    if let Err(e) = results.outputs.finish() {
        fatal.get_or_insert(format!("cannot finish output: {e}"));
    }
    print!("{}", standings.report(names, o.sprt.as_ref()));
    println!("{}", standings.verdict(names, standings.finished == setup.games));
    let decision = match &mut results.peers {
        Some(p) => {
            if let Err(e) = p.poll() {
                fatal.get_or_insert(e);
            }
            println!("All shards so far ({} games):", p.merged.finished);
            print!("{}", p.merged.report(names, o.sprt.as_ref()));
            p.decision(o)
        }
        None => standings.sprt_decision(o.sprt.as_ref()),
    };
    match decision {
        Decision::AcceptH0 => println!("SPRT: H0 accepted, the run stops."),
        Decision::AcceptH1 => println!("SPRT: H1 accepted, the run stops."),
        Decision::Continue if stopped_by_peer => {
            println!("SPRT: decided by another shard (see the decision file), this shard stops.");
        }
        Decision::Continue => {}
    }
    if let Some(m) = fatal {
        eprintln!("fatal error: {m}");
        1
    } else if interrupted.load(Ordering::SeqCst) {
        eprintln!(
            "interrupted: {} of {} games finished; run again with -resume to play the rest",
            standings.finished, setup.games
        );
        EXIT_INTERRUPTED
    } else {
        0
    }
}
