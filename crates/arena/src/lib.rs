//! Renzoku arena: the `renzoku match` runner, a drop-in replacement for c-gomoku-cli.
//!
//! Layers, bottom up: [`process`] (engine processes in their own process groups, stdout read
//! with `poll` and deadlines, bounded lines), [`protocol`] (the only place that formats commands
//! and parses replies), [`engine`] (one engine's side of the Gomocup dialogue with deadlines and
//! the hang timeout), [`pool`] (a worker's engine processes, kept from game to game and replaced
//! after a fault), [`game`] (one game under the rules of renzoku-rules), [`schedule`] (the
//! deterministic list of games), [`runner`] (workers, results, outputs rebuilt from the
//! [`journal`] on resume, statistics and standings, signals, panics), [`affinity`] (per-worker
//! CPU binding), [`live`] (`-serve`: the run on a web page) and [`cli`] (the c-gomoku-cli
//! command line). [`zoo`] is the set of misbehaving test engines the end-to-end tests play
//! against (binary `zoo-engine`, or `renzoku zoo`).

pub mod affinity;
pub mod cli;
pub mod command_check;
pub mod demo;
pub mod engine;
pub mod game;
pub mod journal;
pub mod live;
pub mod logger;
pub mod matchinfo;
pub mod merge;
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
pub mod shard;
pub mod shardpeers;
pub mod sprt;
pub mod spsa;
pub mod stats;
pub mod timecontrol;
pub mod tune;
pub mod zoo;
