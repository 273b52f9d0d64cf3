//! Renzoku live view: what `renzoku referee --serve` and `renzoku match --serve` show in a browser.
//!
//! Producers (the referee, the tournament runner) publish [`LiveEvent`]s to a [`LiveHub`] from
//! plain threads. The hub keeps the state a viewer needs when it connects late (games in
//! progress with all their moves, the latest engine reports, recently finished games, the
//! standings) and forwards every event to connected viewers without ever waiting for them.
//! [`message`] turns engines' `MESSAGE` lines into depth/eval/PV.

pub mod event;
pub mod hub;
pub mod message;
pub mod score;
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
