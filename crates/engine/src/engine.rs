//! The engine object the brain owns: hash table, thread count, and the search entry point.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use renzoku_rules::{Board, Point, Rule};

use crate::limits::Limits;
use crate::observer::SearchObserver;
use crate::score::Score;
use crate::search;
use crate::tt::TranspositionTable;

/// Engine settings.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EngineConfig {
    /// Size of the transposition table in bytes (rounded down to whole buckets, at least one).
    pub hash_bytes: usize,
    /// Search threads (Lazy SMP), at least 1.
    pub threads: usize,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig { hash_bytes: 64 << 20, threads: 1 }
    }
}

/// What a search found.
#[derive(Clone, PartialEq, Debug)]
pub struct SearchResult {
    /// The move to play: always a legal move when one exists (empty square, and not forbidden for
    /// black under renju), even when the search was stopped at once. `None` only when the side to
    /// move has no legal move at all.
    pub best_move: Option<Point>,
    pub score: Score,
    /// Deepest completed nominal depth (0 if no iteration completed).
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// Principal variation starting with `best_move`.
    pub pv: Vec<Point>,
    /// Estimated probability that the side to move wins.
    pub winrate: f64,
}

/// The searcher. Keeps the transposition table between moves.
#[derive(Debug)]
pub struct Engine {
    config: EngineConfig,
    tt: TranspositionTable,
}

/// Builds the pattern tables of `rule` now (they are otherwise built on first use, which takes
/// a fraction of a second per rule).
pub fn prepare(rule: Rule) {
    crate::pattern::own_table(rule, renzoku_rules::Color::Black);
    crate::pattern::own_table(rule, renzoku_rules::Color::White);
}

impl Engine {
    /// Creates the engine and starts building the pattern tables of every rule on a background
    /// thread, so the first move does not pay for them.
    pub fn new(config: EngineConfig) -> Engine {
        std::thread::spawn(|| {
            for rule in Rule::ALL {
                prepare(rule);
            }
        });
        Engine {
            config: EngineConfig { threads: config.threads.max(1), ..config },
            tt: TranspositionTable::new(config.hash_bytes),
        }
    }

    pub fn config(&self) -> EngineConfig {
        self.config
    }

    /// Resizes (and clears) the hash table.
    pub fn set_hash_bytes(&mut self, bytes: usize) {
        if bytes != self.config.hash_bytes {
            self.config.hash_bytes = bytes;
            self.tt = TranspositionTable::new(bytes);
        }
    }

    pub fn set_threads(&mut self, threads: usize) {
        self.config.threads = threads.max(1);
    }

    /// Forgets everything learnt (new game).
    pub fn clear_hash(&mut self) {
        self.tt.clear();
    }

    /// Hash table fill in permille (sampled).
    pub fn hash_usage(&self) -> u32 {
        self.tt.usage_permille()
    }

    /// Searches `board` for its side to move under `rule`.
    ///
    /// Returns when the limits are reached, when `stop` becomes true (checked every few hundred
    /// nodes; the answer then comes within milliseconds), or when the result is proven. Progress
    /// goes to `observer`, called from the calling thread only.
    pub fn search(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        stop: &AtomicBool,
        observer: &mut dyn SearchObserver,
    ) -> SearchResult {
        search::run(&self.tt, self.config.threads, board, rule, limits, stop, observer)
    }
}

/// Static evaluation of `board` for its side to move (no search; threats already on the board,
/// such as a five to complete, are reported as `Win`/`Loss`).
pub fn evaluate(board: &Board, rule: Rule) -> Score {
    search::static_score(board, rule)
}
