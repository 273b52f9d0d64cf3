//! The arena's integration tests: whole matches against the zoo engines, faults, reuse, shards, tuning.
//!
//! One test binary for the crate (each file of `tests/` its own binary would link the whole
//! crate graph once per file); `cargo test -p CRATE --test it MODULE::` runs one module.

mod common;

mod faults;
mod reuse;
mod runs;
mod shards;
mod tune;

/// The child runner: the end-to-end tests re-execute this binary with `child_runner --exact`
/// and the match arguments in the environment (see `common::spawn_match`).
#[test]
fn child_runner() {
    common::child_main();
}
