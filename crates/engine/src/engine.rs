//! The engine object the brain owns: hash table, thread count, and the search entry point.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use renzoku_rules::{Board, Rule};

use crate::board::prepare::{prepare, prepare_all_in_background};
use crate::observer::SearchObserver;
use crate::score::Score;
use crate::search::hashfile::{self, HashFileError};
use crate::search::limits::Limits;
use crate::search::probe::HashProbe;
use crate::search::result::SearchResult;
use crate::search::root;
use crate::search::tt::{HUGE_PAGE, TranspositionTable, hash_salt};

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

/// Tables from this size on are advised huge pages after their first search, where the engine
/// uses them ([`Engine::use_huge_pages`], [`TranspositionTable::advise_huge_pages`]).
const HUGE_PAGES_MIN_BYTES: usize = 32 << 20;

/// The pause before each 2 MiB region the huge-page thread merges (see
/// [`TranspositionTable::merge_huge_page`]): a 208 MiB table in about 5 s.
const HUGE_PAGE_MERGE_PAUSE: Duration = Duration::from_millis(20);

/// The searcher. Keeps the transposition table between moves.
#[derive(Debug)]
pub struct Engine {
    config: EngineConfig,
    /// Shared with the [`HashProbe`]s handed out (readers on other threads).
    tt: Arc<TranspositionTable>,
    /// Whether tables are advised huge pages after their first search (`use_huge_pages`).
    huge_pages: bool,
    /// Whether this table has been handed to the huge-page thread.
    huge_pages_asked: bool,
}

impl Engine {
    /// Creates the engine and starts building the pattern tables of every rule on a background
    /// thread (once per process), so the first move does not pay for them.
    pub fn new(config: EngineConfig) -> Engine {
        prepare_all_in_background();
        Engine {
            config: EngineConfig { threads: config.threads.max(1), ..config },
            tt: Arc::new(TranspositionTable::new(config.hash_bytes)),
            huge_pages: false,
            huge_pages_asked: false,
        }
    }

    /// Backs the hash table with transparent huge pages after its first search (Linux; see
    /// [`TranspositionTable::advise_huge_pages`] and
    /// [`TranspositionTable::merge_huge_page`]), from a background thread. Off by
    /// default; the brain turns it on for turns of a second or more, where a long-lived
    /// engine's searches gain its speed; a short-lived user of a few timed searches
    /// (`renzoku analyze`) would pay for the merge and gain little.
    pub fn use_huge_pages(&mut self, on: bool) {
        self.huge_pages = on;
    }

    pub fn config(&self) -> EngineConfig {
        self.config
    }

    /// Resizes (and clears) the hash table.
    pub fn set_hash_bytes(&mut self, bytes: usize) {
        if bytes != self.config.hash_bytes {
            self.config.hash_bytes = bytes;
            self.tt = Arc::new(TranspositionTable::new(bytes));
            self.huge_pages_asked = false;
        }
    }

    pub fn set_threads(&mut self, threads: usize) {
        self.config.threads = threads.max(1);
    }

    /// A read-only handle on the hash table for another thread, usable while this engine
    /// searches (see [`HashProbe`]). A resize replaces the table: take a new handle after
    /// [`Engine::set_hash_bytes`].
    pub fn hash_probe(&self) -> HashProbe {
        HashProbe { tt: Arc::clone(&self.tt) }
    }

    /// Forgets everything learnt (new game).
    pub fn clear_hash(&mut self) {
        self.tt.clear();
    }

    /// Hash table fill in permille (sampled; entries of any earlier search count).
    pub fn hash_usage(&self) -> u32 {
        self.tt.fill_permille()
    }

    /// Writes the hash table to `path` in Renzoku's hash file format (versioned, checksummed;
    /// see `hashfile.rs`). Returns the number of entries written.
    pub fn dump_hash(&self, path: &Path) -> Result<u64, HashFileError> {
        hashfile::dump(&self.tt, path)
    }

    /// Replaces the hash table's content by the file at `path`, which is read and checked
    /// completely first: on any error (unreadable, foreign, other version, truncated, corrupt)
    /// the table is left exactly as it was. Entries written by a table of another size are
    /// re-inserted into this one (its size, and so the memory limit, is kept). Returns the
    /// number of entries read.
    pub fn load_hash(&mut self, path: &Path) -> Result<u64, HashFileError> {
        hashfile::load(&self.tt, path)
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
        prepare(rule);
        self.tt.set_salt(hash_salt(board, rule));
        let result = root::run(&self.tt, self.config.threads, board, rule, limits, stop, observer);
        // After the table's first search (not before: see `advise_huge_pages`), the table is
        // advised huge pages and merged into them from a background thread, after the answer
        // and off the searches' path (small tables are covered by the TLB anyway).
        if self.huge_pages && !self.huge_pages_asked && self.tt.bytes() >= HUGE_PAGES_MIN_BYTES {
            self.huge_pages_asked = true;
            // The thread holds the table only while merging a region: a table replaced
            // meanwhile (another size) is freed, not merged. Without a thread the table simply
            // keeps its small pages.
            let table = Arc::downgrade(&self.tt);
            let _ = std::thread::Builder::new().name("hash-pages".into()).spawn(move || {
                let Some(range) = table.upgrade().and_then(|tt| tt.advise_huge_pages()) else {
                    return;
                };
                for region in range.step_by(HUGE_PAGE) {
                    std::thread::sleep(HUGE_PAGE_MERGE_PAUSE);
                    let Some(tt) = table.upgrade() else { return };
                    tt.merge_huge_page(region);
                }
            });
        }
        result
    }
}

/// Static evaluation of `board` for its side to move (no search; threats already on the board,
/// such as a five to complete, are reported as `Win`/`Loss`).
pub fn evaluate(board: &Board, rule: Rule) -> Score {
    root::static_score(board, rule)
}
