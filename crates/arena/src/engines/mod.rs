//! Engine processes and their protocol: a command line split into words, the process in its
//! own process group with deadlines on its output ([`process`]), the only place that formats
//! commands and parses replies ([`protocol`]), one engine's side of the Gomocup dialogue
//! ([`engine`]), a worker's engines kept from game to game ([`pool`]), and the logs.

pub mod command;
pub mod command_check;
pub mod engine;
pub mod logger;
pub mod pool;
pub mod process;
pub mod protocol;
