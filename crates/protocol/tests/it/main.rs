//! The protocol's integration tests: commands, replies, malformed input, round trips.
//!
//! One test binary for the crate (each file of `tests/` its own binary would link the whole
//! crate graph once per file); `cargo test -p CRATE --test it MODULE::` runs one module.

mod commands;
mod malformed;
mod replies;
mod roundtrip;
