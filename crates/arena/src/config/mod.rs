//! Configuration: the c-gomoku-cli command line parsed into typed [`options::Options`], with the
//! values it holds (time controls, shard specifications, the `-serve` address) and the frame
//! shared by the subcommands (`-h`, usage on a bad command line, exit codes).

pub mod options;
pub mod shard;
pub mod subcommand;
pub mod timecontrol;
