//! `pbrain-renzoku`: the Renzoku brain for Gomocup managers and Yixin-Board.
//!
//! With no arguments it speaks the protocol on stdin/stdout (see the library).
//! `pbrain-renzoku bench [depth]` runs the engine's fixed bench and prints `N nodes M nps`;
//! `pbrain-renzoku nets [FILE]...` shows the evaluation nets; `--eval-file PATH` loads one.

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "pbrain-renzoku",
    version,
    about = "Renzoku Gomoku/Renju brain (Gomocup protocol)"
)]
struct Args {
    /// Evaluation weights to use instead of the built-in ones (a `.rzn` file written by
    /// tuning/write_net.py); one per rule family, generic and renju. `INFO eval_file PATH`
    /// does the same during a session.
    #[arg(long = "eval-file", value_name = "PATH", global = true)]
    eval_file: Vec<std::path::PathBuf>,
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
    /// Show the evaluation nets in use, or check weights files and show what they hold.
    Nets {
        /// Weights files to check (none: the nets in use).
        files: Vec<std::path::PathBuf>,
    },
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    renzoku_brain::load_eval_files(&args.eval_file)?;
    match args.command {
        Some(Sub::Nets { files }) => renzoku_brain::show_nets(&files),
        Some(Sub::Bench { depth }) => {
            renzoku_brain::run_bench(depth);
            Ok(())
        }
        None => renzoku_brain::run_protocol(),
    }
}
