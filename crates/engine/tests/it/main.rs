//! The engine's integration tests: legality on random positions, limits and stops, tactics, and
//! the offline tuning scripts against the engine.
//!
//! One test binary for the crate (each file of `tests/` its own binary would link the whole
//! crate graph once per file); `cargo test -p renzoku-engine --test it MODULE::` runs one module.

mod common;

mod legality;
mod limits;
mod tactics;
mod tuning_pipeline;
