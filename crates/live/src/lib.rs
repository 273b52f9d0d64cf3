#![doc = include_str!("../README.md")]

pub mod event;
pub mod hub;
pub mod message;
pub mod score;
pub mod serve_address;
pub mod server;

pub use event::{
    EngineInfo, GameEnd, GameInfo, LiveEvent, MatchProgress, MoveEvent, Side, SprtProgress,
    StandingRow, Standings,
};
pub use hub::LiveHub;

/// The live view's graph drawing code (plain JavaScript: `drawEvalGraph` and the match graphs),
/// for other pages that draw the same evaluation graph (`renzoku board`).
pub const GRAPHS_JS: &str = include_str!("page/graphs.js");
pub use server::{LiveServer, serve};
