//! `pbrain-renzoku`: the Renzoku brain for Gomocup managers and Yixin-Board.
//!
//! With no arguments it speaks the protocol on stdin/stdout (a reader thread that always owns
//! stdin, a controller thread that owns the position and the engine, one writer for stdout).
//! `pbrain-renzoku bench [depth]` runs the engine's fixed bench and prints `N nodes M nps`.

mod balance;
mod controller;
mod extended;
mod flags;
mod openings;
mod output;
mod position;
mod reader;
mod settings;
mod think;
mod yxopening;

use std::sync::{Arc, Mutex};

use anyhow::Context;
use clap::{Parser, Subcommand};

use crate::controller::Controller;
use crate::flags::Flags;
use crate::output::Output;
use crate::reader::Reader;
use crate::settings::Settings;

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
    let args = Args::parse();
    if let Some(Sub::Bench { depth }) = args.command {
        let report = renzoku_engine::bench_with(depth.unwrap_or(renzoku_engine::BENCH_DEPTH));
        println!("{} nodes {} nps", report.nodes, report.nps);
        return Ok(());
    }
    let out = Output::new(Box::new(std::io::stdout()));
    let flags = Arc::new(Flags::default());
    let settings = Arc::new(Mutex::new(Settings::default()));
    let (tx, rx) = crossbeam_channel::unbounded();
    let controller = Controller::new(rx, Arc::clone(&flags), Arc::clone(&settings), out.clone());
    std::thread::Builder::new()
        .name("controller".into())
        .spawn(move || controller.run())
        .context("cannot start the controller thread")?;
    Reader::new(tx, flags, settings, out).run(std::io::stdin().lock())
}
