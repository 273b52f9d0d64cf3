//! Renzoku arena: the `renzoku match` runner, a drop-in replacement for c-gomoku-cli.
//!
//! Folders by layer, bottom up; a module imports only from its own layer or the ones below
//! (`tests/module_graph.rs` at the workspace root checks that no module, and no folder, imports
//! one that imports it back):
//!
//! | layer | what |
//! |---|---|
//! | [`statistics`] | trinomial/pentanomial counts, Elo ± error, SPRT, standings |
//! | [`config`] | the c-gomoku-cli command line as typed options, time controls, shards |
//! | [`engines`] | engine processes (process groups, deadlines), protocol, one engine, a pool |
//! | [`games`] | one game under renzoku-rules, its record, openings, output files, live view |
//! | [`run`] | the schedule, the runner (prepare, play, finish), journal, shards, merge |
//! | [`tuning`] | SPSA and `renzoku tune` |
//!
//! On top: [`cli`] (the `renzoku match` command line), [`demo`] (`renzoku match` alone) and
//! [`zoo`], the misbehaving test engines the end-to-end tests play against (binary
//! `zoo-engine`, or `renzoku zoo`).

pub mod cli;
pub mod config;
pub mod demo;
pub mod engines;
pub mod games;
pub mod run;
pub mod statistics;
pub mod tuning;
pub mod zoo;
