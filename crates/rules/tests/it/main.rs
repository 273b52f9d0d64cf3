//! The rules' integration tests: reference forbidden points, openings, invariants, diagrams.
//!
//! One test binary for the crate (each file of `tests/` its own binary would link the whole
//! crate graph once per file); `cargo test -p CRATE --test it MODULE::` runs one module.

mod forbidden_kind;
mod forbidden_reference;
mod openings;
mod properties;
mod rules_diagrams;
