//! The live view's integration tests: the server over HTTP and the page in headless Chromium.
//!
//! One test binary for the crate (each file of `tests/` its own binary would link the whole
//! crate graph once per file); `cargo test -p CRATE --test it MODULE::` runs one module.

mod chromium;
mod common;

mod browser;
mod server;
