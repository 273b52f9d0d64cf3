//! The brain's integration tests: transcripts of every dialect against the built pbrain-renzoku.
//!
//! One test binary for the crate (each file of `tests/` its own binary would link the whole
//! crate graph once per file); `cargo test -p CRATE --test it MODULE::` runs one module.

mod common;

mod cli;
mod eval_file;
mod extended;
mod games;
mod gomocup;
mod hashfile;
mod lifecycle;
mod openings;
mod robustness;
mod search_messages;
mod yixin;
mod yixin_modes;
mod yixin_options;
mod yixin_session;
