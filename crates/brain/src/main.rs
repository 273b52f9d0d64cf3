//! `pbrain-renzoku`: the Renzoku brain for Gomocup managers and Yixin-Board.
//!
//! With no arguments it speaks the protocol on stdin/stdout (see the library).
//! `pbrain-renzoku bench [depth]` runs the engine's fixed bench and prints `N nodes M nps`.

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "pbrain-renzoku",
    version,
    about = "Renzoku Gomoku/Renju brain (Gomocup protocol)"
)]
struct Args {
    #[command(subcommand)]
    command: Option<Sub>,
}

#[derive(Subcommand, Debug)]
enum Sub {
    /// Search the engine's bench positions at a fixed depth; prints `N nodes M nps`.
    Bench {
        /// Search depth (default: the engine's bench depth).
        depth: Option<u32>,
    },
}

fn main() -> anyhow::Result<()> {
    match Args::parse().command {
        Some(Sub::Bench { depth }) => {
            renzoku_brain::run_bench(depth);
            Ok(())
        }
        None => renzoku_brain::run_protocol(),
    }
}
