//! Renzoku engine: a Gomoku/Renju searcher for all five Gomocup rules, every board size from 5x5
//! to 32x32 (rectangular too) and walls.
//!
//! The brain owns one [`Engine`] (hash table and thread settings) and calls [`Engine::search`]
//! for every move with the current [`renzoku_rules::Board`] (its side to move is the side to
//! search for), the [`Rule`], the [`Limits`] of the move, a stop flag and a [`SearchObserver`]:
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use renzoku_engine::{Engine, EngineConfig, Limits, NullObserver};
//! use renzoku_rules::{Board, Point, Rule};
//!
//! let mut engine = Engine::new(EngineConfig { hash_bytes: 1 << 20, threads: 1 });
//! let mut board = Board::square(15).unwrap();
//! board.play(Point::new(7, 7)).unwrap();
//! let stop = AtomicBool::new(false);
//! let result = engine.search(&board, Rule::Freestyle, &Limits::depth(2), &stop, &mut NullObserver);
//! assert!(result.best_move.is_some());
//! ```
//!
//! The evaluation's weights are a versioned binary file per rule family (`eval/weights/*.rzn`,
//! built in); [`load_eval_file`] replaces a family's net at run time (the brain's
//! `INFO eval_file`).
//!
//! Inside: incremental line-pattern evaluation, threat-first move generation, a VCF solver at the
//! root and at the leaves, PVS alpha-beta with iterative deepening, aspiration windows, a shared
//! lockless transposition table, killer/history ordering, LMR, and Lazy SMP threads.

mod bench;
mod board;
mod engine;
mod eval;
mod observer;
mod pattern;
mod score;
mod search;
#[cfg(test)]
mod test_rng;
pub mod tuning;

#[doc(hidden)]
pub use search::params;

pub use bench::{BENCH_DEPTH, BenchReport, bench, bench_with};
pub use board::prepare::{is_prepared, prepare, prepare_all_in_background};
pub use engine::{Engine, EngineConfig, evaluate};
pub use eval::net::format::{Family as EvalFamily, FormatError as EvalFormatError};
pub use eval::net::{EvalFileError, NetInfo, eval_nets, load_eval_file, reset_eval};
pub use observer::{IterationInfo, NullObserver, RootMoveInfo, SearchObserver};
pub use renzoku_rules::{Board, Point, Rule};
pub use score::{Score, winrate_scale};
pub use search::hashfile::HashFileError;
pub use search::limits::{Limits, SearchMode};
pub use search::params::{Param, ParamSpec, Params};
pub use search::probe::{HashProbe, NodeBound, NodeInfo};
pub use search::result::SearchResult;
#[cfg(feature = "sample-evals")]
pub use search::sample::{sample_evals_every, take_eval_samples};
pub use search::timeman::TimeBudget;
