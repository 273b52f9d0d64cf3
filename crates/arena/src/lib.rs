//! Renzoku arena: the `renzoku match` runner, a drop-in replacement for c-gomoku-cli.
//!
//! Layers, bottom up: [`process`] (engine processes in their own process groups, bounded line
//! readers), [`protocol`] (the only place that formats commands and parses replies), [`engine`]
//! (one engine's side of the Gomocup dialogue with deadlines), [`game`] (one game under the
//! rules of renzoku-rules), [`schedule`] (the deterministic list of games), [`runner`] (workers,
//! results, outputs, statistics, resume) and [`cli`] (the c-gomoku-cli command line).

pub mod affinity;
pub mod cli;
pub mod demo;
pub mod engine;
pub mod game;
pub mod journal;
pub mod logger;
pub mod openings;
pub mod options;
pub mod output;
pub mod pool;
pub mod process;
pub mod progress;
pub mod protocol;
pub mod record;
pub mod rng;
pub mod runner;
pub mod schedule;
pub mod sprt;
pub mod stats;
pub mod timecontrol;
