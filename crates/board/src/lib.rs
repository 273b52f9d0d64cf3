//! Renzoku board: `renzoku board` serves a page where a person plays and analyses Gomoku and
//! Renju in the browser against any Gomocup or Yixin brain named on the command line.
//!
//! * [`position`]: the rules side of the page (legal moves, renju forbidden points with their
//!   reason, results with the winning line), stateless, from renzoku-rules.
//! * [`records`]: games in and out (SGF with variations, PSQ, pos strings).
//! * `brain`: one brain process per open page, driven as Yixin-Board drives one (`start`
//!   before every board, `board`/`yxboard`, `yxnbest`, `yxstop`), its replies read with
//!   renzoku-protocol's parsers.
//! * [`server`]: the axum server, the per-tab sessions and their limit, the embedded page.
//!
//! Engine commands come only from [`BoardConfig`] (the command line): nothing a page sends
//! starts a program.

mod brain;
pub mod config;
pub mod position;
pub mod records;
mod request;
pub mod server;

pub use config::{BoardConfig, EngineSpec, parse_serve_addr};
pub use server::{BoardServer, serve};
