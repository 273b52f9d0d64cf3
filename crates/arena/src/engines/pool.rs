//! The engine processes of one worker, kept from game to game as c-gomoku-cli and fastchess do.
//!
//! A worker holds at most the two engines of its current game. Before each game a kept process
//! gets `START` again (c-gomoku-cli's new-game handshake; every brain built on pisqpipe, and
//! Rapfi, AIWine, PentaZen and pbrain-renzoku, reset their board on it). A process is replaced
//! by a fresh one when it crashed, hung, answered late, misbehaved in any way, or did not answer
//! the new `START` with `OK`; a broken process is killed as soon as its game ends and is never
//! carried into the next game. Processes not needed by the next game get `END`, a short grace,
//! and are killed with their whole process group.

use std::time::{Duration, Instant};

use renzoku_rules::Rule;

use crate::config::options::EngineOptions;
use crate::engines::engine::{Engine, Fault, Settings};
use crate::engines::logger::Logger;
use crate::engines::process::Spawn;

/// What the pool needs to start engine `e` and open a game with it; each list is indexed by
/// the engine's position on the command line.
#[derive(Clone, Copy, Debug)]
pub struct Launch<'a> {
    pub spawns: &'a [Spawn],
    pub names: &'a [String],
    pub engines: &'a [EngineOptions],
    pub board_size: u8,
    pub rule: Rule,
    pub settings: Settings,
    pub log: Option<&'a Logger>,
}

/// One worker's engines, indexed by the engine's position on the command line.
#[derive(Debug)]
pub struct EnginePool {
    slots: Vec<Option<Engine>>,
    /// Processes started (first starts and restarts).
    launches: u64,
}

impl EnginePool {
    pub fn new(engines: usize) -> EnginePool {
        EnginePool { slots: (0..engines).map(|_| None).collect(), launches: 0 }
    }

    /// Processes started so far by this pool.
    pub fn launches(&self) -> u64 {
        self.launches
    }

    pub fn get_mut(&mut self, e: usize) -> Option<&mut Engine> {
        self.slots.get_mut(e).and_then(Option::as_mut)
    }

    /// Takes engine `e` out of the pool (the caller kills or finishes it).
    pub fn take(&mut self, e: usize) -> Option<Engine> {
        self.slots.get_mut(e).and_then(Option::take)
    }

    /// Ends (`END`, a grace of at most `grace`, then kill) every engine not in `keep`.
    pub fn keep_only(&mut self, keep: &[usize], grace: Duration) {
        let leaving: Vec<Engine> = self
            .slots
            .iter_mut()
            .enumerate()
            .filter(|(i, _)| !keep.contains(i))
            .filter_map(|(_, s)| s.take())
            .collect();
        finish_all(leaving, grace);
    }

    /// Makes engine `e` ready for a new game: the kept process if it answers `START`, else a
    /// fresh one. A failure of the fresh process is the engine's fault for this game.
    pub fn ready(&mut self, e: usize, launch: &Launch<'_>) -> Result<(), Fault> {
        if let Some(mut kept) = self.take(e) {
            if kept.is_reusable() {
                kept.set_options(&launch.engines[e]);
                match kept.start_game(launch.board_size, launch.rule) {
                    Ok(()) => {
                        self.slots[e] = Some(kept);
                        return Ok(());
                    }
                    Err(f) => {
                        if launch.settings.debug {
                            println!("{}: restarting the engine ({})", kept.name, f.detail);
                        }
                        kept.kill();
                    }
                }
            } else {
                kept.kill();
            }
        }
        self.launches += 1;
        let mut fresh = Engine::launch(
            &launch.spawns[e],
            &launch.names[e],
            &launch.engines[e],
            launch.settings,
            launch.log.cloned(),
        )?;
        match fresh.start_game(launch.board_size, launch.rule) {
            Ok(()) => {
                self.slots[e] = Some(fresh);
                Ok(())
            }
            Err(f) => {
                fresh.kill();
                Err(f)
            }
        }
    }

    /// After a game: kills every process that misbehaved in it.
    pub fn drop_broken(&mut self) {
        for slot in &mut self.slots {
            if slot.as_ref().is_some_and(Engine::is_broken)
                && let Some(e) = slot.take()
            {
                e.kill();
            }
        }
    }

    /// Ends every engine (`END`, a grace of at most `grace`, then kill).
    pub fn shutdown(mut self, grace: Duration) {
        self.keep_only(&[], grace);
    }
}

/// Sends `END` to all, waits until all have exited or `grace` has passed, then kills every
/// process group and reaps it.
pub fn finish_all(mut engines: Vec<Engine>, grace: Duration) {
    let until = Instant::now() + grace;
    for e in &mut engines {
        e.send_end();
    }
    for e in engines {
        e.finish(until);
    }
}
