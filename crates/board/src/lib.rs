#![doc = include_str!("../README.md")]

mod brain;
pub mod config;
pub mod opening;
pub mod position;
pub mod records;
mod request;
pub mod server;

pub use config::{BoardConfig, EngineSpec, parse_serve_addr};
pub use server::{BoardServer, serve};
