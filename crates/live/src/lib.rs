#![doc = include_str!("../README.md")]

pub mod event;
pub mod hub;
pub mod message;
pub mod page;
pub mod score;
pub mod serve_address;
pub mod server;
pub mod web;

pub use event::{
    EngineInfo, GameEnd, GameInfo, LiveEvent, MatchProgress, MoveEvent, Side, SprtProgress,
    StandingRow, Standings,
};
pub use hub::LiveHub;

pub use server::{LiveServer, serve};
pub use web::WebServer;
