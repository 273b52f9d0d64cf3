//! The run of a match in three phases: [`prepare`](crate::run::prepare) (schedule, names,
//! outputs rebuilt from the journal), [`play`](crate::run::play) (the workers, each result
//! counted as it comes) and [`finish`](crate::run::finish) (the report and the exit code).

use crate::config::options::Options;
use crate::engines::process;
use crate::games::game::Observer;
use crate::run::{finish, play, prepare};

/// Runs the match; returns the exit code.
pub fn run(given: &Options, observer: Option<Observer<'_>>) -> Result<i32, String> {
    let Some(mut prepared) = prepare::prepare(given)? else {
        // Another shard's SPRT decision already stopped the match.
        return Ok(0);
    };
    let _last_resort = KillOnDrop;
    let played = play::play(&mut prepared, observer)?;
    Ok(finish::finish(&prepared.setup, prepared.results, played))
}

/// Kills every engine process group still registered (the last line of defence when the
/// runner unwinds).
struct KillOnDrop;

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        process::kill_all();
    }
}
