//! The board's integration tests: records read and written, the server over HTTP.
//!
//! One test binary for the crate (each file of `tests/` its own binary would link the whole
//! crate graph once per file); `cargo test -p CRATE --test it MODULE::` runs one module.

mod records;
mod server;
